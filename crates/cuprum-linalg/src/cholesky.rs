//! `cholesky`.

use crate::Uplo;
use crate::error::{LinalgError, Result};
use crate::host::{self, Field, Stack, with_field};
use cuprum_core::Array;
use faer::{Mat, Side};

/// The Cholesky factor of each Hermitian positive-definite matrix, like
/// `numpy.linalg.cholesky(a, upper=...)`.
///
/// **Shapes**: `(..., M, M) -> (..., M, M)`. With [`Uplo::Lower`] only the lower triangle of
/// `a` is read and `L` (lower, `a = L @ L^H`) is returned; with [`Uplo::Upper`] only the upper
/// triangle is read and `U` (upper, `a = U^H @ U`) is returned.
///
/// # Errors
/// Non-square input; [`LinalgError::NotPositiveDefinite`] naming the failing index;
/// [`LinalgError::NonFinite`].
///
/// Algorithm: cuSOLVER `potrf` (batched: `potrfBatched`) on CUDA; faer's LLT on the CPU.
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_linalg::Uplo;
/// let a = Array::from_vec_on(vec![4.0f64, 2.0, 2.0, 5.0], &[2, 2], Device::Cpu).unwrap();
/// let l = cuprum_linalg::cholesky(&a, Uplo::Lower).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(l, vec![2.0, 0.0, 1.0, 2.0]);
/// ```
pub fn cholesky(a: &Array, uplo: Uplo) -> Result<Array> {
    let op = "cholesky";
    let (batch, n) = host::square_shape(op, a.shape())?;
    let dt = host::compute_dtype(op, a.dtype())?;
    if let Some(r) = crate::cuda::cholesky(a, dt, uplo) {
        return r;
    }
    with_field!(dt, T => {
        let s = Stack::<T>::read(op, a, true)?;
        let count = s.count();
        let mut mats = cuprum_core::ext::try_vec_with_capacity(count)?;
        for i in 0..count {
            let h = host::hermitian_from(&s.mat(i), uplo == Uplo::Lower);
            let llt = h
                .llt(Side::Lower)
                .map_err(|faer::linalg::cholesky::llt::factor::LltError::NonPositivePivot { index }| {
                    LinalgError::not_pd(op, index, i, count)
                })?;
            let l = llt.L();
            let f: Mat<T> = if uplo == Uplo::Lower {
                Mat::from_fn(n, n, |p, q| if p >= q { l[(p, q)] } else { T::from_f(0.0) })
            } else {
                Mat::from_fn(n, n, |p, q| if p <= q { l[(q, p)].conj_() } else { T::from_f(0.0) })
            };
            mats.push(f);
        }
        host::write_mats(&batch, n, n, &mats, a.device())
    })
}
