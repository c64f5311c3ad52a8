//! Linear filters: `correlate`/`convolve` (n-d and 1-d), `uniform_filter`, the Gaussian family,
//! `sobel`, `prewitt`, `laplace`, all on the tap engine (`engine.rs`).

use crate::engine::{Taps, correlate_taps, quantize_dev, to_f64};
use crate::mode::Mode;
use crate::support::{
    bounded, check_origin, check_real, expand_dims_for_axes, expand_origin, expand_per_axis,
    filter_axes, host_f64, norm_axis, origins,
};
use cuprum_core::{Array, DType, Error, Result};

/// The arguments SciPy's filters share: `mode`, `cval`, `origin` and the `output` dtype.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct FilterOptions {
    /// boundary mode (default [`Mode::Reflect`])
    pub mode: Mode,
    /// the value outside the input for [`Mode::Constant`] (default 0)
    pub cval: f64,
    /// the window's shift per axis (empty: 0; one value: every axis)
    pub origin: Vec<isize>,
    /// the output dtype (default: the input's)
    pub output: Option<DType>,
    /// the filtered axes (SciPy's `axes`; empty: every axis). With axes, `size`, `origin`
    /// and per-axis values have one entry per filtered axis, and a footprint or weights array
    /// one dimension per filtered axis.
    pub axes: Vec<isize>,
}

impl FilterOptions {
    /// Options with `mode` set.
    pub fn with_mode(mode: Mode) -> Self {
        FilterOptions {
            mode,
            ..Self::default()
        }
    }
}

fn out_dtype(input: &Array, o: Option<DType>) -> DType {
    o.unwrap_or(input.dtype())
}

/// Multi-dimensional correlation of `input` with `weights` (`scipy.ndimage.correlate`).
///
/// **Shapes**: `weights.ndim() == input.ndim()`; the result has `input`'s shape and dtype (or
/// `opts.output`), on `input`'s device.
///
/// Output element `i` is `sum_k weights[k] * input[i + k - weights.shape / 2 - origin]`, the
/// input extended beyond its edges by `opts.mode`. Computed in `f64` and cast to the output
/// dtype (truncation toward zero for integers, as SciPy).
///
/// # Errors
/// [`Error::BadShape`] for weights of another rank or with an empty axis;
/// [`Error::BadArgument`] for an origin outside `-(w / 2) ..= (w - 1) / 2`; [`Error::DType`]
/// for complex input.
///
/// # Algorithm
/// One pass over the output; each element sums the non-zero taps, each axis's index mapped by
/// the mode through a per-axis table (CPU: rayon over rows; CUDA: one thread per element).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, correlate};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let w = Array::from_vec_on(vec![1.0f64, 1.0, 1.0], &[3], Device::Cpu).unwrap();
/// let y = correlate(&x, &w, &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![4.0, 6.0, 9.0, 11.0]);
/// ```
pub fn correlate(input: &Array, weights: &Array, opts: &FilterOptions) -> Result<Array> {
    correlate_or_convolve("ndimage.correlate", input, weights, opts, false)
}

/// Multi-dimensional convolution (`scipy.ndimage.convolve`): [`correlate`] with the weights
/// flipped along every axis and each origin negated (less one along an even-length axis).
///
/// **Shapes**, **Errors**, **Algorithm**: as [`correlate`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, convolve};
/// let x = Array::from_vec_on(vec![0.0f64, 1.0, 0.0, 0.0], &[4], Device::Cpu).unwrap();
/// let w = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let y = convolve(&x, &w, &FilterOptions::with_mode(cuprum_ndimage::Mode::Constant)).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0, 2.0, 3.0, 0.0]);
/// ```
pub fn convolve(input: &Array, weights: &Array, opts: &FilterOptions) -> Result<Array> {
    correlate_or_convolve("ndimage.convolve", input, weights, opts, true)
}

