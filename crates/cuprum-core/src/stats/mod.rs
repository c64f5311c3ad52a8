//! Order statistics, counting and covariance with NumPy's names and semantics: `median`,
//! `quantile`/`percentile` (and the several-`q` forms), `bincount`, `histogram`, `cov` and
//! `corrcoef`.
//!
//! Everything here is composed of existing operations (sort, take, searchsorted, `add.at`,
//! reductions, matmul and the ufuncs), so it runs on every device with no kernels of its own;
//! a few scalars (a data range, a largest bin index) are read back to the host, one
//! synchronization each on CUDA.
//!
//! The submodules hold the weighted mean (`average`), NaN-ignoring quantiles (`nanquantile`,
//! `nanmedian`, ...) and multi-dimensional binning (`digitize`, `histogram2d`, `histogramdd`).

mod average;
mod binning;
mod nanquantile;
pub use average::*;
pub use binning::*;
pub use nanquantile::*;

use crate::indexing::{IndexItem, IndexMode};
use crate::layout::normalize_axis;
use crate::ops::{
    add, clip, divide, greater_equal, isnan, less_equal, logical_and, minimum, multiply, sqrt,
    subtract, where_,
};
use crate::reduce::Axes;
use crate::sort::Side;
use crate::{Array, DType, Error, Result, Scalar};

/// How [`quantile`] picks a value between two order statistics (NumPy's `method=`).
///
/// With `n` sorted values and `v = q·(n-1)`: `Linear` interpolates between the values at
/// `floor(v)` and `ceil(v)` (NumPy's default); `Lower` and `Higher` take one of them; `Nearest`
/// takes the value at `v` rounded half to even; `Midpoint` averages the two.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum QuantileMethod {
    /// `method='linear'` (the default).
    #[default]
    Linear,
    /// `method='lower'`.
    Lower,
    /// `method='higher'`.
    Higher,
    /// `method='nearest'`.
    Nearest,
    /// `method='midpoint'`.
    Midpoint,
}

impl QuantileMethod {
    fn keeps_dtype(self) -> bool {
        matches!(
            self,
            QuantileMethod::Lower | QuantileMethod::Higher | QuantileMethod::Nearest
        )
    }
}

fn real_only(op: &'static str, a: &Array) -> Result<()> {
    if a.dtype().is_complex() {
        return Err(Error::DType {
            op,
            dtype: a.dtype(),
            detail: ": expected real numbers".into(),
        });
    }
    Ok(())
}

/// The array to sort and the axis: `a` flattened for `axis = None`.
fn prepare(op: &'static str, a: &Array, axis: Option<isize>) -> Result<(Array, usize)> {
    real_only(op, a)?;
    match axis {
        None => Ok((a.ravel()?, 0)),
        Some(ax) => Ok((a.clone(), normalize_axis(op, ax, a.ndim())?)),
    }
}

/// The result dtype of an interpolating statistic: float inputs keep theirs, others float64.
fn float_dtype(d: DType) -> DType {
    if d.is_float() { d } else { DType::Float64 }
}

fn index_array(v: Vec<i64>, a: &Array) -> Result<Array> {
    let n = v.len();
    Array::from_vec_on(v, &[n], a.device())
}

/// Moves axis `ax` (holding one entry per `q`) to the front, and applies `keepdims` (the
/// reduced axes kept as 1 after the q axis) and a scalar `q` (the q axis dropped).
fn finish(
    r: Array,
    ax: usize,
    a: &Array,
    axis: Option<isize>,
    keepdims: bool,
    scalar: bool,
) -> Result<Array> {
    let r = r.moveaxis(&[ax as isize], &[0])?;
    let nq = r.shape()[0];
    let mut shape: Vec<usize> = vec![nq];
    if keepdims {
        match axis {
            None => shape.extend(std::iter::repeat_n(1, a.ndim())),
            Some(_) => {
                for (i, &s) in a.shape().iter().enumerate() {
                    shape.push(if i == ax { 1 } else { s });
                }
            }
        }
    } else {
        shape.extend_from_slice(&r.shape()[1..]);
    }
    if scalar {
        shape.remove(0);
    }
    let shape: Vec<isize> = shape.iter().map(|&s| s as isize).collect();
    r.reshape(&shape)?.as_c_contiguous()
}

