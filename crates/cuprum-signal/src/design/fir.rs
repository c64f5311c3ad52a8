//! FIR filter design: `firwin` and the Kaiser-window helpers (`kaiser_beta`, `kaiser_atten`,
//! `kaiserord`), on the host in float64.

use crate::util::upload;
use crate::util::{bad_argument_if, bad_shape_if, out_of_domain_if};
use crate::window::Window;
use cuprum_core::{Array, Error, Result, current_device};
use std::f64::consts::PI;

/// Options of [`firwin`] (SciPy's keyword arguments).
#[derive(Clone, Debug)]
pub struct FirwinOptions {
    /// the transition width (in the units of `fs`); when given, a Kaiser window is designed
    /// from it and `window` is ignored
    pub width: Option<f64>,
    /// the window (default `'hamming'`)
    pub window: Window,
    /// whether the gain at frequency 0 is 1 (SciPy's `pass_zero=True`, the default)
    pub pass_zero: bool,
    /// scale to unit gain at the centre of the first passband (default true)
    pub scale: bool,
    /// the sampling frequency (default 2: cutoffs normalized to Nyquist)
    pub fs: Option<f64>,
}

impl Default for FirwinOptions {
    fn default() -> Self {
        FirwinOptions {
            width: None,
            window: Window::Name("hamming".into()),
            pass_zero: true,
            scale: true,
            fs: None,
        }
    }
}

fn sinc(x: f64) -> f64 {
    if x == 0.0 {
        1.0
    } else {
        (PI * x).sin() / (PI * x)
    }
}

/// Kaiser's beta for a stopband attenuation of `a` dB (`scipy.signal.kaiser_beta`).
///
/// # Example
/// ```
/// assert!((cuprum_signal::kaiser_beta(65.0) - 6.20426).abs() < 1e-4);
/// ```
pub fn kaiser_beta(a: f64) -> f64 {
    if a > 50.0 {
        0.1102 * (a - 8.7)
    } else if a > 21.0 {
        0.5842 * (a - 21.0).powf(0.4) + 0.07886 * (a - 21.0)
    } else {
        0.0
    }
}

/// The attenuation (dB) of a Kaiser FIR filter of `numtaps` taps and transition `width`
/// (normalized to Nyquist) (`scipy.signal.kaiser_atten`).
///
/// # Example
/// ```
/// assert!((cuprum_signal::kaiser_atten(31, 0.1) - 29.485617640358036).abs() < 1e-12);
/// ```
pub fn kaiser_atten(numtaps: usize, width: f64) -> f64 {
    2.285 * (numtaps as f64 - 1.0) * PI * width + 7.95
}

/// The number of taps and Kaiser beta meeting a ripple of `ripple` dB over a transition
/// `width` (normalized to Nyquist) (`scipy.signal.kaiserord`).
///
/// # Errors
/// [`Error::OutOfDomain`] naming `ripple` when `|ripple| < 8` dB.
///
/// # Example
/// ```
/// let (n, beta) = cuprum_signal::kaiserord(65.0, 0.1).unwrap();
/// assert_eq!(n, 81);
/// assert!(beta > 6.0);
/// ```
pub fn kaiserord(ripple: f64, width: f64) -> Result<(usize, f64)> {
    let a = ripple.abs();
    out_of_domain_if(
        a < 8.0,
        "kaiserord",
        "ripple",
        ripple,
        "|ripple| >= 8 dB (the Kaiser formula's range)",
    )?;
    let beta = kaiser_beta(a);
    let n = (a - 7.95) / 2.285 / (PI * width) + 1.0;
    Ok((n.ceil() as usize, beta))
}

