# Kernel experiments on the H200 with CuPy (NVRTC): our real kernel sources plus variants.
import cupy as cp, numpy as np, sys, os, time, subprocess
R = os.path.dirname(os.path.abspath(__file__)) + "/.."
def rd(p): return open(os.path.join(R, p)).read()
COMMON = rd("kernels/common.cuh")
dev = cp.cuda.Device(0); SMS = dev.attributes["MultiProcessorCount"]
def tm(f, reps=20, warm=3):
    for _ in range(warm): f()
    ts = []
    for _ in range(reps):
        a, b = cp.cuda.Event(), cp.cuda.Event()
        a.record(); f(); b.record(); b.synchronize()
        ts.append(cp.cuda.get_elapsed_time(a, b))
    return float(np.median(ts))
def say(*a): print(*a, flush=True)
which = sys.argv[1:] or ["reduce", "transpose", "sort", "libs"]

# ---------------------------------------------------------------- reductions
REXP = r'''
template <class OP, int V, int U>
__device__ __forceinline__ typename OP::acc_t fold_u(const IN_T* __restrict__ x, i64 n, i64 t, i64 nt, const RParams& p) {
    typedef typename OP::acc_t A;
    A acc = OP::identity();
    const RVec<IN_T, V>* xv = reinterpret_cast<const RVec<IN_T, V>*>(x);
    const i64 nv = n / V;
    i64 i = t;
    for (; i + (U - 1) * nt < nv; i += U * nt) {
        RVec<IN_T, V> w[U];
#pragma unroll
        for (int u = 0; u < U; ++u) w[u] = xv[i + u * nt];
#pragma unroll
        for (int u = 0; u < U; ++u)
#pragma unroll
            for (int k = 0; k < V; ++k) acc = OP::combine(acc, OP::map(w[u].v[k], (i + u * nt) * V + k, 0, p));
    }
    for (; i < nv; i += nt) {
        RVec<IN_T, V> w = xv[i];
#pragma unroll
        for (int k = 0; k < V; ++k) acc = OP::combine(acc, OP::map(w.v[k], i * V + k, 0, p));
    }
    for (i64 e = nv * V + t; e < n; e += nt) acc = OP::combine(acc, OP::map(x[e], e, 0, p));
    return acc;
}
extern "C" __global__ void __launch_bounds__(256) x_all1(const IN_T* x, i64 n, ACC* part) {
    RParams p; p.center = 0; p.ddof = 0; all_pass1<Op, VMAX>(x, n, part, p);
}
extern "C" __global__ void __launch_bounds__(256) x_all1_u8(const IN_T* x, i64 n, ACC* part) {
    RParams p; p.center = 0; p.ddof = 0;
    const i64 nt = (i64)gridDim.x * blockDim.x, t = (i64)blockIdx.x * blockDim.x + threadIdx.x;
    ACC a = fold_u<Op, VMAX, 8>(x, n, t, nt, p);
    a = block_reduce<Op>(a);
    if (threadIdx.x == 0) part[blockIdx.x] = a;
}
// even share: block b owns a contiguous chunk
extern "C" __global__ void __launch_bounds__(256) x_all1_es(const IN_T* x, i64 n, ACC* part) {
    RParams p; p.center = 0; p.ddof = 0;
    i64 chunk = (n / VMAX + gridDim.x - 1) / gridDim.x * VMAX;
    i64 s = (i64)blockIdx.x * chunk; i64 e = s + chunk < n ? s + chunk : n;
    ACC a = s < e ? fold_u<Op, VMAX, 4>(x + s, e - s, threadIdx.x, blockDim.x, p) : Op::identity();
    a = block_reduce<Op>(a);
    if (threadIdx.x == 0) part[blockIdx.x] = a;
}
extern "C" __global__ void __launch_bounds__(256) x_all2(const ACC* part, i64 nparts, OUT_T* out, i64 n) {
    RParams p; p.center = 0; p.ddof = 0; all_pass2<Op>(part, nparts, out, n, p);
}
extern "C" __global__ void x_rowsb(const IN_T* x, i64 rows, i64 cols, i64 rs, OUT_T* out) {
    RParams p; p.center = 0; p.ddof = 0; rows_block<Op, VMAX>(x, rows, cols, rs, out, p);
}
extern "C" __global__ void x_rowsw(const IN_T* x, i64 rows, i64 cols, i64 rs, OUT_T* out) {
    RParams p; p.center = 0; p.ddof = 0; rows_warp<Op, VMAX>(x, rows, cols, rs, out, p);
}
// rows: several rows per block, a group of G threads per row
template <int G> __device__ void rows_group(const IN_T* __restrict__ x, i64 rows, i64 cols, i64 rs, OUT_T* out) {
    RParams p; p.center = 0; p.ddof = 0;
    __shared__ ACC sh[256 / 32];
    const int gpb = blockDim.x / G;
    const int g = threadIdx.x / G, lt = threadIdx.x % G;
    for (i64 r = (i64)blockIdx.x * gpb + g; r < rows; r += (i64)gridDim.x * gpb) {
        ACC a = fold_u<Op, VMAX, 4>(x + r * rs, cols, lt, G, p);
        a = warp_reduce<Op>(a);
        if (G > 32) {
            if ((threadIdx.x & 31) == 0) sh[threadIdx.x >> 5] = a;
            __syncwarp();
            // combine G/32 warps of this group with a barrier-free step: named barrier per group is complex; use __syncthreads
        }
        if (G == 32 && lt == 0) out[r] = Op::finalize(a, cols, r, p);
    }
}
extern "C" __global__ void __launch_bounds__(256) x_rowsw32(const IN_T* x, i64 rows, i64 cols, i64 rs, OUT_T* out) { rows_group<32>(x, rows, cols, rs, out); }
extern "C" __global__ void x_cols1(const IN_T* x, i64 rows, i64 cols, i64 rs, i64 bs, i64 rps, ACC* part) {
    RParams p; p.center = 0; p.ddof = 0; cols_pass1<Op, VMAX>(x, rows, cols, rs, bs, rps, part, p);
}
// cols with 8 rows in flight
extern "C" __global__ void __launch_bounds__(256) x_cols1_u8(const IN_T* __restrict__ x, i64 rows, i64 cols, i64 rs, i64 bs, i64 rps, ACC* part) {
    RParams p; p.center = 0; p.ddof = 0;
    const int V = VMAX;
    const i64 c0 = ((i64)blockIdx.x * blockDim.x + threadIdx.x) * V;
    if (c0 >= cols) return;
    const i64 split = blockIdx.y, r0 = split * rps;
    const i64 r1 = r0 + rps < rows ? r0 + rps : rows;
    const IN_T* base = x + c0;
    ACC acc[VMAX];
    for (int k = 0; k < V; ++k) acc[k] = Op::identity();
    i64 r = r0;
    for (; r + 8 <= r1; r += 8) {
        RVec<IN_T, VMAX> w[8];
#pragma unroll
        for (int u = 0; u < 8; ++u) w[u] = *reinterpret_cast<const RVec<IN_T, VMAX>*>(base + (r + u) * rs);
#pragma unroll
        for (int u = 0; u < 8; ++u)
#pragma unroll
            for (int k = 0; k < VMAX; ++k) acc[k] = Op::combine(acc[k], Op::map(w[u].v[k], r + u, c0 + k, p));
    }
    for (; r < r1; ++r) {
        RVec<IN_T, VMAX> w = *reinterpret_cast<const RVec<IN_T, VMAX>*>(base + r * rs);
#pragma unroll
        for (int k = 0; k < VMAX; ++k) acc[k] = Op::combine(acc[k], Op::map(w.v[k], r, c0 + k, p));
    }
    ACC* dst = part + split * cols + c0;
#pragma unroll
    for (int k = 0; k < VMAX; ++k) dst[k] = acc[k];
}
extern "C" __global__ void x_cols2(const ACC* part, i64 splits, i64 cols, i64 nb, OUT_T* out, i64 rows) {
    RParams p; p.center = 0; p.ddof = 0; cols_pass2<Op>(part, splits, cols, nb, out, rows, p);
}
'''
FASTMAX = r'''
struct FMaxF {
    typedef float acc_t;
    static __device__ __forceinline__ float identity() { return -CUPRUM_INF_F; }
    static __device__ __forceinline__ float map(float x, i64, i64, const RParams&) { return x; }
    static __device__ __forceinline__ float combine(float a, float b) { float r; asm("max.NaN.f32 %0, %1, %2;" : "=f"(r) : "f"(a), "f"(b)); return r; }
    static __device__ __forceinline__ float finalize(float a, i64, i64, const RParams&) { return a; }
};
'''
def rmod(op, extra_pre=""):
    src = (COMMON + "\ntypedef float IN_T;\ntypedef float C_T;\ntypedef float OUT_T;\n#define VMAX 4\n" + rd("kernels/reduce.cuh")
           + extra_pre + f"\ntypedef {op} Op;\n" + rd("kernels/reduce_kernels.cuh") + REXP)
    return cp.RawModule(code=src, options=("-std=c++17",))
