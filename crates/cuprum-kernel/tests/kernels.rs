//! ElementwiseKernel / ReductionKernel / RawKernel / RawModule on every device, against
//! hand-computed (NumPy / C) answers.

use cuprum_core::ext::test_util::{all_devices, cuda_devices};
use cuprum_core::manip::flip;
use cuprum_core::reduce::Axes;
use cuprum_core::{Array, Complex64, DType, Device, Error, f16};
use cuprum_kernel::{
    Dim3, ElementwiseKernel, KernelError, LaunchArgs, RawKernel, RawModule, ReductionKernel, args,
};

mod raw_subset;

/// The first diagnostic of a call that failed to compile (the test fails on any other error).
fn first_diagnostic(e: &KernelError) -> &cuprum_kernel::SourceDiagnostic {
    match e {
        KernelError::Compile { diagnostics, .. } if !diagnostics.is_empty() => &diagnostics[0],
        _ => panic!("expected a compile error, got: {e}"),
    }
}

/// Launches kernel `name` of `m` (no dynamic shared memory); an error fails the test.
fn launch(
    m: &RawModule,
    name: &str,
    grid: impl Into<Dim3>,
    block: impl Into<Dim3>,
    a: &LaunchArgs<'_>,
) {
    m.get_function(name).launch(grid, block, 0, a).unwrap();
}

/// An elementwise kernel that must compile.
fn ek(in_params: &str, out_params: &str, operation: &str, name: &str) -> ElementwiseKernel {
    ElementwiseKernel::new(in_params, out_params, operation, name).unwrap()
}

pub(crate) fn arr<T: cuprum_core::Element>(v: Vec<T>, shape: &[usize], d: Device) -> Array {
    Array::from_vec_on(v, shape, d).unwrap()
}

#[test]
fn tutorial_add_mul() {
    for d in all_devices() {
        let k = ek(
            "float32 x, float32 y",
            "float32 z",
            "z = x + y * 2;",
            "add_mul_kernel",
        );
        let n = 1003; // a tail after the vector path
        let x: Vec<f32> = (0..n).map(|i| i as f32 * 0.5).collect();
        let y: Vec<f32> = (0..n).map(|i| 3.0 - i as f32).collect();
        let z = k
            .call_one(args![&arr(x.clone(), &[n], d), &arr(y.clone(), &[n], d)])
            .unwrap();
        assert_eq!(z.dtype(), DType::Float32);
        let want: Vec<f32> = x.iter().zip(&y).map(|(a, b)| a + b * 2.0).collect();
        assert_eq!(z.to_vec::<f32>().unwrap(), want, "{d}");
        // a second call takes the cached function / program
        let z2 = k
            .call_one(args![&arr(x.clone(), &[n], d), &arr(y.clone(), &[n], d)])
            .unwrap();
        assert_eq!(z2.to_vec::<f32>().unwrap(), want, "{d}");
    }
}

#[test]
fn placeholders_scalars_and_broadcasting() {
    for d in all_devices() {
        let k = ek("T x, T y", "T z", "z = (x - y) * (x - y)", "sqd");
        let x = arr(vec![1.0f64, 2.0, 3.0], &[3, 1], d);
        let y = arr(vec![0.5f64, 1.0, 4.0, -1.0], &[4], d);
        let z = k.call_one(args![&x, &y]).unwrap();
        assert_eq!(z.shape(), &[3, 4]);
        let mut want = Vec::new();
        for a in [1.0f64, 2.0, 3.0] {
            for b in [0.5f64, 1.0, 4.0, -1.0] {
                want.push((a - b) * (a - b));
            }
        }
        assert_eq!(z.to_vec::<f64>().unwrap(), want, "{d}");
        // a Python int takes T = float32 from x
        let x32 = arr(vec![1.0f32, 7.5], &[2], d);
        let z = k.call_one(args![&x32, 5]).unwrap();
        assert_eq!(z.dtype(), DType::Float32);
        assert_eq!(z.to_vec::<f32>().unwrap(), vec![16.0, 6.25], "{d}");
        // a float64 parameter: x * 0.1 computed in double, rounded on the store
        let k2 = ek("T x, float64 s", "T y", "y = x * s", "scale");
        let z = k2.call_one(args![&x32, 0.1]).unwrap();
        assert_eq!(
            z.to_vec::<f32>().unwrap(),
            vec![(1.0f64 * 0.1) as f32, (7.5f64 * 0.1) as f32],
            "{d}"
        );
        // two placeholders: int * double in double
        let k3 = ek("T x, U y", "U z", "z = x * y", "mixed");
        let z = k3
            .call_one(args![
                &arr(vec![3i32, -2], &[2], d),
                &arr(vec![0.5f64, 0.25], &[2], d)
            ])
            .unwrap();
        assert_eq!(z.dtype(), DType::Float64);
        assert_eq!(z.to_vec::<f64>().unwrap(), vec![1.5, -0.5], "{d}");
    }
}

#[test]
fn c_semantics_integers_and_casts() {
    for d in all_devices() {
        let k = ek(
            "int32 a, int32 b",
            "int32 q, int32 r",
            "q = a / b; r = a % b;",
            "cdivmod",
        );
        let o = k
            .call(args![
                &arr(vec![-7i32, 7, -7, 7], &[4], d),
                &arr(vec![2i32, 2, -2, -2], &[4], d)
            ])
            .unwrap();
        assert_eq!(o[0].to_vec::<i32>().unwrap(), vec![-3, 3, 3, -3], "{d}");
        assert_eq!(o[1].to_vec::<i32>().unwrap(), vec![-1, 1, -1, 1], "{d}");
        let k = ek("uint8 x", "uint8 y", "y = x + 200", "add200");
        let y = k
            .call_one(args![&arr(vec![56u8, 10, 255], &[3], d)])
            .unwrap();
        assert_eq!(y.to_vec::<u8>().unwrap(), vec![0, 210, 199], "{d}");
        let k = ek("uint8 x, uint8 y", "uint8 z", "z = (x + y) / 2", "avg");
        let z = k
            .call_one(args![
                &arr(vec![250u8], &[1], d),
                &arr(vec![200u8], &[1], d)
            ])
            .unwrap();
        assert_eq!(z.to_vec::<u8>().unwrap(), vec![225], "{d}");
        let k = ek("float64 x", "int32 y", "y = (int)x", "to_int");
        let y = k
            .call_one(args![&arr(vec![-2.7f64, -0.5, 2.7, 1e3], &[4], d)])
            .unwrap();
        assert_eq!(y.to_vec::<i32>().unwrap(), vec![-2, 0, 2, 1000], "{d}");
        let k = ek("int64 n", "float32 y", "y = (float)n / 3", "third");
        let y = k
            .call_one(args![&arr(vec![16777217i64, 3], &[2], d)])
            .unwrap();
        assert_eq!(
            y.to_vec::<f32>().unwrap(),
            vec![16777216.0f32 / 3.0, 1.0],
            "{d}"
        );
        let k = ek("T x, T y", "bool z", "z = x >= y", "ge");
        let z = k
            .call_one(args![
                &arr(vec![1.0f64, f64::NAN, 2.0], &[3], d),
                &arr(vec![1.0f64, 0.0, 3.0], &[3], d)
            ])
            .unwrap();
        assert_eq!(z.to_vec::<bool>().unwrap(), vec![true, false, false], "{d}");
    }
}

