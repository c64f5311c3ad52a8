"""Writes betainc_small.txt: SciPy 1.17.1's betainc(a, b, x) on a grid where a or b is tiny
(python3 betainc_small.py > betainc_small.txt), and fdtr(dfn, dfd, x) with a tiny dfd."""
import itertools
import numpy as np
import scipy
import scipy.special as sc

small = [1e-12, 1e-10, 1e-8, 5.25e-8, 1e-7, 1e-5, 1e-3, 0.05, 0.3, 0.9]
other = [1e-4, 0.01, 0.25, 0.5, 1.0, 1.5, 3.0, 10.0, 14.9, 15.0, 40.0, 100.0, 1000.0, 1e5]
xs = [1e-5, 0.01, 0.2, 0.5, 0.69, 0.71, 0.8, 0.9, 0.99, 0.999999, 1 - 1e-10, 0.99999979]
rows = []
for s, o, x in itertools.product(small, other, xs):
    rows.append((o, s, x))  # tiny b
    rows.append((s, o, x))  # tiny a
a, b, x = (np.array(c) for c in zip(*rows))
with np.errstate(all="ignore"):
    want = sc.betainc(a, b, x)


def emit(name, v):
    print(f"[{name}]")
    line = ""
    for wd in (repr(float(t)) for t in v):
        if len(line) + len(wd) + 1 > 99:
            print(line)
            line = ""
        line = wd if not line else line + " " + wd
    if line:
        print(line)


print(f"# Reference values of tests/it/betainc_small.rs, SciPy {scipy.__version__}, NumPy {np.__version__},")
print("# written by tests/data/betainc_small.py (python3 betainc_small.py > betainc_small.txt).")
print(f"# betainc: {len(a)} points, want = scipy.special.betainc(a, b, x)")
emit("betainc.a", a)
emit("betainc.b", b)
emit("betainc.x", x)
emit("betainc.want", want)
dfn = np.array([0.5, 0.5, 1.0, 2.0, 10.0, 0.5, 3.0])
dfd = np.array([1.05e-7, 1e-9, 2e-6, 1e-4, 1e-8, 0.02, 1e-3])
fx = np.array([1.0, 1.0, 3.0, 0.5, 7.0, 100.0, 2.0])
print("# fdtr: want = scipy.special.fdtr(dfn, dfd, x)")
emit("fdtr.dfn", dfn)
emit("fdtr.dfd", dfd)
emit("fdtr.x", fx)
emit("fdtr.want", sc.fdtr(dfn, dfd, fx))
