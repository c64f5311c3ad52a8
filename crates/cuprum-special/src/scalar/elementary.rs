//! Elementary-like functions: `expit`, `logit`, `log_expit`, `xlogy`, `xlog1py`, `entr`,
//! `rel_entr`, `kl_div`, `huber`, `pseudo_huber`, and the complete elliptic integrals `ellipk`,
//! `ellipkm1`, `ellipe` (Cephes `ellpk.c`, `ellpe.c`).

use super::{INF, MACHEP, NAN, polevl};

/// The logistic function `1 / (1 + exp(-x))`.
#[inline]
pub(crate) fn expit(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// `log(p / (1 - p))`.
pub(crate) fn logit(x: f64) -> f64 {
    if !(0.3..=0.65).contains(&x) {
        (x / (1.0 - x)).ln()
    } else {
        let s = 2.0 * (x - 0.5);
        s.ln_1p() - (-s).ln_1p()
    }
}

/// `log(expit(x))` without underflow.
pub(crate) fn log_expit(x: f64) -> f64 {
    if x < 0.0 {
        x - x.exp().ln_1p()
    } else {
        -(-x).exp().ln_1p()
    }
}

/// `x * log(y)`, 0 when `x == 0` and `y` is not NaN.
pub(crate) fn xlogy(x: f64, y: f64) -> f64 {
    if x == 0.0 && !y.is_nan() {
        0.0
    } else {
        x * y.ln()
    }
}

/// `x * log1p(y)`, 0 when `x == 0` and `y` is not NaN.
pub(crate) fn xlog1py(x: f64, y: f64) -> f64 {
    if x == 0.0 && !y.is_nan() {
        0.0
    } else {
        x * y.ln_1p()
    }
}

/// `-x log x` (`entr`).
pub(crate) fn entr(x: f64) -> f64 {
    if x.is_nan() {
        x
    } else if x > 0.0 {
        -x * x.ln()
    } else if x == 0.0 {
        0.0
    } else {
        -INF
    }
}

/// `x log(x / y)` (`rel_entr`).
pub(crate) fn rel_entr(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        return NAN;
    }
    if x <= 0.0 || y <= 0.0 {
        return if x == 0.0 && y >= 0.0 { 0.0 } else { INF };
    }
    let ratio = x / y;
    if 0.5 < ratio && ratio < 2.0 {
        return x * ((x - y) / y).ln_1p();
    }
    if f64::MIN_POSITIVE < ratio && ratio < INF {
        return x * ratio.ln();
    }
    x * (x.ln() - y.ln())
}

/// `x log(x / y) - x + y` (`kl_div`).
pub(crate) fn kl_div(x: f64, y: f64) -> f64 {
    if x.is_nan() || y.is_nan() {
        NAN
    } else if x > 0.0 && y > 0.0 {
        x * (x / y).ln() - x + y
    } else if x == 0.0 && y >= 0.0 {
        y
    } else {
        INF
    }
}

/// Huber's loss.
pub(crate) fn huber(delta: f64, r: f64) -> f64 {
    if delta < 0.0 {
        INF
    } else if r.abs() <= delta {
        0.5 * r * r
    } else {
        delta * (r.abs() - 0.5 * delta)
    }
}

/// The pseudo-Huber loss.
pub(crate) fn pseudo_huber(delta: f64, r: f64) -> f64 {
    if delta < 0.0 {
        INF
    } else if delta == 0.0 || r == 0.0 {
        0.0
    } else {
        let v = r / delta;
        delta * delta * (0.5 * (v * v).ln_1p()).exp_m1()
    }
}

