//! More of `cupyx.scipy.linalg` / `scipy.linalg`: decompositions under SciPy's names and
//! signatures ([`svd`], [`qr`], [`lstsq`], [`pinv`], [`null_space`], [`orth`], [`polar`],
//! [`cho_factor`]/[`cho_solve`], [`solve_banded`]), matrix functions ([`expm`], [`sqrtm`]) and
//! special matrices ([`toeplitz`], [`circulant`], [`hankel`], [`block_diag`]).
//!
//! Each is composed of core array operations (views, `take`, elementwise arithmetic, `matmul`)
//! and of this crate's factorizations, so it runs on the input's device with the backend of
//! each step (cuBLAS/cuSOLVER on CUDA, faer on the CPU); the steps that go through the host on
//! CUDA are the ones the composed routine documents (`eig` in [`sqrtm`], the triangular solves
//! in [`cho_solve`]).

use crate::error::{LinalgError, Result};
use crate::scipy::Trans;
use crate::{Lstsq, Qr, QrMode, Svd, Uplo};
use cuprum_core::{Array, DType, Device, IndexMode, s};

fn shape_err(op: &'static str, a: &Array, b: &Array, detail: &str) -> LinalgError {
    crate::host::shape_mismatch(op, a, b, Some(detail.to_string()))
}

fn need_2d(op: &'static str, a: &Array) -> Result<(usize, usize)> {
    if a.ndim() != 2 {
        return Err(cuprum_core::Error::bad_shape(op, "a", a.shape(), "a 2-D array").into());
    }
    Ok((a.shape()[0], a.shape()[1]))
}

/// The machine epsilon of a (real) result dtype: float32's for float32/complex64, float64's
/// otherwise.
fn eps_of(dt: DType) -> f64 {
    match dt {
        DType::Float32 | DType::Complex64 => f32::EPSILON as f64,
        _ => f64::EPSILON,
    }
}

/// The values of a small real array on the host, as float64.
fn host_f64(a: &Array) -> Result<Vec<f64>> {
    Ok(a.astype(DType::Float64)?.to_vec::<f64>()?)
}

/// The conjugate transpose of the last two axes (a copy for complex dtypes, a view otherwise).
fn adjoint(a: &Array) -> Result<Array> {
    let t = a.swapaxes(-1, -2)?;
    if a.dtype().is_complex() {
        Ok(cuprum_core::conj(&t)?)
    } else {
        Ok(t)
    }
}

/// `scipy.linalg.svd(a, full_matrices, compute_uv)`: the same decomposition as
/// [`crate::svd`] (`U`, `s`, `Vh`), under SciPy's name.
///
/// **Shapes**: `a (..., M, N)` → `u (..., M, M)` (or `(..., M, K)`), `s (..., K)`, `vh (..., N,
/// N)` (or `(..., K, N)`), `K = min(M, N)`.
///
/// # Errors
/// As [`crate::svd`].
///
/// Algorithm: cuSOLVER `gesvdj` on CUDA, faer on the CPU (SciPy's `lapack_driver` has no
/// counterpart).
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![0.0f64, 2.0, 1.0, 0.0], &[2, 2], Device::Cpu).unwrap();
/// let r = cuprum_linalg::scipy::svd(&a, true, true).unwrap();
/// assert_eq!(r.s.to_vec::<f64>().unwrap(), vec![2.0, 1.0]);
/// ```
pub fn svd(a: &Array, full_matrices: bool, compute_uv: bool) -> Result<Svd> {
    crate::svd(a, full_matrices, compute_uv)
}

/// `scipy.linalg.qr(a, mode)`: `Q` and `R` with SciPy's modes: `'full'` (SciPy's default) is
/// [`QrMode::Complete`], `'economic'` is [`QrMode::Reduced`], `'r'` is [`QrMode::R`].
///
/// **Shapes**: `a (..., M, N)` → `q (..., M, M)`/`(..., M, K)`, `r (..., M, N)`/`(..., K, N)`.
///
/// # Errors
/// As [`crate::qr`].
///
/// Algorithm: Householder QR (cuSOLVER `geqrf` + `orgqr` on CUDA, faer on the CPU).
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_linalg::QrMode;
/// let a = Array::from_vec_on(vec![3.0f64, 1.0, 4.0, 2.0, 0.0, 5.0], &[3, 2], Device::Cpu).unwrap();
/// let f = cuprum_linalg::scipy::qr(&a, QrMode::Complete).unwrap();
/// assert_eq!(f.q.unwrap().shape(), &[3, 3]);
/// assert_eq!(f.r.shape(), &[3, 2]);
/// ```
pub fn qr(a: &Array, mode: QrMode) -> Result<Qr> {
    crate::qr(a, mode)
}

