//! SVD-based routines: `svd`, `svdvals`, `pinv`, `matrix_rank`, `lstsq`.

use crate::error::{LinalgError, Result};
use crate::host::{self, Field, Stack, with_field};
use cuprum_core::ext::layout::checked_size;
use cuprum_core::{Array, Complex64};
use faer::Mat;

/// The result of [`svd`]: `u` and `vh` are `None` when `compute_uv` is false.
#[derive(Clone, Debug)]
pub struct Svd {
    /// left singular vectors `(..., M, M)` or `(..., M, K)`
    pub u: Option<Array>,
    /// singular values `(..., K)`, descending, real dtype
    pub s: Array,
    /// right singular vectors, conjugate-transposed: `(..., N, N)` or `(..., K, N)`
    pub vh: Option<Array>,
}

/// `(U, s, V)` of one matrix.
pub(crate) type SvdParts<T> = (Option<Mat<T>>, Vec<f64>, Option<Mat<T>>);

/// One matrix's SVD: `(U, s, V)`, `U`/`V` absent when not asked for.
pub(crate) fn svd_one<T: Field>(
    op: &'static str,
    m: &Mat<T>,
    full: bool,
    uv: bool,
) -> Result<SvdParts<T>> {
    let (r, c) = (m.nrows(), m.ncols());
    let k = r.min(c);
    if k == 0 {
        let (ur, vr) = if full { (r, c) } else { (0, 0) };
        let u = uv.then(|| Mat::<T>::identity(r, ur));
        let v = uv.then(|| Mat::<T>::identity(c, vr));
        return Ok((u, Vec::new(), v));
    }
    let nc = |_| LinalgError::NoConvergence {
        op,
        routine: "faer svd",
    };
    // faer's buffers: U and V (square when `full`), a copy of the matrix and its workspace
    let (ur, vr) = if full { (r, c) } else { (k, k) };
    let elems = (r.saturating_mul(ur))
        .saturating_add(c.saturating_mul(vr))
        .saturating_add(r.saturating_mul(c).saturating_mul(2));
    let bytes = elems.saturating_mul(std::mem::size_of::<T>());
    // entries outside LAPACK's safe range are scaled first (crate::scale), s scaled back
    let (scaled, e) = crate::scale::scale_mat(m);
    let m = scaled.as_ref().unwrap_or(m);
    let back = crate::scale::pow2(-e);
    if !uv {
        let s = host::faer_call(bytes, || m.singular_values())?.map_err(nc)?;
        return Ok((
            None,
            s.iter().map(|x| T::real_f64(x) * back).collect(),
            None,
        ));
    }
    let f = host::faer_call(bytes, || if full { m.svd() } else { m.thin_svd() })?.map_err(nc)?;
    let s: Vec<f64> = (0..k)
        .map(|i| f.S().column_vector()[i].to_c().re * back)
        .collect();
    Ok((Some(f.U().to_owned()), s, Some(f.V().to_owned())))
}

