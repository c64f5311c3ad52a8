// kernels/special/cfresnel.cuh: the Fresnel integrals S(z) and C(z) of a complex argument (xsf's
// complex fresnel, Zhang and Jin's cfs and cfc), as crates/cuprum-special/src/scalar/cfresnel.rs,
// the same steps; part of the scipy.special CUDA source, after cexpint.cuh (its SP_CUNARY2). The
// complex products and quotients are GCC's __muldc3 and __divdc3 (Annex G recovery of the
// infinities), sin and cos of a complex argument glibc's csin and ccos, as SciPy's build.
__device__ __forceinline__ double sp_cfr_boxed(double v) { return copysign(isinf(v) ? 1.0 : 0.0, v); }
__device__ __forceinline__ double sp_cfr_nan0(double v) { return isnan(v) ? copysign(0.0, v) : v; }
// __muldc3: (ac - bd) + i (ad + bc), the infinities that compute as NaN + i NaN recovered
__device__ sp_cx sp_cfr_mul(sp_cx p, sp_cx q) {
    double a = p.re, b = p.im, c = q.re, d = q.im;
    double ac = a * c, bd = b * d, ad = a * d, bc = b * c;
    double x = ac - bd, y = ad + bc;
    if (!(isnan(x) && isnan(y))) return sp_cx_make(x, y);
    bool recalc = false;
    if (isinf(a) || isinf(b)) {
        a = sp_cfr_boxed(a);
        b = sp_cfr_boxed(b);
        c = sp_cfr_nan0(c);
        d = sp_cfr_nan0(d);
        recalc = true;
    }
    if (isinf(c) || isinf(d)) {
        c = sp_cfr_boxed(c);
        d = sp_cfr_boxed(d);
        a = sp_cfr_nan0(a);
        b = sp_cfr_nan0(b);
        recalc = true;
    }
    if (!recalc && (isinf(ac) || isinf(bd) || isinf(ad) || isinf(bc))) {
        a = sp_cfr_nan0(a);
        b = sp_cfr_nan0(b);
        c = sp_cfr_nan0(c);
        d = sp_cfr_nan0(d);
        recalc = true;
    }
    if (recalc) return sp_cx_make(SP_INF * (a * c - b * d), SP_INF * (a * d + b * c));
    return sp_cx_make(x, y);
}
// __divdc3: Smith's algorithm, the operands scaled by powers of 2 near the ends of the range,
// the infinities and zeros that compute as NaN + i NaN recovered
__device__ __noinline__ sp_cx sp_cfr_div(sp_cx p, sp_cx q) {
    const double RBIG = SP_DBL_MAX / 2.0, RMIN = SP_DBL_MIN, RMIN2 = SP_DBL_EPS;
    const double RMINSCAL = 1.0 / SP_DBL_EPS, RMAX2 = RBIG * RMIN2;
    double a = p.re, b = p.im, c = q.re, d = q.im, x, y;
    if (fabs(c) < fabs(d)) {
        if (fabs(d) >= RBIG) {
            a = a / 2.0;
            b = b / 2.0;
            c = c / 2.0;
            d = d / 2.0;
        }
        if (fabs(d) < RMIN2 || (fabs(a) < RMIN && fabs(b) < RMAX2 && fabs(d) < RMAX2) ||
            (fabs(b) < RMIN && fabs(a) < RMAX2 && fabs(d) < RMAX2)) {
            a = a * RMINSCAL;
            b = b * RMINSCAL;
            c = c * RMINSCAL;
            d = d * RMINSCAL;
        }
        double ratio = c / d, denom = c * ratio + d;
        if (fabs(ratio) > RMIN) {
            x = (a * ratio + b) / denom;
            y = (b * ratio - a) / denom;
        } else {
            x = (c * (a / d) + b) / denom;
            y = (c * (b / d) - a) / denom;
        }
    } else {
        if (fabs(c) >= RBIG) {
            a = a / 2.0;
            b = b / 2.0;
            c = c / 2.0;
            d = d / 2.0;
        }
        if (fabs(c) < RMIN2 || (fabs(a) < RMIN && fabs(b) < RMAX2 && fabs(c) < RMAX2) ||
            (fabs(b) < RMIN && fabs(a) < RMAX2 && fabs(c) < RMAX2)) {
            a = a * RMINSCAL;
            b = b * RMINSCAL;
            c = c * RMINSCAL;
            d = d * RMINSCAL;
        }
        double ratio = d / c, denom = d * ratio + c;
        if (fabs(ratio) > RMIN) {
            x = (b * ratio + a) / denom;
            y = (b - a * ratio) / denom;
        } else {
            x = (a + d * (b / c)) / denom;
            y = (b - d * (a / c)) / denom;
        }
    }
    if (isnan(x) && isnan(y)) {
        if (c == 0.0 && d == 0.0 && (!isnan(a) || !isnan(b))) {
            double inf = copysign(SP_INF, c);
            return sp_cx_make(inf * a, inf * b);
        }
        if ((isinf(a) || isinf(b)) && isfinite(c) && isfinite(d)) {
            a = sp_cfr_boxed(a);
            b = sp_cfr_boxed(b);
            return sp_cx_make(SP_INF * (a * c + b * d), SP_INF * (b * c - a * d));
        }
        if ((isinf(c) || isinf(d)) && isfinite(a) && isfinite(b)) {
            c = sp_cfr_boxed(c);
            d = sp_cfr_boxed(d);
            return sp_cx_make(0.0 * (a * c + b * d), 0.0 * (b * c - a * d));
        }
    }
    return sp_cx_make(x, y);
}
// (int)((DBL_MAX_EXP - 1) * M_LN2): past it, glibc's csin and ccosh scale exp
#define SP_CFR_T 709.0
// sin(x), cos(x) as glibc's complex functions take them: (x, 1) below DBL_MIN
__device__ void sp_cfr_sincos(double x, double *s, double *c) {
    if (fabs(x) > SP_DBL_MIN) {
        *s = sin(x);
        *c = cos(x);
    } else {
        *s = x;
        *c = 1.0;
    }
}
// u, v times exp(|r|) for |r| > T, by exp(T) in steps (DBL_MAX times the parts past 3 T)
__device__ sp_cx sp_cfr_scaled_exp(double r, double u, double v) {
    double exp_t = exp(SP_CFR_T), rx = fabs(r) - SP_CFR_T;
    u *= exp_t / 2.0;
    v *= exp_t / 2.0;
    if (rx > SP_CFR_T) {
        rx -= SP_CFR_T;
        u *= exp_t;
        v *= exp_t;
    }
    if (rx > SP_CFR_T) return sp_cx_make(SP_DBL_MAX * u, SP_DBL_MAX * v);
    double ev = exp(rx);
    return sp_cx_make(ev * u, ev * v);
}
// glibc's csin(z): sin x cosh y + i cos x sinh y, scaled where cosh overflows
__device__ __noinline__ sp_cx sp_cfr_csin(sp_cx z) {
    bool negate = signbit(z.re);
    double rx = fabs(z.re), iy = z.im, sinix, cosix;
    if (isfinite(iy)) {
        if (isfinite(rx)) {
            sp_cfr_sincos(rx, &sinix, &cosix);
            if (negate) sinix = -sinix;
            if (fabs(iy) > SP_CFR_T) {
                if (signbit(iy)) cosix = -cosix;
                return sp_cfr_scaled_exp(iy, sinix, cosix);
            }
            return sp_cx_make(cosh(iy) * sinix, sinh(iy) * cosix);
        }
        if (iy == 0.0) return sp_cx_make(SP_NAN, iy);
        return sp_cx_make(SP_NAN, SP_NAN);
    }
    if (isinf(iy)) {
        if (rx == 0.0) return sp_cx_make(copysign(0.0, negate ? -1.0 : 1.0), iy);
        if (isfinite(rx)) {
            sp_cfr_sincos(rx, &sinix, &cosix);
            double re = copysign(SP_INF, sinix), im = copysign(SP_INF, cosix);
            if (negate) re = -re;
            if (signbit(iy)) im = -im;
            return sp_cx_make(re, im);
        }
        return sp_cx_make(SP_NAN, SP_INF);
    }
    return sp_cx_make(rx == 0.0 ? copysign(0.0, negate ? -1.0 : 1.0) : SP_NAN, SP_NAN);
}
// glibc's ccosh(z): cosh x cos y + i sinh x sin y, scaled where cosh overflows
__device__ __noinline__ sp_cx sp_cfr_ccosh(sp_cx z) {
    double rx = z.re, iy = z.im, sinix, cosix;
    if (isfinite(rx)) {
        if (isfinite(iy)) {
            sp_cfr_sincos(iy, &sinix, &cosix);
            if (fabs(rx) > SP_CFR_T) {
                if (signbit(rx)) sinix = -sinix;
                return sp_cfr_scaled_exp(rx, cosix, sinix);
            }
            return sp_cx_make(cosix * cosh(rx), sinix * sinh(rx));
        }
        return sp_cx_make(SP_NAN, rx == 0.0 ? 0.0 : SP_NAN);
    }
    if (isinf(rx)) {
        if (isfinite(iy) && iy != 0.0) {
            sp_cfr_sincos(iy, &sinix, &cosix);
            return sp_cx_make(copysign(SP_INF, cosix), copysign(SP_INF, sinix) * copysign(1.0, rx));
        }
        if (iy == 0.0) return sp_cx_make(SP_INF, iy * copysign(1.0, rx));
        return sp_cx_make(SP_INF, SP_NAN);
    }
    return sp_cx_make(SP_NAN, iy == 0.0 ? iy : SP_NAN);
}
// glibc's ccos(z) = ccosh(iz)
__device__ sp_cx sp_cfr_ccos(sp_cx z) { return sp_cfr_ccosh(sp_cx_make(-z.im, z.re)); }
// Miller's backward recurrence f_k = (2k + 3) f_{k+1} / zp - f_{k+2} from k = 85: the sum of the
// terms of k of the given parity (0: C, 1: S) and f_0
__device__ void sp_cfr_miller(sp_cx zp, int parity, sp_cx *sum_out, sp_cx *f0_out) {
    sp_cx sum = sp_cx_make(0.0, 0.0), cf1 = sp_cx_make(0.0, 0.0), cf0 = sp_cx_make(1.0e-100, 0.0), cf = cf0;
    for (int k = 85; k >= 0; k--) {
        cf = sp_cx_sub(sp_cfr_div(sp_cx_scale(cf0, 2.0 * (double)k + 3.0), zp), cf1);
        if (k % 2 == parity) sum = sp_cx_add(sum, cf);
        cf1 = cf0;
        cf0 = cf;
    }
    *sum_out = sum;
    *f0_out = cf;
}
// the sums of the asymptotic expansions: cf (20 terms of -(4k - 1)(4k - 3) / (4 zp^2) from 1) and
// cg (12 terms of -(4k + 1)(4k - 1) / (4 zp^2) from cg0)
__device__ void sp_cfr_asym(sp_cx zp2, sp_cx cg0, sp_cx *cf_out, sp_cx *cg_out) {
    sp_cx cr = sp_cx_make(1.0, 0.0), cf = cr;
    for (int k = 1; k <= 20; k++) {
        double kf = (double)k;
        cr = sp_cfr_div(sp_cx_scale(sp_cx_scale(sp_cx_scale(cr, -0.25), 4.0 * kf - 1.0), 4.0 * kf - 3.0), zp2);
        cf = sp_cx_add(cf, cr);
    }
    sp_cx cg = cg0;
    cr = cg0;
    for (int k = 1; k <= 12; k++) {
        double kf = (double)k;
        cr = sp_cfr_div(sp_cx_scale(sp_cx_scale(sp_cx_scale(cr, -0.25), 4.0 * kf + 1.0), 4.0 * kf - 1.0), zp2);
        cg = sp_cx_add(cg, cr);
    }
    *cf_out = cf;
    *cg_out = cg;
}
// 0 right (|arg z| <= pi/4), 1 upper, 2 left, 3 lower (and NaN)
__device__ int sp_cfr_quadrant(sp_cx z) {
    if (z.im > -z.re && z.im <= z.re) return 0;
    if (z.im > z.re && z.im >= -z.re) return 1;
    if (z.im < -z.re && z.im >= z.re) return 2;
    return 3;
}
// Zhang and Jin's cfc: C(z)
__device__ __noinline__ sp_cx sp_cfc(sp_cx z) {
    double w0 = sp_cx_abs(z);
    sp_cx zp = sp_cfr_mul(sp_cx_scale(z, 0.5 * SP_PI), z), zp2 = sp_cfr_mul(zp, zp);
    if (z.re == 0.0 && z.im == 0.0) return sp_cx_make(0.0, 0.0);
    if (w0 <= 2.5) {
        sp_cx cr = z, c = cr;
        double wa0 = 0.0;
        for (int k = 1; k <= 80; k++) {
            double kf = (double)k;
            sp_cx t = sp_cx_scale(sp_cx_scale(cr, -0.5), 4.0 * kf - 3.0);
            t = sp_cx_divr(sp_cx_divr(sp_cx_divr(t, kf), 2.0 * kf - 1.0), 4.0 * kf + 1.0);
            cr = sp_cfr_mul(t, zp2);
            c = sp_cx_add(c, cr);
            double wa = sp_cx_abs(c);
            if (fabs((wa - wa0) / wa) < 1.0e-14 && k > 10) return c;
            wa0 = wa;
        }
        return c;
    }
    if (w0 < 4.5) {
        sp_cx c, cf;
        sp_cfr_miller(zp, 0, &c, &cf);
        sp_cx t = sp_cfr_div(sp_cx_make(2.0, 0.0), sp_cx_scale(z, SP_PI));
        t = sp_cfr_div(sp_cfr_mul(t, sp_cfr_csin(zp)), cf);
        return sp_cfr_mul(c, t);
    }
    // C(z) = i C(-iz)
    int q = sp_cfr_quadrant(z);
    sp_cx d = q == 0 ? sp_cx_make(0.5, 0.0) : q == 1 ? sp_cx_make(0.0, 0.5) : q == 2 ? sp_cx_make(-0.5, 0.0) : sp_cx_make(0.0, -0.5);
    sp_cx cg0 = sp_cfr_div(sp_cx_make(1.0, 0.0), sp_cfr_mul(sp_cx_scale(z, SP_PI), z)), cf, cg;
    sp_cfr_asym(zp2, cg0, &cf, &cg);
    sp_cx num = sp_cx_sub(sp_cfr_mul(cf, sp_cfr_csin(zp)), sp_cfr_mul(cg, sp_cfr_ccos(zp)));
    return sp_cx_add(d, sp_cfr_div(num, sp_cx_scale(z, SP_PI)));
}
// Zhang and Jin's cfs: S(z)
__device__ __noinline__ sp_cx sp_cfs(sp_cx z) {
    double w0 = sp_cx_abs(z);
    sp_cx zp = sp_cfr_mul(sp_cx_scale(z, 0.5 * SP_PI), z), zp2 = sp_cfr_mul(zp, zp);
    if (z.re == 0.0 && z.im == 0.0) return sp_cx_make(0.0, 0.0);
    if (w0 <= 2.5) {
        sp_cx s = sp_cx_divr(sp_cfr_mul(z, zp), 3.0), cr = s;
        double wb0 = 0.0;
        for (int k = 1; k <= 80; k++) {
            double kf = (double)k;
            sp_cx t = sp_cx_scale(sp_cx_scale(cr, -0.5), 4.0 * kf - 1.0);
            t = sp_cx_divr(sp_cx_divr(sp_cx_divr(t, kf), 2.0 * kf + 1.0), 4.0 * kf + 3.0);
            cr = sp_cfr_mul(t, zp2);
            s = sp_cx_add(s, cr);
            double wb = sp_cx_abs(s);
            if (fabs(wb - wb0) < 1.0e-14 && k > 10) return s;
            wb0 = wb;
        }
        return s;
    }
    if (w0 < 4.5) {
        sp_cx s, cf;
        sp_cfr_miller(zp, 1, &s, &cf);
        sp_cx t = sp_cfr_div(sp_cx_make(2.0, 0.0), sp_cx_scale(z, SP_PI));
        t = sp_cfr_div(sp_cfr_mul(t, sp_cfr_csin(zp)), cf);
        return sp_cfr_mul(t, s);
    }
    // S(z) = -i S(-iz)
    int q = sp_cfr_quadrant(z);
    sp_cx d = q == 0 ? sp_cx_make(0.5, 0.0) : q == 1 ? sp_cx_make(0.0, -0.5) : q == 2 ? sp_cx_make(-0.5, 0.0) : sp_cx_make(0.0, 0.5);
    sp_cx cf, cg;
    sp_cfr_asym(zp2, sp_cx_make(1.0, 0.0), &cf, &cg);
    cg = sp_cfr_div(cg, sp_cfr_mul(sp_cx_scale(z, SP_PI), z));
    sp_cx num = sp_cx_add(sp_cfr_mul(cf, sp_cfr_ccos(zp)), sp_cfr_mul(cg, sp_cfr_csin(zp)));
    return sp_cx_sub(d, sp_cfr_div(num, sp_cx_scale(z, SP_PI)));
}
// xsf's complex fresnel: (S(z), C(z))
__device__ void sp_cfresnel(sp_cx z, sp_cx *s_out, sp_cx *c_out) {
    *s_out = sp_cfs(z);
    *c_out = sp_cfc(z);
}
SP_CUNARY2(cfresnel, sp_cfresnel)
