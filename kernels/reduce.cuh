// cuprum reductions and scans (cuprum_core::reduce). Needs common.cuh before it.
//
// Generated source order (cuprum_core::reduce::cuda): common.cuh, then
//   typedef <storage> IN_T;   the input's storage type
//   typedef <compute> C_T;    the accumulator's compute type
//   typedef <storage> OUT_T;  the output's storage type
//   #define VMAX <n>          elements per 16-byte vector load of IN_T
// then this file, then `typedef SomeOp<...> Op;` (or `typedef ScanSpec<...> Scan;` with R_SCAN
// defined), then reduce_kernels.cuh, which instantiates the extern "C" kernels.
//
// Every operation is (identity, map, combine, finalize) over a plain accumulator struct; combine
// is associative and breaks ties by element index, so results do not depend on the grid shape
// (up to float rounding of sums). Block results are combined in a fixed order (deterministic).

#define R_WARP 32
#define R_FULL 0xffffffffu

struct RParams {
    const void* center;  // per-output centers (var/std), compute type
    double ddof;
};

// ---- arithmetic in the accumulator types (integers wrap; bool adds as `or`) ----
template <class T> __device__ __forceinline__ T r_zero() { return (T)0; }
template <> __device__ __forceinline__ c64 r_zero<c64>() { return mk(0.0f, 0.0f); }
template <> __device__ __forceinline__ c128 r_zero<c128>() { return mk(0.0, 0.0); }
template <class T> __device__ __forceinline__ T r_one() { return (T)1; }
template <> __device__ __forceinline__ c64 r_one<c64>() { return mk(1.0f, 0.0f); }
template <> __device__ __forceinline__ c128 r_one<c128>() { return mk(1.0, 0.0); }

template <class T> struct RInt {
    static __device__ __forceinline__ T add(T a, T b) {
        return (T)((u64)(typename Unsigned<T>::t)a + (u64)(typename Unsigned<T>::t)b);
    }
    static __device__ __forceinline__ T sub(T a, T b) {
        return (T)((u64)(typename Unsigned<T>::t)a - (u64)(typename Unsigned<T>::t)b);
    }
    static __device__ __forceinline__ T mul(T a, T b) {
        return (T)((u64)(typename Unsigned<T>::t)a * (u64)(typename Unsigned<T>::t)b);
    }
};
#define R_INT_ARITH(T)                                                                   \
    __device__ __forceinline__ T r_add(T a, T b) { return RInt<T>::add(a, b); }          \
    __device__ __forceinline__ T r_sub(T a, T b) { return RInt<T>::sub(a, b); }          \
    __device__ __forceinline__ T r_mul(T a, T b) { return RInt<T>::mul(a, b); }          \
    __device__ __forceinline__ bool r_isnan(T) { return false; }                         \
    __device__ __forceinline__ bool r_gt(T a, T b) { return a > b; }                     \
    __device__ __forceinline__ bool r_lt(T a, T b) { return a < b; }                     \
    __device__ __forceinline__ T r_div(T a, double n) { return (T)((double)a / n); }     \
    __device__ __forceinline__ T r_sqrt(T a) { return (T)sqrt((double)a); }              \
    __device__ __forceinline__ T r_abs2(T a) { return r_mul(a, a); }                     \
    __device__ __forceinline__ T r_nan(T) { return (T)0; }
R_INT_ARITH(i8)
R_INT_ARITH(i16)
R_INT_ARITH(i32)
R_INT_ARITH(i64)
R_INT_ARITH(u8)
R_INT_ARITH(u16)
R_INT_ARITH(u32)
R_INT_ARITH(u64)

__device__ __forceinline__ bool r_add(bool a, bool b) { return a || b; }
__device__ __forceinline__ bool r_sub(bool a, bool b) { return a != b; }
__device__ __forceinline__ bool r_mul(bool a, bool b) { return a && b; }
__device__ __forceinline__ bool r_isnan(bool) { return false; }
__device__ __forceinline__ bool r_gt(bool a, bool b) { return a && !b; }
__device__ __forceinline__ bool r_lt(bool a, bool b) { return !a && b; }
__device__ __forceinline__ bool r_div(bool a, double n) { return ((double)a / n) != 0.0; }
__device__ __forceinline__ bool r_sqrt(bool a) { return a; }
__device__ __forceinline__ bool r_abs2(bool a) { return a; }
__device__ __forceinline__ bool r_nan(bool) { return false; }

