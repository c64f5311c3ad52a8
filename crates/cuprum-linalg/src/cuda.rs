//! The CUDA path: safe wrappers over cuSOLVER's dense routines (`cudarc::cusolver::sys`, raw
//! bindings) for arrays on a CUDA device.
//!
//! Each dispatch function returns `None` when the input is not on a CUDA device (the caller
//! then runs the CPU path) and `Some(result)` otherwise.
//!
//! **Layout.** cuSOLVER is column-major. Inputs are packed into a fresh buffer whose matrices
//! are column-major copies of the (possibly strided, possibly differently typed) input, made
//! by one strided copy-with-cast on the device (`ext::prim::copy` with a Fortran-ordered
//! destination layout), so cuSOLVER factors `A` itself, never `A^T`. Outputs are unpacked the
//! same way into C-contiguous arrays. Every routine's workspace size is queried first, the
//! `info` output of every matrix is checked after the calls (one synchronization per
//! operation), and all work is ordered on the device's current stream.

// The FFI wrappers mirror cuSOLVER's argument lists one to one.
#![allow(clippy::too_many_arguments)]

use crate::error::{LinalgError, Result};
use crate::{QrMode, Uplo};
use cudarc::cusolver::sys as cs;
use cuprum_core::ext::{self, prim};
use cuprum_core::{Array, DType, Device, Layout, UnaryOp};

/// The ordinal of a CUDA array, `None` for a CPU one.
fn cuda_ordinal(a: &Array) -> Option<usize> {
    match a.device() {
        Device::Cuda(i) => Some(i),
        _ => None,
    }
}

fn lib_err(op: &'static str, routine: &'static str, s: cs::cusolverStatus_t) -> LinalgError {
    cuprum_core::Error::CudaLibrary {
        op,
        library: "cuSOLVER",
        status: format!("{routine}: {s:?}"),
    }
    .into()
}

/// Checks a cuSOLVER status.
fn check(op: &'static str, routine: &'static str, s: cs::cusolverStatus_t) -> Result<()> {
    if s == cs::cusolverStatus_t::CUSOLVER_STATUS_SUCCESS {
        Ok(())
    } else {
        Err(lib_err(op, routine, s))
    }
}

/// This thread's cuSOLVER handle of one device, kept by [`ext::with_library_handle`].
struct DnHandle(cudarc::cusolver::DnHandle);

impl ext::LibraryHandle for DnHandle {
    const LIBRARY: &'static str = "libcusolver";

    fn create(ordinal: usize) -> cuprum_core::Result<Self> {
        // SAFETY: only probes the dynamic loader for the library; no cuSOLVER call is made.
        if !unsafe { cs::is_culib_present() } {
            return Err(cuprum_core::Error::LibraryNotFound {
                library: "libcusolver",
                detail: format!("cuda:{ordinal} needs cuSOLVER for this operation"),
            });
        }
        let stream = ext::cuda::current_stream(ordinal)?;
        cudarc::cusolver::DnHandle::new(stream)
            .map(DnHandle)
            .map_err(|e| cuprum_core::Error::CudaLibrary {
                op: "cuSOLVER handle",
                library: "cuSOLVER",
                status: format!("cusolverDnCreate: {:?}", e.0),
            })
    }

    fn set_stream(&mut self, stream: &cuprum_core::cuda::Stream) -> cuprum_core::Result<()> {
        if !std::sync::Arc::ptr_eq(self.0.stream(), stream.cuda_stream()) {
            // SAFETY: the handle is used only by this thread, and only on `stream` from now
            // on; work queued on the previous stream stays ordered there.
            unsafe { self.0.set_stream(stream.cuda_stream().clone()) }.map_err(|e| {
                cuprum_core::Error::CudaLibrary {
                    op: "cuSOLVER handle",
                    library: "cuSOLVER",
                    status: format!("cusolverDnSetStream: {:?}", e.0),
                }
            })?;
        }
        Ok(())
    }
}

/// Runs `f` with this thread's cuSOLVER handle for device `ordinal`, bound to the device's
/// current stream.
fn with_handle<R>(
    _op: &'static str,
    ordinal: usize,
    f: impl FnOnce(cs::cusolverDnHandle_t) -> Result<R>,
) -> Result<R> {
    ext::with_library_handle(ordinal, |h: &mut DnHandle| f(h.0.cu()))
}

/// The device address of element 0 of a C-contiguous device array.
fn ptr(a: &Array) -> u64 {
    a.device_ptr().unwrap_or(0)
}

/// C strides of the batch axes for matrices `mat_stride` elements apart.
fn batch_strides(batch: &[usize], mat_stride: usize) -> Vec<isize> {
    let mut s = vec![0isize; batch.len()];
    let mut acc = mat_stride as isize;
    for k in (0..batch.len()).rev() {
        s[k] = acc;
        acc *= batch[k] as isize;
    }
    s
}

/// The layout of a stack of column-major `rows x cols` blocks with leading dimension `ld`,
/// `mat_stride` elements apart, starting at `offset`.
fn fortran_layout(
    batch: &[usize],
    rows: usize,
    cols: usize,
    ld: usize,
    mat_stride: usize,
    offset: usize,
) -> Layout {
    let mut shape = batch.to_vec();
    shape.extend([rows, cols]);
    let mut strides = batch_strides(batch, mat_stride);
    strides.extend([1, ld as isize]);
    Layout {
        shape,
        strides,
        offset,
    }
}

