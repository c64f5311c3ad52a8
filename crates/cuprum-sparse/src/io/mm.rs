//! Matrix Market (<https://math.nist.gov/MatrixMarket/formats.html>): coordinate and array
//! formats; real, integer, complex and pattern fields; general, symmetric, skew-symmetric and
//! hermitian symmetry.

use super::{io_err, read_text};
use crate::SparseError;
use crate::parts::Coo;
use cuprum_core::{Array, Complex64, DType, Device};
use std::fmt::Write as _;
use std::path::Path;

/// Matrix Market's storage format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmFormat {
    /// sparse: one `i j [value]` line per stored entry
    Coordinate,
    /// dense, column-major
    Array,
}

/// Matrix Market's field (the value type).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmField {
    /// float64 values
    Real,
    /// int64 values
    Integer,
    /// complex128 values (two numbers a line)
    Complex,
    /// no values: every stored entry is 1.0 (float64)
    Pattern,
}

/// Matrix Market's symmetry: which entries the file stores.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MmSymmetry {
    /// every entry
    General,
    /// the lower triangle; `a[j, i] = a[i, j]`
    Symmetric,
    /// the strictly lower triangle; `a[j, i] = -a[i, j]`
    SkewSymmetric,
    /// the lower triangle; `a[j, i] = conj(a[i, j])`
    Hermitian,
}

impl MmSymmetry {
    fn name(self) -> &'static str {
        match self {
            MmSymmetry::General => "general",
            MmSymmetry::Symmetric => "symmetric",
            MmSymmetry::SkewSymmetric => "skew-symmetric",
            MmSymmetry::Hermitian => "hermitian",
        }
    }
}

/// A Matrix Market file's header ([`mminfo`], SciPy's `mminfo`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MmInfo {
    /// rows
    pub rows: usize,
    /// columns
    pub cols: usize,
    /// stored entries as declared (coordinate), or `rows * cols` (array)
    pub entries: usize,
    /// coordinate or array
    pub format: MmFormat,
    /// the value type
    pub field: MmField,
    /// which entries are stored
    pub symmetry: MmSymmetry,
}

/// What [`mmread`] returns: a COO matrix (coordinate files) or a dense array (array files),
/// with the file's header.
#[derive(Clone, Debug)]
pub enum MmMatrix {
    /// a coordinate file, symmetric storage expanded to every entry
    Coo(Coo, MmInfo),
    /// an array file, `(rows, cols)`, symmetric storage expanded
    Dense(Array, MmInfo),
}

impl MmMatrix {
    /// The header of the file it came from.
    pub fn info(&self) -> &MmInfo {
        match self {
            MmMatrix::Coo(_, i) | MmMatrix::Dense(_, i) => i,
        }
    }
}

struct Lines<'a> {
    it: std::iter::Enumerate<std::str::Lines<'a>>,
    line: usize,
}
impl<'a> Lines<'a> {
    /// The next line that is not a comment or blank, with its 1-based number.
    fn next_data(&mut self) -> Option<(usize, &'a str)> {
        for (i, l) in self.it.by_ref() {
            self.line = i + 1;
            let t = l.trim();
            if t.is_empty() || t.starts_with('%') {
                continue;
            }
            return Some((i + 1, t));
        }
        None
    }

    /// [`Lines::next_data`] for item `k` of the `declared` `what`s ("entries", "values") the
    /// header promises: the file ending first is an error.
    fn next_item(
        &mut self,
        path: &Path,
        what: &str,
        declared: usize,
        k: usize,
    ) -> Result<(usize, &'a str), SparseError> {
        self.next_data().ok_or_else(|| {
            io_err(
                path,
                self.line,
                format!("the header declares {declared} {what} but the file ends after {k}"),
            )
        })
    }

    /// The error of a data line after the `declared` `what`s the header promises.
    fn expect_end(&mut self, path: &Path, what: &str, declared: usize) -> Result<(), SparseError> {
        match self.next_data() {
            Some((ln, l)) => Err(io_err(
                path,
                ln,
                format!("more {what} than the {declared} the header declares: {l:?}"),
            )),
            None => Ok(()),
        }
    }
}

