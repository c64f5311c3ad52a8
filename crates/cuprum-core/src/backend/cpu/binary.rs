//! The CPU `binary` primitive: one monomorphic loop per (operation, dtype).

use super::elem::{B8, Elem, with_dtype, with_int_dtype};
use super::iter::Plan;
use super::kernel::{self, Ptr};
use super::math::{self, Flt, Int, RealF};
use super::{View, acquire_inplace};
use crate::backend::Side;
use crate::ops::kinds::BinaryOp;
use crate::{DType, DTypeKind, Error, Layout, Result, Scalar};
use num_complex::Complex;
use num_traits::Float;

fn no_loop(op: BinaryOp, d: DType) -> Error {
    Error::DType {
        op: op.name(),
        dtype: d,
        detail: ": the backend has no loop for this dtype (the ops layer casts first)".into(),
    }
}

/// `dst = op(a, b)`; see [`BinaryOp`] for each operation's semantics.
pub(crate) fn binary(op: BinaryOp, a: View<'_>, b: View<'_>, dst: View<'_>) -> Result<()> {
    if a.dtype != b.dtype {
        return Err(Error::DTypeMismatch {
            op: op.name(),
            expected: a.dtype,
            actual: b.dtype,
        });
    }
    check_dst(op, a.dtype, dst.dtype)?;
    let bufs = acquire_inplace(op.name(), &dst, &[a, b])?;
    let plan = Plan::new([dst.layout, a.layout, b.layout]);
    dispatch(op, a.dtype, &plan, bufs.dst, bufs.inputs[0], bufs.inputs[1])
}

/// `dst = op(a, s)` or `op(s, a)`: the scalar, C-cast to `a.dtype`, sits in a 16-byte stack
/// word that the plan walks with stride 0, so the typed loops read it once per run and keep it
/// in a register (`map2`'s broadcast fast paths); no buffer is allocated or filled.
pub(crate) fn binary_scalar(
    op: BinaryOp,
    a: View<'_>,
    s: Scalar,
    side: Side,
    dst: View<'_>,
) -> Result<()> {
    check_dst(op, a.dtype, dst.dtype)?;
    let mut word = [0u64; 2];
    with_dtype!(a.dtype, T => {
        let v = T::from_scalar(s);
        let b = bytemuck::bytes_of(&v);
        bytemuck::cast_slice_mut::<u64, u8>(&mut word)[..b.len()].copy_from_slice(b);
    });
    let bufs = acquire_inplace(op.name(), &dst, &[a])?;
    let zero = Layout {
        shape: dst.layout.shape.clone(),
        strides: crate::layout::small_zeros(dst.layout.shape.len()),
        offset: 0,
    };
    let ps = Ptr::new(word.as_mut_ptr().cast());
    let pa = bufs.inputs[0];
    // `word` outlives the loops below (they run to completion inside `dispatch`); stride 0
    // keeps every read at its first element, inside the 16 bytes.
    match side {
        Side::Right => {
            let plan = Plan::new([dst.layout, a.layout, &zero]);
            dispatch(op, a.dtype, &plan, bufs.dst, pa, ps)
        }
        Side::Left => {
            let plan = Plan::new([dst.layout, &zero, a.layout]);
            dispatch(op, a.dtype, &plan, bufs.dst, ps, pa)
        }
    }
}

fn check_dst(op: BinaryOp, a: DType, dst: DType) -> Result<()> {
    let want = if op.returns_bool() { DType::Bool } else { a };
    if dst != want {
        return Err(Error::DTypeMismatch {
            op: op.name(),
            expected: want,
            actual: dst,
        });
    }
    Ok(())
}

/// The typed loop of `op` on inputs of dtype `dt` over `plan` (operands: dst, a, b).
fn dispatch(op: BinaryOp, dt: DType, plan: &Plan<3>, d: Ptr, pa: Ptr, pb: Ptr) -> Result<()> {
    match dt.kind() {
        DTypeKind::Bool => bool_binary(op, plan, d, pa, pb),
        DTypeKind::Int | DTypeKind::UInt => {
            with_int_dtype!(dt, T => int_binary::<T>(op, plan, d, pa, pb, dt), else Err(no_loop(op, dt)))
        }
        DTypeKind::Float => match dt {
            DType::Float16 => float_binary::<half::f16>(op, plan, d, pa, pb, dt),
            DType::BFloat16 => float_binary::<half::bf16>(op, plan, d, pa, pb, dt),
            DType::Float32 => float_binary::<f32>(op, plan, d, pa, pb, dt),
            _ => float_binary::<f64>(op, plan, d, pa, pb, dt),
        },
        DTypeKind::Complex => match dt {
            DType::Complex64 => complex_binary::<f32>(op, plan, d, pa, pb, dt),
            _ => complex_binary::<f64>(op, plan, d, pa, pb, dt),
        },
    }
}

