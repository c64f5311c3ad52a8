//! Mathematical routines with NumPy's names, composed of core's ufuncs, reductions, scans and
//! views (no kernels of their own, so each runs on every device): `nan_to_num`, `isposinf`,
//! `isneginf`, `isreal`, `iscomplex`, `fix`, `sinc`, `i0`, `cross`, `interp`, `convolve`,
//! `correlate`, `gradient`, `trapezoid`, `nancumsum`, `nancumprod`, `ediff1d`, `unwrap`.

use super::util::{ishape, on_axis, range};
use crate::layout::normalize_axis;
use crate::manip::{concatenate, diff, flip, stack};
use crate::ops::{
    abs, add, conj, divide, equal, exp, greater, imag, isinf, isnan, less, logical_and,
    logical_not, multiply, not_equal, real, remainder, signbit, sin, sqrt, subtract, trunc, where_,
};
use crate::reduce::{cumprod, cumsum, sum};
use crate::{Array, DType, Error, Result};

/// The largest finite value of a float dtype, as an f64.
pub(crate) fn float_max(d: DType) -> f64 {
    match d {
        DType::Float16 => 65504.0,
        DType::BFloat16 => 3.389_531_389_251_535_5e38,
        DType::Float32 | DType::Complex64 => f32::MAX as f64,
        _ => f64::MAX,
    }
}

/// A complex array of `re + 1j·im` (both real, same float dtype and shape) without arithmetic
/// (so `inf` parts stay as they are): the parts are stacked and reinterpreted.
pub(crate) fn make_complex(re: &Array, im: &Array) -> Result<Array> {
    let st = stack(&[re, im], -1)?.as_c_contiguous()?;
    let cd = re.dtype().complex_dtype();
    st.view_dtype(cd)?.reshape(ishape(re.shape()).as_slice())
}

/// NaN replaced by `nan`, `+inf` by `posinf`, `-inf` by `neginf` (`numpy.nan_to_num`).
///
/// **Shapes/dtypes:** `x`'s. `posinf`/`neginf` default to the dtype's largest/smallest finite
/// value. Complex arrays are processed part by part; integer and bool arrays are copied.
///
/// # Errors
/// Allocation and device errors only.
///
/// ```
/// use cuprum_core::{Array, nan_to_num};
/// let a = Array::from_vec(vec![f64::NAN, f64::INFINITY, -1.0], &[3]).unwrap();
/// let r = nan_to_num(&a, 0.0, None, None).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(r, vec![0.0, f64::MAX, -1.0]);
/// ```
pub fn nan_to_num(x: &Array, nan: f64, posinf: Option<f64>, neginf: Option<f64>) -> Result<Array> {
    let d = x.dtype();
    if d.is_complex() {
        let re = nan_to_num(&real(x)?, nan, posinf, neginf)?;
        let im = nan_to_num(&imag(x)?, nan, posinf, neginf)?;
        return make_complex(&re, &im);
    }
    if !d.is_float() {
        return x.copy();
    }
    let big = float_max(d);
    let r = where_(&isnan(x)?, nan, x)?;
    let inf = isinf(x)?;
    let neg = signbit(x)?;
    let r = where_(
        &logical_and(&inf, &logical_not(&neg)?)?,
        posinf.unwrap_or(big),
        &r,
    )?;
    where_(&logical_and(&inf, &neg)?, neginf.unwrap_or(-big), &r)?.astype(d)
}

fn no_complex(op: &'static str, x: &Array) -> Result<()> {
    if x.dtype().is_complex() {
        return Err(Error::DType {
            op,
            dtype: x.dtype(),
            detail: ": expected real numbers".into(),
        });
    }
    Ok(())
}

/// Whether each element is `+inf` (`numpy.isposinf`); bool of `x`'s shape.
///
/// # Errors
/// [`Error::DType`] for complex input (as NumPy).
///
/// ```
/// use cuprum_core::{Array, isposinf};
/// let a = Array::from_vec(vec![f64::INFINITY, -f64::INFINITY, 1.0], &[3]).unwrap();
/// assert_eq!(isposinf(&a).unwrap().to_vec::<bool>().unwrap(), vec![true, false, false]);
/// ```
pub fn isposinf(x: &Array) -> Result<Array> {
    no_complex("isposinf", x)?;
    logical_and(&isinf(x)?, &logical_not(&signbit(x)?)?)
}

