//! # cuprum-interpolate
//!
//! `scipy.interpolate` (`cupyx.scipy.interpolate`) for cuprum arrays, on the CPU and on CUDA devices: SciPy's names, argument names,
//! defaults and dtype rules. The facade exposes it as `cuprum::scipy::interpolate`.
#![warn(missing_docs)]
