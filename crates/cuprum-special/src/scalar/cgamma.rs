//! The gamma function family of a complex argument, as xsf (SciPy 1.17) computes it:
//! `loggamma` (Hare's algorithm: Stirling's series, a backward recurrence counting the branch
//! crossings, a Taylor series about 1, the reflection formula), `gamma = exp(loggamma)`,
//! `rgamma = exp(-loggamma)` and `digamma` (Taylor series about the two roots nearest the
//! origin, reflection, recurrences onto the asymptotic series). The CUDA side is
//! `kernels/special/cgamma.cuh`.

use super::cx::{Cz, ccospi, csinpi, evalpoly, recip};
use super::gamma::zeta;
use super::{LOGPI, NAN, PI};

const SMALLX: f64 = 7.0;
const SMALLY: f64 = 7.0;
const HLOG2PI: f64 = 0.918_938_533_204_672_8;
const TAYLOR_RADIUS: f64 = 0.2;

/// Stirling's series with the coefficients `B_2n / (2n (2n - 1))`.
fn stirling(z: Cz) -> Cz {
    const C: [f64; 8] = [
        -2.955065359477124183E-2,
        6.4102564102564102564E-3,
        -1.9175269175269175269E-3,
        8.4175084175084175084E-4,
        -5.952380952380952381E-4,
        7.9365079365079365079E-4,
        -2.7777777777777777778E-3,
        8.3333333333333333333E-2,
    ];
    let rz = recip(z);
    let rzz = rz / z;
    (z - 0.5) * z.ln() - z + HLOG2PI + rz * evalpoly(&C, rzz)
}

/// The backward recurrence onto `Re z > 7`, with `2 pi i` for each crossing of the branch cut
/// by the running product.
fn recurrence(mut z: Cz) -> Cz {
    let mut signflips = 0.0;
    let mut sb = false;
    let mut shiftprod = z;
    z = z + 1.0;
    while z.re <= SMALLX {
        shiftprod = shiftprod * z;
        let nsb = shiftprod.im.is_sign_negative();
        if nsb && !sb {
            signflips += 1.0;
        }
        sb = nsb;
        z = z + 1.0;
    }
    stirling(z) - shiftprod.ln() - Cz::new(0.0, signflips * 2.0 * PI)
}

/// The Taylor series of `loggamma` about 1.
fn taylor(z: Cz) -> Cz {
    const C: [f64; 23] = [
        -4.3478266053040259361E-2,
        4.5454556293204669442E-2,
        -4.7619070330142227991E-2,
        5.000004769810169364E-2,
        -5.2631679379616660734E-2,
        5.5555767627403611102E-2,
        -5.8823978658684582339E-2,
        6.2500955141213040742E-2,
        -6.6668705882420468033E-2,
        7.1432946295361336059E-2,
        -7.6932516411352191473E-2,
        8.3353840546109004025E-2,
        -9.0954017145829042233E-2,
        1.0009945751278180853E-1,
        -1.1133426586956469049E-1,
        1.2550966952474304242E-1,
        -1.4404989676884611812E-1,
        1.6955717699740818995E-1,
        -2.0738555102867398527E-1,
        2.7058080842778454788E-1,
        -4.0068563438653142847E-1,
        8.2246703342411321824E-1,
        -5.7721566490153286061E-1,
    ];
    let z = z - 1.0;
    z * evalpoly(&C, z)
}

/// xsf's `zlog1`: `log z` by its Taylor series about 1 for `|z - 1| <= 0.1`.
pub(crate) fn zlog1(z: Cz) -> Cz {
    if (z - 1.0).abs() > 0.1 {
        return z.ln();
    }
    let z = z - 1.0;
    let mut coeff = Cz::new(-1.0, 0.0);
    let mut res = Cz::new(0.0, 0.0);
    for n in 1..17 {
        coeff = coeff * -z;
        res = res + coeff / f64::from(n);
        if (res / coeff).abs() < f64::EPSILON {
            break;
        }
    }
    res
}

/// Whether `z` is a pole of gamma (a non-positive integer).
fn is_pole(z: Cz) -> bool {
    z.re <= 0.0 && z.im == 0.0 && z.re == z.re.floor()
}

/// The principal branch of `log Gamma(z)` (NaN at the poles).
pub(crate) fn loggamma(z: Cz) -> Cz {
    if z.is_nan() {
        return Cz::new(NAN, NAN);
    }
    if is_pole(z) {
        return Cz::new(NAN, NAN);
    }
    if z.re > SMALLX || z.im.abs() > SMALLY {
        return stirling(z);
    }
    if (z - 1.0).abs() < TAYLOR_RADIUS {
        return taylor(z);
    }
    if (z - 2.0).abs() < TAYLOR_RADIUS {
        return zlog1(z - 1.0) + taylor(z - 1.0);
    }
    if z.re < 0.1 {
        let tmp = (2.0 * PI).copysign(z.im) * (0.5 * z.re + 0.25).floor();
        return Cz::new(LOGPI, tmp) - csinpi(z).ln() - loggamma(Cz::new(1.0, 0.0) - z);
    }
    if !z.im.is_sign_negative() {
        return recurrence(z);
    }
    recurrence(z.conj()).conj()
}

