//! CUDA backend tests. Every primitive is compared with a reference computed on the host in
//! the test. Without a GPU the device tests print "skipped: no CUDA device" and pass, unless
//! `CUPRUM_REQUIRE_CUDA=1`, in which case they fail.

use super::codegen::{self, Family};
use super::*;
use crate::backend;
use crate::ops::kinds::{BinaryOp, UnaryOp};
use crate::{Array, DType, Device, Element, Error, Layout, Scalar, bf16, f16};
use num_complex::{Complex32, Complex64};

/// The device to test on, or `None` (after printing why) when there is none.
fn gpu() -> Option<usize> {
    if device_count() > 0 {
        return Some(0);
    }
    if crate::test_util::require_cuda() {
        panic!(
            "CUPRUM_REQUIRE_CUDA=1 but no CUDA device is usable: {}",
            init_error().unwrap_or_else(|| "0 devices".into())
        );
    }
    eprintln!("skipped: no CUDA device");
    None
}

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn f64(&mut self, lo: f64, hi: f64) -> f64 {
        lo + (hi - lo) * ((self.next() >> 11) as f64 / (1u64 << 53) as f64)
    }
    fn seeded() -> Rng {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos() as u64)
            .unwrap_or(1);
        Rng(t | 1)
    }
}

fn up<T: Element>(d: usize, v: &[T], shape: &[usize]) -> Array {
    Array::from_slice_on(v, shape, Device::Cuda(d)).unwrap()
}

fn empty(d: usize, shape: &[usize], dt: DType) -> Array {
    Array::empty_on(shape, dt, Device::Cuda(d)).unwrap()
}

fn un(op: UnaryOp, a: &Array, out: DType) -> Array {
    let o = empty(a.device_ordinal(), a.shape(), out);
    backend::unary(op, a.view(), o.view()).unwrap();
    o
}

fn bin(op: BinaryOp, a: &Array, b: &Array, out: DType) -> Array {
    let o = empty(a.device_ordinal(), a.shape(), out);
    backend::binary(op, a.view(), b.view(), o.view()).unwrap();
    o
}

impl Array {
    fn device_ordinal(&self) -> usize {
        match self.device() {
            Device::Cuda(i) => i,
            _ => 0,
        }
    }
}

fn close32(got: &[f32], want: &[f64], rtol: f64, what: &str) {
    assert_eq!(got.len(), want.len());
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        let g = g as f64;
        if w.is_nan() {
            assert!(g.is_nan(), "{what}[{i}]: got {g}, want NaN");
            continue;
        }
        let tol = rtol * w.abs().max(1e-30) + 1e-37;
        assert!(
            (g - w).abs() <= tol || g == w,
            "{what}[{i}]: got {g}, want {w}"
        );
    }
}

fn close64(got: &[f64], want: &[f64], rtol: f64, what: &str) {
    assert_eq!(got.len(), want.len());
    for (i, (&g, &w)) in got.iter().zip(want).enumerate() {
        if w.is_nan() {
            assert!(g.is_nan(), "{what}[{i}]: got {g}, want NaN");
            continue;
        }
        assert!(
            (g - w).abs() <= rtol * w.abs() + 1e-300 || g == w,
            "{what}[{i}]: got {g}, want {w}"
        );
    }
}

#[test]
fn detection_never_panics() {
    let n = device_count();
    if n == 0 {
        let e = Device::Cuda(0).check_available("test").unwrap_err();
        assert!(matches!(
            e,
            cuprum_cuda::Error::DeviceUnavailable { .. }
                | cuprum_cuda::Error::LibraryNotFound { .. }
        ));
        assert!(alloc(0, 16).is_err());
        assert!(properties(0).is_err());
    } else {
        let p = properties(0).unwrap();
        assert!(p.multiprocessor_count > 0 && p.total_memory > 0, "{p:?}");
        assert!(Device::Cuda(n).check_available("test").is_err());
    }
}

#[test]
fn host_device_roundtrip() {
    let Some(d) = gpu() else { return };
    let mut r = Rng::seeded();
    for n in [0usize, 1, 7, 1000, 123_457] {
        let bytes: Vec<u8> = (0..n).map(|_| r.next() as u8).collect();
        let s = from_host(d, &bytes).unwrap();
        assert_eq!(to_host(&s, 0, n).unwrap(), bytes);
        if n > 3 {
            assert_eq!(to_host(&s, 2, n - 3).unwrap(), bytes[2..n - 1]);
        }
        assert!(to_host(&s, 1, n).is_err());
    }
    let (free, total) = mem_get_info(d).unwrap();
    assert!(free > 0 && free <= total);
}

#[test]
fn out_of_memory_names_bytes() {
    let Some(d) = gpu() else { return };
    match alloc(d, 1usize << 52) {
        Err(Error::OutOfMemory {
            requested, free, ..
        }) => {
            assert_eq!(requested, 1usize << 52);
            assert!(free > 0);
        }
        other => panic!("expected OutOfMemory, got {other:?}"),
    }
}

#[test]
fn device_ptr_includes_offset() {
    let Some(d) = gpu() else { return };
    let a = up(d, &[1.0f64, 2.0, 3.0, 4.0], &[4]);
    let base = a.device_ptr().unwrap();
    let v = a.with_layout(Layout {
        shape: vec![2],
        strides: vec![1],
        offset: 2,
    });
    assert_eq!(v.device_ptr().unwrap(), base + 16);
    assert_eq!(v.to_vec::<f64>().unwrap(), vec![3.0, 4.0]);
}

#[test]
fn fill_every_dtype_and_layout() {
    let Some(d) = gpu() else { return };
    let a = empty(d, &[5], DType::Int32);
    backend::fill(a.view(), Scalar::Float(2.75)).unwrap();
    assert_eq!(a.to_vec::<i32>().unwrap(), vec![2; 5]);
    let a = empty(d, &[3], DType::UInt8);
    backend::fill(a.view(), Scalar::Int(-1)).unwrap();
    assert_eq!(a.to_vec::<u8>().unwrap(), vec![255; 3]);
    backend::fill(a.view(), Scalar::Float(300.0)).unwrap();
    assert_eq!(a.to_vec::<u8>().unwrap(), vec![255; 3]);
    let a = empty(d, &[1000], DType::Float16);
    backend::fill(a.view(), Scalar::Float(-2.5)).unwrap();
    assert!(
        a.to_vec::<f16>()
            .unwrap()
            .iter()
            .all(|x| x.to_f32() == -2.5)
    );
    let a = empty(d, &[33], DType::BFloat16);
    backend::fill(a.view(), Scalar::Float(1.0 / 3.0)).unwrap();
    assert!(
        a.to_vec::<bf16>()
            .unwrap()
            .iter()
            .all(|x| *x == bf16::from_f64(1.0 / 3.0))
    );
    let a = empty(d, &[7], DType::Complex64);
    backend::fill(a.view(), Scalar::Complex(Complex64::new(1.5, -2.0))).unwrap();
    assert!(
        a.to_vec::<Complex32>()
            .unwrap()
            .iter()
            .all(|z| *z == Complex32::new(1.5, -2.0))
    );
    let a = empty(d, &[9], DType::Bool);
    backend::fill(a.view(), Scalar::Float(0.5)).unwrap();
    assert_eq!(a.to_vec::<bool>().unwrap(), vec![true; 9]);
    // zero fill (memset path) and a strided fill of every other element of a 2-D view
    let a = up(d, &(0..24).map(|x| x as f64).collect::<Vec<_>>(), &[4, 6]);
    backend::fill(a.view(), Scalar::Int(0)).unwrap();
    assert_eq!(a.to_vec::<f64>().unwrap(), vec![0.0; 24]);
    let v = a.with_layout(Layout {
        shape: vec![2, 3],
        strides: vec![12, 2],
        offset: 1,
    });
    backend::fill(v.view(), Scalar::Float(7.0)).unwrap();
    let got = a.to_vec::<f64>().unwrap();
    for (i, g) in got.iter().enumerate() {
        let (r, c) = (i / 6, i % 6);
        let want = if r % 2 == 0 && c % 2 == 1 { 7.0 } else { 0.0 };
        assert_eq!(*g, want, "element {i}");
    }
}