fn correlate_or_convolve(
    op: &'static str,
    input: &Array,
    weights: &Array,
    opts: &FilterOptions,
    flip: bool,
) -> Result<Array> {
    check_real(op, input)?;
    check_real(op, weights)?;
    let nd = input.ndim();
    if let Some(ax) = filter_axes(op, &opts.axes, nd)? {
        let w = expand_dims_for_axes(op, "weights", weights, &ax, nd)?;
        let o = FilterOptions {
            origin: expand_origin(op, &opts.origin, Some(&ax), nd)?,
            axes: Vec::new(),
            ..opts.clone()
        };
        return correlate_or_convolve(op, input, &w, &o, flip);
    }
    crate::support::check_rank(op, "weights", weights, nd)?;
    let wshape = weights.shape().to_vec();
    if wshape.contains(&0) {
        return Err(Error::bad_shape(
            op,
            "weights",
            &wshape,
            "no empty axis (at least one filter weight)",
        ));
    }
    let mut w = host_f64(weights)?;
    let mut org = origins(op, &opts.origin, nd)?;
    if flip {
        w.reverse();
        for d in 0..nd {
            org[d] = -org[d];
            if wshape[d].is_multiple_of(2) {
                org[d] -= 1;
            }
        }
    }
    for d in 0..nd {
        check_origin(op, org[d], wshape[d])?;
    }
    let taps = Taps::from_dense(&wshape, &w, &org, true);
    let x = to_f64(input)?;
    let y = correlate_taps(&x, &taps, opts.mode, opts.cval)?;
    y.astype(out_dtype(input, opts.output))
}

/// One-dimensional correlation along `axis` (`scipy.ndimage.correlate1d`).
///
/// **Shapes**: `weights` 1-d and non-empty; the result has `input`'s shape.
///
/// # Errors
/// As [`correlate`]; [`Error::AxisOutOfBounds`] for a bad axis.
///
/// # Algorithm
/// The tap engine with taps along one axis. CPU: each line extended once by the mode, then one
/// multiply-add over the line per tap. CUDA: tiles of the line (of 32 neighbouring lines along
/// the last axis for another axis, so that loads are coalesced) staged with their halo in
/// shared memory, the mode resolved while loading; weights too long for a 48 KiB tile run on
/// the stencil kernel (one thread per output).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, correlate1d};
/// let x = Array::from_vec_on(vec![2.0f64, 8.0, 0.0, 4.0, 1.0, 9.0, 9.0, 0.0], &[8], Device::Cpu).unwrap();
/// let w = Array::from_vec_on(vec![1.0f64, 3.0], &[2], Device::Cpu).unwrap();
/// let y = correlate1d(&x, &w, -1, &FilterOptions::default()).unwrap();
/// // scipy.ndimage.correlate1d([2, 8, 0, 4, 1, 9, 9, 0], weights=[1, 3])
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![8.0, 26.0, 8.0, 12.0, 7.0, 28.0, 36.0, 9.0]);
/// ```
pub fn correlate1d(
    input: &Array,
    weights: &Array,
    axis: isize,
    opts: &FilterOptions,
) -> Result<Array> {
    one_d("ndimage.correlate1d", input, weights, axis, opts, false)
}

/// One-dimensional convolution along `axis` (`scipy.ndimage.convolve1d`).
///
/// **Shapes**, **Errors**: as [`correlate1d`].
///
/// # Algorithm
/// [`correlate1d`] with the weights reversed and the origin negated (less one for an even
/// length).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, convolve1d};
/// let x = Array::from_vec_on(vec![2.0f64, 8.0, 0.0, 4.0, 1.0, 9.0, 9.0, 0.0], &[8], Device::Cpu).unwrap();
/// let w = Array::from_vec_on(vec![1.0f64, 3.0], &[2], Device::Cpu).unwrap();
/// let y = convolve1d(&x, &w, -1, &FilterOptions::default()).unwrap();
/// // scipy.ndimage.convolve1d([2, 8, 0, 4, 1, 9, 9, 0], weights=[1, 3])
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![14.0, 24.0, 4.0, 13.0, 12.0, 36.0, 27.0, 0.0]);
/// ```
pub fn convolve1d(
    input: &Array,
    weights: &Array,
    axis: isize,
    opts: &FilterOptions,
) -> Result<Array> {
    one_d("ndimage.convolve1d", input, weights, axis, opts, true)
}

