//! interp1d, grids, polynomial interpolation through all points, RBF.

use crate::reference::*;
use crate::{arr, check, first_nan};
use cuprum_core::ext::test_util::all_devices;
use cuprum_interpolate::*;

#[test]
fn interp1d_kinds_and_fill() {
    for dev in all_devices() {
        let (xu, xin) = (arr(XU, &[7], dev), arr(XIN, &[7], dev));
        let yu: Vec<f64> = XU.iter().map(|v| v.sin() + 0.1 * v * v).collect();
        let yu = arr(&yu, &[7], dev);
        for (kind, r) in [
            ("linear", I1D_LINEAR),
            ("nearest", I1D_NEAREST),
            ("nearest-up", I1D_NEAREST_UP),
            ("cubic", I1D_CUBIC),
            ("quadratic", I1D_QUADRATIC),
        ] {
            let f = interp1d(
                &xu,
                &yu,
                Interp1dOptions {
                    kind: Interp1dKind::from_name(kind).unwrap(),
                    ..Default::default()
                },
            )
            .unwrap();
            check(&f.call(&xin).unwrap(), r, 1e-11);
        }
        let (x, y, xn) = (arr(X, &[7], dev), arr(Y, &[7], dev), arr(XN, &[9], dev));
        let f = interp1d(
            &x,
            &y,
            Interp1dOptions {
                bounds_error: Some(false),
                fill_value: FillValue::Pair(-1.0, 7.0),
                ..Default::default()
            },
        )
        .unwrap();
        check(&f.call(&xn).unwrap(), I1D_PAIR, 1e-12);
        let f = interp1d(
            &x,
            &y,
            Interp1dOptions {
                fill_value: FillValue::Extrapolate,
                ..Default::default()
            },
        )
        .unwrap();
        check(&f.call(&xn).unwrap(), I1D_EXTRAP, 1e-12);
        let strict = interp1d(&x, &y, Interp1dOptions::default()).unwrap();
        assert!(strict.call(&xn).is_err());
        assert!(Interp1dKind::from_name("bogus").is_err());
    }
}

#[test]
fn regular_grid() {
    for dev in all_devices() {
        let (g0, g1, v, xi) = (
            arr(G0, &[4], dev),
            arr(G1, &[3], dev),
            arr(V, &[4, 3], dev),
            arr(XI, &[5, 2], dev),
        );
        let lin = RegularGridInterpolator::new(
            &[&g0, &g1],
            &v,
            GridOptions {
                bounds_error: false,
                ..Default::default()
            },
        )
        .unwrap();
        check(&lin.call(&xi).unwrap(), RGI_LIN, 1e-12);
        let near = GridOptions {
            method: GridMethod::Nearest,
            bounds_error: false,
            ..Default::default()
        };
        check(
            &interpn(&[&g0, &g1], &v, &xi, near).unwrap(),
            RGI_NEAR,
            1e-12,
        );
        let ext = GridOptions {
            bounds_error: false,
            fill_value: None,
            ..Default::default()
        };
        check(
            &interpn(&[&g0, &g1], &v, &xi, ext).unwrap(),
            RGI_EXTRAP,
            1e-12,
        );
        // bounds_error (default) with a point outside
        assert!(interpn(&[&g0, &g1], &v, &xi, GridOptions::default()).is_err());
        assert!(GridMethod::from_name("bogus").is_err());
        // wrong xi dimension, wrong grid size
        assert!(lin.call(&arr(&[1.0, 2.0, 3.0], &[1, 3], dev)).is_err());
        assert!(RegularGridInterpolator::new(&[&g1, &g1], &v, GridOptions::default()).is_err());
    }
}

#[test]
fn krogh_and_barycentric() {
    for dev in all_devices() {
        let xk = arr(&[0.0, 0.0, 1.0, 2.0, 2.0, 3.0], &[6], dev);
        let yk = arr(&[1.0, 0.5, 2.0, -1.0, 0.0, 1.5], &[6], dev);
        let xn = arr(XN, &[9], dev);
        let k = KroghInterpolator::new(&xk, &yk, 0).unwrap();
        let d = k.derivatives(&xn, 3).unwrap();
        assert_eq!(d.shape(), &[3, 9]);
        check(&d, KROGH, 1e-10);
        check(
            &krogh_interpolate(&xk, &yk, &xn, 2, 0).unwrap(),
            &KROGH[18..],
            1e-10,
        );
        let (x, y) = (arr(X, &[7], dev), arr(Y, &[7], dev));
        check(
            &barycentric_interpolate(&x, &y, &xn, 0).unwrap(),
            BARY,
            1e-11,
        );
        assert!(
            BarycentricInterpolator::new(
                &arr(&[0.0, 0.0], &[2], dev),
                &arr(&[1.0, 2.0], &[2], dev),
                0
            )
            .is_err()
        );
    }
}

