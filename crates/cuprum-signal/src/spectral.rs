//! Spectral analysis (`periodogram`, `welch`, `csd`, `coherence`, `spectrogram`, `stft`,
//! `istft`): SciPy's `_spectral_helper` as one batched FFT over strided frames (a sliding-window
//! view of the signal), composed of cuprum operations on the signal's device.

use crate::smooth::{Detrend, detrend_axis};
use crate::util::{axis_of, complex_of, from_last, inexact, real_of, to_last};
use crate::util::{bad_argument_if, bad_shape_if, out_of_domain_if};
use crate::window::Window;
use cuprum_core::{Array, DType, Error, Result, Scalar, SliceItem};
use cuprum_fft::Norm;

/// The scaling of a spectral estimate (SciPy's `scaling`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scaling {
    /// power spectral density, V²/Hz (`'density'`)
    Density,
    /// power spectrum, V² (`'spectrum'`)
    Spectrum,
}

impl Scaling {
    /// Parses `'density'` (or `'psd'`) and `'spectrum'`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `welch` and `scaling` for another string.
    ///
    /// ```
    /// assert_eq!(cuprum_signal::Scaling::parse("spectrum").unwrap(), cuprum_signal::Scaling::Spectrum);
    /// ```
    pub fn parse(s: &str) -> Result<Scaling> {
        match s {
            "density" | "psd" => Ok(Scaling::Density),
            "spectrum" => Ok(Scaling::Spectrum),
            _ => Err(Error::bad_argument(
                "welch",
                "scaling",
                format!("{s:?}"),
                "one of 'density' (or 'psd'), 'spectrum'",
            )),
        }
    }
}

/// How [`welch`] and [`csd`] average the segments' periodograms (SciPy's `average`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Average {
    /// the mean (`'mean'`, the default)
    #[default]
    Mean,
    /// the bias-corrected median (`'median'`)
    Median,
}

/// Options of the spectral estimators; `None` fields take each function's SciPy default.
#[derive(Clone, Debug)]
pub struct SpectralOptions {
    /// the sampling frequency (default 1)
    pub fs: f64,
    /// the window (default `'hann'`; [`spectrogram`]: `('tukey', 0.25)`; [`periodogram`]:
    /// `'boxcar'`)
    pub window: Option<Window>,
    /// samples per segment (default 256, at most the signal's length; a [`Window::Values`]
    /// window's length)
    pub nperseg: Option<usize>,
    /// overlap of segments (default `nperseg / 2`; [`spectrogram`]: `nperseg / 8`)
    pub noverlap: Option<usize>,
    /// FFT length (default `nperseg`)
    pub nfft: Option<usize>,
    /// per-segment detrending (default constant; [`stft`]: none)
    pub detrend: Option<Detrend>,
    /// one-sided spectrum for real data (default true)
    pub return_onesided: bool,
    /// scaling (default density; [`stft`]: spectrum)
    pub scaling: Option<Scaling>,
    /// the axis of the signal (default −1)
    pub axis: isize,
    /// the averaging of [`welch`] and [`csd`]
    pub average: Average,
}