fn one_d(
    op: &'static str,
    input: &Array,
    weights: &Array,
    axis: isize,
    opts: &FilterOptions,
    flip: bool,
) -> Result<Array> {
    check_real(op, input)?;
    check_real(op, weights)?;
    if weights.ndim() != 1 || weights.size() == 0 {
        return Err(Error::bad_shape(
            op,
            "weights",
            weights.shape(),
            "a non-empty 1-d array",
        ));
    }
    let mut w = host_f64(weights)?;
    let mut origin = single_origin(op, &opts.origin)?;
    if flip {
        w.reverse();
        origin = -origin;
        if w.len().is_multiple_of(2) {
            origin -= 1;
        }
    }
    let x = to_f64(input)?;
    let y = pass_1d(op, &x, &w, axis, origin, opts.mode, opts.cval)?;
    y.astype(out_dtype(input, opts.output))
}

fn single_origin(op: &'static str, origin: &[isize]) -> Result<i64> {
    match origin {
        [] => Ok(0),
        [o] => Ok(*o as i64),
        _ => Err(Error::bad_argument(
            op,
            "origin",
            format!("{origin:?}"),
            "one integer",
        )),
    }
}

/// One 1-d correlation pass of `f64` data.
pub(crate) fn pass_1d(
    op: &'static str,
    x: &Array,
    w: &[f64],
    axis: isize,
    origin: i64,
    mode: Mode,
    cval: f64,
) -> Result<Array> {
    let nd = x.ndim().max(1);
    let ax = norm_axis(op, axis, nd)?;
    check_origin(op, origin, w.len())?;
    if x.ndim() == 0 {
        let x1 = x.reshape(vec![1usize])?;
        let t = Taps::along(1, 0, w, origin);
        return correlate_taps(&x1, &t, mode, cval)?.reshape(Vec::<usize>::new());
    }
    let t = Taps::along(nd, ax, w, origin);
    correlate_taps(x, &t, mode, cval)
}

/// Passes of 1-d `weights[i]` along `axes[i]` in turn, each result rounded through `dtype`
/// as SciPy's passes write into the output array; the result is cast to `dtype`.
fn separable(
    op: &'static str,
    input: &Array,
    passes: &[(usize, Vec<f64>, i64)],
    mode: Mode,
    cval: f64,
    dtype: DType,
) -> Result<Array> {
    separable_div(op, input, passes, &[], mode, cval, dtype)
}

/// [`separable`] with each pass's sum divided by `divs[i]` (absent: 1) before it is rounded
/// through `dtype`.
fn separable_div(
    op: &'static str,
    input: &Array,
    passes: &[(usize, Vec<f64>, i64)],
    divs: &[f64],
    mode: Mode,
    cval: f64,
    dtype: DType,
) -> Result<Array> {
    let mut x = to_f64(input)?;
    if passes.is_empty() {
        return x.astype(dtype);
    }
    for (i, (ax, w, o)) in passes.iter().enumerate() {
        x = pass_1d(op, &x, w, *ax as isize, *o, mode, cval)?;
        if let Some(&dv) = divs.get(i).filter(|&&dv| dv != 1.0) {
            x = cuprum_core::divide(&x, dv)?;
        }
        if i + 1 < passes.len() {
            x = quantize_dev(&x, dtype)?;
        }
    }
    x.astype(dtype)
}

/// The taps and divisor of a box of `size` for output `dtype`: weights `1 / size` for a float
/// output; for an integer output, weights 1 and the sum divided by `size` afterwards, as SciPy's
/// running sum does, so that a mean that is an integer stays that integer (cupy#8401:
/// `(0 + 1 + 5) / 3` is 2, while `0/3 + 1/3 + 5/3` is 1.999... and truncates to 1).
fn box_taps(size: usize, dtype: DType) -> Result<(Vec<f64>, f64)> {
    if dtype.is_float() || dtype.is_complex() {
        Ok((
            cuprum_core::ext::try_vec_filled(size, 1.0 / size as f64)?,
            1.0,
        ))
    } else {
        Ok((cuprum_core::ext::try_vec_filled(size, 1.0)?, size as f64))
    }
}

