//! The Fresnel integrals `S(z)` and `C(z)` of a complex argument, as xsf (Zhang and Jin's `cfs`
//! and `cfc`): the power series for `|z| <= 2.5`, a backward recurrence (Miller's algorithm) for
//! `2.5 < |z| < 4.5`, the asymptotic expansions of the auxiliary functions `f` and `g` beyond,
//! with the constant term picked by the quadrant of `z`. The CUDA side is
//! `kernels/special/cfresnel.cuh`.
//!
//! The complex products and quotients are those of SciPy's C++ build (GCC's `__muldc3` and
//! `__divdc3`: the plain product and Smith's quotient, with the infinities that compute as
//! `NaN + i NaN` recovered, C99 Annex G), and `sin`, `cos` of a complex argument are glibc's
//! `csin` and `ccos`, so that the overflowed values past `|Im(pi z^2 / 2)| ~ 710` come out as
//! SciPy's.

use super::cx::Cz;
use std::f64::consts::PI;

/// `copysign(isinf(v) ? 1 : 0, v)`: an infinite part "boxed" to +-1, a finite one to +-0.
fn boxed(v: f64) -> f64 {
    let one: f64 = if v.is_infinite() { 1.0 } else { 0.0 };
    one.copysign(v)
}

/// A NaN part replaced by a zero of its sign.
fn nan_to_zero(v: f64) -> f64 {
    if v.is_nan() { 0.0f64.copysign(v) } else { v }
}

/// GCC's complex product (`__muldc3`): `(ac - bd) + i (ad + bc)`, with the infinities that
/// compute as `NaN + i NaN` recovered.
pub(crate) fn mul(p: Cz, q: Cz) -> Cz {
    let (mut a, mut b, mut c, mut d) = (p.re, p.im, q.re, q.im);
    let (ac, bd, ad, bc) = (a * c, b * d, a * d, b * c);
    let (x, y) = (ac - bd, ad + bc);
    if !(x.is_nan() && y.is_nan()) {
        return Cz::new(x, y);
    }
    let mut recalc = false;
    if a.is_infinite() || b.is_infinite() {
        a = boxed(a);
        b = boxed(b);
        c = nan_to_zero(c);
        d = nan_to_zero(d);
        recalc = true;
    }
    if c.is_infinite() || d.is_infinite() {
        c = boxed(c);
        d = boxed(d);
        a = nan_to_zero(a);
        b = nan_to_zero(b);
        recalc = true;
    }
    if !recalc && (ac.is_infinite() || bd.is_infinite() || ad.is_infinite() || bc.is_infinite()) {
        a = nan_to_zero(a);
        b = nan_to_zero(b);
        c = nan_to_zero(c);
        d = nan_to_zero(d);
        recalc = true;
    }
    if recalc {
        return Cz::new(
            f64::INFINITY * (a * c - b * d),
            f64::INFINITY * (a * d + b * c),
        );
    }
    Cz::new(x, y)
}

