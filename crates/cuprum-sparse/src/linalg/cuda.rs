//! The direct solvers on the device: `spsolve` by cuSOLVER's sparse QR
//! (`cusolverSp<t>csrlsvqr`) and `spsolve_triangular` by cuSPARSE's `SpSV`, through cudarc's
//! raw bindings. One handle per thread and device (`ext::with_library_handle`), bound to the
//! current stream; descriptors destroyed on every path.

use crate::parts::Compressed;
use crate::{Result, SparseError};
use cudarc::cusolver::sys as sol;
use cudarc::cusparse::sys as sp;
use cuprum_core::ext::{self, LibraryHandle};
use cuprum_core::{Array, Complex32, Complex64, DType, Device, Error};
use std::ffi::{c_int, c_void};
use std::ptr::null_mut;

/// The device address of element 0 of a C-contiguous CUDA array.
fn dptr(a: &Array) -> u64 {
    let s = a
        .storage()
        .as_cuda()
        .expect("the caller dispatched on a CUDA array");
    s.device_ptr() + (a.offset() * a.dtype().itemsize()) as u64
}

fn sol_status(op: &'static str, s: sol::cusolverStatus_t) -> cuprum_core::Result<()> {
    if s == sol::cusolverStatus_t::CUSOLVER_STATUS_SUCCESS {
        Ok(())
    } else {
        Err(Error::CudaLibrary {
            op,
            library: "cuSOLVER",
            status: format!("{s:?}"),
        })
    }
}

fn sp_status(op: &'static str, s: sp::cusparseStatus_t) -> cuprum_core::Result<()> {
    if s == sp::cusparseStatus_t::CUSPARSE_STATUS_SUCCESS {
        Ok(())
    } else {
        Err(Error::CudaLibrary {
            op,
            library: "cuSPARSE",
            status: format!("{s:?}"),
        })
    }
}

/// A cuSOLVER sparse handle (lives as long as its thread).
struct SolverSp(sol::cusolverSpHandle_t);

impl LibraryHandle for SolverSp {
    const LIBRARY: &'static str = "cuSOLVER";
    fn create(_ordinal: usize) -> cuprum_core::Result<Self> {
        let mut h: sol::cusolverSpHandle_t = null_mut();
        // SAFETY: writes one handle through a valid pointer; the device's context is current.
        sol_status("cusolverSpCreate", unsafe { sol::cusolverSpCreate(&mut h) })?;
        Ok(SolverSp(h))
    }
    fn set_stream(&mut self, stream: &ext::cuda::Stream) -> cuprum_core::Result<()> {
        // SAFETY: a live handle and a live stream of the same device.
        sol_status("cusolverSpSetStream", unsafe {
            sol::cusolverSpSetStream(self.0, stream.raw() as sol::cudaStream_t)
        })
    }
}

impl Drop for SolverSp {
    fn drop(&mut self) {
        // SAFETY: created by cusolverSpCreate, owned by one thread's handle map and destroyed
        // once, when that thread ends; the device's primary context is retained for the
        // process's lifetime. (Without this every thread leaked the handle's internal cuBLAS
        // workspace, 64 MiB: compute-sanitizer's leak check, 2026-12-02.)
        unsafe { sol::cusolverSpDestroy(self.0) };
    }
}

/// A cuSPARSE handle of this module (separate from the kernels' so that the modules stay
/// independent; one per thread and device).
struct Sparse(sp::cusparseHandle_t);

impl Drop for Sparse {
    fn drop(&mut self) {
        // SAFETY: created by cusparseCreate, owned by one thread's handle map, destroyed once
        // when that thread ends; the primary context outlives it.
        unsafe { sp::cusparseDestroy(self.0) };
    }
}