fn quantile_impl(
    op: &'static str,
    a: &Array,
    qs: &[f64],
    axis: Option<isize>,
    keepdims: bool,
    method: QuantileMethod,
    scalar: bool,
) -> Result<Array> {
    let (x, ax) = prepare(op, a, axis)?;
    if let Some(q) = qs.iter().find(|q| !(0.0..=1.0).contains(*q)) {
        let (lo, hi, q) = if op == "percentile" {
            (0.0, 100.0, q * 100.0)
        } else {
            (0.0, 1.0, *q)
        };
        return Err(Error::out_of_domain(op, "q", q, format!("[{lo}, {hi}]")));
    }
    let n = x.shape()[ax];
    if n == 0 {
        return Err(Error::bad_shape(
            op,
            "a",
            a.shape(),
            format!("a non-empty axis {ax}"),
        ));
    }
    let s = crate::sort::sort(&x, Some(ax as isize))?;
    let (mut lo, mut hi, mut gamma) = (Vec::new(), Vec::new(), Vec::new());
    for &q in qs {
        let v = q * (n - 1) as f64;
        let (f, c) = (v.floor(), v.ceil());
        let pick = match method {
            QuantileMethod::Linear => None,
            QuantileMethod::Lower => Some(f),
            QuantileMethod::Higher => Some(c),
            QuantileMethod::Nearest => Some(v.round_ties_even()),
            QuantileMethod::Midpoint => None,
        };
        match pick {
            Some(i) => {
                lo.push(i as i64);
                hi.push(i as i64);
                gamma.push(0.0);
            }
            None => {
                lo.push(f as i64);
                hi.push(c as i64);
                gamma.push(match method {
                    QuantileMethod::Midpoint if c > f => 0.5,
                    QuantileMethod::Midpoint => 0.0,
                    _ => v - f,
                });
            }
        }
    }
    // NumPy: an array q (float64) promotes the interpolated result to float64
    let out_dtype = if method.keeps_dtype() {
        x.dtype()
    } else if scalar {
        float_dtype(x.dtype())
    } else {
        DType::Float64
    };
    let prev = crate::indexing::take(
        &s,
        &index_array(lo, &x)?,
        Some(ax as isize),
        IndexMode::Raise,
    )?
    .astype(out_dtype)?;
    let r = if method.keeps_dtype() {
        prev
    } else {
        let next = crate::indexing::take(
            &s,
            &index_array(hi, &x)?,
            Some(ax as isize),
            IndexMode::Raise,
        )?
        .astype(out_dtype)?;
        // NumPy's _lerp: a + (b-a)·t, or b - (b-a)·(1-t) where t >= 0.5
        let mut gshape = vec![1isize; x.ndim()];
        gshape[ax] = qs.len() as isize;
        let per_q = |v: Vec<f64>| -> Result<Array> {
            Array::from_vec_on(v, &[qs.len()], x.device())?
                .astype(out_dtype)?
                .reshape(&gshape)
        };
        let t = per_q(gamma.clone())?;
        let u = per_q(gamma.iter().map(|g| 1.0 - g).collect())?;
        let high = per_q(
            gamma
                .iter()
                .map(|&g| if g >= 0.5 { 1.0 } else { 0.0 })
                .collect(),
        )?
        .astype(DType::Bool)?;
        let diff = subtract(&next, &prev)?;
        let up = add(&prev, &multiply(&diff, &t)?)?;
        let down = subtract(&next, &multiply(&diff, &u)?)?;
        where_(&high, &down, &up)?
    };
    // a NaN anywhere in a slice sorts last and makes that slice's quantiles NaN
    let r = if x.dtype().is_float() {
        let last = crate::indexing::take(
            &s,
            &index_array(vec![n as i64 - 1], &x)?,
            Some(ax as isize),
            IndexMode::Raise,
        )?;
        where_(&isnan(&last)?, f64::NAN, &r)?.astype(r.dtype())?
    } else {
        r
    };
    finish(r, ax, a, axis, keepdims, scalar)
}

/// The `q`-th quantile of `a` along `axis` (`numpy.quantile(a, q, axis, method=..., keepdims)`),
/// `q` in `[0, 1]`.
///
/// Sorts along the axis (`None`: the flattened array) and interpolates between order
/// statistics as `method` says ([`QuantileMethod`]; NumPy's default is `Linear`, with NumPy's
/// `_lerp`). A slice containing NaN gives NaN.
///
/// **Shapes:** `a.shape()` without `axis` (all axes for `None`); with `keepdims` the reduced
/// axes stay as 1. **Dtypes:** real; float inputs keep their dtype, integer and bool inputs
/// give float64 (`Lower`, `Higher` and `Nearest` keep the input dtype).
///
/// # Errors
/// [`Error::OutOfDomain`] for `q` outside `[0, 1]`, [`Error::BadShape`] for an empty axis (NumPy raises
/// `IndexError`); [`Error::AxisOutOfBounds`]; [`Error::DType`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, stats::{self, QuantileMethod}};
/// let a = Array::from_vec_on(vec![3.0f64, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0], &[8], Device::Cpu).unwrap();
/// let q = stats::quantile(&a, 0.3, None, false, QuantileMethod::Linear).unwrap();
/// assert!((q.item().unwrap().as_f64() - 2.1).abs() < 1e-12); // np.quantile(a, 0.3) = 2.1
/// ```
pub fn quantile(
    a: &Array,
    q: f64,
    axis: Option<isize>,
    keepdims: bool,
    method: QuantileMethod,
) -> Result<Array> {
    quantile_impl("quantile", a, &[q], axis, keepdims, method, true)
}

/// [`quantile`] for several `q` at once (`numpy.quantile` with an array `q`): the result has a
/// leading axis of length `q.len()`. As in NumPy, the float64 `q` array makes interpolated
/// results float64 even for float32 input.
///
/// # Errors
/// As [`quantile`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, stats::{self, QuantileMethod}};
/// let a = Array::from_vec_on((0..12).map(|i| i as f64).collect::<Vec<_>>(), &[3, 4], Device::Cpu).unwrap();
/// let q = stats::quantiles(&a, &[0.25, 0.75], Some(1), true, QuantileMethod::Linear).unwrap();
/// assert_eq!(q.shape(), &[2, 3, 1]);
/// ```
pub fn quantiles(
    a: &Array,
    q: &[f64],
    axis: Option<isize>,
    keepdims: bool,
    method: QuantileMethod,
) -> Result<Array> {
    quantile_impl("quantile", a, q, axis, keepdims, method, false)
}

/// The `q`-th percentile, `q` in `[0, 100]` (`numpy.percentile`): [`quantile`] of `q / 100`.
///
/// # Errors
/// As [`quantile`] (the message names `percentile` and `q` in percent).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, stats::{self, QuantileMethod}};
/// let a = Array::from_vec_on((0..10).map(|i| i as f64).collect::<Vec<_>>(), &[10], Device::Cpu).unwrap();
/// let p = stats::percentile(&a, 33.0, None, false, QuantileMethod::Nearest).unwrap();
/// assert_eq!(p.item().unwrap().as_f64(), 3.0);
/// ```
pub fn percentile(
    a: &Array,
    q: f64,
    axis: Option<isize>,
    keepdims: bool,
    method: QuantileMethod,
) -> Result<Array> {
    quantile_impl("percentile", a, &[q / 100.0], axis, keepdims, method, true)
}

/// [`percentile`] for several `q` at once: a leading axis of length `q.len()`.
///
/// # Errors
/// As [`quantile`].
pub fn percentiles(
    a: &Array,
    q: &[f64],
    axis: Option<isize>,
    keepdims: bool,
    method: QuantileMethod,
) -> Result<Array> {
    let q: Vec<f64> = q.iter().map(|x| x / 100.0).collect();
    quantile_impl("percentile", a, &q, axis, keepdims, method, false)
}

