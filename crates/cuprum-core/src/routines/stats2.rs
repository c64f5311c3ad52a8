//! More statistics with NumPy's names: `average`, `nanmedian`, `nanquantile`/`nanpercentile`
//! (and the several-`q` forms), `digitize`, `histogram2d`, `histogramdd`.
//!
//! Composed of sort, `take_along_axis`, searchsorted, `bincount`, reductions and the ufuncs, so
//! they run on every device; bin edges and monotonicity checks are computed on the host.

use super::util::ishape;
use crate::layout::normalize_axis;
use crate::ops::{self, where_};
use crate::sort::Side;
use crate::stats::QuantileMethod;
use crate::{Array, DType, Error, Result};

/// The weighted average along `axis` (`numpy.average`; the mean without weights).
///
/// **Shapes:** `weights` has `a`'s shape, or is 1-D with `a.shape[axis]` entries (then `axis`
/// is required). **dtypes:** NumPy's: integers and bools average in float64, floats in the
/// promoted float dtype.
///
/// # Errors
/// [`Error::InvalidValue`] when the weights sum to zero along some slice ("Weights sum to zero,
/// can't be normalized") or 1-D weights are given without an axis; [`Error::ShapeMismatch`]
/// for weights of another shape.
///
/// ```
/// use cuprum_core::{Array, average};
/// let a = Array::from_vec(vec![1.0f64, 2.0, 3.0, 4.0], &[4]).unwrap();
/// let w = Array::from_vec(vec![4.0f64, 3.0, 2.0, 1.0], &[4]).unwrap();
/// assert_eq!(average(&a, None, Some(&w)).unwrap().item().unwrap().as_f64(), 2.0);
/// ```
pub fn average(a: &Array, axis: Option<isize>, weights: Option<&Array>) -> Result<Array> {
    average_returned(a, axis, weights).map(|(avg, _)| avg)
}

/// [`average`] and the sum of the weights (`numpy.average(..., returned=True)`), the second
/// broadcast to the first's shape.
///
/// # Errors
/// As [`average`].
///
/// ```
/// use cuprum_core::{Array, average_returned};
/// let a = Array::from_vec(vec![1.0f64, 3.0], &[2]).unwrap();
/// let (avg, w) = average_returned(&a, None, None).unwrap();
/// assert_eq!((avg.item().unwrap().as_f64(), w.item().unwrap().as_f64()), (2.0, 2.0));
/// ```
pub fn average_returned(
    a: &Array,
    axis: Option<isize>,
    weights: Option<&Array>,
) -> Result<(Array, Array)> {
    const OP: &str = "average";
    let Some(w) = weights else {
        let avg = crate::reduce::mean(a, axis, false)?;
        let n = match axis {
            None => a.size(),
            Some(ax) => a.shape()[normalize_axis(OP, ax, a.ndim())?],
        };
        let cnt = crate::creation::full_on(avg.shape(), n as f64, avg.dtype(), avg.device())?;
        return Ok((avg, cnt));
    };
    let mut dt = DType::promote(a.dtype(), w.dtype());
    if !a.dtype().is_inexact() {
        dt = DType::promote(dt, DType::Float64);
    }
    let w = if w.shape() != a.shape() {
        let Some(ax) = axis else {
            return Err(Error::invalid_value(
                OP,
                format!(
                    "axis must be specified when shapes of a {:?} and weights {:?} differ",
                    a.shape(),
                    w.shape()
                ),
            ));
        };
        let ax = normalize_axis(OP, ax, a.ndim())?;
        if w.ndim() != 1 || w.size() != a.shape()[ax] {
            return Err(Error::ShapeMismatch { op: OP, lhs: a.shape().to_vec(), rhs: w.shape().to_vec(), detail: Some("1D weights expected when shapes of a and weights differ; length of weights must match the axis".into()) });
        }
        let mut shape = vec![1isize; a.ndim()];
        shape[ax] = w.size() as isize;
        w.reshape(shape.as_slice())?
    } else {
        w.clone()
    };
    let w = w.astype(dt)?;
    let scl = crate::reduce::sum(&w.broadcast_to(a.shape())?, axis, false)?;
    if crate::reduce::any(&ops::equal(&scl, 0.0)?, None, false)?
        .item()?
        .as_bool()
    {
        return Err(Error::invalid_value(
            OP,
            "Weights sum to zero, can't be normalized",
        ));
    }
    let num = crate::reduce::sum(&ops::multiply(&a.astype(dt)?, &w)?, axis, false)?;
    let avg = ops::divide(&num, &scl)?.astype(dt)?;
    let scl = scl.broadcast_to(avg.shape())?.copy()?;
    Ok((avg, scl))
}

