//! Complex arithmetic in float64 for the functions of a complex argument (`Cz`), with the
//! elementary functions xsf builds on: `log`, `exp`, `sinpi`, `cospi`, `log1p`, `expm1` and a
//! polynomial with real coefficients. The CUDA side is `kernels/special/cx.cuh` (the same
//! formulas: plain products, Smith's division, `hypot` for the modulus).

use super::dd::Dd;
use super::elementary::{cosm1, expm1, log1p};
use super::{cospi, sinpi};
use std::f64::consts::PI;
use std::ops::{Add, Div, Mul, Neg, Sub};

/// A complex number `re + i im`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Cz {
    pub(crate) re: f64,
    pub(crate) im: f64,
}

impl Cz {
    pub(crate) const fn new(re: f64, im: f64) -> Self {
        Cz { re, im }
    }
    /// `|z|` (`hypot`).
    pub(crate) fn abs(self) -> f64 {
        self.re.hypot(self.im)
    }
    /// `re^2 + im^2`.
    pub(crate) fn norm(self) -> f64 {
        self.re * self.re + self.im * self.im
    }
    pub(crate) fn conj(self) -> Cz {
        Cz::new(self.re, -self.im)
    }
    pub(crate) fn is_finite(self) -> bool {
        self.re.is_finite() && self.im.is_finite()
    }
    pub(crate) fn is_nan(self) -> bool {
        self.re.is_nan() || self.im.is_nan()
    }
    /// The principal logarithm `log|z| + i arg z`.
    pub(crate) fn ln(self) -> Cz {
        Cz::new(self.abs().ln(), self.im.atan2(self.re))
    }
    /// `exp(re) (cos im + i sin im)` (a real argument keeps its zero imaginary part).
    pub(crate) fn exp(self) -> Cz {
        let e = self.re.exp();
        if self.im == 0.0 {
            return Cz::new(e, self.im);
        }
        Cz::new(e * self.im.cos(), e * self.im.sin())
    }
}

impl Add for Cz {
    type Output = Cz;
    fn add(self, o: Cz) -> Cz {
        Cz::new(self.re + o.re, self.im + o.im)
    }
}
impl Add<f64> for Cz {
    type Output = Cz;
    fn add(self, o: f64) -> Cz {
        Cz::new(self.re + o, self.im)
    }
}
impl Sub for Cz {
    type Output = Cz;
    fn sub(self, o: Cz) -> Cz {
        Cz::new(self.re - o.re, self.im - o.im)
    }
}
impl Sub<f64> for Cz {
    type Output = Cz;
    fn sub(self, o: f64) -> Cz {
        Cz::new(self.re - o, self.im)
    }
}
impl Mul for Cz {
    type Output = Cz;
    fn mul(self, o: Cz) -> Cz {
        Cz::new(
            self.re * o.re - self.im * o.im,
            self.re * o.im + self.im * o.re,
        )
    }
}
impl Mul<f64> for Cz {
    type Output = Cz;
    fn mul(self, o: f64) -> Cz {
        Cz::new(self.re * o, self.im * o)
    }
}
impl Div for Cz {
    type Output = Cz;
    /// Smith's algorithm.
    fn div(self, o: Cz) -> Cz {
        if o.re.abs() >= o.im.abs() {
            let r = o.im / o.re;
            let d = o.re + o.im * r;
            Cz::new((self.re + self.im * r) / d, (self.im - self.re * r) / d)
        } else {
            let r = o.re / o.im;
            let d = o.re * r + o.im;
            Cz::new((self.re * r + self.im) / d, (self.im * r - self.re) / d)
        }
    }
}
impl Div<f64> for Cz {
    type Output = Cz;
    fn div(self, o: f64) -> Cz {
        Cz::new(self.re / o, self.im / o)
    }
}
impl Neg for Cz {
    type Output = Cz;
    fn neg(self) -> Cz {
        Cz::new(-self.re, -self.im)
    }
}

/// `1 / z`.
pub(crate) fn recip(z: Cz) -> Cz {
    Cz::new(1.0, 0.0) / z
}

/// xsf's `evalpoly`: the polynomial with real coefficients `c` (highest degree first, degree
/// `c.len() - 1 >= 1`) at `z`, by Knuth's second-order recurrence (TAOCP 4.6.4 (3)).
pub(crate) fn evalpoly(c: &[f64], z: Cz) -> Cz {
    let (mut a, mut b) = (c[0], c[1]);
    let r = 2.0 * z.re;
    let s = z.norm();
    for &cj in &c[2..] {
        let tmp = b;
        b = (-s).mul_add(a, cj);
        a = r.mul_add(a, tmp);
    }
    z * a + b
}

