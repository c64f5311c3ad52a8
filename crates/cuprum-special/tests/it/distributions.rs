//! The distribution functions and Box-Cox transforms against SciPy 1.17.1 (`scipy.special.<name>(*args)`), on every device.

use super::check_f32;
use cuprum_special as sp;

#[test]
fn chdtr() {
    // scipy.special.chdtr(*args) for the columns below
    let x0 = [3.0, 1.0, 10.0, 2.0, 3.0, 0.5];
    let x1 = [2.5, 0.01, 30.0, 0.0, -1.0, 100.0];
    let want = [
        0.5247089166569795,
        0.07965567455405799,
        0.9991433587892247,
        0.0,
        f64::NAN,
        1.0,
    ];
    super::check_n(&[&x0, &x1], &want, 1e-13, |a| sp::chdtr(a[0], a[1]));
    // the same in float32
    let want32 = [
        0.5247089266777039,
        0.07965567708015442,
        0.9991433620452881,
        0.0,
        f64::NAN,
        1.0,
    ];
    check_f32(&[&x0, &x1], &want32, |a| sp::chdtr(a[0], a[1]));
}

#[test]
fn chdtrc() {
    // scipy.special.chdtrc(*args) for the columns below
    let x0 = [3.0, 1.0, 10.0, 2.0, 3.0, 5.0];
    let x1 = [2.5, 0.01, 30.0, 0.0, -1.0, 200.0];
    let want = [
        0.4752910833430205,
        0.920344325445942,
        0.000856641210775301,
        1.0,
        f64::NAN,
        2.8406228986415534e-41,
    ];
    super::check_n(&[&x0, &x1], &want, 1e-13, |a| sp::chdtrc(a[0], a[1]));
    // the same in float32
    let want32 = [
        0.47529107332229614,
        0.920344352722168,
        0.0008566412143409252,
        1.0,
        f64::NAN,
        2.8405721170328367e-41,
    ];
    check_f32(&[&x0, &x1], &want32, |a| sp::chdtrc(a[0], a[1]));
}

#[test]
fn pdtr() {
    // scipy.special.pdtr(*args) for the columns below
    let x0 = [3.0, 0.0, 2.7, 10.0, -1.0, 50.0];
    let x1 = [2.5, 1.0, 2.5, 0.0, 1.0, 20.0];
    let want = [
        0.7575761331330662,
        0.36787944117144245,
        0.5438131158833297,
        1.0,
        f64::NAN,
        0.9999999951712625,
    ];
    super::check_n(&[&x0, &x1], &want, 1e-13, |a| sp::pdtr(a[0], a[1]));
    // the same in float32
    let want32 = [
        0.7575761079788208,
        0.3678794503211975,
        0.5438131093978882,
        1.0,
        f64::NAN,
        1.0,
    ];
    check_f32(&[&x0, &x1], &want32, |a| sp::pdtr(a[0], a[1]));
}

#[test]
fn pdtrc() {
    // scipy.special.pdtrc(*args) for the columns below
    let x0 = [3.0, 0.0, 2.7, 10.0, -1.0, 5.0];
    let x1 = [2.5, 1.0, 2.5, 0.0, 1.0, 40.0];
    let want = [
        0.2424238668669339,
        0.6321205588285577,
        0.45618688411667035,
        0.0,
        f64::NAN,
        0.9999999999958727,
    ];
    super::check_n(&[&x0, &x1], &want, 1e-13, |a| sp::pdtrc(a[0], a[1]));
    // the same in float32
    let want32 = [
        0.2424238622188568,
        0.6321205496788025,
        0.4561868906021118,
        0.0,
        f64::NAN,
        1.0,
    ];
    check_f32(&[&x0, &x1], &want32, |a| sp::pdtrc(a[0], a[1]));
}

#[test]
fn stdtr() {
    // scipy.special.stdtr(*args) for the columns below
    let x0 = [3.0, 1.0, 30.0, 2.5, 5.0, 0.0, f64::INFINITY, 1000000.0];
    let x1 = [
        1.5,
        -2.0,
        0.0,
        f64::INFINITY,
        f64::NEG_INFINITY,
        1.0,
        1.0,
        2.0,
    ];
    let want = [
        0.8847080673775886,
        0.14758361765043326,
        0.5,
        1.0,
        0.0,
        f64::NAN,
        0.8413447460685429,
        0.9772497330743404,
    ];
    super::check_n(&[&x0, &x1], &want, 1e-13, |a| sp::stdtr(a[0], a[1]));
    // the same in float32
    let want32 = [
        0.884708046913147,
        0.14758361876010895,
        0.5,
        1.0,
        0.0,
        f64::NAN,
        0.8413447141647339,
        0.9772497415542603,
    ];
    check_f32(&[&x0, &x1], &want32, |a| sp::stdtr(a[0], a[1]));
}

