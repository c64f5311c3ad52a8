"""Writes complex.txt: SciPy 1.17.1's values of the special functions of a complex argument
on grids of complex points (python3 complex.py > complex.txt). Sections [<fn>.<col>]: zr, zi
(the argument), wr, wi (SciPy on complex128), wr32, wi32 (SciPy on the complex64-rounded argument,
which SciPy computes in complex128 and rounds)."""
import numpy as np
import scipy
import scipy.special as sc

rng = np.random.default_rng(20261207)


def rand_pts(n, lo, hi):
    """n points with magnitude log-uniform in [10^lo, 10^hi] and uniform argument, rounded to 4
    significant digits."""
    r = 10.0 ** rng.uniform(lo, hi, n)
    t = rng.uniform(-np.pi, np.pi, n)
    z = r * np.exp(1j * t)
    return [complex(float(f"{c.real:.4g}"), float(f"{c.imag:.4g}")) for c in z]


def gamma_pts():
    pts = rand_pts(60, -3, 1) + rand_pts(40, 1, 2.2)
    # near the poles, on and off the real axis
    for n in [0, 1, 2, 3, 5, 10, 20]:
        for e in [1e-8, -1e-8, 1e-3j, -1e-3j, 1e-3 + 1e-3j, 0.5, 0.5 + 0.5j]:
            pts.append(complex(-n) + e)
    # the negative real axis (both signs of zero) and the Taylor regions about 1 and 2
    for x in [-0.5, -2.5, -7.3, -30.25, -150.5]:
        pts += [complex(x, 0.0), complex(x, -0.0), complex(x, 1e-300), complex(x, -1e-10)]
    pts += [1 + 0.1j, 0.95 - 0.1j, 2.1 + 0.05j, 1.9 - 0.15j, 1.5 + 0j, 0.3 + 6.9j, -3 + 7.1j]
    # large imaginary parts and real parts past the switch to Stirling
    pts += [0.5 + 30j, -0.5 - 60j, 7.5 + 0.1j, 7 - 3j, 150 + 10j, 3 + 100j, -100 + 100j]
    # poles and non-finite values
    pts += [complex(0, 0), complex(-3, 0), complex(np.inf, 0), complex(np.nan, 1), complex(1, np.inf)]
    return pts


def digamma_pts():
    pts = rand_pts(60, -3, 1) + rand_pts(30, 1, 4)
    for n in [0, 1, 2, 5, 20]:
        for e in [1e-8, -1e-8, 1e-3j, 0.5, 0.25 + 0.5j]:
            pts.append(complex(-n) + e)
    # about the two roots nearest the origin, the reflection region, large |z|
    pts += [-0.504 + 0.01j, -0.6 - 0.1j, -0.3 + 0j, 1.46 + 0.001j, 1.2 - 0.3j, 1.8 + 0.2j]
    pts += [-5.5 + 15j, -5.5 + 17j, -20 - 3j, 15 + 5j, 17 + 0j, 0.2 + 0.1j, 0.0 + 0.4j]
    pts += [1e5 + 1e5j, -1e5 + 1j, 3e8 - 2j]
    pts += [complex(0, 0), complex(-4, 0), complex(np.inf, 0), complex(-np.inf, 1), complex(np.nan, 0)]
    return pts


def small_pts():
    """expm1/log1p: around 0 (cancellation), near the log1p branch point -1 and the circle
    |1 + z| = 1, and large |z|."""
    pts = rand_pts(60, -12, 0) + rand_pts(30, 0, 2.5)
    pts += [-1e-8 + 1.4142e-4j, -0.005 + 0.1j, -0.02 + 0.2j, -0.125 - 0.5j, -0.3 + 0.7j]
    pts += [-1 + 0j, -1 + 1e-10j, -2 + 0j, -2 - 0j, -1.5 + 1e-300j, 0.5 + 0j, -0.5 + 0j]
    pts += [-50 + 3j, -41 + 1j, 30 - 2j, 700 + 1j, 1e-300 + 1e-300j, 0.3 + 1e-20j]
    pts += [complex(np.inf, 0), complex(-np.inf, 2), complex(np.nan, 0), complex(1, np.nan)]
    return pts