/// A 1-d uniform (box) filter of length `size` along `axis` (`scipy.ndimage.uniform_filter1d`).
///
/// **Shapes**: the result has `input`'s shape and dtype (or `opts.output`).
///
/// # Errors
/// [`Error::BadArgument`] for `size == 0` or a bad origin.
///
/// # Algorithm
/// A correlation with `size` weights `1 / size` (an integer output: the window's sum divided
/// by `size`, exact as SciPy's, cupy#8401); an even size covers
/// `x[j - size / 2 ..= j + size / 2 - 1]`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, uniform_filter1d};
/// let x = Array::from_vec_on(vec![2.0f64, 8.0, 0.0, 4.0], &[4], Device::Cpu).unwrap();
/// let y = uniform_filter1d(&x, 2, -1, &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![2.0, 5.0, 4.0, 2.0]);
/// ```
pub fn uniform_filter1d(
    input: &Array,
    size: usize,
    axis: isize,
    opts: &FilterOptions,
) -> Result<Array> {
    let op = "ndimage.uniform_filter1d";
    check_real(op, input)?;
    if size == 0 {
        return Err(Error::bad_argument(op, "size", 0, "at least 1"));
    }
    let o = single_origin(op, &opts.origin)?;
    let ax = norm_axis(op, axis, input.ndim().max(1))?;
    let dtype = out_dtype(input, opts.output);
    let (w, div) = box_taps(size, dtype)?;
    separable_div(
        op,
        input,
        &[(ax, w, o)],
        &[div],
        opts.mode,
        opts.cval,
        dtype,
    )
}

/// A multi-dimensional uniform filter (`scipy.ndimage.uniform_filter`): [`uniform_filter1d`]
/// along each axis with `size[axis]` (one value: every axis); axes of size 1 are skipped.
///
/// **Shapes**, **Errors**, **Algorithm**: as [`uniform_filter1d`], one separable pass per axis.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, uniform_filter};
/// let x = Array::from_vec_on(vec![0.0f64, 0.0, 9.0, 0.0], &[2, 2], Device::Cpu).unwrap();
/// let y = uniform_filter(&x, &[3], &FilterOptions::default()).unwrap();
/// // scipy.ndimage.uniform_filter([[0, 0], [9, 0]], 3)
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![2.0, 1.0, 4.0, 2.0]);
/// ```
pub fn uniform_filter(input: &Array, size: &[usize], opts: &FilterOptions) -> Result<Array> {
    let op = "ndimage.uniform_filter";
    check_real(op, input)?;
    let nd = input.ndim();
    let ax = filter_axes(op, &opts.axes, nd)?;
    let sizes = expand_per_axis(op, "size", size, ax.as_deref(), nd, 1)?;
    let org = origins(op, &expand_origin(op, &opts.origin, ax.as_deref(), nd)?, nd)?;
    let dtype = out_dtype(input, opts.output);
    let mut passes = Vec::new();
    let mut divs = Vec::new();
    for d in 0..nd {
        if sizes[d] == 0 {
            return Err(Error::bad_argument(
                op,
                "size",
                format!("{sizes:?}"),
                "positive sizes",
            ));
        }
        if sizes[d] > 1 {
            let (taps, div) = box_taps(sizes[d], dtype)?;
            passes.push((d, taps, org[d]));
            divs.push(div);
        }
    }
    separable_div(op, input, &passes, &divs, opts.mode, opts.cval, dtype)
}

