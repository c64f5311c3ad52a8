//! `lambertw` against SciPy 1.17.1 on every device: complex128 and complex64 input, branches -3 to
//! 2, real and complex input, scalar and array `k` (grids computed with python3; the SciPy call
//! above each).

use super::grid::{Rtol, check_complex, complex_array, complex_values, group};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex64, DType};
use cuprum_special as sp;

#[test]
fn lambertw_grid() {
    let [zr, zi, k, wr, wi, wr32, wi32] = group("lambertw", "lambertw_grid");
    // complex128 input with int64 k, complex64 input with float64 k: complex128 results
    for (dt, kt, want) in [
        (DType::Complex128, DType::Int64, (&wr, &wi)),
        (DType::Complex64, DType::Float64, (&wr32, &wi32)),
    ] {
        for dev in all_devices() {
            let ka = Array::from_vec_on(k.clone(), &[k.len()], dev).unwrap();
            let za = complex_array(&zr, &zi, dt, dev);
            let r = sp::lambertw(&za, &ka.astype(kt).unwrap(), 1e-8).unwrap();
            assert_eq!((r.dtype(), r.device()), (DType::Complex128, dev));
            let what = |_| format!("{dev} {dt} in");
            check_complex(&complex_values(&r), (want.0, want.1), (1e-15, 1e-300), what);
        }
    }
}

#[test]
fn lambertw_real_input() {
    let [x, w0r, w0i, wmr, wmi, wfr, wfi] = group("lambertw", "lambertw_real_input");
    for dev in all_devices() {
        let xa = Array::from_vec_on(x.clone(), &[x.len()], dev).unwrap();
        let r = sp::lambertw(&xa, 0, 1e-8).unwrap();
        assert_eq!(r.dtype(), DType::Complex128);
        check_complex(&complex_values(&r), (&w0r, &w0i), (1e-15, 1e-300), |_| {
            "k = 0".into()
        });
        let r = sp::lambertw(&xa, -1.0, 1e-8).unwrap();
        check_complex(&complex_values(&r), (&wmr, &wmi), (1e-15, 1e-300), |_| {
            "k = -1".into()
        });
        let r = sp::lambertw(&xa.astype(DType::Float32).unwrap(), 0, 1e-8).unwrap();
        assert_eq!(r.dtype(), DType::Complex128);
        let rtol = Rtol::cuda(1e-15, 2e-12).on(dev);
        check_complex(&complex_values(&r), (&wfr, &wfi), (rtol, 1e-300), |_| {
            "float32 in".into()
        });
    }
}

#[test]
fn lambertw_scalars_and_errors() {
    // scipy.special.lambertw(1+2j) = (0.8237712167092305+0.5329289867954417j): a 0-d result
    let r = sp::lambertw(Complex64::new(1.0, 2.0), 0, 1e-8).unwrap();
    assert_eq!(r.shape(), &[] as &[usize]);
    let v = r.to_vec::<Complex64>().unwrap()[0];
    assert!((v - Complex64::new(0.8237712167092305, 0.5329289867954417)).norm() < 1e-15);
    // scipy.special.lambertw(0, 1) = -inf + 0j; lambertw(0.5, 1.7) truncates k to 1:
    // (-2.259158898533606+4.220960969266197j)
    let r = sp::lambertw(0.0, 1, 1e-8)
        .unwrap()
        .to_vec::<Complex64>()
        .unwrap()[0];
    assert!(r.re == f64::NEG_INFINITY && r.im == 0.0);
    let r = sp::lambertw(0.5, 1.7, 1e-8)
        .unwrap()
        .to_vec::<Complex64>()
        .unwrap()[0];
    assert!((r - Complex64::new(-2.259158898533606, 4.220960969266197)).norm() < 1e-14);
    // a complex branch index is an error; bfloat16 too
    assert!(sp::lambertw(0.5, Complex64::new(1.0, 1.0), 1e-8).is_err());
    let b = Array::from_vec_on(vec![1.0f32], &[1], cuprum_core::Device::Cpu)
        .unwrap()
        .astype(DType::BFloat16)
        .unwrap();
    assert!(sp::lambertw(&b, 0, 1e-8).is_err());
}
