// The rest of numpy.random.Generator's distributions (crates/cuprum-core/src/random/dist/per_element.rs has
// the same functions in Rust; the two must compute the same float64 operations in the same
// order). Appended by the host after common.cuh and random.cu (compiled with DIST >= 4, so
// random.cu's SubStream, gamma_mt, std_gamma, ln_std_gamma, loggam, poisson and binomial_low
// are defined above), and compiled with --fmad=false. Element i owns the sub-stream of Philox
// blocks (start + i, c2, 1), c2 = 0, 1, ...: one thread per element (per row for multinomial
// and dirichlet), no retry bound needed.
//
// ELEMENT_DIST selects the distribution for cuprum_random_per_element (`random/dist/per_element.rs`, `ElementDist::kernel_args`):
// 0 lognormal, 1 standard_exponential, 2 chisquare, 3 laplace, 4 logistic, 5 gumbel,
// 6 rayleigh, 7 weibull, 8 pareto, 9 power, 10 standard_cauchy, 11 standard_t,
// 12 noncentral_chisquare, 13 f, 14 noncentral_f, 15 vonmises, 16 wald, 17 triangular,
// 18 geometric, 19 negative_binomial, 20 zipf, 21 logseries, 22 hypergeometric.

#define R2_PI 3.141592653589793

__device__ double r2_std_gamma(double k, SubStream& s) { return std_gamma(k, s) * 1.0; }

__device__ long long r2_binomial(long long n, double p, SubStream& s) {
    if (n == 0 || p == 0.0) return 0;
    if (p <= 0.5) return binomial_low(n, p, s);
    return n - binomial_low(n, 1.0 - p, s);
}

__device__ double r2_beta(double a, double b, SubStream& s) {
    if (a <= 0.0) return 0.0;
    if (b <= 0.0) return 1.0;
    if (a >= 1.0 && b >= 1.0) {
        double x = gamma_mt(a, s);
        double y = gamma_mt(b, s);
        return x / (x + y);
    }
    double lx = ln_std_gamma(a, s);
    double ly = ln_std_gamma(b, s);
    return 1.0 / (1.0 + exp(ly - lx));
}

__device__ double r2_std_exp(SubStream& s) { return -log(s.uo()); }

__device__ double r2_chisquare(double df, SubStream& s) { return 2.0 * r2_std_gamma(df / 2.0, s); }

__device__ double r2_noncentral_chisquare(double df, double nonc, SubStream& s) {
    if (nonc != nonc) return nonc;
    if (nonc == 0.0) return r2_chisquare(df, s);
    if (1.0 < df) {
        double chi2 = r2_chisquare(df - 1.0, s);
        double n = s.normal() + sqrt(nonc);
        return chi2 + n * n;
    }
    long long i = poisson(nonc / 2.0, s);
    return r2_chisquare(df + 2.0 * (double)i, s);
}

__device__ double r2_vonmises(double mu, double kappa, SubStream& s) {
    if (kappa != kappa) return kappa;
    if (kappa < 1e-8) return R2_PI * (2.0 * s.u() - 1.0);
    double sv;
    if (kappa < 1e-5) {
        sv = 1.0 / kappa + kappa;
    } else if (kappa <= 1e6) {
        double r = 1.0 + sqrt(1.0 + 4.0 * kappa * kappa);
        double rho = (r - sqrt(2.0 * r)) / (2.0 * kappa);
        sv = (1.0 + rho * rho) / (2.0 * rho);
    } else {
        double result = mu + sqrt(1.0 / kappa) * s.normal();
        if (result < -R2_PI) result += 2.0 * R2_PI;
        if (result > R2_PI) result -= 2.0 * R2_PI;
        return result;
    }
    double w;
    for (;;) {
        double u = s.u();
        double z = cos(R2_PI * u);
        double ww = (1.0 + sv * z) / (sv + z);
        double y = kappa * (sv - ww);
        double v = s.u();
        if ((y * (2.0 - y) - v >= 0.0) || (log(y / v) + 1.0 - y >= 0.0)) { w = ww; break; }
    }
    double u = s.u();
    double result = acos(w);
    if (u < 0.5) result = -result;
    result += mu;
    bool neg = result < 0.0;
    double m = fabs(result);
    m = fmod(m + R2_PI, 2.0 * R2_PI) - R2_PI;
    if (neg) m = -m;
    return m;
}

__device__ long long r2_geometric(double p, SubStream& s) {
    if (p >= 0.3333333333333333) {
        double q = 1.0 - p;
        long long x = 1;
        double sum = p, prod = p;
        double u = s.u();
        while (u > sum) { prod *= q; sum += prod; x += 1; }
        return x;
    }
    double z = ceil(-r2_std_exp(s) / log1p(-p));
    if (z >= 9.223372036854776e18) return 9223372036854775807LL;
    if (z < 1.0) return 1;
    return (long long)z;
}

