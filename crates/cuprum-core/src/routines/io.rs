//! Host-side I/O with NumPy's names: `frombuffer`, `fromfile` (raw bytes), `loadtxt`,
//! `genfromtxt` (basic), `savetxt` (text), `savez`, `savez_compressed` and `load_npz`
//! (`.npz` archives).
//!
//! I/O is inherently host-side: files are read and written on the host, and arrays are
//! created on (or copied from) their device.

use crate::{Array, DType, Device, Error, Result};
use std::path::Path;

pub(crate) fn io_error(op: &'static str, path: &Path, source: std::io::Error) -> Error {
    Error::Io {
        op,
        path: path.display().to_string(),
        source,
    }
}

/// A 1-D array of `count` elements of `dtype` (all remaining for `None`) read from native-endian
/// `buffer` starting at byte `offset` (`numpy.frombuffer`; a copy, on the current device).
///
/// # Errors
/// [`Error::BadArgument`] when the offset is past the end, the remaining bytes are not a
/// multiple of the item size (without `count`) or fewer than `count` items remain.
///
/// ```
/// use cuprum_core::{DType, frombuffer};
/// let b = 7u16.to_ne_bytes().iter().chain(9u16.to_ne_bytes().iter()).copied().collect::<Vec<u8>>();
/// assert_eq!(frombuffer(&b, DType::UInt16, None, 0).unwrap().to_vec::<u16>().unwrap(), vec![7, 9]);
/// ```
pub fn frombuffer(
    buffer: &[u8],
    dtype: DType,
    count: Option<usize>,
    offset: usize,
) -> Result<Array> {
    frombuffer_on(buffer, dtype, count, offset, crate::current_device())
}

/// [`frombuffer`] on `device`.
///
/// # Errors
/// As [`frombuffer`].
pub fn frombuffer_on(
    buffer: &[u8],
    dtype: DType,
    count: Option<usize>,
    offset: usize,
    device: Device,
) -> Result<Array> {
    const OP: &str = "frombuffer";
    let isz = dtype.itemsize();
    if offset > buffer.len() {
        return Err(Error::bad_argument(
            OP,
            "offset",
            offset,
            format!("at most the buffer length ({})", buffer.len()),
        ));
    }
    let rest = &buffer[offset..];
    let n = match count {
        None => {
            if !rest.len().is_multiple_of(isz) {
                return Err(Error::bad_argument(
                    OP,
                    "buffer",
                    format!("{} bytes after the offset", rest.len()),
                    format!("a multiple of the element size ({isz})"),
                ));
            }
            rest.len() / isz
        }
        Some(c) => {
            if c.checked_mul(isz).is_none_or(|b| b > rest.len()) {
                return Err(Error::bad_argument(
                    OP,
                    "count",
                    c,
                    format!(
                        "at most {} items of {isz} bytes (the buffer after the offset)",
                        rest.len() / isz
                    ),
                ));
            }
            c
        }
    };
    Array::from_bytes_on(&rest[..n * isz], &[n], dtype, device)
}

/// A 1-D array read from a raw binary file (`numpy.fromfile` in binary mode): `count` items of
/// `dtype` (all for `None`) after skipping `offset` bytes.
///
/// # Errors
/// [`Error::Io`] when the file cannot be read; as [`frombuffer`].
///
/// ```
/// use cuprum_core::{Array, DType, fromfile};
/// let p = std::env::temp_dir().join(format!("cuprum-fromfile-doc-{}.bin", std::process::id()));
/// std::fs::write(&p, 5i32.to_ne_bytes()).unwrap();
/// assert_eq!(fromfile(&p, DType::Int32, None, 0).unwrap().to_vec::<i32>().unwrap(), vec![5]);
/// std::fs::remove_file(&p).unwrap();
/// ```
pub fn fromfile(
    path: impl AsRef<Path>,
    dtype: DType,
    count: Option<usize>,
    offset: usize,
) -> Result<Array> {
    let path = path.as_ref();
    let bytes = std::fs::read(path).map_err(|e| io_error("fromfile", path, e))?;
    frombuffer(&bytes, dtype, count, offset)
}

