//! Sorting and searching: `sort`, `argsort` (stable), `unique`, `searchsorted`, `partition`,
//! `argpartition`, in NumPy's order: NaN sorts last (after +inf); complex numbers sort
//! lexicographically by real then imaginary part, in NumPy's order
//! `R + Rj < R + nanj < nan + Rj < nan + nanj`; `False < True`.
//!
//! CPU: rayon-parallel stable merge sorts of each lane. CUDA arrays are currently sorted through
//! the host (one transfer each way), so results are identical on every device.

use crate::layout::normalize_axis;
use crate::{Array, DType, Device, Error, Result};
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

/// `a` with `axis` moved last, as a C-contiguous host array, plus the normalized axis.
fn lanes(op: &'static str, a: &Array, axis: Option<isize>) -> Result<(Array, Option<usize>)> {
    match axis {
        None => Ok((a.ravel()?.to_device(Device::Cpu)?.as_c_contiguous()?, None)),
        Some(ax) => {
            if a.ndim() == 0 {
                return Err(Error::AxisOutOfBounds {
                    op,
                    axis: ax,
                    ndim: 0,
                });
            }
            let ax = normalize_axis(op, ax, a.ndim())?;
            let m = a.moveaxis(&[ax as isize], &[-1])?;
            Ok((m.to_device(Device::Cpu)?.as_c_contiguous()?, Some(ax)))
        }
    }
}

/// Undoes [`lanes`]: moves the last axis back to `ax` and returns to `device`.
fn unlanes(r: Array, ax: Option<usize>, device: Device) -> Result<Array> {
    let r = match ax {
        Some(ax) => r.moveaxis(&[-1], &[ax as isize])?.copy()?,
        None => r,
    };
    r.to_device(device)
}

fn lane_len(l: &Array) -> usize {
    l.shape().last().copied().unwrap_or(1)
}

/// A sorted copy along `axis` (`numpy.sort`, stable); `None` sorts the flattened array.
///
/// # Errors
/// [`Error::AxisOutOfBounds`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, sort::sort};
/// let a = Array::from_vec_on(vec![3.0f64, f64::NAN, 1.0], &[3], Device::Cpu).unwrap();
/// let s = sort(&a, Some(-1)).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(&s[..2], &[1.0, 3.0]);
/// assert!(s[2].is_nan());
/// ```
pub fn sort(a: &Array, axis: Option<isize>) -> Result<Array> {
    let (l, ax) = lanes("sort", a, axis)?;
    let n = lane_len(&l);
    let bytes = l.to_bytes()?;
    let dtype = a.dtype();
    let out = with_sortable!(dtype, T, cmp => {
        let mut v: Vec<T> = bytemuck::pod_collect_to_vec(&bytes);
        if n > 0 {
            v.par_chunks_mut(n).for_each(|c| c.sort_by(cmp));
        }
        Array::from_bytes_on(bytemuck::cast_slice(&v), l.shape(), dtype, Device::Cpu)?
    });
    unlanes(out, ax, a.device())
}

fn argsort_lanes(l: &Array, dtype: DType) -> Result<Vec<i64>> {
    let n = lane_len(l);
    let bytes = l.to_bytes()?;
    let mut idx: Vec<i64> = vec![0; l.size()];
    with_sortable!(dtype, T, cmp => {
        let v: Vec<T> = bytemuck::pod_collect_to_vec(&bytes);
        if n > 0 {
            idx.par_chunks_mut(n).zip(v.par_chunks(n)).for_each(|(ix, lane)| {
                for (i, x) in ix.iter_mut().enumerate() {
                    *x = i as i64;
                }
                ix.sort_by(|&a, &b| cmp(&lane[a as usize], &lane[b as usize]));
            });
        }
    });
    Ok(idx)
}

/// Indices that sort `a` along `axis` (`numpy.argsort(kind="stable")`), int64; equal keys keep
/// their input order. `None` sorts the flattened array.
///
/// # Errors
/// [`Error::AxisOutOfBounds`].
pub fn argsort(a: &Array, axis: Option<isize>) -> Result<Array> {
    let (l, ax) = lanes("argsort", a, axis)?;
    let idx = argsort_lanes(&l, a.dtype())?;
    let out = Array::from_vec_on(idx, l.shape(), Device::Cpu)?;
    unlanes(out, ax, a.device())
}

/// The results of [`unique_all`]; the optional parts are present when asked for.
#[derive(Clone, Debug)]
pub struct Unique {
    /// sorted unique values (1-D)
    pub values: Array,
    /// index of each value's first occurrence in the flattened input (int64)
    pub indices: Option<Array>,
    /// for each input element, the index of its value in `values` (int64, input's flat shape)
    pub inverse: Option<Array>,
    /// how often each value occurs (int64)
    pub counts: Option<Array>,
}

