//! Values of the two- and three-argument ufuncs against SciPy 1.17.1 (`scipy.special.<name>(*args)`, computed with python3 at the inputs listed), on every device, float64 and float32.

use super::grid::{Case, Rtol, check_cases};
use super::{check_f32, check_n};
use cuprum_special as sp;

const CASES: &[Case] = &[
    ("beta", 2, 1e-12, |a| sp::beta(a[0], a[1])),
    ("betaln", 2, 1e-12, |a| sp::betaln(a[0], a[1])),
    ("gammainc", 2, 1e-13, |a| sp::gammainc(a[0], a[1])),
    ("gammaincc", 2, 1e-13, |a| sp::gammaincc(a[0], a[1])),
    ("polygamma", 2, 1e-13, |a| sp::polygamma(a[0], a[1])),
    ("xlogy", 2, 1e-13, |a| sp::xlogy(a[0], a[1])),
    ("xlog1py", 2, 1e-13, |a| sp::xlog1py(a[0], a[1])),
    ("rel_entr", 2, 1e-13, |a| sp::rel_entr(a[0], a[1])),
    ("kl_div", 2, 1e-13, |a| sp::kl_div(a[0], a[1])),
    ("huber", 2, 1e-13, |a| sp::huber(a[0], a[1])),
    ("pseudo_huber", 2, 1e-13, |a| sp::pseudo_huber(a[0], a[1])),
    ("jv", 2, 1e-12, |a| sp::jv(a[0], a[1])),
    ("yv", 2, 1e-12, |a| sp::yv(a[0], a[1])),
    ("iv", 2, 1e-12, |a| sp::iv(a[0], a[1])),
    ("kv", 2, 1e-12, |a| sp::kv(a[0], a[1])),
    ("betainc", 3, 1e-12, |a| sp::betainc(a[0], a[1], a[2])),
];

/// Each function of [`CASES`] against SciPy's float64 and float32 values.
#[test]
fn table_against_scipy() {
    check_cases("values_multi", CASES);
}

#[test]
fn owens_t() {
    // exact values: mpmath.quad of the defining integral at 30 digits (SciPy's Boost values
    // differ by up to 2e-12 relative at some of these points)
    let h: &[f64] = &[
        0.0,
        0.5,
        -0.5,
        1.0,
        3.3635170024571597,
        5.2618818807802725,
        7.5,
        0.1,
        2.0,
        -2.0,
        0.3,
        1.5,
        10.0,
        0.0,
        1.0,
    ];
    let a: &[f64] = &[
        0.5,
        2.0,
        2.0,
        1.0,
        0.6678616823782928,
        1.097357822571086e-05,
        0.3,
        100.0,
        -0.25,
        10000.0,
        -5.0,
        0.9999,
        1.5,
        f64::INFINITY,
        f64::NEG_INFINITY,
    ];
    let want: &[f64] = &[
        0.07379180882521663,
        0.1415806036539784,
        0.1415806036539784,
        0.06674188216570097,
        0.00018917291379876423,
        1.6979530396834236e-12,
        1.560043235363449e-14,
        0.2300860813614855,
        -0.0050681742771624145,
        0.011375065974089604,
        -0.18887156345661174,
        0.031171160687053893,
        3.8099265120802635e-24,
        0.25,
        -0.07932762696572852,
    ];
    check_n(&[h, a], want, 1e-14, |x| {
        cuprum_special::owens_t(x[0], x[1])
    });
    // scipy.special.owens_t(0.5, 2.0) and NaN
    check_n(
        &[
            &[0.5, f64::NAN, 1.0, f64::INFINITY],
            &[2.0, 1.0, f64::NAN, 3.0],
        ],
        &[0.1415806036539784, f64::NAN, f64::NAN, 0.0],
        1e-14,
        |x| cuprum_special::owens_t(x[0], x[1]),
    );
    // scipy.special.owens_t in float64 of float32 inputs, rounded to float32
    check_f32(
        &[&[0.5, 1.0, 2.0], &[2.0, 0.5, -3.0]],
        &[
            0.14158059656620026,
            0.04306469112634659,
            -0.0113750658929348,
        ],
        |x| cuprum_special::owens_t(x[0], x[1]),
    );
}

