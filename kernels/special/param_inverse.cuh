// kernels/special/param_inverse.cuh: the distribution parameter inverses (pdtrik, bdtrik, bdtrin,
// chdtriv, stdtridf, nbdtrik, nbdtrin, fdtridfd, gdtrib) and the closed forms gdtrix, gdtria;
// the same steps as crates/cuprum-special/src/scalar/param_inverse.rs. Part of the
// scipy.special CUDA source (see common.cuh); uses sp_igam, sp_igamc (gamma.cuh), sp_betainc,
// sp_gammaincinv (inverse.cuh), sp_stdtr, sp_fdtr, sp_fdtrc (special.cu).

#define SP_PI_EPS 2.220446049250313e-16
#define SP_PI_MAXIT 300
#define SP_PI_BIG 1e100
#define SP_PI_DBL_MIN 2.2250738585072014e-308
#define SP_PI_DBL_MAX 1.7976931348623157e308

// the kinds of residual (scalar/param_inverse.rs's Kind)
#define SP_PI_POISSON_K 0
#define SP_PI_BINOM_K 1
#define SP_PI_BINOM_N 2
#define SP_PI_CHI_V 3
#define SP_PI_STUDENT_DF 4
#define SP_PI_NBINOM_K 5
#define SP_PI_NBINOM_N 6
#define SP_PI_F_DFD 7
#define SP_PI_GAMMA_B 8

// where the search ended
#define SP_PI_ROOT 0
#define SP_PI_BELOW 1
#define SP_PI_ABOVE 2
#define SP_PI_NAN 3

// The residual at x: increasing in x, zero at the root.
__device__ double sp_pi_residual(int kind, double p, double q, double a, double b, double x) {
    bool lower = p <= q;
    switch (kind) {
    case SP_PI_POISSON_K:
        return lower ? sp_igamc(x + 1.0, a) - p : q - sp_igam(x + 1.0, a);
    case SP_PI_BINOM_K:
        if (x >= a) return lower ? 1.0 - p : q;
        return lower ? sp_betainc(a - x, x + 1.0, 1.0 - b) - p : q - sp_betainc(x + 1.0, a - x, b);
    case SP_PI_BINOM_N:
        if (x <= a) return lower ? p - 1.0 : -q;
        return lower ? p - sp_betainc(x - a, a + 1.0, 1.0 - b) : sp_betainc(a + 1.0, x - a, b) - q;
    case SP_PI_CHI_V:
        return lower ? p - sp_igam(0.5 * x, 0.5 * a) : sp_igamc(0.5 * x, 0.5 * a) - q;
    case SP_PI_STUDENT_DF: {
        double r = lower ? sp_stdtr(x, a) - p : q - sp_stdtr(x, -a);
        return a < 0.0 ? -r : r;
    }
    case SP_PI_NBINOM_K:
        return lower ? sp_betainc(a, x + 1.0, b) - p : q - sp_betainc(x + 1.0, a, 1.0 - b);
    case SP_PI_NBINOM_N:
        if (x <= 0.0) return lower ? p - 1.0 : -q;
        return lower ? p - sp_betainc(x, a + 1.0, b) : sp_betainc(a + 1.0, x, 1.0 - b) - q;
    case SP_PI_F_DFD:
        // beyond 1e14 the chi-square limit (exact to rounding there)
        if (x > 1e14) return lower ? sp_igam(0.5 * a, 0.5 * a * b) - p : q - sp_igamc(0.5 * a, 0.5 * a * b);
        return lower ? sp_fdtr(a, x, b) - p : q - sp_fdtrc(a, x, b);
    default:  // SP_PI_GAMMA_B
        return lower ? p - sp_igam(x, a) : sp_igamc(x, a) - q;
    }
}

