//! Reductions (`sum`, `mean`, `max`, `argmax`, `all`, ...) and scans (`cumsum`, `cumprod`) with
//! NumPy semantics, on the CPU and on CUDA.
//!
//! # For NumPy users
//!
//! | NumPy | cuprum |
//! |---|---|
//! | `np.sum(a)` | `sum(&a, Axes::All, false)` or `a.sum(Axes::All, false)` |
//! | `np.sum(a, axis=1, keepdims=True)` | `sum(&a, 1, true)` |
//! | `np.sum(a, axis=(0, 2))` | `sum(&a, [0, 2], false)` |
//! | `np.sum(a, dtype=np.int32)` | `sum_dtype(&a, Axes::All, false, Some(DType::Int32))` |
//! | `np.var(a, axis=0, ddof=1)` | `var(&a, 0, 1.0, false)` |
//! | `np.argmax(a, axis=None)` | `argmax(&a, Axes::All, false)` (a flat index into C order) |
//! | `np.cumsum(a)` / `np.cumsum(a, axis=1)` | `cumsum(&a, None)` / `cumsum(&a, Some(1))` |
//!
//! `axis` is anything that converts into [`Axes`]: [`Axes::All`] (NumPy's `None`), an integer
//! (negative counts from the end), or a list/array/slice of integers (NumPy's tuple). Every
//! reduction returns a new array on the input's device; a full reduction is a 0-d array that
//! stays there, and [`Array::item`] reads it.
//!
//! # Dtypes (NumPy's rules)
//!
//! - `sum`/`prod`/`cumsum`/`cumprod` (and `nansum`/`nanprod`): bool and signed integers give
//!   int64, unsigned integers give uint64, float16/bfloat16 are accumulated in float32 and
//!   returned in their own dtype, other dtypes keep theirs. An explicit `dtype` casts every
//!   element to it and accumulates in it (integers wrap; `dtype=bool` adds as logical `or`).
//! - `mean`: integers and bool give float64; floats and complex keep their dtype (float16
//!   accumulated in float32). `var`/`std` give the real dtype of `mean`'s.
//! - `max`/`min`/`ptp` keep the input dtype (integer `ptp` wraps); `argmax`/`argmin` and
//!   `count_nonzero` give int64; `all`/`any` give bool.
//!
//! # NaN and empty reductions
//!
//! `max`/`min`/`argmax`/`argmin` propagate NaN (`argmax` returns the first NaN's index); the
//! `nan*` forms ignore NaN, an all-NaN slice giving NaN for `nanmax`/`nanmin`/`nanmean` and an
//! [`Error::OutOfDomain`] for `nanargmax`/`nanargmin`. Reducing an empty axis gives the identity
//! (`sum` 0, `prod` 1, `all` true, `any` false), NaN for `mean`, and an
//! [`Error::BadShape`] for `max`/`min`/`argmax`/`argmin`/`ptp`.
//!
//! # Algorithms
//!
//! CPU: rayon; float sums use NumPy's pairwise summation (O(log n · ε) error) inside each run
//! and a binary tree across parallel pieces; contiguous fast paths for reducing the innermost
//! axes (runs) and the leading axes (column accumulation). CUDA: NVRTC kernels from
//! `kernels/reduce.cuh` (vectorized grid-stride loads, warp shuffles, one partial per block and a
//! deterministic second pass; column kernels for leading-axis reductions).

mod cpu;
mod cuda;
mod elem;
mod engine;
mod kinds;
#[cfg(test)]
mod tests;
#[cfg(test)]
pub(crate) use cuda::reduce_source;

pub use kinds::{ReduceOp, ReduceParams, ScanOp};

use crate::backend::View;
use crate::layout::normalize_axis;
use crate::storage::Storage;
use crate::{Array, DType, Error, Layout, Result};

/// The axes a reduction runs over: NumPy's `axis=None`, `axis=i` or `axis=(i, j, ...)`.
///
/// Integers convert into `Axes::One`, lists/arrays/slices into `Axes::Many`, `None` into
/// `Axes::All`. Negative axes count from the end.
///
/// ```
/// use cuprum_core::reduce::Axes;
/// assert_eq!(Axes::from(1), Axes::One(1));
/// assert_eq!(Axes::from([0, -1]), Axes::Many(vec![0, -1]));
/// assert_eq!(Axes::from(None), Axes::All);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Axes {
    /// Every axis (`axis=None`).
    #[default]
    All,
    /// One axis.
    One(isize),
    /// A set of axes (a tuple in NumPy); must not repeat an axis.
    Many(Vec<isize>),
}