// from xsf cephes/ellpk.h
#[rustfmt::skip]
const P: [f64; 11] = [1.37982864606273237150E-4, 2.28025724005875567385E-3, 7.97404013220415179367E-3, 9.85821379021226008714E-3, 6.87489687449949877925E-3, 6.18901033637687613229E-3, 8.79078273952743772254E-3, 1.49380448916805252718E-2, 3.08851465246711995998E-2, 9.65735902811690126535E-2, 1.38629436111989062502E0];
#[rustfmt::skip]
const Q: [f64; 11] = [2.94078955048598507511E-5, 9.14184723865917226571E-4, 5.94058303753167793257E-3, 1.54850516649762399335E-2, 2.39089602715924892727E-2, 3.01204715227604046988E-2, 3.73774314173823228969E-2, 4.88280347570998239232E-2, 7.03124996963957469739E-2, 1.24999999999870820058E-1, 4.99999999999999999821E-1];
const C1: f64 = 1.3862943611198906188E0;
// from xsf cephes/ellpe.h
#[rustfmt::skip]
const EP: [f64; 11] = [1.53552577301013293365E-4, 2.50888492163602060990E-3, 8.68786816565889628429E-3, 1.07350949056076193403E-2, 7.77395492516787092951E-3, 7.58395289413514708519E-3, 1.15688436810574127319E-2, 2.18317996015557253103E-2, 5.68051945617860553470E-2, 4.43147180560990850618E-1, 1.00000000000000000299E0];
#[rustfmt::skip]
const EQ: [f64; 10] = [3.27954898576485872656E-5, 1.00962792679356715133E-3, 6.50609489976927491433E-3, 1.68862163993311317300E-2, 2.61769742454493659583E-2, 3.34833904888224918614E-2, 4.27180926518931511717E-2, 5.85936634471101055642E-2, 9.37499997197644278445E-2, 2.49999999999888314361E-1];

/// Cephes `ellpk`: `K(1 - x)`.
pub(crate) fn ellipkm1(x: f64) -> f64 {
    if x.is_nan() {
        return NAN;
    }
    if x < 0.0 {
        return NAN;
    }
    if x > 1.0 {
        if x.is_infinite() {
            return 0.0;
        }
        return ellipkm1(1.0 / x) / x.sqrt();
    }
    if x > MACHEP {
        polevl(x, &P) - x.ln() * polevl(x, &Q)
    } else if x == 0.0 {
        INF
    } else {
        C1 - 0.5 * x.ln()
    }
}

/// The complete elliptic integral of the first kind `K(m)`.
pub(crate) fn ellipk(m: f64) -> f64 {
    ellipkm1(1.0 - m)
}

/// The complete elliptic integral of the second kind `E(m)` (Cephes `ellpe(m)`).
pub(crate) fn ellipe(m: f64) -> f64 {
    if m.is_nan() {
        return NAN;
    }
    let x = 1.0 - m;
    if x <= 0.0 {
        return if x == 0.0 { 1.0 } else { NAN };
    }
    if x > 1.0 {
        return ellipe(1.0 - 1.0 / x) * x.sqrt();
    }
    polevl(x, &EP) - x.ln() * (x * polevl(x, &EQ))
}

/// `10^x`.
pub(crate) fn exp10(x: f64) -> f64 {
    10.0f64.powf(x)
}

/// `2^x`.
pub(crate) fn exp2(x: f64) -> f64 {
    x.exp2()
}

/// `exp(x) - 1`.
pub(crate) fn expm1(x: f64) -> f64 {
    x.exp_m1()
}

/// `log(1 + x)`.
pub(crate) fn log1p(x: f64) -> f64 {
    x.ln_1p()
}

/// The cube root.
pub(crate) fn cbrt(x: f64) -> f64 {
    x.cbrt()
}

const COSCOF: [f64; 7] = [
    4.7377507964246204691685E-14,
    -1.1470284843425359765671E-11,
    2.0876754287081521758361E-9,
    -2.7557319214999787979814E-7,
    2.4801587301570552304991E-5,
    -1.3888888888888872993737E-3,
    4.1666666666666666609054E-2,
];

/// `cos(x) - 1`, accurate near 0 (Cephes `cosm1`).
pub(crate) fn cosm1(x: f64) -> f64 {
    if !(-std::f64::consts::FRAC_PI_4..=std::f64::consts::FRAC_PI_4).contains(&x) {
        return x.cos() - 1.0;
    }
    let xx = x * x;
    -0.5 * xx + xx * xx * polevl(xx, &COSCOF)
}

/// `(exp(x) - 1) / x` (xsf `exprel`).
pub(crate) fn exprel(x: f64) -> f64 {
    if x.abs() < f64::EPSILON {
        return 1.0;
    }
    if x > 717.0 {
        return INF;
    }
    x.exp_m1() / x
}

/// Rounding to the nearest integer, halfway cases to even (Cephes `round`).
pub(crate) fn round(x: f64) -> f64 {
    x.round_ties_even()
}
