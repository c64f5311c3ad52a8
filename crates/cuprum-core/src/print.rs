//! NumPy's text forms of an array: `str(a)` ([`array_str`], and `Display`: `{}`) and `repr(a)`
//! ([`array_repr`], and `{:#}`).
//!
//! The rules are NumPy 2's default print options (`np.get_printoptions()`): line width 75,
//! precision 8 with `floatmode='maxprec'` (each float as its shortest round-trip decimal, at
//! most 8 fractional digits), scientific notation when the largest magnitude is ≥ 1e8, the
//! smallest non-zero one is < 1e-4 or their ratio exceeds 1000, and summarization (`...`, three
//! items at each edge) above 1000 elements. float16 and bfloat16 values print their own shortest
//! digits (`0.1`, not the float32 widening `0.099975586`), as NumPy and ml_dtypes do.

use crate::{Array, DType, Result, SliceItem, bf16, f16};
use std::fmt;

const LINE_WIDTH: usize = 75;
const THRESHOLD: usize = 1000;
const EDGE: usize = 3;
const PRECISION: usize = 8;

/// NumPy's `str(a)` (what `print(a)` shows): the elements in nested brackets, no dtype.
///
/// **Shapes/dtypes**: any. A 0-d array prints as its scalar (`1.5`, `True`, `(1+2j)`); an
/// empty array as `[]`. Arrays over 1000 elements are summarized with `...`, and only the
/// printed edges are copied from the device.
///
/// # Errors
/// Device errors from copying the (summarized) elements to the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, array_str};
/// let a = Array::from_vec_on(vec![1.0f32, 2.5, -3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(array_str(&a).unwrap(), "[[ 1.   2.5]\n [-3.   4. ]]");
/// assert_eq!(format!("{a}"), "[[ 1.   2.5]\n [-3.   4. ]]");
/// ```
pub fn array_str(a: &Array) -> Result<String> {
    if a.ndim() == 0 {
        return Ok(scalar_str(&host_values(a)?));
    }
    if a.size() == 0 {
        return Ok("[]".into());
    }
    let (vals, shape, summ) = displayed(a)?;
    let words = Words::new(&vals, false).all(&vals);
    Ok(format_array(&words, &shape, &summ, LINE_WIDTH, " ", " "))
}

/// NumPy's `repr(a)`: `array([...], dtype=...)`, the dtype omitted where NumPy omits it
/// (`float64`, `int64`, `complex128` and `bool`, for non-empty arrays).
///
/// **Shapes/dtypes**: any. As NumPy 2.2 and later, the shape is added where the text does not
/// show it: empty arrays of a shape other than `(0,)` (`array([], shape=(2, 0), dtype=float64)`)
/// and summarized arrays over 1000 elements.
///
/// # Errors
/// As [`array_str`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, array_repr};
/// let a = Array::from_vec_on(vec![1.0f32, 0.1], &[2], Device::Cpu).unwrap();
/// assert_eq!(array_repr(&a).unwrap(), "array([1. , 0.1], dtype=float32)");
/// assert_eq!(format!("{a:#}"), "array([1. , 0.1], dtype=float32)");
/// ```
pub fn array_repr(a: &Array) -> Result<String> {
    const PREFIX: &str = "array(";
    let body = if a.size() == 0 {
        "[]".to_string()
    } else {
        let (vals, shape, summ) = displayed(a)?;
        let words = Words::new(&vals, a.ndim() == 0).all(&vals);
        // array2string's suffix (")") takes one column off the line
        format_array(
            &words,
            &shape,
            &summ,
            LINE_WIDTH - 1,
            &" ".repeat(PREFIX.len() + 1),
            ", ",
        )
    };
    // NumPy 2.2+: the shape where the text does not show it (empty or summarized arrays), the
    // dtype where it is not the default of its kind
    let mut extras = Vec::new();
    if (a.size() == 0 && a.shape() != [0]) || a.size() > THRESHOLD {
        let dims: Vec<String> = a.shape().iter().map(|d| d.to_string()).collect();
        extras.push(if dims.len() == 1 {
            format!("shape=({},)", dims[0])
        } else {
            format!("shape=({})", dims.join(", "))
        });
    }
    let implied = matches!(
        a.dtype(),
        DType::Float64 | DType::Int64 | DType::Complex128 | DType::Bool
    );
    if !implied || a.size() == 0 {
        extras.push(format!("dtype={}", a.dtype().name()));
    }
    if extras.is_empty() {
        return Ok(format!("{PREFIX}{body})"));
    }
    let s = format!("{PREFIX}{body},");
    let extra = extras.join(", ") + ")";
    let last = s.len() - s.rfind('\n').map_or(0, |i| i + 1);
    let spacer = if last + extra.len() + 1 > LINE_WIDTH {
        format!("\n{}", " ".repeat(PREFIX.len()))
    } else {
        " ".into()
    };
    Ok(s + &spacer + &extra)
}

