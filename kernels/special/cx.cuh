// kernels/special/cx.cuh: complex arithmetic in double for the functions of a complex argument
// (sp_cx), with the elementary functions xsf builds on: log, exp, sinpi, cospi, log1p, expm1 and
// a polynomial with real coefficients (as crates/cuprum-special/src/scalar/cx.rs, the same
// formulas; part of the scipy.special CUDA source, after special.cu).
struct sp_cx {
    double re, im;
};
__device__ __forceinline__ sp_cx sp_cx_make(double re, double im) {
    sp_cx r;
    r.re = re;
    r.im = im;
    return r;
}
__device__ __forceinline__ sp_cx sp_cx_add(sp_cx a, sp_cx b) { return sp_cx_make(a.re + b.re, a.im + b.im); }
__device__ __forceinline__ sp_cx sp_cx_sub(sp_cx a, sp_cx b) { return sp_cx_make(a.re - b.re, a.im - b.im); }
__device__ __forceinline__ sp_cx sp_cx_mul(sp_cx a, sp_cx b) {
    return sp_cx_make(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);
}
__device__ __forceinline__ sp_cx sp_cx_scale(sp_cx a, double s) { return sp_cx_make(a.re * s, a.im * s); }
__device__ __forceinline__ sp_cx sp_cx_addr(sp_cx a, double s) { return sp_cx_make(a.re + s, a.im); }
// Smith's algorithm
__device__ sp_cx sp_cx_div(sp_cx a, sp_cx b) {
    if (fabs(b.re) >= fabs(b.im)) {
        double r = b.im / b.re, d = b.re + b.im * r;
        return sp_cx_make((a.re + a.im * r) / d, (a.im - a.re * r) / d);
    }
    double r = b.re / b.im, d = b.re * r + b.im;
    return sp_cx_make((a.re * r + a.im) / d, (a.im * r - a.re) / d);
}
__device__ __forceinline__ double sp_cx_abs(sp_cx a) { return hypot(a.re, a.im); }
__device__ sp_cx sp_cx_exp(sp_cx a) {
    double e = exp(a.re);
    if (a.im == 0.0) return sp_cx_make(e, a.im);
    return sp_cx_make(e * cos(a.im), e * sin(a.im));
}
__device__ sp_cx sp_cx_log(sp_cx a) { return sp_cx_make(log(sp_cx_abs(a)), atan2(a.im, a.re)); }
// the principal square root (Kahan's formula)
__device__ sp_cx sp_cx_sqrt(sp_cx a) {
    if (a.re == 0.0 && a.im == 0.0) return sp_cx_make(0.0, a.im);
    double t = sqrt((fabs(a.re) + sp_cx_abs(a)) * 0.5);
    if (a.re >= 0.0) return sp_cx_make(t, a.im / (2.0 * t));
    return sp_cx_make(fabs(a.im) / (2.0 * t), copysign(t, a.im));
}
// a polynomial with real coefficients (highest degree first, degree n >= 1) at a complex point
__device__ sp_cx sp_cevalpoly(const double *c, int n, sp_cx z) {
    double a = c[0], b = c[1], r = 2.0 * z.re, s = z.re * z.re + z.im * z.im;
    for (int j = 2; j <= n; j++) {
        double tmp = b;
        b = fma(-s, a, c[j]);
        a = fma(r, a, tmp);
    }
    return sp_cx_addr(sp_cx_scale(z, a), b);
}
__device__ __forceinline__ sp_cx sp_cx_neg(sp_cx a) { return sp_cx_make(-a.re, -a.im); }
__device__ __forceinline__ sp_cx sp_cx_conj(sp_cx a) { return sp_cx_make(a.re, -a.im); }
__device__ __forceinline__ sp_cx sp_cx_divr(sp_cx a, double s) { return sp_cx_make(a.re / s, a.im / s); }
__device__ __forceinline__ sp_cx sp_cx_recip(sp_cx a) { return sp_cx_div(sp_cx_make(1.0, 0.0), a); }
__device__ __forceinline__ bool sp_cx_isfinite(sp_cx a) { return isfinite(a.re) && isfinite(a.im); }
__device__ __forceinline__ bool sp_cx_isnan(sp_cx a) { return isnan(a.re) || isnan(a.im); }
// xsf's sinpi(z): sin(pi x) cosh(pi y) + i cos(pi x) sinh(pi y), scaled where cosh overflows
__device__ sp_cx sp_csinpi(sp_cx z) {
    double piy = SP_PI * z.im, abspiy = fabs(piy);
    double s = sp_sinpi(z.re), c = sp_cospi(z.re);
    if (abspiy < 700.0) return sp_cx_make(s * cosh(piy), c * sinh(piy));
    double e = exp(abspiy / 2.0);
    if (isinf(e)) {
        double re = s == 0.0 ? copysign(0.0, s) : copysign(SP_INF, s);
        double im = c == 0.0 ? copysign(0.0, c) : copysign(SP_INF, c);
        return sp_cx_make(re, im);
    }
    return sp_cx_make(0.5 * s * e * e, 0.5 * c * e * e);
}
// xsf's cospi(z): cos(pi x) cosh(pi y) - i sin(pi x) sinh(pi y), scaled as sp_csinpi
__device__ sp_cx sp_ccospi(sp_cx z) {
    double piy = SP_PI * z.im, abspiy = fabs(piy);
    double s = sp_sinpi(z.re), c = sp_cospi(z.re);
    if (abspiy < 700.0) return sp_cx_make(c * cosh(piy), -s * sinh(piy));
    double e = exp(abspiy / 2.0);
    if (isinf(e)) {
        double re = s == 0.0 ? copysign(0.0, c) : copysign(SP_INF, c);
        double im = c == 0.0 ? copysign(0.0, s) : copysign(SP_INF, s);
        return sp_cx_make(re, im);
    }
    return sp_cx_make(0.5 * c * e * e, 0.5 * s * e * e);
}
// xsf's complex log1p: 0.5 log1p(|z| (|z| + 2x/|z|)) for |z| < 0.707, in double-double where
// x ~ -y^2/2 cancels (as Dd in scalar/dd.rs: two-sum and fast two-sum of the partial sums)
__device__ sp_cx sp_clog1p(sp_cx z) {
    double zr = z.re, zi = z.im;
    if (!sp_cx_isfinite(z)) {
        double r = zr + 1.0, i = zi;
        if (isnan(r) && isnan(i)) return sp_cx_make(SP_NAN, SP_NAN);
        return sp_cx_make(log(hypot(r, i)), atan2(i, r));
    }
    if (zi == 0.0 && zr >= -1.0) return sp_cx_make(sp_log1p(zr), zi);
    double az = sp_cx_abs(z);
    if (az < 0.707) {
        double azi = fabs(zi);
        if (zr < 0.0 && fabs(-zr - azi * azi / 2.0) / (-zr) < 0.5) {
            sp_dd s = sp_dd_add(sp_dd_add(sp_dd_sq(zr), sp_dd_sq(zi)), sp_dd_make(2.0 * zr, 0.0));
            return sp_cx_make(0.5 * sp_log1p(s.hi + s.lo), atan2(zi, zr + 1.0));
        }
        return sp_cx_make(0.5 * sp_log1p(az * (az + 2.0 * zr / az)), atan2(zi, zr + 1.0));
    }
    return sp_cx_log(sp_cx_addr(z, 1.0));
}
// xsf's complex expm1: expm1(x) cos y + cosm1(y) + i exp(x) sin y
__device__ sp_cx sp_cexpm1(sp_cx z) {
    double zr = z.re, zi = z.im;
    if (!sp_cx_isfinite(z)) {
        if (isnan(zr)) return sp_cx_make(SP_NAN, zi == 0.0 ? zi : SP_NAN);
        if (isinf(zr)) {
            if (zr < 0.0) return sp_cx_make(-1.0, 0.0);
            if (zi == 0.0) return sp_cx_make(SP_INF, zi);
            if (isfinite(zi)) return sp_cx_make(SP_INF * cos(zi), SP_INF * sin(zi));
            return sp_cx_make(SP_INF, SP_NAN);
        }
        return sp_cx_make(SP_NAN, SP_NAN);
    }
    double ezr = 0.0, x;
    if (zr <= -40.0) {
        x = -1.0;
    } else {
        ezr = sp_expm1(zr);
        x = ezr * cos(zi) + sp_cosm1(zi);
    }
    double y = zr > -1.0 ? (ezr + 1.0) * sin(zi) : exp(zr) * sin(zi);
    return sp_cx_make(x, y);
}
// Kernels of a complex function of one complex argument: inputs re(z), im(z); outputs re, im
// (the float32 kernels compute in double and round, as SciPy's 'F->F' loops).
#define SP_CUNARY(NAME, FN)                                                                      \
    SP_KERNELS(NAME, extern "C" __global__ void sp_##NAME##_f64(const double *x, const double *y, double *wr, \
                                                             double *wi, long long n) {           \
        SP_LOOP {                                                                                \
            sp_cx w = FN(sp_cx_make(x[i], y[i]));                                                \
            wr[i] = w.re;                                                                        \
            wi[i] = w.im;                                                                        \
        }                                                                                        \
    }                                                                                            \
    extern "C" __global__ void sp_##NAME##_f32(const float *x, const float *y, float *wr, float *wi, \
                                               long long n) {                                    \
        SP_LOOP {                                                                                \
            sp_cx w = FN(sp_cx_make((double)x[i], (double)y[i]));                                \
            wr[i] = (float)w.re;                                                                 \
            wi[i] = (float)w.im;                                                                 \
        }                                                                                        \
    })
