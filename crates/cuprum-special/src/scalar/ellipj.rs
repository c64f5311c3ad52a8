//! The Jacobian elliptic functions `sn`, `cn`, `dn` and the amplitude `ph` (Cephes `ellpj.c`,
//! as xsf's `cephes/ellpj.h` of SciPy 1.17): the arithmetic-geometric mean scale and the
//! backward recurrence of the amplitude (DLMF 22.20(ii)); series in `m` below `1e-9` and in
//! `1 - m` above `1 - 1e-10`. `kernels/special/ellipj.cuh` runs the same steps.

use super::{MACHEP, NAN};
use std::f64::consts::FRAC_PI_2;

/// `[sn, cn, dn, ph]` of `u` and the parameter `m` (NaN outside `0 <= m <= 1`).
pub(crate) fn ellipj(u: f64, m: f64) -> [f64; 4] {
    if !(0.0..=1.0).contains(&m) {
        return [NAN; 4];
    }
    if m < 1.0e-9 {
        let t = u.sin();
        let b = u.cos();
        let ai = 0.25 * m * (u - t * b);
        return [t - ai * b, b + ai * t, 1.0 - 0.5 * m * t * t, u - ai];
    }
    if m >= 0.9999999999 {
        let mut ai = 0.25 * (1.0 - m);
        let b = u.cosh();
        let t = u.tanh();
        let phi = 1.0 / b;
        let twon = b * u.sinh();
        let sn = t + ai * (twon - u) / (b * b);
        let ph = 2.0 * u.exp().atan() - FRAC_PI_2 + ai * (twon - u) / b;
        ai *= t * phi;
        return [sn, phi - ai * (twon - u), phi + ai * (twon + u), ph];
    }
    let mut a = [0.0f64; 9];
    let mut c = [0.0f64; 9];
    a[0] = 1.0;
    let mut b = (1.0 - m).sqrt();
    c[0] = m.sqrt();
    let mut twon = 1.0;
    let mut i = 0usize;
    // at most 8 halvings (Cephes reports an overflow and goes on with what it has)
    while (c[i] / a[i]).abs() > MACHEP && i <= 7 {
        let ai = a[i];
        i += 1;
        c[i] = (ai - b) / 2.0;
        let t = (ai * b).sqrt();
        a[i] = (ai + b) / 2.0;
        b = t;
        twon *= 2.0;
    }
    let mut phi = twon * a[i] * u;
    let mut prev = phi;
    while i > 0 {
        let t = c[i] * phi.sin() / a[i];
        prev = phi;
        phi = (t.asin() + phi) / 2.0;
        i -= 1;
    }
    let sn = phi.sin();
    let cn = phi.cos();
    let dnfac = (phi - prev).cos();
    let dn = if dnfac.abs() < 0.1 {
        (1.0 - m * sn * sn).sqrt()
    } else {
        cn / dnfac
    };
    [sn, cn, dn, phi]
}