impl fmt::Display for Array {
    /// `{}` is NumPy's `str(a)` ([`array_str`]); `{:#}` is `repr(a)` ([`array_repr`]). Values
    /// on a GPU are copied to the host first (only the printed edges of a large array). Should
    /// that copy fail, the text says so instead of panicking.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let r = if f.alternate() {
            array_repr(self)
        } else {
            array_str(self)
        };
        match r {
            Ok(s) => f.write_str(&s),
            Err(e) => write!(
                f,
                "<array of shape {:?} and dtype {} on {}: its values could not be read: {e}>",
                self.shape(),
                self.dtype(),
                self.device()
            ),
        }
    }
}

/// The float type the values came from: shortest digits are those that read back to it.
#[derive(Clone, Copy, Debug, PartialEq)]
enum FloatTy {
    F16,
    BF16,
    F32,
    F64,
}

/// Host copies of the printed elements, in C order.
enum Values {
    Bool(Vec<bool>),
    Int(Vec<i128>),
    Float(Vec<f64>, FloatTy),
    Complex(Vec<f64>, Vec<f64>, FloatTy),
}

impl Values {
    fn len(&self) -> usize {
        match self {
            Values::Bool(v) => v.len(),
            Values::Int(v) => v.len(),
            Values::Float(v, _) => v.len(),
            Values::Complex(v, _, _) => v.len(),
        }
    }
}

/// The elements NumPy would print (the three leading and trailing items of every axis longer
/// than six when the array has over 1000 elements), their shape, and which axes are summarized.
fn displayed(a: &Array) -> Result<(Values, Vec<usize>, Vec<bool>)> {
    let summarize = a.size() > THRESHOLD;
    let mut summ = vec![false; a.ndim()];
    let mut x = a.clone();
    if summarize {
        for (axis, s) in summ.iter_mut().enumerate() {
            let n = x.shape()[axis];
            if n > 2 * EDGE {
                *s = true;
                let part = |start: isize, stop: isize| {
                    let mut items = vec![SliceItem::FULL; x.ndim()];
                    items[axis] = SliceItem::Slice {
                        start: Some(start),
                        stop: Some(stop),
                        step: 1,
                    };
                    x.slice(&items)
                };
                let (lo, hi) = (
                    part(0, EDGE as isize)?,
                    part((n - EDGE) as isize, n as isize)?,
                );
                x = crate::manip::concatenate(&[&lo, &hi], axis as isize)?;
            }
        }
    }
    let shape = x.shape().to_vec();
    Ok((host_values(&x)?, shape, summ))
}

fn host_values(a: &Array) -> Result<Values> {
    let bytes = a.to_bytes()?;
    macro_rules! ints {
        ($t:ty) => {
            Values::Int(
                bytes
                    .chunks_exact(std::mem::size_of::<$t>())
                    .map(|c| <$t>::from_ne_bytes(c.try_into().expect("chunk size")) as i128)
                    .collect(),
            )
        };
    }
    let f32s = |b: &[u8]| -> Vec<f64> {
        b.chunks_exact(4)
            .map(|c| f64::from(f32::from_ne_bytes(c.try_into().expect("chunk size"))))
            .collect()
    };
    let f64s = |b: &[u8]| -> Vec<f64> {
        b.chunks_exact(8)
            .map(|c| f64::from_ne_bytes(c.try_into().expect("chunk size")))
            .collect()
    };
    let split = |v: Vec<f64>| -> (Vec<f64>, Vec<f64>) {
        (
            v.iter().step_by(2).copied().collect(),
            v.iter().skip(1).step_by(2).copied().collect(),
        )
    };
    Ok(match a.dtype() {
        DType::Bool => Values::Bool(bytes.iter().map(|&b| b != 0).collect()),
        DType::Int8 => ints!(i8),
        DType::Int16 => ints!(i16),
        DType::Int32 => ints!(i32),
        DType::Int64 => ints!(i64),
        DType::UInt8 => ints!(u8),
        DType::UInt16 => ints!(u16),
        DType::UInt32 => ints!(u32),
        DType::UInt64 => ints!(u64),
        DType::Float16 => Values::Float(
            bytes
                .chunks_exact(2)
                .map(|c| f16::from_bits(u16::from_ne_bytes([c[0], c[1]])).to_f64())
                .collect(),
            FloatTy::F16,
        ),
        DType::BFloat16 => Values::Float(
            bytes
                .chunks_exact(2)
                .map(|c| bf16::from_bits(u16::from_ne_bytes([c[0], c[1]])).to_f64())
                .collect(),
            FloatTy::BF16,
        ),
        DType::Float32 => Values::Float(f32s(&bytes), FloatTy::F32),
        DType::Float64 => Values::Float(f64s(&bytes), FloatTy::F64),
        DType::Complex64 => {
            let (re, im) = split(f32s(&bytes));
            Values::Complex(re, im, FloatTy::F32)
        }
        DType::Complex128 => {
            let (re, im) = split(f64s(&bytes));
            Values::Complex(re, im, FloatTy::F64)
        }
    })
}

