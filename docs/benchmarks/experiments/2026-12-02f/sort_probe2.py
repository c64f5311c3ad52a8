#!/usr/bin/env python3
"""Session 16 sort probe 2 (issue 20 item 3): probe 1 (sort_probe.py, call 2) found the float
sorts' extra time mostly in `cuprum_onesweep_hist` (float64: 127 us against 78 us with the
integer transform on the same digits) and ~9 us a pass in `cuprum_onesweep_pass`. This probe
times variants of both kernels in isolation, with every launch's arguments built before the
timed region (probe 1's Python launch gaps inflated the first pass after a fast histogram).
Usage: sort_probe2.py REPO_ROOT."""
import re
import sys

import cupy as cp
import numpy as np

root = sys.argv[1]
COMMON = open(f"{root}/kernels/common.cuh").read()
SORT = open(f"{root}/kernels/sort.cu").read()
CANON = re.search(r"__device__ __forceinline__ K canon\(K x\) \{.*?\n\}\n", SORT, re.S).group(0)
HIST = re.search(r"extern \"C\" __global__ void __launch_bounds__\(SORT_BLOCK\)\ncuprum_onesweep_hist.*?\n\}\n", SORT, re.S).group(0)

HEAD = """__device__ __forceinline__ K canon(K x) {
#if KIND == 0
    return x;
#elif KIND == 1
    const K sign = (K)((K)1 << (sizeof(K) * 8 - 1));
    return (K)(x ^ sign);
#elif KIND == 6
    return x != (K)0 ? (K)1 : (K)0;
#else
    const K sign = (K)((K)1 << (sizeof(K) * 8 - 1));
    const K mag = (K)(x & (K)(~sign));
"""
TAIL = "#endif\n}\n"
CANONS = {
    "now": CANON,
    "xorsel": HEAD + """    const K neg = (K)((K)0 - (K)(x >> (sizeof(K) * 8 - 1)));
    K r = (K)(x ^ (K)(neg | sign));
    r = mag > (K)SORT_INF ? (K)(~(K)0) : r;
    r = mag == (K)0 ? sign : r;
    return r;
""" + TAIL,
    "offset": HEAD + """    const K top = (K)((K)SORT_INF + (K)1);
    const K m2 = mag < top ? mag : top;
    return ((x & sign) && mag <= (K)SORT_INF) ? (K)(sign - mag) : (K)(sign + m2);
""" + TAIL,
}
HIST_HEAD = """extern "C" __global__ void __launch_bounds__(SORT_BLOCK)
cuprum_onesweep_hist(const K* __restrict__ keys, unsigned long long n,
                     unsigned long long* __restrict__ hist) {
    __shared__ u32 h[sizeof(K)][OS_HCOPIES][SORT_RADIX];
    for (int i = threadIdx.x; i < (int)sizeof(K) * OS_HCOPIES * SORT_RADIX; i += SORT_BLOCK)
        (&h[0][0][0])[i] = 0u;
    __syncthreads();
    const int c = (threadIdx.x >> 5) % OS_HCOPIES;
"""
HIST_TAIL = """    __syncthreads();
    for (int i = threadIdx.x; i < (int)sizeof(K) * SORT_RADIX; i += SORT_BLOCK) {
        const int b = i / SORT_RADIX, d = i % SORT_RADIX;
        u32 s = 0;
#pragma unroll
        for (int cc = 0; cc < OS_HCOPIES; ++cc) s += h[b][cc][d];
        if (s) atomicAdd(hist + i, (unsigned long long)s);
    }
}
"""
COUNT = """#pragma unroll
                for (int b = 0; b < (int)sizeof(K); ++b)
                    atomicAdd(&h[b][c][(u32)((q >> (8 * b)) & (K)0xff)], 1u);
"""
HISTS = {
    "now": HIST,
    # raw keys loaded first, canon where the digits are taken
    "rawload": HIST_HEAD + """    const unsigned long long tiles = (n + OS_TILE - 1) / OS_TILE;
    for (unsigned long long t = blockIdx.x; t < tiles; t += gridDim.x) {
        const unsigned long long base = t * OS_TILE;
        K k[OS_ITEMS];
#pragma unroll
        for (int j = 0; j < OS_ITEMS; ++j) {
            const unsigned long long i = base + (unsigned long long)j * SORT_BLOCK + threadIdx.x;
            k[j] = i < n ? keys[i] : (K)0;
        }
#pragma unroll
        for (int j = 0; j < OS_ITEMS; ++j) {
            const unsigned long long i = base + (unsigned long long)j * SORT_BLOCK + threadIdx.x;
            if (i < n) {
                const K q = canon(k[j]);
""" + COUNT + """            }
        }
    }
""" + HIST_TAIL,
    # 16-byte loads (4 float32 or 2 float64 keys), grid-stride, 4 vectors in flight a thread
    "vec16": HIST_HEAD + """    const int per = 16 / (int)sizeof(K);
    const unsigned long long nv = n / per;
    const uint4* kv = (const uint4*)keys;
    const unsigned long long stride = (unsigned long long)gridDim.x * SORT_BLOCK;
    unsigned long long v = (unsigned long long)blockIdx.x * SORT_BLOCK + threadIdx.x;
    for (; v + 3 * stride < nv; v += 4 * stride) {
        uint4 w[4];
#pragma unroll
        for (int u = 0; u < 4; ++u) w[u] = kv[v + u * stride];
#pragma unroll
        for (int u = 0; u < 4; ++u) {
            const K* ks = (const K*)&w[u];
#pragma unroll
            for (int e = 0; e < 16 / (int)sizeof(K); ++e) {
                const K q = canon(ks[e]);
""" + COUNT + """            }
        }
    }
    for (; v < nv; v += stride) {
        uint4 w0 = kv[v];
        const K* ks = (const K*)&w0;
#pragma unroll
        for (int e = 0; e < 16 / (int)sizeof(K); ++e) {
            const K q = canon(ks[e]);
""" + COUNT + """        }
    }
    for (unsigned long long i = nv * per + (unsigned long long)blockIdx.x * SORT_BLOCK + threadIdx.x; i < n; i += stride) {
        const K q = canon(keys[i]);
""" + COUNT + """    }
""" + HIST_TAIL,
}
DT = {"float32": dict(key="u32", kind=4, items=28), "float64": dict(key="u64", kind=5, items=14)}


