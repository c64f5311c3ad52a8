//! The beta distribution: SciPy's `scipy.stats.beta` as vectorized functions of array
//! parameters, on every device.
//!
//! Every function takes the point (`x`, `k` or the probability `q`), then `a`, `b`, `loc`, `scale`
//! as arrays or weak scalars, broadcast together; the result is float64 (SciPy computes these
//! in float64 whatever the input dtype). Invalid parameters give NaN, as SciPy's
//! distributions; so does a NaN point, or a probability outside `[0, 1]`.

use super::dist_util::*;
use cuprum_core::{Array, Operand, Result};

/// The probability density function of the beta distribution. SciPy's `scipy.stats.beta.pdf(x, a, b, loc, scale)`.
///
/// **Shapes:** `x`, `a`, `b`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
/// the broadcast shape, float64, on the arrays' device.
///
/// **Semantics:** with `y = (x - loc) / scale`: `exp(logpdf)` (SciPy uses Boost's `beta_pdf`: within 1e-13 relative for moderate shapes); 0 outside the support; `a` is the first shape (`> 0`); `b` is the second shape (`> 0`); the support is `[loc, loc + scale]`; NaN for
/// invalid parameters or a NaN point.
///
/// **Algorithm:** as [`logpdf`], composed with core's ufuncs (so every device runs it).
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
/// let x = Array::from_vec_on(vec![0.4f64], &[1], Device::Cpu).unwrap();
/// let r = stats::beta::pdf(&x, 2.5, 1.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.stats.beta.pdf(0.4, 2.5, 1.5, loc=0.5, scale=2.0)
/// assert!((r[0] - 0.0).abs() <= 1e-13 * 0.0);
/// ```
pub fn pdf<'a>(
    x: impl Into<Operand<'a>>,
    a: impl Into<Operand<'a>>,
    b: impl Into<Operand<'a>>,
    loc: impl Into<Operand<'a>>,
    scale: impl Into<Operand<'a>>,
) -> Result<Array> {
    let [x, a, b, loc, scale] = args(
        "stats.beta.pdf",
        [x.into(), a.into(), b.into(), loc.into(), scale.into()],
    )?;
    let bad = logical_or(
        &less_equal(&scale, 0.0)?,
        &logical_or(&less_equal(&a, 0.0)?, &less_equal(&b, 0.0)?)?,
    )?;
    let y = standard(&x, &loc, &scale)?;
    let bad = logical_or(&bad, &cuprum_core::isnan(&y)?)?;
    let r = div(
        &exp(&pick(
            &logical_and(&greater_equal(&y, 0.0)?, &less_equal(&y, 1.0)?)?,
            &sub(
                &add(
                    &crate::xlog1py(&sub(&b, 1.0)?, &neg(&y)?)?,
                    &crate::xlogy(&sub(&a, 1.0)?, &y)?,
                )?,
                &crate::betaln(&a, &b)?,
            )?,
            f64::NEG_INFINITY,
        )?)?,
        &scale,
    )?;
    nan_if(&bad, &r)
}

/// The logarithm of the probability density function of the beta distribution. SciPy's `scipy.stats.beta.logpdf(x, a, b, loc, scale)`.
///
/// **Shapes:** `x`, `a`, `b`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
/// the broadcast shape, float64, on the arrays' device.
///
/// **Semantics:** with `y = (x - loc) / scale`: `xlog1py(b - 1, -y) + xlogy(a - 1, y) - betaln(a, b) - log(scale)`; `-inf` outside the support; `a` is the first shape (`> 0`); `b` is the second shape (`> 0`); the support is `[loc, loc + scale]`; NaN for
/// invalid parameters or a NaN point.
///
/// **Algorithm:** this crate's `xlogy`, `xlog1py` and `betaln`, composed with core's ufuncs (so every device runs it).
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
/// let x = Array::from_vec_on(vec![0.4f64], &[1], Device::Cpu).unwrap();
/// let r = stats::beta::logpdf(&x, 2.5, 1.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.stats.beta.logpdf(0.4, 2.5, 1.5, loc=0.5, scale=2.0)
/// assert!((r[0] - -inf).abs() <= 1e-13 * inf);
/// ```
pub fn logpdf<'a>(
    x: impl Into<Operand<'a>>,
    a: impl Into<Operand<'a>>,
    b: impl Into<Operand<'a>>,
    loc: impl Into<Operand<'a>>,
    scale: impl Into<Operand<'a>>,
) -> Result<Array> {
    let [x, a, b, loc, scale] = args(
        "stats.beta.logpdf",
        [x.into(), a.into(), b.into(), loc.into(), scale.into()],
    )?;
    let bad = logical_or(
        &less_equal(&scale, 0.0)?,
        &logical_or(&less_equal(&a, 0.0)?, &less_equal(&b, 0.0)?)?,
    )?;
    let y = standard(&x, &loc, &scale)?;
    let bad = logical_or(&bad, &cuprum_core::isnan(&y)?)?;
    let r = sub(
        &pick(
            &logical_and(&greater_equal(&y, 0.0)?, &less_equal(&y, 1.0)?)?,
            &sub(
                &add(
                    &crate::xlog1py(&sub(&b, 1.0)?, &neg(&y)?)?,
                    &crate::xlogy(&sub(&a, 1.0)?, &y)?,
                )?,
                &crate::betaln(&a, &b)?,
            )?,
            f64::NEG_INFINITY,
        )?,
        &log(&scale)?,
    )?;
    nan_if(&bad, &r)
}

