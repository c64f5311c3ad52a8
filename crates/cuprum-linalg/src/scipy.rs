//! The routines of `cupyx.scipy.linalg` / `scipy.linalg`: [`solve_triangular`], [`lu`],
//! [`lu_factor`] and [`lu_solve`].
//!
//! In the `cuprum` facade this module is `cp::linalg::scipy`, the counterpart of
//! `cupyx.scipy.linalg` (the facade may alias it as `cp::scipy::linalg`).
//!
//! Matrices may be stacked: every routine here works on `(..., M, N)` inputs, looping over the
//! leading axes (SciPy ≥ 1.15 batches the same way).

use crate::error::{LinalgError, Result};
use crate::host::{self, Field, Stack, with_field};
use crate::lu::{getf2, ipiv_to_perm};
use cuprum_core::Array;

pub use crate::schur::{SchurOutput, schur};
pub use crate::scipy_ext::{
    Side, block_diag, cho_factor, cho_solve, circulant, expm, hankel, lstsq, null_space, orth,
    pinv, polar, qr, solve_banded, sqrtm, svd, toeplitz,
};
pub use crate::special::{
    DftScale, bandwidth, companion, convolution_matrix, dft, fiedler, fiedler_companion, hadamard,
    helmert, hilbert, khatri_rao, leslie,
};

/// Which system a triangular or LU solve solves, as SciPy's `trans` (0, 1, 2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
#[non_exhaustive]
pub enum Trans {
    /// `a @ x = b` (SciPy `trans=0` / `'N'`)
    #[default]
    N,
    /// `a^T @ x = b` (SciPy `trans=1` / `'T'`)
    T,
    /// `a^H @ x = b` (SciPy `trans=2` / `'C'`)
    C,
}

/// Solves a triangular system in place on C-order data: `mat` is `n x n` (only the chosen
/// triangle is read; a unit diagonal is taken as 1), `b` is `n x k`. Returns the first zero
/// diagonal entry, if any.
fn tri_solve<T: Field>(
    mat: &[T],
    n: usize,
    lower: bool,
    unit: bool,
    b: &mut [T],
    k: usize,
) -> Option<usize> {
    if !unit && let Some(i) = (0..n).find(|&i| mat[i * n + i].abs1_() == 0.0) {
        return Some(i);
    }
    let rows: Box<dyn Iterator<Item = usize>> = if lower {
        Box::new(0..n)
    } else {
        Box::new((0..n).rev())
    };
    for i in rows {
        let js: Box<dyn Iterator<Item = usize>> = if lower {
            Box::new(0..i)
        } else {
            Box::new(i + 1..n)
        };
        for j in js {
            let a = mat[i * n + j];
            for q in 0..k {
                let v = b[j * k + q];
                b[i * k + q] -= a * v;
            }
        }
        if !unit {
            let d = mat[i * n + i];
            for q in 0..k {
                b[i * k + q] /= d;
            }
        }
    }
    None
}

/// `op(mat)` for a C-order `n x n` matrix.
fn transposed<T: Field>(mat: &[T], n: usize, trans: Trans) -> Vec<T> {
    (0..n * n)
        .map(|idx| {
            let (i, j) = (idx / n, idx % n);
            match trans {
                Trans::N => mat[i * n + j],
                Trans::T => mat[j * n + i],
                Trans::C => mat[j * n + i].conj_(),
            }
        })
        .collect()
}

/// Reads the right-hand side `b` for a system of order `n` and batch `abatch`: returns
/// `(data, bbatch, k, vector)`.
fn rhs_shape(
    op: &'static str,
    a: &Array,
    b: &Array,
    n: usize,
) -> Result<(Vec<usize>, usize, bool)> {
    let err = || host::shape_mismatch(op, a, b, None);
    match b.ndim() {
        0 => Err(err()),
        1 => {
            if b.shape()[0] != n {
                return Err(err());
            }
            Ok((Vec::new(), 1, true))
        }
        nd => {
            if b.shape()[nd - 2] != n {
                return Err(err());
            }
            Ok((b.shape()[..nd - 2].to_vec(), b.shape()[nd - 1], false))
        }
    }
}

