//! Spence's function (the dilogarithm `-int_1^x log t / (t - 1) dt`): Cephes `spence` for a real
//! argument (a rational approximation on `(0.5, 1.5)` with the `1/x` and `1 - x`
//! transformations), xsf's complex `spence` (series about `z = 0` and `z = 1`, the reflection
//! `z -> z/(z - 1)` far from 1). The CUDA side is `kernels/special/spence.cuh`.

use super::cgamma::zlog1;
use super::cx::Cz;
use super::polevl;
use std::f64::consts::PI;

const A: [f64; 8] = [
    4.65128586073990045278E-5,
    7.31589045238094711071E-3,
    1.33847639578309018650E-1,
    8.79691311754530315341E-1,
    2.71149851196553469920E0,
    4.25697156008121755724E0,
    3.29771340985225106936E0,
    1.00000000000000000126E0,
];
const B: [f64; 8] = [
    6.90990488912553276999E-4,
    2.54043763932544379113E-2,
    2.82974860602568089943E-1,
    1.41172597751831069617E0,
    3.63800533345137075418E0,
    5.03278880143316990390E0,
    3.54771340985225096217E0,
    9.99999999999999998740E-1,
];

/// Cephes `spence(x)`: NaN for `x < 0` and NaN.
pub(crate) fn spence(x: f64) -> f64 {
    if x.is_nan() || x < 0.0 {
        return f64::NAN;
    }
    if x == 1.0 {
        return 0.0;
    }
    if x == 0.0 {
        return PI * PI / 6.0;
    }
    let mut x = x;
    let mut flag = 0;
    if x > 2.0 {
        x = 1.0 / x;
        flag |= 2;
    }
    let w;
    if x > 1.5 {
        w = (1.0 / x) - 1.0;
        flag |= 2;
    } else if x < 0.5 {
        w = -x;
        flag |= 1;
    } else {
        w = x - 1.0;
    }
    let mut y = -w * polevl(w, &A) / polevl(w, &B);
    if flag & 1 != 0 {
        y = (PI * PI) / 6.0 - x.ln() * (1.0 - x).ln() - y;
    }
    if flag & 2 != 0 {
        let z = x.ln();
        y = -0.5 * z * z - y;
    }
    y
}

const TOL: f64 = 2.220446092504131e-16;
const PISQ_6: f64 = 1.6449340668482264365;

/// The series about `z = 0`.
fn series0(z: Cz) -> Cz {
    let mut zfac = Cz::new(1.0, 0.0);
    let mut sum1 = Cz::new(0.0, 0.0);
    let mut sum2 = Cz::new(0.0, 0.0);
    if z.re == 0.0 && z.im == 0.0 {
        return Cz::new(PISQ_6, 0.0);
    }
    for n in 1..500 {
        zfac = zfac * z;
        let term1 = zfac / f64::from(n * n);
        sum1 = sum1 + term1;
        let term2 = zfac / f64::from(n);
        sum2 = sum2 + term2;
        if term1.abs() <= TOL * sum1.abs() && term2.abs() <= TOL * sum2.abs() {
            break;
        }
    }
    Cz::new(PISQ_6 - sum1.re, -sum1.im) + zlog1(z) * sum2
}

/// The series about `z = 1` (Ginsberg and Zaborowski).
fn series1(z: Cz) -> Cz {
    let mut zfac = Cz::new(1.0, 0.0);
    let mut res = Cz::new(0.0, 0.0);
    if z.re == 1.0 && z.im == 0.0 {
        return Cz::new(0.0, 0.0);
    }
    let z = Cz::new(1.0 - z.re, -z.im);
    let zz = z * z;
    for n in 1..500 {
        zfac = zfac * z;
        let dn = f64::from(n);
        let term = ((zfac / (dn * dn)) / ((dn + 1.0) * (dn + 1.0))) / ((dn + 2.0) * (dn + 2.0));
        res = res + term;
        if term.abs() <= TOL * res.abs() {
            break;
        }
    }
    res = res * (zz * 4.0);
    let omzz = Cz::new(1.0 - zz.re, -zz.im);
    let omz = Cz::new(1.0 - z.re, -z.im);
    res = res + (z * 4.0 + zz * 5.75 + (omzz * 3.0) * zlog1(omz));
    res / ((z * 4.0 + 1.0) + zz)
}

/// xsf's complex `spence(z)`.
pub(crate) fn cspence(z: Cz) -> Cz {
    if z.is_nan() {
        return Cz::new(f64::NAN, f64::NAN);
    }
    if z.abs() < 0.5 {
        return series0(z);
    }
    if (z - 1.0).abs() > 1.0 {
        let l = zlog1(z - 1.0);
        return -series1(z / (z - 1.0)) - PISQ_6 - (l * 0.5) * l;
    }
    series1(z)
}
