//! The CUDA kernels: cuSPARSE's generic API for float and complex data, NVRTC kernels of our
//! own for the rest.

use crate::SparseError;
use crate::parts::{Compressed, Coo};
use cuprum_core::{Array, DType};

fn todo(op: &'static str) -> SparseError {
    SparseError::NotSupported {
        op,
        detail: "CUDA kernels are being written".into(),
    }
}

pub(crate) fn spmv(
    _o: usize,
    _a: &Compressed,
    _x: &Array,
    _r: DType,
) -> Result<Array, SparseError> {
    Err(todo("spmv"))
}
pub(crate) fn spmm(
    _o: usize,
    _a: &Compressed,
    _x: &Array,
    _r: DType,
) -> Result<Array, SparseError> {
    Err(todo("spmm"))
}
pub(crate) fn spgemm(
    _o: usize,
    _a: &Compressed,
    _b: &Compressed,
    _r: DType,
) -> Result<Compressed, SparseError> {
    Err(todo("spgemm"))
}
pub(crate) fn transpose(_o: usize, _a: &Compressed) -> Result<Compressed, SparseError> {
    Err(todo("transpose"))
}
pub(crate) fn coo_to_compressed(
    _o: usize,
    _c: &Coo,
    _sum: bool,
) -> Result<Compressed, SparseError> {
    Err(todo("coo_to_compressed"))
}
