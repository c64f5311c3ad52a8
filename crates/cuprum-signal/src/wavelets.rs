//! Wavelets (`morlet`, `morlet2`, `ricker`, `qmf`) and the continuous wavelet transform
//! (`cwt`), with CuPy's `cupyx.scipy.signal` semantics (SciPy removed them in 1.15; CuPy
//! deprecated them in v14 but keeps them): each wavelet is evaluated elementwise on the current
//! device, `cwt` convolves on the data's device.

use crate::util::{bad_shape_if, check_1d_nonempty, out_of_domain_if};
use cuprum_core::{Array, Complex64 as C, ConvolveMode, DType, Error, Result, current_device};
use std::f64::consts::PI;

/// `0, 1, …, m−1` as float64 on the current device.
fn index(m: usize) -> Result<Array> {
    cuprum_core::arange_on(0.0, m as f64, 1.0, Some(DType::Float64), current_device())
}

/// `(exp(iwx) − c)·exp(−x²/2)·scale` for a float64 `x`.
fn gabor(x: &Array, w: f64, c: f64, scale: f64) -> Result<Array> {
    let phase = cuprum_core::multiply(&x.astype(DType::Complex128)?, C::new(0.0, w))?;
    let osc = cuprum_core::subtract(&cuprum_core::exp(&phase)?, c)?;
    let env = cuprum_core::multiply(
        &cuprum_core::exp(&cuprum_core::multiply(&cuprum_core::multiply(x, x)?, -0.5)?)?,
        scale,
    )?;
    cuprum_core::multiply(&osc, &env)
}

fn check_finite(op: &'static str, arg: &'static str, v: f64) -> Result<()> {
    out_of_domain_if(!v.is_finite(), op, arg, v, "finite values")?;
    Ok(())
}

/// The complex Morlet wavelet of length `m` (`cupyx.scipy.signal.morlet`, SciPy's removed
/// `morlet`).
///
/// **Shapes**: → complex128 `(m,)` on the current device.
///
/// `x` runs over `linspace(−2πs, 2πs, m)`; the complete version (`complete`) is
/// `π^(−1/4)·(exp(iwx) − exp(−w²/2))·exp(−x²/2)`, the standard one drops the correction term
/// `exp(−w²/2)` (negligible for `w > 5`). The energy is not normalized by `s`. This wavelet is
/// not the one [`cwt`] expects: see [`morlet2`].
///
/// # Errors
/// [`Error::OutOfDomain`] naming `signal.morlet` for a non-finite `w` or `s`.
///
/// **Algorithm**: elementwise array operations on the device.
///
/// # Example
/// ```
/// use cuprum_core::Complex64;
/// // pi**-0.25 * (exp(1j*5*x) - exp(-12.5)) * exp(-x**2/2) at x = linspace(-2pi, 2pi, 3)[1] = 0
/// let w = cuprum_signal::morlet(3, 5.0, 1.0, true).unwrap().to_vec::<Complex64>().unwrap();
/// assert!((w[1].re - 0.7511255444649425 * (1.0 - (-12.5f64).exp())).abs() < 1e-15);
/// ```
pub fn morlet(m: usize, w: f64, s: f64, complete: bool) -> Result<Array> {
    const OP: &str = "signal.morlet";
    check_finite(OP, "w", w)?;
    check_finite(OP, "s", s)?;
    let x = cuprum_core::linspace_on(
        -s * 2.0 * PI,
        s * 2.0 * PI,
        m,
        true,
        Some(DType::Float64),
        current_device(),
    )?;
    let c = if complete { (-0.5 * w * w).exp() } else { 0.0 };
    gabor(&x, w, c, PI.powf(-0.25))
}

