//! The Schur decomposition (`scipy.linalg.schur`): `A = Z T Z^H`.

use crate::error::{LinalgError, Result};
use crate::host;
use cuprum_core::{Array, Complex64, DType};
use faer::dyn_stack::{MemBuffer, MemStack};
use faer::linalg::evd::hessenberg::{self, HessenbergParams};
use faer::{Auto, Conj, Mat, Par};

/// The form of [`schur`]'s `T` (SciPy's `output=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SchurOutput {
    /// `'real'`: for real input, a real quasi-upper-triangular `T` (1×1 and 2×2 diagonal
    /// blocks, a 2×2 block per complex-conjugate eigenvalue pair); complex input gives the
    /// complex Schur form.
    Real,
    /// `'complex'`: an upper-triangular complex `T` (real input is taken as complex).
    Complex,
}

/// The Schur decomposition of a square matrix, like `scipy.linalg.schur(a, output)`:
/// `a = Z @ T @ Z^H` with `Z` unitary (orthogonal for the real form) and `T` upper
/// triangular (quasi-triangular for the real form).
///
/// **Shapes/dtypes:** `a` is `(n, n)`; `T` and `Z` are `(n, n)`. Real input (integers as
/// float64) gives float64 or float32 for [`SchurOutput::Real`] and complex128/complex64 for
/// [`SchurOutput::Complex`]; complex input keeps its dtype. The decomposition is not unique:
/// the order of the eigenvalues on `T`'s diagonal and the phases of `Z`'s columns may differ
/// from SciPy's (LAPACK's `gees`), while `Z T Z^H = a` and the eigenvalues agree.
///
/// # Errors
/// [`LinalgError::Core`] with a shape error for a non-square or non-2-D `a`;
/// [`LinalgError::NoConvergence`] for NaN/inf input or when the QR iteration does not
/// converge; [`cuprum_core::Error::DType`] for float16 and bfloat16.
///
/// **Algorithm:** on the host for every device (the result is copied back): faer's Householder
/// reduction to Hessenberg form, then its QZ iteration on the pencil `(H, I)` (real or complex;
/// faer's standalone Schur QR is not public) with the Schur vectors accumulated, and
/// `T = Z^H A Z`, computing in float64/complex128.
///
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_linalg::scipy::{SchurOutput, schur};
/// let a = Array::from_vec_on(vec![0.0f64, 2.0, 2.0, 0.0], &[2, 2], Device::Cpu).unwrap();
/// let (t, z) = schur(&a, SchurOutput::Real).unwrap();
/// let back = cuprum_core::matmul(&cuprum_core::matmul(&z, &t).unwrap(), &z.transpose().unwrap()).unwrap();
/// assert!(cuprum_core::allclose(&back, &a, 1e-12, 1e-12, false).unwrap());
/// ```
pub fn schur(a: &Array, output: SchurOutput) -> Result<(Array, Array)> {
    const OP: &str = "schur";
    if a.ndim() != 2 || a.shape()[0] != a.shape()[1] {
        return Err(cuprum_core::Error::ShapeMismatch {
            op: OP,
            lhs: a.shape().to_vec(),
            rhs: a.shape().to_vec(),
            detail: Some("expected a square 2-D matrix".into()),
        }
        .into());
    }
    let n = a.shape()[0];
    let dt = host::compute_dtype(OP, a.dtype())?;
    let complex_out = dt.is_complex() || output == SchurOutput::Complex;
    let out_dt = if complex_out { dt.complex_dtype() } else { dt };
    let device = a.device();
    if complex_out {
        let data = host::read_c64(a)?;
        host::check_finite(OP, &data)?;
        let m = Mat::from_fn(n, n, |i, j| {
            faer::c64::new(data[i * n + j].re, data[i * n + j].im)
        });
        let (t, z) = complex_schur(OP, m)?;
        let pack = |m: &Mat<faer::c64>| -> Vec<Complex64> {
            (0..n * n)
                .map(|k| Complex64::new(m[(k / n, k % n)].re, m[(k / n, k % n)].im))
                .collect()
        };
        let t = Array::from_vec_on(pack(&t), [n, n], device)?.astype(out_dt)?;
        let z = Array::from_vec_on(pack(&z), [n, n], device)?.astype(out_dt)?;
        Ok((t, z))
    } else {
        let data = host::read::<f64>(&a.astype(DType::Float64)?)?;
        host::check_finite(OP, &data)?;
        let m = Mat::from_fn(n, n, |i, j| data[i * n + j]);
        let (t, z) = real_schur(OP, m)?;
        let pack = |m: &Mat<f64>| -> Vec<f64> { (0..n * n).map(|k| m[(k / n, k % n)]).collect() };
        let t = Array::from_vec_on(pack(&t), [n, n], device)?.astype(out_dt)?;
        let z = Array::from_vec_on(pack(&z), [n, n], device)?.astype(out_dt)?;
        Ok((t, z))
    }
}