#[test]
fn boxcox() {
    // scipy.special.boxcox(*args) for the columns below
    let x0 = [2.5, 2.5, 0.0, 0.0, -1.0, 10.0, 10000000000.0];
    let x1 = [0.5, 0.0, 0.5, 0.0, 0.5, -2.0, 100.0];
    let want = [
        1.1622776601683795,
        0.9162907318741551,
        -2.0,
        f64::NEG_INFINITY,
        f64::NAN,
        0.495,
        f64::INFINITY,
    ];
    super::check_n(&[&x0, &x1], &want, 1e-13, |a| sp::boxcox(a[0], a[1]));
    // the same in float32
    let want32 = [
        1.1622776985168457,
        0.9162907600402832,
        -2.0,
        f64::NEG_INFINITY,
        f64::NAN,
        0.4950000047683716,
        f64::INFINITY,
    ];
    check_f32(&[&x0, &x1], &want32, |a| sp::boxcox(a[0], a[1]));
}

#[test]
fn boxcox1p() {
    // scipy.special.boxcox1p(*args) for the columns below
    let x0 = [1e-05, 1e-300, -1.0, 3.0, 2.0];
    let x1 = [0.5, 2.0, 0.5, 0.0, -1.0];
    let want = [
        9.999975000125e-06,
        1e-300,
        -2.0,
        1.3862943611198906,
        0.6666666666666666,
    ];
    super::check_n(&[&x0, &x1], &want, 1e-13, |a| sp::boxcox1p(a[0], a[1]));
    // the same in float32
    let want32 = [
        9.999975191021804e-06,
        0.0,
        -2.0,
        1.3862943649291992,
        0.6666666865348816,
    ];
    check_f32(&[&x0, &x1], &want32, |a| sp::boxcox1p(a[0], a[1]));
}

#[test]
fn inv_boxcox() {
    // scipy.special.inv_boxcox(*args) for the columns below
    let x0 = [1.5, 1.5, -2.0, 2.0];
    let x1 = [0.5, 0.0, 0.5, -0.25];
    let want = [3.0625, 4.4816890703380645, 0.0, 15.999999999999998];
    super::check_n(&[&x0, &x1], &want, 1e-13, |a| sp::inv_boxcox(a[0], a[1]));
    // the same in float32
    let want32 = [3.0625, 4.481688976287842, 0.0, 16.0];
    check_f32(&[&x0, &x1], &want32, |a| sp::inv_boxcox(a[0], a[1]));
}

#[test]
fn inv_boxcox1p() {
    // scipy.special.inv_boxcox1p(*args) for the columns below
    let x0 = [1.5, 1e-200, 1.5, 2.0];
    let x1 = [0.5, 1e-200, 0.0, -0.25];
    let want = [2.0625, 1e-200, 3.481689070338065, 14.999999999999998];
    super::check_n(&[&x0, &x1], &want, 1e-13, |a| sp::inv_boxcox1p(a[0], a[1]));
    // the same in float32
    let want32 = [2.0625, 0.0, 3.481688976287842, 15.0];
    check_f32(&[&x0, &x1], &want32, |a| sp::inv_boxcox1p(a[0], a[1]));
}

#[test]
fn gdtr() {
    // scipy.special.gdtr(*args) for the columns below
    let x0 = [2.0, 1.0, 0.5, 2.0];
    let x1 = [3.0, 1.0, 10.0, 3.0];
    let x2 = [1.5, 0.0, 30.0, -1.0];
    let want = [0.5768099188731566, 0.0, 0.9301463393005901, f64::NAN];
    super::check_n(&[&x0, &x1, &x2], &want, 1e-13, |a| {
        sp::gdtr(a[0], a[1], a[2])
    });
    // the same in float32
    let want32 = [0.5768099427223206, 0.0, 0.930146336555481, f64::NAN];
    check_f32(&[&x0, &x1, &x2], &want32, |a| sp::gdtr(a[0], a[1], a[2]));
}

#[test]
fn gdtrc() {
    // scipy.special.gdtrc(*args) for the columns below
    let x0 = [2.0, 1.0, 0.5, 2.0];
    let x1 = [3.0, 1.0, 10.0, 3.0];
    let x2 = [1.5, 0.0, 30.0, -1.0];
    let want = [0.42319008112684364, 1.0, 0.06985366069940986, f64::NAN];
    super::check_n(&[&x0, &x1, &x2], &want, 1e-13, |a| {
        sp::gdtrc(a[0], a[1], a[2])
    });
    // the same in float32
    let want32 = [0.42319008708000183, 1.0, 0.06985366344451904, f64::NAN];
    check_f32(&[&x0, &x1, &x2], &want32, |a| sp::gdtrc(a[0], a[1], a[2]));
}

