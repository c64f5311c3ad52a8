//! Mutations shared by the text-format targets (Matrix Market, Harwell-Boeing, kernel
//! source): swap in a word from the format's vocabulary, rewrite a number, duplicate, delete
//! or swap whole lines, pad a field.

use crate::{INTERESTING, Rng};

/// The largest text input the mutations keep (64 KiB; larger ones are cut).
pub const MAX_TEXT: usize = 1 << 16;

/// The byte ranges of the numbers (runs of digits, with a sign, `.`, exponent) in `v`.
fn numbers(v: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < v.len() {
        if v[i].is_ascii_digit() {
            let mut s = i;
            if s > 0 && (v[s - 1] == b'-' || v[s - 1] == b'+') {
                s -= 1;
            }
            let mut e = i;
            while e < v.len() && (v[e].is_ascii_alphanumeric() || v[e] == b'.' || v[e] == b'+') {
                e += 1;
            }
            out.push((s, e));
            i = e;
        } else {
            i += 1;
        }
    }
    out
}

/// A random number as text: interesting integers, long digit strings, floats, signs.
pub fn number(rng: &mut Rng) -> String {
    match rng.below(8) {
        0 | 1 => rng.pick(INTERESTING).to_string(),
        2 => "9".repeat(1 + rng.below(40)),
        3 => format!("-{}", rng.below(4)),
        4 => format!("{}.{}e{}", rng.below(10), rng.below(100), rng.below(400)),
        5 => rng
            .pick(&[
                "nan", "inf", "-inf", "1e-400", "0x10", "1.5D+03", "-0", "1E", ".", "+",
            ])
            .to_string(),
        _ => rng.below(12).to_string(),
    }
}

/// Line boundaries of `v` (each range without its `\n`).
fn lines(v: &[u8]) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut s = 0;
    for (i, &b) in v.iter().enumerate() {
        if b == b'\n' {
            out.push((s, i));
            s = i + 1;
        }
    }
    if s < v.len() {
        out.push((s, v.len()));
    }
    out
}

/// One structure-aware text mutation using `words` (the format's vocabulary). Returns false
/// when `v` gave nothing to work on.
pub fn mutate_text(rng: &mut Rng, v: &mut Vec<u8>, words: &[&str]) -> bool {
    // text inputs stay small: duplicated lines and padding would otherwise grow the pool's
    // members to the engine's 1 MiB cap, and every mutation and run would slow down with them
    if v.len() > MAX_TEXT {
        let cut = MAX_TEXT / 2 + rng.below(MAX_TEXT / 2);
        v.truncate(cut);
        return true;
    }
    match rng.below(6) {
        0 => {
            let nums = numbers(v);
            if nums.is_empty() {
                return false;
            }
            let (s, e) = *rng.pick(&nums);
            v.splice(s..e, number(rng).into_bytes());
        }
        1 if !words.is_empty() => {
            let w = rng.pick(words).as_bytes().to_vec();
            let i = rng.below(v.len() + 1);
            v.splice(i..i, w);
        }
        2 if !words.is_empty() => {
            // replace an existing vocabulary word by another
            let text = String::from_utf8_lossy(v).into_owned();
            let hits: Vec<(usize, usize)> = words
                .iter()
                .flat_map(|w| text.match_indices(w).map(|(i, m)| (i, i + m.len())))
                .collect();
            if hits.is_empty() {
                return false;
            }
            let (s, e) = *rng.pick(&hits);
            if s > v.len() || e > v.len() {
                return false;
            }
            v.splice(s..e, rng.pick(words).as_bytes().to_vec());
        }
        3 => {
            let ls = lines(v);
            if ls.is_empty() {
                return false;
            }
            let (s, e) = *rng.pick(&ls);
            let mut l = v[s..e].to_vec();
            l.push(b'\n');
            let reps = if rng.one_in(8) && v.len() < MAX_TEXT / 4 {
                1 + rng.below(64)
            } else {
                1
            };
            let at = rng.pick(&ls).0;
            for _ in 0..reps {
                v.splice(at..at, l.clone());
            }
        }
        4 => {
            let ls = lines(v);
            if ls.is_empty() {
                return false;
            }
            let (s, e) = *rng.pick(&ls);
            let e = (e + 1).min(v.len());
            v.drain(s..e);
        }
        _ => {
            // spaces or a long run of one character inside a line (fixed-width fields shift)
            let i = rng.below(v.len() + 1);
            let c = *rng.pick(b"  \t9%(\r");
            let most = if rng.one_in(16) { 4096 } else { 8 };
            let n = 1 + rng.below(most);
            v.splice(i..i, std::iter::repeat_n(c, n));
        }
    }
    true
}

/// The seed files under `tests/data/matrices` whose names end with one of `exts`, at most
/// `max` bytes each (larger ones are cut to their first `max` bytes: a truncated file is a
/// useful seed too).
pub fn matrix_files(exts: &[&str], max: usize) -> Vec<Vec<u8>> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/data/matrices");
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .into_iter()
        .flatten()
        .flatten()
        .filter(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            exts.iter().any(|x| n.ends_with(x))
        })
        .filter_map(|e| {
            let n = e.file_name().to_string_lossy().into_owned();
            std::fs::read(e.path()).ok().map(|mut b| {
                b.truncate(max);
                (n, b)
            })
        })
        .collect();
    files.sort();
    files.into_iter().map(|(_, b)| b).collect()
}
