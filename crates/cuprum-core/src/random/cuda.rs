//! CUDA sampling: `kernels/random.cu`, the same formulas as [`super::dist`].

use super::dist::{Dist, Prec};
use crate::{Array, DType, Error, Result};

/// Draws on CUDA device `ordinal` (see [`super::dist`] for the element-to-word mapping).
pub fn draw(
    ordinal: usize,
    _shape: &[usize],
    _dtype: DType,
    _seed: u64,
    _start: u64,
    _d: Dist,
    _prec: Prec,
) -> Result<Array> {
    let _ = ordinal;
    Err(Error::unsupported(
        "random",
        "CUDA sampling is wired up once the kernel cache lands",
    ))
}
