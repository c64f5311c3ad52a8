//! Host buffers, dtype rules and argument normalization shared by the modules.

use cuprum_core::{Array, DType, Error, Result, ext};

/// The values of `a` (any real or bool dtype, any layout, on the CPU) as a C-ordered `f64`
/// buffer.
pub(crate) fn host_f64(a: &Array) -> Result<Vec<f64>> {
    let b = if a.dtype() == DType::Float64 {
        a.clone()
    } else {
        a.astype(DType::Float64)?
    };
    b.to_vec::<f64>()
}

/// Fails for complex (and other non-real) dtypes, which `op` does not take.
pub(crate) fn check_real(op: &'static str, a: &Array) -> Result<()> {
    if a.dtype().is_complex() {
        return Err(Error::dtype(op, a.dtype()));
    }
    Ok(())
}

/// Fails unless `a` (the argument `arg`) has `ndim` dimensions, the input's rank.
pub(crate) fn check_rank(
    op: &'static str,
    arg: &'static str,
    a: &Array,
    ndim: usize,
) -> Result<()> {
    if a.ndim() != ndim {
        return Err(Error::bad_shape(
            op,
            arg,
            a.shape(),
            format!("{ndim} dimensions, the input's rank"),
        ));
    }
    Ok(())
}

/// Fails unless `other` has the shape of `input`; `detail` says which argument must.
pub(crate) fn check_same_shape(
    op: &'static str,
    input: &Array,
    other: &Array,
    detail: &str,
) -> Result<()> {
    if other.shape() != input.shape() {
        return Err(Error::ShapeMismatch {
            op,
            lhs: input.shape().to_vec(),
            rhs: other.shape().to_vec(),
            detail: Some(detail.into()),
        });
    }
    Ok(())
}

/// The values (C order) of a connectivity `structure`, `3 x ... x 3` of rank `ndim`; the
/// default is connectivity 1 (`generate_binary_structure(ndim, 1)`).
pub(crate) fn structure_3x3(
    op: &'static str,
    ndim: usize,
    structure: Option<&Array>,
) -> Result<Vec<f64>> {
    match structure {
        Some(s) => {
            check_rank(op, "structure", s, ndim)?;
            if s.shape().iter().any(|&n| n != 3) {
                return Err(Error::bad_shape(
                    op,
                    "structure",
                    s.shape(),
                    "3 along every axis",
                ));
            }
            host_f64(s)
        }
        None => host_f64(&crate::generate_binary_structure(ndim, 1)?),
    }
}

/// Whether `dtype` is an integer (or bool) dtype.
pub(crate) fn is_integer(dtype: DType) -> bool {
    !dtype.is_float() && !dtype.is_complex()
}

/// `v` as one value per axis of an `ndim`-d array: a length-1 slice repeated, or a slice of
/// length `ndim`.
pub(crate) fn per_axis<T: Copy>(
    op: &'static str,
    what: &'static str,
    v: &[T],
    ndim: usize,
) -> Result<Vec<T>> {
    match v.len() {
        1 => Ok(bounded(ndim, v[0])),
        n if n == ndim => Ok(v.to_vec()),
        0 if ndim == 0 => Ok(Vec::new()),
        n => Err(Error::bad_shape(
            op,
            what,
            &[n],
            format!("1 value or one per axis ({ndim})"),
        )),
    }
}

/// Origins per axis (an empty slice means all zero).
pub(crate) fn origins(op: &'static str, origin: &[isize], ndim: usize) -> Result<Vec<i64>> {
    if origin.is_empty() {
        return Ok(bounded(ndim, 0));
    }
    Ok(per_axis(op, "origin", origin, ndim)?
        .into_iter()
        .map(|o| o as i64)
        .collect())
}

/// The origin of a 1-d filter: `None` for an empty slice, the one value, or an error for more.
pub(crate) fn single_origin(op: &'static str, origin: &[isize]) -> Result<Option<isize>> {
    match origin {
        [] => Ok(None),
        [v] => Ok(Some(*v)),
        o => Err(Error::bad_argument(
            op,
            "origin",
            format!("{o:?}"),
            "one integer",
        )),
    }
}

/// Fails unless `-(w / 2) <= origin <= (w - 1) / 2` (SciPy's check).
pub(crate) fn check_origin(op: &'static str, origin: i64, w: usize) -> Result<()> {
    let w = w as i64;
    if origin < -(w / 2) || origin > (w - 1) / 2 {
        return Err(Error::bad_argument(
            op,
            "origin",
            origin,
            format!("-(w // 2) <= origin <= (w - 1) // 2 for a window of length w = {w}"),
        ));
    }
    Ok(())
}