#[test]
fn bdtr() {
    // scipy.special.bdtr(*args) for the columns below
    let x0 = [3.0, 0.0, 10.0, 3.7, -1.0, 3.0, 11.0];
    let x1 = [10.0, 10.0, 10.0, 10.0, 10.0, 10.0, 10.0];
    let x2 = [0.4, 0.4, 0.4, 0.4, 0.4, 1.5, 0.5];
    let want = [
        0.3822806016000002,
        0.006046617599999997,
        1.0,
        0.3822806016000002,
        f64::NAN,
        f64::NAN,
        f64::NAN,
    ];
    super::check_n(&[&x0, &x1, &x2], &want, 1e-13, |a| {
        sp::bdtr(a[0], a[1], a[2])
    });
    // the same in float32
    let want32 = [
        0.3822805881500244,
        0.006046616937965155,
        1.0,
        0.3822805881500244,
        f64::NAN,
        f64::NAN,
        f64::NAN,
    ];
    check_f32(&[&x0, &x1, &x2], &want32, |a| sp::bdtr(a[0], a[1], a[2]));
}

#[test]
fn bdtrc() {
    // scipy.special.bdtrc(*args) for the columns below
    let x0 = [3.0, 0.0, 0.0, 10.0, -1.0];
    let x1 = [10.0, 10.0, 10.0, 10.0, 10.0];
    let x2 = [0.4, 0.001, 0.4, 0.4, 0.4];
    let want = [
        0.6177193983999998,
        0.00995511979025179,
        0.9939533824,
        0.0,
        1.0,
    ];
    super::check_n(&[&x0, &x1, &x2], &want, 1e-13, |a| {
        sp::bdtrc(a[0], a[1], a[2])
    });
    // the same in float32
    let want32 = [
        0.6177194118499756,
        0.009955120272934437,
        0.9939534068107605,
        0.0,
        1.0,
    ];
    check_f32(&[&x0, &x1, &x2], &want32, |a| sp::bdtrc(a[0], a[1], a[2]));
}

#[test]
fn fdtr() {
    // scipy.special.fdtr(*args) for the columns below
    let x0 = [3.0, 1.0, 10.0, 0.0, 3.0];
    let x1 = [5.0, 1.0, 20.0, 5.0, 5.0];
    let x2 = [1.5, 0.0, 3.0, 1.0, -1.0];
    let want = [0.6778346286938095, 0.0, 0.9824904585216, f64::NAN, f64::NAN];
    super::check_n(&[&x0, &x1, &x2], &want, 1e-13, |a| {
        sp::fdtr(a[0], a[1], a[2])
    });
    // the same in float32
    let want32 = [
        0.6778343915939331,
        0.0,
        0.9824904799461365,
        f64::NAN,
        f64::NAN,
    ];
    check_f32(&[&x0, &x1, &x2], &want32, |a| sp::fdtr(a[0], a[1], a[2]));
}

#[test]
fn fdtrc() {
    // scipy.special.fdtrc(*args) for the columns below
    let x0 = [3.0, 1.0, 10.0, 0.0];
    let x1 = [5.0, 1.0, 20.0, 5.0];
    let x2 = [1.5, 0.0, 3.0, 1.0];
    let want = [0.32216537130619044, 1.0, 0.017509541478400004, f64::NAN];
    super::check_n(&[&x0, &x1, &x2], &want, 1e-13, |a| {
        sp::fdtrc(a[0], a[1], a[2])
    });
    // the same in float32
    let want32 = [0.3221656084060669, 1.0, 0.017509546130895615, f64::NAN];
    check_f32(&[&x0, &x1, &x2], &want32, |a| sp::fdtrc(a[0], a[1], a[2]));
}

#[test]
fn nbdtr() {
    // scipy.special.nbdtr(*args) for the columns below
    let x0 = [3.0, 0.0, 10.0, -1.0, 3.0];
    let x1 = [5.0, 5.0, 2.0, 5.0, 5.0];
    let x2 = [0.4, 0.4, 0.9, 0.4, 1.5];
    let want = [
        0.1736704,
        0.010240000000000003,
        0.999999999891,
        f64::NAN,
        f64::NAN,
    ];
    super::check_n(&[&x0, &x1, &x2], &want, 1e-13, |a| {
        sp::nbdtr(a[0], a[1], a[2])
    });
}

#[test]
fn nbdtrc() {
    // scipy.special.nbdtrc(*args) for the columns below
    let x0 = [3.0, 0.0, 10.0, -1.0];
    let x1 = [5.0, 5.0, 2.0, 5.0];
    let x2 = [0.4, 0.4, 0.9, 0.4];
    let want = [0.8263296, 0.98976, 1.0899999999999973e-10, f64::NAN];
    super::check_n(&[&x0, &x1, &x2], &want, 1e-13, |a| {
        sp::nbdtrc(a[0], a[1], a[2])
    });
}
