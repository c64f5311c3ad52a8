//! Index construction and in-place indexing routines with NumPy's names: `indices`, `ix_`,
//! `unravel_index`, `ravel_multi_index`, `tril_indices`/`triu_indices`/`diag_indices` (and
//! their `_from` forms), `put_along_axis`, `putmask`, `place`, `fill_diagonal`, `choose`,
//! `select`, `extract`, `lexsort`, `packbits`, `unpackbits`, `apply_along_axis`,
//! `sliding_window_view`, `as_strided`, and cupyx's `scatter_max`/`scatter_min`.
//!
//! Index arrays are built on the host (they are as small as the shapes that define them) and
//! uploaded once; everything that touches array data is composed of core's operations, so it
//! runs on every device.

use super::ufuncs::{Ufunc, ufunc_at};
use super::util::{i64_array, ishape};
use crate::indexing::{IndexItem, IndexMode};
use crate::layout::normalize_axis;
use crate::ops::{self, BinaryOp, Operand, where_};
use crate::{Array, DType, Device, Error, Layout, Result};

/// The index grids of a shape (`numpy.indices`): an int64 array of shape
/// `(len(dimensions),) + dimensions` whose `i`-th entry holds the `i`-th coordinate.
///
/// # Errors
/// [`Error::TooBig`] when the result would be too big.
///
/// ```
/// use cuprum_core::{Device, indices};
/// let g = indices(&[2, 3], Device::Cpu).unwrap();
/// assert_eq!(g.shape(), &[2, 2, 3]);
/// assert_eq!(g.to_vec::<i64>().unwrap(), vec![0, 0, 0, 1, 1, 1, 0, 1, 2, 0, 1, 2]);
/// ```
pub fn indices(dimensions: &[usize], device: Device) -> Result<Array> {
    let mut full = vec![dimensions.len()];
    full.extend_from_slice(dimensions);
    crate::layout::checked_size("indices", &full, 8)?;
    let mut grids = Vec::with_capacity(dimensions.len());
    for (i, &d) in dimensions.iter().enumerate() {
        let mut shape = vec![1isize; dimensions.len()];
        shape[i] = d as isize;
        let v = i64_array((0..d as i64).collect(), device)?.reshape(shape.as_slice())?;
        grids.push(v.broadcast_to(dimensions)?);
    }
    if grids.is_empty() {
        return crate::creation::zeros_on(&[0usize][..], DType::Int64, device);
    }
    crate::manip::stack(&grids.iter().collect::<Vec<_>>(), 0)
}

/// Open meshes from 1-D sequences (`numpy.ix_`): the `k`-th result has shape
/// `(1, ..., n_k, ..., 1)`; a bool sequence stands for its nonzero positions.
///
/// # Errors
/// [`Error::InvalidValue`] for an input that is not 1-D.
///
/// ```
/// use cuprum_core::{Array, ix_};
/// let a = Array::from_vec(vec![0i64, 1], &[2]).unwrap();
/// let b = Array::from_vec(vec![2i64, 4], &[2]).unwrap();
/// let m = ix_(&[&a, &b]).unwrap();
/// assert_eq!((m[0].shape(), m[1].shape()), (&[2usize, 1][..], &[1usize, 2][..]));
/// ```
pub fn ix_(args: &[&Array]) -> Result<Vec<Array>> {
    let nd = args.len();
    args.iter()
        .enumerate()
        .map(|(k, a)| {
            if a.ndim() != 1 {
                return Err(Error::invalid_value(
                    "ix_",
                    format!(
                        "cross index must be 1 dimensional, got shape {:?}",
                        a.shape()
                    ),
                ));
            }
            let a = if a.dtype().is_bool() {
                crate::indexing::flatnonzero(a)?
            } else {
                (*a).clone()
            };
            let mut shape = vec![1isize; nd];
            shape[k] = a.size() as isize;
            a.reshape(shape.as_slice())
        })
        .collect()
}

/// The coordinates of flat (C-order) indices in an array of `shape` (`numpy.unravel_index`).
///
/// **Shapes:** one int64 array of `indices`' shape per axis of `shape`.
///
/// # Errors
/// [`Error::DType`] for non-integer indices; [`Error::InvalidValue`] for an index outside
/// `[0, prod(shape))`.
///
/// ```
/// use cuprum_core::{Array, unravel_index};
/// let i = Array::from_vec(vec![22i64, 41, 37], &[3]).unwrap();
/// let c = unravel_index(&i, &[7, 6]).unwrap();
/// assert_eq!(c[0].to_vec::<i64>().unwrap(), vec![3, 6, 6]);
/// assert_eq!(c[1].to_vec::<i64>().unwrap(), vec![4, 5, 1]);
/// ```
pub fn unravel_index(indices: &Array, shape: &[usize]) -> Result<Vec<Array>> {
    const OP: &str = "unravel_index";
    if !indices.dtype().is_integer() {
        return Err(Error::DType {
            op: OP,
            dtype: indices.dtype(),
            detail: ": only int indices permitted".into(),
        });
    }
    let size = crate::layout::checked_size(OP, shape, 1)? as i64;
    let idx = indices.astype(DType::Int64)?;
    let bad = ops::logical_or(&ops::less(&idx, 0i64)?, &ops::greater_equal(&idx, size)?)?;
    if crate::reduce::any(&bad, None, false)?.item()?.as_bool() {
        return Err(Error::invalid_value(
            OP,
            format!("index out of bounds for array with size {size}"),
        ));
    }
    let mut out = vec![idx.clone(); shape.len()];
    let mut rest = idx;
    for (k, &d) in shape.iter().enumerate().rev() {
        let d = d.max(1) as i64;
        out[k] = ops::remainder(&rest, d)?;
        rest = ops::floor_divide(&rest, d)?;
    }
    Ok(out)
}

