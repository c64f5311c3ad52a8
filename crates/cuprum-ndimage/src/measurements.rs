//! Labelling and measurements: `label`, `find_objects`, `sum_labels`, `mean`, `variance`,
//! `standard_deviation`, `minimum`, `maximum`, `center_of_mass`.

use crate::support::{bounded, check_real, check_same_shape, host_f64, size_of, strides_of};
use cuprum_core::{Array, DType, Device, Error, Result, ext};
use std::collections::HashMap;

fn find(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// The backward neighbour offsets (per axis, in `-1..=1`) of a `3^ndim` structure.
pub(crate) fn structure_offsets(
    op: &'static str,
    ndim: usize,
    structure: Option<&Array>,
) -> Result<Vec<Vec<i64>>> {
    let s = crate::support::structure_3x3(op, ndim, structure)?;
    let n = s.len();
    // entries before the centre in C order are the backward neighbours
    let mut offs = Vec::new();
    for (k, &v) in s.iter().enumerate().take(n / 2) {
        if v != 0.0 {
            let mut rem = k;
            let mut o = bounded(ndim, 0i64);
            for d in (0..ndim).rev() {
                o[d] = (rem % 3) as i64 - 1;
                rem /= 3;
            }
            offs.push(o);
        }
    }
    Ok(offs)
}

/// Labels the connected components of the non-zero elements of `input` (`scipy.ndimage.label`).
///
/// **Shapes**: `structure` is `3 x ... x 3` of the input's rank (default: connectivity 1);
/// the labels are int32 of the input's shape, on its device.
///
/// Components are numbered `1..=n` in C order of their first element; the background is 0.
/// Returns the labels and `n`.
///
/// # Errors
/// [`Error::BadShape`] for a structure of another rank or not `3` along every axis;
/// [`Error::DType`] for complex input; [`Error::Unsupported`] for more than `i32::MAX`
/// components (the labels are int32).
///
/// # Algorithm
/// CPU: union-find over the backward neighbours in one raster pass, then a renumbering pass.
/// CUDA: iterative minimum-index propagation with pointer jumping (64-bit indices) until
/// stable, then a prefix sum over the roots numbers them in C order.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::label;
/// let x = Array::from_vec_on(vec![1u8, 1, 0, 1, 0, 0, 0, 1, 1], &[3, 3], Device::Cpu).unwrap();
/// let (l, n) = label(&x, None).unwrap();
/// assert_eq!(n, 2);
/// assert_eq!(l.to_vec::<i32>().unwrap(), vec![1, 1, 0, 1, 0, 0, 0, 2, 2]);
/// ```
pub fn label(input: &Array, structure: Option<&Array>) -> Result<(Array, usize)> {
    let op = "ndimage.label";
    check_real(op, input)?;
    let nd = input.ndim();
    let offs = structure_offsets(op, nd, structure)?;
    if let Device::Cuda(_) = input.device() {
        return crate::cuda::label(input, &offs);
    }
    let shape = input.shape().to_vec();
    // non-zero flags (NaN counts as non-zero, as in SciPy)
    let x: Vec<bool> = if input.dtype() == DType::Bool {
        input.to_vec::<bool>()?
    } else {
        input.astype(DType::Bool)?.to_vec::<bool>()?
    };
    let n = x.len();
    if nd > 0 && n < i32::MAX as usize {
        return label_lines(&x, &shape, &offs);
    }
    let st = strides_of(&shape);
    // flat offset of each backward neighbour
    let flat: Vec<i64> = offs
        .iter()
        .map(|o| (0..nd).map(|d| o[d] * st[d] as i64).sum())
        .collect();
    let mut parent: Vec<usize> = ext::try_vec_with_capacity(n)?;
    parent.extend(0..n);
    let mut coord = bounded(nd, 0usize);
    for i in 0..n {
        if i > 0 {
            // advance the C-order coordinate
            for d in (0..nd).rev() {
                coord[d] += 1;
                if coord[d] < shape[d] {
                    break;
                }
                coord[d] = 0;
            }
        }
        if !x[i] {
            continue;
        }
        let mut ri = find(&mut parent, i);
        for (o, &fo) in offs.iter().zip(&flat) {
            let inside = (0..nd).all(|d| {
                let c = coord[d] as i64 + o[d];
                c >= 0 && c < shape[d] as i64
            });
            if !inside {
                continue;
            }
            let j = (i as i64 + fo) as usize;
            if x[j] {
                let b = find(&mut parent, j);
                if ri != b {
                    let (lo, hi) = if ri < b { (ri, b) } else { (b, ri) };
                    parent[hi] = lo;
                    ri = lo;
                }
            }
        }
    }
    let mut out: Vec<i32> = ext::try_vec_filled(n, 0i32)?;
    let mut next: i64 = 0;
    let mut num: Vec<i32> = ext::try_vec_filled(n, 0i32)?;
    for i in 0..n {
        if !x[i] {
            continue;
        }
        let r = find(&mut parent, i);
        if num[r] == 0 {
            next += 1;
            if next > i32::MAX as i64 {
                return Err(Error::unsupported(
                    op,
                    "more than 2^31 - 1 components for int32 labels",
                ));
            }
            num[r] = next as i32;
        }
        out[i] = num[r];
    }
    Ok((Array::from_vec_on(out, shape, Device::Cpu)?, next as usize))
}

/// Root of provisional label `l` in the equivalence table (path halving).
#[inline]
fn find_label(parent: &mut [i32], mut l: i32) -> i32 {
    loop {
        let p = parent[l as usize];
        if p == l {
            return l;
        }
        let g = parent[p as usize];
        parent[l as usize] = g;
        l = g;
    }
}

/// Merges the classes of the roots `a` and `b`, keeping the smaller label; returns it.
#[inline]
fn merge_roots(parent: &mut [i32], a: i32, b: i32) -> i32 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    parent[hi as usize] = lo;
    lo
}

