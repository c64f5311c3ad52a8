//! CPU implementations of the backend primitives (rayon-parallel loops).
//! (Skeleton: filled in by the CPU backend work.)

use super::View;
use crate::ops::kinds::{BinaryOp, UnaryOp};
use crate::{Error, Result, Scalar};

pub fn fill(_dst: View<'_>, _value: Scalar) -> Result<()> {
    Err(Error::unsupported("fill", "cpu backend not built yet"))
}
pub fn copy(_src: View<'_>, _dst: View<'_>) -> Result<()> {
    Err(Error::unsupported("copy", "cpu backend not built yet"))
}
pub fn unary(op: UnaryOp, _src: View<'_>, _dst: View<'_>) -> Result<()> {
    Err(Error::unsupported(op.name(), "cpu backend not built yet"))
}
pub fn binary(op: BinaryOp, _a: View<'_>, _b: View<'_>, _dst: View<'_>) -> Result<()> {
    Err(Error::unsupported(op.name(), "cpu backend not built yet"))
}
pub fn where_(_c: View<'_>, _a: View<'_>, _b: View<'_>, _dst: View<'_>) -> Result<()> {
    Err(Error::unsupported("where", "cpu backend not built yet"))
}
