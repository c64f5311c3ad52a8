// kernels/special/struve.cuh: struve (H_v) and modstruve (L_v) of real order
// (crates/cuprum-special/src/scalar/struve.rs, a port of xsf's cephes/struve.h): the first of the
// large-z expansion, the double-double power series and the Bessel series whose error estimate is
// below 1e-12 relative. Part of the scipy.special CUDA source (see common.cuh); after bessel.cuh
// and confluent.cuh (sp_dd_*).
// DLMF 11.6.1 plus Y_v or I_v; *err: the error estimate
__device__ __noinline__ double sp_struve_asymp(double v, double z, bool is_h, double *err) {
    double sgn = is_h ? -1.0 : 1.0;
    double m = z / 2.0;
    int maxiter = m <= 0.0 ? 0 : (m > 10000.0 ? 10000 : (int)m);
    if (maxiter == 0 || z < v) {
        *err = SP_INF;
        return SP_NAN;
    }
    double term = -sgn / sqrt(SP_PI) * exp(-sp_lgam(v + 0.5) + (v - 1.0) * log(z / 2.0)) * sp_gammasgn(v + 0.5);
    double sum = term, maxterm = 0.0;
    for (int n = 0; n < maxiter; n++) {
        term *= sgn * (1.0 + 2.0 * n) * (1.0 + 2.0 * n - 2.0 * v) / (z * z);
        sum += term;
        maxterm = fmax(maxterm, fabs(term));
        if (fabs(term) < 1e-16 * fabs(sum) || term == 0.0 || !isfinite(sum)) break;
    }
    sum += is_h ? sp_yv(v, z) : sp_iv(v, z);
    *err = fabs(term) + fabs(maxterm) * 1e-16;
    return sum;
}
// DLMF 11.2.1 in double-double
__device__ __noinline__ double sp_struve_power(double v, double z, bool is_h, double *err) {
    double sgn = is_h ? -1.0 : 1.0;
    double tmp = -sp_lgam(v + 1.5) + (v + 1.0) * log(z / 2.0);
    double scaleexp = 0.0;
    if (tmp < -600.0 || tmp > 600.0) {
        scaleexp = tmp / 2.0;
        tmp -= scaleexp;
    }
    double term = 2.0 / sqrt(SP_PI) * exp(tmp) * sp_gammasgn(v + 1.5);
    double sum = term, maxterm = 0.0;
    sp_dd cterm = sp_dd_make(term, 0.0), csum = sp_dd_make(sum, 0.0);
    sp_dd z2 = sp_dd_make(sgn * z * z, 0.0), c2v = sp_dd_make(2.0 * v, 0.0);
    for (int n = 0; n < 10000; n++) {
        double k = (double)(3 + 2 * n);
        sp_dd cdiv = sp_dd_mul(sp_dd_make(k, 0.0), sp_dd_add(sp_dd_make(k, 0.0), c2v));
        cterm = sp_dd_div(sp_dd_mul(cterm, z2), cdiv);
        csum = sp_dd_add(csum, cterm);
        term = cterm.hi + cterm.lo;
        sum = csum.hi + csum.lo;
        maxterm = fmax(maxterm, fabs(term));
        if (fabs(term) < 1e-100 * fabs(sum) || term == 0.0 || !isfinite(sum)) break;
    }
    *err = fabs(term) + fabs(maxterm) * 1e-22;
    if (scaleexp != 0.0) {
        sum *= exp(scaleexp);
        *err *= exp(scaleexp);
    }
    if (sum == 0.0 && term == 0.0 && v < 0.0 && !is_h) {
        *err = SP_INF;
        return SP_NAN;
    }
    return sum;
}
// DLMF 11.4.19, the series in Bessel functions
__device__ __noinline__ double sp_struve_bessel(double v, double z, bool is_h, double *err) {
    if (is_h && v < 0.0) {
        *err = SP_INF;
        return SP_NAN;
    }
    double sum = 0.0, maxterm = 0.0, term = 0.0;
    double cterm = sqrt(z / (2.0 * SP_PI));
    for (int i = 0; i < 10000; i++) {
        double n = (double)i;
        if (is_h) {
            term = cterm * sp_jv(n + v + 0.5, z) / (n + 0.5);
            cterm *= z / 2.0 / (n + 1.0);
        } else {
            term = cterm * sp_iv(n + v + 0.5, z) / (n + 0.5);
            cterm *= -z / 2.0 / (n + 1.0);
        }
        sum += term;
        maxterm = fmax(maxterm, fabs(term));
        if (fabs(term) < 1e-16 * fabs(sum) || term == 0.0 || !isfinite(sum)) break;
    }
    *err = fabs(term) + fabs(maxterm) * 1e-16 + 1e-300 * fabs(cterm);
    return sum;
}
__device__ double sp_struve_hl(double v, double z, bool is_h) {
    if (isnan(v) || isnan(z)) return SP_NAN;
    double sign = 1.0;
    if (z < 0.0) {
        // odd or even in z for integer orders only
        if (!(v == trunc(v) && fabs(v) < 2147483648.0)) return SP_NAN;
        sign = fmod(v, 2.0) == 0.0 ? -1.0 : 1.0;
        z = -z;
    }
    if (z == 0.0) {
        if (v < -1.0) return sign * sp_gammasgn(v + 1.5) * SP_INF;
        if (v == -1.0) return sign * 2.0 / sqrt(SP_PI) * sp_rgamma(0.5);
        return sign * 0.0;
    }
    double nb = trunc(-v - 0.5);
    if (nb == -v - 0.5 && nb > 0.0 && nb < 2147483648.0) {
        if (is_h) return sign * (fmod(nb, 2.0) == 0.0 ? 1.0 : -1.0) * sp_jv(nb + 0.5, z);
        return sign * sp_iv(nb + 0.5, z);
    }
    double value[3] = {0.0, 0.0, 0.0}, err[3] = {SP_INF, SP_INF, SP_INF};
    if (z >= 0.7 * v + 12.0) {
        value[0] = sp_struve_asymp(v, z, is_h, &err[0]);
        if (err[0] < 1e-12 * fabs(value[0])) return sign * value[0];
    }
    value[1] = sp_struve_power(v, z, is_h, &err[1]);
    if (err[1] < 1e-12 * fabs(value[1])) return sign * value[1];
    if (fabs(z) < fabs(v) + 20.0) {
        value[2] = sp_struve_bessel(v, z, is_h, &err[2]);
        if (err[2] < 1e-12 * fabs(value[2])) return sign * value[2];
    }
    int n = 0;
    if (err[1] < err[n]) n = 1;
    if (err[2] < err[n]) n = 2;
    if (err[n] < 1e-7 * fabs(value[n]) || err[n] < 1e-300) return sign * value[n];
    double tmp = -sp_lgam(v + 1.5) + (v + 1.0) * log(z / 2.0);
    if (!is_h) tmp = fabs(tmp);
    if (tmp > 700.0) return sign * SP_INF * sp_gammasgn(v + 1.5);
    return SP_NAN;
}
__device__ double sp_struve_h(double v, double z) { return sp_struve_hl(v, z, true); }
__device__ double sp_struve_l(double v, double z) { return sp_struve_hl(v, z, false); }
SP_BINARY(struve, sp_struve_h)
SP_BINARY(modstruve, sp_struve_l)
