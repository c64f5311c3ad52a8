//! NumPy `.npy` files: [`load`], [`save`], [`from_npy_bytes`], [`to_npy_bytes`].
//!
//! The format is NumPy's (`numpy.lib.format`): the magic string `\x93NUMPY`, a major and minor
//! version byte, a little-endian header length (2 bytes in version 1.0, 4 bytes in 2.0 and 3.0),
//! a header that is a Python dict literal `{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }`
//! and then the raw element bytes.
//!
//! **Reading** accepts versions 1.0, 2.0 and 3.0 (3.0 headers are UTF-8, the others Latin-1),
//! every dtype cuprum has, either byte order (`'>f8'` is byte-swapped to native) and Fortran order
//! (the elements are reordered so the array is C-contiguous with the same values). Bytes after the
//! data are ignored, as `numpy.load` does. Bool bytes other than 0 are read as `True`.
//!
//! **Writing** produces what `numpy.save` produces for a C-contiguous little-endian array: version
//! 1.0 (2.0 only when the header would not fit in 65535 bytes), C order, little-endian, the header
//! padded with spaces (room for the first axis to grow to 21 digits) and a newline so that the
//! data starts at a multiple of 64 bytes. The files are byte-for-byte identical to NumPy's.
//!
//! **bfloat16** has no NumPy type code. cuprum writes it with the descr `'bfloat16'` (the name
//! that `numpy.dtype('bfloat16')` accepts once `ml_dtypes` is imported, so NumPy with `ml_dtypes`
//! reads such files back as `bfloat16`) and reads that descr back as [`DType::BFloat16`]. A `'<V2'`
//! descr (what NumPy writes for an `ml_dtypes.bfloat16` array) is an opaque void type and is
//! rejected with an error saying so, because nothing in the file says the two bytes are bfloat16.
//!
//! Malformed or truncated input is an [`Error::Npy`] naming the file and exactly what is wrong.
//!
//! ```
//! use cuprum_core::{Array, Device, npy};
//! let a = Array::from_vec_on(vec![1.0f64, -2.5, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
//! let bytes = npy::to_npy_bytes(&a).unwrap();
//! assert_eq!(&bytes[..6], b"\x93NUMPY");
//! let b = npy::from_npy_bytes_on(&bytes, Device::Cpu).unwrap();
//! assert_eq!(b.shape(), &[2, 2]);
//! assert_eq!(b.to_vec::<f64>().unwrap(), vec![1.0, -2.5, 3.0, 4.0]);
//! ```

use crate::{Array, DType, Device, Error, Layout, Result};
use std::path::Path;

const MAGIC: &[u8; 6] = b"\x93NUMPY";
/// Data starts at a multiple of this many bytes (NumPy's `ARRAY_ALIGN`).
const ARRAY_ALIGN: usize = 64;
/// Header space reserved for the growth axis (NumPy's `GROWTH_AXIS_MAX_DIGITS`).
const GROWTH_AXIS_MAX_DIGITS: usize = 21;
/// Label used in errors for in-memory input.
const BYTES_LABEL: &str = "<bytes>";
/// NumPy's default `max_header_size` (`numpy.lib.format._MAX_HEADER_SIZE`): longer headers are
/// refused unless [`NpyOptions::max_header_size`] allows them.
pub const MAX_HEADER_SIZE: usize = 10_000;
/// How deeply the header's literals may nest (`{` `(` `[`): a real header nests 3 deep (a
/// structured descr a few more); a hostile one cannot drive the parser's recursion deep.
const MAX_NESTING: usize = 64;
/// Characters of a header, string or name that an error message quotes at most.
const QUOTE_MAX_CHARS: usize = 200;

/// Options for reading `.npy` files ([`load_with`], [`from_npy_bytes_with`]).
///
/// # Example
/// ```
/// use cuprum_core::npy::{MAX_HEADER_SIZE, NpyOptions};
/// assert_eq!(NpyOptions::default().max_header_size, MAX_HEADER_SIZE);
/// let trusting = NpyOptions { max_header_size: 1 << 20 };
/// # let _ = trusting;
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NpyOptions {
    /// The longest header accepted, in bytes (NumPy's `max_header_size`; default
    /// [`MAX_HEADER_SIZE`] = 10,000). Raise it only for files you trust, as NumPy advises.
    pub max_header_size: usize,
}

impl Default for NpyOptions {
    fn default() -> Self {
        NpyOptions {
            max_header_size: MAX_HEADER_SIZE,
        }
    }
}

/// Reads a `.npy` file into a new C-contiguous array on the current device
/// ([`current_device`](crate::current_device)), like `cupy.load`.
///
/// # Errors
/// [`Error::Io`] when the file cannot be read; [`Error::Npy`] when it is not a valid `.npy`
/// file (bad magic, unsupported version, header that is not a dict, unknown descr, shape that is
/// not a tuple of non-negative integers, data shorter than the shape needs, ...); the device's
/// allocation errors.
///
/// # Example
/// ```
/// # use cuprum_core::{Array, Device, npy};
/// let path = std::env::temp_dir().join("cuprum_npy_load_doc.npy");
/// let a = Array::from_vec_on(vec![1i32, 2, 3], &[3], Device::Cpu).unwrap();
/// npy::save(&path, &a).unwrap();
/// let b = npy::load_on(&path, Device::Cpu).unwrap();
/// assert_eq!(b.to_vec::<i32>().unwrap(), vec![1, 2, 3]);
/// # std::fs::remove_file(&path).ok();
/// ```
pub fn load(path: impl AsRef<Path>) -> Result<Array> {
    load_on(path, crate::current_device())
}

/// Reads a `.npy` file into a new C-contiguous array on `device`.
///
/// # Errors
/// As [`load`].
pub fn load_on(path: impl AsRef<Path>, device: Device) -> Result<Array> {
    load_with(path, device, NpyOptions::default())
}

