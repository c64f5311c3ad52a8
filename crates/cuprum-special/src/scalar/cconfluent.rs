//! Kummer's function `M(a, b, z)` of real parameters and a complex argument, as xsf (Zhang and
//! Jin's `cchg`): the special cases of closed form, the terminating series for a negative
//! integer `a`, Kummer's transformation for `Re z < 0`, the power series for
//! `|z| < 20 + |b|` (or `a < 0`) and the asymptotic expansion (DLMF 13.7.2, 8 terms) beyond,
//! with the forward recurrence in `a` for `a >= 2`. The CUDA side is
//! `kernels/special/cconfluent.cuh`.
//!
//! The complex products and quotients are GCC's `__muldc3` and `__divdc3` (as SciPy's C++
//! build), `exp` of a complex argument glibc's `cexp`, and `pow(z, p)` libstdc++'s
//! `polar(exp(p log|z|), p arg z)` (the real `pow` for a positive real `z`).

use super::cfresnel::{div, mul};
use super::cx::Cz;
use std::f64::consts::PI;

/// C's `(int)v` as x86 computes it: `INT_MIN` for NaN, infinities and values beyond `int`.
fn c_int(v: f64) -> i32 {
    if v.is_finite() && v.abs() < 2147483648.0 {
        v as i32
    } else {
        i32::MIN
    }
}

/// `sin(x), cos(x)` as glibc's complex functions take them: `(x, 1)` below `DBL_MIN`.
fn sincos_min(x: f64) -> (f64, f64) {
    if x.abs() > f64::MIN_POSITIVE {
        (x.sin(), x.cos())
    } else {
        (x, 1.0)
    }
}

/// glibc's `cexp(z)`: `exp(x) (cos y + i sin y)`, scaled by `exp(709)` in steps past 709, with
/// C99 Annex G's values at the infinities and NaNs.
pub(crate) fn cexp(z: Cz) -> Cz {
    const T: f64 = 709.0;
    let (mut x, y) = (z.re, z.im);
    if x.is_finite() {
        if !y.is_finite() {
            return Cz::new(f64::NAN, f64::NAN);
        }
        let (mut s, mut c) = sincos_min(y);
        if x > T {
            let et = T.exp();
            x -= T;
            s *= et;
            c *= et;
            if x > T {
                x -= T;
                s *= et;
                c *= et;
            }
        }
        if x > T {
            return Cz::new(f64::MAX * c, f64::MAX * s);
        }
        let e = x.exp();
        return Cz::new(e * c, e * s);
    }
    if x.is_infinite() {
        if y.is_finite() {
            let v = if x < 0.0 { 0.0 } else { f64::INFINITY };
            if y == 0.0 {
                return Cz::new(v, y);
            }
            let (s, c) = sincos_min(y);
            return Cz::new(v.copysign(c), v.copysign(s));
        }
        if x > 0.0 {
            // glibc's `y - y`: NaN for an infinite or NaN `y`
            #[allow(clippy::eq_op)]
            let nan = y - y;
            return Cz::new(f64::INFINITY, nan);
        }
        return Cz::new(0.0, 0.0f64.copysign(y));
    }
    if y == 0.0 {
        Cz::new(f64::NAN, y)
    } else {
        Cz::new(f64::NAN, f64::NAN)
    }
}

/// libstdc++'s `pow(z, p)` for a real exponent: the real `pow` for a positive real `z`, else
/// `polar(exp(p log|z|), p arg z)`.
fn cpow_real(z: Cz, p: f64) -> Cz {
    if z.im == 0.0 && z.re > 0.0 {
        return Cz::new(z.re.powf(p), 0.0);
    }
    let t = z.ln();
    let rho = (p * t.re).exp();
    let th = p * t.im;
    Cz::new(rho * th.cos(), rho * th.sin())
}

