//! Convolution and correlation of n-d arrays (`convolve`, `correlate`, `fftconvolve`,
//! `oaconvolve`, `convolve2d`, `correlate2d`, `choose_conv_method`), on the arrays' device.
//!
//! The direct method accumulates one shifted, scaled copy of `in1` per element of `in2`
//! (`prod(in2.shape)` elementwise passes over the output, exact for integers); the FFT method
//! multiplies real or complex FFTs of the zero-padded inputs (cuprum-fft: cuFFT on CUDA).

use crate::util::inexact;
use crate::util::{bad_argument_if, bad_shape_if, check_1d};
use cuprum_core::manip::PadMode;
use cuprum_core::{Array, ConvolveMode, DType, Error, Result, Scalar, SliceItem};
use cuprum_fft::Norm;

/// How [`convolve`] and [`correlate`] compute (SciPy's `method`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ConvMethod {
    /// [`choose_conv_method`]'s choice (the default)
    #[default]
    Auto,
    /// the sums of the definition (exact for integers)
    Direct,
    /// through FFTs ([`fftconvolve`])
    Fft,
}

impl ConvMethod {
    /// Parses `'auto'`, `'direct'`, `'fft'`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] (`method`) for another string.
    ///
    /// ```
    /// assert_eq!(cuprum_signal::ConvMethod::parse("fft").unwrap(), cuprum_signal::ConvMethod::Fft);
    /// ```
    pub fn parse(s: &str) -> Result<ConvMethod> {
        Ok(match s {
            "auto" => ConvMethod::Auto,
            "direct" => ConvMethod::Direct,
            "fft" => ConvMethod::Fft,
            _ => {
                return Err(Error::bad_argument(
                    "convolve",
                    "method",
                    format!("{s:?}"),
                    "one of 'auto', 'direct', 'fft'",
                ));
            }
        })
    }
}

/// The boundary of [`convolve2d`] and [`correlate2d`] (SciPy's `boundary`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Boundary {
    /// pad with `fillvalue` (`'fill'`, the default)
    #[default]
    Fill,
    /// circular (`'wrap'`)
    Wrap,
    /// mirror including the edge sample (`'symm'`)
    Symm,
}

impl Boundary {
    /// Parses `'fill'`/`'pad'`, `'wrap'`/`'circular'`, `'symm'`/`'symmetric'`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] (`boundary`) for another string.
    ///
    /// ```
    /// assert_eq!(cuprum_signal::Boundary::parse("symm").unwrap(), cuprum_signal::Boundary::Symm);
    /// ```
    pub fn parse(s: &str) -> Result<Boundary> {
        Ok(match s {
            "fill" | "pad" => Boundary::Fill,
            "wrap" | "circular" => Boundary::Wrap,
            "symm" | "symmetric" => Boundary::Symm,
            _ => {
                return Err(Error::bad_argument(
                    "convolve2d",
                    "boundary",
                    format!("{s:?}"),
                    "one of 'fill' (or 'pad'), 'circular' (or 'wrap'), 'symmetric' (or 'symm')",
                ));
            }
        })
    }
}

fn full_items(nd: usize) -> Vec<SliceItem> {
    vec![
        SliceItem::Slice {
            start: None,
            stop: None,
            step: 1
        };
        nd
    ]
}

/// Whether `valid` mode needs the inputs swapped (SciPy's `_inputs_swap_needed`).
fn swap_needed(
    op: &'static str,
    mode: ConvolveMode,
    s1: &[usize],
    s2: &[usize],
    axes: &[usize],
) -> Result<bool> {
    if mode != ConvolveMode::Valid {
        return Ok(false);
    }
    let ok1 = axes.iter().all(|&i| s1[i] >= s2[i]);
    let ok2 = axes.iter().all(|&i| s2[i] >= s1[i]);
    if !(ok1 || ok2) {
        return Err(Error::ShapeMismatch {
            op,
            lhs: s1.to_vec(),
            rhs: s2.to_vec(),
            detail: Some(
                "for 'valid' mode one must be at least as large as the other in every dimension"
                    .into(),
            ),
        });
    }
    Ok(!ok1)
}

