//! The beta distribution: SciPy's `scipy.stats.beta` as vectorized functions of array
//! parameters, on every device.
//!
//! Every function takes the point (`x`, `k` or the probability `q`), then `a`, `b`, `loc`, `scale`
//! as arrays or weak scalars, broadcast together; the result is float64 (SciPy computes these
//! in float64 whatever the input dtype). Invalid parameters give NaN, as SciPy's
//! distributions; so does a NaN point, or a probability outside `[0, 1]`.

use super::dist_util::*;
use cuprum_core::{Array, Result};

/// The standardized log-density `xlog1py(b - 1, -y) + xlogy(a - 1, y) - betaln(a, b)` on
/// `[0, 1]`, `-inf` outside.
fn log_density(y: &Array, [_, a, b, ..]: &[Array; 5]) -> Result<Array> {
    let inside = sub(
        &add(
            &crate::xlog1py(&sub(b, 1.0)?, &neg(y)?)?,
            &crate::xlogy(&sub(a, 1.0)?, y)?,
        )?,
        &crate::betaln(a, b)?,
    )?;
    pick(
        &logical_and(&greater_equal(y, 0.0)?, &less_equal(y, 1.0)?)?,
        &inside,
        f64::NEG_INFINITY,
    )
}

dist_fn! {
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
    /// let x = Array::from_vec_on(vec![1.4f64], &[1], Device::Cpu).unwrap();
    /// let r = stats::beta::pdf(&x, 2.5, 1.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.beta.pdf(1.4, 2.5, 1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.5700858081474778).abs() <= 1e-13 * 0.5700858081474778);
    /// ```
    pdf(x, a, b, loc, scale) {
        from_log_density("stats.beta.pdf", [x, a, b, loc, scale], false, log_density)
    }
}

dist_fn! {
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
    /// let x = Array::from_vec_on(vec![1.4f64], &[1], Device::Cpu).unwrap();
    /// let r = stats::beta::logpdf(&x, 2.5, 1.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.beta.logpdf(1.4, 2.5, 1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - -0.5619683888740318).abs() <= 1e-13 * 0.5619683888740318);
    /// ```
    logpdf(x, a, b, loc, scale) {
        from_log_density("stats.beta.logpdf", [x, a, b, loc, scale], true, log_density)
    }
}

dist_fn! {
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
    /// let x = Array::from_vec_on(vec![1.4f64], &[1], Device::Cpu).unwrap();
    /// let r = stats::beta::cdf(&x, 2.5, 1.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.beta.cdf(1.4, 2.5, 1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.22741282279736075).abs() <= 1e-13 * 0.22741282279736075);
    /// ```
    cdf(x, a, b, loc, scale) {
        continuous("stats.beta.cdf", [x, a, b, loc, scale], |y, [_, a, b, ..]| {
            let inside = crate::betainc(a, b, y)?;
            pick(&less_equal(y, 0.0)?, 0.0, &pick(&greater_equal(y, 1.0)?, 1.0, &inside)?)
        })
    }
}

dist_fn! {
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
    /// let x = Array::from_vec_on(vec![1.4f64], &[1], Device::Cpu).unwrap();
    /// let r = stats::beta::sf(&x, 2.5, 1.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.beta.sf(1.4, 2.5, 1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.7725871772026394).abs() <= 1e-13 * 0.7725871772026394);
    /// ```
    sf(x, a, b, loc, scale) {
        continuous("stats.beta.sf", [x, a, b, loc, scale], |y, [_, a, b, ..]| {
            let inside = crate::betainc(b, a, &sub(1.0, y)?)?;
            pick(&less_equal(y, 0.0)?, 1.0, &pick(&greater_equal(y, 1.0)?, 0.0, &inside)?)
        })
    }
}

dist_fn! {
    /// The percent point function (inverse of `cdf`) of the beta distribution. SciPy's `scipy.stats.beta.ppf(q, a, b, loc, scale)`.
    ///
    /// **Shapes:** `q`, `a`, `b`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** `loc + scale betaincinv(a, b, q)`; `a` is the first shape (`> 0`); `b` is the second shape (`> 0`); NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** this crate's `betaincinv`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::beta::ppf(&x, 2.5, 1.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.beta.ppf(0.3, 2.5, 1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 1.5189948248566827).abs() <= 1e-13 * 1.5189948248566827);
    /// ```
    ppf(q, a, b, loc, scale) {
        continuous_quantile("stats.beta.ppf", [q, a, b, loc, scale], |[q, a, b, ..]| {
            crate::betaincinv(a, b, q)
        })
    }
}

dist_fn! {
    /// The inverse survival function (inverse of `sf`) of the beta distribution. SciPy's `scipy.stats.beta.isf(q, a, b, loc, scale)`.
    ///
    /// **Shapes:** `q`, `a`, `b`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** `loc + scale (1 - betaincinv(b, a, q))`; `a` is the first shape (`> 0`); `b` is the second shape (`> 0`); NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** this crate's `betaincinv` with the shapes swapped, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::beta::isf(&x, 2.5, 1.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.beta.isf(0.3, 2.5, 1.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 2.0403366320746175).abs() <= 1e-13 * 2.0403366320746175);
    /// ```
    isf(q, a, b, loc, scale) {
        continuous_quantile("stats.beta.isf", [q, a, b, loc, scale], |[q, a, b, ..]| {
            sub(1.0, &crate::betaincinv(b, a, q)?)
        })
    }
}
