//! Rank filters: `minimum_filter`, `maximum_filter` (and their 1-d forms), `median_filter`,
//! `percentile_filter`, `rank_filter`, on the footprint engine (`engine.rs`).

use crate::engine::{Taps, rank_taps, to_f64};
use crate::filters::FilterOptions;
use crate::support::{
    check_origin, check_real, expand_dims_for_axes, expand_origin, expand_per_axis, filter_axes,
    host_f64, norm_axis, origins, per_axis, single_origin,
};
use cuprum_core::{Array, Error, Result};

/// The window of a rank filter or a morphology operation: a box of `size` per axis, or a
/// boolean `footprint` array (true entries are in the window).
#[derive(Clone, Debug)]
pub enum Window {
    /// a box: one length per axis (one value: every axis)
    Size(Vec<usize>),
    /// a footprint of the input's rank; non-zero entries are in the window
    Footprint(Array),
    /// a non-flat structuring element of the input's rank (SciPy's `structure=` of grey
    /// morphology: [`crate::grey_erosion`], [`crate::grey_dilation`] and the functions built on
    /// them): every position is in the window, and its value is subtracted from (erosion) or
    /// added to (dilation) the input there; the rank filters refuse it
    Structure(Array),
    /// a non-flat structure with a footprint of the same shape (SciPy's `structure=` and
    /// `footprint=` together): only the footprint's true positions are in the window
    MaskedStructure {
        /// the values added or subtracted
        structure: Array,
        /// which positions are in the window
        footprint: Array,
    },
}

impl Window {
    /// A box of `n` along every axis.
    pub fn size(n: usize) -> Window {
        Window::Size(vec![n])
    }
}

/// The window's shape and its (C-order) membership flags.
pub(crate) fn window_dense(
    op: &'static str,
    w: &Window,
    ndim: usize,
) -> Result<(Vec<usize>, Vec<f64>)> {
    match w {
        Window::Size(s) => {
            let shape = per_axis(op, "size", s, ndim)?;
            if shape.contains(&0) {
                return Err(Error::bad_argument(
                    op,
                    "size",
                    format!("{shape:?}"),
                    "positive sizes",
                ));
            }
            let n = shape
                .iter()
                .try_fold(1usize, |a, &b| a.checked_mul(b))
                .ok_or_else(|| {
                    Error::bad_argument(
                        op,
                        "size",
                        format!("{shape:?}"),
                        "a window whose element count fits in usize",
                    )
                })?;
            Ok((shape, crate::support::ones(n)?))
        }
        Window::Footprint(f) => {
            crate::support::check_rank(op, "footprint", f, ndim)?;
            let v = host_f64(f)?;
            if !v.iter().any(|&x| x != 0.0) {
                return Err(Error::bad_argument(
                    op,
                    "footprint",
                    "an array with no true element",
                    "at least one true element",
                ));
            }
            Ok((f.shape().to_vec(), v))
        }
        Window::Structure(_) | Window::MaskedStructure { .. } => Err(Error::bad_argument(
            op,
            "structure",
            "a non-flat structure",
            "a size or a footprint (a structure is for grey morphology)",
        )),
    }
}

/// The window and options of a call with `opts.axes` as a call over every axis: a size per
/// filtered axis expanded with 1s, a footprint with size-1 dimensions inserted, the origins
/// with 0s; `None` without axes.
pub(crate) fn full_rank(
    op: &'static str,
    w: &Window,
    opts: &FilterOptions,
    ndim: usize,
) -> Result<Option<(Window, FilterOptions)>> {
    let Some(ax) = filter_axes(op, &opts.axes, ndim)? else {
        return Ok(None);
    };
    let w = match w {
        Window::Size(s) => Window::Size(expand_per_axis(op, "size", s, Some(&ax), ndim, 1)?),
        Window::Footprint(f) => {
            Window::Footprint(expand_dims_for_axes(op, "footprint", f, &ax, ndim)?)
        }
        Window::Structure(s) => {
            Window::Structure(expand_dims_for_axes(op, "structure", s, &ax, ndim)?)
        }
        Window::MaskedStructure {
            structure,
            footprint,
        } => Window::MaskedStructure {
            structure: expand_dims_for_axes(op, "structure", structure, &ax, ndim)?,
            footprint: expand_dims_for_axes(op, "footprint", footprint, &ax, ndim)?,
        },
    };
    let o = FilterOptions {
        origin: expand_origin(op, &opts.origin, Some(&ax), ndim)?,
        axes: Vec::new(),
        ..opts.clone()
    };
    Ok(Some((w, o)))
}

