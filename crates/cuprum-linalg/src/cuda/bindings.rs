//! The cuSOLVER routines of each element type behind one trait ([`Solver`]), so a driver is
//! written once for float32, float64, complex64 and complex128.
//!
//! One table below lists each routine once (the trait method's arguments and the cuSOLVER
//! call they become); one row per element type names its cuSOLVER functions in the table's
//! order. `solver_family!` writes the trait and its four implementations from them.

// The FFI wrappers mirror cuSOLVER's argument lists one to one.
#![allow(clippy::too_many_arguments)]

use cudarc::cusolver::sys as cs;

pub(super) type Ptr = u64;
type Handle = cs::cusolverDnHandle_t;
type Fill = cs::cublasFillMode_t;
type Eig = cs::cusolverEigMode_t;

macro_rules! solver_family {
    (routines $routines:tt $( $marker:ident($ct:ty, $rt:ty): $funcs:tt; )*) => {
        solver_family!(@trait $routines);
        $(
            pub(crate) struct $marker;
            impl Solver for $marker {
                type Elem = $ct;
                type Real = $rt;
                const ITEM: usize = std::mem::size_of::<$ct>();
                const S_GETRF: &'static str = solver_family!(@second $funcs);
                solver_family!(@methods $funcs $routines);
            }
        )*
    };
    (@trait { $( fn $method:ident($($arg:ident: $ty:ty),*) => ($($call:expr),*); )* }) => {
        /// The cuSOLVER routines of one element type; pointers are device addresses.
        pub(crate) trait Solver {
            /// The element type as cuSOLVER declares it.
            type Elem;
            /// The real type of the element type (eigenvalues, singular values).
            type Real;
            /// The element size in bytes.
            const ITEM: usize;
            /// The name of the type's `getrf` routine (for errors).
            const S_GETRF: &'static str;
            $(
                /// # Safety
                /// Device pointers must address buffers of the sizes cuSOLVER documents for
                /// the arguments.
                unsafe fn $method($($arg: $ty),*) -> cs::cusolverStatus_t;
            )*
        }
    };
    (@methods [$($func:ident)*] { $( fn $method:ident($($arg:ident: $ty:ty),*) => ($($call:expr),*); )* }) => {
        $(
            unsafe fn $method($($arg: $ty),*) -> cs::cusolverStatus_t {
                // SAFETY: forwarded from the caller's contract.
                unsafe { cs::$func($($call),*) }
            }
        )*
    };
    (@second [$first:ident $second:ident $($rest:ident)*]) => {
        stringify!($second)
    };
}

