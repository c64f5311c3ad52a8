//! The two stencil engines every filter runs on, for `f64` data on any device: a weighted sum
//! over a list of taps ([`correlate_taps`]) and an order statistic over a footprint
//! ([`rank_taps`]). A tap is an offset per axis (relative to the output element, origin and
//! centre already applied) and, for the weighted sum, a weight. The mode maps each axis's index
//! separately, as SciPy's line buffers extend each line. On CUDA, taps at consecutive offsets
//! along one axis (every separable pass) run on the tiled kernel (`cuda::correlate_tiled`).

use crate::mode::{Mode, filter_index};
use crate::support::{bounded, host_f64, strides_of, zeros};
use cuprum_core::{Array, DType, Device, Result, ext};
use rayon::prelude::*;

/// Taps of a stencil: `offs` holds `ndim` offsets per tap, `w` one weight per tap (empty for a
/// footprint).
#[derive(Clone, Debug, Default)]
pub(crate) struct Taps {
    pub ndim: usize,
    pub offs: Vec<i64>,
    pub w: Vec<f64>,
}

impl Taps {
    /// Number of taps.
    pub fn len(&self) -> usize {
        self.offs
            .len()
            .checked_div(self.ndim)
            .unwrap_or(self.w.len())
    }

    /// The taps of an n-d weights (or footprint) array of `shape` given in C order, centred at
    /// `shape[d] / 2 + origin[d]`; zero weights (false footprint entries) are dropped.
    pub fn from_dense(shape: &[usize], vals: &[f64], origin: &[i64], weighted: bool) -> Taps {
        let nd = shape.len();
        let mut t = Taps {
            ndim: nd,
            ..Taps::default()
        };
        let strides = strides_of(shape);
        for (k, &v) in vals.iter().enumerate() {
            if v == 0.0 {
                continue;
            }
            for d in 0..nd {
                let c = (k / strides[d]) % shape[d];
                t.offs.push(c as i64 - (shape[d] / 2) as i64 - origin[d]);
            }
            if weighted {
                t.w.push(v);
            }
        }
        t
    }

    /// The taps of 1-d `weights` along `axis` of an `ndim`-d array.
    pub fn along(ndim: usize, axis: usize, weights: &[f64], origin: i64) -> Taps {
        let mut t = Taps {
            ndim,
            ..Taps::default()
        };
        let c = (weights.len() / 2) as i64 + origin;
        for (k, &v) in weights.iter().enumerate() {
            for d in 0..ndim {
                t.offs.push(if d == axis { k as i64 - c } else { 0 });
            }
            t.w.push(v);
        }
        t
    }
}

/// Per-axis tables of the mapped index (times the stride) for positions `lo .. n + hi`;
/// `-1` where the constant mode reads `cval`.
struct Ext {
    lo: Vec<i64>,
    tab: Vec<Vec<i64>>,
}

fn ext_tables(shape: &[usize], taps: &Taps, mode: Mode) -> Ext {
    let nd = shape.len();
    let strides = strides_of(shape);
    let mut lo = bounded(nd, 0i64);
    let mut hi = bounded(nd, 0i64);
    for t in 0..taps.len() {
        for d in 0..nd {
            let o = taps.offs[t * nd + d];
            lo[d] = lo[d].min(o);
            hi[d] = hi[d].max(o);
        }
    }
    let tab = (0..nd)
        .map(|d| {
            let n = shape[d] as i64;
            (lo[d]..n + hi[d])
                .map(|p| match filter_index(p, n, mode) {
                    Some(j) => (j * strides[d]) as i64,
                    None => -1,
                })
                .collect()
        })
        .collect();
    Ext { lo, tab }
}

/// Runs `f(row_index, out_row, row_bases)` over the rows (last axis) of the output, where
/// `row_bases[t]` is tap `t`'s offset contribution from all axes but the last (`-1`: constant).
#[allow(clippy::needless_range_loop)]
fn for_rows(
    shape: &[usize],
    taps: &Taps,
    ext: &Ext,
    out: &mut [f64],
    f: impl Fn(&mut [f64], &[i64]) + Sync,
) {
    let nd = shape.len();
    let last = shape[nd - 1];
    let nt = taps.len();
    out.par_chunks_mut(last).enumerate().for_each(|(row, o)| {
        let mut bases = bounded(nt, 0i64);
        let mut rem = row;
        let mut coords = bounded(nd, 0usize);
        for d in (0..nd - 1).rev() {
            coords[d] = rem % shape[d];
            rem /= shape[d];
        }
        for (t, b) in bases.iter_mut().enumerate() {
            let mut acc = 0i64;
            for d in 0..nd - 1 {
                let p = coords[d] as i64 + taps.offs[t * nd + d] - ext.lo[d];
                let v = ext.tab[d][p as usize];
                if v < 0 {
                    acc = -1;
                    break;
                }
                acc += v;
            }
            *b = acc;
        }
        f(o, &bases);
    });
}

