//! `numpy.polynomial.polynomial` and `numpy.polynomial.polyutils` (as `cupy.polynomial`):
//! power series with coefficients in **increasing** degree (`c[0] + c[1] x + ...`), unlike the
//! legacy [`polyval`](crate::polyval) family (highest degree first).
//!
//! Composed of core's ufuncs, reductions and views: each runs on the arrays' device.

use crate::ops::{add, equal, logical_not, multiply, subtract};
use crate::{Array, DType, Error, Result, s};

/// Coefficients as a 1-D array (0-d becomes length 1), integers and bool as float64.
fn series(op: &'static str, c: &Array) -> Result<Array> {
    if c.ndim() > 1 {
        return Err(Error::bad_shape(
            op,
            "c",
            c.shape(),
            "a 1-D coefficient array",
        ));
    }
    series_nd(c)
}

/// Coefficients of any rank (0-d becomes length 1), integers and bool as float64: the
/// series run along the first axis (NumPy's `np.array(c, ndmin=1)`).
fn series_nd(c: &Array) -> Result<Array> {
    let c = if c.ndim() == 0 {
        c.reshape([1usize])?
    } else {
        c.clone()
    };
    if c.dtype().is_float() || c.dtype().is_complex() {
        Ok(c)
    } else {
        c.astype(DType::Float64)
    }
}

/// `c` with `x.ndim()` axes of length 1 appended when `tensor` (NumPy's
/// `c.reshape(c.shape + (1,) * x.ndim)`), so that each coefficient array meets all of `x`.
fn tensor_shape(c: Array, x: &Array, tensor: bool) -> Result<Array> {
    if !tensor || x.ndim() == 0 {
        return Ok(c);
    }
    let mut shape = c.shape().to_vec();
    shape.extend(std::iter::repeat_n(1, x.ndim()));
    c.reshape(shape)
}

/// The index of the last element that `keep` marks, if any.
fn last_true(mask: &Array) -> Result<Option<usize>> {
    let nz = crate::indexing::nonzero(mask)?;
    let idx = nz[0].to_vec::<i64>()?;
    Ok(idx.last().map(|&i| i as usize))
}

/// The value of the power series at `x` (`numpy.polynomial.polynomial.polyval(x, c)`):
/// `c[0] + c[1] x + c[2] x² + ...` by Horner's rule.
///
/// **Shapes/dtypes:** `c`'s first axis holds the coefficients (a 0-d `c` is a constant); an
/// n-d `c` holds several polynomials, each evaluated at every element of `x` (NumPy's default
/// `tensor=True`): the result's shape is `c.shape[1:] + x.shape`; see [`polyval_tensor`]. The
/// dtype is the promoted dtype of `x` and `c` (integer coefficients count as float64).
///
/// # Errors
/// Device mismatch.
///
/// ```
/// use cuprum_core::{Array, polynomial::polyval};
/// let x = Array::from_vec(vec![1i64, 2], [2]).unwrap();
/// let c = Array::from_vec(vec![1i64, 2, 3], [3]).unwrap();
/// assert_eq!(polyval(&x, &c).unwrap().to_vec::<f64>().unwrap(), vec![6.0, 17.0]);
/// ```
pub fn polyval(x: &Array, c: &Array) -> Result<Array> {
    polyval_tensor(x, c, true)
}

/// [`polyval`] with NumPy's `tensor` argument: `true` evaluates every polynomial of an n-d
/// `c` at every element of `x` (shape `c.shape[1:] + x.shape`); `false` broadcasts each
/// coefficient array `c[i]` against `x` (shape: their broadcast).
///
/// # Errors
/// [`Error::Broadcast`] when `tensor` is false and `c.shape[1:]` does not broadcast with `x`;
/// device mismatch.
///
/// ```
/// use cuprum_core::{Array, polynomial::polyval_tensor};
/// // two polynomials, 1 + 2x and 3 + 4x (the columns of c)
/// let c = Array::from_vec(vec![1.0, 3.0, 2.0, 4.0], [2, 2]).unwrap();
/// let x = Array::from_vec(vec![1.0, 2.0], [2]).unwrap();
/// let t = polyval_tensor(&x, &c, true).unwrap();
/// assert_eq!((t.shape(), t.to_vec::<f64>().unwrap()), (&[2, 2][..], vec![3.0, 5.0, 7.0, 11.0]));
/// let b = polyval_tensor(&x, &c, false).unwrap();
/// assert_eq!(b.to_vec::<f64>().unwrap(), vec![3.0, 11.0]);
/// ```
pub fn polyval_tensor(x: &Array, c: &Array, tensor: bool) -> Result<Array> {
    let c = tensor_shape(series_nd(c)?, x, tensor)?;
    let n = c.shape()[0];
    if n == 0 {
        return multiply(x, 0.0);
    }
    let mut r = add(&multiply(x, 0i64)?, &c.slice(s![(n - 1) as isize])?)?;
    for i in (0..n - 1).rev() {
        r = add(&c.slice(s![i as isize])?, &multiply(&r, x)?)?;
    }
    Ok(r)
}

