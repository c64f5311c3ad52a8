//! The transforms with NumPy's names: `fft`, `ifft`, `fft2`, `ifft2`, `fftn`, `ifftn`, `rfft`,
//! `irfft`, `rfft2`, `irfft2`, `rfftn`, `irfftn`, `hfft`, `ihfft`.
//!
//! # Mapping from NumPy
//!
//! Arguments keep NumPy's order; Python's defaults become explicit values:
//!
//! | NumPy | cuprum |
//! |---|---|
//! | `np.fft.fft(a)` | `fft(&a, None, -1, Norm::Backward)` |
//! | `np.fft.fft(a, n=16, axis=0, norm="ortho")` | `fft(&a, Some(16), 0, Norm::Ortho)` |
//! | `np.fft.fft2(a)` | `fft2(&a, None, None, Norm::Backward)` (axes `None` = `(-2, -1)`) |
//! | `np.fft.fftn(a, s=(4, 8), axes=(0, 2))` | `fftn(&a, Some(&[4, 8]), Some(&[0, 2]), Norm::Backward)` |
//! | `np.fft.irfft(a, n=9)` | `irfft(&a, Some(9), -1, Norm::Backward)` |
//!
//! `n`/`s` pad the input with zeros or truncate it along each transformed axis (for the
//! inverse real transforms, to `n//2+1` bins); `n = 0` or a 0 in `s` is
//! [`Error::BadArgument`]. `norm` strings parse into [`Norm`] (`"ortho".parse()`).
//!
//! # Dtypes
//!
//! As NumPy 2: float32, float16 and complex64 input compute in single precision (complex64
//! results, float32 for `irfft*`/`hfft`); float64, complex128, integer and bool input in double
//! precision (complex128 / float64). Real-input transforms (`rfft*`, `ihfft`) reject complex
//! input with [`Error::DType`].
//!
//! # Devices
//!
//! The result lives on the input's device. CPU: rustfft/realfft, rows in parallel (rayon).
//! CUDA: cuFFT plans from the device's [plan cache](crate::plan_cache), executed on the current
//! stream (asynchronous), work areas from cuprum's device allocator.

use crate::Norm;
use crate::spec::{Family, Spec, spec_1d, spec_nd};
use cuprum_core::{Array, Device, Error, Result};

/// Executes a spec on the input's device.
pub(crate) fn run(a: &Array, spec: &Spec) -> Result<Array> {
    match a.device() {
        Device::Cpu => crate::cpu::execute(a, spec),
        Device::Cuda(ordinal) => crate::cuda::execute(a, spec, ordinal),
        d => Err(Error::unsupported(
            spec.op,
            format!("no FFT backend for device {d}"),
        )),
    }
}

fn one(
    op: &'static str,
    fam: Family,
    a: &Array,
    n: Option<usize>,
    axis: isize,
    norm: Norm,
) -> Result<Array> {
    let spec = spec_1d(op, fam, a.dtype(), a.shape(), n, axis, norm)?;
    run(a, &spec)
}

#[allow(clippy::too_many_arguments)]
fn many(
    op: &'static str,
    fam: Family,
    a: &Array,
    s: Option<&[usize]>,
    axes: Option<&[isize]>,
    default_axes: Option<&[isize]>,
    norm: Norm,
) -> Result<Array> {
    let spec = spec_nd(op, fam, a.dtype(), a.shape(), s, axes, default_axes, norm)?;
    run(a, &spec)
}

const AXES_2D: &[isize] = &[-2, -1];

