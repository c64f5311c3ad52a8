//! The distribution parameter inverses of SciPy 1.17.1 (`pdtrik`, `bdtrik`, `bdtrin`, `chdtriv`,
//! `stdtridf`, `nbdtrik`, `nbdtrin`, `fdtridfd`, `gdtrib`; SciPy's CDFLIB and xsf searches) and
//! the closed forms `gdtrix`, `gdtria` (`gammaincinv(b, p)` scaled).
//!
//! Each search solves `F(x) = p` for a parameter `x` of a distribution function `F` that is
//! monotone in it, with the parameter continuous (CDFLIB's convention: the binomial cdf at a
//! real `k` is `I_{1-p}(n - k, k + 1)`). The residual is written increasing in `x` and, for
//! `p > 1/2`, through the complementary function (`q - S(x)`), so the upper tail keeps its
//! precision. The root is bracketed from a first guess by steps of a factor of 8 up to SciPy's
//! search bounds, then refined by the Illinois variant of regula falsi (geometric bisection
//! while the bracket spans more than a factor of 4) to two ulp. A root beyond a bound gives
//! that bound, as SciPy's CDFLIB wrappers do. `kernels/special/param_inverse.cuh` runs the
//! same steps.

use super::dist::{fdtr, fdtrc, stdtr};
use super::igam::{igam, igamc};
use super::incbet::betainc;
use super::inverse::gammaincinv;
use super::{INF, NAN};

const EPS: f64 = 2.220_446_049_250_313e-16;
const MAXIT: usize = 300;

/// The distribution and parameter sought (the kind of the residual).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// `k` of the Poisson cdf `Q(k + 1, m)`; `a = m`.
    PoissonK,
    /// `k` of the binomial cdf `I_{1-pr}(n - k, k + 1)`; `a = n`, `b = pr`.
    BinomK,
    /// `n` of the binomial cdf; `a = k`, `b = pr`.
    BinomN,
    /// `v` of the chi-square cdf `P(v/2, x/2)`; `a = x`.
    ChiV,
    /// `df` of Student's t cdf; `a = t`.
    StudentDf,
    /// `k` of the negative binomial cdf `I_pr(n, k + 1)`; `a = n`, `b = pr`.
    NbinomK,
    /// `n` of the negative binomial cdf; `a = k`, `b = pr`.
    NbinomN,
    /// `dfd` of the F cdf; `a = dfn`, `b = f`.
    FDfd,
    /// `b` of the gamma cdf `P(b, a x)`; `a = a x`.
    GammaB,
}

/// One search: the kind, the probability `p`, its complement `q = 1 - p` and two parameters.
#[derive(Clone, Copy)]
struct Problem {
    kind: Kind,
    p: f64,
    q: f64,
    a: f64,
    b: f64,
}

/// The residual at `x`: increasing in `x`, zero at the root.
fn residual(pr: &Problem, x: f64) -> f64 {
    let (p, q, a, b) = (pr.p, pr.q, pr.a, pr.b);
    let lower = p <= q;
    match pr.kind {
        Kind::PoissonK => {
            if lower {
                igamc(x + 1.0, a) - p
            } else {
                q - igam(x + 1.0, a)
            }
        }
        Kind::BinomK => {
            if x >= a {
                return if lower { 1.0 - p } else { q };
            }
            if lower {
                betainc(a - x, x + 1.0, 1.0 - b) - p
            } else {
                q - betainc(x + 1.0, a - x, b)
            }
        }
        Kind::BinomN => {
            if x <= a {
                return if lower { p - 1.0 } else { -q };
            }
            if lower {
                p - betainc(x - a, a + 1.0, 1.0 - b)
            } else {
                betainc(a + 1.0, x - a, b) - q
            }
        }
        Kind::ChiV => {
            if lower {
                p - igam(0.5 * x, 0.5 * a)
            } else {
                igamc(0.5 * x, 0.5 * a) - q
            }
        }
        Kind::StudentDf => {
            // decreasing in df for t < 0, increasing for t > 0; S(df, t) = F(df, -t)
            let r = if lower {
                stdtr(x, a) - p
            } else {
                q - stdtr(x, -a)
            };
            if a < 0.0 { -r } else { r }
        }
        Kind::NbinomK => {
            if lower {
                betainc(a, x + 1.0, b) - p
            } else {
                q - betainc(x + 1.0, a, 1.0 - b)
            }
        }
        Kind::NbinomN => {
            if x <= 0.0 {
                return if lower { p - 1.0 } else { -q };
            }
            if lower {
                p - betainc(x, a + 1.0, b)
            } else {
                betainc(a + 1.0, x, 1.0 - b) - q
            }
        }
        Kind::FDfd => {
            if x > 1e14 {
                // the chi-square limit (exact to rounding here); the incomplete beta function
                // of so unequal parameters is not
                let h = 0.5 * a;
                return if lower {
                    igam(h, h * b) - p
                } else {
                    q - igamc(h, h * b)
                };
            }
            if lower {
                fdtr(a, x, b) - p
            } else {
                q - fdtrc(a, x, b)
            }
        }
        Kind::GammaB => {
            if lower {
                p - igam(x, a)
            } else {
                igamc(x, a) - q
            }
        }
    }
}

