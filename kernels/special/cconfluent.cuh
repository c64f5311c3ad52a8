// kernels/special/cconfluent.cuh: Kummer's M(a, b, z) of real parameters and a complex argument
// (xsf's complex hyp1f1, Zhang and Jin's cchg), as crates/cuprum-special/src/scalar/cconfluent.rs,
// the same steps; part of the scipy.special CUDA source, after confluent.cuh (sp_hu_c_int) and
// cfresnel.cuh (GCC's complex product and quotient, glibc's sincos convention).
// glibc's cexp(z): exp(x) (cos y + i sin y), scaled by exp(709) in steps past 709, with C99
// Annex G's values at the infinities and NaNs
__device__ __noinline__ sp_cx sp_ch1_cexp(sp_cx z) {
    double x = z.re, y = z.im, s, c;
    if (isfinite(x)) {
        if (!isfinite(y)) return sp_cx_make(SP_NAN, SP_NAN);
        sp_cfr_sincos(y, &s, &c);
        if (x > SP_CFR_T) {
            double et = exp(SP_CFR_T);
            x -= SP_CFR_T;
            s *= et;
            c *= et;
            if (x > SP_CFR_T) {
                x -= SP_CFR_T;
                s *= et;
                c *= et;
            }
        }
        if (x > SP_CFR_T) return sp_cx_make(SP_DBL_MAX * c, SP_DBL_MAX * s);
        double e = exp(x);
        return sp_cx_make(e * c, e * s);
    }
    if (isinf(x)) {
        if (isfinite(y)) {
            double v = x < 0.0 ? 0.0 : SP_INF;
            if (y == 0.0) return sp_cx_make(v, y);
            sp_cfr_sincos(y, &s, &c);
            return sp_cx_make(copysign(v, c), copysign(v, s));
        }
        if (x > 0.0) return sp_cx_make(SP_INF, y - y);
        return sp_cx_make(0.0, copysign(0.0, y));
    }
    if (y == 0.0) return sp_cx_make(SP_NAN, y);
    return sp_cx_make(SP_NAN, SP_NAN);
}
// libstdc++'s pow(z, p) for a real exponent: the real pow for a positive real z, else
// polar(exp(p log|z|), p arg z)
__device__ sp_cx sp_ch1_pow(sp_cx z, double p) {
    if (z.im == 0.0 && z.re > 0.0) return sp_cx_make(pow(z.re, p), 0.0);
    sp_cx t = sp_cx_log(z);
    double rho = exp(p * t.re), th = p * t.im;
    return sp_cx_make(rho * cos(th), rho * sin(th));
}
__constant__ double SP_CH1_A[10] = {8.333333333333333e-02,  -2.777777777777778e-03, 7.936507936507937e-04,
                                    -5.952380952380952e-04, 8.417508417508418e-04,  -1.917526917526918e-03,
                                    6.410256410256410e-03,  -2.955065359477124e-02, 1.796443723688307e-01,
                                    -1.392432216905900e+00};
