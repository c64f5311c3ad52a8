//! Kummer's confluent hypergeometric function `1F1(a; b; x)` for real arguments (SciPy's
//! `hyp1f1`): its power series summed in double-double arithmetic, directly for `x > 0` and
//! through Kummer's transformation `e^x 1F1(b - a; b; -x)` for `x < 0` (the other one too when
//! the first cancels more than 8 digits), and the large-`|x|` asymptotic expansion (DLMF
//! 13.7.2) beyond `|x| = 600`, where the series' terms approach the float64 range.

use super::dd::{Dd, two_sum};
use super::gamma::{gammasgn, lgam_sgn};
use super::{INF, MACHEP, NAN};

const MAXIT: u32 = 20000;

/// Whether `v` is a non-positive integer.
fn nonpos_int(v: f64) -> bool {
    v <= 0.0 && v == v.trunc()
}

/// The power series `sum_k (a)_k / (b)_k x^k / k!` summed in double-double, `a` given as a
/// double-double (`b - a` is exact so): `(sum, max |term|)`. The largest term against the sum
/// measures the cancellation.
fn series(a: Dd, b: f64, x: f64) -> (f64, f64) {
    let mut term = Dd(1.0, 0.0);
    let mut sum = Dd(1.0, 0.0);
    let mut maxt = 1.0f64;
    // past the poles and zeros of the Pochhammer ratio the terms fall once they start to
    let past = (-a.0).max(-b);
    let mut mixed = false;
    for k in 0..MAXIT {
        let k = f64::from(k);
        let num = a.add_f(k).mul_f(x);
        let den = two_sum(b, k).mul_f(k + 1.0);
        let r = num.div(den);
        mixed |= r.0 < 0.0;
        term = term.mul(r);
        if !term.0.is_finite() {
            // an overflowed term: the sum's infinity, unknown (NaN) where terms of both signs
            // would have cancelled
            let v = if mixed { NAN } else { sum.0 + term.0 };
            return (v, term.0.abs());
        }
        sum = sum.add(term);
        let at = term.0.abs();
        maxt = maxt.max(at);
        if term.0 == 0.0 || !sum.0.is_finite() || !at.is_finite() {
            break;
        }
        let next = ((a.0 + k + 1.0) * x / ((b + k + 1.0) * (k + 2.0))).abs();
        if k >= past && next < 0.5 && at <= 1e-18 * sum.0.abs() {
            break;
        }
    }
    // (an overflowed sum: its low part is NaN)
    let v = if sum.0.is_finite() {
        sum.0 + sum.1
    } else {
        sum.0
    };
    (v, maxt)
}

/// The polynomial `1F1(-n; b; x)` (`a = -n`, a non-positive integer), also for `b` a
/// non-positive integer below `a` or equal to it (SciPy's convention: the series stops at
/// degree `n`).
fn polynomial(a: f64, b: f64, x: f64) -> f64 {
    let mut term = Dd(1.0, 0.0);
    let mut sum = Dd(1.0, 0.0);
    let mut k = 0.0;
    let mut mixed = false;
    while k < -a {
        let num = two_sum(a, k).mul_f(x);
        let den = two_sum(b, k).mul_f(k + 1.0);
        // a == b: the ratio is 1 (both factors the same)
        let r = if a == b {
            Dd(x / (k + 1.0), 0.0)
        } else {
            num.div(den)
        };
        mixed |= r.0 < 0.0;
        term = term.mul(r);
        if !term.0.is_finite() {
            return if mixed { NAN } else { sum.0 + term.0 };
        }
        sum = sum.add(term);
        if !sum.0.is_finite() {
            return sum.0;
        }
        if term.0 == 0.0 {
            break;
        }
        k += 1.0;
    }
    sum.0 + sum.1
}

/// DLMF 13.7.2 for `z > 0`: `sum_k (b - a)_k (1 - a)_k / k! z^-k`, or `None` when its terms
/// start to grow before they fall below the rounding of the sum.
fn asymptotic_sum(a: f64, b: f64, z: f64) -> Option<f64> {
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 0..200 {
        let k = f64::from(k);
        let next = term * (b - a + k) * (1.0 - a + k) / ((k + 1.0) * z);
        if next.abs() > term.abs() && next != 0.0 {
            return None;
        }
        term = next;
        sum += term;
        if term.abs() <= MACHEP * sum.abs() {
            return Some(sum);
        }
    }
    None
}

/// `1F1(a; b; z)` for `z >= 20` by the exponential part of DLMF 13.7.2, where the algebraic
/// part is below the rounding: `Gamma(b) / Gamma(a) e^z z^(a - b) sum`.
fn asymptotic_pos(a: f64, b: f64, z: f64) -> Option<f64> {
    if nonpos_int(a) {
        return None;
    }
    let (lga, sa) = lgam_sgn(a);
    let (lgb, sb) = lgam_sgn(b);
    // the other part, Gamma(b) / Gamma(b - a) z^-a, relative to this one
    if !nonpos_int(b - a) {
        let (lgba, _) = lgam_sgn(b - a);
        if lga - lgba + (b - 2.0 * a) * z.ln() - z > -40.0 {
            return None;
        }
    }
    let s = asymptotic_sum(a, b, z)?;
    Some(sa * sb * (lgb - lga + z + (a - b) * z.ln()).exp() * s)
}