/// Solves `op(a) @ x = b` for a triangular `a`, like `scipy.linalg.solve_triangular(a, b,
/// trans, lower, unit_diagonal)`.
///
/// **Shapes**: `a (..., N, N)`; `b (N,)` or `(..., N, K)` (batch axes broadcast) → `x` of
/// `b`'s shape (with the broadcast batch). Only the triangle named by `lower` is read; with
/// `unit_diagonal` the diagonal is taken as 1 without being read.
///
/// # Errors
/// Non-square `a`; mismatched `b`; [`LinalgError::SingularMatrix`] naming the zero diagonal
/// entry; [`LinalgError::NonFinite`].
///
/// Algorithm: substitution on the host (cuBLAS `trsm` on CUDA is planned; CUDA arrays
/// currently round-trip through the host).
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_linalg::scipy::{solve_triangular, Trans};
/// let a = Array::from_vec_on(vec![2.0f64, 0.0, 1.0, 1.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![4.0f64, 5.0], &[2], Device::Cpu).unwrap();
/// let x = solve_triangular(&a, &b, Trans::N, true, false).unwrap();
/// assert_eq!(x.to_vec::<f64>().unwrap(), vec![2.0, 3.0]);
/// ```
pub fn solve_triangular(
    a: &Array,
    b: &Array,
    trans: Trans,
    lower: bool,
    unit_diagonal: bool,
) -> Result<Array> {
    let op = "solve_triangular";
    host::same_device(op, a, b)?;
    let (abatch, n) = host::square_shape(op, a.shape())?;
    let (bbatch, k, vector) = rhs_shape(op, a, b, n)?;
    let batch = host::broadcast_batch(op, &abatch, &bbatch)?;
    let dt = host::compute_dtype2(op, a.dtype(), b.dtype())?;
    with_field!(dt, T => {
        let sa = Stack::<T>::read(op, a, false)?;
        // Only the referenced triangle must be finite; check after extracting it.
        solve_batch(op, b, [&batch, &abatch, &bbatch], (n, k, vector), |ai, x: &mut [T]| {
            let m = &sa.data[ai * n * n..(ai + 1) * n * n];
            let tri: Vec<T> = (0..n * n)
                .map(|idx| {
                    let (p, q) = (idx / n, idx % n);
                    let inside = if lower { p >= q } else { p <= q };
                    if inside && !(unit_diagonal && p == q) { m[idx] } else { T::from_f(0.0) }
                })
                .collect();
            host::check_finite(op, &tri)?;
            let mt = transposed(&tri, n, trans);
            let low = lower == (trans == Trans::N);
            Ok(tri_solve(&mt, n, low, unit_diagonal, x, k))
        })
    })
}

/// The solves of a broadcast batch: `b` holds `bbatch` blocks of `(n, k)` right-hand sides,
/// the matrices `abatch`, the result `batch` blocks. `solve(ai, x)` overwrites one block `x`
/// with its solution against matrix `ai` and returns the zero pivot of a singular matrix.
/// The result's shape is `(*batch, n)` when `vector`, else `(*batch, n, k)`.
fn solve_batch<T: Field>(
    op: &'static str,
    b: &Array,
    [batch, abatch, bbatch]: [&[usize]; 3],
    (n, k, vector): (usize, usize, bool),
    mut solve: impl FnMut(usize, &mut [T]) -> Result<Option<usize>>,
) -> Result<Array> {
    let bd = host::read::<T>(b)?;
    host::check_finite(op, &bd)?;
    let count: usize = batch.iter().product();
    let mut out =
        cuprum_core::ext::try_vec_with_capacity(count.saturating_mul(n).saturating_mul(k))?;
    for i in 0..count {
        let ai = host::broadcast_index(batch, abatch, i);
        let bi = host::broadcast_index(batch, bbatch, i);
        let mut x = bd[bi * n * k..(bi + 1) * n * k].to_vec();
        if let Some(p) = solve(ai, &mut x)? {
            return Err(LinalgError::singular(op, p, i, count));
        }
        out.extend(x);
    }
    let mut shape = batch.to_vec();
    shape.push(n);
    if !vector {
        shape.push(k);
    }
    host::write(out, &shape, b.device())
}