// Zhang and Jin's cgama(x, 0) at a real x: ln Gamma(x) as a complex number, 1e300 at the poles
__device__ __noinline__ sp_cx sp_ch1_cgama_ln(double x) {
    double xx = x, yy = 0.0, z1re;
    if (xx <= 0.0 && xx == (double)sp_hu_c_int(xx)) return sp_cx_make(1e300, 0.0);
    if (xx < 0.0) {
        z1re = xx;
        xx = -xx;
        yy = -yy;
    } else {
        z1re = xx;
    }
    double x0 = xx;
    int na = 0;
    if (xx <= 7.0) {
        na = sp_hu_c_int(7.0 - xx);
        x0 = xx + (double)na;
    }
    double az0 = hypot(x0, yy), th = atan2(yy, x0);
    double gr = (x0 - 0.5) * log(az0) - th * yy - x0 + 0.5 * log(2.0 * SP_PI);
    double gi = th * (x0 - 0.5) + yy * log(az0) - yy;
    for (int k = 1; k < 11; k++) {
        double t = pow(az0, (double)(1 - 2 * k));
        gr += SP_CH1_A[k - 1] * t * cos((2.0 * (double)k - 1.0) * th);
        gi += -SP_CH1_A[k - 1] * t * sin((2.0 * (double)k - 1.0) * th);
    }
    if (xx <= 7.0) {
        double gr1 = 0.0, gi1 = 0.0;
        for (int j = 0; j < na; j++) {
            gr1 += 0.5 * log((xx + (double)j) * (xx + (double)j) + yy * yy);
            gi1 += atan2(yy, xx + (double)j);
        }
        gr -= gr1;
        gi -= gi1;
    }
    if (z1re < 0.0) {
        double az0b = hypot(xx, yy), th1 = atan2(yy, xx);
        double sr = -sin(SP_PI * xx) * cosh(SP_PI * yy);
        double si = -cos(SP_PI * xx) * sinh(SP_PI * yy);
        double az1 = hypot(sr, si), th2 = atan2(si, sr);
        gr = log(SP_PI / (az0b * az1)) - gr;
        gi = -th1 - th2 - gi;
    }
    return sp_cx_make(gr, gi);
}
// the power series of M(a, b, z) (up to 500 terms, to a relative change below 1e-15)
__device__ __noinline__ sp_cx sp_ch1_series(double a, double b, sp_cx z) {
    sp_cx chg = sp_cx_make(1.0, 0.0), chw = sp_cx_make(0.0, 0.0), crg = sp_cx_make(1.0, 0.0);
    for (int jj = 1; jj < 501; jj++) {
        double j = (double)jj, p = a + j - 1.0, q = j * (b + j - 1.0);
        crg = sp_cfr_mul(sp_cx_make(crg.re * p / q, crg.im * p / q), z);
        chg = sp_cx_add(chg, crg);
        if (sp_cx_abs(sp_cfr_div(sp_cx_sub(chg, chw), chg)) < 1e-15) break;
        chw = chg;
    }
    return chg;
}
// the asymptotic expansion of M(a, b, z) for Re z >= 0 (DLMF 13.7.2, 8 terms of each sum)
__device__ __noinline__ sp_cx sp_ch1_asymptotic(double a, double b, sp_cx z) {
    sp_cx cg1 = sp_ch1_cgama_ln(a), cg2 = sp_ch1_cgama_ln(b), cg3 = sp_ch1_cgama_ln(b - a);
    sp_cx cs1 = sp_cx_make(1.0, 0.0), cs2 = cs1, cr1 = cs1, cr2 = cs1;
    for (int i = 1; i <= 8; i++) {
        double fi = (double)i;
        sp_cx zi = sp_cx_make(z.re * fi, z.im * fi);
        double p = a + fi - 1.0, q = a - b + fi;
        cr1 = sp_cfr_div(sp_cx_make(-cr1.re * p * q, -cr1.im * p * q), zi);
        p = b - a + fi - 1.0;
        q = fi - a;
        cr2 = sp_cfr_div(sp_cx_make(cr2.re * p * q, cr2.im * p * q), zi);
        cs1 = sp_cx_add(cs1, cr1);
        cs2 = sp_cx_add(cs2, cr2);
    }
    double x = z.re, y = z.im, phi = atan2(y, x);
    double ns = (phi > -0.5 * SP_PI) ? 1.0 : -1.0;
    // (ns * i) * pi * a, componentwise
    sp_cx cfac = sp_ch1_cexp(sp_cx_make(0.0 * ns * SP_PI * a, ns * SP_PI * a));
    if (y == 0.0) cfac = sp_cx_make(cos(SP_PI * a), 0.0);
    sp_cx chg1 = sp_cfr_mul(
        sp_cfr_mul(sp_cfr_mul(sp_ch1_cexp(sp_cx_sub(cg2, cg3)), sp_ch1_pow(z, -a)), cfac), cs1);
    sp_cx chg2 = sp_cfr_mul(
        sp_cfr_mul(sp_ch1_cexp(sp_cx_add(sp_cx_sub(cg2, cg1), z)), sp_ch1_pow(z, a - b)), cs2);
    return sp_cx_add(chg1, chg2);
}
// xsf's cchg(a, b, z): M(a, b, z), 1e300 for b a non-positive integer
__device__ __noinline__ sp_cx sp_ch1_cchg(double a, double b, sp_cx z) {
    sp_cx one = sp_cx_make(1.0, 0.0);
    int nb = sp_hu_c_int(fabs(b));
    nb = (nb == (-2147483647 - 1)) ? nb : -nb;
    if (b == 0.0 || b == (double)nb) return sp_cx_make(1e300, 0.0);
    if (a == 0.0 || (z.re == 0.0 && z.im == 0.0)) return one;
    if (a == -1.0) return sp_cx_make(1.0 - z.re / b, -(z.im / b));
    if (a == b) return sp_ch1_cexp(z);
    if (a - b == 1.0) return sp_cfr_mul(sp_cx_make(1.0 + z.re / b, z.im / b), sp_ch1_cexp(z));
    if (a == 1.0 && b == 2.0) return sp_cfr_div(sp_cx_sub(sp_ch1_cexp(z), one), z);
    if (a == (double)sp_hu_c_int(a) && a < 0.0) {
        int m = sp_hu_c_int(-a);
        sp_cx cr = one, chg = one;
        for (int kk = 1; kk < m + 1; kk++) {
            double k = (double)kk, s1 = a + k - 1.0, s2 = b + k - 1.0;
            cr = sp_cfr_mul(sp_cx_make(cr.re * s1 / k / s2, cr.im * s1 / k / s2), z);
            chg = sp_cx_add(chg, cr);
        }
        return chg;
    }
    double a0 = a, x0 = z.re;
    if (x0 < 0.0) {
        a = b - a;
        a0 = a;
        z = sp_cx_neg(z);
    }
    int nl = 0, la = 0;
    if (a >= 2.0) {
        nl = 1;
        la = sp_hu_c_int(a);
        a -= (double)(la + 1);
    }
    sp_cx cy0 = sp_cx_make(0.0, 0.0), cy1 = cy0, chg = one;
    for (int n = 0; n < nl + 1; n++) {
        if (a0 >= 2.0) a += 1.0;
        if (sp_cx_abs(z) < 20.0 + fabs(b) || a < 0.0) {
            chg = sp_ch1_series(a, b, z);
        } else {
            chg = sp_ch1_asymptotic(a, b, z);
        }
        if (n == 0) cy0 = chg;
        if (n == 1) cy1 = chg;
    }
    if (a0 >= 2.0) {
        for (int i = 1; i < la; i++) {
            sp_cx t = sp_cfr_mul(sp_cx_make(2.0 * a - b + z.re, z.im), cy1);
            sp_cx s = sp_cx_add(t, sp_cx_make((b - a) * cy0.re, (b - a) * cy0.im));
            chg = sp_cx_make(s.re / a, s.im / a);
            cy0 = cy1;
            cy1 = chg;
            a += 1.0;
        }
    }
    if (x0 < 0.0) chg = sp_cfr_mul(chg, sp_ch1_cexp(sp_cx_neg(z)));
    return chg;
}
// xsf's complex hyp1f1(a, b, z): NaN for a NaN input, cchg's overflow marker 1e300 as inf
__device__ sp_cx sp_chyp1f1(double a, double b, sp_cx z) {
    if (isnan(a) || isnan(b) || isnan(z.re) || isnan(z.im)) return sp_cx_make(SP_NAN, SP_NAN);
    sp_cx w = sp_ch1_cchg(a, b, z);
    if (w.re == 1e300) w.re = SP_INF;
    return w;
}
#ifdef SP_WANT_chyp1f1
// inputs a, b, re(z), im(z); outputs re, im (float32 computes in double and rounds)
extern "C" __global__ void sp_chyp1f1_f64(const double *a, const double *b, const double *zr, const double *zi,
                                          double *wr, double *wi, long long n) {
    SP_LOOP {
        sp_cx w = sp_chyp1f1(a[i], b[i], sp_cx_make(zr[i], zi[i]));
        wr[i] = w.re;
        wi[i] = w.im;
    }
}
extern "C" __global__ void sp_chyp1f1_f32(const float *a, const float *b, const float *zr, const float *zi,
                                          float *wr, float *wi, long long n) {
    SP_LOOP {
        sp_cx w = sp_chyp1f1((double)a[i], (double)b[i], sp_cx_make((double)zr[i], (double)zi[i]));
        wr[i] = (float)w.re;
        wi[i] = (float)w.im;
    }
}
#endif