#[test]
fn raw_parameters_preamble_and_loops() {
    for d in all_devices() {
        let k = ek(
            "raw T x",
            "T y",
            "y = x[(i + 1) % _ind.size()] - x[i]",
            "neighbour_diff",
        );
        let x = arr(vec![1.0f64, 4.0, 9.0, 16.0], &[4], d);
        let y = &k.call_sized(args![&x], 4).unwrap()[0];
        assert_eq!(
            y.to_vec::<f64>().unwrap(),
            vec![3.0, 5.0, 7.0, -15.0],
            "{d}"
        );
        // raw read in reverse, also from a strided (flipped) raw array
        let k = ek(
            "T x, raw T y",
            "T z",
            "z = x + y[_ind.size() - i - 1]",
            "add_reverse",
        );
        let x = arr(vec![0.0f32, 10.0, 20.0], &[3], d);
        let y = arr(vec![1.0f32, 2.0, 3.0], &[3], d);
        let z = k.call_one(args![&x, &y]).unwrap();
        assert_eq!(z.to_vec::<f32>().unwrap(), vec![3.0, 12.0, 21.0], "{d}");
        let yf = flip(&y, None).unwrap();
        let z = k.call_one(args![&x, &yf]).unwrap();
        assert_eq!(z.to_vec::<f32>().unwrap(), vec![1.0, 12.0, 23.0], "{d}");
        // preamble with a __device__ helper and a while loop
        let k = ek("int64 n", "int32 steps", "steps = collatz_steps(n)", "collatz")
        .preamble(
            "__device__ int collatz_steps(long long n) {\n    int s = 0;\n    while (n != 1) { n = (n % 2 == 0) ? n / 2 : 3 * n + 1; ++s; }\n    return s;\n}\n",
        );
        let s = k.call_one(args![&arr(vec![27i64, 1, 6], &[3], d)]).unwrap();
        assert_eq!(s.to_vec::<i32>().unwrap(), vec![111, 0, 8], "{d}");
        // for loop over a raw coefficient array, locals of placeholder type
        let k = ek(
            "T x, raw T w",
            "T y",
            "T acc = 0; for (int k = w.size() - 1; k >= 0; --k) { acc = acc * x + w[k]; } y = acc;",
            "polyval",
        );
        let y = k
            .call_one(args![
                &arr(vec![0.0f64, 1.0, 2.0], &[3], d),
                &arr(vec![1.0f64, -2.0, 3.0], &[3], d)
            ])
            .unwrap();
        assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0, 2.0, 9.0], "{d}");
        let k = ek("T x", "T y", "y = x > 0 ? x : x / 8", "leaky_relu");
        let y = k
            .call_one(args![&arr(vec![-8.0f32, 3.0], &[2], d)])
            .unwrap();
        assert_eq!(y.to_vec::<f32>().unwrap(), vec![-1.0, 3.0], "{d}");
    }
}

#[test]
fn outputs_in_place_and_strided_views() {
    for d in all_devices() {
        let k = ek("T x", "T y", "y += x * 2", "axpy_inplace").no_return(true);
        let x = arr(vec![1i64, 2, 3], &[3], d);
        let y = arr(vec![10i64, 20, 30], &[3], d);
        let r = k.call(args![&x, &y]).unwrap();
        assert!(r.is_empty());
        assert_eq!(y.to_vec::<i64>().unwrap(), vec![12, 24, 36], "{d}");
        // transposed and flipped inputs take the strided path; a passed strided output too
        let k = ek("T x, T y", "T z", "z = x - 2 * y", "strided");
        let a = arr((0..12).map(|v| v as f32).collect(), &[3, 4], d);
        let at = a.transpose().unwrap(); // (4, 3)
        let b = flip(&arr((0..3).map(|v| v as f32).collect(), &[3], d), None).unwrap();
        let z = k.call_one(args![&at, &b]).unwrap();
        let mut want = Vec::new();
        for i in 0..4 {
            for j in 0..3 {
                want.push((j * 4 + i) as f32 - 2.0 * (2 - j) as f32);
            }
        }
        assert_eq!(z.to_vec::<f32>().unwrap(), want, "{d}");
        let out = arr(vec![0.0f32; 12], &[3, 4], d).transpose().unwrap();
        k.call(args![&at, &b, &out]).unwrap();
        assert_eq!(out.to_vec::<f32>().unwrap(), want, "{d}");
        // a large-ish strided loop with several axes (no merging)
        let k = ek("T x", "T y", "y = x * 3 + i", "lin").reduce_dims(false);
        let big = arr(
            (0..2 * 3 * 5 * 7).map(|v| v as i64).collect(),
            &[2, 3, 5, 7],
            d,
        );
        let p = big.permute_dims(&[3, 1, 0, 2]).unwrap();
        let y = k.call_one(args![&p]).unwrap();
        let pv = p.copy().unwrap().to_vec::<i64>().unwrap();
        let want: Vec<i64> = pv
            .iter()
            .enumerate()
            .map(|(i, v)| v * 3 + i as i64)
            .collect();
        assert_eq!(y.to_vec::<i64>().unwrap(), want, "{d}");
    }
}

#[test]
fn complex_and_half() {
    for d in all_devices() {
        let k = ek(
            "T x, T y",
            "T z, float64 m, float64 re",
            "z = x * conj(y); m = abs(x); re = real(z) + y.imag();",
            "cplx",
        );
        let x = arr(
            vec![Complex64::new(3.0, 4.0), Complex64::new(1.0, -1.0)],
            &[2],
            d,
        );
        let y = arr(
            vec![Complex64::new(1.0, 2.0), Complex64::new(0.5, 0.0)],
            &[2],
            d,
        );
        let o = k.call(args![&x, &y]).unwrap();
        let z = o[0].to_vec::<Complex64>().unwrap();
        assert_eq!(
            z,
            vec![Complex64::new(11.0, -2.0), Complex64::new(0.5, -0.5)],
            "{d}"
        );
        assert_eq!(o[1].to_vec::<f64>().unwrap(), vec![5.0, 2f64.sqrt()], "{d}");
        assert_eq!(o[2].to_vec::<f64>().unwrap(), vec![13.0, 0.5], "{d}");
        let k = ek("T x", "T y", "y = x * 2 + 1", "half");
        let h: Vec<f16> = [0.5f32, -3.0, 1000.0]
            .iter()
            .map(|&v| f16::from_f32(v))
            .collect();
        let y = k.call_one(args![&arr(h, &[3], d)]).unwrap();
        assert_eq!(y.dtype(), DType::Float16);
        let got: Vec<f32> = y
            .to_vec::<f16>()
            .unwrap()
            .iter()
            .map(|v| v.to_f32())
            .collect();
        assert_eq!(got, vec![2.0, -5.0, 2001.0], "{d}");
    }
}

#[test]
fn call_errors() {
    for d in all_devices() {
        let k = ek("T x, T y", "T z", "z = (x - y) * (x - y)", "sqd");
        let x32 = arr(vec![1.0f32; 3], &[3], d);
        let x64 = arr(vec![1.0f64; 3], &[3], d);
        let x4 = arr(vec![1.0f32; 4], &[4], d);
        let e = k.call(args![&x32]).unwrap_err();
        assert!(matches!(e, KernelError::ArgCount { got: 1, .. }), "{e}");
        assert!(e.to_string().contains("2 or 3"), "{e}");
        let e = k.call(args![&x32, &x64]).unwrap_err();
        assert!(matches!(e, KernelError::PlaceholderConflict { .. }), "{e}");
        assert_eq!(e.conformance_class(), "dtype");
        let e = k.call(args![&x32, &x4]).unwrap_err();
        assert!(
            matches!(e, KernelError::Core(Error::Broadcast { .. })),
            "{e}"
        );
        let e = k.call(args![&x32, &x32, 1.0]).unwrap_err();
        assert!(matches!(e, KernelError::BadArgument { .. }), "{e}");
        let f = ek("float32 x", "float32 y", "y = x * 2", "f32_only");
        let e = f.call(args![&arr(vec![1i64], &[1], d)]).unwrap_err();
        assert!(
            matches!(
                e,
                KernelError::DTypeMismatch {
                    expected: DType::Float32,
                    got: DType::Int64,
                    ..
                }
            ),
            "{e}"
        );
        // compile errors point at the user's line
        let bad = ek("T x, T y", "T z", "T t = x;\nz = x + * y", "bad");
        let e = bad.call(args![&x32, &x32]).unwrap_err();
        let d0 = first_diagnostic(&e);
        assert_eq!(d0.section, "operation", "{d}: {e}");
        assert_eq!(d0.line, 2, "{d}: {e}");
        assert_eq!(d0.source_line, "z = x + * y", "{d}: {e}");
        assert_eq!(e.conformance_class(), "compile_error");
        for (src, what) in [
            ("z = x + undefined_thing", "undefined"),
            ("x = 1; z = x", "const"),
        ] {
            let bad = ek("T x, T y", "T z", src, "bad2");
            let e = bad.call(args![&x32, &x32]).unwrap_err();
            assert!(matches!(e, KernelError::Compile { .. }), "{d} {what}: {e}");
        }
        // size with non-raw arrays, no size with only raw ones
        let e = k.call_sized(args![&x32, &x32], 3).unwrap_err();
        assert!(matches!(e, KernelError::BadArgument { .. }), "{e}");
        let r = ek("raw T x", "T y", "y = x[i]", "r");
        let e = r.call(args![&x32]).unwrap_err();
        assert!(matches!(e, KernelError::BadArgument { .. }), "{e}");
    }
    assert!(matches!(
        ElementwiseKernel::new("T x", "T y", "y = x", "not a name").unwrap_err(),
        KernelError::InvalidSpec { .. }
    ));
    assert!(matches!(
        ElementwiseKernel::new("T", "T y", "y = 1", "k").unwrap_err(),
        KernelError::Params { .. }
    ));
}

fn l2() -> ReductionKernel {
    ReductionKernel::new("T x", "T y", "x * x", "a + b", "y = sqrt(a)", "0", "l2norm").unwrap()
}