impl Default for SpectralOptions {
    fn default() -> Self {
        SpectralOptions {
            fs: 1.0,
            window: None,
            nperseg: None,
            noverlap: None,
            nfft: None,
            detrend: None,
            return_onesided: true,
            scaling: None,
            axis: -1,
            average: Average::Mean,
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
enum Mode {
    Psd,
    Stft,
}

/// The extension of [`stft`] at the signal's ends (SciPy's `boundary`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum StftBoundary {
    /// zeros (`'zeros'`, the default)
    #[default]
    Zeros,
    /// mirror (`'even'`)
    Even,
    /// point mirror (`'odd'`)
    Odd,
    /// the edge sample (`'constant'`)
    Constant,
    /// no extension (`None`)
    None,
}

struct Helper<'a> {
    op: &'static str,
    window: Window,
    nperseg: Option<usize>,
    noverlap: Option<usize>,
    o: &'a SpectralOptions,
    detrend: Detrend,
    scaling: Scaling,
    mode: Mode,
    boundary: StftBoundary,
    padded: bool,
}

/// SciPy's `_triage_segments`: the window values and the segment length.
fn triage(
    op: &'static str,
    window: &Window,
    nperseg: Option<usize>,
    n: usize,
) -> Result<(Vec<f64>, usize)> {
    match window {
        Window::Values(v) => {
            let np = nperseg.unwrap_or(v.len());
            bad_argument_if(
                np != v.len(),
                op,
                "nperseg",
                np,
                format!("the length of the window ({})", v.len()),
            )?;
            bad_shape_if(np == 0, op, "window", &[0], "at least 1 value")?;
            Ok((v.clone(), np))
        }
        w => {
            let np = nperseg.unwrap_or(256).min(n);
            Ok((w.values(op, np, false)?, np))
        }
    }
}

fn zero_ext_like(x: &Array, n: usize, b: StftBoundary) -> Result<Array> {
    use crate::filter::pad::PadType;
    let ax = x.ndim() - 1;
    match b {
        StftBoundary::None => Ok(x.clone()),
        StftBoundary::Zeros => {
            let mut pw = cuprum_core::ext::try_vec_filled(x.ndim(), (0usize, 0usize))?;
            pw[ax] = (n, n);
            cuprum_core::pad(
                x,
                &pw,
                cuprum_core::manip::PadMode::Constant(Scalar::Int(0)),
            )
        }
        StftBoundary::Even => crate::filter::pad::extend(x, ax, n, PadType::Even),
        StftBoundary::Odd => crate::filter::pad::extend(x, ax, n, PadType::Odd),
        StftBoundary::Constant => crate::filter::pad::extend(x, ax, n, PadType::Constant),
    }
}

impl Helper<'_> {
    /// `(freqs, time, result)` with the result's last two axes (freq, segment) and the signal's
    /// other axes first (SciPy's `_spectral_helper` before its final `moveaxis`).
    fn run(&self, x: &Array, y: Option<&Array>) -> Result<(Array, Array, Array)> {
        let op = self.op;
        let o = self.o;
        bad_shape_if(x.ndim() == 0, op, "x", x.shape(), "at least 1 dimension")?;
        out_of_domain_if(o.fs.is_nan() || o.fs <= 0.0, op, "fs", o.fs, "(0, inf)")?;
        let ax = axis_of(op, o.axis, x.ndim())?;
        let mut xd = x.clone();
        let mut yd = y.cloned();
        let dt_in = match y {
            Some(y) => {
                crate::util::same_device(op, x, y)?;
                DType::promote(x.dtype(), y.dtype())
            }
            None => x.dtype(),
        };
        let outdt = complex_of(inexact(dt_in));
        xd = to_last(&xd.astype(inexact(xd.dtype()))?, ax)?;
        if let Some(yy) = &yd {
            crate::util::same_ndim(op, ("x", x), ("y", yy))?;
            let mut yl = to_last(&yy.astype(inexact(yy.dtype()))?, ax)?;
            // zero-pad the shorter along the axis, broadcast the others
            let (nx, ny) = (
                *xd.shape().last().unwrap_or(&0),
                *yl.shape().last().unwrap_or(&0),
            );
            let padlast = |a: &Array, k: usize| -> Result<Array> {
                let mut pw = cuprum_core::ext::try_vec_filled(a.ndim(), (0usize, 0usize))?;
                pw[a.ndim() - 1] = (0, k);
                cuprum_core::pad(
                    a,
                    &pw,
                    cuprum_core::manip::PadMode::Constant(Scalar::Int(0)),
                )
            };
            if nx < ny {
                xd = padlast(&xd, ny - nx)?;
            } else if ny < nx {
                yl = padlast(&yl, nx - ny)?;
            }
            let v = cuprum_core::broadcast_arrays(&[&xd, &yl])?;
            xd = v[0].clone();
            yd = Some(v[1].clone());
        }
        let n = *xd.shape().last().unwrap_or(&0);
        bad_shape_if(xd.size() == 0, op, "x", x.shape(), "a non-empty array")?;
        if let Some(0) = self.nperseg {
            return Err(Error::bad_argument(op, "nperseg", 0, "a positive integer"));
        }
        let (win, nperseg) = triage(op, &self.window, self.nperseg, n)?;
        let nfft = match o.nfft {
            None => nperseg,
            Some(f) => nfft_at_least(op, f, nperseg)?,
        };
        let noverlap = noverlap_below(op, self.noverlap.unwrap_or(nperseg / 2), nperseg)?;
        let nstep = nperseg - noverlap;
        let prep = |a: &Array| -> Result<Array> {
            let mut a = zero_ext_like(
                a,
                nperseg / 2,
                if self.mode == Mode::Stft {
                    self.boundary
                } else {
                    StftBoundary::None
                },
            )?;
            if self.padded {
                let len = *a.shape().last().unwrap_or(&0);
                let nadd = ((-(len as i64 - nperseg as i64)).rem_euclid(nstep as i64)
                    % nperseg as i64) as usize;
                if nadd > 0 {
                    let mut pw = cuprum_core::ext::try_vec_filled(a.ndim(), (0usize, 0usize))?;
                    pw[a.ndim() - 1] = (0, nadd);
                    a = cuprum_core::pad(
                        &a,
                        &pw,
                        cuprum_core::manip::PadMode::Constant(Scalar::Int(0)),
                    )?;
                }
            }
            Ok(a)
        };
        let xd = prep(&xd)?;
        let yd = yd.map(|v| prep(&v)).transpose()?;
        let len = *xd.shape().last().unwrap_or(&0);
        let wsum: f64 = win.iter().sum();
        let wsq: f64 = win.iter().map(|w| w * w).sum();
        let mut scale = match self.scaling {
            Scaling::Density => 1.0 / (o.fs * wsq),
            Scaling::Spectrum => 1.0 / (wsum * wsum),
        };
        if self.mode == Mode::Stft {
            scale = scale.sqrt();
        }
        let complex_in =
            xd.dtype().is_complex() || yd.as_ref().is_some_and(|v| v.dtype().is_complex());
        let onesided = o.return_onesided && !complex_in;
        let freqs = if onesided {
            cuprum_fft::rfftfreq_on(nfft, 1.0 / o.fs, x.device())?
        } else {
            cuprum_fft::fftfreq_on(nfft, 1.0 / o.fs, x.device())?
        };
        let wdt = real_of(outdt);
        let wa = crate::util::upload(win, x.device())?.astype(wdt)?;
        let frames = |a: &Array| -> Result<Array> {
            let v = cuprum_core::sliding_window_view(a, &[nperseg], Some(&[-1]))?;
            let mut it = vec![
                SliceItem::Slice {
                    start: None,
                    stop: None,
                    step: 1
                };
                v.ndim()
            ];
            it[v.ndim() - 2] = SliceItem::Slice {
                start: None,
                stop: None,
                step: nstep as isize,
            };
            let f = v.slice(&it)?;
            let f = detrend_axis("detrend", &f, f.ndim() - 1, self.detrend)?;
            let f = cuprum_core::multiply(&f, &wa)?;
            if onesided {
                cuprum_fft::rfft(&f, Some(nfft), -1, Norm::Backward)
            } else {
                cuprum_fft::fft(
                    &f.astype(complex_of(f.dtype()))?,
                    Some(nfft),
                    -1,
                    Norm::Backward,
                )
            }
        };
        let fx = frames(&xd)?;
        let mut result = match &yd {
            Some(yv) => cuprum_core::multiply(&cuprum_core::conj(&fx)?, &frames(yv)?)?,
            None if self.mode == Mode::Psd => cuprum_core::multiply(&cuprum_core::conj(&fx)?, &fx)?,
            None => fx,
        };
        result = cuprum_core::multiply(&result, scale)?;
        if onesided && self.mode == Mode::Psd {
            let nf = *result.shape().last().unwrap_or(&0);
            let hi = if nfft % 2 == 1 {
                nf
            } else {
                nf.saturating_sub(1)
            };
            if hi > 1 {
                let mut m = cuprum_core::ext::try_vec_filled(nf, 1.0f64)?;
                for v in m.iter_mut().take(hi).skip(1) {
                    *v = 2.0;
                }
                let m = crate::util::upload(m, x.device())?.astype(wdt)?;
                result = cuprum_core::multiply(&result, &m)?;
            }
        }
        let nseg = if len >= nperseg {
            (len - nperseg) / nstep + 1
        } else {
            0
        };
        let mut t: Vec<f64> = (0..nseg)
            .map(|i| (nperseg as f64 / 2.0 + (i * nstep) as f64) / o.fs)
            .collect();
        if self.mode == Mode::Stft && self.boundary != StftBoundary::None {
            for v in &mut t {
                *v -= (nperseg as f64 / 2.0) / o.fs;
            }
        }
        let time = crate::util::upload(t, x.device())?;
        let mut result = result.astype(outdt)?;
        if y.is_none() && self.mode != Mode::Stft {
            result = cuprum_core::real(&result)?;
        }
        // (..., nseg, nfreq) -> (..., nfreq, nseg)
        let nd = result.ndim();
        let result = result.swapaxes(nd as isize - 1, nd as isize - 2)?;
        Ok((freqs, time, result))
    }
}