/// Taps of a window with origins checked.
pub(crate) fn window_taps(
    op: &'static str,
    w: &Window,
    ndim: usize,
    origin: &[isize],
) -> Result<Taps> {
    let (shape, v) = window_dense(op, w, ndim)?;
    let org = origins(op, origin, ndim)?;
    for d in 0..ndim {
        check_origin(op, org[d], shape[d])?;
    }
    Ok(Taps::from_dense(&shape, &v, &org, false))
}

fn rank_filter_impl(
    op: &'static str,
    input: &Array,
    w: &Window,
    rank: Sel,
    opts: &FilterOptions,
) -> Result<Array> {
    check_real(op, input)?;
    let nd = input.ndim();
    if let Some((w, o)) = full_rank(op, w, opts, nd)? {
        return rank_filter_impl(op, input, &w, rank, &o);
    }
    let taps = if nd == 0 {
        Taps {
            ndim: 0,
            offs: vec![],
            w: vec![1.0],
        }
    } else {
        window_taps(op, w, nd, &opts.origin)?
    };
    let n = taps.len();
    let r = match rank {
        Sel::Min => 0,
        Sel::Max => n - 1,
        Sel::Median => n / 2,
        Sel::Percentile(p0) => {
            let p = if p0 < 0.0 { p0 + 100.0 } else { p0 };
            if !(0.0..=100.0).contains(&p) {
                return Err(Error::out_of_domain(op, "percentile", p0, "[-100, 100]"));
            }
            if p == 100.0 {
                n - 1
            } else {
                (n as f64 * p / 100.0) as usize
            }
        }
        Sel::Rank(k) => {
            let k2 = if k < 0 { k + n as i64 } else { k };
            if k2 < 0 || k2 >= n as i64 {
                return Err(Error::bad_argument(
                    op,
                    "rank",
                    k,
                    format!("-{n} <= rank < {n} for a window of {n} elements"),
                ));
            }
            k2 as usize
        }
    };
    if nd == 0 {
        return input.astype(opts.output.unwrap_or(input.dtype()));
    }
    let x = to_f64(input)?;
    let y = rank_taps(&x, &taps, r, opts.mode, opts.cval)?;
    y.astype(opts.output.unwrap_or(input.dtype()))
}

#[derive(Clone, Copy)]
enum Sel {
    Min,
    Max,
    Median,
    Percentile(f64),
    Rank(i64),
}

macro_rules! rank_doc {
    ($name:literal, $what:literal) => {
        concat!(
            "A multi-dimensional ",
            $what,
            " filter (`scipy.ndimage.",
            $name,
            "`).\n\n",
            "**Shapes**: a [`Window::Footprint`] has the input's rank; the result has the input's ",
            "shape and dtype (or `opts.output`), on its device.\n\n",
            "The window of output element `i` covers `input[i + k - shape / 2 - origin]` for each ",
            "`k` in the window, extended by `opts.mode`. Selections are exact for every dtype.\n\n",
            "# Errors\n[`Error::BadArgument`] for a zero size, a footprint without a true ",
            "element, a bad origin or rank; [`Error::BadShape`] for a footprint of the wrong ",
            "rank; [`Error::OutOfDomain`] for a percentile outside `[-100, 100]`; ",
            "[`Error::DType`] for complex input.\n\n",
            "# Algorithm\nGathers the window of each element and selects the order statistic ",
            "without sorting it (CPU: `select_nth_unstable`, rayon over rows; CUDA: one thread ",
            "per element, Wirth's selection in a local array up to 64 taps, beyond that a radix ",
            "selection on order-preserving 64-bit keys, 16 passes of 4 bits over the taps with ",
            "no window storage, so large windows stay linear in their size)."
        )
    };
}

#[doc = rank_doc!("minimum_filter", "minimum")]
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, minimum_filter};
/// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0, 1.0, 5.0], &[5], Device::Cpu).unwrap();
/// let y = minimum_filter(&x, &Window::size(3), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0, 1.0, 1.0, 1.0, 1.0]);
/// ```
pub fn minimum_filter(input: &Array, window: &Window, opts: &FilterOptions) -> Result<Array> {
    rank_filter_impl("ndimage.minimum_filter", input, window, Sel::Min, opts)
}

#[doc = rank_doc!("maximum_filter", "maximum")]
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, maximum_filter};
/// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0, 1.0, 5.0], &[5], Device::Cpu).unwrap();
/// let y = maximum_filter(&x, &Window::size(3), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![3.0, 4.0, 4.0, 5.0, 5.0]);
/// ```
pub fn maximum_filter(input: &Array, window: &Window, opts: &FilterOptions) -> Result<Array> {
    rank_filter_impl("ndimage.maximum_filter", input, window, Sel::Max, opts)
}

