//! Basic indexing: [`SliceItem`], the [`s!`](crate::s) macro, [`Array::slice`], [`Array::get`]
//! and [`Array::index_axis`].
//!
//! Basic indexing follows NumPy: integers select one position and drop the axis (negative
//! integers count from the end), slices `start:stop:step` keep the axis (bounds are clipped,
//! negative steps walk backwards), `None` (here [`SliceItem::NewAxis`]) inserts a length-1 axis
//! and `...` ([`SliceItem::Ellipsis`]) stands for as many full slices as needed. The result is
//! always a view sharing the buffer; nothing is copied.
//!
//! | NumPy / CuPy            | cuprum                                   |
//! |-------------------------|------------------------------------------|
//! | `a[1:3, ::2]`           | `a.slice(s![1..3, ..;2])`                |
//! | `a[::-1]`               | `a.slice(s![..;-1])`                     |
//! | `a[-1, None, ...]`      | `a.slice(s![-1, NewAxis, Ellipsis])`     |
//! | `a[2]`                  | `a.index_axis(0, 2)` or `a.slice(s![2])` |
//! | `a[1, 2].item()`        | `a.get(&[1, 2])`                         |
//!
//! Advanced (integer-array and boolean) indexing is not part of this module.

use crate::{Array, Error, Layout, Result, Scalar};
use std::ops::{Range, RangeFrom, RangeFull, RangeInclusive, RangeTo, RangeToInclusive};

/// One item of a basic index, as one entry of a NumPy index tuple.
///
/// Build lists of them with the [`s!`](crate::s) macro, with `From` conversions (integers and
/// ranges), or by parsing NumPy's text form with [`SliceItem::parse_expr`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SliceItem {
    /// An integer index: selects one position and removes the axis. Negative values count
    /// from the end (`-1` is the last element).
    Index(isize),
    /// A slice `start:stop:step`. `None` bounds take NumPy's defaults (the whole axis in the
    /// direction of `step`); bounds outside the axis are clipped; `step` must not be 0.
    Slice {
        /// first position (inclusive); `None` is the start (or the end for a negative step)
        start: Option<isize>,
        /// end position (exclusive); `None` runs to the end (or the start for a negative step)
        stop: Option<isize>,
        /// distance between selected positions; negative walks backwards
        step: isize,
    },
    /// NumPy's `None` / `np.newaxis`: inserts an axis of length 1.
    NewAxis,
    /// NumPy's `...`: as many full slices as needed to index every axis.
    Ellipsis,
}

impl SliceItem {
    /// The full slice `:` (every element, in order).
    pub const FULL: SliceItem = SliceItem::Slice {
        start: None,
        stop: None,
        step: 1,
    };

    /// True for the items that consume an axis of the indexed array (integers and slices).
    fn consumes_axis(&self) -> bool {
        matches!(self, SliceItem::Index(_) | SliceItem::Slice { .. })
    }

    /// Parses the conformance corpus's index language (NumPy's bracket syntax):
    /// `"[1:3, ::-1, None, ..., -2]"`.
    ///
    /// Grammar: `"[" [item ("," item)*] "]"` with `item` one of an integer (may be negative),
    /// a slice `[int]:[int][:[int]]`, `None`, or `...`; whitespace around items is allowed;
    /// `"[]"` is the empty index `a[()]`. A missing step is 1; a step of `0` parses and is
    /// rejected by [`Array::slice`], as NumPy rejects it when indexing.
    ///
    /// # Errors
    /// [`Error::InvalidIndex`] (op `"parse_expr"`) naming the offending text when the string
    /// does not follow the grammar, and for `@k` array indices, which basic indexing does not
    /// cover (advanced indexing handles them).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::index::SliceItem;
    /// let items = SliceItem::parse_expr("[1:, ::-1, None, ..., -2]").unwrap();
    /// assert_eq!(items[0], SliceItem::Slice { start: Some(1), stop: None, step: 1 });
    /// assert_eq!(items[1], SliceItem::Slice { start: None, stop: None, step: -1 });
    /// assert_eq!(items[2], SliceItem::NewAxis);
    /// assert_eq!(items[3], SliceItem::Ellipsis);
    /// assert_eq!(items[4], SliceItem::Index(-2));
    /// ```
    pub fn parse_expr(expr: &str) -> Result<Vec<SliceItem>> {
        bracket_items(expr)?
            .into_iter()
            .map(|item| parse_item(item, expr))
            .collect()
    }
}

