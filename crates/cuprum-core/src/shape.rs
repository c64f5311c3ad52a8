//! [`IntoShape`]: what a function that takes a shape accepts.

use crate::{Error, Result};

/// A shape argument: `&[usize]`, `&[isize]`, `&[i32]`, `&[i64]`, arrays and `Vec`s of those
/// (by value or by reference), a single `usize` (a 1-D shape) or `()` (0-d), so that
/// `zeros(&[2, 3], ..)`, `reshape(&shape)` with a `Vec<usize>`, `reshape(&[2, -1])` and
/// `zeros(a.shape(), ..)` all read as they would in NumPy.
///
/// Entries must be non-negative, except one `-1` where a function says so ([`Array::reshape`]).
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType, Device, IntoShape, zeros_on};
/// let shape: Vec<usize> = vec![2, 3];
/// let a = zeros_on(&shape, DType::Float32, Device::Cpu).unwrap();
/// assert_eq!(a.reshape(&shape).unwrap().shape(), &[2, 3]);
/// assert_eq!(a.reshape(&[3, -1]).unwrap().shape(), &[3, 2]);
/// assert_eq!(a.reshape(vec![6isize]).unwrap().shape(), &[6]);
/// let b = Array::from_vec_on(vec![1i32; 6], &shape, Device::Cpu).unwrap();
/// assert_eq!(b.broadcast_to(vec![4, 2, 3]).unwrap().shape(), &[4, 2, 3]);
/// let r = cuprum_core::random::Generator::new(7).random_on(&shape, DType::Float64, Device::Cpu);
/// assert_eq!(r.unwrap().shape(), &[2, 3]);
/// assert_eq!(Array::from_vec_on(vec![5u8], (), Device::Cpu).unwrap().ndim(), 0);
/// assert_eq!((&[2usize, 3][..]).to_shape("example").unwrap(), vec![2, 3]);
/// assert!([2i32, -3].to_shape("example").is_err());
/// ```
///
/// [`Array::reshape`]: crate::Array::reshape
pub trait IntoShape {
    /// The entries as signed integers (`-1` kept for `reshape`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `op` for an entry that does not fit `isize`.
    fn to_signed_shape(&self, op: &'static str) -> Result<Vec<isize>>;

    /// The entries as a shape.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `op` for a negative entry.
    fn to_shape(&self, op: &'static str) -> Result<Vec<usize>> {
        signed_to_shape(op, self.to_signed_shape(op)?)
    }
}

/// [`IntoShape::to_shape`] of signed entries: every one non-negative.
fn signed_to_shape(op: &'static str, s: Vec<isize>) -> Result<Vec<usize>> {
    s.iter()
        .map(|&d| {
            usize::try_from(d).map_err(|_| {
                Error::bad_argument(op, "shape", format!("{s:?}"), "non-negative dimensions")
            })
        })
        .collect()
}

macro_rules! int_shape {
    ($($t:ty),*) => {$(
        impl IntoShape for [$t] {
            fn to_signed_shape(&self, op: &'static str) -> Result<Vec<isize>> {
                self.iter()
                    .map(|&d| {
                        // a dimension beyond isize::MAX (only unsigned types reach it) is an
                        // array too big, as any shape whose size overflows is
                        isize::try_from(d).map_err(|_| {
                            let shape: Vec<usize> = self.iter().map(|&d| d as usize).collect();
                            let bytes = shape
                                .iter()
                                .try_fold(1u128, |acc, &d| acc.checked_mul(d as u128));
                            Error::TooBig { op, shape, itemsize: 1, bytes }
                        })
                    })
                    .collect()
            }
            // one allocation on the hot path (`empty_on` of an internal `&[usize]` shape)
            fn to_shape(&self, op: &'static str) -> Result<Vec<usize>> {
                match self
                    .iter()
                    .map(|&d| usize::try_from(d).ok().filter(|&u| u <= isize::MAX as usize))
                    .collect::<Option<Vec<usize>>>()
                {
                    Some(v) => Ok(v),
                    None => signed_to_shape(op, self.to_signed_shape(op)?),
                }
            }
        }
        impl<const N: usize> IntoShape for [$t; N] {
            fn to_signed_shape(&self, op: &'static str) -> Result<Vec<isize>> {
                self[..].to_signed_shape(op)
            }
            fn to_shape(&self, op: &'static str) -> Result<Vec<usize>> {
                self[..].to_shape(op)
            }
        }
        impl IntoShape for Vec<$t> {
            fn to_signed_shape(&self, op: &'static str) -> Result<Vec<isize>> {
                self[..].to_signed_shape(op)
            }
            fn to_shape(&self, op: &'static str) -> Result<Vec<usize>> {
                self[..].to_shape(op)
            }
        }
    )*};
}
int_shape!(usize, isize, i32, i64, u32, u64);

impl IntoShape for usize {
    fn to_signed_shape(&self, op: &'static str) -> Result<Vec<isize>> {
        [*self].to_signed_shape(op)
    }
}

impl IntoShape for () {
    fn to_signed_shape(&self, _op: &'static str) -> Result<Vec<isize>> {
        Ok(vec![])
    }
}

impl<T: IntoShape + ?Sized> IntoShape for &T {
    fn to_signed_shape(&self, op: &'static str) -> Result<Vec<isize>> {
        (**self).to_signed_shape(op)
    }
    fn to_shape(&self, op: &'static str) -> Result<Vec<usize>> {
        (**self).to_shape(op)
    }
}