/// The options of the Gaussian filters.
#[derive(Clone, Debug, PartialEq)]
pub struct GaussianOptions {
    /// derivative order per axis (0: smoothing; empty: 0 everywhere; one value: every axis)
    pub order: Vec<usize>,
    /// boundary mode (default [`Mode::Reflect`])
    pub mode: Mode,
    /// value outside the input for the constant mode
    pub cval: f64,
    /// the kernel radius is `int(truncate * sigma + 0.5)` (default 4)
    pub truncate: f64,
    /// an explicit kernel radius per axis, overriding `truncate` (empty: none)
    pub radius: Vec<usize>,
    /// output dtype (default: the input's)
    pub output: Option<DType>,
    /// the filtered axes (SciPy's `axes`; empty: every axis); `sigma`, `order` and `radius`
    /// then have one value or one per filtered axis
    pub axes: Vec<isize>,
}

impl Default for GaussianOptions {
    fn default() -> Self {
        GaussianOptions {
            order: Vec::new(),
            mode: Mode::Reflect,
            cval: 0.0,
            truncate: 4.0,
            radius: Vec::new(),
            output: None,
            axes: Vec::new(),
        }
    }
}

/// The highest Gaussian derivative order: the kernel's polynomial takes order² steps (SciPy's
/// takes order³ and has no limit, so its larger orders never finish either).
const MAX_GAUSSIAN_ORDER: usize = 4096;

/// SciPy's `_gaussian_kernel1d(sigma, order, radius)`, reversed for a correlation.
pub(crate) fn gaussian_kernel(sigma: f64, order: usize, radius: usize) -> Vec<f64> {
    let r = radius as i64;
    let s2 = sigma * sigma;
    let xs: Vec<f64> = (-r..=r).map(|x| x as f64).collect();
    let mut phi: Vec<f64> = xs.iter().map(|x| (-0.5 / s2 * x * x).exp()).collect();
    let sum: f64 = phi.iter().sum();
    phi.iter_mut().for_each(|p| *p /= sum);
    if order > 0 {
        // q(x) polynomial coefficients; q' + q * p' with p'(x) = -x / sigma^2
        let mut q = bounded(order + 1, 0.0f64);
        q[0] = 1.0;
        for _ in 0..order {
            let mut nq = bounded(order + 1, 0.0f64);
            for (k, &c) in q.iter().enumerate() {
                if k >= 1 {
                    nq[k - 1] += k as f64 * c;
                }
                if k < order {
                    nq[k + 1] += -c / s2;
                }
            }
            q = nq;
        }
        for (p, &x) in phi.iter_mut().zip(&xs) {
            let mut v = 0.0;
            let mut xp = 1.0;
            for &c in &q {
                v += c * xp;
                xp *= x;
            }
            *p *= v;
        }
    }
    phi.reverse();
    phi
}

fn gaussian_weights(
    op: &'static str,
    sigma: f64,
    order: usize,
    truncate: f64,
    radius: Option<usize>,
) -> Result<Vec<f64>> {
    let lw = match radius {
        Some(r) => r as f64,
        None => (truncate * sigma + 0.5).trunc(),
    };
    // 2 * radius + 1 taps, a few host buffers of them: the radius must leave them in memory
    let fits = lw <= (isize::MAX / 64) as f64
        && cuprum_core::ext::check_host_bytes((lw as usize).saturating_mul(64)).is_ok();
    if order > MAX_GAUSSIAN_ORDER {
        return Err(Error::bad_argument(
            op,
            "order",
            order,
            format!("0 to {MAX_GAUSSIAN_ORDER} (the derivative's polynomial takes order² steps)"),
        ));
    }
    if lw.is_nan() || lw < 0.0 || !sigma.is_finite() || !fits {
        return Err(match radius {
            Some(r) if sigma.is_finite() => Error::bad_argument(
                op,
                "radius",
                r,
                "a radius whose 2 * radius + 1 taps fit in memory",
            ),
            None if !truncate.is_finite() => {
                Error::out_of_domain(op, "truncate", truncate, "finite values")
            }
            _ => Error::out_of_domain(
                op,
                "sigma",
                sigma,
                format!(
                    "finite values whose radius int(truncate * sigma + 0.5) (here {lw}, \
                     truncate = {truncate}) is non-negative and whose taps fit in memory"
                ),
            ),
        });
    }
    Ok(gaussian_kernel(sigma, order, lw as usize))
}

