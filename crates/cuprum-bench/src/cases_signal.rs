//! The `signal` suite: cuprum-signal against CuPy (GPU) and SciPy (CPU), the rows of
//! issue 40's performance targets.

use crate::cases::Case;

pub fn signal(full: bool) -> Vec<Case> {
    let _ = full;
    Vec::new()
}
