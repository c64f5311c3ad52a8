//! The named unary ufuncs (`sqrt`, `isnan`, `floor`, ...) and `round`.

use super::engine;
use super::kinds::UnaryOp;
use crate::{Array, DType, DTypeKind, Layout, Result};

macro_rules! unary_exact {
    ($(
        $name:ident, $op:ident, $summary:literal, $semantics:literal, $errors:literal,
        $T:ty: [$($a:expr),*] => $R:ty: [$($r:expr),*];
    )*) => {$(
        #[doc = concat!($summary, " NumPy's `", stringify!($name), "`.")]
        ///
        /// **Shapes:** the result has `a`'s shape (C-contiguous).
        ///
        #[doc = concat!("**Semantics:** ", $semantics, " (see [`UnaryOp::", stringify!($op), "`]).")]
        ///
        /// # Errors
        #[doc = concat!("[`Error::DType`](crate::Error::DType) ", $errors, ".")]
        ///
        /// # Example
        /// ```
        /// use cuprum_core::{Array, Device, ops};
        #[doc = concat!("let a = Array::from_vec_on(Vec::<", stringify!($T), ">::from([", stringify!($($a),*), "]), &[3], Device::Cpu).unwrap();")]
        #[doc = concat!("let r = ops::", stringify!($name), "(&a).unwrap();")]
        #[doc = concat!("assert_eq!(r.to_vec::<", stringify!($R), ">().unwrap(), vec![", stringify!($($r),*), "]);")]
        /// ```
        pub fn $name(a: &Array) -> Result<Array> {
            engine::unary(UnaryOp::$op, a, None)
        }
    )*};
}

macro_rules! unary_approx {
    ($(
        $name:ident, $op:ident, $summary:literal, [$($a:expr),*], $method:ident;
    )*) => {$(
        #[doc = concat!($summary, " NumPy's `", stringify!($name), "`.")]
        ///
        /// **Shapes:** the result has `a`'s shape (C-contiguous).
        ///
        /// **dtypes:** floats and complex keep their dtype; bool and integers compute in the
        /// smallest float that holds them (`int8`/`uint8`/`bool` → float16, 16-bit → float32,
        /// wider → float64). float16/bfloat16 compute in f32 and round once.
        ///
        #[doc = concat!("**Semantics:** C99 / `libm` `", stringify!($method), "` for reals, the principal branch for complex (see [`UnaryOp::", stringify!($op), "`]).")]
        ///
        /// # Errors
        /// None for the supported dtypes; backend errors (device, memory) are passed on.
        ///
        /// # Example
        /// ```
        /// use cuprum_core::{Array, Device, ops};
        #[doc = concat!("let x = [", stringify!($($a),*), "];")]
        /// let a = Array::from_vec_on(x.to_vec(), &[3], Device::Cpu).unwrap();
        #[doc = concat!("let r = ops::", stringify!($name), "(&a).unwrap().to_vec::<f64>().unwrap();")]
        /// for (r, x) in r.iter().zip(x) {
        #[doc = concat!("    let want: f64 = x.", stringify!($method), "();")]
        ///     assert!((r - want).abs() <= 4.0 * f64::EPSILON * want.abs().max(1.0));
        /// }
        /// ```
        pub fn $name(a: &Array) -> Result<Array> {
            engine::unary(UnaryOp::$op, a, None)
        }
    )*};
}

