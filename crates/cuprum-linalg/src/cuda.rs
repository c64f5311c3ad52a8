//! CUDA dispatch: each function returns `None` when the input is not on a CUDA device (the
//! caller then runs the CPU path) and `Some(result)` otherwise.

use crate::error::Result;
use crate::{QrMode, Uplo};
use cuprum_core::{Array, DType};

pub(crate) fn inv(_a: &Array, _dt: DType) -> Option<Result<Array>> {
    None
}
pub(crate) fn solve(
    _a: &Array,
    _b: &Array,
    _dt: DType,
    _batch: &[usize],
    _vector: bool,
) -> Option<Result<Array>> {
    None
}
pub(crate) fn cholesky(_a: &Array, _dt: DType, _uplo: Uplo) -> Option<Result<Array>> {
    None
}
pub(crate) fn qr(_a: &Array, _dt: DType, _mode: QrMode) -> Option<Result<crate::Qr>> {
    None
}
pub(crate) fn svd(_a: &Array, _dt: DType, _full: bool, _uv: bool) -> Option<Result<crate::Svd>> {
    None
}
pub(crate) fn eigh(
    _a: &Array,
    _dt: DType,
    _uplo: Uplo,
    _vectors: bool,
) -> Option<Result<(Array, Option<Array>)>> {
    None
}
