//! Tests of the elementwise layer (and through it the CPU backend) against scalar references
//! computed in f64 / Complex64, with tolerances from machine epsilon.

use super::*;
use crate::{Array, Complex32, Complex64, DType, Device, Error, Layout, Scalar, bf16, f16};

fn arr<T: crate::Element>(v: Vec<T>, shape: &[usize]) -> Array {
    Array::from_vec_on(v, shape, Device::Cpu).unwrap()
}

fn view(a: &Array, shape: &[usize], strides: &[isize], offset: usize) -> Array {
    a.with_layout(Layout {
        shape: shape.to_vec(),
        strides: strides.to_vec(),
        offset,
    })
}

/// Values of a real array as f64.
fn f(a: &Array) -> Vec<f64> {
    a.astype(DType::Float64).unwrap().to_vec::<f64>().unwrap()
}

/// Values of any array as Complex64.
fn c(a: &Array) -> Vec<Complex64> {
    a.astype(DType::Complex128)
        .unwrap()
        .to_vec::<Complex64>()
        .unwrap()
}

/// Machine epsilon of a float dtype (of the real part for complex).
fn eps(d: DType) -> f64 {
    match d.real_dtype() {
        DType::Float16 => 9.77e-4,
        DType::BFloat16 => 7.82e-3,
        DType::Float32 => f32::EPSILON as f64,
        _ => f64::EPSILON,
    }
}

fn close(got: f64, want: f64, tol: f64) -> bool {
    (got.is_nan() && want.is_nan())
        || got == want
        || (got - want).abs() <= tol * want.abs().max(1e-300)
        || (got - want).abs() <= tol * 1e-6
}

#[track_caller]
fn assert_close(got: &[f64], want: &[f64], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        assert!(
            close(*g, *w, tol),
            "{what}[{i}]: got {g}, want {w} (tol {tol})"
        );
    }
}

#[track_caller]
fn assert_cclose(got: &[Complex64], want: &[Complex64], tol: f64, what: &str) {
    assert_eq!(got.len(), want.len(), "{what}");
    for (i, (g, w)) in got.iter().zip(want).enumerate() {
        let scale = w.norm().max(1e-300);
        let ok = g == w || (g.re.is_nan() && w.re.is_nan()) || (g - w).norm() <= tol * scale;
        assert!(ok, "{what}[{i}]: got {g}, want {w} (tol {tol})");
    }
}

// ---------------------------------------------------------------- promotion

#[test]
fn promotion_of_two_arrays() {
    let i8a = arr(vec![100i8, -100], &[2]);
    let u8a = arr(vec![200u8, 100], &[2]);
    let r = add(&i8a, &u8a).unwrap();
    assert_eq!(r.dtype(), DType::Int16);
    assert_eq!(r.to_vec::<i16>().unwrap(), vec![300, 0]);
    let f32a = arr(vec![0.5f32, 1.5], &[2]);
    let i64a = arr(vec![1i64, 2], &[2]);
    let r = multiply(&f32a, &i64a).unwrap();
    assert_eq!(r.dtype(), DType::Float64);
    assert_eq!(r.to_vec::<f64>().unwrap(), vec![0.5, 3.0]);
    let b = arr(vec![true, false], &[2]);
    assert_eq!(
        add(&b, &i8a).unwrap().to_vec::<i8>().unwrap(),
        vec![101, -100]
    );
    let h = arr(vec![f16::from_f32(1.0)], &[1]);
    let bf = arr(vec![bf16::from_f32(2.0)], &[1]);
    let r = add(&h, &bf).unwrap();
    assert_eq!(r.dtype(), DType::Float32);
    assert_eq!(r.to_vec::<f32>().unwrap(), vec![3.0]);
    let u64a = arr(vec![u64::MAX], &[1]);
    assert_eq!(
        add(&u64a, &i64a.astype(DType::Int64).unwrap().reshape_first())
            .unwrap()
            .dtype(),
        DType::Float64
    );
}

trait ReshapeFirst {
    fn reshape_first(&self) -> Array;
}
impl ReshapeFirst for Array {
    /// The first element as a 1-element array (test helper without the views module).
    fn reshape_first(&self) -> Array {
        view(self, &[1], &[1], self.offset())
    }
}

#[test]
fn weak_scalars_follow_nep50() {
    let f32a = arr(vec![1.5f32, 2.0], &[2]);
    let r = multiply(&f32a, 2.0).unwrap();
    assert_eq!(r.dtype(), DType::Float32);
    assert_eq!(r.to_vec::<f32>().unwrap(), vec![3.0, 4.0]);
    let i8a = arr(vec![1i8, -2], &[2]);
    let r = add(&i8a, 1).unwrap();
    assert_eq!(r.dtype(), DType::Int8);
    assert_eq!(r.to_vec::<i8>().unwrap(), vec![2, -1]);
    let e = add(&i8a, 300).unwrap_err();
    assert!(
        matches!(
            e,
            Error::Overflow {
                op: "add",
                dtype: DType::Int8,
                ..
            }
        ),
        "{e}"
    );
    assert!(e.to_string().contains("300"), "{e}");
    let u8a = arr(vec![1u8, 2], &[2]);
    assert!(matches!(add(&u8a, -1).unwrap_err(), Error::Overflow { .. }));
    let u64a = arr(vec![1u64], &[1]);
    assert!(matches!(
        add(&u64a, -1).unwrap_err(),
        Error::Overflow { .. }
    ));
    let i64a = arr(vec![1i64], &[1]);
    assert!(matches!(
        add(&i64a, Scalar::UInt(1 << 63)).unwrap_err(),
        Error::Overflow { .. }
    ));
    let r = add(&i8a, 2.5).unwrap();
    assert_eq!(r.dtype(), DType::Float64);
    assert_eq!(r.to_vec::<f64>().unwrap(), vec![3.5, 0.5]);
    let b = arr(vec![true, false], &[2]);
    let r = add(&b, 1).unwrap();
    assert_eq!(r.dtype(), DType::Int64);
    assert_eq!(r.to_vec::<i64>().unwrap(), vec![2, 1]);
    assert_eq!(
        add(&b, true).unwrap().to_vec::<bool>().unwrap(),
        vec![true, true]
    );
    assert_eq!(multiply(&b, 2.0).unwrap().dtype(), DType::Float64);
    let h = arr(vec![f16::from_f32(1.5)], &[1]);
    let r = multiply(&h, 2.0).unwrap();
    assert_eq!(r.dtype(), DType::Float16);
    assert_eq!(r.to_vec::<f16>().unwrap(), vec![f16::from_f32(3.0)]);
    // overflow of a weak float into float16 is inf, not an error
    assert!(f(&add(&h, 100000.0).unwrap())[0].is_infinite());
    let j = Complex64::new(0.0, 1.0);
    assert_eq!(add(&i8a, j).unwrap().dtype(), DType::Complex128);
    assert_eq!(add(&f32a, j).unwrap().dtype(), DType::Complex64);
    assert_eq!(add(&h, j).unwrap().dtype(), DType::Complex64);
    assert_eq!(bitwise_and(&i8a, true).unwrap().dtype(), DType::Int8);
    // scalar on the left, and two scalars
    assert_eq!(
        subtract(10, &i8a).unwrap().to_vec::<i8>().unwrap(),
        vec![9, 12]
    );
    let r = add(1, 2.5).unwrap();
    assert_eq!((r.dtype(), r.shape().len()), (DType::Float64, 0));
    // comparisons with an integer outside the dtype's range are exact, not errors
    assert_eq!(
        less(&i8a, 300).unwrap().to_vec::<bool>().unwrap(),
        vec![true, true]
    );
    assert_eq!(
        greater(&u8a, -1).unwrap().to_vec::<bool>().unwrap(),
        vec![true, true]
    );
    assert_eq!(
        equal(&i8a, 1.5).unwrap().to_vec::<bool>().unwrap(),
        vec![false, false]
    );
}

