//! NdPPoly against SciPy 1.17.1: `rng = np.random.default_rng(3)`,
//! `c = np.round(rng.random((3, 2, 2, 3, 2)) * 2 - 1, 3)` (orders 3 and 2, 2 x 3 cells, two
//! values), `x0 = [0, 0.5, 1.5]`, `x1 = [-1, 0, 0.3, 1]`, `p = NdPPoly(c, (x0, x1))`.

use crate::{arr, check};
use cuprum_core::ext::test_util::all_devices;
use cuprum_interpolate::{NdPPoly, NdPPolyIntegral};

/// the coefficients
const C: &[f64] = &[
    -0.829, -0.526, 0.603, 0.164, -0.812, -0.134, -0.042, -0.681, 0.469, -0.773, -0.218, 0.033,
    -0.139, 0.174, 0.476, 0.913, -0.432, 0.297, 0.392, -0.415, -0.997, 0.947, -0.403, -0.372,
    0.783, 0.17, -0.057, 0.547, -0.939, 0.414, -0.252, -0.818, 0.321, 0.863, -0.586, 0.26, -0.404,
    0.484, 0.444, -0.563, 0.66, 0.315, 0.366, 0.64, -0.143, 0.517, 0.757, -0.795, 0.7, -0.212,
    -0.041, -0.707, 0.397, -0.416, 0.742, -0.449, 0.124, -0.201, 0.226, -0.607, -0.639, 0.494,
    0.504, 0.134, 0.842, -0.588, 0.702, -0.662, 0.929, 0.247, 0.214, 0.941,
];
/// the points (inside, on breakpoints, outside, NaN)
const XI: &[f64] = &[
    0.2,
    -0.5,
    0.5,
    0.0,
    1.5,
    1.0,
    1.2,
    0.31,
    -0.3,
    0.5,
    1.7,
    -1.2,
    f64::NAN,
    0.1,
];
/// `p(XI)`
const V: &[f64] = &[
    -0.31364000000000003,
    0.49824,
    0.929,
    0.247,
    0.1634000000000001,
    -0.4458,
    0.5435198,
    0.1981317,
    0.726244,
    -0.7662220000000001,
    1.629856,
    -0.009352000000000082,
    f64::NAN,
    f64::NAN,
];
/// `p(XI, extrapolate=False)`
const VNOEX: &[f64] = &[
    -0.31364000000000003,
    0.49824,
    0.929,
    0.247,
    0.1634000000000001,
    -0.4458,
    0.5435198,
    0.1981317,
    f64::NAN,
    f64::NAN,
    f64::NAN,
    f64::NAN,
    f64::NAN,
    f64::NAN,
];
/// `p(XI, nu=(1, 0))`
const D10: &[f64] = &[
    -0.23390000000000002,
    0.5334,
    -0.143,
    0.517,
    -0.7644,
    -1.3108,
    0.18388800000000005,
    -1.312738,
    0.82884,
    0.23568,
    1.37736,
    0.13448000000000004,
    f64::NAN,
    f64::NAN,
];
/// `p(XI, nu=(2, 1))`
const D21: &[f64] = &[
    -1.658,
    -1.052,
    0.938,
    -1.546,
    -0.436,
    0.066,
    -0.436,
    0.066,
    -1.624,
    -0.268,
    -0.084,
    -1.362,
    f64::NAN,
    f64::NAN,
];
/// `p.derivative((1, 1))(XI)`
const DER: &[f64] = &[
    0.4514,
    -0.04040000000000002,
    0.321,
    0.863,
    -1.022,
    0.326,
    -0.8912,
    0.3062,
    -0.4517999999999999,
    0.49439999999999995,
    -0.3528,
    -2.4524,
    f64::NAN,
    f64::NAN,
];