/// Whether each element is `-inf` (`numpy.isneginf`); bool of `x`'s shape.
///
/// # Errors
/// [`Error::DType`] for complex input (as NumPy).
///
/// ```
/// use cuprum_core::{Array, isneginf};
/// let a = Array::from_vec(vec![f64::INFINITY, -f64::INFINITY, 1.0], &[3]).unwrap();
/// assert_eq!(isneginf(&a).unwrap().to_vec::<bool>().unwrap(), vec![false, true, false]);
/// ```
pub fn isneginf(x: &Array) -> Result<Array> {
    no_complex("isneginf", x)?;
    logical_and(&isinf(x)?, &signbit(x)?)
}

/// Whether each element has a zero imaginary part (`numpy.isreal`); true for real dtypes.
///
/// # Errors
/// Allocation and device errors only.
///
/// ```
/// use cuprum_core::{Array, Complex64, isreal};
/// let a = Array::from_vec(vec![Complex64::new(1.0, 0.0), Complex64::new(1.0, 1.0)], &[2]).unwrap();
/// assert_eq!(isreal(&a).unwrap().to_vec::<bool>().unwrap(), vec![true, false]);
/// ```
pub fn isreal(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        equal(&imag(x)?, 0.0)
    } else {
        crate::creation::ones_on(x.shape(), DType::Bool, x.device())
    }
}

/// Whether each element has a nonzero imaginary part (`numpy.iscomplex`); false for real
/// dtypes.
///
/// # Errors
/// Allocation and device errors only.
///
/// ```
/// use cuprum_core::{Array, Complex64, iscomplex};
/// let a = Array::from_vec(vec![Complex64::new(1.0, 0.0), Complex64::new(1.0, 1.0)], &[2]).unwrap();
/// assert_eq!(iscomplex(&a).unwrap().to_vec::<bool>().unwrap(), vec![false, true]);
/// ```
pub fn iscomplex(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        not_equal(&imag(x)?, 0.0)
    } else {
        crate::creation::zeros_on(x.shape(), DType::Bool, x.device())
    }
}

/// Rounds toward zero (`numpy.fix`): `trunc`, keeping integer dtypes.
///
/// # Errors
/// [`Error::DType`] for complex input.
///
/// ```
/// use cuprum_core::{Array, fix};
/// let a = Array::from_vec(vec![2.1f64, -2.9], &[2]).unwrap();
/// assert_eq!(fix(&a).unwrap().to_vec::<f64>().unwrap(), vec![2.0, -2.0]);
/// ```
pub fn fix(x: &Array) -> Result<Array> {
    no_complex("fix", x)?;
    trunc(x)
}

/// The normalized sinc, `sin(πx)/(πx)` with `sinc(0) = 1` (`numpy.sinc`).
///
/// **dtypes:** floats and complex keep theirs; integers compute in float64.
///
/// # Errors
/// Allocation and device errors only.
///
/// ```
/// use cuprum_core::{Array, sinc};
/// let a = Array::from_vec(vec![0.0f64, 0.5], &[2]).unwrap();
/// let r = sinc(&a).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(r[0], 1.0);
/// assert!((r[1] - 2.0 / std::f64::consts::PI).abs() < 1e-15);
/// ```
pub fn sinc(x: &Array) -> Result<Array> {
    let x = if x.dtype().is_inexact() {
        x.clone()
    } else {
        x.astype(DType::Float64)?
    };
    let y = multiply(
        &where_(&equal(&x, 0.0)?, 1.0e-20, &x)?,
        std::f64::consts::PI,
    )?;
    divide(&sin(&y)?, &y)
}

#[allow(clippy::excessive_precision)] // Cephes' coefficients as NumPy lists them
const I0A: [f64; 30] = [
    -4.415_341_646_479_339_4e-18,
    3.330_794_518_822_238_1e-17,
    -2.431_279_846_547_954_7e-16,
    1.715_391_285_555_133e-15,
    -1.168_533_287_799_345_2e-14,
    7.676_185_498_604_936e-14,
    -4.856_446_783_111_929_5e-13,
    2.955_052_663_129_64e-12,
    -1.726_826_291_441_555_7e-11,
    9.675_809_035_373_237e-11,
    -5.189_795_601_635_263e-10,
    2.659_823_724_682_386_6e-9,
    -1.300_025_009_986_248e-8,
    6.046_995_022_541_919e-8,
    -2.670_793_853_940_611_7e-7,
    1.117_387_539_120_103_7e-6,
    -4.416_738_358_458_750_5e-6,
    1.644_844_807_072_889_7e-5,
    -5.754_195_010_082_104e-5,
    1.885_028_850_958_416_5e-4,
    -5.763_755_745_385_824e-4,
    1.639_475_616_941_335_8e-3,
    -4.324_309_995_050_576e-3,
    1.054_646_039_459_499_8e-2,
    -2.373_741_480_589_946_9e-2,
    4.930_528_423_967_071e-2,
    -9.490_109_704_804_764e-2,
    1.716_209_015_222_087_7e-1,
    -3.046_826_723_431_984e-1,
    6.767_952_744_094_761e-1,
];