macro_rules! axes_from_int {
    ($($t:ty),*) => {$(
        impl From<$t> for Axes {
            fn from(a: $t) -> Axes {
                Axes::One(a as isize)
            }
        }
        impl From<Vec<$t>> for Axes {
            fn from(a: Vec<$t>) -> Axes {
                Axes::Many(a.into_iter().map(|x| x as isize).collect())
            }
        }
        impl From<&[$t]> for Axes {
            fn from(a: &[$t]) -> Axes {
                Axes::Many(a.iter().map(|&x| x as isize).collect())
            }
        }
        impl<const N: usize> From<[$t; N]> for Axes {
            fn from(a: [$t; N]) -> Axes {
                Axes::Many(a.iter().map(|&x| x as isize).collect())
            }
        }
    )*};
}
axes_from_int!(isize, i32, i64, usize);

/// NumPy's `axis=None` / `axis=k`: `a.sum(None, false)` reduces every axis. Only `Option<isize>`
/// converts (one impl, so a bare `None` needs no type annotation); `Some(k)` takes an `isize`.
impl From<Option<isize>> for Axes {
    fn from(a: Option<isize>) -> Axes {
        a.map_or(Axes::All, Axes::One)
    }
}

impl Axes {
    /// The normalized, sorted axes of an `ndim`-d array.
    ///
    /// # Errors
    /// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`; [`Error::BadArgument`]
    /// for a repeated axis.
    pub fn resolve(&self, op: &'static str, ndim: usize) -> Result<Vec<usize>> {
        let mut v = match self {
            Axes::All => (0..ndim).collect(),
            Axes::One(a) => vec![normalize_axis(op, *a, ndim)?],
            Axes::Many(list) => {
                let mut v = Vec::with_capacity(list.len());
                for &a in list {
                    let n = normalize_axis(op, a, ndim)?;
                    if v.contains(&n) {
                        return Err(Error::bad_argument(
                            op,
                            "axis",
                            format!("{list:?}"),
                            "distinct axes",
                        ));
                    }
                    v.push(n);
                }
                v
            }
        };
        v.sort_unstable();
        Ok(v)
    }
}

/// Backend dispatch of the reduce primitive: `dst` (C-contiguous, `src`'s shape without `axes`)
/// receives `op` of `src` over `axes` (sorted, unique).
pub(crate) fn reduce_view(
    op: ReduceOp,
    params: &ReduceParams,
    src: View<'_>,
    dst: View<'_>,
    axes: &[usize],
) -> Result<()> {
    use ReduceOp::*;
    // var/std: NumPy's two passes, decided here once for every device. The first pass is the
    // mean (NaN-skipping for the nan forms) of each output slice in the compute dtype; the
    // backend's var/std primitive is the second pass, Σ|x - center|² / max(count - ddof, 0).
    if matches!(op, Var | Std | NanVar | NanStd) {
        let mean = if matches!(op, Var | Std) {
            Mean
        } else {
            NanMean
        };
        let centers = Array::empty_on(&dst.layout.shape, params.compute, src.storage.device())?;
        backend_reduce(mean, params, src, centers.view(), axes, None)?;
        return backend_reduce(op, params, src, dst, axes, Some(centers.view()));
    }
    backend_reduce(op, params, src, dst, axes, None)
}

/// The shape of `shape` reduced over `axes`: those axes dropped, or kept as 1 with `keepdims`.
pub(crate) fn reduced_shape(shape: &[usize], axes: &[usize], keepdims: bool) -> Vec<usize> {
    (0..shape.len())
        .filter_map(|i| {
            if !axes.contains(&i) {
                Some(shape[i])
            } else if keepdims {
                Some(1)
            } else {
                None
            }
        })
        .collect()
}

/// The reduce primitive of `src`'s device (`center`: var/std's first pass, see
/// [`reduce_view`]).
fn backend_reduce(
    op: ReduceOp,
    params: &ReduceParams,
    src: View<'_>,
    dst: View<'_>,
    axes: &[usize],
    center: Option<View<'_>>,
) -> Result<()> {
    match src.storage {
        Storage::Cpu(_) => cpu::reduce(op, params, src, dst, axes, center),
        Storage::Cuda(_) => cuda::reduce(op, params, src, dst, axes, center),
    }
}

/// NumPy's error for a slice of `nanargmax`/`nanargmin` that holds only NaN (the reduce
/// primitive marks such a slice with -1): the one place the rule is decided.
fn check_all_nan(op: ReduceOp, out: &Array) -> Result<()> {
    if matches!(op, ReduceOp::NanArgMax | ReduceOp::NanArgMin)
        && out.to_vec::<i64>()?.iter().any(|&i| i < 0)
    {
        return Err(Error::out_of_domain(
            op.name(),
            "a",
            "an all-NaN slice",
            "slices with at least one value that is not NaN",
        ));
    }
    Ok(())
}

/// Backend dispatch of the scan primitive (`dst` C-contiguous with `src`'s shape).
pub(crate) fn scan_view(
    op: ScanOp,
    compute: DType,
    src: View<'_>,
    dst: View<'_>,
    axis: usize,
) -> Result<()> {
    match src.storage {
        Storage::Cpu(_) => cpu::scan(op, compute, src, dst, axis),
        Storage::Cuda(_) => cuda::scan(op, compute, src, dst, axis),
    }
}

