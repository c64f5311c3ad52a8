//! `lambertw` against SciPy 1.17.1 on every device: complex128 and complex64 input, branches -3 to
//! 2, real and complex input, scalar and array `k` (grids computed with python3; the SciPy call
//! above each).

use super::grid::{columns, near};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex32, Complex64, DType};
use cuprum_special as sp;

/// Compares the complex `got` with (`wr`, `wi`): each part within `rtol |w| + atol`.
fn check_complex(got: &[Complex64], wr: &[f64], wi: &[f64], rtol: f64, atol: f64, what: &str) {
    assert_eq!(got.len(), wr.len());
    for (i, g) in got.iter().enumerate() {
        let scale = wr[i].hypot(wi[i]);
        let tol = if scale.is_finite() {
            rtol * scale + atol
        } else {
            0.0
        };
        let ok = |gv: f64, wv: f64| {
            if wv.is_nan() || wv.is_infinite() {
                near(gv, wv, 0.0, 0.0)
            } else {
                (gv - wv).abs() <= tol
            }
        };
        assert!(
            ok(g.re, wr[i]) && ok(g.im, wi[i]),
            "{what} element {i}: got {g}, SciPy {}{:+}j",
            wr[i],
            wi[i]
        );
    }
}

#[test]
fn lambertw_grid() {
    let [zr, zi, k, wr, wi, wr32, wi32] = columns(
        "lambertw",
        "lambertw_grid",
        ["zr", "zi", "k", "wr", "wi", "wr32", "wi32"],
    );
    for dev in all_devices() {
        let z: Vec<Complex64> = zr
            .iter()
            .zip(&zi)
            .map(|(&a, &b)| Complex64::new(a, b))
            .collect();
        let za = Array::from_vec_on(z, &[zr.len()], dev).unwrap();
        let ka = Array::from_vec_on(
            k.iter().map(|&v| v as i64).collect::<Vec<_>>(),
            &[k.len()],
            dev,
        )
        .unwrap();
        let r = sp::lambertw(&za, &ka, 1e-8).unwrap();
        assert_eq!(r.dtype(), DType::Complex128);
        assert_eq!(r.device(), dev);
        check_complex(
            &r.to_vec::<Complex64>().unwrap(),
            &wr,
            &wi,
            1e-15,
            1e-300,
            &format!("{dev} complex128"),
        );
    }
    for dev in all_devices() {
        let z: Vec<Complex32> = zr
            .iter()
            .zip(&zi)
            .map(|(&a, &b)| Complex32::new(a as f32, b as f32))
            .collect();
        let za = Array::from_vec_on(z, &[zr.len()], dev).unwrap();
        let ka = Array::from_vec_on(k.clone(), &[k.len()], dev).unwrap();
        let r = sp::lambertw(&za, &ka, 1e-8).unwrap();
        assert_eq!(r.dtype(), DType::Complex128);
        check_complex(
            &r.to_vec::<Complex64>().unwrap(),
            &wr32,
            &wi32,
            1e-15,
            1e-300,
            &format!("{dev} complex64 in"),
        );
    }
}

#[test]
fn lambertw_real_input() {
    let [x, w0r, w0i, wmr, wmi, wfr, wfi] = columns(
        "lambertw",
        "lambertw_real_input",
        ["x", "w0r", "w0i", "wmr", "wmi", "wfr", "wfi"],
    );
    for dev in all_devices() {
        let xa = Array::from_vec_on(x.clone(), &[x.len()], dev).unwrap();
        let r = sp::lambertw(&xa, 0, 1e-8).unwrap();
        assert_eq!(r.dtype(), DType::Complex128);
        check_complex(
            &r.to_vec::<Complex64>().unwrap(),
            &w0r,
            &w0i,
            1e-15,
            1e-300,
            "k = 0",
        );
        let r = sp::lambertw(&xa, -1.0, 1e-8).unwrap();
        check_complex(
            &r.to_vec::<Complex64>().unwrap(),
            &wmr,
            &wmi,
            1e-15,
            1e-300,
            "k = -1",
        );
        let r = sp::lambertw(&xa.astype(DType::Float32).unwrap(), 0, 1e-8).unwrap();
        assert_eq!(r.dtype(), DType::Complex128);
        check_complex(
            &r.to_vec::<Complex64>().unwrap(),
            &wfr,
            &wfi,
            1e-15,
            1e-300,
            "float32 in",
        );
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