unary_exact! {
    negative, Negative, "Elementwise `-a`.", "integers wrap (`-(-128i8)` is -128)",
    "for bool (use `logical_not` or `invert`)",
    f64: [1.0, -2.0, 0.5] => f64: [-1.0, 2.0, -0.5];
    positive, Positive, "Elementwise `+a` (a copy).", "the identity", "for bool",
    i32: [1, -2, 3] => i32: [1, -2, 3];
    abs, Abs, "Elementwise absolute value; real dtype for complex input.",
    "integers wrap (`abs(-128i8)` is -128); `|z|` by `hypot` for complex", "never for supported dtypes",
    f64: [-1.5, 2.0, -0.0] => f64: [1.5, 2.0, 0.0];
    absolute, Abs, "Alias of [`abs`].", "as [`abs`]", "never for supported dtypes",
    i64: [-3, 0, 4] => i64: [3, 0, 4];
    sign, Sign, "Elementwise sign: -1, 0 or 1 (`z/|z|` for complex, NumPy 2).",
    "NaN stays NaN; both zeros give 0", "for bool",
    f64: [-3.0, 0.0, 2.5] => f64: [-1.0, 0.0, 1.0];
    square, Square, "Elementwise `a * a`.", "integers wrap; bool computes in int8", "never",
    i64: [2, -3, 4] => i64: [4, 9, 16];
    reciprocal, Reciprocal, "Elementwise `1 / a`.",
    "integer reciprocal truncates (0 for |a| > 1, and 0 for a = 0 where NumPy's result is \
     platform-dependent); bool computes in int8", "never",
    f64: [2.0, 4.0, -0.5] => f64: [0.5, 0.25, -2.0];
    floor, Floor, "Elementwise floor (round toward -inf).",
    "integers and bool are returned unchanged with their dtype (NumPy 2)", "for complex",
    f64: [1.5, -1.5, 2.0] => f64: [1.0, -2.0, 2.0];
    ceil, Ceil, "Elementwise ceiling (round toward +inf).",
    "integers and bool are returned unchanged with their dtype (NumPy 2)", "for complex",
    f64: [1.5, -1.5, 2.0] => f64: [2.0, -1.0, 2.0];
    trunc, Trunc, "Elementwise truncation toward zero.",
    "integers and bool are returned unchanged with their dtype (NumPy 2)", "for complex",
    f64: [1.5, -1.5, 2.0] => f64: [1.0, -1.0, 2.0];
    rint, Rint, "Elementwise round to the nearest integer, halves to even.",
    "integers compute in the smallest float that holds them (as NumPy: `rint` of int8 is \
     float16); complex rounds both parts", "never",
    f64: [0.5, 1.5, 2.5] => f64: [0.0, 2.0, 2.0];
    invert, Invert, "Elementwise bitwise NOT (`~`); logical NOT for bool.",
    "two's complement", "for float and complex",
    i64: [0, 1, -1] => i64: [-1, -2, 0];
    logical_not, LogicalNot, "Elementwise logical NOT of the truth value (bool result).",
    "zero (and 0+0j) is false", "never",
    f64: [0.0, 1.0, -2.0] => bool: [true, false, false];
    isnan, IsNan, "Elementwise test for NaN (bool result).",
    "complex: either part NaN; always false for integers", "never",
    f64: [1.0, f64::NAN, f64::INFINITY] => bool: [false, true, false];
    isinf, IsInf, "Elementwise test for ±infinity (bool result).",
    "complex: either part infinite", "never",
    f64: [1.0, f64::NAN, f64::NEG_INFINITY] => bool: [false, false, true];
    isfinite, IsFinite, "Elementwise test for finite values (bool result).",
    "complex: both parts finite; always true for integers", "never",
    f64: [1.0, f64::NAN, f64::INFINITY] => bool: [true, false, false];
    signbit, Signbit, "Elementwise test of the sign bit (bool result).",
    "true for -0.0 and negative NaN", "for complex",
    f64: [-1.0, 0.0, -0.0] => bool: [true, false, true];
}

