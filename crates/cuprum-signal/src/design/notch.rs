//! Second-order notch and peak filters (`iirnotch`, `iirpeak`), designed on the host.

use crate::util::upload;
use crate::util::{bad_argument_if, out_of_domain_if};
#[cfg(doc)]
use cuprum_core::Error;
use cuprum_core::{Array, Result, current_device};
use std::f64::consts::PI;

/// The argument rules of the comb, notch and peak designs: `fs` positive and finite, `w0` in
/// `(0, fs/2)`, `Q` positive.
fn check_w0_q_fs(op: &'static str, w0: f64, q: f64, fs: f64) -> Result<()> {
    check_freq_fs(op, "w0", w0, fs)?;
    out_of_domain_if(q.is_nan() || q <= 0.0, op, "Q", q, "(0, inf)")
}

/// `fs` positive and finite, the frequency `f` (the argument `arg`) in `(0, fs/2)`.
fn check_freq_fs(op: &'static str, arg: &'static str, f: f64, fs: f64) -> Result<()> {
    out_of_domain_if(!(fs > 0.0 && fs.is_finite()), op, "fs", fs, "(0, inf)")?;
    let nyq = fs / 2.0;
    out_of_domain_if(
        !(f > 0.0 && f < nyq),
        op,
        arg,
        f,
        format!("(0, fs/2) = (0, {nyq})"),
    )
}

fn notch_peak(op: &'static str, w0: f64, q: f64, fs: f64, notch: bool) -> Result<(Array, Array)> {
    check_w0_q_fs(op, w0, q, fs)?;
    let w0 = 2.0 * w0 / fs;
    let bw = w0 / q * PI;
    let w0 = w0 * PI;
    let gb = 1.0 / 2f64.sqrt();
    let beta = if notch {
        ((1.0 - gb * gb).sqrt() / gb) * (bw / 2.0).tan()
    } else {
        (gb / (1.0 - gb * gb).sqrt()) * (bw / 2.0).tan()
    };
    let gain = 1.0 / (1.0 + beta);
    let b = if notch {
        vec![gain, -2.0 * gain * w0.cos(), gain]
    } else {
        vec![1.0 - gain, 0.0, -(1.0 - gain)]
    };
    let a = vec![1.0, -2.0 * gain * w0.cos(), 2.0 * gain - 1.0];
    let dev = current_device();
    Ok((upload(b, dev)?, upload(a, dev)?))
}

/// A second-order IIR notch filter at `w0` with quality factor `q` (`scipy.signal.iirnotch`).
///
/// **Shapes**: → `b`, `a` `(3,)` float64 on the current device. `w0` is in the units of `fs`
/// (default 2: normalized to Nyquist); `q = w0/bandwidth` at −3 dB.
///
/// # Errors
/// [`Error::OutOfDomain`] naming `iirnotch` and the argument for `w0` outside `(0, fs/2)`,
/// `Q <= 0`, a non-positive `fs`.
///
/// **Algorithm**: SciPy's closed form (`_design_notch_peak_filter`).
///
/// # Example
/// ```
/// let (b, a) = cuprum_signal::iirnotch(60.0, 30.0, 1000.0).unwrap();
/// assert_eq!((b.shape(), a.shape()), (&[3][..], &[3][..]));
/// ```
pub fn iirnotch(w0: f64, q: f64, fs: f64) -> Result<(Array, Array)> {
    notch_peak("iirnotch", w0, q, fs, true)
}

/// A second-order IIR peak (resonator) filter at `w0` with quality factor `q`
/// (`scipy.signal.iirpeak`).
///
/// **Shapes**, units and errors: as [`iirnotch`], naming `iirpeak`.
///
/// # Errors
/// As [`iirnotch`].
///
/// **Algorithm**: SciPy's closed form.
///
/// # Example
/// ```
/// let (b, _a) = cuprum_signal::iirpeak(0.2, 10.0, 2.0).unwrap();
/// assert_eq!(b.to_vec::<f64>().unwrap()[1], 0.0);
/// ```
pub fn iirpeak(w0: f64, q: f64, fs: f64) -> Result<(Array, Array)> {
    notch_peak("iirpeak", w0, q, fs, false)
}

/// A comb notch or peak filter at the harmonics of `w0` (`scipy.signal.iircomb`).
///
/// **Shapes**: → `b`, `a` `(N + 1,)` float64 on the current device, `N = fs/w0` (which must be
/// an integer). `peak` selects the peaking comb; `pass_zero` whether the comb passes DC.
///
/// # Errors
/// [`Error::OutOfDomain`] naming `iircomb` and the argument for `w0` outside `(0, fs/2)`, a
/// non-positive `fs` or `Q`; [`Error::BadArgument`] for `fs` not a multiple of `w0`.
///
/// **Algorithm**: SciPy's closed form.
///
/// # Example
/// ```
/// let (b, a) = cuprum_signal::iircomb(60.0, 30.0, false, 600.0, false).unwrap();
/// assert_eq!((b.shape(), a.shape()), (&[11][..], &[11][..]));
/// ```
pub fn iircomb(w0: f64, q: f64, peak: bool, fs: f64, pass_zero: bool) -> Result<(Array, Array)> {
    const OP: &str = "iircomb";
    check_w0_q_fs(OP, w0, q, fs)?;
    let n = (fs / w0).round() as usize;
    bad_argument_if(
        ((w0 - fs / n as f64) / fs).abs() > 1e-14,
        OP,
        "w0",
        w0,
        format!("a divisor of fs = {fs}"),
    )?;
    let w = 2.0 * PI * w0 / fs;
    let wd = w / q;
    let (g0, g) = if peak { (0.0, 1.0) } else { (1.0, 0.0) };
    let beta = (n as f64 * wd / 4.0).tan();
    let ax = (1.0 - beta) / (1.0 + beta);
    let bx = (g0 + g * beta) / (1.0 + beta);
    let cx = (g0 - g * beta) / (1.0 + beta);
    let negative = (peak && pass_zero) || (!peak && !pass_zero);
    let sgn = if negative { -1.0 } else { 1.0 };
    let mut b = cuprum_core::ext::try_vec_filled(n + 1, 0.0)?;
    let mut a = cuprum_core::ext::try_vec_filled(n + 1, 0.0)?;
    b[0] = bx;
    b[n] = sgn * cx;
    a[0] = 1.0;
    a[n] = sgn * ax;
    let dev = current_device();
    Ok((upload(b, dev)?, upload(a, dev)?))
}

