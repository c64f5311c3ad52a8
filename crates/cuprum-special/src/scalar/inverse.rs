//! Inverses of the regularized incomplete gamma and beta functions (`gammaincinv`,
//! `gammainccinv`, `betaincinv`, `betainccinv`) and the distribution inverses built on them
//! (`stdtrit`, `chdtri`, `pdtri`, `bdtri`, `fdtri`, `nbdtri`), with SciPy's edge values.
//!
//! Each root is found by Halley's iteration safeguarded by a bracket (bisection, geometric
//! where the bracket spans orders of magnitude), from the Wilson-Hilferty (gamma) or
//! Abramowitz-Stegun 26.5.22 / power-law (beta) first guess. The function is evaluated on the
//! side that keeps the root's relative precision: `P` or `Q` by the probability, `I_x(a, b)`
//! or `I_{1-x}(b, a)` by which side of `x = 1/2` the root lies, so the complement `1 - x` is
//! available to full precision too. `kernels/special/inverse.cuh` runs the same steps.

use super::erf::ndtri;
use super::gamma::{lbeta, lgam};
use super::igam::{igam, igamc};
use super::incbet::betainc;
use super::{INF, NAN};

const EPS: f64 = 2.220_446_049_250_313e-16;
const MAXIT: usize = 400;

/// The next point when Halley's step leaves the bracket `(lo, hi)`.
fn bisect(lo: f64, hi: f64) -> f64 {
    if hi.is_infinite() {
        if lo > 0.0 { lo * 2.0 } else { 1.0 }
    } else if lo <= 0.0 {
        hi * 0.125
    } else if hi > 4.0 * lo {
        (lo * hi).sqrt()
    } else {
        0.5 * (lo + hi)
    }
}

/// The root `x > 0` of `P(a, x) = y` (`lower`) or `Q(a, x) = y`, `0 < y <= 1/2` typically.
fn igam_root(a: f64, y: f64, lower: bool) -> f64 {
    let lg = lgam(a);
    // Wilson-Hilferty's guess from the normal quantile
    let z = if lower { ndtri(y) } else { -ndtri(y) };
    let c = 1.0 / (9.0 * a);
    let w = 1.0 - c + z * c.sqrt();
    let mut x = a * w * w * w;
    let lp = if lower { y.ln() } else { (-y).ln_1p() };
    // the small-x series P ~ x^a / Gamma(a+1), good in the lower tail
    let xs = ((lp + lgam(a + 1.0)) / a).exp();
    if lower && xs > 0.0 && xs < a / 3.0 {
        x = xs;
    } else if a < 1.0 || x.is_nan() || x <= 0.0 {
        let bad = x.is_nan() || x <= 0.0;
        if xs > 0.0 && (xs < 1.0 || bad) {
            x = xs;
        } else if bad {
            x = 1.0;
        }
    }
    if !x.is_finite() {
        x = 1.0;
    }
    // in a far tail Newton's iteration runs on the logarithms (linear convergence otherwise)
    let logmode = y < 1e-8;
    let (mut lo, mut hi) = (0.0f64, INF);
    for _ in 0..MAXIT {
        let v = if lower { igam(a, x) } else { igamc(a, x) };
        let f = residual(v, y, logmode, !lower);
        if narrow(f, x, &mut lo, &mut hi) {
            return x;
        }
        let pdf = ((a - 1.0) * x.ln() - x - lg).exp();
        let mut xn = halley(x, f, pdf, v, logmode, (a - 1.0) / x - 1.0);
        if !(xn > lo && xn < hi) || (hi.is_infinite() && xn > 8.0 * x.max(1.0)) {
            xn = bisect(lo, hi);
        }
        if (xn - x).abs() <= 2.0 * EPS * xn || (hi.is_finite() && hi - lo <= 2.0 * EPS * hi) {
            return xn;
        }
        x = xn;
    }
    x
}

