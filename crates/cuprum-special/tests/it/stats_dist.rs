//! `cuprum_special::stats`' distributions against SciPy 1.17.1, on every device: each
//! function on a column of points with array parameters (invalid ones included).

use super::close;
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Device, Result};
use cuprum_special::stats;

fn col(v: &[f64], dev: Device) -> Array {
    Array::from_vec_on(v.to_vec(), &[v.len()], dev).unwrap()
}

fn cmp(dev: Device, what: &str, r: Result<Array>, want: &[f64], rtol: f64) {
    let r = r.unwrap();
    assert_eq!(r.device(), dev, "{what}");
    assert_eq!(r.dtype(), cuprum_core::DType::Float64, "{what}");
    let g = r.to_vec::<f64>().unwrap();
    assert_eq!(g.len(), want.len(), "{what}");
    for (i, (&g, &w)) in g.iter().zip(want).enumerate() {
        assert!(
            close(g, w, rtol) || (g - w).abs() < 1e-300,
            "{dev}: {what}[{i}]: got {g:e}, SciPy {w:e}"
        );
    }
}

/// Compares each `(what, result, SciPy's values, rtol)` row on `dev`.
fn check(dev: Device, rows: Vec<(&str, Result<Array>, &[f64], f64)>) {
    for (what, got, want, rtol) in rows {
        cmp(dev, what, got, want, rtol);
    }
}

// The columns the distributions are evaluated on: points `X` (`K` for the discrete ones),
// probabilities `Q` (outside [0, 1] and NaN included), `LOC`, `SCALE` (the last one invalid),
// and the shape parameters (`DF` is chi2's `df` and poisson's `mu`).
const LOC: &[f64] = &[0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.5, 0.5, 0.5, 0.5, 0.5, 0.5];
const SCALE: &[f64] = &[1.0, 1.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0, 2.0, 2.0, -1.0];
const Q: &[f64] = &[
    0.0,
    1e-10,
    0.01,
    0.2,
    0.5,
    0.75,
    0.999,
    1.0,
    1.5,
    -0.1,
    f64::NAN,
    0.3,
];
const X: &[f64] = &[
    -3.0,
    -0.5,
    0.0,
    0.3,
    0.5,
    1.0,
    1.5,
    2.0,
    4.0,
    12.0,
    f64::NAN,
    0.7,
];
const T_DF: &[f64] = &[
    2.5,
    1.0,
    0.5,
    30.0,
    f64::INFINITY,
    3.0,
    2.0,
    7.5,
    1.5,
    4.0,
    2.0,
    -1.0,
];
const DF: &[f64] = &[2.5, 1.0, 0.5, 30.0, 3.0, 3.0, 2.0, 7.5, 1.5, 4.0, 2.0, -1.0];
const GAMMA_A: &[f64] = &[2.5, 1.0, 0.5, 30.0, 3.0, 3.0, 2.0, 7.5, 1.5, 4.0, 2.0, 0.0];
const BETA_A: &[f64] = &[2.5, 1.0, 0.5, 3.0, 3.0, 3.0, 2.0, 7.5, 1.5, 4.0, 2.0, -1.0];
const BETA_B: &[f64] = &[1.5, 2.0, 0.5, 2.0, 0.7, 3.0, 5.0, 2.5, 1.5, 4.0, 2.0, 2.0];
const K: &[f64] = &[
    -1.0,
    0.0,
    1.0,
    2.0,
    2.5,
    3.0,
    5.0,
    7.0,
    10.0,
    11.0,
    f64::NAN,
    4.0,
];
const BINOM_N: &[f64] = &[
    10.0, 10.0, 5.0, 12.0, 10.0, 3.0, 9.0, 20.0, 10.0, 10.0, 10.0, 2.5,
];
const BINOM_P: &[f64] = &[0.3, 0.5, 0.9, 0.1, 0.0, 1.0, 0.4, 0.7, 0.3, 0.5, 0.3, 0.5];

