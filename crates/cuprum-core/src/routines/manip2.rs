//! Array manipulation with NumPy's names, built on core's views, `concatenate`, `take` and
//! `compress`: `atleast_1d/2d/3d`, `column_stack`, `dstack`, `hsplit`, `vsplit`, `dsplit`,
//! `append`, `delete`, `insert`, `resize`, `fliplr`, `flipud`, `rot90`, `trim_zeros`,
//! `matrix_transpose`, `rollaxis`, `asfortranarray`.

use super::util::{host_i64, i64_array, ishape, range};
use crate::indexing::{IndexMode, compress, take};
use crate::layout::normalize_axis;
use crate::manip::{Sections, concatenate, flip, split, tile};
use crate::{Array, Error, Result};

/// `a` with at least one axis (`numpy.atleast_1d`): a 0-d array becomes shape `(1,)`; others
/// are returned as they are (a view).
///
/// # Errors
/// None in practice (the reshape of a 0-d array cannot fail).
///
/// ```
/// use cuprum_core::{Array, atleast_1d};
/// assert_eq!(atleast_1d(&Array::from_vec(vec![1.0f64], ()).unwrap()).unwrap().shape(), &[1]);
/// ```
pub fn atleast_1d(a: &Array) -> Result<Array> {
    if a.ndim() == 0 {
        a.reshape(&[1isize][..])
    } else {
        Ok(a.clone())
    }
}

/// `a` with at least two axes (`numpy.atleast_2d`): `(n,)` becomes `(1, n)`, 0-d `(1, 1)`.
///
/// # Errors
/// None in practice.
///
/// ```
/// use cuprum_core::{Array, atleast_2d};
/// assert_eq!(atleast_2d(&Array::from_vec(vec![1.0f64, 2.0], &[2]).unwrap()).unwrap().shape(), &[1, 2]);
/// ```
pub fn atleast_2d(a: &Array) -> Result<Array> {
    match a.ndim() {
        0 => a.reshape(&[1isize, 1][..]),
        1 => a.reshape(&[1, a.shape()[0] as isize][..]),
        _ => Ok(a.clone()),
    }
}

/// `a` with at least three axes (`numpy.atleast_3d`): `(n,)` becomes `(1, n, 1)`, `(m, n)`
/// `(m, n, 1)`, 0-d `(1, 1, 1)`.
///
/// # Errors
/// None in practice.
///
/// ```
/// use cuprum_core::{Array, atleast_3d};
/// let a = Array::from_vec(vec![1.0f64; 6], &[2, 3]).unwrap();
/// assert_eq!(atleast_3d(&a).unwrap().shape(), &[2, 3, 1]);
/// ```
pub fn atleast_3d(a: &Array) -> Result<Array> {
    match a.ndim() {
        0 => a.reshape(&[1isize, 1, 1][..]),
        1 => a.reshape(&[1, a.shape()[0] as isize, 1][..]),
        2 => a.reshape(&[a.shape()[0] as isize, a.shape()[1] as isize, 1][..]),
        _ => Ok(a.clone()),
    }
}

/// Stacks 1-D arrays as columns (and 2-D arrays as they are) into a 2-D array
/// (`numpy.column_stack`).
///
/// # Errors
/// [`Error::InvalidValue`] for no arrays; the errors of `concatenate` along axis 1.
///
/// ```
/// use cuprum_core::{Array, column_stack};
/// let a = Array::from_vec(vec![1i64, 2], &[2]).unwrap();
/// let b = Array::from_vec(vec![3i64, 4], &[2]).unwrap();
/// let r = column_stack(&[&a, &b]).unwrap();
/// assert_eq!((r.shape(), r.to_vec::<i64>().unwrap()), (&[2usize, 2][..], vec![1, 3, 2, 4]));
/// ```
pub fn column_stack(arrays: &[&Array]) -> Result<Array> {
    let cols: Vec<Array> = arrays
        .iter()
        .map(|a| {
            if a.ndim() < 2 {
                atleast_2d(a)?.transpose()
            } else {
                Ok((*a).clone())
            }
        })
        .collect::<Result<_>>()?;
    concatenate(&cols.iter().collect::<Vec<_>>(), 1)
}

/// Stacks arrays along the third axis after [`atleast_3d`] (`numpy.dstack`).
///
/// # Errors
/// The errors of `concatenate` along axis 2.
///
/// ```
/// use cuprum_core::{Array, dstack};
/// let a = Array::from_vec(vec![1i64, 2], &[2]).unwrap();
/// assert_eq!(dstack(&[&a, &a]).unwrap().shape(), &[1, 2, 2]);
/// ```
pub fn dstack(arrays: &[&Array]) -> Result<Array> {
    let v: Vec<Array> = arrays
        .iter()
        .map(|a| atleast_3d(a))
        .collect::<Result<_>>()?;
    concatenate(&v.iter().collect::<Vec<_>>(), 2)
}

