//! The `special` suite: cuprum-special against CuPy (GPU) and SciPy (CPU), the rows of
//! issue 42's performance targets.

use crate::cases::Case;

pub fn special(full: bool) -> Vec<Case> {
    let _ = full;
    Vec::new()
}
