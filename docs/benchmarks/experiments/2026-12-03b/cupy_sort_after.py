# Session 19: does a 1 GiB copy and 8192^2 GEMMs (cuprum-bench's ceilings) slow CuPy's sort that
# follows, as the question is for cuprum's (zz_sort_after.rs)? GPU time, medians of 20.
import time, numpy as np, cupy as cp
from cupyx.profiler import benchmark
def t(what, x):
    r = benchmark(cp.sort, (x,), n_repeat=20, n_warmup=3)
    print(f"{what:40} cupy sort {x.dtype} gpu {np.median(r.gpu_times[0]) * 1e6:.1f} us")
import sys
dt = sys.argv[1] if len(sys.argv) > 1 else "float32"
g = cp.random.default_rng(0)
x = g.random(1 << 24, dtype=cp.float64).astype(dt)
t("fresh", x); t("fresh again", x)
a = cp.empty(1 << 27, cp.float32); b = cp.empty(1 << 27, cp.float32)
benchmark(lambda: b.__setitem__(Ellipsis, a), (), n_repeat=20, n_warmup=3); del a, b
t("after the 1 GiB copies", x)
for gdt in (cp.float32, cp.float64):
    m = g.random((8192, 8192), dtype=cp.float64).astype(gdt)
    benchmark(cp.matmul, (m, m), n_repeat=5, n_warmup=2); del m
t("after the gemms", x); t("after the gemms, again", x)
time.sleep(3); t("3 s later", x)
t("a fresh copy of the input", x.copy())
time.sleep(10); t("13 s later", x)
