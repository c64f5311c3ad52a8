//! The compute kernels of the sparse formats: products (SpMV, SpMM, SpGEMM), the transpose
//! (CSR → CSC) and COO → CSR, on the plain parts of [`crate::parts`].
//!
//! Every function here checks its operands ([`check_compressed`], [`check_coo`]) and dispatches
//! by device: the CPU kernels are rayon code of our own (`cpu.rs`); on CUDA the float and
//! complex dtypes go to cuSPARSE's generic API and everything else (integers, bool, float16,
//! bfloat16, non-canonical operands, more than 2^31 stored entries) to NVRTC kernels of our own
//! (`cuda/`). Results follow NumPy 2's promotion (`result_type(data, x)`); bool data multiplies
//! as AND and sums as OR. No function mutates its operands.

#![cfg_attr(not(test), allow(dead_code))]

pub(crate) mod cpu;
pub(crate) mod cuda;

use crate::SparseError;
use crate::parts::{Compressed, Coo};
use cuprum_core::{Array, DType, Device};

/// The index dtypes a sparse matrix may have.
pub(crate) fn is_index_dtype(d: DType) -> bool {
    matches!(d, DType::Int32 | DType::Int64)
}

/// The checks every format's parts share: the two index arrays of `names` (after the data)
/// share one index dtype, and all three are 1-D.
fn check_index_parts(
    op: &'static str,
    names: [&str; 3],
    [data, i1, i2]: [&Array; 3],
) -> Result<(), SparseError> {
    let bad = |detail: String| SparseError::invalid_format(op, detail);
    let [d, n1, n2] = names;
    if !is_index_dtype(i1.dtype()) || i1.dtype() != i2.dtype() {
        return Err(bad(format!(
            "{n1} ({}) and {n2} ({}) must share one index dtype, int32 or int64",
            i1.dtype(),
            i2.dtype()
        )));
    }
    if data.ndim() != 1 || i1.ndim() != 1 || i2.ndim() != 1 {
        return Err(bad(format!(
            "{d}, {n1} and {n2} must be 1-D, got shapes {:?}, {:?}, {:?}",
            data.shape(),
            i1.shape(),
            i2.shape()
        )));
    }
    Ok(())
}

/// The device of a format's parts `names`, which must be one.
fn parts_device(
    op: &'static str,
    names: [&str; 3],
    [data, i1, i2]: [&Array; 3],
) -> Result<Device, SparseError> {
    let [d, n1, n2] = names;
    let dev = data.device();
    if i1.device() != dev || i2.device() != dev {
        return Err(SparseError::invalid_format(
            op,
            format!(
                "{d} ({dev}), {n1} ({}) and {n2} ({}) live on different devices",
                i1.device(),
                i2.device()
            ),
        ));
    }
    Ok(dev)
}

/// Checks the parts of a compressed matrix (dtypes, lengths, one device) and returns its device.
pub(crate) fn check_compressed(op: &'static str, a: &Compressed) -> Result<Device, SparseError> {
    const NAMES: [&str; 3] = ["data", "indices", "indptr"];
    let parts = [&a.data, &a.indices, &a.indptr];
    check_index_parts(op, NAMES, parts)?;
    let bad = |detail: String| SparseError::invalid_format(op, detail);
    if a.data.size() != a.indices.size() {
        return Err(bad(format!(
            "data has {} elements but indices has {}",
            a.data.size(),
            a.indices.size()
        )));
    }
    if a.indptr.size() != a.shape.0 + 1 {
        return Err(bad(format!(
            "indptr has {} elements; a matrix with {} major slices needs {}",
            a.indptr.size(),
            a.shape.0,
            a.shape.0 + 1
        )));
    }
    parts_device(op, NAMES, parts)
}

