// kernels/special/ellipj.cuh: the Jacobian elliptic functions (Cephes ellpj, as
// crates/cuprum-special/src/scalar/ellipj.rs; part of the scipy.special CUDA source, after
// special.cu).
__device__ void sp_ellipj(double u, double m, double *o) {
    if (!(m >= 0.0 && m <= 1.0)) {
        o[0] = o[1] = o[2] = o[3] = SP_NAN;
        return;
    }
    if (m < 1.0e-9) {
        double t = sin(u), b = cos(u);
        double ai = 0.25 * m * (u - t * b);
        o[0] = t - ai * b;
        o[1] = b + ai * t;
        o[2] = 1.0 - 0.5 * m * t * t;
        o[3] = u - ai;
        return;
    }
    if (m >= 0.9999999999) {
        double ai = 0.25 * (1.0 - m);
        double b = cosh(u), t = tanh(u);
        double phi = 1.0 / b;
        double twon = b * sinh(u);
        o[0] = t + ai * (twon - u) / (b * b);
        o[3] = 2.0 * atan(exp(u)) - SP_PI_2 + ai * (twon - u) / b;
        ai *= t * phi;
        o[1] = phi - ai * (twon - u);
        o[2] = phi + ai * (twon + u);
        return;
    }
    double a[9], c[9];
    a[0] = 1.0;
    double b = sqrt(1.0 - m);
    c[0] = sqrt(m);
    double twon = 1.0;
    int i = 0;
    while (fabs(c[i] / a[i]) > SP_MACHEP && i <= 7) {
        double ai = a[i];
        i++;
        c[i] = (ai - b) / 2.0;
        double t = sqrt(ai * b);
        a[i] = (ai + b) / 2.0;
        b = t;
        twon *= 2.0;
    }
    double phi = twon * a[i] * u, prev = phi;
    while (i > 0) {
        double t = c[i] * sin(phi) / a[i];
        prev = phi;
        phi = (asin(t) + phi) / 2.0;
        i--;
    }
    double sn = sin(phi), cn = cos(phi);
    double dnfac = cos(phi - prev);
    o[0] = sn;
    o[1] = cn;
    o[2] = fabs(dnfac) < 0.1 ? sqrt(1.0 - m * sn * sn) : cn / dnfac;
    o[3] = phi;
}
#ifdef SP_WANT_ellipj
extern "C" __global__ void sp_ellipj_f64(const double *u, const double *m, double *sn, double *cn,
                                         double *dn, double *ph, long long n) {
    SP_LOOP {
        double o[4];
        sp_ellipj(u[i], m[i], o);
        sn[i] = o[0]; cn[i] = o[1]; dn[i] = o[2]; ph[i] = o[3];
    }
}
#endif
#ifdef SP_WANT_ellipj
extern "C" __global__ void sp_ellipj_f32(const float *u, const float *m, float *sn, float *cn,
                                         float *dn, float *ph, long long n) {
    SP_LOOP {
        double o[4];
        sp_ellipj((double)u[i], (double)m[i], o);
        sn[i] = (float)o[0]; cn[i] = (float)o[1]; dn[i] = (float)o[2]; ph[i] = (float)o[3];
    }
}
#endif