/// The median along `axis` (`numpy.median`): the middle value, or the mean of the two middle
/// values (`(a + b) / 2`, as NumPy's `mean`) for an even count. A slice containing NaN gives
/// NaN, and an empty slice gives NaN as in NumPy.
///
/// **Shapes:** as [`quantile`]. **Dtypes:** real; float inputs keep their dtype, integer and
/// bool inputs give float64.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::DType`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, stats};
/// let a = Array::from_vec_on(vec![1i64, 5, 2, 4, 4, 9], &[2, 3], Device::Cpu).unwrap();
/// let m = stats::median(&a, Some(0), false).unwrap();
/// assert_eq!(m.to_vec::<f64>().unwrap(), vec![2.5, 4.5, 5.5]);
/// ```
pub fn median(a: &Array, axis: Option<isize>, keepdims: bool) -> Result<Array> {
    const OP: &str = "median";
    let (x, ax) = prepare(OP, a, axis)?;
    let n = x.shape()[ax];
    let dt = float_dtype(x.dtype());
    if n == 0 {
        let mut shape: Vec<usize> = x.shape().to_vec();
        shape[ax] = 1;
        let r = crate::creation::full_on(&shape, f64::NAN, Some(dt), x.device())?;
        return finish(r, ax, a, axis, keepdims, true);
    }
    let s = crate::sort::sort(&x, Some(ax as isize))?;
    let pick = |i: usize| -> Result<Array> {
        crate::indexing::take(
            &s,
            &index_array(vec![i as i64], &x)?,
            Some(ax as isize),
            IndexMode::Raise,
        )?
        .astype(dt)
    };
    let mid = if n % 2 == 1 {
        pick(n / 2)?
    } else {
        divide(&add(&pick(n / 2 - 1)?, &pick(n / 2)?)?, 2.0)?
    };
    let r = if dt.is_float() && x.dtype().is_float() {
        where_(&isnan(&pick(n - 1)?)?, f64::NAN, &mid)?.astype(dt)?
    } else {
        mid
    };
    finish(r, ax, a, axis, keepdims, true)
}

/// Counts of each value in a 1-D array of non-negative integers (`numpy.bincount`), or sums
/// of `weights` per value.
///
/// Composed of `add.at` (scatter-add) into zeros of length `max(x) + 1` (at least
/// `minlength`); `max(x)` and `min(x)` are read back to the host.
///
/// **Shapes:** `x` 1-D; `weights`, when given, the same shape. **Dtypes:** `x` integer or
/// bool; the result is int64 counts, or float64 sums of `weights` (any real dtype).
///
/// # Errors
/// [`Error::OutOfDomain`] or [`Error::BadShape`] naming the value for a negative entry, or a non-1-D `x`;
/// [`Error::DType`] for a float or complex `x` (NumPy cannot cast it safely) or complex weights;
/// [`Error::ShapeMismatch`] when `weights` has another shape.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, stats};
/// let x = Array::from_vec_on(vec![0i64, 1, 1, 3], &[4], Device::Cpu).unwrap();
/// assert_eq!(stats::bincount(&x, None, 0).unwrap().to_vec::<i64>().unwrap(), vec![1, 2, 0, 1]);
/// assert_eq!(stats::bincount(&x, None, 6).unwrap().shape(), &[6]);
/// ```
pub fn bincount(x: &Array, weights: Option<&Array>, minlength: usize) -> Result<Array> {
    const OP: &str = "bincount";
    if !(x.dtype().is_integer() || x.dtype().is_bool()) {
        return Err(Error::DType {
            op: OP,
            dtype: x.dtype(),
            detail: ": x must hold integers (NumPy cannot cast it to int64 safely)".into(),
        });
    }
    if x.ndim() != 1 {
        return Err(Error::bad_shape(OP, "x", x.shape(), "a 1-D array"));
    }
    if let Some(w) = weights {
        real_only(OP, w)?;
        if w.shape() != x.shape() {
            return Err(Error::ShapeMismatch {
                op: OP,
                lhs: x.shape().to_vec(),
                rhs: w.shape().to_vec(),
                detail: Some("weights must have the shape of x".into()),
            });
        }
    }
    let xi = x.astype(DType::Int64)?;
    let mut len = minlength;
    if x.size() > 0 {
        let lo = crate::reduce::min(&xi, Axes::All, false)?.item()?.as_i64();
        if lo < 0 {
            return Err(Error::out_of_domain(OP, "x", lo, "non-negative integers"));
        }
        let hi = crate::reduce::max(&xi, Axes::All, false)?.item()?.as_i64();
        len = len.max((hi as usize).saturating_add(1));
    }
    crate::layout::checked_size(OP, &[len], 8)?;
    let (dt, b) = match weights {
        Some(w) => (DType::Float64, w.astype(DType::Float64)?),
        None => (
            DType::Int64,
            crate::creation::ones_on(x.shape(), DType::Int64, x.device())?,
        ),
    };
    let out = crate::creation::zeros_on(&[len], dt, x.device())?;
    if x.size() > 0 {
        crate::indexing::add_at(&out, &[IndexItem::Array(xi)], &b)?;
    }
    Ok(out)
}

