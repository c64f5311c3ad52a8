//! One-dimensional interpolation and discrete convolution with NumPy's names: `interp`,
//! `convolve`, `correlate` ([`ConvolveMode`]).
//!
//! Composed of core's searchsorted, `take`, sliding-window views, reductions and ufuncs, so
//! they run on every device.

use crate::manip::{concatenate, flip};
use crate::ops::{add, conj, divide, equal, greater, less, multiply, subtract, where_};
use crate::util::{ishape, range};
use crate::{Array, DType, Error, Result};

/// One-dimensional piecewise-linear interpolation (`numpy.interp`).
///
/// **Shapes:** `xp` and `fp` 1-D of one length (`xp` increasing); the result has `x`'s shape,
/// float64 (complex128 when `fp` is complex). Below `xp[0]` the value is `left` (default
/// `fp[0]`), above `xp[-1]` it is `right` (default `fp[-1]`).
///
/// # Errors
/// [`Error::BadShape`] for empty `xp` or `xp`/`fp` of different lengths or not 1-D.
///
/// ```
/// use cuprum_core::{Array, interp};
/// let xp = Array::from_vec(vec![1.0f64, 2.0, 3.0], &[3]).unwrap();
/// let fp = Array::from_vec(vec![3.0f64, 2.0, 0.0], &[3]).unwrap();
/// let x = Array::from_vec(vec![0.0f64, 1.5, 2.5, 3.0, 4.0], &[5]).unwrap();
/// let r = interp(&x, &xp, &fp, None, None).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(r, vec![3.0, 2.5, 1.0, 0.0, 0.0]);
/// ```
pub fn interp(
    x: &Array,
    xp: &Array,
    fp: &Array,
    left: Option<f64>,
    right: Option<f64>,
) -> Result<Array> {
    const OP: &str = "interp";
    if xp.ndim() != 1 || fp.ndim() != 1 || xp.size() != fp.size() {
        return Err(if xp.ndim() != 1 {
            Error::bad_shape(OP, "xp", xp.shape(), "a 1-D sequence")
        } else if fp.ndim() != 1 {
            Error::bad_shape(OP, "fp", fp.shape(), "a 1-D sequence")
        } else {
            Error::ShapeMismatch {
                op: OP,
                lhs: xp.shape().to_vec(),
                rhs: fp.shape().to_vec(),
                detail: Some("xp and fp must have the same length".into()),
            }
        });
    }
    let n = xp.size();
    if n == 0 {
        return Err(Error::bad_shape(
            OP,
            "xp",
            &[0],
            "a non-empty array of sample points",
        ));
    }
    let out_dt = if fp.dtype().is_complex() {
        DType::Complex128
    } else {
        DType::Float64
    };
    let xf = x.astype(DType::Float64)?;
    let xpf = xp.astype(DType::Float64)?;
    let fpf = fp.astype(out_dt)?;
    let first = xpf.index_axis(0, 0)?;
    let last = xpf.index_axis(0, -1)?;
    let f_first = fpf.index_axis(0, 0)?;
    let f_last = fpf.index_axis(0, -1)?;
    let mut r = if n == 1 {
        crate::creation::zeros_on(x.shape(), out_dt, x.device())?
    } else {
        let j = crate::sort::searchsorted(&xpf, &xf.ravel()?, crate::sort::Side::Right, None)?;
        let j = crate::ops::clip(
            &subtract(&j, 1i64)?,
            Some(0i64.into()),
            Some(((n - 2) as i64).into()),
        )?;
        let j1 = add(&j, 1i64)?;
        let tk = |a: &Array, i: &Array| {
            crate::indexing::take(a, i, None, crate::indexing::IndexMode::Raise)
        };
        let (x0, x1, y0, y1) = (tk(&xpf, &j)?, tk(&xpf, &j1)?, tk(&fpf, &j)?, tk(&fpf, &j1)?);
        let xr = xf.ravel()?;
        let slope = divide(&subtract(&y1, &y0)?, &subtract(&x1, &x0)?)?;
        let v = add(&multiply(&slope, &subtract(&xr, &x0)?)?, &y0)?;
        let v = where_(&equal(&xr, &x0)?, &y0, &v)?;
        v.reshape(ishape(x.shape()).as_slice())?
    };
    r = where_(&equal(&xf, &last)?, &f_last, &r)?;
    let lv = match left {
        Some(l) => Array::scalar_on(l, x.device())?.astype(out_dt)?,
        None => f_first,
    };
    let rv = match right {
        Some(v) => Array::scalar_on(v, x.device())?.astype(out_dt)?,
        None => f_last,
    };
    r = where_(&less(&xf, &first)?, &lv, &r)?;
    r = where_(&greater(&xf, &last)?, &rv, &r)?;
    r.astype(out_dt)
}

/// The `mode` of [`convolve`] and [`correlate`] (NumPy's `'full'`, `'same'`, `'valid'`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConvolveMode {
    /// Every point of overlap: `n + m - 1` values.
    Full,
    /// `max(n, m)` values, centered on the full result.
    Same,
    /// Only complete overlaps: `max(n, m) - min(n, m) + 1` values.
    Valid,
}

