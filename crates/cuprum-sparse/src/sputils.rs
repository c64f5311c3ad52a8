//! [`safely_cast_index_arrays`] (`scipy.sparse.safely_cast_index_arrays`,
//! `cupyx.scipy.sparse.safely_cast_index_arrays`): a sparse matrix's index arrays in another
//! index dtype, refused when a value would not fit.

use crate::error::{Result, SparseError};
use crate::{Format, Sparse};
use cuprum_core::{Array, DType};

/// The index arrays of a sparse matrix cast by [`safely_cast_index_arrays`], by format
/// (SciPy returns a tuple or one array).
#[derive(Clone, Debug)]
#[non_exhaustive]
pub enum IndexArrays {
    /// CSR/CSC: SciPy's `(indices, indptr)`.
    Compressed {
        /// `A.indices` (column indices for CSR, row indices for CSC).
        indices: Array,
        /// `A.indptr`.
        indptr: Array,
    },
    /// COO: CuPy's `(row, col)`.
    Coo {
        /// `A.row`.
        row: Array,
        /// `A.col`.
        col: Array,
    },
    /// DIA: `A.offsets` as an array on the matrix's device.
    Dia {
        /// The diagonal offsets.
        offsets: Array,
    },
}

impl IndexArrays {
    /// The arrays in SciPy's tuple order (`(indices, indptr)`, `(row, col)`, `(offsets,)`).
    pub fn to_vec(&self) -> Vec<&Array> {
        match self {
            IndexArrays::Compressed { indices, indptr } => vec![indices, indptr],
            IndexArrays::Coo { row, col } => vec![row, col],
            IndexArrays::Dia { offsets } => vec![offsets],
        }
    }
}

/// `a` as `dtype`: the same array (a handle to the same buffer) when it already has it, as
/// NumPy's `astype(copy=False)`.
fn cast(a: &Array, dtype: DType) -> Result<Array> {
    if a.dtype() == dtype {
        Ok(a.clone())
    } else {
        Ok(a.astype(dtype)?)
    }
}

/// The smallest and largest value of an index array (`None` when empty), read on the host
/// after a device reduction.
fn value_range(a: &Array) -> Result<Option<(i128, i128)>> {
    if a.size() == 0 {
        return Ok(None);
    }
    // exact for uint64 values above i64::MAX (a cast to int64 would wrap them negative)
    let exact = |v: cuprum_core::Scalar| match v {
        cuprum_core::Scalar::UInt(u) => u as i128,
        v => v.as_i64() as i128,
    };
    let lo = exact(a.min(None::<isize>, false)?.item()?);
    let hi = exact(a.max(None::<isize>, false)?.item()?);
    Ok(Some((lo, hi)))
}

