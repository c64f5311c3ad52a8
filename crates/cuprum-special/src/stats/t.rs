//! Student's t distribution: SciPy's `scipy.stats.t` as vectorized functions of array
//! parameters, on every device.
//!
//! Every function takes the point (`x`, `k` or the probability `q`), then `df`, `loc`, `scale`
//! as arrays or weak scalars, broadcast together; the result is float64 (SciPy computes these
//! in float64 whatever the input dtype). Invalid parameters give NaN, as SciPy's
//! distributions; so does a NaN point, or a probability outside `[0, 1]`.

use super::dist_util::*;
use cuprum_core::{Array, Result};

/// The standardized log-density `log(poch(df/2, 1/2)) - log(df pi)/2 - (df + 1)/2
/// log1p(y^2/df)`; the normal one for infinite `df`.
fn log_density(y: &Array, [_, df, ..]: &[Array; 4]) -> Result<Array> {
    let h = mul(df, 0.5)?;
    let lt = sub(
        &sub(
            &log(&crate::poch(&h, 0.5)?)?,
            &mul(&add(&log(df)?, std::f64::consts::PI.ln())?, 0.5)?,
        )?,
        &mul(&mul(&add(df, 1.0)?, 0.5)?, &log1p(&div(&square(y)?, df)?)?)?,
    )?;
    pick(&cuprum_core::isinf(df)?, &super::norm::log_density(y)?, &lt)
}

dist_fn! {
    /// The probability density function of Student's t distribution. SciPy's `scipy.stats.t.pdf(x, df, loc, scale)`.
    ///
    /// **Shapes:** `x`, `df`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `exp(logpdf)`; `df` is degrees of freedom (`> 0`; `inf` gives the normal distribution); the support is the real line; NaN for
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
    /// let r = stats::t::pdf(&x, 2.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.t.pdf(1.5, 2.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.15311292029291473).abs() <= 1e-13 * 0.15311292029291473);
    /// ```
    pdf(x, df, loc, scale) {
        from_log_density("stats.t.pdf", [x, df, loc, scale], false, log_density)
    }
}

dist_fn! {
    /// The logarithm of the probability density function of Student's t distribution. SciPy's `scipy.stats.t.logpdf(x, df, loc, scale)`.
    ///
    /// **Shapes:** `x`, `df`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `log(poch(df/2, 1/2)) - (log(df) + log(pi))/2 - (df+1)/2 log1p(y^2/df) - log(scale)` (SciPy's form); the normal log-density for infinite `df`; `df` is degrees of freedom (`> 0`; `inf` gives the normal distribution); the support is the real line; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `poch`, core's `log1p`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::t::logpdf(&x, 2.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.t.logpdf(1.5, 2.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - -1.8765795886779641).abs() <= 1e-13 * 1.8765795886779641);
    /// ```
    logpdf(x, df, loc, scale) {
        from_log_density("stats.t.logpdf", [x, df, loc, scale], true, log_density)
    }
}

dist_fn! {
    /// The cumulative distribution function of Student's t distribution. SciPy's `scipy.stats.t.cdf(x, df, loc, scale)`.
    ///
    /// **Shapes:** `x`, `df`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `stdtr(df, y)`; `df` is degrees of freedom (`> 0`; `inf` gives the normal distribution); the support is the real line; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `stdtr` (incomplete beta function), composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::t::cdf(&x, 2.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.t.cdf(1.5, 2.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.6711510400651426).abs() <= 1e-13 * 0.6711510400651426);
    /// ```
    cdf(x, df, loc, scale) {
        continuous("stats.t.cdf", [x, df, loc, scale], |y, [_, df, ..]| {
            crate::stdtr(df, y)
        })
    }
}

dist_fn! {
    /// The survival function `1 - cdf` of Student's t distribution. SciPy's `scipy.stats.t.sf(x, df, loc, scale)`.
    ///
    /// **Shapes:** `x`, `df`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = (x - loc) / scale`: `stdtr(df, -y)`; `df` is degrees of freedom (`> 0`; `inf` gives the normal distribution); the support is the real line; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `stdtr`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::t::sf(&x, 2.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.t.sf(1.5, 2.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 0.3288489599348574).abs() <= 1e-13 * 0.3288489599348574);
    /// ```
    sf(x, df, loc, scale) {
        continuous("stats.t.sf", [x, df, loc, scale], |y, [_, df, ..]| {
            crate::stdtr(df, &neg(y)?)
        })
    }
}

dist_fn! {
    /// The percent point function (inverse of `cdf`) of Student's t distribution. SciPy's `scipy.stats.t.ppf(q, df, loc, scale)`.
    ///
    /// **Shapes:** `q`, `df`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** `loc + scale stdtrit(df, q)`; `df` is degrees of freedom (`> 0`; `inf` gives the normal distribution); NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** this crate's `stdtrit` (inverse incomplete beta function), composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::t::ppf(&x, 2.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.t.ppf(0.3, 2.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - -0.694615476504636).abs() <= 1e-13 * 0.694615476504636);
    /// ```
    ppf(q, df, loc, scale) {
        continuous_quantile("stats.t.ppf", [q, df, loc, scale], |[q, df, ..]| {
            crate::stdtrit(df, q)
        })
    }
}

dist_fn! {
    /// The inverse survival function (inverse of `sf`) of Student's t distribution. SciPy's `scipy.stats.t.isf(q, df, loc, scale)`.
    ///
    /// **Shapes:** `q`, `df`, `loc`, `scale` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** `loc - scale stdtrit(df, q)`; `df` is degrees of freedom (`> 0`; `inf` gives the normal distribution); NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** this crate's `stdtrit`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::t::isf(&x, 2.5, 0.5, 2.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.t.isf(0.3, 2.5, loc=0.5, scale=2.0)
    /// assert!((r[0] - 1.694615476504636).abs() <= 1e-13 * 1.694615476504636);
    /// ```
    isf(q, df, loc, scale) {
        continuous_quantile("stats.t.isf", [q, df, loc, scale], |[q, df, ..]| {
            neg(&crate::stdtrit(df, q)?)
        })
    }
}