/// The comma-separated items (trimmed) of a bracketed index expression `"[a, b, ...]"`, none
/// for `"[]"`: the one reader of the bracket syntax, for basic ([`SliceItem::parse_expr`]) and
/// advanced (`IndexItem::parse_expr`) indexing.
pub(crate) fn bracket_items(expr: &str) -> Result<Vec<&str>> {
    let inner = expr
        .trim()
        .strip_prefix('[')
        .and_then(|r| r.strip_suffix(']'))
        .ok_or_else(|| {
            Error::invalid_index(
                "parse_expr",
                format!("{expr:?} is not a bracketed index expression like \"[1:3, ::2]\""),
            )
        })?;
    if inner.trim().is_empty() {
        return Ok(Vec::new());
    }
    Ok(inner.split(',').map(str::trim).collect())
}

/// Parses one item of an index expression (`expr` is the whole expression, for errors).
fn parse_item(item: &str, expr: &str) -> Result<SliceItem> {
    const OP: &str = "parse_expr";
    let bad =
        |what: &str| Error::invalid_index(OP, format!("item {item:?} of {expr:?} is not {what}"));
    match item {
        "" => return Err(bad("an integer, a slice, None or ...")),
        "None" => return Ok(SliceItem::NewAxis),
        "..." => return Ok(SliceItem::Ellipsis),
        _ => {}
    }
    if let Some(k) = item.strip_prefix('@') {
        return Err(Error::invalid_index(
            OP,
            format!(
                "array index @{k} in {expr:?} needs advanced indexing, which basic indexing \
                 does not cover"
            ),
        ));
    }
    let parse_int = |s: &str| -> Result<Option<isize>> {
        let s = s.trim();
        if s.is_empty() {
            Ok(None)
        } else {
            s.parse::<isize>()
                .map(Some)
                .map_err(|_| bad("made of integers"))
        }
    };
    let parts: Vec<&str> = item.split(':').collect();
    match parts.as_slice() {
        [i] => parse_int(i)?
            .map(SliceItem::Index)
            .ok_or_else(|| bad("an integer")),
        [a, b] => Ok(SliceItem::Slice {
            start: parse_int(a)?,
            stop: parse_int(b)?,
            step: 1,
        }),
        [a, b, c] => Ok(SliceItem::Slice {
            start: parse_int(a)?,
            stop: parse_int(b)?,
            step: parse_int(c)?.unwrap_or(1),
        }),
        _ => Err(bad("a slice with at most two ':'")),
    }
}

impl std::fmt::Display for SliceItem {
    /// NumPy's text form: `3`, `1:5:2`, `::-1`, `None`, `...`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match *self {
            SliceItem::Index(i) => write!(f, "{i}"),
            SliceItem::Slice { start, stop, step } => {
                if let Some(s) = start {
                    write!(f, "{s}")?;
                }
                f.write_str(":")?;
                if let Some(s) = stop {
                    write!(f, "{s}")?;
                }
                if step != 1 {
                    write!(f, ":{step}")?;
                }
                Ok(())
            }
            SliceItem::NewAxis => f.write_str("None"),
            SliceItem::Ellipsis => f.write_str("..."),
        }
    }
}

/// Converts an integer index to `isize`, saturating: values beyond `isize` are out of bounds
/// for every axis anyway, so saturation keeps the error (not the value) correct.
trait ToIsize: Copy {
    fn to_isize(self) -> isize;
}
macro_rules! to_isize {
    ($($t:ty),*) => {$(
        impl ToIsize for $t {
            fn to_isize(self) -> isize {
                isize::try_from(self).unwrap_or(if self > (0 as $t) { isize::MAX } else { isize::MIN })
            }
        }
    )*};
}
to_isize!(isize, i32, i64, usize, u32, u64);