/// Flat (C-order) indices of coordinate arrays in an array of `dims`
/// (`numpy.ravel_multi_index`, `mode='raise'`).
///
/// **Shapes:** the coordinate arrays broadcast together; int64 result of that shape.
///
/// # Errors
/// [`Error::InvalidValue`] when the number of coordinate arrays differs from `dims.len()` or a
/// coordinate is out of bounds; [`Error::DType`] for non-integer coordinates.
///
/// ```
/// use cuprum_core::{Array, ravel_multi_index};
/// let r = Array::from_vec(vec![3i64, 6, 6], &[3]).unwrap();
/// let c = Array::from_vec(vec![4i64, 5, 1], &[3]).unwrap();
/// assert_eq!(ravel_multi_index(&[&r, &c], &[7, 6]).unwrap().to_vec::<i64>().unwrap(), vec![22, 41, 37]);
/// ```
pub fn ravel_multi_index(multi_index: &[&Array], dims: &[usize]) -> Result<Array> {
    const OP: &str = "ravel_multi_index";
    if multi_index.len() != dims.len() {
        return Err(Error::invalid_value(
            OP,
            format!(
                "parameter multi_index must be a sequence of length {}, got {}",
                dims.len(),
                multi_index.len()
            ),
        ));
    }
    let Some(first) = multi_index.first() else {
        return Err(Error::invalid_value(
            OP,
            "dims must have at least one entry",
        ));
    };
    let mut acc = crate::creation::zeros_on(&[0usize; 0][..], DType::Int64, first.device())?;
    let mut stride = 1i64;
    for (k, &d) in dims.iter().enumerate().rev() {
        let c = multi_index[k];
        if !c.dtype().is_integer() {
            return Err(Error::DType {
                op: OP,
                dtype: c.dtype(),
                detail: ": only int indices permitted".into(),
            });
        }
        let c = c.astype(DType::Int64)?;
        let bad = ops::logical_or(&ops::less(&c, 0i64)?, &ops::greater_equal(&c, d as i64)?)?;
        if crate::reduce::any(&bad, None, false)?.item()?.as_bool() {
            return Err(Error::invalid_value(
                OP,
                "invalid entry in coordinates array",
            ));
        }
        acc = ops::add(&acc, &ops::multiply(&c, stride)?)?;
        stride = stride.saturating_mul(d as i64);
    }
    Ok(acc)
}

fn tri_indices(
    n: usize,
    k: isize,
    m: Option<usize>,
    lower: bool,
    device: Device,
) -> Result<Vec<Array>> {
    let m = m.unwrap_or(n);
    crate::layout::checked_size("tril_indices", &[n, m], 16)?;
    let (mut r, mut c) = (Vec::new(), Vec::new());
    for i in 0..n as isize {
        for j in 0..m as isize {
            if (lower && j - i <= k) || (!lower && j - i >= k) {
                r.push(i as i64);
                c.push(j as i64);
            }
        }
    }
    Ok(vec![i64_array(r, device)?, i64_array(c, device)?])
}

/// The row and column indices of the lower triangle (`j - i <= k`) of an `n × m` array
/// (`numpy.tril_indices`; `m` defaults to `n`).
///
/// # Errors
/// [`Error::TooBig`] for an overflowing size.
///
/// ```
/// use cuprum_core::{Device, tril_indices};
/// let ij = tril_indices(3, 0, None, Device::Cpu).unwrap();
/// assert_eq!(ij[0].to_vec::<i64>().unwrap(), vec![0, 1, 1, 2, 2, 2]);
/// assert_eq!(ij[1].to_vec::<i64>().unwrap(), vec![0, 0, 1, 0, 1, 2]);
/// ```
pub fn tril_indices(n: usize, k: isize, m: Option<usize>, device: Device) -> Result<Vec<Array>> {
    tri_indices(n, k, m, true, device)
}

/// The row and column indices of the upper triangle (`j - i >= k`) of an `n × m` array
/// (`numpy.triu_indices`).
///
/// # Errors
/// As [`tril_indices`].
///
/// ```
/// use cuprum_core::{Device, triu_indices};
/// let ij = triu_indices(3, 1, None, Device::Cpu).unwrap();
/// assert_eq!(ij[0].to_vec::<i64>().unwrap(), vec![0, 0, 1]);
/// assert_eq!(ij[1].to_vec::<i64>().unwrap(), vec![1, 2, 2]);
/// ```
pub fn triu_indices(n: usize, k: isize, m: Option<usize>, device: Device) -> Result<Vec<Array>> {
    tri_indices(n, k, m, false, device)
}

fn check_2d(op: &'static str, a: &Array) -> Result<()> {
    if a.ndim() != 2 {
        return Err(Error::invalid_value(
            op,
            format!("input array must be 2-d, got shape {:?}", a.shape()),
        ));
    }
    Ok(())
}

