//! `numpy.linalg`'s tensor and array-API helpers: [`tensorsolve`], [`tensorinv`],
//! [`matrix_transpose`], [`cross`]. Each is composed of core views and arithmetic and of
//! [`crate::solve`] / [`crate::inv`], so it runs on the input's device.

use crate::error::{LinalgError, Result};
use cuprum_core::{Array, s};

fn prod(op: &'static str, dims: &[usize]) -> Result<usize> {
    dims.iter().try_fold(1usize, |p, &d| {
        p.checked_mul(d).ok_or_else(|| {
            LinalgError::from(cuprum_core::Error::TooBig {
                op,
                shape: dims.to_vec(),
                itemsize: 8,
                bytes: None,
            })
        })
    })
}

/// Solves the tensor equation `tensordot(a, x, axes=x.ndim) = b` for `x`, like
/// `numpy.linalg.tensorsolve(a, b, axes)`.
///
/// **Shapes**: `a` of shape `b.shape + Q` with `prod(Q) == prod(b.shape)` (after moving the
/// axes listed in `axes` to the end, as NumPy) → `x` of shape `Q`.
///
/// # Errors
/// [`LinalgError::Core`] with a shape error when `a`'s leading axes are not `b`'s shape or
/// the system is not square; [`LinalgError::SingularMatrix`] as [`crate::solve`].
///
/// Algorithm: reshape to a `(prod(b.shape), prod(Q))` matrix and [`crate::solve`] (cuSOLVER
/// `getrf`/`getrs` on CUDA, faer LU on the CPU).
///
/// ```
/// use cuprum_core::{Array, Device};
/// // a = eye(6).reshape(6, 2, 3), b = arange(6): x = b.reshape(2, 3)
/// let mut e = vec![0.0f64; 36];
/// for i in 0..6 { e[i * 6 + i] = 1.0; }
/// let a = Array::from_vec_on(e, &[6, 2, 3], Device::Cpu).unwrap();
/// let b = Array::from_vec_on((0..6).map(|i| i as f64).collect(), &[6], Device::Cpu).unwrap();
/// let x = cuprum_linalg::tensorsolve(&a, &b, None).unwrap();
/// assert_eq!(x.shape(), &[2, 3]);
/// assert_eq!(x.to_vec::<f64>().unwrap(), vec![0.0, 1.0, 2.0, 3.0, 4.0, 5.0]);
/// ```
pub fn tensorsolve(a: &Array, b: &Array, axes: Option<&[isize]>) -> Result<Array> {
    let op = "tensorsolve";
    let a = match axes {
        Some(ax) => {
            let nd = a.ndim() as isize;
            let dst: Vec<isize> = (0..ax.len() as isize)
                .map(|i| nd - ax.len() as isize + i)
                .collect();
            a.moveaxis(ax, &dst)?
        }
        None => a.clone(),
    };
    let bnd = b.ndim();
    let bad = || -> LinalgError {
        cuprum_core::Error::ShapeMismatch {
            op,
            lhs: a.shape().to_vec(),
            rhs: b.shape().to_vec(),
            detail: Some("a.shape must be b.shape + Q with prod(Q) == prod(b.shape)".to_string()),
        }
        .into()
    };
    if a.ndim() < bnd || a.shape()[..bnd] != *b.shape() {
        return Err(bad());
    }
    let q = a.shape()[bnd..].to_vec();
    let nq = prod(op, &q)?;
    let nb = prod(op, b.shape())?;
    if nq != nb {
        return Err(bad());
    }
    let am = a.reshape([nb, nq])?;
    let bv = b.reshape([nb])?;
    let x = crate::solve(&am, &bv)?;
    Ok(x.reshape(q)?)
}

