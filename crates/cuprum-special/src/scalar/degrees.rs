//! Trigonometric functions of an argument in degrees (Cephes `sindg.c`, `tandg.c`, as xsf's
//! `cephes/sindg.h` and `cephes/tandg.h` of SciPy 1.17): the argument is reduced modulo 45 or
//! 180 degrees exactly (in degrees, before the conversion to radians), so that multiples of
//! 30, 45 and 90 degrees give the exact values. `kernels/special/degrees.cuh` runs the same
//! steps.

use super::polevl;

const SINCOF: [f64; 6] = [
    1.58962301572218447952E-10,
    -2.50507477628503540135E-8,
    2.75573136213856773549E-6,
    -1.98412698295895384658E-4,
    8.33333333332211858862E-3,
    -1.66666666666666307295E-1,
];
const COSCOF: [f64; 7] = [
    1.13678171382044553091E-11,
    -2.08758833757683644217E-9,
    2.75573155429816611547E-7,
    -2.48015872936186303776E-5,
    1.38888888888806666760E-3,
    -4.16666666666666348141E-2,
    4.99999999999999999798E-1,
];
/// pi / 180.
const PI180: f64 = 1.74532925199432957692E-2;
/// Beyond this magnitude the reduction loses every digit: Cephes returns 0.
const LOSSTH: f64 = 1.0e14;
/// One second of arc in radians.
const P64800: f64 = 4.848136811095359935899141023579479759563533023727e-6;

/// The octant `j` (0..=3 after the reflection), the sign flip and `z = x mod 45` in radians of
/// Cephes' `sindg` / `cosdg` reduction (`x >= 0`).
fn reduce45(x: f64) -> (i32, bool, f64) {
    let mut y = (x / 45.0).floor();
    // y - 16 floor(y / 16): the octant modulo 360 degrees without integer overflow
    let z = y - ((y * 0.0625).floor() * 16.0);
    let mut j = z as i32;
    if j & 1 == 1 {
        j += 1;
        y += 1.0;
    }
    j &= 7;
    let mut flip = false;
    if j > 3 {
        flip = true;
        j -= 4;
    }
    (j, flip, (x - y * 45.0) * PI180)
}

/// `sin` of `x` degrees (Cephes `sindg`): 0 beyond `1e14` in magnitude (and at `+-inf`).
pub(crate) fn sindg(x: f64) -> f64 {
    let mut neg = false;
    let mut x = x;
    if x < 0.0 {
        x = -x;
        neg = true;
    }
    if x > LOSSTH {
        return 0.0;
    }
    let (j, flip, z) = reduce45(x);
    if flip {
        neg = !neg;
    }
    let zz = z * z;
    let y = if j == 1 || j == 2 {
        1.0 - zz * polevl(zz, &COSCOF)
    } else {
        z + z * (zz * polevl(zz, &SINCOF))
    };
    if neg { -y } else { y }
}

/// `cos` of `x` degrees (Cephes `cosdg`): 0 beyond `1e14` in magnitude.
pub(crate) fn cosdg(x: f64) -> f64 {
    let x = x.abs();
    if x > LOSSTH {
        return 0.0;
    }
    let (j, flip, z) = reduce45(x);
    let mut neg = flip;
    if j > 1 {
        neg = !neg;
    }
    let zz = z * z;
    let y = if j == 1 || j == 2 {
        z + z * (zz * polevl(zz, &SINCOF))
    } else {
        1.0 - zz * polevl(zz, &COSCOF)
    };
    if neg { -y } else { y }
}

/// Cephes `tancot`: `tan` (`cot = false`) or `cot` of `xx` degrees, reduced modulo 180; exact
/// 0, 1 and `inf` at multiples of 45 degrees (`inf`, unsigned, at the poles, as SciPy 1.17).
fn tancot(xx: f64, cot: bool) -> f64 {
    let (mut x, mut sign) = if xx < 0.0 { (-xx, -1.0) } else { (xx, 1.0) };
    if x > LOSSTH {
        return 0.0;
    }
    x -= 180.0 * (x / 180.0).floor();
    if cot {
        if x <= 90.0 {
            x = 90.0 - x;
        } else {
            x -= 90.0;
            sign = -sign;
        }
    } else if x > 90.0 {
        x = 180.0 - x;
        sign = -sign;
    }
    if x == 0.0 {
        return 0.0;
    }
    if x == 45.0 {
        return sign;
    }
    if x == 90.0 {
        return f64::INFINITY;
    }
    sign * (x * PI180).tan()
}

/// `tan` of `x` degrees (Cephes `tandg`).
pub(crate) fn tandg(x: f64) -> f64 {
    tancot(x, false)
}

/// `cot` of `x` degrees (Cephes `cotdg`).
pub(crate) fn cotdg(x: f64) -> f64 {
    tancot(x, true)
}

/// Degrees, minutes and seconds to radians (Cephes `radian`).
pub(crate) fn radian(d: f64, m: f64, s: f64) -> f64 {
    ((d * 60.0 + m) * 60.0 + s) * P64800
}