/// [`tril_indices`] for `arr`'s shape, on its device (`numpy.tril_indices_from`).
///
/// # Errors
/// [`Error::InvalidValue`] for a non-2-D array.
///
/// ```
/// use cuprum_core::{Array, tril_indices_from};
/// let a = Array::from_vec(vec![0.0f64; 4], &[2, 2]).unwrap();
/// assert_eq!(tril_indices_from(&a, 0).unwrap()[1].to_vec::<i64>().unwrap(), vec![0, 0, 1]);
/// ```
pub fn tril_indices_from(arr: &Array, k: isize) -> Result<Vec<Array>> {
    check_2d("tril_indices_from", arr)?;
    tri_indices(arr.shape()[0], k, Some(arr.shape()[1]), true, arr.device())
}

/// [`triu_indices`] for `arr`'s shape, on its device (`numpy.triu_indices_from`).
///
/// # Errors
/// [`Error::InvalidValue`] for a non-2-D array.
///
/// ```
/// use cuprum_core::{Array, triu_indices_from};
/// let a = Array::from_vec(vec![0.0f64; 4], &[2, 2]).unwrap();
/// assert_eq!(triu_indices_from(&a, 0).unwrap()[0].to_vec::<i64>().unwrap(), vec![0, 0, 1]);
/// ```
pub fn triu_indices_from(arr: &Array, k: isize) -> Result<Vec<Array>> {
    check_2d("triu_indices_from", arr)?;
    tri_indices(arr.shape()[0], k, Some(arr.shape()[1]), false, arr.device())
}

/// The indices of the main diagonal of an `n × ... × n` array of `ndim` axes
/// (`numpy.diag_indices`): `ndim` copies of `arange(n)`.
///
/// # Errors
/// Allocation errors.
///
/// ```
/// use cuprum_core::{Device, diag_indices};
/// let d = diag_indices(3, 2, Device::Cpu).unwrap();
/// assert_eq!((d.len(), d[0].to_vec::<i64>().unwrap()), (2, vec![0, 1, 2]));
/// ```
pub fn diag_indices(n: usize, ndim: usize, device: Device) -> Result<Vec<Array>> {
    let a = i64_array((0..n as i64).collect(), device)?;
    Ok(vec![a; ndim])
}

/// [`diag_indices`] for `arr` (`numpy.diag_indices_from`).
///
/// # Errors
/// [`Error::InvalidValue`] for fewer than 2 dimensions or unequal dimensions.
///
/// ```
/// use cuprum_core::{Array, diag_indices_from};
/// let a = Array::from_vec(vec![0.0f64; 9], &[3, 3]).unwrap();
/// assert_eq!(diag_indices_from(&a).unwrap()[1].to_vec::<i64>().unwrap(), vec![0, 1, 2]);
/// ```
pub fn diag_indices_from(arr: &Array) -> Result<Vec<Array>> {
    if arr.ndim() < 2 {
        return Err(Error::invalid_value(
            "diag_indices_from",
            "input array must be at least 2-d",
        ));
    }
    if arr.shape().iter().any(|&d| d != arr.shape()[0]) {
        return Err(Error::invalid_value(
            "diag_indices_from",
            format!(
                "all dimensions of input must be of equal length, got {:?}",
                arr.shape()
            ),
        ));
    }
    diag_indices(arr.shape()[0], arr.ndim(), arr.device())
}

/// The index arrays that address `arr` along `axis` with `indices` and every other axis by its
/// position (broadcast against `indices`).
fn along_axis_items(arr: &Array, indices: &Array, ax: usize) -> Result<Vec<IndexItem>> {
    let nd = arr.ndim();
    let mut items = Vec::with_capacity(nd);
    for i in 0..nd {
        if i == ax {
            items.push(IndexItem::Array(indices.clone()));
        } else {
            let mut shape = vec![1isize; nd];
            shape[i] = arr.shape()[i] as isize;
            items.push(IndexItem::Array(
                i64_array((0..arr.shape()[i] as i64).collect(), arr.device())?
                    .reshape(shape.as_slice())?,
            ));
        }
    }
    Ok(items)
}

/// Writes `values` into `arr` at `indices` along `axis`, in place (`numpy.put_along_axis`).
///
/// **Shapes:** `indices` has `arr.ndim()` axes and broadcasts against `arr` on the others;
/// `values` broadcasts to the indexed shape.
///
/// # Errors
/// [`Error::InvalidValue`] when `indices` has a different number of axes;
/// [`Error::IndexOutOfBounds`]; broadcasting errors.
///
/// ```
/// use cuprum_core::{Array, put_along_axis};
/// let a = Array::from_vec(vec![10i64, 30, 20, 60, 40, 50], &[2, 3]).unwrap();
/// let i = Array::from_vec(vec![1i64, 0], &[2, 1]).unwrap();
/// put_along_axis(&a, &i, &Array::from_vec(vec![99i64], &[1]).unwrap(), 1).unwrap();
/// assert_eq!(a.to_vec::<i64>().unwrap(), vec![10, 99, 20, 99, 40, 50]);
/// ```
pub fn put_along_axis(arr: &Array, indices: &Array, values: &Array, axis: isize) -> Result<()> {
    const OP: &str = "put_along_axis";
    let ax = normalize_axis(OP, axis, arr.ndim())?;
    if indices.ndim() != arr.ndim() {
        return Err(Error::invalid_value(
            OP,
            format!(
                "indices (shape {:?}) and arr (shape {:?}) must have the same number of dimensions",
                indices.shape(),
                arr.shape()
            ),
        ));
    }
    let items = along_axis_items(arr, indices, ax)?;
    arr.setitem(&items, &values.astype(arr.dtype())?)
}