#[test]
fn reductions_small() {
    for d in all_devices() {
        let x = arr((0..10).map(|v| v as f32).collect(), &[2, 5], d);
        let y = &l2().call(args![&x], Axes::One(1), false).unwrap()[0];
        let v = y.to_vec::<f32>().unwrap();
        assert!(
            (v[0] - 30f32.sqrt()).abs() < 1e-6 && (v[1] - 255f32.sqrt()).abs() < 1e-5,
            "{d} {v:?}"
        );
        let y = &l2().call(args![&x], Axes::All, false).unwrap()[0];
        assert_eq!(y.shape(), &[] as &[usize]);
        assert!((y.to_vec::<f32>().unwrap()[0] - 285f32.sqrt()).abs() < 1e-5);
        // call_one returns the single output itself (CuPy's kernel(x, axis=...))
        let y1 = l2().call_one(args![&x], Axes::All, false).unwrap();
        assert_eq!(y1.to_vec::<f32>().unwrap(), y.to_vec::<f32>().unwrap());
        let yk = l2().call_one(args![&x], Axes::One(1), true).unwrap();
        assert_eq!(yk.shape(), &[2, 1]);
        assert!((yk.to_vec::<f32>().unwrap()[1] - 255f32.sqrt()).abs() < 1e-5);
        // empty axis: post_map of the identity
        let e = Array::from_vec_on(Vec::<f64>::new(), &[3, 0], d).unwrap();
        let y = &l2().call(args![&e], Axes::One(1), false).unwrap()[0];
        assert_eq!(y.to_vec::<f64>().unwrap(), vec![0.0; 3], "{d}");
        // max of fabs along axis 0
        let k = ReductionKernel::new("T x", "T y", "fabs(x)", "max(a, b)", "y = a", "0", "maxabs")
            .unwrap();
        let x = arr(vec![1.0f64, -5.0, 2.0, -3.0, 4.0, 0.5], &[3, 2], d);
        let y = &k.call(args![&x], Axes::One(0), false).unwrap()[0];
        assert_eq!(y.to_vec::<f64>().unwrap(), vec![4.0, 5.0], "{d}");
        // mean over axes (0, 2) with keepdims
        let k = ReductionKernel::new(
            "T x",
            "T y",
            "x",
            "a + b",
            "y = a / (_in_ind.size() / _out_ind.size())",
            "0",
            "my_mean",
        )
        .unwrap();
        let x = arr((0..30).map(|v| v as f64).collect(), &[3, 2, 5], d);
        let y = &k.call(args![&x], Axes::Many(vec![0, 2]), true).unwrap()[0];
        assert_eq!(y.shape(), &[1, 2, 1]);
        assert_eq!(y.to_vec::<f64>().unwrap(), vec![12.0, 17.0], "{d}");
        // two inputs broadcast together: a weighted sum
        let k = ReductionKernel::new("T x, T w", "T y", "x * w", "a + b", "y = a", "0", "wsum")
            .unwrap();
        let x = arr((0..12).map(|v| v as f64).collect(), &[4, 3], d);
        let w = arr(vec![1.0f64, 10.0, 100.0], &[3], d);
        let y = &k.call(args![&x, &w], Axes::One(1), false).unwrap()[0];
        assert_eq!(
            y.to_vec::<f64>().unwrap(),
            vec![210.0, 543.0, 876.0, 1209.0],
            "{d}"
        );
        // a reduce type wider than the output
        let k = ReductionKernel::new("T x", "int64 y", "x", "a + b", "y = a", "0", "isum").unwrap();
        let x = arr(vec![i32::MAX, i32::MAX, 2], &[3], d);
        let y = &k.call(args![&x], Axes::All, false).unwrap()[0];
        assert_eq!(
            y.to_vec::<i64>().unwrap(),
            vec![2 * i32::MAX as i64 + 2],
            "{d}"
        );
        // axis errors
        let e = l2().call(args![&x], Axes::One(2), false).unwrap_err();
        assert_eq!(e.conformance_class(), "axis_out_of_bounds", "{e}");
        // no identity: empty reduction is an error, non-empty works
        let k = ReductionKernel::new("T x", "T y", "x", "max(a, b)", "y = a", "", "noid").unwrap();
        let y = &k
            .call(args![&arr(vec![3i32, 9, 1], &[3], d)], Axes::All, false)
            .unwrap()[0];
        assert_eq!(y.to_vec::<i32>().unwrap(), vec![9], "{d}");
        let e = k
            .call(args![&arr(Vec::<i32>::new(), &[0], d)], Axes::All, false)
            .unwrap_err();
        assert!(matches!(e, KernelError::EmptyReduction { .. }), "{e}");
    }
}

#[test]
fn reductions_every_strategy() {
    for d in all_devices() {
        let isum = ReductionKernel::new("T x", "T y", "x", "a + b", "y = a", "0", "isum").unwrap();
        // one output, many elements: split over blocks, then the finishing pass
        let n = 1_000_003usize;
        let x = arr((0..n as i64).map(|v| v % 1000 - 400).collect(), &[n], d);
        let want: i64 = (0..n as i64).map(|v| v % 1000 - 400).sum();
        let y = &isum.call(args![&x], Axes::All, false).unwrap()[0];
        assert_eq!(y.to_vec::<i64>().unwrap(), vec![want], "{d}");
        // many outputs with short rows: a thread per output
        let x = arr((0..40_000i64).collect(), &[10_000, 4], d);
        let y = &isum.call(args![&x], Axes::One(1), false).unwrap()[0];
        let v = y.to_vec::<i64>().unwrap();
        assert_eq!(v.len(), 10_000);
        assert!(
            v.iter().enumerate().all(|(i, &s)| s == 16 * i as i64 + 6),
            "{d}"
        );
        // many outputs with long contiguous rows: a block per output
        let x = arr((0..5000 * 100i64).collect(), &[5000, 100], d);
        let y = &isum.call(args![&x], Axes::One(1), false).unwrap()[0];
        let v = y.to_vec::<i64>().unwrap();
        assert!(
            v.iter()
                .enumerate()
                .all(|(i, &s)| s == 100 * 100 * i as i64 + 4950),
            "{d}"
        );
        // strided reduction along axis 0 of a 1000x37 float32 (exact small integers)
        let x = arr(
            (0..37_000).map(|v| (v % 7) as f32).collect(),
            &[1000, 37],
            d,
        );
        let y = &isum.call(args![&x], Axes::One(0), false).unwrap()[0];
        let got = y.to_vec::<f32>().unwrap();
        for (j, g) in got.iter().enumerate() {
            let w: f32 = (0..1000).map(|i| ((i * 37 + j) % 7) as f32).sum();
            assert_eq!(*g, w, "{d} column {j}");
        }
        // a reduction over a transposed view, axis 1
        let t = arr((0..6 * 70).map(|v| v as i64).collect(), &[6, 70], d)
            .transpose()
            .unwrap(); // (70, 6)
        let y = &isum.call(args![&t], Axes::One(0), false).unwrap()[0];
        let want: Vec<i64> = (0..6)
            .map(|r| (0..70).map(|c| (r * 70 + c) as i64).sum())
            .collect();
        assert_eq!(y.to_vec::<i64>().unwrap(), want, "{d}");
    }
}

