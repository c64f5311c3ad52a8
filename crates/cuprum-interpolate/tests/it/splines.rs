//! Piecewise polynomials and B-splines: CubicSpline, PPoly, Pchip, Akima, Hermite, BSpline,
//! make_interp_spline, FITPACK.

use crate::reference::*;
use crate::{arr, check, first_nan};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Error};
use cuprum_interpolate::*;

fn xy(dev: cuprum_core::Device) -> (Array, Array, Array) {
    (arr(X, &[7], dev), arr(Y, &[7], dev), arr(XN, &[9], dev))
}

#[test]
fn cubic_spline_every_bc_and_derivative() {
    for dev in all_devices() {
        let (x, y, xn) = xy(dev);
        for (bc, refs) in [
            (
                BcType::NOT_A_KNOT,
                [CS_NOT_A_KNOT_0, CS_NOT_A_KNOT_1, CS_NOT_A_KNOT_2],
            ),
            (BcType::NATURAL, [CS_NATURAL_0, CS_NATURAL_1, CS_NATURAL_2]),
            (BcType::CLAMPED, [CS_CLAMPED_0, CS_CLAMPED_1, CS_CLAMPED_2]),
        ] {
            let cs = CubicSpline::new(
                &x,
                &y,
                CubicSplineOptions {
                    bc_type: bc,
                    ..Default::default()
                },
            )
            .unwrap();
            for (nu, r) in refs.iter().enumerate() {
                let v = cs.call(&xn, nu).unwrap();
                assert_eq!(v.device(), dev);
                check(&v, r, 1e-12);
            }
        }
        let cs = CubicSpline::new(&x, &y, CubicSplineOptions::default()).unwrap();
        check(
            &cs.antiderivative(1).unwrap().call(&xn, 0).unwrap(),
            CS_ANTI,
            1e-12,
        );
        check(&cs.integrate(0.3, 4.4).unwrap(), &CS_INT[..1], 1e-12);
        check(&cs.integrate(4.4, -1.0).unwrap(), &CS_INT[1..], 1e-12);
        check(
            &cs.derivative(1).unwrap().call(&xn, 0).unwrap(),
            CS_NOT_A_KNOT_1,
            1e-12,
        );
    }
}

#[test]
fn cubic_spline_periodic_axis_and_small_n() {
    for dev in all_devices() {
        let (x, _, xn) = xy(dev);
        let yp = arr(YP, &[7], dev);
        let per = CubicSpline::new(
            &x,
            &yp,
            CubicSplineOptions {
                bc_type: BcType::PERIODIC,
                ..Default::default()
            },
        )
        .unwrap();
        check(&per.call(&xn, 0).unwrap(), CS_PER, 1e-12);
        check(&per.integrate(-1.0, 12.0).unwrap(), CS_PER_INT, 1e-12);
        let y2: Vec<f64> = Y
            .iter()
            .copied()
            .chain(Y.iter().map(|v| 2.0 * v + 1.0))
            .collect();
        let y2 = arr(&y2, &[2, 7], dev);
        let cs = CubicSpline::new(
            &x,
            &y2,
            CubicSplineOptions {
                axis: 1,
                ..Default::default()
            },
        )
        .unwrap();
        let v = cs.call(&xn, 0).unwrap();
        assert_eq!(v.shape(), &[2, 9]);
        check(&v, CS_AXIS1, 1e-12);
        let s3 = CubicSpline::new(
            &arr(&X[..3], &[3], dev),
            &arr(&Y[..3], &[3], dev),
            Default::default(),
        )
        .unwrap();
        check(&s3.call(&xn, 0).unwrap(), CS_3, 1e-12);
        let s2 = CubicSpline::new(
            &arr(&X[..2], &[2], dev),
            &arr(&Y[..2], &[2], dev),
            Default::default(),
        )
        .unwrap();
        check(&s2.call(&xn, 0).unwrap(), CS_2, 1e-12);
    }
}