/// Runs `map2::<$S, $S, $D>` with the element function `$f`.
macro_rules! go {
    ($plan:expr, $d:expr, $a:expr, $b:expr, $S:ty, $D:ty, $f:expr) => {{
        // SAFETY: `acquire_inplace` validated the layouts against their buffers and locked
        // them (an input sharing the destination's buffer is a snapshot, or the destination
        // itself element for element, which `map2` handles; a by-value scalar is a live
        // 16-byte stack word walked with stride 0); both inputs are stored as `$S` and the
        // destination as `$D` (dtypes checked in `binary`/`binary_scalar`).
        unsafe { kernel::map2::<$S, $S, $D>($plan, $d, $a, $b, $f) };
        Ok(())
    }};
}

fn bool_binary(op: BinaryOp, plan: &Plan<3>, d: Ptr, a: Ptr, b: Ptr) -> Result<()> {
    use BinaryOp::*;
    macro_rules! l {
        ($x:ident, $y:ident => $e:expr) => {
            go!(plan, d, a, b, B8, B8, |x: B8, y: B8| {
                let ($x, $y) = (x.get(), y.get());
                B8::new($e)
            })
        };
    }
    match op {
        Add | LogicalOr | BitwiseOr | Maximum | Fmax => l!(x, y => x | y),
        Multiply | LogicalAnd | BitwiseAnd | Minimum | Fmin => l!(x, y => x & y),
        LogicalXor | BitwiseXor | NotEqual => l!(x, y => x ^ y),
        Equal => l!(x, y => x == y),
        Less => l!(x, y => !x & y),
        LessEqual => l!(x, y => !x | y),
        Greater => l!(x, y => x & !y),
        GreaterEqual => l!(x, y => x | !y),
        _ => Err(no_loop(op, DType::Bool)),
    }
}

fn int_binary<T: Int>(
    op: BinaryOp,
    plan: &Plan<3>,
    d: Ptr,
    a: Ptr,
    b: Ptr,
    dt: DType,
) -> Result<()> {
    use BinaryOp::*;
    macro_rules! i {
        ($f:expr) => {
            go!(plan, d, a, b, T, T, $f)
        };
    }
    macro_rules! p {
        ($x:ident, $y:ident => $e:expr) => {
            go!(plan, d, a, b, T, B8, |$x: T, $y: T| B8::new($e))
        };
    }
    match op {
        Add => i!(|x: T, y: T| x.wadd(y)),
        Subtract => i!(|x: T, y: T| x.wsub(y)),
        Multiply => i!(|x: T, y: T| x.wmul(y)),
        FloorDivide => i!(|x: T, y: T| x.floordiv(y)),
        Remainder => i!(|x: T, y: T| x.floormod(y)),
        Fmod => i!(|x: T, y: T| x.cmod(y)),
        // A negative exponent is rejected above the backend (ops::engine); here it has the
        // CUDA kernel's defined value: 1 for base 1, ±1 for base -1, else 0.
        Power => i!(|x: T, y: T| {
            if y.is_neg() {
                if x == T::ONE {
                    T::ONE
                } else if x == T::ZERO.wsub(T::ONE) {
                    if y.bitand(T::ONE) != T::ZERO {
                        x
                    } else {
                        T::ONE
                    }
                } else {
                    T::ZERO
                }
            } else {
                x.wpow(y)
            }
        }),
        Maximum | Fmax => i!(|x: T, y: T| if x > y { x } else { y }),
        Minimum | Fmin => i!(|x: T, y: T| if x < y { x } else { y }),
        BitwiseAnd => i!(|x: T, y: T| x.bitand(y)),
        BitwiseOr => i!(|x: T, y: T| x.bitor(y)),
        BitwiseXor => i!(|x: T, y: T| x.bitxor(y)),
        LeftShift => i!(|x: T, y: T| x.shl(y)),
        RightShift => i!(|x: T, y: T| x.shr(y)),
        Equal => p!(x, y => x == y),
        NotEqual => p!(x, y => x != y),
        Less => p!(x, y => x < y),
        LessEqual => p!(x, y => x <= y),
        Greater => p!(x, y => x > y),
        GreaterEqual => p!(x, y => x >= y),
        LogicalAnd => p!(x, y => x != T::ZERO && y != T::ZERO),
        LogicalOr => p!(x, y => x != T::ZERO || y != T::ZERO),
        LogicalXor => p!(x, y => (x != T::ZERO) != (y != T::ZERO)),
        _ => Err(no_loop(op, dt)),
    }
}

