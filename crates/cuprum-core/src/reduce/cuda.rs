//! CUDA implementations of the reduce and scan primitives (placeholder until written).

use super::kinds::{ReduceOp, ReduceParams, ScanOp};
use crate::backend::View;
use crate::{DType, Error, Result};

pub(crate) fn reduce(
    op: ReduceOp,
    _params: &ReduceParams,
    _src: View<'_>,
    _dst: View<'_>,
    _axes: &[usize],
) -> Result<()> {
    Err(Error::unsupported(op.name(), "cuda reduction not built yet"))
}

pub(crate) fn scan(
    op: ScanOp,
    _compute: DType,
    _src: View<'_>,
    _dst: View<'_>,
    _axis: usize,
) -> Result<()> {
    Err(Error::unsupported(op.name(), "cuda scan not built yet"))
}