#[test]
fn bad_input_is_an_error() {
    let dev = cuprum_core::Device::Cpu;
    let x = arr(&[0.0, 1.0, 1.0, 2.0], &[4], dev);
    let y = arr(&[0.0, 1.0, 2.0, 3.0], &[4], dev);
    assert!(matches!(
        CubicSpline::new(&x, &y, Default::default()),
        Err(Error::BadArgument { arg: "x", .. })
    ));
    let xnan = arr(&[0.0, f64::NAN, 2.0], &[3], dev);
    assert!(CubicSpline::new(&xnan, &arr(&[0.0; 3], &[3], dev), Default::default()).is_err());
    assert!(
        CubicSpline::new(
            &arr(&[0.0], &[1], dev),
            &arr(&[0.0], &[1], dev),
            Default::default()
        )
        .is_err()
    );
    assert!(
        CubicSpline::new(
            &arr(&[], &[0], dev),
            &arr(&[], &[0], dev),
            Default::default()
        )
        .is_err()
    );
    // periodic needs y[0] == y[-1]
    let bad = CubicSpline::new(
        &arr(&[0.0, 1.0, 2.0], &[3], dev),
        &arr(&[0.0, 1.0, 2.0], &[3], dev),
        CubicSplineOptions {
            bc_type: BcType::PERIODIC,
            ..Default::default()
        },
    );
    assert!(bad.is_err());
    assert!(
        make_interp_spline(
            &arr(&[0.0, 1.0], &[2], dev),
            &arr(&[0.0, 1.0], &[2], dev),
            3,
            SplineBc::NotAKnot,
            0
        )
        .is_err()
    );
    assert!(
        splrep(
            &arr(X, &[7], dev),
            &arr(Y, &[7], dev),
            SplrepOptions { k: 6, s: None }
        )
        .is_err()
    );
    assert!(
        BSpline::new(
            &arr(&[0.0, 1.0, 0.5, 2.0], &[4], dev),
            &arr(&[1.0], &[1], dev),
            1,
            Extrapolate::Yes,
            0
        )
        .is_err()
    );
    assert!(
        BSpline::new(
            &arr(&[0.0, 1.0, 2.0], &[3], dev),
            &arr(&[1.0], &[1], dev),
            2,
            Extrapolate::Yes,
            0
        )
        .is_err()
    );
    // evaluation at NaN gives NaN, never a panic
    let cs = CubicSpline::new(&arr(X, &[7], dev), &arr(Y, &[7], dev), Default::default()).unwrap();
    assert!(first_nan(cs.call(&arr(&[f64::NAN], &[1], dev), 0)));
    assert_eq!(cs.call(&arr(&[], &[0], dev), 0).unwrap().shape(), &[0]);
}

#[test]
fn pchip_akima_hermite() {
    for dev in all_devices() {
        let (x, y, xn) = xy(dev);
        let p = PchipInterpolator::new(&x, &y, 0, Extrapolate::Yes).unwrap();
        check(&p.call(&xn, 0).unwrap(), PCHIP_0, 1e-12);
        check(&p.call(&xn, 1).unwrap(), PCHIP_1, 1e-12);
        check(
            &pchip_interpolate(&x, &y, &xn, 0, 0).unwrap(),
            PCHIP_0,
            1e-12,
        );
        let a = Akima1DInterpolator::new(&x, &y, 0, AkimaMethod::Akima, None).unwrap();
        check(&a.call(&xn, 0).unwrap(), AKIMA, 1e-12);
        let m = Akima1DInterpolator::new(&x, &y, 0, AkimaMethod::Makima, None).unwrap();
        check(&m.call(&xn, 0).unwrap(), MAKIMA, 1e-12);
        let d: Vec<f64> = X.iter().map(|v| v.cos() + 0.2 * v).collect();
        let h = CubicHermiteSpline::new(&x, &y, &arr(&d, &[7], dev), 0, Extrapolate::Yes).unwrap();
        check(&h.call(&xn, 0).unwrap(), HERMITE, 1e-12);
    }
}

