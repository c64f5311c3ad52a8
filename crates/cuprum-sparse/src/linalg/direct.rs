//! Direct solvers: `spsolve`, `splu`, `spilu`, `factorized`, `spsolve_triangular`, and the
//! Jacobi and ILU(0) preconditioners.
//!
//! **Where they run.** On the CPU the factorizations use faer's sparse LU (supernodal or
//! simplicial, chosen by faer, with COLAMD ordering and partial pivoting), in float64 /
//! complex128 whatever the input's precision (results are cast back). On CUDA, `spsolve` runs
//! on the device with cuSOLVER's sparse QR (`cusolverSp<t>csrlsvqr`) and `spsolve_triangular`
//! with cuSPARSE's `SpSV`; `splu`, `spilu` and `factorized` keep their factors on the host (an
//! explicit trip through the host, said in each function's docs).

use super::util::{check_rhs, concrete_csr, require_square};
use super::{AsLinearOperator, LinearOperator};
use crate::parts::Compressed;
use crate::{Result, SparseError};
use cuprum_core::{Array, Complex64, DType, Device};
use faer::Mat;
use faer::linalg::solvers::Solve;
use faer::sparse::{SparseColMat, Triplet};

/// A CSR matrix on the host: `indptr`, `indices`, values as complex128 (imaginary parts zero
/// for real input), with its original dtype and device.
#[derive(Clone, Debug)]
pub(crate) struct HostCsr {
    pub n_rows: usize,
    pub n_cols: usize,
    pub indptr: Vec<usize>,
    pub indices: Vec<usize>,
    pub data: Vec<Complex64>,
    pub dtype: DType,
    pub device: Device,
}

/// Duplicates summed, columns sorted.
pub(crate) fn canonical(h: &HostCsr) -> HostCsr {
    let mut out = h.clone();
    let mut indptr = vec![0usize];
    let mut indices = Vec::new();
    let mut data = Vec::new();
    for i in 0..h.n_rows {
        let mut row: Vec<(usize, Complex64)> = (h.indptr[i]..h.indptr[i + 1])
            .map(|k| (h.indices[k], h.data[k]))
            .collect();
        row.sort_by_key(|e| e.0);
        let start = indices.len();
        for (j, v) in row {
            if indices.len() > start && *indices.last().expect("nonempty") == j {
                *data.last_mut().expect("nonempty") += v;
            } else {
                indices.push(j);
                data.push(v);
            }
        }
        indptr.push(indices.len());
    }
    out.indptr = indptr;
    out.indices = indices;
    out.data = data;
    out
}

pub(crate) fn host_csr(op: &'static str, a: &(impl AsLinearOperator + ?Sized)) -> Result<HostCsr> {
    host_csr_of(op, &concrete_csr(op, a)?)
}

pub(crate) fn host_csr_of(op: &'static str, c: &Compressed) -> Result<HostCsr> {
    let (m, n) = c.shape;
    let ptr: Vec<i64> = c.indptr.astype(DType::Int64)?.to_vec()?;
    let idx: Vec<i64> = c.indices.astype(DType::Int64)?.to_vec()?;
    let data: Vec<Complex64> = c.data.astype(DType::Complex128)?.to_vec()?;
    if ptr.len() != m + 1 || idx.len() != data.len() || ptr[0] != 0 || ptr[m] as usize != data.len()
    {
        return Err(SparseError::invalid_format(
            op,
            format!(
                "indptr of {} entries (first {:?}, last {:?}) for {m} rows and {} stored values",
                ptr.len(),
                ptr.first(),
                ptr.last(),
                data.len()
            ),
        ));
    }
    let mut indptr = Vec::with_capacity(m + 1);
    for (i, &p) in ptr.iter().enumerate() {
        if p < 0 || (i > 0 && p < ptr[i - 1]) {
            return Err(SparseError::invalid_format(
                op,
                format!("indptr[{i}] = {p} is negative or decreasing"),
            ));
        }
        indptr.push(p as usize);
    }
    let mut indices = Vec::with_capacity(idx.len());
    for (k, &j) in idx.iter().enumerate() {
        if j < 0 || j as usize >= n {
            return Err(SparseError::IndexOutOfBounds {
                op,
                index: j,
                axis: 1,
                size: n,
            });
        }
        let _ = k;
        indices.push(j as usize);
    }
    Ok(HostCsr {
        n_rows: m,
        n_cols: n,
        indptr,
        indices,
        data,
        dtype: c.data.dtype(),
        device: c.data.device(),
    })
}

