//! Matrix files: Matrix Market ([`mmread`], [`mmwrite`], [`mminfo`]) and Harwell-Boeing
//! ([`hb_read`], [`hb_write`]), with SciPy's names (`scipy.io.mmread`, `scipy.io.hb_read`, ...).
//!
//! Readers return plain parts ([`Coo`](crate::parts::Coo) on a chosen device, or a dense
//! [`Array`](cuprum_core::Array) for Matrix Market's array format); the format types wrap them.
//! A malformed file is a [`SparseError::Io`] naming the file, the
//! 1-based line and what is wrong; a header that declares more entries than the rest of the
//! file can hold, or sizes whose product overflows, is refused before anything is allocated
//! for them.

mod hb;
mod mm;

pub use hb::{HbFile, hb_read, hb_read_bytes, hb_write};
pub use mm::{
    MmField, MmFormat, MmInfo, MmMatrix, MmSymmetry, mminfo, mmread, mmread_bytes, mmwrite,
};

use crate::SparseError;
use std::path::Path;

pub(crate) fn io_err(path: &Path, line: usize, detail: impl Into<String>) -> SparseError {
    SparseError::Io {
        path: path.display().to_string(),
        line,
        detail: detail.into(),
    }
}

pub(crate) fn read_text(path: &Path) -> Result<String, SparseError> {
    let bytes = std::fs::read(path).map_err(|e| io_err(path, 0, format!("cannot read: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        io_err(
            path,
            0,
            format!(
                "not text (invalid UTF-8 at byte {})",
                e.utf8_error().valid_up_to()
            ),
        )
    })
}

/// The bytes of the file `path` as text, or an error naming the file.
pub(crate) fn text_of<'b>(path: &Path, bytes: &'b [u8]) -> Result<&'b str, SparseError> {
    std::str::from_utf8(bytes).map_err(|e| {
        io_err(
            path,
            0,
            format!("not text (invalid UTF-8 at byte {})", e.valid_up_to()),
        )
    })
}

#[cfg(test)]
mod tests;
