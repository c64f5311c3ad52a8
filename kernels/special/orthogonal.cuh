// kernels/special/orthogonal.cuh: the classical orthogonal polynomials (eval_*), the same steps
// as crates/cuprum-special/src/scalar/orthogonal.rs (SciPy 1.17.1's orthogonal_eval.pxd).
// Part of the scipy.special CUDA source (see common.cuh); uses sp_hyp2f1 (hypergeometric.cuh),
// sp_hyp1f1 (confluent.cuh),
// sp_binom, sp_beta, sp_gamma (gamma.cuh) and the kernel macros of special.cu.
// Integer-degree routines (SciPy's 'l' loops) take the degree as a double holding an integer.

__device__ double sp_orth_pow2_half(long long n) {
    long long k = n / 2;
    if (k > 1023) return SP_INF;
    double m = (n % 2 == 0) ? 1.0 : 1.4142135623730951;
    return ldexp(m, (int)k);
}
__device__ double sp_jacobi(double n, double alpha, double beta_, double x) {
    double d = sp_binom(n + alpha, n);
    double a = -n, b = n + alpha + beta_ + 1.0, c = alpha + 1.0, g = 0.5 * (1.0 - x);
    return d * sp_hyp2f1(a, b, c, g);
}
__device__ double sp_jacobi_l(long long n, double alpha, double beta_, double x) {
    if (n < 0) return sp_jacobi((double)n, alpha, beta_, x);
    if (n == 0) return 1.0;
    if (n == 1) return 0.5 * (2.0 * (alpha + 1.0) + (alpha + beta_ + 2.0) * (x - 1.0));
    double d = (alpha + beta_ + 2.0) * (x - 1.0) / (2.0 * (alpha + 1.0));
    double p = d + 1.0;
    for (long long kk = 0; kk < n - 1; kk++) {
        double k = (double)kk + 1.0;
        double t = 2.0 * k + alpha + beta_;
        d = ((t * (t + 1.0) * (t + 2.0)) * (x - 1.0) * p + 2.0 * k * (k + beta_) * (t + 2.0) * d) /
            (2.0 * (k + alpha + 1.0) * (k + alpha + beta_ + 1.0) * t);
        p = p + d;
    }
    return sp_binom((double)n + alpha, (double)n) * p;
}
__device__ double sp_sh_jacobi(double n, double p, double q, double x) {
    return sp_jacobi(n, p - q, q - 1.0, 2.0 * x - 1.0) / sp_binom(2.0 * n + p - 1.0, n);
}
__device__ double sp_sh_jacobi_l(long long n, double p, double q, double x) {
    return sp_jacobi_l(n, p - q, q - 1.0, 2.0 * x - 1.0) / sp_binom(2.0 * (double)n + p - 1.0, (double)n);
}
__device__ double sp_gegenbauer(double n, double alpha, double x) {
    double d = sp_gamma(n + 2.0 * alpha) / sp_gamma(1.0 + n) / sp_gamma(2.0 * alpha);
    return d * sp_hyp2f1(-n, n + 2.0 * alpha, alpha + 0.5, (1.0 - x) / 2.0);
}
__device__ double sp_gegenbauer_l(long long n, double alpha, double x) {
    if (isnan(alpha) || isnan(x)) return SP_NAN;
    if (n < 0) return 0.0;
    if (n == 0) return 1.0;
    if (n == 1) return 2.0 * alpha * x;
    if (alpha == 0.0) return sp_gegenbauer((double)n, alpha, x);
    double nf = (double)n;
    if (fabs(x) < 1e-5) {
        long long a = n / 2;
        double af = (double)a;
        double d = (a % 2 == 0) ? 1.0 : -1.0;
        d /= sp_beta(alpha, 1.0 + af);
        if (n == 2 * a) {
            d /= af + alpha;
        } else {
            d *= 2.0 * x;
        }
        double p = 0.0;
        for (long long kk = 0; kk <= a; kk++) {
            p += d;
            double kf = (double)kk;
            double j = (double)(n - 2 * a + 2 * kk);
            double den = (j + 1.0) * (j + 2.0);
            d *= -4.0 * (x * x) * (af - kf) * (-af + alpha + kf + nf) / den;
            if (fabs(d) < 1e-20 * fabs(p)) break;
        }
        return p;
    }
    double d = x - 1.0, p = x;
    for (long long kk = 0; kk < n - 1; kk++) {
        double k = (double)kk + 1.0;
        d = (2.0 * (k + alpha) / (k + 2.0 * alpha)) * (x - 1.0) * p + (k / (k + 2.0 * alpha)) * d;
        p = p + d;
    }
    if (fabs(alpha / nf) < 1e-8) return 2.0 * alpha / nf * p;
    return sp_binom(nf + 2.0 * alpha - 1.0, nf) * p;
}
__device__ double sp_chebyt(double n, double x) { return sp_hyp2f1(-n, n, 0.5, 0.5 * (1.0 - x)); }
// The recurrence b_m = 2x b_{m-1} - b_{m-2} of the Chebyshev polynomials from b_{-1} = -1,
// b_0 = 0, run k + 1 steps: returns b_k's successor b0 and stores the term before it in *b2.
__device__ double sp_cheb_recur(long long k, double x, double* b2_out) {
    double b2 = 0.0, b1 = -1.0, b0 = 0.0;
    x = 2.0 * x;
    for (long long m = 0; m <= k; m++) {
        b2 = b1;
        b1 = b0;
        b0 = x * b1 - b2;
    }
    *b2_out = b2;
    return b0;
}
__device__ double sp_chebyt_l(long long k, double x) {
    if (k < 0) k = -k;
    double b2;
    double b0 = sp_cheb_recur(k, x, &b2);
    return (b0 - b2) / 2.0;
}
__device__ double sp_chebyu(double n, double x) { return (n + 1.0) * sp_hyp2f1(-n, n + 2.0, 1.5, 0.5 * (1.0 - x)); }
__device__ double sp_chebyu_l(long long k, double x) {
    double sign = 1.0;
    if (k == -1) return 0.0;
    if (k < -1) {
        k = -(k + 2);
        sign = -1.0;
    }
    double b2;
    return sp_cheb_recur(k, x, &b2) * sign;
}
__device__ double sp_legendre(double n, double x) { return sp_hyp2f1(-n, n + 1.0, 1.0, 0.5 * (1.0 - x)); }
__device__ double sp_legendre_l(long long n, double x) {
    if (n < 0) n = -(n + 1);
    if (n == 0) return 1.0;
    if (n == 1) return x;
    if (fabs(x) < 1e-5) {
        long long a = n / 2;
        double af = (double)a;
        double d = (a % 2 == 0) ? 1.0 : -1.0;
        if (n == 2 * a) {
            d *= -2.0 / sp_beta(af + 1.0, -0.5);
        } else {
            d *= 2.0 * x / sp_beta(af + 1.0, 0.5);
        }
        double p = 0.0;
        for (long long kk = 0; kk <= a; kk++) {
            p += d;
            double j = (double)(n - 2 * a + 2 * kk);
            double num = (double)n + j + 1.0;
            double den = (j + 1.0) * (j + 2.0);
            d *= -2.0 * (x * x) * (af - (double)kk) * num / den;
            if (fabs(d) < 1e-20 * fabs(p)) break;
        }
        return p;
    }
    double d = x - 1.0, p = x;
    for (long long kk = 0; kk < n - 1; kk++) {
        double k = (double)kk + 1.0;
        d = ((2.0 * k + 1.0) / (k + 1.0)) * (x - 1.0) * p + (k / (k + 1.0)) * d;
        p = p + d;
    }
    return p;
}
__device__ double sp_genlaguerre_l(long long n, double alpha, double x) {
    if (alpha <= -1.0) return SP_NAN;
    if (isnan(alpha) || isnan(x)) return SP_NAN;
    if (n < 0) return 0.0;
    if (n == 0) return 1.0;
    if (n == 1) return -x + alpha + 1.0;
    double d = -x / (alpha + 1.0);
    double p = d + 1.0;
    for (long long kk = 0; kk < n - 1; kk++) {
        double k = (double)kk + 1.0;
        d = -x / (k + alpha + 1.0) * p + (k / (k + alpha + 1.0)) * d;
        p = p + d;
    }
    return sp_binom((double)n + alpha, (double)n) * p;
}
// Real degree: binom(n + alpha, n) 1F1(-n; alpha + 1; x); the recurrence where it terminates.
__device__ double sp_genlaguerre(double n, double alpha, double x) {
    if (alpha <= -1.0) return SP_NAN;
    if (isnan(n) || isnan(alpha) || isnan(x)) return SP_NAN;
    if (n >= 0.0 && n == floor(n) && n < 9.0e15) return sp_genlaguerre_l((long long)n, alpha, x);
    return sp_binom(n + alpha, n) * sp_hyp1f1(-n, alpha + 1.0, x);
}
__device__ double sp_hermitenorm(long long n, double x) {
    if (isnan(x)) return x;
    if (n < 0) return SP_NAN;
    if (n == 0) return 1.0;
    if (n == 1) return x;
    double y3 = 0.0, y2 = 1.0;
    for (long long k = n; k > 1; k--) {
        double y1 = x * y2 - (double)k * y3;
        y3 = y2;
        y2 = y1;
    }
    return x * y2 - y3;
}
__device__ double sp_hermite(long long n, double x) {
    if (n < 0) return SP_NAN;
    return sp_hermitenorm(n, 1.4142135623730951 * x) * sp_orth_pow2_half(n);
}

