//! [`LinearOperator`]: anything that can compute `A @ x` (and `Aᴴ @ x`), as SciPy's
//! `scipy.sparse.linalg.LinearOperator`, and [`AsLinearOperator`] / [`aslinearoperator`].

use crate::parts::Compressed;
use crate::{Result, SparseError};
use cuprum_core::{Array, DType, Device, IndexMode};
use std::sync::{Arc, OnceLock};

/// The function type of a matrix–vector product: 1-D `x` in, 1-D `y` out, on the operator's
/// device.
pub type MatvecFn = dyn Fn(&Array) -> Result<Array> + Send + Sync;

/// An abstract matrix: its shape, dtype, device and the products `A @ x` and `Aᴴ @ x`
/// (`scipy.sparse.linalg.LinearOperator`).
///
/// **Shapes**: `shape = (m, n)`; [`matvec`](Self::matvec) takes `x` of `n` elements (1-D, or
/// `(n, 1)`) and returns a 1-D array of `m`; [`rmatvec`](Self::rmatvec) takes `m` and returns `n`.
///
/// Vectors stay on the operator's device; the closures are called with 1-D arrays there.
/// Cloning is cheap (the closures are shared).
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType, Device, multiply};
/// use cuprum_sparse::linalg::LinearOperator;
/// // the operator 2·I on R³
/// let op = LinearOperator::new((3, 3), DType::Float64, Device::Cpu, |x| Ok(multiply(x, 2.0)?));
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// assert_eq!(op.matvec(&x).unwrap().to_vec::<f64>().unwrap(), vec![2.0, 4.0, 6.0]);
/// ```
#[derive(Clone)]
pub struct LinearOperator {
    shape: (usize, usize),
    dtype: DType,
    device: Device,
    matvec: Arc<MatvecFn>,
    rmatvec: Option<Arc<MatvecFn>>,
}

impl std::fmt::Debug for LinearOperator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "<{}x{} LinearOperator with dtype={} on {}>",
            self.shape.0, self.shape.1, self.dtype, self.device
        )
    }
}

impl LinearOperator {
    /// An operator of `shape` and `dtype` on `device` whose product is `matvec`
    /// (SciPy's `LinearOperator(shape, matvec, dtype=...)`).
    ///
    /// **Shapes**: `matvec` maps 1-D arrays of `shape.1` elements to 1-D arrays of `shape.0`.
    pub fn new(
        shape: (usize, usize),
        dtype: DType,
        device: Device,
        matvec: impl Fn(&Array) -> Result<Array> + Send + Sync + 'static,
    ) -> Self {
        LinearOperator {
            shape,
            dtype,
            device,
            matvec: Arc::new(matvec),
            rmatvec: None,
        }
    }

    /// This operator with the adjoint product `Aᴴ @ x` (SciPy's `rmatvec=`).
    ///
    /// **Shapes**: `rmatvec` maps 1-D arrays of `shape.0` elements to 1-D arrays of `shape.1`.
    pub fn with_rmatvec(
        mut self,
        rmatvec: impl Fn(&Array) -> Result<Array> + Send + Sync + 'static,
    ) -> Self {
        self.rmatvec = Some(Arc::new(rmatvec));
        self
    }

    /// `(rows, cols)`.
    pub fn shape(&self) -> (usize, usize) {
        self.shape
    }

    /// The operator's dtype (the dtype its products return for inputs of that dtype).
    pub fn dtype(&self) -> DType {
        self.dtype
    }

    /// The device the operator's vectors live on.
    pub fn device(&self) -> Device {
        self.device
    }

    /// Whether [`rmatvec`](Self::rmatvec) is available.
    pub fn has_rmatvec(&self) -> bool {
        self.rmatvec.is_some()
    }

    /// `A @ x`.
    ///
    /// **Shapes**: `x` has `n` elements (1-D or `(n, 1)`); the result is 1-D with `m`.
    ///
    /// # Errors
    /// [`SparseError::ShapeMismatch`] when `x` has not `n` elements; the product's errors.
    pub fn matvec(&self, x: &Array) -> Result<Array> {
        let x = self.vector("LinearOperator.matvec", x, self.shape.1)?;
        let y = (self.matvec)(&x)?;
        self.check_out("LinearOperator.matvec", y, self.shape.0)
    }

    /// `Aᴴ @ x` (the conjugate transpose).
    ///
    /// **Shapes**: `x` has `m` elements; the result is 1-D with `n`.
    ///
    /// # Errors
    /// [`SparseError::NotSupported`] when the operator was built without an adjoint product;
    /// [`SparseError::ShapeMismatch`] for a wrong length.
    pub fn rmatvec(&self, x: &Array) -> Result<Array> {
        const OP: &str = "LinearOperator.rmatvec";
        let Some(f) = &self.rmatvec else {
            return Err(SparseError::NotSupported {
                op: OP,
                detail: "this LinearOperator has no rmatvec (adjoint product)".into(),
            });
        };
        let x = self.vector(OP, x, self.shape.0)?;
        let y = f(&x)?;
        self.check_out(OP, y, self.shape.1)
    }