/// Sets `a.flat[i] = values.flat[i % len(values)]` wherever `mask.flat[i]` is true, in place
/// (`numpy.putmask`).
///
/// **Shapes:** `mask` has `a`'s shape; `values` is repeated cyclically over `a`'s positions.
///
/// # Errors
/// [`Error::ShapeMismatch`] for a mask of another shape; [`Error::InvalidValue`] for empty
/// `values` when some of the mask is set.
///
/// ```
/// use cuprum_core::{Array, putmask};
/// let a = Array::from_vec((0..5i64).collect::<Vec<_>>(), &[5]).unwrap();
/// let m = Array::from_vec(vec![false, true, false, true, true], &[5]).unwrap();
/// putmask(&a, &m, &Array::from_vec(vec![-1i64, -2], &[2]).unwrap()).unwrap();
/// assert_eq!(a.to_vec::<i64>().unwrap(), vec![0, -2, 2, -2, -1]);
/// ```
pub fn putmask(a: &Array, mask: &Array, values: &Array) -> Result<()> {
    if mask.shape() != a.shape() {
        return Err(Error::ShapeMismatch {
            op: "putmask",
            lhs: a.shape().to_vec(),
            rhs: mask.shape().to_vec(),
            detail: Some("mask and data must be the same size".into()),
        });
    }
    if values.size() == 0 {
        if crate::reduce::any(mask, None, false)?.item()?.as_bool() {
            return Err(Error::invalid_value(
                "putmask",
                "cannot put values from an empty array",
            ));
        }
        return Ok(());
    }
    let v = super::manip2::resize(&values.astype(a.dtype())?, a.shape())?;
    let m = mask.astype(DType::Bool)?;
    let r = where_(&m, &v, a)?.astype(a.dtype())?;
    a.assign(&r)
}

/// Puts the first values of `vals` (repeated cyclically) at the positions where `mask` is true,
/// in C order, in place (`numpy.place`).
///
/// # Errors
/// [`Error::ShapeMismatch`] for a mask of another size; [`Error::InvalidValue`] for empty
/// `vals` when some of the mask is set.
///
/// ```
/// use cuprum_core::{Array, place};
/// let a = Array::from_vec((0..5i64).collect::<Vec<_>>(), &[5]).unwrap();
/// let m = Array::from_vec(vec![false, true, false, true, true], &[5]).unwrap();
/// place(&a, &m, &Array::from_vec(vec![-1i64, -2], &[2]).unwrap()).unwrap();
/// assert_eq!(a.to_vec::<i64>().unwrap(), vec![0, -1, 2, -2, -1]);
/// ```
pub fn place(arr: &Array, mask: &Array, vals: &Array) -> Result<()> {
    if mask.size() != arr.size() {
        return Err(Error::ShapeMismatch {
            op: "place",
            lhs: arr.shape().to_vec(),
            rhs: mask.shape().to_vec(),
            detail: Some("mask and data must be the same size".into()),
        });
    }
    let m = mask
        .astype(DType::Bool)?
        .reshape(ishape(arr.shape()).as_slice())?;
    let n = crate::reduce::count_nonzero(&m, None, false)?
        .item()?
        .as_i64() as usize;
    if n == 0 {
        return Ok(());
    }
    if vals.size() == 0 {
        return Err(Error::invalid_value(
            "place",
            "cannot insert from an empty array",
        ));
    }
    let v = super::manip2::resize(&vals.astype(arr.dtype())?, &[n])?;
    arr.setitem(&[IndexItem::Array(m)], &v)
}

/// Fills the main diagonal of `a` with `val` (repeated cyclically), in place
/// (`numpy.fill_diagonal`).
///
/// **Shapes:** a 2-D array (any shape; with `wrap`, a tall matrix's diagonal restarts every
/// `ncols + 1` rows as NumPy's does) or an n-D array with equal dimensions.
///
/// # Errors
/// [`Error::InvalidValue`] for fewer than 2 dimensions or unequal dimensions (n-D).
///
/// ```
/// use cuprum_core::{Array, fill_diagonal};
/// let a = Array::from_vec(vec![0i64; 9], &[3, 3]).unwrap();
/// fill_diagonal(&a, &Array::from_vec(vec![5i64], &[1]).unwrap(), false).unwrap();
/// assert_eq!(a.to_vec::<i64>().unwrap(), vec![5, 0, 0, 0, 5, 0, 0, 0, 5]);
/// ```
pub fn fill_diagonal(a: &Array, val: &Array, wrap: bool) -> Result<()> {
    const OP: &str = "fill_diagonal";
    if a.ndim() < 2 {
        return Err(Error::invalid_value(OP, "array must be at least 2-d"));
    }
    let shape = a.shape();
    let total = a.size();
    let (step, end) = if a.ndim() == 2 {
        let step = shape[1] + 1;
        let end = if wrap {
            total
        } else {
            total.min(shape[1] * shape[1])
        };
        (step, end)
    } else {
        if shape.iter().any(|&d| d != shape[0]) {
            return Err(Error::invalid_value(
                OP,
                format!("all dimensions of input must be of equal length, got {shape:?}"),
            ));
        }
        let mut step = 1usize;
        let mut p = 1usize;
        for &d in &shape[..shape.len() - 1] {
            p *= d;
            step += p;
        }
        (step, total)
    };
    let flat: Vec<i64> = (0..end).step_by(step.max(1)).map(|x| x as i64).collect();
    if flat.is_empty() {
        return Ok(());
    }
    if val.size() == 0 {
        return Err(Error::invalid_value(OP, "cannot fill from an empty array"));
    }
    let n = flat.len();
    let coords = unravel_index(&i64_array(flat, a.device())?, shape)?;
    let items: Vec<IndexItem> = coords.into_iter().map(IndexItem::Array).collect();
    let v = super::manip2::resize(&val.astype(a.dtype())?, &[n])?;
    a.setitem(&items, &v)
}

