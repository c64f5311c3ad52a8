//! Smoothing and trend removal along axes: `detrend`, `hilbert`, `medfilt`, `wiener`,
//! `savgol_coeffs`, `savgol_filter` — composed of cuprum's operations on the data's device
//! (the small fitting matrices of Savitzky-Golay are computed on the host).

use crate::util::{along, axis_of, axis_slice, inexact, upload, upload_shaped};
use crate::util::{bad_argument_if, bad_shape_if, out_of_domain_if};
use cuprum_core::manip::PadMode;
use cuprum_core::{Array, ConvolveMode, DType, Error, Result, Scalar};

/// The trend [`detrend`] removes (SciPy's `type`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Detrend {
    /// nothing (SciPy's `detrend=False` in the spectral functions)
    None,
    /// the mean (`'constant'`)
    Constant,
    /// the least-squares line (`'linear'`, the default)
    #[default]
    Linear,
}

impl Detrend {
    /// Parses `'linear'`/`'l'`, `'constant'`/`'c'` (and `"none"`/`"false"` for no detrending).
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `detrend` and `type` for another string.
    ///
    /// ```
    /// assert_eq!(cuprum_signal::Detrend::parse("constant").unwrap(), cuprum_signal::Detrend::Constant);
    /// ```
    pub fn parse(s: &str) -> Result<Detrend> {
        Ok(match s {
            "linear" | "l" => Detrend::Linear,
            "constant" | "c" => Detrend::Constant,
            "none" | "false" | "False" => Detrend::None,
            _ => {
                return Err(Error::bad_argument(
                    "detrend",
                    "type",
                    format!("{s:?}"),
                    "one of 'linear' (or 'l'), 'constant' (or 'c')",
                ));
            }
        })
    }
}

pub(crate) fn detrend_axis(op: &'static str, x: &Array, ax: usize, t: Detrend) -> Result<Array> {
    let dt = inexact(x.dtype());
    let x = x.astype(dt)?;
    let n = x.shape()[ax];
    match t {
        Detrend::None => Ok(x),
        _ if n == 0 => Ok(x),
        Detrend::Constant => {
            cuprum_core::subtract(&x, &x.mean(ax as isize, true)?.astype(dt)?)?.astype(dt)
        }
        Detrend::Linear => {
            if n == 1 {
                return cuprum_core::subtract(&x, &x);
            }
            let _ = op;
            let tm = (n as f64 - 1.0) / 2.0;
            let tc: Vec<f64> = (0..n).map(|i| i as f64 - tm).collect();
            let sxx: f64 = tc.iter().map(|v| v * v).sum();
            let tca = upload_shaped(tc, &along(x.ndim(), ax, n)?, x.device())?.astype(
                if dt.is_complex() {
                    crate::util::real_of(dt)
                } else {
                    dt
                },
            )?;
            let mean = x.mean(ax as isize, true)?.astype(dt)?;
            let slope = cuprum_core::divide(
                &cuprum_core::sum(&cuprum_core::multiply(&x, &tca)?, ax as isize, true)?,
                sxx,
            )?;
            let fit = cuprum_core::add(&mean, &cuprum_core::multiply(&slope, &tca)?)?;
            cuprum_core::subtract(&x, &fit)?.astype(dt)
        }
    }
}

/// Removes the mean or the least-squares line along `axis` (`scipy.signal.detrend`; with
/// break points: [`detrend_bp`]).
///
/// **Shapes**: `x` of any shape → the same shape; float32/complex keep their dtype, other
/// dtypes give float64.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::BadShape`] naming `detrend` for 0-d input.
///
/// **Algorithm**: constant: `x − mean`; linear: the closed-form least-squares line over the
/// centred sample index (`slope = Σ(t − t̄)·x / Σ(t − t̄)²`), both as reductions on `x`'s
/// device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{Detrend, detrend};
/// let x = Array::from_vec_on(vec![1.0f64, 3.0, 5.0, 7.0], &[4], Device::Cpu).unwrap();
/// let y = detrend(&x, -1, Detrend::Linear).unwrap().to_vec::<f64>().unwrap();
/// assert!(y.iter().all(|v| v.abs() < 1e-12));
/// ```
pub fn detrend(x: &Array, axis: isize, kind: Detrend) -> Result<Array> {
    bad_shape_if(
        x.ndim() == 0,
        "detrend",
        "x",
        x.shape(),
        "at least 1 dimension",
    )?;
    let ax = axis_of("detrend", axis, x.ndim())?;
    detrend_axis("detrend", x, ax, kind)
}

