//! Index construction with NumPy's names: `indices`, `ix_`, `unravel_index`,
//! `ravel_multi_index`, `tril_indices`/`triu_indices`/`diag_indices` and their `_from` forms.
//!
//! Index arrays are built on the host (they are as small as the shapes that define them) and
//! uploaded once.

use crate::ops;
use crate::util::i64_array;
use crate::{Array, DType, Device, Error, Result};

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
/// [`Error::BadShape`] for an input that is not 1-D.
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
                return Err(Error::bad_shape(
                    "ix_",
                    "args",
                    a.shape(),
                    format!("1-D index arrays (argument {k})"),
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
/// [`Error::DType`] for non-integer indices; [`Error::OutOfDomain`] for an index outside
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
        return Err(Error::out_of_domain(
            OP,
            "indices",
            super::first_flagged(&idx, &bad)?,
            format!("[0, {size})"),
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
/// [`Error::BadArgument`] or [`Error::OutOfDomain`] when the number of coordinate arrays differs from `dims.len()` or a
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
        return Err(Error::bad_argument(
            OP,
            "multi_index",
            format!("a sequence of length {}", multi_index.len()),
            format!("a sequence of length {} (one per dimension)", dims.len()),
        ));
    }
    let Some(first) = multi_index.first() else {
        return Err(Error::bad_argument(
            OP,
            "dims",
            "an empty sequence",
            "at least one dimension",
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
            return Err(Error::out_of_domain(
                OP,
                "multi_index",
                super::first_flagged(&c, &bad)?,
                format!("[0, {d})"),
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
        return Err(Error::bad_shape(op, "arr", a.shape(), "a 2-D array"));
    }
    Ok(())
}

/// [`tril_indices`] for `arr`'s shape, on its device (`numpy.tril_indices_from`).
///
/// # Errors
/// [`Error::BadShape`] for a non-2-D array.
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
/// [`Error::BadShape`] for a non-2-D array.
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
/// [`Error::BadShape`] for fewer than 2 dimensions or unequal dimensions.
///
/// ```
/// use cuprum_core::{Array, diag_indices_from};
/// let a = Array::from_vec(vec![0.0f64; 9], &[3, 3]).unwrap();
/// assert_eq!(diag_indices_from(&a).unwrap()[1].to_vec::<i64>().unwrap(), vec![0, 1, 2]);
/// ```
pub fn diag_indices_from(arr: &Array) -> Result<Vec<Array>> {
    if arr.ndim() < 2 {
        return Err(Error::bad_shape(
            "diag_indices_from",
            "arr",
            arr.shape(),
            "an array of at least 2 dimensions",
        ));
    }
    if arr.shape().iter().any(|&d| d != arr.shape()[0]) {
        return Err(Error::bad_shape(
            "diag_indices_from",
            "arr",
            arr.shape(),
            "dimensions of equal length",
        ));
    }
    diag_indices(arr.shape()[0], arr.ndim(), arr.device())
}
