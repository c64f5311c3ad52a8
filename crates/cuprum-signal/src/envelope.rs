//! The envelope of a band of a signal (`scipy.signal.envelope`): the magnitude of its
//! analytic (baseband) part, and the residual outside the band.

use crate::util::{axis_of, from_last, inexact, real_of, to_last};
use crate::util::{bad_argument_if, bad_shape_if};
use cuprum_core::ext::try_vec_filled;
use cuprum_core::{Array, Error, IndexMode, Result};
use cuprum_fft::Norm;

/// What [`envelope`] returns besides the envelope (SciPy's `residual`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Residual {
    /// the part of the spectrum below the band (`'lowpass'`, the default)
    #[default]
    Lowpass,
    /// everything outside the band (`'all'`)
    All,
    /// no residual (`None`): only the envelope is returned
    None,
}

/// Options of [`envelope`] (SciPy's keyword arguments).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct EnvelopeOptions {
    /// the band `[bp_in.0, bp_in.1)` in FFT bins (`None`: `-n/2` resp. `(n+1)/2`; default
    /// `(Some(1), None)`)
    pub bp_in: (Option<i64>, Option<i64>),
    /// the output length along `axis` (default the input's)
    pub n_out: Option<usize>,
    /// the squared envelope instead of the envelope
    pub squared: bool,
    /// the residual
    pub residual: Residual,
    /// the time axis (default −1)
    pub axis: isize,
}

impl Default for EnvelopeOptions {
    fn default() -> Self {
        EnvelopeOptions {
            bp_in: (Some(1), None),
            n_out: None,
            squared: false,
            residual: Residual::Lowpass,
            axis: -1,
        }
    }
}

/// One output bin as a sum of up to two input bins with real weights.
type Map = Vec<[(usize, f64); 2]>;

/// `sum_t Z[..., map[k][t].0] * map[k][t].1` along the last axis (a gather on the device).
fn apply(z: &Array, map: &Map) -> Result<Array> {
    let dev = z.device();
    let rdt = real_of(z.dtype());
    let mut out: Option<Array> = None;
    for t in 0..2 {
        if t == 1 && map.iter().all(|m| m[1].1 == 0.0) {
            break;
        }
        let idx: Vec<i64> = map.iter().map(|m| m[t].0 as i64).collect();
        let c: Vec<f64> = map.iter().map(|m| m[t].1).collect();
        let n = idx.len();
        let idx = Array::from_vec_on(idx, &[n], dev)?;
        let c = Array::from_vec_on(c, &[n], dev)?.astype(rdt)?;
        let g = cuprum_core::take(z, &idx, Some(-1), IndexMode::Raise)?;
        let g = cuprum_core::multiply(&g, &c)?;
        out = Some(match out {
            None => g,
            Some(o) => cuprum_core::add(&o, &g)?,
        });
    }
    out.ok_or_else(|| Error::invalid_value("envelope", "empty bin map"))
}