/// Host reference of NumPy's astype from f64 (Rust `as`: saturating, NaN → 0).
fn cast_f64(v: f64, to: DType) -> f64 {
    match to {
        DType::Bool => (v != 0.0) as u8 as f64,
        DType::Int8 => v as i8 as f64,
        DType::Int16 => v as i16 as f64,
        DType::Int32 => v as i32 as f64,
        DType::Int64 => v as i64 as f64,
        DType::UInt8 => v as u8 as f64,
        DType::UInt16 => v as u16 as f64,
        DType::UInt32 => v as u32 as f64,
        DType::UInt64 => v as u64 as f64,
        DType::Float16 => f16::from_f64(v).to_f64(),
        DType::BFloat16 => bf16::from_f64(v).to_f64(),
        DType::Float32 => v as f32 as f64,
        _ => v,
    }
}

fn as_f64_vec(a: &Array) -> Vec<f64> {
    let b = a.to_bytes().unwrap();
    let isz = a.dtype().itemsize();
    b.chunks(isz)
        .map(|c| crate::array::scalar_from_bytes(a.dtype(), c).as_f64())
        .collect()
}

#[test]
fn copy_casts_between_all_dtypes() {
    let Some(d) = gpu() else { return };
    let vals = [
        0.0,
        1.0,
        -1.0,
        2.5,
        -2.5,
        3.5,
        100.7,
        -129.0,
        300.0,
        70000.0,
        1e10,
        -1e20,
        f64::NAN,
        0.1,
        65519.0,
        1.0e-8,
    ];
    let src = up(d, &vals, &[vals.len()]);
    for to in DType::ALL {
        if to.is_complex() {
            continue;
        }
        let dst = empty(d, &[vals.len()], to);
        backend::copy(src.view(), dst.view()).unwrap();
        let got = as_f64_vec(&dst);
        for (i, (&g, &v)) in got.iter().zip(&vals).enumerate() {
            let w = cast_f64(v, to);
            assert!(
                g == w || (g.is_nan() && w.is_nan()),
                "float64 {v} -> {to}: got {g}, want {w} (#{i})"
            );
        }
    }
    // every dtype back to float64 (small integers are exact everywhere)
    let ints: Vec<f64> = vec![0.0, 1.0, 2.0, 3.0, 100.0, 127.0];
    for from in DType::ALL {
        let s = empty(d, &[ints.len()], from);
        let f = up(d, &ints, &[ints.len()]);
        backend::copy(f.view(), s.view()).unwrap();
        let back = empty(d, &[ints.len()], DType::Float64);
        backend::copy(s.view(), back.view()).unwrap();
        let want: Vec<f64> = ints
            .iter()
            .map(|&x| {
                if from == DType::Bool {
                    (x != 0.0) as u8 as f64
                } else {
                    x
                }
            })
            .collect();
        assert_eq!(back.to_vec::<f64>().unwrap(), want, "{from} -> float64");
    }
    // integer wrap-around and complex parts
    let a = up(d, &[300i64, -1, 200, -129], &[4]);
    let b = empty(d, &[4], DType::Int8);
    backend::copy(a.view(), b.view()).unwrap();
    assert_eq!(b.to_vec::<i8>().unwrap(), vec![44, -1, -56, 127]);
    let z = up(
        d,
        &[Complex64::new(2.5, -1.0), Complex64::new(0.0, 3.0)],
        &[2],
    );
    let r = empty(d, &[2], DType::Float32);
    backend::copy(z.view(), r.view()).unwrap();
    assert_eq!(r.to_vec::<f32>().unwrap(), vec![2.5, 0.0]);
    let bb = empty(d, &[2], DType::Bool);
    backend::copy(z.view(), bb.view()).unwrap();
    assert_eq!(bb.to_vec::<bool>().unwrap(), vec![true, true]);
    let c = empty(d, &[2], DType::Complex64);
    backend::copy(z.view(), c.view()).unwrap();
    assert_eq!(
        c.to_vec::<Complex32>().unwrap(),
        vec![Complex32::new(2.5, -1.0), Complex32::new(0.0, 3.0)]
    );
}

/// Host reference: the elements of a view in C order.
fn host_view<T: Copy>(data: &[T], l: &Layout) -> Vec<T> {
    l.positions().into_iter().map(|p| data[p]).collect()
}