/// A 1-d Gaussian filter (or a derivative of one) along `axis`
/// (`scipy.ndimage.gaussian_filter1d`); `opts.order[0]` is the derivative order.
///
/// **Shapes**: the result has `input`'s shape and dtype (or `opts.output`).
///
/// # Errors
/// [`Error::OutOfDomain`] for a negative sigma (a negative radius);
/// [`Error::AxisOutOfBounds`] for a bad axis.
///
/// # Algorithm
/// A correlation with SciPy's sampled, normalized Gaussian of radius
/// `int(truncate * sigma + 0.5)`; the weights are kernel arguments (a new sigma compiles
/// nothing on CUDA).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{GaussianOptions, gaussian_filter1d};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0], &[5], Device::Cpu).unwrap();
/// let y = gaussian_filter1d(&x, 1.0, -1, &GaussianOptions::default()).unwrap().to_vec::<f64>().unwrap();
/// // scipy.ndimage.gaussian_filter1d([1., 2, 3, 4, 5], 1)
/// assert!((y[0] - 1.42704095).abs() < 1e-8 && (y[2] - 3.0).abs() < 1e-12);
/// ```
pub fn gaussian_filter1d(
    input: &Array,
    sigma: f64,
    axis: isize,
    opts: &GaussianOptions,
) -> Result<Array> {
    let op = "ndimage.gaussian_filter1d";
    check_real(op, input)?;
    let order = opts.order.first().copied().unwrap_or(0);
    let w = gaussian_weights(
        op,
        sigma,
        order,
        opts.truncate,
        opts.radius.first().copied(),
    )?;
    let ax = norm_axis(op, axis, input.ndim().max(1))?;
    separable(
        op,
        input,
        &[(ax, w, 0)],
        opts.mode,
        opts.cval,
        out_dtype(input, opts.output),
    )
}

/// A multi-dimensional Gaussian filter (`scipy.ndimage.gaussian_filter`): 1-d Gaussian passes
/// along each axis whose sigma exceeds `1e-15` (smaller or negative sigmas skip the axis).
///
/// **Shapes**: `sigma` has one value or one per axis; the result has `input`'s shape and dtype.
///
/// # Errors
/// [`Error::BadShape`] for a `sigma`/`order`/`radius` list of the wrong length.
///
/// # Algorithm
/// Separable passes (each rounded through the output dtype, as SciPy's).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{GaussianOptions, gaussian_filter};
/// let x = Array::from_vec_on(vec![0.0f64, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0, 0.0, 0.0], &[3, 3], Device::Cpu).unwrap();
/// let y = gaussian_filter(&x, &[1.0], &GaussianOptions::default()).unwrap().to_vec::<f64>().unwrap();
/// assert!((y.iter().sum::<f64>() - 1.0).abs() < 1e-12);
/// ```
pub fn gaussian_filter(input: &Array, sigma: &[f64], opts: &GaussianOptions) -> Result<Array> {
    let op = "ndimage.gaussian_filter";
    check_real(op, input)?;
    let nd = input.ndim();
    let ax = filter_axes(op, &opts.axes, nd)?;
    let ax = ax.as_deref();
    let sig = expand_per_axis(op, "sigma", sigma, ax, nd, 0.0)?;
    let ord = if opts.order.is_empty() {
        bounded(nd, 0)
    } else {
        expand_per_axis(op, "order", &opts.order, ax, nd, 0)?
    };
    let rad: Vec<Option<usize>> = if opts.radius.is_empty() {
        bounded(nd, None)
    } else {
        expand_per_axis(op, "radius", &opts.radius, ax, nd, 0)?
            .into_iter()
            .map(Some)
            .collect()
    };
    let mut passes = Vec::new();
    for d in 0..nd {
        if sig[d] > 1e-15 {
            passes.push((
                d,
                gaussian_weights(op, sig[d], ord[d], opts.truncate, rad[d])?,
                0,
            ));
        }
    }
    let dtype = out_dtype(input, opts.output);
    separable(op, input, &passes, opts.mode, opts.cval, dtype)
}