/// [`load_on`] with explicit [`NpyOptions`] (e.g. a larger `max_header_size` for a trusted file).
///
/// # Errors
/// As [`load`]; [`Error::Npy`] when the header is longer than `options.max_header_size`.
///
/// # Example
/// ```
/// # use cuprum_core::{Array, Device, npy};
/// let path = std::env::temp_dir().join("cuprum_npy_load_with_doc.npy");
/// npy::save(&path, &Array::from_vec_on(vec![1u8], &[1], Device::Cpu).unwrap()).unwrap();
/// let opts = npy::NpyOptions { max_header_size: 200 };
/// assert_eq!(npy::load_with(&path, Device::Cpu, opts).unwrap().to_vec::<u8>().unwrap(), vec![1]);
/// let tiny = npy::NpyOptions { max_header_size: 10 };
/// assert!(npy::load_with(&path, Device::Cpu, tiny).is_err());
/// # std::fs::remove_file(&path).ok();
/// ```
pub fn load_with(path: impl AsRef<Path>, device: Device, options: NpyOptions) -> Result<Array> {
    let path = path.as_ref();
    let label = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| Error::Io {
        op: "load",
        path: label.clone(),
        source,
    })?;
    let parsed = parse(&bytes, &label, options)?;
    Array::from_bytes_on(&parsed.data, &parsed.shape, parsed.dtype, device)
}

/// Writes `array` to a `.npy` file (format 1.0, C order, little-endian), like `cupy.save`.
/// The array may be any view on any device; it is copied to the host in C order.
///
/// # Errors
/// [`Error::Io`] when the file cannot be written; errors from copying the array to the host.
///
/// # Example
/// ```
/// # use cuprum_core::{Array, Device, npy};
/// let path = std::env::temp_dir().join("cuprum_npy_save_doc.npy");
/// let a = Array::from_vec_on(vec![true, false], &[2], Device::Cpu).unwrap();
/// npy::save(&path, &a).unwrap();
/// assert_eq!(npy::load_on(&path, Device::Cpu).unwrap().to_vec::<bool>().unwrap(), vec![true, false]);
/// # std::fs::remove_file(&path).ok();
/// ```
pub fn save(path: impl AsRef<Path>, array: &Array) -> Result<()> {
    let path = path.as_ref();
    let bytes = to_npy_bytes(array)?;
    std::fs::write(path, bytes).map_err(|source| Error::Io {
        op: "save",
        path: path.display().to_string(),
        source,
    })
}

/// Parses the bytes of a `.npy` file into a new C-contiguous array on the current device.
///
/// # Errors
/// [`Error::Npy`] (with the path `"<bytes>"`) when the bytes are not a valid `.npy` file; see
/// [`load`].
pub fn from_npy_bytes(bytes: &[u8]) -> Result<Array> {
    from_npy_bytes_on(bytes, crate::current_device())
}

/// Parses the bytes of a `.npy` file into a new C-contiguous array on `device`.
///
/// # Errors
/// As [`from_npy_bytes`].
pub fn from_npy_bytes_on(bytes: &[u8], device: Device) -> Result<Array> {
    from_npy_bytes_with(bytes, device, NpyOptions::default())
}

/// [`from_npy_bytes_on`] with explicit [`NpyOptions`].
///
/// # Errors
/// As [`from_npy_bytes`]; [`Error::Npy`] when the header is longer than
/// `options.max_header_size`.
pub fn from_npy_bytes_with(bytes: &[u8], device: Device, options: NpyOptions) -> Result<Array> {
    let parsed = parse(bytes, BYTES_LABEL, options)?;
    Array::from_bytes_on(&parsed.data, &parsed.shape, parsed.dtype, device)
}

/// The bytes of a `.npy` file holding `array` (format 1.0, C order, little-endian), identical to
/// what `numpy.save` writes for the same values.
///
/// # Errors
/// Errors from copying the array to the host.
pub fn to_npy_bytes(array: &Array) -> Result<Vec<u8>> {
    let dtype = array.dtype();
    let mut data = array.to_bytes()?;
    if cfg!(target_endian = "big") {
        swap_bytes(&mut data, swap_unit(dtype));
    }
    let mut out = header_bytes(dtype, array.shape());
    out.extend_from_slice(&data);
    Ok(out)
}

/// A parsed file: dtype, shape and the elements' native-endian bytes in C order.
struct Parsed {
    dtype: DType,
    shape: Vec<usize>,
    data: Vec<u8>,
}

fn npy_err(label: &str, reason: impl Into<String>) -> Error {
    Error::Npy {
        path: label.to_string(),
        reason: reason.into(),
    }
}

/// At most [`QUOTE_MAX_CHARS`] characters of `s`, debug-quoted, then `… (N bytes)` when
/// longer: error messages never grow with hostile input.
fn bounded(s: &str) -> String {
    match s.char_indices().nth(QUOTE_MAX_CHARS) {
        None => format!("{s:?}"),
        Some((cut, _)) => format!("{:?}… ({} bytes)", &s[..cut], s.len()),
    }
}

/// As [`bounded`], without the quotes (for text cuprum formatted itself, such as a shape).
fn clipped(s: &str) -> String {
    match s.char_indices().nth(QUOTE_MAX_CHARS) {
        None => s.to_string(),
        Some((cut, _)) => format!("{}… ({} bytes)", &s[..cut], s.len()),
    }
}

