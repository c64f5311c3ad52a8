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

// ---------------------------------------------------------------------------------------------
// Block-parallel recurrences for few long signals: each signal is cut into blocks of L samples.
// (1) sig_iir_block_end: every block but the last runs from a zero state and stores its end
//     state; (2) sig_iir_block_carry: one thread a signal chains the block start states,
//     start[j+1] = A^L·start[j] + end0[j] (A the recurrence's one-step state matrix, A^L from
//     the host); (3) sig_iir_block_apply: every block reruns the recurrence from its true start
//     state, writing the output (the last block also the final state). The output of each
//     sample is the sequential recurrence's from a start state equal to it up to rounding.
// MODE 0: lfilter (S = K state values, coefficients b then a, K+1 each); MODE 1: sosfilt (S = 2
// per section, coefficients the (nsec, 6) sections). S <= SIG_MAXS.
#ifndef SIG_MAXS
#define SIG_MAXS 32
#endif

__device__ inline SIG_T sig_step(int mode, const SIG_T* __restrict__ c, SIG_T* z, int S,
                                 SIG_T xi) {
    if (mode == 0) {
        const int K = S;
        const SIG_T* b = c;
        const SIG_T* a = c + K + 1;
        SIG_T yi = (K > 0 ? z[0] : (SIG_T)0) + b[0] * xi;
        for (int k = 0; k + 1 < K; ++k) z[k] = z[k + 1] + b[k + 1] * xi - a[k + 1] * yi;
        if (K > 0) z[K - 1] = b[K] * xi - a[K] * yi;
        return yi;
    }
    SIG_T v = xi;
    for (int k = 0; 2 * k < S; ++k) {
        const SIG_T* s = c + 6 * k;
        SIG_T o = s[0] * v + z[2 * k];
        z[2 * k] = s[1] * v - s[4] * o + z[2 * k + 1];
        z[2 * k + 1] = s[2] * v - s[5] * o;
        v = o;
    }
    return v;
}

extern "C" __global__ void sig_iir_block_end(const SIG_T* __restrict__ x,
                                             const SIG_T* __restrict__ c,
                                             SIG_T* __restrict__ zend, long long nsig,
                                             long long n, long long L, long long nblk, int S,
                                             int mode) {
    const long long total = nsig * (nblk - 1);
    for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < total;
         t += (long long)gridDim.x * blockDim.x) {
        const long long s = t / (nblk - 1), j = t % (nblk - 1);
        SIG_T z[SIG_MAXS];
        for (int k = 0; k < S; ++k) z[k] = (SIG_T)0;
        const SIG_T* xs = x + s * n + j * L;
        for (long long i = 0; i < L; ++i) sig_step(mode, c, z, S, xs[i]);
        SIG_T* out = zend + (s * nblk + j) * (long long)S;
        for (int k = 0; k < S; ++k) out[k] = z[k];
    }
}

extern "C" __global__ void sig_iir_block_carry(const SIG_T* __restrict__ zend,
                                               const SIG_T* __restrict__ AL,
                                               const SIG_T* __restrict__ z0,
                                               SIG_T* __restrict__ zstart, long long nsig,
                                               long long nblk, int S) {
    for (long long s = blockIdx.x * (long long)blockDim.x + threadIdx.x; s < nsig;
         s += (long long)gridDim.x * blockDim.x) {
        SIG_T z[SIG_MAXS], w[SIG_MAXS];
        for (int k = 0; k < S; ++k) z[k] = z0[s * S + k];
        for (long long j = 0; j < nblk; ++j) {
            SIG_T* st = zstart + (s * nblk + j) * (long long)S;
            for (int k = 0; k < S; ++k) st[k] = z[k];
            if (j + 1 == nblk) break;
            const SIG_T* e = zend + (s * nblk + j) * (long long)S;
            for (int r = 0; r < S; ++r) {
                SIG_T acc = e[r];
                for (int k = 0; k < S; ++k) acc += AL[r * S + k] * z[k];
                w[r] = acc;
            }
            for (int k = 0; k < S; ++k) z[k] = w[k];
        }
    }
}

extern "C" __global__ void sig_iir_block_apply(const SIG_T* __restrict__ x,
                                               SIG_T* __restrict__ y,
                                               const SIG_T* __restrict__ c,
                                               const SIG_T* __restrict__ zstart,
                                               SIG_T* __restrict__ zfinal, long long nsig,
                                               long long n, long long L, long long nblk, int S,
                                               int mode) {
    const long long total = nsig * nblk;
    for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < total;
         t += (long long)gridDim.x * blockDim.x) {
        const long long s = t / nblk, j = t % nblk;
        SIG_T z[SIG_MAXS];
        const SIG_T* st = zstart + (s * nblk + j) * (long long)S;
        for (int k = 0; k < S; ++k) z[k] = st[k];
        const long long i0 = j * L;
        const long long i1 = (i0 + L < n) ? i0 + L : n;
        const SIG_T* xs = x + s * n;
        SIG_T* ys = y + s * n;
        for (long long i = i0; i < i1; ++i) ys[i] = sig_step(mode, c, z, S, xs[i]);
        if (j + 1 == nblk)
            for (int k = 0; k < S; ++k) zfinal[s * S + k] = z[k];
    }
}
