//! The `sparse` suite (issue 16, item 7): the 5-point Poisson matrix of a G x G grid
//! (G = 2048 with `--size full`: 4.19 M rows, about 21 M entries, float32, int32 indices),
//! side by side with cupyx.scipy.sparse on the GPU and scipy.sparse on the CPU (compare.py).

use crate::cases::{Body, Case, Work};
use cuprum::sparse::{coo_matrix, csr_matrix};
use cuprum::{Array, Device, Result};

fn to_core<E: std::fmt::Display>(e: E) -> cuprum::Error {
    cuprum::Error::invalid_value("sparse bench", e.to_string())
}

/// The Poisson matrix's CSR parts (row-major grid, diagonal 4, neighbours -1), and its
/// triplets with every diagonal entry split into two halves appended at the end (duplicates).
pub struct Poisson {
    pub indptr: Vec<i32>,
    pub indices: Vec<i32>,
    pub data: Vec<f32>,
    pub row: Vec<i32>,
    pub col: Vec<i32>,
    pub val: Vec<f32>,
}

pub fn poisson(g: usize) -> Poisson {
    let n = g * g;
    let mut p = Poisson {
        indptr: Vec::with_capacity(n + 1),
        indices: Vec::with_capacity(5 * n),
        data: Vec::with_capacity(5 * n),
        row: vec![],
        col: vec![],
        val: vec![],
    };
    p.indptr.push(0);
    for i in 0..g {
        for j in 0..g {
            let r = i * g + j;
            let mut push = |c: usize, v: f32| {
                p.indices.push(c as i32);
                p.data.push(v);
            };
            if i > 0 {
                push(r - g, -1.0);
            }
            if j > 0 {
                push(r - 1, -1.0);
            }
            push(r, 4.0);
            if j + 1 < g {
                push(r + 1, -1.0);
            }
            if i + 1 < g {
                push(r + g, -1.0);
            }
            p.indptr.push(p.indices.len() as i32);
        }
    }
    for r in 0..n {
        for k in p.indptr[r] as usize..p.indptr[r + 1] as usize {
            let c = p.indices[k] as usize;
            p.row.push(r as i32);
            p.col.push(c as i32);
            p.val.push(if c == r { 2.0 } else { p.data[k] });
        }
    }
    for r in 0..n {
        p.row.push(r as i32);
        p.col.push(r as i32);
        p.val.push(2.0);
    }
    p
}

fn csr(p: &Poisson, g: usize, d: Device) -> Result<cuprum::sparse::Sparse> {
    let n = g * g;
    let data = Array::from_slice_on(&p.data, &[p.data.len()], d)?;
    let indices = Array::from_slice_on(&p.indices, &[p.indices.len()], d)?;
    let indptr = Array::from_slice_on(&p.indptr, &[n + 1], d)?;
    csr_matrix((&data, &indices, &indptr), Some((n, n))).map_err(to_core)
}

/// The Poisson matrix of a `g` x `g` grid, built once per `g` for the whole run (leaked: the
/// process ends after the bench).
fn poisson_cached(g: usize) -> &'static Poisson {
    use std::collections::HashMap;
    use std::sync::Mutex;
    static P: Mutex<Option<HashMap<usize, &'static Poisson>>> = Mutex::new(None);
    let mut guard = P.lock().unwrap_or_else(|e| e.into_inner());
    let map = guard.get_or_insert_with(HashMap::new);
    map.entry(g)
        .or_insert_with(|| Box::leak(Box::new(poisson(g))))
}

/// The float64 Poisson matrix of a `g` x `g` grid on `d`.
fn csr64(g: usize, d: Device) -> Result<cuprum::sparse::Sparse> {
    csr(poisson_cached(g), g, d)?
        .astype(cuprum::DType::Float64)
        .map_err(to_core)
}

/// The suite. `--size full` times the sizes on the GPU only (a 4.19 M-row matrix on a
/// 2-core CPU takes minutes per row) and repeats every row at the quick size with the CPU too,
/// so the whole suite stays within about 100 s of CPU time; `--size quick` times only the quick
/// sizes, on both.
pub fn sparse(full: bool) -> Vec<Case> {
    let mut v = Vec::new();
    if full {
        v.extend(product_rows(2048, false));
        v.extend(linalg_rows(2048, 500, 1000, false));
    }
    v.extend(product_rows(512, true));
    v.extend(linalg_rows(512, 100, 128, true));
    v
}

