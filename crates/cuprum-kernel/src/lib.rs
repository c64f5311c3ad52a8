//! # cuprum-kernel
//!
//! cuprum's user kernels from source strings: ElementwiseKernel, ReductionKernel, RawKernel, fuse.
//!
//! Depends only on `cuprum-core` and outside libraries; re-exported by the `cuprum` facade.
#![warn(missing_docs)]