def reduce_exp():
    N = 1 << 27
    x = cp.random.random(N, dtype=cp.float32)
    ref = float(x.astype(cp.float64).sum())
    i64 = np.int64
    for opname, op, extra in [("sum", "SumOp<IN_T, C_T, OUT_T, false, false, false>", ""),
                               ("max", "ExtOp<IN_T, C_T, true, false>", ""),
                               ("max-fast", "FMaxF", FASTMAX)]:
        m = rmod(op, extra)
        acc = 8
        for kname in ["x_all1", "x_all1_u8", "x_all1_es"]:
            k1 = m.get_function(kname); k2 = m.get_function("x_all2")
            for mult in (2, 4, 8, 16):
                g = SMS * mult
                part = cp.empty(g * acc, dtype=cp.uint8); out = cp.empty(1, dtype=cp.float32)
                def f():
                    k1((g,), (256,), (x, i64(N), part))
                    k2((1,), (256,), (part, i64(g), out, i64(N)))
                t = tm(f)
                f(); cp.cuda.Device().synchronize()
                v = float(out[0]); want = ref if opname == "sum" else float(x.max())
                say(f"reduce {opname:8s} {kname:10s} grid {mult:2d}xSM  {t*1e3:8.1f} us  {4*N/t/1e6:7.0f} GB/s  ok={abs(v-want)<=1e-3*abs(want)}")
        if opname == "sum":
            say(f"cupy sum {tm(lambda: x.sum())*1e3:.1f} us; cupy max {tm(lambda: x.max())*1e3:.1f} us")
            say(f"torch: see bench")
    # rows / cols
    m = rmod("SumOp<IN_T, C_T, OUT_T, false, false, false>")
    R_, C_ = 1 << 14, 1 << 13
    m2 = x.reshape(R_, C_)
    r1 = m2.sum(axis=1); c0 = m2.sum(axis=0)
    out = cp.empty(R_, dtype=cp.float32)
    for kname, block, grid in [("x_rowsb", 256, R_), ("x_rowsb", 128, R_), ("x_rowsb", 512, R_), ("x_rowsb", 1024, R_),
                               ("x_rowsw", 256, R_ // 8), ("x_rowsw32", 256, R_ // 8), ("x_rowsw32", 256, SMS * 8)]:
        k = m.get_function(kname)
        f = lambda: k((grid,), (block,), (m2, i64(R_), i64(C_), i64(C_), out))
        t = tm(f); f()
        say(f"rows {kname:10s} block {block:4d} grid {grid:6d} {t*1e3:8.1f} us {4*N/t/1e6:7.0f} GB/s ok={bool(cp.allclose(out, r1, rtol=1e-4))}")
    say(f"cupy sum axis1 {tm(lambda: m2.sum(axis=1))*1e3:.1f} us; axis0 {tm(lambda: m2.sum(axis=0))*1e3:.1f} us")
    outc = cp.empty(C_, dtype=cp.float32)
    for kname in ["x_cols1", "x_cols1_u8"]:
        for splits in (33, 66, 132, 264, 528):
            rps = -(-R_ // splits); splits = -(-R_ // rps)
            part = cp.empty(splits * C_, dtype=cp.float32)
            gx = C_ // 4 // 256
            k1 = m.get_function(kname); k2 = m.get_function("x_cols2")
            def f():
                k1((gx, splits, 1), (256,), (m2, i64(R_), i64(C_), i64(C_), i64(0), i64(rps), part))
                k2((-(-C_ // 256),), (256,), (part, i64(splits), i64(C_), i64(1), outc, i64(R_)))
            t = tm(f); f()
            say(f"cols {kname:10s} splits {splits:4d} {t*1e3:8.1f} us {4*N/t/1e6:7.0f} GB/s ok={bool(cp.allclose(outc, c0, rtol=1e-4))}")

# ---------------------------------------------------------------- transpose
TSRC = r'''
typedef long long i64;
// out[r*ldo + c] = in[r + c*ldi], R x C output
template <int T, int BY> __device__ __forceinline__ void tp(float* __restrict__ out, const float* __restrict__ in, i64 R, i64 C, i64 ldi, i64 ldo, i64 r0, i64 c0) {
    __shared__ float tile[T][T + 1];
    int tx = threadIdx.x, ty = threadIdx.y;
#pragma unroll
    for (int cc = ty; cc < T; cc += BY)
#pragma unroll
        for (int rr = tx; rr < T; rr += 32) { i64 r = r0 + rr, c = c0 + cc; if (r < R && c < C) tile[cc][rr] = in[r + c * ldi]; }
    __syncthreads();
#pragma unroll
    for (int rr = ty; rr < T; rr += BY)
#pragma unroll
        for (int cc = tx; cc < T; cc += 32) { i64 r = r0 + rr, c = c0 + cc; if (r < R && c < C) out[r * ldo + c] = tile[cc][rr]; }
}
extern "C" __global__ void t64x8(float* out, const float* in, i64 R, i64 C, i64 ldi, i64 ldo) { tp<64, 8>(out, in, R, C, ldi, ldo, (i64)blockIdx.x * 64, (i64)blockIdx.y * 64); }
extern "C" __global__ void t64x16(float* out, const float* in, i64 R, i64 C, i64 ldi, i64 ldo) { tp<64, 16>(out, in, R, C, ldi, ldo, (i64)blockIdx.x * 64, (i64)blockIdx.y * 64); }
extern "C" __global__ void t64x4(float* out, const float* in, i64 R, i64 C, i64 ldi, i64 ldo) { tp<64, 4>(out, in, R, C, ldi, ldo, (i64)blockIdx.x * 64, (i64)blockIdx.y * 64); }
extern "C" __global__ void t32x8(float* out, const float* in, i64 R, i64 C, i64 ldi, i64 ldo) { tp<32, 8>(out, in, R, C, ldi, ldo, (i64)blockIdx.x * 32, (i64)blockIdx.y * 32); }
// y-major block order: blockIdx.x walks c (output columns) first
extern "C" __global__ void t64x8_yx(float* out, const float* in, i64 R, i64 C, i64 ldi, i64 ldo) { tp<64, 8>(out, in, R, C, ldi, ldo, (i64)blockIdx.y * 64, (i64)blockIdx.x * 64); }
// 32x32 tile, 2x2 tiles per block staged (more bytes in flight per thread), block 32x8
extern "C" __global__ void __launch_bounds__(256) t32q(float* __restrict__ out, const float* __restrict__ in, i64 R, i64 C, i64 ldi, i64 ldo) {
    __shared__ float tile[4][32][33];
    int tx = threadIdx.x, ty = threadIdx.y;
    i64 r0 = (i64)blockIdx.x * 64, c0 = (i64)blockIdx.y * 64;
    float v[16];
#pragma unroll
    for (int q = 0; q < 4; ++q)
#pragma unroll
        for (int j = 0; j < 4; ++j) { int cc = ty + 8 * j; i64 r = r0 + (q & 1) * 32 + tx, c = c0 + (q >> 1) * 32 + cc; v[q * 4 + j] = (r < R && c < C) ? __ldg(in + r + c * ldi) : 0.f; }
#pragma unroll
    for (int q = 0; q < 4; ++q)
#pragma unroll
        for (int j = 0; j < 4; ++j) tile[q][ty + 8 * j][tx] = v[q * 4 + j];
    __syncthreads();
#pragma unroll
    for (int q = 0; q < 4; ++q)
#pragma unroll
        for (int j = 0; j < 4; ++j) { int rr = ty + 8 * j; i64 r = r0 + (q & 1) * 32 + rr, c = c0 + (q >> 1) * 32 + tx; if (r < R && c < C) __stcs(out + r * ldo + c, tile[q][tx][rr]); }
}
// float4 reads along r (input-contiguous) and float4 writes along c: 64x64 tile, 256 threads
extern "C" __global__ void __launch_bounds__(256) t64v(float* __restrict__ out, const float* __restrict__ in, i64 R, i64 C, i64 ldi, i64 ldo) {
    __shared__ float tile[64][65];
    int t = threadIdx.y * 32 + threadIdx.x;
    i64 r0 = (i64)blockIdx.x * 64, c0 = (i64)blockIdx.y * 64;
    float4 v[4];
#pragma unroll
    for (int p = 0; p < 4; ++p) { int q = t + p * 256, cc = q / 16, rv = q % 16; v[p] = __ldg(reinterpret_cast<const float4*>(in + r0 + rv * 4 + (c0 + cc) * ldi)); }
#pragma unroll
    for (int p = 0; p < 4; ++p) { int q = t + p * 256, cc = q / 16, rv = q % 16; tile[cc][rv*4] = v[p].x; tile[cc][rv*4+1] = v[p].y; tile[cc][rv*4+2] = v[p].z; tile[cc][rv*4+3] = v[p].w; }
    __syncthreads();
#pragma unroll
    for (int p = 0; p < 4; ++p) { int q = t + p * 256, rr = q / 16, cv = q % 16; float4 w = make_float4(tile[cv*4][rr], tile[cv*4+1][rr], tile[cv*4+2][rr], tile[cv*4+3][rr]);
        __stcs(reinterpret_cast<float4*>(out + (r0 + rr) * ldo + c0 + cv * 4), w); }
}
// persistent: each block loops over tiles (grid = SMs * k), 64x64 via registers, double buffered in regs
extern "C" __global__ void __launch_bounds__(256) t64p(float* __restrict__ out, const float* __restrict__ in, i64 R, i64 C, i64 ldi, i64 ldo) {
    __shared__ float tile[64][65];
    int tx = threadIdx.x, ty = threadIdx.y;
    const i64 nbr = R / 64, nbc = C / 64, ntiles = nbr * nbc;
    i64 tI = blockIdx.x;
    // each thread covers rr = tx, tx+32 -> do two halves
    for (; tI < ntiles; tI += gridDim.x) {
        i64 r0 = (tI % nbr) * 64, c0 = (tI / nbr) * 64;
        float a[16];
#pragma unroll
        for (int j = 0; j < 8; ++j) { int cc = ty + 8 * j; a[j] = __ldg(in + r0 + tx + (c0 + cc) * ldi); a[8 + j] = __ldg(in + r0 + 32 + tx + (c0 + cc) * ldi); }
        __syncthreads();
#pragma unroll
        for (int j = 0; j < 8; ++j) { int cc = ty + 8 * j; tile[cc][tx] = a[j]; tile[cc][32 + tx] = a[8 + j]; }
        __syncthreads();
#pragma unroll
        for (int j = 0; j < 8; ++j) { int rr = ty + 8 * j; out[(r0 + rr) * ldo + c0 + tx] = tile[tx][rr]; out[(r0 + rr) * ldo + c0 + 32 + tx] = tile[32 + tx][rr]; }
    }
}
'''
def transpose_exp():
    R_, C_ = 1 << 14, 1 << 13
    a = cp.random.random((R_, C_), dtype=cp.float32)
    ref = cp.ascontiguousarray(a.T)
    m = cp.RawModule(code=TSRC, options=("-std=c++17",))
    # output is C_ x R_ ; out[r*ldo + c] = in[r + c*ldi] with R = C_ (out rows), C = R_ (out cols), ldi = C_, ldo = R_
    i64 = np.int64
    OR, OC = C_, R_
    for name, tile, block, yx in [("t64x8", 64, (32, 8), 0), ("t64x16", 64, (32, 16), 0), ("t64x4", 64, (32, 4), 0), ("t32x8", 32, (32, 8), 0),
                                  ("t64x8_yx", 64, (32, 8), 1), ("t32q", 64, (32, 8), 0), ("t64v", 64, (32, 8), 0)]:
        try:
            k = m.get_function(name)
            o = cp.zeros((C_, R_), dtype=cp.float32)
            grid = (OR // tile, OC // tile) if not yx else (OC // tile, OR // tile)
            f = lambda: k(grid, block, (o, a, i64(OR), i64(OC), i64(C_), i64(R_)))
            t = tm(f); o.fill(0); f()
            say(f"transpose {name:9s} {t*1e3:8.1f} us {8*R_*C_/t/1e6:7.0f} GB/s ok={bool((o == ref).all())}")
        except Exception as e:
            say(f"transpose {name} failed: {e}")
    for mult in (4, 8, 16):
        try:
            k = m.get_function("t64p"); o = cp.zeros((C_, R_), dtype=cp.float32)
            f = lambda: k((SMS * mult,), (32, 8), (o, a, i64(OR), i64(OC), i64(C_), i64(R_)))
            t = tm(f); o.fill(0); f()
            say(f"transpose t64p x{mult:2d}  {t*1e3:8.1f} us {8*R_*C_/t/1e6:7.0f} GB/s ok={bool((o == ref).all())}")
        except Exception as e:
            say(f"transpose t64p failed: {e}")
    say(f"cupy transpose copy {tm(lambda: cp.ascontiguousarray(a.T))*1e3:.1f} us; copy {tm(lambda: a.copy())*1e3:.1f} us")

# ---------------------------------------------------------------- sort
def sort_exp():
    N = 1 << 24
    x = cp.random.random(N, dtype=cp.float32)
    keys = x.view(cp.uint32)
    ref = cp.sort(x)
    i64 = np.int64; u64 = np.uint64; i32 = np.int32; u32 = np.uint32
    src = COMMON + "\n" + rd("kernels/sort.cu")
    extra = os.environ.get("SORT_EXTRA")
    if extra: src = COMMON + "\n" + rd(extra)
    combos = [("-DSORT_HIST_ATOMIC", 16, 8), ("-DSORT_HIST_ATOMIC -DSORT_MINB=4", 16, 8), ("-DSORT_HIST_ATOMIC -DSORT_MINB=3", 16, 8), ("-DSORT_HIST_ATOMIC -DSORT_MINB=4", 12, 8), ("-DSORT_HIST_ATOMIC -DSORT_MINB=5", 8, 8), ("-DSORT_HIST_ATOMIC -DSORT_MINB=4", 8, 8)]
    kind = os.environ.get("SORT_KIND", "4")
    if kind == "0":
        keys = cp.random.randint(0, 1000, N, dtype=cp.int64).astype(cp.uint32); ref = cp.sort(keys).view(cp.float32)
    if os.environ.get("SORT_ONE"): combos = [("", 16, 8), ("-DSORT_HIST_ATOMIC", 16, 8)]
    for variant, items, bps in combos:
        if True:
            try:
                m = cp.RawModule(code=src, options=tuple(o for o in ("-DKEY_T=u32", f"-DKIND={kind}", f"-DITEMS={items}", "-std=c++17", *variant.split()) if o))
                hist = m.get_function("cuprum_radix_hist"); scan = m.get_function("cuprum_sort_scan_rows"); scat = m.get_function("cuprum_radix_scatter")
                tile = 256 * items; tiles = -(-N // tile)
                tpb = -(-tiles // min(bps * SMS, 1024)); pb = tpb * tile; g = -(-N // pb)
                counts = cp.empty(256 * g, dtype=cp.uint64); totals = cp.empty(256, dtype=cp.uint64)
                kb = [cp.empty(N, dtype=cp.uint32), cp.empty(N, dtype=cp.uint32)]
                z = cp.empty(1, dtype=cp.uint32)
                times = {"hist": [], "scan": [], "scatter": []}
                def run(timed):
                    for p in range(4):
                        kin = keys if p == 0 else kb[1 - p % 2]; kout = kb[p % 2]
                        evs = [cp.cuda.Event() for _ in range(4)]
                        evs[0].record()
                        hist((g,), (256,), (kin, z, u64(N), u64(pb), i32(0), i32(8 * p), u32(1), counts)); evs[1].record()
                        scan((256,), (256,), (counts, u64(g), totals)); evs[2].record()
                        scat((g,), (256,), (kin, kout, z, z, u64(N), u64(pb), i32(0), i32(8 * p), u32(1), counts, totals)); evs[3].record()
                        if timed:
                            evs[3].synchronize()
                            times["hist"].append(cp.cuda.get_elapsed_time(evs[0], evs[1]))
                            times["scan"].append(cp.cuda.get_elapsed_time(evs[1], evs[2]))
                            times["scatter"].append(cp.cuda.get_elapsed_time(evs[2], evs[3]))
                run(False); cp.cuda.Device().synchronize()
                ok = bool((kb[1].view(cp.float32) == ref).all())
                if os.environ.get("SORT_ONE"): say(f"{variant} ok={ok}"); continue
                total = tm(lambda: run(False), reps=10)
                for _ in range(5): run(True)
                say(f"sort {variant or 'ballots':16s} items {items:2d} blocks/SM {bps} grid {g:4d}: total {total*1e3:7.1f} us; per pass hist {[round(float(np.median(times['hist'][p::4]))*1e3,1) for p in range(4)]} scan {np.median(times['scan'])*1e3:6.1f} scatter {[round(float(np.median(times['scatter'][p::4]))*1e3,1) for p in range(4)]} us ok={ok}")
            except Exception as e:
                say(f"sort items {items} bps {bps} failed: {str(e)[:2000]}")
    say(f"cupy sort {tm(lambda: cp.sort(x))*1e3:.1f} us")

def libs():
    import ctypes
    say("cupy", cp.__version__, "cuda runtime", cp.cuda.runtime.runtimeGetVersion())
    try: say("cublas version (cupy)", cp.cuda.cublas.getVersion(cp.cuda.device.get_cublas_handle()))
    except Exception as e: say("cublas ver err", e)
    a = cp.random.random((8192, 8192)); b = cp.random.random((8192, 8192))
    say(f"cupy matmul f64 8192 {tm(lambda: a @ b, reps=5)*1e3:.0f} us")
    for l in open("/proc/self/maps"):
        if "cublas" in l or "cusolver" in l or "cudart" in l: say(l.split()[-1])
    say(subprocess.run("ldconfig -p | grep -E 'cublas|cusolver|nvrtc|cufft' ; find / -name 'libcublas.so*' -not -path '*/proc/*' 2>/dev/null | head -20", shell=True, capture_output=True, text=True).stdout)

for w in which:
    try: {"reduce": reduce_exp, "transpose": transpose_exp, "sort": sort_exp, "libs": libs}[w]()
    except Exception as e: say(f"{w} failed: {e}")
