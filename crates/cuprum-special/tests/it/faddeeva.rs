//! `wofz` and `voigt_profile` against SciPy 1.17.1 on every device, complex128/float64 and
//! complex64/float32 (grids computed with python3; in `tests/data/faddeeva.txt`, the SciPy call
//! above each section).

use super::grid::{check_outs, columns, near};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex32, Complex64, DType};
use cuprum_special as sp;

/// Each part of `got` within `rtol |w|` of (`wr`, `wi`) (NaN and infinities exactly).
fn check_parts(got: &[Complex64], wr: &[f64], wi: &[f64], rtol: f64, what: &str) {
    for (i, g) in got.iter().enumerate() {
        let s = wr[i].hypot(wi[i]);
        let tol = if s.is_finite() { rtol * s } else { 0.0 };
        assert!(
            near(g.re, wr[i], 0.0, tol) && near(g.im, wi[i], 0.0, tol),
            "{what} element {i}: got {g}, SciPy {}{:+}j",
            wr[i],
            wi[i]
        );
    }
}

#[test]
fn wofz_grid() {
    let [zr, zi, wr, wi, wr32, wi32] = columns(
        "faddeeva",
        "wofz_grid",
        ["zr", "zi", "wr", "wi", "wr32", "wi32"],
    );
    for dev in all_devices() {
        let z: Vec<Complex64> = zr
            .iter()
            .zip(&zi)
            .map(|(&a, &b)| Complex64::new(a, b))
            .collect();
        let za = Array::from_vec_on(z, &[zr.len()], dev).unwrap();
        let r = sp::wofz(&za).unwrap();
        assert_eq!(r.dtype(), DType::Complex128);
        assert_eq!(r.device(), dev);
        check_parts(
            &r.to_vec::<Complex64>().unwrap(),
            &wr,
            &wi,
            1e-15,
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
        let r = sp::wofz(&za).unwrap();
        assert_eq!(r.dtype(), DType::Complex64);
        let got: Vec<Complex64> = r
            .to_vec::<Complex32>()
            .unwrap()
            .iter()
            .map(|c| Complex64::new(f64::from(c.re), f64::from(c.im)))
            .collect();
        check_parts(&got, &wr32, &wi32, 2e-7, &format!("{dev} complex64"));
    }
}

#[test]
fn wofz_real_and_scalar_input() {
    // scipy.special.wofz(np.float32(1.5)) is complex128: (0.10539922456186433+0.4832273301407691j)
    // scipy.special.wofz(1+1j) = (0.30474420525691254+0.2082189382028316j)
    for dev in all_devices() {
        let x = Array::from_vec_on(vec![1.5f32], &[1], dev).unwrap();
        let r = sp::wofz(&x).unwrap();
        assert_eq!(r.dtype(), DType::Complex128);
        let v = r.to_vec::<Complex64>().unwrap()[0];
        assert_eq!(v, Complex64::new(0.10539922456186433, 0.4832273301407691));
    }
    let r = sp::wofz(Complex64::new(1.0, 1.0)).unwrap();
    assert_eq!(r.shape(), &[] as &[usize]);
    assert_eq!(
        r.to_vec::<Complex64>().unwrap()[0],
        Complex64::new(0.30474420525691254, 0.2082189382028316)
    );
}

#[test]
fn voigt_profile_grid() {
    let [x, s, g, want, want32] = columns(
        "faddeeva",
        "voigt_profile_grid",
        ["x", "s", "g", "want", "want32"],
    );
    check_outs(&[&x, &s, &g], &[&want], DType::Float64, 1e-15, 0.0, |a| {
        Ok(vec![sp::voigt_profile(a[0], a[1], a[2])?])
    });
    check_outs(
        &[&x, &s, &g],
        &[&want32],
        DType::Float32,
        2e-7,
        1e-45,
        |a| Ok(vec![sp::voigt_profile(a[0], a[1], a[2])?]),
    );
}