/// A new device buffer of `n` elements (at least 1).
fn buffer(n: usize, dtype: DType, dev: Device) -> Result<Array> {
    Ok(Array::empty_on(&[n.max(1)], dtype, dev)?)
}

/// Packs `a (..., m, n)` (any layout, any dtype) into a new buffer of column-major matrices
/// with leading dimension `m` and `cols_alloc >= n` allocated columns, cast to `dt`.
fn pack(a: &Array, batch: &[usize], cols_alloc: usize, dt: DType) -> Result<Array> {
    let nd = a.ndim();
    let (m, n) = (a.shape()[nd - 2], a.shape()[nd - 1]);
    let count: usize = batch.iter().product();
    let buf = buffer(count * m * cols_alloc, dt, a.device())?;
    if count * m * n > 0 {
        let src = a.broadcast_to(&[batch, &[m, n][..]].concat())?;
        let dl = fortran_layout(batch, m, n, m, m * cols_alloc, 0);
        prim::copy(ext::view(&src), ext::view_as(&buf, &dl, buf.dtype())?)?;
    }
    Ok(buf)
}

/// Unpacks `rows x cols` column-major blocks (leading dimension `ld`, `mat_stride` apart) of
/// `buf` into a new C-contiguous array `batch + [rows, cols]`; `adjoint` unpacks the conjugate
/// transpose instead (`cols x rows`).
fn unpack(
    buf: &Array,
    batch: &[usize],
    rows: usize,
    cols: usize,
    ld: usize,
    mat_stride: usize,
    adjoint: bool,
) -> Result<Array> {
    let mut l = fortran_layout(batch, rows, cols, ld, mat_stride, 0);
    let nb = batch.len();
    if adjoint {
        l.shape.swap(nb, nb + 1);
        l.strides.swap(nb, nb + 1);
    }
    let out = Array::empty_on(&l.shape.clone(), buf.dtype(), buf.device())?;
    if out.size() > 0 {
        let ol = out.layout().clone();
        if adjoint && buf.dtype().is_complex() {
            prim::unary(
                UnaryOp::Conj,
                ext::view_as(buf, &l, buf.dtype())?,
                ext::view_as(&out, &ol, out.dtype())?,
            )?;
        } else {
            prim::copy(
                ext::view_as(buf, &l, buf.dtype())?,
                ext::view_as(&out, &ol, out.dtype())?,
            )?;
        }
    }
    Ok(out)
}

/// Reports NaN/inf in a device array without copying it to the host: an `isfinite` kernel and
/// an `all` reduction (one small synchronizing read); the mask is downloaded only to name the
/// first bad element.
fn check_finite(op: &'static str, a: &Array) -> Result<()> {
    finite_start(a)?.check(op)
}

/// A finiteness test of an input, queued on the stream and read later ([`Finite::check`]), so
/// a routine can queue its factorization behind it and read both results after one wait.
struct Finite(Option<(Array, Array)>);

/// Queues `isfinite(a)` and its `all` reduction (no synchronization).
fn finite_start(a: &Array) -> Result<Finite> {
    if !a.dtype().is_inexact() || a.size() == 0 {
        return Ok(Finite(None));
    }
    let mask = Array::empty_on(a.shape(), DType::Bool, a.device())?;
    let ml = mask.layout().clone();
    prim::unary(
        UnaryOp::IsFinite,
        ext::view(a),
        ext::view_as(&mask, &ml, mask.dtype())?,
    )?;
    let all = mask.all(cuprum_core::Axes::All, false)?;
    Ok(Finite(Some((mask, all))))
}

impl Finite {
    /// Reads the test (synchronizes): [`LinalgError::NonFinite`] with the first bad index.
    fn check(self, op: &'static str) -> Result<()> {
        let Some((mask, all)) = self.0 else {
            return Ok(());
        };
        if all.item()? == cuprum_core::Scalar::Bool(true) {
            return Ok(());
        }
        let index = mask.to_vec::<bool>()?.iter().position(|&f| !f).unwrap_or(0);
        Err(LinalgError::NonFinite { op, index })
    }
}

/// Reads the `info` outputs (synchronizes).
fn infos(info: &Array) -> Result<Vec<i32>> {
    Ok(info.to_vec::<i32>()?)
}

/// Maps negative `info` values to [`LinalgError::IllegalArgument`].
fn check_illegal(op: &'static str, routine: &'static str, info: &[i32]) -> Result<()> {
    match info.iter().find(|&&i| i < 0) {
        Some(&i) => Err(LinalgError::IllegalArgument {
            op,
            routine,
            argument: -i64::from(i),
        }),
        None => Ok(()),
    }
}

fn to_i32(op: &'static str, n: usize) -> Result<i32> {
    i32::try_from(n).map_err(|_| {
        LinalgError::Core(cuprum_core::Error::unsupported(
            op,
            format!("matrix dimension {n} exceeds cuSOLVER's 32-bit limit"),
        ))
    })
}

type Ptr = u64;

