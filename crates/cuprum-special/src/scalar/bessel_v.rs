//! Bessel functions of real order: `iv` and `kv` by Temme's method (xsf's `scipy_iv.h`, after
//! Boost: Temme's series for `x <= 2`, Steed's continued fraction CF2 above, forward
//! recurrence in the order, CF1 and the Wronskian for `I`; Debye's uniform expansion for
//! `|v| > 50`), `jv` and `yv` by the same method for the `J`/`Y` pair (Temme's series, Steed's
//! CF1/CF2, recurrences) with Hankel's expansion for `x` large against `v^2`.

use super::gamma::{gamma, lgam, rgamma};
use super::igam::lgam1p;
use super::{EULER, INF, MACHEP, NAN, PI, cospi, sinpi};

const MAXITER: u32 = 500;

#[rustfmt::skip]
pub(super) const UFACTORS: [[f64; 31]; 11] = [
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 1.0],
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -0.20833333333333334, 0.0, 0.125, 0.0],
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.3342013888888889, 0.0, -0.40104166666666669, 0.0, 0.0703125, 0.0, 0.0],
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1.0258125964506173, 0.0, 1.8464626736111112, 0.0, -0.89121093750000002, 0.0, 0.0732421875, 0.0, 0.0, 0.0],
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 4.6695844234262474, 0.0, -11.207002616222995, 0.0, 8.78912353515625, 0.0, -2.3640869140624998, 0.0, 0.112152099609375, 0.0, 0.0, 0.0, 0.0],
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -28.212072558200244, 0.0, 84.636217674600744, 0.0, -91.818241543240035, 0.0, 42.534998745388457, 0.0, -7.3687943594796312, 0.0, 0.22710800170898438, 0.0, 0.0, 0.0, 0.0, 0.0],
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 212.5701300392171, 0.0, -765.25246814118157, 0.0, 1059.9904525279999, 0.0, -699.57962737613275, 0.0, 218.19051174421159, 0.0, -26.491430486951554, 0.0, 0.57250142097473145, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, -1919.4576623184068, 0.0, 8061.7221817373083, 0.0, -13586.550006434136, 0.0, 11655.393336864536, 0.0, -5305.6469786134048, 0.0, 1200.9029132163525, 0.0, -108.09091978839464, 0.0, 1.7277275025844574, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 20204.291330966149, 0.0, -96980.598388637503, 0.0, 192547.0012325315, 0.0, -203400.17728041555, 0.0, 122200.46498301747, 0.0, -41192.654968897557, 0.0, 7109.5143024893641, 0.0, -493.915304773088, 0.0, 6.074042001273483, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [0.0, 0.0, 0.0, -242919.18790055133, 0.0, 1311763.6146629769, 0.0, -2998015.9185381061, 0.0, 3763271.2976564039, 0.0, -2813563.2265865342, 0.0, 1268365.2733216248, 0.0, -331645.17248456361, 0.0, 45218.768981362737, 0.0, -2499.8304818112092, 0.0, 24.380529699556064, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
    [3284469.8530720375, 0.0, -19706819.11843222, 0.0, 50952602.492664628, 0.0, -74105148.211532637, 0.0, 66344512.274729028, 0.0, -37567176.660763353, 0.0, 13288767.166421819, 0.0, -2785618.1280864552, 0.0, 308186.40461266245, 0.0, -13886.089753717039, 0.0, 110.01714026924674, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
];

fn iv_asymptotic(v: f64, x: f64) -> f64 {
    let prefactor = x.exp() / (2.0 * PI * x).sqrt();
    if prefactor == INF {
        return prefactor;
    }
    let mu = 4.0 * v * v;
    let mut sum = 1.0;
    let mut term = 1.0;
    let mut k = 1.0;
    loop {
        let factor = (mu - (2.0 * k - 1.0) * (2.0 * k - 1.0)) / (8.0 * x) / k;
        if k > 100.0 {
            break;
        }
        term *= -factor;
        sum += term;
        k += 1.0;
        if term.abs() <= MACHEP * sum.abs() {
            break;
        }
    }
    sum * prefactor
}

/// Debye's uniform asymptotic expansion: `(I_v(x), K_v(x))`.
fn ikv_asymptotic_uniform(v: f64, x: f64) -> (f64, f64) {
    let (sign, v) = if v < 0.0 { (-1, -v) } else { (1, v) };
    let z = x / v;
    let t = 1.0 / (1.0 + z * z).sqrt();
    let t2 = t * t;
    let eta = (1.0 + z * z).sqrt() + (z / (1.0 + 1.0 / t)).ln();
    let i_prefactor = (t / (2.0 * PI * v)).sqrt() * (v * eta).exp();
    let mut i_sum = 1.0;
    let k_prefactor = (PI * t / (2.0 * v)).sqrt() * (-v * eta).exp();
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
    let kv = k_prefactor * k_sum;
    let iv = if sign == 1 {
        i_prefactor * i_sum
    } else {
        i_prefactor * i_sum + (2.0 / PI) * sinpi(v) * k_prefactor * k_sum
    };
    (iv, kv)
}

pub(super) fn temme_ik_series(v: f64, x: f64) -> (f64, f64) {
    let gp = gamma(v + 1.0) - 1.0;
    let gm = gamma(-v + 1.0) - 1.0;
    let a = (x / 2.0).ln();
    let b = (v * a).exp();
    let sigma = -a * v;
    let c = if v.abs() < MACHEP {
        1.0
    } else {
        sinpi(v) / (v * PI)
    };
    let d = if sigma.abs() < MACHEP {
        1.0
    } else {
        sigma.sinh() / sigma
    };
    let gamma1 = if v.abs() < MACHEP {
        -EULER
    } else {
        (0.5 / v) * (gp - gm) * c
    };
    let gamma2 = (2.0 + gp + gm) * c / 2.0;
    let mut p = (gp + 1.0) / (2.0 * b);
    let mut q = (1.0 + gm) * b / 2.0;
    let mut f = (sigma.cosh() * gamma1 + d * (-a) * gamma2) / c;
    let mut coef = 1.0;
    let mut sum = coef * f;
    let mut sum1 = coef * p;
    for k in 1..MAXITER {
        let k = f64::from(k);
        f = (k * f + p + q) / (k * k - v * v);
        p /= k - v;
        q /= k + v;
        let h = p - k * f;
        coef *= x * x / (4.0 * k);
        sum += coef * f;
        sum1 += coef * h;
        if (coef * f).abs() < sum.abs() * MACHEP {
            break;
        }
    }
    (sum, 2.0 * sum1 / x)
}

pub(super) fn cf1_ik(v: f64, x: f64) -> f64 {
    let tolerance = 2.0 * MACHEP;
    let tiny = 1.0 / f64::MAX.sqrt();
    let mut c = tiny;
    let mut f = tiny;
    let mut d = 0.0;
    for k in 1..MAXITER {
        let b = 2.0 * (v + f64::from(k)) / x;
        c = b + 1.0 / c;
        d += b;
        if c == 0.0 {
            c = tiny;
        }
        if d == 0.0 {
            d = tiny;
        }
        d = 1.0 / d;
        let delta = c * d;
        f *= delta;
        if (delta - 1.0).abs() <= tolerance {
            break;
        }
    }
    f
}

fn cf2_ik(v: f64, x: f64) -> (f64, f64) {
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
    for k in 2..MAXITER {
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
    let kv = (PI / (2.0 * x)).sqrt() * (-x).exp() / s;
    let kv1 = kv * (0.5 + v + x + (v * v - 0.25) * f) / x;
    (kv, kv1)
}

/// Temme's method: `(I_v(x), K_v(x))` for `x >= 0` (`need_i` false skips `I`).
fn ikv_temme(v: f64, x: f64, need_i: bool) -> (f64, f64) {
    let reflect = v < 0.0;
    let v = v.abs();
    let n = v.round();
    let u = v - n;
    if x < 0.0 {
        return (NAN, NAN);
    }
    if x == 0.0 {
        let mut iv = if v == 0.0 { 1.0 } else { 0.0 };
        if reflect && need_i {
            let z = u + n % 2.0;
            if sinpi(z) != 0.0 {
                iv = INF;
            }
        }
        return (iv, INF);
    }
    let w = 1.0 / x;
    let (ku, ku1) = if x <= 2.0 {
        temme_ik_series(u, x)
    } else {
        cf2_ik(u, x)
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
    let kv = prev;
    let kv1 = current;
    let iv = if need_i || reflect {
        let mut lim = (4.0 * v * v + 10.0) / (8.0 * x);
        lim *= lim;
        lim *= lim;
        lim /= 24.0;
        if lim < MACHEP * 10.0 && x > 100.0 {
            iv_asymptotic(v, x)
        } else {
            let fv = cf1_ik(v, x);
            w / (kv * fv + kv1)
        }
    } else {
        NAN
    };
    if reflect {
        let z = u + n % 2.0;
        (iv + (2.0 / PI) * sinpi(z) * kv, kv)
    } else {
        (iv, kv)
    }
}

/// Modified Bessel function of the first kind of real order (Cephes/xsf `iv`).
pub(crate) fn iv(mut v: f64, x: f64) -> f64 {
    if v.is_nan() || x.is_nan() {
        return NAN;
    }
    let mut t = v.floor();
    if v < 0.0 && t == v {
        v = -v;
        t = -t;
    }
    let mut sign = 1.0;
    if x < 0.0 {
        if t != v {
            return NAN;
        }
        if v != 2.0 * (v / 2.0).floor() {
            sign = -1.0;
        }
    }
    if x == 0.0 {
        if v == 0.0 {
            return 1.0;
        }
        return if v < 0.0 { INF } else { 0.0 };
    }
    let ax = x.abs();
    let res = if v.abs() > 50.0 {
        ikv_asymptotic_uniform(v, ax).0
    } else if ax * ax < (v + 1.0).abs() * MACHEP {
        (0.5 * ax).powf(v) * rgamma(v + 1.0)
    } else {
        ikv_temme(v, ax, true).0
    };
    sign * res
}

/// Modified Bessel function of the second kind of real order: `K_{-v} = K_v`; NaN for
/// `x < 0`, `inf` at 0, 0 at `inf`.
pub(crate) fn kv(v: f64, x: f64) -> f64 {
    if v.is_nan() || x.is_nan() || x < 0.0 {
        return NAN;
    }
    if x == 0.0 {
        return INF;
    }
    if x == INF {
        return 0.0;
    }
    let v = v.abs();
    if v > 50.0 {
        return ikv_asymptotic_uniform(v, x).1;
    }
    ikv_temme(v, x, false).1
}

/// Temme's `Gamma` quantities for `|mu| <= 1/2`: `(gam1, gam2, 1/Gamma(1+mu), 1/Gamma(1-mu))`
/// with `gam1 = (1/Gamma(1-mu) - 1/Gamma(1+mu)) / (2 mu)`, `gam2` their mean; from
/// `log Gamma(1 +- mu)` so that `gam1` has no cancellation for small `mu`.
fn temme_gammas(mu: f64) -> (f64, f64, f64, f64) {
    let a = lgam1p(mu);
    let b = lgam1p(-mu);
    let gampl = (-a).exp();
    let gammi = (-b).exp();
    let gam1 = if mu == 0.0 {
        -EULER
    } else {
        (a - b).exp_m1() / (2.0 * mu * a.exp())
    };
    (gam1, 0.5 * (gampl + gammi), gampl, gammi)
}

/// `(J_v(x), Y_v(x))` for `v >= 0`, `0 < x < inf` (Temme's series for `x < 2`, Steed's CF1 and
/// CF2 otherwise; recurrences in the order).
/// The longest downward/upward recurrence `jy_temme` runs (steps of one order).
const MAX_RECURRENCE: f64 = 1e7;

fn jy_temme(xnu: f64, x: f64) -> (f64, f64) {
    const EPS: f64 = 1e-16;
    const FPMIN: f64 = 1e-300;
    const MAXIT: u32 = 100_000;
    let nl = if x < 2.0 {
        (xnu + 0.5).floor()
    } else {
        (xnu - x + 1.5).floor().max(0.0)
    };
    if nl.is_nan() || nl > MAX_RECURRENCE {
        // an order this far above x (or infinite) is out of the recurrence's reach; the callers'
        // leading-term and Hankel branches cover the orders with a finite value first
        return (f64::NAN, f64::NAN);
    }
    let xmu = xnu - nl;
    let xmu2 = xmu * xmu;
    let xi = 1.0 / x;
    let xi2 = 2.0 * xi;
    let w = xi2 / PI;
    let mut isign = 1.0;
    let mut h = xnu * xi;
    if h < FPMIN {
        h = FPMIN;
    }
    let mut b = xi2 * xnu;
    let mut d = 0.0;
    let mut c = h;
    for _ in 0..MAXIT {
        b += xi2;
        d = b - d;
        if d.abs() < FPMIN {
            d = FPMIN;
        }
        c = b - 1.0 / c;
        if c.abs() < FPMIN {
            c = FPMIN;
        }
        d = 1.0 / d;
        let del = c * d;
        h *= del;
        if d < 0.0 {
            isign = -isign;
        }
        if (del - 1.0).abs() < EPS {
            break;
        }
    }
    let mut rjl = isign * FPMIN;
    let mut rjpl = h * rjl;
    let rjl1 = rjl;
    let mut fact = xnu * xi;
    let mut l = nl;
    while l >= 1.0 {
        let rjtemp = fact * rjl + rjpl;
        fact -= xi;
        rjpl = fact * rjtemp - rjl;
        rjl = rjtemp;
        l -= 1.0;
    }
    if rjl == 0.0 {
        rjl = EPS;
    }
    let f = rjpl / rjl;
    let (rjmu, mut rymu, mut ry1);
    if x < 2.0 {
        let x2 = 0.5 * x;
        let pimu = PI * xmu;
        let fact = if pimu.abs() < EPS {
            1.0
        } else {
            pimu / pimu.sin()
        };
        let d = -x2.ln();
        let e = xmu * d;
        let fact2 = if e.abs() < EPS { 1.0 } else { e.sinh() / e };
        let (gam1, gam2, gampl, gammi) = temme_gammas(xmu);
        let mut ff = 2.0 / PI * fact * (gam1 * e.cosh() + gam2 * fact2 * d);
        let e = e.exp();
        let mut p = e / (gampl * PI);
        let mut q = 1.0 / (e * PI * gammi);
        let pimu2 = 0.5 * pimu;
        let fact3 = if pimu2.abs() < EPS {
            1.0
        } else {
            pimu2.sin() / pimu2
        };
        let r = PI * pimu2 * fact3 * fact3;
        let mut c = 1.0;
        let d = -x2 * x2;
        let mut sum = ff + r * q;
        let mut sum1 = p;
        for i in 1..MAXIT {
            let i = f64::from(i);
            ff = (i * ff + p + q) / (i * i - xmu2);
            c *= d / i;
            p /= i - xmu;
            q /= i + xmu;
            let del = c * (ff + r * q);
            sum += del;
            let del1 = c * p - i * del;
            sum1 += del1;
            if del.abs() < (1.0 + sum.abs()) * EPS {
                break;
            }
        }
        rymu = -sum;
        ry1 = -sum1 * xi2;
        let rymup = xmu * xi * rymu - ry1;
        rjmu = w / (rymup - f * rymu);
    } else {
        let mut a = 0.25 - xmu2;
        let mut p = -0.5 * xi;
        let mut q = 1.0;
        let br = 2.0 * x;
        let mut bi = 2.0;
        let mut fact = a * xi / (p * p + q * q);
        let mut cr = br + q * fact;
        let mut ci = bi + p * fact;
        let mut den = br * br + bi * bi;
        let mut dr = br / den;
        let mut di = -bi / den;
        let mut dlr = cr * dr - ci * di;
        let mut dli = cr * di + ci * dr;
        let mut temp = p * dlr - q * dli;
        q = p * dli + q * dlr;
        p = temp;
        for i in 2..MAXIT {
            a += 2.0 * (f64::from(i) - 1.0);
            bi += 2.0;
            dr = a * dr + br;
            di = a * di + bi;
            if dr.abs() + di.abs() < FPMIN {
                dr = FPMIN;
            }
            fact = a / (cr * cr + ci * ci);
            cr = br + cr * fact;
            ci = bi - ci * fact;
            if cr.abs() + ci.abs() < FPMIN {
                cr = FPMIN;
            }
            den = dr * dr + di * di;
            dr /= den;
            di /= -den;
            dlr = cr * dr - ci * di;
            dli = cr * di + ci * dr;
            temp = p * dlr - q * dli;
            q = p * dli + q * dlr;
            p = temp;
            if (dlr - 1.0).abs() + dli.abs() < EPS {
                break;
            }
        }
        let gam = (p - f) / q;
        let r = (w / ((p - f) * gam + q)).sqrt();
        rjmu = r.copysign(rjl);
        rymu = rjmu * gam;
        let rymup = rymu * (p + q / gam);
        ry1 = xmu * xi * rymu - rymup;
    }
    let fact = rjmu / rjl;
    let rj = rjl1 * fact;
    let mut i = 1.0;
    while i <= nl {
        let rytemp = (xmu + i) * xi2 * ry1 - rymu;
        rymu = ry1;
        ry1 = rytemp;
        i += 1.0;
    }
    (rj, rymu)
}

/// Hankel's asymptotic expansion for `x` large against `v^2`: `(J_v(x), Y_v(x))`, or `None`
/// when the series does not reach full precision.
fn jy_hankel(v: f64, x: f64) -> Option<(f64, f64)> {
    let mu = 4.0 * v * v;
    let mut p = 1.0;
    let mut q = 0.0;
    let mut term = 1.0;
    let mut k = 1.0;
    let mut converged = false;
    let mut maxterm: f64 = 1.0;
    while k < 400.0 {
        // term_k = prod_{j<=k} (mu - (2j-1)^2) / (j 8x)
        term *= (mu - (2.0 * k - 1.0) * (2.0 * k - 1.0)) / (k * 8.0 * x);
        let t = term.abs();
        maxterm = maxterm.max(t);
        let s = if ((k as i64) / 2) % 2 == 0 { 1.0 } else { -1.0 };
        if (k as i64) % 2 == 1 {
            q += s * term;
        } else {
            p += s * term;
        }
        if t < MACHEP * 0.25 {
            converged = true;
            break;
        }
        // past the smallest term the asymptotic series diverges
        if k > 0.5 * v && t > 1.0 {
            break;
        }
        k += 1.0;
    }
    if maxterm > 100.0 {
        return None;
    }
    if !converged {
        return None;
    }
    // chi = x - (v/2 + 1/4) pi; cos and sin of chi from those of x and of the phase
    let phase = 0.5 * v + 0.25;
    let (cp, sp) = (cospi(phase), sinpi(phase));
    let (sx, cx) = x.sin_cos();
    let cchi = cx * cp + sx * sp;
    let schi = sx * cp - cx * sp;
    let amp = (2.0 / (PI * x)).sqrt();
    Some((amp * (p * cchi - q * schi), amp * (p * schi + q * cchi)))
}

/// `(J_v(x), Y_v(x))` for `v >= 0`, `0 < x < inf`.
fn jy_pos(v: f64, x: f64) -> (f64, f64) {
    if v > 1.0 && x < v {
        // leading terms of the series: J underflows and Y overflows together (x^2 << v here)
        let l = (0.5 * x).ln();
        let ly = lgam(v) - v * l - PI.ln();
        if ly > 700.0 {
            let lj = v * l - lgam(v + 1.0);
            let q = 0.25 * x * x;
            let cj = 1.0 - q / (v + 1.0) + q * q / (2.0 * (v + 1.0) * (v + 2.0));
            let cy = 1.0 + q / (v - 1.0) + q * q / (2.0 * (v - 1.0) * (v - 2.0));
            return (lj.exp() * cj, -ly.exp() * cy);
        }
    }
    if x > 20.0
        && let Some(r) = jy_hankel(v, x)
    {
        return r;
    }
    let (j, y) = jy_temme(v, x);
    if v >= 1.0 && x * x < v + 1.0 {
        // J by its power series: the Wronskian normalisation of the downward recurrence
        // loses digits when J is tiny against Y
        return (j_series(v, x), y);
    }
    (j, y)
}

/// `J_v(x)` by its power series, for `x^2 < v + 1` (terms decrease at once).
fn j_series(v: f64, x: f64) -> f64 {
    let q = 0.25 * x * x;
    let mut term = 1.0;
    let mut sum = 1.0;
    let mut k = 1.0;
    while k < 200.0 {
        term *= -q / (k * (v + k));
        sum += term;
        if term.abs() < MACHEP * 0.5 * sum.abs() {
            break;
        }
        k += 1.0;
    }
    let pre = if v < 170.0 {
        (0.5 * x).powf(v) * rgamma(v + 1.0)
    } else {
        0.0
    };
    if pre != 0.0 && pre.is_finite() {
        pre * sum
    } else {
        (v * (0.5 * x).ln() - lgam(v + 1.0)).exp() * sum
    }
}

/// `(J_v(x), Y_v(x))` for any real `v` and `0 < x < inf` (reflection for `v < 0`).
fn jy(v: f64, x: f64) -> (f64, f64) {
    if v >= 0.0 {
        return jy_pos(v, x);
    }
    let a = -v;
    let (j, y) = jy_pos(a, x);
    if a == a.floor() {
        let s = if a % 2.0 == 0.0 { 1.0 } else { -1.0 };
        return (s * j, s * y);
    }
    let (c, s) = (cospi(a), sinpi(a));
    if y.is_infinite() {
        // the signs of SciPy's (AMOS) rotation, made with the rounded cos(pi a)
        return (-s * y, (PI * a).cos().signum() * y);
    }
    (c * j - s * y, s * j + c * y)
}

/// Bessel function of the first kind of real order (SciPy's `jv` for real arguments).
pub(crate) fn jv(v: f64, x: f64) -> f64 {
    if v.is_nan() || x.is_nan() {
        return NAN;
    }
    let vint = v == v.floor();
    if x < 0.0 {
        if !vint {
            return NAN;
        }
        let s = if v % 2.0 == 0.0 { 1.0 } else { -1.0 };
        return s * jv(v, -x);
    }
    if x == 0.0 {
        if v == 0.0 {
            return 1.0;
        }
        if v > 0.0 || vint {
            // J_{-n}(0) = (-1)^n J_n(0)
            return if v < 0.0 && v % 2.0 != 0.0 { -0.0 } else { 0.0 };
        }
        // J_{-a}(0) = -sin(pi a) Y_a(0) with Y_a(0) = -inf
        return sinpi(-v) * INF;
    }
    if x.is_infinite() || v.is_infinite() {
        return if v.is_infinite() && x.is_finite() {
            0.0
        } else {
            NAN
        };
    }
    jy(v, x).0
}

/// Bessel function of the second kind of real order (SciPy's `yv` for real arguments).
pub(crate) fn yv(v: f64, x: f64) -> f64 {
    if v.is_nan() || x.is_nan() || x < 0.0 {
        return NAN;
    }
    if x == 0.0 {
        if v >= 0.0 {
            return -INF;
        }
        // Y_{-a}(0) = cos(pi a) Y_a(0) + sin(pi a) J_a(0), the sign of SciPy's (AMOS) result
        let a = -v;
        // (AMOS rotates with the rounded cos(pi a): half-integers take its sign too)
        return if (PI * a).cos() > 0.0 { -INF } else { INF };
    }
    if x.is_infinite() || v.is_infinite() {
        return NAN;
    }
    jy(v, x).1
}

/// `Y_n(x)` for an integer order (`n` truncated, as SciPy's `'ld->d'` loop casts it).
pub(crate) fn yn(n: f64, x: f64) -> f64 {
    yv(n.trunc(), x)
}

/// `K_n(x)` for an integer order (`n` truncated).
pub(crate) fn kn(n: f64, x: f64) -> f64 {
    kv(n.trunc(), x)
}

/// The spherical Bessel function `j_n(x)` (xsf `sph_bessel_j`: upward recurrence from
/// `sin x / x` for `n < x`, `sqrt(pi/(2x)) J_{n+1/2}(x)` otherwise).
pub(crate) fn spherical_jn(n: f64, x: f64) -> f64 {
    if x.is_nan() || n.is_nan() {
        return NAN;
    }
    let n = n.trunc();
    if n < 0.0 {
        return NAN;
    }
    if x < 0.0 {
        let r = spherical_jn(n, -x);
        return if n % 2.0 == 0.0 { r } else { -r };
    }
    if x.is_infinite() {
        return 0.0;
    }
    if x == 0.0 {
        return if n == 0.0 { 1.0 } else { 0.0 };
    }
    if n > 0.0 && n >= x {
        return (std::f64::consts::FRAC_PI_2 / x).sqrt() * jv(n + 0.5, x);
    }
    let mut s0 = x.sin() / x;
    if n == 0.0 {
        return s0;
    }
    let mut s1 = (s0 - x.cos()) / x;
    if n == 1.0 {
        return s1;
    }
    let mut i = 0.0;
    while i < n - 1.0 {
        let sn = (2.0 * i + 3.0) * s1 / x - s0;
        s0 = s1;
        s1 = sn;
        if sn.is_infinite() {
            return sn;
        }
        i += 1.0;
    }
    s1
}

/// The spherical Bessel function `y_n(x)` (xsf `sph_bessel_y`: upward recurrence from
/// `-cos x / x`).
pub(crate) fn spherical_yn(n: f64, x: f64) -> f64 {
    if x.is_nan() || n.is_nan() {
        return NAN;
    }
    let n = n.trunc();
    if n < 0.0 {
        return NAN;
    }
    if x < 0.0 {
        let r = spherical_yn(n, -x);
        return if n % 2.0 == 1.0 { r } else { -r };
    }
    if x.is_infinite() {
        return 0.0;
    }
    if x == 0.0 {
        return -INF;
    }
    let mut s0 = -x.cos() / x;
    if n == 0.0 {
        return s0;
    }
    let mut s1 = (s0 - x.sin()) / x;
    if n == 1.0 {
        return s1;
    }
    let mut i = 0.0;
    while i < n - 1.0 {
        let sn = (2.0 * i + 3.0) * s1 / x - s0;
        s0 = s1;
        s1 = sn;
        if sn.is_infinite() {
            return sn;
        }
        i += 1.0;
    }
    s1
}

/// The derivative of [`spherical_jn`] in `x`.
pub(crate) fn spherical_jn_d(n: f64, x: f64) -> f64 {
    let n = n.trunc();
    if n == 0.0 {
        return -spherical_jn(1.0, x);
    }
    if x == 0.0 {
        return if n == 1.0 { 1.0 / 3.0 } else { 0.0 };
    }
    spherical_jn(n - 1.0, x) - (n + 1.0) * spherical_jn(n, x) / x
}

/// The derivative of [`spherical_yn`] in `x`.
pub(crate) fn spherical_yn_d(n: f64, x: f64) -> f64 {
    let n = n.trunc();
    if n == 0.0 {
        return -spherical_yn(1.0, x);
    }
    spherical_yn(n - 1.0, x) - (n + 1.0) * spherical_yn(n, x) / x
}
