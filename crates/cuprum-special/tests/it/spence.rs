//! `spence` against SciPy 1.17.1 on every device, float64 and float32 (a grid computed with
//! python3; in `tests/data/spence.txt`, written by `tests/data/spence.py`: dense on [0, 3],
//! geometric to 1e6, tiny and huge arguments, the switch points 0.5, 1, 1.5, 2, negative
//! arguments, infinities and NaN).

use super::grid::{Grid, check_grids};
use cuprum_special as sp;

#[test]
fn spence_grid() {
    // (group, argument columns, float64 (rtol, atol), float32 (rtol, atol), function)
    #[rustfmt::skip]
    let gs: [Grid; 1] = [
        ("spence_grid", &["x"], (1e-15, 0.0), (2e-7, 1e-45), |a| sp::spence(a[0])),
    ];
    check_grids("spence", &gs);
}