__device__ long long r2_zipf(double a, SubStream& s) {
    if (a >= 1025.0) return 1;
    double am1 = a - 1.0;
    double b = pow(2.0, am1);
    for (;;) {
        double u = 1.0 - s.u();
        double v = s.u();
        double x = floor(pow(u, -1.0 / am1));
        if (x > 9.223372036854775807e18 || x < 1.0) continue;
        double t = pow(1.0 + 1.0 / x, am1);
        if (v * x * (t - 1.0) / (b - 1.0) <= t / b) return (long long)x;
    }
}

__device__ long long r2_logseries(double p, SubStream& s) {
    double r = log1p(-p);
    for (;;) {
        double v = s.u();
        if (v >= p) return 1;
        double u = s.u();
        double q = -expm1(r * u);
        if (v <= q * q) {
            double result = floor(1.0 + log(v) / log(q));
            if (result < 1.0 || v == 0.0) continue;
            return (long long)result;
        }
        if (v >= q) return 1;
        return 2;
    }
}

__device__ double r2_logfact(long long k) { return loggam((double)k + 1.0); }

__device__ long long r2_hypergeometric(long long good, long long bad, long long sample, SubStream& s) {
    long long total = good + bad;
    if (sample >= 10 && sample <= total - 10) {
        const double D1 = 1.7155277699214135, D2 = 0.8989161620588988;
        long long csample = sample < total - sample ? sample : total - sample;
        long long mingb = good < bad ? good : bad;
        long long maxgb = good < bad ? bad : good;
        double p = (double)mingb / (double)total;
        double q = (double)maxgb / (double)total;
        double mu = (double)csample * p;
        double a = mu + 0.5;
        double var = (double)(total - csample) * (double)csample * p * q / (double)(total - 1);
        double c = sqrt(var + 0.5);
        double h = D1 * c + D2;
        long long m = (long long)floor(((double)(csample + 1) * (double)(mingb + 1)) / (double)(total + 2));
        double g = r2_logfact(m) + r2_logfact(mingb - m) + r2_logfact(csample - m) +
                   r2_logfact(maxgb - csample + m);
        double bb = fmin((double)((csample < mingb ? csample : mingb) + 1), floor(a + 16.0 * c));
        long long k;
        for (;;) {
            double u = s.u();
            double v = s.u();
            double x = a + h * (v - 0.5) / u;
            if (x < 0.0 || x >= bb) continue;
            k = (long long)floor(x);
            double gp = r2_logfact(k) + r2_logfact(mingb - k) + r2_logfact(csample - k) +
                        r2_logfact(maxgb - csample + k);
            double t = g - gp;
            if (u * (4.0 - u) - 3.0 <= t) break;
            if (u * (u - t) >= 1.0) continue;
            if (2.0 * log(u) <= t) break;
        }
        if (good > bad) k = csample - k;
        if (csample < sample) k = good - k;
        return k;
    }
    bool flip = sample > total / 2;
    long long csample = flip ? total - sample : sample;
    long long rtotal = total, rgood = good;
    while (csample > 0 && rgood > 0 && rtotal > rgood) {
        rtotal -= 1;
        long long j = (long long)floor(s.u() * (double)(rtotal + 1));
        if (j < rgood) rgood -= 1;
        csample -= 1;
    }
    if (rtotal == rgood) rgood -= csample;
    return flip ? rgood : good - rgood;
}