/// The cuSOLVER routines of one element type; pointers are device addresses.
trait Solver {
    const ITEM: usize;
    const S_GETRF: &'static str;
    /// # Safety
    /// Device pointers must address buffers of the sizes cuSOLVER documents for the arguments.
    unsafe fn getrf_buf(
        h: cs::cusolverDnHandle_t,
        m: i32,
        n: i32,
        a: Ptr,
        lda: i32,
        lwork: &mut i32,
    ) -> cs::cusolverStatus_t;
    unsafe fn getrf(
        h: cs::cusolverDnHandle_t,
        m: i32,
        n: i32,
        a: Ptr,
        lda: i32,
        work: Ptr,
        ipiv: Ptr,
        info: Ptr,
    ) -> cs::cusolverStatus_t;
    #[allow(clippy::too_many_arguments)]
    unsafe fn getrs(
        h: cs::cusolverDnHandle_t,
        n: i32,
        nrhs: i32,
        a: Ptr,
        lda: i32,
        ipiv: Ptr,
        b: Ptr,
        ldb: i32,
        info: Ptr,
    ) -> cs::cusolverStatus_t;
    unsafe fn potrf_buf(
        h: cs::cusolverDnHandle_t,
        uplo: cs::cublasFillMode_t,
        n: i32,
        a: Ptr,
        lda: i32,
        lwork: &mut i32,
    ) -> cs::cusolverStatus_t;
    #[allow(clippy::too_many_arguments)]
    unsafe fn potrf(
        h: cs::cusolverDnHandle_t,
        uplo: cs::cublasFillMode_t,
        n: i32,
        a: Ptr,
        lda: i32,
        work: Ptr,
        lwork: i32,
        info: Ptr,
    ) -> cs::cusolverStatus_t;
    unsafe fn geqrf_buf(
        h: cs::cusolverDnHandle_t,
        m: i32,
        n: i32,
        a: Ptr,
        lda: i32,
        lwork: &mut i32,
    ) -> cs::cusolverStatus_t;
    #[allow(clippy::too_many_arguments)]
    unsafe fn geqrf(
        h: cs::cusolverDnHandle_t,
        m: i32,
        n: i32,
        a: Ptr,
        lda: i32,
        tau: Ptr,
        work: Ptr,
        lwork: i32,
        info: Ptr,
    ) -> cs::cusolverStatus_t;
    #[allow(clippy::too_many_arguments)]
    unsafe fn orgqr_buf(
        h: cs::cusolverDnHandle_t,
        m: i32,
        n: i32,
        k: i32,
        a: Ptr,
        lda: i32,
        tau: Ptr,
        lwork: &mut i32,
    ) -> cs::cusolverStatus_t;
    #[allow(clippy::too_many_arguments)]
    unsafe fn orgqr(
        h: cs::cusolverDnHandle_t,
        m: i32,
        n: i32,
        k: i32,
        a: Ptr,
        lda: i32,
        tau: Ptr,
        work: Ptr,
        lwork: i32,
        info: Ptr,
    ) -> cs::cusolverStatus_t;
    #[allow(clippy::too_many_arguments)]
    unsafe fn syevd_buf(
        h: cs::cusolverDnHandle_t,
        jobz: cs::cusolverEigMode_t,
        uplo: cs::cublasFillMode_t,
        n: i32,
        a: Ptr,
        lda: i32,
        w: Ptr,
        lwork: &mut i32,
    ) -> cs::cusolverStatus_t;
    #[allow(clippy::too_many_arguments)]
    unsafe fn syevd(
        h: cs::cusolverDnHandle_t,
        jobz: cs::cusolverEigMode_t,
        uplo: cs::cublasFillMode_t,
        n: i32,
        a: Ptr,
        lda: i32,
        w: Ptr,
        work: Ptr,
        lwork: i32,
        info: Ptr,
    ) -> cs::cusolverStatus_t;
    #[allow(clippy::too_many_arguments)]
    unsafe fn gesvdj_buf(
        h: cs::cusolverDnHandle_t,
        jobz: cs::cusolverEigMode_t,
        econ: i32,
        m: i32,
        n: i32,
        a: Ptr,
        lda: i32,
        s: Ptr,
        u: Ptr,
        ldu: i32,
        v: Ptr,
        ldv: i32,
        lwork: &mut i32,
        p: cs::gesvdjInfo_t,
    ) -> cs::cusolverStatus_t;
    #[allow(clippy::too_many_arguments)]
    unsafe fn gesvdj(
        h: cs::cusolverDnHandle_t,
        jobz: cs::cusolverEigMode_t,
        econ: i32,
        m: i32,
        n: i32,
        a: Ptr,
        lda: i32,
        s: Ptr,
        u: Ptr,
        ldu: i32,
        v: Ptr,
        ldv: i32,
        work: Ptr,
        lwork: i32,
        info: Ptr,
        p: cs::gesvdjInfo_t,
    ) -> cs::cusolverStatus_t;
}

