//! The weighted mean with NumPy's name and semantics: `average` (and `average_returned`, the
//! `returned=True` form).
//!
//! Composed of reductions and the ufuncs, so it runs on every device.

use crate::layout::normalize_axis;
use crate::ops;
use crate::{Array, DType, Error, Result};

/// The weighted average along `axis` (`numpy.average`; the mean without weights).
///
/// **Shapes:** `weights` has `a`'s shape, or is 1-D with `a.shape[axis]` entries (then `axis`
/// is required). **dtypes:** NumPy's: integers and bools average in float64, floats in the
/// promoted float dtype.
///
/// # Errors
/// [`Error::OutOfDomain`] when the weights sum to zero along some slice ("Weights sum to zero,
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
            return Err(Error::bad_argument(
                OP,
                "axis",
                "None",
                format!(
                    "an axis when the shapes of a {:?} and weights {:?} differ",
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
        return Err(Error::out_of_domain(
            OP,
            "weights",
            "weights with sum 0",
            "weights with a nonzero sum (weights that sum to zero cannot be normalized)",
        ));
    }
    let num = crate::reduce::sum(&ops::multiply(&a.astype(dt)?, &w)?, axis, false)?;
    let avg = ops::divide(&num, &scl)?.astype(dt)?;
    let scl = scl.broadcast_to(avg.shape())?.copy()?;
    Ok((avg, scl))
}