impl HostCsr {
    fn triplets_c(&self) -> Vec<Triplet<usize, usize, Complex64>> {
        let mut t = Vec::with_capacity(self.data.len());
        for i in 0..self.n_rows {
            for k in self.indptr[i]..self.indptr[i + 1] {
                t.push(Triplet::new(i, self.indices[k], self.data[k]));
            }
        }
        t
    }
    fn triplets_r(&self) -> Vec<Triplet<usize, usize, f64>> {
        let mut t = Vec::with_capacity(self.data.len());
        for i in 0..self.n_rows {
            for k in self.indptr[i]..self.indptr[i + 1] {
                t.push(Triplet::new(i, self.indices[k], self.data[k].re));
            }
        }
        t
    }
    /// `A x` on the host (complex128).
    pub(crate) fn matvec(&self, x: &[Complex64]) -> Vec<Complex64> {
        (0..self.n_rows)
            .map(|i| {
                (self.indptr[i]..self.indptr[i + 1])
                    .map(|k| self.data[k] * x[self.indices[k]])
                    .sum()
            })
            .collect()
    }
    /// `‖A‖∞` (max row sum of absolute values).
    pub(crate) fn norm_inf(&self) -> f64 {
        (0..self.n_rows)
            .map(|i| {
                (self.indptr[i]..self.indptr[i + 1])
                    .map(|k| self.data[k].norm())
                    .sum::<f64>()
            })
            .fold(0.0, f64::max)
    }
    /// The diagonal (duplicates summed).
    pub(crate) fn diagonal(&self) -> Vec<Complex64> {
        let mut d = vec![Complex64::new(0.0, 0.0); self.n_rows.min(self.n_cols)];
        for (i, di) in d.iter_mut().enumerate() {
            for k in self.indptr[i]..self.indptr[i + 1] {
                if self.indices[k] == i {
                    *di += self.data[k];
                }
            }
        }
        d
    }
}

enum Factor {
    Real(faer::sparse::linalg::solvers::Lu<usize, f64>),
    Complex(faer::sparse::linalg::solvers::Lu<usize, Complex64>),
}

/// A sparse LU factorization `Pr A Pc = L U` (SciPy's `SuperLU` object, as returned by
/// [`splu`]); [`solve`](Self::solve) solves with it.
///
/// The factors live on the host (faer's sparse LU); `solve` downloads the right-hand side and
/// uploads the solution to the matrix's device.
pub struct SpLu {
    factor: Factor,
    n: usize,
    dtype: DType,
    device: Device,
    a: HostCsr,
}

impl std::fmt::Debug for SpLu {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "<SpLu of a {}x{} {} matrix on {}>",
            self.n, self.n, self.dtype, self.device
        )
    }
}

/// `trans` of [`SpLu::solve_trans`]: SciPy's `'N'`, `'T'`, `'H'`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trans {
    /// `A x = b`
    N,
    /// `Aᵀ x = b`
    T,
    /// `Aᴴ x = b`
    H,
}

fn result_dtype(a: DType, b: DType) -> DType {
    super::util::work_dtype(a, b)
}

impl SpLu {
    pub(crate) fn from_host(op: &'static str, a: HostCsr) -> Result<SpLu> {
        Self::factorize(op, a)
    }

    fn factorize(op: &'static str, a: HostCsr) -> Result<SpLu> {
        require_square(op, (a.n_rows, a.n_cols))?;
        let n = a.n_rows;
        let singular = |e: String| SparseError::SingularMatrix {
            op,
            detail: format!(" ({e})"),
        };
        let invalid = |e: &dyn std::fmt::Debug| SparseError::invalid_format(op, format!("{e:?}"));
        let factor = if a.dtype.is_complex() {
            let m = SparseColMat::<usize, Complex64>::try_new_from_triplets(n, n, &a.triplets_c())
                .map_err(|e| invalid(&e))?;
            Factor::Complex(m.sp_lu().map_err(|e| singular(format!("{e:?}")))?)
        } else {
            let m = SparseColMat::<usize, f64>::try_new_from_triplets(n, n, &a.triplets_r())
                .map_err(|e| invalid(&e))?;
            Factor::Real(m.sp_lu().map_err(|e| singular(format!("{e:?}")))?)
        };
        let lu = SpLu {
            factor,
            n,
            dtype: a.dtype,
            device: a.device,
            a,
        };
        // An exactly zero pivot shows as a non-finite solution: probe with a random-ish vector.
        if n > 0 {
            let probe: Vec<Complex64> = (0..n)
                .map(|i| Complex64::new(1.0 + ((i * 7919) % 13) as f64 / 13.0, 0.0))
                .collect();
            let x = lu.solve_host(&probe, 1, Trans::N);
            lu.check_solution(op, &probe, &x, 1, Trans::N)?;
            // A pivot at rounding level (a numerically singular matrix such as a pure-Neumann
            // Laplacian: issue 46) passes both tests above with a huge, meaningless solution.
            // Its growth ‖A‖∞‖x‖∞/‖b‖∞, a lower bound of cond∞(A), then reaches 1/(n·ε): the
            // scale of the CUDA path's QR pivot test |R(j, j)| ≤ n·ε·max|aᵢⱼ|.
            let xmax = x.iter().map(|z| z.norm()).fold(0.0, f64::max);
            let bmax = probe.iter().map(|z| z.norm()).fold(0.0, f64::max);
            let growth = lu.a.norm_inf() * xmax / bmax;
            let limit = 1.0 / (n as f64 * f64::EPSILON);
            if growth >= limit {
                return Err(SparseError::SingularMatrix {
                    op,
                    detail: format!(
                        " (numerically: a solve grows by {growth:.3e} ≥ 1/(n·ε) = {limit:.3e})"
                    ),
                });
            }
        }
        Ok(lu)
    }