macro_rules! slice_item_from {
    ($($t:ty),*) => {$(
        impl From<$t> for SliceItem {
            /// An integer index.
            fn from(i: $t) -> Self {
                SliceItem::Index(i.to_isize())
            }
        }
        impl From<Range<$t>> for SliceItem {
            /// `a..b` is NumPy's `a:b`.
            fn from(r: Range<$t>) -> Self {
                SliceItem::Slice { start: Some(r.start.to_isize()), stop: Some(r.end.to_isize()), step: 1 }
            }
        }
        impl From<RangeFrom<$t>> for SliceItem {
            /// `a..` is NumPy's `a:`.
            fn from(r: RangeFrom<$t>) -> Self {
                SliceItem::Slice { start: Some(r.start.to_isize()), stop: None, step: 1 }
            }
        }
        impl From<RangeTo<$t>> for SliceItem {
            /// `..b` is NumPy's `:b`.
            fn from(r: RangeTo<$t>) -> Self {
                SliceItem::Slice { start: None, stop: Some(r.end.to_isize()), step: 1 }
            }
        }
        impl From<RangeInclusive<$t>> for SliceItem {
            /// `a..=b` is NumPy's `a:b+1` (and `a:` when `b` is `-1`, the last element).
            fn from(r: RangeInclusive<$t>) -> Self {
                let (a, b) = (r.start().to_isize(), r.end().to_isize());
                SliceItem::Slice { start: Some(a), stop: inclusive_stop(b), step: 1 }
            }
        }
        impl From<RangeToInclusive<$t>> for SliceItem {
            /// `..=b` is NumPy's `:b+1` (and `:` when `b` is `-1`).
            fn from(r: RangeToInclusive<$t>) -> Self {
                SliceItem::Slice { start: None, stop: inclusive_stop(r.end.to_isize()), step: 1 }
            }
        }
        impl WithStep for Range<$t> {
            fn with_step(self, step: isize) -> SliceItem {
                SliceItem::Slice { start: Some(self.start.to_isize()), stop: Some(self.end.to_isize()), step }
            }
        }
        impl WithStep for RangeFrom<$t> {
            fn with_step(self, step: isize) -> SliceItem {
                SliceItem::Slice { start: Some(self.start.to_isize()), stop: None, step }
            }
        }
        impl WithStep for RangeTo<$t> {
            fn with_step(self, step: isize) -> SliceItem {
                SliceItem::Slice { start: None, stop: Some(self.end.to_isize()), step }
            }
        }
        impl WithStep for RangeInclusive<$t> {
            fn with_step(self, step: isize) -> SliceItem {
                let (a, b) = (self.start().to_isize(), self.end().to_isize());
                SliceItem::Slice { start: Some(a), stop: inclusive_stop(b), step }
            }
        }
        impl WithStep for RangeToInclusive<$t> {
            fn with_step(self, step: isize) -> SliceItem {
                SliceItem::Slice { start: None, stop: inclusive_stop(self.end.to_isize()), step }
            }
        }
    )*};
}

/// The exclusive stop of an inclusive end `b` (for a forward range).
fn inclusive_stop(b: isize) -> Option<isize> {
    if b == -1 {
        None
    } else {
        Some(b.saturating_add(1))
    }
}

slice_item_from!(isize, i32, i64, usize, u32, u64);

impl From<RangeFull> for SliceItem {
    /// `..` is NumPy's `:`.
    fn from(_: RangeFull) -> Self {
        SliceItem::FULL
    }
}

/// Ranges that accept a step in the [`s!`](crate::s) macro (`a..b;step`). Integers do not:
/// `s![3;2]` does not compile.
pub trait WithStep {
    /// The slice item of this range with `step`.
    fn with_step(self, step: isize) -> SliceItem;
}

impl WithStep for RangeFull {
    fn with_step(self, step: isize) -> SliceItem {
        SliceItem::Slice {
            start: None,
            stop: None,
            step,
        }
    }
}