/// Shortest decimal digits that read back to `x` as a value of `ty`: (negative, digits,
/// exponent), value = d.ddd × 10^exponent. `x` is finite.
fn shortest(x: f64, ty: FloatTy) -> (bool, String, i32) {
    let s = match ty {
        FloatTy::F64 => format!("{x:e}"),
        FloatTy::F32 => format!("{:e}", x as f32),
        FloatTy::F16 | FloatTy::BF16 => {
            let back = |s: &str| -> f64 {
                let v: f64 = s.parse().unwrap_or(f64::NAN);
                match ty {
                    FloatTy::F16 => f16::from_f64(v).to_f64(),
                    _ => bf16::from_f64(v).to_f64(),
                }
            };
            (0..17)
                .map(|p| format!("{x:.p$e}"))
                .find(|c| back(c) == x)
                .unwrap_or_else(|| format!("{x:e}"))
        }
    };
    parse_sci(&s)
}

/// Splits Rust's `{:e}` text (`-1.25e-3`) into (negative, digits, exponent).
fn parse_sci(s: &str) -> (bool, String, i32) {
    let (neg, s) = match s.strip_prefix('-') {
        Some(r) => (true, r),
        None => (false, s),
    };
    let (m, e) = s.split_once('e').unwrap_or((s, "0"));
    let digits: String = m.chars().filter(|c| *c != '.').collect();
    (neg, digits, e.parse().unwrap_or(0))
}

/// Dragon4 positional with `unique=True, precision=8`: (integer part with sign, fraction).
fn positional(x: f64, ty: FloatTy, plus: bool) -> (String, String) {
    let (neg, d, e) = shortest(x, ty);
    let sign = if neg {
        "-"
    } else if plus {
        "+"
    } else {
        ""
    };
    let frac_len = d.len() as i32 - 1 - e;
    let (int, frac) = if frac_len > PRECISION as i32 {
        let s = format!("{:.*}", PRECISION, x.abs());
        let (i, f) = s.split_once('.').unwrap_or((&s, ""));
        (i.to_string(), f.trim_end_matches('0').to_string())
    } else if e >= 0 {
        let e = e as usize;
        if d.len() > e + 1 {
            (d[..=e].to_string(), d[e + 1..].to_string())
        } else {
            (format!("{d}{}", "0".repeat(e + 1 - d.len())), String::new())
        }
    } else {
        ("0".into(), format!("{}{d}", "0".repeat((-e - 1) as usize)))
    };
    (format!("{sign}{int}"), frac)
}

/// Dragon4 scientific with `unique=True, precision=8`: (sign and leading digit, fraction
/// digits, exponent).
fn scientific(x: f64, ty: FloatTy, plus: bool) -> (String, String, i32) {
    let (neg, mut d, mut e) = shortest(x, ty);
    if d.len() > PRECISION + 1 {
        let (_, r, re) = parse_sci(&format!("{:.*e}", PRECISION, x.abs()));
        d = r.trim_end_matches('0').to_string();
        if d.is_empty() {
            d = "0".into();
        }
        e = re;
    }
    let sign = if neg {
        "-"
    } else if plus {
        "+"
    } else {
        ""
    };
    (format!("{sign}{}", &d[..1]), d[1..].to_string(), e)
}

/// NumPy's `FloatingFormat` for one set of values (`plus`: the imaginary parts of complex
/// numbers, which always carry a sign).
struct FloatFmt {
    ty: FloatTy,
    plus: bool,
    exp: bool,
    pad_left: usize,
    pad_right: usize,
    precision: usize,
    exp_size: usize,
}

