//! The Parks–McClellan equiripple FIR design (`scipy.signal.remez`).

use crate::util::upload;
use crate::util::{bad_argument_if, out_of_domain_if};
use cuprum_core::ext::{try_vec_filled, try_vec_with_capacity};
use cuprum_core::{Array, Error, Result, current_device};
use std::f64::consts::PI;

/// The filter kind of [`remez`] (SciPy's `type`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RemezType {
    /// a symmetric (linear-phase) filter, piecewise-constant response (`'bandpass'`)
    #[default]
    Bandpass,
    /// an antisymmetric filter with response proportional to frequency in each band
    /// (`'differentiator'`)
    Differentiator,
    /// an antisymmetric filter, piecewise-constant response (`'hilbert'`)
    Hilbert,
}

impl RemezType {
    /// Parses `'bandpass'`, `'differentiator'`, `'hilbert'`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `remez` and `type` for another string.
    ///
    /// ```
    /// assert_eq!(cuprum_signal::RemezType::parse("hilbert").unwrap(), cuprum_signal::RemezType::Hilbert);
    /// ```
    pub fn parse(s: &str) -> Result<RemezType> {
        Ok(match s {
            "bandpass" => RemezType::Bandpass,
            "differentiator" => RemezType::Differentiator,
            "hilbert" => RemezType::Hilbert,
            _ => {
                return Err(Error::bad_argument(
                    "remez",
                    "type",
                    format!("{s:?}"),
                    "one of 'bandpass', 'differentiator', 'hilbert'",
                ));
            }
        })
    }
}

/// Options of [`remez`] (SciPy's keyword arguments).
#[derive(Clone, Debug, PartialEq)]
pub struct RemezOptions {
    /// one weight per band (default all 1)
    pub weight: Option<Vec<f64>>,
    /// the filter kind
    pub kind: RemezType,
    /// the most exchange iterations (default 25)
    pub maxiter: usize,
    /// grid points per coefficient (default 16)
    pub grid_density: usize,
    /// the sampling frequency of `bands` (default 1)
    pub fs: Option<f64>,
}

impl Default for RemezOptions {
    fn default() -> Self {
        RemezOptions {
            weight: None,
            kind: RemezType::Bandpass,
            maxiter: 25,
            grid_density: 16,
            fs: None,
        }
    }
}

/// The dense grid: frequencies (cycles/sample), desired values, weights, band of each point.
struct Grid {
    f: Vec<f64>,
    des: Vec<f64>,
    wt: Vec<f64>,
    band: Vec<usize>,
}

/// The barycentric weights of the nodes `x` (scaled to a largest magnitude of 1).
fn bary(x: &[f64]) -> Result<Vec<f64>> {
    let r = x.len();
    let mut lg = try_vec_filled(r, 0.0)?;
    let mut sg = try_vec_filled(r, 1.0)?;
    for j in 0..r {
        for i in 0..r {
            if i != j {
                let d = 2.0 * (x[j] - x[i]);
                lg[j] -= d.abs().ln();
                if d < 0.0 {
                    sg[j] = -sg[j];
                }
            }
        }
    }
    let mx = lg.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    Ok((0..r).map(|j| sg[j] * (lg[j] - mx).exp()).collect())
}

/// The interpolant through `(x_j, y_j)` with barycentric weights `w` at `xv`.
fn interp(x: &[f64], y: &[f64], w: &[f64], xv: f64) -> f64 {
    let (mut num, mut den) = (0.0, 0.0);
    for j in 0..x.len() {
        let d = xv - x[j];
        if d == 0.0 {
            return y[j];
        }
        let c = w[j] / d;
        num += c * y[j];
        den += c;
    }
    num / den
}