def build(dt, canon="now", hist="now", kind=None):
    d = DT[dt]
    src = SORT.replace(CANON, CANONS[canon]).replace(HIST, HISTS[hist])
    o = ("--std=c++17", f"-DKEY_T={d['key']}", f"-DKIND={d['kind'] if kind is None else kind}",
         "-DITEMS=%d" % (16 if d["key"] == "u32" else 8), f"-DOS_ITEMS={d['items']}", "-DOS_MINB=4")
    return cp.RawModule(code=COMMON + "\n" + src, options=o)


def ev_time(fn, reps=30, pre=None):
    ts = []
    for _ in range(reps):
        if pre: pre()
        s, e = cp.cuda.Event(), cp.cuda.Event()
        s.record(); fn(); e.record(); e.synchronize()
        ts.append(cp.cuda.get_elapsed_time(s, e) * 1000)
    return float(np.median(ts[3:])), float(np.min(ts[3:]))


def main():
    print(cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "CuPy", cp.__version__)
    rng = np.random.default_rng(0)
    n = 1 << 24
    sms = 132
    for dt in ("float32", "float64"):
        isz = 4 if dt == "float32" else 8
        xs = cp.asarray(rng.random(n).astype(dt))
        x = xs.view(cp.uint32 if isz == 4 else cp.uint64)
        items = DT[dt]["items"]
        tile = 256 * items
        tiles = (n + tile - 1) // tile
        hist = cp.zeros(isz * 256, cp.uint64)
        ref = None
        # 1) the histogram kernel alone
        for hv in HISTS:
            for cv in (["now", "xorsel", "offset"] if hv == "now" else ["offset"]):
                f = build(dt, cv, hv).get_function("cuprum_onesweep_hist")
                for g in ((3 * sms,) if hv == "now" else (2 * sms, 3 * sms, 4 * sms, 8 * sms)):
                    grid = min(tiles, g)
                    args = (x, np.uint64(n), hist)
                    hist.fill(0); f((grid,), (256,), args); cp.cuda.Device().synchronize()
                    got = hist.get()
                    if cv == "now" and hv == "now": ref = got
                    # the digits differ between transforms; the count of keys a byte does not
                    ok = bool((got.reshape(isz, 256).sum(1) == n).all()) and (cv != "now" or np.array_equal(got, ref))
                    med, mn = ev_time(lambda: f((grid,), (256,), args), pre=lambda: hist.fill(0))
                    print(f"hist {dt} canon={cv:6s} kernel={hv:7s} grid={grid:5d}: median {med:7.1f} us  min {mn:7.1f} us  counts ok {ok}", flush=True)
        f = build(dt, "now", "now", kind=1).get_function("cuprum_onesweep_hist")
        args = (x, np.uint64(n), hist)
        med, mn = ev_time(lambda: f((min(tiles, 3 * sms),), (256,), args), pre=lambda: hist.fill(0))
        print(f"hist {dt} canon=kind1  kernel=now     grid={min(tiles, 3 * sms):5d}: median {med:7.1f} us  min {mn:7.1f} us")
        # 2) the pass kernels, arguments prebuilt: one whole sort (memset + hist + scan + passes)
        for cv, kind in (("now", None), ("xorsel", None), ("offset", None), ("now", 1)):
            m = build(dt, cv, "now", kind=kind)
            fh, fs, fp = (m.get_function(k) for k in ("cuprum_onesweep_hist", "cuprum_onesweep_scan", "cuprum_onesweep_pass"))
            np_ = isz
            hist_off = 16; bins_off = hist_off + 512 * np_; skip_off = bins_off + 512 * np_
            status_off = skip_off + 16; per_pass = tiles * 256
            ws = cp.zeros(status_off + per_pass * np_, cp.uint32)
            ka, kb = cp.empty_like(x), cp.empty_like(x)
            smem = 256 * items * (isz + 1)
            ha = (x, np.uint64(n), ws[hist_off:])
            sa = (ws[hist_off:], ws[bins_off:], ws[skip_off:], np.uint64(n), np.uint64(1), np.int32(np_))
            pa = [(x, ka, kb, np.uint64(0), np.uint64(0), np.uint64(n), np.uint64(1), np.int32(1),
                   np.int32(i), np.int32(np_), np.int32(0), np.int32(8 * i), np.uint32(1),
                   ws[skip_off:], ws[i:], ws[status_off + i * per_pass:], ws[bins_off + 512 * i:])
                  for i in range(np_)]

            def whole(ev=None):
                ws.fill(0)
                fh((min(tiles, 3 * sms),), (256,), ha)
                fs((np_,), (256,), sa)
                if ev: ev[0].record()
                for i in range(np_):
                    fp((tiles,), (256,), pa[i], shared_mem=smem)
                    if ev: ev[i + 1].record()
            whole(); cp.cuda.Device().synchronize()
            ok = bool(cp.array_equal(ka.view(xs.dtype), cp.sort(xs)))
            med, mn = ev_time(whole)
            per = []
            for _ in range(20):
                ev = [cp.cuda.Event() for _ in range(np_ + 1)]
                whole(ev); ev[-1].synchronize()
                per.append([cp.cuda.get_elapsed_time(ev[i], ev[i + 1]) * 1000 for i in range(np_)])
            pm = np.median(np.array(per[3:]), axis=0)
            name = cv if kind is None else "kind1"
            print(f"sort {dt} canon={name:6s}: whole median {med:7.1f} us  min {mn:7.1f} us  passes {' '.join(f'{p:.1f}' for p in pm)}  sorted ok {ok}", flush=True)
        med, mn = ev_time(lambda: cp.sort(xs))
        print(f"sort {dt} cupy          : whole median {med:7.1f} us  min {mn:7.1f} us")


main()