/// Splits along the second axis (the first for 1-D) (`numpy.hsplit`).
///
/// # Errors
/// [`Error::InvalidValue`] for a 0-d array; as [`split`].
///
/// ```
/// use cuprum_core::{Array, hsplit};
/// let a = Array::from_vec((0..8i64).collect::<Vec<_>>(), &[2, 4]).unwrap();
/// assert_eq!(hsplit(&a, 2).unwrap()[1].to_vec::<i64>().unwrap(), vec![2, 3, 6, 7]);
/// ```
pub fn hsplit(a: &Array, sections: impl Into<Sections>) -> Result<Vec<Array>> {
    if a.ndim() == 0 {
        return Err(Error::invalid_value(
            "hsplit",
            "hsplit only works on arrays of 1 or more dimensions",
        ));
    }
    split(a, sections, if a.ndim() > 1 { 1 } else { 0 })
}

/// Splits along the first axis of an array of 2 or more dimensions (`numpy.vsplit`).
///
/// # Errors
/// [`Error::InvalidValue`] for fewer than 2 dimensions; as [`split`].
///
/// ```
/// use cuprum_core::{Array, vsplit};
/// let a = Array::from_vec((0..8i64).collect::<Vec<_>>(), &[4, 2]).unwrap();
/// assert_eq!(vsplit(&a, 2).unwrap()[1].to_vec::<i64>().unwrap(), vec![4, 5, 6, 7]);
/// ```
pub fn vsplit(a: &Array, sections: impl Into<Sections>) -> Result<Vec<Array>> {
    if a.ndim() < 2 {
        return Err(Error::invalid_value(
            "vsplit",
            "vsplit only works on arrays of 2 or more dimensions",
        ));
    }
    split(a, sections, 0)
}