/// Moves the (freq, segment) axes of a helper result to SciPy's places: the frequency axis
/// to the signal's axis, segments last.
fn place(r: &Array, x_ndim: usize, axis: isize) -> Result<Array> {
    let ax = axis_of("spectral", axis, x_ndim)?;
    // r: (other axes..., freq, seg); freq goes to `ax`
    r.moveaxis(&[r.ndim() as isize - 2], &[ax as isize])
}

fn median_bias(n: usize) -> f64 {
    let mut s = 0.0;
    for i in 1..=(n - 1) / 2 {
        let ii2 = 2.0 * i as f64;
        s += 1.0 / (ii2 + 1.0) - 1.0 / ii2;
    }
    1.0 + s
}

fn average(op: &'static str, p: &Array, avg: Average) -> Result<Array> {
    let nseg = *p.shape().last().unwrap_or(&0);
    bad_shape_if(
        nseg == 0,
        op,
        "x",
        p.shape(),
        "at least one segment to average",
    )?;
    if nseg == 1 {
        return p.index_axis(-1, 0);
    }
    match avg {
        Average::Mean => p.mean(-1isize, false)?.astype(p.dtype()),
        Average::Median => {
            let b = median_bias(nseg);
            let med = |a: &Array| -> Result<Array> { cuprum_core::median(a, Some(-1), false) };
            if p.dtype().is_complex() {
                let re = med(&cuprum_core::real(p)?)?;
                let im = med(&cuprum_core::imag(p)?)?;
                let c = crate::filter::combine(&re, &im, p.dtype())?;
                cuprum_core::divide(&c, b)
            } else {
                cuprum_core::divide(&med(p)?, b)?.astype(p.dtype())
            }
        }
    }
}

fn csd_impl(
    op: &'static str,
    x: &Array,
    y: Option<&Array>,
    o: &SpectralOptions,
) -> Result<(Array, Array)> {
    let h = Helper {
        op,
        window: o.window.clone().unwrap_or_else(|| "hann".into()),
        nperseg: o.nperseg,
        noverlap: o.noverlap,
        o,
        detrend: o.detrend.unwrap_or(Detrend::Constant),
        scaling: o.scaling.unwrap_or(Scaling::Density),
        mode: Mode::Psd,
        boundary: StftBoundary::None,
        padded: false,
    };
    let (f, _t, r) = h.run(x, y)?;
    let p = average(op, &r, o.average)?;
    // p: (other axes..., freq): freq to the signal's axis
    let ax = axis_of(op, o.axis, x.ndim())?;
    Ok((f, from_last(&p, ax)?))
}

/// Cross power spectral density by Welch's method (`scipy.signal.csd`).
///
/// **Shapes**: `x`, `y` of the same ndim (the shorter zero-padded along `axis`, the other
/// axes broadcast) → `f` `(nfft/2 + 1,)` float64 (`(nfft,)` two-sided) and `Pxy` complex
/// with the frequency axis in place of `axis`.
///
/// Segments of `nperseg` samples overlapping by `noverlap` are detrended, windowed and
/// transformed; `Pxy = mean(conj(X)·Y)·scale` (density: `1/(fs·Σw²)`, spectrum: `1/(Σw)²`),
/// doubled off the DC and Nyquist bins for a one-sided estimate.
///
/// # Errors
/// [`Error::BadArgument`] naming `csd` and the argument for `noverlap >= nperseg`,
/// `nfft < nperseg`, an unknown window; [`Error::BadShape`] for empty data;
/// [`Error::OutOfDomain`] for a non-positive `fs`; [`Error::DeviceMismatch`].
///
/// **Algorithm**: a sliding-window view of the signal strided by `nperseg − noverlap`, one
/// batched real FFT over all the frames (cuFFT on CUDA), then products and a mean over
/// segments; no host round trip.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{SpectralOptions, csd};
/// let x = Array::from_vec_on((0..64).map(|i| (i as f64).sin()).collect::<Vec<_>>(), &[64], Device::Cpu).unwrap();
/// let (f, p) = csd(&x, &x, &SpectralOptions { nperseg: Some(16), ..Default::default() }).unwrap();
/// assert_eq!((f.shape(), p.shape()), (&[9][..], &[9][..]));
/// ```
pub fn csd(x: &Array, y: &Array, opts: &SpectralOptions) -> Result<(Array, Array)> {
    csd_impl("csd", x, Some(y), opts)
}

