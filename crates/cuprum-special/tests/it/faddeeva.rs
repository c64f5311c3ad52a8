//! `wofz` and `voigt_profile` against SciPy 1.17.1 on every device, complex128/float64 and
//! complex64/float32 (grids computed with python3; in `tests/data/faddeeva.txt`, the SciPy call
//! above each section).

use super::grid::{Grid, Rtol, check_complex, check_grids, complex_array, complex_values, group};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex64, DType};
use cuprum_special as sp;

#[test]
fn wofz_grid() {
    let [zr, zi, wr, wi, wr32, wi32] = group("faddeeva", "wofz_grid");
    // complex128 within 1e-15 |w|; complex64 (the arguments rounded) within 2e-7 |w|
    for (dt, want, rtol) in [
        (DType::Complex128, (&wr, &wi), Rtol::cuda(1e-15, 5e-15)),
        (DType::Complex64, (&wr32, &wi32), Rtol::from(2e-7)),
    ] {
        for dev in all_devices() {
            let rtol = rtol.on(dev);
            let r = sp::wofz(&complex_array(&zr, &zi, dt, dev)).unwrap();
            assert_eq!((r.dtype(), r.device()), (dt, dev));
            let what = |_| format!("{dev} {dt}");
            check_complex(&complex_values(&r), (want.0, want.1), (rtol, 0.0), what);
        }
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
    // (group, argument columns, float64 (rtol, atol), float32 (rtol, atol), function)
    #[rustfmt::skip]
    let gs: [Grid; 1] = [
        ("voigt_profile_grid", &["x", "s", "g"], (1e-15, 0.0), (2e-7, 1e-45), |a| sp::voigt_profile(a[0], a[1], a[2])),
    ];
    check_grids("faddeeva", &gs);
}
