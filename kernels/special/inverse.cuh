// ---------------------------------------------------------------- inverses (scalar/inverse.rs)
// Halley's iteration in a bracket for the incomplete gamma and beta functions, and the
// distribution inverses built on them; the same steps as the Rust side.
#define SP_INV_EPS 2.220446049250313e-16
#define SP_INV_MAXIT 400

__device__ double sp_inv_bisect(double lo, double hi) {
    if (isinf(hi)) return lo > 0.0 ? lo * 2.0 : 1.0;
    if (lo <= 0.0) return hi * 0.125;
    if (hi > 4.0 * lo) return sqrt(lo * hi);
    return 0.5 * (lo + hi);
}

// The next iterate from x of residual f, density pdf and value v: Newton's step f / pdf (times
// v in logmode, the residual being a difference of logarithms), else with Halley's correction
// 1 / (1 - h), h = dx curv / 2 (curv the logarithmic derivative of the density), when
// |h| < 1/2. NaN when the density is not positive and finite or the residual is not finite.
__device__ double sp_inv_halley(double x, double f, double pdf, double v, bool logmode, double curv) {
    if (!(pdf > 0.0 && isfinite(pdf) && isfinite(f))) return SP_NAN;
    double dx = f / pdf;
    if (logmode) {
        dx *= v;
    } else {
        double h = 0.5 * dx * curv;
        if (fabs(h) < 0.5) dx /= 1.0 - h;
    }
    return x - dx;
}
__device__ double sp_igam_root(double a, double y, bool lower) {
    double lg = sp_lgam(a);
    double z = lower ? sp_ndtri(y) : -sp_ndtri(y);
    double c = 1.0 / (9.0 * a);
    double w = 1.0 - c + z * sqrt(c);
    double x = a * w * w * w;
    double lp = lower ? log(y) : log1p(-y);
    double xs = exp((lp + sp_lgam(a + 1.0)) / a);
    if (lower && xs > 0.0 && xs < a / 3.0) {
        x = xs;
    } else if (a < 1.0 || !(x > 0.0)) {
        if (xs > 0.0 && (xs < 1.0 || !(x > 0.0))) x = xs;
        else if (!(x > 0.0)) x = 1.0;
    }
    if (!isfinite(x)) x = 1.0;
    bool logmode = y < 1e-8;
    double ly = log(y);
    double lo = 0.0, hi = SP_INF;
    for (int it = 0; it < SP_INV_MAXIT; ++it) {
        double v = lower ? sp_igam(a, x) : sp_igamc(a, x);
        double f = logmode ? (lower ? log(v) - ly : ly - log(v)) : (lower ? v - y : y - v);
        if (f == 0.0) return x;
        if (f > 0.0) hi = x; else lo = x;
        double pdf = exp((a - 1.0) * log(x) - x - lg);
        double xn = sp_inv_halley(x, f, pdf, v, logmode, (a - 1.0) / x - 1.0);
        if (!(xn > lo && xn < hi) || (isinf(hi) && xn > 8.0 * fmax(x, 1.0))) xn = sp_inv_bisect(lo, hi);
        if (fabs(xn - x) <= 2.0 * SP_INV_EPS * xn || (isfinite(hi) && hi - lo <= 2.0 * SP_INV_EPS * hi)) return xn;
        x = xn;
    }
    return x;
}

__device__ double sp_gammaincinv(double a, double p) {
    if (isnan(a) || isnan(p) || a < 0.0 || !(p >= 0.0 && p <= 1.0) || isinf(a)) return SP_NAN;
    if (p == 0.0) return 0.0;
    if (p == 1.0) return SP_INF;
    /* SciPy's igami at a = 0 (see inverse.rs): 0 for 1 - p <= 1e-5, NaN above */
    if (a == 0.0) return 1.0 - p <= 1e-5 ? 0.0 : SP_NAN;
    return p <= 0.5 ? sp_igam_root(a, p, true) : sp_igam_root(a, 1.0 - p, false);
}

