//! The CUDA path: safe wrappers over cuSOLVER's dense routines (`cudarc::cusolver::sys`, raw
//! bindings) for arrays on a CUDA device, one file per concern: `handle` (the per-thread
//! cuSOLVER handle, status and `info` checks, workspace), `pack` (column-major packing and
//! unpacking, the finiteness test), `bindings` (the routines of each element type behind one
//! trait), and the drivers — `solve` (LU: `inv`, `solve`), `factor` (Cholesky, QR), `eigen`
//! (`eigh`), `svd`.
//!
//! Each driver returns `None` when the input is not on a CUDA device (the caller then runs the
//! CPU path) and `Some(result)` otherwise.
//!
//! **Layout.** cuSOLVER is column-major. Inputs are packed into a fresh buffer whose matrices
//! are column-major copies of the (possibly strided, possibly differently typed) input, made
//! by one strided copy-with-cast on the device (`ext::prim::copy` with a Fortran-ordered
//! destination layout), so cuSOLVER factors `A` itself, never `A^T`. Outputs are unpacked the
//! same way into C-contiguous arrays. Every routine's workspace size is queried first, the
//! `info` output of every matrix is checked after the calls (one synchronization per
//! operation), and all work is ordered on the device's current stream. Matrices of a batch are
//! factored one call per matrix on that stream.

mod bindings;
mod eigen;
mod factor;
mod handle;
mod pack;
mod solve;
mod svd;

pub(crate) use eigen::eigh;
pub(crate) use factor::{cholesky, qr};
pub(crate) use solve::{inv, solve};
pub(crate) use svd::svd;
