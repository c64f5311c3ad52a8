//! Advanced indexing: integer-array ("fancy") and boolean-mask indexing for reading and
//! writing ([`Array::getitem`], [`Array::setitem`]), `take`, `take_along_axis`, `put`,
//! `nonzero`, `argwhere`, `compress` and scatter-add (`add_at`, NumPy's `np.add.at`).
//!
//! Semantics are NumPy's: index arrays broadcast together; when the advanced indices are
//! separated by a slice, `None` or `...`, the broadcast dimensions come first, otherwise they
//! replace the indexed axes in place; a boolean array selects where it is true and must match
//! the shape of the axes it covers; an integer next to an index array counts as an advanced
//! index. **An out-of-range index is an error** ([`Error::IndexOutOfBounds`]) — CuPy wraps
//! silently; cuprum does not.
//!
//! Results of advanced indexing are copies (as in NumPy). The element positions are computed
//! once (int64) and the elements gathered or scattered by a device kernel. On CUDA the
//! positions (`cuprum_positions`) and `nonzero` (a running sum and a compaction) are computed
//! on the device as well: index arrays and masks never travel through the host; bounds are
//! checked by one small read-back in raise mode (NumPy's default; `take(.., mode=clip|wrap)`
//! needs none).
//!
//! The submodules hold NumPy's index construction (`indices`, `ix_`, `unravel_index`,
//! `tril_indices`, ...), in-place assignment (`put_along_axis`, `putmask`, `place`,
//! `fill_diagonal`), selection (`choose`, `select`, `extract`, `lexsort`,
//! `apply_along_axis`) and stride tricks (`sliding_window_view`, `as_strided`).

mod assign;
pub(crate) mod cuda;
mod index_arrays;
pub(crate) mod prim;
mod select;
mod stride_tricks;

pub use assign::*;
pub use index_arrays::*;
pub use select::*;
pub use stride_tricks::*;

pub use prim::IndexMode;

use crate::index::SliceItem;
use crate::layout::{broadcast_shapes, normalize_axis, shape_size};
use crate::{Array, DType, Device, Error, Result};
use prim::AdvIndex;

/// The entry of `values` at the first position where `flags` (same shape, bool) is true: the
/// offending value an error message names (call it only when some flag is set).
pub(crate) fn first_flagged(values: &Array, flags: &Array) -> Result<crate::Scalar> {
    let i = crate::reduce::argmax(&flags.ravel()?, crate::reduce::Axes::All, false)?
        .item()?
        .as_i64();
    values.ravel()?.get(&[i as isize])
}

/// One entry of a NumPy index tuple, basic or advanced.
#[derive(Clone, Debug)]
pub enum IndexItem {
    /// An integer, slice, `None` or `...`.
    Basic(SliceItem),
    /// An integer array (any integer dtype) or a boolean mask.
    Array(Array),
}

impl From<SliceItem> for IndexItem {
    fn from(s: SliceItem) -> Self {
        IndexItem::Basic(s)
    }
}
impl From<Array> for IndexItem {
    fn from(a: Array) -> Self {
        IndexItem::Array(a)
    }
}
impl From<&Array> for IndexItem {
    fn from(a: &Array) -> Self {
        IndexItem::Array(a.clone())
    }
}

impl IndexItem {
    /// Parses NumPy's bracket syntax where `@k` stands for `arrays[k]` (the conformance
    /// corpus's index language): `"[1:, @0, None]"`.
    ///
    /// # Errors
    /// [`Error::InvalidIndex`] for text outside the grammar or an `@k` beyond `arrays`.
    pub fn parse_expr(expr: &str, arrays: &[Array]) -> Result<Vec<IndexItem>> {
        crate::index::bracket_items(expr)?
            .into_iter()
            .map(|item| {
                if let Some(k) = item.strip_prefix('@') {
                    let k: usize = k.parse().map_err(|_| {
                        Error::invalid_index(
                            "parse_expr",
                            format!("{item:?} in {expr:?} is not @<number>"),
                        )
                    })?;
                    let a = arrays.get(k).ok_or_else(|| {
                        Error::invalid_index(
                            "parse_expr",
                            format!("{item:?}: only {} index arrays given", arrays.len()),
                        )
                    })?;
                    Ok(IndexItem::Array(a.clone()))
                } else {
                    let v = SliceItem::parse_expr(&format!("[{item}]"))?;
                    Ok(IndexItem::Basic(v[0]))
                }
            })
            .collect()
    }
}

/// The plan of an advanced index: the basic view, and the advanced indices over its axes.
struct Plan {
    view: Array,
    adv: Vec<AdvIndex>,
    bshape: Vec<usize>,
    adv_first: bool,
}

fn int64_on(op: &'static str, a: &Array, device: Device) -> Result<Array> {
    if a.device() != device {
        return Err(Error::DeviceMismatch {
            op,
            lhs: device,
            rhs: a.device(),
        });
    }
    if !(a.dtype().is_integer() || a.dtype().is_bool()) {
        return Err(Error::invalid_index(
            op,
            format!(
                "arrays used as indices must be of integer or boolean type, not {}",
                a.dtype()
            ),
        ));
    }
    crate::products::cast_to(a, DType::Int64)
}

