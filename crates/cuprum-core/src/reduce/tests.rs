//! Unit tests of the reductions: every reduction against a float64 reference computed from the
//! same buffer and layout, on C, Fortran, reversed, stepped and broadcast layouts; NumPy's dtype,
//! NaN and empty-reduction rules; scans; proptests on random shapes, axes and layouts; CUDA
//! results against the CPU's (skipped without a GPU unless `CUPRUM_REQUIRE_CUDA=1`).

use super::*;
use crate::test_util::cuda_devices;

use crate::layout::{c_strides, f_strides};
use crate::{Complex32, Complex64, Device, Element, f16};
use proptest::arbitrary::any as arb;
use proptest::prelude::{Just, ProptestConfig, Strategy, prop, prop_assert, proptest};

/// An input: a host buffer (as f64 values exactly representable in the dtype) and a layout.
#[derive(Clone, Debug)]
struct Case {
    base: Vec<f64>,
    layout: Layout,
}

#[derive(Clone, Copy, Debug)]
enum Kind {
    C,
    F,
    Reversed,
    Stepped,
    Broadcast,
}
const KINDS: [Kind; 5] = [
    Kind::C,
    Kind::F,
    Kind::Reversed,
    Kind::Stepped,
    Kind::Broadcast,
];

/// Deterministic pseudo-random values in [-4, 4] with a quarter step (exact in every float
/// dtype), or small integers for integer dtypes.
fn values(n: usize, seed: u64, int: bool) -> Vec<f64> {
    let mut s = seed
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let r = ((s >> 33) % 33) as f64;
            if int { r - 16.0 } else { (r - 16.0) / 4.0 }
        })
        .collect()
}

fn case(shape: &[usize], kind: Kind, seed: u64, int: bool) -> Case {
    let n: usize = shape.iter().product();
    let nd = shape.len();
    match kind {
        Kind::C => Case {
            base: values(n, seed, int),
            layout: Layout::contiguous(shape),
        },
        Kind::F => Case {
            base: values(n, seed, int),
            layout: Layout {
                shape: shape.to_vec(),
                strides: f_strides(shape),
                offset: 0,
            },
        },
        Kind::Reversed => {
            let mut strides = c_strides(shape);
            let mut offset = 0usize;
            if nd > 0 && shape[0] > 1 {
                offset = (shape[0] - 1) * strides[0] as usize;
                strides[0] = -strides[0];
            }
            if nd > 1 && shape[nd - 1] > 1 {
                offset += shape[nd - 1] - 1;
                strides[nd - 1] = -strides[nd - 1];
            }
            Case {
                base: values(n, seed, int),
                layout: Layout {
                    shape: shape.to_vec(),
                    strides,
                    offset,
                },
            }
        }
        Kind::Stepped => {
            // every other element of a buffer twice as long along the last axis, offset 1
            let mut big = shape.to_vec();
            if let Some(l) = big.last_mut() {
                *l *= 2;
            }
            let mut strides = c_strides(&big);
            if let Some(l) = strides.last_mut() {
                *l *= 2;
            }
            let m: usize = big.iter().product();
            Case {
                base: values(m + 1, seed, int),
                layout: Layout {
                    shape: shape.to_vec(),
                    strides,
                    offset: 1,
                },
            }
        }
        Kind::Broadcast => {
            if nd == 0 {
                return case(shape, Kind::C, seed, int);
            }
            let inner: Vec<usize> = shape[1..].to_vec();
            let mut strides = vec![0isize];
            strides.extend(c_strides(&inner));
            Case {
                base: values(inner.iter().product(), seed, int),
                layout: Layout {
                    shape: shape.to_vec(),
                    strides,
                    offset: 0,
                },
            }
        }
    }
}

fn typed<T: Element>(base: &[f64], f: impl Fn(f64) -> T) -> Vec<T> {
    base.iter().map(|&x| f(x)).collect()
}

/// The array of `dtype` holding `c.base` through `c.layout` on `device`.
fn build(c: &Case, dtype: DType, device: Device) -> Array {
    let n = c.base.len();
    let b = &c.base;
    let a = match dtype {
        DType::Bool => Array::from_vec_on(typed(b, |x| x != 0.0), &[n], device),
        DType::Int8 => Array::from_vec_on(typed(b, |x| x as i8), &[n], device),
        DType::Int16 => Array::from_vec_on(typed(b, |x| x as i16), &[n], device),
        DType::Int32 => Array::from_vec_on(typed(b, |x| x as i32), &[n], device),
        DType::Int64 => Array::from_vec_on(typed(b, |x| x as i64), &[n], device),
        DType::UInt8 => Array::from_vec_on(typed(b, |x| (x + 16.0) as u8), &[n], device),
        DType::UInt16 => Array::from_vec_on(typed(b, |x| (x + 16.0) as u16), &[n], device),
        DType::UInt32 => Array::from_vec_on(typed(b, |x| (x + 16.0) as u32), &[n], device),
        DType::UInt64 => Array::from_vec_on(typed(b, |x| (x + 16.0) as u64), &[n], device),
        DType::Float16 => Array::from_vec_on(typed(b, f16::from_f64), &[n], device),
        DType::BFloat16 => Array::from_vec_on(typed(b, crate::bf16::from_f64), &[n], device),
        DType::Float32 => Array::from_vec_on(typed(b, |x| x as f32), &[n], device),
        DType::Float64 => Array::from_vec_on(b.clone(), &[n], device),
        DType::Complex64 => Array::from_vec_on(
            typed(b, |x| Complex32::new(x as f32, (x * 0.5) as f32)),
            &[n],
            device,
        ),
        DType::Complex128 => {
            Array::from_vec_on(typed(b, |x| Complex64::new(x, x * 0.5)), &[n], device)
        }
    }
    .unwrap();
    a.with_layout(c.layout.clone())
}

/// The value `build` stores for `x` in `dtype`, as f64 (the real part for complex).
fn stored(x: f64, dtype: DType) -> f64 {
    if dtype.is_unsigned_integer() {
        x + 16.0
    } else if dtype == DType::Bool {
        (x != 0.0) as u8 as f64
    } else {
        x
    }
}

