//! Scattered data on a Delaunay triangulation: LinearNDInterpolator, CloughTocher2DInterpolator,
//! griddata linear/cubic in 2-d. The reference values come from SciPy 1.17.1 with
//! `rng = np.random.default_rng(7); P = np.round(rng.random((15, 2)), 4)`,
//! `V = np.sin(3 * P[:, 0]) + P[:, 1]**2`, `V2 = np.stack([V, P[:, 0] * P[:, 1]], axis=1)`, and
//! queries `Q` (eight inside, one outside the hull, one NaN).

use crate::{arr, check};
use cuprum_core::ext::test_util::all_devices;
use cuprum_interpolate::*;

const P: &[f64] = &[
    0.6251, 0.8972, 0.7757, 0.2252, 0.3002, 0.8736, 0.0053, 0.8212, 0.7971, 0.4679, 0.303, 0.2784,
    0.2549, 0.4451, 0.5045, 0.5535, 0.9955, 0.7927, 0.6222, 0.989, 0.2153, 0.1602, 0.6125, 0.0439,
    0.0357, 0.5149, 0.4662, 0.9172, 0.6292, 0.5141,
];
const V: &[f64] = &[
    1.758963718625325,
    0.7780925720887635,
    1.5468766945872285,
    0.6902687700619685,
    0.9007832722045066,
    0.8663961592909156,
    0.8904345626952519,
    1.3047212644699904,
    0.7828449314434429,
    1.9346891735242187,
    0.6275814247218479,
    0.9665721027035625,
    0.3720173805759331,
    1.8264666503255538,
    1.2145348349668144,
];
const Q: &[f64] = &[
    0.4981,
    0.3485,
    0.2071,
    0.3154,
    0.6152,
    0.3204,
    0.4217,
    0.2022,
    0.698,
    0.2927,
    0.3606,
    0.7282,
    0.5059,
    0.7083,
    0.5838,
    0.6451,
    1.5,
    0.5,
    f64::NAN,
    0.5,
];
/// `LinearNDInterpolator(P, V2)(Q)`
const LIN2: &[f64] = &[
    0.9681908023768593,
    0.18137870820972368,
    0.6949672301182279,
    0.06262529085646432,
    0.9239092227099391,
    0.19407351220432398,
    0.8939469114822343,
    0.07033770882650697,
    0.8808388766335301,
    0.19796809117071523,
    1.4031100927011375,
    0.2525361222191333,
    1.5224076846480807,
    0.35834912397640695,
    1.412806628150836,
    0.3803374661674154,
    f64::NAN,
    f64::NAN,
    f64::NAN,
    f64::NAN,
];
/// `LinearNDInterpolator(P, V, fill_value=-1.0, rescale=True)(Q)`
const LINFILL: &[f64] = &[
    0.9681908023768593,
    0.694967230118228,
    0.9239092227099392,
    0.8939469114822343,
    0.88083887663353,
    1.4031100927011375,
    1.5224076846480807,
    1.412806628150836,
    -1.0,
    -1.0,
];
/// `CloughTocher2DInterpolator(P, V)(Q)`
const CT: &[f64] = &[
    1.0557875213221244,
    0.7044160427391661,
    0.9948320719577037,
    0.9066925093686157,
    0.9079404993056291,
    1.419077947635497,
    1.5214748508675897,
    1.4143240670378987,
    f64::NAN,
    f64::NAN,
];
/// `CloughTocher2DInterpolator(P, V).grad`
const CTGRAD: &[f64] = &[
    -0.8896241382969035,
    1.7053138046904752,
    -1.2380811519848898,
    0.4805975162854305,
    1.7946010863412494,
    1.6576396627934042,
    2.902237146567853,
    1.4402362576688121,
    -1.9420926240593384,
    0.7793922371446063,
    1.0527682517910013,
    0.865315467531755,
    2.167661929848167,
    0.6319131056717185,
    0.2414813594227721,
    1.384716771350936,
    -2.952461370432887,
    1.3951591730858968,
    -0.4423242530619203,
    2.1540762276069905,
    1.890847050233797,
    0.6413138773686451,
    -0.1686746418044627,
    -1.008602445299255,
    3.040307715014389,
    1.0858909949140245,
    0.3807245264689983,
    1.6154380377589224,
    -0.9248854148567596,
    1.2492966701700634,
];
/// `CloughTocher2DInterpolator(P * [1, 100], V2, rescale=True)(Q * [1, 100])`
const CTRS: &[f64] = &[
    1.0536785162710027,
    0.1709958804667393,
    0.7055706312576231,
    0.06425164545212984,
    0.9921090045863502,
    0.19372566853201317,
    0.9038379149509171,
    0.08128817364489291,
    0.905937099265232,
    0.20154161679679103,
    1.4194857008979667,
    0.26160321424436805,
    1.5217231813262035,
    0.3541704911918618,
    1.4147555858043788,
    0.3768590574027344,
    f64::NAN,
    f64::NAN,
    f64::NAN,
    f64::NAN,
];
/// `griddata(P, V, Q, method='linear')`
const GDL: &[f64] = &[
    0.9681908023768593,
    0.6949672301182279,
    0.9239092227099391,
    0.8939469114822343,
    0.8808388766335301,
    1.4031100927011375,
    1.5224076846480807,
    1.412806628150836,
    f64::NAN,
    f64::NAN,
];
/// `griddata(P, V, Q, method='cubic', fill_value=0.5)`
const GDC: &[f64] = &[
    1.0557875213221244,
    0.7044160427391661,
    0.9948320719577037,
    0.9066925093686157,
    0.9079404993056291,
    1.419077947635497,
    1.5214748508675897,
    1.4143240670378987,
    0.5,
    0.5,
];

