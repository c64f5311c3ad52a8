//! The fast Hankel transform (`scipy.fft.fht`, `ifht`, `fhtoffset`; `cupyx.scipy.fft.fht`,
//! `ifht`): Hamilton's FFTLog.
//!
//! # Definition
//!
//! For a real periodic sequence `a[j]` sampled at logarithmically spaced points
//! `r[j] = r_c·exp((j − j_c)·dln)` (`j_c = (n − 1)/2`), [`fht`] computes the discrete Hankel
//! transform of order `mu` on the output points `k[j] = exp(offset)/r_c·exp((j − j_c)·dln)`,
//! with the power-law bias `bias` (`q`), exactly as SciPy's `fht`:
//!
//! 1. `a_q = a·(r/r_c)^{−q}`;
//! 2. `A_q = reverse(irfft(rfft(a_q) · u, n))` with
//!    `u_m = (k_c r_c)^{−i 2πm/(n·dln)} · U_mu(q + i 2πm/(n·dln))`,
//!    `U_mu(x) = 2^x Γ((mu + 1 + x)/2) / Γ((mu + 1 − x)/2)` (`m = 0..=n/2`; the last
//!    coefficient made real for even `n`);
//! 3. `A = A_q·(k/k_c)^{−q}·(k_c r_c)^{−q}`.
//!
//! [`ifht`] undoes each step (dividing by `conj(u)` in step 2). See SciPy's `fht` for the
//! continuous transform this approximates.
//!
//! # Dtypes
//!
//! As SciPy: float32 (and float16) input gives float32 when `bias` is 0 and float64 otherwise
//! (SciPy multiplies by a float64 bias array); float64, integers and bool give float64.
//! Complex input is [`Error::DType`].
//!
//! # Algorithm
//!
//! The coefficients `u` (`n/2 + 1` complex numbers) are computed on the host in double
//! precision (log-gamma by Stirling's series after shifting the argument to `Re z ≥ 10`);
//! the transform is cuprum's [`rfft`](crate::rfft), one elementwise multiplication and
//! [`irfft`](crate::irfft), and a reversed view, so it runs on every device.

use crate::Norm;
use cuprum_core::{Array, Complex32, Complex64, DType, Error, Result};
use std::f64::consts::{LN_2, PI};

/// `ln Γ(z)` up to a multiple of `2πi` (the callers only use `exp` of it, or its imaginary
/// part modulo `2π`).
fn lgamma(z: Complex64) -> Complex64 {
    const C: [f64; 8] = [
        1.0 / 12.0,
        -1.0 / 360.0,
        1.0 / 1260.0,
        -1.0 / 1680.0,
        1.0 / 1188.0,
        -691.0 / 360360.0,
        1.0 / 156.0,
        -3617.0 / 122400.0,
    ];
    let mut z = z;
    let mut shift = Complex64::new(0.0, 0.0);
    while z.re < 10.0 {
        shift += z.ln();
        z += 1.0;
    }
    let zi = z.inv();
    let zi2 = zi * zi;
    let mut series = Complex64::new(0.0, 0.0);
    let mut p = zi;
    for c in C {
        series += c * p;
        p *= zi2;
    }
    (z - 0.5) * z.ln() - z + 0.5 * (2.0 * PI).ln() + series - shift
}

/// A non-positive integer (a pole of Γ).
fn is_pole(x: f64) -> bool {
    x <= 0.0 && x == x.round()
}

/// `Γ(xp)/Γ(xm)` for real arguments, with SciPy's `poch` limits at the poles.
fn gamma_ratio(xp: f64, xm: f64) -> f64 {
    match (is_pole(xp), is_pole(xm)) {
        (false, true) => 0.0,
        (true, false) => f64::INFINITY,
        (true, true) => {
            // poch(xm, m) with an integer m = xp − xm: a finite product
            let m = (xp - xm).round() as i64;
            if m >= 0 {
                (0..m).map(|i| xm + i as f64).product()
            } else {
                1.0 / (1..=-m).map(|i| xm - i as f64).product::<f64>()
            }
        }
        (false, false) => {
            let l = lgamma(Complex64::new(xp, 0.0)) - lgamma(Complex64::new(xm, 0.0));
            l.exp().re
        }
    }
}