/// xsf's `sinpi(z)`: `sin(pi x) cosh(pi y) + i cos(pi x) sinh(pi y)`, scaled by `exp(pi |y| /
/// 2)` twice where `cosh` would overflow.
pub(crate) fn csinpi(z: Cz) -> Cz {
    let piy = PI * z.im;
    let abspiy = piy.abs();
    let (s, c) = (sinpi(z.re), cospi(z.re));
    if abspiy < 700.0 {
        return Cz::new(s * piy.cosh(), c * piy.sinh());
    }
    let e = (abspiy / 2.0).exp();
    if e.is_infinite() {
        let re = if s == 0.0 {
            0.0f64.copysign(s)
        } else {
            f64::INFINITY.copysign(s)
        };
        let im = if c == 0.0 {
            0.0f64.copysign(c)
        } else {
            f64::INFINITY.copysign(c)
        };
        return Cz::new(re, im);
    }
    Cz::new(0.5 * s * e * e, 0.5 * c * e * e)
}

/// xsf's `cospi(z)`: `cos(pi x) cosh(pi y) - i sin(pi x) sinh(pi y)`, scaled as [`csinpi`].
pub(crate) fn ccospi(z: Cz) -> Cz {
    let piy = PI * z.im;
    let abspiy = piy.abs();
    let (s, c) = (sinpi(z.re), cospi(z.re));
    if abspiy < 700.0 {
        return Cz::new(c * piy.cosh(), -s * piy.sinh());
    }
    let e = (abspiy / 2.0).exp();
    if e.is_infinite() {
        let re = if s == 0.0 {
            0.0f64.copysign(c)
        } else {
            f64::INFINITY.copysign(c)
        };
        let im = if c == 0.0 {
            0.0f64.copysign(s)
        } else {
            f64::INFINITY.copysign(s)
        };
        return Cz::new(re, im);
    }
    Cz::new(0.5 * c * e * e, 0.5 * s * e * e)
}

/// xsf's complex `log1p`: `log(1 + z)` with `0.5 log1p(|z| (|z| + 2x/|z|))` for `|z| < 0.707`
/// (in double-double arithmetic where `x ~ -y^2/2` cancels).
pub(crate) fn clog1p(z: Cz) -> Cz {
    let (zr, zi) = (z.re, z.im);
    if !z.is_finite() {
        let (r, i) = (zr + 1.0, zi);
        if r.is_nan() && i.is_nan() {
            return Cz::new(f64::NAN, f64::NAN);
        }
        return Cz::new(r.hypot(i).ln(), i.atan2(r));
    }
    if zi == 0.0 && zr >= -1.0 {
        return Cz::new(log1p(zr), zi);
    }
    let az = z.abs();
    if az < 0.707 {
        let azi = zi.abs();
        if zr < 0.0 && (-zr - azi * azi / 2.0).abs() / (-zr) < 0.5 {
            // r^2 + i^2 + 2r in double-double
            let r = Dd(zr, 0.0);
            let i = Dd(zi, 0.0);
            let absm1 = r.mul(r).add(i.mul(i)).add(Dd(2.0 * zr, 0.0));
            return Cz::new(0.5 * log1p(absm1.0 + absm1.1), zi.atan2(zr + 1.0));
        }
        return Cz::new(0.5 * log1p(az * (az + 2.0 * zr / az)), zi.atan2(zr + 1.0));
    }
    (z + 1.0).ln()
}

/// xsf's complex `expm1`: `expm1(x) cos y + cosm1(y) + i exp(x) sin y`.
pub(crate) fn cexpm1(z: Cz) -> Cz {
    let (zr, zi) = (z.re, z.im);
    if !z.is_finite() {
        let inf = f64::INFINITY;
        if zr.is_nan() {
            // cexp(NaN + 0i) - 1 = NaN + 0i (C99 Annex G), as SciPy 1.17.1
            return Cz::new(f64::NAN, if zi == 0.0 { zi } else { f64::NAN });
        }
        if zr.is_infinite() {
            if zr < 0.0 {
                return Cz::new(-1.0, 0.0);
            }
            if zi == 0.0 {
                return Cz::new(inf, zi);
            }
            if zi.is_finite() {
                return Cz::new(inf * zi.cos(), inf * zi.sin());
            }
            return Cz::new(inf, f64::NAN);
        }
        return Cz::new(f64::NAN, f64::NAN);
    }
    let mut ezr = 0.0;
    let x = if zr <= -40.0 {
        -1.0
    } else {
        ezr = expm1(zr);
        ezr * zi.cos() + cosm1(zi)
    };
    let y = if zr > -1.0 {
        (ezr + 1.0) * zi.sin()
    } else {
        zr.exp() * zi.sin()
    };
    Cz::new(x, y)
}

/// xsf's complex `xlogy`: `x log y`, 0 where `x == 0` and `y` is not NaN.
pub(crate) fn cxlogy(x: Cz, y: Cz) -> Cz {
    if x.re == 0.0 && x.im == 0.0 && !y.is_nan() {
        return Cz::new(0.0, 0.0);
    }
    x * y.ln()
}

/// xsf's complex `xlog1py`: `x log1p(y)`, 0 where `x == 0` and `y` is not NaN.
pub(crate) fn cxlog1py(x: Cz, y: Cz) -> Cz {
    if x.re == 0.0 && x.im == 0.0 && !y.is_nan() {
        return Cz::new(0.0, 0.0);
    }
    x * clog1p(y)
}