/// Options of [`loadtxt`] and [`genfromtxt`] (NumPy's keyword arguments).
#[derive(Clone, Debug)]
pub struct TextOptions {
    /// The field separator; `None` splits on runs of whitespace (NumPy's default).
    pub delimiter: Option<char>,
    /// The comment marker: the rest of a line after it is ignored (`#`).
    pub comments: Option<String>,
    /// Lines skipped at the start (`skiprows` / `skip_header`).
    pub skiprows: usize,
    /// The columns to read, in order (negative counts from the end); all when `None`.
    pub usecols: Option<Vec<isize>>,
    /// The result dtype (float64 by default).
    pub dtype: DType,
    /// The minimum number of dimensions of the result (0, 1 or 2; NumPy's `ndmin`).
    pub ndmin: usize,
    /// Read at most this many rows (NumPy's `max_rows`).
    pub max_rows: Option<usize>,
}

impl Default for TextOptions {
    fn default() -> Self {
        TextOptions {
            delimiter: None,
            comments: Some("#".into()),
            skiprows: 0,
            usecols: None,
            dtype: DType::Float64,
            ndmin: 0,
            max_rows: None,
        }
    }
}

/// The fields of the data lines of `text` (comments stripped, empty lines skipped), with
/// their 1-based line numbers.
fn text_rows(text: &str, o: &TextOptions) -> Vec<(usize, Vec<String>)> {
    let mut rows = Vec::new();
    for (i, line) in text.lines().enumerate().skip(o.skiprows) {
        if o.max_rows.is_some_and(|m| rows.len() >= m) {
            break;
        }
        let line = match &o.comments {
            Some(c) if !c.is_empty() => line.split(c.as_str()).next().unwrap_or(""),
            _ => line,
        };
        let line = line.trim_end_matches(['\r', '\n']);
        if line.trim().is_empty() {
            continue;
        }
        let fields: Vec<String> = match o.delimiter {
            None => line.split_whitespace().map(str::to_string).collect(),
            Some(d) => line.split(d).map(|f| f.trim().to_string()).collect(),
        };
        rows.push((i + 1, fields));
    }
    rows
}

fn parse_f64(s: &str) -> Option<f64> {
    let t = s.trim();
    match t.to_ascii_lowercase().as_str() {
        "nan" | "+nan" | "-nan" => Some(f64::NAN),
        "inf" | "+inf" | "infinity" | "+infinity" => Some(f64::INFINITY),
        "-inf" | "-infinity" => Some(f64::NEG_INFINITY),
        _ => t.parse::<f64>().ok(),
    }
}

fn select_cols(
    op: &'static str,
    line: usize,
    fields: &[String],
    usecols: &Option<Vec<isize>>,
) -> Result<Vec<String>> {
    match usecols {
        None => Ok(fields.to_vec()),
        Some(cols) => cols
            .iter()
            .map(|&c| {
                let n = fields.len() as isize;
                let j = if c < 0 { c + n } else { c };
                if j < 0 || j >= n {
                    return Err(Error::bad_argument(
                        op,
                        "usecols",
                        c,
                        format!("a column index in [-{n}, {n}) (line {line} has {n} columns)"),
                    ));
                }
                Ok(fields[j as usize].clone())
            })
            .collect(),
    }
}

fn finish_text(
    op: &'static str,
    vals: Vec<f64>,
    nrows: usize,
    ncols: usize,
    o: &TextOptions,
) -> Result<Array> {
    let a = Array::from_vec_on(vals, &[nrows, ncols], crate::current_device())?.astype(o.dtype)?;
    // NumPy squeezes, then restores ndmin dimensions
    let squeezed: Vec<usize> = a.shape().iter().copied().filter(|&s| s != 1).collect();
    let r = match (squeezed.len(), o.ndmin) {
        (d, m) if d >= m => a.reshape(
            squeezed
                .iter()
                .map(|&s| s as isize)
                .collect::<Vec<_>>()
                .as_slice(),
        )?,
        (_, 1) => a.reshape(&[-1isize][..])?,
        _ => {
            if nrows == 1 && ncols != 1 {
                a.reshape(&[1isize, ncols as isize][..])?
            } else {
                a.reshape(&[nrows as isize, ncols as isize][..])?
            }
        }
    };
    if o.ndmin > 2 {
        return Err(Error::bad_argument(op, "ndmin", o.ndmin, "0, 1 or 2"));
    }
    Ok(r)
}