/// NumPy's `_lerp`: `a + (b - a)·t`, computed from the nearer end.
fn lerp(a: &Array, b: &Array, t: &Array) -> Result<Array> {
    let d = ops::subtract(b, a)?;
    let lo = ops::add(a, &ops::multiply(&d, t)?)?;
    let hi = ops::subtract(b, &ops::multiply(&d, &ops::subtract(1.0, t)?)?)?;
    where_(&ops::greater_equal(t, 0.5)?, &hi, &lo)
}

fn nanquantile_impl(
    op: &'static str,
    a: &Array,
    qs: &[f64],
    axis: Option<isize>,
    keepdims: bool,
    method: QuantileMethod,
    scalar: bool,
) -> Result<Array> {
    if a.dtype().is_complex() {
        return Err(Error::DType {
            op,
            dtype: a.dtype(),
            detail: ": expected real numbers".into(),
        });
    }
    if !a.dtype().is_float() {
        // no NaN in integer arrays
        let r = crate::stats::quantiles(a, qs, axis, keepdims, method)?;
        return if scalar { r.index_axis(0, 0) } else { Ok(r) };
    }
    if let Some(q) = qs.iter().find(|q| !(0.0..=1.0).contains(*q)) {
        let shown = if op == "nanpercentile" { q * 100.0 } else { *q };
        let range = if op == "nanpercentile" {
            "[0, 100]"
        } else {
            "[0, 1]"
        };
        return Err(Error::invalid_value(
            op,
            format!("q={shown} is outside {range}"),
        ));
    }
    let (x, ax) = match axis {
        None => (a.ravel()?, 0usize),
        Some(ax) => (a.clone(), normalize_axis(op, ax, a.ndim())?),
    };
    // NumPy 2: a list of q (a float64 array) makes the interpolation run in float64
    let x = if !scalar && matches!(method, QuantileMethod::Linear | QuantileMethod::Midpoint) {
        x.astype(DType::promote(x.dtype(), DType::Float64))?
    } else {
        x
    };
    let n = x.shape()[ax];
    if n == 0 {
        return Err(Error::invalid_value(
            op,
            format!(
                "cannot take the {op} of an empty axis (shape {:?})",
                a.shape()
            ),
        ));
    }
    let xs = crate::sort::sort(&x, Some(ax as isize))?.moveaxis(&[ax as isize], &[-1])?;
    let cnt = crate::reduce::sum(&ops::logical_not(&ops::isnan(&xs)?)?, -1, true)?;
    let top = ops::subtract(&cnt, 1i64)?.astype(DType::Float64)?;
    let mut parts = Vec::with_capacity(qs.len());
    for &q in qs {
        let v = ops::multiply(&top, q)?;
        let clamp = |e: Array| -> Result<Array> {
            ops::clip(
                &e.astype(DType::Int64)?,
                Some(0i64.into()),
                Some(((n - 1) as i64).into()),
            )
        };
        let lo = clamp(ops::floor(&v)?)?;
        let hi = clamp(ops::ceil(&v)?)?;
        let tk = |i: &Array| crate::indexing::take_along_axis(&xs, i, -1);
        let r = match method {
            QuantileMethod::Lower => tk(&lo)?,
            QuantileMethod::Higher => tk(&hi)?,
            QuantileMethod::Nearest => tk(&clamp(ops::rint(&v)?)?)?,
            QuantileMethod::Midpoint => {
                let (a0, a1) = (tk(&lo)?, tk(&hi)?);
                ops::divide(&ops::add(&a0, &a1)?, 2.0)?.astype(x.dtype())?
            }
            QuantileMethod::Linear => {
                let (a0, a1) = (tk(&lo)?, tk(&hi)?);
                let t = ops::subtract(&v, &ops::floor(&v)?)?.astype(x.dtype())?;
                lerp(&a0, &a1, &t)?.astype(x.dtype())?
            }
        };
        let r = where_(&ops::equal(&cnt, 0i64)?, f64::NAN, &r)?.astype(x.dtype())?;
        parts.push(r.squeeze(Some(&[-1]))?);
    }
    let r = crate::manip::stack(&parts.iter().collect::<Vec<_>>(), 0)?;
    let mut shape = vec![qs.len() as isize];
    if keepdims {
        match axis {
            None => shape.extend(std::iter::repeat_n(1, a.ndim())),
            Some(_) => shape.extend(
                a.shape()
                    .iter()
                    .enumerate()
                    .map(|(i, &s)| if i == ax { 1 } else { s as isize }),
            ),
        }
    } else {
        shape.extend(ishape(&r.shape()[1..]));
    }
    if scalar {
        shape.remove(0);
    }
    r.reshape(shape.as_slice())?.copy()
}