    fn solve_host(&self, b: &[Complex64], k: usize, trans: Trans) -> Vec<Complex64> {
        let n = self.n;
        match &self.factor {
            Factor::Real(lu) => {
                // real factor: solve real and imaginary parts separately
                let mut re = Mat::<f64>::from_fn(n, k, |i, j| b[i * k + j].re);
                let mut im = Mat::<f64>::from_fn(n, k, |i, j| b[i * k + j].im);
                let has_im = b.iter().any(|z| z.im != 0.0);
                match trans {
                    Trans::N => {
                        lu.solve_in_place(re.as_mut());
                        if has_im {
                            lu.solve_in_place(im.as_mut());
                        }
                    }
                    Trans::T | Trans::H => {
                        lu.solve_transpose_in_place(re.as_mut());
                        if has_im {
                            lu.solve_transpose_in_place(im.as_mut());
                        }
                    }
                }
                let mut out = vec![Complex64::new(0.0, 0.0); n * k];
                for i in 0..n {
                    for j in 0..k {
                        out[i * k + j] =
                            Complex64::new(re[(i, j)], if has_im { im[(i, j)] } else { 0.0 });
                    }
                }
                out
            }
            Factor::Complex(lu) => {
                let mut m = Mat::<Complex64>::from_fn(n, k, |i, j| b[i * k + j]);
                match trans {
                    Trans::N => lu.solve_in_place(m.as_mut()),
                    Trans::T => lu.solve_transpose_in_place(m.as_mut()),
                    Trans::H => lu.solve_adjoint_in_place(m.as_mut()),
                }
                let mut out = vec![Complex64::new(0.0, 0.0); n * k];
                for i in 0..n {
                    for j in 0..k {
                        out[i * k + j] = m[(i, j)];
                    }
                }
                out
            }
        }
    }

    /// A solution that is not finite, or whose backward error `‖b − A x‖∞ / (‖A‖∞‖x‖∞ + ‖b‖∞)`
    /// exceeds `√ε`, means a zero (or numerically zero) pivot: an error, not NaN.
    fn check_solution(
        &self,
        op: &'static str,
        b: &[Complex64],
        x: &[Complex64],
        k: usize,
        trans: Trans,
    ) -> Result<()> {
        if let Some(p) = x
            .iter()
            .position(|z| !z.re.is_finite() || !z.im.is_finite())
        {
            return Err(SparseError::SingularMatrix {
                op,
                detail: format!(
                    " (the LU factorization has a zero pivot; solution entry {} is not finite)",
                    p / k.max(1)
                ),
            });
        }
        if trans != Trans::N {
            return Ok(());
        }
        let n = self.n;
        let anorm = self.a.norm_inf();
        for j in 0..k {
            let xj: Vec<Complex64> = (0..n).map(|i| x[i * k + j]).collect();
            let ax = self.a.matvec(&xj);
            let mut rmax = 0.0f64;
            let mut bmax = 0.0f64;
            for i in 0..n {
                rmax = rmax.max((b[i * k + j] - ax[i]).norm());
                bmax = bmax.max(b[i * k + j].norm());
            }
            let xmax = xj.iter().map(|z| z.norm()).fold(0.0, f64::max);
            let denom = anorm * xmax + bmax;
            if denom > 0.0 && rmax / denom > f64::EPSILON.sqrt() {
                return Err(SparseError::SingularMatrix {
                    op,
                    detail: format!(
                        " (numerically: backward error {:.3e} of the LU solution for right-hand side {j})",
                        rmax / denom
                    ),
                });
            }
        }
        Ok(())
    }

    /// The matrix size `n`.
    pub fn shape(&self) -> (usize, usize) {
        (self.n, self.n)
    }

    /// Solves `A x = b` (SciPy's `SuperLU.solve(b)`).
    ///
    /// **Shapes**: `b` is `(n,)` or `(n, k)`; `x` has `b`'s shape, dtype the promotion of `A`'s
    /// and `b`'s (inexact), on the matrix's device.
    ///
    /// # Errors
    /// A `b` of the wrong size; [`SparseError::SingularMatrix`] when the solution is not
    /// finite (a zero pivot).
    pub fn solve(&self, b: &Array) -> Result<Array> {
        self.solve_trans(b, Trans::N)
    }

    /// Solves `A x = b`, `Aᵀ x = b` or `Aᴴ x = b` (SciPy's `trans='N'/'T'/'H'`).
    ///
    /// **Shapes**: as [`solve`](Self::solve).
    ///
    /// # Errors
    /// As [`solve`](Self::solve).
    pub fn solve_trans(&self, b: &Array, trans: Trans) -> Result<Array> {
        const OP: &str = "SuperLU.solve";
        let n = self.n;
        check_rhs(OP, (n, n), b)?;
        let k = if b.ndim() == 2 { b.shape()[1] } else { 1 };
        let dt = result_dtype(self.dtype, b.dtype());
        let bh: Vec<Complex64> = b.astype(DType::Complex128)?.to_vec()?;
        let x = self.solve_host(&bh, k, trans);
        self.check_solution(OP, &bh, &x, k, trans)?;
        let out = Array::from_vec_on(x, b.shape(), Device::Cpu)?;
        let out = if dt.is_complex() {
            out.astype(dt)?
        } else {
            cuprum_core::real(&out)?.astype(dt)?
        };
        let dev = if b.device() == self.device {
            self.device
        } else {
            b.device()
        };
        Ok(out.to_device(dev)?)
    }
}