#[test]
fn ppoly_direct() {
    for dev in all_devices() {
        // p = t^2 on [0, 1), 1 + 2 (t - 1) on [1, 2]
        let c = arr(&[1.0, 0.0, 0.0, 2.0, 0.0, 1.0], &[3, 2], dev);
        let x = arr(&[0.0, 1.0, 2.0], &[3], dev);
        let p = PPoly::new(&c, &x, Extrapolate::No, 0).unwrap();
        let t = arr(&[-1.0, 0.5, 1.5, 2.0, 3.0], &[5], dev);
        check(
            &p.call(&t, 0).unwrap(),
            &[f64::NAN, 0.25, 2.0, 3.0, f64::NAN],
            1e-15,
        );
        check(
            &p.call(&t, 1).unwrap(),
            &[f64::NAN, 1.0, 2.0, 2.0, f64::NAN],
            1e-15,
        );
        check(
            &p.call(&t, 3).unwrap(),
            &[f64::NAN, 0.0, 0.0, 0.0, f64::NAN],
            1e-15,
        );
        // integral of t^2 over [0, 1] plus of 1 + 2 (t - 1) over [1, 2]: 1/3 + 2
        check(&p.integrate(0.0, 2.0).unwrap(), &[1.0 / 3.0 + 2.0], 1e-14);
        assert!(PPoly::new(&c, &arr(&[0.0, 1.0], &[2], dev), Extrapolate::Yes, 0).is_err());
    }
}

#[test]
fn bspline_and_make_interp_spline() {
    for dev in all_devices() {
        let (x, y, xn) = xy(dev);
        for (k, r) in [(1usize, MIS_1), (2, MIS_2), (3, MIS_3), (5, MIS_5)] {
            let s = make_interp_spline(&x, &y, k, SplineBc::NotAKnot, 0).unwrap();
            check(&s.call(&xn, 0).unwrap(), r, 1e-11);
        }
        check(
            &make_interp_spline(&x, &y, 3, SplineBc::Natural, 0)
                .unwrap()
                .call(&xn, 0)
                .unwrap(),
            MIS_NAT,
            1e-12,
        );
        check(
            &make_interp_spline(&x, &y, 3, SplineBc::Clamped, 0)
                .unwrap()
                .call(&xn, 0)
                .unwrap(),
            MIS_CLAMP,
            1e-12,
        );
        let b = make_interp_spline(&x, &y, 3, SplineBc::NotAKnot, 0).unwrap();
        check(&b.call(&xn, 1).unwrap(), B_D1, 1e-12);
        check(&b.derivative(2).unwrap().call(&xn, 0).unwrap(), B_D2, 1e-12);
        check(
            &b.antiderivative(1).unwrap().call(&xn, 0).unwrap(),
            B_ANTI,
            1e-12,
        );
        check(&b.integrate(0.5, 4.0).unwrap(), B_INT, 1e-12);
        let t = arr(&[0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 4.0, 4.0, 4.0], &[9], dev);
        let c = arr(&[1.0, -1.0, 2.0, 0.5, 3.0, -2.0], &[6], dev);
        let bs = BSpline::new(&t, &c, 2, Extrapolate::Periodic, 0).unwrap();
        check(&bs.call(&xn, 0).unwrap(), BS_PER, 1e-12);
    }
}

#[test]
fn fitpack_splrep_splev() {
    for dev in all_devices() {
        let (x, y, xn) = xy(dev);
        let tck = splrep(
            &x,
            &y,
            SplrepOptions {
                k: 3,
                s: Some(0.02),
            },
        )
        .unwrap();
        check(tck.t(), SPL_T, 1e-12);
        check(&tck.c().unwrap(), SPL_C, 1e-8);
        for (der, want) in [(0, SPL_V), (2, SPL_V2)] {
            check(
                &splev(&xn, &tck, der, SplevExt::Extrapolate).unwrap(),
                want,
                1e-8,
            );
        }
        check(&splint(0.2, 4.5, &tck).unwrap(), SPL_INT, 1e-8);
        let interp = splrep(&x, &y, SplrepOptions::default()).unwrap();
        for (ext, want) in [(SplevExt::Zeros, SPL_EXT1), (SplevExt::Const, SPL_EXT3)] {
            check(&splev(&xn, &interp, 0, ext).unwrap(), want, 1e-12);
        }
        assert!(splev(&xn, &interp, 0, SplevExt::Raise).is_err());
        check(
            &splev(
                &xn,
                &splantider(&interp, 1).unwrap(),
                0,
                SplevExt::Extrapolate,
            )
            .unwrap(),
            SPL_ANTI,
            1e-12,
        );
        check(
            &splev(&xn, &splder(&interp, 1).unwrap(), 0, SplevExt::Extrapolate).unwrap(),
            B_D1,
            1e-12,
        );
    }
}