/// Issue 17 item 6: `cg` x 100 iterations on the float64 Poisson matrix of a `g_cg` grid,
/// `spsolve` of a `g_lu`² system, `eigsh` k=6 (largest) of a `g_eig`² matrix.
fn linalg_rows(g_cg: usize, g_lu: usize, g_eig: usize, cpu_ok: bool) -> Vec<Case> {
    use cuprum::sparse::linalg::{EigOptions, SolveOptions, Which, cg, eigsh, spsolve};
    let case =
        |name: &str, shape: String, repeat: usize, build: Box<dyn Fn(Device) -> Result<Body>>| {
            Case::new("sparse", name, shape, Work::None, build)
                .repeat(repeat)
                .cpu_ok(cpu_ok)
        };
    let rows = |g: usize| format!("poisson {g}x{g} ({} rows) float64", g * g);
    vec![
        case(
            "cg x100 iterations",
            rows(g_cg),
            10,
            Box::new(move |d| {
                let (a, b) = poisson_system(g_cg, d)?;
                Ok(Box::new(move || {
                    // rtol = atol = 0: never converged, so exactly 100 iterations
                    let (_, info) =
                        cg(&a, &b, SolveOptions::new().rtol(0.0).atol(0.0).maxiter(100))
                            .map_err(to_core)?;
                    if info != 100 {
                        return Err(to_core(format!("cg ran {info} iterations, not 100")));
                    }
                    Ok(())
                }))
            }),
        ),
        case(
            "spsolve",
            rows(g_lu),
            if cpu_ok { 3 } else { 1 },
            Box::new(move |d| {
                let (a, b) = poisson_system(g_lu, d)?;
                Ok(Box::new(move || spsolve(&a, &b).map(drop).map_err(to_core)))
            }),
        ),
        case(
            "eigsh k=6 LM",
            rows(g_eig),
            if cpu_ok { 3 } else { 1 },
            Box::new(move |d| {
                let a = csr64(g_eig, d)?;
                Ok(Box::new(move || {
                    let mut o = EigOptions::new().which(Which::LM);
                    o.return_eigenvectors = false;
                    eigsh(&a, 6, o).map(drop).map_err(to_core)
                }))
            }),
        ),
    ]
}

/// [`csr64`] of a `g` x `g` grid and a right-hand side of ones.
fn poisson_system(g: usize, d: Device) -> Result<(cuprum::sparse::Sparse, Array)> {
    let a = csr64(g, d)?;
    let b = Array::from_vec_on(vec![1.0f64; g * g], &[g * g], d)?;
    Ok((a, b))
}

/// Issue 16 item 7: SpMV, SpMM, SpGEMM and conversions of the float32 Poisson matrix of a
/// `g` x `g` grid.
fn product_rows(g: usize, cpu_ok: bool) -> Vec<Case> {
    let n = g * g;
    let nnz = 5 * n - 4 * g;
    let sh = format!("poisson {g}x{g} ({n} rows, {nnz} nnz) float32");
    let get = move || poisson_cached(g);
    let case = |name: &str, work: Work, build: Box<dyn Fn(Device) -> Result<Body>>| {
        Case::new("sparse", name, sh.clone(), work, build).cpu_ok(cpu_ok)
    };
    let bytes_spmv = (nnz * 8 + (n + 1) * 4 + 2 * n * 4) as f64;
    vec![
        case(
            "spmv",
            Work::Bytes(bytes_spmv),
            Box::new(move |d| {
                let a = csr(get(), g, d)?;
                let x = Array::from_vec_on(vec![1.0f32; n], &[n], d)?;
                Ok(Box::new(move || {
                    a.matmul_dense(&x).map(drop).map_err(to_core)
                }))
            }),
        ),
        case(
            "spmm 8 rhs",
            Work::Flops(2.0 * 8.0 * nnz as f64),
            Box::new(move |d| {
                let a = csr(get(), g, d)?;
                let x = Array::from_vec_on(vec![1.0f32; n * 8], &[n, 8], d)?;
                Ok(Box::new(move || {
                    a.matmul_dense(&x).map(drop).map_err(to_core)
                }))
            }),
        ),
        case(
            "spgemm A@A",
            Work::None,
            Box::new(move |d| {
                let a = csr(get(), g, d)?;
                Ok(Box::new(move || {
                    a.matmul_sparse(&a).map(drop).map_err(to_core)
                }))
            }),
        ),
        case(
            "csr->csc",
            Work::Bytes((nnz * 16) as f64),
            Box::new(move |d| {
                let a = csr(get(), g, d)?;
                Ok(Box::new(move || a.tocsc().map(drop).map_err(to_core)))
            }),
        ),
        case(
            "coo (duplicates)->csr",
            Work::None,
            Box::new(move |d| {
                let p = get();
                let m = p.val.len();
                let v = Array::from_slice_on(&p.val, &[m], d)?;
                let r = Array::from_slice_on(&p.row, &[m], d)?;
                let c = Array::from_slice_on(&p.col, &[m], d)?;
                let coo = coo_matrix((&v, (&r, &c)), Some((n, n))).map_err(to_core)?;
                Ok(Box::new(move || coo.tocsr().map(drop).map_err(to_core)))
            }),
        ),
    ]
}
