//! Harwell-Boeing files: a 4- or 5-line header (title and key; line counts; type and sizes;
//! Fortran formats; right-hand-side type and count), then column pointers, row indices,
//! values and right-hand sides in fixed-width Fortran fields. Indices are 1-based; the matrix
//! is stored by columns.

use super::mm::{host_i64, host_values};
use super::{io_err, read_text};
use crate::SparseError;
use crate::parts::Coo;
use cuprum_core::{Array, Complex64, Device};
use std::fmt::Write as _;
use std::path::Path;

/// What [`hb_read`] returns.
#[derive(Clone, Debug)]
pub struct HbFile {
    /// the matrix (symmetric, skew-symmetric and hermitian storage expanded), int64 indices,
    /// float64 (R, P: 1.0) or complex128 (C) values, in file order
    pub matrix: Coo,
    /// the title (header line 1, columns 1-72, trimmed)
    pub title: String,
    /// the key (columns 73-80, trimmed)
    pub key: String,
    /// the matrix type, e.g. `"RUA"`, `"RSA"`, `"CUA"`, `"PUA"`
    pub mxtype: String,
    /// the right-hand sides, `(rows, nrhs)`, when the file has them (full storage, `F`)
    pub rhs: Option<Array>,
    /// starting guesses, `(rows, nrhs)`, when the right-hand-side type has `G`
    pub guess: Option<Array>,
    /// exact solutions, `(rows, nrhs)`, when the right-hand-side type has `X`
    pub exact: Option<Array>,
}

/// A Fortran edit descriptor of a repeated field: `(16I5)`, `(3E26.18)`, `(1P,4D20.12)`, ...
#[derive(Clone, Copy, Debug)]
struct Fmt {
    per_line: usize,
    width: usize,
    decimals: usize,
}

fn parse_fmt(path: &Path, line: usize, s: &str) -> Result<Fmt, SparseError> {
    let bad = || io_err(path, line, format!("unsupported Fortran format {s:?}"));
    let mut t: String = s
        .trim()
        .to_uppercase()
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect();
    t = t.trim_start_matches('(').trim_end_matches(')').to_string();
    // a scale factor (kP, optionally followed by a comma) only matters on output
    if let Some(p) = t.find('P') {
        t = t[p + 1..].trim_start_matches(',').to_string();
    }
    let digits: String = t.chars().take_while(|c| c.is_ascii_digit()).collect();
    let per_line = if digits.is_empty() {
        1
    } else {
        digits.parse().map_err(|_| bad())?
    };
    let rest = &t[digits.len()..];
    let mut ch = rest.chars();
    let kind = ch.next().ok_or_else(bad)?;
    let spec: String = ch.collect();
    let (w, d) = match spec.split_once('.') {
        Some((w, d)) => (w, d),
        None => (spec.as_str(), "0"),
    };
    let width: usize = w.parse().map_err(|_| bad())?;
    let decimals: usize = d.parse().map_err(|_| bad())?;
    if width == 0 || per_line == 0 || !matches!(kind, 'I' | 'E' | 'D' | 'F' | 'G') {
        return Err(bad());
    }
    Ok(Fmt {
        per_line,
        width,
        decimals,
    })
}

