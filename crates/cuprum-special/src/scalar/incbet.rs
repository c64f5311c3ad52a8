//! The regularized incomplete beta function `I_x(a, b)` (`betainc`): Cephes `incbet.c`
//! (power series, two continued fractions), with SciPy's values at the edges (`a = 0`,
//! `b = 0`, infinite parameters, as its Boost-based `betainc` gives them).

use super::gamma::{beta, lbeta};
use super::{MACHEP, MAXGAM, MAXLOG, MINLOG, NAN};

const BIG: f64 = 4.503_599_627_370_496e15;
const BIGINV: f64 = 2.220_446_049_250_313e-16;

fn pseries(a: f64, b: f64, x: f64) -> f64 {
    let ai = 1.0 / a;
    let mut u = (1.0 - b) * x;
    let mut v = u / (a + 1.0);
    let t1 = v;
    let mut t = u;
    let mut n = 2.0;
    let mut s = 0.0;
    let z = MACHEP * ai;
    while v.abs() > z {
        u = (n - b) * x / n;
        t *= u;
        v = t / (a + n);
        s += v;
        n += 1.0;
    }
    s += t1;
    s += ai;
    let u = a * x.ln();
    if (a + b) < MAXGAM && u.abs() < MAXLOG {
        let t = 1.0 / beta(a, b);
        (s * t) * x.powf(a)
    } else {
        let t = -lbeta(a, b) + u + s.ln();
        if t < MINLOG { 0.0 } else { t.exp() }
    }
}

/// The two continued fractions of Cephes (`incbcf` when `d == false`, `incbd` otherwise).
fn cfrac(a: f64, b: f64, x: f64, d: bool) -> f64 {
    let (mut k1, mut k2, mut k3, mut k4, mut k5, mut k6, mut k7, mut k8);
    let z;
    if d {
        k1 = a;
        k2 = b - 1.0;
        k3 = a;
        k4 = a + 1.0;
        k5 = 1.0;
        k6 = a + b;
        k7 = a + 1.0;
        k8 = a + 2.0;
        z = x / (1.0 - x);
    } else {
        k1 = a;
        k2 = a + b;
        k3 = a;
        k4 = a + 1.0;
        k5 = 1.0;
        k6 = b - 1.0;
        k7 = k4;
        k8 = a + 2.0;
        z = x;
    }
    let (mut pkm2, mut qkm2, mut pkm1, mut qkm1) = (0.0, 1.0, 1.0, 1.0);
    let mut ans = 1.0;
    let mut r = 1.0;
    let thresh = 3.0 * MACHEP;
    for _ in 0..300 {
        let mut xk = -(z * k1 * k2) / (k3 * k4);
        let mut pk = pkm1 + pkm2 * xk;
        let mut qk = qkm1 + qkm2 * xk;
        pkm2 = pkm1;
        pkm1 = pk;
        qkm2 = qkm1;
        qkm1 = qk;
        xk = (z * k5 * k6) / (k7 * k8);
        pk = pkm1 + pkm2 * xk;
        qk = qkm1 + qkm2 * xk;
        pkm2 = pkm1;
        pkm1 = pk;
        qkm2 = qkm1;
        qkm1 = qk;
        if qk != 0.0 {
            r = pk / qk;
        }
        let t = if r != 0.0 {
            let t = ((ans - r) / r).abs();
            ans = r;
            t
        } else {
            1.0
        };
        if t < thresh {
            return ans;
        }
        k1 += 1.0;
        if d {
            k2 -= 1.0;
            k6 += 1.0;
        } else {
            k2 += 1.0;
            k6 -= 1.0;
        }
        k3 += 2.0;
        k4 += 2.0;
        k5 += 1.0;
        k7 += 2.0;
        k8 += 2.0;
        if qk.abs() + pk.abs() > BIG {
            pkm2 *= BIGINV;
            pkm1 *= BIGINV;
            qkm2 *= BIGINV;
            qkm1 *= BIGINV;
        }
        if qk.abs() < BIGINV || pk.abs() < BIGINV {
            pkm2 *= BIG;
            pkm1 *= BIG;
            qkm2 *= BIG;
            qkm1 *= BIG;
        }
    }
    ans
}

/// Cephes `incbet` for `a, b > 0` and `0 <= x <= 1`.
fn incbet(aa: f64, bb: f64, xx: f64) -> f64 {
    if xx == 0.0 {
        return 0.0;
    }
    if xx == 1.0 {
        return 1.0;
    }
    let mut flag = false;
    let t;
    let w0 = 1.0 - xx;
    if !(bb * xx <= 1.0 && xx <= 0.95) && xx <= aa / (aa + bb) && aa * w0 <= 1.0 && w0 <= 0.95 {
        // the continued fraction converges slowly for x near 1 with a large `a` and a small
        // `b`; the power series of the complement is accurate when it is not near 1
        let tc = pseries(bb, aa, w0);
        if tc <= 0.99 {
            return 1.0 - tc;
        }
    }
    if bb * xx <= 1.0 && xx <= 0.95 {
        t = pseries(aa, bb, xx);
    } else {
        let w = 1.0 - xx;
        let (a, b, x, xc) = if xx > aa / (aa + bb) {
            flag = true;
            (bb, aa, w, xx)
        } else {
            (aa, bb, xx, w)
        };
        if flag && b * x <= 1.0 && x <= 0.95 {
            t = pseries(a, b, x);
        } else {
            let y = x * (a + b - 2.0) - (a - 1.0);
            let w = if y < 0.0 {
                cfrac(a, b, x, false)
            } else {
                cfrac(a, b, x, true) / xc
            };
            let mut y = a * x.ln();
            let tt = b * xc.ln();
            if (a + b) < MAXGAM && y.abs() < MAXLOG && tt.abs() < MAXLOG {
                let mut tt = xc.powf(b);
                tt *= x.powf(a);
                tt /= a;
                tt *= w;
                tt *= 1.0 / beta(a, b);
                t = tt;
            } else {
                y += tt - lbeta(a, b);
                y += (w / a).ln();
                t = if y < MINLOG { 0.0 } else { y.exp() };
            }
        }
    }
    if flag {
        if t <= MACHEP { 1.0 - MACHEP } else { 1.0 - t }
    } else {
        t
    }
}

/// SciPy's `betainc(a, b, x)`.
pub(crate) fn betainc(a: f64, b: f64, x: f64) -> f64 {
    if a.is_nan() || b.is_nan() || x.is_nan() {
        return NAN;
    }
    if a < 0.0 || b < 0.0 || !(0.0..=1.0).contains(&x) || (a == 0.0 && b == 0.0) {
        return NAN;
    }
    if a.is_infinite() && b.is_infinite() {
        return NAN;
    }
    if a == 0.0 || b.is_infinite() {
        return if x > 0.0 { 1.0 } else { 0.0 };
    }
    if b == 0.0 || a.is_infinite() {
        return if x < 1.0 { 0.0 } else { 1.0 };
    }
    incbet(a, b, x)
}