solver_family! {
    routines {
        fn getrf_buf(h: Handle, m: i32, n: i32, a: Ptr, lda: i32, lwork: &mut i32)
            => (h, m, n, a as *mut Self::Elem, lda, lwork);
        fn getrf(h: Handle, m: i32, n: i32, a: Ptr, lda: i32, work: Ptr, ipiv: Ptr, info: Ptr)
            => (h, m, n, a as *mut Self::Elem, lda, work as *mut Self::Elem, ipiv as *mut i32, info as *mut i32);
        fn getrs(h: Handle, n: i32, nrhs: i32, a: Ptr, lda: i32, ipiv: Ptr, b: Ptr, ldb: i32, info: Ptr)
            => (h, cs::cublasOperation_t::CUBLAS_OP_N, n, nrhs, a as *const Self::Elem, lda, ipiv as *const i32, b as *mut Self::Elem, ldb, info as *mut i32);
        fn potrf_buf(h: Handle, uplo: Fill, n: i32, a: Ptr, lda: i32, lwork: &mut i32)
            => (h, uplo, n, a as *mut Self::Elem, lda, lwork);
        fn potrf(h: Handle, uplo: Fill, n: i32, a: Ptr, lda: i32, work: Ptr, lwork: i32, info: Ptr)
            => (h, uplo, n, a as *mut Self::Elem, lda, work as *mut Self::Elem, lwork, info as *mut i32);
        fn geqrf_buf(h: Handle, m: i32, n: i32, a: Ptr, lda: i32, lwork: &mut i32)
            => (h, m, n, a as *mut Self::Elem, lda, lwork);
        fn geqrf(h: Handle, m: i32, n: i32, a: Ptr, lda: i32, tau: Ptr, work: Ptr, lwork: i32, info: Ptr)
            => (h, m, n, a as *mut Self::Elem, lda, tau as *mut Self::Elem, work as *mut Self::Elem, lwork, info as *mut i32);
        fn orgqr_buf(h: Handle, m: i32, n: i32, k: i32, a: Ptr, lda: i32, tau: Ptr, lwork: &mut i32)
            => (h, m, n, k, a as *const Self::Elem, lda, tau as *const Self::Elem, lwork);
        fn orgqr(h: Handle, m: i32, n: i32, k: i32, a: Ptr, lda: i32, tau: Ptr, work: Ptr, lwork: i32, info: Ptr)
            => (h, m, n, k, a as *mut Self::Elem, lda, tau as *const Self::Elem, work as *mut Self::Elem, lwork, info as *mut i32);
        fn syevd_buf(h: Handle, jobz: Eig, uplo: Fill, n: i32, a: Ptr, lda: i32, w: Ptr, lwork: &mut i32)
            => (h, jobz, uplo, n, a as *const Self::Elem, lda, w as *const Self::Real, lwork);
        fn syevd(h: Handle, jobz: Eig, uplo: Fill, n: i32, a: Ptr, lda: i32, w: Ptr, work: Ptr, lwork: i32, info: Ptr)
            => (h, jobz, uplo, n, a as *mut Self::Elem, lda, w as *mut Self::Real, work as *mut Self::Elem, lwork, info as *mut i32);
        fn gesvdj_buf(h: Handle, jobz: Eig, econ: i32, m: i32, n: i32, a: Ptr, lda: i32, s: Ptr, u: Ptr, ldu: i32, v: Ptr, ldv: i32, lwork: &mut i32, p: cs::gesvdjInfo_t)
            => (h, jobz, econ, m, n, a as *const Self::Elem, lda, s as *const Self::Real, u as *const Self::Elem, ldu, v as *const Self::Elem, ldv, lwork, p);
        fn gesvdj(h: Handle, jobz: Eig, econ: i32, m: i32, n: i32, a: Ptr, lda: i32, s: Ptr, u: Ptr, ldu: i32, v: Ptr, ldv: i32, work: Ptr, lwork: i32, info: Ptr, p: cs::gesvdjInfo_t)
            => (h, jobz, econ, m, n, a as *mut Self::Elem, lda, s as *mut Self::Real, u as *mut Self::Elem, ldu, v as *mut Self::Elem, ldv, work as *mut Self::Elem, lwork, info as *mut i32, p);
    }
    S(f32, f32): [cusolverDnSgetrf_bufferSize cusolverDnSgetrf cusolverDnSgetrs cusolverDnSpotrf_bufferSize cusolverDnSpotrf cusolverDnSgeqrf_bufferSize cusolverDnSgeqrf cusolverDnSorgqr_bufferSize cusolverDnSorgqr cusolverDnSsyevd_bufferSize cusolverDnSsyevd cusolverDnSgesvdj_bufferSize cusolverDnSgesvdj];
    D(f64, f64): [cusolverDnDgetrf_bufferSize cusolverDnDgetrf cusolverDnDgetrs cusolverDnDpotrf_bufferSize cusolverDnDpotrf cusolverDnDgeqrf_bufferSize cusolverDnDgeqrf cusolverDnDorgqr_bufferSize cusolverDnDorgqr cusolverDnDsyevd_bufferSize cusolverDnDsyevd cusolverDnDgesvdj_bufferSize cusolverDnDgesvdj];
    C(cs::cuComplex, f32): [cusolverDnCgetrf_bufferSize cusolverDnCgetrf cusolverDnCgetrs cusolverDnCpotrf_bufferSize cusolverDnCpotrf cusolverDnCgeqrf_bufferSize cusolverDnCgeqrf cusolverDnCungqr_bufferSize cusolverDnCungqr cusolverDnCheevd_bufferSize cusolverDnCheevd cusolverDnCgesvdj_bufferSize cusolverDnCgesvdj];
    Z(cs::cuDoubleComplex, f64): [cusolverDnZgetrf_bufferSize cusolverDnZgetrf cusolverDnZgetrs cusolverDnZpotrf_bufferSize cusolverDnZpotrf cusolverDnZgeqrf_bufferSize cusolverDnZgeqrf cusolverDnZungqr_bufferSize cusolverDnZungqr cusolverDnZheevd_bufferSize cusolverDnZheevd cusolverDnZgesvdj_bufferSize cusolverDnZgesvdj];
}
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