/// A Fortran real field: `D` exponents, a missing `E` (`1.5-3`), and an implied decimal point
/// (`d` decimals when the field has no `.`).
pub(super) fn parse_real(field: &str, decimals: usize) -> Option<f64> {
    let mut s: String = field.trim().replace(['D', 'd'], "E");
    if s.is_empty() {
        return Some(0.0);
    }
    if !s.contains(['E', 'e']) {
        // an exponent sign after the mantissa, without the letter (after the first character,
        // which may be a sign itself or, in a malformed file, several bytes long)
        let first = s.chars().next().map_or(0, char::len_utf8);
        if let Some(p) = s[first..].rfind(['+', '-']).map(|p| p + first) {
            s.insert(p, 'E');
        }
    }
    let (mant, exp) = match s.find(['E', 'e']) {
        Some(p) => (s[..p].to_string(), s[p + 1..].to_string()),
        None => (s.clone(), "0".to_string()),
    };
    let exp: i32 = if exp.is_empty() { 0 } else { exp.parse().ok()? };
    if mant.contains('.') {
        format!("{mant}E{exp}").parse().ok()
    } else {
        // the digits themselves with a shifted exponent: one correctly rounded parse (parsing
        // the mantissa to f64 first rounded twice, 1 ulp off past 17 digits; issue 46)
        if !mant
            .trim_start_matches(['+', '-'])
            .bytes()
            .all(|b| b.is_ascii_digit())
        {
            return None;
        }
        let shift = i32::try_from(decimals).unwrap_or(i32::MAX);
        format!("{mant}E{}", exp.saturating_sub(shift)).parse().ok()
    }
}

struct Reader<'a> {
    path: &'a Path,
    lines: Vec<&'a str>,
    at: usize,
}

impl Reader<'_> {
    /// `need` fields of format `f`, starting on a new line; (1-based line of each field, text).
    fn fields(
        &mut self,
        f: Fmt,
        need: usize,
        what: &str,
    ) -> Result<Vec<(usize, String)>, SparseError> {
        let mut out = Vec::with_capacity(need.min(1 << 20));
        while out.len() < need {
            let Some(l) = self.lines.get(self.at) else {
                return Err(io_err(
                    self.path,
                    self.at,
                    format!("the file ends after {} of the {need} {what}", out.len()),
                ));
            };
            self.at += 1;
            let l = l.trim_end_matches(['\r', ' ']);
            let chars: Vec<char> = l.chars().collect();
            let n = chars
                .len()
                .div_ceil(f.width)
                .min(f.per_line)
                .min(need - out.len());
            for k in 0..n {
                let s: String = chars[k * f.width..((k + 1) * f.width).min(chars.len())]
                    .iter()
                    .collect();
                out.push((self.at, s));
            }
        }
        Ok(out)
    }
    fn ints(&mut self, f: Fmt, need: usize, what: &str) -> Result<Vec<i64>, SparseError> {
        self.fields(f, need, what)?
            .into_iter()
            .map(|(ln, s)| {
                let t = s.trim();
                if t.is_empty() {
                    return Ok(0);
                }
                t.parse::<i64>()
                    .map_err(|_| io_err(self.path, ln, format!("{what}: {t:?} is not an integer")))
            })
            .collect()
    }
    fn reals(&mut self, f: Fmt, need: usize, what: &str) -> Result<Vec<f64>, SparseError> {
        self.fields(f, need, what)?
            .into_iter()
            .map(|(ln, s)| {
                parse_real(&s, f.decimals).ok_or_else(|| {
                    io_err(
                        self.path,
                        ln,
                        format!("{what}: {:?} is not a number", s.trim()),
                    )
                })
            })
            .collect()
    }
}

fn header_int(
    path: &Path,
    line: usize,
    l: &str,
    from: usize,
    to: usize,
    what: &str,
) -> Result<usize, SparseError> {
    let chars: Vec<char> = l.chars().collect();
    let s: String = chars
        .get(from.min(chars.len())..to.min(chars.len()))
        .unwrap_or(&[])
        .iter()
        .collect();
    let t = s.trim();
    if t.is_empty() {
        return Ok(0);
    }
    t.parse::<usize>().map_err(|_| {
        io_err(
            path,
            line,
            format!("{what} {t:?} is not a non-negative integer"),
        )
    })
}

fn cols(l: &str, from: usize, to: usize) -> String {
    let chars: Vec<char> = l.chars().collect();
    chars
        .get(from.min(chars.len())..to.min(chars.len()))
        .unwrap_or(&[])
        .iter()
        .collect()
}