#[test]
fn copy_every_layout_class() {
    let Some(d) = gpu() else { return };
    let mut r = Rng::seeded();
    // transposes of several sizes and every tile kernel (0: vectorized whole tiles, with plain
    // edge tiles), plus a cast (which takes the plain path inside the vectorized kernel)
    for &(rows, cols) in &[(1usize, 1usize), (3, 5), (100, 37), (128, 256), (257, 1031)] {
        for tile in [32, 64, 0] {
            ops::set_transpose_tile(tile);
            let data: Vec<f32> = (0..rows * cols).map(|_| r.f64(-1e3, 1e3) as f32).collect();
            let a = up(d, &data, &[rows, cols]);
            let t = a.with_layout(a.layout().permute("t", &[1, 0]).unwrap());
            let out = empty(d, &[cols, rows], DType::Float32);
            backend::copy(t.view(), out.view()).unwrap();
            assert_eq!(out.to_vec::<f32>().unwrap(), host_view(&data, t.layout()));
            let out64 = empty(d, &[cols, rows], DType::Float64);
            backend::copy(t.view(), out64.view()).unwrap();
            let want: Vec<f64> = host_view(&data, t.layout())
                .iter()
                .map(|&x| x as f64)
                .collect();
            assert_eq!(out64.to_vec::<f64>().unwrap(), want);
        }
    }
    ops::set_transpose_tile(0);
    // float64 and complex64 (8-byte elements, two per vector) through the vectorized kernel
    let data: Vec<f64> = (0..192 * 320).map(|_| r.f64(-1e3, 1e3)).collect();
    let a = up(d, &data, &[192, 320]);
    let t = a.with_layout(a.layout().permute("t", &[1, 0]).unwrap());
    let out = empty(d, &[320, 192], DType::Float64);
    backend::copy(t.view(), out.view()).unwrap();
    assert_eq!(out.to_vec::<f64>().unwrap(), host_view(&data, t.layout()));
    ops::set_transpose_tile(0);
    let data: Vec<i16> = (0..4096).map(|_| r.next() as i16).collect();
    let a = up(d, &data, &[4096]);
    let layouts = [
        // reversed
        Layout {
            shape: vec![4096],
            strides: vec![-1],
            offset: 4095,
        },
        // sliced with offset (misaligned: scalar accesses)
        Layout {
            shape: vec![4000],
            strides: vec![1],
            offset: 3,
        },
        // stepped 2-D
        Layout {
            shape: vec![16, 20],
            strides: vec![256, 3],
            offset: 5,
        },
        // broadcast rows
        Layout {
            shape: vec![7, 64],
            strides: vec![0, 1],
            offset: 64,
        },
        // 10 axes that do not merge (more than the kernel's 8: split on the host)
        Layout {
            shape: vec![2, 2, 2, 2, 2, 2, 2, 2, 2, 3],
            strides: vec![-400, 190, 90, 40, 19, 9, 4, 2, 1, 0],
            offset: 1000,
        },
    ];
    for l in layouts {
        let v = a.with_layout(l.clone());
        let got = v.to_vec::<i16>().unwrap();
        assert_eq!(got, host_view(&data, &l), "layout {l:?}");
        // and as a strided destination
        let dst = up(d, &vec![0i16; 4096], &[4096]);
        let dv = dst.with_layout(l.clone());
        let src = up(d, &got, &l.shape);
        if l.strides.contains(&0) {
            continue;
        }
        backend::copy(src.view(), dv.view()).unwrap();
        let back = dst.to_vec::<i16>().unwrap();
        for (i, p) in l.positions().into_iter().enumerate() {
            assert_eq!(back[p], got[i]);
        }
    }
}

#[test]
fn copy_with_64bit_offsets() {
    let Some(d) = gpu() else { return };
    let big = (1usize << 31) + 64;
    let buf = empty(d, &[big], DType::UInt8);
    backend::fill(buf.view(), Scalar::Int(3)).unwrap();
    let v = buf.with_layout(Layout {
        shape: vec![2, 4],
        strides: vec![1 << 31, 1],
        offset: 10,
    });
    let src = up(d, &[1u8, 2, 3, 4, 5, 6, 7, 8], &[2, 4]);
    backend::copy(src.view(), v.view()).unwrap();
    assert_eq!(v.to_vec::<u8>().unwrap(), vec![1, 2, 3, 4, 5, 6, 7, 8]);
    let tail = buf.with_layout(Layout {
        shape: vec![6],
        strides: vec![1],
        offset: (1 << 31) + 8,
    });
    assert_eq!(tail.to_vec::<u8>().unwrap(), vec![3, 3, 5, 6, 7, 8]);
}

#[test]
fn unary_float_ops_match_std() {
    let Some(d) = gpu() else { return };
    let mut r = Rng::seeded();
    let n = 1003;
    type F = fn(f64) -> f64;
    let cases: &[(UnaryOp, F, f64, f64)] = &[
        (UnaryOp::Sqrt, f64::sqrt, 0.0, 1e4),
        (UnaryOp::Cbrt, f64::cbrt, -1e3, 1e3),
        (UnaryOp::Exp, f64::exp, -50.0, 50.0),
        (UnaryOp::Exp2, f64::exp2, -50.0, 50.0),
        (UnaryOp::Expm1, f64::exp_m1, -1.0, 1.0),
        (UnaryOp::Log, f64::ln, 1e-3, 1e6),
        (UnaryOp::Log2, f64::log2, 1e-3, 1e6),
        (UnaryOp::Log10, f64::log10, 1e-3, 1e6),
        (UnaryOp::Log1p, f64::ln_1p, -0.5, 10.0),
        (UnaryOp::Sin, f64::sin, -10.0, 10.0),
        (UnaryOp::Cos, f64::cos, -10.0, 10.0),
        (UnaryOp::Tan, f64::tan, -1.5, 1.5),
        (UnaryOp::Arcsin, f64::asin, -1.0, 1.0),
        (UnaryOp::Arccos, f64::acos, -1.0, 1.0),
        (UnaryOp::Arctan, f64::atan, -10.0, 10.0),
        (UnaryOp::Sinh, f64::sinh, -5.0, 5.0),
        (UnaryOp::Cosh, f64::cosh, -5.0, 5.0),
        (UnaryOp::Tanh, f64::tanh, -5.0, 5.0),
        (UnaryOp::Arcsinh, f64::asinh, -10.0, 10.0),
        (UnaryOp::Arccosh, f64::acosh, 1.0, 10.0),
        (UnaryOp::Arctanh, f64::atanh, -0.99, 0.99),
        (UnaryOp::Floor, f64::floor, -10.0, 10.0),
        (UnaryOp::Ceil, f64::ceil, -10.0, 10.0),
        (UnaryOp::Trunc, f64::trunc, -10.0, 10.0),
        (UnaryOp::Rint, f64::round_ties_even, -10.0, 10.0),
        (UnaryOp::Negative, |x| -x, -10.0, 10.0),
        (UnaryOp::Abs, f64::abs, -10.0, 10.0),
        (UnaryOp::Square, |x| x * x, -10.0, 10.0),
        (UnaryOp::Reciprocal, |x| 1.0 / x, 0.5, 10.0),
        (UnaryOp::Deg2Rad, f64::to_radians, -360.0, 360.0),
        (UnaryOp::Rad2Deg, f64::to_degrees, -7.0, 7.0),
    ];
    for &(op, f, lo, hi) in cases {
        let x: Vec<f64> = (0..n).map(|_| r.f64(lo, hi)).collect();
        let x32: Vec<f32> = x.iter().map(|&v| v as f32).collect();
        let a64 = up(d, &x, &[n]);
        let a32 = up(d, &x32, &[n]);
        let want64: Vec<f64> = x.iter().map(|&v| f(v)).collect();
        let want32: Vec<f64> = x32.iter().map(|&v| f(v as f64)).collect();
        let g64 = un(op, &a64, DType::Float64).to_vec::<f64>().unwrap();
        close64(&g64, &want64, 1e-14, op.name());
        let g32 = un(op, &a32, DType::Float32).to_vec::<f32>().unwrap();
        // float32 results: a few ulp from the correctly rounded value
        let want32r: Vec<f64> = want32.iter().map(|&w| w as f32 as f64).collect();
        close32(&g32, &want32r, 4e-7 * 4.0, op.name());
    }
    // rint rounds half to even; sign keeps NaN
    let a = up(d, &[0.5f64, 1.5, 2.5, -0.5, -2.5, 3.49], &[6]);
    let g = un(UnaryOp::Rint, &a, DType::Float64)
        .to_vec::<f64>()
        .unwrap();
    assert_eq!(g, vec![0.0, 2.0, 2.0, -0.0, -2.0, 3.0]);
    assert!(g[3].is_sign_negative());
    let a = up(d, &[f32::NAN, -3.0, 0.0, -0.0, 2.0, f32::INFINITY], &[6]);
    let g = un(UnaryOp::Sign, &a, DType::Float32)
        .to_vec::<f32>()
        .unwrap();
    assert!(g[0].is_nan());
    assert_eq!(&g[1..], &[-1.0, 0.0, 0.0, 1.0, 1.0]);
    let pred = |op| un(op, &a, DType::Bool).to_vec::<bool>().unwrap();
    assert_eq!(
        pred(UnaryOp::IsNan),
        vec![true, false, false, false, false, false]
    );
    assert_eq!(
        pred(UnaryOp::IsInf),
        vec![false, false, false, false, false, true]
    );
    assert_eq!(
        pred(UnaryOp::IsFinite),
        vec![false, true, true, true, true, false]
    );
    assert_eq!(
        pred(UnaryOp::Signbit),
        vec![false, true, false, true, false, false]
    );
    assert_eq!(
        pred(UnaryOp::LogicalNot),
        vec![false, false, true, true, false, false]
    );
}

