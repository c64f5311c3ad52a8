//! The shared machinery of the elementwise functions: operands to arrays of the compute dtype,
//! broadcasting, output allocation or validation of `out`, and the backend call.

use super::kinds::{BinaryOp, UnaryOp};
use super::operand::Operand;
use super::promote::{
    binary_dtypes, can_cast_same_kind, output_cast_error, unary_dtypes, weak_dtype,
};
use crate::backend;
use crate::layout::broadcast_shapes;
use crate::{Array, DType, Device, Error, Layout, Result, Scalar};
use std::borrow::Cow;

/// A 0-d array of `dtype` on `device` holding `s` (C-cast).
pub(crate) fn scalar_array(s: Scalar, dtype: DType, device: Device) -> Result<Array> {
    let a = Array::empty_on((), dtype, device)?;
    backend::fill(a.view(), s)?;
    Ok(a)
}

/// `a` converted to `dtype` (the same handle when it already is).
pub(crate) fn to_dtype(a: &Array, dtype: DType) -> Result<Array> {
    if a.dtype() == dtype {
        Ok(a.clone())
    } else {
        a.astype(dtype)
    }
}

/// `a` viewed with `shape` (zero strides on new or stretched axes).
pub(crate) fn broadcast_view(op: &'static str, a: &Array, shape: &[usize]) -> Result<Array> {
    broadcast_cow(op, a, shape).map(Cow::into_owned)
}

/// [`operand_array`], borrowing the operand's array when it has the dtype already.
fn operand_cow<'a>(o: &Operand<'a>, dtype: DType, device: Device) -> Result<Cow<'a, Array>> {
    match *o {
        Operand::Array(a) if a.dtype() == dtype => Ok(Cow::Borrowed(a)),
        Operand::Array(a) => a.astype(dtype).map(Cow::Owned),
        Operand::Scalar(s) => scalar_array(s, dtype, device).map(Cow::Owned),
    }
}

/// [`broadcast_view`], borrowing `a` when it has `shape` already.
fn broadcast_cow<'a>(op: &'static str, a: &'a Array, shape: &[usize]) -> Result<Cow<'a, Array>> {
    if a.shape() == shape {
        return Ok(Cow::Borrowed(a));
    }
    let l: Layout = a.layout().broadcast_to(op, shape)?;
    Ok(Cow::Owned(a.with_layout(l)))
}

/// Fails unless every array is on the same device; returns it.
pub(crate) fn common_device(op: &'static str, arrays: &[&Array]) -> Result<Option<Device>> {
    let mut dev: Option<Device> = None;
    for a in arrays {
        match dev {
            None => dev = Some(a.device()),
            Some(d) if d != a.device() => {
                return Err(Error::DeviceMismatch {
                    op,
                    lhs: d,
                    rhs: a.device(),
                });
            }
            _ => {}
        }
    }
    Ok(dev)
}

/// The promoted dtype of two operands (NumPy 2 with weak scalars), with NumPy's overflow check
/// of a Python integer against an integer array. Comparisons of an integer array with an
/// integer that does not fit compute in a wider type instead of failing, as NumPy 2 does.
pub(crate) fn promote_operands(
    op: &'static str,
    a: &Operand<'_>,
    b: &Operand<'_>,
    comparison: bool,
) -> Result<DType> {
    let weak = |d: DType, s: &Scalar| -> Result<DType> {
        let c = weak_dtype(d, s);
        if d.is_integer() && matches!(s, Scalar::Int(_) | Scalar::UInt(_)) && !s.fits_integer(d) {
            if comparison {
                return Ok(DType::promote(d, s.default_dtype()));
            }
            return Err(Error::Overflow {
                op,
                value: s.to_string(),
                dtype: d,
            });
        }
        Ok(c)
    };
    match (a, b) {
        (Operand::Array(x), Operand::Array(y)) => Ok(DType::promote(x.dtype(), y.dtype())),
        (Operand::Array(x), Operand::Scalar(s)) | (Operand::Scalar(s), Operand::Array(x)) => {
            weak(x.dtype(), s)
        }
        (Operand::Scalar(s), Operand::Scalar(t)) => {
            Ok(DType::promote(s.default_dtype(), t.default_dtype()))
        }
    }
}