#[test]
fn ndppoly_matches_scipy() {
    for dev in all_devices() {
        let x0 = arr(&[0.0, 0.5, 1.5], &[3], dev);
        let x1 = arr(&[-1.0, 0.0, 0.3, 1.0], &[4], dev);
        let p = NdPPoly::new(&arr(C, &[3, 2, 2, 3, 2], dev), &[&x0, &x1], true).unwrap();
        let xi = arr(XI, &[7, 2], dev);
        let v = p.call(&xi, None, None).unwrap();
        assert_eq!(v.shape(), &[7, 2]);
        check(&v, V, 1e-13);
        check(&p.call(&xi, None, Some(false)).unwrap(), VNOEX, 1e-13);
        check(&p.call(&xi, Some(&[1, 0]), None).unwrap(), D10, 1e-13);
        check(&p.call(&xi, Some(&[2, 1]), None).unwrap(), D21, 1e-13);
        let d = p.derivative(&[1, 1]).unwrap();
        assert_eq!(d.c().shape(), &[2, 1, 2, 3, 2]);
        check(&d.call(&xi, None, None).unwrap(), DER, 1e-13);
        assert_eq!(p.derivative(&[3, 0]).unwrap().c().shape(), &[1, 2, 2, 3, 2]);
        // a query of shape (7, 1, 2)
        assert_eq!(
            p.call(&xi.reshape([7, 1, 2]).unwrap(), None, None)
                .unwrap()
                .shape(),
            &[7, 1, 2]
        );
        // bad input: decreasing breakpoints, too few points, mismatched intervals, wrong nu
        let dec = arr(&[0.0, 1.5, 0.5], &[3], dev);
        assert!(NdPPoly::new(&arr(C, &[3, 2, 2, 3, 2], dev), &[&dec, &x1], true).is_err());
        let one = arr(&[0.0], &[1], dev);
        assert!(NdPPoly::new(&arr(&[1.0], &[1, 1], dev), &[&one], true).is_err());
        assert!(NdPPoly::new(&arr(C, &[3, 2, 2, 3, 2], dev), &[&x1, &x0], true).is_err());
        assert!(NdPPoly::new(&arr(C, &[3, 2, 12], dev), &[&x0, &x1], true).is_err());
        assert!(p.call(&xi, Some(&[1]), None).is_err());
        assert!(p.call(&arr(&[0.5; 3], &[1, 3], dev), None, None).is_err());
    }
}

// the calculus of `p` (`Y = [-0.7, 0.0, 0.25, 0.9, 1.4]`)
/// `p.antiderivative((1, 2))(XI)`
const ANTI12: &[f64] = &[
    -0.013834472222222222,
    0.012776277777777779,
    -0.11900694444444443,
    0.1395972222222222,
    2.0957864513888884,
    -0.8280433333333332,
    0.5220873817883889,
    -0.23696885768783343,
    0.08630560200000002,
    -0.0969433455,
    0.017654271555555545,
    -0.0029888897777777803,
    f64::NAN,
    f64::NAN,
];
/// `p.integrate_1d(0.2, 1.3, axis=0)(Y[:, None])`
const INT1D_0: &[f64] = &[
    0.7357831333333333,
    -0.43085506666666673,
    0.7436693333333333,
    0.5413533333333335,
    0.815468,
    0.5001447500000001,
    0.6166603333333334,
    0.013175599999999899,
    0.5891161666666667,
    -0.22848639999999998,
];
/// `p.integrate_1d(0.9, -0.4, axis=1)(Y[:, None])`
const INT1D_1: &[f64] = &[
    -0.1092230500000001,
    0.3816459000000002,
    -0.6944150000000001,
    0.2895350000000001,
    -0.7712896875000002,
    0.1766862500000001,
    -1.059502,
    0.041193400000000095,
    -0.98232575,
    0.3909181500000002,
];
/// `p.integrate_1d(-0.2, 1.3, axis=0, extrapolate=False)(Y[:, None])`
const INT1D_NOEX: &[f64] = &[
    f64::NAN,
    f64::NAN,
    f64::NAN,
    f64::NAN,
    f64::NAN,
    f64::NAN,
    f64::NAN,
    f64::NAN,
    f64::NAN,
    f64::NAN,
];
/// `p.integrate([(0.1, 1.4), (-0.8, 0.6)])`
const INT: &[f64] = &[1.3777698133333331, -0.36824680500000007];
/// `p.integrate([(-0.5, 2.0), (0.6, -1.5)])`
const INT_EX: &[f64] = &[-3.1048149999999994, 0.88463875];
/// `p.integrate([(-0.5, 2.0), (0.6, -1.5)], extrapolate=False)`
const INT_NOEX: &[f64] = &[f64::NAN, f64::NAN];
/// `NdPPoly(c[:, 0, :, 0, :], (x0,)).integrate_1d(0.3, 1.1, 0)`
const INT1D_D1: &[f64] = &[0.5723753333333333, -0.5116546666666668];