/// GCC's complex quotient (`__divdc3`): Smith's algorithm with the operands scaled by powers of
/// 2 near the ends of the range, and the infinities and zeros that compute as `NaN + i NaN`
/// recovered.
pub(crate) fn div(p: Cz, q: Cz) -> Cz {
    const RBIG: f64 = f64::MAX / 2.0;
    const RMIN: f64 = f64::MIN_POSITIVE;
    const RMIN2: f64 = f64::EPSILON;
    const RMINSCAL: f64 = 1.0 / f64::EPSILON;
    const RMAX2: f64 = RBIG * RMIN2;
    let (mut a, mut b, mut c, mut d) = (p.re, p.im, q.re, q.im);
    let (x, y);
    if c.abs() < d.abs() {
        if d.abs() >= RBIG {
            (a, b, c, d) = (a / 2.0, b / 2.0, c / 2.0, d / 2.0);
        }
        if d.abs() < RMIN2
            || (a.abs() < RMIN && b.abs() < RMAX2 && d.abs() < RMAX2)
            || (b.abs() < RMIN && a.abs() < RMAX2 && d.abs() < RMAX2)
        {
            (a, b, c, d) = (a * RMINSCAL, b * RMINSCAL, c * RMINSCAL, d * RMINSCAL);
        }
        let ratio = c / d;
        let denom = c * ratio + d;
        if ratio.abs() > RMIN {
            x = (a * ratio + b) / denom;
            y = (b * ratio - a) / denom;
        } else {
            x = (c * (a / d) + b) / denom;
            y = (c * (b / d) - a) / denom;
        }
    } else {
        if c.abs() >= RBIG {
            (a, b, c, d) = (a / 2.0, b / 2.0, c / 2.0, d / 2.0);
        }
        if c.abs() < RMIN2
            || (a.abs() < RMIN && b.abs() < RMAX2 && c.abs() < RMAX2)
            || (b.abs() < RMIN && a.abs() < RMAX2 && c.abs() < RMAX2)
        {
            (a, b, c, d) = (a * RMINSCAL, b * RMINSCAL, c * RMINSCAL, d * RMINSCAL);
        }
        let ratio = d / c;
        let denom = d * ratio + c;
        if ratio.abs() > RMIN {
            x = (b * ratio + a) / denom;
            y = (b - a * ratio) / denom;
        } else {
            x = (a + d * (b / c)) / denom;
            y = (b - d * (a / c)) / denom;
        }
    }
    if x.is_nan() && y.is_nan() {
        if c == 0.0 && d == 0.0 && (!a.is_nan() || !b.is_nan()) {
            let inf = f64::INFINITY.copysign(c);
            return Cz::new(inf * a, inf * b);
        }
        if (a.is_infinite() || b.is_infinite()) && c.is_finite() && d.is_finite() {
            let (a, b) = (boxed(a), boxed(b));
            return Cz::new(
                f64::INFINITY * (a * c + b * d),
                f64::INFINITY * (b * c - a * d),
            );
        }
        if (c.is_infinite() || d.is_infinite()) && a.is_finite() && b.is_finite() {
            let (c, d) = (boxed(c), boxed(d));
            return Cz::new(0.0 * (a * c + b * d), 0.0 * (b * c - a * d));
        }
    }
    Cz::new(x, y)
}

/// `(int)((DBL_MAX_EXP - 1) * M_LN2)`: past it, glibc's `csin` and `ccosh` scale `exp`.
const T: f64 = 709.0;

/// `sin(x), cos(x)` as glibc's complex functions take them: `(x, 1)` below `DBL_MIN`.
fn sincos_min(x: f64) -> (f64, f64) {
    if x.abs() > f64::MIN_POSITIVE {
        (x.sin(), x.cos())
    } else {
        (x, 1.0)
    }
}

/// `(e cosh-part, e sinh-part)` for `|r| > T` as glibc's `csin` and `ccosh`: `u, v` times
/// `exp(|r|)`, by `exp(T)` in steps (`DBL_MAX` times the parts past `3 T`).
fn scaled_exp(r: f64, mut u: f64, mut v: f64) -> (f64, f64) {
    let exp_t = T.exp();
    let mut rx = r.abs() - T;
    u *= exp_t / 2.0;
    v *= exp_t / 2.0;
    if rx > T {
        rx -= T;
        u *= exp_t;
        v *= exp_t;
    }
    if rx > T {
        (f64::MAX * u, f64::MAX * v)
    } else {
        let ev = rx.exp();
        (ev * u, ev * v)
    }
}

/// glibc's `csin(z)`: `sin x cosh y + i cos x sinh y`, scaled where `cosh` overflows.
pub(crate) fn csin(z: Cz) -> Cz {
    let negate = z.re.is_sign_negative();
    let rx = z.re.abs();
    let iy = z.im;
    if iy.is_finite() {
        if rx.is_finite() {
            let (mut sinix, mut cosix) = sincos_min(rx);
            if negate {
                sinix = -sinix;
            }
            if iy.abs() > T {
                if iy.is_sign_negative() {
                    cosix = -cosix;
                }
                let (s, c) = scaled_exp(iy, sinix, cosix);
                return Cz::new(s, c);
            }
            return Cz::new(iy.cosh() * sinix, iy.sinh() * cosix);
        }
        if iy == 0.0 {
            return Cz::new(f64::NAN, iy);
        }
        return Cz::new(f64::NAN, f64::NAN);
    }
    if iy.is_infinite() {
        if rx == 0.0 {
            return Cz::new(0.0f64.copysign(if negate { -1.0 } else { 1.0 }), iy);
        }
        if rx.is_finite() {
            let (sinix, cosix) = sincos_min(rx);
            let mut re = f64::INFINITY.copysign(sinix);
            let mut im = f64::INFINITY.copysign(cosix);
            if negate {
                re = -re;
            }
            if iy.is_sign_negative() {
                im = -im;
            }
            return Cz::new(re, im);
        }
        return Cz::new(f64::NAN, f64::INFINITY);
    }
    let re = if rx == 0.0 {
        0.0f64.copysign(if negate { -1.0 } else { 1.0 })
    } else {
        f64::NAN
    };
    Cz::new(re, f64::NAN)
}