/// The value at `x` of the polynomial with roots `r` (`numpy.polynomial.polynomial.
/// polyvalfromroots(x, r)`): `prod_i (x - r[i])`.
///
/// **Shapes/dtypes:** `r`'s first axis holds the roots; an n-d `r` holds several polynomials,
/// each evaluated at every element of `x` (NumPy's default `tensor=True`): the result's shape
/// is `r.shape[1:] + x.shape`; see [`polyvalfromroots_tensor`]. Integer roots count as
/// float64.
///
/// # Errors
/// Device mismatch.
///
/// ```
/// use cuprum_core::{Array, polynomial::polyvalfromroots};
/// let x = Array::from_vec(vec![1.0f64, 2.0, 3.0, 4.0], [4]).unwrap();
/// let r = Array::from_vec(vec![1.0f64, 2.0], [2]).unwrap();
/// assert_eq!(polyvalfromroots(&x, &r).unwrap().to_vec::<f64>().unwrap(), vec![0.0, 0.0, 2.0, 6.0]);
/// ```
pub fn polyvalfromroots(x: &Array, r: &Array) -> Result<Array> {
    polyvalfromroots_tensor(x, r, true)
}

/// [`polyvalfromroots`] with NumPy's `tensor` argument: `true` evaluates every polynomial of
/// an n-d `r` at every element of `x`; `false` broadcasts each root array `r[i]` against `x`.
///
/// # Errors
/// [`Error::BadShape`] when `tensor` is false and `x.ndim() >= r.ndim()` (NumPy's "x.ndim
/// must be < r.ndim when tensor == False"); [`Error::Broadcast`]; device mismatch.
///
/// ```
/// use cuprum_core::{Array, polynomial::polyvalfromroots_tensor};
/// // roots (1, 3) and (2, -1): the columns of r
/// let r = Array::from_vec(vec![1.0, 2.0, 3.0, -1.0], [2, 2]).unwrap();
/// let x = Array::from_vec(vec![1.5, 2.0], [2]).unwrap();
/// let v = polyvalfromroots_tensor(&x, &r, false).unwrap();
/// assert_eq!(v.to_vec::<f64>().unwrap(), vec![-0.75, 0.0]);
/// ```
pub fn polyvalfromroots_tensor(x: &Array, r: &Array, tensor: bool) -> Result<Array> {
    let op = "polyvalfromroots";
    let r = series_nd(r)?;
    if !tensor && x.ndim() >= r.ndim() {
        return Err(Error::bad_shape(
            op,
            "x",
            x.shape(),
            format!(
                "fewer dimensions than r's {} when tensor is false",
                r.ndim()
            ),
        ));
    }
    let r = tensor_shape(r, x, tensor)?;
    let mut out = add(&multiply(x, 0i64)?, 1i64)?;
    out = out.astype(DType::promote(out.dtype(), r.dtype()))?;
    if r.shape()[0] == 0 {
        let rest = crate::ext::layout::broadcast_shapes(op, &r.shape()[1..], out.shape())?;
        return out.broadcast_to(rest)?.copy();
    }
    for i in 0..r.shape()[0] {
        out = multiply(&out, &subtract(x, &r.slice(s![i as isize])?)?)?;
    }
    Ok(out)
}

/// The Vandermonde matrix of powers `x^0 .. x^deg` in increasing order
/// (`numpy.polynomial.polynomial.polyvander(x, deg)`).
///
/// **Shapes/dtypes:** `x.shape + (deg + 1,)`; integers and bool as float64, floats and
/// complex keep their dtype.
///
/// # Errors
/// Allocation and device errors.
///
/// ```
/// use cuprum_core::{Array, polynomial::polyvander};
/// let x = Array::from_vec(vec![1i64, 2, 3], [3]).unwrap();
/// let v = polyvander(&x, 3).unwrap();
/// assert_eq!(v.shape(), &[3, 4]);
/// assert_eq!(v.to_vec::<f64>().unwrap()[4..8], [1.0, 2.0, 4.0, 8.0]);
/// ```
pub fn polyvander(x: &Array, deg: usize) -> Result<Array> {
    let x = if x.ndim() == 0 {
        x.reshape([1usize])?
    } else {
        x.clone()
    };
    let x = if x.dtype().is_float() || x.dtype().is_complex() {
        x
    } else {
        x.astype(DType::Float64)?
    };
    let mut cols = Vec::with_capacity(deg + 1);
    cols.push(add(&multiply(&x, 0i64)?, 1i64)?);
    for i in 1..=deg {
        let next = multiply(&cols[i - 1], &x)?;
        cols.push(next);
    }
    let refs: Vec<&Array> = cols.iter().collect();
    crate::manip::stack(&refs, -1)
}