/// Zhang and Jin's `cgama(x, 0)` at a real `x`: `ln Gamma(x)` as a complex number (the
/// imaginary part `pi` times the count of negative factors), `1e300` at the poles.
fn cgama_ln(x: f64) -> Cz {
    const A: [f64; 10] = [
        8.333333333333333e-02,
        -2.777777777777778e-03,
        7.936507936507937e-04,
        -5.952380952380952e-04,
        8.417508417508418e-04,
        -1.917526917526918e-03,
        6.410256410256410e-03,
        -2.955065359477124e-02,
        1.796443723688307e-01,
        -1.392432216905900e+00,
    ];
    let (mut xx, mut yy) = (x, 0.0f64);
    let z1re;
    if xx <= 0.0 && xx == c_int(xx) as f64 {
        return Cz::new(1e300, 0.0);
    } else if xx < 0.0 {
        z1re = xx;
        xx = -xx;
        yy = -yy;
    } else {
        z1re = xx;
    }
    let mut x0 = xx;
    let mut na = 0;
    if xx <= 7.0 {
        na = c_int(7.0 - xx);
        x0 = xx + na as f64;
    }
    let az0 = x0.hypot(yy);
    let th = yy.atan2(x0);
    let mut gr = (x0 - 0.5) * az0.ln() - th * yy - x0 + 0.5 * (2.0 * PI).ln();
    let mut gi = th * (x0 - 0.5) + yy * az0.ln() - yy;
    for (k, a) in (1..11).zip(A) {
        let t = az0.powf((1 - 2 * k) as f64);
        gr += a * t * ((2.0 * k as f64 - 1.0) * th).cos();
        gi += -a * t * ((2.0 * k as f64 - 1.0) * th).sin();
    }
    if xx <= 7.0 {
        let (mut gr1, mut gi1) = (0.0, 0.0);
        for j in 0..na {
            gr1 += 0.5 * ((xx + j as f64) * (xx + j as f64) + yy * yy).ln();
            gi1 += yy.atan2(xx + j as f64);
        }
        gr -= gr1;
        gi -= gi1;
    }
    if z1re < 0.0 {
        let az0 = xx.hypot(yy);
        let th1 = yy.atan2(xx);
        let sr = -(PI * xx).sin() * (PI * yy).cosh();
        let si = -(PI * xx).cos() * (PI * yy).sinh();
        let az1 = sr.hypot(si);
        let th2 = si.atan2(sr);
        gr = (PI / (az0 * az1)).ln() - gr;
        gi = -th1 - th2 - gi;
    }
    Cz::new(gr, gi)
}

/// The power series of `M(a, b, z)` (up to 500 terms, to a relative change below 1e-15).
fn series(a: f64, b: f64, z: Cz) -> Cz {
    let mut chg = Cz::new(1.0, 0.0);
    let mut chw = Cz::new(0.0, 0.0);
    let mut crg = Cz::new(1.0, 0.0);
    for j in 1..501 {
        let j = j as f64;
        let (p, q) = (a + j - 1.0, j * (b + j - 1.0));
        crg = mul(Cz::new(crg.re * p / q, crg.im * p / q), z);
        chg = chg + crg;
        if div(chg - chw, chg).abs() < 1e-15 {
            break;
        }
        chw = chg;
    }
    chg
}

/// The asymptotic expansion of `M(a, b, z)` for `Re z >= 0` (DLMF 13.7.2, 8 terms of each sum).
fn asymptotic(a: f64, b: f64, z: Cz) -> Cz {
    let cg1 = cgama_ln(a);
    let cg2 = cgama_ln(b);
    let cg3 = cgama_ln(b - a);
    let (mut cs1, mut cs2) = (Cz::new(1.0, 0.0), Cz::new(1.0, 0.0));
    let (mut cr1, mut cr2) = (Cz::new(1.0, 0.0), Cz::new(1.0, 0.0));
    for i in 1..=8 {
        let fi = i as f64;
        let zi = Cz::new(z.re * fi, z.im * fi);
        let (p, q) = (a + fi - 1.0, a - b + fi);
        let t = Cz::new(-cr1.re * p * q, -cr1.im * p * q);
        cr1 = div(t, zi);
        let (p, q) = (b - a + fi - 1.0, fi - a);
        let t = Cz::new(cr2.re * p * q, cr2.im * p * q);
        cr2 = div(t, zi);
        cs1 = cs1 + cr1;
        cs2 = cs2 + cr2;
    }
    let (x, y) = (z.re, z.im);
    let phi = y.atan2(x);
    let ns: f64 = if phi > -0.5 * PI { 1.0 } else { -1.0 };
    // (ns * i) * pi * a, componentwise
    let arg = Cz::new(0.0 * ns * PI * a, ns * PI * a);
    let mut cfac = cexp(arg);
    if y == 0.0 {
        cfac = Cz::new((PI * a).cos(), 0.0);
    }
    let chg1 = mul(mul(mul(cexp(cg2 - cg3), cpow_real(z, -a)), cfac), cs1);
    let chg2 = mul(mul(cexp(cg2 - cg1 + z), cpow_real(z, a - b)), cs2);
    chg1 + chg2
}