/// The Laplace filter of second Gaussian derivatives (`scipy.ndimage.gaussian_laplace`): the
/// sum over axes of [`gaussian_filter`] with order 2 along that axis.
///
/// **Shapes**, **Errors**: as [`gaussian_filter`] (`opts.order` is ignored).
///
/// # Algorithm
/// One separable Gaussian per axis, each rounded through the output dtype, summed.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{GaussianOptions, gaussian_laplace};
/// let x = Array::from_vec_on(vec![1.0f64; 9], &[3, 3], Device::Cpu).unwrap();
/// let y = gaussian_laplace(&x, &[1.0], &GaussianOptions::default()).unwrap().to_vec::<f64>().unwrap();
/// // scipy.ndimage.gaussian_laplace(np.ones((3, 3)), 1.0): -0.000144 everywhere (truncated kernel)
/// assert!(y.iter().all(|v| (v + 0.000144).abs() < 1e-6));
/// ```
pub fn gaussian_laplace(input: &Array, sigma: &[f64], opts: &GaussianOptions) -> Result<Array> {
    let nd = input.ndim();
    let dtype = out_dtype(input, opts.output);
    let (sigma, opts, dims) = gaussian_axes("ndimage.gaussian_laplace", nd, sigma, opts)?;
    crate::generic::axes_sum(input, dtype, dims, |d| {
        gaussian_derivative(input, &sigma, &opts, dtype, d, 2)
    })
}

/// [`gaussian_filter`] in `dtype` with the derivative order `order` along the axis `d` and 0
/// along the others.
fn gaussian_derivative(
    input: &Array,
    sigma: &[f64],
    opts: &GaussianOptions,
    dtype: DType,
    d: usize,
    order: usize,
) -> Result<Array> {
    let mut o = opts.clone();
    o.order = (0..input.ndim())
        .map(|k| if k == d { order } else { 0 })
        .collect();
    o.output = Some(dtype);
    gaussian_filter(input, sigma, &o)
}

/// The gradient magnitude of Gaussian first derivatives
/// (`scipy.ndimage.gaussian_gradient_magnitude`): `sqrt(sum_axis d_axis^2)`.
///
/// **Shapes**, **Errors**: as [`gaussian_filter`] (`opts.order` is ignored).
///
/// # Algorithm
/// One separable Gaussian (order 1 along the axis) per axis, squared and summed in the output
/// dtype, then the square root.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{GaussianOptions, gaussian_gradient_magnitude};
/// let x = Array::from_vec_on(vec![2.0f64; 4], &[2, 2], Device::Cpu).unwrap();
/// let y = gaussian_gradient_magnitude(&x, &[1.0], &GaussianOptions::default()).unwrap();
/// assert!(y.to_vec::<f64>().unwrap().iter().all(|v| v.abs() < 1e-12));
/// ```
pub fn gaussian_gradient_magnitude(
    input: &Array,
    sigma: &[f64],
    opts: &GaussianOptions,
) -> Result<Array> {
    let nd = input.ndim();
    let dtype = out_dtype(input, opts.output);
    let op = "ndimage.gaussian_gradient_magnitude";
    let (sigma, opts, dims) = gaussian_axes(op, nd, sigma, opts)?;
    crate::generic::axes_magnitude(input, dtype, dims, |d| {
        gaussian_derivative(input, &sigma, &opts, dtype, d, 1)
    })
}

/// `sigma` and `radius` for every axis and the axes a Gaussian derivative family sums over
/// (the filtered axes, or all); the options returned have no `axes`.
fn gaussian_axes(
    op: &'static str,
    nd: usize,
    sigma: &[f64],
    opts: &GaussianOptions,
) -> Result<(Vec<f64>, GaussianOptions, Vec<usize>)> {
    let ax = filter_axes(op, &opts.axes, nd)?;
    let sig = expand_per_axis(op, "sigma", sigma, ax.as_deref(), nd, 0.0)?;
    let radius = if opts.radius.is_empty() {
        Vec::new()
    } else {
        expand_per_axis(op, "radius", &opts.radius, ax.as_deref(), nd, 0)?
    };
    let o = GaussianOptions {
        radius,
        axes: Vec::new(),
        ..opts.clone()
    };
    let dims = ax.unwrap_or_else(|| (0..nd).collect());
    Ok((sig, o, dims))
}

