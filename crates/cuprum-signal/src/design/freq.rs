//! Frequency responses of designed filters: `freqz`, `sosfreqz`, `freqz_zpk` (evaluated on
//! the host from the O(order) coefficients, returned on the coefficients' device).

use crate::util::bad_shape_if;
use crate::util::{check_1d_nonempty, host_f64, upload};
#[cfg(doc)]
use cuprum_core::Error;
use cuprum_core::{Array, Complex64 as C, Result};
use std::f64::consts::PI;

/// Options of [`freqz`], [`sosfreqz`], [`freqz_zpk`] and [`group_delay`] (SciPy's `worN`,
/// `whole`, `fs`, `include_nyquist`).
#[derive(Clone, Debug, PartialEq)]
pub struct FreqzOptions {
    /// the number of frequencies (default 512), used when `freqs` is `None`
    pub wor_n: usize,
    /// frequencies over the whole circle `[0, 2π)` instead of `[0, π)`
    pub whole: bool,
    /// the sampling frequency of the returned `w` (default 2π: rad/sample)
    pub fs: f64,
    /// with `wor_n` frequencies over `[0, π]` (`whole` false): include π itself (SciPy's
    /// `include_nyquist`, default false)
    pub include_nyquist: bool,
    /// the frequencies to evaluate, in the units of `fs` (SciPy's array `worN`, or `w` of
    /// `group_delay`); `wor_n`, `whole` and `include_nyquist` are then unused
    pub freqs: Option<Vec<f64>>,
}

impl Default for FreqzOptions {
    fn default() -> Self {
        FreqzOptions {
            wor_n: 512,
            whole: false,
            fs: 2.0 * PI,
            include_nyquist: false,
            freqs: None,
        }
    }
}

/// The frequencies in rad/sample.
fn grid(o: &FreqzOptions) -> Vec<f64> {
    if let Some(f) = &o.freqs {
        return f.iter().map(|x| 2.0 * PI * x / o.fs).collect();
    }
    let last = if o.whole { 2.0 * PI } else { PI };
    // numpy.linspace(0, last, n, endpoint=include_nyquist and not whole)
    let intervals = if o.include_nyquist && !o.whole {
        o.wor_n.saturating_sub(1).max(1)
    } else {
        o.wor_n
    };
    let step = last / intervals as f64;
    (0..o.wor_n).map(|i| i as f64 * step).collect()
}

/// `Σ c[k]·z^-k` at `z = e^{iw}`.
fn eval(c: &[f64], w: f64) -> C {
    let zi = C::new(0.0, -w).exp();
    // Horner in z^-1 from the highest power
    c.iter()
        .rev()
        .fold(C::new(0.0, 0.0), |acc, &ck| acc * zi + ck)
}

fn finish(
    w: Vec<f64>,
    h: Vec<C>,
    o: &FreqzOptions,
    dev: cuprum_core::Device,
) -> Result<(Array, Array)> {
    let w = out_freqs(w, o);
    let n = h.len();
    Ok((upload(w, dev)?, Array::from_vec_on(h, &[n], dev)?))
}

/// The returned `w`: the given frequencies as they are, or the grid in the units of `fs`.
fn out_freqs(w: Vec<f64>, o: &FreqzOptions) -> Vec<f64> {
    match &o.freqs {
        Some(f) => f.clone(),
        None => {
            let scale = o.fs / (2.0 * PI);
            w.iter().map(|x| x * scale).collect()
        }
    }
}

fn check(op: &'static str, c: &Array, what: &'static str) -> Result<()> {
    check_1d_nonempty(op, what, c)?;
    Ok(())
}

/// The frequency response of a digital filter `b/a` (`scipy.signal.freqz`).
///
/// **Shapes**: 1-D `b`, optional 1-D `a` (default `[1]`) → `w` `(worN,)` float64 and `h`
/// `(worN,)` complex128, on `b`'s device.
///
/// `h(w) = B(e^{iw}) / A(e^{iw})` with `B(z) = Σ b[k]·z^-k`, at `worN` equally spaced
/// frequencies in `[0, π)` (`[0, π]` with `include_nyquist`, `[0, 2π)` with `whole`), or at
/// the frequencies `freqs` (SciPy's array `worN`); `w` is in the units of `fs` (rad/sample by
/// default).
///
/// # Errors
/// [`Error::BadShape`] naming `freqz` and `b` or `a` for empty or non-1-D coefficients;
/// [`Error::DType`] for complex ones.
///
/// **Algorithm**: Horner evaluation per frequency on the host (the coefficients are design
/// data of O(order) values).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{FreqzOptions, freqz};
/// let b = Array::from_vec_on(vec![0.5f64, 0.5], &[2], Device::Cpu).unwrap();
/// let o = FreqzOptions { wor_n: 4, ..Default::default() };
/// let (_w, h) = freqz(&b, None, &o).unwrap();
/// let h = h.to_vec::<cuprum_core::Complex64>().unwrap();
/// assert!((h[0].re - 1.0).abs() < 1e-15);
/// ```
pub fn freqz(b: &Array, a: Option<&Array>, opts: &FreqzOptions) -> Result<(Array, Array)> {
    const OP: &str = "freqz";
    check(OP, b, "b")?;
    let bv = host_f64(OP, b)?;
    let av = match a {
        Some(a) => {
            check(OP, a, "a")?;
            host_f64(OP, a)?
        }
        None => vec![1.0],
    };
    let w = grid(opts);
    let h = w.iter().map(|&x| eval(&bv, x) / eval(&av, x)).collect();
    finish(w, h, opts, b.device())
}