/// `scipy.sparse.linalg.splu`: the sparse LU factorization of a square matrix.
///
/// **Shapes**: `A` is `(n, n)` (CSR/CSC/COO or dense); the result solves `(n,)` and `(n, k)`
/// right-hand sides.
///
/// **Algorithm**: faer's sparse LU (COLAMD column ordering, partial pivoting; supernodal for
/// large matrices) on the host in float64/complex128. For a matrix on a CUDA device the
/// entries are downloaded once, and every `solve` downloads `b` and uploads `x`.
///
/// # Errors
/// [`SparseError::InvalidShape`] for a non-square matrix; [`SparseError::SingularMatrix`] for a
/// structurally or numerically singular one; [`SparseError::NotSupported`] for an abstract
/// [`LinearOperator`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::splu;
/// let a = Array::from_vec_on(vec![2.0f64, 1.0, 0.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let lu = splu(&a).unwrap();
/// let b = Array::from_vec_on(vec![3.0f64, 3.0], &[2], Device::Cpu).unwrap();
/// assert_eq!(lu.solve(&b).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 1.0]);
/// ```
pub fn splu(a: &(impl AsLinearOperator + ?Sized)) -> Result<SpLu> {
    SpLu::factorize("splu", host_csr("splu", a)?)
}

/// `scipy.sparse.linalg.factorized`: a function that solves `A x = b` with a stored LU
/// factorization ([`splu`]).
///
/// **Shapes**: as [`splu`].
///
/// # Errors
/// As [`splu`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::factorized;
/// let a = Array::from_vec_on(vec![2.0f64, 0.0, 0.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let solve = factorized(&a).unwrap();
/// let b = Array::from_vec_on(vec![2.0f64, 2.0], &[2], Device::Cpu).unwrap();
/// assert_eq!(solve(&b).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 0.5]);
/// ```
pub fn factorized(
    a: &(impl AsLinearOperator + ?Sized),
) -> Result<impl Fn(&Array) -> Result<Array>> {
    let lu = splu(a)?;
    Ok(move |b: &Array| lu.solve(b))
}

/// `scipy.sparse.linalg.spsolve`: the solution of `A x = b` for sparse square `A`.
///
/// **Shapes**: `A` is `(n, n)`; `b` is `(n,)` (then `x` is `(n,)`) or `(n, k)` (then `x` is
/// `(n, k)`). Every float and complex dtype; the result's dtype is the promotion of `A`'s and
/// `b`'s (inexact).
///
/// **Algorithm**: on the CPU faer's sparse LU (as [`splu`]); on CUDA cuSOLVER's sparse QR on
/// the device (`cusolverSp<t>csrlsvqr`, one right-hand side per call, 32-bit indices, the
/// symrcm fill-reducing ordering as CuPy's — `CUPRUM_SPSOLVE_REORDER=0|1|2|3` picks none,
/// symrcm, symamd or METIS; a pivot `|R(j, j)| ≤ n·ε·max|aᵢⱼ|` is reported as singular).
///
/// # Errors
/// [`SparseError::SingularMatrix`] for an exactly (or numerically) singular matrix — SciPy
/// warns (`MatrixRankWarning`) and returns NaN, cuprum refuses on both devices (CPU: a zero
/// pivot, a backward error above √ε, or a probe solve growing by `‖A‖‖x‖/‖b‖ ≥ 1/(n·ε)`;
/// CUDA: the QR pivot test above; docs/ARCHITECTURE.md, Decisions); shape errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::spsolve;
/// let a = Array::from_vec_on(vec![4.0f64, 1.0, 2.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![5.0f64, 5.0], &[2], Device::Cpu).unwrap();
/// let x = spsolve(&a, &b).unwrap().to_vec::<f64>().unwrap();
/// assert!((x[0] - 1.0).abs() < 1e-14 && (x[1] - 1.0).abs() < 1e-14);
/// let singular = Array::from_vec_on(vec![1.0f64, 2.0, 2.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// assert!(spsolve(&singular, &b).is_err());
/// ```
pub fn spsolve(a: &(impl AsLinearOperator + ?Sized), b: &Array) -> Result<Array> {
    const OP: &str = "spsolve";
    let c = concrete_csr(OP, a)?;
    let (m, n) = c.shape;
    require_square(OP, (m, n))?;
    check_rhs(OP, (m, n), b)?;
    if let Device::Cuda(o) = c.data.device() {
        if b.device() != c.data.device() {
            return Err(SparseError::device_mismatch(
                OP,
                c.data.device(),
                b.device(),
            ));
        }
        let dt = result_dtype(c.data.dtype(), b.dtype());
        return super::cuda::spsolve_qr(o, &c, b, dt);
    }
    let h = host_csr_of(OP, &c)?;
    let lu = SpLu::factorize(OP, h).map_err(|e| rename(e, OP))?;
    lu.solve(b).map_err(|e| rename(e, OP))
}

fn rename(e: SparseError, op: &'static str) -> SparseError {
    match e {
        SparseError::SingularMatrix { detail, .. } => SparseError::SingularMatrix { op, detail },
        e => e,
    }
}

/// An incomplete LU factorization used as a preconditioner (SciPy's `spilu` object): `solve`
/// applies `(L U)⁻¹`.
#[derive(Clone, Debug)]
pub struct SpIlu {
    lu: HostCsr, // L (unit, strictly lower) and U (upper) in one CSR with sorted columns
    diag: Vec<usize>,
}

