//! `hankel1`, `hankel2`, `hankel1e` and `hankel2e` of a real argument against SciPy 1.17.1 on
//! every device, complex128 and complex64 (grids computed with python3; the SciPy call above
//! each).

use super::grid::{columns, near};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex32, Complex64, DType, Device, Result};
use cuprum_special as sp;

type Hankel = fn(&Array, &Array) -> Result<Array>;

/// Runs `f` on (`v`, `z`) as `dt` on every device; the result (complex of `dt`'s width) within
/// `rtol |H|` of (`wr`, `wi`) part by part (NaN and infinities exactly).
#[allow(clippy::too_many_arguments)]
fn check(v: &[f64], z: &[f64], wr: &[f64], wi: &[f64], dt: DType, rtol: f64, f: Hankel) {
    for dev in all_devices() {
        let va = Array::from_vec_on(v.to_vec(), &[v.len()], dev)
            .unwrap()
            .astype(dt)
            .unwrap();
        let za = Array::from_vec_on(z.to_vec(), &[z.len()], dev)
            .unwrap()
            .astype(dt)
            .unwrap();
        let r = f(&va, &za).unwrap();
        assert_eq!(r.device(), dev);
        let got: Vec<Complex64> = if dt == DType::Float32 {
            assert_eq!(r.dtype(), DType::Complex64);
            r.to_vec::<Complex32>()
                .unwrap()
                .iter()
                .map(|c| Complex64::new(f64::from(c.re), f64::from(c.im)))
                .collect()
        } else {
            assert_eq!(r.dtype(), DType::Complex128);
            r.to_vec::<Complex64>().unwrap()
        };
        for (i, g) in got.iter().enumerate() {
            let s = wr[i].hypot(wi[i]);
            let tol = if s.is_finite() { rtol * s } else { 0.0 };
            assert!(
                near(g.re, wr[i], 0.0, tol) && near(g.im, wi[i], 0.0, tol),
                "{dev} {dt} element {i} (v {}, z {}): got {g}, SciPy {}{:+}j",
                v[i],
                z[i],
                wr[i],
                wi[i]
            );
        }
    }
}

#[test]
fn hankel1_grid() {
    let [v, z, wr, wi, wr32, wi32] = columns(
        "hankel",
        "hankel1_grid",
        ["v", "z", "wr", "wi", "wr32", "wi32"],
    );
    check(&v, &z, &wr, &wi, DType::Float64, 4e-13, |a, b| {
        sp::hankel1(a, b)
    });
    check(&v, &z, &wr32, &wi32, DType::Float32, 2e-6, |a, b| {
        sp::hankel1(a, b)
    });
}

#[test]
fn hankel2_grid() {
    let [v, z, wr, wi, wr32, wi32] = columns(
        "hankel",
        "hankel2_grid",
        ["v", "z", "wr", "wi", "wr32", "wi32"],
    );
    check(&v, &z, &wr, &wi, DType::Float64, 4e-13, |a, b| {
        sp::hankel2(a, b)
    });
    check(&v, &z, &wr32, &wi32, DType::Float32, 2e-6, |a, b| {
        sp::hankel2(a, b)
    });
}

#[test]
fn hankel1e_grid() {
    let [v, z, wr, wi, wr32, wi32] = columns(
        "hankel",
        "hankel1e_grid",
        ["v", "z", "wr", "wi", "wr32", "wi32"],
    );
    check(&v, &z, &wr, &wi, DType::Float64, 4e-13, |a, b| {
        sp::hankel1e(a, b)
    });
    check(&v, &z, &wr32, &wi32, DType::Float32, 2e-6, |a, b| {
        sp::hankel1e(a, b)
    });
}

#[test]
fn hankel2e_grid() {
    let [v, z, wr, wi, wr32, wi32] = columns(
        "hankel",
        "hankel2e_grid",
        ["v", "z", "wr", "wi", "wr32", "wi32"],
    );
    check(&v, &z, &wr, &wi, DType::Float64, 4e-13, |a, b| {
        sp::hankel2e(a, b)
    });
    check(&v, &z, &wr32, &wi32, DType::Float32, 2e-6, |a, b| {
        sp::hankel2e(a, b)
    });
}

#[test]
fn hankel_complex_input_is_an_error() {
    let z = Array::from_vec_on(vec![Complex64::new(1.0, 1.0)], &[1], Device::Cpu).unwrap();
    assert!(sp::hankel1(1.0, &z).is_err());
}
