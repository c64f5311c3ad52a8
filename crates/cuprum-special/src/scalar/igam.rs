//! Regularized incomplete gamma functions `igam` (`gammainc`) and `igamc` (`gammaincc`),
//! Cephes `igam.c` as SciPy has it (Temme's uniform asymptotic expansion for large `a`).

use super::erf::erfc;
use super::gamma::{LANCZOS_G, lanczos_sum_expg_scaled, lgam, zeta};
use super::igam_coeff::IGAM_D;
use super::{Convergents, EULER, INF, MACHEP, MAXLOG, NAN, PI};

const MAXITER: usize = 2000;
const SMALL: f64 = 20.0;
const LARGE: f64 = 200.0;
const SMALLRATIO: f64 = 0.3;
const LARGERATIO: f64 = 4.5;
const BIG: f64 = 4.503_599_627_370_496e15;

/// `log(1 + x) - x`.
pub(crate) fn log1pmx(x: f64) -> f64 {
    if x.abs() < 0.5 {
        let mut xfac = x;
        let mut res = 0.0;
        for n in 2..500u32 {
            xfac *= -x;
            let term = xfac / f64::from(n);
            res += term;
            if term.abs() < MACHEP * res.abs() {
                break;
            }
        }
        res
    } else {
        x.ln_1p() - x
    }
}

fn lgam1p_taylor(x: f64) -> f64 {
    if x == 0.0 {
        return 0.0;
    }
    let mut res = -EULER * x;
    let mut xfac = -x;
    for n in 2..42 {
        xfac *= -x;
        let coeff = zeta(f64::from(n), 1.0) * xfac / f64::from(n);
        res += coeff;
        if coeff.abs() < MACHEP * res.abs() {
            break;
        }
    }
    res
}

/// `log(Gamma(1 + x))`, accurate near 0 and 1.
pub(crate) fn lgam1p(x: f64) -> f64 {
    if x.abs() <= 0.5 {
        lgam1p_taylor(x)
    } else if (x - 1.0).abs() < 0.5 {
        x.ln() + lgam1p_taylor(x - 1.0)
    } else {
        lgam(x + 1.0)
    }
}

/// `x^a e^-x / Gamma(a)`.
fn igam_fac(a: f64, x: f64) -> f64 {
    if (a - x).abs() > 0.4 * a.abs() {
        let ax = a * x.ln() - x - lgam(a);
        if ax < -MAXLOG {
            return 0.0;
        }
        return ax.exp();
    }
    let fac = a + LANCZOS_G - 0.5;
    let mut res = (fac / std::f64::consts::E).sqrt() / lanczos_sum_expg_scaled(a);
    if a < 200.0 && x < 200.0 {
        res *= (a - x).exp() * (x / fac).powf(a);
    } else {
        let num = x - a - LANCZOS_G + 0.5;
        res *= (a * log1pmx(num / fac) + x * (0.5 - LANCZOS_G) / fac).exp();
    }
    res
}

fn igamc_continued_fraction(a: f64, x: f64) -> f64 {
    let ax = igam_fac(a, x);
    if ax == 0.0 {
        return 0.0;
    }
    let mut y = 1.0 - a;
    let mut z = x + y + 1.0;
    let mut c = 0.0;
    let mut cf = Convergents::new(1.0, x, x + 1.0, z * x);
    for _ in 0..MAXITER {
        c += 1.0;
        y += 1.0;
        z += 2.0;
        // b p_{k-1} - (y c) p_{k-2}: the same value as Cephes' `pkm1 * z - pkm2 * yc`
        let t = cf.step(z, -(y * c), BIG);
        if t <= MACHEP {
            break;
        }
    }
    cf.ans * ax
}

fn igam_series(a: f64, x: f64) -> f64 {
    let ax = igam_fac(a, x);
    if ax == 0.0 {
        return 0.0;
    }
    let mut r = a;
    let mut c = 1.0;
    let mut ans = 1.0;
    for _ in 0..MAXITER {
        r += 1.0;
        c *= x / r;
        ans += c;
        if c <= MACHEP * ans {
            break;
        }
    }
    ans * ax / a
}