/// Power spectral density by Welch's method (`scipy.signal.welch`).
///
/// **Shapes**: `x` of any shape → `f` float64 and `Pxx` (the frequency axis in place of
/// `axis`), real: float32 for float32 data, float64 otherwise.
///
/// # Errors
/// As [`csd`], naming `welch`.
///
/// **Algorithm**: as [`csd`] with `y = x`, real part.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{SpectralOptions, welch};
/// let x = Array::from_vec_on(vec![1.0f64; 64], &[64], Device::Cpu).unwrap();
/// let (f, p) = welch(&x, &SpectralOptions { nperseg: Some(16), ..Default::default() }).unwrap();
/// assert_eq!(f.shape(), &[9]);
/// assert!(p.to_vec::<f64>().unwrap().iter().all(|v| v.abs() < 1e-20));
/// ```
pub fn welch(x: &Array, opts: &SpectralOptions) -> Result<(Array, Array)> {
    csd_impl("welch", x, None, opts)
}

/// The periodogram: one segment spanning the signal (`scipy.signal.periodogram`).
///
/// **Shapes**: as [`welch`]. Defaults: window `'boxcar'`, `nfft` the signal length (a
/// shorter `nfft` truncates the signal, a longer one zero-pads).
///
/// # Errors
/// As [`welch`], naming `periodogram`.
///
/// **Algorithm**: [`welch`] with `nperseg` the signal length and no overlap.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{SpectralOptions, periodogram};
/// let x = Array::from_vec_on(vec![1.0f64, -1.0, 1.0, -1.0], &[4], Device::Cpu).unwrap();
/// let (f, p) = periodogram(&x, &SpectralOptions::default()).unwrap();
/// assert_eq!(f.to_vec::<f64>().unwrap(), vec![0.0, 0.25, 0.5]);
/// assert!((p.to_vec::<f64>().unwrap()[2] - 4.0).abs() < 1e-12);
/// ```
pub fn periodogram(x: &Array, opts: &SpectralOptions) -> Result<(Array, Array)> {
    const OP: &str = "periodogram";
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(OP, opts.axis, x.ndim())?;
    let n = x.shape()[ax];
    let mut o = opts.clone();
    o.window = Some(opts.window.clone().unwrap_or_else(|| "boxcar".into()));
    let mut x = x.clone();
    match opts.nfft {
        None => o.nperseg = Some(n),
        Some(f) if f >= n => o.nperseg = Some(n),
        Some(f) => {
            x = crate::util::axis_slice(&x, ax, 0, Some(f as isize))?;
            o.nperseg = Some(f);
            o.nfft = None;
        }
    }
    o.noverlap = Some(0);
    csd_impl(OP, &x, None, &o)
}

/// Magnitude-squared coherence `|Pxy|²/(Pxx·Pyy)` (`scipy.signal.coherence`).
///
/// **Shapes**: as [`csd`]; `Cxy` is real.
///
/// # Errors
/// As [`csd`], naming `coherence`.
///
/// **Algorithm**: three Welch estimates ([`welch`] of `x` and `y`, [`csd`]) combined
/// elementwise.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{SpectralOptions, coherence};
/// let x = Array::from_vec_on((0..64).map(|i| ((i * i) as f64).sin()).collect::<Vec<_>>(), &[64], Device::Cpu).unwrap();
/// let (_f, c) = coherence(&x, &x, &SpectralOptions { nperseg: Some(16), ..Default::default() }).unwrap();
/// assert!(c.to_vec::<f64>().unwrap().iter().all(|v| (v - 1.0).abs() < 1e-9));
/// ```
pub fn coherence(x: &Array, y: &Array, opts: &SpectralOptions) -> Result<(Array, Array)> {
    const OP: &str = "coherence";
    let (f, pxx) = csd_impl(OP, x, None, opts)?;
    let (_, pyy) = csd_impl(OP, y, None, opts)?;
    let (_, pxy) = csd_impl(OP, x, Some(y), opts)?;
    let num = cuprum_core::square(&cuprum_core::abs(&pxy)?)?;
    let c = cuprum_core::divide(&cuprum_core::divide(&num, &pxx)?, &pyy)?;
    Ok((f, c))
}

/// Which spectrogram [`spectrogram`] returns (SciPy's `mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SpectrogramMode {
    /// the power spectral density of each segment (`'psd'`, the default)
    #[default]
    Psd,
    /// the complex STFT (`'complex'`)
    Complex,
    /// its magnitude (`'magnitude'`)
    Magnitude,
    /// its angle (`'angle'`)
    Angle,
}

