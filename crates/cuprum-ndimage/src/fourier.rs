//! Fourier-domain filters: `fourier_gaussian`, `fourier_uniform`, `fourier_shift`, each the
//! input (an FFT) multiplied by the filter's transform, one broadcast factor per axis.

use crate::support::{bounded, norm_axis, per_axis};
use cuprum_core::{Array, Complex64, DType, Device, Error, Result};

/// Options of the Fourier filters: `n` is the length of the real FFT along `axis` (-1: the
/// input is a full complex FFT).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FourierOptions {
    /// real-FFT length along `axis` (default -1: complex FFT)
    pub n: isize,
    /// the axis of the real FFT (default -1)
    pub axis: isize,
}

impl Default for FourierOptions {
    fn default() -> Self {
        FourierOptions { n: -1, axis: -1 }
    }
}

/// The frequencies (cycles per sample) of the FFT along axis `d`.
fn freqs(len: usize, d: usize, raxis: Option<usize>, n: isize) -> Vec<f64> {
    if Some(d) == raxis && n >= 0 {
        let n = n.max(1) as f64;
        (0..len).map(|k| k as f64 / n).collect()
    } else {
        let l = len as f64;
        (0..len)
            .map(|k| {
                if k < len.div_ceil(2) {
                    k as f64 / l
                } else {
                    (k as f64 - l) / l
                }
            })
            .collect()
    }
}

fn out_dtype(input: &Array, complex_factor: bool) -> DType {
    match input.dtype() {
        DType::Complex64 => DType::Complex64,
        DType::Complex128 => DType::Complex128,
        DType::Float32 if !complex_factor => DType::Float32,
        _ if complex_factor => DType::Complex128,
        _ => DType::Float64,
    }
}

/// Multiplies `input` by one factor vector per axis (broadcast along the others).
fn apply(
    op: &'static str,
    input: &Array,
    factors: Vec<Vec<Complex64>>,
    complex: bool,
) -> Result<Array> {
    let dtype = out_dtype(input, complex);
    let nd = input.ndim();
    let mut y = input.astype(if dtype.is_complex() {
        DType::Complex128
    } else {
        DType::Float64
    })?;
    for (d, f) in factors.into_iter().enumerate() {
        let mut shape = bounded(nd, 1usize);
        shape[d] = f.len();
        let fa = if complex {
            Array::from_vec_on(f, shape, Device::Cpu)?
        } else {
            Array::from_vec_on(
                f.iter().map(|c| c.re).collect::<Vec<f64>>(),
                shape,
                Device::Cpu,
            )?
        };
        y = cuprum_core::multiply(&y, &fa.to_device(input.device())?)?;
    }
    let _ = op;
    y.astype(dtype)
}

fn raxis(op: &'static str, input: &Array, o: &FourierOptions) -> Result<Option<usize>> {
    if input.ndim() == 0 {
        return Err(Error::invalid_value(op, "a 0-d input has no axis"));
    }
    Ok(Some(norm_axis(op, o.axis, input.ndim())?))
}

/// The Gaussian filter in the Fourier domain (`scipy.ndimage.fourier_gaussian`): the input
/// times `exp(-2 pi^2 sigma^2 f^2)` along each axis.
///
/// **Shapes**: `sigma` has one value or one per axis; the result has the input's shape, complex
/// for complex input (complex64 stays complex64), float32 for float32, float64 otherwise.
///
/// # Errors
/// [`Error::InvalidValue`] for a bad `sigma` list or a 0-d input; [`Error::AxisOutOfBounds`].
///
/// # Algorithm
/// One broadcast multiplication per axis by a factor computed on the host (O(length)).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FourierOptions, fourier_gaussian};
/// let x = Array::from_vec_on(vec![1.0f64; 4], &[4], Device::Cpu).unwrap();
/// let y = fourier_gaussian(&x, &[0.0], &FourierOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0; 4]);
/// ```
pub fn fourier_gaussian(input: &Array, sigma: &[f64], opts: &FourierOptions) -> Result<Array> {
    let op = "ndimage.fourier_gaussian";
    let ra = raxis(op, input, opts)?;
    let s = per_axis(op, "sigma", sigma, input.ndim())?;
    let f = (0..input.ndim())
        .map(|d| {
            let a = -2.0 * std::f64::consts::PI * std::f64::consts::PI * s[d] * s[d];
            freqs(input.shape()[d], d, ra, opts.n)
                .into_iter()
                .map(|x| Complex64::new((a * x * x).exp(), 0.0))
                .collect()
        })
        .collect();
    apply(op, input, f, false)
}

/// The uniform (box) filter in the Fourier domain (`scipy.ndimage.fourier_uniform`): the input
/// times `sin(pi f size) / (pi f size)` along each axis.
///
/// **Shapes**, **Errors**, **Algorithm**: as [`fourier_gaussian`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FourierOptions, fourier_uniform};
/// let x = Array::from_vec_on(vec![1.0f64; 2], &[2], Device::Cpu).unwrap();
/// let y = fourier_uniform(&x, &[1.0], &FourierOptions::default()).unwrap().to_vec::<f64>().unwrap();
/// assert!((y[0] - 1.0).abs() < 1e-15 && (y[1] - 2.0 / std::f64::consts::PI).abs() < 1e-15);
/// ```
pub fn fourier_uniform(input: &Array, size: &[f64], opts: &FourierOptions) -> Result<Array> {
    let op = "ndimage.fourier_uniform";
    let ra = raxis(op, input, opts)?;
    let s = per_axis(op, "size", size, input.ndim())?;
    let f = (0..input.ndim())
        .map(|d| {
            freqs(input.shape()[d], d, ra, opts.n)
                .into_iter()
                .map(|x| {
                    let t = std::f64::consts::PI * x * s[d];
                    Complex64::new(if t == 0.0 { 1.0 } else { t.sin() / t }, 0.0)
                })
                .collect()
        })
        .collect();
    apply(op, input, f, false)
}

/// A shift in the Fourier domain (`scipy.ndimage.fourier_shift`): the input times
/// `exp(-2 pi i f shift)` along each axis (a circular, sub-sample shift).
///
/// **Shapes**: `shift` has one value or one per axis; the result is complex (complex64 stays
/// complex64, anything else gives complex128).
///
/// **Errors**, **Algorithm**: as [`fourier_gaussian`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_ndimage::{FourierOptions, fourier_shift};
/// let x = Array::from_vec_on(vec![1.0f64; 2], &[2], Device::Cpu).unwrap();
/// let y = fourier_shift(&x, &[1.0], &FourierOptions::default()).unwrap().to_vec::<Complex64>().unwrap();
/// assert!((y[1].re + 1.0).abs() < 1e-15);
/// ```
pub fn fourier_shift(input: &Array, shift: &[f64], opts: &FourierOptions) -> Result<Array> {
    let op = "ndimage.fourier_shift";
    let ra = raxis(op, input, opts)?;
    let s = per_axis(op, "shift", shift, input.ndim())?;
    let f = (0..input.ndim())
        .map(|d| {
            freqs(input.shape()[d], d, ra, opts.n)
                .into_iter()
                .map(|x| {
                    let a = -2.0 * std::f64::consts::PI * x * s[d];
                    Complex64::new(a.cos(), a.sin())
                })
                .collect()
        })
        .collect();
    apply(op, input, f, true)
}