fn parse_header<'t>(path: &Path, text: &'t str) -> Result<(MmInfo, Lines<'t>, usize), SparseError> {
    let mut lines = Lines {
        it: text.lines().enumerate(),
        line: 0,
    };
    let first = lines.it.next().map(|(_, l)| l).unwrap_or("");
    lines.line = 1;
    let words: Vec<String> = first.split_whitespace().map(|w| w.to_lowercase()).collect();
    if words.first().map(String::as_str) != Some("%%matrixmarket") {
        return Err(io_err(
            path,
            1,
            "not a Matrix Market file: the first line must start with %%MatrixMarket",
        ));
    }
    if words.len() != 5 || words[1] != "matrix" {
        return Err(io_err(
            path,
            1,
            format!("header must be '%%MatrixMarket matrix FORMAT FIELD SYMMETRY', got {first:?}"),
        ));
    }
    let format = match words[2].as_str() {
        "coordinate" => MmFormat::Coordinate,
        "array" => MmFormat::Array,
        w => return Err(io_err(path, 1, format!("unknown format {w:?}"))),
    };
    let field = match words[3].as_str() {
        "real" | "double" => MmField::Real,
        "integer" => MmField::Integer,
        "complex" => MmField::Complex,
        "pattern" => MmField::Pattern,
        w => return Err(io_err(path, 1, format!("unknown field {w:?}"))),
    };
    let symmetry = match words[4].as_str() {
        "general" => MmSymmetry::General,
        "symmetric" => MmSymmetry::Symmetric,
        "skew-symmetric" => MmSymmetry::SkewSymmetric,
        "hermitian" => MmSymmetry::Hermitian,
        w => return Err(io_err(path, 1, format!("unknown symmetry {w:?}"))),
    };
    if field == MmField::Pattern && format == MmFormat::Array {
        return Err(io_err(
            path,
            1,
            "the pattern field needs the coordinate format",
        ));
    }
    if symmetry == MmSymmetry::Hermitian && field != MmField::Complex {
        return Err(io_err(
            path,
            1,
            "hermitian symmetry needs the complex field",
        ));
    }
    let (ln, size) = lines
        .next_data()
        .ok_or_else(|| io_err(path, lines.line, "missing the size line"))?;
    let nums: Vec<&str> = size.split_whitespace().collect();
    let want = if format == MmFormat::Coordinate { 3 } else { 2 };
    if nums.len() != want {
        return Err(io_err(
            path,
            ln,
            format!("the size line must hold {want} integers, got {size:?}"),
        ));
    }
    let mut v = [0usize; 3];
    for (k, s) in nums.iter().enumerate() {
        v[k] = s.parse::<usize>().map_err(|_| {
            io_err(
                path,
                ln,
                format!("size {s:?} is not a non-negative integer"),
            )
        })?;
    }
    let (rows, cols) = (v[0], v[1]);
    if symmetry != MmSymmetry::General && rows != cols {
        return Err(io_err(
            path,
            ln,
            format!(
                "a {} matrix must be square, got {rows} x {cols}",
                symmetry.name()
            ),
        ));
    }
    let entries = if format == MmFormat::Coordinate {
        v[2]
    } else {
        let all = rows.checked_mul(cols).ok_or_else(|| {
            io_err(
                path,
                ln,
                format!("{rows} x {cols} overflows the element count"),
            )
        })?;
        // a symmetric matrix is square (checked above): its strict triangle holds
        // (rows² − rows) / 2 entries, computed without the overflow of rows · (rows + 1)
        match symmetry {
            MmSymmetry::General => all,
            MmSymmetry::SkewSymmetric => (all - rows) / 2,
            _ => (all - rows) / 2 + rows,
        }
    };
    if format == MmFormat::Coordinate {
        // the sparse matrix must be representable, and expansion may double it
        (rows as u64)
            .checked_mul(cols as u64)
            .filter(|_| rows <= i64::MAX as usize && cols <= i64::MAX as usize)
            .ok_or_else(|| io_err(path, ln, format!("{rows} x {cols} overflows")))?;
    }
    // every entry takes at least 2 bytes ("1\n" in an array file, "1 1\n" in a coordinate one)
    let min_bytes = if format == MmFormat::Coordinate { 4 } else { 2 };
    let rest = text.len();
    if entries > rest / min_bytes + 1 {
        return Err(io_err(
            path,
            ln,
            format!(
                "the header declares {entries} entries but the file ({rest} bytes) cannot hold that many"
            ),
        ));
    }
    Ok((
        MmInfo {
            rows,
            cols,
            entries,
            format,
            field,
            symmetry,
        },
        lines,
        ln,
    ))
}