#[allow(clippy::excessive_precision)] // Cephes' coefficients as NumPy lists them
const I0B: [f64; 25] = [
    -7.233_180_487_874_754e-18,
    -4.830_504_485_944_182e-18,
    4.465_621_420_296_76e-17,
    3.461_222_867_697_461e-17,
    -2.827_623_980_516_583_5e-16,
    -3.425_485_619_677_219e-16,
    1.772_560_133_056_526_4e-15,
    3.811_680_669_352_622_4e-15,
    -9.554_846_698_828_307e-15,
    -4.150_569_347_287_222e-14,
    1.540_086_217_521_41e-14,
    3.852_778_382_742_142_6e-13,
    7.180_124_451_383_666e-13,
    -1.794_178_531_506_806_2e-12,
    -1.321_581_184_044_771_3e-11,
    -3.149_916_527_963_241_6e-11,
    1.188_914_710_784_643_9e-11,
    4.940_602_388_224_97e-10,
    3.396_232_025_708_386_3e-9,
    2.266_668_990_498_178e-8,
    2.048_918_589_469_063_8e-7,
    2.891_370_520_834_756_5e-6,
    6.889_758_346_916_824e-5,
    3.369_116_478_255_694e-3,
    8.044_904_110_141_088e-1,
];

/// Clenshaw evaluation of a Chebyshev series (Cephes `chbevl`), elementwise.
fn chbevl(x: &Array, vals: &[f64]) -> Result<Array> {
    let mut b0 = crate::creation::full_like(x, vals[0])?;
    let mut b1 = crate::creation::zeros_like(x)?;
    let mut b2 = b1.clone();
    for &v in &vals[1..] {
        b2 = b1;
        b1 = b0;
        b0 = add(&subtract(&multiply(x, &b1)?, &b2)?, v)?;
    }
    multiply(&subtract(&b0, &b2)?, 0.5)
}

/// The modified Bessel function of the first kind, order 0 (`numpy.i0`).
///
/// **dtypes:** float64 result (NumPy's). Cephes' Chebyshev expansions, as NumPy.
///
/// # Errors
/// [`Error::DType`] for complex input.
///
/// ```
/// use cuprum_core::{Array, i0};
/// let a = Array::from_vec(vec![0.0f64, 1.0], &[2]).unwrap();
/// let r = i0(&a).unwrap().to_vec::<f64>().unwrap();
/// assert!((r[0] - 1.0).abs() < 1e-14 && (r[1] - 1.2660658777520082).abs() < 1e-14);
/// ```
pub fn i0(x: &Array) -> Result<Array> {
    no_complex("i0", x)?;
    let x = abs(&x.astype(DType::Float64)?)?;
    let small = crate::ops::less_equal(&x, 8.0)?;
    let r1 = multiply(
        &exp(&x)?,
        &chbevl(&subtract(&divide(&x, 2.0)?, 2.0)?, &I0A)?,
    )?;
    let r2 = divide(
        &multiply(
            &exp(&x)?,
            &chbevl(&subtract(&divide(32.0, &x)?, 2.0)?, &I0B)?,
        )?,
        &sqrt(&x)?,
    )?;
    where_(&small, &r1, &r2)
}