/// `axis` (negative counts from the end) as an index below `ndim`.
pub(crate) fn norm_axis(op: &'static str, axis: isize, ndim: usize) -> Result<usize> {
    let a = if axis < 0 { axis + ndim as isize } else { axis };
    if a < 0 || a as usize >= ndim {
        return Err(Error::AxisOutOfBounds { op, axis, ndim });
    }
    Ok(a as usize)
}

/// C-order strides (in elements) of `shape`.
pub(crate) fn strides_of(shape: &[usize]) -> Vec<usize> {
    let mut s = bounded(shape.len(), 1usize);
    for d in (0..shape.len().saturating_sub(1)).rev() {
        s[d] = s[d + 1] * shape[d + 1];
    }
    s
}

/// A zero-filled `f64` host buffer of `n` elements (fallible).
pub(crate) fn zeros(n: usize) -> Result<Vec<f64>> {
    ext::try_vec_filled(n, 0.0f64)
}

/// The element count of `shape`, checked for overflow.
pub(crate) fn size_of(op: &'static str, shape: &[usize]) -> Result<usize> {
    shape.iter().try_fold(1usize, |acc, &n| {
        acc.checked_mul(n).ok_or_else(|| {
            Error::bad_shape(op, "shape", shape, "an element count that fits in usize")
        })
    })
}

/// A one-filled `f64` host buffer of `n` elements (fallible).
pub(crate) fn ones(n: usize) -> Result<Vec<f64>> {
    ext::try_vec_filled(n, 1.0f64)
}

/// `n` copies of `x`, for host buffers whose length is bounded by something already in memory
/// (the rank of an array, the taps of a window, the length of one axis, the entries of an
/// index slice); buffers of an output's size go through `ext::try_vec_filled` instead.
pub(crate) fn bounded<T: Clone>(n: usize, x: T) -> Vec<T> {
    std::iter::repeat_n(x, n).collect()
}

/// The filtered axes of an `ndim`-d input (SciPy's `axes`): normalized and distinct, in the
/// order given; `None` for an empty list (every axis).
pub(crate) fn filter_axes(
    op: &'static str,
    axes: &[isize],
    ndim: usize,
) -> Result<Option<Vec<usize>>> {
    if axes.is_empty() {
        return Ok(None);
    }
    let ax = axes
        .iter()
        .map(|&a| norm_axis(op, a, ndim))
        .collect::<Result<Vec<usize>>>()?;
    let mut s = ax.clone();
    s.sort_unstable();
    s.dedup();
    if s.len() != ax.len() {
        return Err(Error::bad_argument(
            op,
            "axes",
            format!("{axes:?}"),
            "distinct axes",
        ));
    }
    Ok(Some(ax))
}

/// Per-axis values for every axis: with `axes`, `v` has one value or one per filtered axis
/// and the other axes get `fill`; without, [`per_axis`] over all axes.
pub(crate) fn expand_per_axis<T: Copy>(
    op: &'static str,
    what: &'static str,
    v: &[T],
    axes: Option<&[usize]>,
    ndim: usize,
    fill: T,
) -> Result<Vec<T>> {
    match axes {
        None => per_axis(op, what, v, ndim),
        Some(ax) => {
            let vals = per_axis(op, what, v, ax.len())?;
            let mut out = bounded(ndim, fill);
            for (&a, &x) in ax.iter().zip(&vals) {
                out[a] = x;
            }
            Ok(out)
        }
    }
}

/// Origins for every axis with `axes` (empty `origin`: all zero).
pub(crate) fn expand_origin(
    op: &'static str,
    origin: &[isize],
    axes: Option<&[usize]>,
    ndim: usize,
) -> Result<Vec<isize>> {
    if origin.is_empty() {
        return Ok(bounded(ndim, 0));
    }
    expand_per_axis(op, "origin", origin, axes, ndim, 0)
}

/// An array of `len(axes)` dimensions given every dimension: size-1 axes inserted where the
/// input is not filtered (NumPy's `expand_dims`, the filtered axes in increasing order).
pub(crate) fn expand_dims_for_axes(
    op: &'static str,
    what: &'static str,
    a: &Array,
    axes: &[usize],
    ndim: usize,
) -> Result<Array> {
    if a.ndim() != axes.len() {
        return Err(Error::bad_shape(
            op,
            what,
            a.shape(),
            format!("{} dimensions, one per axis in axes", axes.len()),
        ));
    }
    let mut sorted = axes.to_vec();
    sorted.sort_unstable();
    let mut shape = bounded(ndim, 1usize);
    for (&ax, &n) in sorted.iter().zip(a.shape()) {
        shape[ax] = n;
    }
    a.reshape(shape.as_slice())
}