/// Reads a table of numbers from a text file (`numpy.loadtxt`): one row per non-empty,
/// non-comment line, fields split by `delimiter` (whitespace by default).
///
/// **Shapes:** `(rows, columns)`, squeezed as NumPy squeezes (one row or column gives 1-D) and
/// then given at least `ndmin` dimensions; on the current device, `o.dtype`.
///
/// # Errors
/// [`Error::Io`]; [`Error::InvalidValue`] naming the line for a field that is not a number or
/// a row with a different number of columns.
///
/// ```
/// use cuprum_core::{loadtxt, TextOptions};
/// let p = std::env::temp_dir().join(format!("cuprum-loadtxt-doc-{}.txt", std::process::id()));
/// std::fs::write(&p, "# x y\n1 2\n3 4.5\n").unwrap();
/// let a = loadtxt(&p, &TextOptions::default()).unwrap();
/// assert_eq!((a.shape(), a.to_vec::<f64>().unwrap()), (&[2usize, 2][..], vec![1.0, 2.0, 3.0, 4.5]));
/// std::fs::remove_file(&p).unwrap();
/// ```
pub fn loadtxt(path: impl AsRef<Path>, o: &TextOptions) -> Result<Array> {
    const OP: &str = "loadtxt";
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).map_err(|e| io_error(OP, path, e))?;
    loadtxt_str(&text, o)
}

/// [`loadtxt`] of text in memory (NumPy's `loadtxt` of a list of lines / `StringIO`).
///
/// # Errors
/// As [`loadtxt`] (without the I/O errors).
///
/// ```
/// use cuprum_core::{loadtxt_str, TextOptions};
/// let o = TextOptions { delimiter: Some(','), ..TextOptions::default() };
/// assert_eq!(loadtxt_str("1,2,3\n", &o).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 2.0, 3.0]);
/// ```
pub fn loadtxt_str(text: &str, o: &TextOptions) -> Result<Array> {
    const OP: &str = "loadtxt";
    let rows = text_rows(text, o);
    let mut vals = Vec::new();
    let mut ncols = None;
    for (line, fields) in &rows {
        let f = select_cols(OP, *line, fields, &o.usecols)?;
        if *ncols.get_or_insert(f.len()) != f.len() {
            return Err(Error::invalid_value(
                OP,
                format!(
                    "the number of columns changed from {} to {} at row {line}; use `usecols` to select a subset and avoid this error",
                    ncols.unwrap_or(0),
                    f.len()
                ),
            ));
        }
        for s in &f {
            let v = parse_f64(s).ok_or_else(|| {
                Error::invalid_value(
                    OP,
                    format!("could not convert string {s:?} to float at row {line}"),
                )
            })?;
            vals.push(v);
        }
    }
    let nrows = rows.len();
    finish_text(OP, vals, nrows, ncols.unwrap_or(0), o)
}

/// Reads a table of numbers with missing values (`numpy.genfromtxt`, basic form): as
/// [`loadtxt`], but an empty or unparsable field becomes `filling_value` (NaN in NumPy) and
/// rows may be shorter than the longest (missing fields filled too).
///
/// # Errors
/// [`Error::Io`].
///
/// ```
/// use cuprum_core::{genfromtxt_str, TextOptions};
/// let o = TextOptions { delimiter: Some(','), ..TextOptions::default() };
/// let a = genfromtxt_str("1,,3\n4,5,6\n", &o, f64::NAN).unwrap().to_vec::<f64>().unwrap();
/// assert!(a[1].is_nan() && a[5] == 6.0);
/// ```
pub fn genfromtxt_str(text: &str, o: &TextOptions, filling_value: f64) -> Result<Array> {
    const OP: &str = "genfromtxt";
    let rows = text_rows(text, o);
    let parsed: Vec<Vec<f64>> = rows
        .iter()
        .map(|(line, fields)| {
            let f = select_cols(OP, *line, fields, &o.usecols)?;
            Ok(f.iter()
                .map(|s| parse_f64(s).unwrap_or(filling_value))
                .collect())
        })
        .collect::<Result<_>>()?;
    let ncols = parsed.iter().map(Vec::len).max().unwrap_or(0);
    let mut vals = Vec::with_capacity(parsed.len() * ncols);
    for r in &parsed {
        vals.extend(r.iter().copied());
        vals.extend(std::iter::repeat_n(filling_value, ncols - r.len()));
    }
    finish_text(OP, vals, parsed.len(), ncols, o)
}

