//! Eigenvalue routines: `eigh`, `eigvalsh` (Hermitian) and `eig`, `eigvals` (general).

use crate::Uplo;
use crate::error::{LinalgError, Result};
use crate::host::{self, Field, Stack, with_field};
use cuprum_core::{Array, Complex64};
use faer::{Mat, Side};

/// Eigenvalues and eigenvectors of each Hermitian (real symmetric) matrix, like
/// `numpy.linalg.eigh(a, UPLO)`.
///
/// **Shapes**: `a (..., M, M)` -> `w (..., M)` ascending in the real dtype, `v (..., M, M)`
/// unitary with `a @ v = v * w[..., None, :]`. Only the triangle named by `uplo` is read; the
/// imaginary parts of the diagonal are ignored.
///
/// # Errors
/// Non-square input; [`LinalgError::NonFinite`]; [`LinalgError::NoConvergence`].
///
/// Algorithm: cuSOLVER `syevd`/`heevd` (batched: `syevjBatched`) on CUDA; faer's tridiagonal
/// divide and conquer on the CPU.
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_linalg::Uplo;
/// let a = Array::from_vec_on(vec![2.0f64, 1.0, 1.0, 2.0], &[2, 2], Device::Cpu).unwrap();
/// let (w, _v) = cuprum_linalg::eigh(&a, Uplo::Lower).unwrap();
/// let w = w.to_vec::<f64>().unwrap();
/// assert!((w[0] - 1.0).abs() < 1e-12 && (w[1] - 3.0).abs() < 1e-12);
/// ```
pub fn eigh(a: &Array, uplo: Uplo) -> Result<(Array, Array)> {
    let (w, v) = eigh_impl("eigh", a, uplo, true)?;
    Ok((w, v.expect("vectors were asked for")))
}

/// Eigenvalues of each Hermitian (real symmetric) matrix, ascending, like
/// `numpy.linalg.eigvalsh(a, UPLO)`.
///
/// **Shapes**: `(..., M, M) -> (..., M)`, real dtype. Only the `uplo` triangle is read.
///
/// # Errors
/// As [`eigh`].
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_linalg::Uplo;
/// // The upper triangle holds garbage that UPLO=L never reads.
/// let a = Array::from_vec_on(vec![2.0f64, 99.0, 1.0, 2.0], &[2, 2], Device::Cpu).unwrap();
/// let w = cuprum_linalg::eigvalsh(&a, Uplo::Lower).unwrap().to_vec::<f64>().unwrap();
/// assert!((w[0] - 1.0).abs() < 1e-12 && (w[1] - 3.0).abs() < 1e-12);
/// ```
pub fn eigvalsh(a: &Array, uplo: Uplo) -> Result<Array> {
    Ok(eigh_impl("eigvalsh", a, uplo, false)?.0)
}

fn eigh_impl(
    op: &'static str,
    a: &Array,
    uplo: Uplo,
    vectors: bool,
) -> Result<(Array, Option<Array>)> {
    let (batch, n) = host::square_shape(op, a.shape())?;
    let dt = host::compute_dtype(op, a.dtype())?;
    if let Some(r) = crate::cuda::eigh(a, dt, uplo, vectors) {
        return r;
    }
    let nc = |_| LinalgError::NoConvergence {
        op,
        routine: "faer self_adjoint_evd",
    };
    with_field!(dt, T => {
        let s = Stack::<T>::read(op, a, true)?;
        let mut ws = Vec::new();
        let mut vs = Vec::new();
        for i in 0..s.count() {
            let h = host::hermitian_from(&s.mat(i), uplo == Uplo::Lower);
            if n == 0 {
                vs.push(Mat::<T>::zeros(0, 0));
                continue;
            }
            if vectors {
                let e = h.self_adjoint_eigen(Side::Lower).map_err(nc)?;
                ws.extend((0..n).map(|j| e.S().column_vector()[j].to_c().re));
                vs.push(e.U().to_owned());
            } else {
                let w = h.self_adjoint_eigenvalues(Side::Lower).map_err(nc)?;
                ws.extend(w.iter().map(T::real_f64));
            }
        }
        let mut wshape = batch.clone();
        wshape.push(n);
        let w = T::real_array(&ws, &wshape, a.device())?;
        let v = if vectors { Some(host::write_mats(&batch, n, n, &vs, a.device())?) } else { None };
        Ok((w, v))
    })
}

/// One general eigendecomposition: eigenvalues and (optionally) column eigenvectors.
fn eig_one<T: Field>(
    op: &'static str,
    m: &Mat<T>,
    vectors: bool,
) -> Result<(Vec<Complex64>, Option<Vec<Complex64>>)> {
    let n = m.nrows();
    if n == 0 {
        return Ok((Vec::new(), vectors.then(Vec::new)));
    }
    let nc = |_| LinalgError::NoConvergence {
        op,
        routine: "faer evd",
    };
    if vectors {
        let e = m.eigen().map_err(nc)?;
        let w: Vec<Complex64> = (0..n)
            .map(|j| {
                let z = &e.S().column_vector()[j];
                Complex64::new(T::real_f64(&z.re), T::real_f64(&z.im))
            })
            .collect();
        let u = e.U();
        let mut v = cuprum_core::ext::try_vec_with_capacity(n * n)?;
        for p in 0..n {
            for q in 0..n {
                let z = &u[(p, q)];
                v.push(Complex64::new(T::real_f64(&z.re), T::real_f64(&z.im)));
            }
        }
        normalize_columns(&mut v, n);
        Ok((w, Some(v)))
    } else {
        let w = m.eigenvalues().map_err(nc)?;
        Ok((
            w.iter()
                .map(|z| Complex64::new(T::real_f64(&z.re), T::real_f64(&z.im)))
                .collect(),
            None,
        ))
    }
}

