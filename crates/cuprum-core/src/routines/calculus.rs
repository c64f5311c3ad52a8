//! Differences, sums and products along an axis with NumPy's names: `gradient`, `trapezoid`,
//! `nancumsum`, `nancumprod`, `ediff1d`, `unwrap`, and the vector product `cross`.
//!
//! Composed of core's views, scans, reductions and ufuncs (no kernels of their own, so each
//! runs on every device).

use crate::layout::normalize_axis;
use crate::manip::{concatenate, diff, stack};
use crate::ops::{
    abs, add, divide, equal, greater, isnan, less, logical_and, multiply, remainder, subtract,
    where_,
};
use crate::reduce::{cumprod, cumsum, sum};
use crate::util::{on_axis, range};
use crate::{Array, DType, Error, Result};

/// The cross product of 2- or 3-vectors along `axis` (`numpy.cross` with
/// `axisa = axisb = axisc = axis`).
///
/// **Shapes:** the vector axes hold 2 or 3 components; the other axes broadcast. With two
/// 2-vectors the result is the scalar z component (the axis removed); otherwise the result has
/// 3 components on `axis`.
///
/// # Errors
/// [`Error::BadShape`] when a vector axis is not of length 2 or 3;
/// [`Error::AxisOutOfBounds`]; broadcasting errors.
///
/// ```
/// use cuprum_core::{Array, cross};
/// let x = Array::from_vec(vec![1.0f64, 2.0, 3.0], &[3]).unwrap();
/// let y = Array::from_vec(vec![4.0f64, 5.0, 6.0], &[3]).unwrap();
/// assert_eq!(cross(&x, &y, -1).unwrap().to_vec::<f64>().unwrap(), vec![-3.0, 6.0, -3.0]);
/// ```
pub fn cross(a: &Array, b: &Array, axis: isize) -> Result<Array> {
    const OP: &str = "cross";
    let aa = normalize_axis(OP, axis, a.ndim())?;
    let ab = normalize_axis(OP, axis, b.ndim())?;
    let a = a.moveaxis(&[aa as isize], &[-1])?;
    let b = b.moveaxis(&[ab as isize], &[-1])?;
    let (na, nb) = (a.shape()[a.ndim() - 1], b.shape()[b.ndim() - 1]);
    if !(2..=3).contains(&na) || !(2..=3).contains(&nb) {
        return Err(if !(2..=3).contains(&na) {
            Error::bad_shape(
                OP,
                "a",
                a.shape(),
                "vectors of 2 or 3 components along axisa (moved last here)",
            )
        } else {
            Error::bad_shape(
                OP,
                "b",
                b.shape(),
                "vectors of 2 or 3 components along axisb (moved last here)",
            )
        });
    }
    let c = |x: &Array, i: isize| x.index_axis(-1, i);
    let (a0, a1, b0, b1) = (c(&a, 0)?, c(&a, 1)?, c(&b, 0)?, c(&b, 1)?);
    let z = subtract(&multiply(&a0, &b1)?, &multiply(&a1, &b0)?)?;
    if na == 2 && nb == 2 {
        return Ok(z);
    }
    let (x, y) = match (na, nb) {
        (3, 3) => {
            let (a2, b2) = (c(&a, 2)?, c(&b, 2)?);
            (
                subtract(&multiply(&a1, &b2)?, &multiply(&a2, &b1)?)?,
                subtract(&multiply(&a2, &b0)?, &multiply(&a0, &b2)?)?,
            )
        }
        (2, 3) => {
            let b2 = c(&b, 2)?;
            (
                multiply(&a1, &b2)?,
                crate::ops::negative(&multiply(&a0, &b2)?)?,
            )
        }
        _ => {
            let a2 = c(&a, 2)?;
            (
                crate::ops::negative(&multiply(&a2, &b1)?)?,
                multiply(&a2, &b0)?,
            )
        }
    };
    let dt = z.dtype();
    let x = x.astype(dt)?;
    let y = y.astype(dt)?;
    let sh = crate::layout::broadcast_shapes(OP, x.shape(), z.shape())?;
    let r = stack(
        &[
            &x.broadcast_to(sh.as_slice())?,
            &y.broadcast_to(sh.as_slice())?,
            &z.broadcast_to(sh.as_slice())?,
        ],
        -1,
    )?;
    // NumPy's axisc: the component axis of the result sits at `axis` (of the result's ndim)
    let ac = normalize_axis(OP, axis, r.ndim())?;
    r.moveaxis(&[-1], &[ac as isize])?.copy()
}

