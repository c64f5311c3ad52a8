//! The modified spherical Bessel functions `i_n(x)`, `k_n(x)` and their derivatives (xsf
//! `sph_bessel_i`, `sph_bessel_k` and their `_jac` forms as SciPy 1.17 computes them): the
//! half-integer-order `I` and `K` of [`super::bessel_v`] times `sqrt(pi / (2x))`, the
//! reflection formulas for `x < 0`. `kernels/special/spherical_ik.cuh` runs the same steps.

use super::NAN;
use super::bessel_v::{iv, kv};
use std::f64::consts::{FRAC_PI_2, PI};

/// `i_n(x)` (`n` truncated; NaN for `n < 0`).
pub(crate) fn spherical_in(n: f64, x: f64) -> f64 {
    let n = n.trunc();
    if x.is_nan() {
        return x;
    }
    if n < 0.0 || n.is_nan() {
        return NAN;
    }
    if x < 0.0 {
        let r = spherical_in(n, -x);
        return if n % 2.0 == 0.0 { r } else { -r };
    }
    if x == 0.0 {
        return if n == 0.0 { 1.0 } else { 0.0 };
    }
    if x.is_infinite() {
        return f64::INFINITY;
    }
    (FRAC_PI_2 / x).sqrt() * iv(n + 0.5, x)
}

/// `k_n(x)` (`n` truncated; NaN for `n < 0`; `inf` at 0).
pub(crate) fn spherical_kn(n: f64, x: f64) -> f64 {
    let n = n.trunc();
    if x.is_nan() {
        return x;
    }
    if n < 0.0 || n.is_nan() {
        return NAN;
    }
    if x == 0.0 {
        return f64::INFINITY;
    }
    if x < 0.0 {
        // DLMF 10.47.17 and 10.47.11
        let sign = if n % 2.0 == 0.0 { 1.0 } else { -1.0 };
        return -(PI * spherical_in(n, -x) + sign * spherical_kn(n, -x));
    }
    if x.is_infinite() {
        return 0.0;
    }
    (FRAC_PI_2 / x).sqrt() * kv(n + 0.5, x)
}

/// `i_n'(x)`.
pub(crate) fn spherical_in_d(n: f64, x: f64) -> f64 {
    let n = n.trunc();
    if n == 0.0 {
        return spherical_in(1.0, x);
    }
    if x == 0.0 {
        return if n == 1.0 { 1.0 / 3.0 } else { 0.0 };
    }
    spherical_in(n - 1.0, x) - (n + 1.0) * spherical_in(n, x) / x
}

/// `k_n'(x)`.
pub(crate) fn spherical_kn_d(n: f64, x: f64) -> f64 {
    let n = n.trunc();
    if n == 0.0 {
        return -spherical_kn(1.0, x);
    }
    -spherical_kn(n - 1.0, x) - (n + 1.0) * spherical_kn(n, x) / x
}