/// NumPy's name of the ufunc behind an identity-less reduction (for the empty-input message).
fn ufunc_name(op: ReduceOp) -> &'static str {
    match op {
        ReduceOp::Max | ReduceOp::Ptp => "maximum",
        ReduceOp::Min => "minimum",
        ReduceOp::NanMax => "fmax",
        ReduceOp::NanMin => "fmin",
        o => o.name(),
    }
}

/// Runs any reduction: the one entry point behind every named function.
///
/// **Shapes:** `a.shape()` without the reduced axes, or with them set to 1 when `keepdims`.
///
/// # Errors
/// [`Error::AxisOutOfBounds`], [`Error::BadArgument`] or [`Error::BadShape`] (repeated axis, several axes for an
/// arg-reduction, an empty reduction without identity, an all-NaN slice of `nanargmax`),
/// [`Error::DType`] (`ptp` of bool), and backend errors.
pub fn reduce(
    op: ReduceOp,
    a: &Array,
    axis: impl Into<Axes>,
    keepdims: bool,
    dtype: Option<DType>,
    ddof: f64,
) -> Result<Array> {
    let name = op.name();
    let axis = axis.into();
    if op.is_arg()
        && let Axes::Many(v) = &axis
        && v.len() != 1
    {
        return Err(Error::bad_argument(
            name,
            "axis",
            format!("{v:?}"),
            "an integer or None",
        ));
    }
    let axes = axis.resolve(name, a.ndim())?;
    let (compute, out_dtype) = op.dtypes(a.dtype(), dtype)?;
    let shape = a.shape();
    let out_shape: Vec<usize> = (0..a.ndim())
        .filter(|i| !axes.contains(i))
        .map(|i| shape[i])
        .collect();
    let n_red: usize = axes.iter().map(|&i| shape[i]).product();
    let n_out: usize = out_shape.iter().product();
    if op.needs_elements() && n_red == 0 && n_out > 0 {
        return Err(if op.is_arg() {
            Error::bad_shape(
                name,
                "a",
                a.shape(),
                format!("a non-empty reduction axis (attempt to get {name} of an empty sequence)"),
            )
        } else {
            Error::bad_shape(
                name,
                "a",
                a.shape(),
                format!(
                    "a non-empty reduction (zero-size array to reduction operation {}, which has no identity)",
                    ufunc_name(op)
                ),
            )
        });
    }
    let out = Array::empty_on(&out_shape, out_dtype, a.device())?;
    if n_out > 0 {
        let params = ReduceParams { compute, ddof };
        reduce_view(op, &params, a.view(), out.view(), &axes)?;
        check_all_nan(op, &out)?;
    }
    if keepdims {
        let kshape: Vec<usize> = (0..a.ndim())
            .map(|i| if axes.contains(&i) { 1 } else { shape[i] })
            .collect();
        Ok(out.with_layout(Layout::contiguous(&kshape)))
    } else {
        Ok(out)
    }
}

/// [`reduce`] with NumPy's `initial=`: the starting value of the reduction, which also makes an
/// empty `max`/`min` well defined (`np.max(a, axis=1, initial=-5.0)`).
///
/// Supported for `sum`, `nansum`, `prod`, `nanprod` (the result is combined with `initial` by
/// `add`/`multiply`) and `max`, `min`, `nanmax`, `nanmin` (by `maximum`/`minimum`, which
/// propagate NaN, or `fmax`/`fmin` for the `nan` forms). `initial` is first cast to the
/// result's dtype, as NumPy does, so an integer `max` stays integer. Composed of existing
/// reductions and ufuncs: it runs on every device.
///
/// **Shapes:** as [`reduce`]; a reduction over a zero-length axis gives `initial` everywhere.
///
/// # Errors
/// [`Error::BadArgument`] naming the operation for any other reduction (NumPy raises
/// `TypeError` for `mean(initial=...)`); otherwise as [`reduce`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, reduce::{self, ReduceOp}};
/// let a = Array::from_vec_on(Vec::<f64>::new(), &[2, 0], Device::Cpu).unwrap();
/// let m = reduce::reduce_initial(ReduceOp::Max, &a, 1, false, None, -5.0).unwrap();
/// assert_eq!(m.to_vec::<f64>().unwrap(), vec![-5.0, -5.0]);
/// let b = Array::from_vec_on(vec![1i32, 7, 3], &[3], Device::Cpu).unwrap();
/// let s = reduce::reduce_initial(ReduceOp::Sum, &b, 0, false, None, 10).unwrap();
/// assert_eq!(s.item().unwrap().as_i64(), 21);
/// ```
pub fn reduce_initial(
    op: ReduceOp,
    a: &Array,
    axis: impl Into<Axes>,
    keepdims: bool,
    dtype: Option<DType>,
    initial: impl Into<crate::Scalar>,
) -> Result<Array> {
    use crate::ops;
    let name = op.name();
    let initial = initial.into();
    let extremum = matches!(
        op,
        ReduceOp::Max | ReduceOp::Min | ReduceOp::NanMax | ReduceOp::NanMin
    );
    let additive = matches!(
        op,
        ReduceOp::Sum | ReduceOp::NanSum | ReduceOp::Prod | ReduceOp::NanProd
    );
    if !extremum && !additive {
        return Err(Error::bad_argument(
            name,
            "initial",
            format!("{initial:?}"),
            format!("None: {name} has no initial in NumPy"),
        ));
    }
    let axis = axis.into();
    let axes = axis.resolve(name, a.ndim())?;
    let (_, out_dtype) = op.dtypes(a.dtype(), dtype)?;
    let shape = a.shape();
    let n_red: usize = axes.iter().map(|&i| shape[i]).product();
    let init = crate::creation::full_on((), initial, Some(out_dtype), a.device()).map_err(|e| {
        Error::bad_argument(
            name,
            "initial",
            format!("{initial:?}"),
            format!("a value of the output dtype {out_dtype} ({e})"),
        )
    })?;
    if extremum && n_red == 0 {
        return init
            .broadcast_to(&reduced_shape(shape, &axes, keepdims))?
            .as_c_contiguous();
    }
    let r = reduce(
        op,
        a,
        Axes::Many(axes.iter().map(|&i| i as isize).collect()),
        keepdims,
        dtype,
        0.0,
    )?;
    match op {
        ReduceOp::Max => ops::maximum(&r, &init),
        ReduceOp::Min => ops::minimum(&r, &init),
        ReduceOp::NanMax => ops::fmax(&r, &init),
        ReduceOp::NanMin => ops::fmin(&r, &init),
        ReduceOp::Sum | ReduceOp::NanSum => ops::add(&init, &r),
        _ => ops::multiply(&init, &r),
    }
}