/// The gradient of `f` by second-order central differences inside and one-sided differences
/// (first or second order, `edge_order`) at the boundaries (`numpy.gradient` with uniform
/// spacing).
///
/// **Shapes:** one array of `f`'s shape per axis in `axes` (every axis when `None`); `spacing`
/// is one value for every axis or one per axis. Integers compute in float64, floats keep their
/// dtype.
///
/// # Errors
/// [`Error::BadArgument`] or [`Error::BadShape`] when an axis has fewer than `edge_order + 1` elements, for an
/// `edge_order` other than 1 or 2, or for a wrong number of spacings;
/// [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, gradient};
/// let f = Array::from_vec(vec![1.0f64, 2.0, 4.0, 7.0, 11.0, 16.0], &[6]).unwrap();
/// let g = gradient(&f, &[1.0], None, 1).unwrap();
/// assert_eq!(g[0].to_vec::<f64>().unwrap(), vec![1.0, 1.5, 2.5, 3.5, 4.5, 5.0]);
/// ```
pub fn gradient(
    f: &Array,
    spacing: &[f64],
    axes: Option<&[isize]>,
    edge_order: usize,
) -> Result<Vec<Array>> {
    const OP: &str = "gradient";
    if edge_order != 1 && edge_order != 2 {
        return Err(Error::bad_argument(OP, "edge_order", edge_order, "1 or 2"));
    }
    let axes: Vec<usize> = match axes {
        None => (0..f.ndim()).collect(),
        Some(ax) => ax
            .iter()
            .map(|&a| normalize_axis(OP, a, f.ndim()))
            .collect::<Result<_>>()?,
    };
    let hs: Vec<f64> = match spacing.len() {
        0 => vec![1.0; axes.len()],
        1 => vec![spacing[0]; axes.len()],
        k if k == axes.len() => spacing.to_vec(),
        k => {
            return Err(Error::bad_argument(
                OP,
                "varargs",
                format!("{k} spacings"),
                format!("1 or {} spacings (one per axis)", axes.len()),
            ));
        }
    };
    let f = if f.dtype().is_inexact() {
        f.clone()
    } else {
        f.astype(DType::Float64)?
    };
    let mut out = Vec::with_capacity(axes.len());
    for (&ax, &h) in axes.iter().zip(&hs) {
        let n = f.shape()[ax];
        if n < edge_order + 1 {
            return Err(Error::bad_shape(
                OP,
                "f",
                f.shape(),
                format!(
                    "at least edge_order + 1 = {} elements along axis {ax}",
                    edge_order + 1
                ),
            ));
        }
        let s = |a: Option<isize>, b: Option<isize>| on_axis(&f, ax, range(a, b));
        let interior = divide(&subtract(&s(Some(2), None)?, &s(None, Some(-2))?)?, 2.0 * h)?;
        let (lo, hi) = if edge_order == 1 {
            (
                divide(&subtract(&s(Some(1), Some(2))?, &s(Some(0), Some(1))?)?, h)?,
                divide(&subtract(&s(Some(-1), None)?, &s(Some(-2), Some(-1))?)?, h)?,
            )
        } else {
            let lo = add(
                &add(
                    &multiply(&s(Some(0), Some(1))?, -1.5)?,
                    &multiply(&s(Some(1), Some(2))?, 2.0)?,
                )?,
                &multiply(&s(Some(2), Some(3))?, -0.5)?,
            )?;
            let hi = add(
                &add(
                    &multiply(&s(Some(-3), Some(-2))?, 0.5)?,
                    &multiply(&s(Some(-2), Some(-1))?, -2.0)?,
                )?,
                &multiply(&s(Some(-1), None)?, 1.5)?,
            )?;
            (divide(&lo, h)?, divide(&hi, h)?)
        };
        let dt = interior.dtype();
        out.push(concatenate(
            &[&lo.astype(dt)?, &interior, &hi.astype(dt)?],
            ax as isize,
        )?);
    }
    Ok(out)
}