/// The 'valid' convolution of `a` with `k` (same ndim, `k` no larger along any axis):
/// `out[i] = Σ_j k[j]·a[i + (m − 1) − j]`, output `a.shape − k.shape + 1`.
fn direct_valid(a: &Array, k: &Array, dt: DType) -> Result<Array> {
    let nd = a.ndim();
    let oshape: Vec<usize> = a
        .shape()
        .iter()
        .zip(k.shape())
        .map(|(n, m)| n - m + 1)
        .collect();
    let a = a.astype(dt)?;
    let k = k.astype(dt)?;
    let mut out = cuprum_core::zeros_on(&oshape[..], dt, a.device())?;
    let ks = k.shape().to_vec();
    let total: usize = ks.iter().product();
    let mut idx = cuprum_core::ext::try_vec_filled(nd, 0usize)?;
    for _ in 0..total {
        let mut ai = full_items(nd);
        let mut ki = full_items(nd);
        for d in 0..nd {
            let s = ks[d] - 1 - idx[d];
            ai[d] = SliceItem::Slice {
                start: Some(s as isize),
                stop: Some((s + oshape[d]) as isize),
                step: 1,
            };
            ki[d] = SliceItem::Slice {
                start: Some(idx[d] as isize),
                stop: Some(idx[d] as isize + 1),
                step: 1,
            };
        }
        let term = cuprum_core::multiply(&a.slice(&ai)?, &k.slice(&ki)?)?;
        out = cuprum_core::add(&out, &term)?;
        for d in (0..nd).rev() {
            idx[d] += 1;
            if idx[d] < ks[d] {
                break;
            }
            idx[d] = 0;
        }
    }
    if dt == DType::Bool {
        return Ok(out);
    }
    out.astype(dt)
}

/// The centred part of `full` of shape `shape` along `axes` (SciPy's `_centered`).
fn centered(full: &Array, shape: &[usize], axes: &[usize]) -> Result<Array> {
    let mut it = full_items(full.ndim());
    for &d in axes {
        let st = (full.shape()[d] - shape[d]) / 2;
        it[d] = SliceItem::Slice {
            start: Some(st as isize),
            stop: Some((st + shape[d]) as isize),
            step: 1,
        };
    }
    full.slice(&it)
}

fn check_same_ndim(op: &'static str, in1: &Array, in2: &Array) -> Result<()> {
    crate::util::same_ndim(op, ("in1", in1), ("in2", in2))?;
    crate::util::same_device(op, in1, in2)
}

/// The output shape of `mode` for convolving shapes `s1` and `s2` (after a swap) along `axes`.
fn mode_shape(
    mode: ConvolveMode,
    s1: &[usize],
    s2: &[usize],
    full: &[usize],
    axes: &[usize],
) -> Vec<usize> {
    let mut out = full.to_vec();
    for &d in axes {
        out[d] = match mode {
            ConvolveMode::Full => s1[d] + s2[d] - 1,
            ConvolveMode::Same => s1[d],
            ConvolveMode::Valid => s1[d] - s2[d] + 1,
        };
    }
    out
}

fn empty_result(in1: &Array, in2: &Array) -> Result<Array> {
    cuprum_core::zeros_on(
        &[0usize][..],
        DType::promote(in1.dtype(), in2.dtype()),
        in1.device(),
    )
}

fn direct(op: &'static str, in1: &Array, in2: &Array, mode: ConvolveMode) -> Result<Array> {
    let nd = in1.ndim();
    let axes: Vec<usize> = (0..nd).collect();
    let dt = DType::promote(in1.dtype(), in2.dtype());
    let swap = swap_needed(op, mode, in1.shape(), in2.shape(), &axes)?;
    let (a, k) = if swap { (in2, in1) } else { (in1, in2) };
    if mode == ConvolveMode::Valid {
        return direct_valid(a, k, dt);
    }
    let pw: Vec<(usize, usize)> = k.shape().iter().map(|&m| (m - 1, m - 1)).collect();
    let padded = cuprum_core::pad(&a.astype(dt)?, &pw, PadMode::Constant(Scalar::Int(0)))?;
    let full = direct_valid(&padded, k, dt)?;
    let shape = mode_shape(mode, a.shape(), k.shape(), full.shape(), &axes);
    centered(&full, &shape, &axes)?.copy()
}

