//! The normal distribution: SciPy's `scipy.stats.norm` as vectorized functions of array
//! parameters, on every device.
//!
//! Every function takes the point (`x`, `k` or the probability `q`), then `loc`, `scale`
//! as arrays or weak scalars, broadcast together; the result is float64 (SciPy computes these
//! in float64 whatever the input dtype). Invalid parameters give NaN, as SciPy's
//! distributions; so does a NaN point, or a probability outside `[0, 1]`.

use super::dist_util::*;
use cuprum_core::{Array, Result};

/// The standard normal log-density `-y^2/2 - log(sqrt(2 pi))`.
pub(super) fn log_density(y: &Array) -> Result<Array> {
    sub(&mul(&square(y)?, -0.5)?, 0.9189385332046727)
}

dist_fn! {
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
    pdf(x, loc, scale) {
        continuous("stats.norm.pdf", [x, loc, scale], |y, [.., scale]| {
            let e = exp(&mul(&square(y)?, -0.5)?)?;
            div(&mul(&e, 1.0 / (2.0 * std::f64::consts::PI).sqrt())?, scale)
        })
    }
}

dist_fn! {
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
    logpdf(x, loc, scale) {
        from_log_density("stats.norm.logpdf", [x, loc, scale], true, |y, _| log_density(y))
    }
}

dist_fn! {
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
    cdf(x, loc, scale) {
        continuous("stats.norm.cdf", [x, loc, scale], |y, _| crate::ndtr(y))
    }
}

dist_fn! {
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
    sf(x, loc, scale) {
        continuous("stats.norm.sf", [x, loc, scale], |y, _| crate::ndtr(&neg(y)?))
    }
}

dist_fn! {
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
    ppf(q, loc, scale) {
        continuous_quantile("stats.norm.ppf", [q, loc, scale], |[q, ..]| crate::ndtri(q))
    }
}

dist_fn! {
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
    isf(q, loc, scale) {
        continuous_quantile("stats.norm.isf", [q, loc, scale], |[q, ..]| {
            neg(&crate::ndtri(q)?)
        })
    }
}
