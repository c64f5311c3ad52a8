//! # cuprum-linalg
//!
//! cuprum's dense linear algebra, with the names and semantics of `numpy.linalg` /
//! `cupy.linalg` (and of `cupyx.scipy.linalg` in [`scipy`]): cuSOLVER on CUDA, faer on the CPU.
//!
//! | function | NumPy | shapes | CPU | CUDA |
//! |---|---|---|---|---|
//! | [`inv`] | `linalg.inv` | `(..., M, M)` | faer LU | `getrf` + `getrs` |
//! | [`solve`] | `linalg.solve` | `(..., M, M)`, `(M,)` or `(..., M, K)` | faer LU | `getrf` + `getrs` |
//! | [`det`], [`slogdet`] | `linalg.det`, `linalg.slogdet` | `(..., M, M) -> (...)` | faer LU | host |
//! | [`cholesky`] | `linalg.cholesky` | `(..., M, M)` | faer LLT | `potrf` |
//! | [`qr`] | `linalg.qr` | `(..., M, N)` | faer Householder QR | `geqrf` + `orgqr` |
//! | [`svd`], [`svdvals`] | `linalg.svd`, `linalg.svdvals` | `(..., M, N)` | faer SVD | `gesvdj` |
//! | [`eigh`], [`eigvalsh`] | `linalg.eigh`, `linalg.eigvalsh` | `(..., M, M)` | faer | `syevd` |
//! | [`eig`], [`eigvals`] | `linalg.eig`, `linalg.eigvals` | `(..., M, M)` | faer QR algorithm | host |
//! | [`lstsq`] | `linalg.lstsq` | `(M, N)`, `(M,)`/`(M, K)` | SVD | host |
//! | [`pinv`], [`matrix_rank`], [`cond`] | same names | `(..., M, N)` | SVD | host |
//! | [`norm`] | `linalg.norm` | any, `axis`, `keepdims` | host | host |
//! | [`matrix_power`] | `linalg.matrix_power` | `(..., M, M)` | faer matmul | host |
//! | [`scipy::solve_triangular`], [`scipy::lu`], [`scipy::lu_factor`], [`scipy::lu_solve`] | `scipy.linalg.*` | `(..., M, N)` | host | host |
//!
//! "host" on CUDA means: the input is copied to the host, computed with the CPU code and the
//! result copied back to the input's device (documented per function).
//!
//! **Dtypes**: float32, float64, complex64, complex128; bool and integer inputs are promoted to
//! float64 as NumPy does; float16/bfloat16 are rejected (as NumPy).
//!
//! **Errors** ([`LinalgError`]): a singular matrix names the zero pivot, a matrix that is not
//! positive definite names the failing index, non-square input is a shape error, and NaN or
//! infinite input to a factorization is reported ([`LinalgError::NonFinite`]) instead of
//! being propagated into a wrong result. [`LinalgError::conformance_class`] maps errors to the
//! conformance corpus' classes.
//!
//! ```
//! use cuprum_core::{Array, Device};
//! let a = Array::from_vec_on(vec![2.0f64, 1.0, 1.0, 3.0], &[2, 2], Device::Cpu).unwrap();
//! let b = Array::from_vec_on(vec![3.0f64, 5.0], &[2], Device::Cpu).unwrap();
//! let x = cuprum_linalg::solve(&a, &b).unwrap().to_vec::<f64>().unwrap();
//! assert!((x[0] - 0.8).abs() < 1e-12 && (x[1] - 1.4).abs() < 1e-12);
//! ```
//!
//! Depends only on `cuprum-core` and outside libraries; re-exported by the `cuprum` facade as
//! `cp::linalg` (and [`scipy`] as `cp::linalg::scipy`, the counterpart of `cupyx.scipy.linalg`).
#![warn(missing_docs)]

#[cfg(test)]
mod bad_input_tests;
mod cholesky;
mod cuda;
mod eig;
mod error;
mod host;
mod lu;
mod norm;
mod qr;
mod scale;
mod schur;
pub mod scipy;
mod scipy_ext;
mod special;
mod svd;
mod tensor;

pub use cholesky::cholesky;
pub use eig::{eig, eigh, eigvals, eigvalsh};
pub use error::{LinalgError, Result};
pub use lu::{det, inv, matrix_power, slogdet, solve};
pub use norm::{NormOrd, cond, norm};
pub use qr::{Qr, QrMode, qr};
pub use svd::{Lstsq, Svd, lstsq, matrix_rank, pinv, svd, svdvals};
pub use tensor::{cross, matrix_transpose, tensorinv, tensorsolve};

/// Which triangle of a Hermitian matrix a routine reads, as NumPy's `UPLO` (`'L'`/`'U'`) and
/// which factor [`cholesky`] returns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Uplo {
    /// the lower triangle (`UPLO='L'`, NumPy's default)
    #[default]
    Lower,
    /// the upper triangle (`UPLO='U'`)
    Upper,
}

impl Uplo {
    /// Parses NumPy's `UPLO` string (`"L"`/`"U"`, either case).
    ///
    /// # Errors
    /// [`cuprum_core::Error::BadArgument`] for anything else.
    ///
    /// ```
    /// assert_eq!(cuprum_linalg::Uplo::parse("U").unwrap(), cuprum_linalg::Uplo::Upper);
    /// ```
    pub fn parse(s: &str) -> Result<Uplo> {
        match s {
            "L" | "l" => Ok(Uplo::Lower),
            "U" | "u" => Ok(Uplo::Upper),
            _ => Err(cuprum_core::Error::bad_argument(
                "Uplo::parse",
                "UPLO",
                format!("{s:?}"),
                "'L' or 'U'",
            )
            .into()),
        }
    }
}
