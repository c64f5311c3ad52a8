//! Adding and removing elements with NumPy's names: `append`, `delete`, `insert`, `resize`,
//! `trim_zeros`.
//!
//! Built on `concatenate`, `take`, `compress` and `tile`; index arrays are built on the host
//! and uploaded once, so they run on every device.

use crate::indexing::{IndexMode, compress, take};
use crate::layout::normalize_axis;
use crate::manip::{concatenate, tile};
use crate::util::{host_i64, i64_array, ishape, range};
use crate::{Array, Error, Result};

/// `values` appended to `arr` (`numpy.append`): both flattened for `axis = None`, else
/// concatenated along `axis`.
///
/// # Errors
/// The errors of `concatenate`.
///
/// ```
/// use cuprum_core::{Array, append};
/// let a = Array::from_vec(vec![1i64, 2], &[2]).unwrap();
/// let b = Array::from_vec(vec![3i64, 4, 5, 6], &[2, 2]).unwrap();
/// assert_eq!(append(&a, &b, None).unwrap().to_vec::<i64>().unwrap(), vec![1, 2, 3, 4, 5, 6]);
/// ```
pub fn append(arr: &Array, values: &Array, axis: Option<isize>) -> Result<Array> {
    match axis {
        None => concatenate(&[&arr.ravel()?, &values.ravel()?], 0),
        Some(ax) => concatenate(&[arr, values], ax),
    }
}

/// `arr` without the entries at `indices` along `axis` (flattened for `None`)
/// (`numpy.delete`; negative indices count from the end, repeats are removed once).
///
/// # Errors
/// [`Error::IndexOutOfBounds`] for an index outside `[-n, n)`; [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, delete};
/// let a = Array::from_vec((0..6i64).collect::<Vec<_>>(), &[6]).unwrap();
/// assert_eq!(delete(&a, &[1, -1], None).unwrap().to_vec::<i64>().unwrap(), vec![0, 2, 3, 4]);
/// ```
pub fn delete(arr: &Array, indices: &[i64], axis: Option<isize>) -> Result<Array> {
    let (a, ax) = match axis {
        None => (arr.ravel()?, 0),
        Some(ax) => (arr.clone(), normalize_axis("delete", ax, arr.ndim())?),
    };
    if a.ndim() == 0 {
        return Err(Error::bad_shape(
            "delete",
            "arr",
            a.shape(),
            "an array of at least 1 dimension",
        ));
    }
    let n = a.shape()[ax];
    let mut keep = vec![true; n];
    for &i in indices {
        let j = if i < 0 { i + n as i64 } else { i };
        if j < 0 || j >= n as i64 {
            return Err(Error::IndexOutOfBounds {
                op: "delete",
                index: i,
                axis: ax,
                size: n,
            });
        }
        keep[j as usize] = false;
    }
    let mask = Array::from_vec_on(keep, &[n], a.device())?;
    compress(&mask, &a, Some(ax as isize))
}

