//! `matmul` against a naive product on random shapes and layouts, on every device: C order,
//! transposed (the last two strides swapped), stepped slices with an offset, reversed axes
//! (negative strides), broadcast axes (stride 0), 1-D operands, broadcasting batch dimensions
//! and zero-sized dimensions, for float, complex, integer (wrapping) and bool dtypes. The CPU
//! runs as a proptest; each CUDA device runs 400 cases drawn the same way (skipped without a
//! GPU unless `CUPRUM_REQUIRE_CUDA=1`).

use super::*;
use crate::test_util::cuda_devices;

use crate::layout::c_strides;
use crate::{Complex32, Complex64, Device, bf16, f16};
use proptest::prelude::{ProptestConfig, Strategy, proptest};

#[derive(Clone, Copy, Debug)]
enum Kind {
    C,
    Transposed,
    Stepped,
    Reversed,
    Broadcast,
}
const KINDS: [Kind; 5] = [
    Kind::C,
    Kind::Transposed,
    Kind::Stepped,
    Kind::Reversed,
    Kind::Broadcast,
];

const DTYPES: [DType; 11] = [
    DType::Float64,
    DType::Float32,
    DType::Complex128,
    DType::Complex64,
    DType::Float16,
    DType::BFloat16,
    DType::Int64,
    DType::Int32,
    DType::Int8,
    DType::UInt8,
    DType::Bool,
];

#[derive(Clone, Debug)]
struct MmCase {
    out_batch: Vec<usize>,
    /// per operand: batch dimensions dropped from the front, and which kept ones are 1
    a_drop: usize,
    a_ones: Vec<bool>,
    b_drop: usize,
    b_ones: Vec<bool>,
    m: usize,
    k: usize,
    n: usize,
    a_1d: bool,
    b_1d: bool,
    ka: Kind,
    kb: Kind,
    dtype: DType,
    seed: u64,
}

struct Lcg(u64);
impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }
    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
    /// A quarter step in [-4, 4] (exact in every float dtype), or an integer in [-16, 16].
    fn value(&mut self, int: bool) -> f64 {
        let r = self.below(33) as f64 - 16.0;
        if int { r } else { r / 4.0 }
    }
}

/// A case from 64 random bits (the CUDA loop) — the proptest draws the fields directly.
fn case_from(r: &mut Lcg) -> MmCase {
    let nb = r.below(3) as usize;
    let out_batch: Vec<usize> = (0..nb).map(|_| 1 + r.below(3) as usize).collect();
    let a_drop = r.below(nb as u64 + 1) as usize;
    let b_drop = r.below(nb as u64 + 1) as usize;
    MmCase {
        a_ones: (0..nb - a_drop).map(|_| r.below(3) == 0).collect(),
        b_ones: (0..nb - b_drop).map(|_| r.below(3) == 0).collect(),
        out_batch,
        a_drop,
        b_drop,
        m: r.below(7) as usize,
        k: r.below(9) as usize,
        n: r.below(7) as usize,
        a_1d: r.below(6) == 0,
        b_1d: r.below(6) == 0,
        ka: KINDS[r.below(5) as usize],
        kb: KINDS[r.below(5) as usize],
        dtype: DTYPES[r.below(DTYPES.len() as u64) as usize],
        seed: r.next(),
    }
}

