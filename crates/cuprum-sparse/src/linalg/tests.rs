//! Unit tests of the sparse linear algebra: every solver against known solutions, on every
//! device, and on the real matrices of `tests/data/matrices`.

use super::*;
use crate::parts::Compressed;
use cuprum_core::ext::test_util::all_devices;
use cuprum_core::{Array, Complex64, DType, Device};
use faer::linalg::solvers::Solve as _;

/// A CSR matrix from host triplets (duplicates allowed), on `dev`.
fn csr(n_rows: usize, n_cols: usize, trip: &[(usize, usize, f64)], dev: Device) -> Compressed {
    let mut rows: Vec<Vec<(usize, f64)>> = vec![Vec::new(); n_rows];
    for &(i, j, v) in trip {
        rows[i].push((j, v));
    }
    let mut indptr = vec![0i64];
    let mut indices = Vec::new();
    let mut data = Vec::new();
    for r in rows.iter_mut() {
        r.sort_by_key(|e| e.0);
        for &(j, v) in r.iter() {
            indices.push(j as i64);
            data.push(v);
        }
        indptr.push(indices.len() as i64);
    }
    let nnz = data.len();
    Compressed {
        data: Array::from_vec_on(data, &[nnz], dev).unwrap(),
        indices: Array::from_vec_on(indices, &[nnz], dev).unwrap(),
        indptr: Array::from_vec_on(indptr, &[n_rows + 1], dev).unwrap(),
        shape: (n_rows, n_cols),
        canonical: true,
    }
}

fn csr_c(n: usize, trip: &[(usize, usize, Complex64)], dev: Device) -> Compressed {
    let mut t: Vec<(usize, usize, Complex64)> = trip.to_vec();
    t.sort_by_key(|e| (e.0, e.1));
    let mut indptr = vec![0i64; n + 1];
    for &(i, _, _) in &t {
        indptr[i + 1] += 1;
    }
    for i in 0..n {
        indptr[i + 1] += indptr[i];
    }
    let nnz = t.len();
    Compressed {
        data: Array::from_vec_on(t.iter().map(|e| e.2).collect::<Vec<_>>(), &[nnz], dev).unwrap(),
        indices: Array::from_vec_on(
            t.iter().map(|e| e.1 as i64).collect::<Vec<_>>(),
            &[nnz],
            dev,
        )
        .unwrap(),
        indptr: Array::from_vec_on(indptr, &[n + 1], dev).unwrap(),
        shape: (n, n),
        canonical: true,
    }
}

/// 1-D Poisson: tridiag(−1, 2, −1), SPD, eigenvalues 2 − 2cos(kπ/(n+1)).
fn poisson(n: usize, dev: Device) -> Compressed {
    let mut t = Vec::new();
    for i in 0..n {
        t.push((i, i, 2.0));
        if i > 0 {
            t.push((i, i - 1, -1.0));
        }
        if i + 1 < n {
            t.push((i, i + 1, -1.0));
        }
    }
    csr(n, n, &t, dev)
}

/// Non-symmetric, diagonally dominant.
fn nonsym(n: usize, dev: Device) -> Compressed {
    let mut t = Vec::new();
    for i in 0..n {
        t.push((i, i, 4.0 + (i % 3) as f64));
        if i > 0 {
            t.push((i, i - 1, -1.5));
        }
        if i + 1 < n {
            t.push((i, i + 1, 0.7));
        }
        if i + 5 < n {
            t.push((i, i + 5, 0.3));
        }
    }
    csr(n, n, &t, dev)
}

/// Symmetric indefinite: diag(±(1..n)) plus a symmetric off-diagonal.
fn sym_indef(n: usize, dev: Device) -> Compressed {
    let mut t = Vec::new();
    for i in 0..n {
        let s = if i % 2 == 0 { 1.0 } else { -1.0 };
        t.push((i, i, s * (2.0 + i as f64)));
        if i + 1 < n {
            t.push((i, i + 1, 0.5));
            t.push((i + 1, i, 0.5));
        }
    }
    csr(n, n, &t, dev)
}

fn host(a: &Compressed) -> (Vec<i64>, Vec<i64>, Vec<f64>) {
    (
        a.indptr.astype(DType::Int64).unwrap().to_vec().unwrap(),
        a.indices.astype(DType::Int64).unwrap().to_vec().unwrap(),
        a.data.astype(DType::Float64).unwrap().to_vec().unwrap(),
    )
}

fn matvec_host(a: &Compressed, x: &[f64]) -> Vec<f64> {
    let (p, j, d) = host(a);
    (0..a.shape.0)
        .map(|i| {
            (p[i] as usize..p[i + 1] as usize)
                .map(|k| d[k] * x[j[k] as usize])
                .sum()
        })
        .collect()
}

fn vec_on(v: Vec<f64>, dev: Device) -> Array {
    let n = v.len();
    Array::from_vec_on(v, &[n], dev).unwrap()
}

fn x_true(n: usize) -> Vec<f64> {
    (0..n).map(|i| 1.0 + 0.1 * ((i * 7) % 11) as f64).collect()
}

fn rel_res(a: &Compressed, x: &Array, b: &[f64]) -> f64 {
    let xv: Vec<f64> = x.astype(DType::Float64).unwrap().to_vec().unwrap();
    let ax = matvec_host(a, &xv);
    let r: f64 = ax
        .iter()
        .zip(b)
        .map(|(p, q)| (p - q).powi(2))
        .sum::<f64>()
        .sqrt();
    let bn: f64 = b.iter().map(|v| v * v).sum::<f64>().sqrt();
    r / bn
}

fn max_err(x: &Array, want: &[f64]) -> f64 {
    let xv: Vec<f64> = x.astype(DType::Float64).unwrap().to_vec().unwrap();
    xv.iter()
        .zip(want)
        .map(|(p, q)| (p - q).abs())
        .fold(0.0, f64::max)
}

