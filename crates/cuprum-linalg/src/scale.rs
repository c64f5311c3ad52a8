//! LAPACK's driver scaling (`xGEEV`, `xGESDD`, `xGEQRF`'s callers): a matrix whose largest
//! entry lies outside `[smlnum, bignum]` (`smlnum = sqrt(safmin) / eps`, `bignum = 1 / smlnum`:
//! about 6.7e-139 and 1.5e138 in float64, 9.1e-13 and 1.1e12 in float32) is multiplied by a
//! power of two that brings its largest entry to that range before the factorization, and
//! the results that scale with the matrix (eigenvalues, singular values, `R`, the log of the
//! determinant) are multiplied back after it. Powers of two make both steps exact (but for
//! entries far below the largest, which may lose bits when scaled down, as in LAPACK).
//! Without it `eigvals([[1e308, 1e308], [1e308, -1e308]])` overflows inside the
//! factorization where NumPy returns ±1.4142e308, and the singular values of
//! `diag(1e-310, 1e-310)` come out wrong where NumPy returns them exactly (issue 46).
//!
//! The host paths scale each matrix ([`scale_mat`]); the functions with a CUDA path (`qr`,
//! `svd`) scale the whole stack on its device first ([`scale_array`]), above the backend, so
//! both devices get it.

use crate::error::Result;
use crate::host::Field;
use cuprum_core::{Array, DType};
use faer::Mat;

/// `(smlnum, bignum)` of LAPACK's drivers for float32 (`single`) or float64.
fn bounds(single: bool) -> (f64, f64) {
    let (safmin, eps) = if single {
        (f64::from(f32::MIN_POSITIVE), f64::from(f32::EPSILON))
    } else {
        (f64::MIN_POSITIVE, f64::EPSILON)
    };
    let sml = safmin.sqrt() / eps;
    (sml, 1.0 / sml)
}

/// The exponent `e` such that `2^e · anrm` lies in `[smlnum, bignum]`: 0 when `anrm` already
/// does, is 0 or is not finite (|e| stays below 620 in float64 and 110 in float32).
pub(crate) fn exponent(anrm: f64, single: bool) -> i32 {
    let (sml, big) = bounds(single);
    if !anrm.is_finite() || anrm == 0.0 {
        0
    } else if anrm < sml {
        (sml / anrm).log2().ceil() as i32
    } else if anrm > big {
        -((anrm / big).log2().ceil() as i32)
    } else {
        0
    }
}

/// `2^e`, exactly, for `-1022 <= e <= 1023`.
pub(crate) fn pow2(e: i32) -> f64 {
    f64::from_bits(((1023 + i64::from(e)) as u64) << 52)
}

/// `m` scaled into LAPACK's safe range and the exponent used (`None, 0` when `m` is in range
/// already: the common case costs one pass over the entries).
pub(crate) fn scale_mat<T: Field>(m: &Mat<T>) -> (Option<Mat<T>>, i32) {
    let mut anrm = 0.0f64;
    for j in 0..m.ncols() {
        for i in 0..m.nrows() {
            anrm = anrm.max(m[(i, j)].abs_f());
        }
    }
    let e = exponent(anrm, T::REAL_DTYPE == DType::Float32);
    if e == 0 {
        return (None, 0);
    }
    let f = T::from_f(pow2(e));
    (
        Some(Mat::from_fn(m.nrows(), m.ncols(), |i, j| m[(i, j)] * f)),
        e,
    )
}

/// The stack `a` (`(..., M, N)`, computed in `dt`) with each matrix scaled into LAPACK's safe
/// range, on `a`'s device, and the exponent of each matrix; `None` when no matrix needs it
/// (integer inputs never do). Costs a reduction and a download of one value per matrix.
///
/// # Errors
/// The core operations' errors.
pub(crate) fn scale_array(a: &Array, dt: DType) -> Result<Option<(Array, Vec<i32>)>> {
    if a.size() == 0 || !(a.dtype().is_float() || a.dtype().is_complex()) {
        return Ok(None);
    }
    let single = dt.real_dtype() == DType::Float32;
    let amax = cuprum_core::abs(a)?
        .max([-2isize, -1], false)?
        .astype(DType::Float64)?
        .to_vec::<f64>()?;
    let es: Vec<i32> = amax.iter().map(|&x| exponent(x, single)).collect();
    if es.iter().all(|&e| e == 0) {
        return Ok(None);
    }
    let scaled = cuprum_core::multiply(&a.astype(dt)?, &factors(a, &es, 2, 1)?)?;
    Ok(Some((scaled, es)))
}

/// `x` (a stack result, `(..., *trailing)` with `trailing` axes after the batch) with each
/// matrix's part multiplied by `2^-e`: undoes [`scale_array`] on a result that scales with
/// the matrix.
///
/// # Errors
/// The core operations' errors.
pub(crate) fn unscale(x: &Array, es: &[i32], trailing: usize) -> Result<Array> {
    Ok(cuprum_core::multiply(x, &factors(x, es, trailing, -1)?)?)
}

/// `2^(sign·e)` per matrix, shaped `(batch..., 1 × trailing)` to broadcast against `like`,
/// in `like`'s real dtype on its device.
fn factors(like: &Array, es: &[i32], trailing: usize, sign: i32) -> Result<Array> {
    let nd = like.ndim();
    let mut shape = like.shape()[..nd.saturating_sub(trailing)].to_vec();
    shape.extend(std::iter::repeat_n(1, trailing.min(nd)));
    let v: Vec<f64> = es.iter().map(|&e| pow2(sign * e)).collect();
    let f = Array::from_vec_on(v, shape.as_slice(), like.device())?;
    Ok(f.astype(like.dtype().real_dtype())?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exponents_bring_the_largest_entry_into_range() {
        let (sml, big) = bounds(false);
        assert_eq!(exponent(1.0, false), 0);
        assert_eq!(exponent(0.0, false), 0);
        assert_eq!(exponent(f64::NAN, false), 0);
        for x in [1e308, 1e-310, 5e-324, 1e200, 1e-200] {
            let y = x * pow2(exponent(x, false));
            assert!((sml..=2.0 * big).contains(&y), "{x} -> {y}");
        }
        let (sml, big) = bounds(true);
        for x in [3e38f64, 1e-44, 1e20] {
            let y = x * pow2(exponent(x, true));
            assert!((sml..=2.0 * big).contains(&y), "{x} -> {y}");
        }
        assert_eq!(pow2(0), 1.0);
        assert_eq!(pow2(-1022), f64::MIN_POSITIVE);
        assert_eq!(pow2(10), 1024.0);
    }
}