#[test]
fn hyp2f1() {
    // series, x near 1, poles, polynomials, x in [-2, 1]: scipy.special.hyp2f1(a, b, c, x) for the columns below
    let a = [
        1.0,
        0.5,
        -3.0,
        2.3,
        1.5,
        1.5,
        1.5,
        0.25,
        3.61,
        6.31,
        -2.5,
        12.5,
        -12.5,
        1.0,
        1.5,
        1.0,
        0.0,
        1.0,
        -2.0,
        1.0,
        2.0,
        0.3,
        0.5,
        2.5,
        1.0,
        f64::NAN,
        1.0,
    ];
    let b = [
        1.0, 1.5, 2.5, -4.0, 2.5, 2.5, 2.5, 0.75, 4.12, 3.1, 3.5, 0.7, 0.7, 1.0, 0.5, 2.0, 2.0,
        2.0, 2.0, 2.0, 3.0, 0.3, 1.5, 1.5, 1.0, 1.0, 1.0,
    ];
    let c = [
        2.0, 2.5, 1.5, 5.1, 4.5, 4.0, 3.2, 1.5, 7.43, -5.03, -1.5, 2.0, 2.0, 2.0, 3.0, 3.0, 3.0,
        -3.0, -3.0, 3.0, 3.0, 2.3, 2.5, 0.5, 1.5, 2.0, 2.0,
    ];
    let x = [
        0.5,
        0.3,
        0.7,
        -0.8,
        0.95,
        0.95,
        0.999,
        -0.9,
        -0.6,
        0.4,
        0.3,
        0.4,
        0.4,
        1.0,
        1.0,
        0.0,
        5.0,
        0.5,
        0.5,
        2.0,
        0.6,
        -1.0,
        -1.5,
        0.92,
        0.97,
        0.5,
        f64::NAN,
    ];
    let want = [
        1.3862943611198901,
        1.1080625510569324,
        -0.09900000000000003,
        3.7222032422016413,
        5.203776692641072,
        7.8242263412349855,
        593.474331842369,
        0.9170058465935291,
        0.37330566374499596,
        41060792.88545864,
        3.904348410704091,
        35.34848647965965,
        0.33029909573927607,
        f64::INFINITY,
        1.6976527263135504,
        1.0,
        1.0,
        f64::INFINITY,
        1.9166666666666665,
        f64::INFINITY,
        6.249999999999999,
        0.9681282652040722,
        0.7387441742278125,
        32316.989608916487,
        8.187678462752649,
        f64::NAN,
        f64::NAN,
    ];
    check_n(&[&a, &b, &c, &x], &want, 1e-15, |v| {
        sp::hyp2f1(v[0], v[1], v[2], v[3])
    });
    // x < -2 (AMS55 15.3.7, two terms that cancel): scipy.special.hyp2f1(a, b, c, x) for the columns below
    let a = [0.5, 3.61, 0.3];
    let b = [1.2, 4.12, 1.1];
    let c = [2.7, 7.43, 2.2];
    let x = [-5.0, -2.7514851813961094, -30.0];
    let want = [
        0.5981035042998067,
        0.050122181523931886,
        0.47524587301023574,
    ];
    check_n(&[&a, &b, &c, &x], &want, Rtol::cuda(2e-13, 1e-12), |v| {
        sp::hyp2f1(v[0], v[1], v[2], v[3])
    });
    // scipy.special.hyp2f1 of float32 inputs (the float32 loop)
    check_f32(
        &[
            &[1.0, 0.5, 2.299999952316284],
            &[1.0, 1.5, -4.0],
            &[2.0, 2.5, 5.099999904632568],
            &[0.5, 0.30000001192092896, -0.800000011920929],
        ],
        &[1.3862943649291992, 1.108062505722046, 3.722203254699707],
        |v| sp::hyp2f1(v[0], v[1], v[2], v[3]),
    );
}

#[test]
fn lpmv() {
    // scipy.special.lpmv(m, v, x) for the columns below
    let m = [
        0.0, 1.0, 2.0, 0.0, 3.0, -2.0, -1.0, 5.0, 0.0, 1.0, 0.0, 2.0, 0.0, 1.5, -4.0, 0.0,
    ];
    let v = [
        2.0,
        2.5,
        5.0,
        0.5,
        7.25,
        4.5,
        3.0,
        12.0,
        10.5,
        -3.5,
        2.0,
        3.0,
        1.5,
        2.0,
        2.0,
        f64::NAN,
    ];
    let x = [
        0.5, 0.3, -0.7, 0.9, 0.1, 0.6, -0.2, 0.45, -0.2, 0.8, 1.0, 1.0, -1.0, 0.5, 0.5, 0.5,
    ];
    let want = [
        -0.125,
        -0.12922999435771895,
        -8.808974999999995,
        0.961896347729008,
        -122.16569066313872,
        0.00975788665536494,
        -0.09797958971132714,
        -55220.57282256836,
        0.240567846576695,
        -1.7808343208150648,
        1.0,
        0.0,
        f64::NEG_INFINITY,
        f64::NAN,
        f64::NAN,
        f64::NAN,
    ];
    check_n(&[&m, &v, &x], &want, 1e-14, |a| sp::lpmv(a[0], a[1], a[2]));
    // x < -0.35, non-integer v: the expansion about x = -1 (agreement 5e-12 at worst)
    let m = [0.0, 2.0, 1.0];
    let v = [-0.5, 3.7, 6.3];
    let x = [-0.9, -0.8, -0.5];
    let want = [1.8515049970729291, 9.19292822575041, -1.6967736677811167];
    check_n(&[&m, &v, &x], &want, 5e-12, |a| sp::lpmv(a[0], a[1], a[2]));
    // scipy.special.lpmv of float32 inputs
    check_f32(
        &[&[0.0, 1.0], &[2.0, 2.5], &[0.5, 0.30000001192092896]],
        &[-0.125, -0.1292300522327423],
        |a| sp::lpmv(a[0], a[1], a[2]),
    );
}