/// Where the search ended: the root, or the bound beyond which it lies.
enum Found {
    Root(f64),
    Below,
    Above,
    Nan,
}

/// The root of the increasing residual in `[lo, hi]` from the first guess `x0`.
fn solve(pr: &Problem, lo: f64, hi: f64, x0: f64) -> Found {
    // max then min (not clamp, which panics when lo > hi): the CUDA side's fmin(fmax())
    let x = x0.max(lo).min(hi);
    let fx = residual(pr, x);
    if fx.is_nan() {
        return Found::Nan;
    }
    if fx == 0.0 {
        return Found::Root(x);
    }
    let (mut a, mut fa, mut b, mut fb);
    if fx < 0.0 {
        // the root lies above x
        a = x;
        fa = fx;
        loop {
            let n = if a > 0.0 {
                (a * 8.0).min(hi)
            } else {
                1.0f64.min(hi)
            };
            let fn_ = residual(pr, n);
            if fn_.is_nan() {
                return Found::Nan;
            }
            if fn_ >= 0.0 {
                b = n;
                fb = fn_;
                break;
            }
            if n >= hi {
                return Found::Above;
            }
            a = n;
            fa = fn_;
        }
    } else {
        // the root lies below x
        b = x;
        fb = fx;
        loop {
            let mut n = b * 0.125;
            if n <= lo || (lo == 0.0 && b <= 1.0) {
                n = lo;
            }
            let fn_ = residual(pr, n);
            if fn_.is_nan() {
                return Found::Nan;
            }
            if fn_ <= 0.0 {
                a = n;
                fa = fn_;
                break;
            }
            if n <= lo {
                return Found::Below;
            }
            b = n;
            fb = fn_;
        }
    }
    if fa == 0.0 {
        return Found::Root(a);
    }
    if fb == 0.0 {
        return Found::Root(b);
    }
    // Illinois: halve the value kept at an end that stays twice in a row
    let mut side = 0i32;
    for _ in 0..MAXIT {
        let m = if a > 0.0 && b > 4.0 * a {
            (a * b).sqrt()
        } else {
            let s = a - fa * (b - a) / (fb - fa);
            if s > a && s < b { s } else { 0.5 * (a + b) }
        };
        let fm = residual(pr, m);
        if fm.is_nan() {
            return Found::Nan;
        }
        if fm == 0.0 {
            return Found::Root(m);
        }
        if fm < 0.0 {
            a = m;
            fa = fm;
            if side == 1 {
                fb *= 0.5;
            }
            side = 1;
        } else {
            b = m;
            fb = fm;
            if side == -1 {
                fa *= 0.5;
            }
            side = -1;
        }
        if b - a <= 2.0 * EPS * b {
            break;
        }
    }
    Found::Root(a + 0.5 * (b - a))
}

/// A CDFLIB search: the root, or the bound it lies beyond (SciPy's `return_bound`).
fn search(kind: Kind, p: f64, a: f64, b: f64, lo: f64, hi: f64, x0: f64) -> f64 {
    let pr = Problem {
        kind,
        p,
        q: 1.0 - p,
        a,
        b,
    };
    match solve(&pr, lo, hi, x0) {
        Found::Root(x) => x,
        Found::Below => lo,
        Found::Above => hi,
        Found::Nan => NAN,
    }
}

/// CDFLIB's search bounds (its `inf` and `zero`).
const BIG: f64 = 1e100;
const SMALL: f64 = 1e-100;