/// Host taps of [`firwin`].
pub(crate) fn firwin_taps(numtaps: usize, cutoff: &[f64], o: &FirwinOptions) -> Result<Vec<f64>> {
    const OP: &str = "firwin";
    let fs = o.fs.unwrap_or(2.0);
    let nyq = 0.5 * fs;
    bad_shape_if(
        cutoff.is_empty(),
        OP,
        "cutoff",
        &[0],
        "at least one cutoff frequency",
    )?;
    bad_argument_if(numtaps == 0, OP, "numtaps", 0, "at least 1")?;
    let c: Vec<f64> = cutoff.iter().map(|&x| x / nyq).collect();
    out_of_domain_if(
        c.iter().any(|&x| !(x > 0.0 && x < 1.0)),
        OP,
        "cutoff",
        format!("{cutoff:?}"),
        format!("(0, fs/2) = (0, {nyq})"),
    )?;
    bad_argument_if(
        c.windows(2).any(|w| w[1] <= w[0]),
        OP,
        "cutoff",
        format!("{cutoff:?}"),
        "strictly increasing frequencies",
    )?;
    let window = match o.width {
        Some(w) => Window::Param("kaiser".into(), kaiser_beta(kaiser_atten(numtaps, w / nyq))),
        None => o.window.clone(),
    };
    let pass_nyquist = c.len().is_multiple_of(2) == o.pass_zero;
    bad_argument_if(
        pass_nyquist && numtaps.is_multiple_of(2),
        OP,
        "numtaps",
        numtaps,
        "an odd number for a passband at the Nyquist frequency (a filter with an even number of coefficients has zero response there)",
    )?;
    let mut edges = cuprum_core::ext::try_vec_with_capacity(c.len() + 2)?;
    if o.pass_zero {
        edges.push(0.0);
    }
    edges.extend_from_slice(&c);
    if pass_nyquist {
        edges.push(1.0);
    }
    let alpha = 0.5 * (numtaps as f64 - 1.0);
    let mut m: Vec<f64> = cuprum_core::ext::try_vec_with_capacity(numtaps)?;
    m.extend((0..numtaps).map(|i| i as f64 - alpha));
    let mut h = cuprum_core::ext::try_vec_filled(numtaps, 0.0)?;
    for band in edges.chunks(2) {
        let (l, r) = (band[0], band[1]);
        for (hi, &mi) in h.iter_mut().zip(&m) {
            *hi += r * sinc(r * mi);
            *hi -= l * sinc(l * mi);
        }
    }
    let win = window.values(OP, numtaps, true)?;
    for (hi, w) in h.iter_mut().zip(&win) {
        *hi *= w;
    }
    if o.scale {
        let (l, r) = (edges[0], edges[1]);
        let f = if l == 0.0 {
            0.0
        } else if r == 1.0 {
            1.0
        } else {
            0.5 * (l + r)
        };
        let s: f64 = h
            .iter()
            .zip(&m)
            .map(|(hi, mi)| hi * (PI * mi * f).cos())
            .sum();
        for hi in &mut h {
            *hi /= s;
        }
    }
    Ok(h)
}

/// A linear-phase FIR filter by the window method (`scipy.signal.firwin`).
///
/// **Shapes**: → `(numtaps,)` float64 on the current device.
///
/// `cutoff` holds the band edges (in the units of `fs`, default normalized to Nyquist),
/// strictly increasing in `(0, fs/2)`; with `pass_zero` the first band (from 0) passes, and
/// the bands alternate.
///
/// # Errors
/// [`Error::OutOfDomain`] naming `firwin` and `cutoff` for a cutoff outside `(0, fs/2)`;
/// [`Error::BadArgument`] for a cutoff not increasing, an even `numtaps` with a passband at
/// Nyquist, an unknown window.
///
/// **Algorithm**: SciPy's: a sum of sinc band kernels times the symmetric window, scaled to
/// unit gain at the first passband's centre; on the host.
///
/// # Example
/// ```
/// use cuprum_signal::{FirwinOptions, firwin};
/// let h = firwin(31, &[0.3], &FirwinOptions::default()).unwrap().to_vec::<f64>().unwrap();
/// assert!((h.iter().sum::<f64>() - 1.0).abs() < 1e-12);
/// ```
pub fn firwin(numtaps: usize, cutoff: &[f64], opts: &FirwinOptions) -> Result<Array> {
    upload(firwin_taps(numtaps, cutoff, opts)?, current_device())
}

/// Options of [`firwin2`] (SciPy's keyword arguments).
#[derive(Clone, Debug)]
pub struct Firwin2Options {
    /// the size of the interpolation grid (default `1 + 2^ceil(log2(numtaps))`)
    pub nfreqs: Option<usize>,
    /// the window (default `'hamming'`; `None`: no window)
    pub window: Option<Window>,
    /// an antisymmetric (type III/IV) filter
    pub antisymmetric: bool,
    /// the sampling frequency (default 2)
    pub fs: Option<f64>,
}

