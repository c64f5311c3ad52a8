// cuprum-sparse: NVRTC kernels for the sparse formats (after common.cuh and math.cuh).
//
// Compiled once per (value type, index type) with
//   -DSP_T=<storage type of the values>   (ext::c_type: bool, i8 ... u64, f16, bf16, float, double, c64, c128)
//   -DSP_I=<index type>                   (i32 or i64)
// Every length and position is 64-bit; grid-stride loops cover any size.
//
// Arithmetic (SpAcc): integers wrap (computed in u32/u64), float16/bfloat16 accumulate in float,
// bool multiplies as AND and sums as OR -- the same as the Rust CPU kernels (kernels/cpu.rs).

template <class T, int W = sizeof(T)> struct SpAcc {  // integers
    typedef typename Unsigned<T>::t U0;
    typedef u32 A;
    static __device__ __forceinline__ A zero() { return 0u; }
    static __device__ __forceinline__ A fma(A acc, T a, T b) { return acc + (u32)(U0)a * (u32)(U0)b; }
    static __device__ __forceinline__ A add(A acc, T a) { return acc + (u32)(U0)a; }
    static __device__ __forceinline__ A add2(A x, A y) { return x + y; }
    static __device__ __forceinline__ T fin(A acc) { return (T)(U0)acc; }
    static __device__ __forceinline__ bool is_zero(T v) { return v == (T)0; }
};
template <class T> struct SpAcc<T, 8> {  // 64-bit integers
    typedef u64 A;
    static __device__ __forceinline__ A zero() { return 0ull; }
    static __device__ __forceinline__ A fma(A acc, T a, T b) { return acc + (u64)a * (u64)b; }
    static __device__ __forceinline__ A add(A acc, T a) { return acc + (u64)a; }
    static __device__ __forceinline__ A add2(A x, A y) { return x + y; }
    static __device__ __forceinline__ T fin(A acc) { return (T)acc; }
    static __device__ __forceinline__ bool is_zero(T v) { return v == (T)0; }
};
template <> struct SpAcc<bool, 1> {
    typedef u32 A;
    static __device__ __forceinline__ A zero() { return 0u; }
    static __device__ __forceinline__ A fma(A acc, bool a, bool b) { return acc | (u32)(a && b); }
    static __device__ __forceinline__ A add(A acc, bool a) { return acc | (u32)a; }
    static __device__ __forceinline__ A add2(A x, A y) { return x | y; }
    static __device__ __forceinline__ bool fin(A acc) { return acc != 0u; }
    static __device__ __forceinline__ bool is_zero(bool v) { return !v; }
};
template <> struct SpAcc<float, 4> {
    typedef float A;
    static __device__ __forceinline__ A zero() { return 0.0f; }
    static __device__ __forceinline__ A fma(A acc, float a, float b) { return ::fmaf(a, b, acc); }
    static __device__ __forceinline__ A add(A acc, float a) { return acc + a; }
    static __device__ __forceinline__ A add2(A x, A y) { return x + y; }
    static __device__ __forceinline__ float fin(A acc) { return acc; }
    static __device__ __forceinline__ bool is_zero(float v) { return v == 0.0f; }
};
template <> struct SpAcc<double, 8> {
    typedef double A;
    static __device__ __forceinline__ A zero() { return 0.0; }
    static __device__ __forceinline__ A fma(A acc, double a, double b) { return ::fma(a, b, acc); }
    static __device__ __forceinline__ A add(A acc, double a) { return acc + a; }
    static __device__ __forceinline__ A add2(A x, A y) { return x + y; }
    static __device__ __forceinline__ double fin(A acc) { return acc; }
    static __device__ __forceinline__ bool is_zero(double v) { return v == 0.0; }
};
template <> struct SpAcc<f16, 2> {
    typedef float A;
    static __device__ __forceinline__ A zero() { return 0.0f; }
    static __device__ __forceinline__ A fma(A acc, f16 a, f16 b) { return acc + ld(a) * ld(b); }
    static __device__ __forceinline__ A add(A acc, f16 a) { return acc + ld(a); }
    static __device__ __forceinline__ A add2(A x, A y) { return x + y; }
    static __device__ __forceinline__ f16 fin(A acc) { return Cast<f16>::from(acc); }
    static __device__ __forceinline__ bool is_zero(f16 v) { return ld(v) == 0.0f; }
};
template <> struct SpAcc<bf16, 2> {
    typedef float A;
    static __device__ __forceinline__ A zero() { return 0.0f; }
    static __device__ __forceinline__ A fma(A acc, bf16 a, bf16 b) { return acc + ld(a) * ld(b); }
    static __device__ __forceinline__ A add(A acc, bf16 a) { return acc + ld(a); }
    static __device__ __forceinline__ A add2(A x, A y) { return x + y; }
    static __device__ __forceinline__ bf16 fin(A acc) { return Cast<bf16>::from(acc); }
    static __device__ __forceinline__ bool is_zero(bf16 v) { return ld(v) == 0.0f; }
};
template <> struct SpAcc<c64, 8> {
    typedef c64 A;
    static __device__ __forceinline__ A zero() { return mk(0.0f, 0.0f); }
    static __device__ __forceinline__ A fma(A acc, c64 a, c64 b) {
        return mk(acc.re + (a.re * b.re - a.im * b.im), acc.im + (a.re * b.im + a.im * b.re));
    }
    static __device__ __forceinline__ A add(A acc, c64 a) { return mk(acc.re + a.re, acc.im + a.im); }
    static __device__ __forceinline__ A add2(A x, A y) { return mk(x.re + y.re, x.im + y.im); }
    static __device__ __forceinline__ c64 fin(A acc) { return acc; }
    static __device__ __forceinline__ bool is_zero(c64 v) { return v.re == 0.0f && v.im == 0.0f; }
};
template <> struct SpAcc<c128, 16> {
    typedef c128 A;
    static __device__ __forceinline__ A zero() { return mk(0.0, 0.0); }
    static __device__ __forceinline__ A fma(A acc, c128 a, c128 b) {
        return mk(acc.re + (a.re * b.re - a.im * b.im), acc.im + (a.re * b.im + a.im * b.re));
    }
    static __device__ __forceinline__ A add(A acc, c128 a) { return mk(acc.re + a.re, acc.im + a.im); }
    static __device__ __forceinline__ A add2(A x, A y) { return mk(x.re + y.re, x.im + y.im); }
    static __device__ __forceinline__ c128 fin(A acc) { return acc; }
    static __device__ __forceinline__ bool is_zero(c128 v) { return v.re == 0.0 && v.im == 0.0; }
};