/// How [`choose`] treats an index outside `[0, n)` (NumPy's `mode=`).
pub use crate::indexing::IndexMode as ChooseMode;

/// Picks `choices[a[i]][i]` for every position (`numpy.choose`).
///
/// **Shapes:** `a` (integers) and the choices broadcast together; the result has that shape and
/// the choices' promoted dtype. `mode`: `Raise` (error for an index outside `[0, n)`), `Wrap`
/// (modulo `n`) or `Clip`.
///
/// # Errors
/// [`Error::InvalidValue`] for an index out of range with `Raise` or no choices;
/// [`Error::DType`] for non-integer `a`; broadcasting errors.
///
/// ```
/// use cuprum_core::{Array, choose, indexing::IndexMode};
/// let c0 = Array::from_vec(vec![0i64, 1, 2, 3], &[4]).unwrap();
/// let c1 = Array::from_vec(vec![10i64, 11, 12, 13], &[4]).unwrap();
/// let a = Array::from_vec(vec![1i64, 0, 1, 0], &[4]).unwrap();
/// assert_eq!(choose(&a, &[&c0, &c1], IndexMode::Raise).unwrap().to_vec::<i64>().unwrap(), vec![10, 1, 12, 3]);
/// ```
pub fn choose(a: &Array, choices: &[&Array], mode: IndexMode) -> Result<Array> {
    const OP: &str = "choose";
    if !a.dtype().is_integer() && !a.dtype().is_bool() {
        return Err(Error::DType {
            op: OP,
            dtype: a.dtype(),
            detail: ": the index array must hold integers".into(),
        });
    }
    let Some(first) = choices.first() else {
        return Err(Error::invalid_value(OP, "choices must not be empty"));
    };
    let n = choices.len() as i64;
    let idx = a.astype(DType::Int64)?;
    let idx = match mode {
        IndexMode::Raise => {
            let bad = ops::logical_or(&ops::less(&idx, 0i64)?, &ops::greater_equal(&idx, n)?)?;
            if crate::reduce::any(&bad, None, false)?.item()?.as_bool() {
                return Err(Error::invalid_value(
                    OP,
                    format!("invalid entry in choice array (there are {n} choices)"),
                ));
            }
            idx
        }
        IndexMode::Wrap => ops::remainder(&idx, n)?,
        IndexMode::Clip => ops::clip(&idx, Some(0i64.into()), Some((n - 1).into()))?,
    };
    let dt = choices
        .iter()
        .fold(first.dtype(), |d, c| DType::promote(d, c.dtype()));
    let mut r = first.astype(dt)?;
    for (j, c) in choices.iter().enumerate().skip(1) {
        r = where_(&ops::equal(&idx, j as i64)?, &c.astype(dt)?, &r)?;
    }
    // broadcast with the index array even when every choice is smaller
    let sh = crate::layout::broadcast_shapes(OP, r.shape(), idx.shape())?;
    r.broadcast_to(sh.as_slice())?.copy()
}

/// The element of the first choice whose condition holds, else `default` (`numpy.select`).
///
/// **Shapes:** conditions (bool) and choices broadcast together; dtype: the choices' promoted
/// dtype with `default` (a weak scalar or an array).
///
/// # Errors
/// [`Error::InvalidValue`] when the lists differ in length or are empty; [`Error::DType`] for
/// a non-bool condition; broadcasting errors.
///
/// ```
/// use cuprum_core::{Array, select, ops};
/// let x = Array::from_vec((0..6i64).collect::<Vec<_>>(), &[6]).unwrap();
/// let c = [ops::less(&x, 3i64).unwrap(), ops::greater(&x, 3i64).unwrap()];
/// let v = [x.clone(), ops::multiply(&x, &x).unwrap()];
/// let r = select(&[&c[0], &c[1]], &[&v[0], &v[1]], 42i64).unwrap();
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![0, 1, 2, 42, 16, 25]);
/// ```
pub fn select<'a>(
    condlist: &[&Array],
    choicelist: &[&'a Array],
    default: impl Into<Operand<'a>>,
) -> Result<Array> {
    const OP: &str = "select";
    if condlist.len() != choicelist.len() {
        return Err(Error::invalid_value(
            OP,
            format!(
                "list of cases ({}) must be same length as list of conditions ({})",
                choicelist.len(),
                condlist.len()
            ),
        ));
    }
    if condlist.is_empty() {
        return Err(Error::invalid_value(
            OP,
            "select with an empty condition list is not possible",
        ));
    }
    for c in condlist {
        if !c.dtype().is_bool() {
            return Err(Error::DType {
                op: OP,
                dtype: c.dtype(),
                detail: ": invalid entry in condlist: should be boolean ndarray".into(),
            });
        }
    }
    let k = condlist.len() - 1;
    let mut r = where_(condlist[k], choicelist[k], default)?;
    for i in (0..k).rev() {
        r = where_(condlist[i], choicelist[i], &r)?;
    }
    Ok(r)
}