impl Default for Firwin2Options {
    fn default() -> Self {
        Firwin2Options {
            nfreqs: None,
            window: Some(Window::Name("hamming".into())),
            antisymmetric: false,
            fs: None,
        }
    }
}

/// A linear-phase FIR filter by frequency sampling (`scipy.signal.firwin2`).
///
/// **Shapes**: `freq`, `gain` of equal length (frequencies from 0 to `fs/2`, non-decreasing,
/// a value repeated at most twice for a jump) → `(numtaps,)` float64 on the current device.
///
/// # Errors
/// [`Error::ShapeMismatch`] naming `firwin2` for mismatched lengths; [`Error::BadArgument`]
/// naming the argument for `freq` not from 0 to `fs/2` or decreasing, a value repeated
/// thrice, `numtaps >= nfreqs`, a nonzero gain where the filter type forces zero (type II at
/// Nyquist, III at both ends, IV at 0).
///
/// **Algorithm**: SciPy's: the gain interpolated on a uniform grid, shifted by half the filter
/// length, inverse real FFT (cuprum-fft on the host: design data), windowed.
///
/// # Example
/// ```
/// use cuprum_signal::{design::fir::Firwin2Options, firwin2};
/// let h = firwin2(21, &[0.0, 0.5, 1.0], &[1.0, 1.0, 0.0], &Firwin2Options::default()).unwrap();
/// assert_eq!(h.shape(), &[21]);
/// ```
pub fn firwin2(numtaps: usize, freq: &[f64], gain: &[f64], opts: &Firwin2Options) -> Result<Array> {
    const OP: &str = "firwin2";
    let fs = opts.fs.unwrap_or(2.0);
    let nyq = 0.5 * fs;
    crate::util::shape_mismatch_if(
        freq.len() != gain.len(),
        OP,
        &[freq.len()],
        &[gain.len()],
        "freq and gain must be of same length",
    )?;
    bad_argument_if(numtaps == 0, OP, "numtaps", 0, "at least 1")?;
    bad_shape_if(
        freq.len() < 2,
        OP,
        "freq",
        &[freq.len()],
        "at least 2 values (0 and fs/2)",
    )?;
    let nfreqs = opts
        .nfreqs
        .unwrap_or(1 + (numtaps as f64).log2().ceil().exp2() as usize);
    bad_argument_if(
        numtaps >= nfreqs,
        OP,
        "numtaps",
        numtaps,
        format!("less than nfreqs = {nfreqs}"),
    )?;
    bad_argument_if(
        freq[0] != 0.0 || freq[freq.len() - 1] != nyq,
        OP,
        "freq",
        format!("{freq:?}"),
        format!("frequencies from 0 to fs/2 = {nyq}"),
    )?;
    let d: Vec<f64> = freq.windows(2).map(|w| w[1] - w[0]).collect();
    bad_argument_if(
        d.iter().any(|&v| v < 0.0),
        OP,
        "freq",
        format!("{freq:?}"),
        "nondecreasing frequencies",
    )?;
    bad_argument_if(
        d.windows(2).any(|w| w[0] + w[1] == 0.0),
        OP,
        "freq",
        format!("{freq:?}"),
        "no value more than twice",
    )?;
    bad_argument_if(
        freq[1] == 0.0,
        OP,
        "freq",
        format!("{freq:?}"),
        "frequencies with 0 not repeated",
    )?;
    bad_argument_if(
        freq[freq.len() - 2] == nyq,
        OP,
        "freq",
        format!("{freq:?}"),
        "frequencies with fs/2 not repeated",
    )?;
    let ftype = match (opts.antisymmetric, numtaps.is_multiple_of(2)) {
        (true, true) => 4,
        (true, false) => 3,
        (false, true) => 2,
        (false, false) => 1,
    };
    let (g0, gn) = (gain[0], gain[gain.len() - 1]);
    bad_argument_if(
        (ftype == 2 && gn != 0.0)
            || (ftype == 3 && (g0 != 0.0 || gn != 0.0))
            || (ftype == 4 && g0 != 0.0),
        OP,
        "gain",
        format!("{gain:?}"),
        format!(
            "zero gain at {} for a type {ftype} filter",
            match ftype {
                2 => "the Nyquist frequency",
                3 => "zero and Nyquist frequencies",
                _ => "zero frequency",
            }
        ),
    )?;
    let mut f = freq.to_vec();
    if d.contains(&0.0) {
        let eps = f64::EPSILON * nyq;
        for k in 0..f.len() - 1 {
            if f[k] == f[k + 1] {
                f[k] -= eps;
                f[k + 1] += eps;
            }
        }
        bad_argument_if(
            f.windows(2).any(|w| w[1] - w[0] <= 0.0),
            OP,
            "freq",
            format!("{freq:?}"),
            format!("no values within eps * (fs/2) = {eps} of a repeated value"),
        )?;
    }
    let mut fx2 = cuprum_core::ext::try_vec_with_capacity::<cuprum_core::Complex64>(nfreqs)?;
    for i in 0..nfreqs {
        let x = if i + 1 == nfreqs {
            nyq
        } else {
            nyq * i as f64 / (nfreqs - 1) as f64
        };
        // np.interp on the (possibly nudged) breakpoints
        let j = f.partition_point(|&v| v <= x).clamp(1, f.len() - 1);
        let (xa, xb, ya, yb) = (f[j - 1], f[j], gain[j - 1], gain[j]);
        let g = if x <= f[0] {
            gain[0]
        } else if x >= f[f.len() - 1] {
            gain[gain.len() - 1]
        } else {
            ya + (yb - ya) * (x - xa) / (xb - xa)
        };
        let mut shift =
            cuprum_core::Complex64::new(0.0, -(numtaps as f64 - 1.0) / 2.0 * PI * x / nyq).exp();
        if ftype > 2 {
            shift *= cuprum_core::Complex64::new(0.0, 1.0);
        }
        fx2.push(shift * g);
    }
    let spec = Array::from_vec_on(fx2, &[nfreqs], cuprum_core::Device::Cpu)?;
    let full = cuprum_fft::irfft(&spec, None, -1, cuprum_fft::Norm::Backward)?.to_vec::<f64>()?;
    let wind = match &opts.window {
        Some(w) => w.values(OP, numtaps, true)?,
        None => cuprum_core::ext::try_vec_filled(numtaps, 1.0)?,
    };
    let mut out: Vec<f64> = full[..numtaps]
        .iter()
        .zip(&wind)
        .map(|(a, b)| a * b)
        .collect();
    if ftype == 3 {
        out[numtaps / 2] = 0.0;
    }
    upload(out, current_device())
}

