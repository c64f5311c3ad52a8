#!/usr/bin/env python3
"""Golden cases (numpy 2.4 / scipy 1.17) for the NumPy names issue 23 added to the dispatch
table (tests/src/ops/compat.rs), in the conformance corpus's format (see
../conformance/README.md). Run from this directory: python3 gen.py"""
import json
import os

import numpy as np
import scipy
import scipy.linalg as L
from numpy.polynomial import polynomial as P, polyutils as pu

cases = []


def case(cid, op, inputs, outputs, kwargs=None, check="allclose", rtol=1e-12, atol=1e-12,
         note=""):
    ins = []
    for i, a in enumerate(inputs):
        f = f"{cid}.in{i}.npy"
        np.save(f, np.ascontiguousarray(a), allow_pickle=False)
        ins.append(f)
    outs = []
    for j, a in enumerate(outputs):
        f = f"{cid}.out{j}.npy"
        np.save(f, np.ascontiguousarray(a), allow_pickle=False)
        outs.append(f)
    if check in ("exact", "bitwise"):
        rtol = atol = 0.0
    cases.append({"id": cid, "area": "elementwise", "op": op, "inputs": ins,
                  "kwargs": kwargs or {}, "expected": outs, "rtol": rtol, "atol": atol,
                  "check": check, "note": note or f"{op} as NumPy"})


x = np.array([-0.75, -0.1, 0.0, 0.3, 0.9])
for op in ["asin", "acos", "atan", "asinh", "atanh", "degrees", "radians", "fabs"]:
    case(f"compat.{op}.f64", op, [x], [getattr(np, op)(x)])
case("compat.acosh.f64", "acosh", [x + 2], [np.acosh(x + 2)])
case("compat.fabs.i8", "fabs", [np.array([-3, 0, 5], np.int8)],
     [np.fabs(np.array([-3, 0, 5], np.int8))], check="exact", note="int8 -> float16")
case("compat.rsqrt.f32", "rsqrt", [np.array([4, 0.25, 2], np.float32)],
     [(1 / np.sqrt(np.array([4, 0.25, 2], np.float32))).astype(np.float32)], rtol=1e-6)
b = np.array([[1, -2, 3], [4, 5, -6]], np.int32)
case("compat.bitwise_invert.i32", "bitwise_invert", [b], [np.bitwise_invert(b)], check="exact")
case("compat.bitwise_count.i32", "bitwise_count", [b], [np.bitwise_count(b)], check="exact")
s = np.array([0, 1, 3], np.int32)
case("compat.bitwise_left_shift.i32", "bitwise_left_shift", [b, s],
     [np.bitwise_left_shift(b, s)], check="exact")
case("compat.bitwise_right_shift.i32", "bitwise_right_shift", [b, s],
     [np.bitwise_right_shift(b, s)], check="exact")
y = np.array([[0.5], [-2.0]])
case("compat.atan2.f64", "atan2", [y, x], [np.atan2(y, x)])
case("compat.pow.i64", "pow", [np.array([2, 3, 4]), np.array([3, 2, 0])],
     [np.pow(np.array([2, 3, 4]), np.array([3, 2, 0]))], check="exact")
case("compat.concat.axis1", "concat", [b, b[:, :1]], [np.concat([b, b[:, :1]], axis=1)],
     kwargs={"axis": 1}, check="exact")
u = np.array([[3, 1, 3], [2, 1, 3]], np.int16)
case("compat.unique_values.i16", "unique_values", [u], [np.sort(np.unique_values(u))], check="sorted",
     note="NumPy 2.4 leaves the order unspecified; cuprum sorts")
r = np.unique_counts(u)
case("compat.unique_counts.i16", "unique_counts", [u], [r.values, r.counts], check="exact")
r = np.unique_inverse(u)
case("compat.unique_inverse.i16", "unique_inverse", [u], [r.values, r.inverse_indices],
     check="exact", note="inverse has x's shape (NumPy 2)")
case("compat.msort.i16", "msort", [u], [np.sort(u, axis=0)], check="exact")
z = np.array([1 + 2j, 1 - 1j, 5j, -1 + 0j])
case("compat.sort_complex.c128", "sort_complex", [z], [np.sort_complex(z)], check="exact")
case("compat.sort_complex.i8", "sort_complex", [np.array([3, -1, 2], np.int8)],
     [np.sort_complex(np.array([3, -1, 2], np.int8))], check="exact", note="int8 -> complex64")
m = np.array([[1, 2], [3, 4]], np.int8)
case("compat.cumulative_sum.axis0.initial", "cumulative_sum", [m],
     [np.cumulative_sum(m, axis=0, include_initial=True)],
     kwargs={"axis": 0, "include_initial": True}, check="exact")
