//! Issue 46's constructor and conversion edges: shapes at the limits of the index dtypes,
//! index values that do not fit, offsets far outside the matrix. SciPy's behaviour is the
//! reference; every case is an error or the exact answer, never a panic or a wrapped value.

use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Device};
use cuprum_sparse::{SparseError, coo_matrix, csr_matrix, dia_matrix};

/// `(usize::MAX, 1)` made `rows + 1` wrap to an empty `indptr`, and every conversion then
/// panicked; SciPy raises ValueError for a shape beyond int64.
#[test]
fn a_shape_beyond_int64_is_refused() {
    for (m, n) in [(usize::MAX, 1), (1, usize::MAX), (1usize << 63, 2)] {
        let e = csr_matrix((m, n), None).unwrap_err();
        assert!(matches!(e, SparseError::InvalidShape { .. }), "{e}");
    }
    let d = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
    let i = Array::from_vec_on(vec![0i64], &[1], Device::Cpu).unwrap();
    let e = coo_matrix((&d, (&i, &i)), Some((usize::MAX, 1))).unwrap_err();
    assert!(matches!(e, SparseError::InvalidShape { .. }), "{e}");
}

/// A (2, 2^62) CSR matrix's `tocsc()` panicked in the transpose kernel; it must be a clean
/// error (the CSC `indptr` alone needs 2^62 + 1 entries).
#[test]
fn tocsc_of_a_huge_empty_matrix_is_an_error() {
    for dev in all_devices() {
        let d = Array::from_vec_on(vec![1.0f64], &[1], dev).unwrap();
        let i = Array::from_vec_on(vec![0i64], &[1], dev).unwrap();
        let p = Array::from_vec_on(vec![0i64, 1, 1], &[3], dev).unwrap();
        let a = csr_matrix((&d, &i, &p), Some((2, 1 << 62))).unwrap();
        assert_eq!(a.nnz(), 1);
        assert!(a.tocsc().is_err(), "{dev:?}");
    }
}

/// uint64 index arrays were cast to int32 from the shape, so column 2^63 wrapped into
/// column 0; the index dtype comes from the values too (SciPy's `get_index_dtype(...,
/// check_contents=True)`) and a value beyond int64 or the shape is an error.
#[test]
fn uint64_indices_are_checked_by_value() {
    for dev in all_devices() {
        let d = Array::from_vec_on(vec![1.0f64, 2.0], &[2], dev).unwrap();
        let r = Array::from_vec_on(vec![0u64, 1], &[2], dev).unwrap();
        let c = Array::from_vec_on(vec![1u64 << 63, 0], &[2], dev).unwrap();
        assert!(coo_matrix((&d, (&r, &c)), Some((2, 2))).is_err(), "{dev:?}");
        assert!(coo_matrix((&d, (&r, &c)), None).is_err(), "{dev:?}");
        let p = Array::from_vec_on(vec![0u64, 1, 2], &[3], dev).unwrap();
        assert!(csr_matrix((&d, &c, &p), Some((2, 2))).is_err(), "{dev:?}");
        // values that fit keep working: uint64 (0, 1) and (1, 0)
        let c = Array::from_vec_on(vec![1u64, 0], &[2], dev).unwrap();
        let a = coo_matrix((&d, (&r, &c)), None).unwrap();
        assert_eq!(
            a.toarray().unwrap().to_vec::<f64>().unwrap(),
            vec![0.0, 1.0, 2.0, 0.0]
        );
        // 2^32 fits int64 but not the shape: out of bounds, not wrapped to 0 by an int32 cast
        let c = Array::from_vec_on(vec![1u64 << 32, 0], &[2], dev).unwrap();
        assert!(coo_matrix((&d, (&r, &c)), Some((2, 2))).is_err(), "{dev:?}");
    }
}

/// `dia_matrix` with offset `i64::MAX` reported `nnz() = 3` (`m + k` wrapped); a diagonal
/// wholly outside the matrix stores nothing.
#[test]
fn dia_offsets_far_outside_store_nothing() {
    for dev in all_devices() {
        let data = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3], dev).unwrap();
        let off = Array::from_vec_on(vec![i64::MAX, 1], &[2], dev).unwrap();
        let a = dia_matrix((&data, &off), Some((3, 3))).unwrap();
        // offset 1 stores (0, 1) and (1, 2)
        assert_eq!(a.nnz(), 2, "{dev:?}");
        let off = Array::from_vec_on(vec![i64::MAX, i64::MIN], &[2], dev).unwrap();
        let a = dia_matrix((&data, &off), Some((3, 3))).unwrap();
        assert_eq!(a.nnz(), 0, "{dev:?}");
    }
}

/// A Matrix Market `array` header declares the dense size the reader allocates: a huge one
/// with a single value is a clean error (out of memory, or too few values), never an abort.
#[test]
fn a_huge_dense_matrix_market_header_is_an_error() {
    let b = b"%%MatrixMarket matrix array real general\n4000000000 4000000000\n1.0\n";
    let e = cuprum_sparse::io::mmread_bytes(b, "huge.mtx", Device::Cpu).unwrap_err();
    assert!(
        e.to_string().contains("huge.mtx") || e.to_string().contains("memory"),
        "{e}"
    );
}

/// The 1-norm sums each column: a (2, 2^62) matrix's column sums do not fit in memory, which
/// is an error as NumPy's MemoryError, not an abort (the non-canonical path sums on the host).
#[test]
fn the_one_norm_of_a_huge_matrix_is_an_error() {
    use cuprum_sparse::linalg::{NormOrd, norm};
    let d = Array::from_vec_on(vec![1.0f64, 2.0], &[2], Device::Cpu).unwrap();
    let i = Array::from_vec_on(vec![0i64, 0], &[2], Device::Cpu).unwrap(); // a duplicate entry
    let p = Array::from_vec_on(vec![0i64, 2, 2], &[3], Device::Cpu).unwrap();
    let a = csr_matrix((&d, &i, &p), Some((2, 1 << 62))).unwrap();
    assert!(norm(&a, NormOrd::One).is_err());
    // the row sums need one value per row: exact
    assert_eq!(norm(&a, NormOrd::Inf).unwrap(), 3.0);
}
