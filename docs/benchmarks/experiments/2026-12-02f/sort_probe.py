#!/usr/bin/env python3
"""Session 16 sort probe (issue 20 item 3): onesweep's kernels from kernels/sort.cu, compiled by
CuPy's NVRTC and driven exactly as crates/cuprum-core/src/sort/cuda.rs drives them (memset, one
histogram launch, one scan launch, one launch a pass), timed with CUDA events beside cp.sort on
the same keys, for variants of the float key transform `canon`. Usage: sort_probe.py REPO_ROOT.

Why: float32 sorts took 582 us against int32's 514 us (13% more) in session 15's run, where
CuPy's took 561 against 534 (5%); the only per-key work that differs is `canon`, computed once a
key in every pass. Variant "kind1" sorts the float32 keys with the int32 transform (x ^ sign): on
the bench's keys (all in [0, 1)) it gives the same digits, so it bounds what a cheaper transform
can save."""
import re
import subprocess
import sys

import cupy as cp
import numpy as np

root = sys.argv[1]
COMMON = open(f"{root}/kernels/common.cuh").read()
SORT = open(f"{root}/kernels/sort.cu").read()
m = re.search(r"__device__ __forceinline__ K canon\(K x\) \{.*?\n\}\n", SORT, re.S)
assert m, "canon not found"

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
VARIANTS = {
    "now": None,
    # negative: x ^ all ones; else x ^ sign; then the NaN and zero fixes as selects
    "xorsel": HEAD + """    const K neg = (K)((K)0 - (K)(x >> (sizeof(K) * 8 - 1)));
    K r = (K)(x ^ (K)(neg | sign));
    r = mag > (K)SORT_INF ? (K)(~(K)0) : r;
    r = mag == (K)0 ? sign : r;
    return r;
""" + TAIL,
    # sign - mag for negative numbers (so -0.0 meets +0.0 at `sign`), sign + min(mag, inf + 1)
    # for the rest (every NaN one key above +inf); one select
    "offset": HEAD + """    const K top = (K)((K)SORT_INF + (K)1);
    const K m2 = mag < top ? mag : top;
    return ((x & sign) && mag <= (K)SORT_INF) ? (K)(sign - mag) : (K)(sign + m2);
""" + TAIL,
}
DT = {
    "float32": dict(key="u32", kind=4, items=28),
    "float64": dict(key="u64", kind=5, items=14),
    "int32": dict(key="u32", kind=1, items=28),
}


def source(variant):
    body = SORT if VARIANTS[variant] is None else SORT.replace(m.group(0), VARIANTS[variant])
    return COMMON + "\n" + body


def opts(key, kind, items):
    return ("--std=c++17", f"-DKEY_T={key}", f"-DKIND={kind}", "-DITEMS=%d" % (16 if key == "u32" else 8),
            f"-DOS_ITEMS={items}", "-DOS_MINB=4")


class Sorter:
    def __init__(self, variant, dt, kind=None):
        d = DT[dt]
        self.kind = d["kind"] if kind is None else kind
        self.items = d["items"]
        self.itemsize = 4 if d["key"] == "u32" else 8
        self.mod = cp.RawModule(code=source(variant), options=opts(d["key"], self.kind, self.items))
        self.hist = self.mod.get_function("cuprum_onesweep_hist")
        self.scan = self.mod.get_function("cuprum_onesweep_scan")
        self.pas = self.mod.get_function("cuprum_onesweep_pass")
        self.smem = 256 * self.items * (self.itemsize + 1)
        try:
            self.pas.max_dynamic_shared_size_bytes = self.smem
            self.pas.preferred_shared_memory_carveout = 100
        except Exception as e:  # noqa: BLE001
            print("attribute:", e)

    def __call__(self, keys, ev=None):
        n = keys.size
        nkey = np_ = self.itemsize
        tile = 256 * self.items
        tiles = (n + tile - 1) // tile
        hist_off = 16
        bins_off = hist_off + 512 * nkey
        skip_off = bins_off + 512 * np_
        status_off = skip_off + 16
        per_pass = tiles * 256
        ws = cp.zeros(status_off + per_pass * np_, cp.uint32)
        ka = cp.empty_like(keys)
        kb = cp.empty_like(keys)
        if ev: ev[0].record()
        self.hist((min(tiles, 3 * 132),), (256,), (keys, np.uint64(n), ws[hist_off:]))
        if ev: ev[1].record()
        self.scan((np_,), (256,), (ws[hist_off:], ws[bins_off:], ws[skip_off:], np.uint64(n),
                                   np.uint64(1), np.int32(nkey)))
        if ev: ev[2].record()
        for i in range(np_):
            self.pas((tiles,), (256,), (keys, ka, kb, np.uint64(0), np.uint64(0), np.uint64(n),
                                        np.uint64(1), np.int32(1), np.int32(i), np.int32(np_),
                                        np.int32(0), np.int32(8 * i), np.uint32(1),
                                        ws[skip_off:], ws[i:], ws[status_off + i * per_pass:],
                                        ws[bins_off + 512 * i:]), shared_mem=self.smem)
            if ev: ev[3 + i].record()
        return ka


