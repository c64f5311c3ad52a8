// kernels/special/degrees.cuh: trigonometric functions of degrees and radian (Cephes sindg,
// tandg, radian, as crates/cuprum-special/src/scalar/degrees.rs; part of the scipy.special
// CUDA source, after special.cu).
__device__ static const double DEG_SINCOF[6] = {1.58962301572218447952E-10, -2.50507477628503540135E-8,
    2.75573136213856773549E-6, -1.98412698295895384658E-4, 8.33333333332211858862E-3, -1.66666666666666307295E-1};
__device__ static const double DEG_COSCOF[7] = {1.13678171382044553091E-11, -2.08758833757683644217E-9,
    2.75573155429816611547E-7, -2.48015872936186303776E-5, 1.38888888888806666760E-3, -4.16666666666666348141E-2,
    4.99999999999999999798E-1};
#define DEG_PI180 1.74532925199432957692E-2
#define DEG_LOSSTH 1.0e14
#define DEG_P64800 4.848136811095359935899141023579479759563533023727e-6

// x >= 0: the octant j (0..3), whether the sign flips, and x mod 45 degrees in radians
__device__ void sp_deg_reduce45(double x, int *j_out, bool *flip, double *z_out) {
    double y = floor(x / 45.0);
    double z = y - floor(y * 0.0625) * 16.0;
    int j = isnan(z) ? 0 : (int)z;
    if (j & 1) {
        j += 1;
        y += 1.0;
    }
    j &= 7;
    *flip = false;
    if (j > 3) {
        *flip = true;
        j -= 4;
    }
    *j_out = j;
    *z_out = (x - y * 45.0) * DEG_PI180;
}
__device__ double sp_sindg(double x) {
    bool neg = false;
    if (x < 0.0) {
        x = -x;
        neg = true;
    }
    if (x > DEG_LOSSTH) return 0.0;
    int j;
    bool flip;
    double z;
    sp_deg_reduce45(x, &j, &flip, &z);
    if (flip) neg = !neg;
    double zz = z * z;
    double y = (j == 1 || j == 2) ? 1.0 - zz * sp_polevl(zz, DEG_COSCOF, 6)
                                  : z + z * (zz * sp_polevl(zz, DEG_SINCOF, 5));
    return neg ? -y : y;
}
__device__ double sp_cosdg(double x) {
    x = fabs(x);
    if (x > DEG_LOSSTH) return 0.0;
    int j;
    bool flip;
    double z;
    sp_deg_reduce45(x, &j, &flip, &z);
    bool neg = flip;
    if (j > 1) neg = !neg;
    double zz = z * z;
    double y = (j == 1 || j == 2) ? z + z * (zz * sp_polevl(zz, DEG_SINCOF, 5))
                                  : 1.0 - zz * sp_polevl(zz, DEG_COSCOF, 6);
    return neg ? -y : y;
}
__device__ double sp_tancot(double xx, bool cot) {
    double x = xx, sign = 1.0;
    if (xx < 0.0) {
        x = -xx;
        sign = -1.0;
    }
    if (x > DEG_LOSSTH) return 0.0;
    x -= 180.0 * floor(x / 180.0);
    if (cot) {
        if (x <= 90.0) {
            x = 90.0 - x;
        } else {
            x -= 90.0;
            sign = -sign;
        }
    } else if (x > 90.0) {
        x = 180.0 - x;
        sign = -sign;
    }
    if (x == 0.0) return 0.0;
    if (x == 45.0) return sign;
    if (x == 90.0) return SP_INF;
    return sign * tan(x * DEG_PI180);
}
__device__ double sp_tandg(double x) { return sp_tancot(x, false); }
__device__ double sp_cotdg(double x) { return sp_tancot(x, true); }
__device__ double sp_radian(double d, double m, double s) { return ((d * 60.0 + m) * 60.0 + s) * DEG_P64800; }

SP_UNARY(sindg, sp_sindg)
SP_UNARY(cosdg, sp_cosdg)
SP_UNARY(tandg, sp_tandg)
SP_UNARY(cotdg, sp_cotdg)
SP_TERNARY(radian, sp_radian)