/// `1F1(a; b; x)` for `x <= -20` through Kummer's transformation and DLMF 13.7.2:
/// `Gamma(b) / Gamma(b - a) (-x)^-a sum`, where the exponential part is below the rounding.
fn asymptotic_neg(a: f64, b: f64, x: f64) -> Option<f64> {
    let z = -x;
    let ap = b - a;
    if nonpos_int(ap) {
        return None;
    }
    let (lgap, sap) = lgam_sgn(ap);
    let (lgb, sb) = lgam_sgn(b);
    if !nonpos_int(a) {
        let (lga, _) = lgam_sgn(a);
        if lgap - lga + (b - 2.0 * ap) * z.ln() - z > -40.0 {
            return None;
        }
    }
    let s = asymptotic_sum(ap, b, z)?;
    Some(sap * sb * (lgb - lgap - a * z.ln()).exp() * s)
}

/// The value at `x = +-inf` (`x` infinite, `a != 0`, `b` not a non-positive integer).
fn at_infinity(a: f64, b: f64, x: f64) -> f64 {
    if nonpos_int(a) {
        // a polynomial of degree -a: the sign of its leading term
        // the sign of the leading coefficient (a)_n / (b)_n: n negative factors above, those
        // of b + k for k < -b below
        let n = -a;
        let nb = if b < 0.0 { n.min((-b).ceil()) } else { 0.0 };
        let mut s = if (n % 2.0 == 1.0) != (nb % 2.0 == 1.0) {
            -1.0
        } else {
            1.0
        };
        if x < 0.0 && n % 2.0 == 1.0 {
            s = -s;
        }
        return s * INF;
    }
    if x > 0.0 {
        return gammasgn(a) * gammasgn(b) * INF;
    }
    // Kummer: Gamma(b) / Gamma(b - a) |x|^-a
    if a > 0.0 {
        return 0.0;
    }
    if nonpos_int(b - a) {
        return 0.0;
    }
    gammasgn(b) * gammasgn(b - a) * INF
}

/// Above this `|x|` the asymptotic expansion is tried first: the series' terms approach the
/// float64 range.
const ASYM_FIRST: f64 = 600.0;

/// The largest term against the sum beyond which the other series is tried too.
const ILL: f64 = 1e8;

/// The series `1F1(a; b; x)` (`kummer` false) or `e^x 1F1(b - a; b; -x)`: `(value, largest
/// term / |sum|)`.
fn candidate(kummer: bool, a: f64, b: f64, x: f64) -> (f64, f64) {
    if kummer {
        let (s, m) = series(two_sum(b, -a), b, -x);
        (x.exp() * s, m / s.abs())
    } else {
        let (s, m) = series(Dd(a, 0.0), b, x);
        (s, m / s.abs())
    }
}

/// Kummer's confluent hypergeometric function `1F1(a; b; x)` with SciPy's conventions.
pub(crate) fn hyp1f1(a: f64, b: f64, x: f64) -> f64 {
    if a.is_nan() || b.is_nan() || x.is_nan() {
        return NAN;
    }
    if nonpos_int(b) {
        // SciPy: a polynomial when the series stops before b's pole, else inf
        if !((b != 0.0 && a == b) || (a != 0.0 && nonpos_int(a) && a >= b)) {
            return INF;
        }
        if x.is_infinite() {
            return at_infinity(a, b, x);
        }
        return polynomial(a, b, x);
    }
    if a == 0.0 || x == 0.0 {
        return 1.0;
    }
    if a.is_infinite() {
        return NAN;
    }
    if b.is_infinite() {
        return 1.0;
    }
    if x.is_infinite() {
        return at_infinity(a, b, x);
    }
    if a == b {
        return x.exp();
    }
    if nonpos_int(a) {
        return polynomial(a, b, x);
    }
    let asym = |x: f64| {
        if x > 0.0 {
            asymptotic_pos(a, b, x)
        } else {
            asymptotic_neg(a, b, x)
        }
    };
    if x.abs() >= ASYM_FIRST
        && let Some(v) = asym(x)
    {
        return v;
    }
    // direct for x > 0, Kummer's e^x 1F1(b - a; b; -x) for x < 0 (positive terms when
    // a >= 0, b > 0); the other one as well when the first cancels
    let (mut v, c) = candidate(x < 0.0, a, b, x);
    if c >= ILL || c.is_nan() {
        let (v2, c2) = candidate(x > 0.0, a, b, x);
        if c2 < c || (c.is_nan() && !c2.is_nan()) {
            v = v2;
        }
    }
    if !v.is_finite()
        && x.abs() >= 20.0
        && let Some(w) = asym(x)
    {
        return w;
    }
    v
}