/// The header of a Matrix Market file: shape, declared entries, format, field, symmetry
/// (SciPy's `scipy.io.mminfo`).
///
/// # Errors
/// [`SparseError::Io`] naming the file and line when it cannot be read or the header is
/// malformed.
///
/// # Example
/// ```
/// let dir = std::env::temp_dir().join("cuprum_mminfo_doc.mtx");
/// std::fs::write(&dir, "%%MatrixMarket matrix coordinate real general\n2 3 1\n1 2 5.0\n").unwrap();
/// let i = cuprum_sparse::io::mminfo(&dir).unwrap();
/// assert_eq!((i.rows, i.cols, i.entries), (2, 3, 1));
/// ```
pub fn mminfo(path: impl AsRef<Path>) -> Result<MmInfo, SparseError> {
    let path = path.as_ref();
    let text = read_text(path)?;
    Ok(parse_header(path, &text)?.0)
}

fn num<T: std::str::FromStr>(
    path: &Path,
    ln: usize,
    s: Option<&str>,
    what: &str,
) -> Result<T, SparseError> {
    let s = s.ok_or_else(|| io_err(path, ln, format!("missing {what}")))?;
    s.parse::<T>().map_err(|_| {
        io_err(
            path,
            ln,
            format!("{what} {s:?} is not a number of the declared field"),
        )
    })
}

/// One value as read: integers stay exact (through f64, 9007199254740993 read as …992;
/// issue 46).
#[derive(Clone, Copy)]
enum Val {
    I(i64),
    C(Complex64),
}

fn value(
    path: &Path,
    ln: usize,
    f: MmField,
    it: &mut std::str::SplitWhitespace<'_>,
) -> Result<Val, SparseError> {
    Ok(match f {
        MmField::Pattern => Val::C(Complex64::new(1.0, 0.0)),
        MmField::Real => Val::C(Complex64::new(
            num::<f64>(path, ln, it.next(), "value")?,
            0.0,
        )),
        MmField::Integer => Val::I(num::<i64>(path, ln, it.next(), "value")?),
        MmField::Complex => Val::C(Complex64::new(
            num::<f64>(path, ln, it.next(), "real part")?,
            num::<f64>(path, ln, it.next(), "imaginary part")?,
        )),
    })
}

/// Reads a Matrix Market file onto `device` (SciPy's `scipy.io.mmread`).
///
/// **Shapes**: a coordinate file gives a [`Coo`] of the declared shape with int64 indices
/// (entries in file order; symmetric, skew-symmetric and hermitian storage expanded to both
/// triangles, as SciPy does); an array file gives a dense `(rows, cols)` array. Values are
/// float64 (real, pattern: 1.0), int64 (integer; exact) or complex128.
///
/// # Errors
/// [`SparseError::Io`] naming the file, the line and the fault: a malformed header or size
/// line, an index outside the shape (`row index 0 is out of bounds for 2 rows`), a value that
/// does not parse, fewer or more entries than declared; a header that declares more entries
/// than the file can hold is refused before allocating for them.
///
/// # Example
/// ```
/// use cuprum_core::Device;
/// use cuprum_sparse::io::{mmread, MmMatrix};
/// let p = std::env::temp_dir().join("cuprum_mmread_doc.mtx");
/// std::fs::write(&p, "%%MatrixMarket matrix coordinate real symmetric\n2 2 2\n1 1 4.0\n2 1 -1.0\n").unwrap();
/// let MmMatrix::Coo(c, _) = mmread(&p, Device::Cpu).unwrap() else { panic!() };
/// assert_eq!(c.data.to_vec::<f64>().unwrap(), vec![4.0, -1.0, -1.0]);
/// ```
pub fn mmread(path: impl AsRef<Path>, device: Device) -> Result<MmMatrix, SparseError> {
    let path = path.as_ref();
    let text = read_text(path)?;
    read_mm_text(path, &text, device)
}

/// [`mmread`] of a file's bytes held in memory (SciPy's `mmread` of a file-like object);
/// `name` is the file name the errors quote.
///
/// **Shapes**: as [`mmread`].
///
/// # Errors
/// As [`mmread`]; bytes that are not UTF-8 are an error naming `name`.
///
/// ```
/// use cuprum_core::Device;
/// use cuprum_sparse::io::{mmread_bytes, MmMatrix};
/// let b = b"%%MatrixMarket matrix coordinate integer general\n2 2 1\n2 1 7\n";
/// let MmMatrix::Coo(c, _) = mmread_bytes(b, "mem.mtx", Device::Cpu).unwrap() else { panic!() };
/// assert_eq!(c.data.to_vec::<i64>().unwrap(), vec![7]);
/// let e = mmread_bytes(b"%%MatrixMarket matrix coordinate real general\n2 2 5\n", "bad.mtx", Device::Cpu);
/// assert!(e.unwrap_err().to_string().contains("bad.mtx"));
/// ```
pub fn mmread_bytes(
    bytes: &[u8],
    name: impl AsRef<Path>,
    device: Device,
) -> Result<MmMatrix, SparseError> {
    let path = name.as_ref();
    let text = super::text_of(path, bytes)?;
    read_mm_text(path, text, device)
}