// warp shuffles of the accumulator types
__device__ __forceinline__ u32 sp_shfl(u32 v, int d, int w) { return __shfl_down_sync(0xffffffffu, v, d, w); }
__device__ __forceinline__ u64 sp_shfl(u64 v, int d, int w) {
    return (u64)__shfl_down_sync(0xffffffffu, (unsigned long long)v, d, w);
}
__device__ __forceinline__ float sp_shfl(float v, int d, int w) { return __shfl_down_sync(0xffffffffu, v, d, w); }
__device__ __forceinline__ double sp_shfl(double v, int d, int w) { return __shfl_down_sync(0xffffffffu, v, d, w); }
__device__ __forceinline__ c64 sp_shfl(c64 v, int d, int w) {
    return mk(__shfl_down_sync(0xffffffffu, v.re, d, w), __shfl_down_sync(0xffffffffu, v.im, d, w));
}
__device__ __forceinline__ c128 sp_shfl(c128 v, int d, int w) {
    return mk(__shfl_down_sync(0xffffffffu, v.re, d, w), __shfl_down_sync(0xffffffffu, v.im, d, w));
}

typedef SpAcc<SP_T> Ar;
typedef Ar::A AccT;

// Each kernel group is compiled on its own (-DSP_GROUP=n, chosen by the caller from the kernel's
// name): a module holds only the kernels of one group, so that the first use of a dtype does not
// compile every kernel of this file.
#if SP_GROUP == 1  // products
// y[i] = sum_k data[k] * x[idx[k]] over the slice of row i; SP_V threads (a power of two <= 32)
// per row. An index outside [0, n) or a malformed slice sets *err (and is skipped): no read
// outside the buffers.
extern "C" __global__ void sp_csrmv(const SP_I* __restrict__ indptr, const SP_I* __restrict__ idx,
                                    const SP_T* __restrict__ data, const SP_T* __restrict__ x,
                                    SP_T* __restrict__ y, i64 m, i64 n, i64 nnz, int* err) {
    const int lane = threadIdx.x % SP_V;
    const i64 groups = ((i64)gridDim.x * blockDim.x) / SP_V;
    // every lane of a warp runs the same number of iterations (shuffles need the full mask)
    i64 first = ((i64)blockIdx.x * blockDim.x + threadIdx.x) / SP_V;
    i64 iters = (m + groups - 1) / groups;
    for (i64 it = 0; it < iters; ++it) {
        i64 i = first + it * groups;
        AccT acc = Ar::zero();
        if (i < m) {
            i64 s = (i64)indptr[i], e = (i64)indptr[i + 1];
            if (s < 0 || e < s || e > nnz) {
                if (lane == 0) atomicExch(err, 2);
                s = e = 0;
            }
            for (i64 k = s + lane; k < e; k += SP_V) {
                i64 j = (i64)idx[k];
                if (j < 0 || j >= n) {
                    atomicExch(err, 1);
                    continue;
                }
                acc = Ar::fma(acc, data[k], x[j]);
            }
        }
        for (int d = SP_V / 2; d > 0; d /= 2) acc = Ar::add2(acc, sp_shfl(acc, d, SP_V));
        if (i < m && lane == 0) y[i] = Ar::fin(acc);
    }
}