impl LibraryHandle for Sparse {
    const LIBRARY: &'static str = "cuSPARSE";
    fn create(_ordinal: usize) -> cuprum_core::Result<Self> {
        let mut h: sp::cusparseHandle_t = null_mut();
        // SAFETY: writes one handle through a valid pointer; the device's context is current.
        sp_status("cusparseCreate", unsafe { sp::cusparseCreate(&mut h) })?;
        Ok(Sparse(h))
    }
    fn set_stream(&mut self, stream: &ext::cuda::Stream) -> cuprum_core::Result<()> {
        // SAFETY: a live handle and a live stream of the same device.
        sp_status("cusparseSetStream", unsafe {
            sp::cusparseSetStream(self.0, stream.raw() as sp::cudaStream_t)
        })
    }
}

struct MatDescr(sp::cusparseMatDescr_t);
impl Drop for MatDescr {
    fn drop(&mut self) {
        // SAFETY: a descriptor made by cusparseCreateMatDescr, destroyed once.
        unsafe { sp::cusparseDestroyMatDescr(self.0) };
    }
}

/// The matrix as canonical CSR with int32 indices and `dt` values on its device (what
/// cuSOLVER's sparse routines take).
fn prepare(op: &'static str, c: &Compressed, dt: DType) -> Result<(Array, Array, Array)> {
    let (n, _) = c.shape;
    let c = if c.canonical {
        c.clone()
    } else {
        let s = crate::csr_matrix((&c.data, &c.indices, &c.indptr), Some(c.shape))?;
        s.sum_duplicates()?.to_compressed()?
    };
    if c.data.size() > i32::MAX as usize || n > i32::MAX as usize {
        return Err(SparseError::NotSupported {
            op,
            detail: format!(
                "cuSOLVER's sparse QR takes 32-bit indices; the matrix has {} entries",
                c.data.size()
            ),
        });
    }
    let data = ext::as_c_contiguous(&c.data.astype(dt)?)?;
    let indices = ext::as_c_contiguous(&c.indices.astype(DType::Int32)?)?;
    let indptr = ext::as_c_contiguous(&c.indptr.astype(DType::Int32)?)?;
    Ok((data, indices, indptr))
}

/// The fill-reducing ordering `csrlsvqr` is asked for: `CUPRUM_SPSOLVE_REORDER` (read once;
/// 0 none, 1 symrcm, 2 symamd, 3 METIS nested dissection), else 1 as CuPy's `csrlsvqr`.
fn qr_reorder() -> c_int {
    static R: std::sync::OnceLock<c_int> = std::sync::OnceLock::new();
    *R.get_or_init(|| {
        std::env::var("CUPRUM_SPSOLVE_REORDER")
            .ok()
            .and_then(|v| v.trim().parse::<c_int>().ok())
            .filter(|r| (0..=3).contains(r))
            .unwrap_or(1)
    })
}

/// `CUPRUM_SPSOLVE=qr` (read once) turns off the Cholesky attempt of [`spsolve_qr`]: every
/// system then goes to `csrlsvqr`, as in CuPy. Unset or any other value: Cholesky first for
/// Hermitian matrices.
fn qr_only() -> bool {
    static C: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
    *C.get_or_init(|| {
        std::env::var("CUPRUM_SPSOLVE").is_ok_and(|v| v.trim().eq_ignore_ascii_case("qr"))
    })
}

