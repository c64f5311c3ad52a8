"""The cavity example's algorithm in CuPy (the speed comparison of issue 21).

Line for line the method of solver.rs: vorticity-streamfunction, central differences, Thom's
wall vorticity, four explicit stages with the velocity frozen per step, -lap(psi) = omega
solved exactly each step by the sine-transform eigen decomposition, four dense matmuls
psi = (S @ ((S.T @ (omega @ S)) * h^2/Lambda)) @ S (--poisson dst, the default), or by
cupyx.scipy.sparse.linalg.cg on the CSR 5-point Laplacian, warm-started, at most CG_ITERS
iterations per step (--poisson cg); the residual max|d omega/dt| read every 10 steps.

    python3 cavity_cupy.py --re 1000 --n 257            # CuPy on the GPU
    python3 cavity_cupy.py --re 100 --n 65 --numpy      # NumPy/SciPy on the CPU (a check)

Prints one JSON object: steps, residual, seconds (time to steady state, after a warm-up run of
a few steps that compiles the kernels), and the largest deviations from Ghia et al. when the
table is found (--ghia PATH, default: tests/data/ghia1982.json of this repository).
"""
import argparse, inspect, json, os, sys, time

ALPHA = (0.25, 1.0 / 3.0, 0.5, 1.0)


def modules(use_numpy):
    if use_numpy:
        import numpy as xp
        import scipy.sparse as sp
        import scipy.sparse.linalg as spla
        return xp, sp, spla, lambda: None
    import cupy as xp
    import cupyx.scipy.sparse as sp
    import cupyx.scipy.sparse.linalg as spla
    return xp, sp, spla, xp.cuda.Device().synchronize


def laplacian(xp, sp, m):
    """h^2 (-lap) on the m x m interior, CSR, float64."""
    e = xp.ones(m)
    T = sp.diags([-e[:-1], 2 * e, -e[:-1]], [-1, 0, 1], format="csr")
    I = sp.identity(m, format="csr")
    return (sp.kron(I, T) + sp.kron(T, I)).tocsr()


def sine_basis(xp, m, h):
    """The orthonormal DST-I matrix S (m x m) and h^2 / (lambda_j + lambda_k), as solver.rs's
    DstPoisson builds them (on the host, then copied)."""
    import numpy as np
    p = m + 1
    j = np.arange(1, m + 1)
    jk = np.outer(j, j) % (2 * p)
    S = np.sqrt(2.0 / p) * np.sin(np.pi * jk / p)
    lam = 4.0 * np.sin(np.pi * j / (2.0 * p)) ** 2
    scale = h * h / (lam[:, None] + lam[None, :])
    return xp.asarray(S), xp.asarray(scale)


def cg_call(spla, A, b, x0, atol, maxiter, cb):
    params = inspect.signature(spla.cg).parameters
    kw = {"x0": x0, "atol": atol, "maxiter": maxiter, "callback": cb}
    kw["rtol" if "rtol" in params else "tol"] = 0.0
    return spla.cg(A, b, **kw)


