// kernels/special/confluent.cuh: hyp1f1, Kummer's confluent hypergeometric function for real
// arguments (crates/cuprum-special/src/scalar/confluent.rs): the power series summed in
// double-double, directly for x > 0 and through Kummer's transformation for x < 0 (the other one
// too when the first cancels), DLMF 13.7.2 beyond |x| = 600. Part of the scipy.special CUDA
// source (see common.cuh); after special.cu and gamma.cuh.
__device__ bool sp_nonpos_int(double v) { return v <= 0.0 && v == trunc(v); }
// double-double hi + lo: the series' cancellation costs 32 digits instead of 16
struct sp_dd {
    double hi, lo;
};
__device__ sp_dd sp_dd_make(double hi, double lo) {
    sp_dd r;
    r.hi = hi;
    r.lo = lo;
    return r;
}
__device__ sp_dd sp_two_sum(double a, double b) {
    double s = a + b, bb = s - a;
    return sp_dd_make(s, (a - (s - bb)) + (b - bb));
}
__device__ sp_dd sp_fast_two_sum(double a, double b) {
    double s = a + b;
    return sp_dd_make(s, b - (s - a));
}
__device__ sp_dd sp_dd_add(sp_dd a, sp_dd b) {
    sp_dd s = sp_two_sum(a.hi, b.hi);
    return sp_fast_two_sum(s.hi, s.lo + a.lo + b.lo);
}
__device__ sp_dd sp_dd_add_f(sp_dd a, double b) {
    sp_dd s = sp_two_sum(a.hi, b);
    return sp_fast_two_sum(s.hi, s.lo + a.lo);
}
__device__ sp_dd sp_dd_mul(sp_dd a, sp_dd b) {
    double p = a.hi * b.hi;
    double e = fma(a.hi, b.hi, -p);
    return sp_fast_two_sum(p, e + (a.hi * b.lo + a.lo * b.hi));
}
__device__ sp_dd sp_dd_mul_f(sp_dd a, double b) {
    double p = a.hi * b;
    double e = fma(a.hi, b, -p);
    return sp_fast_two_sum(p, e + a.lo * b);
}
__device__ sp_dd sp_dd_div(sp_dd a, sp_dd b) {
    double q1 = a.hi / b.hi;
    sp_dd r = sp_dd_add(a, sp_dd_mul_f(b, -q1));
    return sp_fast_two_sum(q1, r.hi / b.hi);
}
// sum_k (a)_k / (b)_k x^k / k! in double-double (a a double-double); *maxt: the largest term
__device__ double sp_h1f1_series(sp_dd a, double b, double x, double *maxt) {
    sp_dd term = sp_dd_make(1.0, 0.0), sum = sp_dd_make(1.0, 0.0);
    *maxt = 1.0;
    double past = fmax(-a.hi, -b);
    for (int ki = 0; ki < 20000; ki++) {
        double k = (double)ki;
        sp_dd num = sp_dd_mul_f(sp_dd_add_f(a, k), x);
        sp_dd den = sp_dd_mul_f(sp_two_sum(b, k), k + 1.0);
        term = sp_dd_mul(term, sp_dd_div(num, den));
        sum = sp_dd_add(sum, term);
        double at = fabs(term.hi);
        *maxt = fmax(*maxt, at);
        if (term.hi == 0.0 || !isfinite(sum.hi) || !isfinite(at)) break;
        double next = fabs((a.hi + k + 1.0) * x / ((b + k + 1.0) * (k + 2.0)));
        if (k >= past && next < 0.5 && at <= 1e-18 * fabs(sum.hi)) break;
    }
    return sum.hi + sum.lo;
}
// 1F1(-n; b; x) for a = -n a non-positive integer (also b a non-positive integer <= a)
__device__ double sp_h1f1_polynomial(double a, double b, double x) {
    sp_dd term = sp_dd_make(1.0, 0.0), sum = sp_dd_make(1.0, 0.0);
    for (double k = 0.0; k < -a; k += 1.0) {
        sp_dd r;
        if (a == b) {
            r = sp_dd_make(x / (k + 1.0), 0.0);
        } else {
            r = sp_dd_div(sp_dd_mul_f(sp_two_sum(a, k), x), sp_dd_mul_f(sp_two_sum(b, k), k + 1.0));
        }
        term = sp_dd_mul(term, r);
        sum = sp_dd_add(sum, term);
        if (!isfinite(sum.hi)) break;
    }
    return sum.hi + sum.lo;
}
// DLMF 13.7.2's sum for z > 0; false when its terms grow before converging.
__device__ bool sp_h1f1_asym_sum(double a, double b, double z, double *out) {
    double term = 1.0, sum = 1.0;
    for (int ki = 0; ki < 200; ki++) {
        double k = (double)ki;
        double next = term * (b - a + k) * (1.0 - a + k) / ((k + 1.0) * z);
        if (fabs(next) > fabs(term) && next != 0.0) return false;
        term = next;
        sum += term;
        if (fabs(term) <= SP_MACHEP * fabs(sum)) {
            *out = sum;
            return true;
        }
    }
    return false;
}
__device__ bool sp_h1f1_asym_pos(double a, double b, double z, double *out) {
    if (sp_nonpos_int(a)) return false;
    double sa, sb, s2;
    double lga = sp_lgam_sgn(a, &sa);
    double lgb = sp_lgam_sgn(b, &sb);
    if (!sp_nonpos_int(b - a)) {
        double lgba = sp_lgam_sgn(b - a, &s2);
        if (lga - lgba + (b - 2.0 * a) * log(z) - z > -40.0) return false;
    }
    double s;
    if (!sp_h1f1_asym_sum(a, b, z, &s)) return false;
    *out = sa * sb * exp(lgb - lga + z + (a - b) * log(z)) * s;
    return true;
}
__device__ bool sp_h1f1_asym_neg(double a, double b, double x, double *out) {
    double z = -x, ap = b - a;
    if (sp_nonpos_int(ap)) return false;
    double sap, sb, s2;
    double lgap = sp_lgam_sgn(ap, &sap);
    double lgb = sp_lgam_sgn(b, &sb);
    if (!sp_nonpos_int(a)) {
        double lga = sp_lgam_sgn(a, &s2);
        if (lgap - lga + (b - 2.0 * ap) * log(z) - z > -40.0) return false;
    }
    double s;
    if (!sp_h1f1_asym_sum(ap, b, z, &s)) return false;
    *out = sap * sb * exp(lgb - lgap - a * log(z)) * s;
    return true;
}
__device__ double sp_h1f1_at_infinity(double a, double b, double x) {
    if (sp_nonpos_int(a)) {
        double n = -a, c = 1.0;
        for (double k = 0.0; k < n; k += 1.0) c *= (a + k) / (b + k);
        bool odd = fmod(n, 2.0) == 1.0;
        double s = (x < 0.0 && odd) ? -c : c;
        return copysign(SP_INF, s);
    }
    if (x > 0.0) return sp_gammasgn(a) * sp_gammasgn(b) * SP_INF;
    if (a > 0.0) return 0.0;
    if (sp_nonpos_int(b - a)) return 0.0;
    return sp_gammasgn(b) * sp_gammasgn(b - a) * SP_INF;
}
// the series 1F1(a; b; x) or Kummer's e^x 1F1(b - a; b; -x); *cond: largest term / |sum|
__device__ double sp_h1f1_candidate(bool kummer, double a, double b, double x, double *cond) {
    double m, s;
    if (kummer) {
        s = sp_h1f1_series(sp_two_sum(b, -a), b, -x, &m);
        *cond = m / fabs(s);
        return exp(x) * s;
    }
    s = sp_h1f1_series(sp_dd_make(a, 0.0), b, x, &m);
    *cond = m / fabs(s);
    return s;
}
__device__ bool sp_h1f1_asym(double a, double b, double x, double *out) {
    return x > 0.0 ? sp_h1f1_asym_pos(a, b, x, out) : sp_h1f1_asym_neg(a, b, x, out);
}
__device__ double sp_hyp1f1(double a, double b, double x) {
    if (isnan(a) || isnan(b) || isnan(x)) return SP_NAN;
    if (sp_nonpos_int(b)) {
        if (!((b != 0.0 && a == b) || (a != 0.0 && sp_nonpos_int(a) && a >= b))) return SP_INF;
        if (isinf(x)) return sp_h1f1_at_infinity(a, b, x);
        return sp_h1f1_polynomial(a, b, x);
    }
    if (a == 0.0 || x == 0.0) return 1.0;
    if (isinf(a)) return SP_NAN;
    if (isinf(b)) return 1.0;
    if (isinf(x)) return sp_h1f1_at_infinity(a, b, x);
    if (a == b) return exp(x);
    if (sp_nonpos_int(a)) return sp_h1f1_polynomial(a, b, x);
    double w;
    if (fabs(x) >= 600.0 && sp_h1f1_asym(a, b, x, &w)) return w;
    double c, c2;
    double v = sp_h1f1_candidate(x < 0.0, a, b, x, &c);
    if (!(c < 1e8)) {
        double v2 = sp_h1f1_candidate(x > 0.0, a, b, x, &c2);
        if (c2 < c || (isnan(c) && !isnan(c2))) v = v2;
    }
    if (!isfinite(v) && fabs(x) >= 20.0 && sp_h1f1_asym(a, b, x, &w)) return w;
    return v;
}
SP_TERNARY(hyp1f1, sp_hyp1f1)
