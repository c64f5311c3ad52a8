// kernels/special/cerf.cuh: the error function family of a complex argument (xsf's Faddeeva
// package: erf, erfc, erfcx, erfi, Dawson; xsf's complex ndtr and log_ndtr), as
// crates/cuprum-special/src/scalar/cerf.rs, the same steps; part of the scipy.special CUDA
// source, after faddeeva.cuh (w, erfcx) and dawson.cuh (w_im). The kernels write the real and
// imaginary parts.
#define CERF_SPI2 0.886226925452758013649
__device__ sp_cx sp_cerf_w(sp_cx z) {
    double r, i;
    sp_faddeeva_w(z.re, z.im, &r, &i);
    return sp_cx_make(r, i);
}
__device__ sp_cx sp_cerf_polar_exp(double re, double im) {
    double e = exp(re);
    return sp_cx_make(e * cos(im), e * sin(im));
}
__device__ sp_cx sp_cerfcx(sp_cx z) { return sp_cerf_w(sp_cx_make(-z.im, z.re)); }
__device__ sp_cx sp_cerf(sp_cx z) {
    double x = z.re, y = z.im;
    if (x == 0.0) {
        double im = y * y > 720.0 ? (y > 0.0 ? SP_INF : -SP_INF) : exp(y * y) * sp_w_im(y);
        return sp_cx_make(x, im);
    }
    double mre = (y - x) * (x + y), mim = -2.0 * x * y;
    if (mre < -750.0) return sp_cx_make(x >= 0.0 ? 1.0 : -1.0, 0.0);
    bool small = fabs(x) < 5e-3;
    if (small && fabs(y) < 5e-3) {
        sp_cx mz2 = sp_cx_make(mre, mim);
        sp_cx inner = sp_cx_addr(sp_cx_scale(mz2, 0.11283791670955125739), 0.37612638903183752464);
        return sp_cx_mul(z, sp_cx_addr(sp_cx_mul(mz2, inner), 1.1283791670955125739));
    }
    if (small && fabs(mim) < 5e-3) {
        double x2 = x * x, y2 = y * y, expy2 = exp(y2);
        return sp_cx_make(
            expy2 * x *
                (1.1283791670955125739 - x2 * (0.37612638903183752464 + 0.75225277806367504925 * y2) +
                 x2 * x2 * (0.11283791670955125739 + y2 * (0.45135166683820502956 + 0.15045055561273500986 * y2))),
            expy2 * (sp_w_im(y) - x2 * y * (1.1283791670955125739 - x2 * (0.56418958354775628695 + 0.37612638903183752464 * y2))));
    }
    if (x >= 0.0) {
        double e = exp(mre);
        sp_cx t = sp_cx_mul(sp_cx_make(cos(mim), sin(mim)), sp_cerf_w(sp_cx_make(-y, x)));
        return sp_cx_make(1.0 - e * t.re, -(e * t.im));
    }
    if (isnan(x)) return sp_cx_make(SP_NAN, y == 0.0 ? 0.0 : SP_NAN);
    double e = exp(mre);
    sp_cx t = sp_cx_mul(sp_cx_make(cos(mim), sin(mim)), sp_cerf_w(sp_cx_make(y, -x)));
    return sp_cx_make(e * t.re - 1.0, e * t.im);
}
__device__ sp_cx sp_cerfi(sp_cx z) {
    sp_cx e = sp_cerf(sp_cx_make(-z.im, z.re));
    return sp_cx_make(e.im, -e.re);
}
__device__ sp_cx sp_cerfc(sp_cx z) {
    double x = z.re, y = z.im;
    if (x == 0.0) {
        double im = y * y > 720.0 ? (y > 0.0 ? -SP_INF : SP_INF) : -exp(y * y) * sp_w_im(y);
        return sp_cx_make(1.0, im);
    }
    if (y == 0.0) {
        if (x * x > 750.0) return sp_cx_make(x >= 0.0 ? 0.0 : 2.0, 0.0);
        double v = x >= 0.0 ? exp(-x * x) * sp_fad_erfcx(x) : 2.0 - exp(-x * x) * sp_fad_erfcx(-x);
        return sp_cx_make(v, 0.0);
    }
    double mre = (y - x) * (x + y), mim = -2.0 * x * y;
    if (mre < -750.0) return sp_cx_make(x >= 0.0 ? 0.0 : 2.0, 0.0);
    if (x >= 0.0) return sp_cx_mul(sp_cerf_polar_exp(mre, mim), sp_cerf_w(sp_cx_make(-y, x)));
    sp_cx t = sp_cx_mul(sp_cerf_polar_exp(mre, mim), sp_cerf_w(sp_cx_make(y, -x)));
    return sp_cx_make(2.0 - t.re, -t.im);
}
__device__ sp_cx sp_cdawsn_realaxis(double x, double y) {
    double x2 = x * x;
    if (x2 > 1600.0) {
        double y2 = y * y;
        if (x2 > 25e14) {
            double xy2 = (x * y) * (x * y);
            return sp_cx_make((0.5 + y2 * (0.5 + 0.25 * y2 - 0.16666666666666666667 * xy2)) / x,
                              y * (-1.0 + y2 * (-0.66666666666666666667 + 0.13333333333333333333 * xy2 - 0.26666666666666666667 * y2)) /
                                  (2.0 * x2 - 1.0));
        }
        double f = 1.0 / (-15.0 + x2 * (90.0 + x2 * (-60.0 + 8.0 * x2)));
        sp_cx c = sp_cx_make(x * (33.0 + x2 * (-28.0 + 4.0 * x2) + y2 * (18.0 - 4.0 * x2 + 4.0 * y2)),
                             y * (-15.0 + x2 * (24.0 - 4.0 * x2) + y2 * (4.0 * x2 - 10.0 - 4.0 * y2)));
        return sp_cx_scale(c, f);
    }
    double d = CERF_SPI2 * sp_w_im(x), y2 = y * y;
    return sp_cx_make(
        d + y2 * (d + x - 2.0 * d * x2) +
            y2 * y2 * (d * (0.5 - x2 * (2.0 - 0.66666666666666666667 * x2)) + x * (0.83333333333333333333 - 0.33333333333333333333 * x2)),
        y * (1.0 - 2.0 * d * x + y2 * 0.66666666666666666667 * (1.0 - x2 - d * x * (3.0 - 2.0 * x2)) +
             y2 * y2 * (0.26666666666666666667 - x2 * (0.6 - 0.13333333333333333333 * x2) -
                        d * x * (1.0 - x2 * (1.3333333333333333333 - 0.26666666666666666667 * x2)))));
}
__device__ sp_cx sp_cdawsn(sp_cx z) {
    double x = z.re, y = z.im;
    if (y == 0.0) return sp_cx_make(CERF_SPI2 * sp_w_im(x), -y);
    if (x == 0.0) {
        double y2 = y * y;
        if (y2 < 2.5e-5)
            return sp_cx_make(x, y * (1.0 + y2 * (0.6666666666666666666666666666666666666667 + y2 * 0.2666666666666666666666666666666666666667)));
        double v = y >= 0.0 ? exp(y2) - sp_fad_erfcx(y) : sp_fad_erfcx(-y) - exp(y2);
        return sp_cx_make(x, CERF_SPI2 * v);
    }
    double mre = (y - x) * (x + y), mim = -2.0 * x * y;
    sp_cx mz2 = sp_cx_make(mre, mim);
    bool small = fabs(y) < 5e-3;
    if (small && fabs(x) < 5e-3) {
        sp_cx inner = sp_cx_addr(sp_cx_scale(mz2, 0.2666666666666666666666666666666666666667), 0.6666666666666666666666666666666666666667);
        return sp_cx_mul(z, sp_cx_addr(sp_cx_mul(mz2, inner), 1.0));
    }
    if (small && fabs(mim) < 5e-3) return sp_cdawsn_realaxis(x, y);
    if (y >= 0.0) {
        sp_cx res = sp_cx_sub(sp_cx_exp(mz2), sp_cerf_w(z));
        return sp_cx_scale(sp_cx_make(-res.im, res.re), CERF_SPI2);
    }
    if (isnan(y)) return sp_cx_make(x == 0.0 ? 0.0 : SP_NAN, SP_NAN);
    sp_cx res = sp_cx_sub(sp_cerf_w(sp_cx_neg(z)), sp_cx_exp(mz2));
    return sp_cx_scale(sp_cx_make(-res.im, res.re), CERF_SPI2);
}
__device__ sp_cx sp_cndtr(sp_cx z) { return sp_cx_scale(sp_cerfc(sp_cx_scale(sp_cx_neg(z), SP_SQRT1_2)), 0.5); }
__device__ sp_cx sp_clog_ndtr(sp_cx z) {
    if (z.re > 6.0) {
        sp_cx v = sp_cx_scale(sp_cerfc(sp_cx_scale(z, SP_SQRT1_2)), -0.5);
        if (sp_cx_abs(v) < 1e-8) return v;
    }
    z = sp_cx_scale(z, -SP_SQRT1_2);
    double x = z.re, y = z.im;
    double mre = (y - x) * (x + y), mim = -2.0 * x * y;
    double im = fmod(mim, 2.0 * SP_PI);
    if (im > SP_PI) im -= 2.0 * SP_PI;
    sp_cx val2 = sp_cx_log(sp_cerf_w(sp_cx_make(-y, x)));
    sp_cx r = sp_cx_addr(sp_cx_add(sp_cx_make(mre, im), val2), -0.69314718055994530942);
    im = r.im;
    if (im >= SP_PI) im -= 2.0 * SP_PI;
    if (im < -SP_PI) im += 2.0 * SP_PI;
    return sp_cx_make(r.re, im);
}
SP_CUNARY(cerf, sp_cerf)
SP_CUNARY(cerfc, sp_cerfc)
SP_CUNARY(cerfcx, sp_cerfcx)
SP_CUNARY(cerfi, sp_cerfi)
SP_CUNARY(cdawsn, sp_cdawsn)
SP_CUNARY(cndtr, sp_cndtr)
SP_CUNARY(clog_ndtr, sp_clog_ndtr)
