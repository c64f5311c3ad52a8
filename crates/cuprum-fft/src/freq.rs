//! Frequency helpers: `fftfreq`, `rfftfreq`, `fftshift`, `ifftshift`.

use cuprum_core::ext::layout::normalize_axis;
use cuprum_core::ext::{self, prim as backend};
use cuprum_core::{Array, Device, Error, Layout, Result, current_device};

fn check_freq_args(op: &'static str, n: usize, d: f64) -> Result<f64> {
    let v = n as f64 * d;
    if n == 0 || v == 0.0 {
        return Err(if n == 0 {
            Error::bad_argument(op, "n", n, "a positive window length")
        } else {
            Error::out_of_domain(op, "d", d, "nonzero sample spacings")
        });
    }
    Ok(1.0 / v)
}

/// The sample frequencies of an `n`-point [`fft`](crate::fft) with sample spacing `d`
/// (`numpy.fft.fftfreq`): `[0, 1, ..., (n-1)/2, -(n/2), ..., -1] / (n·d)`, float64, on the
/// current device.
///
/// # Errors
/// [`Error::BadArgument`] when `n` is 0, [`Error::OutOfDomain`] when `d` is 0 (NumPy divides by zero); [`Error::TooBig`]
/// when `n` float64s exceed `isize::MAX` bytes; [`Error::OutOfMemory`] naming the bytes when the
/// host cannot hold them (`fftfreq(2^40)`: NumPy's MemoryError).
///
/// # Example
/// ```
/// let f = cuprum_fft::fftfreq_on(4, 0.5, cuprum_core::Device::Cpu).unwrap();
/// assert_eq!(f.to_vec::<f64>().unwrap(), vec![0.0, 0.5, -1.0, -0.5]);
/// ```
pub fn fftfreq(n: usize, d: f64) -> Result<Array> {
    fftfreq_on(n, d, current_device())
}

/// [`fftfreq`] on `device`.
///
/// # Errors
/// As [`fftfreq`], plus the allocation's errors.
pub fn fftfreq_on(n: usize, d: f64, device: Device) -> Result<Array> {
    let val = check_freq_args("fftfreq", n, d)?;
    ext::layout::checked_size("fftfreq", &[n], 8)?;
    let half = (n - 1) / 2 + 1;
    let mut v = ext::try_vec_with_capacity::<f64>(n)?;
    v.extend((0..n).map(|i| {
        let k = if i < half {
            i as i64
        } else {
            i as i64 - n as i64
        };
        k as f64 * val
    }));
    Array::from_vec_on(v, &[n], device)
}

/// The sample frequencies of an `n`-point [`rfft`](crate::rfft) with sample spacing `d`
/// (`numpy.fft.rfftfreq`): `[0, 1, ..., n/2] / (n·d)`, float64, on the current device.
///
/// # Errors
/// [`Error::BadArgument`] when `n` is 0, [`Error::OutOfDomain`] when `d` is 0; [`Error::TooBig`] / [`Error::OutOfMemory`]
/// as [`fftfreq`].
///
/// # Example
/// ```
/// let f = cuprum_fft::rfftfreq_on(5, 1.0, cuprum_core::Device::Cpu).unwrap();
/// assert_eq!(f.to_vec::<f64>().unwrap(), vec![0.0, 0.2, 0.4]);
/// ```
pub fn rfftfreq(n: usize, d: f64) -> Result<Array> {
    rfftfreq_on(n, d, current_device())
}

/// [`rfftfreq`] on `device`.
///
/// # Errors
/// As [`rfftfreq`], plus the allocation's errors.
pub fn rfftfreq_on(n: usize, d: f64, device: Device) -> Result<Array> {
    let val = check_freq_args("rfftfreq", n, d)?;
    let m = n / 2 + 1;
    ext::layout::checked_size("rfftfreq", &[m], 8)?;
    let mut v = ext::try_vec_with_capacity::<f64>(m)?;
    v.extend((0..m).map(|i| i as f64 * val));
    Array::from_vec_on(v, &[m], device)
}

