// ---------------------------------------------------------------- discrete quantiles (scalar/discrete.rs)
// The smallest integer k with cdf(k) >= q (ppf) or sf(k) <= q (isf) of the Poisson and
// binomial distributions: galloping from a normal-approximation guess, then bisection.

__device__ bool sp_disc_pred(int kind, double k, double a, double b, double q) {
    switch (kind) {
    case 0: return sp_pdtr(k, a) >= q;
    case 1: return sp_pdtrc(k, a) <= q;
    case 2: return sp_bdtr(k, a, b) >= q;
    default: return sp_bdtrc(k, a, b) <= q;
    }
}

__device__ double sp_disc_smallest(int kind, double a, double b, double q, double g, double max) {
    g = isnan(g) ? 0.0 : fmin(fmax(floor(g), 0.0), fmin(max, 9.0e15));
    double lo, hi;
    if (sp_disc_pred(kind, g, a, b, q)) {
        hi = g;
        lo = -1.0;
        double step = 1.0;
        while (hi - step > -1.0) {
            double t = hi - step;
            if (sp_disc_pred(kind, t, a, b, q)) {
                hi = t;
                step *= 2.0;
            } else {
                lo = t;
                break;
            }
        }
    } else {
        lo = g;
        double step = 1.0;
        for (;;) {
            double t = fmin(lo + step, max);
            if (t >= 9.0e15) return SP_INF;
            if (sp_disc_pred(kind, t, a, b, q)) {
                hi = t;
                break;
            }
            lo = t;
            step *= 2.0;
        }
    }
    while (hi - lo > 1.0) {
        double mid = floor(0.5 * (lo + hi));
        if (sp_disc_pred(kind, mid, a, b, q)) hi = mid; else lo = mid;
    }
    return hi;
}

__device__ double sp_poisson_quantile(double q, double mu, bool upper) {
    if (isnan(q)) return SP_NAN;
    if (q == (upper ? 1.0 : 0.0)) return -1.0;
    if (isnan(mu) || mu < 0.0 || isinf(mu) || !(q >= 0.0 && q <= 1.0)) return SP_NAN;
    if (q == (upper ? 0.0 : 1.0)) return SP_INF;
    double z = upper ? -sp_ndtri(q) : sp_ndtri(q);
    double g = mu + sqrt(mu) * z;
    return sp_disc_smallest(upper ? 1 : 0, mu, 0.0, q, g, SP_INF);
}

__device__ double sp_binom_quantile(double q, double n, double p, bool upper) {
    if (isnan(q)) return SP_NAN;
    if (q == (upper ? 1.0 : 0.0)) return -1.0;
    if (isnan(n) || isnan(p) || n < 0.0 || floor(n) != n || isinf(n)) return SP_NAN;
    if (!(p >= 0.0 && p <= 1.0) || !(q >= 0.0 && q <= 1.0)) return SP_NAN;
    if (q == (upper ? 0.0 : 1.0)) return n;
    double z = upper ? -sp_ndtri(q) : sp_ndtri(q);
    double g = n * p + sqrt(n * p * (1.0 - p)) * z;
    return sp_disc_smallest(upper ? 3 : 2, n, p, q, g, n);
}

__device__ double sp_poisson_ppf(double q, double mu) { return sp_poisson_quantile(q, mu, false); }
__device__ double sp_poisson_isf(double q, double mu) { return sp_poisson_quantile(q, mu, true); }
__device__ double sp_binom_ppf(double q, double n, double p) { return sp_binom_quantile(q, n, p, false); }
__device__ double sp_binom_isf(double q, double n, double p) { return sp_binom_quantile(q, n, p, true); }

SP_BINARY(poisson_ppf, sp_poisson_ppf)
SP_BINARY(poisson_isf, sp_poisson_isf)
SP_TERNARY(binom_ppf, sp_binom_ppf)
SP_TERNARY(binom_isf, sp_binom_isf)