fn parse(bytes: &[u8], label: &str, options: NpyOptions) -> Result<Parsed> {
    let e = |reason: String| npy_err(label, reason);
    if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
        let found = &bytes[..bytes.len().min(MAGIC.len())];
        return Err(e(format!(
            "bad magic: expected the 6 bytes \\x93NUMPY, found {}",
            escape_bytes(found)
        )));
    }
    if bytes.len() < 8 {
        return Err(e(format!(
            "truncated: the file is {} bytes long and ends inside the version bytes",
            bytes.len()
        )));
    }
    let (major, minor) = (bytes[6], bytes[7]);
    let len_bytes = match (major, minor) {
        (1, 0) => 2,
        (2, 0) | (3, 0) => 4,
        _ => {
            return Err(e(format!(
                "unsupported format version {major}.{minor} (1.0, 2.0 and 3.0 are supported)"
            )));
        }
    };
    let start = 8 + len_bytes;
    if bytes.len() < start {
        return Err(e(format!(
            "truncated: the file is {} bytes long and ends inside the {len_bytes}-byte header length of format {major}.{minor}",
            bytes.len()
        )));
    }
    let hlen = if len_bytes == 2 {
        u16::from_le_bytes([bytes[8], bytes[9]]) as usize
    } else {
        u32::from_le_bytes([bytes[8], bytes[9], bytes[10], bytes[11]]) as usize
    };
    if hlen > options.max_header_size {
        return Err(e(format!(
            "header length {hlen} exceeds max_header_size {} (NumPy's limit for untrusted \
             files; pass a larger NpyOptions::max_header_size to read a trusted one)",
            options.max_header_size
        )));
    }
    let present = bytes.len() - start;
    if present < hlen {
        return Err(e(format!(
            "truncated header: the header length field says {hlen} bytes, only {present} are present"
        )));
    }
    let raw = &bytes[start..start + hlen];
    let header: String = if major == 3 {
        std::str::from_utf8(raw)
            .map_err(|u| {
                e(format!(
                    "header of a format 3.0 file is not valid UTF-8 (at header byte {})",
                    u.valid_up_to()
                ))
            })?
            .to_string()
    } else {
        // Latin-1: every byte is the code point of the same value.
        raw.iter().map(|&b| b as char).collect()
    };
    let value = PyParser::new(&header).parse_all().map_err(|m| {
        e(format!(
            "header is not a Python literal: {m}; header: {}",
            bounded(&header)
        ))
    })?;
    let PyVal::Dict(entries) = value else {
        return Err(e(format!(
            "header is not a dict: found {}; header: {}",
            value.kind(),
            bounded(header.trim_end())
        )));
    };
    let mut descr = None;
    let mut fortran = None;
    let mut shape_val = None;
    for (k, v) in entries {
        let PyVal::Str(k) = k else {
            return Err(e(format!(
                "header dict has a key that is not a string: {}",
                k.kind()
            )));
        };
        match k.as_str() {
            "descr" => descr = Some(v),
            "fortran_order" => fortran = Some(v),
            "shape" => shape_val = Some(v),
            other => {
                return Err(e(format!(
                    "header dict has the unexpected key {} (only 'descr', 'fortran_order' and 'shape' are allowed)",
                    bounded(other)
                )));
            }
        }
    }
    let missing = |key: &str| e(format!("header dict has no {key:?} key"));
    let descr = descr.ok_or_else(|| missing("descr"))?;
    let fortran = fortran.ok_or_else(|| missing("fortran_order"))?;
    let shape_val = shape_val.ok_or_else(|| missing("shape"))?;

    let (dtype, order) = match descr {
        PyVal::Str(s) => parse_descr(&s).map_err(e)?,
        PyVal::List(_) => {
            return Err(e(
                "structured dtypes (a list descr) are not supported".to_string()
            ));
        }
        other => {
            return Err(e(format!("descr is not a string: found {}", other.kind())));
        }
    };
    let fortran = match fortran {
        PyVal::Bool(b) => b,
        other => {
            return Err(e(format!(
                "fortran_order is not True or False: found {}",
                other.kind()
            )));
        }
    };
    let shape: Vec<usize> = match shape_val {
        PyVal::Tuple(items) => items
            .into_iter()
            .enumerate()
            .map(|(i, v)| match v {
                PyVal::Int(n) if n >= 0 && n <= usize::MAX as i128 => Ok(n as usize),
                PyVal::Int(n) => Err(e(format!(
                    "shape entry {i} is {n}, not a non-negative integer"
                ))),
                other => Err(e(format!(
                    "shape entry {i} is {}, not an integer",
                    other.kind()
                ))),
            })
            .collect::<Result<_>>()?,
        other => {
            return Err(e(format!("shape is not a tuple: found {}", other.kind())));
        }
    };
    let nbytes = match crate::layout::checked_size("load", &shape, dtype.itemsize()) {
        Ok(n) => n * dtype.itemsize(),
        Err(_) => {
            return Err(e(format!(
                "array is too big: shape {} of {dtype} needs more than isize::MAX bytes",
                clipped(&shape_repr(&shape))
            )));
        }
    };
    let data_start = start + hlen;
    let available = bytes.len() - data_start;
    if available < nbytes {
        return Err(e(format!(
            "data is shorter than the shape needs: {nbytes} bytes expected for shape {} of {dtype}, {available} present",
            clipped(&shape_repr(&shape))
        )));
    }
    let mut data = bytes[data_start..data_start + nbytes].to_vec();
    let native = match order {
        ByteOrder::Little => cfg!(target_endian = "little"),
        ByteOrder::Big => cfg!(target_endian = "big"),
        ByteOrder::Native => true,
    };
    if !native {
        swap_bytes(&mut data, swap_unit(dtype));
    }
    if dtype == DType::Bool {
        for b in &mut data {
            *b = (*b != 0) as u8;
        }
    }
    if fortran && shape.len() > 1 {
        data = fortran_to_c(&data, &shape, dtype.itemsize());
    }
    Ok(Parsed { dtype, shape, data })
}

/// Byte order of a descr.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ByteOrder {
    Little,
    Big,
    Native,
}

/// Parses a NumPy descr string (`'<f8'`, `'|b1'`, `'>i4'`, `'bfloat16'`).
fn parse_descr(s: &str) -> std::result::Result<(DType, ByteOrder), String> {
    if s == "bfloat16" || s == "<bfloat16" {
        return Ok((DType::BFloat16, ByteOrder::Little));
    }
    let unknown = || format!("unknown descr {}", bounded(s));
    let mut chars = s.chars();
    let (order, rest) = match chars.next() {
        Some('<') => (ByteOrder::Little, chars.as_str()),
        Some('>') => (ByteOrder::Big, chars.as_str()),
        Some('|') | Some('=') => (ByteOrder::Native, chars.as_str()),
        Some(_) => (ByteOrder::Native, s),
        None => return Err("descr is the empty string".to_string()),
    };
    let mut rc = rest.chars();
    let kind = rc.next().ok_or_else(unknown)?;
    let size_str = rc.as_str();
    let size: Option<usize> = if size_str.is_empty() {
        None
    } else {
        Some(size_str.parse().map_err(|_| unknown())?)
    };
    let dtype = match (kind, size) {
        ('?', None) | ('b', Some(1)) | ('?', Some(1)) => DType::Bool,
        ('i', Some(1)) => DType::Int8,
        ('i', Some(2)) => DType::Int16,
        ('i', Some(4)) => DType::Int32,
        ('i', Some(8)) => DType::Int64,
        ('u', Some(1)) => DType::UInt8,
        ('u', Some(2)) => DType::UInt16,
        ('u', Some(4)) => DType::UInt32,
        ('u', Some(8)) => DType::UInt64,
        ('f', Some(2)) | ('e', None) => DType::Float16,
        ('f', Some(4)) => DType::Float32,
        ('f', Some(8)) => DType::Float64,
        ('c', Some(8)) => DType::Complex64,
        ('c', Some(16)) => DType::Complex128,
        ('V', _) => {
            return Err(format!(
                "unsupported descr {}: void (raw bytes) dtypes are not supported (a bfloat16 file must use the descr 'bfloat16')",
                bounded(s)
            ));
        }
        ('U' | 'S' | 'a', _) => {
            return Err(format!(
                "unsupported descr {}: string dtypes are not supported",
                bounded(s)
            ));
        }
        ('O', _) => {
            return Err(format!(
                "unsupported descr {}: object arrays are not supported",
                bounded(s)
            ));
        }
        ('M' | 'm', _) => {
            return Err(format!(
                "unsupported descr {}: datetime/timedelta dtypes are not supported",
                bounded(s)
            ));
        }
        _ => return Err(unknown()),
    };
    Ok((dtype, order))
}