/// `A X = B` on the device by cuSOLVER's sparse direct solvers, one right-hand side per call:
/// `cusolverSp<t>csrlsvchol` (sparse Cholesky, about a third of QR's time on a 2-D Poisson
/// matrix) when `A` equals its conjugate transpose exactly, else — or when Cholesky meets a
/// pivot that is not positive to the tolerance — `cusolverSp<t>csrlsvqr` (sparse QR, CuPy's
/// choice), both with the symrcm ordering. `b` is `(n,)` or `(n, k)` of dtype `dt` on device
/// `o`; an `R(j, j)` with `|R(j, j)| ≤ n·ε·max|aᵢⱼ|` is reported as singular.
pub(crate) fn spsolve_qr(o: usize, c: &Compressed, b: &Array, dt: DType) -> Result<Array> {
    const OP: &str = "spsolve";
    let n = c.shape.0;
    let (data, indices, indptr) = prepare(OP, c, dt)?;
    let amax = if data.size() > 0 {
        cuprum_core::max(&cuprum_core::abs(&data)?, None, false)?
            .item()?
            .as_f64()
    } else {
        0.0
    };
    let tol = (n as f64) * super::util::eps(dt) * amax;
    let k = if b.ndim() == 2 { b.shape()[1] } else { 1 };
    let b2 = ext::as_c_contiguous(&b.astype(dt)?.reshape(&[n as isize, k as isize])?)?;
    // column-major work: one contiguous column per right-hand side
    let bt = ext::as_c_contiguous(&b2.transpose()?)?; // (k, n)
    let xt = cuprum_core::zeros_on(&[k, n], dt, Device::Cuda(o))?;
    let nnz = data.size() as c_int;
    let reorder = qr_reorder();
    // Cholesky first for a Hermitian matrix: one it finds not positive definite (or singular)
    // is solved again by QR, which decides singularity
    let solve = |chol: bool| -> Result<c_int> {
        let mut singular: c_int = -1;
        ext::with_library_handle::<SolverSp, _, Error>(o, |h| {
            let mut d: sp::cusparseMatDescr_t = null_mut();
            // SAFETY: writes one descriptor (general, zero-based by default) through a valid pointer.
            sp_status("cusparseCreateMatDescr", unsafe {
                sp::cusparseCreateMatDescr(&mut d)
            })?;
            let d = MatDescr(d);
            let descr = d.0 as sol::cusparseMatDescr_t;
            for j in 0..k {
                let off = (j * n * dt.itemsize()) as u64;
                let (bp, xp) = (dptr(&bt) + off, dptr(&xt) + off);
                let (vp, rp, cp) = (
                    dptr(&data),
                    dptr(&indptr) as *const c_int,
                    dptr(&indices) as *const c_int,
                );
                // SAFETY: all pointers address live, C-contiguous device buffers of the documented
                // sizes (n + 1 row offsets, nnz int32 indices and values of `dt`, n values of b and
                // x); `singular` is a writable host int. The call is synchronous for `singular`.
                let s = unsafe {
                    match dt {
                        DType::Float32 => (if chol {
                            sol::cusolverSpScsrlsvchol
                        } else {
                            sol::cusolverSpScsrlsvqr
                        })(
                            h.0,
                            n as c_int,
                            nnz,
                            descr,
                            vp as *const f32,
                            rp,
                            cp,
                            bp as *const f32,
                            tol as f32,
                            reorder,
                            xp as *mut f32,
                            &mut singular,
                        ),
                        DType::Float64 => (if chol {
                            sol::cusolverSpDcsrlsvchol
                        } else {
                            sol::cusolverSpDcsrlsvqr
                        })(
                            h.0,
                            n as c_int,
                            nnz,
                            descr,
                            vp as *const f64,
                            rp,
                            cp,
                            bp as *const f64,
                            tol,
                            reorder,
                            xp as *mut f64,
                            &mut singular,
                        ),
                        DType::Complex64 => (if chol {
                            sol::cusolverSpCcsrlsvchol
                        } else {
                            sol::cusolverSpCcsrlsvqr
                        })(
                            h.0,
                            n as c_int,
                            nnz,
                            descr,
                            vp as *const sol::cuComplex,
                            rp,
                            cp,
                            bp as *const sol::cuComplex,
                            tol as f32,
                            reorder,
                            xp as *mut sol::cuComplex,
                            &mut singular,
                        ),
                        _ => (if chol {
                            sol::cusolverSpZcsrlsvchol
                        } else {
                            sol::cusolverSpZcsrlsvqr
                        })(
                            h.0,
                            n as c_int,
                            nnz,
                            descr,
                            vp as *const sol::cuDoubleComplex,
                            rp,
                            cp,
                            bp as *const sol::cuDoubleComplex,
                            tol,
                            reorder,
                            xp as *mut sol::cuDoubleComplex,
                            &mut singular,
                        ),
                    }
                };
                sol_status(
                    if chol {
                        "cusolverSpXcsrlsvchol"
                    } else {
                        "cusolverSpXcsrlsvqr"
                    },
                    s,
                )?;
                if singular >= 0 {
                    break;
                }
            }
            Ok(())
        })?;
        Ok(singular)
    };
    let chol = !qr_only() && super::util::is_hermitian(n, &data, &indices, &indptr)?;
    let mut singular = if chol { solve(true)? } else { -1 };
    if !chol || singular >= 0 {
        singular = solve(false)?;
    }
    if singular >= 0 {
        return Err(SparseError::SingularMatrix {
            op: OP,
            detail: format!(
                " (cuSOLVER sparse QR: R[{singular}, {singular}] is zero to the tolerance {tol:.3e})"
            ),
        });
    }
    let x = ext::as_c_contiguous(&xt.transpose()?)?; // (n, k)
    Ok(if b.ndim() == 1 {
        x.reshape(&[n as isize])?
    } else {
        x
    })
}