/// [`detrend`] with break points (`scipy.signal.detrend(..., bp=...)`): with
/// [`Detrend::Linear`] a separate least-squares line is removed from each piece between
/// consecutive break points (`0` and the length along `axis` are always break points; the
/// list is sorted and its repeats dropped, as SciPy); other kinds ignore `bp`, as SciPy.
///
/// **Shapes**: `x` of any shape → the same shape; dtypes as [`detrend`].
///
/// # Errors
/// [`Error::BadArgument`] naming `detrend` and `bp` for a break point past the end of the
/// axis; [`Error::AxisOutOfBounds`]; [`Error::BadShape`] for 0-d input.
///
/// **Algorithm**: the axis split at the break points, [`detrend`]'s closed-form line on each
/// piece (the least-squares fit SciPy computes with `lstsq`), the pieces concatenated; on
/// `x`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{Detrend, detrend_bp};
/// // two ramps with different slopes: each piece's line removes it exactly
/// let x = Array::from_vec_on(vec![0.0f64, 1.0, 2.0, 10.0, 7.0, 4.0], &[6], Device::Cpu).unwrap();
/// let y = detrend_bp(&x, -1, Detrend::Linear, &[3]).unwrap().to_vec::<f64>().unwrap();
/// assert!(y.iter().all(|v| v.abs() < 1e-12));
/// ```
pub fn detrend_bp(x: &Array, axis: isize, kind: Detrend, bp: &[usize]) -> Result<Array> {
    const OP: &str = "detrend";
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(OP, axis, x.ndim())?;
    let n = x.shape()[ax];
    if let Some(b) = bp.iter().find(|&&b| b > n) {
        return Err(Error::bad_argument(
            OP,
            "bp",
            b,
            format!("break points at most the length along the axis ({n})"),
        ));
    }
    let mut cuts: Vec<usize> = bp.iter().copied().filter(|&b| b > 0 && b < n).collect();
    cuts.sort_unstable();
    cuts.dedup();
    if kind != Detrend::Linear || cuts.is_empty() {
        return detrend_axis(OP, x, ax, kind);
    }
    let at: Vec<isize> = cuts.iter().map(|&c| c as isize).collect();
    let pieces = cuprum_core::array_split(x, at, ax as isize)?
        .iter()
        .map(|p| detrend_axis(OP, p, ax, kind))
        .collect::<Result<Vec<_>>>()?;
    let refs: Vec<&Array> = pieces.iter().collect();
    cuprum_core::concatenate(&refs, ax as isize)
}

/// The analytic signal `x + i·H(x)` along `axis` (`scipy.signal.hilbert`).
///
/// **Shapes**: real `x` → complex (complex128; complex64 for float32) of `x`'s shape, or with
/// `n` samples along `axis` when `n` is given (truncated or zero-padded).
///
/// # Errors
/// [`Error::DType`] naming `hilbert` for complex `x`; [`Error::BadArgument`] for `N == 0`;
/// [`Error::BadShape`] for 0-d `x`.
///
/// **Algorithm**: FFT, multiply by `h = [1, 2, …, 2, (1), 0, …]`, inverse FFT (cuFFT on
/// CUDA); `h` is built on the device from an index ramp.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, Complex64};
/// let x = Array::from_vec_on(vec![1.0f64, 0.0, -1.0, 0.0], &[4], Device::Cpu).unwrap();
/// let z = cuprum_signal::hilbert(&x, None, -1).unwrap().to_vec::<Complex64>().unwrap();
/// assert!((z[1].im - 1.0).abs() < 1e-12);
/// ```
pub fn hilbert(x: &Array, n: Option<usize>, axis: isize) -> Result<Array> {
    const OP: &str = "hilbert";
    crate::util::real_only(OP, x, ": x must be real")?;
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(OP, axis, x.ndim())?;
    let n = n.unwrap_or(x.shape()[ax]);
    bad_argument_if(n == 0, OP, "N", 0, "a positive integer")?;
    let dt = inexact(x.dtype());
    let xf = cuprum_fft::fft(
        &x.astype(dt)?,
        Some(n),
        ax as isize,
        cuprum_fft::Norm::Backward,
    )?;
    let idx = cuprum_core::arange_on(0i64, n as i64, 1i64, None, x.device())?;
    let half = n.div_ceil(2) as i64;
    let mut h = cuprum_core::where_(&cuprum_core::less(&idx, half)?, 2.0, 0.0)?;
    h = cuprum_core::where_(&cuprum_core::equal(&idx, 0i64)?, 1.0, &h)?;
    if n.is_multiple_of(2) {
        h = cuprum_core::where_(&cuprum_core::equal(&idx, (n / 2) as i64)?, 1.0, &h)?;
    }
    let h = h
        .reshape(&along(x.ndim(), ax, n)?[..])?
        .astype(crate::util::real_of(dt))?;
    cuprum_fft::ifft(
        &cuprum_core::multiply(&xf, &h)?,
        None,
        ax as isize,
        cuprum_fft::Norm::Backward,
    )
}

