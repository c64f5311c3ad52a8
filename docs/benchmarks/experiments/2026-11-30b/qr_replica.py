# QR 2048^2 float64: CuPy's own qr against a CuPy replica of cuprum's call sequence, to find
# where cuprum's extra 1.3 ms goes (no Nsight Systems on the machine).
import cupy as cp, numpy as np
from cupy_backends.cuda.libs import cusolver
from cupy.cuda import device
g = cp.random.default_rng(0); n = 2048
A = g.random((n, n)) + n * cp.eye(n)
h = device.get_cusolver_handle()
def t(name, f, rep=7):
    f(); cp.cuda.Device().synchronize()
    ts = []
    for _ in range(rep):
        a, b = cp.cuda.Event(), cp.cuda.Event(); a.record(); f(); b.record(); b.synchronize()
        ts.append(cp.cuda.get_elapsed_time(a, b))
    print(f"{name:55s} median {np.median(ts):8.3f} ms  min {min(ts):8.3f}", flush=True)
def ours(finite=True, sync_mid=True, triu_copy=True, q_copy=True, lw_query_each=True):
    def run():
        fin = cp.isfinite(A).all() if finite else None
        x = cp.asfortranarray(A)
        tau = cp.empty(n); info = cp.zeros(1, dtype=cp.int32)
        lw = cusolver.dgeqrf_bufferSize(h, n, n, x.data.ptr, n)
        w = cp.empty(max(lw, 1))
        cusolver.dgeqrf(h, n, n, x.data.ptr, n, tau.data.ptr, w.data.ptr, lw, info.data.ptr)
        if sync_mid:
            info.get(); 
            if fin is not None: bool(fin)
        r = cp.triu(cp.ascontiguousarray(x)) if triu_copy else cp.triu(x)
        lw2 = cusolver.dorgqr_bufferSize(h, n, n, n, x.data.ptr, n, tau.data.ptr)
        w2 = cp.empty(max(lw2, 1))
        cusolver.dorgqr(h, n, n, n, x.data.ptr, n, tau.data.ptr, w2.data.ptr, lw2, info.data.ptr)
        info.get()
        if not sync_mid and fin is not None: bool(fin)
        q = cp.ascontiguousarray(x) if q_copy else x
        return q, r
    return run
t("cupy.linalg.qr", lambda: cp.linalg.qr(A))
t("replica of cuprum (finite, sync mid, copies)", ours())
t("replica, no finite check", ours(finite=False))
t("replica, no mid sync", ours(sync_mid=False))
t("replica, no output copies", ours(triu_copy=False, q_copy=False))
t("replica, bare (geqrf+orgqr, one sync)", ours(False, False, False, False))
def geqrf_only():
    x = cp.asfortranarray(A); tau = cp.empty(n); info = cp.zeros(1, dtype=cp.int32)
    lw = cusolver.dgeqrf_bufferSize(h, n, n, x.data.ptr, n); w = cp.empty(max(lw, 1))
    cusolver.dgeqrf(h, n, n, x.data.ptr, n, tau.data.ptr, w.data.ptr, lw, info.data.ptr)
t("geqrf alone (with the F copy)", geqrf_only)
print("cusolver version", cusolver.getVersion())
for l in open("/proc/self/maps"):
    if "cusolver" in l or "cublas" in l:
        print(l.split()[-1])