fn plan(op: &'static str, a: &Array, items: &[IndexItem]) -> Result<Option<Plan>> {
    let device = a.device();
    if !items.iter().any(|i| matches!(i, IndexItem::Array(_))) {
        return Ok(None);
    }
    // expand booleans into their nonzero index arrays, integers into 0-d arrays
    let mut expanded: Vec<IndexItem> = Vec::new();
    let consumed: usize = items
        .iter()
        .map(|i| match i {
            IndexItem::Basic(SliceItem::Index(_) | SliceItem::Slice { .. }) => 1,
            IndexItem::Basic(_) => 0,
            IndexItem::Array(x) if x.dtype() == DType::Bool => x.ndim(),
            IndexItem::Array(_) => 1,
        })
        .sum();
    if consumed > a.ndim() {
        return Err(Error::invalid_index(
            op,
            format!(
                "too many indices for array: array is {}-dimensional, but {consumed} were indexed",
                a.ndim()
            ),
        ));
    }
    let ellipses = items
        .iter()
        .filter(|i| matches!(i, IndexItem::Basic(SliceItem::Ellipsis)))
        .count();
    if ellipses > 1 {
        return Err(Error::invalid_index(
            op,
            format!("an index can only have a single ellipsis ('...'), not {ellipses}"),
        ));
    }
    let mut axis = 0usize;
    for it in items {
        match it {
            IndexItem::Array(m) if m.dtype() == DType::Bool => {
                let Some(covered) = a.shape().get(axis..axis + m.ndim()) else {
                    return Err(Error::invalid_index(
                        op,
                        format!(
                            "too many indices for array: array is {}-dimensional, but a \
                             {}-dimensional boolean index starts at axis {axis}",
                            a.ndim(),
                            m.ndim()
                        ),
                    ));
                };
                if m.shape() != covered {
                    return Err(Error::ShapeMismatch {
                        op,
                        lhs: covered.to_vec(),
                        rhs: m.shape().to_vec(),
                        detail: Some(format!(
                            "a boolean index of shape {:?} must match the shape {covered:?} of the axes it indexes",
                            m.shape()
                        )),
                    });
                }
                for v in prim::nonzero_arrays(m)? {
                    expanded.push(IndexItem::Array(v.to_device(device)?));
                }
                axis += m.ndim();
            }
            IndexItem::Basic(SliceItem::Index(i)) => {
                expanded.push(IndexItem::Array(Array::from_vec_on(
                    vec![*i as i64],
                    (),
                    device,
                )?));
                axis += 1;
            }
            IndexItem::Basic(SliceItem::Ellipsis) => {
                expanded.push(it.clone());
                axis = a.ndim() - (consumed - axis);
            }
            IndexItem::Basic(SliceItem::NewAxis) => expanded.push(it.clone()),
            _ => {
                expanded.push(it.clone());
                axis += 1;
            }
        }
    }
    // basic view: arrays replaced by full slices; find each array's axis in the view
    let mut basic = Vec::with_capacity(expanded.len());
    let mut arrays: Vec<(usize, Array)> = Vec::new();
    let mut produced = 0usize;
    let consumed2: usize = expanded
        .iter()
        .map(|i| match i {
            IndexItem::Basic(SliceItem::Slice { .. } | SliceItem::Index(_))
            | IndexItem::Array(_) => 1,
            _ => 0,
        })
        .sum();
    for it in &expanded {
        match it {
            IndexItem::Array(x) => {
                arrays.push((produced, int64_on(op, x, device)?));
                basic.push(SliceItem::FULL);
                produced += 1;
            }
            IndexItem::Basic(SliceItem::Ellipsis) => {
                basic.push(SliceItem::Ellipsis);
                produced += a.ndim() - consumed2;
            }
            IndexItem::Basic(s) => {
                basic.push(*s);
                produced += 1;
            }
        }
    }
    let view = a.slice(&basic).map_err(|e| rename(e, op))?;
    let mut bshape: Vec<usize> = Vec::new();
    for (_, x) in &arrays {
        bshape = broadcast_shapes(op, &bshape, x.shape())?;
    }
    let axes: Vec<usize> = arrays.iter().map(|(p, _)| *p).collect();
    let adjacent = axes.windows(2).all(|w| w[1] == w[0] + 1);
    let adv = arrays
        .into_iter()
        .map(|(p, x)| {
            Ok(AdvIndex {
                axis: p,
                index: x.broadcast_to(&bshape)?,
            })
        })
        .collect::<Result<_>>()?;
    Ok(Some(Plan {
        view,
        adv,
        bshape,
        adv_first: !adjacent,
    }))
}

