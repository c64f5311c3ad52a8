"""Writes edt_indices.txt: scipy.ndimage.distance_transform_edt(a, sampling, return_indices=True)
for the inputs below. Each case is five lines: `case <name>`, `shape <dims>`, `sampling <values
or ->`, `input <0/1 values, C order>`, then `indices <int32 values of (ndim,) + shape, C order>`.
Run with SciPy 1.17.1: python3 edt_indices.py > edt_indices.txt"""
import numpy as np
import scipy.ndimage as ndi

rng = np.random.default_rng(3)
ties = np.ones((5, 5), np.uint8)
ties[0, 0] = ties[0, 4] = ties[4, 0] = ties[4, 4] = 0
a = (rng.random((7, 9)) < 0.8).astype(np.uint8)
b = (rng.random((4, 5, 6)) < 0.85).astype(np.uint8)
cases = [
    ("random_2d", a, None),
    ("random_2d_sampling", a, [1.5, 0.5]),
    ("random_3d", b, None),
    ("corners", ties, None),
    ("line", np.array([1, 1, 0, 1, 1, 1, 0, 1], np.uint8), None),
    ("no_zero", np.ones((2, 3), np.uint8), None),
]
for name, x, s in cases:
    _, ind = ndi.distance_transform_edt(x, sampling=s, return_indices=True)
    print("case", name)
    print("shape", " ".join(map(str, x.shape)))
    print("sampling", " ".join(map(repr, s)) if s else "-")
    print("input", " ".join(map(str, x.ravel().tolist())))
    print("indices", " ".join(map(str, ind.ravel().tolist())))