__device__ double sp_gammainccinv(double a, double q) {
    if (isnan(a) || isnan(q) || a < 0.0 || !(q >= 0.0 && q <= 1.0) || isinf(a)) return SP_NAN;
    if (q == 0.0) return SP_INF;
    if (q == 1.0) return 0.0;
    /* SciPy's igamci at a = 0: 0 for q <= 1e-5, NaN above */
    if (a == 0.0) return q <= 1e-5 ? 0.0 : SP_NAN;
    return q <= 0.5 ? sp_igam_root(a, q, false) : sp_igam_root(a, 1.0 - q, true);
}

__device__ double sp_ibeta_root(double a, double b, double y, double yc) {
    double lb = sp_lbeta(a, b);
    double x;
    if (a >= 1.0 && b >= 1.0) {
        double pp = y < 0.5 ? y : yc;
        double t = sqrt(-2.0 * log(pp));
        double z = (2.30753 + t * 0.27061) / (1.0 + t * (0.99229 + t * 0.04481)) - t;
        if (y < 0.5) z = -z;
        double al = (z * z - 3.0) / 6.0;
        double h = 2.0 / (1.0 / (2.0 * a - 1.0) + 1.0 / (2.0 * b - 1.0));
        double w = z * sqrt(al + h) / h
                   - (1.0 / (2.0 * b - 1.0) - 1.0 / (2.0 * a - 1.0)) * (al + 5.0 / 6.0 - 2.0 / (3.0 * h));
        x = a / (a + b * exp(2.0 * w));
    } else {
        double lna = log(a / (a + b));
        double lnb = log(b / (a + b));
        double t = exp(a * lna) / a;
        double u = exp(b * lnb) / b;
        double w = t + u;
        x = y < t / w ? pow(a * w * y, 1.0 / a) : 1.0 - pow(b * w * yc, 1.0 / b);
    }
    if (!(x > 0.0 && x < 1.0)) x = 0.5;
    double lo = 0.0, hi = 1.0;
    for (int it = 0; it < SP_INV_MAXIT; ++it) {
        double pdf = exp((a - 1.0) * log(x) + (b - 1.0) * log1p(-x) - lb);
        bool upper = y > 0.5 && isfinite(pdf) && y - yc > 0.5 * pdf;
        double v = upper ? sp_betainc(b, a, 1.0 - x) : sp_betainc(a, b, x);
        double t = upper ? yc : y;
        bool logmode = t < 1e-8;
        double f = logmode ? (upper ? log(t) - log(v) : log(v) - log(t)) : (upper ? t - v : v - t);
        if (f == 0.0) return x;
        if (f > 0.0) hi = x; else lo = x;
        double xn = sp_inv_halley(x, f, pdf, v, logmode, (a - 1.0) / x - (b - 1.0) / (1.0 - x));
        if (!(xn > lo && xn < hi)) xn = sp_inv_bisect(lo, hi);
        if (fabs(xn - x) <= 2.0 * SP_INV_EPS * xn || (hi - lo) <= 2.0 * SP_INV_EPS * hi) return xn;
        x = xn;
    }
    return x;
}

// (x, 1 - x) with I_x(a, b) = y, yc = 1 - y
__device__ void sp_incbi_pair(double a, double b, double y, double yc, double *x, double *xc) {
    bool below = y <= 0.5 ? y <= sp_betainc(a, b, 0.5) : yc >= sp_betainc(b, a, 0.5);
    if (below) {
        *x = sp_ibeta_root(a, b, y, yc);
        *xc = 1.0 - *x;
    } else {
        *xc = sp_ibeta_root(b, a, yc, y);
        *x = 1.0 - *xc;
    }
}