/// The number of elements of a window of sizes `k` (an error naming `op` when it overflows).
fn window_count(op: &'static str, k: &[usize]) -> Result<usize> {
    k.iter()
        .try_fold(1usize, |a, &b| a.checked_mul(b))
        .ok_or_else(|| {
            Error::bad_argument(
                op,
                "kernel_size",
                format!("{k:?}"),
                "sizes whose product fits in usize",
            )
        })
}

/// Zero-padded windows of `x`: for each element, its `k[d]` neighbours per axis (view of a
/// padded copy) → `(x.shape..., prod k)`.
fn windows_of(x: &Array, k: &[usize]) -> Result<Array> {
    let count = window_count("medfilt", k)?;
    let pw: Vec<(usize, usize)> = k.iter().map(|&m| (m / 2, m / 2)).collect();
    let p = cuprum_core::pad(x, &pw, PadMode::Constant(Scalar::Int(0)))?;
    let w = cuprum_core::sliding_window_view(&p, k, None)?;
    let mut s = x.shape().to_vec();
    s.push(count);
    w.copy()?.reshape(&s[..])
}

/// The median filter with zero padding (`scipy.signal.medfilt`).
///
/// **Shapes**: `x` n-d, `kernel_size` one odd size per axis (or one for all; default 3) →
/// `x`'s shape and dtype.
///
/// # Errors
/// [`Error::BadArgument`] naming `medfilt` and `kernel_size` for an even kernel size or a
/// kernel of another length than `x.ndim()`; [`Error::BadShape`] for 0-d `x`.
///
/// **Algorithm**: a sliding-window view of the zero-padded input, sorted along the window
/// (cuprum's `sort`), the middle element taken; on `x`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1.0f64, 9.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
/// let y = cuprum_signal::medfilt(&x, Some(&[3])).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0, 2.0, 3.0, 2.0]);
/// ```
pub fn medfilt(x: &Array, kernel_size: Option<&[usize]>) -> Result<Array> {
    const OP: &str = "medfilt";
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let k: Vec<usize> = match kernel_size {
        None => cuprum_core::ext::try_vec_filled(x.ndim(), 3)?,
        Some([s]) => cuprum_core::ext::try_vec_filled(x.ndim(), *s)?,
        Some(s) if s.len() == x.ndim() => s.to_vec(),
        Some(s) => {
            return Err(Error::bad_argument(
                OP,
                "kernel_size",
                format!("{s:?}"),
                format!("{} entries, one per axis of x", x.ndim()),
            ));
        }
    };
    if let Some(&e) = k.iter().find(|&&m| m % 2 == 0) {
        return Err(Error::bad_argument(
            OP,
            "kernel_size",
            format!("{k:?}"),
            format!("odd sizes ({e} is even)"),
        ));
    }
    if x.size() == 0 {
        return x.copy();
    }
    let m = window_count(OP, &k)?;
    let w = windows_of(x, &k)?;
    let s = cuprum_core::sort(&w, Some(-1))?;
    s.index_axis(-1, (m / 2) as isize)?.copy()
}