// y = A x by row blocks staged through shared memory (CSR-stream): block b takes SP_RB rows; when
// their entries fit SP_SH slots, the block's threads compute the products data[k] * x[idx[k]] of
// the whole block's entry range with consecutive threads on consecutive entries (coalesced loads
// of data and idx, whatever the row lengths), then each thread sums its own row's products in
// order. A block with more entries (long rows) is done a warp per row. Launched with SP_RB
// threads a block. An index outside [0, n) or a malformed slice sets *err and is skipped.
#ifndef SP_RB
#define SP_RB 256
#endif
#define SP_SH (SP_RB * 8)
extern "C" __global__ void __launch_bounds__(SP_RB) sp_csrmv_stream(
    const SP_I* __restrict__ indptr, const SP_I* __restrict__ idx, const SP_T* __restrict__ data,
    const SP_T* __restrict__ x, SP_T* __restrict__ y, i64 m, i64 n, i64 nnz, int* err) {
    __shared__ AccT prod[SP_SH];
    const int t = threadIdx.x;
    for (i64 r0 = (i64)blockIdx.x * SP_RB; r0 < m; r0 += (i64)gridDim.x * SP_RB) {
        const i64 r1 = r0 + SP_RB < m ? r0 + SP_RB : m;
        const i64 b = (i64)indptr[r0], e = (i64)indptr[r1];
        if (b < 0 || e < b || e > nnz) {
            if (t == 0) atomicExch(err, 2);
            continue;  // uniform across the block: every thread read the same b, e
        }
        if (e - b <= SP_SH) {
            for (i64 k = b + t; k < e; k += SP_RB) {
                const i64 j = (i64)idx[k];
                if (j < 0 || j >= n) {
                    atomicExch(err, 1);
                    prod[k - b] = Ar::zero();
                } else {
                    prod[k - b] = Ar::fma(Ar::zero(), data[k], x[j]);
                }
            }
            __syncthreads();
            const i64 r = r0 + t;
            if (r < r1) {
                i64 s = (i64)indptr[r] - b, f = (i64)indptr[r + 1] - b;
                if (s < 0 || f < s || f > e - b) {
                    atomicExch(err, 2);
                    s = f = 0;
                }
                AccT acc = Ar::zero();
                for (i64 q = s; q < f; ++q) acc = Ar::add2(acc, prod[q]);
                y[r] = Ar::fin(acc);
            }
            __syncthreads();
        } else {
            const int lane = t & 31, w = t >> 5;
            for (i64 r = r0 + w; r < r1; r += SP_RB / 32) {
                i64 s = (i64)indptr[r], f = (i64)indptr[r + 1];
                if (s < b || f < s || f > e) {
                    if (lane == 0) atomicExch(err, 2);
                    s = f = 0;
                }
                AccT acc = Ar::zero();
                for (i64 k = s + lane; k < f; k += 32) {
                    const i64 j = (i64)idx[k];
                    if (j < 0 || j >= n) {
                        atomicExch(err, 1);
                        continue;
                    }
                    acc = Ar::fma(acc, data[k], x[j]);
                }
                for (int d = 16; d > 0; d /= 2) acc = Ar::add2(acc, sp_shfl(acc, d, 32));
                if (lane == 0) y[r] = Ar::fin(acc);
            }
        }
    }
}

// Y[i, c] = sum_k data[k] * X[idx[k], c] for a C-contiguous X (n, kcols) and Y (m, kcols);
// one thread per (i, c).
extern "C" __global__ void sp_csrmm(const SP_I* __restrict__ indptr, const SP_I* __restrict__ idx,
                                    const SP_T* __restrict__ data, const SP_T* __restrict__ x,
                                    SP_T* __restrict__ y, i64 m, i64 n, i64 kcols, i64 nnz, int* err) {
    const i64 total = m * kcols;
    for (i64 t = (i64)blockIdx.x * blockDim.x + threadIdx.x; t < total; t += (i64)gridDim.x * blockDim.x) {
        // 32-bit division when it fits (a 64-bit one costs several times more)
        i64 i = (total <= 0xffffffffll) ? (i64)((unsigned)t / (unsigned)kcols) : t / kcols;
        i64 c = t - i * kcols;
        i64 s = (i64)indptr[i], e = (i64)indptr[i + 1];
        if (s < 0 || e < s || e > nnz) {
            atomicExch(err, 2);
            s = e = 0;
        }
        AccT acc = Ar::zero();
        for (i64 k = s; k < e; ++k) {
            i64 j = (i64)idx[k];
            if (j < 0 || j >= n) {
                atomicExch(err, 1);
                continue;
            }
            acc = Ar::fma(acc, data[k], x[j * kcols + c]);
        }
        y[t] = Ar::fin(acc);
    }
}

