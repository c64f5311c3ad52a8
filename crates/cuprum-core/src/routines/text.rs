//! NumPy's number-to-text helpers (`binary_repr`, `base_repr`, `format_float_positional`,
//! `format_float_scientific`, `array2string`) and the text/iterator constructors
//! (`fromstring`, `fromiter`). Host-side: no device work except the final upload.

use crate::{Array, DType, Device, Element, Error, Result, current_device};

/// The binary representation of an integer (`numpy.binary_repr(num, width)`): `'-'` and the
/// magnitude for a negative number without `width`; with `width`, zero-padded, and two's
/// complement for a negative number.
///
/// # Errors
/// [`Error::BadArgument`] when a negative number does not fit `width` bits (NumPy: "Insufficient
/// bit width").
///
/// ```
/// use cuprum_core::binary_repr;
/// assert_eq!(binary_repr(5, None).unwrap(), "101");
/// assert_eq!(binary_repr(-5, None).unwrap(), "-101");
/// assert_eq!(binary_repr(-5, Some(8)).unwrap(), "11111011");
/// ```
pub fn binary_repr(num: i64, width: Option<usize>) -> Result<String> {
    let pad = |s: String, w: usize| format!("{s:0>w$}");
    match (num < 0, width) {
        (false, None) => Ok(format!("{num:b}")),
        (false, Some(w)) => Ok(pad(format!("{num:b}"), w)),
        (true, None) => Ok(format!("-{:b}", num.unsigned_abs())),
        (true, Some(w)) => {
            let mag = num.unsigned_abs() as u128;
            let needed = 128 - (mag - 1).leading_zeros() as usize + 1;
            if w < needed || w > 127 {
                return Err(Error::bad_argument(
                    "binary_repr",
                    "width",
                    w,
                    format!("at least {needed} and at most 127 bits for {num}"),
                ));
            }
            let twos = (1u128 << w) - mag;
            Ok(pad(format!("{twos:b}"), w))
        }
    }
}

/// The representation of an integer in `base` 2..=36 with digits `0-9A-Z`, left-padded with
/// `padding` zeros (`numpy.base_repr(number, base, padding)`).
///
/// # Errors
/// [`Error::BadArgument`] for a base outside 2..=36.
///
/// ```
/// use cuprum_core::base_repr;
/// assert_eq!(base_repr(7, 5, 3).unwrap(), "00012");
/// assert_eq!(base_repr(-255, 16, 0).unwrap(), "-FF");
/// ```
pub fn base_repr(number: i64, base: u32, padding: usize) -> Result<String> {
    if !(2..=36).contains(&base) {
        return Err(Error::bad_argument("base_repr", "base", base, "2 to 36"));
    }
    const DIGITS: &[u8] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    let mut n = number.unsigned_abs();
    let mut out = Vec::new();
    while n > 0 {
        out.push(DIGITS[(n % base as u64) as usize]);
        n /= base as u64;
    }
    out.extend(std::iter::repeat_n(b'0', padding));
    if out.is_empty() {
        out.push(b'0');
    }
    if number < 0 {
        out.push(b'-');
    }
    out.reverse();
    Ok(String::from_utf8(out).unwrap_or_default())
}

/// How [`format_float_positional`] and [`format_float_scientific`] treat trailing zeros and
/// the decimal point (NumPy's `trim=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Trim {
    /// `'k'`: keep trailing zeros and the point (`1.`).
    #[default]
    Keep,
    /// `'.'`: trim trailing zeros, keep the point (`1.`).
    Point,
    /// `'0'`: trim trailing zeros but keep one after the point (`1.0`).
    Zero,
    /// `'-'`: trim trailing zeros and the point (`1`).
    Minus,
}

/// A float type [`format_float_positional`] and [`format_float_scientific`] print with its own
/// shortest round-trip digits (f32, f64).
pub trait FloatRepr: Copy + std::fmt::Display + std::fmt::LowerExp + Into<f64> {}
impl FloatRepr for f32 {}
impl FloatRepr for f64 {}