fn v2() -> Vec<f64> {
    (0..15)
        .flat_map(|i| [V[i], P[2 * i] * P[2 * i + 1]])
        .collect()
}

fn stretched(a: &[f64]) -> Vec<f64> {
    a.iter()
        .enumerate()
        .map(|(i, v)| if i % 2 == 1 { v * 100.0 } else { *v })
        .collect()
}

#[test]
fn linear_nd_matches_scipy() {
    for dev in all_devices() {
        let (p, q) = (arr(P, &[15, 2], dev), arr(Q, &[10, 2], dev));
        let f = LinearNDInterpolator::new(&p, &arr(&v2(), &[15, 2], dev), f64::NAN, false).unwrap();
        let r = f.call(&q).unwrap();
        assert_eq!(r.shape(), &[10, 2]);
        check(&r, LIN2, 1e-12);
        let f0 = f;
        let f = LinearNDInterpolator::new(&p, &arr(V, &[15], dev), -1.0, true).unwrap();
        check(&f.call(&q).unwrap(), LINFILL, 1e-12);
        // on a given triangulation; queries of shape (2, 5, 2)
        let g =
            LinearNDInterpolator::from_delaunay(f0.tri(), &arr(V, &[15], dev), f64::NAN).unwrap();
        let r = g.call(&q.reshape([2, 5, 2]).unwrap()).unwrap();
        assert_eq!(r.shape(), &[2, 5]);
        check(&r, GDL, 1e-12);
        check(
            &griddata(
                &p,
                &arr(V, &[15], dev),
                &q,
                GriddataMethod::Linear,
                f64::NAN,
                false,
            )
            .unwrap(),
            GDL,
            1e-12,
        );
    }
}

#[test]
fn clough_tocher_matches_scipy() {
    for dev in all_devices() {
        let (p, q) = (arr(P, &[15, 2], dev), arr(Q, &[10, 2], dev));
        let f = CloughTocher2DInterpolator::new(
            &p,
            &arr(V, &[15], dev),
            CloughTocherOptions::default(),
        )
        .unwrap();
        check(&f.grad().unwrap(), CTGRAD, 1e-9);
        check(&f.call(&q).unwrap(), CT, 1e-9);
        let opts = CloughTocherOptions {
            rescale: true,
            ..Default::default()
        };
        let (ps, qs) = (
            arr(&stretched(P), &[15, 2], dev),
            arr(&stretched(Q), &[10, 2], dev),
        );
        let f = CloughTocher2DInterpolator::new(&ps, &arr(&v2(), &[15, 2], dev), opts).unwrap();
        check(&f.call(&qs).unwrap(), CTRS, 1e-9);
        check(
            &griddata(
                &p,
                &arr(V, &[15], dev),
                &q,
                GriddataMethod::Cubic,
                0.5,
                false,
            )
            .unwrap(),
            GDC,
            1e-9,
        );
    }
}

