# tests/data/place_poles.json: inputs and scipy.signal.place_poles results (SciPy 1.17.1) of
# tests/it/place_poles.rs. Run: python3 gen_place_poles.py > ../data/place_poles.json
import json
import numpy as np
from scipy.signal import place_poles

A4 = np.array([[1.380, -0.2077, 6.715, -5.676], [-0.5814, -4.290, 0, 0.6750],
               [1.067, 4.273, -6.654, 5.893], [0.0480, 4.273, 1.343, -2.104]])
B4 = np.array([[0, 5.679], [1.136, 1.136], [0, 0], [-3.146, 0]])
A5 = np.array([[0.5, 1, 0, 0, 0.2], [0, -1, 1, 0, 0], [0, 0, 0, 1, 0],
               [-1, 0.3, 0, -0.5, 1], [0.1, 0, 0.4, 0, -2]])
B5 = np.array([[1, 0], [0, 0], [0, 1], [1, 1], [0, 0.5]])
B43 = np.array([[1, 0, 0], [0, 1, 0], [0, 0, 1], [1, 1, 1.0]])
A3 = np.array([[1.0, 2, 0], [0, -1, 1], [3, 0, 2]])
B32 = np.array([[1.0, 0], [0, 1], [1, 1]])
A1 = np.array([[0.0, 1, 0], [0, 0, 1], [-1, -2, -3]])
# the complex-pole example of place_poles's docstring
AC = np.array([[0, 7 / 3.0, 0, 0], [0, 0, 0, 7 / 9.0], [0, 0, 0, 0], [0, 0, 0, 0]])
BC = np.array([[0.0, 0], [0, 0], [1, 0], [0, 1]])
B53 = np.array([[1, 0, 0], [0, 0, 1], [0, 1, 0], [1, 1, 0], [0, 0.5, 1]])
cases = [
    (A4, B4, [-0.2, -0.5, -5.0566, -8.6659], "YT", 1e-3, 30),
    (A4, B4, [-0.2, -0.5, -5.0566, -8.6659], "KNV0", 1e-3, 30),
    (A4, B4, [-0.5 + 1j, -0.5 - 1j, -5.0566, -8.6659], "YT", 1e-3, 30),
    (A4, B43, [-1, -2, -3 + 1j, -3 - 1j], "YT", 1e-3, 30),
    (A3, B32, [-1, -1, -2], "YT", 1e-3, 30),
    (A5, B5, [-1, -2 + 1j, -2 - 1j, -3 + 2j, -3 - 2j], "YT", 0.0, 2),
    (A5, B5, [-1, -2, -3, -4, -5], "KNV0", 1e-6, 50),
    (np.diag([1.0, 2, 3]), B32, [-1, -2, -3], "YT", 1e-3, 30),
    (A1, np.array([[0.0], [0], [1]]), [-1, -2 + 1j, -2 - 1j], "YT", 1e-3, 30),
    (A4, B4, [-0.2, -0.5, -5.0566, -8.6659], "YT", -1.0, 100),
    (AC, BC, np.array([-3, -1, -2 - 1j, -2 + 1j]) / 3.0, "YT", 1e-3, 30),
    (A5, B53, [-1 + 1j, -1 - 1j, -2, -3 + 0.5j, -3 - 0.5j], "YT", 1e-3, 30),
    (A5, B53, [-1, -1, -2, -3, -4], "KNV0", 1e-3, 30),
]
out = []
c2 = lambda v: [[float(np.real(z)), float(np.imag(z))] for z in np.ravel(v)]
for a, b, p, method, rtol, maxiter in cases:
    ps = ", ".join(str(complex(z)) if np.iscomplex(z) else str(float(np.real(z))) for z in p)
    r = place_poles(a, b, p, method=method, rtol=rtol, maxiter=maxiter)
    out.append({
        "call": f"place_poles(A, B, [{ps}], method={method!r}, rtol={rtol}, maxiter={maxiter})",
        "a": a.tolist(), "b": b.tolist(), "poles": c2(p), "method": method,
        "rtol_in": rtol, "maxiter": maxiter,
        "gain": r.gain_matrix.tolist(), "x": c2(r.X),
        "computed": c2(r.computed_poles), "requested": c2(r.requested_poles),
        "rtol": float(r.rtol), "nb_iter": float(r.nb_iter),
    })
print("[\n" + ",\n".join(json.dumps(c) for c in out) + "\n]")
