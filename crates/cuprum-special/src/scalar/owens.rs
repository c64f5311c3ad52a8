//! Owen's T function `T(h, a) = (1/2 pi) int_0^a exp(-h^2 (1 + x^2)/2) / (1 + x^2) dx`:
//! for `|a| <= 1` a 32-point Gauss-Legendre rule over `[0, min(a, 12/h)]` with the factor
//! `exp(-h^2/2)` taken out (the integrand is analytic there, its poles at `+-i`, and the
//! Gaussian factor has decayed by `exp(-72)` at `12/h`); for `|a| > 1` Boost's reduction to
//! `T(a h, 1/a)` with the normal tails; odd in `a`, even in `h`.
//! `kernels/special/owens.cuh` runs the same steps.
#![allow(clippy::excessive_precision, clippy::unreadable_literal)]

use super::erf::{erf, erfc};
use super::{NAN, PI};

/// The Gauss-Legendre nodes and weights of 32 points on `[0, 1]` (numpy's `leggauss(32)`
/// mapped from `[-1, 1]`).
const GL_X: [f64; 32] = [
    0.001368069075259215,
    0.007194244227365809,
    0.017618872206246805,
    0.03254696203113017,
    0.051839422116973954,
    0.07531619313371501,
    0.10275810201602881,
    0.13390894062985514,
    0.16847786653489238,
    0.20614212137961885,
    0.24655004553388532,
    0.28932436193468236,
    0.33406569885893617,
    0.38035631887393145,
    0.42776401920860174,
    0.4758461671561308,
    0.5241538328438692,
    0.5722359807913983,
    0.6196436811260685,
    0.6659343011410639,
    0.7106756380653176,
    0.7534499544661146,
    0.7938578786203812,
    0.8315221334651076,
    0.8660910593701449,
    0.8972418979839711,
    0.924683806866285,
    0.948160577883026,
    0.9674530379688698,
    0.9823811277937532,
    0.9928057557726342,
    0.9986319309247408,
];
const GL_W: [f64; 32] = [
    0.003509305004735253,
    0.008137197365452872,
    0.012696032654631012,
    0.017136931456510882,
    0.021417949011113418,
    0.025499029631188046,
    0.029342046739267783,
    0.03291111138818084,
    0.03617289705442417,
    0.039096947893535114,
    0.041655962113473353,
    0.04382604650220189,
    0.04558693934788189,
    0.046922199540402255,
    0.047819360039637354,
    0.04827004425736383,
    0.04827004425736383,
    0.047819360039637354,
    0.046922199540402255,
    0.04558693934788189,
    0.04382604650220189,
    0.041655962113473353,
    0.039096947893535114,
    0.03617289705442417,
    0.03291111138818084,
    0.029342046739267783,
    0.025499029631188046,
    0.021417949011113418,
    0.017136931456510882,
    0.012696032654631012,
    0.008137197365452872,
    0.003509305004735253,
];
const SQRT1_2: f64 = std::f64::consts::FRAC_1_SQRT_2;

/// `T(h, a)` for `h >= 0`, `0 <= a <= 1`.
fn small(h: f64, a: f64) -> f64 {
    if a == 0.0 {
        return 0.0;
    }
    let mut l = a;
    if h > 0.0 && 12.0 / h < l {
        l = 12.0 / h;
    }
    let hh = 0.5 * h * h;
    let mut s = 0.0;
    for i in 0..32 {
        let x = l * GL_X[i];
        let x2 = x * x;
        s += GL_W[i] * (-hh * x2).exp() / (1.0 + x2);
    }
    (-hh).exp() * s * l / (2.0 * PI)
}

/// SciPy's `owens_t(h, a)`.
pub(crate) fn owens_t(h: f64, a: f64) -> f64 {
    if h.is_nan() || a.is_nan() {
        return NAN;
    }
    let (fh, fa) = (h.abs(), a.abs());
    if fh.is_infinite() {
        return 0.0;
    }
    let val = if fa.is_infinite() {
        0.25 * erfc(fh * SQRT1_2)
    } else if fa <= 1.0 {
        small(fh, fa)
    } else {
        let fah = fa * fh;
        if fh <= 0.67 {
            let nh = 0.5 * erf(fh * SQRT1_2);
            let nah = 0.5 * erf(fah * SQRT1_2);
            0.25 - nh * nah - small(fah, 1.0 / fa)
        } else {
            let nh = 0.5 * erfc(fh * SQRT1_2);
            let nah = 0.5 * erfc(fah * SQRT1_2);
            0.5 * (nh + nah) - nh * nah - small(fah, 1.0 / fa)
        }
    };
    if a < 0.0 { -val } else { val }
}