/// The elements of `arr` where `condition` is nonzero, flattened in C order
/// (`numpy.extract`).
///
/// # Errors
/// [`Error::ShapeMismatch`] when the sizes differ.
///
/// ```
/// use cuprum_core::{Array, extract, ops};
/// let a = Array::from_vec((0..6i64).collect::<Vec<_>>(), &[2, 3]).unwrap();
/// let c = ops::equal(&ops::remainder(&a, 3i64).unwrap(), 0i64).unwrap();
/// assert_eq!(extract(&c, &a).unwrap().to_vec::<i64>().unwrap(), vec![0, 3]);
/// ```
pub fn extract(condition: &Array, arr: &Array) -> Result<Array> {
    if condition.size() != arr.size() {
        return Err(Error::ShapeMismatch {
            op: "extract",
            lhs: condition.shape().to_vec(),
            rhs: arr.shape().to_vec(),
            detail: None,
        });
    }
    let c = ops::not_equal(&condition.ravel()?, 0i64)?;
    crate::indexing::compress(&c, &arr.ravel()?, None)
}

/// The permutation that sorts by several keys, the last key primary (`numpy.lexsort`).
///
/// **Shapes:** 1-D keys of one length; int64 result. Composed of stable argsorts (least
/// significant key first).
///
/// # Errors
/// [`Error::InvalidValue`] for no keys, keys not 1-D, or keys of different lengths.
///
/// ```
/// use cuprum_core::{Array, lexsort};
/// let first = Array::from_vec(vec![1i64, 1, 0], &[3]).unwrap();
/// let second = Array::from_vec(vec![3i64, 2, 9], &[3]).unwrap();
/// assert_eq!(lexsort(&[&second, &first]).unwrap().to_vec::<i64>().unwrap(), vec![2, 1, 0]);
/// ```
pub fn lexsort(keys: &[&Array]) -> Result<Array> {
    const OP: &str = "lexsort";
    let Some(first) = keys.first() else {
        return Err(Error::invalid_value(
            OP,
            "need sequence of keys with len > 0",
        ));
    };
    let n = first.size();
    for k in keys {
        if k.ndim() != 1 || k.size() != n {
            return Err(Error::invalid_value(
                OP,
                format!(
                    "all keys need to be 1-D of the same length, got shapes {:?} and {:?}",
                    first.shape(),
                    k.shape()
                ),
            ));
        }
    }
    let mut idx = i64_array((0..n as i64).collect(), first.device())?;
    for k in keys {
        let kk = crate::indexing::take(k, &idx, None, IndexMode::Raise)?;
        let o = crate::sort::argsort(&kk, Some(0))?;
        idx = crate::indexing::take(&idx, &o, None, IndexMode::Raise)?;
    }
    Ok(idx)
}

/// Packs the truth values of `a` into the bits of uint8 (`numpy.packbits`): 8 elements per
/// byte along `axis` (the flattened array for `None`), the first element in the most
/// (`little_endian_bits = false`, NumPy's `'big'`) or least significant bit; the last byte is
/// padded with zeros.
///
/// # Errors
/// [`Error::DType`] for float/complex input (NumPy requires integers or bools);
/// [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, packbits};
/// let a = Array::from_vec(vec![1u8, 0, 1, 0, 0, 0, 0, 1, 1], &[9]).unwrap();
/// assert_eq!(packbits(&a, None, false).unwrap().to_vec::<u8>().unwrap(), vec![0b1010_0001, 0b1000_0000]);
/// ```
pub fn packbits(a: &Array, axis: Option<isize>, little_endian_bits: bool) -> Result<Array> {
    const OP: &str = "packbits";
    if !a.dtype().is_integer() && !a.dtype().is_bool() {
        return Err(Error::DType {
            op: OP,
            dtype: a.dtype(),
            detail: ": expected an input array of integer or boolean data type".into(),
        });
    }
    let (x, ax) = match axis {
        None => (a.ravel()?, 0usize),
        Some(ax) => (a.clone(), normalize_axis(OP, ax, a.ndim())?),
    };
    let x = x.moveaxis(&[ax as isize], &[-1])?;
    let n = x.shape()[x.ndim() - 1];
    let nb = n.div_ceil(8);
    let bits = ops::not_equal(&x, 0i64)?.astype(DType::UInt8)?;
    let bits = if nb * 8 > n {
        let mut pad = vec![(0usize, 0usize); bits.ndim()];
        pad[bits.ndim() - 1] = (0, nb * 8 - n);
        crate::manip::pad(&bits, &pad, crate::manip::PadMode::Constant(0u8.into()))?
    } else {
        bits
    };
    let mut shape = ishape(&bits.shape()[..bits.ndim() - 1]);
    shape.push(nb as isize);
    shape.push(8);
    let bits = bits.reshape(shape.as_slice())?;
    let w: Vec<u8> = (0..8)
        .map(|i| {
            if little_endian_bits {
                1u8 << i
            } else {
                128u8 >> i
            }
        })
        .collect();
    let w = Array::from_vec_on(w, &[8], a.device())?;
    let s = crate::reduce::sum(&ops::multiply(&bits, &w)?, -1, false)?.astype(DType::UInt8)?;
    s.moveaxis(&[-1], &[ax as isize])?.copy()
}

