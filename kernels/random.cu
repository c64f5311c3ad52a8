// Philox4x32-10 sampling kernels (prepended with common.cuh). Must stay bit-identical with
// crates/cuprum-core/src/random/{philox,dist}.rs: explicit round-to-nearest intrinsics, no FMA
// contraction. Specialized per output type by the host: OUT_T (storage type) and STORE(p, v)
// (float64 value -> storage), PREC (0 single, 1 double, 2 int), DIST (0 uniform, 1 normal,
// 2 exponential, 3 integers; 4 gamma, 5 beta, 6 poisson, 7 binomial: the rejection samplers,
// compiled with --fmad=false, in the second half of this file).

#define P24 5.9604644775390625e-08f
#define P32 2.3283064365386963e-10
#define P53 1.1102230246251565e-16
#define TWO_PI 6.283185307179586

struct u32x4 { unsigned int x[4]; };

// Philox4x32-10 on the counter (blk, c2, c3) with key (k0, k1). Ordinary draws use c2 = c3 = 0;
// the rejection samplers' sub-streams use (c2 = sequence number, c3 = 1).
__device__ __forceinline__ u32x4 philox4(unsigned long long blk, unsigned int c2, unsigned int c3,
                                         unsigned int k0, unsigned int k1) {
    unsigned int c0 = (unsigned int)blk, c1 = (unsigned int)(blk >> 32);
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

__device__ __forceinline__ u32x4 philox(unsigned long long blk, unsigned int k0, unsigned int k1) {
    return philox4(blk, 0u, 0u, k0, k1);
}

__device__ __forceinline__ double u53(unsigned int hi, unsigned int lo) {
    unsigned long long v = (((unsigned long long)hi << 32) | lo) >> 11;
    return __dmul_rn((double)v, P53);
}

// The sequential bit generators (crates/cuprum-core/src/random/bitgen.rs, which must stay
// bit-identical): BITGEN 1 = XORWOW, 2 = MRG32k3a; absent (0) = Philox, compiled as before.
// Each parallel subsequence is seeded by SplitMix64 from (seed, tag, index): tag 0 = lane
// `index % 32` of group `index / 32` of an ordinary draw (2048 blocks, 64 per lane, block
// g*2048 + pos*32 + lane at position pos), tag 1 = the sub-stream of element block `index`.
#ifndef BITGEN
#define BITGEN 0
#endif

#if BITGEN != 0
#define BG_LANES 32ull
#define BG_LANE_BLOCKS 64ull
#define BG_GROUP 2048ull

struct BgState { unsigned int s[6]; };

__device__ __forceinline__ unsigned long long bg_mix64(unsigned long long z) {
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

__device__ __forceinline__ unsigned int bg_next(BgState& st) {
#if BITGEN == 1
    // XORWOW (Marsaglia 2003; cuRAND's curand() update)
    unsigned int t = st.s[0] ^ (st.s[0] >> 2);
    st.s[0] = st.s[1]; st.s[1] = st.s[2]; st.s[2] = st.s[3]; st.s[3] = st.s[4];
    st.s[4] = (st.s[4] ^ (st.s[4] << 4)) ^ (t ^ (t << 1));
    st.s[5] += 362437u;
    return st.s[4] + st.s[5];
#else
    // MRG32k3a (L'Ecuyer 1999): z = p1 - p2 mod m1 in [1, m1]
    const long long m1 = 4294967087LL, m2 = 4294944443LL;
    long long p1 = (1403580LL * (long long)st.s[1] - 810728LL * (long long)st.s[0]) % m1;
    if (p1 < 0) p1 += m1;
    st.s[0] = st.s[1]; st.s[1] = st.s[2]; st.s[2] = (unsigned int)p1;
    long long p2 = (527612LL * (long long)st.s[5] - 1370589LL * (long long)st.s[3]) % m2;
    if (p2 < 0) p2 += m2;
    st.s[3] = st.s[4]; st.s[4] = st.s[5]; st.s[5] = (unsigned int)p2;
    return (unsigned int)(p1 > p2 ? p1 - p2 : p1 - p2 + m1);
#endif
}

__device__ __forceinline__ void bg_init(BgState& st, unsigned int k0, unsigned int k1,
                                        unsigned long long tag, unsigned long long index) {
    const unsigned long long G = 0x9E3779B97F4A7C15ull;
    unsigned long long seed = ((unsigned long long)k1 << 32) | k0;
    unsigned long long s = bg_mix64(seed + (2ull * tag + 1ull) * G) ^ (index * G);
    unsigned long long w[3];
    #pragma unroll
    for (int k = 0; k < 3; ++k) { s += G; w[k] = bg_mix64(s); }
#if BITGEN == 1
    #pragma unroll
    for (int k = 0; k < 3; ++k) {
        st.s[2 * k] = (unsigned int)w[k];
        st.s[2 * k + 1] = (unsigned int)(w[k] >> 32);
    }
    if ((st.s[0] | st.s[1] | st.s[2] | st.s[3] | st.s[4]) == 0u) st.s[0] = 123456789u;
#else
    #pragma unroll
    for (int k = 0; k < 3; ++k) {
        st.s[k] = (unsigned int)((w[k] >> 32) % 4294967087ull);
        st.s[3 + k] = (unsigned int)((w[k] & 0xFFFFFFFFull) % 4294944443ull);
    }
    if ((st.s[0] | st.s[1] | st.s[2]) == 0u) { st.s[0] = 12345u; st.s[1] = 12345u; st.s[2] = 12345u; }
    if ((st.s[3] | st.s[4] | st.s[5]) == 0u) { st.s[3] = 12345u; st.s[4] = 12345u; st.s[5] = 12345u; }
#endif
}
#endif

#if DIST < 4
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

#endif

// sample -> storage type, with the same roundings as the CPU path (float64 -> float32 -> half)
template <class T> struct RConv { static __device__ __forceinline__ T f(int kind, float f, double d, long long i) { return (T)i; } };
template <> struct RConv<bool> { static __device__ __forceinline__ bool f(int kind, float f, double d, long long i) { return i != 0; } };
template <> struct RConv<float> { static __device__ __forceinline__ float f(int kind, float f, double d, long long i) { return kind == 0 ? f : __double2float_rn(d); } };
template <> struct RConv<double> { static __device__ __forceinline__ double f(int kind, float f, double d, long long i) { return kind == 0 ? (double)f : d; } };
template <> struct RConv<f16> { static __device__ __forceinline__ f16 f(int kind, float f, double d, long long i) { return Cast<f16>::from(kind == 0 ? f : __double2float_rn(d)); } };
template <> struct RConv<bf16> { static __device__ __forceinline__ bf16 f(int kind, float f, double d, long long i) { return Cast<bf16>::from(kind == 0 ? f : __double2float_rn(d)); } };
// (parameter names with a trailing underscore: an argument such as `0.f` must not replace `::f`)
#define STORE(dst, kind_, f_, d_, i_) dst = RConv<OUT_T>::f(kind_, f_, d_, i_)

#if DIST < 4
// Stores one Philox block's PER_BLOCK samples: vector stores (4 to 32 bytes) when the
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
// 32 bytes (four 64-bit integers a block: `integers` into int64/uint64): two 16-byte stores,
// not four 8-byte ones (2^27 int64 draws on the H200: 602 us against 1246 us with 8-byte
// stores; docs/benchmarks/h200-core.md's `integers` int64 row, 1.241 ms, predates this).
template <> struct VecStore<32> {
    static __device__ __forceinline__ void put(OUT_T* p, const OUT_T* v) {
        reinterpret_cast<uint4*>(p)[0] = reinterpret_cast<const uint4*>(v)[0];
        reinterpret_cast<uint4*>(p)[1] = reinterpret_cast<const uint4*>(v)[1];
    }
};
template <> struct VecStore<4> {
    static __device__ __forceinline__ void put(OUT_T* p, const OUT_T* v) {
        *reinterpret_cast<unsigned int*>(p) = *reinterpret_cast<const unsigned int*>(v);
    }
};
template <> struct VecStore<8> {
    static __device__ __forceinline__ void put(OUT_T* p, const OUT_T* v) {
        *reinterpret_cast<uint2*>(p) = *reinterpret_cast<const uint2*>(v);
    }
};

#if BITGEN == 0
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
#else
// XORWOW / MRG32k3a: one thread per (group, lane) subsequence touched by the draw; the lane
// generates its 64 blocks in order (skipping those before `start`), so the 32 lanes of a group
// write neighbouring blocks.
extern "C" __global__ void KERNEL_NAME(OUT_T* __restrict__ out, unsigned long long n,
                                       unsigned int k0, unsigned int k1, unsigned long long start,
                                       double p0, double p1, long long ilow,
                                       unsigned long long range) {
    unsigned long long nblocks = (n + PER_BLOCK - 1) / PER_BLOCK;
    unsigned long long end = start + nblocks;
    unsigned long long gfirst = start / BG_GROUP;
    unsigned long long ntasks = ((end - 1) / BG_GROUP - gfirst + 1) * BG_LANES;
    unsigned long long t = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (; t < ntasks; t += (unsigned long long)gridDim.x * blockDim.x) {
        unsigned long long g = gfirst + t / BG_LANES;
        unsigned long long lane = t % BG_LANES;
        BgState st;
        bg_init(st, k0, k1, 0ull, g * BG_LANES + lane);
        for (unsigned long long pos = 0; pos < BG_LANE_BLOCKS; ++pos) {
            unsigned long long blk = g * BG_GROUP + pos * BG_LANES + lane;
            if (blk >= end) break;
            u32x4 w;
            #pragma unroll
            for (int k = 0; k < 4; ++k) w.x[k] = bg_next(st);
            if (blk < start) continue;
            unsigned long long base = (blk - start) * PER_BLOCK;
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
}
#endif
#endif

#if DIST >= 4
// The rejection samplers: one thread per element, each with its own sub-stream of Philox blocks
// (start + i, c2, 1), c2 = 0, 1, ... (crates/cuprum-core/src/random/dist.rs `SubStream`). Plain
// float64 operators, written in the same order as the Rust code; the host compiles this half
// with --fmad=false so no multiply-add is contracted.


#if BITGEN == 0
struct SubStream {
    unsigned long long blk;
    unsigned int k0, k1, c2;
    u32x4 w;
    int used;
    __device__ SubStream(unsigned long long b, unsigned int a0, unsigned int a1)
        : blk(b), k0(a0), k1(a1), c2(0), used(4) {}
    __device__ double u() {
        if (used == 4) { w = philox4(blk, c2, 1u, k0, k1); c2 += 1u; used = 0; }
        double v = u53(w.x[used], w.x[used + 1]);
        used += 2;
        return v;
    }
    __device__ double uo() { return 1.0 - u(); }
    __device__ double normal() {
        double u1 = uo();
        double u2 = u();
        return sqrt(-2.0 * log(u1)) * cos(TWO_PI * u2);
    }
};
#else
// XORWOW / MRG32k3a: the element's own subsequence (tag 1, index blk), two words per uniform.
struct SubStream {
    BgState st;
    __device__ SubStream(unsigned long long b, unsigned int a0, unsigned int a1) {
        bg_init(st, a0, a1, 1ull, b);
    }
    __device__ double u() {
        unsigned int hi = bg_next(st);
        unsigned int lo = bg_next(st);
        return u53(hi, lo);
    }
    __device__ double uo() { return 1.0 - u(); }
    __device__ double normal() {
        double u1 = uo();
        double u2 = u();
        return sqrt(-2.0 * log(u1)) * cos(TWO_PI * u2);
    }
};
#endif

__device__ double gamma_mt(double k, SubStream& s) {
    double d = k - 1.0 / 3.0;
    double c = 1.0 / sqrt(9.0 * d);
    for (;;) {
        double x = s.normal();
        double v = 1.0 + c * x;
        if (v <= 0.0) continue;
        v = v * v * v;
        double u = s.uo();
        double x2 = x * x;
        if (u < 1.0 - 0.0331 * (x2 * x2)) return d * v;
        if (log(u) < 0.5 * x2 + d * ((1.0 - v) + log(v))) return d * v;
    }
}

__device__ double std_gamma(double k, SubStream& s) {
    if (k == 0.0) return 0.0;
    if (k < 1.0) {
        double g = gamma_mt(k + 1.0, s);
        double u = s.uo();
        return g * exp(log(u) / k);
    }
    return gamma_mt(k, s);
}

__device__ double ln_std_gamma(double k, SubStream& s) {
    if (k < 1.0) {
        double g = gamma_mt(k + 1.0, s);
        double u = s.uo();
        return log(g) + log(u) / k;
    }
    return log(gamma_mt(k, s));
}

__device__ double loggam(double x) {
    const double a[10] = {8.333333333333333e-02, -2.777777777777778e-03,
                          7.936507936507937e-04, -5.952380952380952e-04,
                          8.417508417508418e-04, -1.917526917526918e-03,
                          6.410256410256410e-03, -2.955065359477124e-02,
                          1.796443723688307e-01, -1.39243221690590e+00};
    if (x == 1.0 || x == 2.0) return 0.0;
    long long n = 0;
    double x0 = x;
    if (x <= 7.0) { n = (long long)(7.0 - x); x0 = x + (double)n; }
    double x2 = 1.0 / (x0 * x0);
    double gl0 = a[9];
    for (int k = 8; k >= 0; --k) gl0 = gl0 * x2 + a[k];
    double gl = gl0 / x0 + 0.5 * log(TWO_PI) + (x0 - 0.5) * log(x0) - x0;
    if (x <= 7.0) {
        for (long long i = 0; i < n; ++i) { gl -= log(x0 - 1.0); x0 -= 1.0; }
    }
    return gl;
}

__device__ long long poisson(double lam, SubStream& s) {
    if (lam == 0.0) return 0;
    if (lam < 10.0) {
        double p0 = exp(-lam);
        for (;;) {
            double u = s.u();
            double p = p0;
            double f = p0;
            long long x = 0;
            while (u > f && x < 200) {
                x += 1;
                p = p * lam / (double)x;
                f += p;
            }
            if (x < 200) return x;
        }
    }
    double slam = sqrt(lam);
    double loglam = log(lam);
    double b = 0.931 + 2.53 * slam;
    double a = -0.059 + 0.02483 * b;
    double invalpha = 1.1239 + 1.1328 / (b - 3.4);
    double vr = 0.9277 - 3.6224 / (b - 2.0);
    for (;;) {
        double u = s.u() - 0.5;
        double v = s.u();
        double us = 0.5 - fabs(u);
        double k = floor((2.0 * a / us + b) * u + lam + 0.43);
        if (us >= 0.07 && v <= vr) return (long long)k;
        if (k < 0.0 || (us < 0.013 && v > us)) continue;
        if ((log(v) + log(invalpha) - log(a / (us * us) + b)) <=
            (-lam + k * loglam - loggam(k + 1.0)))
            return (long long)k;
    }
}

__device__ long long binomial_low(long long n, double p, SubStream& s) {
    double nf = (double)n;
    double q = 1.0 - p;
    if (nf * p <= 30.0) {
        double qn = exp(nf * log(q));
        double np = nf * p;
        double bound = fmin(nf, np + 10.0 * sqrt(np * q + 1.0));
        long long x = 0;
        double px = qn;
        double u = s.u();
        while (u > px) {
            x += 1;
            if ((double)x > bound) {
                x = 0; px = qn; u = s.u();
            } else {
                u -= px;
                px = ((nf - (double)x + 1.0) * p * px) / ((double)x * q);
            }
        }
        return x;
    }
    double spq = sqrt(nf * p * q);
    double b = 1.15 + 2.53 * spq;
    double a = -0.0873 + 0.0248 * b + 0.01 * p;
    double c = nf * p + 0.5;
    double vr = 0.92 - 4.2 / b;
    double alpha = (2.83 + 5.1 / b) * spq;
    double lpq = log(p / q);
    double m = floor((nf + 1.0) * p);
    double h = loggam(m + 1.0) + loggam(nf - m + 1.0);
    for (;;) {
        double u = s.u() - 0.5;
        double v = s.u();
        double us = 0.5 - fabs(u);
        double k = floor((2.0 * a / us + b) * u + c);
        if (k < 0.0 || k > nf) continue;
        if (us >= 0.07 && v <= vr) return (long long)k;
        double lv = log(v * alpha / (a / (us * us) + b));
        double bound = h - loggam(k + 1.0) - loggam(nf - k + 1.0) + (k - m) * lpq;
        if (lv <= bound) return (long long)k;
    }
}

// p0, p1: the float parameters (gamma k, scale; beta a, b; poisson lam; binomial p in p0),
// ilow: binomial n.
extern "C" __global__ void KERNEL_NAME(OUT_T* __restrict__ out, unsigned long long n,
                                       unsigned int k0, unsigned int k1, unsigned long long start,
                                       double p0, double p1, long long ilow,
                                       unsigned long long range) {
    unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x;
    for (; i < n; i += (unsigned long long)gridDim.x * blockDim.x) {
        SubStream s(start + i, k0, k1);
        double d = 0.0;
        long long iv = 0;
        int kind = 1;
#if DIST == 4
        d = std_gamma(p0, s) * p1;
#elif DIST == 5
        if (p0 >= 1.0 && p1 >= 1.0) {
            double x = gamma_mt(p0, s);
            double y = gamma_mt(p1, s);
            d = x / (x + y);
        } else {
            double lx = ln_std_gamma(p0, s);
            double ly = ln_std_gamma(p1, s);
            d = 1.0 / (1.0 + exp(ly - lx));
        }
#elif DIST == 6
        iv = poisson(p0, s);
        kind = 2;
#else
        if (ilow == 0 || p0 == 0.0) iv = 0;
        else if (p0 <= 0.5) iv = binomial_low(ilow, p0, s);
        else iv = ilow - binomial_low(ilow, 1.0 - p0, s);
        kind = 2;
#endif
        STORE(out[i], kind, 0.f, d, iv);
    }
}
#endif