#[test]
fn unary_integer_ops_wrap() {
    let Some(d) = gpu() else { return };
    let x = [i8::MIN, -5, -1, 0, 1, 7, i8::MAX];
    let a = up(d, &x, &[7]);
    let g = |op| un(op, &a, DType::Int8).to_vec::<i8>().unwrap();
    assert_eq!(g(UnaryOp::Negative), x.map(|v| v.wrapping_neg()).to_vec());
    assert_eq!(g(UnaryOp::Abs), x.map(|v| v.wrapping_abs()).to_vec());
    assert_eq!(g(UnaryOp::Sign), x.map(|v| v.signum()).to_vec());
    assert_eq!(g(UnaryOp::Invert), x.map(|v| !v).to_vec());
    assert_eq!(g(UnaryOp::Square), x.map(|v| v.wrapping_mul(v)).to_vec());
    let u = up(d, &[0u32, 1, 5, u32::MAX], &[4]);
    let g = un(UnaryOp::Negative, &u, DType::UInt32)
        .to_vec::<u32>()
        .unwrap();
    assert_eq!(g, vec![0, u32::MAX, 0u32.wrapping_sub(5), 1]);
    let b = up(d, &[true, false], &[2]);
    assert_eq!(
        un(UnaryOp::Invert, &b, DType::Bool)
            .to_vec::<bool>()
            .unwrap(),
        vec![false, true]
    );
    // sqrt of an integer dtype into float64 (the layer above picks float64 for int32)
    let i = up(d, &[4i32, 9, 2], &[3]);
    let s = un(UnaryOp::Sqrt, &i, DType::Float64)
        .to_vec::<f64>()
        .unwrap();
    assert_eq!(s, vec![2.0, 3.0, 2f64.sqrt()]);
    // float-only op on an integer output dtype is a dtype error, not a compile failure
    let o = empty(d, &[3], DType::Int32);
    assert!(matches!(
        backend::unary(UnaryOp::Exp, i.view(), o.view()),
        Err(Error::DType { .. })
    ));
}

fn py_floordiv(a: i64, b: i64) -> i64 {
    if b == 0 {
        return 0;
    }
    let q = a.wrapping_div(b);
    if a % b != 0 && ((a < 0) != (b < 0)) {
        q - 1
    } else {
        q
    }
}
fn py_mod(a: i64, b: i64) -> i64 {
    if b == 0 {
        return 0;
    }
    let r = a.wrapping_rem(b);
    if r != 0 && ((r < 0) != (b < 0)) {
        r + b
    } else {
        r
    }
}

#[test]
fn binary_integer_numpy_semantics() {
    let Some(d) = gpu() else { return };
    let mut r = Rng::seeded();
    let n = 2000;
    let x: Vec<i32> = (0..n).map(|_| (r.next() % 201) as i32 - 100).collect();
    let y: Vec<i32> = (0..n).map(|_| (r.next() % 21) as i32 - 10).collect();
    let (a, b) = (up(d, &x, &[n]), up(d, &y, &[n]));
    let g = |op| bin(op, &a, &b, DType::Int32).to_vec::<i32>().unwrap();
    let w = |f: &dyn Fn(i64, i64) -> i64| -> Vec<i32> {
        x.iter()
            .zip(&y)
            .map(|(&p, &q)| f(p as i64, q as i64) as i32)
            .collect()
    };
    assert_eq!(g(BinaryOp::FloorDivide), w(&py_floordiv));
    assert_eq!(g(BinaryOp::Remainder), w(&py_mod));
    assert_eq!(g(BinaryOp::Fmod), w(&|p, q| if q == 0 { 0 } else { p % q }));
    assert_eq!(g(BinaryOp::Add), w(&|p, q| p + q));
    assert_eq!(g(BinaryOp::Subtract), w(&|p, q| p - q));
    assert_eq!(g(BinaryOp::Multiply), w(&|p, q| p * q));
    assert_eq!(g(BinaryOp::Maximum), w(&|p, q| p.max(q)));
    assert_eq!(g(BinaryOp::Minimum), w(&|p, q| p.min(q)));
    assert_eq!(g(BinaryOp::BitwiseAnd), w(&|p, q| p & q));
    assert_eq!(g(BinaryOp::BitwiseXor), w(&|p, q| p ^ q));
    // wrapping, INT_MIN / -1, shifts, powers
    let a = up(d, &[i8::MIN, 100, -7, 5, -128, 3], &[6]);
    let b = up(d, &[-1i8, 100, 2, 9, 1, 4], &[6]);
    let g = |op| bin(op, &a, &b, DType::Int8).to_vec::<i8>().unwrap();
    assert_eq!(g(BinaryOp::FloorDivide), vec![i8::MIN, 1, -4, 0, -128, 0]);
    assert_eq!(g(BinaryOp::Remainder), vec![0, 0, 1, 5, 0, 3]);
    assert_eq!(g(BinaryOp::Add), vec![127, -56, -5, 14, -127, 7]);
    assert_eq!(g(BinaryOp::LeftShift), vec![0, 0, -28, 0, 0, 48]);
    assert_eq!(g(BinaryOp::RightShift), vec![-1, 0, -2, 0, -64, 0]);
    // NumPy wraps integer powers: int8 5**9 == 101; a negative exponent (rejected above this
    // layer) gives 0 here for |base| > 1
    let want: Vec<i8> = [
        (i8::MIN, -1i8),
        (100, 100),
        (-7, 2),
        (5, 9),
        (-128, 1),
        (3, 4),
    ]
    .iter()
    .map(|&(p, q)| if q < 0 { 0 } else { p.wrapping_pow(q as u32) })
    .collect();
    assert_eq!(g(BinaryOp::Power), want);
    let u = up(d, &[200u8, 7, 255], &[3]);
    let v = up(d, &[0u8, 2, 8], &[3]);
    let g = |op| bin(op, &u, &v, DType::UInt8).to_vec::<u8>().unwrap();
    assert_eq!(g(BinaryOp::FloorDivide), vec![0, 3, 31]);
    assert_eq!(g(BinaryOp::Remainder), vec![0, 1, 7]);
    assert_eq!(g(BinaryOp::LeftShift), vec![200, 28, 0]);
    assert_eq!(g(BinaryOp::Power), vec![1, 49, 1]);
    let p = bin(
        BinaryOp::Power,
        &up(d, &[3i64], &[1]),
        &up(d, &[40i64], &[1]),
        DType::Int64,
    );
    assert_eq!(p.to_vec::<i64>().unwrap(), vec![3i64.wrapping_pow(40)]);
}