/// A histogram of `a` in `bins` equal bins over `range` (`numpy.histogram(a, bins, range,
/// weights=..., density=...)`): `(hist, bin_edges)`.
///
/// `range = None` uses `(a.min(), a.max())` (read back to the host), widened by 0.5 on each
/// side when they are equal, and `(0, 1)` for an empty `a`. Every bin is half-open `[e_i,
/// e_{i+1})` except the last, which includes its right edge; values outside the range (and
/// NaN) are not counted. The bin of each value is `searchsorted(edges, x, 'right') - 1`, then
/// a [`bincount`].
///
/// **Shapes:** `a` any shape (flattened); `weights` the same shape; `hist` is `[bins]`,
/// `bin_edges` `[bins + 1]`. **Dtypes:** `a` real; `bin_edges` is `a`'s float dtype (float64
/// for integers); `hist` is int64 counts, float64 with `weights`, float64 densities with
/// `density` (`hist / (sum(hist) · width)`).
///
/// # Errors
/// [`Error::BadArgument`] or [`Error::OutOfDomain`] for `bins == 0`, a range with `min > max` or non-finite bounds
/// (also an autodetected one, from NaN or infinite data); [`Error::DType`] for complex input;
/// [`Error::ShapeMismatch`] for `weights` of another shape.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, stats};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 2.0, 3.0, 10.0], &[5], Device::Cpu).unwrap();
/// let (h, e) = stats::histogram(&a, 3, None, None, false).unwrap();
/// assert_eq!(h.to_vec::<i64>().unwrap(), vec![4, 0, 1]);
/// assert_eq!(e.to_vec::<f64>().unwrap(), vec![1.0, 4.0, 7.0, 10.0]);
/// ```
pub fn histogram(
    a: &Array,
    bins: usize,
    range: Option<(f64, f64)>,
    weights: Option<&Array>,
    density: bool,
) -> Result<(Array, Array)> {
    const OP: &str = "histogram";
    real_only(OP, a)?;
    if bins == 0 {
        return Err(Error::bad_argument(
            OP,
            "bins",
            0,
            "a positive number of bins",
        ));
    }
    // the bin edges (bins + 1 float64 values) and counts must be representable
    crate::layout::checked_size(OP, &[bins.saturating_add(1)], 8)?;
    let (lo, hi) = match range {
        Some(r) => r,
        None if a.size() == 0 => (0.0, 1.0),
        None => {
            let x = a.astype(DType::Float64)?;
            (
                crate::reduce::min(&x, Axes::All, false)?.item()?.as_f64(),
                crate::reduce::max(&x, Axes::All, false)?.item()?.as_f64(),
            )
        }
    };
    if !(lo.is_finite() && hi.is_finite()) {
        return Err(Error::out_of_domain(
            OP,
            "range",
            format!("({lo}, {hi})"),
            "finite bounds",
        ));
    }
    if lo > hi {
        return Err(Error::bad_argument(
            OP,
            "range",
            format!("({lo}, {hi})"),
            "(min, max) with max >= min",
        ));
    }
    let (lo, hi) = if lo == hi {
        (lo - 0.5, hi + 0.5)
    } else {
        (lo, hi)
    };
    let edge_dtype = float_dtype(a.dtype());
    let edges = crate::creation::linspace_on(lo, hi, bins + 1, true, Some(edge_dtype), a.device())?;
    let hist = histogram_counts(OP, a, &edges, weights, density)?;
    Ok((hist, edges))
}

/// [`histogram`] with explicit bin edges (`numpy.histogram(a, bins=edges)`): `edges` 1-D,
/// non-decreasing, at least 2 values; the last bin includes its right edge.
///
/// # Errors
/// [`Error::BadArgument`] or [`Error::BadShape`] for fewer than 2 edges or decreasing edges; otherwise as
/// [`histogram`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, stats};
/// let a = Array::from_vec_on(vec![0.5f64, 1.0, 2.5, 3.0], &[4], Device::Cpu).unwrap();
/// let e = Array::from_vec_on(vec![0.0f64, 1.0, 3.0], &[3], Device::Cpu).unwrap();
/// assert_eq!(stats::histogram_edges(&a, &e, None, false).unwrap().to_vec::<i64>().unwrap(), vec![1, 3]);
/// ```
pub fn histogram_edges(
    a: &Array,
    edges: &Array,
    weights: Option<&Array>,
    density: bool,
) -> Result<Array> {
    const OP: &str = "histogram";
    real_only(OP, a)?;
    real_only(OP, edges)?;
    if edges.ndim() != 1 || edges.size() < 2 {
        return Err(Error::bad_shape(
            OP,
            "bins",
            edges.shape(),
            "a 1-D array of at least 2 edges",
        ));
    }
    let e = edges.astype(DType::Float64)?;
    let steps = crate::manip::diff(&e, 1, 0)?;
    if crate::reduce::min(&steps, Axes::All, false)?
        .item()?
        .as_f64()
        < 0.0
    {
        return Err(Error::bad_argument(
            OP,
            "bins",
            "edges that decrease somewhere",
            "monotonically increasing edges",
        ));
    }
    histogram_counts(OP, a, edges, weights, density)
}

fn histogram_counts(
    op: &'static str,
    a: &Array,
    edges: &Array,
    weights: Option<&Array>,
    density: bool,
) -> Result<Array> {
    if let Some(w) = weights {
        real_only(op, w)?;
        if w.shape() != a.shape() {
            return Err(Error::ShapeMismatch {
                op,
                lhs: a.shape().to_vec(),
                rhs: w.shape().to_vec(),
                detail: Some("weights must have the shape of a".into()),
            });
        }
    }
    let nb = edges.size() - 1;
    let e = edges.astype(DType::Float64)?;
    let x = a.ravel()?.astype(DType::Float64)?;
    let first = crate::indexing::take(&e, &index_array(vec![0], &e)?, Some(0), IndexMode::Raise)?;
    let last = crate::indexing::take(
        &e,
        &index_array(vec![nb as i64], &e)?,
        Some(0),
        IndexMode::Raise,
    )?;
    let keep = logical_and(&greater_equal(&x, &first)?, &less_equal(&x, &last)?)?;
    let xs = crate::indexing::compress(&keep, &x, Some(0))?;
    let idx = subtract(
        &crate::sort::searchsorted(&e, &xs, Side::Right, None)?,
        1i64,
    )?;
    let idx = minimum(&idx, nb as i64 - 1)?;
    let w = match weights {
        Some(w) => Some(crate::indexing::compress(&keep, &w.ravel()?, Some(0))?),
        None => None,
    };
    let hist = bincount(&idx, w.as_ref(), nb)?;
    if !density {
        return Ok(hist);
    }
    let h = hist.astype(DType::Float64)?;
    let total = crate::reduce::sum(&h, Axes::All, false)?;
    let widths = crate::manip::diff(&e, 1, 0)?;
    divide(&divide(&h, &total)?, &widths)
}