/// `minimum_phase`'s checks of `h` (real, 1-D, more than 2 samples) and `n_fft` (default
/// `2^ceil(log2(2(n − 1)/0.01))`, at least `n`): `(n, n_fft)`.
fn min_phase_sizes(h: &Array, n_fft: Option<usize>) -> Result<(usize, usize)> {
    const OP: &str = "minimum_phase";
    crate::util::real_only(OP, h, ": complex filters are not supported")?;
    bad_shape_if(
        h.ndim() != 1 || h.size() <= 2,
        OP,
        "h",
        h.shape(),
        "a 1-D array of more than 2 samples",
    )?;
    let n = h.size();
    let n_fft =
        n_fft.unwrap_or_else(|| (2.0 * (n as f64 - 1.0) / 0.01).log2().ceil().exp2() as usize);
    bad_argument_if(
        n_fft < n,
        OP,
        "n_fft",
        n_fft,
        format!("at least len(h) = {n}"),
    )?;
    Ok((n, n_fft))
}

/// The minimum-phase version of a linear-phase FIR filter (`scipy.signal.minimum_phase`
/// with `method='homomorphic'`; `method='hilbert'` is [`minimum_phase_hilbert`]).
///
/// **Shapes**: real 1-D `h` (n >= 3) → `(n/2 + n%2,)` (`half`) or `(n,)`, in `h`'s inexact
/// dtype on `h`'s device. `n_fft` defaults to `2^ceil(log2(2(n − 1)/0.01))`.
///
/// # Errors
/// [`Error::DType`] naming `minimum_phase` for complex `h`; [`Error::BadShape`] for short or
/// non-1-D `h`; [`Error::BadArgument`] for `n_fft < n`.
///
/// **Algorithm**: SciPy's homomorphic method: the (halved) log-magnitude spectrum's real
/// cepstrum folded to causal, exponentiated back; FFTs through cuprum-fft on `h`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let h = Array::from_vec_on(vec![0.25f64, 0.5, 0.25], &[3], Device::Cpu).unwrap();
/// let m = cuprum_signal::minimum_phase(&h, None, true).unwrap();
/// assert_eq!(m.shape(), &[2]);
/// ```
pub fn minimum_phase(h: &Array, n_fft: Option<usize>, half: bool) -> Result<Array> {
    use cuprum_core::multiply;
    use cuprum_fft::{Norm, fft, ifft};
    let (n, n_fft) = min_phase_sizes(h, n_fft)?;
    let dt = crate::util::inexact(h.dtype());
    let mag = cuprum_core::abs(&fft(&h.astype(dt)?, Some(n_fft), -1, Norm::Backward)?)?;
    let positive = cuprum_core::where_(&cuprum_core::greater(&mag, 0.0)?, &mag, f64::INFINITY)?;
    let floor = multiply(&positive.min(None, false)?, 1e-7)?;
    let mut lt = cuprum_core::log(&cuprum_core::add(&mag, &floor)?)?;
    if half {
        lt = multiply(&lt, 0.5)?;
    }
    let cep = cuprum_core::real(&ifft(&lt, None, -1, Norm::Backward)?)?;
    let idx = cuprum_core::arange_on(0i64, n_fft as i64, 1i64, None, h.device())?;
    let stop = (n_fft / 2) as i64;
    let mut win = cuprum_core::where_(&cuprum_core::less(&idx, stop)?, 2.0, 0.0)?;
    win = cuprum_core::where_(&cuprum_core::equal(&idx, 0i64)?, 1.0, &win)?;
    if n_fft % 2 == 1 {
        win = cuprum_core::where_(&cuprum_core::equal(&idx, stop)?, 1.0, &win)?;
    }
    let folded = multiply(&cep, &win.astype(cep.dtype())?)?;
    let e = cuprum_core::exp(&fft(&folded, None, -1, Norm::Backward)?)?;
    let hm = cuprum_core::real(&ifft(&e, None, -1, Norm::Backward)?)?;
    let n_out = if half { n / 2 + n % 2 } else { n };
    hm.slice(&[cuprum_core::SliceItem::Slice {
        start: Some(0),
        stop: Some(n_out as isize),
        step: 1,
    }])?
    .astype(dt)
}

