// Gather / scatter by element positions (advanced indexing). Prepended with common.cuh.
// ELEM: a type of the element's size; ACC (scatter-add only): 0 none, 1 float, 2 double,
// 3 u32, 4 u64, 5 c64 (two floats), 6 c128 (two doubles).

struct __align__(16) e16 { unsigned long long a, b; };

extern "C" __global__ void cuprum_gather(const ELEM* __restrict__ src, ELEM* __restrict__ dst,
                                         const long long* __restrict__ pos, unsigned long long n) {
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x) {
        dst[i] = src[pos[i]];
    }
}

extern "C" __global__ void cuprum_scatter(ELEM* __restrict__ dst, const ELEM* __restrict__ vals,
                                          const long long* __restrict__ pos, unsigned long long n) {
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x) {
#if ACC == 0
        dst[pos[i]] = vals[i];
#elif ACC == 1
        atomicAdd((float*)dst + pos[i], ((const float*)vals)[i]);
#elif ACC == 2
        atomicAdd((double*)dst + pos[i], ((const double*)vals)[i]);
#elif ACC == 3
        atomicAdd((unsigned int*)dst + pos[i], ((const unsigned int*)vals)[i]);
#elif ACC == 4
        atomicAdd((unsigned long long*)dst + pos[i], ((const unsigned long long*)vals)[i]);
#elif ACC == 5
        atomicAdd((float*)dst + 2 * pos[i], ((const float*)vals)[2 * i]);
        atomicAdd((float*)dst + 2 * pos[i] + 1, ((const float*)vals)[2 * i + 1]);
#elif ACC == 6
        atomicAdd((double*)dst + 2 * pos[i], ((const double*)vals)[2 * i]);
        atomicAdd((double*)dst + 2 * pos[i] + 1, ((const double*)vals)[2 * i + 1]);
#endif
    }
}
