//! # cuprum-signal
//!
//! `scipy.signal` (`cupyx.scipy.signal`) for cuprum arrays, on the CPU and on CUDA devices: SciPy's names, argument names,
//! defaults and dtype rules. The facade exposes it as `cuprum::scipy::signal`.
#![warn(missing_docs)]

pub mod cusignal;
