//! Spherical Bessel functions and `jve`/`yve` against SciPy 1.17.1, on every device.

use super::check_n;
use cuprum_special as sp;

// Columns shared by more than one test: the (n, z) grid of the spherical Bessel functions,
// the (v, x) of jve and yve, the (N, k) of comb and perm, the (phi, m) of the incomplete
// elliptic integrals.
const SPHERICAL_N: [f64; 13] = [
    0.0, 1.0, 2.0, 0.0, 1.0, 3.0, 5.0, 10.0, 10.0, 2.0, -1.0, 30.0, 4.0,
];
const SPHERICAL_Z: [f64; 13] = [
    0.0,
    0.0,
    0.0,
    2.5,
    2.5,
    -2.5,
    1.0,
    5.0,
    50.0,
    f64::INFINITY,
    1.0,
    100.0,
    0.001,
];
const VE_V: [f64; 4] = [2.5, 0.0, -2.5, 10.0];
const VE_X: [f64; 4] = [3.0, 1.0, 3.0, 5.0];
const COMB_N: [f64; 6] = [10.0, 3.0, -1.0, 4.0, 20.0, 5.5];
const COMB_K: [f64; 6] = [3.0, 5.0, 0.0, -1.0, 10.0, 2.0];
const ELLIPINC_PHI: [f64; 14] = [
    1.0,
    -2.5,
    10.0,
    0.1,
    1.2,
    2.0,
    1.0,
    3.0,
    0.0,
    1.0,
    f64::INFINITY,
    1.0,
    1.5,
    1.56,
];
const ELLIPINC_M: [f64; 14] = [
    0.5,
    0.9,
    0.3,
    0.99,
    1.0,
    1.0,
    -5.0,
    -100000000.0,
    0.5,
    1.5,
    0.5,
    f64::NEG_INFINITY,
    0.0,
    0.999999,
];

#[test]
fn spherical_jn() {
    // scipy.special.spherical_jn(n, z, derivative=False) at (SPHERICAL_N, SPHERICAL_Z)
    let want = [
        1.0,
        0.0,
        0.0,
        0.23938885764158263,
        0.41621298927540656,
        -0.10392046970240404,
        9.256115861125825e-05,
        0.000407344244249462,
        -0.015039221463465962,
        0.0,
        f64::NAN,
        0.008700628514447573,
        1.0582010101010152e-15,
    ];
    check_n(&[&SPHERICAL_N, &SPHERICAL_Z], &want, 1e-13, |a| {
        sp::spherical_jn(a[0], a[1], false)
    });
}

#[test]
fn spherical_jn_derivative() {
    // scipy.special.spherical_jn(n, z, derivative=True) at (SPHERICAL_N, SPHERICAL_Z)
    let want = [
        -0.0,
        0.3333333333333333,
        0.0,
        -0.41621298927540656,
        -0.09358153377874262,
        0.09379397796505878,
        0.00045564885674620427,
        0.0007219423781241448,
        -0.012916298528664993,
        0.0,
        f64::NAN,
        0.005063669360350925,
        4.2328039442039545e-12,
    ];
    check_n(&[&SPHERICAL_N, &SPHERICAL_Z], &want, 1e-13, |a| {
        sp::spherical_jn(a[0], a[1], true)
    });
}

#[test]
fn spherical_yn() {
    // scipy.special.spherical_yn(n, z, derivative=False) at (SPHERICAL_N, SPHERICAL_Z)
    let want = [
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
        f64::NEG_INFINITY,
        0.3204574462187735,
        -0.11120587915407323,
        -0.7966031232532497,
        -999.4403433922365,
        -26.656114405718707,
        0.013524687511158758,
        0.0,
        f64::NAN,
        -0.0054129293488705725,
        -1.0500000750000038e+17,
    ];
    check_n(&[&SPHERICAL_N, &SPHERICAL_Z], &want, 1e-13, |a| {
        sp::spherical_yn(a[0], a[1], false)
    });
}

#[test]
fn spherical_yn_derivative() {
    // scipy.special.spherical_yn(n, z, derivative=True) for the columns below
    let n = [0.0, 1.0, 3.0, 5.0, 10.0, 10.0, 2.0, -1.0, 30.0, 4.0];
    let z = [
        2.5,
        2.5,
        -2.5,
        1.0,
        5.0,
        50.0,
        f64::INFINITY,
        1.0,
        100.0,
        0.001,
    ];
    let want = [
        0.11120587915407323,
        0.40942214954203204,
        -0.8206604960015382,
        5883.743876138712,
        50.954006758163686,
        -0.014981566642016905,
        0.0,
        f64::NAN,
        0.008343157667959435,
        5.250000225000004e+20,
    ];
    check_n(&[&n, &z], &want, 1e-13, |a| {
        sp::spherical_yn(a[0], a[1], true)
    });
}

#[test]
fn jve() {
    // scipy.special.jve(v, x)
    let want = [
        0.4127100322097165,
        0.7651976865579666,
        0.36904073007379795,
        0.0014678026473104737,
    ];
    check_n(&[&VE_V, &VE_X], &want, 1e-13, |a| sp::jve(a[0], a[1]));
}