/// The result as f64 values in C order (real parts for complex).
fn host(a: &Array) -> Vec<f64> {
    let c = a.clone();
    assert!(c.is_c_contiguous(), "results are C-contiguous");
    let n = c.size();
    let bytes = crate::backend::to_host(c.view()).unwrap();
    let isz = c.dtype().itemsize();
    (0..n)
        .map(|i| crate::array::scalar_from_bytes(c.dtype(), &bytes[i * isz..]).as_f64())
        .collect()
}

/// A float64 reference: `f` applied to the values of each output's reduced elements (C order).
fn reference(c: &Case, dtype: DType, axes: &[usize], f: &dyn Fn(&[f64]) -> f64) -> Vec<f64> {
    let l = &c.layout;
    let nd = l.ndim();
    let kept: Vec<usize> = (0..nd).filter(|i| !axes.contains(i)).collect();
    let kshape: Vec<usize> = kept.iter().map(|&i| l.shape[i]).collect();
    let rshape: Vec<usize> = axes.iter().map(|&i| l.shape[i]).collect();
    let unravel = |mut k: usize, shape: &[usize]| -> Vec<usize> {
        let mut idx = vec![0; shape.len()];
        for d in (0..shape.len()).rev() {
            idx[d] = k % shape[d];
            k /= shape[d];
        }
        idx
    };
    let n_out: usize = kshape.iter().product();
    let n_red: usize = rshape.iter().product();
    (0..n_out)
        .map(|o| {
            let ko = unravel(o, &kshape);
            let vals: Vec<f64> = (0..n_red)
                .map(|r| {
                    let ro = unravel(r, &rshape);
                    let mut idx = vec![0; nd];
                    for (j, &k) in kept.iter().enumerate() {
                        idx[k] = ko[j];
                    }
                    for (j, &a) in axes.iter().enumerate() {
                        idx[a] = ro[j];
                    }
                    stored(c.base[l.position(&idx)], dtype)
                })
                .collect();
            f(&vals)
        })
        .collect()
}

fn close(got: &[f64], want: &[f64], rtol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}: length");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let ok = (g.is_nan() && w.is_nan()) || g == w || (g - w).abs() <= rtol * (1.0 + w.abs());
        assert!(ok, "{what}: element {i}: got {g}, want {w}");
    }
}

fn ref_sum(v: &[f64]) -> f64 {
    v.iter().sum()
}
fn ref_prod(v: &[f64]) -> f64 {
    v.iter().product()
}
fn ref_mean(v: &[f64]) -> f64 {
    v.iter().sum::<f64>() / v.len() as f64
}
fn ref_var(v: &[f64], ddof: f64) -> f64 {
    let m = ref_mean(v);
    v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / (v.len() as f64 - ddof).max(0.0)
}
fn ref_max(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::NEG_INFINITY, f64::max)
}
fn ref_min(v: &[f64]) -> f64 {
    v.iter().copied().fold(f64::INFINITY, f64::min)
}
fn ref_argmax(v: &[f64]) -> f64 {
    let m = ref_max(v);
    v.iter().position(|&x| x == m).unwrap() as f64
}
fn ref_argmin(v: &[f64]) -> f64 {
    let m = ref_min(v);
    v.iter().position(|&x| x == m).unwrap() as f64
}

const SHAPES: [&[usize]; 5] = [&[7], &[3, 4], &[2, 3, 5], &[4, 1, 6], &[2, 2, 3, 3]];

fn axis_sets(nd: usize) -> Vec<Vec<usize>> {
    let mut v = vec![];
    for mask in 0u32..(1 << nd) {
        v.push((0..nd).filter(|i| mask & (1 << i) != 0).collect());
    }
    v
}

/// Runs `op` over every shape, layout and axis set (with and without keepdims) against `f`.
fn check(
    op: ReduceOp,
    dtypes: &[DType],
    ddof: f64,
    rtol: f64,
    f: &dyn Fn(&[f64]) -> f64,
    only_single: bool,
) {
    for &dtype in dtypes {
        for (si, shape) in SHAPES.iter().enumerate() {
            for kind in KINDS {
                let c = case(
                    shape,
                    kind,
                    si as u64 * 31 + dtype as u64,
                    dtype.is_integer(),
                );
                let a = build(&c, dtype, Device::Cpu);
                for axes in axis_sets(shape.len()) {
                    if only_single && axes.len() != 1 && axes.len() != shape.len() {
                        continue;
                    }
                    let ax: Axes = if axes.len() == shape.len() && only_single {
                        Axes::All
                    } else {
                        Axes::Many(axes.iter().map(|&x| x as isize).collect())
                    };
                    for keepdims in [false, true] {
                        let what = format!("{op:?} {dtype} {shape:?} {kind:?} axes {axes:?}");
                        let r = reduce(op, &a, ax.clone(), keepdims, None, ddof).unwrap();
                        let want_shape = super::reduced_shape(shape, &axes, keepdims);
                        assert_eq!(r.shape(), &want_shape[..], "{what}: shape");
                        close(&host(&r), &reference(&c, dtype, &axes, f), rtol, &what);
                    }
                }
            }
        }
    }
}

const FLOATS: [DType; 3] = [DType::Float64, DType::Float32, DType::Float16];
const INTS: [DType; 4] = [DType::Int32, DType::Int8, DType::UInt8, DType::Int64];

#[test]
fn sum_every_layout_and_axis_set() {
    check(ReduceOp::Sum, &FLOATS, 0.0, 1e-3, &ref_sum, false);
    check(ReduceOp::Sum, &INTS, 0.0, 0.0, &ref_sum, false);
    check(ReduceOp::Sum, &[DType::Bool], 0.0, 0.0, &ref_sum, false);
}