/// [`genfromtxt_str`] of a file (`numpy.genfromtxt`).
///
/// # Errors
/// [`Error::Io`].
///
/// ```
/// use cuprum_core::{genfromtxt, TextOptions};
/// let p = std::env::temp_dir().join(format!("cuprum-genfromtxt-doc-{}.txt", std::process::id()));
/// std::fs::write(&p, "1 2\n3\n").unwrap();
/// let a = genfromtxt(&p, &TextOptions::default(), -1.0).unwrap();
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![1.0, 2.0, 3.0, -1.0]);
/// std::fs::remove_file(&p).unwrap();
/// ```
pub fn genfromtxt(path: impl AsRef<Path>, o: &TextOptions, filling_value: f64) -> Result<Array> {
    let path = path.as_ref();
    let text = std::fs::read_to_string(path).map_err(|e| io_error("genfromtxt", path, e))?;
    genfromtxt_str(&text, o, filling_value)
}

/// Formats one number with a printf-style format (`%.6e`, `%.3f`, `%d`, `%g`-less subset):
/// Python's `%` formatting for `e`, `f`, `d` and `s`.
fn printf(fmt: &str, v: f64) -> Option<String> {
    let start = fmt.find('%')?;
    let (pre, rest) = (&fmt[..start], &fmt[start + 1..]);
    let conv_at = rest.find(|c: char| c.is_ascii_alphabetic())?;
    let spec = &rest[..conv_at];
    let conv = rest.as_bytes()[conv_at] as char;
    let post = &rest[conv_at + 1..];
    let (flags_width, prec) = match spec.split_once('.') {
        Some((a, p)) => (a, Some(p.parse::<usize>().ok()?)),
        None => (spec, None),
    };
    let left = flags_width.starts_with('-');
    let plus = flags_width.contains('+');
    let zero = flags_width
        .trim_start_matches(['-', '+', ' '])
        .starts_with('0');
    let width: usize = flags_width
        .trim_start_matches(['-', '+', ' ', '0'])
        .parse()
        .unwrap_or(0);
    let mut body = match conv {
        'e' | 'E' => {
            let p = prec.unwrap_or(6);
            if !v.is_finite() {
                py_special(v)
            } else {
                let s = format!("{v:.p$e}");
                let (m, e) = s.split_once('e')?;
                let e: i32 = e.parse().ok()?;
                let sign = if e < 0 { '-' } else { '+' };
                let s = format!("{m}e{sign}{:02}", e.abs());
                if conv == 'E' { s.to_uppercase() } else { s }
            }
        }
        'f' | 'F' => {
            if v.is_finite() {
                format!("{v:.*}", prec.unwrap_or(6))
            } else {
                py_special(v)
            }
        }
        'd' | 'i' => {
            if v.is_finite() {
                format!("{}", v.trunc() as i64)
            } else {
                py_special(v)
            }
        }
        's' => format!("{v}"),
        _ => return None,
    };
    if plus && !body.starts_with('-') {
        body.insert(0, '+');
    }
    if body.len() < width {
        let pad = width - body.len();
        if left {
            body.push_str(&" ".repeat(pad));
        } else if zero && v.is_finite() {
            let at = usize::from(body.starts_with(['-', '+']));
            body.insert_str(at, &"0".repeat(pad));
        } else {
            body.insert_str(0, &" ".repeat(pad));
        }
    }
    Some(format!("{pre}{body}{post}"))
}

fn py_special(v: f64) -> String {
    if v.is_nan() {
        "nan".into()
    } else if v > 0.0 {
        "inf".into()
    } else {
        "-inf".into()
    }
}