fn read_mm_text(path: &Path, text: &str, device: Device) -> Result<MmMatrix, SparseError> {
    let (info, mut lines, size_line) = parse_header(path, text)?;
    let (rows, cols) = (info.rows, info.cols);
    let sym = info.symmetry;
    let mut vals: Vec<Val> = Vec::with_capacity(info.entries.min(1 << 20));
    let mirror = |v: Val| match (sym, v) {
        // NumPy's int64 negation wraps too
        (MmSymmetry::SkewSymmetric, Val::I(i)) => Val::I(i.wrapping_neg()),
        (MmSymmetry::SkewSymmetric, Val::C(c)) => Val::C(-c),
        (MmSymmetry::Hermitian, Val::C(c)) => Val::C(c.conj()),
        _ => v,
    };
    let mut last = size_line;
    match info.format {
        MmFormat::Coordinate => {
            let mut r: Vec<i64> = Vec::with_capacity(info.entries.min(1 << 20));
            let mut c: Vec<i64> = Vec::with_capacity(info.entries.min(1 << 20));
            let mut extra: Vec<(i64, i64, Val)> = Vec::new();
            for k in 0..info.entries {
                let (ln, l) = lines.next_item(path, "entries", info.entries, k)?;
                last = ln;
                let mut it = l.split_whitespace();
                let i: i64 = num(path, ln, it.next(), "row index")?;
                let j: i64 = num(path, ln, it.next(), "column index")?;
                index_1based(path, ln, "row", i, rows)?;
                index_1based(path, ln, "column", j, cols)?;
                let v = last_value(path, ln, info.field, &mut it, l)?;
                if sym != MmSymmetry::General && j > i {
                    return Err(io_err(
                        path,
                        ln,
                        format!(
                            "entry ({i}, {j}) above the diagonal in a {} file",
                            sym.name()
                        ),
                    ));
                }
                if sym == MmSymmetry::SkewSymmetric && i == j {
                    return Err(io_err(
                        path,
                        ln,
                        format!("diagonal entry ({i}, {j}) in a skew-symmetric file"),
                    ));
                }
                r.push(i - 1);
                c.push(j - 1);
                vals.push(v);
                if sym != MmSymmetry::General && i != j {
                    extra.push((j - 1, i - 1, mirror(v)));
                }
            }
            lines.expect_end(path, "entries", info.entries)?;
            for (i, j, v) in extra {
                r.push(i);
                c.push(j);
                vals.push(v);
            }
            let _ = last;
            let n = vals.len();
            let data = values_array(&vals, info.field, device)?;
            Ok(MmMatrix::Coo(
                Coo {
                    data,
                    row: Array::from_vec_on(r, &[n], device)?,
                    col: Array::from_vec_on(c, &[n], device)?,
                    shape: (rows, cols),
                    canonical: false,
                },
                info,
            ))
        }
        MmFormat::Array => {
            let total = rows * cols; // checked in the header
            let zero = match info.field {
                MmField::Integer => Val::I(0),
                _ => Val::C(Complex64::new(0.0, 0.0)),
            };
            let mut dense = cuprum_core::ext::try_vec_filled(total, zero)?;
            let mut k = 0usize;
            // column-major; symmetric kinds store the lower triangle (skew: strictly lower);
            // with no rows there is nothing to read in any column (a 0 x 2^64-1 header must
            // not walk 2^64 empty columns)
            for j in 0..(if rows == 0 { 0 } else { cols }) {
                let start = match sym {
                    MmSymmetry::General => 0,
                    MmSymmetry::SkewSymmetric => j + 1,
                    _ => j,
                };
                for i in start..rows {
                    let (ln, l) = lines.next_item(path, "values", info.entries, k)?;
                    let mut it = l.split_whitespace();
                    let v = last_value(path, ln, info.field, &mut it, l)?;
                    dense[i * cols + j] = v;
                    if i != j && sym != MmSymmetry::General {
                        dense[j * cols + i] = mirror(v);
                    }
                    k += 1;
                }
            }
            lines.expect_end(path, "values", info.entries)?;
            let a = values_array(&dense, info.field, device)?
                .reshape(&[rows as isize, cols as isize])?;
            Ok(MmMatrix::Dense(a, info))
        }
    }
}

