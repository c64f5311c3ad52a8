# The `interpolate` suite's rows (issue 43) through CuPy (GPU) and SciPy (CPU, under "numpy_ms");
# runs after compare.py, whose helpers (cupy_time, numpy_time, put, flt, full) it uses.
# As cases_interpolate.rs: each row times construction + evaluation, float64 uniform random data;
# --size full adds the sizes on the GPU only, the quick sizes run on both.
def interpolate_rows(sz, cpu):
    (nk, nq), (g, ng), (nr, nrq), nkd, (ncd, f) = sz
    keys = {
        "cs": f"CubicSpline build+eval | {nk} knots, {nq} points float64",
        "rgi": f"RegularGridInterpolator linear | {g}^3 grid, {ng} points float64",
        "rbf": f"RBFInterpolator thin_plate_spline | {nr} nodes, {nrq} points 2-d float64",
        "kd": f"KDTree build+query k=8 | {nkd} points, {nkd} queries 3-d float64",
        "cd": f"cdist euclidean | {ncd}x{ncd}x{f} float64",
    }
    rep = 3 if cpu else 5
    for mod, timer, xp, tag in (("scipy", numpy_time, np, "cpu"), ("cupyx.scipy", cupy_time, cp, "gpu")):
        if xp is None or (tag == "cpu" and not cpu):
            continue
        try:
            import importlib
            si = importlib.import_module(mod + ".interpolate")
            ss = importlib.import_module(mod + ".spatial")
        except Exception as e:
            print(f"{mod} not available:", e, file=sys.stderr); continue
        kw = {"n_repeat": rep}
        def rnd(seed, shape):
            if tag == "cpu":
                return np.random.default_rng(seed).random(shape)
            return cp.random.default_rng(seed).random(shape, dtype=cp.float64)
        x = xp.linspace(0.0, 1.0, nk); y = rnd(1, nk); xq = rnd(2, nq)
        timer(keys["cs"], lambda: si.CubicSpline(x, y)(xq), **kw)
        del x, y, xq
        ax = xp.linspace(0.0, 1.0, g); vals = rnd(3, (g, g, g)); xi = rnd(4, (ng, 3))
        timer(keys["rgi"], lambda: si.RegularGridInterpolator((ax, ax, ax), vals)(xi), **kw)
        del vals, xi
        yr = rnd(5, (nr, 2)); vr = rnd(6, nr); xr = rnd(7, (nrq, 2))
        timer(keys["rbf"], lambda: si.RBFInterpolator(yr, vr, kernel="thin_plate_spline")(xr),
              n_repeat=min(rep, 3))
        del yr, vr, xr
        try:
            data = rnd(8, (nkd, 3)); q = rnd(9, (nkd, 3))
            timer(keys["kd"], lambda: ss.KDTree(data).query(q, k=8), n_repeat=min(rep, 3))
            del data, q
        except Exception as e:
            print(f"{mod}.spatial.KDTree:", e, file=sys.stderr)
        try:
            # CuPy's cdist needs pylibraft
            a = rnd(10, (ncd, f)); b = rnd(11, (ncd, f))
            timer(keys["cd"], lambda: ss.distance.cdist(a, b, "euclidean"), **kw)
            del a, b
        except Exception as e:
            print(f"{mod}.spatial.distance.cdist:", e, file=sys.stderr)

if "interpolate" in suites:
    if full:
        interpolate_rows(((1_000_000, 10_000_000), (256, 10_000_000), (10_000, 1_000_000),
                          1_000_000, (10_000, 64)), cpu=False)
    interpolate_rows(((100_000, 1_000_000), (64, 1_000_000), (1_000, 20_000), 100_000, (2_000, 64)),
                     cpu=True)
