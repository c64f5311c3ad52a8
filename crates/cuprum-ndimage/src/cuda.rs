//! The CUDA paths: launches of `kernels/ndimage/ndimage.cu` on the current stream. Inputs are
//! C-contiguous `f64` arrays on one device; small parameter tables (taps, poles, shapes,
//! coordinate transforms) are uploaded as device arrays.

use crate::engine::Taps;
use crate::interpolation::Coords;
use crate::measurements::Stats;
use crate::mode::Mode;
use crate::support::bounded;
use cuprum_core::ext::{self, nvrtc};
use cuprum_core::{Array, DType, Device, Error, Result};
use std::ffi::c_void;

const SRC: &str = include_str!("../../../kernels/ndimage/ndimage.cu");
const MAXD: usize = 8;

pub(crate) fn ordinal(a: &Array) -> Result<usize> {
    match a.device() {
        Device::Cuda(o) => Ok(o),
        d => Err(Error::unsupported(
            "ndimage",
            format!("a CUDA kernel given an array on {d}"),
        )),
    }
}

fn func(o: usize, name: &str) -> Result<nvrtc::Function> {
    nvrtc::static_function(o, SRC, name, &[])
}

pub(crate) fn check_ndim(op: &'static str, nd: usize) -> Result<()> {
    if nd > MAXD {
        return Err(Error::unsupported(
            op,
            format!("CUDA kernels take at most {MAXD} dimensions, got {nd}"),
        ));
    }
    Ok(())
}

/// The device address of element 0 of a C-contiguous CUDA array.
pub(crate) fn dptr(a: &Array) -> Result<u64> {
    let s = a
        .storage()
        .as_cuda()
        .ok_or_else(|| Error::unsupported("ndimage", "a CUDA kernel given a host array"))?;
    Ok(s.device_ptr() + (a.offset() * a.dtype().itemsize()) as u64)
}

pub(crate) enum Arg {
    P(u64),
    I(i64),
    F(f64),
}

pub(crate) fn go(f: &nvrtc::Function, n: usize, args: &mut [Arg]) -> Result<()> {
    let mut cfg = nvrtc::LaunchConfig::for_num_elems(n.max(1) as u64, 256);
    cfg.grid.0 = cfg.grid.0.min(1 << 16);
    go_with(f, cfg, args)
}

/// [`go`] with an explicit grid, block and dynamic shared memory.
fn go_with(f: &nvrtc::Function, cfg: nvrtc::LaunchConfig, args: &mut [Arg]) -> Result<()> {
    let mut ptrs: Vec<*mut c_void> = args
        .iter_mut()
        .map(|a| match a {
            Arg::P(p) => p as *mut u64 as *mut c_void,
            Arg::I(i) => i as *mut i64 as *mut c_void,
            Arg::F(x) => x as *mut f64 as *mut c_void,
        })
        .collect();
    // SAFETY: every kernel of ndimage.cu takes exactly the parameters its caller here passes,
    // in order: device addresses (u64) of live C-contiguous buffers of the element types the
    // kernel reads (kept alive by the caller's arrays until the launch is queued; frees are
    // stream-ordered after it), 64-bit integers and doubles; the sizes passed bound every
    // access and the grid-stride loops make any grid size safe; a kernel with dynamic shared
    // memory (nd_correlate_tiled) is given the bytes its tile needs (see `corr_tile`).
    unsafe { nvrtc::launch(f, cfg, None, &mut ptrs)? };
    Ok(())
}

pub(crate) fn dev_i64(v: Vec<i64>, o: usize) -> Result<Array> {
    let n = v.len().max(1);
    let mut v = v;
    v.resize(n, 0);
    Array::from_vec_on(v, vec![n], Device::Cuda(o))
}

fn dev_f64(v: Vec<f64>, o: usize) -> Result<Array> {
    let n = v.len().max(1);
    let mut v = v;
    v.resize(n, 0.0);
    Array::from_vec_on(v, vec![n], Device::Cuda(o))
}

pub(crate) fn shape_i64(s: &[usize]) -> Vec<i64> {
    s.iter().map(|&n| n as i64).collect()
}