/// Unpacks uint8 elements into bits (`numpy.unpackbits`): each byte becomes 8 uint8 values
/// along `axis` (the flattened array for `None`), most significant bit first unless
/// `little_endian_bits`; `count` keeps only the first `count` bits.
///
/// # Errors
/// [`Error::DType`] for a dtype other than uint8; [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, unpackbits};
/// let a = Array::from_vec(vec![0b1010_0001u8], &[1]).unwrap();
/// assert_eq!(unpackbits(&a, None, None, false).unwrap().to_vec::<u8>().unwrap(), vec![1, 0, 1, 0, 0, 0, 0, 1]);
/// ```
pub fn unpackbits(
    a: &Array,
    axis: Option<isize>,
    count: Option<usize>,
    little_endian_bits: bool,
) -> Result<Array> {
    const OP: &str = "unpackbits";
    if a.dtype() != DType::UInt8 {
        return Err(Error::DType {
            op: OP,
            dtype: a.dtype(),
            detail: ": expected an input array of unsigned byte data type".into(),
        });
    }
    let (x, ax) = match axis {
        None => (a.ravel()?, 0usize),
        Some(ax) => (a.clone(), normalize_axis(OP, ax, a.ndim())?),
    };
    let x = x.moveaxis(&[ax as isize], &[-1])?;
    let shifts: Vec<u8> = (0..8)
        .map(|i| if little_endian_bits { i } else { 7 - i })
        .collect();
    let shifts = Array::from_vec_on(shifts, &[8], a.device())?;
    let mut sh = ishape(x.shape());
    sh.push(1);
    let b = ops::bitwise_and(
        &ops::right_shift(&x.reshape(sh.as_slice())?, &shifts)?,
        1u64,
    )?
    .astype(DType::UInt8)?;
    let mut flat = ishape(&x.shape()[..x.ndim() - 1]);
    flat.push((x.shape()[x.ndim() - 1] * 8) as isize);
    let mut b = b.reshape(flat.as_slice())?;
    if let Some(c) = count {
        b = super::util::on_axis(&b, b.ndim() - 1, super::util::range(None, Some(c as isize)))?;
    }
    b.moveaxis(&[-1], &[ax as isize])?.copy()
}

/// `func` applied to every 1-D slice of `arr` along `axis` (`numpy.apply_along_axis`).
///
/// **Shapes:** `arr.shape[:axis] + r.shape + arr.shape[axis+1:]`, where `r` is `func`'s
/// result (every call must return the same shape). One call of `func` per slice.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::InvalidValue`] for an array with no slices;
/// `func`'s errors; [`Error::ShapeMismatch`] when results differ in shape.
///
/// ```
/// use cuprum_core::{Array, apply_along_axis, reduce::sum};
/// let a = Array::from_vec((0..6i64).collect::<Vec<_>>(), &[2, 3]).unwrap();
/// let r = apply_along_axis(|v| sum(v, 0, false), 1, &a).unwrap();
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![3, 12]);
/// ```
pub fn apply_along_axis(
    func: impl Fn(&Array) -> Result<Array>,
    axis: isize,
    arr: &Array,
) -> Result<Array> {
    const OP: &str = "apply_along_axis";
    let ax = normalize_axis(OP, axis, arr.ndim())?;
    let moved = arr.moveaxis(&[ax as isize], &[-1])?;
    let others: Vec<usize> = moved.shape()[..moved.ndim() - 1].to_vec();
    let m: usize = others.iter().product();
    if m == 0 {
        return Err(Error::invalid_value(
            OP,
            format!(
                "cannot apply_along_axis when any iteration dimensions are 0 (shape {:?})",
                arr.shape()
            ),
        ));
    }
    let n = moved.shape()[moved.ndim() - 1] as isize;
    let flat = moved.reshape(&[m as isize, n][..])?;
    let mut res = Vec::with_capacity(m);
    for i in 0..m {
        let r = func(&flat.index_axis(0, i as isize)?)?;
        if let Some(first) = res.first() {
            let f: &Array = first;
            if f.shape() != r.shape() {
                return Err(Error::ShapeMismatch {
                    op: OP,
                    lhs: f.shape().to_vec(),
                    rhs: r.shape().to_vec(),
                    detail: Some("func returned results of different shapes".into()),
                });
            }
        }
        res.push(r);
    }
    let st = crate::manip::stack(&res.iter().collect::<Vec<_>>(), 0)?;
    let rshape = res[0].shape().to_vec();
    let mut shape = ishape(&others);
    shape.extend(ishape(&rshape));
    let st = st.reshape(shape.as_slice())?;
    // move the result axes to `axis`
    let no = others.len();
    let nr = rshape.len();
    let mut perm: Vec<isize> = (0..ax as isize).collect();
    perm.extend((no..no + nr).map(|x| x as isize));
    perm.extend((ax..no).map(|x| x as isize));
    st.permute_dims(&perm)
}

