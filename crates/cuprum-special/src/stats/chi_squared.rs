//! The chi-squared distribution: SciPy's `scipy.stats.chi2` as vectorized functions of array
//! parameters, on every device.
//!
//! Every function takes the point (`x`, `k` or the probability `q`), then `df`, `loc`, `scale`
//! as arrays or weak scalars, broadcast together; the result is float64 (SciPy computes these
//! in float64 whatever the input dtype). Invalid parameters give NaN, as SciPy's
//! distributions; so does a NaN point, or a probability outside `[0, 1]`.

use super::dist_util::*;
use cuprum_core::{Array, Result};

/// The standardized log-density `xlogy(df/2 - 1, y) - y/2 - gammaln(df/2) - df log(2)/2` for
/// `y >= 0`, `-inf` below.
fn log_density(y: &Array, [_, df, ..]: &[Array; 4]) -> Result<Array> {
    let inside = sub(
        &sub(
            &sub(&crate::xlogy(&sub(&mul(df, 0.5)?, 1.0)?, y)?, &mul(y, 0.5)?)?,
            &crate::gammaln(&mul(df, 0.5)?)?,
        )?,
        &mul(df, 0.34657359027997264)?,
    )?;
    pick(&less(y, 0.0)?, f64::NEG_INFINITY, &inside)
}

dist_fn! {
    /// The probability density function of the chi-squared distribution. SciPy's `scipy.stats.chi2.pdf(x, df, loc, scale)`.
    ///
    /// **Shapes:** `x`, `df`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `exp(logpdf)`; 0 below the support; `df` is degrees of freedom (`> 0`); the support is `x >= loc`; NaN for
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
    /// let r = stats::chi2::pdf(&x, 3.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.chi2.pdf(1.5, 3.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.07489905458218783).abs() <= 1e-13 * 0.07489905458218783);
    /// ```
    pdf(x, df, loc, scale) {
        from_log_density("stats.chi2.pdf", [x, df, loc, scale], false, log_density)
    }
}

dist_fn! {
    /// The logarithm of the probability density function of the chi-squared distribution. SciPy's `scipy.stats.chi2.logpdf(x, df, loc, scale)`.
    ///
    /// **Shapes:** `x`, `df`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `xlogy(df/2 - 1, y) - y/2 - gammaln(df/2) - df log(2)/2 - log(scale)`; `-inf` below the support; `df` is degrees of freedom (`> 0`); the support is `x >= loc`; NaN for
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
    /// let r = stats::chi2::logpdf(&x, 3.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.chi2.logpdf(1.5, 3.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - -2.591614010939323).abs() <= 1e-13 * 2.591614010939323);
    /// ```
    logpdf(x, df, loc, scale) {
        from_log_density("stats.chi2.logpdf", [x, df, loc, scale], true, log_density)
    }
}

dist_fn! {
    /// The cumulative distribution function of the chi-squared distribution. SciPy's `scipy.stats.chi2.cdf(x, df, loc, scale)`.
    ///
    /// **Shapes:** `x`, `df`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `chdtr(df, y)`; 0 for `y <= 0`; `df` is degrees of freedom (`> 0`); the support is `x >= loc`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `chdtr` (regularized incomplete gamma function), composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::chi2::cdf(&x, 3.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.chi2.cdf(1.5, 3.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.04696397883043818).abs() <= 1e-13 * 0.04696397883043818);
    /// ```
    cdf(x, df, loc, scale) {
        continuous("stats.chi2.cdf", [x, df, loc, scale], |y, [_, df, ..]| {
            pick(&less_equal(y, 0.0)?, 0.0, &crate::chdtr(df, y)?)
        })
    }
}

dist_fn! {
    /// The survival function `1 - cdf` of the chi-squared distribution. SciPy's `scipy.stats.chi2.sf(x, df, loc, scale)`.
    ///
    /// **Shapes:** `x`, `df`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `chdtrc(df, y)`; 1 for `y <= 0`; `df` is degrees of freedom (`> 0`); the support is `x >= loc`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `chdtrc`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::chi2::sf(&x, 3.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.chi2.sf(1.5, 3.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.9530360211695619).abs() <= 1e-13 * 0.9530360211695619);
    /// ```
    sf(x, df, loc, scale) {
        continuous("stats.chi2.sf", [x, df, loc, scale], |y, [_, df, ..]| {
            pick(&less_equal(y, 0.0)?, 1.0, &crate::chdtrc(df, y)?)
        })
    }
}

dist_fn! {
    /// The percent point function (inverse of `cdf`) of the chi-squared distribution. SciPy's `scipy.stats.chi2.ppf(q, df, loc, scale)`.
    ///
    /// **Shapes:** `q`, `df`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** `loc + 2 scale gammaincinv(df/2, q)`; `df` is degrees of freedom (`> 0`); NaN for invalid parameters or `q` outside `[0, 1]`.
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
    /// let r = stats::chi2::ppf(&x, 3.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.chi2.ppf(0.3, 3.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 4.107588947110008).abs() <= 1e-13 * 4.107588947110008);
    /// ```
    ppf(q, df, loc, scale) {
        continuous_quantile("stats.chi2.ppf", [q, df, loc, scale], |[q, df, ..]| {
            mul(&crate::gammaincinv(&mul(df, 0.5)?, q)?, 2.0)
        })
    }
}

dist_fn! {
    /// The inverse survival function (inverse of `sf`) of the chi-squared distribution. SciPy's `scipy.stats.chi2.isf(q, df, loc, scale)`.
    ///
    /// **Shapes:** `q`, `df`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** `loc + scale chdtri(df, q)`; `df` is degrees of freedom (`> 0`); NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** this crate's `chdtri` (`gammainccinv`), composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::chi2::isf(&x, 3.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.chi2.isf(0.3, 3.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 9.051659029499822).abs() <= 1e-13 * 9.051659029499822);
    /// ```
    isf(q, df, loc, scale) {
        continuous_quantile("stats.chi2.isf", [q, df, loc, scale], |[q, df, ..]| {
            crate::chdtri(df, q)
        })
    }
}