/// `A`'s index arrays cast to `idx_dtype`, after checking that every value fits
/// (`scipy.sparse.safely_cast_index_arrays(A, idx_dtype, msg)`).
///
/// **Shapes:** the arrays keep their shapes: CSR/CSC `(indices, indptr)` of `nnz` and
/// `rows + 1` (CSC `cols + 1`) entries, COO `(row, col)` of `nnz` entries, DIA `offsets` of
/// one entry per stored diagonal; dtype `idx_dtype`, on `A`'s device.
///
/// SciPy's checks, with its messages: CSR/CSC — `indptr` is non-decreasing, so its last value
/// (`nnz`) must fit (`"indptr values too large for {msg}"`); when `max(shape)` exceeds the
/// dtype's maximum the largest index is computed and must fit (`"indices values too large"`);
/// COO — the same for `row` and `col` (`"coords values too large"`); DIA — the offsets must
/// lie in the dtype's range (`"offsets values too large"`; negative offsets do not fit an
/// unsigned dtype). `msg` defaults to `"dtype {idx_dtype}"` when empty. `A` is not changed;
/// an array already of `idx_dtype` is returned as is (the same buffer), as SciPy's
/// `astype(copy=False)`, so `Array::shares_storage` tells whether a cast happened.
///
/// The index scan (a `min`/`max` reduction on `A`'s device, then a read of two numbers) runs
/// only when the shape does not already guarantee the values fit.
///
/// # Errors
/// [`cuprum_core::Error::BadArgument`] (`idx_dtype`) when a value does not fit, naming which
/// array and `msg`;
/// [`SparseError::DType`] when `idx_dtype` is not an integer dtype; core errors from the
/// reductions and casts.
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType};
/// use cuprum_sparse::{IndexArrays, csr_array, safely_cast_index_arrays};
/// let d = Array::from_vec(vec![1.0f64, 0.0, 0.0, 2.0], [2, 2]).unwrap();
/// let a = csr_array(&d, None).unwrap();
/// let IndexArrays::Compressed { indices, indptr } =
///     safely_cast_index_arrays(&a, DType::Int16, "").unwrap()
/// else {
///     unreachable!()
/// };
/// assert_eq!(indices.dtype(), DType::Int16);
/// assert_eq!(indices.to_vec::<i16>().unwrap(), vec![0, 1]);
/// assert_eq!(indptr.to_vec::<i16>().unwrap(), vec![0, 1, 2]);
/// ```
pub fn safely_cast_index_arrays(a: &Sparse, idx_dtype: DType, msg: &str) -> Result<IndexArrays> {
    const OP: &str = "safely_cast_index_arrays";
    let Some((min_value, max_value)) = idx_dtype.int_range() else {
        return Err(SparseError::DType {
            op: OP,
            dtype: format!("{idx_dtype} (an index dtype must be an integer dtype)"),
        });
    };
    let msg = if msg.is_empty() {
        format!("dtype {idx_dtype}")
    } else {
        msg.to_string()
    };
    let too_large = |what: &str| {
        SparseError::bad_argument(
            OP,
            "idx_dtype",
            idx_dtype,
            format!("a dtype holding every {what} value ({what} values too large for {msg})"),
        )
    };
    let fits =
        |r: Option<(i128, i128)>| r.is_none_or(|(lo, hi)| lo >= min_value && hi <= max_value);
    let shape = a.shape();
    let max_dim = shape.iter().copied().max().unwrap_or(0) as i128;
    match a.format() {
        Format::Csr | Format::Csc => {
            let (Some(indices), Some(indptr)) = (a.indices(), a.indptr()) else {
                return Err(SparseError::invalid_format(
                    OP,
                    "a compressed matrix without indices/indptr",
                ));
            };
            // indptr runs from 0 to nnz, non-decreasing (checked when the matrix was built)
            if a.nnz() as i128 > max_value {
                return Err(too_large("indptr"));
            }
            if max_dim > max_value && !fits(value_range(indices)?) {
                return Err(too_large("indices"));
            }
            Ok(IndexArrays::Compressed {
                indices: cast(indices, idx_dtype)?,
                indptr: cast(indptr, idx_dtype)?,
            })
        }
        Format::Coo => {
            let (Some(row), Some(col)) = (a.row(), a.col()) else {
                return Err(SparseError::invalid_format(
                    OP,
                    "a COO matrix without row/col",
                ));
            };
            if max_dim > max_value && (!fits(value_range(row)?) || !fits(value_range(col)?)) {
                return Err(too_large("coords"));
            }
            Ok(IndexArrays::Coo {
                row: cast(row, idx_dtype)?,
                col: cast(col, idx_dtype)?,
            })
        }
        Format::Dia => {
            let offsets = a.offsets().unwrap_or(&[]);
            let range = offsets.iter().fold(None, |r: Option<(i128, i128)>, &o| {
                let o = o as i128;
                Some(r.map_or((o, o), |(lo, hi)| (lo.min(o), hi.max(o))))
            });
            if !fits(range) {
                return Err(too_large("offsets"));
            }
            let host = Array::from_vec_on(offsets.to_vec(), [offsets.len()], a.device())?;
            Ok(IndexArrays::Dia {
                offsets: cast(&host, idx_dtype)?,
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{coo_array, csc_array, csr_array, dia_array};
    use cuprum_core::Device;
    use cuprum_core::ext::test_util::all_devices;

    fn i64s(a: &Array) -> Vec<i64> {
        a.astype(DType::Int64).unwrap().to_vec::<i64>().unwrap()
    }

    fn invalid(r: Result<IndexArrays>) -> String {
        match r {
            Err(
                e @ SparseError::Core(cuprum_core::Error::BadArgument {
                    arg: "idx_dtype", ..
                }),
            ) => e.to_string(),
            other => panic!("expected BadArgument naming idx_dtype, got {other:?}"),
        }
    }

    /// A 40000 x 3 matrix with entries at (0, 2) and (39999, 1): rows beyond int16's range.
    fn tall(d: Device) -> (Array, Array, Array) {
        let data = Array::from_vec_on(vec![1.0f64, 2.0], [2], d).unwrap();
        let row = Array::from_vec_on(vec![0i32, 39_999], [2], d).unwrap();
        let col = Array::from_vec_on(vec![2i32, 1], [2], d).unwrap();
        (data, row, col)
    }

    #[test]
    fn csr_and_csc_follow_scipy() {
        for d in all_devices() {
            let dense =
                Array::from_vec_on(vec![1.0f64, 0.0, 2.0, 0.0, 3.0, 0.0], [2, 3], d).unwrap();
            let a = csr_array(&dense, None).unwrap();
            // scipy: indices [0, 2, 1], indptr [0, 2, 3]
            let IndexArrays::Compressed { indices, indptr } =
                safely_cast_index_arrays(&a, DType::Int64, "").unwrap()
            else {
                panic!("csr gives (indices, indptr)")
            };
            assert_eq!(
                (indices.dtype(), indptr.dtype()),
                (DType::Int64, DType::Int64)
            );
            assert_eq!(indices.device(), d);
            assert_eq!(i64s(&indices), vec![0, 2, 1]);
            assert_eq!(i64s(&indptr), vec![0, 2, 3]);
            // same dtype: the very same arrays (copy=False)
            let same = safely_cast_index_arrays(&a, a.index_dtype(), "").unwrap();
            assert!(same.to_vec()[0].shares_storage(a.indices().unwrap()));
            // uint8 fits a 2 x 3 matrix
            let u = safely_cast_index_arrays(&a, DType::UInt8, "").unwrap();
            assert_eq!(u.to_vec()[0].to_vec::<u8>().unwrap(), vec![0, 2, 1]);

            let (data, row, col) = tall(d);
            let coo = coo_array((&data, (&row, &col)), Some((40_000, 3))).unwrap();
            // CSR of the tall matrix: indices are columns (< 3), indptr ends at nnz = 2: int16 ok
            let csr = coo.tocsr().unwrap();
            let IndexArrays::Compressed { indices, indptr } =
                safely_cast_index_arrays(&csr, DType::Int16, "").unwrap()
            else {
                panic!()
            };
            assert_eq!(indices.to_vec::<i16>().unwrap(), vec![2, 1]);
            assert_eq!(indptr.size(), 40_001);
            assert_eq!(i64s(&indptr)[40_000], 2);
            // CSC: indices are rows, 39999 does not fit int16
            let csc = csc_array(&coo, None).unwrap();
            let e = invalid(safely_cast_index_arrays(&csc, DType::Int16, ""));
            assert!(
                e.contains("indices values too large for dtype int16"),
                "{e}"
            );
            // a caller's message replaces "dtype int16"
            let e = invalid(safely_cast_index_arrays(&csc, DType::Int16, "my solver"));
            assert!(
                e.ends_with("indices values too large for my solver)"),
                "{e}"
            );
            // but int32 is fine
            let IndexArrays::Compressed { indices, .. } =
                safely_cast_index_arrays(&csc, DType::Int32, "").unwrap()
            else {
                panic!()
            };
            assert_eq!(i64s(&indices), vec![39_999, 0]);
        }
    }

    #[test]
    fn indptr_too_large() {
        // 300 stored entries in a 1 x 300 matrix: indptr ends at 300 > int8's 127
        for d in all_devices() {
            let dense = Array::from_vec_on(vec![1.0f32; 300], [1, 300], d).unwrap();
            let a = csr_array(&dense, None).unwrap();
            let e = invalid(safely_cast_index_arrays(&a, DType::Int8, ""));
            assert!(e.contains("indptr values too large for dtype int8"), "{e}");
            // int16 holds everything
            let IndexArrays::Compressed { indices, indptr } =
                safely_cast_index_arrays(&a, DType::Int16, "").unwrap()
            else {
                panic!()
            };
            assert_eq!(
                indices.to_vec::<i16>().unwrap(),
                (0..300).collect::<Vec<i16>>()
            );
            assert_eq!(indptr.to_vec::<i16>().unwrap(), vec![0, 300]);
        }
    }

    #[test]
    fn coo_and_dia_follow_scipy() {
        for d in all_devices() {
            let (data, row, col) = tall(d);
            let coo = coo_array((&data, (&row, &col)), Some((40_000, 3))).unwrap();
            let e = invalid(safely_cast_index_arrays(&coo, DType::Int16, ""));
            assert!(e.contains("coords values too large for dtype int16"), "{e}");
            let IndexArrays::Coo { row, col } =
                safely_cast_index_arrays(&coo, DType::UInt16, "").unwrap()
            else {
                panic!("coo gives (row, col)")
            };
            assert_eq!(row.to_vec::<u16>().unwrap(), vec![0, 39_999]);
            assert_eq!(col.to_vec::<u16>().unwrap(), vec![2, 1]);
            // a small COO matrix is not scanned and casts to int8
            let small = coo_array(
                &Array::from_vec_on(vec![0.0f64, 5.0, 6.0, 0.0], [2, 2], d).unwrap(),
                None,
            )
            .unwrap();
            let IndexArrays::Coo { row, col } =
                safely_cast_index_arrays(&small, DType::Int8, "").unwrap()
            else {
                panic!()
            };
            assert_eq!((i64s(&row), i64s(&col)), (vec![0, 1], vec![1, 0]));

            // DIA with offsets [-1, 0, 2]
            let ddata = Array::from_vec_on(vec![1.0f64; 9], [3, 3], d).unwrap();
            let offs = Array::from_vec_on(vec![-1i64, 0, 2], [3], d).unwrap();
            let dia = dia_array((&ddata, &offs), Some((3, 3))).unwrap();
            let IndexArrays::Dia { offsets } =
                safely_cast_index_arrays(&dia, DType::Int8, "").unwrap()
            else {
                panic!("dia gives offsets")
            };
            assert_eq!((offsets.dtype(), offsets.device()), (DType::Int8, d));
            assert_eq!(offsets.to_vec::<i8>().unwrap(), vec![-1, 0, 2]);
            // a negative offset does not fit an unsigned dtype
            let e = invalid(safely_cast_index_arrays(&dia, DType::UInt32, ""));
            assert!(
                e.contains("offsets values too large for dtype uint32"),
                "{e}"
            );
            // not an integer dtype
            assert!(matches!(
                safely_cast_index_arrays(&dia, DType::Float32, ""),
                Err(SparseError::DType { .. })
            ));
        }
    }
}