/// A spectrogram: consecutive Fourier transforms of segments (`scipy.signal.spectrogram`).
///
/// **Shapes**: `x` → `f`, `t` (segment centres in the units of `1/fs`) and `Sxx` with the
/// frequency axis in place of `axis` and segments last. Defaults: window `('tukey', 0.25)`,
/// `noverlap = nperseg/8`, detrend constant, density scaling.
///
/// # Errors
/// As [`csd`], naming `spectrogram`.
///
/// **Algorithm**: [`welch`]'s batched frames and FFT without the average.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{SpectralOptions, spectrogram, spectral::SpectrogramMode};
/// let x = Array::from_vec_on(vec![0.5f64; 100], &[100], Device::Cpu).unwrap();
/// let o = SpectralOptions { nperseg: Some(16), ..Default::default() };
/// let (f, t, s) = spectrogram(&x, &o, SpectrogramMode::Psd).unwrap();
/// assert_eq!((f.shape(), t.shape(), s.shape()), (&[9][..], &[7][..], &[9, 7][..]));
/// ```
pub fn spectrogram(
    x: &Array,
    opts: &SpectralOptions,
    mode: SpectrogramMode,
) -> Result<(Array, Array, Array)> {
    const OP: &str = "spectrogram";
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(OP, opts.axis, x.ndim())?;
    let window = opts
        .window
        .clone()
        .unwrap_or(Window::Param("tukey".into(), 0.25));
    let (_, nperseg) = triage(OP, &window, opts.nperseg, x.shape()[ax])?;
    let h = Helper {
        op: OP,
        window,
        nperseg: Some(nperseg),
        noverlap: Some(opts.noverlap.unwrap_or(nperseg / 8)),
        o: opts,
        detrend: opts.detrend.unwrap_or(Detrend::Constant),
        scaling: opts.scaling.unwrap_or(Scaling::Density),
        mode: if mode == SpectrogramMode::Psd {
            Mode::Psd
        } else {
            Mode::Stft
        },
        boundary: StftBoundary::None,
        padded: false,
    };
    let (f, t, r) = h.run(x, None)?;
    let r = match mode {
        SpectrogramMode::Psd | SpectrogramMode::Complex => r,
        SpectrogramMode::Magnitude => cuprum_core::abs(&r)?,
        SpectrogramMode::Angle => cuprum_core::angle(&r)?,
    };
    Ok((f, t, place(&r, x.ndim(), opts.axis)?))
}

/// Options of [`stft`] and [`istft`] beyond [`SpectralOptions`] (SciPy's `boundary`,
/// `padded`, `input_onesided`, `time_axis`, `freq_axis`).
#[derive(Clone, Copy, Debug)]
pub struct StftOptions {
    /// the extension at both ends (default zeros)
    pub boundary: StftBoundary,
    /// zero-pad the end to a whole number of segments (default true)
    pub padded: bool,
    /// [`istft`]: the input is a one-sided spectrum (default true)
    pub input_onesided: bool,
    /// [`istft`]: the segment axis (default −1)
    pub time_axis: isize,
    /// [`istft`]: the frequency axis (default −2)
    pub freq_axis: isize,
}

impl Default for StftOptions {
    fn default() -> Self {
        StftOptions {
            boundary: StftBoundary::Zeros,
            padded: true,
            input_onesided: true,
            time_axis: -1,
            freq_axis: -2,
        }
    }
}

/// The short-time Fourier transform (`scipy.signal.stft`).
///
/// **Shapes**: `x` → `f`, `t` float64 and `Zxx` complex (complex64 for float32 data) with
/// the frequency axis in place of `axis` and segments last. Defaults: window `'hann'`,
/// `nperseg` 256, `noverlap = nperseg/2`, no detrending, spectrum scaling (`1/Σw`), zeros
/// at both ends (`nperseg/2` each), padded to whole segments.
///
/// # Errors
/// As [`csd`], naming `stft`.
///
/// **Algorithm**: [`welch`]'s batched frames and FFT, scaled by `1/Σw`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{SpectralOptions, stft, spectral::StftOptions};
/// let x = Array::from_vec_on(vec![1.0f64; 64], &[64], Device::Cpu).unwrap();
/// let o = SpectralOptions { nperseg: Some(16), ..Default::default() };
/// let (f, t, z) = stft(&x, &o, &StftOptions::default()).unwrap();
/// assert_eq!((f.shape(), t.shape(), z.shape()), (&[9][..], &[9][..], &[9, 9][..]));
/// ```
pub fn stft(x: &Array, opts: &SpectralOptions, st: &StftOptions) -> Result<(Array, Array, Array)> {
    let h = Helper {
        op: "stft",
        window: opts.window.clone().unwrap_or_else(|| "hann".into()),
        nperseg: Some(opts.nperseg.unwrap_or(256)),
        noverlap: opts.noverlap,
        o: opts,
        detrend: opts.detrend.unwrap_or(Detrend::None),
        scaling: opts.scaling.unwrap_or(Scaling::Spectrum),
        mode: Mode::Stft,
        boundary: st.boundary,
        padded: st.padded,
    };
    let (f, t, r) = h.run(x, None)?;
    Ok((f, t, place(&r, x.ndim(), opts.axis)?))
}

/// The sum over frames of `frames[..., i, :]` placed at `i·nstep` (overlap-add): frames
/// `(..., nseg, nperseg)` → `(..., nperseg + (nseg − 1)·nstep)`.
fn overlap_add(frames: &Array, nstep: usize) -> Result<Array> {
    let nd = frames.ndim();
    let nseg = frames.shape()[nd - 2];
    let nper = frames.shape()[nd - 1];
    let lead: Vec<usize> = frames.shape()[..nd - 2].to_vec();
    let outlen = nper + (nseg - 1) * nstep;
    if nper.is_multiple_of(nstep) {
        // each frame is r blocks of nstep; output block j sums frame j−c's block c
        let r = nper / nstep;
        let mut s = lead.clone();
        s.extend([nseg, r, nstep]);
        let f = frames.reshape(&s[..])?;
        let mut acc: Option<Array> = None;
        for c in 0..r {
            let blk = f.index_axis(nd as isize - 1, c as isize)?; // (..., nseg, nstep)
            let mut pw = cuprum_core::ext::try_vec_filled(blk.ndim(), (0usize, 0usize))?;
            pw[nd - 2] = (c, r - 1 - c);
            let p = cuprum_core::pad(
                &blk,
                &pw,
                cuprum_core::manip::PadMode::Constant(Scalar::Int(0)),
            )?;
            acc = Some(match acc {
                None => p,
                Some(a) => cuprum_core::add(&a, &p)?,
            });
        }
        let acc = acc.ok_or_else(|| Error::invalid_value("istft", "empty frames"))?;
        let mut s = lead;
        s.push(outlen);
        return acc.reshape(&s[..]);
    }
    let mut s = lead;
    s.push(outlen);
    let mut out = cuprum_core::zeros_on(&s[..], frames.dtype(), frames.device())?;
    for i in 0..nseg {
        let fr = frames.index_axis(nd as isize - 2, i as isize)?;
        let mut pw = cuprum_core::ext::try_vec_filled(fr.ndim(), (0usize, 0usize))?;
        pw[fr.ndim() - 1] = (i * nstep, outlen - i * nstep - nper);
        out = cuprum_core::add(
            &out,
            &cuprum_core::pad(
                &fr,
                &pw,
                cuprum_core::manip::PadMode::Constant(Scalar::Int(0)),
            )?,
        )?;
    }
    Ok(out)
}