/// glibc's `ccosh(z)`: `cosh x cos y + i sinh x sin y`, scaled where `cosh` overflows.
fn ccosh(z: Cz) -> Cz {
    let (rx, iy) = (z.re, z.im);
    if rx.is_finite() {
        if iy.is_finite() {
            let (mut sinix, mut cosix) = sincos_min(iy);
            if rx.abs() > T {
                if rx.is_sign_negative() {
                    sinix = -sinix;
                }
                let (c, s) = scaled_exp(rx, cosix, sinix);
                return Cz::new(c, s);
            }
            cosix *= rx.cosh();
            sinix *= rx.sinh();
            return Cz::new(cosix, sinix);
        }
        let im = if rx == 0.0 { 0.0 } else { f64::NAN };
        return Cz::new(f64::NAN, im);
    }
    if rx.is_infinite() {
        if iy.is_finite() && iy != 0.0 {
            let (sinix, cosix) = sincos_min(iy);
            return Cz::new(
                f64::INFINITY.copysign(cosix),
                f64::INFINITY.copysign(sinix) * 1.0f64.copysign(rx),
            );
        }
        if iy == 0.0 {
            return Cz::new(f64::INFINITY, iy * 1.0f64.copysign(rx));
        }
        return Cz::new(f64::INFINITY, f64::NAN);
    }
    let im = if iy == 0.0 { iy } else { f64::NAN };
    Cz::new(f64::NAN, im)
}

/// glibc's `ccos(z) = ccosh(iz)`.
pub(crate) fn ccos(z: Cz) -> Cz {
    ccosh(Cz::new(-z.im, z.re))
}

/// `pi z^2 / 2` and its square, as xsf forms them (`0.5 * pi * z * z`).
fn zp_of(z: Cz) -> (Cz, Cz) {
    let zp = mul(z * (0.5 * PI), z);
    (zp, mul(zp, zp))
}

/// The sum `sum_{k even}` (`parity = 0`, for `C`) or `sum_{k odd}` (`parity = 1`, for `S`) of
/// Miller's backward recurrence `f_k = (2k + 3) f_{k+1} / zp - f_{k+2}` from `k = 85`, and its
/// last term `f_0`.
fn miller(zp: Cz, parity: u32) -> (Cz, Cz) {
    let mut sum = Cz::new(0.0, 0.0);
    let mut cf1 = Cz::new(0.0, 0.0);
    let mut cf0 = Cz::new(1.0e-100, 0.0);
    let mut cf = cf0;
    for k in (0..=85u32).rev() {
        cf = div(cf0 * (2.0 * f64::from(k) + 3.0), zp) - cf1;
        if k % 2 == parity {
            sum = sum + cf;
        }
        cf1 = cf0;
        cf0 = cf;
    }
    (sum, cf)
}

/// The sums of xsf's asymptotic expansions: `cf = sum_{k=0..20} r_k`, `r_k = -r_{k-1} (4k -
/// 1)(4k - 3) / (4 zp^2)`, `r_0 = 1`, and `cg = sum_{k=0..12} r_k`, `r_k = -r_{k-1} (4k + 1)(4k -
/// 1) / (4 zp^2)`, `r_0 = cg0`.
fn asymptotic_sums(zp2: Cz, cg0: Cz) -> (Cz, Cz) {
    let mut cr = Cz::new(1.0, 0.0);
    let mut cf = Cz::new(1.0, 0.0);
    for k in 1..=20 {
        let kf = f64::from(k);
        cr = div(cr * -0.25 * (4.0 * kf - 1.0) * (4.0 * kf - 3.0), zp2);
        cf = cf + cr;
    }
    let mut cr = cg0;
    let mut cg = cg0;
    for k in 1..=12 {
        let kf = f64::from(k);
        cr = div(cr * -0.25 * (4.0 * kf + 1.0) * (4.0 * kf - 1.0), zp2);
        cg = cg + cr;
    }
    (cf, cg)
}