unary_approx! {
    sqrt, Sqrt, "Elementwise square root.", [4.0f64, 2.0, 0.25], sqrt;
    cbrt, Cbrt, "Elementwise cube root (real; [`Error::DType`](crate::Error::DType) for complex).", [8.0f64, -27.0, 2.0], cbrt;
    exp, Exp, "Elementwise `e**a`.", [0.0f64, 1.0, -1.5], exp;
    exp2, Exp2, "Elementwise `2**a`.", [0.5f64, 3.0, -1.5], exp2;
    expm1, Expm1, "Elementwise `exp(a) - 1`, accurate near 0.", [1e-10f64, 1.0, -1.5], exp_m1;
    log, Log, "Elementwise natural logarithm.", [1.0f64, 2.0, 0.5], ln;
    log2, Log2, "Elementwise base-2 logarithm.", [1.0f64, 8.0, 0.3], log2;
    log10, Log10, "Elementwise base-10 logarithm.", [1.0f64, 1000.0, 0.3], log10;
    log1p, Log1p, "Elementwise `log(1 + a)`, accurate near 0.", [1e-10f64, 1.0, -0.5], ln_1p;
    sin, Sin, "Elementwise sine (radians).", [0.0f64, 1.0, -2.5], sin;
    cos, Cos, "Elementwise cosine (radians).", [0.0f64, 1.0, -2.5], cos;
    tan, Tan, "Elementwise tangent (radians).", [0.0f64, 1.0, -2.5], tan;
    arcsin, Arcsin, "Elementwise inverse sine.", [0.0f64, 0.5, -1.0], asin;
    arccos, Arccos, "Elementwise inverse cosine.", [0.0f64, 0.5, -1.0], acos;
    arctan, Arctan, "Elementwise inverse tangent.", [0.0f64, 0.5, -10.0], atan;
    sinh, Sinh, "Elementwise hyperbolic sine.", [0.0f64, 0.5, -3.0], sinh;
    cosh, Cosh, "Elementwise hyperbolic cosine.", [0.0f64, 0.5, -3.0], cosh;
    tanh, Tanh, "Elementwise hyperbolic tangent.", [0.0f64, 0.5, -3.0], tanh;
    arcsinh, Arcsinh, "Elementwise inverse hyperbolic sine.", [0.0f64, 0.5, -3.0], asinh;
    arccosh, Arccosh, "Elementwise inverse hyperbolic cosine.", [1.0f64, 1.5, 3.0], acosh;
    arctanh, Arctanh, "Elementwise inverse hyperbolic tangent.", [0.0f64, 0.5, -0.25], atanh;
    deg2rad, Deg2Rad, "Elementwise degrees to radians (real only).", [180.0f64, 90.0, -45.0], to_radians;
    rad2deg, Rad2Deg, "Elementwise radians to degrees (real only).", [3.0f64, 1.0, -0.5], to_degrees;
}

/// Elementwise complex conjugate, NumPy's `conjugate` (`conj`).
///
/// **Shapes:** the result has `a`'s shape. **dtypes:** unchanged (bool computes in int8, as
/// NumPy); real input is copied.
///
/// # Errors
/// None for the supported dtypes.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device, ops};
/// let a = Array::from_vec_on(vec![Complex64::new(1.0, 2.0)], &[1], Device::Cpu).unwrap();
/// assert_eq!(ops::conj(&a).unwrap().to_vec::<Complex64>().unwrap(), vec![Complex64::new(1.0, -2.0)]);
/// ```
pub fn conj(a: &Array) -> Result<Array> {
    engine::unary(UnaryOp::Conj, a, None)
}

/// Alias of [`conj`].
///
/// # Errors
/// As [`conj`].
pub fn conjugate(a: &Array) -> Result<Array> {
    conj(a)
}

/// The real part, NumPy's `real` (as a new array; real input is copied).
///
/// **dtypes:** complex64 → float32, complex128 → float64; others unchanged.
///
/// # Errors
/// None for the supported dtypes.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device, ops};
/// let a = Array::from_vec_on(vec![Complex64::new(1.0, 2.0)], &[1], Device::Cpu).unwrap();
/// assert_eq!(ops::real(&a).unwrap().to_vec::<f64>().unwrap(), vec![1.0]);
/// ```
pub fn real(a: &Array) -> Result<Array> {
    engine::unary(UnaryOp::Real, a, None)
}

/// The imaginary part, NumPy's `imag` (zeros of the same dtype for real input).
///
/// **dtypes:** complex64 → float32, complex128 → float64; others unchanged.
///
/// # Errors
/// None for the supported dtypes.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device, ops};
/// let a = Array::from_vec_on(vec![Complex64::new(1.0, 2.0)], &[1], Device::Cpu).unwrap();
/// assert_eq!(ops::imag(&a).unwrap().to_vec::<f64>().unwrap(), vec![2.0]);
/// ```
pub fn imag(a: &Array) -> Result<Array> {
    engine::unary(UnaryOp::Imag, a, None)
}