#[test]
fn univariate_splines() {
    for dev in all_devices() {
        let (ux, uy, uw) = (
            arr(UX, &[25], dev),
            arr(UY, &[25], dev),
            arr(UW, &[25], dev),
        );
        let xn = arr(XN, &[9], dev);
        let w5 = cuprum_core::multiply(&uw, 5.0).unwrap();
        let s1 = UnivariateSpline::new(
            &ux,
            &uy,
            UnivariateOptions {
                w: Some(w5),
                ..Default::default()
            },
        )
        .unwrap();
        check(&s1.get_knots().unwrap(), US_KNOTS, 1e-12);
        check(&s1.call(&xn, 0).unwrap(), US_V, 1e-8);
        assert!((s1.get_residual() - US_RES[0]).abs() <= 1e-8 * US_RES[0]);
        let t = arr(&[1.0, 2.5, 4.0], &[3], dev);
        let s2 = LSQUnivariateSpline::new(&ux, &uy, &t, Some(uw.clone()), 3, SplevExt::Extrapolate)
            .unwrap();
        check(&s2.call(&xn, 1).unwrap(), LSQ_V1, 1e-10);
        assert!((s2.get_residual() - LSQ_RES[0]).abs() <= 1e-10 * LSQ_RES[0]);
        let full = arr(
            &[0.0, 0.0, 0.0, 0.0, 1.0, 2.5, 4.0, 6.0, 6.0, 6.0, 6.0],
            &[11],
            dev,
        );
        check(
            &make_lsq_spline(&ux, &uy, &full, 3, Some(&uw))
                .unwrap()
                .c()
                .unwrap(),
            MLSQ_C,
            1e-10,
        );
        let ius = InterpolatedUnivariateSpline::new(
            &arr(X, &[7], dev),
            &arr(Y, &[7], dev),
            None,
            4,
            SplevExt::Extrapolate,
        )
        .unwrap();
        check(&ius.call(&xn, 0).unwrap(), IUS4, 1e-10);
        // knots outside the data, non-positive weights
        assert!(
            LSQUnivariateSpline::new(
                &ux,
                &uy,
                &arr(&[7.0], &[1], dev),
                None,
                3,
                SplevExt::Extrapolate
            )
            .is_err()
        );
        let bad_w = arr(&[0.0; 25], &[25], dev);
        assert!(
            UnivariateSpline::new(
                &ux,
                &uy,
                UnivariateOptions {
                    w: Some(bad_w),
                    ..Default::default()
                }
            )
            .is_err()
        );
    }
}

#[test]
fn ppoly_roots() {
    for dev in all_devices() {
        // CubicSpline(X, sin(2 X)).roots() = [0, 1.57300329..., 3.19012469..., 4.82516451...]
        // (SciPy prints these to 8 digits; the last bits are checked through the spline's
        // values at the roots)
        let y: Vec<f64> = X.iter().map(|v| (2.0 * v).sin()).collect();
        let cs =
            CubicSpline::new(&arr(X, &[7], dev), &arr(&y, &[7], dev), Default::default()).unwrap();
        let r = cs.roots(true, None).unwrap();
        check(&r, &[0.0, 1.57300329, 3.19012469, 4.82516451], 1e-8);
        let at = cs.call(&r, 0).unwrap().to_vec::<f64>().unwrap();
        assert!(at.iter().all(|v| v.abs() < 1e-14), "{at:?}");
        // PPoly([[1, 1], [-1, 0]], [0, 1, 2]).roots() = [1.]; a zero piece gives [x0, nan]
        let p = PPoly::new(
            &arr(&[1.0, 1.0, -1.0, 0.0], &[2, 2], dev),
            &arr(&[0.0, 1.0, 2.0], &[3], dev),
            Extrapolate::Yes,
            0,
        )
        .unwrap();
        check(&p.roots(true, None).unwrap(), &[1.0], 0.0);
        let z = PPoly::new(
            &arr(&[0.0, 0.0], &[2, 1], dev),
            &arr(&[0.0, 1.0], &[2], dev),
            Extrapolate::Yes,
            0,
        )
        .unwrap();
        check(&z.roots(true, None).unwrap(), &[0.0, f64::NAN], 0.0);
    }
}

