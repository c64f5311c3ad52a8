// ---------------------------------------------------------------- hyp2f1 (scalar/gauss_hypergeometric.rs)
// The Gauss hypergeometric function 2F1(a, b; c; x) for real arguments: Cephes' hyp2f1 (the
// power series with its cancellation estimate, AMS55 15.3.3-15.3.12 for x > 0.9 and
// x < -0.5, 15.3.7 for x < -2, recurrences in a and c where the series cancels).

#define SP_H2F1_EPS 1.0e-13
#define SP_H2F1_ETHRESH 1.0e-12
#define SP_H2F1_MAXITER 10000

// The device code has no recursion (the driver sizes a kernel's stack only when its call graph
// has no cycle): the functions that call themselves are templates on the depth D, each depth its
// own function. hys2f1 -> hyp2f1ra -> hys2f1 nests at most twice (hyp2f1ra's series have
// |a| <= 1.5 or |c - a| <= 0.5 unless hys2f1 swapped in b), so hys2f1 at depth 3 sums its series
// directly; hyp2f1's transformations nest at most four deep (x < -2 or -2 <= x < -1 after
// d <= -1, each followed by d <= -1 or the d < 0 recurrence, after which d > 0 and |x| <= 1).
template <int D = 0>
__device__ __noinline__ double sp_hyp2f1ra(double a, double b, double c, double x, double *loss);

// The power series; *err receives the estimated relative error.
template <int D = 0>
__device__ __noinline__ double sp_hys2f1(double a, double b, double c, double x, double *err) {
    int intflag = 0;
    if (fabs(b) > fabs(a)) { double f = b; b = a; a = f; }
    double ib = round(b);
    if (fabs(b - ib) < SP_H2F1_EPS && ib <= 0.0 && fabs(b) < fabs(a)) {
        double f = b; b = a; a = f;
        intflag = 1;
    }
    if constexpr (D < 3) {
        if ((fabs(a) > fabs(c) + 1.0 || intflag) && fabs(c - a) > 2.0 && fabs(a) > 2.0)
            return sp_hyp2f1ra<D>(a, b, c, x, err);
    }
    long long i = 0;
    double umax = 0.0, s = 1.0, u = 1.0, k = 0.0;
    for (;;) {
        if (fabs(c + k) < SP_H2F1_EPS) { *err = 1.0; return SP_INF; }
        double m = k + 1.0;
        u *= (a + k) * (b + k) * x / ((c + k) * m);
        s += u;
        double au = fabs(u);
        if (au > umax) umax = au;
        k = m;
        i += 1;
        if (i > SP_H2F1_MAXITER) { *err = 1.0; return s; }
        if (!(s == 0.0 || fabs(u / s) > SP_MACHEP)) break;
    }
    *err = (SP_MACHEP * umax) / fabs(s) + SP_MACHEP * (double)i;
    return s;
}

