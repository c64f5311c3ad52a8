//! Shared helpers: host copies of small inputs, the interpolation-axis layout, argument
//! checks and a few array compositions used by several interpolators.

use cuprum_core::{Array, DType, Device, Error, Result, SliceItem, ext};

/// The values of `a` as float64 on the host (C order).
pub(crate) fn host_f64(op: &'static str, a: &Array) -> Result<Vec<f64>> {
    real_check(op, a)?;
    a.astype(DType::Float64)?.to_vec::<f64>()
}

/// Rejects complex and bool dtypes (the interpolators work on real data).
pub(crate) fn real_check(op: &'static str, a: &Array) -> Result<()> {
    match a.dtype() {
        DType::Complex64 | DType::Complex128 | DType::Bool => Err(Error::dtype(op, a.dtype())),
        _ => Ok(()),
    }
}

/// `a` as a contiguous float64 array on its device.
pub(crate) fn as_f64(op: &'static str, a: &Array) -> Result<Array> {
    real_check(op, a)?;
    ext::as_c_contiguous(&a.astype(DType::Float64)?)
}

/// A float64 array of `shape` holding `v`, on `device`.
pub(crate) fn upload(v: Vec<f64>, shape: &[usize], device: Device) -> Result<Array> {
    Array::from_vec_on(v, shape, device)
}

/// Checks that `a` and `b` live on the same device.
pub(crate) fn same_device(op: &'static str, a: &Array, b: &Array) -> Result<()> {
    if a.device() != b.device() {
        return Err(Error::DeviceMismatch {
            op,
            lhs: a.device(),
            rhs: b.device(),
        });
    }
    Ok(())
}

/// Normalizes `axis` for an array of `ndim` dimensions.
pub(crate) fn norm_axis(op: &'static str, axis: isize, ndim: usize) -> Result<usize> {
    let n = ndim as isize;
    if axis < -n || axis >= n {
        return Err(Error::AxisOutOfBounds { op, axis, ndim });
    }
    Ok(if axis < 0 { axis + n } else { axis } as usize)
}

/// A 1-D coordinate vector `x` and values `y` whose `axis` has `x.len()` entries, laid out
/// for interpolation: `y` moved so that `axis` is first and reshaped to `(n, r)`, plus the
/// trailing shape (the other axes of `y`, in order).
pub(crate) struct Prepared {
    /// the coordinates, on the host
    pub x: Vec<f64>,
    /// the values, `(n, r)` row-major, on the host
    pub y: Vec<f64>,
    /// `r`: the product of the trailing shape
    pub r: usize,
    /// the shape of `y` without `axis`
    pub trailing: Vec<usize>,
    /// the normalized axis
    pub axis: usize,
}

/// Moves `axis` of `y` first and flattens the rest: `(n, r)`, on `y`'s device.
pub(crate) fn axis_first(
    op: &'static str,
    y: &Array,
    axis: isize,
) -> Result<(Array, Vec<usize>, usize)> {
    if y.ndim() == 0 {
        return Err(Error::bad_shape(op, "y", y.shape(), "at least 1-d"));
    }
    let ax = norm_axis(op, axis, y.ndim())?;
    let moved = y.moveaxis(&[ax as isize], &[0])?;
    let trailing: Vec<usize> = moved.shape()[1..].to_vec();
    let r: usize = trailing.iter().product();
    let n = moved.shape()[0];
    let flat = ext::as_c_contiguous(&moved)?.reshape([n, r])?;
    Ok((flat, trailing, ax))
}

/// Host copies of `x` (1-D) and `y` (interpolated along `axis`), checked: `x` finite and
/// strictly increasing when `increasing`, at least `min_points` entries, `y`'s axis as long
/// as `x`.
pub(crate) fn prepare(
    op: &'static str,
    x: &Array,
    y: &Array,
    axis: isize,
    min_points: usize,
) -> Result<Prepared> {
    same_device(op, x, y)?;
    if x.ndim() != 1 {
        return Err(Error::bad_shape(op, "x", x.shape(), "a 1-d array"));
    }
    let (yf, trailing, ax) = axis_first(op, y, axis)?;
    let n = x.shape()[0];
    if yf.shape()[0] != n {
        return Err(Error::ShapeMismatch {
            op,
            lhs: x.shape().to_vec(),
            rhs: y.shape().to_vec(),
            detail: Some(format!(
                "x has {n} entries, y has {} along axis {ax}",
                yf.shape()[0]
            )),
        });
    }
    if n < min_points {
        return Err(Error::bad_shape(
            op,
            "x",
            x.shape(),
            format!("at least {min_points} points"),
        ));
    }
    let xh = host_f64(op, x)?;
    check_increasing(op, &xh)?;
    let yh = host_f64(op, &yf)?;
    let r = yf.shape()[1];
    Ok(Prepared {
        x: xh,
        y: yh,
        r,
        trailing,
        axis: ax,
    })
}

/// `x` must be finite and strictly increasing.
pub(crate) fn check_increasing(op: &'static str, x: &[f64]) -> Result<()> {
    if x.iter().any(|v| !v.is_finite()) {
        let bad = x
            .iter()
            .find(|v| !v.is_finite())
            .copied()
            .unwrap_or(f64::NAN);
        return Err(Error::bad_argument(op, "x", bad, "finite values"));
    }
    if let Some(i) = x.windows(2).position(|w| w[1] <= w[0]) {
        return Err(Error::bad_argument(
            op,
            "x",
            format!("x[{}] = {} and x[{}] = {}", i, x[i], i + 1, x[i + 1]),
            "strictly increasing values",
        ));
    }
    Ok(())
}

