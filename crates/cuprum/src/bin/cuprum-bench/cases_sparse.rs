//! The `sparse` suite (issue 16, item 7): the 5-point Poisson matrix of a G x G grid
//! (G = 2048 with `--size full`: 4.19 M rows, about 21 M entries, float32, int32 indices),
//! side by side with cupyx.scipy.sparse on the GPU and scipy.sparse on the CPU (compare.py).

use crate::cases::{Body, Case, Timing, Work};
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

pub fn sparse(full: bool) -> Vec<Case> {
    let g = if full { 2048 } else { 512 };
    let n = g * g;
    let nnz = 5 * n - 4 * g;
    let sh = format!("poisson {g}x{g} ({n} rows, {nnz} nnz) float32");
    let get = move || -> &'static Poisson {
        // one host matrix for every row of the suite (leaked: the process ends after the bench)
        static P: std::sync::OnceLock<(usize, Poisson)> = std::sync::OnceLock::new();
        let (gg, p) = P.get_or_init(|| (g, poisson(g)));
        assert_eq!(*gg, g);
        p
    };
    let case = |name: &str, work: Work, build: Box<dyn Fn(Device) -> Result<Body>>| Case {
        suite: "sparse",
        name: name.into(),
        shape: sh.clone(),
        work,
        timing: Timing::Device,
        repeat: 20,
        cpu_ok: true,
        build,
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