// The kernels' scalar functions: real degree (double loops) and integer degree ('l' loops).
__device__ double sp_ev_jacobi(double n, double a, double b, double x) { return sp_jacobi(n, a, b, x); }
__device__ double sp_ev_jacobi_l(double n, double a, double b, double x) { return sp_jacobi_l((long long)n, a, b, x); }
__device__ double sp_ev_sh_jacobi(double n, double p, double q, double x) { return sp_sh_jacobi(n, p, q, x); }
__device__ double sp_ev_sh_jacobi_l(double n, double p, double q, double x) { return sp_sh_jacobi_l((long long)n, p, q, x); }
__device__ double sp_ev_gegenbauer(double n, double a, double x) { return sp_gegenbauer(n, a, x); }
__device__ double sp_ev_gegenbauer_l(double n, double a, double x) { return sp_gegenbauer_l((long long)n, a, x); }
__device__ double sp_ev_genlaguerre(double n, double a, double x) { return sp_genlaguerre(n, a, x); }
__device__ double sp_ev_genlaguerre_l(double n, double a, double x) { return sp_genlaguerre_l((long long)n, a, x); }
__device__ double sp_ev_laguerre(double n, double x) { return sp_genlaguerre(n, 0.0, x); }
__device__ double sp_ev_laguerre_l(double n, double x) { return sp_genlaguerre_l((long long)n, 0.0, x); }
__device__ double sp_ev_legendre(double n, double x) { return sp_legendre(n, x); }
__device__ double sp_ev_legendre_l(double n, double x) { return sp_legendre_l((long long)n, x); }
__device__ double sp_ev_sh_legendre(double n, double x) { return sp_legendre(n, 2.0 * x - 1.0); }
__device__ double sp_ev_sh_legendre_l(double n, double x) { return sp_legendre_l((long long)n, 2.0 * x - 1.0); }
__device__ double sp_ev_chebyt(double n, double x) { return sp_chebyt(n, x); }
__device__ double sp_ev_chebyt_l(double n, double x) { return sp_chebyt_l((long long)n, x); }
__device__ double sp_ev_chebyu(double n, double x) { return sp_chebyu(n, x); }
__device__ double sp_ev_chebyu_l(double n, double x) { return sp_chebyu_l((long long)n, x); }
__device__ double sp_ev_chebyc(double n, double x) { return 2.0 * sp_chebyt(n, 0.5 * x); }
__device__ double sp_ev_chebyc_l(double n, double x) { return 2.0 * sp_chebyt_l((long long)n, 0.5 * x); }
__device__ double sp_ev_chebys(double n, double x) { return sp_chebyu(n, 0.5 * x); }
__device__ double sp_ev_chebys_l(double n, double x) { return sp_chebyu_l((long long)n, 0.5 * x); }
__device__ double sp_ev_sh_chebyt(double n, double x) { return sp_chebyt(n, 2.0 * x - 1.0); }
__device__ double sp_ev_sh_chebyt_l(double n, double x) { return sp_chebyt_l((long long)n, 2.0 * x - 1.0); }
__device__ double sp_ev_sh_chebyu(double n, double x) { return sp_chebyu(n, 2.0 * x - 1.0); }
__device__ double sp_ev_sh_chebyu_l(double n, double x) { return sp_chebyu_l((long long)n, 2.0 * x - 1.0); }
__device__ double sp_ev_hermite_l(double n, double x) { return sp_hermite((long long)n, x); }
__device__ double sp_ev_hermitenorm_l(double n, double x) { return sp_hermitenorm((long long)n, x); }

