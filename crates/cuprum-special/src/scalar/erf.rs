//! `erf`, `erfc`, `ndtr`, `ndtri`, `erfcinv` (Cephes `ndtr.c`, `ndtri.c`, `erfinv.c`).

use super::{INF, MAXLOG, NAN, SQRT2PI, p1evl, polevl};
use std::f64::consts::FRAC_1_SQRT_2;

const P: [f64; 9] = [
    2.46196981473530512524E-10,
    5.64189564831068821977E-1,
    7.46321056442269912687E0,
    4.86371970985681366614E1,
    1.96520832956077098242E2,
    5.26445194995477358631E2,
    9.34528527171957607540E2,
    1.02755188689515710272E3,
    5.57535335369399327526E2,
];
const Q: [f64; 8] = [
    1.32281951154744992508E1,
    8.67072140885989742329E1,
    3.54937778887819891062E2,
    9.75708501743205489753E2,
    1.82390916687909736289E3,
    2.24633760818710981792E3,
    1.65666309194161350182E3,
    5.57535340817727675546E2,
];
const R: [f64; 6] = [
    5.64189583547755073984E-1,
    1.27536670759978104416E0,
    5.01905042251180477414E0,
    6.16021097993053585195E0,
    7.40974269950448939160E0,
    2.97886665372100240670E0,
];
const S: [f64; 6] = [
    2.26052863220117276590E0,
    9.39603524938001434673E0,
    1.20489539808096656605E1,
    1.70814450747565897222E1,
    9.60896809063285878198E0,
    3.36907645100081516050E0,
];
const T: [f64; 5] = [
    9.60497373987051638749E0,
    9.00260197203842689217E1,
    2.23200534594684319226E3,
    7.00332514112805075473E3,
    5.55923013010394962768E4,
];
const U: [f64; 5] = [
    3.35617141647503099647E1,
    5.21357949780152679795E2,
    4.59432382970980127987E3,
    2.26290000613890934246E4,
    4.92673942608635921086E4,
];

/// The complementary error function.
pub(crate) fn erfc(a: f64) -> f64 {
    if a.is_nan() {
        return NAN;
    }
    let x = a.abs();
    if x < 1.0 {
        return 1.0 - erf(a);
    }
    let z = -a * a;
    if z < -MAXLOG {
        return if a < 0.0 { 2.0 } else { 0.0 };
    }
    let z = z.exp();
    let (p, q) = if x < 8.0 {
        (polevl(x, &P), p1evl(x, &Q))
    } else {
        (polevl(x, &R), p1evl(x, &S))
    };
    let mut y = (z * p) / q;
    if a < 0.0 {
        y = 2.0 - y;
    }
    if y != 0.0 {
        return y;
    }
    if a < 0.0 { 2.0 } else { 0.0 }
}

/// `exp(x^2)` with the rounding of `x^2` corrected (`x^2 = h + l` exactly, `exp(l) ~ 1 + l`).
fn expx2(x: f64) -> f64 {
    let h = x * x;
    let l = x.mul_add(x, -h);
    h.exp() * (1.0 + l)
}

/// The scaled complementary error function `exp(x^2) erfc(x)`: `exp(x^2) (1 - erf(x))` below
/// 1, Cephes' rational approximations of `erfc(x) exp(x^2)` on `[1, 8)` and `[8, 50)` (without
/// the exponential), the asymptotic series `1/(x sqrt(pi)) sum (-1)^k (2k-1)!! / (2x^2)^k`
/// from 50; `2 exp(x^2) - erfcx(-x)` for negative `x` (`inf` past `x ~ -26.6`).
pub(crate) fn erfcx(x: f64) -> f64 {
    if x.is_nan() {
        return NAN;
    }
    if x < 0.0 {
        if x < -26.7 {
            return f64::INFINITY;
        }
        return 2.0 * expx2(x) - erfcx(-x);
    }
    if x < 1.0 {
        return expx2(x) * (1.0 - erf(x));
    }
    if x < 8.0 {
        return polevl(x, &P) / p1evl(x, &Q);
    }
    if x < 50.0 {
        return polevl(x, &R) / p1evl(x, &S);
    }
    // 1 / sqrt(pi)
    const RSQRTPI: f64 = 0.564_189_583_547_756_3;
    if x > 1e8 {
        return RSQRTPI / x;
    }
    let t = 0.5 / (x * x);
    let mut term = 1.0;
    let mut sum = 1.0;
    for k in 1..30 {
        term *= -f64::from(2 * k - 1) * t;
        sum += term;
        if term.abs() < 1e-17 {
            break;
        }
    }
    RSQRTPI / x * sum
}

/// The error function.
pub(crate) fn erf(x: f64) -> f64 {
    if x.is_nan() {
        return NAN;
    }
    if x < 0.0 {
        return -erf(-x);
    }
    if x.abs() > 1.0 {
        return 1.0 - erfc(x);
    }
    let z = x * x;
    x * polevl(z, &T) / p1evl(z, &U)
}

/// The standard normal CDF.
pub(crate) fn ndtr(a: f64) -> f64 {
    if a.is_nan() {
        return NAN;
    }
    let x = a * FRAC_1_SQRT_2;
    let z = x.abs();
    if z < 1.0 {
        0.5 + 0.5 * erf(x)
    } else {
        let y = 0.5 * erfc(z);
        if x > 0.0 { 1.0 - y } else { y }
    }
}