/// The cross product of 2- or 3-vectors along `axis` (`numpy.cross` with
/// `axisa = axisb = axisc = axis`).
///
/// **Shapes:** the vector axes hold 2 or 3 components; the other axes broadcast. With two
/// 2-vectors the result is the scalar z component (the axis removed); otherwise the result has
/// 3 components on `axis`.
///
/// # Errors
/// [`Error::InvalidValue`] when a vector axis is not of length 2 or 3;
/// [`Error::AxisOutOfBounds`]; broadcasting errors.
///
/// ```
/// use cuprum_core::{Array, cross};
/// let x = Array::from_vec(vec![1.0f64, 2.0, 3.0], &[3]).unwrap();
/// let y = Array::from_vec(vec![4.0f64, 5.0, 6.0], &[3]).unwrap();
/// assert_eq!(cross(&x, &y, -1).unwrap().to_vec::<f64>().unwrap(), vec![-3.0, 6.0, -3.0]);
/// ```
pub fn cross(a: &Array, b: &Array, axis: isize) -> Result<Array> {
    const OP: &str = "cross";
    let aa = normalize_axis(OP, axis, a.ndim())?;
    let ab = normalize_axis(OP, axis, b.ndim())?;
    let a = a.moveaxis(&[aa as isize], &[-1])?;
    let b = b.moveaxis(&[ab as isize], &[-1])?;
    let (na, nb) = (a.shape()[a.ndim() - 1], b.shape()[b.ndim() - 1]);
    if !(2..=3).contains(&na) || !(2..=3).contains(&nb) {
        return Err(Error::invalid_value(
            OP,
            format!(
                "incompatible dimensions for cross product (dimension must be 2 or 3), got {na} and {nb}"
            ),
        ));
    }
    let c = |x: &Array, i: isize| x.index_axis(-1, i);
    let (a0, a1, b0, b1) = (c(&a, 0)?, c(&a, 1)?, c(&b, 0)?, c(&b, 1)?);
    let z = subtract(&multiply(&a0, &b1)?, &multiply(&a1, &b0)?)?;
    if na == 2 && nb == 2 {
        return Ok(z);
    }
    let (x, y) = match (na, nb) {
        (3, 3) => {
            let (a2, b2) = (c(&a, 2)?, c(&b, 2)?);
            (
                subtract(&multiply(&a1, &b2)?, &multiply(&a2, &b1)?)?,
                subtract(&multiply(&a2, &b0)?, &multiply(&a0, &b2)?)?,
            )
        }
        (2, 3) => {
            let b2 = c(&b, 2)?;
            (
                multiply(&a1, &b2)?,
                crate::ops::negative(&multiply(&a0, &b2)?)?,
            )
        }
        _ => {
            let a2 = c(&a, 2)?;
            (
                crate::ops::negative(&multiply(&a2, &b1)?)?,
                multiply(&a2, &b0)?,
            )
        }
    };
    let dt = z.dtype();
    let x = x.astype(dt)?;
    let y = y.astype(dt)?;
    let sh = crate::layout::broadcast_shapes(OP, x.shape(), z.shape())?;
    let r = stack(
        &[
            &x.broadcast_to(sh.as_slice())?,
            &y.broadcast_to(sh.as_slice())?,
            &z.broadcast_to(sh.as_slice())?,
        ],
        -1,
    )?;
    // NumPy's axisc: the component axis of the result sits at `axis` (of the result's ndim)
    let ac = normalize_axis(OP, axis, r.ndim())?;
    r.moveaxis(&[-1], &[ac as isize])?.copy()
}

/// One-dimensional piecewise-linear interpolation (`numpy.interp`).
///
/// **Shapes:** `xp` and `fp` 1-D of one length (`xp` increasing); the result has `x`'s shape,
/// float64 (complex128 when `fp` is complex). Below `xp[0]` the value is `left` (default
/// `fp[0]`), above `xp[-1]` it is `right` (default `fp[-1]`).
///
/// # Errors
/// [`Error::InvalidValue`] for empty `xp` or `xp`/`fp` of different lengths or not 1-D.
///
/// ```
/// use cuprum_core::{Array, interp};
/// let xp = Array::from_vec(vec![1.0f64, 2.0, 3.0], &[3]).unwrap();
/// let fp = Array::from_vec(vec![3.0f64, 2.0, 0.0], &[3]).unwrap();
/// let x = Array::from_vec(vec![0.0f64, 1.5, 2.5, 3.0, 4.0], &[5]).unwrap();
/// let r = interp(&x, &xp, &fp, None, None).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(r, vec![3.0, 2.5, 1.0, 0.0, 0.0]);
/// ```
pub fn interp(
    x: &Array,
    xp: &Array,
    fp: &Array,
    left: Option<f64>,
    right: Option<f64>,
) -> Result<Array> {
    const OP: &str = "interp";
    if xp.ndim() != 1 || fp.ndim() != 1 || xp.size() != fp.size() {
        return Err(Error::invalid_value(
            OP,
            format!(
                "fp (shape {:?}) and xp (shape {:?}) must be 1-D sequences of the same length",
                fp.shape(),
                xp.shape()
            ),
        ));
    }
    let n = xp.size();
    if n == 0 {
        return Err(Error::invalid_value(OP, "array of sample points is empty"));
    }
    let out_dt = if fp.dtype().is_complex() {
        DType::Complex128
    } else {
        DType::Float64
    };
    let xf = x.astype(DType::Float64)?;
    let xpf = xp.astype(DType::Float64)?;
    let fpf = fp.astype(out_dt)?;
    let first = xpf.index_axis(0, 0)?;
    let last = xpf.index_axis(0, -1)?;
    let f_first = fpf.index_axis(0, 0)?;
    let f_last = fpf.index_axis(0, -1)?;
    let mut r = if n == 1 {
        crate::creation::zeros_on(x.shape(), out_dt, x.device())?
    } else {
        let j = crate::sort::searchsorted(&xpf, &xf.ravel()?, crate::sort::Side::Right, None)?;
        let j = crate::ops::clip(
            &subtract(&j, 1i64)?,
            Some(0i64.into()),
            Some(((n - 2) as i64).into()),
        )?;
        let j1 = add(&j, 1i64)?;
        let tk = |a: &Array, i: &Array| {
            crate::indexing::take(a, i, None, crate::indexing::IndexMode::Raise)
        };
        let (x0, x1, y0, y1) = (tk(&xpf, &j)?, tk(&xpf, &j1)?, tk(&fpf, &j)?, tk(&fpf, &j1)?);
        let xr = xf.ravel()?;
        let slope = divide(&subtract(&y1, &y0)?, &subtract(&x1, &x0)?)?;
        let v = add(&multiply(&slope, &subtract(&xr, &x0)?)?, &y0)?;
        let v = where_(&equal(&xr, &x0)?, &y0, &v)?;
        v.reshape(ishape(x.shape()).as_slice())?
    };
    r = where_(&equal(&xf, &last)?, &f_last, &r)?;
    let lv = match left {
        Some(l) => Array::scalar_on(l, x.device())?.astype(out_dt)?,
        None => f_first,
    };
    let rv = match right {
        Some(v) => Array::scalar_on(v, x.device())?.astype(out_dt)?,
        None => f_last,
    };
    r = where_(&less(&xf, &first)?, &lv, &r)?;
    r = where_(&greater(&xf, &last)?, &rv, &r)?;
    r.astype(out_dt)
}