#[test]
fn prod_mean_var_std() {
    check(
        ReduceOp::Prod,
        &[DType::Float64, DType::Float32],
        0.0,
        1e-5,
        &ref_prod,
        false,
    );
    check(ReduceOp::Mean, &FLOATS, 0.0, 1e-3, &ref_mean, false);
    check(
        ReduceOp::Mean,
        &[DType::Int32, DType::UInt8],
        0.0,
        1e-12,
        &ref_mean,
        false,
    );
    check(
        ReduceOp::Var,
        &[DType::Float64, DType::Int16],
        0.0,
        1e-12,
        &|v| ref_var(v, 0.0),
        false,
    );
    check(
        ReduceOp::Var,
        &[DType::Float32],
        1.0,
        1e-5,
        &|v| ref_var(v, 1.0),
        false,
    );
    check(
        ReduceOp::Std,
        &[DType::Float64],
        1.0,
        1e-12,
        &|v| ref_var(v, 1.0).sqrt(),
        false,
    );
}

#[test]
fn max_min_ptp_every_dtype() {
    let all = [
        DType::Float64,
        DType::Float32,
        DType::Float16,
        DType::BFloat16,
        DType::Int8,
        DType::Int64,
        DType::UInt16,
        DType::UInt64,
    ];
    check(ReduceOp::Max, &all, 0.0, 0.0, &ref_max, false);
    check(ReduceOp::Min, &all, 0.0, 0.0, &ref_min, false);
    check(
        ReduceOp::Ptp,
        &all[..3],
        0.0,
        0.0,
        &|v| ref_max(v) - ref_min(v),
        false,
    );
    check(
        ReduceOp::NanMax,
        &[DType::Float32],
        0.0,
        0.0,
        &ref_max,
        false,
    );
}

#[test]
fn argmax_argmin_first_occurrence() {
    // values are drawn from 33 levels, so ties are common
    let d = [DType::Float64, DType::Int32, DType::Float16];
    check(ReduceOp::ArgMax, &d, 0.0, 0.0, &ref_argmax, true);
    check(ReduceOp::ArgMin, &d, 0.0, 0.0, &ref_argmin, true);
    check(
        ReduceOp::NanArgMax,
        &[DType::Float32],
        0.0,
        0.0,
        &ref_argmax,
        true,
    );
}

#[test]
fn all_any_count_nonzero() {
    let nz = |v: &[f64]| v.iter().filter(|&&x| x != 0.0).count() as f64;
    let ds = [DType::Float64, DType::Int8, DType::Bool];
    check(ReduceOp::CountNonzero, &ds, 0.0, 0.0, &nz, false);
    check(
        ReduceOp::All,
        &ds,
        0.0,
        0.0,
        &|v| (nz(v) == v.len() as f64) as u8 as f64,
        false,
    );
    check(
        ReduceOp::Any,
        &ds,
        0.0,
        0.0,
        &|v| (nz(v) > 0.0) as u8 as f64,
        false,
    );
}

fn cpu<T: Element>(v: Vec<T>, shape: &[usize]) -> Array {
    Array::from_vec_on(v, shape, Device::Cpu).unwrap()
}

#[test]
fn result_dtypes_follow_numpy() {
    let i32a = cpu(vec![i32::MAX, i32::MAX], &[2]);
    let s = sum(&i32a, Axes::All, false).unwrap();
    assert_eq!(s.dtype(), DType::Int64);
    assert_eq!(s.item().unwrap().as_i64(), 2 * i32::MAX as i64);
    let w = sum_dtype(&i32a, Axes::All, false, Some(DType::Int32)).unwrap();
    assert_eq!((w.dtype(), w.item().unwrap().as_i64()), (DType::Int32, -2));
    let u8a = cpu(vec![200u8, 100], &[2]);
    let s = sum(&u8a, 0, false).unwrap();
    assert_eq!(
        (s.dtype(), s.item().unwrap().as_u64()),
        (DType::UInt64, 300)
    );
    let b = cpu(vec![true, true, false], &[3]);
    assert_eq!(sum(&b, 0, false).unwrap().to_vec::<i64>().unwrap(), vec![2]);
    assert_eq!(mean(&i32a, 0, false).unwrap().dtype(), DType::Float64);
    // float16 accumulates in float32: 4000 × 20.0 would overflow a float16 running sum
    let h = cpu(vec![f16::from_f64(20.0); 4000], &[4000]);
    let m = mean(&h, 0, false).unwrap();
    assert_eq!(
        (m.dtype(), m.item().unwrap().as_f64()),
        (DType::Float16, 20.0)
    );
    let s = sum(&h, 0, false).unwrap();
    // ... and the float32 total 80000 rounds to float16 inf, as in NumPy
    assert_eq!(s.dtype(), DType::Float16);
    assert_eq!(s.item().unwrap().as_f64(), f64::INFINITY);
    // var of complex is real
    let c = cpu(
        vec![Complex64::new(1.0, 1.0), Complex64::new(-1.0, -1.0)],
        &[2],
    );
    let v = var(&c, 0, 0.0, false).unwrap();
    assert_eq!(
        (v.dtype(), v.item().unwrap().as_f64()),
        (DType::Float64, 2.0)
    );
    assert_eq!(argmax(&u8a, 0, false).unwrap().dtype(), DType::Int64);
    assert_eq!(all(&u8a, 0, false).unwrap().dtype(), DType::Bool);
    // int8 ptp wraps
    let i8a = cpu(vec![-128i8, 127], &[2]);
    let p = ptp(&i8a, 0, false).unwrap();
    assert_eq!((p.dtype(), p.item().unwrap().as_i64()), (DType::Int8, -1));
    assert!(matches!(ptp(&b, 0, false), Err(Error::DType { .. })));
}

