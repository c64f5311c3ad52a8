//! `sindg`, `cosdg`, `tandg`, `cotdg` and `radian` against SciPy 1.17.1 on every device, float64
//! and float32 (grids computed with python3; in `tests/data/degrees.txt`, the SciPy call above each
//! section).

use super::grid::{Grid, check_grids};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, DType};
use cuprum_special as sp;

#[test]
fn degree_function_grids() {
    // (group, argument columns, float64 (rtol, atol), float32 (rtol, atol), function)
    #[rustfmt::skip]
    let gs: [Grid; 5] = [
        ("sindg_grid", &["x"], (1e-15, 0.0), (2e-7, 0.0), |a| sp::sindg(a[0])),
        ("cosdg_grid", &["x"], (1e-15, 0.0), (2e-7, 0.0), |a| sp::cosdg(a[0])),
        ("tandg_grid", &["x"], (1e-15, 0.0), (2e-7, 0.0), |a| sp::tandg(a[0])),
        ("cotdg_grid", &["x"], (1e-15, 0.0), (2e-7, 0.0), |a| sp::cotdg(a[0])),
        ("radian_grid", &["d", "m", "s"], (4e-16, 0.0), (2e-7, 0.0), |a| sp::radian(a[0], a[1], a[2])),
    ];
    check_grids("degrees", &gs);
}

#[test]
fn degrees_signed_zeros_and_poles() {
    // scipy.special.sindg(180.0) = -0.0, cosdg(90.0) = -0.0, tandg(-90.0) = inf,
    // cotdg(-0.0) = inf, tandg(-180.0) = 0.0, sindg(-inf) = 0.0
    for dev in all_devices() {
        let one = |v: f64| Array::from_vec_on(vec![v], &[1], dev).unwrap();
        let g = |r: Array| r.to_vec::<f64>().unwrap()[0];
        let s = g(sp::sindg(&one(180.0)).unwrap());
        assert!(s == 0.0 && s.is_sign_negative(), "{dev}");
        let c = g(sp::cosdg(&one(90.0)).unwrap());
        assert!(c == 0.0 && c.is_sign_negative(), "{dev}");
        assert_eq!(g(sp::tandg(&one(-90.0)).unwrap()), f64::INFINITY);
        assert_eq!(g(sp::cotdg(&one(-0.0)).unwrap()), f64::INFINITY);
        let t = g(sp::tandg(&one(-180.0)).unwrap());
        assert!(t == 0.0 && t.is_sign_positive(), "{dev}");
        let s = g(sp::sindg(&one(f64::NEG_INFINITY)).unwrap());
        assert!(s == 0.0 && s.is_sign_positive(), "{dev}");
    }
}

#[test]
fn degrees_dtypes() {
    // scipy.special.sindg(np.int64(30)).dtype == float64, sindg(np.int16(30)).dtype == float64
    // ('d->d' is listed first), sindg(np.float32(30)).dtype == float32
    for dev in all_devices() {
        let i = Array::from_vec_on(vec![30i64], &[1], dev).unwrap();
        assert_eq!(sp::sindg(&i).unwrap().dtype(), DType::Float64);
        let i16s = i.astype(DType::Int16).unwrap();
        assert_eq!(sp::sindg(&i16s).unwrap().dtype(), DType::Float64);
        let f = i.astype(DType::Float32).unwrap();
        let r = sp::sindg(&f).unwrap();
        assert_eq!(r.dtype(), DType::Float32);
        assert_eq!(r.to_vec::<f32>().unwrap(), vec![0.5f32]);
    }
    let z = Array::from_vec_on(
        vec![cuprum_core::Complex64::new(1.0, 0.0)],
        &[1],
        cuprum_core::Device::Cpu,
    )
    .unwrap();
    assert!(sp::sindg(&z).is_err());
}

#[test]
fn radian_broadcasts_weak_scalars() {
    // broadcasting with weak scalars: scipy.special.radian([90.0, 45.0], 30.0, 0.0)
    for dev in all_devices() {
        let dd = Array::from_vec_on(vec![90.0f64, 45.0], &[2], dev).unwrap();
        let r = sp::radian(&dd, 30.0, 0.0).unwrap().to_vec::<f64>().unwrap();
        assert_eq!(r, vec![1.5795229730548683, 0.7941248096574199]);
    }
}
