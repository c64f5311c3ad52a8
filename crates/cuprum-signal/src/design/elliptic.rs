//! The elliptic (Cauer) analog prototype (`ellipap`) and the elliptic functions it needs
//! (complete integral `K(m)`, Jacobi `sn`, `cn`, `dn`, and the inverse `sc` by Landen
//! transformations), on the host in float64 as SciPy computes them.

use super::zpk::Zpk;
use crate::util::out_of_domain_if;
use cuprum_core::{Complex64 as C, Error, Result};
use std::f64::consts::{FRAC_PI_2, LN_10, PI};

fn agm(mut a: f64, mut b: f64) -> f64 {
    for _ in 0..64 {
        if (a - b).abs() <= 1e-16 * a {
            break;
        }
        let t = 0.5 * (a + b);
        b = (a * b).sqrt();
        a = t;
    }
    a
}

/// `K(m)`, the complete elliptic integral of the first kind (parameter `m`).
pub(crate) fn ellipk(m: f64) -> f64 {
    if m == 1.0 {
        return f64::INFINITY;
    }
    FRAC_PI_2 / agm(1.0, (1.0 - m).sqrt())
}

/// `K(1 − p)`, accurate for small `p`.
pub(crate) fn ellipkm1(p: f64) -> f64 {
    if p == 0.0 {
        return f64::INFINITY;
    }
    FRAC_PI_2 / agm(1.0, p.sqrt())
}

