//! The Struve functions `H_v(z)` and `L_v(z)` for real order (SciPy's `struve`, `modstruve`):
//! a port of xsf's `cephes/struve.h` (Pauli Virtanen's), which takes the first of three
//! expansions whose estimated rounding error is below `1e-12` relative: the large-`z`
//! expansion (DLMF 11.6.1) plus `Y_v` or `I_v`, the power series (DLMF 11.2.1) in
//! double-double, the series in Bessel functions (DLMF 11.4.19); else the best of them within
//! `1e-7`, else overflow or NaN.

use super::bessel_v::{iv, jv, yv};
use super::dd::Dd;
use super::gamma::{gammasgn, lgam, rgamma};
use super::{INF, NAN, PI};

const MAXITER: u32 = 10000;
/// Be sure the sum is in its tail.
const SUM_EPS: f64 = 1e-16;
const SUM_TINY: f64 = 1e-100;
const GOOD_EPS: f64 = 1e-12;
const ACCEPTABLE_EPS: f64 = 1e-7;
const ACCEPTABLE_ATOL: f64 = 1e-300;

/// DLMF 11.6.1, the large-`z` expansion of `H_v - Y_v` (`is_h`) or `L_v - I_v`, plus that
/// Bessel function: `(value, error estimate)`.
fn asymp_large_z(v: f64, z: f64, is_h: bool) -> (f64, f64) {
    let sgn = if is_h { -1.0 } else { 1.0 };
    // the expansion diverges beyond its term z / 2
    let m = z / 2.0;
    let maxiter = if m <= 0.0 {
        0
    } else if m > f64::from(MAXITER) {
        MAXITER
    } else {
        m as u32
    };
    if maxiter == 0 || z < v {
        // (z < v: where the error estimate fails)
        return (NAN, INF);
    }
    let mut term =
        -sgn / PI.sqrt() * (-lgam(v + 0.5) + (v - 1.0) * (z / 2.0).ln()).exp() * gammasgn(v + 0.5);
    let mut sum = term;
    let mut maxterm = 0.0f64;
    for n in 0..maxiter {
        let n = f64::from(n);
        term *= sgn * (1.0 + 2.0 * n) * (1.0 + 2.0 * n - 2.0 * v) / (z * z);
        sum += term;
        maxterm = maxterm.max(term.abs());
        if term.abs() < SUM_EPS * sum.abs() || term == 0.0 || !sum.is_finite() {
            break;
        }
    }
    sum += if is_h { yv(v, z) } else { iv(v, z) };
    // strictly valid for n > v - 0.5 only; it works in practice
    let err = term.abs() + maxterm.abs() * SUM_EPS;
    (sum, err)
}

/// DLMF 11.2.1, the power series, summed in double-double: `(value, error estimate)`.
fn power_series(v: f64, z: f64, is_h: bool) -> (f64, f64) {
    let sgn = if is_h { -1.0 } else { 1.0 };
    let mut tmp = -lgam(v + 1.5) + (v + 1.0) * (z / 2.0).ln();
    let scaleexp = if !(-600.0..=600.0).contains(&tmp) {
        // scale the exponent to postpone underflow or overflow
        let s = tmp / 2.0;
        tmp -= s;
        s
    } else {
        0.0
    };
    let mut term = 2.0 / PI.sqrt() * tmp.exp() * gammasgn(v + 1.5);
    let mut sum = term;
    let mut maxterm = 0.0f64;
    let mut cterm = Dd(term, 0.0);
    let mut csum = Dd(sum, 0.0);
    let z2 = Dd(sgn * z * z, 0.0);
    let c2v = Dd(2.0 * v, 0.0);
    for n in 0..MAXITER {
        let k = f64::from(3 + 2 * n);
        let cdiv = Dd(k, 0.0).mul(Dd(k, 0.0).add(c2v));
        cterm = cterm.mul(z2).div(cdiv);
        csum = csum.add(cterm);
        term = cterm.0 + cterm.1;
        sum = csum.0 + csum.1;
        maxterm = maxterm.max(term.abs());
        if term.abs() < SUM_TINY * sum.abs() || term == 0.0 || !sum.is_finite() {
            break;
        }
    }
    let mut err = term.abs() + maxterm.abs() * 1e-22;
    if scaleexp != 0.0 {
        sum *= scaleexp.exp();
        err *= scaleexp.exp();
    }
    if sum == 0.0 && term == 0.0 && v < 0.0 && !is_h {
        // spurious underflow
        return (NAN, INF);
    }
    (sum, err)
}