fn rename(e: Error, op: &'static str) -> Error {
    match e {
        Error::IndexOutOfBounds {
            index, axis, size, ..
        } => Error::IndexOutOfBounds {
            op,
            index,
            axis,
            size,
        },
        Error::InvalidIndex { reason, .. } => Error::InvalidIndex { op, reason },
        other => other,
    }
}

impl Array {
    /// `a[index]` with NumPy's full indexing semantics (basic and advanced).
    ///
    /// Only basic items give a view (as [`Array::slice`]); any index array gives a copy.
    ///
    /// **Shapes**: see the module docs (index arrays broadcast; the broadcast dimensions
    /// replace the indexed axes, or come first when the advanced indices are separated).
    ///
    /// # Errors
    /// [`Error::IndexOutOfBounds`] for an index outside its axis; [`Error::InvalidIndex`] for
    /// too many indices or a non-integer index array; [`Error::ShapeMismatch`] for a boolean
    /// mask of the wrong shape; [`Error::Broadcast`] when index arrays do not broadcast.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device, indexing::IndexItem};
    /// let a = Array::from_vec_on((0..6i64).collect::<Vec<_>>(), &[2, 3], Device::Cpu).unwrap();
    /// let idx = Array::from_vec_on(vec![2i64, 0], &[2], Device::Cpu).unwrap();
    /// let r = a.getitem(&[IndexItem::Basic(cuprum_core::SliceItem::FULL), (&idx).into()]).unwrap();
    /// assert_eq!(r.to_vec::<i64>().unwrap(), vec![2, 0, 5, 3]);
    /// ```
    pub fn getitem(&self, index: &[IndexItem]) -> Result<Array> {
        const OP: &str = "getitem";
        let Some(p) = plan(OP, self, index)? else {
            let basic: Vec<SliceItem> = index
                .iter()
                .map(|i| match i {
                    IndexItem::Basic(s) => *s,
                    IndexItem::Array(_) => unreachable!("no arrays on the basic path"),
                })
                .collect();
            return self.slice(&basic).map_err(|e| rename(e, OP));
        };
        let pos = prim::positions(
            OP,
            p.view.layout(),
            &p.adv,
            &p.bshape,
            p.adv_first,
            IndexMode::Raise,
            self.device(),
        )?;
        let out = Array::empty_on(pos.shape(), self.dtype(), self.device())?;
        prim::gather(self.storage(), self.dtype(), &pos.as_c_contiguous()?, &out)?;
        Ok(out)
    }

    /// `a[index] = value` with NumPy's semantics: `value` is broadcast to the indexed shape and
    /// cast to this array's dtype; writes go to this array's buffer (visible through every
    /// view). With repeated indices the last write wins.
    ///
    /// # Errors
    /// As [`Array::getitem`]; [`Error::Broadcast`] when `value` does not broadcast.
    pub fn setitem(&self, index: &[IndexItem], value: &Array) -> Result<()> {
        const OP: &str = "setitem";
        let Some(p) = plan(OP, self, index)? else {
            let basic: Vec<SliceItem> = index
                .iter()
                .map(|i| match i {
                    IndexItem::Basic(s) => *s,
                    IndexItem::Array(_) => unreachable!("no arrays on the basic path"),
                })
                .collect();
            return self.slice(&basic).map_err(|e| rename(e, OP))?.assign(value);
        };
        let pos = prim::positions(
            OP,
            p.view.layout(),
            &p.adv,
            &p.bshape,
            p.adv_first,
            IndexMode::Raise,
            self.device(),
        )?;
        scatter_values(OP, self, &pos, value, false)
    }
}

fn scatter_values(
    op: &'static str,
    a: &Array,
    pos: &Array,
    value: &Array,
    accumulate: bool,
) -> Result<()> {
    // the copy of `value` (which may view `a`) and the scatter are one step (`crate::oplock`)
    let _op = crate::oplock::lock(&a.storage);
    if value.device() != a.device() {
        return Err(Error::DeviceMismatch {
            op,
            lhs: a.device(),
            rhs: value.device(),
        });
    }
    let vb = value
        .broadcast_to(pos.shape())
        .map_err(|_| Error::Broadcast {
            op,
            lhs: value.shape().to_vec(),
            rhs: pos.shape().to_vec(),
        })?;
    let vals = Array::empty_on(pos.shape(), a.dtype(), a.device())?;
    crate::backend::copy(vb.view(), vals.view())?;
    if let (true, Device::Cuda(_), Some(wide)) =
        (accumulate, a.device(), cuda_accumulate_dtype(a.dtype()))
    {
        // CUDA has no atomic add for the narrow dtypes: accumulate the whole buffer in a wider
        // dtype and cast back (integer sums wrap exactly as sequential adds would; bool sums are
        // a logical or; float16/bfloat16 round once, from float32).
        let n = a.storage().nbytes() / a.dtype().itemsize();
        let whole = Array::from_parts(
            a.storage().clone(),
            crate::Layout {
                shape: vec![n],
                strides: vec![1],
                offset: 0,
            },
            a.dtype(),
        );
        let w = whole.astype(wide)?;
        let wv = vals.astype(wide)?;
        prim::scatter(w.storage(), wide, &pos.as_c_contiguous()?, &wv, true)?;
        return crate::backend::copy(w.view(), whole.view());
    }
    prim::scatter(
        a.storage(),
        a.dtype(),
        &pos.as_c_contiguous()?,
        &vals,
        accumulate,
    )
}