/// The inverse short-time Fourier transform (`scipy.signal.istft`).
///
/// **Shapes**: `Zxx` with at least 2 axes (frequency `freq_axis`, segments `time_axis`) →
/// `t` float64 and `x` (real for a one-sided input) with the segment axis replaced by time.
///
/// # Errors
/// [`Error::BadShape`] naming `istft` for fewer than 2 axes or a window of another length;
/// [`Error::BadArgument`] for equal time and frequency axes, `noverlap >= nperseg`,
/// `nfft < nperseg`.
///
/// **Algorithm**: a batched inverse FFT of all the segments, windowed overlap-add (as `r`
/// shifted sums when `nperseg` is a multiple of the hop), divided by the overlap-added
/// squared window where it exceeds 1e−10; composed on the input's device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{SpectralOptions, istft, stft, spectral::StftOptions};
/// let x = Array::from_vec_on((0..64).map(|i| (i as f64 * 0.3).sin()).collect::<Vec<_>>(), &[64], Device::Cpu).unwrap();
/// let o = SpectralOptions { nperseg: Some(16), ..Default::default() };
/// let (_f, _t, z) = stft(&x, &o, &StftOptions::default()).unwrap();
/// let (_t, y) = istft(&z, &o, &StftOptions::default()).unwrap();
/// let (a, b) = (x.to_vec::<f64>().unwrap(), y.to_vec::<f64>().unwrap());
/// assert!(a.iter().zip(&b).all(|(p, q)| (p - q).abs() < 1e-12));
/// ```
pub fn istft(zxx: &Array, opts: &SpectralOptions, st: &StftOptions) -> Result<(Array, Array)> {
    const OP: &str = "istft";
    let nd = zxx.ndim();
    bad_shape_if(nd < 2, OP, "Zxx", zxx.shape(), "at least 2 dimensions")?;
    let fa = axis_of(OP, st.freq_axis, nd)?;
    let ta = axis_of(OP, st.time_axis, nd)?;
    bad_argument_if(
        fa == ta,
        OP,
        "time_axis",
        st.time_axis,
        format!("an axis other than freq_axis = {}", st.freq_axis),
    )?;
    if let Some(0) = opts.nperseg {
        return Err(Error::bad_argument(OP, "nperseg", 0, "a positive integer"));
    }
    let nf = zxx.shape()[fa];
    let n_default = if st.input_onesided {
        opts.nperseg.unwrap_or(2 * nf.saturating_sub(1))
    } else {
        nf
    };
    let nperseg = opts.nperseg.unwrap_or(n_default);
    bad_argument_if(nperseg == 0, OP, "nperseg", 0, "a positive integer")?;
    let nfft = match opts.nfft {
        None => {
            if !st.input_onesided && nperseg == n_default + 1 {
                nperseg
            } else {
                n_default
            }
        }
        Some(f) => nfft_at_least(OP, f, nperseg)?,
    };
    let noverlap = noverlap_below(OP, opts.noverlap.unwrap_or(nperseg / 2), nperseg)?;
    let nstep = nperseg - noverlap;
    let z = zxx.astype(complex_of(inexact(zxx.dtype())))?;
    let z = z.moveaxis(&[fa as isize, ta as isize], &[-2, -1])?;
    let nseg = z.shape()[nd - 1];
    bad_shape_if(nseg == 0, OP, "Zxx", z.shape(), "at least one segment")?;
    let window = opts.window.clone().unwrap_or_else(|| "hann".into());
    let win = window.values(OP, nperseg, false)?;
    let xsubs = if st.input_onesided {
        cuprum_fft::irfft(&z, Some(nfft), -2, Norm::Backward)?
    } else {
        cuprum_fft::ifft(&z, Some(nfft), -2, Norm::Backward)?
    };
    let xsubs = crate::util::axis_slice(&xsubs, nd - 2, 0, Some(nperseg as isize))?;
    let wsum: f64 = win.iter().sum();
    let wsq: f64 = win.iter().map(|w| w * w).sum();
    let scale = match opts.scaling.unwrap_or(Scaling::Spectrum) {
        Scaling::Spectrum => wsum,
        Scaling::Density => (opts.fs * wsq).sqrt(),
    };
    let wdt = real_of(xsubs.dtype());
    let wa = crate::util::upload(win.clone(), zxx.device())?.astype(wdt)?;
    // frames (..., nseg, nperseg)
    let frames = cuprum_core::multiply(
        &cuprum_core::multiply(&xsubs.swapaxes(-1, -2)?, scale)?,
        &wa,
    )?;
    let mut x = overlap_add(&frames, nstep)?;
    let w2 = cuprum_core::multiply(&wa, &wa)?.broadcast_to(&[nseg, nperseg])?;
    let mut norm = overlap_add(&w2, nstep)?;
    if st.boundary != StftBoundary::None {
        let h = (nperseg / 2) as isize;
        let xl = x.ndim() - 1;
        x = crate::util::axis_slice(&x, xl, h, Some(-h))?;
        norm = crate::util::axis_slice(&norm, 0, h, Some(-h))?;
    }
    let big = cuprum_core::greater(&norm, 1e-10)?;
    let den = cuprum_core::where_(&big, &norm, 1.0)?;
    let mut x = cuprum_core::divide(&x, &den)?;
    if st.input_onesided {
        x = cuprum_core::real(&x)?;
    }
    let mut x = x.copy()?;
    if x.ndim() > 1 && ta != nd - 1 {
        let t = if fa < ta { ta - 1 } else { ta };
        x = x.moveaxis(&[-1], &[t as isize])?;
    }
    let n0 = x.shape()[0];
    let t: Vec<f64> = (0..n0).map(|i| i as f64 / opts.fs).collect();
    Ok((crate::util::upload(t, zxx.device())?, x))
}