/// The tap engine: a weighted sum (`rank == None`) or an order statistic.
pub(crate) fn stencil(
    x: &Array,
    t: &Taps,
    mode: Mode,
    cval: f64,
    rank: Option<usize>,
) -> Result<Array> {
    let o = ordinal(x)?;
    let x = ext::as_c_contiguous(x)?;
    let shape = x.shape().to_vec();
    let nd = shape.len().max(1);
    check_ndim("ndimage.filter", nd)?;
    let n = x.size();
    let y = ext::empty_for_overwrite(&shape, DType::Float64, Device::Cuda(o))?;
    if n == 0 {
        return Ok(y);
    }
    let sh = if shape.is_empty() {
        vec![1]
    } else {
        shape_i64(&shape)
    };
    let offs = if t.ndim == 0 {
        bounded(t.len(), 0i64)
    } else {
        t.offs.clone()
    };
    let w = if t.w.is_empty() {
        bounded(t.len(), 0.0)
    } else {
        t.w.clone()
    };
    let (dsh, doff, dw) = (dev_i64(sh, o)?, dev_i64(offs, o)?, dev_f64(w, o)?);
    let f = func(o, "nd_stencil")?;
    go(
        &f,
        n,
        &mut [
            Arg::P(dptr(&x)?),
            Arg::P(dptr(&y)?),
            Arg::P(dptr(&dsh)?),
            Arg::I(nd as i64),
            Arg::P(dptr(&doff)?),
            Arg::P(dptr(&dw)?),
            Arg::I(t.len() as i64),
            Arg::I(mode.for_filter().code()),
            Arg::F(cval),
            Arg::I(rank.map(|r| r as i64).unwrap_or(-1)),
            Arg::I(n as i64),
        ],
    )?;
    Ok(y)
}

/// The dynamic shared memory a block of the tiled correlation may use: the limit every device
/// gives without an opt-in.
const TILE_SHARED_BYTES: usize = 48 * 1024;

/// The tile of `nd_correlate_tiled` for `nw` weights along an axis of `len` positions with
/// `inner` elements each (the product of the later axes): `(bx, by, tl)`, blocks of
/// `bx` columns (at most 32) by `by` threads along the axis (`bx * by <= 256`) and tiles of `tl` positions (a multiple of `by`,
/// every thread at least one output); `None` where such a tile and its halo of `nw - 1`
/// positions do not fit in [`TILE_SHARED_BYTES`] (the stencil kernel then runs).
pub(crate) fn corr_tile(len: usize, inner: usize, nw: usize) -> Option<(usize, usize, usize)> {
    let bx = if inner >= 32 {
        32
    } else {
        inner.max(1).next_power_of_two()
    };
    // 256 threads, fewer for a short line of the last axis (no warp without a position)
    let by = (256 / bx).min(len.max(1).next_multiple_of(32));
    // nw weights, then (tl + nw - 1) rows of bx doubles
    let rows = (TILE_SHARED_BYTES / 8).checked_sub(nw)? / bx;
    let fit = (rows + 1).checked_sub(nw)?;
    let tl = fit.min(16 * by).min(len.div_ceil(by) * by) / by * by;
    (tl >= by).then_some((bx, by, tl))
}

/// The dynamic shared memory (bytes) of a tile `(bx, _, tl)` for `nw` weights.
fn corr_tile_bytes(bx: usize, tl: usize, nw: usize) -> usize {
    (nw + (tl + nw - 1) * bx) * 8
}

