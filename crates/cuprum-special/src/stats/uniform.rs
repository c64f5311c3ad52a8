//! The uniform distribution on `[loc, loc + scale]`: SciPy's `scipy.stats.uniform` as vectorized functions of array
//! parameters, on every device.
//!
//! Every function takes the point (`x`, `k` or the probability `q`), then `loc`, `scale`
//! as arrays or weak scalars, broadcast together; the result is float64 (SciPy computes these
//! in float64 whatever the input dtype). Invalid parameters give NaN, as SciPy's
//! distributions; so does a NaN point, or a probability outside `[0, 1]`.

use super::dist_util::*;
use cuprum_core::{Array, Result};

/// Whether the standardized point lies in the support `[0, 1]`.
fn inside(y: &Array) -> Result<Array> {
    logical_and(&greater_equal(y, 0.0)?, &less_equal(y, 1.0)?)
}

dist_fn! {
    /// The probability density function of the uniform distribution on `[loc, loc + scale]`. SciPy's `scipy.stats.uniform.pdf(x, loc, scale)`.
    ///
    /// **Shapes:** `x`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `1 / scale` inside the support, else 0; the support is `[loc, loc + scale]`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** a comparison and `where`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::uniform::pdf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.uniform.pdf(1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.5).abs() <= 1e-13 * 0.5);
    /// ```
    pdf(x, loc, scale) {
        continuous("stats.uniform.pdf", [x, loc, scale], |y, [.., scale]| {
            pick(&inside(y)?, &div(1.0, scale)?, 0.0)
        })
    }
}

dist_fn! {
    /// The logarithm of the probability density function of the uniform distribution on `[loc, loc + scale]`. SciPy's `scipy.stats.uniform.logpdf(x, loc, scale)`.
    ///
    /// **Shapes:** `x`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `-log(scale)` inside the support, else `-inf`; the support is `[loc, loc + scale]`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** a comparison and `where`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::uniform::logpdf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.uniform.logpdf(1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - -0.6931471805599453).abs() <= 1e-13 * 0.6931471805599453);
    /// ```
    logpdf(x, loc, scale) {
        continuous("stats.uniform.logpdf", [x, loc, scale], |y, [.., scale]| {
            pick(&inside(y)?, &neg(&log(scale)?)?, f64::NEG_INFINITY)
        })
    }
}

dist_fn! {
    /// The cumulative distribution function of the uniform distribution on `[loc, loc + scale]`. SciPy's `scipy.stats.uniform.cdf(x, loc, scale)`.
    ///
    /// **Shapes:** `x`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `y` clipped to `[0, 1]`; the support is `[loc, loc + scale]`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** core's `clip`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::uniform::cdf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.uniform.cdf(1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.5).abs() <= 1e-13 * 0.5);
    /// ```
    cdf(x, loc, scale) {
        continuous("stats.uniform.cdf", [x, loc, scale], |y, _| {
            cuprum_core::clip(y, Some(0.0.into()), Some(1.0.into()))
        })
    }
}

dist_fn! {
    /// The survival function `1 - cdf` of the uniform distribution on `[loc, loc + scale]`. SciPy's `scipy.stats.uniform.sf(x, loc, scale)`.
    ///
    /// **Shapes:** `x`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `1 - y` clipped to `[0, 1]`; the support is `[loc, loc + scale]`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** core's `clip`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::uniform::sf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.uniform.sf(1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.5).abs() <= 1e-13 * 0.5);
    /// ```
    sf(x, loc, scale) {
        continuous("stats.uniform.sf", [x, loc, scale], |y, _| {
            sub(1.0, &cuprum_core::clip(y, Some(0.0.into()), Some(1.0.into()))?)
        })
    }
}

dist_fn! {
    /// The percent point function (inverse of `cdf`) of the uniform distribution on `[loc, loc + scale]`. SciPy's `scipy.stats.uniform.ppf(q, loc, scale)`.
    ///
    /// **Shapes:** `q`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** `loc + q scale`; NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** core's arithmetic, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::uniform::ppf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.uniform.ppf(0.3, loc=0.5, scale=2.0)
    /// assert!((r[0] - 1.1).abs() <= 1e-13 * 1.1);
    /// ```
    ppf(q, loc, scale) {
        continuous_quantile("stats.uniform.ppf", [q, loc, scale], |[q, ..]| Ok(q.clone()))
    }
}

dist_fn! {
    /// The inverse survival function (inverse of `sf`) of the uniform distribution on `[loc, loc + scale]`. SciPy's `scipy.stats.uniform.isf(q, loc, scale)`.
    ///
    /// **Shapes:** `q`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** `loc + (1 - q) scale`; NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** core's arithmetic, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::uniform::isf(&x, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.uniform.isf(0.3, loc=0.5, scale=2.0)
    /// assert!((r[0] - 1.9).abs() <= 1e-13 * 1.9);
    /// ```
    isf(q, loc, scale) {
        continuous_quantile("stats.uniform.isf", [q, loc, scale], |[q, ..]| sub(1.0, q))
    }
}
