//! Radar processing (CuPy's `cupyx/signal/_radartools`): pulse compression, pulse-Doppler
//! processing and the cell-averaging CFAR detector.

use crate::util::{bad_argument_if, bad_shape_if};
use cuprum_core::{
    Array, DType, Device, Error, Result, abs, bartlett, blackman, concatenate, conj, cumsum,
    divide, greater, hamming, hanning, kaiser, multiply, power, real, s, sqrt, subtract, zeros_on,
};
use cuprum_fft::{Norm, fft, fftfreq_on, ifft};

/// A window for [`pulse_compression`] and [`pulse_doppler`] (CuPy's `window` argument: an
/// array, a callable, or anything `scipy.signal.get_window` takes).
///
/// The window has the length `n` of the windowed axis (the template's length for pulse
/// compression, the number of pulses for pulse-Doppler processing) and multiplies the data
/// in the time domain, as CuPy does.
#[derive(Clone, Copy)]
#[non_exhaustive]
pub enum Window<'a> {
    /// The window itself, of shape `(n,)` (CuPy: an `ndarray`); multiplied as is (NumPy's
    /// promotion).
    Array(&'a Array),
    /// A function of the frequencies `fftfreq(n)` cast to the data's dtype, returning the
    /// window (CuPy: a callable, called as `window(cupy.fft.fftfreq(n).astype(x.dtype))`).
    Func(&'a dyn Fn(&Array) -> Result<Array>),
    /// A parameterless window by its SciPy name, symmetric
    /// (`scipy.signal.get_window(name, n, fftbins=False)`), cast to the data's dtype:
    /// `"boxcar"` (`"box"`, `"ones"`, `"rect"`, `"rectangular"`), `"triang"` (`"triangle"`,
    /// `"tri"`), `"bartlett"` (`"bart"`, `"brt"`), `"hann"` (`"han"`, `"hanning"`),
    /// `"hamming"` (`"hamm"`, `"ham"`), `"blackman"` (`"black"`, `"blk"`), `"cosine"`
    /// (`"halfcosine"`).
    Named(&'a str),
    /// The Kaiser window of shape parameter `beta` (`get_window(("kaiser", beta), n, False)`),
    /// cast to the data's dtype.
    Kaiser(f64),
}

impl std::fmt::Debug for Window<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Window::Array(a) => f
                .debug_tuple("Array")
                .field(&format_args!("shape {:?} {}", a.shape(), a.dtype()))
                .finish(),
            Window::Func(_) => f.write_str("Func(..)"),
            Window::Named(n) => f.debug_tuple("Named").field(n).finish(),
            Window::Kaiser(b) => f.debug_tuple("Kaiser").field(b).finish(),
        }
    }
}

/// `scipy.signal.get_window(name, n, fftbins=False)` for the parameterless names, float64.
fn named_window(op: &'static str, name: &str, n: usize, dev: Device) -> Result<Array> {
    let host = |v: Vec<f64>| Array::from_vec_on(v, [n], dev);
    match name {
        "boxcar" | "box" | "ones" | "rect" | "rectangular" => {
            host(cuprum_core::ext::try_vec_filled(n, 1.0)?)
        }
        "triang" | "triangle" | "tri" => {
            // scipy.signal.windows.triang (symmetric)
            let half = n.div_ceil(2);
            let w: Vec<f64> = (1..=half)
                .map(|k| {
                    if n.is_multiple_of(2) {
                        (2 * k - 1) as f64 / n as f64
                    } else {
                        2.0 * k as f64 / (n + 1) as f64
                    }
                })
                .collect();
            let mut v = w.clone();
            let skip = usize::from(!n.is_multiple_of(2));
            v.extend(w.iter().rev().skip(skip));
            host(v)
        }
        "bartlett" | "bart" | "brt" => bartlett(n, dev),
        "hann" | "han" | "hanning" => hanning(n, dev),
        "hamming" | "hamm" | "ham" => hamming(n, dev),
        "blackman" | "black" | "blk" => blackman(n, dev),
        "cosine" | "halfcosine" => host(
            (0..n)
                .map(|k| (std::f64::consts::PI / n as f64 * (k as f64 + 0.5)).sin())
                .collect(),
        ),
        _ => Err(Error::bad_argument(
            op,
            "window",
            format!("{name:?}"),
            "one of boxcar, triang, bartlett, hann, hamming, blackman, cosine (or \
             Window::Kaiser, Window::Array, Window::Func)",
        )),
    }
}