#endif
#if SP_GROUP == 2  // structural: expand, check, keys, runs, indptr, SpGEMM expand-sort-compress
// rows[k] = i for every k in slice i (the major index of each stored entry)
extern "C" __global__ void sp_expand_rows(const SP_I* __restrict__ indptr, i64* __restrict__ rows, i64 m,
                                          i64 nnz, int* err) {
    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < m; i += (i64)gridDim.x * blockDim.x) {
        i64 s = (i64)indptr[i], e = (i64)indptr[i + 1];
        if (s < 0 || e < s || e > nnz) {
            atomicExch(err, 2);
            continue;
        }
        for (i64 k = s; k < e; ++k) rows[k] = i;
    }
}

// bounds of COO coordinates (row in [0, m), col in [0, n)); err = 1 for a bad row, 3 for a bad column
extern "C" __global__ void sp_check_coo(const SP_I* __restrict__ row, const SP_I* __restrict__ col, i64 nnz,
                                        i64 m, i64 n, int* err) {
    for (i64 k = (i64)blockIdx.x * blockDim.x + threadIdx.x; k < nnz; k += (i64)gridDim.x * blockDim.x) {
        i64 r = (i64)row[k], c = (i64)col[k];
        if (r < 0 || r >= m) atomicExch(err, 1);
        else if (c < 0 || c >= n) atomicExch(err, 3);
    }
}

// key[k] = row[k] * n + col[k] (the caller made sure m * n fits in i64)
extern "C" __global__ void sp_keys(const SP_I* __restrict__ row, const SP_I* __restrict__ col, i64* __restrict__ key,
                                   i64 nnz, i64 n) {
    for (i64 k = (i64)blockIdx.x * blockDim.x + threadIdx.x; k < nnz; k += (i64)gridDim.x * blockDim.x)
        key[k] = (i64)row[k] * n + (i64)col[k];
}

// flags[k] = 1 where entry k starts a run of equal (row, col) in sorted order
extern "C" __global__ void sp_run_starts(const i64* __restrict__ row, const i64* __restrict__ col,
                                         unsigned char* __restrict__ flags, i64 nnz) {
    for (i64 k = (i64)blockIdx.x * blockDim.x + threadIdx.x; k < nnz; k += (i64)gridDim.x * blockDim.x)
        flags[k] = (k == 0 || row[k] != row[k - 1] || col[k] != col[k - 1]) ? 1 : 0;
}

// out[r] = sum of vals[starts[r] .. starts[r+1]) (starts has runs + 1 entries)
extern "C" __global__ void sp_run_sums(const i64* __restrict__ starts, const SP_T* __restrict__ vals,
                                       SP_T* __restrict__ out, i64 runs) {
    for (i64 r = (i64)blockIdx.x * blockDim.x + threadIdx.x; r < runs; r += (i64)gridDim.x * blockDim.x) {
        i64 s = starts[r], e = starts[r + 1];
        if (e - s == 1) {
            out[r] = vals[s];
        } else {
            AccT acc = Ar::zero();
            for (i64 k = s; k < e; ++k) acc = Ar::add(acc, vals[k]);
            out[r] = Ar::fin(acc);
        }
    }
}

// keep[k] = data[k] != 0
extern "C" __global__ void sp_nonzero_mask(const SP_T* __restrict__ data, unsigned char* __restrict__ keep, i64 nnz) {
    for (i64 k = (i64)blockIdx.x * blockDim.x + threadIdx.x; k < nnz; k += (i64)gridDim.x * blockDim.x)
        keep[k] = Ar::is_zero(data[k]) ? 0 : 1;
}

// indptr[i] = first position k with rows[k] >= i, for i in 0..=m (rows sorted, i64)
extern "C" __global__ void sp_indptr(const i64* __restrict__ rows, i64 nnz, SP_I* __restrict__ indptr, i64 m) {
    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i <= m; i += (i64)gridDim.x * blockDim.x) {
        i64 lo = 0, hi = nnz;
        while (lo < hi) {
            i64 mid = lo + (hi - lo) / 2;
            if (rows[mid] < i) lo = mid + 1;
            else hi = mid;
        }
        indptr[i] = (SP_I)lo;
    }
}