/// The argument (phase angle) in radians, NumPy's `angle`: `atan2(imag, real)`.
///
/// **dtypes:** complex → its real dtype; floats unchanged; integers → the smallest float that
/// holds them; bool → float64 (as NumPy).
///
/// # Errors
/// None for the supported dtypes.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device, ops};
/// let a = Array::from_vec_on(vec![Complex64::new(0.0, 1.0), Complex64::new(-1.0, 0.0)], &[2], Device::Cpu).unwrap();
/// let r = ops::angle(&a).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(r, vec![std::f64::consts::FRAC_PI_2, std::f64::consts::PI]);
/// ```
pub fn angle(a: &Array) -> Result<Array> {
    engine::unary(UnaryOp::Angle, a, None)
}

/// Rounds to `decimals` decimal places, NumPy's `round` / `around`: halves go to the even
/// neighbour of the scaled value.
///
/// **Semantics:** for `decimals >= 0`, `rint(a * 10**decimals) / 10**decimals`; for
/// `decimals < 0`, `rint(a / 10**-decimals) * 10**-decimals`, computed in `a`'s dtype (so
/// float32 rounds in float32, as NumPy). Integers are unchanged for `decimals >= 0` and rounded
/// to multiples of `10**-decimals` (through float64) otherwise. Complex rounds both parts.
/// bool computes in float16 (NumPy's `rint` rule).
///
/// # Errors
/// Backend errors (device, memory) only.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ops};
/// let a = Array::from_vec_on(vec![0.5f64, 1.5, 1.25, 12345.678], &[4], Device::Cpu).unwrap();
/// let r = ops::round(&a, 1).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(r, vec![0.5, 1.5, 1.2, 12345.7]);
/// let i = Array::from_vec_on(vec![15i32, 25, -15, 14], &[4], Device::Cpu).unwrap();
/// assert_eq!(ops::round(&i, -1).unwrap().to_vec::<i32>().unwrap(), vec![20, 20, -20, 10]);
/// ```
pub fn round(a: &Array, decimals: i32) -> Result<Array> {
    let d = a.dtype();
    match d.kind() {
        DTypeKind::Int | DTypeKind::UInt => {
            if decimals >= 0 {
                return a.astype(d);
            }
            let f = 10f64.powi(-decimals);
            let x = a.astype(DType::Float64)?;
            let y = rint(&super::divide(&x, f)?)?;
            super::multiply(&y, f)?.astype(d)
        }
        DTypeKind::Bool => round(&a.astype(d.to_inexact())?, decimals),
        DTypeKind::Complex => {
            // NumPy rounds the real and imaginary parts as real arrays (PyArray_Round), not by
            // complex multiply/divide (which would give 1.2000000000000002 for 12/10 and NaN
            // for infinite parts): view the complex data as pairs of reals.
            let c = a.as_c_contiguous()?;
            let mut shape = c.shape().to_vec();
            shape.push(2);
            let layout = Layout {
                strides: crate::layout::c_strides(&shape),
                shape,
                offset: c.offset() * 2,
            };
            let parts = Array::from_parts(c.storage().clone(), layout, d.real_dtype());
            let r = round(&parts, decimals)?.as_c_contiguous()?;
            let layout = Layout {
                strides: crate::layout::c_strides(c.shape()),
                shape: c.shape().to_vec(),
                offset: r.offset() / 2,
            };
            Ok(Array::from_parts(r.storage().clone(), layout, d))
        }
        _ => {
            if decimals >= 0 {
                let f = 10f64.powi(decimals);
                let y = rint(&super::multiply(a, f)?)?;
                super::divide(&y, f)
            } else {
                let f = 10f64.powi(-decimals);
                let y = rint(&super::divide(a, f)?)?;
                super::multiply(&y, f)
            }
        }
    }
}

/// Alias of [`round`] (NumPy's `around`).
///
/// # Errors
/// As [`round`].
pub fn around(a: &Array, decimals: i32) -> Result<Array> {
    round(a, decimals)
}
