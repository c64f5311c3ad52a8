//! The order-preserving key transform of the CUDA radix sort, modelled in Rust.
//!
//! `kernels/sort.cu`'s `canon` maps the raw bits of an element to an unsigned word whose
//! unsigned order is NumPy's sort order: integers by value, `False < True`, floats by value
//! with every NaN last (all NaNs one key, so a stable sort keeps their input order) and `-0.0`
//! and `+0.0` one key. Keys move through the sort as raw bits; only the digits are taken from
//! `canon`, so NaN payloads and the sign of zero come out as they went in. This module's [`canon`] is
//! the reference the kernel mirrors (test-only: the device computes keys itself), tested on the
//! CPU against the host comparator.

use crate::DType;

/// The `KIND` define of `kernels/sort.cu` for a real dtype; `None` for complex dtypes (sorted
/// on the host).
pub(crate) fn kind(dtype: DType) -> Option<u32> {
    Some(match dtype {
        DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => 0,
        DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => 1,
        DType::Float16 => 2,
        DType::BFloat16 => 3,
        DType::Float32 => 4,
        DType::Float64 => 5,
        DType::Bool => 6,
        DType::Complex64 | DType::Complex128 => return None,
    })
}

#[cfg(test)]
/// The bit pattern of +infinity for float kinds (`SORT_INF` in the kernel).
fn inf_bits(kind: u32) -> u64 {
    match kind {
        2 => 0x7c00,
        3 => 0x7f80,
        4 => 0x7f80_0000,
        _ => 0x7ff0_0000_0000_0000,
    }
}

#[cfg(test)]
/// `canon` of `kernels/sort.cu`: the radix key of an element of `dtype` whose raw bits
/// (zero-extended) are `bits`. Equal keys mean NumPy treats the elements as equal.
///
/// # Panics
/// For a complex dtype (programmer error: complex arrays never reach the radix sort).
pub(crate) fn canon(dtype: DType, bits: u64) -> u64 {
    let k = kind(dtype).expect("canon: complex dtypes have no radix key");
    let width = 8 * dtype.itemsize() as u32;
    let all: u64 = if width == 64 {
        u64::MAX
    } else {
        (1u64 << width) - 1
    };
    let x = bits & all;
    let sign = 1u64 << (width - 1);
    match k {
        0 => x,
        1 => x ^ sign,
        6 => u64::from(x != 0),
        _ => {
            // negative numbers: sign - mag (-0.0 meets +0.0 at `sign`); the rest: sign + mag,
            // every NaN clamped to one key just above +infinity
            let mag = x & !sign & all;
            let inf = inf_bits(k);
            if x & sign != 0 && mag <= inf {
                sign - mag
            } else {
                sign + mag.min(inf + 1)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Array, Device};
    use std::cmp::Ordering;

    /// Deterministic raw bit patterns: random words plus the special values of each width.
    fn patterns(width: u32, seed: u64) -> Vec<u64> {
        let all = if width == 64 {
            u64::MAX
        } else {
            (1u64 << width) - 1
        };
        let sign = 1u64 << (width - 1);
        let mut v = vec![0, sign, 1, all, sign | 1, all >> 1, sign - 1];
        for b in [0x7c00u64, 0x7f80, 0x7f80_0000, 0x7ff0_0000_0000_0000] {
            for x in [b, b | 1, b | sign, b - 1, b | sign | 1] {
                v.push(x & all);
            }
        }
        let mut s = seed;
        for _ in 0..400 {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = s ^ (s >> 29);
            // random words, and small magnitudes around zero of both signs
            v.push(r & all);
            v.push((r & 0xff) | if r & 0x100 != 0 { sign } else { 0 });
        }
        v
    }

    /// The key order equals the order of the host sort's comparator on every pair: a stable
    /// sort by key is the host's stable sort.
    #[test]
    fn canon_orders_like_the_host_sort() {
        for dtype in DType::ALL {
            if kind(dtype).is_none() {
                continue;
            }
            let width = 8 * dtype.itemsize() as u32;
            let bits: Vec<u64> = if dtype == DType::Bool {
                vec![0, 1, 1, 0]
            } else {
                patterns(width, width as u64 * 7 + dtype.itemsize() as u64)
            };
            let bytes: Vec<u8> = bits
                .iter()
                .flat_map(|b| b.to_le_bytes()[..dtype.itemsize()].to_vec())
                .collect();
            let n = bits.len();
            let a = Array::from_bytes_on(&bytes, &[n], dtype, Device::Cpu).unwrap();
            // the host argsort is the oracle: keys along its order never decrease, and equal
            // keys keep their input order (the host sort is stable too)
            let order = super::super::argsort(&a, Some(0))
                .unwrap()
                .to_vec::<i64>()
                .unwrap();
            let keys: Vec<u64> = bits.iter().map(|&b| canon(dtype, b)).collect();
            for w in order.windows(2) {
                let (i, j) = (w[0] as usize, w[1] as usize);
                match keys[i].cmp(&keys[j]) {
                    Ordering::Less => {}
                    Ordering::Equal => assert!(
                        i < j,
                        "{dtype}: equal keys out of input order: {:#x} {:#x}",
                        bits[i],
                        bits[j]
                    ),
                    Ordering::Greater => panic!(
                        "{dtype}: key order disagrees with the host: {:#x} before {:#x}",
                        bits[i], bits[j]
                    ),
                }
            }
            // and the key-sorted order, stable, is exactly the host's
            let mut by_key: Vec<usize> = (0..n).collect();
            by_key.sort_by_key(|&i| keys[i]);
            let host: Vec<usize> = order.iter().map(|&i| i as usize).collect();
            assert_eq!(by_key, host, "{dtype}");
        }
    }

    #[test]
    fn canon_special_values() {
        let f = |x: f32| canon(DType::Float32, x.to_bits() as u64);
        assert_eq!(f(-0.0), f(0.0));
        assert_eq!(f(f32::NAN), f(-f32::NAN));
        assert_eq!(f(f32::NAN), 0xff80_0001);
        assert_eq!(f(f32::from_bits(0xffff_ffff)), f(f32::NAN));
        assert!(f(f32::INFINITY) < f(f32::NAN));
        assert!(f(f32::NEG_INFINITY) < f(-1.0));
        assert!(f(-1.0) < f(-f32::MIN_POSITIVE / 2.0));
        assert!(f(-f32::MIN_POSITIVE / 2.0) < f(0.0));
        assert!(f(0.0) < f(1e-45));
        let d = |x: f64| canon(DType::Float64, x.to_bits());
        assert_eq!(d(-0.0), d(0.0));
        assert!(d(f64::MAX) < d(f64::INFINITY) && d(f64::INFINITY) < d(f64::NAN));
        let h = |x: f32| canon(DType::Float16, half::f16::from_f32(x).to_bits() as u64);
        assert_eq!(h(-0.0), h(0.0));
        assert!(h(-2.0) < h(-1.0) && h(65504.0) < h(f32::INFINITY));
        assert_eq!(h(f32::NAN), 0xfc01);
        let b = |x: f32| canon(DType::BFloat16, half::bf16::from_f32(x).to_bits() as u64);
        assert!(b(-3.0) < b(0.0) && b(f32::INFINITY) < b(f32::NAN));
        assert!(canon(DType::Int8, 0xff) < canon(DType::Int8, 0));
        assert!(canon(DType::Int64, (-5i64) as u64) < canon(DType::Int64, 3));
        assert_eq!(canon(DType::Bool, 1), 1);
    }
}