/// Builds a basic index (a `&[SliceItem]`) for [`Array::slice`], like NumPy's `a[...]`
/// bracket syntax.
///
/// Items, separated by commas:
/// - an integer expression: `3`, `-1`, `i` (selects one position, drops the axis);
/// - a range: `a..b`, `a..`, `..b`, `..`, `a..=b`, `..=b` (NumPy's `a:b`, `a:`, `:b`, `:`);
/// - a range with a step after `;`: `0..10;2`, `..;-1` (NumPy's `0:10:2`, `::-1`);
/// - `NewAxis` (NumPy's `None`) and `Ellipsis` (NumPy's `...`), written as bare identifiers.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, s};
/// let a = Array::from_vec_on((0..12i64).collect(), &[3, 4], Device::Cpu).unwrap();
/// let v = a.slice(s![1.., ..;-2]).unwrap(); // a[1:, ::-2]
/// assert_eq!(v.shape(), &[2, 2]);
/// assert_eq!(v.to_vec::<i64>().unwrap(), vec![7, 5, 11, 9]);
/// let w = a.slice(s![-1, NewAxis, Ellipsis]).unwrap(); // a[-1, None, ...]
/// assert_eq!(w.shape(), &[1, 4]);
/// ```
#[macro_export]
macro_rules! s {
    (@parse [$($acc:tt)*]) => {
        &[$($acc)*] as &[$crate::index::SliceItem]
    };
    (@parse [$($acc:tt)*] NewAxis $(, $($rest:tt)*)?) => {
        $crate::s!(@parse [$($acc)* $crate::index::SliceItem::NewAxis,] $($($rest)*)?)
    };
    (@parse [$($acc:tt)*] Ellipsis $(, $($rest:tt)*)?) => {
        $crate::s!(@parse [$($acc)* $crate::index::SliceItem::Ellipsis,] $($($rest)*)?)
    };
    (@parse [$($acc:tt)*] $r:expr ; $step:expr $(, $($rest:tt)*)?) => {
        $crate::s!(@parse [$($acc)* $crate::index::WithStep::with_step($r, $step),] $($($rest)*)?)
    };
    (@parse [$($acc:tt)*] $e:expr $(, $($rest:tt)*)?) => {
        $crate::s!(@parse [$($acc)* <$crate::index::SliceItem as ::core::convert::From<_>>::from($e),] $($($rest)*)?)
    };
    ($($t:tt)*) => {
        $crate::s!(@parse [] $($t)*)
    };
}

/// The normalized result of one slice on an axis of length `n`: first position, count, step.
fn resolve_slice(
    start: Option<isize>,
    stop: Option<isize>,
    step: isize,
    n: usize,
) -> (isize, usize) {
    let n = n as isize;
    // Python's PySlice_Unpack clamps the step to [-isize::MAX, isize::MAX] (so that it can be
    // negated)
    let step = step.max(-isize::MAX);
    // Python's PySlice_AdjustIndices, with None bounds taking the defaults directly.
    let clip = |v: isize| -> isize {
        if v < 0 {
            let v = v + n;
            if v < 0 {
                if step < 0 { -1 } else { 0 }
            } else {
                v
            }
        } else if v >= n {
            if step < 0 { n - 1 } else { n }
        } else {
            v
        }
    };
    let (s, e) = if step > 0 {
        (start.map_or(0, clip), stop.map_or(n, clip))
    } else {
        (start.map_or(n - 1, clip), stop.map_or(-1, clip))
    };
    let len = if step > 0 {
        if s < e { (e - s - 1) / step + 1 } else { 0 }
    } else if e < s {
        (s - e - 1) / (-step) + 1
    } else {
        0
    };
    (s, len as usize)
}

/// Normalizes an integer index on an axis of length `n`.
fn resolve_index(op: &'static str, i: isize, axis: usize, n: usize) -> Result<usize> {
    let ni = n as isize;
    let j = if i < 0 { i + ni } else { i };
    if j < 0 || j >= ni {
        return Err(Error::IndexOutOfBounds {
            op,
            index: i as i64,
            axis,
            size: n,
        });
    }
    Ok(j as usize)
}