/// Root of label `l` in a stripe's table `t`, whose entry 0 is label `base` (path halving).
#[inline]
fn find_in(t: &mut [i32], base: i32, mut l: i32) -> i32 {
    loop {
        let p = t[(l - base) as usize];
        if p == l {
            return l;
        }
        let g = t[(p - base) as usize];
        t[(l - base) as usize] = g;
        l = g;
    }
}

/// The provisional pass of [`label_lines`] for one stripe of rows of a 2-D image with the
/// element above and the one to the left as the neighbours. `t` is the stripe's part of the
/// table, its entry 0 label `base` (unused); labels are `base + 1, base + 2, ...` in raster
/// order. The left label stays in a register along a row.
///
/// `pairs` (at least `len + 1` long) collects the pairs of different labels met in a row
/// (above, left), merged after the row; an element takes one of the two labels meanwhile (the
/// classes end up the same), so the loop over the row has no data-dependent branch.
fn stripe_2d_cross(
    x: &[bool],
    len: usize,
    lab: &mut [i32],
    t: &mut [i32],
    base: i32,
    pairs: &mut [(i32, i32)],
) {
    let rows = x.len().checked_div(len).unwrap_or(0);
    let mut next = base + 1;
    for r in 0..rows {
        let off = r * len;
        let xr = &x[off..off + len];
        let (done, rest) = lab.split_at_mut(off);
        let row = &mut rest[..len];
        let mut left = 0i32;
        let mut np = 0usize;
        for k in 0..len {
            let v = xr[k];
            let up = if r > 0 { done[off - len + k] } else { 0 };
            let fresh = v & (up == 0) & (left == 0);
            t[(next - base) as usize] = next;
            let known = if up != 0 { up } else { left };
            let cur = if fresh { next } else { known };
            next += fresh as i32;
            pairs[np] = (up, left);
            np += (v as usize) & ((up.min(left) > 0) as usize) & ((up != left) as usize);
            let cur = if v { cur } else { 0 };
            row[k] = cur;
            left = cur;
        }
        for &(u, l) in &pairs[..np] {
            let a = find_in(t, base, u);
            let b = find_in(t, base, l);
            if a != b {
                merge_in(t, base, a, b);
            }
        }
    }
    // the slot written ahead for the next label stays unused
    t[(next - base) as usize] = -1;
}

/// Merges the classes of the roots `a` and `b` of a stripe's table, keeping the smaller label.
#[inline]
fn merge_in(t: &mut [i32], base: i32, a: i32, b: i32) -> i32 {
    let (lo, hi) = if a < b { (a, b) } else { (b, a) };
    t[(hi - base) as usize] = lo;
    lo
}

/// The provisional pass of [`label_lines`] for a 2-D image with the element above and the one
/// to the left as the neighbours: stripes of rows labelled in parallel (each with its own range
/// of labels, increasing with the stripe, its own part of the table), then the labels across
/// each stripe boundary merged. Unused table entries are -1. The smallest label of a component
/// is still that of its first element in C order.
fn lines_2d_cross(
    x: &[bool],
    len: usize,
    rows: usize,
    lab: &mut [i32],
    parent: &mut Vec<i32>,
) -> Result<()> {
    // a stripe of p elements has at most ceil(p / 2) labels (a checkerboard), plus slot 0 and
    // the slot written ahead
    let stripes = rayon::current_num_threads().min(rows / 64).max(1);
    let per = rows.div_ceil(stripes).max(1);
    let bounds: Vec<(usize, usize)> = (0..rows)
        .step_by(per)
        .map(|r0| (r0, (r0 + per).min(rows)))
        .collect();
    let sizes: Vec<usize> = bounds.iter().map(|&(a, b)| (b - a) * len / 2 + 3).collect();
    let total: usize = sizes.iter().sum();
    let mut table: Vec<i32> = ext::try_vec_filled(total + 1, -1i32)?;
    table[0] = 0;
    {
        // split the labels, the input and the table per stripe
        let mut jobs = Vec::with_capacity(bounds.len());
        let (mut lrest, mut trest) = (&mut lab[..rows * len], &mut table[1..]);
        let mut base = 1usize;
        for (&(r0, r1), &sz) in bounds.iter().zip(&sizes) {
            let (lh, lt) = std::mem::take(&mut lrest).split_at_mut((r1 - r0) * len);
            let (th, tt) = std::mem::take(&mut trest).split_at_mut(sz);
            lrest = lt;
            trest = tt;
            let pairs: Vec<(i32, i32)> = ext::try_vec_filled(len + 1, (0i32, 0i32))?;
            jobs.push((&x[r0 * len..r1 * len], lh, th, base as i32, pairs));
            base += sz;
        }
        use rayon::prelude::*;
        jobs.into_par_iter()
            .for_each(|(xs, ls, ts, b, mut ps)| stripe_2d_cross(xs, len, ls, ts, b, &mut ps));
    }
    // merge across the stripe boundaries (labels are global now: base 0)
    for &(r0, _) in bounds.iter().skip(1) {
        for k in 0..len {
            let (a, b) = (lab[(r0 - 1) * len + k], lab[r0 * len + k]);
            if a > 0 && b > 0 {
                let ra = find_in(&mut table, 0, a);
                let rb = find_in(&mut table, 0, b);
                if ra != rb {
                    merge_in(&mut table, 0, ra, rb);
                }
            }
        }
    }
    *parent = table;
    Ok(())
}