#define R_FLOAT_ARITH(T, SQRT, NAN)                                                      \
    __device__ __forceinline__ T r_add(T a, T b) { return a + b; }                       \
    __device__ __forceinline__ T r_sub(T a, T b) { return a - b; }                       \
    __device__ __forceinline__ T r_mul(T a, T b) { return a * b; }                       \
    __device__ __forceinline__ bool r_isnan(T a) { return a != a; }                      \
    __device__ __forceinline__ bool r_gt(T a, T b) { return a > b; }                     \
    __device__ __forceinline__ bool r_lt(T a, T b) { return a < b; }                     \
    __device__ __forceinline__ T r_div(T a, double n) { return a / (T)n; }               \
    __device__ __forceinline__ T r_sqrt(T a) { return SQRT(a); }                         \
    __device__ __forceinline__ T r_abs2(T a) { return a * a; }                           \
    __device__ __forceinline__ T r_nan(T) { return NAN; }
R_FLOAT_ARITH(float, sqrtf, CUPRUM_NAN_F)
R_FLOAT_ARITH(double, sqrt, CUPRUM_NAN_D)

template <class T> struct RReal { typedef T t; };
template <> struct RReal<c64> { typedef float t; };
template <> struct RReal<c128> { typedef double t; };

#define R_COMPLEX_ARITH(T, R, SQRT, NAN)                                                 \
    __device__ __forceinline__ T r_add(T a, T b) { return mk(a.re + b.re, a.im + b.im); } \
    __device__ __forceinline__ T r_sub(T a, T b) { return mk(a.re - b.re, a.im - b.im); } \
    __device__ __forceinline__ T r_mul(T a, T b) {                                       \
        return mk(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re);                 \
    }                                                                                    \
    __device__ __forceinline__ bool r_isnan(T a) { return a.re != a.re || a.im != a.im; } \
    __device__ __forceinline__ bool r_gt(T a, T b) {                                     \
        return a.re > b.re || (a.re == b.re && a.im > b.im);                             \
    }                                                                                    \
    __device__ __forceinline__ bool r_lt(T a, T b) {                                     \
        return a.re < b.re || (a.re == b.re && a.im < b.im);                             \
    }                                                                                    \
    __device__ __forceinline__ T r_div(T a, double n) { return mk(a.re / (R)n, a.im / (R)n); } \
    __device__ __forceinline__ R r_abs2(T a) { return a.re * a.re + a.im * a.im; }      \
    __device__ __forceinline__ T r_nan(T) { return mk(NAN, NAN); }
R_COMPLEX_ARITH(c64, float, sqrtf, CUPRUM_NAN_F)
R_COMPLEX_ARITH(c128, double, sqrt, CUPRUM_NAN_D)

// ---- operations ----

// sum / prod / nansum / nanprod / mean (MEAN: divide by the count); NAN_SKIP maps NaN to the
// identity.
template <class I, class C, class O, bool PROD, bool NAN_SKIP, bool MEAN> struct SumOp {
    typedef C acc_t;
    static __device__ __forceinline__ acc_t identity() { return PROD ? r_one<C>() : r_zero<C>(); }
    static __device__ __forceinline__ acc_t map(I x, i64, i64, const RParams&) {
        C v = cast<C>(ld(x));
        if (NAN_SKIP && r_isnan(v)) return identity();
        return v;
    }
    static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) {
        return PROD ? r_mul(a, b) : r_add(a, b);
    }
    static __device__ __forceinline__ O finalize(acc_t a, i64 n, i64, const RParams&) {
        return MEAN ? cast<O>(r_div(a, (double)n)) : cast<O>(a);
    }
};

