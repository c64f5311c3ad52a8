//! Linear solvers: `inv` and `solve` by batched LU (`getrf` + `getrs` per matrix).

use super::bindings::{Solver, with_solver};
use super::handle::{buffer, check, check_illegal, cuda_ordinal, infos, ptr, to_i32, with_handle};
use super::pack::{check_finite, pack, unpack};
use crate::error::{LinalgError, Result};
use cuprum_core::{Array, DType};

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