/// `scipy.sparse.linalg.spilu` as ILU(0): the incomplete LU factorization with the sparsity
/// pattern of `A` (no fill-in; `drop_tol`/`fill_factor` of SciPy's ILUTP are not taken).
///
/// **Shapes**: `A` is `(n, n)` with every diagonal entry stored and nonzero.
///
/// **Algorithm**: the IKJ variant of ILU(0) (Saad, *Iterative Methods*, Alg. 10.4) on the host
/// in complex128; [`SpIlu::solve`] runs the two triangular solves on the host (for a CUDA
/// vector: a download and an upload per application), while [`SpIlu::as_operator`] on a CUDA
/// device keeps the factors there and applies them with cuSPARSE's `SpSV` (no host trip per
/// iteration).
///
/// # Errors
/// [`SparseError::SingularMatrix`] when a pivot is zero or missing; shape errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::spilu;
/// // a tridiagonal matrix: ILU(0) is its exact LU
/// let a = Array::from_vec_on(vec![4.0f64, 1.0, 0.0, 1.0, 4.0, 1.0, 0.0, 1.0, 4.0], &[3, 3], Device::Cpu).unwrap();
/// let ilu = spilu(&a).unwrap();
/// let b = Array::from_vec_on(vec![5.0f64, 6.0, 5.0], &[3], Device::Cpu).unwrap();
/// let x = ilu.solve(&b).unwrap().to_vec::<f64>().unwrap();
/// assert!(x.iter().all(|v| (v - 1.0).abs() < 1e-14));
/// ```
pub fn spilu(a: &(impl AsLinearOperator + ?Sized)) -> Result<SpIlu> {
    const OP: &str = "spilu";
    let mut h = host_csr(OP, a)?;
    let n = h.n_rows;
    require_square(OP, (h.n_rows, h.n_cols))?;
    h = canonical(&h);
    let mut diag = vec![usize::MAX; n];
    for (i, d) in diag.iter_mut().enumerate() {
        for k in h.indptr[i]..h.indptr[i + 1] {
            if h.indices[k] == i {
                *d = k;
            }
        }
        if *d == usize::MAX {
            return Err(SparseError::SingularMatrix {
                op: OP,
                detail: format!(" (no diagonal entry stored in row {i}; ILU(0) needs every pivot)"),
            });
        }
    }
    let mut pos = vec![usize::MAX; n];
    for i in 0..n {
        for k in h.indptr[i]..h.indptr[i + 1] {
            pos[h.indices[k]] = k;
        }
        for k in h.indptr[i]..h.indptr[i + 1] {
            let kc = h.indices[k];
            if kc >= i {
                break;
            }
            let piv = h.data[diag[kc]];
            if piv.norm() == 0.0 {
                return Err(SparseError::SingularMatrix {
                    op: OP,
                    detail: format!(" (zero pivot in row {kc})"),
                });
            }
            let l = h.data[k] / piv;
            h.data[k] = l;
            for kk in diag[kc] + 1..h.indptr[kc + 1] {
                let j = h.indices[kk];
                let p = pos[j];
                if p != usize::MAX && p >= h.indptr[i] && p < h.indptr[i + 1] {
                    let u = h.data[kk];
                    h.data[p] -= l * u;
                }
            }
        }
        for k in h.indptr[i]..h.indptr[i + 1] {
            pos[h.indices[k]] = usize::MAX;
        }
        if h.data[diag[i]].norm() == 0.0 {
            return Err(SparseError::SingularMatrix {
                op: OP,
                detail: format!(" (zero pivot in row {i})"),
            });
        }
    }
    Ok(SpIlu { lu: h, diag })
}

/// `ilu0`: the same as [`spilu`] (ILU(0)).
///
/// # Errors
/// As [`spilu`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![2.0f64, 0.0, 0.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(cuprum_sparse::linalg::ilu0(&a).unwrap().shape(), (2, 2));
/// ```
pub fn ilu0(a: &(impl AsLinearOperator + ?Sized)) -> Result<SpIlu> {
    spilu(a)
}

/// The ILU(0) preconditioner `M = (LU)⁻¹` of `A` as a [`LinearOperator`] on `A`'s device,
/// for an iterative solver's `M` option, factorized where the matrix lives.
///
/// **Shapes**: `A` is `(n, n)` with every diagonal entry stored and nonzero.
///
/// **Algorithm**: on CUDA, for float32/float64 matrices with fewer than 2^31 entries, cuSPARSE's
/// `csrilu02` factorizes on the device (level-scheduled ILU(0), no host trip) and every
/// application `M x` is two `cusparseSpSV` solves (unit lower, then upper); `Mᴴ x` solves
/// with the conjugate transposes of the factors, also on the device. Elsewhere (the CPU,
/// complex or other dtypes, or when the device factorization is unavailable) it is
/// [`spilu`]`(A).as_operator(device)`. Both give the same factors up to rounding.
///
/// # Errors
/// [`SparseError::SingularMatrix`] naming the row of a zero or missing pivot; shape errors;
/// [`SparseError::NotSupported`] for an abstract operator without entries.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::{ilu0_operator, cg, SolveOptions};
/// let a = Array::from_vec_on(vec![4.0f64, 1.0, 0.0, 1.0, 4.0, 1.0, 0.0, 1.0, 4.0], &[3, 3], Device::Cpu).unwrap();
/// let m = ilu0_operator(&a).unwrap();
/// let b = Array::from_vec_on(vec![5.0f64, 6.0, 5.0], &[3], Device::Cpu).unwrap();
/// let (x, info) = cg(&a, &b, SolveOptions::new().m(m).rtol(1e-12)).unwrap();
/// assert_eq!(info, 0);
/// assert!(x.to_vec::<f64>().unwrap().iter().all(|v| (v - 1.0).abs() < 1e-12));
/// ```
pub fn ilu0_operator(a: &(impl AsLinearOperator + ?Sized)) -> Result<LinearOperator> {
    const OP: &str = "ilu0";
    let c = concrete_csr(OP, a)?;
    let device = c.data.device();
    if let Device::Cuda(o) = device
        && matches!(c.data.dtype(), DType::Float32 | DType::Float64)
        && c.shape.0 == c.shape.1
        && c.data.size() < i32::MAX as usize
    {
        // a library without csrilu02 (a future CUDA) makes cudarc's loader panic: fall back
        let dev =
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| device_ilu0_operator(o, &c)));
        match dev {
            Ok(Ok(m)) => return Ok(m),
            Ok(Err(e @ SparseError::SingularMatrix { .. })) => return Err(e),
            _ => {}
        }
    }
    Ok(spilu(a)?.as_operator(device))
}

