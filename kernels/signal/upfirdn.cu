// Polyphase upsample-filter-downsample along the last axis of a C-contiguous (nsig, n) array
// (compiled with -DSIG_T=float or double): one thread per output sample,
// y[s, i] = sum over taps j = (i*down) mod up, + up, ... of h[j] * x[s, (i*down - j) / up].
extern "C" __global__ void sig_upfirdn(const SIG_T* __restrict__ x, SIG_T* __restrict__ y,
                                       const SIG_T* __restrict__ h, long long nsig, long long n,
                                       long long nout, long long nh, long long up, long long down) {
    long long total = nsig * nout;
    for (long long g = blockIdx.x * (long long)blockDim.x + threadIdx.x; g < total;
         g += (long long)gridDim.x * blockDim.x) {
        long long s = g / nout, i = g % nout;
        long long t = i * down;
        SIG_T acc = (SIG_T)0;
        const SIG_T* xs = x + s * n;
        for (long long j = t % up; j < nh && j <= t; j += up) {
            long long k = (t - j) / up;
            if (k < n) acc += h[j] * xs[k];
            if (up >= nh - j) break;  // the next tap is past the filter (and j + up may overflow)
        }
        y[g] = acc;
    }
}