// SpGEMM by expand-sort-compress: counts[i] = number of products of row i of A with B
extern "C" __global__ void sp_gemm_count(const SP_I* __restrict__ ap, const SP_I* __restrict__ ai,
                                         const SP_I* __restrict__ bp, i64* __restrict__ counts, i64 m, i64 k,
                                         i64 annz, i64 bnnz, int* err) {
    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < m; i += (i64)gridDim.x * blockDim.x) {
        i64 s = (i64)ap[i], e = (i64)ap[i + 1];
        i64 c = 0;
        if (s < 0 || e < s || e > annz) {
            atomicExch(err, 2);
            s = e = 0;
        }
        for (i64 q = s; q < e; ++q) {
            i64 t = (i64)ai[q];
            if (t < 0 || t >= k) {
                atomicExch(err, 1);
                continue;
            }
            i64 bs = (i64)bp[t], be = (i64)bp[t + 1];
            if (bs < 0 || be < bs || be > bnnz) {
                atomicExch(err, 2);
                continue;
            }
            c += be - bs;
        }
        counts[i] = c;
    }
}

// the products of row i at offs[i] (offs: inclusive prefix sums of counts, so row i starts at
// offs[i] - counts[i]): rows, cols and values (in SP_T, the result dtype)
extern "C" __global__ void sp_gemm_expand(const SP_I* __restrict__ ap, const SP_I* __restrict__ ai,
                                          const SP_T* __restrict__ ad, const SP_I* __restrict__ bp,
                                          const SP_I* __restrict__ bi, const SP_T* __restrict__ bd,
                                          const i64* __restrict__ counts, const i64* __restrict__ offs,
                                          i64* __restrict__ rows, i64* __restrict__ cols, SP_T* __restrict__ vals,
                                          i64 m, i64 k, i64 n, i64 annz, i64 bnnz, int* err) {
    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < m; i += (i64)gridDim.x * blockDim.x) {
        i64 p = offs[i] - counts[i];
        i64 s = (i64)ap[i], e = (i64)ap[i + 1];
        if (s < 0 || e < s || e > annz) continue;  // reported by sp_gemm_count
        for (i64 q = s; q < e; ++q) {
            i64 t = (i64)ai[q];
            if (t < 0 || t >= k) continue;
            i64 bs = (i64)bp[t], be = (i64)bp[t + 1];
            if (bs < 0 || be < bs || be > bnnz) continue;
            SP_T a = ad[q];
            for (i64 l = bs; l < be; ++l) {
                i64 j = (i64)bi[l];
                if (j < 0 || j >= n) {
                    atomicExch(err, 3);
                    j = 0;
                }
                rows[p] = i;
                cols[p] = j;
                vals[p] = Ar::fin(Ar::fma(Ar::zero(), a, bd[l]));
                ++p;
            }
        }
    }
}

// key[k] = rows[k] * n + cols[k] for i64 rows/cols (m * n fits in i64)
extern "C" __global__ void sp_keys64(const i64* __restrict__ row, const i64* __restrict__ col, i64* __restrict__ key,
                                     i64 nnz, i64 n) {
    for (i64 k = (i64)blockIdx.x * blockDim.x + threadIdx.x; k < nnz; k += (i64)gridDim.x * blockDim.x)
        key[k] = row[k] * n + col[k];
}

#endif
#if SP_GROUP == 3  // the iterative solvers' vector updates
// out = y + a * x for real float vectors (SP_T float or double; the kernel exists for every
// SP_T of this file but is launched only for those two): `a` read from the device (a 0-d
// array) when a_ptr is not null, else the value av; divided by the device scalar d_ptr[0] when
// d_ptr is not null (a ratio of two reductions: the Krylov solvers' alpha and beta), negated
// when neg; division, multiply and add each rounded to SP_T (no FMA contraction), as the
// unfused divide, negative, multiply and add give.
template <class T> struct SpAxpy {
    static __device__ __forceinline__ T run(const T*, double, const T*, i64, T y, T) { return y; }
};
template <> struct SpAxpy<float> {
    static __device__ __forceinline__ float run(const float* ap, double av, const float* dp, i64 neg, float y,
                                                float x) {
        float a = ap ? ap[0] : (float)av;
        if (dp) a = __fdiv_rn(a, dp[0]);
        if (neg) a = -a;
        return __fadd_rn(y, __fmul_rn(a, x));
    }
};
template <> struct SpAxpy<double> {
    static __device__ __forceinline__ double run(const double* ap, double av, const double* dp, i64 neg, double y,
                                                 double x) {
        double a = ap ? ap[0] : av;
        if (dp) a = __ddiv_rn(a, dp[0]);
        if (neg) a = -a;
        return __dadd_rn(y, __dmul_rn(a, x));
    }
};
extern "C" __global__ void sp_axpy(const SP_T* __restrict__ a_ptr, double av, const SP_T* __restrict__ d_ptr,
                                   i64 neg, const SP_T* __restrict__ x, const SP_T* __restrict__ y,
                                   SP_T* __restrict__ out, i64 n) {
    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (i64)gridDim.x * blockDim.x)
        out[i] = SpAxpy<SP_T>::run(a_ptr, av, d_ptr, neg, y[i], x[i]);
}