// nanmean: sum and count of the non-NaN elements.
template <class C> struct SumCount { C s; i64 c; };
template <class I, class C, class O> struct NanMeanOp {
    typedef SumCount<C> acc_t;
    static __device__ __forceinline__ acc_t identity() { acc_t a; a.s = r_zero<C>(); a.c = 0; return a; }
    static __device__ __forceinline__ acc_t map(I x, i64, i64, const RParams&) {
        C v = cast<C>(ld(x));
        if (r_isnan(v)) return identity();
        acc_t a; a.s = v; a.c = 1; return a;
    }
    static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) {
        a.s = r_add(a.s, b.s); a.c += b.c; return a;
    }
    static __device__ __forceinline__ O finalize(acc_t a, i64, i64, const RParams&) {
        return cast<O>(r_div(a.s, (double)a.c));
    }
};

// var / std / nanvar / nanstd second pass: Σ|x - center[out]|² over (count - ddof).
template <class I, class C, class O, bool NAN_SKIP, bool STD> struct SqDevOp {
    typedef typename RReal<C>::t R;
    typedef SumCount<R> acc_t;
    static __device__ __forceinline__ acc_t identity() { acc_t a; a.s = r_zero<R>(); a.c = 0; return a; }
    static __device__ __forceinline__ acc_t map(I x, i64, i64 out, const RParams& p) {
        C v = cast<C>(ld(x));
        if (NAN_SKIP && r_isnan(v)) return identity();
        acc_t a; a.s = r_abs2(r_sub(v, ((const C*)p.center)[out])); a.c = 1; return a;
    }
    static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) {
        a.s = r_add(a.s, b.s); a.c += b.c; return a;
    }
    static __device__ __forceinline__ O finalize(acc_t a, i64, i64, const RParams& p) {
        double d = (double)a.c - p.ddof;
        R v = r_div(a.s, d > 0.0 ? d : 0.0);
        if (STD) v = r_sqrt(v);
        return cast<O>(v);
    }
};

// max / min (NaN propagates) and nanmax / nanmin (NaN skipped; an all-NaN slice gives NaN).
template <class C> struct Ext { C v; int has; };
template <class I, class C, bool MAX, bool NAN_SKIP> struct ExtOp {
    typedef Ext<C> acc_t;
    static __device__ __forceinline__ acc_t identity() { acc_t a; a.v = r_zero<C>(); a.has = 0; return a; }
    static __device__ __forceinline__ acc_t map(I x, i64, i64, const RParams&) {
        acc_t a; a.v = ld(x); a.has = !(NAN_SKIP && r_isnan(a.v)); return a;
    }
    static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) {
        if (!a.has) return b;
        if (!b.has) return a;
        if (!NAN_SKIP) {
            if (r_isnan(a.v)) return a;
            if (r_isnan(b.v)) return b;
        }
        return (MAX ? r_gt(b.v, a.v) : r_lt(b.v, a.v)) ? b : a;
    }
    static __device__ __forceinline__ I finalize(acc_t a, i64, i64, const RParams&) {
        return cast<I>(a.has ? a.v : r_nan(a.v));
    }
};