// sp_betaincinv (upper false) and sp_betainccinv (upper true): NaN outside the domain, the end
// points 0 and 1 exactly at y = 0 and y = 1.
__device__ double sp_betainc_inverse(double a, double b, double y, bool upper) {
    if (isnan(a) || isnan(b) || isnan(y) || !(a > 0.0 && b > 0.0)) return SP_NAN;
    if (!(y >= 0.0 && y <= 1.0) || isinf(a) || isinf(b)) return SP_NAN;
    // y = 1 of the lower tail and y = 0 of the upper tail give x = 1
    if (y == 0.0 || y == 1.0) return (y == 1.0) != upper ? 1.0 : 0.0;
    double x, xc;
    if (upper) {
        sp_incbi_pair(a, b, 1.0 - y, y, &x, &xc);
    } else {
        sp_incbi_pair(a, b, y, 1.0 - y, &x, &xc);
    }
    return x;
}
__device__ double sp_betaincinv(double a, double b, double y) { return sp_betainc_inverse(a, b, y, false); }
__device__ double sp_betainccinv(double a, double b, double y) { return sp_betainc_inverse(a, b, y, true); }

__device__ double sp_stdtrit(double df, double p) {
    if (isnan(df) || isnan(p) || !(df > 0.0) || !(p >= 0.0 && p <= 1.0)) return SP_NAN;
    if (isinf(df)) return sp_ndtri(p);
    if (p == 0.0) return -SP_INF;
    if (p == 1.0) return SP_INF;
    if (p == 0.5) return 0.0;
    double z, zc;
    if (p < 0.5) { z = 2.0 * p; zc = (1.0 - p) - p; }
    else { z = 2.0 * (1.0 - p); zc = p - (1.0 - p); }
    double x, xc;
    sp_incbi_pair(0.5 * df, 0.5, z, zc, &x, &xc);
    double t = sqrt(df * xc / x);
    return p < 0.5 ? -t : t;
}

__device__ double sp_chdtri(double v, double y) {
    if (!(y >= 0.0 && y <= 1.0)) return SP_NAN;
    return 2.0 * sp_gammainccinv(0.5 * v, y);
}

__device__ double sp_pdtri(double k, double y) {
    if (isnan(k) || isnan(y)) return SP_NAN;
    k = trunc(k);
    if (k < 0.0 || !(y >= 0.0 && y < 1.0)) return SP_NAN;
    return sp_gammainccinv(k + 1.0, y);
}

__device__ double sp_bdtri(double k, double n, double y) {
    if (isnan(k) || isnan(n) || isnan(y)) return SP_NAN;
    double fk = floor(k);
    n = trunc(n);
    if (!(y >= 0.0 && y <= 1.0) || fk < 0.0 || n <= fk) return SP_NAN;
    double dn = n - fk;
    if (fk == 0.0) return y > 0.8 ? -expm1(log1p(y - 1.0) / dn) : 1.0 - pow(y, 1.0 / dn);
    if (y == 0.0) return 1.0;
    if (y == 1.0) return 0.0;
    double x, xc;
    sp_incbi_pair(dn, fk + 1.0, y, 1.0 - y, &x, &xc);
    return xc;
}

__device__ double sp_fdtri(double a, double b, double y) {
    if (isnan(a) || isnan(b) || isnan(y) || !(a > 0.0 && b > 0.0)) return SP_NAN;
    if (!(y >= 0.0 && y <= 1.0)) return SP_NAN;
    if (y == 0.0) return 0.0;
    if (y == 1.0) return SP_INF;
    double w, wc;
    sp_incbi_pair(0.5 * a, 0.5 * b, y, 1.0 - y, &w, &wc);
    return b * w / (a * wc);
}

__device__ double sp_nbdtri(double k, double n, double y) {
    if (isnan(k) || isnan(n) || isnan(y)) return SP_NAN;
    k = trunc(k);
    n = trunc(n);
    if (!(y >= 0.0 && y <= 1.0) || k < 0.0 || n <= 0.0) return SP_NAN;
    return sp_betaincinv(n, k + 1.0, y);
}
