//! The cuSOLVER routines of each element type behind one trait ([`Solver`]), so a driver is
//! written once for float32, float64, complex64 and complex128.

// The FFI wrappers mirror cuSOLVER's argument lists one to one.
#![allow(clippy::too_many_arguments)]

use cudarc::cusolver::sys as cs;

pub(super) type Ptr = u64;

/// The cuSOLVER routines of one element type; pointers are device addresses.
pub(crate) trait Solver {
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
        pub(crate) struct $marker;
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
                type $T = $crate::cuda::bindings::S;
                $body
            }
            DType::Complex64 => {
                type $T = $crate::cuda::bindings::C;
                $body
            }
            DType::Complex128 => {
                type $T = $crate::cuda::bindings::Z;
                $body
            }
            _ => {
                type $T = $crate::cuda::bindings::D;
                $body
            }
        }
    };
}
pub(crate) use with_solver;