fn np_divmod(a: f64, b: f64) -> (f64, f64) {
    if b == 0.0 {
        return (a / b, a % b);
    }
    let m = a % b;
    let mut div = (a - m) / b;
    let mut md = m;
    if m != 0.0 {
        if (b < 0.0) != (m < 0.0) {
            md += b;
            div -= 1.0;
        }
    } else {
        md = 0f64.copysign(b);
    }
    let fd = if div != 0.0 {
        let mut f = div.floor();
        if div - f > 0.5 {
            f += 1.0;
        }
        f
    } else {
        0f64.copysign(a / b)
    };
    (fd, md)
}

#[test]
fn binary_float_numpy_semantics() {
    let Some(d) = gpu() else { return };
    let mut r = Rng::seeded();
    let n = 1500;
    let mut x: Vec<f64> = (0..n).map(|_| r.f64(-100.0, 100.0)).collect();
    let mut y: Vec<f64> = (0..n).map(|_| r.f64(-10.0, 10.0)).collect();
    let specials = [
        (5.0, 0.0),
        (-5.0, 0.0),
        (0.0, 0.0),
        (-0.0, 3.0),
        (3.0, f64::INFINITY),
        (-3.0, f64::INFINITY),
        (f64::NAN, 1.0),
        (1.0, f64::NAN),
        (f64::INFINITY, 2.0),
        (7.5, -2.5),
        (-7.5, 2.5),
        (0.0, -2.0),
    ];
    for (i, &(p, q)) in specials.iter().enumerate() {
        x[i] = p;
        y[i] = q;
    }
    let (a, b) = (up(d, &x, &[n]), up(d, &y, &[n]));
    let g = |op| bin(op, &a, &b, DType::Float64).to_vec::<f64>().unwrap();
    let same = |got: Vec<f64>, f: &dyn Fn(f64, f64) -> f64, what: &str| {
        for i in 0..n {
            let w = f(x[i], y[i]);
            let ok = (got[i].is_nan() && w.is_nan())
                || (got[i] == w && got[i].is_sign_negative() == w.is_sign_negative())
                || (got[i] - w).abs() <= 1e-15 * w.abs();
            assert!(ok, "{what}({}, {}): got {}, want {w}", x[i], y[i], got[i]);
        }
    };
    same(
        g(BinaryOp::FloorDivide),
        &|p, q| np_divmod(p, q).0,
        "floor_divide",
    );
    same(
        g(BinaryOp::Remainder),
        &|p, q| np_divmod(p, q).1,
        "remainder",
    );
    same(g(BinaryOp::Fmod), &|p, q| p % q, "fmod");
    same(g(BinaryOp::Divide), &|p, q| p / q, "divide");
    same(
        g(BinaryOp::Maximum),
        &|p, q| {
            if p.is_nan() || q.is_nan() {
                f64::NAN
            } else if p >= q {
                p
            } else {
                q
            }
        },
        "maximum",
    );
    same(
        g(BinaryOp::Minimum),
        &|p, q| {
            if p.is_nan() || q.is_nan() {
                f64::NAN
            } else if p <= q {
                p
            } else {
                q
            }
        },
        "minimum",
    );
    same(g(BinaryOp::Fmax), &f64::max, "fmax");
    same(g(BinaryOp::Fmin), &f64::min, "fmin");
    same(g(BinaryOp::Hypot), &f64::hypot, "hypot");
    same(g(BinaryOp::Arctan2), &f64::atan2, "arctan2");
    same(g(BinaryOp::Copysign), &f64::copysign, "copysign");
    let ge = bin(BinaryOp::GreaterEqual, &a, &b, DType::Bool)
        .to_vec::<bool>()
        .unwrap();
    for i in 0..n {
        assert_eq!(ge[i], x[i] >= y[i]);
    }
    // nextafter in float32 and float16 (bit stepping in the storage type)
    let a = up(d, &[1.0f32, 1.0, 0.0, -0.0], &[4]);
    let b = up(d, &[2.0f32, 0.0, -1.0, 1.0], &[4]);
    let g = bin(BinaryOp::Nextafter, &a, &b, DType::Float32)
        .to_vec::<f32>()
        .unwrap();
    assert_eq!(g[0], f32::from_bits(1.0f32.to_bits() + 1));
    assert_eq!(g[1], f32::from_bits(1.0f32.to_bits() - 1));
    assert_eq!(g[2].to_bits(), 0x8000_0001);
    assert_eq!(g[3].to_bits(), 1);
    let h = |v: &[f32]| v.iter().map(|&x| f16::from_f32(x)).collect::<Vec<_>>();
    let a = up(d, &h(&[1.0, 1.0, 0.0, -2.0]), &[4]);
    let b = up(d, &h(&[2.0, 0.0, -1.0, -3.0]), &[4]);
    let g = bin(BinaryOp::Nextafter, &a, &b, DType::Float16)
        .to_vec::<f16>()
        .unwrap();
    assert_eq!(g[0].to_bits(), f16::from_f32(1.0).to_bits() + 1);
    assert_eq!(g[1].to_bits(), f16::from_f32(1.0).to_bits() - 1);
    assert_eq!(g[2].to_bits(), 0x8001);
    assert_eq!(g[3].to_bits(), f16::from_f32(-2.0).to_bits() + 1);
}