/// CDFLIB's first guess.
const START: f64 = 5.0;

/// CDFLIB's answer where the distribution function does not depend on the parameter (`cum`
/// everywhere): its search takes the residual `cum - p` (`1 - cum - q` for `p > 1/2`) as
/// decreasing, so a negative residual gives the lower bound, a positive one the upper bound
/// and zero its first guess.
fn flat(p: f64, cum: f64, lo: f64, hi: f64) -> f64 {
    let r = if p <= 1.0 - p {
        cum - p
    } else {
        (1.0 - cum) - (1.0 - p)
    };
    if r < 0.0 {
        lo
    } else if r > 0.0 {
        hi
    } else {
        START
    }
}

/// Whether `p` is a probability.
fn is_prob(p: f64) -> bool {
    (0.0..=1.0).contains(&p)
}

/// SciPy's `pdtrik(p, m)`: `k` with `pdtr(k, m) = p` (continuous `k >= 0`).
pub(crate) fn pdtrik(p: f64, m: f64) -> f64 {
    if p.is_nan() || m.is_nan() || !is_prob(p) || m < 0.0 || p == 1.0 {
        return NAN;
    }
    if p == 0.0 {
        return 0.0;
    }
    if m.is_infinite() {
        return NAN;
    }
    if m == 0.0 {
        return 0.0;
    }
    search(Kind::PoissonK, p, m, 0.0, 0.0, BIG, START)
}

/// SciPy's `bdtrik(y, n, pr)`: `k` in `[0, n]` with `bdtr(k, n, pr) = y`.
pub(crate) fn bdtrik(y: f64, n: f64, pr: f64) -> f64 {
    if y.is_nan() || n.is_nan() || pr.is_nan() || !is_prob(y) {
        return NAN;
    }
    if n <= 0.0 || n.is_infinite() || pr <= 0.0 || pr > 1.0 {
        return NAN;
    }
    if y == 1.0 {
        return n;
    }
    search(Kind::BinomK, y, n, pr, 0.0, n, 0.5 * n)
}

/// SciPy's `bdtrin(k, y, pr)`: `n >= k` with `bdtr(k, n, pr) = y`.
pub(crate) fn bdtrin(k: f64, y: f64, pr: f64) -> f64 {
    if k.is_nan() || y.is_nan() || pr.is_nan() || !is_prob(y) {
        return NAN;
    }
    if k < 0.0 || k.is_infinite() || !(pr > 0.0 && pr <= 1.0) {
        return NAN;
    }
    if pr == 1.0 {
        // the cdf is 1 for n <= k and 0 beyond: the root is k, or no n at all for k = 0
        return if k == 0.0 {
            flat(y, 0.0, SMALL, BIG)
        } else {
            k
        };
    }
    search(Kind::BinomN, y, k, pr, k, BIG, START)
}

/// SciPy's `chdtriv(p, x)`: `v` with `chdtr(v, x) = p`.
pub(crate) fn chdtriv(p: f64, x: f64) -> f64 {
    if p.is_nan() || x.is_nan() || !is_prob(p) || x <= 0.0 {
        return NAN;
    }
    if p == 0.0 {
        return INF;
    }
    if p == 1.0 {
        return 0.0;
    }
    if x.is_infinite() {
        return NAN;
    }
    search(Kind::ChiV, p, x, 0.0, SMALL, BIG, START)
}

/// SciPy's `stdtridf(p, t)`: `df` with `stdtr(df, t) = p`, searched in `[1e-50, 1e10]`.
pub(crate) fn stdtridf(p: f64, t: f64) -> f64 {
    if p.is_nan() || t.is_nan() || !is_prob(p) {
        return NAN;
    }
    if t == 0.0 {
        // every df gives 1/2: CDFLIB returns its first guess for p = 1/2, its bound otherwise
        return if p == 0.5 { 5.0 } else { 1e10 };
    }
    if p == 0.5 {
        // the root is df -> 0: CDFLIB stops within its absolute tolerance 1e-50
        return 5e-51;
    }
    let pr = Problem {
        kind: Kind::StudentDf,
        p,
        q: 1.0 - p,
        a: t,
        b: 0.0,
    };
    match solve(&pr, SMALL, 1e10, START) {
        Found::Root(x) => x,
        // SciPy's CDFLIB search answers -1e100 where the root would be below 0
        Found::Below => -BIG,
        Found::Above => 1e10,
        Found::Nan => NAN,
    }
}

