// The Minkowski-family distances between the rows of a (ma x d) and b (mb x d), row-major
// float64 (cuprum-spatial's cdist): out[i * mb + j] for rows row0 .. row0 + gridDim.y * 16 of a.
// 16 x 16 threads a block, one output each; the features go through shared memory 16 at a
// time. mode 0: euclidean (sqrt of the sum of squares), 1: squared euclidean, 2: cityblock,
// 3: chebyshev (the maximum; NaN propagates), 4: minkowski with p (the p-th root of the sum
// of |.|^p).

#define CD_T 16

extern "C" __global__ void cdist_minkowski(const double* __restrict__ a,
                                           const double* __restrict__ b,
                                           double* __restrict__ out, long long ma, long long mb,
                                           long long d, long long row0, double p, long long mode) {
    __shared__ double as[CD_T][CD_T + 1];
    __shared__ double bs[CD_T][CD_T + 1];
    const int tx = threadIdx.x, ty = threadIdx.y;
    const long long i = row0 + (long long)blockIdx.y * CD_T + ty;
    const long long j = (long long)blockIdx.x * CD_T + tx;
    const long long brow = (long long)blockIdx.x * CD_T + ty;
    double acc = 0.0;
    for (long long k0 = 0; k0 < d; k0 += CD_T) {
        const long long kc = k0 + tx;
        as[ty][tx] = (i < ma && kc < d) ? a[i * d + kc] : 0.0;
        bs[ty][tx] = (brow < mb && kc < d) ? b[brow * d + kc] : 0.0;
        __syncthreads();
        const int kmax = (d - k0) < CD_T ? (int)(d - k0) : CD_T;
        for (int kk = 0; kk < kmax; ++kk) {
            const double v = fabs(as[ty][kk] - bs[tx][kk]);
            if (mode <= 1) acc += v * v;
            else if (mode == 2) acc += v;
            else if (mode == 3) acc = (v > acc || v != v) ? v : acc;
            else acc += pow(v, p);
        }
        __syncthreads();
    }
    if (i < ma && j < mb) {
        double r = acc;
        if (mode == 0) r = sqrt(acc);
        else if (mode == 4) r = pow(acc, 1.0 / p);
        out[i * mb + j] = r;
    }
}