/// A 1-d correlation along `axis` of an `f64` array on a CUDA device, staged through shared
/// memory: output position `i` is `sum_k w[k] * x[i + lo + k]` along the axis, the mode applied
/// to each position. `None` where the weights are too long for a tile (see [`corr_tile`]).
pub(crate) fn correlate_tiled(
    x: &Array,
    axis: usize,
    w: &[f64],
    lo: i64,
    mode: Mode,
    cval: f64,
) -> Result<Option<Array>> {
    let o = ordinal(x)?;
    let shape = x.shape().to_vec();
    let (nl, len, inner) = lines(&shape, axis);
    let Some((bx, by, tl)) = corr_tile(len, inner, w.len()) else {
        return Ok(None);
    };
    let x = ext::as_c_contiguous(x)?;
    let y = ext::empty_for_overwrite(&shape, DType::Float64, Device::Cuda(o))?;
    if nl == 0 || w.is_empty() {
        return Ok(Some(y));
    }
    let outer = nl / inner;
    let tiles = outer * len.div_ceil(tl) * inner.div_ceil(bx);
    let cfg = nvrtc::LaunchConfig {
        grid: (tiles.min(1 << 20) as u32, 1, 1),
        block: (bx as u32, by as u32, 1),
        shared_mem_bytes: corr_tile_bytes(bx, tl, w.len()) as u32,
    };
    let dw = dev_f64(w.to_vec(), o)?;
    go_with(
        &func(o, "nd_correlate_tiled")?,
        cfg,
        &mut [
            Arg::P(dptr(&x)?),
            Arg::P(dptr(&y)?),
            Arg::I(outer as i64),
            Arg::I(len as i64),
            Arg::I(inner as i64),
            Arg::P(dptr(&dw)?),
            Arg::I(w.len() as i64),
            Arg::I(lo),
            Arg::I(mode.for_filter().code()),
            Arg::F(cval),
            Arg::I(tl as i64),
        ],
    )?;
    Ok(Some(y))
}

/// Lines of `(n_lines, len, stride)` along `axis` of a C-contiguous array of `shape`.
fn lines(shape: &[usize], axis: usize) -> (usize, usize, usize) {
    let len = shape[axis];
    let stride: usize = shape[axis + 1..].iter().product();
    let total: usize = shape.iter().product();
    (total.checked_div(len).unwrap_or(0), len, stride)
}

/// The spline prefilter along `axis`, in place on a copy.
pub(crate) fn spline_lines(x: &Array, axis: usize, poles: &[f64], kind: i64) -> Result<Array> {
    let o = ordinal(x)?;
    let c = x.copy()?;
    let (nl, len, stride) = lines(c.shape(), axis);
    if nl == 0 {
        return Ok(c);
    }
    let p = dev_f64(poles.to_vec(), o)?;
    let f = func(o, "nd_spline_lines")?;
    go(
        &f,
        nl,
        &mut [
            Arg::P(dptr(&c)?),
            Arg::I(nl as i64),
            Arg::I(len as i64),
            Arg::I(stride as i64),
            Arg::P(dptr(&p)?),
            Arg::I(poles.len() as i64),
            Arg::I(kind),
        ],
    )?;
    Ok(c)
}

/// Spline interpolation of coefficients `x` for an output of `out_shape`.
pub(crate) fn interpolate(
    x: &Array,
    out_shape: &[usize],
    coords: &Coords<'_>,
    order: usize,
    mode: Mode,
    cval: f64,
    npad: usize,
) -> Result<Array> {
    let o = ordinal(x)?;
    let x = ext::as_c_contiguous(x)?;
    let nd = x.ndim();
    check_ndim("ndimage.interpolation", nd.max(out_shape.len()))?;
    let y = ext::empty_for_overwrite(out_shape, DType::Float64, Device::Cuda(o))?;
    let nout = y.size();
    if nout == 0 {
        return Ok(y);
    }
    if x.size() == 0 {
        return cuprum_core::full_on(out_shape, cval, DType::Float64, Device::Cuda(o));
    }
    let (kind, params, carr) = match coords {
        Coords::Array(a) => (0, vec![0.0], Some(ext::as_c_contiguous(a)?)),
        Coords::Affine { matrix, offset } => {
            let mut p = matrix.clone();
            p.extend_from_slice(offset);
            (1, p, None)
        }
        Coords::ZoomShift { zoom, shift, grid } => {
            let mut p = zoom.clone();
            p.extend_from_slice(shift);
            p.push(if *grid { 1.0 } else { 0.0 });
            (2, p, None)
        }
    };
    let dp = dev_f64(params, o)?;
    let ish = dev_i64(shape_i64(x.shape()), o)?;
    let osh = dev_i64(shape_i64(out_shape), o)?;
    let cptr = match &carr {
        Some(c) => dptr(c)?,
        None => dptr(&dp)?,
    };
    let f = func(o, "nd_interpolate")?;
    go(
        &f,
        nout,
        &mut [
            Arg::P(dptr(&x)?),
            Arg::P(dptr(&y)?),
            Arg::P(dptr(&ish)?),
            Arg::I(nd as i64),
            Arg::P(dptr(&osh)?),
            Arg::I(out_shape.len() as i64),
            Arg::I(nout as i64),
            Arg::I(kind),
            Arg::P(dptr(&dp)?),
            Arg::P(cptr),
            Arg::I(order as i64),
            Arg::I(mode.code()),
            Arg::F(cval),
            Arg::F(npad as f64),
        ],
    )?;
    Ok(y)
}