/// SciPy's `nbdtrik(y, n, pr)`: `k >= 0` with `nbdtr(k, n, pr) = y`.
pub(crate) fn nbdtrik(y: f64, n: f64, pr: f64) -> f64 {
    if y.is_nan() || n.is_nan() || pr.is_nan() || !is_prob(y) || y == 1.0 {
        return NAN;
    }
    if n < 0.0 || n.is_infinite() || !is_prob(pr) {
        return NAN;
    }
    if pr == 0.0 {
        return flat(y, 0.0, 0.0, BIG);
    }
    if pr == 1.0 || n == 0.0 {
        return flat(y, 1.0, 0.0, BIG);
    }
    search(Kind::NbinomK, y, n, pr, 0.0, BIG, START)
}

/// SciPy's `nbdtrin(k, y, pr)`: `n > 0` with `nbdtr(k, n, pr) = y`.
pub(crate) fn nbdtrin(k: f64, y: f64, pr: f64) -> f64 {
    if k.is_nan() || y.is_nan() || pr.is_nan() || !is_prob(y) || y == 1.0 {
        return NAN;
    }
    if k < 0.0 || k.is_infinite() || !is_prob(pr) {
        return NAN;
    }
    if pr == 0.0 {
        return flat(y, 0.0, 0.0, BIG);
    }
    if pr == 1.0 {
        return flat(y, 1.0, 0.0, BIG);
    }
    search(Kind::NbinomN, y, k, pr, 0.0, BIG, START)
}

/// SciPy's `fdtridfd(dfn, p, x)`: `dfd` with `fdtr(dfn, dfd, x) = p`, searched in
/// `[1e-100, 1e100]`.
pub(crate) fn fdtridfd(dfn: f64, p: f64, x: f64) -> f64 {
    if dfn.is_nan() || p.is_nan() || x.is_nan() || !is_prob(p) || p == 1.0 {
        return NAN;
    }
    if dfn <= 0.0 || dfn.is_infinite() || x < 0.0 {
        return NAN;
    }
    if x.is_infinite() {
        return NAN;
    }
    if x == 0.0 {
        return flat(p, 0.0, SMALL, BIG);
    }
    search(Kind::FDfd, p, dfn, x, SMALL, BIG, START)
}

/// SciPy's `gdtrib(a, p, x)` (xsf): the shape `b` with `gdtr(a, b, x) = p`.
pub(crate) fn gdtrib(a: f64, p: f64, x: f64) -> f64 {
    if a.is_nan() || p.is_nan() || x.is_nan() || !is_prob(p) {
        return NAN;
    }
    if a <= 0.0 || a.is_infinite() || x < 0.0 || x.is_infinite() {
        return NAN;
    }
    if x == 0.0 {
        return if p == 0.0 { NAN } else { 0.0 };
    }
    if p == 0.0 {
        return INF;
    }
    if p == 1.0 {
        return 0.0;
    }
    let pr = Problem {
        kind: Kind::GammaB,
        p,
        q: 1.0 - p,
        a: a * x,
        b: 0.0,
    };
    match solve(&pr, f64::MIN_POSITIVE, f64::MAX, 1.0) {
        Found::Root(b) => b,
        Found::Below => 0.0,
        Found::Above => INF,
        Found::Nan => NAN,
    }
}

/// SciPy's `gdtrix(a, b, p)` (xsf): `gammaincinv(b, p) / a`.
pub(crate) fn gdtrix(a: f64, b: f64, p: f64) -> f64 {
    if a == 0.0 && b == 0.0 {
        return NAN;
    }
    if (a.is_infinite() || b.is_infinite()) && a >= 0.0 && b >= 0.0 {
        return NAN;
    }
    gammaincinv(b, p) / a
}

/// SciPy's `gdtria(p, b, x)` (xsf): `gammaincinv(b, p) / x`.
pub(crate) fn gdtria(p: f64, b: f64, x: f64) -> f64 {
    if x == 0.0 {
        return NAN;
    }
    if b == 0.0 && p == 0.0 {
        return if x.is_infinite() && x > 0.0 { NAN } else { 0.0 };
    }
    gammaincinv(b, p) / x
}
