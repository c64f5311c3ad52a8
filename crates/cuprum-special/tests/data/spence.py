"""Writes spence.txt: SciPy 1.17.1's scipy.special.spence on a real grid (python3 spence.py >
spence.txt). Sections [spence_grid.x], [spence_grid.want] (float64), [spence_grid.want32] (SciPy
on the float32-rounded argument, float32 out)."""
import numpy as np
import scipy
import scipy.special as sc

x = np.concatenate([
    np.linspace(0.0, 3.0, 301),  # the rational approximation and both transformations, 0.5, 1.5, 2
    np.geomspace(3.0, 1e6, 120),
    [1e-300, 5e-324, 1e-20, 1e-8, 0.4999999, 0.5000001, 1.4999999, 1.5000001, 1 - 1e-12, 1 + 1e-12],
    [2 - 1e-12, 2 + 1e-12, 1e10, 1e20, 1e300, 1.7e308],
    [-1e-300, -0.5, -1.0, -3.0, np.inf, -np.inf, np.nan],
])


def emit(name, v):
    print(f"[spence_grid.{name}]")
    v = [repr(float(t)) for t in v]
    for i in range(0, len(v), 16):
        print(" ".join(v[i:i + 16]))


print(f"# Reference values of tests/it/spence.rs, SciPy {scipy.__version__} and NumPy {np.__version__},")
print("# written by tests/data/spence.py (python3 spence.py > spence.txt).")
emit("x", x)
emit("want", sc.spence(x))
emit("want32", sc.spence(x.astype(np.float32)))
