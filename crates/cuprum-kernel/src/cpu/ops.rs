//! Typed arithmetic with C/CUDA semantics, and the CUDA math library on lanes.

use super::parse::{BinOp, UnOp};
use super::vm::{Lane, OpFn, Reg, VTy, map1, map2, map3};
use cuprum_core::{Complex32, Complex64};

/// `+ - * / %` and negation as CUDA computes them: integers wrap (two's complement; division
/// by zero gives all ones and `x % 0` gives `x`, never a trap), floats are IEEE in their own
/// precision (no contraction), complex follows thrust.
pub(crate) trait Arith: Lane {
    fn add(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn div(self, o: Self) -> Self;
    fn rem(self, o: Self) -> Self;
    fn neg(self) -> Self;
    fn one() -> Self;
}

macro_rules! int_arith {
    ($($t:ty),*) => {$(
        impl Arith for $t {
            #[inline(always)] fn add(self, o: Self) -> Self { self.wrapping_add(o) }
            #[inline(always)] fn sub(self, o: Self) -> Self { self.wrapping_sub(o) }
            #[inline(always)] fn mul(self, o: Self) -> Self { self.wrapping_mul(o) }
            #[inline(always)] fn div(self, o: Self) -> Self {
                if o == 0 { !0 } else { self.wrapping_div(o) }
            }
            #[inline(always)] fn rem(self, o: Self) -> Self {
                if o == 0 { self } else { self.wrapping_rem(o) }
            }
            #[inline(always)] fn neg(self) -> Self { (0 as $t).wrapping_sub(self) }
            fn one() -> Self { 1 }
        }
    )*};
}
int_arith!(i32, i64, u32, u64);

macro_rules! float_arith {
    ($($t:ty),*) => {$(
        impl Arith for $t {
            #[inline(always)] fn add(self, o: Self) -> Self { self + o }
            #[inline(always)] fn sub(self, o: Self) -> Self { self - o }
            #[inline(always)] fn mul(self, o: Self) -> Self { self * o }
            #[inline(always)] fn div(self, o: Self) -> Self { self / o }
            #[inline(always)] fn rem(self, o: Self) -> Self { self % o }
            #[inline(always)] fn neg(self) -> Self { -self }
            fn one() -> Self { 1.0 }
        }
    )*};
}
float_arith!(f32, f64);

macro_rules! complex_arith {
    ($($t:ty => $r:ty),*) => {$(
        impl Arith for $t {
            #[inline(always)] fn add(self, o: Self) -> Self { <$t>::new(self.re + o.re, self.im + o.im) }
            #[inline(always)] fn sub(self, o: Self) -> Self { <$t>::new(self.re - o.re, self.im - o.im) }
            #[inline(always)] fn mul(self, o: Self) -> Self {
                <$t>::new(self.re * o.re - self.im * o.im, self.re * o.im + self.im * o.re)
            }
            /// the GPU side's `complex::operator/=` (`kernels/user.cuh`), operation for operation
            #[inline(always)] fn div(self, o: Self) -> Self {
                let d = o.re * o.re + o.im * o.im;
                <$t>::new((self.re * o.re + self.im * o.im) / d, (self.im * o.re - self.re * o.im) / d)
            }
            fn rem(self, _o: Self) -> Self { self }
            #[inline(always)] fn neg(self) -> Self { <$t>::new(-self.re, -self.im) }
            fn one() -> Self { <$t>::new(1.0, 0.0) }
        }
    )*};
}
complex_arith!(Complex32 => f32, Complex64 => f64);

