"""Session 20 probe: cuprum's Philox sampling kernel (kernels/random.cu), compiled through
CuPy's NVRTC with the options cuprum uses, against variants, beside CuPy's own draws.
2^27 elements, CUDA events, median of 20 launches. Usage: python3 rand_probe.py"""
import re, sys, cupy as cp, numpy as np

N = 1 << 27
common = open("kernels/common.cuh").read()
random_cu = open("kernels/random.cu").read()

def build(src, defs):
    opts = ("--std=c++17",) + tuple(f"-D{k}={v}" for k, v in defs.items())
    return cp.RawModule(code=common + "\n" + src, options=opts).get_function("cuprum_philox")

def timeit(fn, reps=20):
    s, e = cp.cuda.Event(), cp.cuda.Event()
    fn(); cp.cuda.Device().synchronize()
    ts = []
    for _ in range(reps):
        s.record(); fn(); e.record(); e.synchronize()
        ts.append(cp.cuda.get_elapsed_time(s, e) * 1e3)
    return float(np.median(ts))

def run(src, defs, dtype, per_block, p0=0.0, p1=1.0, ilow=0, rng=0):
    f = build(src, defs)
    out = cp.empty(N, dtype=dtype)
    nblocks = (N + per_block - 1) // per_block
    grid = min((nblocks + 255) // 256, 132 * 64)
    args = (out, np.uint64(N), np.uint32(1234), np.uint32(0), np.uint64(0),
            np.float64(p0), np.float64(p1), np.int64(ilow), np.uint64(rng))
    t = timeit(lambda: f((grid,), (256,), args))
    return t, out

# --- normal: variants of sample()'s DIST == 1 branches
NORMAL_F32 = """    double r = sqrt(__dmul_rn(-2.0, log(u1)));
    double t = __dmul_rn(TWO_PI, u2);
    double z = (slot & 1) == 0 ? __dmul_rn(r, cos(t)) : __dmul_rn(r, sin(t));"""
assert NORMAL_F32 in random_cu
SINCOS_F32 = """    double r = sqrt(__dmul_rn(-2.0, log(u1)));
    double t = __dmul_rn(TWO_PI, u2);
    double sn, cs; sincos(t, &sn, &cs);
    double z = (slot & 1) == 0 ? __dmul_rn(r, cs) : __dmul_rn(r, sn);"""
NOTRIG_F32 = """    double r = sqrt(__dmul_rn(-2.0, log(u1)));
    double t = __dmul_rn(TWO_PI, u2);
    double z = (slot & 1) == 0 ? __dmul_rn(r, t) : __dmul_rn(r, -t);"""
NOLOG_F32 = """    double r = sqrt(__dmul_rn(-2.0, u1));
    double t = __dmul_rn(TWO_PI, u2);
    double z = (slot & 1) == 0 ? __dmul_rn(r, cos(t)) : __dmul_rn(r, sin(t));"""
res = {}
for dt, prec, pb, ctype in [(np.float32, 0, 4, "float"), (np.float64, 1, 2, "double")]:
    defs = dict(DIST=1, PREC=prec, PER_BLOCK=pb, OUT_T=ctype, KERNEL_NAME="cuprum_philox")
    base_t, base = run(random_cu, defs, dt, pb)
    print(f"normal {dt.__name__}: cuprum kernel {base_t:8.1f} us")
    for name, rep in [("sincos", SINCOS_F32), ("no trig", NOTRIG_F32), ("no log", NOLOG_F32)]:
        src = random_cu.replace(NORMAL_F32, rep)
        if prec == 1:
            src = random_cu.replace(NORMAL_F32.replace("(slot & 1) == 0", "slot == 0"),
                                    rep.replace("(slot & 1) == 0", "slot == 0"))
        t, o = run(src, defs, dt, pb)
        same = bool(cp.all(o == base)) if name == "sincos" else None
        print(f"normal {dt.__name__}: {name:14s} {t:8.1f} us  identical={same}")
    g = cp.random.default_rng(1)
    print(f"normal {dt.__name__}: CuPy Generator.standard_normal {timeit(lambda: g.standard_normal(N, dtype=dt)):8.1f} us")
    print(f"normal {dt.__name__}: CuPy cupy.random.standard_normal {timeit(lambda: cp.random.standard_normal(N, dtype=dt)):8.1f} us")

# --- integers [0, 1000) int64: 4 samples a block, 32 bytes a thread
VEC8 = """template <> struct VecStore<8> {"""
VEC32 = """template <> struct VecStore<32> {
    static __device__ __forceinline__ void put(OUT_T* p, const OUT_T* v) {
        reinterpret_cast<uint4*>(p)[0] = reinterpret_cast<const uint4*>(v)[0];
        reinterpret_cast<uint4*>(p)[1] = reinterpret_cast<const uint4*>(v)[1];
    }
};
template <> struct VecStore<8> {"""
assert VEC8 in random_cu
for ctype, dt in [("i64", np.int64), ("i32", np.int32)]:
    defs = dict(DIST=3, PREC=2, PER_BLOCK=4, OUT_T=ctype, KERNEL_NAME="cuprum_philox")
    t0, o0 = run(random_cu, defs, dt, 4, ilow=0, rng=1000)
    t1, o1 = run(random_cu.replace(VEC8, VEC32), defs, dt, 4, ilow=0, rng=1000)
    print(f"integers {ctype}: cuprum kernel {t0:8.1f} us; with VecStore<32> {t1:8.1f} us identical={bool(cp.all(o0 == o1))}")
    g = cp.random.default_rng(1)
    print(f"integers {ctype}: CuPy Generator.integers {timeit(lambda: g.integers(0, 1000, N, dtype=dt)):8.1f} us; cupy.random.randint {timeit(lambda: cp.random.randint(0, 1000, N, dtype=dt)):8.1f} us")