fn derivative_filter(
    op: &'static str,
    input: &Array,
    axis: isize,
    opts: &FilterOptions,
    smooth: [f64; 3],
) -> Result<Array> {
    check_real(op, input)?;
    let nd = input.ndim();
    let ax = norm_axis(op, axis, nd.max(1))?;
    let mut passes = vec![(ax, vec![-1.0, 0.0, 1.0], 0)];
    for d in 0..nd {
        if d != ax {
            passes.push((d, smooth.to_vec(), 0));
        }
    }
    let dtype = out_dtype(input, opts.output);
    separable(op, input, &passes, opts.mode, opts.cval, dtype)
}

/// The Sobel derivative along `axis` (`scipy.ndimage.sobel`): `[-1, 0, 1]` along `axis`,
/// `[1, 2, 1]` along every other axis.
///
/// **Shapes**: the result has `input`'s shape and dtype (int32 stays int32).
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::DType`] for complex input.
///
/// # Algorithm
/// Separable 3-tap passes.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, sobel};
/// let x = Array::from_vec_on(vec![0i32, 1, 2, 3], &[1, 4], Device::Cpu).unwrap();
/// let y = sobel(&x, 1, &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<i32>().unwrap(), vec![4, 8, 8, 4]);
/// ```
pub fn sobel(input: &Array, axis: isize, opts: &FilterOptions) -> Result<Array> {
    derivative_filter("ndimage.sobel", input, axis, opts, [1.0, 2.0, 1.0])
}

/// The Prewitt derivative along `axis` (`scipy.ndimage.prewitt`): `[-1, 0, 1]` along `axis`,
/// `[1, 1, 1]` along every other axis.
///
/// **Shapes**, **Errors**, **Algorithm**: as [`sobel`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, prewitt};
/// let x = Array::from_vec_on(vec![0i32, 1, 2, 3], &[1, 4], Device::Cpu).unwrap();
/// let y = prewitt(&x, 1, &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<i32>().unwrap(), vec![3, 6, 6, 3]);
/// ```
pub fn prewitt(input: &Array, axis: isize, opts: &FilterOptions) -> Result<Array> {
    derivative_filter("ndimage.prewitt", input, axis, opts, [1.0, 1.0, 1.0])
}

/// The discrete Laplace filter (`scipy.ndimage.laplace`): the sum over axes of the second
/// difference `[1, -2, 1]` along that axis.
///
/// **Shapes**: the result has `input`'s shape and dtype.
///
/// # Errors
/// [`Error::DType`] for complex input.
///
/// # Algorithm
/// One 3-tap pass per axis, each cast to the output dtype, summed.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, laplace};
/// let x = Array::from_vec_on(vec![0.0f64, 1.0, 4.0, 9.0], &[4], Device::Cpu).unwrap();
/// let y = laplace(&x, &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0, 2.0, 2.0, -5.0]);
/// ```
pub fn laplace(input: &Array, opts: &FilterOptions) -> Result<Array> {
    let op = "ndimage.laplace";
    check_real(op, input)?;
    let dtype = out_dtype(input, opts.output);
    let x = to_f64(input)?;
    let dims =
        filter_axes(op, &opts.axes, input.ndim())?.unwrap_or_else(|| (0..input.ndim()).collect());
    let mut acc: Option<Array> = None;
    for d in dims {
        let t = pass_1d(
            op,
            &x,
            &[1.0, -2.0, 1.0],
            d as isize,
            0,
            opts.mode,
            opts.cval,
        )?
        .astype(dtype)?;
        acc = Some(match acc {
            None => t,
            Some(a) => cuprum_core::add(&a, &t)?.astype(dtype)?,
        });
    }
    match acc {
        Some(a) => Ok(a),
        None => input.astype(dtype),
    }
}