/// `scipy.linalg.lstsq(a, b, cond)`: the minimum-norm least-squares solution with SciPy's
/// 4-tuple `(x, residues, rank, s)`; singular values below `cond · max(s)` count as zero
/// (`None`: `eps · max(M, N)`).
///
/// **Shapes**: `a (M, N)`, `b (M,)` or `(M, K)` → see [`Lstsq`].
///
/// # Errors
/// As [`crate::lstsq`].
///
/// Algorithm: SVD (LAPACK `gelsd`'s method; SciPy's default driver).
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 1.0, 1.0, 2.0, 1.0, 3.0], &[3, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let r = cuprum_linalg::scipy::lstsq(&a, &b, None).unwrap();
/// let x = r.x.to_vec::<f64>().unwrap();
/// assert!(x[0].abs() < 1e-12 && (x[1] - 1.0).abs() < 1e-12);
/// ```
pub fn lstsq(a: &Array, b: &Array, cond: Option<f64>) -> Result<Lstsq> {
    crate::lstsq(a, b, cond)
}

/// The singular value decomposition with the rank cut at `atol + rtol · max(s)` (SciPy's rule);
/// returns `(u, s, vh, rank)` of the thin or full SVD.
fn svd_rank(
    op: &'static str,
    a: &Array,
    full: bool,
    atol: f64,
    rtol: f64,
) -> Result<(Array, Array, Array, usize)> {
    let (m, n) = need_2d(op, a)?;
    let Svd { u, s, vh } = crate::svd(a, full, true)?;
    let (u, vh) = match (u, vh) {
        (Some(u), Some(vh)) => (u, vh),
        _ => unreachable!("svd with compute_uv=true returns u and vh"),
    };
    let sv = host_f64(&s)?;
    let smax = sv.iter().cloned().fold(0.0, f64::max);
    let rtol = if rtol.is_nan() {
        eps_of(s.dtype()) * m.max(n) as f64
    } else {
        rtol
    };
    let tol = atol + rtol * smax;
    let rank = sv.iter().filter(|&&x| x > tol).count();
    Ok((u, s, vh, rank))
}

/// The Moore–Penrose pseudo-inverse, like `scipy.linalg.pinv(a, atol=None, rtol=None)`.
///
/// Singular values at or below `atol + rtol · max(s)` are dropped; `atol` defaults to 0 and
/// `rtol` to `max(M, N) · eps` (SciPy's defaults).
///
/// **Shapes**: `a (M, N)` → `(N, M)`.
///
/// # Errors
/// `a` not 2-D ([`LinalgError::Core`] `BadShape`); a negative `atol`/`rtol`; as
/// [`crate::svd`].
///
/// Algorithm: thin SVD, `(u[:, :r] / s[:r]) @ vh[:r]`, conjugate-transposed, on `a`'s device.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 2.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let p = cuprum_linalg::scipy::pinv(&a, None, None).unwrap().to_vec::<f64>().unwrap();
/// // rank 1: pinv = a.T / 25
/// assert!((p[0] - 0.04).abs() < 1e-12 && (p[1] - 0.08).abs() < 1e-12);
/// ```
pub fn pinv(a: &Array, atol: Option<f64>, rtol: Option<f64>) -> Result<Array> {
    let op = "pinv";
    let (atol, rtol) = match (atol, rtol) {
        (None, None) => (0.0, f64::NAN),
        (Some(at), None) => (at, if at > 0.0 { 0.0 } else { f64::NAN }),
        (at, Some(rt)) => (at.unwrap_or(0.0), rt),
    };
    if atol < 0.0 || rtol < 0.0 {
        return Err(if atol < 0.0 {
            cuprum_core::Error::out_of_domain(op, "atol", atol, "[0, inf)")
        } else {
            cuprum_core::Error::out_of_domain(op, "rtol", rtol, "[0, inf)")
        }
        .into());
    }
    let (m, n) = need_2d(op, a)?;
    let (u, s, vh, rank) = svd_rank(op, a, false, atol, rtol)?;
    if rank == 0 {
        return Ok(cuprum_core::zeros_on([n, m], u.dtype(), a.device())?);
    }
    let r = rank as isize;
    let us = cuprum_core::divide(&u.slice(s![.., ..r])?, &s.slice(s![..r])?)?;
    let b = cuprum_core::matmul(&us, &vh.slice(s![..r, ..])?)?;
    adjoint(&b)
}

/// An orthonormal basis of the null space of `a`, like `scipy.linalg.null_space(a, rcond)`.
///
/// **Shapes**: `a (M, N)` → `(N, N - r)`, `r` the number of singular values above
/// `rcond · max(s)` (`rcond = None`: `eps · max(M, N)`).
///
/// # Errors
/// `a` not 2-D; as [`crate::svd`].
///
/// Algorithm: full SVD; the conjugated rows `r..` of `vh`, transposed.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 1.0, 1.0, 1.0], &[2, 2], Device::Cpu).unwrap();
/// let z = cuprum_linalg::scipy::null_space(&a, None).unwrap();
/// assert_eq!(z.shape(), &[2, 1]);
/// let v = z.to_vec::<f64>().unwrap();
/// assert!((v[0] + v[1]).abs() < 1e-12);
/// ```
pub fn null_space(a: &Array, rcond: Option<f64>) -> Result<Array> {
    let (_, rcond) = (0.0, rcond.unwrap_or(f64::NAN));
    let (_, _, vh, rank) = svd_rank("null_space", a, true, 0.0, rcond)?;
    adjoint(&vh.slice(s![rank as isize.., ..])?)
}

/// An orthonormal basis of the range of `a`, like `scipy.linalg.orth(a, rcond)`.
///
/// **Shapes**: `a (M, N)` → `(M, r)`, `r` as in [`null_space`].
///
/// # Errors
/// `a` not 2-D; as [`crate::svd`].
///
/// Algorithm: thin SVD; the first `r` columns of `u`.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 1.0, 1.0, 1.0], &[2, 2], Device::Cpu).unwrap();
/// let q = cuprum_linalg::scipy::orth(&a, None).unwrap();
/// assert_eq!(q.shape(), &[2, 1]);
/// ```
pub fn orth(a: &Array, rcond: Option<f64>) -> Result<Array> {
    let (u, _, _, rank) = svd_rank("orth", a, false, 0.0, rcond.unwrap_or(f64::NAN))?;
    Ok(u.slice(s![.., ..rank as isize])?.copy()?)
}

/// Which side [`polar`] puts the positive semi-definite factor on (SciPy's `side`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Side {
    /// `a = u @ p` (SciPy's default `'right'`)
    #[default]
    Right,
    /// `a = p @ u` (`'left'`)
    Left,
}

