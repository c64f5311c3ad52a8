// Philox4x32-10 sampling kernels (prepended with common.cuh). Must stay bit-identical with
// crates/cuprum-core/src/random/{philox,dist}.rs: explicit round-to-nearest intrinsics, no FMA
// contraction. Specialized per output type by the host: OUT_T (storage type) and STORE(p, v)
// (float64 value -> storage), PREC (0 single, 1 double, 2 int), DIST (0 uniform, 1 normal,
// 2 exponential, 3 integers).

#define P24 5.9604644775390625e-08f
#define P32 2.3283064365386963e-10
#define P53 1.1102230246251565e-16
#define TWO_PI 6.283185307179586

struct u32x4 { unsigned int x[4]; };

__device__ __forceinline__ u32x4 philox(unsigned long long blk, unsigned int k0, unsigned int k1) {
    unsigned int c0 = (unsigned int)blk, c1 = (unsigned int)(blk >> 32), c2 = 0, c3 = 0;
    #pragma unroll
    for (int r = 0; r < 10; ++r) {
        if (r > 0) { k0 += 0x9E3779B9u; k1 += 0xBB67AE85u; }
        unsigned int hi0 = __umulhi(0xD2511F53u, c0), lo0 = 0xD2511F53u * c0;
        unsigned int hi1 = __umulhi(0xCD9E8D57u, c2), lo1 = 0xCD9E8D57u * c2;
        unsigned int n0 = hi1 ^ c1 ^ k0, n2 = hi0 ^ c3 ^ k1;
        c0 = n0; c1 = lo1; c2 = n2; c3 = lo0;
    }
    u32x4 o; o.x[0] = c0; o.x[1] = c1; o.x[2] = c2; o.x[3] = c3;
    return o;
}

__device__ __forceinline__ double u53(unsigned int hi, unsigned int lo) {
    unsigned long long v = (((unsigned long long)hi << 32) | lo) >> 11;
    return __dmul_rn((double)v, P53);
}

// One sample: single-precision uniform returns through *f32 (flag), everything else as double
// or int64.
__device__ __forceinline__ void sample(const u32x4& w, int slot, double p0, double p1,
                                       long long ilow, unsigned long long range,
                                       float* f, double* d, long long* i, int* kind) {
#if DIST == 3
    if (range <= 4294967296ull) {
        *i = ilow + (long long)(((unsigned long long)w.x[slot] * range) >> 32);
    } else {
        unsigned long long x = ((unsigned long long)w.x[2 * slot] << 32) | w.x[2 * slot + 1];
        *i = ilow + (long long)__umul64hi(x, range);
    }
    *kind = 2;
#elif DIST == 0 && PREC == 0
    float u = __fmul_rn((float)(w.x[slot] >> 8), P24);
    float lo = (float)p0, hi = (float)p1;
    *f = __fadd_rn(lo, __fmul_rn(u, __fsub_rn(hi, lo)));
    *kind = 0;
#elif DIST == 0
    double u = u53(w.x[2 * slot], w.x[2 * slot + 1]);
    *d = __dadd_rn(p0, __dmul_rn(u, __dsub_rn(p1, p0)));
    *kind = 1;
#elif DIST == 1 && PREC == 0
    int p = slot & ~1;
    double u1 = __dmul_rn(__dadd_rn((double)w.x[p], 1.0), P32);
    double u2 = __dmul_rn((double)w.x[p + 1], P32);
    double r = sqrt(__dmul_rn(-2.0, log(u1)));
    double t = __dmul_rn(TWO_PI, u2);
    double z = (slot & 1) == 0 ? __dmul_rn(r, cos(t)) : __dmul_rn(r, sin(t));
    *d = __dadd_rn(p0, __dmul_rn(p1, z));
    *kind = 1;
#elif DIST == 1
    double u1 = __dadd_rn(u53(w.x[0], w.x[1]), P53);
    double u2 = u53(w.x[2], w.x[3]);
    double r = sqrt(__dmul_rn(-2.0, log(u1)));
    double t = __dmul_rn(TWO_PI, u2);
    double z = slot == 0 ? __dmul_rn(r, cos(t)) : __dmul_rn(r, sin(t));
    *d = __dadd_rn(p0, __dmul_rn(p1, z));
    *kind = 1;
#elif DIST == 2 && PREC == 0
    double u = __dmul_rn((double)w.x[slot], P32);
    *d = __dmul_rn(-log(__dsub_rn(1.0, u)), p0);
    *kind = 1;
#else
    double u = u53(w.x[2 * slot], w.x[2 * slot + 1]);
    *d = __dmul_rn(-log(__dsub_rn(1.0, u)), p0);
    *kind = 1;
#endif
}

