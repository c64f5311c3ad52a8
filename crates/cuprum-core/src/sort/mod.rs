//! Sorting and searching: `sort`, `argsort` (stable), `unique`, `searchsorted`, `partition`,
//! `argpartition`, in NumPy's order: NaN sorts last (after +inf); `-0.0` and `0.0` are equal (a
//! stable sort keeps their input order); complex numbers sort lexicographically by real then
//! imaginary part, in NumPy's order `R + Rj < R + nanj < nan + Rj < nan + nanj`;
//! `False < True`.
//!
//! - **CUDA** (every real dtype): a radix sort with 8-bit digits written for cuprum
//!   (`kernels/sort.cu`, see [`cuda`](self) internals), onesweep (one launch a pass with a
//!   decoupled look-back) below 2^30 keys, else LSD with three launches a pass (digit
//!   histograms, their scan, a stable scatter; `CUPRUM_SORT_ALGO=lsd` always): one pass per key byte,
//!   plus one per byte of the segment id when several lanes are sorted at once (passes over a
//!   byte equal in every key are skipped); argsort carries the index;
//!   `unique` flags and compacts runs with a scan; `searchsorted` is one binary search per
//!   query. Data never leaves the device except the unique count.
//! - **CPU**: a stable radix sort of each lane on the same keys (`cpu/radix.rs`: parallel
//!   most-significant-digit passes, then cache-sized buckets least-significant-digit first);
//!   argsort sorts (key, index) pairs. Complex arrays, on every device, take rayon-parallel
//!   stable merge sorts (complex CUDA arrays are copied to the host, sorted there and copied
//!   back).
//!
//! Sorting along an axis moves the axis last (a C-contiguous copy), sorts the lanes and moves
//! it back.

mod cpu;
mod cuda;
mod key;

use crate::layout::normalize_axis;
use crate::{Array, DType, Device, Error, Result};

/// True when `a` is sorted by the CUDA kernels (a CUDA array of a real dtype).
fn on_gpu(a: &Array) -> bool {
    matches!(a.device(), Device::Cuda(_)) && key::kind(a.dtype()).is_some()
}

/// `a` with `axis` moved last, as a C-contiguous array on `a`'s device, plus the normalized
/// axis (`None`: flattened).
fn lanes(op: &'static str, a: &Array, axis: Option<isize>) -> Result<(Array, Option<usize>)> {
    match axis {
        None => Ok((a.ravel()?.as_c_contiguous()?, None)),
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
            Ok((m.as_c_contiguous()?, Some(ax)))
        }
    }
}

/// Undoes [`lanes`]: moves the last axis back to `ax` (a C-contiguous result) on `device`.
fn unlanes(r: Array, ax: Option<usize>, device: Device) -> Result<Array> {
    let r = match ax {
        Some(ax) => {
            let m = r.moveaxis(&[-1], &[ax as isize])?;
            if m.is_c_contiguous() { m } else { m.copy()? }
        }
        None => r,
    };
    r.to_device(device)
}

/// A sorted copy along `axis` (`numpy.sort`, stable); `None` sorts the flattened array.
///
/// **Shapes:** `a` → `a`'s shape (`[a.size()]` for `None`); same dtype and device.
///
/// CUDA: LSD radix sort on the device for every real dtype (one pass per key byte, plus passes
/// over the lane id when several lanes are sorted); complex arrays are sorted on the host. CPU:
/// stable radix sort of each lane (complex: parallel stable merge sort).
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; allocation, compile or launch errors on CUDA.
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
    let out = if on_gpu(&l) {
        cuda::sort_lanes(&l)?
    } else {
        cpu::sort_lanes(&l.to_device(Device::Cpu)?)?
    };
    unlanes(out, ax, a.device())
}