/// The polar decomposition, like `scipy.linalg.polar(a, side)`: `(u, p)` with `u` having
/// orthonormal columns (rows when `M < N`) and `p` Hermitian positive semi-definite.
///
/// **Shapes**: `a (M, N)` → `u (M, N)`, `p (N, N)` (right) or `(M, M)` (left).
///
/// # Errors
/// `a` not 2-D; as [`crate::svd`].
///
/// Algorithm: thin SVD `a = W S Vh`: `u = W @ Vh`, `p = Vh^H S Vh` (right) or `W S W^H`
/// (left), on `a`'s device.
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_linalg::scipy::{polar, Side};
/// let a = Array::from_vec_on(vec![2.0f64, 0.0, 0.0, -3.0], &[2, 2], Device::Cpu).unwrap();
/// let (u, p) = polar(&a, Side::Right).unwrap();
/// let (u, p) = (u.to_vec::<f64>().unwrap(), p.to_vec::<f64>().unwrap());
/// assert!((u[0] - 1.0).abs() < 1e-12 && (u[3] + 1.0).abs() < 1e-12);
/// assert!((p[0] - 2.0).abs() < 1e-12 && (p[3] - 3.0).abs() < 1e-12);
/// ```
pub fn polar(a: &Array, side: Side) -> Result<(Array, Array)> {
    need_2d("polar", a)?;
    let Svd { u: w, s, vh } = crate::svd(a, false, true)?;
    let (w, vh) = match (w, vh) {
        (Some(w), Some(vh)) => (w, vh),
        _ => unreachable!("svd with compute_uv=true returns u and vh"),
    };
    let u = cuprum_core::matmul(&w, &vh)?;
    let p = match side {
        Side::Right => cuprum_core::matmul(&cuprum_core::multiply(&adjoint(&vh)?, &s)?, &vh)?,
        Side::Left => cuprum_core::matmul(&cuprum_core::multiply(&w, &s)?, &adjoint(&w)?)?,
    };
    Ok((u, p))
}

