//! Discrete prolate spheroidal (Slepian) sequences (`scipy.signal.windows.dpss`).

use crate::util::upload_shaped;
use crate::util::{bad_argument_if, out_of_domain_if};
#[cfg(doc)]
use cuprum_core::Error;
use cuprum_core::ext::{try_vec_filled, try_vec_with_capacity};
use cuprum_core::{Array, Complex64 as C, DType, Device, Result, current_device};

/// The normalization of [`dpss`] (SciPy's `norm`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DpssNorm {
    /// unit energy (`2`; the default with `kmax`)
    L2,
    /// maximum 1, and for even lengths scaled by `M²/(M² + NW)` (`'approximate'`; the
    /// default without `kmax`)
    Approximate,
    /// maximum 1, and for even lengths scaled so that the zero-frequency value of the
    /// half-sample-shifted first window is `M` (`'subsample'`)
    Subsample,
}

/// The number of eigenvalues of the symmetric tridiagonal `(d, e)` below `x` (Sturm count).
fn below(d: &[f64], e: &[f64], x: f64) -> usize {
    let mut count = 0;
    let mut q = 1.0f64;
    for i in 0..d.len() {
        let off = if i == 0 { 0.0 } else { e[i - 1] * e[i - 1] };
        q = d[i] - x - if i == 0 { 0.0 } else { off / q };
        if q == 0.0 {
            q = -f64::EPSILON * (x.abs() + 1.0);
        }
        if q < 0.0 {
            count += 1;
        }
    }
    count
}

/// The `k`-th smallest eigenvalue (0-based) of the symmetric tridiagonal `(d, e)` by bisection.
fn eigenvalue(d: &[f64], e: &[f64], k: usize) -> f64 {
    let n = d.len();
    let (mut lo, mut hi) = (f64::INFINITY, f64::NEG_INFINITY);
    for i in 0..n {
        let r = if i > 0 { e[i - 1].abs() } else { 0.0 } + if i + 1 < n { e[i].abs() } else { 0.0 };
        lo = lo.min(d[i] - r);
        hi = hi.max(d[i] + r);
    }
    for _ in 0..200 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if below(d, e, mid) > k {
            hi = mid;
        } else {
            lo = mid;
        }
    }
    0.5 * (lo + hi)
}

/// Solves `(T − λI)·x = b` for the symmetric tridiagonal `T = (d, e)` by Gaussian elimination
/// with partial pivoting (tiny pivots replaced, as inverse iteration wants).
fn shifted_solve(d: &[f64], e: &[f64], lam: f64, b: &mut [f64]) -> Result<()> {
    let n = d.len();
    let tiny = f64::EPSILON * d.iter().chain(e).fold(1.0f64, |m, v| m.max(v.abs()));
    // rows: (a = diagonal, c1 = first super, c2 = second super)
    let mut a = try_vec_filled(n, 0.0)?;
    let mut c1 = try_vec_filled(n, 0.0)?;
    let mut c2 = try_vec_filled(n, 0.0)?;
    let mut sub = try_vec_filled(n, 0.0)?;
    for i in 0..n {
        a[i] = d[i] - lam;
        if i + 1 < n {
            c1[i] = e[i];
            sub[i + 1] = e[i];
        }
    }
    for i in 0..n.saturating_sub(1) {
        let l = sub[i + 1];
        if l.abs() > a[i].abs() {
            // swap rows i and i+1
            let (ai, c1i, c2i) = (a[i], c1[i], c2[i]);
            a[i] = l;
            c1[i] = a[i + 1];
            c2[i] = c1[i + 1];
            let f = ai / l;
            a[i + 1] = c1i - f * c1[i];
            c1[i + 1] = c2i - f * c2[i];
            b.swap(i, i + 1);
            b[i + 1] -= f * b[i];
        } else {
            if a[i].abs() < tiny {
                a[i] = tiny;
            }
            let f = l / a[i];
            a[i + 1] -= f * c1[i];
            c1[i + 1] -= f * c2[i];
            b[i + 1] -= f * b[i];
        }
    }
    if n > 0 && a[n - 1].abs() < tiny {
        a[n - 1] = tiny;
    }
    for i in (0..n).rev() {
        let mut s = b[i];
        if i + 1 < n {
            s -= c1[i] * b[i + 1];
        }
        if i + 2 < n {
            s -= c2[i] * b[i + 2];
        }
        b[i] = s / a[i];
    }
    Ok(())
}