/// Reads a Harwell-Boeing file onto `device` (SciPy's `scipy.io.hb_read`, which refuses files
/// with right-hand sides: these are read too).
///
/// **Shapes**: the matrix is `(nrow, ncol)` as a [`Coo`]; right-hand sides, guesses and exact
/// solutions are `(nrow, nrhs)` arrays. Types: `R` (float64), `C` (complex128), `P` (pattern,
/// 1.0) with `U`/`R` (all entries), `S` (symmetric), `Z` (skew-symmetric), `H` (hermitian)
/// storage, assembled (`A`) only.
///
/// # Errors
/// [`SparseError::Io`] naming the file and line: a malformed header, an unsupported format or
/// type (elemental `E` matrices, right-hand sides in sparse `M` storage), a pointer or index out
/// of range, a field that does not parse, or a file shorter than its header says. Sizes are
/// checked against the file's length before anything is allocated for them.
///
/// # Example
/// ```
/// use cuprum_core::Device;
/// let p = std::env::temp_dir().join("cuprum_hb_read_doc.rua");
/// std::fs::write(&p, "\
/// tiny                                                                    KEY     
///              3             1             1             1             0
/// RUA                        2             2             2             0
/// (3I5)           (2I5)           (2E20.12)           
///     1    2    3
///     1    2
///   0.100000000000E+01  0.200000000000E+01
/// ").unwrap();
/// let f = cuprum_sparse::io::hb_read(&p, Device::Cpu).unwrap();
/// assert_eq!(f.matrix.data.to_vec::<f64>().unwrap(), vec![1.0, 2.0]);
/// ```
pub fn hb_read(path: impl AsRef<Path>, device: Device) -> Result<HbFile, SparseError> {
    let path = path.as_ref();
    let text = read_text(path)?;
    read_hb_text(path, &text, device)
}

/// [`hb_read`] of a file's bytes held in memory; `name` is the file name the errors quote.
///
/// **Shapes**: as [`hb_read`].
///
/// # Errors
/// As [`hb_read`]; bytes that are not UTF-8 are an error naming `name`.
///
/// ```
/// use cuprum_core::Device;
/// let e = cuprum_sparse::io::hb_read_bytes(b"short\n", "x.rua", Device::Cpu).unwrap_err();
/// assert!(e.to_string().contains("x.rua"));
/// ```
pub fn hb_read_bytes(
    bytes: &[u8],
    name: impl AsRef<Path>,
    device: Device,
) -> Result<HbFile, SparseError> {
    let path = name.as_ref();
    let text = super::text_of(path, bytes)?;
    read_hb_text(path, text, device)
}

