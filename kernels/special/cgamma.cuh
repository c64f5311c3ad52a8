// kernels/special/cgamma.cuh: the gamma function family of a complex argument (xsf's loggamma,
// gamma, rgamma and digamma, as crates/cuprum-special/src/scalar/cgamma.rs, the same steps; part
// of the scipy.special CUDA source, after cx.cuh). The kernels write the real and imaginary parts.
__device__ static const double CG_STIRLING[8] = {-2.955065359477124183E-2, 6.4102564102564102564E-3,
                                                 -1.9175269175269175269E-3, 8.4175084175084175084E-4,
                                                 -5.952380952380952381E-4,  7.9365079365079365079E-4,
                                                 -2.7777777777777777778E-3, 8.3333333333333333333E-2};
__device__ static const double CG_TAYLOR[23] = {
    -4.3478266053040259361E-2, 4.5454556293204669442E-2,  -4.7619070330142227991E-2, 5.000004769810169364E-2,
    -5.2631679379616660734E-2, 5.5555767627403611102E-2,  -5.8823978658684582339E-2, 6.2500955141213040742E-2,
    -6.6668705882420468033E-2, 7.1432946295361336059E-2,  -7.6932516411352191473E-2, 8.3353840546109004025E-2,
    -9.0954017145829042233E-2, 1.0009945751278180853E-1,  -1.1133426586956469049E-1, 1.2550966952474304242E-1,
    -1.4404989676884611812E-1, 1.6955717699740818995E-1,  -2.0738555102867398527E-1, 2.7058080842778454788E-1,
    -4.0068563438653142847E-1, 8.2246703342411321824E-1,  -5.7721566490153286061E-1};
__device__ static const double CG_B2K[16] = {
    0.166666666666666667,  -0.0333333333333333333, 0.0238095238095238095, -0.0333333333333333333,
    0.0757575757575757576, -0.253113553113553114,  1.16666666666666667,   -7.09215686274509804,
    54.9711779448621554,   -529.124242424242424,   6192.12318840579710,   -86580.2531135531136,
    1425517.16666666667,   -27298231.0678160920,   601580873.900642368,   -15116315767.0921569};