// max / min of float32 and float64 (NaN propagates): the plain value is the accumulator and
// -inf / +inf the identity, so there is no flag to carry and no branch (ExtOp's flag cost 4% of
// the bandwidth of a 2^27 float32 max on an H200: 3989 against 4164 GB/s). Slices are never
// empty here (NumPy's error is raised on the host), and an element that equals the identity
// gives the identity, so the result is the same.
__device__ __forceinline__ float r_max_nan(float a, float b) {
#if __CUDA_ARCH__ >= 800
    float r;
    asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    return r;
#else
    return (a > b || a != a) ? a : b;
#endif
}
__device__ __forceinline__ float r_min_nan(float a, float b) {
#if __CUDA_ARCH__ >= 800
    float r;
    asm("min.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b));
    return r;
#else
    return (a < b || a != a) ? a : b;
#endif
}
__device__ __forceinline__ double r_max_nan(double a, double b) { return (a > b || a != a) ? a : b; }
__device__ __forceinline__ double r_min_nan(double a, double b) { return (a < b || a != a) ? a : b; }
template <class T> __device__ __forceinline__ T r_inf();
template <> __device__ __forceinline__ float r_inf<float>() { return CUPRUM_INF_F; }
template <> __device__ __forceinline__ double r_inf<double>() { return CUPRUM_INF_D; }
template <class T, bool MAX> struct FExtOp {
    typedef T acc_t;
    static __device__ __forceinline__ T identity() { return MAX ? -r_inf<T>() : r_inf<T>(); }
    static __device__ __forceinline__ T map(T x, i64, i64, const RParams&) { return x; }
    static __device__ __forceinline__ T combine(T a, T b) { return MAX ? r_max_nan(a, b) : r_min_nan(a, b); }
    static __device__ __forceinline__ T finalize(T a, i64, i64, const RParams&) { return a; }
};

// argmax / argmin (first occurrence; the first NaN wins) and nanargmax / nanargmin (NaN skipped;
// -1 marks an all-NaN slice, which the host turns into an error).
template <class C> struct ArgAcc { C v; i64 i; };
template <class I, class C, bool MAX, bool NAN_SKIP> struct ArgOp {
    typedef ArgAcc<C> acc_t;
    static __device__ __forceinline__ acc_t identity() { acc_t a; a.v = r_zero<C>(); a.i = -1; return a; }
    static __device__ __forceinline__ acc_t map(I x, i64 idx, i64, const RParams&) {
        acc_t a; a.v = ld(x); a.i = (NAN_SKIP && r_isnan(a.v)) ? -1 : idx; return a;
    }
    static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) {
        if (a.i < 0) return b;
        if (b.i < 0) return a;
        acc_t first = a.i <= b.i ? a : b;
        if (!NAN_SKIP) {
            bool an = r_isnan(a.v), bn = r_isnan(b.v);
            if (an && bn) return first;
            if (an) return a;
            if (bn) return b;
        }
        bool bw = MAX ? r_gt(b.v, a.v) : r_lt(b.v, a.v);
        bool aw = MAX ? r_gt(a.v, b.v) : r_lt(a.v, b.v);
        return bw ? b : (aw ? a : first);
    }
    static __device__ __forceinline__ i64 finalize(acc_t a, i64, i64, const RParams&) { return a.i; }
};

// all (KIND 0) / any (1) / count_nonzero (2): the count of truthy elements.
template <class I, class O, int KIND> struct CountOp {
    typedef i64 acc_t;
    static __device__ __forceinline__ acc_t identity() { return 0; }
    static __device__ __forceinline__ acc_t map(I x, i64, i64, const RParams&) {
        return cast<bool>(ld(x)) ? 1 : 0;
    }
    static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) { return a + b; }
    static __device__ __forceinline__ O finalize(acc_t a, i64 n, i64, const RParams&) {
        return KIND == 0 ? cast<O>(a == n) : (KIND == 1 ? cast<O>(a > 0) : cast<O>(a));
    }
};

// ptp: max - min in the input dtype (integers wrap; VIA_DOUBLE for float16/bfloat16 so the
// difference rounds once).
template <class C> struct HiLo { C hi; C lo; int has; };
template <class T> __device__ __forceinline__ T r_ptp_sub(T a, T b) { return r_sub(a, b); }
template <class I, class C, bool VIA_DOUBLE> struct PtpOp {
    typedef HiLo<C> acc_t;
    static __device__ __forceinline__ acc_t identity() {
        acc_t a; a.hi = r_zero<C>(); a.lo = r_zero<C>(); a.has = 0; return a;
    }
    static __device__ __forceinline__ acc_t map(I x, i64, i64, const RParams&) {
        acc_t a; a.hi = ld(x); a.lo = a.hi; a.has = 1; return a;
    }
    static __device__ __forceinline__ acc_t combine(acc_t a, acc_t b) {
        if (!a.has) return b;
        if (!b.has) return a;
        acc_t r; r.has = 1;
        r.hi = (r_isnan(a.hi) || (!r_isnan(b.hi) && !r_gt(b.hi, a.hi))) ? a.hi : b.hi;
        r.lo = (r_isnan(a.lo) || (!r_isnan(b.lo) && !r_lt(b.lo, a.lo))) ? a.lo : b.lo;
        return r;
    }
    static __device__ __forceinline__ I finalize(acc_t a, i64, i64, const RParams&) {
        if (VIA_DOUBLE) return cast<I>(cast<double>(a.hi) - cast<double>(a.lo));
        return cast<I>(r_ptp_sub(a.hi, a.lo));
    }
};