fn igamc_series(a: f64, x: f64) -> f64 {
    let mut fac = 1.0;
    let mut sum = 0.0;
    for n in 1..MAXITER {
        let nf = n as f64;
        fac *= -x / nf;
        let term = fac / (a + nf);
        sum += term;
        if term.abs() <= MACHEP * sum.abs() {
            break;
        }
    }
    let logx = x.ln();
    let term = -(a * logx - lgam1p(a)).exp_m1();
    term - (a * logx - lgam(a)).exp() * sum
}

fn asymptotic_series(a: f64, x: f64, lower: bool) -> f64 {
    let lambda = x / a;
    let sigma = (x - a) / a;
    let sgn = if lower { -1.0 } else { 1.0 };
    let eta = if lambda > 1.0 {
        (-2.0 * log1pmx(sigma)).sqrt()
    } else if lambda < 1.0 {
        -(-2.0 * log1pmx(sigma)).sqrt()
    } else {
        0.0
    };
    let mut res = 0.5 * erfc(sgn * eta * (a / 2.0).sqrt());
    let mut etapow = [0.0f64; 25];
    etapow[0] = 1.0;
    let mut maxpow = 0;
    let mut sum = 0.0;
    let mut afac = 1.0;
    let mut absoldterm = INF;
    for row in IGAM_D.iter() {
        let mut ck = row[0];
        for n in 1..25 {
            if n > maxpow {
                etapow[n] = eta * etapow[n - 1];
                maxpow += 1;
            }
            let ckterm = row[n] * etapow[n];
            ck += ckterm;
            if ckterm.abs() < MACHEP * ck.abs() {
                break;
            }
        }
        let term = ck * afac;
        let absterm = term.abs();
        if absterm > absoldterm {
            break;
        }
        sum += term;
        if absterm < MACHEP * sum.abs() {
            break;
        }
        absoldterm = absterm;
        afac /= a;
    }
    res += sgn * (-0.5 * a * eta * eta).exp() * sum / (2.0 * PI * a).sqrt();
    res
}

/// The regularized lower incomplete gamma function `P(a, x)`.
pub(crate) fn igam(a: f64, x: f64) -> f64 {
    if a.is_nan() || x.is_nan() || x < 0.0 || a < 0.0 {
        return NAN;
    }
    if a == 0.0 {
        return if x > 0.0 { 1.0 } else { NAN };
    }
    if x == 0.0 {
        return 0.0;
    }
    if a.is_infinite() {
        return if x.is_infinite() { NAN } else { 0.0 };
    }
    if x.is_infinite() {
        return 1.0;
    }
    let r = (x - a).abs() / a;
    if (a > SMALL && a < LARGE && r < SMALLRATIO) || (a > LARGE && r < LARGERATIO / a.sqrt()) {
        return asymptotic_series(a, x, true);
    }
    if x > 1.0 && x > a {
        return 1.0 - igamc(a, x);
    }
    igam_series(a, x)
}

/// The regularized upper incomplete gamma function `Q(a, x)`.
pub(crate) fn igamc(a: f64, x: f64) -> f64 {
    if a.is_nan() || x.is_nan() || x < 0.0 || a < 0.0 {
        return NAN;
    }
    if a == 0.0 {
        return if x > 0.0 { 0.0 } else { NAN };
    }
    if x == 0.0 {
        return 1.0;
    }
    if a.is_infinite() {
        return if x.is_infinite() { NAN } else { 1.0 };
    }
    if x.is_infinite() {
        return 0.0;
    }
    let r = (x - a).abs() / a;
    if (a > SMALL && a < LARGE && r < SMALLRATIO) || (a > LARGE && r < LARGERATIO / a.sqrt()) {
        return asymptotic_series(a, x, false);
    }
    if x > 1.1 {
        if x < a {
            1.0 - igam_series(a, x)
        } else {
            igamc_continued_fraction(a, x)
        }
    } else if x <= 0.5 {
        if -0.4 / x.ln() < a {
            1.0 - igam_series(a, x)
        } else {
            igamc_series(a, x)
        }
    } else if x * 1.1 < a {
        1.0 - igam_series(a, x)
    } else {
        igamc_series(a, x)
    }
}