/// The vector-load block kernel (`<name>_blockv`: one reduced axis at unit stride, aligned
/// block starts) and its fallbacks, against sums computed here: lengths with and without a tail,
/// rows whose starts are (6 x 4100) and are not (7 x 4099) aligned, a view starting one element
/// in, two inputs of different widths, a reduction without an identity, and float16.
#[test]
fn reductions_vector_loads() {
    let isum = ReductionKernel::new("T x", "T y", "x", "a + b", "y = a", "0", "vsum").unwrap();
    let dot = ReductionKernel::new(
        "float32 x, float64 w",
        "float64 y",
        "(double)x * w",
        "a + b",
        "y = a",
        "0",
        "vdot",
    )
    .unwrap();
    let vmax = ReductionKernel::new("T x", "T y", "x", "max(a, b)", "y = a", "", "vmax").unwrap();
    for d in all_devices() {
        // exact small integers in float32: any order of additions gives the same sum
        for n in [1_000_000usize, 1_000_003, 4097, 9] {
            let v: Vec<f32> = (0..n).map(|i| ((i * 7) % 13) as f32 - 6.0).collect();
            let want: f32 = v.iter().sum();
            let x = arr(v, &[n], d);
            let y = &isum.call(args![&x], Axes::All, false).unwrap()[0];
            assert_eq!(y.to_vec::<f32>().unwrap(), vec![want], "{d} n={n}");
            // one element in: the block starts are not aligned (the scalar kernel)
            let tail = x
                .slice(&[cuprum_core::SliceItem::Slice {
                    start: Some(1),
                    stop: None,
                    step: 1,
                }])
                .unwrap();
            let y = &isum.call(args![&tail], Axes::All, false).unwrap()[0];
            let want1: f32 = (1..n).map(|i| ((i * 7) % 13) as f32 - 6.0).sum();
            assert_eq!(y.to_vec::<f32>().unwrap(), vec![want1], "{d} n={n} from 1");
            let y = &vmax.call(args![&x], Axes::All, false).unwrap()[0];
            let top = (0..n)
                .map(|i| ((i * 7) % 13) as f32 - 6.0)
                .fold(f32::MIN, f32::max);
            assert_eq!(y.to_vec::<f32>().unwrap(), vec![top], "{d} n={n} max");
        }
        for (rows, cols) in [(6usize, 4100usize), (7, 4099), (3, 64)] {
            let v: Vec<f32> = (0..rows * cols).map(|i| (i % 11) as f32).collect();
            let x = arr(v.clone(), &[rows, cols], d);
            let y = &isum.call(args![&x], Axes::One(1), false).unwrap()[0];
            let want: Vec<f32> = (0..rows)
                .map(|r| v[r * cols..(r + 1) * cols].iter().sum())
                .collect();
            assert_eq!(y.to_vec::<f32>().unwrap(), want, "{d} {rows}x{cols}");
        }
        // float32 x float64: the vector is two elements wide
        let n = 100_001usize;
        let xv: Vec<f32> = (0..n).map(|i| (i % 5) as f32).collect();
        let wv: Vec<f64> = (0..n).map(|i| ((i % 3) as f64) - 1.0).collect();
        let want: f64 = xv.iter().zip(&wv).map(|(a, b)| *a as f64 * b).sum();
        let (x, w) = (arr(xv, &[n], d), arr(wv, &[n], d));
        let y = &dot.call(args![&x, &w], Axes::All, false).unwrap()[0];
        assert_eq!(y.to_vec::<f64>().unwrap(), vec![want], "{d} dot");
        // float16: four elements per vector, sums exact in float32 accumulation of small values
        let n = 50_000usize;
        let hv: Vec<f16> = (0..n).map(|i| f16::from_f32((i % 4) as f32)).collect();
        let h = arr(hv, &[n], d);
        let hsum = ReductionKernel::new(
            "float16 x",
            "float32 y",
            "(float)x",
            "a + b",
            "y = a",
            "0",
            "hsum",
        )
        .unwrap();
        let y = &hsum.call(args![&h], Axes::All, false).unwrap()[0];
        let want: f32 = (0..n).map(|i| (i % 4) as f32).sum();
        assert_eq!(y.to_vec::<f32>().unwrap(), vec![want], "{d} float16");
    }
}

#[test]
fn raw_kernels() {
    let src = r#"extern "C" __global__ void twice(float* x, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2.0f; }"#;
    let k = RawKernel::new(src, "twice");
    for d in all_devices() {
        let x = arr((0..100).map(|v| v as f32).collect(), &[100], d);
        k.launch(4, 32, 0, &LaunchArgs::new().array(&x).scalar(100i32))
            .unwrap();
        let want: Vec<f32> = (0..100).map(|v| 2.0 * v as f32).collect();
        assert_eq!(x.to_vec::<f32>().unwrap(), want, "{d:?}");
        // templates through a module's name expressions
        let m = RawModule::new(
            r#"template <class T> __global__ void fill(T* x, T v, int n) {
                int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = v; }
               extern "C" __global__ void iota(long long* x, int n) {
                int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] = i; }"#,
        )
        .name_expressions(&["fill<float>", "fill<double>"]);
        let y = arr(vec![0.0f64; 10], &[10], d);
        launch(
            &m,
            "fill<double>",
            1,
            32,
            &LaunchArgs::new().array(&y).scalar(2.5f64).scalar(10i32),
        );
        assert_eq!(y.to_vec::<f64>().unwrap(), vec![2.5; 10]);
        let z = arr(vec![0i64; 5], &[5], d);
        launch(&m, "iota", 1, 32, &LaunchArgs::new().array(&z).scalar(5i32));
        assert_eq!(z.to_vec::<i64>().unwrap(), vec![0, 1, 2, 3, 4]);
        let e = m
            .get_function("nope")
            .launch(1, 1, 0, &LaunchArgs::new().array(&z))
            .unwrap_err();
        assert!(matches!(e, KernelError::NoSuchKernel { .. }), "{e}");
        // a compile error is shown against the source's line
        let bad = RawKernel::new(
            "extern \"C\" __global__ void f(int* x) {\n  x[0] = y;\n}",
            "f",
        );
        let e = bad
            .launch(1, 1, 0, &LaunchArgs::new().array(&z))
            .unwrap_err();
        let d0 = first_diagnostic(&e);
        assert_eq!(d0.section, "source", "{e}");
        assert_eq!(d0.line, 2, "{e}");
        assert_eq!(d0.source_line, "  x[0] = y;", "{e}");
    }
}

/// The disk cache survives a process restart and a changed header invalidates it: the test
/// runs itself as a child process three times with one temporary `CUPRUM_CACHE_DIR`.
#[test]
fn disk_cache_restart_and_header_change() {
    const CHILD: &str = "CUPRUM_KERNEL_CACHE_CHILD";
    if let Ok(dir) = std::env::var(CHILD) {
        // child: compile (or load) the kernel including hdr.cuh, run it, report
        let k = RawKernel::with_options(
            "#include \"hdr.cuh\"\nextern \"C\" __global__ void put(int* x) { x[0] = VALUE; }",
            "put",
            &[&format!("-I{dir}")],
        );
        let x = arr(vec![0i32], &[1], Device::Cuda(0));
        k.launch(1, 1, 0, &LaunchArgs::new().array(&x)).unwrap();
        println!(
            "CHILD value={} disk={}",
            x.to_vec::<i32>().unwrap()[0],
            k.loaded_from_disk(0).unwrap()
        );
        return;
    }
    if cuda_devices().is_empty() {
        return;
    }
    let dir = std::env::temp_dir().join(format!("cuprum-kernel-cache-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = || {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "disk_cache_restart_and_header_change",
                "--nocapture",
            ])
            .env(CHILD, &dir)
            .env("CUPRUM_CACHE_DIR", dir.join("cache"))
            .output()
            .unwrap();
        let s = String::from_utf8_lossy(&out.stdout).into_owned();
        s.lines()
            .find(|l| l.starts_with("CHILD "))
            .unwrap_or_else(|| {
                panic!(
                    "child output: {s}\n{}",
                    String::from_utf8_lossy(&out.stderr)
                )
            })
            .to_string()
    };
    std::fs::write(dir.join("hdr.cuh"), "#define VALUE 7\n").unwrap();
    assert_eq!(run(), "CHILD value=7 disk=false");
    assert_eq!(run(), "CHILD value=7 disk=true");
    std::fs::write(dir.join("hdr.cuh"), "#define VALUE 8\n").unwrap();
    assert_eq!(run(), "CHILD value=8 disk=false");
    assert_eq!(run(), "CHILD value=8 disk=true");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Arrays of more than 2^31 elements take 64-bit index arithmetic (GPU only: 2 GiB arrays).
#[test]
fn sixty_four_bit_indices_on_the_gpu() {
    for d in cuda_devices() {
        let n = (1usize << 31) + 40;
        let x = cuprum_core::ones_on(&[n], DType::Int8, d).unwrap();
        // a flipped view: the strided path, offsets beyond i32
        let xf = flip(&x, None).unwrap();
        let k = ek("T x", "T y", "y = x + (i % 3)", "big");
        let y = k.call_one(args![&xf]).unwrap();
        let tail = y
            .slice(&[cuprum_core::SliceItem::Slice {
                start: Some(n as isize - 6),
                stop: None,
                step: 1,
            }])
            .unwrap()
            .copy()
            .unwrap();
        let want: Vec<i8> = (n - 6..n).map(|i| 1 + (i % 3) as i8).collect();
        assert_eq!(tail.to_vec::<i8>().unwrap(), want);
        // a reduction over all of it, in int64
        let s =
            ReductionKernel::new("T x", "int64 y", "x", "a + b", "y = a", "0", "bigsum").unwrap();
        let t = &s.call(args![&xf], Axes::All, false).unwrap()[0];
        assert_eq!(t.to_vec::<i64>().unwrap(), vec![n as i64]);
    }
}