#[test]
fn norm() {
    for dev in all_devices() {
        let loc = col(LOC, dev);
        let scale = col(SCALE, dev);
        let q = col(Q, dev);
        let x = col(X, dev);
        check(
            dev,
            vec![
                // scipy.stats.norm.pdf(X, ..., loc=loc, scale=scale)
                (
                    "norm.pdf",
                    stats::norm::pdf(&x, &loc, &scale),
                    &[
                        0.0044318484119380075,
                        0.35206532676429947,
                        0.3989422804014327,
                        0.3813878154605241,
                        0.35206532676429947,
                        0.17603266338214973,
                        0.17603266338214973,
                        0.15056871607740221,
                        0.043138659413255766,
                        1.3196216017852868e-08,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.norm.logpdf(X, ..., loc=loc, scale=scale)
                (
                    "norm.logpdf",
                    stats::norm::logpdf(&x, &loc, &scale),
                    &[
                        -5.418938533204672,
                        -1.0439385332046727,
                        -0.9189385332046727,
                        -0.9639385332046727,
                        -1.0439385332046727,
                        -1.737085713764618,
                        -1.737085713764618,
                        -1.893335713764618,
                        -3.143335713764618,
                        -18.143335713764618,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.norm.cdf(X, ..., loc=loc, scale=scale)
                (
                    "norm.cdf",
                    stats::norm::cdf(&x, &loc, &scale),
                    &[
                        0.0013498980316300933,
                        0.3085375387259869,
                        0.5,
                        0.6179114221889526,
                        0.6914624612740131,
                        0.6914624612740131,
                        0.6914624612740131,
                        0.7733726476231317,
                        0.9599408431361829,
                        0.9999999955378276,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.norm.sf(X, ..., loc=loc, scale=scale)
                (
                    "norm.sf",
                    stats::norm::sf(&x, &loc, &scale),
                    &[
                        0.9986501019683699,
                        0.6914624612740131,
                        0.5,
                        0.3820885778110474,
                        0.3085375387259869,
                        0.3085375387259869,
                        0.3085375387259869,
                        0.2266273523768682,
                        0.040059156863817086,
                        4.462172453901611e-09,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.norm.ppf(Q, ..., loc=loc, scale=scale)
                (
                    "norm.ppf",
                    stats::norm::ppf(&q, &loc, &scale),
                    &[
                        f64::NEG_INFINITY,
                        -6.361340902404056,
                        -2.3263478740408408,
                        -0.8416212335729142,
                        0.0,
                        1.3489795003921634,
                        6.680464612335626,
                        f64::INFINITY,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.norm.isf(Q, ..., loc=loc, scale=scale)
                (
                    "norm.isf",
                    stats::norm::isf(&q, &loc, &scale),
                    &[
                        f64::INFINITY,
                        6.361340902404056,
                        2.3263478740408408,
                        0.8416212335729142,
                        0.0,
                        -1.3489795003921634,
                        -5.680464612335626,
                        f64::NEG_INFINITY,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
            ],
        );
    }
}

#[test]
fn expon() {
    for dev in all_devices() {
        let loc = col(LOC, dev);
        let scale = col(SCALE, dev);
        let q = col(Q, dev);
        let x = col(X, dev);
        check(
            dev,
            vec![
                // scipy.stats.expon.pdf(X, ..., loc=loc, scale=scale)
                (
                    "expon.pdf",
                    stats::expon::pdf(&x, &loc, &scale),
                    &[
                        0.0,
                        0.0,
                        1.0,
                        0.7408182206817179,
                        0.6065306597126334,
                        0.3032653298563167,
                        0.3032653298563167,
                        0.23618327637050734,
                        0.08688697172522257,
                        0.0015913903982548334,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.expon.logpdf(X, ..., loc=loc, scale=scale)
                (
                    "expon.logpdf",
                    stats::expon::logpdf(&x, &loc, &scale),
                    &[
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        -0.0,
                        -0.3,
                        -0.5,
                        -1.1931471805599454,
                        -1.1931471805599454,
                        -1.4431471805599454,
                        -2.4431471805599454,
                        -6.443147180559945,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.expon.cdf(X, ..., loc=loc, scale=scale)
                (
                    "expon.cdf",
                    stats::expon::cdf(&x, &loc, &scale),
                    &[
                        0.0,
                        0.0,
                        0.0,
                        0.2591817793182821,
                        0.3934693402873666,
                        0.3934693402873666,
                        0.3934693402873666,
                        0.5276334472589853,
                        0.8262260565495548,
                        0.9968172192034903,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.expon.sf(X, ..., loc=loc, scale=scale)
                (
                    "expon.sf",
                    stats::expon::sf(&x, &loc, &scale),
                    &[
                        1.0,
                        1.0,
                        1.0,
                        0.7408182206817179,
                        0.6065306597126334,
                        0.6065306597126334,
                        0.6065306597126334,
                        0.4723665527410147,
                        0.17377394345044514,
                        0.003182780796509667,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.expon.ppf(Q, ..., loc=loc, scale=scale)
                (
                    "expon.ppf",
                    stats::expon::ppf(&q, &loc, &scale),
                    &[
                        0.0,
                        1.00000000005e-10,
                        0.010050335853501442,
                        0.22314355131420976,
                        0.6931471805599453,
                        2.772588722239781,
                        14.315510557964272,
                        f64::INFINITY,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.expon.isf(Q, ..., loc=loc, scale=scale)
                (
                    "expon.isf",
                    stats::expon::isf(&q, &loc, &scale),
                    &[
                        f64::INFINITY,
                        23.025850929940457,
                        4.605170185988091,
                        1.6094379124341003,
                        0.6931471805599453,
                        0.5753641449035618,
                        0.502001000667167,
                        0.5,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
            ],
        );
    }
}

#[test]
fn uniform() {
    for dev in all_devices() {
        let loc = col(LOC, dev);
        let scale = col(SCALE, dev);
        let q = col(Q, dev);
        let x = col(X, dev);
        check(
            dev,
            vec![
                // scipy.stats.uniform.pdf(X, ..., loc=loc, scale=scale)
                (
                    "uniform.pdf",
                    stats::uniform::pdf(&x, &loc, &scale),
                    &[
                        0.0,
                        0.0,
                        1.0,
                        1.0,
                        1.0,
                        0.5,
                        0.5,
                        0.5,
                        0.0,
                        0.0,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.uniform.logpdf(X, ..., loc=loc, scale=scale)
                (
                    "uniform.logpdf",
                    stats::uniform::logpdf(&x, &loc, &scale),
                    &[
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        0.0,
                        0.0,
                        0.0,
                        -0.6931471805599453,
                        -0.6931471805599453,
                        -0.6931471805599453,
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.uniform.cdf(X, ..., loc=loc, scale=scale)
                (
                    "uniform.cdf",
                    stats::uniform::cdf(&x, &loc, &scale),
                    &[
                        0.0,
                        0.0,
                        0.0,
                        0.3,
                        0.5,
                        0.5,
                        0.5,
                        0.75,
                        1.0,
                        1.0,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.uniform.sf(X, ..., loc=loc, scale=scale)
                (
                    "uniform.sf",
                    stats::uniform::sf(&x, &loc, &scale),
                    &[
                        1.0,
                        1.0,
                        1.0,
                        0.7,
                        0.5,
                        0.5,
                        0.5,
                        0.25,
                        0.0,
                        0.0,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.uniform.ppf(Q, ..., loc=loc, scale=scale)
                (
                    "uniform.ppf",
                    stats::uniform::ppf(&q, &loc, &scale),
                    &[
                        0.0,
                        1e-10,
                        0.01,
                        0.2,
                        0.5,
                        1.5,
                        2.498,
                        2.5,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.uniform.isf(Q, ..., loc=loc, scale=scale)
                (
                    "uniform.isf",
                    stats::uniform::isf(&q, &loc, &scale),
                    &[
                        1.0,
                        0.9999999999,
                        0.99,
                        0.8,
                        0.5,
                        0.5,
                        0.502,
                        0.5,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
            ],
        );
    }
}

#[test]
fn t() {
    for dev in all_devices() {
        let s0 = col(T_DF, dev);
        let loc = col(LOC, dev);
        let scale = col(SCALE, dev);
        let q = col(Q, dev);
        let x = col(X, dev);
        check(
            dev,
            vec![
                // scipy.stats.t.pdf(X, ..., loc=loc, scale=scale)
                (
                    "t.pdf",
                    stats::t::pdf(&x, &s0, &loc, &scale),
                    &[
                        0.025041066931393095,
                        0.2546479089470326,
                        0.2696763005941897,
                        0.37768275260924183,
                        0.35206532676429947,
                        0.1565904555044143,
                        0.14814814814814817,
                        0.14189256437995584,
                        0.04241282530424864,
                        0.0007174877220037526,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.t.logpdf(X, ..., loc=loc, scale=scale)
                (
                    "t.logpdf",
                    stats::t::logpdf(&x, &s0, &loc, &scale),
                    &[
                        -3.6872381245767865,
                        -1.3678734371636097,
                        -1.3105329259115095,
                        -0.9737007145657244,
                        -1.0439385332046727,
                        -1.8541214455305277,
                        -1.9095425048844383,
                        -1.9526850966122344,
                        -3.1603044788923933,
                        -7.239754722666805,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.t.cdf(X, ..., loc=loc, scale=scale)
                (
                    "t.cdf",
                    stats::t::cdf(&x, &s0, &loc, &scale),
                    &[
                        0.036288047774515914,
                        0.35241638234956674,
                        0.5,
                        0.6168769473578236,
                        0.6914624612740131,
                        0.6742760175759245,
                        0.6666666666666666,
                        0.7619401005913884,
                        0.8690138202680355,
                        0.9977322916874785,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.t.sf(X, ..., loc=loc, scale=scale)
                (
                    "t.sf",
                    stats::t::sf(&x, &s0, &loc, &scale),
                    &[
                        0.9637119522254841,
                        0.6475836176504333,
                        0.5,
                        0.3831230526421764,
                        0.3085375387259869,
                        0.3257239824240755,
                        0.33333333333333337,
                        0.23805989940861164,
                        0.1309861797319645,
                        0.002267708312521558,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.t.ppf(Q, ..., loc=loc, scale=scale)
                (
                    "t.ppf",
                    stats::t::ppf(&q, &s0, &loc, &scale),
                    &[
                        f64::NEG_INFINITY,
                        -3183098861.8379064,
                        -1028.4910104716218,
                        -0.853767261471298,
                        0.0,
                        1.5297846568086888,
                        45.15424954023973,
                        f64::INFINITY,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-11,
                ),
                // scipy.stats.t.isf(Q, ..., loc=loc, scale=scale)
                (
                    "t.isf",
                    stats::t::isf(&q, &s0, &loc, &scale),
                    &[
                        f64::INFINITY,
                        3183098861.8379064,
                        1028.4910104716218,
                        0.853767261471298,
                        0.0,
                        -1.5297846568086888,
                        -44.15424954023973,
                        f64::NEG_INFINITY,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-11,
                ),
            ],
        );
    }
}

#[test]
fn chi2() {
    for dev in all_devices() {
        let s0 = col(DF, dev);
        let loc = col(LOC, dev);
        let scale = col(SCALE, dev);
        let q = col(Q, dev);
        let x = col(X, dev);
        check(
            dev,
            vec![
                // scipy.stats.chi2.pdf(X, ..., loc=loc, scale=scale)
                (
                    "chi2.pdf",
                    stats::chi2::pdf(&x, &s0, &loc, &scale),
                    &[
                        0.0,
                        0.0,
                        f64::INFINITY,
                        1.4411032803795262e-23,
                        0.2196956447338612,
                        0.1098478223669306,
                        0.19470019576785122,
                        0.002617880166407704,
                        0.0879319143621182,
                        0.04054910026833997,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.chi2.logpdf(X, ..., loc=loc, scale=scale)
                (
                    "chi2.logpdf",
                    stats::chi2::logpdf(&x, &s0, &loc, &scale),
                    &[
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        f64::INFINITY,
                        -52.59404815170097,
                        -1.5155121234846454,
                        -2.2086593040445908,
                        -1.6362943611198906,
                        -5.945390385495555,
                        -2.4311924643950555,
                        -3.205241686870577,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.chi2.cdf(X, ..., loc=loc, scale=scale)
                (
                    "chi2.cdf",
                    stats::chi2::cdf(&x, &s0, &loc, &scale),
                    &[
                        0.0,
                        0.0,
                        0.0,
                        2.909467667707344e-25,
                        0.08110858834532418,
                        0.08110858834532418,
                        0.22119921692859512,
                        0.001135528149608568,
                        0.6993341394168867,
                        0.7813874594228628,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.chi2.sf(X, ..., loc=loc, scale=scale)
                (
                    "chi2.sf",
                    stats::chi2::sf(&x, &s0, &loc, &scale),
                    &[
                        1.0,
                        1.0,
                        1.0,
                        1.0,
                        0.9188914116546758,
                        0.9188914116546758,
                        0.7788007830714049,
                        0.9988644718503914,
                        0.30066586058311345,
                        0.2186125405771372,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.chi2.ppf(Q, ..., loc=loc, scale=scale)
                (
                    "chi2.ppf",
                    stats::chi2::ppf(&q, &s0, &loc, &scale),
                    &[
                        0.0,
                        1.570796326794896e-20,
                        1.349939585911692e-08,
                        23.36411457379007,
                        2.3659738843753377,
                        8.216689871264624,
                        28.131021115928547,
                        f64::INFINITY,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-11,
                ),
                // scipy.stats.chi2.isf(Q, ..., loc=loc, scale=scale)
                (
                    "chi2.isf",
                    stats::chi2::isf(&q, &s0, &loc, &scale),
                    &[
                        f64::INFINITY,
                        41.82145636476129,
                        4.867770844394064,
                        36.25018677545153,
                        2.3659738843753377,
                        2.4250658060913377,
                        0.5040020013343341,
                        0.5,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-11,
                ),
            ],
        );
    }
}

#[test]
fn gamma() {
    for dev in all_devices() {
        let s0 = col(GAMMA_A, dev);
        let loc = col(LOC, dev);
        let scale = col(SCALE, dev);
        let q = col(Q, dev);
        let x = col(X, dev);
        check(
            dev,
            vec![
                // scipy.stats.gamma.pdf(X, ..., loc=loc, scale=scale)
                (
                    "gamma.pdf",
                    stats::gamma::pdf(&x, &s0, &loc, &scale),
                    &[
                        0.0,
                        0.0,
                        f64::INFINITY,
                        5.750283040887813e-47,
                        0.07581633246407919,
                        0.037908166232039596,
                        0.15163266492815833,
                        1.9454252227837575e-05,
                        0.12969664583311843,
                        0.05042303899887127,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.gamma.logpdf(X, ..., loc=loc, scale=scale)
                (
                    "gamma.logpdf",
                    stats::gamma::logpdf(&x, &s0, &loc, &scale),
                    &[
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        f64::INFINITY,
                        -106.47225029262015,
                        -2.5794415416798357,
                        -3.272588722239781,
                        -1.8862943611198908,
                        -10.847444888255255,
                        -2.0425570489569886,
                        -2.987307085360223,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.gamma.cdf(X, ..., loc=loc, scale=scale)
                (
                    "gamma.cdf",
                    stats::gamma::cdf(&x, &s0, &loc, &scale),
                    &[
                        0.0,
                        0.0,
                        0.0,
                        5.806457425277762e-49,
                        0.014387677966970684,
                        0.014387677966970684,
                        0.09020401043104986,
                        4.263334464429005e-06,
                        0.6792378791943603,
                        0.8250548065835168,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.gamma.sf(X, ..., loc=loc, scale=scale)
                (
                    "gamma.sf",
                    stats::gamma::sf(&x, &s0, &loc, &scale),
                    &[
                        1.0,
                        1.0,
                        1.0,
                        1.0,
                        0.9856123220330293,
                        0.9856123220330293,
                        0.9097959895689501,
                        0.9999957366655355,
                        0.3207621208056397,
                        0.1749451934164832,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.gamma.ppf(Q, ..., loc=loc, scale=scale)
                (
                    "gamma.ppf",
                    stats::gamma::ppf(&q, &s0, &loc, &scale),
                    &[
                        0.0,
                        1.0000000000499969e-10,
                        7.854392895485092e-05,
                        25.32030896555818,
                        2.674060313723559,
                        7.840804120585122,
                        18.96682695290317,
                        f64::INFINITY,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-11,
                ),
                // scipy.stats.gamma.isf(Q, ..., loc=loc, scale=scale)
                (
                    "gamma.isf",
                    stats::gamma::isf(&q, &s0, &loc, &scale),
                    &[
                        f64::INFINITY,
                        23.025850929940457,
                        3.3174483005106086,
                        34.48603436958551,
                        2.674060313723559,
                        3.4545988357210384,
                        0.5908040355389791,
                        0.5,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-11,
                ),
            ],
        );
    }
}

#[test]
fn beta() {
    for dev in all_devices() {
        let s0 = col(BETA_A, dev);
        let s1 = col(BETA_B, dev);
        let loc = col(LOC, dev);
        let scale = col(SCALE, dev);
        let q = col(Q, dev);
        let x = col(X, dev);
        check(
            dev,
            vec![
                // scipy.stats.beta.pdf(X, ..., loc=loc, scale=scale)
                (
                    "beta.pdf",
                    stats::beta::pdf(&x, &s0, &s1, &loc, &scale),
                    &[
                        0.0,
                        0.0,
                        f64::INFINITY,
                        0.7559999999999996,
                        0.494458375009652,
                        0.9375,
                        0.46874999999999994,
                        1.4053103663024002,
                        0.0,
                        0.0,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.beta.logpdf(X, ..., loc=loc, scale=scale)
                (
                    "beta.logpdf",
                    stats::beta::logpdf(&x, &s0, &s1, &loc, &scale),
                    &[
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        f64::INFINITY,
                        -0.27971390280260433,
                        -0.704292307378131,
                        -0.06453852113757097,
                        -0.7576857016975164,
                        0.3402581796734606,
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.beta.cdf(X, ..., loc=loc, scale=scale)
                (
                    "beta.cdf",
                    stats::beta::cdf(&x, &s0, &s1, &loc, &scale),
                    &[
                        0.0,
                        0.0,
                        0.0,
                        0.0837,
                        0.07741115524965336,
                        0.5,
                        0.890625,
                        0.4508511461273695,
                        1.0,
                        1.0,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.beta.sf(X, ..., loc=loc, scale=scale)
                (
                    "beta.sf",
                    stats::beta::sf(&x, &s0, &s1, &loc, &scale),
                    &[
                        1.0,
                        1.0,
                        1.0,
                        0.9163,
                        0.9225888447503466,
                        0.5,
                        0.109375,
                        0.5491488538726305,
                        0.0,
                        0.0,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.beta.ppf(Q, ..., loc=loc, scale=scale)
                (
                    "beta.ppf",
                    stats::beta::ppf(&q, &s0, &s1, &loc, &scale),
                    &[
                        0.0,
                        5.000000000125e-11,
                        0.00024671981713422146,
                        0.4175464254756667,
                        0.867187037708207,
                        1.2811276704207057,
                        2.1372277338382677,
                        2.5,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-11,
                ),
                // scipy.stats.beta.isf(Q, ..., loc=loc, scale=scale)
                (
                    "beta.isf",
                    stats::beta::isf(&q, &s0, &s1, &loc, &scale),
                    &[
                        1.0,
                        0.99999,
                        0.9997532801828658,
                        0.7876828717220488,
                        0.867187037708207,
                        0.7188723295792941,
                        0.5165109855754934,
                        0.5,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-11,
                ),
            ],
        );
    }
}

#[test]
fn poisson() {
    for dev in all_devices() {
        let s0 = col(DF, dev);
        let loc = col(LOC, dev);
        let q = col(Q, dev);
        let k = col(K, dev);
        check(
            dev,
            vec![
                // scipy.stats.poisson.pmf(K, ..., loc=loc)
                (
                    "poisson.pmf",
                    stats::poisson::pmf(&k, &s0, &loc),
                    &[
                        0.0,
                        0.36787944117144233,
                        0.30326532985631666,
                        4.210930335978075e-11,
                        0.0,
                        0.22404180765538775,
                        0.0,
                        0.0,
                        0.0,
                        0.0,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.poisson.logpmf(K, ..., loc=loc)
                (
                    "poisson.logpmf",
                    stats::poisson::logpmf(&k, &s0, &loc),
                    &[
                        f64::NEG_INFINITY,
                        -1.0,
                        -1.1931471805599454,
                        -23.890752417235635,
                        f64::NEG_INFINITY,
                        -1.4959226032237258,
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.poisson.cdf(K, ..., loc=loc)
                (
                    "poisson.cdf",
                    stats::poisson::cdf(&k, &s0, &loc),
                    &[
                        0.0,
                        0.36787944117144245,
                        0.9097959895689501,
                        4.501016648012131e-11,
                        0.42319008112684364,
                        0.6472318887822313,
                        0.9473469826562889,
                        0.3781546943234694,
                        0.9999959024990236,
                        0.9971602338794863,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.poisson.sf(K, ..., loc=loc)
                (
                    "poisson.sf",
                    stats::poisson::sf(&k, &s0, &loc),
                    &[
                        1.0,
                        0.6321205588285577,
                        0.09020401043104986,
                        0.9999999999549898,
                        0.5768099188731566,
                        0.35276811121776874,
                        0.052653017343711125,
                        0.6218453056765306,
                        4.0975009763948456e-06,
                        0.0028397661205137414,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.poisson.ppf(Q, ..., loc=loc)
                (
                    "poisson.ppf",
                    stats::poisson::ppf(&q, &s0, &loc),
                    &[
                        -1.0,
                        0.0,
                        0.0,
                        25.0,
                        3.0,
                        4.0,
                        8.5,
                        f64::INFINITY,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.poisson.isf(Q, ..., loc=loc)
                (
                    "poisson.isf",
                    stats::poisson::isf(&q, &s0, &loc),
                    &[
                        f64::INFINITY,
                        12.0,
                        3.0,
                        35.0,
                        3.0,
                        2.0,
                        0.5,
                        -0.5,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
            ],
        );
    }
}

#[test]
fn binom() {
    for dev in all_devices() {
        let s0 = col(BINOM_N, dev);
        let s1 = col(BINOM_P, dev);
        let loc = col(LOC, dev);
        let q = col(Q, dev);
        let k = col(K, dev);
        check(
            dev,
            vec![
                // scipy.stats.binom.pmf(K, ..., loc=loc)
                (
                    "binom.pmf",
                    stats::binom::pmf(&k, &s0, &s1, &loc),
                    &[
                        0.0,
                        0.0009765624999999989,
                        0.0004499999999999999,
                        0.230127770466,
                        0.0,
                        1.0,
                        0.0,
                        0.0,
                        0.0,
                        0.0,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.binom.logpmf(K, ..., loc=loc)
                (
                    "binom.logpmf",
                    stats::binom::logpmf(&k, &s0, &s1, &loc),
                    &[
                        f64::NEG_INFINITY,
                        -6.931471805599453,
                        -7.70626297519991,
                        -1.4691206005399307,
                        f64::NEG_INFINITY,
                        0.0,
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        f64::NEG_INFINITY,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.binom.cdf(K, ..., loc=loc)
                (
                    "binom.cdf",
                    stats::binom::cdf(&k, &s0, &s1, &loc),
                    &[
                        0.0,
                        0.0009765625,
                        0.0004599999999999995,
                        0.8891300222549999,
                        1.0,
                        1.0,
                        0.7334323199999999,
                        0.0002610470070594678,
                        0.9999940951,
                        1.0,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.binom.sf(K, ..., loc=loc)
                (
                    "binom.sf",
                    stats::binom::sf(&k, &s0, &s1, &loc),
                    &[
                        1.0,
                        0.9990234375,
                        0.99954,
                        0.11086997774500003,
                        0.0,
                        0.0,
                        0.26656768000000003,
                        0.9997389529929406,
                        5.9048999999999975e-06,
                        0.0,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.binom.ppf(Q, ..., loc=loc)
                (
                    "binom.ppf",
                    stats::binom::ppf(&q, &s0, &s1, &loc),
                    &[
                        -1.0,
                        0.0,
                        3.0,
                        0.0,
                        0.0,
                        3.0,
                        8.5,
                        20.5,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
                // scipy.stats.binom.isf(Q, ..., loc=loc)
                (
                    "binom.isf",
                    stats::binom::isf(&q, &s0, &s1, &loc),
                    &[
                        10.0,
                        10.0,
                        5.0,
                        2.0,
                        0.0,
                        3.0,
                        0.5,
                        -0.5,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                        f64::NAN,
                    ],
                    1e-12,
                ),
            ],
        );
    }
}