/// The `mode` of [`convolve`] and [`correlate`] (NumPy's `'full'`, `'same'`, `'valid'`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ConvolveMode {
    /// Every point of overlap: `n + m - 1` values.
    Full,
    /// `max(n, m)` values, centered on the full result.
    Same,
    /// Only complete overlaps: `max(n, m) - min(n, m) + 1` values.
    Valid,
}

impl ConvolveMode {
    /// Parses NumPy's mode string.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for another string.
    pub fn parse(s: &str) -> Result<ConvolveMode> {
        match s {
            "full" | "f" => Ok(ConvolveMode::Full),
            "same" | "s" => Ok(ConvolveMode::Same),
            "valid" | "v" => Ok(ConvolveMode::Valid),
            _ => Err(Error::invalid_value(
                "convolve",
                format!("mode {s:?} is not 'full', 'same' or 'valid'"),
            )),
        }
    }
}

/// The full discrete convolution of 1-D `a` and `v` (a sliding-window view times `v`).
fn convolve_full(op: &'static str, a: &Array, v: &Array) -> Result<Array> {
    if a.ndim() != 1 || v.ndim() != 1 {
        return Err(Error::invalid_value(
            op,
            format!(
                "object too deep: shapes {:?} and {:?} must be 1-D",
                a.shape(),
                v.shape()
            ),
        ));
    }
    if a.size() == 0 || v.size() == 0 {
        return Err(Error::invalid_value(
            op,
            if a.size() == 0 {
                "a cannot be empty"
            } else {
                "v cannot be empty"
            },
        ));
    }
    let dt = DType::promote(a.dtype(), v.dtype());
    let (a, v) = if a.size() >= v.size() { (a, v) } else { (v, a) };
    let m = v.size();
    let z = crate::creation::zeros_on(&[m - 1], dt, a.device())?;
    let ap = concatenate(&[&z, &a.astype(dt)?, &z], 0)?;
    let w = super::indexing2::sliding_window_view(&ap, &[m], None)?;
    let vr = flip(&v.astype(dt)?, None)?;
    let acc = if dt.is_bool() { DType::Int64 } else { dt };
    let prod = multiply(&w.astype(acc)?, &vr.astype(acc)?)?;
    crate::reduce::sum_dtype(&prod, 1, false, Some(acc))?.astype(dt)
}

fn mode_slice(full: Array, n: usize, m: usize, mode: ConvolveMode) -> Result<Array> {
    let (big, small) = (n.max(m), n.min(m));
    let (start, len) = match mode {
        ConvolveMode::Full => return Ok(full),
        ConvolveMode::Same => ((small - 1) / 2, big),
        ConvolveMode::Valid => (small - 1, big - small + 1),
    };
    full.slice(&[range(Some(start as isize), Some((start + len) as isize))])
}

