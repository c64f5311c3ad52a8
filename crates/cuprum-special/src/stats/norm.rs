//! The normal distribution: SciPy's `scipy.stats.norm` as vectorized functions of array
//! parameters, on every device.
//!
//! Every function takes the point (`x`, `k` or the probability `q`), then `loc`, `scale`
//! as arrays or weak scalars, broadcast together; the result is float64 (SciPy computes these
//! in float64 whatever the input dtype). Invalid parameters give NaN, as SciPy's
//! distributions; so does a NaN point, or a probability outside `[0, 1]`.

use super::dist_util::*;
use cuprum_core::{Array, Operand, Result};

/// The probability density function of the normal distribution. SciPy's `scipy.stats.norm.pdf(x, loc, scale)`.
///
/// **Shapes:** `x`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
/// the broadcast shape, float64, on the arrays' device.
///
/// **Semantics:** with `y = (x - loc) / scale`: the density `exp(-y^2/2) / (sqrt(2 pi) scale)`; the support is the real line; NaN for
/// invalid parameters or a NaN point.
///
/// **Algorithm:** core's `exp` of `-y^2/2`, composed with core's ufuncs (so every device runs it).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for arrays on different devices,
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats;
/// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
/// let r = stats::norm::pdf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.stats.norm.pdf(1.5, loc=0.5, scale=2.0)
/// assert!((r[0] - 0.17603266338214973).abs() <= 1e-13 * 0.17603266338214973);
/// ```
pub fn pdf<'a>(
    x: impl Into<Operand<'a>>,
    loc: impl Into<Operand<'a>>,
    scale: impl Into<Operand<'a>>,
) -> Result<Array> {
    let [x, loc, scale] = args("stats.norm.pdf", [x.into(), loc.into(), scale.into()])?;
    let bad = less_equal(&scale, 0.0)?;
    let y = standard(&x, &loc, &scale)?;
    let bad = logical_or(&bad, &cuprum_core::isnan(&y)?)?;
    let r = div(
        &mul(
            &exp(&mul(&square(&y)?, -0.5)?)?,
            1.0 / (2.0 * std::f64::consts::PI).sqrt(),
        )?,
        &scale,
    )?;
    nan_if(&bad, &r)
}

/// The logarithm of the probability density function of the normal distribution. SciPy's `scipy.stats.norm.logpdf(x, loc, scale)`.
///
/// **Shapes:** `x`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
/// the broadcast shape, float64, on the arrays' device.
///
/// **Semantics:** with `y = (x - loc) / scale`: the log-density `-y^2/2 - log(sqrt(2 pi)) - log(scale)`; the support is the real line; NaN for
/// invalid parameters or a NaN point.
///
/// **Algorithm:** core's arithmetic and `log`, composed with core's ufuncs (so every device runs it).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for arrays on different devices,
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats;
/// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
/// let r = stats::norm::logpdf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.stats.norm.logpdf(1.5, loc=0.5, scale=2.0)
/// assert!((r[0] - -1.737085713764618).abs() <= 1e-13 * 1.737085713764618);
/// ```
pub fn logpdf<'a>(
    x: impl Into<Operand<'a>>,
    loc: impl Into<Operand<'a>>,
    scale: impl Into<Operand<'a>>,
) -> Result<Array> {
    let [x, loc, scale] = args("stats.norm.logpdf", [x.into(), loc.into(), scale.into()])?;
    let bad = less_equal(&scale, 0.0)?;
    let y = standard(&x, &loc, &scale)?;
    let bad = logical_or(&bad, &cuprum_core::isnan(&y)?)?;
    let r = sub(
        &sub(&mul(&square(&y)?, -0.5)?, 0.9189385332046727)?,
        &log(&scale)?,
    )?;
    nan_if(&bad, &r)
}

/// The cumulative distribution function of the normal distribution. SciPy's `scipy.stats.norm.cdf(x, loc, scale)`.
///
/// **Shapes:** `x`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
/// the broadcast shape, float64, on the arrays' device.
///
/// **Semantics:** with `y = (x - loc) / scale`: `ndtr(y)`; the support is the real line; NaN for
/// invalid parameters or a NaN point.
///
/// **Algorithm:** this crate's `ndtr`, composed with core's ufuncs (so every device runs it).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for arrays on different devices,
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats;
/// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
/// let r = stats::norm::cdf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.stats.norm.cdf(1.5, loc=0.5, scale=2.0)
/// assert!((r[0] - 0.6914624612740131).abs() <= 1e-13 * 0.6914624612740131);
/// ```
pub fn cdf<'a>(
    x: impl Into<Operand<'a>>,
    loc: impl Into<Operand<'a>>,
    scale: impl Into<Operand<'a>>,
) -> Result<Array> {
    let [x, loc, scale] = args("stats.norm.cdf", [x.into(), loc.into(), scale.into()])?;
    let bad = less_equal(&scale, 0.0)?;
    let y = standard(&x, &loc, &scale)?;
    let bad = logical_or(&bad, &cuprum_core::isnan(&y)?)?;
    let r = crate::ndtr(&y)?;
    nan_if(&bad, &r)
}