// ---- warp / block combination ----
template <class T> __device__ __forceinline__ T r_shfl_down(T v, int d) {
    union U { T t; int w[(sizeof(T) + 3) / 4]; };
    U u;
    u.t = v;
#pragma unroll
    for (int k = 0; k < (int)((sizeof(T) + 3) / 4); ++k) u.w[k] = __shfl_down_sync(R_FULL, u.w[k], d);
    return u.t;
}

template <class OP> __device__ __forceinline__ typename OP::acc_t warp_reduce(typename OP::acc_t a) {
#pragma unroll
    for (int d = R_WARP / 2; d > 0; d >>= 1) a = OP::combine(a, r_shfl_down(a, d));
    return a;
}

// Combines one accumulator per thread of the block; the result is valid in thread 0.
// Every thread of the block must call it (it synchronizes).
template <class OP> __device__ __forceinline__ typename OP::acc_t block_reduce(typename OP::acc_t a) {
    __shared__ typename OP::acc_t sh[32];
    const int lane = threadIdx.x % R_WARP, warp = threadIdx.x / R_WARP;
    a = warp_reduce<OP>(a);
    if (lane == 0) sh[warp] = a;
    __syncthreads();
    const int nw = (blockDim.x + R_WARP - 1) / R_WARP;
    if (warp == 0) {
        a = lane < nw ? sh[lane] : OP::identity();
        a = warp_reduce<OP>(a);
    }
    __syncthreads();
    return a;
}

template <class T, int V> struct alignas(sizeof(T) * V) RVec { T v[V]; };

// Folds elements [0, n) of a contiguous run starting at `x` (element index `idx0` for the
// arg-reductions) handled by thread `t` of `nt` threads: vectors t, t+nt, ... then the tail.
// Vector loads need `x` aligned to V elements (the host checks).
template <class OP, int V>
__device__ __forceinline__ typename OP::acc_t fold_run(const IN_T* __restrict__ x, i64 n, i64 t, i64 nt,
                                                       i64 out, const RParams& p) {
    typedef typename OP::acc_t A;
    A acc = OP::identity();
    const RVec<IN_T, V>* xv = reinterpret_cast<const RVec<IN_T, V>*>(x);
    const i64 nv = n / V;
    i64 i = t;
    for (; i + 3 * nt < nv; i += 4 * nt) {
        RVec<IN_T, V> w[4];
#pragma unroll
        for (int u = 0; u < 4; ++u) w[u] = xv[i + u * nt];
#pragma unroll
        for (int u = 0; u < 4; ++u)
#pragma unroll
            for (int k = 0; k < V; ++k) acc = OP::combine(acc, OP::map(w[u].v[k], (i + u * nt) * V + k, out, p));
    }
    for (; i < nv; i += nt) {
        RVec<IN_T, V> w = xv[i];
#pragma unroll
        for (int k = 0; k < V; ++k) acc = OP::combine(acc, OP::map(w.v[k], i * V + k, out, p));
    }
    for (i64 e = nv * V + t; e < n; e += nt) acc = OP::combine(acc, OP::map(x[e], e, out, p));
    return acc;
}

// Full reduction, pass 1: one partial per block.
template <class OP, int V>
__device__ void all_pass1(const IN_T* __restrict__ x, i64 n, typename OP::acc_t* part, RParams p) {
    const i64 nt = (i64)gridDim.x * blockDim.x;
    const i64 t = (i64)blockIdx.x * blockDim.x + threadIdx.x;
    typename OP::acc_t a = fold_run<OP, V>(x, n, t, nt, 0, p);
    a = block_reduce<OP>(a);
    if (threadIdx.x == 0) part[blockIdx.x] = a;
}

