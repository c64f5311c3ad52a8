// Recursive (IIR) filters along the last axis of a C-contiguous (nsig, n) array, one thread
// per 1-D signal (direct form II transposed, SciPy's recurrence), compiled with -DSIG_T=float
// or -DSIG_T=double. Coefficients are normalized by a[0] on the host.

// lfilter: b and a hold K+1 coefficients (the shorter padded with zeros); z is the (nsig, K)
// state, read as the initial state and left holding the final one.
extern "C" __global__ void sig_lfilter(const SIG_T* __restrict__ x, SIG_T* __restrict__ y,
                                       const SIG_T* __restrict__ b, const SIG_T* __restrict__ a,
                                       SIG_T* __restrict__ z, long long nsig, long long n, int K) {
    for (long long s = blockIdx.x * (long long)blockDim.x + threadIdx.x; s < nsig;
         s += (long long)gridDim.x * blockDim.x) {
        const SIG_T* xs = x + s * n;
        SIG_T* ys = y + s * n;
        SIG_T* zs = z + s * (long long)K;
        for (long long i = 0; i < n; ++i) {
            SIG_T xi = xs[i];
            SIG_T yi = (K > 0 ? zs[0] : (SIG_T)0) + b[0] * xi;
            for (int k = 0; k + 1 < K; ++k) zs[k] = zs[k + 1] + b[k + 1] * xi - a[k + 1] * yi;
            if (K > 0) zs[K - 1] = b[K] * xi - a[K] * yi;
            ys[i] = yi;
        }
    }
}

// sosfilt: sos is (nsec, 6) with a0 = 1; z is the (nsig, nsec, 2) state (in and out).
extern "C" __global__ void sig_sosfilt(const SIG_T* __restrict__ x, SIG_T* __restrict__ y,
                                       const SIG_T* __restrict__ sos, SIG_T* __restrict__ z,
                                       long long nsig, long long n, int nsec) {
    for (long long s = blockIdx.x * (long long)blockDim.x + threadIdx.x; s < nsig;
         s += (long long)gridDim.x * blockDim.x) {
        const SIG_T* xs = x + s * n;
        SIG_T* ys = y + s * n;
        SIG_T* zs = z + s * 2LL * nsec;
        for (long long i = 0; i < n; ++i) {
            SIG_T v = xs[i];
            for (int k = 0; k < nsec; ++k) {
                const SIG_T* c = sos + 6 * k;
                SIG_T* zk = zs + 2 * k;
                SIG_T o = c[0] * v + zk[0];
                zk[0] = c[1] * v - c[4] * o + zk[1];
                zk[1] = c[2] * v - c[5] * o;
                v = o;
            }
            ys[i] = v;
        }
    }
}