/// The discrete linear convolution of two 1-D arrays (`numpy.convolve`).
///
/// **Shapes:** `a` (n) and `v` (m) 1-D, non-empty; the result has `n+m-1` (`Full`), `max(n,m)`
/// (`Same`) or `max-min+1` (`Valid`) elements in the promoted dtype. Computed as a
/// sliding-window view of the zero-padded longer input multiplied by the reversed shorter one
/// and summed (O(n·m) work, one pass on the device).
///
/// # Errors
/// [`Error::InvalidValue`] for empty or non-1-D inputs.
///
/// ```
/// use cuprum_core::{Array, convolve, ConvolveMode};
/// let a = Array::from_vec(vec![1.0f64, 2.0, 3.0], &[3]).unwrap();
/// let v = Array::from_vec(vec![0.0f64, 1.0, 0.5], &[3]).unwrap();
/// let r = convolve(&a, &v, ConvolveMode::Full).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(r, vec![0.0, 1.0, 2.5, 4.0, 1.5]);
/// ```
pub fn convolve(a: &Array, v: &Array, mode: ConvolveMode) -> Result<Array> {
    let full = convolve_full("convolve", a, v)?;
    mode_slice(full, a.size(), v.size(), mode)
}

/// The cross-correlation of two 1-D arrays, `c[k] = Σ a[n+k]·conj(v[n])` (`numpy.correlate`;
/// NumPy's default mode is `Valid`).
///
/// **Shapes:** as [`convolve`].
///
/// # Errors
/// As [`convolve`].
///
/// ```
/// use cuprum_core::{Array, correlate, ConvolveMode};
/// let a = Array::from_vec(vec![1.0f64, 2.0, 3.0], &[3]).unwrap();
/// let v = Array::from_vec(vec![0.0f64, 1.0, 0.5], &[3]).unwrap();
/// let r = correlate(&a, &v, ConvolveMode::Same).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(r, vec![2.0, 3.5, 3.0]);
/// ```
pub fn correlate(a: &Array, v: &Array, mode: ConvolveMode) -> Result<Array> {
    if v.ndim() != 1 {
        return Err(Error::invalid_value(
            "correlate",
            format!("object too deep: shape {:?} must be 1-D", v.shape()),
        ));
    }
    let vr = flip(&conj(v)?, None)?;
    let full = convolve_full("correlate", a, &vr)?;
    let r = mode_slice(full, a.size(), v.size(), mode)?;
    if a.size() < v.size() && mode != ConvolveMode::Full {
        // NumPy slices the full result as for `correlate(v, a)` reversed
        let fullr = convolve_full("correlate", v, &flip(&conj(a)?, None)?)?;
        let rr = mode_slice(fullr, a.size(), v.size(), mode)?;
        let rr = if a.dtype().is_complex() || v.dtype().is_complex() {
            conj(&rr)?
        } else {
            rr
        };
        return flip(&rr, None)?.copy();
    }
    Ok(r)
}

