//! The elementary functions and `yn`/`kn` against SciPy 1.17.1, on every device.

use super::{check, check_f32};
use cuprum_special as sp;

#[test]
fn exp10() {
    // scipy.special.exp10(x)
    let x = [-300.0, -1.0, 0.0, 0.5, 2.5, 308.0, 309.0];
    let want = [
        1e-300,
        0.1,
        1.0,
        3.162277660168379,
        316.2277660168379,
        1e+308,
        f64::INFINITY,
    ];
    check(&x, &want, 2e-16, |a| sp::exp10(a[0]));
    // scipy.special.exp10(np.float32(x))
    let want32 = [
        0.0,
        0.10000000149011612,
        1.0,
        3.1622776985168457,
        316.2277526855469,
        f64::INFINITY,
        f64::INFINITY,
    ];
    check_f32(&[&x], &want32, |a| sp::exp10(a[0]));
}

#[test]
fn exp2() {
    // scipy.special.exp2(x)
    let x = [-1074.0, -1.0, 0.0, 0.5, 10.0, 1024.0];
    let want = [0.0, 0.5, 1.0, 1.414213562373095, 1024.0, f64::INFINITY];
    check(&x, &want, 2e-16, |a| sp::exp2(a[0]));
    // scipy.special.exp2(np.float32(x))
    let want32 = [0.0, 0.5, 1.0, 1.4142135381698608, 1024.0, f64::INFINITY];
    check_f32(&[&x], &want32, |a| sp::exp2(a[0]));
}

#[test]
fn expm1() {
    // scipy.special.expm1(x)
    let x = [f64::NEG_INFINITY, -1.0, -1e-10, 0.0, 1e-10, 1.0, 700.0];
    let want = [
        -1.0,
        -0.6321205588285577,
        -9.999999999500001e-11,
        0.0,
        1.00000000005e-10,
        1.718281828459045,
        1.0142320547350045e+304,
    ];
    check(&x, &want, 2e-16, |a| sp::expm1(a[0]));
    // scipy.special.expm1(np.float32(x))
    let want32 = [
        -1.0,
        -0.6321205496788025,
        -1.000000013351432e-10,
        0.0,
        1.000000013351432e-10,
        1.718281865119934,
        f64::INFINITY,
    ];
    check_f32(&[&x], &want32, |a| sp::expm1(a[0]));
}

#[test]
fn log1p() {
    // scipy.special.log1p(x)
    let x = [-1.0, -0.5, -1e-10, 0.0, 1e-10, 1.0, 1e+300, -2.0];
    let want = [
        f64::NEG_INFINITY,
        -0.6931471805599453,
        -1.00000000005e-10,
        0.0,
        9.999999999500001e-11,
        0.6931471805599453,
        690.7755278982137,
        f64::NAN,
    ];
    check(&x, &want, 2e-16, |a| sp::log1p(a[0]));
    // scipy.special.log1p(np.float32(x))
    let want32 = [
        f64::NEG_INFINITY,
        -0.6931471824645996,
        -1.000000013351432e-10,
        0.0,
        1.000000013351432e-10,
        0.6931471824645996,
        f64::INFINITY,
        f64::NAN,
    ];
    check_f32(&[&x], &want32, |a| sp::log1p(a[0]));
}

#[test]
fn cbrt() {
    // scipy.special.cbrt(x)
    let x = [-27.0, -1e-300, 0.0, 8.0, 10.0, 1e+300];
    let want = [-3.0, -1e-100, 0.0, 2.0, 2.154434690031884, 1e+100];
    check(&x, &want, 2e-16, |a| sp::cbrt(a[0]));
    // scipy.special.cbrt(np.float32(x))
    let want32 = [-3.0, -0.0, 0.0, 2.0, 2.1544346809387207, f64::INFINITY];
    check_f32(&[&x], &want32, |a| sp::cbrt(a[0]));
}

#[test]
fn cosm1() {
    // scipy.special.cosm1(x)
    let x = [-10.0, -0.5, -1e-05, 0.0, 1e-08, 0.7, 3.0];
    let want = [
        -1.8390715290764525,
        -0.12241743810962728,
        -4.999999999958334e-11,
        0.0,
        -5.0000000000000005e-17,
        -0.23515781271551153,
        -1.9899924966004454,
    ];
    check(&x, &want, 2e-16, |a| sp::cosm1(a[0]));
    // scipy.special.cosm1(np.float32(x))
    let want32 = [
        -1.83907151222229,
        -0.12241743505001068,
        -4.9999997198124646e-11,
        0.0,
        -5.0000000843119176e-17,
        -0.2351578027009964,
        -1.9899924993515015,
    ];
    check_f32(&[&x], &want32, |a| sp::cosm1(a[0]));
}