const P0: [f64; 5] = [
    -5.99633501014107895267E1,
    9.80010754185999661536E1,
    -5.66762857469070293439E1,
    1.39312609387279679503E1,
    -1.23916583867381258016E0,
];
const Q0: [f64; 8] = [
    1.95448858338141759834E0,
    4.67627912898881538453E0,
    8.63602421390890590575E1,
    -2.25462687854119370527E2,
    2.00260212380060660359E2,
    -8.20372256168333339912E1,
    1.59056225126211695515E1,
    -1.18331621121330003142E0,
];
const P1: [f64; 9] = [
    4.05544892305962419923E0,
    3.15251094599893866154E1,
    5.71628192246421288162E1,
    4.40805073893200834700E1,
    1.46849561928858024014E1,
    2.18663306850790267539E0,
    -1.40256079171354495875E-1,
    -3.50424626827848203418E-2,
    -8.57456785154685413611E-4,
];
const Q1: [f64; 8] = [
    1.57799883256466749731E1,
    4.53907635128879210584E1,
    4.13172038254672030440E1,
    1.50425385692907503408E1,
    2.50464946208309415979E0,
    -1.42182922854787788574E-1,
    -3.80806407691578277194E-2,
    -9.33259480895457427372E-4,
];
const P2: [f64; 9] = [
    3.23774891776946035970E0,
    6.91522889068984211695E0,
    3.93881025292474443415E0,
    1.33303460815807542389E0,
    2.01485389549179081538E-1,
    1.23716634817820021358E-2,
    3.01581553508235416007E-4,
    2.65806974686737550832E-6,
    6.23974539184983293730E-9,
];
const Q2: [f64; 8] = [
    6.02427039364742014255E0,
    3.67983563856160859403E0,
    1.37702099489081330271E0,
    2.16236993594496635890E-1,
    1.34204006088543189037E-2,
    3.28014464682127739104E-4,
    2.89247864745380683936E-6,
    6.79019408009981274425E-9,
];

/// The inverse of [`ndtr`].
pub(crate) fn ndtri(y0: f64) -> f64 {
    if y0 == 0.0 {
        return -INF;
    }
    if y0 == 1.0 {
        return INF;
    }
    if !(0.0..=1.0).contains(&y0) {
        return NAN;
    }
    let mut code = true;
    let mut y = y0;
    if y > 1.0 - 0.135_335_283_236_612_7 {
        y = 1.0 - y;
        code = false;
    }
    if y > 0.135_335_283_236_612_7 {
        y -= 0.5;
        let y2 = y * y;
        let x = y + y * (y2 * polevl(y2, &P0) / p1evl(y2, &Q0));
        return x * SQRT2PI;
    }
    let x = (-2.0 * y.ln()).sqrt();
    let x0 = x - x.ln() / x;
    let z = 1.0 / x;
    let x1 = if x < 8.0 {
        z * polevl(z, &P1) / p1evl(z, &Q1)
    } else {
        z * polevl(z, &P2) / p1evl(z, &Q2)
    };
    let x = x0 - x1;
    if code { -x } else { x }
}

/// The inverse of [`erfc`].
pub(crate) fn erfcinv(y: f64) -> f64 {
    if 0.0 < y && y < 2.0 {
        -ndtri(0.5 * y) * FRAC_1_SQRT_2
    } else if y == 0.0 {
        INF
    } else if y == 2.0 {
        -INF
    } else {
        NAN
    }
}

/// The inverse of [`erf`].
pub(crate) fn erfinv(y: f64) -> f64 {
    if -1e-7 < y && y < 1e-7 {
        y / std::f64::consts::FRAC_2_SQRT_PI
    } else if (0.5..1.0).contains(&y) {
        // 1 - y is exact here: no rounding of (y + 1) / 2 near 1
        -ndtri(0.5 * (1.0 - y)) * FRAC_1_SQRT_2
    } else if -1.0 < y && y <= -0.5 {
        ndtri(0.5 * (y + 1.0)) * FRAC_1_SQRT_2
    } else if -1.0 < y && y < 1.0 {
        // (y + 1) / 2 rounds away the low bits of a small y: two Newton steps on erf
        let mut x = ndtri(0.5 * (y + 1.0)) * FRAC_1_SQRT_2;
        for _ in 0..2 {
            x -= (erf(x) - y) / (std::f64::consts::FRAC_2_SQRT_PI * (-x * x).exp());
        }
        x
    } else if y == -1.0 {
        -INF
    } else if y == 1.0 {
        INF
    } else {
        NAN
    }
}

/// The logarithm of the standard normal CDF (xsf `log_ndtr` of SciPy 1.17):
/// `log(erfcx(-x/sqrt 2)/2) - x^2/2` for `x < -1` (no underflow in the lower tail),
/// `log1p(-erfc(x/sqrt 2)/2)` above.
pub(crate) fn log_ndtr(x: f64) -> f64 {
    let t = x * std::f64::consts::FRAC_1_SQRT_2;
    if x < -1.0 {
        (erfcx(-t) / 2.0).ln() - t * t
    } else {
        (-erfc(t) / 2.0).ln_1p()
    }
}