/// Splits along the third axis of an array of 3 or more dimensions (`numpy.dsplit`).
///
/// # Errors
/// [`Error::InvalidValue`] for fewer than 3 dimensions; as [`split`].
///
/// ```
/// use cuprum_core::{Array, dsplit};
/// let a = Array::from_vec((0..8i64).collect::<Vec<_>>(), &[1, 2, 4]).unwrap();
/// assert_eq!(dsplit(&a, 2).unwrap()[0].to_vec::<i64>().unwrap(), vec![0, 1, 4, 5]);
/// ```
pub fn dsplit(a: &Array, sections: impl Into<Sections>) -> Result<Vec<Array>> {
    if a.ndim() < 3 {
        return Err(Error::invalid_value(
            "dsplit",
            "dsplit only works on arrays of 3 or more dimensions",
        ));
    }
    split(a, sections, 2)
}

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
        return Err(Error::invalid_value(
            "delete",
            "cannot delete from a 0-d array",
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
        return Err(Error::invalid_value(
            "insert",
            "cannot insert into a 0-d array",
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

/// Reverses the second axis (`numpy.fliplr`; a view).
///
/// # Errors
/// [`Error::InvalidValue`] for fewer than 2 dimensions.
///
/// ```
/// use cuprum_core::{Array, fliplr};
/// let a = Array::from_vec(vec![1i64, 2, 3, 4], &[2, 2]).unwrap();
/// assert_eq!(fliplr(&a).unwrap().to_vec::<i64>().unwrap(), vec![2, 1, 4, 3]);
/// ```
pub fn fliplr(a: &Array) -> Result<Array> {
    if a.ndim() < 2 {
        return Err(Error::invalid_value("fliplr", "input must be >= 2-d"));
    }
    flip(a, Some(&[1]))
}

/// Reverses the first axis (`numpy.flipud`; a view).
///
/// # Errors
/// [`Error::InvalidValue`] for a 0-d array.
///
/// ```
/// use cuprum_core::{Array, flipud};
/// let a = Array::from_vec(vec![1i64, 2, 3, 4], &[2, 2]).unwrap();
/// assert_eq!(flipud(&a).unwrap().to_vec::<i64>().unwrap(), vec![3, 4, 1, 2]);
/// ```
pub fn flipud(a: &Array) -> Result<Array> {
    if a.ndim() < 1 {
        return Err(Error::invalid_value("flipud", "input must be >= 1-d"));
    }
    flip(a, Some(&[0]))
}

/// Rotates by 90° `k` times in the plane of `axes`, from the first axis towards the second
/// (`numpy.rot90`; a view).
///
/// # Errors
/// [`Error::InvalidValue`] for equal axes or fewer than 2 dimensions;
/// [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, rot90};
/// let a = Array::from_vec(vec![1i64, 2, 3, 4], &[2, 2]).unwrap();
/// assert_eq!(rot90(&a, 1, [0, 1]).unwrap().to_vec::<i64>().unwrap(), vec![2, 4, 1, 3]);
/// ```
pub fn rot90(m: &Array, k: i64, axes: [isize; 2]) -> Result<Array> {
    const OP: &str = "rot90";
    if m.ndim() < 2 {
        return Err(Error::invalid_value(
            OP,
            "axes must be different and the array at least 2-d",
        ));
    }
    let a0 = normalize_axis(OP, axes[0], m.ndim())?;
    let a1 = normalize_axis(OP, axes[1], m.ndim())?;
    if a0 == a1 {
        return Err(Error::invalid_value(
            OP,
            format!("axes {axes:?} must be different"),
        ));
    }
    let mut perm: Vec<isize> = (0..m.ndim() as isize).collect();
    perm.swap(a0, a1);
    match k.rem_euclid(4) {
        0 => Ok(m.clone()),
        1 => flip(m, Some(&[a1 as isize]))?.permute_dims(&perm),
        2 => flip(m, Some(&[a0 as isize, a1 as isize])),
        _ => flip(&m.permute_dims(&perm)?, Some(&[a1 as isize])),
    }
}

/// `filt` without its leading (`'f'` in `trim`) and/or trailing (`'b'`) zeros
/// (`numpy.trim_zeros`; a view).
///
/// # Errors
/// [`Error::InvalidValue`] for a non-1-D array.
///
/// ```
/// use cuprum_core::{Array, trim_zeros};
/// let a = Array::from_vec(vec![0i64, 0, 1, 2, 0], &[5]).unwrap();
/// assert_eq!(trim_zeros(&a, "fb").unwrap().to_vec::<i64>().unwrap(), vec![1, 2]);
/// ```
pub fn trim_zeros(filt: &Array, trim: &str) -> Result<Array> {
    if filt.ndim() != 1 {
        return Err(Error::invalid_value(
            "trim_zeros",
            format!("expected a 1-D array, got shape {:?}", filt.shape()),
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

/// Swaps the last two axes (`numpy.matrix_transpose`, `ndarray.mT`; a view).
///
/// # Errors
/// [`Error::InvalidValue`] for fewer than 2 dimensions.
///
/// ```
/// use cuprum_core::{Array, matrix_transpose};
/// let a = Array::from_vec((0..6i64).collect::<Vec<_>>(), &[1, 2, 3]).unwrap();
/// assert_eq!(matrix_transpose(&a).unwrap().shape(), &[1, 3, 2]);
/// ```
pub fn matrix_transpose(x: &Array) -> Result<Array> {
    if x.ndim() < 2 {
        return Err(Error::invalid_value(
            "matrix_transpose",
            format!("input must be at least 2-d, got shape {:?}", x.shape()),
        ));
    }
    x.swapaxes(-1, -2)
}

/// Moves `axis` to before position `start` (`numpy.rollaxis`; a view).
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for `axis` outside `[-ndim, ndim)` or `start` outside
/// `[-ndim, ndim]`.
///
/// ```
/// use cuprum_core::{Array, rollaxis};
/// let a = Array::from_vec(vec![0.0f64; 120], &[3, 4, 5, 2]).unwrap();
/// assert_eq!(rollaxis(&a, 3, 1).unwrap().shape(), &[3, 2, 4, 5]);
/// ```
pub fn rollaxis(a: &Array, axis: isize, start: isize) -> Result<Array> {
    let n = a.ndim() as isize;
    let ax = normalize_axis("rollaxis", axis, a.ndim())? as isize;
    let mut st = if start < 0 { start + n } else { start };
    if !(0..=n).contains(&st) {
        return Err(Error::AxisOutOfBounds {
            op: "rollaxis",
            axis: start,
            ndim: a.ndim() + 1,
        });
    }
    if ax < st {
        st -= 1;
    }
    if ax == st {
        return Ok(a.clone());
    }
    a.moveaxis(&[ax], &[st])
}

/// A Fortran-ordered (column-major) copy of `a`, at least 1-D (`numpy.asfortranarray`; `a`
/// itself when already F-contiguous).
///
/// # Errors
/// Allocation errors.
///
/// ```
/// use cuprum_core::{Array, asfortranarray};
/// let a = Array::from_vec(vec![1i64, 2, 3, 4], &[2, 2]).unwrap();
/// let f = asfortranarray(&a).unwrap();
/// assert!(f.is_f_contiguous());
/// assert_eq!(f.to_vec::<i64>().unwrap(), vec![1, 2, 3, 4]);
/// ```
pub fn asfortranarray(a: &Array) -> Result<Array> {
    let a = atleast_1d(a)?;
    if a.is_f_contiguous() {
        return Ok(a);
    }
    a.transpose()?.copy()?.transpose()
}