/// Which of the four quadrants `|arg(+-z)| <= pi/4`, `|arg(+-iz)| < pi/4` holds `z`: 0 right,
/// 1 upper, 2 left, 3 lower (NaN: lower).
fn quadrant(z: Cz) -> u32 {
    if z.im > -z.re && z.im <= z.re {
        0
    } else if z.im > z.re && z.im >= -z.re {
        1
    } else if z.im < -z.re && z.im >= z.re {
        2
    } else {
        3
    }
}

/// Zhang and Jin's `cfc`: the Fresnel integral `C(z)`.
pub(crate) fn cfc(z: Cz) -> Cz {
    let eps = 1.0e-14;
    let w0 = z.abs();
    let (zp, zp2) = zp_of(z);
    if z.re == 0.0 && z.im == 0.0 {
        return Cz::new(0.0, 0.0);
    }
    if w0 <= 2.5 {
        let mut cr = z;
        let mut c = cr;
        let mut wa0 = 0.0;
        for k in 1..=80 {
            let kf = f64::from(k);
            cr = mul(
                cr * -0.5 * (4.0 * kf - 3.0) / kf / (2.0 * kf - 1.0) / (4.0 * kf + 1.0),
                zp2,
            );
            c = c + cr;
            let wa = c.abs();
            if ((wa - wa0) / wa).abs() < eps && k > 10 {
                return c;
            }
            wa0 = wa;
        }
        return c;
    }
    if w0 < 4.5 {
        let (c, cf) = miller(zp, 0);
        let t = div(mul(div(Cz::new(2.0, 0.0), z * PI), csin(zp)), cf);
        return mul(c, t);
    }
    // C(z) = i C(-iz)
    let d = match quadrant(z) {
        0 => Cz::new(0.5, 0.0),
        1 => Cz::new(0.0, 0.5),
        2 => Cz::new(-0.5, 0.0),
        _ => Cz::new(0.0, -0.5),
    };
    let cr = div(Cz::new(1.0, 0.0), mul(z * PI, z));
    let (cf, cg) = asymptotic_sums(zp2, cr);
    d + div(mul(cf, csin(zp)) - mul(cg, ccos(zp)), z * PI)
}

/// Zhang and Jin's `cfs`: the Fresnel integral `S(z)`.
pub(crate) fn cfs(z: Cz) -> Cz {
    let eps = 1.0e-14;
    let w0 = z.abs();
    let (zp, zp2) = zp_of(z);
    if z.re == 0.0 && z.im == 0.0 {
        return Cz::new(0.0, 0.0);
    }
    if w0 <= 2.5 {
        let mut s = mul(z, zp) / 3.0;
        let mut cr = s;
        let mut wb0 = 0.0;
        for k in 1..=80 {
            let kf = f64::from(k);
            cr = mul(
                cr * -0.5 * (4.0 * kf - 1.0) / kf / (2.0 * kf + 1.0) / (4.0 * kf + 3.0),
                zp2,
            );
            s = s + cr;
            let wb = s.abs();
            if (wb - wb0).abs() < eps && k > 10 {
                return s;
            }
            wb0 = wb;
        }
        return s;
    }
    if w0 < 4.5 {
        let (s, cf) = miller(zp, 1);
        let t = div(mul(div(Cz::new(2.0, 0.0), z * PI), csin(zp)), cf);
        return mul(t, s);
    }
    // S(z) = -i S(-iz)
    let d = match quadrant(z) {
        0 => Cz::new(0.5, 0.0),
        1 => Cz::new(0.0, -0.5),
        2 => Cz::new(-0.5, 0.0),
        _ => Cz::new(0.0, 0.5),
    };
    let (cf, cg) = asymptotic_sums(zp2, Cz::new(1.0, 0.0));
    let cg = div(cg, mul(z * PI, z));
    d - div(mul(cf, ccos(zp)) + mul(cg, csin(zp)), z * PI)
}

/// xsf's complex `fresnel`: `(S(z), C(z))`.
pub(crate) fn cfresnel(z: Cz) -> (Cz, Cz) {
    (cfs(z), cfc(z))
}