/// The 1-D discrete Fourier transform along `axis` (`numpy.fft.fft`):
/// `y[k] = Σ_j x[j]·exp(-2πi·jk/n)`, scaled by `norm` (none by default).
///
/// **Shapes**: `a` of any shape with at least one axis → the same shape with `n` along `axis`.
/// `n` (`None`: the input's length) pads with zeros or truncates first.
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for a bad `axis`; [`Error::BadArgument`] when `n` (or the
/// input's length) is 0.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_fft::{Norm, fft};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let y = fft(&a, None, -1, Norm::Backward).unwrap().to_vec::<Complex64>().unwrap();
/// assert_eq!(y[0], Complex64::new(10.0, 0.0));
/// assert!((y[1] - Complex64::new(-2.0, 2.0)).norm() < 1e-12);
/// ```
pub fn fft(a: &Array, n: Option<usize>, axis: isize, norm: Norm) -> Result<Array> {
    one("fft", Family::Fft, a, n, axis, norm)
}

/// The 1-D inverse discrete Fourier transform along `axis` (`numpy.fft.ifft`):
/// `x[j] = (1/n) Σ_k y[k]·exp(+2πi·jk/n)` with the default `norm`.
///
/// **Shapes**: as [`fft`].
///
/// # Errors
/// As [`fft`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_fft::{Norm, fft, ifft};
/// let a = Array::from_vec_on(vec![1.0f64, -2.0, 0.5], &[3], Device::Cpu).unwrap();
/// let back = ifft(&fft(&a, None, -1, Norm::Backward).unwrap(), None, -1, Norm::Backward).unwrap();
/// let v = back.to_vec::<Complex64>().unwrap();
/// assert!((v[1] - Complex64::new(-2.0, 0.0)).norm() < 1e-12);
/// ```
pub fn ifft(a: &Array, n: Option<usize>, axis: isize, norm: Norm) -> Result<Array> {
    one("ifft", Family::Ifft, a, n, axis, norm)
}

/// The 2-D discrete Fourier transform (`numpy.fft.fft2`): [`fftn`] over `axes`
/// (`None`: the last two axes, NumPy's `(-2, -1)`).
///
/// **Shapes**: `s` (`None`: the input's lengths) gives the length along each of `axes`.
///
/// # Errors
/// As [`fftn`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_fft::{Norm, fft2};
/// let a = Array::from_vec_on(vec![1.0f32; 6], &[2, 3], Device::Cpu).unwrap();
/// let y = fft2(&a, None, None, Norm::Backward).unwrap();
/// assert_eq!(y.shape(), &[2, 3]);
/// assert_eq!(y.to_vec::<cuprum_core::Complex32>().unwrap()[0].re, 6.0);
/// ```
pub fn fft2(a: &Array, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    many("fft2", Family::Fft, a, s, axes, Some(AXES_2D), norm)
}

/// The 2-D inverse discrete Fourier transform (`numpy.fft.ifft2`): [`ifftn`] over `axes`
/// (`None`: the last two axes).
///
/// # Errors
/// As [`fftn`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_fft::{Norm, fft2, ifft2};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let b = ifft2(&fft2(&a, None, None, Norm::Backward).unwrap(), None, None, Norm::Backward).unwrap();
/// assert!((b.to_vec::<Complex64>().unwrap()[3] - Complex64::new(4.0, 0.0)).norm() < 1e-12);
/// ```
pub fn ifft2(a: &Array, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    many("ifft2", Family::Ifft, a, s, axes, Some(AXES_2D), norm)
}

/// The n-D discrete Fourier transform (`numpy.fft.fftn`): 1-D transforms along each of `axes`
/// (the last one first, as NumPy).
///
/// **Shapes**: `axes` `None` means the last `len(s)` axes, or all axes when `s` is `None` too;
/// `s` `None` means the input's lengths along `axes`. Axes not transformed are batch axes.
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for a bad axis; [`Error::BadArgument`] when `s` and `axes`
/// differ in length or a length is 0.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_fft::{Norm, fftn};
/// let a = Array::from_vec_on(vec![1.0f64; 8], &[2, 2, 2], Device::Cpu).unwrap();
/// let y = fftn(&a, None, None, Norm::Ortho).unwrap().to_vec::<Complex64>().unwrap();
/// assert!((y[0].re - 8.0 / 8f64.sqrt()).abs() < 1e-12);
/// ```
pub fn fftn(a: &Array, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    many("fftn", Family::Fft, a, s, axes, None, norm)
}

/// The n-D inverse discrete Fourier transform (`numpy.fft.ifftn`); arguments as [`fftn`].
///
/// # Errors
/// As [`fftn`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_fft::{Norm, ifftn};
/// let a = Array::from_vec_on(vec![4.0f64, 0.0, 0.0, 0.0], &[2, 2], Device::Cpu).unwrap();
/// let y = ifftn(&a, None, None, Norm::Backward).unwrap().to_vec::<Complex64>().unwrap();
/// assert!(y.iter().all(|z| (z - Complex64::new(1.0, 0.0)).norm() < 1e-12));
/// ```
pub fn ifftn(a: &Array, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    many("ifftn", Family::Ifft, a, s, axes, None, norm)
}

/// The 1-D transform of real input (`numpy.fft.rfft`): the non-negative frequency half of
/// [`fft`].
///
/// **Shapes**: `n` along `axis` (padded/truncated) → `n/2 + 1` bins. float32/float16 →
/// complex64, float64/integers → complex128.
///
/// # Errors
/// As [`fft`], and [`Error::DType`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_fft::{Norm, rfft};
/// let a = Array::from_vec_on(vec![1.0f64, 0.0, -1.0, 0.0], &[4], Device::Cpu).unwrap();
/// let y = rfft(&a, None, -1, Norm::Backward).unwrap();
/// assert_eq!(y.shape(), &[3]);
/// assert!((y.to_vec::<Complex64>().unwrap()[1] - Complex64::new(2.0, 0.0)).norm() < 1e-12);
/// ```
pub fn rfft(a: &Array, n: Option<usize>, axis: isize, norm: Norm) -> Result<Array> {
    one("rfft", Family::Rfft, a, n, axis, norm)
}

/// The inverse of [`rfft`] (`numpy.fft.irfft`): `n` real outputs from Hermitian-symmetric
/// input bins.
///
/// **Shapes**: `n` (`None`: `2·(m − 1)` for `m` input bins) real outputs along `axis`; the
/// input is padded/truncated to `n/2 + 1` bins first. The imaginary parts of the DC bin and
/// (even `n`) the Nyquist bin are ignored. complex64 → float32, complex128 → float64.
///
/// # Errors
/// As [`fft`] (`m = 1` with `n` `None` gives `n = 0`: [`Error::BadArgument`]).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_fft::{Norm, irfft, rfft};
/// let x = vec![1.0f64, 2.0, -1.0, 0.5, 3.0];
/// let a = Array::from_vec_on(x.clone(), &[5], Device::Cpu).unwrap();
/// let back = irfft(&rfft(&a, None, -1, Norm::Backward).unwrap(), Some(5), -1, Norm::Backward).unwrap();
/// let v = back.to_vec::<f64>().unwrap();
/// assert!(v.iter().zip(&x).all(|(p, q)| (p - q).abs() < 1e-12));
/// ```
pub fn irfft(a: &Array, n: Option<usize>, axis: isize, norm: Norm) -> Result<Array> {
    one("irfft", Family::Irfft, a, n, axis, norm)
}

/// The 2-D transform of real input (`numpy.fft.rfft2`): [`rfftn`] over `axes`
/// (`None`: the last two axes).
///
/// # Errors
/// As [`rfftn`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_fft::{Norm, rfft2};
/// let a = Array::from_vec_on(vec![1.0f32; 12], &[3, 4], Device::Cpu).unwrap();
/// assert_eq!(rfft2(&a, None, None, Norm::Backward).unwrap().shape(), &[3, 3]);
/// ```
pub fn rfft2(a: &Array, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    many("rfft2", Family::Rfft, a, s, axes, Some(AXES_2D), norm)
}

/// The inverse of [`rfft2`] (`numpy.fft.irfft2`); arguments as [`irfftn`], axes `None` =
/// the last two.
///
/// # Errors
/// As [`irfftn`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_fft::{Norm, irfft2, rfft2};
/// let a = Array::from_vec_on((0..12).map(|i| i as f64).collect::<Vec<_>>(), &[3, 4], Device::Cpu).unwrap();
/// let b = irfft2(&rfft2(&a, None, None, Norm::Backward).unwrap(), Some(&[3, 4]), None, Norm::Backward).unwrap();
/// assert!((b.to_vec::<f64>().unwrap()[7] - 7.0).abs() < 1e-12);
/// ```
pub fn irfft2(a: &Array, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    many("irfft2", Family::Irfft, a, s, axes, Some(AXES_2D), norm)
}

/// The n-D transform of real input (`numpy.fft.rfftn`): [`rfft`] along the last of `axes`,
/// then [`fft`] along the others.
///
/// **Shapes**: as [`fftn`], with the last transformed axis becoming `s[-1]/2 + 1` bins.
///
/// # Errors
/// As [`fftn`], and [`Error::DType`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_fft::{Norm, rfftn};
/// let a = Array::from_vec_on(vec![0.5f64; 120], &[4, 6, 5], Device::Cpu).unwrap();
/// assert_eq!(rfftn(&a, None, None, Norm::Backward).unwrap().shape(), &[4, 6, 3]);
/// ```
pub fn rfftn(a: &Array, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    many("rfftn", Family::Rfft, a, s, axes, None, norm)
}

/// The inverse of [`rfftn`] (`numpy.fft.irfftn`): [`ifft`] along all but the last of `axes`,
/// then [`irfft`] along the last.
///
/// **Shapes**: `s` `None` means the input's lengths along `axes`, except the last,
/// `2·(m − 1)`; pass `s` to get an odd last length back.
///
/// # Errors
/// As [`fftn`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_fft::{Norm, irfftn, rfftn};
/// let a = Array::from_vec_on((0..30).map(|i| i as f64).collect::<Vec<_>>(), &[2, 3, 5], Device::Cpu).unwrap();
/// let b = irfftn(&rfftn(&a, None, None, Norm::Backward).unwrap(), Some(&[2, 3, 5]), None, Norm::Backward).unwrap();
/// assert!((b.to_vec::<f64>().unwrap()[29] - 29.0).abs() < 1e-11);
/// ```
pub fn irfftn(a: &Array, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    many("irfftn", Family::Irfft, a, s, axes, None, norm)
}

/// The transform of a Hermitian-symmetric signal (`numpy.fft.hfft`): `n` real outputs,
/// `irfft(conj(a), n)` with the norm swapped (no scaling by default).
///
/// **Shapes**: as [`irfft`].
///
/// # Errors
/// As [`irfft`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_fft::{Norm, hfft};
/// let a = Array::from_vec_on(vec![Complex64::new(1.0, 0.0); 3], &[3], Device::Cpu).unwrap();
/// let y = hfft(&a, None, -1, Norm::Backward).unwrap().to_vec::<f64>().unwrap();
/// assert!((y[0] - 4.0).abs() < 1e-12); // 1 + 1 + 1 + conj(1)
/// ```
pub fn hfft(a: &Array, n: Option<usize>, axis: isize, norm: Norm) -> Result<Array> {
    one("hfft", Family::Hfft, a, n, axis, norm)
}

/// The inverse of [`hfft`] (`numpy.fft.ihfft`): `conj(rfft(a, n)) / n` by default.
///
/// **Shapes**: as [`rfft`].
///
/// # Errors
/// As [`rfft`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_fft::{Norm, ihfft};
/// let a = Array::from_vec_on(vec![0.0f64, 1.0, 0.0, 0.0], &[4], Device::Cpu).unwrap();
/// let y = ihfft(&a, None, -1, Norm::Backward).unwrap().to_vec::<Complex64>().unwrap();
/// assert!((y[1] - Complex64::new(0.0, 0.25)).norm() < 1e-12);
/// ```
pub fn ihfft(a: &Array, n: Option<usize>, axis: isize, norm: Norm) -> Result<Array> {
    one("ihfft", Family::Ihfft, a, n, axis, norm)
}

fn swapped(norm: Norm) -> Norm {
    match norm {
        Norm::Backward => Norm::Forward,
        Norm::Forward => Norm::Backward,
        Norm::Ortho => Norm::Ortho,
    }
}

/// The n-D transform of a Hermitian-symmetric signal (`scipy.fft.hfftn`): real output,
/// `irfftn(conj(a), s, axes)` with the norm swapped (no scaling by default).
///
/// **Shapes**: as [`irfftn`] (the last transformed axis gives `2 * (m - 1)` outputs unless `s`
/// says otherwise).
///
/// # Errors
/// As [`irfftn`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_fft::{Norm, hfftn};
/// let a = Array::from_vec_on(vec![Complex64::new(1.0, 0.0); 4], &[2, 2], Device::Cpu).unwrap();
/// let y = hfftn(&a, None, None, Norm::Backward).unwrap();
/// assert_eq!(y.shape(), &[2, 2]);
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![4.0, 0.0, 0.0, 0.0]);
/// ```
pub fn hfftn(a: &Array, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    irfftn(&cuprum_core::conj(a)?, s, axes, swapped(norm))
}