macro_rules! simple_reduction {
    ($(#[$m:meta])* $name:ident, $op:ident) => {
        $(#[$m])*
        ///
        /// # Errors
        /// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`;
        /// [`Error::BadArgument`] for a repeated axis; see also the module docs for empty and
        /// all-NaN inputs.
        pub fn $name(a: &Array, axis: impl Into<Axes>, keepdims: bool) -> Result<Array> {
            reduce(ReduceOp::$op, a, axis, keepdims, None, 0.0)
        }
    };
}

macro_rules! dtype_reduction {
    ($(#[$m:meta])* $name:ident, $op:ident) => {
        $(#[$m])*
        ///
        /// `dtype`: the accumulator and result dtype (`None`: NumPy's default, see the module
        /// docs).
        ///
        /// # Errors
        /// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`;
        /// [`Error::BadArgument`] for a repeated axis.
        pub fn $name(
            a: &Array,
            axis: impl Into<Axes>,
            keepdims: bool,
            dtype: Option<DType>,
        ) -> Result<Array> {
            reduce(ReduceOp::$op, a, axis, keepdims, dtype, 0.0)
        }
    };
}

simple_reduction!(
    /// Sum of the elements over `axis` (`numpy.sum`).
    ///
    /// **Shapes:** `a.shape()` without the reduced axes (kept as 1 with `keepdims`).
    /// **Dtypes:** int64 for bool/signed, uint64 for unsigned, the input's for floats (float16
    /// accumulated in float32). Pairwise summation on the CPU.
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::{sum, Axes}};
    /// let a = Array::from_vec_on(vec![1i32, 2, 3, 4, 5, 6], &[2, 3], Device::Cpu).unwrap();
    /// assert_eq!(sum(&a, Axes::All, false).unwrap().item().unwrap().as_i64(), 21);
    /// assert_eq!(sum(&a, 0, false).unwrap().to_vec::<i64>().unwrap(), vec![5, 7, 9]);
    /// assert_eq!(sum(&a, -1, true).unwrap().shape(), &[2, 1]);
    /// ```
    sum, Sum
);
dtype_reduction!(
    /// [`sum`] with an explicit accumulator/result `dtype` (`numpy.sum(a, dtype=...)`).
    ///
    /// ```
    /// use cuprum_core::{Array, DType, Device, reduce::{sum_dtype, Axes}};
    /// let a = Array::from_vec_on(vec![i32::MAX, 1], &[2], Device::Cpu).unwrap();
    /// let s = sum_dtype(&a, Axes::All, false, Some(DType::Int32)).unwrap();
    /// assert_eq!(s.item().unwrap().as_i64(), i32::MIN as i64); // wraps like NumPy
    /// ```
    sum_dtype, Sum
);
simple_reduction!(
    /// Product of the elements over `axis` (`numpy.prod`); dtypes as [`sum`].
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::prod};
    /// let a = Array::from_vec_on(vec![1.5f64, 2.0, 4.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(prod(&a, None::<isize>, false).unwrap().item().unwrap().as_f64(), 12.0);
    /// ```
    prod, Prod
);
dtype_reduction!(
    /// [`prod`] with an explicit accumulator/result `dtype`.
    ///
    /// ```
    /// use cuprum_core::{Array, DType, Device, reduce::{prod_dtype, Axes}};
    /// let a = Array::from_vec_on(vec![3u8, 100], &[2], Device::Cpu).unwrap();
    /// let p = prod_dtype(&a, Axes::All, false, Some(DType::UInt8)).unwrap();
    /// assert_eq!(p.item().unwrap().as_u64(), 300 % 256);
    /// ```
    prod_dtype, Prod
);
simple_reduction!(
    /// Sum treating NaN as zero (`numpy.nansum`); dtypes as [`sum`].
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::nansum};
    /// let a = Array::from_vec_on(vec![1.0f32, f32::NAN, 2.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(nansum(&a, 0, false).unwrap().item().unwrap().as_f64(), 3.0);
    /// ```
    nansum, NanSum
);
dtype_reduction!(
    /// [`nansum`] with an explicit accumulator/result `dtype`.
    ///
    /// ```
    /// use cuprum_core::{Array, DType, Device, reduce::{nansum_dtype, Axes}};
    /// let a = Array::from_vec_on(vec![1.0f32, f32::NAN], &[2], Device::Cpu).unwrap();
    /// let s = nansum_dtype(&a, Axes::All, false, Some(DType::Float64)).unwrap();
    /// assert_eq!(s.dtype(), DType::Float64);
    /// ```
    nansum_dtype, NanSum
);
simple_reduction!(
    /// Product treating NaN as one (`numpy.nanprod`); dtypes as [`sum`].
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::nanprod};
    /// let a = Array::from_vec_on(vec![2.0f64, f64::NAN, 3.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(nanprod(&a, 0, false).unwrap().item().unwrap().as_f64(), 6.0);
    /// ```
    nanprod, NanProd
);
simple_reduction!(
    /// Arithmetic mean over `axis` (`numpy.mean`): the sum (pairwise, in the compute dtype)
    /// divided by the count. Integers and bool give float64; float16 accumulates in float32.
    /// The mean of an empty axis is NaN (NumPy warns).
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::mean};
    /// let a = Array::from_vec_on(vec![1i32, 2, 3, 4], &[2, 2], Device::Cpu).unwrap();
    /// assert_eq!(mean(&a, 1, false).unwrap().to_vec::<f64>().unwrap(), vec![1.5, 3.5]);
    /// ```
    mean, Mean
);
dtype_reduction!(
    /// [`mean`] with an explicit compute/result `dtype`.
    ///
    /// ```
    /// use cuprum_core::{Array, DType, Device, reduce::{mean_dtype, Axes}};
    /// let a = Array::from_vec_on(vec![1i32, 2], &[2], Device::Cpu).unwrap();
    /// let m = mean_dtype(&a, Axes::All, false, Some(DType::Float32)).unwrap();
    /// assert_eq!(m.to_vec::<f32>().unwrap(), vec![1.5]);
    /// ```
    mean_dtype, Mean
);
simple_reduction!(
    /// Mean of the non-NaN elements (`numpy.nanmean`); an all-NaN slice gives NaN.
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::nanmean};
    /// let a = Array::from_vec_on(vec![1.0f64, f64::NAN, 3.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(nanmean(&a, 0, false).unwrap().item().unwrap().as_f64(), 2.0);
    /// ```
    nanmean, NanMean
);
simple_reduction!(
    /// Largest element over `axis` (`numpy.max`/`numpy.amax`); NaN propagates; complex values
    /// compare lexicographically. The input dtype is kept.
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::max};
    /// let a = Array::from_vec_on(vec![3i8, -7, 5, 1], &[2, 2], Device::Cpu).unwrap();
    /// assert_eq!(max(&a, 0, false).unwrap().to_vec::<i8>().unwrap(), vec![5, 1]);
    /// ```
    max, Max
);
simple_reduction!(
    /// Alias of [`max`] (`numpy.amax`).
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::amax};
    /// let a = Array::from_vec_on(vec![1.0f32, 4.0], &[2], Device::Cpu).unwrap();
    /// assert_eq!(amax(&a, 0, false).unwrap().item().unwrap().as_f64(), 4.0);
    /// ```
    amax, Max
);
simple_reduction!(
    /// Smallest element over `axis` (`numpy.min`/`numpy.amin`); NaN propagates.
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::min};
    /// let a = Array::from_vec_on(vec![3u16, 9, 2], &[3], Device::Cpu).unwrap();
    /// assert_eq!(min(&a, 0, false).unwrap().item().unwrap().as_u64(), 2);
    /// ```
    min, Min
);
simple_reduction!(
    /// Alias of [`min`] (`numpy.amin`).
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::amin};
    /// let a = Array::from_vec_on(vec![1.0f32, -4.0], &[2], Device::Cpu).unwrap();
    /// assert_eq!(amin(&a, 0, false).unwrap().item().unwrap().as_f64(), -4.0);
    /// ```
    amin, Min
);
simple_reduction!(
    /// Largest non-NaN element (`numpy.nanmax`); an all-NaN slice gives NaN.
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::nanmax};
    /// let a = Array::from_vec_on(vec![1.0f64, f64::NAN, 3.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(nanmax(&a, 0, false).unwrap().item().unwrap().as_f64(), 3.0);
    /// ```
    nanmax, NanMax
);
simple_reduction!(
    /// Smallest non-NaN element (`numpy.nanmin`); an all-NaN slice gives NaN.
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::nanmin};
    /// let a = Array::from_vec_on(vec![1.0f64, f64::NAN, -3.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(nanmin(&a, 0, false).unwrap().item().unwrap().as_f64(), -3.0);
    /// ```
    nanmin, NanMin
);
simple_reduction!(
    /// Index of the largest element (`numpy.argmax`): the first occurrence on ties, the first
    /// NaN if there is one. With [`Axes::All`] the index is into the C-order flattening.
    /// `axis` must be one axis or all. Result dtype int64.
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::{argmax, Axes}};
    /// let a = Array::from_vec_on(vec![1.0f32, 5.0, 5.0, 2.0], &[2, 2], Device::Cpu).unwrap();
    /// assert_eq!(argmax(&a, Axes::All, false).unwrap().item().unwrap().as_i64(), 1);
    /// assert_eq!(argmax(&a, 0, false).unwrap().to_vec::<i64>().unwrap(), vec![1, 0]);
    /// ```
    argmax, ArgMax
);
simple_reduction!(
    /// Index of the smallest element (`numpy.argmin`), first occurrence; NaN wins.
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::argmin};
    /// let a = Array::from_vec_on(vec![4i64, 1, 1], &[3], Device::Cpu).unwrap();
    /// assert_eq!(argmin(&a, 0, false).unwrap().item().unwrap().as_i64(), 1);
    /// ```
    argmin, ArgMin
);
simple_reduction!(
    /// Index of the largest non-NaN element (`numpy.nanargmax`); an all-NaN slice is an
    /// [`Error::OutOfDomain`].
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::nanargmax};
    /// let a = Array::from_vec_on(vec![f64::NAN, 2.0, 1.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(nanargmax(&a, 0, false).unwrap().item().unwrap().as_i64(), 1);
    /// ```
    nanargmax, NanArgMax
);
simple_reduction!(
    /// Index of the smallest non-NaN element (`numpy.nanargmin`); an all-NaN slice is an
    /// [`Error::OutOfDomain`].
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::nanargmin};
    /// let a = Array::from_vec_on(vec![f64::NAN, 2.0, 1.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(nanargmin(&a, 0, false).unwrap().item().unwrap().as_i64(), 2);
    /// ```
    nanargmin, NanArgMin
);
simple_reduction!(
    /// True where every element over `axis` is nonzero (`numpy.all`; NaN counts as true, the
    /// empty `all` is true). Result dtype bool.
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::all};
    /// let a = Array::from_vec_on(vec![1.0f64, f64::NAN, 0.0, 2.0], &[2, 2], Device::Cpu).unwrap();
    /// assert_eq!(all(&a, 1, false).unwrap().to_vec::<bool>().unwrap(), vec![true, false]);
    /// ```
    all, All
);
simple_reduction!(
    /// True where any element over `axis` is nonzero (`numpy.any`; the empty `any` is false).
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::any};
    /// let a = Array::from_vec_on(vec![0i32, 0, 0, 3], &[2, 2], Device::Cpu).unwrap();
    /// assert_eq!(any(&a, 1, false).unwrap().to_vec::<bool>().unwrap(), vec![false, true]);
    /// ```
    any, Any
);
simple_reduction!(
    /// Number of nonzero elements over `axis` (`numpy.count_nonzero`), as int64.
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::{count_nonzero, Axes}};
    /// let a = Array::from_vec_on(vec![true, false, true], &[3], Device::Cpu).unwrap();
    /// assert_eq!(count_nonzero(&a, Axes::All, false).unwrap().item().unwrap().as_i64(), 2);
    /// ```
    count_nonzero, CountNonzero
);
simple_reduction!(
    /// Range `max - min` over `axis` (`numpy.ptp`), computed in the input dtype (integers
    /// wrap, as in NumPy). Bool input is an [`Error::DType`].
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::ptp};
    /// let a = Array::from_vec_on(vec![4.0f64, 9.0, 1.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(ptp(&a, 0, false).unwrap().item().unwrap().as_f64(), 8.0);
    /// ```
    ptp, Ptp
);