/// The Cholesky factor in SciPy's `cho_factor` form: `(c, lower)` to pass to [`cho_solve`].
///
/// **Shapes**: `a (..., M, M)` Hermitian positive definite → `c (..., M, M)`: the lower factor
/// `L` (`lower = true`) or the upper factor `U = L^H` (SciPy's default `lower = false`). SciPy
/// leaves arbitrary values in the other triangle; here it is zero.
///
/// # Errors
/// As [`crate::cholesky`] ([`LinalgError::NotPositiveDefinite`], ...).
///
/// Algorithm: cuSOLVER `potrf` on CUDA, faer on the CPU.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![4.0f64, 2.0, 2.0, 5.0], &[2, 2], Device::Cpu).unwrap();
/// let (c, lower) = cuprum_linalg::scipy::cho_factor(&a, false).unwrap();
/// assert!(!lower);
/// assert_eq!(c.to_vec::<f64>().unwrap(), vec![2.0, 1.0, 0.0, 2.0]);
/// ```
pub fn cho_factor(a: &Array, lower: bool) -> Result<(Array, bool)> {
    let uplo = if lower { Uplo::Lower } else { Uplo::Upper };
    Ok((crate::cholesky(a, uplo)?, lower))
}

/// Solves `a @ x = b` given [`cho_factor`]'s `(c, lower)`, like `scipy.linalg.cho_solve((c,
/// lower), b)`.
///
/// **Shapes**: `c (..., M, M)`, `b (M,)` or `(..., M, K)` → `x` of `b`'s shape.
///
/// # Errors
/// As [`crate::scipy::solve_triangular`] (a zero diagonal is
/// [`LinalgError::SingularMatrix`]; mismatched shapes).
///
/// Algorithm: two triangular solves, `L y = b`, `L^H x = y` (host substitution; CUDA arrays go
/// through the host, as [`crate::scipy::solve_triangular`]).
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_linalg::scipy::{cho_factor, cho_solve};
/// let a = Array::from_vec_on(vec![4.0f64, 2.0, 2.0, 5.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![6.0f64, 7.0], &[2], Device::Cpu).unwrap();
/// let x = cho_solve(&cho_factor(&a, true).unwrap(), &b).unwrap().to_vec::<f64>().unwrap();
/// assert!((x[0] - 1.0).abs() < 1e-12 && (x[1] - 1.0).abs() < 1e-12);
/// ```
pub fn cho_solve(c_and_lower: &(Array, bool), b: &Array) -> Result<Array> {
    let (c, lower) = c_and_lower;
    use crate::scipy::solve_triangular as st;
    if *lower {
        let y = st(c, b, Trans::N, true, false)?;
        st(c, &y, Trans::C, true, false)
    } else {
        let y = st(c, b, Trans::C, false, false)?;
        st(c, &y, Trans::N, false, false)
    }
}

/// Flat gather indices for a dense matrix built from a vector of values: `idx[i][j]` into
/// `vals`, or `sentinel` for a zero.
fn gather(vals: &Array, idx: Vec<i64>, shape: [usize; 2]) -> Result<Array> {
    let ix = Array::from_vec_on(idx, &shape, vals.device())?;
    Ok(cuprum_core::take(vals, &ix, None, IndexMode::Raise)?)
}