/// An operand of logical `shape` with layout `kind`: the storage values (real and imaginary
/// parts) and the layout reading them.
fn operand(shape: &[usize], kind: Kind, r: &mut Lcg, int: bool) -> (Vec<(f64, f64)>, Layout) {
    let nd = shape.len();
    let n: usize = shape.iter().product();
    let mut fill = |len: usize| -> Vec<(f64, f64)> {
        (0..len).map(|_| (r.value(int), r.value(int))).collect()
    };
    match kind {
        Kind::Transposed if nd >= 2 => {
            let mut st = shape.to_vec();
            st.swap(nd - 2, nd - 1);
            let mut strides = c_strides(&st);
            strides.swap(nd - 2, nd - 1);
            let layout = Layout {
                shape: shape.to_vec(),
                strides,
                offset: 0,
            };
            (fill(n), layout)
        }
        Kind::Stepped if nd >= 1 => {
            let mut big = shape.to_vec();
            big[nd - 1] *= 2;
            let mut strides = c_strides(&big);
            strides[nd - 1] *= 2;
            let len: usize = big.iter().product::<usize>() + 1;
            let layout = Layout {
                shape: shape.to_vec(),
                strides,
                offset: 1,
            };
            (fill(len), layout)
        }
        Kind::Reversed if nd >= 1 && n > 0 => {
            let mut strides = c_strides(shape);
            let mut offset = 0usize;
            for ax in [0, nd - 1] {
                if shape[ax] > 1 && strides[ax] > 0 {
                    offset += (shape[ax] - 1) * strides[ax] as usize;
                    strides[ax] = -strides[ax];
                }
            }
            let layout = Layout {
                shape: shape.to_vec(),
                strides,
                offset,
            };
            (fill(n), layout)
        }
        Kind::Broadcast if nd >= 1 => {
            let inner = &shape[1..];
            let mut strides = vec![0isize];
            strides.extend(c_strides(inner));
            let layout = Layout {
                shape: shape.to_vec(),
                strides,
                offset: 0,
            };
            (fill(inner.iter().product()), layout)
        }
        _ => (fill(n), Layout::contiguous(shape)),
    }
}

/// The value stored for `v` in `dtype`, as (re, im).
fn stored(v: (f64, f64), dtype: DType) -> (f64, f64) {
    match dtype {
        DType::Bool => ((v.0 != 0.0) as u8 as f64, 0.0),
        d if d.is_unsigned_integer() => (v.0 + 16.0, 0.0),
        d if d.is_complex() => v,
        _ => (v.0, 0.0),
    }
}

fn upload(vals: &[(f64, f64)], dtype: DType, device: Device) -> Array {
    let n = vals.len();
    let re = |f: &dyn Fn(f64) -> f64| -> Vec<f64> { vals.iter().map(|v| f(v.0)).collect() };
    let id = |x: f64| x;
    match dtype {
        DType::Bool => Array::from_vec_on(
            vals.iter().map(|v| v.0 != 0.0).collect::<Vec<_>>(),
            &[n],
            device,
        ),
        DType::Int8 => Array::from_vec_on(
            re(&id).iter().map(|&x| x as i8).collect::<Vec<_>>(),
            &[n],
            device,
        ),
        DType::Int32 => Array::from_vec_on(
            re(&id).iter().map(|&x| x as i32).collect::<Vec<_>>(),
            &[n],
            device,
        ),
        DType::Int64 => Array::from_vec_on(
            re(&id).iter().map(|&x| x as i64).collect::<Vec<_>>(),
            &[n],
            device,
        ),
        DType::UInt8 => Array::from_vec_on(
            re(&|x| x + 16.0)
                .iter()
                .map(|&x| x as u8)
                .collect::<Vec<_>>(),
            &[n],
            device,
        ),
        DType::Float16 => Array::from_vec_on(
            re(&id)
                .iter()
                .map(|&x| f16::from_f64(x))
                .collect::<Vec<_>>(),
            &[n],
            device,
        ),
        DType::BFloat16 => Array::from_vec_on(
            re(&id)
                .iter()
                .map(|&x| bf16::from_f64(x))
                .collect::<Vec<_>>(),
            &[n],
            device,
        ),
        DType::Float32 => Array::from_vec_on(
            re(&id).iter().map(|&x| x as f32).collect::<Vec<_>>(),
            &[n],
            device,
        ),
        DType::Float64 => Array::from_vec_on(re(&id), &[n], device),
        DType::Complex64 => Array::from_vec_on(
            vals.iter()
                .map(|v| Complex32::new(v.0 as f32, v.1 as f32))
                .collect::<Vec<_>>(),
            &[n],
            device,
        ),
        DType::Complex128 => Array::from_vec_on(
            vals.iter()
                .map(|v| Complex64::new(v.0, v.1))
                .collect::<Vec<_>>(),
            &[n],
            device,
        ),
        d => panic!("test dtype {d} not covered"),
    }
    .unwrap()
}

