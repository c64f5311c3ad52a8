//! The CUDA paths of the measurements that need each element's group: `minimum_position`,
//! `maximum_position`, `median`, `histogram` and `value_indices`. Kernels of
//! `kernels/ndimage/measure.cu` give each element a group slot; cuprum's own device operations
//! (stable sorts, `bincount`, `cumsum`, `take`) do the rest, so the work stays on the device and
//! only per-group results (and, for `value_indices`, the run boundaries) reach the host.
//!
//! Slots: `0..k` are the groups (the distinct `index` values, or the one group of all
//! labelled elements), slot `k` holds the elements of no group and slot `k + 1` is always empty
//! (the result of an index entry no group matches when the labels are absent).

use crate::cuda::{Arg, check_ndim, dev_i64, dptr, go, ordinal, shape_i64};
use cuprum_core::ext::{self, nvrtc};
use cuprum_core::{Array, DType, Device, IndexMode, Result};

const SRC: &str = include_str!("../../../kernels/ndimage/measure.cu");

fn func(o: usize, name: &str) -> Result<nvrtc::Function> {
    nvrtc::static_function(o, SRC, name, &[])
}

/// The values (f64, C order) and the group slot of each element, on one CUDA device.
pub(crate) struct Groups {
    o: usize,
    x: Array,
    gid: Array,
    /// the number of groups (slots `0..k`)
    k: usize,
    /// the slot of each result entry (`[0]` without `index`)
    slot_of: Vec<i64>,
    /// whether an `index` was given (results get a leading axis)
    indexed: bool,
}

impl Groups {
    fn slots(&self) -> usize {
        self.k + 2
    }

    fn n(&self) -> usize {
        self.x.size()
    }

    /// The rows of `per_slot` (leading axis: slots) of each result entry.
    fn gather(&self, per_slot: &Array) -> Result<Array> {
        let idx = dev_i64(self.slot_of.clone(), self.o)?;
        let idx = idx.slice(&[cuprum_core::SliceItem::Slice {
            start: Some(0),
            stop: Some(self.slot_of.len() as isize),
            step: 1,
        }])?;
        let r = cuprum_core::take(per_slot, &idx, Some(0), IndexMode::Raise)?;
        if self.indexed {
            Ok(r)
        } else {
            let rest: Vec<usize> = r.shape()[1..].to_vec();
            r.reshape(rest.as_slice())
        }
    }
}

/// Groups the elements of `input` (CUDA) by `labels` and `index`, as the CPU's `groups` does:
/// without labels one group of every element (an `index` then gives one entry per value, the
/// first holding every element and the others empty); with labels but no `index`, one group of
/// the positive labels; with both, one group per distinct index value.
pub(crate) fn groups(
    op: &'static str,
    input: &Array,
    labels: Option<&Array>,
    index: Option<&[i64]>,
) -> Result<Groups> {
    let o = ordinal(input)?;
    let dev = Device::Cuda(o);
    check_ndim(op, input.ndim().max(1))?;
    let x = crate::engine::to_f64(input)?;
    let n = x.size();
    let (mode, uidx, k, slot_of) = match (labels, index) {
        (None, None) => (0, Vec::new(), 1, vec![0]),
        (None, Some(idx)) => {
            // slot 2 (k + 1) is the empty one
            let s = (0..idx.len()).map(|q| if q == 0 { 0 } else { 2 }).collect();
            (0, Vec::new(), 1, s)
        }
        (Some(_), None) => (1, Vec::new(), 1, vec![0]),
        (Some(_), Some(idx)) => {
            let mut u: Vec<i64> = ext::try_vec_with_capacity(idx.len())?;
            u.extend_from_slice(idx);
            u.sort_unstable();
            u.dedup();
            let s = idx
                .iter()
                .map(|v| u.binary_search(v).map_or(u.len() as i64, |p| p as i64))
                .collect();
            let k = u.len();
            (2, u, k, s)
        }
    };
    let lab = match labels {
        Some(l) => ext::as_c_contiguous(&l.astype(DType::Int64)?.to_device(dev)?)?,
        None => dev_i64(vec![0], o)?,
    };
    let gid = ext::empty_for_overwrite(&[n.max(1)], DType::Int64, dev)?;
    let du = dev_i64(uidx, o)?;
    if n > 0 {
        go(
            &func(o, "ndm_group_id")?,
            n,
            &mut [
                Arg::P(dptr(&lab)?),
                Arg::I(n as i64),
                Arg::P(dptr(&du)?),
                Arg::I(k as i64),
                Arg::I(mode),
                Arg::P(dptr(&gid)?),
            ],
        )?;
    }
    let gid = gid.slice(&[cuprum_core::SliceItem::Slice {
        start: Some(0),
        stop: Some(n as isize),
        step: 1,
    }])?;
    Ok(Groups {
        o,
        x: x.reshape(&[n][..])?,
        gid,
        k,
        slot_of,
        indexed: index.is_some(),
    })
}

