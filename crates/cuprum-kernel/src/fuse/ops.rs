//! The ufuncs, `where_`, reductions and operators over [`Var`]: cuprum's own names, so a fused
//! body reads like the unfused code.

use super::graph::{self, ReduceKind, Var};
use cuprum_core::ext::prim::{BinaryOp, UnaryOp};
use cuprum_core::{Axes, Complex32, Complex64};

macro_rules! unary_fns {
    ($($name:ident => $op:ident),* $(,)?) => {$(
        #[doc = concat!("NumPy's `", stringify!($name), "` of a fused value: the dtype and values of `cuprum_core::", stringify!($name), "`.")]
        pub fn $name(x: impl Into<Var>) -> Var {
            graph::unary(UnaryOp::$op, x.into())
        }
    )*};
}

unary_fns! {
    negative => Negative, positive => Positive, abs => Abs, absolute => Abs, sign => Sign,
    sqrt => Sqrt, cbrt => Cbrt, square => Square, reciprocal => Reciprocal, exp => Exp,
    exp2 => Exp2, expm1 => Expm1, log => Log, log2 => Log2, log10 => Log10, log1p => Log1p,
    sin => Sin, cos => Cos, tan => Tan, arcsin => Arcsin, arccos => Arccos, arctan => Arctan,
    sinh => Sinh, cosh => Cosh, tanh => Tanh, arcsinh => Arcsinh, arccosh => Arccosh,
    arctanh => Arctanh, floor => Floor, ceil => Ceil, trunc => Trunc, rint => Rint,
    invert => Invert, logical_not => LogicalNot, conj => Conj, conjugate => Conj, real => Real,
    imag => Imag, angle => Angle, isnan => IsNan, isinf => IsInf, isfinite => IsFinite,
    signbit => Signbit, deg2rad => Deg2Rad, rad2deg => Rad2Deg,
}

macro_rules! binary_fns {
    ($($name:ident => $op:ident),* $(,)?) => {$(
        #[doc = concat!("NumPy's `", stringify!($name), "` of two fused values or a value and a weak scalar: the dtype and values of `cuprum_core::", stringify!($name), "`.")]
        pub fn $name(a: impl Into<Var>, b: impl Into<Var>) -> Var {
            graph::binary(BinaryOp::$op, a.into(), b.into())
        }
    )*};
}

binary_fns! {
    add => Add, subtract => Subtract, multiply => Multiply, divide => Divide,
    true_divide => Divide, floor_divide => FloorDivide, remainder => Remainder, fmod => Fmod,
    power => Power, maximum => Maximum, minimum => Minimum, fmax => Fmax, fmin => Fmin,
    equal => Equal, not_equal => NotEqual, less => Less, less_equal => LessEqual,
    greater => Greater, greater_equal => GreaterEqual, logical_and => LogicalAnd,
    logical_or => LogicalOr, logical_xor => LogicalXor, bitwise_and => BitwiseAnd,
    bitwise_or => BitwiseOr, bitwise_xor => BitwiseXor, left_shift => LeftShift,
    right_shift => RightShift, hypot => Hypot, arctan2 => Arctan2, copysign => Copysign,
    nextafter => Nextafter,
}

/// `cond ? x : y` elementwise, NumPy's `where` ([`cuprum_core::where_`]): `cond` is cast to
/// bool, `x` and `y` promote (weak scalars included) to the result dtype.
pub fn where_(cond: impl Into<Var>, x: impl Into<Var>, y: impl Into<Var>) -> Var {
    graph::where_(cond.into(), x.into(), y.into())
}

/// `x` clipped to `[lo, hi]`: `minimum(maximum(x, lo), hi)`, as [`cuprum_core::clip`] with both
/// bounds (a weak integer bound outside an integer dtype's range is clamped to it first).
pub fn clip(x: impl Into<Var>, lo: impl Into<Var>, hi: impl Into<Var>) -> Var {
    let x = x.into();
    let clamp = |b: Var| -> Var {
        use cuprum_core::Scalar;
        let d = x.dtype();
        match b.v {
            graph::V::Weak(s @ (Scalar::Int(_) | Scalar::UInt(_)))
                if d.is_integer() && !s.fits_integer(d) && matches!(x.v, graph::V::Node { .. }) =>
            {
                let below = matches!(s, Scalar::Int(v) if v < 0);
                let shift = 64 - d.itemsize() as u32 * 8;
                Var::from(match (below, d.is_signed_integer()) {
                    (true, true) => Scalar::Int(i64::MIN >> shift),
                    (true, false) => Scalar::UInt(0),
                    (false, true) => Scalar::Int(i64::MAX >> shift),
                    (false, false) => Scalar::UInt(u64::MAX >> shift),
                })
            }
            _ => b,
        }
    };
    let lo = clamp(lo.into());
    let hi = clamp(hi.into());
    minimum(maximum(x, lo), hi)
}