/// The size-based choice of [`ConvMethod::Auto`]: direct for integer or boolean inputs (exact
/// sums, as SciPy), for kernels of at most 32 elements, and when the direct method's
/// multiply-adds (`prod(in1.shape)·prod(in2.shape)`) stay under 2²⁰; FFT otherwise
/// (`scipy.signal.choose_conv_method` without `measure`).
///
/// # Example
/// ```
/// use cuprum_core::{Array, ConvolveMode, Device};
/// use cuprum_signal::{ConvMethod, choose_conv_method};
/// let a = Array::from_vec_on(vec![1.0f64; 4], &[4], Device::Cpu).unwrap();
/// assert_eq!(choose_conv_method(&a, &a, ConvolveMode::Full), ConvMethod::Direct);
/// ```
pub fn choose_conv_method(in1: &Array, in2: &Array, mode: ConvolveMode) -> ConvMethod {
    let _ = mode;
    let dt = DType::promote(in1.dtype(), in2.dtype());
    let small = in1.size().min(in2.size());
    if !(dt.is_float() || dt.is_complex())
        || small <= 32
        || in1.size().saturating_mul(in2.size()) < (1 << 20)
    {
        ConvMethod::Direct
    } else {
        ConvMethod::Fft
    }
}

/// Convolves two n-d arrays (`scipy.signal.convolve`).
///
/// **Shapes**: `in1`, `in2` of the same ndim → `in1.shape + in2.shape − 1` (`Full`),
/// `in1.shape` (`Same`, centred on the full result), or `|in1.shape − in2.shape| + 1`
/// (`Valid`, where one input must be at least as large as the other along every axis; the
/// inputs are swapped when `in2` is the larger). An empty input gives an empty result.
///
/// **Dtypes**: the promoted dtype; integers stay integers (exact) with the direct method, the
/// FFT method gives the inexact dtype.
///
/// # Errors
/// [`Error::ShapeMismatch`] naming `convolve` for different ndims or the `Valid` size rule;
/// [`Error::DeviceMismatch`].
///
/// **Algorithm**: [`ConvMethod::Direct`]: one scaled, shifted pass of `in1` per element of
/// `in2`; [`ConvMethod::Fft`]: [`fftconvolve`]; `Auto`: [`choose_conv_method`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, ConvolveMode, Device};
/// use cuprum_signal::{ConvMethod, convolve};
/// let a = Array::from_vec_on(vec![1i32, 2, 3], &[3], Device::Cpu).unwrap();
/// let v = Array::from_vec_on(vec![0i32, 1, 2], &[3], Device::Cpu).unwrap();
/// let r = convolve(&a, &v, ConvolveMode::Full, ConvMethod::Direct).unwrap();
/// assert_eq!(r.to_vec::<i32>().unwrap(), vec![0, 1, 4, 7, 6]);
/// ```
pub fn convolve(in1: &Array, in2: &Array, mode: ConvolveMode, method: ConvMethod) -> Result<Array> {
    const OP: &str = "convolve";
    check_same_ndim(OP, in1, in2)?;
    if in1.size() == 0 || in2.size() == 0 {
        return empty_result(in1, in2);
    }
    if in1.ndim() == 0 {
        return cuprum_core::multiply(in1, in2);
    }
    let method = match method {
        ConvMethod::Auto => choose_conv_method(in1, in2, mode),
        m => m,
    };
    match method {
        ConvMethod::Fft => {
            let r = fft_conv(OP, in1, in2, mode, None)?;
            let dt = DType::promote(in1.dtype(), in2.dtype());
            if dt.is_integer() || dt.is_bool() {
                r.astype(inexact(dt))
            } else {
                Ok(r)
            }
        }
        _ => direct(OP, in1, in2, mode),
    }
}

/// `in` reversed along every axis and conjugated (SciPy's `_reverse_and_conj`).
fn reverse_conj(a: &Array) -> Result<Array> {
    let f = cuprum_core::flip(a, None)?;
    if a.dtype().is_complex() {
        cuprum_core::conj(&f)
    } else {
        Ok(f)
    }
}