/// CuPy's `_pulse_preprocess`: the window along the last axis, then division by the 2-norm.
fn preprocess(
    op: &'static str,
    arg: &'static str,
    x: &Array,
    normalize: bool,
    window: Option<Window<'_>>,
) -> Result<Array> {
    let mut x = x.clone();
    if let Some(window) = window {
        let n = match x.shape().last() {
            Some(&n) => n,
            None => {
                return Err(Error::bad_shape(
                    op,
                    arg,
                    x.shape(),
                    "at least one axis when a window is given",
                ));
            }
        };
        let dev = x.device();
        let w = match window {
            Window::Func(f) => f(&fftfreq_on(n, 1.0, dev)?.astype(x.dtype())?)?,
            Window::Array(a) => {
                bad_shape_if(
                    a.shape() != [n],
                    op,
                    "window",
                    a.shape(),
                    format!("[{n}], the length of {arg}'s last axis"),
                )?;
                a.clone()
            }
            Window::Named(name) => named_window(op, name, n, dev)?.astype(x.dtype())?,
            Window::Kaiser(beta) => kaiser(n, beta, dev)?.astype(x.dtype())?,
        };
        x = multiply(&x, &w)?;
    }
    if normalize {
        // numpy.linalg.norm: sqrt(Σ|x|²), integers as float64
        let xf = if x.dtype().is_inexact() {
            x.clone()
        } else {
            x.astype(DType::Float64)?
        };
        let m = abs(&xf)?;
        let nrm = sqrt(&multiply(&m, &m)?.sum(None, false)?)?;
        x = divide(&x, &nrm)?;
    }
    Ok(x)
}

/// Pulse compression: the matched filter of each received pulse with the transmitted
/// `template` (`cupyx.signal.pulse_compression`).
///
/// **Shapes**: `x` `(num_pulses, samples_per_pulse)`, `template` 1-D (anything that
/// broadcasts against `x`'s FFT rows) → `(num_pulses, nfft)`; `nfft` defaults to
/// `samples_per_pulse` and pads or truncates both FFTs.
///
/// **Semantics**: `ifft(fft(x, nfft) · conj(fft(t, nfft)), nfft)` along the last axis, the
/// circular cross-correlation of each pulse with `t`, where `t` is `template` times
/// `window` (see [`Window`]; applied in the time domain, as CuPy) and, with `normalize`,
/// divided by its 2-norm.
///
/// **Dtypes**: complex (the FFTs' precision) when `result_type(x, template)` is complex, else
/// its real part (float32 for float32 data, float64 for float64 or integers).
///
/// # Errors
/// [`Error::BadShape`] when `x` is not 2-D or a [`Window::Array`] is not of the template's
/// length; [`Error::BadArgument`] when `nfft` (or the default) is 0 or a [`Window::Named`] is
/// unknown;
/// broadcasting and device errors of the products; a [`Window::Func`]'s error.
///
/// **Algorithm**: cuprum's [`fft`]/[`ifft`] (cuFFT on CUDA, rustfft on the CPU) and
/// elementwise products.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::cusignal::pulse_compression;
/// let x = Array::from_vec_on(vec![0.0f64, 0.0, 1.0, 2.0, 0.0, 0.0], &[1, 6], Device::Cpu).unwrap();
/// let t = Array::from_vec_on(vec![1.0f64, 2.0], &[2], Device::Cpu).unwrap();
/// let y = pulse_compression(&x, &t, false, None, None).unwrap().to_vec::<f64>().unwrap();
/// assert!((y[2] - 5.0).abs() < 1e-12); // the echo starts at sample 2
/// assert!((y[1] - 2.0).abs() < 1e-12 && y[4].abs() < 1e-12);
/// ```
pub fn pulse_compression(
    x: &Array,
    template: &Array,
    normalize: bool,
    window: Option<Window<'_>>,
    nfft: Option<usize>,
) -> Result<Array> {
    const OP: &str = "pulse_compression";
    pulses_2d(OP, x)?;
    let dtype = DType::promote(x.dtype(), template.dtype());
    let nfft = nfft.unwrap_or(x.shape()[1]);
    bad_argument_if(nfft == 0, OP, "nfft", 0, "a positive length")?;
    let t = preprocess(OP, "template", template, normalize, window)?;
    let fft_x = fft(x, Some(nfft), -1, Norm::Backward)?;
    let fft_t = fft(&t, Some(nfft), -1, Norm::Backward)?;
    let out = ifft(
        &multiply(&fft_x, &conj(&fft_t)?)?,
        Some(nfft),
        -1,
        Norm::Backward,
    )?;
    if dtype.is_complex() {
        Ok(out)
    } else {
        real(&out)
    }
}

