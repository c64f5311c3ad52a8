//! # cuprum-signal
//!
//! `scipy.signal` (`cupyx.scipy.signal`) for cuprum arrays, on the CPU and on CUDA devices: SciPy's names, argument names,
//! defaults and dtype rules. The facade exposes it as `cuprum::scipy::signal`.
//!
//! - **Filter design** ([`design`]): `butter`, `cheby1`, `cheby2`, `iirfilter`, `firwin`,
//!   `kaiserord`, `freqz`, `sosfreqz`, `freqz_zpk` — O(order) host work in float64, arrays
//!   returned on the current device (as SciPy and CuPy).
//! - **Filtering** ([`filter`]): `lfilter`, `lfilter_zi`, `lfiltic`, `filtfilt`, `sosfilt`,
//!   `sosfilt_zi`, `sosfiltfilt` — one recursive engine, a thread per 1-D signal on CUDA.
//! - **Convolution** ([`mod@convolve`]), **spectral analysis** ([`spectral`]), **resampling**
//!   ([`mod@resample`]), **peaks** ([`peaks`]), **windows** ([`window`], [`windows`]) and the smoothing filters
//!   ([`smooth`]): composed of cuprum's array operations and FFTs, so that the work on the data
//!   runs on the data's device.
//! - **`cupyx.signal`** ([`cusignal`], `cuprum::signal` in the facade): the radar and
//!   communications functions CuPy ported from cuSignal.
#![warn(missing_docs)]

pub mod bspline;
pub mod convolve;
pub mod cusignal;
pub mod czt;
pub mod design;
mod dpss;
pub mod envelope;
pub mod filter;
pub mod lti;
pub mod ltisys;
pub mod max_len_seq;
pub mod peaks;
pub mod peaks_cwt;
mod polyphase;
pub mod resample;
pub mod shorttime;
pub mod smooth;
pub mod spectral;
pub mod symiir;
mod util;
pub mod waveforms;
pub mod wavelets;
pub mod window;

pub use bspline::{
    cspline1d, cspline1d_eval, cspline2d, gauss_spline, qspline1d, qspline1d_eval, qspline2d,
    spline_filter,
};
pub use convolve::{
    Boundary, ConvMethod, choose_conv_method, convolve, convolve2d, correlate, correlate2d,
    correlation_lags, deconvolve, fftconvolve, oaconvolve,
};
pub use cuprum_core::ConvolveMode;
pub use czt::{Czt, ZoomFft, czt, czt_points, zoom_fft};
pub use design::band_stop::{BandStopType, band_stop_obj};
pub use design::convert::{
    bilinear, bilinear_zpk, lp2bp, lp2bp_zpk, lp2bs, lp2bs_zpk, lp2hp, lp2hp_zpk, lp2lp, lp2lp_zpk,
    sos2tf, sos2zpk, ss2zpk, tf2sos, tf2zpk, zpk2sos, zpk2ss, zpk2tf,
};
pub use design::findfreqs::{FreqsKind, WorN, findfreqs};
pub use design::fir::{
    FirwinOptions, firls, firwin, firwin2, kaiser_atten, kaiser_beta, kaiserord, minimum_phase,
    minimum_phase_hilbert,
};
pub use design::freq::{FreqzOptions, freqz, freqz_zpk, group_delay, sosfreqz};
pub use design::iir::{
    BType, Filter, FilterOutput, IirOptions, IirType, bessel, butter, cheby1, cheby2, ellip,
    iirfilter,
};
pub use design::normalize::{BadCoefficients, Normalized, abcd_normalize, normalize};
pub use design::notch::{gammatone, iircomb, iirnotch, iirpeak};
pub use design::order::{OrderSpec, buttord, cheb1ord, cheb2ord, ellipord, iirdesign};
pub use design::partial::{RootType, invres, invresz, residue, residuez, unique_roots};
pub use design::place_poles::{PlaceMethod, PlacedPoles, place_poles};
pub use design::prototype::{buttap, cheb1ap, cheb2ap, ellipap};
pub use design::remez::{RemezOptions, RemezType, remez};
pub use design::ss::{bode, freqresp, freqs, freqs_zpk, ss2tf, tf2ss};
pub use envelope::{EnvelopeOptions, Residual, envelope};
pub use filter::lfilter::{
    FiltfiltOptions, filtfilt, lfilter, lfilter_with_state, lfilter_zi, lfiltic,
};
pub use filter::pad::PadType;
pub use filter::sos::{sosfilt, sosfilt_with_state, sosfilt_zi, sosfiltfilt};
pub use lti::{dimpulse, dlsim, dstep};
pub use ltisys::{C2dMethod, Dlti, Lti, System, cont2discrete, impulse, lsim, step};
pub use max_len_seq::max_len_seq;
pub use peaks::{
    Bounds, FindPeaksOptions, Peaks, argrelextrema, argrelmax, argrelmin, find_peaks,
    peak_prominences, peak_widths, vectorstrength,
};
pub use peaks_cwt::{CwtPeaksOptions, find_peaks_cwt};
pub use resample::{DecimateFilter, decimate, resample, resample_poly, upfirdn};
pub use shorttime::{FftMode, ShortTimeFFT, StftPadding, StftScaling};
pub use smooth::{
    Detrend, SavgolMode, SavgolOptions, detrend, detrend_bp, hilbert, hilbert2, medfilt, medfilt2d,
    order_filter, savgol_coeffs, savgol_filter, wiener,
};
pub use spectral::{
    Average, Scaling, SpectralOptions, check_cola, check_nola, coherence, csd, istft, lombscargle,
    periodogram, spectrogram, stft, welch,
};
pub use symiir::{sepfir2d, symiirorder1, symiirorder2};
pub use waveforms::{chirp, gausspulse, sawtooth, square, sweep_poly, unit_impulse};
pub use wavelets::{cwt, morlet, morlet2, qmf, ricker};
pub use window::{Window, get_window, windows};