def emit(name, f, pts):
    z = np.array(pts, dtype=np.complex128)
    with np.errstate(all="ignore"):
        w = f(z)
        w32 = f(z.astype(np.complex64))
    assert w.dtype == np.complex128 and w32.dtype == np.complex64, name
    cols = [
        ("zr", z.real, f"z: {len(z)} points"),
        ("zi", z.imag, None),
        ("wr", w.real, f"w = scipy.special.{name}(z) (complex128); w.real"),
        ("wi", w.imag, "w.imag"),
        ("wr32", w32.real.astype(np.float64), f"scipy.special.{name}(z.astype(np.complex64)), real part as float64"),
        ("wi32", w32.imag.astype(np.float64), "its imaginary part"),
    ]
    for col, v, note in cols:
        if note:
            print(f"# {note}")
        print(f"[{name}.{col}]")
        words = [repr(float(x)) for x in v]
        line = ""
        for wd in words:
            if len(line) + len(wd) + 1 > 99:
                print(line)
                line = ""
            line = wd if not line else line + " " + wd
        if line:
            print(line)


def erf_pts():
    """The error function family: random points, the Taylor regions (|z| < 5e-3 and |x y| <
    5e-3), both axes, the underflow of exp(-z^2) and large |z|."""
    pts = rand_pts(60, -4, 0.5) + rand_pts(40, 0.5, 1.6)
    pts += [1e-3 + 2e-3j, -4e-3 + 1e-4j, 1e-3 + 2j, -2e-3 - 1.5j, 3 + 1e-3j, -50 + 1e-5j]
    pts += [4e7 + 1e-9j, 6e7 - 1e-10j, 0.004 + 0.3j, 2 + 1e-4j, -2 - 2e-4j]
    pts += [0j, complex(0, 2.5), complex(0, -30), complex(-0.0, 0.5), complex(1.5, 0), complex(-3, 0)]
    pts += [complex(30, 2), complex(-30, 2), complex(3, 28), complex(-0.5, -27), complex(10, -10)]
    pts += [complex(np.nan, 0), complex(np.nan, 1), complex(1, np.nan), complex(np.inf, 0)]
    return pts


def expint_pts():
    """exp1 and expi: random points, both sides of the negative real axis (the branch cut), the
    wedge about it out to |z| = 40 (power series) and the continued fraction beyond."""
    pts = rand_pts(60, -3, 0.7) + rand_pts(40, 0.7, 2.5)
    for x in [-0.5, -3.0, -12.0, -39.0, -45.0, 0.7, 8.0, 60.0]:
        pts += [complex(x, 0.0), complex(x, -0.0), complex(x, 1e-8), complex(x, -1e-8)]
    pts += [-30 + 14j, -30 + 16j, 4.9 + 0.5j, 5.1 - 0.5j, 1e-10 + 1e-10j, 700 + 1j, -700 + 1j]
    pts += [complex(0, 0), complex(np.nan, 1), complex(np.inf, 0)]
    return pts


def ndtr_pts():
    """ndtr and log_ndtr: as erf_pts scaled by sqrt 2, plus the upper tail Re z > 6 where
    log_ndtr takes -ndtr(-z)."""
    pts = [complex(c.real * 1.414, c.imag * 1.414) for c in erf_pts()]
    pts += [6.5 + 0.1j, 8 - 1j, 10 + 3j, 7 + 0j, 40 + 1j, -8 + 0.5j, -40 - 20j, 3 + 9j, 0.1 - 30j]
    return pts