/// `values` inserted into `arr` before `indices` along `axis` (flattened for `None`)
/// (`numpy.insert` with a sequence of indices).
///
/// **Shapes:** with one index, `values` (given leading axes of 1 up to `arr.ndim()`) supplies
/// `values.shape[axis]` new entries; with several, one entry per index. The values broadcast to
/// the inserted block and are cast to `arr`'s dtype. Indices may be negative and equal `n`
/// (append); several new entries at one index keep their order.
///
/// # Errors
/// [`Error::IndexOutOfBounds`] for an index outside `[-n, n]`; broadcasting errors.
///
/// ```
/// use cuprum_core::{Array, insert};
/// let a = Array::from_vec(vec![1i64, 2, 3], &[3]).unwrap();
/// let v = Array::from_vec(vec![9i64, 8], &[2]).unwrap();
/// assert_eq!(insert(&a, &[1, 3], &v, None).unwrap().to_vec::<i64>().unwrap(), vec![1, 9, 2, 3, 8]);
/// ```
pub fn insert(arr: &Array, indices: &[i64], values: &Array, axis: Option<isize>) -> Result<Array> {
    let (a, ax) = match axis {
        None => (arr.ravel()?, 0),
        Some(ax) => (arr.clone(), normalize_axis("insert", ax, arr.ndim())?),
    };
    if a.ndim() == 0 {
        return Err(Error::bad_shape(
            "insert",
            "arr",
            a.shape(),
            "an array of at least 1 dimension",
        ));
    }
    let n = a.shape()[ax] as i64;
    let mut idx = Vec::with_capacity(indices.len());
    for &i in indices {
        let j = if i < 0 { i + n } else { i };
        if j < 0 || j > n {
            return Err(Error::IndexOutOfBounds {
                op: "insert",
                index: i,
                axis: ax,
                size: n as usize,
            });
        }
        idx.push(j);
    }
    let mut v = values.astype(a.dtype())?;
    while v.ndim() < a.ndim() {
        v = v.expand_dims(0)?;
    }
    let numnew = if idx.len() == 1 {
        v.shape()[ax]
    } else {
        idx.len()
    };
    let mut bshape = a.shape().to_vec();
    bshape[ax] = numnew;
    let v = v.broadcast_to(bshape.as_slice())?;
    // positions of the new entries in the result, in the order of `indices`
    let mut order: Vec<usize> = (0..idx.len()).collect();
    order.sort_by_key(|&j| idx[j]);
    let mut new_pos = vec![0i64; numnew];
    if idx.len() == 1 {
        for (k, p) in new_pos.iter_mut().enumerate() {
            *p = idx[0] + k as i64;
        }
    } else {
        for (rank, &j) in order.iter().enumerate() {
            new_pos[j] = idx[j] + rank as i64;
        }
    }
    let total = n as usize + numnew;
    let mut perm = vec![-1i64; total];
    for (k, &p) in new_pos.iter().enumerate() {
        perm[p as usize] = n + k as i64;
    }
    let mut next = 0i64;
    for p in perm.iter_mut() {
        if *p < 0 {
            *p = next;
            next += 1;
        }
    }
    let both = concatenate(&[&a, &v], ax as isize)?;
    take(
        &both,
        &i64_array(perm, a.device())?,
        Some(ax as isize),
        IndexMode::Raise,
    )
}

/// A new array of `new_shape` filled with `a`'s elements repeated cyclically in C order
/// (`numpy.resize`; zeros when `a` is empty).
///
/// # Errors
/// [`Error::TooBig`] for a shape whose size overflows.
///
/// ```
/// use cuprum_core::{Array, resize};
/// let a = Array::from_vec(vec![0i64, 1, 2, 3], &[2, 2]).unwrap();
/// assert_eq!(resize(&a, &[2, 3]).unwrap().to_vec::<i64>().unwrap(), vec![0, 1, 2, 3, 0, 1]);
/// ```
pub fn resize(a: &Array, new_shape: &[usize]) -> Result<Array> {
    let total = crate::layout::checked_size("resize", new_shape, a.dtype().itemsize())?;
    if a.size() == 0 || total == 0 {
        return crate::creation::zeros_on(new_shape, a.dtype(), a.device());
    }
    let reps = total.div_ceil(a.size());
    let t = tile(&a.ravel()?, &[reps])?;
    t.slice(&[range(None, Some(total as isize))])?
        .reshape(ishape(new_shape).as_slice())
}

/// `filt` without its leading (`'f'` in `trim`) and/or trailing (`'b'`) zeros
/// (`numpy.trim_zeros`; a view).
///
/// # Errors
/// [`Error::BadShape`] for a non-1-D array.
///
/// ```
/// use cuprum_core::{Array, trim_zeros};
/// let a = Array::from_vec(vec![0i64, 0, 1, 2, 0], &[5]).unwrap();
/// assert_eq!(trim_zeros(&a, "fb").unwrap().to_vec::<i64>().unwrap(), vec![1, 2]);
/// ```
pub fn trim_zeros(filt: &Array, trim: &str) -> Result<Array> {
    if filt.ndim() != 1 {
        return Err(Error::bad_shape(
            "trim_zeros",
            "filt",
            filt.shape(),
            "a 1-D array",
        ));
    }
    let nz = host_i64(&crate::indexing::flatnonzero(filt)?)?;
    let (first, last) = match (nz.first(), nz.last()) {
        (Some(&f), Some(&l)) => (f, l + 1),
        _ => return filt.slice(&[range(Some(0), Some(0))]),
    };
    let t = trim.to_ascii_lowercase();
    let start = if t.contains('f') { first } else { 0 };
    let stop = if t.contains('b') {
        last
    } else {
        filt.size() as i64
    };
    filt.slice(&[range(Some(start as isize), Some(stop as isize))])
}
