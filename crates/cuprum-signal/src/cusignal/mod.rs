//! Signal processing for communications and radar (`cupyx.signal`, from cuSignal).
//!
//! CuPy's `cupyx.signal` (ported from cuSignal) with its argument names and semantics, on
//! every device: each function is composed of cuprum's own array operations (slicing,
//! elementwise ufuncs, `cumsum`, `matmul`) and cuprum-fft's FFTs, so it has no kernel of its
//! own and runs wherever those run.
//!
//! | CuPy | cuprum |
//! |---|---|
//! | `cupyx.signal.channelize_poly(x, h, n_chans)` | [`channelize_poly`]`(&x, &h, n_chans)` |
//! | `cupyx.signal.convolve1d3o(in1, in2, mode='valid', method='direct')` | [`convolve1d3o`]`(&in1, &in2, ConvolveMode::Valid, ConvolveMethod::Direct)` |
//! | `cupyx.signal.freq_shift(x, freq, fs)` | [`freq_shift`]`(&x, freq, fs)` |
//! | `cupyx.signal.pulse_compression(x, template, normalize, window, nfft)` | [`pulse_compression`]`(&x, &template, normalize, window, nfft)` |
//! | `cupyx.signal.pulse_doppler(x, window, nfft)` | [`pulse_doppler`]`(&x, window, nfft)` |
//! | `cupyx.signal.cfar_alpha(pfa, N)` | [`cfar_alpha`]`(pfa, n)` (an array `pfa`: [`cfar_alpha_array`]) |
//! | `cupyx.signal.ca_cfar(array, guard_cells, reference_cells, pfa)` | [`ca_cfar`]`(&array, &[g], &[r], pfa)` (2-D: `&[gx, gy]`, `&[rx, ry]`) |
//!
//! CuPy's `window` argument (an array, a callable, or a name for
//! `scipy.signal.get_window`) is a [`Window`]; `None` is no window.
//!
//! ```
//! use cuprum_core::{Array, Device};
//! use cuprum_signal::cusignal::{cfar_alpha, ca_cfar};
//! let mut v = vec![1.0f32; 32];
//! v[20] = 50.0; // a target in noise of power 1
//! let x = Array::from_vec_on(v, &[32], Device::Cpu).unwrap();
//! let (threshold, detections) = ca_cfar(&x, &[1], &[3], 1e-3).unwrap();
//! let alpha = cfar_alpha(1e-3, 6).unwrap();
//! // cell 8's six reference cells hold 1.0: its threshold is alpha
//! assert!((threshold.to_vec::<f32>().unwrap()[8] as f64 - alpha).abs() < 1e-5);
//! let d = detections.to_vec::<bool>().unwrap();
//! assert!(d[20] && !d[8] && !d[19]);
//! ```

mod convolution;
mod filtering;
mod radartools;

pub use convolution::{ConvolveMethod, convolve1d3o};
pub use cuprum_core::ConvolveMode;
pub use filtering::{channelize_poly, freq_shift};
pub use radartools::{
    Window, ca_cfar, cfar_alpha, cfar_alpha_array, pulse_compression, pulse_doppler,
};