/// The covariance matrix of the variables in `m` (`numpy.cov(m, rowvar=..., bias=...,
/// ddof=...)`): each row is a variable and each column an observation (`rowvar = false`: the
/// other way round).
///
/// `(X - mean) @ (X - mean)ᴴ / (N - ddof)`, with `ddof = 1` by default (`0` with `bias`).
/// As NumPy, `N - ddof <= 0` divides by zero (inf or NaN entries) rather than failing.
///
/// **Shapes:** `m` 1-D (one variable) or 2-D `[vars, obs]`; the result is `[vars, vars]`,
/// squeezed as NumPy does (a single variable gives a 0-d array). **Dtypes:** float64, or
/// complex128 for complex input (NumPy's `result_type(m, float64)`).
///
/// # Errors
/// [`Error::BadShape`] for `m` with more than 2 dimensions.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, stats};
/// let m = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 2.0, 4.0, 7.0], &[2, 3], Device::Cpu).unwrap();
/// let c = stats::cov(&m, true, false, None).unwrap();
/// let v = c.to_vec::<f64>().unwrap();
/// assert!((v[1] - 2.5).abs() < 1e-12 && (v[3] - 19.0 / 3.0).abs() < 1e-12);
/// ```
pub fn cov(m: &Array, rowvar: bool, bias: bool, ddof: Option<i64>) -> Result<Array> {
    const OP: &str = "cov";
    if m.ndim() > 2 {
        return Err(Error::bad_shape(
            OP,
            "m",
            m.shape(),
            "an array of at most 2 dimensions",
        ));
    }
    let dt = if m.dtype().is_complex() {
        DType::Complex128
    } else {
        DType::Float64
    };
    let x = m.astype(dt)?;
    let x = match (x.ndim(), rowvar) {
        (0 | 1, _) => x.reshape(&[1, -1])?,
        (_, true) => x,
        (_, false) => x.transpose()?,
    };
    let n = x.shape()[1] as i64;
    let ddof = ddof.unwrap_or(if bias { 0 } else { 1 });
    let fact = (n - ddof).max(0) as f64;
    if fact == 0.0 {
        tracing::warn!("cov: degrees of freedom <= 0 (N = {n}, ddof = {ddof})");
    }
    let avg = crate::reduce::mean(&x, Axes::One(1), true)?;
    let xc = subtract(&x, &avg)?;
    let xh = crate::ops::conj(&xc.transpose()?)?;
    let c = divide(&crate::products::matmul(&xc, &xh)?, fact)?;
    c.squeeze(None)
}

/// Pearson correlation coefficients (`numpy.corrcoef(x, rowvar=...)`): [`cov`] normalized by
/// the standard deviations, `c_ij / sqrt(c_ii · c_jj)`, with the real (and imaginary) parts
/// clipped to `[-1, 1]` as NumPy does.
///
/// **Shapes** and **dtypes:** as [`cov`]. A single variable gives `c / c` (1, or NaN for a
/// constant variable).
///
/// # Errors
/// As [`cov`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, stats};
/// let m = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 2.0, 4.0, 7.0], &[2, 3], Device::Cpu).unwrap();
/// let r = stats::corrcoef(&m, true).unwrap().to_vec::<f64>().unwrap();
/// assert!((r[1] - 0.993_399_267_798_783).abs() < 1e-12 && r[0] == 1.0);
/// ```
pub fn corrcoef(x: &Array, rowvar: bool) -> Result<Array> {
    let c = cov(x, rowvar, false, None)?;
    if c.ndim() == 0 {
        return divide(&c, &c);
    }
    let d = crate::ops::real(&crate::manip::diagonal(&c, 0, 0, 1)?)?;
    let sd = sqrt(&d)?;
    let c = divide(&divide(&c, &sd.reshape(&[-1, 1])?)?, &sd.reshape(&[1, -1])?)?;
    let one = |v: f64| -> Scalar { Scalar::Float(v) };
    if c.dtype().is_complex() {
        let re = clip(
            &crate::ops::real(&c)?,
            Some(one(-1.0).into()),
            Some(one(1.0).into()),
        )?;
        let im = clip(
            &crate::ops::imag(&c)?,
            Some(one(-1.0).into()),
            Some(one(1.0).into()),
        )?;
        let i = crate::creation::full_on(
            (),
            Scalar::Complex(crate::Complex64::new(0.0, 1.0)),
            None,
            c.device(),
        )?;
        add(&re, &multiply(&im, &i)?)
    } else {
        clip(&c, Some(one(-1.0).into()), Some(one(1.0).into()))
    }
}

#[cfg(test)]
mod tests {
    //! Against NumPy 2.4's answers, on the CPU and every CUDA device (skipped without a GPU
    //! unless `CUPRUM_REQUIRE_CUDA=1`).
    use super::*;
    use crate::Complex64;
    use crate::test_util::all_devices as devices;

    fn f64s(a: &Array) -> Vec<f64> {
        a.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap()
    }

    fn close(got: &[f64], want: &[f64], tol: f64, what: &str) {
        assert_eq!(got.len(), want.len(), "{what}: {got:?} vs {want:?}");
        for (g, w) in got.iter().zip(want) {
            let ok = (g.is_nan() && w.is_nan()) || (g - w).abs() <= tol * w.abs().max(1.0);
            assert!(ok, "{what}: {got:?} vs {want:?}");
        }
    }

