// kernels/special/lambertw.cuh: the Lambert W function on branch k (xsf lambertw, as
// crates/cuprum-special/src/scalar/lambertw.rs, with the same complex formulas; part of the
// scipy.special CUDA source, after special.cu and cx.cuh, whose sp_cx arithmetic it uses). The
// kernels write the real and imaginary parts.
__device__ sp_cx sp_lambertw_asy(sp_cx z, double kf) {
    sp_cx w = sp_cx_add(sp_cx_log(z), sp_cx_make(0.0, 2.0 * SP_PI * kf));
    return sp_cx_sub(w, sp_cx_log(w));
}
#define LW_EXPN1 0.36787944117144232159553
#define LW_OMEGA 0.56714329040978387299997
__device__ sp_cx sp_lambertw(sp_cx z, long long k, double tol) {
    double kf = (double)k;
    if (isnan(z.re) || isnan(z.im)) return z;
    if (z.re == SP_INF) return sp_cx_add(z, sp_cx_make(0.0, 2.0 * SP_PI * kf));
    if (z.re == -SP_INF) return sp_cx_make(-z.re, -z.im + (2.0 * SP_PI * kf + SP_PI));
    if (z.re == 0.0 && z.im == 0.0) {
        if (k == 0) return z;
        return sp_cx_make(-SP_INF, 0.0);
    }
    if (z.re == 1.0 && z.im == 0.0 && k == 0) return sp_cx_make(LW_OMEGA, 0.0);
    double absz = sp_cx_abs(z);
    sp_cx w;
    if (k == 0) {
        if (sp_cx_abs(sp_cx_addr(z, LW_EXPN1)) < 0.3) {
            const double bc[3] = {-1.0 / 3.0, 1.0, -1.0};
            sp_cx p = sp_cx_sqrt(sp_cx_scale(sp_cx_addr(sp_cx_scale(z, SP_E), 1.0), 2.0));
            w = sp_cevalpoly(bc, 2, p);
        } else if (-1.0 < z.re && z.re < 1.5 && fabs(z.im) < 1.0 && -2.5 * fabs(z.im) - 0.2 < z.re) {
            const double num[3] = {12.85106382978723404255, 12.34042553191489361902, 1.0};
            const double den[3] = {32.53191489361702127660, 14.34042553191489361702, 1.0};
            w = sp_cx_div(sp_cx_mul(z, sp_cevalpoly(num, 2, z)), sp_cevalpoly(den, 2, z));
        } else {
            w = sp_lambertw_asy(z, kf);
        }
    } else if (k == -1 && absz <= LW_EXPN1 && z.im == 0.0 && z.re < 0.0) {
        w = sp_cx_make(log(-z.re), 0.0);
    } else {
        w = sp_lambertw_asy(z, kf);
    }
    if (w.re >= 0.0) {
        for (int it = 0; it < 100; it++) {
            sp_cx ew = sp_cx_exp(sp_cx_make(-w.re, -w.im));
            sp_cx wewz = sp_cx_sub(w, sp_cx_mul(z, ew));
            sp_cx den = sp_cx_sub(sp_cx_addr(w, 1.0),
                                  sp_cx_div(sp_cx_mul(sp_cx_addr(w, 2.0), wewz), sp_cx_addr(sp_cx_scale(w, 2.0), 2.0)));
            sp_cx wn = sp_cx_sub(w, sp_cx_div(wewz, den));
            if (sp_cx_abs(sp_cx_sub(wn, w)) <= tol * sp_cx_abs(wn)) return wn;
            w = wn;
        }
    } else {
        for (int it = 0; it < 100; it++) {
            sp_cx ew = sp_cx_exp(w);
            sp_cx wew = sp_cx_mul(w, ew);
            sp_cx wewz = sp_cx_sub(wew, z);
            sp_cx den = sp_cx_sub(sp_cx_add(wew, ew),
                                  sp_cx_div(sp_cx_mul(sp_cx_addr(w, 2.0), wewz), sp_cx_addr(sp_cx_scale(w, 2.0), 2.0)));
            sp_cx wn = sp_cx_sub(w, sp_cx_div(wewz, den));
            if (sp_cx_abs(sp_cx_sub(wn, w)) <= tol * sp_cx_abs(wn)) return wn;
            w = wn;
        }
    }
    return sp_cx_make(SP_NAN, SP_NAN);
}
// inputs: re(z), im(z), k (truncated to an integer), tol; outputs: re(W), im(W); float64 only
// (SciPy computes lambertw in complex128 for every input dtype)
#ifdef SP_WANT_lambertw
extern "C" __global__ void sp_lambertw_f64(const double *x, const double *y, const double *k, const double *tol,
                                           double *wr, double *wi, long long n) {
    SP_LOOP {
        sp_cx w = sp_lambertw(sp_cx_make(x[i], y[i]), (long long)k[i], tol[i]);
        wr[i] = w.re;
        wi[i] = w.im;
    }
}
#endif
