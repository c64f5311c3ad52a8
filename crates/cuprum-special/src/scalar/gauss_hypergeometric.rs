//! The Gauss hypergeometric function `2F1(a, b; c; x)` for real arguments: Cephes'
//! `hyp2f1` (xsf's `cephes/hyp2f1.h`, the routine behind SciPy's real loop): the power
//! series with an estimate of its cancellation, the transformations of AMS55 15.3.3-15.3.12
//! for `x` near 1 and below -0.5, AMS55 15.3.7 for `x < -2`, recurrences in `a` (15.2.10) and
//! `c` (15.2.27) where the series cancels, and the polynomial and pole cases.
//! `kernels/special/hypergeometric.cuh` runs the same steps.

use super::gamma::{gamma, lgam_sgn, psi, rgamma};
use super::{INF, MACHEP, NAN};

const EPS: f64 = 1.0e-13;
const ETHRESH: f64 = 1.0e-12;
const MAXITER: u64 = 10000;

/// The power series, with `|a| >= |b|` arranged and the recurrence in `a` where `|a| >> |c|`;
/// returns the sum and the estimated relative error.
fn hys2f1(mut a: f64, mut b: f64, c: f64, x: f64) -> (f64, f64) {
    let mut intflag = false;
    if b.abs() > a.abs() {
        std::mem::swap(&mut a, &mut b);
    }
    let ib = b.round();
    if (b - ib).abs() < EPS && ib <= 0.0 && b.abs() < a.abs() {
        std::mem::swap(&mut a, &mut b);
        intflag = true;
    }
    if (a.abs() > c.abs() + 1.0 || intflag) && (c - a).abs() > 2.0 && a.abs() > 2.0 {
        return hyp2f1ra(a, b, c, x);
    }
    let mut i: u64 = 0;
    let mut umax = 0.0f64;
    let mut s = 1.0;
    let mut u = 1.0;
    let mut k = 0.0;
    loop {
        if (c + k).abs() < EPS {
            return (INF, 1.0);
        }
        let m = k + 1.0;
        u *= (a + k) * (b + k) * x / ((c + k) * m);
        s += u;
        let au = u.abs();
        if au > umax {
            umax = au;
        }
        k = m;
        i += 1;
        if i > MAXITER {
            return (s, 1.0);
        }
        if !(s == 0.0 || (u / s).abs() > MACHEP) {
            break;
        }
    }
    (s, (MACHEP * umax) / s.abs() + MACHEP * i as f64)
}

