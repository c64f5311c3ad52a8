//! # cuprum-spatial
//!
//! `scipy.spatial` (`cupyx.scipy.spatial`) for cuprum arrays, on the CPU and on CUDA devices: SciPy's names, argument names,
//! defaults and dtype rules. The facade exposes it as `cuprum::scipy::spatial`.
#![warn(missing_docs)]