// cg's update without a preconditioner in one pass (SP_T float or double; the kernel exists for
// every SP_T of this file but is launched only for those two): a = rho / pq (device scalars),
// xo = x + a p, ro = r - a q, each step rounded to SP_T as the unfused divide, multiply and add
// give; and the sum of ro * ro of each block (in double, blockDim 256) into partials[block],
// added up by sp_sum_partials (one block) into out[0]: the next iteration's rho = r.r.
template <class T> struct SpCg {
    static __device__ __forceinline__ T ratio(const T*, const T*) { return T(); }
    static __device__ __forceinline__ double step(T, T, T, T, T, T&, T&) { return 0.0; }
    static __device__ __forceinline__ void store(T*, double) {}
};
template <> struct SpCg<float> {
    static __device__ __forceinline__ float ratio(const float* a, const float* b) { return __fdiv_rn(a[0], b[0]); }
    static __device__ __forceinline__ double step(float a, float p, float q, float x, float r, float& xo, float& ro) {
        xo = __fadd_rn(x, __fmul_rn(a, p));
        ro = __fadd_rn(r, __fmul_rn(-a, q));
        return (double)ro * (double)ro;
    }
    static __device__ __forceinline__ void store(float* o, double v) { o[0] = (float)v; }
};
template <> struct SpCg<double> {
    static __device__ __forceinline__ double ratio(const double* a, const double* b) { return __ddiv_rn(a[0], b[0]); }
    static __device__ __forceinline__ double step(double a, double p, double q, double x, double r, double& xo,
                                                  double& ro) {
        xo = __dadd_rn(x, __dmul_rn(a, p));
        ro = __dadd_rn(r, __dmul_rn(-a, q));
        return __dmul_rn(ro, ro);
    }
    static __device__ __forceinline__ void store(double* o, double v) { o[0] = v; }
};
__device__ __forceinline__ double sp_block_sum256(double v) {
    __shared__ double sh[256];
    sh[threadIdx.x] = v;
    __syncthreads();
    for (int w = 128; w > 0; w >>= 1) {
        if ((int)threadIdx.x < w) sh[threadIdx.x] += sh[threadIdx.x + w];
        __syncthreads();
    }
    return sh[0];
}
extern "C" __global__ void __launch_bounds__(256) sp_cg_step(const SP_T* __restrict__ rho, const SP_T* __restrict__ pq,
                                        const SP_T* __restrict__ p, const SP_T* __restrict__ q,
                                        const SP_T* __restrict__ x, const SP_T* __restrict__ r,
                                        SP_T* __restrict__ xo, SP_T* __restrict__ ro,
                                        double* __restrict__ partials, i64 n,
                                        const double* __restrict__ state) {
    if (state && state[1] >= 0.0) {  // the test has passed: x and r stay as they are
        for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (i64)gridDim.x * blockDim.x) {
            xo[i] = x[i];
            ro[i] = r[i];
        }
        return;
    }
    const SP_T a = SpCg<SP_T>::ratio(rho, pq);
    double acc = 0.0;
    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < n; i += (i64)gridDim.x * blockDim.x)
        acc += SpCg<SP_T>::step(a, p[i], q[i], x[i], r[i], xo[i], ro[i]);
    double t = sp_block_sum256(acc);
    if (threadIdx.x == 0) partials[blockIdx.x] = t;
}
// the blocks' partial sums added in order into out[0]; with state ([atol, iteration, info]),
// the host's convergence test on it: sqrt of the stored r'r (rounding-negative as 0) NaN or
// infinite gives info -10, <= atol info 0, recorded with iteration it + 1; nothing is written
// once a verdict is recorded
extern "C" __global__ void __launch_bounds__(256) sp_sum_partials(const double* __restrict__ partials, i64 nb,
                                                                  SP_T* __restrict__ out,
                                                                  double* __restrict__ state, i64 it) {
    if (state && state[1] >= 0.0) return;  // uniform: every thread reads the same flag
    double acc = 0.0;
    for (i64 b = threadIdx.x; b < nb; b += blockDim.x) acc += partials[b];
    double t = sp_block_sum256(acc);
    if (threadIdx.x == 0) {
        SpCg<SP_T>::store(out, t);
        if (state) {
            const double rr = (double)out[0];
            const double rn = rr < 0.0 ? 0.0 : sqrt(rr);
            if (isnan(rn) || isinf(rn)) {
                state[2] = -10.0;
                state[1] = (double)(it + 1);
            } else if (rn <= state[0]) {
                state[2] = 0.0;
                state[1] = (double)(it + 1);
            }
        }
    }
}