#define CG_HLOG2PI 0.918938533204672742
#define CG_POSROOT 1.4616321449683623
#define CG_POSROOTVAL -9.2412655217294275e-17
#define CG_NEGROOT -0.504083008264455409
#define CG_NEGROOTVAL 7.2897639029768949e-17
__device__ sp_cx sp_cg_stirling(sp_cx z) {
    sp_cx rz = sp_cx_recip(z);
    sp_cx rzz = sp_cx_div(rz, z);
    sp_cx t = sp_cx_sub(sp_cx_mul(sp_cx_addr(z, -0.5), sp_cx_log(z)), z);
    return sp_cx_add(sp_cx_addr(t, CG_HLOG2PI), sp_cx_mul(rz, sp_cevalpoly(CG_STIRLING, 7, rzz)));
}
__device__ sp_cx sp_cg_recurrence(sp_cx z) {
    double signflips = 0.0;
    bool sb = false;
    sp_cx shiftprod = z;
    z = sp_cx_addr(z, 1.0);
    while (z.re <= 7.0) {
        shiftprod = sp_cx_mul(shiftprod, z);
        bool nsb = signbit(shiftprod.im) != 0;
        if (nsb && !sb) signflips += 1.0;
        sb = nsb;
        z = sp_cx_addr(z, 1.0);
    }
    return sp_cx_sub(sp_cx_sub(sp_cg_stirling(z), sp_cx_log(shiftprod)), sp_cx_make(0.0, signflips * 2.0 * SP_PI));
}
__device__ sp_cx sp_cg_taylor(sp_cx z) {
    z = sp_cx_addr(z, -1.0);
    return sp_cx_mul(z, sp_cevalpoly(CG_TAYLOR, 22, z));
}
__device__ sp_cx sp_cg_zlog1(sp_cx z) {
    if (sp_cx_abs(sp_cx_addr(z, -1.0)) > 0.1) return sp_cx_log(z);
    z = sp_cx_addr(z, -1.0);
    sp_cx coeff = sp_cx_make(-1.0, 0.0), res = sp_cx_make(0.0, 0.0);
    for (int n = 1; n < 17; n++) {
        coeff = sp_cx_mul(coeff, sp_cx_neg(z));
        res = sp_cx_add(res, sp_cx_divr(coeff, (double)n));
        if (sp_cx_abs(sp_cx_div(res, coeff)) < SP_DBL_EPS) break;
    }
    return res;
}
__device__ __forceinline__ bool sp_cg_is_pole(sp_cx z) { return z.re <= 0.0 && z.im == 0.0 && z.re == floor(z.re); }
// the reflection step calls sp_cloggamma once more, on 1 - z with Re(1 - z) > 0.9
__device__ sp_cx sp_cloggamma_right(sp_cx z) {
    if (z.re > 7.0 || fabs(z.im) > 7.0) return sp_cg_stirling(z);
    if (sp_cx_abs(sp_cx_addr(z, -1.0)) < 0.2) return sp_cg_taylor(z);
    if (sp_cx_abs(sp_cx_addr(z, -2.0)) < 0.2) return sp_cx_add(sp_cg_zlog1(sp_cx_addr(z, -1.0)), sp_cg_taylor(sp_cx_addr(z, -1.0)));
    if (!signbit(z.im)) return sp_cg_recurrence(z);
    return sp_cx_conj(sp_cg_recurrence(sp_cx_conj(z)));
}
__device__ sp_cx sp_cloggamma(sp_cx z) {
    if (sp_cx_isnan(z) || sp_cg_is_pole(z)) return sp_cx_make(SP_NAN, SP_NAN);
    if (z.re < 0.1 && !(fabs(z.im) > 7.0) && !(sp_cx_abs(sp_cx_addr(z, -1.0)) < 0.2)) {
        double tmp = copysign(2.0 * SP_PI, z.im) * floor(0.5 * z.re + 0.25);
        sp_cx t = sp_cx_sub(sp_cx_make(SP_LOGPI, tmp), sp_cx_log(sp_csinpi(z)));
        return sp_cx_sub(t, sp_cloggamma_right(sp_cx_sub(sp_cx_make(1.0, 0.0), z)));
    }
    return sp_cloggamma_right(z);
}
__device__ sp_cx sp_cgamma(sp_cx z) {
    if (!sp_cx_isfinite(z) || sp_cg_is_pole(z)) return sp_cx_make(SP_NAN, SP_NAN);
    if (z.re <= -9007199254740992.0) return sp_cx_make(0.0, copysign(0.0, z.im));
    sp_cx lg = sp_cloggamma(z);
    if (lg.re == -SP_INF) return sp_cx_make(0.0, copysign(0.0, z.im));
    double logmax = log(SP_DBL_MAX);
    if (lg.re > logmax && z.im == 0.0) return sp_cx_make(SP_INF, copysign(0.0, z.im));
    double sqmax = sqrt(SP_DBL_MAX);
    if (lg.re > logmax && z.re > sqmax && fabs(z.im) > sqmax) return sp_cx_make(-SP_INF, copysign(SP_INF, z.im));
    return sp_cx_exp(lg);
}
__device__ sp_cx sp_crgamma(sp_cx z) {
    if (!sp_cx_isfinite(z)) return sp_cx_make(SP_NAN, SP_NAN);
    if (sp_cg_is_pole(z)) return sp_cx_make(0.0, 0.0);
    sp_cx lg = sp_cloggamma(z);
    if (lg.re == SP_INF) return sp_cx_make(0.0, copysign(0.0, z.im));
    return sp_cx_exp(sp_cx_neg(lg));
}
__device__ sp_cx sp_cg_zeta_series(sp_cx z, double root, double rootval) {
    sp_cx res = sp_cx_make(rootval, 0.0), coeff = sp_cx_make(-1.0, 0.0);
    z = sp_cx_addr(z, -root);
    for (int n = 1; n < 100; n++) {
        coeff = sp_cx_mul(coeff, sp_cx_neg(z));
        sp_cx term = sp_cx_scale(coeff, sp_zeta((double)(n + 1), root));
        res = sp_cx_add(res, term);
        if (sp_cx_abs(term) < SP_DBL_EPS * sp_cx_abs(res)) break;
    }
    return res;
}
__device__ sp_cx sp_cg_digamma_asymptotic(sp_cx z) {
    if (!sp_cx_isfinite(z)) return sp_cx_log(z);
    sp_cx rzz = sp_cx_div(sp_cx_recip(z), z);
    sp_cx zfac = sp_cx_make(1.0, 0.0);
    sp_cx res = sp_cx_sub(sp_cx_log(z), sp_cx_div(sp_cx_make(0.5, 0.0), z));
    for (int k = 0; k < 16; k++) {
        zfac = sp_cx_mul(zfac, rzz);
        sp_cx term = sp_cx_divr(sp_cx_scale(zfac, -CG_B2K[k]), 2.0 * (double)(k + 1));
        res = sp_cx_add(res, term);
        if (sp_cx_abs(term) < SP_DBL_EPS * sp_cx_abs(res)) break;
    }
    return res;
}
__device__ sp_cx sp_cdigamma(sp_cx z) {
    if (!sp_cx_isfinite(z)) {
        if (isnan(z.re) || !isfinite(z.im) || z.re <= 0.0) return sp_cx_make(SP_NAN, SP_NAN);
        return sp_cx_make(SP_INF, 0.0);
    }
    double absz = sp_cx_abs(z);
    sp_cx res = sp_cx_make(0.0, 0.0);
    if (z.re <= 0.0 && z.im == 0.0 && ceil(z.re) == z.re) return sp_cx_make(SP_NAN, SP_NAN);
    if (sp_cx_abs(sp_cx_addr(z, -CG_NEGROOT)) < 0.3) return sp_cg_zeta_series(z, CG_NEGROOT, CG_NEGROOTVAL);
    if (z.re < 0.0 && fabs(z.im) < 16.0) {
        res = sp_cx_div(sp_cx_neg(sp_cx_scale(sp_ccospi(z), SP_PI)), sp_csinpi(z));
        z = sp_cx_sub(sp_cx_make(1.0, 0.0), z);
        absz = sp_cx_abs(z);
    }
    if (absz < 0.5) {
        res = sp_cx_neg(sp_cx_recip(z));
        z = sp_cx_addr(z, 1.0);
        absz = sp_cx_abs(z);
    }
    if (sp_cx_abs(sp_cx_addr(z, -CG_POSROOT)) < 0.5) {
        res = sp_cx_add(res, sp_cg_zeta_series(z, CG_POSROOT, CG_POSROOTVAL));
    } else if (absz > 16.0) {
        res = sp_cx_add(res, sp_cg_digamma_asymptotic(z));
    } else if (z.re >= 0.0) {
        double n = trunc(16.0 - absz) + 1.0;
        sp_cx zn = sp_cx_addr(z, n);
        sp_cx r = sp_cg_digamma_asymptotic(zn);
        for (int k = 1; k <= (int)n; k++) r = sp_cx_sub(r, sp_cx_recip(sp_cx_addr(zn, -(double)k)));
        res = sp_cx_add(res, r);
    } else {
        double n = trunc(16.0 - absz) - 1.0;
        sp_cx zn = sp_cx_addr(z, -n);
        sp_cx r = sp_cg_digamma_asymptotic(zn);
        for (int k = 0; k < (int)n; k++) r = sp_cx_add(r, sp_cx_recip(sp_cx_addr(zn, (double)k)));
        res = sp_cx_add(res, r);
    }
    return res;
}
SP_CUNARY(cloggamma, sp_cloggamma)
SP_CUNARY(cgamma, sp_cgamma)
SP_CUNARY(crgamma, sp_crgamma)
SP_CUNARY(cdigamma, sp_cdigamma)
