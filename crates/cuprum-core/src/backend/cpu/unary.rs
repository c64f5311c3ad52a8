//! The CPU `unary` primitive: one monomorphic loop per (operation, dtype).

use super::elem::{B8, Elem, with_int_dtype};
use super::iter::Plan;
use super::kernel::{self, Ptr};
use super::math::{self, Flt, Int, RealF};
use super::{View, acquire_inplace};
use crate::ops::kinds::UnaryOp;
use crate::{DType, DTypeKind, Error, Result};
use num_complex::Complex;
use num_traits::Float;

/// The dtype `op` writes for input dtype `src` (the backend contract).
pub(crate) fn out_dtype(op: UnaryOp, src: DType) -> DType {
    use UnaryOp::*;
    match op {
        IsNan | IsInf | IsFinite | Signbit | LogicalNot => DType::Bool,
        Abs | Real | Imag | Angle => src.real_dtype(),
        _ => src,
    }
}

fn no_loop(op: UnaryOp, d: DType) -> Error {
    Error::DType {
        op: op.name(),
        dtype: d,
        detail: ": the backend has no loop for this dtype (the ops layer casts first)".into(),
    }
}

/// `dst = op(src)`; see [`UnaryOp`] for each operation's semantics.
pub(crate) fn unary(op: UnaryOp, src: View<'_>, dst: View<'_>) -> Result<()> {
    let want = out_dtype(op, src.dtype);
    if dst.dtype != want {
        return Err(Error::DTypeMismatch {
            op: op.name(),
            expected: want,
            actual: dst.dtype,
        });
    }
    let bufs = acquire_inplace(op.name(), &dst, &[src])?;
    let plan = Plan::new([dst.layout, src.layout]);
    let (d, s) = (bufs.dst, bufs.inputs[0]);
    match src.dtype.kind() {
        DTypeKind::Bool => bool_unary(op, &plan, d, s),
        DTypeKind::Int | DTypeKind::UInt => {
            with_int_dtype!(src.dtype, T => int_unary::<T>(op, &plan, d, s, src.dtype), else Err(no_loop(op, src.dtype)))
        }
        DTypeKind::Float => match src.dtype {
            DType::Float16 => float_unary::<half::f16>(op, &plan, d, s, src.dtype),
            DType::BFloat16 => float_unary::<half::bf16>(op, &plan, d, s, src.dtype),
            DType::Float32 => float_unary::<f32>(op, &plan, d, s, src.dtype),
            _ => float_unary::<f64>(op, &plan, d, s, src.dtype),
        },
        DTypeKind::Complex => match src.dtype {
            DType::Complex64 => complex_unary::<f32>(op, &plan, d, s, src.dtype),
            _ => complex_unary::<f64>(op, &plan, d, s, src.dtype),
        },
    }
}

/// Runs `map1::<$S, $D>` with the element function `$f`.
macro_rules! go {
    ($plan:expr, $d:expr, $s:expr, $S:ty, $D:ty, $f:expr) => {{
        // SAFETY: `acquire_inplace` validated both layouts against their buffers, locked them
        // (a source sharing the destination's buffer is a snapshot, or the destination itself
        // element for element, which `map1` handles); the dtypes were checked
        // to be stored as `$S` (source) and `$D` (destination, `out_dtype`).
        unsafe { kernel::map1::<$S, $D>($plan, $d, $s, $f) };
        Ok(())
    }};
}

fn bool_unary(op: UnaryOp, plan: &Plan<2>, d: Ptr, s: Ptr) -> Result<()> {
    use UnaryOp::*;
    match op {
        Abs | Positive | Floor | Ceil | Trunc | Conj | Real => go!(plan, d, s, B8, B8, |x: B8| x),
        Invert | LogicalNot => go!(plan, d, s, B8, B8, |x: B8| B8::new(!x.get())),
        Imag | IsNan | IsInf | Signbit => go!(plan, d, s, B8, B8, |_x: B8| B8(0)),
        IsFinite => go!(plan, d, s, B8, B8, |_x: B8| B8(1)),
        _ => Err(no_loop(op, DType::Bool)),
    }
}

fn int_unary<T: Int>(op: UnaryOp, plan: &Plan<2>, d: Ptr, s: Ptr, dt: DType) -> Result<()> {
    use UnaryOp::*;
    match op {
        Negative => go!(plan, d, s, T, T, |x: T| x.wneg()),
        Positive | Floor | Ceil | Trunc | Conj | Real => go!(plan, d, s, T, T, |x: T| x),
        Abs => go!(plan, d, s, T, T, |x: T| x.wabs()),
        Sign => go!(plan, d, s, T, T, |x: T| x.sign()),
        Square => go!(plan, d, s, T, T, |x: T| x.wmul(x)),
        Reciprocal => go!(plan, d, s, T, T, |x: T| x.recip()),
        Invert => go!(plan, d, s, T, T, |x: T| x.bitnot()),
        Imag => go!(plan, d, s, T, T, |_x: T| T::ZERO),
        LogicalNot => go!(plan, d, s, T, B8, |x: T| B8::new(x == T::ZERO)),
        IsNan | IsInf => go!(plan, d, s, T, B8, |_x: T| B8(0)),
        IsFinite => go!(plan, d, s, T, B8, |_x: T| B8(1)),
        Signbit => go!(plan, d, s, T, B8, |x: T| B8::new(x.is_neg())),
        _ => Err(no_loop(op, dt)),
    }
}