/// Wiener filtering of an n-d array (`scipy.signal.wiener`).
///
/// **Shapes**: `im` n-d → the same shape (float64 for integer input). `mysize`: the window
/// per axis (one size for all; default 3); `noise`: the noise power (default the mean of the
/// local variances).
///
/// `out = mean + (1 − noise/var)·(im − mean)` where `var ≥ noise`, else the local mean; local
/// means and variances over the zero-padded window.
///
/// # Errors
/// [`Error::BadArgument`] naming `wiener` and `mysize` for a window of the wrong length or a
/// zero size.
///
/// **Algorithm**: SciPy's, with the local sums as [`correlate`](crate::correlate) with a box
/// (direct method), elementwise on `im`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1.0f64; 9], &[3, 3], Device::Cpu).unwrap();
/// let y = cuprum_signal::wiener(&x, Some(&[3]), Some(0.0)).unwrap();
/// assert_eq!(y.shape(), &[3, 3]);
/// ```
pub fn wiener(im: &Array, mysize: Option<&[usize]>, noise: Option<f64>) -> Result<Array> {
    const OP: &str = "wiener";
    let nd = im.ndim();
    let k: Vec<usize> = match mysize {
        None => cuprum_core::ext::try_vec_filled(nd, 3)?,
        Some([s]) => cuprum_core::ext::try_vec_filled(nd, *s)?,
        Some(s) if s.len() == nd => s.to_vec(),
        Some(s) => {
            return Err(Error::bad_argument(
                OP,
                "mysize",
                format!("{s:?}"),
                format!("1 or {nd} entries, one per axis"),
            ));
        }
    };
    bad_argument_if(
        k.contains(&0),
        OP,
        "mysize",
        format!("{k:?}"),
        "positive sizes",
    )?;
    let dt = inexact(im.dtype());
    let im = im.astype(dt)?;
    let size = window_count(OP, &k)?;
    let ones = cuprum_core::ones_on(&k[..], dt, im.device())?;
    let cor = |a: &Array| {
        crate::convolve::correlate(a, &ones, ConvolveMode::Same, crate::ConvMethod::Direct)
    };
    let lmean = cuprum_core::divide(&cor(&im)?, size as f64)?;
    let lvar = cuprum_core::subtract(
        &cuprum_core::divide(&cor(&cuprum_core::square(&im)?)?, size as f64)?,
        &cuprum_core::square(&lmean)?,
    )?;
    let noise = match noise {
        Some(v) => cuprum_core::full_on(&[] as &[usize], v, dt, im.device())?,
        None => lvar.mean(None, false)?.astype(dt)?,
    };
    let res = cuprum_core::subtract(&im, &lmean)?;
    let res = cuprum_core::multiply(
        &res,
        &cuprum_core::subtract(1.0, &cuprum_core::divide(&noise, &lvar)?)?,
    )?;
    let res = cuprum_core::add(&res, &lmean)?;
    cuprum_core::where_(&cuprum_core::less(&lvar, &noise)?, &lmean, &res)?.astype(dt)
}

/// Thin QR of a column-major-free `m × n` matrix (rows), modified Gram-Schmidt twice.
/// A dense matrix on the host, as rows (or columns, as each use says).
type Dense = Vec<Vec<f64>>;

fn qr(v: &[Vec<f64>], n: usize) -> Result<(Dense, Dense)> {
    let m = v.len();
    let mut q: Vec<Vec<f64>> = (0..n).map(|j| (0..m).map(|i| v[i][j]).collect()).collect();
    let mut r = cuprum_core::ext::try_vec_filled(n, cuprum_core::ext::try_vec_filled(n, 0.0)?)?;
    for j in 0..n {
        for _ in 0..2 {
            for k in 0..j {
                let d: f64 = (0..m).map(|i| q[k][i] * q[j][i]).sum();
                r[k][j] += d;
                let (done, rest) = q.split_at_mut(j);
                for (a, b) in rest[0].iter_mut().zip(&done[k]) {
                    *a -= d * b;
                }
            }
        }
        let nrm = q[j].iter().map(|x| x * x).sum::<f64>().sqrt();
        r[j][j] = nrm;
        if nrm > 0.0 {
            for x in &mut q[j] {
                *x /= nrm;
            }
        }
    }
    Ok((q, r)) // q: n columns of length m
}

fn factorial(k: usize) -> f64 {
    (1..=k).map(|i| i as f64).product()
}

/// `d^deriv/dt^deriv t^k` at `t`.
fn dpow(t: f64, k: usize, deriv: usize) -> f64 {
    if k < deriv {
        0.0
    } else {
        factorial(k) / factorial(k - deriv) * t.powi((k - deriv) as i32)
    }
}

/// Options of [`savgol_filter`].
#[derive(Clone, Copy, Debug)]
pub struct SavgolOptions {
    /// the derivative order (default 0)
    pub deriv: usize,
    /// the sample spacing for derivatives (default 1)
    pub delta: f64,
    /// the axis (default −1)
    pub axis: isize,
    /// the edge handling (default interp)
    pub mode: SavgolMode,
    /// the fill value of [`SavgolMode::Constant`] (default 0)
    pub cval: f64,
}

impl Default for SavgolOptions {
    fn default() -> Self {
        SavgolOptions {
            deriv: 0,
            delta: 1.0,
            axis: -1,
            mode: SavgolMode::Interp,
            cval: 0.0,
        }
    }
}