#ifdef ELEMENT_DIST
// One thread per element; kind 1: float64 result in d, kind 2: int64 result in iv.
extern "C" __global__ void cuprum_random_per_element(OUT_T* __restrict__ out, unsigned long long n,
                                          unsigned int k0, unsigned int k1,
                                          unsigned long long start, double p0, double p1,
                                          double p2, long long i0, long long i1, long long i2) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i < n; i += (unsigned long long)gridDim.x * blockDim.x) {
        SubStream s(start + i, k0, k1);
        double d = 0.0;
        long long iv = 0;
        int kind = 1;
#if ELEMENT_DIST == 0
        d = exp(p0 + p1 * s.normal());
#elif ELEMENT_DIST == 1
        d = r2_std_exp(s);
#elif ELEMENT_DIST == 2
        d = r2_chisquare(p0, s);
#elif ELEMENT_DIST == 3
        for (;;) {
            double u = s.u();
            if (u >= 0.5) { d = p0 - p1 * log(2.0 - u - u); break; }
            if (u > 0.0) { d = p0 + p1 * log(u + u); break; }
        }
#elif ELEMENT_DIST == 4
        for (;;) {
            double u = s.u();
            if (u > 0.0) { d = p0 + p1 * log(u / (1.0 - u)); break; }
        }
#elif ELEMENT_DIST == 5
        for (;;) {
            double u = 1.0 - s.u();
            if (u < 1.0) { d = p0 - p1 * log(-log(u)); break; }
        }
#elif ELEMENT_DIST == 6
        d = p0 * sqrt(2.0 * r2_std_exp(s));
#elif ELEMENT_DIST == 7
        d = p0 == 0.0 ? 0.0 : pow(r2_std_exp(s), 1.0 / p0);
#elif ELEMENT_DIST == 8
        d = expm1(r2_std_exp(s) / p0);
#elif ELEMENT_DIST == 9
        d = pow(-expm1(-r2_std_exp(s)), 1.0 / p0);
#elif ELEMENT_DIST == 10
        {
            double n1 = s.normal();
            double n2 = s.normal();
            d = n1 / n2;
        }
#elif ELEMENT_DIST == 11
        {
            double num = s.normal();
            double denom = r2_std_gamma(p0 / 2.0, s);
            d = sqrt(p0 / 2.0) * num / sqrt(denom);
        }
#elif ELEMENT_DIST == 12
        d = r2_noncentral_chisquare(p0, p1, s);
#elif ELEMENT_DIST == 13
        {
            double a = r2_chisquare(p0, s) * p1;
            double b = r2_chisquare(p1, s) * p0;
            d = a / b;
        }
#elif ELEMENT_DIST == 14
        {
            double t = r2_noncentral_chisquare(p0, p2, s) * p1;
            double b = r2_chisquare(p1, s) * p0;
            d = t / b;
        }
#elif ELEMENT_DIST == 15
        d = r2_vonmises(p0, p1, s);
#elif ELEMENT_DIST == 16
        {
            double mu_2l = p0 / (2.0 * p1);
            double y = s.normal();
            y = p0 * y * y;
            double x = p0 + mu_2l * (y - sqrt(4.0 * p1 * y + y * y));
            double u = s.u();
            d = (u <= p0 / (p0 + x)) ? x : p0 * p0 / x;
        }
#elif ELEMENT_DIST == 17
        {
            double base = p2 - p0;
            double leftbase = p1 - p0;
            double ratio = leftbase / base;
            double leftprod = leftbase * base;
            double rightprod = (p2 - p1) * base;
            double u = s.u();
            d = (u <= ratio) ? p0 + sqrt(u * leftprod) : p2 - sqrt((1.0 - u) * rightprod);
        }
#elif ELEMENT_DIST == 18
        iv = r2_geometric(p0, s); kind = 2;
#elif ELEMENT_DIST == 19
        {
            double y = r2_std_gamma(p0, s) * ((1.0 - p1) / p1);
            iv = poisson(y, s); kind = 2;
        }
#elif ELEMENT_DIST == 20
        iv = r2_zipf(p0, s); kind = 2;
#elif ELEMENT_DIST == 21
        iv = r2_logseries(p0, s); kind = 2;
#else
        iv = r2_hypergeometric(i0, i1, i2, s); kind = 2;
#endif
        STORE(out[i], kind, 0.f, d, iv);
    }
}
#endif

// multinomial: one thread per row of k int64 counts (per_element.rs `multinomial_row`).
extern "C" __global__ void cuprum_multinomial(long long* __restrict__ out, unsigned long long rows,
                                              unsigned int k0, unsigned int k1,
                                              unsigned long long start, long long n,
                                              const double* __restrict__ pvals,
                                              unsigned long long k) {
    unsigned long long r = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (; r < rows; r += (unsigned long long)gridDim.x * blockDim.x) {
        SubStream s(start + r, k0, k1);
        long long* o = out + r * k;
        for (unsigned long long j = 0; j < k; ++j) o[j] = 0;
        double remaining_p = 1.0;
        long long dn = n;
        for (unsigned long long j = 0; j + 1 < k; ++j) {
            double p = fmin(fmax(pvals[j] / remaining_p, 0.0), 1.0);
            o[j] = r2_binomial(dn, p, s);
            dn -= o[j];
            if (dn <= 0) break;
            remaining_p -= pvals[j];
        }
        if (dn > 0 && k > 0) o[k - 1] = dn;
    }
}

// dirichlet: one thread per row of k float64 values (per_element.rs `dirichlet_row`).
extern "C" __global__ void cuprum_dirichlet(double* __restrict__ out, unsigned long long rows,
                                            unsigned int k0, unsigned int k1,
                                            unsigned long long start,
                                            const double* __restrict__ alpha,
                                            unsigned long long k, int stick) {
    unsigned long long r = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (; r < rows; r += (unsigned long long)gridDim.x * blockDim.x) {
        if (k == 0) continue;
        SubStream s(start + r, k0, k1);
        double* o = out + r * k;
        if (stick) {
            double acc = 1.0;
            double csum = 0.0;
            for (unsigned long long j = 0; j < k; ++j) csum += alpha[j];
            if (csum == 0.0) {
                for (unsigned long long j = 0; j < k; ++j) o[j] = 0.0;
                continue;
            }
            for (unsigned long long j = 0; j + 1 < k; ++j) {
                double v = r2_beta(alpha[j], csum - alpha[j], s);
                o[j] = acc * v;
                acc *= 1.0 - v;
                csum -= alpha[j];
            }
            o[k - 1] = acc;
        } else {
            double acc = 0.0;
            for (unsigned long long j = 0; j < k; ++j) {
                o[j] = r2_std_gamma(alpha[j], s);
                acc += o[j];
            }
            double inv = 1.0 / acc;
            for (unsigned long long j = 0; j < k; ++j) o[j] *= inv;
        }
    }
}