/// A read/write view of the sliding windows of `x` (`numpy.lib.stride_tricks.sliding_window_view`).
///
/// **Shapes:** for each windowed axis (every axis for `None`, with one window size per axis;
/// else one per entry of `axis`, which may repeat an axis), that axis shrinks to
/// `n - w + 1` and a new trailing axis of `w` is added.
///
/// # Errors
/// [`Error::InvalidValue`] when a window is larger than its axis or the number of window sizes
/// does not match; [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, sliding_window_view};
/// let x = Array::from_vec((0..5i64).collect::<Vec<_>>(), &[5]).unwrap();
/// let w = sliding_window_view(&x, &[3], None).unwrap();
/// assert_eq!(w.shape(), &[3, 3]);
/// assert_eq!(w.to_vec::<i64>().unwrap(), vec![0, 1, 2, 1, 2, 3, 2, 3, 4]);
/// ```
pub fn sliding_window_view(
    x: &Array,
    window_shape: &[usize],
    axis: Option<&[isize]>,
) -> Result<Array> {
    const OP: &str = "sliding_window_view";
    let axes: Vec<usize> = match axis {
        None => {
            if window_shape.len() != x.ndim() {
                return Err(Error::invalid_value(
                    OP,
                    format!(
                        "since axis is None, window_shape ({}) must have the same length as x.ndim ({})",
                        window_shape.len(),
                        x.ndim()
                    ),
                ));
            }
            (0..x.ndim()).collect()
        }
        Some(ax) => {
            if ax.len() != window_shape.len() {
                return Err(Error::invalid_value(
                    OP,
                    format!(
                        "window_shape ({}) and axis ({}) must have the same length",
                        window_shape.len(),
                        ax.len()
                    ),
                ));
            }
            ax.iter()
                .map(|&a| normalize_axis(OP, a, x.ndim()))
                .collect::<Result<_>>()?
        }
    };
    let l = x.layout();
    let mut shape = l.shape.clone();
    let mut strides = l.strides.clone();
    for (&a, &w) in axes.iter().zip(window_shape) {
        if shape[a] < w {
            return Err(Error::invalid_value(
                OP,
                format!(
                    "window shape {w} cannot be larger than input array shape {} on axis {a}",
                    shape[a]
                ),
            ));
        }
        shape[a] -= w - 1;
    }
    for (&a, &w) in axes.iter().zip(window_shape) {
        shape.push(w);
        strides.push(l.strides[a]);
    }
    crate::ext::with_layout(
        x,
        Layout {
            shape,
            strides,
            offset: l.offset,
        },
    )
}

/// A view of `x`'s buffer with the given `shape` and byte `strides`, starting at `x`'s first
/// element (`numpy.lib.stride_tricks.as_strided`).
///
/// Unlike NumPy, every element the view addresses is checked to lie inside `x`'s buffer (so a
/// wrong stride is an error, never a read of foreign memory); strides must be multiples of the
/// item size. Views may overlap themselves; writing through such a view writes some elements
/// more than once.
///
/// # Errors
/// [`Error::InvalidValue`] for strides that are not multiples of the item size, a shape and
/// strides of different lengths, or a view reaching outside the buffer.
///
/// ```
/// use cuprum_core::{Array, as_strided};
/// let x = Array::from_vec((0..6i64).collect::<Vec<_>>(), &[6]).unwrap();
/// let v = as_strided(&x, &[4, 3], &[8, 8]).unwrap();
/// assert_eq!(v.to_vec::<i64>().unwrap(), vec![0, 1, 2, 1, 2, 3, 2, 3, 4, 3, 4, 5]);
/// assert!(as_strided(&x, &[4, 3], &[16, 8]).is_err());
/// ```
pub fn as_strided(x: &Array, shape: &[usize], strides: &[isize]) -> Result<Array> {
    const OP: &str = "as_strided";
    let isz = x.dtype().itemsize() as isize;
    if shape.len() != strides.len() {
        return Err(Error::invalid_value(
            OP,
            format!("shape {shape:?} and strides {strides:?} differ in length"),
        ));
    }
    if let Some(s) = strides.iter().find(|&&s| s % isz != 0) {
        return Err(Error::invalid_value(
            OP,
            format!("stride {s} is not a multiple of the item size {isz}"),
        ));
    }
    let layout = Layout {
        shape: shape.to_vec(),
        strides: strides.iter().map(|s| s / isz).collect(),
        offset: x.layout().offset,
    };
    crate::ext::with_layout(x, layout).map_err(|e| match e {
        Error::InvalidValue { reason, .. } => Error::InvalidValue { op: OP, reason },
        e => e,
    })
}

/// `a[indices[k]] = max(a[indices[k]], values[k])` along the first axis, in place
/// (`cupyx.scatter_max`; repeated indices take the maximum of all their values).
///
/// # Errors
/// As [`ufunc_at`].
///
/// ```
/// use cuprum_core::{Array, scatter_max};
/// let a = Array::from_vec(vec![0i64; 3], &[3]).unwrap();
/// let i = Array::from_vec(vec![0i64, 2, 0], &[3]).unwrap();
/// scatter_max(&a, &i, &Array::from_vec(vec![5i64, 1, 7], &[3]).unwrap()).unwrap();
/// assert_eq!(a.to_vec::<i64>().unwrap(), vec![7, 0, 1]);
/// ```
pub fn scatter_max(a: &Array, indices: &Array, values: &Array) -> Result<()> {
    ufunc_at(Ufunc::Op(BinaryOp::Maximum), a, indices, values)
}

/// `a[indices[k]] = min(a[indices[k]], values[k])` along the first axis, in place
/// (`cupyx.scatter_min`).
///
/// # Errors
/// As [`ufunc_at`].
///
/// ```
/// use cuprum_core::{Array, scatter_min};
/// let a = Array::from_vec(vec![5i64; 3], &[3]).unwrap();
/// let i = Array::from_vec(vec![0i64, 2, 0], &[3]).unwrap();
/// scatter_min(&a, &i, &Array::from_vec(vec![3i64, 9, 1], &[3]).unwrap()).unwrap();
/// assert_eq!(a.to_vec::<i64>().unwrap(), vec![1, 5, 5]);
/// ```
pub fn scatter_min(a: &Array, indices: &Array, values: &Array) -> Result<()> {
    ufunc_at(Ufunc::Op(BinaryOp::Minimum), a, indices, values)
}
