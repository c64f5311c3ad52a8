//! Joining, splitting, tiling, padding and diagonal operations (`numpy.concatenate`, `split`,
//! `tile`, `repeat`, `flip`, `roll`, `pad`, `diag`, `diagonal`, `tril`, `triu`).
//!
//! Everything here is written once above the backend: results are views where NumPy returns
//! views (`flip`, `diagonal`, `split`), otherwise new arrays filled by strided copies
//! (`backend::copy`), so every device runs them.
//!
//! The submodules hold NumPy's axis helpers (`atleast_1d`, `rot90`, `rollaxis`, ...),
//! element insertion and removal (`append`, `delete`, `insert`, `resize`, `trim_zeros`) and
//! the fixed-axis joins and splits (`column_stack`, `dstack`, `hsplit`, ...).

mod axes;
mod edit;
mod join_split;
pub use axes::*;
pub use edit::*;
pub use join_split::*;

use crate::IntoShape;
use crate::layout::normalize_axis;
use crate::{Array, DType, Error, Layout, Result, Scalar, SliceItem};

fn same_devices(op: &'static str, arrays: &[&Array]) -> Result<()> {
    if let Some(first) = arrays.first() {
        for a in &arrays[1..] {
            if a.device() != first.device() {
                return Err(Error::DeviceMismatch {
                    op,
                    lhs: first.device(),
                    rhs: a.device(),
                });
            }
        }
    }
    Ok(())
}

/// A view of `a` restricted to `[start, start+len)` along `axis` (no checks).
fn narrow(a: &Array, axis: usize, start: usize, len: usize) -> Array {
    let mut l = a.layout().clone();
    if len > 0 {
        l.offset = (l.offset as isize + start as isize * l.strides[axis]) as usize;
    }
    l.shape[axis] = len;
    a.with_layout(l)
}

/// Joins arrays along an existing axis (`numpy.concatenate`).
///
/// **Shapes**: every input has the same shape except along `axis`; the result's `axis` is the
/// sum. **Dtypes**: NumPy promotion of all inputs.
///
/// # Errors
/// [`Error::BadArgument`] or [`Error::BadShape`] for an empty list; [`Error::ShapeMismatch`] naming the first two
/// disagreeing shapes; [`Error::AxisOutOfBounds`]; [`Error::DeviceMismatch`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, manip::concatenate};
/// let a = Array::from_vec_on(vec![1i64, 2], &[1, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![3i64, 4], &[1, 2], Device::Cpu).unwrap();
/// let c = concatenate(&[&a, &b], 0).unwrap();
/// assert_eq!(c.to_vec::<i64>().unwrap(), vec![1, 2, 3, 4]);
/// ```
pub fn concatenate(arrays: &[&Array], axis: isize) -> Result<Array> {
    const OP: &str = "concatenate";
    let Some(first) = arrays.first() else {
        return Err(Error::bad_argument(
            OP,
            "arrays",
            "an empty sequence",
            "at least one array",
        ));
    };
    same_devices(OP, arrays)?;
    if first.ndim() == 0 {
        return Err(Error::bad_shape(
            OP,
            "arrays",
            first.shape(),
            "arrays of at least one dimension (zero-dimensional arrays cannot be concatenated)",
        ));
    }
    let ax = normalize_axis(OP, axis, first.ndim())?;
    let mut dtype = first.dtype();
    let mut total = 0;
    for a in arrays {
        let ok = a.ndim() == first.ndim()
            && a.shape()
                .iter()
                .zip(first.shape())
                .enumerate()
                .all(|(i, (x, y))| i == ax || x == y);
        if !ok {
            return Err(Error::ShapeMismatch {
                op: OP,
                lhs: first.shape().to_vec(),
                rhs: a.shape().to_vec(),
                detail: None,
            });
        }
        dtype = DType::promote(dtype, a.dtype());
        total += a.shape()[ax];
    }
    let mut shape = first.shape().to_vec();
    shape[ax] = total;
    let out = Array::empty_on(&shape, dtype, first.device())?;
    let mut pos = 0;
    for a in arrays {
        let n = a.shape()[ax];
        if n > 0 && a.size() > 0 {
            crate::backend::copy(a.view(), narrow(&out, ax, pos, n).view())?;
        }
        pos += n;
    }
    Ok(out)
}

/// Joins arrays along a new axis (`numpy.stack`).
///
/// # Errors
/// [`Error::ShapeMismatch`] unless all shapes are equal; [`Error::AxisOutOfBounds`].
pub fn stack(arrays: &[&Array], axis: isize) -> Result<Array> {
    const OP: &str = "stack";
    let Some(first) = arrays.first() else {
        return Err(Error::bad_argument(
            OP,
            "arrays",
            "an empty sequence",
            "at least one array",
        ));
    };
    for a in arrays {
        if a.shape() != first.shape() {
            return Err(Error::ShapeMismatch {
                op: OP,
                lhs: first.shape().to_vec(),
                rhs: a.shape().to_vec(),
                detail: None,
            });
        }
    }
    let ax = normalize_axis(OP, axis, first.ndim() + 1)? as isize;
    let ex: Vec<Array> = arrays
        .iter()
        .map(|a| a.expand_dims(ax))
        .collect::<Result<_>>()?;
    concatenate(&ex.iter().collect::<Vec<_>>(), ax)
}

