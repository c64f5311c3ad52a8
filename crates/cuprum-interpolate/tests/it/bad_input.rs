//! Issue 43 item 5: bad input gives SciPy's error (or SciPy's documented result), never a
//! panic: non-increasing or NaN knots, too few points for the order, points outside a grid
//! with `bounds_error`, NaN coordinates. The expectations follow SciPy 1.17.1's behaviour on
//! the same calls (`ValueError` where an error is asserted).

use crate::{arr, first_nan};
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Device};
use cuprum_interpolate::*;

const Y4: &[f64] = &[0.0, 1.0, 0.0, 1.0];

fn one_d_builders(x: &Array, y: &Array) -> Vec<(&'static str, bool)> {
    // (name, built without error)
    vec![
        (
            "CubicSpline",
            CubicSpline::new(x, y, CubicSplineOptions::default()).is_ok(),
        ),
        (
            "make_interp_spline",
            make_interp_spline(x, y, 3, SplineBc::default(), 0).is_ok(),
        ),
        (
            "PchipInterpolator",
            PchipInterpolator::new(x, y, 0, Extrapolate::Yes).is_ok(),
        ),
        (
            "Akima1DInterpolator",
            Akima1DInterpolator::new(x, y, 0, AkimaMethod::Akima, None).is_ok(),
        ),
        (
            "RegularGridInterpolator",
            RegularGridInterpolator::new(&[x], y, GridOptions::default()).is_ok(),
        ),
    ]
}

#[test]
fn non_increasing_and_nan_knots() {
    for dev in all_devices() {
        let y = arr(Y4, &[4], dev);
        // duplicates, a decrease, a NaN: SciPy raises for every builder below
        for bad in [
            [0.0, 1.0, 1.0, 3.0],
            [0.0, 2.0, 1.0, 3.0],
            [0.0, f64::NAN, 2.0, 3.0],
        ] {
            let x = arr(&bad, &[4], dev);
            for (name, ok) in one_d_builders(&x, &y) {
                assert!(!ok, "{name} accepted x = {bad:?}");
            }
        }
        // decreasing or NaN knots of a BSpline
        let c = arr(&[1.0; 4], &[4], dev);
        for t in [
            [0.0, 2.0, 1.0, 3.0, 4.0, 5.0, 6.0, 7.0],
            [0.0, f64::NAN, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0],
        ] {
            assert!(BSpline::new(&arr(&t, &[8], dev), &c, 3, Extrapolate::Yes, 0).is_err());
        }
        // splrep and UnivariateSpline with a decrease
        let x = arr(&[0.0, 2.0, 1.0, 3.0, 4.0, 5.0], &[6], dev);
        let y6 = arr(&[0.0, 1.0, 0.0, 1.0, 0.0, 1.0], &[6], dev);
        assert!(splrep(&x, &y6, SplrepOptions::default()).is_err());
        assert!(UnivariateSpline::new(&x, &y6, UnivariateOptions::default()).is_err());
        // interp1d sorts unsorted x (SciPy's assume_sorted=False): no error
        let f = interp1d(
            &arr(&[0.0, 2.0, 1.0, 3.0], &[4], dev),
            &y,
            Interp1dOptions::default(),
        )
        .unwrap();
        let r = f
            .call(&arr(&[0.5], &[1], dev))
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        assert_eq!(r, vec![0.0]);
    }
}

#[test]
fn too_few_points_for_the_order() {
    for dev in all_devices() {
        let x1 = arr(&[0.0], &[1], dev);
        let y1 = arr(&[1.0], &[1], dev);
        assert!(CubicSpline::new(&x1, &y1, CubicSplineOptions::default()).is_err());
        assert!(PchipInterpolator::new(&x1, &y1, 0, Extrapolate::Yes).is_err());
        assert!(Akima1DInterpolator::new(&x1, &y1, 0, AkimaMethod::Akima, None).is_err());
        let x3 = arr(&[0.0, 1.0, 2.0], &[3], dev);
        let y3 = arr(&[0.0, 1.0, 0.0], &[3], dev);
        // cubic fits need 4 points
        assert!(make_interp_spline(&x3, &y3, 5, SplineBc::default(), 0).is_err());
        assert!(
            splrep(
                &x3,
                &y3,
                SplrepOptions {
                    k: 3,
                    ..Default::default()
                }
            )
            .is_err()
        );
        assert!(UnivariateSpline::new(&x3, &y3, UnivariateOptions::default()).is_err());
        let cubic = Interp1dOptions {
            kind: Interp1dKind::Spline(3),
            ..Default::default()
        };
        assert!(interp1d(&x3, &y3, cubic).is_err());
        let g = GridOptions {
            method: GridMethod::Cubic,
            ..Default::default()
        };
        assert!(RegularGridInterpolator::new(&[&x3], &y3, g).is_err());
        // a B-spline needs n >= k + 1 coefficients
        let t = arr(&[0.0, 0.0, 0.0, 1.0, 1.0, 1.0], &[6], dev);
        assert!(BSpline::new(&t, &arr(&[1.0, 2.0], &[2], dev), 3, Extrapolate::Yes, 0).is_err());
        // polynomial interpolators need a point
        let e = arr(&[], &[0], dev);
        assert!(KroghInterpolator::new(&e, &e, 0).is_err());
        assert!(BarycentricInterpolator::new(&e, &e, 0).is_err());
        // RBF: fewer points than the degree-1 polynomial's 3 monomials in 2-d
        let y2 = arr(&[0.0, 0.0, 1.0, 1.0], &[2, 2], dev);
        assert!(
            RBFInterpolator::new(&y2, &arr(&[0.0, 1.0], &[2], dev), RbfOptions::default()).is_err()
        );
        // triangulations: too few points
        assert!(
            LinearNDInterpolator::new(&y2, &arr(&[0.0, 1.0], &[2], dev), f64::NAN, false).is_err()
        );
    }
}