/// The minimum-phase version of a linear-phase FIR filter by the discrete Hilbert transform
/// (`scipy.signal.minimum_phase` with `method='hilbert'`, which has `half=True` only).
///
/// **Shapes**: real 1-D `h` (n >= 3) → `(n/2 + n%2,)`, in `h`'s inexact dtype on `h`'s
/// device. `n_fft` defaults to `2^ceil(log2(2(n − 1)/0.01))`.
///
/// # Errors
/// [`Error::DType`] naming `minimum_phase` for complex `h`; [`Error::BadShape`] for short or
/// non-1-D `h`; [`Error::BadArgument`] for `n_fft < n`; allocation errors.
///
/// **Algorithm**: SciPy's: the zero-phase response `H` shifted and scaled so that its ripples
/// stay non-negative, its square root, and the modified discrete Hilbert transform of its log
/// (Damera-Venkata, Evans and McCaslin); O(`n_fft`) design data computed on the host with
/// cuprum-fft, one upload. The square root takes the stopband's rounding noise to ~1e-8, so
/// the result depends on the FFT's rounding: SciPy's own steps move by up to 1e-3 of the peak
/// tap between numpy.fft and scipy.fft, and this function's by as much from SciPy's.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let h = Array::from_vec_on(vec![0.25f64, 0.5, 0.25], &[3], Device::Cpu).unwrap();
/// let m = cuprum_signal::minimum_phase_hilbert(&h, None).unwrap();
/// assert_eq!(m.shape(), &[2]);
/// ```
pub fn minimum_phase_hilbert(h: &Array, n_fft: Option<usize>) -> Result<Array> {
    const OP: &str = "minimum_phase";
    use cuprum_core::{Complex64 as C, Device};
    use cuprum_fft::{Norm, fft, ifft};
    let (n, n_fft) = min_phase_sizes(h, n_fft)?;
    cuprum_core::ext::check_host_bytes(n_fft.saturating_mul(64))?;
    let dt = crate::util::inexact(h.dtype());
    let n_half = n / 2;
    // the spectra as host vectors; each transform through cuprum-fft on the CPU
    let tr = |v: Vec<C>, inverse: bool| -> Result<Vec<C>> {
        let a = Array::from_vec_on(v, &[n_fft], Device::Cpu)?;
        let r = if inverse {
            ifft(&a, None, -1, Norm::Backward)?
        } else {
            fft(&a, None, -1, Norm::Backward)?
        };
        r.to_vec::<C>()
    };
    let hv = crate::util::host_f64(OP, h)?;
    let mut padded = cuprum_core::ext::try_vec_filled(n_fft, C::new(0.0, 0.0))?;
    for (p, &x) in padded.iter_mut().zip(&hv) {
        *p = C::new(x, 0.0);
    }
    let spec = tr(padded, false)?;
    let step = 2.0 * PI / n_fft as f64 * n_half as f64;
    let mut zero_phase: Vec<f64> = spec
        .iter()
        .enumerate()
        .map(|(k, z)| (z * C::new(0.0, k as f64 * step).exp()).re)
        .collect();
    let (mx, mn) = zero_phase
        .iter()
        .fold((f64::NEG_INFINITY, f64::INFINITY), |(a, b), &v| {
            (a.max(v), b.min(v))
        });
    let (dp, ds) = (mx - 1.0, -mn);
    let scale = 4.0 / ((1.0 + dp + ds).sqrt() + (1.0 - dp + ds).sqrt()).powi(2);
    for v in &mut zero_phase {
        *v = ((*v + ds) * scale).sqrt() + 1e-10;
    }
    // _dhtm: real(ifft(mag * exp(fft(sig * ifft(log mag)))))
    let logs = tr(
        zero_phase.iter().map(|m| C::new(m.ln(), 0.0)).collect(),
        true,
    )?;
    let mid = n_fft / 2;
    let signed: Vec<C> = logs
        .iter()
        .enumerate()
        .map(|(k, z)| {
            let s = if k == 0 || k == mid {
                0.0
            } else if k < mid {
                1.0
            } else {
                -1.0
            };
            z * s
        })
        .collect();
    let phase = tr(signed, false)?;
    let prod: Vec<C> = phase
        .iter()
        .zip(&zero_phase)
        .map(|(p, &m)| p.exp() * m)
        .collect();
    let recon = tr(prod, true)?;
    let n_out = n_half + n % 2;
    upload(recon[..n_out].iter().map(|z| z.re).collect(), h.device())?.astype(dt)
}

