//! The binomial distribution: SciPy's `scipy.stats.binom` as vectorized functions of array
//! parameters, on every device.
//!
//! Every function takes the point (`x`, `k` or the probability `q`), then `n`, `p`, `loc`
//! as arrays or weak scalars, broadcast together; the result is float64 (SciPy computes these
//! in float64 whatever the input dtype). Invalid parameters give NaN, as SciPy's
//! distributions; so does a NaN point, or a probability outside `[0, 1]`.

use super::dist_util::*;
use cuprum_core::{Array, Result};

/// Invalid parameters: `n` not a non-negative integer, or `p` outside `[0, 1]`.
fn bad([_, n, p, _]: &[Array; 4]) -> Result<Array> {
    logical_or(
        &logical_or(&less(n, 0.0)?, &not_equal(&floor(n)?, n)?)?,
        &logical_or(&less(p, 0.0)?, &greater(p, 1.0)?)?,
    )
}

/// The log-mass `gammaln(n + 1) - gammaln(y + 1) - gammaln(n - y + 1) + xlogy(y, p) +
/// xlog1py(n - y, -p)` at the integers of `[0, n]`, `-inf` elsewhere.
fn log_mass(y: &Array, n: &Array, p: &Array) -> Result<Array> {
    let inside = add(
        &add(
            &sub(
                &crate::gammaln(&add(n, 1.0)?)?,
                &add(
                    &crate::gammaln(&add(y, 1.0)?)?,
                    &crate::gammaln(&add(&sub(n, y)?, 1.0)?)?,
                )?,
            )?,
            &crate::xlogy(y, p)?,
        )?,
        &crate::xlog1py(&sub(n, y)?, &neg(p)?)?,
    )?;
    let outside = logical_or(
        &logical_or(&less(y, 0.0)?, &greater(y, n)?)?,
        &not_equal(&floor(y)?, y)?,
    )?;
    pick(&outside, f64::NEG_INFINITY, &inside)
}

/// `bdtr(floor(y), n, p)` (`bdtrc` when `upper`), with the values below 0 and from `n` on.
fn tail(y: &Array, n: &Array, p: &Array, upper: bool) -> Result<Array> {
    let f = floor(y)?;
    let (below, above, inside) = if upper {
        (1.0, 0.0, crate::bdtrc(&f, n, p)?)
    } else {
        (0.0, 1.0, crate::bdtr(&f, n, p)?)
    };
    pick(
        &less(&f, 0.0)?,
        below,
        &pick(&greater_equal(&f, n)?, above, &inside)?,
    )
}

dist_fn! {
    /// The percent point function (inverse of `cdf`) of the binomial distribution. SciPy's `scipy.stats.binom.ppf(q, n, p, loc)`.
    ///
    /// **Shapes:** `q`, `n`, `p`, `loc` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** the smallest integer `k` of the support with `cdf(k) >= q`, plus `loc`; `loc - 1` at `q = 0`, `loc + n` at `q = 1`; `n` is the number of trials (a non-negative integer); `p` is the success probability (in `[0, 1]`); NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** a search over the integers (a normal-approximation guess, galloping, bisection) of this crate's `bdtr`, one ufunc loop, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::binom::ppf(&x, 10.0, 0.3, 1.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.binom.ppf(0.3, 10.0, 0.3, loc=1.0)
    /// assert!((r[0] - 3.0).abs() <= 1e-13 * 3.0);
    /// ```
    ppf(q, n, p, loc) {
        discrete_quantile("stats.binom.ppf", [q, n, p, loc], |[q, n, p, _]| {
            binom_quantile(q, n, p, false)
        })
    }
}

dist_fn! {
    /// The inverse survival function (inverse of `sf`) of the binomial distribution. SciPy's `scipy.stats.binom.isf(q, n, p, loc)`.
    ///
    /// **Shapes:** `q`, `n`, `p`, `loc` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** the smallest integer `k` of the support with `sf(k) <= q`, plus `loc`; `loc - 1` at `q = 1`, `loc + n` at `q = 0`; `n` is the number of trials (a non-negative integer); `p` is the success probability (in `[0, 1]`); NaN for invalid parameters or `q` outside `[0, 1]`.
    ///
    /// **Algorithm:** a search over the integers of this crate's `bdtrc`, one ufunc loop, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::binom::isf(&x, 10.0, 0.3, 1.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.binom.isf(0.3, 10.0, 0.3, loc=1.0)
    /// assert!((r[0] - 5.0).abs() <= 1e-13 * 5.0);
    /// ```
    isf(q, n, p, loc) {
        discrete_quantile("stats.binom.isf", [q, n, p, loc], |[q, n, p, _]| {
            binom_quantile(q, n, p, true)
        })
    }
}