def emit2(name, f, xs, ys):
    """A function of two complex arguments: columns xr, xi, yr, yi, wr, wi, wr32, wi32 (the
    last two with both arguments complex64)."""
    x = np.array(xs, dtype=np.complex128)
    y = np.array(ys, dtype=np.complex128)
    with np.errstate(all="ignore"):
        w = f(x, y)
        w32 = f(x.astype(np.complex64), y.astype(np.complex64))
    assert w.dtype == np.complex128 and w32.dtype == np.complex64, name
    cols = [
        ("xr", x.real, f"x, y: {len(x)} pairs"),
        ("xi", x.imag, None),
        ("yr", y.real, None),
        ("yi", y.imag, None),
        ("wr", w.real, f"w = scipy.special.{name}(x, y) (complex128); w.real"),
        ("wi", w.imag, "w.imag"),
        ("wr32", w32.real.astype(np.float64), "both arguments complex64: real part as float64"),
        ("wi32", w32.imag.astype(np.float64), "its imaginary part"),
    ]
    for col, v, note in cols:
        if note:
            print(f"# {note}")
        print(f"[{name}.{col}]")
        line = ""
        for wd in (repr(float(t)) for t in v):
            if len(line) + len(wd) + 1 > 99:
                print(line)
                line = ""
            line = wd if not line else line + " " + wd
        if line:
            print(line)


def emit_pair(name, f, pts):
    """A function with two complex results: columns zr, zi, ar, ai, br, bi (complex128) and
    ar32, ai32, br32, bi32 (complex64)."""
    z = np.array(pts, dtype=np.complex128)
    with np.errstate(all="ignore"):
        a, b = f(z)
        a32, b32 = f(z.astype(np.complex64))
    assert a.dtype == np.complex128 and a32.dtype == np.complex64, name
    cols = [
        ("zr", z.real, f"z: {len(z)} points"),
        ("zi", z.imag, None),
        ("ar", a.real, f"a, b = scipy.special.{name}(z) (complex128); a.real"),
        ("ai", a.imag, "a.imag"),
        ("br", b.real, "b.real"),
        ("bi", b.imag, "b.imag"),
        ("ar32", a32.real.astype(np.float64), "the same of z.astype(np.complex64), as float64"),
        ("ai32", a32.imag.astype(np.float64), None),
        ("br32", b32.real.astype(np.float64), None),
        ("bi32", b32.imag.astype(np.float64), None),
    ]
    for col, v, note in cols:
        if note:
            print(f"# {note}")
        print(f"[{name}.{col}]")
        line = ""
        for wd in (repr(float(t)) for t in v):
            if len(line) + len(wd) + 1 > 99:
                print(line)
                line = ""
            line = wd if not line else line + " " + wd
        if line:
            print(line)


def sici_pts():
    """sici and shichi: random points, the series region |z| < 0.8, both axes, both sides of
    the negative real axis, infinities."""
    pts = rand_pts(60, -3, 0.7) + rand_pts(40, 0.7, 2.3)
    pts += [0.5 + 0.5j, -0.7 + 0j, 0.79j, -0.79j, 2j, -2j, complex(-3, 0.0), complex(-3, -0.0)]
    pts += [complex(5, 0), complex(-5, 1e-9), complex(0, 30), complex(40, 0.5), -20 - 20j]
    pts += [0j, complex(np.inf, 0), complex(-np.inf, 0)]
    return pts


def fresnel_pts():
    """fresnel: random points from 1e-12 to 1e4 in modulus (the power series below |z| = 2.5,
    the backward recurrence below 4.5, the asymptotic expansions beyond, overflowing where
    |Im(pi z^2 / 2)| > 710), both parts up to 50, near both axes, on the region boundaries and
    the diagonals that separate the quadrants of the expansions, non-finite values."""
    pts = rand_pts(60, -12, 0.35) + rand_pts(30, 0.35, 0.7) + rand_pts(40, 0.7, 4)
    box = rng.uniform(-50, 50, (20, 2))
    pts += [complex(float(f"{a:.4g}"), float(f"{b:.4g}")) for a, b in box]
    for x in [5.5, 12.25, 30.0, 50.0, -7.5, -45.0, 300.0, 1e4]:
        pts += [complex(x, 1e-3), complex(x, -0.05), complex(1e-3, x), complex(-0.05, -x)]
    pts += [2.5 + 0j, 2.5j, 1.5 + 2j, -2 - 1.5j, 4.5 + 0j, -4.5j, 2.7 + 3.6j, 3.6 - 2.7j]
    pts += [3 + 3j, 5 + 5j, -6 + 6j, 7 - 7j, -10 - 10j, 30 + 30j, 1 + 1j, 0.5 - 0.5j]
    pts += [0j, complex(-0.0, 0.0), complex(np.inf, 0), complex(-np.inf, 0), complex(0, np.inf)]
    pts += [complex(np.nan, 0), complex(1, np.nan), complex(np.inf, np.inf)]
    return pts