/// The dtype `add.at` accumulates `d` in on CUDA when there is no atomic add for `d` itself.
fn cuda_accumulate_dtype(d: DType) -> Option<DType> {
    match d {
        DType::Bool | DType::Int8 | DType::Int16 => Some(DType::Int32),
        DType::UInt8 | DType::UInt16 => Some(DType::UInt32),
        DType::Float16 | DType::BFloat16 => Some(DType::Float32),
        _ => None,
    }
}

/// Elements at `indices` along `axis` (`numpy.take`); `axis = None` indexes the flattened
/// array. `mode` handles out-of-range indices (default: error).
///
/// # Errors
/// [`Error::IndexOutOfBounds`] (mode `Raise`); [`Error::AxisOutOfBounds`].
pub fn take(a: &Array, indices: &Array, axis: Option<isize>, mode: IndexMode) -> Result<Array> {
    const OP: &str = "take";
    let (src, ax) = match axis {
        None => (a.ravel()?, 0),
        Some(ax) => (a.clone(), normalize_axis(OP, ax, a.ndim())?),
    };
    let idx = int64_on(OP, indices, a.device())?;
    let adv = vec![AdvIndex {
        axis: ax,
        index: idx.clone(),
    }];
    let pos = prim::positions(OP, src.layout(), &adv, idx.shape(), false, mode, a.device())?;
    let out = Array::empty_on(pos.shape(), a.dtype(), a.device())?;
    prim::gather(src.storage(), a.dtype(), &pos.as_c_contiguous()?, &out)?;
    Ok(out)
}

fn along_axis_plan(
    op: &'static str,
    a: &Array,
    indices: &Array,
    axis: usize,
) -> Result<Vec<AdvIndex>> {
    if indices.ndim() != a.ndim() {
        return Err(Error::ShapeMismatch {
            op,
            lhs: a.shape().to_vec(),
            rhs: indices.shape().to_vec(),
            detail: Some(format!(
                "the indices have {} dimensions and the array {}",
                indices.ndim(),
                a.ndim()
            )),
        });
    }
    let mut shape = a.shape().to_vec();
    shape[axis] = indices.shape()[axis];
    let bshape = broadcast_shapes(op, &shape, indices.shape())?;
    let mut adv = Vec::with_capacity(a.ndim());
    for d in 0..a.ndim() {
        let ix = if d == axis {
            int64_on(op, indices, a.device())?
        } else {
            let n = a.shape()[d];
            let mut s = vec![1usize; a.ndim()];
            s[d] = n;
            Array::from_vec_on((0..n as i64).collect::<Vec<_>>(), &s, a.device())?
        };
        adv.push(AdvIndex {
            axis: d,
            index: ix.broadcast_to(&bshape)?,
        });
    }
    Ok(adv)
}

/// `out[..., j, ...] = a[..., indices[..., j, ...], ...]` along `axis`
/// (`numpy.take_along_axis`), e.g. to apply an `argsort` result.
///
/// # Errors
/// [`Error::ShapeMismatch`] when `indices.ndim() != a.ndim()`; [`Error::IndexOutOfBounds`].
pub fn take_along_axis(a: &Array, indices: &Array, axis: isize) -> Result<Array> {
    const OP: &str = "take_along_axis";
    let ax = normalize_axis(OP, axis, a.ndim())?;
    let adv = along_axis_plan(OP, a, indices, ax)?;
    let bshape = adv[0].index.shape().to_vec();
    let pos = prim::positions(
        OP,
        a.layout(),
        &adv,
        &bshape,
        false,
        IndexMode::Raise,
        a.device(),
    )?;
    let out = Array::empty_on(pos.shape(), a.dtype(), a.device())?;
    prim::gather(a.storage(), a.dtype(), &pos.as_c_contiguous()?, &out)?;
    Ok(out)
}

/// Writes `values` (repeated cyclically) at flat `indices` of `a` (`numpy.put`); `a` must be
/// C-contiguous as in NumPy (it is written in place).
///
/// # Errors
/// [`Error::IndexOutOfBounds`] (mode `Raise`); [`Error::BadShape`] when `a` is not
/// C-contiguous or `values` is empty while indices are not.
pub fn put(a: &Array, indices: &Array, values: &Array, mode: IndexMode) -> Result<()> {
    const OP: &str = "put";
    if !a.is_c_contiguous() {
        return Err(Error::unsupported(
            OP,
            format!(
                "a destination that is not C-contiguous (strides {:?})",
                a.strides()
            ),
        ));
    }
    let flat = a.reshape(&[-1])?;
    let idx = int64_on(OP, indices, a.device())?.ravel()?;
    let n = idx.size();
    if n == 0 {
        return Ok(());
    }
    if values.size() == 0 {
        return Err(Error::bad_shape(
            OP,
            "values",
            values.shape(),
            "a non-empty array",
        ));
    }
    let adv = vec![AdvIndex {
        axis: 0,
        index: idx,
    }];
    let pos = prim::positions(OP, flat.layout(), &adv, &[n], false, mode, a.device())?;
    let v = values.ravel()?;
    let reps = n.div_ceil(v.size());
    let v = crate::manip::tile(&v, &[reps])?;
    let v = crate::manip::split(&v, vec![n as isize], 0)?.remove(0);
    scatter_values(OP, a, &pos, &v, false)
}

