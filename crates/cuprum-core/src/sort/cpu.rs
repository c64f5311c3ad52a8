//! The host implementation of sorting and searching: rayon-parallel stable merge sorts of each
//! lane (one thread per lane when there are many lanes, a parallel sort of each lane when there
//! are few) with NumPy's total order (NaN last, complex lexicographic). It is the oracle the
//! CUDA radix sort is tested against, and the path complex arrays take on every device.

use crate::{Array, DType, Device, Result};
use rayon::prelude::*;
use std::cmp::Ordering;

#[inline]
fn fcmp<T: PartialOrd + Copy>(a: T, b: T, a_nan: bool, b_nan: bool) -> Ordering {
    match (a_nan, b_nan) {
        (false, false) => a.partial_cmp(&b).unwrap_or(Ordering::Equal),
        (false, true) => Ordering::Less,
        (true, false) => Ordering::Greater,
        (true, true) => Ordering::Equal,
    }
}

#[inline]
fn ccmp(ar: f64, ai: f64, br: f64, bi: f64) -> Ordering {
    let class = |r: f64, i: f64| match (r.is_nan(), i.is_nan()) {
        (false, false) => 0,
        (false, true) => 1,
        (true, false) => 2,
        (true, true) => 3,
    };
    let (ca, cb) = (class(ar, ai), class(br, bi));
    ca.cmp(&cb).then_with(|| match ca {
        0 => ar
            .partial_cmp(&br)
            .unwrap_or(Ordering::Equal)
            .then(ai.partial_cmp(&bi).unwrap_or(Ordering::Equal)),
        1 => ar.partial_cmp(&br).unwrap_or(Ordering::Equal),
        2 => ai.partial_cmp(&bi).unwrap_or(Ordering::Equal),
        _ => Ordering::Equal,
    })
}

/// Dispatches `$body` with `$t` bound to the host type of `$dtype` and `$cmp` a total-order
/// comparator on it.
macro_rules! with_sortable {
    ($dtype:expr, $t:ident, $cmp:ident => $body:expr) => {{
        macro_rules! int_case {
            ($ty:ty) => {{
                type $t = $ty;
                let $cmp = |a: &$t, b: &$t| a.cmp(b);
                $body
            }};
        }
        match $dtype {
            DType::Bool | DType::UInt8 => int_case!(u8),
            DType::Int8 => int_case!(i8),
            DType::Int16 => int_case!(i16),
            DType::Int32 => int_case!(i32),
            DType::Int64 => int_case!(i64),
            DType::UInt16 => int_case!(u16),
            DType::UInt32 => int_case!(u32),
            DType::UInt64 => int_case!(u64),
            DType::Float16 => {
                type $t = half::f16;
                let $cmp = |a: &$t, b: &$t| fcmp(a.to_f32(), b.to_f32(), a.is_nan(), b.is_nan());
                $body
            }
            DType::BFloat16 => {
                type $t = half::bf16;
                let $cmp = |a: &$t, b: &$t| fcmp(a.to_f32(), b.to_f32(), a.is_nan(), b.is_nan());
                $body
            }
            DType::Float32 => {
                type $t = f32;
                let $cmp = |a: &$t, b: &$t| fcmp(*a, *b, a.is_nan(), b.is_nan());
                $body
            }
            DType::Float64 => {
                type $t = f64;
                let $cmp = |a: &$t, b: &$t| fcmp(*a, *b, a.is_nan(), b.is_nan());
                $body
            }
            DType::Complex64 => {
                type $t = num_complex::Complex32;
                let $cmp =
                    |a: &$t, b: &$t| ccmp(a.re as f64, a.im as f64, b.re as f64, b.im as f64);
                $body
            }
            DType::Complex128 => {
                type $t = num_complex::Complex64;
                let $cmp = |a: &$t, b: &$t| ccmp(a.re, a.im, b.re, b.im);
                $body
            }
        }
    }};
}

fn lane_len(l: &Array) -> usize {
    l.shape().last().copied().unwrap_or(1)
}