macro_rules! ddof_reduction {
    ($(#[$m:meta])* $name:ident, $op:ident) => {
        $(#[$m])*
        ///
        /// `ddof`: delta degrees of freedom; the divisor is `max(n - ddof, 0)` (a zero divisor
        /// gives inf or NaN, as in NumPy).
        ///
        /// # Errors
        /// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`;
        /// [`Error::BadArgument`] for a repeated axis.
        pub fn $name(a: &Array, axis: impl Into<Axes>, ddof: f64, keepdims: bool) -> Result<Array> {
            reduce(ReduceOp::$op, a, axis, keepdims, None, ddof)
        }
    };
}

ddof_reduction!(
    /// Variance over `axis` (`numpy.var`), two-pass: `Σ|x - mean|² / (n - ddof)`. Integers give
    /// float64, complex input gives the real dtype.
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::var};
    /// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
    /// assert_eq!(var(&a, 0, 0.0, false).unwrap().item().unwrap().as_f64(), 1.25);
    /// assert_eq!(var(&a, 0, 1.0, false).unwrap().item().unwrap().as_f64(), 5.0 / 3.0);
    /// ```
    var, Var
);
ddof_reduction!(
    /// Standard deviation over `axis` (`numpy.std`): the square root of [`var`].
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::std};
    /// let a = Array::from_vec_on(vec![2.0f32, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0], &[8], Device::Cpu).unwrap();
    /// assert_eq!(std(&a, 0, 0.0, false).unwrap().item().unwrap().as_f64(), 2.0);
    /// ```
    std, Std
);
ddof_reduction!(
    /// Variance of the non-NaN elements (`numpy.nanvar`); the divisor is the non-NaN count
    /// minus `ddof`.
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::nanvar};
    /// let a = Array::from_vec_on(vec![1.0f64, f64::NAN, 3.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(nanvar(&a, 0, 0.0, false).unwrap().item().unwrap().as_f64(), 1.0);
    /// ```
    nanvar, NanVar
);
ddof_reduction!(
    /// Standard deviation of the non-NaN elements (`numpy.nanstd`).
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::nanstd};
    /// let a = Array::from_vec_on(vec![1.0f64, f64::NAN, 3.0], &[3], Device::Cpu).unwrap();
    /// assert_eq!(nanstd(&a, 0, 0.0, false).unwrap().item().unwrap().as_f64(), 1.0);
    /// ```
    nanstd, NanStd
);