/// Checks the parts of a COO matrix and returns its device.
pub(crate) fn check_coo(op: &'static str, c: &Coo) -> Result<Device, SparseError> {
    const NAMES: [&str; 3] = ["data", "row", "col"];
    let parts = [&c.data, &c.row, &c.col];
    check_index_parts(op, NAMES, parts)?;
    if c.data.size() != c.row.size() || c.data.size() != c.col.size() {
        return Err(SparseError::invalid_format(
            op,
            format!(
                "data, row and col have {}, {} and {} elements",
                c.data.size(),
                c.row.size(),
                c.col.size()
            ),
        ));
    }
    parts_device(op, NAMES, parts)
}

/// The shape of `A`, or of `Aᵀ` when `transpose`.
fn oriented(a: &Compressed, transpose: bool) -> (usize, usize) {
    if transpose {
        (a.shape.1, a.shape.0)
    } else {
        a.shape
    }
}

fn unsupported(op: &'static str, d: Device) -> SparseError {
    SparseError::NotSupported {
        op,
        detail: format!("no sparse kernels for device {d}"),
    }
}

fn same_device(op: &'static str, a: Device, b: Device) -> Result<(), SparseError> {
    if a != b {
        return Err(SparseError::device_mismatch(op, a, b));
    }
    Ok(())
}

/// `a` converted to `dtype` (a copy) when it has another dtype, else `a` itself (shared).
pub(crate) fn as_dtype(a: &Array, dtype: DType) -> Result<Array, SparseError> {
    if a.dtype() == dtype {
        Ok(a.clone())
    } else {
        Ok(a.astype(dtype)?)
    }
}

/// The index dtype a result with `nnz` entries and extents `dims` needs: int32 when `wanted` is
/// int32 and every value fits, else int64.
pub(crate) fn index_dtype_for(wanted: DType, nnz: usize, dims: &[usize]) -> DType {
    let max = dims.iter().copied().fold(nnz, usize::max);
    if wanted == DType::Int32 && max <= i32::MAX as usize {
        DType::Int32
    } else {
        DType::Int64
    }
}

/// `y = A x` (or `Aᵀ x` when `transpose`) for a compressed `A` (CSR; pass a CSC matrix as the CSR
/// of its transpose and flip `transpose`) and a 1-D `x`.
///
/// **Shapes**: `A` is `(m, n)`; `x` has `n` elements (`m` when transposed); `y` has `m` (`n`).
/// `y`'s dtype is NumPy's `result_type(data, x)`; bool data multiplies as AND and sums as OR.
/// Unsorted indices and duplicates give SciPy's answers (duplicates add).
///
/// # Errors
/// [`SparseError::InvalidFormat`] for inconsistent parts, [`SparseError::ShapeMismatch`] when
/// `x` does not fit, [`cuprum_core::Error::DeviceMismatch`] when the operands live on different
/// devices,
/// [`SparseError::IndexOutOfBounds`] for a stored index outside the matrix.
pub(crate) fn spmv(a: &Compressed, x: &Array, transpose: bool) -> Result<Array, SparseError> {
    sp_product(a, x, transpose, false)
}

/// [`spmv`] (`dense_2d` false, a 1-D `x`) or [`spmm`] (`dense_2d` true, a 2-D `X`).
fn sp_product(
    a: &Compressed,
    x: &Array,
    transpose: bool,
    dense_2d: bool,
) -> Result<Array, SparseError> {
    let op = if dense_2d { "spmm" } else { "spmv" };
    let dev = check_compressed(op, a)?;
    same_device(op, dev, x.device())?;
    let need = oriented(a, transpose).1;
    let xs = x.shape();
    let fits = if dense_2d {
        x.ndim() == 2 && xs[0] == need
    } else {
        x.ndim() == 1 && x.size() == need
    };
    if !fits {
        let cols = if dense_2d {
            xs.get(1).copied().unwrap_or(1)
        } else {
            1
        };
        return Err(SparseError::ShapeMismatch {
            op,
            a: oriented(a, transpose),
            b: (xs.first().copied().unwrap_or(1), cols),
        });
    }
    if transpose {
        let t = self::transpose(a)?;
        return sp_product(&t, x, false, dense_2d);
    }
    let r = DType::promote(a.data.dtype(), x.dtype());
    match (dev, dense_2d) {
        (Device::Cpu, false) => cpu::spmv(a, x, r),
        (Device::Cpu, true) => cpu::spmm(a, x, r),
        (Device::Cuda(o), false) => cuda::spmv(o, a, x, r),
        (Device::Cuda(o), true) => cuda::spmm(o, a, x, r),
        (other, _) => Err(unsupported(op, other)),
    }
}