/// SciPy's `gammaincinv(a, p)`: `x` with `P(a, x) = p`.
pub(crate) fn gammaincinv(a: f64, p: f64) -> f64 {
    if a.is_nan() || p.is_nan() || a < 0.0 || !(0.0..=1.0).contains(&p) || a.is_infinite() {
        return NAN;
    }
    if p == 0.0 {
        return 0.0;
    }
    if p == 1.0 {
        return INF;
    }
    if a == 0.0 {
        // SciPy's igami at a = 0: igamci(0, 1 - p), whose DiDonato-Morris start (Eq 21 with
        // Gamma(0) = inf) is 0 for q <= 1e-5 (then igam_fac(0, 0) = 0 ends the iteration)
        // and NaN from pow(0 * inf, 1/0) above
        return if 1.0 - p <= 1e-5 { 0.0 } else { NAN };
    }
    if p <= 0.5 {
        igam_root(a, p, true)
    } else {
        igam_root(a, 1.0 - p, false)
    }
}

/// SciPy's `gammainccinv(a, q)`: `x` with `Q(a, x) = q`.
pub(crate) fn gammainccinv(a: f64, q: f64) -> f64 {
    if a.is_nan() || q.is_nan() || a < 0.0 || !(0.0..=1.0).contains(&q) || a.is_infinite() {
        return NAN;
    }
    if q == 0.0 {
        return INF;
    }
    if q == 1.0 {
        return 0.0;
    }
    if a == 0.0 {
        // SciPy's igamci at a = 0: 0 for q <= 1e-5, NaN above (see gammaincinv)
        return if q <= 1e-5 { 0.0 } else { NAN };
    }
    if q <= 0.5 {
        igam_root(a, q, false)
    } else {
        igam_root(a, 1.0 - q, true)
    }
}

/// The root `x` of `I_x(a, b) = y` (`yc = 1 - y` to full precision) on the side of `1/2`
/// the caller picked; the difference is taken on the tail (`y` or `yc`) that is smaller.
fn ibeta_root(a: f64, b: f64, y: f64, yc: f64) -> f64 {
    let lb = lbeta(a, b);
    let mut x;
    if a >= 1.0 && b >= 1.0 {
        // Abramowitz and Stegun 26.5.22 from the normal quantile
        let pp = if y < 0.5 { y } else { yc };
        let t = (-2.0 * pp.ln()).sqrt();
        let mut z = (2.30753 + t * 0.27061) / (1.0 + t * (0.99229 + t * 0.04481)) - t;
        if y < 0.5 {
            z = -z;
        }
        let al = (z * z - 3.0) / 6.0;
        let h = 2.0 / (1.0 / (2.0 * a - 1.0) + 1.0 / (2.0 * b - 1.0));
        let w = z * (al + h).sqrt() / h
            - (1.0 / (2.0 * b - 1.0) - 1.0 / (2.0 * a - 1.0)) * (al + 5.0 / 6.0 - 2.0 / (3.0 * h));
        x = a / (a + b * (2.0 * w).exp());
    } else {
        // the power laws of the two ends
        let lna = (a / (a + b)).ln();
        let lnb = (b / (a + b)).ln();
        let t = (a * lna).exp() / a;
        let u = (b * lnb).exp() / b;
        let w = t + u;
        x = if y < t / w {
            (a * w * y).powf(1.0 / a)
        } else {
            1.0 - (b * w * yc).powf(1.0 / b)
        };
    }
    if !(x > 0.0 && x < 1.0) {
        x = 0.5;
    }
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    for _ in 0..MAXIT {
        let pdf = ((a - 1.0) * x.ln() + (b - 1.0) * (-x).ln_1p() - lb).exp();
        // the complement form I_{1-x}(b, a) when its error (yc's, and 1-x's rounding, half an
        // ulp times the density) is the smaller; logarithms in a far tail
        let upper = y > 0.5 && pdf.is_finite() && y - yc > 0.5 * pdf;
        let (v, t) = if upper {
            (betainc(b, a, 1.0 - x), yc)
        } else {
            (betainc(a, b, x), y)
        };
        let logmode = t < 1e-8;
        let f = residual(v, t, logmode, upper);
        if narrow(f, x, &mut lo, &mut hi) {
            return x;
        }
        let curv = (a - 1.0) / x - (b - 1.0) / (1.0 - x);
        let mut xn = halley(x, f, pdf, v, logmode, curv);
        if !(xn > lo && xn < hi) {
            xn = bisect(lo, hi);
        }
        if (xn - x).abs() <= 2.0 * EPS * xn || hi - lo <= 2.0 * EPS * hi {
            return xn;
        }
        x = xn;
    }
    x
}