/// A Matrix Market coordinate file (real/integer/pattern; general/symmetric) as CSR.
fn mtx(name: &str, dev: Device) -> Compressed {
    let path = format!(
        "{}/../../tests/data/matrices/{name}",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines = text.lines();
    let header = lines.next().unwrap().to_lowercase();
    let symmetric = header.contains("symmetric");
    let pattern = header.contains("pattern");
    let mut lines = lines.filter(|l| !l.starts_with('%'));
    let dims: Vec<usize> = lines
        .next()
        .unwrap()
        .split_whitespace()
        .map(|t| t.parse().unwrap())
        .collect();
    let mut t = Vec::new();
    for l in lines {
        let f: Vec<&str> = l.split_whitespace().collect();
        if f.len() < 2 {
            continue;
        }
        let (i, j) = (
            f[0].parse::<usize>().unwrap() - 1,
            f[1].parse::<usize>().unwrap() - 1,
        );
        let v = if pattern {
            1.0
        } else {
            f[2].parse::<f64>().unwrap()
        };
        t.push((i, j, v));
        if symmetric && i != j {
            t.push((j, i, v));
        }
    }
    csr(dims[0], dims[1], &t, dev)
}

#[test]
fn cg_poisson_reaches_the_solution() {
    for dev in all_devices() {
        let n = 50;
        let a = poisson(n, dev);
        let xt = x_true(n);
        let b = matvec_host(&a, &xt);
        let mut iters = 0;
        let (x, info) = cg(
            &a,
            &vec_on(b.clone(), dev),
            SolveOptions::new()
                .rtol(1e-10)
                .maxiter(1000)
                .callback(|_| iters += 1),
        )
        .unwrap();
        assert_eq!(info, 0, "{dev}");
        assert_eq!(x.device(), dev);
        assert!(rel_res(&a, &x, &b) <= 1e-10, "{dev}");
        assert!(max_err(&x, &xt) < 1e-7, "{dev}: {}", max_err(&x, &xt));
        // CG on an n×n SPD matrix converges in at most n steps in exact arithmetic
        assert!(iters <= 60, "{dev}: {iters} iterations");
    }
}

/// `cg`'s device-side test read every `check_every` iterations gives the iterate and `info` of
/// the test read every iteration, bit for bit: converging, stopped by `maxiter` (multiples of
/// the period and not), and breaking down on a NaN right-hand side entry.
#[test]
fn cg_check_every_gives_the_same_iterates_and_info() {
    for dev in all_devices() {
        let n = 40;
        let a = poisson(n, dev);
        let b = vec_on(matvec_host(&a, &x_true(n)), dev);
        let bits = |x: &Array| -> Vec<u64> {
            x.to_vec::<f64>()
                .unwrap()
                .into_iter()
                .map(f64::to_bits)
                .collect()
        };
        for maxiter in [None, Some(7), Some(16), Some(23)] {
            let run = |k: usize| {
                let mut o = SolveOptions::new().rtol(1e-11).check_every(k);
                if let Some(m) = maxiter {
                    o = o.maxiter(m);
                }
                cg(&a, &b, o).unwrap()
            };
            let (x1, i1) = run(1);
            for k in [2, 5, 8, 1000] {
                let (xk, ik) = run(k);
                assert_eq!(ik, i1, "{dev} maxiter {maxiter:?} check_every {k}");
                assert_eq!(
                    bits(&xk),
                    bits(&x1),
                    "{dev} maxiter {maxiter:?} check_every {k}"
                );
            }
            match maxiter {
                None => assert_eq!(i1, 0, "{dev}"),
                Some(m) => assert_eq!(i1, m as i64, "{dev}"),
            }
        }
        // a zero matrix: p·q = 0, alpha and the residual NaN, a breakdown
        let z = Compressed {
            data: cuprum_core::zeros_on(&[a.data.size()], DType::Float64, dev).unwrap(),
            ..a.clone()
        };
        let (x1, i1) = cg(&z, &b, SolveOptions::new().check_every(1)).unwrap();
        let (x8, i8) = cg(&z, &b, SolveOptions::new().check_every(8)).unwrap();
        assert_eq!(i1, -10, "{dev}");
        assert_eq!(i8, i1, "{dev}");
        assert_eq!(
            x8.to_vec::<f64>()
                .unwrap()
                .iter()
                .map(|v| v.is_nan())
                .collect::<Vec<_>>(),
            x1.to_vec::<f64>()
                .unwrap()
                .iter()
                .map(|v| v.is_nan())
                .collect::<Vec<_>>(),
            "{dev}"
        );
    }
}

#[test]
fn cg_float32_and_x0_and_maxiter_info() {
    for dev in all_devices() {
        let n = 30;
        let a = poisson(n, dev);
        let a32 = Compressed {
            data: a.data.astype(DType::Float32).unwrap(),
            ..a.clone()
        };
        let b = matvec_host(&a, &vec![1.0; n]);
        let b32 = vec_on(b.clone(), dev).astype(DType::Float32).unwrap();
        let (x, info) = cg(&a32, &b32, SolveOptions::new().rtol(1e-5)).unwrap();
        assert_eq!(info, 0);
        assert_eq!(x.dtype(), DType::Float32);
        assert!(max_err(&x, &vec![1.0; n]) < 1e-3);
        // x0 = the solution: converged at once
        let (x, info) = cg(
            &a,
            &vec_on(b.clone(), dev),
            SolveOptions::new().x0(vec_on(vec![1.0; n], dev)),
        )
        .unwrap();
        assert_eq!(info, 0);
        assert!(max_err(&x, &vec![1.0; n]) < 1e-12);
        // too few iterations: info = maxiter
        let (_, info) = cg(
            &a,
            &vec_on(b, dev),
            SolveOptions::new().rtol(1e-12).maxiter(3),
        )
        .unwrap();
        assert_eq!(info, 3);
    }
}

#[test]
fn nonsymmetric_solvers_reach_the_solution() {
    for dev in all_devices() {
        let n = 40;
        let a = nonsym(n, dev);
        let xt = x_true(n);
        let b = matvec_host(&a, &xt);
        let bb = vec_on(b.clone(), dev);
        type Solver = fn(&Compressed, &Array, SolveOptions<'_>) -> crate::Result<(Array, i64)>;
        let solvers: [(&str, Solver); 7] = [
            ("gmres", |a, b, o| gmres(a, b, o)),
            ("lgmres", |a, b, o| lgmres(a, b, o)),
            ("bicgstab", |a, b, o| bicgstab(a, b, o)),
            ("cgs", |a, b, o| cgs(a, b, o)),
            ("bicg", |a, b, o| bicg(a, b, o)),
            ("qmr", |a, b, o| qmr(a, b, o)),
            ("tfqmr", |a, b, o| tfqmr(a, b, o)),
        ];
        for (name, f) in solvers {
            let (x, info) = f(&a, &bb, SolveOptions::new().rtol(1e-10).maxiter(1000)).unwrap();
            assert_eq!(info, 0, "{name} on {dev}");
            let rr = rel_res(&a, &x, &b);
            assert!(rr <= 1e-9, "{name} on {dev}: relative residual {rr}");
            assert!(
                max_err(&x, &xt) < 1e-8,
                "{name} on {dev}: {}",
                max_err(&x, &xt)
            );
        }
    }
}

#[test]
fn gmres_restart_smaller_than_needed_still_converges() {
    for dev in all_devices() {
        let n = 40;
        let a = nonsym(n, dev);
        let b = matvec_host(&a, &vec![1.0; n]);
        let (x, info) = gmres(
            &a,
            &vec_on(b.clone(), dev),
            SolveOptions::new().rtol(1e-10).restart(5).maxiter(500),
        )
        .unwrap();
        assert_eq!(info, 0);
        assert!(rel_res(&a, &x, &b) <= 1e-10);
    }
}

#[test]
fn minres_symmetric_indefinite() {
    for dev in all_devices() {
        let n = 40;
        let a = sym_indef(n, dev);
        let xt = x_true(n);
        let b = matvec_host(&a, &xt);
        let (x, info) = minres(
            &a,
            &vec_on(b.clone(), dev),
            SolveOptions::new().rtol(1e-10).maxiter(1000),
        )
        .unwrap();
        assert_eq!(info, 0, "{dev}");
        assert!(max_err(&x, &xt) < 1e-7, "{dev}: {}", max_err(&x, &xt));
        // a shift: (A − 0.25 I) x = b
        let (x, info) = minres(
            &a,
            &vec_on(b.clone(), dev),
            SolveOptions::new().rtol(1e-10).shift(0.25),
        )
        .unwrap();
        assert_eq!(info, 0);
        let xv: Vec<f64> = x.to_vec().unwrap();
        let ax = matvec_host(&a, &xv);
        let r: f64 = (0..n)
            .map(|i| (ax[i] - 0.25 * xv[i] - b[i]).powi(2))
            .sum::<f64>()
            .sqrt();
        let bn: f64 = b.iter().map(|v| v * v).sum::<f64>().sqrt();
        assert!(r / bn < 1e-8, "shifted residual {}", r / bn);
    }
}

#[test]
fn complex_systems() {
    for dev in all_devices() {
        let n = 20;
        let mut t = Vec::new();
        for i in 0..n {
            t.push((i, i, Complex64::new(4.0, 1.0)));
            if i > 0 {
                t.push((i, i - 1, Complex64::new(-1.0, 0.5)));
            }
            if i + 1 < n {
                t.push((i, i + 1, Complex64::new(0.5, -0.25)));
            }
        }
        let a = csr_c(n, &t, dev);
        let xt: Vec<Complex64> = (0..n)
            .map(|i| Complex64::new(1.0, i as f64 * 0.1))
            .collect();
        let mut b = vec![Complex64::new(0.0, 0.0); n];
        for &(i, j, v) in &t {
            b[i] += v * xt[j];
        }
        let bb = Array::from_vec_on(b.clone(), &[n], dev).unwrap();
        let check = |x: &Array, tol: f64, what: &str| {
            assert_eq!(x.dtype(), DType::Complex128, "{what}");
            let xv: Vec<Complex64> = x.to_vec().unwrap();
            let e = xv
                .iter()
                .zip(&xt)
                .map(|(p, q)| (p - q).norm())
                .fold(0.0, f64::max);
            assert!(e < tol, "{what} on {dev}: {e}");
        };
        check(&spsolve(&a, &bb).unwrap(), 1e-12, "spsolve");
        check(
            &gmres(&a, &bb, SolveOptions::new().rtol(1e-11)).unwrap().0,
            1e-9,
            "gmres",
        );
        check(
            &bicgstab(&a, &bb, SolveOptions::new().rtol(1e-11))
                .unwrap()
                .0,
            1e-9,
            "bicgstab",
        );
        check(
            &bicg(&a, &bb, SolveOptions::new().rtol(1e-11)).unwrap().0,
            1e-9,
            "bicg",
        );
        check(
            &qmr(&a, &bb, SolveOptions::new().rtol(1e-11)).unwrap().0,
            1e-9,
            "qmr",
        );
        check(&splu(&a).unwrap().solve(&bb).unwrap(), 1e-12, "splu");
    }
}

#[test]
fn lsqr_and_lsmr_least_squares() {
    for dev in all_devices() {
        let (m, n) = (40, 20);
        let mut t = Vec::new();
        for i in 0..m {
            t.push((i, i % n, 2.0 + (i % 5) as f64));
            t.push((i, (i * 3 + 1) % n, 1.0));
            t.push((i, (i * 7 + 2) % n, -0.5));
        }
        let a = csr(m, n, &t, dev);
        let b: Vec<f64> = (0..m).map(|i| ((i * 13) % 7) as f64 - 3.0).collect();
        // reference: the normal equations AᵀA x = Aᵀb solved densely on the host
        let (p, j, d) = host(&a);
        let mut ata = faer::Mat::<f64>::zeros(n, n);
        let mut atb = faer::Mat::<f64>::zeros(n, 1);
        let mut dense = vec![vec![0.0; n]; m];
        for i in 0..m {
            for k in p[i] as usize..p[i + 1] as usize {
                dense[i][j[k] as usize] += d[k];
            }
        }
        for r in 0..n {
            for c in 0..n {
                ata[(r, c)] = (0..m).map(|i| dense[i][r] * dense[i][c]).sum();
            }
            atb[(r, 0)] = (0..m).map(|i| dense[i][r] * b[i]).sum();
        }
        let xr = ata.full_piv_lu().solve(&atb);
        let want: Vec<f64> = (0..n).map(|i| xr[(i, 0)]).collect();
        let bb = vec_on(b.clone(), dev);
        let r = lsqr(
            &a,
            &bb,
            LsqOptions::new().atol(1e-12).btol(1e-12).maxiter(1000),
        )
        .unwrap();
        assert!(matches!(r.istop, 1 | 2 | 4 | 5), "lsqr istop {}", r.istop);
        assert!(
            max_err(&r.x, &want) < 1e-8,
            "lsqr on {dev}: {}",
            max_err(&r.x, &want)
        );
        let r = lsmr(
            &a,
            &bb,
            LsqOptions::new().atol(1e-12).btol(1e-12).maxiter(1000),
        )
        .unwrap();
        assert!(matches!(r.istop, 1 | 2 | 4 | 5), "lsmr istop {}", r.istop);
        assert!(
            max_err(&r.x, &want) < 1e-8,
            "lsmr on {dev}: {}",
            max_err(&r.x, &want)
        );
    }
}

#[test]
fn spsolve_one_and_many_rhs_and_singular_error() {
    for dev in all_devices() {
        let n = 40;
        let a = nonsym(n, dev);
        let xt = x_true(n);
        let b = matvec_host(&a, &xt);
        let x = spsolve(&a, &vec_on(b.clone(), dev)).unwrap();
        assert_eq!(x.device(), dev);
        assert_eq!(x.shape(), &[n]);
        assert!(max_err(&x, &xt) < 1e-13);
        // two right-hand sides: columns xt and 2·xt
        let mut bm = Vec::with_capacity(2 * n);
        for &bi in &b {
            bm.push(bi);
            bm.push(2.0 * bi);
        }
        let bm = Array::from_vec_on(bm, &[n, 2], dev).unwrap();
        let x = spsolve(&a, &bm).unwrap();
        assert_eq!(x.shape(), &[n, 2]);
        let xv: Vec<f64> = x.to_vec().unwrap();
        for i in 0..n {
            assert!(
                (xv[2 * i] - xt[i]).abs() < 1e-13 && (xv[2 * i + 1] - 2.0 * xt[i]).abs() < 1e-12
            );
        }
        // float32 stays float32
        let a32 = Compressed {
            data: a.data.astype(DType::Float32).unwrap(),
            ..a.clone()
        };
        let x = spsolve(
            &a32,
            &vec_on(b.clone(), dev).astype(DType::Float32).unwrap(),
        )
        .unwrap();
        assert_eq!(x.dtype(), DType::Float32);
        // exactly singular: two equal rows
        let s = csr(
            3,
            3,
            &[
                (0, 0, 1.0),
                (0, 1, 2.0),
                (1, 0, 1.0),
                (1, 1, 2.0),
                (2, 2, 3.0),
            ],
            dev,
        );
        let e = spsolve(&s, &vec_on(vec![1.0, 1.0, 1.0], dev)).unwrap_err();
        assert!(
            matches!(e, crate::SparseError::SingularMatrix { op: "spsolve", .. }),
            "{e}"
        );
        assert_eq!(e.conformance_class(), "singular_matrix");
        // an empty row: structurally singular
        let s = csr(3, 3, &[(0, 0, 1.0), (2, 2, 3.0)], dev);
        assert!(matches!(
            spsolve(&s, &vec_on(vec![1.0, 1.0, 1.0], dev)),
            Err(crate::SparseError::SingularMatrix { .. })
        ));
    }
}

/// `spsolve` on Hermitian matrices: on CUDA it tries sparse Cholesky first and falls back to
/// QR when a pivot is not positive; the answers must not depend on which one ran. Also the
/// exact Hermitian test that picks the path, on every device.
#[test]
fn spsolve_hermitian_matrices_and_the_cholesky_fallback() {
    let herm = |c: &Compressed| util::is_hermitian(c.shape.0, &c.data, &c.indices, &c.indptr);
    for dev in all_devices() {
        let n = 40;
        let xt = x_true(n);
        // SPD (Cholesky on CUDA), one and two right-hand sides
        let a = poisson(n, dev);
        assert!(herm(&a).unwrap(), "poisson on {dev}");
        let b = matvec_host(&a, &xt);
        let x = spsolve(&a, &vec_on(b.clone(), dev)).unwrap();
        assert!(
            max_err(&x, &xt) < 1e-11,
            "spd on {dev}: {}",
            max_err(&x, &xt)
        );
        let bm: Vec<f64> = b.iter().flat_map(|&v| [v, -3.0 * v]).collect();
        let x = spsolve(&a, &Array::from_vec_on(bm, &[n, 2], dev).unwrap()).unwrap();
        let xv: Vec<f64> = x.to_vec().unwrap();
        for i in 0..n {
            assert!((xv[2 * i] - xt[i]).abs() < 1e-11, "rhs 0 row {i} on {dev}");
            assert!(
                (xv[2 * i + 1] + 3.0 * xt[i]).abs() < 1e-10,
                "rhs 1 row {i} on {dev}"
            );
        }
        // symmetric indefinite: Cholesky stops at the first negative pivot, QR solves it
        let a = sym_indef(n, dev);
        assert!(herm(&a).unwrap());
        let b = matvec_host(&a, &xt);
        let x = spsolve(&a, &vec_on(b, dev)).unwrap();
        assert!(
            max_err(&x, &xt) < 1e-12,
            "indefinite on {dev}: {}",
            max_err(&x, &xt)
        );
        // symmetric and singular (an empty row and column): still the singular error
        let s = csr(
            3,
            3,
            &[(0, 0, 2.0), (0, 2, 1.0), (2, 0, 1.0), (2, 2, 2.0)],
            dev,
        );
        assert!(herm(&s).unwrap());
        let e = spsolve(&s, &vec_on(vec![1.0, 1.0, 1.0], dev)).unwrap_err();
        assert!(
            matches!(e, crate::SparseError::SingularMatrix { op: "spsolve", .. }),
            "{e}"
        );
        // not Hermitian: a value, or an explicitly stored zero without its mirror
        assert!(!herm(&nonsym(n, dev)).unwrap());
        let t = csr(
            2,
            2,
            &[(0, 0, 2.0), (0, 1, 1.0), (1, 0, 1.5), (1, 1, 2.0)],
            dev,
        );
        assert!(!herm(&t).unwrap());
        let z = csr(2, 2, &[(0, 0, 2.0), (0, 1, 0.0), (1, 1, 2.0)], dev);
        assert!(!herm(&z).unwrap());
        let x = spsolve(&z, &vec_on(vec![2.0, 4.0], dev)).unwrap();
        assert!(max_err(&x, &[1.0, 2.0]) < 1e-15);
        // complex: Hermitian positive definite (Cholesky) and complex symmetric (QR)
        let m = 20;
        for hermitian in [true, false] {
            let mut t = Vec::new();
            for i in 0..m {
                t.push((i, i, Complex64::new(4.0, if hermitian { 0.0 } else { 1.0 })));
                if i + 1 < m {
                    let w = Complex64::new(1.0, 0.5);
                    t.push((i, i + 1, w));
                    t.push((i + 1, i, if hermitian { w.conj() } else { w }));
                }
            }
            let a = csr_c(m, &t, dev);
            assert_eq!(herm(&a).unwrap(), hermitian, "on {dev}");
            let xc: Vec<Complex64> = (0..m)
                .map(|i| Complex64::new(1.0, 0.1 * i as f64))
                .collect();
            let mut b = vec![Complex64::new(0.0, 0.0); m];
            for &(i, j, v) in &t {
                b[i] += v * xc[j];
            }
            let x = spsolve(&a, &Array::from_vec_on(b, &[m], dev).unwrap()).unwrap();
            let xv: Vec<Complex64> = x.to_vec().unwrap();
            let e = xv
                .iter()
                .zip(&xc)
                .map(|(p, q)| (p - q).norm())
                .fold(0.0, f64::max);
            assert!(e < 1e-12, "complex (hermitian {hermitian}) on {dev}: {e}");
        }
    }
}

#[test]
fn splu_factorized_and_transposed_solves() {
    for dev in all_devices() {
        let n = 25;
        let a = nonsym(n, dev);
        let xt = x_true(n);
        let b = matvec_host(&a, &xt);
        let lu = splu(&a).unwrap();
        assert!(max_err(&lu.solve(&vec_on(b.clone(), dev)).unwrap(), &xt) < 1e-13);
        let f = factorized(&a).unwrap();
        assert!(max_err(&f(&vec_on(b.clone(), dev)).unwrap(), &xt) < 1e-13);
        // Aᵀ x = c
        let (p, j, d) = host(&a);
        let mut c = vec![0.0; n];
        for i in 0..n {
            for k in p[i] as usize..p[i + 1] as usize {
                c[j[k] as usize] += d[k] * xt[i];
            }
        }
        let x = lu.solve_trans(&vec_on(c, dev), Trans::T).unwrap();
        assert!(max_err(&x, &xt) < 1e-13);
    }
}

#[test]
fn spsolve_triangular_lower_upper_unit() {
    for dev in all_devices() {
        let n = 8;
        let mut lo = Vec::new();
        let mut up = Vec::new();
        for i in 0..n {
            lo.push((i, i, 3.0 + i as f64));
            up.push((i, i, 3.0 + i as f64));
            for j in 0..i {
                lo.push((i, j, 0.5 - 0.1 * j as f64));
                up.push((j, i, 0.25 + 0.1 * j as f64));
            }
        }
        let xt = x_true(n);
        for (t, lower) in [(lo, true), (up, false)] {
            let a = csr(n, n, &t, dev);
            let b = matvec_host(&a, &xt);
            let x = spsolve_triangular(&a, &vec_on(b, dev), lower, false).unwrap();
            assert!(max_err(&x, &xt) < 1e-13, "lower {lower} on {dev}");
        }
        // unit diagonal: the stored diagonal is ignored
        let a = csr(2, 2, &[(0, 0, 5.0), (1, 0, 2.0), (1, 1, 7.0)], dev);
        let x = spsolve_triangular(&a, &vec_on(vec![1.0, 4.0], dev), true, true).unwrap();
        assert_eq!(x.to_vec::<f64>().unwrap(), vec![1.0, 2.0]);
        // zero diagonal is singular
        let a = csr(2, 2, &[(0, 0, 1.0), (1, 0, 2.0)], dev);
        assert!(spsolve_triangular(&a, &vec_on(vec![1.0, 4.0], dev), true, false).is_err());
    }
}

#[test]
fn preconditioners_jacobi_and_ilu0() {
    for dev in all_devices() {
        // a badly scaled SPD matrix: D P D with P the Poisson matrix
        let n = 60;
        let p = poisson(n, dev);
        let (ip, jj, dd) = host(&p);
        let s: Vec<f64> = (0..n).map(|i| 1.0 + 50.0 * (i % 4) as f64).collect();
        let mut t = Vec::new();
        for i in 0..n {
            for k in ip[i] as usize..ip[i + 1] as usize {
                let j = jj[k] as usize;
                t.push((i, j, s[i] * dd[k] * s[j]));
            }
        }
        let a = csr(n, n, &t, dev);
        let b = matvec_host(&a, &vec![1.0; n]);
        let count = |m: Option<LinearOperator>| {
            let mut k = 0;
            let mut o = SolveOptions::new()
                .rtol(1e-10)
                .maxiter(5000)
                .callback(|_| k += 1);
            if let Some(m) = m {
                o = o.m(m);
            }
            let (x, info) = cg(&a, &vec_on(b.clone(), dev), o).unwrap();
            assert_eq!(info, 0);
            assert!(max_err(&x, &vec![1.0; n]) < 1e-6);
            k
        };
        let plain = count(None);
        let jac = count(Some(jacobi(&a).unwrap()));
        let ilu = count(Some(ilu0(&a).unwrap().as_operator(dev)));
        assert!(jac < plain, "jacobi {jac} vs plain {plain}");
        // tridiagonal: ILU(0) is the exact LU, so one iteration
        assert!(ilu <= 2, "ilu0 took {ilu}");
    }
}

#[test]
fn eigsh_which_and_shift_invert() {
    for dev in all_devices() {
        let n = 100;
        let a = poisson(n, dev);
        let exact: Vec<f64> = (1..=n)
            .map(|k| 2.0 - 2.0 * (k as f64 * std::f64::consts::PI / (n as f64 + 1.0)).cos())
            .collect();
        let (w, v) = eigsh(&a, 4, EigOptions::new().which(Which::LA)).unwrap();
        let w: Vec<f64> = w.to_vec().unwrap();
        for (i, wi) in w.iter().enumerate() {
            assert!(
                (wi - exact[n - 4 + i]).abs() < 1e-9,
                "LA {i}: {wi} vs {}",
                exact[n - 4 + i]
            );
        }
        // A v = w v
        let v = v.unwrap();
        assert_eq!(v.shape(), &[n, 4]);
        let vv: Vec<f64> = v.to_vec().unwrap();
        for c in 0..4 {
            let col: Vec<f64> = (0..n).map(|i| vv[i * 4 + c]).collect();
            let av = matvec_host(&a, &col);
            let r: f64 = (0..n)
                .map(|i| (av[i] - w[c] * col[i]).powi(2))
                .sum::<f64>()
                .sqrt();
            assert!(r < 1e-8, "eigenvector {c}: residual {r}");
        }
        let (w, _) = eigsh(
            &a,
            3,
            EigOptions::new()
                .which(Which::SA)
                .return_eigenvectors(false),
        )
        .unwrap();
        let w: Vec<f64> = w.to_vec().unwrap();
        for i in 0..3 {
            assert!(
                (w[i] - exact[i]).abs() < 1e-9,
                "SA {i}: {} vs {}",
                w[i],
                exact[i]
            );
        }
        let (w, _) = eigsh(
            &a,
            4,
            EigOptions::new()
                .which(Which::BE)
                .return_eigenvectors(false),
        )
        .unwrap();
        let w: Vec<f64> = w.to_vec().unwrap();
        let want = [exact[0], exact[1], exact[n - 2], exact[n - 1]];
        for i in 0..4 {
            assert!(
                (w[i] - want[i]).abs() < 1e-9,
                "BE {i}: {} vs {}",
                w[i],
                want[i]
            );
        }
        // shift-invert: the 2 eigenvalues nearest 1.0
        let (w, _) = eigsh(
            &a,
            2,
            EigOptions::new().sigma(1.0).return_eigenvectors(false),
        )
        .unwrap();
        let w: Vec<f64> = w.to_vec().unwrap();
        let mut near: Vec<f64> = exact.clone();
        near.sort_by(|p, q| (p - 1.0).abs().total_cmp(&(q - 1.0).abs()));
        let mut want = near[..2].to_vec();
        want.sort_by(f64::total_cmp);
        for i in 0..2 {
            assert!(
                (w[i] - want[i]).abs() < 1e-10,
                "sigma {i}: {} vs {}",
                w[i],
                want[i]
            );
        }
    }
}

#[test]
fn eigs_nonsymmetric() {
    for dev in all_devices() {
        // upper bidiagonal: eigenvalues = diagonal
        let n = 40;
        let mut t = Vec::new();
        for i in 0..n {
            t.push((i, i, 1.0 + i as f64));
            if i + 1 < n {
                t.push((i, i + 1, 0.5));
            }
        }
        let a = csr(n, n, &t, dev);
        let (w, v) = eigs(&a, 3, EigOptions::new().which(Which::LM)).unwrap();
        let w: Vec<Complex64> = w.to_vec().unwrap();
        for (i, want) in [40.0, 39.0, 38.0].iter().enumerate() {
            assert!(
                (w[i] - Complex64::new(*want, 0.0)).norm() < 1e-8,
                "{i}: {}",
                w[i]
            );
        }
        assert_eq!(v.unwrap().shape(), &[n, 3]);
        let (w, _) = eigs(
            &a,
            2,
            EigOptions::new()
                .which(Which::SR)
                .return_eigenvectors(false),
        )
        .unwrap();
        let w: Vec<Complex64> = w.to_vec().unwrap();
        assert!(
            (w[0] - Complex64::new(1.0, 0.0)).norm() < 1e-8
                && (w[1] - Complex64::new(2.0, 0.0)).norm() < 1e-8,
            "{w:?}"
        );
    }
}

#[test]
fn svds_singular_triplets() {
    for dev in all_devices() {
        let (m, n) = (60, 40);
        let mut t = Vec::new();
        for i in 0..n {
            t.push((i, i, (i + 1) as f64));
            t.push((i + 20, i, 0.5));
        }
        let a = csr(m, n, &t, dev);
        // reference singular values from a dense SVD on the host
        let (p, j, d) = host(&a);
        let mut dm = faer::Mat::<f64>::zeros(m, n);
        for i in 0..m {
            for k in p[i] as usize..p[i + 1] as usize {
                dm[(i, j[k] as usize)] += d[k];
            }
        }
        let mut sv: Vec<f64> = dm.singular_values().unwrap();
        sv.sort_by(f64::total_cmp);
        let (u, s, vh) = svds(&a, 3, EigOptions::new()).unwrap();
        let s: Vec<f64> = s.to_vec().unwrap();
        for i in 0..3 {
            assert!(
                (s[i] - sv[n - 3 + i]).abs() < 1e-9 * sv[n - 1],
                "{i}: {} vs {}",
                s[i],
                sv[n - 3 + i]
            );
        }
        let (u, vh) = (u.unwrap(), vh.unwrap());
        assert_eq!(u.shape(), &[m, 3]);
        assert_eq!(vh.shape(), &[3, n]);
        // A vᵢ = σᵢ uᵢ
        let uu: Vec<f64> = u.to_vec().unwrap();
        let vv: Vec<f64> = vh.to_vec().unwrap();
        for c in 0..3 {
            let av = matvec_host(&a, &vv[c * n..(c + 1) * n]);
            let r: f64 = (0..m)
                .map(|i| (av[i] - s[c] * uu[i * 3 + c]).powi(2))
                .sum::<f64>()
                .sqrt();
            assert!(r < 1e-8 * s[2], "triplet {c}: {r}");
        }
        let (_, s, _) = svds(
            &a,
            2,
            EigOptions::new()
                .which(Which::SM)
                .return_eigenvectors(false),
        )
        .unwrap();
        let s: Vec<f64> = s.to_vec().unwrap();
        assert!(
            (s[0] - sv[0]).abs() < 1e-8 && (s[1] - sv[1]).abs() < 1e-8,
            "SM {s:?} vs {:?}",
            &sv[..2]
        );
    }
}

#[test]
fn lobpcg_smallest_and_largest() {
    for dev in all_devices() {
        let n = 50;
        let d: Vec<f64> = (1..=n).map(|i| i as f64).collect();
        let a = csr(n, n, &(0..n).map(|i| (i, i, d[i])).collect::<Vec<_>>(), dev);
        let x0: Vec<f64> = (0..n * 2)
            .map(|i| ((i * 37) % 17) as f64 / 17.0 + 0.1)
            .collect();
        let x0 = Array::from_vec_on(x0, &[n, 2], dev).unwrap();
        let (w, v) = lobpcg(&a, &x0, None, 1e-9, 500, false).unwrap();
        let w: Vec<f64> = w.to_vec().unwrap();
        assert!(
            (w[0] - 1.0).abs() < 1e-8 && (w[1] - 2.0).abs() < 1e-8,
            "{w:?}"
        );
        assert_eq!(v.shape(), &[n, 2]);
        let (w, _) = lobpcg(&a, &x0, None, 1e-9, 500, true).unwrap();
        let w: Vec<f64> = w.to_vec().unwrap();
        assert!(
            (w[0] - 50.0).abs() < 1e-8 && (w[1] - 49.0).abs() < 1e-8,
            "{w:?}"
        );
    }
}

#[test]
fn norms_onenormest_expm_multiply_matrix_power() {
    for dev in all_devices() {
        let a = csr(
            3,
            3,
            &[
                (0, 0, 1.0),
                (0, 2, -4.0),
                (1, 1, 2.0),
                (2, 0, 3.0),
                (2, 2, -1.0),
            ],
            dev,
        );
        assert!((norm(&a, NormOrd::Fro).unwrap() - 31f64.sqrt()).abs() < 1e-14);
        assert_eq!(norm(&a, NormOrd::One).unwrap(), 5.0);
        assert_eq!(norm(&a, NormOrd::Inf).unwrap(), 5.0);
        assert_eq!(norm(&a, NormOrd::MinusInf).unwrap(), 2.0);
        // non-canonical: duplicates are summed first (|1 + 1| + |3| = 5, not |1|+|1|+|3|... same here; use cancelling)
        let dup = Compressed {
            data: vec_on(vec![2.0, -2.0, 1.0], dev),
            indices: Array::from_vec_on(vec![0i64, 0, 1], &[3], dev).unwrap(),
            indptr: Array::from_vec_on(vec![0i64, 2, 3], &[3], dev).unwrap(),
            shape: (2, 2),
            canonical: false,
        };
        assert_eq!(norm(&dup, NormOrd::Fro).unwrap(), 1.0);
        // ord=2: the largest singular value of the 1-D Poisson matrix is its largest eigenvalue
        let p = poisson(30, dev);
        let want = 2.0 - 2.0 * (30.0 * std::f64::consts::PI / 31.0).cos();
        assert!((norm(&p, NormOrd::Two).unwrap() - want).abs() < 1e-10);
        assert_eq!(onenormest(&a).unwrap(), 5.0);
        assert!((onenormest(&p).unwrap() - 4.0).abs() < 1e-12);
        // expm_multiply on a diagonal-plus-nilpotent matrix: exp([[1, 1], [0, 1]]) = e [[1, 1], [0, 1]]
        let j = csr(2, 2, &[(0, 0, 1.0), (0, 1, 1.0), (1, 1, 1.0)], dev);
        let y = expm_multiply(&j, &vec_on(vec![1.0, 1.0], dev)).unwrap();
        let e = std::f64::consts::E;
        assert!(max_err(&y, &[2.0 * e, e]) < 1e-13);
        // a larger norm needs scaling: exp(−5P) b against P's eigendecomposition
        // (P = Q Λ Qᵀ, Q_jk = √(2/(n+1)) sin(jkπ/(n+1)), λ_k = 2 − 2cos(kπ/(n+1)))
        let nn = 30usize;
        let m5 = Compressed {
            data: cuprum_core::multiply(&p.data, -5.0).unwrap(),
            ..p.clone()
        };
        let b: Vec<f64> = (0..nn).map(|i| (i as f64 * 0.3).sin() + 0.5).collect();
        let h = std::f64::consts::PI / (nn as f64 + 1.0);
        let q = |j: usize, k: usize| {
            (2.0 / (nn as f64 + 1.0)).sqrt() * (((j + 1) * (k + 1)) as f64 * h).sin()
        };
        let want: Vec<f64> = (0..nn)
            .map(|j| {
                (0..nn)
                    .map(|k| {
                        let lam = 2.0 - 2.0 * ((k + 1) as f64 * h).cos();
                        let c: f64 = (0..nn).map(|l| q(l, k) * b[l]).sum();
                        q(j, k) * (-5.0 * lam).exp() * c
                    })
                    .sum()
            })
            .collect();
        let y = expm_multiply(&m5, &vec_on(b.clone(), dev)).unwrap();
        assert!(max_err(&y, &want) < 1e-13, "{}", max_err(&y, &want));
        // matrix_power
        let q = matrix_power(&j, 5).unwrap();
        assert_eq!(q.data.to_vec::<f64>().unwrap(), vec![1.0, 5.0, 1.0]);
        assert_eq!(q.data.device(), dev);
        let i0 = matrix_power(&j, 0).unwrap();
        assert_eq!(i0.data.to_vec::<f64>().unwrap(), vec![1.0, 1.0]);
    }
}

#[test]
fn linear_operator_from_closures_and_dense() {
    for dev in all_devices() {
        let n = 30;
        let p = poisson(n, dev);
        let pc = p.clone();
        let op = LinearOperator::new((n, n), DType::Float64, dev, move |x| {
            aslinearoperator(&pc)?.matvec(x)
        });
        let b = matvec_host(&p, &vec![1.0; n]);
        let (x, info) = cg(
            &op,
            &vec_on(b.clone(), dev),
            SolveOptions::new().rtol(1e-12),
        )
        .unwrap();
        assert_eq!(info, 0);
        assert!(max_err(&x, &vec![1.0; n]) < 1e-9);
        // no rmatvec: bicg needs it
        assert!(matches!(
            bicg(&op, &vec_on(b.clone(), dev), SolveOptions::new()),
            Err(crate::SparseError::NotSupported { .. })
        ));
        // no entries: spsolve needs them
        assert!(matches!(
            spsolve(&op, &vec_on(b.clone(), dev)),
            Err(crate::SparseError::NotSupported { .. })
        ));
        // dense
        let dense = cuprum_core::zeros_on(&[3, 3], DType::Float64, dev).unwrap();
        let op = aslinearoperator(&dense).unwrap();
        assert_eq!(op.shape(), (3, 3));
        // wrong sizes are errors
        assert!(cg(&p, &vec_on(vec![1.0; n + 1], dev), SolveOptions::new()).is_err());
        let rect = csr(3, 2, &[(0, 0, 1.0)], dev);
        assert!(cg(&rect, &vec_on(vec![1.0; 3], dev), SolveOptions::new()).is_err());
        // a zero right-hand side gives zero at once
        let (x, info) = gmres(&p, &vec_on(vec![0.0; n], dev), SolveOptions::new()).unwrap();
        assert_eq!(info, 0);
        assert_eq!(max_err(&x, &vec![0.0; n]), 0.0);
    }
}

#[test]
fn sparse_type_is_accepted() {
    for dev in all_devices() {
        let n = 20;
        let p = poisson(n, dev);
        let s = crate::csr_matrix((&p.data, &p.indices, &p.indptr), Some((n, n))).unwrap();
        let b = matvec_host(&p, &vec![1.0; n]);
        let (x, info) = cg(&s, &vec_on(b.clone(), dev), SolveOptions::new().rtol(1e-12)).unwrap();
        assert_eq!(info, 0);
        assert!(max_err(&x, &vec![1.0; n]) < 1e-9);
        let x = spsolve(&s.tocsc().unwrap(), &vec_on(b, dev)).unwrap();
        assert!(max_err(&x, &vec![1.0; n]) < 1e-12);
    }
}

// ---- the real matrices of tests/data/matrices ----

#[test]
fn pores_1_direct_and_preconditioned_gmres() {
    for dev in all_devices() {
        let a = mtx("pores_1.mtx", dev);
        let n = a.shape.0;
        let b = matvec_host(&a, &vec![1.0; n]);
        let x = spsolve(&a, &vec_on(b.clone(), dev)).unwrap();
        // SciPy: max|x − 1| = 1.3e-12
        assert!(
            max_err(&x, &vec![1.0; n]) < 1e-10,
            "spsolve: {}",
            max_err(&x, &vec![1.0; n])
        );
        let m = ilu0(&a).unwrap().as_operator(dev);
        let (x, info) = gmres(
            &a,
            &vec_on(b.clone(), dev),
            SolveOptions::new().rtol(1e-10).m(m).maxiter(200),
        )
        .unwrap();
        assert_eq!(info, 0);
        assert!(rel_res(&a, &x, &b) <= 1e-10);
        let (x, info) = bicgstab(
            &a,
            &vec_on(b.clone(), dev),
            SolveOptions::new()
                .rtol(1e-10)
                .m(ilu0(&a).unwrap().as_operator(dev))
                .maxiter(500),
        )
        .unwrap();
        assert_eq!(info, 0);
        assert!(rel_res(&a, &x, &b) <= 1e-10);
    }
}

#[test]
fn lund_a_spd_solvers() {
    for dev in all_devices() {
        let a = mtx("lund_a.mtx", dev);
        let n = a.shape.0;
        assert_eq!(n, 147);
        let b = matvec_host(&a, &vec![1.0; n]);
        let x = spsolve(&a, &vec_on(b.clone(), dev)).unwrap();
        // SciPy: max|x − 1| = 1.05e-10
        assert!(
            max_err(&x, &vec![1.0; n]) < 1e-8,
            "spsolve: {}",
            max_err(&x, &vec![1.0; n])
        );
        let (x, info) = cg(
            &a,
            &vec_on(b.clone(), dev),
            SolveOptions::new()
                .rtol(1e-10)
                .m(jacobi(&a).unwrap())
                .maxiter(5000),
        )
        .unwrap();
        assert_eq!(info, 0, "jacobi-cg");
        assert!(rel_res(&a, &x, &b) <= 1e-10);
        let (x, info) = cg(
            &a,
            &vec_on(b.clone(), dev),
            SolveOptions::new()
                .rtol(1e-10)
                .m(ilu0(&a).unwrap().as_operator(dev)),
        )
        .unwrap();
        assert_eq!(info, 0, "ilu0-cg");
        assert!(rel_res(&a, &x, &b) <= 1e-10);
        let (x, info) = minres(
            &a,
            &vec_on(b.clone(), dev),
            SolveOptions::new()
                .rtol(1e-12)
                .m(jacobi(&a).unwrap())
                .maxiter(5000),
        )
        .unwrap();
        assert_eq!(info, 0, "minres");
        assert!(
            rel_res(&a, &x, &b) <= 1e-8,
            "minres {}",
            rel_res(&a, &x, &b)
        );
        // the largest eigenvalues against a dense eigendecomposition
        let (p, j, d) = host(&a);
        let mut dm = faer::Mat::<f64>::zeros(n, n);
        for i in 0..n {
            for k in p[i] as usize..p[i + 1] as usize {
                dm[(i, j[k] as usize)] += d[k];
            }
        }
        let ev = dm.self_adjoint_eigenvalues(faer::Side::Lower).unwrap();
        let (w, _) = eigsh(
            &a,
            3,
            EigOptions::new()
                .which(Which::LA)
                .return_eigenvectors(false),
        )
        .unwrap();
        let w: Vec<f64> = w.to_vec().unwrap();
        for i in 0..3 {
            assert!(
                (w[i] - ev[n - 3 + i]).abs() < 1e-9 * ev[n - 1],
                "{i}: {} vs {}",
                w[i],
                ev[n - 3 + i]
            );
        }
        // ‖A‖_F = 1.3897e9 (README)
        assert!((norm(&a, NormOrd::Fro).unwrap() / 1.3897e9 - 1.0).abs() < 1e-4);
    }
}

#[test]
fn jgl009_is_singular() {
    for dev in all_devices() {
        let a = mtx("jgl009.mtx", dev);
        let b = vec_on(vec![1.0; 9], dev);
        let e = spsolve(&a, &b).unwrap_err();
        assert!(
            matches!(e, crate::SparseError::SingularMatrix { .. }),
            "{e}"
        );
        assert!(splu(&a).is_err());
    }
}

// ---- the corpus's sparse linalg cases (tests/data/conformance), against SciPy's answers ----

fn corpus(id: &str, k: usize, dev: Device) -> Array {
    let p = format!(
        "{}/../../tests/data/conformance/{id}.in{k}.npy",
        env!("CARGO_MANIFEST_DIR")
    );
    cuprum_core::npy::load_on(&p, dev).unwrap()
}

fn corpus_out(id: &str) -> Vec<Complex64> {
    let p = format!(
        "{}/../../tests/data/conformance/{id}.out0.npy",
        env!("CARGO_MANIFEST_DIR")
    );
    cuprum_core::npy::load_on(&p, Device::Cpu)
        .unwrap()
        .astype(DType::Complex128)
        .unwrap()
        .to_vec()
        .unwrap()
}

/// The sparse input of a case (CSR or CSC) and its dense operands.
fn corpus_case(id: &str, csc: bool, dev: Device) -> (crate::Sparse, Vec<Array>) {
    let shape: Vec<i64> = corpus(id, 3, Device::Cpu).to_vec().unwrap();
    let (d, i, p) = (corpus(id, 0, dev), corpus(id, 1, dev), corpus(id, 2, dev));
    let shape = Some((shape[0] as usize, shape[1] as usize));
    let a = if csc {
        crate::csc_matrix((&d, &i, &p), shape)
    } else {
        crate::csr_matrix((&d, &i, &p), shape)
    }
    .unwrap();
    let mut rest = Vec::new();
    let mut k = 4;
    loop {
        let path = format!(
            "{}/../../tests/data/conformance/{id}.in{k}.npy",
            env!("CARGO_MANIFEST_DIR")
        );
        if !std::path::Path::new(&path).exists() {
            break;
        }
        rest.push(corpus(id, k, dev));
        k += 1;
    }
    (a, rest)
}

fn close(id: &str, got: &Array, rtol: f64, atol: f64, sorted: bool) {
    let mut g: Vec<Complex64> = got.astype(DType::Complex128).unwrap().to_vec().unwrap();
    let mut w = corpus_out(id);
    assert_eq!(
        g.len(),
        w.len(),
        "{id}: {} values, expected {}",
        g.len(),
        w.len()
    );
    if sorted {
        g.sort_by(|a, b| a.re.total_cmp(&b.re));
        w.sort_by(|a, b| a.re.total_cmp(&b.re));
    }
    for (k, (a, b)) in g.iter().zip(&w).enumerate() {
        assert!(
            (a - b).norm() <= atol + rtol * b.norm(),
            "{id}[{k}]: {a} vs {b}"
        );
    }
}

#[test]
fn corpus_sparse_linalg_cases() {
    for dev in all_devices() {
        let o = || SolveOptions::new().rtol(1e-10).maxiter(1000);
        let lo = || LsqOptions::new().atol(1e-12).btol(1e-12).maxiter(1000);
        type Solve = fn(&crate::Sparse, &Array, SolveOptions<'static>, LsqOptions) -> Array;
        let solvers: [(&str, Solve); 6] = [
            ("sparse.csr_cg.spd", |a, b, o, _| cg(a, b, o).unwrap().0),
            ("sparse.csr_gmres.nonsym", |a, b, o, _| {
                gmres(a, b, o).unwrap().0
            }),
            ("sparse.csr_bicgstab.nonsym", |a, b, o, _| {
                bicgstab(a, b, o).unwrap().0
            }),
            ("sparse.csr_minres.sym_indefinite", |a, b, o, _| {
                minres(a, b, o).unwrap().0
            }),
            ("sparse.csr_lsqr.40x20", |a, b, _, lo| {
                lsqr(a, b, lo).unwrap().x
            }),
            ("sparse.csr_lsmr.40x20", |a, b, _, lo| {
                lsmr(a, b, lo).unwrap().x
            }),
        ];
        for (id, solve) in solvers {
            let (a, r) = corpus_case(id, false, dev);
            close(id, &solve(&a, &r[0], o(), lo()), 1e-6, 1e-6, false);
        }
        type Direct = fn(&crate::Sparse, &Array) -> Array;
        let spsolve1: Direct = |a, b| spsolve(a, b).unwrap();
        let direct: [(&str, bool, Direct); 6] = [
            ("sparse.csr_spsolve.vec", false, spsolve1),
            ("sparse.csr_spsolve.c128", false, spsolve1),
            ("sparse.csc_spsolve.mat", true, spsolve1),
            ("sparse.csc_splu_solve", true, |a, b| {
                splu(a).unwrap().solve(b).unwrap()
            }),
            ("sparse.csr_spsolve_triangular.lower", false, |a, b| {
                spsolve_triangular(a, b, true, false).unwrap()
            }),
            ("sparse.csr_spsolve_triangular.upper", false, |a, b| {
                spsolve_triangular(a, b, false, false).unwrap()
            }),
        ];
        for (id, csc, solve) in direct {
            let (a, r) = corpus_case(id, csc, dev);
            close(id, &solve(&a, &r[0]), 1e-10, 1e-10, false);
        }
        let (a, r) = corpus_case("sparse.csr_spsolve.error.singular", false, dev);
        assert_eq!(
            spsolve(&a, &r[0]).unwrap_err().conformance_class(),
            "singular_matrix"
        );
        let (a, _) = corpus_case("sparse.csr_eigsh.k4_la", false, dev);
        close(
            "sparse.csr_eigsh.k4_la",
            &eigsh(&a, 4, EigOptions::new().which(Which::LA)).unwrap().0,
            1e-6,
            0.0,
            true,
        );
        let (a, _) = corpus_case("sparse.csr_svds.k3", false, dev);
        close(
            "sparse.csr_svds.k3",
            &svds(&a, 3, EigOptions::new()).unwrap().1,
            1e-6,
            0.0,
            true,
        );
        let (a, _) = corpus_case("sparse.csr_norm.fro", false, dev);
        let v = norm(&a, NormOrd::Fro).unwrap();
        close(
            "sparse.csr_norm.fro",
            &Array::from_vec_on(vec![v], (), Device::Cpu).unwrap(),
            1e-12,
            4.76e-13,
            false,
        );
        let (a, _) = corpus_case("sparse.csr_norm.1", false, dev);
        let v = norm(&a, NormOrd::One).unwrap();
        close(
            "sparse.csr_norm.1",
            &Array::from_vec_on(vec![v], (), Device::Cpu).unwrap(),
            1e-12,
            4.2e-13,
            false,
        );
        let (a, r) = corpus_case("sparse.csr_expm_multiply", false, dev);
        close(
            "sparse.csr_expm_multiply",
            &expm_multiply(&a, &r[0]).unwrap(),
            1e-9,
            1.1e-9,
            false,
        );
    }
}

/// `ilu0(A).as_operator(dev)` and `ilu0_operator(A)` apply the same `(LU)⁻¹` as the host
/// `solve` (on CUDA: the factors on the device — uploaded, or computed by `csrilu02` — and two
/// `SpSV` solves per application), float64 and float32, with their adjoints.
#[test]
fn ilu0_operator_on_the_device_matches_the_host_solve() {
    for dev in all_devices() {
        for dt in [DType::Float64, DType::Float32] {
            let mut a = nonsym(40, dev);
            a.data = a.data.astype(dt).unwrap();
            let ilu = ilu0(&a).unwrap();
            let xs: Vec<f64> = (0..40).map(|i| ((i * 7) % 11) as f64 - 5.0).collect();
            let x = Array::from_vec_on(xs.clone(), &[40], dev)
                .unwrap()
                .astype(dt)
                .unwrap();
            let got: Vec<f64> = ilu
                .as_operator(dev)
                .matvec(&x)
                .unwrap()
                .astype(DType::Float64)
                .unwrap()
                .to_vec()
                .unwrap();
            let xh = Array::from_vec_on(xs, &[40], Device::Cpu)
                .unwrap()
                .astype(dt)
                .unwrap();
            let want: Vec<f64> = ilu
                .solve(&xh)
                .unwrap()
                .astype(DType::Float64)
                .unwrap()
                .to_vec()
                .unwrap();
            let tol = if dt == DType::Float32 { 1e-5 } else { 1e-12 };
            for (g, w) in got.iter().zip(&want) {
                assert!(
                    (g - w).abs() <= tol * (1.0 + w.abs()),
                    "{dt} on {dev}: {g} vs {w}"
                );
            }
            // ilu0_operator: factorized on the matrix's device (csrilu02 on CUDA), same M
            let m = ilu0_operator(&a).unwrap();
            assert_eq!(m.device(), dev);
            let got2: Vec<f64> = m
                .matvec(&x)
                .unwrap()
                .astype(DType::Float64)
                .unwrap()
                .to_vec()
                .unwrap();
            for (g, w) in got2.iter().zip(&want) {
                assert!(
                    (g - w).abs() <= tol * (1.0 + w.abs()),
                    "{dt} on {dev}: {g} vs {w}"
                );
            }
            // and its adjoint agrees with the host factor's
            let wh: Vec<f64> = ilu
                .as_operator(Device::Cpu)
                .rmatvec(&xh)
                .unwrap()
                .astype(DType::Float64)
                .unwrap()
                .to_vec()
                .unwrap();
            let gh: Vec<f64> = m
                .rmatvec(&x)
                .unwrap()
                .astype(DType::Float64)
                .unwrap()
                .to_vec()
                .unwrap();
            for (g, w) in gh.iter().zip(&wh) {
                assert!(
                    (g - w).abs() <= tol * (1.0 + w.abs()),
                    "adjoint {dt} on {dev}: {g} vs {w}"
                );
            }
        }
    }
}

/// A basis longer than one CGS2 chunk (4096) and not a multiple of 8: the in-place Lanczos
/// step's chunked, cache-blocked sweeps, float64 and float32, against the exact eigenvalues
/// (20, 30, 40) of a diagonal matrix whose other entries lie in [0, 1).
#[test]
fn eigsh_long_basis_across_chunks() {
    for dev in all_devices() {
        let n = 10_003;
        let mut t = Vec::new();
        for i in 0..n {
            let d = if i >= n - 3 {
                (i - (n - 3) + 2) as f64 * 10.0 // 20, 30, 40
            } else {
                (i % 97) as f64 / 97.0
            };
            t.push((i, i, d));
        }
        let a = csr(n, n, &t, dev);
        for dt in [DType::Float64, DType::Float32] {
            let mut a = a.clone();
            a.data = a.data.astype(dt).unwrap();
            let (w, v) = eigsh(&a, 3, EigOptions::new().which(Which::LA)).unwrap();
            let w: Vec<f64> = w.astype(DType::Float64).unwrap().to_vec().unwrap();
            let tol = if dt == DType::Float64 { 1e-10 } else { 1e-4 };
            for (i, want) in [20.0, 30.0, 40.0].iter().enumerate() {
                assert!(
                    (w[i] - want).abs() < tol * want,
                    "{dt} {i}: {} vs {want}",
                    w[i]
                );
            }
            // the eigenvectors are the last three unit vectors (up to sign)
            let v: Vec<f64> = v.unwrap().astype(DType::Float64).unwrap().to_vec().unwrap();
            for c in 0..3 {
                let peak = v[(n - 3 + c) * 3 + c].abs();
                assert!((peak - 1.0).abs() < tol.sqrt(), "{dt} vector {c}: {peak}");
            }
        }
    }
}

/// A right-hand side of the wrong length or rank is refused by every direct solver with the
/// shape it has (a 1-D `b` is not reported as the `(n, 1)` column it never was), on every
/// device.
#[test]
fn wrong_right_hand_sides_name_their_own_shape() {
    for dev in all_devices() {
        let a = poisson(16, dev);
        let short = vec_on(vec![1.0; 15], dev);
        let cube = cuprum_core::zeros_on(&[16, 1, 1], DType::Float64, dev).unwrap();
        let scalar = cuprum_core::zeros_on(&[0usize; 0][..], DType::Float64, dev).unwrap();
        let lu = splu(&a).unwrap();
        let tri = |b: &Array| spsolve_triangular(&a, b, true, false);
        type Solver<'a> = Box<dyn Fn(&Array) -> crate::Result<Array> + 'a>;
        let cases: Vec<(&str, Solver<'_>)> = vec![
            ("spsolve", Box::new(|b| spsolve(&a, b))),
            ("SuperLU.solve", Box::new(|b| lu.solve(b))),
            ("spsolve_triangular", Box::new(tri)),
            ("expm_multiply", Box::new(|b| expm_multiply(&a, b))),
        ];
        for (op, f) in &cases {
            for (b, shown) in [(&short, "[15]"), (&cube, "[16, 1, 1]"), (&scalar, "[]")] {
                let e = f(b).unwrap_err();
                let msg = e.to_string();
                assert!(
                    matches!(e, crate::SparseError::InvalidShape { op: o, .. } if o == *op),
                    "{dev:?} {op}: {msg}"
                );
                assert_eq!(e.conformance_class(), "shape_mismatch");
                assert!(
                    msg.contains(&format!("invalid shape {shown}"))
                        && msg.contains("16 rows")
                        && msg.contains("(16, 16)"),
                    "{dev:?} {op}: {msg}"
                );
            }
        }
    }
}

// ---- issue 46: solvers tell the truth on NaN, inf and singular input ----

type Krylov = Box<dyn Fn(&Compressed, &Array, SolveOptions<'_>) -> crate::Result<(Array, i64)>>;

fn krylov_solvers() -> Vec<(&'static str, Krylov)> {
    vec![
        ("cg", Box::new(cg)),
        ("bicg", Box::new(bicg)),
        ("bicgstab", Box::new(bicgstab)),
        ("cgs", Box::new(cgs)),
        ("gmres", Box::new(gmres)),
        ("lgmres", Box::new(lgmres)),
        ("minres", Box::new(minres)),
        ("qmr", Box::new(qmr)),
        ("tfqmr", Box::new(tfqmr)),
    ]
}

/// A NaN or infinite residual never reads as convergence: `cg` returned `info = 0` with a
/// NaN, infinite or zero `x` for these (its `rr.max(0.0)` turned NaN into 0). SciPy runs on
/// to `maxiter` (info 20 for n = 2); cuprum stops at once with `info = -10` (breakdown).
#[test]
fn krylov_solvers_report_breakdown_on_non_finite_values() {
    for dev in all_devices() {
        let spd = |d: f64| {
            csr(
                2,
                2,
                &[(0, 0, d), (0, 1, 1.0), (1, 0, 1.0), (1, 1, 3.0)],
                dev,
            )
        };
        let b = || vec_on(vec![1.0, 2.0], dev);
        let cases: Vec<(&str, Compressed, Array, Option<Array>)> = vec![
            ("NaN matrix", spd(f64::NAN), b(), None),
            ("inf matrix", spd(f64::INFINITY), b(), None),
            ("NaN b", spd(4.0), vec_on(vec![f64::NAN, 2.0], dev), None),
            (
                "inf b",
                spd(4.0),
                vec_on(vec![f64::INFINITY, 2.0], dev),
                None,
            ),
            (
                "NaN x0",
                spd(4.0),
                b(),
                Some(vec_on(vec![f64::NAN, 0.0], dev)),
            ),
        ];
        for (what, a, b, x0) in &cases {
            for (name, solve) in krylov_solvers() {
                let mut o = SolveOptions::new().maxiter(20);
                if let Some(x0) = x0 {
                    o = o.x0(x0.clone());
                }
                let (_, info) = solve(a, b, o).unwrap();
                assert_eq!(info, -10, "{name} on a {what} ({dev:?})");
            }
        }
        // the zero matrix: cg's alpha = ρ/0 made x infinite and r NaN; MINRES gives SciPy's
        // least-squares answer x = 0 (info 0), GMRES stagnates at x = 0 (info = maxiter)
        let zero = csr(2, 2, &[], dev);
        for (name, solve) in krylov_solvers() {
            let (x, info) = solve(&zero, &b(), SolveOptions::new().maxiter(20)).unwrap();
            let x = x.to_vec::<f64>().unwrap();
            match name {
                "minres" => assert_eq!((info, x), (0, vec![0.0, 0.0]), "{name} ({dev:?})"),
                "gmres" | "lgmres" => {
                    assert_eq!((info, x), (20, vec![0.0, 0.0]), "{name} ({dev:?})")
                }
                _ => assert_eq!(info, -10, "{name} on the zero matrix ({dev:?})"),
            }
        }
        // a finite system still converges (the rule changes nothing there)
        let (x, info) = cg(&spd(4.0), &b(), SolveOptions::new().rtol(1e-12)).unwrap();
        assert_eq!(info, 0);
        assert!(max_err(&x, &[1.0 / 11.0, 7.0 / 11.0]) < 1e-12);
    }
}

/// LSQR and LSMR stop with `istop = -10` on NaN or inf (SciPy iterates to the limit, istop
/// 7); an infinite `‖A‖` made LSQR's `1 + t1 ≤ 1` report istop 4 ("Ax = b to machine
/// precision").
#[test]
fn lsqr_and_lsmr_stop_on_non_finite_values() {
    for dev in all_devices() {
        let a = |d: f64| {
            csr(
                3,
                2,
                &[(0, 0, d), (1, 0, 1.0), (1, 1, 1.0), (2, 1, 2.0)],
                dev,
            )
        };
        let b = || vec_on(vec![1.0, 2.0, 4.0], dev);
        let cases = [
            ("NaN matrix", a(f64::NAN), b()),
            ("inf matrix", a(f64::INFINITY), b()),
            ("NaN b", a(1.0), vec_on(vec![1.0, f64::NAN, 4.0], dev)),
            ("inf b", a(1.0), vec_on(vec![1.0, f64::INFINITY, 4.0], dev)),
        ];
        for (what, a, b) in &cases {
            let r = lsqr(a, b, LsqOptions::new().maxiter(20)).unwrap();
            assert_eq!(r.istop, -10, "lsqr on a {what} ({dev:?})");
            let r = lsmr(a, b, LsqOptions::new().maxiter(20)).unwrap();
            assert_eq!(r.istop, -10, "lsmr on a {what} ({dev:?})");
        }
        // the zero matrix: x = 0 is the least-squares solution (istop 0), as SciPy
        let z = csr(3, 2, &[], dev);
        let r = lsqr(&z, &b(), LsqOptions::new()).unwrap();
        assert_eq!((r.istop, r.x.to_vec::<f64>().unwrap()), (0, vec![0.0, 0.0]));
    }
}

/// The eigensolvers refuse a NaN operator instead of returning NaN eigenvalues as a success
/// (with `ncv = n` the Krylov–Schur exit took any Ritz values).
#[test]
fn eigensolvers_refuse_nan_operators() {
    for dev in all_devices() {
        let a = csr(
            4,
            4,
            &[(0, 0, 1.0), (1, 1, f64::NAN), (2, 2, 3.0), (3, 3, 4.0)],
            dev,
        );
        assert!(eigsh(&a, 1, EigOptions::new()).is_err(), "eigsh ({dev:?})");
        assert!(eigs(&a, 1, EigOptions::new()).is_err(), "eigs ({dev:?})");
        assert!(svds(&a, 1, EigOptions::new()).is_err(), "svds ({dev:?})");
        let x = Array::from_vec_on(vec![1.0f64, 0.5, 0.25, 0.125], &[4, 1], dev).unwrap();
        assert!(
            lobpcg(&a, &x, None, 1e-8, 20, true).is_err(),
            "lobpcg ({dev:?})"
        );
    }
}

/// `expm_multiply` of a matrix holding inf never returned (the step count was
/// `ceil(inf/θ)`), and NaN returned `b` itself; both are errors now, as SciPy's ValueError.
#[test]
fn expm_multiply_refuses_non_finite_matrices() {
    for dev in all_devices() {
        let b = vec_on(vec![1.0, 1.0], dev);
        for v in [f64::INFINITY, f64::NAN] {
            let a = csr(2, 2, &[(0, 0, v), (1, 1, 1.0)], dev);
            let e = expm_multiply(&a, &b).unwrap_err();
            assert!(
                matches!(
                    e,
                    crate::SparseError::Core(cuprum_core::Error::OutOfDomain { arg: "A", .. })
                ),
                "{e}"
            );
        }
    }
}

/// A numerically singular matrix (the pure-Neumann Laplacian of a grid with varying
/// conductivities: its rows sum to 0, so constants span its null space) is refused by
/// `spsolve` and `splu` on every device instead of a huge, meaningless solution (SciPy:
/// `MatrixRankWarning` and NaN).
#[test]
fn spsolve_refuses_a_pure_neumann_laplacian() {
    let g = 12;
    let mut trip = Vec::new();
    let mut diag = vec![0.0; g * g];
    for i in 0..g {
        for j in 0..g {
            let p = i * g + j;
            for (q, ok) in [(p + 1, j + 1 < g), (p + g, i + 1 < g)] {
                if ok {
                    let w = 1.0 + ((p * 7 + q * 3) % 11) as f64 / 7.0;
                    trip.push((p, q, -w));
                    trip.push((q, p, -w));
                    diag[p] += w;
                    diag[q] += w;
                }
            }
        }
    }
    for (p, &d) in diag.iter().enumerate() {
        trip.push((p, p, d));
    }
    for dev in all_devices() {
        let a = csr(g * g, g * g, &trip, dev);
        let b = vec_on((0..g * g).map(|i| (i % 5) as f64 - 2.0).collect(), dev);
        let e = spsolve(&a, &b).unwrap_err();
        assert!(
            matches!(e, crate::SparseError::SingularMatrix { .. }),
            "{e} ({dev:?})"
        );
        // with one Dirichlet row the system is regular and solves
        let mut t2: Vec<(usize, usize, f64)> = trip.iter().copied().filter(|e| e.0 != 0).collect();
        t2.push((0, 0, 1.0));
        let a2 = csr(g * g, g * g, &t2, dev);
        let x = spsolve(&a2, &b).unwrap();
        assert!(
            rel_res(
                &a2,
                &x,
                &((0..g * g).map(|i| (i % 5) as f64 - 2.0).collect::<Vec<_>>())
            ) < 1e-10
        );
    }
}
