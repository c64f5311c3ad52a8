//! Fourier-domain filters: `fourier_gaussian`, `fourier_uniform`, `fourier_shift`, each the
//! input (an FFT) multiplied by the filter's transform, one broadcast factor per axis, and
//! `fourier_ellipsoid`, whose factor depends on the distance from the origin.

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
        return Err(Error::bad_shape(op, "input", &[], "at least 1 dimension"));
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
/// [`Error::BadShape`] for a bad `sigma` list or a 0-d input; [`Error::AxisOutOfBounds`].
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

/// The Bessel function of the first kind of order 1 (Cephes' `j1`, the rational approximations
/// SciPy's `ni_fourier.c` uses): a rational function in `x^2` up to 5, the Hankel asymptotic
/// form beyond.
#[allow(clippy::excessive_precision)] // Cephes' coefficients as published
pub(crate) fn bessel_j1(x: f64) -> f64 {
    const RP: [f64; 4] = [
        -8.99971225705559398224E8,
        4.52228297998194034323E11,
        -7.27494245221818276015E13,
        3.68295732863852883286E15,
    ];
    const RQ: [f64; 8] = [
        6.20836478118054335476E2,
        2.56987256757748830383E5,
        8.35146791431949253037E7,
        2.21511595479792499675E10,
        4.74914122079991414898E12,
        7.84369607876235854894E14,
        8.95222336184627338078E16,
        5.32278620332680085395E18,
    ];
    const PP: [f64; 7] = [
        7.62125616208173112003E-4,
        7.31397056940917570436E-2,
        1.12719608129684925192E0,
        5.11207951146807644818E0,
        8.42404590141772420927E0,
        5.21451598682361504063E0,
        1.00000000000000000254E0,
    ];
    const PQ: [f64; 7] = [
        5.71323128072548699714E-4,
        6.88455908754495404082E-2,
        1.10514232634061696926E0,
        5.07386386128601488557E0,
        8.39985554327604159757E0,
        5.20982848682361821619E0,
        9.99999999999999997461E-1,
    ];
    const QP: [f64; 8] = [
        5.10862594750176621635E-2,
        4.98213872951233449420E0,
        7.58238284132545283818E1,
        3.66779609360150777800E2,
        7.10856304998926107277E2,
        5.97489612400613639965E2,
        2.11688757100572135698E2,
        2.52070205858023719784E1,
    ];
    const QQ: [f64; 7] = [
        7.42373277035675149943E1,
        1.05644886038262816351E3,
        4.98641058337653607651E3,
        9.56231892404756170795E3,
        7.99704160447350683650E3,
        2.82619278517639096600E3,
        3.36093607810698293419E2,
    ];
    const Z1: f64 = 1.46819706421238932572E1;
    const Z2: f64 = 4.92184563216946036703E1;
    const THPIO4: f64 = 2.35619449019234492885;
    const SQ2OPI: f64 = 0.79788456080286535588;
    // coefficients highest power first; `monic`: a leading 1 not stored
    fn poly(x: f64, c: &[f64], monic: bool) -> f64 {
        let start = if monic { 1.0 } else { 0.0 };
        c.iter().fold(start, |a, &k| a * x + k)
    }
    if x < 0.0 {
        return -bessel_j1(-x);
    }
    if x <= 5.0 {
        let z = x * x;
        let w = poly(z, &RP, false) / poly(z, &RQ, true);
        return w * x * (z - Z1) * (z - Z2);
    }
    let w = 5.0 / x;
    let z = w * w;
    let p = poly(z, &PP, false) / poly(z, &PQ, false);
    let q = poly(z, &QP, false) / poly(z, &QQ, true);
    let xn = x - THPIO4;
    (p * xn.cos() - w * q * xn.sin()) * SQ2OPI / x.sqrt()
}

/// The ellipsoid filter in the Fourier domain (`scipy.ndimage.fourier_ellipsoid`): the input
/// times the transform of an ellipsoid of semi-axes `size / 2`.
///
/// **Shapes**: a 1-d, 2-d or 3-d input; `size` has one value or one per axis; the result has
/// the input's shape and the dtype rule of [`fourier_gaussian`].
///
/// With `r = pi * sqrt(sum_d (size_d f_d)^2)` over the frequencies `f_d` of each axis, the
/// factor is `2 J1(r) / r` in 2-d and `3 (sin r - r cos r) / r^3` in 3-d (1 where `r == 0`);
/// a 1-d input gets [`fourier_uniform`]'s `sin(r) / r`, as SciPy.
///
/// # Errors
/// As [`fourier_gaussian`]; [`Error::Unsupported`] for more than 3 dimensions (SciPy's
/// `NotImplementedError`).
///
/// # Algorithm
/// The squared distance as a broadcast sum of one host-computed factor per axis (O(length)),
/// then one elementwise pass for the factor (CPU: rayon; CUDA: one thread per element, CUDA's
/// `j1`) and a multiplication.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FourierOptions, fourier_ellipsoid};
/// let x = Array::from_vec_on(vec![1.0f64; 4], &[2, 2], Device::Cpu).unwrap();
/// let y = fourier_ellipsoid(&x, &[0.0], &FourierOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0; 4]);
/// ```
pub fn fourier_ellipsoid(input: &Array, size: &[f64], opts: &FourierOptions) -> Result<Array> {
    let op = "ndimage.fourier_ellipsoid";
    let nd = input.ndim();
    if nd > 3 {
        return Err(Error::unsupported(
            op,
            format!("only 1-d, 2-d and 3-d inputs are supported, got {nd} dimensions"),
        ));
    }
    if nd == 1 {
        return fourier_uniform(input, size, opts);
    }
    let ra = raxis(op, input, opts)?;
    let s = per_axis(op, "size", size, nd)?;
    if s.iter().any(|v| !v.is_finite()) {
        return Err(Error::out_of_domain(
            op,
            "size",
            format!("{s:?}"),
            "finite values",
        ));
    }
    let dev = input.device();
    let mut r2: Option<Array> = None;
    for d in 0..nd {
        let v: Vec<f64> = freqs(input.shape()[d], d, ra, opts.n)
            .into_iter()
            .map(|x| {
                let t = std::f64::consts::PI * s[d] * x;
                t * t
            })
            .collect();
        let mut shape = bounded(nd, 1usize);
        shape[d] = v.len();
        let a = Array::from_vec_on(v, shape, Device::Cpu)?.to_device(dev)?;
        r2 = Some(match r2 {
            None => a,
            Some(b) => cuprum_core::add(&b, &a)?,
        });
    }
    let r = match r2 {
        Some(r2) => cuprum_core::sqrt(&r2)?,
        None => return Err(Error::bad_shape(op, "input", &[], "at least 1 dimension")),
    };
    let factor = match dev {
        Device::Cuda(_) => crate::cuda::ellipsoid(&r, nd)?,
        _ => {
            use rayon::prelude::*;
            let mut v = crate::support::host_f64(&r)?;
            v.par_iter_mut().for_each(|x| {
                let t = *x;
                *x = if t > 0.0 {
                    if nd == 2 {
                        2.0 * bessel_j1(t) / t
                    } else {
                        3.0 * (t.sin() - t * t.cos()) / (t * t * t)
                    }
                } else {
                    1.0
                };
            });
            Array::from_vec_on(v, r.shape().to_vec(), Device::Cpu)?.to_device(dev)?
        }
    };
    let dtype = out_dtype(input, false);
    let y = input.astype(if dtype.is_complex() {
        DType::Complex128
    } else {
        DType::Float64
    })?;
    cuprum_core::multiply(&y, &factor)?.astype(dtype)
}