def xlogy_pts():
    """(x, y) pairs: random, x = 0 (with y = 0, inf, NaN), y near 1 and near -1 for log1p."""
    xs = rand_pts(50, -3, 2)
    ys = rand_pts(50, -6, 2)
    xs += [0j, 0j, 0j, 0j, 1 + 1j, -2 + 0j, 3j, 1e-300 + 0j, complex(np.nan, 0)]
    ys += [1 + 1j, 0j, complex(np.inf, 0), complex(np.nan, 0), 1e-9 + 1e-9j, -1 + 1e-10j, -1.5 + 0j, 2j, 1j]
    return xs, ys


print(f"# Reference values of tests/it/complex.rs, SciPy {scipy.__version__} and NumPy {np.__version__},")
print("# written by tests/data/complex.py (python3 complex.py > complex.txt).")
emit("gamma", sc.gamma, gamma_pts())
emit("loggamma", sc.loggamma, gamma_pts())
emit("rgamma", sc.rgamma, gamma_pts())
emit("digamma", sc.digamma, digamma_pts())
emit("expm1", sc.expm1, small_pts())
emit("log1p", sc.log1p, small_pts())
emit("erf", sc.erf, erf_pts())
emit("erfc", sc.erfc, erf_pts())
emit("erfcx", sc.erfcx, erf_pts())
emit("erfi", sc.erfi, erf_pts())
emit("dawsn", sc.dawsn, erf_pts())
emit("ndtr", sc.ndtr, ndtr_pts())
emit("log_ndtr", sc.log_ndtr, ndtr_pts())
emit("exp1", sc.exp1, expint_pts())
emit("expi", sc.expi, expint_pts())
emit2("xlogy", sc.xlogy, *xlogy_pts())
emit2("xlog1py", sc.xlog1py, *xlogy_pts())
emit_pair("sici", sc.sici, sici_pts())
emit_pair("shichi", sc.shichi, sici_pts())
emit_pair("fresnel", sc.fresnel, fresnel_pts())


def spence_pts():
    """spence: random points, the series about 0 (|z| < 0.5) and about 1 (|z - 1| <= 1) and the
    reflection beyond, the circles' edges, both sides of the negative real axis (the branch
    cut), large |z|, non-finite values."""
    pts = rand_pts(60, -6, 0.5) + rand_pts(40, 0.5, 6)
    pts += [0.49 + 0.01j, 0.3 - 0.39j, 0.5 + 0j, 1 + 0j, 1 + 1e-10j, 1.0001 - 0.0001j, 0.95 + 0.03j]
    pts += [2 + 0j, 1.9 + 0.4j, 0.2 + 0.97j, 1 - 1j, 2.01 + 0j, 0.9 + 0.1j, 1.1 - 0.05j]
    for x in [-0.3, -1.0, -4.5, -1e3]:
        pts += [complex(x, 0.0), complex(x, -0.0), complex(x, 1e-12)]
    pts += [1e10 + 1e10j, -1e8 + 3j, 5e15 - 2j, complex(0, 0), 1e-300 + 0j, 3j, -2j]
    pts += [complex(np.inf, 0), complex(1, np.inf), complex(-np.inf, 0), complex(np.nan, 0), complex(0, np.nan)]
    return pts