/// The integral of `y` along `axis` by the trapezoidal rule (`numpy.trapezoid`).
///
/// **Shapes:** `y`'s shape without `axis`. `x` (1-D of `y.shape[axis]` values, or `y`'s
/// shape) gives the sample points; without it the spacing is `dx`.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::ShapeMismatch`](crate::Error) / broadcasting errors
/// for an `x` that does not fit `y`.
///
/// ```
/// use cuprum_core::{Array, trapezoid};
/// let y = Array::from_vec(vec![1.0f64, 2.0, 3.0], &[3]).unwrap();
/// assert_eq!(trapezoid(&y, None, 1.0, -1).unwrap().item().unwrap().as_f64(), 4.0);
/// ```
pub fn trapezoid(y: &Array, x: Option<&Array>, dx: f64, axis: isize) -> Result<Array> {
    const OP: &str = "trapezoid";
    let ax = normalize_axis(OP, axis, y.ndim())?;
    let avg = divide(
        &add(
            &on_axis(y, ax, range(Some(1), None))?,
            &on_axis(y, ax, range(None, Some(-1)))?,
        )?,
        2.0,
    )?;
    let prod = match x {
        None => multiply(&avg, dx)?,
        Some(x) => {
            let d = if x.ndim() == 1 {
                let d = diff(x, 1, 0)?;
                let mut shape = vec![1isize; y.ndim()];
                shape[ax] = d.size() as isize;
                d.reshape(shape.as_slice())?
            } else {
                diff(x, 1, ax as isize)?
            };
            multiply(&d, &avg)?
        }
    };
    sum(&prod, ax as isize, false)
}

/// The cumulative sum with NaN counted as zero (`numpy.nancumsum`).
///
/// **Shapes/dtypes:** as [`cumsum`].
///
/// # Errors
/// As [`cumsum`].
///
/// ```
/// use cuprum_core::{Array, nancumsum};
/// let a = Array::from_vec(vec![1.0f64, f64::NAN, 2.0], &[3]).unwrap();
/// assert_eq!(nancumsum(&a, None).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 1.0, 3.0]);
/// ```
pub fn nancumsum(a: &Array, axis: Option<isize>) -> Result<Array> {
    if a.dtype().is_inexact() {
        cumsum(&where_(&isnan(a)?, 0.0, a)?, axis)
    } else {
        cumsum(a, axis)
    }
}

/// The cumulative product with NaN counted as one (`numpy.nancumprod`).
///
/// **Shapes/dtypes:** as [`cumprod`].
///
/// # Errors
/// As [`cumprod`].
///
/// ```
/// use cuprum_core::{Array, nancumprod};
/// let a = Array::from_vec(vec![2.0f64, f64::NAN, 3.0], &[3]).unwrap();
/// assert_eq!(nancumprod(&a, None).unwrap().to_vec::<f64>().unwrap(), vec![2.0, 2.0, 6.0]);
/// ```
pub fn nancumprod(a: &Array, axis: Option<isize>) -> Result<Array> {
    if a.dtype().is_inexact() {
        cumprod(&where_(&isnan(a)?, 1.0, a)?, axis)
    } else {
        cumprod(a, axis)
    }
}