// Full reduction, pass 2 (one block): combines the partials in a fixed order and finalizes.
template <class OP>
__device__ void all_pass2(const typename OP::acc_t* part, i64 nparts, OUT_T* out, i64 n, RParams p) {
    typename OP::acc_t a = OP::identity();
    for (i64 i = threadIdx.x; i < nparts; i += blockDim.x) a = OP::combine(a, part[i]);
    a = block_reduce<OP>(a);
    if (threadIdx.x == 0) out[0] = OP::finalize(a, n, 0, p);
}

// Row reduction, one block per row: out[r] = op(x[r*rs + 0 .. r*rs + cols]).
template <class OP, int V>
__device__ void rows_block(const IN_T* __restrict__ x, i64 rows, i64 cols, i64 rs, OUT_T* out, RParams p) {
    for (i64 r = blockIdx.x; r < rows; r += gridDim.x) {
        typename OP::acc_t a = fold_run<OP, V>(x + r * rs, cols, threadIdx.x, blockDim.x, r, p);
        a = block_reduce<OP>(a);
        if (threadIdx.x == 0) out[r] = OP::finalize(a, cols, r, p);
    }
}

// Row reduction, one warp per row (short rows).
template <class OP, int V>
__device__ void rows_warp(const IN_T* __restrict__ x, i64 rows, i64 cols, i64 rs, OUT_T* out, RParams p) {
    const i64 nw = (i64)gridDim.x * (blockDim.x / R_WARP);
    const int lane = threadIdx.x % R_WARP;
    for (i64 r = (i64)blockIdx.x * (blockDim.x / R_WARP) + threadIdx.x / R_WARP; r < rows; r += nw) {
        typename OP::acc_t a = fold_run<OP, V>(x + r * rs, cols, lane, R_WARP, r, p);
        a = warp_reduce<OP>(a);
        if (lane == 0) out[r] = OP::finalize(a, cols, r, p);
    }
}

// Column reduction, pass 1: x is [batch][rows][cols] with strides (bs, rs, 1); each thread owns
// V adjacent columns of one batch and one split of the rows (grid: column groups × splits ×
// batch) and writes one partial per column to part[(b*splits + split)*cols + c].
template <class OP, int V>
__device__ void cols_pass1(const IN_T* __restrict__ x, i64 rows, i64 cols, i64 rs, i64 bs, i64 rps,
                           typename OP::acc_t* part, RParams p) {
    typedef typename OP::acc_t A;
    const i64 c0 = ((i64)blockIdx.x * blockDim.x + threadIdx.x) * V;
    if (c0 >= cols) return;
    const i64 b = blockIdx.z, split = blockIdx.y, splits = gridDim.y;
    const i64 r0 = split * rps;
    const i64 r1 = r0 + rps < rows ? r0 + rps : rows;
    const IN_T* base = x + b * bs + c0;
    const i64 o0 = b * cols + c0;
    A acc[V];
#pragma unroll
    for (int k = 0; k < V; ++k) acc[k] = OP::identity();
    i64 r = r0;
    // eight rows in flight a thread (3936 against 3881 GB/s with four, 16384x8192 float32)
    for (; r + 8 <= r1; r += 8) {
        RVec<IN_T, V> w[8];
#pragma unroll
        for (int u = 0; u < 8; ++u) w[u] = *reinterpret_cast<const RVec<IN_T, V>*>(base + (r + u) * rs);
#pragma unroll
        for (int u = 0; u < 8; ++u)
#pragma unroll
            for (int k = 0; k < V; ++k) acc[k] = OP::combine(acc[k], OP::map(w[u].v[k], r + u, o0 + k, p));
    }
    for (; r < r1; ++r) {
        RVec<IN_T, V> w = *reinterpret_cast<const RVec<IN_T, V>*>(base + r * rs);
#pragma unroll
        for (int k = 0; k < V; ++k) acc[k] = OP::combine(acc[k], OP::map(w.v[k], r, o0 + k, p));
    }
    A* dst = part + (b * splits + split) * cols + c0;
#pragma unroll
    for (int k = 0; k < V; ++k) dst[k] = acc[k];
}

