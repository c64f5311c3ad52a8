//! The gamma distribution: SciPy's `scipy.stats.gamma` as vectorized functions of array
//! parameters, on every device.
//!
//! Every function takes the point (`x`, `k` or the probability `q`), then `a`, `loc`, `scale`
//! as arrays or weak scalars, broadcast together; the result is float64 (SciPy computes these
//! in float64 whatever the input dtype). Invalid parameters give NaN, as SciPy's
//! distributions; so does a NaN point, or a probability outside `[0, 1]`.

use super::dist_util::*;
use cuprum_core::{Array, Result};

/// The standardized log-density `xlogy(a - 1, y) - y - gammaln(a)` for `y >= 0`, `-inf` below.
fn log_density(y: &Array, [_, a, ..]: &[Array; 4]) -> Result<Array> {
    let inside = sub(
        &sub(&crate::xlogy(&sub(a, 1.0)?, y)?, y)?,
        &crate::gammaln(a)?,
    )?;
    pick(&less(y, 0.0)?, f64::NEG_INFINITY, &inside)
}

dist_fn! {
    /// The probability density function of the gamma distribution. SciPy's `scipy.stats.gamma.pdf(x, a, loc, scale)`.
    ///
    /// **Shapes:** `x`, `a`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `exp(logpdf)`; 0 below the support; `a` is the shape (`> 0`); the support is `x >= loc`; NaN for
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
    /// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
    /// let r = stats::gamma::pdf(&x, 2.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.gamma.pdf(1.5, 2.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.08065690817304778).abs() <= 1e-13 * 0.08065690817304778);
    /// ```
    pdf(x, a, loc, scale) {
        from_log_density("stats.gamma.pdf", [x, a, loc, scale], false, log_density)
    }
}

dist_fn! {
    /// The logarithm of the probability density function of the gamma distribution. SciPy's `scipy.stats.gamma.logpdf(x, a, loc, scale)`.
    ///
    /// **Shapes:** `x`, `a`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `xlogy(a - 1, y) - y - gammaln(a) - log(scale)`; `-inf` below the support; `a` is the shape (`> 0`); the support is `x >= loc`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `xlogy` and `gammaln`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::gamma::logpdf(&x, 2.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.gamma.logpdf(1.5, 2.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - -2.5175508218727822).abs() <= 1e-13 * 2.5175508218727822);
    /// ```
    logpdf(x, a, loc, scale) {
        from_log_density("stats.gamma.logpdf", [x, a, loc, scale], true, log_density)
    }
}

dist_fn! {
    /// The cumulative distribution function of the gamma distribution. SciPy's `scipy.stats.gamma.cdf(x, a, loc, scale)`.
    ///
    /// **Shapes:** `x`, `a`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `gammainc(a, y)`; 0 for `y <= 0`; `a` is the shape (`> 0`); the support is `x >= loc`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `gammainc`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::gamma::cdf(&x, 2.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.gamma.cdf(1.5, 2.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.03743422675270361).abs() <= 1e-13 * 0.03743422675270361);
    /// ```
    cdf(x, a, loc, scale) {
        continuous("stats.gamma.cdf", [x, a, loc, scale], |y, [_, a, ..]| {
            pick(&less_equal(y, 0.0)?, 0.0, &crate::gammainc(a, y)?)
        })
    }
}

dist_fn! {
    /// The survival function `1 - cdf` of the gamma distribution. SciPy's `scipy.stats.gamma.sf(x, a, loc, scale)`.
    ///
    /// **Shapes:** `x`, `a`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `gammaincc(a, y)`; 1 for `y <= 0`; `a` is the shape (`> 0`); the support is `x >= loc`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `gammaincc`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::gamma::sf(&x, 2.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.gamma.sf(1.5, 2.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.9625657732472964).abs() <= 1e-13 * 0.9625657732472964);
    /// ```
    sf(x, a, loc, scale) {
        continuous("stats.gamma.sf", [x, a, loc, scale], |y, [_, a, ..]| {
            pick(&less_equal(y, 0.0)?, 1.0, &crate::gammaincc(a, y)?)
        })
    }
}

dist_fn! {
    /// The percent point function (inverse of `cdf`) of the gamma distribution. SciPy's `scipy.stats.gamma.ppf(q, a, loc, scale)`.
    ///
    /// **Shapes:** `q`, `a`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** `loc + scale gammaincinv(a, q)`; `a` is the shape (`> 0`); NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** this crate's `gammaincinv`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::gamma::ppf(&x, 2.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.gamma.ppf(0.3, 2.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 3.4999081327599066).abs() <= 1e-13 * 3.4999081327599066);
    /// ```
    ppf(q, a, loc, scale) {
        continuous_quantile("stats.gamma.ppf", [q, a, loc, scale], |[q, a, ..]| {
            crate::gammaincinv(a, q)
        })
    }
}

dist_fn! {
    /// The inverse survival function (inverse of `sf`) of the gamma distribution. SciPy's `scipy.stats.gamma.isf(q, a, loc, scale)`.
    ///
    /// **Shapes:** `q`, `a`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** `loc + scale gammainccinv(a, q)`; `a` is the shape (`> 0`); NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** this crate's `gammainccinv`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::gamma::isf(&x, 2.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.gamma.isf(0.3, 2.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 6.564429984154905).abs() <= 1e-13 * 6.564429984154905);
    /// ```
    isf(q, a, loc, scale) {
        continuous_quantile("stats.gamma.isf", [q, a, loc, scale], |[q, a, ..]| {
            crate::gammainccinv(a, q)
        })
    }
}
