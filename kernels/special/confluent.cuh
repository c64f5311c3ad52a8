// kernels/special/confluent.cuh: hyp1f1, Kummer's confluent hypergeometric function for real
// arguments (crates/cuprum-special/src/scalar/confluent.rs): the power series summed in
// double-double, directly for x > 0 and through Kummer's transformation for x < 0 (the other one
// too when the first cancels), DLMF 13.7.2 beyond |x| = 600. Part of the scipy.special CUDA
// source (see common.cuh); after special.cu and gamma.cuh.
__device__ bool sp_nonpos_int(double v) { return v <= 0.0 && v == trunc(v); }
// double-double arithmetic: sp_dd and its sums are in common.cuh
__device__ sp_dd sp_dd_add_f(sp_dd a, double b) {
    sp_dd s = sp_two_sum(a.hi, b);
    return sp_fast_two_sum(s.hi, s.lo + a.lo);
}
__device__ sp_dd sp_dd_mul(sp_dd a, sp_dd b) {
    double p = a.hi * b.hi;
    double e = fma(a.hi, b.hi, -p);
    return sp_fast_two_sum(p, e + (a.hi * b.lo + a.lo * b.hi));
}
__device__ sp_dd sp_dd_mul_f(sp_dd a, double b) {
    double p = a.hi * b;
    double e = fma(a.hi, b, -p);
    return sp_fast_two_sum(p, e + a.lo * b);
}
__device__ sp_dd sp_dd_div(sp_dd a, sp_dd b) {
    double q1 = a.hi / b.hi;
    sp_dd r = sp_dd_add(a, sp_dd_mul_f(b, -q1));
    return sp_fast_two_sum(q1, r.hi / b.hi);
}
// sum_k (a)_k / (b)_k x^k / k! in double-double (a a double-double); *maxt: the largest term
__device__ double sp_h1f1_series(sp_dd a, double b, double x, double *maxt) {
    sp_dd term = sp_dd_make(1.0, 0.0), sum = sp_dd_make(1.0, 0.0);
    *maxt = 1.0;
    double past = fmax(-a.hi, -b);
    bool mixed = false;
    for (int ki = 0; ki < 20000; ki++) {
        double k = (double)ki;
        sp_dd num = sp_dd_mul_f(sp_dd_add_f(a, k), x);
        sp_dd den = sp_dd_mul_f(sp_two_sum(b, k), k + 1.0);
        sp_dd r = sp_dd_div(num, den);
        mixed = mixed || r.hi < 0.0;
        term = sp_dd_mul(term, r);
        if (!isfinite(term.hi)) {  // overflow: the sum's infinity, NaN where terms would cancel
            *maxt = fabs(term.hi);
            return mixed ? SP_NAN : sum.hi + term.hi;
        }
        sum = sp_dd_add(sum, term);
        double at = fabs(term.hi);
        *maxt = fmax(*maxt, at);
        if (term.hi == 0.0 || !isfinite(sum.hi) || !isfinite(at)) break;
        double next = fabs((a.hi + k + 1.0) * x / ((b + k + 1.0) * (k + 2.0)));
        if (k >= past && next < 0.5 && at <= 1e-18 * fabs(sum.hi)) break;
    }
    if (!isfinite(sum.hi)) return sum.hi;
    return sum.hi + sum.lo;
}
// 1F1(-n; b; x) for a = -n a non-positive integer (also b a non-positive integer <= a)
__device__ double sp_h1f1_polynomial(double a, double b, double x) {
    sp_dd term = sp_dd_make(1.0, 0.0), sum = sp_dd_make(1.0, 0.0);
    bool mixed = false;
    for (double k = 0.0; k < -a; k += 1.0) {
        sp_dd r;
        if (a == b) {
            r = sp_dd_make(x / (k + 1.0), 0.0);
        } else {
            r = sp_dd_div(sp_dd_mul_f(sp_two_sum(a, k), x), sp_dd_mul_f(sp_two_sum(b, k), k + 1.0));
        }
        mixed = mixed || r.hi < 0.0;
        term = sp_dd_mul(term, r);
        if (!isfinite(term.hi)) return mixed ? SP_NAN : sum.hi + term.hi;
        sum = sp_dd_add(sum, term);
        if (!isfinite(sum.hi)) return sum.hi;
        if (term.hi == 0.0) break;
    }
    return sum.hi + sum.lo;
}
// DLMF 13.7.2's sum for z > 0; false when its terms grow before converging.
__device__ bool sp_h1f1_asym_sum(double a, double b, double z, double *out) {
    double term = 1.0, sum = 1.0;
    for (int ki = 0; ki < 200; ki++) {
        double k = (double)ki;
        double next = term * (b - a + k) * (1.0 - a + k) / ((k + 1.0) * z);
        if (fabs(next) > fabs(term) && next != 0.0) return false;
        term = next;
        sum += term;
        if (fabs(term) <= SP_MACHEP * fabs(sum)) {
            *out = sum;
            return true;
        }
    }
    return false;
}
__device__ bool sp_h1f1_asym_pos(double a, double b, double z, double *out) {
    if (sp_nonpos_int(a)) return false;
    double sa, sb, s2;
    double lga = sp_lgam_sgn(a, &sa);
    double lgb = sp_lgam_sgn(b, &sb);
    if (!sp_nonpos_int(b - a)) {
        double lgba = sp_lgam_sgn(b - a, &s2);
        if (lga - lgba + (b - 2.0 * a) * log(z) - z > -40.0) return false;
    }
    double s;
    if (!sp_h1f1_asym_sum(a, b, z, &s)) return false;
    *out = sa * sb * exp(lgb - lga + z + (a - b) * log(z)) * s;
    return true;
}
__device__ bool sp_h1f1_asym_neg(double a, double b, double x, double *out) {
    double z = -x, ap = b - a;
    if (sp_nonpos_int(ap)) return false;
    double sap, sb, s2;
    double lgap = sp_lgam_sgn(ap, &sap);
    double lgb = sp_lgam_sgn(b, &sb);
    if (!sp_nonpos_int(a)) {
        double lga = sp_lgam_sgn(a, &s2);
        if (lgap - lga + (b - 2.0 * ap) * log(z) - z > -40.0) return false;
    }
    double s;
    if (!sp_h1f1_asym_sum(ap, b, z, &s)) return false;
    *out = sap * sb * exp(lgb - lgap - a * log(z)) * s;
    return true;
}
__device__ double sp_h1f1_at_infinity(double a, double b, double x) {
    if (sp_nonpos_int(a)) {
        // the sign of the leading coefficient (a)_n / (b)_n: n negative factors above, those
        // of b + k for k < -b below
        double n = -a, nb = b < 0.0 ? fmin(n, ceil(-b)) : 0.0;
        double s = (fmod(n, 2.0) == 1.0) != (fmod(nb, 2.0) == 1.0) ? -1.0 : 1.0;
        if (x < 0.0 && fmod(n, 2.0) == 1.0) s = -s;
        return copysign(SP_INF, s);
    }
    if (x > 0.0) return sp_gammasgn(a) * sp_gammasgn(b) * SP_INF;
    if (a > 0.0) return 0.0;
    if (sp_nonpos_int(b - a)) return 0.0;
    return sp_gammasgn(b) * sp_gammasgn(b - a) * SP_INF;
}
// the series 1F1(a; b; x) or Kummer's e^x 1F1(b - a; b; -x); *cond: largest term / |sum|
__device__ double sp_h1f1_candidate(bool kummer, double a, double b, double x, double *cond) {
    double m, s;
    if (kummer) {
        s = sp_h1f1_series(sp_two_sum(b, -a), b, -x, &m);
        *cond = m / fabs(s);
        return exp(x) * s;
    }
    s = sp_h1f1_series(sp_dd_make(a, 0.0), b, x, &m);
    *cond = m / fabs(s);
    return s;
}
__device__ bool sp_h1f1_asym(double a, double b, double x, double *out) {
    return x > 0.0 ? sp_h1f1_asym_pos(a, b, x, out) : sp_h1f1_asym_neg(a, b, x, out);
}
__device__ double sp_hyp1f1(double a, double b, double x) {
    if (isnan(a) || isnan(b) || isnan(x)) return SP_NAN;
    if (sp_nonpos_int(b)) {
        if (!((b != 0.0 && a == b) || (a != 0.0 && sp_nonpos_int(a) && a >= b))) return SP_INF;
        if (isinf(x)) return sp_h1f1_at_infinity(a, b, x);
        return sp_h1f1_polynomial(a, b, x);
    }
    if (a == 0.0 || x == 0.0) return 1.0;
    if (isinf(a)) return SP_NAN;
    if (isinf(b)) return 1.0;
    if (isinf(x)) return sp_h1f1_at_infinity(a, b, x);
    if (a == b) return exp(x);
    if (sp_nonpos_int(a)) return sp_h1f1_polynomial(a, b, x);
    double w;
    if (fabs(x) >= 600.0 && sp_h1f1_asym(a, b, x, &w)) return w;
    double c, c2;
    double v = sp_h1f1_candidate(x < 0.0, a, b, x, &c);
    if (!(c < 1e8)) {
        double v2 = sp_h1f1_candidate(x > 0.0, a, b, x, &c2);
        if (c2 < c || (isnan(c) && !isnan(c2))) v = v2;
    }
    if (!isfinite(v) && fabs(x) >= 20.0 && sp_h1f1_asym(a, b, x, &w)) return w;
    return v;
}
SP_TERNARY(hyp1f1, sp_hyp1f1)
// ---------------------------------------------------------------- hyperu (scalar/hyperu.rs):
// Zhang and Jin's CHGU as xsf's specfun::chgu, behind SciPy's wrapper
__device__ bool sp_hu_is_int(double v) { return v == trunc(v) && fabs(v) < 2147483648.0; }
// C's (int)v as x86 computes it: INT_MIN for NaN, infinities and values beyond int
__device__ int sp_hu_c_int(double v) {
    return (isfinite(v) && fabs(v) < 2147483648.0) ? (int)v : (-2147483647 - 1);
}
__constant__ double SP_HU_G[26] = {
    1.0000000000000000e+00,  0.5772156649015329e+00,  -0.6558780715202538e+00, -0.4200263503409520e-01,
    0.1665386113822915e+00,  -0.4219773455554430e-01, -0.9621971527877000e-02, 0.7218943246663000e-02,
    -0.1165167591859100e-02, -0.2152416741149000e-03, 0.1280502823882000e-03,  -0.2013485478070000e-04,
    -0.1250493482100000e-05, 0.1133027232000000e-05,  -0.2056338417000000e-06, 0.6116095000000000e-08,
    0.5002007500000000e-08,  -0.1181274600000000e-08, 0.1043427000000000e-09,  0.7782300000000000e-11,
    -0.3696800000000000e-11, 0.5100000000000000e-12,  -0.2060000000000000e-13, -0.5400000000000000e-14,
    0.1400000000000000e-14,  0.1000000000000000e-15};