/// The 2-D [`hfftn`] over the last two axes by default (`scipy.fft.hfft2`).
///
/// # Errors
/// As [`hfftn`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_fft::{Norm, hfft2};
/// let a = Array::from_vec_on(vec![Complex64::new(1.0, 0.0); 4], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(hfft2(&a, None, None, Norm::Backward).unwrap().shape(), &[2, 2]);
/// ```
pub fn hfft2(a: &Array, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    hfftn(a, s, Some(axes.unwrap_or(&[-2, -1])), norm)
}

/// The inverse of [`hfftn`] (`scipy.fft.ihfftn`): `conj(rfftn(a, s, axes))` with the norm
/// swapped (`1/N` by default).
///
/// **Shapes**: as [`rfftn`].
///
/// # Errors
/// As [`rfftn`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_fft::{Norm, ihfftn};
/// let a = Array::from_vec_on(vec![4.0f64, 0.0, 0.0, 0.0], &[2, 2], Device::Cpu).unwrap();
/// let y = ihfftn(&a, None, None, Norm::Backward).unwrap().to_vec::<Complex64>().unwrap();
/// assert_eq!(y, vec![Complex64::new(1.0, 0.0); 4]);
/// ```
pub fn ihfftn(a: &Array, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    cuprum_core::conj(&rfftn(a, s, axes, swapped(norm))?)
}

