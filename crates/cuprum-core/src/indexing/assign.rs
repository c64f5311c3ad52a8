//! In-place assignment with NumPy's and cupyx's names: `put_along_axis`, `putmask`, `place`,
//! `fill_diagonal` (cupyx's `scatter_max`/`scatter_min` are ufunc methods: `routines::ufuncs`).
//!
//! Composed of core's `setitem` and `resize`, so they run on every
//! device.

use super::index_arrays::unravel_index;
use crate::indexing::IndexItem;
use crate::layout::normalize_axis;
use crate::ops::where_;
use crate::util::{i64_array, ishape};
use crate::{Array, DType, Error, Result};

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
/// [`Error::BadShape`] when `indices` has a different number of axes;
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
        return Err(Error::bad_shape(
            OP,
            "indices",
            indices.shape(),
            format!(
                "an array of {} dimensions, as arr of shape {:?}",
                arr.ndim(),
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
/// [`Error::ShapeMismatch`] for a mask of another shape; [`Error::BadShape`] for empty
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
            return Err(Error::bad_shape(
                "putmask",
                "values",
                values.shape(),
                "a non-empty array (the mask selects elements)",
            ));
        }
        return Ok(());
    }
    let v = crate::manip::resize(&values.astype(a.dtype())?, a.shape())?;
    let m = mask.astype(DType::Bool)?;
    let r = where_(&m, &v, a)?.astype(a.dtype())?;
    a.assign(&r)
}

/// Puts the first values of `vals` (repeated cyclically) at the positions where `mask` is true,
/// in C order, in place (`numpy.place`).
///
/// # Errors
/// [`Error::ShapeMismatch`] for a mask of another size; [`Error::BadShape`] for empty
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
        return Err(Error::bad_shape(
            "place",
            "vals",
            vals.shape(),
            "a non-empty array (the mask selects elements)",
        ));
    }
    let v = crate::manip::resize(&vals.astype(arr.dtype())?, &[n])?;
    arr.setitem(&[IndexItem::Array(m)], &v)
}

/// Fills the main diagonal of `a` with `val` (repeated cyclically), in place
/// (`numpy.fill_diagonal`).
///
/// **Shapes:** a 2-D array (any shape; with `wrap`, a tall matrix's diagonal restarts every
/// `ncols + 1` rows as NumPy's does) or an n-D array with equal dimensions.
///
/// # Errors
/// [`Error::BadShape`] for fewer than 2 dimensions or unequal dimensions (n-D).
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
        return Err(Error::bad_shape(
            OP,
            "a",
            a.shape(),
            "an array of at least 2 dimensions",
        ));
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
            return Err(Error::bad_shape(
                OP,
                "a",
                shape,
                "dimensions of equal length",
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
        return Err(Error::bad_shape(
            OP,
            "val",
            val.shape(),
            "a non-empty array",
        ));
    }
    let n = flat.len();
    let coords = unravel_index(&i64_array(flat, a.device())?, shape)?;
    let items: Vec<IndexItem> = coords.into_iter().map(IndexItem::Array).collect();
    let v = crate::manip::resize(&val.astype(a.dtype())?, &[n])?;
    a.setitem(&items, &v)
}