/// The differences between consecutive elements of the flattened array, with optional values
/// before and after (`numpy.ediff1d`).
///
/// **Shapes:** 1-D: `to_begin`, the `size-1` differences, `to_end` (both flattened, cast to
/// `ary`'s dtype).
///
/// # Errors
/// Casting and device errors.
///
/// ```
/// use cuprum_core::{Array, ediff1d};
/// let a = Array::from_vec(vec![1i64, 2, 4, 7], &[4]).unwrap();
/// assert_eq!(ediff1d(&a, None, None).unwrap().to_vec::<i64>().unwrap(), vec![1, 2, 3]);
/// ```
pub fn ediff1d(ary: &Array, to_end: Option<&Array>, to_begin: Option<&Array>) -> Result<Array> {
    let flat = ary.ravel()?;
    let d = if flat.size() == 0 {
        flat.clone()
    } else {
        subtract(
            &flat.slice(&[range(Some(1), None)])?,
            &flat.slice(&[range(None, Some(-1))])?,
        )?
        .astype(ary.dtype())?
    };
    let mut parts = Vec::new();
    if let Some(b) = to_begin {
        parts.push(b.ravel()?.astype(ary.dtype())?);
    }
    parts.push(d);
    if let Some(e) = to_end {
        parts.push(e.ravel()?.astype(ary.dtype())?);
    }
    let refs: Vec<&Array> = parts.iter().collect();
    concatenate(&refs, 0)
}

/// Unwraps by taking the complement of large deltas with respect to `period` (`numpy.unwrap`;
/// `discont` defaults to `period/2`, `period` to 2π).
///
/// **Shapes:** `p`'s; integers compute in float64.
///
/// # Errors
/// [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, unwrap};
/// let p = Array::from_vec(vec![0.0f64, 3.0, 6.5, 0.2], &[4]).unwrap();
/// let r = unwrap(&p, None, -1, 2.0 * std::f64::consts::PI).unwrap().to_vec::<f64>().unwrap();
/// assert!((r[2] - (6.5 - 2.0 * std::f64::consts::PI)).abs() < 1e-12);
/// ```
pub fn unwrap(p: &Array, discont: Option<f64>, axis: isize, period: f64) -> Result<Array> {
    const OP: &str = "unwrap";
    let ax = normalize_axis(OP, axis, p.ndim())?;
    // NumPy computes in result_type(diff(p), period): integers stay integers when the period
    // is an integer
    let int = p.dtype().is_integer() && period.fract() == 0.0 && period.abs() < 9.0e15;
    let p = if int || p.dtype().is_inexact() {
        p.clone()
    } else {
        p.astype(DType::Float64)?
    };
    if p.shape()[ax] < 2 {
        return p.copy();
    }
    let discont = discont.unwrap_or(period / 2.0);
    let dd = diff(&p, 1, ax as isize)?;
    let ddmod = if int {
        let per = period as i64;
        let (hi, rem) = (per.div_euclid(2), per.rem_euclid(2));
        let m = subtract(&remainder(&add(&dd, hi)?, per)?, hi)?;
        if rem == 0 {
            where_(
                &logical_and(&equal(&m, -hi)?, &greater(&dd, 0i64)?)?,
                hi,
                &m,
            )?
            .astype(m.dtype())?
        } else {
            m
        }
    } else {
        let half = period / 2.0;
        let m = subtract(&remainder(&add(&dd, half)?, period)?, half)?;
        where_(
            &logical_and(&equal(&m, -half)?, &greater(&dd, 0.0)?)?,
            half,
            &m,
        )?
        .astype(m.dtype())?
    };
    let corr = subtract(&ddmod, &dd)?;
    let corr = where_(&less(&abs(&dd)?, discont)?, 0i64, &corr)?.astype(corr.dtype())?;
    let tail = add(
        &on_axis(&p, ax, range(Some(1), None))?,
        &cumsum(&corr, Some(ax as isize))?,
    )?;
    let dt = p.dtype();
    concatenate(
        &[
            &on_axis(&p, ax, range(None, Some(1)))?.astype(dt)?,
            &tail.astype(dt)?,
        ],
        ax as isize,
    )
}