    /// `A @ X` column by column.
    ///
    /// **Shapes**: `X` is `(n, k)`; the result is `(m, k)`.
    ///
    /// # Errors
    /// [`SparseError::ShapeMismatch`] when `X` is not `(n, k)`.
    pub fn matmat(&self, x: &Array) -> Result<Array> {
        const OP: &str = "LinearOperator.matmat";
        if x.ndim() != 2 || x.shape()[0] != self.shape.1 {
            return Err(SparseError::invalid_shape(
                OP,
                x.shape(),
                format!(
                    "expected ({}, k) for an operator of shape {:?}",
                    self.shape.1, self.shape
                ),
            ));
        }
        let k = x.shape()[1];
        let mut cols = Vec::with_capacity(k);
        for j in 0..k {
            cols.push(self.matvec(&x.index_axis(1, j as isize)?)?);
        }
        let refs: Vec<&Array> = cols.iter().collect();
        if refs.is_empty() {
            return Ok(cuprum_core::zeros_on(
                &[self.shape.0, 0],
                self.dtype,
                self.device,
            )?);
        }
        Ok(cuprum_core::stack(&refs, 1)?)
    }

    /// The adjoint operator `Aᴴ` (SciPy's `.H`).
    ///
    /// # Errors
    /// [`SparseError::NotSupported`] when there is no `rmatvec`.
    pub fn adjoint(&self) -> Result<LinearOperator> {
        let Some(r) = self.rmatvec.clone() else {
            return Err(SparseError::NotSupported {
                op: "LinearOperator.H",
                detail: "this LinearOperator has no rmatvec (adjoint product)".into(),
            });
        };
        Ok(LinearOperator {
            shape: (self.shape.1, self.shape.0),
            dtype: self.dtype,
            device: self.device,
            matvec: r,
            rmatvec: Some(self.matvec.clone()),
        })
    }

    /// The identity operator of size `n` (what a solver uses when no `M` is given).
    pub fn identity(n: usize, dtype: DType, device: Device) -> LinearOperator {
        LinearOperator::new((n, n), dtype, device, |x| Ok(x.clone()))
            .with_rmatvec(|x| Ok(x.clone()))
    }

    /// The operator of a dense 2-D array: `matvec` is `matmul(A, x)`, `rmatvec` is
    /// `matmul(conj(A)ᵀ, x)` (cuBLAS on CUDA). SciPy's `aslinearoperator(ndarray)`.
    ///
    /// **Shapes**: `a` is `(m, n)`.
    ///
    /// # Errors
    /// [`SparseError::InvalidShape`] when `a` is not 2-D.
    pub fn from_dense(a: &Array) -> Result<LinearOperator> {
        let (m, n) = crate::util::shape2d("aslinearoperator", a, "a dense operator must be 2-D")?;
        let a1 = a.clone();
        let ah = if a.dtype().is_complex() {
            cuprum_core::conj(&a.transpose()?)?
        } else {
            a.transpose()?
        };
        Ok(
            LinearOperator::new((m, n), a.dtype(), a.device(), move |x| {
                Ok(cuprum_core::matmul(&a1, x)?)
            })
            .with_rmatvec(move |x| Ok(cuprum_core::matmul(&ah, x)?)),
        )
    }

    /// The operator of a CSR matrix given by its parts (`parts.shape` is `(rows, cols)`).
    ///
    /// `matvec` is the sparse kernels' SpMV (cuSPARSE `SpMV` on CUDA, rayon on the CPU);
    /// `rmatvec` is the SpMV of the conjugate transpose, built on its first call and kept (a
    /// solver that never calls it, such as `cg`, never pays for the transpose).
    ///
    /// # Errors
    /// [`SparseError::InvalidFormat`] for inconsistent parts; device errors.
    pub fn from_csr(c: &Compressed) -> Result<LinearOperator> {
        let (m, n) = c.shape;
        crate::kernels::check_compressed("LinearOperator.from_csr", c)?;
        let a = c.clone();
        let src = c.clone();
        let at: Arc<OnceLock<Compressed>> = Arc::new(OnceLock::new());
        let dt = c.data.dtype();
        let dev = c.data.device();
        Ok(
            LinearOperator::new((m, n), dt, dev, move |x| crate::kernels::spmv(&a, x, false))
                .with_rmatvec(move |x| {
                    let t = match at.get() {
                        Some(t) => t,
                        None => {
                            let mut t = crate::kernels::transpose(&src)?;
                            if t.data.dtype().is_complex() {
                                t.data = cuprum_core::conj(&t.data)?;
                            }
                            // a racing first call built the same transpose: either is kept
                            at.get_or_init(|| t)
                        }
                    };
                    crate::kernels::spmv(t, x, false)
                }),
        )
    }
}

impl LinearOperator {
    fn vector(&self, op: &'static str, x: &Array, n: usize) -> Result<Array> {
        if x.size() != n || !(x.ndim() == 1 || (x.ndim() == 2 && x.shape()[1] == 1)) {
            return Err(SparseError::invalid_shape(
                op,
                x.shape(),
                format!(
                    "expected a vector of {n} elements for an operator of shape {:?}",
                    self.shape
                ),
            ));
        }
        if x.device() != self.device {
            return Err(SparseError::device_mismatch(op, self.device, x.device()));
        }
        if x.ndim() == 1 {
            Ok(x.clone())
        } else {
            Ok(x.reshape(&[n as isize])?)
        }
    }