/// Scales each column of the row-major `n × n` matrix `v` as LAPACK's `geev` (and so NumPy)
/// does: to unit 2-norm, and a complex column also rotated so that its largest component is
/// real (a real column keeps its sign). faer's eigenvectors are not normalized.
fn normalize_columns(v: &mut [Complex64], n: usize) {
    for q in 0..n {
        let col = (0..n).map(|p| v[p * n + q]);
        let norm = col.clone().map(|z| z.norm_sqr()).sum::<f64>().sqrt();
        if norm == 0.0 || !norm.is_finite() {
            continue;
        }
        let complex = col.clone().any(|z| z.im != 0.0);
        let scale = if complex {
            let big = col.fold(Complex64::new(0.0, 0.0), |m, z| {
                if z.norm() > m.norm() { z } else { m }
            });
            big.conj() / (big.norm() * norm)
        } else {
            Complex64::new(1.0 / norm, 0.0)
        };
        for p in 0..n {
            v[p * n + q] *= scale;
        }
    }
}

/// Eigenvalues and right eigenvectors of each general square matrix, like
/// `numpy.linalg.eig`.
///
/// **Shapes**: `a (..., M, M)` -> `w (..., M)`, `v (..., M, M)` with
/// `a @ v = v * w[..., None, :]`, columns of unit 2-norm. Like NumPy, real input whose
/// eigenvalues are all real gives real `w` and `v`; otherwise both are complex (complex64 for
/// float32 input). The eigenvalue order is unspecified.
///
/// # Errors
/// Non-square input; [`LinalgError::NonFinite`]; [`LinalgError::NoConvergence`].
///
/// Algorithm: Hessenberg reduction and the implicit double-shift QR algorithm (faer, as LAPACK
/// `geev`). CUDA arrays are computed on the host and copied back (as CuPy before
/// `cusolverDnXgeev`). A matrix whose largest entry lies outside LAPACK's safe range (about
/// 1e-139 to 1e138 in float64) is scaled by a power of two first and its eigenvalues scaled
/// back, as `xGEEV` does: `[[1e308, 1e308], [1e308, -1e308]]` gives ±1.4142e308, as NumPy.
///
/// ```
/// use cuprum_core::{Array, Device, DType};
/// let a = Array::from_vec_on(vec![0.0f64, -1.0, 1.0, 0.0], &[2, 2], Device::Cpu).unwrap();
/// let (w, _v) = cuprum_linalg::eig(&a).unwrap();
/// assert_eq!(w.dtype(), DType::Complex128); // eigenvalues ±i
/// ```
pub fn eig(a: &Array) -> Result<(Array, Array)> {
    let (w, v) = eig_impl("eig", a, true)?;
    Ok((w, v.expect("vectors were asked for")))
}

/// Eigenvalues of each general square matrix, like `numpy.linalg.eigvals`.
///
/// **Shapes**: `(..., M, M) -> (..., M)`; real when every eigenvalue of a real input is real,
/// else complex. The order is unspecified.
///
/// # Errors
/// As [`eig`].
///
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![2.0f64, 0.0, 0.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let mut w = cuprum_linalg::eigvals(&a).unwrap().to_vec::<f64>().unwrap();
/// w.sort_by(f64::total_cmp);
/// assert_eq!(w, vec![2.0, 3.0]);
/// ```
pub fn eigvals(a: &Array) -> Result<Array> {
    Ok(eig_impl("eigvals", a, false)?.0)
}

fn eig_impl(op: &'static str, a: &Array, vectors: bool) -> Result<(Array, Option<Array>)> {
    let (batch, n) = host::square_shape(op, a.shape())?;
    let dt = host::compute_dtype(op, a.dtype())?;
    with_field!(dt, T => {
        let s = Stack::<T>::read(op, a, true)?;
        let mut ws = Vec::new();
        let mut vs = Vec::new();
        for i in 0..s.count() {
            // LAPACK xGEEV's scaling (crate::scale): eigenvalues scale back, vectors do not
            let m = s.mat(i);
            let (scaled, e) = crate::scale::scale_mat(&m);
            let (w, v) = eig_one(op, scaled.as_ref().unwrap_or(&m), vectors)?;
            let back = crate::scale::pow2(-e);
            ws.extend(w.into_iter().map(|z| if e == 0 { z } else { z * back }));
            if let Some(v) = v {
                vs.extend(v);
            }
        }
        let mut wshape = batch.clone();
        wshape.push(n);
        let mut vshape = wshape.clone();
        vshape.push(n);
        let real = !T::IS_COMPLEX && ws.iter().all(|z| z.im == 0.0);
        let dev = a.device();
        if real {
            let w = host::write(ws.iter().map(|z| T::from_f(z.re)).collect(), &wshape, dev)?;
            let v = if vectors {
                Some(host::write(vs.iter().map(|z| T::from_f(z.re)).collect(), &vshape, dev)?)
            } else {
                None
            };
            Ok((w, v))
        } else {
            let w = host::write_complex(ws, &wshape, T::REAL_DTYPE, dev)?;
            let v = if vectors { Some(host::write_complex(vs, &vshape, T::REAL_DTYPE, dev)?) } else { None };
            Ok((w, v))
        }
    })
}