/// A gammatone filter at `freq` (`scipy.signal.gammatone`): an FIR of `numtaps` taps (default
/// `max(fs·0.015, 15)`) and `order` (default 4, at most 24) when `iir` is false, else the
/// 4th-order IIR approximation of Slaney.
///
/// **Shapes**: → `b`, `a` float64 on the current device (`a = [1]` for the FIR).
///
/// # Errors
/// [`Error::OutOfDomain`] naming `gammatone` and the argument for `freq` outside `(0, fs/2)`
/// or a non-positive `fs`; [`Error::BadArgument`] for an order outside `1..=24`.
///
/// **Algorithm**: SciPy's closed forms (the ERB bandwidth `1.019·(f/9.26449 + 24.7)`).
///
/// # Example
/// ```
/// let (b, a) = cuprum_signal::gammatone(1000.0, true, None, None, 16000.0).unwrap();
/// assert_eq!((b.shape(), a.shape()), (&[5][..], &[9][..]));
/// ```
pub fn gammatone(
    freq: f64,
    iir: bool,
    order: Option<usize>,
    numtaps: Option<usize>,
    fs: f64,
) -> Result<(Array, Array)> {
    const OP: &str = "gammatone";
    use cuprum_core::Complex64 as C;
    check_freq_fs(OP, "freq", freq, fs)?;
    let erb = freq / 9.26449 + 24.7;
    let dev = current_device();
    if !iir {
        let order = order.unwrap_or(4);
        bad_argument_if(!(1..=24).contains(&order), OP, "order", order, "1 to 24")?;
        let numtaps = numtaps.unwrap_or(((fs * 0.015) as usize).max(15));
        let bw = 1.019 * erb;
        let fact: f64 = (1..order).map(|i| i as f64).product();
        let scale = 2.0 * (2.0 * PI * bw).powi(order as i32) / fact / fs;
        let mut b = cuprum_core::ext::try_vec_with_capacity(numtaps)?;
        for i in 0..numtaps {
            let t = i as f64 / fs;
            b.push(
                t.powi(order as i32 - 1)
                    * (-2.0 * PI * bw * t).exp()
                    * (2.0 * PI * freq * t).cos()
                    * scale,
            );
        }
        return Ok((upload(b, dev)?, upload(vec![1.0], dev)?));
    }
    let t = 1.0 / fs;
    let bw = 2.0 * PI * 1.019 * erb;
    let fr = 2.0 * freq * PI * t;
    let bwt = bw * t;
    let g1 = C::new(0.0, 2.0 * fr).exp() * (-2.0 * t);
    let g2 = C::new(-bwt, fr).exp() * (2.0 * t);
    let s2 = 2f64.powf(1.5);
    let g3 = (3.0 + s2).sqrt() * fr.sin();
    let g4 = (3.0 - s2).sqrt() * fr.sin();
    let g5 = C::new(0.0, 2.0 * fr).exp();
    let mut g = g1 + g2 * (fr.cos() - g4);
    g *= g1 + g2 * (fr.cos() + g4);
    g *= g1 + g2 * (fr.cos() - g3);
    g *= g1 + g2 * (fr.cos() + g3);
    let den =
        (C::new(-2.0 / (2.0 * bwt).exp(), 0.0) - g5 * 2.0 + (g5 + 1.0) * (2.0 / bwt.exp())).powi(4);
    let g = (g / den).norm();
    let e = |k: f64| (k * bwt).exp();
    let t4 = t.powi(4);
    let b = vec![
        t4 / g,
        -4.0 * t4 * fr.cos() / e(1.0) / g,
        6.0 * t4 * (2.0 * fr).cos() / e(2.0) / g,
        -4.0 * t4 * (3.0 * fr).cos() / e(3.0) / g,
        t4 * (4.0 * fr).cos() / e(4.0) / g,
    ];
    let a = vec![
        1.0,
        -8.0 * fr.cos() / e(1.0),
        4.0 * (4.0 + 3.0 * (2.0 * fr).cos()) / e(2.0),
        -8.0 * (6.0 * fr.cos() + (3.0 * fr).cos()) / e(3.0),
        2.0 * (18.0 + 16.0 * (2.0 * fr).cos() + (4.0 * fr).cos()) / e(4.0),
        -8.0 * (6.0 * fr.cos() + (3.0 * fr).cos()) / e(5.0),
        4.0 * (4.0 + 3.0 * (2.0 * fr).cos()) / e(6.0),
        -8.0 * fr.cos() / e(7.0),
        (-8.0 * bwt).exp(),
    ];
    Ok((upload(b, dev)?, upload(a, dev)?))
}