/// Runs a scan (`cumsum`/`cumprod`) along `axis`, or over the C-order flattening when `axis` is
/// `None` (the result is then 1-D).
///
/// **Shapes:** `a.shape()` (or `[a.size()]` for `axis = None`).
/// **Dtypes:** as [`sum`]; an explicit `dtype` casts each element first (`dtype=bool` gives a
/// running logical `or`). float16/bfloat16 partial results are rounded to the output dtype at
/// every step, as NumPy does.
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`; backend errors.
pub fn scan(op: ScanOp, a: &Array, axis: Option<isize>, dtype: Option<DType>) -> Result<Array> {
    let name = op.name();
    let (compute, out_dtype) = op.dtypes(a.dtype(), dtype);
    let (src, ax) = match axis {
        Some(ax) => (a.clone(), normalize_axis(name, ax, a.ndim())?),
        None => {
            let n = a.size();
            let flat = match a.layout().reshape_view(&[n]) {
                Some(l) => a.with_layout(l),
                None => {
                    let c = a.as_c_contiguous()?;
                    c.with_layout(Layout {
                        shape: vec![n],
                        strides: vec![1],
                        offset: c.offset(),
                    })
                }
            };
            (flat, 0)
        }
    };
    let out = Array::empty_on(src.shape(), out_dtype, src.device())?;
    if out.size() > 0 {
        scan_view(op, compute, src.view(), out.view(), ax)?;
    }
    Ok(out)
}

/// Running sum along `axis` (`numpy.cumsum`); `None` flattens first.
///
/// **Dtypes:** as [`sum`] (int32 → int64, float16 stays float16).
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`.
///
/// ```
/// use cuprum_core::{Array, Device, reduce::cumsum};
/// let a = Array::from_vec_on(vec![1i32, 2, 3, 4], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(cumsum(&a, None).unwrap().to_vec::<i64>().unwrap(), vec![1, 3, 6, 10]);
/// assert_eq!(cumsum(&a, Some(0)).unwrap().to_vec::<i64>().unwrap(), vec![1, 2, 4, 6]);
/// ```
pub fn cumsum(a: &Array, axis: Option<isize>) -> Result<Array> {
    scan(ScanOp::CumSum, a, axis, None)
}