/// Bitwise operations and shifts (PTX semantics for out-of-range shift counts: clamped).
pub(crate) trait Bits: Arith {
    fn and(self, o: Self) -> Self;
    fn or(self, o: Self) -> Self;
    fn xor(self, o: Self) -> Self;
    fn not(self) -> Self;
    fn shl(self, c: i64) -> Self;
    fn shr(self, c: i64) -> Self;
}
macro_rules! bits {
    ($($t:ty, $signed:expr);*) => {$(
        impl Bits for $t {
            #[inline(always)] fn and(self, o: Self) -> Self { self & o }
            #[inline(always)] fn or(self, o: Self) -> Self { self | o }
            #[inline(always)] fn xor(self, o: Self) -> Self { self ^ o }
            #[inline(always)] fn not(self) -> Self { !self }
            #[inline(always)] fn shl(self, c: i64) -> Self {
                if c < 0 || c >= <$t>::BITS as i64 { 0 } else { self << c }
            }
            #[inline(always)] fn shr(self, c: i64) -> Self {
                if c < 0 || c >= <$t>::BITS as i64 {
                    if $signed { self >> (<$t>::BITS - 1) } else { 0 }
                } else {
                    self >> c
                }
            }
        }
    )*};
}
bits!(i32, true; i64, true; u32, false; u64, false);

/// Emits `d = a op b` for arithmetic/bitwise `op` on operands already converted to `ty`.
/// `None` when the operation does not exist for the type.
pub(crate) fn binary(op: BinOp, ty: VTy, a: Reg, b: Reg, d: Reg) -> Option<OpFn> {
    macro_rules! arith {
        ($t:ty) => {
            match op {
                BinOp::Add => Some(map2::<$t, $t, $t>(a, b, d, |x, y| x.add(y))),
                BinOp::Sub => Some(map2::<$t, $t, $t>(a, b, d, |x, y| x.sub(y))),
                BinOp::Mul => Some(map2::<$t, $t, $t>(a, b, d, |x, y| x.mul(y))),
                BinOp::Div => Some(map2::<$t, $t, $t>(a, b, d, |x, y| x.div(y))),
                _ => None,
            }
        };
    }
    macro_rules! int {
        ($t:ty) => {
            match op {
                BinOp::Rem => Some(map2::<$t, $t, $t>(a, b, d, |x, y| x.rem(y))),
                BinOp::BitAnd => Some(map2::<$t, $t, $t>(a, b, d, |x, y| x.and(y))),
                BinOp::BitOr => Some(map2::<$t, $t, $t>(a, b, d, |x, y| x.or(y))),
                BinOp::BitXor => Some(map2::<$t, $t, $t>(a, b, d, |x, y| x.xor(y))),
                BinOp::Shl => Some(map2::<$t, i64, $t>(a, b, d, |x, c| x.shl(c))),
                BinOp::Shr => Some(map2::<$t, i64, $t>(a, b, d, |x, c| x.shr(c))),
                _ => arith!($t),
            }
        };
    }
    match ty {
        VTy::I32 => int!(i32),
        VTy::I64 => int!(i64),
        VTy::U32 => int!(u32),
        VTy::U64 => int!(u64),
        VTy::F32 => arith!(f32),
        VTy::F64 => arith!(f64),
        VTy::C64 => arith!(Complex32),
        VTy::C128 => arith!(Complex64),
        _ => None,
    }
}

/// Emits a comparison `d = a op b` (d: Bool) on operands of type `ty`.
pub(crate) fn compare(op: BinOp, ty: VTy, a: Reg, b: Reg, d: Reg) -> Option<OpFn> {
    macro_rules! ord {
        ($t:ty) => {
            match op {
                BinOp::Lt => Some(map2::<$t, $t, bool>(a, b, d, |x, y| x < y)),
                BinOp::Le => Some(map2::<$t, $t, bool>(a, b, d, |x, y| x <= y)),
                BinOp::Gt => Some(map2::<$t, $t, bool>(a, b, d, |x, y| x > y)),
                BinOp::Ge => Some(map2::<$t, $t, bool>(a, b, d, |x, y| x >= y)),
                BinOp::Eq => Some(map2::<$t, $t, bool>(a, b, d, |x, y| x == y)),
                BinOp::Ne => Some(map2::<$t, $t, bool>(a, b, d, |x, y| x != y)),
                _ => None,
            }
        };
    }
    macro_rules! eq {
        ($t:ty) => {
            match op {
                BinOp::Eq => Some(map2::<$t, $t, bool>(a, b, d, |x, y| x == y)),
                BinOp::Ne => Some(map2::<$t, $t, bool>(a, b, d, |x, y| x != y)),
                _ => None,
            }
        };
    }
    match ty {
        VTy::Bool => ord!(bool),
        VTy::I32 => ord!(i32),
        VTy::I64 => ord!(i64),
        VTy::U32 => ord!(u32),
        VTy::U64 => ord!(u64),
        VTy::F32 => ord!(f32),
        VTy::F64 => ord!(f64),
        VTy::C64 => eq!(Complex32),
        VTy::C128 => eq!(Complex64),
        _ => None,
    }
}