/// An operand as an array of `dtype` on `device`.
pub(crate) fn operand_array(o: &Operand<'_>, dtype: DType, device: Device) -> Result<Array> {
    operand_cow(o, dtype, device).map(Cow::into_owned)
}

/// The device of the operands (the current device when all are scalars).
pub(crate) fn operands_device(op: &'static str, ops: &[&Operand<'_>]) -> Result<Device> {
    let arrays: Vec<&Array> = ops.iter().filter_map(|o| o.as_array()).collect();
    Ok(common_device(op, &arrays)?.unwrap_or_else(crate::current_device))
}

/// Checks that `out` can receive a result of `shape` and dtype `from`, computed by `op`.
pub(crate) fn check_out(
    op: &'static str,
    out: &Array,
    shape: &[usize],
    from: DType,
    device: Device,
) -> Result<()> {
    if out.device() != device {
        return Err(Error::DeviceMismatch {
            op,
            lhs: device,
            rhs: out.device(),
        });
    }
    if out.shape() != shape {
        let full = broadcast_shapes(op, shape, out.shape())?;
        if full != out.shape() {
            return Err(Error::Broadcast {
                op,
                lhs: shape.to_vec(),
                rhs: out.shape().to_vec(),
            });
        }
    }
    if out.size() > 0
        && out
            .shape()
            .iter()
            .zip(out.strides())
            .any(|(&n, &s)| n > 1 && s == 0)
    {
        return Err(Error::bad_argument(
            op,
            "out",
            format!(
                "an output of shape {:?} and strides {:?}, which is a broadcast view and is read-only",
                out.shape(),
                out.strides()
            ),
            "a writable array",
        ));
    }
    if !can_cast_same_kind(from, out.dtype()) {
        return Err(output_cast_error(op, from, out.dtype()));
    }
    Ok(())
}

/// Runs `compute(dst)` writing into `out` (cast and with a temporary when `out` shares a
/// buffer with an input or has another dtype), or into a new array. `inputs` are the arrays
/// whose views `compute` reads.
///
/// An input that is `out` element for element (same buffer, layout and element size: `a += b`,
/// `binary_out(.., out=a)`) needs no temporary on any device: the backends read each element
/// before writing it (the CPU loops through the output's own slice, CUDA through a build of the
/// kernels without `__restrict__`); NumPy and CuPy write in place there too. Any other overlap
/// goes through a temporary.
fn finish(
    shape: &[usize],
    o: DType,
    device: Device,
    out: Option<&Array>,
    inputs: &[&Array],
    compute: impl Fn(&Array) -> Result<()>,
) -> Result<Array> {
    match out {
        None => {
            let r = Array::empty_for_overwrite(shape, o, device)?;
            compute(&r)?;
            Ok(r)
        }
        Some(out) => {
            let in_place = |a: &Array| {
                a.layout == out.layout && a.dtype().itemsize() == out.dtype().itemsize()
            };
            let aliased = inputs.iter().any(|a| a.shares_storage(out) && !in_place(a));
            if out.dtype() == o && !aliased && out.shape() == shape {
                compute(out)?;
            } else {
                let tmp = Array::empty_for_overwrite(shape, o, device)?;
                compute(&tmp)?;
                let src = broadcast_view("copy", &tmp, out.shape())?;
                backend::copy(src.view(), out.view())?;
            }
            Ok(out.clone())
        }
    }
}

/// `op(a, b)` with broadcasting and promotion, into `out` when given; then the
/// floating-point error check of [`errstate`](crate::ops::errstate).
///
/// The check compares the result with the operands, so when it is active and `out` shares a
/// buffer with an operand (`a += b`), the result is computed into a new array, checked against
/// the operands as they were, and only then written into `out`.
pub(crate) fn binary(
    op: BinaryOp,
    a: Operand<'_>,
    b: Operand<'_>,
    out: Option<&Array>,
) -> Result<Array> {
    if let Some(out) = out
        && crate::ops::errstate::active()
        && [&a, &b]
            .iter()
            .any(|o| o.as_array().is_some_and(|x| x.shares_storage(out)))
    {
        let r = binary_unchecked(op, a, b, None, None)?;
        crate::ops::errstate::check_binary(op, &a, &b, &r)?;
        return write_out(op.name(), &r, out);
    }
    let r = binary_unchecked(op, a, b, out, None)?;
    crate::ops::errstate::check_binary(op, &a, &b, &r)?;
    Ok(r)
}