/// The equiripple solution on the grid: the cosine-series coefficients `α` of `P(f) = Σ
/// α_k cos(2πkf)`, `nfcns` of them.
fn exchange(g: &Grid, nfcns: usize, maxiter: usize) -> Result<Vec<f64>> {
    let ngrid = g.f.len();
    let r = nfcns + 1;
    let mut ext: Vec<usize> = (0..nfcns)
        .map(|j| (j as f64 * (ngrid - 1) as f64 / nfcns as f64) as usize)
        .collect();
    ext.push(ngrid - 1);
    let xg: Vec<f64> = g.f.iter().map(|f| (2.0 * PI * f).cos()).collect();
    let mut state = None;
    for _ in 0..maxiter.max(1) {
        let x: Vec<f64> = ext.iter().map(|&i| xg[i]).collect();
        let w = bary(&x)?;
        let (mut num, mut den) = (0.0, 0.0);
        for j in 0..r {
            let s = if j % 2 == 0 { 1.0 } else { -1.0 };
            num += w[j] * g.des[ext[j]];
            den += s * w[j] / g.wt[ext[j]];
        }
        let delta = num / den;
        let y: Vec<f64> = (0..r)
            .map(|j| {
                let s = if j % 2 == 0 { 1.0 } else { -1.0 };
                g.des[ext[j]] - s * delta / g.wt[ext[j]]
            })
            .collect();
        let err: Vec<f64> = (0..ngrid)
            .map(|i| g.wt[i] * (g.des[i] - interp(&x, &y, &w, xg[i])))
            .collect();
        state = Some((x.clone(), y.clone(), w.clone()));
        // local extrema of the error within each band, at least |δ| in size
        let ad = delta.abs();
        let mut cand: Vec<usize> = Vec::new();
        for i in 0..ngrid {
            let left = i > 0 && g.band[i - 1] == g.band[i];
            let right = i + 1 < ngrid && g.band[i + 1] == g.band[i];
            let e = err[i];
            let is_ext = if e >= 0.0 {
                (!left || e >= err[i - 1]) && (!right || e > err[i + 1])
            } else {
                (!left || e <= err[i - 1]) && (!right || e < err[i + 1])
            };
            // (the old extremals sit at |δ| up to rounding)
            if is_ext && e.abs() >= ad * (1.0 - 1e-6) {
                cand.push(i);
            }
        }
        // alternation: of consecutive extrema of one sign keep the largest
        let mut alt: Vec<usize> = Vec::new();
        for &i in &cand {
            match alt.last() {
                Some(&l) if (err[l] >= 0.0) == (err[i] >= 0.0) => {
                    if err[i].abs() > err[l].abs() {
                        *alt.last_mut().expect("non-empty") = i;
                    }
                }
                _ => alt.push(i),
            }
        }
        while alt.len() > r {
            // drop the smaller end
            if err[alt[0]].abs() < err[alt[alt.len() - 1]].abs() {
                alt.remove(0);
            } else {
                alt.pop();
            }
        }
        if alt.len() < r || alt == ext {
            break;
        }
        let emax = alt.iter().map(|&i| err[i].abs()).fold(0.0, f64::max);
        ext = alt;
        if emax - ad <= 1e-14 * ad.max(f64::MIN_POSITIVE) {
            // one more pass with the new set refines δ; the extremals no longer move
            continue;
        }
    }
    let (x, y, w) = state.expect("at least one iteration");
    // P sampled at f_k = k / (2·nfcns − 1), then the inverse cosine transform
    let cn = (2 * nfcns - 1) as f64;
    let a: Vec<f64> = (0..nfcns)
        .map(|k| interp(&x, &y, &w, (2.0 * PI * k as f64 / cn).cos()))
        .collect();
    let mut alpha = try_vec_filled(nfcns, 0.0)?;
    for (j, al) in alpha.iter_mut().enumerate() {
        let s: f64 = (1..nfcns)
            .map(|k| a[k] * (2.0 * PI * (j * k) as f64 / cn).cos())
            .sum();
        *al = (a[0] + 2.0 * s) * if j == 0 { 1.0 } else { 2.0 } / cn;
    }
    Ok(alpha)
}

