//! Quantiles that ignore NaNs: `nanquantile`/`nanpercentile` (and the several-`q` forms) and
//! `nanmedian`, with NumPy's names, methods and semantics.
//!
//! Composed of sort, `take_along_axis`, reductions and the ufuncs, so they run on every
//! device: NaNs sort last, so each lane's count of non-NaN values picks its order statistics.

use crate::layout::normalize_axis;
use crate::ops::{self, where_};
use crate::stats::QuantileMethod;
use crate::util::ishape;
use crate::{Array, DType, Error, Result};

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
        return Err(Error::out_of_domain(op, "q", shown, range));
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
        return Err(Error::bad_shape(
            op,
            "a",
            a.shape(),
            "a non-empty reduction axis",
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
/// [`Error::OutOfDomain`] for `q` outside `[0, 1]`, [`Error::BadShape`] for an empty axis; [`Error::DType`] for
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