SP_CUNARY(clog1p, sp_clog1p)
SP_CUNARY(cexpm1, sp_cexpm1)
// xsf's complex xlogy and xlog1py: x log y, x log1p(y), 0 where x == 0 and y is not NaN
__device__ sp_cx sp_cxlogy(sp_cx x, sp_cx y) {
    if (x.re == 0.0 && x.im == 0.0 && !sp_cx_isnan(y)) return sp_cx_make(0.0, 0.0);
    return sp_cx_mul(x, sp_cx_log(y));
}
__device__ sp_cx sp_cxlog1py(sp_cx x, sp_cx y) {
    if (x.re == 0.0 && x.im == 0.0 && !sp_cx_isnan(y)) return sp_cx_make(0.0, 0.0);
    return sp_cx_mul(x, sp_clog1p(y));
}
// Kernels of a complex function of two complex arguments: inputs re(x), im(x), re(y), im(y);
// outputs re, im (float32 kernels compute in double and round).
#define SP_CBINARY(NAME, FN)                                                                     \
    SP_KERNELS(NAME, extern "C" __global__ void sp_##NAME##_f64(const double *xr, const double *xi, const double *yr, \
                                                             const double *yi, double *wr, double *wi, long long n) { \
        SP_LOOP {                                                                                \
            sp_cx w = FN(sp_cx_make(xr[i], xi[i]), sp_cx_make(yr[i], yi[i]));                    \
            wr[i] = w.re;                                                                        \
            wi[i] = w.im;                                                                        \
        }                                                                                        \
    }                                                                                            \
    extern "C" __global__ void sp_##NAME##_f32(const float *xr, const float *xi, const float *yr, const float *yi, \
                                               float *wr, float *wi, long long n) {              \
        SP_LOOP {                                                                                \
            sp_cx w = FN(sp_cx_make((double)xr[i], (double)xi[i]), sp_cx_make((double)yr[i], (double)yi[i])); \
            wr[i] = (float)w.re;                                                                 \
            wi[i] = (float)w.im;                                                                 \
        }                                                                                        \
    })
SP_CBINARY(cxlogy, sp_cxlogy)
SP_CBINARY(cxlog1py, sp_cxlog1py)
