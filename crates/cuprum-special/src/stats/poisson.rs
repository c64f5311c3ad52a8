//! The Poisson distribution: SciPy's `scipy.stats.poisson` as vectorized functions of array
//! parameters, on every device.
//!
//! Every function takes the point (`x`, `k` or the probability `q`), then `mu`, `loc`
//! as arrays or weak scalars, broadcast together; the result is float64 (SciPy computes these
//! in float64 whatever the input dtype). Invalid parameters give NaN, as SciPy's
//! distributions; so does a NaN point, or a probability outside `[0, 1]`.

use super::dist_util::*;
use cuprum_core::{Array, Result};

/// Invalid parameters: `mu < 0`.
fn bad([_, mu, _]: &[Array; 3]) -> Result<Array> {
    less(mu, 0.0)
}

/// The log-mass `xlogy(y, mu) - gammaln(y + 1) - mu` at the non-negative integers, `-inf`
/// elsewhere.
fn log_mass(y: &Array, mu: &Array) -> Result<Array> {
    let inside = sub(
        &sub(&crate::xlogy(y, mu)?, &crate::gammaln(&add(y, 1.0)?)?)?,
        mu,
    )?;
    let outside = logical_or(&less(y, 0.0)?, &not_equal(&floor(y)?, y)?)?;
    pick(&outside, f64::NEG_INFINITY, &inside)
}

dist_fn! {
    /// The probability mass function of the Poisson distribution. SciPy's `scipy.stats.poisson.pmf(k, mu, loc)`.
    ///
    /// **Shapes:** `k`, `mu`, `loc` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = k - loc`: `exp(xlogy(k, mu) - gammaln(k + 1) - mu)` at integers of the support, else 0; `mu` is the mean (`>= 0`); the support is the integers `k >= loc`; NaN for
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
    /// let x = Array::from_vec_on(vec![4.0f64], &[1], Device::Cpu).unwrap();
    /// let r = stats::poisson::pmf(&x, 3.5, 1.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.poisson.pmf(4.0, 3.5, loc=1.0)
    /// assert!((r[0] - 0.215785469038651).abs() <= 1e-13 * 0.215785469038651);
    /// ```
    pmf(k, mu, loc) {
        discrete("stats.poisson.pmf", [k, mu, loc], bad, |y, [_, mu, _]| {
            exp(&log_mass(y, mu)?)
        })
    }
}

dist_fn! {
    /// The logarithm of the probability mass function of the Poisson distribution. SciPy's `scipy.stats.poisson.logpmf(k, mu, loc)`.
    ///
    /// **Shapes:** `k`, `mu`, `loc` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = k - loc`: `xlogy(k, mu) - gammaln(k + 1) - mu` at integers of the support, else `-inf`; `mu` is the mean (`>= 0`); the support is the integers `k >= loc`; NaN for
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
    /// let x = Array::from_vec_on(vec![4.0f64], &[1], Device::Cpu).unwrap();
    /// let r = stats::poisson::logpmf(&x, 3.5, 1.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.poisson.logpmf(4.0, 3.5, loc=1.0)
    /// assert!((r[0] - -1.5334705637419508).abs() <= 1e-13 * 1.5334705637419508);
    /// ```
    logpmf(k, mu, loc) {
        discrete("stats.poisson.logpmf", [k, mu, loc], bad, |y, [_, mu, _]| {
            log_mass(y, mu)
        })
    }
}

dist_fn! {
    /// The cumulative distribution function of the Poisson distribution. SciPy's `scipy.stats.poisson.cdf(k, mu, loc)`.
    ///
    /// **Shapes:** `k`, `mu`, `loc` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = k - loc`: `pdtr(floor(k), mu)`; 0 below the support; `mu` is the mean (`>= 0`); the support is the integers `k >= loc`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `pdtr`, composed with core's ufuncs (so every device runs it).
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
    /// let x = Array::from_vec_on(vec![4.0f64], &[1], Device::Cpu).unwrap();
    /// let r = stats::poisson::cdf(&x, 3.5, 1.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.poisson.cdf(4.0, 3.5, loc=1.0)
    /// assert!((r[0] - 0.536632667900785).abs() <= 1e-13 * 0.536632667900785);
    /// ```
    cdf(k, mu, loc) {
        discrete("stats.poisson.cdf", [k, mu, loc], bad, |y, [_, mu, _]| {
            let f = floor(y)?;
            pick(&less(&f, 0.0)?, 0.0, &crate::pdtr(&f, mu)?)
        })
    }
}

dist_fn! {
    /// The survival function `1 - cdf` of the Poisson distribution. SciPy's `scipy.stats.poisson.sf(k, mu, loc)`.
    ///
    /// **Shapes:** `k`, `mu`, `loc` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = k - loc`: `pdtrc(floor(k), mu)`; 1 below the support; `mu` is the mean (`>= 0`); the support is the integers `k >= loc`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `pdtrc`, composed with core's ufuncs (so every device runs it).
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
    /// let x = Array::from_vec_on(vec![4.0f64], &[1], Device::Cpu).unwrap();
    /// let r = stats::poisson::sf(&x, 3.5, 1.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.poisson.sf(4.0, 3.5, loc=1.0)
    /// assert!((r[0] - 0.463367332099215).abs() <= 1e-13 * 0.463367332099215);
    /// ```
    sf(k, mu, loc) {
        discrete("stats.poisson.sf", [k, mu, loc], bad, |y, [_, mu, _]| {
            let f = floor(y)?;
            pick(&less(&f, 0.0)?, 1.0, &crate::pdtrc(&f, mu)?)
        })
    }
}

dist_fn! {
    /// The percent point function (inverse of `cdf`) of the Poisson distribution. SciPy's `scipy.stats.poisson.ppf(q, mu, loc)`.
    ///
    /// **Shapes:** `q`, `mu`, `loc` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** the smallest integer `k` of the support with `cdf(k) >= q`, plus `loc`; `loc - 1` at `q = 0`, `inf` at `q = 1`; `mu` is the mean (`>= 0`); NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** a search over the integers (a normal-approximation guess, galloping, bisection) of this crate's `pdtr`, one ufunc loop, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::poisson::ppf(&x, 3.5, 1.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.poisson.ppf(0.3, 3.5, loc=1.0)
    /// assert!((r[0] - 3.0).abs() <= 1e-13 * 3.0);
    /// ```
    ppf(q, mu, loc) {
        discrete_quantile("stats.poisson.ppf", [q, mu, loc], |[q, mu, _]| {
            poisson_quantile(q, mu, false)
        })
    }
}

dist_fn! {
    /// The inverse survival function (inverse of `sf`) of the Poisson distribution. SciPy's `scipy.stats.poisson.isf(q, mu, loc)`.
    ///
    /// **Shapes:** `q`, `mu`, `loc` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** the smallest integer `k` of the support with `sf(k) <= q`, plus `loc`; `loc - 1` at `q = 1`, `inf` at `q = 0`; `mu` is the mean (`>= 0`); NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** a search over the integers of this crate's `pdtrc`, one ufunc loop, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::poisson::isf(&x, 3.5, 1.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.poisson.isf(0.3, 3.5, loc=1.0)
    /// assert!((r[0] - 5.0).abs() <= 1e-13 * 5.0);
    /// ```
    isf(q, mu, loc) {
        discrete_quantile("stats.poisson.isf", [q, mu, loc], |[q, mu, _]| {
            poisson_quantile(q, mu, true)
        })
    }
}
