//! `hankel1`, `hankel2`, `hankel1e` and `hankel2e` of a real argument against SciPy 1.17.1 on
//! every device, complex128 and complex64 (grids computed with python3; the SciPy call above
//! each).

use super::grid::{check_complex, complex_values};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex64, DType, Device, Result};
use cuprum_special as sp;

/// A Hankel function of (`v`, `z`).
type Hankel = fn(&Array, &Array) -> Result<Array>;

#[test]
fn hankel_grids() {
    let fs: [(&str, Hankel); 4] = [
        ("hankel1_grid", |a, b| sp::hankel1(a, b)),
        ("hankel2_grid", |a, b| sp::hankel2(a, b)),
        ("hankel1e_grid", |a, b| sp::hankel1e(a, b)),
        ("hankel2e_grid", |a, b| sp::hankel2e(a, b)),
    ];
    for (group, f) in fs {
        let [v, z, wr, wi, wr32, wi32] = super::grid::group("hankel", group);
        // complex128 within 4e-13 |H|, complex64 (float32 arguments) within 2e-6 |H|
        for (dt, cdt, want, rtol) in [
            (DType::Float64, DType::Complex128, (&wr, &wi), 4e-13),
            (DType::Float32, DType::Complex64, (&wr32, &wi32), 2e-6),
        ] {
            for dev in all_devices() {
                let arr = |c: &[f64]| Array::from_vec_on(c.to_vec(), &[c.len()], dev).unwrap();
                let r = f(&arr(&v).astype(dt).unwrap(), &arr(&z).astype(dt).unwrap()).unwrap();
                assert_eq!((r.dtype(), r.device()), (cdt, dev));
                let what = |i: usize| format!("{dev} {group} {dt} (v {}, z {})", v[i], z[i]);
                check_complex(&complex_values(&r), (want.0, want.1), (rtol, 0.0), what);
            }
        }
    }
}

#[test]
fn hankel_complex_input_is_an_error() {
    let z = Array::from_vec_on(vec![Complex64::new(1.0, 1.0)], &[1], Device::Cpu).unwrap();
    assert!(sp::hankel1(1.0, &z).is_err());
}