/// CPU labelling of fewer than `i32::MAX` elements, line by line along the last axis.
///
/// Two passes: provisional labels in raster order, merged in a small equivalence table that
/// keeps the smaller label as the root (so a component's root is the label of its first element
/// in C order), then the table is numbered `1..=n` in label order and applied. Which backward
/// neighbours lie inside is decided once per line for the outer axes and by a range of the last
/// axis, not per element.
fn label_lines(x: &[bool], shape: &[usize], offs: &[Vec<i64>]) -> Result<(Array, usize)> {
    let nd = shape.len();
    let n = x.len();
    let len = shape[nd - 1];
    let st = strides_of(shape);
    let mut lab: Vec<i32> = ext::try_vec_filled(n, 0i32)?;
    // the equivalence table; entry 0 is the background
    let mut parent: Vec<i32> = ext::try_vec_with_capacity(n / 2 + 2)?;
    parent.push(0);
    // per neighbour: flat offset, last-axis offset
    let flat: Vec<(i64, i64)> = offs
        .iter()
        .map(|o| ((0..nd).map(|d| o[d] * st[d] as i64).sum(), o[nd - 1]))
        .collect();
    // the neighbours inside along the outer axes for the current line: (flat, k range)
    let mut live: Vec<(usize, usize, usize)> = Vec::with_capacity(flat.len());
    let mut coord = bounded(nd, 0usize);
    let lines = n.checked_div(len).unwrap_or(0);
    // the default 2-D structure (the element above and the one to the left) has its own loop
    let cross_2d = nd == 2 && offs.len() == 2 && offs[0] == [-1, 0] && offs[1] == [0, -1];
    if cross_2d {
        lines_2d_cross(x, len, lines, &mut lab, &mut parent)?;
    }
    let generic_lines = if cross_2d { 0 } else { lines };
    for line in 0..generic_lines {
        if line > 0 {
            for d in (0..nd - 1).rev() {
                coord[d] += 1;
                if coord[d] < shape[d] {
                    break;
                }
                coord[d] = 0;
            }
        }
        let base = line * len;
        live.clear();
        for (o, &(fo, ol)) in offs.iter().zip(&flat) {
            let inside = (0..nd - 1).all(|d| {
                let c = coord[d] as i64 + o[d];
                c >= 0 && c < shape[d] as i64
            });
            if inside {
                // k + ol in 0..len  <=>  k in lo..hi
                let lo = (-ol).max(0) as usize;
                let hi = (len as i64 - ol.max(0)).max(0) as usize;
                // the neighbour of base + k is base + k + fo >= 0 here
                let back = (-fo) as usize;
                live.push((back, lo, hi));
            }
        }
        let xl = &x[base..base + len];
        for (k, &v) in xl.iter().enumerate() {
            if !v {
                continue;
            }
            let i = base + k;
            let mut cur = 0i32;
            for &(back, lo, hi) in &live {
                if k < lo || k >= hi {
                    continue;
                }
                let l = lab[i - back];
                if l == 0 {
                    continue;
                }
                let r = find_label(&mut parent, l);
                if cur == 0 {
                    cur = r;
                } else if r != cur {
                    cur = merge_roots(&mut parent, r, cur);
                }
            }
            if cur == 0 {
                cur = parent.len() as i32;
                parent.push(cur);
            }
            lab[i] = cur;
        }
    }
    // number the roots 1..=n in label order; a non-root's parent is a smaller label
    let mut next = 0i32;
    for l in 1..parent.len() {
        let p = parent[l];
        if p < 0 {
            // an unused entry of a stripe's table
            continue;
        }
        parent[l] = if p == l as i32 {
            next += 1;
            next
        } else {
            parent[p as usize]
        };
    }
    {
        use rayon::prelude::*;
        let parent = &parent;
        lab.par_chunks_mut(1 << 16).for_each(|c| {
            for v in c.iter_mut() {
                *v = parent[*v as usize];
            }
        });
    }
    Ok((
        Array::from_vec_on(lab, shape.to_vec(), Device::Cpu)?,
        next as usize,
    ))
}

/// Which of the labels `0..=n` occur in `labels` (int64, any device).
pub(crate) fn labels_present(labels: &Array, n: usize) -> Result<Vec<bool>> {
    if labels.size() == 0 {
        return Ok(bounded(n + 1, false));
    }
    let flat = labels.reshape(vec![labels.size()])?;
    let counts = cuprum_core::bincount(&flat, None, n + 1)?
        .astype(DType::Int64)?
        .to_vec::<i64>()?;
    Ok(counts.iter().take(n + 1).map(|&c| c > 0).collect())
}