fn atleast(a: &Array, n: usize) -> Result<Array> {
    match (a.ndim(), n) {
        (0, 1) => a.reshape(&[1]),
        (0, 2) => a.reshape(&[1, 1]),
        (1, 2) => a.reshape(&[1, a.shape()[0] as isize]),
        _ => Ok(a.clone()),
    }
}

/// Stacks along axis 0 after making inputs at least 2-D (`numpy.vstack`).
///
/// # Errors
/// As [`concatenate`].
pub fn vstack(arrays: &[&Array]) -> Result<Array> {
    let v: Vec<Array> = arrays
        .iter()
        .map(|a| atleast(a, 2))
        .collect::<Result<_>>()?;
    concatenate(&v.iter().collect::<Vec<_>>(), 0)
}

/// Stacks along axis 1 (axis 0 for 1-D inputs) (`numpy.hstack`).
///
/// # Errors
/// As [`concatenate`].
pub fn hstack(arrays: &[&Array]) -> Result<Array> {
    let v: Vec<Array> = arrays
        .iter()
        .map(|a| atleast(a, 1))
        .collect::<Result<_>>()?;
    let axis = if v.first().is_some_and(|a| a.ndim() == 1) {
        0
    } else {
        1
    };
    concatenate(&v.iter().collect::<Vec<_>>(), axis)
}

/// How to split: into `n` equal sections, or at the given indices.
#[derive(Clone, Debug, PartialEq)]
pub enum Sections {
    /// `indices_or_sections` as an int.
    Count(usize),
    /// `indices_or_sections` as a list of split points.
    Indices(Vec<isize>),
}

impl From<usize> for Sections {
    fn from(n: usize) -> Self {
        Sections::Count(n)
    }
}
impl From<Vec<isize>> for Sections {
    fn from(v: Vec<isize>) -> Self {
        Sections::Indices(v)
    }
}
impl From<&[isize]> for Sections {
    fn from(v: &[isize]) -> Self {
        Sections::Indices(v.to_vec())
    }
}

/// Splits into views along `axis` (`numpy.split`): equal sections or at indices.
///
/// # Errors
/// [`Error::ShapeMismatch`] when `Count(n)` does not divide the axis ("array split does not
/// result in an equal division"); [`Error::BadArgument`] for zero sections.
pub fn split(a: &Array, sections: impl Into<Sections>, axis: isize) -> Result<Vec<Array>> {
    split_impl("split", a, sections.into(), axis, true)
}

/// Like [`split`], but `Count(n)` may leave unequal sections (`numpy.array_split`): the first
/// `len % n` pieces get one extra element.
///
/// # Errors
/// [`Error::BadArgument`] for zero sections; [`Error::AxisOutOfBounds`].
pub fn array_split(a: &Array, sections: impl Into<Sections>, axis: isize) -> Result<Vec<Array>> {
    split_impl("array_split", a, sections.into(), axis, false)
}

fn split_impl(
    op: &'static str,
    a: &Array,
    s: Sections,
    axis: isize,
    equal: bool,
) -> Result<Vec<Array>> {
    if a.ndim() == 0 {
        return Err(Error::bad_shape(
            op,
            "ary",
            a.shape(),
            "an array of at least one dimension",
        ));
    }
    let ax = normalize_axis(op, axis, a.ndim())?;
    let len = a.shape()[ax];
    let bounds: Vec<(usize, usize)> = match s {
        Sections::Count(0) => {
            return Err(Error::bad_argument(
                op,
                "indices_or_sections",
                0,
                "a number of sections larger than 0",
            ));
        }
        Sections::Count(n) => {
            if equal && !len.is_multiple_of(n) {
                return Err(Error::ShapeMismatch {
                    op,
                    lhs: a.shape().to_vec(),
                    rhs: vec![n],
                    detail: Some(format!(
                        "array split does not result in an equal division ({len} into {n} sections)"
                    )),
                });
            }
            let (q, r) = (len / n, len % n);
            // one view per section: a count from user input, so allocated fallibly
            crate::layout::checked_size(op, &[n], std::mem::size_of::<Array>())?;
            let mut v = crate::storage::try_vec_with_capacity(n)?;
            let mut p = 0;
            for i in 0..n {
                let l = q + usize::from(i < r);
                v.push((p, p + l));
                p += l;
            }
            v
        }
        Sections::Indices(idx) => {
            let clip = |i: isize| -> usize {
                let i = if i < 0 { i + len as isize } else { i };
                i.clamp(0, len as isize) as usize
            };
            let mut v = Vec::with_capacity(idx.len() + 1);
            let mut p = 0;
            for &i in &idx {
                let e = clip(i);
                v.push((p.min(len), e.max(p.min(len))));
                p = e;
            }
            v.push((p.min(len), len));
            v
        }
    };
    Ok(bounds
        .into_iter()
        .map(|(s, e)| narrow(a, ax, s, e - s))
        .collect())
}