#[doc = rank_doc!("median_filter", "median")]
///
/// The median of an even count is the upper middle element (rank `n / 2`), as SciPy's.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, median_filter};
/// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0, 1.0, 5.0], &[5], Device::Cpu).unwrap();
/// let y = median_filter(&x, &Window::size(3), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![3.0, 3.0, 1.0, 4.0, 5.0]);
/// ```
pub fn median_filter(input: &Array, window: &Window, opts: &FilterOptions) -> Result<Array> {
    rank_filter_impl("ndimage.median_filter", input, window, Sel::Median, opts)
}

#[doc = rank_doc!("percentile_filter", "percentile")]
///
/// The element of rank `int(percentile / 100 * n)` (a negative percentile counts from 100;
/// 100 is the maximum).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, percentile_filter};
/// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0, 1.0, 5.0], &[5], Device::Cpu).unwrap();
/// let y = percentile_filter(&x, 100.0, &Window::size(3), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![3.0, 4.0, 4.0, 5.0, 5.0]);
/// ```
pub fn percentile_filter(
    input: &Array,
    percentile: f64,
    window: &Window,
    opts: &FilterOptions,
) -> Result<Array> {
    rank_filter_impl(
        "ndimage.percentile_filter",
        input,
        window,
        Sel::Percentile(percentile),
        opts,
    )
}

#[doc = rank_doc!("rank_filter", "rank")]
///
/// `rank` is 0-based in ascending order; a negative rank counts from the largest (-1: maximum).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, rank_filter};
/// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0, 1.0, 5.0], &[5], Device::Cpu).unwrap();
/// let y = rank_filter(&x, -1, &Window::size(3), &FilterOptions::default()).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![3.0, 4.0, 4.0, 5.0, 5.0]);
/// ```
pub fn rank_filter(
    input: &Array,
    rank: i64,
    window: &Window,
    opts: &FilterOptions,
) -> Result<Array> {
    rank_filter_impl("ndimage.rank_filter", input, window, Sel::Rank(rank), opts)
}

fn filter1d(
    op: &'static str,
    input: &Array,
    size: usize,
    axis: isize,
    opts: &FilterOptions,
    rank: Sel,
) -> Result<Array> {
    let nd = input.ndim();
    let ax = norm_axis(op, axis, nd.max(1))?;
    let sizes: Vec<usize> = (0..nd).map(|d| if d == ax { size } else { 1 }).collect();
    let mut o = opts.clone();
    o.origin = match single_origin(op, &opts.origin)? {
        None => vec![],
        Some(v) => (0..nd).map(|d| if d == ax { v } else { 0 }).collect(),
    };
    rank_filter_impl(op, input, &Window::Size(sizes), rank, &o)
}

/// Public 1-d rank filters: each a [`filter1d`] of its SciPy name and selection.
macro_rules! filters_1d {
    ($($(#[$doc:meta])* $name:ident => $sel:ident;)*) => {$(
        $(#[$doc])*
        pub fn $name(input: &Array, size: usize, axis: isize, opts: &FilterOptions) -> Result<Array> {
            filter1d(concat!("ndimage.", stringify!($name)), input, size, axis, opts, Sel::$sel)
        }
    )*};
}

filters_1d! {
    /// A 1-d minimum filter of length `size` along `axis` (`scipy.ndimage.minimum_filter1d`).
    ///
    /// **Shapes**, **Errors**, **Algorithm**: as [`minimum_filter`] with a box along one axis.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_ndimage::{FilterOptions, minimum_filter1d};
    /// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0], &[3], Device::Cpu).unwrap();
    /// let y = minimum_filter1d(&x, 2, -1, &FilterOptions::default()).unwrap();
    /// assert_eq!(y.to_vec::<f64>().unwrap(), vec![3.0, 1.0, 1.0]);
    /// ```
    minimum_filter1d => Min;

    /// A 1-d maximum filter of length `size` along `axis` (`scipy.ndimage.maximum_filter1d`).
    ///
    /// **Shapes**, **Errors**, **Algorithm**: as [`maximum_filter`] with a box along one axis.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_ndimage::{FilterOptions, maximum_filter1d};
    /// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0], &[3], Device::Cpu).unwrap();
    /// let y = maximum_filter1d(&x, 2, -1, &FilterOptions::default()).unwrap();
    /// assert_eq!(y.to_vec::<f64>().unwrap(), vec![3.0, 3.0, 4.0]);
    /// ```
    maximum_filter1d => Max;
}
