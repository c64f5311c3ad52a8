//! The CUDA paths (`kernels/ndimage/ndimage.cu`).

use crate::engine::Taps;
use crate::interpolation::Coords;
use crate::mode::Mode;
use cuprum_core::{Array, Error, Result};

pub(crate) fn stencil(
    _x: &Array,
    _t: &Taps,
    _m: Mode,
    _c: f64,
    _rank: Option<usize>,
) -> Result<Array> {
    Err(Error::unsupported("ndimage", "CUDA"))
}
pub(crate) fn spline_lines(_x: &Array, _axis: usize, _p: &[f64], _kind: i64) -> Result<Array> {
    Err(Error::unsupported("ndimage", "CUDA"))
}
pub(crate) fn interpolate(
    _x: &Array,
    _s: &[usize],
    _c: &Coords<'_>,
    _o: usize,
    _m: Mode,
    _cv: f64,
    _np: usize,
) -> Result<Array> {
    Err(Error::unsupported("ndimage", "CUDA"))
}
pub(crate) fn edt_pass(_f: &Array, _d: usize, _w: f64) -> Result<Array> {
    Err(Error::unsupported("ndimage", "CUDA"))
}
pub(crate) fn label(_x: &Array, _offs: &[Vec<i64>]) -> Result<(Array, usize)> {
    Err(Error::unsupported("ndimage", "CUDA"))
}
pub(crate) fn find_objects(_l: &Array, _m: usize) -> Result<Vec<i64>> {
    Err(Error::unsupported("ndimage", "CUDA"))
}
pub(crate) fn label_stats(
    _x: &Array,
    _l: &Array,
    _i: Option<&[i64]>,
    _com: bool,
) -> Result<crate::measurements::Stats> {
    Err(Error::unsupported("ndimage", "CUDA"))
}