/// The envelope of the band `bp_in` of `z` along `axis` (`scipy.signal.envelope`), with the
/// residual outside the band.
///
/// **Shapes**: `z` n-d real or complex, `n` samples along `axis` → with a residual, `(2,
/// *z.shape)` (`n_out` along `axis`): `[envelope, residual]`; without one, the envelope alone.
/// Real input gives a real result; complex input a complex one (the envelope's imaginary part
/// zero).
///
/// The band's spectrum (one-sided for real input, where bins inside the band are doubled) is
/// shifted to baseband and transformed back to `n_out` samples: its magnitude (squared with
/// `squared`) is the envelope. The residual is the rest of the spectrum (`Lowpass`: only the
/// part below the band), resampled to `n_out` samples.
///
/// # Errors
/// [`Error::BadShape`] naming `envelope` and `z` for 0-d or empty input;
/// [`Error::BadArgument`] for `n_out` 0, a band (`bp_in`) outside
/// `-n/2 ≤ bp_in.0 < bp_in.1 ≤ (n+1)/2` or an empty one; [`Error::AxisOutOfBounds`] for a bad
/// axis.
///
/// **Algorithm**: SciPy's: `rfft` (`fft` for complex input), the band selected and weighted by
/// a gather along the axis, `ifft` to `n_out` samples; the residual by `irfft` (`ifft` with
/// SciPy's bin mapping of `resample(domain='freq')`) — all on the input's device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{EnvelopeOptions, Residual, envelope};
/// // a 1 + 0.5·cos(2π·t/64) modulated carrier of 16 cycles in 64 samples
/// let x: Vec<f64> = (0..64)
///     .map(|i| {
///         let t = i as f64 / 64.0;
///         (1.0 + 0.5 * (2.0 * std::f64::consts::PI * t).cos())
///             * (2.0 * std::f64::consts::PI * 16.0 * t).cos()
///     })
///     .collect();
/// let z = Array::from_vec_on(x, &[64], Device::Cpu).unwrap();
/// let o = EnvelopeOptions { residual: Residual::None, ..Default::default() };
/// let e = envelope(&z, &o).unwrap().to_vec::<f64>().unwrap();
/// assert!((e[0] - 1.5).abs() < 1e-12 && (e[32] - 0.5).abs() < 1e-12);
/// ```
pub fn envelope(z: &Array, opts: &EnvelopeOptions) -> Result<Array> {
    const OP: &str = "envelope";
    bad_shape_if(z.ndim() == 0, OP, "z", z.shape(), "at least 1 dimension")?;
    let ax = axis_of(OP, opts.axis, z.ndim())?;
    let n = z.shape()[ax];
    bad_shape_if(n == 0, OP, "z", z.shape(), format!("a non-empty axis {ax}"))?;
    let n_out = opts.n_out.unwrap_or(n);
    bad_argument_if(n_out == 0, OP, "n_out", 0, "a positive integer")?;
    let ni = n as i64;
    // SciPy's defaults -(n//2) and (n+1)//2; its lower bound -n//2 = -ceil(n/2)
    let start = opts.bp_in.0.unwrap_or(-(ni / 2));
    let stop = opts.bp_in.1.unwrap_or((ni + 1) / 2);
    bad_argument_if(
        !(-((ni + 1) / 2) <= start && start < stop && stop <= (ni + 1) / 2),
        OP,
        "bp_in",
        format!("({start}, {stop})"),
        format!("-n//2 <= bp_in[0] < bp_in[1] <= (n+1)//2 for n = {n}"),
    )?;
    let straddle = start <= 0 && 0 < stop;
    // Python's slice Z[start:stop] of n bins
    let py = |v: i64| -> usize {
        if v < 0 {
            (ni + v).max(0) as usize
        } else {
            (v as usize).min(n)
        }
    };
    let band: Vec<usize> = if straddle {
        (start..stop).map(|k| k.rem_euclid(ni) as usize).collect()
    } else {
        (py(start)..py(stop).max(py(start))).collect()
    };
    bad_argument_if(
        band.is_empty(),
        OP,
        "bp_in",
        format!("({start}, {stop})"),
        format!("a band selecting at least one bin of n = {n}"),
    )?;
    let complex = z.dtype().is_complex();
    let zl = to_last(&z.astype(inexact(z.dtype()))?, ax)?;
    // the base spectrum and each full bin's weight (real input: a one-sided spectrum, the
    // band doubled)
    let (base, mut w): (Array, Vec<f64>) = if complex {
        (
            cuprum_fft::fft(&zl, None, -1, Norm::Backward)?,
            try_vec_filled(n, 1.0)?,
        )
    } else {
        let half = n / 2 + 1;
        let mut w: Vec<f64> = (0..n).map(|k| if k < half { 1.0 } else { 0.0 }).collect();
        if start > 0 {
            for wk in w.iter_mut().take(stop as usize).skip(start as usize) {
                *wk *= 2.0;
            }
        } else if stop > 0 {
            for wk in w.iter_mut().take(stop as usize).skip(1) {
                *wk *= 2.0;
            }
        }
        (cuprum_fft::rfft(&zl, None, -1, Norm::Backward)?, w)
    };
    let nb = base.shape()[base.ndim() - 1];
    let entry = |k: usize, c: f64| -> (usize, f64) { if k < nb { (k, c) } else { (0, 0.0) } };
    let fak = n_out as f64 / n as f64;
    let sel: Map = band
        .iter()
        .map(|&k| [entry(k, w[k] * fak), (0, 0.0)])
        .collect();
    let zbb = cuprum_fft::ifft(&apply(&base, &sel)?, Some(n_out), -1, Norm::Backward)?;
    let env = if opts.squared {
        let (re, im) = (cuprum_core::real(&zbb)?, cuprum_core::imag(&zbb)?);
        cuprum_core::add(
            &cuprum_core::multiply(&re, &re)?,
            &cuprum_core::multiply(&im, &im)?,
        )?
    } else {
        cuprum_core::abs(&zbb)?
    };
    let env = from_last(&env, ax)?;
    if opts.residual == Residual::None {
        return Ok(env);
    }
    // the residual's weights
    let mut zero = |lo: usize, hi: usize| {
        for wk in w.iter_mut().take(hi).skip(lo) {
            *wk = 0.0;
        }
    };
    if !straddle {
        zero(py(start), py(stop));
    } else {
        zero(0, stop as usize);
        zero(py(start), n);
    }
    if opts.residual == Residual::Lowpass {
        if stop > 0 {
            zero(stop as usize, n.div_ceil(2));
        } else {
            zero(py(start), n);
            zero(0, n.div_ceil(2));
        }
    }
    let m = n.min(n_out);
    let res = if !complex {
        if n_out != n && m.is_multiple_of(2) {
            w[m / 2] *= if n_out < n { 2.0 } else { 0.5 };
        }
        let keep = n.min(n_out / 2 + 1);
        let map: Map = (0..keep)
            .map(|k| [entry(k, w[k] * fak), (0, 0.0)])
            .collect();
        cuprum_fft::irfft(&apply(&base, &map)?, Some(n_out), -1, Norm::Backward)?
    } else {
        // resample(Z, n_out, domain='freq'): Y[k] from X = w·Z, divided by n / n_out
        let m2 = m / 2 + 1;
        let mut map: Map = try_vec_filled(n_out, [(0, 0.0), (0, 0.0)])?;
        for (k, mk) in map.iter_mut().enumerate().take(m2.min(m)) {
            *mk = [(k, w[k] * fak), (0, 0.0)];
        }
        if m2 < m {
            for i in 0..m - m2 {
                let (yk, xk) = (n_out - (m - m2) + i, n - (m - m2) + i);
                map[yk] = [(xk, w[xk] * fak), (0, 0.0)];
            }
        }
        if m.is_multiple_of(2) {
            let h = m / 2;
            if n_out < n {
                let (yk, xk) = (n_out - h, n - h);
                map[yk][1] = (xk, w[xk] * fak);
            } else if n < n_out {
                map[h][0].1 /= 2.0;
                map[n_out - h] = map[h];
            }
        }
        cuprum_fft::ifft(&apply(&base, &map)?, Some(n_out), -1, Norm::Backward)?
    };
    let res = from_last(&res, ax)?;
    let dt = if complex { res.dtype() } else { env.dtype() };
    cuprum_core::stack(&[&env.astype(dt)?, &res.astype(dt)?], 0)
}

#[cfg(test)]
mod tests {
    #[test]
    fn dtype_is_kept_for_real_input() {
        let z = cuprum_core::Array::from_vec_on(
            vec![1.0f64, 2.0, 0.5, -1.0],
            &[4],
            cuprum_core::Device::Cpu,
        )
        .unwrap();
        let e = super::envelope(&z, &Default::default()).unwrap();
        assert_eq!(
            (e.shape(), e.dtype()),
            (&[2, 4][..], cuprum_core::DType::Float64)
        );
    }
}