/// The singular value decomposition `a = U @ diag(s) @ Vh` of each matrix, like
/// `numpy.linalg.svd(a, full_matrices, compute_uv)`.
///
/// **Shapes**: `a (..., M, N)`, `K = min(M, N)`: `u (..., M, M)` (`(..., M, K)` when not
/// `full_matrices`), `s (..., K)` descending in the real dtype, `vh (..., N, N)` (or
/// `(..., K, N)`).
///
/// # Errors
/// `ndim < 2`; [`LinalgError::NonFinite`]; [`LinalgError::NoConvergence`];
/// [`cuprum_core::Error::OutOfMemory`] naming the bytes when the factors cannot be held
/// (`full_matrices` of a `1 x 2^24` matrix needs a `2^24 x 2^24` `Vh`: NumPy's MemoryError),
/// checked before anything is allocated.
///
/// Algorithm: a matrix whose largest entry lies outside LAPACK's safe range (about 1e-139 to
/// 1e138 in float64) is scaled by a power of two first and its singular values scaled back, as
/// LAPACK's `xGESDD` does, on both devices. faer's divide-and-conquer bidiagonal SVD on the CPU. On CUDA: cuSOLVER's Jacobi
/// SVD (`gesvdj`, batched `gesvdjBatched` for stacks of matrices up to 32x32), converged to a
/// tolerance of machine epsilon of the dtype (residuals `|A - U S V^H| / |A|` of a few
/// hundred ulps, comparable to `gesvd`).
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![3.0f64, 0.0, 0.0, -2.0], &[2, 2], Device::Cpu).unwrap();
/// let r = cuprum_linalg::svd(&a, true, true).unwrap();
/// let s = r.s.to_vec::<f64>().unwrap();
/// assert!((s[0] - 3.0).abs() < 1e-12 && (s[1] - 2.0).abs() < 1e-12);
/// ```
pub fn svd(a: &Array, full_matrices: bool, compute_uv: bool) -> Result<Svd> {
    let op = "svd";
    let (batch, m, n) = host::matrix_shape(op, a.shape())?;
    let dt = host::compute_dtype(op, a.dtype())?;
    // U and Vh are m x m and n x n when full: refused before any backend allocates them
    if full_matrices && compute_uv {
        let item = dt.itemsize();
        let mut us = batch.clone();
        us.extend([m, m]);
        let mut vs = batch.clone();
        vs.extend([n, n]);
        let total = checked_size(op, &us, item)?.saturating_add(checked_size(op, &vs, item)?);
        if !a.device().is_cuda() {
            cuprum_core::ext::check_host_bytes(total.saturating_mul(item))?;
        }
    }
    // above the backend: LAPACK's scaling of matrices outside its safe range (crate::scale;
    // the host path scales each matrix in `svd_one`)
    if a.device().is_cuda()
        && let Some((scaled, es)) = crate::scale::scale_array(a, dt)?
    {
        let r = svd(&scaled, full_matrices, compute_uv)?;
        return Ok(Svd {
            s: crate::scale::unscale(&r.s, &es, 1)?,
            ..r
        });
    }
    if let Some(r) = crate::cuda::svd(a, dt, full_matrices, compute_uv) {
        return r;
    }
    let k = m.min(n);
    with_field!(dt, T => {
        let st = Stack::<T>::read(op, a, true)?;
        let mut us = Vec::new();
        let mut ss = Vec::new();
        let mut vhs = Vec::new();
        for i in 0..st.count() {
            let (u, s, v) = svd_one(op, &st.mat(i), full_matrices, compute_uv)?;
            ss.extend(s);
            if let (Some(u), Some(v)) = (u, v) {
                us.push(u);
                vhs.push(host::adjoint(&v));
            }
        }
        let mut sshape = batch.clone();
        sshape.push(k);
        let s = T::real_array(&ss, &sshape, a.device())?;
        if !compute_uv {
            return Ok(Svd { u: None, s, vh: None });
        }
        let (uc, vr) = if full_matrices { (m, n) } else { (k, k) };
        let u = host::write_mats(&batch, m, uc, &us, a.device())?;
        let vh = host::write_mats(&batch, vr, n, &vhs, a.device())?;
        Ok(Svd { u: Some(u), s, vh: Some(vh) })
    })
}

/// The singular values of each matrix, descending, like `numpy.linalg.svdvals`
/// (`svd(a, compute_uv=False)`).
///
/// **Shapes**: `(..., M, N) -> (..., min(M, N))`, real dtype.
///
/// # Errors
/// As [`svd`].
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![0.0f64; 4], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(cuprum_linalg::svdvals(&a).unwrap().to_vec::<f64>().unwrap(), vec![0.0, 0.0]);
/// ```
pub fn svdvals(a: &Array) -> Result<Array> {
    Ok(svd(a, false, false)?.s)
}