def timed(fn, reps):
    """Median whole time (ms) and per-launch medians of `fn(events)`."""
    whole, parts = [], []
    for _ in range(reps):
        ev = [cp.cuda.Event() for _ in range(12)]
        s, e = cp.cuda.Event(), cp.cuda.Event()
        s.record()
        fn(ev)
        e.record()
        e.synchronize()
        whole.append(cp.cuda.get_elapsed_time(s, e))
    return float(np.median(whole))


def main():
    print(cp.cuda.runtime.getDeviceProperties(0)["name"].decode(), "CuPy", cp.__version__)
    rng = np.random.default_rng(0)
    n = 1 << 24
    # 1) semantics of every variant on hostile keys: bitwise equal to NumPy's stable sort
    for dt, idt in (("float32", np.uint32), ("float64", np.uint64)):
        special = np.array([np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 1e-45, -1e-45,
                            np.finfo(dt).max, -np.finfo(dt).max], dtype=dt)
        x = rng.standard_normal(1 << 20).astype(dt)
        idx = rng.integers(0, x.size, 1 << 16)
        x[idx] = special[rng.integers(0, special.size, idx.size)]
        bits = x.view(idt).copy()
        nanp = rng.integers(0, 1 << 20, 4096).astype(idt)  # NaN payloads, both signs
        nan_at = rng.integers(0, x.size, 4096)
        signs = rng.integers(0, 2, 4096).astype(idt) << idt(8 * bits.itemsize - 1)
        qnan = idt(0x7fc00000 if dt == "float32" else 0x7ff8000000000000)
        bits[nan_at] = signs | qnan | nanp
        x = bits.view(dt)
        want = np.sort(x, kind="stable").view(idt)
        for v in VARIANTS:
            got = Sorter(v, dt)(cp.asarray(x)).get().view(idt)
            print(f"check {dt} {v}: bitwise equal to numpy stable sort: {np.array_equal(got, want)}")
    # 2) timing on the bench's keys, variants interleaved round by round
    res = {}
    for dt in ("float32", "float64", "int32"):
        if dt == "int32":
            x = cp.asarray(rng.integers(-2**31, 2**31 - 1, n, dtype=np.int32)).view(cp.uint32)
        else:
            x = cp.asarray(rng.random(n).astype(dt)).view(cp.uint32 if dt == "float32" else cp.uint64)
        cands = {v: Sorter(v, dt) for v in (VARIANTS if dt != "int32" else ["now"])}
        if dt != "int32":
            cands["kind1"] = Sorter("now", dt, kind=1)
        xs = x.view(cp.dtype(dt))
        ref = cp.sort(xs)
        for v, s in cands.items():
            ok = bool(cp.array_equal(s(x).view(cp.dtype(dt)), ref))
            print(f"{dt} {v}: equals cp.sort: {ok}")
        per = {v: [] for v in cands}
        per["cupy"] = []
        launch = {v: [] for v in cands}
        for r in range(25):
            for v, s in cands.items():
                ev = [cp.cuda.Event() for _ in range(12)]
                st, en = cp.cuda.Event(), cp.cuda.Event()
                st.record(); s(x, ev); en.record(); en.synchronize()
                per[v].append(cp.cuda.get_elapsed_time(st, en))
                k = 3 + s.itemsize
                launch[v].append([cp.cuda.get_elapsed_time(ev[i], ev[i + 1]) for i in range(k - 1)])
            st, en = cp.cuda.Event(), cp.cuda.Event()
            st.record(); cp.sort(xs); en.record(); en.synchronize()
            per["cupy"].append(cp.cuda.get_elapsed_time(st, en))
        for v, t in per.items():
            line = f"{dt:8s} {v:7s} median {1000 * np.median(t[3:]):8.1f} us  min {1000 * np.min(t[3:]):8.1f} us"
            if v in launch:
                L = np.median(np.array(launch[v][3:]), axis=0) * 1000
                line += "  [hist " + f"{L[0]:.1f}" + ", scan " + f"{L[1]:.1f}" + ", passes " + \
                    " ".join(f"{p:.1f}" for p in L[2:]) + "]"
            print(line, flush=True)
    # 3) SASS size of the pass kernel per variant (float32)
    for v in VARIANTS:
        open("/tmp/v.cu", "w").write(source(v))
        o = opts("u32", 4, 28)[1:]
        r = subprocess.run(["nvcc", "-cubin", "-arch=sm_90", "-std=c++17", *o, "-o", "/tmp/v.cubin",
                            "/tmp/v.cu"], capture_output=True, text=True)
        if r.returncode:
            print("nvcc:", r.stderr[-500:]); continue
        s = subprocess.run(["cuobjdump", "-sass", "/tmp/v.cubin"], capture_output=True, text=True).stdout
        fn = s.split("Function : cuprum_onesweep_pass")[1].split("Function :")[0] if "Function : cuprum_onesweep_pass" in s else ""
        ins = [l for l in fn.splitlines() if re.match(r"\s+/\*[0-9a-f]{4}\*/", l)]
        print(f"SASS cuprum_onesweep_pass float32 {v}: {len(ins)} instructions")
        r = subprocess.run(["nvcc", "-cubin", "-arch=sm_90", "-std=c++17", *o, "-Xptxas", "-v", "-o", "/tmp/v.cubin",
                            "/tmp/v.cu"], capture_output=True, text=True)
        print("\n".join(l for l in r.stderr.splitlines() if "onesweep_pass" in l or "registers" in l)[-800:])


main()
