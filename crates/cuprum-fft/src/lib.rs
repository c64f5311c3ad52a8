//! # cuprum-fft
//!
//! cuprum's FFTs, like `cupy.fft` / `numpy.fft`: cuFFT on CUDA (with a per-device plan cache,
//! like `cupy.fft.config.get_plan_cache()`), rustfft/realfft on the CPU.
//!
//! Re-exported by the facade as `cuprum::fft`. Depends only on `cuprum-core` and outside
//! libraries.
//!
//! | NumPy / CuPy | cuprum |
//! |---|---|
//! | `np.fft.fft(a, n, axis, norm)` | [`fft`]`(&a, n, axis, norm)` |
//! | `np.fft.fft2(a, s, axes, norm)` | [`fft2`]`(&a, s, axes, norm)` |
//! | `np.fft.rfftn(a, s, axes, norm)` | [`rfftn`]`(&a, s, axes, norm)` |
//! | `np.fft.fftfreq(n, d)` | [`fftfreq`]`(n, d)` |
//! | `np.fft.fftshift(x, axes)` | [`fftshift`]`(&x, axes)` |
//! | `cupyx.scipy.fft.dct(x, type, n, axis, norm)` | [`dct`]`(&x, type, n, axis, norm, None)` (also `idct`, `dst`, `idst`) |
//! | `cupyx.scipy.fft.dctn(x, type, s, axes, norm)` | [`dctn`]`(&x, type, s, axes, norm, None)` (also `idctn`, `dstn`, `idstn`) |
//! | `cupyx.scipy.fft.fht(a, dln, mu, offset, bias)` | [`fht`]`(&a, dln, mu, offset, bias)` (also `ifht`, `fhtoffset`) |
//! | `cupy.fft.config.get_plan_cache()` | [`plan_cache`]`(ordinal)` |
//! | `cupyx.scipy.fftpack.get_fft_plan(a, ...)` | [`Plan::new`] |
//!
//! See [`transforms`] for the argument mapping, dtypes and devices, and [`Norm`] for the
//! normalization modes.
//!
//! ```
//! use cuprum_core::{Array, Complex64, Device};
//! use cuprum_fft::{Norm, fft, ifft};
//! let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
//! let y = ifft(&fft(&a, None, -1, Norm::Backward).unwrap(), None, -1, Norm::Backward).unwrap();
//! let v = y.to_vec::<Complex64>().unwrap();
//! assert!((v[2] - Complex64::new(3.0, 0.0)).norm() < 1e-12);
//! ```
#![warn(missing_docs)]

#[cfg(test)]
mod bad_input_tests;
mod cpu;
pub mod cuda;
pub mod fftlog;
mod freq;
mod host;
mod norm;
mod plan;
pub mod realtransforms;
mod spec;
pub mod transforms;

pub use cuda::{CacheInfo, DEFAULT_CACHE_SIZE, PlanCache, plan_cache};
pub use fftlog::{fht, fhtoffset, ifht};
pub use freq::{fftfreq, fftfreq_on, fftshift, ifftshift, rfftfreq, rfftfreq_on};
pub use norm::Norm;
pub use plan::{Plan, Transform};
pub use realtransforms::{dct, dctn, dst, dstn, idct, idctn, idst, idstn};
pub use transforms::{
    fft, fft2, fftn, hfft, hfft2, hfftn, ifft, ifft2, ifftn, ihfft, ihfft2, ihfftn, irfft, irfft2,
    irfftn, next_fast_len, rfft, rfft2, rfftn,
};