/// Cross-correlates two n-d arrays (`scipy.signal.correlate`):
/// `z[k] = Σ_l in1[l]·conj(in2[l − k + N − 1])`.
///
/// **Shapes**, dtypes, errors and methods: as [`convolve`] (it is `convolve(in1,
/// reverse_and_conj(in2))`, which equals SciPy's result in every mode, swaps included).
///
/// # Errors
/// As [`convolve`].
///
/// **Algorithm**: [`convolve`] of `in1` with `in2` reversed along every axis and conjugated.
///
/// # Example
/// ```
/// use cuprum_core::{Array, ConvolveMode, Device};
/// use cuprum_signal::{ConvMethod, correlate};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let v = Array::from_vec_on(vec![0.0f64, 1.0, 0.5], &[3], Device::Cpu).unwrap();
/// let r = correlate(&a, &v, ConvolveMode::Same, ConvMethod::Direct).unwrap();
/// assert_eq!(r.to_vec::<f64>().unwrap(), vec![2.0, 3.5, 3.0]);
/// ```
pub fn correlate(
    in1: &Array,
    in2: &Array,
    mode: ConvolveMode,
    method: ConvMethod,
) -> Result<Array> {
    check_same_ndim("correlate", in1, in2)?;
    convolve(in1, &reverse_conj(in2)?, mode, method)
}

fn fft_conv(
    op: &'static str,
    in1: &Array,
    in2: &Array,
    mode: ConvolveMode,
    axes: Option<&[isize]>,
) -> Result<Array> {
    check_same_ndim(op, in1, in2)?;
    let nd = in1.ndim();
    let mut ax: Vec<usize> = match axes {
        None => (0..nd).collect(),
        Some(a) => a
            .iter()
            .map(|&x| crate::util::axis_of(op, x, nd))
            .collect::<Result<Vec<_>>>()?,
    };
    ax.sort_unstable();
    ax.dedup();
    // axes of length 1 in either input are broadcast, not convolved (SciPy's _init_freq_conv_axes)
    ax.retain(|&d| in1.shape()[d] != 1 && in2.shape()[d] != 1);
    for d in 0..nd {
        if !ax.contains(&d)
            && in1.shape()[d] != in2.shape()[d]
            && in1.shape()[d] != 1
            && in2.shape()[d] != 1
        {
            return Err(Error::ShapeMismatch {
                op,
                lhs: in1.shape().to_vec(),
                rhs: in2.shape().to_vec(),
                detail: Some(format!(
                    "incompatible lengths along axis {d}, which is not convolved"
                )),
            });
        }
    }
    if ax.is_empty() {
        let dt = inexact(DType::promote(in1.dtype(), in2.dtype()));
        return cuprum_core::multiply(&in1.astype(dt)?, &in2.astype(dt)?);
    }
    let swap = swap_needed(op, mode, in1.shape(), in2.shape(), &ax)?;
    let (a, b) = if swap { (in2, in1) } else { (in1, in2) };
    if a.size() == 0 || b.size() == 0 {
        return empty_result(a, b);
    }
    let dt = inexact(DType::promote(a.dtype(), b.dtype()));
    let complex = dt.is_complex();
    let full: Vec<usize> = ax
        .iter()
        .map(|&d| a.shape()[d] + b.shape()[d] - 1)
        .collect();
    let fshape: Vec<usize> = full
        .iter()
        .map(|&n| cuprum_fft::next_fast_len(n, !complex))
        .collect::<Result<Vec<_>>>()?;
    let axi: Vec<isize> = ax.iter().map(|&d| d as isize).collect();
    let (a, b) = (a.astype(dt)?, b.astype(dt)?);
    type Fft = fn(&Array, Option<&[usize]>, Option<&[isize]>, Norm) -> Result<Array>;
    let (fwd, inv): (Fft, Fft) = if complex {
        (cuprum_fft::fftn, cuprum_fft::ifftn)
    } else {
        (cuprum_fft::rfftn, cuprum_fft::irfftn)
    };
    let (s, ax_i) = (Some(&fshape[..]), Some(&axi[..]));
    let fa = fwd(&a, s, ax_i, Norm::Backward)?;
    let fb = fwd(&b, s, ax_i, Norm::Backward)?;
    let ret = inv(&cuprum_core::multiply(&fa, &fb)?, s, ax_i, Norm::Backward)?;
    let mut it = full_items(nd);
    for (i, &d) in ax.iter().enumerate() {
        it[d] = SliceItem::Slice {
            start: Some(0),
            stop: Some(full[i] as isize),
            step: 1,
        };
    }
    let ret = ret.slice(&it)?;
    let shape = mode_shape(mode, a.shape(), b.shape(), ret.shape(), &ax);
    centered(&ret, &shape, &ax)?.astype(dt)
}