/// Unbuffered in-place `a[index] += b` (`numpy.add.at`): repeated indices accumulate.
///
/// # Errors
/// As [`Array::getitem`]; [`Error::Broadcast`] when `b` does not broadcast to the indexed
/// shape.
pub fn add_at(a: &Array, index: &[IndexItem], b: &Array) -> Result<()> {
    const OP: &str = "add.at";
    let p = match plan(OP, a, index)? {
        Some(p) => p,
        None => {
            // basic index only: positions of the view
            let basic: Vec<SliceItem> = index
                .iter()
                .map(|i| match i {
                    IndexItem::Basic(s) => *s,
                    IndexItem::Array(_) => unreachable!("no arrays on the basic path"),
                })
                .collect();
            let v = a.slice(&basic)?;
            let pos: Vec<i64> = v
                .layout()
                .positions()
                .into_iter()
                .map(|p| p as i64)
                .collect();
            let pos = Array::from_vec_on(pos, v.shape(), a.device())?;
            return scatter_values(OP, a, &pos, b, true);
        }
    };
    let pos = prim::positions(
        OP,
        p.view.layout(),
        &p.adv,
        &p.bshape,
        p.adv_first,
        IndexMode::Raise,
        a.device(),
    )?;
    scatter_values(OP, a, &pos, b, true)
}

/// Indices of the nonzero elements, one int64 array per axis (`numpy.nonzero`); `-0.0` is
/// zero and NaN nonzero. A 0-d input is treated as 1-d, as NumPy 2 requires.
///
/// # Errors
/// Transfer errors.
pub fn nonzero(a: &Array) -> Result<Vec<Array>> {
    let a = if a.ndim() == 0 {
        a.reshape(&[1])?
    } else {
        a.clone()
    };
    prim::nonzero_arrays(&a)
}

/// Indices of the nonzero elements as an `(N, ndim)` int64 array (`numpy.argwhere`).
///
/// # Errors
/// Transfer errors.
pub fn argwhere(a: &Array) -> Result<Array> {
    if matches!(a.device(), Device::Cuda(_)) && a.ndim() > 0 {
        // on the device: the per-axis index arrays as the columns
        let nz = prim::nonzero_arrays(a)?;
        let cols: Vec<&Array> = nz.iter().collect();
        return crate::manip::stack(&cols, 1);
    }
    let nz = prim::nonzero_host(a)?;
    let n = nz
        .first()
        .map_or(if a.size() > 0 && a.ndim() == 0 { 1 } else { 0 }, |v| {
            v.len()
        });
    let nd = a.ndim();
    let mut out = Vec::with_capacity(n * nd);
    for i in 0..n {
        for v in &nz {
            out.push(v[i]);
        }
    }
    Array::from_vec_on(out, &[n, nd], a.device())
}

/// One-argument `where`: the same as [`nonzero`].
///
/// # Errors
/// Transfer errors.
pub fn where_nonzero(a: &Array) -> Result<Vec<Array>> {
    nonzero(a)
}

/// Flat indices of the nonzero elements (`numpy.flatnonzero`).
///
/// # Errors
/// Transfer errors.
pub fn flatnonzero(a: &Array) -> Result<Array> {
    nonzero(&a.ravel()?).map(|mut v| v.remove(0))
}

/// Selects slices along `axis` where `condition` (1-D) is true (`numpy.compress`);
/// `axis = None` works on the flattened array.
///
/// # Errors
/// [`Error::IndexOutOfBounds`] when `condition` is longer than the axis.
pub fn compress(condition: &Array, a: &Array, axis: Option<isize>) -> Result<Array> {
    const OP: &str = "compress";
    let (src, ax) = match axis {
        None => (a.ravel()?, 0),
        Some(ax) => (a.clone(), normalize_axis(OP, ax, a.ndim())?),
    };
    let cond = condition.ravel()?;
    let n = src.shape()[ax];
    if cond.size() > n {
        return Err(Error::IndexOutOfBounds {
            op: OP,
            index: cond.size() as i64 - 1,
            axis: ax,
            size: n,
        });
    }
    let idx = prim::nonzero_arrays(&cond)?
        .remove(0)
        .to_device(a.device())?;
    take(&src, &idx, Some(ax as isize), IndexMode::Raise)
}

