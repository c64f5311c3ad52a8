//! `dawsn` and `erfi` against SciPy 1.17.1 on every device, float64 and float32 (grids computed
//! with python3; in `tests/data/dawson.txt`, the SciPy call above each section).

use super::grid::{Grid, check_grids};
use cuprum_special as sp;

#[test]
fn dawsn_and_erfi_grids() {
    // (group, argument columns, float64 (rtol, atol), float32 (rtol, atol), function)
    #[rustfmt::skip]
    let gs: [Grid; 2] = [
        ("dawsn_grid", &["x"], (1e-15, 0.0), (2e-7, 1e-45), |a| sp::dawsn(a[0])),
        ("erfi_grid", &["x"], (1e-15, 0.0), (2e-7, 1e-45), |a| sp::erfi(a[0])),
    ];
    check_grids("dawson", &gs);
}