/// The cumulative distribution function of the beta distribution. SciPy's `scipy.stats.beta.cdf(x, a, b, loc, scale)`.
///
/// **Shapes:** `x`, `a`, `b`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
/// the broadcast shape, float64, on the arrays' device.
///
/// **Semantics:** with `y = (x - loc) / scale`: `betainc(a, b, y)`; 0 and 1 outside the support; `a` is the first shape (`> 0`); `b` is the second shape (`> 0`); the support is `[loc, loc + scale]`; NaN for
/// invalid parameters or a NaN point.
///
/// **Algorithm:** this crate's `betainc`, composed with core's ufuncs (so every device runs it).
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
/// let x = Array::from_vec_on(vec![0.4f64], &[1], Device::Cpu).unwrap();
/// let r = stats::beta::cdf(&x, 2.5, 1.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.stats.beta.cdf(0.4, 2.5, 1.5, loc=0.5, scale=2.0)
/// assert!((r[0] - 0.0).abs() <= 1e-13 * 0.0);
/// ```
pub fn cdf<'a>(
    x: impl Into<Operand<'a>>,
    a: impl Into<Operand<'a>>,
    b: impl Into<Operand<'a>>,
    loc: impl Into<Operand<'a>>,
    scale: impl Into<Operand<'a>>,
) -> Result<Array> {
    let [x, a, b, loc, scale] = args(
        "stats.beta.cdf",
        [x.into(), a.into(), b.into(), loc.into(), scale.into()],
    )?;
    let bad = logical_or(
        &less_equal(&scale, 0.0)?,
        &logical_or(&less_equal(&a, 0.0)?, &less_equal(&b, 0.0)?)?,
    )?;
    let y = standard(&x, &loc, &scale)?;
    let bad = logical_or(&bad, &cuprum_core::isnan(&y)?)?;
    let r = pick(
        &less_equal(&y, 0.0)?,
        0.0,
        &pick(&greater_equal(&y, 1.0)?, 1.0, &crate::betainc(&a, &b, &y)?)?,
    )?;
    nan_if(&bad, &r)
}

/// The survival function `1 - cdf` of the beta distribution. SciPy's `scipy.stats.beta.sf(x, a, b, loc, scale)`.
///
/// **Shapes:** `x`, `a`, `b`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
/// the broadcast shape, float64, on the arrays' device.
///
/// **Semantics:** with `y = (x - loc) / scale`: `betainc(b, a, 1 - y)`; 1 and 0 outside the support; `a` is the first shape (`> 0`); `b` is the second shape (`> 0`); the support is `[loc, loc + scale]`; NaN for
/// invalid parameters or a NaN point.
///
/// **Algorithm:** this crate's `betainc` with the shapes swapped, composed with core's ufuncs (so every device runs it).
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
/// let x = Array::from_vec_on(vec![0.4f64], &[1], Device::Cpu).unwrap();
/// let r = stats::beta::sf(&x, 2.5, 1.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.stats.beta.sf(0.4, 2.5, 1.5, loc=0.5, scale=2.0)
/// assert!((r[0] - 1.0).abs() <= 1e-13 * 1.0);
/// ```
pub fn sf<'a>(
    x: impl Into<Operand<'a>>,
    a: impl Into<Operand<'a>>,
    b: impl Into<Operand<'a>>,
    loc: impl Into<Operand<'a>>,
    scale: impl Into<Operand<'a>>,
) -> Result<Array> {
    let [x, a, b, loc, scale] = args(
        "stats.beta.sf",
        [x.into(), a.into(), b.into(), loc.into(), scale.into()],
    )?;
    let bad = logical_or(
        &less_equal(&scale, 0.0)?,
        &logical_or(&less_equal(&a, 0.0)?, &less_equal(&b, 0.0)?)?,
    )?;
    let y = standard(&x, &loc, &scale)?;
    let bad = logical_or(&bad, &cuprum_core::isnan(&y)?)?;
    let r = pick(
        &less_equal(&y, 0.0)?,
        1.0,
        &pick(
            &greater_equal(&y, 1.0)?,
            0.0,
            &crate::betainc(&b, &a, &sub(1.0, &y)?)?,
        )?,
    )?;
    nan_if(&bad, &r)
}