fn float_unary<T: Flt>(op: UnaryOp, plan: &Plan<2>, d: Ptr, s: Ptr, dt: DType) -> Result<()> {
    use UnaryOp::*;
    macro_rules! f {
        ($v:ident => $e:expr) => {
            go!(plan, d, s, T, T, |x: T| {
                let $v = x.load();
                T::store($e)
            })
        };
    }
    macro_rules! p {
        ($v:ident => $e:expr) => {
            go!(plan, d, s, T, B8, |x: T| {
                let $v = x.load();
                B8::new($e)
            })
        };
    }
    match op {
        Negative => f!(v => -v),
        Positive | Conj | Real => go!(plan, d, s, T, T, |x: T| x),
        Abs => f!(v => v.abs()),
        Sign => f!(v => math::sign_f(v)),
        Sqrt => f!(v => v.sqrt()),
        Cbrt => f!(v => v.cbrt()),
        Square => f!(v => v * v),
        Reciprocal => f!(v => v.recip()),
        Exp => f!(v => v.exp()),
        Exp2 => f!(v => v.exp2()),
        Expm1 => f!(v => v.exp_m1()),
        Log => f!(v => v.ln()),
        Log2 => f!(v => v.log2()),
        Log10 => f!(v => v.log10()),
        Log1p => f!(v => v.ln_1p()),
        Sin => f!(v => v.sin()),
        Cos => f!(v => v.cos()),
        Tan => f!(v => v.tan()),
        Arcsin => f!(v => v.asin()),
        Arccos => f!(v => v.acos()),
        Arctan => f!(v => v.atan()),
        Sinh => f!(v => v.sinh()),
        Cosh => f!(v => v.cosh()),
        Tanh => f!(v => v.tanh()),
        Arcsinh => f!(v => v.asinh()),
        Arccosh => f!(v => v.acosh()),
        Arctanh => f!(v => v.atanh()),
        Floor => f!(v => v.floor()),
        Ceil => f!(v => v.ceil()),
        Trunc => f!(v => v.trunc()),
        Rint => f!(v => v.rint()),
        Imag => f!(_v => <T::C as num_traits::Zero>::zero()),
        Angle => f!(v => <T::C as num_traits::Zero>::zero().atan2(v)),
        Deg2Rad => f!(v => v.to_radians()),
        Rad2Deg => f!(v => v.to_degrees()),
        IsNan => p!(v => v.is_nan()),
        IsInf => p!(v => v.is_infinite()),
        IsFinite => p!(v => v.is_finite()),
        Signbit => p!(v => v.is_sign_negative()),
        LogicalNot => p!(v => v == <T::C as num_traits::Zero>::zero()),
        _ => Err(no_loop(op, dt)),
    }
}

fn complex_unary<F>(op: UnaryOp, plan: &Plan<2>, d: Ptr, s: Ptr, dt: DType) -> Result<()>
where
    F: RealF + Elem,
    Complex<F>: Elem,
{
    use UnaryOp::*;
    type C<F> = Complex<F>;
    macro_rules! c {
        ($v:ident => $e:expr) => {
            go!(plan, d, s, C<F>, C<F>, |$v: C<F>| $e)
        };
    }
    macro_rules! r {
        ($v:ident => $e:expr) => {
            go!(plan, d, s, C<F>, F, |$v: C<F>| $e)
        };
    }
    macro_rules! p {
        ($v:ident => $e:expr) => {
            go!(plan, d, s, C<F>, B8, |$v: C<F>| B8::new($e))
        };
    }
    match op {
        Negative => c!(z => -z),
        Positive => c!(z => z),
        Conj => c!(z => z.conj()),
        Abs => r!(z => z.norm()),
        Real => r!(z => z.re),
        Imag => r!(z => z.im),
        Angle => r!(z => z.arg()),
        Sign => c!(z => math::csign(z)),
        Sqrt => c!(z => z.sqrt()),
        Square => c!(z => z * z),
        Reciprocal => c!(z => math::crecip(z)),
        Exp => c!(z => z.exp()),
        Exp2 => c!(z => z.exp2()),
        Expm1 => c!(z => math::cexpm1(z)),
        Log => c!(z => z.ln()),
        Log2 => c!(z => z.log2()),
        Log10 => c!(z => z.log10()),
        Log1p => c!(z => math::clog1p(z)),
        Sin => c!(z => z.sin()),
        Cos => c!(z => z.cos()),
        Tan => c!(z => z.tan()),
        Arcsin => c!(z => z.asin()),
        Arccos => c!(z => z.acos()),
        Arctan => c!(z => z.atan()),
        Sinh => c!(z => z.sinh()),
        Cosh => c!(z => z.cosh()),
        Tanh => c!(z => z.tanh()),
        Arcsinh => c!(z => z.asinh()),
        Arccosh => c!(z => z.acosh()),
        Arctanh => c!(z => z.atanh()),
        Rint => c!(z => math::crint(z)),
        IsNan => p!(z => z.re.is_nan() || z.im.is_nan()),
        IsInf => p!(z => z.re.is_infinite() || z.im.is_infinite()),
        IsFinite => p!(z => z.re.is_finite() && z.im.is_finite()),
        LogicalNot => p!(z => z.re == F::zero() && z.im == F::zero()),
        _ => Err(no_loop(op, dt)),
    }
}