/// Pulse-Doppler processing: the FFT across the pulses (slow time) of each range bin
/// (`cupyx.signal.pulse_doppler`).
///
/// **Shapes**: `x` `(num_pulses, samples_per_pulse)` → `(nfft, samples_per_pulse)`, the
/// range/Doppler matrix; `nfft` defaults to `num_pulses` and pads or truncates.
///
/// **Semantics**: `fft(x.T · w, nfft).T`, `w` the [`Window`] over the pulses (length
/// `num_pulses`, applied in the time domain as CuPy). Returned, as CuPy's, as the transposed
/// view of a C-contiguous `(samples_per_pulse, nfft)` array.
///
/// **Dtypes**: complex64 for float32/complex64 data, complex128 otherwise (the FFT's rule).
///
/// # Errors
/// [`Error::BadShape`] when `x` is not 2-D or a [`Window::Array`] is not of length
/// `num_pulses`; [`Error::BadArgument`] when `nfft` (or the default) is 0 or a
/// [`Window::Named`] is unknown;
/// a [`Window::Func`]'s error.
///
/// **Algorithm**: cuprum's [`fft`] along the transposed view's last axis.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_signal::cusignal::pulse_doppler;
/// // a target whose phase turns a quarter per pulse sits in Doppler bin 1 of 4
/// let x = Array::from_vec_on(
///     vec![Complex64::new(1.0, 0.0), Complex64::new(0.0, 1.0),
///          Complex64::new(-1.0, 0.0), Complex64::new(0.0, -1.0)],
///     &[4, 1], Device::Cpu).unwrap();
/// let y = pulse_doppler(&x, None, None).unwrap().to_vec::<Complex64>().unwrap();
/// assert!((y[1] - Complex64::new(4.0, 0.0)).norm() < 1e-12 && y[0].norm() < 1e-12);
/// ```
pub fn pulse_doppler(x: &Array, window: Option<Window<'_>>, nfft: Option<usize>) -> Result<Array> {
    const OP: &str = "pulse_doppler";
    pulses_2d(OP, x)?;
    let nfft = nfft.unwrap_or(x.shape()[0]);
    bad_argument_if(nfft == 0, OP, "nfft", 0, "a positive length")?;
    let xt = preprocess(OP, "x", &x.transpose()?, false, window)?;
    fft(&xt, Some(nfft), -1, Norm::Backward)?.transpose()
}

/// The CFAR threshold factor for a false-alarm probability `pfa` and `n` reference cells
/// (`cupyx.signal.cfar_alpha`): `α = n·(pfa^(−1/n) − 1)`.
///
/// # Errors
/// [`Error::BadArgument`] naming `N` when `n` is 0 (CuPy divides by zero).
///
/// ```
/// use cuprum_signal::cusignal::cfar_alpha;
/// assert!((cfar_alpha(0.5, 1).unwrap() - 1.0).abs() < 1e-15);
/// assert!((cfar_alpha(1e-3, 10).unwrap() - 10.0 * (1e-3f64.powf(-0.1) - 1.0)).abs() < 1e-12);
/// ```
pub fn cfar_alpha(pfa: f64, n: usize) -> Result<f64> {
    bad_argument_if(
        n == 0,
        "cfar_alpha",
        "N",
        0,
        "at least 1 reference cell (CuPy divides by zero)",
    )?;
    Ok(n as f64 * (pfa.powf(-1.0 / n as f64) - 1.0))
}