/// The LU factorization with partial pivoting `a = P @ L @ U`, like `scipy.linalg.lu(a)`.
///
/// **Shapes**: `a (..., M, N)`, `K = min(M, N)`: `P (..., M, M)` (a permutation matrix in
/// `a`'s compute dtype), `L (..., M, K)` unit lower triangular, `U (..., K, N)` upper
/// triangular. Singular matrices are factored (with zero pivots), as LAPACK `getrf`.
///
/// # Errors
/// `ndim < 2`; [`LinalgError::NonFinite`].
///
/// Algorithm: LAPACK-style unblocked `getf2` on the host, pivoting on `|re| + |im|` like
/// LAPACK, so the pivots match SciPy's.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let (p, l, u) = cuprum_linalg::scipy::lu(&a).unwrap();
/// assert_eq!(p.to_vec::<f64>().unwrap(), vec![0.0, 1.0, 1.0, 0.0]);
/// assert_eq!(u.to_vec::<f64>().unwrap()[0], 3.0);
/// # let _ = l;
/// ```
pub fn lu(a: &Array) -> Result<(Array, Array, Array)> {
    let op = "lu";
    let (batch, m, n) = host::matrix_shape(op, a.shape())?;
    let k = m.min(n);
    let dt = host::compute_dtype(op, a.dtype())?;
    with_field!(dt, T => {
        let mut s = Stack::<T>::read(op, a, true)?;
        let (mut pd, mut ld, mut ud) = (Vec::new(), Vec::new(), Vec::new());
        let (zero, one) = (T::from_f(0.0), T::from_f(1.0));
        for i in 0..s.count() {
            let f = &mut s.data[i * m * n..(i + 1) * m * n];
            let (ipiv, _) = getf2(f, m, n);
            let perm = ipiv_to_perm(&ipiv, m);
            // a = P L U with P[perm[r], r] = 1.
            let mut p = cuprum_core::ext::try_vec_filled(m.saturating_mul(m), zero)?;
            for (r, &src) in perm.iter().enumerate() {
                p[src * m + r] = one;
            }
            pd.extend(p);
            for r in 0..m {
                for c in 0..k {
                    ld.push(if r == c { one } else if r > c { f[r * n + c] } else { zero });
                }
            }
            for r in 0..k {
                for c in 0..n {
                    ud.push(if c >= r { f[r * n + c] } else { zero });
                }
            }
        }
        let shp = |r: usize, c: usize| {
            let mut v = batch.clone();
            v.extend([r, c]);
            v
        };
        let dev = a.device();
        Ok((host::write(pd, &shp(m, m), dev)?, host::write(ld, &shp(m, k), dev)?, host::write(ud, &shp(k, n), dev)?))
    })
}

/// The compact LU factorization, like `scipy.linalg.lu_factor(a)`: `(lu, piv)`.
///
/// **Shapes**: `a (..., M, N)` → `lu (..., M, N)` holding `U` on and above the diagonal and
/// the multipliers of the unit `L` below it; `piv (..., min(M, N))` int32, LAPACK's row
/// interchanges 0-based (row `i` was swapped with row `piv[i]`).
///
/// # Errors
/// `ndim < 2`; [`LinalgError::NonFinite`]. A singular matrix is factored (SciPy warns);
/// [`lu_solve`] reports it.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let (lu, piv) = cuprum_linalg::scipy::lu_factor(&a).unwrap();
/// assert_eq!(piv.to_vec::<i32>().unwrap(), vec![1, 1]);
/// # let _ = lu;
/// ```
pub fn lu_factor(a: &Array) -> Result<(Array, Array)> {
    let op = "lu_factor";
    let (batch, m, n) = host::matrix_shape(op, a.shape())?;
    let k = m.min(n);
    let dt = host::compute_dtype(op, a.dtype())?;
    with_field!(dt, T => {
        let mut s = Stack::<T>::read(op, a, true)?;
        let mut pivs = Vec::new();
        for i in 0..s.count() {
            let (ipiv, _) = getf2(&mut s.data[i * m * n..(i + 1) * m * n], m, n);
            pivs.extend(ipiv.iter().map(|&p| p as i32));
        }
        let mut lshape = batch.clone();
        lshape.extend([m, n]);
        let mut pshape = batch.clone();
        pshape.push(k);
        Ok((host::write(s.data, &lshape, a.device())?, host::write(pivs, &pshape, a.device())?))
    })
}

