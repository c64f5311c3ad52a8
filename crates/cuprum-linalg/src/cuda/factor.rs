//! Factorizations: Cholesky (`potrf`) and QR (`geqrf` + `orgqr`).

use super::bindings::{Solver, with_solver};
use super::handle::{buffer, check, check_illegal, cuda_ordinal, infos, ptr, to_i32, with_handle};
use super::pack::{finite_start, pack, unpack};
use crate::error::{LinalgError, Result};
use crate::{QrMode, Uplo};
use cudarc::cusolver::sys as cs;
use cuprum_core::ext::{self, prim};
use cuprum_core::{Array, DType};

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
