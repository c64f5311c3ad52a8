# The `signal` suite's rows (issue 40) through CuPy (GPU) and SciPy (CPU, under "numpy_ms");
# runs after compare.py, whose helpers (cupy_time, numpy_time, put, flt, full) it uses.
# Sizes and keys as cases_signal.rs.
if "signal" in suites:
    import scipy.signal as ssig
    csig = optional("cupyx.scipy.signal")
    if full:
        S_IIR, S_RS, S_F1, S_F2, S_W, S_M = 10_000_000, 100_000_000, 1 << 22, 1 << 12, 100_000_000, 4096
    else:
        S_IIR, S_RS, S_F1, S_F2, S_W, S_M = 1_000_000, 4_000_000, 1 << 18, 1 << 10, 4_000_000, 1024
    REP = 10 if full else 5
    rng = np.random.default_rng(0)
    b8, a8 = ssig.butter(8, 0.2)
    sos8 = ssig.butter(8, 0.2, output="sos")

    def rows(xp, sig, tm):
        # tm(key, f, *args): cupy_time or numpy_time with the suite's repeat count
        x = xp.asarray(rng.random(S_IIR))
        b, a = xp.asarray(b8), xp.asarray(a8)
        tm(f"lfilter butter order 8 (ba) | {S_IIR} float64", sig.lfilter, b, a, x)
        x32 = xp.asarray(rng.random(S_IIR, dtype=np.float32))
        sos = xp.asarray(sos8)
        tm(f"sosfilt butter order 8 | {S_IIR} float32", sig.sosfilt, sos, x32)
        del x, x32
        xr = xp.asarray(rng.random(S_RS, dtype=np.float32))
        tm(f"resample_poly up 3 down 2 | {S_RS} float32", sig.resample_poly, xr, 3, 2)
        del xr
        f1 = xp.asarray(rng.random(S_F1, dtype=np.float32))
        f2 = xp.asarray(rng.random(S_F2, dtype=np.float32))
        tm(f"fftconvolve | {S_F1} by {S_F2} float32", sig.fftconvolve, f1, f2)
        del f1, f2
        xw = xp.asarray(rng.random(S_W, dtype=np.float32))
        tm(f"welch nperseg 4096 | {S_W} float32", lambda v: sig.welch(v, nperseg=4096), xw)
        del xw
        im = xp.asarray(rng.random((S_M, S_M), dtype=np.float32))
        k7 = xp.asarray(rng.random((7, 7), dtype=np.float32))
        tm(f"convolve2d 7x7 | {S_M}x{S_M} float32", sig.convolve2d, im, k7)

    if csig is not None and cp is not None:
        rows(cp, csig, lambda key, f, *a: cupy_time(key, f, *a, n_repeat=REP))
    rows(np, ssig, lambda key, f, *a: numpy_time(key, lambda: f(*a)))
