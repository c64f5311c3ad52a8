//! `channelize_poly` and `freq_shift` (CuPy's `cupyx/signal/_filtering`).

use crate::util::{bad_argument_if, bad_shape_if, out_of_domain_if};
use cuprum_core::{
    Array, Complex64, DType, Error, Result, add, arange_on, concatenate, exp, multiply, s, zeros_on,
};
use cuprum_fft::{Norm, ifft};

/// Polyphase channelizer: splits `x` into `n_chans` channels with the prototype filter `h`
/// (`cupyx.signal.channelize_poly`).
///
/// **Shapes**: 1-D `x` of length `L` and 1-D `h` of length `M` → `(n_chans, L / n_chans)`.
/// The filter is split into `n_chans` polyphase branches of `n_taps = M / n_chans` taps
/// (`h` reshaped to `(n_taps, n_chans)`); `x` is taken in blocks of `n_chans` samples (both
/// divisions round down, dropping the trailing samples, as CuPy's `int(len / n_chans)`). The
/// channel spacing equals the number of channels (no overlap).
///
/// **Semantics** (CuPy's kernel, and the reference in CuPy's tests): with
/// `X[p, m] = x[p·n_chans + n_chans − 1 − m]` and `H[k, m] = h[k·n_chans + m]`, branch `m`
/// filters its samples, `v[p, m] = conj(Σ_{k ≤ p} X[p − k, m]·H[k, m])`, and output column `p`
/// is `conj(fft(v[p, :]))`, i.e. `yy[:, p] = n_chans · ifft(Σ_k X[p − k, :]·H[k, :])`.
/// Returned as the transposed view `(n_chans, n_pts)` of a C-contiguous `(n_pts, n_chans)`
/// array, as CuPy's `.T`.
///
/// **Dtypes**: `x` and `h` promote together; float32/complex64 give complex64,
/// float64/complex128 give complex128.
///
/// CuPy caps `n_taps` at 32 (its kernel's tile); cuprum has no cap.
///
/// # Errors
/// [`Error::BadShape`] naming `x` or `h` when it is not 1-D; [`Error::BadArgument`] naming
/// `n_chans` when it is 0 (CuPy divides by zero); [`Error::DType`] when the promoted dtype is not float32, float64, complex64 or
/// complex128 (CuPy's `NotImplementedError`); [`Error::DeviceMismatch`].
///
/// **Algorithm**: the polyphase filter bank as `n_taps` shifted elementwise
/// multiply-adds over the `(n_pts, n_chans)` block matrix, then one batched
/// [`ifft`](cuprum_fft::ifft) along the channels (unnormalized), on any device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_signal::cusignal::channelize_poly;
/// // one tap of ones over 2 channels: each block's DFT-like sum
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let h = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let y = channelize_poly(&x, &h, 2).unwrap();
/// assert_eq!(y.shape(), &[2, 2]);
/// let v = y.to_vec::<Complex64>().unwrap();
/// assert!((v[0] - Complex64::new(3.0, 0.0)).norm() < 1e-12); // channel 0, block 0: 2 + 1
/// assert!((v[2] - Complex64::new(1.0, 0.0)).norm() < 1e-12); // channel 1, block 0: 2 - 1
/// ```
pub fn channelize_poly(x: &Array, h: &Array, n_chans: usize) -> Result<Array> {
    const OP: &str = "channelize_poly";
    bad_shape_if(x.ndim() != 1, OP, "x", x.shape(), "a 1-D array")?;
    bad_shape_if(h.ndim() != 1, OP, "h", h.shape(), "a 1-D array")?;
    bad_argument_if(n_chans == 0, OP, "n_chans", 0, "an integer >= 1")?;
    if x.device() != h.device() {
        return Err(Error::DeviceMismatch {
            op: OP,
            lhs: x.device(),
            rhs: h.device(),
        });
    }
    let dt = DType::promote(x.dtype(), h.dtype());
    let out_dt = match dt {
        DType::Float32 | DType::Complex64 => DType::Complex64,
        DType::Float64 | DType::Complex128 => DType::Complex128,
        d => {
            return Err(Error::DType {
                op: OP,
                dtype: d,
                detail: ": x and h must promote to float32, float64, complex64 or complex128"
                    .into(),
            });
        }
    };
    let dev = x.device();
    let c = n_chans;
    let n_taps = h.shape()[0] / c;
    let n_pts = x.shape()[0] / c;
    if n_pts == 0 {
        return zeros_on([c, 0], out_dt, dev);
    }
    // X[p, m] = x[p·c + c − 1 − m] (a reversed view of the block matrix)
    let xr = x
        .astype(dt)?
        .slice(s![..n_pts * c])?
        .reshape([n_pts, c])?
        .slice(s![.., ..;-1])?;
    let hh = h
        .astype(dt)?
        .slice(s![..n_taps * c])?
        .reshape([n_taps, c])?;
    // taps k ≥ n_pts only ever meet the zeros before the signal
    let taps = n_taps.min(n_pts);
    let acc = if taps == 0 {
        zeros_on([n_pts, c], dt, dev)?
    } else {
        let xpad = concatenate(&[&zeros_on([taps - 1, c], dt, dev)?, &xr], 0)?;
        // tap k: X[p − k, :]·H[k, :] for every p (zeros before the signal)
        let term = |k: usize| -> Result<Array> {
            let lo = (taps - 1 - k) as isize;
            multiply(
                &xpad.slice(s![lo..lo + n_pts as isize, ..])?,
                &hh.slice(s![k..k + 1, ..])?,
            )
        };
        let mut acc = term(0)?;
        for k in 1..taps {
            acc = add(&acc, &term(k)?)?;
        }
        acc
    };
    // conj(fft(conj(s))) = the unnormalized inverse DFT
    ifft(&acc, None, -1, Norm::Forward)?.transpose()
}

