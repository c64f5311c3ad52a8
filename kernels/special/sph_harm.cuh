// kernels/special/sph_harm.cuh: the spherical harmonics (xsf sph_harm_y / sph_legendre_p, as
// crates/cuprum-special/src/scalar/sph_harm.rs; part of the scipy.special CUDA source, after
// special.cu). The kernel writes the real and imaginary parts.
__device__ double sp_sph_legendre_p(long long n, long long m, double theta) {
    double s = sin(theta), c = cos(theta);
    long long ma = m < 0 ? -m : m;
    double fac0 = 1.0 / (2.0 * sqrt(SP_PI));
    double fac1 = -sqrt(3.0) / (2.0 * sqrt(2.0 * SP_PI));
    if (m < 0) fac1 = -fac1;
    double r0 = fac0, r1 = fac1 * fabs(s), pmm;
    if (ma == 0) {
        pmm = fac0;
    } else {
        for (long long j = 2; j <= ma; j++) {
            double fac = sqrt((double)((2 * j + 1) * (2 * j - 1)) / (double)(4 * j * (j - 1)));
            double c0 = fac * s * s;
            double tmp = 0.0 + c0 * r0 + 0.0 * r1;
            r0 = r1;
            r1 = tmp;
        }
        pmm = r1;
    }
    if (ma > n) return 0.0;
    r0 = pmm;
    r1 = (sqrt((double)(2 * ma + 3)) * c) * pmm;
    if (n == ma) return r0;
    for (long long j = ma + 2; j <= n; j++) {
        double d = (double)((2 * j - 3) * (j * j - m * m));
        double f0 = -sqrt((double)((2 * j + 1) * ((j - 1) * (j - 1) - m * m)) / d);
        double f1 = sqrt((double)((2 * j + 1) * (4 * (j - 1) * (j - 1) - 1)) / d);
        double c1 = f1 * c;
        double tmp = 0.0 + f0 * r0 + c1 * r1;
        r0 = r1;
        r1 = tmp;
    }
    return r1;
}
__device__ void sp_sph_harm_y(long long n, long long m, double theta, double phi, double *re, double *im) {
    double p = sp_sph_legendre_p(n, m, theta);
    double e = exp(0.0 * phi), a = (double)m * phi;
    *re = p * (e * cos(a));
    *im = p * (e * sin(a));
}
// inputs: n, m (integers held as doubles), theta, phi; outputs: re(Y), im(Y); float64 only
// (SciPy returns complex128 for every input dtype)
#ifdef SP_WANT_sph_harm_y
extern "C" __global__ void sp_sph_harm_y_f64(const double *n, const double *m, const double *theta,
                                             const double *phi, double *yr, double *yi, long long len) {
    for (long long i = (long long)blockIdx.x * blockDim.x + threadIdx.x; i < len;
         i += (long long)blockDim.x * gridDim.x)
        sp_sph_harm_y((long long)n[i], (long long)m[i], theta[i], phi[i], &yr[i], &yi[i]);
}
#endif