/// Emits a unary `d = op a` (Neg / BitNot / Not) on `a` of type `ty` (already promoted).
pub(crate) fn unary(op: UnOp, ty: VTy, a: Reg, d: Reg) -> Option<OpFn> {
    macro_rules! neg {
        ($t:ty) => {
            Some(map1::<$t, $t>(a, d, |x| x.neg()))
        };
    }
    macro_rules! not {
        ($t:ty) => {
            Some(map1::<$t, $t>(a, d, |x| x.not()))
        };
    }
    match (op, ty) {
        (UnOp::Not, VTy::Bool) => Some(map1::<bool, bool>(a, d, |x| !x)),
        (UnOp::Neg, VTy::I32) => neg!(i32),
        (UnOp::Neg, VTy::I64) => neg!(i64),
        (UnOp::Neg, VTy::U32) => neg!(u32),
        (UnOp::Neg, VTy::U64) => neg!(u64),
        (UnOp::Neg, VTy::F32) => neg!(f32),
        (UnOp::Neg, VTy::F64) => neg!(f64),
        (UnOp::Neg, VTy::C64) => neg!(Complex32),
        (UnOp::Neg, VTy::C128) => neg!(Complex64),
        (UnOp::BitNot, VTy::I32) => not!(i32),
        (UnOp::BitNot, VTy::I64) => not!(i64),
        (UnOp::BitNot, VTy::U32) => not!(u32),
        (UnOp::BitNot, VTy::U64) => not!(u64),
        _ => None,
    }
}

/// How a math function takes and returns its values.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum MathKind {
    /// real → real (float overload for float, double otherwise)
    Unary,
    /// (real, real) → real
    Binary,
    /// (real, real, real) → real
    Ternary,
    /// real → bool
    Predicate,
}

/// The math function `name`: its kind and whether it forces float (the `f`-suffixed names).
pub(crate) fn math_kind(name: &str) -> Option<(MathKind, &'static str, bool)> {
    const UNARY: &[&str] = &[
        "exp",
        "exp2",
        "exp10",
        "expm1",
        "log",
        "log2",
        "log10",
        "log1p",
        "sin",
        "cos",
        "tan",
        "asin",
        "acos",
        "atan",
        "sinh",
        "cosh",
        "tanh",
        "asinh",
        "acosh",
        "atanh",
        "sqrt",
        "rsqrt",
        "cbrt",
        "rcbrt",
        "fabs",
        "floor",
        "ceil",
        "trunc",
        "round",
        "rint",
        "nearbyint",
        "erf",
        "erfc",
        "tgamma",
        "lgamma",
        "sinpi",
        "cospi",
        "j0",
        "j1",
        "y0",
        "y1",
        "normcdf",
        "saturate",
    ];
    const BINARY: &[&str] = &[
        "pow",
        "atan2",
        "hypot",
        "fmod",
        "remainder",
        "copysign",
        "fmin",
        "fmax",
        "fdim",
        "nextafter",
        "fdivide",
        "powi",
    ];
    const PRED: &[&str] = &["isnan", "isinf", "isfinite", "signbit"];
    let (base, single) = match name.strip_prefix("__") {
        // CUDA intrinsics (__expf, __sinf, __fdividef, ...): computed as the accurate function
        Some(rest) => (rest.strip_suffix('f').unwrap_or(rest), rest.ends_with('f')),
        None => {
            if UNARY.contains(&name)
                || BINARY.contains(&name)
                || PRED.contains(&name)
                || name == "fma"
            {
                (name, false)
            } else {
                match name.strip_suffix('f') {
                    Some(b) => (b, true),
                    None => (name, false),
                }
            }
        }
    };
    let base = if base == "fdivide" { "fdivide" } else { base };
    if let Some(n) = UNARY.iter().find(|n| **n == base) {
        return Some((MathKind::Unary, n, single));
    }
    if let Some(n) = BINARY.iter().find(|n| **n == base) {
        return Some((MathKind::Binary, n, single));
    }
    if let Some(n) = PRED.iter().find(|n| **n == base) {
        return Some((MathKind::Predicate, n, single));
    }
    if base == "fma" {
        return Some((MathKind::Ternary, "fma", single));
    }
    None
}