/// Shifts the frequency of `x` by `freq` at the sample rate `fs` (`cupyx.signal.freq_shift`):
/// `out[i] = x[i]·exp(−2πi·freq/fs·i)`, `i` the flat (C-order) index.
///
/// **Shapes**: any; the result has `x`'s shape. **Dtypes**: the result is complex128, as
/// CuPy's kernel (`float64 x → complex128 out`). CuPy's kernel reads `x` as float64; cuprum
/// also accepts complex `x` and multiplies it (the formula of CuPy's docstring and tests).
///
/// # Errors
/// [`Error::OutOfDomain`] naming `fs` when it is 0 (CuPy divides by zero); allocation errors.
///
/// **Algorithm**: `exp(i·c·arange(n))` (`c = −2π·freq/fs` in float64) times `x`, elementwise
/// on `x`'s device (CuPy: `thrust::polar(x, c·i)`).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// use cuprum_signal::cusignal::freq_shift;
/// let x = Array::from_vec_on(vec![1.0f64; 4], &[4], Device::Cpu).unwrap();
/// let y = freq_shift(&x, 1.0, 4.0).unwrap().to_vec::<Complex64>().unwrap();
/// // a quarter turn per sample, clockwise
/// assert!((y[1] - Complex64::new(0.0, -1.0)).norm() < 1e-15);
/// assert!((y[2] - Complex64::new(-1.0, 0.0)).norm() < 1e-15);
/// ```
pub fn freq_shift(x: &Array, freq: f64, fs: f64) -> Result<Array> {
    const OP: &str = "freq_shift";
    out_of_domain_if(fs == 0.0, OP, "fs", fs, "nonzero sampling rates")?;
    let c = -2.0 * std::f64::consts::PI * freq / fs;
    let dev = x.device();
    let n = x.size();
    let idx = arange_on(0i64, n as i64, 1i64, Some(DType::Float64), dev)?.reshape(x.shape())?;
    // exp(i·c·idx): the phase is formed in float64 exactly as CuPy's `c * i`
    let phase = multiply(&multiply(&idx, c)?, Complex64::new(0.0, 1.0))?;
    let rot = exp(&phase)?;
    multiply(&x.astype(DType::Complex128)?, &rot)
}