/// Jacobi's `(sn, cn, dn)` of `u` with parameter `m` (Cephes' `ellpj`: the descending Landen
/// transformation).
pub(crate) fn ellipj(u: f64, m: f64) -> (f64, f64, f64) {
    if !(0.0..=1.0).contains(&m) || m.is_nan() {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    if m < 1e-9 {
        let (t, b) = (u.sin(), u.cos());
        let ai = 0.25 * m * (u - t * b);
        return (t - ai * b, b + ai * t, 1.0 - 0.5 * m * t * t);
    }
    if m >= 0.9999999999 {
        let ai = 0.25 * (1.0 - m);
        let b = u.cosh();
        let t = u.tanh();
        let phi = 1.0 / b;
        let twon = b * u.sinh();
        let sn = t + ai * (twon - u) / (b * b);
        let ai2 = ai * t * phi;
        return (sn, phi - ai2 * (twon - u), phi + ai2 * (twon + u));
    }
    let mut a = [0.0f64; 9];
    let mut c = [0.0f64; 9];
    a[0] = 1.0;
    let mut b = (1.0 - m).sqrt();
    c[0] = m.sqrt();
    let mut twon = 1.0;
    let mut i = 0;
    while (c[i] / a[i]).abs() > f64::EPSILON / 2.0 {
        if i > 7 {
            break;
        }
        let ai = a[i];
        i += 1;
        c[i] = (ai - b) / 2.0;
        let t = (ai * b).sqrt();
        a[i] = (ai + b) / 2.0;
        b = t;
        twon *= 2.0;
    }
    let mut phi = twon * a[i] * u;
    let mut bb;
    loop {
        let t = c[i] * phi.sin() / a[i];
        bb = phi;
        phi = (t.asin() + phi) / 2.0;
        i -= 1;
        if i == 0 {
            break;
        }
    }
    let t = phi.cos();
    (phi.sin(), t, t / (phi - bb).cos())
}

fn pow10m1(x: f64) -> f64 {
    (LN_10 * x).exp_m1()
}

fn ellipdeg(n: usize, m1: f64) -> f64 {
    const MMAX: i32 = 7;
    let k1 = ellipk(m1);
    let k1p = ellipkm1(m1);
    let q1 = (-PI * k1p / k1).exp();
    let q = q1.powf(1.0 / n as f64);
    let num: f64 = (0..=MMAX).map(|m| q.powi(m * (m + 1))).sum();
    let den = 1.0 + 2.0 * (1..=MMAX + 1).map(|m| q.powi(m * m)).sum::<f64>();
    16.0 * q * (num / den).powi(4)
}

fn arc_jac_sn(op: &'static str, w: C, m: f64) -> Result<C> {
    let complement = |kx: C| ((C::new(1.0, 0.0) - kx) * (C::new(1.0, 0.0) + kx)).sqrt();
    let k = m.sqrt();
    if k > 1.0 {
        return Ok(C::new(f64::NAN, 0.0));
    }
    if k == 1.0 {
        return Ok(w.atanh());
    }
    let mut ks = vec![C::new(k, 0.0)];
    while ks[ks.len() - 1] != C::new(0.0, 0.0) {
        let kp = complement(ks[ks.len() - 1]);
        ks.push((C::new(1.0, 0.0) - kp) / (C::new(1.0, 0.0) + kp));
        if ks.len() > 11 {
            return Err(Error::invalid_value(
                op,
                "Landen transformation not converging",
            ));
        }
    }
    let kk = ks[1..]
        .iter()
        .fold(C::new(1.0, 0.0), |a, &x| a * (C::new(1.0, 0.0) + x))
        * (PI / 2.0);
    let mut wn = w;
    for pair in ks.windows(2) {
        let (kn, knext) = (pair[0], pair[1]);
        wn = wn * 2.0 / ((C::new(1.0, 0.0) + knext) * (C::new(1.0, 0.0) + complement(kn * wn)));
    }
    Ok(kk * (wn.asin() * (2.0 / PI)))
}

/// The zeros, poles and gain of the order-`n` elliptic low-pass prototype with `rp` dB of
/// passband ripple and `rs` dB of stopband attenuation (SciPy's `ellipap`).
pub(crate) fn ellipap(op: &'static str, n: usize, rp: f64, rs: f64) -> Result<Zpk> {
    if n == 0 {
        return Ok(Zpk {
            z: vec![],
            p: vec![],
            k: 10f64.powf(-rp / 20.0),
        });
    }
    if n == 1 {
        let p = -(1.0 / pow10m1(0.1 * rp)).sqrt();
        return Ok(Zpk {
            z: vec![],
            p: vec![C::new(p, 0.0)],
            k: -p,
        });
    }
    let eps_sq = pow10m1(0.1 * rp);
    let eps = eps_sq.sqrt();
    let ck1_sq = eps_sq / pow10m1(0.1 * rs);
    out_of_domain_if(
        ck1_sq == 0.0,
        op,
        "rs",
        rs,
        format!("an attenuation for which a filter with rp = {rp} dB exists"),
    )?;
    let val0 = ellipk(ck1_sq);
    let m = ellipdeg(n, ck1_sq);
    let capk = ellipk(m);
    let js: Vec<f64> = ((1 - n % 2)..n).step_by(2).map(|j| j as f64).collect();
    let scd: Vec<(f64, f64, f64)> = js.iter().map(|&j| ellipj(j * capk / n as f64, m)).collect();
    let eps_m = f64::EPSILON;
    let mut z: Vec<C> = scd
        .iter()
        .filter(|(s, _, _)| s.abs() > eps_m)
        .map(|(s, _, _)| C::new(0.0, 1.0 / (m.sqrt() * s)))
        .collect();
    let zc: Vec<C> = z.iter().map(|v| v.conj()).collect();
    z.extend(zc);
    let r = {
        let zc = arc_jac_sn(op, C::new(0.0, 1.0 / eps), ck1_sq)?;
        if zc.re.abs() > 1e-14 {
            return Err(Error::invalid_value(
                op,
                "the inverse elliptic function did not return an imaginary value",
            ));
        }
        zc.im
    };
    let v0 = capk * r / (n as f64 * val0);
    let (sv, cv, dv) = ellipj(v0, 1.0 - m);
    let mut p: Vec<C> = scd
        .iter()
        .map(|&(s, c, d)| -(C::new(c * d * sv * cv, s * dv)) / (1.0 - (d * sv).powi(2)))
        .collect();
    if n % 2 == 1 {
        let norm = p.iter().map(|x| x.norm_sqr()).sum::<f64>().sqrt();
        let newp: Vec<C> = p
            .iter()
            .filter(|x| x.im.abs() > eps_m * norm)
            .map(|x| x.conj())
            .collect();
        p.extend(newp);
    } else {
        let pc: Vec<C> = p.iter().map(|x| x.conj()).collect();
        p.extend(pc);
    }
    let pn = p.iter().fold(C::new(1.0, 0.0), |a, &x| a * -x);
    let zn = z.iter().fold(C::new(1.0, 0.0), |a, &x| a * -x);
    let mut k = (pn / zn).re;
    if n.is_multiple_of(2) {
        k /= (1.0 + eps_sq).sqrt();
    }
    Ok(Zpk { z, p, k })
}
