//! Incomplete elliptic integrals `ellipkinc` (`F(phi | m)`) and `ellipeinc` (`E(phi | m)`):
//! Cephes `ellik.c`, `ellie.c` as SciPy has them (the arithmetic-geometric mean with
//! Landen's transformation; Carlson's symmetric forms for `m < 0`).

use super::elementary::{cosm1, ellipe, ellipkm1};
use super::{MACHEP, NAN, PI};
use std::f64::consts::FRAC_PI_2;

fn pow4(n: i32) -> f64 {
    4.0f64.powi(n)
}

fn ellik_neg_m(phi: f64, m: f64) -> f64 {
    let mpp = (m * phi) * phi;
    if -mpp < 1e-6 && phi < -m {
        return phi + (-mpp * phi * phi / 30.0 + 3.0 * mpp * mpp / 40.0 + mpp / 6.0) * phi;
    }
    if -mpp > 4e7 {
        let sm = (-m).sqrt();
        let sp = phi.sin();
        let cp = phi.cos();
        let a = (4.0 * sp * sm / (1.0 + cp)).ln();
        let b = -(1.0 + cp / sp / sp - a) / 4.0 / m;
        return (a + b) / sm;
    }
    let (scale, x, y, z);
    if phi > 1e-153 && m > -1e305 {
        let s = phi.sin();
        let csc2 = 1.0 / (s * s);
        scale = 1.0;
        x = 1.0 / (phi.tan() * phi.tan());
        y = csc2 - m;
        z = csc2;
    } else {
        scale = phi;
        x = 1.0;
        y = 1.0 - m * scale * scale;
        z = 1.0;
    }
    if x == y && x == z {
        return scale / x.sqrt();
    }
    let a0 = (x + y + z) / 3.0;
    let mut a = a0;
    let (mut x1, mut y1, mut z1) = (x, y, z);
    let mut q = 400.0 * (a0 - x).abs().max((a0 - y).abs().max((a0 - z).abs()));
    let mut n = 0;
    while q > a.abs() && n <= 100 {
        let (sx, sy, sz) = (x1.sqrt(), y1.sqrt(), z1.sqrt());
        let lam = sx * sy + sx * sz + sy * sz;
        x1 = (x1 + lam) / 4.0;
        y1 = (y1 + lam) / 4.0;
        z1 = (z1 + lam) / 4.0;
        a = (x1 + y1 + z1) / 3.0;
        n += 1;
        q /= 4.0;
    }
    let xx = (a0 - x) / a / pow4(n);
    let yy = (a0 - y) / a / pow4(n);
    let zz = -(xx + yy);
    let e2 = xx * yy - zz * zz;
    let e3 = xx * yy * zz;
    scale * (1.0 - e2 / 10.0 + e3 / 14.0 + e2 * e2 / 24.0 - 3.0 * e2 * e3 / 44.0) / a.sqrt()
}

/// The incomplete elliptic integral of the first kind `F(phi | m)`.
pub(crate) fn ellipkinc(phi: f64, m: f64) -> f64 {
    if phi.is_nan() || m.is_nan() || m > 1.0 {
        return NAN;
    }
    if phi.is_infinite() || m.is_infinite() {
        return if m.is_infinite() && phi.is_finite() {
            0.0
        } else if phi.is_infinite() && m.is_finite() {
            phi
        } else {
            NAN
        };
    }
    if m == 0.0 {
        return phi;
    }
    let a = 1.0 - m;
    if a == 0.0 {
        if phi.abs() >= FRAC_PI_2 {
            return f64::INFINITY;
        }
        return phi.tan().asinh();
    }
    let mut npio2 = (phi / FRAC_PI_2).floor();
    if npio2.abs() % 2.0 == 1.0 {
        npio2 += 1.0;
    }
    let mut k;
    let mut phi = phi;
    if npio2 != 0.0 {
        k = ellipkm1(a);
        phi -= npio2 * FRAC_PI_2;
    } else {
        k = 0.0;
    }
    let neg = phi < 0.0;
    if neg {
        phi = -phi;
    }
    let temp;
    if a > 1.0 {
        temp = ellik_neg_m(phi, m);
    } else {
        let mut b = a.sqrt();
        let mut t = phi.tan();
        let mut done = None;
        if t.abs() > 10.0 {
            let e = 1.0 / (b * t);
            if e.abs() < 10.0 {
                let e = e.atan();
                if npio2 == 0.0 {
                    k = ellipkm1(a);
                }
                done = Some(k - ellipkinc(e, m));
            }
        }
        temp = match done {
            Some(v) => v,
            None => {
                let mut aa = 1.0;
                let mut c = m.sqrt();
                let mut d = 1.0;
                let mut md: i64 = 0;
                while (c / aa).abs() > MACHEP {
                    let tt = b / aa;
                    phi = phi + (t * tt).atan() + md as f64 * PI;
                    let denom = 1.0 - tt * t * t;
                    if denom.abs() > 10.0 * MACHEP {
                        t = t * (1.0 + tt) / denom;
                        md = ((phi + FRAC_PI_2) / PI) as i64;
                    } else {
                        t = phi.tan();
                        md = ((phi - t.atan()) / PI).floor() as i64;
                    }
                    c = (aa - b) / 2.0;
                    let s = (aa * b).sqrt();
                    aa = (aa + b) / 2.0;
                    b = s;
                    d += d;
                }
                (t.atan() + md as f64 * PI) / (d * aa)
            }
        };
    }
    let temp = if neg { -temp } else { temp };
    temp + npio2 * k
}