/// The gradient of `f` by second-order central differences inside and one-sided differences
/// (first or second order, `edge_order`) at the boundaries (`numpy.gradient` with uniform
/// spacing).
///
/// **Shapes:** one array of `f`'s shape per axis in `axes` (every axis when `None`); `spacing`
/// is one value for every axis or one per axis. Integers compute in float64, floats keep their
/// dtype.
///
/// # Errors
/// [`Error::InvalidValue`] when an axis has fewer than `edge_order + 1` elements, for an
/// `edge_order` other than 1 or 2, or for a wrong number of spacings;
/// [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, gradient};
/// let f = Array::from_vec(vec![1.0f64, 2.0, 4.0, 7.0, 11.0, 16.0], &[6]).unwrap();
/// let g = gradient(&f, &[1.0], None, 1).unwrap();
/// assert_eq!(g[0].to_vec::<f64>().unwrap(), vec![1.0, 1.5, 2.5, 3.5, 4.5, 5.0]);
/// ```
pub fn gradient(
    f: &Array,
    spacing: &[f64],
    axes: Option<&[isize]>,
    edge_order: usize,
) -> Result<Vec<Array>> {
    const OP: &str = "gradient";
    if edge_order != 1 && edge_order != 2 {
        return Err(Error::invalid_value(
            OP,
            format!("edge_order {edge_order} is not 1 or 2"),
        ));
    }
    let axes: Vec<usize> = match axes {
        None => (0..f.ndim()).collect(),
        Some(ax) => ax
            .iter()
            .map(|&a| normalize_axis(OP, a, f.ndim()))
            .collect::<Result<_>>()?,
    };
    let hs: Vec<f64> = match spacing.len() {
        0 => vec![1.0; axes.len()],
        1 => vec![spacing[0]; axes.len()],
        k if k == axes.len() => spacing.to_vec(),
        k => {
            return Err(Error::invalid_value(
                OP,
                format!("{k} spacings given for {} axes", axes.len()),
            ));
        }
    };
    let f = if f.dtype().is_inexact() {
        f.clone()
    } else {
        f.astype(DType::Float64)?
    };
    let mut out = Vec::with_capacity(axes.len());
    for (&ax, &h) in axes.iter().zip(&hs) {
        let n = f.shape()[ax];
        if n < edge_order + 1 {
            return Err(Error::invalid_value(
                OP,
                format!(
                    "shape of the array along axis {ax} is {n}; at least edge_order + 1 = {} elements are required",
                    edge_order + 1
                ),
            ));
        }
        let s = |a: Option<isize>, b: Option<isize>| on_axis(&f, ax, range(a, b));
        let interior = divide(&subtract(&s(Some(2), None)?, &s(None, Some(-2))?)?, 2.0 * h)?;
        let (lo, hi) = if edge_order == 1 {
            (
                divide(&subtract(&s(Some(1), Some(2))?, &s(Some(0), Some(1))?)?, h)?,
                divide(&subtract(&s(Some(-1), None)?, &s(Some(-2), Some(-1))?)?, h)?,
            )
        } else {
            let lo = add(
                &add(
                    &multiply(&s(Some(0), Some(1))?, -1.5)?,
                    &multiply(&s(Some(1), Some(2))?, 2.0)?,
                )?,
                &multiply(&s(Some(2), Some(3))?, -0.5)?,
            )?;
            let hi = add(
                &add(
                    &multiply(&s(Some(-3), Some(-2))?, 0.5)?,
                    &multiply(&s(Some(-2), Some(-1))?, -2.0)?,
                )?,
                &multiply(&s(Some(-1), None)?, 1.5)?,
            )?;
            (divide(&lo, h)?, divide(&hi, h)?)
        };
        let dt = interior.dtype();
        out.push(concatenate(
            &[&lo.astype(dt)?, &interior, &hi.astype(dt)?],
            ax as isize,
        )?);
    }
    Ok(out)
}

/// The integral of `y` along `axis` by the trapezoidal rule (`numpy.trapezoid`).
///
/// **Shapes:** `y`'s shape without `axis`. `x` (1-D of `y.shape[axis]` values, or `y`'s
/// shape) gives the sample points; without it the spacing is `dx`.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::ShapeMismatch`](crate::Error) / broadcasting errors
/// for an `x` that does not fit `y`.
///
/// ```
/// use cuprum_core::{Array, trapezoid};
/// let y = Array::from_vec(vec![1.0f64, 2.0, 3.0], &[3]).unwrap();
/// assert_eq!(trapezoid(&y, None, 1.0, -1).unwrap().item().unwrap().as_f64(), 4.0);
/// ```
pub fn trapezoid(y: &Array, x: Option<&Array>, dx: f64, axis: isize) -> Result<Array> {
    const OP: &str = "trapezoid";
    let ax = normalize_axis(OP, axis, y.ndim())?;
    let avg = divide(
        &add(
            &on_axis(y, ax, range(Some(1), None))?,
            &on_axis(y, ax, range(None, Some(-1)))?,
        )?,
        2.0,
    )?;
    let prod = match x {
        None => multiply(&avg, dx)?,
        Some(x) => {
            let d = if x.ndim() == 1 {
                let d = diff(x, 1, 0)?;
                let mut shape = vec![1isize; y.ndim()];
                shape[ax] = d.size() as isize;
                d.reshape(shape.as_slice())?
            } else {
                diff(x, 1, ax as isize)?
            };
            multiply(&d, &avg)?
        }
    };
    sum(&prod, ax as isize, false)
}

/// The cumulative sum with NaN counted as zero (`numpy.nancumsum`).
///
/// **Shapes/dtypes:** as [`cumsum`].
///
/// # Errors
/// As [`cumsum`].
///
/// ```
/// use cuprum_core::{Array, nancumsum};
/// let a = Array::from_vec(vec![1.0f64, f64::NAN, 2.0], &[3]).unwrap();
/// assert_eq!(nancumsum(&a, None).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 1.0, 3.0]);
/// ```
pub fn nancumsum(a: &Array, axis: Option<isize>) -> Result<Array> {
    if a.dtype().is_inexact() {
        cumsum(&where_(&isnan(a)?, 0.0, a)?, axis)
    } else {
        cumsum(a, axis)
    }
}

