//! `sparse_info FILE`: reads a Matrix Market (`.mtx`) or Harwell-Boeing (`.rua`, `.rsa`, ...)
//! file onto the current device and prints its shape, dtype, stored entries, symmetry and
//! norms (Frobenius, 1, infinity), computed on that device.
//!
//! Run: `cargo run --example sparse_info -- tests/data/matrices/lund_a.mtx`. Without an
//! argument (as the examples test runs it) it reads `lund_a.mtx` and checks its Frobenius norm
//! against SciPy's 1.3897e9.

use cuprum::sparse::io::{MmMatrix, hb_read, mmread};
use cuprum::sparse::{coo_matrix, csr_matrix};
use cuprum_core::{DType, abs, multiply, sqrt};

fn main() -> cuprum_core::Result<()> {
    let default = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/data/matrices/lund_a.mtx"
    );
    let arg = std::env::args().nth(1);
    let path = arg.clone().unwrap_or_else(|| default.to_string());
    let device = cuprum_core::current_device();
    let lower = path.to_lowercase();
    let (coo, kind) = if lower.ends_with(".mtx") || lower.ends_with(".mm") {
        match mmread(&path, device)? {
            MmMatrix::Coo(c, i) => (
                c,
                format!("Matrix Market coordinate {:?} {:?}", i.field, i.symmetry),
            ),
            MmMatrix::Dense(a, _) => {
                println!("{path}: a dense {:?} {} array", a.shape(), a.dtype());
                return Ok(());
            }
        }
    } else {
        let f = hb_read(&path, device)?;
        let rhs = f
            .rhs
            .as_ref()
            .map(|r| format!(", {} right-hand side(s)", r.shape()[1]))
            .unwrap_or_default();
        (
            f.matrix,
            format!("Harwell-Boeing {} {:?}{rhs}", f.mxtype, f.title),
        )
    };
    let (rows, cols) = coo.shape;
    let stored = coo.data.size();
    let a = coo_matrix((&coo.data, (&coo.row, &coo.col)), Some(coo.shape))?
        .tocsr()?
        .sum_duplicates()?;
    // |A| with duplicates summed first
    let absd = abs(a.data())?;
    let aabs = csr_matrix(
        (&absd, a.indices().expect("csr"), a.indptr().expect("csr")),
        Some((rows, cols)),
    )?;
    let fro = sqrt(&multiply(&absd, &absd)?.sum(None, false)?)?
        .astype(DType::Float64)?
        .item()?
        .as_f64();
    let one = aabs.sum(Some(0))?.max(None, false)?.item()?.as_f64();
    let inf = aabs.sum(Some(1))?.max(None, false)?.item()?.as_f64();
    let symmetry = if rows != cols {
        "rectangular".to_string()
    } else {
        let t = a.transpose()?;
        let d = a.sub(&t)?.eliminate_zeros()?.nnz();
        let s = a.add(&t)?.eliminate_zeros()?.nnz();
        if d == 0 {
            "symmetric".into()
        } else if s == 0 {
            "skew-symmetric".into()
        } else {
            format!("unsymmetric ({d} entries of A - Aᵀ are nonzero)")
        }
    };
    println!("{path}");
    println!("  kind:            {kind}");
    println!("  device:          {device}");
    println!("  shape:           {rows} x {cols}");
    println!("  dtype:           {}", a.dtype());
    println!(
        "  stored entries:  {stored} in the file's expansion, {} after summing duplicates",
        a.nnz()
    );
    println!("  symmetry:        {symmetry}");
    println!("  norms:           Frobenius {fro:?}, 1-norm {one:?}, inf-norm {inf:?}");
    if arg.is_none() {
        assert!(
            (fro / 1.3897e9 - 1.0).abs() < 1e-4,
            "lund_a: ‖A‖_F = {fro}, SciPy 1.3897e9"
        );
        assert_eq!(symmetry, "symmetric");
    }
    Ok(())
}