macro_rules! solver {
    ($marker:ident, $ct:ty, $rt:ty, $item:expr, $getrf_b:ident, $getrf:ident, $getrs:ident, $potrf_b:ident, $potrf:ident,
     $geqrf_b:ident, $geqrf:ident, $orgqr_b:ident, $orgqr:ident, $syevd_b:ident, $syevd:ident, $gesvdj_b:ident, $gesvdj:ident) => {
        struct $marker;
        impl Solver for $marker {
            const ITEM: usize = $item;
            const S_GETRF: &'static str = stringify!($getrf);
            unsafe fn getrf_buf(
                h: cs::cusolverDnHandle_t,
                m: i32,
                n: i32,
                a: Ptr,
                lda: i32,
                lwork: &mut i32,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe { cs::$getrf_b(h, m, n, a as *mut $ct, lda, lwork) }
            }
            unsafe fn getrf(
                h: cs::cusolverDnHandle_t,
                m: i32,
                n: i32,
                a: Ptr,
                lda: i32,
                work: Ptr,
                ipiv: Ptr,
                info: Ptr,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe {
                    cs::$getrf(
                        h,
                        m,
                        n,
                        a as *mut $ct,
                        lda,
                        work as *mut $ct,
                        ipiv as *mut i32,
                        info as *mut i32,
                    )
                }
            }
            unsafe fn getrs(
                h: cs::cusolverDnHandle_t,
                n: i32,
                nrhs: i32,
                a: Ptr,
                lda: i32,
                ipiv: Ptr,
                b: Ptr,
                ldb: i32,
                info: Ptr,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe {
                    cs::$getrs(
                        h,
                        cs::cublasOperation_t::CUBLAS_OP_N,
                        n,
                        nrhs,
                        a as *const $ct,
                        lda,
                        ipiv as *const i32,
                        b as *mut $ct,
                        ldb,
                        info as *mut i32,
                    )
                }
            }
            unsafe fn potrf_buf(
                h: cs::cusolverDnHandle_t,
                uplo: cs::cublasFillMode_t,
                n: i32,
                a: Ptr,
                lda: i32,
                lwork: &mut i32,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe { cs::$potrf_b(h, uplo, n, a as *mut $ct, lda, lwork) }
            }
            unsafe fn potrf(
                h: cs::cusolverDnHandle_t,
                uplo: cs::cublasFillMode_t,
                n: i32,
                a: Ptr,
                lda: i32,
                work: Ptr,
                lwork: i32,
                info: Ptr,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe {
                    cs::$potrf(
                        h,
                        uplo,
                        n,
                        a as *mut $ct,
                        lda,
                        work as *mut $ct,
                        lwork,
                        info as *mut i32,
                    )
                }
            }
            unsafe fn geqrf_buf(
                h: cs::cusolverDnHandle_t,
                m: i32,
                n: i32,
                a: Ptr,
                lda: i32,
                lwork: &mut i32,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe { cs::$geqrf_b(h, m, n, a as *mut $ct, lda, lwork) }
            }
            unsafe fn geqrf(
                h: cs::cusolverDnHandle_t,
                m: i32,
                n: i32,
                a: Ptr,
                lda: i32,
                tau: Ptr,
                work: Ptr,
                lwork: i32,
                info: Ptr,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe {
                    cs::$geqrf(
                        h,
                        m,
                        n,
                        a as *mut $ct,
                        lda,
                        tau as *mut $ct,
                        work as *mut $ct,
                        lwork,
                        info as *mut i32,
                    )
                }
            }
            unsafe fn orgqr_buf(
                h: cs::cusolverDnHandle_t,
                m: i32,
                n: i32,
                k: i32,
                a: Ptr,
                lda: i32,
                tau: Ptr,
                lwork: &mut i32,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe { cs::$orgqr_b(h, m, n, k, a as *const $ct, lda, tau as *const $ct, lwork) }
            }
            unsafe fn orgqr(
                h: cs::cusolverDnHandle_t,
                m: i32,
                n: i32,
                k: i32,
                a: Ptr,
                lda: i32,
                tau: Ptr,
                work: Ptr,
                lwork: i32,
                info: Ptr,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe {
                    cs::$orgqr(
                        h,
                        m,
                        n,
                        k,
                        a as *mut $ct,
                        lda,
                        tau as *const $ct,
                        work as *mut $ct,
                        lwork,
                        info as *mut i32,
                    )
                }
            }
            unsafe fn syevd_buf(
                h: cs::cusolverDnHandle_t,
                jobz: cs::cusolverEigMode_t,
                uplo: cs::cublasFillMode_t,
                n: i32,
                a: Ptr,
                lda: i32,
                w: Ptr,
                lwork: &mut i32,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe {
                    cs::$syevd_b(
                        h,
                        jobz,
                        uplo,
                        n,
                        a as *const $ct,
                        lda,
                        w as *const $rt,
                        lwork,
                    )
                }
            }
            unsafe fn syevd(
                h: cs::cusolverDnHandle_t,
                jobz: cs::cusolverEigMode_t,
                uplo: cs::cublasFillMode_t,
                n: i32,
                a: Ptr,
                lda: i32,
                w: Ptr,
                work: Ptr,
                lwork: i32,
                info: Ptr,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe {
                    cs::$syevd(
                        h,
                        jobz,
                        uplo,
                        n,
                        a as *mut $ct,
                        lda,
                        w as *mut $rt,
                        work as *mut $ct,
                        lwork,
                        info as *mut i32,
                    )
                }
            }
            unsafe fn gesvdj_buf(
                h: cs::cusolverDnHandle_t,
                jobz: cs::cusolverEigMode_t,
                econ: i32,
                m: i32,
                n: i32,
                a: Ptr,
                lda: i32,
                s: Ptr,
                u: Ptr,
                ldu: i32,
                v: Ptr,
                ldv: i32,
                lwork: &mut i32,
                p: cs::gesvdjInfo_t,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe {
                    cs::$gesvdj_b(
                        h,
                        jobz,
                        econ,
                        m,
                        n,
                        a as *const $ct,
                        lda,
                        s as *const $rt,
                        u as *const $ct,
                        ldu,
                        v as *const $ct,
                        ldv,
                        lwork,
                        p,
                    )
                }
            }
            unsafe fn gesvdj(
                h: cs::cusolverDnHandle_t,
                jobz: cs::cusolverEigMode_t,
                econ: i32,
                m: i32,
                n: i32,
                a: Ptr,
                lda: i32,
                s: Ptr,
                u: Ptr,
                ldu: i32,
                v: Ptr,
                ldv: i32,
                work: Ptr,
                lwork: i32,
                info: Ptr,
                p: cs::gesvdjInfo_t,
            ) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe {
                    cs::$gesvdj(
                        h,
                        jobz,
                        econ,
                        m,
                        n,
                        a as *mut $ct,
                        lda,
                        s as *mut $rt,
                        u as *mut $ct,
                        ldu,
                        v as *mut $ct,
                        ldv,
                        work as *mut $ct,
                        lwork,
                        info as *mut i32,
                        p,
                    )
                }
            }
        }
    };
}