#[test]
fn scattered_bad_input() {
    for dev in all_devices() {
        let p = arr(P, &[15, 2], dev);
        let v = arr(V, &[15], dev);
        // values of another length, 1-d points, a query of the wrong dimension
        assert!(
            LinearNDInterpolator::new(&p, &arr(&V[..14], &[14], dev), f64::NAN, false).is_err()
        );
        assert!(LinearNDInterpolator::new(&arr(V, &[15], dev), &v, f64::NAN, false).is_err());
        let f = LinearNDInterpolator::new(&p, &v, f64::NAN, false).unwrap();
        assert!(f.call(&arr(&[0.5, 0.5, 0.5], &[1, 3], dev)).is_err());
        // collinear points: no triangulation
        let line = arr(&[0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 3.0, 3.0], &[4, 2], dev);
        assert!(
            LinearNDInterpolator::new(&line, &arr(&[0.0; 4], &[4], dev), f64::NAN, false).is_err()
        );
        // non-finite points
        let mut bad = P.to_vec();
        bad[3] = f64::NAN;
        assert!(
            CloughTocher2DInterpolator::new(
                &arr(&bad, &[15, 2], dev),
                &v,
                CloughTocherOptions::default()
            )
            .is_err()
        );
        // cubic needs 2-d points
        let p3 = arr(&[0.0; 12], &[4, 3], dev);
        assert!(
            griddata(
                &p3,
                &arr(&[0.0; 4], &[4], dev),
                &p3,
                GriddataMethod::Cubic,
                f64::NAN,
                false
            )
            .is_err()
        );
    }
}

/// `rng = np.random.default_rng(11); P3 = np.round(rng.random((20, 3)), 4)`
const P3: &[f64] = &[
    0.1286, 0.4993, 0.6015, 0.0287, 0.1479, 0.9282, 0.0704, 0.1298, 0.9483, 0.6219, 0.369, 0.5114,
    0.6628, 0.2753, 0.138, 0.788, 0.6704, 0.5124, 0.8167, 0.5491, 0.9809, 0.2045, 0.5537, 0.4836,
    0.3533, 0.5916, 0.2353, 0.8022, 0.8673, 0.1288, 0.4671, 0.2771, 0.0831, 0.8959, 0.4299, 0.1477,
    0.6734, 0.2022, 0.9014, 0.2171, 0.0331, 0.2008, 0.3457, 0.4689, 0.9061, 0.6974, 0.3393, 0.0169,
    0.1598, 0.9964, 0.4597, 0.691, 0.0547, 0.0341, 0.8459, 0.5879, 0.3087, 0.3174, 0.0892, 0.1727,
];
/// `np.round(rng.random((6, 3)) * 0.6 + 0.2, 4)` and `[2, 2, 2]`
const Q3: &[f64] = &[
    0.2148, 0.7035, 0.4798, 0.2763, 0.6435, 0.3174, 0.2372, 0.559, 0.7375, 0.2162, 0.6831, 0.3141,
    0.2557, 0.2108, 0.3758, 0.6363, 0.4959, 0.7118, 2.0, 2.0, 2.0,
];
/// `P3[:, 0] + 2 * P3[:, 1]**2 - P3[:, 2]`
const V3: &[f64] = &[
    0.025700979999999984,
    -0.8557511800000001,
    -0.84420392,
    0.3828220000000001,
    0.6763801799999999,
    1.17447232,
    0.43882162,
    0.33406737999999997,
    0.81798112,
    2.17781858,
    0.5375688200000001,
    1.1178280200000001,
    -0.14623032000000002,
    0.018491219999999975,
    -0.12066558000000005,
    0.91074898,
    1.6857259199999997,
    0.6628841799999999,
    1.22845282,
    0.16061328000000005,
];
/// `LinearNDInterpolator(P3, V3)(Q3)`
const LIN3: &[f64] = &[
    0.8100509568034583,
    0.9160483728227955,
    0.21304095528425196,
    f64::NAN,
    0.055104368250452854,
    0.44116607852825,
    f64::NAN,
];

#[test]
fn linear_nd_in_3d_matches_scipy() {
    for dev in all_devices() {
        let (p, q) = (arr(P3, &[20, 3], dev), arr(Q3, &[7, 3], dev));
        let f = LinearNDInterpolator::new(&p, &arr(V3, &[20], dev), f64::NAN, false).unwrap();
        check(&f.call(&q).unwrap(), LIN3, 1e-12);
        check(
            &griddata(
                &p,
                &arr(V3, &[20], dev),
                &q,
                GriddataMethod::Linear,
                f64::NAN,
                false,
            )
            .unwrap(),
            LIN3,
            1e-12,
        );
    }
}