/// Options of [`savetxt`] (NumPy's keyword arguments).
#[derive(Clone, Debug)]
pub struct SaveTxtOptions {
    /// The printf-style format of one number (`%.18e` by default; `e`, `f`, `d` and `s`
    /// conversions with flags, width and precision).
    pub fmt: String,
    /// The separator between columns (`" "`).
    pub delimiter: String,
    /// The line ending (`"\n"`).
    pub newline: String,
    /// Text written before the data, each line prefixed with `comments` (none when empty).
    pub header: String,
    /// Text written after the data, each line prefixed with `comments`.
    pub footer: String,
    /// The prefix of header and footer lines (`"# "`).
    pub comments: String,
}

impl Default for SaveTxtOptions {
    fn default() -> Self {
        SaveTxtOptions {
            fmt: "%.18e".into(),
            delimiter: " ".into(),
            newline: "\n".into(),
            header: String::new(),
            footer: String::new(),
            comments: "# ".into(),
        }
    }
}

/// The text [`savetxt`] writes.
///
/// # Errors
/// As [`savetxt`] (without the I/O errors).
///
/// ```
/// use cuprum_core::{Array, savetxt_string, SaveTxtOptions};
/// let a = Array::from_vec(vec![1.0f64, 2.5], &[2]).unwrap();
/// assert_eq!(savetxt_string(&a, &SaveTxtOptions::default()).unwrap(), "1.000000000000000000e+00\n2.500000000000000000e+00\n");
/// ```
pub fn savetxt_string(x: &Array, o: &SaveTxtOptions) -> Result<String> {
    const OP: &str = "savetxt";
    if x.dtype().is_complex() {
        return Err(Error::DType {
            op: OP,
            dtype: x.dtype(),
            detail: ": complex arrays are not supported".into(),
        });
    }
    let (rows, cols) = match x.ndim() {
        1 => (x.size(), 1),
        2 => (x.shape()[0], x.shape()[1]),
        _ => {
            return Err(Error::bad_shape(OP, "X", x.shape(), "a 1-D or 2-D array"));
        }
    };
    let v = x.astype(DType::Float64)?.to_vec::<f64>()?;
    let mut out = String::new();
    if !o.header.is_empty() {
        for l in o.header.lines() {
            out.push_str(&o.comments);
            out.push_str(l);
            out.push_str(&o.newline);
        }
    }
    for r in 0..rows {
        for c in 0..cols {
            if c > 0 {
                out.push_str(&o.delimiter);
            }
            let s = printf(&o.fmt, v[r * cols + c]).ok_or_else(|| {
                Error::bad_argument(OP, "fmt", format!("{:?}", o.fmt), "a printf-style format")
            })?;
            out.push_str(&s);
        }
        out.push_str(&o.newline);
    }
    if !o.footer.is_empty() {
        for l in o.footer.lines() {
            out.push_str(&o.comments);
            out.push_str(l);
            out.push_str(&o.newline);
        }
    }
    Ok(out)
}

/// Writes a 1-D or 2-D array as text, one row per line (`numpy.savetxt`).
///
/// # Errors
/// [`Error::Io`]; [`Error::BadShape`] or [`Error::BadArgument`] for more than 2 dimensions or a format this subset
/// does not know; [`Error::DType`] for complex arrays.
///
/// ```
/// use cuprum_core::{Array, savetxt, loadtxt, SaveTxtOptions, TextOptions};
/// let p = std::env::temp_dir().join(format!("cuprum-savetxt-doc-{}.txt", std::process::id()));
/// let a = Array::from_vec(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2]).unwrap();
/// savetxt(&p, &a, &SaveTxtOptions::default()).unwrap();
/// assert_eq!(loadtxt(&p, &TextOptions::default()).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 2.0, 3.0, 4.0]);
/// std::fs::remove_file(&p).unwrap();
/// ```
pub fn savetxt(path: impl AsRef<Path>, x: &Array, o: &SaveTxtOptions) -> Result<()> {
    let path = path.as_ref();
    let s = savetxt_string(x, o)?;
    std::fs::write(path, s).map_err(|e| io_error("savetxt", path, e))
}