impl FloatFmt {
    fn new(vals: &[f64], ty: FloatTy, plus: bool) -> FloatFmt {
        let finite: Vec<f64> = vals.iter().copied().filter(|v| v.is_finite()).collect();
        let nz: Vec<f64> = finite
            .iter()
            .map(|v| v.abs())
            .filter(|v| *v != 0.0)
            .collect();
        let mut f = FloatFmt {
            ty,
            plus,
            exp: false,
            pad_left: 0,
            pad_right: 0,
            precision: 0,
            exp_size: 0,
        };
        if !nz.is_empty() {
            let max = nz.iter().copied().fold(f64::MIN, f64::max);
            let min = nz.iter().copied().fold(f64::MAX, f64::min);
            f.exp = max >= 1e8 || min < 1e-4 || max / min > 1000.0;
        }
        if finite.is_empty() {
        } else if f.exp {
            let parts: Vec<_> = finite.iter().map(|&x| scientific(x, ty, plus)).collect();
            f.precision = parts.iter().map(|p| p.1.len()).max().unwrap_or(0);
            f.exp_size = parts
                .iter()
                .map(|p| p.2.unsigned_abs().to_string().len())
                .max()
                .unwrap_or(0)
                .max(2);
            f.pad_left = parts.iter().map(|p| p.0.len()).max().unwrap_or(0);
            f.pad_right = f.exp_size + 2 + f.precision;
        } else {
            let parts: Vec<_> = finite.iter().map(|&x| positional(x, ty, plus)).collect();
            f.pad_left = parts.iter().map(|p| p.0.len()).max().unwrap_or(0);
            f.pad_right = parts.iter().map(|p| p.1.len()).max().unwrap_or(0);
        }
        if finite.len() != vals.len() {
            let neginf = usize::from(plus || vals.contains(&f64::NEG_INFINITY));
            let offset = f.pad_right + 1;
            f.pad_left = f
                .pad_left
                .max(3usize.saturating_sub(offset))
                .max((3 + neginf).saturating_sub(offset));
        }
        f
    }

    fn format(&self, x: f64) -> String {
        let width = self.pad_left + self.pad_right + 1;
        if !x.is_finite() {
            let s = if x.is_nan() {
                if self.plus { "+nan" } else { "nan" }
            } else if x < 0.0 {
                "-inf"
            } else if self.plus {
                "+inf"
            } else {
                "inf"
            };
            return format!("{s:>width$}");
        }
        if self.exp {
            let (int, mut frac, e) = scientific(x, self.ty, self.plus);
            frac.push_str(&"0".repeat(self.precision.saturating_sub(frac.len())));
            format!(
                "{int:>pl$}.{frac}e{}{:0>es$}",
                if e < 0 { '-' } else { '+' },
                e.unsigned_abs(),
                pl = self.pad_left,
                es = self.exp_size
            )
        } else {
            let (int, frac) = positional(x, self.ty, self.plus);
            format!(
                "{int:>pl$}.{frac:<pr$}",
                pl = self.pad_left,
                pr = self.pad_right
            )
        }
    }
}

/// The per-element formatter for a set of values.
enum Words {
    Bool(bool),
    Int(usize),
    Float(FloatFmt),
    Complex(FloatFmt, FloatFmt),
}

impl Words {
    fn new(v: &Values, zero_d: bool) -> Words {
        match v {
            Values::Bool(_) => Words::Bool(zero_d),
            Values::Int(v) => Words::Int(v.iter().map(|x| x.to_string().len()).max().unwrap_or(0)),
            Values::Float(v, ty) => Words::Float(FloatFmt::new(v, *ty, false)),
            Values::Complex(re, im, ty) => {
                Words::Complex(FloatFmt::new(re, *ty, false), FloatFmt::new(im, *ty, true))
            }
        }
    }

    fn all(&self, v: &Values) -> Vec<String> {
        (0..v.len()).map(|i| self.word(v, i)).collect()
    }

    fn word(&self, v: &Values, i: usize) -> String {
        match (self, v) {
            (Words::Bool(zero_d), Values::Bool(b)) => match (b[i], zero_d) {
                (true, true) => "True".into(),
                (true, false) => " True".into(),
                (false, _) => "False".into(),
            },
            (Words::Int(w), Values::Int(x)) => format!("{:>w$}", x[i]),
            (Words::Float(f), Values::Float(x, _)) => f.format(x[i]),
            (Words::Complex(fr, fi), Values::Complex(re, im, _)) => {
                let r = fr.format(re[i]);
                let s = fi.format(im[i]);
                let t = s.trim_end().len();
                format!("{r}{}j{}", &s[..t], &s[t..])
            }
            _ => String::new(),
        }
    }
}

