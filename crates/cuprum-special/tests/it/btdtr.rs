//! `btdtr` and `btdtri` (CuPy's names; SciPy 1.17 computes them as `betainc` and `betaincinv`)
//! against SciPy 1.17.1 on every device, float64 and float32 (grids computed with python3; the
//! SciPy call above each). The float32 references are the float64 loop's values at the
//! float32-rounded columns, rounded to float32, as CuPy computes them (SciPy's own float32 loop
//! computes in single precision through Boost).

use super::grid::{Grid, check_grids};
use cuprum_special as sp;

#[test]
fn btdtr_and_btdtri_grids() {
    // (group, argument columns, float64 (rtol, atol), float32 (rtol, atol), function)
    #[rustfmt::skip]
    let gs: [Grid; 2] = [
        ("btdtr_grid", &["a", "b", "x"], (1e-13, 1e-300), (2e-6, 1e-37), |a| sp::btdtr(a[0], a[1], a[2])),
        ("btdtri_grid", &["a", "b", "x"], (1e-12, 1e-300), (2e-6, 1e-37), |a| sp::btdtri(a[0], a[1], a[2])),
    ];
    check_grids("btdtr", &gs);
}
