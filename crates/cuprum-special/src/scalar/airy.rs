//! The Airy functions `Ai`, `Ai'`, `Bi`, `Bi'` of a real argument: Cephes' `airy` (the power
//! series for `-2.09 <= x < 2.09`, rational approximations of the asymptotic forms in
//! `1/zeta`, `zeta = 2/3 |x|^(3/2)`, outside), and the exponentially scaled forms of `airye`
//! computed from the same pieces with the factor `exp(+-zeta)` left out where the asymptotic
//! form carries it. `kernels/special/airy.cuh` runs the same steps.
#![allow(clippy::excessive_precision, clippy::unreadable_literal)]

use super::{INF, MACHEP, NAN, p1evl, polevl};

const C1: f64 = 0.35502805388781723926;
const C2: f64 = 0.258819403792806798405;
const MAXAIRY: f64 = 103.892;
const SQRT1OPI: f64 = 5.64189583547756286948E-1;
const SQRT3: f64 = 1.732050807568877293527;

const AN: [f64; 8] = [
    3.46538101525629032477E-1,
    1.20075952739645805542E1,
    7.62796053615234516538E1,
    1.68089224934630576269E2,
    1.59756391350164413639E2,
    7.05360906840444183113E1,
    1.40264691163389668864E1,
    9.99999999999999995305E-1,
];
const AD: [f64; 8] = [
    5.67594532638770212846E-1,
    1.47562562584847203173E1,
    8.45138970141474626562E1,
    1.77318088145400459522E2,
    1.64234692871529701831E2,
    7.14778400825575695274E1,
    1.40959135607834029598E1,
    1.00000000000000000470E0,
];
const APN: [f64; 8] = [
    6.13759184814035759225E-1,
    1.47454670787755323881E1,
    8.20584123476060982430E1,
    1.71184781360976385540E2,
    1.59317847137141783523E2,
    6.99778599330103016170E1,
    1.39470856980481566958E1,
    1.00000000000000000550E0,
];
const APD: [f64; 8] = [
    3.34203677749736953049E-1,
    1.11810297306158156705E1,
    7.11727352147859965283E1,
    1.58778084372838313640E2,
    1.53206427475809220834E2,
    6.86752304592780337944E1,
    1.38498634758259442477E1,
    9.99999999999999994502E-1,
];
const BN16: [f64; 5] = [
    -2.53240795869364152689E-1,
    5.75285167332467384228E-1,
    -3.29907036873225371650E-1,
    6.44404068948199951727E-2,
    -3.82519546641336734394E-3,
];
const BD16: [f64; 5] = [
    -7.15685095054035237902E0,
    1.06039580715664694291E1,
    -5.23246636471251500874E0,
    9.57395864378383833152E-1,
    -5.50828147163549611107E-2,
];
const BPPN: [f64; 5] = [
    4.65461162774651610328E-1,
    -1.08992173800493920734E0,
    6.38800117371827987759E-1,
    -1.26844349553102907034E-1,
    7.62487844342109852105E-3,
];
const BPPD: [f64; 5] = [
    -8.70622787633159124240E0,
    1.38993162704553213172E1,
    -7.14116144616431159572E0,
    1.34008595960680518666E0,
    -7.84273211323341930448E-2,
];
const AFN: [f64; 9] = [
    -1.31696323418331795333E-1,
    -6.26456544431912369773E-1,
    -6.93158036036933542233E-1,
    -2.79779981545119124951E-1,
    -4.91900132609500318020E-2,
    -4.06265923594885404393E-3,
    -1.59276496239262096340E-4,
    -2.77649108155232920844E-6,
    -1.67787698489114633780E-8,
];
const AFD: [f64; 9] = [
    1.33560420706553243746E1,
    3.26825032795224613948E1,
    2.67367040941499554804E1,
    9.18707402907259625840E0,
    1.47529146771666414581E0,
    1.15687173795188044134E-1,
    4.40291641615211203805E-3,
    7.54720348287414296618E-5,
    4.51850092970580378464E-7,
];
const AGN: [f64; 11] = [
    1.97339932091685679179E-2,
    3.91103029615688277255E-1,
    1.06579897599595591108E0,
    9.39169229816650230044E-1,
    3.51465656105547619242E-1,
    6.33888919628925490927E-2,
    5.85804113048388458567E-3,
    2.82851600836737019778E-4,
    6.98793669997260967291E-6,
    8.11789239554389293311E-8,
    3.41551784765923618484E-10,
];
const AGD: [f64; 10] = [
    9.30892908077441974853E0,
    1.98352928718312140417E1,
    1.55646628932864612953E1,
    5.47686069422975497931E0,
    9.54293611618961883998E-1,
    8.64580826352392193095E-2,
    4.12656523824222607191E-3,
    1.01259085116509135510E-4,
    1.17166733214413521882E-6,
    4.91834570062930015649E-9,
];
const APFN: [f64; 9] = [
    1.85365624022535566142E-1,
    8.86712188052584095637E-1,
    9.87391981747398547272E-1,
    4.01241082318003734092E-1,
    7.10304926289631174579E-2,
    5.90618657995661810071E-3,
    2.33051409401776799569E-4,
    4.08718778289035454598E-6,
    2.48379932900442457853E-8,
];
const APFD: [f64; 9] = [
    1.47345854687502542552E1,
    3.75423933435489594466E1,
    3.14657751203046424330E1,
    1.09969125207298778536E1,
    1.78885054766999417817E0,
    1.41733275753662636873E-1,
    5.44066067017226003627E-3,
    9.39421290654511171663E-5,
    5.65978713036027009243E-7,
];
const APGN: [f64; 11] = [
    -3.55615429033082288335E-2,
    -6.37311518129435504426E-1,
    -1.70856738884312371053E0,
    -1.50221872117316635393E0,
    -5.63606665822102676611E-1,
    -1.02101031120216891789E-1,
    -9.48396695961445269093E-3,
    -4.60325307486780994357E-4,
    -1.14300836484517375919E-5,
    -1.33415518685547420648E-7,
    -5.63803833958893494476E-10,
];
const APGD: [f64; 10] = [
    9.85865801696130355144E0,
    2.16401867356585941885E1,
    1.73130776389749389525E1,
    6.17872175280828766327E0,
    1.08848694396321495475E0,
    9.95005543440888479402E-2,
    4.78468199683886610842E-3,
    1.18159633322838625562E-4,
    1.37480673554219441465E-6,
    5.79912514929147598821E-9,
];