/// `nfft`, checked to be at least `nperseg`.
fn nfft_at_least(op: &'static str, nfft: usize, nperseg: usize) -> Result<usize> {
    bad_argument_if(
        nfft < nperseg,
        op,
        "nfft",
        nfft,
        format!("at least nperseg = {nperseg}"),
    )?;
    Ok(nfft)
}

/// `noverlap`, checked to be less than `nperseg`.
fn noverlap_below(op: &'static str, noverlap: usize, nperseg: usize) -> Result<usize> {
    bad_argument_if(
        noverlap >= nperseg,
        op,
        "noverlap",
        noverlap,
        format!("less than nperseg = {nperseg}"),
    )?;
    Ok(noverlap)
}

fn overlap_bins(
    op: &'static str,
    window: &Window,
    nperseg: usize,
    noverlap: usize,
    square: bool,
) -> Result<Vec<f64>> {
    bad_argument_if(nperseg < 1, op, "nperseg", 0, "a positive integer")?;
    noverlap_below(op, noverlap, nperseg)?;
    let mut win = window.values(op, nperseg, false)?;
    if square {
        for v in &mut win {
            *v *= *v;
        }
    }
    let step = nperseg - noverlap;
    let mut bins = cuprum_core::ext::try_vec_filled(step, 0.0)?;
    for ii in 0..nperseg / step {
        for (b, w) in bins.iter_mut().zip(&win[ii * step..(ii + 1) * step]) {
            *b += w;
        }
    }
    let rem = nperseg % step;
    if rem != 0 {
        for (b, w) in bins.iter_mut().zip(&win[nperseg - rem..]) {
            *b += w;
        }
    }
    Ok(bins)
}

/// Whether the window satisfies the constant-overlap-add constraint (`scipy.signal.check_COLA`).
///
/// # Errors
/// [`Error::BadArgument`] naming `check_COLA` for `noverlap >= nperseg` or an unknown window;
/// [`Error::BadShape`] for a window of another length.
///
/// **Algorithm**: SciPy's: the window's hop-sized bins summed; COLA when they deviate from
/// their median by less than `tol` (host work on the window).
///
/// # Example
/// ```
/// assert!(cuprum_signal::check_cola(&"hann".into(), 256, 128, 1e-10).unwrap());
/// assert!(!cuprum_signal::check_cola(&"hann".into(), 256, 100, 1e-10).unwrap());
/// ```
pub fn check_cola(window: &Window, nperseg: usize, noverlap: usize, tol: f64) -> Result<bool> {
    let mut b = overlap_bins("check_COLA", window, nperseg, noverlap, false)?;
    let mut s = b.clone();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    let med = if n % 2 == 1 {
        s[n / 2]
    } else {
        0.5 * (s[n / 2 - 1] + s[n / 2])
    };
    for v in &mut b {
        *v = (*v - med).abs();
    }
    Ok(b.iter().copied().fold(0.0, f64::max) < tol)
}

/// Whether the window satisfies the nonzero-overlap-add constraint, which [`istft`] needs
/// (`scipy.signal.check_NOLA`).
///
/// # Errors
/// As [`check_cola`], naming `check_NOLA`.
///
/// **Algorithm**: SciPy's: the squared window's hop-sized bins summed; NOLA when every sum
/// exceeds `tol`.
///
/// # Example
/// ```
/// assert!(cuprum_signal::check_nola(&"hann".into(), 256, 128, 1e-10).unwrap());
/// ```
pub fn check_nola(window: &Window, nperseg: usize, noverlap: usize, tol: f64) -> Result<bool> {
    let b = overlap_bins("check_NOLA", window, nperseg, noverlap, true)?;
    Ok(b.iter().copied().fold(f64::INFINITY, f64::min) > tol)
}

/// The normalization of [`lombscargle`] (SciPy's `normalize`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LombNormalize {
    /// the power (`False`/`'power'`, the default)
    #[default]
    Power,
    /// the power divided by the weighted data variance (`True`/`'normalize'`)
    Normalize,
    /// the complex amplitude (`'amplitude'`)
    Amplitude,
}

/// Options of [`lombscargle`].
#[derive(Clone, Copy, Debug, Default)]
pub struct LombOptions<'a> {
    /// the normalization
    pub normalize: LombNormalize,
    /// non-negative sample weights (default all ones)
    pub weights: Option<&'a Array>,
    /// fit a floating mean with each sinusoid
    pub floating_mean: bool,
}