#[test]
fn bounds_error_and_nan_coordinates() {
    for dev in all_devices() {
        let (ax, ay) = (
            arr(&[0.0, 1.0, 2.0], &[3], dev),
            arr(&[0.0, 1.0, 2.0, 3.0], &[4], dev),
        );
        let v = arr(&[1.0; 12], &[3, 4], dev);
        let g = RegularGridInterpolator::new(&[&ax, &ay], &v, GridOptions::default()).unwrap();
        // outside the grid with bounds_error (the default): an error; NaN counts as outside
        // (SciPy 1.17 raises for both)
        assert!(g.call(&arr(&[5.0, 1.0], &[1, 2], dev)).is_err());
        assert!(g.call(&arr(&[f64::NAN, 1.0], &[1, 2], dev)).is_err());
        assert!(
            interpn(
                &[&ax, &ay],
                &v,
                &arr(&[-1.0, 1.0], &[1, 2], dev),
                GridOptions::default()
            )
            .is_err()
        );
        // without bounds_error: NaN for NaN coordinates and the fill value outside
        let opts = GridOptions {
            bounds_error: false,
            ..Default::default()
        };
        let g = RegularGridInterpolator::new(&[&ax, &ay], &v, opts).unwrap();
        let r = g
            .call(&arr(&[f64::NAN, 1.0, 1.0, 1.0, 5.0, 1.0], &[3, 2], dev))
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        assert!(r[0].is_nan() && r[1] == 1.0 && r[2].is_nan());
        // interp1d: outside raises by default; NaN gives NaN (SciPy)
        let f = interp1d(
            &ax,
            &arr(&[0.0, 1.0, 2.0], &[3], dev),
            Interp1dOptions::default(),
        )
        .unwrap();
        assert!(f.call(&arr(&[3.0], &[1], dev)).is_err());
        let r = f
            .call(&arr(&[f64::NAN, 1.5], &[2], dev))
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        assert!(r[0].is_nan() && r[1] == 1.5);
        // splines evaluate NaN to NaN
        let x4 = arr(&[0.0, 1.0, 2.0, 3.0], &[4], dev);
        let cs = CubicSpline::new(&x4, &arr(Y4, &[4], dev), CubicSplineOptions::default()).unwrap();
        assert!(first_nan(cs.call(&arr(&[f64::NAN], &[1], dev), 0)));
        let b = make_interp_spline(&x4, &arr(Y4, &[4], dev), 3, SplineBc::default(), 0).unwrap();
        assert!(first_nan(b.call(&arr(&[f64::NAN], &[1], dev), 0)));
        // scattered data: NaN query points take the fill value
        let p = arr(&[0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0], &[4, 2], dev);
        let vals = arr(&[0.0, 1.0, 2.0, 3.0], &[4], dev);
        let r = griddata(
            &p,
            &vals,
            &arr(&[f64::NAN, 0.5], &[1, 2], dev),
            GriddataMethod::Linear,
            -1.0,
            false,
        )
        .unwrap()
        .to_vec::<f64>()
        .unwrap();
        assert_eq!(r, vec![-1.0]);
        // NaN data coordinates: an error
        let pn = arr(&[0.0, 0.0, 1.0, f64::NAN, 0.0, 1.0, 1.0, 1.0], &[4, 2], dev);
        assert!(LinearNDInterpolator::new(&pn, &vals, f64::NAN, false).is_err());
        assert!(NearestNDInterpolator::new(&p, &vals, false).is_ok());
    }
    let _ = Device::Cpu;
}