/// Convolves two n-d arrays through FFTs, along `axes` (default all)
/// (`scipy.signal.fftconvolve`).
///
/// **Shapes**: as [`convolve`] along `axes`; along the other axes the inputs broadcast (equal
/// lengths or 1). **Dtypes**: the promoted inexact dtype (float32 stays float32, integers →
/// float64).
///
/// # Errors
/// [`Error::ShapeMismatch`] naming `fftconvolve` for different ndims, incompatible
/// non-convolved axes, or the `Valid` size rule; [`Error::AxisOutOfBounds`].
///
/// **Algorithm**: `irfftn(rfftn(in1)·rfftn(in2))` over `next_fast_len` sizes (complex FFTs for
/// complex inputs), then the mode's centred slice; cuFFT on CUDA.
///
/// # Example
/// ```
/// use cuprum_core::{Array, ConvolveMode, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let v = Array::from_vec_on(vec![0.0f64, 1.0, 0.5], &[3], Device::Cpu).unwrap();
/// let r = cuprum_signal::fftconvolve(&a, &v, ConvolveMode::Full, None).unwrap().to_vec::<f64>().unwrap();
/// let want = [0.0, 1.0, 2.5, 4.0, 1.5];
/// assert!(r.iter().zip(want).all(|(x, y)| (x - y).abs() < 1e-12));
/// ```
pub fn fftconvolve(
    in1: &Array,
    in2: &Array,
    mode: ConvolveMode,
    axes: Option<&[isize]>,
) -> Result<Array> {
    if in1.ndim() == 0 && in2.ndim() == 0 {
        return cuprum_core::multiply(in1, in2);
    }
    fft_conv("fftconvolve", in1, in2, mode, axes)
}

/// Convolves two n-d arrays by the overlap-add method (`scipy.signal.oaconvolve`); the same
/// result as [`fftconvolve`].
///
/// **Shapes**, dtypes and errors: as [`fftconvolve`].
///
/// # Errors
/// As [`fftconvolve`].
///
/// **Algorithm**: one FFT product over the whole padded extent ([`fftconvolve`]'s), which
/// gives overlap-add's result.
///
/// # Example
/// ```
/// use cuprum_core::{Array, ConvolveMode, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0], &[2], Device::Cpu).unwrap();
/// let r = cuprum_signal::oaconvolve(&a, &a, ConvolveMode::Full, None).unwrap();
/// assert_eq!(r.shape(), &[3]);
/// ```
pub fn oaconvolve(
    in1: &Array,
    in2: &Array,
    mode: ConvolveMode,
    axes: Option<&[isize]>,
) -> Result<Array> {
    fft_conv("oaconvolve", in1, in2, mode, axes)
}

/// `a` extended by `(m − 1)` per axis at both ends with the boundary rule.
fn boundary_pad(a: &Array, m: &[usize], boundary: Boundary, fill: Scalar) -> Result<Array> {
    let pw: Vec<(usize, usize)> = m.iter().map(|&k| (k - 1, k - 1)).collect();
    match boundary {
        Boundary::Fill => cuprum_core::pad(a, &pw, PadMode::Constant(fill)),
        Boundary::Symm => cuprum_core::pad(a, &pw, PadMode::Symmetric),
        Boundary::Wrap => {
            let mut out = a.clone();
            for (d, &(p, _)) in pw.iter().enumerate() {
                if p == 0 {
                    continue;
                }
                let n = out.shape()[d];
                let reps = 1 + 2 * p.div_ceil(n);
                let mut r = cuprum_core::ext::try_vec_filled(out.ndim(), 1usize)?;
                r[d] = reps;
                let t = cuprum_core::tile(&out, &r[..])?;
                let start = (reps / 2) * n - p;
                out = crate::util::axis_slice(
                    &t,
                    d,
                    start as isize,
                    Some((start + n + 2 * p) as isize),
                )?;
            }
            Ok(out)
        }
    }
}