/// `str()` of a NumPy scalar (a 0-d array): Python's shortest `repr` of the value.
fn scalar_str(v: &Values) -> String {
    match v {
        Values::Bool(b) => (if b[0] { "True" } else { "False" }).into(),
        Values::Int(x) => x[0].to_string(),
        Values::Float(x, ty) => py_float(x[0], *ty),
        Values::Complex(re, im, ty) => {
            let part = |x: f64| {
                let s = py_float(x, *ty);
                s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
            };
            let i = part(im[0]);
            if re[0] == 0.0 && re[0].is_sign_positive() {
                format!("{i}j")
            } else {
                let sign = if i.starts_with('-') || i.starts_with('+') {
                    ""
                } else {
                    "+"
                };
                format!("({}{sign}{i}j)", part(re[0]))
            }
        }
    }
}

/// Python's `repr(float)` on the shortest digits of `ty`: positional for exponents -4..16
/// (with `.0` on integers), otherwise `1.5e-07`.
fn py_float(x: f64, ty: FloatTy) -> String {
    if x.is_nan() {
        return "nan".into();
    }
    if x.is_infinite() {
        return (if x < 0.0 { "-inf" } else { "inf" }).into();
    }
    let (neg, d, e) = shortest(x, ty);
    let sign = if neg { "-" } else { "" };
    if (-4..16).contains(&e) {
        let (int, frac) = if e >= 0 {
            let e = e as usize;
            if d.len() > e + 1 {
                (d[..=e].to_string(), d[e + 1..].to_string())
            } else {
                (format!("{d}{}", "0".repeat(e + 1 - d.len())), "0".into())
            }
        } else {
            ("0".into(), format!("{}{d}", "0".repeat((-e - 1) as usize)))
        };
        format!("{sign}{int}.{frac}")
    } else {
        let m = if d.len() > 1 {
            format!("{}.{}", &d[..1], &d[1..])
        } else {
            d.clone()
        };
        format!(
            "{sign}{m}e{}{:02}",
            if e < 0 { '-' } else { '+' },
            e.unsigned_abs()
        )
    }
}