#[test]
fn ndppoly_calculus_matches_scipy() {
    for dev in all_devices() {
        let x0 = arr(&[0.0, 0.5, 1.5], &[3], dev);
        let x1 = arr(&[-1.0, 0.0, 0.3, 1.0], &[4], dev);
        let p = NdPPoly::new(&arr(C, &[3, 2, 2, 3, 2], dev), &[&x0, &x1], true).unwrap();
        let xi = arr(XI, &[7, 2], dev);
        let a = p.antiderivative(&[1, 2]).unwrap();
        assert_eq!(a.c().shape(), &[4, 4, 2, 3, 2]);
        assert_eq!(a.c().device(), dev);
        check(&a.call(&xi, None, None).unwrap(), ANTI12, 1e-12);
        // the derivative undoes the antiderivative
        check(
            &a.derivative(&[1, 2])
                .unwrap()
                .call(&xi, None, None)
                .unwrap(),
            V,
            1e-12,
        );
        let y = arr(&[-0.7, 0.0, 0.25, 0.9, 1.4], &[5, 1], dev);
        let poly = |r: NdPPolyIntegral| match r {
            NdPPolyIntegral::Poly(q) => q,
            NdPPolyIntegral::Values(_) => panic!("expected a polynomial"),
        };
        let i0 = poly(p.integrate_1d(0.2, 1.3, 0, None).unwrap());
        assert_eq!(i0.c().shape(), &[2, 3, 2]);
        check(&i0.call(&y, None, None).unwrap(), INT1D_0, 1e-12);
        let i1 = poly(p.integrate_1d(0.9, -0.4, -1, None).unwrap());
        check(&i1.call(&y, None, None).unwrap(), INT1D_1, 1e-12);
        let i2 = poly(p.integrate_1d(-0.2, 1.3, 0, Some(false)).unwrap());
        check(&i2.call(&y, None, None).unwrap(), INT1D_NOEX, 1e-12);
        let v = p.integrate(&[(0.1, 1.4), (-0.8, 0.6)], None).unwrap();
        assert_eq!(v.shape(), &[2]);
        assert_eq!(v.device(), dev);
        check(&v, INT, 1e-12);
        check(
            &p.integrate(&[(-0.5, 2.0), (0.6, -1.5)], None).unwrap(),
            INT_EX,
            1e-12,
        );
        check(
            &p.integrate(&[(-0.5, 2.0), (0.6, -1.5)], Some(false))
                .unwrap(),
            INT_NOEX,
            1e-12,
        );
        // one variable: integrate_1d gives the values
        let c1 = cuprum_core::ext::as_c_contiguous(
            &arr(C, &[3, 2, 2, 3, 2], dev)
                .slice(&[
                    cuprum_core::SliceItem::FULL,
                    cuprum_core::SliceItem::Index(0),
                    cuprum_core::SliceItem::FULL,
                    cuprum_core::SliceItem::Index(0),
                ])
                .unwrap(),
        )
        .unwrap();
        let q = NdPPoly::new(&c1, &[&x0], true).unwrap();
        match q.integrate_1d(0.3, 1.1, 0, None).unwrap() {
            NdPPolyIntegral::Values(v) => {
                assert_eq!(v.shape(), &[2]);
                check(&v, INT1D_D1, 1e-12)
            }
            NdPPolyIntegral::Poly(_) => panic!("expected values"),
        }
        // bad input: orders and ranges of another length, an axis out of range, NaN bounds
        assert!(matches!(
            p.antiderivative(&[1]),
            Err(cuprum_core::Error::BadArgument { arg: "nu", .. })
        ));
        assert!(matches!(
            p.integrate(&[(0.0, 1.0)], None),
            Err(cuprum_core::Error::BadArgument { arg: "ranges", .. })
        ));
        assert!(matches!(
            p.integrate_1d(0.0, 1.0, 2, None),
            Err(cuprum_core::Error::AxisOutOfBounds { .. })
        ));
        assert!(matches!(
            p.integrate_1d(f64::NAN, 1.0, 0, None),
            Err(cuprum_core::Error::OutOfDomain { arg: "a", .. })
        ));
    }
}