/// The error of a 1-based `what` ("row" or "column") index `k` outside `1..=n`.
fn index_1based(path: &Path, ln: usize, what: &str, k: i64, n: usize) -> Result<(), SparseError> {
    if k < 1 || k as u64 > n as u64 {
        return Err(io_err(
            path,
            ln,
            format!("{what} index {k} is out of bounds for {n} {what}s (indices are 1-based)"),
        ));
    }
    Ok(())
}

/// [`value`], the last number of line `l`: more numbers after it are an error.
fn last_value(
    path: &Path,
    ln: usize,
    f: MmField,
    it: &mut std::str::SplitWhitespace<'_>,
    l: &str,
) -> Result<Val, SparseError> {
    let v = value(path, ln, f, it)?;
    if it.next().is_some() {
        return Err(io_err(
            path,
            ln,
            format!("too many numbers on the line: {l:?}"),
        ));
    }
    Ok(v)
}

fn values_array(v: &[Val], f: MmField, device: Device) -> Result<Array, SparseError> {
    let n = v.len();
    let c = |v: &Val| match *v {
        Val::C(c) => c,
        Val::I(i) => Complex64::new(i as f64, 0.0),
    };
    Ok(match f {
        MmField::Complex => Array::from_vec_on(v.iter().map(c).collect::<Vec<_>>(), &[n], device)?,
        MmField::Integer => Array::from_vec_on(
            v.iter()
                .map(|v| match *v {
                    Val::I(i) => i,
                    Val::C(c) => c.re as i64,
                })
                .collect::<Vec<_>>(),
            &[n],
            device,
        )?,
        _ => Array::from_vec_on(v.iter().map(|v| c(v).re).collect::<Vec<_>>(), &[n], device)?,
    })
}

fn field_of(d: DType) -> MmField {
    if d.is_complex() {
        MmField::Complex
    } else if d.is_integer() || d.is_bool() {
        MmField::Integer
    } else {
        MmField::Real
    }
}

fn fmt_value(out: &mut String, f: MmField, v: Complex64, iv: i128) {
    match f {
        MmField::Integer => write!(out, " {iv}").unwrap(),
        MmField::Complex => write!(out, " {:e} {:e}", v.re, v.im).unwrap(),
        MmField::Pattern => {}
        MmField::Real => write!(out, " {:e}", v.re).unwrap(),
    }
}

