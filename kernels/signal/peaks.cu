// Peak finding on a C-contiguous float64 signal of length n (SciPy's _peak_finding_utils):
// one thread per sample for the local maxima, one thread per peak for the plateau edges,
// prominences and widths.

// flag[m] = 1 at the midpoint m of every local maximum (a sample or a flat plateau higher than
// both neighbours); flag is zeroed by the caller.
extern "C" __global__ void sig_local_max(const double* __restrict__ x, long long n,
                                         signed char* __restrict__ flag) {
    for (long long i = 1 + blockIdx.x * (long long)blockDim.x + threadIdx.x; i < n - 1;
         i += (long long)gridDim.x * blockDim.x) {
        if (x[i - 1] < x[i]) {
            long long a = i + 1;
            while (a < n - 1 && x[a] == x[i]) ++a;
            if (x[a] < x[i]) flag[(i + a - 1) / 2] = 1;
        }
    }
}

// The plateau edges of each peak (the run of samples equal to x[peak] around it).
extern "C" __global__ void sig_plateau(const double* __restrict__ x, long long n,
                                       const long long* __restrict__ peaks, long long np,
                                       long long* __restrict__ left, long long* __restrict__ right) {
    for (long long k = blockIdx.x * (long long)blockDim.x + threadIdx.x; k < np;
         k += (long long)gridDim.x * blockDim.x) {
        long long p = peaks[k];
        long long l = p, r = p;
        while (l > 0 && x[l - 1] == x[p]) --l;
        while (r < n - 1 && x[r + 1] == x[p]) ++r;
        left[k] = l;
        right[k] = r;
    }
}

// Prominences and bases (wlen < 2: the whole signal).
extern "C" __global__ void sig_prominences(const double* __restrict__ x, long long n,
                                           const long long* __restrict__ peaks, long long np,
                                           long long wlen, double* __restrict__ prom,
                                           long long* __restrict__ lb, long long* __restrict__ rb) {
    for (long long k = blockIdx.x * (long long)blockDim.x + threadIdx.x; k < np;
         k += (long long)gridDim.x * blockDim.x) {
        long long p = peaks[k];
        long long imin = 0, imax = n - 1;
        if (wlen >= 2) {
            imin = p - wlen / 2 > imin ? p - wlen / 2 : imin;
            imax = p + wlen / 2 < imax ? p + wlen / 2 : imax;
        }
        double xp = x[p];
        long long i = p, lbase = p;
        double lmin = xp;
        while (imin <= i && x[i] <= xp) {
            if (x[i] < lmin) { lmin = x[i]; lbase = i; }
            --i;
        }
        i = p;
        long long rbase = p;
        double rmin = xp;
        while (i <= imax && x[i] <= xp) {
            if (x[i] < rmin) { rmin = x[i]; rbase = i; }
            ++i;
        }
        prom[k] = xp - (lmin > rmin ? lmin : rmin);
        lb[k] = lbase;
        rb[k] = rbase;
    }
}

// Widths at x[peak] - prom * rel_height, with linear interpolation of the crossings.
extern "C" __global__ void sig_widths(const double* __restrict__ x, const long long* __restrict__ peaks,
                                      long long np, double rel_height, const double* __restrict__ prom,
                                      const long long* __restrict__ lb, const long long* __restrict__ rb,
                                      double* __restrict__ w, double* __restrict__ wh,
                                      double* __restrict__ lip, double* __restrict__ rip) {
    for (long long k = blockIdx.x * (long long)blockDim.x + threadIdx.x; k < np;
         k += (long long)gridDim.x * blockDim.x) {
        long long p = peaks[k], imin = lb[k], imax = rb[k];
        double h = x[p] - prom[k] * rel_height;
        long long i = p;
        while (imin < i && h < x[i]) --i;
        double l = (double)i;
        if (x[i] < h) l += (h - x[i]) / (x[i + 1] - x[i]);
        i = p;
        while (i < imax && h < x[i]) ++i;
        double r = (double)i;
        if (x[i] < h) r -= (h - x[i]) / (x[i - 1] - x[i]);
        w[k] = r - l;
        wh[k] = h;
        lip[k] = l;
        rip[k] = r;
    }
}
