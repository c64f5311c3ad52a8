//! The linear-algebra parts of CuPy's tutorial, ported: the inverse and the eigendecomposition
//! of a 500x500 random matrix, and the SVD and QR of a 3x3 matrix, each with a residual check.
//!
//! Runs on the current device (CUDA 0 when present, else the CPU; `CUPRUM_DEVICE=cpu` forces
//! the CPU): `cargo run --release -p cuprum --example linalg` (`CUPRUM_EXAMPLE_SMALL=1`: 64×64).

use cp::linalg::{self, QrMode};
use cp::{Complex64, DType};
use cuprum as cp;

/// `max |x - y|` over two equally long slices.
fn max_abs_diff(x: &[Complex64], y: &[Complex64]) -> f64 {
    x.iter()
        .zip(y)
        .map(|(a, b)| (a - b).norm())
        .fold(0.0, f64::max)
}

/// The elements of a real or complex array as `Complex64` (C order).
fn host(a: &cp::Array) -> Result<Vec<Complex64>, Box<dyn std::error::Error>> {
    Ok(match a.dtype() {
        DType::Float64 => a
            .to_vec::<f64>()?
            .into_iter()
            .map(|x| Complex64::new(x, 0.0))
            .collect(),
        DType::Complex128 => a.to_vec::<Complex64>()?,
        d => return Err(format!("unexpected dtype {d}").into()),
    })
}

/// `a @ b` of row-major host matrices.
fn matmul(a: &[Complex64], b: &[Complex64], m: usize, k: usize, n: usize) -> Vec<Complex64> {
    let mut c = vec![Complex64::new(0.0, 0.0); m * n];
    for i in 0..m {
        for p in 0..k {
            let x = a[i * k + p];
            for j in 0..n {
                c[i * n + j] += x * b[p * n + j];
            }
        }
    }
    c
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let device = cp::current_device();
    println!("device: {device}");
    // CUPRUM_EXAMPLE_SMALL=1 (the test that runs every example) shrinks the 500x500 matrix.
    let n = if std::env::var_os("CUPRUM_EXAMPLE_SMALL").is_some() {
        64
    } else {
        500
    };
    let mut rng = cp::random::default_rng(0);
    let a = rng.standard_normal(&[n, n], DType::Float64)?;

    // x = cp.linalg.inv(a); check a @ x == I.
    let x = linalg::inv(&a)?;
    let ax = cp::products::matmul(&a, &x)?;
    let eye = cp::eye(n, None, 0, DType::Float64)?;
    let r_inv = max_abs_diff(&host(&ax)?, &host(&eye)?);
    println!("inv:  max|a @ inv(a) - I|       = {r_inv:.3e}");

    // w, v = cp.linalg.eig(a); check a @ v[:, j] == w[j] v[:, j] for the first columns.
    let (w, v) = linalg::eig(&a)?;
    let (ah, wh, vh) = (host(&a)?, host(&w)?, host(&v)?);
    let mut r_eig: f64 = 0.0;
    for j in 0..8 {
        let col: Vec<Complex64> = (0..n).map(|i| vh[i * n + j]).collect();
        let av = matmul(&ah, &col, n, n, 1);
        let wv: Vec<Complex64> = col.iter().map(|z| z * wh[j]).collect();
        r_eig = r_eig.max(max_abs_diff(&av, &wv));
    }
    println!(
        "eig:  max|a v - w v| (8 pairs)  = {r_eig:.3e}  (w dtype {})",
        w.dtype()
    );

    // A 3x3 example for svd and qr.
    let b = cp::Array::from_vec(
        vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 10.0],
        &[3, 3],
    )?;
    let bh = host(&b)?;
    let svd = linalg::svd(&b, true, true)?;
    let (u, s, vt) = (
        host(&svd.u.unwrap())?,
        host(&svd.s)?,
        host(&svd.vh.unwrap())?,
    );
    let us: Vec<Complex64> = u.iter().enumerate().map(|(i, z)| z * s[i % 3]).collect();
    let r_svd = max_abs_diff(&matmul(&us, &vt, 3, 3, 3), &bh);
    println!("svd:  s = {:?}", s.iter().map(|z| z.re).collect::<Vec<_>>());
    println!("svd:  max|u diag(s) vh - b|     = {r_svd:.3e}");

    let qr = linalg::qr(&b, QrMode::Reduced)?;
    let (q, r) = (host(&qr.q.unwrap())?, host(&qr.r)?);
    let r_qr = max_abs_diff(&matmul(&q, &r, 3, 3, 3), &bh);
    println!("qr:   max|q r - b|              = {r_qr:.3e}");

    let tol = 1e-8;
    if r_inv > tol || r_eig > tol || r_svd > tol || r_qr > tol {
        return Err("a residual is larger than expected".into());
    }
    println!("all residuals below {tol:e}");
    Ok(())
}