#[test]
fn half_precision_rounds_once() {
    let Some(d) = gpu() else { return };
    let mut r = Rng::seeded();
    let n = 777;
    let x: Vec<f32> = (0..n).map(|_| r.f64(-8.0, 8.0) as f32).collect();
    let y: Vec<f32> = (0..n).map(|_| r.f64(0.5, 8.0) as f32).collect();
    let xh: Vec<f16> = x.iter().map(|&v| f16::from_f32(v)).collect();
    let yh: Vec<f16> = y.iter().map(|&v| f16::from_f32(v)).collect();
    let xb: Vec<bf16> = x.iter().map(|&v| bf16::from_f32(v)).collect();
    let yb: Vec<bf16> = y.iter().map(|&v| bf16::from_f32(v)).collect();
    for op in [
        BinaryOp::Add,
        BinaryOp::Multiply,
        BinaryOp::Divide,
        BinaryOp::Subtract,
    ] {
        let f = |p: f32, q: f32| match op {
            BinaryOp::Add => p + q,
            BinaryOp::Multiply => p * q,
            BinaryOp::Divide => p / q,
            _ => p - q,
        };
        let g = bin(op, &up(d, &xh, &[n]), &up(d, &yh, &[n]), DType::Float16)
            .to_vec::<f16>()
            .unwrap();
        for i in 0..n {
            let w = f16::from_f32(f(xh[i].to_f32(), yh[i].to_f32()));
            assert_eq!(g[i].to_bits(), w.to_bits(), "f16 {} {i}", op.name());
        }
        let g = bin(op, &up(d, &xb, &[n]), &up(d, &yb, &[n]), DType::BFloat16)
            .to_vec::<bf16>()
            .unwrap();
        for i in 0..n {
            let w = bf16::from_f32(f(xb[i].to_f32(), yb[i].to_f32()));
            assert_eq!(g[i].to_bits(), w.to_bits(), "bf16 {} {i}", op.name());
        }
    }
    let g = un(UnaryOp::Exp, &up(d, &xh, &[n]), DType::Float16)
        .to_vec::<f16>()
        .unwrap();
    for i in 0..n {
        let w = (xh[i].to_f32() as f64).exp();
        let got = g[i].to_f64();
        assert!((got - w).abs() <= w * 1e-3, "exp f16 {i}: {got} vs {w}");
    }
}

#[test]
fn complex_ops_match_num_complex() {
    let Some(d) = gpu() else { return };
    let mut r = Rng::seeded();
    let n = 500;
    let x: Vec<Complex64> = (0..n)
        .map(|_| Complex64::new(r.f64(-3.0, 3.0), r.f64(-3.0, 3.0)))
        .collect();
    let y: Vec<Complex64> = (0..n)
        .map(|_| Complex64::new(r.f64(-3.0, 3.0), r.f64(-3.0, 3.0)))
        .collect();
    let (a, b) = (up(d, &x, &[n]), up(d, &y, &[n]));
    let check = |got: Vec<Complex64>, f: &dyn Fn(Complex64, Complex64) -> Complex64, what: &str| {
        for i in 0..n {
            let w = f(x[i], y[i]);
            assert!(
                (got[i] - w).norm() <= 1e-12 * w.norm().max(1.0),
                "{what}({}, {}): got {}, want {w}",
                x[i],
                y[i],
                got[i]
            );
        }
    };
    let gb = |op| {
        bin(op, &a, &b, DType::Complex128)
            .to_vec::<Complex64>()
            .unwrap()
    };
    check(gb(BinaryOp::Add), &|p, q| p + q, "add");
    check(gb(BinaryOp::Multiply), &|p, q| p * q, "multiply");
    check(gb(BinaryOp::Divide), &|p, q| p / q, "divide");
    check(gb(BinaryOp::Power), &|p, q| p.powc(q), "power");
    let gu = |op| un(op, &a, DType::Complex128).to_vec::<Complex64>().unwrap();
    check(gu(UnaryOp::Exp), &|p, _| p.exp(), "exp");
    check(gu(UnaryOp::Log), &|p, _| p.ln(), "log");
    check(gu(UnaryOp::Sqrt), &|p, _| p.sqrt(), "sqrt");
    check(gu(UnaryOp::Sin), &|p, _| p.sin(), "sin");
    check(gu(UnaryOp::Cos), &|p, _| p.cos(), "cos");
    check(gu(UnaryOp::Tan), &|p, _| p.tan(), "tan");
    check(gu(UnaryOp::Sinh), &|p, _| p.sinh(), "sinh");
    check(gu(UnaryOp::Tanh), &|p, _| p.tanh(), "tanh");
    check(gu(UnaryOp::Arcsin), &|p, _| p.asin(), "arcsin");
    check(gu(UnaryOp::Arccos), &|p, _| p.acos(), "arccos");
    check(gu(UnaryOp::Arctan), &|p, _| p.atan(), "arctan");
    check(gu(UnaryOp::Arcsinh), &|p, _| p.asinh(), "arcsinh");
    check(gu(UnaryOp::Arccosh), &|p, _| p.acosh(), "arccosh");
    check(gu(UnaryOp::Arctanh), &|p, _| p.atanh(), "arctanh");
    check(gu(UnaryOp::Conj), &|p, _| p.conj(), "conj");
    let abs = un(UnaryOp::Abs, &a, DType::Float64)
        .to_vec::<f64>()
        .unwrap();
    let ang = un(UnaryOp::Angle, &a, DType::Float64)
        .to_vec::<f64>()
        .unwrap();
    let im = un(UnaryOp::Imag, &a, DType::Float64)
        .to_vec::<f64>()
        .unwrap();
    for i in 0..n {
        assert!((abs[i] - x[i].norm()).abs() <= 1e-15 * x[i].norm());
        assert!((ang[i] - x[i].arg()).abs() <= 1e-15);
        assert_eq!(im[i], x[i].im);
    }
    // lexicographic comparisons
    let p = up(
        d,
        &[Complex64::new(1.0, 5.0), Complex64::new(1.0, 2.0)],
        &[2],
    );
    let q = up(
        d,
        &[Complex64::new(1.0, 3.0), Complex64::new(0.0, 9.0)],
        &[2],
    );
    let lt = bin(BinaryOp::Less, &p, &q, DType::Bool)
        .to_vec::<bool>()
        .unwrap();
    assert_eq!(lt, vec![false, false]);
    let mx = bin(BinaryOp::Maximum, &p, &q, DType::Complex128)
        .to_vec::<Complex64>()
        .unwrap();
    assert_eq!(mx, vec![Complex64::new(1.0, 5.0), Complex64::new(1.0, 2.0)]);
}

