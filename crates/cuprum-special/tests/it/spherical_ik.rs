//! `spherical_in` and `spherical_kn` (and their derivatives) against SciPy 1.17.1 on every device,
//! float64 and float32 (grids computed with python3; in `tests/data/spherical_ik.txt`, the SciPy
//! call above each section).

use super::grid::{Grid, check_grids};
use cuprum_special as sp;

#[test]
fn spherical_in_and_kn_grids() {
    // (group, argument columns, float64 (rtol, atol), float32 (rtol, atol), function)
    #[rustfmt::skip]
    let gs: [Grid; 4] = [
        ("spherical_in_grid", &["n", "z"], (4e-15, 1e-300), (2e-7, 1e-37), |a| sp::spherical_in(a[0], a[1], false)),
        ("spherical_in_d_grid", &["n", "z"], (4e-15, 1e-300), (2e-7, 1e-37), |a| sp::spherical_in(a[0], a[1], true)),
        ("spherical_kn_grid", &["n", "z"], (4e-14, 1e-300), (2e-7, 1e-37), |a| sp::spherical_kn(a[0], a[1], false)),
        ("spherical_kn_d_grid", &["n", "z"], (4e-14, 1e-300), (2e-7, 1e-37), |a| sp::spherical_kn(a[0], a[1], true)),
    ];
    check_grids("spherical_ik", &gs);
}
