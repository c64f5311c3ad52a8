//! Operator overloads on [`Array`]: `+ - * / % & | ^ << >>`, unary `-` and `!`, and the
//! in-place forms `+= -= *= /= %= &= |= ^= <<= >>=`.
//!
//! Each operator calls the named function (`&a + &b` is [`add`](super::add)`(&a, &b)`) and
//! panics with that function's error message when it fails (`#[track_caller]`: the panic
//! points at the operator). Rust scalars on either side are weak ([`Operand`](super::Operand)):
//! `f64`, `i64`, `bool`, [`Complex64`] and [`Scalar`]. There are deliberately no `f32`/`i32`
//! impls: with them `&a * 2.0` would not compile (the literal's type would be ambiguous);
//! a weak scalar's Rust width does not matter anyway (NEP 50 gives it the array's dtype).
//! The named functions accept `f32`/`i32`/`u64` too.
//!
//! The in-place forms write through to the shared buffer, like NumPy's `a += b`: every view of
//! the buffer sees the change; the result is cast to `a`'s dtype under `same_kind`
//! (`int_array += 1.5` panics, as NumPy raises).
//!
//! An operand passed by value that nothing else can see (a temporary: `&a + &b + &c`, `2.0 *
//! (&a - &b)`) lends its buffer to the result on the CPU, as NumPy's temporary elision does:
//! a chain of operators then reuses one temporary instead of allocating one per operator,
//! which keeps the chain's working set in the cache. The values are the same.

use super::kinds::BinaryOp;
use crate::{Array, Complex64, Result, Scalar};

use super::engine::binary_owned as owned;

#[track_caller]
fn unwrap_op(r: Result<Array>) -> Array {
    match r {
        Ok(a) => a,
        Err(e) => panic!("{e}"),
    }
}

#[track_caller]
fn unwrap_unit(r: Result<()>) {
    if let Err(e) = r {
        panic!("{e}")
    }
}

macro_rules! binary_operator {
    ($Trait:ident, $method:ident, $func:ident, $AssignTrait:ident, $assign:ident, $Op:ident) => {
        /// Elementwise operator form of the named function.
        ///
        /// # Panics
        /// When the named function returns an error (incompatible shapes, unsupported dtype,
        /// arrays on different devices, ...), with its message.
        impl std::ops::$Trait<&Array> for &Array {
            type Output = Array;
            #[track_caller]
            fn $method(self, rhs: &Array) -> Array {
                unwrap_op(super::$func(self, rhs))
            }
        }
        /// As for `&Array`.
        ///
        /// # Panics
        /// When the named function returns an error, with its message.
        impl std::ops::$Trait<Array> for &Array {
            type Output = Array;
            #[track_caller]
            fn $method(self, rhs: Array) -> Array {
                unwrap_op(owned(BinaryOp::$Op, self.into(), (&rhs).into(), &rhs))
            }
        }
        /// As for `&Array`.
        ///
        /// # Panics
        /// When the named function returns an error, with its message.
        impl std::ops::$Trait<&Array> for Array {
            type Output = Array;
            #[track_caller]
            fn $method(self, rhs: &Array) -> Array {
                unwrap_op(owned(BinaryOp::$Op, (&self).into(), rhs.into(), &self))
            }
        }
        /// As for `&Array`.
        ///
        /// # Panics
        /// When the named function returns an error, with its message.
        impl std::ops::$Trait<Array> for Array {
            type Output = Array;
            #[track_caller]
            fn $method(self, rhs: Array) -> Array {
                unwrap_op(owned(BinaryOp::$Op, (&self).into(), (&rhs).into(), &self))
            }
        }
        /// In place: writes the result into `self`'s buffer (cast to its dtype, `same_kind`).
        ///
        /// # Panics
        /// When [`binary_out`](super::binary_out) returns an error, with its message.
        impl std::ops::$AssignTrait<&Array> for Array {
            #[track_caller]
            fn $assign(&mut self, rhs: &Array) {
                unwrap_unit(super::binary_out(BinaryOp::$Op, &*self, rhs, &*self))
            }
        }
        /// In place: writes the result into `self`'s buffer (cast to its dtype, `same_kind`).
        ///
        /// # Panics
        /// When [`binary_out`](super::binary_out) returns an error, with its message.
        impl std::ops::$AssignTrait<Array> for Array {
            #[track_caller]
            fn $assign(&mut self, rhs: Array) {
                unwrap_unit(super::binary_out(BinaryOp::$Op, &*self, &rhs, &*self))
            }
        }
        binary_operator!(@scalars $Trait, $method, $func, $AssignTrait, $assign, $Op; f64, i64, bool, Complex64, Scalar);
    };
    (@scalars $Trait:ident, $method:ident, $func:ident, $AssignTrait:ident, $assign:ident, $Op:ident; $($S:ty),*) => {$(
        /// With a weak scalar on the right.
        ///
        /// # Panics
        /// When the named function returns an error (e.g. an integer scalar that does not fit
        /// the array's integer dtype), with its message.
        impl std::ops::$Trait<$S> for &Array {
            type Output = Array;
            #[track_caller]
            fn $method(self, rhs: $S) -> Array {
                unwrap_op(super::$func(self, rhs))
            }
        }
        /// With a weak scalar on the right.
        ///
        /// # Panics
        /// When the named function returns an error, with its message.
        impl std::ops::$Trait<$S> for Array {
            type Output = Array;
            #[track_caller]
            fn $method(self, rhs: $S) -> Array {
                unwrap_op(owned(BinaryOp::$Op, (&self).into(), rhs.into(), &self))
            }
        }
        /// With a weak scalar on the left.
        ///
        /// # Panics
        /// When the named function returns an error, with its message.
        impl std::ops::$Trait<&Array> for $S {
            type Output = Array;
            #[track_caller]
            fn $method(self, rhs: &Array) -> Array {
                unwrap_op(super::$func(self, rhs))
            }
        }
        /// With a weak scalar on the left.
        ///
        /// # Panics
        /// When the named function returns an error, with its message.
        impl std::ops::$Trait<Array> for $S {
            type Output = Array;
            #[track_caller]
            fn $method(self, rhs: Array) -> Array {
                unwrap_op(owned(BinaryOp::$Op, self.into(), (&rhs).into(), &rhs))
            }
        }
        /// In place with a weak scalar.
        ///
        /// # Panics
        /// When [`binary_out`](super::binary_out) returns an error, with its message.
        impl std::ops::$AssignTrait<$S> for Array {
            #[track_caller]
            fn $assign(&mut self, rhs: $S) {
                unwrap_unit(super::binary_out(BinaryOp::$Op, &*self, rhs, &*self))
            }
        }
    )*};
}