/// The (generalized) Lomb-Scargle periodogram of unevenly sampled data
/// (`scipy.signal.lombscargle`, SciPy 1.17's form without the deprecated `precenter`).
///
/// **Shapes**: 1-D `x` (sample times), `y` (values) and weights of one length, 1-D `freqs`
/// (angular frequencies) → `(len(freqs),)` float64 (complex128 for amplitudes), on `x`'s
/// device.
///
/// # Errors
/// [`Error::BadShape`] naming `lombscargle` for a non-1-D or empty `x` or `freqs`;
/// [`Error::ShapeMismatch`] for `y` or `weights` of another shape than `x`;
/// [`Error::OutOfDomain`] for negative weights or a zero weight sum.
///
/// **Algorithm**: SciPy's (Zechmeister & Kürster's weighted form): the `(n, nfreq)` phase
/// table `freqs·x` and its sums over samples as reductions, on `x`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::spectral::{LombOptions, lombscargle};
/// let x = Array::from_vec_on((0..50).map(|i| i as f64 * 0.37).collect::<Vec<_>>(), &[50], Device::Cpu).unwrap();
/// let y = cuprum_core::sin(&cuprum_core::multiply(&x, 2.0).unwrap()).unwrap();
/// let f = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let p = lombscargle(&x, &y, &f, &LombOptions::default()).unwrap().to_vec::<f64>().unwrap();
/// assert!(p[1] > 10.0 * p[0] && p[1] > 10.0 * p[2]);
/// ```
pub fn lombscargle(x: &Array, y: &Array, freqs: &Array, opts: &LombOptions<'_>) -> Result<Array> {
    const OP: &str = "lombscargle";
    use cuprum_core::{add, cos, divide, multiply, sin, subtract};
    let f64a = |a: &Array| a.astype(DType::Float64);
    let ones;
    let w = match opts.weights {
        Some(w) => w,
        None => {
            ones = cuprum_core::ones_on(y.shape(), DType::Float64, y.device())?;
            &ones
        }
    };
    bad_shape_if(
        !(x.ndim() == 1 && x.size() > 0),
        OP,
        "x",
        x.shape(),
        "a 1-D array of non-zero length",
    )?;
    for other in [("y", y), ("weights", w)] {
        crate::util::same_shape(OP, ("x", x), other)?;
    }
    bad_shape_if(
        !(freqs.ndim() == 1 && freqs.size() > 0),
        OP,
        "freqs",
        freqs.shape(),
        "a 1-D array of non-zero length",
    )?;
    crate::util::same_device(OP, x, y)?;
    crate::util::same_device(OP, x, freqs)?;
    let w = f64a(w)?;
    let wsum = w.sum(None, false)?.item()?.as_f64();
    let wmin = w.min(None, false)?.item()?.as_f64();
    if wmin.is_nan() || wmin < 0.0 || wsum.is_nan() || wsum <= 0.0 {
        return Err(if wmin.is_nan() || wmin < 0.0 {
            Error::out_of_domain(OP, "weights", wmin, "non-negative entries")
        } else {
            Error::out_of_domain(
                OP,
                "weights",
                format!("entries summing to {wsum}"),
                "entries with a positive sum",
            )
        });
    }
    let w = divide(&w, wsum)?.reshape(&[x.size(), 1][..])?;
    let yc = f64a(y)?.reshape(&[x.size(), 1][..])?;
    let wy = multiply(&w, &yc)?;
    let ft = multiply(
        &f64a(freqs)?.reshape(&[1, freqs.size()][..])?,
        &f64a(x)?.reshape(&[x.size(), 1][..])?,
    )?;
    let wsum0 = |a: &Array| -> Result<Array> { multiply(&w, a)?.sum(0isize, false) };
    let (c, s) = (cos(&ft)?, sin(&ft)?);
    let ybar = wy.sum(None, false)?;
    let mut cc = wsum0(&multiply(&c, &c)?)?;
    let mut ss = subtract(1.0, &cc)?;
    let mut cs = wsum0(&multiply(&c, &s)?)?;
    if opts.floating_mean {
        let (cm, sm) = (wsum0(&c)?, wsum0(&s)?);
        cc = subtract(&cc, &multiply(&cm, &cm)?)?;
        ss = subtract(&ss, &multiply(&sm, &sm)?)?;
        cs = subtract(&cs, &multiply(&cm, &sm)?)?;
    }
    let tau = multiply(
        &cuprum_core::arctan2(&multiply(&cs, 2.0)?, &subtract(&cc, &ss)?)?,
        0.5,
    )?;
    let ftt = subtract(&ft, &tau.reshape(&[1, freqs.size()][..])?)?;
    let (ct, st) = (cos(&ftt)?, sin(&ftt)?);
    let mut ycs = multiply(&wy, &ct)?.sum(0isize, false)?;
    let mut yss = multiply(&wy, &st)?.sum(0isize, false)?;
    let mut cc = wsum0(&multiply(&ct, &ct)?)?;
    let mut ss = subtract(1.0, &cc)?;
    if opts.floating_mean {
        let (cm, sm) = (wsum0(&ct)?, wsum0(&st)?);
        ycs = subtract(&ycs, &multiply(&ybar, &cm)?)?;
        yss = subtract(&yss, &multiply(&ybar, &sm)?)?;
        cc = subtract(&cc, &multiply(&cm, &cm)?)?;
        ss = subtract(&ss, &multiply(&sm, &sm)?)?;
    }
    let epsneg = f64::EPSILON / 2.0;
    cc = cuprum_core::maximum(&cc, epsneg)?;
    ss = cuprum_core::maximum(&ss, epsneg)?;
    let a = divide(&ycs, &cc)?;
    let b = divide(&yss, &ss)?;
    match opts.normalize {
        LombNormalize::Power => {
            let p = multiply(&add(&multiply(&a, &ycs)?, &multiply(&b, &yss)?)?, 2.0)?;
            multiply(&p, x.size() as f64 / 4.0)
        }
        LombNormalize::Normalize => {
            let p = multiply(&add(&multiply(&a, &ycs)?, &multiply(&b, &yss)?)?, 2.0)?;
            let mut yy = multiply(&wy, &yc)?.sum(None, false)?;
            if opts.floating_mean {
                yy = subtract(&yy, &multiply(&ybar, &ybar)?)?;
            }
            multiply(&p, &divide(0.5, &yy)?)
        }
        LombNormalize::Amplitude => {
            let amp = crate::filter::combine(&a, &b, DType::Complex128)?;
            let rot = crate::filter::combine(&cos(&tau)?, &sin(&tau)?, DType::Complex128)?;
            multiply(&amp, &rot)
        }
    }
}