__device__ double sp_hu_gamma2(double x) {
    if (sp_hu_is_int(x)) {
        if (x > 0.0) {
            double ga = 1.0;
            int m = (int)(x - 1.0);
            for (int k = 2; k <= m && !isinf(ga); k++) ga *= k;  // inf from 171! on
            return ga;
        }
        return 1e300;
    }
    double r = 1.0, z;
    if (fabs(x) > 1.0) {
        z = fabs(x);
        int m = sp_hu_c_int(z);  // C's (int)z: INT_MIN beyond int's range, and no factors
        for (int k = 1; k <= m; k++) r *= z - k;
        z -= m;
    } else {
        z = x;
    }
    double gr = SP_HU_G[25];
    for (int k = 25; k > 0; k--) {
        gr *= z;
        gr += SP_HU_G[k - 1];
    }
    double ga = 1.0 / (gr * z);
    if (fabs(x) > 1.0) {
        ga *= r;
        if (x < 0.0) ga = -SP_PI / (x * ga * sin(SP_PI * x));
    }
    return ga;
}
__device__ double sp_hu_psi(double x) {
    const double el = 0.5772156649015329;
    double xa = fabs(x), s = 0.0, ps;
    if (sp_hu_is_int(x) && x <= 0.0) return 1e300;
    if (sp_hu_is_int(xa)) {
        int n = (int)xa;
        for (int k = 1; k < n; k++) s += 1.0 / k;
        ps = -el + s;
    } else if (sp_hu_is_int(xa + 0.5)) {
        int n = (int)(xa - 0.5);
        for (int k = 1; k <= n; k++) s += 1.0 / (2.0 * k - 1.0);
        ps = -el + 2.0 * s - 1.386294361119891;
    } else {
        if (xa < 10.0) {
            int n = 10 - (int)xa;
            for (int k = 0; k < n; k++) s += 1.0 / (xa + k);
            xa += n;
        }
        double x2 = 1.0 / (xa * xa);
        ps = log(xa) - 0.5 / xa;
        ps += x2 * (((((((0.4432598039215686 * x2 + -0.83333333333333333e-01) * x2 + 0.21092796092796093e-01) * x2 +
                        -0.75757575757575758e-02) * x2 + 0.41666666666666667e-02) * x2 + -0.39682539682539683e-02) * x2 +
                     0.83333333333333333e-02) * x2 + -0.8333333333333e-01);
        ps -= s;
    }
    if (x < 0.0) ps -= SP_PI * cos(SP_PI * x) / sin(SP_PI * x) + 1.0 / x;
    return ps;
}
__device__ double sp_hu_chgus(double x, double a, double b, int *id) {
    double ga = sp_hu_gamma2(a), gb = sp_hu_gamma2(b);
    double gab = sp_hu_gamma2(1.0 + a - b), gb2 = sp_hu_gamma2(2.0 - b);
    double hu0 = SP_PI / sin(SP_PI * b);
    double r1 = hu0 / (gab * gb);
    double r2 = hu0 * pow(x, 1.0 - b) / (ga * gb2);
    double hu = r1 - r2, hmax = 0.0, hmin = 1e300, h0 = 0.0;
    for (int j = 1; j < 151; j++) {
        r1 = r1 * (a + j - 1.0) / (j * (b + j - 1.0)) * x;
        r2 = r2 * (a - b + j) / (j * (1.0 - b + j)) * x;
        hu += r1 - r2;
        double hua = fabs(hu);
        hmax = fmax(hmax, hua);
        hmin = fmin(hmin, hua);
        if (fabs(hu - h0) < fabs(hu) * 1e-15) break;
        h0 = hu;
    }
    double d1 = log10(hmax), d2 = hmin != 0.0 ? log10(hmin) : 0.0;
    *id = sp_hu_c_int(15.0 - fabs(d1 - d2));
    return hu;
}
__device__ double sp_hu_chgul(double x, double a, double b, int *id) {
    double aa = a - b + 1.0;
    bool il1 = sp_hu_is_int(a) && a <= 0.0, il2 = sp_hu_is_int(aa) && aa <= 0.0;
    int nm = 0;
    if (il1) nm = (int)fabs(a);
    if (il2) nm = (int)fabs(aa);
    double hu = 1.0, r = 1.0;
    if (il1 || il2) {
        for (int k = 1; k <= nm; k++) {
            r = -r * (a + k - 1.0) * (a - b + k) / (k * x);
            hu += r;
        }
        *id = 10;
        return hu * pow(x, -a);
    }
    double r0 = 0.0, ra = 0.0;
    for (int k = 1; k <= 25; k++) {
        r = -r * (a + k - 1.0) * (a - b + k) / (k * x);
        ra = fabs(r);
        if ((k > 5 && ra >= r0) || ra < 1e-15) break;
        r0 = ra;
        hu += r;
    }
    *id = sp_hu_c_int(fabs(log10(ra)));
    return hu * pow(x, -a);
}
__device__ double sp_hu_chgubi(double x, double a, double b, int *id) {
    const double el = 0.5772156649015329;
    int n = (int)fabs(b - 1.0);
    double nf = (double)n, rn1 = 1.0, rn = 1.0;
    for (int j = 1; j <= n; j++) {
        rn *= j;
        if (j == n - 1) rn1 = rn;
    }
    double ps = sp_hu_psi(a), ga = sp_hu_gamma2(a);
    double sgn = ((n - 1) % 2 == 0) ? 1.0 : -1.0;
    double a0, a2, ua, ub;
    if (b > 0.0) {
        a0 = a;
        a2 = a - nf;
        ua = sgn / (rn * sp_hu_gamma2(a2));
        ub = rn1 / ga * pow(x, -nf);
    } else {
        a0 = a + nf;
        a2 = a;
        ua = sgn / (rn * ga) * pow(x, nf);
        ub = rn1 / sp_hu_gamma2(a0);
    }
    double hm1 = 1.0, r = 1.0, hmax = 0.0, hmin = 1e300, h0 = 0.0;
    for (int k = 1; k <= 150; k++) {
        r = r * (a0 + k - 1.0) * x / ((nf + k) * k);
        hm1 += r;
        double hu1 = fabs(hm1);
        hmax = fmax(hmax, hu1);
        hmin = fmin(hmin, hu1);
        if (fabs(hm1 - h0) < fabs(hm1) * 1.0e-15) break;
        h0 = hm1;
    }
    double da1 = log10(hmax), da2 = hmin != 0.0 ? log10(hmin) : 0.0;
    int idv = 15 - sp_hu_c_int(fabs(da1 - da2));
    hm1 *= log(x);
    double s0 = 0.0;
    for (int m = 1; m <= n; m++) {
        if (b >= 0.0) s0 -= 1.0 / m;
        if (b < 0.0) s0 += (1.0 - a) / (m * (a + m - 1.0));
    }
    double hm2 = ps + 2.0 * el + s0;
    r = 1.0;
    hmax = 0.0;
    hmin = 1.0e300;
    for (int k = 1; k <= 150; k++) {
        double s1 = 0.0, s2 = 0.0;
        if (b > 0.0) {
            for (int m = 1; m <= k; m++) s1 -= (m + 2.0 * a - 2.0) / (m * (m + a - 1.0));
            for (int m = 1; m <= n; m++) s2 += 1.0 / (k + m);
        } else {
            for (int m = 1; m <= k + n; m++) s1 += (1.0 - a) / (m * (m + a - 1.0));
            for (int m = 1; m <= k; m++) s2 += 1.0 / m;
        }
        double hw = 2.0 * el + ps + s1 - s2;
        r = r * (a0 + k - 1.0) * x / ((nf + k) * k);
        hm2 += r * hw;
        double hu2 = fabs(hm2);
        hmax = fmax(hmax, hu2);
        hmin = fmin(hmin, hu2);
        if (fabs((hm2 - h0) / hm2) < 1.0e-15) break;
        h0 = hm2;
    }
    double db1 = log10(hmax), db2 = hmin != 0.0 ? log10(hmin) : 0.0;
    int id1 = 15 - sp_hu_c_int(fabs(db1 - db2));
    if (id1 < idv) idv = id1;
    double hm3 = n == 0 ? 0.0 : 1.0;
    r = 1.0;
    for (int k = 1; k < n; k++) {
        r = r * (a2 + k - 1.0) / ((double)(k - n) * k) * x;
        hm3 += r;
    }
    double sa = ua * (hm1 + hm2), sb = ub * hm3, hu = sa + sb;
    id1 = sa != 0.0 ? sp_hu_c_int(log10(fabs(sa))) : 0;
    int id2 = hu != 0.0 ? sp_hu_c_int(log10(fabs(hu))) : 0;
    if (sa * sb < 0.0) idv -= abs(id1 - id2);
    *id = idv;
    return hu;
}
__constant__ double SP_HU_T[30] = {
    0.259597723012478e-01, 0.778093339495366e-01, 0.129449135396945e+00, 0.180739964873425e+00, 0.231543551376029e+00,
    0.281722937423262e+00, 0.331142848268448e+00, 0.379670056576798e+00, 0.427173741583078e+00, 0.473525841761707e+00,
    0.518601400058570e+00, 0.562278900753945e+00, 0.604440597048510e+00, 0.644972828489477e+00, 0.683766327381356e+00,
    0.720716513355730e+00, 0.755723775306586e+00, 0.788693739932264e+00, 0.819537526162146e+00, 0.848171984785930e+00,
    0.874519922646898e+00, 0.898510310810046e+00, 0.920078476177628e+00, 0.939166276116423e+00, 0.955722255839996e+00,
    0.969701788765053e+00, 0.981067201752598e+00, 0.989787895222222e+00, 0.995840525118838e+00, 0.999210123227436e+00};