/// Sorted unique values of the flattened array (`numpy.unique`); NaNs collapse to one.
///
/// # Errors
/// Transfer errors.
pub fn unique(a: &Array) -> Result<Array> {
    Ok(unique_all(a, false, false, false)?.values)
}

/// `numpy.unique(a, return_index, return_inverse, return_counts)` on the flattened array.
///
/// The inverse has the input's shape flattened to 1-D... as NumPy 2 returns it for a 1-D
/// input; for an N-d input NumPy 2.x returns the input's shape, and so does cuprum.
///
/// # Errors
/// Transfer errors.
pub fn unique_all(
    a: &Array,
    return_index: bool,
    return_inverse: bool,
    return_counts: bool,
) -> Result<Unique> {
    let flat = a.ravel()?.to_device(Device::Cpu)?.as_c_contiguous()?;
    let order = argsort_lanes(&flat, a.dtype())?;
    let bytes = flat.to_bytes()?;
    let dtype = a.dtype();
    let n = flat.size();
    let (vals, first, inv, counts) = with_sortable!(dtype, T, cmp => {
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
    });
    let k = vals.size();
    let dev = a.device();
    let inv_shape: Vec<usize> = if a.ndim() == 0 {
        vec![1]
    } else {
        a.shape().to_vec()
    };
    Ok(Unique {
        values: vals.to_device(dev)?,
        indices: if return_index {
            Some(Array::from_vec_on(first, &[k], dev)?)
        } else {
            None
        },
        inverse: if return_inverse {
            Some(Array::from_vec_on(inv, &inv_shape, dev)?)
        } else {
            None
        },
        counts: if return_counts {
            Some(Array::from_vec_on(counts, &[k], dev)?)
        } else {
            None
        },
    })
}

/// Which insertion point [`searchsorted`] returns among equal values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Side {
    /// the first suitable index (`a[i-1] < v <= a[i]`)
    #[default]
    Left,
    /// the last suitable index (`a[i-1] <= v < a[i]`)
    Right,
}

/// Insertion indices of `v` into the sorted 1-D `a` (`numpy.searchsorted`), int64 with `v`'s
/// shape. `sorter` (argsort of `a`) lets `a` be unsorted.
///
/// # Errors
/// [`Error::InvalidValue`] when `a` is not 1-D; [`Error::ShapeMismatch`] when `sorter` does
/// not match `a`; [`Error::DeviceMismatch`].
pub fn searchsorted(a: &Array, v: &Array, side: Side, sorter: Option<&Array>) -> Result<Array> {
    const OP: &str = "searchsorted";
    if a.ndim() != 1 {
        return Err(Error::invalid_value(
            OP,
            format!("a must be 1-d, got shape {:?}", a.shape()),
        ));
    }
    if a.device() != v.device() {
        return Err(Error::DeviceMismatch {
            op: OP,
            lhs: a.device(),
            rhs: v.device(),
        });
    }
    let dt = DType::promote(a.dtype(), v.dtype());
    let ah = crate::products::cast_to(a, dt)?
        .to_device(Device::Cpu)?
        .as_c_contiguous()?;
    let ah = match sorter {
        Some(s) => {
            if s.shape() != a.shape() {
                return Err(Error::ShapeMismatch {
                    op: OP,
                    lhs: a.shape().to_vec(),
                    rhs: s.shape().to_vec(),
                });
            }
            crate::indexing::take(
                &ah,
                &s.to_device(Device::Cpu)?,
                Some(0),
                crate::indexing::IndexMode::Raise,
            )?
        }
        None => ah,
    };
    let vh = crate::products::cast_to(v, dt)?
        .to_device(Device::Cpu)?
        .as_c_contiguous()?;
    let (ab, vb) = (ah.to_bytes()?, vh.to_bytes()?);
    let out: Vec<i64> = with_sortable!(dt, T, cmp => {
        let av: Vec<T> = bytemuck::pod_collect_to_vec(&ab);
        let vv: Vec<T> = bytemuck::pod_collect_to_vec(&vb);
        vv.par_iter()
            .map(|x| match side {
                Side::Left => av.partition_point(|y| cmp(y, x) == Ordering::Less) as i64,
                Side::Right => av.partition_point(|y| cmp(y, x) != Ordering::Greater) as i64,
            })
            .collect()
    });
    Array::from_vec_on(out, v.shape(), a.device())
}

fn check_kth(op: &'static str, kth: &[isize], n: usize) -> Result<Vec<usize>> {
    kth.iter()
        .map(|&k| {
            let kk = if k < 0 { k + n as isize } else { k };
            if kk < 0 || kk >= n as isize {
                Err(Error::invalid_value(
                    op,
                    format!("kth(={k}) out of bounds ({n})"),
                ))
            } else {
                Ok(kk as usize)
            }
        })
        .collect()
}