#endif
#if SP_GROUP == 4  // row-merge SpGEMM
// SpGEMM by row merge, for B with sorted, duplicate-free rows (canonical) and rows of A with at
// most SP_MERGE_CAP entries: row i of C is the merge of the rows of B that row i of A selects,
// each column summed over A's entries in their stored order (SciPy's csr_matmat order, the
// accumulation of the CPU kernel), exact zeros dropped. No intermediate products are stored,
// and the merge state (SP_MERGE_CAP heads) lives in registers: every loop over the heads is
// unrolled, so no array is indexed at run time.
// write == 0: counts[i] = the entries of row i of C; a row of A longer than the cap, or one
// with more than SP_MERGE_MAXP products, sets *lng (the caller takes another path).
// write == 1: row i at offs[i] - counts[i] (offs: inclusive prefix sums of counts), and
// cp[i + 1] = offs[i], cp[0] = 0 (cp: the indptr of C, in SP_I).
// Malformed operands set *err as sp_gemm_count does in the counting pass (the caller reads
// the flag and stops before writing).
#define SP_MERGE_CAP 8
#define SP_MERGE_MAXP 4096
extern "C" __global__ void sp_gemm_merge(const SP_I* __restrict__ ap, const SP_I* __restrict__ ai,
                                         const SP_T* __restrict__ ad, const SP_I* __restrict__ bp,
                                         const SP_I* __restrict__ bi, const SP_T* __restrict__ bd,
                                         i64* __restrict__ counts, const i64* __restrict__ offs,
                                         SP_I* __restrict__ cp, SP_I* __restrict__ ci, SP_T* __restrict__ cd,
                                         i64 m, i64 k, i64 n, i64 annz, i64 bnnz, int write, int* err,
                                         int* lng) {
    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < m; i += (i64)gridDim.x * blockDim.x) {
        if (write && i == 0) cp[0] = (SP_I)0;
        i64 s = (i64)ap[i], e = (i64)ap[i + 1];
        if (s < 0 || e < s || e > annz) {
            if (!write) {
                atomicExch(err, 2);
                counts[i] = 0;
            } else {
                cp[i + 1] = (SP_I)offs[i];
            }
            continue;
        }
        if (e - s > SP_MERGE_CAP) {
            if (!write) {
                atomicExch(lng, 1);
                counts[i] = 0;
            }
            continue;
        }
        const int len = (int)(e - s);
        // head q: the rest of row ai[s + q] of B is [pos, end), hd its next column
        i64 pos[SP_MERGE_CAP], end[SP_MERGE_CAP], hd[SP_MERGE_CAP];
        SP_T av[SP_MERGE_CAP];
        i64 prods = 0;
#pragma unroll
        for (int q = 0; q < SP_MERGE_CAP; ++q) {
            pos[q] = end[q] = hd[q] = 0;
            av[q] = Ar::fin(Ar::zero());  // any value: the head is empty
            if (q < len) {
                i64 t = (i64)ai[s + q];
                if (t < 0 || t >= k) {
                    if (!write) atomicExch(err, 1);
                } else {
                    i64 bs = (i64)bp[t], be = (i64)bp[t + 1];
                    if (bs < 0 || be < bs || be > bnnz) {
                        if (!write) atomicExch(err, 2);
                    } else {
                        pos[q] = bs;
                        end[q] = be;
                        hd[q] = bs < be ? (i64)bi[bs] : 0;
                        av[q] = ad[s + q];
                        prods += be - bs;
                    }
                }
            }
        }
        if (prods > SP_MERGE_MAXP) {
            if (!write) {
                atomicExch(lng, 1);
                counts[i] = 0;
            }
            continue;
        }
        i64 p = write ? offs[i] - counts[i] : 0;
        i64 c = 0;
        for (;;) {
            // the smallest head column; a head outside [0, n) ends the row and is reported
            i64 mn = n;
            bool bad = false;
#pragma unroll
            for (int q = 0; q < SP_MERGE_CAP; ++q) {
                if (pos[q] < end[q]) {
                    if (hd[q] < 0 || hd[q] >= n) bad = true;
                    else if (hd[q] < mn) mn = hd[q];
                }
            }
            if (bad) {
                if (!write) atomicExch(err, 3);
                break;
            }
            if (mn == n) break;
            AccT acc = Ar::zero();
#pragma unroll
            for (int q = 0; q < SP_MERGE_CAP; ++q) {
                if (pos[q] < end[q] && hd[q] == mn) {
                    acc = Ar::fma(acc, av[q], bd[pos[q]]);
                    ++pos[q];
                    hd[q] = pos[q] < end[q] ? (i64)bi[pos[q]] : 0;
                }
            }
            SP_T v = Ar::fin(acc);
            if (!Ar::is_zero(v)) {
                if (write) {
                    ci[p] = (SP_I)mn;
                    cd[p] = v;
                    ++p;
                }
                ++c;
            }
        }
        if (write) cp[i + 1] = (SP_I)offs[i];
        else counts[i] = c;
    }
}