__constant__ double SP_HU_W[30] = {
    0.519078776312206e-01, 0.517679431749102e-01, 0.514884515009810e-01, 0.510701560698557e-01, 0.505141845325094e-01,
    0.498220356905502e-01, 0.489955754557568e-01, 0.480370318199712e-01, 0.469489888489122e-01, 0.457343797161145e-01,
    0.443964787957872e-01, 0.429388928359356e-01, 0.413655512355848e-01, 0.396806954523808e-01, 0.378888675692434e-01,
    0.359948980510845e-01, 0.340038927249464e-01, 0.319212190192963e-01, 0.297524915007890e-01, 0.275035567499248e-01,
    0.251804776215213e-01, 0.227895169439978e-01, 0.203371207294572e-01, 0.178299010142074e-01, 0.152746185967848e-01,
    0.126781664768159e-01, 0.100475571822880e-01, 0.738993116334531e-02, 0.471272992695363e-02, 0.202681196887362e-02};
__device__ double sp_hu_chguit(double x, double a, double b, int *id) {
    double a1 = a - 1.0, b1 = b - a - 1.0, c = 12.0 / x;
    double hu0 = 0.0, hu1 = 0.0, hu2 = 0.0;
    for (int m = 10; m <= 100; m += 5) {
        hu1 = 0.0;
        double g = 0.5 * c / m, d = g;
        for (int j = 1; j < m + 1; j++) {
            double s = 0.0;
            for (int k = 0; k < 30; k++) {
                double t1 = d + g * SP_HU_T[k], t2 = d - g * SP_HU_T[k];
                double f1 = exp(-x * t1) * pow(t1, a1) * pow(1.0 + t1, b1);
                double f2 = exp(-x * t2) * pow(t2, a1) * pow(1.0 + t2, b1);
                s += SP_HU_W[k] * (f1 + f2);
            }
            hu1 += s * g;
            d += 2.0 * g;
        }
        if (fabs(1.0 - hu0 / hu1) < 1.0e-9) break;
        hu0 = hu1;
    }
    hu1 /= sp_hu_gamma2(a);
    for (int m = 2; m <= 10; m += 2) {
        hu2 = 0.0;
        double g = 0.5 / m, d = g;
        for (int j = 1; j <= m; j++) {
            double s = 0.0;
            for (int k = 0; k < 30; k++) {
                double t1 = d + g * SP_HU_T[k], t2 = d - g * SP_HU_T[k];
                double t3 = c / (1.0 - t1), t4 = c / (1.0 - t2);
                double f1 = t3 * t3 / c * exp(-x * t3) * pow(t3, a1) * pow(1.0 + t3, b1);
                double f2 = t4 * t4 / c * exp(-x * t4) * pow(t4, a1) * pow(1.0 + t4, b1);
                s += SP_HU_W[k] * (f1 + f2);
            }
            hu2 += s * g;
            d += 2.0 * g;
        }
        if (fabs(1.0 - hu0 / hu2) < 1.0e-9) break;
        hu0 = hu2;
    }
    hu2 /= sp_hu_gamma2(a);
    *id = 9;
    return hu1 + hu2;
}
// CHGU; *ok false for fewer than 6 estimated digits
__device__ double sp_hu_chgu(double x, double a, double b, bool *ok) {
    double aa = a - b + 1.0;
    bool il1 = sp_hu_is_int(a) && a <= 0.0, il2 = sp_hu_is_int(aa) && aa <= 0.0;
    bool il3 = fabs(a * (a - b + 1.0)) / x <= 2.0;
    bool bl1 = x <= 5.0 || (x <= 10.0 && a <= 2.0);
    bool bl2 = x > 5.0 && x <= 12.5 && (a >= 1.0 && b >= a + 4.0);
    bool bl3 = x > 12.5 && a >= 5.0 && b >= a + 5.0;
    bool bn = sp_hu_is_int(b) && b != 0.0;
    int id = -100, id1 = 0;
    double hu = 0.0, hu1 = 0.0;
    *ok = true;
    if (!sp_hu_is_int(b)) {
        hu = sp_hu_chgus(x, a, b, &id1);
        if (id1 >= 9) return hu;
        hu1 = hu;
    }
    if (il1 || il2 || il3) {
        hu = sp_hu_chgul(x, a, b, &id);
        if (id >= 9) return hu;
        if (id1 > id) {
            id = id1;
            hu = hu1;
        }
    }
    if (a >= 1.0) {
        if (bn && (bl1 || bl2 || bl3)) {
            hu = sp_hu_chgubi(x, a, b, &id);
        } else {
            hu = sp_hu_chguit(x, a, b, &id);
        }
    } else if (b <= a) {
        double b00 = b;
        a -= b - 1.0;
        b = 2.0 - b;
        hu = sp_hu_chguit(x, a, b, &id);
        hu *= pow(x, 1.0 - b00);
    } else if (bn) {
        hu = sp_hu_chgubi(x, a, b, &id);
    }
    if (id < 6) *ok = false;
    return hu;
}
__device__ double sp_hu_hypu(double a, double b, double x) {
    bool ok;
    double v = sp_hu_chgu(x, a, b, &ok);
    if (!ok) return SP_NAN;
    if (v == 1e300) return SP_INF;
    return v;
}
__device__ double sp_hyperu(double a, double b, double x) {
    if (isnan(a) || isnan(b) || isnan(x) || x < 0.0) return SP_NAN;
    if (x == 0.0) return b > 1.0 ? SP_INF : sp_poch(1.0 - b + a, -a);
    if (b == 1.0 && x < 1.0 && -0.25 < a && a < 0.3)
        return (x + 1.0 + 2.0 * a) * sp_hu_hypu(a + 1.0, 1.0, x) - (a + 1.0) * (a + 1.0) * sp_hu_hypu(a + 2.0, 1.0, x);
    return sp_hu_hypu(a, b, x);
}
SP_TERNARY(hyperu, sp_hyperu)