/// Solves `a @ x = b` for a banded `a` given in LAPACK's band storage, like
/// `scipy.linalg.solve_banded((l, u), ab, b)`.
///
/// **Shapes**: `ab (l + u + 1, M)` with `ab[u + i - j, j] = a[i, j]`; `b (M,)` or `(M, K)` →
/// `x` of `b`'s shape.
///
/// # Errors
/// `ab` not 2-D or its row count not `l + u + 1` (SciPy: "invalid values for the number of
/// lower and upper diagonals"); `b`'s rows not `M`; [`LinalgError::SingularMatrix`].
///
/// Algorithm: the dense matrix is gathered from `ab` on its device (`take`), then
/// [`crate::solve`] (LU: cuSOLVER `getrf`/`getrs` on CUDA, faer on the CPU). `O(M³)`, not
/// LAPACK `gbsv`'s `O(M (l+u)²)`: meant for moderate `M`.
///
/// ```
/// use cuprum_core::{Array, Device};
/// // a = [[2, 1, 0], [1, 2, 1], [0, 1, 2]]: l = u = 1
/// let ab = Array::from_vec_on(vec![0.0f64, 1.0, 1.0, 2.0, 2.0, 2.0, 1.0, 1.0, 0.0], &[3, 3],
///     Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![3.0f64, 4.0, 3.0], &[3], Device::Cpu).unwrap();
/// let x = cuprum_linalg::scipy::solve_banded((1, 1), &ab, &b).unwrap().to_vec::<f64>().unwrap();
/// assert!(x.iter().all(|v| (v - 1.0).abs() < 1e-12));
/// ```
pub fn solve_banded(l_and_u: (usize, usize), ab: &Array, b: &Array) -> Result<Array> {
    let op = "solve_banded";
    let (l, u) = l_and_u;
    let (rows, m) = need_2d(op, ab)?;
    if l.checked_add(u).and_then(|x| x.checked_add(1)) != Some(rows) {
        return Err(cuprum_core::Error::bad_argument(
            op,
            "l_and_u",
            format!("({l}, {u})"),
            format!("l + u + 1 = ab.shape[0] = {rows}"),
        )
        .into());
    }
    if b.ndim() == 0 || b.shape()[0] != m {
        return Err(shape_err(
            op,
            ab,
            b,
            "shapes of ab and b are not compatible",
        ));
    }
    crate::host::same_device(op, ab, b)?;
    let mm = m.checked_mul(m).ok_or_else(|| {
        LinalgError::from(cuprum_core::Error::TooBig {
            op,
            shape: vec![m, m],
            itemsize: 8,
            bytes: None,
        })
    })?;
    let zero = cuprum_core::zeros_on([1], ab.dtype(), ab.device())?;
    let flat = cuprum_core::concatenate(&[&ab.reshape([rows * m])?, &zero], 0)?;
    let sentinel = (rows * m) as i64;
    let mut idx = cuprum_core::ext::try_vec_filled(mm, sentinel)?;
    for j in 0..m {
        let lo = j.saturating_sub(u);
        let hi = (j + l).min(m - 1);
        for i in lo..=hi {
            idx[i * m + j] = ((u + i - j) * m + j) as i64;
        }
    }
    let a = gather(&flat, idx, [m, m])?;
    crate::solve(&a, b)
}

/// The values of a 1-D (or flattened) argument.
fn ravel(a: &Array) -> Result<Array> {
    Ok(a.reshape([a.size()])?)
}

/// A Toeplitz matrix with first column `c` and first row `r`, like `scipy.linalg.toeplitz(c,
/// r)`; `r = None` gives the Hermitian Toeplitz matrix (`r = conj(c)`). `r[0]` is ignored.
///
/// **Shapes**: `c` and `r` are flattened: `(len(c), len(r))`, the dtype NumPy's promotion of
/// the two.
///
/// # Errors
/// Device mismatch; allocation errors.
///
/// Algorithm: `take` from `concatenate(c[::-1], r[1:])` on the inputs' device.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let c = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let r = Array::from_vec_on(vec![1.0f64, 4.0], &[2], Device::Cpu).unwrap();
/// let t = cuprum_linalg::scipy::toeplitz(&c, Some(&r)).unwrap();
/// assert_eq!(t.to_vec::<f64>().unwrap(), vec![1.0, 4.0, 2.0, 1.0, 3.0, 2.0]);
/// ```
pub fn toeplitz(c: &Array, r: Option<&Array>) -> Result<Array> {
    let op = "toeplitz";
    let c = ravel(c)?;
    let r = match r {
        Some(r) => {
            crate::host::same_device(op, &c, r)?;
            ravel(r)?
        }
        None => cuprum_core::conj(&c)?,
    };
    let (nc, nr) = (c.size(), r.size());
    if nc == 0 || nr == 0 {
        let dt = DType::promote(c.dtype(), r.dtype());
        return Ok(cuprum_core::zeros_on([nc, nr], dt, c.device())?);
    }
    let vals = cuprum_core::concatenate(&[&cuprum_core::flip(&c, None)?, &r.slice(s![1..])?], 0)?;
    let idx = (0..nc * nr)
        .map(|k| ((nc - 1 - k / nr) + k % nr) as i64)
        .collect();
    gather(&vals, idx, [nc, nr])
}

/// A circulant matrix with first column `c`, like `scipy.linalg.circulant(c)`:
/// `out[i, j] = c[(i - j) mod n]`.
///
/// **Shapes**: `c` flattened, length `n` → `(n, n)` of `c`'s dtype.
///
/// # Errors
/// Allocation errors.
///
/// Algorithm: `take` on `c`'s device.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let c = Array::from_vec_on(vec![1i64, 2, 3], &[3], Device::Cpu).unwrap();
/// let m = cuprum_linalg::scipy::circulant(&c).unwrap();
/// assert_eq!(m.to_vec::<i64>().unwrap(), vec![1, 3, 2, 2, 1, 3, 3, 2, 1]);
/// ```
pub fn circulant(c: &Array) -> Result<Array> {
    let c = ravel(c)?;
    let n = c.size();
    let idx = (0..n * n)
        .map(|k| ((k / n + n - k % n) % n) as i64)
        .collect();
    gather(&c, idx, [n, n])
}

