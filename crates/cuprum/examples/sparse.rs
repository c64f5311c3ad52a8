//! The sparse-matrix part of the tutorial (section 六.1): a 2 × 4 CSR matrix from
//! `(data, indices, indptr)`, scaled, multiplied by its transpose and converted to COO, on the
//! current device (CUDA 0 when present, else the CPU).
//!
//! ```python
//! import cupy as cp
//! import cupyx.scipy.sparse as sp
//! data = cp.array([1, 2, 3, 4], dtype=cp.float32)
//! indices = cp.array([0, 2, 1, 3], dtype=cp.int32)
//! indptr = cp.array([0, 2, 4], dtype=cp.int32)
//! sp_csr = sp.csr_matrix((data, indices, indptr), shape=(2, 4))
//! print("CSR 稀疏矩阵：\n", sp_csr)
//! sp_mul = sp_csr * 2
//! sp_dot = sp_csr.dot(sp_csr.T)
//! print("稀疏矩阵乘法：\n", sp_mul)
//! print("稀疏矩阵点积：\n", sp_dot)
//! sp_coo = sp_csr.tocoo()
//! print("COO 格式稀疏矩阵：\n", sp_coo)
//! ```
//!
//! Run with `cargo run --example sparse -p cuprum`.

use cuprum as cp;
use cuprum::sparse as sp;

fn main() -> cp::Result<()> {
    let device = cp::current_device();
    let data = cp::Array::from_vec_on(vec![1.0f32, 2.0, 3.0, 4.0], &[4], device)?;
    let indices = cp::Array::from_vec_on(vec![0i32, 2, 1, 3], &[4], device)?;
    let indptr = cp::Array::from_vec_on(vec![0i32, 2, 4], &[3], device)?;
    let sp_csr = sp::csr_matrix((&data, &indices, &indptr), Some((2, 4)))?;
    println!("CSR 稀疏矩阵：\n {sp_csr}");

    // 稀疏矩阵运算
    let sp_mul = &sp_csr * 2.0;
    let sp_dot = sp_csr
        .dot(&sp_csr.t()?)?
        .sparse()
        .expect("sparse @ sparse is sparse");
    println!("稀疏矩阵乘法：\n {sp_mul}");
    println!("稀疏矩阵点积：\n {sp_dot}");

    // 格式转换
    let sp_coo = sp_csr.tocoo()?;
    println!("COO 格式稀疏矩阵：\n {sp_coo}");

    // checks (SciPy's answers)
    let host =
        |a: &cp::Array| -> cp::Result<Vec<f32>> { a.to_device(cp::Device::Cpu)?.to_vec::<f32>() };
    assert_eq!(host(sp_mul.data())?, vec![2.0, 4.0, 6.0, 8.0]);
    assert_eq!(host(&sp_dot.toarray()?)?, vec![5.0, 0.0, 0.0, 25.0]);
    assert_eq!(sp_coo.format(), sp::Format::Coo);
    assert_eq!(sp_coo.nnz(), 4);
    assert!(sp_csr.to_string().starts_with(
        "<Compressed Sparse Row sparse matrix of dtype 'float32'\n\twith 4 stored elements and shape (2, 4)>"
    ));
    println!("sparse example on {device}: all checks passed");
    Ok(())
}
