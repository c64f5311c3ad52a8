//! dtype resolution for elementwise operations: NumPy 2 promotion with weak scalars (NEP 50),
//! then each ufunc's own rule for the dtype it computes in and the dtype it returns.

use super::kinds::{BinaryOp, UnaryOp};
use crate::{DType, DTypeKind, Error, Result, Scalar};

/// The dtype a weak scalar `s` takes next to an array of dtype `d` (NEP 50).
pub fn weak_dtype(d: DType, s: &Scalar) -> DType {
    use DTypeKind as K;
    match (s.kind(), d.kind()) {
        (K::Bool, _) => d,
        (K::Int | K::UInt, K::Bool) => s.default_dtype(),
        (K::Int | K::UInt, _) => d,
        (K::Float, K::Bool | K::Int | K::UInt) => DType::Float64,
        (K::Float, _) => d,
        (K::Complex, K::Bool | K::Int | K::UInt) => DType::Complex128,
        (K::Complex, _) => d.complex_dtype(),
    }
}

/// The `(compute, output)` dtypes of a unary op on input dtype `d`.
///
/// # Errors
/// [`Error::DType`] where NumPy has no loop (e.g. `negative` of bool, `floor` of complex,
/// `invert` of float).
pub fn unary_dtypes(op: UnaryOp, d: DType) -> Result<(DType, DType)> {
    use DTypeKind as K;
    use UnaryOp::*;
    let err = |detail: &str| {
        Err(Error::DType {
            op: op.name(),
            dtype: d,
            detail: detail.to_string(),
        })
    };
    let k = d.kind();
    Ok(match op {
        Negative if k == K::Bool => {
            return err(
                ": the numpy boolean negative, the `-` operator, is not supported, use the `~` \
                 operator or the logical_not function instead",
            );
        }
        Positive | Sign if k == K::Bool => return err(""),
        Negative | Positive | Sign => (d, d),
        Abs | Real | Imag => (d, d.real_dtype()),
        Sqrt | Exp | Exp2 | Expm1 | Log | Log2 | Log10 | Log1p | Sin | Cos | Tan | Arcsin
        | Arccos | Arctan | Sinh | Cosh | Tanh | Arcsinh | Arccosh | Arctanh | Rint => {
            let f = d.to_inexact();
            (f, f)
        }
        Cbrt | Deg2Rad | Rad2Deg | Floor | Ceil | Trunc | Signbit if k == K::Complex => {
            return err("");
        }
        Cbrt | Deg2Rad | Rad2Deg => {
            let f = d.to_inexact();
            (f, f)
        }
        Floor | Ceil | Trunc => (d, d),
        Square | Reciprocal | Conj if k == K::Bool => (DType::Int8, DType::Int8),
        Square | Reciprocal | Conj => (d, d),
        Invert if matches!(k, K::Float | K::Complex) => return err(""),
        Invert => (d, d),
        LogicalNot | IsNan | IsInf | IsFinite | Signbit => (d, DType::Bool),
        Angle => match k {
            K::Complex => (d, d.real_dtype()),
            K::Float => (d, d),
            K::Bool => (DType::Float64, DType::Float64),
            _ => {
                let f = d.to_inexact();
                (f, f)
            }
        },
    })
}

/// The `(compute, output)` dtypes of a binary op whose operands promote to `c`.
///
/// # Errors
/// [`Error::DType`] where NumPy has no loop (bitwise ops on floats, `subtract` of bools,
/// `remainder` of complex, ...).
pub fn binary_dtypes(op: BinaryOp, c: DType) -> Result<(DType, DType)> {
    use BinaryOp::*;
    use DTypeKind as K;
    let err = |detail: &str| {
        Err(Error::DType {
            op: op.name(),
            dtype: c,
            detail: detail.to_string(),
        })
    };
    let k = c.kind();
    if op.returns_bool() {
        return Ok((c, DType::Bool));
    }
    Ok(match op {
        Add | Multiply | Maximum | Minimum | Fmax | Fmin => (c, c),
        Subtract if k == K::Bool => return Err(bool_subtract_error(op.name())),
        Subtract => (c, c),
        Divide if matches!(k, K::Bool | K::Int | K::UInt) => (DType::Float64, DType::Float64),
        Divide => (c, c),
        FloorDivide | Remainder | Fmod if k == K::Complex => return err(""),
        FloorDivide | Remainder | Fmod | Power | LeftShift | RightShift if k == K::Bool => {
            (DType::Int8, DType::Int8)
        }
        FloorDivide | Remainder | Fmod | Power => (c, c),
        BitwiseAnd | BitwiseOr | BitwiseXor | LeftShift | RightShift
            if matches!(k, K::Float | K::Complex) =>
        {
            return err(": bitwise operations need integer or bool operands");
        }
        BitwiseAnd | BitwiseOr | BitwiseXor | LeftShift | RightShift => (c, c),
        Hypot | Arctan2 | Copysign | Nextafter if k == K::Complex => return err(""),
        Hypot | Arctan2 | Copysign | Nextafter => {
            let f = c.to_inexact();
            (f, f)
        }
        _ => return err(": not supported yet"),
    })
}

/// Ordering of kinds for NumPy's `same_kind` casting: bool < uint < int < float < complex.
fn kind_rank(d: DType) -> u8 {
    match d.kind() {
        DTypeKind::Bool => 0,
        DTypeKind::UInt => 1,
        DTypeKind::Int => 2,
        DTypeKind::Float => 3,
        DTypeKind::Complex => 4,
    }
}

/// NumPy's `can_cast(from, to, casting="same_kind")`.
pub(crate) fn can_cast_same_kind(from: DType, to: DType) -> bool {
    kind_rank(to) >= kind_rank(from)
}

/// The error NumPy raises when a ufunc's result cannot be written to `out` under `same_kind`.
pub(crate) fn output_cast_error(op: &'static str, from: DType, to: DType) -> Error {
    Error::DType {
        op,
        dtype: from,
        detail: format!(
            ": cannot cast the output from {from} to {to} with casting rule 'same_kind'"
        ),
    }
}

/// The error integer `power` reports for a negative exponent (NumPy's `ValueError`); the CPU
/// backend reports the same when it meets one in an exponent array.
pub fn negative_power_error() -> Error {
    Error::out_of_domain(
        "power",
        "x2",
        "a negative integer",
        "non-negative integers (integers to negative integer powers are not allowed)",
    )
}

/// NumPy's error for subtracting booleans (`subtract`, `ptp`, ...): the one message every layer
/// reports.
pub(crate) fn bool_subtract_error(op: &'static str) -> Error {
    Error::DType {
        op,
        dtype: DType::Bool,
        detail: ": numpy boolean subtract, the `-` operator, is not supported, use the \
                 bitwise_xor, the `^` operator, or the logical_xor function instead"
            .into(),
    }
}
