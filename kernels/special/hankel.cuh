// kernels/special/hankel.cuh: the Hankel functions of a real argument and their scaled forms
// (from sp_jv and sp_yv, as crates/cuprum-special/src/scalar/hankel.rs; part of the
// scipy.special CUDA source, after special.cu). The kernels write the real and imaginary parts.
__device__ void sp_hankel(double v, double z, int kind, int scaled, double *re, double *im) {
    if (isnan(v) || isnan(z) || isinf(z)) {
        *re = SP_NAN;
        *im = SP_NAN;
        return;
    }
    if (z == 0.0) {
        *re = SP_NAN;
        *im = (kind == 2 && !scaled && v == 0.0) ? SP_INF : SP_NAN;
        return;
    }
    double x = fabs(z);
    double j = sp_jv(v, x), y = sp_yv(v, x);
    double jr, ji, yr, yi;
    if (z > 0.0) {
        jr = j;
        ji = 0.0;
        yr = y;
        yi = 0.0;
    } else {
        double c = sp_cospi(v), s = sp_sinpi(v);
        jr = c * j;
        ji = s * j;
        yr = c * y;
        yi = -s * y + 2.0 * c * j;
    }
    double hr, hi;
    if (kind == 1) {
        hr = jr - yi;
        hi = ji + yr;
    } else {
        hr = jr + yi;
        hi = ji - yr;
    }
    if (!scaled) {
        *re = hr;
        *im = hi;
        return;
    }
    double c = cos(z), s = sin(z);
    if (kind == 1) s = -s;
    *re = hr * c - hi * s;
    *im = hr * s + hi * c;
}
#define SP_HANKEL_KERNELS(NAME, KIND, SCALED)                                                    \
    SP_KERNELS(NAME, extern "C" __global__ void sp_##NAME##_f64(const double *v, const double *z, double *re,    \
                                               double *im, long long n) {                        \
        SP_LOOP sp_hankel(v[i], z[i], KIND, SCALED, &re[i], &im[i]);                             \
    }                                                                                            \
    extern "C" __global__ void sp_##NAME##_f32(const float *v, const float *z, float *re,       \
                                               float *im, long long n) {                         \
        SP_LOOP {                                                                                \
            double r, m;                                                                         \
            sp_hankel((double)v[i], (double)z[i], KIND, SCALED, &r, &m);                         \
            re[i] = (float)r;                                                                    \
            im[i] = (float)m;                                                                    \
        }                                                                                        \
    })
SP_HANKEL_KERNELS(hankel1, 1, 0)
SP_HANKEL_KERNELS(hankel2, 2, 0)
SP_HANKEL_KERNELS(hankel1e, 1, 1)
SP_HANKEL_KERNELS(hankel2e, 2, 1)
