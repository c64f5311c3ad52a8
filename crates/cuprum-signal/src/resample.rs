//! Rate changes along an axis: `upfirdn`, `resample_poly`, `decimate`, `resample`, composed
//! of cuprum operations on the data's device (the FIR design on the host).

use crate::design::fir::{FirwinOptions, firwin_taps};
use crate::util::{axis_of, axis_slice, axis_slice_step, check_1d_nonempty, inexact};
use crate::util::{bad_argument_if, bad_shape_if};
use crate::window::Window;
use cuprum_core::{Array, DType, Error, Result};

fn check_rates(op: &'static str, up: usize, down: usize) -> Result<()> {
    bad_argument_if(up < 1, op, "up", up, "an integer >= 1")?;
    bad_argument_if(down < 1, op, "down", down, "an integer >= 1")?;
    Ok(())
}

/// `h` (host) upsampled-filtered-downsampled with `x` along `ax`, in dtype `dt`.
fn upfirdn_host_h(
    op: &'static str,
    h: &[f64],
    x: &Array,
    up: usize,
    down: usize,
    ax: usize,
    dt: DType,
) -> Result<Array> {
    check_rates(op, up, down)?;
    bad_shape_if(
        h.is_empty(),
        op,
        "h",
        &[0],
        "a 1-D array of non-zero length",
    )?;
    let x = x.astype(dt)?;
    let n = x.shape()[ax];
    bad_shape_if(n == 0, op, "x", x.shape(), format!("a non-empty axis {ax}"))?;
    if x.size() == 0 {
        let mut shape = x.shape().to_vec();
        shape[ax] = crate::polyphase::out_len(n, h.len(), up, down)?;
        return cuprum_core::zeros_on(&shape[..], dt, x.device());
    }
    let xl = crate::util::to_last(&x, ax)?;
    let y = if dt.is_complex() {
        let rd = crate::util::real_of(dt);
        let yr = crate::polyphase::run(op, h, &cuprum_core::real(&xl)?.astype(rd)?, up, down)?;
        let yi = crate::polyphase::run(op, h, &cuprum_core::imag(&xl)?.astype(rd)?, up, down)?;
        crate::filter::combine(&yr, &yi, dt)?
    } else {
        crate::polyphase::run(op, h, &xl, up, down)?
    };
    crate::util::from_last(&y, ax)
}

/// Upsamples by zero insertion, applies an FIR filter, downsamples
/// (`scipy.signal.upfirdn` with mode `'constant'`, `cval=0`).
///
/// **Shapes**: 1-D `h`, `x` of any shape → `x`'s shape with
/// `((n − 1)·up + len(h) − 1) // down + 1` samples along `axis`. **Dtypes**: `h` and `x`
/// promoted (integers → float64).
///
/// # Errors
/// [`Error::BadArgument`] naming `upfirdn` for `up` or `down` < 1; [`Error::BadShape`] for
/// empty or non-1-D `h`, 0-d `x` or `x` empty along `axis`.
///
/// **Algorithm**: polyphase: each output sample sums only the taps that meet input samples
/// (`len(h)/up` multiply-adds, no zero-stuffed intermediate); rayon over the 1-D signals on
/// the CPU, a CUDA thread per output sample on a device (`kernels/signal/upfirdn.cu`).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let h = Array::from_vec_on(vec![1.0f64, 1.0, 1.0], &[3], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![1.0f64, 2.0], &[2], Device::Cpu).unwrap();
/// let y = cuprum_signal::upfirdn(&h, &x, 3, 1, -1).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0, 1.0, 1.0, 2.0, 2.0, 2.0]);
/// ```
pub fn upfirdn(h: &Array, x: &Array, up: usize, down: usize, axis: isize) -> Result<Array> {
    const OP: &str = "upfirdn";
    check_1d_nonempty(OP, "h", h)?;
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(OP, axis, x.ndim())?;
    let dt = inexact(DType::promote(h.dtype(), x.dtype()));
    if h.dtype().is_complex() {
        // complex taps: filter with the real and imaginary parts
        let hr = crate::util::host_f64(OP, &cuprum_core::real(h)?)?;
        let hi = crate::util::host_f64(OP, &cuprum_core::imag(h)?)?;
        let yr = upfirdn_host_h(OP, &hr, x, up, down, ax, dt)?;
        let yi = upfirdn_host_h(OP, &hi, x, up, down, ax, dt)?;
        let i = cuprum_core::Scalar::Complex(cuprum_core::Complex64::new(0.0, 1.0));
        return cuprum_core::add(&yr, &cuprum_core::multiply(&yi, i)?)?.astype(dt);
    }
    upfirdn_host_h(OP, &crate::util::host_f64(OP, h)?, x, up, down, ax, dt)
}