/// [`ilu0_operator`] on CUDA device `o`: `csrilu02`, then the factors split on the device.
fn device_ilu0_operator(o: usize, c: &Compressed) -> Result<LinearOperator> {
    let dt = c.data.dtype();
    let n = c.shape.0;
    let lu = super::cuda::csrilu0(o, c, dt)?;
    let nnz = lu.data.size();
    let rows = crate::util::expand_major(&lu.indptr, nnz)?;
    let lower = cuprum_core::less(&lu.indices, &rows)?;
    let upper = cuprum_core::logical_not(&lower)?;
    let part = |mask: &Array| -> Result<Compressed> {
        let r = crate::util::select(mask, &rows)?;
        Ok(Compressed {
            data: crate::util::select(mask, &lu.data)?,
            indices: crate::util::select(mask, &lu.indices)?,
            indptr: crate::util::indptr_from_sorted(&r, n, lu.indptr.dtype())?,
            shape: (n, n),
            canonical: true,
        })
    };
    let (l, u) = (part(&lower)?, part(&upper)?);
    // the conjugate transposes (real here: the transposes), as CSR, for Mᴴ
    let t = |c: &Compressed| -> Result<Compressed> {
        crate::csr_matrix((&c.data, &c.indices, &c.indptr), Some(c.shape))?
            .transpose()?
            .tocsr()?
            .to_compressed()
    };
    let (lt, ut) = (t(&l)?, t(&u)?);
    let device = Device::Cuda(o);
    Ok(LinearOperator::new((n, n), dt, device, move |x| {
        let w = result_dtype(dt, x.dtype());
        let y = super::cuda::spsv(o, &l, x, w, true, true)?;
        super::cuda::spsv(o, &u, &y, w, false, false)
    })
    .with_rmatvec(move |x| {
        // (LU)ᴴ = Uᴴ Lᴴ: Uᴴ (lower, with the diagonal), then Lᴴ (upper, unit diagonal)
        let w = result_dtype(dt, x.dtype());
        let y = super::cuda::spsv(o, &ut, x, w, true, false)?;
        super::cuda::spsv(o, &lt, &y, w, false, true)
    }))
}

impl SpIlu {
    /// `(n, n)`.
    pub fn shape(&self) -> (usize, usize) {
        (self.lu.n_rows, self.lu.n_rows)
    }

    fn apply(&self, b: &[Complex64], adjoint: bool) -> Vec<Complex64> {
        let h = &self.lu;
        let n = h.n_rows;
        let mut x = b.to_vec();
        if !adjoint {
            for i in 0..n {
                let mut acc = x[i];
                for k in h.indptr[i]..self.diag[i] {
                    acc -= h.data[k] * x[h.indices[k]];
                }
                x[i] = acc;
            }
            for i in (0..n).rev() {
                let mut acc = x[i];
                for k in self.diag[i] + 1..h.indptr[i + 1] {
                    acc -= h.data[k] * x[h.indices[k]];
                }
                x[i] = acc / h.data[self.diag[i]];
            }
        } else {
            // (LU)ᴴ = Uᴴ Lᴴ: solve Uᴴ y = b (forward, column-oriented), then Lᴴ x = y (backward)
            for i in 0..n {
                x[i] /= h.data[self.diag[i]].conj();
                let xi = x[i];
                for k in self.diag[i] + 1..h.indptr[i + 1] {
                    x[h.indices[k]] -= h.data[k].conj() * xi;
                }
            }
            for i in (0..n).rev() {
                let xi = x[i];
                for k in h.indptr[i]..self.diag[i] {
                    x[h.indices[k]] -= h.data[k].conj() * xi;
                }
            }
        }
        x
    }

    fn solve_impl(&self, b: &Array, adjoint: bool) -> Result<Array> {
        let n = self.lu.n_rows;
        if b.size() != n {
            return Err(SparseError::ShapeMismatch {
                op: "spilu.solve",
                a: (n, n),
                b: (b.size(), 1),
            });
        }
        let dt = result_dtype(self.lu.dtype, b.dtype());
        let bh: Vec<Complex64> = b.astype(DType::Complex128)?.to_vec()?;
        let x = self.apply(&bh, adjoint);
        let out = Array::from_vec_on(x, &[n], Device::Cpu)?;
        let out = if dt.is_complex() {
            out.astype(dt)?
        } else {
            cuprum_core::real(&out)?.astype(dt)?
        };
        Ok(out.to_device(b.device())?)
    }