/// The inverse of an N-d array with respect to [`cuprum_core::tensordot`], like
/// `numpy.linalg.tensorinv(a, ind)`.
///
/// **Shapes**: `a` of shape `P + Q` with `P = a.shape[..ind]`, `prod(P) == prod(Q)` → shape
/// `Q + P`.
///
/// # Errors
/// [`LinalgError::Core`] (`BadArgument`) when `ind == 0` (NumPy: "Invalid ind argument.") or
/// `ind > a.ndim`; a shape error when `prod(P) != prod(Q)`; [`LinalgError::SingularMatrix`].
///
/// Algorithm: reshape to a square matrix and [`crate::inv`].
///
/// ```
/// use cuprum_core::{Array, Device};
/// let mut e = vec![0.0f64; 16];
/// for i in 0..4 { e[i * 4 + i] = 2.0; }
/// let a = Array::from_vec_on(e, &[4, 2, 2], Device::Cpu).unwrap();
/// let ai = cuprum_linalg::tensorinv(&a, 1).unwrap();
/// assert_eq!(ai.shape(), &[2, 2, 4]);
/// assert_eq!(ai.to_vec::<f64>().unwrap()[0], 0.5);
/// ```
pub fn tensorinv(a: &Array, ind: usize) -> Result<Array> {
    let op = "tensorinv";
    if ind == 0 || ind > a.ndim() {
        return Err(cuprum_core::Error::bad_argument(
            op,
            "ind",
            ind,
            format!("1 to {} (the array's dimensions)", a.ndim()),
        )
        .into());
    }
    let (p, q) = a.shape().split_at(ind);
    let (np, nq) = (prod(op, p)?, prod(op, q)?);
    if np != nq {
        return Err(cuprum_core::Error::ShapeMismatch {
            op,
            lhs: p.to_vec(),
            rhs: q.to_vec(),
            detail: Some("prod(a.shape[:ind]) must equal prod(a.shape[ind:])".to_string()),
        }
        .into());
    }
    let inv = crate::inv(&a.reshape([np, nq])?)?;
    let mut shape = q.to_vec();
    shape.extend_from_slice(p);
    Ok(inv.reshape(shape)?)
}

/// Swaps the last two axes, like `numpy.linalg.matrix_transpose(x)` / `x.mT` (a view).
///
/// **Shapes**: `(..., M, N)` → `(..., N, M)`.
///
/// # Errors
/// [`LinalgError::TooFewDims`] for `ndim < 2` (NumPy: "Input array must be at least
/// 2-dimensional").
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3], Device::Cpu).unwrap();
/// let t = cuprum_linalg::matrix_transpose(&a).unwrap();
/// assert_eq!(t.shape(), &[3, 2]);
/// assert_eq!(t.to_vec::<f64>().unwrap(), vec![1.0, 4.0, 2.0, 5.0, 3.0, 6.0]);
/// ```
pub fn matrix_transpose(x: &Array) -> Result<Array> {
    if x.ndim() < 2 {
        return Err(LinalgError::TooFewDims {
            op: "matrix_transpose",
            ndim: x.ndim(),
            min: 2,
        });
    }
    Ok(x.swapaxes(-1, -2)?)
}

/// The cross product of 3-element vectors along the last axis, like
/// `numpy.linalg.cross(x1, x2)` (the array-API version: 3-vectors only, `axis=-1`).
///
/// **Shapes**: `(..., 3)` and `(..., 3)` broadcast together → `(..., 3)`; the result dtype
/// follows NumPy's promotion of the two inputs.
///
/// # Errors
/// [`LinalgError::Core`] (`BadShape`) when either last axis is not 3 (NumPy: "Both input
/// arrays must be (arrays of) 3-dimensional vectors"); broadcast and device errors.
///
/// Algorithm: `x1[..., [1, 2, 0]] * x2[..., [2, 0, 1]] - x1[..., [2, 0, 1]] * x2[..., [1, 2,
/// 0]]` with core's elementwise ops, on the inputs' device.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 0.0, 0.0], &[3], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![0.0f64, 1.0, 0.0], &[3], Device::Cpu).unwrap();
/// let c = cuprum_linalg::cross(&a, &b).unwrap();
/// assert_eq!(c.to_vec::<f64>().unwrap(), vec![0.0, 0.0, 1.0]);
/// ```
pub fn cross(x1: &Array, x2: &Array) -> Result<Array> {
    let op = "cross";
    for (name, x) in [("x1", x1), ("x2", x2)] {
        if x.ndim() == 0 || x.shape()[x.ndim() - 1] != 3 {
            return Err(cuprum_core::Error::bad_shape(
                op,
                name,
                x.shape(),
                "(arrays of) 3-dimensional vectors",
            )
            .into());
        }
    }
    crate::host::same_device(op, x1, x2)?;
    let comp = |x: &Array, i: isize| x.slice(s![Ellipsis, i..i + 1]);
    let term = |i: isize, j: isize| -> Result<Array> {
        let l = cuprum_core::multiply(&comp(x1, i)?, &comp(x2, j)?)?;
        let r = cuprum_core::multiply(&comp(x1, j)?, &comp(x2, i)?)?;
        Ok(cuprum_core::subtract(&l, &r)?)
    };
    let c0 = term(1, 2)?;
    let c1 = term(2, 0)?;
    let c2 = term(0, 1)?;
    Ok(cuprum_core::concatenate(&[&c0, &c1, &c2], -1)?)
}
