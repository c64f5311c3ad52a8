//! Choosing elements with NumPy's names: `choose`, `select`, `extract`, `lexsort`,
//! `apply_along_axis`.
//!
//! Composed of core's `where`, `compress`, sort and indexing, so they run on every device.

use crate::indexing::IndexMode;
use crate::layout::normalize_axis;
use crate::ops::{self, Operand, where_};
use crate::util::{i64_array, ishape};
use crate::{Array, DType, Error, Result};

/// How [`choose`] treats an index outside `[0, n)` (NumPy's `mode=`).
pub use crate::indexing::IndexMode as ChooseMode;

/// Picks `choices[a[i]][i]` for every position (`numpy.choose`).
///
/// **Shapes:** `a` (integers) and the choices broadcast together; the result has that shape and
/// the choices' promoted dtype. `mode`: `Raise` (error for an index outside `[0, n)`), `Wrap`
/// (modulo `n`) or `Clip`.
///
/// # Errors
/// [`Error::BadArgument`] or [`Error::OutOfDomain`] for an index out of range with `Raise` or no choices;
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
        return Err(Error::bad_argument(
            OP,
            "choices",
            "an empty sequence",
            "at least one choice",
        ));
    };
    let n = choices.len() as i64;
    let idx = a.astype(DType::Int64)?;
    let idx = match mode {
        IndexMode::Raise => {
            let bad = ops::logical_or(&ops::less(&idx, 0i64)?, &ops::greater_equal(&idx, n)?)?;
            if crate::reduce::any(&bad, None, false)?.item()?.as_bool() {
                return Err(Error::out_of_domain(
                    OP,
                    "a",
                    super::first_flagged(&idx, &bad)?,
                    format!("[0, {n}) (one index per choice)"),
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
/// [`Error::BadArgument`] when the lists differ in length or are empty; [`Error::DType`] for
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
        return Err(Error::bad_argument(
            OP,
            "choicelist",
            format!("{} choices", choicelist.len()),
            format!("{} choices, one per condition", condlist.len()),
        ));
    }
    if condlist.is_empty() {
        return Err(Error::bad_argument(
            OP,
            "condlist",
            "an empty sequence",
            "at least one condition",
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
/// [`Error::BadArgument`] or [`Error::BadShape`] for no keys, keys not 1-D, or keys of different lengths.
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
        return Err(Error::bad_argument(
            OP,
            "keys",
            "an empty sequence",
            "at least one key",
        ));
    };
    let n = first.size();
    for k in keys {
        if k.ndim() != 1 || k.size() != n {
            return Err(if k.ndim() != 1 {
                Error::bad_shape(OP, "keys", k.shape(), "1-D keys")
            } else {
                Error::ShapeMismatch {
                    op: OP,
                    lhs: first.shape().to_vec(),
                    rhs: k.shape().to_vec(),
                    detail: Some("all keys need the same length".into()),
                }
            });
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

/// `func` applied to every 1-D slice of `arr` along `axis` (`numpy.apply_along_axis`).
///
/// **Shapes:** `arr.shape[:axis] + r.shape + arr.shape[axis+1:]`, where `r` is `func`'s
/// result (every call must return the same shape). One call of `func` per slice.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::BadShape`] for an array with no slices;
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
        return Err(Error::bad_shape(
            OP,
            "arr",
            arr.shape(),
            "no zero-length dimension besides the axis (apply_along_axis cannot apply over an empty iteration)",
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
