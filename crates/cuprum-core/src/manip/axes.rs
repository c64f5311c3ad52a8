//! Adding, moving and reversing axes with NumPy's names: `atleast_1d/2d/3d`, `fliplr`,
//! `flipud`, `rot90`, `matrix_transpose`, `rollaxis`, and `asfortranarray`.
//!
//! Views where NumPy returns views; built on core's views and copies, so they run on every
//! device.

use crate::layout::normalize_axis;
use crate::manip::flip;
use crate::{Array, Error, Result};

/// `a` with at least one axis (`numpy.atleast_1d`): a 0-d array becomes shape `(1,)`; others
/// are returned as they are (a view).
///
/// # Errors
/// None in practice (the reshape of a 0-d array cannot fail).
///
/// ```
/// use cuprum_core::{Array, atleast_1d};
/// assert_eq!(atleast_1d(&Array::from_vec(vec![1.0f64], ()).unwrap()).unwrap().shape(), &[1]);
/// ```
pub fn atleast_1d(a: &Array) -> Result<Array> {
    if a.ndim() == 0 {
        a.reshape(&[1isize][..])
    } else {
        Ok(a.clone())
    }
}

/// `a` with at least two axes (`numpy.atleast_2d`): `(n,)` becomes `(1, n)`, 0-d `(1, 1)`.
///
/// # Errors
/// None in practice.
///
/// ```
/// use cuprum_core::{Array, atleast_2d};
/// assert_eq!(atleast_2d(&Array::from_vec(vec![1.0f64, 2.0], &[2]).unwrap()).unwrap().shape(), &[1, 2]);
/// ```
pub fn atleast_2d(a: &Array) -> Result<Array> {
    match a.ndim() {
        0 => a.reshape(&[1isize, 1][..]),
        1 => a.reshape(&[1, a.shape()[0] as isize][..]),
        _ => Ok(a.clone()),
    }
}

/// `a` with at least three axes (`numpy.atleast_3d`): `(n,)` becomes `(1, n, 1)`, `(m, n)`
/// `(m, n, 1)`, 0-d `(1, 1, 1)`.
///
/// # Errors
/// None in practice.
///
/// ```
/// use cuprum_core::{Array, atleast_3d};
/// let a = Array::from_vec(vec![1.0f64; 6], &[2, 3]).unwrap();
/// assert_eq!(atleast_3d(&a).unwrap().shape(), &[2, 3, 1]);
/// ```
pub fn atleast_3d(a: &Array) -> Result<Array> {
    match a.ndim() {
        0 => a.reshape(&[1isize, 1, 1][..]),
        1 => a.reshape(&[1, a.shape()[0] as isize, 1][..]),
        2 => a.reshape(&[a.shape()[0] as isize, a.shape()[1] as isize, 1][..]),
        _ => Ok(a.clone()),
    }
}

/// Reverses the second axis (`numpy.fliplr`; a view).
///
/// # Errors
/// [`Error::BadShape`] for fewer than 2 dimensions.
///
/// ```
/// use cuprum_core::{Array, fliplr};
/// let a = Array::from_vec(vec![1i64, 2, 3, 4], &[2, 2]).unwrap();
/// assert_eq!(fliplr(&a).unwrap().to_vec::<i64>().unwrap(), vec![2, 1, 4, 3]);
/// ```
pub fn fliplr(a: &Array) -> Result<Array> {
    if a.ndim() < 2 {
        return Err(Error::bad_shape(
            "fliplr",
            "m",
            a.shape(),
            "an array of at least 2 dimensions",
        ));
    }
    flip(a, Some(&[1]))
}

/// Reverses the first axis (`numpy.flipud`; a view).
///
/// # Errors
/// [`Error::BadShape`] for a 0-d array.
///
/// ```
/// use cuprum_core::{Array, flipud};
/// let a = Array::from_vec(vec![1i64, 2, 3, 4], &[2, 2]).unwrap();
/// assert_eq!(flipud(&a).unwrap().to_vec::<i64>().unwrap(), vec![3, 4, 1, 2]);
/// ```
pub fn flipud(a: &Array) -> Result<Array> {
    if a.ndim() < 1 {
        return Err(Error::bad_shape(
            "flipud",
            "m",
            a.shape(),
            "an array of at least 1 dimension",
        ));
    }
    flip(a, Some(&[0]))
}

