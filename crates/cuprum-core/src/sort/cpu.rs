//! The host implementation of sorting and searching, in NumPy's total order (NaN last,
//! `-0.0 == 0.0`, complex lexicographic; stable).
//!
//! - Real dtypes: a stable radix sort of each lane ([`radix`]) on the order-preserving key of
//!   the CUDA sort (`sort/key.rs`'s `canon`: the elements move as raw bits, so NaN payloads and
//!   the sign of zero come out as they went in); argsort sorts (key, index) pairs. A long lane
//!   is split across threads inside the radix sort; many lanes are sorted in parallel.
//! - Complex dtypes: rayon-parallel stable merge sorts with the lexicographic comparator.
//!
//! It is the oracle the CUDA radix sort is tested against, and the path complex arrays take on
//! every device.

mod radix;

use crate::{Array, DType, Device, Error, Result};
use radix::Radix;
use rayon::prelude::*;
use std::cmp::Ordering;

macro_rules! radix_uint {
    ($($t:ty),*) => {$(
        impl Radix for $t {
            const BYTES: usize = size_of::<$t>();
            #[inline(always)]
            fn key(self) -> u64 {
                self as u64
            }
        }
    )*};
}
radix_uint!(u8, u16, u32, u64);

macro_rules! radix_int {
    ($($t:ty => $u:ty),*) => {$(
        impl Radix for $t {
            const BYTES: usize = size_of::<$t>();
            #[inline(always)]
            fn key(self) -> u64 {
                // two's complement with the sign bit flipped orders as unsigned
                ((self as $u) ^ (1 << (<$u>::BITS - 1))) as u64
            }
        }
    )*};
}
radix_int!(i8 => u8, i16 => u16, i32 => u32, i64 => u64);

/// The CPU radix key of a float of `bits` bits whose raw bits are `x` (zero-extended) and whose
/// +infinity is `inf`: the order of `sort/key.rs`'s `canon` (other values): NaNs (any sign, any
/// payload) share the largest key, `-0.0` and `0.0` share one key, other values map
/// monotonically.
#[inline(always)]
fn float_key(x: u64, bits: u32, inf: u64) -> u64 {
    let sign = 1u64 << (bits - 1);
    let all = sign | (sign - 1);
    let mag = x & !sign;
    if mag > inf {
        all
    } else if mag == 0 {
        sign
    } else if x & sign != 0 {
        !x & all
    } else {
        x | sign
    }
}

macro_rules! radix_float {
    ($($t:ty, $bits:expr, $inf:expr);*) => {$(
        impl Radix for $t {
            const BYTES: usize = $bits / 8;
            #[inline(always)]
            fn key(self) -> u64 {
                float_key(self.to_bits() as u64, $bits, $inf)
            }
        }
    )*};
}
radix_float!(
    half::f16, 16, 0x7c00;
    half::bf16, 16, 0x7f80;
    f32, 32, 0x7f80_0000;
    f64, 64, 0x7ff0_0000_0000_0000
);

/// A `bool` element (one byte): every nonzero byte is `True`.
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(transparent)]
struct BoolByte(u8);

impl Radix for BoolByte {
    const BYTES: usize = 1;
    #[inline(always)]
    fn key(self) -> u64 {
        u64::from(self.0 != 0)
    }
}

/// An unsigned word holding a [`Radix::key`] of `BYTES` bytes (argsort sorts these with the
/// element's index instead of the elements).
trait KeyWord: Copy + Send + Sync + Default {
    fn from_key(k: u64) -> Self;
    fn to_key(self) -> u64;
}

macro_rules! key_word {
    ($($t:ty),*) => {$(
        impl KeyWord for $t {
            #[inline(always)]
            fn from_key(k: u64) -> Self {
                k as $t
            }
            #[inline(always)]
            fn to_key(self) -> u64 {
                self as u64
            }
        }
    )*};
}
key_word!(u8, u16, u32, u64);

/// An element's key and its index in the lane.
#[derive(Clone, Copy, Default)]
struct Keyed<K> {
    key: K,
    idx: u32,
}

impl<K: KeyWord> Radix for Keyed<K> {
    const BYTES: usize = size_of::<K>();
    #[inline(always)]
    fn key(self) -> u64 {
        self.key.to_key()
    }
}

