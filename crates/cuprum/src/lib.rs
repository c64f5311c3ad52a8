//! # cuprum
//!
//! NumPy-semantics n-dimensional arrays on NVIDIA GPUs and the CPU, in the spirit of CuPy and
//! cupyx. `use cuprum as cp;` should feel like `import cupy as cp`.
//!
//! ```
//! use cuprum as cp;
//! let a = cp::Array::from_vec_on(vec![1.0f32, 2.0], &[2], cp::Device::Cpu).unwrap();
//! assert_eq!(a.shape(), &[2]);
//! ```
#![warn(missing_docs)]

pub use cuprum_core::*;

/// cuprum's version (`cupy.__version__`).
///
/// ```
/// assert!(!cuprum::VERSION.is_empty());
/// ```
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

pub mod config;
pub mod profiler;
pub mod registry;
pub mod testing;
pub use config::{Config, GpuInfo, config, show_config};

/// Multi-GPU collectives (`cupyx.distributed`).
pub use cuprum_distributed as distributed;
/// FFTs (`cupy.fft`).
pub use cuprum_fft as fft;
/// User kernels (`cupy.ElementwiseKernel`, `cupy.ReductionKernel`, `cupy.RawKernel`,
/// `cupy.RawModule`).
pub use cuprum_kernel as kernel;
/// Kernels written in Rust (`cupyx.jit`): `#[jit::kernel]`, run on CUDA and on the CPU.
pub use cuprum_kernel::jit;
/// CuPy's user-kernel classes at the top level, as `cp.ElementwiseKernel`.
pub use cuprum_kernel::{ElementwiseKernel, RawKernel, RawModule, ReductionKernel};
/// `cupy.fuse`: [`fuse()`] turns a closure over symbolic arrays into one kernel per call
/// signature (the [`fuse`](mod@fuse) module has the `prelude` a body is written with).
pub use cuprum_kernel::{Fused, fuse};
/// Dense linear algebra (`cupy.linalg`).
pub use cuprum_linalg as linalg;
/// Memory pools and pinned host memory (`cupy.cuda.MemoryPool`, `cupyx.zeros_pinned`).
pub use cuprum_memory as memory;
/// Pinned host arrays (`cupyx.zeros_pinned`, `cupyx.empty_pinned`, ...).
pub use cuprum_memory::{empty_like_pinned, empty_pinned, zeros_like_pinned, zeros_pinned};
/// Signal processing for communications and radar (`cupyx.signal`).
pub use cuprum_signal::cusignal as signal;
/// Sparse matrices (`cupyx.scipy.sparse`).
pub use cuprum_sparse as sparse;

/// SciPy-style paths, like `cupyx.scipy`: `cp::scipy::linalg::{solve_triangular, lu, lu_factor,
/// lu_solve}`.
pub mod scipy {
    /// `cupyx.scipy.interpolate`.
    pub use cuprum_interpolate as interpolate;
    /// `cupyx.scipy.linalg`: the SciPy-only dense routines of [`cuprum_linalg::scipy`].
    pub use cuprum_linalg::scipy as linalg;
    /// `cupyx.scipy.ndimage`.
    pub use cuprum_ndimage as ndimage;
    /// `cupyx.scipy.signal`.
    pub use cuprum_signal as signal;
    /// `cupyx.scipy.spatial`.
    pub use cuprum_spatial as spatial;
    /// `cupyx.scipy.special`.
    pub use cuprum_special as special;
    /// `cupyx.scipy.stats`.
    pub use cuprum_special::stats;
}