/// [`binary`] without the errstate check; `lend`: an operand passed by value whose buffer takes
/// the result when [`lendable`] (no `out` then).
fn binary_unchecked(
    op: BinaryOp,
    a: Operand<'_>,
    b: Operand<'_>,
    out: Option<&Array>,
    lend: Option<&Array>,
) -> Result<Array> {
    let name = op.name();
    let device = operands_device(name, &[&a, &b])?;
    if out.is_none()
        && let Some(r) = mixed_sign_compare(op, &a, &b)?
    {
        return Ok(r);
    }
    let c = promote_operands(name, &a, &b, op.returns_bool() && !is_logical(op))?;
    let (k, o) = binary_dtypes(op, c)?;
    if op == BinaryOp::Power
        && k.is_integer()
        && let Operand::Scalar(s) = b
        && s.as_f64() < 0.0
    {
        return Err(super::promote::negative_power_error());
    }
    // An integer array exponent with a negative element is NumPy's ValueError too: decided
    // here, for every device, by one `any(b < 0)` reduction (CuPy silently returns 0 there; we
    // do not); the backends only compute (1, ±1 or 0 for a negative exponent, identically).
    if op == BinaryOp::Power
        && k.is_signed_integer()
        && let Operand::Array(e) = &b
        && e.size() > 0
        && e.dtype().is_signed_integer()
        && super::less(*e, 0i64)?
            .any(crate::reduce::Axes::All, false)?
            .item()?
            == crate::Scalar::Bool(true)
    {
        return Err(super::promote::negative_power_error());
    }
    let sa: &[usize] = a.as_array().map_or(&[], |x| x.shape());
    let sb: &[usize] = b.as_array().map_or(&[], |x| x.shape());
    let shape = broadcast_shapes(name, sa, sb)?;
    let out = out.or(lend.filter(|l| lendable(op, l, o, &shape)));
    if let Some(out) = out {
        check_out(name, out, &shape, o, device)?;
    }
    // One weak scalar: passed to the backend by value (no 0-d array, no fill).
    let one_scalar = match (&a, &b) {
        (Operand::Array(x), Operand::Scalar(s)) => Some((*x, *s, backend::Side::Right)),
        (Operand::Scalar(s), Operand::Array(x)) => Some((*x, *s, backend::Side::Left)),
        _ => None,
    };
    if let Some((arr, s, side)) = one_scalar {
        let x = operand_cow(&Operand::Array(arr), k, device)?;
        return finish(&shape, o, device, out, &[&*x], |dst| {
            if dst.size() == 0 {
                return Ok(());
            }
            backend::binary_scalar(op, x.view(), s, side, dst.view())
        });
    }
    // borrowed where no cast or broadcast is needed: a clone of an array copies its shape and
    // strides (two allocations), and the 30 x 30 add of views made eight of them (now 1.0 us
    // of host time on the 2-core CPU, docs/benchmarks/cpu-core.md)
    let x = operand_cow(&a, k, device)?;
    let y = operand_cow(&b, k, device)?;
    let xv = broadcast_cow(name, &x, &shape)?;
    let yv = broadcast_cow(name, &y, &shape)?;
    finish(&shape, o, device, out, &[&*xv, &*yv], |dst| {
        if dst.size() == 0 {
            return Ok(());
        }
        backend::binary(op, xv.view(), yv.view(), dst.view())
    })
}

fn is_logical(op: BinaryOp) -> bool {
    matches!(
        op,
        BinaryOp::LogicalAnd | BinaryOp::LogicalOr | BinaryOp::LogicalXor
    )
}

/// `op(a, b)` where `owned`, one of the operands, was passed by value (`t + &b`, `2.0 * t`):
/// NumPy's temporary elision. When nothing else can see `owned`'s buffer ([`lendable`]) and the
/// result has its dtype and shape, the result is written over it in place ([`finish`]'s exact
/// alias) instead of into a new array; otherwise this is [`binary`]. The values are the same
/// either way; a chain like `&a + &b + &c - 4.0 * &d` then reuses one temporary, as NumPy's
/// does, which keeps a step's working set in the cache.
pub(crate) fn binary_owned(
    op: BinaryOp,
    a: Operand<'_>,
    b: Operand<'_>,
    owned: &Array,
) -> Result<Array> {
    // `lendable` refuses while an errstate check is active, so the check below compares a new
    // result with untouched operands
    let r = binary_unchecked(op, a, b, None, Some(owned))?;
    crate::ops::errstate::check_binary(op, &a, &b, &r)?;
    Ok(r)
}

