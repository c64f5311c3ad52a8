// kernels/special/spherical_ik.cuh: the modified spherical Bessel functions i_n, k_n and their
// derivatives (xsf sph_bessel_i / sph_bessel_k, as crates/cuprum-special/src/scalar/spherical_ik.rs;
// part of the scipy.special CUDA source, after special.cu).
template <int D = 0>
__device__ double sp_spherical_in(double n, double x) {
    n = trunc(n);
    if (isnan(x)) return x;
    if (n < 0.0 || isnan(n)) return SP_NAN;
    // x < 0 reflects to -x > 0, where this branch is not taken (no recursion on the device)
    if constexpr (D == 0) {
        if (x < 0.0) {
            double r = sp_spherical_in<1>(n, -x);
            return fmod(n, 2.0) == 0.0 ? r : -r;
        }
    }
    if (x == 0.0) return n == 0.0 ? 1.0 : 0.0;
    if (isinf(x)) return SP_INF;
    return sqrt(SP_PI_2 / x) * sp_iv(n + 0.5, x);
}
template <int D = 0>
__device__ double sp_spherical_kn(double n, double x) {
    n = trunc(n);
    if (isnan(x)) return x;
    if (n < 0.0 || isnan(n)) return SP_NAN;
    if (x == 0.0) return SP_INF;
    // x < 0 reflects to -x > 0, where this branch is not taken (no recursion on the device)
    if constexpr (D == 0) {
        if (x < 0.0) {
            double sign = fmod(n, 2.0) == 0.0 ? 1.0 : -1.0;
            return -(SP_PI * sp_spherical_in(n, -x) + sign * sp_spherical_kn<1>(n, -x));
        }
    }
    if (isinf(x)) return 0.0;
    return sqrt(SP_PI_2 / x) * sp_kv(n + 0.5, x);
}
__device__ double sp_spherical_in_d(double n, double x) {
    n = trunc(n);
    if (n == 0.0) return sp_spherical_in(1.0, x);
    if (x == 0.0) return n == 1.0 ? 1.0 / 3.0 : 0.0;
    return sp_spherical_in(n - 1.0, x) - (n + 1.0) * sp_spherical_in(n, x) / x;
}
__device__ double sp_spherical_kn_d(double n, double x) {
    n = trunc(n);
    if (n == 0.0) return -sp_spherical_kn(1.0, x);
    return -sp_spherical_kn(n - 1.0, x) - (n + 1.0) * sp_spherical_kn(n, x) / x;
}
SP_BINARY(spherical_in, sp_spherical_in)
SP_BINARY(spherical_kn, sp_spherical_kn)
SP_BINARY(spherical_in_d, sp_spherical_in_d)
SP_BINARY(spherical_kn_d, sp_spherical_kn_d)