/// `[Ai, Ai', Bi, Bi']` at `x`; with `scaled`, `airye`'s `[Ai exp(zeta), Ai' exp(zeta),
/// Bi exp(-|zeta|), Bi' exp(-|zeta|)]` for `x >= 0` and `[NaN, NaN, Bi, Bi']` for `x < 0`
/// (`zeta` is imaginary there).
pub(crate) fn airy(x: f64, scaled: bool) -> [f64; 4] {
    if !x.is_finite() {
        // SciPy's AMOS path gives NaN at +-inf (and Cephes' forms have no limit at -inf)
        return [NAN; 4];
    }
    if scaled && x < 0.0 {
        let [_, _, bi, bip] = airy(x, false);
        return [NAN, NAN, bi, bip];
    }
    if !scaled && x > MAXAIRY {
        return [0.0, 0.0, INF, INF];
    }
    let (mut ai, mut aip, mut bi, mut bip) = (0.0, 0.0, 0.0, 0.0);
    let mut domflg = 0;
    if x < -2.09 {
        let t = (-x).sqrt();
        let zeta = -2.0 * x * t / 3.0;
        let t = t.sqrt();
        let k = SQRT1OPI / t;
        let z = 1.0 / zeta;
        let zz = z * z;
        let uf = 1.0 + zz * polevl(zz, &AFN) / p1evl(zz, &AFD);
        let ug = z * polevl(zz, &AGN) / p1evl(zz, &AGD);
        let theta = zeta + 0.25 * std::f64::consts::PI;
        let f = theta.sin();
        let g = theta.cos();
        ai = k * (f * uf - g * ug);
        bi = k * (g * uf + f * ug);
        let uf = 1.0 + zz * polevl(zz, &APFN) / p1evl(zz, &APFD);
        let ug = z * polevl(zz, &APGN) / p1evl(zz, &APGD);
        let k = SQRT1OPI * t;
        aip = -k * (g * uf + f * ug);
        bip = k * (f * uf - g * ug);
        return [ai, aip, bi, bip];
    }
    // exp(zeta) for the scaling of the power series (x >= 0 here when scaled)
    let ez = if scaled {
        (2.0 * x * x.sqrt() / 3.0).exp()
    } else {
        1.0
    };
    if x >= 2.09 {
        domflg = 5;
        let t = x.sqrt();
        let zeta = 2.0 * x * t / 3.0;
        let g = if scaled { 1.0 } else { zeta.exp() };
        let t = t.sqrt();
        let k = 2.0 * t * g;
        let z = 1.0 / zeta;
        let f = polevl(z, &AN) / polevl(z, &AD);
        ai = SQRT1OPI * f / k;
        let k = -0.5 * SQRT1OPI * t / g;
        let f = polevl(z, &APN) / polevl(z, &APD);
        aip = f * k;
        if x > 8.3203353 {
            let f = z * polevl(z, &BN16) / p1evl(z, &BD16);
            let k = SQRT1OPI * g;
            bi = k * (1.0 + f) / t;
            let f = z * polevl(z, &BPPN) / p1evl(z, &BPPD);
            bip = k * t * (1.0 + f);
            return [ai, aip, bi, bip];
        }
    }
    let mut f = 1.0;
    let mut g = x;
    let mut t = 1.0;
    let mut uf = 1.0;
    let mut ug = x;
    let mut k = 1.0;
    let z = x * x * x;
    while t > MACHEP {
        uf *= z;
        k += 1.0;
        uf /= k;
        ug *= z;
        k += 1.0;
        ug /= k;
        uf /= k;
        f += uf;
        k += 1.0;
        ug /= k;
        g += ug;
        t = (uf / f).abs();
    }
    let uf = C1 * f;
    let ug = C2 * g;
    if domflg & 1 == 0 {
        ai = (uf - ug) * ez;
    }
    if domflg & 2 == 0 {
        bi = SQRT3 * (uf + ug) / ez;
    }
    // the derivative
    let mut k = 4.0;
    let mut uf = x * x / 2.0;
    let mut ug = z / 3.0;
    let mut f = uf;
    let mut g = 1.0 + ug;
    uf /= 3.0;
    let mut t = 1.0;
    while t > MACHEP {
        uf *= z;
        ug /= k;
        k += 1.0;
        ug *= z;
        uf /= k;
        f += uf;
        k += 1.0;
        ug /= k;
        uf /= k;
        g += ug;
        k += 1.0;
        t = (ug / g).abs();
    }
    let uf = C1 * f;
    let ug = C2 * g;
    if domflg & 4 == 0 {
        aip = (uf - ug) * ez;
    }
    if domflg & 8 == 0 {
        bip = SQRT3 * (uf + ug) / ez;
    }
    [ai, aip, bi, bip]
}