impl ConvolveMode {
    /// Parses NumPy's mode string.
    ///
    /// # Errors
    /// [`Error::BadArgument`] for another string.
    pub fn parse(s: &str) -> Result<ConvolveMode> {
        match s {
            "full" | "f" => Ok(ConvolveMode::Full),
            "same" | "s" => Ok(ConvolveMode::Same),
            "valid" | "v" => Ok(ConvolveMode::Valid),
            _ => Err(Error::bad_argument(
                "convolve",
                "mode",
                format!("{s:?}"),
                "'full', 'same' or 'valid'",
            )),
        }
    }
}

/// The full discrete convolution of 1-D `a` and `v` (a sliding-window view times `v`).
fn convolve_full(op: &'static str, a: &Array, v: &Array) -> Result<Array> {
    if a.ndim() != 1 || v.ndim() != 1 {
        return Err(if a.ndim() != 1 {
            Error::bad_shape(op, "a", a.shape(), "a 1-D array")
        } else {
            Error::bad_shape(op, "v", v.shape(), "a 1-D array")
        });
    }
    if a.size() == 0 || v.size() == 0 {
        return Err(if a.size() == 0 {
            Error::bad_shape(op, "a", a.shape(), "a non-empty array")
        } else {
            Error::bad_shape(op, "v", v.shape(), "a non-empty array")
        });
    }
    let dt = DType::promote(a.dtype(), v.dtype());
    let (a, v) = if a.size() >= v.size() { (a, v) } else { (v, a) };
    let m = v.size();
    let z = crate::creation::zeros_on(&[m - 1], dt, a.device())?;
    let ap = concatenate(&[&z, &a.astype(dt)?, &z], 0)?;
    let w = crate::indexing::sliding_window_view(&ap, &[m], None)?;
    let vr = flip(&v.astype(dt)?, None)?;
    let acc = if dt.is_bool() { DType::Int64 } else { dt };
    let prod = multiply(&w.astype(acc)?, &vr.astype(acc)?)?;
    crate::reduce::sum_dtype(&prod, 1, false, Some(acc))?.astype(dt)
}

fn mode_slice(full: Array, n: usize, m: usize, mode: ConvolveMode) -> Result<Array> {
    let (big, small) = (n.max(m), n.min(m));
    let (start, len) = match mode {
        ConvolveMode::Full => return Ok(full),
        ConvolveMode::Same => ((small - 1) / 2, big),
        ConvolveMode::Valid => (small - 1, big - small + 1),
    };
    full.slice(&[range(Some(start as isize), Some((start + len) as isize))])
}

/// The discrete linear convolution of two 1-D arrays (`numpy.convolve`).
///
/// **Shapes:** `a` (n) and `v` (m) 1-D, non-empty; the result has `n+m-1` (`Full`), `max(n,m)`
/// (`Same`) or `max-min+1` (`Valid`) elements in the promoted dtype. Computed as a
/// sliding-window view of the zero-padded longer input multiplied by the reversed shorter one
/// and summed (O(n·m) work, one pass on the device).
///
/// # Errors
/// [`Error::BadShape`] for empty or non-1-D inputs.
///
/// ```
/// use cuprum_core::{Array, convolve, ConvolveMode};
/// let a = Array::from_vec(vec![1.0f64, 2.0, 3.0], &[3]).unwrap();
/// let v = Array::from_vec(vec![0.0f64, 1.0, 0.5], &[3]).unwrap();
/// let r = convolve(&a, &v, ConvolveMode::Full).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(r, vec![0.0, 1.0, 2.5, 4.0, 1.5]);
/// ```
pub fn convolve(a: &Array, v: &Array, mode: ConvolveMode) -> Result<Array> {
    let full = convolve_full("convolve", a, v)?;
    mode_slice(full, a.size(), v.size(), mode)
}

/// The cross-correlation of two 1-D arrays, `c[k] = Σ a[n+k]·conj(v[n])` (`numpy.correlate`;
/// NumPy's default mode is `Valid`).
///
/// **Shapes:** as [`convolve`].
///
/// # Errors
/// As [`convolve`].
///
/// ```
/// use cuprum_core::{Array, correlate, ConvolveMode};
/// let a = Array::from_vec(vec![1.0f64, 2.0, 3.0], &[3]).unwrap();
/// let v = Array::from_vec(vec![0.0f64, 1.0, 0.5], &[3]).unwrap();
/// let r = correlate(&a, &v, ConvolveMode::Same).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(r, vec![2.0, 3.5, 3.0]);
/// ```
pub fn correlate(a: &Array, v: &Array, mode: ConvolveMode) -> Result<Array> {
    if v.ndim() != 1 {
        return Err(Error::bad_shape("correlate", "v", v.shape(), "a 1-D array"));
    }
    let vr = flip(&conj(v)?, None)?;
    let full = convolve_full("correlate", a, &vr)?;
    let r = mode_slice(full, a.size(), v.size(), mode)?;
    if a.size() < v.size() && mode != ConvolveMode::Full {
        // NumPy slices the full result as for `correlate(v, a)` reversed
        let fullr = convolve_full("correlate", v, &flip(&conj(a)?, None)?)?;
        let rr = mode_slice(fullr, a.size(), v.size(), mode)?;
        let rr = if a.dtype().is_complex() || v.dtype().is_complex() {
            conj(&rr)?
        } else {
            rr
        };
        return flip(&rr, None)?.copy();
    }
    Ok(r)
}