/// Applies a basic index to a layout (NumPy semantics), returning the view's layout.
pub(crate) fn slice_layout(
    op: &'static str,
    layout: &Layout,
    items: &[SliceItem],
) -> Result<Layout> {
    let ndim = layout.ndim();
    let consumed = items.iter().filter(|it| it.consumes_axis()).count();
    let ellipses = items
        .iter()
        .filter(|it| matches!(it, SliceItem::Ellipsis))
        .count();
    if ellipses > 1 {
        return Err(Error::invalid_index(
            op,
            "an index can only have a single ellipsis ('...')",
        ));
    }
    if consumed > ndim {
        return Err(Error::invalid_index(
            op,
            format!(
                "too many indices for array: array is {ndim}-dimensional, but {consumed} were \
                 indexed"
            ),
        ));
    }
    let mut shape = Vec::with_capacity(ndim + items.len());
    let mut strides = Vec::with_capacity(ndim + items.len());
    let mut offset = layout.offset as isize;
    let mut empty = layout.size() == 0;
    let mut axis = 0usize;
    let full = |axis: usize, shape: &mut Vec<usize>, strides: &mut Vec<isize>| {
        shape.push(layout.shape[axis]);
        strides.push(layout.strides[axis]);
    };
    for item in items {
        match *item {
            SliceItem::Index(i) => {
                let j = resolve_index(op, i, axis, layout.shape[axis])?;
                offset += j as isize * layout.strides[axis];
                axis += 1;
            }
            SliceItem::Slice { start, stop, step } => {
                if step == 0 {
                    return Err(Error::invalid_index(
                        op,
                        format!("slice step cannot be zero (item {item} on axis {axis})"),
                    ));
                }
                let (s, len) = resolve_slice(start, stop, step, layout.shape[axis]);
                if len > 0 {
                    offset += s * layout.strides[axis];
                } else {
                    empty = true;
                }
                shape.push(len);
                // With two or more elements the step's extent lies inside the buffer, so the
                // product fits; with fewer the stride is never used to move (a huge step, as
                // in `a[::2**62]`, must not overflow it).
                let stride = layout.strides[axis];
                strides.push(if len > 1 {
                    stride * step
                } else {
                    stride.checked_mul(step.max(-isize::MAX)).unwrap_or(stride)
                });
                axis += 1;
            }
            SliceItem::NewAxis => {
                shape.push(1);
                strides.push(0);
            }
            SliceItem::Ellipsis => {
                for _ in 0..ndim - consumed {
                    full(axis, &mut shape, &mut strides);
                    axis += 1;
                }
            }
        }
    }
    while axis < ndim {
        full(axis, &mut shape, &mut strides);
        axis += 1;
    }
    // An empty view keeps the base offset (no element is ever addressed through it).
    let offset = if empty {
        layout.offset
    } else {
        debug_assert!(offset >= 0);
        offset as usize
    };
    Ok(Layout {
        shape,
        strides,
        offset,
    })
}

impl Array {
    /// A view selected by a basic index, NumPy's `a[items]`: integers, slices (with steps,
    /// negative steps and clipped bounds), `NewAxis` and `Ellipsis`. Build `items` with the
    /// [`s!`](crate::s) macro or [`SliceItem::parse_expr`].
    ///
    /// **Shapes:** integer items drop their axis, slices keep it with the selected length,
    /// `NewAxis` inserts a length-1 axis, `Ellipsis` (or the end of `items`) keeps every
    /// remaining axis whole. The view shares the buffer: writes through it (for example with
    /// [`Array::assign`]) are visible through `self`.
    ///
    /// # Errors
    /// - [`Error::InvalidIndex`]: more integers/slices than axes, a slice step of 0, or more
    ///   than one `Ellipsis`;
    /// - [`Error::IndexOutOfBounds`]: an integer outside `[-n, n)` for its axis (naming the
    ///   index, the axis and its size).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device, s};
    /// let a = Array::from_vec_on((0..10i32).collect(), &[10], Device::Cpu).unwrap();
    /// let v = a.slice(s![8..;-3]).unwrap(); // a[8::-3]
    /// assert_eq!(v.to_vec::<i32>().unwrap(), vec![8, 5, 2]);
    /// assert!(a.slice(s![..;0]).is_err());
    /// assert!(a.slice(s![10]).is_err());
    /// ```
    pub fn slice(&self, items: &[SliceItem]) -> Result<Array> {
        Ok(self.with_layout(slice_layout("slice", &self.layout, items)?))
    }

    /// One element as a [`Scalar`], NumPy's `a[i, j, ...].item()`. `index` has one integer per
    /// axis; negative integers count from the end. Synchronizes with the device.
    ///
    /// # Errors
    /// [`Error::InvalidIndex`] when `index.len()` is not `ndim`; [`Error::IndexOutOfBounds`]
    /// when an integer is outside its axis.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device, Scalar};
    /// let a = Array::from_vec_on(vec![1.5f64, 2.5, 3.5, 4.5], &[2, 2], Device::Cpu).unwrap();
    /// assert_eq!(a.get(&[1, -1]).unwrap(), Scalar::Float(4.5));
    /// ```
    pub fn get(&self, index: &[isize]) -> Result<Scalar> {
        if index.len() != self.ndim() {
            return Err(Error::invalid_index(
                "get",
                format!(
                    "{} indices given for an array of dimension {}; get needs one per axis",
                    index.len(),
                    self.ndim()
                ),
            ));
        }
        let mut pos = self.layout.offset as isize;
        for (axis, (&i, (&n, &s))) in index
            .iter()
            .zip(self.layout.shape.iter().zip(&self.layout.strides))
            .enumerate()
        {
            pos += resolve_index("get", i, axis, n)? as isize * s;
        }
        let elem = self.with_layout(Layout {
            shape: Vec::new(),
            strides: Vec::new(),
            offset: pos as usize,
        });
        elem.item()
    }

