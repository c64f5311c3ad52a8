//! Exponentially scaled modified Bessel functions of real order: `ive(v, x) = iv(v, x) e^-|x|`
//! and `kve(v, x) = kv(v, x) e^x`, by the Temme method of [`super::bessel_v`] with the
//! exponential factor left out of each step (Steed's CF2 without `e^-x`, Temme's series times
//! `e^x`, Debye's expansion with `e^(v eta - x)`), so that neither overflows for large `x`.
//! Negative orders reflect as xsf's `cyl_bessel_ie` (the AMOS path of SciPy):
//! `ive(-v) = ive(v) + (2/pi) sin(pi v) kve(v) e^-2x`, NaN where `kve` overflows.

use super::bessel_v::{UFACTORS, cf1_ik, temme_ik_series};
use super::gamma::rgamma;
use super::{INF, MACHEP, NAN, PI};

/// `iv_asymptotic` of bessel_v without the factor `e^x`.
fn iv_asymptotic_scaled(v: f64, x: f64) -> f64 {
    let prefactor = 1.0 / (2.0 * PI * x).sqrt();
    let mu = 4.0 * v * v;
    let mut sum = 1.0;
    let mut term = 1.0;
    let mut k = 1.0;
    while k <= 100.0 {
        let factor = (mu - (2.0 * k - 1.0) * (2.0 * k - 1.0)) / (8.0 * x) / k;
        term *= -factor;
        sum += term;
        k += 1.0;
        if term.abs() <= MACHEP * sum.abs() {
            break;
        }
    }
    sum * prefactor
}

/// Debye's uniform expansion for `v > 0`: `(I_v(x) e^-x, K_v(x) e^x)`.
fn ikv_uniform_scaled(v: f64, x: f64) -> (f64, f64) {
    let z = x / v;
    let t = 1.0 / (1.0 + z * z).sqrt();
    let t2 = t * t;
    // v eta - x = v (sqrt(1 + z^2) - z) + v ln(z / (1 + 1/t)), the first term without the
    // cancellation of sqrt(v^2 + x^2) - x
    let s = (1.0 + z * z).sqrt();
    let ex = v / (s + z) + v * (z / (1.0 + 1.0 / t)).ln();
    let i_prefactor = (t / (2.0 * PI * v)).sqrt() * ex.exp();
    let k_prefactor = (PI * t / (2.0 * v)).sqrt() * (-ex).exp();
    let mut i_sum = 1.0;
    let mut k_sum = 1.0;
    let mut divisor = v;
    for (n, row) in UFACTORS.iter().enumerate().skip(1) {
        let mut term = 0.0;
        let mut k = 31 - 1 - 3 * n;
        while k < 31 - n {
            term *= t2;
            term += row[k];
            k += 2;
        }
        let mut k = 1;
        while k < n {
            term *= t2;
            k += 2;
        }
        if n % 2 == 1 {
            term *= t;
        }
        term /= divisor;
        i_sum += term;
        k_sum += if n % 2 == 0 { term } else { -term };
        if term.abs() < MACHEP {
            break;
        }
        divisor *= v;
    }
    (i_prefactor * i_sum, k_prefactor * k_sum)
}

/// Steed's CF2 for `x > 2`: `(K_v(x) e^x, K_{v+1}(x) e^x)` for `|v| <= 1/2`.
fn cf2_ik_scaled(v: f64, x: f64) -> (f64, f64) {
    let mut a = v * v - 0.25;
    let mut b = 2.0 * (x + 1.0);
    let mut d = 1.0 / b;
    let mut delta = d;
    let mut f = d;
    let mut prev = 0.0;
    let mut current = 1.0;
    let mut c = -a;
    let mut qq = -a;
    let mut s = 1.0 + qq * delta;
    for k in 2..500 {
        let k = f64::from(k);
        a -= 2.0 * (k - 1.0);
        b += 2.0;
        d = 1.0 / (b + a * d);
        delta *= b * d - 1.0;
        f += delta;
        let q = (prev - (b - 2.0) * current) / a;
        prev = current;
        current = q;
        c *= -a / k;
        qq += c * q;
        s += qq * delta;
        if (qq * delta).abs() < s.abs() * MACHEP {
            break;
        }
    }
    let kv = (PI / (2.0 * x)).sqrt() / s;
    let kv1 = kv * (0.5 + v + x + (v * v - 0.25) * f) / x;
    (kv, kv1)
}

/// `(I_v(x) e^-x, K_v(x) e^x)` for `v >= 0` and finite `x > 0` (`need_i` false skips `I`).
fn ikv_scaled(v: f64, x: f64, need_i: bool) -> (f64, f64) {
    if v > 50.0 {
        return ikv_uniform_scaled(v, x);
    }
    let n = v.round();
    let u = v - n;
    let (ku, ku1) = if x <= 2.0 {
        let (a, b) = temme_ik_series(u, x);
        let e = x.exp();
        (a * e, b * e)
    } else {
        cf2_ik_scaled(u, x)
    };
    let mut prev = ku;
    let mut current = ku1;
    let mut k = 1.0;
    while k <= n {
        let next = 2.0 * (u + k) * current / x + prev;
        prev = current;
        current = next;
        k += 1.0;
    }
    let (kv, kv1) = (prev, current);
    if !need_i {
        return (NAN, kv);
    }
    let iv = if x * x < (v + 1.0) * MACHEP {
        (0.5 * x).powf(v) * rgamma(v + 1.0) * (-x).exp()
    } else {
        let mut lim = (4.0 * v * v + 10.0) / (8.0 * x);
        lim *= lim;
        lim *= lim;
        lim /= 24.0;
        if lim < MACHEP * 10.0 && x > 100.0 {
            iv_asymptotic_scaled(v, x)
        } else {
            (1.0 / x) / (kv * cf1_ik(v, x) + kv1)
        }
    };
    (iv, kv)
}

/// `iv(v, x) * exp(-|x|)` (SciPy's `ive` for real `x`).
pub(crate) fn ive(v: f64, x: f64) -> f64 {
    if v.is_nan() || x.is_nan() || x.is_infinite() {
        return NAN;
    }
    let integer = v == v.floor();
    if x < 0.0 && !integer {
        return NAN;
    }
    let av = v.abs();
    let mut sign = 1.0;
    if x < 0.0 && (av % 2.0) == 1.0 {
        sign = -1.0;
    }
    let ax = x.abs();
    let reflect = v < 0.0 && !integer;
    if ax == 0.0 {
        if reflect {
            return NAN;
        }
        return if av == 0.0 { 1.0 } else { 0.0 };
    }
    let (ie, ke) = ikv_scaled(av, ax, true);
    if !reflect {
        return sign * ie;
    }
    if ke.is_infinite() || ke.is_nan() {
        return NAN;
    }
    ie + (av * PI).sin() * (2.0 / PI) * (ke * (-2.0 * ax).exp())
}

/// `kv(v, x) * exp(x)` (SciPy's `kve` for real `x`): NaN for `x < 0`, `inf` at 0.
pub(crate) fn kve(v: f64, x: f64) -> f64 {
    if v.is_nan() || x.is_nan() || x < 0.0 || x.is_infinite() {
        return NAN;
    }
    if x == 0.0 {
        return INF;
    }
    ikv_scaled(v.abs(), x, false).1
}
