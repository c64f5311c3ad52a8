//! The error function family of a complex argument, as xsf's Faddeeva package (S. G. Johnson)
//! computes it from `w(z)`: `erf`, `erfc`, `erfcx`, `erfi`, Dawson's integral, and xsf's
//! `ndtr` and `log_ndtr` of a complex argument. Taylor series where `|z|` or `|xy|` is small (the
//! formulas through `w` cancel there). The CUDA side is `kernels/special/cerf.cuh`.

use super::cx::Cz;
use super::dawson::w_im;
use super::faddeeva::faddeeva_w;
use std::f64::consts::{FRAC_1_SQRT_2, FRAC_2_SQRT_PI, LN_2, PI};

const INF: f64 = f64::INFINITY;
const NAN: f64 = f64::NAN;
/// `sqrt(pi) / 2`.
const SPI2: f64 = 0.886_226_925_452_758_013_649;

fn w(z: Cz) -> Cz {
    let (r, i) = faddeeva_w(z.re, z.im);
    Cz::new(r, i)
}

/// `exp(re) (cos im + i sin im)` as `std::polar`.
fn polar_exp(re: f64, im: f64) -> Cz {
    let e = re.exp();
    Cz::new(e * im.cos(), e * im.sin())
}

/// `erfcx(z) = exp(z^2) erfc(z) = w(iz)`.
pub(crate) fn cerfcx(z: Cz) -> Cz {
    w(Cz::new(-z.im, z.re))
}

/// `erf(z)`.
pub(crate) fn cerf(z: Cz) -> Cz {
    let (x, y) = (z.re, z.im);
    if x == 0.0 {
        let im = if y * y > 720.0 {
            if y > 0.0 { INF } else { -INF }
        } else {
            (y * y).exp() * w_im(y)
        };
        return Cz::new(x, im);
    }
    let mre = (y - x) * (x + y);
    let mim = -2.0 * x * y;
    if mre < -750.0 {
        return Cz::new(if x >= 0.0 { 1.0 } else { -1.0 }, 0.0);
    }
    let small = x.abs() < 5e-3;
    if small && y.abs() < 5e-3 {
        // erf(z) = 2/sqrt(pi) z (1 - z^2/3 + z^4/10)
        let mz2 = Cz::new(mre, mim);
        let inner = mz2 * 0.11283791670955125739 + 0.37612638903183752464;
        return z * (mz2 * inner + FRAC_2_SQRT_PI);
    }
    if small && mim.abs() < 5e-3 {
        let (x2, y2) = (x * x, y * y);
        let expy2 = y2.exp();
        return Cz::new(
            expy2
                * x
                * (FRAC_2_SQRT_PI - x2 * (0.37612638903183752464 + 0.75225277806367504925 * y2)
                    + x2 * x2
                        * (0.11283791670955125739
                            + y2 * (0.45135166683820502956 + 0.15045055561273500986 * y2))),
            expy2
                * (w_im(y)
                    - x2 * y
                        * (FRAC_2_SQRT_PI
                            - x2 * (0.56418958354775628695 + 0.37612638903183752464 * y2))),
        );
    }
    if x >= 0.0 {
        let e = mre.exp();
        let t = Cz::new(mim.cos(), mim.sin()) * w(Cz::new(-y, x));
        return Cz::new(1.0 - e * t.re, -(e * t.im));
    }
    if x.is_nan() {
        return Cz::new(NAN, if y == 0.0 { 0.0 } else { NAN });
    }
    let e = mre.exp();
    let t = Cz::new(mim.cos(), mim.sin()) * w(Cz::new(y, -x));
    Cz::new(e * t.re - 1.0, e * t.im)
}

/// `erfi(z) = -i erf(iz)`.
pub(crate) fn cerfi(z: Cz) -> Cz {
    let e = cerf(Cz::new(-z.im, z.re));
    Cz::new(e.im, -e.re)
}

/// `erfc(z) = 1 - erf(z)`.
pub(crate) fn cerfc(z: Cz) -> Cz {
    let (x, y) = (z.re, z.im);
    if x == 0.0 {
        let im = if y * y > 720.0 {
            if y > 0.0 { -INF } else { INF }
        } else {
            -(y * y).exp() * w_im(y)
        };
        return Cz::new(1.0, im);
    }
    if y == 0.0 {
        if x * x > 750.0 {
            return Cz::new(if x >= 0.0 { 0.0 } else { 2.0 }, 0.0);
        }
        let v = if x >= 0.0 {
            (-x * x).exp() * super::faddeeva::erfcx(x)
        } else {
            2.0 - (-x * x).exp() * super::faddeeva::erfcx(-x)
        };
        return Cz::new(v, 0.0);
    }
    let mre = (y - x) * (x + y);
    let mim = -2.0 * x * y;
    if mre < -750.0 {
        return Cz::new(if x >= 0.0 { 0.0 } else { 2.0 }, 0.0);
    }
    if x >= 0.0 {
        return polar_exp(mre, mim) * w(Cz::new(-y, x));
    }
    let t = polar_exp(mre, mim) * w(Cz::new(y, -x));
    Cz::new(2.0 - t.re, -t.im)
}

