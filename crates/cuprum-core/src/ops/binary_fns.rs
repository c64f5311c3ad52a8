//! The named binary ufuncs (`add`, `less`, `bitwise_and`, ...) and their `out` forms.

use super::engine;
use super::kinds::BinaryOp;
use super::operand::Operand;
use crate::{Array, Result};

macro_rules! binary_fn {
    ($(
        $name:ident, $op:ident, $summary:literal, $semantics:literal, $errors:literal,
        $T:ty: [$($a:expr),*], [$($b:expr),*] => $R:ty: [$($r:expr),*];
    )*) => {$(
        #[doc = concat!($summary, " NumPy's `", stringify!($name), "`.")]
        ///
        /// **Shapes:** `a` and `b` broadcast together; the result has the broadcast shape.
        /// Either may be a weak scalar ([`Operand`]).
        ///
        #[doc = concat!("**Semantics:** ", $semantics, " (see [`BinaryOp::", stringify!($op), "`]).")]
        ///
        /// # Errors
        /// [`Error::Broadcast`](crate::Error::Broadcast) naming both shapes;
        /// [`Error::DeviceMismatch`](crate::Error::DeviceMismatch) for arrays on different
        /// devices; [`Error::Overflow`](crate::Error::Overflow) for a weak integer that does
        #[doc = concat!("not fit an integer array's dtype", $errors, ".")]
        ///
        /// # Example
        /// ```
        /// use cuprum_core::{Array, Device, ops};
        #[doc = concat!("let a = Array::from_vec_on(Vec::<", stringify!($T), ">::from([", stringify!($($a),*), "]), &[3], Device::Cpu).unwrap();")]
        #[doc = concat!("let b = Array::from_vec_on(Vec::<", stringify!($T), ">::from([", stringify!($($b),*), "]), &[3], Device::Cpu).unwrap();")]
        #[doc = concat!("let r = ops::", stringify!($name), "(&a, &b).unwrap();")]
        #[doc = concat!("assert_eq!(r.to_vec::<", stringify!($R), ">().unwrap(), vec![", stringify!($($r),*), "]);")]
        /// ```
        pub fn $name<'a>(a: impl Into<Operand<'a>>, b: impl Into<Operand<'a>>) -> Result<Array> {
            engine::binary(BinaryOp::$op, a.into(), b.into(), None)
        }
    )*};
}