/// The edge handling of [`savgol_filter`] (SciPy's `mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum SavgolMode {
    /// a polynomial fit of the first/last window (`'interp'`, the default)
    #[default]
    Interp,
    /// reflection without the edge sample (`'mirror'`)
    Mirror,
    /// constant `cval` (`'constant'`)
    Constant,
    /// the edge sample repeated (`'nearest'`)
    Nearest,
    /// circular (`'wrap'`)
    Wrap,
}

impl SavgolMode {
    /// Parses SciPy's mode names.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `savgol_filter` and `mode` for another string.
    ///
    /// ```
    /// assert_eq!(cuprum_signal::SavgolMode::parse("nearest").unwrap(), cuprum_signal::SavgolMode::Nearest);
    /// ```
    pub fn parse(s: &str) -> Result<SavgolMode> {
        Ok(match s {
            "interp" => SavgolMode::Interp,
            "mirror" => SavgolMode::Mirror,
            "constant" => SavgolMode::Constant,
            "nearest" => SavgolMode::Nearest,
            "wrap" => SavgolMode::Wrap,
            _ => {
                return Err(Error::bad_argument(
                    "savgol_filter",
                    "mode",
                    format!("{s:?}"),
                    "one of 'mirror', 'constant', 'nearest', 'wrap', 'interp'",
                ));
            }
        })
    }
}

fn savgol_host(
    wl: usize,
    p: usize,
    deriv: usize,
    delta: f64,
    pos: Option<f64>,
    conv: bool,
) -> Result<Vec<f64>> {
    const OP: &str = "savgol_coeffs";
    // the (polyorder + 1) x window_length design matrix, in float64
    cuprum_core::ext::check_host_bytes(wl.saturating_mul(p.saturating_add(1)).saturating_mul(8))?;
    bad_argument_if(
        p >= wl,
        OP,
        "polyorder",
        p,
        format!("less than window_length = {wl}"),
    )?;
    let half = wl / 2;
    let pos = pos.unwrap_or(if wl.is_multiple_of(2) {
        half as f64 - 0.5
    } else {
        half as f64
    });
    out_of_domain_if(
        !(pos >= 0.0 && pos < wl as f64),
        OP,
        "pos",
        pos,
        format!("[0, window_length) = [0, {wl})"),
    )?;
    if deriv > p {
        return cuprum_core::ext::try_vec_filled(wl, 0.0);
    }
    let mut x: Vec<f64> = (0..wl).map(|i| i as f64 - pos).collect();
    if conv {
        x.reverse();
    }
    // V (wl × p+1) = x^k; coefficients c = Q·R^{-T}·y with y = deriv!/delta^deriv e_deriv
    let v: Vec<Vec<f64>> = x
        .iter()
        .map(|&t| (0..=p).map(|k| t.powi(k as i32)).collect())
        .collect();
    let (q, r) = qr(&v, p + 1)?;
    let mut y = cuprum_core::ext::try_vec_filled(p + 1, 0.0)?;
    y[deriv] = factorial(deriv) / delta.powi(deriv as i32);
    // solve Rᵀ z = y (forward substitution)
    let mut z = cuprum_core::ext::try_vec_filled(p + 1, 0.0)?;
    for i in 0..=p {
        let s: f64 = (0..i).map(|k| r[k][i] * z[k]).sum();
        z[i] = (y[i] - s) / r[i][i];
    }
    Ok((0..wl)
        .map(|i| (0..=p).map(|k| q[k][i] * z[k]).sum())
        .collect())
}

/// The Savitzky-Golay filter coefficients (`scipy.signal.savgol_coeffs` with `use='conv'`
/// when `conv`, `'dot'` otherwise).
///
/// **Shapes**: → `(window_length,)` float64 on the current device.
///
/// # Errors
/// [`Error::BadArgument`] naming `savgol_coeffs` and `polyorder` for
/// `polyorder >= window_length`; [`Error::OutOfDomain`] for `pos` outside the window.
///
/// **Algorithm**: the minimum-norm least-squares solution through a thin QR of the window's
/// Vandermonde matrix (host, O(window·order²)).
///
/// # Example
/// ```
/// let c = cuprum_signal::savgol_coeffs(5, 2, 0, 1.0, None, true).unwrap().to_vec::<f64>().unwrap();
/// assert!((c[2] - 0.4857142857142857).abs() < 1e-12);
/// ```
pub fn savgol_coeffs(
    window_length: usize,
    polyorder: usize,
    deriv: usize,
    delta: f64,
    pos: Option<f64>,
    conv: bool,
) -> Result<Array> {
    upload(
        savgol_host(window_length, polyorder, deriv, delta, pos, conv)?,
        cuprum_core::current_device(),
    )
}

