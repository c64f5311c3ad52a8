// kernels/special/cexpint.cuh: the exponential integrals E1(z) and Ei(z) of a complex argument
// (xsf's exp1 and expi, Zhang and Jin's e1z), as crates/cuprum-special/src/scalar/cexpint.rs, the
// same steps; part of the scipy.special CUDA source, after cx.cuh. The kernels write the real and
// imaginary parts.
__device__ sp_cx sp_cexp1(sp_cx z) {
    double x = z.re, a0 = sp_cx_abs(z), xt = -2.0 * fabs(z.im);
    if (a0 == 0.0) return sp_cx_make(SP_INF, 0.0);
    if (a0 < 5.0 || (x < xt && a0 < 40.0)) {
        sp_cx ce1 = sp_cx_make(1.0, 0.0), cr = sp_cx_make(1.0, 0.0);
        for (int k = 1; k < 501; k++) {
            double kf = (double)k;
            cr = sp_cx_scale(sp_cx_mul(sp_cx_neg(cr), z), kf / ((kf + 1.0) * (kf + 1.0)));
            ce1 = sp_cx_add(ce1, cr);
            if (sp_cx_abs(cr) < sp_cx_abs(ce1) * 1e-15) break;
        }
        if (x <= 0.0 && z.im == 0.0) {
            sp_cx t = sp_cx_add(sp_cx_sub(sp_cx_make(-SP_EULER, 0.0), sp_cx_log(sp_cx_neg(z))), sp_cx_mul(z, ce1));
            return sp_cx_make(t.re, t.im - copysign(SP_PI, z.im));
        }
        return sp_cx_add(sp_cx_sub(sp_cx_make(-SP_EULER, 0.0), sp_cx_log(z)), sp_cx_mul(z, ce1));
    }
    sp_cx zd = sp_cx_recip(z), zdc = zd, zc = zdc;
    for (int k = 1; k < 501; k++) {
        double kf = (double)k;
        zd = sp_cx_recip(sp_cx_addr(sp_cx_scale(zd, kf), 1.0));
        zdc = sp_cx_mul(zdc, sp_cx_addr(zd, -1.0));
        zc = sp_cx_add(zc, zdc);
        zd = sp_cx_recip(sp_cx_add(sp_cx_scale(zd, kf), z));
        zdc = sp_cx_mul(zdc, sp_cx_addr(sp_cx_mul(z, zd), -1.0));
        zc = sp_cx_add(zc, zdc);
        if (sp_cx_abs(zdc) <= sp_cx_abs(zc) * 1e-15 && k > 20) break;
    }
    sp_cx ce1 = sp_cx_mul(sp_cx_exp(sp_cx_neg(z)), zc);
    if (x <= 0.0 && z.im == 0.0) return sp_cx_make(ce1.re, ce1.im - SP_PI);
    return ce1;
}
__device__ sp_cx sp_cexpi(sp_cx z) {
    sp_cx c = sp_cx_neg(sp_cexp1(sp_cx_neg(z)));
    if (z.im > 0.0) return sp_cx_make(c.re, c.im + SP_PI);
    if (z.im < 0.0) return sp_cx_make(c.re, c.im - SP_PI);
    if (z.re > 0.0) return sp_cx_make(c.re, c.im + copysign(SP_PI, z.im));
    return c;
}
SP_CUNARY(cexp1, sp_cexp1)
SP_CUNARY(cexpi, sp_cexpi)
// DLMF 6.6.5, 6.6.6: the power series of (Si, Ci - gamma - log z) (sgn = -1) or (Shi, Chi - ...)
__device__ void sp_csici_series(double sgn, sp_cx z, sp_cx *s_out, sp_cx *c_out) {
    sp_cx fac = z, s = fac, c = sp_cx_make(0.0, 0.0);
    for (int n = 1; n < 100; n++) {
        double nf = (double)n;
        fac = sp_cx_mul(fac, sp_cx_divr(sp_cx_scale(z, sgn), 2.0 * nf));
        sp_cx term2 = sp_cx_divr(fac, 2.0 * nf);
        c = sp_cx_add(c, term2);
        fac = sp_cx_mul(fac, sp_cx_divr(z, 2.0 * nf + 1.0));
        sp_cx term1 = sp_cx_divr(fac, 2.0 * nf + 1.0);
        s = sp_cx_add(s, term1);
        if (sp_cx_abs(term1) < SP_DBL_EPS * sp_cx_abs(s) && sp_cx_abs(term2) < SP_DBL_EPS * sp_cx_abs(c)) break;
    }
    *s_out = s;
    *c_out = c;
}
__device__ void sp_csici(sp_cx z, sp_cx *si_out, sp_cx *ci_out) {
    if (z.re == SP_INF && z.im == 0.0) {
        *si_out = sp_cx_make(SP_PI_2, 0.0);
        *ci_out = sp_cx_make(0.0, 0.0);
        return;
    }
    if (z.re == -SP_INF && z.im == 0.0) {
        *si_out = sp_cx_make(-SP_PI_2, 0.0);
        *ci_out = sp_cx_make(0.0, SP_PI);
        return;
    }
    if (sp_cx_abs(z) < 0.8) {
        sp_cx si, ci;
        sp_csici_series(-1.0, z, &si, &ci);
        *si_out = si;
        *ci_out = (z.re == 0.0 && z.im == 0.0) ? sp_cx_make(-SP_INF, SP_NAN) : sp_cx_add(ci, sp_cx_addr(sp_cx_log(z), SP_EULER));
        return;
    }
    sp_cx jz = sp_cx_mul(sp_cx_make(0.0, 1.0), z);
    sp_cx t1 = sp_cexpi(jz), t2 = sp_cexpi(sp_cx_neg(jz));
    sp_cx si = sp_cx_mul(sp_cx_make(0.0, -0.5), sp_cx_sub(t1, t2));
    sp_cx ci = sp_cx_scale(sp_cx_add(t1, t2), 0.5);
    if (z.re == 0.0) {
        if (z.im > 0.0) ci.im += SP_PI_2;
        else if (z.im < 0.0) ci.im -= SP_PI_2;
    } else if (z.re > 0.0) {
        si.re -= SP_PI_2;
    } else {
        si.re += SP_PI_2;
        if (z.im >= 0.0) ci.im += SP_PI;
        else ci.im -= SP_PI;
    }
    *si_out = si;
    *ci_out = ci;
}
__device__ void sp_cshichi(sp_cx z, sp_cx *shi_out, sp_cx *chi_out) {
    if (z.re == SP_INF && z.im == 0.0) {
        *shi_out = sp_cx_make(SP_INF, 0.0);
        *chi_out = sp_cx_make(SP_INF, 0.0);
        return;
    }
    if (z.re == -SP_INF && z.im == 0.0) {
        *shi_out = sp_cx_make(-SP_INF, 0.0);
        *chi_out = sp_cx_make(SP_INF, 0.0);
        return;
    }
    if (sp_cx_abs(z) < 0.8) {
        sp_cx shi, chi;
        sp_csici_series(1.0, z, &shi, &chi);
        *shi_out = shi;
        *chi_out = (z.re == 0.0 && z.im == 0.0) ? sp_cx_make(-SP_INF, SP_NAN) : sp_cx_add(chi, sp_cx_addr(sp_cx_log(z), SP_EULER));
        return;
    }
    sp_cx t1 = sp_cexpi(z), t2 = sp_cexpi(sp_cx_neg(z));
    sp_cx shi = sp_cx_scale(sp_cx_sub(t1, t2), 0.5), chi = sp_cx_scale(sp_cx_add(t1, t2), 0.5);
    if (z.im > 0.0) {
        shi.im -= 0.5 * SP_PI;
        chi.im += 0.5 * SP_PI;
    } else if (z.im < 0.0) {
        shi.im += 0.5 * SP_PI;
        chi.im -= 0.5 * SP_PI;
    } else if (z.re < 0.0) {
        chi.im += SP_PI;
    }
    *shi_out = shi;
    *chi_out = chi;
}
// Kernels of a pair of complex functions of one complex argument: inputs re(z), im(z); outputs
// re and im of the first, re and im of the second (float32 kernels compute in double and round).
#define SP_CUNARY2(NAME, FN)                                                                     \
    SP_KERNELS(NAME, extern "C" __global__ void sp_##NAME##_f64(const double *x, const double *y, double *ar, \
                                                             double *ai, double *br, double *bi, long long n) { \
        SP_LOOP {                                                                                \
            sp_cx a, b;                                                                          \
            FN(sp_cx_make(x[i], y[i]), &a, &b);                                                  \
            ar[i] = a.re;                                                                        \
            ai[i] = a.im;                                                                        \
            br[i] = b.re;                                                                        \
            bi[i] = b.im;                                                                        \
        }                                                                                        \
    }                                                                                            \
    extern "C" __global__ void sp_##NAME##_f32(const float *x, const float *y, float *ar, float *ai, float *br, \
                                               float *bi, long long n) {                         \
        SP_LOOP {                                                                                \
            sp_cx a, b;                                                                          \
            FN(sp_cx_make((double)x[i], (double)y[i]), &a, &b);                                  \
            ar[i] = (float)a.re;                                                                 \
            ai[i] = (float)a.im;                                                                 \
            br[i] = (float)b.re;                                                                 \
            bi[i] = (float)b.im;                                                                 \
        }                                                                                        \
    })
SP_CUNARY2(csici, sp_csici)
SP_CUNARY2(cshichi, sp_cshichi)
