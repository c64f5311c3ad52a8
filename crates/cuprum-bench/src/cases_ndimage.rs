//! The `ndimage` suite: cuprum-ndimage against CuPy (GPU) and SciPy (CPU), the rows of
//! issue 41's performance targets.

use crate::cases::Case;

pub fn ndimage(full: bool) -> Vec<Case> {
    let _ = full;
    Vec::new()
}
