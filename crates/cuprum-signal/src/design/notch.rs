//! Second-order notch and peak filters (`iirnotch`, `iirpeak`), designed on the host.

use crate::util::upload;
use cuprum_core::{Array, Error, Result, current_device};
use std::f64::consts::PI;

fn notch_peak(op: &'static str, w0: f64, q: f64, fs: f64, notch: bool) -> Result<(Array, Array)> {
    if !(fs > 0.0 && fs.is_finite()) {
        return Err(Error::invalid_value(
            op,
            format!("sampling frequency fs={fs} must be a positive number"),
        ));
    }
    if !(w0 > 0.0 && w0 < fs / 2.0) {
        return Err(Error::invalid_value(
            op,
            format!("w0 ({w0}) should be such that 0 < w0 < fs/2 ({})", fs / 2.0),
        ));
    }
    if q.is_nan() || q <= 0.0 {
        return Err(Error::invalid_value(
            op,
            format!("quality factor Q ({q}) must be positive"),
        ));
    }
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
/// [`Error::InvalidValue`] naming `iirnotch` for `w0` outside `(0, fs/2)`, `q <= 0`, a
/// non-positive `fs`.
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
