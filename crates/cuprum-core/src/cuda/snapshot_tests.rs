//! Snapshots of the generated CUDA C of the built-in kernel families and reductions
//! (`tests/data/codegen/core_*.snap`): the refactors of the generator must keep every source
//! byte-identical. The shared headers are written as markers (`/*<<common.cuh>>*/`), each
//! case carries the length and FNV-1a hash of its full text. A missing snapshot file is
//! written; `CUPRUM_SNAPSHOT_BLESS=1` rewrites them. The snapshots were checked byte for byte
//! against the generator as it was before the spec grew the user layouts (a test-only copy of
//! it, removed once the snapshots were committed: they pin the same text).

use super::codegen::{self, COMMON, ELEMENTWISE, MATH, REDUCE, REDUCE_KERNELS};
use crate::DType;
use crate::reduce::ReduceOp;

/// FNV-1a, 64 bits (stable across Rust versions, unlike `DefaultHasher`).
pub(crate) fn fnv(s: &str) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in s.bytes() {
        h ^= b as u64;
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// `text` with each header replaced by a marker, under a case header line.
pub(crate) fn case(name: &str, text: &str, headers: &[(&str, &str)]) -> String {
    let mut t = text.to_string();
    for (n, h) in headers {
        t = t.replace(h, &format!("/*<<{n}>>*/"));
    }
    format!(
        "==== {name} | {} bytes | fnv {:016x}\n{t}\n",
        text.len(),
        fnv(text)
    )
}

/// Compares `got` with the snapshot file `file` (writing it when missing or blessed).
pub(crate) fn check_snapshot(file: &str, got: &str) {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/data/codegen");
    let path = format!("{dir}/{file}");
    let bless = std::env::var("CUPRUM_SNAPSHOT_BLESS").is_ok_and(|v| v == "1");
    match std::fs::read_to_string(&path) {
        Ok(want) if !bless => {
            if want != got {
                let w: Vec<&str> = want.split("\n==== ").collect();
                let g: Vec<&str> = got.split("\n==== ").collect();
                let first = w
                    .iter()
                    .zip(&g)
                    .position(|(a, b)| a != b)
                    .unwrap_or(w.len().min(g.len()));
                let head = |v: &[&str]| {
                    v.get(first)
                        .map(|c| c.lines().next().unwrap_or("").to_string())
                        .unwrap_or_default()
                };
                panic!(
                    "{path}: the generated sources changed ({} cases in the snapshot, {} now); first difference at case {first}: snapshot `{}`, now `{}`",
                    w.len(),
                    g.len(),
                    head(&w),
                    head(&g)
                );
            }
        }
        _ => {
            std::fs::create_dir_all(dir).expect("create the snapshot folder");
            std::fs::write(&path, got).expect("write the snapshot");
            eprintln!("wrote {path}");
        }
    }
}

const HEADERS: [(&str, &str); 5] = [
    ("common.cuh", COMMON),
    ("math.cuh", MATH),
    ("elementwise.cuh", ELEMENTWISE),
    ("reduce_kernels.cuh", REDUCE_KERNELS),
    ("reduce.cuh", REDUCE),
];

#[test]
fn builtin_elementwise_sources_match_the_snapshot() {
    let mut s = String::new();
    for (fam, ins, out) in super::tests::family_cases() {
        let name = format!("{fam:?} {ins:?} -> {out:?}");
        let text = codegen::source(fam, &ins, out);
        s.push_str(&case(&name, &text, &HEADERS));
    }
    check_snapshot("core_elementwise.snap", &s);
}

#[test]
fn builtin_reduction_sources_match_the_snapshot() {
    use DType::*;
    let mut s = String::new();
    for op in ReduceOp::EVERY {
        for src in [
            Bool, Int8, Int32, UInt64, Float16, BFloat16, Float32, Float64, Complex64,
        ] {
            let compute = match src {
                Float16 | BFloat16 => Float32,
                Bool | Int8 | Int32 => Int64,
                d => d,
            };
            let out = match op {
                ReduceOp::All | ReduceOp::Any => Bool,
                ReduceOp::CountNonzero
                | ReduceOp::ArgMax
                | ReduceOp::ArgMin
                | ReduceOp::NanArgMax
                | ReduceOp::NanArgMin => Int64,
                _ => compute,
            };
            let name = format!("{op:?} {src:?} {compute:?} -> {out:?}");
            let text = crate::reduce::reduce_source(op, src, compute, out);
            s.push_str(&case(&name, &text, &HEADERS));
        }
    }
    check_snapshot("core_reduction.snap", &s);
}