fn normcdf(x: f64) -> f64 {
    0.5 * libm::erfc(-x / std::f64::consts::SQRT_2)
}

/// `Some($f32)` when `ty` is F32, else `Some($f64)` (the operation on double lanes).
macro_rules! by_float {
    ($ty:expr, $f32:expr, $f64:expr) => {
        if $ty == VTy::F32 {
            Some($f32)
        } else {
            Some($f64)
        }
    };
}

/// Emits a unary real math function on `ty` (F32 or F64).
pub(crate) fn math1(name: &str, ty: VTy, a: Reg, d: Reg) -> Option<OpFn> {
    macro_rules! m {
        ($f32:expr, $f64:expr) => {
            by_float!(
                ty,
                map1::<f32, f32>(a, d, $f32),
                map1::<f64, f64>(a, d, $f64)
            )
        };
    }
    match name {
        "exp" => m!(|x: f32| x.exp(), |x: f64| x.exp()),
        "exp2" => m!(|x: f32| x.exp2(), |x: f64| x.exp2()),
        "exp10" => m!(libm::exp10f, libm::exp10),
        "expm1" => m!(|x: f32| x.exp_m1(), |x: f64| x.exp_m1()),
        "log" => m!(|x: f32| x.ln(), |x: f64| x.ln()),
        "log2" => m!(|x: f32| x.log2(), |x: f64| x.log2()),
        "log10" => m!(|x: f32| x.log10(), |x: f64| x.log10()),
        "log1p" => m!(|x: f32| x.ln_1p(), |x: f64| x.ln_1p()),
        "sin" => m!(|x: f32| x.sin(), |x: f64| x.sin()),
        "cos" => m!(|x: f32| x.cos(), |x: f64| x.cos()),
        "tan" => m!(|x: f32| x.tan(), |x: f64| x.tan()),
        "asin" => m!(|x: f32| x.asin(), |x: f64| x.asin()),
        "acos" => m!(|x: f32| x.acos(), |x: f64| x.acos()),
        "atan" => m!(|x: f32| x.atan(), |x: f64| x.atan()),
        "sinh" => m!(|x: f32| x.sinh(), |x: f64| x.sinh()),
        "cosh" => m!(|x: f32| x.cosh(), |x: f64| x.cosh()),
        "tanh" => m!(|x: f32| x.tanh(), |x: f64| x.tanh()),
        "asinh" => m!(|x: f32| x.asinh(), |x: f64| x.asinh()),
        "acosh" => m!(|x: f32| x.acosh(), |x: f64| x.acosh()),
        "atanh" => m!(|x: f32| x.atanh(), |x: f64| x.atanh()),
        "sqrt" => m!(|x: f32| x.sqrt(), |x: f64| x.sqrt()),
        "rsqrt" => m!(|x: f32| 1.0 / x.sqrt(), |x: f64| 1.0 / x.sqrt()),
        "cbrt" => m!(|x: f32| x.cbrt(), |x: f64| x.cbrt()),
        "rcbrt" => m!(|x: f32| 1.0 / x.cbrt(), |x: f64| 1.0 / x.cbrt()),
        "fabs" => m!(|x: f32| x.abs(), |x: f64| x.abs()),
        "floor" => m!(|x: f32| x.floor(), |x: f64| x.floor()),
        "ceil" => m!(|x: f32| x.ceil(), |x: f64| x.ceil()),
        "trunc" => m!(|x: f32| x.trunc(), |x: f64| x.trunc()),
        "round" => m!(|x: f32| x.round(), |x: f64| x.round()),
        "rint" | "nearbyint" => m!(|x: f32| x.round_ties_even(), |x: f64| x.round_ties_even()),
        "erf" => m!(libm::erff, libm::erf),
        "erfc" => m!(libm::erfcf, libm::erfc),
        "tgamma" => m!(libm::tgammaf, libm::tgamma),
        "lgamma" => m!(libm::lgammaf, libm::lgamma),
        "j0" => m!(libm::j0f, libm::j0),
        "j1" => m!(libm::j1f, libm::j1),
        "y0" => m!(libm::y0f, libm::y0),
        "y1" => m!(libm::y1f, libm::y1),
        "sinpi" => m!(
            |x: f32| (x as f64 * std::f64::consts::PI).sin() as f32,
            |x: f64| (x * std::f64::consts::PI).sin()
        ),
        "cospi" => m!(
            |x: f32| (x as f64 * std::f64::consts::PI).cos() as f32,
            |x: f64| (x * std::f64::consts::PI).cos()
        ),
        "normcdf" => m!(|x: f32| normcdf(x as f64) as f32, normcdf),
        "saturate" => m!(|x: f32| x.clamp(0.0, 1.0), |x: f64| x.clamp(0.0, 1.0)),
        _ => None,
    }
}