/// `x = A⁻¹ b` for triangular CSR `A` by `cusparseSpSV` (one right-hand side per solve, the
/// analysis done once). A non-finite solution (a zero diagonal entry) is reported as singular
/// after one scalar read.
pub(crate) fn spsv(
    o: usize,
    c: &Compressed,
    b: &Array,
    dt: DType,
    lower: bool,
    unit: bool,
) -> Result<Array> {
    const OP: &str = "spsolve_triangular";
    let n = c.shape.0;
    let c = if c.canonical {
        c.clone()
    } else {
        let s = crate::csr_matrix((&c.data, &c.indices, &c.indptr), Some(c.shape))?;
        s.sum_duplicates()?.to_compressed()?
    };
    let it = if c.indices.dtype() == DType::Int64 {
        DType::Int64
    } else {
        DType::Int32
    };
    let data = ext::as_c_contiguous(&c.data.astype(dt)?)?;
    let indices = ext::as_c_contiguous(&c.indices.astype(it)?)?;
    let indptr = ext::as_c_contiguous(&c.indptr.astype(it)?)?;
    let k = if b.ndim() == 2 { b.shape()[1] } else { 1 };
    let b2 = b.astype(dt)?.reshape(&[n as isize, k as isize])?;
    let bt = ext::as_c_contiguous(&b2.transpose()?)?; // (k, n): column j contiguous
    let xt = cuprum_core::zeros_on(&[k, n], dt, Device::Cuda(o))?;
    let vt = match dt {
        DType::Float32 => sp::cudaDataType::CUDA_R_32F,
        DType::Float64 => sp::cudaDataType::CUDA_R_64F,
        DType::Complex64 => sp::cudaDataType::CUDA_C_32F,
        _ => sp::cudaDataType::CUDA_C_64F,
    };
    let ity = if it == DType::Int64 {
        sp::cusparseIndexType_t::CUSPARSE_INDEX_64I
    } else {
        sp::cusparseIndexType_t::CUSPARSE_INDEX_32I
    };
    let mut one = [0u8; 16];
    match dt {
        DType::Float32 => one[..4].copy_from_slice(&1.0f32.to_ne_bytes()),
        DType::Float64 => one[..8].copy_from_slice(&1.0f64.to_ne_bytes()),
        DType::Complex64 => one[..8].copy_from_slice(bytemuck::bytes_of(&Complex32::new(1.0, 0.0))),
        _ => one.copy_from_slice(bytemuck::bytes_of(&Complex64::new(1.0, 0.0))),
    }
    let nt = sp::cusparseOperation_t::CUSPARSE_OPERATION_NON_TRANSPOSE;
    let alg = sp::cusparseSpSVAlg_t::CUSPARSE_SPSV_ALG_DEFAULT;
    ext::with_library_handle::<Sparse, _, Error>(o, |h| {
        let mut a: sp::cusparseSpMatDescr_t = null_mut();
        // SAFETY: the pointers address live device buffers of n + 1 offsets and nnz indices and
        // values of the stated types; cuSPARSE only records them.
        sp_status("cusparseCreateCsr", unsafe {
            sp::cusparseCreateCsr(
                &mut a,
                n as i64,
                n as i64,
                data.size() as i64,
                dptr(&indptr) as *mut c_void,
                dptr(&indices) as *mut c_void,
                dptr(&data) as *mut c_void,
                ity,
                ity,
                sp::cusparseIndexBase_t::CUSPARSE_INDEX_BASE_ZERO,
                vt,
            )
        })?;
        struct Guard(
            sp::cusparseSpMatDescr_t,
            sp::cusparseSpSVDescr_t,
            Vec<sp::cusparseDnVecDescr_t>,
        );
        impl Drop for Guard {
            fn drop(&mut self) {
                // SAFETY: descriptors made by their create functions (or null), destroyed once.
                unsafe {
                    for v in &self.2 {
                        sp::cusparseDestroyDnVec(*v);
                    }
                    if !self.1.is_null() {
                        sp::cusparseSpSV_destroyDescr(self.1);
                    }
                    sp::cusparseDestroySpMat(self.0);
                }
            }
        }
        let mut g = Guard(a, null_mut(), Vec::new());
        let mut fill = if lower {
            sp::cusparseFillMode_t::CUSPARSE_FILL_MODE_LOWER
        } else {
            sp::cusparseFillMode_t::CUSPARSE_FILL_MODE_UPPER
        };
        let mut diag = if unit {
            sp::cusparseDiagType_t::CUSPARSE_DIAG_TYPE_UNIT
        } else {
            sp::cusparseDiagType_t::CUSPARSE_DIAG_TYPE_NON_UNIT
        };
        // SAFETY: a live descriptor; the attribute values are enums of the documented size.
        sp_status("cusparseSpMatSetAttribute", unsafe {
            sp::cusparseSpMatSetAttribute(
                g.0,
                sp::cusparseSpMatAttribute_t::CUSPARSE_SPMAT_FILL_MODE,
                (&mut fill as *mut sp::cusparseFillMode_t).cast(),
                std::mem::size_of::<sp::cusparseFillMode_t>(),
            )
        })?;
        // SAFETY: as above.
        sp_status("cusparseSpMatSetAttribute", unsafe {
            sp::cusparseSpMatSetAttribute(
                g.0,
                sp::cusparseSpMatAttribute_t::CUSPARSE_SPMAT_DIAG_TYPE,
                (&mut diag as *mut sp::cusparseDiagType_t).cast(),
                std::mem::size_of::<sp::cusparseDiagType_t>(),
            )
        })?;
        // SAFETY: writes one descriptor through a valid pointer.
        sp_status("cusparseSpSV_createDescr", unsafe {
            sp::cusparseSpSV_createDescr(&mut g.1)
        })?;
        let mut vecs = Vec::with_capacity(2 * k);
        for j in 0..k {
            let off = (j * n * dt.itemsize()) as u64;
            let (mut vx, mut vy): (sp::cusparseDnVecDescr_t, sp::cusparseDnVecDescr_t) =
                (null_mut(), null_mut());
            // SAFETY: column j of the C-contiguous (k, n) buffers: n values of `dt` each.
            sp_status("cusparseCreateDnVec", unsafe {
                sp::cusparseCreateDnVec(&mut vx, n as i64, (dptr(&bt) + off) as *mut c_void, vt)
            })?;
            g.2.push(vx);
            // SAFETY: as above.
            sp_status("cusparseCreateDnVec", unsafe {
                sp::cusparseCreateDnVec(&mut vy, n as i64, (dptr(&xt) + off) as *mut c_void, vt)
            })?;
            g.2.push(vy);
            vecs.push((vx, vy));
        }
        let mut size = 0usize;
        let (vx0, vy0) = vecs[0];
        // SAFETY: live handle and descriptors; `one` holds 16 readable bytes of the compute type.
        sp_status("cusparseSpSV_bufferSize", unsafe {
            sp::cusparseSpSV_bufferSize(
                h.0,
                nt,
                one.as_ptr().cast(),
                g.0,
                vx0,
                vy0,
                vt,
                alg,
                g.1,
                &mut size,
            )
        })?;
        let ws = ext::cuda::alloc(o, size.max(1))?;
        // SAFETY: as above; `ws` holds `size` bytes and outlives the solves (dropped after).
        sp_status("cusparseSpSV_analysis", unsafe {
            sp::cusparseSpSV_analysis(
                h.0,
                nt,
                one.as_ptr().cast(),
                g.0,
                vx0,
                vy0,
                vt,
                alg,
                g.1,
                ws.device_ptr() as *mut c_void,
            )
        })?;
        for (vx, vy) in vecs {
            // SAFETY: as above, after the analysis of the same matrix.
            sp_status("cusparseSpSV_solve", unsafe {
                sp::cusparseSpSV_solve(h.0, nt, one.as_ptr().cast(), g.0, vx, vy, vt, alg, g.1)
            })?;
        }
        drop(ws);
        drop(g);
        Ok(())
    })?;
    let finite = cuprum_core::isfinite(&xt)?
        .all(None, false)?
        .item()?
        .as_bool();
    if !finite {
        return Err(SparseError::SingularMatrix {
            op: OP,
            detail: " (a zero diagonal entry: the triangular solve is not finite)".into(),
        });
    }
    let x = ext::as_c_contiguous(&xt.transpose()?)?;
    Ok(if b.ndim() == 1 {
        x.reshape(&[n as isize])?
    } else {
        x
    })
}