/// The bounding box of each label (`scipy.ndimage.find_objects`): entry `l - 1` is the
/// `[start, stop)` range per axis of label `l`, `None` for a label that does not occur.
///
/// **Shapes**: `input` holds non-negative integer labels; `max_label` 0 means the largest
/// label present.
///
/// # Errors
/// [`Error::DType`] for a non-integer input; [`Error::OutOfDomain`] for a negative label.
///
/// # Algorithm
/// One pass keeping the minimum and maximum coordinate per label (CUDA: atomics).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::find_objects;
/// let l = Array::from_vec_on(vec![0i32, 1, 1, 0, 0, 3], &[2, 3], Device::Cpu).unwrap();
/// let o = find_objects(&l, 0).unwrap();
/// assert_eq!(o, vec![Some(vec![(0, 1), (1, 3)]), None, Some(vec![(1, 2), (2, 3)])]);
/// ```
#[allow(clippy::type_complexity)]
pub fn find_objects(input: &Array, max_label: usize) -> Result<Vec<Option<Vec<(usize, usize)>>>> {
    let op = "ndimage.find_objects";
    if !input.dtype().is_integer() {
        return Err(Error::dtype(op, input.dtype()));
    }
    let nd = input.ndim();
    let shape = input.shape().to_vec();
    let lab = input.astype(DType::Int64)?;
    let mx = if input.size() == 0 {
        0
    } else {
        lab.max(None::<isize>, false)?.item()?.as_i64()
    };
    let mn = if input.size() == 0 {
        0
    } else {
        lab.min(None::<isize>, false)?.item()?.as_i64()
    };
    if mn < 0 {
        return Err(Error::out_of_domain(
            op,
            "input",
            format!("a label {mn}"),
            "non-negative labels",
        ));
    }
    let m = if max_label == 0 {
        mx.max(0) as usize
    } else {
        max_label
    };
    let bounds: Vec<i64> = if let Device::Cuda(_) = input.device() {
        crate::cuda::find_objects(&lab, m)?
    } else {
        let v = lab.to_vec::<i64>()?;
        let mut b = ext::try_vec_with_capacity(m * nd * 2)?;
        for _ in 0..m * nd {
            b.push(i64::MAX);
            b.push(-1);
        }
        let st = strides_of(&shape);
        for (i, &l) in v.iter().enumerate() {
            if l <= 0 || l as usize > m {
                continue;
            }
            let base = (l as usize - 1) * nd * 2;
            for d in 0..nd {
                let c = ((i / st[d]) % shape[d]) as i64;
                b[base + 2 * d] = b[base + 2 * d].min(c);
                b[base + 2 * d + 1] = b[base + 2 * d + 1].max(c + 1);
            }
        }
        b
    };
    Ok((0..m)
        .map(|l| {
            let b = &bounds[l * nd * 2..(l + 1) * nd * 2];
            if nd > 0 && b[1] < 0 {
                None
            } else {
                Some(
                    (0..nd)
                        .map(|d| (b[2 * d] as usize, b[2 * d + 1] as usize))
                        .collect(),
                )
            }
        })
        .collect())
}

/// Per-group statistics: `count`, `sum`, centered `sum of squares`, `min`, `max` of the
/// elements of each group (one group per `index` entry, or one group of all labelled
/// elements).
pub(crate) struct Stats {
    pub count: Vec<f64>,
    pub sum: Vec<f64>,
    pub css: Vec<f64>,
    pub min: Vec<f64>,
    pub max: Vec<f64>,
    pub com: Vec<f64>,
}

/// The group of each element: index positions whose value equals the element's label.
fn stats(
    op: &'static str,
    input: &Array,
    labels: Option<&Array>,
    index: Option<&[i64]>,
    want_com: bool,
) -> Result<Stats> {
    check_real(op, input)?;
    if let Some(l) = labels {
        check_same_shape(op, input, l, "labels must have the input's shape")?;
        if !l.dtype().is_integer() && !l.dtype().is_bool() {
            return Err(Error::dtype(op, l.dtype()));
        }
    }
    let k = index.map(|i| i.len()).unwrap_or(1);
    if let Device::Cuda(_) = input.device() {
        let ones;
        let l = match labels {
            Some(l) => l,
            None => {
                ones = cuprum_core::full_on(input.shape(), 1i64, DType::Int64, input.device())?;
                &ones
            }
        };
        let idx = if labels.is_none() { None } else { index };
        return crate::cuda::label_stats(input, l, idx, want_com);
    }
    let x = host_f64(input)?;
    let lab: Option<Vec<i64>> = match labels {
        Some(l) => Some(l.astype(DType::Int64)?.to_vec::<i64>()?),
        None => None,
    };
    let mut map: HashMap<i64, Vec<usize>> = HashMap::new();
    if let Some(idx) = index {
        for (p, &v) in idx.iter().enumerate() {
            map.entry(v).or_default().push(p);
        }
    }
    let nd = input.ndim();
    let shape = input.shape().to_vec();
    let st = strides_of(&shape);
    let groups = |i: usize| -> Vec<usize> {
        match (&lab, index) {
            (None, _) => vec![0],
            (Some(l), None) => {
                if l[i] > 0 {
                    vec![0]
                } else {
                    vec![]
                }
            }
            (Some(l), Some(_)) => map.get(&l[i]).cloned().unwrap_or_default(),
        }
    };
    let mut s = Stats {
        count: bounded(k, 0.0),
        sum: bounded(k, 0.0),
        css: bounded(k, 0.0),
        min: bounded(k, f64::INFINITY),
        max: bounded(k, f64::NEG_INFINITY),
        com: bounded(if want_com { k * nd } else { 0 }, 0.0),
    };
    for (i, &v) in x.iter().enumerate() {
        for g in groups(i) {
            s.count[g] += 1.0;
            s.sum[g] += v;
            s.min[g] = s.min[g].min(v);
            s.max[g] = s.max[g].max(v);
            if want_com {
                for d in 0..nd {
                    s.com[g * nd + d] += v * ((i / st[d]) % shape[d]) as f64;
                }
            }
        }
    }
    for (i, &v) in x.iter().enumerate() {
        for g in groups(i) {
            let m = s.sum[g] / s.count[g];
            s.css[g] += (v - m) * (v - m);
        }
    }
    Ok(s)
}

fn result(v: Vec<f64>, index: Option<&[i64]>, device: Device, dtype: DType) -> Result<Array> {
    let shape: Vec<usize> = match index {
        Some(i) => vec![i.len()],
        None => vec![],
    };
    Array::from_vec_on(v, shape, Device::Cpu)?
        .astype(dtype)?
        .to_device(device)
}

