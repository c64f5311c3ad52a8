//! Quantiles of the Poisson and binomial distributions (`scipy.stats.poisson.ppf`/`isf`,
//! `binom.ppf`/`isf`): the smallest integer `k` with `cdf(k) >= q` (`ppf`) or
//! `sf(k) <= q` (`isf`), found by galloping from a normal-approximation guess and bisecting
//! over the integers. `kernels/special/discrete.cuh` runs the same steps.

use super::dist::{bdtr, bdtrc, pdtr, pdtrc};
use super::erf::ndtri;
use super::{INF, NAN};

/// Which quantile: 0 Poisson ppf, 1 Poisson isf, 2 binomial ppf, 3 binomial isf.
fn pred(kind: u8, k: f64, a: f64, b: f64, q: f64) -> bool {
    match kind {
        0 => pdtr(k, a) >= q,
        1 => pdtrc(k, a) <= q,
        2 => bdtr(k, a, b) >= q,
        _ => bdtrc(k, a, b) <= q,
    }
}

/// The smallest integer `k` in `[0, max]` where `pred` holds (it holds at `max`; `max` may
/// be infinite), from the guess `g`.
fn smallest(kind: u8, a: f64, b: f64, q: f64, g: f64, max: f64) -> f64 {
    let g = if g.is_nan() {
        0.0
    } else {
        g.floor().clamp(0.0, max.min(9.0e15))
    };
    // pred is false at lo, true at hi
    let (mut lo, mut hi);
    if pred(kind, g, a, b, q) {
        hi = g;
        lo = -1.0;
        let mut step = 1.0;
        while hi - step > -1.0 {
            let t = hi - step;
            if pred(kind, t, a, b, q) {
                hi = t;
                step *= 2.0;
            } else {
                lo = t;
                break;
            }
        }
    } else {
        lo = g;
        let mut step = 1.0;
        loop {
            let t = (lo + step).min(max);
            if t >= 9.0e15 {
                return INF;
            }
            if pred(kind, t, a, b, q) {
                hi = t;
                break;
            }
            lo = t;
            step *= 2.0;
        }
    }
    while hi - lo > 1.0 {
        let mid = (0.5 * (lo + hi)).floor();
        if pred(kind, mid, a, b, q) {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    hi
}

/// `poisson.ppf(q, mu)` (`upper = false`) or `poisson.isf(q, mu)`.
pub(crate) fn poisson_quantile(q: f64, mu: f64, upper: bool) -> f64 {
    if q.is_nan() {
        return NAN;
    }
    // SciPy: the end below the support at q = 0 (ppf) or 1 (isf), whatever the parameters
    if q == if upper { 1.0 } else { 0.0 } {
        return -1.0;
    }
    if mu.is_nan() || mu < 0.0 || mu.is_infinite() || !(0.0..=1.0).contains(&q) {
        return NAN;
    }
    if q == if upper { 0.0 } else { 1.0 } {
        return INF;
    }
    let z = if upper { -ndtri(q) } else { ndtri(q) };
    let g = mu + mu.sqrt() * z;
    smallest(u8::from(upper), mu, 0.0, q, g, INF)
}

/// `binom.ppf(q, n, p)` (`upper = false`) or `binom.isf(q, n, p)`.
pub(crate) fn binom_quantile(q: f64, n: f64, p: f64, upper: bool) -> f64 {
    if q.is_nan() {
        return NAN;
    }
    if q == if upper { 1.0 } else { 0.0 } {
        return -1.0;
    }
    if n.is_nan() || p.is_nan() || n < 0.0 || n.floor() != n || n.is_infinite() {
        return NAN;
    }
    if !(0.0..=1.0).contains(&p) || !(0.0..=1.0).contains(&q) {
        return NAN;
    }
    if q == if upper { 0.0 } else { 1.0 } {
        return n;
    }
    let z = if upper { -ndtri(q) } else { ndtri(q) };
    let g = n * p + (n * p * (1.0 - p)).sqrt() * z;
    smallest(2 + u8::from(upper), n, p, q, g, n)
}