/// The Moore–Penrose pseudo-inverse of each matrix, like `numpy.linalg.pinv(a, rcond)`.
///
/// **Shapes**: `(..., M, N) -> (..., N, M)`. Singular values at or below `rcond * max(s)` are
/// treated as zero; `rcond = None` uses NumPy's default `1e-15`.
///
/// # Errors
/// As [`svd`].
///
/// Algorithm: SVD, `V diag(1/s) U^H`.
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![2.0f64, 0.0, 0.0, 0.0], &[2, 2], Device::Cpu).unwrap();
/// let p = cuprum_linalg::pinv(&a, None).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(p, vec![0.5, 0.0, 0.0, 0.0]);
/// ```
pub fn pinv(a: &Array, rcond: Option<f64>) -> Result<Array> {
    let op = "pinv";
    let (batch, m, n) = host::matrix_shape(op, a.shape())?;
    let dt = host::compute_dtype(op, a.dtype())?;
    let rcond = rcond.unwrap_or(1e-15);
    with_field!(dt, T => {
        let st = Stack::<T>::read(op, a, true)?;
        let mut out = Vec::new();
        for i in 0..st.count() {
            let (u, s, v) = svd_one(op, &st.mat(i), false, true)?;
            let (u, v) = (u.expect("computed"), v.expect("computed"));
            let cut = rcond * s.first().copied().unwrap_or(0.0);
            // V diag(1/s) U^H, dropping small singular values.
            let p = Mat::<T>::from_fn(n, m, |r, c| {
                let mut acc = T::from_f(0.0);
                for (j, &sj) in s.iter().enumerate() {
                    if sj > cut {
                        acc += v[(r, j)] * T::from_f(1.0 / sj) * u[(c, j)].conj_();
                    }
                }
                acc
            });
            out.push(p);
        }
        host::write_mats(&batch, n, m, &out, a.device())
    })
}

/// The rank of each matrix: the number of singular values above `tol`, like
/// `numpy.linalg.matrix_rank(a, tol)`.
///
/// **Shapes**: `(..., M, N) -> (...)` int64; a 0-d or 1-d input gives 1 unless every element
/// is zero. `tol = None` uses `max(s) * max(M, N) * eps` of the dtype (NumPy's default).
///
/// # Errors
/// As [`svd`].
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 2.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(cuprum_linalg::matrix_rank(&a, None).unwrap().to_vec::<i64>().unwrap(), vec![1]);
/// ```
pub fn matrix_rank(a: &Array, tol: Option<f64>) -> Result<Array> {
    let op = "matrix_rank";
    if a.ndim() < 2 {
        let any = host::read_c64(a)?
            .iter()
            .any(|c| *c != Complex64::new(0.0, 0.0));
        return host::write(vec![i64::from(any)], &[], a.device());
    }
    let (batch, m, n) = host::matrix_shape(op, a.shape())?;
    let dt = host::compute_dtype(op, a.dtype())?;
    with_field!(dt, T => {
        let st = Stack::<T>::read(op, a, true)?;
        let mut out = Vec::new();
        for i in 0..st.count() {
            let (_, s, _) = svd_one(op, &st.mat(i), false, false)?;
            let smax = s.first().copied().unwrap_or(0.0);
            let t = tol.unwrap_or(smax * m.max(n) as f64 * T::EPS);
            out.push(s.iter().filter(|&&x| x > t).count() as i64);
        }
        host::write(out, &batch, a.device())
    })
}

/// The result of [`lstsq`], as NumPy's 4-tuple.
#[derive(Clone, Debug)]
pub struct Lstsq {
    /// the least-squares solution `(N,)` or `(N, K)`
    pub x: Array,
    /// squared residual 2-norms per column `(K,)` (`(1,)` for a vector `b`); empty `(0,)` when
    /// the rank is below `N` or `M <= N`
    pub residuals: Array,
    /// the rank of `a` (0-d int32, as NumPy)
    pub rank: Array,
    /// the singular values of `a` `(min(M, N),)`, real dtype
    pub s: Array,
}