/// Writes a matrix as a Matrix Market file (SciPy's `scipy.io.mmwrite`): a [`MmMatrix::Coo`]
/// in the coordinate format (entries in their stored order, duplicates kept), a
/// [`MmMatrix::Dense`] in the array format. The field follows the dtype (integer for bool and
/// the integers, complex for complex dtypes, real otherwise, or the `Pattern` of the info when
/// asked); the symmetry is the info's: for anything but general only the lower triangle
/// (strictly lower for skew-symmetric) is written, so the caller asserts the symmetry. Values
/// are written in Rust's shortest round-trip form, so reading gives back the same numbers.
///
/// # Errors
/// [`SparseError::Io`] when the file cannot be written; [`cuprum_core::Error::BadShape`]
/// (`a`) for a symmetry on a non-square matrix; [`cuprum_core::Error::BadArgument`]
/// (`symmetry`) for hermitian on real data.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::io::{mmread, mmwrite, MmMatrix};
/// let p = std::env::temp_dir().join("cuprum_mmwrite_doc.mtx");
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let info = cuprum_sparse::io::MmInfo { rows: 2, cols: 2, entries: 4,
///     format: cuprum_sparse::io::MmFormat::Array, field: cuprum_sparse::io::MmField::Real,
///     symmetry: cuprum_sparse::io::MmSymmetry::General };
/// mmwrite(&p, &MmMatrix::Dense(a, info)).unwrap();
/// let MmMatrix::Dense(b, _) = mmread(&p, Device::Cpu).unwrap() else { panic!() };
/// assert_eq!(b.to_vec::<f64>().unwrap(), vec![1.0, 2.0, 3.0, 4.0]);
/// ```
pub fn mmwrite(path: impl AsRef<Path>, m: &MmMatrix) -> Result<(), SparseError> {
    let path = path.as_ref();
    let info = m.info();
    let sym = info.symmetry;
    let mut out = String::new();
    let (rows, cols) = match m {
        MmMatrix::Coo(c, _) => c.shape,
        MmMatrix::Dense(a, _) => {
            crate::util::shape2d("mmwrite", a, "the array format holds a 2-D array")?
        }
    };
    if sym != MmSymmetry::General && rows != cols {
        return Err(SparseError::bad_shape(
            "mmwrite",
            "a",
            &[rows, cols],
            format!("a square matrix for symmetry '{}'", sym.name()),
        ));
    }
    match m {
        MmMatrix::Coo(c, _) => {
            let field = if info.field == MmField::Pattern {
                MmField::Pattern
            } else {
                field_of(c.data.dtype())
            };
            if sym == MmSymmetry::Hermitian && field != MmField::Complex {
                return Err(SparseError::bad_argument(
                    "mmwrite",
                    "symmetry",
                    "'hermitian'",
                    format!(
                        "'general', 'symmetric' or 'skew-symmetric' for {} data",
                        field_name(field)
                    ),
                ));
            }
            let r = host_i64(&c.row)?;
            let cc = host_i64(&c.col)?;
            let (v, iv) = host_values(&c.data)?;
            let keep: Vec<usize> = (0..r.len())
                .filter(|&k| match sym {
                    MmSymmetry::General => true,
                    MmSymmetry::SkewSymmetric => r[k] > cc[k],
                    _ => r[k] >= cc[k],
                })
                .collect();
            writeln!(
                out,
                "%%MatrixMarket matrix coordinate {} {}",
                field_name(field),
                sym.name()
            )
            .unwrap();
            writeln!(out, "% written by cuprum-sparse").unwrap();
            writeln!(out, "{rows} {cols} {}", keep.len()).unwrap();
            for k in keep {
                write!(out, "{} {}", r[k] + 1, cc[k] + 1).unwrap();
                fmt_value(&mut out, field, v[k], iv[k]);
                out.push('\n');
            }
        }
        MmMatrix::Dense(a, _) => {
            let field = field_of(a.dtype());
            let flat = cuprum_core::ext::as_c_contiguous(a)?.reshape(&[-1])?;
            let (v, iv) = host_values(&flat)?;
            writeln!(
                out,
                "%%MatrixMarket matrix array {} {}",
                field_name(field),
                sym.name()
            )
            .unwrap();
            writeln!(out, "% written by cuprum-sparse").unwrap();
            writeln!(out, "{rows} {cols}").unwrap();
            for j in 0..cols {
                let start = match sym {
                    MmSymmetry::General => 0,
                    MmSymmetry::SkewSymmetric => j + 1,
                    _ => j,
                };
                for i in start..rows {
                    let mut line = String::new();
                    fmt_value(&mut line, field, v[i * cols + j], iv[i * cols + j]);
                    out.push_str(line.trim_start());
                    out.push('\n');
                }
            }
        }
    }
    std::fs::write(path, out).map_err(|e| super::io_err(path, 0, format!("cannot write: {e}")))
}

fn field_name(f: MmField) -> &'static str {
    match f {
        MmField::Real => "real",
        MmField::Integer => "integer",
        MmField::Complex => "complex",
        MmField::Pattern => "pattern",
    }
}

pub(crate) fn host_i64(a: &Array) -> Result<Vec<i64>, SparseError> {
    Ok(a.astype(DType::Int64)?
        .to_device(Device::Cpu)?
        .to_vec::<i64>()?)
}

/// The values as complex128 and, for integer dtypes, exactly as integers.
pub(crate) fn host_values(a: &Array) -> Result<(Vec<Complex64>, Vec<i128>), SparseError> {
    let a = a.to_device(Device::Cpu)?;
    let v = a.astype(DType::Complex128)?.to_vec::<Complex64>()?;
    let iv: Vec<i128> = if a.dtype().is_unsigned_integer() {
        a.astype(DType::UInt64)?
            .to_vec::<u64>()?
            .into_iter()
            .map(i128::from)
            .collect()
    } else if a.dtype().is_integer() || a.dtype().is_bool() {
        a.astype(DType::Int64)?
            .to_vec::<i64>()?
            .into_iter()
            .map(i128::from)
            .collect()
    } else {
        vec![0; v.len()]
    };
    Ok((v, iv))
}
