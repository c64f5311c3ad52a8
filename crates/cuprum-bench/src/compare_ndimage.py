# The `ndimage` suite's rows (issue 41) through CuPy (GPU) and SciPy (CPU, under "numpy_ms");
# runs after compare.py, whose helpers (cupy_time, numpy_time, put, flt, full) it uses.
# The inputs match cases_ndimage.rs in kind (uniform float32 images, masks with about half the
# elements set, the same rotated grid), not bit for bit.
if "ndimage" in suites:
    snd = optional("scipy.ndimage", "scipy")
    cnd = optional("cupyx.scipy.ndimage")
    NB, NS = (4096, 2048) if full else (1024, 512)
    rng = np.random.default_rng(0)
    big = rng.random((NB, NB), dtype=np.float32)
    small = rng.random((NS, NS), dtype=np.float32)
    mbig = rng.random((NB, NB), dtype=np.float32) < 0.5
    msmall = rng.random((NS, NS), dtype=np.float32) < 0.5

    def rotated_grid(n):
        # cases_ndimage.rs: the output grid turned by 0.1 rad about the centre, float32
        y, x = np.indices((n, n)).astype(np.float32)
        c = np.float32((n - 1) / 2); s, co = np.float32(np.sin(0.1)), np.float32(np.cos(0.1))
        y = y - c; x = x - c
        return np.stack([y * co - x * s + c, y * s + x * co + c])
    grid = rotated_grid(NS)

    class NewSigma:
        # each call takes a sigma never used before (radius 16 as sigma 4)
        def __init__(self, lib, x): self.lib, self.x, self.k = lib, x, 0
        def __call__(self):
            self.k += 1
            return self.lib.gaussian_filter(self.x, 4.0 + self.k * 1e-4)

    def rows(lib, timer, big, small, mbig, msmall, grid, fast):
        kb, ks = f"{NB}x{NB}", f"{NS}x{NS}"
        timer(f"gaussian_filter sigma=4 | {kb} float32", lambda: lib.gaussian_filter(big, 4.0))
        timer(f"gaussian_filter first call with a new sigma | {kb} float32", NewSigma(lib, big),
              **fast)
        timer(f"uniform_filter size=9 | {kb} float32", lambda: lib.uniform_filter(big, 9))
        timer(f"median_filter 5x5 | {ks} float32", lambda: lib.median_filter(small, 5))
        timer(f"label random half-filled mask | {kb} bool", lambda: lib.label(mbig))
        timer(f"distance_transform_edt random half-filled mask | {ks} bool",
              lambda: lib.distance_transform_edt(msmall))
        timer(f"map_coordinates order=3 rotated grid | {ks} float32",
              lambda: lib.map_coordinates(small, grid, order=3))
        timer(f"zoom x2 order=3 | {ks} float32", lambda: lib.zoom(small, 2.0, order=3))

    if snd is not None:
        rows(snd, numpy_time, big, small, mbig, msmall, grid, {})
    if cp is not None and cnd is not None:
        g = lambda a: cp.asarray(a)
        # the new-sigma row: no warm-up call reused (each call's sigma is new anyway)
        rows(cnd, lambda k, f, **kw: cupy_time(k, f, **kw), g(big), g(small), g(mbig),
             g(msmall), g(grid), {"n_warmup": 0})