/// The companion matrix of the power series `c` (`numpy.polynomial.polynomial.
/// polycompanion(c)`): ones on the subdiagonal, last column `-c[:-1] / c[-1]`; its
/// eigenvalues are the roots. Trailing zeros of `c` are trimmed first.
///
/// **Shapes/dtypes:** `(n, n)` for `n + 1` coefficients (`n >= 1`), the dtype of
/// [`common_type`](crate::common_type).
///
/// # Errors
/// [`Error::BadShape`] for fewer than two coefficients after trimming ("Series must have
/// maximum degree of at least 1") or a `c` that is not 1-D.
///
/// ```
/// use cuprum_core::{Array, polynomial::polycompanion};
/// let c = Array::from_vec(vec![1i64, 2, 3], [3]).unwrap();
/// let m = polycompanion(&c).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(m, vec![0.0, -1.0 / 3.0, 1.0, -2.0 / 3.0]);
/// ```
pub fn polycompanion(c: &Array) -> Result<Array> {
    const OP: &str = "polycompanion";
    let c = trimseq(&series(OP, c)?)?;
    let n1 = c.size();
    if n1 < 2 {
        return Err(Error::bad_shape(
            OP,
            "c",
            &[n1],
            "a series of degree at least 1 (2 or more coefficients after trimming)",
        ));
    }
    let n = n1 - 1;
    let last = c.slice(s![n as isize..])?;
    let col = crate::ops::negative(&crate::ops::divide(&c.slice(s![..n as isize])?, &last)?)?;
    let m = crate::creation::eye_on(n, None, -1, col.dtype(), c.device())?;
    if n == 1 {
        return col.reshape([1usize, 1]);
    }
    let left = m.slice(s![.., ..(n - 1) as isize])?;
    crate::manip::concatenate(&[&left, &col.reshape([n, 1])?], 1)
}

/// The sequence with trailing zeros removed, keeping at least one element
/// (`numpy.polynomial.polyutils.trimseq`).
///
/// # Errors
/// Device errors.
///
/// ```
/// use cuprum_core::{Array, polynomial::trimseq};
/// let c = Array::from_vec(vec![1i64, 2, 0, 0], [4]).unwrap();
/// assert_eq!(trimseq(&c).unwrap().to_vec::<i64>().unwrap(), vec![1, 2]);
/// ```
pub fn trimseq(seq: &Array) -> Result<Array> {
    if seq.size() == 0 {
        return Ok(seq.clone());
    }
    let nonzero = logical_not(&equal(seq, 0i64)?)?;
    let end = last_true(&nonzero)?.unwrap_or(0) + 1;
    seq.slice(s![..end as isize])
}

/// The coefficients with trailing ones of magnitude at most `tol` removed
/// (`numpy.polynomial.polyutils.trimcoef(c, tol)`); `[0]` when none is left.
///
/// **Dtypes:** as `as_series` (integers as float64).
///
/// # Errors
/// [`Error::OutOfDomain`] for a negative `tol` ("tol must be non-negative") or a `c` that is
/// not 1-D.
///
/// ```
/// use cuprum_core::{Array, polynomial::trimcoef};
/// let c = Array::from_vec(vec![0.0f64, 1e-3, 0.0, 1e-5, 0.0], [5]).unwrap();
/// assert_eq!(trimcoef(&c, 0.0).unwrap().to_vec::<f64>().unwrap(), vec![0.0, 1e-3, 0.0, 1e-5]);
/// assert_eq!(trimcoef(&c, 1e-3).unwrap().to_vec::<f64>().unwrap(), vec![0.0]);
/// ```
pub fn trimcoef(c: &Array, tol: f64) -> Result<Array> {
    const OP: &str = "trimcoef";
    if tol < 0.0 {
        return Err(Error::out_of_domain(OP, "tol", tol, "[0, inf)"));
    }
    let c = series(OP, c)?;
    let big = crate::ops::greater(&crate::ops::abs(&c)?, tol)?;
    match last_true(&big)? {
        Some(i) => c.slice(s![..(i + 1) as isize])?.copy(),
        None => multiply(&c.slice(s![..1])?, 0i64),
    }
}

