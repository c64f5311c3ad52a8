//! Building matrices with NumPy's names: `diagflat`, `vander` (`eye`, `tri`, `diag` are in
//! [`crate::creation`] and [`crate::manip`]).

use crate::ops;
use crate::{Array, DType, Error, Result};

/// A 2-D array with the flattened `v` on the `k`-th diagonal (`numpy.diagflat`).
///
/// # Errors
/// As [`diag`](crate::diag).
///
/// ```
/// use cuprum_core::{Array, diagflat};
/// let v = Array::from_vec(vec![1i64, 2], &[1, 2]).unwrap();
/// assert_eq!(diagflat(&v, 1).unwrap().to_vec::<i64>().unwrap(), vec![0, 1, 0, 0, 0, 2, 0, 0, 0]);
/// ```
pub fn diagflat(v: &Array, k: isize) -> Result<Array> {
    crate::manip::diag(&v.ravel()?, k)
}

/// The Vandermonde matrix of 1-D `x` (`numpy.vander`): column `j` is `x**(n-1-j)` (or `x**j`
/// with `increasing`); `n` defaults to `len(x)`.
///
/// **dtypes:** `x`'s dtype promoted with int64 (bool gives int64).
///
/// # Errors
/// [`Error::BadShape`] for `x` not 1-D.
///
/// ```
/// use cuprum_core::{Array, vander};
/// let x = Array::from_vec(vec![1i64, 2, 3], &[3]).unwrap();
/// assert_eq!(vander(&x, None, false).unwrap().to_vec::<i64>().unwrap(), vec![1, 1, 1, 4, 2, 1, 9, 3, 1]);
/// ```
pub fn vander(x: &Array, n: Option<usize>, increasing: bool) -> Result<Array> {
    if x.ndim() != 1 {
        return Err(Error::bad_shape("vander", "x", x.shape(), "a 1-D array"));
    }
    let n = n.unwrap_or(x.size());
    let dt = DType::promote(x.dtype(), DType::Int64);
    let xc = x.astype(dt)?.reshape(&[x.size() as isize, 1][..])?;
    let pw: Vec<i64> = (0..n as i64)
        .map(|j| if increasing { j } else { n as i64 - 1 - j })
        .collect();
    let p = Array::from_vec_on(pw, &[n], x.device())?;
    let r = ops::power(
        &xc,
        &p.astype(if dt.is_integer() { dt } else { DType::Int64 })?,
    )?;
    r.astype(dt)
}