macro_rules! measure_doc {
    ($name:literal, $what:literal, $absent:literal, $dtype:literal) => {
        concat!(
            $what,
            " of the elements of each label (`scipy.ndimage.",
            $name,
            "`).\n\n",
            "**Shapes**: `labels` has the input's shape; with `index`, one value per entry ",
            "(shape `[index.len()]`), else a 0-d array over all elements with a positive label ",
            "(all elements without `labels`). The result is ",
            $dtype,
            ", on the input's device.\n\n",
            "An index value that no element carries gives ",
            $absent,
            "; label 0 counts as a ",
            "label when it is in `index`.\n\n",
            "# Errors\n[`Error::ShapeMismatch`] for labels of another shape; [`Error::DType`] ",
            "for complex input or non-integer labels.\n\n",
            "# Algorithm\nOne pass accumulating count, sum, minimum and maximum per index entry ",
            "(a hash of the index values; CUDA: a binary search in the sorted index and atomics), ",
            "a second pass for the centred sum of squares."
        )
    };
}

#[doc = measure_doc!("sum_labels", "The sum", "0", "float64")]
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::sum_labels;
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let l = Array::from_vec_on(vec![1i32, 1, 2, 0], &[4], Device::Cpu).unwrap();
/// let s = sum_labels(&x, Some(&l), Some(&[1, 2, 5])).unwrap();
/// assert_eq!(s.to_vec::<f64>().unwrap(), vec![3.0, 3.0, 0.0]);
/// ```
pub fn sum_labels(input: &Array, labels: Option<&Array>, index: Option<&[i64]>) -> Result<Array> {
    let s = stats("ndimage.sum_labels", input, labels, index, false)?;
    result(s.sum, index, input.device(), DType::Float64)
}

#[doc = measure_doc!("mean", "The mean", "NaN", "float64")]
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::mean;
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let l = Array::from_vec_on(vec![1i32, 1, 2, 0], &[4], Device::Cpu).unwrap();
/// let s = mean(&x, Some(&l), Some(&[1, 2])).unwrap();
/// assert_eq!(s.to_vec::<f64>().unwrap(), vec![1.5, 3.0]);
/// ```
pub fn mean(input: &Array, labels: Option<&Array>, index: Option<&[i64]>) -> Result<Array> {
    let s = stats("ndimage.mean", input, labels, index, false)?;
    let v = s.sum.iter().zip(&s.count).map(|(a, c)| a / c).collect();
    result(v, index, input.device(), DType::Float64)
}

#[doc = measure_doc!("variance", "The population variance", "NaN", "float64")]
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::variance;
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let l = Array::from_vec_on(vec![1i32, 1, 2, 0], &[4], Device::Cpu).unwrap();
/// let s = variance(&x, Some(&l), Some(&[1, 2])).unwrap();
/// assert_eq!(s.to_vec::<f64>().unwrap(), vec![0.25, 0.0]);
/// ```
pub fn variance(input: &Array, labels: Option<&Array>, index: Option<&[i64]>) -> Result<Array> {
    let s = stats("ndimage.variance", input, labels, index, false)?;
    let v = s.css.iter().zip(&s.count).map(|(a, c)| a / c).collect();
    result(v, index, input.device(), DType::Float64)
}

#[doc = measure_doc!("standard_deviation", "The population standard deviation", "NaN", "float64")]
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::standard_deviation;
/// let x = Array::from_vec_on(vec![1.0f64, 3.0], &[2], Device::Cpu).unwrap();
/// let s = standard_deviation(&x, None, None).unwrap();
/// assert_eq!(s.to_vec::<f64>().unwrap(), vec![1.0]);
/// ```
pub fn standard_deviation(
    input: &Array,
    labels: Option<&Array>,
    index: Option<&[i64]>,
) -> Result<Array> {
    let s = stats("ndimage.standard_deviation", input, labels, index, false)?;
    let v = s
        .css
        .iter()
        .zip(&s.count)
        .map(|(a, c)| (a / c).sqrt())
        .collect();
    result(v, index, input.device(), DType::Float64)
}

#[doc = measure_doc!("minimum", "The minimum", "0", "the input's dtype")]
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::minimum;
/// let x = Array::from_vec_on(vec![1i32, 2, 3, 4], &[4], Device::Cpu).unwrap();
/// let l = Array::from_vec_on(vec![1i32, 1, 2, 0], &[4], Device::Cpu).unwrap();
/// let s = minimum(&x, Some(&l), Some(&[1, 2, 7])).unwrap();
/// assert_eq!(s.to_vec::<i32>().unwrap(), vec![1, 3, 0]);
/// ```
pub fn minimum(input: &Array, labels: Option<&Array>, index: Option<&[i64]>) -> Result<Array> {
    let s = stats("ndimage.minimum", input, labels, index, false)?;
    let v = s
        .min
        .iter()
        .zip(&s.count)
        .map(|(m, &c)| if c > 0.0 { *m } else { 0.0 })
        .collect();
    result(v, index, input.device(), input.dtype())
}

#[doc = measure_doc!("maximum", "The maximum", "0", "the input's dtype")]
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::maximum;
/// let x = Array::from_vec_on(vec![1i32, 2, 3, 4], &[4], Device::Cpu).unwrap();
/// let l = Array::from_vec_on(vec![1i32, 1, 2, 0], &[4], Device::Cpu).unwrap();
/// let s = maximum(&x, Some(&l), Some(&[1, 2])).unwrap();
/// assert_eq!(s.to_vec::<i32>().unwrap(), vec![2, 3]);
/// ```
pub fn maximum(input: &Array, labels: Option<&Array>, index: Option<&[i64]>) -> Result<Array> {
    let s = stats("ndimage.maximum", input, labels, index, false)?;
    let v = s
        .max
        .iter()
        .zip(&s.count)
        .map(|(m, &c)| if c > 0.0 { *m } else { 0.0 })
        .collect();
    result(v, index, input.device(), input.dtype())
}