def solve(re, n, tol=1e-4, cfl=1.0, cg_iters=10, max_steps=2_000_000, check_every=10,
          use_numpy=False, poisson="dst"):
    xp, sp, spla, sync = modules(use_numpy)
    h = 1.0 / (n - 1)
    dt = cfl * min(h, 0.3 * re * h * h)
    m = n - 2
    nu_h2 = 1.0 / (re * h * h)
    if poisson == "dst":
        S, scale = sine_basis(xp, m, h)
    else:
        A = laplacian(xp, sp, m)
    atol = tol * h * h * m
    psi = xp.zeros((n, n))
    w = xp.zeros((n, n))
    wa = xp.zeros((n, n))
    k4 = 1.0 / (4 * h * h)
    steps, res, cg_total, converged = 0, float("inf"), 0, False
    sync()
    t0 = time.perf_counter()
    while steps < max_steps:
        steps += 1
        # velocities / (2h) and Thom's wall vorticity, frozen for the step
        cu = (psi[2:, 1:-1] - psi[:-2, 1:-1]) * k4
        cv = (psi[1:-1, :-2] - psi[1:-1, 2:]) * k4
        k = -2.0 / (h * h)
        w[1:-1, 0] = psi[1:-1, 1] * k
        w[1:-1, -1] = psi[1:-1, -2] * k
        w[0, 1:-1] = psi[1, 1:-1] * k
        w[-1, 1:-1] = psi[-2, 1:-1] * k - 2.0 / h
        w0 = w[1:-1, 1:-1].copy()
        wa[...] = w
        for s, a in enumerate(ALPHA):
            src, dst = (w, wa) if s % 2 == 0 else (wa, w)
            c, e, ww = src[1:-1, 1:-1], src[1:-1, 2:], src[1:-1, :-2]
            no, so = src[2:, 1:-1], src[:-2, 1:-1]
            adv = cu * (e - ww) + cv * (no - so)
            lap = (e + ww + no + so - 4.0 * c) * nu_h2
            dst[1:-1, 1:-1] = w0 + (lap - adv) * (a * dt)
        if steps % check_every == 0:
            res = float(xp.abs(w[1:-1, 1:-1] - w0).max()) / dt
        if poisson == "dst":
            hat = S.T @ (w[1:-1, 1:-1] @ S)
            hat *= scale
            psi[1:-1, 1:-1] = (S @ hat) @ S
            info = 0
        else:
            its = [0]
            def cb(_x):
                its[0] += 1
            b = (w[1:-1, 1:-1] * (h * h)).ravel()
            x, info = cg_call(spla, A, b, psi[1:-1, 1:-1].ravel(), atol, cg_iters, cb)
            psi[1:-1, 1:-1] = x.reshape(m, m)
            cg_total += its[0]
        if steps % check_every == 0:
            if not (res < float("inf")):
                raise RuntimeError(f"diverged at step {steps}")
            if res < tol and info == 0:
                converged = True
                break
    sync()
    seconds = time.perf_counter() - t0
    return dict(steps=steps, residual=res, converged=converged, cg_iterations=cg_total,
                seconds=seconds, psi=psi, xp=xp)


def profiles(psi, n):
    import numpy as np
    psi = psi.get() if hasattr(psi, "get") else psi
    h = 1.0 / (n - 1)
    c = n // 2
    y = np.linspace(0, 1, n)
    u = np.zeros(n); u[-1] = 1.0
    v = np.zeros(n)
    if n % 2 == 1:
        u[1:-1] = (psi[2:, c] - psi[:-2, c]) / (2 * h)
        v[1:-1] = -(psi[c, 2:] - psi[c, :-2]) / (2 * h)
    else:
        u[1:-1] = ((psi[2:, c - 1] - psi[:-2, c - 1]) + (psi[2:, c] - psi[:-2, c])) / (4 * h)
        v[1:-1] = -((psi[c - 1, 2:] - psi[c - 1, :-2]) + (psi[c, 2:] - psi[c, :-2])) / (4 * h)
    return y, u, v


def deviations(ghia_path, re, n, psi):
    import numpy as np
    try:
        g = json.load(open(ghia_path))
    except OSError:
        return None
    key = str(int(round(re)))
    uc, vc = g["u_on_vertical_centerline"], g["v_on_horizontal_centerline"]
    if key not in uc["Re"]:
        return None
    y, u, v = profiles(psi, n)
    du = np.abs(np.interp(uc["y"], y, u) - np.array(uc["Re"][key])).max()
    dv = np.abs(np.interp(vc["x"], y, v) - np.array(vc["Re"][key])).max()
    return float(du), float(dv)


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--re", type=float, default=1000.0)
    ap.add_argument("--n", type=int, default=257)
    ap.add_argument("--tol", type=float, default=1e-4)
    ap.add_argument("--cfl", type=float, default=1.0)
    ap.add_argument("--cg-iters", type=int, default=10)
    ap.add_argument("--poisson", choices=("dst", "cg"), default="dst")
    ap.add_argument("--numpy", action="store_true", help="NumPy/SciPy on the CPU")
    ap.add_argument("--no-warmup", action="store_true")
    ap.add_argument("--ghia", default=os.path.join(here, "../../../../tests/data/ghia1982.json"))
    a = ap.parse_args()
    if not a.no_warmup:
        solve(a.re, a.n, a.tol, a.cfl, a.cg_iters, max_steps=20, use_numpy=a.numpy,
              poisson=a.poisson)
    r = solve(a.re, a.n, a.tol, a.cfl, a.cg_iters, use_numpy=a.numpy, poisson=a.poisson)
    dev = deviations(a.ghia, a.re, a.n, r["psi"])
    out = {k: r[k] for k in ("steps", "residual", "converged", "cg_iterations", "seconds")}
    out.update(re=a.re, n=a.n, poisson=a.poisson, backend="numpy" if a.numpy else "cupy")
    if dev:
        out.update(max_abs_u_minus_ghia=dev[0], max_abs_v_minus_ghia=dev[1])
    print(json.dumps(out))


if __name__ == "__main__":
    main()