/// One squared-distance pass along `axis` with weight `w`.
pub(crate) fn edt_pass(fa: &Array, axis: usize, w: f64) -> Result<Array> {
    let o = ordinal(fa)?;
    let fa = ext::as_c_contiguous(&fa.astype(DType::Float64)?)?;
    let shape = fa.shape().to_vec();
    let (nl, len, stride) = lines(&shape, axis);
    let y = ext::empty_for_overwrite(&shape, DType::Float64, Device::Cuda(o))?;
    if nl == 0 {
        return Ok(y);
    }
    let v = ext::empty_for_overwrite(&[nl * len], DType::Int64, Device::Cuda(o))?;
    let z = ext::empty_for_overwrite(&[nl * (len + 1)], DType::Float64, Device::Cuda(o))?;
    let f = func(o, "nd_edt_pass")?;
    go(
        &f,
        nl,
        &mut [
            Arg::P(dptr(&fa)?),
            Arg::P(dptr(&y)?),
            Arg::P(dptr(&v)?),
            Arg::P(dptr(&z)?),
            Arg::I(nl as i64),
            Arg::I(len as i64),
            Arg::I(stride as i64),
            Arg::F(w),
        ],
    )?;
    Ok(y)
}

/// `fourier_ellipsoid`'s factor of each scaled frequency distance (a fresh f64 copy of `d`).
pub(crate) fn ellipsoid(d: &Array, ndim: usize) -> Result<Array> {
    let y = ext::as_c_contiguous(&d.astype(DType::Float64)?.copy()?)?;
    let n = y.size();
    if n > 0 {
        go(
            &func(ordinal(&y)?, "nd_ellipsoid")?,
            n,
            &mut [Arg::P(dptr(&y)?), Arg::I(n as i64), Arg::I(ndim as i64)],
        )?;
    }
    Ok(y)
}

/// Connected-component labels (int32, numbered in C order) and their count.
pub(crate) fn label(input: &Array, offs: &[Vec<i64>]) -> Result<(Array, usize)> {
    let o = ordinal(input)?;
    let x = crate::engine::to_f64(input)?;
    let shape = x.shape().to_vec();
    let nd = shape.len().max(1);
    check_ndim("ndimage.label", nd)?;
    let n = x.size();
    if n == 0 {
        return Ok((
            cuprum_core::zeros_on(shape, DType::Int32, Device::Cuda(o))?,
            0,
        ));
    }
    let lab = ext::empty_for_overwrite(&[n], DType::Int64, Device::Cuda(o))?;
    go(
        &func(o, "nd_label_init")?,
        n,
        &mut [Arg::P(dptr(&x)?), Arg::P(dptr(&lab)?), Arg::I(n as i64)],
    )?;
    let sh = dev_i64(
        if shape.is_empty() {
            vec![1]
        } else {
            shape_i64(&shape)
        },
        o,
    )?;
    let flat: Vec<i64> = offs.iter().flatten().copied().collect();
    let doffs = dev_i64(flat, o)?;
    let step = func(o, "nd_label_step")?;
    loop {
        let changed = cuprum_core::zeros_on(vec![1usize], DType::Int32, Device::Cuda(o))?;
        go(
            &step,
            n,
            &mut [
                Arg::P(dptr(&lab)?),
                Arg::P(dptr(&sh)?),
                Arg::I(nd as i64),
                Arg::P(dptr(&doffs)?),
                Arg::I(offs.len() as i64),
                Arg::I(n as i64),
                Arg::P(dptr(&changed)?),
            ],
        )?;
        if changed.to_vec::<i32>()?[0] == 0 {
            break;
        }
    }
    let roots = ext::empty_for_overwrite(&[n], DType::Int64, Device::Cuda(o))?;
    go(
        &func(o, "nd_label_roots")?,
        n,
        &mut [Arg::P(dptr(&lab)?), Arg::P(dptr(&roots)?), Arg::I(n as i64)],
    )?;
    let num = ext::as_c_contiguous(&cuprum_core::cumsum(&roots, None)?.astype(DType::Int64)?)?;
    let count = num
        .slice(&[cuprum_core::SliceItem::Index(-1)])?
        .item()?
        .as_i64();
    if count > i32::MAX as i64 {
        return Err(Error::unsupported(
            "ndimage.label",
            "more than 2^31 - 1 components for int32 labels",
        ));
    }
    let out = ext::empty_for_overwrite(&shape, DType::Int32, Device::Cuda(o))?;
    go(
        &func(o, "nd_label_final")?,
        n,
        &mut [
            Arg::P(dptr(&lab)?),
            Arg::P(dptr(&num)?),
            Arg::P(dptr(&out)?),
            Arg::I(n as i64),
        ],
    )?;
    Ok((out, count as usize))
}