#[test]
fn rbf_kernels() {
    for dev in all_devices() {
        let (py, pd, px) = (
            arr(PY, &[20, 2], dev),
            arr(PD, &[20], dev),
            arr(PX, &[6, 2], dev),
        );
        let cases = [
            (
                RbfOptions {
                    kernel: RbfKernel::Cubic,
                    ..Default::default()
                },
                RBF_CUBIC,
            ),
            (
                RbfOptions {
                    kernel: RbfKernel::Gaussian,
                    epsilon: Some(2.0),
                    ..Default::default()
                },
                RBF_GAUSS,
            ),
            (
                RbfOptions {
                    kernel: RbfKernel::Linear,
                    smoothing: 0.1,
                    ..Default::default()
                },
                RBF_LIN_SMOOTH,
            ),
            (
                RbfOptions {
                    kernel: RbfKernel::Quintic,
                    degree: Some(3),
                    ..Default::default()
                },
                RBF_QUINTIC3,
            ),
        ];
        for (o, r) in cases {
            let f = RBFInterpolator::new(&py, &pd, o).unwrap();
            check(&f.call(&px).unwrap(), r, 1e-8);
        }
        // gaussian needs epsilon; too few points for the degree
        assert!(
            RBFInterpolator::new(
                &py,
                &pd,
                RbfOptions {
                    kernel: RbfKernel::Gaussian,
                    ..Default::default()
                }
            )
            .is_err()
        );
        let two = arr(&[0.0, 0.0, 1.0, 1.0], &[2, 2], dev);
        assert!(
            RBFInterpolator::new(&two, &arr(&[0.0, 1.0], &[2], dev), RbfOptions::default())
                .is_err()
        );
    }
}

#[test]
fn regular_grid_splines() {
    for dev in all_devices() {
        let (h0, h1, hv, hxi) = (
            arr(H0, &[7], dev),
            arr(H1, &[6], dev),
            arr(HV, &[7, 6], dev),
            arr(HXI, &[5, 2], dev),
        );
        for (m, r) in [
            (GridMethod::Slinear, RGI_SLINEAR),
            (GridMethod::Cubic, RGI_CUBIC),
            (GridMethod::Quintic, RGI_QUINTIC),
        ] {
            let o = GridOptions {
                method: m,
                bounds_error: false,
                fill_value: None,
            };
            check(&interpn(&[&h0, &h1], &hv, &hxi, o).unwrap(), r, 1e-11);
        }
        // too few points for the degree
        let o = GridOptions {
            method: GridMethod::Quintic,
            ..Default::default()
        };
        assert!(
            interpn(
                &[&arr(&[0.0, 1.0, 2.0], &[3], dev)],
                &arr(&[0.0, 1.0, 2.0], &[3], dev),
                &arr(&[0.5], &[1, 1], dev),
                o
            )
            .is_err()
        );
    }
}

#[test]
fn nearest_nd_and_griddata() {
    for dev in all_devices() {
        let (py, pd, nq) = (
            arr(PY, &[20, 2], dev),
            arr(PD, &[20], dev),
            arr(NQ, &[4, 2], dev),
        );
        check(
            &NearestNDInterpolator::new(&py, &pd, false)
                .unwrap()
                .call(&nq)
                .unwrap(),
            NND,
            0.0,
        );
        let s = arr(&[1.0, 10.0], &[1, 2], dev);
        let (py10, nq10) = (
            cuprum_core::multiply(&py, &s).unwrap(),
            cuprum_core::multiply(&nq, &s).unwrap(),
        );
        check(
            &NearestNDInterpolator::new(&py10, &pd, true)
                .unwrap()
                .call(&nq10)
                .unwrap(),
            NND_RESCALE,
            0.0,
        );
        let yu: Vec<f64> = XU.iter().map(|v| v.sin() + 0.1 * v * v).collect();
        let (xu, yu, xn) = (arr(XU, &[7], dev), arr(&yu, &[7], dev), arr(XN, &[9], dev));
        for (m, r) in [
            (GriddataMethod::Nearest, GD_NEAREST),
            (GriddataMethod::Linear, GD_LINEAR),
            (GriddataMethod::Cubic, GD_CUBIC),
        ] {
            check(
                &griddata(&xu, &yu, &xn, m, f64::NAN, false).unwrap(),
                r,
                1e-11,
            );
        }
        // 2-d linear: the triangulation interpolant (values in scattered.rs)
        assert!(griddata(&py, &pd, &nq, GriddataMethod::Linear, f64::NAN, false).is_ok());
        check(
            &griddata(&py, &pd, &nq, GriddataMethod::Nearest, f64::NAN, false).unwrap(),
            NND,
            0.0,
        );
    }
}