/// The arrays as 1-D coefficient series of one common dtype, each with trailing zeros
/// trimmed when `trim` (`numpy.polynomial.polyutils.as_series`).
///
/// **Dtypes:** [`common_type`](crate::common_type) of the arrays (integers as float64).
///
/// # Errors
/// [`Error::BadShape`] for an empty array ("Coefficient array is empty"), an array of two
/// or more dimensions, or no arrays.
///
/// ```
/// use cuprum_core::{Array, polynomial::as_series};
/// let a = Array::from_vec(vec![1i64, 2, 0], [3]).unwrap();
/// let b = Array::from_vec(vec![3.5f64], [1]).unwrap();
/// let s = as_series(&[&a, &b], true).unwrap();
/// assert_eq!(s[0].to_vec::<f64>().unwrap(), vec![1.0, 2.0]);
/// ```
pub fn as_series(alist: &[&Array], trim: bool) -> Result<Vec<Array>> {
    const OP: &str = "as_series";
    let mut out = Vec::with_capacity(alist.len());
    for a in alist {
        let s = series(OP, a)?;
        if s.size() == 0 {
            return Err(Error::bad_shape(
                OP,
                "alist",
                s.shape(),
                "non-empty coefficient arrays",
            ));
        }
        out.push(s);
    }
    let refs: Vec<&Array> = out.iter().collect();
    let dt = crate::routines::compat::common_type(&refs)?;
    out.into_iter()
        .map(|a| {
            let a = if trim { trimseq(&a)? } else { a };
            a.astype(dt)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ext::test_util::all_devices;

    fn arr(v: &[f64], shape: &[usize], d: crate::Device) -> Array {
        Array::from_vec_on(v.to_vec(), shape, d).unwrap()
    }

    #[test]
    fn n_d_coefficients_and_tensor() {
        for d in all_devices() {
            let c = arr(&[0.0, 1.0, 2.0, 3.0, 4.0, 5.0], &[3, 2], d);
            let x = arr(&[1.0, 2.0, 3.0, 0.5, -1.0, 2.0], &[2, 3], d);
            // numpy.polynomial.polynomial.polyval(x, c): shape (2, 2, 3)
            let v = polyval(&x, &c).unwrap();
            assert_eq!(v.shape(), &[2, 2, 3]);
            let want = [
                6.0, 20.0, 42.0, 2.0, 2.0, 20.0, 9.0, 27.0, 55.0, 3.75, 3.0, 27.0,
            ];
            assert_eq!(v.to_vec::<f64>().unwrap(), want);
            // polyval([1., 2], c, tensor=False)
            let x2 = arr(&[1.0, 2.0], &[2], d);
            let v = polyval_tensor(&x2, &c, false).unwrap();
            assert_eq!(v.to_vec::<f64>().unwrap(), vec![6.0, 27.0]);
            // polyvalfromroots(x, r) with r = [[1, 2], [3, -1]]: shape (2, 2, 3)
            let r = arr(&[1.0, 2.0, 3.0, -1.0], &[2, 2], d);
            let v = polyvalfromroots(&x, &r).unwrap();
            assert_eq!(v.shape(), &[2, 2, 3]);
            let want = [
                0.0, -1.0, 0.0, 1.25, 8.0, -1.0, -2.0, 0.0, 4.0, -2.25, 0.0, 0.0,
            ];
            assert_eq!(v.to_vec::<f64>().unwrap(), want);
            let v = polyvalfromroots_tensor(&arr(&[1.5, 2.0], &[2], d), &r, false).unwrap();
            assert_eq!(v.to_vec::<f64>().unwrap(), vec![-0.75, 0.0]);
            // NumPy: ValueError("x.ndim must be < r.ndim when tensor == False")
            let x2d = arr(&[1.5, 2.0], &[1, 2], d);
            let e = polyvalfromroots_tensor(&x2d, &r, false)
                .unwrap_err()
                .to_string();
            assert!(
                e.contains("polyvalfromroots") && e.contains("tensor"),
                "{e}"
            );
            // integer coefficients count as float64; no roots: ones of r.shape[1:] + x.shape
            let ci = Array::from_vec_on(vec![1i64, 2, 3, 4], [2, 2], d).unwrap();
            assert_eq!(polyval(&x2, &ci).unwrap().dtype(), DType::Float64);
            let none = arr(&[], &[0, 3], d);
            let v = polyvalfromroots(&x2, &none).unwrap();
            assert_eq!(
                (v.shape(), v.to_vec::<f64>().unwrap()),
                (&[3, 2][..], vec![1.0; 6])
            );
        }
    }
}