/// xsf's `cchg(a, b, z)`: `M(a, b, z)`, `1e300` for `b` a non-positive integer.
fn cchg(a: f64, b: f64, z: Cz) -> Cz {
    let one = Cz::new(1.0, 0.0);
    if b == 0.0 || b == c_int(b.abs()).wrapping_neg() as f64 {
        return Cz::new(1e300, 0.0);
    }
    if a == 0.0 || (z.re == 0.0 && z.im == 0.0) {
        return one;
    }
    if a == -1.0 {
        return Cz::new(1.0 - z.re / b, -(z.im / b));
    }
    if a == b {
        return cexp(z);
    }
    if a - b == 1.0 {
        return mul(Cz::new(1.0 + z.re / b, z.im / b), cexp(z));
    }
    if a == 1.0 && b == 2.0 {
        return div(cexp(z) - one, z);
    }
    if a == c_int(a) as f64 && a < 0.0 {
        let m = c_int(-a);
        let mut cr = one;
        let mut chg = one;
        for k in 1..(m + 1) {
            let k = k as f64;
            let s1 = a + k - 1.0;
            let s2 = b + k - 1.0;
            cr = mul(Cz::new(cr.re * s1 / k / s2, cr.im * s1 / k / s2), z);
            chg = chg + cr;
        }
        return chg;
    }
    let mut a = a;
    let mut z = z;
    let mut a0 = a;
    let x0 = z.re;
    if x0 < 0.0 {
        a = b - a;
        a0 = a;
        z = -z;
    }
    let mut nl = 0;
    let mut la = 0;
    if a >= 2.0 {
        nl = 1;
        la = c_int(a);
        a -= (la + 1) as f64;
    }
    let (mut cy0, mut cy1) = (Cz::new(0.0, 0.0), Cz::new(0.0, 0.0));
    let mut chg = one;
    for n in 0..(nl + 1) {
        if a0 >= 2.0 {
            a += 1.0;
        }
        chg = if z.abs() < 20.0 + b.abs() || a < 0.0 {
            series(a, b, z)
        } else {
            asymptotic(a, b, z)
        };
        if n == 0 {
            cy0 = chg;
        }
        if n == 1 {
            cy1 = chg;
        }
    }
    if a0 >= 2.0 {
        for _ in 1..la {
            let t = mul(Cz::new(2.0 * a - b + z.re, z.im), cy1);
            let u = Cz::new((b - a) * cy0.re, (b - a) * cy0.im);
            let s = t + u;
            chg = Cz::new(s.re / a, s.im / a);
            cy0 = cy1;
            cy1 = chg;
            a += 1.0;
        }
    }
    if x0 < 0.0 {
        chg = mul(chg, cexp(-z));
    }
    chg
}

/// xsf's complex `hyp1f1(a, b, z)`: NaN for any NaN input, `cchg` otherwise with its overflow
/// marker `1e300` in the real part read as `inf`.
pub(crate) fn chyp1f1(a: f64, b: f64, z: Cz) -> Cz {
    if a.is_nan() || b.is_nan() || z.re.is_nan() || z.im.is_nan() {
        return Cz::new(f64::NAN, f64::NAN);
    }
    let mut w = cchg(a, b, z);
    if w.re == 1e300 {
        w.re = f64::INFINITY;
    }
    w
}