#[test]
fn interp1d_previous_next() {
    for dev in all_devices() {
        let yu: Vec<f64> = XU.iter().map(|v| v.sin() + 0.1 * v * v).collect();
        let (xu, yu, xin, xn) = (
            arr(XU, &[7], dev),
            arr(&yu, &[7], dev),
            arr(XIN, &[7], dev),
            arr(XN, &[9], dev),
        );
        for (kind, r, re) in [
            ("previous", I1D_PREVIOUS, I1D_PREVIOUS_EXT),
            ("next", I1D_NEXT, I1D_NEXT_EXT),
        ] {
            let k = Interp1dKind::from_name(kind).unwrap();
            check(
                &interp1d(
                    &xu,
                    &yu,
                    Interp1dOptions {
                        kind: k,
                        ..Default::default()
                    },
                )
                .unwrap()
                .call(&xin)
                .unwrap(),
                r,
                0.0,
            );
            let o = Interp1dOptions {
                kind: k,
                fill_value: FillValue::Extrapolate,
                ..Default::default()
            };
            check(&interp1d(&xu, &yu, o).unwrap().call(&xn).unwrap(), re, 0.0);
        }
    }
}

#[test]
fn rbf_neighbors() {
    for dev in all_devices() {
        let (py, pd, px) = (
            arr(PY, &[20, 2], dev),
            arr(PD, &[20], dev),
            arr(PX, &[6, 2], dev),
        );
        let f = RBFInterpolator::new(
            &py,
            &pd,
            RbfOptions {
                neighbors: Some(7),
                ..Default::default()
            },
        )
        .unwrap();
        check(&f.call(&px).unwrap(), RBF_NB7, 1e-8);
        let o = RbfOptions {
            neighbors: Some(5),
            kernel: RbfKernel::Gaussian,
            epsilon: Some(3.0),
            ..Default::default()
        };
        check(
            &RBFInterpolator::new(&py, &pd, o)
                .unwrap()
                .call(&px)
                .unwrap(),
            RBF_NB5G,
            1e-8,
        );
        // neighbors larger than the data is the global system
        let all = RBFInterpolator::new(
            &py,
            &pd,
            RbfOptions {
                neighbors: Some(50),
                kernel: RbfKernel::Cubic,
                ..Default::default()
            },
        )
        .unwrap();
        check(&all.call(&px).unwrap(), RBF_CUBIC, 1e-8);
        assert!(
            RBFInterpolator::new(
                &py,
                &pd,
                RbfOptions {
                    neighbors: Some(0),
                    ..Default::default()
                }
            )
            .is_err()
        );
    }
}

#[test]
fn nd_bspline() {
    for dev in all_devices() {
        let (t0, t1) = (arr(NT0, &[10], dev), arr(NT1, &[7], dev));
        let (c, xi) = (arr(NCF, &[6, 4], dev), arr(NXI, &[4, 2], dev));
        let s = NdBSpline::new(&[&t0, &t1], &c, &[3, 2], true).unwrap();
        check(&s.call(&xi, 0).unwrap(), NDB_0, 1e-12);
        check(&s.call(&xi, 1).unwrap(), NDB_11, 1e-12);
        assert!(
            NdBSpline::new(&[&t0, &t1], &arr(&NCF[..20], &[5, 4], dev), &[3, 2], true).is_err()
        );
        let no = NdBSpline::new(&[&t0, &t1], &c, &[3, 2], false).unwrap();
        assert!(no.call(&xi, 0).unwrap().to_vec::<f64>().unwrap()[3].is_nan());
    }
}

#[test]
fn nan_coordinates() {
    for dev in all_devices() {
        let (g0, g1, v) = (arr(G0, &[4], dev), arr(G1, &[3], dev), arr(V, &[4, 3], dev));
        let xi = arr(&[f64::NAN, 1.0], &[1, 2], dev);
        // bounds_error: NaN is out of bounds (SciPy raises); without it the result is NaN
        assert!(interpn(&[&g0, &g1], &v, &xi, GridOptions::default()).is_err());
        let o = GridOptions {
            bounds_error: false,
            ..Default::default()
        };
        assert!(first_nan(interpn(&[&g0, &g1], &v, &xi, o)));
        let f = interp1d(
            &arr(X, &[7], dev),
            &arr(Y, &[7], dev),
            Interp1dOptions {
                bounds_error: Some(false),
                ..Default::default()
            },
        )
        .unwrap();
        assert!(first_nan(f.call(&arr(&[f64::NAN], &[1], dev))));
        let r = RBFInterpolator::new(
            &arr(PY, &[20, 2], dev),
            &arr(PD, &[20], dev),
            RbfOptions::default(),
        )
        .unwrap();
        assert!(first_nan(r.call(&arr(&[f64::NAN, 0.5], &[1, 2], dev))));
    }
}