/// A Hankel matrix with first column `c` and last row `r`, like `scipy.linalg.hankel(c, r)`:
/// `out[i, j] = concatenate(c, r[1:])[i + j]`; `r = None` is zeros (`r[0]` is ignored).
///
/// **Shapes**: `c`, `r` flattened → `(len(c), len(r))` (`r = None`: `(len(c), len(c))`).
///
/// # Errors
/// Device mismatch; allocation errors.
///
/// Algorithm: `take` on the inputs' device.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let c = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let h = cuprum_linalg::scipy::hankel(&c, None).unwrap();
/// assert_eq!(h.to_vec::<f64>().unwrap(), vec![1.0, 2.0, 3.0, 2.0, 3.0, 0.0, 3.0, 0.0, 0.0]);
/// ```
pub fn hankel(c: &Array, r: Option<&Array>) -> Result<Array> {
    let op = "hankel";
    let c = ravel(c)?;
    let r = match r {
        Some(r) => {
            crate::host::same_device(op, &c, r)?;
            ravel(r)?
        }
        None => cuprum_core::zeros_on([c.size()], c.dtype(), c.device())?,
    };
    let (nc, nr) = (c.size(), r.size());
    if nc == 0 || nr == 0 {
        let dt = DType::promote(c.dtype(), r.dtype());
        return Ok(cuprum_core::zeros_on([nc, nr], dt, c.device())?);
    }
    let vals = cuprum_core::concatenate(&[&c, &r.slice(s![1..])?], 0)?;
    let idx = (0..nc * nr).map(|k| (k / nr + k % nr) as i64).collect();
    gather(&vals, idx, [nc, nr])
}

/// A block-diagonal matrix of the given arrays, like `scipy.linalg.block_diag(*arrs)`.
///
/// **Shapes**: each array 0-D (a `1 × 1` block), 1-D (a `1 × n` row) or 2-D → `(Σ rows, Σ
/// cols)`, the dtype NumPy's promotion of all of them; no arrays gives a `(1, 0)` float64
/// array (SciPy's). On the first array's device.
///
/// # Errors
/// An array with more than 2 dimensions (SciPy: "arguments in the following positions have
/// dimension greater than 2"); arrays on different devices.
///
/// Algorithm: zeros, then each block assigned into its slice.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![5.0f64], &[1], Device::Cpu).unwrap();
/// let m = cuprum_linalg::scipy::block_diag(&[&a, &b]).unwrap();
/// assert_eq!(m.shape(), &[3, 3]);
/// assert_eq!(m.to_vec::<f64>().unwrap(), vec![1.0, 2.0, 0.0, 3.0, 4.0, 0.0, 0.0, 0.0, 5.0]);
/// ```
pub fn block_diag(arrs: &[&Array]) -> Result<Array> {
    let op = "block_diag";
    let Some(first) = arrs.first() else {
        return Ok(cuprum_core::zeros_on([1, 0], DType::Float64, Device::Cpu)?);
    };
    let bad: Vec<usize> = (0..arrs.len()).filter(|&i| arrs[i].ndim() > 2).collect();
    if !bad.is_empty() {
        return Err(cuprum_core::Error::bad_shape(
            op,
            "arrs",
            arrs[bad[0]].shape(),
            format!("arrays of at most 2 dimensions (positions {bad:?} have more)"),
        )
        .into());
    }
    let mut blocks = Vec::with_capacity(arrs.len());
    let mut dt = first.dtype();
    for a in arrs {
        crate::host::same_device(op, first, a)?;
        let b = match a.ndim() {
            0 => a.reshape([1, 1])?,
            1 => a.reshape([1, a.size()])?,
            _ => (*a).clone(),
        };
        dt = DType::promote(dt, a.dtype());
        blocks.push(b);
    }
    let rows: usize = blocks.iter().map(|b| b.shape()[0]).sum();
    let cols: usize = blocks.iter().map(|b| b.shape()[1]).sum();
    let out = cuprum_core::zeros_on([rows, cols], dt, first.device())?;
    let (mut r, mut c) = (0isize, 0isize);
    for b in &blocks {
        let (h, w) = (b.shape()[0] as isize, b.shape()[1] as isize);
        if h > 0 && w > 0 {
            out.slice(s![r..r + h, c..c + w])?.assign(b)?;
        }
        r += h;
        c += w;
    }
    Ok(out)
}

