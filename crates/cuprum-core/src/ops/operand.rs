//! [`Operand`]: an array or a weak (Python-like) scalar as the argument of an elementwise op.

use crate::{Array, Scalar};
use num_complex::Complex64;

/// One argument of a binary elementwise operation: an array, or a Rust scalar that is *weak*
/// in NumPy 2's sense (NEP 50), like a Python scalar.
///
/// A weak scalar takes the array's dtype when its kind allows: `float32 array * 2.0` is
/// float32, `int8 array + 1` is int8 (an integer that does not fit is
/// [`Error::Overflow`](crate::Error::Overflow)), `float16 array * 2.0` stays float16. A scalar
/// of a higher kind takes its default dtype: `int8 array + 2.5` is float64, `bool array + 1`
/// is int64, `int array + 1j` is complex128, `float32 array + 1j` is complex64.
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType, Device, ops};
/// let a = Array::from_vec_on(vec![1.0f32, 2.0], &[2], Device::Cpu).unwrap();
/// let b = ops::multiply(&a, 2.0).unwrap();
/// assert_eq!(b.dtype(), DType::Float32);
/// ```
#[derive(Clone, Copy, Debug)]
pub enum Operand<'a> {
    /// An array (its dtype takes part in promotion).
    Array(&'a Array),
    /// A weak scalar.
    Scalar(Scalar),
}

impl<'a> From<&'a Array> for Operand<'a> {
    fn from(a: &'a Array) -> Self {
        Operand::Array(a)
    }
}

impl From<Scalar> for Operand<'_> {
    fn from(s: Scalar) -> Self {
        Operand::Scalar(s)
    }
}

macro_rules! operand_from {
    ($($t:ty),*) => {$(
        impl From<$t> for Operand<'_> {
            fn from(x: $t) -> Self {
                Operand::Scalar(Scalar::from(x))
            }
        }
    )*};
}
operand_from!(f64, f32, i64, i32, u64, bool, Complex64);

impl Operand<'_> {
    /// The array, if this is one.
    pub fn as_array(&self) -> Option<&Array> {
        match self {
            Operand::Array(a) => Some(a),
            Operand::Scalar(_) => None,
        }
    }
}