/// Reverses the order of elements along the given axes (all when `None`) as a view
/// (`numpy.flip`; negative strides).
///
/// # Errors
/// [`Error::AxisOutOfBounds`].
pub fn flip(a: &Array, axes: Option<&[isize]>) -> Result<Array> {
    let all: Vec<isize> = (0..a.ndim() as isize).collect();
    let axes = axes.unwrap_or(&all);
    let mut l = a.layout().clone();
    for &ax in axes {
        let i = normalize_axis("flip", ax, a.ndim())?;
        if l.shape[i] > 0 {
            l.offset = (l.offset as isize + (l.shape[i] as isize - 1) * l.strides[i]) as usize;
        }
        l.strides[i] = -l.strides[i];
    }
    Ok(a.with_layout(l))
}

/// Rolls elements along axes, wrapping around (`numpy.roll`). `axes = None` rolls the
/// flattened array. `shifts` and `axes` pair up (a single shift applies to every axis).
///
/// # Errors
/// [`Error::BadArgument`] when `shifts` and `axes` lengths disagree; [`Error::AxisOutOfBounds`].
pub fn roll(a: &Array, shifts: &[isize], axes: Option<&[isize]>) -> Result<Array> {
    const OP: &str = "roll";
    let Some(axes) = axes else {
        if shifts.len() != 1 {
            return Err(Error::bad_argument(
                OP,
                "shift",
                format!("{shifts:?}"),
                "a single shift when axis is None",
            ));
        }
        let flat = a.ravel()?;
        return roll(&flat, shifts, Some(&[0]))?
            .reshape(&a.shape().iter().map(|&n| n as isize).collect::<Vec<_>>());
    };
    let shifts: Vec<isize> = if shifts.len() == 1 {
        vec![shifts[0]; axes.len()]
    } else {
        shifts.to_vec()
    };
    if shifts.len() != axes.len() {
        return Err(Error::bad_argument(
            OP,
            "shift",
            format!("{shifts:?}"),
            format!("one shift per axis of {axes:?}"),
        ));
    }
    let mut total = vec![0isize; a.ndim()];
    for (&s, &ax) in shifts.iter().zip(axes) {
        total[normalize_axis(OP, ax, a.ndim())?] += s;
    }
    // copy block by block: along each rolled axis the source splits into two pieces
    let out = Array::empty_on(a.shape(), a.dtype(), a.device())?;
    if a.size() == 0 {
        return Ok(out);
    }
    let nd = a.ndim();
    let pieces: Vec<Vec<(usize, usize, usize)>> = (0..nd)
        .map(|i| {
            let n = a.shape()[i];
            let s = total[i].rem_euclid(n as isize) as usize;
            if s == 0 {
                vec![(0, 0, n)]
            } else {
                // (src_start, dst_start, len)
                vec![(0, s, n - s), (n - s, 0, s)]
            }
        })
        .collect();
    let mut idx = vec![0usize; nd];
    loop {
        let (mut src, mut dst) = (a.clone(), out.clone());
        for i in 0..nd {
            let (s0, d0, len) = pieces[i][idx[i]];
            src = narrow(&src, i, s0, len);
            dst = narrow(&dst, i, d0, len);
        }
        crate::backend::copy(src.view(), dst.view())?;
        let mut i = nd;
        loop {
            if i == 0 {
                return Ok(out);
            }
            i -= 1;
            idx[i] += 1;
            if idx[i] < pieces[i].len() {
                break;
            }
            idx[i] = 0;
        }
    }
}

/// Repeats the whole array `reps` times along each axis (`numpy.tile`). When `reps` is longer
/// than `a.ndim()`, axes are prepended.
///
/// # Errors
/// [`Error::BadArgument`] for a negative entry of `reps` (any [`IntoShape`]); allocation
/// errors.
pub fn tile(a: &Array, reps: impl IntoShape) -> Result<Array> {
    let reps = reps.to_shape("tile")?;
    let reps = &reps[..];
    let nd = a.ndim().max(reps.len());
    let mut ash = vec![1usize; nd - a.ndim()];
    ash.extend_from_slice(a.shape());
    let mut r = vec![1usize; nd - reps.len()];
    r.extend_from_slice(reps);
    // view a as (1, n0, 1, n1, ...) and broadcast to (r0, n0, r1, n1, ...)
    let a = a.reshape(&ash.iter().map(|&n| n as isize).collect::<Vec<_>>())?;
    let mut inter = Vec::with_capacity(2 * nd);
    let mut big = Vec::with_capacity(2 * nd);
    for i in 0..nd {
        inter.extend([1isize, ash[i] as isize]);
        big.extend([r[i], ash[i]]);
    }
    let b = a.reshape(&inter)?.broadcast_to(&big)?;
    let out_shape: Vec<isize> = (0..nd).map(|i| (r[i] * ash[i]) as isize).collect();
    b.copy()?.reshape(&out_shape)
}

