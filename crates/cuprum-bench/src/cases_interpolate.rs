//! The `interpolate` suite: cuprum-interpolate against CuPy (GPU) and SciPy (CPU), the rows of
//! issue 43's performance targets.

use crate::cases::Case;

pub fn interpolate(full: bool) -> Vec<Case> {
    let _ = full;
    Vec::new()
}