#[test]
fn yve() {
    // scipy.special.yve(v, x)
    let want = [
        -0.36904073007379795,
        0.08825696421567697,
        0.4127100322097165,
        -25.129110095610084,
    ];
    check_n(&[&VE_V, &VE_X], &want, 1e-13, |a| sp::yve(a[0], a[1]));
}

#[test]
fn binom() {
    // scipy.special.binom(n, k)
    let n = [
        10.0,
        2.5,
        -3.0,
        -2.5,
        50.0,
        1000000000000.0,
        3.5,
        0.0,
        100.0,
        7.5,
        -1.5,
    ];
    let k = [
        3.0,
        1.5,
        2.0,
        2.0,
        25.0,
        3.5,
        10000000000.0,
        0.0,
        97.0,
        30.0,
        -2.5,
    ];
    let want = [
        120.0,
        2.5,
        f64::NAN,
        4.375,
        126410606437752.03,
        8.597174606404384e+40,
        3.7024941426644866e-45,
        1.0,
        161700.0,
        4.013026341787017e-09,
        -1.4999999999999998,
    ];
    check_n(&[&n, &k], &want, 1e-13, |a| sp::binom(a[0], a[1]));
}

#[test]
fn comb() {
    // scipy.special.comb(N, k) and comb(N, k, repetition=True) on arrays
    let want = [120.0, 0.0, 0.0, 0.0, 184756.0, 12.375];
    check_n(&[&COMB_N, &COMB_K], &want, 1e-13, |a| {
        sp::comb(a[0], a[1], false, false)
    });
    let want = [220.0, 21.0, f64::NAN, 0.0, 20030010.0, 17.875];
    check_n(&[&COMB_N, &COMB_K], &want, 1e-13, |a| {
        sp::comb(a[0], a[1], false, true)
    });
    let x = cuprum_core::Array::from_vec_on(vec![1.0f64], &[1], cuprum_core::Device::Cpu).unwrap();
    assert!(sp::comb(&x, &x, true, false).is_err());
}

#[test]
fn poch() {
    // scipy.special.poch(z, m)
    let z = [3.0, 2.5, -3.0, -2.5, 100000.0, -4.0, 2.0, -0.5, 10.0, 1.5];
    let m = [4.0, 1.5, 2.0, 2.0, 0.5, 3.0, -3.0, -2.5, 0.0, 50.0];
    let want = [
        360.0,
        4.513516668382049,
        6.0,
        3.75,
        316.2273707323775,
        -24.0,
        f64::INFINITY,
        f64::INFINITY,
        1.0,
        2.4448408285844155e+65,
    ];
    check_n(&[&z, &m], &want, 1e-13, |a| sp::poch(a[0], a[1]));
}

#[test]
fn perm() {
    // scipy.special.perm(N, k) on arrays
    let want = [720.0, 0.0, 0.0, 0.0, 670442572800.0, 24.75];
    check_n(&[&COMB_N, &COMB_K], &want, 1e-13, |a| {
        sp::perm(a[0], a[1], false)
    });
}

#[test]
fn ellipkinc() {
    // scipy.special.ellipkinc(phi, m)
    let want = [
        1.0832167728451687,
        -4.471319666996252,
        10.867848645988321,
        0.10016540622411838,
        1.673699249558243,
        f64::INFINITY,
        0.7113013564047224,
        0.0013242910075997527,
        0.0,
        f64::NAN,
        f64::INFINITY,
        0.0,
        1.5,
        5.219550188449732,
    ];
    check_n(&[&ELLIPINC_PHI, &ELLIPINC_M], &want, 1e-14, |a| {
        sp::ellipkinc(a[0], a[1])
    });
}

#[test]
fn ellipeinc() {
    // scipy.special.ellipeinc(phi, m)
    let want = [
        0.92732988362444,
        -1.6064977856187794,
        9.238369147061688,
        0.09983508496118271,
        0.9320390859672263,
        1.0907025731743185,
        1.4937364607355956,
        19899.92565314997,
        0.0,
        f64::NAN,
        f64::INFINITY,
        f64::INFINITY,
        1.5,
        0.9999438305683055,
    ];
    check_n(&[&ELLIPINC_PHI, &ELLIPINC_M], &want, 1e-14, |a| {
        sp::ellipeinc(a[0], a[1])
    });
}

#[test]
fn expn() {
    // scipy.special.expn(n, x)
    let n = [
        2.0, 0.0, 1.0, 3.0, 1.0, 5.0, 10.0, 60.0, 100.0, 2.0, -1.0, 2.0, 3.0, 1.0, 4.0,
    ];
    let x = [
        1.5,
        1.0,
        0.0,
        0.0,
        0.5,
        0.1,
        20.0,
        5.0,
        0.5,
        800.0,
        1.0,
        -1.0,
        f64::NAN,
        1e-10,
        2.5,
    ];
    let want = [
        0.07310078653848087,
        0.36787944117144233,
        f64::INFINITY,
        0.5,
        0.5597735947761608,
        0.21901595224028048,
        6.944390555412316e-11,
        0.00010515035874511393,
        0.006095474587318911,
        0.0,
        f64::NAN,
        f64::NAN,
        f64::NAN,
        22.448635265138922,
        0.013782191727408905,
    ];
    check_n(&[&n, &x], &want, 1e-14, |a| sp::expn(a[0], a[1]));
}
