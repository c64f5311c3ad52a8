//! # cuprum-special
//!
//! `scipy.special` (`cupyx.scipy.special`) for cuprum arrays, on the CPU and on CUDA devices: SciPy's names, argument names,
//! defaults and dtype rules. The facade exposes it as `cuprum::scipy::special`.
#![warn(missing_docs)]

/// `scipy.stats`' array functions (`cupyx.scipy.stats`), exposed as `cuprum::scipy::stats`.
pub mod stats {}