/// `Gamma(z)` as `exp(loggamma(z))` (NaN at the poles and for non-finite input).
pub(crate) fn gamma(z: Cz) -> Cz {
    if !z.is_finite() || is_pole(z) {
        return Cz::new(NAN, NAN);
    }
    if z.re <= -9_007_199_254_740_992.0 {
        return Cz::new(0.0, 0.0f64.copysign(z.im));
    }
    let lg = loggamma(z);
    if lg.re == f64::NEG_INFINITY {
        return Cz::new(0.0, 0.0f64.copysign(z.im));
    }
    let logmax = f64::MAX.ln();
    if lg.re > logmax && z.im == 0.0 {
        return Cz::new(f64::INFINITY, 0.0f64.copysign(z.im));
    }
    let sqmax = f64::MAX.sqrt();
    if lg.re > logmax && z.re > sqmax && z.im.abs() > sqmax {
        return Cz::new(f64::NEG_INFINITY, f64::INFINITY.copysign(z.im));
    }
    lg.exp()
}

/// `1 / Gamma(z)` as `exp(-loggamma(z))` (0 at the poles, NaN for non-finite input).
pub(crate) fn rgamma(z: Cz) -> Cz {
    if !z.is_finite() {
        return Cz::new(NAN, NAN);
    }
    if is_pole(z) {
        return Cz::new(0.0, 0.0);
    }
    let lg = loggamma(z);
    if lg.re == f64::INFINITY {
        return Cz::new(0.0, 0.0f64.copysign(z.im));
    }
    (-lg).exp()
}

const POSROOT: f64 = 1.461_632_144_968_362_3;
const POSROOTVAL: f64 = -9.241_265_521_729_427_5e-17;
const NEGROOT: f64 = -0.504_083_008_264_455_4;
const NEGROOTVAL: f64 = 7.289_763_902_976_895e-17;

/// The Taylor series of digamma about its root `root` (`psi(root) = rootval`), with the
/// coefficients `(-1)^(n+1) zeta(n + 1, root)`.
fn zeta_series(z: Cz, root: f64, rootval: f64) -> Cz {
    let mut res = Cz::new(rootval, 0.0);
    let mut coeff = Cz::new(-1.0, 0.0);
    let z = z - root;
    for n in 1..100 {
        coeff = coeff * -z;
        let term = coeff * zeta(f64::from(n + 1), root);
        res = res + term;
        if term.abs() < f64::EPSILON * res.abs() {
            break;
        }
    }
    res
}

/// The asymptotic series `log z - 1/(2z) - sum B_2k / (2k z^2k)`.
fn digamma_asymptotic(z: Cz) -> Cz {
    const B2K: [f64; 16] = [
        0.166666666666666667,
        -0.0333333333333333333,
        0.0238095238095238095,
        -0.0333333333333333333,
        0.0757575757575757576,
        -0.253113553113553114,
        1.16666666666666667,
        -7.09215686274509804,
        54.9711779448621554,
        -529.124242424242424,
        6192.12318840579710,
        -86580.2531135531136,
        1425517.16666666667,
        -27298231.0678160920,
        601580873.900642368,
        -15116315767.0921569,
    ];
    if !z.is_finite() {
        return z.ln();
    }
    let rzz = recip(z) / z;
    let mut zfac = Cz::new(1.0, 0.0);
    let mut res = z.ln() - Cz::new(0.5, 0.0) / z;
    for (k, &b) in B2K.iter().enumerate() {
        zfac = zfac * rzz;
        let term = zfac * -b / (2.0 * (k + 1) as f64);
        res = res + term;
        if term.abs() < f64::EPSILON * res.abs() {
            break;
        }
    }
    res
}

/// `digamma(z)`, the logarithmic derivative of `Gamma` (NaN at the poles).
pub(crate) fn digamma(mut z: Cz) -> Cz {
    if !z.is_finite() {
        if z.re.is_nan() || !z.im.is_finite() || z.re <= 0.0 {
            return Cz::new(NAN, NAN);
        }
        return Cz::new(f64::INFINITY, 0.0);
    }
    const SMALLABSZ: f64 = 16.0;
    let mut absz = z.abs();
    let mut res = Cz::new(0.0, 0.0);
    if z.re <= 0.0 && z.im == 0.0 && z.re.ceil() == z.re {
        return Cz::new(NAN, NAN);
    }
    if (z - NEGROOT).abs() < 0.3 {
        return zeta_series(z, NEGROOT, NEGROOTVAL);
    }
    if z.re < 0.0 && z.im.abs() < SMALLABSZ {
        res = -(ccospi(z) * PI) / csinpi(z);
        z = Cz::new(1.0, 0.0) - z;
        absz = z.abs();
    }
    if absz < 0.5 {
        res = -recip(z);
        z = z + 1.0;
        absz = z.abs();
    }
    if (z - POSROOT).abs() < 0.5 {
        res = res + zeta_series(z, POSROOT, POSROOTVAL);
    } else if absz > SMALLABSZ {
        res = res + digamma_asymptotic(z);
    } else if z.re >= 0.0 {
        let n = (SMALLABSZ - absz).trunc() + 1.0;
        let zn = z + n;
        let mut r = digamma_asymptotic(zn);
        for k in 1..=(n as i32) {
            r = r - recip(zn - f64::from(k));
        }
        res = res + r;
    } else {
        let n = (SMALLABSZ - absz).trunc() - 1.0;
        let zn = z - n;
        let mut r = digamma_asymptotic(zn);
        for k in 0..(n as i32) {
            r = r + recip(zn + f64::from(k));
        }
        res = res + r;
    }
    res
}