/// The descr cuprum writes for a dtype (little-endian).
fn descr_of(dtype: DType) -> &'static str {
    match dtype {
        DType::Bool => "|b1",
        DType::Int8 => "|i1",
        DType::Int16 => "<i2",
        DType::Int32 => "<i4",
        DType::Int64 => "<i8",
        DType::UInt8 => "|u1",
        DType::UInt16 => "<u2",
        DType::UInt32 => "<u4",
        DType::UInt64 => "<u8",
        DType::Float16 => "<f2",
        DType::BFloat16 => "bfloat16",
        DType::Float32 => "<f4",
        DType::Float64 => "<f8",
        DType::Complex64 => "<c8",
        DType::Complex128 => "<c16",
    }
}

/// The size of the unit whose bytes a byte-order change reverses (the part of a complex).
fn swap_unit(dtype: DType) -> usize {
    if dtype.is_complex() {
        dtype.itemsize() / 2
    } else {
        dtype.itemsize()
    }
}

fn swap_bytes(data: &mut [u8], unit: usize) {
    if unit > 1 {
        for chunk in data.chunks_exact_mut(unit) {
            chunk.reverse();
        }
    }
}

/// Reorders elements stored in Fortran order into C order.
fn fortran_to_c(data: &[u8], shape: &[usize], itemsize: usize) -> Vec<u8> {
    let f_layout = Layout {
        shape: shape.to_vec(),
        strides: crate::layout::f_strides(shape),
        offset: 0,
    };
    let mut out = Vec::with_capacity(data.len());
    f_layout.for_each_position(|p| {
        out.extend_from_slice(&data[p * itemsize..(p + 1) * itemsize]);
    });
    out
}

/// Python's `repr` of a shape tuple: `()`, `(5,)`, `(2, 3)`.
fn shape_repr(shape: &[usize]) -> String {
    match shape {
        [] => "()".to_string(),
        [n] => format!("({n},)"),
        _ => {
            let parts: Vec<String> = shape.iter().map(|n| n.to_string()).collect();
            format!("({})", parts.join(", "))
        }
    }
}

/// The magic, version, header length and padded header for a C-order little-endian array,
/// exactly as `numpy.lib.format.write_array_header_*` builds them.
fn header_bytes(dtype: DType, shape: &[usize]) -> Vec<u8> {
    let mut header = format!(
        "{{'descr': '{}', 'fortran_order': False, 'shape': {}, }}",
        descr_of(dtype),
        shape_repr(shape)
    );
    if let Some(first) = shape.first() {
        let digits = first.to_string().len();
        header.push_str(&" ".repeat(GROWTH_AXIS_MAX_DIGITS.saturating_sub(digits)));
    }
    // version 1.0 has a 2-byte length; fall back to 2.0 when the header does not fit.
    let hlen = header.len() + 1; // + '\n'
    let padded = |prefix: usize| hlen + ARRAY_ALIGN - (prefix + hlen) % ARRAY_ALIGN;
    let (version, len_bytes) = if padded(10) <= u16::MAX as usize {
        (1u8, 2usize)
    } else {
        (2u8, 4usize)
    };
    let prefix = 8 + len_bytes;
    let total_hlen = padded(prefix);
    let pad = total_hlen - hlen;
    let mut out = Vec::with_capacity(prefix + total_hlen);
    out.extend_from_slice(MAGIC);
    out.push(version);
    out.push(0);
    if len_bytes == 2 {
        out.extend_from_slice(&(total_hlen as u16).to_le_bytes());
    } else {
        out.extend_from_slice(&(total_hlen as u32).to_le_bytes());
    }
    out.extend_from_slice(header.as_bytes());
    out.extend(std::iter::repeat_n(b' ', pad));
    out.push(b'\n');
    out
}

fn escape_bytes(b: &[u8]) -> String {
    let mut s = String::from("b\"");
    for &c in b {
        if c.is_ascii_graphic() || c == b' ' {
            s.push(c as char);
        } else {
            s.push_str(&format!("\\x{c:02x}"));
        }
    }
    s.push('"');
    s
}

/// The Python literals a `.npy` header may contain.
#[derive(Debug, Clone, PartialEq)]
enum PyVal {
    Str(String),
    Int(i128),
    Bool(bool),
    None,
    Tuple(Vec<PyVal>),
    List(Vec<PyVal>),
    Dict(Vec<(PyVal, PyVal)>),
}

impl PyVal {
    /// A short description for error messages: `a tuple (2, 3)`, `the string 'x'`.
    fn kind(&self) -> String {
        match self {
            PyVal::Str(s) => format!("the string {}", bounded(s)),
            PyVal::Int(i) => format!("the integer {i}"),
            PyVal::Bool(b) => format!("the bool {}", if *b { "True" } else { "False" }),
            PyVal::None => "None".to_string(),
            PyVal::Tuple(v) => format!("a tuple of {} items", v.len()),
            PyVal::List(v) => format!("a list of {} items", v.len()),
            PyVal::Dict(v) => format!("a dict of {} items", v.len()),
        }
    }
}

/// A recursive-descent parser for the subset of Python literals `.npy` headers use.
///
/// Nesting is bounded ([`MAX_NESTING`]) so that the recursion depth is too.
struct PyParser<'a> {
    s: &'a str,
    pos: usize,
    depth: usize,
}

impl<'a> PyParser<'a> {
    fn new(s: &'a str) -> Self {
        PyParser {
            s,
            pos: 0,
            depth: 0,
        }
    }