#[test]
fn exprel() {
    // scipy.special.exprel(x)
    let x = [-800.0, -1.0, -1e-20, 0.0, 1e-10, 1.0, 716.0, 718.0];
    let want = [
        0.00125,
        0.6321205588285577,
        1.0,
        1.0,
        1.00000000005,
        1.718281828459045,
        f64::INFINITY,
        f64::INFINITY,
    ];
    check(&x, &want, 2e-16, |a| sp::exprel(a[0]));
    // scipy.special.exprel(np.float32(x))
    let want32 = [
        0.0012499999720603228,
        0.6321205496788025,
        1.0,
        1.0,
        1.0,
        1.718281865119934,
        f64::INFINITY,
        f64::INFINITY,
    ];
    check_f32(&[&x], &want32, |a| sp::exprel(a[0]));
}

#[test]
fn round() {
    // scipy.special.round(x)
    let x = [-2.5, -1.5, -0.4, 0.5, 1.5, 2.5, 2.6, 1e+300];
    let want = [-2.0, -2.0, 0.0, 0.0, 2.0, 2.0, 3.0, 1e+300];
    check(&x, &want, 2e-16, |a| sp::round(a[0]));
    // scipy.special.round(np.float32(x))
    let want32 = [-2.0, -2.0, 0.0, 0.0, 2.0, 2.0, 3.0, f64::INFINITY];
    check_f32(&[&x], &want32, |a| sp::round(a[0]));
}

#[test]
fn yn() {
    // scipy.special.yn(*args) for the columns below
    let x0 = [2.0, 0.0, 1.0, -3.0, 2.7, 10.0, 3.0];
    let x1 = [3.0, 1.0, 0.0, 2.0, 3.0, 5.0, -1.0];
    let want = [
        -0.16040039348492388,
        0.08825696421567697,
        f64::NEG_INFINITY,
        1.127783776840428,
        -0.16040039348492388,
        -25.129110095610045,
        f64::NAN,
    ];
    super::check_n(&[&x0, &x1], &want, 1e-13, |a| sp::yn(a[0], a[1]));
}

#[test]
fn kn() {
    // scipy.special.kn(*args) for the columns below
    let x0 = [2.0, 0.0, 1.0, -3.0, 2.7, 40.0, 3.0];
    let x1 = [3.0, 1.0, 0.0, 2.0, 3.0, 50.0, -1.0];
    let want = [
        0.06151045847174204,
        0.42102443824070834,
        f64::INFINITY,
        0.6473853909486342,
        0.06151045847174204,
        1.299869709195086e-16,
        f64::NAN,
    ];
    super::check_n(&[&x0, &x1], &want, 1e-13, |a| sp::kn(a[0], a[1]));
}

#[test]
fn erfcx() {
    // scipy.special.erfcx
    let x: &[f64] = &[
        0.0,
        1e-300,
        1e-08,
        0.3,
        0.99,
        1.0,
        2.5,
        7.9,
        8.0,
        20.0,
        49.9,
        50.0,
        123.4,
        10000000.0,
        1000000000.0,
        1e+300,
        f64::INFINITY,
        f64::NAN,
        -1e-08,
        -0.5,
    ];
    let want: &[f64] = &[
        1.0,
        1.0,
        0.9999999887162083,
        0.7345993345676554,
        0.4303312130641483,
        0.427583576155807,
        0.2108063640611436,
        0.07085747736739714,
        0.06998516620088094,
        0.028174348741051323,
        0.011304135492993413,
        0.011281536265323772,
        0.004571888655540323,
        5.641895835477534e-08,
        5.641895835477563e-10,
        5.641895835477562e-301,
        0.0,
        f64::NAN,
        1.0000000112837917,
        1.952360489182557,
    ];
    check(x, want, 2e-15, |a| cuprum_special::erfcx(a[0]));
    // negative x: mpmath's exp(x^2) erfc(x) at 40 digits (SciPy's Faddeeva value rounds exp(x^2))
    let x: &[f64] = &[-1.0, -3.7, -12.5, -25.0, -26.6, -26.8, f64::NEG_INFINITY];
    let want: &[f64] = &[
        5.008980080762283,
        1764092.7560908962,
        1.4439188732966437e+68,
        5.4335189393274735e+271,
        3.894337719605585e+307,
        f64::INFINITY,
        f64::INFINITY,
    ];
    check(x, want, 1e-15, |a| cuprum_special::erfcx(a[0]));
    // scipy.special.erfcx in float64 of float32 inputs, rounded to float32
    check_f32(
        &[&[0.5, 2.0, 9.0, -2.0, 100.0]],
        &[
            0.6156903505325317,
            0.25539568066596985,
            0.06230772286653519,
            108.94090270996094,
            0.005641613621264696,
        ],
        |a| cuprum_special::erfcx(a[0]),
    );
}