#endif
#if SP_GROUP == 5  // COO -> CSR by row buckets
// COO -> CSR by counting rows (rows of at most SP_COO_CAP entries; the caller checks the
// longest): sp_coo_hist counts each row's entries (counts zeroed by the caller, coordinates
// checked by sp_check_coo), sp_coo_scatter puts each entry's position k in its row's bucket
// of perm (bucket order arbitrary), sp_coo_rows sorts a row's bucket by (col, k) -- so that
// duplicates add in their stored order, as the stable sort path does -- and, write == 0,
// counts its distinct columns into ucounts[i]; write == 1 writes them at uoffs[i] - ucounts[i]
// with the sums of their duplicates, and cp[i + 1] = uoffs[i], cp[0] = 0.
#define SP_COO_CAP 64
extern "C" __global__ void sp_coo_hist(const i64* __restrict__ row, i64 nnz, unsigned long long* counts) {
    for (i64 k = (i64)blockIdx.x * blockDim.x + threadIdx.x; k < nnz; k += (i64)gridDim.x * blockDim.x)
        atomicAdd(&counts[row[k]], 1ull);
}
extern "C" __global__ void sp_coo_scatter(const i64* __restrict__ row, i64 nnz, const i64* __restrict__ counts,
                                          const i64* __restrict__ offs, unsigned long long* cursor,
                                          i64* __restrict__ perm) {
    for (i64 k = (i64)blockIdx.x * blockDim.x + threadIdx.x; k < nnz; k += (i64)gridDim.x * blockDim.x) {
        i64 r = row[k];
        perm[offs[r] - counts[r] + (i64)atomicAdd(&cursor[r], 1ull)] = k;
    }
}
extern "C" __global__ void sp_coo_rows(const i64* __restrict__ col, const SP_T* __restrict__ vals,
                                       const i64* __restrict__ counts, const i64* __restrict__ offs,
                                       const i64* __restrict__ perm, i64* __restrict__ ucounts,
                                       const i64* __restrict__ uoffs, SP_I* __restrict__ cp, SP_I* __restrict__ ci,
                                       SP_T* __restrict__ cd, i64 m, int write) {
    i64 cs[SP_COO_CAP], ks[SP_COO_CAP];
    for (i64 i = (i64)blockIdx.x * blockDim.x + threadIdx.x; i < m; i += (i64)gridDim.x * blockDim.x) {
        if (write && i == 0) cp[0] = (SP_I)0;
        i64 len = counts[i];
        if (len > SP_COO_CAP) len = SP_COO_CAP;  // the caller took the other path
        i64 s = offs[i] - counts[i];
        // no unrolling (here and below): len is bounded by SP_COO_CAP, and NVRTC unrolled these
        // loops into ~640 KB modules that took 10-30 s each to compile (rolled: 12 KB, 0.3 s, and
        // no slower, docs/benchmarks/h200-sparse.md)
#pragma unroll 1
        for (int q = 0; q < len; ++q) {
            i64 k = perm[s + q];
            i64 c = col[k];
            int j = q;
#pragma unroll 1
            while (j > 0 && (cs[j - 1] > c || (cs[j - 1] == c && ks[j - 1] > k))) {
                cs[j] = cs[j - 1];
                ks[j] = ks[j - 1];
                --j;
            }
            cs[j] = c;
            ks[j] = k;
        }
        i64 p = write ? uoffs[i] - ucounts[i] : 0;
        i64 u = 0;
#pragma unroll 1
        for (int q = 0; q < len;) {
            int j = q + 1;
#pragma unroll 1
            while (j < len && cs[j] == cs[q]) ++j;
            if (write) {
                SP_T v;
                if (j - q == 1) {
                    v = vals[ks[q]];
                } else {
                    AccT acc = Ar::zero();
#pragma unroll 1
                    for (int l = q; l < j; ++l) acc = Ar::add(acc, vals[ks[l]]);
                    v = Ar::fin(acc);
                }
                ci[p] = (SP_I)cs[q];
                cd[p] = v;
                ++p;
            }
            ++u;
            q = j;
        }
        if (write) cp[i + 1] = (SP_I)uoffs[i];
        else ucounts[i] = u;
    }
}
#endif