/// A linear-phase FIR filter minimizing the weighted squared error to a piecewise-linear
/// response (`scipy.signal.firls`).
///
/// **Shapes**: `bands` of `2k` edges (pairs, in the units of `fs`, default normalized to
/// Nyquist), `desired` of `2k` gains at those edges, optional `weight` of `k` → odd
/// `(numtaps,)` float64 on the current device.
///
/// # Errors
/// [`Error::BadArgument`] naming `firls` and the argument for an even `numtaps`, unpaired or
/// overlapping or decreasing bands, mismatched lengths; [`Error::OutOfDomain`] for bands
/// outside `[0, fs/2]`, negative gains or weights, a non-positive `fs`.
///
/// **Algorithm**: SciPy's: the normal equations `Q·a = b` (`Q` Toeplitz plus Hankel of the
/// weighted band integrals), solved on the host by Gaussian elimination with partial pivoting.
///
/// # Example
/// ```
/// let h = cuprum_signal::firls(11, &[0.0, 0.3, 0.5, 1.0], &[1.0, 1.0, 0.0, 0.0], None, None).unwrap();
/// let v = h.to_vec::<f64>().unwrap();
/// assert_eq!(v.len(), 11);
/// assert!((v[0] - v[10]).abs() < 1e-15);
/// ```
pub fn firls(
    numtaps: usize,
    bands: &[f64],
    desired: &[f64],
    weight: Option<&[f64]>,
    fs: Option<f64>,
) -> Result<Array> {
    const OP: &str = "firls";
    let nyq = 0.5 * fs.unwrap_or(2.0);
    bad_argument_if(
        numtaps.is_multiple_of(2) || numtaps < 1,
        OP,
        "numtaps",
        numtaps,
        "an odd number >= 1",
    )?;
    out_of_domain_if(nyq.is_nan() || nyq <= 0.0, OP, "fs", 2.0 * nyq, "(0, inf)")?;
    let m = (numtaps - 1) / 2;
    bad_argument_if(
        !bands.len().is_multiple_of(2) || bands.is_empty(),
        OP,
        "bands",
        format!("{bands:?}"),
        "frequency pairs (a non-empty list of even length)",
    )?;
    let bd: Vec<f64> = bands.iter().map(|v| v / nyq).collect();
    out_of_domain_if(
        bd.iter().any(|&v| !(0.0..=1.0).contains(&v)),
        OP,
        "bands",
        format!("{bands:?}"),
        format!("[0, fs/2] = [0, {nyq}]"),
    )?;
    bad_argument_if(
        desired.len() != bd.len(),
        OP,
        "desired",
        format!("{} gains", desired.len()),
        format!("one gain per band edge ({})", bd.len()),
    )?;
    let k = bd.len() / 2;
    let pairs: Vec<(f64, f64)> = bd.chunks(2).map(|c| (c[0], c[1])).collect();
    bad_argument_if(
        pairs.iter().any(|(l, r)| r <= l) || pairs.windows(2).any(|w| w[1].0 < w[0].0),
        OP,
        "bands",
        format!("{bands:?}"),
        "monotonically nondecreasing bands of width > 0",
    )?;
    bad_argument_if(
        pairs.windows(2).any(|w| w[0].1 > w[1].0),
        OP,
        "bands",
        format!("{bands:?}"),
        "bands that do not overlap",
    )?;
    out_of_domain_if(
        desired.iter().any(|&v| v < 0.0),
        OP,
        "desired",
        format!("{desired:?}"),
        "non-negative gains",
    )?;
    let w: Vec<f64> = match weight {
        Some(w) if w.len() != k => {
            return Err(Error::bad_argument(
                OP,
                "weight",
                format!("{} weights", w.len()),
                format!("one weight per band pair ({k})"),
            ));
        }
        Some(w) => w.to_vec(),
        None => cuprum_core::ext::try_vec_filled(k, 1.0)?,
    };
    out_of_domain_if(
        w.iter().any(|&v| v < 0.0),
        OP,
        "weight",
        format!("{w:?}"),
        "non-negative weights",
    )?;
    let q: Vec<f64> = (0..numtaps)
        .map(|n| {
            let nf = n as f64;
            pairs
                .iter()
                .zip(&w)
                .map(|(&(l, r), wt)| wt * (sinc(r * nf) * r - sinc(l * nf) * l))
                .sum()
        })
        .collect();
    let mut qm =
        cuprum_core::ext::try_vec_filled(m + 1, cuprum_core::ext::try_vec_filled(m + 1, 0.0)?)?;
    for (i, row) in qm.iter_mut().enumerate() {
        for (j, v) in row.iter_mut().enumerate() {
            *v = q[i.abs_diff(j)] + q[i + j];
        }
    }
    let dpairs: Vec<(f64, f64)> = desired.chunks(2).map(|c| (c[0], c[1])).collect();
    let rhs: Vec<f64> = (0..=m)
        .map(|n| {
            let nf = n as f64;
            pairs
                .iter()
                .zip(&dpairs)
                .zip(&w)
                .map(|((&(l, r), &(dl, dr)), wt)| {
                    let slope = (dr - dl) / (r - l);
                    let c = dl - l * slope;
                    let at = |f: f64| {
                        let mut v = f * (slope * f + c) * sinc(f * nf);
                        if n == 0 {
                            v -= slope * f * f / 2.0;
                        } else {
                            v += slope * (nf * PI * f).cos() / (PI * nf).powi(2);
                        }
                        v
                    };
                    wt * (at(r) - at(l))
                })
                .sum()
        })
        .collect();
    let a = crate::filter::lfilter::solve(OP, qm, rhs)?;
    let mut coeffs = cuprum_core::ext::try_vec_with_capacity(numtaps)?;
    coeffs.extend(a[1..].iter().rev());
    coeffs.push(2.0 * a[0]);
    coeffs.extend(&a[1..]);
    upload(coeffs, current_device())
}