/// A partitioned copy (`numpy.partition`): along `axis`, each `kth` element is where a full
/// sort would put it, smaller-or-equal elements before it, larger-or-equal after. cuprum
/// returns the fully sorted lane, which satisfies the contract.
///
/// # Errors
/// [`Error::InvalidValue`] for a `kth` outside the axis; [`Error::AxisOutOfBounds`].
pub fn partition(a: &Array, kth: &[isize], axis: Option<isize>) -> Result<Array> {
    let n = match axis {
        None => a.size(),
        Some(ax) => a.shape()[normalize_axis("partition", ax, a.ndim())?],
    };
    check_kth("partition", kth, n)?;
    sort(a, axis)
}

/// Indices that partition `a` (`numpy.argpartition`); see [`partition`].
///
/// # Errors
/// As [`partition`].
pub fn argpartition(a: &Array, kth: &[isize], axis: Option<isize>) -> Result<Array> {
    let n = match axis {
        None => a.size(),
        Some(ax) => a.shape()[normalize_axis("argpartition", ax, a.ndim())?],
    };
    check_kth("argpartition", kth, n)?;
    argsort(a, axis)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sort_orders_nan_last_and_axes() {
        let a = Array::from_vec_on(
            vec![3.0f64, f64::NAN, f64::INFINITY, -1.0, 2.0, 0.5],
            &[2, 3],
            Device::Cpu,
        )
        .unwrap();
        let s = sort(&a, Some(-1)).unwrap().to_vec::<f64>().unwrap();
        assert_eq!(s[0], 3.0);
        assert_eq!(s[1], f64::INFINITY);
        assert!(s[2].is_nan());
        assert_eq!(&s[3..], &[-1.0, 0.5, 2.0]);
        let s0 = sort(&a, Some(0)).unwrap().to_vec::<f64>().unwrap();
        assert_eq!(&s0[..3], &[-1.0, 2.0, 0.5]);
        assert!(s0[4].is_nan());
        let flat = sort(&a, None).unwrap();
        assert_eq!(flat.shape(), &[6]);
        let c = Array::from_vec_on(
            vec![
                num_complex::Complex64::new(f64::NAN, 0.0),
                num_complex::Complex64::new(1.0, f64::NAN),
                num_complex::Complex64::new(1.0, 2.0),
                num_complex::Complex64::new(0.0, 5.0),
            ],
            &[4],
            Device::Cpu,
        )
        .unwrap();
        let cs = sort(&c, Some(0))
            .unwrap()
            .to_vec::<num_complex::Complex64>()
            .unwrap();
        assert_eq!(cs[0], num_complex::Complex64::new(0.0, 5.0));
        assert_eq!(cs[1], num_complex::Complex64::new(1.0, 2.0));
        assert!(cs[2].im.is_nan() && cs[3].re.is_nan());
    }

    #[test]
    fn argsort_is_stable_unique_searchsorted() {
        let a = Array::from_vec_on(vec![2i32, 1, 2, 1, 0], &[5], Device::Cpu).unwrap();
        assert_eq!(
            argsort(&a, Some(0)).unwrap().to_vec::<i64>().unwrap(),
            vec![4, 1, 3, 0, 2]
        );
        let u = unique_all(&a, true, true, true).unwrap();
        assert_eq!(u.values.to_vec::<i32>().unwrap(), vec![0, 1, 2]);
        assert_eq!(u.indices.unwrap().to_vec::<i64>().unwrap(), vec![4, 1, 0]);
        assert_eq!(
            u.inverse.unwrap().to_vec::<i64>().unwrap(),
            vec![2, 1, 2, 1, 0]
        );
        assert_eq!(u.counts.unwrap().to_vec::<i64>().unwrap(), vec![1, 2, 2]);
        let f = Array::from_vec_on(vec![f64::NAN, 1.0, f64::NAN], &[3], Device::Cpu).unwrap();
        assert_eq!(unique(&f).unwrap().size(), 2);
        let s = Array::from_vec_on(vec![1.0f64, 2.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
        let v = Array::from_vec_on(vec![2.0f64, 0.0, 5.0], &[3], Device::Cpu).unwrap();
        assert_eq!(
            searchsorted(&s, &v, Side::Left, None)
                .unwrap()
                .to_vec::<i64>()
                .unwrap(),
            vec![1, 0, 4]
        );
        assert_eq!(
            searchsorted(&s, &v, Side::Right, None)
                .unwrap()
                .to_vec::<i64>()
                .unwrap(),
            vec![3, 0, 4]
        );
        assert!(partition(&s, &[4], Some(0)).is_err());
    }
}