/// Repeats each element (`numpy.repeat`) `repeats` times — one count, or one per element along
/// `axis` — along `axis` (the flattened array when `None`).
///
/// # Errors
/// [`Error::ShapeMismatch`] when a per-element count list has the wrong length;
/// [`Error::BadArgument`] for negative counts; [`Error::AxisOutOfBounds`].
pub fn repeat(a: &Array, repeats: &[i64], axis: Option<isize>) -> Result<Array> {
    const OP: &str = "repeat";
    let (a, ax) = match axis {
        None => (a.ravel()?, 0usize),
        Some(ax) => (a.clone(), normalize_axis(OP, ax, a.ndim().max(1))?),
    };
    if a.ndim() == 0 {
        return repeat(&a.reshape(&[1])?, repeats, Some(0));
    }
    if repeats.iter().any(|&r| r < 0) {
        return Err(Error::bad_argument(
            OP,
            "repeats",
            format!("{repeats:?}"),
            "non-negative counts",
        ));
    }
    let n = a.shape()[ax];
    let counts: Vec<usize> = if repeats.len() == 1 {
        vec![repeats[0] as usize; n]
    } else if repeats.len() == n {
        repeats.iter().map(|&r| r as usize).collect()
    } else {
        return Err(Error::ShapeMismatch {
            op: OP,
            lhs: a.shape().to_vec(),
            rhs: vec![repeats.len()],
            detail: None,
        });
    };
    let mut shape = a.shape().to_vec();
    shape[ax] = counts
        .iter()
        .try_fold(0usize, |acc, &c| acc.checked_add(c))
        .unwrap_or(usize::MAX);
    let out = Array::alloc_named(OP, &shape, a.dtype(), a.device())?;
    if out.size() == 0 {
        return Ok(out);
    }
    if repeats.len() == 1 {
        // (.., n, 1, ..) broadcast to (.., n, r, ..), copied into out viewed the same way
        let r = counts.first().copied().unwrap_or(0);
        let mut src = a.layout().clone();
        src.shape.insert(ax + 1, r);
        src.strides.insert(ax + 1, 0);
        let mut dst = out.layout().clone();
        dst.shape[ax] = n;
        dst.shape.insert(ax + 1, r);
        let st = dst.strides[ax];
        dst.strides[ax] = st * r as isize;
        dst.strides.insert(ax + 1, st);
        crate::backend::copy(a.with_layout(src).view(), out.with_layout(dst).view())?;
        return Ok(out);
    }
    let mut pos = 0;
    for (i, &c) in counts.iter().enumerate() {
        if c > 0 {
            let mut src = narrow(&a, ax, i, 1).layout().clone();
            src.shape[ax] = c;
            src.strides[ax] = 0;
            crate::backend::copy(a.with_layout(src).view(), narrow(&out, ax, pos, c).view())?;
        }
        pos += c;
    }
    Ok(out)
}

/// Padding modes of [`pad`] (`numpy.pad`'s `mode`).
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub enum PadMode {
    /// Fill with a constant (`constant_values`).
    Constant(Scalar),
    /// Repeat the edge value.
    Edge,
    /// Mirror without repeating the edge (`reflect`).
    Reflect,
    /// Mirror repeating the edge (`symmetric`).
    Symmetric,
}