/// NumPy's `_formatArray`: nested brackets, rows wrapped at `width`, `...` on summarized axes.
fn format_array(
    words: &[String],
    shape: &[usize],
    summ: &[bool],
    width: usize,
    prefix: &str,
    sep: &str,
) -> String {
    struct Ctx<'a> {
        words: &'a [String],
        shape: &'a [usize],
        summ: &'a [bool],
        sep: &'a str,
    }
    fn extend(s: &mut String, line: &mut String, word: &str, width: usize, prefix: &str) {
        let wrap = line.len() + word.len() > width && line.len() > prefix.len();
        if wrap {
            s.push_str(line.trim_end());
            s.push('\n');
            *line = prefix.to_string();
        }
        line.push_str(word);
    }
    fn rec(c: &Ctx, axis: usize, offset: usize, hanging: &str, width: usize) -> String {
        let nd = c.shape.len();
        if axis == nd {
            return c.words[offset].clone();
        }
        let left = nd - axis;
        let next_hanging = format!("{hanging} ");
        let next_width = width.saturating_sub(1);
        let len = c.shape[axis];
        let stride: usize = c.shape[axis + 1..].iter().product();
        let (lead, trail) = if c.summ[axis] { (EDGE, EDGE) } else { (0, len) };
        let item = |i: usize| rec(c, axis + 1, offset + i * stride, &next_hanging, next_width);
        let mut s = String::new();
        if left == 1 {
            let elem_width = width.saturating_sub(c.sep.trim_end().len().max(1));
            let mut line = hanging.to_string();
            for i in 0..lead {
                extend(&mut s, &mut line, &item(i), elem_width, hanging);
                line.push_str(c.sep);
            }
            if c.summ[axis] {
                extend(&mut s, &mut line, "...", elem_width, hanging);
                line.push_str(c.sep);
            }
            for i in (2..=trail).rev() {
                extend(&mut s, &mut line, &item(len - i), elem_width, hanging);
                line.push_str(c.sep);
            }
            extend(&mut s, &mut line, &item(len - 1), elem_width, hanging);
            s.push_str(&line);
        } else {
            let line_sep = format!("{}{}", c.sep.trim_end(), "\n".repeat(left - 1));
            for i in 0..lead {
                s += &format!("{hanging}{}{line_sep}", item(i));
            }
            if c.summ[axis] {
                s += &format!("{hanging}...{line_sep}");
            }
            for i in (2..=trail).rev() {
                s += &format!("{hanging}{}{line_sep}", item(len - i));
            }
            s += &format!("{hanging}{}", item(len - 1));
        }
        format!("[{}]", &s[hanging.len()..])
    }
    let c = Ctx {
        words,
        shape,
        summ,
        sep,
    };
    rec(&c, 0, 0, prefix, width)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{
        Complex32, Complex64, Device, arange_on, cuda_device_count, linspace_on, multiply, zeros_on,
    };

    const CPU: Device = Device::Cpu;

    /// CPU, and the first GPU when there is one (a failure without one when
    /// `CUPRUM_REQUIRE_CUDA=1`).
    fn devices() -> Vec<Device> {
        if cuda_device_count() > 0 {
            return vec![CPU, Device::Cuda(0)];
        }
        assert!(
            !crate::test_util::require_cuda(),
            "CUPRUM_REQUIRE_CUDA=1 but no CUDA device is available"
        );
        eprintln!("skipped on CUDA: no CUDA device");
        vec![CPU]
    }

    #[test]
    fn str_and_repr_match_numpy_on_every_device() -> Result<()> {
        let cases = numpy_cases()?;
        assert_eq!(cases.len(), 28);
        for dev in devices() {
            for (name, a, s, r) in &cases {
                let a = a.to_device(dev)?;
                assert_eq!(array_str(&a)?, *s, "str of {name} on {dev}");
                assert_eq!(array_repr(&a)?, *r, "repr of {name} on {dev}");
                assert_eq!(format!("{a}"), *s, "Display of {name} on {dev}");
                assert_eq!(format!("{a:#}"), *r, "alternate Display of {name} on {dev}");
            }
        }
        Ok(())
    }

    #[test]
    fn half_precision_prints_its_own_shortest_digits() -> Result<()> {
        // float16(0.1) is 0.0999755859375 and bfloat16(0.1) is 0.10009765625; both print 0.1
        // (NumPy for float16, ml_dtypes for bfloat16), not the float32 widening
        let h = Array::from_vec_on(vec![f16::from_f64(0.1), f16::from_f64(1.5)], &[2], CPU)?;
        assert_eq!(array_str(&h)?, "[0.1 1.5]");
        let b = Array::from_vec_on(vec![bf16::from_f64(0.1), bf16::from_f64(-2.0)], &[2], CPU)?;
        assert_eq!(array_str(&b)?, "[ 0.1 -2. ]");
        assert_eq!(array_repr(&b)?, "array([ 0.1, -2. ], dtype=bfloat16)");
        Ok(())
    }

    #[test]
    fn summarized_arrays_copy_only_their_edges() -> Result<()> {
        // a 3-d array of 70 000 elements: the printed block is 6 x 6 x 6 at most
        let a = arange_on(0i64, 70_000i64, 1i64, None, CPU)?.reshape(&[10, 100, 70])?;
        let (vals, shape, summ) = displayed(&a)?;
        assert_eq!(
            (vals.len(), shape, summ),
            (216, vec![6, 6, 6], vec![true; 3])
        );
        let s = array_str(&a)?;
        assert!(
            s.starts_with("[[[    0     1     2 ...    67    68    69]"),
            "{s}"
        );
        assert!(
            s.ends_with("69930 69931 69932 ... 69997 69998 69999]]]"),
            "{s}"
        );
        Ok(())
    }

    #[rustfmt::skip]
    fn numpy_cases() -> Result<Vec<(&'static str, Array, &'static str, &'static str)>> {
        Ok(vec![
            ("f32_2x2", Array::from_vec_on(vec![1.0f32, 2.5, -3.0, 4.0], &[2, 2], CPU)?, "[[ 1.   2.5]\n [-3.   4. ]]", "array([[ 1. ,  2.5],\n       [-3. ,  4. ]], dtype=float32)"),
            ("f64_arange10", arange_on(0.0, 10.0, 1.0, None, CPU)?, "[0. 1. 2. 3. 4. 5. 6. 7. 8. 9.]", "array([0., 1., 2., 3., 4., 5., 6., 7., 8., 9.])"),
            ("i32_mixed", Array::from_vec_on(vec![1i32, -20, 300], &[3], CPU)?, "[  1 -20 300]", "array([  1, -20, 300], dtype=int32)"),
            ("bool_3", Array::from_vec_on(vec![true, false, true], &[3], CPU)?, "[ True False  True]", "array([ True, False,  True])"),
            ("bool_all_true", Array::from_vec_on(vec![true, true], &[2], CPU)?, "[ True  True]", "array([ True,  True])"),
            ("f64_exp", Array::from_vec_on(vec![1e-5f64, 1.0, 1e5], &[3], CPU)?, "[1.e-05 1.e+00 1.e+05]", "array([1.e-05, 1.e+00, 1.e+05])"),
            ("f64_nonfinite", Array::from_vec_on(vec![f64::NAN, f64::INFINITY, f64::NEG_INFINITY, 1.5], &[4], CPU)?, "[ nan  inf -inf  1.5]", "array([ nan,  inf, -inf,  1.5])"),
            ("f64_only_nan_neginf", Array::from_vec_on(vec![f64::NAN, f64::NEG_INFINITY], &[2], CPU)?, "[ nan -inf]", "array([ nan, -inf])"),
            ("c128", Array::from_vec_on(vec![Complex64::new(1.0, 2.0), Complex64::new(3.5, -1.0)], &[2], CPU)?, "[1. +2.j 3.5-1.j]", "array([1. +2.j, 3.5-1.j])"),
            ("c64_imag", Array::from_vec_on(vec![Complex32::new(0.0, 0.5)], &[1], CPU)?, "[0.+0.5j]", "array([0.+0.5j], dtype=complex64)"),
            ("f16", Array::from_vec_on(vec![f16::from_f64(0.1), f16::from_f64(0.2), f16::from_f64(1000.0)], &[3], CPU)?, "[1.e-01 2.e-01 1.e+03]", "array([1.e-01, 2.e-01, 1.e+03], dtype=float16)"),
            ("f64_summary_1d", arange_on(0.0, 2000.0, 1.0, None, CPU)?, "[0.000e+00 1.000e+00 2.000e+00 ... 1.997e+03 1.998e+03 1.999e+03]", "array([0.000e+00, 1.000e+00, 2.000e+00, ..., 1.997e+03, 1.998e+03,\n       1.999e+03], shape=(2000,))"),
            ("f64_summary_2d", arange_on(0.0, 1200.0, 1.0, None, CPU)?.reshape(&[30, 40])?, "[[0.000e+00 1.000e+00 2.000e+00 ... 3.700e+01 3.800e+01 3.900e+01]\n [4.000e+01 4.100e+01 4.200e+01 ... 7.700e+01 7.800e+01 7.900e+01]\n [8.000e+01 8.100e+01 8.200e+01 ... 1.170e+02 1.180e+02 1.190e+02]\n ...\n [1.080e+03 1.081e+03 1.082e+03 ... 1.117e+03 1.118e+03 1.119e+03]\n [1.120e+03 1.121e+03 1.122e+03 ... 1.157e+03 1.158e+03 1.159e+03]\n [1.160e+03 1.161e+03 1.162e+03 ... 1.197e+03 1.198e+03 1.199e+03]]", "array([[0.000e+00, 1.000e+00, 2.000e+00, ..., 3.700e+01, 3.800e+01,\n        3.900e+01],\n       [4.000e+01, 4.100e+01, 4.200e+01, ..., 7.700e+01, 7.800e+01,\n        7.900e+01],\n       [8.000e+01, 8.100e+01, 8.200e+01, ..., 1.170e+02, 1.180e+02,\n        1.190e+02],\n       ...,\n       [1.080e+03, 1.081e+03, 1.082e+03, ..., 1.117e+03, 1.118e+03,\n        1.119e+03],\n       [1.120e+03, 1.121e+03, 1.122e+03, ..., 1.157e+03, 1.158e+03,\n        1.159e+03],\n       [1.160e+03, 1.161e+03, 1.162e+03, ..., 1.197e+03, 1.198e+03,\n        1.199e+03]], shape=(30, 40))"),
            ("i64_3d", arange_on(0i64, 24i64, 1i64, None, CPU)?.reshape(&[2, 3, 4])?, "[[[ 0  1  2  3]\n  [ 4  5  6  7]\n  [ 8  9 10 11]]\n\n [[12 13 14 15]\n  [16 17 18 19]\n  [20 21 22 23]]]", "array([[[ 0,  1,  2,  3],\n        [ 4,  5,  6,  7],\n        [ 8,  9, 10, 11]],\n\n       [[12, 13, 14, 15],\n        [16, 17, 18, 19],\n        [20, 21, 22, 23]]])"),
            ("f64_linspace_wrap", linspace_on(0.0, 1.0, 30, true, None, CPU)?, "[0.         0.03448276 0.06896552 0.10344828 0.13793103 0.17241379\n 0.20689655 0.24137931 0.27586207 0.31034483 0.34482759 0.37931034\n 0.4137931  0.44827586 0.48275862 0.51724138 0.55172414 0.5862069\n 0.62068966 0.65517241 0.68965517 0.72413793 0.75862069 0.79310345\n 0.82758621 0.86206897 0.89655172 0.93103448 0.96551724 1.        ]", "array([0.        , 0.03448276, 0.06896552, 0.10344828, 0.13793103,\n       0.17241379, 0.20689655, 0.24137931, 0.27586207, 0.31034483,\n       0.34482759, 0.37931034, 0.4137931 , 0.44827586, 0.48275862,\n       0.51724138, 0.55172414, 0.5862069 , 0.62068966, 0.65517241,\n       0.68965517, 0.72413793, 0.75862069, 0.79310345, 0.82758621,\n       0.86206897, 0.89655172, 0.93103448, 0.96551724, 1.        ])"),
            ("u8", Array::from_vec_on(vec![255u8, 0], &[2], CPU)?, "[255   0]", "array([255,   0], dtype=uint8)"),
            ("f64_thirds", Array::from_vec_on(vec![1.0f64 / 3.0, 2.0 / 3.0], &[2], CPU)?, "[0.33333333 0.66666667]", "array([0.33333333, 0.66666667])"),
            ("f64_big_exp", Array::from_vec_on(vec![1e100f64, 1.0], &[2], CPU)?, "[1.e+100 1.e+000]", "array([1.e+100, 1.e+000])"),
            ("f64_signed_zero", Array::from_vec_on(vec![-0.0f64, 0.0], &[2], CPU)?, "[-0.  0.]", "array([-0.,  0.])"),
            ("f32_tenths", multiply(&arange_on(0.0, 20.0, 1.0, Some(DType::Float32), CPU)?, 0.1)?, "[0.         0.1        0.2        0.3        0.4        0.5\n 0.6        0.7        0.8        0.90000004 1.         1.1\n 1.2        1.3000001  1.4        1.5        1.6        1.7\n 1.8000001  1.9       ]", "array([0.        , 0.1       , 0.2       , 0.3       , 0.4       ,\n       0.5       , 0.6       , 0.7       , 0.8       , 0.90000004,\n       1.        , 1.1       , 1.2       , 1.3000001 , 1.4       ,\n       1.5       , 1.6       , 1.7       , 1.8000001 , 1.9       ],\n      dtype=float32)"),
            ("f64_0d", Array::from_vec_on(vec![1.0f64], (), CPU)?, "1.0", "array(1.)"),
            ("f32_0d_small", Array::from_vec_on(vec![1e-5f32], (), CPU)?, "1e-05", "array(1.e-05, dtype=float32)"),
            ("c128_0d", Array::from_vec_on(vec![Complex64::new(1.0, 2.0)], (), CPU)?, "(1+2j)", "array(1.+2.j)"),
            ("bool_0d", Array::from_vec_on(vec![true], (), CPU)?, "True", "array(True)"),
            ("f32_empty", zeros_on(&[0], DType::Float32, CPU)?, "[]", "array([], dtype=float32)"),
            ("f64_empty_2x0", zeros_on(&[2, 0], DType::Float64, CPU)?, "[]", "array([], shape=(2, 0), dtype=float64)"),
            ("i16_wrap_repr", arange_on(-30i64, 30i64, 1i64, Some(DType::Int16), CPU)?, "[-30 -29 -28 -27 -26 -25 -24 -23 -22 -21 -20 -19 -18 -17 -16 -15 -14 -13\n -12 -11 -10  -9  -8  -7  -6  -5  -4  -3  -2  -1   0   1   2   3   4   5\n   6   7   8   9  10  11  12  13  14  15  16  17  18  19  20  21  22  23\n  24  25  26  27  28  29]", "array([-30, -29, -28, -27, -26, -25, -24, -23, -22, -21, -20, -19, -18,\n       -17, -16, -15, -14, -13, -12, -11, -10,  -9,  -8,  -7,  -6,  -5,\n        -4,  -3,  -2,  -1,   0,   1,   2,   3,   4,   5,   6,   7,   8,\n         9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,\n        22,  23,  24,  25,  26,  27,  28,  29], dtype=int16)"),
            ("c128_mixed_exp", Array::from_vec_on(vec![Complex64::new(1e-6, 1.0), Complex64::new(2.0, 3e7)], &[2], CPU)?, "[1.e-06+1.e+00j 2.e+00+3.e+07j]", "array([1.e-06+1.e+00j, 2.e+00+3.e+07j])"),
        ])
    }
}
