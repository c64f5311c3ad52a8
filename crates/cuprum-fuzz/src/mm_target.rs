//! The `mm` target: `cuprum_sparse::io::mmread_bytes` (the Matrix Market reader) on mutated
//! files.
//!
//! Seeds are the repository's test matrices (`tests/data/matrices/*.mtx`, the first 16 KiB of
//! each) and one small file of every format, field and symmetry. Structure-aware mutations
//! swap header words (`coordinate`/`array`, `real`/`integer`/`complex`/`pattern`,
//! `general`/`symmetric`/`skew-symmetric`/`hermitian`), rewrite numbers (sizes, entry counts,
//! indices, values) with boundary values, and duplicate or delete lines. An accepted file must
//! be consistent: COO parts of equal lengths with indices inside the shape, a dense array of
//! the declared shape; a small accepted matrix also converts to CSR and back to dense.

use crate::text::{matrix_files, mutate_text};
use crate::{Rng, Target};
use cuprum_core::{DType, Device};
use cuprum_sparse::io::{MmMatrix, mmread_bytes};

const WORDS: &[&str] = &[
    "%%MatrixMarket",
    "matrix",
    "vector",
    "coordinate",
    "array",
    "real",
    "double",
    "integer",
    "complex",
    "pattern",
    "general",
    "symmetric",
    "skew-symmetric",
    "hermitian",
    "%",
    "\n",
    " ",
];

/// The Matrix Market reader target.
pub struct MmTarget;

impl Target for MmTarget {
    fn name(&self) -> &'static str {
        "mm"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut s = matrix_files(&[".mtx"], 16 << 10);
        for f in [
            "%%MatrixMarket matrix coordinate real general\n% c\n3 4 3\n1 1 1.5\n3 4 -2e3\n2 2 0\n",
            "%%MatrixMarket matrix coordinate integer symmetric\n3 3 2\n1 1 4\n3 1 -7\n",
            "%%MatrixMarket matrix coordinate complex hermitian\n2 2 2\n1 1 1.0 0.0\n2 1 2.0 -1.5\n",
            "%%MatrixMarket matrix coordinate pattern general\n2 3 2\n1 3\n2 1\n",
            "%%MatrixMarket matrix coordinate real skew-symmetric\n3 3 1\n3 2 5.0\n",
            "%%MatrixMarket matrix array real general\n2 2\n1.0\n2.0\n3.0\n4.0\n",
            "%%MatrixMarket matrix array integer symmetric\n2 2\n1\n2\n3\n",
            "%%MatrixMarket matrix array complex general\n1 2\n1 2\n3 4\n",
        ] {
            s.push(f.as_bytes().to_vec());
        }
        s
    }

    fn mutate(&self, rng: &mut Rng, v: &mut Vec<u8>) -> bool {
        mutate_text(rng, v, WORDS)
    }

    fn run(&self, input: &[u8]) -> bool {
        let Ok(m) = mmread_bytes(input, "fuzz.mtx", Device::Cpu) else {
            return false;
        };
        let info = m.info().clone();
        match m {
            MmMatrix::Coo(c, _) => {
                let n = c.data.size();
                assert_eq!(c.row.size(), n, "row and data lengths differ");
                assert_eq!(c.col.size(), n, "col and data lengths differ");
                assert_eq!(c.shape, (info.rows, info.cols));
                let rows = c.row.astype(DType::Int64).unwrap().to_vec::<i64>().unwrap();
                let cols = c.col.astype(DType::Int64).unwrap().to_vec::<i64>().unwrap();
                assert!(
                    rows.iter()
                        .all(|&r| r >= 0 && (r as u64) < info.rows as u64)
                );
                assert!(
                    cols.iter()
                        .all(|&k| k >= 0 && (k as u64) < info.cols as u64)
                );
                if info.rows.saturating_mul(info.cols) <= 1 << 16 {
                    let s = cuprum_sparse::coo_matrix((&c.data, (&c.row, &c.col)), Some(c.shape))
                        .expect("a read COO matrix builds");
                    // a huge row count with no columns (10^15 x 0) has no entries but more
                    // row pointers than any host holds: an out-of-memory error, never an abort
                    let csr = match s.tocsr() {
                        Ok(m) => m,
                        Err(cuprum_sparse::SparseError::Core(
                            cuprum_core::Error::OutOfMemory { .. },
                        )) => return true,
                        Err(e) => panic!("tocsr: {e}"),
                    };
                    // 0 x (2^63 - 1) has no elements, but NumPy refuses the dense array too
                    // ("array is too big": the dimensions other than 0 times the item size
                    // overflow), so an error here is right; anything else is a bug
                    let d = match csr.toarray() {
                        Ok(d) => d,
                        Err(cuprum_sparse::SparseError::Core(
                            cuprum_core::Error::TooBig { .. }
                            | cuprum_core::Error::OutOfMemory { .. },
                        )) => return true,
                        Err(e) => panic!("toarray: {e}"),
                    };
                    assert_eq!(d.shape(), &[info.rows, info.cols]);
                }
            }
            MmMatrix::Dense(a, _) => {
                assert_eq!(a.shape(), &[info.rows, info.cols]);
            }
        }
        true
    }
}