#[test]
fn result_dtypes_per_ufunc() {
    let i8a = arr(vec![4i8, 9], &[2]);
    let i32a = arr(vec![4i32, 9], &[2]);
    let u16a = arr(vec![4u16, 9], &[2]);
    assert_eq!(sqrt(&i8a).unwrap().dtype(), DType::Float16);
    assert_eq!(f(&sqrt(&i8a).unwrap()), vec![2.0, 3.0]);
    assert_eq!(sqrt(&u16a).unwrap().dtype(), DType::Float32);
    assert_eq!(sqrt(&i32a).unwrap().dtype(), DType::Float64);
    assert_eq!(divide(&i8a, &i8a).unwrap().dtype(), DType::Float64);
    assert_eq!(floor(&i32a).unwrap().dtype(), DType::Int32);
    assert_eq!(trunc(&i8a).unwrap().dtype(), DType::Int8);
    assert_eq!(rint(&i8a).unwrap().dtype(), DType::Float16);
    assert_eq!(less(&i8a, &i32a).unwrap().dtype(), DType::Bool);
    let z = arr(vec![Complex64::new(3.0, 4.0)], &[1]);
    let za = abs(&z).unwrap();
    assert_eq!(za.dtype(), DType::Float64);
    assert_eq!(za.to_vec::<f64>().unwrap(), vec![5.0]);
    let z32 = arr(vec![Complex32::new(3.0, 4.0)], &[1]);
    assert_eq!(abs(&z32).unwrap().dtype(), DType::Float32);
    assert_eq!(real(&z32).unwrap().to_vec::<f32>().unwrap(), vec![3.0]);
    assert_eq!(imag(&z32).unwrap().to_vec::<f32>().unwrap(), vec![4.0]);
    let b = arr(vec![true, false], &[2]);
    assert_eq!(square(&b).unwrap().dtype(), DType::Int8);
    assert_eq!(floor_divide(&b, &b).unwrap().dtype(), DType::Int8);
    assert_eq!(power(&b, &b).unwrap().to_vec::<i8>().unwrap(), vec![1, 1]);
    assert_eq!(hypot(&b, &b).unwrap().dtype(), DType::Float16);
    assert_eq!(angle(&b).unwrap().dtype(), DType::Float64);
    assert_eq!(angle(&i8a).unwrap().dtype(), DType::Float16);
    assert_eq!(
        abs(&b).unwrap().to_vec::<bool>().unwrap(),
        vec![true, false]
    );
    assert_eq!(
        isnan(&i8a).unwrap().to_vec::<bool>().unwrap(),
        vec![false, false]
    );
    assert_eq!(
        isfinite(&i8a).unwrap().to_vec::<bool>().unwrap(),
        vec![true, true]
    );
}

#[test]
fn unsupported_dtypes_are_dtype_errors() {
    let x = arr(vec![1.0f64, 2.0], &[2]);
    let e = bitwise_and(&x, &x).unwrap_err();
    assert!(
        matches!(
            e,
            Error::DType {
                op: "bitwise_and",
                dtype: DType::Float64,
                ..
            }
        ),
        "{e}"
    );
    assert!(matches!(
        left_shift(&x, 1).unwrap_err(),
        Error::DType { .. }
    ));
    assert!(matches!(
        invert(&x).unwrap_err(),
        Error::DType { op: "invert", .. }
    ));
    let b = arr(vec![true], &[1]);
    let e = negative(&b).unwrap_err();
    assert!(e.to_string().contains("boolean negative"), "{e}");
    let e = subtract(&b, &b).unwrap_err();
    assert!(e.to_string().contains("boolean subtract"), "{e}");
    let z = arr(vec![Complex64::new(1.0, 1.0)], &[1]);
    for e in [
        floor(&z).unwrap_err(),
        cbrt(&z).unwrap_err(),
        signbit(&z).unwrap_err(),
        remainder(&z, &z).unwrap_err(),
        arctan2(&z, &z).unwrap_err(),
    ] {
        assert!(
            matches!(
                e,
                Error::DType {
                    dtype: DType::Complex128,
                    ..
                }
            ),
            "{e}"
        );
    }
}

// ---------------------------------------------------------------- unary vs reference

