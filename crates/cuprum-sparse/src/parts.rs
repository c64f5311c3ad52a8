//! The plain arrays of a sparse matrix, as the kernels see them: the contract between the
//! format types (`csr`, `csc`, `coo`, ...) and the compute kernels (`kernels`).

use cuprum_core::Array;

/// A compressed sparse matrix (CSR, or CSC seen as the CSR of its transpose), on one device.
///
/// **Shapes**: `indptr` has `major + 1` entries, `indices` and `data` have `nnz`; `indices`
/// and `indptr` share one index dtype, int32 or int64. For CSR `shape` is `(rows, cols)`; for
/// CSC the kernels are handed `(cols, rows)` (major first).
#[derive(Clone, Debug)]
pub struct Compressed {
    /// the stored values, 1-D, `nnz` elements, any dtype
    pub data: Array,
    /// minor index of each stored value, 1-D int32 or int64
    pub indices: Array,
    /// start of each major slice in `indices`/`data`, `major + 1` elements, same dtype as `indices`
    pub indptr: Array,
    /// `(major, minor)`
    pub shape: (usize, usize),
    /// sorted minor indices within every major slice and no duplicates (SciPy's
    /// `has_canonical_format`)
    pub canonical: bool,
}

/// A coordinate-format sparse matrix on one device.
///
/// **Shapes**: `row`, `col` and `data` are 1-D with `nnz` elements; `row` and `col` share one
/// index dtype, int32 or int64.
#[derive(Clone, Debug)]
pub struct Coo {
    /// the stored values
    pub data: Array,
    /// row index of each value
    pub row: Array,
    /// column index of each value
    pub col: Array,
    /// `(rows, cols)`
    pub shape: (usize, usize),
    /// sorted by (row, col) with no duplicates
    pub canonical: bool,
}