/// The centre of mass of each label (`scipy.ndimage.center_of_mass`): the input-weighted mean
/// coordinate.
///
/// **Shapes**: with `index`, `[index.len(), ndim]`; else `[ndim]`. float64, NaN for an absent
/// label.
///
/// # Errors
/// As [`sum_labels`].
///
/// # Algorithm
/// One pass accumulating the weighted coordinate sums per index entry.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::center_of_mass;
/// let x = Array::from_vec_on(vec![0.0f64, 1.0, 0.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let c = center_of_mass(&x, None, None).unwrap();
/// assert_eq!(c.to_vec::<f64>().unwrap(), vec![0.75, 1.0]);
/// ```
pub fn center_of_mass(
    input: &Array,
    labels: Option<&Array>,
    index: Option<&[i64]>,
) -> Result<Array> {
    let s = stats("ndimage.center_of_mass", input, labels, index, true)?;
    let nd = input.ndim();
    let k = s.sum.len();
    let v: Vec<f64> = (0..k * nd)
        .map(|j| s.com[j] / s.sum[j / nd.max(1)])
        .collect();
    let shape: Vec<usize> = match index {
        Some(i) => vec![i.len(), nd],
        None => vec![nd],
    };
    let _ = size_of("ndimage.center_of_mass", &shape)?;
    Array::from_vec_on(v, shape, Device::Cpu)?.to_device(input.device())
}

/// The checks of the grouped measurements: real input, labels of the input's shape.
fn check_groups(op: &'static str, input: &Array, labels: Option<&Array>) -> Result<()> {
    check_real(op, input)?;
    if let Some(l) = labels {
        check_same_shape(op, input, l, "labels must have the input's shape")?;
    }
    Ok(())
}

/// The device grouping of a CUDA input (`measure_cuda.rs`), `None` for a CPU input.
fn cuda_groups(
    op: &'static str,
    input: &Array,
    labels: Option<&Array>,
    index: Option<&[i64]>,
) -> Result<Option<crate::measure_cuda::Groups>> {
    if let Device::Cuda(_) = input.device() {
        check_groups(op, input, labels)?;
        return crate::measure_cuda::groups(op, input, labels, index).map(Some);
    }
    Ok(None)
}

/// The elements of each group, in C order, with their flat positions (the CPU path; CUDA
/// inputs go through [`cuda_groups`]).
fn groups(
    op: &'static str,
    input: &Array,
    labels: Option<&Array>,
    index: Option<&[i64]>,
) -> Result<Vec<Vec<(usize, f64)>>> {
    check_groups(op, input, labels)?;
    let x = host_f64(input)?;
    let lab: Option<Vec<i64>> = match labels {
        Some(l) => Some(l.astype(DType::Int64)?.to_vec::<i64>()?),
        None => None,
    };
    let k = index.map(|i| i.len()).unwrap_or(1);
    let mut map: HashMap<i64, Vec<usize>> = HashMap::new();
    if let Some(idx) = index {
        for (p, &v) in idx.iter().enumerate() {
            map.entry(v).or_default().push(p);
        }
    }
    let mut out: Vec<Vec<(usize, f64)>> = bounded(k, Vec::new());
    for (i, &v) in x.iter().enumerate() {
        match (&lab, index) {
            (None, _) => out[0].push((i, v)),
            (Some(l), None) => {
                if l[i] > 0 {
                    out[0].push((i, v));
                }
            }
            (Some(l), Some(_)) => {
                if let Some(ps) = map.get(&l[i]) {
                    for &p in ps {
                        out[p].push((i, v));
                    }
                }
            }
        }
    }
    Ok(out)
}

fn unravel(mut i: usize, shape: &[usize]) -> Vec<i64> {
    let mut c = bounded(shape.len(), 0i64);
    for d in (0..shape.len()).rev() {
        c[d] = (i % shape[d]) as i64;
        i /= shape[d];
    }
    c
}

fn position(
    op: &'static str,
    input: &Array,
    labels: Option<&Array>,
    index: Option<&[i64]>,
    max: bool,
) -> Result<Array> {
    if let Some(g) = cuda_groups(op, input, labels, index)? {
        return crate::measure_cuda::position(&g, input.shape(), max);
    }
    let g = groups(op, input, labels, index)?;
    let nd = input.ndim();
    let mut v = Vec::new();
    for grp in &g {
        let best = grp
            .iter()
            .fold(None, |b: Option<(usize, f64)>, &(i, x)| match b {
                None => Some((i, x)),
                Some((_, y)) if (max && x > y) || (!max && x < y) => Some((i, x)),
                b => b,
            });
        match best {
            Some((i, _)) => v.extend(unravel(i, input.shape())),
            None => v.extend(std::iter::repeat_n(0i64, nd)),
        }
    }
    let shape = match index {
        Some(i) => vec![i.len(), nd],
        None => vec![nd],
    };
    Array::from_vec_on(v, shape, Device::Cpu)
}

/// The coordinates of the first minimum of each label (`scipy.ndimage.minimum_position`).
///
/// **Shapes**: `[index.len(), ndim]` with `index`, else `[ndim]`; int64, on the input's device.
/// An absent label gives zeros.
///
/// # Errors
/// As [`sum_labels`].
///
/// # Algorithm
/// CPU: one pass in C order keeping the first strict minimum per group. CUDA: each element's
/// group slot (a binary search in the sorted index), the minimum per slot by atomics, then the
/// smallest flat index holding it by an atomic minimum.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::minimum_position;
/// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0, 1.0], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(minimum_position(&x, None, None).unwrap().to_vec::<i64>().unwrap(), vec![0, 1]);
/// ```
pub fn minimum_position(
    input: &Array,
    labels: Option<&Array>,
    index: Option<&[i64]>,
) -> Result<Array> {
    position("ndimage.minimum_position", input, labels, index, false)
}

