//! CUDA implementations of the backend primitives (NVRTC-compiled kernels from `kernels/`).
//! (Skeleton: filled in by the CUDA backend work.)

use crate::backend::View;
use crate::ops::kinds::{BinaryOp, UnaryOp};
use crate::{Error, Result, Scalar};

pub fn fill(_dst: View<'_>, _value: Scalar) -> Result<()> {
    Err(Error::unsupported("fill", "cuda backend not built yet"))
}
pub fn copy(_src: View<'_>, _dst: View<'_>) -> Result<()> {
    Err(Error::unsupported("copy", "cuda backend not built yet"))
}
pub fn unary(op: UnaryOp, _src: View<'_>, _dst: View<'_>) -> Result<()> {
    Err(Error::unsupported(op.name(), "cuda backend not built yet"))
}
pub fn binary(op: BinaryOp, _a: View<'_>, _b: View<'_>, _dst: View<'_>) -> Result<()> {
    Err(Error::unsupported(op.name(), "cuda backend not built yet"))
}
pub fn where_(_c: View<'_>, _a: View<'_>, _b: View<'_>, _dst: View<'_>) -> Result<()> {
    Err(Error::unsupported("where", "cuda backend not built yet"))
}