SP_QUATERNARY(eval_jacobi, sp_ev_jacobi)
SP_QUATERNARY(eval_jacobi_l, sp_ev_jacobi_l)
SP_QUATERNARY(eval_sh_jacobi, sp_ev_sh_jacobi)
SP_QUATERNARY(eval_sh_jacobi_l, sp_ev_sh_jacobi_l)
SP_TERNARY(eval_gegenbauer, sp_ev_gegenbauer)
SP_TERNARY(eval_gegenbauer_l, sp_ev_gegenbauer_l)
SP_TERNARY(eval_genlaguerre, sp_ev_genlaguerre)
SP_TERNARY(eval_genlaguerre_l, sp_ev_genlaguerre_l)
SP_BINARY(eval_laguerre, sp_ev_laguerre)
SP_BINARY(eval_laguerre_l, sp_ev_laguerre_l)
SP_BINARY(eval_legendre, sp_ev_legendre)
SP_BINARY(eval_legendre_l, sp_ev_legendre_l)
SP_BINARY(eval_sh_legendre, sp_ev_sh_legendre)
SP_BINARY(eval_sh_legendre_l, sp_ev_sh_legendre_l)
SP_BINARY(eval_chebyt, sp_ev_chebyt)
SP_BINARY(eval_chebyt_l, sp_ev_chebyt_l)
SP_BINARY(eval_chebyu, sp_ev_chebyu)
SP_BINARY(eval_chebyu_l, sp_ev_chebyu_l)
SP_BINARY(eval_chebyc, sp_ev_chebyc)
SP_BINARY(eval_chebyc_l, sp_ev_chebyc_l)
SP_BINARY(eval_chebys, sp_ev_chebys)
SP_BINARY(eval_chebys_l, sp_ev_chebys_l)
SP_BINARY(eval_sh_chebyt, sp_ev_sh_chebyt)
SP_BINARY(eval_sh_chebyt_l, sp_ev_sh_chebyt_l)
SP_BINARY(eval_sh_chebyu, sp_ev_sh_chebyu)
SP_BINARY(eval_sh_chebyu_l, sp_ev_sh_chebyu_l)
SP_BINARY(eval_hermite_l, sp_ev_hermite_l)
SP_BINARY(eval_hermitenorm_l, sp_ev_hermitenorm_l)
