//! Small helpers shared across core's modules (host copies of small arrays, axis slicing,
//! shapes as `isize`s). They sit below every module that uses them: the routines and the
//! indexing, creation, manipulation and statistics modules alike.

use crate::index::SliceItem;
use crate::{Array, DType, Device, Result};

/// `a` as int64 values on the host.
pub(crate) fn host_i64(a: &Array) -> Result<Vec<i64>> {
    a.astype(DType::Int64)?.to_vec::<i64>()
}

/// A 1-D int64 array of `v` on `dev`.
pub(crate) fn i64_array(v: Vec<i64>, dev: Device) -> Result<Array> {
    let n = v.len();
    Array::from_vec_on(v, &[n], dev)
}

/// A slice item `start:stop` (either may be open).
pub(crate) fn range(start: Option<isize>, stop: Option<isize>) -> SliceItem {
    SliceItem::Slice {
        start,
        stop,
        step: 1,
    }
}

/// `a[..., item, ...]` with `item` on axis `axis` (already normalized) and `:` elsewhere.
pub(crate) fn on_axis(a: &Array, axis: usize, item: SliceItem) -> Result<Array> {
    let mut items = vec![SliceItem::FULL; a.ndim()];
    items[axis] = item;
    a.slice(&items)
}

/// A shape as `isize`s (for `reshape`).
pub(crate) fn ishape(s: &[usize]) -> Vec<isize> {
    s.iter().map(|&x| x as isize).collect()
}

/// The float dtype a transcendental ufunc computes in for `d` (NumPy's loops: bool/int8/uint8
/// give float16, int16/uint16 float32, wider integers float64; inexact dtypes keep theirs).
pub(crate) fn float_of(d: DType) -> DType {
    d.to_inexact()
}
