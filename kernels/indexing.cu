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

// ---- advanced-indexing positions and nonzero on the device (no trip through the host) ----

#define POS_MAXD 16
// Mirrors `PosArgs` in indexing/cuda.rs (every field 8 bytes: no padding).
struct PosArgs {
    long long base;      // element offset of the source view
    long long n1, n2;    // source axes not indexed, before / after the index block
    long long r2size;    // product of shape2
    long long bsize;     // elements of the broadcast index shape
    long long nadv;      // advanced indices
    long long mode;      // 0 raise, 1 wrap, 2 clip
    long long shape1[POS_MAXD], stride1[POS_MAXD];
    long long shape2[POS_MAXD], stride2[POS_MAXD];
    long long len[POS_MAXD], astride[POS_MAXD];
    const long long* idx[POS_MAXD];  // each C-contiguous, bsize int64 values
};

// out[p]: the buffer position of element p of the result (C order over shape1, the index
// block, shape2). In raise mode an index outside [-len, len) records the smallest block
// position b where it occurs, per advanced index, in bad[k] (atomicMin; the host reports it).
extern "C" __global__ void cuprum_positions(PosArgs a, long long* __restrict__ out,
                                            unsigned long long n,
                                            unsigned long long* __restrict__ bad) {
    for (unsigned long long p = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; p < n;
         p += (unsigned long long)gridDim.x * blockDim.x) {
        long long r2 = (long long)(p % (unsigned long long)a.r2size);
        long long t = (long long)(p / (unsigned long long)a.r2size);
        long long b = t % a.bsize;
        long long r1 = t / a.bsize;
        long long off = a.base;
        for (long long d = a.n1 - 1; d >= 0; --d) {
            off += (r1 % a.shape1[d]) * a.stride1[d];
            r1 /= a.shape1[d];
        }
        for (long long d = a.n2 - 1; d >= 0; --d) {
            off += (r2 % a.shape2[d]) * a.stride2[d];
            r2 /= a.shape2[d];
        }
        for (long long k = 0; k < a.nadv; ++k) {
            long long i = a.idx[k][b];
            long long len = a.len[k];
            if (a.mode == 0) {
                if (i < 0) i += len;
                if (i < 0 || i >= len) {
                    atomicMin(bad + k, (unsigned long long)b);
                    i = 0;
                }
            } else if (a.mode == 1) {
                i = len > 0 ? ((i % len) + len) % len : 0;
            } else {
                i = i < 0 ? 0 : (i >= len ? (len > 0 ? len - 1 : 0) : i);
            }
            off += i * a.astride[k];
        }
        out[p] = off;
    }
}

// out[csum[i] - 1] = i where mask[i] != 0: the flat indices of the nonzero elements, in order.
extern "C" __global__ void cuprum_compact(const unsigned char* __restrict__ mask,
                                          const long long* __restrict__ csum,
                                          long long* __restrict__ out, unsigned long long n) {
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x) {
        if (mask[i]) out[csum[i] - 1] = (long long)i;
    }
}

// out[i] = (flat[i] / stride) % shape: one axis of the multi-index of a flat C-order index.
extern "C" __global__ void cuprum_unravel(const long long* __restrict__ flat,
                                          long long* __restrict__ out, unsigned long long n,
                                          long long stride, long long shape) {
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < n;
         i += (unsigned long long)gridDim.x * blockDim.x) {
        out[i] = (flat[i] / stride) % shape;
    }
}
