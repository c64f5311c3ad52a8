//! `log_ndtr` against SciPy 1.17.1 on every device, float64 and float32 (grids computed with
//! python3; in `tests/data/log_ndtr.txt`, the SciPy call above each section).

use super::grid::{Grid, check_grids};
use cuprum_special as sp;

#[test]
fn log_ndtr_grid() {
    // (group, argument columns, float64 (rtol, atol), float32 (rtol, atol), function)
    #[rustfmt::skip]
    let gs: [Grid; 1] = [
        ("log_ndtr_grid", &["x"], (1e-15, 0.0), (2e-7, 1e-45), |a| sp::log_ndtr(a[0])),
    ];
    check_grids("log_ndtr", &gs);
}