type RealRef = fn(f64) -> f64;
type UnaryFn = fn(&Array) -> crate::Result<Array>;
type RealCase = (&'static str, UnaryFn, RealRef, Vec<f64>);

fn real_unary_cases() -> Vec<RealCase> {
    let gen_ = vec![-3.5, -1.0, -0.25, 0.0, 0.3, 1.0, 2.5, 7.0];
    let pos = vec![0.01, 0.3, 1.0, 2.5, 7.0, 100.0];
    let unit = vec![-1.0, -0.7, -0.2, 0.0, 0.4, 0.9, 1.0];
    let open = vec![-0.9, -0.2, 0.0, 0.4, 0.75];
    let ge1 = vec![1.0, 1.5, 3.0, 10.0];
    vec![
        ("negative", negative, |x| -x, gen_.clone()),
        ("abs", abs, f64::abs, gen_.clone()),
        (
            "sign",
            sign,
            |x: f64| if x == 0.0 { 0.0 } else { x.signum() },
            gen_.clone(),
        ),
        ("sqrt", sqrt, f64::sqrt, pos.clone()),
        ("cbrt", cbrt, f64::cbrt, gen_.clone()),
        ("square", square, |x| x * x, gen_.clone()),
        ("reciprocal", reciprocal, |x| 1.0 / x, pos.clone()),
        ("exp", exp, f64::exp, gen_.clone()),
        ("exp2", exp2, f64::exp2, gen_.clone()),
        ("expm1", expm1, f64::exp_m1, gen_.clone()),
        ("log", log, f64::ln, pos.clone()),
        ("log2", log2, f64::log2, pos.clone()),
        ("log10", log10, f64::log10, pos.clone()),
        ("log1p", log1p, f64::ln_1p, pos.clone()),
        ("sin", sin, f64::sin, gen_.clone()),
        ("cos", cos, f64::cos, gen_.clone()),
        ("tan", tan, f64::tan, gen_.clone()),
        ("arcsin", arcsin, f64::asin, unit.clone()),
        ("arccos", arccos, f64::acos, unit.clone()),
        ("arctan", arctan, f64::atan, gen_.clone()),
        ("sinh", sinh, f64::sinh, gen_.clone()),
        ("cosh", cosh, f64::cosh, gen_.clone()),
        ("tanh", tanh, f64::tanh, gen_.clone()),
        ("arcsinh", arcsinh, f64::asinh, gen_.clone()),
        ("arccosh", arccosh, f64::acosh, ge1),
        ("arctanh", arctanh, f64::atanh, open),
        ("floor", floor, f64::floor, gen_.clone()),
        ("ceil", ceil, f64::ceil, gen_.clone()),
        ("trunc", trunc, f64::trunc, gen_.clone()),
        (
            "rint",
            rint,
            f64::round_ties_even,
            vec![-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.7],
        ),
        ("deg2rad", deg2rad, f64::to_radians, gen_.clone()),
        ("rad2deg", rad2deg, f64::to_degrees, gen_),
    ]
}

#[test]
fn real_unary_ops_match_f64_reference_in_every_float_dtype() {
    for d in [
        DType::Float64,
        DType::Float32,
        DType::Float16,
        DType::BFloat16,
    ] {
        for (name, func, reference, xs) in real_unary_cases() {
            let a = arr(xs.clone(), &[xs.len()]).astype(d).unwrap();
            // the reference sees the input as rounded to `d`
            let xin = f(&a);
            let r = func(&a).unwrap();
            assert_eq!(r.dtype(), d, "{name} {d}");
            let want: Vec<f64> = xin.iter().map(|&x| reference(x)).collect();
            // half types round the f32 result once more
            let tol = 8.0 * eps(d);
            assert_close(&f(&r), &want, tol, &format!("{name} {d}"));
        }
    }
}

#[test]
fn predicates_on_special_values() {
    let x = arr(
        vec![1.0f64, f64::NAN, f64::INFINITY, -f64::INFINITY, -0.0, 0.0],
        &[6],
    );
    for d in [DType::Float64, DType::Float32, DType::Float16] {
        let a = x.astype(d).unwrap();
        let g = |r: Array| r.to_vec::<bool>().unwrap();
        assert_eq!(
            g(isnan(&a).unwrap()),
            [false, true, false, false, false, false]
        );
        assert_eq!(
            g(isinf(&a).unwrap()),
            [false, false, true, true, false, false]
        );
        assert_eq!(
            g(isfinite(&a).unwrap()),
            [true, false, false, false, true, true]
        );
        assert_eq!(
            g(signbit(&a).unwrap()),
            [false, false, false, true, true, false]
        );
        assert_eq!(
            g(logical_not(&a).unwrap()),
            [false, false, false, false, true, true]
        );
    }
    let s = f(&sign(&x).unwrap());
    assert_eq!(s[0], 1.0);
    assert!(s[1].is_nan());
    assert_eq!(&s[2..], &[1.0, -1.0, 0.0, 0.0]);
}

#[test]
fn complex_unary_ops_match_complex64_reference() {
    let zs = vec![
        Complex64::new(0.5, 0.25),
        Complex64::new(-1.5, 0.75),
        Complex64::new(2.0, -1.0),
        Complex64::new(-0.3, -0.8),
        Complex64::new(0.0, 1.0),
    ];
    type CRef = fn(Complex64) -> Complex64;
    let cases: Vec<(&str, UnaryFn, CRef)> = vec![
        ("negative", negative, |z| -z),
        ("conj", conj, |z| z.conj()),
        ("sqrt", sqrt, |z| z.sqrt()),
        ("square", square, |z| z * z),
        ("reciprocal", reciprocal, |z| 1.0 / z),
        ("exp", exp, |z| z.exp()),
        ("exp2", exp2, |z| (z * std::f64::consts::LN_2).exp()),
        ("expm1", expm1, |z| z.exp() - 1.0),
        ("log", log, |z| z.ln()),
        ("log2", log2, |z| z.ln() / std::f64::consts::LN_2),
        ("log10", log10, |z| z.ln() / std::f64::consts::LN_10),
        ("log1p", log1p, |z| (z + 1.0).ln()),
        ("sin", sin, |z| z.sin()),
        ("cos", cos, |z| z.cos()),
        ("tan", tan, |z| z.tan()),
        ("arcsin", arcsin, |z| z.asin()),
        ("arccos", arccos, |z| z.acos()),
        ("arctan", arctan, |z| z.atan()),
        ("sinh", sinh, |z| z.sinh()),
        ("cosh", cosh, |z| z.cosh()),
        ("tanh", tanh, |z| z.tanh()),
        ("arcsinh", arcsinh, |z| z.asinh()),
        ("arccosh", arccosh, |z| z.acosh()),
        ("arctanh", arctanh, |z| z.atanh()),
        ("sign", sign, |z| z / z.norm()),
        ("rint", rint, |z| {
            Complex64::new(z.re.round_ties_even(), z.im.round_ties_even())
        }),
    ];
    for d in [DType::Complex128, DType::Complex64] {
        let a = arr(zs.clone(), &[zs.len()]).astype(d).unwrap();
        let zin = c(&a);
        for (name, func, reference) in &cases {
            let r = func(&a).unwrap();
            assert_eq!(r.dtype(), d, "{name}");
            let want: Vec<Complex64> = zin.iter().map(|&z| reference(z)).collect();
            assert_cclose(&c(&r), &want, 16.0 * eps(d), &format!("{name} {d}"));
        }
        let want_abs: Vec<f64> = zin.iter().map(|z| z.norm()).collect();
        assert_close(&f(&abs(&a).unwrap()), &want_abs, 4.0 * eps(d), "abs");
        let want_arg: Vec<f64> = zin.iter().map(|z| z.arg()).collect();
        assert_close(&f(&angle(&a).unwrap()), &want_arg, 4.0 * eps(d), "angle");
    }
}

#[test]
fn complex_sign_follows_numpy2() {
    let inf = f64::INFINITY;
    let z = arr(
        vec![
            Complex64::new(inf, inf),
            Complex64::new(inf, 1.0),
            Complex64::new(1.0, -inf),
            Complex64::new(-inf, 0.0),
            Complex64::new(0.0, 0.0),
            Complex64::new(3.0, 4.0),
        ],
        &[6],
    );
    let s = sign(&z).unwrap().to_vec::<Complex64>().unwrap();
    assert!(s[0].re.is_nan() && s[0].im.is_nan());
    assert_eq!(
        &s[1..],
        &[
            Complex64::new(1.0, 0.0),
            Complex64::new(0.0, -1.0),
            Complex64::new(-1.0, 0.0),
            Complex64::new(0.0, 0.0),
            Complex64::new(0.6, 0.8)
        ]
    );
}

#[test]
fn integer_unary_semantics() {
    let a = arr(vec![-128i8, -3, 0, 5, 127], &[5]);
    assert_eq!(
        negative(&a).unwrap().to_vec::<i8>().unwrap(),
        vec![-128, 3, 0, -5, -127]
    );
    assert_eq!(
        abs(&a).unwrap().to_vec::<i8>().unwrap(),
        vec![-128, 3, 0, 5, 127]
    );
    assert_eq!(
        sign(&a).unwrap().to_vec::<i8>().unwrap(),
        vec![-1, -1, 0, 1, 1]
    );
    assert_eq!(
        square(&a).unwrap().to_vec::<i8>().unwrap(),
        vec![0, 9, 0, 25, 1]
    );
    assert_eq!(
        invert(&a).unwrap().to_vec::<i8>().unwrap(),
        vec![127, 2, -1, -6, -128]
    );
    assert_eq!(
        floor(&a).unwrap().to_vec::<i8>().unwrap(),
        vec![-128, -3, 0, 5, 127]
    );
    assert_eq!(
        signbit(&a).unwrap().to_vec::<bool>().unwrap(),
        vec![true, true, false, false, false]
    );
    let r = arr(vec![-1i64, 1, 2, -2], &[4]);
    assert_eq!(
        reciprocal(&r).unwrap().to_vec::<i64>().unwrap(),
        vec![-1, 1, 0, 0]
    );
    let u = arr(vec![0u8, 1, 200], &[3]);
    assert_eq!(
        negative(&u).unwrap().to_vec::<u8>().unwrap(),
        vec![0, 255, 56]
    );
    assert_eq!(
        invert(&u).unwrap().to_vec::<u8>().unwrap(),
        vec![255, 254, 55]
    );
    let b = arr(vec![true, false], &[2]);
    assert_eq!(
        invert(&b).unwrap().to_vec::<bool>().unwrap(),
        vec![false, true]
    );
    assert_eq!(conj(&b).unwrap().to_vec::<i8>().unwrap(), vec![1, 0]);
}

// ---------------------------------------------------------------- binary vs reference

#[test]
fn real_binary_ops_match_f64_reference() {
    let xs = vec![-3.5, -1.0, -0.25, 0.5, 1.0, 2.5, 7.0, 0.0];
    let ys = vec![2.0, -0.5, 3.0, 0.25, -1.0, 2.5, -4.0, 1.5];
    type Bin = fn(Operand<'_>, Operand<'_>) -> crate::Result<Array>;
    type BinRef = fn(f64, f64) -> f64;
    let cases: Vec<(&str, Bin, BinRef)> = vec![
        ("add", |a, b| add(a, b), |x, y| x + y),
        ("subtract", |a, b| subtract(a, b), |x, y| x - y),
        ("multiply", |a, b| multiply(a, b), |x, y| x * y),
        ("divide", |a, b| divide(a, b), |x, y| x / y),
        ("power", |a, b| power(a, b), f64::powf),
        ("hypot", |a, b| hypot(a, b), f64::hypot),
        ("arctan2", |a, b| arctan2(a, b), f64::atan2),
        ("copysign", |a, b| copysign(a, b), f64::copysign),
        ("maximum", |a, b| maximum(a, b), f64::max),
        ("minimum", |a, b| minimum(a, b), f64::min),
        ("fmod", |a, b| fmod(a, b), |x, y| x % y),
    ];
    for d in [
        DType::Float64,
        DType::Float32,
        DType::Float16,
        DType::BFloat16,
    ] {
        let a = arr(xs.clone(), &[8]).astype(d).unwrap();
        let b = arr(ys.clone(), &[8]).astype(d).unwrap();
        let (xa, yb) = (f(&a), f(&b));
        for (name, func, reference) in &cases {
            let r = func(Operand::Array(&a), Operand::Array(&b)).unwrap();
            assert_eq!(r.dtype(), d, "{name}");
            let want: Vec<f64> = xa.iter().zip(&yb).map(|(&x, &y)| reference(x, y)).collect();
            assert_close(&f(&r), &want, 8.0 * eps(d), &format!("{name} {d}"));
        }
    }
}

#[test]
fn complex_binary_ops_match_complex64_reference() {
    let xs = vec![
        Complex64::new(1.0, 2.0),
        Complex64::new(-0.5, 0.25),
        Complex64::new(3.0, -1.0),
    ];
    let ys = vec![
        Complex64::new(0.5, -1.0),
        Complex64::new(2.0, 0.0),
        Complex64::new(-1.0, 1.5),
    ];
    for d in [DType::Complex128, DType::Complex64] {
        let a = arr(xs.clone(), &[3]).astype(d).unwrap();
        let b = arr(ys.clone(), &[3]).astype(d).unwrap();
        let (za, zb) = (c(&a), c(&b));
        let t = 16.0 * eps(d);
        let zip = |g: fn(Complex64, Complex64) -> Complex64| -> Vec<Complex64> {
            za.iter().zip(&zb).map(|(&x, &y)| g(x, y)).collect()
        };
        assert_cclose(&c(&add(&a, &b).unwrap()), &zip(|x, y| x + y), t, "add");
        assert_cclose(&c(&subtract(&a, &b).unwrap()), &zip(|x, y| x - y), t, "sub");
        assert_cclose(&c(&multiply(&a, &b).unwrap()), &zip(|x, y| x * y), t, "mul");
        assert_cclose(&c(&divide(&a, &b).unwrap()), &zip(|x, y| x / y), t, "div");
        assert_cclose(
            &c(&power(&a, &b).unwrap()),
            &zip(|x, y| x.powc(y)),
            64.0 * eps(d),
            "pow",
        );
    }
    // small integer exponents multiply exactly; 0 ** 0 is 1
    let z = arr(
        vec![Complex64::new(0.0, 2.0), Complex64::new(0.0, 0.0)],
        &[2],
    );
    let r = power(&z, Complex64::new(3.0, 0.0))
        .unwrap()
        .to_vec::<Complex64>()
        .unwrap();
    assert_eq!(r, vec![Complex64::new(0.0, -8.0), Complex64::new(0.0, 0.0)]);
    let r = power(&z, Complex64::new(0.0, 0.0))
        .unwrap()
        .to_vec::<Complex64>()
        .unwrap();
    assert_eq!(r, vec![Complex64::new(1.0, 0.0); 2]);
    // lexicographic order
    let p = arr(
        vec![Complex64::new(1.0, 1.0), Complex64::new(1.0, 2.0)],
        &[2],
    );
    let q = arr(
        vec![Complex64::new(1.0, 2.0), Complex64::new(0.0, 5.0)],
        &[2],
    );
    assert_eq!(
        less(&p, &q).unwrap().to_vec::<bool>().unwrap(),
        vec![true, false]
    );
    assert_eq!(
        maximum(&p, &q).unwrap().to_vec::<Complex64>().unwrap(),
        vec![Complex64::new(1.0, 2.0), Complex64::new(1.0, 2.0)]
    );
}

#[test]
fn integer_arithmetic_wraps() {
    let a = arr(vec![100i8, -100, 127], &[3]);
    assert_eq!(
        add(&a, &a).unwrap().to_vec::<i8>().unwrap(),
        vec![-56, 56, -2]
    );
    assert_eq!(
        multiply(&a, 3).unwrap().to_vec::<i8>().unwrap(),
        vec![44, -44, 125]
    );
    let u = arr(vec![2u8, 3], &[2]);
    assert_eq!(power(&u, 10).unwrap().to_vec::<u8>().unwrap(), vec![0, 169]);
    let i = arr(vec![2i64, -3, 5], &[3]);
    let e = arr(vec![3i64, 2, 1], &[3]);
    assert_eq!(
        power(&i, &e).unwrap().to_vec::<i64>().unwrap(),
        vec![8, 9, 5]
    );
    assert_eq!(
        power(&i, 3).unwrap().to_vec::<i64>().unwrap(),
        vec![8, -27, 125]
    );
    assert_eq!(
        power(&i, 0).unwrap().to_vec::<i64>().unwrap(),
        vec![1, 1, 1]
    );
}

#[test]
fn integer_power_with_negative_exponent_is_an_error() {
    let a = arr(vec![2i8, 3], &[2]);
    let e = power(&a, -1).unwrap_err();
    assert!(
        matches!(
            e,
            Error::OutOfDomain {
                op: "power",
                arg: "x2",
                ..
            }
        ),
        "{e}"
    );
    assert!(
        e.to_string()
            .contains("integers to negative integer powers are not allowed")
    );
    let ex = arr(vec![2i8, -1], &[2]);
    let e = power(&a, &ex).unwrap_err();
    assert!(
        e.to_string()
            .contains("integers to negative integer powers are not allowed")
    );
    // floats are fine
    let x = arr(vec![2.0f64, 0.0], &[2]);
    assert_eq!(f(&power(&x, -1).unwrap()), vec![0.5, f64::INFINITY]);
}

#[test]
fn floor_divide_and_remainder_follow_numpy() {
    let a = arr(vec![7i32, -7, 7, -7, 0, 5], &[6]);
    let b = arr(vec![2i32, 2, -2, -2, 0, 0], &[6]);
    assert_eq!(
        floor_divide(&a, &b).unwrap().to_vec::<i32>().unwrap(),
        vec![3, -4, -4, 3, 0, 0]
    );
    assert_eq!(
        remainder(&a, &b).unwrap().to_vec::<i32>().unwrap(),
        vec![1, 1, -1, -1, 0, 0]
    );
    assert_eq!(
        fmod(&a, &b).unwrap().to_vec::<i32>().unwrap(),
        vec![1, -1, 1, -1, 0, 0]
    );
    let m = arr(vec![-128i8], &[1]);
    assert_eq!(
        floor_divide(&m, -1).unwrap().to_vec::<i8>().unwrap(),
        vec![-128]
    );
    assert_eq!(remainder(&m, -1).unwrap().to_vec::<i8>().unwrap(), vec![0]);
    let u = arr(vec![7u8, 1], &[2]);
    assert_eq!(
        floor_divide(&u, 0).unwrap().to_vec::<u8>().unwrap(),
        vec![0, 0]
    );

    let inf = f64::INFINITY;
    let x = arr(vec![7.0f64, -7.0, 7.0, -7.0, 0.0, 5.0, -1.0, inf], &[8]);
    let y = arr(vec![2.0f64, 2.0, -2.0, -2.0, 0.0, 0.0, 0.0, 2.0], &[8]);
    let q = f(&floor_divide(&x, &y).unwrap());
    assert_eq!(&q[..4], &[3.0, -4.0, -4.0, 3.0]);
    assert!(q[4].is_nan());
    assert_eq!(&q[5..7], &[inf, -inf]);
    assert!(q[7].is_nan());
    let r = f(&remainder(&x, &y).unwrap());
    assert_eq!(&r[..4], &[1.0, 1.0, -1.0, -1.0]);
    assert!(r[4..].iter().all(|v| v.is_nan()));
    let r = f(&remainder(
        &arr(vec![-1.0f64, 1.0, 0.0, -0.0, 1.0], &[5]),
        &arr(vec![inf, -inf, -2.0, 2.0, inf], &[5]),
    )
    .unwrap());
    assert_eq!(r[..2], [inf, -inf]);
    assert!(r[2] == 0.0 && r[2].is_sign_negative());
    assert!(r[3] == 0.0 && r[3].is_sign_positive());
    assert_eq!(r[4], 1.0);
    let (q, r) = divmod(&arr(vec![7.5f32, -7.5], &[2]), 2.0).unwrap();
    assert_eq!(q.to_vec::<f32>().unwrap(), vec![3.0, -4.0]);
    assert_eq!(r.to_vec::<f32>().unwrap(), vec![1.5, 0.5]);
}

#[test]
fn maximum_minimum_nan_rules() {
    let nan = f64::NAN;
    let a = arr(vec![nan, 1.0, 2.0, nan], &[4]);
    let b = arr(vec![1.0, nan, 1.0, nan], &[4]);
    let mx = f(&maximum(&a, &b).unwrap());
    assert!(mx[0].is_nan() && mx[1].is_nan() && mx[3].is_nan());
    assert_eq!(mx[2], 2.0);
    let mn = f(&minimum(&a, &b).unwrap());
    assert!(mn[0].is_nan() && mn[1].is_nan());
    assert_eq!(mn[2], 1.0);
    let fx = f(&fmax(&a, &b).unwrap());
    assert_eq!(&fx[..3], &[1.0, 1.0, 2.0]);
    assert!(fx[3].is_nan());
    let fm = f(&fmin(&a, &b).unwrap());
    assert_eq!(&fm[..3], &[1.0, 1.0, 1.0]);
    let i = arr(vec![3i16, -4], &[2]);
    assert_eq!(maximum(&i, 0).unwrap().to_vec::<i16>().unwrap(), vec![3, 0]);
}

#[test]
fn shifts_bitwise_and_logical() {
    let a = arr(vec![1i8, 1, -1, 1], &[4]);
    let s = arr(vec![1i8, 8, 9, -1], &[4]);
    assert_eq!(
        left_shift(&a, &s).unwrap().to_vec::<i8>().unwrap(),
        vec![2, 0, 0, 0]
    );
    let a = arr(vec![-8i8, -8, 8, 8], &[4]);
    assert_eq!(
        right_shift(&a, &s).unwrap().to_vec::<i8>().unwrap(),
        vec![-4, -1, 0, 0]
    );
    let u = arr(vec![1u8, 1], &[2]);
    assert_eq!(
        left_shift(&u, &arr(vec![7u8, 8], &[2]))
            .unwrap()
            .to_vec::<u8>()
            .unwrap(),
        vec![128, 0]
    );
    let x = arr(vec![12u32, 10], &[2]);
    let y = arr(vec![10u32, 6], &[2]);
    assert_eq!(
        bitwise_and(&x, &y).unwrap().to_vec::<u32>().unwrap(),
        vec![8, 2]
    );
    assert_eq!(
        bitwise_or(&x, &y).unwrap().to_vec::<u32>().unwrap(),
        vec![14, 14]
    );
    assert_eq!(
        bitwise_xor(&x, &y).unwrap().to_vec::<u32>().unwrap(),
        vec![6, 12]
    );
    let p = arr(vec![true, true, false, false], &[4]);
    let q = arr(vec![true, false, true, false], &[4]);
    let g = |r: Array| r.to_vec::<bool>().unwrap();
    assert_eq!(g(add(&p, &q).unwrap()), [true, true, true, false]);
    assert_eq!(g(multiply(&p, &q).unwrap()), [true, false, false, false]);
    assert_eq!(g(bitwise_xor(&p, &q).unwrap()), [false, true, true, false]);
    assert_eq!(g(less(&p, &q).unwrap()), [false, false, true, false]);
    assert_eq!(g(greater_equal(&p, &q).unwrap()), [true, true, false, true]);
    let fx = arr(vec![0.0f64, 2.0, -0.5, 0.0], &[4]);
    assert_eq!(
        g(logical_and(&fx, &p).unwrap()),
        [false, true, false, false]
    );
    assert_eq!(g(logical_or(&fx, &q).unwrap()), [true, true, true, false]);
    assert_eq!(g(logical_xor(&fx, &q).unwrap()), [true, true, false, false]);
    assert_eq!(
        g(left_shift(&p, &q).unwrap().astype(DType::Bool).unwrap()),
        [true, true, false, false]
    );
    assert_eq!(
        left_shift(&p, &q).unwrap().to_vec::<i8>().unwrap(),
        vec![2, 1, 0, 0]
    );
}

#[test]
fn nextafter_steps_in_storage_precision() {
    let h = arr(vec![f16::from_f32(1.0), f16::from_f32(0.0)], &[2]);
    let t = arr(vec![f16::from_f32(2.0), f16::from_f32(-1.0)], &[2]);
    let r = nextafter(&h, &t).unwrap().to_vec::<f16>().unwrap();
    assert_eq!(r[0], f16::from_bits(0x3c01));
    assert_eq!(r[1], f16::from_bits(0x8001));
    let x = arr(vec![1.0f32, -1.0], &[2]);
    let r = nextafter(&x, 0.0).unwrap().to_vec::<f32>().unwrap();
    assert_eq!(r, vec![1.0 - f32::EPSILON / 2.0, -1.0 + f32::EPSILON / 2.0]);
}

#[test]
fn rint_and_round() {
    let x = arr(
        vec![0.5f64, 1.5, 2.5, -0.5, -1.5, 1.25, 1.35, 12345.678],
        &[8],
    );
    let r = f(&rint(&x).unwrap());
    assert_eq!(&r[..5], &[0.0, 2.0, 2.0, -0.0, -2.0]);
    let r = f(&round(&x, 1).unwrap());
    assert_eq!(r, vec![0.5, 1.5, 2.5, -0.5, -1.5, 1.2, 1.4, 12345.7]);
    let r = f(&round(&arr(vec![15.0f64, 25.0, 125.0, -15.0], &[4]), -1).unwrap());
    assert_eq!(r, vec![20.0, 20.0, 120.0, -20.0]);
    let i = arr(vec![15i32, 25, 125, -15, 14], &[5]);
    let r = round(&i, -1).unwrap();
    assert_eq!(r.dtype(), DType::Int32);
    assert_eq!(r.to_vec::<i32>().unwrap(), vec![20, 20, 120, -20, 10]);
    assert_eq!(
        round(&i, 2).unwrap().to_vec::<i32>().unwrap(),
        vec![15, 25, 125, -15, 14]
    );
    let s = round(&arr(vec![1.005f32, 2.675], &[2]), 2).unwrap();
    assert_eq!(s.to_vec::<f32>().unwrap(), vec![1.0, 2.68]);
    let z = round(&arr(vec![Complex64::new(1.25, 2.35)], &[1]), 1).unwrap();
    assert_eq!(
        z.to_vec::<Complex64>().unwrap(),
        vec![Complex64::new(1.2, 2.4)]
    );
    // parts rounded as reals: an infinite part stays infinite, no NaN leaks across; a strided
    // complex view rounds too
    let zc = arr(
        vec![
            Complex64::new(f64::INFINITY, 0.35),
            Complex64::new(9.0, 9.0),
            Complex64::new(-2.25, f64::NEG_INFINITY),
        ],
        &[3],
    );
    let zr = round(&zc.slice(crate::s![..;2]).unwrap(), 1).unwrap();
    assert_eq!(
        zr.to_vec::<Complex64>().unwrap(),
        vec![
            Complex64::new(f64::INFINITY, 0.4),
            Complex64::new(-2.2, f64::NEG_INFINITY)
        ]
    );
}

// ---------------------------------------------------------------- layouts

#[test]
fn strided_inputs_negative_and_zero_strides() {
    let base = arr((0..12).map(|v| v as f64).collect(), &[3, 4]);
    // a[::-1, ::2] -> [[8, 10], [4, 6], [0, 2]]
    let rev = view(&base, &[3, 2], &[-4, 2], 8);
    // a row broadcast over 3 rows: row 1 columns 0 and 1
    let bc = view(&base, &[3, 2], &[0, 1], 4);
    let r = add(&rev, &bc).unwrap();
    assert_eq!(
        r.to_vec::<f64>().unwrap(),
        vec![12.0, 15.0, 8.0, 11.0, 4.0, 7.0]
    );
    // transposed
    let t = view(&base, &[4, 3], &[1, 4], 0);
    let r = multiply(&t, 2.0).unwrap();
    assert_eq!(
        r.to_vec::<f64>().unwrap(),
        vec![
            0.0, 8.0, 16.0, 2.0, 10.0, 18.0, 4.0, 12.0, 20.0, 6.0, 14.0, 22.0
        ]
    );
    let r = sqrt(&rev).unwrap();
    assert_close(
        &f(&r),
        &[8.0f64, 10.0, 4.0, 6.0, 0.0, 2.0].map(f64::sqrt),
        2.0 * f64::EPSILON,
        "sqrt strided",
    );
    // broadcasting shapes (3,1) and (4,)
    let col = arr(vec![0i32, 10, 20], &[3, 1]);
    let row = arr(vec![1i32, 2, 3, 4], &[4]);
    let r = add(&col, &row).unwrap();
    assert_eq!(r.shape(), &[3, 4]);
    assert_eq!(
        r.to_vec::<i32>().unwrap(),
        vec![1, 2, 3, 4, 11, 12, 13, 14, 21, 22, 23, 24]
    );
}

#[test]
fn large_strided_operands_run_in_parallel_chunks() {
    let (n, m) = (257usize, 301usize);
    let a = arr((0..n * m).map(|v| v as f32).collect(), &[n, m]);
    let t = view(&a, &[m, n], &[1, m as isize], 0); // transposed
    let b = arr((0..n).map(|v| v as f32 * 0.5).collect(), &[n]);
    let r = subtract(&t, &b).unwrap();
    let got = r.to_vec::<f32>().unwrap();
    for i in 0..m {
        for j in 0..n {
            assert_eq!(got[i * n + j], (j * m + i) as f32 - j as f32 * 0.5);
        }
    }
    let s = less(&r, 1000.0).unwrap().to_vec::<bool>().unwrap();
    assert_eq!(
        s.iter().filter(|&&v| v).count(),
        got.iter().filter(|&&v| v < 1000.0).count()
    );
}

#[test]
fn broadcast_error_names_both_shapes() {
    let a = arr(vec![0.0f32; 6], &[2, 3]);
    let b = arr(vec![0.0f32; 4], &[4]);
    let e = add(&a, &b).unwrap_err();
    assert!(
        matches!(&e, Error::Broadcast { op: "add", lhs, rhs } if lhs == &vec![2, 3] && rhs == &vec![4]),
        "{e}"
    );
    let msg = e.to_string();
    assert!(msg.contains("[2, 3]") && msg.contains("[4]"), "{msg}");
}

// ---------------------------------------------------------------- out forms and in place

#[test]
fn out_forms_write_into_views_and_cast() {
    let a = arr(vec![1.0f32, 2.0, 3.0], &[3]);
    let out = arr(vec![0.0f64; 6], &[2, 3]);
    // write into the second row only
    let row = view(&out, &[3], &[1], 3);
    add_out(&a, 1.0, &row).unwrap();
    assert_eq!(
        out.to_vec::<f64>().unwrap(),
        vec![0.0, 0.0, 0.0, 2.0, 3.0, 4.0]
    );
    // broadcast the result into the whole output
    multiply_out(&a, 2.0, &out).unwrap();
    assert_eq!(
        out.to_vec::<f64>().unwrap(),
        vec![2.0, 4.0, 6.0, 2.0, 4.0, 6.0]
    );
    unary_out(UnaryOp::Negative, &a, &row).unwrap();
    assert_eq!(
        out.to_vec::<f64>().unwrap(),
        vec![2.0, 4.0, 6.0, -1.0, -2.0, -3.0]
    );
    // same_kind: float result into an int output is an error, as in NumPy
    let io = arr(vec![0i32; 3], &[3]);
    let e = divide_out(&io, 2, &io).unwrap_err();
    assert!(matches!(e, Error::DType { op: "divide", .. }), "{e}");
    assert!(e.to_string().contains("same_kind"), "{e}");
    // a wrong out shape
    let small = arr(vec![0.0f64; 2], &[2]);
    assert!(matches!(
        add_out(&a, 1.0, &small).unwrap_err(),
        Error::Broadcast { .. }
    ));
    // reversed output view
    let rv = view(&out, &[3], &[-1], 2);
    subtract_out(&a, 1.0, &rv).unwrap();
    assert_eq!(&out.to_vec::<f64>().unwrap()[..3], &[2.0, 1.0, 0.0]);
    // broadcast (read-only) output
    let bo = view(&out, &[2, 3], &[0, 1], 0);
    assert!(matches!(
        add_out(&a, 1.0, &bo).unwrap_err(),
        Error::BadArgument { arg: "out", .. }
    ));
}

#[test]
fn in_place_operators_write_through_the_shared_buffer() {
    let base = arr(vec![1i64, 2, 3, 4, 5, 6], &[2, 3]);
    let mut v = view(&base, &[3], &[1], 3); // second row
    v += 10;
    assert_eq!(base.to_vec::<i64>().unwrap(), vec![1, 2, 3, 14, 15, 16]);
    let mut w = base.clone();
    w *= &arr(vec![2i64, 1, 1], &[3]);
    assert_eq!(base.to_vec::<i64>().unwrap(), vec![2, 2, 3, 28, 15, 16]);
    w -= 1;
    w %= 5;
    assert_eq!(base.to_vec::<i64>().unwrap(), vec![1, 1, 2, 2, 4, 0]);
    w |= 8;
    w &= 9;
    w ^= 1;
    assert_eq!(base.to_vec::<i64>().unwrap(), vec![8, 8, 9, 9, 9, 9]);
    // overlapping in-place: a[1:] += a[:-1] reads the old values (through a temporary)
    let a = arr(vec![1.0f64, 2.0, 3.0, 4.0], &[4]);
    let mut tail = view(&a, &[3], &[1], 1);
    let head = view(&a, &[3], &[1], 0);
    tail += &head;
    assert_eq!(a.to_vec::<f64>().unwrap(), vec![1.0, 3.0, 5.0, 7.0]);
    let mut x = arr(vec![1.0f32, 2.0], &[2]);
    x /= 2.0;
    assert_eq!(x.to_vec::<f32>().unwrap(), vec![0.5, 1.0]);
}

#[test]
#[should_panic(expected = "cannot cast the output from float64 to int32")]
fn in_place_true_division_of_ints_panics_like_numpy() {
    let mut a = arr(vec![1i32, 2], &[2]);
    a /= 2;
}

#[test]
fn operators_match_named_functions() {
    let a = arr(vec![1.0f64, -2.0, 3.0], &[3]);
    let b = arr(vec![0.5f64, 4.0, -1.0], &[3]);
    assert_eq!((&a + &b).to_vec::<f64>().unwrap(), vec![1.5, 2.0, 2.0]);
    assert_eq!((&a - 1.0).to_vec::<f64>().unwrap(), vec![0.0, -3.0, 2.0]);
    assert_eq!((2.0 * &a).to_vec::<f64>().unwrap(), vec![2.0, -4.0, 6.0]);
    assert_eq!((1.0 / &b).to_vec::<f64>().unwrap(), vec![2.0, 0.25, -1.0]);
    assert_eq!(
        (a.clone() % 2.0).to_vec::<f64>().unwrap(),
        vec![1.0, 0.0, 1.0]
    );
    assert_eq!((-&a).to_vec::<f64>().unwrap(), vec![-1.0, 2.0, -3.0]);
    let i = arr(vec![6i32, 3], &[2]);
    assert_eq!((&i & 3).to_vec::<i32>().unwrap(), vec![2, 3]);
    assert_eq!((&i | 1).to_vec::<i32>().unwrap(), vec![7, 3]);
    assert_eq!((&i ^ &i).to_vec::<i32>().unwrap(), vec![0, 0]);
    assert_eq!((&i << 2).to_vec::<i32>().unwrap(), vec![24, 12]);
    assert_eq!((i.clone() >> 1).to_vec::<i32>().unwrap(), vec![3, 1]);
    assert_eq!((!&i).to_vec::<i32>().unwrap(), vec![-7, -4]);
    assert_eq!((10 - &i).to_vec::<i32>().unwrap(), vec![4, 7]);
    let f32a = arr(vec![1.0f32], &[1]);
    assert_eq!((&f32a * 2.0).dtype(), DType::Float32);
    assert_eq!((&f32a * 2).dtype(), DType::Float32);
    assert_eq!((Complex64::new(0.0, 1.0) * &f32a).dtype(), DType::Complex64);
}

#[test]
#[should_panic(expected = "add: operands could not be broadcast together with shapes [2] and [3]")]
fn operator_panics_with_the_named_error() {
    let a = arr(vec![1.0f64, 2.0], &[2]);
    let b = arr(vec![1.0f64, 2.0, 3.0], &[3]);
    let _ = &a + &b;
}

// ---------------------------------------------------------------- where, clip

#[test]
fn where_selects_and_promotes() {
    let cnd = arr(vec![true, false, true], &[3]);
    let x = arr(vec![1i8, 2, 3], &[3]);
    let r = where_(&cnd, &x, 2.5).unwrap();
    assert_eq!(r.dtype(), DType::Float64);
    assert_eq!(r.to_vec::<f64>().unwrap(), vec![1.0, 2.5, 3.0]);
    // an out-of-range weak int is cast, as NumPy's where does
    assert_eq!(
        where_(&cnd, &x, 300).unwrap().to_vec::<i8>().unwrap(),
        vec![1, 44, 3]
    );
    // non-bool condition and broadcasting (3,1) x (3,)
    let c2 = arr(vec![0.0f32, 1.0, 2.0], &[3, 1]);
    let r = where_(&c2, &x, &arr(vec![-1i8], &[1])).unwrap();
    assert_eq!(r.shape(), &[3, 3]);
    assert_eq!(
        r.to_vec::<i8>().unwrap(),
        vec![-1, -1, -1, 1, 2, 3, 1, 2, 3]
    );
    let e = where_(&arr(vec![true, false], &[2]), &x, 0).unwrap_err();
    assert!(matches!(e, Error::Broadcast { op: "where", .. }), "{e}");
}

#[test]
fn clip_limits_values() {
    let a = arr(vec![1i8, 5, 10], &[3]);
    let r = clip(&a, Some(2.into()), Some(300.into())).unwrap();
    assert_eq!(r.dtype(), DType::Int8);
    assert_eq!(r.to_vec::<i8>().unwrap(), vec![2, 5, 10]);
    let u = arr(vec![1u8, 5, 200], &[3]);
    let r = clip(&u, Some((-5).into()), Some(100.into())).unwrap();
    assert_eq!(r.to_vec::<u8>().unwrap(), vec![1, 5, 100]);
    let x = arr(vec![1.0f64, f64::NAN, 10.0], &[3]);
    let r = f(&clip(&x, Some(2.0.into()), Some(5.0.into())).unwrap());
    assert_eq!(r[0], 2.0);
    assert!(r[1].is_nan());
    assert_eq!(r[2], 5.0);
    let r = clip(&x, None, Some(3.0.into())).unwrap();
    assert_eq!(f(&r)[2], 3.0);
    let lo = arr(vec![0.0f64, 0.0, 7.0], &[3]);
    let r = f(&clip(&x, Some((&lo).into()), None).unwrap());
    assert_eq!(r[2], 10.0);
    assert_eq!(r[0], 1.0);
    clip_out(&x, Some(2.0.into()), Some(3.0.into()), &x).unwrap();
    assert_eq!(f(&x)[2], 3.0);
}

#[test]
fn empty_arrays_and_zero_d() {
    let e = arr(Vec::<f32>::new(), &[0, 3]);
    let r = add(&e, 1.0).unwrap();
    assert_eq!(r.shape(), &[0, 3]);
    let s = sqrt(&e).unwrap();
    assert_eq!(s.shape(), &[0, 3]);
    let z = arr(vec![4.0f64], &[]);
    assert_eq!(sqrt(&z).unwrap().to_vec::<f64>().unwrap(), vec![2.0]);
    let r = add(&z, &arr(vec![1.0f64, 2.0], &[2])).unwrap();
    assert_eq!(r.to_vec::<f64>().unwrap(), vec![5.0, 6.0]);
}

/// A weak scalar passed by value (`backend::binary_scalar`) gives the bits of the same scalar
/// filled into an array (`backend::binary` on a broadcast 0-d array), on every device, for
/// both operand orders, contiguous (with a vector tail), strided, 0-d, more than 8 axes and
/// `out=` with a cast.
#[test]
fn scalar_by_value_matches_a_filled_array() {
    use super::engine::{broadcast_view, scalar_array};
    use super::promote::binary_dtypes;
    use crate::backend::{self, Side};
    use kinds::BinaryOp as B;
    let ops = [
        B::Add,
        B::Subtract,
        B::Multiply,
        B::Divide,
        B::Power,
        B::Remainder,
        B::FloorDivide,
        B::Maximum,
        B::Fmin,
        B::Less,
        B::Equal,
        B::LogicalAnd,
        B::BitwiseXor,
        B::RightShift,
        B::Arctan2,
        B::Copysign,
    ];
    let dtypes = {
        use DType::*;
        [
            Bool, Int8, UInt16, Int64, Float16, BFloat16, Float32, Float64, Complex64, Complex128,
        ]
    };
    let scalars = [
        Scalar::Int(3),
        Scalar::Float(2.5),
        Scalar::Float(-0.75),
        Scalar::Bool(true),
    ];
    for dev in crate::test_util::all_devices() {
        for dt in dtypes {
            let base = crate::arange_on(-500.0, 537.0, 1.0, Some(DType::Float64), dev)
                .unwrap()
                .astype(dt)
                .unwrap();
            let inputs = [
                base.clone(),
                view(&base, &[37, 28], &[1, 37], 0),
                view(&base, &[1036], &[1], 1),
                view(&base, &[2; 9], &[2, 4, 8, 16, 32, 64, 128, 256, 512], 3),
                view(&base, &[], &[], 5),
            ];
            for op in ops {
                for s in scalars {
                    for side in [Side::Left, Side::Right] {
                        for a in &inputs {
                            let Ok((k, o)) = binary_dtypes(op, dt) else {
                                continue;
                            };
                            if op == B::Power && k.is_integer() {
                                continue;
                            }
                            let x = a.astype(k).unwrap();
                            let want = Array::empty_on(x.shape(), o, dev).unwrap();
                            let got = Array::empty_on(x.shape(), o, dev).unwrap();
                            let sa = scalar_array(s, k, dev).unwrap();
                            let sv = broadcast_view("t", &sa, x.shape()).unwrap();
                            let (l, r) = match side {
                                Side::Left => (&sv, &x),
                                Side::Right => (&x, &sv),
                            };
                            let r1 = backend::binary(op, l.view(), r.view(), want.view());
                            let r2 = backend::binary_scalar(op, x.view(), s, side, got.view());
                            assert_eq!(
                                r1.is_ok(),
                                r2.is_ok(),
                                "{dev:?} {op:?} {dt} {s:?} {side:?}"
                            );
                            if r1.is_ok() {
                                assert_eq!(
                                    want.to_bytes().unwrap(),
                                    got.to_bytes().unwrap(),
                                    "{dev:?} {op:?} {dt} {s:?} {side:?} shape {:?}",
                                    x.shape()
                                );
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The public functions route a weak scalar through the by-value path with NumPy's answers.
#[test]
fn scalar_operands_through_the_public_functions() {
    for dev in crate::test_util::all_devices() {
        let a = Array::from_vec_on(vec![1.0f32, -2.0, 3.5], &[3], dev).unwrap();
        assert_eq!(
            multiply(&a, 2.0).unwrap().to_vec::<f32>().unwrap(),
            vec![2.0, -4.0, 7.0]
        );
        assert_eq!(
            subtract(1.0, &a).unwrap().to_vec::<f32>().unwrap(),
            vec![0.0, 3.0, -2.5]
        );
        let i = Array::from_vec_on(vec![7i8, -7, 100], &[3], dev).unwrap();
        let r = floor_divide(&i, 2).unwrap();
        assert_eq!(r.dtype(), DType::Int8);
        assert_eq!(r.to_vec::<i8>().unwrap(), vec![3, -4, 50]);
        let out = Array::empty_on(&[3], DType::Float64, dev).unwrap();
        add_out(&i, 1.5, &out).unwrap();
        assert_eq!(out.to_vec::<f64>().unwrap(), vec![8.5, -5.5, 101.5]);
        assert!(matches!(
            power(&i, -1),
            Err(Error::OutOfDomain { op: "power", .. })
        ));
    }
}