/// Solves `op(a) @ x = b` from [`lu_factor`]'s output, like
/// `scipy.linalg.lu_solve((lu, piv), b, trans)`.
///
/// **Shapes**: `lu (..., N, N)`, `piv (..., N)` integer, `b (N,)` or `(..., N, K)` → `x` with
/// `b`'s shape (batch axes broadcast).
///
/// # Errors
/// Mismatched shapes; a `piv` entry outside `[i, N)`
/// ([`cuprum_core::Error::IndexOutOfBounds`]); [`LinalgError::SingularMatrix`] for a zero
/// diagonal of `U`; [`LinalgError::NonFinite`].
///
/// Algorithm: row interchanges and two triangular substitutions (LAPACK `getrs`).
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_linalg::scipy::{lu_factor, lu_solve, Trans};
/// let a = Array::from_vec_on(vec![3.0f64, 1.0, 1.0, 2.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![9.0f64, 8.0], &[2], Device::Cpu).unwrap();
/// let (lu, piv) = lu_factor(&a).unwrap();
/// let x = lu_solve(&lu, &piv, &b, Trans::N).unwrap().to_vec::<f64>().unwrap();
/// assert!((x[0] - 2.0).abs() < 1e-12 && (x[1] - 3.0).abs() < 1e-12);
/// ```
pub fn lu_solve(lu: &Array, piv: &Array, b: &Array, trans: Trans) -> Result<Array> {
    let op = "lu_solve";
    host::same_device(op, lu, b)?;
    let (abatch, n) = host::square_shape(op, lu.shape())?;
    let mut pshape = abatch.clone();
    pshape.push(n);
    if piv.shape() != pshape.as_slice() {
        return Err(host::shape_mismatch(op, lu, piv, None));
    }
    let pv: Vec<i64> = host::read_c64(piv)?.iter().map(|z| z.re as i64).collect();
    let (bbatch, k, vector) = rhs_shape(op, lu, b, n)?;
    let batch = host::broadcast_batch(op, &abatch, &bbatch)?;
    let dt = host::compute_dtype2(op, lu.dtype(), b.dtype())?;
    with_field!(dt, T => {
        let sa = Stack::<T>::read(op, lu, true)?;
        solve_batch(op, b, [&batch, &abatch, &bbatch], (n, k, vector), |ai, x: &mut [T]| {
            let f = &sa.data[ai * n * n..(ai + 1) * n * n];
            let mut ipiv = cuprum_core::ext::try_vec_with_capacity(n)?;
            for (r, &p) in pv[ai * n..(ai + 1) * n].iter().enumerate() {
                if p < r as i64 || p >= n as i64 {
                    return Err(cuprum_core::Error::IndexOutOfBounds { op, index: p, axis: r, size: n }.into());
                }
                ipiv.push(p as usize);
            }
            let swap = |x: &mut [T], r: usize, p: usize| {
                if r != p {
                    for q in 0..k {
                        x.swap(r * k + q, p * k + q);
                    }
                }
            };
            Ok(if trans == Trans::N {
                for (r, &p) in ipiv.iter().enumerate() {
                    swap(x, r, p);
                }
                tri_solve(f, n, true, true, x, k);
                tri_solve(f, n, false, false, x, k)
            } else {
                let ft = transposed(f, n, trans);
                // op(U) is lower, op(L) is unit upper.
                let s = tri_solve(&ft, n, true, false, x, k);
                if s.is_none() {
                    tri_solve(&ft, n, false, true, x, k);
                    for (r, &p) in ipiv.iter().enumerate().rev() {
                        swap(x, r, p);
                    }
                }
                s
            })
        })
    })
}