/// The `q`-th quantile ignoring NaN (`numpy.nanquantile`); NaN for an all-NaN slice.
///
/// **Shapes/dtypes:** as [`quantile`](crate::quantile): the reduced shape (`keepdims` keeps the
/// axes as 1); floats keep their dtype, integers give float64 for the interpolating methods.
///
/// # Errors
/// [`Error::InvalidValue`] for `q` outside `[0, 1]` or an empty axis; [`Error::DType`] for
/// complex input; [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, nanquantile, QuantileMethod};
/// let a = Array::from_vec(vec![10.0f64, f64::NAN, 4.0, 7.0], &[4]).unwrap();
/// let q = nanquantile(&a, 0.5, None, false, QuantileMethod::Linear).unwrap();
/// assert_eq!(q.item().unwrap().as_f64(), 7.0);
/// ```
pub fn nanquantile(
    a: &Array,
    q: f64,
    axis: Option<isize>,
    keepdims: bool,
    method: QuantileMethod,
) -> Result<Array> {
    nanquantile_impl("nanquantile", a, &[q], axis, keepdims, method, true)
}

/// [`nanquantile`] for several `q` (a leading axis of `q.len()`).
///
/// # Errors
/// As [`nanquantile`].
///
/// ```
/// use cuprum_core::{Array, nanquantiles, QuantileMethod};
/// let a = Array::from_vec(vec![1.0f64, f64::NAN, 3.0], &[3]).unwrap();
/// let q = nanquantiles(&a, &[0.0, 1.0], None, false, QuantileMethod::Linear).unwrap();
/// assert_eq!(q.to_vec::<f64>().unwrap(), vec![1.0, 3.0]);
/// ```
pub fn nanquantiles(
    a: &Array,
    q: &[f64],
    axis: Option<isize>,
    keepdims: bool,
    method: QuantileMethod,
) -> Result<Array> {
    nanquantile_impl("nanquantile", a, q, axis, keepdims, method, false)
}

/// The `q`-th percentile ignoring NaN (`numpy.nanpercentile`; `q` in `[0, 100]`).
///
/// # Errors
/// As [`nanquantile`].
///
/// ```
/// use cuprum_core::{Array, nanpercentile, QuantileMethod};
/// let a = Array::from_vec(vec![1.0f64, f64::NAN, 3.0], &[3]).unwrap();
/// assert_eq!(nanpercentile(&a, 50.0, None, false, QuantileMethod::Linear).unwrap().item().unwrap().as_f64(), 2.0);
/// ```
pub fn nanpercentile(
    a: &Array,
    q: f64,
    axis: Option<isize>,
    keepdims: bool,
    method: QuantileMethod,
) -> Result<Array> {
    nanquantile_impl(
        "nanpercentile",
        a,
        &[q / 100.0],
        axis,
        keepdims,
        method,
        true,
    )
}