// Column reduction, pass 2: combines the splits of each (batch, column) in order and finalizes.
template <class OP>
__device__ void cols_pass2(const typename OP::acc_t* part, i64 splits, i64 cols, i64 nb, OUT_T* out,
                           i64 rows, RParams p) {
    const i64 t = (i64)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= nb * cols) return;
    const i64 b = t / cols, c = t - b * cols;
    typename OP::acc_t a = OP::identity();
    for (i64 s = 0; s < splits; ++s) a = OP::combine(a, part[(b * splits + s) * cols + c]);
    out[t] = OP::finalize(a, rows, t, p);
}

// ---- scans ----
// A C-contiguous array [outer][len][inner] scanned along `len`. ScanSpec gives the running
// operation in compute type C; ROUND re-reads each stored partial (float16/bfloat16 outputs
// round at every step, as NumPy's accumulate does).
template <class I, class C, class O, bool PROD, bool ROUND> struct ScanSpec {
    static __device__ __forceinline__ C init() { return PROD ? r_one<C>() : r_zero<C>(); }
    static __device__ __forceinline__ C step(C a, C x) { return PROD ? r_mul(a, x) : r_add(a, x); }
    static __device__ __forceinline__ C in(I x) { return cast<C>(ld(x)); }
    static __device__ __forceinline__ C store(O* y, C a) {
        O o = cast<O>(a);
        *y = o;
        return ROUND ? cast<C>(ld(o)) : a;
    }
};

// One thread per line (consecutive threads take consecutive `inner` positions: coalesced).
template <class S>
__device__ void scan_lines(const IN_T* __restrict__ x, OUT_T* __restrict__ y, i64 outer, i64 len, i64 inner) {
    const i64 t = (i64)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= outer * inner) return;
    const i64 o = t / inner, i = t - o * inner;
    const i64 base = o * len * inner + i;
    C_T a = S::init();
    for (i64 k = 0; k < len; ++k) {
        const i64 q = base + k * inner;
        a = S::store(y + q, S::step(a, S::in(x[q])));
    }
}

// Long lines: thread (line, chunk) scans its chunk and records the chunk total.
template <class S>
__device__ void scan_chunks1(const IN_T* __restrict__ x, OUT_T* __restrict__ y, i64 outer, i64 len, i64 inner,
                             i64 chunk, i64 nchunks, C_T* totals) {
    const i64 t = (i64)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= outer * inner * nchunks) return;
    const i64 line = t / nchunks, ch = t - line * nchunks;
    const i64 o = line / inner, i = line - o * inner;
    const i64 base = o * len * inner + i;
    const i64 k0 = ch * chunk;
    const i64 k1 = k0 + chunk < len ? k0 + chunk : len;
    C_T a = S::init();
    for (i64 k = k0; k < k1; ++k) {
        const i64 q = base + k * inner;
        a = S::store(y + q, S::step(a, S::in(x[q])));
    }
    totals[t] = a;
}

// Exclusive scan of each line's chunk totals, in place (one thread per line).
template <class S>
__device__ void scan_chunks2(C_T* totals, i64 nlines, i64 nchunks) {
    const i64 line = (i64)blockIdx.x * blockDim.x + threadIdx.x;
    if (line >= nlines) return;
    C_T run = S::init();
    for (i64 c = 0; c < nchunks; ++c) {
        C_T v = totals[line * nchunks + c];
        totals[line * nchunks + c] = run;
        run = S::step(run, v);
    }
}

// Applies each chunk's prefix to its elements.
template <class S>
__device__ void scan_chunks3(OUT_T* __restrict__ y, i64 outer, i64 len, i64 inner, i64 chunk, i64 nchunks,
                             const C_T* totals) {
    const i64 t = (i64)blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= outer * inner * nchunks) return;
    const i64 line = t / nchunks, ch = t - line * nchunks;
    if (ch == 0) return;
    const i64 o = line / inner, i = line - o * inner;
    const i64 base = o * len * inner + i;
    const i64 k0 = ch * chunk;
    const i64 k1 = k0 + chunk < len ? k0 + chunk : len;
    const C_T pre = totals[t];
    for (i64 k = k0; k < k1; ++k) {
        const i64 q = base + k * inner;
        S::store(y + q, S::step(pre, cast<C_T>(ld(y[q]))));
    }
}
