//! Set routines on 1-D arrays with NumPy's names: `isin`, `in1d`, `intersect1d`, `union1d`,
//! `setdiff1d`, `setxor1d`.
//!
//! Composed of `unique`, `sort`, `searchsorted`, `take` and the comparison ufuncs, so they run
//! on every device. As in NumPy, NaN is never a member (`nan != nan`).

use crate::indexing::{IndexMode, compress, take};
use crate::manip::concatenate;
use crate::ops::{equal, logical_and, logical_not, minimum, not_equal};
use crate::sort::{Side, searchsorted, sort, unique};
use crate::util::{ishape, range};
use crate::{Array, DType, Result};

/// Whether each element of `element` is in `test_elements` (`numpy.isin`).
///
/// **Shapes:** the result (bool) has `element`'s shape; `test_elements` is flattened.
/// Both are compared in their promoted dtype. `invert` negates the result.
///
/// # Errors
/// [`Error::DeviceMismatch`](crate::Error::DeviceMismatch) for arrays on different devices.
///
/// ```
/// use cuprum_core::{Array, isin};
/// let a = Array::from_vec(vec![1i64, 5, 3, 7], &[2, 2]).unwrap();
/// let t = Array::from_vec(vec![3i64, 1], &[2]).unwrap();
/// assert_eq!(isin(&a, &t, false).unwrap().to_vec::<bool>().unwrap(), vec![true, false, true, false]);
/// ```
pub fn isin(element: &Array, test_elements: &Array, invert: bool) -> Result<Array> {
    let dt = DType::promote(element.dtype(), test_elements.dtype());
    let e = element.astype(dt)?.ravel()?;
    let t = sort(&test_elements.astype(dt)?.ravel()?, None)?;
    let found = if t.size() == 0 || e.size() == 0 {
        crate::creation::zeros_on(e.shape(), DType::Bool, e.device())?
    } else {
        let pos = searchsorted(&t, &e, Side::Left, None)?;
        let pos = minimum(&pos, (t.size() - 1) as i64)?;
        equal(&take(&t, &pos, None, IndexMode::Raise)?, &e)?
    };
    let r = if invert { logical_not(&found)? } else { found };
    r.reshape(ishape(element.shape()).as_slice())
}

/// [`isin`] of the flattened `ar1` (`numpy.in1d`, deprecated in NumPy 2 but still listed).
///
/// **Shapes:** 1-D bool of `ar1.size()` elements.
///
/// # Errors
/// As [`isin`].
///
/// ```
/// use cuprum_core::{Array, in1d};
/// let a = Array::from_vec(vec![0i32, 1, 2], &[3]).unwrap();
/// let b = Array::from_vec(vec![2i32], &[1]).unwrap();
/// assert_eq!(in1d(&a, &b, true).unwrap().to_vec::<bool>().unwrap(), vec![true, true, false]);
/// ```
pub fn in1d(ar1: &Array, ar2: &Array, invert: bool) -> Result<Array> {
    isin(&ar1.ravel()?, ar2, invert)
}

/// The sorted unique values in both `ar1` and `ar2` (`numpy.intersect1d`).
///
/// **Shapes:** 1-D; inputs are flattened; the dtype is the promoted one.
///
/// # Errors
/// As [`isin`].
///
/// ```
/// use cuprum_core::{Array, intersect1d};
/// let a = Array::from_vec(vec![1i64, 3, 4, 3], &[4]).unwrap();
/// let b = Array::from_vec(vec![3i64, 1, 2, 1], &[4]).unwrap();
/// assert_eq!(intersect1d(&a, &b).unwrap().to_vec::<i64>().unwrap(), vec![1, 3]);
/// ```
pub fn intersect1d(ar1: &Array, ar2: &Array) -> Result<Array> {
    let dt = DType::promote(ar1.dtype(), ar2.dtype());
    let u = unique(&ar1.astype(dt)?)?;
    let m = isin(&u, ar2, false)?;
    compress(&m, &u, None)
}

/// The sorted unique values in either array (`numpy.union1d`).
///
/// **Shapes:** 1-D; inputs are flattened; the dtype is the promoted one.
///
/// # Errors
/// As [`isin`].
///
/// ```
/// use cuprum_core::{Array, union1d};
/// let a = Array::from_vec(vec![-1i64, 0, 1], &[3]).unwrap();
/// let b = Array::from_vec(vec![-2i64, 0, 2], &[3]).unwrap();
/// assert_eq!(union1d(&a, &b).unwrap().to_vec::<i64>().unwrap(), vec![-2, -1, 0, 1, 2]);
/// ```
pub fn union1d(ar1: &Array, ar2: &Array) -> Result<Array> {
    unique(&concatenate(&[&ar1.ravel()?, &ar2.ravel()?], 0)?)
}

/// The sorted unique values of `ar1` that are not in `ar2` (`numpy.setdiff1d`).
///
/// **Shapes:** 1-D, `ar1`'s dtype.
///
/// # Errors
/// As [`isin`].
///
/// ```
/// use cuprum_core::{Array, setdiff1d};
/// let a = Array::from_vec(vec![1i64, 2, 3, 2, 4, 1], &[6]).unwrap();
/// let b = Array::from_vec(vec![3i64, 4, 5, 6], &[4]).unwrap();
/// assert_eq!(setdiff1d(&a, &b).unwrap().to_vec::<i64>().unwrap(), vec![1, 2]);
/// ```
pub fn setdiff1d(ar1: &Array, ar2: &Array) -> Result<Array> {
    let u = unique(ar1)?;
    let m = isin(&u, ar2, true)?;
    compress(&m, &u, None)
}

/// The sorted unique values in exactly one of the arrays (`numpy.setxor1d`).
///
/// **Shapes:** 1-D, the promoted dtype.
///
/// # Errors
/// As [`isin`].
///
/// ```
/// use cuprum_core::{Array, setxor1d};
/// let a = Array::from_vec(vec![1i64, 2, 3, 2, 4], &[5]).unwrap();
/// let b = Array::from_vec(vec![2i64, 3, 5, 7, 5], &[5]).unwrap();
/// assert_eq!(setxor1d(&a, &b).unwrap().to_vec::<i64>().unwrap(), vec![1, 4, 5, 7]);
/// ```
pub fn setxor1d(ar1: &Array, ar2: &Array) -> Result<Array> {
    let dt = DType::promote(ar1.dtype(), ar2.dtype());
    let ua = unique(&ar1.astype(dt)?)?;
    let ub = unique(&ar2.astype(dt)?)?;
    let aux = sort(&concatenate(&[&ua, &ub], 0)?, None)?;
    let n = aux.size();
    if n <= 1 {
        return Ok(aux);
    }
    // flag[i]: aux[i] differs from its left neighbour (true before the first); an element is
    // kept when it differs from both neighbours
    let inner = not_equal(
        &aux.slice(&[range(Some(1), None)])?,
        &aux.slice(&[range(None, Some(-1))])?,
    )?;
    let t = Array::from_vec_on(vec![true], &[1], aux.device())?;
    let flag = concatenate(&[&t, &inner, &t], 0)?;
    let keep = logical_and(
        &flag.slice(&[range(Some(1), None)])?,
        &flag.slice(&[range(None, Some(-1))])?,
    )?;
    compress(&keep, &aux, None)
}