/// Emits a binary real math function (`min`/`max` included) on `ty` (F32 or F64).
pub(crate) fn math2(name: &str, ty: VTy, a: Reg, b: Reg, d: Reg) -> Option<OpFn> {
    macro_rules! m {
        ($f32:expr, $f64:expr) => {
            by_float!(
                ty,
                map2::<f32, f32, f32>(a, b, d, $f32),
                map2::<f64, f64, f64>(a, b, d, $f64)
            )
        };
    }
    match name {
        "pow" | "powi" => m!(|x: f32, y: f32| x.powf(y), |x: f64, y: f64| x.powf(y)),
        "atan2" => m!(|x: f32, y: f32| x.atan2(y), |x: f64, y: f64| x.atan2(y)),
        "hypot" => m!(|x: f32, y: f32| x.hypot(y), |x: f64, y: f64| x.hypot(y)),
        "fmod" => m!(|x: f32, y: f32| x % y, |x: f64, y: f64| x % y),
        "remainder" => m!(libm::remainderf, libm::remainder),
        "copysign" => m!(|x: f32, y: f32| x.copysign(y), |x: f64, y: f64| x
            .copysign(y)),
        "fmin" | "min" => m!(|x: f32, y: f32| x.min(y), |x: f64, y: f64| x.min(y)),
        "fmax" | "max" => m!(|x: f32, y: f32| x.max(y), |x: f64, y: f64| x.max(y)),
        "fdim" => m!(libm::fdimf, libm::fdim),
        "nextafter" => m!(libm::nextafterf, libm::nextafter),
        "fdivide" => m!(|x: f32, y: f32| x / y, |x: f64, y: f64| x / y),
        _ => None,
    }
}

/// `min`/`max` of integers of type `ty`.
pub(crate) fn int_minmax(max: bool, ty: VTy, a: Reg, b: Reg, d: Reg) -> Option<OpFn> {
    macro_rules! m {
        ($t:ty) => {
            if max {
                Some(map2::<$t, $t, $t>(
                    a,
                    b,
                    d,
                    |x, y| if x > y { x } else { y },
                ))
            } else {
                Some(map2::<$t, $t, $t>(
                    a,
                    b,
                    d,
                    |x, y| if x < y { x } else { y },
                ))
            }
        };
    }
    match ty {
        VTy::I32 => m!(i32),
        VTy::I64 => m!(i64),
        VTy::U32 => m!(u32),
        VTy::U64 => m!(u64),
        _ => None,
    }
}

