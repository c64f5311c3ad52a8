//! `where_` and `clip`.

use super::engine::{broadcast_view, check_out, operand_array, operands_device, to_dtype};
use super::operand::Operand;
use super::promote::weak_dtype;
use crate::layout::broadcast_shapes;
use crate::{Array, DType, Result, Scalar, backend};

/// The promoted dtype of `x` and `y` for `where`: weak scalars as in NEP 50, but an integer
/// that does not fit is cast (wrapping) instead of rejected, as NumPy's `where` does.
fn where_dtype(x: &Operand<'_>, y: &Operand<'_>) -> DType {
    match (x, y) {
        (Operand::Array(a), Operand::Array(b)) => DType::promote(a.dtype(), b.dtype()),
        (Operand::Array(a), Operand::Scalar(s)) | (Operand::Scalar(s), Operand::Array(a)) => {
            weak_dtype(a.dtype(), s)
        }
        (Operand::Scalar(s), Operand::Scalar(t)) => {
            DType::promote(s.default_dtype(), t.default_dtype())
        }
    }
}

/// Elements of `x` where `cond` is true and of `y` elsewhere, NumPy's three-argument
/// `where(cond, x, y)`.
///
/// **Shapes:** `cond`, `x` and `y` broadcast together; the result has the broadcast shape.
/// **dtypes:** `x` and `y` promote (weak scalars as in [`Operand`]); `cond` is read as
/// truth values (nonzero is true) when it is not bool.
///
/// # Errors
/// [`Error::Broadcast`](crate::Error::Broadcast) naming the shapes;
/// [`Error::DeviceMismatch`](crate::Error::DeviceMismatch).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ops};
/// let c = Array::from_vec_on(vec![true, false, true], &[3], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![1i32, 2, 3], &[3], Device::Cpu).unwrap();
/// let r = ops::where_(&c, &x, -1).unwrap();
/// assert_eq!(r.to_vec::<i32>().unwrap(), vec![1, -1, 3]);
/// ```
pub fn where_<'a>(
    cond: &Array,
    x: impl Into<Operand<'a>>,
    y: impl Into<Operand<'a>>,
) -> Result<Array> {
    const OP: &str = "where";
    let (x, y) = (x.into(), y.into());
    let c = Operand::Array(cond);
    let device = operands_device(OP, &[&c, &x, &y])?;
    let dt = where_dtype(&x, &y);
    let sx: Vec<usize> = x.as_array().map(|a| a.shape().to_vec()).unwrap_or_default();
    let sy: Vec<usize> = y.as_array().map(|a| a.shape().to_vec()).unwrap_or_default();
    let shape = broadcast_shapes(OP, &broadcast_shapes(OP, cond.shape(), &sx)?, &sy)?;
    let cb = to_dtype(cond, DType::Bool)?;
    let xa = operand_array(&x, dt, device)?;
    let ya = operand_array(&y, dt, device)?;
    let out = Array::empty_on(&shape, dt, device)?;
    if out.size() > 0 {
        let cv = broadcast_view(OP, &cb, &shape)?;
        let xv = broadcast_view(OP, &xa, &shape)?;
        let yv = broadcast_view(OP, &ya, &shape)?;
        backend::where_(cv.view(), xv.view(), yv.view(), out.view())?;
    }
    Ok(out)
}

/// A bound of `clip` for an integer array: a weak integer outside the dtype's range is
/// clamped into it (NumPy's `clip` accepts such bounds without an overflow error).
fn clamp_bound<'a>(a: &Array, b: Operand<'a>) -> Operand<'a> {
    let d = a.dtype();
    match b {
        Operand::Scalar(s @ (Scalar::Int(_) | Scalar::UInt(_)))
            if d.is_integer() && !s.fits_integer(d) =>
        {
            let below = matches!(s, Scalar::Int(v) if v < 0);
            let shift = 64 - d.itemsize() as u32 * 8;
            Operand::Scalar(match (below, d.is_signed_integer()) {
                (true, true) => Scalar::Int(i64::MIN >> shift),
                (true, false) => Scalar::UInt(0),
                (false, true) => Scalar::Int(i64::MAX >> shift),
                (false, false) => Scalar::UInt(u64::MAX >> shift),
            })
        }
        other => other,
    }
}

/// Limits the values to `[min, max]`, NumPy's `clip(a, min, max)`:
/// `minimum(maximum(a, min), max)`.
///
/// **Shapes:** `a`, `min` and `max` broadcast together. **dtypes:** promoted as
/// [`maximum`](super::maximum) then [`minimum`](super::minimum) (weak scalars keep `a`'s
/// dtype; an integer bound outside an integer dtype's range is clamped into it). NaN in `a`
/// propagates; a `None` bound is not applied; when `min > max` every element becomes `max`.
///
/// # Errors
/// [`Error::Broadcast`](crate::Error::Broadcast); [`Error::DeviceMismatch`](crate::Error::DeviceMismatch).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ops};
/// let a = Array::from_vec_on(vec![1.0f32, 5.0, 10.0], &[3], Device::Cpu).unwrap();
/// let r = ops::clip(&a, Some(2.0.into()), Some(6.5.into())).unwrap();
/// assert_eq!(r.to_vec::<f32>().unwrap(), vec![2.0, 5.0, 6.5]);
/// ```
pub fn clip<'a>(a: &Array, min: Option<Operand<'a>>, max: Option<Operand<'a>>) -> Result<Array> {
    let mut r = a.clone();
    let mut copied = false;
    if let Some(lo) = min {
        r = super::maximum(&r, clamp_bound(a, lo))?;
        copied = true;
    }
    if let Some(hi) = max {
        r = super::minimum(&r, clamp_bound(a, hi))?;
        copied = true;
    }
    if !copied {
        r = a.astype(a.dtype())?;
    }
    Ok(r)
}

/// [`clip`] written into `out` (cast under `same_kind`; `out` may be `a`).
///
/// # Errors
/// As [`clip`] and [`binary_out`](super::binary_out).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ops};
/// let a = Array::from_vec_on(vec![-3i64, 0, 9], &[3], Device::Cpu).unwrap();
/// ops::clip_out(&a, Some((-1i64).into()), Some(5i64.into()), &a).unwrap();
/// assert_eq!(a.to_vec::<i64>().unwrap(), vec![-1, 0, 5]);
/// ```
pub fn clip_out<'a>(
    a: &Array,
    min: Option<Operand<'a>>,
    max: Option<Operand<'a>>,
    out: &Array,
) -> Result<()> {
    let _op = crate::oplock::lock(&out.storage);
    let r = clip(a, min, max)?;
    check_out("clip", out, r.shape(), r.dtype(), r.device())?;
    let src = broadcast_view("clip", &r, out.shape())?;
    backend::copy(src.view(), out.view())
}