/// The 1-norm of each square matrix, maximized over the batch, on the host.
fn norm1_max(a: &Array) -> Result<f64> {
    let col = cuprum_core::abs(a)?.sum(-2isize, false)?;
    let m = host_f64(&col.max(None, false)?)?;
    Ok(m.first().copied().unwrap_or(0.0))
}

/// The matrix exponential, like `scipy.linalg.expm(a)`.
///
/// **Shapes**: `a (..., M, M)` → the same shape; bool/integer inputs become float64.
///
/// # Errors
/// Non-square input ([`LinalgError::NotSquare`]); `ndim < 2`; non-finite input
/// ([`LinalgError::NonFinite`]); as [`crate::solve`].
///
/// Algorithm: Higham's scaling and squaring with Padé approximants of degree 3, 5, 7, 9 or 13
/// (chosen by the largest 1-norm of the batch, "The scaling and squaring method for the
/// matrix exponential revisited", 2005; SciPy's `expm` uses Al-Mohy and Higham's 2009 refinement
/// of the same), composed of `matmul` and [`crate::solve`] on `a`'s device.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![0.0f64, 1.0, -1.0, 0.0], &[2, 2], Device::Cpu).unwrap();
/// let e = cuprum_linalg::scipy::expm(&a).unwrap().to_vec::<f64>().unwrap();
/// // a rotation by 1 radian
/// assert!((e[0] - 1f64.cos()).abs() < 1e-14 && (e[1] - 1f64.sin()).abs() < 1e-14);
/// ```
pub fn expm(a: &Array) -> Result<Array> {
    let op = "expm";
    let (_, n) = crate::host::square_shape(op, a.shape())?;
    let dt = crate::host::compute_dtype(op, a.dtype())?;
    let a = a.astype(dt)?;
    let nrm = norm1_max(&a)?;
    if !nrm.is_finite() {
        let flat = host_f64(&cuprum_core::isfinite(&a)?.astype(DType::Float64)?)?;
        let index = flat.iter().position(|&v| v == 0.0).unwrap_or(0);
        return Err(LinalgError::NonFinite { op, index });
    }
    let ident = cuprum_core::eye_on(n, None, 0, dt, a.device())?;
    let mm = |x: &Array, y: &Array| -> Result<Array> { Ok(cuprum_core::matmul(x, y)?) };
    let lin = |terms: &[(f64, &Array)]| -> Result<Array> {
        let mut acc = cuprum_core::multiply(terms[0].1, terms[0].0)?;
        for &(c, t) in &terms[1..] {
            acc = cuprum_core::add(&acc, &cuprum_core::multiply(t, c)?)?;
        }
        Ok(acc)
    };
    const THETA: [(usize, f64); 4] = [
        (3, 1.495_585_217_958_292e-2),
        (5, 2.539_398_330_063_23e-1),
        (7, 9.504_178_996_162_932e-1),
        (9, 2.097_847_961_257_068),
    ];
    const B3: [f64; 4] = [120.0, 60.0, 12.0, 1.0];
    const B5: [f64; 6] = [30240.0, 15120.0, 3360.0, 420.0, 30.0, 1.0];
    const B7: [f64; 8] = [
        17297280.0, 8648640.0, 1995840.0, 277200.0, 25200.0, 1512.0, 56.0, 1.0,
    ];
    const B9: [f64; 10] = [
        17643225600.0,
        8821612800.0,
        2075673600.0,
        302702400.0,
        30270240.0,
        2162160.0,
        110880.0,
        3960.0,
        90.0,
        1.0,
    ];
    const B13: [f64; 14] = [
        64764752532480000.0,
        32382376266240000.0,
        7771770303897600.0,
        1187353796428800.0,
        129060195264000.0,
        10559470521600.0,
        670442572800.0,
        33522128640.0,
        1323241920.0,
        40840800.0,
        960960.0,
        16380.0,
        182.0,
        1.0,
    ];
    let low = THETA.iter().find(|&&(_, t)| nrm <= t).map(|&(m, _)| m);
    let (u, v, squarings) = if let Some(m) = low {
        let b: &[f64] = match m {
            3 => &B3,
            5 => &B5,
            7 => &B7,
            _ => &B9,
        };
        // powers A^0, A^2, A^4, ...
        let a2 = mm(&a, &a)?;
        let mut pows = vec![ident.clone(), a2.clone()];
        while pows.len() < m.div_ceil(2) {
            let last = pows[pows.len() - 1].clone();
            pows.push(mm(&last, &a2)?);
        }
        let odd: Vec<(f64, &Array)> = (0..pows.len()).map(|k| (b[2 * k + 1], &pows[k])).collect();
        let even: Vec<(f64, &Array)> = (0..pows.len()).map(|k| (b[2 * k], &pows[k])).collect();
        (mm(&a, &lin(&odd)?)?, lin(&even)?, 0)
    } else {
        const THETA13: f64 = 5.371_920_351_148_152;
        let s = (nrm / THETA13).log2().ceil().max(0.0) as i32;
        let a = cuprum_core::multiply(&a, 2f64.powi(-s))?;
        let b = &B13;
        let a2 = mm(&a, &a)?;
        let a4 = mm(&a2, &a2)?;
        let a6 = mm(&a4, &a2)?;
        let u_in = mm(&a6, &lin(&[(b[13], &a6), (b[11], &a4), (b[9], &a2)])?)?;
        let u_rest = lin(&[(b[7], &a6), (b[5], &a4), (b[3], &a2), (b[1], &ident)])?;
        let u = mm(&a, &cuprum_core::add(&u_in, &u_rest)?)?;
        let v_in = mm(&a6, &lin(&[(b[12], &a6), (b[10], &a4), (b[8], &a2)])?)?;
        let v_rest = lin(&[(b[6], &a6), (b[4], &a4), (b[2], &a2), (b[0], &ident)])?;
        (u, cuprum_core::add(&v_in, &v_rest)?, s)
    };
    let p = cuprum_core::add(&v, &u)?;
    let q = cuprum_core::subtract(&v, &u)?;
    let mut r = crate::solve(&q, &p)?;
    for _ in 0..squarings {
        r = mm(&r, &r)?;
    }
    Ok(r)
}