// The transformations for x near 1 and below -0.5, then the power series.
__device__ __noinline__ double sp_hyt2f1(double a, double b, double c, double x, double *err) {
    double ia = round(a), ib = round(b);
    int neg_int_a = a <= 0.0 && fabs(a - ia) < SP_H2F1_EPS;
    int neg_int_b = b <= 0.0 && fabs(b - ib) < SP_H2F1_EPS;
    double s = 1.0 - x;
    if (x < -0.5 && !(neg_int_a || neg_int_b)) {
        if (b > a) return pow(s, -a) * sp_hys2f1(a, c - b, c, -x / s, err);
        return pow(s, -b) * sp_hys2f1(c - a, b, c, -x / s, err);
    }
    double d = c - a - b;
    double id = round(d);
    if (x > 0.9 && !(neg_int_a || neg_int_b)) {
        if (fabs(d - id) > SP_MACHEP) {
            double y = sp_hys2f1(a, b, c, x, err);
            if (*err < SP_H2F1_ETHRESH) return y;
            double e0, err1, s0, s1, s2;
            double q = sp_hys2f1(a, b, 1.0 - d, s, &e0);
            double w0 = sp_lgam_sgn(d, &s0);
            double w1 = sp_lgam_sgn(c - a, &s1);
            double w2 = sp_lgam_sgn(c - b, &s2);
            q *= s0 * s1 * s2 * exp(w0 - w1 - w2);
            double r = pow(s, d) * sp_hys2f1(c - a, c - b, d + 1.0, s, &err1);
            w0 = sp_lgam_sgn(-d, &s0);
            w1 = sp_lgam_sgn(a, &s1);
            w2 = sp_lgam_sgn(b, &s2);
            r *= s0 * s1 * s2 * exp(w0 - w1 - w2);
            y = q + r;
            double qa = fabs(q);
            double ra = fmax(fabs(r), qa);
            *err = e0 + (err1 + (SP_MACHEP * ra) / y);
            y *= sp_gamma(c);
            return y;
        }
        // the psi function expansion, AMS55 15.3.10-15.3.12
        double e, d1, d2;
        long long aid;
        if (id >= 0.0) { e = d; d1 = d; d2 = 0.0; aid = (long long)id; }
        else { e = -d; d1 = 0.0; d2 = d; aid = (long long)(-id); }
        double ax = log(s);
        double y = sp_psi(1.0) + sp_psi(1.0 + e) - sp_psi(a + d1) - sp_psi(b + d1) - ax;
        y *= sp_rgamma(e + 1.0);
        double p = (a + d1) * (b + d1) * s * sp_rgamma(e + 2.0);
        double t = 1.0;
        for (;;) {
            double r = sp_psi(1.0 + t) + sp_psi(1.0 + t + e) - sp_psi(a + t + d1) - sp_psi(b + t + d1) - ax;
            double q = p * r;
            y += q;
            p *= s * (a + t + d1) / (t + 1.0);
            p *= (b + t + d1) / (t + 1.0 + e);
            t += 1.0;
            if (t > (double)SP_H2F1_MAXITER) { *err = 1.0; return SP_NAN; }
            if (!(y == 0.0 || fabs(q / y) > SP_H2F1_EPS)) break;
        }
        *err = 0.0;
        if (id == 0.0) return y * (sp_gamma(c) / (sp_gamma(a) * sp_gamma(b)));
        double y1 = 1.0;
        if (aid != 1) {
            double tt = 0.0, pp = 1.0;
            for (long long i = 1; i < aid; ++i) {
                double r = 1.0 - e + tt;
                pp *= s * (a + tt + d2) * (b + tt + d2) / r;
                tt += 1.0;
                pp /= tt;
                y1 += pp;
            }
        }
        double g = sp_gamma(c);
        y1 *= sp_gamma(e) * g * (sp_rgamma(a + d1) * sp_rgamma(b + d1));
        y *= g * (sp_rgamma(a + d2) * sp_rgamma(b + d2));
        if (aid & 1) y = -y;
        double q = pow(s, id);
        if (id > 0.0) y *= q;
        else y1 *= q;
        return y + y1;
    }
    return sp_hys2f1(a, b, c, x, err);
}

// AMS55 15.4.2: 2F1(a, b; b; x) for b a non-positive integer, as a finite sum.
__device__ double sp_hyp2f1_neg_c_equal_bc(double a, double b, double x) {
    if (!(fabs(b) < 1e5)) return SP_NAN;
    double collector = 1.0, sum = 1.0, collector_max = 1.0;
    for (double k = 1.0; k <= -b; k += 1.0) {
        collector *= (a + k - 1.0) * x / k;
        collector_max = fmax(collector_max, fabs(collector));
        sum += collector;
    }
    if (1e-16 * (1.0 + collector_max / fabs(sum)) > 1e-7) return SP_NAN;
    return sum;
}

// The two-term recurrence in a (AMS55 15.2.10).
template <int D>
__device__ __noinline__ double sp_hyp2f1ra(double a, double b, double c, double x, double *loss) {
    double da = ((c < 0.0 && a <= c) || (c >= 0.0 && a >= c)) ? round(a - c) : round(a);
    double t = a - da;
    if (fabs(da) > (double)SP_H2F1_MAXITER) { *loss = 1.0; return SP_NAN; }
    double l = 0.0, e;
    double f1 = sp_hys2f1<D + 1>(t, b, c, x, &e);
    l += e;
    double f0, f2;
    if (da < 0.0) {
        f0 = sp_hys2f1<D + 1>(t - 1.0, b, c, x, &e);
        l += e;
        t -= 1.0;
        for (double n = 1.0; n < -da; n += 1.0) {
            f2 = f1;
            f1 = f0;
            f0 = -(2.0 * t - c - t * x + b * x) / (c - t) * f1 - t * (x - 1.0) / (c - t) * f2;
            t -= 1.0;
        }
    } else {
        f0 = sp_hys2f1<D + 1>(t + 1.0, b, c, x, &e);
        l += e;
        t += 1.0;
        for (double n = 1.0; n < da; n += 1.0) {
            f2 = f1;
            f1 = f0;
            f0 = -((2.0 * t - c - t * x + b * x) * f1 + (c - t) * f2) / (t * (x - 1.0));
            t += 1.0;
        }
    }
    *loss = l;
    return f0;
}