/// The minimum (`max == false`) or maximum of each slot: `(min, max)` device arrays of
/// `k + 2` entries (±inf for an empty slot).
fn minmax(g: &Groups) -> Result<(Array, Array)> {
    let dev = Device::Cuda(g.o);
    let mn = cuprum_core::full_on(vec![g.slots()], f64::INFINITY, DType::Float64, dev)?;
    let mx = cuprum_core::full_on(vec![g.slots()], f64::NEG_INFINITY, DType::Float64, dev)?;
    if g.n() > 0 {
        go(
            &func(g.o, "ndm_minmax")?,
            g.n(),
            &mut [
                Arg::P(dptr(&g.x)?),
                Arg::P(dptr(&g.gid)?),
                Arg::I(g.n() as i64),
                Arg::P(dptr(&mn)?),
                Arg::P(dptr(&mx)?),
            ],
        )?;
    }
    Ok((mn, mx))
}

/// The coordinates (int64, `[entries, ndim]` or `[ndim]`) of the first minimum or maximum of
/// each group, zeros for an empty one.
pub(crate) fn position(g: &Groups, shape: &[usize], max: bool) -> Result<Array> {
    let dev = Device::Cuda(g.o);
    let (mn, mx) = minmax(g)?;
    let target = if max { mx } else { mn };
    let n = g.n();
    let pos = cuprum_core::full_on(vec![g.slots()], n as i64, DType::Int64, dev)?;
    if n > 0 {
        go(
            &func(g.o, "ndm_position")?,
            n,
            &mut [
                Arg::P(dptr(&g.x)?),
                Arg::P(dptr(&g.gid)?),
                Arg::I(n as i64),
                Arg::P(dptr(&target)?),
                Arg::P(dptr(&pos)?),
            ],
        )?;
    }
    let nd = shape.len();
    let coords = ext::empty_for_overwrite(&[g.slots(), nd.max(1)], DType::Int64, dev)?;
    if nd > 0 {
        let sh = dev_i64(shape_i64(shape), g.o)?;
        go(
            &func(g.o, "ndm_unravel")?,
            g.slots(),
            &mut [
                Arg::P(dptr(&pos)?),
                Arg::I(g.slots() as i64),
                Arg::I(n as i64),
                Arg::P(dptr(&sh)?),
                Arg::I(nd as i64),
                Arg::P(dptr(&coords)?),
            ],
        )?;
    }
    let coords = coords.slice(&[
        cuprum_core::SliceItem::Slice {
            start: None,
            stop: None,
            step: 1,
        },
        cuprum_core::SliceItem::Slice {
            start: Some(0),
            stop: Some(nd as isize),
            step: 1,
        },
    ])?;
    g.gather(&coords)
}

/// The median of each group (float64; 0 for an empty one): the values sorted by (slot, value)
/// with cuprum's stable device sort, runs located by `bincount` and `cumsum`.
pub(crate) fn median(g: &Groups) -> Result<Array> {
    let dev = Device::Cuda(g.o);
    let slots = g.slots();
    let counts = if g.n() > 0 {
        cuprum_core::stats::bincount(&g.gid, None, slots)?
    } else {
        cuprum_core::zeros_on(&[slots][..], DType::Int64, dev)?
    };
    let counts = ext::as_c_contiguous(&counts.astype(DType::Int64)?)?;
    let starts = ext::as_c_contiguous(&cuprum_core::subtract(
        &cuprum_core::cumsum(&counts, None)?,
        &counts,
    )?)?;
    let sx = if g.n() > 0 {
        let order = cuprum_core::lexsort(&[&g.x, &g.gid])?;
        ext::as_c_contiguous(&cuprum_core::take(&g.x, &order, None, IndexMode::Raise)?)?
    } else {
        cuprum_core::zeros_on(&[1usize][..], DType::Float64, dev)?
    };
    let out = ext::empty_for_overwrite(&[slots], DType::Float64, dev)?;
    go(
        &func(g.o, "ndm_median")?,
        slots,
        &mut [
            Arg::P(dptr(&sx)?),
            Arg::P(dptr(&starts)?),
            Arg::P(dptr(&counts)?),
            Arg::I(slots as i64),
            Arg::P(dptr(&out)?),
        ],
    )?;
    g.gather(&out)
}

