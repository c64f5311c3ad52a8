// Exhaustive k-nearest-neighbour queries (cuprum-spatial's KDTree on CUDA devices where the
// grid of cells does not serve: dimension above 3). pts is (n, d) row-major, qs (nq, d);
// out_d / out_i are (nq, k): each query keeps its k best, sorted, in its own row (any k), and
// the distances are rooted at the end. Missing neighbours get distance inf and index n; NaN
// queries find nothing. Distances are accumulated as |dx|^p sums (pmode 0: p = 2, 1: p = 1,
// 2: p = inf, the maximum, 3: general p); only those below `bound` (accumulated form) count.
//
// A block serves blockDim.x consecutive queries (blocks stride over the queries); its threads
// load the points in tiles of `tile` points into shared memory (tile * d doubles, dynamic),
// and every thread scans each tile for its query. The scan of a point stops once its partial
// sum is no better than the current k-th best.

// NVRTC defines no C math constants for these sources
#ifndef INFINITY
#define INFINITY __int_as_float(0x7f800000)
#endif

__device__ __forceinline__ double bk_term(double v, int pmode, double p) {
    double a = fabs(v);
    if (pmode == 0) return a * a;
    if (pmode == 3) return pow(a, p);
    return a;
}

extern "C" __global__ void brute_knn(const double* __restrict__ pts,
                                     const double* __restrict__ qs, double* __restrict__ out_d,
                                     long long* __restrict__ out_i, long long n, long long d,
                                     long long nq, long long k, double p, long long pmode_,
                                     double bound, long long tile) {
    extern __shared__ double sh[];
    const int pmode = (int)pmode_;
    for (long long base = blockIdx.x * (long long)blockDim.x; base < nq;
         base += (long long)gridDim.x * blockDim.x) {
        const long long qi = base + threadIdx.x;
        const bool active = qi < nq;
        double* bd = out_d + (active ? qi : 0) * k;
        long long* bi = out_i + (active ? qi : 0) * k;
        bool nan = false;
        if (active)
            for (long long j = 0; j < d; ++j)
                if (qs[qi * d + j] != qs[qi * d + j]) nan = true;
        long long cnt = 0;
        for (long long t0 = 0; t0 < n; t0 += tile) {
            const long long tn = n - t0 < tile ? n - t0 : tile;
            __syncthreads();
            for (long long e = threadIdx.x; e < tn * d; e += blockDim.x) sh[e] = pts[t0 * d + e];
            __syncthreads();
            if (!active || nan) continue;
            for (long long s = 0; s < tn; ++s) {
                const double worst = cnt == k ? bd[k - 1] : bound;
                const double lim = worst < bound ? worst : bound;
                double acc = 0.0;
                for (long long j = 0; j < d; ++j) {
                    double t = bk_term(sh[s * d + j] - qs[qi * d + j], pmode, p);
                    acc = pmode == 2 ? fmax(acc, t) : acc + t;
                    if (!(acc < lim)) break;
                }
                if (!(acc < lim)) continue;
                long long pos = cnt < k ? cnt : k - 1;
                while (pos > 0 && bd[pos - 1] > acc) {
                    bd[pos] = bd[pos - 1];
                    bi[pos] = bi[pos - 1];
                    --pos;
                }
                bd[pos] = acc;
                bi[pos] = t0 + s;
                if (cnt < k) ++cnt;
            }
        }
        if (!active) continue;
        for (long long m = 0; m < k; ++m) {
            if (m < cnt) {
                double s = bd[m];
                bd[m] = pmode == 0 ? sqrt(s) : (pmode == 3 ? pow(s, 1.0 / p) : s);
            } else {
                bd[m] = INFINITY;
                bi[m] = n;
            }
        }
    }
}