fn read_hb_text(path: &Path, text: &str, device: Device) -> Result<HbFile, SparseError> {
    let lines: Vec<&str> = text.lines().collect();
    if lines.len() < 4 {
        return Err(io_err(
            path,
            lines.len(),
            "a Harwell-Boeing header has at least 4 lines",
        ));
    }
    let l1 = lines[0].trim_end_matches('\r');
    let title = cols(l1, 0, 72).trim().to_string();
    let key = cols(l1, 72, 80).trim().to_string();
    let l2 = lines[1];
    let rhscrd = header_int(path, 2, l2, 56, 70, "RHSCRD")?;
    let l3 = lines[2];
    let mxtype = cols(l3, 0, 3).trim().to_uppercase();
    let nrow = header_int(path, 3, l3, 14, 28, "NROW")?;
    let ncol = header_int(path, 3, l3, 28, 42, "NCOL")?;
    let nnz = header_int(path, 3, l3, 42, 56, "NNZERO")?;
    let t: Vec<char> = mxtype.chars().collect();
    if t.len() != 3 || !"RCP".contains(t[0]) || !"SUHZR".contains(t[1]) {
        return Err(io_err(path, 3, format!("unknown matrix type {mxtype:?}")));
    }
    if t[2] != 'A' {
        return Err(io_err(
            path,
            3,
            format!("matrix type {mxtype:?}: only assembled (A) matrices are supported"),
        ));
    }
    let l4 = lines[3];
    let ptrfmt = parse_fmt(path, 4, &cols(l4, 0, 16))?;
    let indfmt = parse_fmt(path, 4, &cols(l4, 16, 32))?;
    let pattern = t[0] == 'P';
    let complex = t[0] == 'C';
    let valfmt = if pattern {
        None
    } else {
        Some(parse_fmt(path, 4, &cols(l4, 32, 52))?)
    };
    let mut at = 4;
    let (mut rhstyp, mut nrhs) = (String::new(), 0usize);
    if rhscrd > 0 {
        let l5 = lines.get(4).copied().unwrap_or("");
        rhstyp = cols(l5, 0, 3).trim().to_uppercase();
        nrhs = header_int(path, 5, l5, 14, 28, "NRHS")?;
        at = 5;
    }
    // every field takes at least one character: refuse impossible sizes before allocating
    let per = |n: usize| n.checked_mul(if complex { 2 } else { 1 });
    let rhs_vals = nrow.checked_mul(nrhs).and_then(per);
    let need = [
        Some(ncol + 1),
        Some(nnz),
        if pattern { Some(0) } else { per(nnz) },
        rhs_vals,
    ]
    .into_iter()
    .try_fold(0usize, |acc, x| x.and_then(|x| acc.checked_add(x)));
    if need.is_none_or(|n| n > text.len()) {
        return Err(io_err(
            path,
            3,
            format!(
                "sizes {nrow} x {ncol} with {nnz} entries and {nrhs} right-hand sides cannot fit in a file of {} bytes",
                text.len()
            ),
        ));
    }
    let mut rd = Reader { path, lines, at };
    let ptr = rd.ints(ptrfmt, ncol + 1, "column pointers")?;
    let ind = rd.ints(indfmt, nnz, "row indices")?;
    let raw = match valfmt {
        Some(f) => rd.reals(f, per(nnz).unwrap_or(0), "values")?,
        None => vec![],
    };
    let val = |k: usize| {
        if pattern {
            Complex64::new(1.0, 0.0)
        } else if complex {
            Complex64::new(raw[2 * k], raw[2 * k + 1])
        } else {
            Complex64::new(raw[k], 0.0)
        }
    };
    // the matrix
    let sym = t[1];
    if matches!(sym, 'S' | 'Z' | 'H') && nrow != ncol {
        return Err(io_err(
            path,
            3,
            format!("type {mxtype:?} needs a square matrix, got {nrow} x {ncol}"),
        ));
    }
    if ptr[0] != 1 || ptr[ncol] as u64 != nnz as u64 + 1 {
        return Err(io_err(
            path,
            5,
            format!(
                "column pointers must run from 1 to NNZERO + 1 = {}, got {} .. {}",
                nnz + 1,
                ptr[0],
                ptr[ncol]
            ),
        ));
    }
    let (mut r, mut c, mut v) = (
        cuprum_core::ext::try_vec_with_capacity(nnz)?,
        cuprum_core::ext::try_vec_with_capacity(nnz)?,
        cuprum_core::ext::try_vec_with_capacity(nnz)?,
    );
    let (mut r2, mut c2, mut v2) = (vec![], vec![], vec![]);
    for j in 0..ncol {
        let (s, e) = (ptr[j], ptr[j + 1]);
        if s > e || s < 1 || e as u64 > nnz as u64 + 1 {
            return Err(io_err(
                path,
                5,
                format!("column pointers decrease at column {}: {s} > {e}", j + 1),
            ));
        }
        for (k, &i) in ind
            .iter()
            .enumerate()
            .take((e - 1) as usize)
            .skip((s - 1) as usize)
        {
            if i < 1 || i as u64 > nrow as u64 {
                return Err(io_err(
                    path,
                    0,
                    format!(
                        "row index {i} of entry {} is out of bounds for {nrow} rows",
                        k + 1
                    ),
                ));
            }
            let x = val(k);
            r.push(i - 1);
            c.push(j as i64);
            v.push(x);
            if i - 1 != j as i64 && matches!(sym, 'S' | 'Z' | 'H') {
                r2.push(j as i64);
                c2.push(i - 1);
                v2.push(match sym {
                    'Z' => -x,
                    'H' => x.conj(),
                    _ => x,
                });
            }
        }
    }
    r.extend(r2);
    c.extend(c2);
    v.extend(v2);
    let n = v.len();
    let data = if complex {
        Array::from_vec_on(v, &[n], device)?
    } else {
        Array::from_vec_on(v.iter().map(|x| x.re).collect::<Vec<_>>(), &[n], device)?
    };
    let matrix = Coo {
        data,
        row: Array::from_vec_on(r, &[n], device)?,
        col: Array::from_vec_on(c, &[n], device)?,
        shape: (nrow, ncol),
        canonical: false,
    };
    // right-hand sides: full storage, each block starting on a new line
    let (mut rhs, mut guess, mut exact) = (None, None, None);
    if nrhs > 0 && rhscrd > 0 {
        let ty: Vec<char> = rhstyp.chars().collect();
        if ty.first() != Some(&'F') {
            return Err(io_err(
                path,
                5,
                format!("right-hand-side type {rhstyp:?}: only full storage (F) is supported"),
            ));
        }
        let f = parse_fmt(path, 4, &cols(l4, 52, 72))
            .or_else(|_| valfmt.ok_or_else(|| io_err(path, 4, "no RHS format")))?;
        let count = nrow
            .checked_mul(nrhs)
            .and_then(|n| n.checked_mul(if complex { 2 } else { 1 }))
            .ok_or_else(|| {
                io_err(
                    path,
                    5,
                    format!("{nrow} rows x {nrhs} right-hand sides overflow"),
                )
            })?;
        let mut block = |what: &str| -> Result<Array, SparseError> {
            let x = rd.reals(f, count, what)?;
            // column-major (nrow, nrhs) -> a C-ordered array
            let mut out = cuprum_core::ext::try_vec_filled(nrow * nrhs, Complex64::new(0.0, 0.0))?;
            // one step per value (a loop over the right-hand sides would walk all NRHS of them
            // when there are no rows: a fuzzed header with 0 rows and 10^14 right-hand sides)
            for k in 0..nrow * nrhs {
                let (q, i) = (k / nrow, k % nrow);
                out[i * nrhs + q] = if complex {
                    Complex64::new(x[2 * k], x[2 * k + 1])
                } else {
                    Complex64::new(x[k], 0.0)
                };
            }
            Ok(if complex {
                Array::from_vec_on(out, &[nrow, nrhs], device)?
            } else {
                Array::from_vec_on(
                    out.iter().map(|z| z.re).collect::<Vec<_>>(),
                    &[nrow, nrhs],
                    device,
                )?
            })
        };
        rhs = Some(block("right-hand sides")?);
        if ty.get(1) == Some(&'G') {
            guess = Some(block("starting guesses")?);
        }
        if ty.get(2) == Some(&'X') {
            exact = Some(block("exact solutions")?);
        }
    }
    Ok(HbFile {
        matrix,
        title,
        key,
        mxtype,
        rhs,
        guess,
        exact,
    })
}

