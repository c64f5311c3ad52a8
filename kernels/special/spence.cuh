// kernels/special/spence.cuh: Spence's function (the dilogarithm), Cephes spence for a real
// argument and xsf's complex spence (series about z = 0 and z = 1, the reflection z -> z/(z - 1)
// far from 1), as crates/cuprum-special/src/scalar/spence.rs, the same steps; part of the
// scipy.special CUDA source, after cx.cuh. The complex kernels write the real and imaginary parts.
__device__ double sp_spence(double x) {
    const double A[8] = {4.65128586073990045278E-5, 7.31589045238094711071E-3, 1.33847639578309018650E-1,
                         8.79691311754530315341E-1, 2.71149851196553469920E0,  4.25697156008121755724E0,
                         3.29771340985225106936E0,  1.00000000000000000126E0};
    const double B[8] = {6.90990488912553276999E-4, 2.54043763932544379113E-2, 2.82974860602568089943E-1,
                         1.41172597751831069617E0,  3.63800533345137075418E0,  5.03278880143316990390E0,
                         3.54771340985225096217E0,  9.99999999999999998740E-1};
    if (isnan(x) || x < 0.0) return SP_NAN;
    if (x == 1.0) return 0.0;
    if (x == 0.0) return SP_PI * SP_PI / 6.0;
    int flag = 0;
    if (x > 2.0) {
        x = 1.0 / x;
        flag |= 2;
    }
    double w;
    if (x > 1.5) {
        w = (1.0 / x) - 1.0;
        flag |= 2;
    } else if (x < 0.5) {
        w = -x;
        flag |= 1;
    } else {
        w = x - 1.0;
    }
    double y = -w * sp_polevl(w, A, 7) / sp_polevl(w, B, 7);
    if (flag & 1) y = (SP_PI * SP_PI) / 6.0 - log(x) * log(1.0 - x) - y;
    if (flag & 2) {
        double z = log(x);
        y = -0.5 * z * z - y;
    }
    return y;
}
SP_UNARY(spence, sp_spence)
#define SP_SPENCE_TOL 2.220446092504131e-16
#define SP_PISQ_6 1.6449340668482264365
// log z: xsf's zlog1 is cgamma.cuh's sp_cg_zlog1
// the series about z = 0
__device__ sp_cx sp_cspence_series0(sp_cx z) {
    sp_cx zfac = sp_cx_make(1.0, 0.0), sum1 = sp_cx_make(0.0, 0.0), sum2 = sp_cx_make(0.0, 0.0);
    if (z.re == 0.0 && z.im == 0.0) return sp_cx_make(SP_PISQ_6, 0.0);
    for (int n = 1; n < 500; n++) {
        zfac = sp_cx_mul(zfac, z);
        sp_cx term1 = sp_cx_divr(zfac, (double)(n * n));
        sum1 = sp_cx_add(sum1, term1);
        sp_cx term2 = sp_cx_divr(zfac, (double)n);
        sum2 = sp_cx_add(sum2, term2);
        if (sp_cx_abs(term1) <= SP_SPENCE_TOL * sp_cx_abs(sum1) && sp_cx_abs(term2) <= SP_SPENCE_TOL * sp_cx_abs(sum2)) break;
    }
    return sp_cx_add(sp_cx_make(SP_PISQ_6 - sum1.re, -sum1.im), sp_cx_mul(sp_cg_zlog1(z), sum2));
}
// the series about z = 1 (Ginsberg and Zaborowski)
__device__ sp_cx sp_cspence_series1(sp_cx z) {
    sp_cx zfac = sp_cx_make(1.0, 0.0), res = sp_cx_make(0.0, 0.0);
    if (z.re == 1.0 && z.im == 0.0) return sp_cx_make(0.0, 0.0);
    z = sp_cx_make(1.0 - z.re, -z.im);
    sp_cx zz = sp_cx_mul(z, z);
    for (int n = 1; n < 500; n++) {
        zfac = sp_cx_mul(zfac, z);
        double dn = (double)n;
        sp_cx term = sp_cx_divr(sp_cx_divr(sp_cx_divr(zfac, dn * dn), (dn + 1.0) * (dn + 1.0)), (dn + 2.0) * (dn + 2.0));
        res = sp_cx_add(res, term);
        if (sp_cx_abs(term) <= SP_SPENCE_TOL * sp_cx_abs(res)) break;
    }
    res = sp_cx_mul(res, sp_cx_scale(zz, 4.0));
    sp_cx omzz = sp_cx_make(1.0 - zz.re, -zz.im), omz = sp_cx_make(1.0 - z.re, -z.im);
    res = sp_cx_add(res, sp_cx_add(sp_cx_add(sp_cx_scale(z, 4.0), sp_cx_scale(zz, 5.75)),
                                   sp_cx_mul(sp_cx_scale(omzz, 3.0), sp_cg_zlog1(omz))));
    return sp_cx_div(res, sp_cx_add(sp_cx_addr(sp_cx_scale(z, 4.0), 1.0), zz));
}
__device__ sp_cx sp_cspence(sp_cx z) {
    if (sp_cx_isnan(z)) return sp_cx_make(SP_NAN, SP_NAN);
    if (sp_cx_abs(z) < 0.5) return sp_cspence_series0(z);
    sp_cx zm1 = sp_cx_addr(z, -1.0);
    if (sp_cx_abs(zm1) > 1.0) {
        sp_cx l = sp_cg_zlog1(zm1);
        sp_cx s = sp_cspence_series1(sp_cx_div(z, zm1));
        return sp_cx_sub(sp_cx_addr(sp_cx_neg(s), -SP_PISQ_6), sp_cx_mul(sp_cx_scale(l, 0.5), l));
    }
    return sp_cspence_series1(z);
}
SP_CUNARY(cspence, sp_cspence)
