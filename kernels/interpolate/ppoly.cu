// Piecewise-polynomial evaluation (cuprum-interpolate's PPoly): one thread per query point,
// a grid-stride loop. Breakpoints x[0..m] (increasing), coefficients c[(j * m + i) * r + q]
// of the power basis in (t - x[i]), descending powers; out[p * r + q].
// mode: 0 no extrapolation (NaN outside [x0, xm]), 1 extrapolate, 2 periodic.

extern "C" __global__ void pp_eval(const double* __restrict__ x, const double* __restrict__ c,
                                   const double* __restrict__ xs, double* __restrict__ out,
                                   long long m, long long k1, long long r, long long n,
                                   long long nu, long long mode) {
    const double lo = x[0], hi = x[m];
    for (long long p = blockIdx.x * (long long)blockDim.x + threadIdx.x; p < n;
         p += (long long)gridDim.x * blockDim.x) {
        double v = xs[p];
        if (mode == 2) {
            // Python's remainder: the result has the sign of the period
            double per = hi - lo;
            double t = fmod(v - lo, per);
            if (t != 0.0 && t < 0.0) t += per;
            v = lo + t;
        }
        // the last breakpoint <= v (searchsorted right, minus one), clipped to a piece;
        // NaN compares false everywhere and lands in the last piece (its value stays NaN)
        long long a = 0, b = m + 1;
        if (v != v) {
            a = m + 1;
        } else {
            while (a < b) {
                long long mid = a + (b - a) / 2;
                if (x[mid] <= v) a = mid + 1; else b = mid;
            }
        }
        long long i = a - 1;
        if (i < 0) i = 0;
        if (i > m - 1) i = m - 1;
        const double dx = v - x[i];
        const bool outside = (mode == 0) && (v < lo || v > hi);
        for (long long q = 0; q < r; ++q) {
            double acc = 0.0;
            for (long long j = 0; j + nu < k1; ++j) {
                const long long pw = k1 - 1 - j;
                double fac = 1.0;
                for (long long t = 0; t < nu; ++t) fac *= (double)(pw - t);
                const double cj = c[(j * m + i) * r + q];
                acc = (j == 0) ? fac * cj : acc * dx + fac * cj;
            }
            out[p * r + q] = outside ? __longlong_as_double(0x7ff8000000000000LL) : acc;
        }
    }
}
