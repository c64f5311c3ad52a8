// Integer / bool batched matmul (cuBLAS has none): one thread per output element, products
// accumulated in 64 bits with wrapping, then truncated to MM_T (NumPy's integer matmul wraps).
// `offs` holds (a_offset, b_offset) in elements for each batch; the output is C-contiguous.
extern "C" __global__ void cuprum_matmul_int(const MM_T* __restrict__ a, const MM_T* __restrict__ b, MM_T* __restrict__ c,
                                             const long long* __restrict__ offs, long long m, long long n,
                                             long long k, long long ars, long long acs, long long brs,
                                             long long bcs, unsigned long long total) {
    for (unsigned long long t = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; t < total;
         t += (unsigned long long)gridDim.x * blockDim.x) {
        unsigned long long mn = (unsigned long long)(m * n);
        unsigned long long bi = t / mn, r = t % mn;
        long long i = (long long)(r / n), j = (long long)(r % n);
        const MM_T* pa = a + offs[2 * bi] + i * ars;
        const MM_T* pb = b + offs[2 * bi + 1] + j * bcs;
        unsigned long long acc = 0;
        for (long long p = 0; p < k; ++p) {
            acc += (unsigned long long)(long long)pa[p * acs] * (unsigned long long)(long long)pb[p * brs];
        }
#ifdef T_IS_BOOL
        c[t] = acc != 0;
#else
        c[t] = (MM_T)acc;
#endif
    }
}