/// Sorts each lane (last axis) of the C-contiguous host array `l`; a new host array.
pub(crate) fn sort_lanes(l: &Array) -> Result<Array> {
    let n = lane_len(l);
    let bytes = l.to_bytes()?;
    let dtype = l.dtype();
    Ok(with_sortable!(dtype, T, cmp => {
        let mut v: Vec<T> = bytemuck::pod_collect_to_vec(&bytes);
        if let Some(lanes) = v.len().checked_div(n) {
            if lanes >= rayon::current_num_threads() {
                // many lanes: one thread per lane
                v.par_chunks_mut(n).for_each(|c| c.sort_by(cmp));
            } else {
                // few long lanes: a parallel stable merge sort of each
                v.chunks_mut(n).for_each(|c| c.par_sort_by(cmp));
            }
        }
        Array::from_bytes_on(bytemuck::cast_slice(&v), l.shape(), dtype, Device::Cpu)?
    }))
}

/// Stable argsort of each lane of the C-contiguous host array `l`, flat in C order.
pub(crate) fn argsort_lanes(l: &Array) -> Result<Vec<i64>> {
    let n = lane_len(l);
    let bytes = l.to_bytes()?;
    let mut idx: Vec<i64> = vec![0; l.size()];
    with_sortable!(l.dtype(), T, cmp => {
        let v: Vec<T> = bytemuck::pod_collect_to_vec(&bytes);
        if let Some(lanes) = v.len().checked_div(n) {
            let many = lanes >= rayon::current_num_threads();
            idx.par_chunks_mut(n).zip(v.par_chunks(n)).for_each(|(ix, lane)| {
                for (i, x) in ix.iter_mut().enumerate() {
                    *x = i as i64;
                }
                let by = |a: &i64, b: &i64| cmp(&lane[*a as usize], &lane[*b as usize]);
                if many {
                    ix.sort_by(by);
                } else {
                    // few long lanes: a parallel stable merge sort of each
                    ix.par_sort_by(by);
                }
            });
        }
    });
    Ok(idx)
}

/// Host `unique` parts: values (a host array), first indices, inverse, counts.
pub(crate) type UniqueHost = (Array, Vec<i64>, Vec<i64>, Vec<i64>);

/// `unique` of the flat C-contiguous host array.
pub(crate) fn unique(flat: &Array) -> Result<UniqueHost> {
    let order = argsort_lanes(flat)?;
    let bytes = flat.to_bytes()?;
    let dtype = flat.dtype();
    let n = flat.size();
    Ok(with_sortable!(dtype, T, cmp => {
        let v: Vec<T> = bytemuck::pod_collect_to_vec(&bytes);
        let mut vals: Vec<T> = Vec::new();
        let mut first = Vec::new();
        let mut counts: Vec<i64> = Vec::new();
        let mut inv = vec![0i64; n];
        for &o in &order {
            let x = v[o as usize];
            let new = match vals.last() {
                None => true,
                Some(last) => cmp(last, &x) != Ordering::Equal,
            };
            if new {
                vals.push(x);
                first.push(o);
                counts.push(0);
            }
            *counts.last_mut().expect("pushed above") += 1;
            inv[o as usize] = vals.len() as i64 - 1;
        }
        let k = vals.len();
        (Array::from_bytes_on(bytemuck::cast_slice(&vals), &[k], dtype, Device::Cpu)?, first, inv, counts)
    }))
}

/// Insertion points of the C-contiguous host `v` into the sorted 1-D host `a` (same dtype).
pub(crate) fn searchsorted(a: &Array, v: &Array, right: bool) -> Result<Vec<i64>> {
    let (ab, vb) = (a.to_bytes()?, v.to_bytes()?);
    Ok(with_sortable!(a.dtype(), T, cmp => {
        let av: Vec<T> = bytemuck::pod_collect_to_vec(&ab);
        let vv: Vec<T> = bytemuck::pod_collect_to_vec(&vb);
        vv.par_iter()
            .map(|x| if right {
                av.partition_point(|y| cmp(y, x) != Ordering::Greater) as i64
            } else {
                av.partition_point(|y| cmp(y, x) == Ordering::Less) as i64
            })
            .collect()
    }))
}