/// Bounding boxes `[min, max + 1]` per label and axis, flattened as `find_objects` reads them.
pub(crate) fn find_objects(lab: &Array, m: usize) -> Result<Vec<i64>> {
    let o = ordinal(lab)?;
    let lab = ext::as_c_contiguous(&lab.astype(DType::Int64)?)?;
    let shape = lab.shape().to_vec();
    let nd = shape.len();
    check_ndim("ndimage.find_objects", nd)?;
    let k = (m * nd).max(1);
    let bmin = cuprum_core::full_on(vec![k], i64::MAX, DType::Int64, Device::Cuda(o))?;
    let bmax = cuprum_core::full_on(vec![k], -1i64, DType::Int64, Device::Cuda(o))?;
    if lab.size() > 0 && nd > 0 {
        let sh = dev_i64(shape_i64(&shape), o)?;
        go(
            &func(o, "nd_bbox")?,
            lab.size(),
            &mut [
                Arg::P(dptr(&lab)?),
                Arg::I(lab.size() as i64),
                Arg::P(dptr(&sh)?),
                Arg::I(nd as i64),
                Arg::I(m as i64),
                Arg::P(dptr(&bmin)?),
                Arg::P(dptr(&bmax)?),
            ],
        )?;
    }
    let (a, b) = (bmin.to_vec::<i64>()?, bmax.to_vec::<i64>()?);
    let mut out = ext::try_vec_with_capacity(2 * m * nd)?;
    for j in 0..m * nd {
        out.push(a[j]);
        out.push(b[j]);
    }
    Ok(out)
}

