//! `UnivariateSpline`'s smoothing fits and `set_smoothing_factor` against SciPy 1.17.1
//! (FITPACK's `fpcurf`): knots, coefficients, residual and values after each call.

use crate::smoothing_reference::*;
use crate::{arr, check};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Device, Error};
use cuprum_interpolate::*;

/// Asserts `s` is SciPy's spline: knots and coefficients to `tol` (relative), the residual
/// and the values at `XE` likewise.
#[track_caller]
fn same(s: &UnivariateSpline, knots: &[f64], coeffs: &[f64], res: &[f64], v: &[f64], dev: Device) {
    let tol = 1e-9;
    check(&s.get_knots().unwrap(), knots, tol);
    check(&s.get_coeffs().unwrap(), coeffs, tol);
    assert!(
        (s.get_residual() - res[0]).abs() <= tol * (1.0 + res[0]),
        "residual {} against {}",
        s.get_residual(),
        res[0]
    );
    check(&s.call(&arr(XE, &[XE.len()], dev), 0).unwrap(), v, tol);
}

fn fit(k: usize, s: f64, w: bool, dev: Device) -> UnivariateSpline {
    UnivariateSpline::new(
        &arr(SX, &[SX.len()], dev),
        &arr(SY, &[SY.len()], dev),
        UnivariateOptions {
            w: w.then(|| arr(SW, &[SW.len()], dev)),
            k,
            s: Some(s),
            ..Default::default()
        },
    )
    .unwrap()
}

#[test]
fn smoothing_fit_and_restarts() {
    for dev in all_devices() {
        let mut a = fit(3, 4.0, true, dev);
        same(&a, A0_KNOTS, A0_COEFFS, A0_RES, A0_V, dev);
        // fp0 > s: knots are added to the current ones (past the first nest of m / 2)
        a.set_smoothing_factor(1.0).unwrap();
        same(&a, A1_KNOTS, A1_COEFFS, A1_RES, A1_V, dev);
        // fp0 > s and the current knots already meet s: only the p iteration runs
        a.set_smoothing_factor(3.0).unwrap();
        same(&a, A2_KNOTS, A2_COEFFS, A2_RES, A2_V, dev);
        // s above the polynomial's residual: the least-squares cubic
        a.set_smoothing_factor(1e3).unwrap();
        same(&a, A3_KNOTS, A3_COEFFS, A3_RES, A3_V, dev);
    }
}

#[test]
fn smoothing_fresh_fits_and_other_degrees() {
    for dev in all_devices() {
        // the knots outgrow SciPy's first nest (m / 2) inside the constructor
        same(&fit(3, 0.5, false, dev), C_KNOTS, C_COEFFS, C_RES, C_V, dev);
        let mut d = fit(5, 3.0, false, dev);
        d.set_smoothing_factor(1.5).unwrap();
        same(&d, D_KNOTS, D_COEFFS, D_RES, D_V, dev);
        let mut e = fit(2, 2.0, false, dev);
        e.set_smoothing_factor(0.8).unwrap();
        same(&e, E_KNOTS, E_COEFFS, E_RES, E_V, dev);
    }
}

#[test]
fn smoothing_from_an_interpolant() {
    for dev in all_devices() {
        let mut b = InterpolatedUnivariateSpline::new(
            &arr(SX, &[SX.len()], dev),
            &arr(SY, &[SY.len()], dev),
            None,
            3,
            SplevExt::Extrapolate,
        )
        .unwrap();
        b.set_smoothing_factor(2.0).unwrap();
        same(&b, B_KNOTS, B_COEFFS, B_RES, B_V, dev);
    }
}

#[test]
fn smoothing_factor_refusals() {
    let dev = Device::Cpu;
    let mut a = fit(3, 4.0, true, dev);
    let err = a.set_smoothing_factor(-1.0).unwrap_err();
    assert!(matches!(err, Error::OutOfDomain { .. }), "{err}");
    // unchanged after the error
    same(&a, A0_KNOTS, A0_COEFFS, A0_RES, A0_V, dev);
    assert!(a.set_smoothing_factor(f64::NAN).is_err());
    // a derivative has no data to refit
    let mut d = a.derivative(1).unwrap();
    let err = d.set_smoothing_factor(1.0).unwrap_err();
    assert!(matches!(err, Error::Unsupported { .. }), "{err}");
    // an LSQ spline on fixed knots is left as it is (SciPy warns)
    let t = arr(&[2.5, 5.0, 7.5], &[3], dev);
    let mut l = LSQUnivariateSpline::new(
        &arr(SX, &[SX.len()], dev),
        &arr(SY, &[SY.len()], dev),
        &t,
        None,
        3,
        SplevExt::Extrapolate,
    )
    .unwrap();
    let before = l.get_coeffs().unwrap().to_vec::<f64>().unwrap();
    l.set_smoothing_factor(0.1).unwrap();
    check(&l.get_coeffs().unwrap(), &before, 0.0);
    check(&l.get_knots().unwrap(), &[0.0, 2.5, 5.0, 7.5, 10.0], 0.0);
}

#[test]
fn splrep_smoothing_on_many_points() {
    for dev in all_devices() {
        let tck = splrep(
            &arr(SX, &[SX.len()], dev),
            &arr(SY, &[SY.len()], dev),
            SplrepOptions { k: 3, s: Some(0.5) },
        )
        .unwrap();
        check(tck.t(), SPLREP_T, 1e-12);
        check(&tck.c().unwrap(), SPLREP_C, 1e-9);
        check(
            &splev(&arr(XE, &[XE.len()], dev), &tck, 0, SplevExt::Extrapolate).unwrap(),
            SPLREP_V,
            1e-9,
        );
    }
}
