//! Filters with a user function: `generic_filter`, `generic_filter1d` (Rust closures, on the
//! CPU) and `generic_laplace`, `generic_gradient_magnitude` (closures over arrays, on every
//! device the closure supports).

use crate::engine::{gather_apply, to_f64};
use crate::filters::FilterOptions;
use crate::mode::filter_index;
use crate::rank::{Window, window_taps};
use crate::support::{bounded, check_real, host_f64, norm_axis, single_origin, strides_of};
use cuprum_core::{Array, DType, Device, Error, Result};

fn cpu_only(op: &'static str, a: &Array) -> Result<()> {
    if let Device::Cuda(_) = a.device() {
        return Err(Error::unsupported(
            op,
            "a Rust closure runs on the CPU only; pass a CPU array (a CUDA kernel form is not written yet)",
        ));
    }
    Ok(())
}

/// A filter whose value is `function` of the window's elements (`scipy.ndimage.generic_filter`
/// with a Rust closure): `function` receives the values under the true footprint entries in
/// the footprint's C order (`f64`) and returns the output value.
///
/// **Shapes**: as [`crate::minimum_filter`]; the result has the input's dtype (or
/// `opts.output`), cast with truncation as SciPy's.
///
/// # Errors
/// As [`crate::minimum_filter`]; [`Error::Unsupported`] for a CUDA input.
///
/// # Algorithm
/// Gathers each window into a buffer (rayon over rows) and calls `function`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, generic_filter};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let y = generic_filter(&x, &|w: &[f64]| w.iter().sum::<f64>(), &Window::size(3), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![4.0, 6.0, 9.0, 11.0]);
/// ```
pub fn generic_filter(
    input: &Array,
    function: &(dyn Fn(&[f64]) -> f64 + Sync),
    window: &Window,
    opts: &FilterOptions,
) -> Result<Array> {
    let op = "ndimage.generic_filter";
    check_real(op, input)?;
    cpu_only(op, input)?;
    let nd = input.ndim();
    if let Some((w, o)) = crate::rank::full_rank(op, window, opts, nd)? {
        return generic_filter(input, function, &w, &o);
    }
    let taps = window_taps(op, window, nd.max(1), &opts.origin)?;
    let x = to_f64(input)?;
    let x = if nd == 0 { x.reshape(vec![1usize])? } else { x };
    let y = gather_apply(&x, &taps, opts.mode, opts.cval, function)?;
    y.reshape(input.shape().to_vec())?
        .astype(opts.output.unwrap_or(input.dtype()))
}

/// A 1-d filter over whole lines (`scipy.ndimage.generic_filter1d` with a Rust closure):
/// `function(input_line, output_line)` gets each line along `axis` extended by
/// `filter_size / 2 + origin` samples before and `filter_size - filter_size / 2 - 1 - origin`
/// after (by `opts.mode`) and fills the output line.
///
/// **Shapes**: the result has the input's shape and dtype (or `opts.output`).
///
/// # Errors
/// [`Error::BadArgument`] for `filter_size == 0` or a bad origin; [`Error::Unsupported`] for
/// a CUDA input.
///
/// # Algorithm
/// One call per line.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, generic_filter1d};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let f = |i: &[f64], o: &mut [f64]| for k in 0..o.len() { o[k] = i[k] + i[k + 1]; };
/// let y = generic_filter1d(&x, &f, 2, -1, &FilterOptions::default()).unwrap();
/// // scipy: window x[j-1], x[j] (reflect before the start)
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![2.0, 3.0, 5.0]);
/// ```
pub fn generic_filter1d(
    input: &Array,
    function: &(dyn Fn(&[f64], &mut [f64]) + Sync),
    filter_size: usize,
    axis: isize,
    opts: &FilterOptions,
) -> Result<Array> {
    let op = "ndimage.generic_filter1d";
    check_real(op, input)?;
    cpu_only(op, input)?;
    if filter_size == 0 {
        return Err(Error::bad_argument(op, "filter_size", 0, "at least 1"));
    }
    let origin = single_origin(op, &opts.origin)?.map_or(0, |o| o as i64);
    crate::support::check_origin(op, origin, filter_size)?;
    let shape = if input.ndim() == 0 {
        vec![1]
    } else {
        input.shape().to_vec()
    };
    let ax = norm_axis(op, axis, shape.len())?;
    let mut v = host_f64(&to_f64(input)?)?;
    let n = shape[ax];
    let before = (filter_size / 2) as i64 + origin;
    let after = (filter_size - filter_size / 2 - 1) as i64 - origin;
    if n > 0 && !v.is_empty() {
        let s = strides_of(&shape)[ax];
        let outer = v.len() / n;
        let mut line = bounded((n as i64 + before + after) as usize, 0.0f64);
        let mut out = bounded(n, 0.0f64);
        for k in 0..outer {
            let b = (k / s) * n * s + k % s;
            for (p, lv) in line.iter_mut().enumerate() {
                *lv = match filter_index(p as i64 - before, n as i64, opts.mode) {
                    Some(j) => v[b + j * s],
                    None => opts.cval,
                };
            }
            function(&line, &mut out);
            for (i, &o) in out.iter().enumerate() {
                v[b + i * s] = o;
            }
        }
    }
    Array::from_vec_on(v, input.shape().to_vec(), Device::Cpu)?
        .astype(opts.output.unwrap_or(input.dtype()))
}