    #[test]
    fn quantile_methods_match_numpy() {
        let data = vec![3.0f64, 1.0, 4.0, 1.0, 5.0, 9.0, 2.0, 6.0, 5.0, 3.0, 5.0];
        let qs = [0.0, 0.13, 0.33, 0.5, 0.55, 0.77, 1.0];
        let want = [
            (QuantileMethod::Linear, [1.0, 1.3, 3.0, 4.0, 4.5, 5.0, 9.0]),
            (QuantileMethod::Lower, [1.0, 1.0, 3.0, 4.0, 4.0, 5.0, 9.0]),
            (QuantileMethod::Higher, [1.0, 2.0, 3.0, 4.0, 5.0, 5.0, 9.0]),
            (QuantileMethod::Nearest, [1.0, 1.0, 3.0, 4.0, 5.0, 5.0, 9.0]),
            (
                QuantileMethod::Midpoint,
                [1.0, 1.5, 3.0, 4.0, 4.5, 5.0, 9.0],
            ),
        ];
        for dev in devices() {
            let a = Array::from_vec_on(data.clone(), &[11], dev).unwrap();
            for (m, w) in want {
                let r = quantiles(&a, &qs, None, false, m).unwrap();
                assert_eq!((r.shape(), r.device()), (&[7usize][..], dev));
                close(&f64s(&r), &w, 1e-15, &format!("{m:?} on {dev}"));
                for (q, w) in qs.iter().zip(w) {
                    let r = quantile(&a, *q, None, false, m).unwrap();
                    assert_eq!(r.shape(), &[] as &[usize]);
                    close(&f64s(&r), &[w], 1e-15, &format!("{m:?} q={q}"));
                }
            }
            // nearest rounds half to even: v = 0.5, 1.5, 2.5, 3.5 -> 0, 2, 2, 4
            let r = quantiles(
                &a,
                &[0.05, 0.15, 0.25, 0.35],
                None,
                false,
                QuantileMethod::Nearest,
            );
            close(
                &f64s(&r.unwrap()),
                &[1.0, 2.0, 2.0, 3.0],
                0.0,
                "nearest ties",
            );
        }
    }

    #[test]
    fn quantile_axes_keepdims_dtypes_and_nan() {
        for dev in devices() {
            // b = np.arange(24, dtype=np.float32).reshape(2, 3, 4)[:, :, ::-1] * 1.5
            let base: Vec<f32> = (0..24).map(|i| i as f32).collect();
            let b = Array::from_vec_on(base, &[2, 3, 4], dev).unwrap();
            let b = crate::manip::flip(&b, Some(&[2])).unwrap();
            let b = multiply(&b, 1.5).unwrap();
            // np.quantile(b, 0.35, axis=-1, keepdims=True): float32, shape (2, 3, 1)
            let r = quantile(&b, 0.35, Some(-1), true, QuantileMethod::Linear).unwrap();
            assert_eq!(
                (r.shape(), r.dtype()),
                (&[2usize, 3, 1][..], DType::Float32)
            );
            let want = [1.575, 7.575, 13.575, 19.575, 25.575, 31.575];
            close(&f64s(&r), &want, 1e-6, "keepdims");
            // np.quantile(b, [0.2, 0.9], axis=1): float64 (the q array), shape (2, 2, 4)
            let r = quantiles(&b, &[0.2, 0.9], Some(1), false, QuantileMethod::Linear).unwrap();
            assert_eq!(
                (r.shape(), r.dtype()),
                (&[2usize, 2, 4][..], DType::Float64)
            );
            let want = [
                6.9, 5.4, 3.9, 2.4, 24.9, 23.4, 21.9, 20.4, 15.3, 13.8, 12.3, 10.8, 33.3, 31.8,
                30.3, 28.8,
            ];
            close(&f64s(&r), &want, 1e-12, "two q along axis 1");
            // np.percentile(int32 [[7, 1, 3], [2, 8, 8]], 40, axis=0) -> float64 [4, 3.8, 5]
            let i = Array::from_vec_on(vec![7i32, 1, 3, 2, 8, 8], &[2, 3], dev).unwrap();
            let r = percentile(&i, 40.0, Some(0), false, QuantileMethod::Linear).unwrap();
            assert_eq!(r.dtype(), DType::Float64);
            close(&f64s(&r), &[4.0, 3.8, 5.0], 1e-15, "percentile int");
            let r = percentile(&i, 40.0, Some(0), false, QuantileMethod::Lower).unwrap();
            assert_eq!(r.dtype(), DType::Int32, "lower keeps the dtype");
            // keepdims with axis None keeps every axis as 1
            let r = quantile(&i, 0.5, None, true, QuantileMethod::Linear).unwrap();
            assert_eq!(r.shape(), &[1, 1]);
            // a NaN in a slice: np.quantile([[1, nan], [3, 2]], 0.5, axis=1) -> [nan, 2.5]
            let n = Array::from_vec_on(vec![1.0, f64::NAN, 3.0, 2.0], &[2, 2], dev).unwrap();
            let r = quantile(&n, 0.5, Some(1), false, QuantileMethod::Linear).unwrap();
            close(&f64s(&r), &[f64::NAN, 2.5], 0.0, "nan slice");
            // errors name the operation and the value
            let e = quantile(&n, 1.5, None, false, QuantileMethod::Linear).unwrap_err();
            assert!(
                e.to_string().contains("quantile") && e.to_string().contains("1.5"),
                "{e}"
            );
            let e = percentile(&n, 101.0, None, false, QuantileMethod::Linear).unwrap_err();
            assert!(
                e.to_string().contains("percentile") && e.to_string().contains("101"),
                "{e}"
            );
            let empty = Array::from_vec_on(Vec::<f64>::new(), &[0], dev).unwrap();
            assert!(quantile(&empty, 0.5, None, false, QuantileMethod::Linear).is_err());
            assert!(quantile(&n, 0.5, Some(2), false, QuantileMethod::Linear).is_err());
            let z = Array::from_vec_on(vec![Complex64::new(1.0, 1.0)], &[1], dev).unwrap();
            assert!(matches!(median(&z, None, false), Err(Error::DType { .. })));
        }
    }