/// [`cfar_alpha`] of every element of an array `pfa` (CuPy's `cfar_alpha` with an array:
/// `N * (pfa ** (-1.0 / N) - 1)`, elementwise on `pfa`'s device).
///
/// **Shapes**: `pfa`'s. **Dtypes**: NumPy's for `pfa ** float` (float32 stays float32,
/// integers give float64).
///
/// # Errors
/// [`Error::BadArgument`] naming `N` when `n` is 0; the ufuncs' dtype errors.
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::cusignal::{cfar_alpha, cfar_alpha_array};
/// let p = Array::from_vec_on(vec![1e-3f64, 1e-6], &[2], Device::Cpu).unwrap();
/// let a = cfar_alpha_array(&p, 8).unwrap().to_vec::<f64>().unwrap();
/// assert!((a[1] - cfar_alpha(1e-6, 8).unwrap()).abs() < 1e-12);
/// ```
pub fn cfar_alpha_array(pfa: &Array, n: usize) -> Result<Array> {
    cfar_alpha(0.5, n)?; // the n = 0 check
    let p = power(pfa, -1.0 / n as f64)?;
    multiply(&subtract(&p, 1i64)?, n as i64)
}

/// Cell-averaging CFAR detection (`cupyx.signal.ca_cfar`): the threshold of every cell from
/// the mean of its reference cells, and the detections.
///
/// **Shapes**: 1-D `array` of length `n` with `guard_cells = &[g]`, `reference_cells = &[r]`,
/// or 2-D `(n0, n1)` with `&[gx, gy]`, `&[rx, ry]` (one-sided counts per axis) → a threshold
/// (`mask`) of `array`'s shape, float32, and detections `array − mask > 0`, bool.
///
/// **Semantics**: for a cell at least `g + r` from every edge, the reference cells are those
/// of the box of half-width `g + r` around it minus the guard box of half-width `g` (which
/// holds the cell under test); with `N` their count (`2r` in 1-D,
/// `(2gx+2rx+1)(2gy+2ry+1) − (2gx+1)(2gy+1)` in 2-D) and `α = cfar_alpha(pfa, N)`, the
/// threshold is `α/N · Σ reference cells`. Cells nearer an edge have threshold 0, as CuPy's
/// (so a positive value there counts as a detection, as in CuPy).
///
/// **Dtypes**: real input (bool, integers, floats); the threshold is float32 as CuPy's
/// (computed in float64 and rounded once; CuPy sums in float32), and the detections compare
/// in NumPy's promotion of `array` and float32.
///
/// # Errors
/// - [`Error::BadShape`] naming `array` when it is not 1-D or 2-D (CuPy's `TypeError`) or an
///   axis is not longer than `2(g + r)` (CuPy's `ValueError`);
/// - [`Error::BadArgument`] naming `guard_cells`/`reference_cells` when they do not have one
///   count per axis, or `N` when there are no reference cells (`N = 0`, CuPy divides by
///   zero);
/// - [`Error::DType`] for complex input.
///
/// **Algorithm**: box sums from float64 prefix sums ([`cumsum`], with a zero row/column in
/// front): each box is four shifted slices of the prefix-sum table, so every cell costs O(1)
/// whatever the window, on any device (CuPy: the same summed-area table in a raw kernel).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::cusignal::ca_cfar;
/// let x = Array::from_vec_on(vec![1.0f64; 25], &[5, 5], Device::Cpu).unwrap();
/// let (mask, hits) = ca_cfar(&x, &[0, 0], &[1, 1], 0.5).unwrap();
/// let m = mask.to_vec::<f32>().unwrap();
/// // 8 reference cells of 1.0 around the centre: the threshold is alpha(0.5, 8)
/// assert!((m[12] as f64 - 8.0 * (2f64.powf(1.0 / 8.0) - 1.0)).abs() < 1e-6);
/// assert_eq!(m[0], 0.0); // an edge cell
/// assert!(hits.to_vec::<bool>().unwrap()[12]); // 1.0 exceeds the threshold 0.73
/// ```
pub fn ca_cfar(
    array: &Array,
    guard_cells: &[usize],
    reference_cells: &[usize],
    pfa: f64,
) -> Result<(Array, Array)> {
    const OP: &str = "ca_cfar";
    let nd = array.ndim();
    bad_shape_if(
        nd != 1 && nd != 2,
        OP,
        "array",
        array.shape(),
        "a 1-D or 2-D array",
    )?;
    for (arg, v) in [
        ("guard_cells", guard_cells),
        ("reference_cells", reference_cells),
    ] {
        bad_argument_if(
            v.len() != nd,
            OP,
            arg,
            format!("{v:?}"),
            format!("{nd} counts, one per axis of the array"),
        )?;
    }
    crate::util::real_only(OP, array, ": CFAR needs real data")?;
    for ax in 0..nd {
        let reach = 2 * (guard_cells[ax] + reference_cells[ax]);
        bad_shape_if(
            array.shape()[ax] <= reach,
            OP,
            "array",
            array.shape(),
            format!("more than 2·(guard + reference) = {reach} cells along axis {ax}"),
        )?;
    }
    let dev = array.device();
    let a = array.astype(DType::Float64)?;
    let mask = zeros_on(array.shape(), DType::Float32, dev)?;
    if nd == 1 {
        let (g, r) = (guard_cells[0], reference_cells[0]);
        let n_ref = 2 * r;
        let alpha = cfar_alpha(pfa, n_ref)?;
        let n = array.shape()[0];
        // p[k] = Σ a[..k]
        let p = concatenate(
            &[&zeros_on([1], DType::Float64, dev)?, &cumsum(&a, Some(0))?],
            0,
        )?;
        let m = (n - 2 * (g + r)) as isize;
        let seg = |lo: usize| p.slice(s![lo as isize..lo as isize + m]);
        // cell x = i + g + r: outer [i, i + 2g + 2r + 1), inner [i + r, i + r + 2g + 1)
        let outer = subtract(&seg(2 * g + 2 * r + 1)?, &seg(0)?)?;
        let inner = subtract(&seg(2 * g + r + 1)?, &seg(r)?)?;
        let t = multiply(&subtract(&outer, &inner)?, alpha / n_ref as f64)?;
        let c = (g + r) as isize;
        mask.slice(s![c..c + m])?.assign(&t)?;
    } else {
        let (gx, gy) = (guard_cells[0], guard_cells[1]);
        let (rx, ry) = (reference_cells[0], reference_cells[1]);
        let n_ref = 2 * rx * (2 * ry + 2 * gy + 1) + 2 * (2 * gx + 1) * ry;
        let alpha = cfar_alpha(pfa, n_ref)?;
        let (n0, n1) = (array.shape()[0], array.shape()[1]);
        // p[i, j] = Σ a[..i, ..j]
        let p = zeros_on([n0 + 1, n1 + 1], DType::Float64, dev)?;
        p.slice(s![1.., 1..])?
            .assign(&cumsum(&cumsum(&a, Some(0))?, Some(1))?)?;
        let (m0, m1) = ((n0 - 2 * (gx + rx)) as isize, (n1 - 2 * (gy + ry)) as isize);
        let at = |r0: usize, c0: usize| {
            let (r0, c0) = (r0 as isize, c0 as isize);
            p.slice(s![r0..r0 + m0, c0..c0 + m1])
        };
        // Σ of the box of height hh and width ww whose corner is (i + r0, j + c0)
        let boxsum = |r0: usize, c0: usize, hh: usize, ww: usize| -> Result<Array> {
            let d1 = subtract(&at(r0 + hh, c0 + ww)?, &at(r0, c0 + ww)?)?;
            let d2 = subtract(&at(r0 + hh, c0)?, &at(r0, c0)?)?;
            subtract(&d1, &d2)
        };
        let outer = boxsum(0, 0, 2 * (gx + rx) + 1, 2 * (gy + ry) + 1)?;
        let inner = boxsum(rx, ry, 2 * gx + 1, 2 * gy + 1)?;
        let t = multiply(&subtract(&outer, &inner)?, alpha / n_ref as f64)?;
        let (cx, cy) = ((gx + rx) as isize, (gy + ry) as isize);
        mask.slice(s![cx..cx + m0, cy..cy + m1])?.assign(&t)?;
    }
    let detections = greater(&subtract(array, &mask)?, 0i64)?;
    Ok((mask, detections))
}

/// Checks `x` is a 2-D array of pulses, `(num_pulses, samples_per_pulse)`.
fn pulses_2d(op: &'static str, x: &Array) -> Result<()> {
    bad_shape_if(
        x.ndim() != 2,
        op,
        "x",
        x.shape(),
        "a 2-D array (num_pulses, samples_per_pulse)",
    )?;
    Ok(())
}
