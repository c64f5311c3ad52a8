//! `ive` and `kve` against SciPy 1.17.1 on every device, float64 and float32 (grids computed
//! with python3; in `tests/data/bessel_scaled.txt`, the SciPy call above each section).

use super::grid::{check_outs, columns};
use cuprum_core::DType;
use cuprum_special as sp;

#[test]
fn ive_grid() {
    let [v, x, want, want32] = columns("bessel_scaled", "ive_grid", ["v", "x", "want", "want32"]);
    check_outs(&[&v, &x], &[&want], DType::Float64, 2e-13, 1e-300, |a| {
        Ok(vec![sp::ive(a[0], a[1])?])
    });
    check_outs(&[&v, &x], &[&want32], DType::Float32, 2e-06, 1e-37, |a| {
        Ok(vec![sp::ive(a[0], a[1])?])
    });
}

#[test]
fn kve_grid() {
    let [v, x, want, want32] = columns("bessel_scaled", "kve_grid", ["v", "x", "want", "want32"]);
    check_outs(&[&v, &x], &[&want], DType::Float64, 2e-13, 1e-300, |a| {
        Ok(vec![sp::kve(a[0], a[1])?])
    });
    check_outs(&[&v, &x], &[&want32], DType::Float32, 2e-06, 1e-37, |a| {
        Ok(vec![sp::kve(a[0], a[1])?])
    });
}