/// `(x, 1 - x)` with `I_x(a, b) = y`, `yc = 1 - y` given to full precision; `a, b > 0`,
/// `0 < y < 1`. The root is sought from the side of `1/2` it lies on.
fn incbi_pair(a: f64, b: f64, y: f64, yc: f64) -> (f64, f64) {
    // the root lies below 1/2 when I_{1/2}(a, b) >= y, compared on the smaller tail
    let below = if y <= 0.5 {
        y <= betainc(a, b, 0.5)
    } else {
        yc >= betainc(b, a, 0.5)
    };
    if below {
        let x = ibeta_root(a, b, y, yc);
        (x, 1.0 - x)
    } else {
        let xc = ibeta_root(b, a, yc, y);
        (1.0 - xc, xc)
    }
}

/// The residual of the value `v` of a distribution function against its target `t`:
/// `v - t`, or `log v - log t` in `logmode`; negated when `flip` (a decreasing function).
fn residual(v: f64, t: f64, logmode: bool, flip: bool) -> f64 {
    match (logmode, flip) {
        (false, false) => v - t,
        (false, true) => t - v,
        (true, false) => v.ln() - t.ln(),
        (true, true) => t.ln() - v.ln(),
    }
}

/// The next iterate from `x` of residual `f`, density `pdf` and value `v`: Newton's step
/// `f / pdf` (times `v` in `logmode`, the residual being a difference of logarithms), else
/// with Halley's correction `1 / (1 - h)`, `h = dx curv / 2` (`curv` the logarithmic
/// derivative of the density), when `|h| < 1/2`. NaN when the density is not positive and
/// finite or the residual is not finite.
fn halley(x: f64, f: f64, pdf: f64, v: f64, logmode: bool, curv: f64) -> f64 {
    if !(pdf > 0.0 && pdf.is_finite() && f.is_finite()) {
        return f64::NAN;
    }
    let mut dx = f / pdf;
    if logmode {
        dx *= v;
    } else {
        let h = 0.5 * dx * curv;
        if h.abs() < 0.5 {
            dx /= 1.0 - h;
        }
    }
    x - dx
}

/// Narrows the bracket `[lo, hi]` of a root by the iterate `x` of residual `f` (positive
/// above the root): true when `f` is 0 (`x` is the root), else `hi` (f > 0) or `lo` (f < 0
/// or NaN) moved to `x`.
fn narrow(f: f64, x: f64, lo: &mut f64, hi: &mut f64) -> bool {
    if f == 0.0 {
        return true;
    }
    if f > 0.0 {
        *hi = x;
    } else {
        *lo = x;
    }
    false
}

/// SciPy's `betaincinv(a, b, y)`: `x` with `I_x(a, b) = y`.
pub(crate) fn betaincinv(a: f64, b: f64, y: f64) -> f64 {
    betainc_inverse(a, b, y, false)
}

/// SciPy's `betainccinv(a, b, y)`: `x` with `1 - I_x(a, b) = y`.
pub(crate) fn betainccinv(a: f64, b: f64, y: f64) -> f64 {
    betainc_inverse(a, b, y, true)
}

/// [`betaincinv`] (`upper` false) and [`betainccinv`] (`upper` true): NaN outside the domain,
/// the end points 0 and 1 exactly at `y = 0` and `y = 1`.
fn betainc_inverse(a: f64, b: f64, y: f64, upper: bool) -> f64 {
    if a.is_nan() || b.is_nan() || y.is_nan() || !(a > 0.0 && b > 0.0) {
        return NAN;
    }
    if !(0.0..=1.0).contains(&y) || a.is_infinite() || b.is_infinite() {
        return NAN;
    }
    if y == 0.0 || y == 1.0 {
        // y = 1 of the lower tail and y = 0 of the upper tail give x = 1
        return if (y == 1.0) != upper { 1.0 } else { 0.0 };
    }
    let (lower_y, upper_y) = if upper { (1.0 - y, y) } else { (y, 1.0 - y) };
    incbi_pair(a, b, lower_y, upper_y).0
}