/// `x` extended along `ax` by `before`/`after` samples with an ndimage mode.
fn pad_mode(
    x: &Array,
    ax: usize,
    before: usize,
    after: usize,
    mode: SavgolMode,
    cval: f64,
) -> Result<Array> {
    let mut pw = cuprum_core::ext::try_vec_filled(x.ndim(), (0usize, 0usize))?;
    pw[ax] = (before, after);
    match mode {
        SavgolMode::Constant | SavgolMode::Interp => cuprum_core::pad(
            x,
            &pw,
            PadMode::Constant(Scalar::Float(if mode == SavgolMode::Interp {
                0.0
            } else {
                cval
            })),
        ),
        SavgolMode::Nearest => cuprum_core::pad(x, &pw, PadMode::Edge),
        SavgolMode::Mirror => cuprum_core::pad(x, &pw, PadMode::Reflect),
        SavgolMode::Wrap => {
            let n = x.shape()[ax];
            let reps = 1 + 2 * before.max(after).div_ceil(n);
            let mut r = cuprum_core::ext::try_vec_filled(x.ndim(), 1usize)?;
            r[ax] = reps;
            let t = cuprum_core::tile(x, &r[..])?;
            let start = (reps / 2) * n - before;
            axis_slice(
                &t,
                ax,
                start as isize,
                Some((start + n + before + after) as isize),
            )
        }
    }
}

/// The edge values of the interp mode: `M (count × wl)` mapping a window to the fitted
/// polynomial's `deriv`-th derivative at window positions `i0..i1`.
fn edge_matrix(
    wl: usize,
    p: usize,
    deriv: usize,
    delta: f64,
    i0: usize,
    i1: usize,
) -> Result<Vec<f64>> {
    let c = (wl as f64 - 1.0) / 2.0;
    let v: Vec<Vec<f64>> = (0..wl)
        .map(|i| (0..=p).map(|k| (i as f64 - c).powi(k as i32)).collect())
        .collect();
    let (q, r) = qr(&v, p + 1)?;
    let mut m = cuprum_core::ext::try_vec_with_capacity((i1 - i0) * wl)?;
    for i in i0..i1 {
        let g: Vec<f64> = (0..=p)
            .map(|k| dpow(i as f64 - c, k, deriv) / delta.powi(deriv as i32))
            .collect();
        // h R = g  →  Rᵀ hᵀ = gᵀ
        let mut h = cuprum_core::ext::try_vec_filled(p + 1, 0.0)?;
        for a in 0..=p {
            let s: f64 = (0..a).map(|k| r[k][a] * h[k]).sum();
            h[a] = if r[a][a] != 0.0 {
                (g[a] - s) / r[a][a]
            } else {
                0.0
            };
        }
        m.extend((0..wl).map(|j| h.iter().zip(&q).map(|(hk, qk)| hk * qk[j]).sum::<f64>()));
    }
    Ok(m)
}

