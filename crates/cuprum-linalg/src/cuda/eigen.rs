//! The Hermitian eigensolver (`syevd`).

use super::bindings::{Solver, with_solver};
use super::handle::{buffer, check, check_illegal, cuda_ordinal, infos, ptr, to_i32, with_handle};
use super::pack::{check_finite, pack, unpack};
use crate::Uplo;
use crate::error::{LinalgError, Result};
use cudarc::cusolver::sys as cs;
use cuprum_core::{Array, DType};

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
