//! Elementwise mathematical routines with NumPy's names, composed of core's ufuncs (no kernels
//! of their own, so each runs on every device): `nan_to_num`, `isposinf`, `isneginf`,
//! `isreal`, `iscomplex`, `fix`, `sinc`, `i0`.

use crate::manip::stack;
use crate::ops::{
    abs, add, divide, equal, exp, imag, isinf, isnan, logical_and, logical_not, multiply,
    not_equal, real, signbit, sin, sqrt, subtract, trunc, where_,
};
use crate::util::ishape;
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
