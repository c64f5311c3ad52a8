// kernels/special/bessel_scaled.cuh: ive and kve, the exponentially scaled modified Bessel
// functions of real order (crates/cuprum-special/src/scalar/bessel_scaled.rs): the Temme steps
// of bessel.cuh with the factor e^x left out of each, Debye's expansion with e^(v eta - x).
// Part of the scipy.special CUDA source (see common.cuh); after special.cu and bessel.cuh.
__device__ double sp_iv_asymptotic_scaled(double v, double x) {
    double prefactor = 1.0 / sqrt(2.0 * SP_PI * x);
    double mu = 4.0 * v * v, sum = 1.0, term = 1.0, k = 1.0;
    while (k <= 100.0) {
        double factor = (mu - (2.0 * k - 1.0) * (2.0 * k - 1.0)) / (8.0 * x) / k;
        term *= -factor;
        sum += term;
        k += 1.0;
        if (fabs(term) <= SP_MACHEP * fabs(sum)) break;
    }
    return sum * prefactor;
}
__device__ __noinline__ void sp_ikv_uniform_scaled(double v, double x, double *ie, double *ke) {
    double z = x / v;
    double t = 1.0 / sqrt(1.0 + z * z);
    double t2 = t * t;
    // v eta - x without the cancellation of sqrt(v^2 + x^2) - x
    double s = sqrt(1.0 + z * z);
    double ex = v / (s + z) + v * log(z / (1.0 + 1.0 / t));
    double i_prefactor = sqrt(t / (2.0 * SP_PI * v)) * exp(ex);
    double k_prefactor = sqrt(SP_PI * t / (2.0 * v)) * exp(-ex);
    double i_sum = 1.0, k_sum = 1.0, divisor = v;
    for (int n = 1; n < 11; n++) {
        double term = 0.0;
        for (int k = 31 - 1 - 3 * n; k < 31 - n; k += 2) {
            term *= t2;
            term += BV_UFACTORS[n][k];
        }
        for (int k = 1; k < n; k += 2) term *= t2;
        if (n % 2 == 1) term *= t;
        term /= divisor;
        i_sum += term;
        k_sum += (n % 2 == 0) ? term : -term;
        if (fabs(term) < SP_MACHEP) break;
        divisor *= v;
    }
    *ie = i_prefactor * i_sum;
    *ke = k_prefactor * k_sum;
}
__device__ void sp_cf2_ik_scaled(double v, double x, double *Kv, double *Kv1) {
    double a = v * v - 0.25, b = 2.0 * (x + 1.0), d = 1.0 / b;
    double delta = d, f = d, prev = 0.0, current = 1.0;
    double c = -a, qq = -a, s = 1.0 + qq * delta;
    for (int ki = 2; ki < 500; ki++) {
        double k = (double)ki;
        a -= 2.0 * (k - 1.0);
        b += 2.0;
        d = 1.0 / (b + a * d);
        delta *= b * d - 1.0;
        f += delta;
        double q = (prev - (b - 2.0) * current) / a;
        prev = current;
        current = q;
        c *= -a / k;
        qq += c * q;
        s += qq * delta;
        if (fabs(qq * delta) < fabs(s) * SP_MACHEP) break;
    }
    *Kv = sqrt(SP_PI / (2.0 * x)) / s;
    *Kv1 = *Kv * (0.5 + v + x + (v * v - 0.25) * f) / x;
}
// (I_v(x) e^-x, K_v(x) e^x) for v >= 0 and finite x > 0.
__device__ __noinline__ void sp_ikv_scaled(double v, double x, bool need_i, double *ie, double *ke) {
    if (v > 50.0) {
        sp_ikv_uniform_scaled(v, x, ie, ke);
        return;
    }
    double n = round(v);
    double u = v - n, ku, ku1;
    if (x <= 2.0) {
        sp_temme_ik_series(u, x, &ku, &ku1);
        double e = exp(x);
        ku *= e;
        ku1 *= e;
    } else {
        sp_cf2_ik_scaled(u, x, &ku, &ku1);
    }
    double prev = ku, current = ku1;
    for (double k = 1.0; k <= n; k += 1.0) {
        double next = 2.0 * (u + k) * current / x + prev;
        prev = current;
        current = next;
    }
    double kv = prev, kv1 = current;
    *ke = kv;
    if (!need_i) {
        *ie = SP_NAN;
        return;
    }
    if (x * x < (v + 1.0) * SP_MACHEP) {
        *ie = pow(0.5 * x, v) * sp_rgamma(v + 1.0) * exp(-x);
    } else {
        double lim = (4.0 * v * v + 10.0) / (8.0 * x);
        lim *= lim;
        lim *= lim;
        lim /= 24.0;
        if (lim < SP_MACHEP * 10.0 && x > 100.0) *ie = sp_iv_asymptotic_scaled(v, x);
        else *ie = (1.0 / x) / (kv * sp_cf1_ik(v, x) + kv1);
    }
}
__device__ __noinline__ double sp_ive(double v, double x) {
    if (isnan(v) || isnan(x) || isinf(x)) return SP_NAN;
    bool integer = v == floor(v);
    if (x < 0.0 && !integer) return SP_NAN;
    double av = fabs(v);
    double sign = (x < 0.0 && fmod(av, 2.0) == 1.0) ? -1.0 : 1.0;
    double ax = fabs(x);
    bool reflect = v < 0.0 && !integer;
    if (ax == 0.0) {
        if (reflect) return SP_NAN;
        return av == 0.0 ? 1.0 : 0.0;
    }
    double ie, ke;
    sp_ikv_scaled(av, ax, true, &ie, &ke);
    if (!reflect) return sign * ie;
    if (isinf(ke) || isnan(ke)) return SP_NAN;
    return ie + sin(av * SP_PI) * (2.0 / SP_PI) * (ke * exp(-2.0 * ax));
}
__device__ __noinline__ double sp_kve(double v, double x) {
    if (isnan(v) || isnan(x) || x < 0.0 || isinf(x)) return SP_NAN;
    if (x == 0.0) return SP_INF;
    double ie, ke;
    sp_ikv_scaled(fabs(v), x, false, &ie, &ke);
    return ke;
}
SP_BINARY(ive, sp_ive)
SP_BINARY(kve, sp_kve)