/// True when `owned`'s buffer may take a result of dtype `o` and shape `shape`: a CPU array
/// holding the only reference to memory cuprum allocated (not pinned, not external),
/// C-contiguous, of that dtype and shape, for an operation that does not return bool, with no
/// errstate check active.
fn lendable(op: BinaryOp, owned: &Array, o: DType, shape: &[usize]) -> bool {
    owned.device() == Device::Cpu
        && !op.returns_bool()
        && owned.dtype() == o
        && owned.shape() == shape
        && owned.size() > 0
        && std::sync::Arc::strong_count(&owned.storage) == 1
        && std::sync::Arc::weak_count(&owned.storage) == 0
        && owned.is_c_contiguous()
        && !crate::ops::errstate::active()
        && match &*owned.storage {
            crate::storage::Storage::Cpu(s) => s.owns_memory(),
            crate::storage::Storage::Cuda(_) => false,
        }
}

/// Writes a computed result into `out` as the `out=` paths do: `out`'s device, a shape `r`
/// broadcasts to, a `same_kind` cast.
fn write_out(op: &'static str, r: &Array, out: &Array) -> Result<Array> {
    check_out(op, out, r.shape(), r.dtype(), r.device())?;
    let src = broadcast_view("copy", r, out.shape())?;
    if out.size() > 0 {
        backend::copy(src.view(), out.view())?;
    }
    Ok(out.clone())
}

/// `op(a)`, into `out` when given (as [`binary`] for the error check when `out` is `a`'s
/// buffer).
pub(crate) fn unary(op: UnaryOp, a: &Array, out: Option<&Array>) -> Result<Array> {
    let name = op.name();
    if let Some(out) = out
        && crate::ops::errstate::active()
        && a.shares_storage(out)
    {
        let r = unary(op, a, None)?;
        return write_out(name, &r, out);
    }
    let (k, o) = unary_dtypes(op, a.dtype())?;
    let device = a.device();
    if let Some(out) = out {
        check_out(name, out, a.shape(), o, device)?;
    }
    let x = to_dtype(a, k)?;
    let r = finish(a.shape(), o, device, out, &[&x], |dst| {
        if dst.size() == 0 {
            return Ok(());
        }
        backend::unary(op, x.view(), dst.view())
    })?;
    crate::ops::errstate::check_unary(op, a, &r)?;
    Ok(r)
}

/// Exact comparison of a signed integer array with a uint64 array (NumPy 2 compares them
/// exactly instead of through float64, their promoted dtype): negative values order below every
/// uint64; the others compare as uint64.
fn mixed_sign_compare(op: BinaryOp, a: &Operand<'_>, b: &Operand<'_>) -> Result<Option<Array>> {
    use BinaryOp::*;
    if !matches!(
        op,
        Equal | NotEqual | Less | LessEqual | Greater | GreaterEqual
    ) {
        return Ok(None);
    }
    let (Some(x), Some(y)) = (a.as_array(), b.as_array()) else {
        return Ok(None);
    };
    let mirror = |o: BinaryOp| match o {
        Less => Greater,
        Greater => Less,
        LessEqual => GreaterEqual,
        GreaterEqual => LessEqual,
        o => o,
    };
    let (s, u, op) = if x.dtype().is_signed_integer() && y.dtype() == crate::DType::UInt64 {
        (x, y, op)
    } else if y.dtype().is_signed_integer() && x.dtype() == crate::DType::UInt64 {
        (y, x, mirror(op))
    } else {
        return Ok(None);
    };
    let neg = binary(
        Less,
        Operand::Array(s),
        Operand::Scalar(crate::Scalar::Int(0)),
        None,
    )?;
    let su = s.astype(crate::DType::UInt64)?;
    let r = binary(op, Operand::Array(&su), Operand::Array(u), None)?;
    let when_negative = matches!(op, Less | LessEqual | NotEqual);
    super::where_(&neg, crate::Scalar::Bool(when_negative), &r).map(Some)
}