/// `fma(a, b, c)` (one rounding) on `ty`.
pub(crate) fn fma(ty: VTy, a: Reg, b: Reg, c: Reg, d: Reg) -> Option<OpFn> {
    match ty {
        VTy::F32 => Some(map3::<f32, f32, f32, f32>(a, b, c, d, |x, y, z| {
            x.mul_add(y, z)
        })),
        VTy::F64 => Some(map3::<f64, f64, f64, f64>(a, b, c, d, |x, y, z| {
            x.mul_add(y, z)
        })),
        _ => None,
    }
}

/// A predicate (`isnan`, ...) on `ty`.
pub(crate) fn predicate(name: &str, ty: VTy, a: Reg, d: Reg) -> Option<OpFn> {
    macro_rules! m {
        ($f32:expr, $f64:expr) => {
            by_float!(
                ty,
                map1::<f32, bool>(a, d, $f32),
                map1::<f64, bool>(a, d, $f64)
            )
        };
    }
    match name {
        "isnan" => m!(|x: f32| x.is_nan(), |x: f64| x.is_nan()),
        "isinf" => m!(|x: f32| x.is_infinite(), |x: f64| x.is_infinite()),
        "isfinite" => m!(|x: f32| x.is_finite(), |x: f64| x.is_finite()),
        "signbit" => m!(|x: f32| x.is_sign_negative(), |x: f64| x.is_sign_negative()),
        _ => None,
    }
}

/// `abs` of an integer (wrapping), real (fabs) or complex (magnitude) value.
pub(crate) fn abs(ty: VTy, a: Reg, d: Reg) -> Option<OpFn> {
    match ty {
        VTy::I32 => Some(map1::<i32, i32>(a, d, |x| x.wrapping_abs())),
        VTy::I64 => Some(map1::<i64, i64>(a, d, |x| x.wrapping_abs())),
        VTy::U32 => Some(map1::<u32, u32>(a, d, |x| x)),
        VTy::U64 => Some(map1::<u64, u64>(a, d, |x| x)),
        VTy::F32 => Some(map1::<f32, f32>(a, d, |x| x.abs())),
        VTy::F64 => Some(map1::<f64, f64>(a, d, |x| x.abs())),
        VTy::C64 => Some(map1::<Complex32, f32>(a, d, |z| z.re.hypot(z.im))),
        VTy::C128 => Some(map1::<Complex64, f64>(a, d, |z| z.re.hypot(z.im))),
        _ => None,
    }
}

/// Complex functions: real, imag, conj, arg, norm, exp, log, sqrt, sin, cos, tanh, ...
/// Returns the op and whether the result is real.
pub(crate) fn complex_fn(
    name: &str,
    ty: VTy,
    a: Reg,
    d_real: Reg,
    d_cplx: Reg,
) -> Option<(OpFn, bool)> {
    macro_rules! re {
        ($c:ty, $r:ty, $f:expr) => {
            Some((map1::<$c, $r>(a, d_real, $f), true))
        };
    }
    macro_rules! cx {
        ($c:ty, $f:expr) => {
            Some((map1::<$c, $c>(a, d_cplx, $f), false))
        };
    }
    macro_rules! all {
        ($c:ty, $r:ty) => {
            match name {
                "real" => re!($c, $r, |z: $c| z.re),
                "imag" => re!($c, $r, |z: $c| z.im),
                "abs" => re!($c, $r, |z: $c| z.re.hypot(z.im)),
                "arg" => re!($c, $r, |z: $c| z.im.atan2(z.re)),
                "norm" => re!($c, $r, |z: $c| z.re * z.re + z.im * z.im),
                "conj" => cx!($c, |z: $c| <$c>::new(z.re, -z.im)),
                "exp" => cx!($c, |z: $c| z.exp()),
                "log" => cx!($c, |z: $c| z.ln()),
                "log10" => cx!($c, |z: $c| z.log10()),
                "sqrt" => cx!($c, |z: $c| z.sqrt()),
                "sin" => cx!($c, |z: $c| z.sin()),
                "cos" => cx!($c, |z: $c| z.cos()),
                "tan" => cx!($c, |z: $c| z.tan()),
                "sinh" => cx!($c, |z: $c| z.sinh()),
                "cosh" => cx!($c, |z: $c| z.cosh()),
                "tanh" => cx!($c, |z: $c| z.tanh()),
                "asin" => cx!($c, |z: $c| z.asin()),
                "acos" => cx!($c, |z: $c| z.acos()),
                "atan" => cx!($c, |z: $c| z.atan()),
                "proj" => cx!($c, |z: $c| z),
                _ => None,
            }
        };
    }
    match ty {
        VTy::C64 => all!(Complex32, f32),
        VTy::C128 => all!(Complex64, f64),
        _ => None,
    }
}