/// Hessenberg reduction of `h` in place; returns the accumulated orthogonal/unitary `Z`.
fn hessenberg_with_z<T: faer::traits::ComplexField + Copy>(h: &mut Mat<T>, zero: T) -> Mat<T> {
    let n = h.nrows();
    let bs = faer::linalg::qr::no_pivoting::factor::recommended_block_size::<T>(n - 1, n - 1);
    let hp: HessenbergParams = <HessenbergParams as Auto<T>>::auto();
    let req = hessenberg::hessenberg_in_place_scratch::<T>(n, bs, Par::Seq, hp.into()).or(
        faer::linalg::householder::apply_block_householder_sequence_on_the_right_in_place_scratch::<
            T,
        >(n - 1, bs, n - 1),
    );
    let mut buf = MemBuffer::new(req);
    let stack = MemStack::new(&mut buf);
    let mut householder = Mat::<T>::zeros(bs, n - 1);
    hessenberg::hessenberg_in_place(h.as_mut(), householder.as_mut(), Par::Seq, stack, hp.into());
    let mut z = Mat::<T>::identity(n, n);
    faer::linalg::householder::apply_block_householder_sequence_on_the_right_in_place_with_conj(
        h.as_ref().submatrix(1, 0, n - 1, n - 1),
        householder.as_ref(),
        Conj::No,
        z.as_mut().submatrix_mut(1, 1, n - 1, n - 1),
        Par::Seq,
        stack,
    );
    for j in 0..n {
        for i in j + 2..n {
            h[(i, j)] = zero;
        }
    }
    z
}

/// The Schur vectors `U` of a Hessenberg `h` (with `zh` its reduction's orthogonal matrix),
/// from faer's QZ iteration on the pencil `(h, I)`: `h = Q S Z^H`, `Q^H Z` upper triangular and
/// unitary (so diagonal), hence `U = zh Z` and `T = U^H a U`. Returns `(S, U)`.
fn qz_real(op: &'static str, mut h: Mat<f64>, zh: Mat<f64>) -> Result<(Mat<f64>, Mat<f64>)> {
    let n = h.nrows();
    let mut b = Mat::<f64>::identity(n, n);
    let mut q = zh.clone();
    let mut z = zh;
    let gp: faer::linalg::gevd::GeneralizedSchurParams =
        <faer::linalg::gevd::GeneralizedSchurParams as Auto<f64>>::auto();
    let mut buf = MemBuffer::new(
        faer::linalg::gevd::qz_real::hessenberg_to_qz_scratch::<f64>(n, Par::Seq, gp),
    );
    let stack = MemStack::new(&mut buf);
    let mut ar = faer::Col::<f64>::zeros(n);
    let mut ai = faer::Col::<f64>::zeros(n);
    let mut beta = faer::Col::<f64>::zeros(n);
    faer::linalg::gevd::qz_real::hessenberg_to_qz(
        h.as_mut(),
        b.as_mut(),
        Some(q.as_mut()),
        Some(z.as_mut()),
        ar.as_mut(),
        ai.as_mut(),
        beta.as_mut(),
        faer::linalg::evd::ComputeEigenvectors::Yes,
        Par::Seq,
        gp,
        stack,
    );
    if (0..n).any(|i| !(ar[i].is_finite() && ai[i].is_finite() && beta[i].is_finite())) {
        return Err(LinalgError::NoConvergence {
            op,
            routine: "faer qz",
        });
    }
    Ok((h, z))
}

fn real_schur(op: &'static str, a: Mat<f64>) -> Result<(Mat<f64>, Mat<f64>)> {
    let n = a.nrows();
    if n == 0 {
        return Ok((a, Mat::zeros(0, 0)));
    }
    let mut h = a.clone();
    let zh = hessenberg_with_z(&mut h, 0.0);
    let (s, u) = qz_real(op, h, zh)?;
    let mut t = u.transpose() * &a * &u;
    // The quasi-triangle: zero under the first subdiagonal, and on it where S has no 2x2 block.
    for j in 0..n {
        for i in j + 1..n {
            if i > j + 1 || s[(i, j)] == 0.0 {
                t[(i, j)] = 0.0;
            }
        }
    }
    Ok((t, u))
}

fn complex_schur(op: &'static str, a: Mat<faer::c64>) -> Result<(Mat<faer::c64>, Mat<faer::c64>)> {
    let n = a.nrows();
    if n == 0 {
        return Ok((a, Mat::zeros(0, 0)));
    }
    let mut h = a.clone();
    let zh = hessenberg_with_z(&mut h, faer::c64::new(0.0, 0.0));
    let mut b = Mat::<faer::c64>::identity(n, n);
    let mut q = zh.clone();
    let mut z = zh;
    let gp: faer::linalg::gevd::GeneralizedSchurParams =
        <faer::linalg::gevd::GeneralizedSchurParams as Auto<faer::c64>>::auto();
    let mut buf = MemBuffer::new(faer::linalg::gevd::qz_cplx::hessenberg_to_qz_scratch::<
        faer::c64,
    >(n, Par::Seq, gp));
    let stack = MemStack::new(&mut buf);
    let mut alpha = faer::Col::<faer::c64>::zeros(n);
    let mut beta = faer::Col::<faer::c64>::zeros(n);
    faer::linalg::gevd::qz_cplx::hessenberg_to_qz(
        h.as_mut(),
        b.as_mut(),
        Some(q.as_mut()),
        Some(z.as_mut()),
        alpha.as_mut(),
        beta.as_mut(),
        faer::linalg::evd::ComputeEigenvectors::Yes,
        Par::Seq,
        gp,
        stack,
    );
    let finite = |c: faer::c64| c.re.is_finite() && c.im.is_finite();
    if (0..n).any(|i| !(finite(alpha[i]) && finite(beta[i]))) {
        return Err(LinalgError::NoConvergence {
            op,
            routine: "faer qz",
        });
    }
    let mut t = z.adjoint() * &a * &z;
    for j in 0..n {
        for i in j + 1..n {
            t[(i, j)] = faer::c64::new(0.0, 0.0);
        }
    }
    Ok((t, z))
}