/// The transformations for `x` near 1 and below -0.5, then the power series; returns the
/// value and the estimated relative error.
fn hyt2f1(a: f64, b: f64, c: f64, x: f64) -> (f64, f64) {
    let ia = a.round();
    let ib = b.round();
    let neg_int_a = a <= 0.0 && (a - ia).abs() < EPS;
    let neg_int_b = b <= 0.0 && (b - ib).abs() < EPS;
    let s = 1.0 - x;
    if x < -0.5 && !(neg_int_a || neg_int_b) {
        let (y, err) = if b > a {
            let (v, e) = hys2f1(a, c - b, c, -x / s);
            (s.powf(-a) * v, e)
        } else {
            let (v, e) = hys2f1(c - a, b, c, -x / s);
            (s.powf(-b) * v, e)
        };
        return (y, err);
    }
    let d = c - a - b;
    let id = d.round();
    if x > 0.9 && !(neg_int_a || neg_int_b) {
        if (d - id).abs() > MACHEP {
            let (y, err) = hys2f1(a, b, c, x);
            if err < ETHRESH {
                return (y, err);
            }
            // AMS55 15.3.6
            let (mut q, mut err) = hys2f1(a, b, 1.0 - d, s);
            let (w0, s0) = lgam_sgn(d);
            let (w1, s1) = lgam_sgn(c - a);
            let (w2, s2) = lgam_sgn(c - b);
            q *= s0 * s1 * s2 * (w0 - w1 - w2).exp();
            let (v, err1) = hys2f1(c - a, c - b, d + 1.0, s);
            let mut r = s.powf(d) * v;
            let (w0, s0) = lgam_sgn(-d);
            let (w1, s1) = lgam_sgn(a);
            let (w2, s2) = lgam_sgn(b);
            r *= s0 * s1 * s2 * (w0 - w1 - w2).exp();
            let mut y = q + r;
            let qa = q.abs();
            let ra = r.abs().max(qa);
            err += err1 + (MACHEP * ra) / y;
            y *= gamma(c);
            return (y, err);
        }
        // the psi function expansion, AMS55 15.3.10-15.3.12
        let (e, d1, d2, aid) = if id >= 0.0 {
            (d, d, 0.0, id as i64)
        } else {
            (-d, 0.0, d, -id as i64)
        };
        let ax = s.ln();
        let mut y = psi(1.0) + psi(1.0 + e) - psi(a + d1) - psi(b + d1) - ax;
        y *= rgamma(e + 1.0);
        let mut p = (a + d1) * (b + d1) * s * rgamma(e + 2.0);
        let mut t = 1.0;
        loop {
            let r = psi(1.0 + t) + psi(1.0 + t + e) - psi(a + t + d1) - psi(b + t + d1) - ax;
            let q = p * r;
            y += q;
            p *= s * (a + t + d1) / (t + 1.0);
            p *= (b + t + d1) / (t + 1.0 + e);
            t += 1.0;
            if t > MAXITER as f64 {
                return (NAN, 1.0);
            }
            if !(y == 0.0 || (q / y).abs() > EPS) {
                break;
            }
        }
        if id == 0.0 {
            y *= gamma(c) / (gamma(a) * gamma(b));
            return (y, 0.0);
        }
        let mut y1 = 1.0;
        if aid != 1 {
            let mut t = 0.0;
            let mut p = 1.0;
            for _ in 1..aid {
                let r = 1.0 - e + t;
                p *= s * (a + t + d2) * (b + t + d2) / r;
                t += 1.0;
                p /= t;
                y1 += p;
            }
        }
        let p = gamma(c);
        y1 *= gamma(e) * p * (rgamma(a + d1) * rgamma(b + d1));
        y *= p * (rgamma(a + d2) * rgamma(b + d2));
        if aid & 1 != 0 {
            y = -y;
        }
        let q = s.powf(id);
        if id > 0.0 {
            y *= q;
        } else {
            y1 *= q;
        }
        return (y + y1, 0.0);
    }
    hys2f1(a, b, c, x)
}

/// AMS55 15.4.2: `2F1(a, b; b; x)` for `b` a non-positive integer, as a finite sum.
fn neg_c_equal_bc(a: f64, b: f64, x: f64) -> f64 {
    if b.abs() >= 1e5 || b.is_nan() {
        return NAN;
    }
    let mut collector = 1.0;
    let mut sum = 1.0;
    let mut collector_max = 1.0f64;
    let mut k = 1.0;
    while k <= -b {
        collector *= (a + k - 1.0) * x / k;
        collector_max = collector_max.max(collector.abs());
        sum += collector;
        k += 1.0;
    }
    if 1e-16 * (1.0 + collector_max / sum.abs()) > 1e-7 {
        return NAN;
    }
    sum
}

/// The two-term recurrence in `a` (AMS55 15.2.10) from `a - round(a)` (or `a - round(a - c)`),
/// which avoids the cancellation of the strongly alternating series.
fn hyp2f1ra(a: f64, b: f64, c: f64, x: f64) -> (f64, f64) {
    let da = if (c < 0.0 && a <= c) || (c >= 0.0 && a >= c) {
        (a - c).round()
    } else {
        a.round()
    };
    let mut t = a - da;
    if da.abs() > MAXITER as f64 {
        return (NAN, 1.0);
    }
    let mut loss = 0.0;
    let (mut f1, e1) = hys2f1(t, b, c, x);
    loss += e1;
    let mut f0;
    if da < 0.0 {
        let (v, e) = hys2f1(t - 1.0, b, c, x);
        f0 = v;
        loss += e;
        t -= 1.0;
        let mut n = 1.0;
        while n < -da {
            let f2 = f1;
            f1 = f0;
            f0 = -(2.0 * t - c - t * x + b * x) / (c - t) * f1 - t * (x - 1.0) / (c - t) * f2;
            t -= 1.0;
            n += 1.0;
        }
    } else {
        let (v, e) = hys2f1(t + 1.0, b, c, x);
        f0 = v;
        loss += e;
        t += 1.0;
        let mut n = 1.0;
        while n < da {
            let f2 = f1;
            f1 = f0;
            f0 = -((2.0 * t - c - t * x + b * x) * f1 + (c - t) * f2) / (t * (x - 1.0));
            t += 1.0;
            n += 1.0;
        }
    }
    (f0, loss)
}