emit("spence", sc.spence, spence_pts())


def hyp1f1_pts():
    """hyp1f1(a, b, z), real a, b: random a, b in [-20, 20] (b off the non-positive integers)
    with |z| up to 50 in all quadrants, small |z|, z on the axes, negative integer a (the
    terminating series), the closed forms (a in {0, -1, b, b + 1}, (a, b) = (1, 2)), b a
    non-positive integer (inf), non-finite values."""
    n = 160
    a = [float(f"{v:.4g}") for v in rng.uniform(-20, 20, n)]
    b = [float(f"{v:.4g}") for v in rng.uniform(-20, 20, n)]
    b = [v + 0.5 if v <= 0 and v == int(v) else v for v in b]
    z = rand_pts(120, -1, 1.7) + rand_pts(40, -6, -1)
    for x in [0.5, 3.0, 25.0, 49.0]:
        for zz in [complex(x, 0), complex(-x, 0), complex(0, x), complex(0, -x)]:
            a.append(2.5)
            b.append(-3.7)
            z.append(zz)
    for aa, bb, zz in [(-3, 2.5, 4 + 3j), (-7, -2.5, -10 + 1j), (-12, 4.25, 30 - 20j),
                       (0, 3.5, 2 + 1j), (-1, 2.5, 3 - 4j), (3.5, 3.5, 2 + 5j), (4.5, 3.5, -3 + 1j),
                       (1, 2, 0.5 - 2j), (3.3, 4.25, 10 + 0j), (3.3, 4.25, 25 + 0j),
                       (3.3, 4.25, 3 - 1j), (3.3, 4.25, 15 + 10j), (1.5, -2, 1 + 1j), (2.5, 0, 1j),
                       (0.5, 1.5, 0j), (7.5, 1.25, 40 - 30j), (-8.5, 2.25, -45 + 5j),
                       (12.75, -5.5, 35 + 35j), (0.25, 0.75, -30 - 40j),
                       (1.5, 2.5, complex(np.inf, 0)), (1.5, 2.5, complex(-np.inf, 0)),
                       (1.5, 2.5, complex(0, np.inf)), (1.5, 2.5, complex(np.nan, 0)),
                       (np.nan, 2.5, 1 + 1j), (1.5, np.nan, 1 + 1j), (np.inf, 2.5, 1 + 1j)]:
        a.append(float(aa))
        b.append(float(bb))
        z.append(complex(zz))
    return a, b, z


def emit_hyp1f1(name, f, a, b, pts):
    """A function of real a, b and complex z: columns a, b, zr, zi, wr, wi, wr32, wi32 (the last
    two with a, b float32 and z complex64)."""
    a = np.array(a, dtype=np.float64)
    b = np.array(b, dtype=np.float64)
    z = np.array(pts, dtype=np.complex128)
    with np.errstate(all="ignore"):
        w = f(a, b, z)
        w32 = f(a.astype(np.float32), b.astype(np.float32), z.astype(np.complex64))
    assert w.dtype == np.complex128 and w32.dtype == np.complex64, name
    cols = [
        ("a", a, f"a, b, z: {len(z)} points"),
        ("b", b, None),
        ("zr", z.real, None),
        ("zi", z.imag, None),
        ("wr", w.real, f"w = scipy.special.{name}(a, b, z) (complex128); w.real"),
        ("wi", w.imag, "w.imag"),
        ("wr32", w32.real.astype(np.float64), "a, b float32, z complex64: real part as float64"),
        ("wi32", w32.imag.astype(np.float64), "its imaginary part"),
    ]
    for col, v, note in cols:
        if note:
            print(f"# {note}")
        print(f"[{name}.{col}]")
        words = [repr(float(x)) for x in v]
        line = ""
        for wd in words:
            if len(line) + len(wd) + 1 > 99:
                print(line)
                line = ""
            line = wd if not line else line + " " + wd
        if line:
            print(line)


emit_hyp1f1("hyp1f1", sc.hyp1f1, *hyp1f1_pts())