/// Rotates by 90° `k` times in the plane of `axes`, from the first axis towards the second
/// (`numpy.rot90`; a view).
///
/// # Errors
/// [`Error::BadArgument`] or [`Error::BadShape`] for equal axes or fewer than 2 dimensions;
/// [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, rot90};
/// let a = Array::from_vec(vec![1i64, 2, 3, 4], &[2, 2]).unwrap();
/// assert_eq!(rot90(&a, 1, [0, 1]).unwrap().to_vec::<i64>().unwrap(), vec![2, 4, 1, 3]);
/// ```
pub fn rot90(m: &Array, k: i64, axes: [isize; 2]) -> Result<Array> {
    const OP: &str = "rot90";
    if m.ndim() < 2 {
        return Err(Error::bad_shape(
            OP,
            "m",
            m.shape(),
            "an array of at least 2 dimensions",
        ));
    }
    let a0 = normalize_axis(OP, axes[0], m.ndim())?;
    let a1 = normalize_axis(OP, axes[1], m.ndim())?;
    if a0 == a1 {
        return Err(Error::bad_argument(
            OP,
            "axes",
            format!("{axes:?}"),
            "two different axes",
        ));
    }
    let mut perm: Vec<isize> = (0..m.ndim() as isize).collect();
    perm.swap(a0, a1);
    match k.rem_euclid(4) {
        0 => Ok(m.clone()),
        1 => flip(m, Some(&[a1 as isize]))?.permute_dims(&perm),
        2 => flip(m, Some(&[a0 as isize, a1 as isize])),
        _ => flip(&m.permute_dims(&perm)?, Some(&[a1 as isize])),
    }
}

/// Swaps the last two axes (`numpy.matrix_transpose`, `ndarray.mT`; a view).
///
/// # Errors
/// [`Error::BadShape`] for fewer than 2 dimensions.
///
/// ```
/// use cuprum_core::{Array, matrix_transpose};
/// let a = Array::from_vec((0..6i64).collect::<Vec<_>>(), &[1, 2, 3]).unwrap();
/// assert_eq!(matrix_transpose(&a).unwrap().shape(), &[1, 3, 2]);
/// ```
pub fn matrix_transpose(x: &Array) -> Result<Array> {
    if x.ndim() < 2 {
        return Err(Error::bad_shape(
            "matrix_transpose",
            "x",
            x.shape(),
            "an array of at least 2 dimensions",
        ));
    }
    x.swapaxes(-1, -2)
}

/// Moves `axis` to before position `start` (`numpy.rollaxis`; a view).
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for `axis` outside `[-ndim, ndim)` or `start` outside
/// `[-ndim, ndim]`.
///
/// ```
/// use cuprum_core::{Array, rollaxis};
/// let a = Array::from_vec(vec![0.0f64; 120], &[3, 4, 5, 2]).unwrap();
/// assert_eq!(rollaxis(&a, 3, 1).unwrap().shape(), &[3, 2, 4, 5]);
/// ```
pub fn rollaxis(a: &Array, axis: isize, start: isize) -> Result<Array> {
    let n = a.ndim() as isize;
    let ax = normalize_axis("rollaxis", axis, a.ndim())? as isize;
    let mut st = if start < 0 { start + n } else { start };
    if !(0..=n).contains(&st) {
        return Err(Error::AxisOutOfBounds {
            op: "rollaxis",
            axis: start,
            ndim: a.ndim() + 1,
        });
    }
    if ax < st {
        st -= 1;
    }
    if ax == st {
        return Ok(a.clone());
    }
    a.moveaxis(&[ax], &[st])
}

/// A Fortran-ordered (column-major) copy of `a`, at least 1-D (`numpy.asfortranarray`; `a`
/// itself when already F-contiguous).
///
/// # Errors
/// Allocation errors.
///
/// ```
/// use cuprum_core::{Array, asfortranarray};
/// let a = Array::from_vec(vec![1i64, 2, 3, 4], &[2, 2]).unwrap();
/// let f = asfortranarray(&a).unwrap();
/// assert!(f.is_f_contiguous());
/// assert_eq!(f.to_vec::<i64>().unwrap(), vec![1, 2, 3, 4]);
/// ```
pub fn asfortranarray(a: &Array) -> Result<Array> {
    let a = atleast_1d(a)?;
    if a.is_f_contiguous() {
        return Ok(a);
    }
    a.transpose()?.copy()?.transpose()
}
