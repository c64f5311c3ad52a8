# Times the same rows as cuprum-bench through CuPy (GPU), PyTorch (GPU) and NumPy/SciPy (CPU).
# cuprum-bench runs this file, then compare_<suite>.py of each SciPy suite, then prints `out`.
# Prints one JSON object: {key: {"cupy_ms":..., "torch_ms":..., "numpy_ms":...}}; keys are
# "<name> | <shape>" exactly as cuprum-bench names its rows. Missing libraries are reported on
# stderr and skipped.
import json, sys, time
full = sys.argv[1] == "full"
suites = sys.argv[2].split(",")
# --filter: only rows whose key contains this text are timed (as cuprum-bench's own rows)
flt = sys.argv[3] if len(sys.argv) > 3 else ""
out = {}
def put(key, lib, ms):
    out.setdefault(key, {})[lib] = ms
def optional(mod, what=None):
    # `mod` imported, or None (noted on stderr as "<what> not available") when that fails
    import importlib
    try:
        return importlib.import_module(mod)
    except Exception as e:
        print(f"{what or mod} not available:", e, file=sys.stderr)
        return None
np = optional("numpy")
try:
    import cupy as cp
    from cupyx.profiler import benchmark
except Exception as e:
    print("cupy not available:", e, file=sys.stderr); cp = None
try:
    import torch
    if not torch.cuda.is_available(): raise RuntimeError("no CUDA device for torch")
except Exception as e:
    print("torch not available:", e, file=sys.stderr); torch = None

N = 1 << 27 if full else 1 << 24
R, C = (1 << 14, 1 << 13) if full else (1 << 12, 1 << 12)
MM = [5000, 8192] if full else [5000]
MM_F32_EXTRA = [] if full else [2000]  # float32 only (cases.rs: Sizes::mm_f32_extra)
SORT = 1 << 24 if full else 1 << 22
LA = [2048, 4096] if full else [512]
F2 = 4096 if full else 1024
RF = 1 << 26 if full else 1 << 22

def cupy_time(key, f, *a, n_repeat=20, host=False, n_warmup=3):
    if flt and flt not in key: return
    if cp is None: return
    r = benchmark(f, a, n_repeat=n_repeat, n_warmup=n_warmup)
    t = float(np.median(r.cpu_times if host else r.gpu_times))
    put(key, "cupy_ms", t * 1e3)