struct Ilu0Info(sp::csrilu02Info_t);
impl Drop for Ilu0Info {
    fn drop(&mut self) {
        // SAFETY: an info object made by cusparseCreateCsrilu02Info, destroyed once.
        unsafe { sp::cusparseDestroyCsrilu02Info(self.0) };
    }
}

/// ILU(0) of a square CSR matrix on the device by cuSPARSE's `csrilu02` (float32/float64,
/// 32-bit indices): the values of `L` (strictly lower, unit diagonal implicit) and `U` (upper
/// with the diagonal) in `A`'s own pattern, canonical CSR. A structural or numerical zero
/// pivot is [`SparseError::SingularMatrix`] naming its row.
pub(crate) fn csrilu0(o: usize, c: &Compressed, dt: DType) -> Result<Compressed> {
    const OP: &str = "ilu0";
    let n = c.shape.0;
    if !matches!(dt, DType::Float32 | DType::Float64) {
        return Err(SparseError::NotSupported {
            op: OP,
            detail: format!("device ILU(0) of {dt} (float32/float64 only)"),
        });
    }
    let (data, indices, indptr) = prepare(OP, c, dt)?;
    // the factorization overwrites its values: work on a copy
    let vals = data.copy()?;
    let nnz = vals.size();
    let (m, nz) = (n as c_int, nnz as c_int);
    let policy = sp::cusparseSolvePolicy_t::CUSPARSE_SOLVE_POLICY_USE_LEVEL;
    let pivot = ext::with_library_handle::<Sparse, _, Error>(o, |h| {
        let mut d: sp::cusparseMatDescr_t = null_mut();
        // SAFETY: writes one descriptor.
        sp_status("cusparseCreateMatDescr", unsafe {
            sp::cusparseCreateMatDescr(&mut d)
        })?;
        let d = MatDescr(d);
        // SAFETY: a live descriptor.
        sp_status("cusparseSetMatIndexBase", unsafe {
            sp::cusparseSetMatIndexBase(d.0, sp::cusparseIndexBase_t::CUSPARSE_INDEX_BASE_ZERO)
        })?;
        // SAFETY: a live descriptor.
        sp_status("cusparseSetMatType", unsafe {
            sp::cusparseSetMatType(d.0, sp::cusparseMatrixType_t::CUSPARSE_MATRIX_TYPE_GENERAL)
        })?;
        let mut info: sp::csrilu02Info_t = null_mut();
        // SAFETY: writes one info object.
        sp_status("cusparseCreateCsrilu02Info", unsafe {
            sp::cusparseCreateCsrilu02Info(&mut info)
        })?;
        let info = Ilu0Info(info);
        let (v, ri, ci) = (dptr(&vals), dptr(&indptr), dptr(&indices));
        let mut bytes: c_int = 0;
        // SAFETY: the pointers address n + 1 int32 offsets, nnz int32 indices and nnz values of
        // `dt` on this device (C-contiguous); writes the buffer size.
        sp_status("cusparse<t>csrilu02_bufferSize", unsafe {
            if dt == DType::Float32 {
                sp::cusparseScsrilu02_bufferSize(
                    h.0,
                    m,
                    nz,
                    d.0,
                    v as *mut f32,
                    ri as *const c_int,
                    ci as *const c_int,
                    info.0,
                    &mut bytes,
                )
            } else {
                sp::cusparseDcsrilu02_bufferSize(
                    h.0,
                    m,
                    nz,
                    d.0,
                    v as *mut f64,
                    ri as *const c_int,
                    ci as *const c_int,
                    info.0,
                    &mut bytes,
                )
            }
        })?;
        let ws = ext::cuda::alloc(o, (bytes.max(1)) as usize)?;
        let buf = ws.device_ptr() as *mut c_void;
        // SAFETY: as above, with a work buffer of the size asked for.
        sp_status("cusparse<t>csrilu02_analysis", unsafe {
            if dt == DType::Float32 {
                sp::cusparseScsrilu02_analysis(
                    h.0,
                    m,
                    nz,
                    d.0,
                    v as *const f32,
                    ri as *const c_int,
                    ci as *const c_int,
                    info.0,
                    policy,
                    buf,
                )
            } else {
                sp::cusparseDcsrilu02_analysis(
                    h.0,
                    m,
                    nz,
                    d.0,
                    v as *const f64,
                    ri as *const c_int,
                    ci as *const c_int,
                    info.0,
                    policy,
                    buf,
                )
            }
        })?;
        let mut pos: c_int = -1;
        // SAFETY: a live handle and info after the analysis; writes one int (synchronizes).
        let s = unsafe { sp::cusparseXcsrilu02_zeroPivot(h.0, info.0, &mut pos) };
        if s == sp::cusparseStatus_t::CUSPARSE_STATUS_ZERO_PIVOT {
            return Ok(Some(pos));
        }
        // SAFETY: as the analysis; factorizes the values of `vals` in place.
        sp_status("cusparse<t>csrilu02", unsafe {
            if dt == DType::Float32 {
                sp::cusparseScsrilu02(
                    h.0,
                    m,
                    nz,
                    d.0,
                    v as *mut f32,
                    ri as *const c_int,
                    ci as *const c_int,
                    info.0,
                    policy,
                    buf,
                )
            } else {
                sp::cusparseDcsrilu02(
                    h.0,
                    m,
                    nz,
                    d.0,
                    v as *mut f64,
                    ri as *const c_int,
                    ci as *const c_int,
                    info.0,
                    policy,
                    buf,
                )
            }
        })?;
        // SAFETY: as above, after the factorization.
        let s = unsafe { sp::cusparseXcsrilu02_zeroPivot(h.0, info.0, &mut pos) };
        drop(ws);
        Ok((s == sp::cusparseStatus_t::CUSPARSE_STATUS_ZERO_PIVOT).then_some(pos))
    })?;
    if let Some(row) = pivot {
        return Err(SparseError::SingularMatrix {
            op: OP,
            detail: format!(" (zero pivot in row {row})"),
        });
    }
    Ok(Compressed {
        data: vals,
        indices,
        indptr,
        shape: c.shape,
        canonical: true,
    })
}