// The root of the increasing residual in [lo, hi] from the first guess x0: the status, and the
// root in *root when the status is SP_PI_ROOT.
__device__ int sp_pi_solve(int kind, double p, double a, double b, double lo, double hi, double x0, double *root) {
    double q = 1.0 - p;
    double x = fmin(fmax(x0, lo), hi);
    double fx = sp_pi_residual(kind, p, q, a, b, x);
    if (isnan(fx)) return SP_PI_NAN;
    if (fx == 0.0) {
        *root = x;
        return SP_PI_ROOT;
    }
    double ea, fa, eb, fb;
    if (fx < 0.0) {
        ea = x;
        fa = fx;
        for (;;) {
            double n = ea > 0.0 ? fmin(ea * 8.0, hi) : fmin(1.0, hi);
            double fn = sp_pi_residual(kind, p, q, a, b, n);
            if (isnan(fn)) return SP_PI_NAN;
            if (fn >= 0.0) {
                eb = n;
                fb = fn;
                break;
            }
            if (n >= hi) return SP_PI_ABOVE;
            ea = n;
            fa = fn;
        }
    } else {
        eb = x;
        fb = fx;
        for (;;) {
            double n = eb * 0.125;
            if (n <= lo || (lo == 0.0 && eb <= 1.0)) n = lo;
            double fn = sp_pi_residual(kind, p, q, a, b, n);
            if (isnan(fn)) return SP_PI_NAN;
            if (fn <= 0.0) {
                ea = n;
                fa = fn;
                break;
            }
            if (n <= lo) return SP_PI_BELOW;
            eb = n;
            fb = fn;
        }
    }
    if (fa == 0.0) {
        *root = ea;
        return SP_PI_ROOT;
    }
    if (fb == 0.0) {
        *root = eb;
        return SP_PI_ROOT;
    }
    int side = 0;
    for (int it = 0; it < SP_PI_MAXIT; ++it) {
        double m;
        if (ea > 0.0 && eb > 4.0 * ea) {
            m = sqrt(ea * eb);
        } else {
            double s = ea - fa * (eb - ea) / (fb - fa);
            m = (s > ea && s < eb) ? s : 0.5 * (ea + eb);
        }
        double fm = sp_pi_residual(kind, p, q, a, b, m);
        if (isnan(fm)) return SP_PI_NAN;
        if (fm == 0.0) {
            *root = m;
            return SP_PI_ROOT;
        }
        if (fm < 0.0) {
            ea = m;
            fa = fm;
            if (side == 1) fb *= 0.5;
            side = 1;
        } else {
            eb = m;
            fb = fm;
            if (side == -1) fa *= 0.5;
            side = -1;
        }
        if (eb - ea <= 2.0 * SP_PI_EPS * eb) break;
    }
    *root = ea + 0.5 * (eb - ea);
    return SP_PI_ROOT;
}

// A CDFLIB search: the root, or the bound it lies beyond.
__device__ double sp_pi_search(int kind, double p, double a, double b, double lo, double hi, double x0) {
    double r = SP_NAN;
    int st = sp_pi_solve(kind, p, a, b, lo, hi, x0, &r);
    if (st == SP_PI_ROOT) return r;
    if (st == SP_PI_BELOW) return lo;
    if (st == SP_PI_ABOVE) return hi;
    return SP_NAN;
}

__device__ bool sp_pi_is_prob(double p) { return p >= 0.0 && p <= 1.0; }

#define SP_PI_SMALL 1e-100
#define SP_PI_START 5.0

// CDFLIB's answer where the distribution function does not depend on the parameter (cum
// everywhere): a negative residual gives the lower bound, a positive one the upper bound, zero
// its first guess.
__device__ double sp_pi_flat(double p, double cum, double lo, double hi) {
    double r = p <= 1.0 - p ? cum - p : (1.0 - cum) - (1.0 - p);
    if (r < 0.0) return lo;
    if (r > 0.0) return hi;
    return SP_PI_START;
}

__device__ double sp_pdtrik(double p, double m) {
    if (isnan(p) || isnan(m) || !sp_pi_is_prob(p) || m < 0.0 || p == 1.0) return SP_NAN;
    if (p == 0.0) return 0.0;
    if (isinf(m)) return SP_NAN;
    if (m == 0.0) return 0.0;
    return sp_pi_search(SP_PI_POISSON_K, p, m, 0.0, 0.0, SP_PI_BIG, SP_PI_START);
}

__device__ double sp_bdtrik(double y, double n, double pr) {
    if (isnan(y) || isnan(n) || isnan(pr) || !sp_pi_is_prob(y)) return SP_NAN;
    if (!(n > 0.0) || isinf(n) || !(pr > 0.0 && pr <= 1.0)) return SP_NAN;
    if (y == 1.0) return n;
    return sp_pi_search(SP_PI_BINOM_K, y, n, pr, 0.0, n, 0.5 * n);
}

__device__ double sp_bdtrin(double k, double y, double pr) {
    if (isnan(k) || isnan(y) || isnan(pr) || !sp_pi_is_prob(y)) return SP_NAN;
    if (k < 0.0 || isinf(k) || !(pr > 0.0 && pr <= 1.0)) return SP_NAN;
    if (pr == 1.0) return k == 0.0 ? sp_pi_flat(y, 0.0, SP_PI_SMALL, SP_PI_BIG) : k;
    return sp_pi_search(SP_PI_BINOM_N, y, k, pr, k, SP_PI_BIG, SP_PI_START);
}

__device__ double sp_chdtriv(double p, double x) {
    if (isnan(p) || isnan(x) || !sp_pi_is_prob(p) || !(x > 0.0)) return SP_NAN;
    if (p == 0.0) return SP_INF;
    if (p == 1.0) return 0.0;
    if (isinf(x)) return SP_NAN;
    return sp_pi_search(SP_PI_CHI_V, p, x, 0.0, SP_PI_SMALL, SP_PI_BIG, SP_PI_START);
}