#[test]
fn where_and_broadcast_operands() {
    let Some(d) = gpu() else { return };
    let n = 1001;
    let mut r = Rng::seeded();
    let c: Vec<bool> = (0..n).map(|_| r.next().is_multiple_of(3)).collect();
    let x: Vec<f64> = (0..n).map(|i| i as f64).collect();
    let (ca, xa) = (up(d, &c, &[n]), up(d, &x, &[n]));
    // y: one element broadcast to n (stride 0: the contiguous class with a scalar operand)
    let y1 = up(d, &[-1.0f64], &[1]);
    let yb = y1.with_layout(Layout {
        shape: vec![n],
        strides: vec![0],
        offset: 0,
    });
    let o = empty(d, &[n], DType::Float64);
    backend::where_(ca.view(), xa.view(), yb.view(), o.view()).unwrap();
    let want: Vec<f64> = (0..n).map(|i| if c[i] { x[i] } else { -1.0 }).collect();
    assert_eq!(o.to_vec::<f64>().unwrap(), want);
    let s = bin(BinaryOp::Multiply, &xa, &yb, DType::Float64);
    assert_eq!(
        s.to_vec::<f64>().unwrap(),
        x.iter().map(|v| -v).collect::<Vec<_>>()
    );
    // 2-D broadcast of a column against a row (strided class)
    let col = up(d, &[1i32, 2, 3], &[3, 1]);
    let row = up(d, &[10i32, 20, 30, 40], &[1, 4]);
    let cb = col.with_layout(col.layout().broadcast_to("t", &[3, 4]).unwrap());
    let rb = row.with_layout(row.layout().broadcast_to("t", &[3, 4]).unwrap());
    let sum = bin(BinaryOp::Add, &cb, &rb, DType::Int32)
        .to_vec::<i32>()
        .unwrap();
    let want: Vec<i32> = (0..12i32).map(|i| (i / 4 + 1) + 10 * (i % 4 + 1)).collect();
    assert_eq!(sum, want);
    // large vector path with a tail: n not a multiple of the vector width
    let m = (1 << 20) + 3;
    let xs: Vec<f32> = (0..m).map(|i| (i % 1000) as f32).collect();
    let ys: Vec<f32> = (0..m).map(|i| (i % 7) as f32).collect();
    let s = bin(
        BinaryOp::Add,
        &up(d, &xs, &[m]),
        &up(d, &ys, &[m]),
        DType::Float32,
    );
    let got = s.to_vec::<f32>().unwrap();
    assert!(got.iter().enumerate().all(|(i, &g)| g == xs[i] + ys[i]));
}

#[test]
fn streams_events_and_guards() {
    let Some(d) = gpu() else { return };
    let s = Stream::new(d).unwrap();
    let n = 1 << 20;
    let x: Vec<f32> = (0..n).map(|i| i as f32).collect();
    let a = up(d, &x, &[n]);
    let (e0, e1) = (Event::new(d).unwrap(), Event::new(d).unwrap());
    let out = {
        let _g = s.use_stream().unwrap();
        assert_eq!(current_stream(d).unwrap().cu_stream(), s.raw());
        e0.record(&s).unwrap();
        let o = un(UnaryOp::Square, &a, DType::Float32);
        e1.record_current().unwrap();
        o
    };
    assert!(current_stream(d).unwrap().cu_stream().is_null());
    e1.synchronize().unwrap();
    assert!(e0.elapsed_time(&e1).unwrap() >= 0.0);
    let got = out.to_vec::<f32>().unwrap();
    assert!(
        got.iter()
            .enumerate()
            .all(|(i, &g)| g == (i as f32) * (i as f32))
    );
    s.synchronize().unwrap();
    synchronize_device(d).unwrap();
    // a second thread sees the legacy default stream and the same data
    let a2 = a.clone();
    let v = std::thread::spawn(move || a2.to_vec::<f32>().unwrap()[5])
        .join()
        .unwrap();
    assert_eq!(v, 5.0);
}

#[test]
fn peer_copy_and_allocator_hook() {
    let Some(d) = gpu() else { return };
    let bytes: Vec<u8> = (0..=255).collect();
    let s = from_host(d, &bytes).unwrap();
    let last = device_count() - 1;
    let c = copy_peer(&s, 16, 100, last).unwrap();
    assert_eq!(c.ordinal(), last);
    assert_eq!(to_host(&c, 0, 100).unwrap(), bytes[16..116]);

    struct Counting(std::sync::atomic::AtomicUsize);
    impl Allocator for Counting {
        fn allocate(&self, o: usize, n: usize, s: &Stream) -> cuprum_cuda::Result<u64> {
            self.0.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            StreamOrderedAllocator.allocate(o, n, s)
        }
        fn deallocate(&self, o: usize, p: u64, n: usize, s: &Stream) -> cuprum_cuda::Result<()> {
            StreamOrderedAllocator.deallocate(o, p, n, s)
        }
    }
    let counting = std::sync::Arc::new(Counting(Default::default()));
    set_allocator(counting.clone());
    let x = alloc(d, 64).unwrap();
    set_allocator(std::sync::Arc::new(StreamOrderedAllocator));
    drop(x);
    assert!(counting.0.load(std::sync::atomic::Ordering::SeqCst) >= 1);
}

/// Threads asking for modules at once: each distinct module is compiled once (every thread
/// asking for one gets the same module), different modules build side by side, and a failed
/// compile is not cached (asking again fails again, with NVRTC's log).
#[test]
fn nvrtc_concurrent_modules_compile_once_each() {
    let Some(d) = gpu() else { return };
    let tag = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let srcs: Vec<String> = (0..4)
        .map(|k| {
            format!(
                "// {tag} {k}\nextern \"C\" __global__ void addk(float* x) {{ x[threadIdx.x] += {k}.0f; }}"
            )
        })
        .collect();
    let mods: Vec<Vec<usize>> = std::thread::scope(|sc| {
        let hs: Vec<_> = (0..12)
            .map(|t| {
                let srcs = &srcs;
                sc.spawn(move || {
                    (0..srcs.len())
                        .map(|k| {
                            let s = &srcs[(k + t) % srcs.len()];
                            let m = nvrtc::get_module(d, s, &["-DX=1"]).unwrap();
                            (((k + t) % srcs.len()), std::sync::Arc::as_ptr(&m) as usize)
                        })
                        .fold(vec![0; srcs.len()], |mut v, (i, p)| {
                            v[i] = p;
                            v
                        })
                })
            })
            .collect();
        hs.into_iter().map(|h| h.join().unwrap()).collect()
    });
    for (t, m) in mods.iter().enumerate() {
        assert_eq!(m, &mods[0], "thread {t} got other modules");
    }
    let distinct: std::collections::HashSet<usize> = mods[0].iter().copied().collect();
    assert_eq!(distinct.len(), srcs.len());
    let bad =
        format!("// {tag}\nextern \"C\" __global__ void k(float* x) {{ x[0] = nope_{tag}; }}");
    for _ in 0..2 {
        match nvrtc::get_module(d, &bad, &[]) {
            Err(Error::Compile { log, .. }) => assert!(log.contains("nope_"), "{log}"),
            Err(e) => panic!("expected a compile error, got {e}"),
            Ok(_) => panic!("expected a compile error, got a module"),
        }
    }
}