/// Number of elements an index would select (helper for callers that size outputs).
pub fn indexed_size(shape: &[usize]) -> usize {
    shape_size(shape)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ar(n: usize, shape: &[usize]) -> Array {
        Array::from_vec_on((0..n as i64).collect::<Vec<_>>(), shape, Device::Cpu).unwrap()
    }
    fn iv(v: Vec<i64>, shape: &[usize]) -> Array {
        Array::from_vec_on(v, shape, Device::Cpu).unwrap()
    }
    fn full() -> IndexItem {
        IndexItem::Basic(SliceItem::FULL)
    }

    #[test]
    fn fancy_getitem_shapes_and_values() {
        let a = ar(20, &[4, 5]);
        let r = a.getitem(&[iv(vec![-1, 0, 0], &[3]).into()]).unwrap();
        assert_eq!(r.shape(), &[3, 5]);
        assert_eq!(r.to_vec::<i64>().unwrap()[..5], [15, 16, 17, 18, 19]);
        // (2,1) and (3,) broadcast to (2,3)
        let r = a
            .getitem(&[
                iv(vec![0, 3], &[2, 1]).into(),
                iv(vec![1, 2, 4], &[3]).into(),
            ])
            .unwrap();
        assert_eq!(r.shape(), &[2, 3]);
        assert_eq!(r.to_vec::<i64>().unwrap(), vec![1, 2, 4, 16, 17, 19]);
        // separated advanced indices: broadcast dims first
        let t = ar(60, &[3, 4, 5]);
        let r = t
            .getitem(&[
                iv(vec![0, 2], &[2]).into(),
                full(),
                iv(vec![1, 3], &[2]).into(),
            ])
            .unwrap();
        assert_eq!(r.shape(), &[2, 4]);
        assert_eq!(r.to_vec::<i64>().unwrap()[..4], [1, 6, 11, 16]);
        // integer plus array: both advanced
        let r = t
            .getitem(&[
                IndexItem::Basic(SliceItem::Index(1)),
                iv(vec![0, 1, 3], &[3]).into(),
            ])
            .unwrap();
        assert_eq!(r.shape(), &[3, 5]);
        assert_eq!(r.to_vec::<i64>().unwrap()[..5], [20, 21, 22, 23, 24]);
        // slice, array in the middle, slice
        let r = t
            .getitem(&[
                IndexItem::Basic(SliceItem::Slice {
                    start: Some(1),
                    stop: None,
                    step: 1,
                }),
                iv(vec![3, 0], &[2]).into(),
                full(),
            ])
            .unwrap();
        assert_eq!(r.shape(), &[2, 2, 5]);
        assert_eq!(r.to_vec::<i64>().unwrap()[..5], [35, 36, 37, 38, 39]);
    }

    #[test]
    fn boolean_masks_and_errors() {
        let a = ar(6, &[2, 3]);
        let m = Array::from_vec_on(
            vec![true, false, true, false, true, true],
            &[2, 3],
            Device::Cpu,
        )
        .unwrap();
        assert_eq!(
            a.getitem(&[(&m).into()]).unwrap().to_vec::<i64>().unwrap(),
            vec![0, 2, 4, 5]
        );
        let m1 = Array::from_vec_on(vec![false, true, true], &[3], Device::Cpu).unwrap();
        let r = a.getitem(&[full(), (&m1).into()]).unwrap();
        assert_eq!(r.to_vec::<i64>().unwrap(), vec![1, 2, 4, 5]);
        let e = a.getitem(&[iv(vec![2], &[1]).into()]).unwrap_err();
        assert!(
            matches!(
                e,
                Error::IndexOutOfBounds {
                    index: 2,
                    axis: 0,
                    size: 2,
                    ..
                }
            ),
            "{e}"
        );
        let bad = Array::from_vec_on(vec![true, false], &[2], Device::Cpu).unwrap();
        assert!(matches!(
            a.getitem(&[full(), (&bad).into()]),
            Err(Error::ShapeMismatch { .. })
        ));
        // setitem with a mask and a scalar
        let b = ar(6, &[2, 3]);
        b.setitem(&[(&m).into()], &iv(vec![0], &[])).unwrap();
        assert_eq!(b.to_vec::<i64>().unwrap(), vec![0, 1, 0, 3, 0, 0]);
    }

    #[test]
    fn take_put_add_at_nonzero() {
        let a = ar(10, &[2, 5]);
        let i = iv(vec![0, -1, 7], &[3]);
        assert_eq!(
            take(&a, &i, None, IndexMode::Raise)
                .unwrap()
                .to_vec::<i64>()
                .unwrap(),
            vec![0, 9, 7]
        );
        let w = iv(vec![5, 6, -1], &[3]);
        assert_eq!(
            take(&a, &w, Some(1), IndexMode::Wrap)
                .unwrap()
                .to_vec::<i64>()
                .unwrap(),
            vec![0, 1, 4, 5, 6, 9]
        );
        let e = take(&a, &iv(vec![7], &[1]), Some(1), IndexMode::Raise).unwrap_err();
        assert!(matches!(e, Error::IndexOutOfBounds { index: 7, .. }));
        assert!(matches!(
            take(&a, &i, Some(-3), IndexMode::Raise),
            Err(Error::AxisOutOfBounds { .. })
        ));
        let s = iv(vec![2, 0, 1, 1, 2, 0], &[2, 3]);
        let x = Array::from_vec_on(vec![3.0f64, 1.0, 2.0, 9.0, 7.0, 8.0], &[2, 3], Device::Cpu)
            .unwrap();
        assert_eq!(
            take_along_axis(&x, &s, 1).unwrap().to_vec::<f64>().unwrap(),
            vec![2.0, 3.0, 1.0, 7.0, 8.0, 9.0]
        );
        let p = ar(5, &[5]);
        put(
            &p,
            &iv(vec![0, 2, 4], &[3]),
            &iv(vec![-1, -2], &[2]),
            IndexMode::Raise,
        )
        .unwrap();
        assert_eq!(p.to_vec::<i64>().unwrap(), vec![-1, 1, -2, 3, -1]);
        let z = Array::from_vec_on(vec![0.0f64; 3], &[3], Device::Cpu).unwrap();
        add_at(
            &z,
            &[iv(vec![0, 0, 2, 0], &[4]).into()],
            &Array::from_vec_on(vec![1.0f64], (), Device::Cpu).unwrap(),
        )
        .unwrap();
        assert_eq!(z.to_vec::<f64>().unwrap(), vec![3.0, 0.0, 1.0]);
        let f =
            Array::from_vec_on(vec![0.0f64, -0.0, f64::NAN, 2.0], &[2, 2], Device::Cpu).unwrap();
        let nz = nonzero(&f).unwrap();
        assert_eq!(nz[0].to_vec::<i64>().unwrap(), vec![1, 1]);
        assert_eq!(nz[1].to_vec::<i64>().unwrap(), vec![0, 1]);
        assert_eq!(
            argwhere(&f).unwrap().to_vec::<i64>().unwrap(),
            vec![1, 0, 1, 1]
        );
        let c = Array::from_vec_on(vec![false, true], &[2], Device::Cpu).unwrap();
        assert_eq!(
            compress(&c, &a, Some(0)).unwrap().to_vec::<i64>().unwrap(),
            vec![5, 6, 7, 8, 9]
        );
    }

    #[test]
    fn parse_with_arrays() {
        let a = ar(20, &[4, 5]);
        let items = IndexItem::parse_expr("[1:, @0]", &[iv(vec![4, 0], &[2])]).unwrap();
        let r = a.getitem(&items).unwrap();
        assert_eq!(r.to_vec::<i64>().unwrap(), vec![9, 5, 14, 10, 19, 15]);
    }

    /// Every advanced-indexing path on every device against the CPU: getitem and setitem with
    /// integer arrays (negative, broadcast, separated by a slice, on a strided view), boolean
    /// masks, take in the three modes and its out-of-range error (the same value named),
    /// nonzero / flatnonzero / argwhere / compress (on CUDA: device positions and nonzero).
    #[test]
    fn device_indexing_matches_the_cpu() {
        for d in crate::test_util::all_devices() {
            let on = |a: &Array| a.to_device(d).unwrap();
            let t = ar(120, &[4, 5, 6]);
            let td = on(&t);
            // a strided view: every other column, reversed rows
            let sl = SliceItem::parse_expr("[::-1, :, ::2]").unwrap();
            let v = t.slice(&sl).unwrap();
            let vd = td.slice(&sl).unwrap();
            let idx = iv(vec![-1, 0, 2, 1, -2, 3], &[2, 3]);
            let cases: Vec<Vec<IndexItem>> = vec![
                vec![idx.clone().into()],
                vec![full(), idx.clone().into()],
                vec![
                    iv(vec![0, 3], &[2, 1]).into(),
                    full(),
                    iv(vec![1, 2, 0], &[3]).into(),
                ],
                vec![iv(vec![3, 0], &[2]).into(), iv(vec![4, -5], &[2]).into()],
                vec![full(), full(), iv(vec![2, 0, 1], &[3]).into()],
            ];
            for (k, c) in cases.iter().enumerate() {
                for (src, dsrc) in [(&t, &td), (&v, &vd)] {
                    let want = src.getitem(c);
                    let cd: Vec<IndexItem> = c
                        .iter()
                        .map(|i| match i {
                            IndexItem::Array(a) => IndexItem::Array(on(a)),
                            b => b.clone(),
                        })
                        .collect();
                    let got = dsrc.getitem(&cd);
                    match (want, got) {
                        (Ok(w), Ok(g)) => {
                            assert_eq!(g.shape(), w.shape(), "{d} case {k}");
                            assert_eq!(
                                g.to_vec::<i64>().unwrap(),
                                w.to_vec::<i64>().unwrap(),
                                "{d} case {k}"
                            );
                        }
                        (Err(w), Err(g)) => {
                            assert_eq!(g.to_string(), w.to_string(), "{d} case {k}")
                        }
                        (w, g) => panic!("{d} case {k}: cpu {w:?} vs device {g:?}"),
                    }
                }
            }
            // setitem through integer arrays (scatter at device positions)
            let s = ar(30, &[5, 6]);
            let sd = on(&s);
            let ix: Vec<IndexItem> =
                vec![iv(vec![4, -5], &[2]).into(), iv(vec![0, 5], &[2]).into()];
            let ixd: Vec<IndexItem> = vec![
                on(&iv(vec![4, -5], &[2])).into(),
                on(&iv(vec![0, 5], &[2])).into(),
            ];
            s.setitem(&ix, &iv(vec![-7, -8], &[2])).unwrap();
            sd.setitem(&ixd, &on(&iv(vec![-7, -8], &[2]))).unwrap();
            assert_eq!(
                sd.to_vec::<i64>().unwrap(),
                s.to_vec::<i64>().unwrap(),
                "{d} setitem"
            );
            // boolean masks, 1-D and 2-D
            let m2 = Array::from_vec_on(
                (0..30).map(|i| i % 7 == 2).collect::<Vec<_>>(),
                &[5, 6],
                Device::Cpu,
            )
            .unwrap();
            let w = s.getitem(&[m2.clone().into()]).unwrap();
            let g = sd.getitem(&[on(&m2).into()]).unwrap();
            assert_eq!(
                g.to_vec::<i64>().unwrap(),
                w.to_vec::<i64>().unwrap(),
                "{d} mask"
            );
            let m1 = Array::from_vec_on(vec![true, false, true, true, false], &[5], Device::Cpu)
                .unwrap();
            let w = s.getitem(&[m1.clone().into()]).unwrap();
            let g = sd.getitem(&[on(&m1).into()]).unwrap();
            assert_eq!(g.shape(), w.shape());
            assert_eq!(
                g.to_vec::<i64>().unwrap(),
                w.to_vec::<i64>().unwrap(),
                "{d} mask 1-D"
            );
            // take: raise (error names the value), wrap, clip; 0-size index
            let bad = iv(vec![1, 2, 31, -40, 0], &[5]);
            let we = take(&s, &bad, None, IndexMode::Raise)
                .unwrap_err()
                .to_string();
            let ge = take(&sd, &on(&bad), None, IndexMode::Raise)
                .unwrap_err()
                .to_string();
            assert_eq!(ge, we, "{d}");
            assert!(ge.contains("31"), "{ge}");
            for mode in [IndexMode::Wrap, IndexMode::Clip] {
                let w = take(&s, &bad, Some(1), mode).unwrap();
                let g = take(&sd, &on(&bad), Some(1), mode).unwrap();
                assert_eq!(g.shape(), w.shape());
                assert_eq!(
                    g.to_vec::<i64>().unwrap(),
                    w.to_vec::<i64>().unwrap(),
                    "{d} {mode:?}"
                );
            }
            let e = take(&sd, &on(&iv(vec![], &[0])), None, IndexMode::Raise).unwrap();
            assert_eq!(e.shape(), &[0]);
            // nonzero family (floats: -0.0 is zero, NaN is not)
            let f = Array::from_vec_on(
                vec![0.0f32, -0.0, 1.5, f32::NAN, 0.0, 2.0],
                &[2, 3],
                Device::Cpu,
            )
            .unwrap();
            let fd = on(&f);
            let (w, g) = (nonzero(&f).unwrap(), nonzero(&fd).unwrap());
            assert_eq!(g.len(), 2);
            for (a, b) in w.iter().zip(&g) {
                assert_eq!(b.device(), d);
                assert_eq!(
                    b.to_vec::<i64>().unwrap(),
                    a.to_vec::<i64>().unwrap(),
                    "{d} nonzero"
                );
            }
            assert_eq!(
                flatnonzero(&fd).unwrap().to_vec::<i64>().unwrap(),
                vec![2, 3, 5]
            );
            let aw = argwhere(&fd).unwrap();
            assert_eq!(aw.shape(), &[3, 2]);
            assert_eq!(aw.to_vec::<i64>().unwrap(), vec![0, 2, 1, 0, 1, 2]);
            let z = on(&Array::from_vec_on(vec![0i32; 4], &[2, 2], Device::Cpu).unwrap());
            let nz = nonzero(&z).unwrap();
            assert!(nz.iter().all(|a| a.shape() == [0]));
            assert_eq!(argwhere(&z).unwrap().shape(), &[0, 2]);
            let cond = on(&Array::from_vec_on(vec![true, false, true], &[3], Device::Cpu).unwrap());
            let c = compress(&cond, &sd, Some(1)).unwrap();
            assert_eq!(c.shape(), &[5, 2]);
            assert_eq!(
                c.to_vec::<i64>().unwrap(),
                compress(&cond.to_device(Device::Cpu).unwrap(), &s, Some(1))
                    .unwrap()
                    .to_vec::<i64>()
                    .unwrap()
            );
        }
    }
}