/// SciPy's `fhtcoeff`: the `n/2 + 1` coefficients `u_m` (with the singular-transform fix of
/// `u_0` for the forward or the inverse direction).
fn coefficients(
    n: usize,
    dln: f64,
    mu: f64,
    offset: f64,
    bias: f64,
    inverse: bool,
) -> Vec<Complex64> {
    let (lnkr, q) = (offset, bias);
    let xp = (mu + 1.0 + q) / 2.0;
    let xm = (mu + 1.0 - q) / 2.0;
    let m = n / 2 + 1;
    let stop = PI * (n / 2) as f64 / (n as f64 * dln);
    let mut u: Vec<Complex64> = (0..m)
        .map(|k| {
            let y = if k + 1 == m {
                stop
            } else {
                k as f64 * (stop / (m.max(2) - 1) as f64)
            };
            let v = lgamma(Complex64::new(xm, y));
            let w = lgamma(Complex64::new(xp, y));
            Complex64::new(
                w.re - v.re + LN_2 * q,
                w.im + v.im + y * 2.0 * (LN_2 - lnkr),
            )
            .exp()
        })
        .collect();
    if n.is_multiple_of(2) {
        u[m - 1].im = 0.0;
    }
    u[0] = Complex64::new(2f64.powf(q) * gamma_ratio(xp, xm), 0.0);
    if u[0].re.is_infinite() && !inverse {
        u[0] = Complex64::new(0.0, 0.0);
    } else if u[0].re == 0.0 && inverse {
        u[0] = Complex64::new(f64::INFINITY, 0.0);
    }
    u
}

/// The last-axis vector `exp(c·(j − j_c)·dln + d)` for `j` in `0..n`, float64, shaped to
/// broadcast against an `ndim`-d array.
fn bias_vector(n: usize, ndim: usize, dln: f64, c: f64, d: f64, like: &Array) -> Result<Array> {
    let jc = (n as f64 - 1.0) / 2.0;
    let v: Vec<f64> = (0..n)
        .map(|j| (c * ((j as f64 - jc) * dln) + d).exp())
        .collect();
    let mut shape = vec![1usize; ndim];
    shape[ndim - 1] = n;
    Array::from_vec_on(v, shape.as_slice(), like.device())
}

fn fht_impl(
    op: &'static str,
    a: &Array,
    dln: f64,
    mu: f64,
    offset: f64,
    bias: f64,
    inverse: bool,
) -> Result<Array> {
    if a.dtype().is_complex() {
        return Err(Error::DType {
            op,
            dtype: a.dtype(),
            detail: ": the fast Hankel transform needs real input".into(),
        });
    }
    if a.ndim() == 0 || a.shape()[a.ndim() - 1] == 0 {
        return Err(Error::bad_shape(
            op,
            "a",
            a.shape(),
            "at least one point along the transformed (last) axis",
        ));
    }
    let nd = a.ndim();
    let n = a.shape()[nd - 1];
    let single =
        matches!(a.dtype(), DType::Float32 | DType::Float16 | DType::BFloat16) && bias == 0.0;
    let mut x = if single {
        a.astype(DType::Float32)?
    } else {
        a.astype(DType::Float64)?
    };
    if bias != 0.0 {
        // forward: a_q = a (r/r_c)^{-q}; inverse: A_q = A (k/k_c)^{q} (k_c r_c)^{q}
        let w = if inverse {
            bias_vector(n, nd, dln, bias, bias * offset, &x)?
        } else {
            bias_vector(n, nd, dln, -bias, 0.0, &x)?
        };
        x = cuprum_core::multiply(&x, &w)?;
    }
    let u = coefficients(n, dln, mu, offset, bias, inverse);
    // forward multiplies by u, inverse divides by conj(u) (1/inf = 0)
    let factors: Vec<Complex64> = if inverse {
        u.iter()
            .map(|z| {
                if z.re.is_infinite() || z.im.is_infinite() {
                    Complex64::new(0.0, 0.0)
                } else {
                    z.conj().inv()
                }
            })
            .collect()
    } else {
        u
    };
    let mut shape = vec![1usize; nd];
    shape[nd - 1] = factors.len();
    let fa = if single {
        let v: Vec<Complex32> = factors
            .iter()
            .map(|z| Complex32::new(z.re as f32, z.im as f32))
            .collect();
        Array::from_vec_on(v, shape.as_slice(), x.device())?
    } else {
        Array::from_vec_on(factors, shape.as_slice(), x.device())?
    };
    let spec = crate::rfft(&x, None, -1, Norm::Backward)?;
    let spec = cuprum_core::multiply(&spec, &fa)?;
    let back = crate::irfft(&spec, Some(n), -1, Norm::Backward)?;
    let mut out = cuprum_core::flip(&back, Some(&[-1]))?;
    if bias != 0.0 {
        // forward: A = A_q (k/k_c)^{-q} (k_c r_c)^{-q}; inverse: a = a_q (r/r_c)^{q}
        let w = if inverse {
            bias_vector(n, nd, dln, bias, 0.0, &out)?
        } else {
            bias_vector(n, nd, dln, -bias, -bias * offset, &out)?
        };
        out = cuprum_core::multiply(&out, &w)?;
    }
    Ok(out)
}