    fn parse_all(mut self) -> std::result::Result<PyVal, String> {
        let v = self.value()?;
        self.skip_ws();
        if self.pos != self.s.len() {
            return Err(format!(
                "unexpected {:?} after the value at header byte {}",
                self.peek().unwrap_or(' '),
                self.pos
            ));
        }
        Ok(v)
    }

    fn peek(&self) -> Option<char> {
        self.s[self.pos..].chars().next()
    }

    fn skip_ws(&mut self) {
        while let Some(c) = self.peek() {
            if c.is_whitespace() {
                self.pos += c.len_utf8();
            } else {
                break;
            }
        }
    }

    fn value(&mut self) -> std::result::Result<PyVal, String> {
        self.skip_ws();
        if matches!(self.peek(), Some('{' | '(' | '[')) {
            if self.depth >= MAX_NESTING {
                return Err(format!(
                    "literals nest more than {MAX_NESTING} deep at header byte {}",
                    self.pos
                ));
            }
            self.depth += 1;
            let v = self.value_inner();
            self.depth -= 1;
            return v;
        }
        self.value_inner()
    }

    fn value_inner(&mut self) -> std::result::Result<PyVal, String> {
        let Some(c) = self.peek() else {
            return Err("the header ends where a value is expected".to_string());
        };
        match c {
            '{' => self.dict(),
            '(' => self.seq(')').map(|(v, trailing_comma)| {
                // `(x)` is just x in Python; `(x,)` is a 1-tuple.
                if v.len() == 1 && !trailing_comma {
                    v.into_iter().next().unwrap_or(PyVal::None)
                } else {
                    PyVal::Tuple(v)
                }
            }),
            '[' => self.seq(']').map(|(v, _)| PyVal::List(v)),
            '\'' | '"' => self.string(),
            c if c.is_ascii_digit() || c == '-' || c == '+' => self.int(),
            c if c.is_ascii_alphabetic() || c == '_' => {
                let start = self.pos;
                while let Some(c) = self.peek() {
                    if c.is_ascii_alphanumeric() || c == '_' {
                        self.pos += 1;
                    } else {
                        break;
                    }
                }
                match &self.s[start..self.pos] {
                    "True" => Ok(PyVal::Bool(true)),
                    "False" => Ok(PyVal::Bool(false)),
                    "None" => Ok(PyVal::None),
                    w => Err(format!(
                        "unknown name {} at header byte {start}",
                        bounded(w)
                    )),
                }
            }
            c => Err(format!("unexpected {c:?} at header byte {}", self.pos)),
        }
    }

    fn expect(&mut self, c: char) -> std::result::Result<(), String> {
        self.skip_ws();
        match self.peek() {
            Some(x) if x == c => {
                self.pos += c.len_utf8();
                Ok(())
            }
            Some(x) => Err(format!(
                "expected {c:?}, found {x:?} at header byte {}",
                self.pos
            )),
            None => Err(format!("expected {c:?}, found the end of the header")),
        }
    }

    /// Items up to `close`; returns them and whether the last one had a trailing comma.
    fn seq(&mut self, close: char) -> std::result::Result<(Vec<PyVal>, bool), String> {
        self.pos += 1; // opening bracket
        let mut items = Vec::new();
        let mut trailing = false;
        loop {
            self.skip_ws();
            if self.peek() == Some(close) {
                self.pos += 1;
                return Ok((items, trailing));
            }
            items.push(self.value()?);
            self.skip_ws();
            match self.peek() {
                Some(',') => {
                    self.pos += 1;
                    trailing = true;
                }
                Some(x) if x == close => {
                    self.pos += 1;
                    return Ok((items, false));
                }
                Some(x) => {
                    return Err(format!(
                        "expected ',' or {close:?}, found {x:?} at header byte {}",
                        self.pos
                    ));
                }
                None => return Err(format!("unclosed {close:?}: the header ends")),
            }
        }
    }

    fn dict(&mut self) -> std::result::Result<PyVal, String> {
        self.pos += 1; // '{'
        let mut entries = Vec::new();
        loop {
            self.skip_ws();
            if self.peek() == Some('}') {
                self.pos += 1;
                return Ok(PyVal::Dict(entries));
            }
            let k = self.value()?;
            self.expect(':')?;
            let v = self.value()?;
            entries.push((k, v));
            self.skip_ws();
            match self.peek() {
                Some(',') => self.pos += 1,
                Some('}') => {
                    self.pos += 1;
                    return Ok(PyVal::Dict(entries));
                }
                Some(x) => {
                    return Err(format!(
                        "expected ',' or '}}', found {x:?} at header byte {}",
                        self.pos
                    ));
                }
                None => return Err("unclosed '{': the header ends".to_string()),
            }
        }
    }

    fn string(&mut self) -> std::result::Result<PyVal, String> {
        let quote = self.peek().unwrap_or('\'');
        let start = self.pos;
        self.pos += 1;
        let mut out = String::new();
        loop {
            let Some(c) = self.peek() else {
                return Err(format!(
                    "unterminated string starting at header byte {start}"
                ));
            };
            self.pos += c.len_utf8();
            if c == quote {
                return Ok(PyVal::Str(out));
            }
            if c == '\\' {
                let Some(n) = self.peek() else {
                    return Err(format!(
                        "unterminated string starting at header byte {start}"
                    ));
                };
                self.pos += n.len_utf8();
                out.push(match n {
                    'n' => '\n',
                    't' => '\t',
                    other => other,
                });
            } else {
                out.push(c);
            }
        }
    }

