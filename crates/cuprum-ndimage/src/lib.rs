//! # cuprum-ndimage
//!
//! `scipy.ndimage` (`cupyx.scipy.ndimage`) for cuprum arrays, on the CPU and on CUDA devices: SciPy's names, argument names,
//! defaults and dtype rules. The facade exposes it as `cuprum::scipy::ndimage`.
#![warn(missing_docs)]