/// The first `kmax` DPSS of length `m` and half-bandwidth `nw`
/// (`scipy.signal.windows.dpss`).
///
/// **Shapes**: → `(kmax, m)` float64 on the current device; `kmax` `None` gives the first
/// sequence alone, `(m,)`. `m ≤ 1` gives ones.
///
/// The sequences of maximal energy concentration in the band `[−nw/m, nw/m]`: the
/// eigenvectors of the largest eigenvalues of Percival and Walden's tridiagonal matrix, signed
/// by their convention (symmetric tapers with a positive mean, antisymmetric ones starting
/// with a positive lobe), normalized by `norm` (default [`DpssNorm::Approximate`] without
/// `kmax`, [`DpssNorm::L2`] with it). `sym = false` gives periodic windows (the first `m` of
/// `m + 1`).
///
/// # Errors
/// [`Error::BadArgument`] naming `dpss` and `Kmax` for `kmax` outside `1..=m`;
/// [`Error::OutOfDomain`] naming `NW` for `nw ≥ m/2`, `nw ≤ 0` or NaN.
///
/// **Algorithm**: bisection (Sturm counts) for the eigenvalues and inverse iteration for the
/// eigenvectors of the symmetric tridiagonal matrix, on the host in float64 (window design,
/// O(m·kmax)); the `'subsample'` correction by a real FFT.
///
/// # Example
/// ```
/// let w = cuprum_signal::windows::dpss(8, 2.0, Some(2), true, None).unwrap();
/// assert_eq!(w.shape(), &[2, 8]);
/// let v = w.to_vec::<f64>().unwrap();
/// let e: f64 = v[..8].iter().map(|x| x * x).sum();
/// assert!((e - 1.0).abs() < 1e-12);
/// ```
pub fn dpss(
    m: usize,
    nw: f64,
    kmax: Option<usize>,
    sym: bool,
    norm: Option<DpssNorm>,
) -> Result<Array> {
    Ok(dpss_impl(m, nw, kmax, sym, norm, false)?.0)
}

/// [`dpss`] with the concentration ratios (`scipy.signal.windows.dpss(...,
/// return_ratios=True)`): the fraction of each sequence's energy inside the band.
///
/// **Shapes**: → the windows as [`dpss`] and the ratios `(kmax,)` (0-d without `kmax`).
///
/// # Errors
/// As [`dpss`].
///
/// **Algorithm**: as [`dpss`]; the ratios from the sequences' autocorrelations (Percival and
/// Walden), on the host.
///
/// # Example
/// ```
/// let (_w, r) = cuprum_signal::windows::dpss_with_ratios(64, 4.0, Some(3), true, None).unwrap();
/// assert!(r.to_vec::<f64>().unwrap()[0] > 0.999999);
/// ```
pub fn dpss_with_ratios(
    m: usize,
    nw: f64,
    kmax: Option<usize>,
    sym: bool,
    norm: Option<DpssNorm>,
) -> Result<(Array, Array)> {
    let (w, r) = dpss_impl(m, nw, kmax, sym, norm, true)?;
    Ok((w, r.expect("ratios requested")))
}

