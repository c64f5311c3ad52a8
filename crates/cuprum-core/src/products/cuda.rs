//! cuBLAS matrix products (wired up once the CUDA runtime lands).

use crate::backend::View;
use crate::{Error, Result};

/// Batched gemm on CUDA (contract as [`super::cpu::gemm_batched`]).
pub fn gemm_batched(_a: View<'_>, _b: View<'_>, _dst: View<'_>) -> Result<()> {
    Err(Error::unsupported("matmul", "cuBLAS path not wired yet"))
}
