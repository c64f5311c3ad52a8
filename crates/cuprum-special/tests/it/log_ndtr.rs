//! `log_ndtr` against SciPy 1.17.1 on every device, float64 and float32 (grids computed with
//! python3; in `tests/data/log_ndtr.txt`, the SciPy call above each section).

use super::grid::{check_outs, columns};
use cuprum_core::DType;
use cuprum_special as sp;

#[test]
fn log_ndtr_grid() {
    let [x, want, want32] = columns("log_ndtr", "log_ndtr_grid", ["x", "want", "want32"]);
    check_outs(&[&x], &[&want], DType::Float64, 1e-15, 0.0, |a| {
        Ok(vec![sp::log_ndtr(a[0])?])
    });
    check_outs(&[&x], &[&want32], DType::Float32, 2e-7, 1e-45, |a| {
        Ok(vec![sp::log_ndtr(a[0])?])
    });
}