fn output_len(len_h: usize, n: usize, up: usize, down: usize) -> usize {
    ((n - 1) * up + len_h - 1) / down + 1
}

fn gcd(a: usize, b: usize) -> usize {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Resamples by `up/down` with a polyphase FIR filter (`scipy.signal.resample_poly` with
/// `padtype='constant'`).
///
/// **Shapes**: `x` → `ceil(n·up/down)` samples along `axis` (`up`, `down` reduced by their
/// gcd). `window`: the FIR design window (default `('kaiser', 5.0)`: a
/// `firwin(20·max(up, down) + 1, 1/max(up, down))` filter), or [`Window::Values`]: the filter
/// taps themselves. **Dtypes**: float32 stays float32, integers → float64.
///
/// # Errors
/// [`Error::BadArgument`] naming `resample_poly` for `up`/`down` < 1 or an unknown or empty
/// window; [`Error::BadShape`] for 0-d or empty `x`.
///
/// **Algorithm**: SciPy's: the filter scaled by `up`, zero-padded so that the output is
/// centred, [`upfirdn`], and the central `ceil(n·up/down)` samples kept.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1.0f64; 100], &[100], Device::Cpu).unwrap();
/// let y = cuprum_signal::resample_poly(&x, 3, 2, -1, None).unwrap();
/// assert_eq!(y.shape(), &[150]);
/// ```
pub fn resample_poly(
    x: &Array,
    up: usize,
    down: usize,
    axis: isize,
    window: Option<&Window>,
) -> Result<Array> {
    const OP: &str = "resample_poly";
    check_rates(OP, up, down)?;
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(OP, axis, x.ndim())?;
    let dt = inexact(x.dtype());
    let g = gcd(up, down);
    let (up, down) = (up / g, down / g);
    if up == 1 && down == 1 {
        return x.astype(dt);
    }
    let n_in = x.shape()[ax];
    bad_shape_if(
        n_in == 0,
        OP,
        "x",
        x.shape(),
        format!("a non-empty axis {ax}"),
    )?;
    let n_out = n_in
        .checked_mul(up)
        .ok_or_else(|| {
            Error::bad_argument(
                OP,
                "up",
                up,
                format!("a rate whose output length for {n_in} samples fits in usize"),
            )
        })?
        .div_ceil(down);
    let (half_len, mut h) = match window {
        Some(Window::Values(v)) => {
            bad_argument_if(
                v.is_empty(),
                OP,
                "window",
                "an empty array",
                "a non-empty filter",
            )?;
            ((v.len() - 1) / 2, v.clone())
        }
        w => {
            let max_rate = up.max(down);
            // SciPy's filter: 20 * max(up, down) + 1 taps
            let half_len = max_rate
                .checked_mul(10)
                .filter(|h| *h < usize::MAX / 4)
                .ok_or_else(|| {
                    Error::bad_argument(
                        OP,
                        "up",
                        format!("{up} (down = {down})"),
                        "rates whose filter length 20 * max(up, down) + 1 fits in usize",
                    )
                })?;
            let o = FirwinOptions {
                window: w.cloned().unwrap_or(Window::Param("kaiser".into(), 5.0)),
                ..Default::default()
            };
            (
                half_len,
                firwin_taps(2 * half_len + 1, &[1.0 / max_rate as f64], &o)?,
            )
        }
    };
    if dt == DType::Float32 || dt == DType::Complex64 {
        // SciPy casts the designed filter to x's dtype before scaling
        for v in &mut h {
            *v = *v as f32 as f64;
        }
    }
    for v in &mut h {
        *v *= up as f64;
    }
    let n_pre_pad = down - half_len % down;
    // the padded filter is built on the host: its n_pre_pad zeros must fit (SciPy's
    // MemoryError for a huge `down`)
    cuprum_core::ext::check_host_bytes(n_pre_pad.saturating_add(h.len()).saturating_mul(8))?;
    let mut n_post_pad = 0;
    let n_pre_remove = (half_len + n_pre_pad) / down;
    while output_len(h.len() + n_pre_pad + n_post_pad, n_in, up, down) < n_out + n_pre_remove {
        n_post_pad += 1;
    }
    let mut hp = cuprum_core::ext::try_vec_filled(n_pre_pad, 0.0)?;
    hp.extend_from_slice(&h);
    hp.extend(std::iter::repeat_n(0.0, n_post_pad));
    let y = if dt.is_complex() {
        let xc = x.astype(dt)?;
        let part = |p: &Array| upfirdn_host_h(OP, &hp, p, up, down, ax, crate::util::real_of(dt));
        let (yr, yi) = (
            part(&cuprum_core::real(&xc)?)?,
            part(&cuprum_core::imag(&xc)?)?,
        );
        crate::filter::combine(&yr, &yi, dt)?
    } else {
        upfirdn_host_h(OP, &hp, x, up, down, ax, dt)?
    };
    axis_slice(
        &y,
        ax,
        n_pre_remove as isize,
        Some((n_pre_remove + n_out) as isize),
    )?
    .copy()
}

/// The anti-aliasing filter of [`decimate`] (SciPy's `ftype`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum DecimateFilter {
    /// an order-8 Chebyshev type I filter (`'iir'`, the default)
    #[default]
    Iir,
    /// an order-`20·q` Hamming-window FIR filter (`'fir'`)
    Fir,
}

/// Downsamples by `q` after an anti-aliasing filter (`scipy.signal.decimate`).
///
/// **Shapes**: `x` → `ceil(n/q)` samples along `axis`. `n`: the filter order (default 8 for
/// IIR, `20·q` for FIR). `zero_phase` (SciPy's default true) filters forward and backward
/// (`sosfiltfilt`, or `resample_poly` for FIR). **Dtypes**: float32 stays float32, integers →
/// float64.
///
/// # Errors
/// [`Error::BadArgument`] naming `decimate` for `q` < 1; [`Error::BadShape`] for 0-d `x`; the
/// errors of [`sosfiltfilt`](crate::sosfiltfilt) for a signal too short for the zero-phase
/// padding.
///
/// **Algorithm**: SciPy's: `cheby1(n, 0.05, 0.8/q, output='sos')` then [`sosfiltfilt`](crate::sosfiltfilt)
/// and every `q`-th sample, or `firwin(n + 1, 1/q, window='hamming')` then [`resample_poly`]
/// (`up = 1`, `down = q`).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{decimate, resample::DecimateFilter};
/// let x = Array::from_vec_on(vec![1.0f64; 200], &[200], Device::Cpu).unwrap();
/// let y = decimate(&x, 4, None, DecimateFilter::Fir, -1, true).unwrap();
/// assert_eq!(y.shape(), &[50]);
/// ```
pub fn decimate(
    x: &Array,
    q: usize,
    n: Option<usize>,
    ftype: DecimateFilter,
    axis: isize,
    zero_phase: bool,
) -> Result<Array> {
    const OP: &str = "decimate";
    bad_argument_if(q < 1, OP, "q", q, "an integer >= 1")?;
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(OP, axis, x.ndim())?;
    let dt = match inexact(x.dtype()) {
        DType::Float32 | DType::Complex64 | DType::Complex128 => inexact(x.dtype()),
        _ => DType::Float64,
    };
    let x = x.astype(dt)?;
    match ftype {
        DecimateFilter::Fir => {
            let taps = n
                .or_else(|| q.checked_mul(20))
                .and_then(|n| n.checked_add(1))
                .ok_or_else(|| match n {
                    Some(v) => Error::bad_argument(OP, "n", v, "an order whose n + 1 taps fit"),
                    None => {
                        Error::bad_argument(OP, "q", q, "a factor whose FIR length 20 * q + 1 fits")
                    }
                })?;
            let mut b = firwin_taps(taps, &[1.0 / q as f64], &FirwinOptions::default())?;
            if dt == DType::Float32 || dt == DType::Complex64 {
                for v in &mut b {
                    *v = *v as f32 as f64;
                }
            }
            if zero_phase {
                resample_poly(&x, 1, q, ax as isize, Some(&Window::Values(b)))
            } else {
                let n_out = x.shape()[ax].div_ceil(q);
                let y = upfirdn_host_h(OP, &b, &x, 1, q, ax, dt)?;
                axis_slice(&y, ax, 0, Some(n_out as isize))?.copy()
            }
        }
        DecimateFilter::Iir => {
            let n = n.unwrap_or(8);
            let o = crate::IirOptions {
                output: crate::FilterOutput::Sos,
                ..Default::default()
            };
            let sos = crate::cheby1(n, 0.05, &[0.8 / q as f64], &o)?
                .sos()?
                .to_device(x.device())?
                .astype(crate::util::real_of(dt))?;
            let y = if zero_phase {
                crate::sosfiltfilt(&sos, &x, ax as isize, &crate::FiltfiltOptions::default())?
            } else {
                crate::sosfilt(&sos, &x, ax as isize)?
            };
            axis_slice_step(&y, ax, None, None, q as isize)?.copy()
        }
    }
}

/// Resamples to `num` samples along `axis` by the Fourier method (`scipy.signal.resample`
/// without `t` or `window`).
///
/// **Shapes**: `x` → `num` samples along `axis`; real input gives real output (float32 for
/// float32), complex input complex.
///
/// # Errors
/// [`Error::BadArgument`] naming `resample` for `num == 0`; [`Error::BadShape`] for 0-d or
/// empty `x`.
///
/// **Algorithm**: SciPy 1.17's: the (real) FFT truncated or zero-padded to `num` bins, the
/// unpaired Nyquist bin split or merged, the inverse FFT scaled by `num/n`; cuFFT on CUDA.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 1.0, 0.0], &[4], Device::Cpu).unwrap();
/// let y = cuprum_signal::resample(&x, 8, -1).unwrap().to_vec::<f64>().unwrap();
/// assert!((y[0] - 1.0).abs() < 1e-12 && (y[2] - 2.0).abs() < 1e-12);
/// ```
pub fn resample(x: &Array, num: usize, axis: isize) -> Result<Array> {
    const OP: &str = "resample";
    bad_argument_if(num == 0, OP, "num", 0, "a positive integer")?;
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(OP, axis, x.ndim())?;
    let n = x.shape()[ax];
    bad_shape_if(n == 0, OP, "x", x.shape(), format!("a non-empty axis {ax}"))?;
    let dt = inexact(x.dtype());
    let xl = crate::util::to_last(&x.astype(dt)?, ax)?;
    let s_fac = n as f64 / num as f64;
    let m = num.min(n);
    let m2 = m / 2 + 1;
    let last = xl.ndim() - 1;
    let y = if !dt.is_complex() {
        let xf = cuprum_fft::rfft(&xl, None, -1, cuprum_fft::Norm::Backward)?;
        let xf = axis_slice(&xf, last, 0, Some(m2 as isize))?;
        let mut xf = cuprum_core::divide(&xf, s_fac)?;
        if m.is_multiple_of(2) && num != n {
            let f = if num < n { 2.0 } else { 0.5 };
            let idx = cuprum_core::arange_on(0i64, m2 as i64, 1i64, None, x.device())?;
            let sc = cuprum_core::where_(&cuprum_core::equal(&idx, (m / 2) as i64)?, f, 1.0)?
                .astype(crate::util::real_of(dt))?;
            xf = cuprum_core::multiply(&xf, &sc)?;
        }
        cuprum_fft::irfft(&xf, Some(num), -1, cuprum_fft::Norm::Backward)?
    } else {
        let xf = cuprum_fft::fft(&xl, None, -1, cuprum_fft::Norm::Backward)?;
        let mut s = xf.shape().to_vec();
        s[last] = num;
        let yf = cuprum_core::zeros_on(&s[..], xf.dtype(), x.device())?;
        axis_slice(&yf, last, 0, Some(m2 as isize))?.assign(&axis_slice(
            &xf,
            last,
            0,
            Some(m2 as isize),
        )?)?;
        if m2 < m {
            let k = (m - m2) as isize;
            axis_slice(&yf, last, -k, None)?.assign(&axis_slice(&xf, last, -k, None)?)?;
        }
        if m.is_multiple_of(2) {
            let h = (m / 2) as isize;
            if num < n {
                let a = axis_slice(&yf, last, num as isize - h, Some(num as isize - h + 1))?;
                let b = axis_slice(&xf, last, n as isize - h, Some(n as isize - h + 1))?;
                a.assign(&cuprum_core::add(&a, &b)?)?;
            } else if n < num {
                let a = axis_slice(&yf, last, h, Some(h + 1))?;
                let half = cuprum_core::divide(&a, 2.0)?;
                a.assign(&half)?;
                axis_slice(&yf, last, num as isize - h, Some(num as isize - h + 1))?
                    .assign(&half)?;
            }
        }
        cuprum_fft::ifft(
            &cuprum_core::divide(&yf, s_fac)?,
            Some(num),
            -1,
            cuprum_fft::Norm::Backward,
        )?
    };
    crate::util::from_last(&y.astype(dt)?, ax)?.copy()
}
