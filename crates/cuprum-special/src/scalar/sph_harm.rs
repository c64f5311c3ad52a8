//! The spherical harmonics `Y_n^m(theta, phi)` (xsf `sph_harm.h` and `legendre.h` of SciPy
//! 1.17): the normalized associated Legendre function of `cos(theta)` by xsf's recurrences
//! (first along the diagonal `n = |m|` in `sin(theta)^2`, then in `n` with `cos(theta)`; no
//! factorials, no overflow), times `exp(i m phi)`. `kernels/special/sph_harm.cuh` runs the same
//! steps.

use std::f64::consts::PI;

/// The normalized associated Legendre function `sqrt((2n+1)/(4 pi) (n-m)!/(n+m)!) P_n^m(cos
/// theta)` with the Condon-Shortley phase (xsf `sph_legendre_p`); 0 for `|m| > n` (and
/// `n < 0`).
pub(crate) fn sph_legendre_p(n: i64, m: i64, theta: f64) -> f64 {
    let s = theta.sin();
    let c = theta.cos();
    let ma = m.abs();
    // the diagonal n = |m| (xsf's recurrence in m, two values at a time)
    let fac0 = 1.0 / (2.0 * PI.sqrt());
    let mut fac1 = -(3.0f64.sqrt()) / (2.0 * (2.0 * PI).sqrt());
    if m < 0 {
        fac1 = -fac1;
    }
    let mut r0 = fac0;
    let mut r1 = fac1 * s.abs();
    let pmm = if ma == 0 {
        fac0
    } else {
        for j in 2..=ma {
            let fac = (((2 * j + 1) * (2 * j - 1)) as f64 / (4 * j * (j - 1)) as f64).sqrt();
            let c0 = fac * s * s;
            let tmp = 0.0 + c0 * r0 + 0.0 * r1;
            r0 = r1;
            r1 = tmp;
        }
        r1
    };
    if ma > n {
        return 0.0;
    }
    let mut r0 = pmm;
    let mut r1 = (((2 * ma + 3) as f64).sqrt() * c) * pmm;
    if n == ma {
        return r0;
    }
    for j in ma + 2..=n {
        let d = ((2 * j - 3) * (j * j - m * m)) as f64;
        let f0 = -(((2 * j + 1) * ((j - 1) * (j - 1) - m * m)) as f64 / d).sqrt();
        let f1 = (((2 * j + 1) * (4 * (j - 1) * (j - 1) - 1)) as f64 / d).sqrt();
        let c1 = f1 * c;
        let tmp = 0.0 + f0 * r0 + c1 * r1;
        r0 = r1;
        r1 = tmp;
    }
    r1
}

/// `(re, im)` of `Y_n^m(theta, phi) = sph_legendre_p(n, m, theta) exp(i m phi)`.
pub(crate) fn sph_harm_y(n: i64, m: i64, theta: f64, phi: f64) -> (f64, f64) {
    let p = sph_legendre_p(n, m, theta);
    // std::exp of (0 * phi, m * phi): NaN for an infinite phi
    let re = 0.0 * phi;
    let a = m as f64 * phi;
    let e = re.exp();
    (p * (e * a.cos()), p * (e * a.sin()))
}