fn float_binary<T: Flt>(
    op: BinaryOp,
    plan: &Plan<3>,
    d: Ptr,
    a: Ptr,
    b: Ptr,
    dt: DType,
) -> Result<()> {
    use BinaryOp::*;
    macro_rules! f {
        ($x:ident, $y:ident => $e:expr) => {
            go!(plan, d, a, b, T, T, |x: T, y: T| {
                let ($x, $y) = (x.load(), y.load());
                T::store($e)
            })
        };
    }
    macro_rules! p {
        ($x:ident, $y:ident => $e:expr) => {
            go!(plan, d, a, b, T, B8, |x: T, y: T| {
                let ($x, $y) = (x.load(), y.load());
                B8::new($e)
            })
        };
    }
    let zero = <T::C as num_traits::Zero>::zero();
    match op {
        Add => f!(x, y => x + y),
        Subtract => f!(x, y => x - y),
        Multiply => f!(x, y => x * y),
        Divide => f!(x, y => x / y),
        FloorDivide => f!(x, y => math::divmod_f(x, y).0),
        Remainder => f!(x, y => math::divmod_f(x, y).1),
        Fmod => f!(x, y => x % y),
        Power => f!(x, y => x.powf(y)),
        Maximum => f!(x, y => math::maximum_f(x, y)),
        Minimum => f!(x, y => math::minimum_f(x, y)),
        Fmax => f!(x, y => math::fmax_f(x, y)),
        Fmin => f!(x, y => math::fmin_f(x, y)),
        Hypot => f!(x, y => x.hypot(y)),
        Arctan2 => f!(x, y => x.atan2(y)),
        Copysign => f!(x, y => x.copysign(y)),
        Nextafter => go!(plan, d, a, b, T, T, |x: T, y: T| x.next_after(y)),
        Equal => p!(x, y => x == y),
        NotEqual => p!(x, y => x != y),
        Less => p!(x, y => x < y),
        LessEqual => p!(x, y => x <= y),
        Greater => p!(x, y => x > y),
        GreaterEqual => p!(x, y => x >= y),
        LogicalAnd => p!(x, y => x != zero && y != zero),
        LogicalOr => p!(x, y => x != zero || y != zero),
        LogicalXor => p!(x, y => (x != zero) != (y != zero)),
        _ => Err(no_loop(op, dt)),
    }
}

fn complex_binary<F: RealF>(
    op: BinaryOp,
    plan: &Plan<3>,
    d: Ptr,
    a: Ptr,
    b: Ptr,
    dt: DType,
) -> Result<()>
where
    Complex<F>: Elem,
{
    use BinaryOp::*;
    type C<F> = Complex<F>;
    macro_rules! c {
        ($x:ident, $y:ident => $e:expr) => {
            go!(plan, d, a, b, C<F>, C<F>, |$x: C<F>, $y: C<F>| $e)
        };
    }
    macro_rules! p {
        ($x:ident, $y:ident => $e:expr) => {
            go!(plan, d, a, b, C<F>, B8, |$x: C<F>, $y: C<F>| B8::new($e))
        };
    }
    let nz = |z: C<F>| z.re != F::zero() || z.im != F::zero();
    match op {
        Add => c!(x, y => x + y),
        Subtract => c!(x, y => x - y),
        Multiply => c!(x, y => x * y),
        Divide => c!(x, y => math::cdiv(x, y)),
        Power => c!(x, y => math::cpow(x, y)),
        Maximum => c!(x, y => math::cmaximum(x, y)),
        Minimum => c!(x, y => math::cminimum(x, y)),
        Fmax => c!(x, y => math::cfmax(x, y)),
        Fmin => c!(x, y => math::cfmin(x, y)),
        Equal => p!(x, y => x == y),
        NotEqual => p!(x, y => x != y),
        Less => p!(x, y => math::clt(x, y)),
        LessEqual => p!(x, y => math::clte(x, y)),
        Greater => p!(x, y => math::clt(y, x)),
        GreaterEqual => p!(x, y => math::clte(y, x)),
        LogicalAnd => p!(x, y => nz(x) && nz(y)),
        LogicalOr => p!(x, y => nz(x) || nz(y)),
        LogicalXor => p!(x, y => nz(x) != nz(y)),
        _ => Err(no_loop(op, dt)),
    }
}
