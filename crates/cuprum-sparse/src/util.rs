//! Small device-generic helpers built from cuprum-core's public operations.

use crate::{Result, SparseError};
use cuprum_core::sort::Side;
use cuprum_core::{Array, DType, Device, IndexMode};

/// The index dtype for `nnz` stored entries and extents `dims`: int32 when all fit, else int64.
pub(crate) fn idx_dtype(nnz: usize, dims: &[usize]) -> DType {
    let max = dims.iter().copied().fold(nnz, usize::max);
    if max <= i32::MAX as usize {
        DType::Int32
    } else {
        DType::Int64
    }
}

/// The wider of two index dtypes.
pub(crate) fn wider(a: DType, b: DType) -> DType {
    if a == DType::Int64 || b == DType::Int64 {
        DType::Int64
    } else {
        DType::Int32
    }
}

/// `0..n` as a 1-D array of `dtype` on `dev`.
pub(crate) fn arange(n: usize, dtype: DType, dev: Device) -> Result<Array> {
    Ok(cuprum_core::arange_on(
        0i64,
        n as i64,
        1i64,
        Some(dtype),
        dev,
    )?)
}

/// A 1-D array of `n` zeros.
pub(crate) fn zeros(n: usize, dtype: DType, dev: Device) -> Result<Array> {
    Ok(cuprum_core::zeros_on(&[n], dtype, dev)?)
}

/// `a` converted to `dtype` (shared when it already has it).
pub(crate) fn cast(a: &Array, dtype: DType) -> Result<Array> {
    if a.dtype() == dtype {
        Ok(a.clone())
    } else {
        Ok(a.astype(dtype)?)
    }
}

/// The major index of every stored entry of a compressed matrix: entry `k` lies in slice `r`
/// when `indptr[r] <= k < indptr[r + 1]` (a `searchsorted` of `0..nnz` in `indptr[1..]`).
pub(crate) fn expand_major(indptr: &Array, nnz: usize) -> Result<Array> {
    let dt = indptr.dtype();
    let dev = indptr.device();
    if nnz == 0 {
        return zeros(0, dt, dev);
    }
    let tail = indptr.slice(&[cuprum_core::SliceItem::Slice {
        start: Some(1),
        stop: None,
        step: 1,
    }])?;
    let k = arange(nnz, dt, dev)?;
    let r = cuprum_core::searchsorted(&tail, &k, Side::Right, None)?;
    cast(&r, dt)
}

/// `indptr` (`n_major + 1` entries, `dtype`) of entries whose major indices `major` are sorted.
pub(crate) fn indptr_from_sorted(major: &Array, n_major: usize, dtype: DType) -> Result<Array> {
    let dev = major.device();
    if major.size() == 0 {
        return zeros(n_major + 1, dtype, dev);
    }
    let q = arange(n_major + 1, major.dtype(), dev)?;
    let p = cuprum_core::searchsorted(major, &q, Side::Left, None)?;
    cast(&p, dtype)
}

/// The one value of a size-1 array as i64.
pub(crate) fn read_i64(a: &Array) -> Result<i64> {
    Ok(a.item()?.as_i64())
}

/// Largest value of a non-empty integer array.
pub(crate) fn max_i64(a: &Array) -> Result<i64> {
    read_i64(&a.max(None, false)?)
}

/// Smallest value of a non-empty integer array.
pub(crate) fn min_i64(a: &Array) -> Result<i64> {
    read_i64(&a.min(None, false)?)
}

/// `a[idx]` for a 1-D `a` (bounds-checked).
pub(crate) fn take(a: &Array, idx: &Array) -> Result<Array> {
    Ok(cuprum_core::take(a, idx, None, IndexMode::Raise)?)
}

/// `a[mask]` for 1-D `a` and bool `mask`.
pub(crate) fn select(mask: &Array, a: &Array) -> Result<Array> {
    Ok(cuprum_core::compress(mask, a, None)?)
}

/// Concatenation of 1-D arrays (`dtype` when all are empty).
pub(crate) fn concat(parts: &[&Array]) -> Result<Array> {
    Ok(cuprum_core::concatenate(parts, 0)?)
}

/// `a * b` with an overflow check, as a [`cuprum_core::Error::BadShape`] of `op` naming
/// `shape`.
pub(crate) fn checked_mul(op: &'static str, a: usize, b: usize) -> Result<usize> {
    a.checked_mul(b).ok_or_else(|| {
        SparseError::bad_shape(op, "shape", &[a, b], "a size a × b that fits in usize")
    })
}

/// NumPy's `result_type` of two dtypes.
pub(crate) fn promote(a: DType, b: DType) -> DType {
    DType::promote(a, b)
}

/// Python's `repr` of a float (`1.0`, `0.1`, `1e-07`, `1e+16`, `nan`, `inf`), from Rust's
/// shortest round-trip digits (`digits` is Rust's `{:e}` output of the value).
pub(crate) fn py_float(digits: String) -> String {
    if digits.contains("NaN") {
        return "nan".into();
    }
    if digits.contains("inf") {
        return if digits.starts_with('-') {
            "-inf".into()
        } else {
            "inf".into()
        };
    }
    let (mant, exp) = match digits.split_once('e') {
        Some((m, e)) => (m.to_string(), e.parse::<i32>().unwrap_or(0)),
        None => (digits.clone(), 0),
    };
    let neg = mant.starts_with('-');
    let mant = mant.trim_start_matches('-');
    let ds: String = mant.chars().filter(|c| c.is_ascii_digit()).collect();
    let sign = if neg { "-" } else { "" };
    if (-4..16).contains(&exp) {
        let point = exp + 1; // digits before the decimal point
        let s = if point <= 0 {
            format!("0.{}{}", "0".repeat((-point) as usize), ds)
        } else if point as usize >= ds.len() {
            format!("{}{}.0", ds, "0".repeat(point as usize - ds.len()))
        } else {
            format!("{}.{}", &ds[..point as usize], &ds[point as usize..])
        };
        format!("{sign}{s}")
    } else {
        let m = if ds.len() > 1 {
            format!("{}.{}", &ds[..1], &ds[1..])
        } else {
            ds.clone()
        };
        let es = if exp < 0 { '-' } else { '+' };
        format!("{sign}{m}e{es}{:02}", exp.abs())
    }
}

/// The `(rows, cols)` of a 2-D `a`; [`SparseError::InvalidShape`] saying `detail` otherwise.
pub(crate) fn shape2d(
    op: &'static str,
    a: &cuprum_core::Array,
    detail: &str,
) -> Result<(usize, usize), crate::SparseError> {
    match *a.shape() {
        [m, n] => Ok((m, n)),
        _ => Err(crate::SparseError::invalid_shape(op, a.shape(), detail)),
    }
}

#[cfg(test)]
mod tests {
    use super::py_float;
    #[test]
    fn python_float_repr() {
        let f = |x: f64| py_float(format!("{x:e}"));
        assert_eq!(f(1.0), "1.0");
        assert_eq!(f(0.1), "0.1");
        assert_eq!(f(1e-7), "1e-07");
        assert_eq!(f(1e16), "1e+16");
        assert_eq!(f(123.5), "123.5");
        assert_eq!(f(-2.5e-5), "-2.5e-05");
        assert_eq!(f(0.0001), "0.0001");
        assert_eq!(f(1e15), "1000000000000000.0");
        assert_eq!(py_float(format!("{:e}", 0.1f32)), "0.1");
    }
}