/// Per-index statistics of `x` grouped by `labels` (both on one CUDA device).
pub(crate) fn label_stats(
    x: &Array,
    labels: &Array,
    index: Option<&[i64]>,
    want_com: bool,
) -> Result<Stats> {
    let o = ordinal(x)?;
    let xs = crate::engine::to_f64(x)?;
    let lab = ext::as_c_contiguous(&labels.astype(DType::Int64)?.to_device(Device::Cuda(o))?)?;
    let n = xs.size();
    let shape = xs.shape().to_vec();
    let nd = shape.len();
    check_ndim("ndimage.measurements", nd.max(1))?;
    let (k, all_positive, sidx, perm) = match index {
        Some(idx) => {
            let mut p: Vec<usize> = (0..idx.len()).collect();
            p.sort_by_key(|&i| idx[i]);
            let s: Vec<i64> = p.iter().map(|&i| idx[i]).collect();
            (idx.len(), 0, s, p.into_iter().map(|v| v as i64).collect())
        }
        None => (1, 1, vec![0], vec![0]),
    };
    let dev = Device::Cuda(o);
    let z =
        |fill: f64, len: usize| cuprum_core::full_on(vec![len.max(1)], fill, DType::Float64, dev);
    let (cnt, sum, mn, mx) = (
        z(0.0, k)?,
        z(0.0, k)?,
        z(f64::INFINITY, k)?,
        z(f64::NEG_INFINITY, k)?,
    );
    let com = z(0.0, k * nd)?;
    let css = z(0.0, k)?;
    let (ds, dp) = (dev_i64(sidx, o)?, dev_i64(perm, o)?);
    let sh = dev_i64(
        if shape.is_empty() {
            vec![1]
        } else {
            shape_i64(&shape)
        },
        o,
    )?;
    let f = func(o, "nd_label_stats")?;
    let run = |pass: i64, mean: &Array| -> Result<()> {
        if n == 0 {
            return Ok(());
        }
        go(
            &f,
            n,
            &mut [
                Arg::P(dptr(&xs)?),
                Arg::P(dptr(&lab)?),
                Arg::I(n as i64),
                Arg::P(dptr(&ds)?),
                Arg::P(dptr(&dp)?),
                Arg::I(k as i64),
                Arg::I(all_positive),
                Arg::P(dptr(&sh)?),
                Arg::I(nd as i64),
                Arg::I(i64::from(want_com)),
                Arg::I(pass),
                Arg::P(dptr(&cnt)?),
                Arg::P(dptr(&sum)?),
                Arg::P(dptr(&mn)?),
                Arg::P(dptr(&mx)?),
                Arg::P(dptr(&com)?),
                Arg::P(dptr(mean)?),
                Arg::P(dptr(&css)?),
            ],
        )
    };
    run(0, &css)?;
    let mean = ext::as_c_contiguous(&cuprum_core::divide(&sum, &cnt)?)?;
    run(1, &mean)?;
    let take = |a: &Array, len: usize| -> Result<Vec<f64>> {
        Ok(a.to_vec::<f64>()?.into_iter().take(len).collect())
    };
    Ok(Stats {
        count: take(&cnt, k)?,
        sum: take(&sum, k)?,
        css: take(&css, k)?,
        min: take(&mn, k)?,
        max: take(&mx, k)?,
        com: if want_com {
            take(&com, k * nd)?
        } else {
            Vec::new()
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn correlation_tiles_fit_shared_memory() {
        // the last axis: one column, 256 threads along the line, tiles of 4096
        assert_eq!(corr_tile(5000, 1, 16), Some((1, 256, 4096)));
        // a line shorter than a tile: one tile; a short line, a block of one or two warps
        assert_eq!(corr_tile(300, 1, 3), Some((1, 256, 512)));
        assert_eq!(corr_tile(3, 1, 3), Some((1, 32, 32)));
        assert_eq!(corr_tile(37, 1, 9), Some((1, 64, 64)));
        // 32 columns by 8 rows of threads, tiles of 128 rows (gaussian sigma 4: 33 taps)
        assert_eq!(corr_tile(4096, 4096, 33), Some((32, 8, 128)));
        assert_eq!(corr_tile(300, 33, 16), Some((32, 8, 128)));
        // fewer columns than 32: a narrower block, more threads along the axis
        assert_eq!(corr_tile(130, 5, 7), Some((8, 32, 160)));
        // longer weights shrink the tile; beyond one output per thread the stencil runs
        assert_eq!(corr_tile(250, 40, 150), Some((32, 8, 32)));
        assert_eq!(corr_tile(250, 40, 200), None);
        assert_eq!(corr_tile(2900, 1, 2900), Some((1, 256, 256)));
        assert_eq!(corr_tile(3100, 1, 3001), None);
        assert_eq!(corr_tile(10, 1, 7000), None);
        for inner in [1, 2, 3, 17, 32, 1000] {
            for nw in [1, 2, 33, 65, 129, 257, 1025] {
                if let Some((bx, by, tl)) = corr_tile(100_000, inner, nw) {
                    assert_eq!(bx * by, 256);
                    assert_eq!(corr_tile(40, inner, nw).map(|t| t.0), Some(bx));
                    assert!(tl >= by && tl.is_multiple_of(by));
                    assert!(corr_tile_bytes(bx, tl, nw) <= TILE_SHARED_BYTES);
                }
            }
        }
    }
}
