//! `UnivariateSpline`'s smoothing fits and `set_smoothing_factor` against SciPy 1.17.1
//! (FITPACK's `fpcurf`): knots, coefficients, residual and values after each call.

use crate::smoothing_reference::{col, r};
use crate::{arr, check};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Device, Error};
use cuprum_interpolate::*;

/// Asserts `s` is SciPy's spline `tag` (sections `[tag_KNOTS]`, `[tag_COEFFS]`, `[tag_RES]`,
/// `[tag_V]`): knots and coefficients to `tol` (relative), the residual and the values at `XE`
/// likewise.
#[track_caller]
fn same(s: &UnivariateSpline, tag: &str, dev: Device) {
    let tol = 1e-9;
    let res = r(&format!("{tag}_RES"));
    check(&s.get_knots().unwrap(), &r(&format!("{tag}_KNOTS")), tol);
    check(&s.get_coeffs().unwrap(), &r(&format!("{tag}_COEFFS")), tol);
    assert!(
        (s.get_residual() - res[0]).abs() <= tol * (1.0 + res[0]),
        "residual {} against {}",
        s.get_residual(),
        res[0]
    );
    check(
        &s.call(&col("XE", dev), 0).unwrap(),
        &r(&format!("{tag}_V")),
        tol,
    );
}

fn fit(k: usize, s: f64, w: bool, dev: Device) -> UnivariateSpline {
    UnivariateSpline::new(
        &col("SX", dev),
        &col("SY", dev),
        UnivariateOptions {
            w: w.then(|| col("SW", dev)),
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
        same(&a, "A0", dev);
        // fp0 > s: knots are added to the current ones (past the first nest of m / 2)
        a.set_smoothing_factor(1.0).unwrap();
        same(&a, "A1", dev);
        // fp0 > s and the current knots already meet s: only the p iteration runs
        a.set_smoothing_factor(3.0).unwrap();
        same(&a, "A2", dev);
        // s above the polynomial's residual: the least-squares cubic
        a.set_smoothing_factor(1e3).unwrap();
        same(&a, "A3", dev);
    }
}

#[test]
fn smoothing_fresh_fits_and_other_degrees() {
    for dev in all_devices() {
        // the knots outgrow SciPy's first nest (m / 2) inside the constructor
        same(&fit(3, 0.5, false, dev), "C", dev);
        let mut d = fit(5, 3.0, false, dev);
        d.set_smoothing_factor(1.5).unwrap();
        same(&d, "D", dev);
        let mut e = fit(2, 2.0, false, dev);
        e.set_smoothing_factor(0.8).unwrap();
        same(&e, "E", dev);
    }
}

#[test]
fn smoothing_from_an_interpolant() {
    for dev in all_devices() {
        let mut b = InterpolatedUnivariateSpline::new(
            &col("SX", dev),
            &col("SY", dev),
            None,
            3,
            SplevExt::Extrapolate,
        )
        .unwrap();
        b.set_smoothing_factor(2.0).unwrap();
        same(&b, "B", dev);
    }
}

#[test]
fn smoothing_factor_refusals() {
    let dev = Device::Cpu;
    let mut a = fit(3, 4.0, true, dev);
    let err = a.set_smoothing_factor(-1.0).unwrap_err();
    assert!(matches!(err, Error::OutOfDomain { .. }), "{err}");
    // unchanged after the error
    same(&a, "A0", dev);
    assert!(a.set_smoothing_factor(f64::NAN).is_err());
    // a derivative has no data to refit
    let mut d = a.derivative(1).unwrap();
    let err = d.set_smoothing_factor(1.0).unwrap_err();
    assert!(matches!(err, Error::Unsupported { .. }), "{err}");
    // an LSQ spline on fixed knots is left as it is (SciPy warns)
    let t = arr(&[2.5, 5.0, 7.5], &[3], dev);
    let mut l = LSQUnivariateSpline::new(
        &col("SX", dev),
        &col("SY", dev),
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
            &col("SX", dev),
            &col("SY", dev),
            SplrepOptions { k: 3, s: Some(0.5) },
        )
        .unwrap();
        check(tck.t(), &r("SPLREP_T"), 1e-12);
        check(&tck.c().unwrap(), &r("SPLREP_C"), 1e-9);
        check(
            &splev(&col("XE", dev), &tck, 0, SplevExt::Extrapolate).unwrap(),
            &r("SPLREP_V"),
            1e-9,
        );
    }
}
