//! `dawsn` and `erfi` against SciPy 1.17.1 on every device, float64 and float32 (grids computed
//! with python3; in `tests/data/dawson.txt`, the SciPy call above each section).

use super::grid::{check_outs, columns};
use cuprum_core::DType;
use cuprum_special as sp;

#[test]
fn dawsn_grid() {
    let [x, want, want32] = columns("dawson", "dawsn_grid", ["x", "want", "want32"]);
    check_outs(&[&x], &[&want], DType::Float64, 1e-15, 0.0, |a| {
        Ok(vec![sp::dawsn(a[0])?])
    });
    check_outs(&[&x], &[&want32], DType::Float32, 2e-7, 1e-45, |a| {
        Ok(vec![sp::dawsn(a[0])?])
    });
}

#[test]
fn erfi_grid() {
    let [x, want, want32] = columns("dawson", "erfi_grid", ["x", "want", "want32"]);
    check_outs(&[&x], &[&want], DType::Float64, 1e-15, 0.0, |a| {
        Ok(vec![sp::erfi(a[0])?])
    });
    check_outs(&[&x], &[&want32], DType::Float32, 2e-7, 1e-45, |a| {
        Ok(vec![sp::erfi(a[0])?])
    });
}