/// Moves the zero-frequency bin to the centre (`numpy.fft.fftshift`): rolls each of `axes`
/// (`None`: all axes) by `n/2`. Any dtype; returns a new C-contiguous array on `x`'s device.
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for a bad axis.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![0i64, 1, 2, -2, -1], &[5], Device::Cpu).unwrap();
/// let s = cuprum_fft::fftshift(&a, None).unwrap();
/// assert_eq!(s.to_vec::<i64>().unwrap(), vec![-2, -1, 0, 1, 2]);
/// ```
pub fn fftshift(x: &Array, axes: Option<&[isize]>) -> Result<Array> {
    shift("fftshift", x, axes, false)
}

/// The inverse of [`fftshift`] (`numpy.fft.ifftshift`): rolls each of `axes` (`None`: all)
/// by `-(n/2)`. Differs from `fftshift` for odd lengths.
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for a bad axis.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![-2i64, -1, 0, 1, 2], &[5], Device::Cpu).unwrap();
/// let s = cuprum_fft::ifftshift(&a, None).unwrap();
/// assert_eq!(s.to_vec::<i64>().unwrap(), vec![0, 1, 2, -2, -1]);
/// ```
pub fn ifftshift(x: &Array, axes: Option<&[isize]>) -> Result<Array> {
    shift("ifftshift", x, axes, true)
}

fn shift(op: &'static str, x: &Array, axes: Option<&[isize]>, inverse: bool) -> Result<Array> {
    let nd = x.ndim();
    let axes: Vec<usize> = match axes {
        Some(a) => a
            .iter()
            .map(|&ax| normalize_axis(op, ax, nd))
            .collect::<Result<_>>()?,
        None => (0..nd).collect(),
    };
    // np.roll sums the shifts of a repeated axis
    let mut total = vec![0isize; nd];
    for &ax in &axes {
        let h = (x.shape()[ax] / 2) as isize;
        total[ax] += if inverse { -h } else { h };
    }
    let (ax2, sh2): (Vec<usize>, Vec<isize>) = (0..nd)
        .filter(|&k| total[k] != 0)
        .map(|k| (k, total[k]))
        .unzip();
    roll(op, x, &ax2, &sh2)
}

/// `np.roll` along normalized `axes` by `shifts`, on any device.
fn roll(op: &'static str, x: &Array, axes: &[usize], shifts: &[isize]) -> Result<Array> {
    match x.device() {
        Device::Cpu => crate::host::roll_cpu(op, x, axes, shifts),
        _ => roll_blocks(x, axes, shifts),
    }
}

/// Roll as at most `2^len(axes)` strided block copies through the backend's copy primitive
/// (so it runs as device-to-device copies on CUDA).
fn roll_blocks(x: &Array, axes: &[usize], shifts: &[isize]) -> Result<Array> {
    let shape = x.shape().to_vec();
    let out = Array::empty_on(&shape, x.dtype(), x.device())?;
    if out.size() == 0 {
        return Ok(out);
    }
    let ostr = ext::layout::c_strides(&shape);
    // per axis: list of (src_start, dst_start, len)
    let mut pieces: Vec<Vec<(usize, usize, usize)>> =
        shape.iter().map(|&n| vec![(0, 0, n)]).collect();
    for (&ax, &sh) in axes.iter().zip(shifts) {
        let n = shape[ax];
        let s = sh.rem_euclid(n as isize) as usize;
        if s == 0 {
            continue;
        }
        pieces[ax] = vec![(0, s, n - s), (n - s, 0, s)];
    }
    let nd = shape.len();
    let mut choice = vec![0usize; nd];
    loop {
        let mut src_off = x.offset() as isize;
        let mut dst_off = 0isize;
        let mut lens = Vec::with_capacity(nd);
        for k in 0..nd {
            let (ss, ds, len) = pieces[k][choice[k]];
            src_off += ss as isize * x.strides()[k];
            dst_off += ds as isize * ostr[k];
            lens.push(len);
        }
        let src_l = Layout {
            shape: lens.clone(),
            strides: x.strides().to_vec(),
            offset: src_off as usize,
        };
        let dst_l = Layout {
            shape: lens,
            strides: ostr.clone(),
            offset: dst_off as usize,
        };
        backend::copy(
            ext::view_as(x, &src_l, x.dtype())?,
            ext::view_as(&out, &dst_l, x.dtype())?,
        )?;
        // next combination
        let mut k = nd;
        loop {
            if k == 0 {
                return Ok(out);
            }
            k -= 1;
            choice[k] += 1;
            if choice[k] < pieces[k].len() {
                break;
            }
            choice[k] = 0;
        }
    }
}