fn special(x: f64, sign: bool) -> Option<String> {
    if x.is_nan() {
        Some("nan".into())
    } else if x.is_infinite() {
        Some(if x < 0.0 {
            "-inf".into()
        } else if sign {
            "+inf".into()
        } else {
            "inf".into()
        })
    } else {
        None
    }
}

fn trim_digits(mut s: String, trim: Trim) -> String {
    if !s.contains('.') {
        s.push('.');
    }
    if trim != Trim::Keep {
        while s.ends_with('0') {
            s.pop();
        }
    }
    match trim {
        Trim::Zero if s.ends_with('.') => s.push('0'),
        Trim::Minus if s.ends_with('.') => {
            s.pop();
        }
        _ => {}
    }
    s
}

/// A float in positional notation with the fewest digits that read back to the same value
/// (`numpy.format_float_positional(x, precision, unique=True, trim=..., sign=...)`): `1.`,
/// `0.5`, `100000000000000000000.`.
///
/// **Semantics:** `precision` caps the fractional digits (rounding the exact value half to
/// even, as NumPy's Dragon4); `sign` prints `+` for non-negative numbers; NaN and infinities
/// print as `nan`, `inf`, `-inf`.
///
/// ```
/// use cuprum_core::{Trim, format_float_positional};
/// assert_eq!(format_float_positional(1.0f64, None, Trim::Keep, false), "1.");
/// assert_eq!(format_float_positional(0.125f64, Some(2), Trim::Keep, false), "0.12");
/// assert_eq!(format_float_positional(0.1f32, None, Trim::Keep, false), "0.1");
/// ```
pub fn format_float_positional<T: FloatRepr>(
    x: T,
    precision: Option<usize>,
    trim: Trim,
    sign: bool,
) -> String {
    let v: f64 = x.into();
    if let Some(s) = special(v, sign) {
        return s;
    }
    let mut s = format!("{x}");
    if let Some(p) = precision {
        let frac = s.split_once('.').map_or(0, |(_, f)| f.len());
        if frac > p {
            s = format!("{v:.p$}");
            if s.contains('.') {
                while s.ends_with('0') {
                    s.pop();
                }
            }
        }
    }
    let mut s = trim_digits(s, trim);
    if sign && !s.starts_with('-') {
        s.insert(0, '+');
    }
    s
}

/// A float in scientific notation with the fewest digits that read back to the same value
/// (`numpy.format_float_scientific(x, precision, unique=True, trim=..., sign=...)`):
/// `1.e+00`, `1.23456e+02`, an exponent of at least two digits.
///
/// **Semantics:** as [`format_float_positional`], `precision` capping the mantissa's
/// fractional digits.
///
/// ```
/// use cuprum_core::{Trim, format_float_scientific};
/// assert_eq!(format_float_scientific(123.456f64, None, Trim::Keep, false), "1.23456e+02");
/// assert_eq!(format_float_scientific(9.999f64, Some(2), Trim::Keep, false), "1.e+01");
/// ```
pub fn format_float_scientific<T: FloatRepr>(
    x: T,
    precision: Option<usize>,
    trim: Trim,
    sign: bool,
) -> String {
    let v: f64 = x.into();
    if let Some(s) = special(v, sign) {
        return s;
    }
    let mut s = format!("{x:e}");
    if let Some(p) = precision {
        let mant = s.split_once('e').map_or("", |(m, _)| m);
        let frac = mant.split_once('.').map_or(0, |(_, f)| f.len());
        if frac > p {
            s = format!("{v:.p$e}");
        }
    }
    let (mant, exp) = s.split_once('e').unwrap_or((&s, "0"));
    let mut mant = mant.to_string();
    if precision.is_some() && mant.contains('.') {
        while mant.ends_with('0') {
            mant.pop();
        }
    }
    let mut mant = trim_digits(mant, trim);
    let e: i32 = exp.parse().unwrap_or(0);
    if sign && !mant.starts_with('-') {
        mant.insert(0, '+');
    }
    format!(
        "{mant}e{}{:02}",
        if e < 0 { '-' } else { '+' },
        e.unsigned_abs()
    )
}

