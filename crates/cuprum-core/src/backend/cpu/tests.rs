//! Tests of the CPU primitives against scalar references.

use super::*;
use crate::{Array, DType, Layout};
use half::{bf16, f16};
use num_complex::{Complex32, Complex64};

fn arr<T: crate::Element>(v: Vec<T>, shape: &[usize]) -> Array {
    Array::from_vec_on(v, shape, Device::Cpu).unwrap()
}

fn strided(a: &Array, shape: &[usize], strides: &[isize], offset: usize) -> Array {
    a.with_layout(Layout {
        shape: shape.to_vec(),
        strides: strides.to_vec(),
        offset,
    })
}

fn cast_to<T: crate::Element>(a: &Array, d: DType) -> Vec<T> {
    let out = Array::empty_on(a.shape(), d, Device::Cpu).unwrap();
    copy(a.view(), out.view()).unwrap();
    out.to_vec::<T>().unwrap()
}

#[test]
fn fill_every_dtype() {
    for &d in DType::ALL.iter() {
        let a = Array::empty_on(&[3, 2], d, Device::Cpu).unwrap();
        fill(a.view(), Scalar::Int(3)).unwrap();
        let item = strided(&a, &[], &[], 5).item().unwrap();
        match d {
            DType::Bool => assert_eq!(item, Scalar::Bool(true)),
            _ => assert_eq!(item.as_f64(), 3.0, "{d}"),
        }
    }
    let a = Array::empty_on(&[2], DType::Complex64, Device::Cpu).unwrap();
    fill(a.view(), Scalar::Complex(Complex64::new(1.5, -2.0))).unwrap();
    assert_eq!(
        a.to_vec::<Complex32>().unwrap(),
        vec![Complex32::new(1.5, -2.0); 2]
    );
    let a = Array::empty_on(&[2], DType::Int8, Device::Cpu).unwrap();
    fill(a.view(), Scalar::Float(-2.7)).unwrap();
    assert_eq!(a.to_vec::<i8>().unwrap(), vec![-2, -2]);
}

#[test]
fn fill_strided_view_only_touches_the_view() {
    let a = arr(vec![0i32; 12], &[3, 4]);
    // every other column, rows reversed
    let v = strided(&a, &[3, 2], &[-4, 2], 8);
    fill(v.view(), Scalar::Int(7)).unwrap();
    assert_eq!(
        a.to_vec::<i32>().unwrap(),
        vec![7, 0, 7, 0, 7, 0, 7, 0, 7, 0, 7, 0]
    );
}

#[test]
fn fill_large_parallel() {
    let n = 100_003;
    let a = Array::empty_on(&[n], DType::Float32, Device::Cpu).unwrap();
    fill(a.view(), Scalar::Float(0.25)).unwrap();
    assert!(a.to_vec::<f32>().unwrap().iter().all(|&x| x == 0.25));
}