/// Sum over `axis` with `keepdims`, as [`cuprum_core::Array::sum`] (the result dtype included:
/// int32 sums in int64); the last operation of a body.
pub fn sum(x: impl Into<Var>, axis: impl Into<Axes>, keepdims: bool) -> Var {
    graph::reduce(ReduceKind::Sum, x.into(), axis.into(), keepdims)
}
/// Product over `axis`, as [`cuprum_core::Array::prod`]; the last operation of a body.
pub fn prod(x: impl Into<Var>, axis: impl Into<Axes>, keepdims: bool) -> Var {
    graph::reduce(ReduceKind::Prod, x.into(), axis.into(), keepdims)
}
/// Maximum over `axis` (NaN propagates), as [`cuprum_core::Array::max`]; the last operation of
/// a body.
pub fn max(x: impl Into<Var>, axis: impl Into<Axes>, keepdims: bool) -> Var {
    graph::reduce(ReduceKind::Max, x.into(), axis.into(), keepdims)
}
/// Minimum over `axis`, as [`cuprum_core::Array::min`]; the last operation of a body.
pub fn min(x: impl Into<Var>, axis: impl Into<Axes>, keepdims: bool) -> Var {
    graph::reduce(ReduceKind::Min, x.into(), axis.into(), keepdims)
}
/// Alias of [`max`].
pub fn amax(x: impl Into<Var>, axis: impl Into<Axes>, keepdims: bool) -> Var {
    max(x, axis, keepdims)
}
/// Alias of [`min`].
pub fn amin(x: impl Into<Var>, axis: impl Into<Axes>, keepdims: bool) -> Var {
    min(x, axis, keepdims)
}

macro_rules! bin_ops {
    ($($Tr:ident $m:ident $op:ident;)*) => {$(
        impl<R: Into<Var>> std::ops::$Tr<R> for Var {
            type Output = Var;
            fn $m(self, r: R) -> Var {
                graph::binary(BinaryOp::$op, self, r.into())
            }
        }
        impl<R: Into<Var>> std::ops::$Tr<R> for &Var {
            type Output = Var;
            fn $m(self, r: R) -> Var {
                graph::binary(BinaryOp::$op, *self, r.into())
            }
        }
        bin_ops!(@lhs $Tr $m $op: f64 f32 i8 i16 i32 i64 u8 u16 u32 u64 usize isize bool Complex64 Complex32);
    )*};
    (@lhs $Tr:ident $m:ident $op:ident: $($t:ty)*) => {$(
        impl std::ops::$Tr<Var> for $t {
            type Output = Var;
            fn $m(self, r: Var) -> Var {
                graph::binary(BinaryOp::$op, Var::from(self), r)
            }
        }
        impl std::ops::$Tr<&Var> for $t {
            type Output = Var;
            fn $m(self, r: &Var) -> Var {
                graph::binary(BinaryOp::$op, Var::from(self), *r)
            }
        }
    )*};
}

bin_ops! {
    Add add Add;
    Sub sub Subtract;
    Mul mul Multiply;
    Div div Divide;
    Rem rem Remainder;
    BitAnd bitand BitwiseAnd;
    BitOr bitor BitwiseOr;
    BitXor bitxor BitwiseXor;
    Shl shl LeftShift;
    Shr shr RightShift;
}

impl std::ops::Neg for Var {
    type Output = Var;
    fn neg(self) -> Var {
        negative(self)
    }
}
impl std::ops::Neg for &Var {
    type Output = Var;
    fn neg(self) -> Var {
        negative(*self)
    }
}
impl std::ops::Not for Var {
    type Output = Var;
    fn not(self) -> Var {
        invert(self)
    }
}
impl std::ops::Not for &Var {
    type Output = Var;
    fn not(self) -> Var {
        invert(*self)
    }
}