/// Row `j` of the first axis of `a` (a view).
pub(crate) fn row(a: &Array, j: usize) -> Result<Array> {
    a.slice(&[SliceItem::Index(j as isize)])
}

/// Positions `lo..hi` of the first axis of `a` (a view).
pub(crate) fn rows(a: &Array, lo: usize, hi: usize) -> Result<Array> {
    a.slice(&[SliceItem::Slice {
        start: Some(lo as isize),
        stop: Some(hi as isize),
        step: 1,
    }])
}

/// Column `k` of the 2-d `a` as a `(m, 1)` view.
pub(crate) fn column(a: &Array, k: usize) -> Result<Array> {
    a.slice(&[
        SliceItem::FULL,
        SliceItem::Slice {
            start: Some(k as isize),
            stop: Some(k as isize + 1),
            step: 1,
        },
    ])
}

/// Places the evaluation result `res` of shape `xshape + trailing` the way SciPy's
/// interpolators return it: the `xshape` axes at position `axis` among the trailing axes.
pub(crate) fn place_axis(
    res: &Array,
    xshape: &[usize],
    trailing: &[usize],
    axis: usize,
) -> Result<Array> {
    let mut shape = xshape.to_vec();
    shape.extend_from_slice(trailing);
    let r = res.reshape(shape.as_slice())?;
    if axis == 0 || xshape.is_empty() {
        return Ok(r);
    }
    let nx = xshape.len();
    let src: Vec<isize> = (0..nx as isize).collect();
    let dst: Vec<isize> = (axis as isize..(axis + nx) as isize).collect();
    r.moveaxis(&src, &dst)
}

/// `1` when the boolean array `mask` has any true element.
pub(crate) fn any_true(mask: &Array) -> Result<bool> {
    if mask.size() == 0 {
        return Ok(false);
    }
    let a = mask.any(None, false)?;
    Ok(a.astype(DType::Bool)?
        .to_vec::<bool>()?
        .first()
        .copied()
        .unwrap_or(false))
}

/// `n!` as a float.
pub(crate) fn factorial(n: usize) -> f64 {
    (1..=n).fold(1.0, |a, b| a * b as f64)
}

/// Rejects `a` or `b` (named `names`) that is not 1-d: the first such one, as
/// [`Error::BadShape`].
pub(crate) fn both_1d(
    op: &'static str,
    names: (&'static str, &'static str),
    a: &Array,
    b: &Array,
) -> Result<()> {
    for (name, v) in [(names.0, a), (names.1, b)] {
        if v.ndim() != 1 {
            return Err(Error::bad_shape(op, name, v.shape(), "a 1-d array"));
        }
    }
    Ok(())
}

/// Checks query points `xi` `(..., d)` of an `d`-dimensional interpolator and returns the
/// leading shape `...` and the number of points.
pub(crate) fn query_points(op: &'static str, xi: &Array, d: usize) -> Result<(Vec<usize>, usize)> {
    if xi.ndim() == 0 || xi.shape()[xi.ndim() - 1] != d {
        return Err(Error::bad_shape(
            op,
            "xi",
            xi.shape(),
            format!("(..., {d})"),
        ));
    }
    let lead = xi.shape()[..xi.ndim() - 1].to_vec();
    let q = lead.iter().product();
    Ok((lead, q))
}

/// Checks `values` `(n, *trailing)` (argument `arg`), one value per point, and returns
/// `trailing` and its size.
pub(crate) fn values_per_point(
    op: &'static str,
    arg: &'static str,
    values: &Array,
    n: usize,
) -> Result<(Vec<usize>, usize)> {
    if values.ndim() == 0 || values.shape()[0] != n {
        return Err(Error::bad_shape(
            op,
            arg,
            values.shape(),
            format!("({n}, ...): one value per point"),
        ));
    }
    let trailing = values.shape()[1..].to_vec();
    let r = trailing.iter().product();
    Ok((trailing, r))
}

/// Checks that the derivative orders `nu` give one order per dimension of `d`.
pub(crate) fn orders_per_dim(op: &'static str, nu: &[usize], d: usize) -> Result<()> {
    if nu.len() != d {
        return Err(Error::bad_argument(
            op,
            "nu",
            format!("{nu:?}"),
            format!("{d} orders, one per dimension"),
        ));
    }
    Ok(())
}

/// Squared Euclidean distances `(m, n)` between the rows of `a` `(m, d)` and the columns of
/// `bt` `(d, n)` (the second point set transposed), summed one coordinate at a time as
/// broadcast array operations on the points' device; zeros for `d = 0`.
pub(crate) fn sqdist(a: &Array, bt: &Array) -> Result<Array> {
    let d = a.shape()[1];
    let mut acc: Option<Array> = None;
    for k in 0..d {
        let sq = cuprum_core::square(&cuprum_core::subtract(
            &column(a, k)?,
            &rows(bt, k, k + 1)?,
        )?)?;
        acc = Some(match acc {
            None => sq,
            Some(s) => cuprum_core::add(&s, &sq)?,
        });
    }
    match acc {
        Some(s) => Ok(s),
        None => cuprum_core::zeros_on([a.shape()[0], bt.shape()[1]], DType::Float64, a.device()),
    }
}