__device__ double sp_stdtridf(double p, double t) {
    if (isnan(p) || isnan(t) || !sp_pi_is_prob(p)) return SP_NAN;
    if (t == 0.0) return p == 0.5 ? 5.0 : 1e10;
    if (p == 0.5) return 5e-51;
    double r = SP_NAN;
    int st = sp_pi_solve(SP_PI_STUDENT_DF, p, t, 0.0, SP_PI_SMALL, 1e10, SP_PI_START, &r);
    if (st == SP_PI_ROOT) return r;
    if (st == SP_PI_BELOW) return -SP_PI_BIG;
    if (st == SP_PI_ABOVE) return 1e10;
    return SP_NAN;
}

__device__ double sp_nbdtrik(double y, double n, double pr) {
    if (isnan(y) || isnan(n) || isnan(pr) || !sp_pi_is_prob(y) || y == 1.0) return SP_NAN;
    if (n < 0.0 || isinf(n) || !sp_pi_is_prob(pr)) return SP_NAN;
    if (pr == 0.0) return sp_pi_flat(y, 0.0, 0.0, SP_PI_BIG);
    if (pr == 1.0 || n == 0.0) return sp_pi_flat(y, 1.0, 0.0, SP_PI_BIG);
    return sp_pi_search(SP_PI_NBINOM_K, y, n, pr, 0.0, SP_PI_BIG, SP_PI_START);
}

__device__ double sp_nbdtrin(double k, double y, double pr) {
    if (isnan(k) || isnan(y) || isnan(pr) || !sp_pi_is_prob(y) || y == 1.0) return SP_NAN;
    if (k < 0.0 || isinf(k) || !sp_pi_is_prob(pr)) return SP_NAN;
    if (pr == 0.0) return sp_pi_flat(y, 0.0, 0.0, SP_PI_BIG);
    if (pr == 1.0) return sp_pi_flat(y, 1.0, 0.0, SP_PI_BIG);
    return sp_pi_search(SP_PI_NBINOM_N, y, k, pr, 0.0, SP_PI_BIG, SP_PI_START);
}

__device__ double sp_fdtridfd(double dfn, double p, double x) {
    if (isnan(dfn) || isnan(p) || isnan(x) || !sp_pi_is_prob(p) || p == 1.0) return SP_NAN;
    if (!(dfn > 0.0) || isinf(dfn) || x < 0.0) return SP_NAN;
    if (isinf(x)) return SP_NAN;
    if (x == 0.0) return sp_pi_flat(p, 0.0, SP_PI_SMALL, SP_PI_BIG);
    return sp_pi_search(SP_PI_F_DFD, p, dfn, x, SP_PI_SMALL, SP_PI_BIG, SP_PI_START);
}

__device__ double sp_gdtrib(double a, double p, double x) {
    if (isnan(a) || isnan(p) || isnan(x) || !sp_pi_is_prob(p)) return SP_NAN;
    if (!(a > 0.0) || isinf(a) || !(x >= 0.0) || isinf(x)) return SP_NAN;
    if (x == 0.0) return p == 0.0 ? SP_NAN : 0.0;
    if (p == 0.0) return SP_INF;
    if (p == 1.0) return 0.0;
    double r = SP_NAN;
    int st = sp_pi_solve(SP_PI_GAMMA_B, p, a * x, 0.0, SP_PI_DBL_MIN, SP_PI_DBL_MAX, 1.0, &r);
    if (st == SP_PI_ROOT) return r;
    if (st == SP_PI_BELOW) return 0.0;
    if (st == SP_PI_ABOVE) return SP_INF;
    return SP_NAN;
}

__device__ double sp_gdtrix(double a, double b, double p) {
    if (a == 0.0 && b == 0.0) return SP_NAN;
    if ((isinf(a) || isinf(b)) && a >= 0.0 && b >= 0.0) return SP_NAN;
    return sp_gammaincinv(b, p) / a;
}

__device__ double sp_gdtria(double p, double b, double x) {
    if (x == 0.0) return SP_NAN;
    if (b == 0.0 && p == 0.0) return (isinf(x) && x > 0.0) ? SP_NAN : 0.0;
    return sp_gammaincinv(b, p) / x;
}

SP_BINARY(pdtrik, sp_pdtrik)
SP_TERNARY(bdtrik, sp_bdtrik)
SP_TERNARY(bdtrin, sp_bdtrin)
SP_BINARY(chdtriv, sp_chdtriv)
SP_BINARY(stdtridf, sp_stdtridf)
SP_TERNARY(nbdtrik, sp_nbdtrik)
SP_TERNARY(nbdtrin, sp_nbdtrin)
SP_TERNARY(fdtridfd, sp_fdtridfd)
SP_TERNARY(gdtrib, sp_gdtrib)
SP_TERNARY(gdtrix, sp_gdtrix)
SP_TERNARY(gdtria, sp_gdtria)
