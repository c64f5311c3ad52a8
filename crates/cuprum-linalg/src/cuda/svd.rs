//! The SVD: `gesvdj` (Jacobi) per matrix, `Xgesvdp` (polar decomposition) for large ones.

use super::bindings::{Solver, with_solver};
use super::handle::{buffer, check, check_illegal, cuda_ordinal, infos, ptr, to_i32, with_handle};
use super::pack::{check_finite, pack, unpack};
use crate::error::{LinalgError, Result};
use cudarc::cusolver::sys as cs;
use cuprum_core::{Array, DType};

/// RAII owner of a `gesvdjInfo_t`.
struct GesvdjParams(cs::gesvdjInfo_t);
impl Drop for GesvdjParams {
    fn drop(&mut self) {
        // SAFETY: `self.0` was created by cusolverDnCreateGesvdjInfo and is destroyed once.
        let _ = unsafe { cs::cusolverDnDestroyGesvdjInfo(self.0) };
    }
}

pub(crate) fn svd(a: &Array, dt: DType, full: bool, uv: bool) -> Option<Result<crate::Svd>> {
    let ord = cuda_ordinal(a)?;
    Some((|| {
        let op = "svd";
        check_finite(op, a)?;
        let (batch, m, n) = crate::host::matrix_shape(op, a.shape())?;
        let count: usize = batch.iter().product();
        let k = m.min(n);
        let rdt = dt.real_dtype();
        let dev = a.device();
        let buf = pack(a, &batch, n, dt)?;
        let (ucols, vcols) = if full { (m, n) } else { (k, k) };
        let s = buffer(count * k, rdt, dev)?;
        let u = buffer(count * m * ucols, dt, dev)?;
        let v = buffer(count * n * vcols, dt, dev)?;
        // One large matrix with m >= n: the polar-decomposition SVD (`Xgesvdp`), several
        // times faster than `gesvd`/`gesvdj` at these sizes; falls back to `gesvdj` when the
        // library declines the problem.
        let done = count == 1
            && m >= n
            && k >= GESVDP_MIN
            && gesvdp(op, ord, dt, &buf, &s, &u, &v, m, n, full, uv)?;
        if count * k > 0 && !done {
            let (mi, ni) = (to_i32(op, m)?, to_i32(op, n)?);
            let jobz = if uv {
                cs::cusolverEigMode_t::CUSOLVER_EIG_MODE_VECTOR
            } else {
                cs::cusolverEigMode_t::CUSOLVER_EIG_MODE_NOVECTOR
            };
            let econ = i32::from(!full);
            let info = cuprum_core::zeros_on(&[count], DType::Int32, dev)?;
            let (item, ritem) = (dt.itemsize(), rdt.itemsize());
            let tol = if rdt == DType::Float32 {
                f64::from(f32::EPSILON)
            } else {
                f64::EPSILON
            };
            with_solver!(dt, T => with_handle(op, ord, |h| {
                let mut p: cs::gesvdjInfo_t = std::ptr::null_mut();
                // SAFETY: writes one handle into `p`.
                check(op, "cusolverDnCreateGesvdjInfo", unsafe { cs::cusolverDnCreateGesvdjInfo(&mut p) })?;
                let p = GesvdjParams(p);
                // SAFETY: `p.0` is a live gesvdjInfo_t.
                check(op, "cusolverDnXgesvdjSetTolerance", unsafe { cs::cusolverDnXgesvdjSetTolerance(p.0, tol) })?;
                // SAFETY: as above.
                check(op, "cusolverDnXgesvdjSetMaxSweeps", unsafe { cs::cusolverDnXgesvdjSetMaxSweeps(p.0, 100) })?;
                let mut lwork = 0i32;
                // SAFETY: `buf` holds column-major m x n matrices (lda m); `u` m x ucols (ldu m),
                // `v` n x vcols (ldv n), `s` k reals per matrix.
                check(op, "gesvdj_bufferSize", unsafe {
                    T::gesvdj_buf(h, jobz, econ, mi, ni, ptr(&buf), mi, ptr(&s), ptr(&u), mi, ptr(&v), ni, &mut lwork, p.0)
                })?;
                let work = buffer(lwork.max(1) as usize, dt, dev)?;
                for i in 0..count {
                    let ap = ptr(&buf) + (i * m * n * item) as u64;
                    let sp = ptr(&s) + (i * k * ritem) as u64;
                    let up = ptr(&u) + (i * m * ucols * item) as u64;
                    let vp = ptr(&v) + (i * n * vcols * item) as u64;
                    // SAFETY: matrix i's blocks of the sizes above, lwork workspace, one info int.
                    check(op, "gesvdj", unsafe {
                        T::gesvdj(h, jobz, econ, mi, ni, ap, mi, sp, up, mi, vp, ni, ptr(&work), lwork, ptr(&info) + (i * 4) as u64, p.0)
                    })?;
                }
                Ok(())
            }))?;
            let inf = infos(&info)?;
            check_illegal(op, "gesvdj", &inf)?;
            if inf.iter().any(|&i| i > 0) {
                return Err(LinalgError::NoConvergence {
                    op,
                    routine: "cusolverDn<t>gesvdj",
                });
            }
        }
        let sshape: Vec<usize> = [batch.as_slice(), &[k]].concat();
        let s = if count * k == 0 {
            Array::empty_on(&sshape, rdt, dev)?
        } else {
            s.reshape(&sshape.iter().map(|&x| x as isize).collect::<Vec<_>>())?
        };
        if !uv {
            return Ok(crate::Svd {
                u: None,
                s,
                vh: None,
            });
        }
        let uo = unpack(&u, &batch, m, ucols, m, m * ucols, false)?;
        // vh = V^H: the conjugate transpose of the column-major V blocks.
        let vh = unpack(&v, &batch, n, vcols, n, n * vcols, true)?;
        Ok(crate::Svd {
            u: Some(uo),
            s,
            vh: Some(vh),
        })
    })())
}