/// The array's text (`numpy.array2string(a)` with the default options: the same text as
/// [`array_str`](crate::array_str)).
///
/// # Errors
/// As [`array_str`](crate::array_str).
///
/// ```
/// use cuprum_core::{Array, array2string};
/// let a = Array::from_vec(vec![1.5f64, 2.0], [2]).unwrap();
/// assert_eq!(array2string(&a).unwrap(), "[1.5 2. ]");
/// ```
pub fn array2string(a: &Array) -> Result<String> {
    crate::print::array_str(a)
}

/// A 1-D array from numbers in text separated by `sep` (`numpy.fromstring(string, dtype,
/// sep=sep)`, text mode; the binary mode NumPy deprecated is not supported), on the current
/// device.
///
/// **Semantics:** whitespace around each number is ignored (a `sep` of spaces matches any
/// whitespace, as NumPy); `count` limits how many are read (`None`: all).
///
/// # Errors
/// [`Error::BadArgument`] for an empty `sep`, a piece that does not parse as a number, or
/// fewer than `count` numbers; cast errors of [`Array::astype`].
///
/// ```
/// use cuprum_core::{DType, fromstring};
/// let a = fromstring("1.5, 2", DType::Float64, ",", None).unwrap();
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![1.5, 2.0]);
/// ```
pub fn fromstring(s: &str, dtype: DType, sep: &str, count: Option<usize>) -> Result<Array> {
    const OP: &str = "fromstring";
    if sep.is_empty() {
        return Err(Error::unsupported(
            OP,
            "the binary mode (sep='') is not supported: use frombuffer",
        ));
    }
    let pieces: Vec<&str> = if sep.trim().is_empty() {
        s.split_whitespace().collect()
    } else {
        s.split(sep.trim())
            .map(str::trim)
            .filter(|p| !p.is_empty())
            .collect()
    };
    let take = count.unwrap_or(pieces.len());
    if take > pieces.len() {
        return Err(Error::bad_argument(
            OP,
            "count",
            take,
            format!("at most the {} numbers the string holds", pieces.len()),
        ));
    }
    let mut vals = Vec::with_capacity(take);
    for p in &pieces[..take] {
        let v: f64 = p.parse().map_err(|_| {
            Error::bad_argument(OP, "string", format!("{p:?}"), "numbers separated by sep")
        })?;
        vals.push(v);
    }
    let exact_ints = dtype.is_integer() && vals.iter().all(|v| v.fract() == 0.0);
    let a = if exact_ints {
        let ints: Result<Vec<i64>> = pieces[..take]
            .iter()
            .map(|p| {
                p.parse::<i64>().map_err(|_| {
                    Error::bad_argument(OP, "string", format!("{p:?}"), "integers separated by sep")
                })
            })
            .collect();
        Array::from_vec_on(ints?, [take], current_device())?
    } else {
        Array::from_vec_on(vals, [take], current_device())?
    };
    a.astype(dtype)
}

/// A 1-D array of the iterator's items (`numpy.fromiter(iter, dtype, count)`), on `device`.
///
/// **Semantics:** `count` reads at most that many items (`None`: all) and requires that many.
///
/// # Errors
/// [`Error::BadArgument`] when the iterator ends before `count` items (NumPy: "iterator too
/// short").
///
/// ```
/// use cuprum_core::{Device, fromiter};
/// let a = fromiter((0..5).map(|i| (i * i) as f32), Some(3), Device::Cpu).unwrap();
/// assert_eq!(a.to_vec::<f32>().unwrap(), vec![0.0, 1.0, 4.0]);
/// ```
pub fn fromiter<T: Element>(
    iter: impl IntoIterator<Item = T>,
    count: Option<usize>,
    device: Device,
) -> Result<Array> {
    let v: Vec<T> = match count {
        Some(n) => iter.into_iter().take(n).collect(),
        None => iter.into_iter().collect(),
    };
    if let Some(n) = count
        && v.len() < n
    {
        return Err(Error::bad_argument(
            "fromiter",
            "count",
            n,
            format!("at most the {} items of the iterator", v.len()),
        ));
    }
    let len = v.len();
    Array::from_vec_on(v, [len], device)
}