/// Dawson's integral `sqrt(pi)/2 exp(-z^2) erfi(z)`.
pub(crate) fn cdawsn(z: Cz) -> Cz {
    let (x, y) = (z.re, z.im);
    if y == 0.0 {
        return Cz::new(SPI2 * w_im(x), -y);
    }
    if x == 0.0 {
        let y2 = y * y;
        if y2 < 2.5e-5 {
            return Cz::new(
                x,
                y * (1.0
                    + y2 * (0.6666666666666666666666666666666666666667
                        + y2 * 0.2666666666666666666666666666666666666667)),
            );
        }
        let e = super::faddeeva::erfcx;
        let v = if y >= 0.0 {
            y2.exp() - e(y)
        } else {
            e(-y) - y2.exp()
        };
        return Cz::new(x, SPI2 * v);
    }
    let mre = (y - x) * (x + y);
    let mim = -2.0 * x * y;
    let mz2 = Cz::new(mre, mim);
    let small = y.abs() < 5e-3;
    if small && x.abs() < 5e-3 {
        let inner = mz2 * 0.2666666666666666666666666666666666666667
            + 0.6666666666666666666666666666666666666667;
        return z * (mz2 * inner + 1.0);
    }
    if small && mim.abs() < 5e-3 {
        return dawsn_realaxis(x, y);
    }
    if y >= 0.0 {
        let res = mz2.exp() - w(z);
        return Cz::new(-res.im, res.re) * SPI2;
    }
    if y.is_nan() {
        return Cz::new(if x == 0.0 { 0.0 } else { NAN }, NAN);
    }
    let res = w(-z) - mz2.exp();
    Cz::new(-res.im, res.re) * SPI2
}

/// Dawson's integral for small `|y|` and small `|xy|`: a Taylor series in `y` about the real
/// axis, with continued-fraction forms of `D(x)` for `|x| > 40`.
fn dawsn_realaxis(x: f64, y: f64) -> Cz {
    let x2 = x * x;
    if x2 > 1600.0 {
        let y2 = y * y;
        if x2 > 25e14 {
            let xy2 = (x * y) * (x * y);
            return Cz::new(
                (0.5 + y2 * (0.5 + 0.25 * y2 - 0.16666666666666666667 * xy2)) / x,
                y * (-1.0
                    + y2 * (-0.66666666666666666667 + 0.13333333333333333333 * xy2
                        - 0.26666666666666666667 * y2))
                    / (2.0 * x2 - 1.0),
            );
        }
        let f = 1.0 / (-15.0 + x2 * (90.0 + x2 * (-60.0 + 8.0 * x2)));
        let c = Cz::new(
            x * (33.0 + x2 * (-28.0 + 4.0 * x2) + y2 * (18.0 - 4.0 * x2 + 4.0 * y2)),
            y * (-15.0 + x2 * (24.0 - 4.0 * x2) + y2 * (4.0 * x2 - 10.0 - 4.0 * y2)),
        );
        return c * f;
    }
    let d = SPI2 * w_im(x);
    let y2 = y * y;
    Cz::new(
        d + y2 * (d + x - 2.0 * d * x2)
            + y2 * y2
                * (d * (0.5 - x2 * (2.0 - 0.66666666666666666667 * x2))
                    + x * (0.83333333333333333333 - 0.33333333333333333333 * x2)),
        y * (1.0 - 2.0 * d * x
            + y2 * 0.66666666666666666667 * (1.0 - x2 - d * x * (3.0 - 2.0 * x2))
            + y2 * y2
                * (0.26666666666666666667
                    - x2 * (0.6 - 0.13333333333333333333 * x2)
                    - d * x * (1.0 - x2 * (1.3333333333333333333 - 0.26666666666666666667 * x2)))),
    )
}

/// xsf's `ndtr(z) = erfc(-z / sqrt 2) / 2`.
pub(crate) fn cndtr(z: Cz) -> Cz {
    cerfc(-z * FRAC_1_SQRT_2) * 0.5
}

/// xsf's `log_ndtr(z)`: `-erfc(z / sqrt 2) / 2` where that is below 1e-8 for `Re z > 6`, else
/// `-z^2/2` (its imaginary part reduced to the principal branch) `+ log w(iz/sqrt 2) - log 2`.
pub(crate) fn clog_ndtr(z: Cz) -> Cz {
    if z.re > 6.0 {
        let v = cerfc(z * FRAC_1_SQRT_2) * -0.5;
        if v.abs() < 1e-8 {
            return v;
        }
    }
    let z = z * -FRAC_1_SQRT_2;
    let (x, y) = (z.re, z.im);
    let mre = (y - x) * (x + y);
    let mim = -2.0 * x * y;
    let mut im = mim % (2.0 * PI);
    if im > PI {
        im -= 2.0 * PI;
    }
    let val2 = w(Cz::new(-y, x)).ln();
    let r = Cz::new(mre, im) + val2 - LN_2;
    let mut im = r.im;
    if im >= PI {
        im -= 2.0 * PI;
    }
    if im < -PI {
        im += 2.0 * PI;
    }
    Cz::new(r.re, im)
}