/// The weighted sum of `taps` around each element of `x` (`f64`, any device; `shape` its
/// shape), boundary `mode`, `cval` for the constant mode. Returns a new `f64` array.
pub(crate) fn correlate_taps(x: &Array, taps: &Taps, mode: Mode, cval: f64) -> Result<Array> {
    let shape = x.shape().to_vec();
    if let Device::Cuda(_) = x.device() {
        if let Some((axis, lo)) = consecutive_axis(&shape, taps)
            && let Some(y) = crate::cuda::correlate_tiled(x, axis, &taps.w, lo, mode, cval)?
        {
            return Ok(y);
        }
        return crate::cuda::stencil(x, taps, mode, cval, None);
    }
    let xs = host_f64(x)?;
    let out = correlate_host(&xs, &shape, taps, mode, cval)?;
    Array::from_vec_on(out, shape, Device::Cpu)
}

/// The axis along which every tap lies (all other offsets zero), if there is one.
fn single_axis(shape: &[usize], taps: &Taps) -> Option<usize> {
    let nd = shape.len();
    let mut axis = None;
    for t in 0..taps.len() {
        for d in 0..nd {
            if taps.offs[t * nd + d] != 0 {
                match axis {
                    None => axis = Some(d),
                    Some(a) if a == d => {}
                    Some(_) => return None,
                }
            }
        }
    }
    Some(axis.unwrap_or(nd - 1))
}

/// The axis and first offset of taps that lie along one axis at consecutive offsets
/// `lo, lo + 1, ...` in order (a 1-d correlation's taps; an n-d weights array with one axis
/// longer than 1 and no zero weight), for the tiled CUDA kernel; `None` otherwise.
pub(crate) fn consecutive_axis(shape: &[usize], taps: &Taps) -> Option<(usize, i64)> {
    if shape.is_empty() || taps.len() == 0 || taps.w.len() != taps.len() {
        return None;
    }
    let nd = shape.len();
    let axis = single_axis(shape, taps)?;
    let lo = taps.offs[axis];
    (0..taps.len())
        .all(|t| taps.offs[t * nd + axis] == lo + t as i64)
        .then_some((axis, lo))
}

/// A 1-d correlation along `axis` of a C-contiguous `f64` array (the separable filters' pass):
/// along the last axis each line is extended once into a buffer and the taps run over
/// contiguous memory; along another axis each output line (over the axes after `axis`) is a
/// weighted sum of whole input lines, mode-mapped once per line.
#[allow(clippy::too_many_arguments)]
fn correlate_axis_host(
    xs: &[f64],
    shape: &[usize],
    axis: usize,
    w: &[f64],
    offs: &[i64],
    mode: Mode,
    cval: f64,
    out: &mut [f64],
) -> Result<()> {
    let len = shape[axis];
    let inner: usize = shape[axis + 1..].iter().product();
    let lo = offs.iter().copied().min().unwrap_or(0);
    let hi = offs.iter().copied().max().unwrap_or(0);
    // the mapped index of each extended position lo .. len + hi (None: cval)
    let n = len as i64;
    let map: Vec<Option<usize>> = (lo..n + hi).map(|p| filter_index(p, n, mode)).collect();
    if inner == 1 {
        let ext_len = map.len();
        let boxed = w.len() > 3
            && w.iter().all(|&v| v == w[0])
            && offs.windows(2).all(|p| p[1] == p[0] + 1);
        out.par_chunks_mut(len)
            .zip(xs.par_chunks(len))
            .for_each(|(o, line)| {
                let mut buf = bounded(ext_len, 0.0f64);
                for (b, m) in buf.iter_mut().zip(&map) {
                    *b = m.map_or(cval, |j| line[j]);
                }
                if boxed {
                    // a box (equal weights on consecutive offsets): a running sum, as SciPy's
                    // uniform filter keeps one
                    let k = w.len();
                    let s0 = (offs[0] - lo) as usize;
                    let mut acc: f64 = buf[s0..s0 + k].iter().sum();
                    o[0] = w[0] * acc;
                    for j in 1..len {
                        acc += buf[s0 + j + k - 1] - buf[s0 + j - 1];
                        o[j] = w[0] * acc;
                    }
                    return;
                }
                // one vectorizable multiply-add over the line per tap
                o.iter_mut().for_each(|v| *v = 0.0);
                for (&wt, &of) in w.iter().zip(offs) {
                    let st = (of - lo) as usize;
                    for (v, &x) in o.iter_mut().zip(&buf[st..st + len]) {
                        *v += wt * x;
                    }
                }
            });
        return Ok(());
    }
    let block = len * inner;
    out.par_chunks_mut(inner).enumerate().for_each(|(row, o)| {
        let (outer, i) = (row / len, row % len);
        let base = outer * block;
        o.iter_mut().for_each(|v| *v = 0.0);
        for (&wt, &of) in w.iter().zip(offs) {
            match map[(i as i64 + of - lo) as usize] {
                Some(j) => {
                    let src = &xs[base + j * inner..base + (j + 1) * inner];
                    for (v, &x) in o.iter_mut().zip(src) {
                        *v += wt * x;
                    }
                }
                None => {
                    let c = wt * cval;
                    o.iter_mut().for_each(|v| *v += c);
                }
            }
        }
    });
    Ok(())
}