    /// Applies `(L U)⁻¹` to `b` (on the host; `b` may live on any device, `x` returns there).
    ///
    /// **Shapes**: `b` has `n` elements; `x` is 1-D.
    ///
    /// # Errors
    /// A `b` of the wrong size.
    pub fn solve(&self, b: &Array) -> Result<Array> {
        self.solve_impl(b, false)
    }

    /// The preconditioner as a [`LinearOperator`] (`M = (LU)⁻¹`, with its adjoint), for a
    /// solver's `M` option, on `device`.
    ///
    /// On a CUDA device, for float32/64 and complex64/128 factors, `L` and `U` are uploaded
    /// once and every application `M x` runs on the device: two `cusparseSpSV` triangular
    /// solves (unit lower, then upper), so an iterative solver's vectors never leave the GPU
    /// (the adjoint `Mᴴ x`, used only by `bicg`/`qmr`, still solves on the host). Otherwise
    /// both run on the host as [`SpIlu::solve`] does.
    pub fn as_operator(&self, device: Device) -> LinearOperator {
        let n = self.lu.n_rows;
        let b = self.clone();
        if let Device::Cuda(o) = device
            && let Ok((l, u)) = self.device_factors(o)
        {
            let dt = self.lu.dtype;
            return LinearOperator::new((n, n), dt, device, move |x| {
                let w = result_dtype(dt, x.dtype());
                let y = super::cuda::spsv(o, &l, x, w, true, true)?;
                super::cuda::spsv(o, &u, &y, w, false, false)
            })
            .with_rmatvec(move |x| b.solve_impl(x, true));
        }
        let a = self.clone();
        LinearOperator::new((n, n), self.lu.dtype, device, move |x| {
            a.solve_impl(x, false)
        })
        .with_rmatvec(move |x| b.solve_impl(x, true))
    }

    /// `L` (strictly lower part; its unit diagonal is implicit) and `U` (upper part with the
    /// diagonal) as CSR on CUDA device `o`, in the factor's dtype (float or complex only).
    fn device_factors(&self, o: usize) -> Result<(Compressed, Compressed)> {
        let dt = self.lu.dtype;
        if !matches!(
            dt,
            DType::Float32 | DType::Float64 | DType::Complex64 | DType::Complex128
        ) {
            return Err(SparseError::NotSupported {
                op: "spilu",
                detail: format!("device triangular solves of {dt} factors"),
            });
        }
        let h = &self.lu;
        let n = h.n_rows;
        let dev = Device::Cuda(o);
        let part = |lower: bool| -> Result<Compressed> {
            let mut ptr = Vec::with_capacity(n + 1);
            let mut idx: Vec<i64> = Vec::new();
            let mut val: Vec<Complex64> = Vec::new();
            ptr.push(0i64);
            for i in 0..n {
                let (s, e) = if lower {
                    (h.indptr[i], self.diag[i])
                } else {
                    (self.diag[i], h.indptr[i + 1])
                };
                for k in s..e {
                    idx.push(h.indices[k] as i64);
                    val.push(h.data[k]);
                }
                ptr.push(idx.len() as i64);
            }
            let nnz = val.len();
            let data = if matches!(dt, DType::Complex64 | DType::Complex128) {
                Array::from_vec_on(val, &[nnz], dev)?.astype(dt)?
            } else {
                let re: Vec<f64> = val.iter().map(|z| z.re).collect();
                Array::from_vec_on(re, &[nnz], dev)?.astype(dt)?
            };
            let it = if nnz < i32::MAX as usize && n < i32::MAX as usize {
                DType::Int32
            } else {
                DType::Int64
            };
            Ok(Compressed {
                data,
                indices: Array::from_vec_on(idx, &[nnz], dev)?.astype(it)?,
                indptr: Array::from_vec_on(ptr, &[n + 1], dev)?.astype(it)?,
                shape: (n, n),
                canonical: true,
            })
        };
        Ok((part(true)?, part(false)?))
    }
}

/// The Jacobi (diagonal) preconditioner `M = diag(A)⁻¹` as a [`LinearOperator`] on the
/// matrix's device (one elementwise multiply per application).
///
/// **Shapes**: `A` is `(n, n)` with no zero diagonal entry.
///
/// # Errors
/// [`SparseError::SingularMatrix`] for a zero diagonal entry; shape errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::jacobi;
/// let a = Array::from_vec_on(vec![2.0f64, 1.0, 1.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let m = jacobi(&a).unwrap();
/// let x = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// assert_eq!(m.matvec(&x).unwrap().to_vec::<f64>().unwrap(), vec![0.5, 0.25]);
/// ```
pub fn jacobi(a: &(impl AsLinearOperator + ?Sized)) -> Result<LinearOperator> {
    const OP: &str = "jacobi";
    let h = host_csr(OP, a)?;
    require_square(OP, (h.n_rows, h.n_cols))?;
    let d = h.diagonal();
    if let Some(i) = d.iter().position(|z| z.norm() == 0.0) {
        return Err(SparseError::SingularMatrix {
            op: OP,
            detail: format!(" (diagonal entry {i} is zero)"),
        });
    }
    let n = h.n_rows;
    let dt = super::util::work_dtype(h.dtype, h.dtype);
    let inv: Vec<Complex64> = d.iter().map(|z| 1.0 / z).collect();
    let inv = Array::from_vec_on(inv, &[n], Device::Cpu)?;
    let inv = if dt.is_complex() {
        inv.astype(dt)?
    } else {
        cuprum_core::real(&inv)?.astype(dt)?
    };
    let inv = inv.to_device(h.device)?;
    let invh = super::util::conj(&inv)?;
    Ok(LinearOperator::new((n, n), dt, h.device, move |x| {
        Ok(cuprum_core::multiply(&inv, x)?)
    })
    .with_rmatvec(move |x| Ok(cuprum_core::multiply(&invh, x)?)))
}