/// [`nanpercentile`] for several `q`.
///
/// # Errors
/// As [`nanquantile`].
///
/// ```
/// use cuprum_core::{Array, nanpercentiles, QuantileMethod};
/// let a = Array::from_vec(vec![1.0f64, f64::NAN, 3.0], &[3]).unwrap();
/// let q = nanpercentiles(&a, &[0.0, 100.0], None, false, QuantileMethod::Linear).unwrap();
/// assert_eq!(q.to_vec::<f64>().unwrap(), vec![1.0, 3.0]);
/// ```
pub fn nanpercentiles(
    a: &Array,
    q: &[f64],
    axis: Option<isize>,
    keepdims: bool,
    method: QuantileMethod,
) -> Result<Array> {
    let q: Vec<f64> = q.iter().map(|x| x / 100.0).collect();
    nanquantile_impl("nanpercentile", a, &q, axis, keepdims, method, false)
}

/// The median ignoring NaN (`numpy.nanmedian`); NaN for an all-NaN slice.
///
/// # Errors
/// As [`nanquantile`].
///
/// ```
/// use cuprum_core::{Array, nanmedian};
/// let a = Array::from_vec(vec![10.0f64, f64::NAN, 4.0, 7.0, 1.0], &[5]).unwrap();
/// assert_eq!(nanmedian(&a, None, false).unwrap().item().unwrap().as_f64(), 5.5);
/// ```
pub fn nanmedian(a: &Array, axis: Option<isize>, keepdims: bool) -> Result<Array> {
    nanquantile_impl(
        "nanmedian",
        a,
        &[0.5],
        axis,
        keepdims,
        QuantileMethod::Linear,
        true,
    )
}

/// The index of the bin of each value (`numpy.digitize`): for increasing `bins`,
/// `bins[i-1] <= x < bins[i]` (`right = false`) or `bins[i-1] < x <= bins[i]`; decreasing
/// bins mirror it.
///
/// **Shapes:** int64 of `x`'s shape; `bins` 1-D and monotonic.
///
/// # Errors
/// [`Error::InvalidValue`] for `bins` not 1-D or not monotonic; [`Error::DType`] for complex
/// input.
///
/// ```
/// use cuprum_core::{Array, digitize};
/// let x = Array::from_vec(vec![0.2f64, 6.4, 3.0, 1.6], &[4]).unwrap();
/// let b = Array::from_vec(vec![0.0f64, 1.0, 2.5, 4.0, 10.0], &[5]).unwrap();
/// assert_eq!(digitize(&x, &b, false).unwrap().to_vec::<i64>().unwrap(), vec![1, 4, 3, 2]);
/// ```
pub fn digitize(x: &Array, bins: &Array, right: bool) -> Result<Array> {
    const OP: &str = "digitize";
    for a in [x, bins] {
        if a.dtype().is_complex() {
            return Err(Error::DType {
                op: OP,
                dtype: a.dtype(),
                detail: ": x may not be complex".into(),
            });
        }
    }
    if bins.ndim() != 1 {
        return Err(Error::invalid_value(
            OP,
            format!("bins must be 1-D, got shape {:?}", bins.shape()),
        ));
    }
    let dt = DType::promote(x.dtype(), bins.dtype());
    let b = bins.astype(dt)?;
    let xv = x.astype(dt)?;
    let n = b.size();
    let mono = if n < 2 {
        1
    } else {
        let d = crate::manip::diff(&b, 1, 0)?;
        let inc = crate::reduce::all(&ops::greater_equal(&d, 0i64)?, None, false)?
            .item()?
            .as_bool();
        let dec = crate::reduce::all(&ops::less_equal(&d, 0i64)?, None, false)?
            .item()?
            .as_bool();
        if inc {
            1
        } else if dec {
            -1
        } else {
            0
        }
    };
    if mono == 0 {
        return Err(Error::invalid_value(
            OP,
            "bins must be monotonically increasing or decreasing",
        ));
    }
    let side = if right { Side::Left } else { Side::Right };
    let flat = xv.ravel()?;
    let r = if mono == 1 {
        crate::sort::searchsorted(&b, &flat, side, None)?
    } else {
        let rev = crate::manip::flip(&b, None)?.copy()?;
        ops::subtract(
            n as i64,
            &crate::sort::searchsorted(&rev, &flat, side, None)?,
        )?
    };
    r.astype(DType::Int64)?
        .reshape(ishape(x.shape()).as_slice())
}