/// The CPU engine refuses syntax trees deeper than its limit with a diagnostic (the fuzzer's
/// 5,000 nested parentheses overflowed the stack before), and takes ordinary nesting.
#[test]
fn cpu_engine_limits_nesting_depth() {
    let x = arr(vec![1.0f64, 2.0], &[2], Device::Cpu);
    let deep = format!("z = {}x{};", "(".repeat(5000), ")".repeat(5000));
    let e = ElementwiseKernel::new("T x", "T z", &deep, "deep")
        .and_then(|k| k.call_one(args![&x]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("nested more than"), "{e}");
    let chain = format!("z = x{};", " + x".repeat(20000));
    let e = ElementwiseKernel::new("T x", "T z", &chain, "chain")
        .and_then(|k| k.call_one(args![&x]))
        .unwrap_err()
        .to_string();
    assert!(e.contains("nested more than"), "{e}");
    // 30 nested parentheses and a 100-term sum are fine
    let ok = format!(
        "z = {}x{} + x{};",
        "(".repeat(30),
        ")".repeat(30),
        " + x".repeat(99)
    );
    let k = ek("T x", "T z", &ok, "ok");
    assert_eq!(
        k.call_one(args![&x]).unwrap().to_vec::<f64>().unwrap(),
        vec![101.0, 202.0]
    );
}

/// Statements whose destination is one of their own operands (`t = t`, a reduction's `a = a`,
/// `k = r[k]`): the CPU engine read an emptied register (a panic found by the `kernel` fuzz
/// target); the GPU runs them as C does.
#[test]
fn self_assignments_read_their_operand_first() {
    for d in all_devices() {
        let x = arr(vec![1.0f64, -2.0, 3.0], &[3], d);
        let k = ek("T x", "T z", "T t = x; t = t; t = t * t; z = t;", "selfa");
        assert_eq!(
            k.call_one(args![&x]).unwrap().to_vec::<f64>().unwrap(),
            vec![1.0, 4.0, 9.0]
        );
        let r = arr(vec![2i64, 0, 1], &[3], d);
        let k = ek(
            "T x, raw int64 r",
            "T z",
            "long long k = i; k = r[k]; k = r[k]; z = (T)k;",
            "selfidx",
        );
        // i=0: r[0]=2, r[2]=1; i=1: r[1]=0, r[0]=2; i=2: r[2]=1, r[1]=0
        assert_eq!(
            k.call_one(args![&x, &r]).unwrap().to_vec::<f64>().unwrap(),
            vec![1.0, 2.0, 0.0]
        );
        // a reduction whose reduce_expr is `a = a` (the fuzzer's input) runs on the CPU: which
        // operand the tree keeps is unspecified, so only the dtype is checked
        if d != Device::Cpu {
            continue;
        }
        for dt in [DType::Complex64, DType::Float64] {
            let xs = x.astype(dt).unwrap();
            let k =
                ReductionKernel::new("T x", "T y", "x * x", "a = a", "y = a", "0", "ra").unwrap();
            let y = k.call_one(args![&xs], Axes::All, false).unwrap();
            assert_eq!(y.dtype(), dt);
        }
    }
}

#[test]
fn broadcast_outputs_are_refused() {
    // a broadcast view (a stride-0 axis) is read-only: every element of the row would be
    // written by several loop indices, as NumPy's ufuncs refuse for `out=`
    for d in all_devices() {
        let x = arr(vec![1.0f32, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3], d);
        let row = arr(vec![0.0f32; 3], &[3], d);
        let bcast = row.broadcast_to(&[2, 3]).unwrap();
        let k = ek("T x", "T z", "z = x", "copy_k");
        let e = k.call(args![&x, &bcast]).unwrap_err();
        assert!(e.to_string().contains("broadcast view"), "{d}: {e}");
        let raw = ek("T x", "raw T z", "z[i] = x", "raw_out");
        let e = raw.call(args![&x, &bcast]).unwrap_err();
        assert!(e.to_string().contains("broadcast view"), "{d}: {e}");
        let one = arr(vec![0.0f32], &[1], d);
        let col = one.broadcast_to(&[2]).unwrap();
        let e = l2().call(args![&x, &col], Axes::One(1), false).unwrap_err();
        assert!(e.to_string().contains("broadcast view"), "{d}: {e}");
        assert_eq!(row.to_vec::<f32>().unwrap(), vec![0.0; 3], "{d}");
        assert_eq!(one.to_vec::<f32>().unwrap(), vec![0.0], "{d}");
        // a writable output of the same shape still works
        let out = arr(vec![0.0f32; 2], &[2], d);
        l2().call(args![&x, &out], Axes::One(1), false).unwrap();
        let got = out.to_vec::<f32>().unwrap();
        assert!(
            (got[0] - 14f32.sqrt()).abs() < 1e-6 && (got[1] - 77f32.sqrt()).abs() < 1e-5,
            "{d}: {got:?}"
        );
    }
}

#[test]
fn cpu_limits_stop_runaway_kernels() {
    use cuprum_kernel::{CancelToken, CpuLimits, StopReason, with_cpu_limits};
    use std::time::{Duration, Instant};
    let d = Device::Cpu;
    let x = arr((0..4096).map(|i| i as f32).collect(), &[4096], d);
    // `x == x` is true for every element: the loop never ends without a limit
    let spin = ek("T x", "T y", "while (x == x) {} y = x;", "spin");
    let limits = CpuLimits::new().time_limit(Duration::from_millis(100));
    let t0 = Instant::now();
    let e = with_cpu_limits(&limits, || spin.call(args![&x])).unwrap_err();
    assert!(
        matches!(
            e,
            KernelError::Stopped {
                op,
                reason: StopReason::TimeLimit(t)
            } if t == Duration::from_millis(100) && op.starts_with("ElementwiseKernel")
        ),
        "{e}"
    );
    assert!(t0.elapsed() < Duration::from_secs(20), "{:?}", t0.elapsed());
    // cancellation from another thread
    let token = CancelToken::new();
    let t2 = token.clone();
    let canceller = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(50));
        t2.cancel();
    });
    let limits = CpuLimits::new().cancel_token(&token);
    let e = with_cpu_limits(&limits, || spin.call(args![&x])).unwrap_err();
    canceller.join().unwrap();
    assert!(
        matches!(
            e,
            KernelError::Stopped {
                reason: StopReason::Cancelled,
                ..
            }
        ),
        "{e}"
    );
    // a reduction whose map calls a looping device function
    let red = ReductionKernel::new(
        "T x",
        "T y",
        "forever(x)",
        "a + b",
        "y = a",
        "0",
        "spin_sum",
    )
    .unwrap()
    .preamble("__device__ float forever(float v) { for (;;) { v = v + 1; } return v; }");
    let limits = CpuLimits::new().time_limit(Duration::from_millis(50));
    let e = with_cpu_limits(&limits, || red.call(args![&x], Axes::All, false)).unwrap_err();
    assert!(
        matches!(e, KernelError::Stopped { op, .. } if op.starts_with("ReductionKernel")),
        "{e}"
    );
    // bounded kernels are unaffected by limits, and limits end with their scope
    let k = ek(
        "T x",
        "T y",
        "T s = 0; for (int j = 0; j < 100; j++) { s += x; } y = s;",
        "loop100",
    );
    let limits = CpuLimits::new().time_limit(Duration::from_secs(600));
    let y = with_cpu_limits(&limits, || k.call_one(args![&x])).unwrap();
    let got = y.to_vec::<f32>().unwrap();
    assert_eq!(got[3], 300.0);
    assert_eq!(got[4095], 409_500.0);
    let token = CancelToken::new();
    token.cancel();
    let e = with_cpu_limits(&CpuLimits::new().cancel_token(&token), || k.call(args![&x]));
    assert!(matches!(e, Err(KernelError::Stopped { .. })), "{e:?}");
    // outside the scope, the cancelled token no longer applies
    assert_eq!(
        k.call_one(args![&x]).unwrap().to_vec::<f32>().unwrap()[3],
        300.0
    );
}

/// One source compiles alike on both devices: C's constants under NVRTC (a max reduction with
/// identity `-INFINITY`, a map using `M_PI`).
#[test]
fn math_constants_on_every_device() {
    for d in all_devices() {
        let k = ReductionKernel::new(
            "T x",
            "T y",
            "x * (T)M_PI",
            "max(a, b)",
            "y = a",
            "-INFINITY",
            "maxpi",
        )
        .unwrap();
        let x = arr(vec![-3.0f64, -1.0, -2.0], &[3], d);
        let y = k.call_one(args![&x], Axes::All, false).unwrap();
        assert_eq!(y.to_vec::<f64>().unwrap(), vec![-std::f64::consts::PI]);
        let e = arr(Vec::<f64>::new(), &[0], d);
        let y = k.call_one(args![&e], Axes::All, false).unwrap();
        assert_eq!(y.to_vec::<f64>().unwrap(), vec![f64::NEG_INFINITY]);
    }
}