/// Logical values (C order) of a layout over storage values.
fn logical(vals: &[(f64, f64)], l: &Layout, dtype: DType) -> Vec<(f64, f64)> {
    let n: usize = l.shape.iter().product();
    let nd = l.ndim();
    (0..n)
        .map(|mut i| {
            let mut off = l.offset as isize;
            for d in (0..nd).rev() {
                off += (i % l.shape[d]) as isize * l.strides[d];
                i /= l.shape[d];
            }
            stored(vals[off as usize], dtype)
        })
        .collect()
}

/// The exact result rounded to `dtype` (integers wrap, bool is "any"), as (re, im).
fn round_to(v: (f64, f64), dtype: DType) -> (f64, f64) {
    let w = |x: f64| -> f64 {
        let i = x as i64;
        match dtype {
            DType::Int8 => i as i8 as f64,
            DType::Int32 => i as i32 as f64,
            DType::UInt8 => i as u8 as f64,
            _ => i as f64,
        }
    };
    match dtype {
        DType::Bool => ((v.0 != 0.0) as u8 as f64, 0.0),
        DType::Float16 => (f16::from_f64(v.0).to_f64(), 0.0),
        DType::BFloat16 => (bf16::from_f64(v.0).to_f64(), 0.0),
        DType::Float32 => (v.0 as f32 as f64, 0.0),
        DType::Complex64 => (v.0 as f32 as f64, v.1 as f32 as f64),
        DType::Float64 | DType::Complex128 => v,
        _ => (w(v.0), 0.0),
    }
}

fn result_values(a: &Array) -> Vec<(f64, f64)> {
    let c = a.as_c_contiguous().unwrap();
    let bytes = c.to_bytes().unwrap();
    let isz = c.dtype().itemsize();
    (0..c.size())
        .map(
            |i| match crate::array::scalar_from_bytes(c.dtype(), &bytes[i * isz..]) {
                crate::Scalar::Complex(z) => (z.re, z.im),
                s => (s.as_f64(), 0.0),
            },
        )
        .collect()
}

/// Runs one case on `device` and compares with the naive product.
fn check(c: &MmCase, device: Device) {
    let dt = c.dtype;
    let int = dt.is_integer() || dt == DType::Bool;
    let mut r = Lcg(c.seed);
    let nb = c.out_batch.len();
    let batch_of = |drop: usize, ones: &[bool]| -> Vec<usize> {
        (drop..nb)
            .map(|d| if ones[d - drop] { 1 } else { c.out_batch[d] })
            .collect()
    };
    let (ab, bb) = if c.a_1d || c.b_1d {
        (vec![], vec![])
    } else {
        (batch_of(c.a_drop, &c.a_ones), batch_of(c.b_drop, &c.b_ones))
    };
    let mut a_shape = ab.clone();
    a_shape.extend(if c.a_1d { vec![c.k] } else { vec![c.m, c.k] });
    let mut b_shape = bb.clone();
    b_shape.extend(if c.b_1d { vec![c.k] } else { vec![c.k, c.n] });
    let (av, al) = operand(&a_shape, c.ka, &mut r, int);
    let (bv, bl) = operand(&b_shape, c.kb, &mut r, int);
    let a = upload(&av, dt, device).with_layout(al.clone());
    let b = upload(&bv, dt, device).with_layout(bl.clone());
    let what = format!("{c:?}: {a_shape:?} @ {b_shape:?} on {device}");
    let got = matmul(&a, &b).unwrap_or_else(|e| panic!("{what}: {e}"));
    // the reference: batch broadcast of ab and bb (right-aligned), then naive products
    let (alog, blog) = (logical(&av, &al, dt), logical(&bv, &bl, dt));
    let ob: Vec<usize> = if c.a_1d || c.b_1d {
        vec![]
    } else {
        let len = ab.len().max(bb.len());
        (0..len)
            .map(|i| {
                let x = (i + ab.len()).checked_sub(len).map_or(1, |j| ab[j]);
                let y = (i + bb.len()).checked_sub(len).map_or(1, |j| bb[j]);
                x.max(y)
            })
            .collect()
    };
    let (m, n, k) = (
        if c.a_1d { 1 } else { c.m },
        if c.b_1d { 1 } else { c.n },
        c.k,
    );
    let mut want_shape = ob.clone();
    if !c.a_1d {
        want_shape.push(m);
    }
    if !c.b_1d {
        want_shape.push(n);
    }
    assert_eq!(got.shape(), &want_shape[..], "{what}: shape");
    assert_eq!(got.dtype(), dt, "{what}: dtype");
    assert_eq!(got.device(), device, "{what}: device");
    let gv = result_values(&got);
    let nbatch: usize = ob.iter().product();
    // flat batch index of an operand (broadcast dims read index 0)
    let flat = |bshape: &[usize], mut o: usize| -> usize {
        let mut idx = vec![0usize; ob.len()];
        for d in (0..ob.len()).rev() {
            idx[d] = o % ob[d];
            o /= ob[d];
        }
        let shift = ob.len() - bshape.len();
        let mut f = 0;
        for (d, &s) in bshape.iter().enumerate() {
            f = f * s + if s == 1 { 0 } else { idx[d + shift] };
        }
        f
    };
    let eps = match dt {
        DType::Float16 => 2e-3,
        DType::BFloat16 => 1.6e-2,
        DType::Float32 | DType::Complex64 => 2e-7,
        _ => 0.0,
    };
    for o in 0..nbatch {
        let (fa, fb) = (flat(&ab, o), flat(&bb, o));
        for i in 0..m {
            for j in 0..n {
                let (mut re, mut im, mut mag) = (0.0f64, 0.0f64, 0.0f64);
                for p in 0..k {
                    let x = alog[fa * m * k + i * k + p];
                    let y = blog[fb * k * n + p * n + j];
                    re += x.0 * y.0 - x.1 * y.1;
                    im += x.0 * y.1 + x.1 * y.0;
                    mag += (x.0.abs() + x.1.abs()) * (y.0.abs() + y.1.abs());
                }
                let want = round_to((re, im), dt);
                let g = gv[(o * m + i) * n + j];
                let tol = eps * mag;
                assert!(
                    (g.0 - want.0).abs() <= tol && (g.1 - want.1).abs() <= tol,
                    "{what}: element ({o}, {i}, {j}) = {g:?}, want {want:?}"
                );
            }
        }
    }
}