binary_fn! {
    add, Add, "Elementwise `a + b`.",
    "integers wrap; bool + bool is logical or", "",
    f64: [1.0, 2.0, 3.0], [0.5, 0.5, -1.0] => f64: [1.5, 2.5, 2.0];
    subtract, Subtract, "Elementwise `a - b`.",
    "integers wrap", "; [`Error::DType`](crate::Error::DType) for two bools, as in NumPy",
    f64: [1.0, 2.0, 3.0], [0.5, 0.5, -1.0] => f64: [0.5, 1.5, 4.0];
    multiply, Multiply, "Elementwise `a * b`.",
    "integers wrap; bool * bool is logical and", "",
    f64: [1.0, 2.0, 3.0], [0.5, 0.5, -1.0] => f64: [0.5, 1.0, -3.0];
    divide, Divide, "Elementwise true division `a / b`.",
    "integer and bool operands compute in float64; IEEE results for division by zero", "",
    i64: [1, 2, 3], [2, 4, -1] => f64: [0.5, 0.5, -3.0];
    floor_divide, FloorDivide, "Elementwise floor division `a // b`.",
    "rounds toward -inf; integer division by zero gives 0; float follows NumPy's `divmod` \
     (x // 0 is ±inf or NaN)", "; [`Error::DType`](crate::Error::DType) for complex",
    i64: [7, -7, 7], [2, 2, 0] => i64: [3, -4, 0];
    remainder, Remainder, "Elementwise remainder with the sign of the divisor (Python's `%`).",
    "integer remainder by zero gives 0; float remainder by zero is NaN",
    "; [`Error::DType`](crate::Error::DType) for complex",
    i64: [7, -7, 7], [2, 2, -2] => i64: [1, 1, -1];
    fmod, Fmod, "Elementwise C remainder with the sign of the dividend.",
    "C `fmod`; integer fmod by zero gives 0", "; [`Error::DType`](crate::Error::DType) for complex",
    i64: [7, -7, 7], [2, 2, -2] => i64: [1, -1, 1];
    power, Power, "Elementwise `a ** b`.",
    "integers wrap; bool operands compute in int8",
    "; [`Error::InvalidValue`](crate::Error::InvalidValue) \"Integers to negative integer powers \
     are not allowed.\" for a negative integer exponent",
    i64: [2, 3, -2], [3, 2, 3] => i64: [8, 9, -8];
    maximum, Maximum, "Elementwise maximum.",
    "NaN propagates; complex compares lexicographically", "",
    f64: [1.0, 5.0, -1.0], [2.0, 3.0, -1.5] => f64: [2.0, 5.0, -1.0];
    minimum, Minimum, "Elementwise minimum.",
    "NaN propagates; complex compares lexicographically", "",
    f64: [1.0, 5.0, -1.0], [2.0, 3.0, -1.5] => f64: [1.0, 3.0, -1.5];
    fmax, Fmax, "Elementwise maximum ignoring NaN.",
    "NaN only when both are NaN", "",
    f64: [1.0, 5.0, f64::NAN], [2.0, f64::NAN, -1.5] => f64: [2.0, 5.0, -1.5];
    fmin, Fmin, "Elementwise minimum ignoring NaN.",
    "NaN only when both are NaN", "",
    f64: [1.0, 5.0, f64::NAN], [2.0, f64::NAN, -1.5] => f64: [1.0, 5.0, -1.5];
    equal, Equal, "Elementwise `a == b` (bool result).",
    "IEEE equality (NaN != NaN)", "",
    f64: [1.0, 2.0, 3.0], [1.0, 0.0, 3.0] => bool: [true, false, true];
    not_equal, NotEqual, "Elementwise `a != b` (bool result).",
    "IEEE inequality", "",
    f64: [1.0, 2.0, 3.0], [1.0, 0.0, 3.0] => bool: [false, true, false];
    less, Less, "Elementwise `a < b` (bool result).",
    "complex compares lexicographically; an integer scalar out of the array's range compares \
     exactly (no overflow error)", "",
    f64: [1.0, 2.0, 3.0], [2.0, 2.0, 2.0] => bool: [true, false, false];
    less_equal, LessEqual, "Elementwise `a <= b` (bool result).",
    "complex compares lexicographically", "",
    f64: [1.0, 2.0, 3.0], [2.0, 2.0, 2.0] => bool: [true, true, false];
    greater, Greater, "Elementwise `a > b` (bool result).",
    "complex compares lexicographically", "",
    f64: [1.0, 2.0, 3.0], [2.0, 2.0, 2.0] => bool: [false, false, true];
    greater_equal, GreaterEqual, "Elementwise `a >= b` (bool result).",
    "complex compares lexicographically", "",
    f64: [1.0, 2.0, 3.0], [2.0, 2.0, 2.0] => bool: [false, true, true];
    logical_and, LogicalAnd, "Elementwise logical and of the truth values (bool result).",
    "nonzero is true", "",
    f64: [0.0, 1.0, 2.0], [1.0, 1.0, 0.0] => bool: [false, true, false];
    logical_or, LogicalOr, "Elementwise logical or of the truth values (bool result).",
    "nonzero is true", "",
    f64: [0.0, 1.0, 2.0], [1.0, 1.0, 0.0] => bool: [true, true, true];
    logical_xor, LogicalXor, "Elementwise logical exclusive or of the truth values (bool result).",
    "nonzero is true", "",
    f64: [0.0, 1.0, 2.0], [1.0, 1.0, 0.0] => bool: [true, false, true];
    bitwise_and, BitwiseAnd, "Elementwise bitwise and (`&`).",
    "two's complement; logical for bool",
    "; [`Error::DType`](crate::Error::DType) for float or complex operands",
    i64: [12, 10, -1], [10, 6, 5] => i64: [8, 2, 5];
    bitwise_or, BitwiseOr, "Elementwise bitwise or (`|`).",
    "two's complement; logical for bool",
    "; [`Error::DType`](crate::Error::DType) for float or complex operands",
    i64: [12, 10, -1], [10, 6, 5] => i64: [14, 14, -1];
    bitwise_xor, BitwiseXor, "Elementwise bitwise exclusive or (`^`).",
    "two's complement; logical for bool",
    "; [`Error::DType`](crate::Error::DType) for float or complex operands",
    i64: [12, 10, -1], [10, 6, 5] => i64: [6, 12, -6];
    left_shift, LeftShift, "Elementwise `a << b`.",
    "0 when the shift is negative or at least the bit width",
    "; [`Error::DType`](crate::Error::DType) for float or complex operands",
    i64: [1, 3, -1], [2, 1, 70] => i64: [4, 6, 0];
    right_shift, RightShift, "Elementwise `a >> b` (arithmetic for signed types).",
    "a shift that is negative or at least the bit width gives -1 for negative `a`, else 0",
    "; [`Error::DType`](crate::Error::DType) for float or complex operands",
    i64: [8, -8, -8], [2, 1, 70] => i64: [2, -4, -1];
    hypot, Hypot, "Elementwise `sqrt(a² + b²)` without undue overflow.",
    "integers compute in the smallest float that holds them", "; [`Error::DType`](crate::Error::DType) for complex",
    f64: [3.0, 5.0, 0.0], [4.0, 12.0, 2.0] => f64: [5.0, 13.0, 2.0];
    arctan2, Arctan2, "Elementwise angle of the point `(b, a)`: `atan2(a, b)` in radians.",
    "C `atan2` quadrants", "; [`Error::DType`](crate::Error::DType) for complex",
    f64: [0.0, 1.0, -1.0], [1.0, 0.0, 0.0] => f64: [0.0, std::f64::consts::FRAC_PI_2, -std::f64::consts::FRAC_PI_2];
    copysign, Copysign, "Elementwise magnitude of `a` with the sign of `b`.",
    "the sign bit of `b` (so -0.0 counts as negative)", "; [`Error::DType`](crate::Error::DType) for complex",
    f64: [1.0, 2.0, 3.0], [-1.0, 1.0, -0.0] => f64: [-1.0, 2.0, -3.0];
    nextafter, Nextafter, "Elementwise next representable value after `a` toward `b`.",
    "in the storage precision (float16 steps are float16 steps)", "; [`Error::DType`](crate::Error::DType) for complex",
    f64: [1.0, 1.0, 0.0], [2.0, 0.0, 0.0] => f64: [1.0 + f64::EPSILON, 1.0 - f64::EPSILON / 2.0, 0.0];
}