/// The least-squares solution of `a @ x = b`, like `numpy.linalg.lstsq(a, b, rcond)`.
///
/// **Shapes**: `a (M, N)`, `b (M,)` or `(M, K)`; see [`Lstsq`]. Singular values at or below
/// `rcond * max(s)` are treated as zero (minimum-norm solution); `rcond = None` uses
/// `eps * max(M, N)` (NumPy's default).
///
/// # Errors
/// `a` not 2-d or `b` not 1-d/2-d ([`cuprum_core::Error::ShapeMismatch`]); row counts that
/// differ; [`LinalgError::NonFinite`]; [`LinalgError::NoConvergence`].
///
/// Algorithm: SVD (as LAPACK `gelsd`).
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 0.0, 1.0, 1.0, 1.0, 2.0], &[3, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let r = cuprum_linalg::lstsq(&a, &b, None).unwrap();
/// let x = r.x.to_vec::<f64>().unwrap();
/// assert!((x[0] - 1.0).abs() < 1e-12 && (x[1] - 1.0).abs() < 1e-12);
/// ```
pub fn lstsq(a: &Array, b: &Array, rcond: Option<f64>) -> Result<Lstsq> {
    let op = "lstsq";
    host::same_device(op, a, b)?;
    let shape_err = || host::shape_mismatch(op, a, b, None);
    if a.ndim() != 2 || !(b.ndim() == 1 || b.ndim() == 2) {
        return Err(shape_err());
    }
    let (m, n) = (a.shape()[0], a.shape()[1]);
    if b.shape()[0] != m {
        return Err(shape_err());
    }
    let vector = b.ndim() == 1;
    let k = if vector { 1 } else { b.shape()[1] };
    let dt = host::compute_dtype2(op, a.dtype(), b.dtype())?;
    with_field!(dt, T => {
        let st = Stack::<T>::read(op, a, true)?;
        let bd = host::read::<T>(b)?;
        host::check_finite(op, &bd)?;
        let am = st.mat(0);
        let (u, s, v) = svd_one(op, &am, false, true)?;
        let (u, v) = (u.expect("computed"), v.expect("computed"));
        let rc = rcond.unwrap_or(T::EPS * m.max(n) as f64);
        let cut = rc * s.first().copied().unwrap_or(0.0);
        let rank = s.iter().filter(|&&x| x > cut).count();
        let bm = Mat::<T>::from_fn(m, k, |p, q| bd[p * k + q]);
        // x = V diag(1/s) U^H b over the kept singular values.
        let uhb = host::matmul(host::adjoint(&u).as_ref(), bm.as_ref());
        let scaled = Mat::<T>::from_fn(s.len(), k, |j, q| {
            if s[j] > cut { uhb[(j, q)] * T::from_f(1.0 / s[j]) } else { T::from_f(0.0) }
        });
        let x = host::matmul(v.as_ref(), scaled.as_ref());
        let mut xd = cuprum_core::ext::try_vec_with_capacity(n.saturating_mul(k))?;
        for p in 0..n {
            for q in 0..k {
                xd.push(x[(p, q)]);
            }
        }
        let xshape: Vec<usize> = if vector { vec![n] } else { vec![n, k] };
        let residuals: Vec<f64> = if rank == n && m > n {
            let ax = host::matmul(am.as_ref(), x.as_ref());
            (0..k)
                .map(|q| (0..m).map(|p| (bm[(p, q)] - ax[(p, q)]).to_c().norm_sqr()).sum())
                .collect()
        } else {
            Vec::new()
        };
        let rlen = residuals.len();
        Ok(Lstsq {
            x: host::write(xd, &xshape, a.device())?,
            residuals: T::real_array(&residuals, &[rlen], a.device())?,
            rank: host::write(vec![rank as i32], &[], a.device())?,
            s: T::real_array(&s, &[s.len()], a.device())?,
        })
    })
}