template <int D = 0>
__device__ __noinline__ double sp_hyp2f1(double a, double b, double c, double x) {
    if constexpr (D >= 5) {
        return SP_NAN;  // not reached (see above)
    } else {
        double ax = fabs(x), s = 1.0 - x;
        double ia = round(a), ib = round(b), err;
        if (x == 0.0) return 1.0;
        double d = c - a - b;
        double id = round(d);
        if ((a == 0.0 || b == 0.0) && c != 0.0) return 1.0;
        int neg_int_a = a <= 0.0 && fabs(a - ia) < SP_H2F1_EPS;
        int neg_int_b = b <= 0.0 && fabs(b - ib) < SP_H2F1_EPS;
        if (d <= -1.0 && !(fabs(d - id) > SP_H2F1_EPS && s < 0.0) && !(neg_int_a || neg_int_b))
            return pow(s, d) * sp_hyp2f1<D + 1>(c - a, c - b, c, x);
        if (d <= 0.0 && x == 1.0 && !(neg_int_a || neg_int_b)) return SP_INF;
        if (ax < 1.0 || x == -1.0) {
            if (fabs(b - c) < SP_H2F1_EPS) return neg_int_b ? sp_hyp2f1_neg_c_equal_bc(a, b, x) : pow(s, -a);
            if (fabs(a - c) < SP_H2F1_EPS) return pow(s, -b);
        }
        if (c <= 0.0) {
            double ic = round(c);
            if (fabs(c - ic) < SP_H2F1_EPS) {
                if (!((neg_int_a && ia > ic) || (neg_int_b && ib > ic))) return SP_INF;
                return sp_hyt2f1(a, b, c, x, &err);
            }
        }
        if (neg_int_a || neg_int_b) return sp_hyt2f1(a, b, c, x, &err);
        double t1 = fabs(b - a);
        if (x < -2.0 && fabs(t1 - round(t1)) > SP_H2F1_EPS) {
            double p = sp_hyp2f1<D + 1>(a, 1.0 - c + a, 1.0 - b + a, 1.0 / x);
            double q = sp_hyp2f1<D + 1>(b, 1.0 - c + b, 1.0 - a + b, 1.0 / x);
            p *= pow(-x, -a);
            q *= pow(-x, -b);
            double g = sp_gamma(c);
            double ss = g * sp_gamma(b - a) * (sp_rgamma(b) * sp_rgamma(c - a));
            double y = g * sp_gamma(a - b) * (sp_rgamma(a) * sp_rgamma(c - b));
            return ss * p + y * q;
        } else if (x < -1.0) {
            if (fabs(a) < fabs(b)) return pow(s, -a) * sp_hyp2f1<D + 1>(a, c - b, c, x / (x - 1.0));
            return pow(s, -b) * sp_hyp2f1<D + 1>(b, c - a, c, x / (x - 1.0));
        }
        if (ax > 1.0) return SP_INF;
        double p = c - a;
        double pa = round(p);
        int neg_int_ca_or_cb = pa <= 0.0 && fabs(p - pa) < SP_H2F1_EPS;
        double r = c - b;
        double rb = round(r);
        if (rb <= 0.0 && fabs(r - rb) < SP_H2F1_EPS) neg_int_ca_or_cb = 1;
        if (fabs(ax - 1.0) < SP_H2F1_EPS) {
            if (x > 0.0) {
                if (neg_int_ca_or_cb) {
                    if (d >= 0.0) return pow(s, d) * sp_hys2f1(c - a, c - b, c, x, &err);
                    return SP_INF;
                }
                if (d <= 0.0) return SP_INF;
                return sp_gamma(c) * sp_gamma(d) * (sp_rgamma(p) * sp_rgamma(r));
            }
            if (d <= -1.0) return SP_INF;
        }
        if (d < 0.0) {
            double y = sp_hyt2f1(a, b, c, x, &err);
            if (err < SP_H2F1_ETHRESH) return y;
            double aid = 2.0 - id;
            double e = c + aid;
            double d2 = sp_hyp2f1<D + 1>(a, b, e, x);
            double d1 = sp_hyp2f1<D + 1>(a, b, e + 1.0, x);
            double q = a + b + 1.0;
            for (double i = 0.0; i < aid; i += 1.0) {
                double rr = e - 1.0;
                y = (e * (rr - (2.0 * e - q) * x) * d2 + (e - a) * (e - b) * x * d1) / (e * rr * s);
                e = rr;
                d1 = d2;
                d2 = y;
            }
            return y;
        }
        if (neg_int_ca_or_cb) return pow(s, d) * sp_hys2f1(c - a, c - b, c, x, &err);
        return sp_hyt2f1(a, b, c, x, &err);
    }
}