def host_batch(key, f, batch=100, n_repeat=50, lib="cupy"):
    # cases.rs Timing::HostBatch: host time per call of `batch` calls back to back (no sync
    # between them; a sync before each timed batch), median over n_repeat batches
    if flt and flt not in key: return
    mod = cp if lib == "cupy" else torch
    if mod is None: return
    sync = cp.cuda.Device().synchronize if lib == "cupy" else torch.cuda.synchronize
    for _ in range(3): f()
    ts = []
    for _ in range(n_repeat):
        sync(); t0 = time.perf_counter()
        for _ in range(batch): f()
        ts.append((time.perf_counter() - t0) / batch)
    sync(); ts.sort(); put(key, lib + "_ms", ts[len(ts) // 2] * 1e3)

def torch_time(key, f, n_repeat=20):
    if flt and flt not in key: return
    if torch is None: return
    for _ in range(3): f()
    torch.cuda.synchronize()
    ts = []
    for _ in range(n_repeat):
        s = torch.cuda.Event(enable_timing=True); e = torch.cuda.Event(enable_timing=True)
        s.record(); f(); e.record(); e.synchronize(); ts.append(s.elapsed_time(e))
    ts.sort(); put(key, "torch_ms", ts[len(ts) // 2])

def numpy_time(key, f, n_repeat=3):
    if flt and flt not in key: return
    if np is None: return
    f(); ts = []
    for _ in range(n_repeat):
        t0 = time.perf_counter(); f(); ts.append(time.perf_counter() - t0)
    ts.sort(); put(key, "numpy_ms", ts[len(ts) // 2] * 1e3)

if "core" in suites:
    rng = np.random.default_rng(0)
    xh = rng.random(N, dtype=np.float32); yh = rng.random(N, dtype=np.float32)
    mh = rng.random((R, C), dtype=np.float32)
    k = f"add | {N} float32"; numpy_time(k, lambda: np.add(xh, yh))
    xi = xh.copy()
    numpy_time(f"add in place (a += b) | {N} float32", lambda: np.add(xi, yh, out=xi))
    k2 = f"exp | {N} float32"; numpy_time(k2, lambda: np.exp(xh))
    k3 = f"sum | {N} float32"; numpy_time(k3, lambda: xh.sum())
    numpy_time(f"max | {N} float32", lambda: xh.max())
    numpy_time(f"sum axis=0 | {R}x{C} float32", lambda: mh.sum(axis=0))
    numpy_time(f"sum axis=1 | {R}x{C} float32", lambda: mh.sum(axis=1))
    numpy_time(f"transpose copy | {R}x{C} float32", lambda: np.ascontiguousarray(mh.T))
    numpy_time(f"sort | {SORT} float32", lambda: np.sort(xh[:SORT]))
    numpy_time(f"random poisson | {SORT} int64", lambda: rng.poisson(3.5, SORT))
    numpy_time(f"random standard_gamma | {SORT} float64", lambda: rng.standard_gamma(2.0, SORT))
    for m in MM_F32_EXTRA:
        a = rng.random((m, m), dtype=np.float32)
        numpy_time(f"matmul | {m}x{m} float32", lambda: a @ a, n_repeat=5)
    # issue 20: the stencil written with slices, strided views, downloads, sorts, random
    def stencil(u, alpha=0.1):
        c = u[1:-1, 1:-1]
        u[1:-1, 1:-1] = c + alpha * (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * c)
    for m in (128, 512, 2048):
        for dt in ("float64", "float32"):
            u = rng.random((m, m)).astype(dt)
            numpy_time(f"stencil step (slices) | {m}x{m} {dt}", lambda: stencil(u),
                       n_repeat=200 if m < 2048 else 10)
            if m == 2048:  # cases.rs times the named-function form too; NumPy has one form
                numpy_time(f"stencil step (slices, named functions) | {m}x{m} {dt}",
                           lambda: stencil(u), n_repeat=10)
    M = 2048
    a2 = rng.random((M, M), dtype=np.float32); b2 = rng.random((M, M), dtype=np.float32)
    A2 = rng.random((M + 2, M + 2), dtype=np.float32); B2 = rng.random((M + 2, M + 2), dtype=np.float32)
    av, bv = A2[1:-1, 1:-1], B2[1:-1, 1:-1]
    vs = f"{M}x{M} of {M + 2}x{M + 2} float32"
    numpy_time(f"add (2-D contiguous) | {M}x{M} float32", lambda: np.add(a2, b2), n_repeat=20)
    numpy_time(f"add (2-D strided views) | {vs}", lambda: np.add(av, bv), n_repeat=20)
    numpy_time(f"copy (2-D contiguous) | {M}x{M} float32", lambda: a2.copy(), n_repeat=20)
    numpy_time(f"copy (2-D strided view) | {vs}", lambda: av.copy(), n_repeat=20)
    def assign(): bv[...] = av
    numpy_time(f"assign (2-D strided views) | {vs}", assign, n_repeat=20)
    sa, sb = A2[:32, :32][1:-1, 1:-1], B2[:32, :32][1:-1, 1:-1]
    numpy_time("small add of views (host time) | 30x30 of 32x32 float32", lambda: np.add(sa, sb),
               n_repeat=2000)
    NT = 1 << 26 if full else 1 << 24
    xt = rng.random(NT, dtype=np.float32)
    numpy_time(f"to_vec | {NT} float32", lambda: xt.copy(), n_repeat=5)
    del xt
    def sort_input(dt):
        if dt == "int32": return rng.integers(-2**31, 2**31 - 1, SORT, dtype=np.int32)
        if dt == "int64": return rng.integers(-2**63, 2**63 - 1, SORT, dtype=np.int64)
        return rng.random(SORT).astype(dt)
    for dt in ("float64", "int32", "int64"):
        xs = sort_input(dt)
        numpy_time(f"sort | {SORT} {dt}", lambda: np.sort(xs))
    for dt in ("float32", "float64", "int32", "int64"):
        xs = sort_input(dt)
        numpy_time(f"argsort | {SORT} {dt}", lambda: np.argsort(xs, kind="stable"))
    numpy_time(f"random | {N} float32", lambda: rng.random(N, dtype=np.float32), n_repeat=5)
    numpy_time(f"random | {N} float64", lambda: rng.random(N), n_repeat=5)
    for dt in ("float32", "float64"):
        numpy_time(f"random standard_normal | {N} {dt}", lambda: rng.standard_normal(N, dtype=dt),
                   n_repeat=5)
    for dt in ("int32", "int64"):
        numpy_time(f"random integers [0, 1000) | {N} {dt}", lambda: rng.integers(0, 1000, N, dtype=dt),
                   n_repeat=5)
    for m in MM:
        a = rng.random((m, m), dtype=np.float32)
        numpy_time(f"matmul | {m}x{m} float32", lambda: a @ a, n_repeat=2)
        a64 = a.astype(np.float64)
        numpy_time(f"matmul | {m}x{m} float64", lambda: a64 @ a64, n_repeat=2)
    if cp is not None:
        g = cp.random.default_rng(0)
        x = g.random(N, dtype=cp.float32); y = g.random(N, dtype=cp.float32)
        cupy_time(f"add | {N} float32", cp.add, x, y)
        o = cp.empty_like(x)
        cupy_time(f"add out= | {N} float32", lambda: cp.add(x, y, out=o))
        xi = x.copy()
        cupy_time(f"add in place (a += b) | {N} float32", lambda: cp.add(xi, y, out=xi))
        cupy_time(f"exp | {N} float32", cp.exp, x)
        cupy_time(f"sum | {N} float32", cp.sum, x)
        cupy_time(f"max | {N} float32", cp.max, x)
        m2 = g.random((R, C), dtype=cp.float32)
        cupy_time(f"sum axis=0 | {R}x{C} float32", lambda: m2.sum(axis=0))
        cupy_time(f"sum axis=1 | {R}x{C} float32", lambda: m2.sum(axis=1))
        cupy_time(f"transpose copy | {R}x{C} float32", lambda: cp.ascontiguousarray(m2.T))
        s1 = g.random(1024, dtype=cp.float32); s2 = g.random(1024, dtype=cp.float32)
        cupy_time("small add (host time) | 1024 float32", cp.add, s1, s2, n_repeat=2000, host=True)
        cupy_time("small multiply (host time) | 1024 float32", cp.multiply, s1, s2, n_repeat=2000, host=True)
        host_batch("small add (host time, back to back) | 1024 float32", lambda: cp.add(s1, s2))
        host_batch("small multiply by scalar (host time, back to back) | 1024 float32", lambda: cp.multiply(s1, 2.0))
        host_batch("small sum (host time, back to back) | 1024 float32", lambda: s1.sum())
        cupy_time("small multiply by scalar (host time) | 1024 float32", cp.multiply, s1, 2.0,
                  n_repeat=2000, host=True)
        cupy_time(f"random | {N} float32", lambda: g.random(N, dtype=cp.float32))
        cupy_time(f"sort | {SORT} float32", cp.sort, x[:SORT], n_repeat=5)
        # issue 20 item 3: every key width, and argsort (the rows cases.rs times)
        rs = np.random.default_rng(7)
        def sort_input_gpu(dt):
            if dt == "int32": return cp.asarray(rs.integers(-2**31, 2**31 - 1, SORT, dtype=np.int32))
            if dt == "int64": return cp.asarray(rs.integers(-2**63, 2**63 - 1, SORT, dtype=np.int64))
            return cp.asarray(rs.random(SORT).astype(dt))
        for dt in ("float64", "int32", "int64"):
            if flt and flt not in f"sort | {SORT} {dt}": continue
            cupy_time(f"sort | {SORT} {dt}", cp.sort, sort_input_gpu(dt), n_repeat=5)
        for dt in ("float32", "float64", "int32", "int64"):
            if flt and flt not in f"argsort | {SORT} {dt}": continue
            cupy_time(f"argsort | {SORT} {dt}", cp.argsort, sort_input_gpu(dt), n_repeat=5)
        for m in (128, 512, 2048):
            for dt in ("float64", "float32"):
                ug = g.random((m, m), dtype=cp.float64).astype(dt)
                cupy_time(f"stencil step (slices) | {m}x{m} {dt}", lambda: stencil(ug))
                if m == 2048:
                    cupy_time(f"stencil step (slices, named functions) | {m}x{m} {dt}",
                              lambda: stencil(ug))
        a2 = g.random((M, M), dtype=cp.float32); b2 = g.random((M, M), dtype=cp.float32)
        A2 = g.random((M + 2, M + 2), dtype=cp.float32); B2 = g.random((M + 2, M + 2), dtype=cp.float32)
        av, bv = A2[1:-1, 1:-1], B2[1:-1, 1:-1]
        cupy_time(f"add (2-D contiguous) | {M}x{M} float32", cp.add, a2, b2)
        cupy_time(f"add (2-D strided views) | {vs}", cp.add, av, bv)
        cupy_time(f"copy (2-D contiguous) | {M}x{M} float32", lambda: a2.copy())
        cupy_time(f"copy (2-D strided view) | {vs}", lambda: av.copy())
        def gassign(): bv[...] = av
        cupy_time(f"assign (2-D strided views) | {vs}", gassign)
        sa, sb = A2[:32, :32][1:-1, 1:-1], B2[:32, :32][1:-1, 1:-1]
        cupy_time("small add of views (host time) | 30x30 of 32x32 float32", cp.add, sa, sb,
                  n_repeat=2000, host=True)
        xg = g.random(NT, dtype=cp.float32)
        cupy_time(f"to_vec | {NT} float32", lambda: xg.get(), n_repeat=5, host=True)
        del xg
        for dt in ("float64", "int32", "int64"):
            xs = cp.asarray(sort_input(dt))
            cupy_time(f"sort | {SORT} {dt}", cp.sort, xs, n_repeat=5)
        for dt in ("float32", "float64", "int32", "int64"):
            xs = cp.asarray(sort_input(dt))
            cupy_time(f"argsort | {SORT} {dt}", cp.argsort, xs, n_repeat=5)
        cupy_time(f"random | {N} float64", lambda: g.random(N))
        for dt in ("float32", "float64"):
            cupy_time(f"random standard_normal | {N} {dt}", lambda: g.standard_normal(N, dtype=dt))
        for dt in ("int32", "int64"):
            cupy_time(f"random integers [0, 1000) | {N} {dt}", lambda: g.integers(0, 1000, N, dtype=dt))
        cupy_time(f"random poisson | {SORT} int64", lambda: g.poisson(3.5, size=SORT), n_repeat=10)
        cupy_time(f"random standard_gamma | {SORT} float64",
                  lambda: g.standard_gamma(2.0, size=SORT), n_repeat=10)
        for m in MM_F32_EXTRA:
            a = g.random((m, m), dtype=cp.float32)
            cupy_time(f"matmul | {m}x{m} float32", cp.matmul, a, a, n_repeat=10)
        for m in MM:
            a = g.random((m, m), dtype=cp.float32)
            cupy_time(f"matmul | {m}x{m} float32", cp.matmul, a, a, n_repeat=10)
            a64 = a.astype(cp.float64)
            cupy_time(f"matmul | {m}x{m} float64", cp.matmul, a64, a64, n_repeat=10)
        del x, y, o, m2
    if torch is not None:
        x = torch.rand(N, device="cuda"); y = torch.rand(N, device="cuda")
        torch_time(f"add | {N} float32", lambda: x + y)
        o = torch.empty_like(x)
        torch_time(f"add out= | {N} float32", lambda: torch.add(x, y, out=o))
        xi = x.clone()
        torch_time(f"add in place (a += b) | {N} float32", lambda: xi.add_(y))
        torch_time(f"exp | {N} float32", lambda: torch.exp(x))
        torch_time(f"sum | {N} float32", lambda: x.sum())
        torch_time(f"max | {N} float32", lambda: x.max())
        m2 = torch.rand(R, C, device="cuda")
        torch_time(f"sum axis=0 | {R}x{C} float32", lambda: m2.sum(0))
        torch_time(f"sum axis=1 | {R}x{C} float32", lambda: m2.sum(1))
        torch_time(f"transpose copy | {R}x{C} float32", lambda: m2.t().contiguous())
        torch_time(f"random | {N} float32", lambda: torch.rand(N, device="cuda"))
        t1 = torch.rand(1024, device="cuda"); t2 = torch.rand(1024, device="cuda")
        host_batch("small add (host time, back to back) | 1024 float32", lambda: t1 + t2, lib="torch")
        host_batch("small multiply by scalar (host time, back to back) | 1024 float32", lambda: t1 * 2.0, lib="torch")
        host_batch("small sum (host time, back to back) | 1024 float32", lambda: t1.sum(), lib="torch")
        torch_time(f"sort | {SORT} float32", lambda: torch.sort(x[:SORT]), n_repeat=5)
        for m in MM_F32_EXTRA:
            a = torch.rand(m, m, device="cuda")
            torch_time(f"matmul | {m}x{m} float32", lambda: a @ a, n_repeat=10)
        for m in MM:
            a = torch.rand(m, m, device="cuda")
            torch_time(f"matmul | {m}x{m} float32", lambda: a @ a, n_repeat=10)
            a64 = a.double()
            torch_time(f"matmul | {m}x{m} float64", lambda: a64 @ a64, n_repeat=10)
        del x, y, o, m2
if "kernel" in suites:
    if np is not None:
        rng = np.random.default_rng(0)
        xh = rng.random(N, dtype=np.float32); yh = rng.random(N, dtype=np.float32)
        numpy_time(f"ufuncs x + y * 2 | {N} float32", lambda: xh + yh * np.float32(2))
        numpy_time(f"ReductionKernel l2norm | {N} float32", lambda: np.sqrt(np.dot(xh, xh)))
    if cp is not None:
        g = cp.random.default_rng(0)
        x = g.random(N, dtype=cp.float32); y = g.random(N, dtype=cp.float32)
        add_mul = cp.ElementwiseKernel('float32 x, float32 y', 'float32 z', 'z = x + y * 2;',
                                       'add_mul_kernel')
        l2 = cp.ReductionKernel('T x', 'T y', 'x * x', 'a + b', 'y = sqrt(a)', '0', 'l2norm')
        cupy_time(f"ElementwiseKernel add_mul | {N} float32", add_mul, x, y)
        cupy_time(f"ufuncs x + y * 2 | {N} float32", lambda: x + y * 2)
        cupy_time(f"ReductionKernel l2norm | {N} float32", l2, x)
        s1 = g.random(1024, dtype=cp.float32); s2 = g.random(1024, dtype=cp.float32)
        add_mul(s1, s2); l2(s1)
        cupy_time("ElementwiseKernel cached call (host time) | 1024 float32", add_mul, s1, s2,
                  n_repeat=2000, host=True)
        cupy_time("ReductionKernel cached call (host time) | 1024 float32", l2, s1,
                  n_repeat=2000, host=True)
        del x, y
    if torch is not None:
        x = torch.rand(N, device="cuda"); y = torch.rand(N, device="cuda")
        torch_time(f"ufuncs x + y * 2 | {N} float32", lambda: x + y * 2)
        torch_time(f"ReductionKernel l2norm | {N} float32", lambda: torch.linalg.vector_norm(x))
        del x, y
if "fuse" in suites:
    G = 512; ALPHA = 0.2
    if np is not None:
        rng = np.random.default_rng(0)
        ah = rng.random(N, dtype=np.float32); bh = rng.random(N, dtype=np.float32)
        numpy_time(f"fuse exp(a)*b+a | {N} float32", lambda: np.exp(ah) * bh + ah)
        numpy_time(f"fuse sum(exp(a)*b+a) | {N} float32", lambda: np.sum(np.exp(ah) * bh + ah))
        numpy_time(f"fuse 2*x+y | {N} float32", lambda: 2 * ah + bh)
        uh = rng.random((G, G), dtype=np.float32); vh = uh.copy()
        def np_step():
            c = uh[1:-1, 1:-1]
            vh[1:-1, 1:-1] = c + ALPHA * (uh[2:, 1:-1] + uh[:-2, 1:-1] + uh[1:-1, 2:] + uh[1:-1, :-2] - 4 * c)
        numpy_time(f"stencil {G}x{G} step plain | {G}x{G} float32", np_step, n_repeat=50)
        del ah, bh
    if cp is not None:
        g = cp.random.default_rng(0)
        a = g.random(N, dtype=cp.float32); b = g.random(N, dtype=cp.float32)
        # cupy.fuse fails on a lambda ("Invalid kernel name: <lambda>"): named functions
        def exp_mul_add(a, b):
            return cp.exp(a) * b + a
        def two_x_plus_y(x, y):
            return 2 * x + y
        def sum_exp_mul_add(a, b):
            return cp.sum(cp.exp(a) * b + a)
        f1 = cp.fuse(exp_mul_add); f2 = cp.fuse(two_x_plus_y); f3 = cp.fuse(sum_exp_mul_add)
        cupy_time(f"fuse exp(a)*b+a | {N} float32", f1, a, b)
        cupy_time(f"fuse sum(exp(a)*b+a) | {N} float32", f3, a, b)
        cupy_time(f"fuse 2*x+y | {N} float32", f2, a, b)
        cupy_time(f"unfused 2*x+y | {N} float32", lambda: 2 * a + b)
        del a, b
        u = g.random((G, G), dtype=cp.float32); v = u.copy()
        def cp_step():
            c = u[1:-1, 1:-1]
            v[1:-1, 1:-1] = c + ALPHA * (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * c)
        def heat_step(c, up, down, right, left):
            return c + ALPHA * (up + down + right + left - 4 * c)
        fs = cp.fuse(heat_step)
        def cp_fused_step():
            # cupy.fuse has no out= for a view: the result is assigned (one more copy kernel)
            v[1:-1, 1:-1] = fs(u[1:-1, 1:-1], u[2:, 1:-1], u[:-2, 1:-1], u[1:-1, 2:], u[1:-1, :-2])
        cupy_time(f"stencil {G}x{G} step plain | {G}x{G} float32", cp_step, n_repeat=200)
        cupy_time(f"stencil {G}x{G} step fuse | {G}x{G} float32", cp_fused_step, n_repeat=200)
        del u, v
if "fuse" in suites and cp is not None:
    # cases_graph.rs: the 5-point stencil with slices, one step captured into a CUDA graph
    def stencil_step(u, alpha=np.float32(0.1)):
        c = u[1:-1, 1:-1]
        c[...] = c + alpha * (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * c)
    SN = 512
    u = cp.random.default_rng(0).random((SN, SN), dtype=cp.float32)
    key = f"stencil {SN}x{SN} step"
    cupy_time(f"{key} (ops, no graph) | {SN}x{SN} float32", stencil_step, u, n_repeat=200)
    try:
        st = cp.cuda.Stream(non_blocking=True)
        with st:
            stencil_step(u)  # compile outside the capture
            st.begin_capture()
            stencil_step(u)
            gr = st.end_capture()
        gr.upload()
        cupy_time(f"{key} (graph replay) | {SN}x{SN} float32", lambda: gr.launch(), n_repeat=200)
    except Exception as e:
        print("cupy graph capture of the stencil failed:", e, file=sys.stderr)
    del u
if "linalg" in suites and cp is not None:
    g = cp.random.default_rng(0)
    for n in LA:
        A = g.random((n, n), dtype=cp.float64) + n * cp.eye(n)
        S = A @ A.T
        sh = f"{n}x{n} float64"
        cupy_time(f"inv | {sh}", cp.linalg.inv, A, n_repeat=5)
        cupy_time(f"solve | {sh}", cp.linalg.solve, A, A[:, :16], n_repeat=5)
        cupy_time(f"cholesky | {sh}", cp.linalg.cholesky, S, n_repeat=5)
        cupy_time(f"qr | {sh}", cp.linalg.qr, A, n_repeat=3)
        cupy_time(f"eigh | {sh}", cp.linalg.eigh, S, n_repeat=3)
        cupy_time(f"svd | {sh}", cp.linalg.svd, A, n_repeat=2)
if "fft" in suites and cp is not None:
    g = cp.random.default_rng(0)
    s = g.random((F2, F2), dtype=cp.float32).astype(cp.complex64)
    cupy_time(f"fft2 | {F2}x{F2} complex64", cp.fft.fft2, s)
    r1 = g.random(RF, dtype=cp.float32)
    cupy_time(f"rfft | {RF} float32", cp.fft.rfft, r1)
    b = g.random((RF // 256, 256), dtype=cp.float32).astype(cp.complex64)
    cupy_time(f"fft batched 1-D | {RF // 256}x256 complex64", cp.fft.fft, b)
if "memory" in suites and cp is not None:
    import cupyx
    B = 1 << 30 if full else 64 << 20
    pool = cp.get_default_memory_pool()
    pool.malloc(1 << 20)  # warm: the block is cached when the pointer dies
    def allocfree():
        for _ in range(1000):
            m = pool.malloc(1 << 20)
            del m
    cupy_time("alloc+free x1000 (host time) | 1 MiB, warm pool", allocfree, n_repeat=200, host=True)
    P = cupyx.empty_pinned((B,), dtype=np.uint8); P[...] = 1
    cupy_time(f"pinned H2D | {B} bytes", lambda: cp.asarray(P), n_repeat=10)
    dv = cp.empty(B, dtype=cp.uint8)
    cupy_time(f"pinned D2H | {B} bytes", lambda: dv.get(out=P), n_repeat=10)
    H = np.ones(B, dtype=np.uint8)
    cupy_time(f"pageable H2D | {B} bytes", lambda: cp.asarray(H), n_repeat=10)
    cupy_time(f"pageable D2H | {B} bytes", lambda: dv.get(), n_repeat=5)
    del P, dv, H
    if torch is not None:
        tp = torch.ones(B, dtype=torch.uint8).pin_memory()
        torch_time(f"pinned H2D | {B} bytes", lambda: tp.to("cuda", non_blocking=True), n_repeat=10)
        td = torch.empty(B, dtype=torch.uint8, device="cuda")
        torch_time(f"pinned D2H | {B} bytes", lambda: tp.copy_(td, non_blocking=True), n_repeat=10)
        th = torch.ones(B, dtype=torch.uint8)
        torch_time(f"pageable H2D | {B} bytes", lambda: th.to("cuda"), n_repeat=10)
        del tp, td, th
def poisson(ssp, G, dt):
    # the 5-point Poisson matrix of a G x G grid, as cases_sparse.rs builds it (int32 indices)
    e = np.ones(G, dtype=dt)
    T = ssp.diags([-e[:-1], 4 * e, -e[:-1]], [-1, 0, 1], format="csr", dtype=dt)
    I = ssp.identity(G, dtype=dt, format="csr")
    Off = ssp.diags([-e[:-1], -e[:-1]], [-1, 1], format="csr", dtype=dt)
    A = (ssp.kron(I, T) + ssp.kron(Off, I)).tocsr().astype(dt)
    A.sort_indices(); A.indices = A.indices.astype(np.int32); A.indptr = A.indptr.astype(np.int32)
    return A

def sparse_products(ssp, G, cpu):
    # issue 16 item 7: SpMV, SpMM, SpGEMM, conversions of the float32 Poisson matrix
    n = G * G
    A = poisson(ssp, G, np.float32)
    nnz = A.nnz
    sh = f"poisson {G}x{G} ({n} rows, {nnz} nnz) float32"
    c = A.tocoo()
    d = c.row == c.col
    row = np.concatenate([c.row, np.arange(n)]).astype(np.int32)
    col = np.concatenate([c.col, np.arange(n)]).astype(np.int32)
    val = np.concatenate([np.where(d, 2.0, c.data), np.full(n, 2.0)]).astype(np.float32)
    x = np.ones(n, dtype=np.float32); X = np.ones((n, 8), dtype=np.float32)
    if cpu:
        numpy_time(f"spmv | {sh}", lambda: A @ x, n_repeat=10)
        numpy_time(f"spmm 8 rhs | {sh}", lambda: A @ X, n_repeat=5)
        numpy_time(f"spgemm A@A | {sh}", lambda: A @ A, n_repeat=3)
        numpy_time(f"csr->csc | {sh}", lambda: A.tocsc(), n_repeat=3)
        C = ssp.coo_matrix((val, (row, col)), shape=(n, n))
        numpy_time(f"coo (duplicates)->csr | {sh}", lambda: C.tocsr(), n_repeat=3)
    if cp is not None:
        import cupyx.scipy.sparse as csp
        Ag = csp.csr_matrix((cp.asarray(A.data), cp.asarray(A.indices), cp.asarray(A.indptr)), shape=(n, n))
        xg = cp.ones(n, dtype=cp.float32); Xg = cp.ones((n, 8), dtype=cp.float32)
        cupy_time(f"spmv | {sh}", lambda: Ag @ xg)
        cupy_time(f"spmm 8 rhs | {sh}", lambda: Ag @ Xg)
        cupy_time(f"spgemm A@A | {sh}", lambda: Ag @ Ag, n_repeat=5)
        cupy_time(f"csr->csc | {sh}", lambda: Ag.tocsc())
        rg, cg_, vg = cp.asarray(row), cp.asarray(col), cp.asarray(val)
        # a fresh COO each time: CuPy caches the canonical form on the matrix
        cupy_time(f"coo (duplicates)->csr | {sh}",
                  lambda: csp.coo_matrix((vg, (rg, cg_)), shape=(n, n)).tocsr())

def tol_kw(f):
    # SciPy >= 1.12 and recent CuPy call it rtol, older CuPy tol
    import inspect
    try:
        return "rtol" if "rtol" in inspect.signature(f).parameters else "tol"
    except (TypeError, ValueError):
        return "rtol"

def sparse_linalg(ssp, g_cg, g_lu, g_eig, cpu):
    # issue 17 item 6: cg x 100 iterations, spsolve, eigsh k=6 LM, float64 Poisson matrices
    rows = lambda g: f"poisson {g}x{g} ({g * g} rows) float64"
    A_cg, A_lu, A_eig = (poisson(ssp, g, np.float64) for g in (g_cg, g_lu, g_eig))
    if cpu:
        import scipy.sparse.linalg as sla
        b = np.ones(g_cg * g_cg)
        kw = {tol_kw(sla.cg): 0.0, "atol": 0.0, "maxiter": 100}
        numpy_time(f"cg x100 iterations | {rows(g_cg)}", lambda: sla.cg(A_cg, b, **kw), n_repeat=3)
        bl = np.ones(g_lu * g_lu); Ac = A_lu.tocsc()
        numpy_time(f"spsolve | {rows(g_lu)}", lambda: sla.spsolve(Ac, bl), n_repeat=3)
        numpy_time(f"eigsh k=6 LM | {rows(g_eig)}",
                   lambda: sla.eigsh(A_eig, k=6, which="LM", return_eigenvectors=False), n_repeat=3)
    if cp is not None:
        import cupyx.scipy.sparse as csp
        import cupyx.scipy.sparse.linalg as csla
        dev = lambda A: csp.csr_matrix((cp.asarray(A.data), cp.asarray(A.indices), cp.asarray(A.indptr)), shape=A.shape)
        Ag, Lg, Eg = dev(A_cg), dev(A_lu), dev(A_eig)
        bg = cp.ones(g_cg * g_cg); blg = cp.ones(g_lu * g_lu)
        kw = {tol_kw(csla.cg): 0.0, "atol": 0.0, "maxiter": 100}
        cupy_time(f"cg x100 iterations | {rows(g_cg)}", lambda: csla.cg(Ag, bg, **kw), n_repeat=10)
        # the sizes (cpu=False) take seconds a solve on both sides: one warm-up, one
        # timed solve (cases_sparse.rs: repeat 1, which gives one warm-up there too)
        rep, warm = (3, 3) if cpu else (1, 1)
        cupy_time(f"spsolve | {rows(g_lu)}", lambda: csla.spsolve(Lg, blg), n_repeat=rep, n_warmup=warm)
        cupy_time(f"eigsh k=6 LM | {rows(g_eig)}",
                  lambda: csla.eigsh(Eg, k=6, which="LM", return_eigenvectors=False),
                  n_repeat=rep, n_warmup=warm)

if "sparse" in suites:
    # as cases_sparse.rs: --size full adds the sizes on the GPU only; the quick sizes
    # run on both (the CPU side stays within about 100 s)
    ssp = optional("scipy.sparse", "scipy")
    if ssp is not None and np is not None:
        if full:
            sparse_products(ssp, 2048, cpu=False)
            sparse_linalg(ssp, 2048, 500, 1000, cpu=False)
        sparse_products(ssp, 512, cpu=True)
        sparse_linalg(ssp, 512, 100, 128, cpu=True)
if "cavity" in suites:
    # issue 21: the cavity example's algorithm in CuPy (examples/cavity/cavity_cupy.py, whose
    # text cuprum-bench passes in CUPRUM_CAVITY_SRC), the rows of cases_cavity.rs: a 20-step
    # warm-up, then the median of 3 full runs to steady state (wall time, synchronized)
    import os
    src = os.environ.get("CUPRUM_CAVITY_SRC")
    if src is None:
        print("cavity: CUPRUM_CAVITY_SRC not set, cavity_cupy.py not available", file=sys.stderr)
    else:
        cav = {"__name__": "cavity_cupy"}
        exec(compile(src, "cavity_cupy.py", "exec"), cav)
        for re_, n_, cpu_ok in ((100.0, 65, True), (1000.0, 257, False)):
            key = f"cavity Re {re_:g} to steady state | {n_}x{n_} float64, tol 1e-4"
            if flt and flt not in key: continue
            libs = [("cupy_ms", False)] if cp is not None else []
            if cpu_ok and np is not None: libs.append(("numpy_ms", True))
            for lib, use_np in libs:
                cav["solve"](re_, n_, max_steps=20, use_numpy=use_np)
                ts = sorted(cav["solve"](re_, n_, use_numpy=use_np)["seconds"] for _ in range(3))
                put(key, lib, ts[1] * 1e3)
