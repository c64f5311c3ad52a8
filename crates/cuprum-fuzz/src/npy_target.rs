//! The `npy` target: `cuprum_core::npy::from_npy_bytes_on` on mutated `.npy` files.
//!
//! Seeds are the real files of the conformance corpus (`tests/data/conformance/*.npy`: every
//! dtype, Fortran order, big-endian) plus a few written here. Structure-aware mutations edit
//! the header as text (the shape tuple's numbers, nesting, the descr, keys, the
//! `fortran_order` flag), the version bytes and the header-length field, and the data's
//! length. An accepted file must round-trip: saving the array and reading it back gives the
//! same shape, dtype and bytes.

use crate::{INTERESTING, Rng, Target};
use cuprum_core::{Device, npy};

/// The `.npy` reader target.
pub struct NpyTarget {
    seeds: Vec<Vec<u8>>,
}

impl Default for NpyTarget {
    fn default() -> Self {
        NpyTarget::new()
    }
}

impl NpyTarget {
    /// Loads the seed files (up to 400 of the conformance corpus, smallest first).
    pub fn new() -> NpyTarget {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/conformance");
        let mut files: Vec<Vec<u8>> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .flatten()
            .filter(|e| e.path().extension().is_some_and(|x| x == "npy"))
            .filter_map(|e| std::fs::read(e.path()).ok())
            .filter(|b| b.len() <= 1 << 16)
            .collect();
        files.sort_by_key(|b| (b.len(), crate::hash(b)));
        files.dedup();
        // keep a spread of sizes
        let step = (files.len() / 400).max(1);
        let mut seeds: Vec<Vec<u8>> = files.into_iter().step_by(step).collect();
        for h in [
            "{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }",
            "{'descr': '>i4', 'fortran_order': True, 'shape': (3, 2), }",
            "{'descr': '|b1', 'fortran_order': False, 'shape': (), }",
            "{'descr': '<c16', 'fortran_order': False, 'shape': (0, 5), }",
            "{'descr': 'bfloat16', 'fortran_order': False, 'shape': (4,), }",
        ] {
            seeds.push(file((1, 0), h, &[7u8; 48]));
        }
        NpyTarget { seeds }
    }
}

/// A `.npy` file of `version` with `header` (padded with a newline) and `data`.
pub fn file(version: (u8, u8), header: &str, data: &[u8]) -> Vec<u8> {
    let mut v = b"\x93NUMPY".to_vec();
    v.push(version.0);
    v.push(version.1);
    let h = format!("{header}\n");
    if version.0 == 1 {
        v.extend_from_slice(&(h.len() as u16).to_le_bytes());
    } else {
        v.extend_from_slice(&(h.len() as u32).to_le_bytes());
    }
    v.extend_from_slice(h.as_bytes());
    v.extend_from_slice(data);
    v
}

/// The header's byte range in `v` (after the length field), when the prefix is sane.
fn header_range(v: &[u8]) -> Option<(usize, usize, usize)> {
    if v.len() < 10 || &v[..6] != b"\x93NUMPY" {
        return None;
    }
    let (lb, n) = match v[6] {
        1 => (2, u16::from_le_bytes([v[8], v[9]]) as usize),
        _ if v.len() >= 12 => (4, u32::from_le_bytes([v[8], v[9], v[10], v[11]]) as usize),
        _ => return None,
    };
    let start = 8 + lb;
    let end = (start + n).min(v.len());
    Some((lb, start, end))
}