dist_fn! {
    /// The probability mass function of the binomial distribution. SciPy's `scipy.stats.binom.pmf(k, n, p, loc)`.
    ///
    /// **Shapes:** `k`, `n`, `p`, `loc` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = k - loc`: `exp(logpmf)` (SciPy uses Boost's `binomial_pdf`: within 1e-13 relative for `n` up to about 10^3); `n` is the number of trials (a non-negative integer); `p` is the success probability (in `[0, 1]`); the support is the integers `loc <= k <= loc + n`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** as [`logpmf`], composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::binom::pmf(&x, 10.0, 0.3, 1.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.binom.pmf(4.0, 10.0, 0.3, loc=1.0)
    /// assert!((r[0] - 0.2668279319999998).abs() <= 1e-13 * 0.2668279319999998);
    /// ```
    pmf(k, n, p, loc) {
        discrete("stats.binom.pmf", [k, n, p, loc], bad, |y, [_, n, p, _]| {
            exp(&log_mass(y, n, p)?)
        })
    }
}

dist_fn! {
    /// The logarithm of the probability mass function of the binomial distribution. SciPy's `scipy.stats.binom.logpmf(k, n, p, loc)`.
    ///
    /// **Shapes:** `k`, `n`, `p`, `loc` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = k - loc`: `gammaln(n+1) - gammaln(k+1) - gammaln(n-k+1) + xlogy(k, p) + xlog1py(n - k, -p)` at integers of the support, else `-inf`; `n` is the number of trials (a non-negative integer); `p` is the success probability (in `[0, 1]`); the support is the integers `loc <= k <= loc + n`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `gammaln`, `xlogy`, `xlog1py`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::binom::logpmf(&x, 10.0, 0.3, 1.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.binom.logpmf(4.0, 10.0, 0.3, loc=1.0)
    /// assert!((r[0] - -1.321151277766889).abs() <= 1e-13 * 1.321151277766889);
    /// ```
    logpmf(k, n, p, loc) {
        discrete("stats.binom.logpmf", [k, n, p, loc], bad, |y, [_, n, p, _]| {
            log_mass(y, n, p)
        })
    }
}

dist_fn! {
    /// The cumulative distribution function of the binomial distribution. SciPy's `scipy.stats.binom.cdf(k, n, p, loc)`.
    ///
    /// **Shapes:** `k`, `n`, `p`, `loc` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = k - loc`: `bdtr(floor(k), n, p)`; 0 below and 1 above the support; `n` is the number of trials (a non-negative integer); `p` is the success probability (in `[0, 1]`); the support is the integers `loc <= k <= loc + n`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `bdtr` (incomplete beta function), composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::binom::cdf(&x, 10.0, 0.3, 1.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.binom.cdf(4.0, 10.0, 0.3, loc=1.0)
    /// assert!((r[0] - 0.6496107184000002).abs() <= 1e-13 * 0.6496107184000002);
    /// ```
    cdf(k, n, p, loc) {
        discrete("stats.binom.cdf", [k, n, p, loc], bad, |y, [_, n, p, _]| {
            tail(y, n, p, false)
        })
    }
}

dist_fn! {
    /// The survival function `1 - cdf` of the binomial distribution. SciPy's `scipy.stats.binom.sf(k, n, p, loc)`.
    ///
    /// **Shapes:** `k`, `n`, `p`, `loc` broadcast together (arrays or weak scalars); the result has
    /// the broadcast shape, float64, on the arrays' device.
    ///
    /// **Semantics:** with `y = k - loc`: `bdtrc(floor(k), n, p)`; 1 below and 0 above the support; `n` is the number of trials (a non-negative integer); `p` is the success probability (in `[0, 1]`); the support is the integers `loc <= k <= loc + n`; NaN for
    /// invalid parameters or a NaN point.
    ///
    /// **Algorithm:** this crate's `bdtrc`, composed with core's ufuncs (so every device runs it).
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
    /// let r = stats::binom::sf(&x, 10.0, 0.3, 1.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.stats.binom.sf(4.0, 10.0, 0.3, loc=1.0)
    /// assert!((r[0] - 0.3503892815999998).abs() <= 1e-13 * 0.3503892815999998);
    /// ```
    sf(k, n, p, loc) {
        discrete("stats.binom.sf", [k, n, p, loc], bad, |y, [_, n, p, _]| {
            tail(y, n, p, true)
        })
    }
}
