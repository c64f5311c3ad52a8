//! `ive` and `kve` against SciPy 1.17.1 on every device, float64 and float32 (grids computed
//! with python3; in `tests/data/bessel_scaled.txt`, the SciPy call above each section).

use super::grid::{Grid, check_grids};
use cuprum_special as sp;

#[test]
fn ive_and_kve_grids() {
    // (group, argument columns, float64 (rtol, atol), float32 (rtol, atol), function)
    #[rustfmt::skip]
    let gs: [Grid; 2] = [
        ("ive_grid", &["v", "x"], (2e-13, 1e-300), (2e-06, 1e-37), |a| sp::ive(a[0], a[1])),
        ("kve_grid", &["v", "x"], (2e-13, 1e-300), (2e-06, 1e-37), |a| sp::kve(a[0], a[1])),
    ];
    check_grids("bessel_scaled", &gs);
}