fn dpss_impl(
    m0: usize,
    nw: f64,
    kmax_in: Option<usize>,
    sym: bool,
    norm: Option<DpssNorm>,
    ratios: bool,
) -> Result<(Array, Option<Array>)> {
    const OP: &str = "dpss";
    let dev = current_device();
    let norm = norm.unwrap_or(if kmax_in.is_none() {
        DpssNorm::Approximate
    } else {
        DpssNorm::L2
    });
    let singleton = kmax_in.is_none();
    let kmax = kmax_in.unwrap_or(1);
    let shape_of =
        |k: usize, len: usize| -> Vec<usize> { if singleton { vec![len] } else { vec![k, len] } };
    if m0 <= 1 {
        let w = cuprum_core::ones_on(&[m0][..], DType::Float64, dev)?;
        let r = if singleton {
            Array::from_vec_on(vec![1.0f64], &[0usize; 0], dev)?
        } else {
            Array::from_vec_on(vec![1.0f64], &[1], dev)?
        };
        return Ok((w, ratios.then_some(r)));
    }
    bad_argument_if(
        kmax == 0 || kmax > m0,
        OP,
        "Kmax",
        kmax,
        format!("0 < Kmax <= M = {m0}"),
    )?;
    out_of_domain_if(
        nw.is_nan() || nw >= m0 as f64 / 2.0,
        OP,
        "NW",
        nw,
        format!("(0, M/2) = (0, {})", m0 as f64 / 2.0),
    )?;
    out_of_domain_if(
        nw <= 0.0,
        OP,
        "NW",
        nw,
        format!("(0, M/2) = (0, {})", m0 as f64 / 2.0),
    )?;
    let m = if sym { m0 } else { m0 + 1 };
    let w = nw / m as f64;
    let mf = m as f64;
    let cw = (2.0 * std::f64::consts::PI * w).cos();
    let d: Vec<f64> = (0..m)
        .map(|t| ((mf - 1.0 - 2.0 * t as f64) / 2.0).powi(2) * cw)
        .collect();
    let e: Vec<f64> = (1..m).map(|t| t as f64 * (mf - t as f64) / 2.0).collect();
    let mut wins: Vec<Vec<f64>> = try_vec_with_capacity(kmax)?;
    for k in 0..kmax {
        let lam = eigenvalue(&d, &e, m - 1 - k);
        // inverse iteration from a generic start vector
        let mut v: Vec<f64> = (0..m)
            .map(|i| 1.0 + 0.1 * ((i * 7 + k * 3) % 11) as f64)
            .collect();
        for _ in 0..4 {
            shifted_solve(&d, &e, lam, &mut v)?;
            // keep it orthogonal to the sequences found (separated eigenvalues make this a
            // no-op up to rounding)
            for u in &wins {
                let p: f64 = u.iter().zip(&v).map(|(a, b)| a * b).sum();
                for (vi, ui) in v.iter_mut().zip(u) {
                    *vi -= p * ui;
                }
            }
            let nrm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
            for x in v.iter_mut() {
                *x /= nrm;
            }
        }
        if k % 2 == 0 {
            if v.iter().sum::<f64>() < 0.0 {
                v.iter_mut().for_each(|x| *x = -*x);
            }
        } else {
            let thresh = (1.0 / mf).max(1e-7);
            if let Some(&first) = v.iter().find(|&&x| x * x > thresh)
                && first < 0.0
            {
                v.iter_mut().for_each(|x| *x = -*x);
            }
        }
        wins.push(v);
    }
    let rat = if ratios {
        let mut r = try_vec_with_capacity(kmax)?;
        let sinc = |x: f64| {
            if x == 0.0 {
                1.0
            } else {
                (std::f64::consts::PI * x).sin() / (std::f64::consts::PI * x)
            }
        };
        for v in &wins {
            let mut s = 0.0;
            for lag in 0..m {
                let rxx: f64 = (0..m - lag).map(|i| v[i] * v[i + lag]).sum();
                let rl = if lag == 0 {
                    2.0 * w
                } else {
                    4.0 * w * sinc(2.0 * w * lag as f64)
                };
                s += rxx * rl;
            }
            r.push(s);
        }
        Some(if singleton {
            Array::from_vec_on(vec![r[0]], &[0usize; 0], dev)?
        } else {
            upload_shaped(r, &[kmax], dev)?
        })
    } else {
        None
    };
    if norm != DpssNorm::L2 {
        let mx = wins
            .iter()
            .flatten()
            .fold(f64::NEG_INFINITY, |a, &b| a.max(b));
        wins.iter_mut().flatten().for_each(|x| *x /= mx);
        if m % 2 == 0 {
            let correction = match norm {
                DpssNorm::Approximate => (mf * mf) / (mf * mf + nw),
                _ => {
                    let w0 = Array::from_vec_on(wins[0].clone(), &[m], Device::Cpu)?;
                    let s = cuprum_fft::rfft(&w0, None, -1, cuprum_fft::Norm::Backward)?
                        .to_vec::<C>()?;
                    let mut tot = s[0].re;
                    for (k, sk) in s.iter().enumerate().skip(1) {
                        let shift = -(1.0 - 1.0 / mf) * k as f64;
                        tot += (sk * 2.0 * C::new(0.0, -std::f64::consts::PI * shift).exp()).re;
                    }
                    mf / tot
                }
            };
            wins.iter_mut().flatten().for_each(|x| *x *= correction);
        }
    }
    let len = m0;
    let mut flat = try_vec_with_capacity(kmax * len)?;
    for v in &wins {
        flat.extend_from_slice(&v[..len]);
    }
    Ok((upload_shaped(flat, &shape_of(kmax, len), dev)?, rat))
}