/// The coordinates of the first maximum of each label (`scipy.ndimage.maximum_position`).
///
/// **Shapes**, **Errors**, **Algorithm**: as [`minimum_position`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::maximum_position;
/// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0, 1.0], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(maximum_position(&x, None, None).unwrap().to_vec::<i64>().unwrap(), vec![1, 0]);
/// ```
pub fn maximum_position(
    input: &Array,
    labels: Option<&Array>,
    index: Option<&[i64]>,
) -> Result<Array> {
    position("ndimage.maximum_position", input, labels, index, true)
}

/// Minimum, maximum and their positions per label (`scipy.ndimage.extrema`): the four results of
/// [`minimum`], [`maximum`], [`minimum_position`] and [`maximum_position`].
///
/// **Shapes**, **Errors**: as those functions.
///
/// # Algorithm
/// The four measurements.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::extrema;
/// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0], &[3], Device::Cpu).unwrap();
/// let (mn, mx, pmn, pmx) = extrema(&x, None, None).unwrap();
/// assert_eq!((mn.item().unwrap().as_f64(), mx.item().unwrap().as_f64()), (1.0, 4.0));
/// assert_eq!((pmn.to_vec::<i64>().unwrap(), pmx.to_vec::<i64>().unwrap()), (vec![1], vec![2]));
/// ```
pub fn extrema(
    input: &Array,
    labels: Option<&Array>,
    index: Option<&[i64]>,
) -> Result<(Array, Array, Array, Array)> {
    Ok((
        minimum(input, labels, index)?,
        maximum(input, labels, index)?,
        minimum_position(input, labels, index)?,
        maximum_position(input, labels, index)?,
    ))
}

/// The median of each label (`scipy.ndimage.median`): the middle value, the mean of the two
/// middle values for an even count.
///
/// **Shapes**: as [`mean`]; float64, 0 for an absent label (as SciPy), on the input's device.
///
/// # Errors
/// As [`minimum_position`].
///
/// # Algorithm
/// CPU: groups the values, then sorts each group. CUDA: the values sorted by (group, value)
/// with the device's stable radix sort, each group's run found by `bincount` and `cumsum`, the
/// middle of each run read by one thread per group.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::median;
/// let x = Array::from_vec_on(vec![3.0f64, 1.0, 4.0, 2.0], &[4], Device::Cpu).unwrap();
/// assert_eq!(median(&x, None, None).unwrap().item().unwrap().as_f64(), 2.5);
/// ```
pub fn median(input: &Array, labels: Option<&Array>, index: Option<&[i64]>) -> Result<Array> {
    let op = "ndimage.median";
    if let Some(g) = cuda_groups(op, input, labels, index)? {
        return crate::measure_cuda::median(&g);
    }
    let g = groups(op, input, labels, index)?;
    let v: Vec<f64> = g
        .into_iter()
        .map(|grp| {
            let mut vals: Vec<f64> = grp.into_iter().map(|(_, x)| x).collect();
            let n = vals.len();
            if n == 0 {
                return 0.0;
            }
            vals.sort_by(|a, b| a.total_cmp(b));
            if !n.is_multiple_of(2) {
                vals[n / 2]
            } else {
                0.5 * (vals[n / 2 - 1] + vals[n / 2])
            }
        })
        .collect();
    result(v, index, Device::Cpu, DType::Float64)
}

/// The histogram of each label (`scipy.ndimage.histogram`): `bins` equal bins over
/// `[min, max]` (NumPy's `histogram` rule: the last bin includes `max`).
///
/// **Shapes**: `[index.len(), bins]` with `index`, else `[bins]`; int64, on the input's device.
///
/// # Errors
/// As [`minimum_position`]; [`Error::BadArgument`] for `bins == 0`; [`Error::OutOfDomain`]
/// for a NaN `min` or `max`, or `max < min`.
///
/// # Algorithm
/// One pass binning each group's values (CUDA: one thread per element, atomic counts).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::histogram;
/// let x = Array::from_vec_on(vec![0.0f64, 0.5, 1.0, 2.0], &[4], Device::Cpu).unwrap();
/// let h = histogram(&x, 0.0, 2.0, 2, None, None).unwrap();
/// assert_eq!(h.to_vec::<i64>().unwrap(), vec![2, 2]);
/// ```
pub fn histogram(
    input: &Array,
    min: f64,
    max: f64,
    bins: usize,
    labels: Option<&Array>,
    index: Option<&[i64]>,
) -> Result<Array> {
    let op = "ndimage.histogram";
    if bins == 0 {
        return Err(Error::bad_argument(op, "bins", bins, "at least 1"));
    }
    if min.is_nan() {
        return Err(Error::out_of_domain(op, "min", min, "numbers (not NaN)"));
    }
    if max.is_nan() || max < min {
        return Err(Error::out_of_domain(
            op,
            "max",
            max,
            format!("[min, inf) with min = {min}"),
        ));
    }
    if let Some(g) = cuda_groups(op, input, labels, index)? {
        return crate::measure_cuda::histogram(&g, min, max, bins);
    }
    let g = groups(op, input, labels, index)?;
    let k = g.len();
    let mut out = ext::try_vec_filled(k * bins, 0i64)?;
    let width = (max - min) / bins as f64;
    for (gi, grp) in g.iter().enumerate() {
        for &(_, x) in grp {
            if x < min || x > max {
                continue;
            }
            let b = if x == max || width == 0.0 {
                bins - 1
            } else {
                (((x - min) / width) as usize).min(bins - 1)
            };
            out[gi * bins + b] += 1;
        }
    }
    let shape = match index {
        Some(i) => vec![i.len(), bins],
        None => vec![bins],
    };
    Array::from_vec_on(out, shape, Device::Cpu)
}