solver!(
    S,
    f32,
    f32,
    4,
    cusolverDnSgetrf_bufferSize,
    cusolverDnSgetrf,
    cusolverDnSgetrs,
    cusolverDnSpotrf_bufferSize,
    cusolverDnSpotrf,
    cusolverDnSgeqrf_bufferSize,
    cusolverDnSgeqrf,
    cusolverDnSorgqr_bufferSize,
    cusolverDnSorgqr,
    cusolverDnSsyevd_bufferSize,
    cusolverDnSsyevd,
    cusolverDnSgesvdj_bufferSize,
    cusolverDnSgesvdj
);
solver!(
    D,
    f64,
    f64,
    8,
    cusolverDnDgetrf_bufferSize,
    cusolverDnDgetrf,
    cusolverDnDgetrs,
    cusolverDnDpotrf_bufferSize,
    cusolverDnDpotrf,
    cusolverDnDgeqrf_bufferSize,
    cusolverDnDgeqrf,
    cusolverDnDorgqr_bufferSize,
    cusolverDnDorgqr,
    cusolverDnDsyevd_bufferSize,
    cusolverDnDsyevd,
    cusolverDnDgesvdj_bufferSize,
    cusolverDnDgesvdj
);
solver!(
    C,
    cs::cuComplex,
    f32,
    8,
    cusolverDnCgetrf_bufferSize,
    cusolverDnCgetrf,
    cusolverDnCgetrs,
    cusolverDnCpotrf_bufferSize,
    cusolverDnCpotrf,
    cusolverDnCgeqrf_bufferSize,
    cusolverDnCgeqrf,
    cusolverDnCungqr_bufferSize,
    cusolverDnCungqr,
    cusolverDnCheevd_bufferSize,
    cusolverDnCheevd,
    cusolverDnCgesvdj_bufferSize,
    cusolverDnCgesvdj
);
solver!(
    Z,
    cs::cuDoubleComplex,
    f64,
    16,
    cusolverDnZgetrf_bufferSize,
    cusolverDnZgetrf,
    cusolverDnZgetrs,
    cusolverDnZpotrf_bufferSize,
    cusolverDnZpotrf,
    cusolverDnZgeqrf_bufferSize,
    cusolverDnZgeqrf,
    cusolverDnZungqr_bufferSize,
    cusolverDnZungqr,
    cusolverDnZheevd_bufferSize,
    cusolverDnZheevd,
    cusolverDnZgesvdj_bufferSize,
    cusolverDnZgesvdj
);

/// Runs `$body` with `$T` bound to the [`Solver`] of dtype `$dt`.
macro_rules! with_solver {
    ($dt:expr, $T:ident => $body:expr) => {
        match $dt {
            DType::Float32 => {
                type $T = S;
                $body
            }
            DType::Complex64 => {
                type $T = C;
                $body
            }
            DType::Complex128 => {
                type $T = Z;
                $body
            }
            _ => {
                type $T = D;
                $body
            }
        }
    };
}