/// The principal square root of a matrix, like `scipy.linalg.sqrtm(a)`: `x @ x = a`.
///
/// **Shapes**: `a (M, M)` → `(M, M)`; a real input gives a real result when the square root is
/// real (its imaginary part below `1e3 · eps · max|x|`), complex otherwise (as SciPy).
///
/// # Errors
/// Non-square or non-2-D input; as [`crate::eig`] and [`crate::inv`] (a defective matrix whose
/// eigenvector matrix is singular is [`LinalgError::SingularMatrix`]).
///
/// Algorithm: the eigendecomposition `a = V diag(w) V⁻¹`, `x = V diag(sqrt(w)) V⁻¹` (principal
/// branch). SciPy uses the Schur method, which is also accurate for defective and
/// ill-conditioned eigenvector matrices; this one loses accuracy as `cond(V)` grows. On CUDA
/// `eig` runs on the host (see [`crate::eig`]); the products and the inverse on the device.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![4.0f64, 0.0, 0.0, 9.0], &[2, 2], Device::Cpu).unwrap();
/// let x = cuprum_linalg::scipy::sqrtm(&a).unwrap();
/// let v = x.to_vec::<f64>().unwrap();
/// assert!((v[0] - 2.0).abs() < 1e-12 && (v[3] - 3.0).abs() < 1e-12);
/// ```
pub fn sqrtm(a: &Array) -> Result<Array> {
    let op = "sqrtm";
    need_2d(op, a)?;
    crate::host::square_shape(op, a.shape())?;
    let (w, v) = crate::eig(a)?;
    // real eigenvalues come back real: the principal root of a negative one is imaginary
    let cdt = match w.dtype() {
        DType::Float32 | DType::Complex64 => DType::Complex64,
        _ => DType::Complex128,
    };
    let (w, v) = (w.astype(cdt)?, v.astype(cdt)?);
    let sw = cuprum_core::sqrt(&w)?;
    let vs = cuprum_core::multiply(&v, &sw)?;
    let x = cuprum_core::matmul(&vs, &crate::inv(&v)?)?;
    if a.dtype().is_complex() {
        return Ok(x);
    }
    let re = cuprum_core::real(&x)?;
    let im = cuprum_core::imag(&x)?;
    let big = host_f64(&cuprum_core::abs(&x)?.max(None, false)?)?[0];
    let imax = host_f64(&cuprum_core::abs(&im)?.max(None, false)?)?[0];
    if imax <= 1e3 * eps_of(re.dtype()) * big.max(f64::MIN_POSITIVE) {
        Ok(re)
    } else {
        Ok(x)
    }
}