/// `func` of the values of each label (`scipy.ndimage.labeled_comprehension` with a Rust
/// closure): one value per `index` entry, `default` for a label without elements.
///
/// **Shapes**: labels of the input's shape; the result is float64 `[index.len()]`, on the CPU.
///
/// # Errors
/// As [`minimum_position`]; [`Error::Unsupported`] for CUDA input (the closure runs on the
/// host; compose the device measurements instead).
///
/// # Algorithm
/// Groups the values (C order), then one call per group.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::labeled_comprehension;
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let l = Array::from_vec_on(vec![1i32, 1, 2, 0], &[4], Device::Cpu).unwrap();
/// let f = |v: &[f64]| v.iter().product::<f64>();
/// let y = labeled_comprehension(&x, &l, &[1, 2, 3], &f, -1.0).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![2.0, 3.0, -1.0]);
/// ```
pub fn labeled_comprehension(
    input: &Array,
    labels: &Array,
    index: &[i64],
    func: &dyn Fn(&[f64]) -> f64,
    default: f64,
) -> Result<Array> {
    if let Device::Cuda(_) = input.device() {
        return Err(Error::unsupported(
            "ndimage.labeled_comprehension",
            "with a Rust closure on CUDA arrays (the closure runs on the host)",
        ));
    }
    let g = groups(
        "ndimage.labeled_comprehension",
        input,
        Some(labels),
        Some(index),
    )?;
    let v: Vec<f64> = g
        .into_iter()
        .map(|grp| {
            if grp.is_empty() {
                default
            } else {
                let vals: Vec<f64> = grp.into_iter().map(|(_, x)| x).collect();
                func(&vals)
            }
        })
        .collect();
    Array::from_vec_on(v, vec![index.len()], Device::Cpu)
}

/// The indices of each distinct value (`scipy.ndimage.value_indices`): for every value of the
/// integer array `arr` (but `ignore_value`), ascending, the coordinate arrays (int64, one per
/// axis, C order) of its elements.
///
/// **Shapes**: each coordinate array is 1-d, as long as the value's count; on the array's
/// device.
///
/// # Errors
/// [`Error::DType`] for a non-integer array.
///
/// # Algorithm
/// CPU: one pass in C order appending coordinates to a map keyed by value. CUDA: a stable
/// device argsort of the values; the run boundaries (one per distinct value) come to the host
/// and each coordinate array is a slice of one device array per axis.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::value_indices;
/// let a = Array::from_vec_on(vec![0i32, 2, 2, 0], &[2, 2], Device::Cpu).unwrap();
/// let v = value_indices(&a, Some(0)).unwrap();
/// assert_eq!(v.len(), 1);
/// assert_eq!(v[0].0, 2);
/// assert_eq!(v[0].1[0].to_vec::<i64>().unwrap(), vec![0, 1]);
/// assert_eq!(v[0].1[1].to_vec::<i64>().unwrap(), vec![1, 0]);
/// ```
#[allow(clippy::type_complexity)]
pub fn value_indices(arr: &Array, ignore_value: Option<i64>) -> Result<Vec<(i64, Vec<Array>)>> {
    let op = "ndimage.value_indices";
    if !arr.dtype().is_integer() {
        return Err(Error::dtype(op, arr.dtype()));
    }
    if let Device::Cuda(_) = arr.device() {
        return crate::measure_cuda::value_indices(arr, ignore_value);
    }
    let v = arr.astype(DType::Int64)?.to_vec::<i64>()?;
    let shape = arr.shape().to_vec();
    let nd = shape.len();
    let mut map: std::collections::BTreeMap<i64, Vec<Vec<i64>>> = std::collections::BTreeMap::new();
    for (i, &x) in v.iter().enumerate() {
        if Some(x) == ignore_value {
            continue;
        }
        let e = map.entry(x).or_insert_with(|| bounded(nd, Vec::new()));
        let mut rem = i;
        for d in (0..nd).rev() {
            e[d].push((rem % shape[d]) as i64);
            rem /= shape[d];
        }
    }
    map.into_iter()
        .map(|(k, cs)| {
            let arrs = cs
                .into_iter()
                .map(|c| {
                    let n = c.len();
                    Array::from_vec_on(c, vec![n], Device::Cpu)
                })
                .collect::<Result<Vec<Array>>>()?;
            Ok((k, arrs))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::label_lines;

    /// The striped 2-D loop (parallel stripes merged at their boundaries) against the line loop
    /// of any structure (the same neighbours listed in the other order take that path).
    #[test]
    fn striped_2d_labels_match_the_line_loop() {
        for (rows, cols, fill) in [
            (300, 37, 0.5),
            (513, 8, 0.6),
            (1000, 3, 0.45),
            (129, 64, 0.7),
        ] {
            // a fixed pseudo-random mask (xorshift)
            let mut s = 0x9e37_79b9_7f4a_7c15u64 ^ (rows * cols) as u64;
            let x: Vec<bool> = (0..rows * cols)
                .map(|_| {
                    s ^= s << 13;
                    s ^= s >> 7;
                    s ^= s << 17;
                    (s >> 11) as f64 / (1u64 << 53) as f64 > 1.0 - fill
                })
                .collect();
            let shape = [rows, cols];
            let (a, na) = label_lines(&x, &shape, &[vec![-1, 0], vec![0, -1]]).unwrap();
            let (b, nb) = label_lines(&x, &shape, &[vec![0, -1], vec![-1, 0]]).unwrap();
            assert_eq!(na, nb);
            assert!(na > 0);
            assert_eq!(a.to_vec::<i32>().unwrap(), b.to_vec::<i32>().unwrap());
        }
    }
}