// sample -> storage type, with the same roundings as the CPU path (float64 -> float32 -> half)
template <class T> struct RConv { static __device__ __forceinline__ T f(int kind, float f, double d, long long i) { return (T)i; } };
template <> struct RConv<bool> { static __device__ __forceinline__ bool f(int kind, float f, double d, long long i) { return i != 0; } };
template <> struct RConv<float> { static __device__ __forceinline__ float f(int kind, float f, double d, long long i) { return kind == 0 ? f : __double2float_rn(d); } };
template <> struct RConv<double> { static __device__ __forceinline__ double f(int kind, float f, double d, long long i) { return kind == 0 ? (double)f : d; } };
template <> struct RConv<f16> { static __device__ __forceinline__ f16 f(int kind, float f, double d, long long i) { return Cast<f16>::from(kind == 0 ? f : __double2float_rn(d)); } };
template <> struct RConv<bf16> { static __device__ __forceinline__ bf16 f(int kind, float f, double d, long long i) { return Cast<bf16>::from(kind == 0 ? f : __double2float_rn(d)); } };
#define STORE(dst, kind, f, d, i) dst = RConv<OUT_T>::f(kind, f, d, i)

// Stores one Philox block's PER_BLOCK samples: a single 16- or 8-byte vector store when the
// samples fill it (the output buffer is allocator-aligned and `base` is a multiple of PER_BLOCK,
// so the address is aligned), element stores otherwise.
template <int BYTES> struct VecStore {
    static __device__ __forceinline__ void put(OUT_T* p, const OUT_T* v) {
        #pragma unroll
        for (int s = 0; s < PER_BLOCK; ++s) p[s] = v[s];
    }
};
template <> struct VecStore<16> {
    static __device__ __forceinline__ void put(OUT_T* p, const OUT_T* v) {
        *reinterpret_cast<uint4*>(p) = *reinterpret_cast<const uint4*>(v);
    }
};
template <> struct VecStore<8> {
    static __device__ __forceinline__ void put(OUT_T* p, const OUT_T* v) {
        *reinterpret_cast<uint2*>(p) = *reinterpret_cast<const uint2*>(v);
    }
};

// One thread per Philox block; PER_BLOCK samples per block.
extern "C" __global__ void KERNEL_NAME(OUT_T* __restrict__ out, unsigned long long n,
                                       unsigned int k0, unsigned int k1, unsigned long long start,
                                       double p0, double p1, long long ilow,
                                       unsigned long long range) {
    unsigned long long b = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    unsigned long long nblocks = (n + PER_BLOCK - 1) / PER_BLOCK;
    for (; b < nblocks; b += (unsigned long long)gridDim.x * blockDim.x) {
        u32x4 w = philox(start + b, k0, k1);
        unsigned long long base = b * PER_BLOCK;
        __align__(16) OUT_T v[PER_BLOCK];
        #pragma unroll
        for (int s = 0; s < PER_BLOCK; ++s) {
            float f = 0.f; double d = 0.0; long long i = 0; int kind = 0;
            sample(w, s, p0, p1, ilow, range, &f, &d, &i, &kind);
            STORE(v[s], kind, f, d, i);
        }
        if (base + PER_BLOCK <= n) {
            VecStore<(int)(sizeof(OUT_T) * PER_BLOCK)>::put(out + base, v);
        } else {
            #pragma unroll
            for (int s = 0; s < PER_BLOCK; ++s) {
                if (base + s < n) out[base + s] = v[s];
            }
        }
    }
}