    #[test]
    fn median_matches_numpy() {
        for dev in devices() {
            // np.median(int32 [[7, 1, 3, 4], [2, 8, 8, 1]], axis=1) -> [3.5, 5.]
            let a = Array::from_vec_on(vec![7i32, 1, 3, 4, 2, 8, 8, 1], &[2, 4], dev).unwrap();
            let r = median(&a, Some(1), false).unwrap();
            assert_eq!((r.dtype(), r.device()), (DType::Float64, dev));
            close(&f64s(&r), &[3.5, 5.0], 0.0, "even");
            let r = median(&a, Some(0), true).unwrap();
            assert_eq!(r.shape(), &[1, 4]);
            close(&f64s(&r), &[4.5, 4.5, 5.5, 2.5], 0.0, "axis 0");
            let r = median(&a, None, false).unwrap();
            close(&f64s(&r), &[3.5], 0.0, "all");
            // odd count, float32 kept
            let f = Array::from_vec_on(vec![5.0f32, -1.0, 2.5], &[3], dev).unwrap();
            let r = median(&f, None, false).unwrap();
            assert_eq!(r.dtype(), DType::Float32);
            close(&f64s(&r), &[2.5], 0.0, "odd");
            // NaN and empty slices give NaN, as NumPy
            let n = Array::from_vec_on(vec![1.0, f64::NAN, 3.0, 2.0], &[2, 2], dev).unwrap();
            close(
                &f64s(&median(&n, Some(1), false).unwrap()),
                &[f64::NAN, 2.5],
                0.0,
                "nan",
            );
            let e = Array::from_vec_on(Vec::<f64>::new(), &[2, 0], dev).unwrap();
            let r = median(&e, Some(1), false).unwrap();
            close(&f64s(&r), &[f64::NAN, f64::NAN], 0.0, "empty");
        }
    }

    #[test]
    fn bincount_matches_numpy() {
        for dev in devices() {
            let x = Array::from_vec_on(vec![0i64, 1, 1, 3], &[4], dev).unwrap();
            let r = bincount(&x, None, 0).unwrap();
            assert_eq!((r.dtype(), r.device()), (DType::Int64, dev));
            assert_eq!(r.to_vec::<i64>().unwrap(), vec![1, 2, 0, 1]);
            assert_eq!(
                bincount(&x, None, 6).unwrap().to_vec::<i64>().unwrap(),
                vec![1, 2, 0, 1, 0, 0]
            );
            let w = Array::from_vec_on(vec![0.5f32, 2.0, 1.0, -1.0], &[4], dev).unwrap();
            let r = bincount(&x, Some(&w), 0).unwrap();
            assert_eq!(r.dtype(), DType::Float64);
            assert_eq!(r.to_vec::<f64>().unwrap(), vec![0.5, 3.0, 0.0, -1.0]);
            let e = Array::from_vec_on(Vec::<i32>::new(), &[0], dev).unwrap();
            assert_eq!(
                bincount(&e, None, 3).unwrap().to_vec::<i64>().unwrap(),
                vec![0, 0, 0]
            );
            assert_eq!(bincount(&e, None, 0).unwrap().shape(), &[0]);
            // uint8 and bool inputs; many repeats of one value (atomic adds on CUDA)
            let u = Array::from_vec_on(vec![2u8; 10_000], &[10_000], dev).unwrap();
            assert_eq!(
                bincount(&u, None, 0).unwrap().to_vec::<i64>().unwrap(),
                vec![0, 0, 10_000]
            );
            let bo = Array::from_vec_on(vec![true, false, true], &[3], dev).unwrap();
            assert_eq!(
                bincount(&bo, None, 0).unwrap().to_vec::<i64>().unwrap(),
                vec![1, 2]
            );
            // errors
            let neg = Array::from_vec_on(vec![1i64, -1], &[2], dev).unwrap();
            let err = bincount(&neg, None, 0).unwrap_err().to_string();
            assert!(err.contains("bincount") && err.contains("-1"), "{err}");
            let fl = Array::from_vec_on(vec![1.0f64], &[1], dev).unwrap();
            assert!(matches!(bincount(&fl, None, 0), Err(Error::DType { .. })));
            let two = Array::from_vec_on(vec![1i64, 2], &[1, 2], dev).unwrap();
            assert!(bincount(&two, None, 0).is_err());
            let short = Array::from_vec_on(vec![1.0f64], &[1], dev).unwrap();
            assert!(matches!(
                bincount(&x, Some(&short), 0),
                Err(Error::ShapeMismatch { .. })
            ));
        }
    }