    fn check_out(&self, op: &'static str, y: Array, m: usize) -> Result<Array> {
        if y.size() != m {
            return Err(SparseError::invalid_shape(
                op,
                y.shape(),
                format!("the product returned {} elements, expected {m}", y.size()),
            ));
        }
        if y.ndim() == 1 {
            Ok(y)
        } else {
            Ok(y.reshape(&[m as isize])?)
        }
    }
}

/// Anything a solver accepts as its matrix: a [`LinearOperator`], a dense [`Array`], the CSR
/// [`Compressed`] parts (and the sparse matrix types).
///
/// [`to_csr`](Self::to_csr) gives the CSR form for the routines that need the entries
/// (direct solvers, ILU, shift-invert); the default is `None` (an abstract operator).
pub trait AsLinearOperator {
    /// The operator.
    ///
    /// # Errors
    /// Invalid shapes or formats.
    fn as_linear_operator(&self) -> Result<LinearOperator>;
    /// The matrix as CSR parts (canonical or not), when it has entries.
    fn to_csr(&self) -> Option<Result<Compressed>> {
        None
    }
}

impl AsLinearOperator for LinearOperator {
    fn as_linear_operator(&self) -> Result<LinearOperator> {
        Ok(self.clone())
    }
}

impl AsLinearOperator for Array {
    fn as_linear_operator(&self) -> Result<LinearOperator> {
        LinearOperator::from_dense(self)
    }
    /// The dense matrix's nonzeros as CSR, built on the host (a conversion for tests and small
    /// matrices; the parts are uploaded back to the array's device).
    fn to_csr(&self) -> Option<Result<Compressed>> {
        Some(dense_to_csr(self))
    }
}

/// `parts::Compressed` is taken as a CSR matrix (`shape = (rows, cols)`).
impl AsLinearOperator for Compressed {
    fn as_linear_operator(&self) -> Result<LinearOperator> {
        LinearOperator::from_csr(self)
    }
    fn to_csr(&self) -> Option<Result<Compressed>> {
        Some(Ok(self.clone()))
    }
}

/// Any sparse matrix or array (CSR, CSC, COO, DIA; converted to CSR once).
impl AsLinearOperator for crate::Sparse {
    fn as_linear_operator(&self) -> Result<LinearOperator> {
        LinearOperator::from_csr(&self.to_compressed()?)
    }
    fn to_csr(&self) -> Option<Result<Compressed>> {
        Some(self.to_compressed())
    }
}

impl<T: AsLinearOperator + ?Sized> AsLinearOperator for &T {
    fn as_linear_operator(&self) -> Result<LinearOperator> {
        (**self).as_linear_operator()
    }
    fn to_csr(&self) -> Option<Result<Compressed>> {
        (**self).to_csr()
    }
}

/// SciPy's `aslinearoperator`: the [`LinearOperator`] of a matrix, a dense array or an
/// operator.
///
/// # Errors
/// As [`AsLinearOperator::as_linear_operator`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::linalg::aslinearoperator;
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let op = aslinearoperator(&a).unwrap();
/// let x = Array::from_vec_on(vec![1.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// assert_eq!(op.matvec(&x).unwrap().to_vec::<f64>().unwrap(), vec![3.0, 7.0]);
/// assert_eq!(op.rmatvec(&x).unwrap().to_vec::<f64>().unwrap(), vec![4.0, 6.0]);
/// ```
pub fn aslinearoperator(a: &(impl AsLinearOperator + ?Sized)) -> Result<LinearOperator> {
    a.as_linear_operator()
}

/// The nonzeros of a dense 2-D array as int64 CSR parts on the array's device (via the host).
pub(crate) fn dense_to_csr(a: &Array) -> Result<Compressed> {
    const OP: &str = "to_csr";
    let (m, n) = crate::util::shape2d(OP, a, "a matrix must be 2-D")?;
    let dt = a.dtype();
    let nz = cuprum_core::not_equal(a, 0i64)?.to_vec::<bool>()?;
    let mut indptr = Vec::with_capacity(m + 1);
    let mut indices = Vec::new();
    let mut flat = Vec::new();
    indptr.push(0i64);
    for i in 0..m {
        for j in 0..n {
            if nz[i * n + j] {
                indices.push(j as i64);
                flat.push((i * n + j) as i64);
            }
        }
        indptr.push(indices.len() as i64);
    }
    let dev = a.device();
    let nnz = indices.len();
    let flat = Array::from_vec_on(flat, &[nnz], dev)?;
    let data = cuprum_core::take(a, &flat, None, IndexMode::Raise)?;
    let _ = dt;
    Ok(Compressed {
        data,
        indices: Array::from_vec_on(indices, &[nnz], dev)?,
        indptr: Array::from_vec_on(indptr, &[m + 1], dev)?,
        shape: (m, n),
        canonical: true,
    })
}