/// The cumulative product with NaN counted as one (`numpy.nancumprod`).
///
/// **Shapes/dtypes:** as [`cumprod`].
///
/// # Errors
/// As [`cumprod`].
///
/// ```
/// use cuprum_core::{Array, nancumprod};
/// let a = Array::from_vec(vec![2.0f64, f64::NAN, 3.0], &[3]).unwrap();
/// assert_eq!(nancumprod(&a, None).unwrap().to_vec::<f64>().unwrap(), vec![2.0, 2.0, 6.0]);
/// ```
pub fn nancumprod(a: &Array, axis: Option<isize>) -> Result<Array> {
    if a.dtype().is_inexact() {
        cumprod(&where_(&isnan(a)?, 1.0, a)?, axis)
    } else {
        cumprod(a, axis)
    }
}

/// The differences between consecutive elements of the flattened array, with optional values
/// before and after (`numpy.ediff1d`).
///
/// **Shapes:** 1-D: `to_begin`, the `size-1` differences, `to_end` (both flattened, cast to
/// `ary`'s dtype).
///
/// # Errors
/// Casting and device errors.
///
/// ```
/// use cuprum_core::{Array, ediff1d};
/// let a = Array::from_vec(vec![1i64, 2, 4, 7], &[4]).unwrap();
/// assert_eq!(ediff1d(&a, None, None).unwrap().to_vec::<i64>().unwrap(), vec![1, 2, 3]);
/// ```
pub fn ediff1d(ary: &Array, to_end: Option<&Array>, to_begin: Option<&Array>) -> Result<Array> {
    let flat = ary.ravel()?;
    let d = if flat.size() == 0 {
        flat.clone()
    } else {
        subtract(
            &flat.slice(&[range(Some(1), None)])?,
            &flat.slice(&[range(None, Some(-1))])?,
        )?
        .astype(ary.dtype())?
    };
    let mut parts = Vec::new();
    if let Some(b) = to_begin {
        parts.push(b.ravel()?.astype(ary.dtype())?);
    }
    parts.push(d);
    if let Some(e) = to_end {
        parts.push(e.ravel()?.astype(ary.dtype())?);
    }
    let refs: Vec<&Array> = parts.iter().collect();
    concatenate(&refs, 0)
}

/// Unwraps by taking the complement of large deltas with respect to `period` (`numpy.unwrap`;
/// `discont` defaults to `period/2`, `period` to 2π).
///
/// **Shapes:** `p`'s; integers compute in float64.
///
/// # Errors
/// [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, unwrap};
/// let p = Array::from_vec(vec![0.0f64, 3.0, 6.5, 0.2], &[4]).unwrap();
/// let r = unwrap(&p, None, -1, 2.0 * std::f64::consts::PI).unwrap().to_vec::<f64>().unwrap();
/// assert!((r[2] - (6.5 - 2.0 * std::f64::consts::PI)).abs() < 1e-12);
/// ```
pub fn unwrap(p: &Array, discont: Option<f64>, axis: isize, period: f64) -> Result<Array> {
    const OP: &str = "unwrap";
    let ax = normalize_axis(OP, axis, p.ndim())?;
    // NumPy computes in result_type(diff(p), period): integers stay integers when the period
    // is an integer
    let int = p.dtype().is_integer() && period.fract() == 0.0 && period.abs() < 9.0e15;
    let p = if int || p.dtype().is_inexact() {
        p.clone()
    } else {
        p.astype(DType::Float64)?
    };
    if p.shape()[ax] < 2 {
        return p.copy();
    }
    let discont = discont.unwrap_or(period / 2.0);
    let dd = diff(&p, 1, ax as isize)?;
    let ddmod = if int {
        let per = period as i64;
        let (hi, rem) = (per.div_euclid(2), per.rem_euclid(2));
        let m = subtract(&remainder(&add(&dd, hi)?, per)?, hi)?;
        if rem == 0 {
            where_(
                &logical_and(&equal(&m, -hi)?, &greater(&dd, 0i64)?)?,
                hi,
                &m,
            )?
            .astype(m.dtype())?
        } else {
            m
        }
    } else {
        let half = period / 2.0;
        let m = subtract(&remainder(&add(&dd, half)?, period)?, half)?;
        where_(
            &logical_and(&equal(&m, -half)?, &greater(&dd, 0.0)?)?,
            half,
            &m,
        )?
        .astype(m.dtype())?
    };
    let corr = subtract(&ddmod, &dd)?;
    let corr = where_(&less(&abs(&dd)?, discont)?, 0i64, &corr)?.astype(corr.dtype())?;
    let tail = add(
        &on_axis(&p, ax, range(Some(1), None))?,
        &cumsum(&corr, Some(ax as isize))?,
    )?;
    let dt = p.dtype();
    concatenate(
        &[
            &on_axis(&p, ax, range(None, Some(1)))?.astype(dt)?,
            &tail.astype(dt)?,
        ],
        ax as isize,
    )
}
