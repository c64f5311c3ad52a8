# The `special` suite's rows (issue 42) through CuPy (GPU) and SciPy (CPU, under "numpy_ms");
# runs after compare.py, whose helpers (cupy_time, numpy_time, put, flt, full) it uses.
# Same rows and input ranges as cases_special.rs (uniform numbers, not the same draws).
if "special" in suites:
    import scipy.special as ss
    cs = optional("cupyx.scipy.special")
    N32, N64, NJV = (1 << 27, 1 << 24, 1 << 24) if full else (1 << 20, 1 << 18, 1 << 16)
    rng = np.random.default_rng(0)

    def uni(n, dt, lo, hi):
        return (rng.random(n, dtype=dt) * dt(hi - lo) + dt(lo)).astype(dt)

    for name, lo, hi in [("erf", -4, 4), ("gammaln", 0, 100), ("expit", -20, 20),
                         ("i0e", 0, 50), ("j1", 0, 50)]:
        key = f"{name} | {N32} float32"
        if flt and flt not in key: continue
        xh = uni(N32, np.float32, lo, hi)
        numpy_time(key, lambda: getattr(ss, name)(xh))
        if cp is not None and cs is not None:
            x = cp.asarray(xh)
            cupy_time(key, getattr(cs, name), x)
            del x
        del xh

    key = f"gammainc | {N64} float64"
    if not flt or flt in key:
        ah = uni(N64, np.float64, 0, 20); xh = uni(N64, np.float64, 0, 20)
        numpy_time(key, lambda: ss.gammainc(ah, xh))
        if cp is not None and cs is not None:
            cupy_time(key, cs.gammainc, cp.asarray(ah), cp.asarray(xh), n_repeat=10)
    key = f"betainc | {N64} float64"
    if not flt or flt in key:
        ah = uni(N64, np.float64, 0, 20); bh = uni(N64, np.float64, 0, 20)
        xh = uni(N64, np.float64, 0, 1)
        numpy_time(key, lambda: ss.betainc(ah, bh, xh))
        if cp is not None and cs is not None:
            cupy_time(key, cs.betainc, cp.asarray(ah), cp.asarray(bh), cp.asarray(xh),
                      n_repeat=10)
    # CuPy has no jv (cupy#6982): SciPy on the CPU only
    key = f"jv | {NJV} float64"
    if not flt or flt in key:
        vh = uni(NJV, np.float64, 0, 20); xh = uni(NJV, np.float64, 0, 50)
        numpy_time(key, lambda: ss.jv(vh, xh))