/// LU-factors `count` packed `n x n` matrices and solves `A X = B` in place in `b`
/// (`nrhs` columns, leading dimension `n`, matrices `n * nrhs` apart). Fails on a zero pivot.
fn lu_solve_packed<T: Solver>(
    op: &'static str,
    ord: usize,
    lu: &Array,
    b: &Array,
    count: usize,
    n: usize,
    nrhs: usize,
) -> Result<()> {
    let dev = lu.device();
    let (ni, ki) = (to_i32(op, n)?, to_i32(op, nrhs)?);
    let ipiv = buffer(count * n, DType::Int32, dev)?;
    let info = cuprum_core::zeros_on(&[count.max(1)], DType::Int32, dev)?;
    let info2 = cuprum_core::zeros_on(&[count.max(1)], DType::Int32, dev)?;
    with_handle(op, ord, |h| {
        let mut lwork = 0i32;
        // SAFETY: `lu` holds `count` column-major n x n matrices (lda = n) on this device.
        check(op, "getrf_bufferSize", unsafe {
            T::getrf_buf(h, ni, ni, ptr(lu), ni, &mut lwork)
        })?;
        let work = buffer(lwork.max(1) as usize, lu.dtype(), dev)?;
        for i in 0..count {
            let a = ptr(lu) + (i * n * n * T::ITEM) as u64;
            let p = ptr(&ipiv) + (i * n * 4) as u64;
            let bi = ptr(b) + (i * n * nrhs * T::ITEM) as u64;
            let inf = ptr(&info) + (i * 4) as u64;
            let inf2 = ptr(&info2) + (i * 4) as u64;
            // SAFETY: matrix i of `lu` (n*n elements), n pivots of `ipiv`, `lwork` elements of
            // `work`, one int of `info`: all live device buffers of the sizes the routine needs.
            check(op, T::S_GETRF, unsafe {
                T::getrf(h, ni, ni, a, ni, ptr(&work), p, inf)
            })?;
            // SAFETY: as above, and n*nrhs elements of `b` for matrix i (ldb = n).
            check(op, "getrs", unsafe {
                T::getrs(h, ni, ki, a, ni, p, bi, ni, inf2)
            })?;
        }
        Ok(())
    })?;
    let i1 = infos(&info)?;
    check_illegal(op, T::S_GETRF, &i1)?;
    if let Some((b, &p)) = i1.iter().enumerate().find(|(_, i)| **i > 0) {
        return Err(LinalgError::singular(op, p as usize - 1, b, count));
    }
    check_illegal(op, "getrs", &infos(&info2)?)
}

pub(crate) fn inv(a: &Array, dt: DType) -> Option<Result<Array>> {
    let ord = cuda_ordinal(a)?;
    Some((|| {
        let op = "inv";
        check_finite(op, a)?;
        let (batch, n) = crate::host::square_shape(op, a.shape())?;
        let count: usize = batch.iter().product();
        let lu = pack(a, &batch, n, dt)?;
        // B = I for every matrix (the identity is its own column-major form).
        let eye = cuprum_core::eye_on(n, None, 0, dt, a.device())?;
        let b = pack(&eye, &batch, n, dt)?;
        if count * n > 0 {
            with_solver!(dt, T => lu_solve_packed::<T>(op, ord, &lu, &b, count, n, n))?;
        }
        unpack(&b, &batch, n, n, n, n * n, false)
    })())
}

pub(crate) fn solve(
    a: &Array,
    b: &Array,
    dt: DType,
    batch: &[usize],
    vector: bool,
) -> Option<Result<Array>> {
    let ord = cuda_ordinal(a)?;
    Some((|| {
        let op = "solve";
        check_finite(op, a)?;
        check_finite(op, b)?;
        let n = a.shape()[a.ndim() - 1];
        let count: usize = batch.iter().product();
        let abig = a.broadcast_to(&[batch, &[n, n][..]].concat())?;
        let lu = pack(&abig, batch, n, dt)?;
        let (bm, k) = if vector {
            let v = b.broadcast_to(&[batch, &[n][..]].concat())?;
            let v = v.reshape(
                &[
                    batch.iter().map(|&x| x as isize).collect::<Vec<_>>(),
                    vec![n as isize, 1],
                ]
                .concat(),
            )?;
            (v, 1)
        } else {
            let k = b.shape()[b.ndim() - 1];
            (b.broadcast_to(&[batch, &[n, k][..]].concat())?, k)
        };
        let rhs = pack(&bm, batch, k, dt)?;
        if count * n * k > 0 {
            with_solver!(dt, T => lu_solve_packed::<T>(op, ord, &lu, &rhs, count, n, k))?;
        }
        let x = unpack(&rhs, batch, n, k, n, n * k, false)?;
        if vector {
            Ok(x.reshape(
                &[
                    batch.iter().map(|&x| x as isize).collect::<Vec<_>>(),
                    vec![n as isize],
                ]
                .concat(),
            )?)
        } else {
            Ok(x)
        }
    })())
}