#[test]
fn from_spline_and_sproot() {
    for dev in all_devices() {
        // x = linspace(0, 10, 12), y = sin(x): sproot(splrep(x, y)) =
        // [1.56e-18, 3.14143209, 6.28285327, 9.43025863] (SciPy, 8 digits printed)
        let xs: Vec<f64> = (0..12).map(|i| 10.0 * i as f64 / 11.0).collect();
        let ys: Vec<f64> = xs.iter().map(|v| v.sin()).collect();
        let tck = splrep(
            &arr(&xs, &[12], dev),
            &arr(&ys, &[12], dev),
            SplrepOptions::default(),
        )
        .unwrap();
        check(
            &sproot(&tck).unwrap(),
            &[0.0, 3.14143209, 6.28285327, 9.43025863],
            1e-8,
        );
        let p = PPoly::from_spline(&tck).unwrap();
        let xn = arr(XN, &[9], dev);
        let want = tck.call(&xn, 0).unwrap().to_vec::<f64>().unwrap();
        check(&p.call(&xn, 0).unwrap(), &want, 1e-12);
        assert!(
            sproot(
                &splrep(
                    &arr(&xs, &[12], dev),
                    &arr(&ys, &[12], dev),
                    SplrepOptions { k: 2, s: None }
                )
                .unwrap()
            )
            .is_err()
        );
    }
}

#[test]
fn bspline_design_matrix() {
    for dev in all_devices() {
        let t = arr(
            &[0.0, 0.0, 0.0, 0.0, 1.0, 2.5, 4.0, 5.0, 5.0, 5.0, 5.0],
            &[11],
            dev,
        );
        let x = arr(&[0.0, 0.3, 1.0, 2.2, 4.9, 5.0], &[6], dev);
        let m = BSpline::design_matrix(&x, &t, 3, false).unwrap();
        assert_eq!(m.shape(), vec![6, 7]);
        check(&m.toarray().unwrap(), DM, 1e-14);
        assert!(BSpline::design_matrix(&arr(&[6.0], &[1], dev), &t, 3, false).is_err());
        assert!(BSpline::design_matrix(&arr(&[6.0], &[1], dev), &t, 3, true).is_ok());
    }
}

#[test]
fn bernstein_polynomials() {
    for dev in all_devices() {
        let c = arr(&[1.0, -2.0, 0.5, 3.0, 2.0, 0.0, -1.0, 1.0], &[4, 2], dev);
        let x = arr(&[0.0, 2.0, 3.5], &[3], dev);
        let bxn = arr(BXN, &[7], dev);
        let b = BPoly::new(&c, &x, Extrapolate::Yes, 0).unwrap();
        check(&b.call(&bxn, 0).unwrap(), BP_0, 1e-12);
        check(&b.call(&bxn, 1).unwrap(), BP_1, 1e-12);
        let xi = arr(&[0.0, 1.0, 2.5], &[3], dev);
        let fd = BPoly::from_derivatives(&xi, &[vec![1.0, 0.0, -2.0], vec![0.5], vec![2.0, 1.0]])
            .unwrap();
        check(&fd.call(&bxn, 0).unwrap(), BP_FD, 1e-12);
        assert!(BPoly::from_derivatives(&xi, &[vec![1.0], vec![]]).is_err());
    }
}
