//! Joining and splitting along a fixed axis with NumPy's names: `column_stack`, `dstack`,
//! `hsplit`, `vsplit`, `dsplit` (built on `concatenate` and `split`).

use super::axes::{atleast_2d, atleast_3d};
use crate::manip::{Sections, concatenate, split};
use crate::{Array, Error, Result};

/// Stacks 1-D arrays as columns (and 2-D arrays as they are) into a 2-D array
/// (`numpy.column_stack`).
///
/// # Errors
/// [`Error::BadArgument`] for no arrays; the errors of `concatenate` along axis 1.
///
/// ```
/// use cuprum_core::{Array, column_stack};
/// let a = Array::from_vec(vec![1i64, 2], &[2]).unwrap();
/// let b = Array::from_vec(vec![3i64, 4], &[2]).unwrap();
/// let r = column_stack(&[&a, &b]).unwrap();
/// assert_eq!((r.shape(), r.to_vec::<i64>().unwrap()), (&[2usize, 2][..], vec![1, 3, 2, 4]));
/// ```
pub fn column_stack(arrays: &[&Array]) -> Result<Array> {
    let cols: Vec<Array> = arrays
        .iter()
        .map(|a| {
            if a.ndim() < 2 {
                atleast_2d(a)?.transpose()
            } else {
                Ok((*a).clone())
            }
        })
        .collect::<Result<_>>()?;
    concatenate(&cols.iter().collect::<Vec<_>>(), 1)
}

/// Stacks arrays along the third axis after [`atleast_3d`] (`numpy.dstack`).
///
/// # Errors
/// The errors of `concatenate` along axis 2.
///
/// ```
/// use cuprum_core::{Array, dstack};
/// let a = Array::from_vec(vec![1i64, 2], &[2]).unwrap();
/// assert_eq!(dstack(&[&a, &a]).unwrap().shape(), &[1, 2, 2]);
/// ```
pub fn dstack(arrays: &[&Array]) -> Result<Array> {
    let v: Vec<Array> = arrays
        .iter()
        .map(|a| atleast_3d(a))
        .collect::<Result<_>>()?;
    concatenate(&v.iter().collect::<Vec<_>>(), 2)
}

/// Splits along the second axis (the first for 1-D) (`numpy.hsplit`).
///
/// # Errors
/// [`Error::BadShape`] for a 0-d array; as [`split`].
///
/// ```
/// use cuprum_core::{Array, hsplit};
/// let a = Array::from_vec((0..8i64).collect::<Vec<_>>(), &[2, 4]).unwrap();
/// assert_eq!(hsplit(&a, 2).unwrap()[1].to_vec::<i64>().unwrap(), vec![2, 3, 6, 7]);
/// ```
pub fn hsplit(a: &Array, sections: impl Into<Sections>) -> Result<Vec<Array>> {
    if a.ndim() == 0 {
        return Err(Error::bad_shape(
            "hsplit",
            "ary",
            a.shape(),
            "an array of at least 1 dimension",
        ));
    }
    split(a, sections, if a.ndim() > 1 { 1 } else { 0 })
}

/// Splits along the first axis of an array of 2 or more dimensions (`numpy.vsplit`).
///
/// # Errors
/// [`Error::BadShape`] for fewer than 2 dimensions; as [`split`].
///
/// ```
/// use cuprum_core::{Array, vsplit};
/// let a = Array::from_vec((0..8i64).collect::<Vec<_>>(), &[4, 2]).unwrap();
/// assert_eq!(vsplit(&a, 2).unwrap()[1].to_vec::<i64>().unwrap(), vec![4, 5, 6, 7]);
/// ```
pub fn vsplit(a: &Array, sections: impl Into<Sections>) -> Result<Vec<Array>> {
    if a.ndim() < 2 {
        return Err(Error::bad_shape(
            "vsplit",
            "ary",
            a.shape(),
            "an array of at least 2 dimensions",
        ));
    }
    split(a, sections, 0)
}

/// Splits along the third axis of an array of 3 or more dimensions (`numpy.dsplit`).
///
/// # Errors
/// [`Error::BadShape`] for fewer than 3 dimensions; as [`split`].
///
/// ```
/// use cuprum_core::{Array, dsplit};
/// let a = Array::from_vec((0..8i64).collect::<Vec<_>>(), &[1, 2, 4]).unwrap();
/// assert_eq!(dsplit(&a, 2).unwrap()[0].to_vec::<i64>().unwrap(), vec![0, 1, 4, 5]);
/// ```
pub fn dsplit(a: &Array, sections: impl Into<Sections>) -> Result<Vec<Array>> {
    if a.ndim() < 3 {
        return Err(Error::bad_shape(
            "dsplit",
            "ary",
            a.shape(),
            "an array of at least 3 dimensions",
        ));
    }
    split(a, sections, 2)
}