#[test]
fn copy_casts_like_numpy() {
    let f = arr(vec![-2.7f64, -0.5, 0.0, 0.5, 2.7, 300.0], &[6]);
    assert_eq!(cast_to::<i32>(&f, DType::Int32), vec![-2, 0, 0, 0, 2, 300]);
    // float -> integer saturates (common.cuh's `sat_int`), the same bits on every device
    assert_eq!(cast_to::<u8>(&f, DType::UInt8), vec![0, 0, 0, 0, 2, 255]);
    assert_eq!(
        cast_to::<bool>(&f, DType::Bool),
        vec![true, true, false, true, true, true]
    );
    assert_eq!(
        cast_to::<f16>(&f, DType::Float16),
        [-2.7, -0.5, 0.0, 0.5, 2.7, 300.0]
            .map(f16::from_f64)
            .to_vec()
    );
    assert_eq!(
        cast_to::<bf16>(&f, DType::BFloat16),
        [-2.7, -0.5, 0.0, 0.5, 2.7, 300.0]
            .map(bf16::from_f64)
            .to_vec()
    );
    let i = arr(vec![-1i64, 255, 256, 1 << 40], &[4]);
    assert_eq!(cast_to::<i8>(&i, DType::Int8), vec![-1, -1, 0, 0]);
    assert_eq!(cast_to::<u16>(&i, DType::UInt16), vec![65535, 255, 256, 0]);
    assert_eq!(
        cast_to::<u64>(&i, DType::UInt64),
        vec![u64::MAX, 255, 256, 1 << 40]
    );
    assert_eq!(
        cast_to::<f32>(&i, DType::Float32),
        vec![-1.0, 255.0, 256.0, (1u64 << 40) as f32]
    );
    let big = arr(vec![1.8e19f64, -1.0], &[2]);
    assert_eq!(
        cast_to::<u64>(&big, DType::UInt64),
        vec![18_000_000_000_000_000_000, 0]
    );
    let c = arr(
        vec![
            Complex64::new(1.5, 2.0),
            Complex64::new(0.0, 1.0),
            Complex64::new(0.0, 0.0),
        ],
        &[3],
    );
    assert_eq!(cast_to::<f64>(&c, DType::Float64), vec![1.5, 0.0, 0.0]);
    assert_eq!(cast_to::<bool>(&c, DType::Bool), vec![true, true, false]);
    assert_eq!(cast_to::<i16>(&c, DType::Int16), vec![1, 0, 0]);
    assert_eq!(
        cast_to::<Complex32>(&c, DType::Complex64),
        vec![
            Complex32::new(1.5, 2.0),
            Complex32::new(0.0, 1.0),
            Complex32::new(0.0, 0.0)
        ]
    );
    let b = arr(vec![true, false], &[2]);
    assert_eq!(cast_to::<f32>(&b, DType::Float32), vec![1.0, 0.0]);
    assert_eq!(
        cast_to::<Complex64>(&b, DType::Complex128),
        vec![Complex64::new(1.0, 0.0), Complex64::new(0.0, 0.0)]
    );
    let u = arr(vec![u64::MAX], &[1]);
    assert_eq!(cast_to::<f64>(&u, DType::Float64), vec![u64::MAX as f64]);
    assert_eq!(cast_to::<i64>(&u, DType::Int64), vec![-1]);
    let h = arr(vec![f16::from_f32(1.5), f16::NAN, f16::INFINITY], &[3]);
    let hf = cast_to::<f64>(&h, DType::Float64);
    assert_eq!(hf[0], 1.5);
    assert!(hf[1].is_nan());
    assert_eq!(hf[2], f64::INFINITY);
}

#[test]
fn copy_every_dtype_pair_round_trips_small_ints() {
    let vals = [0i64, 1, 5, 100];
    for &s in DType::ALL.iter() {
        for &d in DType::ALL.iter() {
            let src = Array::empty_on(&[4], s, Device::Cpu).unwrap();
            for (k, &v) in vals.iter().enumerate() {
                fill(strided(&src, &[], &[], k).view(), Scalar::Int(v)).unwrap();
            }
            let dst = Array::empty_on(&[4], d, Device::Cpu).unwrap();
            copy(src.view(), dst.view()).unwrap();
            for (k, &v) in vals.iter().enumerate() {
                let got = strided(&dst, &[], &[], k).item().unwrap();
                let want = if s == DType::Bool || d == DType::Bool {
                    (v != 0) as u8 as f64
                } else {
                    v as f64
                };
                assert_eq!(got.as_f64(), want, "{s} -> {d} at {k}");
            }
        }
    }
}

#[test]
fn copy_strided_negative_and_zero_strides() {
    let a = arr((0..12).map(|x| x as f32).collect(), &[3, 4]);
    // a[::-1, ::2] (3x2)
    let v = strided(&a, &[3, 2], &[-4, 2], 8);
    let out = Array::empty_on(&[3, 2], DType::Float64, Device::Cpu).unwrap();
    copy(v.view(), out.view()).unwrap();
    assert_eq!(
        out.to_vec::<f64>().unwrap(),
        vec![8.0, 10.0, 4.0, 6.0, 0.0, 2.0]
    );
    // broadcast row a[1] to 3x4
    let b = strided(&a, &[3, 4], &[0, 1], 4);
    let out = Array::empty_on(&[3, 4], DType::Float32, Device::Cpu).unwrap();
    copy(b.view(), out.view()).unwrap();
    let row = [4.0f32, 5.0, 6.0, 7.0];
    assert_eq!(out.to_vec::<f32>().unwrap(), [row, row, row].concat());
    // transpose into a transposed destination
    let t = strided(&a, &[4, 3], &[1, 4], 0);
    let out = Array::empty_on(&[3, 4], DType::Int32, Device::Cpu).unwrap();
    let out_t = strided(&out, &[4, 3], &[1, 4], 0);
    copy(t.view(), out_t.view()).unwrap();
    assert_eq!(out.to_vec::<i32>().unwrap(), (0..12).collect::<Vec<_>>());
}