#[test]
fn nvrtc_errors_and_caches() {
    let Some(d) = gpu() else { return };
    let bad = "extern \"C\" __global__ void k(float* x) { x[0] = undefined_name; }";
    match nvrtc::get_function(d, bad, "k", &[]) {
        Err(Error::Compile { log, .. }) => assert!(log.contains("undefined_name"), "{log}"),
        other => panic!("expected a compile error, got {other:?}"),
    }
    let tag = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos();
    let src = format!(
        "// {tag}\nextern \"C\" __global__ void add1(float* x, int n) {{ int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] += 1.0f; }}"
    );
    let f1 = nvrtc::get_function(d, &src, "add1", &[]).unwrap();
    let f2 = nvrtc::get_function(d, &src, "add1", &[]).unwrap();
    assert_eq!(
        f1.raw(),
        f2.raw(),
        "second lookup must hit the memory cache"
    );
    let m = nvrtc::build_module(d, &src, &[], "add1").unwrap();
    if std::env::var("CUPRUM_CACHE_DIR").map_or(true, |v| v != "off") {
        assert_eq!(
            m.origin,
            nvrtc::Origin::Disk,
            "fresh module must come from disk"
        );
    }
    // launch it through the public helper
    let a = up(d, &[1.0f32, 2.0, 3.0], &[3]);
    let mut p = a.device_ptr().unwrap();
    let mut n = 3i32;
    let mut args = [
        (&mut p as *mut u64).cast::<std::ffi::c_void>(),
        (&mut n as *mut i32).cast(),
    ];
    // SAFETY: add1(float*, int) with a live 3-element buffer and n = 3.
    unsafe {
        nvrtc::launch(
            &f1,
            nvrtc::LaunchConfig::for_num_elems(3, 128),
            None,
            &mut args,
        )
    }
    .unwrap();
    assert_eq!(a.to_vec::<f32>().unwrap(), vec![2.0, 3.0, 4.0]);
}

/// Every kernel family in a representative set compiles with NVRTC for sm_90 (runs wherever
/// libnvrtc loads, GPU or not).
#[test]
fn kernel_families_compile() {
    if !crate::test_util::nvrtc_usable() {
        return;
    }
    let fams = family_cases();
    let threads = std::thread::available_parallelism()
        .map_or(2, |n| n.get())
        .min(16);
    let chunk = fams.len().div_ceil(threads);
    let failures: Vec<String> = std::thread::scope(|sc| {
        let hs: Vec<_> = fams
            .chunks(chunk)
            .map(|part| {
                sc.spawn(move || {
                    let mut f = Vec::new();
                    for (fam, ins, out) in part {
                        let src = codegen::source(*fam, ins, *out);
                        if let Err(e) = nvrtc::compile_for_arch(&src, 90, fam.name()) {
                            f.push(format!("{} {:?} -> {}: {e}", fam.name(), ins, out));
                        }
                    }
                    f
                })
            })
            .collect();
        hs.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    assert!(
        failures.is_empty(),
        "{} of {} families failed:\n{}",
        failures.len(),
        fams.len(),
        failures.join("\n")
    );
    eprintln!("{} kernel families compiled", fams.len());
}

/// A representative set of built-in kernel families: every dtype for the generic families,
/// a list of unary and binary ops over several dtypes, scalar operands on either side.
pub(super) fn family_cases() -> Vec<(Family, Vec<DType>, DType)> {
    use DType::*;
    let mut fams: Vec<(Family, Vec<DType>, DType)> = Vec::new();
    for dt in DType::ALL {
        fams.push((Family::Fill, vec![], dt));
        fams.push((Family::Where, vec![Bool, dt, dt], dt));
        fams.push((Family::Copy, vec![dt], Float16));
        fams.push((Family::Copy, vec![Complex64], dt));
        fams.push((Family::Binary(BinaryOp::Add), vec![dt, dt], dt));
        fams.push((Family::Binary(BinaryOp::Less), vec![dt, dt], Bool));
        fams.push((Family::Unary(UnaryOp::Abs), vec![dt], dt.real_dtype()));
    }
    let unary = [
        UnaryOp::Negative,
        UnaryOp::Sign,
        UnaryOp::Sqrt,
        UnaryOp::Cbrt,
        UnaryOp::Exp,
        UnaryOp::Expm1,
        UnaryOp::Log1p,
        UnaryOp::Tan,
        UnaryOp::Arccos,
        UnaryOp::Arctanh,
        UnaryOp::Rint,
        UnaryOp::Invert,
        UnaryOp::IsNan,
        UnaryOp::Angle,
        UnaryOp::Signbit,
        UnaryOp::Reciprocal,
        UnaryOp::Real,
        UnaryOp::Deg2Rad,
    ];
    for op in unary {
        for dt in [Int8, UInt64, Float16, BFloat16, Float32, Complex128] {
            let pred = matches!(op, UnaryOp::IsNan | UnaryOp::Signbit);
            let out = if pred {
                Bool
            } else if matches!(op, UnaryOp::Angle | UnaryOp::Real) {
                dt.real_dtype().to_inexact()
            } else {
                dt
            };
            if codegen::check(Family::Unary(op), &[dt], out).is_ok() {
                fams.push((Family::Unary(op), vec![dt], out));
            }
        }
    }
    let binary = [
        BinaryOp::FloorDivide,
        BinaryOp::Remainder,
        BinaryOp::Fmod,
        BinaryOp::Power,
        BinaryOp::Maximum,
        BinaryOp::Fmin,
        BinaryOp::LogicalXor,
        BinaryOp::LeftShift,
        BinaryOp::RightShift,
        BinaryOp::Hypot,
        BinaryOp::Arctan2,
        BinaryOp::Copysign,
        BinaryOp::Nextafter,
        BinaryOp::Divide,
        BinaryOp::Subtract,
    ];
    for op in binary {
        for dt in [Bool, Int16, UInt32, Float16, BFloat16, Float64, Complex64] {
            let out = if op.returns_bool() { Bool } else { dt };
            if codegen::check(Family::Binary(op), &[dt, dt], out).is_ok() {
                fams.push((Family::Binary(op), vec![dt, dt], out));
            }
        }
    }
    // a scalar operand passed by value, on either side
    for dt in DType::ALL {
        for side in [crate::backend::Side::Left, crate::backend::Side::Right] {
            for op in [BinaryOp::Multiply, BinaryOp::Less, BinaryOp::Maximum] {
                let out = if op.returns_bool() { Bool } else { dt };
                if codegen::check(Family::BinaryScalar(op, side), &[dt, dt], out).is_ok() {
                    fams.push((Family::BinaryScalar(op, side), vec![dt, dt], out));
                }
            }
        }
    }
    // integer inputs computed in a float output dtype (true divide)
    fams.push((
        Family::Binary(BinaryOp::Divide),
        vec![Int32, Int32],
        Float64,
    ));
    fams
}