/// `complex<F> op F` as `kernels/user.cuh` computes it: the real operand acts on the parts
/// (`(re op v, im)` for `+`/`-`, `(re op v, im op v)` for `*`/`/`).
pub(crate) fn complex_real(op: BinOp, ty: VTy, a: Reg, b: Reg, d: Reg) -> Option<OpFn> {
    macro_rules! m {
        ($c:ty, $r:ty) => {
            match op {
                BinOp::Add => Some(map2::<$c, $r, $c>(a, b, d, |z, v| {
                    <$c>::new(z.re + v, z.im)
                })),
                BinOp::Sub => Some(map2::<$c, $r, $c>(a, b, d, |z, v| {
                    <$c>::new(z.re - v, z.im)
                })),
                BinOp::Mul => Some(map2::<$c, $r, $c>(a, b, d, |z, v| {
                    <$c>::new(z.re * v, z.im * v)
                })),
                BinOp::Div => Some(map2::<$c, $r, $c>(a, b, d, |z, v| {
                    <$c>::new(z.re / v, z.im / v)
                })),
                _ => None,
            }
        };
    }
    match ty {
        VTy::C64 => m!(Complex32, f32),
        VTy::C128 => m!(Complex64, f64),
        _ => None,
    }
}

/// `pow` of two complex values.
pub(crate) fn complex_pow(ty: VTy, a: Reg, b: Reg, d: Reg) -> Option<OpFn> {
    match ty {
        VTy::C64 => Some(map2::<Complex32, Complex32, Complex32>(a, b, d, |x, y| {
            x.powc(y)
        })),
        VTy::C128 => Some(map2::<Complex64, Complex64, Complex64>(a, b, d, |x, y| {
            x.powc(y)
        })),
        _ => None,
    }
}

/// `complex<T>(re, im)` from two reals of the component type.
pub(crate) fn make_complex(ty: VTy, a: Reg, b: Reg, d: Reg) -> Option<OpFn> {
    match ty {
        VTy::C64 => Some(map2::<f32, f32, Complex32>(a, b, d, Complex32::new)),
        VTy::C128 => Some(map2::<f64, f64, Complex64>(a, b, d, Complex64::new)),
        _ => None,
    }
}

/// `d = a op 1` for `++`/`--` on type `ty`.
pub(crate) fn step(inc: bool, ty: VTy, a: Reg, d: Reg) -> Option<OpFn> {
    macro_rules! m {
        ($t:ty) => {
            if inc {
                Some(map1::<$t, $t>(a, d, |x| x.add(<$t as Arith>::one())))
            } else {
                Some(map1::<$t, $t>(a, d, |x| x.sub(<$t as Arith>::one())))
            }
        };
    }
    match ty {
        VTy::I32 => m!(i32),
        VTy::I64 => m!(i64),
        VTy::U32 => m!(u32),
        VTy::U64 => m!(u64),
        VTy::F32 => m!(f32),
        VTy::F64 => m!(f64),
        VTy::C64 => m!(Complex32),
        VTy::C128 => m!(Complex64),
        _ => None,
    }
}