/// Lanes at least this long fill and read their index arrays in parallel.
const PAR_FILL: usize = 1 << 16;

/// Dispatches `$body` with `$t` bound to the radix-sortable host type of the real `$dtype`;
/// `$other` for complex dtypes.
macro_rules! with_radix {
    ($dtype:expr, $t:ident => $body:expr, $other:expr) => {
        $crate::__match_host_type!($dtype, $t, [
            Bool => BoolByte, UInt8 => u8, Int8 => i8, Int16 => i16, Int32 => i32, Int64 => i64,
            UInt16 => u16, UInt32 => u32, UInt64 => u64,
            Float16 => half::f16, BFloat16 => half::bf16, Float32 => f32, Float64 => f64
        ], $body; DType::Complex64 | DType::Complex128 => $other,)
    };
}

/// The host buffer of the C-contiguous CPU array `l` (an internal error otherwise).
fn host<'a>(l: &'a Array, op: &'static str) -> Result<&'a crate::storage::CpuStorage> {
    if !l.is_c_contiguous() {
        return Err(Error::invalid_value(
            op,
            "internal: the lanes are not C-contiguous",
        ));
    }
    l.storage()
        .as_cpu()
        .ok_or_else(|| Error::unsupported(op, "internal: host sort of a device array"))
}

/// Radix-sorts each lane (length `n`) of `src` into `dst`.
fn sort_rows<T: Radix + bytemuck::Pod>(src: &[T], dst: &mut [T], n: usize) {
    if src.len() == n {
        let mut tmp = vec![T::zeroed(); n];
        radix::sort(src, dst, &mut tmp);
    } else {
        dst.par_chunks_mut(n).zip(src.par_chunks(n)).for_each_init(
            || vec![T::zeroed(); n],
            |tmp, (d, s)| radix::sort(s, d, tmp),
        );
    }
}

/// Stable argsort of one lane through (key, index) pairs; indices into `out`.
fn arg_row<T: Radix + Sync, K: KeyWord>(lane: &[T], out: &mut [i64]) {
    let n = lane.len();
    let mut keyed = vec![Keyed::<K>::default(); n];
    let fill = |(i, (k, &x)): (usize, (&mut Keyed<K>, &T))| {
        *k = Keyed {
            key: K::from_key(x.key()),
            idx: i as u32,
        };
    };
    if n >= PAR_FILL {
        keyed.par_iter_mut().zip(lane).enumerate().for_each(fill);
    } else {
        keyed.iter_mut().zip(lane).enumerate().for_each(fill);
    }
    let mut scratch = vec![Keyed::<K>::default(); n];
    radix::sort_in_place(&mut keyed, &mut scratch);
    if n >= PAR_FILL {
        out.par_iter_mut()
            .zip(&keyed)
            .for_each(|(o, k)| *o = i64::from(k.idx));
    } else {
        for (o, k) in out.iter_mut().zip(&keyed) {
            *o = i64::from(k.idx);
        }
    }
}

/// [`arg_row`] over each lane of `src`, in parallel over lanes.
fn arg_rows<T: Radix + Sync, K: KeyWord>(src: &[T], out: &mut [i64], n: usize) {
    out.par_chunks_mut(n)
        .zip(src.par_chunks(n))
        .for_each(|(o, s)| arg_row::<T, K>(s, o));
}

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
            DType::Bool => {
                // every nonzero byte is True (the radix key and the CUDA sort's `canon`)
                type $t = u8;
                let $cmp = |a: &$t, b: &$t| (*a != 0).cmp(&(*b != 0));
                $body
            }
            DType::UInt8 => int_case!(u8),
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
    let dtype = l.dtype();
    if dtype.is_complex() || n == 0 || l.size() == 0 {
        return sort_lanes_cmp(l);
    }
    let src = host(l, "sort")?;
    let out = Array::empty_on(l.shape(), dtype, Device::Cpu)?;
    let dst = host(&out, "sort")?;
    let (off, size) = (l.offset(), l.size());
    with_radix!(dtype, T => {
        let r = src.read();
        let mut w = dst.write();
        sort_rows::<T>(&r.slice::<T>()[off..off + size], &mut w.slice_mut::<T>()[..size], n);
    }, return sort_lanes_cmp(l));
    Ok(out)
}