/// The Savitzky-Golay filter along an axis (`scipy.signal.savgol_filter`).
///
/// **Shapes**: `x` → the same shape; float32 stays float32, other dtypes give float64.
///
/// # Errors
/// [`Error::BadArgument`] naming `savgol_filter`/`savgol_coeffs` for `polyorder >=
/// window_length`, or (mode interp) a `window_length` longer than `x` along `axis`.
///
/// **Algorithm**: the coefficients ([`savgol_coeffs`]) correlated along the axis with the
/// mode's extension (one scaled pass per tap on `x`'s device); in interp mode the first and
/// last `window_length/2` outputs are the polynomial fits of the edge windows, applied as one
/// small matrix product per edge.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{savgol_filter, smooth::SavgolOptions};
/// let x = Array::from_vec_on((0..10).map(|i| (i * i) as f64).collect::<Vec<_>>(), &[10], Device::Cpu).unwrap();
/// let y = savgol_filter(&x, 5, 2, &SavgolOptions::default()).unwrap().to_vec::<f64>().unwrap();
/// assert!((y[7] - 49.0).abs() < 1e-9 && (y[0] - 0.0).abs() < 1e-9);
/// ```
pub fn savgol_filter(
    x: &Array,
    window_length: usize,
    polyorder: usize,
    opts: &SavgolOptions,
) -> Result<Array> {
    const OP: &str = "savgol_filter";
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(OP, opts.axis, x.ndim())?;
    let dt = match x.dtype() {
        DType::Float32 => DType::Float32,
        _ => DType::Float64,
    };
    let x = x.astype(dt)?;
    let coeffs = savgol_host(window_length, polyorder, opts.deriv, opts.delta, None, true)?;
    let n = x.shape()[ax];
    if n == 0 {
        return x.copy();
    }
    bad_argument_if(
        opts.mode == SavgolMode::Interp && window_length > n,
        OP,
        "window_length",
        window_length,
        format!("at most the size of x along the axis ({n}) with mode 'interp'"),
    )?;
    let l = window_length;
    // ndimage's convolve1d: an even-length kernel's origin moves one sample to the right
    let before = if l.is_multiple_of(2) {
        l / 2 - 1
    } else {
        l / 2
    } as isize;
    let after = l as isize - 1 - before;
    let xp = pad_mode(
        &x,
        ax,
        before as usize,
        after as usize,
        opts.mode,
        opts.cval,
    )?;
    let k = upload_shaped(coeffs, &along(x.ndim(), ax, l)?, x.device())?.astype(dt)?;
    let y = crate::convolve::convolve(&xp, &k, ConvolveMode::Valid, crate::ConvMethod::Direct)?
        .astype(dt)?;
    if opts.mode != SavgolMode::Interp {
        return Ok(y);
    }
    let half = l / 2;
    if half == 0 {
        return Ok(y);
    }
    let xl = crate::util::to_last(&x, ax)?;
    let lm = upload_shaped(
        edge_matrix(l, polyorder, opts.deriv, opts.delta, 0, half)?,
        &[half, l],
        x.device(),
    )?
    .astype(dt)?;
    let rm = upload_shaped(
        edge_matrix(l, polyorder, opts.deriv, opts.delta, l - half, l)?,
        &[half, l],
        x.device(),
    )?
    .astype(dt)?;
    let lx = axis_slice(&xl, xl.ndim() - 1, 0, Some(l as isize))?;
    let rx = axis_slice(&xl, xl.ndim() - 1, (n - l) as isize, None)?;
    let left = cuprum_core::matmul(&lx, &lm.swapaxes(0, 1)?)?;
    let right = cuprum_core::matmul(&rx, &rm.swapaxes(0, 1)?)?;
    let yl = crate::util::to_last(&y, ax)?;
    let mid = axis_slice(&yl, yl.ndim() - 1, half as isize, Some((n - half) as isize))?;
    let out = cuprum_core::concatenate(&[&left, &mid, &right], -1)?;
    crate::util::from_last(&out, ax)?.copy()
}

/// The rank filter over a boolean domain (`scipy.signal.order_filter`): each output is the
/// element of rank `rank` (0 = smallest) among the input values where `domain` is true,
/// centred on the element, zero-padded at the edges.
///
/// **Shapes**: `a` n-d, `domain` of the same ndim with odd sizes → `a`'s shape and dtype.
///
/// # Errors
/// [`Error::BadShape`] naming `order_filter` and `domain` for a domain of another ndim or
/// even sizes; [`Error::BadArgument`] for `rank` not below the number of true elements.
///
/// **Algorithm**: the zero-padded sliding windows of `a` restricted to the domain's true
/// positions (a gather), sorted along the window, element `rank` taken; on `a`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![3.0f64, 1.0, 2.0, 5.0], &[4], Device::Cpu).unwrap();
/// let d = Array::from_vec_on(vec![true, true, true], &[3], Device::Cpu).unwrap();
/// let y = cuprum_signal::order_filter(&x, &d, 2).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![3.0, 3.0, 5.0, 5.0]);
/// ```
pub fn order_filter(a: &Array, domain: &Array, rank: usize) -> Result<Array> {
    const OP: &str = "order_filter";
    if domain.ndim() != a.ndim() || a.ndim() == 0 {
        return Err(Error::bad_shape(
            OP,
            "domain",
            domain.shape(),
            format!(
                "{} dimensions, the input's (at least 1; the input has shape {:?})",
                a.ndim(),
                a.shape()
            ),
        ));
    }
    if let Some(&e) = domain.shape().iter().find(|&&m| m % 2 == 0) {
        return Err(Error::bad_shape(
            OP,
            "domain",
            domain.shape(),
            format!("an odd length along every axis ({e} is even)"),
        ));
    }
    let mask = domain
        .astype(DType::Bool)?
        .to_device(cuprum_core::Device::Cpu)?
        .to_vec::<bool>()?;
    let sel: Vec<i64> = mask
        .iter()
        .enumerate()
        .filter(|(_, m)| **m)
        .map(|(i, _)| i as i64)
        .collect();
    bad_argument_if(
        rank >= sel.len(),
        OP,
        "rank",
        rank,
        format!(
            "less than the number of true elements in domain ({})",
            sel.len()
        ),
    )?;
    if a.size() == 0 {
        return a.copy();
    }
    let w = windows_of(a, domain.shape())?;
    let idx = Array::from_vec_on(sel.clone(), &[sel.len()], a.device())?;
    let w = cuprum_core::take(&w, &idx, Some(-1), cuprum_core::IndexMode::Raise)?;
    let s = cuprum_core::sort(&w, Some(-1))?;
    s.index_axis(-1, rank as isize)?.copy()
}