/// [`cumsum`] with an explicit `dtype` (`numpy.cumsum(a, dtype=...)`).
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`.
///
/// ```
/// use cuprum_core::{Array, DType, Device, reduce::cumsum_dtype};
/// let a = Array::from_vec_on(vec![-1i64, 1, 0], &[3], Device::Cpu).unwrap();
/// let c = cumsum_dtype(&a, None, Some(DType::Bool)).unwrap();
/// assert_eq!(c.to_vec::<bool>().unwrap(), vec![true, true, true]);
/// ```
pub fn cumsum_dtype(a: &Array, axis: Option<isize>, dtype: Option<DType>) -> Result<Array> {
    scan(ScanOp::CumSum, a, axis, dtype)
}

/// Running product along `axis` (`numpy.cumprod`); `None` flattens first.
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`.
///
/// ```
/// use cuprum_core::{Array, Device, reduce::cumprod};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// assert_eq!(cumprod(&a, Some(0)).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 2.0, 6.0]);
/// ```
pub fn cumprod(a: &Array, axis: Option<isize>) -> Result<Array> {
    scan(ScanOp::CumProd, a, axis, None)
}

/// [`cumprod`] with an explicit `dtype`.
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`.
///
/// ```
/// use cuprum_core::{Array, DType, Device, reduce::cumprod_dtype};
/// let a = Array::from_vec_on(vec![2u8, 200], &[2], Device::Cpu).unwrap();
/// let c = cumprod_dtype(&a, None, Some(DType::UInt8)).unwrap();
/// assert_eq!(c.to_vec::<u8>().unwrap(), vec![2, 144]);
/// ```
pub fn cumprod_dtype(a: &Array, axis: Option<isize>, dtype: Option<DType>) -> Result<Array> {
    scan(ScanOp::CumProd, a, axis, dtype)
}

