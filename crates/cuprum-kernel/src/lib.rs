//! # cuprum-kernel
//!
//! User kernels from CUDA C source strings, CuPy's `ElementwiseKernel`, `ReductionKernel`,
//! `RawKernel` and `RawModule`, that run on CUDA GPUs (NVRTC through core's cache) and on the
//! CPU (an interpreter for the C subset such kernels use).
//!
//! Depends only on `cuprum-core` (its user API and `cuprum_core::ext`) and outside libraries;
//! re-exported by the `cuprum` facade.
#![warn(missing_docs)]
pub mod cpu;