/// The 2-D median filter (`scipy.signal.medfilt2d`): [`medfilt`] of a 2-D array.
///
/// **Shapes**: 2-D `x`, `kernel_size` one odd size or two → `x`'s shape and dtype.
///
/// # Errors
/// As [`medfilt`], naming `medfilt2d`, and for input that is not 2-D.
///
/// **Algorithm**: as [`medfilt`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on((1..10).map(f64::from).collect::<Vec<_>>(), &[3, 3], Device::Cpu).unwrap();
/// let y = cuprum_signal::medfilt2d(&x, None).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(y, vec![0.0, 2.0, 0.0, 2.0, 5.0, 3.0, 0.0, 5.0, 0.0]);
/// ```
pub fn medfilt2d(x: &Array, kernel_size: Option<&[usize]>) -> Result<Array> {
    bad_shape_if(
        x.ndim() != 2,
        "medfilt2d",
        "input",
        x.shape(),
        "a 2-D array",
    )?;
    medfilt(x, kernel_size)
}

/// The 2-D analytic signal (`scipy.signal.hilbert2`).
///
/// **Shapes**: real 2-D `x` → complex of `x`'s shape, or `n` = (rows, cols) when given.
///
/// # Errors
/// [`Error::DType`] naming `hilbert2` for complex `x`; [`Error::BadShape`] for non-2-D `x`;
/// [`Error::BadArgument`] for a zero size `N`.
///
/// **Algorithm**: SciPy 1.17's: a 2-D FFT, bins `1..(n+1)/2` of each axis doubled and the
/// rest zeroed (an even length's Nyquist bin too), inverse 2-D FFT; on `x`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1.0f64, 0.0, 0.0, 0.0], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(cuprum_signal::hilbert2(&x, None).unwrap().shape(), &[2, 2]);
/// ```
pub fn hilbert2(x: &Array, n: Option<[usize; 2]>) -> Result<Array> {
    const OP: &str = "hilbert2";
    bad_shape_if(x.ndim() != 2, OP, "x", x.shape(), "a 2-D array")?;
    crate::util::real_only(OP, x, ": x must be real")?;
    let n = n.unwrap_or([x.shape()[0], x.shape()[1]]);
    bad_argument_if(
        n[0] == 0 || n[1] == 0,
        OP,
        "N",
        format!("{n:?}"),
        "positive sizes",
    )?;
    let dt = inexact(x.dtype());
    let xf = cuprum_fft::fft2(&x.astype(dt)?, Some(&n), None, cuprum_fft::Norm::Backward)?;
    let mask = |len: usize, ax: usize| -> Result<Array> {
        let idx = cuprum_core::arange_on(0i64, len as i64, 1i64, None, x.device())?;
        let mut h =
            cuprum_core::where_(&cuprum_core::less(&idx, len.div_ceil(2) as i64)?, 2.0, 0.0)?;
        // SciPy 1.17: bins 1..(len+1)/2 doubled, the rest (an even length's Nyquist bin
        // included) zeroed
        h = cuprum_core::where_(&cuprum_core::equal(&idx, 0i64)?, 1.0, &h)?;
        h.reshape(&along(2, ax, len)?[..])?
            .astype(crate::util::real_of(dt))
    };
    let h = cuprum_core::multiply(&mask(n[0], 0)?, &mask(n[1], 1)?)?;
    cuprum_fft::ifft2(
        &cuprum_core::multiply(&xf, &h)?,
        None,
        None,
        cuprum_fft::Norm::Backward,
    )
}