/// The complex Morlet wavelet of length `m` and width `s`, normalized for [`cwt`]
/// (`cupyx.scipy.signal.morlet2`): `exp(iwx)·exp(−x²/2)·π^(−1/4)·√(1/s)` at
/// `x = (k − (m−1)/2)/s`.
///
/// **Shapes**: → complex128 `(m,)` on the current device.
///
/// The fundamental frequency is `f = w·fs/(2πs)` for a sampling rate `fs`.
///
/// # Errors
/// [`Error::OutOfDomain`] naming `signal.morlet2` for `s` not in `(0, inf)` or a non-finite
/// `w`.
///
/// **Algorithm**: elementwise array operations on the device.
///
/// # Example
/// ```
/// use cuprum_core::Complex64;
/// let v = cuprum_signal::morlet2(5, 2.0, 5.0).unwrap().to_vec::<Complex64>().unwrap();
/// // the centre sample: pi**-0.25 * sqrt(1/2)
/// assert!((v[2].re - 0.7511255444649425 * 0.5f64.sqrt()).abs() < 1e-15);
/// ```
pub fn morlet2(m: usize, s: f64, w: f64) -> Result<Array> {
    const OP: &str = "signal.morlet2";
    out_of_domain_if(!(s > 0.0 && s.is_finite()), OP, "s", s, "(0, inf)")?;
    check_finite(OP, "w", w)?;
    let x = cuprum_core::multiply(
        &cuprum_core::subtract(&index(m)?, (m as f64 - 1.0) * 0.5)?,
        1.0 / s,
    )?;
    gabor(&x, w, 0.0, PI.powf(-0.25) * (1.0 / s).sqrt())
}

/// The Ricker ("Mexican hat") wavelet of `points` samples and width `a`
/// (`cupyx.scipy.signal.ricker`): `A·(1 − x²/a²)·exp(−x²/(2a²))`, `A = 2/(√(3a)·π^(1/4))`,
/// `x = k − (points−1)/2`.
///
/// **Shapes**: → float64 `(points,)` on the current device.
///
/// # Errors
/// [`Error::OutOfDomain`] naming `signal.ricker` for `a` not in `(0, inf)`.
///
/// **Algorithm**: elementwise array operations on the device.
///
/// # Example
/// ```
/// let v = cuprum_signal::ricker(5, 1.0).unwrap().to_vec::<f64>().unwrap();
/// // the centre sample is A = 2 / (sqrt(3) * pi**0.25)
/// assert!((v[2] - 2.0 / (3f64.sqrt() * std::f64::consts::PI.powf(0.25))).abs() < 1e-15);
/// ```
pub fn ricker(points: usize, a: f64) -> Result<Array> {
    const OP: &str = "signal.ricker";
    out_of_domain_if(!(a > 0.0 && a.is_finite()), OP, "a", a, "(0, inf)")?;
    let amp = 2.0 / ((3.0 * a).sqrt() * PI.powf(0.25));
    let x = cuprum_core::subtract(&index(points)?, (points as f64 - 1.0) * 0.5)?;
    let xsq = cuprum_core::multiply(&x, &x)?;
    let m = cuprum_core::subtract(1.0, &cuprum_core::multiply(&xsq, 1.0 / (a * a))?)?;
    let g = cuprum_core::exp(&cuprum_core::multiply(&xsq, -0.5 / (a * a))?)?;
    cuprum_core::multiply(&cuprum_core::multiply(&m, &g)?, amp)
}

/// The high-pass quadrature mirror filter of the low-pass filter `hk`
/// (`cupyx.scipy.signal.qmf`): `out[i] = (−1)^i·hk[n−1−i]`.
///
/// **Shapes**: 1-D `hk` `(n,)` → `(n,)` of `hk`'s dtype (signed; unsigned and bool become
/// int64) on `hk`'s device.
///
/// # Errors
/// [`Error::BadShape`] naming `signal.qmf` for a `hk` that is not 1-D.
///
/// **Algorithm**: a reversed view times an alternating sign, on the device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let h = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let g = cuprum_signal::qmf(&h).unwrap();
/// assert_eq!(g.to_vec::<f64>().unwrap(), vec![3.0, -2.0, 1.0]);
/// ```
pub fn qmf(hk: &Array) -> Result<Array> {
    const OP: &str = "signal.qmf";
    bad_shape_if(hk.ndim() != 1, OP, "hk", hk.shape(), "a 1-D array")?;
    let n = hk.shape()[0];
    let dt = match hk.dtype() {
        DType::Bool | DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => DType::Int64,
        d => d,
    };
    let rev = crate::util::axis_reverse(hk, 0)?.astype(dt)?;
    // 1 − 2·(i mod 2)
    let idx = cuprum_core::arange_on(0i64, n as i64, 1i64, Some(DType::Int64), hk.device())?;
    let sign = cuprum_core::subtract(
        1i64,
        &cuprum_core::multiply(&cuprum_core::remainder(&idx, 2i64)?, 2i64)?,
    )?;
    cuprum_core::multiply(&rev, &sign.astype(dt)?)
}