/// CuPy's documented complex RawKernel (`#include <cupy/complex.cuh>`), on every GPU.
#[test]
fn cupy_complex_header_in_a_raw_kernel() {
    let code = r#"
#include <cupy/complex.cuh>
extern "C" __global__
void my_func(const complex<float>* x1, const complex<float>* x2,
             complex<float>* y, float a) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + a * x2[tid];
}
"#;
    let k = RawKernel::new(code, "my_func");
    for d in cuda_devices() {
        let x1 = arr(
            vec![
                cuprum_core::Complex32::new(1.0, 2.0),
                cuprum_core::Complex32::new(-1.0, 0.5),
            ],
            &[2],
            d,
        );
        let x2 = arr(
            vec![
                cuprum_core::Complex32::new(0.5, -1.0),
                cuprum_core::Complex32::new(2.0, 2.0),
            ],
            &[2],
            d,
        );
        let y = cuprum_core::zeros_on(&[2], DType::Complex64, d).unwrap();
        k.launch(
            1,
            2,
            0,
            &LaunchArgs::new()
                .array(&x1)
                .array(&x2)
                .array(&y)
                .scalar(2.0f32),
        )
        .unwrap();
        assert_eq!(
            y.to_vec::<cuprum_core::Complex32>().unwrap(),
            vec![
                cuprum_core::Complex32::new(2.0, 0.0),
                cuprum_core::Complex32::new(3.0, 4.5)
            ]
        );
    }
}

/// CuPy's documented `RawKernel`/`RawModule` examples (user guide, "Raw kernels"), on every
/// device, against the host computation.
#[test]
fn raw_kernels_cupy_documented_examples() {
    let add = RawKernel::new(
        r#"
extern "C" __global__
void my_add(const float* x1, const float* x2, float* y) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + x2[tid];
}
"#,
        "my_add",
    );
    let complex = RawKernel::new(
        r#"
#include <cupy/complex.cuh>
extern "C" __global__
void my_func(const complex<float>* x1, const complex<float>* x2,
             complex<float>* y, float a) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + a * x2[tid];
}
"#,
        "my_func",
    );
    let module = RawModule::new(
        r#"
extern "C"{

__global__ void test_sum(const float* x1, const float* x2, float* y, \
                         unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] + x2[tid];
    }
}

__global__ void test_multiply(const float* x1, const float* x2, float* y, \
                              unsigned int N)
{
    unsigned int tid = blockDim.x * blockIdx.x + threadIdx.x;
    if (tid < N)
    {
        y[tid] = x1[tid] * x2[tid];
    }
}

}"#,
    );
    let templ = RawModule::new(
        r#"
template<typename T>
__global__ void fx3(T* arr, int N) {
    unsigned int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < N) {
        arr[tid] = arr[tid] * 3;
    }
}
"#,
    )
    .name_expressions(&["fx3<float>", "fx3<double>"]);
    for d in all_devices() {
        // my_add over 5 blocks of 5 threads
        let v: Vec<f32> = (0..25).map(|k| k as f32).collect();
        let x1 = arr(v.clone(), &[5, 5], d);
        let x2 = arr(v.clone(), &[5, 5], d);
        let y = arr(vec![0.0f32; 25], &[5, 5], d);
        add.launch(5, 5, 0, &LaunchArgs::new().array(&x1).array(&x2).array(&y))
            .unwrap();
        let want: Vec<f32> = v.iter().map(|a| a + a).collect();
        assert_eq!(y.to_vec::<f32>().unwrap(), want, "{d:?}");
        // complex<float> with a float scalar: y = x1 + a * x2, x2 = 1j * arange
        let c1: Vec<cuprum_core::Complex32> = (0..25)
            .map(|k| cuprum_core::Complex32::new(k as f32, 0.0))
            .collect();
        let c2: Vec<cuprum_core::Complex32> = (0..25)
            .map(|k| cuprum_core::Complex32::new(0.0, k as f32))
            .collect();
        let (x1, x2) = (arr(c1, &[5, 5], d), arr(c2, &[5, 5], d));
        let y = arr(vec![cuprum_core::Complex32::new(0.0, 0.0); 25], &[5, 5], d);
        complex
            .launch(
                5,
                5,
                0,
                &LaunchArgs::new()
                    .array(&x1)
                    .array(&x2)
                    .array(&y)
                    .scalar(2.0f32),
            )
            .unwrap();
        let want: Vec<cuprum_core::Complex32> = (0..25)
            .map(|k| cuprum_core::Complex32::new(k as f32, 2.0 * k as f32))
            .collect();
        assert_eq!(y.to_vec::<cuprum_core::Complex32>().unwrap(), want);
        // a module with two kernels in an extern "C" block: N = 10, grid (N,), block (N,)
        let v: Vec<f32> = (0..100).map(|k| k as f32).collect();
        let x1 = arr(v.clone(), &[10, 10], d);
        let x2 = arr(vec![2.0f32; 100], &[10, 10], d);
        let y = arr(vec![0.0f32; 100], &[10, 10], d);
        let a = LaunchArgs::new()
            .array(&x1)
            .array(&x2)
            .array(&y)
            .scalar(100u32);
        launch(&module, "test_sum", 10, 10, &a);
        let want: Vec<f32> = v.iter().map(|a| a + 2.0).collect();
        assert_eq!(y.to_vec::<f32>().unwrap(), want);
        launch(&module, "test_multiply", 10, 10, &a);
        let want: Vec<f32> = v.iter().map(|a| a * 2.0).collect();
        assert_eq!(y.to_vec::<f32>().unwrap(), want);
        // template instantiations by name expression
        let xs = arr(vec![1.5f32, 2.0, -4.0], &[3], d);
        launch(
            &templ,
            "fx3<float>",
            1,
            32,
            &LaunchArgs::new().array(&xs).scalar(3i32),
        );
        assert_eq!(xs.to_vec::<f32>().unwrap(), vec![4.5, 6.0, -12.0]);
        let xd = arr(vec![0.25f64, 7.0], &[2], d);
        launch(
            &templ,
            "fx3<double>",
            1,
            32,
            &LaunchArgs::new().array(&xd).scalar(2i32),
        );
        assert_eq!(xd.to_vec::<f64>().unwrap(), vec![0.75, 21.0]);
    }
}

/// The thread model: shared-memory block reductions (static and dynamic shared memory),
/// atomics on shared and global memory, a 2-D grid with a 2-D shared tile, early returns.
#[test]
fn raw_kernels_thread_model() {
    let module = RawModule::new(
        r#"
#define BLOCK 128
extern "C" __global__ void block_sum(const float* x, float* partial, float* total, int n) {
    __shared__ float sdata[BLOCK];
    unsigned int tid = threadIdx.x;
    unsigned int i = blockIdx.x * blockDim.x + threadIdx.x;
    sdata[tid] = (i < n) ? x[i] : 0.0f;
    __syncthreads();
    for (unsigned int s = blockDim.x / 2; s > 0; s >>= 1) {
        if (tid < s) {
            sdata[tid] += sdata[tid + s];
        }
        __syncthreads();
    }
    if (tid == 0) {
        partial[blockIdx.x] = sdata[0];
        atomicAdd(total, sdata[0]);
    }
}

extern "C" __global__ void block_max_dyn(const int* x, int* out, int n) {
    extern __shared__ int buf[];
    int tid = threadIdx.x;
    int best = -2147483647 - 1;
    for (int i = blockIdx.x * blockDim.x + tid; i < n; i += blockDim.x * gridDim.x) {
        best = max(best, x[i]);
    }
    buf[tid] = best;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (tid < s) buf[tid] = max(buf[tid], buf[tid + s]);
        __syncthreads();
    }
    if (tid == 0) atomicMax(&out[0], buf[0]);
}

extern "C" __global__ void histogram(const unsigned char* x, unsigned int* hist, int n) {
    __shared__ unsigned int local[16];
    if (threadIdx.x < 16) local[threadIdx.x] = 0;
    __syncthreads();
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) atomicAdd(&local[x[i] % 16], 1u);
    __syncthreads();
    if (threadIdx.x < 16) atomicAdd(hist + threadIdx.x, local[threadIdx.x]);
}

#define TILE 8
__device__ int flat(int r, int c, int cols) { return r * cols + c; }