binary_operator!(Add, add, add, AddAssign, add_assign, Add);
binary_operator!(Sub, sub, subtract, SubAssign, sub_assign, Subtract);
binary_operator!(Mul, mul, multiply, MulAssign, mul_assign, Multiply);
binary_operator!(Div, div, divide, DivAssign, div_assign, Divide);
binary_operator!(Rem, rem, remainder, RemAssign, rem_assign, Remainder);
binary_operator!(
    BitAnd,
    bitand,
    bitwise_and,
    BitAndAssign,
    bitand_assign,
    BitwiseAnd
);
binary_operator!(
    BitOr,
    bitor,
    bitwise_or,
    BitOrAssign,
    bitor_assign,
    BitwiseOr
);
binary_operator!(
    BitXor,
    bitxor,
    bitwise_xor,
    BitXorAssign,
    bitxor_assign,
    BitwiseXor
);
binary_operator!(Shl, shl, left_shift, ShlAssign, shl_assign, LeftShift);
binary_operator!(Shr, shr, right_shift, ShrAssign, shr_assign, RightShift);

/// `-a`: [`negative`](super::negative).
///
/// # Panics
/// When `negative` fails (bool arrays), with its message.
impl std::ops::Neg for &Array {
    type Output = Array;
    #[track_caller]
    fn neg(self) -> Array {
        unwrap_op(super::negative(self))
    }
}
/// `-a`: [`negative`](super::negative).
///
/// # Panics
/// When `negative` fails (bool arrays), with its message.
impl std::ops::Neg for Array {
    type Output = Array;
    #[track_caller]
    fn neg(self) -> Array {
        unwrap_op(super::negative(&self))
    }
}
/// `!a`: [`invert`](super::invert) (NumPy's `~a`: bitwise NOT, logical NOT for bool).
///
/// # Panics
/// When `invert` fails (float and complex arrays), with its message.
impl std::ops::Not for &Array {
    type Output = Array;
    #[track_caller]
    fn not(self) -> Array {
        unwrap_op(super::invert(self))
    }
}
/// `!a`: [`invert`](super::invert).
///
/// # Panics
/// When `invert` fails (float and complex arrays), with its message.
impl std::ops::Not for Array {
    type Output = Array;
    #[track_caller]
    fn not(self) -> Array {
        unwrap_op(super::invert(&self))
    }
}