/// The continuous wavelet transform of `data` (`cupyx.scipy.signal.cwt`): row `i` is `data`
/// convolved (`'same'`) with the time-reversed conjugate of `wavelet(n_i, ⌊widths[i]⌋)`,
/// `n_i = min(10·⌊widths[i]⌋, len(data))`.
///
/// **Shapes**: 1-D `data` `(n,)`, `widths` `(m,)` → `(m, n)` on `data`'s device: complex128
/// when `wavelet(1, 1.0)` is complex (e.g. [`morlet2`]), float64 otherwise.
///
/// As CuPy, the widths are truncated to integers before use (SciPy's removed `cwt` used them as
/// given); `wavelet(points, width)` must return `points` samples (e.g. [`ricker`],
/// [`morlet2`]), on any device (it is moved to `data`'s).
///
/// # Errors
/// [`Error::BadShape`] naming `signal.cwt` for a `data` that is not 1-D or is empty;
/// [`Error::OutOfDomain`] for a width below 1 or non-finite; [`Error::BadShape`] when the
/// wavelet returns the wrong number of samples; the wavelet's own errors.
///
/// **Algorithm**: one [`convolve`](fn@crate::convolve) per width on `data`'s device (direct or
/// FFT, as `choose_conv_method` picks), the rows stacked.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.0f64, 1.0, 0.0, 0.0], &[4], Device::Cpu).unwrap();
/// let c = cuprum_signal::cwt(&x, cuprum_signal::ricker, &[1.0, 2.0]).unwrap();
/// assert_eq!(c.shape(), &[2, 4]);
/// ```
pub fn cwt(
    data: &Array,
    wavelet: impl Fn(usize, f64) -> Result<Array>,
    widths: &[f64],
) -> Result<Array> {
    const OP: &str = "signal.cwt";
    check_1d_nonempty(OP, "data", data)?;
    if let Some(&w) = widths.iter().find(|w| !(w.is_finite() && **w >= 1.0)) {
        return Err(Error::out_of_domain(OP, "widths", w, "[1, inf)"));
    }
    let n = data.shape()[0];
    let dev = data.device();
    let complex = wavelet(1, 1.0)?.dtype().is_complex();
    let dt = if complex {
        DType::Complex128
    } else {
        DType::Float64
    };
    let x = data.astype(dt)?;
    let mut rows = cuprum_core::ext::try_vec_with_capacity(widths.len())?;
    for &w in widths {
        let wi = w.trunc();
        let len = (10 * wi as usize).min(n);
        let wav = wavelet(len, wi)?;
        bad_shape_if(
            wav.ndim() != 1 || wav.shape()[0] != len,
            OP,
            "wavelet",
            wav.shape(),
            format!("({len},): the points the wavelet was asked for"),
        )?;
        let wav = cuprum_core::conj(&wav.to_device(dev)?)?;
        let wav = crate::util::axis_reverse(&wav, 0)?.astype(dt)?;
        rows.push(crate::convolve(
            &x,
            &wav,
            ConvolveMode::Same,
            crate::ConvMethod::Auto,
        )?);
    }
    if rows.is_empty() {
        return cuprum_core::zeros_on(&[0, n][..], dt, dev);
    }
    let refs: Vec<&Array> = rows.iter().collect();
    cuprum_core::stack(&refs, 0)
}