/// The frequency response of second-order sections (`scipy.signal.sosfreqz`).
///
/// **Shapes**: `sos` `(n_sections, 6)` → `w`, `h` `(worN,)` as [`freqz`].
///
/// # Errors
/// [`Error::BadShape`] naming `sosfreqz` and `sos` when it is not `(n, 6)` with `n >= 1`.
///
/// **Algorithm**: the product of the sections' [`freqz`] responses, on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{FreqzOptions, sosfreqz};
/// let sos = Array::from_vec_on(vec![1.0f64, 0.0, 0.0, 1.0, 0.0, 0.0], &[1, 6], Device::Cpu).unwrap();
/// let (w, h) = sosfreqz(&sos, &FreqzOptions::default()).unwrap();
/// assert_eq!((w.shape(), h.shape()), (&[512][..], &[512][..]));
/// ```
pub fn sosfreqz(sos: &Array, opts: &FreqzOptions) -> Result<(Array, Array)> {
    const OP: &str = "sosfreqz";
    let s = crate::filter::sos_host(OP, sos)?;
    let w = grid(opts);
    let h = w
        .iter()
        .map(|&x| {
            s.iter().fold(C::new(1.0, 0.0), |acc, r| {
                acc * eval(&r[..3], x) / eval(&r[3..], x)
            })
        })
        .collect();
    finish(w, h, opts, sos.device())
}

/// The frequency response of a digital filter in zeros, poles and gain
/// (`scipy.signal.freqz_zpk`).
///
/// **Shapes**: 1-D `z`, `p` (real or complex) → `w`, `h` `(worN,)` as [`freqz`], on `z`'s
/// device.
///
/// # Errors
/// [`Error::BadShape`] naming `freqz_zpk` and `z` or `p` for non-1-D zeros or poles.
///
/// **Algorithm**: `h = k·Π(e^{iw} − z)/Π(e^{iw} − p)` per frequency on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{FreqzOptions, freqz_zpk};
/// let z = Array::from_vec_on(vec![-1.0f64], &[1], Device::Cpu).unwrap();
/// let p = Array::from_vec_on(vec![0.0f64], &[1], Device::Cpu).unwrap();
/// let (_w, h) = freqz_zpk(&z, &p, 0.5, &FreqzOptions { wor_n: 2, ..Default::default() }).unwrap();
/// assert!((h.to_vec::<cuprum_core::Complex64>().unwrap()[0].re - 1.0).abs() < 1e-15);
/// ```
pub fn freqz_zpk(z: &Array, p: &Array, k: f64, opts: &FreqzOptions) -> Result<(Array, Array)> {
    const OP: &str = "freqz_zpk";
    let host = |arg: &'static str, a: &Array| -> Result<Vec<C>> {
        bad_shape_if(a.ndim() != 1, OP, arg, a.shape(), "a 1-D array")?;
        a.astype(cuprum_core::DType::Complex128)?
            .to_device(cuprum_core::Device::Cpu)?
            .to_vec::<C>()
    };
    let (zv, pv) = (host("z", z)?, host("p", p)?);
    let w = grid(opts);
    let h = w
        .iter()
        .map(|&x| {
            let e = C::new(0.0, x).exp();
            let num = zv.iter().fold(C::new(k, 0.0), |a, &r| a * (e - r));
            pv.iter().fold(num, |a, &r| a / (e - r))
        })
        .collect();
    finish(w, h, opts, z.device())
}

/// The group delay `−dφ/dω` of a digital filter `b/a` in samples (`scipy.signal.group_delay`).
///
/// **Shapes**: 1-D `b`, `a` → `w`, `gd` `(worN,)` float64 on `b`'s device; frequencies as in
/// [`freqz`] (`freqs` for SciPy's array `w`). At frequencies where the response is (numerically) zero the delay is set to 0,
/// as SciPy does.
///
/// # Errors
/// [`Error::BadShape`] naming `group_delay` and `b` or `a` for empty or non-1-D coefficients;
/// [`Error::DType`] for complex ones.
///
/// **Algorithm**: SciPy's: `c = b ∗ reverse(a)`, `gd = Re(Σ k·c_k z^-k / Σ c_k z^-k) −
/// (len(a) − 1)`, on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{FreqzOptions, group_delay};
/// let b = Array::from_vec_on(vec![0.0f64, 0.0, 1.0], &[3], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let (_w, gd) = group_delay(&b, &a, &FreqzOptions { wor_n: 4, ..Default::default() }).unwrap();
/// assert!(gd.to_vec::<f64>().unwrap().iter().all(|d| (d - 2.0).abs() < 1e-12));
/// ```
pub fn group_delay(b: &Array, a: &Array, opts: &FreqzOptions) -> Result<(Array, Array)> {
    const OP: &str = "group_delay";
    check(OP, b, "b")?;
    check(OP, a, "a")?;
    let bv = host_f64(OP, b)?;
    let av = host_f64(OP, a)?;
    let mut c = cuprum_core::ext::try_vec_filled(bv.len() + av.len() - 1, 0.0)?;
    for (i, x) in bv.iter().enumerate() {
        for (j, y) in av.iter().rev().enumerate() {
            c[i + j] += x * y;
        }
    }
    let cr: Vec<f64> = c.iter().enumerate().map(|(k, v)| v * k as f64).collect();
    let w = grid(opts);
    let gd: Vec<f64> = w
        .iter()
        .map(|&x| {
            let den = eval(&c, x);
            if den.norm() < 10.0 * f64::EPSILON {
                return 0.0;
            }
            let g = (eval(&cr, x) / den).re - (av.len() as f64 - 1.0);
            if g.is_finite() { g } else { 0.0 }
        })
        .collect();
    let n = gd.len();
    let dev = b.device();
    Ok((
        upload(out_freqs(w, opts), dev)?,
        Array::from_vec_on(gd, &[n], dev)?,
    ))
}