    fn int(&mut self) -> std::result::Result<PyVal, String> {
        let start = self.pos;
        if matches!(self.peek(), Some('-' | '+')) {
            self.pos += 1;
        }
        while matches!(self.peek(), Some(c) if c.is_ascii_digit() || c == '_') {
            self.pos += 1;
        }
        // Python 2 long suffix, as old NumPy wrote shapes like (3L, 4L).
        let text = self.s[start..self.pos].replace('_', "");
        if matches!(self.peek(), Some('L')) {
            self.pos += 1;
        }
        if matches!(self.peek(), Some('.' | 'e' | 'E' | 'j')) {
            return Err(format!(
                "the number at header byte {start} is not an integer"
            ));
        }
        text.parse::<i128>()
            .map(PyVal::Int)
            .map_err(|_| format!("bad integer {} at header byte {start}", bounded(&text)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_complex::{Complex32, Complex64};

    fn npy_file(version: (u8, u8), header: &str, data: &[u8]) -> Vec<u8> {
        let mut v = MAGIC.to_vec();
        v.push(version.0);
        v.push(version.1);
        if version.0 == 1 {
            v.extend_from_slice(&(header.len() as u16).to_le_bytes());
        } else {
            v.extend_from_slice(&(header.len() as u32).to_le_bytes());
        }
        v.extend_from_slice(header.as_bytes());
        v.extend_from_slice(data);
        v
    }

    fn err_text(bytes: &[u8]) -> String {
        match from_npy_bytes_on(bytes, Device::Cpu) {
            Ok(a) => panic!("expected an error, got {a:?}"),
            Err(e @ Error::Npy { .. }) => e.to_string(),
            Err(e) => panic!("expected Error::Npy, got {e:?}"),
        }
    }

    fn roundtrip(a: &Array) -> Array {
        let bytes = to_npy_bytes(a).unwrap();
        assert_eq!(
            (bytes.len() - a.nbytes()) % ARRAY_ALIGN,
            0,
            "data is 64-aligned"
        );
        from_npy_bytes_on(&bytes, Device::Cpu).unwrap()
    }

    #[test]
    fn roundtrip_every_dtype() {
        let cpu = Device::Cpu;
        let a = Array::from_vec_on(vec![true, false, true], &[3], cpu).unwrap();
        assert_eq!(
            roundtrip(&a).to_vec::<bool>().unwrap(),
            vec![true, false, true]
        );
        macro_rules! check {
            ($($t:ty => $v:expr),*) => {$(
                let v: Vec<$t> = $v;
                let a = Array::from_vec_on(v.clone(), &[v.len()], cpu).unwrap();
                let b = roundtrip(&a);
                assert_eq!(b.dtype(), a.dtype());
                assert_eq!(b.to_vec::<$t>().unwrap(), v);
            )*};
        }
        check!(
            i8 => vec![i8::MIN, -1, 0, i8::MAX],
            i16 => vec![i16::MIN, 7, i16::MAX],
            i32 => vec![i32::MIN, 7, i32::MAX],
            i64 => vec![i64::MIN, 7, i64::MAX],
            u8 => vec![0, 200, u8::MAX],
            u16 => vec![0, 7, u16::MAX],
            u32 => vec![0, 7, u32::MAX],
            u64 => vec![0, 7, u64::MAX],
            half::f16 => vec![half::f16::from_f32(-0.0), half::f16::MAX, half::f16::from_f32(1.5)],
            half::bf16 => vec![half::bf16::from_f32(-2.0), half::bf16::MAX, half::bf16::from_f32(3.25)],
            f32 => vec![-0.0, f32::INFINITY, f32::MIN_POSITIVE, 1e-45],
            f64 => vec![-0.0, f64::NEG_INFINITY, f64::MAX, 5e-324],
            Complex32 => vec![Complex32::new(1.0, -2.0), Complex32::new(-0.0, f32::INFINITY)],
            Complex64 => vec![Complex64::new(1.0, -2.0), Complex64::new(f64::MAX, -0.0)]
        );
        // NaN survives bit for bit
        let a = Array::from_vec_on(vec![f64::from_bits(0x7ff8_0000_0000_0001)], &[1], cpu).unwrap();
        assert_eq!(
            roundtrip(&a).to_vec::<f64>().unwrap()[0].to_bits(),
            0x7ff8_0000_0000_0001
        );
    }

    #[test]
    fn header_matches_numpy_layout() {
        let a = Array::from_vec_on(vec![1.0f64; 6], &[2, 3], Device::Cpu).unwrap();
        let b = to_npy_bytes(&a).unwrap();
        assert_eq!(&b[..8], b"\x93NUMPY\x01\x00");
        let hlen = u16::from_le_bytes([b[8], b[9]]) as usize;
        assert_eq!((10 + hlen) % 64, 0);
        let header = std::str::from_utf8(&b[10..10 + hlen]).unwrap();
        // NumPy 2.x: sorted keys, trailing ", }", growth-axis padding, newline.
        assert!(header.starts_with("{'descr': '<f8', 'fortran_order': False, 'shape': (2, 3), }"));
        assert!(header.ends_with('\n'));
        assert_eq!(b.len(), 10 + hlen + 48);
        // 0-d and 1-d shapes use Python's tuple repr
        let s = Array::from_vec_on(vec![1u8], (), Device::Cpu).unwrap();
        let h = String::from_utf8_lossy(&to_npy_bytes(&s).unwrap()).into_owned();
        assert!(h.contains("'descr': '|u1', 'fortran_order': False, 'shape': (), }"));
        let s = Array::from_vec_on(vec![1u16; 5], &[5], Device::Cpu).unwrap();
        let h = to_npy_bytes(&s).unwrap();
        assert!(String::from_utf8_lossy(&h).contains("'shape': (5,), }"));
    }

    #[test]
    fn zero_d_and_empty_arrays() {
        let a = Array::from_vec_on(vec![2.5f32], (), Device::Cpu).unwrap();
        let b = roundtrip(&a);
        assert_eq!(b.shape(), &[] as &[usize]);
        assert_eq!(b.to_vec::<f32>().unwrap(), vec![2.5]);
        let a = Array::from_vec_on(Vec::<f32>::new(), &[0, 3], Device::Cpu).unwrap();
        let b = roundtrip(&a);
        assert_eq!(b.shape(), &[0, 3]);
    }

    #[test]
    fn big_endian_input_is_swapped() {
        let mut data = Vec::new();
        for x in [1.5f64, -2.0] {
            data.extend_from_slice(&x.to_be_bytes());
        }
        let f = npy_file(
            (1, 0),
            "{'descr': '>f8', 'fortran_order': False, 'shape': (2,), }\n",
            &data,
        );
        let a = from_npy_bytes_on(&f, Device::Cpu).unwrap();
        assert_eq!(a.to_vec::<f64>().unwrap(), vec![1.5, -2.0]);

        let mut data = Vec::new();
        for x in [1i32, -70000, 3] {
            data.extend_from_slice(&x.to_be_bytes());
        }
        let f = npy_file(
            (1, 0),
            "{'descr': '>i4', 'fortran_order': False, 'shape': (3,), }\n",
            &data,
        );
        let a = from_npy_bytes_on(&f, Device::Cpu).unwrap();
        assert_eq!(a.to_vec::<i32>().unwrap(), vec![1, -70000, 3]);

        // complex: each part is swapped on its own
        let mut data = Vec::new();
        data.extend_from_slice(&1.0f32.to_be_bytes());
        data.extend_from_slice(&(-3.0f32).to_be_bytes());
        let f = npy_file(
            (1, 0),
            "{'descr': '>c8', 'fortran_order': False, 'shape': (1,), }\n",
            &data,
        );
        let a = from_npy_bytes_on(&f, Device::Cpu).unwrap();
        assert_eq!(
            a.to_vec::<Complex32>().unwrap(),
            vec![Complex32::new(1.0, -3.0)]
        );
    }

    #[test]
    fn fortran_order_is_reordered_to_c() {
        // a = [[0, 1, 2], [3, 4, 5]] stored column by column: 0 3 1 4 2 5
        let data: Vec<u8> = [0i16, 3, 1, 4, 2, 5]
            .iter()
            .flat_map(|x| x.to_le_bytes())
            .collect();
        let f = npy_file(
            (1, 0),
            "{'descr': '<i2', 'fortran_order': True, 'shape': (2, 3), }\n",
            &data,
        );
        let a = from_npy_bytes_on(&f, Device::Cpu).unwrap();
        assert!(a.is_c_contiguous());
        assert_eq!(a.shape(), &[2, 3]);
        assert_eq!(a.to_vec::<i16>().unwrap(), vec![0, 1, 2, 3, 4, 5]);
        // 3-d: element (i, j, k) at i + 2j + 4k in the file
        let shape = [2usize, 2, 3];
        let mut file = vec![0u8; 12];
        for i in 0..2 {
            for j in 0..2 {
                for k in 0..3 {
                    file[i + 2 * j + 4 * k] = (i * 6 + j * 3 + k) as u8;
                }
            }
        }
        let f = npy_file(
            (1, 0),
            "{'descr': '|u1', 'fortran_order': True, 'shape': (2, 2, 3), }\n",
            &file,
        );
        let a = from_npy_bytes_on(&f, Device::Cpu).unwrap();
        assert_eq!(a.shape(), &shape);
        assert_eq!(a.to_vec::<u8>().unwrap(), (0u8..12).collect::<Vec<_>>());
    }

    #[test]
    fn versions_2_and_3() {
        let data = 7i64.to_le_bytes();
        let h = "{'descr': '<i8', 'fortran_order': False, 'shape': (1,), }\n";
        for v in [(2, 0), (3, 0)] {
            let a = from_npy_bytes_on(&npy_file(v, h, &data), Device::Cpu).unwrap();
            assert_eq!(a.to_vec::<i64>().unwrap(), vec![7]);
        }
        // version 3.0 headers are UTF-8 (a non-ASCII character in whitespace-free position is
        // still an error as a key, but a UTF-8 string value parses)
        let h3 = "{'descr': '<i8', 'fortran_order': False, 'shape': (1,), }\n";
        assert!(from_npy_bytes_on(&npy_file((3, 0), h3, &data), Device::Cpu).is_ok());
        let mut bad = npy_file((3, 0), h3, &data);
        bad[12] = 0xff; // inside the header
        assert!(
            err_text(&bad).contains("not valid UTF-8"),
            "{}",
            err_text(&bad)
        );
    }

    #[test]
    fn bool_bytes_are_normalized() {
        let f = npy_file(
            (1, 0),
            "{'descr': '|b1', 'fortran_order': False, 'shape': (3,), }\n",
            &[0, 1, 7],
        );
        let a = from_npy_bytes_on(&f, Device::Cpu).unwrap();
        assert_eq!(a.to_bytes().unwrap(), vec![0, 1, 1]);
    }

    #[test]
    fn bfloat16_uses_its_own_descr() {
        let a = Array::from_vec_on(vec![half::bf16::from_f32(1.0)], &[1], Device::Cpu).unwrap();
        let b = to_npy_bytes(&a).unwrap();
        assert!(String::from_utf8_lossy(&b).contains("'descr': 'bfloat16'"));
        let v2 = npy_file(
            (1, 0),
            "{'descr': '<V2', 'fortran_order': False, 'shape': (1,), }\n",
            &[0, 0],
        );
        assert!(err_text(&v2).contains("void"), "{}", err_text(&v2));
    }

    #[test]
    fn malformed_files_name_the_problem() {
        let ok_h = "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), }\n";
        let data = [0u8; 16];
        let cases: Vec<(Vec<u8>, &str)> = vec![
            (b"\x93NUMPZ\x01\x00".to_vec(), "bad magic"),
            (b"PK\x03\x04".to_vec(), "bad magic"),
            (Vec::new(), "bad magic"),
            (b"\x93NUMPY\x01".to_vec(), "ends inside the version bytes"),
            (
                b"\x93NUMPY\x04\x00\x10\x00".to_vec(),
                "unsupported format version 4.0",
            ),
            (
                b"\x93NUMPY\x01\x00\x10".to_vec(),
                "ends inside the 2-byte header length",
            ),
            (
                b"\x93NUMPY\x01\x00\x40\x00{'descr'".to_vec(),
                "the header length field says 64 bytes, only 8 are present",
            ),
            (
                npy_file((1, 0), "[1, 2]\n", &data),
                "header is not a dict: found a list",
            ),
            (
                npy_file((1, 0), "{'descr': '<f8',", &data),
                "header is not a Python literal",
            ),
            (
                npy_file((1, 0), "{'descr': '<f8', 'fortran_order': False}\n", &data),
                "header dict has no \"shape\" key",
            ),
            (
                npy_file(
                    (1, 0),
                    "{'descr': '<f8', 'fortran_order': False, 'shape': (2,), 'x': 1}\n",
                    &data,
                ),
                "unexpected key \"x\"",
            ),
            (
                npy_file(
                    (1, 0),
                    "{'descr': '<f3', 'fortran_order': False, 'shape': (2,), }\n",
                    &data,
                ),
                "unknown descr \"<f3\"",
            ),
            (
                npy_file(
                    (1, 0),
                    "{'descr': '<U5', 'fortran_order': False, 'shape': (2,), }\n",
                    &data,
                ),
                "string dtypes are not supported",
            ),
            (
                npy_file(
                    (1, 0),
                    "{'descr': '|O', 'fortran_order': False, 'shape': (2,), }\n",
                    &data,
                ),
                "object arrays are not supported",
            ),
            (
                npy_file(
                    (1, 0),
                    "{'descr': [('a', '<f8')], 'fortran_order': False, 'shape': (2,), }\n",
                    &data,
                ),
                "structured dtypes",
            ),
            (
                npy_file(
                    (1, 0),
                    "{'descr': '<f8', 'fortran_order': False, 'shape': [2], }\n",
                    &data,
                ),
                "shape is not a tuple: found a list of 1 items",
            ),
            (
                npy_file(
                    (1, 0),
                    "{'descr': '<f8', 'fortran_order': False, 'shape': 2, }\n",
                    &data,
                ),
                "shape is not a tuple: found the integer 2",
            ),
            (
                npy_file(
                    (1, 0),
                    "{'descr': '<f8', 'fortran_order': False, 'shape': (-2,), }\n",
                    &data,
                ),
                "shape entry 0 is -2, not a non-negative integer",
            ),
            (
                npy_file(
                    (1, 0),
                    "{'descr': '<f8', 'fortran_order': 0, 'shape': (2,), }\n",
                    &data,
                ),
                "fortran_order is not True or False",
            ),
            (
                npy_file((1, 0), ok_h, &data[..10]),
                "data is shorter than the shape needs: 16 bytes expected for shape (2,) of float64, 10 present",
            ),
            (
                npy_file(
                    (1, 0),
                    "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }\n",
                    &data,
                ),
                "array is too big: shape (4294967296, 4294967296) of float64",
            ),
        ];
        for (bytes, want) in cases {
            let msg = err_text(&bytes);
            assert!(
                msg.contains(want),
                "error {msg:?} does not contain {want:?}"
            );
            assert!(msg.starts_with("npy file <bytes>: "), "{msg}");
        }
        // the valid file is fine, and trailing bytes are ignored as NumPy does
        let mut f = npy_file((1, 0), ok_h, &data);
        f.extend_from_slice(b"trailing");
        assert_eq!(from_npy_bytes_on(&f, Device::Cpu).unwrap().shape(), &[2]);
    }

    #[test]
    fn python2_headers_parse() {
        // NumPy under Python 2 wrote `3L` for shape entries.
        let f = npy_file(
            (1, 0),
            "{'descr': '<u2', 'fortran_order': False, 'shape': (1L, 2L), }\n",
            &[1, 0, 2, 0],
        );
        let a = from_npy_bytes_on(&f, Device::Cpu).unwrap();
        assert_eq!(a.to_vec::<u16>().unwrap(), vec![1, 2]);
    }

    #[test]
    fn load_and_save_report_io_errors() {
        let missing = std::env::temp_dir().join("cuprum_npy_definitely_missing_dir/x.npy");
        match load_on(&missing, Device::Cpu) {
            Err(Error::Io {
                op: "load", path, ..
            }) => assert!(path.contains("x.npy")),
            other => panic!("expected Error::Io, got {other:?}"),
        }
        let a = Array::from_vec_on(vec![1u8], &[1], Device::Cpu).unwrap();
        assert!(matches!(
            save(&missing, &a),
            Err(Error::Io { op: "save", .. })
        ));
    }

    /// Issue 22 items 1, 2 and 4: hostile headers are refused with bounded messages, never a
    /// stack overflow, a wrapped size or a message that quotes megabytes.
    #[test]
    fn hostile_headers_are_refused() {
        let big = NpyOptions {
            max_header_size: 1 << 24,
        };
        let with = |f: &[u8], o: NpyOptions| match from_npy_bytes_with(f, Device::Cpu, o) {
            Ok(a) => panic!("expected an error, got {a:?}"),
            Err(e @ Error::Npy { .. }) => e.to_string(),
            Err(e) => panic!("expected Error::Npy, got {e:?}"),
        };
        // 15,000 nested parentheses (30 KB): over the default cap ...
        let nest = format!(
            "{{'descr': '<f8', 'fortran_order': False, 'shape': {}{}, }}\n",
            "(".repeat(15_000),
            ")".repeat(15_000)
        );
        let f = npy_file((2, 0), &nest, &[]);
        let m = err_text(&f);
        assert!(m.contains("exceeds max_header_size 10000"), "{m}");
        // ... and with the cap lifted, a nesting error instead of a stack overflow
        let m = with(&f, big);
        assert!(m.contains("nest more than 64 deep"), "{m}");
        // a header of exactly the cap is read (NumPy's `len(header) > max_header_size` rule)
        let mut h = "{'descr': '<u1', 'fortran_order': False, 'shape': (1,), }".to_string();
        h.push_str(&" ".repeat(MAX_HEADER_SIZE - h.len() - 1));
        h.push('\n');
        let ok = from_npy_bytes_on(&npy_file((2, 0), &h, &[5]), Device::Cpu).unwrap();
        assert_eq!(ok.to_vec::<u8>().unwrap(), vec![5]);
        // a dimension of i64::MAX with a zero-size array: "array is too big", not a wrapped
        // size (NumPy: ValueError "array is too big")
        let f = npy_file(
            (1, 0),
            "{'descr': '<f8', 'fortran_order': False, 'shape': (0, 9223372036854775807), }\n",
            &[],
        );
        let m = err_text(&f);
        assert!(
            m.contains("array is too big") && m.contains("9223372036854775807"),
            "{m}"
        );
        let f = npy_file(
            (1, 0),
            "{'descr': '<f8', 'fortran_order': False, 'shape': (4294967296, 4294967296), }\n",
            &[],
        );
        assert!(err_text(&f).contains("array is too big"));
        // error text is bounded: a 1 MB string value is quoted to 200 characters
        let long = format!(
            "{{'descr': '{}', 'fortran_order': False, 'shape': (1,), }}\n",
            "x".repeat(1 << 20)
        );
        let m = with(&npy_file((2, 0), &long, &[]), big);
        assert!(m.len() < 600, "{} bytes: {}", m.len(), &m[..300]);
        assert!(m.contains("(1048576 bytes)"), "{m}");
        let junk = format!("{{'descr' {}", "@".repeat(1 << 20));
        let m = with(&npy_file((2, 0), &junk, &[]), big);
        assert!(m.len() < 600 && m.contains("bytes)"), "{m}");
    }
}