fn conv2d(
    op: &'static str,
    in1: &Array,
    in2: &Array,
    mode: ConvolveMode,
    boundary: Boundary,
    fillvalue: Scalar,
) -> Result<Array> {
    bad_shape_if(in1.ndim() != 2, op, "in1", in1.shape(), "a 2-D array")?;
    bad_shape_if(in2.ndim() != 2, op, "in2", in2.shape(), "a 2-D array")?;
    crate::util::same_device(op, in1, in2)?;
    if in1.size() == 0 || in2.size() == 0 {
        return empty_result(in1, in2);
    }
    let axes = [0usize, 1];
    let dt = DType::promote(in1.dtype(), in2.dtype());
    let swap = swap_needed(op, mode, in1.shape(), in2.shape(), &axes)?;
    let (a, k) = if swap { (in2, in1) } else { (in1, in2) };
    if mode == ConvolveMode::Valid {
        return direct_valid(a, k, dt);
    }
    let padded = boundary_pad(&a.astype(dt)?, k.shape(), boundary, fillvalue)?;
    let full = direct_valid(&padded, k, dt)?;
    let shape = mode_shape(mode, a.shape(), k.shape(), full.shape(), &axes);
    centered(&full, &shape, &axes)?.copy()
}

/// Convolves two 2-D arrays with a boundary rule (`scipy.signal.convolve2d`).
///
/// **Shapes**: 2-D `in1`, `in2` → as [`convolve`] (`Same`: `in1`'s shape). The input is
/// extended beyond its edges by `boundary`: `fillvalue` (`Fill`), circularly (`Wrap`) or
/// mirrored including the edge sample (`Symm`). **Dtypes**: the promoted dtype.
///
/// # Errors
/// [`Error::BadShape`] naming `convolve2d` for non-2-D inputs; [`Error::ShapeMismatch`] for
/// the `Valid` size rule.
///
/// **Algorithm**: the padded input's valid convolution, one scaled shifted pass per element of
/// `in2`, on the arrays' device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, ConvolveMode, Device, Scalar};
/// use cuprum_signal::{Boundary, convolve2d};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let k = Array::from_vec_on(vec![1.0f64], &[1, 1], Device::Cpu).unwrap();
/// let r = convolve2d(&a, &k, ConvolveMode::Same, Boundary::Fill, Scalar::Float(0.0)).unwrap();
/// assert_eq!(r.to_vec::<f64>().unwrap(), vec![1.0, 2.0, 3.0, 4.0]);
/// ```
pub fn convolve2d(
    in1: &Array,
    in2: &Array,
    mode: ConvolveMode,
    boundary: Boundary,
    fillvalue: Scalar,
) -> Result<Array> {
    conv2d("convolve2d", in1, in2, mode, boundary, fillvalue)
}

/// Cross-correlates two 2-D arrays with a boundary rule (`scipy.signal.correlate2d`).
///
/// **Shapes**, boundary and dtypes: as [`convolve2d`] with `in2` reversed and conjugated.
///
/// # Errors
/// As [`convolve2d`], naming `correlate2d`.
///
/// **Algorithm**: [`convolve2d`] with the reversed, conjugated `in2`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, ConvolveMode, Device, Scalar};
/// use cuprum_signal::{Boundary, correlate2d};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let r = correlate2d(&a, &a, ConvolveMode::Valid, Boundary::Fill, Scalar::Float(0.0)).unwrap();
/// assert_eq!(r.to_vec::<f64>().unwrap(), vec![30.0]);
/// ```
pub fn correlate2d(
    in1: &Array,
    in2: &Array,
    mode: ConvolveMode,
    boundary: Boundary,
    fillvalue: Scalar,
) -> Result<Array> {
    if in2.ndim() != 2 {
        return conv2d("correlate2d", in1, in2, mode, boundary, fillvalue);
    }
    // SciPy's correlate2d swaps for 'valid' and then reverses (without conjugating) the result
    let swap = swap_needed("correlate2d", mode, in1.shape(), in2.shape(), &[0, 1])?;
    if swap {
        let r = conv2d(
            "correlate2d",
            in2,
            &reverse_conj(in1)?,
            mode,
            boundary,
            fillvalue,
        )?;
        return cuprum_core::flip(&r, None)?.copy();
    }
    conv2d(
        "correlate2d",
        in1,
        &reverse_conj(in2)?,
        mode,
        boundary,
        fillvalue,
    )
}