/// DLMF 11.4.19, the series in Bessel functions: `(value, error estimate)`.
fn bessel_series(v: f64, z: f64, is_h: bool) -> (f64, f64) {
    if is_h && v < 0.0 {
        // less reliable there
        return (NAN, INF);
    }
    let mut sum = 0.0;
    let mut maxterm = 0.0f64;
    let mut cterm = (z / (2.0 * PI)).sqrt();
    let mut term = 0.0;
    for n in 0..MAXITER {
        let n = f64::from(n);
        if is_h {
            term = cterm * jv(n + v + 0.5, z) / (n + 0.5);
            cterm *= z / 2.0 / (n + 1.0);
        } else {
            term = cterm * iv(n + v + 0.5, z) / (n + 0.5);
            cterm *= -z / 2.0 / (n + 1.0);
        }
        sum += term;
        maxterm = maxterm.max(term.abs());
        if term.abs() < SUM_EPS * sum.abs() || term == 0.0 || !sum.is_finite() {
            break;
        }
    }
    // and the Bessel functions' possible underflow
    let err = term.abs() + maxterm.abs() * 1e-16 + 1e-300 * cterm.abs();
    (sum, err)
}

/// `H_v(z)` (`is_h`) or `L_v(z)`, xsf's `struve_hl`.
fn struve_hl(v: f64, z: f64, is_h: bool) -> f64 {
    if v.is_nan() || z.is_nan() {
        return NAN;
    }
    if z < 0.0 {
        // odd or even in z for integer orders only
        if v == v.trunc() && v.abs() < 2147483648.0 {
            let s = if v % 2.0 == 0.0 { -1.0 } else { 1.0 };
            return s * struve_hl(v, -z, is_h);
        }
        return NAN;
    }
    if z == 0.0 {
        return if v < -1.0 {
            gammasgn(v + 1.5) * INF
        } else if v == -1.0 {
            2.0 / PI.sqrt() * rgamma(0.5)
        } else {
            0.0
        };
    }
    // v = -n - 1/2: a Bessel function
    let n = (-v - 0.5).trunc();
    if n == -v - 0.5 && n > 0.0 && n < 2147483648.0 {
        return if is_h {
            let s = if n % 2.0 == 0.0 { 1.0 } else { -1.0 };
            s * jv(n + 0.5, z)
        } else {
            iv(n + 0.5, z)
        };
    }
    let mut value = [0.0; 3];
    let mut err = [INF; 3];
    if z >= 0.7 * v + 12.0 {
        (value[0], err[0]) = asymp_large_z(v, z, is_h);
        if err[0] < GOOD_EPS * value[0].abs() {
            return value[0];
        }
    }
    (value[1], err[1]) = power_series(v, z, is_h);
    if err[1] < GOOD_EPS * value[1].abs() {
        return value[1];
    }
    if z.abs() < v.abs() + 20.0 {
        (value[2], err[2]) = bessel_series(v, z, is_h);
        if err[2] < GOOD_EPS * value[2].abs() {
            return value[2];
        }
    }
    // the best of the three, if acceptable
    let mut n = 0;
    if err[1] < err[n] {
        n = 1;
    }
    if err[2] < err[n] {
        n = 2;
    }
    if err[n] < ACCEPTABLE_EPS * value[n].abs() || err[n] < ACCEPTABLE_ATOL {
        return value[n];
    }
    // an overflow?
    let mut tmp = -lgam(v + 1.5) + (v + 1.0) * (z / 2.0).ln();
    if !is_h {
        tmp = tmp.abs();
    }
    if tmp > 700.0 {
        return INF * gammasgn(v + 1.5);
    }
    NAN
}

/// The Struve function `H_v(z)` (SciPy's `struve`).
pub(crate) fn struve_h(v: f64, z: f64) -> f64 {
    struve_hl(v, z, true)
}

/// The modified Struve function `L_v(z)` (SciPy's `modstruve`).
pub(crate) fn struve_l(v: f64, z: f64) -> f64 {
    struve_hl(v, z, false)
}