pub(crate) fn cholesky(a: &Array, dt: DType, uplo: Uplo) -> Option<Result<Array>> {
    let ord = cuda_ordinal(a)?;
    Some((|| {
        let op = "cholesky";
        let (batch, n) = crate::host::square_shape(op, a.shape())?;
        // read after potrf, with its info: one wait instead of two
        let finite = finite_start(a)?;
        let count: usize = batch.iter().product();
        let mut shape = batch.clone();
        shape.extend([n, n]);
        if count * n == 0 {
            finite.check(op)?;
            return Ok(cuprum_core::zeros_on(&shape, dt, a.device())?);
        }
        // CuPy's layout trick: a C-order copy of A read as column-major is Aᵀ (= conj(A) for a
        // Hermitian A), so potrf on the opposite triangle of that buffer factors A with a plain
        // contiguous copy in and no transposing copy out: potrf(UPPER) leaves U with
        // Uᴴ·U = conj(A) in column-major order, which read back in C order is L = Uᵀ with
        // L·Lᴴ = A; likewise potrf(LOWER) gives NumPy's upper factor.
        let buf = Array::empty_on(&shape, dt, a.device())?;
        let bl = buf.layout().clone();
        prim::copy(ext::view(a), ext::view_as(&buf, &bl, buf.dtype())?)?;
        let fill = match uplo {
            Uplo::Lower => cs::cublasFillMode_t::CUBLAS_FILL_MODE_UPPER,
            Uplo::Upper => cs::cublasFillMode_t::CUBLAS_FILL_MODE_LOWER,
        };
        let ni = to_i32(op, n)?;
        let info = cuprum_core::zeros_on(&[count], DType::Int32, a.device())?;
        with_solver!(dt, T => with_handle(op, ord, |h| {
            let mut lwork = 0i32;
            // SAFETY: `buf` holds `count` contiguous n x n matrices (lda = n).
            check(op, "potrf_bufferSize", unsafe { T::potrf_buf(h, fill, ni, ptr(&buf), ni, &mut lwork) })?;
            let work = buffer(lwork.max(1) as usize, dt, a.device())?;
            for i in 0..count {
                let m = ptr(&buf) + (i * n * n * T::ITEM) as u64;
                // SAFETY: matrix i (n*n elements), `lwork` workspace elements, one info int.
                check(op, "potrf", unsafe { T::potrf(h, fill, ni, m, ni, ptr(&work), lwork, ptr(&info) + (i * 4) as u64) })?;
            }
            Ok(())
        }))?;
        // the triangle is queued behind potrf before the one wait for the info values and the
        // finite test, so its launches overlap the factorization (waiting first exposed them:
        // 2048x2048 float64 took 2.24-2.32 ms against CuPy's 2.09-2.13, which does not wait);
        // on an error the result is dropped
        let out = match uplo {
            Uplo::Lower => cuprum_core::tril(&buf, 0)?,
            Uplo::Upper => cuprum_core::triu(&buf, 0)?,
        };
        let inf = infos(&info)?;
        finite.check(op)?;
        check_illegal(op, "potrf", &inf)?;
        if let Some((b, &i)) = inf.iter().enumerate().find(|(_, i)| **i > 0) {
            return Err(LinalgError::not_pd(op, i as usize - 1, b, count));
        }
        Ok(out)
    })())
}

pub(crate) fn qr(a: &Array, dt: DType, mode: QrMode) -> Option<Result<crate::Qr>> {
    let ord = cuda_ordinal(a)?;
    Some((|| {
        let op = "qr";
        let (batch, m, n) = crate::host::matrix_shape(op, a.shape())?;
        // read at the end, with the info values: geqrf, the R copy and orgqr are queued back
        // to back with no wait between them (as CuPy does), and the caller waits once
        let finite = finite_start(a)?;
        let count: usize = batch.iter().product();
        let k = m.min(n);
        // Complete Q needs m columns of room; the factored matrix occupies the first n.
        let cols = if mode == QrMode::Complete {
            m.max(n)
        } else {
            n
        };
        let ms = m * cols;
        let buf = pack(a, &batch, cols, dt)?;
        let tau = buffer(count * k, dt, a.device())?;
        // geqrf's info values, then orgqr's
        let info = cuprum_core::zeros_on(&[2 * count.max(1)], DType::Int32, a.device())?;
        let info_o = ptr(&info) + (4 * count.max(1)) as u64;
        let (mi, ni, ki) = (to_i32(op, m)?, to_i32(op, n)?, to_i32(op, k)?);
        let item = dt.itemsize();
        if count * k > 0 {
            with_solver!(dt, T => with_handle(op, ord, |h| {
                let mut lwork = 0i32;
                // SAFETY: `buf` holds `count` column-major m x n matrices (lda = m).
                check(op, "geqrf_bufferSize", unsafe { T::geqrf_buf(h, mi, ni, ptr(&buf), mi, &mut lwork) })?;
                let work = buffer(lwork.max(1) as usize, dt, a.device())?;
                for i in 0..count {
                    let mp = ptr(&buf) + (i * ms * item) as u64;
                    let tp = ptr(&tau) + (i * k * item) as u64;
                    // SAFETY: matrix i (m x n, lda m), k tau elements, lwork workspace, one info.
                    check(op, "geqrf", unsafe { T::geqrf(h, mi, ni, mp, mi, tp, ptr(&work), lwork, ptr(&info) + (i * 4) as u64) })?;
                }
                Ok(())
            }))?;
        }
        let rrows = if mode == QrMode::Complete { m } else { k };
        let r = cuprum_core::triu(&unpack(&buf, &batch, rrows.min(m), n, m, ms, false)?, 0)?;
        let qcols = if mode == QrMode::Complete { m } else { k };
        let want_q = mode != QrMode::R;
        if want_q && count * qcols > 0 && k > 0 {
            let qi = to_i32(op, qcols)?;
            with_solver!(dt, T => with_handle(op, ord, |h| {
                let mut lwork = 0i32;
                // SAFETY: as for geqrf; orgqr reads k reflectors and writes m x qcols (lda m)
                // inside the `cols >= qcols` allocated columns.
                check(op, "orgqr_bufferSize", unsafe { T::orgqr_buf(h, mi, qi, ki, ptr(&buf), mi, ptr(&tau), &mut lwork) })?;
                let work = buffer(lwork.max(1) as usize, dt, a.device())?;
                for i in 0..count {
                    let mp = ptr(&buf) + (i * ms * item) as u64;
                    let tp = ptr(&tau) + (i * k * item) as u64;
                    // SAFETY: see above; one info int per matrix, after geqrf's.
                    check(op, "orgqr", unsafe { T::orgqr(h, mi, qi, ki, mp, mi, tp, ptr(&work), lwork, info_o + (i * 4) as u64) })?;
                }
                Ok(())
            }))?;
        }
        let q = if want_q {
            Some(unpack(&buf, &batch, m, qcols, m, ms, false)?)
        } else {
            None
        };
        // the one wait: NaN/Inf input first (it makes the factors meaningless), then the info
        // values (only illegal arguments can be reported: Householder QR cannot fail)
        finite.check(op)?;
        let inf = infos(&info)?;
        let (ig, io) = inf.split_at(count.max(1));
        check_illegal(op, "geqrf", ig)?;
        check_illegal(op, "orgqr", io)?;
        Ok(crate::Qr { q, r })
    })())
}