/// The minimax (equiripple) linear-phase FIR filter of `numtaps` taps approximating
/// `desired` in `bands` (`scipy.signal.remez`).
///
/// **Shapes**: `bands` (band edges, pairs, increasing, in `[0, fs/2]`), `desired` one value
/// per band → `(numtaps,)` float64 on the current device.
///
/// The Parks–McClellan design: the weighted Chebyshev approximation of the desired response
/// on a dense grid of `grid_density` points per coefficient. `Bandpass` gives a symmetric
/// filter; `Hilbert` and `Differentiator` antisymmetric ones (for `Differentiator` the desired
/// response is `desired·f`, the weight `weight/f`).
///
/// # Errors
/// [`Error::BadArgument`] naming `remez` and the argument for `numtaps < 1`, band edges not
/// monotonic, an odd number of edges, `desired`/`weight` lengths other than the number of
/// bands, a grid too coarse or too fine for the filter length (`grid_density`);
/// [`Error::OutOfDomain`] for band edges above `fs/2` or a non-positive `fs`.
///
/// **Algorithm**: the Remez exchange with the barycentric form of the Lagrange interpolant,
/// then the coefficients by an inverse cosine transform of the interpolant and the
/// symmetric/antisymmetric impulse response, on the host in float64 (filter design).
///
/// # Example
/// ```
/// let o = cuprum_signal::RemezOptions::default();
/// let h = cuprum_signal::remez(11, &[0.0, 0.1, 0.2, 0.5], &[1.0, 0.0], &o).unwrap();
/// let v = h.to_vec::<f64>().unwrap();
/// assert!((v[0] - v[10]).abs() < 1e-15 && v[5] > 0.2);
/// ```
pub fn remez(numtaps: usize, bands: &[f64], desired: &[f64], opts: &RemezOptions) -> Result<Array> {
    const OP: &str = "remez";
    let fs = opts.fs.unwrap_or(1.0);
    out_of_domain_if(!(fs.is_finite() && fs > 0.0), OP, "fs", fs, "(0, inf)")?;
    bad_argument_if(numtaps < 1, OP, "numtaps", numtaps, "at least 1")?;
    let nb = desired.len();
    let weight = match &opts.weight {
        Some(w) => w.clone(),
        None => try_vec_filled(nb, 1.0)?,
    };
    bad_argument_if(
        nb == 0,
        OP,
        "desired",
        "[]",
        "one gain per band (at least one)",
    )?;
    bad_argument_if(
        weight.len() != nb,
        OP,
        "weight",
        format!("{} weights", weight.len()),
        format!("one weight per band ({nb}, the length of desired)"),
    )?;
    bad_argument_if(
        bands.len() != 2 * nb,
        OP,
        "bands",
        format!("{} band edges", bands.len()),
        format!(
            "two edges per band ({}, twice the length of desired)",
            2 * nb
        ),
    )?;
    let edge: Vec<f64> = bands.iter().map(|b| b / fs).collect();
    out_of_domain_if(
        edge.iter().any(|&e| !(0.0..=0.5).contains(&e)),
        OP,
        "bands",
        format!("{bands:?}"),
        format!("[0, fs/2] = [0, {}]", fs / 2.0),
    )?;
    bad_argument_if(
        edge.windows(2).any(|p| p[1] < p[0]),
        OP,
        "bands",
        format!("{bands:?}"),
        "monotonic band edges starting at zero",
    )?;
    bad_argument_if(
        opts.grid_density == 0,
        OP,
        "grid_density",
        0,
        "a positive integer",
    )?;
    let neg = opts.kind != RemezType::Bandpass;
    let diff = opts.kind == RemezType::Differentiator;
    let nodd = numtaps % 2 == 1;
    let nfcns = numtaps / 2 + usize::from(nodd && !neg);
    if nfcns == 0 {
        // a single antisymmetric tap is zero
        return upload(try_vec_filled(numtaps, 0.0)?, current_device());
    }
    // the dense grid, band by band (the last point of a band moved onto its upper edge)
    let delf = 0.5 / (opts.grid_density * nfcns) as f64;
    let eff = |f: f64, b: usize| if diff { desired[b] * f } else { desired[b] };
    let wate = |f: f64, b: usize| {
        if diff && desired[b] >= 1e-4 {
            weight[b] / f
        } else {
            weight[b]
        }
    };
    let cap = opts.grid_density * (numtaps.div_ceil(2) + 2);
    let mut g = Grid {
        f: try_vec_with_capacity(cap)?,
        des: try_vec_with_capacity(cap)?,
        wt: try_vec_with_capacity(cap)?,
        band: try_vec_with_capacity(cap)?,
    };
    for b in 0..nb {
        let (lo, hi) = (edge[2 * b], edge[2 * b + 1]);
        let mut f = if b == 0 && neg && lo < delf { delf } else { lo };
        loop {
            g.f.push(f);
            g.band.push(b);
            if g.f.len() > cap {
                // formatted only on failure: this runs once per grid point
                return Err(Error::bad_argument(
                    OP,
                    "grid_density",
                    opts.grid_density,
                    format!("a density whose grid fits in memory for numtaps = {numtaps}"),
                ));
            }
            f += delf;
            if f > hi {
                break;
            }
        }
        let last = g.f.len() - 1;
        g.f[last] = hi;
    }
    if neg == nodd && g.f.last().is_some_and(|&f| f > 0.5 - delf) {
        g.f.pop();
        g.band.pop();
    }
    bad_argument_if(
        g.f.len() < nfcns + 1,
        OP,
        "grid_density",
        opts.grid_density,
        format!(
            "a grid of at least {} points for the extremal frequencies (it has {}): widen the bands or raise grid_density",
            nfcns + 1,
            g.f.len()
        ),
    )?;
    for (i, &f) in g.f.iter().enumerate() {
        let b = g.band[i];
        let (mut d, mut w) = (eff(f, b), wate(f, b));
        // the equivalent problem for the cosine series P: A(f) = Q(f)·P(f)
        let q = match (neg, nodd) {
            (false, true) => 1.0,
            (false, false) => (PI * f).cos(),
            (true, false) => (PI * f).sin(),
            (true, true) => (2.0 * PI * f).sin(),
        };
        d /= q;
        w *= q;
        g.des.push(d);
        g.wt.push(w);
    }
    let alpha = exchange(&g, nfcns, opts.maxiter)?;
    let al = |k: usize| alpha.get(k).copied().unwrap_or(0.0);
    // the impulse response: b_m multiplies the m-th cosine (sine) term of A
    let mut h = try_vec_filled(numtaps, 0.0)?;
    let m = numtaps / 2;
    match (neg, nodd) {
        (false, true) => {
            h[m] = al(0);
            for k in 1..nfcns {
                h[m - k] = al(k) / 2.0;
            }
        }
        _ => {
            // b_mm = (α[mm−1] ± α[mm+off]) / 2 with α[0] doubled for mm = 1; h = b / 2 (the
            // powers of two make this exactly SciPy's two-step form)
            let (sign, off) = if neg {
                (-1.0, usize::from(nodd))
            } else {
                (1.0, 0)
            };
            for mm in 1..=m {
                let first = if mm == 1 { 2.0 * al(0) } else { al(mm - 1) };
                h[m - mm] = (first + sign * al(mm + off)) / 4.0;
            }
        }
    }
    for i in 0..numtaps / 2 {
        h[numtaps - 1 - i] = if neg { -h[i] } else { h[i] };
    }
    upload(h, current_device())
}