/// Deconvolves `divisor` out of `signal` by polynomial division (`scipy.signal.deconvolve`):
/// `signal = convolve(divisor, quotient) + remainder`.
///
/// **Shapes**: 1-D `signal` (n), 1-D `divisor` (m, `divisor[0] != 0`) → `quotient`
/// `(n − m + 1,)` (empty... as SciPy: `[]` when `n < m`) and `remainder` `(n,)`, in the
/// promoted inexact dtype on `signal`'s device.
///
/// # Errors
/// [`Error::BadShape`] naming `deconvolve` for non-1-D input or an empty divisor;
/// [`Error::BadArgument`] (from [`lfilter`](crate::lfilter), naming `a`) for
/// `divisor[0] == 0`.
///
/// **Algorithm**: SciPy's: the quotient is [`lfilter`](crate::lfilter) of an impulse through
/// `1/divisor` (the recursive engine), the remainder `signal − convolve(divisor, quotient)`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let s = Array::from_vec_on(vec![0.0f64, 1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0], &[8], Device::Cpu).unwrap();
/// let d = Array::from_vec_on(vec![2.0f64, 1.0, 0.0, 1.0, -1.0, 1.0], &[6], Device::Cpu).unwrap();
/// let (q, r) = cuprum_signal::deconvolve(&s, &d).unwrap();
/// assert_eq!(q.to_vec::<f64>().unwrap(), vec![0.0, 0.5, -0.25]);
/// assert_eq!(r.shape(), &[8]);
/// ```
pub fn deconvolve(signal: &Array, divisor: &Array) -> Result<(Array, Array)> {
    const OP: &str = "deconvolve";
    check_1d(OP, "signal", signal)?;
    check_1d(OP, "divisor", divisor)?;
    bad_shape_if(
        divisor.size() == 0,
        OP,
        "divisor",
        &[0],
        "at least 1 element",
    )?;
    crate::util::same_device(OP, signal, divisor)?;
    let dt = inexact(DType::promote(signal.dtype(), divisor.dtype()));
    let (n, m) = (signal.size(), divisor.size());
    if n < m {
        let q = cuprum_core::zeros_on(&[0usize][..], dt, signal.device())?;
        return Ok((q, signal.astype(dt)?));
    }
    let nq = n - m + 1;
    let mut imp = cuprum_core::ext::try_vec_filled(nq, 0.0)?;
    imp[0] = 1.0;
    let imp = crate::util::upload(imp, signal.device())?.astype(dt)?;
    let q = crate::lfilter(&signal.astype(dt)?, &divisor.astype(dt)?, &imp, -1)?;
    let r = cuprum_core::subtract(
        &signal.astype(dt)?,
        &convolve(divisor, &q, ConvolveMode::Full, ConvMethod::Auto)?,
    )?;
    Ok((q, r.astype(dt)?))
}

/// The lag index of each element of a 1-D cross-correlation of inputs of lengths `in1_len`
/// and `in2_len` (`scipy.signal.correlation_lags`).
///
/// **Shapes**: → int64 `(in1_len + in2_len − 1,)` (`Full`), `(in1_len,)` (`Same`) or
/// `(|in1_len − in2_len| + 1,)` (`Valid`), on the current device.
///
/// # Errors
/// [`Error::BadArgument`] naming `correlation_lags` and the length for a zero length.
///
/// **Algorithm**: SciPy's index ranges, one `arange` on the device.
///
/// # Example
/// ```
/// use cuprum_core::ConvolveMode;
/// let l = cuprum_signal::correlation_lags(3, 2, ConvolveMode::Full).unwrap();
/// assert_eq!(l.to_vec::<i64>().unwrap(), vec![-1, 0, 1, 2]);
/// ```
pub fn correlation_lags(in1_len: usize, in2_len: usize, mode: ConvolveMode) -> Result<Array> {
    bad_argument_if(
        in1_len == 0,
        "correlation_lags",
        "in1_len",
        0,
        "a positive length",
    )?;
    bad_argument_if(
        in2_len == 0,
        "correlation_lags",
        "in2_len",
        0,
        "a positive length",
    )?;
    let (n1, n2) = (in1_len as i64, in2_len as i64);
    let (start, stop) = match mode {
        ConvolveMode::Full => (-n2 + 1, n1),
        ConvolveMode::Same => {
            let (lo, total) = (-n2 + 1, n1 + n2 - 1);
            let mid = total / 2;
            let bound = n1 / 2;
            let (a, b) = if n1 % 2 == 0 {
                (mid - bound, mid + bound)
            } else {
                (mid - bound, mid + bound + 1)
            };
            (lo + a, lo + b)
        }
        ConvolveMode::Valid => {
            let bound = n1 - n2;
            if bound >= 0 {
                (0, bound + 1)
            } else {
                (bound, 1)
            }
        }
    };
    cuprum_core::arange_on(start, stop, 1i64, None, cuprum_core::current_device())
}