/// `Y = A X` (or `Aᵀ X` when `transpose`) for a compressed `A` and a 2-D dense `X` of any layout
/// (C or Fortran order, strided views).
///
/// **Shapes**: `A` is `(m, n)`, `X` is `(n, k)` (`(m, k)` when transposed), `Y` is `(m, k)`
/// (`(n, k)`), C-contiguous, of dtype `result_type(data, X)`.
///
/// # Errors
/// As [`spmv`].
pub(crate) fn spmm(a: &Compressed, x: &Array, transpose: bool) -> Result<Array, SparseError> {
    sp_product(a, x, transpose, true)
}

/// `C = A B` for two CSR matrices (SpGEMM). The result is canonical (sorted, no duplicates) and,
/// as SciPy's, holds no entry whose sum is exactly zero.
///
/// **Shapes**: `A` `(m, k)`, `B` `(k, n)`, `C` `(m, n)`; data dtype `result_type(A, B)`; index
/// dtype int32 when both are int32 and the result fits, else int64.
///
/// # Errors
/// As [`spmv`]; [`SparseError::ShapeMismatch`] when the inner extents differ.
pub(crate) fn spgemm(a: &Compressed, b: &Compressed) -> Result<Compressed, SparseError> {
    const OP: &str = "spgemm";
    let dev = check_compressed(OP, a)?;
    let devb = check_compressed(OP, b)?;
    same_device(OP, dev, devb)?;
    if a.shape.1 != b.shape.0 {
        return Err(SparseError::ShapeMismatch {
            op: OP,
            a: a.shape,
            b: b.shape,
        });
    }
    let r = DType::promote(a.data.dtype(), b.data.dtype());
    match dev {
        Device::Cpu => cpu::spgemm(a, b, r),
        Device::Cuda(o) => cuda::spgemm(o, a, b, r),
        other => Err(unsupported("spgemm", other)),
    }
}

/// The CSR of `Aᵀ` for a CSR `A` (equivalently CSR → CSC), by a counting sort: the indices of
/// every slice come out sorted; duplicates stay (as in SciPy's `tocsc`).
///
/// **Shapes**: `(m, n)` → `(n, m)`; dtypes kept.
///
/// # Errors
/// As [`spmv`].
pub(crate) fn transpose(a: &Compressed) -> Result<Compressed, SparseError> {
    let dev = check_compressed("transpose", a)?;
    match dev {
        Device::Cpu => cpu::transpose(a),
        Device::Cuda(o) => cuda::transpose(o, a),
        other => Err(unsupported("transpose", other)),
    }
}

/// COO → CSR: entries sorted by (row, column), stably (duplicates keep their order); with
/// `sum_duplicates` equal coordinates are added into one entry (zeros kept, as SciPy's
/// `sum_duplicates`). The result is canonical when duplicates were summed or there were none.
///
/// **Shapes**: `(m, n)` → `(m, n)`; dtypes kept.
///
/// # Errors
/// [`SparseError::InvalidFormat`] for inconsistent parts; [`SparseError::IndexOutOfBounds`] for
/// a row or column index outside the shape (negative included).
pub(crate) fn coo_to_compressed(c: &Coo, sum_duplicates: bool) -> Result<Compressed, SparseError> {
    let dev = check_coo("coo_to_compressed", c)?;
    match dev {
        Device::Cpu => cpu::coo_to_compressed(c, sum_duplicates),
        Device::Cuda(o) => cuda::coo_to_compressed(o, c, sum_duplicates),
        other => Err(unsupported("coo_to_compressed", other)),
    }
}

#[cfg(test)]
pub(crate) mod tests;