/// The histogram (int64, `bins` per group) of each group's values in `[min, max]`.
pub(crate) fn histogram(g: &Groups, min: f64, max: f64, bins: usize) -> Result<Array> {
    let dev = Device::Cuda(g.o);
    let slots = g.slots();
    let total = crate::support::size_of("ndimage.histogram", &[slots, bins])?;
    let out = cuprum_core::zeros_on(&[total][..], DType::Int64, dev)?;
    if g.n() > 0 {
        go(
            &func(g.o, "ndm_histogram")?,
            g.n(),
            &mut [
                Arg::P(dptr(&g.x)?),
                Arg::P(dptr(&g.gid)?),
                Arg::I(g.n() as i64),
                Arg::F(min),
                Arg::F(max),
                Arg::I(bins as i64),
                Arg::P(dptr(&out)?),
            ],
        )?;
    }
    g.gather(&out.reshape(&[slots, bins][..])?)
}

/// `scipy.ndimage.value_indices` of an integer CUDA array: a stable device argsort of the
/// values groups each value's flat indices in C order; the run boundaries come to the host
/// (one per distinct value) and every coordinate array is a slice of one device array per
/// axis.
#[allow(clippy::type_complexity)]
pub(crate) fn value_indices(arr: &Array, ignore: Option<i64>) -> Result<Vec<(i64, Vec<Array>)>> {
    let flat = ext::as_c_contiguous(&arr.astype(DType::Int64)?)?.reshape(&[arr.size()][..])?;
    let n = flat.size();
    if n == 0 {
        return Ok(Vec::new());
    }
    let order = cuprum_core::argsort(&flat, None)?;
    let sv = cuprum_core::take(&flat, &order, None, IndexMode::Raise)?;
    let sl = |a: Option<isize>, b: Option<isize>| {
        [cuprum_core::SliceItem::Slice {
            start: a,
            stop: b,
            step: 1,
        }]
    };
    let change = cuprum_core::not_equal(
        &sv.slice(&sl(Some(1), None))?,
        &sv.slice(&sl(None, Some(-1)))?,
    )?;
    let mut starts = vec![0i64];
    starts.extend(
        cuprum_core::flatnonzero(&change)?
            .to_vec::<i64>()?
            .into_iter()
            .map(|s| s + 1),
    );
    let first = Array::from_vec_on(starts.clone(), vec![starts.len()], Device::Cpu)?
        .to_device(arr.device())?;
    let values = cuprum_core::take(&sv, &first, None, IndexMode::Raise)?.to_vec::<i64>()?;
    // coordinates of every sorted position, one device array per axis
    let shape = arr.shape().to_vec();
    let mut coords = ext::try_vec_with_capacity(shape.len())?;
    let mut stride = 1i64;
    for &d in shape.iter().rev() {
        let c = cuprum_core::remainder(&cuprum_core::floor_divide(&order, stride)?, d as i64)?;
        coords.push(c);
        stride = stride.saturating_mul(d as i64);
    }
    coords.reverse();
    let mut out = ext::try_vec_with_capacity(values.len())?;
    for (j, &v) in values.iter().enumerate() {
        if Some(v) == ignore {
            continue;
        }
        let (a, b) = (
            starts[j] as isize,
            starts.get(j + 1).map_or(n as isize, |&e| e as isize),
        );
        let arrs = coords
            .iter()
            .map(|c| c.slice(&sl(Some(a), Some(b))))
            .collect::<Result<Vec<Array>>>()?;
        out.push((v, arrs));
    }
    Ok(out)
}
