//! # cuprum-kernel
//!
//! User kernels from CUDA C source strings, CuPy's `ElementwiseKernel`, `ReductionKernel`,
//! `RawKernel` and `RawModule`, that run on CUDA GPUs (NVRTC through core's cache) and on the
//! CPU (an interpreter for the C subset such kernels use).
//!
//! - [`ElementwiseKernel`]: a body run per element of broadcast arrays (type placeholders,
//!   `raw` parameters, scalars, outputs created or passed in), on any device.
//! - [`ReductionKernel`]: map, reduce and post-map expressions with `axis`/`keepdims`, on any
//!   device.
//! - [`RawKernel`] / [`RawModule`]: a CUDA C kernel launched with an explicit grid (GPU only).
//! - [`jit`]: kernels written in Rust (`#[jit::kernel]`, CuPy's `cupyx.jit`), run as CUDA C
//!   through NVRTC on a GPU and as compiled Rust on the CPU.
//! - [`fuse()`]: a Rust closure over symbolic arrays, written with cuprum's ufuncs, run as one
//!   kernel on CUDA and one pass over memory on the CPU (CuPy's `cupy.fuse`).
//!
//! On a GPU, generated sources compile with `--fmad=false` (no contraction of `a * b + c`)
//! unless a kernel opts into fast math, so that arithmetic, comparisons, casts and integer
//! operations give the same bits as the CPU engine. NVRTC's errors, and the CPU engine's, are
//! reported against the user's own text: section, line, the line and a caret.
//!
//! Depends only on `cuprum-core` (its user API and `cuprum_core::ext`) and outside libraries;
//! re-exported by the `cuprum` facade.
//!
//! # Example
//! ```
//! use cuprum_core::{Array, Device};
//! use cuprum_kernel::{ElementwiseKernel, args};
//! let k = ElementwiseKernel::new("T x, T y", "T z", "z = (x - y) * (x - y)", "squared_diff")?;
//! let x = Array::from_vec_on(vec![1.0f64, 5.0], &[2], Device::Cpu)?;
//! let z = k.call_one(args![&x, 2.0])?;
//! assert_eq!(z.to_vec::<f64>()?, vec![1.0, 9.0]);
//! # Ok::<(), cuprum_kernel::KernelError>(())
//! ```
#![warn(missing_docs)]
pub mod cpu;
pub mod fuse;
pub mod jit;

mod args;
mod codegen;
mod common;
mod compat;
mod elementwise;
mod error;
mod params;
mod raw;
mod reduction;
#[cfg(feature = "codegen-snapshot")]
mod snapshot;
mod source;

pub use args::Arg;
pub use cpu::{CancelToken, CpuLimits, StopReason, with_cpu_limits};
pub use elementwise::ElementwiseKernel;
pub use error::{KernelError, Result, SourceDiagnostic};
pub use fuse::{Fused, fuse};
pub use params::user_c_type;
pub use raw::{Dim3, LaunchArgs, RawKernel, RawModule};
pub use reduction::ReductionKernel;
