//! `sph_harm_y` against SciPy 1.17.1 on every device (a grid computed with python3; the SciPy
//! call above it), dtypes and errors.

use super::grid::{Rtol, check_complex, complex_values, group};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex64, DType, Device};
use cuprum_special as sp;

#[test]
fn sph_harm_y_grid() {
    let [n, m, theta, phi, yr, yi] = group("sph_harm_y", "sph_harm_y_grid");
    for dev in all_devices() {
        let ints = |v: &[f64]| {
            Array::from_vec_on(
                v.iter().map(|&x| x as i64).collect::<Vec<_>>(),
                &[v.len()],
                dev,
            )
            .unwrap()
        };
        let (na, ma) = (ints(&n), ints(&m));
        let ta = Array::from_vec_on(theta.clone(), &[theta.len()], dev).unwrap();
        let pa = Array::from_vec_on(phi.clone(), &[phi.len()], dev).unwrap();
        let y = sp::sph_harm_y(&na, &ma, &ta, &pa).unwrap();
        assert_eq!(y.dtype(), DType::Complex128);
        assert_eq!(y.device(), dev);
        let what = |i: usize| {
            let (a, b, c, d) = (n[i], m[i], theta[i], phi[i]);
            format!("{dev} (n {a}, m {b}, theta {c}, phi {d})")
        };
        let rtol = Rtol::cuda(1e-14, 5e-14).on(dev);
        check_complex(&complex_values(&y), (&yr, &yi), (rtol, 1e-300), what);
        // float32 angles and int32 degrees give complex128 too (SciPy's result for any dtype)
        let y32 = sp::sph_harm_y(
            &na.astype(DType::Int32).unwrap(),
            &ma,
            &ta.astype(DType::Float32).unwrap(),
            &pa.astype(DType::Float32).unwrap(),
        )
        .unwrap();
        assert_eq!(y32.dtype(), DType::Complex128);
    }
}

#[test]
fn sph_harm_y_scalars_and_errors() {
    // scipy.special.sph_harm_y(1, 1, 1.2, 0.3) = (-0.307631773199223-0.09516165898220584j): a 0-d result
    let y = sp::sph_harm_y(1, 1, 1.2, 0.3).unwrap();
    assert_eq!(y.shape(), &[] as &[usize]);
    let v = y.to_vec::<Complex64>().unwrap()[0];
    assert!((v - Complex64::new(-0.307631773199223, -0.09516165898220584)).norm() < 1e-16);
    // float degrees are rejected (SciPy: TypeError), complex angles too
    assert!(sp::sph_harm_y(1.0, 1, 1.2, 0.3).is_err());
    let f = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
    assert!(sp::sph_harm_y(1, &f, 1.2, 0.3).is_err());
    assert!(sp::sph_harm_y(1, 1, Complex64::new(1.0, 1.0), 0.3).is_err());
}
