# The `special` suite's rows (issue 42) through CuPy (GPU) and SciPy (CPU, under "numpy_ms");
# runs after compare.py, whose helpers (cupy_time, numpy_time, put, flt, full) it uses.
if "special" in suites:
    pass