/// Pads an array (`numpy.pad`): `pad_width[i] = (before, after)` for axis `i` (one pair applies
/// to every axis).
///
/// # Errors
/// [`Error::BadArgument`] when `pad_width` has the wrong length, or a reflect pad is wider
/// than the axis allows in one pass... (NumPy repeats reflection; cuprum does too).
pub fn pad(a: &Array, pad_width: &[(usize, usize)], mode: PadMode) -> Result<Array> {
    const OP: &str = "pad";
    let nd = a.ndim();
    let pw: Vec<(usize, usize)> = match pad_width.len() {
        1 => vec![pad_width[0]; nd],
        n if n == nd => pad_width.to_vec(),
        n => {
            return Err(Error::bad_argument(
                OP,
                "pad_width",
                format!("{n} (before, after) pairs"),
                format!("1 or {nd} pairs for an array of dimension {nd}"),
            ));
        }
    };
    let shape: Vec<usize> = a
        .shape()
        .iter()
        .zip(&pw)
        .map(|(&n, &(b, e))| n.saturating_add(b).saturating_add(e))
        .collect();
    // a saturated length is over isize::MAX, so this names the overflow
    let out = Array::alloc_named(OP, &shape, a.dtype(), a.device())?;
    if let PadMode::Constant(v) = mode {
        crate::backend::fill(out.view(), v)?;
    }
    // the centre
    let mut centre = out.clone();
    for (i, &(b, _)) in pw.iter().enumerate() {
        centre = narrow(&centre, i, b, a.shape()[i]);
    }
    if a.size() > 0 {
        crate::backend::copy(a.view(), centre.view())?;
    }
    if matches!(mode, PadMode::Constant(_)) {
        return Ok(out);
    }
    // axis by axis, fill the pads from what is already there (NumPy's order)
    for (i, &(b, e)) in pw.iter().enumerate() {
        let n = a.shape()[i];
        if (b > 0 || e > 0) && n == 0 {
            return Err(Error::bad_argument(
                OP,
                "mode",
                format!("{mode:?} with padding on the empty axis {i}"),
                "'constant' (an empty axis can only be extended with a constant)",
            ));
        }
        // restrict the other axes: earlier axes are already padded (full), later ones centre only
        let mut region = out.clone();
        for (j, &(bj, _)) in pw.iter().enumerate().skip(i + 1) {
            region = narrow(&region, j, bj, a.shape()[j]);
        }
        for k in 0..b {
            // destination index b-1-k, source index per mode
            let d = b - 1 - k;
            let s = pad_source(mode, n, b, -(k as isize) - 1);
            crate::backend::copy(
                narrow(&region, i, s, 1).view(),
                narrow(&region, i, d, 1).view(),
            )?;
        }
        for k in 0..e {
            let d = b + n + k;
            let s = pad_source(mode, n, b, (n + k) as isize);
            crate::backend::copy(
                narrow(&region, i, s, 1).view(),
                narrow(&region, i, d, 1).view(),
            )?;
        }
    }
    Ok(out)
}

/// For a padded position `p` relative to the start of the data (negative before it, `>= n`
/// after it), the index in the padded axis (`b` = before width) to copy from.
fn pad_source(mode: PadMode, n: usize, b: usize, p: isize) -> usize {
    let n = n as isize;
    let idx = match mode {
        PadMode::Edge | PadMode::Constant(_) => p.clamp(0, n - 1),
        PadMode::Reflect => {
            if n == 1 {
                0
            } else {
                let period = 2 * (n - 1);
                let q = p.rem_euclid(period);
                if q < n { q } else { period - q }
            }
        }
        PadMode::Symmetric => {
            let period = 2 * n;
            let q = p.rem_euclid(period);
            if q < n { q } else { period - 1 - q }
        }
    };
    (idx + b as isize) as usize
}

/// The `n`-th discrete difference along `axis` (`numpy.diff`): `out[i] = a[i+1] - a[i]`,
/// applied `n` times; bool arrays use `a[i+1] != a[i]`, as NumPy does.
///
/// **Shapes:** `a` with `axis` shortened by `n` (to 0 when `n` exceeds its length); `n = 0`
/// returns a copy. **Dtypes:** those of `subtract` (unsigned integers wrap, as in NumPy).
/// NumPy's default is `n = 1`, `axis = -1`.
///
/// Algorithm: two shifted views and one `subtract` per order, on `a`'s device.
///
/// # Errors
/// [`Error::BadShape`] for a 0-d array; [`Error::AxisOutOfBounds`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, manip};
/// let a = Array::from_vec_on(vec![1i64, 2, 4, 7, 0], &[5], Device::Cpu).unwrap();
/// assert_eq!(manip::diff(&a, 1, -1).unwrap().to_vec::<i64>().unwrap(), vec![1, 2, 3, -7]);
/// assert_eq!(manip::diff(&a, 2, -1).unwrap().to_vec::<i64>().unwrap(), vec![1, 1, -10]);
/// ```
pub fn diff(a: &Array, n: usize, axis: isize) -> Result<Array> {
    const OP: &str = "diff";
    if a.ndim() == 0 {
        return Err(Error::bad_shape(
            OP,
            "a",
            a.shape(),
            "an array of at least one dimension",
        ));
    }
    let ax = normalize_axis(OP, axis, a.ndim())?;
    let shifted = |start: Option<isize>, stop: Option<isize>| {
        let mut items = vec![SliceItem::FULL; a.ndim()];
        items[ax] = SliceItem::Slice {
            start,
            stop,
            step: 1,
        };
        items
    };
    let (hi, lo) = (shifted(Some(1), None), shifted(None, Some(-1)));
    let mut r = a.copy()?;
    for _ in 0..n {
        if r.shape()[ax] == 0 {
            break;
        }
        let (x, y) = (r.slice(&hi)?, r.slice(&lo)?);
        r = if r.dtype() == DType::Bool {
            crate::ops::not_equal(&x, &y)?
        } else {
            crate::ops::subtract(&x, &y)?
        };
    }
    Ok(r)
}