fn correlate_host(
    xs: &[f64],
    shape: &[usize],
    taps: &Taps,
    mode: Mode,
    cval: f64,
) -> Result<Vec<f64>> {
    let mut out = zeros(xs.len())?;
    if xs.is_empty() {
        return Ok(out);
    }
    if shape.is_empty() {
        out[0] = taps.w.iter().sum::<f64>() * xs[0];
        return Ok(out);
    }
    let nd = shape.len();
    if let Some(axis) = single_axis(shape, taps) {
        let offs: Vec<i64> = (0..taps.len()).map(|t| taps.offs[t * nd + axis]).collect();
        correlate_axis_host(xs, shape, axis, &taps.w, &offs, mode, cval, &mut out)?;
        return Ok(out);
    }
    let ext = ext_tables(shape, taps, mode);
    let last_tab = &ext.tab[nd - 1];
    let lo = ext.lo[nd - 1];
    for_rows(shape, taps, &ext, &mut out, |o, bases| {
        for (j, oj) in o.iter_mut().enumerate() {
            let mut acc = 0.0;
            for (t, &b) in bases.iter().enumerate() {
                let v = if b < 0 {
                    cval
                } else {
                    let p = j as i64 + taps.offs[t * nd + nd - 1] - lo;
                    let l = last_tab[p as usize];
                    if l < 0 { cval } else { xs[(b + l) as usize] }
                };
                acc += taps.w[t] * v;
            }
            *oj = acc;
        }
    });
    Ok(out)
}

/// Element `rank` (0-based, ascending) of the footprint `taps` around each element of `x`.
pub(crate) fn rank_taps(
    x: &Array,
    taps: &Taps,
    rank: usize,
    mode: Mode,
    cval: f64,
) -> Result<Array> {
    if let Device::Cuda(_) = x.device() {
        return crate::cuda::stencil(x, taps, mode, cval, Some(rank));
    }
    let nt = taps.len();
    gather_rows(
        x,
        taps,
        mode,
        cval,
        |v| v,
        |buf| {
            if rank == 0 {
                buf.iter().copied().fold(f64::INFINITY, f64::min)
            } else if rank == nt - 1 {
                buf.iter().copied().fold(f64::NEG_INFINITY, f64::max)
            } else {
                *buf.select_nth_unstable_by(rank, |a, b| a.total_cmp(b)).1
            }
        },
    )
}

/// `a` as a C-contiguous `f64` array on its device.
pub(crate) fn to_f64(a: &Array) -> Result<Array> {
    let b = if a.dtype() == DType::Float64 {
        a.clone()
    } else {
        a.astype(DType::Float64)?
    };
    ext::as_c_contiguous(&b)
}

/// `a` (`f64`) rounded through `dtype` and back, on its device.
pub(crate) fn quantize_dev(a: &Array, dtype: DType) -> Result<Array> {
    if dtype == DType::Float64 {
        return Ok(a.clone());
    }
    a.astype(dtype)?.astype(DType::Float64)
}

/// `f` of the footprint's values (in the footprint's C order) around each element of `x`
/// (`f64`, on the CPU).
pub(crate) fn gather_apply(
    x: &Array,
    taps: &Taps,
    mode: Mode,
    cval: f64,
    f: &(dyn Fn(&[f64]) -> f64 + Sync),
) -> Result<Array> {
    gather_rows(x, taps, mode, cval, |v| f(&[v]), |buf| f(buf))
}

/// `f` of the footprint's values (in the footprint's C order, a scratch buffer `f` may reorder)
/// around each element of `x` (`f64`, on the CPU); `scalar(v)` for a 0-d `x` of value `v`.
fn gather_rows(
    x: &Array,
    taps: &Taps,
    mode: Mode,
    cval: f64,
    scalar: impl Fn(f64) -> f64,
    f: impl Fn(&mut [f64]) -> f64 + Sync,
) -> Result<Array> {
    let shape = x.shape().to_vec();
    let xs = host_f64(x)?;
    let mut out = zeros(xs.len())?;
    if xs.is_empty() || taps.len() == 0 {
        return Array::from_vec_on(out, shape, Device::Cpu);
    }
    if shape.is_empty() {
        out[0] = scalar(xs[0]);
        return Array::from_vec_on(out, shape, Device::Cpu);
    }
    let nd = shape.len();
    let nt = taps.len();
    let ext = ext_tables(&shape, taps, mode);
    let last_tab = &ext.tab[nd - 1];
    let lo = ext.lo[nd - 1];
    for_rows(&shape, taps, &ext, &mut out, |o, bases| {
        let mut buf = bounded(nt, 0.0f64);
        for (j, oj) in o.iter_mut().enumerate() {
            for (t, &b) in bases.iter().enumerate() {
                buf[t] = if b < 0 {
                    cval
                } else {
                    let p = j as i64 + taps.offs[t * nd + nd - 1] - lo;
                    let l = last_tab[p as usize];
                    if l < 0 { cval } else { xs[(b + l) as usize] }
                };
            }
            *oj = f(&mut buf);
        }
    });
    Array::from_vec_on(out, shape, Device::Cpu)
}
