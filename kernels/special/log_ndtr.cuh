// kernels/special/log_ndtr.cuh: log of the normal CDF (xsf log_ndtr, as
// crates/cuprum-special/src/scalar/erf.rs; part of the scipy.special CUDA source, after
// special.cu).
__device__ double sp_log_ndtr(double x) {
    double t = x * SP_SQRT1_2;
    if (x < -1.0) return log(sp_erfcx(-t) / 2.0) - t * t;
    return log1p(-sp_erfc(t) / 2.0);
}
SP_UNARY(log_ndtr, sp_log_ndtr)