/// The survival function `1 - cdf` of the normal distribution. SciPy's `scipy.stats.norm.sf(x, loc, scale)`.
///
/// **Shapes:** `x`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
/// the broadcast shape, float64, on the arrays' device.
///
/// **Semantics:** with `y = (x - loc) / scale`: `ndtr(-y)`, accurate in the upper tail; the support is the real line; NaN for
/// invalid parameters or a NaN point.
///
/// **Algorithm:** this crate's `ndtr` of `-y`, composed with core's ufuncs (so every device runs it).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for arrays on different devices,
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats;
/// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
/// let r = stats::norm::sf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.stats.norm.sf(1.5, loc=0.5, scale=2.0)
/// assert!((r[0] - 0.3085375387259869).abs() <= 1e-13 * 0.3085375387259869);
/// ```
pub fn sf<'a>(
    x: impl Into<Operand<'a>>,
    loc: impl Into<Operand<'a>>,
    scale: impl Into<Operand<'a>>,
) -> Result<Array> {
    let [x, loc, scale] = args("stats.norm.sf", [x.into(), loc.into(), scale.into()])?;
    let bad = less_equal(&scale, 0.0)?;
    let y = standard(&x, &loc, &scale)?;
    let bad = logical_or(&bad, &cuprum_core::isnan(&y)?)?;
    let r = crate::ndtr(&neg(&y)?)?;
    nan_if(&bad, &r)
}

/// The percent point function (inverse of `cdf`) of the normal distribution. SciPy's `scipy.stats.norm.ppf(q, loc, scale)`.
///
/// **Shapes:** `q`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
/// the broadcast shape, float64, on the arrays' device.
///
/// **Semantics:** `loc + scale ndtri(q)`; `-inf` and `inf` at `q = 0, 1`; NaN for invalid parameters or `q` outside `[0, 1]`.
///
/// **Algorithm:** this crate's `ndtri`, composed with core's ufuncs (so every device runs it).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for arrays on different devices,
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats;
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = stats::norm::ppf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.stats.norm.ppf(0.3, loc=0.5, scale=2.0)
/// assert!((r[0] - -0.5488010254160818).abs() <= 1e-13 * 0.5488010254160818);
/// ```
pub fn ppf<'a>(
    q: impl Into<Operand<'a>>,
    loc: impl Into<Operand<'a>>,
    scale: impl Into<Operand<'a>>,
) -> Result<Array> {
    let [q, loc, scale] = args("stats.norm.ppf", [q.into(), loc.into(), scale.into()])?;
    let bad = logical_or(&less_equal(&scale, 0.0)?, &bad_q(&q)?)?;
    let r = add(&mul(&crate::ndtri(&q)?, &scale)?, &loc)?;
    nan_if(&bad, &r)
}

/// The inverse survival function (inverse of `sf`) of the normal distribution. SciPy's `scipy.stats.norm.isf(q, loc, scale)`.
///
/// **Shapes:** `q`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
/// the broadcast shape, float64, on the arrays' device.
///
/// **Semantics:** `loc - scale ndtri(q)`; NaN for invalid parameters or `q` outside `[0, 1]`.
///
/// **Algorithm:** this crate's `ndtri`, composed with core's ufuncs (so every device runs it).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for arrays on different devices,
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats;
/// let x = Array::from_vec_on(vec![0.3f64], &[1], Device::Cpu).unwrap();
/// let r = stats::norm::isf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.stats.norm.isf(0.3, loc=0.5, scale=2.0)
/// assert!((r[0] - 1.5488010254160818).abs() <= 1e-13 * 1.5488010254160818);
/// ```
pub fn isf<'a>(
    q: impl Into<Operand<'a>>,
    loc: impl Into<Operand<'a>>,
    scale: impl Into<Operand<'a>>,
) -> Result<Array> {
    let [q, loc, scale] = args("stats.norm.isf", [q.into(), loc.into(), scale.into()])?;
    let bad = logical_or(&less_equal(&scale, 0.0)?, &bad_q(&q)?)?;
    let r = add(&mul(&neg(&crate::ndtri(&q)?)?, &scale)?, &loc)?;
    nan_if(&bad, &r)
}