/// Writes a real matrix as a Harwell-Boeing file (SciPy's `scipy.io.hb_write`): type `RUA`,
/// or `RSA` when `symmetric` (only the lower triangle, row >= column, is written: the caller
/// asserts the symmetry). Duplicates are summed; entries are sorted by column, then row.
/// Formats: pointers and indices `(8I10)`, values `(3E26.17)` (round-trip exact for float64).
///
/// **Shapes**: any `(rows, cols)` COO (square when `symmetric`); values converted to float64.
///
/// # Errors
/// [`SparseError::DType`] for complex data; [`cuprum_core::Error::BadShape`] (`m`) for
/// `symmetric` on a non-square matrix; [`SparseError::Io`] when the file cannot be written.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::parts::Coo;
/// let c = Coo {
///     data: Array::from_vec_on(vec![1.5f64, -2.0], &[2], Device::Cpu).unwrap(),
///     row: Array::from_vec_on(vec![0i64, 1], &[2], Device::Cpu).unwrap(),
///     col: Array::from_vec_on(vec![1i64, 0], &[2], Device::Cpu).unwrap(),
///     shape: (2, 2),
///     canonical: false,
/// };
/// let p = std::env::temp_dir().join("cuprum_hb_write_doc.rua");
/// cuprum_sparse::io::hb_write(&p, &c, "doc", "DOC", false).unwrap();
/// let f = cuprum_sparse::io::hb_read(&p, Device::Cpu).unwrap();
/// assert_eq!(f.mxtype, "RUA");
/// assert_eq!(f.matrix.data.to_vec::<f64>().unwrap(), vec![-2.0, 1.5]);
/// ```
pub fn hb_write(
    path: impl AsRef<Path>,
    a: &Coo,
    title: &str,
    key: &str,
    symmetric: bool,
) -> Result<(), SparseError> {
    let path = path.as_ref();
    if a.data.dtype().is_complex() {
        return Err(SparseError::DType {
            op: "hb_write",
            dtype: a.data.dtype().name().to_string(),
        });
    }
    let (nrow, ncol) = a.shape;
    if symmetric && nrow != ncol {
        return Err(SparseError::bad_shape(
            "hb_write",
            "m",
            &[nrow, ncol],
            "a square matrix for a symmetric (RSA) file",
        ));
    }
    let r = host_i64(&a.row)?;
    let c = host_i64(&a.col)?;
    let (v, _) = host_values(&a.data)?;
    let mut map = std::collections::BTreeMap::new();
    for k in 0..r.len() {
        if symmetric && r[k] < c[k] {
            continue;
        }
        *map.entry((c[k], r[k])).or_insert(0.0f64) += v[k].re;
    }
    let nnz = map.len();
    let mut ptr = vec![0usize; ncol + 1];
    for &(j, _) in map.keys() {
        ptr[j as usize + 1] += 1;
    }
    for j in 0..ncol {
        ptr[j + 1] += ptr[j];
    }
    let lines_of = |n: usize, per: usize| n.div_ceil(per);
    let (pc, ic, vc) = (lines_of(ncol + 1, 8), lines_of(nnz, 8), lines_of(nnz, 3));
    let mut out = String::new();
    writeln!(
        out,
        "{:<72}{:<8}",
        &title.chars().take(72).collect::<String>(),
        &key.chars().take(8).collect::<String>()
    )
    .unwrap();
    writeln!(
        out,
        "{:>14}{:>14}{:>14}{:>14}{:>14}",
        pc + ic + vc,
        pc,
        ic,
        vc,
        0
    )
    .unwrap();
    writeln!(
        out,
        "{:<14}{:>14}{:>14}{:>14}{:>14}",
        if symmetric { "RSA" } else { "RUA" },
        nrow,
        ncol,
        nnz,
        0
    )
    .unwrap();
    writeln!(out, "{:<16}{:<16}{:<20}", "(8I10)", "(8I10)", "(3E26.17)").unwrap();
    let put = |out: &mut String, items: Vec<String>, per: usize| {
        for chunk in items.chunks(per) {
            out.push_str(&chunk.concat());
            out.push('\n');
        }
    };
    put(
        &mut out,
        ptr.iter().map(|p| format!("{:>10}", p + 1)).collect(),
        8,
    );
    put(
        &mut out,
        map.keys().map(|&(_, i)| format!("{:>10}", i + 1)).collect(),
        8,
    );
    put(
        &mut out,
        map.values()
            .map(|x| format!("{:>26}", format!("{x:.17E}")))
            .collect(),
        3,
    );
    std::fs::write(path, out).map_err(|e| io_err(path, 0, format!("cannot write: {e}")))
}