extern "C" __global__ void transpose(const double* a, double* b, int rows, int cols) {
    __shared__ double tile[TILE][TILE + 1];
    int c = blockIdx.x * TILE + threadIdx.x;
    int r = blockIdx.y * TILE + threadIdx.y;
    if (r < rows && c < cols) tile[threadIdx.y][threadIdx.x] = a[flat(r, c, cols)];
    __syncthreads();
    c = blockIdx.y * TILE + threadIdx.x;
    r = blockIdx.x * TILE + threadIdx.y;
    if (r < cols && c < rows) b[flat(r, c, rows)] = tile[threadIdx.x][threadIdx.y];
}

extern "C" __global__ void scan_early_return(const int* x, int* y, int n) {
    __shared__ int s[64];
    int t = threadIdx.x;
    s[t] = t < n ? x[t] : 0;
    __syncthreads();
    if (t >= n) return;
    int acc = 0;
    for (int k = 0; k <= t; ++k) acc += s[k];
    y[t] = acc;
}

"#,
    );
    for d in all_devices() {
        // block reduction: n = 1000 over 8 blocks of 128 (values are small integers: every
        // order of the float additions gives the same sums)
        let n = 1000;
        let xv: Vec<f32> = (0..n).map(|k| (k % 7) as f32).collect();
        let x = arr(xv.clone(), &[n], d);
        let partial = arr(vec![0.0f32; 8], &[8], d);
        let total = arr(vec![0.0f32; 1], &[1], d);
        launch(
            &module,
            "block_sum",
            8,
            128,
            &LaunchArgs::new()
                .array(&x)
                .array(&partial)
                .array(&total)
                .scalar(n as i32),
        );
        let want: Vec<f32> = (0..8)
            .map(|b| xv.iter().skip(b * 128).take(128).sum())
            .collect();
        assert_eq!(partial.to_vec::<f32>().unwrap(), want, "{d:?}");
        assert_eq!(total.to_vec::<f32>().unwrap(), vec![xv.iter().sum::<f32>()]);
        // dynamic shared memory (64 ints) and a grid-stride loop, atomicMax across blocks
        let xi: Vec<i32> = (0..5000).map(|k| (k * 7919 % 10007) - 5000).collect();
        let x = arr(xi.clone(), &[5000], d);
        let out = arr(vec![i32::MIN], &[1], d);
        module
            .get_function("block_max_dyn")
            .launch(
                3,
                64,
                64 * 4,
                &LaunchArgs::new().array(&x).array(&out).scalar(5000i32),
            )
            .unwrap();
        assert_eq!(
            out.to_vec::<i32>().unwrap(),
            vec![*xi.iter().max().unwrap()]
        );
        // histogram: atomics on shared memory, then on global memory
        let hv: Vec<u8> = (0..777).map(|k| ((k * 31 + 5) % 256) as u8).collect();
        let h = arr(hv.clone(), &[777], d);
        let hist = arr(vec![0u32; 16], &[16], d);
        launch(
            &module,
            "histogram",
            7,
            128,
            &LaunchArgs::new().array(&h).array(&hist).scalar(777i32),
        );
        let mut want = vec![0u32; 16];
        for v in &hv {
            want[(*v % 16) as usize] += 1;
        }
        assert_eq!(hist.to_vec::<u32>().unwrap(), want);
        // a 2-D grid of 2-D blocks and a 2-D shared tile: transpose 13 x 21
        let (rows, cols) = (13usize, 21usize);
        let av: Vec<f64> = (0..rows * cols).map(|k| k as f64 * 0.5).collect();
        let a = arr(av.clone(), &[rows, cols], d);
        let b = arr(vec![0.0f64; rows * cols], &[cols, rows], d);
        launch(
            &module,
            "transpose",
            (cols.div_ceil(8) as u32, rows.div_ceil(8) as u32),
            (8, 8),
            &LaunchArgs::new()
                .array(&a)
                .array(&b)
                .scalar(rows as i32)
                .scalar(cols as i32),
        );
        let mut want = vec![0.0f64; rows * cols];
        for r in 0..rows {
            for c in 0..cols {
                want[c * rows + r] = av[r * cols + c];
            }
        }
        assert_eq!(b.to_vec::<f64>().unwrap(), want);
        // threads that returned early do not hold up the others
        let x = arr((1..=40).collect::<Vec<i32>>(), &[40], d);
        let y = arr(vec![0i32; 40], &[40], d);
        launch(
            &module,
            "scan_early_return",
            1,
            64,
            &LaunchArgs::new().array(&x).array(&y).scalar(40i32),
        );
        let want: Vec<i32> = (1..=40).map(|t| t * (t + 1) / 2).collect();
        assert_eq!(y.to_vec::<i32>().unwrap(), want);
    }
}

/// Every atomic function on global memory, with results that do not depend on the order the
/// threads run in.
#[test]
fn raw_kernels_atomics() {
    let k = RawKernel::new(
        r#"
extern "C" __global__ void counters(unsigned int* c, int* m, unsigned long long* u) {
    unsigned int t = threadIdx.x;
    atomicInc(&c[0], 9u);
    atomicDec(&c[1], 9u);
    atomicOr(&c[2], 1u << t);
    atomicXor(&c[3], 1u);
    atomicAnd(&c[4], ~(1u << t));
    atomicSub(&m[0], (int)t);
    atomicMin(&m[1], (int)t - 5);
    atomicMax(m + 2, (int)t * 2);
    atomicExch(&m[3], 7);
    atomicAdd(&u[2], 1ull << 33);
    if (t == 0) u[3] = atomicCAS(&u[0], 0ull, 42ull);
    if (t == 1) u[4] = atomicCAS(&u[1], 5ull, 9ull);
}
"#,
        "counters",
    );
    for d in all_devices() {
        let c = arr(vec![0u32, 0, 0, 0, u32::MAX], &[5], d);
        let m = arr(vec![100i32, 0, 0, 1], &[4], d);
        let u = arr(vec![0u64, 3, 0, 0, 0], &[5], d);
        k.launch(1, 23, 0, &LaunchArgs::new().array(&c).array(&m).array(&u))
            .unwrap();
        assert_eq!(
            c.to_vec::<u32>().unwrap(),
            vec![3, 7, (1 << 23) - 1, 1, u32::MAX << 23],
            "{d:?}"
        );
        assert_eq!(m.to_vec::<i32>().unwrap(), vec![100 - 253, -5, 44, 7]);
        assert_eq!(u.to_vec::<u64>().unwrap(), vec![42, 3, 23 << 33, 0, 3]);
    }
}