/// Indices that sort `a` along `axis` (`numpy.argsort(kind="stable")`), int64; equal keys keep
/// their input order. `None` sorts the flattened array.
///
/// **Shapes:** `a` → `a`'s shape (`[a.size()]` for `None`), int64, on `a`'s device.
///
/// CUDA: the radix sort of [`sort`] carrying each element's index; complex arrays on the host.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; allocation, compile or launch errors on CUDA.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, sort::argsort};
/// let a = Array::from_vec_on(vec![2i32, 1, 2, 0], &[4], Device::Cpu).unwrap();
/// assert_eq!(argsort(&a, None).unwrap().to_vec::<i64>().unwrap(), vec![3, 1, 0, 2]);
/// ```
pub fn argsort(a: &Array, axis: Option<isize>) -> Result<Array> {
    let (l, ax) = lanes("argsort", a, axis)?;
    let out = if on_gpu(&l) {
        cuda::argsort_lanes(&l)?
    } else {
        let idx = cpu::argsort_lanes(&l.to_device(Device::Cpu)?)?;
        Array::from_vec_on(idx, l.shape(), Device::Cpu)?
    };
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

/// Sorted unique values of the flattened array (`numpy.unique`); NaNs collapse to one, and
/// `-0.0` and `0.0` are one value (the first in sorted order is kept).
///
/// **Shapes:** any → `[k]`, `a`'s dtype and device.
///
/// # Errors
/// Transfer, allocation, compile or launch errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, sort::unique};
/// let a = Array::from_vec_on(vec![3u8, 1, 3, 2, 1], &[5], Device::Cpu).unwrap();
/// assert_eq!(unique(&a).unwrap().to_vec::<u8>().unwrap(), vec![1, 2, 3]);
/// ```
pub fn unique(a: &Array) -> Result<Array> {
    Ok(unique_all(a, false, false, false)?.values)
}

/// `numpy.unique(a, return_index, return_inverse, return_counts)` on the flattened array.
///
/// **Shapes:** values, indices and counts `[k]`; the inverse has the input's shape (`[1]` for
/// a 0-d input), as NumPy 2.x returns it.
///
/// CUDA (real dtypes): radix sort carrying the flat index, then run starts are flagged,
/// counted per block, scanned and compacted on the device (the count `k` is read back to size
/// the outputs). Complex arrays go through the host.
///
/// # Errors
/// Transfer, allocation, compile or launch errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, sort::unique_all};
/// let a = Array::from_vec_on(vec![2i32, 1, 2], &[3], Device::Cpu).unwrap();
/// let u = unique_all(&a, true, true, true).unwrap();
/// assert_eq!(u.counts.unwrap().to_vec::<i64>().unwrap(), vec![1, 2]);
/// assert_eq!(u.inverse.unwrap().to_vec::<i64>().unwrap(), vec![1, 0, 1]);
/// ```
pub fn unique_all(
    a: &Array,
    return_index: bool,
    return_inverse: bool,
    return_counts: bool,
) -> Result<Unique> {
    let dev = a.device();
    let inv_shape: Vec<usize> = if a.ndim() == 0 {
        vec![1]
    } else {
        a.shape().to_vec()
    };
    let flat = a.ravel()?.as_c_contiguous()?;
    if on_gpu(&flat) {
        let p = cuda::unique(&flat, return_index, return_inverse, return_counts)?;
        let inverse = match p.inverse {
            Some(i) => Some(i.reshape(&inv_shape.iter().map(|&x| x as isize).collect::<Vec<_>>())?),
            None => None,
        };
        return Ok(Unique {
            values: p.values,
            indices: p.indices,
            inverse,
            counts: p.counts,
        });
    }
    let (vals, first, inv, counts) = cpu::unique(&flat.to_device(Device::Cpu)?)?;
    let k = vals.size();
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
/// shape. `sorter` (argsort of `a`) lets `a` be unsorted. Both are compared in their promoted
/// dtype, in the order [`sort`] uses (NaN last).
///
/// CUDA (real dtypes): one thread per query, a binary search on the device; complex arrays
/// on the host.
///
/// # Errors
/// [`Error::BadShape`] when `a` is not 1-D; [`Error::ShapeMismatch`] when `sorter` does
/// not match `a`; [`Error::DeviceMismatch`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, sort::{Side, searchsorted}};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
/// let v = Array::from_vec_on(vec![2.0f64, 5.0], &[2], Device::Cpu).unwrap();
/// let i = searchsorted(&a, &v, Side::Right, None).unwrap();
/// assert_eq!(i.to_vec::<i64>().unwrap(), vec![3, 4]);
/// ```
pub fn searchsorted(a: &Array, v: &Array, side: Side, sorter: Option<&Array>) -> Result<Array> {
    const OP: &str = "searchsorted";
    if a.ndim() != 1 {
        return Err(Error::bad_shape(OP, "a", a.shape(), "a 1-D array"));
    }
    if a.device() != v.device() {
        return Err(Error::DeviceMismatch {
            op: OP,
            lhs: a.device(),
            rhs: v.device(),
        });
    }
    let dt = DType::promote(a.dtype(), v.dtype());
    let gpu = matches!(a.device(), Device::Cuda(_)) && key::kind(dt).is_some();
    let work = if gpu { a.device() } else { Device::Cpu };
    let ah = crate::products::cast_to(a, dt)?
        .to_device(work)?
        .as_c_contiguous()?;
    let ah = match sorter {
        Some(s) => {
            if s.shape() != a.shape() {
                return Err(Error::ShapeMismatch {
                    op: OP,
                    lhs: a.shape().to_vec(),
                    rhs: s.shape().to_vec(),
                    detail: None,
                });
            }
            if s.device() != a.device() {
                return Err(Error::DeviceMismatch {
                    op: OP,
                    lhs: a.device(),
                    rhs: s.device(),
                });
            }
            crate::indexing::take(
                &ah,
                &s.to_device(work)?,
                Some(0),
                crate::indexing::IndexMode::Raise,
            )?
            .as_c_contiguous()?
        }
        None => ah,
    };
    let vh = crate::products::cast_to(v, dt)?
        .to_device(work)?
        .as_c_contiguous()?;
    let right = side == Side::Right;
    if gpu {
        return cuda::searchsorted(&ah, &vh, right);
    }
    let out = cpu::searchsorted(&ah, &vh, right)?;
    Array::from_vec_on(out, v.shape(), a.device())
}

fn check_kth(op: &'static str, kth: &[isize], n: usize) -> Result<Vec<usize>> {
    kth.iter()
        .map(|&k| {
            let kk = if k < 0 { k + n as isize } else { k };
            if kk < 0 || kk >= n as isize {
                Err(Error::out_of_domain(op, "kth", k, format!("[-{n}, {n})")))
            } else {
                Ok(kk as usize)
            }
        })
        .collect()
}

/// A partitioned copy (`numpy.partition`): along `axis`, each `kth` element is where a full
/// sort would put it, smaller-or-equal elements before it, larger-or-equal after. cuprum
/// returns the fully sorted lane (the GPU radix sort on CUDA), which satisfies the contract.
///
/// **Shapes:** as [`sort`].
///
/// # Errors
/// [`Error::OutOfDomain`] for a `kth` outside the axis; [`Error::AxisOutOfBounds`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, sort::partition};
/// let a = Array::from_vec_on(vec![3i64, 1, 2], &[3], Device::Cpu).unwrap();
/// assert_eq!(partition(&a, &[1], Some(0)).unwrap().to_vec::<i64>().unwrap()[1], 2);
/// ```
pub fn partition(a: &Array, kth: &[isize], axis: Option<isize>) -> Result<Array> {
    let n = match axis {
        None => a.size(),
        Some(ax) => a.shape()[normalize_axis("partition", ax, a.ndim())?],
    };
    check_kth("partition", kth, n)?;
    sort(a, axis)
}

/// Indices that partition `a` (`numpy.argpartition`); see [`partition`] (the full stable
/// argsort, which satisfies the contract).
///
/// **Shapes:** as [`argsort`].
///
/// # Errors
/// As [`partition`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, sort::argpartition};
/// let a = Array::from_vec_on(vec![3i64, 1, 2], &[3], Device::Cpu).unwrap();
/// assert_eq!(argpartition(&a, &[0], Some(0)).unwrap().to_vec::<i64>().unwrap()[0], 1);
/// ```
pub fn argpartition(a: &Array, kth: &[isize], axis: Option<isize>) -> Result<Array> {
    let n = match axis {
        None => a.size(),
        Some(ax) => a.shape()[normalize_axis("argpartition", ax, a.ndim())?],
    };
    check_kth("argpartition", kth, n)?;
    argsort(a, axis)
}

#[cfg(test)]
mod gpu_tests;

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

    /// NumPy's answers on every device: NaNs of either sign last (in input order for argsort),
    /// -0.0 and 0.0 equal (kept in input order), integer extremes, and argsort stable
    /// (`kind='stable'`) across many duplicates and several radix tiles.
    #[test]
    fn nan_zero_extremes_and_stability_on_every_device() {
        let neg_nan = f64::from_bits(f64::NAN.to_bits() | (1 << 63));
        for d in crate::test_util::all_devices() {
            // float64 and float32: np.argsort([nan, 1, -0., -nan, -inf, 0., -1, inf], kind='stable')
            // = [4, 6, 2, 5, 1, 7, 0, 3]
            let x = vec![
                f64::NAN,
                1.0,
                -0.0,
                neg_nan,
                f64::NEG_INFINITY,
                0.0,
                -1.0,
                f64::INFINITY,
            ];
            let want_idx = vec![4i64, 6, 2, 5, 1, 7, 0, 3];
            for dt in [DType::Float64, DType::Float32] {
                let a = Array::from_vec_on(x.clone(), &[8], Device::Cpu)
                    .unwrap()
                    .astype(dt)
                    .unwrap()
                    .to_device(d)
                    .unwrap();
                let i = argsort(&a, Some(0)).unwrap().to_vec::<i64>().unwrap();
                assert_eq!(i, want_idx, "{d} {dt}");
                let s = sort(&a, Some(0))
                    .unwrap()
                    .astype(DType::Float64)
                    .unwrap()
                    .to_vec::<f64>()
                    .unwrap();
                let bits: Vec<u64> = s[..6].iter().map(|v| v.to_bits()).collect();
                let want: Vec<u64> = [f64::NEG_INFINITY, -1.0, -0.0, 0.0, 1.0, f64::INFINITY]
                    .iter()
                    .map(|v| v.to_bits())
                    .collect();
                assert_eq!(bits, want, "{d} {dt}: -0.0 before 0.0 as in the input");
                assert!(s[6].is_nan() && s[7].is_nan(), "{d} {dt}: NaNs last");
            }
            // int64 extremes: np.sort / np.argsort(kind='stable')
            let v = vec![
                0i64,
                i64::MAX,
                i64::MIN,
                -1,
                i64::MIN + 1,
                1,
                i64::MAX - 1,
                i64::MIN,
            ];
            let a = Array::from_vec_on(v, &[8], d).unwrap();
            assert_eq!(
                sort(&a, Some(0)).unwrap().to_vec::<i64>().unwrap(),
                vec![
                    i64::MIN,
                    i64::MIN,
                    i64::MIN + 1,
                    -1,
                    0,
                    1,
                    i64::MAX - 1,
                    i64::MAX
                ]
            );
            assert_eq!(
                argsort(&a, Some(0)).unwrap().to_vec::<i64>().unwrap(),
                vec![2, 7, 4, 3, 0, 5, 6, 1]
            );
            // stability across tiles: 20_000 keys with 7 distinct values, against a stable
            // reference sort of (key, index)
            for dt in [DType::Int32, DType::Int64, DType::Float32, DType::Float64] {
                let n = 20_000usize;
                let keys: Vec<i64> = (0..n as i64).map(|i| (i * 7919 % 7) - 3).collect();
                let a = Array::from_vec_on(keys.clone(), &[n], Device::Cpu)
                    .unwrap()
                    .astype(dt)
                    .unwrap()
                    .to_device(d)
                    .unwrap();
                let mut want: Vec<i64> = (0..n as i64).collect();
                want.sort_by_key(|&i| keys[i as usize]);
                let got = argsort(&a, Some(0)).unwrap().to_vec::<i64>().unwrap();
                assert_eq!(got, want, "{d} {dt}: argsort is stable");
            }
        }
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
