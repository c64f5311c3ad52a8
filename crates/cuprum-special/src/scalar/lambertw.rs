//! The Lambert W function on the complex plane, branch `k` (xsf `lambertw.h` of SciPy 1.17,
//! after mpmath): an initial guess (the branch-point series of W(z, 0) within 0.3 of `-1/e`,
//! a (3, 2) Pade approximation near 0, `log(-x)` for the real part of branch -1, the two-term
//! asymptotic series elsewhere), then Halley's iteration until a step is below `tol` relative.
//! The complex arithmetic is spelled out (`Cx`) with the same formulas as
//! `kernels/special/lambertw.cuh`, so that both devices take the same steps.

use super::NAN;
use std::f64::consts::PI;

/// A complex number with the operations of the iteration (hypot modulus, Smith's division).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Cx {
    pub(crate) re: f64,
    pub(crate) im: f64,
}

impl Cx {
    pub(crate) const fn new(re: f64, im: f64) -> Self {
        Cx { re, im }
    }
    fn add(self, o: Cx) -> Cx {
        Cx::new(self.re + o.re, self.im + o.im)
    }
    fn sub(self, o: Cx) -> Cx {
        Cx::new(self.re - o.re, self.im - o.im)
    }
    fn mul(self, o: Cx) -> Cx {
        Cx::new(
            self.re * o.re - self.im * o.im,
            self.re * o.im + self.im * o.re,
        )
    }
    fn scale(self, s: f64) -> Cx {
        Cx::new(self.re * s, self.im * s)
    }
    fn addr(self, s: f64) -> Cx {
        Cx::new(self.re + s, self.im)
    }
    /// Smith's algorithm.
    fn div(self, o: Cx) -> Cx {
        if o.re.abs() >= o.im.abs() {
            let r = o.im / o.re;
            let d = o.re + o.im * r;
            Cx::new((self.re + self.im * r) / d, (self.im - self.re * r) / d)
        } else {
            let r = o.re / o.im;
            let d = o.re * r + o.im;
            Cx::new((self.re * r + self.im) / d, (self.im * r - self.re) / d)
        }
    }
    fn abs(self) -> f64 {
        self.re.hypot(self.im)
    }
    fn exp(self) -> Cx {
        let e = self.re.exp();
        if self.im == 0.0 {
            return Cx::new(e, self.im);
        }
        Cx::new(e * self.im.cos(), e * self.im.sin())
    }
    fn ln(self) -> Cx {
        Cx::new(self.abs().ln(), self.im.atan2(self.re))
    }
    /// The principal square root (Kahan's formula: no cancellation).
    fn sqrt(self) -> Cx {
        if self.re == 0.0 && self.im == 0.0 {
            return Cx::new(0.0, self.im);
        }
        let t = ((self.re.abs() + self.abs()) * 0.5).sqrt();
        if self.re >= 0.0 {
            Cx::new(t, self.im / (2.0 * t))
        } else {
            Cx::new(self.im.abs() / (2.0 * t), t.copysign(self.im))
        }
    }
}

/// `exp(-1)`.
const EXPN1: f64 = 0.36787944117144232159553;
/// `W(1, 0)`.
const OMEGA: f64 = 0.56714329040978387299997;

/// A polynomial with real coefficients (highest degree first) at a complex point (Knuth's
/// second-order recurrence, as xsf `cevalpoly`).
fn cevalpoly(c: &[f64], z: Cx) -> Cx {
    let mut a = c[0];
    let mut b = c[1];
    let r = 2.0 * z.re;
    let s = z.re * z.re + z.im * z.im;
    for &cj in &c[2..] {
        let tmp = b;
        b = (-s).mul_add(a, cj);
        a = r.mul_add(a, tmp);
    }
    z.scale(a).addr(b)
}

/// W(z, `k`) with Halley's iteration to relative step `tol`; NaN when 100 steps do not get
/// there.
pub(crate) fn lambertw(z: Cx, k: i64, tol: f64) -> Cx {
    let kf = k as f64;
    if z.re.is_nan() || z.im.is_nan() {
        return z;
    }
    if z.re == f64::INFINITY {
        return z.add(Cx::new(0.0, 2.0 * PI * kf));
    }
    if z.re == f64::NEG_INFINITY {
        return Cx::new(-z.re, -z.im + (2.0 * PI * kf + PI));
    }
    if z.re == 0.0 && z.im == 0.0 {
        if k == 0 {
            return z;
        }
        return Cx::new(f64::NEG_INFINITY, 0.0);
    }
    if z.re == 1.0 && z.im == 0.0 && k == 0 {
        return Cx::new(OMEGA, 0.0);
    }
    let absz = z.abs();
    let asy = |z: Cx| {
        let w = z.ln().add(Cx::new(0.0, 2.0 * PI * kf));
        w.sub(w.ln())
    };
    let mut w = if k == 0 {
        if z.addr(EXPN1).abs() < 0.3 {
            // the series about the branch point -1/e
            let p = z.scale(std::f64::consts::E).addr(1.0).scale(2.0).sqrt();
            cevalpoly(&[-1.0 / 3.0, 1.0, -1.0], p)
        } else if -1.0 < z.re && z.re < 1.5 && z.im.abs() < 1.0 && -2.5 * z.im.abs() - 0.2 < z.re {
            // (3, 2) Pade approximation about 0
            let num = [12.85106382978723404255, 12.34042553191489361902, 1.0];
            let den = [32.53191489361702127660, 14.34042553191489361702, 1.0];
            z.mul(cevalpoly(&num, z)).div(cevalpoly(&den, z))
        } else {
            asy(z)
        }
    } else if k == -1 && absz <= EXPN1 && z.im == 0.0 && z.re < 0.0 {
        Cx::new((-z.re).ln(), 0.0)
    } else {
        asy(z)
    };
    if w.re >= 0.0 {
        for _ in 0..100 {
            let ew = Cx::new(-w.re, -w.im).exp();
            let wewz = w.sub(z.mul(ew));
            let den = w
                .addr(1.0)
                .sub(w.addr(2.0).mul(wewz).div(w.scale(2.0).addr(2.0)));
            let wn = w.sub(wewz.div(den));
            if wn.sub(w).abs() <= tol * wn.abs() {
                return wn;
            }
            w = wn;
        }
    } else {
        for _ in 0..100 {
            let ew = w.exp();
            let wew = w.mul(ew);
            let wewz = wew.sub(z);
            let den = wew
                .add(ew)
                .sub(w.addr(2.0).mul(wewz).div(w.scale(2.0).addr(2.0)));
            let wn = w.sub(wewz.div(den));
            if wn.sub(w).abs() <= tol * wn.abs() {
                return wn;
            }
            w = wn;
        }
    }
    Cx::new(NAN, NAN)
}