/// Smallest `min(M, N)` for which [`svd`] uses `Xgesvdp` instead of `gesvdj`.
const GESVDP_MIN: usize = 256;

/// RAII owner of a `cusolverDnParams_t`.
struct DnParams(cs::cusolverDnParams_t);
impl Drop for DnParams {
    fn drop(&mut self) {
        // SAFETY: `self.0` was created by cusolverDnCreateParams and is destroyed once.
        let _ = unsafe { cs::cusolverDnDestroyParams(self.0) };
    }
}

/// The SVD of one column-major `m x n` matrix (`m >= n`) in `buf` by cuSOLVER's
/// polar-decomposition routine `cusolverDnXgesvdp`, writing `s`, `u` (`m x ucols`, ldu `m`)
/// and `v` (`n x vcols`, ldv `n`). Returns `Ok(false)` when the library reports the problem
/// as unsupported (the caller then uses `gesvdj`).
#[allow(clippy::too_many_arguments)]
fn gesvdp(
    op: &'static str,
    ord: usize,
    dt: DType,
    buf: &Array,
    s: &Array,
    u: &Array,
    v: &Array,
    m: usize,
    n: usize,
    full: bool,
    uv: bool,
) -> Result<bool> {
    use cs::cudaDataType as T;
    let (ta, ts) = match dt {
        DType::Float32 => (T::CUDA_R_32F, T::CUDA_R_32F),
        DType::Complex64 => (T::CUDA_C_32F, T::CUDA_R_32F),
        DType::Complex128 => (T::CUDA_C_64F, T::CUDA_R_64F),
        _ => (T::CUDA_R_64F, T::CUDA_R_64F),
    };
    let jobz = if uv {
        cs::cusolverEigMode_t::CUSOLVER_EIG_MODE_VECTOR
    } else {
        cs::cusolverEigMode_t::CUSOLVER_EIG_MODE_NOVECTOR
    };
    let econ = i32::from(!full);
    let (mi, ni) = (m as i64, n as i64);
    let info = cuprum_core::zeros_on(&[1], DType::Int32, buf.device())?;
    let unsupported = |st: cs::cusolverStatus_t| {
        matches!(
            st,
            cs::cusolverStatus_t::CUSOLVER_STATUS_NOT_SUPPORTED
                | cs::cusolverStatus_t::CUSOLVER_STATUS_INVALID_VALUE
                | cs::cusolverStatus_t::CUSOLVER_STATUS_ARCH_MISMATCH
        )
    };
    let host_ws = with_handle(op, ord, |h| -> Result<Option<Vec<u8>>> {
        let mut p: cs::cusolverDnParams_t = std::ptr::null_mut();
        // SAFETY: writes one handle into `p`.
        check(op, "cusolverDnCreateParams", unsafe {
            cs::cusolverDnCreateParams(&mut p)
        })?;
        let p = DnParams(p);
        // the size query and the factorization take the same leading arguments
        macro_rules! gesvdp {
            ($f:ident, $ptr:ty; $($rest:expr),*) => {
                cs::$f(h, p.0, jobz, econ, mi, ni, ta, ptr(buf) as $ptr, mi, ts, ptr(s) as $ptr, ta,
                    ptr(u) as $ptr, mi, ta, ptr(v) as $ptr, ni, ta, $($rest),*)
            };
        }
        let (mut dev_bytes, mut host_bytes) = (0usize, 0usize);
        // SAFETY: `buf` is a column-major m x n matrix (lda m), `s` n reals, `u` m x ucols
        // (ldu m), `v` n x vcols (ldv n), all live on this device; the sizes are written to
        // the two locals.
        let st = unsafe {
            gesvdp!(cusolverDnXgesvdp_bufferSize, *const _; &mut dev_bytes, &mut host_bytes)
        };
        if unsupported(st) {
            return Ok(None);
        }
        check(op, "cusolverDnXgesvdp_bufferSize", st)?;
        let dev_ws = buffer(dev_bytes.max(1), DType::UInt8, buf.device())?;
        let mut host_ws = vec![0u8; host_bytes.max(1)];
        let mut err_sigma = 0f64;
        // SAFETY: as for the size query, plus `dev_bytes` bytes of device workspace,
        // `host_bytes` bytes of host workspace (kept alive until `info` is read, which
        // synchronizes the stream) and one device int for `info`.
        let st = unsafe {
            gesvdp!(cusolverDnXgesvdp, *mut _; ptr(&dev_ws) as *mut _, dev_bytes,
                host_ws.as_mut_ptr().cast(), host_bytes, ptr(&info) as *mut i32, &mut err_sigma)
        };
        if unsupported(st) {
            return Ok(None);
        }
        check(op, "cusolverDnXgesvdp", st)?;
        Ok(Some(host_ws))
    })?;
    let Some(host_ws) = host_ws else {
        return Ok(false);
    };
    let inf = infos(&info)?;
    drop(host_ws);
    check_illegal(op, "cusolverDnXgesvdp", &inf)?;
    if inf[0] > 0 {
        return Err(LinalgError::NoConvergence {
            op,
            routine: "cusolverDnXgesvdp",
        });
    }
    Ok(true)
}
