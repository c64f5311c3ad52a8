//! The `hb` target: `cuprum_sparse::io::hb_read_bytes` (the Harwell-Boeing reader) on mutated
//! files.
//!
//! Seeds are the repository's test matrices (`tests/data/matrices/*.rua`, `*.rsa`, the first
//! 16 KiB of each) and small files with complex, pattern and right-hand-side sections.
//! Structure-aware mutations rewrite the header's counts and Fortran formats (`(16I5)`,
//! `(3E26.18)`, `(1P,4D20.12)`), swap the matrix type (`RUA`, `CSA`, `PUA`, ...) and shift
//! fixed-width fields. An accepted file must be consistent: COO parts of equal lengths inside
//! the shape, right-hand sides with as many rows as the matrix.

use crate::text::{matrix_files, mutate_text};
use crate::{Rng, Target};
use cuprum_core::{DType, Device};
use cuprum_sparse::io::hb_read_bytes;

const WORDS: &[&str] = &[
    "RUA",
    "RSA",
    "RZA",
    "CUA",
    "CSA",
    "CHA",
    "PUA",
    "PSA",
    "RUE",
    "F",
    "FG",
    "FGX",
    "M",
    "(16I5)",
    "(8I10)",
    "(3E26.18)",
    "(4D20.12)",
    "(1P,4D20.12)",
    "(1P4E20.12)",
    "(5F16.8)",
    "(10I8)",
    "(I5)",
    "(0I5)",
    "(99999I1)",
    "E",
    "D",
    "P",
    ",",
    "(",
    ")",
];

/// The Harwell-Boeing reader target.
pub struct HbTarget;

/// A small HB file from its lines (each padded to 80 columns as real files are).
fn hb(lines: &[&str]) -> Vec<u8> {
    let mut s = String::new();
    for l in lines {
        s.push_str(&format!("{l:<80}\n"));
    }
    s.into_bytes()
}

impl Target for HbTarget {
    fn name(&self) -> &'static str {
        "hb"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        let mut s = matrix_files(&[".rua", ".rsa"], 16 << 10);
        s.push(hb(&[
            "tiny                                                                    KEY",
            "             3             1             1             1             0",
            "RUA                        2             2             2             0",
            "(3I5)           (2I5)           (2E20.12)",
            "    1    2    3",
            "    1    2",
            "  0.100000000000E+01  0.200000000000E+01",
        ]));
        s.push(hb(&[
            "complex with rhs                                                        CKEY",
            "             5             1             1             2             1",
            "CUA                        2             2             2             1",
            "(3I5)           (2I5)           (2E20.12)           (2E20.12)",
            "F                          1             0",
            "    1    2    3",
            "    2    1",
            "  0.100000000000E+01  0.200000000000E+01",
            "  0.300000000000E+01 -0.400000000000E+01",
            "  0.500000000000E+01  0.000000000000E+00",
            "  0.600000000000E+01  0.700000000000E+01",
        ]));
        s.push(hb(&[
            "pattern symmetric                                                       PKEY",
            "             2             1             1             0             0",
            "PSA                        3             3             4             0",
            "(4I5)           (4I5)",
            "    1    3    4    5",
            "    1    3    2    3",
        ]));
        s
    }

    fn mutate(&self, rng: &mut Rng, v: &mut Vec<u8>) -> bool {
        mutate_text(rng, v, WORDS)
    }

    fn run(&self, input: &[u8]) -> bool {
        let Ok(f) = hb_read_bytes(input, "fuzz.rua", Device::Cpu) else {
            return false;
        };
        let c = &f.matrix;
        let n = c.data.size();
        assert_eq!(c.row.size(), n, "row and data lengths differ");
        assert_eq!(c.col.size(), n, "col and data lengths differ");
        let (m, k) = c.shape;
        let rows = c.row.astype(DType::Int64).unwrap().to_vec::<i64>().unwrap();
        let cols = c.col.astype(DType::Int64).unwrap().to_vec::<i64>().unwrap();
        assert!(rows.iter().all(|&r| r >= 0 && (r as u64) < m as u64));
        assert!(cols.iter().all(|&j| j >= 0 && (j as u64) < k as u64));
        for a in [&f.rhs, &f.guess, &f.exact].into_iter().flatten() {
            assert_eq!(a.ndim(), 2);
            assert_eq!(a.shape()[0], m, "right-hand side rows");
        }
        if m.saturating_mul(k) <= 1 << 16 {
            let s = cuprum_sparse::coo_matrix((&c.data, (&c.row, &c.col)), Some(c.shape))
                .expect("a read HB matrix builds");
            let d = s.tocsc().expect("tocsc").toarray().expect("toarray");
            assert_eq!(d.shape(), &[m, k]);
        }
        true
    }
}