/// The sum over axes of `derivative2(input, axis)` (`scipy.ndimage.generic_laplace`), each
/// term cast to `output` (default: the input's dtype).
///
/// **Shapes**: `derivative2` returns an array of the input's shape.
///
/// # Errors
/// Whatever `derivative2` returns; shape errors of the sum.
///
/// # Algorithm
/// One call per axis, summed on the input's device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, correlate1d, generic_laplace};
/// let x = Array::from_vec_on(vec![0.0f64, 1.0, 4.0, 9.0], &[4], Device::Cpu).unwrap();
/// let w = Array::from_vec_on(vec![1.0f64, -2.0, 1.0], &[3], Device::Cpu).unwrap();
/// let d2 = |a: &Array, ax: usize| correlate1d(a, &w, ax as isize, &FilterOptions::default());
/// let y = generic_laplace(&x, &d2, None).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0, 2.0, 2.0, -5.0]);
/// ```
pub fn generic_laplace(
    input: &Array,
    derivative2: &dyn Fn(&Array, usize) -> Result<Array>,
    output: Option<DType>,
) -> Result<Array> {
    every_axis(input, derivative2, output, false)
}

/// `sqrt(sum_axis derivative(input, axis)^2)` (`scipy.ndimage.generic_gradient_magnitude`),
/// in `output` (default: the input's dtype).
///
/// **Shapes**, **Errors**, **Algorithm**: as [`generic_laplace`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, generic_gradient_magnitude, sobel};
/// let x = Array::from_vec_on(vec![0.0f64, 1.0, 2.0, 3.0], &[1, 4], Device::Cpu).unwrap();
/// let d = |a: &Array, ax: usize| sobel(a, ax as isize, &FilterOptions::default());
/// let y = generic_gradient_magnitude(&x, &d, None).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![4.0, 8.0, 8.0, 4.0]);
/// ```
pub fn generic_gradient_magnitude(
    input: &Array,
    derivative: &dyn Fn(&Array, usize) -> Result<Array>,
    output: Option<DType>,
) -> Result<Array> {
    every_axis(input, derivative, output, true)
}

/// [`generic_laplace`] (`magnitude` false) and [`generic_gradient_magnitude`] (true): the
/// derivative along every axis cast to `output` (default: the input's dtype), summed or
/// combined as the gradient magnitude.
fn every_axis(
    input: &Array,
    derivative: &dyn Fn(&Array, usize) -> Result<Array>,
    output: Option<DType>,
    magnitude: bool,
) -> Result<Array> {
    let dtype = output.unwrap_or(input.dtype());
    let term = |d| derivative(input, d)?.astype(dtype);
    if magnitude {
        axes_magnitude(input, dtype, 0..input.ndim(), term)
    } else {
        axes_sum(input, dtype, 0..input.ndim(), term)
    }
}

/// The sum over the axes `dims` of `term(d)` (in `dtype`), each partial sum rounded through
/// `dtype`; `None` for no axes.
fn sum_terms(
    dims: impl IntoIterator<Item = usize>,
    dtype: DType,
    mut term: impl FnMut(usize) -> Result<Array>,
) -> Result<Option<Array>> {
    let mut acc: Option<Array> = None;
    for d in dims {
        let t = term(d)?;
        acc = Some(match acc {
            None => t,
            Some(a) => cuprum_core::add(&a, &t)?.astype(dtype)?,
        });
    }
    Ok(acc)
}

/// The Laplace-type sum over the axes `dims` of `term(d)` (in `dtype`), rounded through
/// `dtype`; `input` cast to `dtype` for no axes.
pub(crate) fn axes_sum(
    input: &Array,
    dtype: DType,
    dims: impl IntoIterator<Item = usize>,
    term: impl FnMut(usize) -> Result<Array>,
) -> Result<Array> {
    match sum_terms(dims, dtype, term)? {
        Some(a) => Ok(a),
        None => input.astype(dtype),
    }
}

/// The gradient magnitude `sqrt(sum_d derivative(d)^2)` over the axes `dims` (each
/// derivative in `dtype`; squares and sums rounded through `dtype`, the root taken in float64
/// and cast to `dtype`); `input` cast to `dtype` for no axes.
pub(crate) fn axes_magnitude(
    input: &Array,
    dtype: DType,
    dims: impl IntoIterator<Item = usize>,
    mut derivative: impl FnMut(usize) -> Result<Array>,
) -> Result<Array> {
    let acc = sum_terms(dims, dtype, |d| {
        let t = derivative(d)?;
        cuprum_core::multiply(&t, &t)?.astype(dtype)
    })?;
    match acc {
        Some(a) => cuprum_core::sqrt(&a.astype(DType::Float64)?)?.astype(dtype),
        None => input.astype(dtype),
    }
}