case("compat.cumulative_prod.1d", "cumulative_prod", [np.array([1.5, 2.0, 3.0])],
     [np.cumulative_prod(np.array([1.5, 2.0, 3.0]))])
case("compat.real_if_close.c128", "real_if_close", [np.array([1 + 1e-15j, 2 - 1e-16j])],
     [np.real_if_close(np.array([1 + 1e-15j, 2 - 1e-16j]))], check="exact")
dst = np.zeros((2, 3))
src = np.array([[7], [8]], np.int8)
out = dst.copy()
np.copyto(out, src)
case("compat.copyto.broadcast", "copyto", [dst, src], [out], check="exact")
case("compat.iscomplexobj.c128", "iscomplexobj", [z], [np.array([np.iscomplexobj(z)])],
     check="exact")
case("compat.isrealobj.c128", "isrealobj", [z], [np.array([np.isrealobj(z)])], check="exact")
xx = np.array([1, 2]); cc = np.array([1, 2, 3])
case("compat.polynomial.polyval", "polynomial.polynomial.polyval", [xx, cc],
     [P.polyval(xx, cc)])
rr = np.array([1.0, 2.0])
case("compat.polynomial.polyvalfromroots", "polynomial.polynomial.polyvalfromroots",
     [np.array([1.0, 2.0, 3.0, 4.0]), rr], [P.polyvalfromroots(np.array([1.0, 2, 3, 4]), rr)])
case("compat.polynomial.polyvander", "polynomial.polynomial.polyvander",
     [np.array([1, 2, 3])], [P.polyvander(np.array([1, 2, 3]), 3)], kwargs={"deg": 3})
case("compat.polynomial.polycompanion", "polynomial.polynomial.polycompanion",
     [np.array([1, 2, 3, 0])], [P.polycompanion(np.array([1, 2, 3, 0]))])
case("compat.polyutils.trimseq", "polynomial.polyutils.trimseq", [np.array([1, 2, 0, 0])],
     [pu.trimseq(np.array([1, 2, 0, 0]))], check="exact")
tc = np.array([0, 1e-3, 0, 1e-5, 0])
case("compat.polyutils.trimcoef", "polynomial.polyutils.trimcoef", [tc],
     [pu.trimcoef(tc, 1e-4)], kwargs={"tol": 1e-4})
ka = np.array([[1, 2, 3], [4, 5, 6]]); kb = np.array([[3, 4, 5], [6, 7, 8]])
case("compat.scipy.khatri_rao", "scipy.linalg.khatri_rao", [ka, kb], [L.khatri_rao(ka, kb)],
     check="exact")
case("compat.scipy.companion", "scipy.linalg.companion", [np.array([1, -10, 31, -30])],
     [L.companion(np.array([1, -10, 31, -30]))])
case("compat.scipy.fiedler", "scipy.linalg.fiedler", [np.array([1, 4, 12, 45, 77])],
     [L.fiedler(np.array([1, 4, 12, 45, 77]))], check="exact")
case("compat.scipy.fiedler_companion", "scipy.linalg.fiedler_companion",
     [np.array([1.0, 2, 3, 4, 5, 6])], [L.fiedler_companion(np.array([1.0, 2, 3, 4, 5, 6]))])
case("compat.scipy.leslie", "scipy.linalg.leslie", [np.array([0.1, 2.0, 1.0, 0.1]),
     np.array([0.2, 0.8, 0.7])], [L.leslie([0.1, 2.0, 1.0, 0.1], [0.2, 0.8, 0.7])])
case("compat.scipy.hilbert", "scipy.linalg.hilbert", [], [L.hilbert(4)], kwargs={"n": 4})
case("compat.scipy.hadamard", "scipy.linalg.hadamard", [], [L.hadamard(8)], kwargs={"n": 8},
     check="exact")
case("compat.scipy.helmert", "scipy.linalg.helmert", [], [L.helmert(5, full=True)],
     kwargs={"n": 5, "full": True})
case("compat.scipy.convolution_matrix.same", "scipy.linalg.convolution_matrix",
     [np.array([1.0, 2, 3, 4, 5])], [L.convolution_matrix(np.array([1.0, 2, 3, 4, 5]), 3,
                                                            "same")],
     kwargs={"n": 3, "mode": "same"})

with open("manifest.json", "w") as f:
    json.dump({"format": 1, "generator": f"numpy {np.__version__} / scipy {scipy.__version__}",
               "cases": cases}, f, indent=1)
print(len(cases), "cases")