fn ellie_neg_m(phi: f64, m: f64) -> f64 {
    let mpp = (m * phi) * phi;
    if -mpp < 1e-6 && phi < -m {
        return phi + (mpp * phi * phi / 30.0 - mpp * mpp / 40.0 - mpp / 6.0) * phi;
    }
    if -mpp > 1e6 {
        let sm = (-m).sqrt();
        let sp = phi.sin();
        let cp = phi.cos();
        let a = -cosm1(phi);
        let b1 = (4.0 * sp * sm / (1.0 + cp)).ln();
        let b = -(0.5 + b1) / 2.0 / m;
        let c = (0.75 + cp / sp / sp - b1) / 16.0 / m / m;
        return (a + b + c) * sm;
    }
    let (scalef, scaled, x, y, z);
    if phi > 1e-153 && m > -1e200 {
        let s = phi.sin();
        let csc2 = 1.0 / s / s;
        scalef = 1.0;
        scaled = m / 3.0;
        x = 1.0 / phi.tan() / phi.tan();
        y = csc2 - m;
        z = csc2;
    } else {
        scalef = phi;
        scaled = mpp * phi / 3.0;
        x = 1.0;
        y = 1.0 - mpp;
        z = 1.0;
    }
    if x == y && x == z {
        return (scalef + scaled / x) / x.sqrt();
    }
    let a0f = (x + y + z) / 3.0;
    let mut af = a0f;
    let a0d = (x + y + 3.0 * z) / 5.0;
    let mut ad = a0d;
    let (mut x1, mut y1, mut z1) = (x, y, z);
    let mut seriesd = 0.0;
    let mut seriesn = 1.0;
    let mut q = 400.0 * (a0f - x).abs().max((a0f - y).abs().max((a0f - z).abs()));
    let mut n = 0;
    while q > af.abs() && q > ad.abs() && n <= 100 {
        let (sx, sy, sz) = (x1.sqrt(), y1.sqrt(), z1.sqrt());
        let lam = sx * sy + sx * sz + sy * sz;
        seriesd += seriesn / (sz * (z1 + lam));
        x1 = (x1 + lam) / 4.0;
        y1 = (y1 + lam) / 4.0;
        z1 = (z1 + lam) / 4.0;
        af = (x1 + y1 + z1) / 3.0;
        ad = (ad + lam) / 4.0;
        n += 1;
        q /= 4.0;
        seriesn /= 4.0;
    }
    let xf = (a0f - x) / af / pow4(n);
    let yf = (a0f - y) / af / pow4(n);
    let zf = -(xf + yf);
    let e2f = xf * yf - zf * zf;
    let e3f = xf * yf * zf;
    let mut ret = scalef
        * (1.0 - e2f / 10.0 + e3f / 14.0 + e2f * e2f / 24.0 - 3.0 * e2f * e3f / 44.0)
        / af.sqrt();
    let xd = (a0d - x) / ad / pow4(n);
    let yd = (a0d - y) / ad / pow4(n);
    let zd = -(xd + yd) / 3.0;
    let e2d = xd * yd - 6.0 * zd * zd;
    let e3d = (3.0 * xd * yd - 8.0 * zd * zd) * zd;
    let e4d = 3.0 * (xd * yd - zd * zd) * zd * zd;
    let e5d = xd * yd * zd * zd * zd;
    ret -= scaled
        * (1.0 - 3.0 * e2d / 14.0 + e3d / 6.0 + 9.0 * e2d * e2d / 88.0
            - 3.0 * e4d / 22.0
            - 9.0 * e2d * e3d / 52.0
            + 3.0 * e5d / 26.0)
        / pow4(n)
        / ad
        / ad.sqrt();
    ret -= 3.0 * scaled * seriesd;
    ret
}