/// `scipy.sparse.linalg.spsolve_triangular`: the solution of `A x = b` for triangular `A`.
///
/// **Shapes**: `A` is `(n, n)`; `b` is `(n,)` or `(n, k)`; `x` has `b`'s shape.
///
/// Only the triangle named by `lower` is read (entries on the other side are ignored, as
/// SciPy's); `unit_diagonal` takes the diagonal as ones.
///
/// **Algorithm**: on the CPU a row-oriented substitution over the CSR rows; on CUDA cuSPARSE's
/// `SpSV` on the device (analysis once, one solve per right-hand side; a zero diagonal shows
/// as a non-finite solution, checked with one scalar read).
///
/// # Errors
/// [`SparseError::SingularMatrix`] for a zero diagonal entry (when not `unit_diagonal`);
/// shape errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::spsolve_triangular;
/// let l = Array::from_vec_on(vec![2.0f64, 0.0, 1.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![2.0f64, 5.0], &[2], Device::Cpu).unwrap();
/// let x = spsolve_triangular(&l, &b, true, false).unwrap();
/// assert_eq!(x.to_vec::<f64>().unwrap(), vec![1.0, 1.0]);
/// ```
pub fn spsolve_triangular(
    a: &(impl AsLinearOperator + ?Sized),
    b: &Array,
    lower: bool,
    unit_diagonal: bool,
) -> Result<Array> {
    const OP: &str = "spsolve_triangular";
    if let Some(Ok(c)) = a.to_csr()
        && let Device::Cuda(o) = c.data.device()
    {
        let n = c.shape.0;
        if c.shape.1 != n || b.ndim() == 0 || b.ndim() > 2 || b.shape()[0] != n {
            return Err(SparseError::rhs_shape(OP, c.shape, n, b.shape()));
        }
        if b.device() != c.data.device() {
            return Err(SparseError::device_mismatch(
                OP,
                c.data.device(),
                b.device(),
            ));
        }
        if !unit_diagonal {
            // cusparseSpSV does not report a zero pivot: check the diagonal on the device (one
            // scalar read), as the CPU path does row by row.
            let d = crate::Sparse::from_csr(c.clone(), crate::Flavour::Array).diagonal(0)?;
            let zeros = cuprum_core::equal(&d, 0i64)?;
            if let Some(i) = cuprum_core::flatnonzero(&zeros)?.to_vec::<i64>()?.first() {
                return Err(SparseError::SingularMatrix {
                    op: OP,
                    detail: format!(" (diagonal entry {i} is zero)"),
                });
            }
        }
        let dt = result_dtype(c.data.dtype(), b.dtype());
        return super::cuda::spsv(o, &c, b, dt, lower, unit_diagonal);
    }
    let h = host_csr(OP, a)?;
    let n = h.n_rows;
    require_square(OP, (h.n_rows, h.n_cols))?;
    check_rhs(OP, (n, n), b)?;
    let k = if b.ndim() == 2 { b.shape()[1] } else { 1 };
    let dt = result_dtype(h.dtype, b.dtype());
    let mut x: Vec<Complex64> = b.astype(DType::Complex128)?.to_vec()?;
    let order: Vec<usize> = if lower {
        (0..n).collect()
    } else {
        (0..n).rev().collect()
    };
    for i in order {
        let mut d = Complex64::new(0.0, 0.0);
        let mut acc: Vec<Complex64> = (0..k).map(|j| x[i * k + j]).collect();
        for p in h.indptr[i]..h.indptr[i + 1] {
            let c = h.indices[p];
            if c == i {
                d += h.data[p];
            } else if (lower && c < i) || (!lower && c > i) {
                for (j, a) in acc.iter_mut().enumerate() {
                    *a -= h.data[p] * x[c * k + j];
                }
            }
        }
        if unit_diagonal {
            d = Complex64::new(1.0, 0.0);
        }
        if d.norm() == 0.0 {
            return Err(SparseError::SingularMatrix {
                op: OP,
                detail: format!(" (diagonal entry {i} is zero)"),
            });
        }
        for (j, a) in acc.into_iter().enumerate() {
            x[i * k + j] = a / d;
        }
    }
    let out = Array::from_vec_on(x, b.shape(), Device::Cpu)?;
    let out = if dt.is_complex() {
        out.astype(dt)?
    } else {
        cuprum_core::real(&out)?.astype(dt)?
    };
    Ok(out.to_device(b.device())?)
}
