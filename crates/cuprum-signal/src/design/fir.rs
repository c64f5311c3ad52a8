//! FIR filter design: `firwin` and the Kaiser-window helpers (`kaiser_beta`, `kaiser_atten`,
//! `kaiserord`), on the host in float64.

use crate::util::upload;
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
/// [`Error::InvalidValue`] when `ripple < 8` dB.
///
/// # Example
/// ```
/// let (n, beta) = cuprum_signal::kaiserord(65.0, 0.1).unwrap();
/// assert_eq!(n, 81);
/// assert!(beta > 6.0);
/// ```
pub fn kaiserord(ripple: f64, width: f64) -> Result<(usize, f64)> {
    let a = ripple.abs();
    if a < 8.0 {
        return Err(Error::invalid_value(
            "kaiserord",
            format!("requested maximum ripple attenuation {a} is too small for the Kaiser formula"),
        ));
    }
    let beta = kaiser_beta(a);
    let n = (a - 7.95) / 2.285 / (PI * width) + 1.0;
    Ok((n.ceil() as usize, beta))
}

/// Host taps of [`firwin`].
pub(crate) fn firwin_taps(numtaps: usize, cutoff: &[f64], o: &FirwinOptions) -> Result<Vec<f64>> {
    const OP: &str = "firwin";
    let fs = o.fs.unwrap_or(2.0);
    let nyq = 0.5 * fs;
    if cutoff.is_empty() {
        return Err(Error::invalid_value(
            OP,
            "at least one cutoff frequency must be given",
        ));
    }
    if numtaps == 0 {
        return Err(Error::invalid_value(OP, "numtaps must be at least 1"));
    }
    let c: Vec<f64> = cutoff.iter().map(|&x| x / nyq).collect();
    if c.iter().any(|&x| !(x > 0.0 && x < 1.0)) {
        return Err(Error::invalid_value(
            OP,
            format!(
                "invalid cutoff frequency {cutoff:?}: frequencies must be greater than 0 and less than fs/2 = {nyq}"
            ),
        ));
    }
    if c.windows(2).any(|w| w[1] <= w[0]) {
        return Err(Error::invalid_value(
            OP,
            format!(
                "invalid cutoff frequencies {cutoff:?}: the frequencies must be strictly increasing"
            ),
        ));
    }
    let window = match o.width {
        Some(w) => Window::Param("kaiser".into(), kaiser_beta(kaiser_atten(numtaps, w / nyq))),
        None => o.window.clone(),
    };
    let pass_nyquist = c.len().is_multiple_of(2) == o.pass_zero;
    if pass_nyquist && numtaps.is_multiple_of(2) {
        return Err(Error::invalid_value(
            OP,
            format!(
                "a filter with an even number of coefficients ({numtaps}) must have zero response at the Nyquist frequency"
            ),
        ));
    }
    let mut edges = cuprum_core::ext::try_vec_with_capacity(c.len() + 2)?;
    if o.pass_zero {
        edges.push(0.0);
    }
    edges.extend_from_slice(&c);
    if pass_nyquist {
        edges.push(1.0);
    }
    let alpha = 0.5 * (numtaps as f64 - 1.0);
    let m: Vec<f64> = (0..numtaps).map(|i| i as f64 - alpha).collect();
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
/// [`Error::InvalidValue`] naming `firwin` for a cutoff outside `(0, fs/2)` or not
/// increasing, an even `numtaps` with a passband at Nyquist, an unknown window.
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