/// `2F1(a, b; c; x)` for real arguments (SciPy's `hyp2f1` real loop).
pub(crate) fn hyp2f1(a: f64, b: f64, c: f64, x: f64) -> f64 {
    let ax = x.abs();
    let s = 1.0 - x;
    let ia = a.round();
    let ib = b.round();
    if x == 0.0 {
        return 1.0;
    }
    let d = c - a - b;
    let id = d.round();
    if (a == 0.0 || b == 0.0) && c != 0.0 {
        return 1.0;
    }
    let neg_int_a = a <= 0.0 && (a - ia).abs() < EPS;
    let neg_int_b = b <= 0.0 && (b - ib).abs() < EPS;
    if d <= -1.0 && !((d - id).abs() > EPS && s < 0.0) && !(neg_int_a || neg_int_b) {
        return s.powf(d) * hyp2f1(c - a, c - b, c, x);
    }
    if d <= 0.0 && x == 1.0 && !(neg_int_a || neg_int_b) {
        return INF;
    }
    if ax < 1.0 || x == -1.0 {
        if (b - c).abs() < EPS {
            return if neg_int_b {
                neg_c_equal_bc(a, b, x)
            } else {
                s.powf(-a)
            };
        }
        if (a - c).abs() < EPS {
            return s.powf(-b);
        }
    }
    if c <= 0.0 {
        let ic = c.round();
        if (c - ic).abs() < EPS {
            // a polynomial that terminates before the pole of c
            if !((neg_int_a && ia > ic) || (neg_int_b && ib > ic)) {
                return INF;
            }
            return hyt2f1(a, b, c, x).0;
        }
    }
    if neg_int_a || neg_int_b {
        return hyt2f1(a, b, c, x).0;
    }
    let t1 = (b - a).abs();
    if x < -2.0 && (t1 - t1.round()).abs() > EPS {
        // AMS55 15.3.7
        let mut p = hyp2f1(a, 1.0 - c + a, 1.0 - b + a, 1.0 / x);
        let mut q = hyp2f1(b, 1.0 - c + b, 1.0 - a + b, 1.0 / x);
        p *= (-x).powf(-a);
        q *= (-x).powf(-b);
        let g = gamma(c);
        let s = g * gamma(b - a) * (rgamma(b) * rgamma(c - a));
        let y = g * gamma(a - b) * (rgamma(a) * rgamma(c - b));
        return s * p + y * q;
    } else if x < -1.0 {
        return if a.abs() < b.abs() {
            s.powf(-a) * hyp2f1(a, c - b, c, x / (x - 1.0))
        } else {
            s.powf(-b) * hyp2f1(b, c - a, c, x / (x - 1.0))
        };
    }
    if ax > 1.0 {
        return INF;
    }
    let p = c - a;
    let ia = p.round();
    let mut neg_int_ca_or_cb = ia <= 0.0 && (p - ia).abs() < EPS;
    let r = c - b;
    let ib = r.round();
    if ib <= 0.0 && (r - ib).abs() < EPS {
        neg_int_ca_or_cb = true;
    }
    let id = d.round();
    // AMS55 15.3.3: c - a or c - b a non-positive integer
    let hypf = || s.powf(d) * hys2f1(c - a, c - b, c, x).0;
    if (ax - 1.0).abs() < EPS {
        if x > 0.0 {
            if neg_int_ca_or_cb {
                return if d >= 0.0 { hypf() } else { INF };
            }
            if d <= 0.0 {
                return INF;
            }
            return gamma(c) * gamma(d) * (rgamma(p) * rgamma(r));
        }
        if d <= -1.0 {
            return INF;
        }
    }
    if d < 0.0 {
        // the power series first, the recurrence in c (AMS55 15.2.27) where it cancels
        let (y, err) = hyt2f1(a, b, c, x);
        if err < ETHRESH {
            return y;
        }
        let aid = 2.0 - id;
        let mut e = c + aid;
        let mut d2 = hyp2f1(a, b, e, x);
        let mut d1 = hyp2f1(a, b, e + 1.0, x);
        let q = a + b + 1.0;
        let mut y = y;
        let mut i = 0.0;
        while i < aid {
            let r = e - 1.0;
            y = (e * (r - (2.0 * e - q) * x) * d2 + (e - a) * (e - b) * x * d1) / (e * r * s);
            e = r;
            d1 = d2;
            d2 = y;
            i += 1.0;
        }
        return y;
    }
    if neg_int_ca_or_cb {
        return hypf();
    }
    hyt2f1(a, b, c, x).0
}
