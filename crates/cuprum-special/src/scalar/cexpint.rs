//! The exponential integrals `E1(z)` and `Ei(z)` of a complex argument, as xsf (Zhang and Jin's
//! `e1z`): the power series for `|z| < 5` and in a wedge about the negative real axis out to
//! `|z| < 40`, the continued fraction (DLMF 6.9) elsewhere; `Ei(z) = -E1(-z) +- i pi`. The CUDA
//! side is `kernels/special/cexpint.cuh`.

use super::EULER;
use super::cx::{Cz, recip};
use std::f64::consts::PI;

/// `E1(z)`, with the branch cut on the negative real axis (the sign of a zero imaginary part
/// picks the side).
pub(crate) fn cexp1(z: Cz) -> Cz {
    let x = z.re;
    let a0 = z.abs();
    let xt = -2.0 * z.im.abs();
    if a0 == 0.0 {
        return Cz::new(f64::INFINITY, 0.0);
    }
    if a0 < 5.0 || (x < xt && a0 < 40.0) {
        let mut ce1 = Cz::new(1.0, 0.0);
        let mut cr = Cz::new(1.0, 0.0);
        for k in 1..501 {
            let kf = f64::from(k);
            cr = -cr * z * (kf / ((kf + 1.0) * (kf + 1.0)));
            ce1 = ce1 + cr;
            if cr.abs() < ce1.abs() * 1e-15 {
                break;
            }
        }
        if x <= 0.0 && z.im == 0.0 {
            let t = Cz::new(-EULER, 0.0) - (-z).ln() + z * ce1;
            return Cz::new(t.re, t.im - PI.copysign(z.im));
        }
        return Cz::new(-EULER, 0.0) - z.ln() + z * ce1;
    }
    let mut zd = recip(z);
    let mut zdc = zd;
    let mut zc = zdc;
    for k in 1..501 {
        let kf = f64::from(k);
        zd = recip(zd * kf + 1.0);
        zdc = zdc * (zd - 1.0);
        zc = zc + zdc;
        zd = recip(zd * kf + z);
        zdc = zdc * (z * zd - 1.0);
        zc = zc + zdc;
        if zdc.abs() <= zc.abs() * 1e-15 && k > 20 {
            break;
        }
    }
    let ce1 = (-z).exp() * zc;
    if x <= 0.0 && z.im == 0.0 {
        return Cz::new(ce1.re, ce1.im - PI);
    }
    ce1
}

/// `Ei(z) = -E1(-z) + i pi sign(Im z)` (`+ i pi` on the positive real axis with `Im z = +0`).
pub(crate) fn cexpi(z: Cz) -> Cz {
    let c = -cexp1(-z);
    if z.im > 0.0 {
        Cz::new(c.re, c.im + PI)
    } else if z.im < 0.0 {
        Cz::new(c.re, c.im - PI)
    } else if z.re > 0.0 {
        Cz::new(c.re, c.im + PI.copysign(z.im))
    } else {
        c
    }
}

/// DLMF 6.6.5 and 6.6.6: the power series of `(Si, Ci - gamma - log z)` (`sgn = -1`) or `(Shi,
/// Chi - gamma - log z)` (`sgn = 1`).
fn sici_series(sgn: f64, z: Cz) -> (Cz, Cz) {
    let mut fac = z;
    let mut s = fac;
    let mut c = Cz::new(0.0, 0.0);
    for n in 1..100 {
        let nf = f64::from(n);
        fac = fac * ((z * sgn) / (2.0 * nf));
        let term2 = fac / (2.0 * nf);
        c = c + term2;
        fac = fac * (z / (2.0 * nf + 1.0));
        let term1 = fac / (2.0 * nf + 1.0);
        s = s + term1;
        if term1.abs() < f64::EPSILON * s.abs() && term2.abs() < f64::EPSILON * c.abs() {
            break;
        }
    }
    (s, c)
}

/// xsf's complex `sici`: `(Si(z), Ci(z))` by the power series for `|z| < 0.8`, else from
/// `Ei(+-iz)` (DLMF 6.5.5, 6.5.6 and 6.4.4 to 6.4.7).
pub(crate) fn csici(z: Cz) -> (Cz, Cz) {
    if z.re == f64::INFINITY && z.im == 0.0 {
        return (Cz::new(PI / 2.0, 0.0), Cz::new(0.0, 0.0));
    }
    if z.re == f64::NEG_INFINITY && z.im == 0.0 {
        return (Cz::new(-PI / 2.0, 0.0), Cz::new(0.0, PI));
    }
    if z.abs() < 0.8 {
        let (si, ci) = sici_series(-1.0, z);
        if z.re == 0.0 && z.im == 0.0 {
            return (si, Cz::new(f64::NEG_INFINITY, f64::NAN));
        }
        return (si, ci + (z.ln() + EULER));
    }
    let jz = Cz::new(0.0, 1.0) * z;
    let t1 = cexpi(jz);
    let t2 = cexpi(-jz);
    let mut si = Cz::new(0.0, -0.5) * (t1 - t2);
    let mut ci = (t1 + t2) * 0.5;
    if z.re == 0.0 {
        if z.im > 0.0 {
            ci.im += PI / 2.0;
        } else if z.im < 0.0 {
            ci.im -= PI / 2.0;
        }
    } else if z.re > 0.0 {
        si.re -= PI / 2.0;
    } else {
        si.re += PI / 2.0;
        if z.im >= 0.0 {
            ci.im += PI;
        } else {
            ci.im -= PI;
        }
    }
    (si, ci)
}

/// xsf's complex `shichi`: `(Shi(z), Chi(z))` by the power series for `|z| < 0.8`, else from
/// `Ei(+-z)`.
pub(crate) fn cshichi(z: Cz) -> (Cz, Cz) {
    if z.re == f64::INFINITY && z.im == 0.0 {
        return (Cz::new(f64::INFINITY, 0.0), Cz::new(f64::INFINITY, 0.0));
    }
    if z.re == f64::NEG_INFINITY && z.im == 0.0 {
        return (Cz::new(f64::NEG_INFINITY, 0.0), Cz::new(f64::INFINITY, 0.0));
    }
    if z.abs() < 0.8 {
        let (shi, chi) = sici_series(1.0, z);
        if z.re == 0.0 && z.im == 0.0 {
            return (shi, Cz::new(f64::NEG_INFINITY, f64::NAN));
        }
        return (shi, chi + (z.ln() + EULER));
    }
    let t1 = cexpi(z);
    let t2 = cexpi(-z);
    let mut shi = (t1 - t2) * 0.5;
    let mut chi = (t1 + t2) * 0.5;
    if z.im > 0.0 {
        shi.im -= 0.5 * PI;
        chi.im += 0.5 * PI;
    } else if z.im < 0.0 {
        shi.im += 0.5 * PI;
        chi.im -= 0.5 * PI;
    } else if z.re < 0.0 {
        chi.im += PI;
    }
    (shi, chi)
}