#[test]
fn copy_large_strided_parallel() {
    let (r, c) = (300, 257);
    let a = arr((0..r * c).map(|x| x as i64).collect(), &[r, c]);
    let t = strided(&a, &[c, r], &[1, c as isize], 0);
    let out = Array::empty_on(&[c, r], DType::Float64, Device::Cpu).unwrap();
    copy(t.view(), out.view()).unwrap();
    let got = out.to_vec::<f64>().unwrap();
    for i in 0..c {
        for j in 0..r {
            assert_eq!(got[i * r + j], (j * c + i) as f64);
        }
    }
}

#[test]
fn copy_within_one_buffer_reads_a_snapshot() {
    // a[1:] = a[:-1] on one buffer must shift, not smear
    let a = arr(vec![1i32, 2, 3, 4, 5], &[5]);
    let src = strided(&a, &[4], &[1], 0);
    let dst = strided(&a, &[4], &[1], 1);
    copy(src.view(), dst.view()).unwrap();
    assert_eq!(a.to_vec::<i32>().unwrap(), vec![1, 1, 2, 3, 4]);
}

#[test]
fn out_of_bounds_view_is_an_error_not_ub() {
    let a = arr(vec![1i32, 2, 3], &[3]);
    let bad = strided(&a, &[3], &[2], 0);
    let err = fill(bad.view(), Scalar::Int(0)).unwrap_err();
    assert!(
        matches!(
            err,
            Error::BadArgument {
                op: "fill",
                arg: "view",
                ..
            }
        ),
        "{err}"
    );
    let neg = strided(&a, &[3], &[-1], 1);
    assert!(copy(neg.view(), a.view()).is_err());
}

#[test]
fn empty_and_zero_d() {
    let e = Array::empty_on(&[0, 3], DType::Float32, Device::Cpu).unwrap();
    fill(e.view(), Scalar::Float(1.0)).unwrap();
    let z = arr(vec![2.5f64], &[]);
    let out = Array::empty_on((), DType::Int64, Device::Cpu).unwrap();
    copy(z.view(), out.view()).unwrap();
    assert_eq!(out.to_vec::<i64>().unwrap(), vec![2]);
}

