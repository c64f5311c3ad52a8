//! The exponential distribution: SciPy's `scipy.stats.expon` as vectorized functions of array
//! parameters, on every device.
//!
//! Every function takes the point (`x`, `k` or the probability `q`), then `loc`, `scale`
//! as arrays or weak scalars, broadcast together; the result is float64 (SciPy computes these
//! in float64 whatever the input dtype). Invalid parameters give NaN, as SciPy's
//! distributions; so does a NaN point, or a probability outside `[0, 1]`.

use super::dist_util::*;

dist_fn! {
    /// The probability density function of the exponential distribution. SciPy's `scipy.stats.expon.pdf(x, loc, scale)`.
    ///
    /// **Shapes:** `x`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `exp(-y) / scale` for `y >= 0`, else 0; the support is `x >= loc`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** core's `exp`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::expon::pdf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.expon.pdf(1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.3032653298563167).abs() <= 1e-13 * 0.3032653298563167);
    /// ```
    pdf(x, loc, scale) {
        continuous("stats.expon.pdf", [x, loc, scale], |y, [.., scale]| {
            pick(&less(y, 0.0)?, 0.0, &div(&exp(&neg(y)?)?, scale)?)
        })
    }
}

dist_fn! {
    /// The logarithm of the probability density function of the exponential distribution. SciPy's `scipy.stats.expon.logpdf(x, loc, scale)`.
    ///
    /// **Shapes:** `x`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `-y - log(scale)` for `y >= 0`, else `-inf`; the support is `x >= loc`; NaN for
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
    /// let r = stats::expon::logpdf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.expon.logpdf(1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - -1.1931471805599454).abs() <= 1e-13 * 1.1931471805599454);
    /// ```
    logpdf(x, loc, scale) {
        continuous("stats.expon.logpdf", [x, loc, scale], |y, [.., scale]| {
            pick(&less(y, 0.0)?, f64::NEG_INFINITY, &sub(&neg(y)?, &log(scale)?)?)
        })
    }
}

dist_fn! {
    /// The cumulative distribution function of the exponential distribution. SciPy's `scipy.stats.expon.cdf(x, loc, scale)`.
    ///
    /// **Shapes:** `x`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `-expm1(-y)` for `y > 0`, else 0; the support is `x >= loc`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** core's `expm1`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::expon::cdf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.expon.cdf(1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.3934693402873666).abs() <= 1e-13 * 0.3934693402873666);
    /// ```
    cdf(x, loc, scale) {
        continuous("stats.expon.cdf", [x, loc, scale], |y, _| {
            pick(&less_equal(y, 0.0)?, 0.0, &neg(&expm1(&neg(y)?)?)?)
        })
    }
}

dist_fn! {
    /// The survival function `1 - cdf` of the exponential distribution. SciPy's `scipy.stats.expon.sf(x, loc, scale)`.
    ///
    /// **Shapes:** `x`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `exp(-y)` for `y > 0`, else 1; the support is `x >= loc`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** core's `exp`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::expon::sf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.expon.sf(1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.6065306597126334).abs() <= 1e-13 * 0.6065306597126334);
    /// ```
    sf(x, loc, scale) {
        continuous("stats.expon.sf", [x, loc, scale], |y, _| {
            pick(&less_equal(y, 0.0)?, 1.0, &exp(&neg(y)?)?)
        })
    }
}

dist_fn! {
    /// The percent point function (inverse of `cdf`) of the exponential distribution. SciPy's `scipy.stats.expon.ppf(q, loc, scale)`.
    ///
    /// **Shapes:** `q`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** `loc - scale log1p(-q)`; NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** core's `log1p`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::expon::ppf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.expon.ppf(0.3, loc=0.5, scale=2.0)
    /// assert!((r[0] - 1.213349887877465).abs() <= 1e-13 * 1.213349887877465);
    /// ```
    ppf(q, loc, scale) {
        continuous_quantile("stats.expon.ppf", [q, loc, scale], |[q, ..]| {
            neg(&log1p(&neg(q)?)?)
        })
    }
}

dist_fn! {
    /// The inverse survival function (inverse of `sf`) of the exponential distribution. SciPy's `scipy.stats.expon.isf(q, loc, scale)`.
    ///
    /// **Shapes:** `q`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** `loc - scale log(q)`; NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** core's `log`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::expon::isf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.expon.isf(0.3, loc=0.5, scale=2.0)
    /// assert!((r[0] - 2.9079456086518722).abs() <= 1e-13 * 2.9079456086518722);
    /// ```
    isf(q, loc, scale) {
        continuous_quantile("stats.expon.isf", [q, loc, scale], |[q, ..]| neg(&log(q)?))
    }
}