/// Replaces the header of `v` by `h`, fixing the length field (switching to version 2.0 when
/// it no longer fits 16 bits).
fn set_header(v: &mut Vec<u8>, h: &[u8]) {
    let Some((lb, _, end)) = header_range(v) else {
        return;
    };
    let data = v[end..].to_vec();
    let mut out = v[..6].to_vec();
    if lb == 2 && h.len() <= u16::MAX as usize {
        out.extend_from_slice(&[1, 0]);
        out.extend_from_slice(&(h.len() as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&[if v[6] == 3 { 3 } else { 2 }, 0]);
        out.extend_from_slice(&(h.len() as u32).to_le_bytes());
    }
    out.extend_from_slice(h);
    out.extend_from_slice(&data);
    *v = out;
}

/// A random number as header text: interesting values, big digit strings, signs, suffixes.
fn number(rng: &mut Rng) -> String {
    match rng.below(6) {
        0 => rng.pick(INTERESTING).to_string(),
        1 => "9".repeat(1 + rng.below(60)),
        2 => format!("-{}", rng.below(5)),
        3 => format!("{}L", rng.below(100)),
        4 => format!("{}.5", rng.below(9)),
        _ => rng.below(12).to_string(),
    }
}

impl Target for NpyTarget {
    fn name(&self) -> &'static str {
        "npy"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        self.seeds.clone()
    }

    fn mutate(&self, rng: &mut Rng, v: &mut Vec<u8>) -> bool {
        let Some((lb, start, end)) = header_range(v) else {
            return false;
        };
        let h = String::from_utf8_lossy(&v[start..end]).into_owned();
        let new: String = match rng.below(12) {
            0 | 1 => {
                // a new shape tuple
                let nd = rng.below(5);
                let dims: Vec<String> = (0..nd).map(|_| number(rng)).collect();
                let tuple = match nd {
                    1 => format!("({},)", dims[0]),
                    _ => format!("({})", dims.join(", ")),
                };
                replace_value(&h, "'shape'", &tuple)
            }
            2 => {
                let deep = 1 + rng.below(200);
                let open = rng.pick(&["(", "[", "{"]);
                let close = match *open {
                    "(" => ")",
                    "[" => "]",
                    _ => "}",
                };
                replace_value(
                    &h,
                    "'shape'",
                    &format!("{}{}", open.repeat(deep), close.repeat(deep)),
                )
            }
            3 => {
                let d = rng.pick(&[
                    "'<f8'",
                    "'>f8'",
                    "'<f4'",
                    "'|b1'",
                    "'<i8'",
                    "'>u2'",
                    "'<c8'",
                    "'<c16'",
                    "'<f2'",
                    "'bfloat16'",
                    "'<V2'",
                    "'<U3'",
                    "'O'",
                    "'<M8'",
                    "'<f16'",
                    "''",
                    "[('a', '<f8')]",
                    "5",
                    "None",
                    "'<i0'",
                    "'<i99999999999999999999'",
                ]);
                replace_value(&h, "'descr'", d)
            }
            4 => replace_value(
                &h,
                "'fortran_order'",
                rng.pick::<&str>(&["True", "False", "1", "None", "'x'"]),
            ),
            5 => h.replacen(", }", ", 'extra': 1, }", 1),
            6 => h.replacen("'shape'", "'shape': (1,), 'shape'", 1),
            7 => format!("{h}{}", " ".repeat(rng.below(12_000))),
            8 => {
                // swap quotes / drop a bracket
                let i = rng.below(h.len().max(1));
                let mut b = h.into_bytes();
                if i < b.len() {
                    b[i] = *rng.pick(b"'\"(){}[],: \\");
                }
                String::from_utf8_lossy(&b).into_owned()
            }
            9 => {
                // the version byte or the length field
                match rng.below(3) {
                    0 => v[6] = *rng.pick(&[1u8, 2, 3, 4, 0]),
                    1 => {
                        let x = *rng.pick(INTERESTING) as u64;
                        v[8..8 + lb].copy_from_slice(&x.to_le_bytes()[..lb]);
                    }
                    _ => v[7] = rng.below(3) as u8,
                }
                return true;
            }
            10 => {
                // data shorter or longer
                if rng.one_in(2) {
                    let keep = end + rng.below(v.len() - end + 1);
                    v.truncate(keep);
                } else {
                    let k = rng.below(64);
                    v.extend((0..k).map(|_| rng.next_u64() as u8));
                }
                return true;
            }
            _ => h.replace('(', "((").replacen("((", "(", 1),
        };
        set_header(v, new.as_bytes());
        true
    }

    fn run(&self, input: &[u8]) -> bool {
        let Ok(a) = npy::from_npy_bytes_on(input, Device::Cpu) else {
            return false;
        };
        // invariants of an accepted file: the size is representable, the elements can be
        // read, and a save/load round trip keeps shape, dtype and bytes
        let n: usize = a.shape().iter().product();
        assert_eq!(n, a.size());
        let bytes = a.to_bytes().expect("to_bytes of a loaded array");
        assert_eq!(bytes.len(), n * a.dtype().itemsize());
        let again = npy::to_npy_bytes(&a).expect("to_npy_bytes of a loaded array");
        let b = npy::from_npy_bytes_on(&again, Device::Cpu).expect("reading what cuprum wrote");
        assert_eq!((b.shape(), b.dtype()), (a.shape(), a.dtype()));
        assert_eq!(b.to_bytes().expect("to_bytes"), bytes);
        true
    }
}

/// `h` with the value after `key` (up to the next top-level `,` or `}`) replaced by `val`.
fn replace_value(h: &str, key: &str, val: &str) -> String {
    let Some(k) = h.find(key) else {
        return h.to_string();
    };
    let Some(colon) = h[k..].find(':').map(|c| k + c + 1) else {
        return h.to_string();
    };
    let mut depth = 0i32;
    let mut end = h.len();
    for (i, c) in h[colon..].char_indices() {
        match c {
            '(' | '[' | '{' => depth += 1,
            ')' | ']' | '}' if depth > 0 => depth -= 1,
            ',' | '}' if depth == 0 => {
                end = colon + i;
                break;
            }
            _ => {}
        }
    }
    format!("{} {val}{}", &h[..colon], &h[end..])
}