/// How [`histogramdd`] bins one dimension: a number of equal bins (over `range` or the data's
/// span), or explicit increasing edges.
#[derive(Clone, Debug)]
pub enum Bins {
    /// `bins` equal-width bins; `range` `(lo, hi)` or the data's min and max.
    Count(usize, Option<(f64, f64)>),
    /// Explicit bin edges (1-D, increasing).
    Edges(Array),
}

/// The multidimensional histogram of `sample` (`numpy.histogramdd`): counts (float64) of
/// shape `(nbins_0, ..., nbins_{D-1})` and the `D` edge arrays (float64).
///
/// **Shapes:** `sample` is `(N, D)`; `bins` has `D` entries; `weights` (N,) replace the counts
/// by sums of weights; with `density` the result is divided by the total and the bin volumes.
/// As in NumPy, the last bin of each dimension includes its right edge and values outside are
/// dropped.
///
/// # Errors
/// [`Error::InvalidValue`] when the number of bins does not match `D`, for zero bins, a range
/// with `lo > hi` or non-finite, or edges not increasing; [`Error::ShapeMismatch`] for weights
/// of another length.
///
/// ```
/// use cuprum_core::{Array, histogramdd, Bins};
/// let s = Array::from_vec(vec![0.0f64, 0.0, 1.0, 1.0, 1.0, 0.0], &[3, 2]).unwrap();
/// let (h, _) = histogramdd(&s, &[Bins::Count(2, None), Bins::Count(2, None)], None, false).unwrap();
/// assert_eq!(h.to_vec::<f64>().unwrap(), vec![1.0, 0.0, 1.0, 1.0]);
/// ```
pub fn histogramdd(
    sample: &Array,
    bins: &[Bins],
    weights: Option<&Array>,
    density: bool,
) -> Result<(Array, Vec<Array>)> {
    const OP: &str = "histogramdd";
    if sample.ndim() != 2 {
        return Err(Error::invalid_value(
            OP,
            format!("sample must be (N, D), got shape {:?}", sample.shape()),
        ));
    }
    let (n, dims) = (sample.shape()[0], sample.shape()[1]);
    if bins.len() != dims {
        return Err(Error::invalid_value(
            OP,
            format!(
                "the dimension of bins ({}) must be equal to the dimension of the sample x ({dims})",
                bins.len()
            ),
        ));
    }
    if let Some(w) = weights
        && w.size() != n
    {
        return Err(Error::ShapeMismatch {
            op: OP,
            lhs: vec![n],
            rhs: w.shape().to_vec(),
            detail: Some("weights must have one entry per sample".into()),
        });
    }
    let dev = sample.device();
    let s = sample.astype(DType::Float64)?;
    let mut edges = Vec::with_capacity(dims);
    let mut nb = Vec::with_capacity(dims);
    let mut flat = crate::creation::zeros_on(&[n], DType::Int64, dev)?;
    for (i, b) in bins.iter().enumerate() {
        let col = s.index_axis(1, i as isize)?;
        let e = match b {
            Bins::Count(k, range) => {
                if *k == 0 {
                    return Err(Error::invalid_value(
                        OP,
                        format!("`bins[{i}]` must be positive, when an integer"),
                    ));
                }
                let (mut lo, mut hi) = match range {
                    Some(r) => *r,
                    None if n == 0 => (0.0, 1.0),
                    None => (
                        crate::reduce::min(&col, None, false)?.item()?.as_f64(),
                        crate::reduce::max(&col, None, false)?.item()?.as_f64(),
                    ),
                };
                if lo > hi || !lo.is_finite() || !hi.is_finite() {
                    return Err(Error::invalid_value(
                        OP,
                        format!("range [{lo}, {hi}] of dimension {i} must be finite with lo <= hi"),
                    ));
                }
                if lo == hi {
                    lo -= 0.5;
                    hi += 0.5;
                }
                crate::creation::linspace_on(lo, hi, k + 1, true, Some(DType::Float64), dev)?
            }
            Bins::Edges(e) => {
                let e = e.astype(DType::Float64)?.to_device(dev)?;
                if e.ndim() != 1 || e.size() < 2 {
                    return Err(Error::invalid_value(
                        OP,
                        format!("`bins[{i}]` must be a 1-D array of at least 2 edges"),
                    ));
                }
                let d = crate::manip::diff(&e, 1, 0)?;
                if crate::reduce::any(&ops::less(&d, 0.0)?, None, false)?
                    .item()?
                    .as_bool()
                {
                    return Err(Error::invalid_value(
                        OP,
                        format!("`bins[{i}]` must be monotonically increasing, when an array"),
                    ));
                }
                e
            }
        };
        let k = e.size() - 1;
        let last = e.index_axis(0, -1)?;
        let mut idx =
            crate::sort::searchsorted(&e, &col, Side::Right, None)?.astype(DType::Int64)?;
        idx = ops::subtract(&idx, &ops::equal(&col, &last)?.astype(DType::Int64)?)?;
        flat = ops::add(&ops::multiply(&flat, (k + 2) as i64)?, &idx)?;
        nb.push(k);
        edges.push(e);
    }
    let total: usize = nb.iter().map(|k| k + 2).product();
    let counts = crate::stats::bincount(&flat, weights, total)?.astype(DType::Float64)?;
    let full: Vec<isize> = nb.iter().map(|&k| (k + 2) as isize).collect();
    let items: Vec<crate::index::SliceItem> = nb
        .iter()
        .map(|&k| super::util::range(Some(1), Some(k as isize + 1)))
        .collect();
    let mut hist = counts.reshape(full.as_slice())?.slice(&items)?.copy()?;
    if density {
        let s = crate::reduce::sum(&hist, None, false)?;
        hist = ops::divide(&hist, &s)?;
        for (i, e) in edges.iter().enumerate() {
            let w = crate::manip::diff(e, 1, 0)?;
            let mut shape = vec![1isize; dims];
            shape[i] = w.size() as isize;
            hist = ops::divide(&hist, &w.reshape(shape.as_slice())?)?;
        }
    }
    Ok((hist, edges))
}