/// [`sort_lanes`] with the comparison sort (complex dtypes, empty arrays).
fn sort_lanes_cmp(l: &Array) -> Result<Array> {
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
    let dtype = l.dtype();
    if dtype.is_complex() || n == 0 || l.size() == 0 || n > u32::MAX as usize {
        return argsort_lanes_cmp(l);
    }
    let src = host(l, "argsort")?;
    let (off, size) = (l.offset(), l.size());
    let mut idx: Vec<i64> = vec![0; size];
    with_radix!(dtype, T => {
        let r = src.read();
        let v = &r.slice::<T>()[off..off + size];
        match size_of::<T>() {
            1 => arg_rows::<T, u8>(v, &mut idx, n),
            2 => arg_rows::<T, u16>(v, &mut idx, n),
            4 => arg_rows::<T, u32>(v, &mut idx, n),
            _ => arg_rows::<T, u64>(v, &mut idx, n),
        }
    }, return argsort_lanes_cmp(l));
    Ok(idx)
}

/// [`argsort_lanes`] with the comparison sort (complex dtypes, lanes longer than `u32`).
fn argsort_lanes_cmp(l: &Array) -> Result<Vec<i64>> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Deterministic raw bit patterns of `width` bits: random words, small magnitudes of both
    /// signs (zeros, subnormals), and each float format's special values (±inf, NaNs of both
    /// signs with payloads), repeated so that equal keys occur.
    fn patterns(width: u32, n: usize, seed: u64) -> Vec<u64> {
        let all = if width == 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        let sign = 1u64 << (width - 1);
        let mut special = vec![0, sign, 1, sign | 1, all, all >> 1, sign - 1];
        for b in [0x7c00u64, 0x7f80, 0x7f80_0000, 0x7ff0_0000_0000_0000] {
            special.extend([b, b | 1, b | sign, b - 1, b | sign | 1, b | 0x40].map(|x| x & all));
        }
        let mut s = seed;
        (0..n)
            .map(|i| {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                let r = s ^ (s >> 29);
                match i % 8 {
                    0 => special[(r % special.len() as u64) as usize],
                    1 => (r & 0xff) | if r & 0x100 != 0 { sign } else { 0 },
                    _ => r & all,
                }
            })
            .collect()
    }

    fn array_of(dtype: DType, bits: &[u64], shape: &[usize]) -> Array {
        let bytes: Vec<u8> = bits
            .iter()
            .flat_map(|b| b.to_le_bytes()[..dtype.itemsize()].to_vec())
            .collect();
        Array::from_bytes_on(&bytes, shape, dtype, Device::Cpu).unwrap()
    }

    /// The radix sort and argsort agree bit for bit with the comparison sort (the previous
    /// host implementation, stable, NumPy's order) for every real dtype, at lengths around
    /// each threshold of the radix sort (small lanes, cache-sized buckets, the parallel and
    /// streaming passes), and for several lanes at once.
    #[test]
    fn radix_matches_the_comparison_sort() {
        let cases: &[(usize, &[usize])] = &[
            (0, &[0]),
            (1, &[1]),
            (2, &[2]),
            (31, &[31]),
            (32, &[32]),
            (33, &[33]),
            (300, &[300]),
            (3000, &[3, 1000]),
            (25_000, &[25_000]),
            (70_000, &[70_000]),
            (140_000, &[2, 70_000]),
        ];
        for dtype in DType::ALL {
            if dtype.is_complex() {
                continue;
            }
            for (k, &(n, shape)) in cases.iter().enumerate() {
                let bits = patterns(8 * dtype.itemsize() as u32, n, 31 * k as u64 + 7);
                let a = array_of(dtype, &bits, shape);
                let want = sort_lanes_cmp(&a).unwrap().to_bytes().unwrap();
                let got = sort_lanes(&a).unwrap();
                assert_eq!(got.shape(), shape, "{dtype} {shape:?}");
                assert!(got.to_bytes().unwrap() == want, "sort {dtype} {shape:?}");
                let want = argsort_lanes_cmp(&a).unwrap();
                let got = argsort_lanes(&a).unwrap();
                assert!(got == want, "argsort {dtype} {shape:?}");
            }
        }
    }

    /// One lane long enough for the parallel, streaming first pass (over 1 MiB), with
    /// uniform floats in [0, 1) (a skewed top digit) and with many equal keys.
    #[test]
    fn radix_long_lane() {
        let n = 300_001;
        let mut s = 5u64;
        let mut v: Vec<f32> = (0..n)
            .map(|_| {
                s = s
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (s >> 40) as f32 / (1u64 << 24) as f32
            })
            .collect();
        for x in v.iter_mut().step_by(97) {
            *x = 0.5;
        }
        v[7] = f32::NAN;
        v[8] = -0.0;
        let a = Array::from_vec_on(v.clone(), &[n], Device::Cpu).unwrap();
        let got = sort_lanes(&a).unwrap().to_vec::<f32>().unwrap();
        let mut want = v.clone();
        want.sort_by(|x, y| fcmp(*x, *y, x.is_nan(), y.is_nan()));
        assert!(
            got.iter()
                .zip(&want)
                .all(|(g, w)| g.to_bits() == w.to_bits())
        );
        let idx = argsort_lanes(&a).unwrap();
        assert_eq!(idx, argsort_lanes_cmp(&a).unwrap());
        // the 0.5s keep their input order
        let halves: Vec<i64> = idx
            .iter()
            .copied()
            .filter(|&i| v[i as usize] == 0.5)
            .collect();
        assert!(halves.windows(2).all(|w| w[0] < w[1]));
        // int64 with negatives and a narrow range (high digits all equal: skipped passes)
        let w: Vec<i64> = (0..n as i64).map(|i| (i * 7919) % 1001 - 500).collect();
        let a = Array::from_vec_on(w.clone(), &[n], Device::Cpu).unwrap();
        let mut want = w.clone();
        want.sort();
        assert_eq!(sort_lanes(&a).unwrap().to_vec::<i64>().unwrap(), want);
        assert_eq!(argsort_lanes(&a).unwrap(), argsort_lanes_cmp(&a).unwrap());
    }

    /// NaNs last in input order (any sign and payload), `-0.0 == 0.0` in input order,
    /// negative integers before positive ones, any nonzero `bool` byte is `True`.
    #[test]
    fn radix_special_values() {
        let nan2 = f32::from_bits(0xffc0_0001); // negative NaN with a payload
        let v = vec![
            f32::NAN,
            0.0,
            -1.5,
            nan2,
            -0.0,
            f32::INFINITY,
            0.0,
            f32::NEG_INFINITY,
            -0.0,
        ];
        let a = Array::from_vec_on(v.clone(), &[9], Device::Cpu).unwrap();
        let s: Vec<u32> = sort_lanes(&a)
            .unwrap()
            .to_vec::<f32>()
            .unwrap()
            .iter()
            .map(|x| x.to_bits())
            .collect();
        let want: Vec<u32> = [
            f32::NEG_INFINITY,
            -1.5,
            0.0,
            -0.0,
            0.0,
            -0.0,
            f32::INFINITY,
            f32::NAN,
            nan2,
        ]
        .iter()
        .map(|x| x.to_bits())
        .collect();
        assert_eq!(s, want);
        assert_eq!(argsort_lanes(&a).unwrap(), vec![7, 2, 1, 4, 6, 8, 5, 0, 3]);
        let i = Array::from_vec_on(vec![3i8, -128, 127, -1, 0, -1], &[6], Device::Cpu).unwrap();
        assert_eq!(
            sort_lanes(&i).unwrap().to_vec::<i8>().unwrap(),
            vec![-128, -1, -1, 0, 3, 127]
        );
        assert_eq!(argsort_lanes(&i).unwrap(), vec![1, 3, 5, 4, 0, 2]);
        let w = Array::from_vec_on(
            vec![i64::MAX, i64::MIN, -2, 5, i64::MIN + 1],
            &[5],
            Device::Cpu,
        )
        .unwrap();
        assert_eq!(
            sort_lanes(&w).unwrap().to_vec::<i64>().unwrap(),
            vec![i64::MIN, i64::MIN + 1, -2, 5, i64::MAX]
        );
        let b = Array::from_bytes_on(&[2, 0, 1, 0, 7], &[5], DType::Bool, Device::Cpu).unwrap();
        assert_eq!(argsort_lanes(&b).unwrap(), vec![1, 3, 0, 2, 4]);
        assert_eq!(
            sort_lanes(&b).unwrap().to_bytes().unwrap(),
            vec![0, 0, 2, 1, 7]
        );
    }
}