/// Streaming (non-temporal) stores: operations whose operands together reach the last-level
/// cache's size ([`iter::stream_min_touched`]) write with them, smaller ones do not (checked through
/// [`iter::Plan::streams`]); the values are exact either way. Sizes just below, at and above the
/// threshold, for a binary float32 operation (12 bytes an element), a scalar one (8) and a
/// float64 copy into a 2-D view whose rows start off every 16-byte boundary (heads and tails
/// of every length), plus complex128 (16-byte elements) and uint8 (1-byte) copies.
#[test]
fn streaming_stores_straddling_the_threshold_are_exact() {
    use crate::backend::Side;
    use crate::ops::kinds::BinaryOp;
    let min = iter::stream_min_touched();
    let at = min.div_ceil(12);
    for n in [at - 4099, at, at + 4099] {
        let a: Vec<f32> = (0..n).map(|i| (i % 1000) as f32 * 0.25).collect();
        let b: Vec<f32> = (0..n).map(|i| (i % 77) as f32 - 30.0).collect();
        let (x, y) = (arr(a.clone(), &[n]), arr(b.clone(), &[n]));
        let out = Array::empty_on(&[n], DType::Float32, Device::Cpu).unwrap();
        let plan = Plan::new([out.layout(), x.layout(), y.layout()]);
        assert_eq!(plan.streams([4, 4, 4]), n * 12 >= min, "n = {n}");
        binary(BinaryOp::Subtract, x.view(), y.view(), out.view()).unwrap();
        let got = out.to_vec::<f32>().unwrap();
        for (i, ((&g, &a), &b)) in got.iter().zip(&a).zip(&b).enumerate() {
            assert_eq!(g, a - b, "element {i} of {n}");
        }
        // array * scalar: the scalar input does not count (8 bytes an element)
        let plan_s = Plan::new([
            out.layout(),
            x.layout(),
            &Layout {
                shape: vec![n],
                strides: vec![0],
                offset: 0,
            },
        ]);
        assert_eq!(plan_s.streams([4, 4, 4]), n * 8 >= min);
        binary_scalar(
            BinaryOp::Multiply,
            x.view(),
            Scalar::Float(3.0),
            Side::Left,
            out.view(),
        )
        .unwrap();
        let got = out.to_vec::<f32>().unwrap();
        for (i, (&g, &a)) in got.iter().zip(&a).enumerate() {
            assert_eq!(g, 3.0 * a, "element {i} of {n}");
        }
    }
    // float64 copy into the interior of a (r + 2) x (c + 3) array: rows of c elements at
    // offsets that cycle through every 8-byte position mod 16 and 64
    let c = 4097usize;
    for r in [min.div_ceil(16 * c) - 1, min.div_ceil(16 * c) + 1] {
        let big = crate::zeros_on(&[r + 2, c + 3], DType::Float64, Device::Cpu).unwrap();
        let view = strided(&big, &[r, c], &[(c + 3) as isize, 1], c + 3 + 1);
        let src: Vec<f64> = (0..r * c).map(|i| i as f64 * 0.5 - 7.0).collect();
        let s = arr(src.clone(), &[r, c]);
        assert_eq!(
            Plan::new([view.layout(), s.layout()]).streams([8, 8]),
            r * c * 16 >= min
        );
        copy(s.view(), view.view()).unwrap();
        let got = big.to_vec::<f64>().unwrap();
        for i in 0..r + 2 {
            for j in 0..c + 3 {
                let want = if (1..=r).contains(&i) && (1..=c).contains(&j) {
                    src[(i - 1) * c + j - 1]
                } else {
                    0.0
                };
                assert_eq!(got[i * (c + 3) + j], want, "({i}, {j}) of {r} x {c}");
            }
        }
    }
    // 16-byte and 1-byte elements, a length that is not a multiple of the staging block
    let n = min / 32 + 333;
    let z: Vec<Complex64> = (0..n)
        .map(|i| Complex64::new(i as f64, -(i as f64)))
        .collect();
    let zc = arr(z.clone(), &[n]);
    let out = Array::empty_on(&[n], DType::Complex128, Device::Cpu).unwrap();
    assert!(Plan::new([out.layout(), zc.layout()]).streams([16, 16]));
    copy(zc.view(), out.view()).unwrap();
    assert_eq!(out.to_vec::<Complex64>().unwrap(), z);
    let n = min / 2 + 333;
    let u: Vec<u8> = (0..n).map(|i| (i * 7 % 251) as u8).collect();
    let uc = arr(u.clone(), &[n]);
    let out = Array::empty_on(&[n], DType::UInt8, Device::Cpu).unwrap();
    assert!(Plan::new([out.layout(), uc.layout()]).streams([1, 1]));
    copy(uc.view(), out.view()).unwrap();
    assert_eq!(out.to_vec::<u8>().unwrap(), u);
}

#[test]
fn cache_sizes_parse_like_sysfs() {
    assert_eq!(iter::parse_cache_size("32768K\n"), Some(32 << 20));
    assert_eq!(iter::parse_cache_size("2M"), Some(2 << 20));
    assert_eq!(iter::parse_cache_size("512"), Some(512));
    assert_eq!(iter::parse_cache_size("x"), None);
    assert!(iter::llc_bytes() > 0);
    assert_eq!(iter::count_cpu_list("0-1\n"), Some(2));
    assert_eq!(iter::count_cpu_list("0,4-7"), Some(5));
    assert_eq!(iter::count_cpu_list("3"), Some(1));
    assert_eq!(iter::count_cpu_list("7-4"), None);
    assert_eq!(iter::count_cpu_list("a-b"), None);
    assert_eq!(iter::count_cpu_list(""), None);
}