/// The bi-dimensional histogram of `x` and `y` (`numpy.histogram2d`): counts (float64) of
/// shape `(nx, ny)` and the x and y edges; see [`histogramdd`].
///
/// # Errors
/// [`Error::ShapeMismatch`] when `x` and `y` differ in length; as [`histogramdd`].
///
/// ```
/// use cuprum_core::{Array, histogram2d, Bins};
/// let x = Array::from_vec(vec![0.0f64, 1.0, 1.0], &[3]).unwrap();
/// let y = Array::from_vec(vec![0.0f64, 1.0, 0.0], &[3]).unwrap();
/// let (h, _, _) = histogram2d(&x, &y, Bins::Count(2, None), Bins::Count(2, None), None, false).unwrap();
/// assert_eq!(h.to_vec::<f64>().unwrap(), vec![1.0, 0.0, 1.0, 1.0]);
/// ```
pub fn histogram2d(
    x: &Array,
    y: &Array,
    xbins: Bins,
    ybins: Bins,
    weights: Option<&Array>,
    density: bool,
) -> Result<(Array, Array, Array)> {
    if x.size() != y.size() {
        return Err(Error::ShapeMismatch {
            op: "histogram2d",
            lhs: x.shape().to_vec(),
            rhs: y.shape().to_vec(),
            detail: Some("x and y must have the same length".into()),
        });
    }
    let s = crate::manip::stack(
        &[
            &x.ravel()?.astype(DType::Float64)?,
            &y.ravel()?.astype(DType::Float64)?,
        ],
        1,
    )?;
    let (h, mut e) = histogramdd(&s, &[xbins, ybins], weights, density)?;
    let ey = e.pop().expect("two edge arrays");
    let ex = e.pop().expect("two edge arrays");
    Ok((h, ex, ey))
}
