//! Elementwise operations (NumPy ufuncs): NumPy broadcasting, NumPy 2 type promotion with weak
//! scalars (NEP 50), per-ufunc result dtypes, `out` forms and operator overloads.
//!
//! **Shapes:** the operands of a binary function broadcast against each other (NumPy's rules;
//! [`Error::Broadcast`](crate::Error::Broadcast) names both shapes when they cannot); the result
//! has the broadcast shape. Unary functions keep the shape.
//!
//! **dtypes:** two arrays promote with [`DType::promote`](crate::DType::promote); a Rust scalar
//! is weak ([`Operand`]). Each function then applies its ufunc's rule: true division of
//! integers gives float64, transcendental functions of integers give the smallest float that
//! holds them (`sqrt` of int8 is float16), comparisons give bool, `abs` of complex gives the
//! real dtype. The semantics of every operation are documented on [`kinds::UnaryOp`] and
//! [`kinds::BinaryOp`], the spec both backends follow.
//!
//! **Devices:** the operands must be on one device ([`Error::DeviceMismatch`](crate::Error::DeviceMismatch)
//! otherwise); the work runs there (rayon loops on the CPU, NVRTC kernels on CUDA).
//!
//! ```
//! use cuprum_core::{Array, DType, Device, ops};
//! let a = Array::from_vec_on(vec![1i8, 2, 3], &[3], Device::Cpu).unwrap();
//! let b = ops::add(&a, 1).unwrap(); // weak scalar: stays int8
//! assert_eq!(b.dtype(), DType::Int8);
//! let c = ops::divide(&a, &b).unwrap(); // true division of integers: float64
//! assert_eq!(c.to_vec::<f64>().unwrap(), vec![0.5, 2.0 / 3.0, 0.75]);
//! let d = &a * 2.5; // operators panic with the named form's error
//! assert_eq!(d.to_vec::<f64>().unwrap(), vec![2.5, 5.0, 7.5]);
//! ```

mod binary_fns;
mod close;
pub(crate) mod engine;
pub mod errstate;
pub(crate) mod kinds;
mod operand;
mod operators;
pub(crate) mod promote;
mod select;
mod unary_fns;

pub use binary_fns::*;
pub use close::{allclose, array_equal, isclose};
pub use kinds::{BinaryOp, UnaryOp};
pub use operand::Operand;
pub use select::{clip, clip_out, where_};
pub use unary_fns::*;

use crate::{Array, Result};

/// `op(a)` written into `out`, NumPy's `ufunc(a, out=out)`.
///
/// **Shapes:** `a`'s shape must broadcast to `out.shape()` (and `out` is not itself broadcast).
/// The result is cast to `out.dtype()` under NumPy's `same_kind` rule. `out` may be `a` itself
/// (or share its buffer): the result goes through a temporary then.
///
/// # Errors
/// The errors of the named function; [`Error::Broadcast`](crate::Error::Broadcast) for a
/// wrong `out` shape; [`Error::DType`](crate::Error::DType) when the result dtype cannot be
/// cast to `out.dtype()` with `same_kind`; [`Error::BadArgument`](crate::Error::BadArgument)
/// when `out` is a broadcast (read-only) view; [`Error::DeviceMismatch`](crate::Error::DeviceMismatch).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ops::{self, UnaryOp}};
/// let a = Array::from_vec_on(vec![4.0f64, 9.0], &[2], Device::Cpu).unwrap();
/// ops::unary_out(UnaryOp::Sqrt, &a, &a).unwrap();
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![2.0, 3.0]);
/// ```
pub fn unary_out(op: UnaryOp, a: &Array, out: &Array) -> Result<()> {
    // one step with respect to other writers of `out`'s buffer (see `crate::oplock`)
    let _op = crate::oplock::lock(&out.storage);
    engine::unary(op, a, Some(out)).map(|_| ())
}

/// `op(a, b)` written into `out`, NumPy's `ufunc(a, b, out=out)`.
///
/// **Shapes:** `a` and `b` broadcast together and to `out.shape()`. The result is cast to
/// `out.dtype()` under NumPy's `same_kind` rule (`int32 += 1.5` is an error, as in NumPy).
/// `out` may share its buffer with an input: the result goes through a temporary then.
///
/// # Errors
/// As [`unary_out`], plus the errors of the named binary function.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ops::{self, BinaryOp}};
/// let a = Array::from_vec_on(vec![1.0f32, 2.0], &[2], Device::Cpu).unwrap();
/// let out = Array::from_vec_on(vec![0.0f64; 2], &[2], Device::Cpu).unwrap();
/// ops::binary_out(BinaryOp::Multiply, &a, 3.0, &out).unwrap();
/// assert_eq!(out.to_vec::<f64>().unwrap(), vec![3.0, 6.0]);
/// ```
pub fn binary_out<'a>(
    op: BinaryOp,
    a: impl Into<Operand<'a>>,
    b: impl Into<Operand<'a>>,
    out: &Array,
) -> Result<()> {
    // one step with respect to other writers of `out`'s buffer (see `crate::oplock`)
    let _op = crate::oplock::lock(&out.storage);
    engine::binary(op, a.into(), b.into(), Some(out)).map(|_| ())
}

#[cfg(test)]
mod inplace_tests;
#[cfg(test)]
mod tests;