/// Reductions as methods, mirroring `ndarray.sum(axis, keepdims=...)` and friends.
impl Array {
    /// [`sum`] of this array.
    ///
    /// # Errors
    /// As [`sum`].
    ///
    /// ```
    /// use cuprum_core::{Array, Device, reduce::Axes};
    /// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
    /// assert_eq!(a.sum(1, false).unwrap().to_vec::<f64>().unwrap(), vec![3.0, 7.0]);
    /// assert_eq!(a.sum(Axes::All, false).unwrap().item().unwrap().as_f64(), 10.0);
    /// ```
    pub fn sum(&self, axis: impl Into<Axes>, keepdims: bool) -> Result<Array> {
        sum(self, axis, keepdims)
    }
    /// [`prod`] of this array.
    ///
    /// # Errors
    /// As [`prod`].
    pub fn prod(&self, axis: impl Into<Axes>, keepdims: bool) -> Result<Array> {
        prod(self, axis, keepdims)
    }
    /// [`mean`] of this array.
    ///
    /// # Errors
    /// As [`mean`].
    pub fn mean(&self, axis: impl Into<Axes>, keepdims: bool) -> Result<Array> {
        mean(self, axis, keepdims)
    }
    /// [`var`] of this array.
    ///
    /// # Errors
    /// As [`var`].
    pub fn var(&self, axis: impl Into<Axes>, ddof: f64, keepdims: bool) -> Result<Array> {
        var(self, axis, ddof, keepdims)
    }
    /// [`std()`] of this array.
    ///
    /// # Errors
    /// As [`std()`].
    pub fn std(&self, axis: impl Into<Axes>, ddof: f64, keepdims: bool) -> Result<Array> {
        std(self, axis, ddof, keepdims)
    }
    /// [`max`] of this array.
    ///
    /// # Errors
    /// As [`max`].
    pub fn max(&self, axis: impl Into<Axes>, keepdims: bool) -> Result<Array> {
        max(self, axis, keepdims)
    }
    /// [`min`] of this array.
    ///
    /// # Errors
    /// As [`min`].
    pub fn min(&self, axis: impl Into<Axes>, keepdims: bool) -> Result<Array> {
        min(self, axis, keepdims)
    }
    /// [`argmax`] of this array.
    ///
    /// # Errors
    /// As [`argmax`].
    pub fn argmax(&self, axis: impl Into<Axes>, keepdims: bool) -> Result<Array> {
        argmax(self, axis, keepdims)
    }
    /// [`argmin`] of this array.
    ///
    /// # Errors
    /// As [`argmin`].
    pub fn argmin(&self, axis: impl Into<Axes>, keepdims: bool) -> Result<Array> {
        argmin(self, axis, keepdims)
    }
    /// [`all`] of this array.
    ///
    /// # Errors
    /// As [`all`].
    pub fn all(&self, axis: impl Into<Axes>, keepdims: bool) -> Result<Array> {
        all(self, axis, keepdims)
    }
    /// [`any`] of this array.
    ///
    /// # Errors
    /// As [`any`].
    pub fn any(&self, axis: impl Into<Axes>, keepdims: bool) -> Result<Array> {
        any(self, axis, keepdims)
    }
    /// [`ptp`] of this array.
    ///
    /// # Errors
    /// As [`ptp`].
    pub fn ptp(&self, axis: impl Into<Axes>, keepdims: bool) -> Result<Array> {
        ptp(self, axis, keepdims)
    }
    /// [`cumsum`] of this array.
    ///
    /// # Errors
    /// As [`cumsum`].
    pub fn cumsum(&self, axis: Option<isize>) -> Result<Array> {
        cumsum(self, axis)
    }
    /// [`cumprod`] of this array.
    ///
    /// # Errors
    /// As [`cumprod`].
    pub fn cumprod(&self, axis: Option<isize>) -> Result<Array> {
        cumprod(self, axis)
    }
}