fn arb_case() -> impl Strategy<Value = MmCase> {
    (0u64..u64::MAX).prop_map(|s| case_from(&mut Lcg(s)))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]
    #[test]
    fn prop_matmul_matches_naive_on_random_layouts(c in arb_case()) {
        check(&c, Device::Cpu);
    }
}

#[test]
fn every_layout_kind_and_dtype_is_drawn() {
    // the generator reaches each kind and dtype, transposed and broadcast batches
    let mut r = Lcg(1);
    let cases: Vec<MmCase> = (0..400).map(|_| case_from(&mut r)).collect();
    for d in DTYPES {
        assert!(cases.iter().any(|c| c.dtype == d), "{d}");
    }
    for k in 0..5 {
        assert!(
            cases
                .iter()
                .any(|c| c.ka as usize == k && c.kb as usize == k)
        );
    }
    assert!(cases.iter().any(|c| c.a_ones.iter().any(|&x| x)));
    assert!(cases.iter().any(|c| c.k == 0) && cases.iter().any(|c| c.a_1d && c.b_1d));
    // a fixed case through transposed and reversed operands with a batch
    let c = MmCase {
        out_batch: vec![2],
        a_drop: 0,
        a_ones: vec![false],
        b_drop: 0,
        b_ones: vec![false],
        m: 3,
        k: 4,
        n: 2,
        a_1d: false,
        b_1d: false,
        ka: Kind::Transposed,
        kb: Kind::Reversed,
        dtype: DType::Complex128,
        seed: 5,
    };
    check(&c, Device::Cpu);
}
#[test]
fn cuda_matmul_matches_naive_on_random_layouts() {
    for dev in cuda_devices() {
        let mut r = Lcg(2026);
        for _ in 0..400 {
            let c = case_from(&mut r);
            check(&c, dev);
        }
        // every integer and bool dtype at least once, through the integer kernel
        for dt in [
            DType::Bool,
            DType::Int8,
            DType::UInt8,
            DType::Int32,
            DType::Int64,
        ] {
            let mut c = case_from(&mut Lcg(7));
            c.dtype = dt;
            (c.m, c.k, c.n) = (3, 5, 4);
            check(&c, dev);
        }
    }
}