/// Coordinate matrices from coordinate vectors (`numpy.meshgrid` with `copy=True`).
///
/// **Shapes:** `k` 1-D (or any, flattened) inputs of lengths `n0, n1, ...` give `k` arrays of
/// shape `(n1, n0, n2, ...)` with `indexing = "xy"` (NumPy's default, Cartesian) or
/// `(n0, n1, n2, ...)` with `"ij"` (matrix indexing). Each output keeps its input's dtype and
/// device and is C-contiguous. Algorithm: a reshape and a broadcast per input, then a copy.
///
/// # Errors
/// [`Error::BadArgument`] for an `indexing` other than `"xy"` or `"ij"`;
/// [`Error::DeviceMismatch`] for inputs on different devices.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, manip};
/// let x = Array::from_vec_on(vec![0.0f64, 1.0, 2.0], &[3], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![10.0f64, 20.0], &[2], Device::Cpu).unwrap();
/// let g = manip::meshgrid(&[&x, &y], "xy").unwrap();
/// assert_eq!(g[0].shape(), &[2, 3]);
/// assert_eq!(g[0].to_vec::<f64>().unwrap(), vec![0.0, 1.0, 2.0, 0.0, 1.0, 2.0]);
/// assert_eq!(g[1].to_vec::<f64>().unwrap(), vec![10.0, 10.0, 10.0, 20.0, 20.0, 20.0]);
/// ```
pub fn meshgrid(xs: &[&Array], indexing: &str) -> Result<Vec<Array>> {
    const OP: &str = "meshgrid";
    let xy = match indexing {
        "xy" => true,
        "ij" => false,
        o => {
            return Err(Error::bad_argument(
                OP,
                "indexing",
                format!("{o:?}"),
                "\"xy\" or \"ij\"",
            ));
        }
    };
    if let Some(first) = xs.first() {
        for x in xs {
            if x.device() != first.device() {
                return Err(Error::DeviceMismatch {
                    op: OP,
                    lhs: first.device(),
                    rhs: x.device(),
                });
            }
        }
    }
    let k = xs.len();
    let mut shape: Vec<usize> = xs.iter().map(|x| x.size()).collect();
    if xy && k >= 2 {
        shape.swap(0, 1);
    }
    xs.iter()
        .enumerate()
        .map(|(i, x)| {
            let pos = if xy && k >= 2 && i < 2 { 1 - i } else { i };
            let mut s = vec![1isize; k];
            s[pos] = -1;
            x.ravel()?.reshape(&s)?.broadcast_to(&shape)?.copy()
        })
        .collect()
}

/// Sum along the diagonal at `offset` of the 2-D sub-arrays over `axis1`/`axis2`
/// (`numpy.trace`; NumPy's defaults are `offset = 0`, `axis1 = 0`, `axis2 = 1`).
///
/// **Shapes:** `a (…)` with the two axes removed; a 2-D input gives a 0-d array on `a`'s device.
/// **Dtypes:** NumPy's sum accumulators (bool and integers in int64 or uint64, float16 in
/// float32 and returned as float16), or `dtype` when given. An empty diagonal sums to 0.
///
/// Algorithm: [`diagonal`] (a strided view, no copy), then a sum over its last axis.
///
/// # Errors
/// [`Error::BadArgument`] or [`Error::BadShape`] for arrays under 2-D or equal axes; [`Error::AxisOutOfBounds`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, manip};
/// let a = Array::from_vec_on((0..9i32).collect::<Vec<_>>(), &[3, 3], Device::Cpu).unwrap();
/// let t = manip::trace(&a, 0, 0, 1, None).unwrap();
/// assert_eq!(t.to_vec::<i64>().unwrap(), vec![12]); // 0 + 4 + 8, in int64
/// assert_eq!(manip::trace(&a, 1, 0, 1, None).unwrap().to_vec::<i64>().unwrap(), vec![6]);
/// ```
pub fn trace(
    a: &Array,
    offset: isize,
    axis1: isize,
    axis2: isize,
    dtype: Option<DType>,
) -> Result<Array> {
    let d = diagonal(a, offset, axis1, axis2).map_err(|e| match e {
        Error::BadShape {
            arg,
            shape,
            expected,
            ..
        } => Error::BadShape {
            op: "trace",
            arg,
            shape,
            expected,
        },
        Error::BadArgument {
            arg,
            value,
            expected,
            ..
        } => Error::BadArgument {
            op: "trace",
            arg,
            value,
            expected,
        },
        e => e,
    })?;
    crate::reduce::reduce(
        crate::reduce::ReduceOp::Sum,
        &d,
        crate::reduce::Axes::One(-1),
        false,
        dtype,
        0.0,
    )
}