#[test]
fn nan_rules() {
    let n = f64::NAN;
    let a = cpu(vec![1.0, n, 3.0, 4.0, 5.0, n], &[2, 3]);
    assert!(
        max(&a, Axes::All, false)
            .unwrap()
            .item()
            .unwrap()
            .as_f64()
            .is_nan()
    );
    let m = host(&max(&a, 1, false).unwrap());
    assert!(m[0].is_nan() && m[1].is_nan());
    assert_eq!(host(&nanmax(&a, 1, false).unwrap()), vec![3.0, 5.0]);
    assert_eq!(host(&nanmin(&a, 0, false).unwrap()), vec![1.0, 5.0, 3.0]);
    assert_eq!(host(&argmax(&a, 1, false).unwrap()), vec![1.0, 2.0]);
    assert_eq!(host(&argmin(&a, Axes::All, false).unwrap()), vec![1.0]);
    assert_eq!(host(&nanargmax(&a, 1, false).unwrap()), vec![2.0, 1.0]);
    assert_eq!(host(&nanargmin(&a, 1, false).unwrap()), vec![0.0, 0.0]);
    assert_eq!(host(&nansum(&a, 1, false).unwrap()), vec![4.0, 9.0]);
    assert_eq!(host(&nanprod(&a, 1, false).unwrap()), vec![3.0, 20.0]);
    assert_eq!(host(&nanmean(&a, 1, false).unwrap()), vec![2.0, 4.5]);
    assert_eq!(host(&nanvar(&a, 1, 0.0, false).unwrap()), vec![1.0, 0.25]);
    assert_eq!(host(&nanstd(&a, 1, 0.0, false).unwrap()), vec![1.0, 0.5]);
    assert!(host(&sum(&a, 1, false).unwrap())[0].is_nan());
    // all-NaN slices
    let z = cpu(vec![n, n, 1.0, 2.0], &[2, 2]);
    let nm = host(&nanmax(&z, 1, false).unwrap());
    assert!(nm[0].is_nan() && nm[1] == 2.0);
    let mm = host(&nanmean(&z, 1, false).unwrap());
    assert!(mm[0].is_nan() && mm[1] == 1.5);
    let e = nanargmax(&z, 1, false).unwrap_err();
    assert!(
        matches!(
            e,
            Error::OutOfDomain {
                op: "nanargmax",
                arg: "a",
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("all-NaN slice"), "{e}");
    // NaN is truthy; -0.0 is not
    let t = cpu(vec![n, -0.0], &[2]);
    assert_eq!(host(&any(&t, 0, false).unwrap()), vec![1.0]);
    assert_eq!(host(&all(&t, 0, false).unwrap()), vec![0.0]);
    // inf + -inf
    let inf = cpu(vec![f32::INFINITY, f32::NEG_INFINITY], &[2]);
    assert!(host(&sum(&inf, 0, false).unwrap())[0].is_nan());
    // complex max is lexicographic
    let c = cpu(
        vec![
            Complex64::new(1.0, 5.0),
            Complex64::new(2.0, -1.0),
            Complex64::new(2.0, 0.0),
        ],
        &[3],
    );
    assert_eq!(host(&argmax(&c, 0, false).unwrap()), vec![2.0]);
}

#[test]
fn empty_reductions() {
    let e = cpu(Vec::<f64>::new(), &[2, 0]);
    assert_eq!(host(&sum(&e, 1, false).unwrap()), vec![0.0, 0.0]);
    assert_eq!(host(&prod(&e, Axes::All, false).unwrap()), vec![1.0]);
    assert!(
        host(&mean(&e, 1, false).unwrap())
            .iter()
            .all(|x| x.is_nan())
    );
    assert_eq!(host(&all(&e, Axes::All, false).unwrap()), vec![1.0]);
    assert_eq!(host(&any(&e, Axes::All, false).unwrap()), vec![0.0]);
    assert_eq!(host(&count_nonzero(&e, 1, false).unwrap()), vec![0.0, 0.0]);
    let err = max(&e, 1, false).unwrap_err();
    assert!(matches!(
        err,
        Error::BadShape {
            op: "max",
            arg: "a",
            ..
        }
    ));
    assert!(
        err.to_string()
            .contains("zero-size array to reduction operation maximum, which has no identity"),
        "{err}"
    );
    let err = argmax(&e, Axes::All, false).unwrap_err();
    assert!(
        err.to_string()
            .contains("attempt to get argmax of an empty sequence")
    );
    assert!(min(&e, 1, false).is_err() && ptp(&e, Axes::All, false).is_err());
    // reducing the non-empty axis of an empty array gives an empty result, no error
    let r = max(&e, 0, false).unwrap();
    assert_eq!(r.shape(), &[0]);
    // 0-d input
    let s = cpu(vec![2.5f32], &[]);
    assert_eq!(host(&sum(&s, Axes::All, false).unwrap()), vec![2.5]);
    assert_eq!(sum(&s, Axes::All, true).unwrap().shape(), &[] as &[usize]);
    assert_eq!(host(&argmax(&s, Axes::All, false).unwrap()), vec![0.0]);
}

#[test]
fn axis_errors() {
    let a = cpu(vec![1.0f64; 6], &[2, 3]);
    assert!(matches!(
        sum(&a, 2, false),
        Err(Error::AxisOutOfBounds {
            op: "sum",
            axis: 2,
            ndim: 2
        })
    ));
    assert!(matches!(
        sum(&a, -3, false),
        Err(Error::AxisOutOfBounds { .. })
    ));
    assert!(matches!(
        sum(&a, [0, -2], false),
        Err(Error::BadArgument { arg: "axis", .. })
    ));
    assert!(matches!(
        argmax(&a, [0, 1], false),
        Err(Error::BadArgument { arg: "axis", .. })
    ));
    assert!(matches!(
        cumsum(&a, Some(2)),
        Err(Error::AxisOutOfBounds { .. })
    ));
    // an empty axis list reduces nothing
    assert_eq!(
        host(&sum(&a, Vec::<isize>::new(), false).unwrap()),
        vec![1.0; 6]
    );
}

#[test]
fn method_forms_and_axes_conversions() {
    let a = cpu((0..12).map(|x| x as f32).collect(), &[3, 4]);
    assert_eq!(
        host(&a.sum(0, false).unwrap()),
        vec![12.0, 15.0, 18.0, 21.0]
    );
    assert_eq!(host(&a.max([0, 1], false).unwrap()), vec![11.0]);
    assert_eq!(host(&a.min(None::<isize>, true).unwrap()), vec![0.0]);
    assert_eq!(a.mean(&[1isize][..], true).unwrap().shape(), &[3, 1]);
    assert_eq!(host(&a.argmax(-1, false).unwrap()), vec![3.0; 3]);
    assert_eq!(host(&a.prod(1, false).unwrap())[0], 0.0);
    assert_eq!(host(&a.cumsum(Some(1)).unwrap())[..4], [0.0, 1.0, 3.0, 6.0]);
}

#[test]
fn cumsum_cumprod() {
    // axis None flattens in C order, also for a transposed view
    let c = case(&[3, 4], Kind::F, 7, true);
    let a = build(&c, DType::Int32, Device::Cpu);
    let flat: Vec<f64> = reference(&c, DType::Int32, &[], &|v| v[0]);
    let mut acc = 0.0;
    let want: Vec<f64> = flat
        .iter()
        .map(|x| {
            acc += x;
            acc
        })
        .collect();
    let r = cumsum(&a, None).unwrap();
    assert_eq!((r.dtype(), r.shape()), (DType::Int64, &[12usize][..]));
    assert_eq!(host(&r), want);
    // along each axis of every layout
    for kind in KINDS {
        let c = case(&[3, 4, 5], kind, 3, false);
        let a = build(&c, DType::Float64, Device::Cpu);
        let x = reference(&c, DType::Float64, &[], &|v| v[0]);
        for axis in 0..3 {
            let r = cumprod(&a, Some(axis as isize)).unwrap();
            let strides = c_strides(&[3, 4, 5]);
            let mut want = x.clone();
            for i in 0..60 {
                let k = (i / strides[axis] as usize) % [3, 4, 5][axis];
                want[i] = if k == 0 {
                    x[i]
                } else {
                    want[i - strides[axis] as usize] * x[i]
                };
            }
            close(
                &host(&r),
                &want,
                1e-12,
                &format!("cumprod {kind:?} axis {axis}"),
            );
        }
    }
    // dtype=bool: cast first, then logical or
    let a = cpu(vec![0i64, -1, 1, 0], &[4]);
    let r = cumsum_dtype(&a, None, Some(DType::Bool)).unwrap();
    assert_eq!(r.to_vec::<bool>().unwrap(), vec![false, true, true, true]);
    // NaN propagates forward
    let a = cpu(vec![1.0f64, f64::NAN, 2.0], &[3]);
    let r = host(&cumsum(&a, Some(0)).unwrap());
    assert!(r[0] == 1.0 && r[1].is_nan() && r[2].is_nan());
    // float16 partial sums are rounded to float16 each step, as NumPy does
    let a = cpu(vec![f16::from_f64(2048.0), f16::ONE, f16::ONE], &[3]);
    let r = cumsum(&a, None).unwrap();
    assert_eq!(r.dtype(), DType::Float16);
    assert_eq!(host(&r), vec![2048.0, 2048.0, 2048.0]);
    // empty
    let e = cpu(Vec::<f32>::new(), &[0, 3]);
    assert_eq!(cumsum(&e, Some(1)).unwrap().shape(), &[0, 3]);
}

#[test]
fn large_sums_are_accurate_and_parallel_paths_agree() {
    // 2^21 float32 values: pairwise summation keeps the error near float32 epsilon
    let n = 1usize << 21;
    let v: Vec<f32> = (0..n).map(|i| ((i * 7919) % 1000) as f32 * 1e-3).collect();
    let want: f64 = v.iter().map(|&x| x as f64).sum();
    let a = cpu(v.clone(), &[n]);
    let got = sum(&a, Axes::All, false).unwrap().item().unwrap().as_f64();
    assert!((got - want).abs() / want < 1e-6, "{got} vs {want}");
    // columns (axis 0 of 1024 x 2048) and rows (axis 1) against the f64 reference
    let m = cpu(v.clone(), &[1024, 2048]);
    let cols = host(&sum(&m, 0, false).unwrap());
    for j in [0usize, 1, 777, 2047] {
        let w: f64 = (0..1024).map(|i| v[i * 2048 + j] as f64).sum();
        assert!((cols[j] - w).abs() <= 1e-5 * w.abs().max(1.0), "col {j}");
    }
    let rows = host(&sum(&m, 1, false).unwrap());
    for i in [0usize, 5, 1023] {
        let w: f64 = v[i * 2048..(i + 1) * 2048].iter().map(|&x| x as f64).sum();
        assert!((rows[i] - w).abs() <= 1e-5 * w.abs().max(1.0), "row {i}");
    }
    // argmax with three tied maxima across parallel pieces: the first wins
    let mut t = vec![0.0f32; n];
    for k in [1_000_777usize, 77, 2_000_000] {
        t[k] = 9.0;
    }
    let a = cpu(t, &[n]);
    assert_eq!(argmax(&a, 0, false).unwrap().item().unwrap().as_i64(), 77);
    // exact large int32 sum in int64
    let iv: Vec<i32> = (0..n as i32).map(|i| i.wrapping_mul(2_654_435)).collect();
    let want: i64 = iv.iter().map(|&x| x as i64).sum();
    let a = cpu(iv, &[n]);
    assert_eq!(sum(&a, 0, false).unwrap().item().unwrap().as_i64(), want);
    // any: only the last is true
    let mut b = vec![false; n];
    b[n - 1] = true;
    let a = cpu(b, &[n]);
    assert_eq!(host(&any(&a, 0, false).unwrap()), vec![1.0]);
    assert_eq!(host(&count_nonzero(&a, 0, false).unwrap()), vec![1.0]);
}

// ---------------------------------------------------------------- proptest

fn arb_case() -> impl Strategy<Value = (Vec<usize>, usize, u64, Vec<bool>)> {
    prop::collection::vec(0usize..6, 0..5).prop_flat_map(|shape| {
        let nd = shape.len();
        (
            Just(shape),
            0usize..5,
            arb::<u64>(),
            prop::collection::vec(arb::<bool>(), nd),
        )
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]
    #[test]
    fn prop_sum_mean_max_match_reference((shape, k, seed, mask) in arb_case()) {
        let c = case(&shape, KINDS[k], seed, false);
        let a = build(&c, DType::Float64, Device::Cpu);
        let axes: Vec<usize> = (0..shape.len()).filter(|&i| mask[i]).collect();
        let ax = Axes::Many(axes.iter().map(|&x| x as isize).collect());
        let s = sum(&a, ax.clone(), false).unwrap();
        close(&host(&s), &reference(&c, DType::Float64, &axes, &ref_sum), 1e-12, "sum");
        let m = mean(&a, ax.clone(), true).unwrap();
        close(&host(&m), &reference(&c, DType::Float64, &axes, &ref_mean), 1e-12, "mean");
        let n_red: usize = axes.iter().map(|&i| shape[i]).product();
        let n_out: usize = (0..shape.len()).filter(|&i| !mask[i]).map(|i| shape[i]).product();
        match max(&a, ax, false) {
            Ok(x) => close(&host(&x), &reference(&c, DType::Float64, &axes, &ref_max), 0.0, "max"),
            Err(e) => {
                prop_assert!(n_red == 0 && n_out > 0, "unexpected error {e}");
            }
        }
    }
}

// ---------------------------------------------------------------- CUDA vs CPU
#[test]
fn cuda_reductions_match_cpu() {
    use ReduceOp::*;
    let ops = ReduceOp::EVERY;
    let dtypes = [
        DType::Float32,
        DType::Float64,
        DType::Float16,
        DType::BFloat16,
        DType::Int32,
        DType::UInt8,
        DType::Int64,
        DType::Bool,
        DType::Complex64,
    ];
    let shapes: [&[usize]; 6] = [&[1000], &[37, 129], &[4096, 8], &[3, 5, 7], &[2, 0], &[]];
    for dev in cuda_devices() {
        for &dtype in &dtypes {
            for (si, shape) in shapes.iter().enumerate() {
                for kind in KINDS {
                    let c = case(shape, kind, si as u64, dtype.is_integer());
                    let a_cpu = build(&c, dtype, Device::Cpu);
                    let a_gpu = build(&c, dtype, dev);
                    // products of thousands of values in [-4, 4] overflow, and where a zero
                    // meets an overflow the IEEE result (0, inf or NaN) depends on the order of
                    // the multiplications, which differs between the backends: products take
                    // float inputs scaled into [-1, 1] (they underflow towards 0 instead)
                    let small = Case {
                        base: c.base.iter().map(|x| x / 4.0).collect(),
                        layout: c.layout.clone(),
                    };
                    let (p_cpu, p_gpu) = if dtype.is_inexact() {
                        (build(&small, dtype, Device::Cpu), build(&small, dtype, dev))
                    } else {
                        (a_cpu.clone(), a_gpu.clone())
                    };
                    let mut sets = vec![Axes::All];
                    for ax in 0..shape.len() {
                        sets.push(Axes::One(ax as isize));
                    }
                    if shape.len() == 3 {
                        sets.push(Axes::Many(vec![0, 2]));
                    }
                    for ax in sets {
                        for op in ops {
                            let what = format!("{op:?} {dtype} {shape:?} {kind:?} {ax:?} on {dev}");
                            let (x_cpu, x_gpu) = if matches!(op, Prod | NanProd) {
                                (&p_cpu, &p_gpu)
                            } else {
                                (&a_cpu, &a_gpu)
                            };
                            let want = reduce(op, x_cpu, ax.clone(), false, None, 1.0);
                            let got = reduce(op, x_gpu, ax.clone(), false, None, 1.0);
                            match (want, got) {
                                (Ok(w), Ok(g)) => {
                                    assert_eq!(g.device(), dev, "{what}");
                                    assert_eq!(
                                        (g.dtype(), g.shape()),
                                        (w.dtype(), w.shape()),
                                        "{what}"
                                    );
                                    let g = g.to_device(Device::Cpu).unwrap();
                                    let rtol = match w.dtype() {
                                        DType::Float16 | DType::BFloat16 => 1e-2,
                                        DType::Float32 | DType::Complex64 => 1e-5,
                                        _ => 1e-12,
                                    };
                                    close(&host(&g), &host(&w), rtol, &what);
                                }
                                (Err(_), Err(_)) => {}
                                (w, g) => panic!("{what}: cpu {w:?} vs cuda {g:?}"),
                            }
                        }
                    }
                    for axis in [None, Some(0isize)] {
                        if shape.is_empty() && axis.is_some() {
                            continue;
                        }
                        for op in [ScanOp::CumSum, ScanOp::CumProd] {
                            let what = format!("{op:?} {dtype} {shape:?} {kind:?} {axis:?}");
                            // (half-precision running sums also take the scaled inputs: a sum
                            // of 32768 values in [-4, 4] reaches float16's limit of 65504)
                            let half = matches!(dtype, DType::Float16 | DType::BFloat16);
                            let (x_cpu, x_gpu) = if op == ScanOp::CumProd || half {
                                (&p_cpu, &p_gpu)
                            } else {
                                (&a_cpu, &a_gpu)
                            };
                            // float16/bfloat16 scans round every step (NumPy's loop) on the
                            // CPU and on the GPU, which scans such lines one thread per line
                            // (a chunked scan, used before, drifted by whole bfloat16 units over
                            // 4773 steps). Each half-precision element must match the per-step
                            // result, or the float32-accumulated one, within 1%.
                            let w = scan(op, x_cpu, axis, None).unwrap();
                            let w32 = if half {
                                let x32 = x_cpu.astype(DType::Float32).unwrap();
                                Some(scan(op, &x32, axis, None).unwrap().astype(dtype).unwrap())
                            } else {
                                None
                            };
                            let g = scan(op, x_gpu, axis, None).unwrap();
                            let g = g.to_device(Device::Cpu).unwrap();
                            let rtol = match dtype {
                                DType::Float16 | DType::BFloat16 => 1e-2,
                                _ => 1e-3,
                            };
                            if let Some(w32) = w32 {
                                let (gv, wv, w32v) = (host(&g), host(&w), host(&w32));
                                assert_eq!(gv.len(), wv.len(), "{what}: length");
                                for i in 0..gv.len() {
                                    let near = |x: f64, y: f64| {
                                        x == y || (x - y).abs() <= rtol * (1.0 + y.abs())
                                    };
                                    assert!(
                                        near(gv[i], wv[i]) || near(gv[i], w32v[i]),
                                        "{what}: element {i}: got {}, want {} (per step) or {} \
                                         (float32 carries)",
                                        gv[i],
                                        wv[i],
                                        w32v[i]
                                    );
                                }
                                continue;
                            }
                            close(&host(&g), &host(&w), rtol, &what);
                        }
                    }
                }
            }
        }
        // the perf-path sizes: full, row and column reductions of large float32 arrays
        let n = 1usize << 22;
        let v: Vec<f32> = (0..n).map(|i| ((i * 7919) % 1000) as f32 * 1e-3).collect();
        for shape in [vec![n], vec![1024, 4096], vec![4096, 1024], vec![3, n / 3]] {
            let m: usize = shape.iter().product();
            let a_cpu = cpu(v[..m].to_vec(), &shape);
            let a_gpu = Array::from_vec_on(v[..m].to_vec(), &shape, dev).unwrap();
            for ax in [Axes::All, Axes::One(0), Axes::One(-1)] {
                for op in [Sum, Max, Min, ArgMax, Mean, Var] {
                    let w = reduce(op, &a_cpu, ax.clone(), false, None, 0.0).unwrap();
                    let g = reduce(op, &a_gpu, ax.clone(), false, None, 0.0).unwrap();
                    let g = g.to_device(Device::Cpu).unwrap();
                    close(
                        &host(&g),
                        &host(&w),
                        1e-4,
                        &format!("{op:?} {shape:?} {ax:?}"),
                    );
                }
            }
        }
    }
}

// ---------------------------------------------------------------- kernel sources

/// Every reduction and scan specialization the CUDA backend can generate compiles with NVRTC
/// for sm_90 (runs wherever libnvrtc loads, GPU or not; skipped otherwise).
#[test]
fn cuda_kernel_sources_compile() {
    use ReduceOp::*;
    if !crate::test_util::nvrtc_usable() {
        return;
    }
    let mut sources = vec![];
    let ops = ReduceOp::EVERY;
    let full = std::env::var("CUPRUM_REDUCE_ALL_SOURCES").is_ok();
    for src in DType::ALL {
        for op in ops {
            // every op for float32 and float16; the rest: one op per accumulator family
            let sample = matches!(src, DType::Float32 | DType::Float16)
                || matches!(op, Sum | Max | ArgMax | Var | All | Ptp | NanMean);
            if !(full || sample) {
                continue;
            }
            let Ok((c, o)) = op.dtypes(src, None) else {
                continue;
            };
            if matches!(op, Var | Std | NanVar | NanStd) {
                let m = if matches!(op, Var | Std) {
                    Mean
                } else {
                    NanMean
                };
                sources.push((format!("{m:?} {src}"), cuda::reduce_source(m, src, c, c)));
            }
            sources.push((format!("{op:?} {src}"), cuda::reduce_source(op, src, c, o)));
        }
        for op in [ScanOp::CumSum, ScanOp::CumProd] {
            let (c, o) = op.dtypes(src, None);
            sources.push((format!("{op:?} {src}"), cuda::scan_source(op, src, c, o)));
        }
    }
    // explicit dtypes: int32 sums wrap, bool sums are `or`, float16 output of float32 input
    for (op, src, d) in [
        (Sum, DType::Int32, DType::Int32),
        (Sum, DType::Int64, DType::Bool),
        (Prod, DType::UInt8, DType::UInt8),
        (Mean, DType::Float32, DType::Float16),
    ] {
        let (c, o) = op.dtypes(src, Some(d)).unwrap();
        sources.push((
            format!("{op:?} {src} dtype={d}"),
            cuda::reduce_source(op, src, c, o),
        ));
    }
    let (c, o) = ScanOp::CumSum.dtypes(DType::Int64, Some(DType::Bool));
    sources.push((
        "cumsum bool".into(),
        cuda::scan_source(ScanOp::CumSum, DType::Int64, c, o),
    ));
    crate::test_util::assert_sources_compile(&sources, "reduce", "sources");
}

/// The whole-array max/min fast path (16 lanes per 64 Ki chunk, NaN flag, rescan): lengths that
/// leave remainders in both the lanes and the chunks, a NaN in a lane, in a remainder and in a
/// later chunk (the first NaN's payload is returned), and every real dtype family.
#[test]
fn contiguous_max_min_fast_path() {
    let n = (1 << 17) + 37; // two full chunks, one partial with a lane remainder
    let vals: Vec<f64> = (0..n)
        .map(|i| ((i * 7919) % 100_003) as f64 - 50_000.0)
        .collect();
    let (hi, lo) = (
        vals.iter().copied().fold(f64::MIN, f64::max),
        vals.iter().copied().fold(f64::MAX, f64::min),
    );
    let f32s =
        Array::from_vec_on(vals.iter().map(|&v| v as f32).collect(), &[n], Device::Cpu).unwrap();
    let i32s =
        Array::from_vec_on(vals.iter().map(|&v| v as i32).collect(), &[n], Device::Cpu).unwrap();
    let f64s = Array::from_vec_on(vals.clone(), &[n], Device::Cpu).unwrap();
    for a in [&f32s, &i32s, &f64s] {
        let get = |x: Array| x.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap()[0];
        assert_eq!(get(a.max(Axes::All, false).unwrap()), hi, "{}", a.dtype());
        assert_eq!(get(a.min(Axes::All, false).unwrap()), lo, "{}", a.dtype());
    }
    // float16: small integers are exact
    let h: Vec<f16> = (0..5000)
        .map(|i| f16::from_f64(((i * 37) % 1001) as f64))
        .collect();
    let ha = Array::from_vec_on(h, &[5000], Device::Cpu).unwrap();
    let top = ha
        .max(Axes::All, false)
        .unwrap()
        .astype(DType::Float64)
        .unwrap();
    assert_eq!(top.to_vec::<f64>().unwrap(), vec![1000.0]);
    // NaN anywhere wins, in a lane, in the remainder of the last chunk, in a later chunk
    for at in [5, 16 * 100 + 3, n - 2, (1 << 16) + 1] {
        let mut v: Vec<f32> = vals.iter().map(|&x| x as f32).collect();
        v[at] = f32::from_bits(0x7fc0_0123); // a NaN with a payload
        if at != n - 2 {
            v[n - 2] = f32::from_bits(0x7fc0_0456); // a second, later NaN
        }
        let a = Array::from_vec_on(v, &[n], Device::Cpu).unwrap();
        for r in [a.max(Axes::All, false), a.min(Axes::All, false)] {
            let bits = r.unwrap().to_vec::<f32>().unwrap()[0].to_bits();
            assert_eq!(bits, 0x7fc0_0123, "NaN at {at}: got {bits:#x}");
        }
    }
}

/// NumPy's `axis=None` spelled `None` needs no type annotation; `Some(k)` picks one axis.
#[test]
fn axis_none_and_some() {
    let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
    let all = a.sum(None, false).unwrap();
    assert_eq!(all.to_vec::<f64>().unwrap(), vec![10.0]);
    let cols = a.sum(Some(0), false).unwrap();
    assert_eq!(cols.to_vec::<f64>().unwrap(), vec![4.0, 6.0]);
}

/// Many short runs in one piece of the CPU engine (a broadcast axis of 4096 over 8 contiguous
/// elements) combine pairwise: complex64 and float32 variances stay within a few float32 ulps
/// of the float64-computed one (a running total over the 4096 runs was 4.7e-5 off; the H200
/// test comparing the backends caught it).
#[test]
fn many_short_runs_sum_pairwise() {
    let c = case(&[4096, 8], Kind::Broadcast, 2, false);
    for (lo, hi) in [
        (DType::Complex64, DType::Complex128),
        (DType::Float32, DType::Float64),
    ] {
        let var = |dt| {
            let a = build(&c, dt, Device::Cpu);
            host(&reduce(ReduceOp::Var, &a, Axes::All, false, None, 1.0).unwrap())[0]
        };
        let sum = |dt| {
            let a = build(&c, dt, Device::Cpu);
            host(&reduce(ReduceOp::Sum, &a, Axes::All, false, None, 1.0).unwrap())[0]
        };
        let (v, v64) = (var(lo), var(hi));
        assert!((v - v64).abs() <= 4e-7 * v64.abs(), "{lo} var {v} vs {v64}");
        let (s, s64) = (sum(lo), sum(hi));
        assert!(
            (s - s64).abs() <= 4e-7 * s64.abs().max(1.0),
            "{lo} sum {s} vs {s64}"
        );
    }
}

#[test]
fn reduce_initial_on_every_device() {
    use ReduceOp::*;
    let mut devices = vec![Device::Cpu];
    devices.extend(cuda_devices());
    for dev in devices {
        let on = |a: Array| a.to_device(dev).unwrap();
        // NumPy 2.4: np.max(np.zeros((2, 0)), axis=1, initial=-5.0) -> [-5., -5.]
        let e = on(cpu(Vec::<f64>::new(), &[2, 0]));
        let r = reduce_initial(Max, &e, 1, false, None, -5.0).unwrap();
        assert_eq!((r.shape(), r.device()), (&[2usize][..], dev));
        assert_eq!(host(&r), vec![-5.0, -5.0]);
        let r = reduce_initial(Min, &e, 1, true, None, 3.0).unwrap();
        assert_eq!((r.shape(), host(&r)), (&[2usize, 1][..], vec![3.0, 3.0]));
        // over axis 0 the output itself is empty
        let r = reduce_initial(Max, &e, 0, false, None, -5.0).unwrap();
        assert_eq!(r.shape(), &[0]);
        // np.max([[1, 9], [4, 2]], axis=1, initial=5) -> [5, 9] (int64 stays int64)
        let a = on(cpu(vec![1i64, 9, 4, 2], &[2, 2]));
        let r = reduce_initial(Max, &a, 1, false, None, 5).unwrap();
        assert_eq!((r.dtype(), host(&r)), (DType::Int64, vec![9.0, 5.0]));
        let r = reduce_initial(Min, &a, Axes::All, false, None, 0).unwrap();
        assert_eq!(host(&r), vec![0.0]);
        // np.sum(int32 [1, 7, 3], initial=10) -> 21 (int64); np.prod([2., 3.], initial=0.5) -> 3
        let b = on(cpu(vec![1i32, 7, 3], &[3]));
        let r = reduce_initial(Sum, &b, 0, false, None, 10).unwrap();
        assert_eq!((r.dtype(), host(&r)), (DType::Int64, vec![21.0]));
        let c = on(cpu(vec![2.0f32, 3.0], &[2]));
        let r = reduce_initial(Prod, &c, 0, false, None, 0.5).unwrap();
        assert_eq!((r.dtype(), host(&r)), (DType::Float32, vec![3.0]));
        // NaN: max propagates it, nanmax ignores it (an all-NaN row gives initial)
        let n = on(cpu(vec![f64::NAN, 1.0, f64::NAN, f64::NAN], &[2, 2]));
        let r = host(&reduce_initial(Max, &n, 1, false, None, 0.0).unwrap());
        assert!(r[0].is_nan() && r[1].is_nan(), "{r:?}");
        let r = host(&reduce_initial(NanMax, &n, 1, false, None, 0.0).unwrap());
        assert_eq!(r, vec![1.0, 0.0]);
        let r = host(&reduce_initial(NanSum, &n, 1, false, None, 2.0).unwrap());
        assert_eq!(r, vec![3.0, 2.0]);
        // an empty sum with initial is initial
        let r = reduce_initial(Sum, &e, 1, false, None, 1.5).unwrap();
        assert_eq!(host(&r), vec![1.5, 1.5]);
        // not supported for mean; an initial that does not fit the dtype is named
        let err = reduce_initial(Mean, &c, 0, false, None, 1.0).unwrap_err();
        assert!(err.to_string().contains("mean"), "{err}");
        let i8a = on(cpu(vec![1i8, 2], &[2]));
        let err = reduce_initial(Max, &i8a, 0, false, None, 1000).unwrap_err();
        assert!(
            err.to_string().contains("max") && err.to_string().contains("1000"),
            "{err}"
        );
    }
}