/// Bad launches and unsupported constructs are clean errors on the CPU, never a panic.
#[test]
fn raw_kernel_errors_on_the_cpu() {
    let cpu = Device::Cpu;
    let add = RawKernel::new(
        r#"extern "C" __global__ void my_add(const float* x1, const float* x2, float* y) {
    int tid = blockDim.x * blockIdx.x + threadIdx.x;
    y[tid] = x1[tid] + x2[tid];
}"#,
        "my_add",
    );
    let x = arr(vec![1.0f32; 25], &[25], cpu);
    let y = arr(vec![0.0f32; 25], &[25], cpu);
    let a3 = LaunchArgs::new().array(&x).array(&x).array(&y);
    // an index out of bounds is a launch error naming the array
    let e = add.launch(2, 16, 0, &a3).unwrap_err();
    assert!(matches!(e, KernelError::Launch { .. }), "{e}");
    let msg = e.to_string();
    assert!(
        msg.contains("out of bounds") && msg.contains("'x1'"),
        "{msg}"
    );
    // launch configurations
    for (g, b) in [
        ((0u32, 1u32, 1u32), (32u32, 1u32, 1u32)),
        ((1, 1, 1), (0, 1, 1)),
        ((1, 1, 1), (2048, 1, 1)),
        ((1, 1, 1), (32, 32, 2)),
        ((1, 70000, 1), (1, 1, 1)),
    ] {
        let e = add.launch(g, b, 0, &a3).unwrap_err();
        assert!(matches!(e, KernelError::Launch { .. }), "{g:?} {b:?}: {e}");
    }
    // arguments: count, dtype, kind
    let e = add
        .launch(1, 25, 0, &LaunchArgs::new().array(&x).array(&y))
        .unwrap_err();
    assert!(matches!(e, KernelError::ArgCount { got: 2, .. }), "{e}");
    let xd = arr(vec![1.0f64; 25], &[25], cpu);
    let e = add
        .launch(1, 25, 0, &LaunchArgs::new().array(&xd).array(&x).array(&y))
        .unwrap_err();
    assert!(matches!(e, KernelError::DTypeMismatch { .. }), "{e}");
    let e = add
        .launch(
            1,
            25,
            0,
            &LaunchArgs::new().array(&x).scalar(1.0f32).array(&y),
        )
        .unwrap_err();
    assert!(matches!(e, KernelError::BadArgument { .. }), "{e}");
    let twice = RawKernel::new(
        r#"extern "C" __global__ void twice(float* x, int n) {
        int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) x[i] *= 2.0f; }"#,
        "twice",
    );
    let e = twice
        .launch(1, 32, 0, &LaunchArgs::new().array(&y).scalar(25.0f64))
        .unwrap_err();
    assert!(matches!(e, KernelError::BadArgument { .. }), "{e}");
    let e = twice
        .launch(1, 32, 0, &LaunchArgs::new().array(&y).array(&y))
        .unwrap_err();
    assert!(matches!(e, KernelError::BadArgument { .. }), "{e}");
    // an unsigned scalar of the same size is taken as the GPU takes it
    twice
        .launch(1, 32, 0, &LaunchArgs::new().array(&y).scalar(25u32))
        .unwrap();
    // a non-contiguous array for a pointer parameter
    let yf = flip(&y, None).unwrap();
    let e = twice
        .launch(1, 32, 0, &LaunchArgs::new().array(&yf).scalar(25i32))
        .unwrap_err();
    assert!(
        matches!(e, KernelError::BadArgument { .. }) && e.to_string().contains("contiguous"),
        "{e}"
    );
    // __syncthreads() under a threadIdx-dependent condition: a compile error
    let k = RawKernel::new(
        r#"extern "C" __global__ void f(float* x) {
    int t = threadIdx.x;
    if (t < 16) {
        x[t] = 1.0f;
        __syncthreads();
    }
}"#,
        "f",
    );
    let e = k
        .launch(1, 32, 0, &LaunchArgs::new().array(&y))
        .unwrap_err();
    let d0 = first_diagnostic(&e);
    assert!(d0.message.contains("__syncthreads"), "{e}");
    assert_eq!(d0.line, 5, "{e}");
    // ... and a barrier in data-dependent divergent code: a launch error
    let k = RawKernel::new(
        r#"extern "C" __global__ void f(float* x, unsigned int* c) {
    unsigned int k = atomicAdd(&c[0], 1u);
    if (k < 3 || x[0] > 0.0f) {
        __syncthreads();
    }
}"#,
        "f",
    );
    let c = arr(vec![0u32], &[1], cpu);
    let neg = arr(vec![-1.0f32; 4], &[4], cpu);
    let e = k
        .launch(1, 32, 0, &LaunchArgs::new().array(&neg).array(&c))
        .unwrap_err();
    assert!(
        matches!(e, KernelError::Launch { .. }) && e.to_string().contains("__syncthreads"),
        "{e}"
    );
    // uniform data-dependent barriers are fine
    let pos = arr(vec![1.0f32; 4], &[4], cpu);
    k.launch(1, 32, 0, &LaunchArgs::new().array(&pos).array(&c))
        .unwrap();
    // shared memory out of bounds, and dynamic shared memory not given
    let k = RawKernel::new(
        r#"extern "C" __global__ void f(float* x) {
    __shared__ float s[4];
    s[threadIdx.x] = 1.0f;
}
extern "C" __global__ void g(float* x) {
    extern __shared__ float d[];
    d[threadIdx.x] = x[threadIdx.x];
}"#,
        "f",
    );
    let e = k.launch(1, 8, 0, &LaunchArgs::new().array(&y)).unwrap_err();
    assert!(e.to_string().contains("__shared__ array 's'"), "{e}");
    let g = RawModule::new(
        r#"extern "C" __global__ void g(float* x) {
    extern __shared__ float d[];
    d[threadIdx.x] = x[threadIdx.x];
    __syncthreads();
    x[threadIdx.x] = d[(threadIdx.x + 1) % blockDim.x] + 1.0f;
}"#,
    )
    .get_function("g");
    let e = g.launch(1, 8, 0, &LaunchArgs::new().array(&y)).unwrap_err();
    assert!(e.to_string().contains("__shared__ array 'd'"), "{e}");
    let e = g
        .launch(1, 8, 100_000, &LaunchArgs::new().array(&y))
        .unwrap_err();
    assert!(matches!(e, KernelError::Launch { .. }), "{e}");
    let z = arr((0..8).map(|k| k as f32).collect(), &[8], cpu);
    g.launch(1, 8, 32, &LaunchArgs::new().array(&z)).unwrap();
    assert_eq!(
        z.to_vec::<f32>().unwrap(),
        vec![2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 1.0]
    );
    // unsupported constructs name themselves
    for (src, what) in [
        (
            "union P { float a; };\nextern \"C\" __global__ void f(float* x) { }",
            "union",
        ),
        (
            "extern \"C\" __global__ void f(float* x) { float* p = x; if (p == x) x[0] = 1.0f; }",
            "pointer 'p' must be indexed",
        ),
        (
            "extern \"C\" __global__ void f(float* x) { x[0] = clock(); }",
            "clock",
        ),
        (
            "extern \"C\" __global__ void f(const float* x) { x[0] = 1.0f; }",
            "read-only",
        ),
        (
            "extern \"C\" __global__ void f(float* x) { atomicAdd(&x[0], 1.0f, 2.0f); }",
            "atomicAdd",
        ),
    ] {
        let e = RawKernel::new(src, "f")
            .launch(1, 1, 0, &LaunchArgs::new().array(&y))
            .unwrap_err();
        assert!(matches!(e, KernelError::Compile { .. }), "{src}: {e}");
        assert!(e.to_string().contains(what), "{src}: {e}");
    }
    // a template needs an instantiation
    let e = RawModule::new("template <typename T> __global__ void t(T* x) { x[0] = 1; }")
        .get_function("t")
        .launch(1, 1, 0, &LaunchArgs::new().array(&y))
        .unwrap_err();
    assert!(e.to_string().contains("t<float>"), "{e}");
}

/// Warp shuffles and votes (the lanes of a warp are 32 consecutive threads of a block).
#[test]
fn raw_kernels_warp_functions() {
    let k = RawKernel::new(
        r#"
extern "C" __global__ void warps(const int* x, int* sum, int* scan, int* wmax, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    int lane = threadIdx.x % warpSize;
    int v = i < n ? x[i] : 0;
    int total = v;
    for (int off = 16; off > 0; off /= 2) total += __shfl_down_sync(0xffffffff, total, off);
    if (lane == 0) atomicAdd(&sum[0], total);
    unsigned int even = __ballot_sync(0xffffffff, i < n && x[i] % 2 == 0);
    if (lane == 0) atomicAdd(&sum[1], __popc(even));
    int all = __all_sync(0xffffffff, v >= 0);
    int any = __any_sync(0xffffffff, v > 90);
    if (lane == 0 && all) atomicAdd(&sum[2], 1);
    if (lane == 0 && any) atomicAdd(&sum[3], 1);
    int s = v;
    for (int off = 1; off < 32; off *= 2) {
        int t = __shfl_up_sync(0xffffffff, s, off);
        if (lane >= off) s += t;
    }
    int m = v;
    for (int off = 16; off > 0; off >>= 1) m = max(m, __shfl_xor_sync(0xffffffff, m, off));
    int first = __shfl_sync(0xffffffff, v, 0);
    __syncwarp();
    if (i < n) {
        scan[i] = s;
        wmax[i] = m - first;
    }
}
"#,
        "warps",
    );
    let n = 100usize;
    let xv: Vec<i32> = (0..n as i32).map(|k| (k * 37) % 101).collect();
    for d in all_devices() {
        let x = arr(xv.clone(), &[n], d);
        let sum = arr(vec![0i32; 4], &[4], d);
        let scan = arr(vec![0i32; n], &[n], d);
        let wmax = arr(vec![0i32; n], &[n], d);
        k.launch(
            2,
            64,
            0,
            &LaunchArgs::new()
                .array(&x)
                .array(&sum)
                .array(&scan)
                .array(&wmax)
                .scalar(n as i32),
        )
        .unwrap();
        let evens = xv.iter().filter(|v| *v % 2 == 0).count() as i32;
        let any_big = xv.chunks(32).filter(|c| c.iter().any(|v| *v > 90)).count() as i32;
        assert_eq!(
            sum.to_vec::<i32>().unwrap(),
            vec![xv.iter().sum::<i32>(), evens, 4, any_big],
            "{d:?}"
        );
        let mut want_scan = vec![0i32; n];
        let mut want_max = vec![0i32; n];
        for (w, c) in xv.chunks(32).enumerate() {
            let mx = *c.iter().max().unwrap();
            let mut acc = 0;
            for (l, v) in c.iter().enumerate() {
                acc += v;
                want_scan[w * 32 + l] = acc;
                want_max[w * 32 + l] = mx - c[0];
            }
        }
        assert_eq!(scan.to_vec::<i32>().unwrap(), want_scan);
        assert_eq!(wmax.to_vec::<i32>().unwrap(), want_max);
    }
}