/// The diagonal at `offset` of the 2-D sub-arrays over `axis1`/`axis2`, as a view with that
/// axis appended last (`numpy.diagonal`).
///
/// # Errors
/// [`Error::BadArgument`] or [`Error::BadShape`] for arrays under 2-D or equal axes; [`Error::AxisOutOfBounds`].
pub fn diagonal(a: &Array, offset: isize, axis1: isize, axis2: isize) -> Result<Array> {
    const OP: &str = "diagonal";
    if a.ndim() < 2 {
        return Err(Error::bad_shape(
            OP,
            "a",
            a.shape(),
            "an array of at least two dimensions",
        ));
    }
    let a1 = normalize_axis(OP, axis1, a.ndim())?;
    let a2 = normalize_axis(OP, axis2, a.ndim())?;
    if a1 == a2 {
        return Err(Error::bad_argument(
            OP,
            "axis2",
            axis2,
            format!("an axis other than axis1 = {axis1}"),
        ));
    }
    let l = a.layout();
    let (n1, n2) = (l.shape[a1] as isize, l.shape[a2] as isize);
    let (r0, c0) = if offset >= 0 {
        (0, offset)
    } else {
        (-offset, 0)
    };
    let len = (n1 - r0).min(n2 - c0).max(0) as usize;
    let mut off = l.offset as isize;
    if len > 0 {
        off += r0 * l.strides[a1] + c0 * l.strides[a2];
    }
    let mut shape = Vec::new();
    let mut strides = Vec::new();
    for i in 0..a.ndim() {
        if i != a1 && i != a2 {
            shape.push(l.shape[i]);
            strides.push(l.strides[i]);
        }
    }
    shape.push(len);
    strides.push(l.strides[a1] + l.strides[a2]);
    Ok(a.with_layout(Layout {
        shape,
        strides,
        offset: off as usize,
    }))
}

/// `numpy.diag`: a 1-D input gives a 2-D array with it on diagonal `k`; a 2-D input gives a
/// copy of its diagonal `k`.
///
/// # Errors
/// [`Error::BadShape`] for inputs that are not 1-D or 2-D.
pub fn diag(v: &Array, k: isize) -> Result<Array> {
    match v.ndim() {
        1 => {
            let n = v.shape()[0] + k.unsigned_abs();
            let out = Array::empty_on(&[n, n], v.dtype(), v.device())?;
            crate::backend::fill(out.view(), Scalar::Int(0))?;
            if v.size() > 0 {
                crate::backend::copy(v.view(), diagonal(&out, k, 0, 1)?.view())?;
            }
            Ok(out)
        }
        2 => diagonal(v, k, 0, 1)?.copy(),
        _ => Err(Error::bad_shape(
            "diag",
            "v",
            v.shape(),
            "a 1-D or 2-D array",
        )),
    }
}

fn tri_mask(op: &'static str, a: &Array, k: isize, lower: bool) -> Result<Array> {
    if a.ndim() < 2 {
        return Err(Error::bad_shape(
            op,
            "m",
            a.shape(),
            "an array of at least two dimensions",
        ));
    }
    let nd = a.ndim();
    let (n, m) = (a.shape()[nd - 2], a.shape()[nd - 1]);
    // NumPy's own formulation: `where(mask, a, 0)` with the mask built from two broadcast
    // aranges, so any size costs a handful of kernels (not one fill per row).
    let dev = a.device();
    let i = crate::creation::arange_on(0i64, n as i64, 1i64, Some(DType::Int64), dev)?
        .reshape(&[n as isize, 1])?;
    let j = crate::creation::arange_on(0i64, m as i64, 1i64, Some(DType::Int64), dev)?
        .reshape(&[1, m as isize])?;
    // row i keeps columns j <= i + k (lower) or j >= i + k (upper); comparing the broadcast
    // (1, m) and (n, 1) ranges writes the boolean mask directly (an (n, m) int64 difference
    // first cost 64 MB of extra traffic at 2048x2048)
    let ik = crate::ops::add(&i, k as i64)?;
    let keep = if lower {
        crate::ops::less_equal(&j, &ik)?
    } else {
        crate::ops::greater_equal(&j, &ik)?
    };
    let zero = crate::creation::zeros_on((), a.dtype(), dev)?;
    crate::ops::where_(&keep, a, &zero)
}

/// Lower triangle of the last two axes (`numpy.tril`): elements above diagonal `k` zeroed.
///
/// # Errors
/// [`Error::BadShape`] for inputs under 2-D.
pub fn tril(a: &Array, k: isize) -> Result<Array> {
    tri_mask("tril", a, k, true)
}