/// The 2-D [`ihfftn`] over the last two axes by default (`scipy.fft.ihfft2`).
///
/// # Errors
/// As [`ihfftn`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_fft::{Norm, ihfft2};
/// let a = Array::from_vec_on(vec![4.0f64, 0.0, 0.0, 0.0], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(ihfft2(&a, None, None, Norm::Backward).unwrap().shape(), &[2, 2]);
/// ```
pub fn ihfft2(a: &Array, s: Option<&[usize]>, axes: Option<&[isize]>, norm: Norm) -> Result<Array> {
    ihfftn(a, s, Some(axes.unwrap_or(&[-2, -1])), norm)
}

/// The smallest length `>= target` that cuFFT transforms fastest: a product of 2, 3, 5 and 7
/// (`cupyx.scipy.fft.next_fast_len`; as CuPy's, it can differ from SciPy's, whose pocketfft
/// also likes 11). `real` is accepted for SciPy's signature and ignored, as in CuPy. 0 gives 0.
///
/// Algorithm: every `3^a 5^b 7^c` below the power of two at or above `target`, each raised by
/// doubling to the first value `>= target`; the least of them (about 4000 candidates at
/// `target` near 2^64, in 128-bit arithmetic, so nothing wraps).
///
/// # Errors
/// [`Error::OutOfDomain`] naming `next_fast_len` and `target` when the answer does not fit in
/// `usize` (every `target > 18446613971412049920`, the largest 7-smooth `usize`, e.g.
/// `usize::MAX`, whose answer is 2^64; Python's `int` would return it).
///
/// # Example
/// ```
/// assert_eq!(cuprum_fft::next_fast_len(1021, false).unwrap(), 1024);
/// assert_eq!(cuprum_fft::next_fast_len(11, true).unwrap(), 12);
/// assert_eq!(cuprum_fft::next_fast_len(0, false).unwrap(), 0);
/// assert!(cuprum_fft::next_fast_len(usize::MAX, false).is_err());
/// ```
pub fn next_fast_len(target: usize, real: bool) -> Result<usize> {
    let _ = real;
    if target <= 1 {
        return Ok(target);
    }
    let t = target as u128;
    // a power of two >= target is always a candidate, so the answer is at most this
    let mut best = t.next_power_of_two();
    let mut p7 = 1u128;
    while p7 < best {
        let mut p5 = p7;
        while p5 < best {
            let mut m = p5;
            while m < best {
                let mut c = m;
                while c < t {
                    c <<= 1;
                }
                best = best.min(c);
                m *= 3;
            }
            p5 *= 5;
        }
        p7 *= 7;
    }
    usize::try_from(best).map_err(|_| {
        Error::out_of_domain(
            "next_fast_len",
            "target",
            target,
            format!("targets whose next 2,3,5,7-smooth length ({best} here) fits in usize"),
        )
    })
}