    /// The view at position `index` along `axis` (that axis removed), NumPy's
    /// `a[(slice(None),) * axis + (index,)]`. Negative `axis` and `index` count from the end.
    ///
    /// # Errors
    /// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`;
    /// [`Error::IndexOutOfBounds`] for an index outside the axis.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let a = Array::from_vec_on((0..6i64).collect(), &[2, 3], Device::Cpu).unwrap();
    /// let col = a.index_axis(1, -1).unwrap();
    /// assert_eq!(col.to_vec::<i64>().unwrap(), vec![2, 5]);
    /// ```
    pub fn index_axis(&self, axis: isize, index: isize) -> Result<Array> {
        let ax = crate::layout::normalize_axis("index_axis", axis, self.ndim())?;
        let j = resolve_index("index_axis", index, ax, self.layout.shape[ax])?;
        let mut layout = self.layout.clone();
        layout.offset = (layout.offset as isize + j as isize * layout.strides[ax]) as usize;
        layout.shape.remove(ax);
        layout.strides.remove(ax);
        Ok(self.with_layout(layout))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{DType, Device};
    use proptest::prelude::*;

    fn arange_i64(shape: &[usize]) -> Array {
        let n = crate::layout::shape_size(shape) as i64;
        Array::from_vec_on((0..n).collect::<Vec<i64>>(), shape, Device::Cpu).unwrap()
    }

    #[test]
    fn macro_items() {
        let n = 3usize;
        let items =
            s![1, -2, 1..4, 2.., ..5, .., 1..=3, ..=-1, 0..10;2, ..;-1, n, NewAxis, Ellipsis];
        let sl = |a, b, c| SliceItem::Slice {
            start: a,
            stop: b,
            step: c,
        };
        assert_eq!(
            items,
            &[
                SliceItem::Index(1),
                SliceItem::Index(-2),
                sl(Some(1), Some(4), 1),
                sl(Some(2), None, 1),
                sl(None, Some(5), 1),
                sl(None, None, 1),
                sl(Some(1), Some(4), 1),
                sl(None, None, 1),
                sl(Some(0), Some(10), 2),
                sl(None, None, -1),
                SliceItem::Index(3),
                SliceItem::NewAxis,
                SliceItem::Ellipsis,
            ]
        );
        let empty: &[SliceItem] = s![];
        assert!(empty.is_empty());
        // trailing comma
        assert_eq!(s![1,], &[SliceItem::Index(1)]);
    }

    #[test]
    fn parse_expr_items_and_errors() {
        let sl = |a, b, c| SliceItem::Slice {
            start: a,
            stop: b,
            step: c,
        };
        assert_eq!(SliceItem::parse_expr("[]").unwrap(), vec![]);
        assert_eq!(
            SliceItem::parse_expr(" [ 1 , -3:, :5:2, ::, ::-1 ,None,..., 2:-1] ").unwrap(),
            vec![
                SliceItem::Index(1),
                sl(Some(-3), None, 1),
                sl(None, Some(5), 2),
                sl(None, None, 1),
                sl(None, None, -1),
                SliceItem::NewAxis,
                SliceItem::Ellipsis,
                sl(Some(2), Some(-1), 1),
            ]
        );
        assert_eq!(
            SliceItem::parse_expr("[::0]").unwrap(),
            vec![sl(None, None, 0)]
        );
        for bad in [
            "1:2",
            "[a]",
            "[1:2:3:4]",
            "[1,,2]",
            "[@0]",
            "[1.5]",
            "[Non]",
        ] {
            let e = SliceItem::parse_expr(bad).unwrap_err();
            assert!(
                matches!(
                    e,
                    Error::InvalidIndex {
                        op: "parse_expr",
                        ..
                    }
                ),
                "{bad}: {e}"
            );
        }
        let e = SliceItem::parse_expr("[0, @1]").unwrap_err().to_string();
        assert!(e.contains("@1"), "{e}");
    }

    #[test]
    fn display_round_trips_through_parse() {
        let items = s![1, 2..;3, ..-1, ..;-1, NewAxis, Ellipsis];
        let text = format!(
            "[{}]",
            items
                .iter()
                .map(|i| i.to_string())
                .collect::<Vec<_>>()
                .join(", ")
        );
        assert_eq!(text, "[1, 2::3, :-1, ::-1, None, ...]");
        assert_eq!(SliceItem::parse_expr(&text).unwrap(), items);
    }

    #[test]
    fn slice_values_2d() {
        let a = arange_i64(&[3, 4]);
        let v = a.slice(s![1.., ..;-2]).unwrap();
        assert_eq!(v.shape(), &[2, 2]);
        assert_eq!(v.to_vec::<i64>().unwrap(), vec![7, 5, 11, 9]);
        assert!(v.shares_storage(&a));
        let r = a.slice(s![-1]).unwrap();
        assert_eq!(r.shape(), &[4]);
        assert_eq!(r.to_vec::<i64>().unwrap(), vec![8, 9, 10, 11]);
        let c = a.slice(s![Ellipsis, 1]).unwrap();
        assert_eq!(c.to_vec::<i64>().unwrap(), vec![1, 5, 9]);
        let n = a.slice(s![NewAxis, 1..2, NewAxis]).unwrap();
        assert_eq!(n.shape(), &[1, 1, 1, 4]);
        assert_eq!(n.to_vec::<i64>().unwrap(), vec![4, 5, 6, 7]);
        // clipped bounds
        let w = a.slice(s![-100..100, 2..100]).unwrap();
        assert_eq!(w.shape(), &[3, 2]);
        assert_eq!(w.to_vec::<i64>().unwrap(), vec![2, 3, 6, 7, 10, 11]);
        // empty slices keep a valid view
        #[allow(clippy::reversed_empty_ranges)]
        let e = a.slice(s![2..1, ..]).unwrap();
        assert_eq!(e.shape(), &[0, 4]);
        assert_eq!(e.to_vec::<i64>().unwrap(), Vec::<i64>::new());
        let e = a.slice(s![..;-1, -100..-50;-1]).unwrap();
        assert_eq!(e.shape(), &[3, 0]);
        // the empty index is the array itself
        let same = a.slice(s![]).unwrap();
        assert_eq!(same.shape(), &[3, 4]);
        // a 0-d result from integers on every axis
        let z = a.slice(s![2, 3]).unwrap();
        assert_eq!(z.shape(), &[] as &[usize]);
        assert_eq!(z.item().unwrap(), Scalar::Int(11));
    }

    #[test]
    fn slice_errors() {
        let a = arange_i64(&[3, 4]);
        let e = a.slice(s![0, 0, 0]).unwrap_err();
        assert!(matches!(e, Error::InvalidIndex { .. }), "{e}");
        assert!(e.to_string().contains("too many indices"));
        let e = a.slice(s![.., 1..;0]).unwrap_err();
        assert!(matches!(e, Error::InvalidIndex { .. }), "{e}");
        let e = a.slice(s![Ellipsis, 0, Ellipsis]).unwrap_err();
        assert!(matches!(e, Error::InvalidIndex { .. }), "{e}");
        let e = a.slice(s![.., -5]).unwrap_err();
        assert!(
            matches!(
                e,
                Error::IndexOutOfBounds {
                    index: -5,
                    axis: 1,
                    size: 4,
                    ..
                }
            ),
            "{e}"
        );
        let e = a.slice(s![3]).unwrap_err();
        assert!(
            matches!(
                e,
                Error::IndexOutOfBounds {
                    index: 3,
                    axis: 0,
                    size: 3,
                    ..
                }
            ),
            "{e}"
        );
        // NewAxis does not count towards "too many indices"
        assert!(a.slice(s![NewAxis, 0, NewAxis, 0, NewAxis]).is_ok());
    }

    #[test]
    fn get_and_index_axis() {
        let a = arange_i64(&[2, 3, 4]);
        assert_eq!(a.get(&[1, 2, 3]).unwrap(), Scalar::Int(23));
        assert_eq!(a.get(&[-1, -3, 0]).unwrap(), Scalar::Int(12));
        let t = a.slice(s![..;-1, .., 1..;2]).unwrap();
        assert_eq!(t.get(&[0, 0, 0]).unwrap(), Scalar::Int(13));
        assert!(matches!(a.get(&[0, 0]), Err(Error::InvalidIndex { .. })));
        assert!(matches!(
            a.get(&[0, 3, 0]),
            Err(Error::IndexOutOfBounds {
                index: 3,
                axis: 1,
                size: 3,
                ..
            })
        ));
        let f = Array::from_vec_on(vec![1.5f32, -2.0], &[2], Device::Cpu).unwrap();
        assert_eq!(f.get(&[1]).unwrap(), Scalar::Float(-2.0));
        let z = Array::scalar_on(true, Device::Cpu).unwrap();
        assert_eq!(z.get(&[]).unwrap(), Scalar::Bool(true));

        let m = a.index_axis(1, -1).unwrap();
        assert_eq!(m.shape(), &[2, 4]);
        assert_eq!(
            m.to_vec::<i64>().unwrap(),
            vec![8, 9, 10, 11, 20, 21, 22, 23]
        );
        let m = a.index_axis(-1, 0).unwrap();
        assert_eq!(m.to_vec::<i64>().unwrap(), vec![0, 4, 8, 12, 16, 20]);
        assert!(matches!(
            a.index_axis(3, 0),
            Err(Error::AxisOutOfBounds {
                axis: 3,
                ndim: 3,
                ..
            })
        ));
        assert!(matches!(
            a.index_axis(0, 2),
            Err(Error::IndexOutOfBounds {
                index: 2,
                axis: 0,
                size: 2,
                ..
            })
        ));
        assert_eq!(a.dtype(), DType::Int64);
    }

    /// Reference for one basic index on one axis: the selected positions (Python's
    /// `range(n)[start:stop:step]`, computed by brute force).
    fn ref_positions(
        n: usize,
        start: Option<isize>,
        stop: Option<isize>,
        step: isize,
    ) -> Vec<usize> {
        let n = n as isize;
        let norm = |v: isize| if v < 0 { v + n } else { v };
        let mut out = Vec::new();
        if step > 0 {
            let s = start.map_or(0, norm).max(0);
            let e = stop.map_or(n, norm).min(n);
            let mut i = s;
            while i < e {
                out.push(i as usize);
                i += step;
            }
        } else {
            let s = start.map_or(n - 1, norm).min(n - 1);
            let e = stop.map_or(-1, norm).max(-1);
            let mut i = s;
            while i > e {
                if i >= 0 {
                    out.push(i as usize);
                }
                i += step;
            }
        }
        out
    }

    fn axis_item() -> impl Strategy<Value = (Option<isize>, Option<isize>, isize)> {
        (
            proptest::option::of(-8isize..8),
            proptest::option::of(-8isize..8),
            prop_oneof![-4isize..=-1, 1isize..=4],
        )
    }

    proptest! {
        #[test]
        fn prop_slice_matches_reference(
            shape in proptest::collection::vec(0usize..6, 1..4),
            items in proptest::collection::vec(axis_item(), 3),
        ) {
            let a = arange_i64(&shape);
            let items = &items[..shape.len()];
            let sl: Vec<SliceItem> = items
                .iter()
                .map(|&(start, stop, step)| SliceItem::Slice { start, stop, step })
                .collect();
            let v = a.slice(&sl).unwrap();
            let per_axis: Vec<Vec<usize>> = items
                .iter()
                .zip(&shape)
                .map(|(&(s, e, st), &n)| ref_positions(n, s, e, st))
                .collect();
            let expect_shape: Vec<usize> = per_axis.iter().map(|p| p.len()).collect();
            prop_assert_eq!(v.shape(), &expect_shape[..]);
            // C-order flat index of every selected element in the base
            let strides = crate::layout::c_strides(&shape);
            let mut expect = vec![0i64];
            for (ax, pos) in per_axis.iter().enumerate() {
                let st = strides[ax] as i64;
                expect = expect
                    .iter()
                    .flat_map(|&b| pos.iter().map(move |&p| b + p as i64 * st))
                    .collect();
            }
            prop_assert_eq!(v.to_vec::<i64>().unwrap(), expect);
        }

        #[test]
        fn prop_slice_of_slice_composes(
            n in 0usize..20,
            a in axis_item(),
            b in axis_item(),
        ) {
            let base = arange_i64(&[n]);
            let first = ref_positions(n, a.0, a.1, a.2);
            let second = ref_positions(first.len(), b.0, b.1, b.2);
            let v = base
                .slice(&[SliceItem::Slice { start: a.0, stop: a.1, step: a.2 }]).unwrap()
                .slice(&[SliceItem::Slice { start: b.0, stop: b.1, step: b.2 }]).unwrap();
            let expect: Vec<i64> = second.iter().map(|&j| first[j] as i64).collect();
            prop_assert_eq!(v.to_vec::<i64>().unwrap(), expect);
        }
    }
}
