//! `btdtr` and `btdtri` (CuPy's names; SciPy 1.17 computes them as `betainc` and `betaincinv`)
//! against SciPy 1.17.1 on every device, float64 and float32 (grids computed with python3; the
//! SciPy call above each). The float32 references are the float64 loop's values at the
//! float32-rounded columns, rounded to float32, as CuPy computes them (SciPy's own float32 loop
//! computes in single precision through Boost).

use super::grid::{check_outs, columns};
use cuprum_core::DType;
use cuprum_special as sp;

#[test]
fn btdtr_grid() {
    let [a, b, x, want, want32] = columns("btdtr", "btdtr_grid", ["a", "b", "x", "want", "want32"]);
    check_outs(
        &[&a, &b, &x],
        &[&want],
        DType::Float64,
        1e-13,
        1e-300,
        |v| Ok(vec![sp::btdtr(v[0], v[1], v[2])?]),
    );
    check_outs(
        &[&a, &b, &x],
        &[&want32],
        DType::Float32,
        2e-6,
        1e-37,
        |v| Ok(vec![sp::btdtr(v[0], v[1], v[2])?]),
    );
}

#[test]
fn btdtri_grid() {
    let [a, b, x, want, want32] =
        columns("btdtr", "btdtri_grid", ["a", "b", "x", "want", "want32"]);
    check_outs(
        &[&a, &b, &x],
        &[&want],
        DType::Float64,
        1e-12,
        1e-300,
        |v| Ok(vec![sp::btdtri(v[0], v[1], v[2])?]),
    );
    check_outs(
        &[&a, &b, &x],
        &[&want32],
        DType::Float32,
        2e-6,
        1e-37,
        |v| Ok(vec![sp::btdtri(v[0], v[1], v[2])?]),
    );
}