/// SciPy's `stdtrit(df, p)`: `t` with `stdtr(df, t) = p`. `p = 0` gives `-inf` (SciPy's
/// CDFLIB search gives `inf` there and for `p` below about 1e-290).
pub(crate) fn stdtrit(df: f64, p: f64) -> f64 {
    if df.is_nan() || p.is_nan() || df <= 0.0 || !(0.0..=1.0).contains(&p) {
        return NAN;
    }
    if df.is_infinite() {
        return ndtri(p);
    }
    if p == 0.0 {
        return -INF;
    }
    if p == 1.0 {
        return INF;
    }
    if p == 0.5 {
        return 0.0;
    }
    // the two-tailed probability z = I_x(df/2, 1/2) with x = df / (df + t^2)
    let (z, zc) = if p < 0.5 {
        (2.0 * p, (1.0 - p) - p)
    } else {
        (2.0 * (1.0 - p), p - (1.0 - p))
    };
    let (x, xc) = incbi_pair(0.5 * df, 0.5, z, zc);
    let t = (df * xc / x).sqrt();
    if p < 0.5 { -t } else { t }
}

/// SciPy's `chdtri(v, y)`: `x` with `chdtrc(v, x) = y`.
pub(crate) fn chdtri(v: f64, y: f64) -> f64 {
    if !(0.0..=1.0).contains(&y) {
        return NAN;
    }
    2.0 * gammainccinv(0.5 * v, y)
}

/// SciPy's `pdtri(k, y)`: `m` with `pdtr(k, m) = y` (`k` truncated to an integer; NaN at
/// `y = 1`, as Cephes).
pub(crate) fn pdtri(k: f64, y: f64) -> f64 {
    if k.is_nan() || y.is_nan() {
        return NAN;
    }
    let k = k.trunc();
    if k < 0.0 || !(0.0..1.0).contains(&y) {
        return NAN;
    }
    gammainccinv(k + 1.0, y)
}

/// SciPy's `bdtri(k, n, y)`: `p` with `bdtr(k, n, p) = y` (`k` floored, `n` truncated).
pub(crate) fn bdtri(k: f64, n: f64, y: f64) -> f64 {
    if k.is_nan() || n.is_nan() || y.is_nan() {
        return NAN;
    }
    let fk = k.floor();
    let n = n.trunc();
    if !(0.0..=1.0).contains(&y) || fk < 0.0 || n <= fk {
        return NAN;
    }
    let dn = n - fk;
    if fk == 0.0 {
        return if y > 0.8 {
            -((y - 1.0).ln_1p() / dn).exp_m1()
        } else {
            1.0 - y.powf(1.0 / dn)
        };
    }
    if y == 0.0 {
        return 1.0;
    }
    if y == 1.0 {
        return 0.0;
    }
    // bdtr(k, n, p) = I_{1-p}(n - k, k + 1)
    incbi_pair(dn, fk + 1.0, y, 1.0 - y).1
}

/// SciPy's `fdtri(dfn, dfd, p)`: `x` with `fdtr(dfn, dfd, x) = p`.
pub(crate) fn fdtri(a: f64, b: f64, y: f64) -> f64 {
    if a.is_nan() || b.is_nan() || y.is_nan() || !(a > 0.0 && b > 0.0) {
        return NAN;
    }
    if !(0.0..=1.0).contains(&y) {
        return NAN;
    }
    if y == 0.0 {
        return 0.0;
    }
    if y == 1.0 {
        return INF;
    }
    // fdtr(a, b, x) = I_w(a/2, b/2) with w = a x / (b + a x)
    let (w, wc) = incbi_pair(0.5 * a, 0.5 * b, y, 1.0 - y);
    b * w / (a * wc)
}

/// SciPy's `nbdtri(k, n, y)`: `p` with `nbdtr(k, n, p) = y` (`k`, `n` truncated).
pub(crate) fn nbdtri(k: f64, n: f64, y: f64) -> f64 {
    if k.is_nan() || n.is_nan() || y.is_nan() {
        return NAN;
    }
    let (k, n) = (k.trunc(), n.trunc());
    if !(0.0..=1.0).contains(&y) || k < 0.0 || n <= 0.0 {
        return NAN;
    }
    betaincinv(n, k + 1.0, y)
}