/// `(a // b, a % b)` in one call, NumPy's `divmod`.
///
/// **Shapes:** as [`floor_divide`]; both results have the broadcast shape and the same dtype.
///
/// # Errors
/// As [`floor_divide`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ops};
/// let a = Array::from_vec_on(vec![7i64, -7], &[2], Device::Cpu).unwrap();
/// let (q, r) = ops::divmod(&a, 2).unwrap();
/// assert_eq!(q.to_vec::<i64>().unwrap(), vec![3, -4]);
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![1, 1]);
/// ```
pub fn divmod<'a>(a: impl Into<Operand<'a>>, b: impl Into<Operand<'a>>) -> Result<(Array, Array)> {
    let (a, b) = (a.into(), b.into());
    let q = engine::binary(BinaryOp::FloorDivide, a, b, None)?;
    let r = engine::binary(BinaryOp::Remainder, a, b, None)?;
    Ok((q, r))
}

macro_rules! out_fn {
    ($($name:ident, $op:ident, $base:ident;)*) => {$(
        #[doc = concat!("[`", stringify!($base), "`] written into `out`: `binary_out(BinaryOp::", stringify!($op), ", a, b, out)`.")]
        ///
        /// **Shapes:** `a` and `b` broadcast to `out.shape()`; the result is cast to
        /// `out.dtype()` under NumPy's `same_kind` rule; `out` may be one of the inputs.
        ///
        /// # Errors
        /// See [`binary_out`](super::binary_out).
        ///
        /// # Example
        /// ```
        /// use cuprum_core::{Array, Device, ops};
        /// let a = Array::from_vec_on(vec![1.0f64, 2.0], &[2], Device::Cpu).unwrap();
        #[doc = concat!("ops::", stringify!($name), "(&a, 2.0, &a).unwrap();")]
        #[doc = concat!("assert_eq!(a.to_vec::<f64>().unwrap(), ops::", stringify!($base), "(&Array::from_vec_on(vec![1.0f64, 2.0], &[2], Device::Cpu).unwrap(), 2.0).unwrap().to_vec::<f64>().unwrap());")]
        /// ```
        pub fn $name<'a>(
            a: impl Into<Operand<'a>>,
            b: impl Into<Operand<'a>>,
            out: &Array,
        ) -> Result<()> {
            super::binary_out(BinaryOp::$op, a, b, out)
        }
    )*};
}

out_fn! {
    add_out, Add, add;
    subtract_out, Subtract, subtract;
    multiply_out, Multiply, multiply;
    divide_out, Divide, divide;
}