pub(crate) fn eigh(
    a: &Array,
    dt: DType,
    uplo: Uplo,
    vectors: bool,
) -> Option<Result<(Array, Option<Array>)>> {
    let ord = cuda_ordinal(a)?;
    Some((|| {
        let op = if vectors { "eigh" } else { "eigvalsh" };
        check_finite(op, a)?;
        let (batch, n) = crate::host::square_shape(op, a.shape())?;
        let count: usize = batch.iter().product();
        let rdt = dt.real_dtype();
        let buf = pack(a, &batch, n, dt)?;
        let w = buffer(count * n, rdt, a.device())?;
        let fill = match uplo {
            Uplo::Lower => cs::cublasFillMode_t::CUBLAS_FILL_MODE_LOWER,
            Uplo::Upper => cs::cublasFillMode_t::CUBLAS_FILL_MODE_UPPER,
        };
        let jobz = if vectors {
            cs::cusolverEigMode_t::CUSOLVER_EIG_MODE_VECTOR
        } else {
            cs::cusolverEigMode_t::CUSOLVER_EIG_MODE_NOVECTOR
        };
        if count * n > 0 {
            let ni = to_i32(op, n)?;
            let info = cuprum_core::zeros_on(&[count], DType::Int32, a.device())?;
            let (item, ritem) = (dt.itemsize(), rdt.itemsize());
            with_solver!(dt, T => with_handle(op, ord, |h| {
                let mut lwork = 0i32;
                // SAFETY: `buf` holds `count` column-major n x n matrices, `w` count*n reals.
                check(op, "syevd_bufferSize", unsafe { T::syevd_buf(h, jobz, fill, ni, ptr(&buf), ni, ptr(&w), &mut lwork) })?;
                let work = buffer(lwork.max(1) as usize, dt, a.device())?;
                for i in 0..count {
                    let mp = ptr(&buf) + (i * n * n * item) as u64;
                    let wp = ptr(&w) + (i * n * ritem) as u64;
                    // SAFETY: matrix i, its n eigenvalue slots, lwork workspace, one info int.
                    check(op, "syevd", unsafe { T::syevd(h, jobz, fill, ni, mp, ni, wp, ptr(&work), lwork, ptr(&info) + (i * 4) as u64) })?;
                }
                Ok(())
            }))?;
            let inf = infos(&info)?;
            check_illegal(op, "syevd", &inf)?;
            if inf.iter().any(|&i| i > 0) {
                return Err(LinalgError::NoConvergence {
                    op,
                    routine: "cusolverDn<t>syevd",
                });
            }
        }
        let w = w.reshape(
            &[
                batch.iter().map(|&x| x as isize).collect::<Vec<_>>(),
                vec![n as isize],
            ]
            .concat(),
        );
        let w = if count * n == 0 {
            Array::empty_on(&[batch.as_slice(), &[n]].concat(), rdt, a.device())?
        } else {
            w?
        };
        let v = if vectors {
            Some(unpack(&buf, &batch, n, n, n, n * n, false)?)
        } else {
            None
        };
        Ok((w, v))
    })())
}

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
        let (mut dev_bytes, mut host_bytes) = (0usize, 0usize);
        // SAFETY: `buf` is a column-major m x n matrix (lda m), `s` n reals, `u` m x ucols
        // (ldu m), `v` n x vcols (ldv n), all live on this device; the sizes are written to
        // the two locals.
        let st = unsafe {
            cs::cusolverDnXgesvdp_bufferSize(
                h,
                p.0,
                jobz,
                econ,
                mi,
                ni,
                ta,
                ptr(buf) as *const _,
                mi,
                ts,
                ptr(s) as *const _,
                ta,
                ptr(u) as *const _,
                mi,
                ta,
                ptr(v) as *const _,
                ni,
                ta,
                &mut dev_bytes,
                &mut host_bytes,
            )
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
            cs::cusolverDnXgesvdp(
                h,
                p.0,
                jobz,
                econ,
                mi,
                ni,
                ta,
                ptr(buf) as *mut _,
                mi,
                ts,
                ptr(s) as *mut _,
                ta,
                ptr(u) as *mut _,
                mi,
                ta,
                ptr(v) as *mut _,
                ni,
                ta,
                ptr(&dev_ws) as *mut _,
                dev_bytes,
                host_ws.as_mut_ptr().cast(),
                host_bytes,
                ptr(&info) as *mut i32,
                &mut err_sigma,
            )
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