/// The incomplete elliptic integral of the second kind `E(phi | m)`.
pub(crate) fn ellipeinc(phi: f64, m: f64) -> f64 {
    if phi.is_nan() || m.is_nan() || m > 1.0 {
        return NAN;
    }
    if phi.is_infinite() {
        return phi;
    }
    if m.is_infinite() {
        return -m;
    }
    if m == 0.0 {
        return phi;
    }
    let mut lphi = phi;
    let mut npio2 = (lphi / FRAC_PI_2).floor();
    if npio2.abs() % 2.0 == 1.0 {
        npio2 += 1.0;
    }
    lphi -= npio2 * FRAC_PI_2;
    let neg = lphi < 0.0;
    if neg {
        lphi = -lphi;
    }
    let a = 1.0 - m;
    let ee = ellipe(m);
    let temp = if a == 0.0 {
        lphi.sin()
    } else if a > 1.0 {
        ellie_neg_m(lphi, m)
    } else if lphi < 0.135 {
        let m11 = (((((-7.0 / 2816.0) * m + (5.0 / 1056.0)) * m - (7.0 / 2640.0)) * m
            + (17.0 / 41580.0))
            * m
            - (1.0 / 155925.0))
            * m;
        let m9 =
            ((((-5.0 / 1152.0) * m + (1.0 / 144.0)) * m - (1.0 / 360.0)) * m + (1.0 / 5670.0)) * m;
        let m7 = ((-m / 112.0 + (1.0 / 84.0)) * m - (1.0 / 315.0)) * m;
        let m5 = (-m / 40.0 + (1.0 / 30.0)) * m;
        let m3 = -m / 6.0;
        let p2 = lphi * lphi;
        ((((m11 * p2 + m9) * p2 + m7) * p2 + m5) * p2 + m3) * p2 * lphi + lphi
    } else {
        let mut t = lphi.tan();
        let mut b = a.sqrt();
        let mut early = None;
        if t.abs() > 10.0 {
            let e = 1.0 / (b * t);
            if e.abs() < 10.0 {
                let e = e.atan();
                early = Some(ee + m * lphi.sin() * e.sin() - ellipeinc(e, m));
            }
        }
        match early {
            Some(v) => v,
            None => {
                let mut c = m.sqrt();
                let mut aa = 1.0;
                let mut d = 1.0;
                let mut e = 0.0;
                let mut md: i64 = 0;
                while (c / aa).abs() > MACHEP {
                    let tt = b / aa;
                    lphi = lphi + (t * tt).atan() + md as f64 * PI;
                    let denom = 1.0 - tt * t * t;
                    if denom.abs() > 10.0 * MACHEP {
                        t = t * (1.0 + tt) / denom;
                        md = ((lphi + FRAC_PI_2) / PI) as i64;
                    } else {
                        t = lphi.tan();
                        md = ((lphi - t.atan()) / PI).floor() as i64;
                    }
                    c = (aa - b) / 2.0;
                    let s = (aa * b).sqrt();
                    aa = (aa + b) / 2.0;
                    b = s;
                    d += d;
                    e += c * lphi.sin();
                }
                let mut r = ee / ellipkm1(1.0 - m);
                r *= (t.atan() + md as f64 * PI) / (d * aa);
                r + e
            }
        }
    };
    let temp = if neg { -temp } else { temp };
    temp + npio2 * ee
}