    #[test]
    fn histogram_matches_numpy() {
        for dev in devices() {
            let a = Array::from_vec_on(vec![1.0f64, 2.0, 2.0, 3.0, 10.0], &[5], dev).unwrap();
            let (h, e) = histogram(&a, 3, None, None, false).unwrap();
            assert_eq!((h.device(), e.device()), (dev, dev));
            assert_eq!(h.to_vec::<i64>().unwrap(), vec![4, 0, 1]);
            close(&f64s(&e), &[1.0, 4.0, 7.0, 10.0], 0.0, "edges");
            let (h, e) = histogram(&a, 3, Some((0.0, 5.0)), None, false).unwrap();
            assert_eq!(h.to_vec::<i64>().unwrap(), vec![1, 3, 0]);
            close(
                &f64s(&e),
                &[0.0, 5.0 / 3.0, 10.0 / 3.0, 5.0],
                1e-15,
                "range edges",
            );
            let (h, _) = histogram(&a, 3, None, None, true).unwrap();
            close(
                &f64s(&h),
                &[0.26666666666666666, 0.0, 0.06666666666666667],
                1e-15,
                "density",
            );
            // np.histogram(x, bins=4, range=(0, 1)) with -0.2 and NaN outside: [1, 2, 2, 2]
            let x = Array::from_vec_on(
                vec![0.1, 0.25, 0.3, 0.9, 1.0, -0.2, 0.55, 0.5, f64::NAN],
                &[3, 3],
                dev,
            )
            .unwrap();
            let (h, _) = histogram(&x, 4, Some((0.0, 1.0)), None, false).unwrap();
            assert_eq!(h.to_vec::<i64>().unwrap(), vec![1, 2, 2, 2]);
            // weights and density
            let v = Array::from_vec_on(vec![0.5, 1.5, 2.5, 2.5, 4.0], &[5], dev).unwrap();
            let w = Array::from_vec_on(vec![1.0, 2.0, 3.0, 4.0, 5.0], &[5], dev).unwrap();
            let (h, e) = histogram(&v, 4, None, Some(&w), true).unwrap();
            let want = [
                0.07619047619047618,
                0.15238095238095237,
                0.5333333333333333,
                0.380952380952381,
            ];
            close(&f64s(&h), &want, 1e-15, "weighted density");
            close(&f64s(&e), &[0.5, 1.375, 2.25, 3.125, 4.0], 0.0, "edges");
            // int32 data gives float64 edges; float32 data float32 edges
            let i = Array::from_vec_on(vec![1i32, 2, 3, 4, 4], &[5], dev).unwrap();
            let (h, e) = histogram(&i, 3, None, None, false).unwrap();
            assert_eq!(
                (h.to_vec::<i64>().unwrap(), e.dtype()),
                (vec![1, 1, 3], DType::Float64)
            );
            let f = Array::from_vec_on(vec![1.0f32, 2.0], &[2], dev).unwrap();
            assert_eq!(
                histogram(&f, 2, None, None, false).unwrap().1.dtype(),
                DType::Float32
            );
            // equal values widen the range; empty data uses (0, 1)
            let c = Array::from_vec_on(vec![5.0f64, 5.0], &[2], dev).unwrap();
            let (h, e) = histogram(&c, 2, None, None, false).unwrap();
            assert_eq!(h.to_vec::<i64>().unwrap(), vec![0, 2]);
            close(&f64s(&e), &[4.5, 5.0, 5.5], 0.0, "widened");
            let z = Array::from_vec_on(Vec::<f64>::new(), &[0], dev).unwrap();
            let (h, e) = histogram(&z, 3, None, None, false).unwrap();
            assert_eq!(h.to_vec::<i64>().unwrap(), vec![0, 0, 0]);
            close(
                &f64s(&e),
                &[0.0, 1.0 / 3.0, 2.0 / 3.0, 1.0],
                1e-15,
                "empty edges",
            );
            // explicit edges
            let pts = Array::from_vec_on(vec![0.5f64, 1.0, 2.5, 3.0], &[4], dev).unwrap();
            let edges = Array::from_vec_on(vec![0.0f64, 1.0, 3.0], &[3], dev).unwrap();
            let h = histogram_edges(&pts, &edges, None, false).unwrap();
            assert_eq!(h.to_vec::<i64>().unwrap(), vec![1, 3]);
            // errors
            assert!(histogram(&a, 0, None, None, false).is_err());
            assert!(histogram(&a, 2, Some((3.0, 1.0)), None, false).is_err());
            let e = histogram(&x, 2, None, None, false).unwrap_err().to_string();
            assert!(
                e.contains("histogram") && e.contains("finite bounds"),
                "{e}"
            );
            let bad = Array::from_vec_on(vec![0.0f64, 2.0, 1.0], &[3], dev).unwrap();
            assert!(histogram_edges(&pts, &bad, None, false).is_err());
        }
    }

    #[test]
    fn cov_and_corrcoef_match_numpy() {
        for dev in devices() {
            let m = Array::from_vec_on(
                vec![
                    1.0f64, 2.0, 4.0, 7.0, 0.0, 1.0, 0.0, 3.0, 5.0, 5.0, 4.0, 1.0,
                ],
                &[3, 4],
                dev,
            )
            .unwrap();
            let c = cov(&m, true, false, Some(0)).unwrap();
            assert_eq!((c.shape(), c.device()), (&[3usize, 3][..], dev));
            let want = [5.25, 2.25, -3.625, 2.25, 1.5, -1.75, -3.625, -1.75, 2.6875];
            close(&f64s(&c), &want, 1e-14, "cov ddof 0");
            let r = corrcoef(&m, true).unwrap();
            let want = [
                1.0,
                0.8017837257372731,
                -0.9650595721775965,
                0.8017837257372731,
                1.0,
                -0.8716019289105663,
                -0.9650595721775964,
                -0.8716019289105663,
                1.0,
            ];
            close(&f64s(&r), &want, 1e-14, "corrcoef");
            // rowvar=false is the transpose; a single variable gives a 0-d result
            let t = m.transpose().unwrap();
            close(
                &f64s(&cov(&t, false, true, None).unwrap()),
                &[5.25, 2.25, -3.625, 2.25, 1.5, -1.75, -3.625, -1.75, 2.6875],
                1e-14,
                "rowvar",
            );
            let v = Array::from_vec_on(vec![1i32, 2, 4], &[3], dev).unwrap();
            let c = cov(&v, true, false, None).unwrap();
            assert_eq!((c.shape(), c.dtype()), (&[] as &[usize], DType::Float64));
            close(&f64s(&c), &[2.3333333333333335], 1e-15, "one variable");
            // complex: conjugated products
            let z = Array::from_vec_on(
                vec![
                    Complex64::new(1.0, 0.0),
                    Complex64::new(0.0, 2.0),
                    Complex64::new(3.0, 0.0),
                    Complex64::new(2.0, 0.0),
                    Complex64::new(4.0, 0.0),
                    Complex64::new(7.0, 0.0),
                ],
                &[2, 3],
                dev,
            )
            .unwrap();
            let c = cov(&z, true, false, None)
                .unwrap()
                .to_vec::<Complex64>()
                .unwrap();
            let want = [
                Complex64::new(3.6666666666666665, 0.0),
                Complex64::new(2.8333333333333335, -1.0 / 3.0),
                Complex64::new(2.8333333333333335, 1.0 / 3.0),
                Complex64::new(6.333333333333333, 0.0),
            ];
            for (g, w) in c.iter().zip(&want) {
                assert!((g - w).norm() < 1e-14, "complex cov {c:?}");
            }
            let r = corrcoef(&z, true).unwrap().to_vec::<Complex64>().unwrap();
            assert!(
                (r[1] - Complex64::new(0.5879572942861635, -0.06917144638660748)).norm() < 1e-14,
                "{r:?}"
            );
            let cube = Array::from_vec_on(vec![1.0f64; 8], &[2, 2, 2], dev).unwrap();
            assert!(cov(&cube, true, false, None).is_err());
        }
    }
}