/// The fast Hankel transform of a logarithmically spaced periodic sequence along the last axis
/// (`scipy.fft.fht`, `cupyx.scipy.fft.fht`), by the FFTLog algorithm.
///
/// **Shapes**: `a` with at least one axis, `n ≥ 1` points along the last → the same shape.
///
/// `dln` is the logarithmic spacing, `mu` the order, `offset` the offset of the output's
/// logarithmic grid (`ln(k_c r_c)`; [`fhtoffset`] gives a low-ringing one) and `bias` the
/// exponent `q` of the power-law bias (SciPy's defaults: `offset = 0.0`, `bias = 0.0`).
/// Definition, dtypes and algorithm in the [module docs](crate::fftlog). A singular transform
/// (an infinite `u_0`) sets `u_0 = 0` as SciPy does (SciPy also warns; cuprum does not).
///
/// # Errors
/// [`Error::DType`] for complex input; [`Error::BadShape`] for a 0-d input or an empty
/// last axis.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_fft::fht;
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let y = fht(&a, 0.1, 0.5, 0.0, 0.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.fft.fht([1, 2, 3, 4], 0.1, 0.5)[0]
/// assert!((y[0] - 1.2473724067444367).abs() < 1e-11);
/// ```
pub fn fht(a: &Array, dln: f64, mu: f64, offset: f64, bias: f64) -> Result<Array> {
    fht_impl("fht", a, dln, mu, offset, bias, false)
}

/// The inverse fast Hankel transform (`scipy.fft.ifht`): `ifht(fht(a, ...), ...) == a` with
/// the same `dln`, `mu`, `offset` and `bias`.
///
/// **Shapes**: as [`fht`].
///
/// # Errors
/// As [`fht`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_fft::{fht, ifht};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0], &[5], Device::Cpu).unwrap();
/// let big = fht(&a, 0.2, 1.0, 0.1, 0.3).unwrap();
/// let back = ifht(&big, 0.2, 1.0, 0.1, 0.3).unwrap().to_vec::<f64>().unwrap();
/// assert!((back[3] - 4.0).abs() < 1e-10);
/// ```
pub fn ifht(a: &Array, dln: f64, mu: f64, offset: f64, bias: f64) -> Result<Array> {
    fht_impl("ifht", a, dln, mu, offset, bias, true)
}

/// An offset close to `initial` that fulfils the low-ringing condition of Hamilton (2000) for
/// [`fht`] with spacing `dln`, order `mu` and `bias` (`scipy.fft.fhtoffset`; SciPy's defaults
/// `initial = 0.0`, `bias = 0.0`).
///
/// **Shapes**: scalars only.
///
/// `arg = (ln 2 − initial)/dln + (Im lnΓ(xp + iy) + Im lnΓ(xm + iy))/π` with
/// `y = π/(2 dln)`, `xp = (mu + 1 + bias)/2`, `xm = (mu + 1 − bias)/2`; the result is
/// `initial + (arg − round(arg))·dln` (round half to even, as NumPy).
///
/// # Errors
/// None: non-finite inputs give NaN, as SciPy.
///
/// # Example
/// ```
/// use cuprum_fft::fhtoffset;
/// // scipy.fft.fhtoffset(0.1, 2.0, 0.5, 0.0)
/// assert!((fhtoffset(0.1, 2.0, 0.5, 0.0) - 0.5454581477676637).abs() < 1e-12);
/// ```
pub fn fhtoffset(dln: f64, mu: f64, initial: f64, bias: f64) -> f64 {
    let (lnkr, q) = (initial, bias);
    let xp = (mu + 1.0 + q) / 2.0;
    let xm = (mu + 1.0 - q) / 2.0;
    let y = PI / (2.0 * dln);
    let zp = lgamma(Complex64::new(xp, y));
    let zm = lgamma(Complex64::new(xm, y));
    let arg = (LN_2 - lnkr) / dln + (zp.im + zm.im) / PI;
    lnkr + (arg - arg.round_ties_even()) * dln
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lgamma_matches_known_values() {
        // ln Γ(5) = ln 24; Γ(0.5) = √π; Γ(-0.5) = -2√π (ln|.| and a phase of π)
        assert!((lgamma(Complex64::new(5.0, 0.0)).re - 24f64.ln()).abs() < 1e-14);
        assert!((lgamma(Complex64::new(0.5, 0.0)).re - 0.5 * PI.ln()).abs() < 1e-14);
        let g = lgamma(Complex64::new(-0.5, 0.0)).exp();
        assert!((g.re + 2.0 * PI.sqrt()).abs() < 1e-12 && g.im.abs() < 1e-12);
        // |Γ(iy)|² = π/(y sinh(πy)), y = 3
        let y = 3.0;
        let l = lgamma(Complex64::new(0.0, y));
        assert!((2.0 * l.re - (PI / (y * (PI * y).sinh())).ln()).abs() < 1e-12);
        assert_eq!(gamma_ratio(1.0, -1.0), 0.0);
        assert!(gamma_ratio(-2.0, 1.0).is_infinite());
        assert_eq!(gamma_ratio(-1.0, -3.0), 6.0); // poch(-3, 2) = (-3)(-2)
    }
}