/// Upper triangle of the last two axes (`numpy.triu`): elements below diagonal `k` zeroed.
///
/// # Errors
/// [`Error::BadShape`] for inputs under 2-D.
pub fn triu(a: &Array, k: isize) -> Result<Array> {
    tri_mask("triu", a, k, false)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Device;

    fn ar(n: usize, shape: &[usize]) -> Array {
        Array::from_vec_on((0..n as i64).collect::<Vec<_>>(), shape, Device::Cpu).unwrap()
    }
    fn v(a: &Array) -> Vec<i64> {
        a.to_vec::<i64>().unwrap()
    }

    #[test]
    fn concat_stack_split() {
        let a = ar(6, &[2, 3]);
        let b = ar(3, &[1, 3]);
        let c = concatenate(&[&a, &b], 0).unwrap();
        assert_eq!(c.shape(), &[3, 3]);
        assert_eq!(v(&c), vec![0, 1, 2, 3, 4, 5, 0, 1, 2]);
        let e = concatenate(&[&a, &ar(4, &[2, 2])], 0).unwrap_err();
        assert!(matches!(e, Error::ShapeMismatch { .. }));
        let s = stack(&[&a, &a], -1).unwrap();
        assert_eq!(s.shape(), &[2, 3, 2]);
        assert_eq!(v(&s), vec![0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
        let parts = split(&ar(9, &[9]), vec![2, 5, 5], 0).unwrap();
        let lens: Vec<usize> = parts.iter().map(|p| p.shape()[0]).collect();
        assert_eq!(lens, vec![2, 3, 0, 4]);
        assert!(matches!(
            split(&ar(7, &[7]), 3usize, 0),
            Err(Error::ShapeMismatch { .. })
        ));
        let parts = array_split(&ar(7, &[7]), 3usize, 0).unwrap();
        assert_eq!(
            parts.iter().map(|p| p.shape()[0]).collect::<Vec<_>>(),
            vec![3, 2, 2]
        );
        assert_eq!(
            v(&vstack(&[&ar(2, &[2]), &ar(2, &[2])]).unwrap()),
            vec![0, 1, 0, 1]
        );
    }

    #[test]
    fn flip_roll_tile_repeat() {
        let a = ar(6, &[2, 3]);
        assert_eq!(v(&flip(&a, None).unwrap()), vec![5, 4, 3, 2, 1, 0]);
        assert_eq!(v(&flip(&a, Some(&[1])).unwrap()), vec![2, 1, 0, 5, 4, 3]);
        assert_eq!(
            v(&roll(&a, &[1, -8], Some(&[0, 1])).unwrap()),
            vec![5, 3, 4, 2, 0, 1]
        );
        assert_eq!(v(&roll(&a, &[2], None).unwrap()), vec![4, 5, 0, 1, 2, 3]);
        let t = tile(&ar(2, &[2]), &[2, 1, 3]).unwrap();
        assert_eq!(t.shape(), &[2, 1, 6]);
        assert_eq!(v(&t)[..6], [0, 1, 0, 1, 0, 1]);
        assert_eq!(
            v(&repeat(&a, &[2], None).unwrap()),
            vec![0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]
        );
        let r = repeat(&a, &[0, 2], Some(0)).unwrap();
        assert_eq!(r.shape(), &[2, 3]);
        assert_eq!(v(&r), vec![3, 4, 5, 3, 4, 5]);
        let r = repeat(&a, &[2], Some(1)).unwrap();
        assert_eq!(v(&r), vec![0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5]);
    }

    #[test]
    fn pad_modes_match_numpy() {
        let a = ar(4, &[4]);
        let p = |m| v(&pad(&a, &[(2, 3)], m).unwrap());
        assert_eq!(
            p(PadMode::Constant(Scalar::Int(9))),
            vec![9, 9, 0, 1, 2, 3, 9, 9, 9]
        );
        assert_eq!(p(PadMode::Edge), vec![0, 0, 0, 1, 2, 3, 3, 3, 3]);
        assert_eq!(p(PadMode::Reflect), vec![2, 1, 0, 1, 2, 3, 2, 1, 0]);
        assert_eq!(p(PadMode::Symmetric), vec![1, 0, 0, 1, 2, 3, 3, 2, 1]);
        let b = ar(4, &[2, 2]);
        let e = pad(&b, &[(1, 0), (0, 1)], PadMode::Edge).unwrap();
        assert_eq!(v(&e), vec![0, 1, 1, 0, 1, 1, 2, 3, 3]);
    }

    #[test]
    fn diag_diagonal_tri() {
        let d = diag(&ar(3, &[3]), 1).unwrap();
        assert_eq!(d.shape(), &[4, 4]);
        assert_eq!(v(&d), vec![0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 2, 0, 0, 0, 0]);
        let m = ar(12, &[3, 4]);
        assert_eq!(v(&diag(&m, 1).unwrap()), vec![1, 6, 11]);
        assert_eq!(v(&diag(&m, -1).unwrap()), vec![4, 9]);
        assert_eq!(diag(&m, 5).unwrap().shape(), &[0]);
        let t = ar(24, &[2, 3, 4]);
        assert_eq!(
            v(&diagonal(&t, 1, 1, 2).unwrap()),
            vec![1, 6, 11, 13, 18, 23]
        );
        assert_eq!(
            v(&tril(&m, -1).unwrap()),
            vec![0, 0, 0, 0, 4, 0, 0, 0, 8, 9, 0, 0]
        );
        assert_eq!(
            v(&triu(&m, 1).unwrap()),
            vec![0, 1, 2, 3, 0, 0, 6, 7, 0, 0, 0, 11]
        );
    }
}
