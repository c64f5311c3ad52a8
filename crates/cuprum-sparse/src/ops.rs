//! Arithmetic, elementwise functions, products, reductions and structural operations of
//! [`Sparse`] matrices, built from cuprum-core's device-generic operations and the
//! [`crate::kernels`] products.

use crate::kernels;
use crate::parts::{Compressed, Coo};
use crate::sparse::{Flavour, Format, Repr, Sparse};
use crate::util::{self, cast};
use crate::{Result, SparseError};
use cuprum_core::{Array, DType, DTypeKind, Scalar};

/// A binary elementwise operation between two sparse matrices of the same shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum SparseBinOp {
    /// `A + B`
    Add,
    /// `A - B`
    Sub,
    /// `A.multiply(B)`
    Multiply,
    /// `A.maximum(B)`
    Maximum,
    /// `A.minimum(B)`
    Minimum,
    /// `A != B` (sparse bool)
    Ne,
    /// `A < B`
    Lt,
    /// `A > B`
    Gt,
    /// `A == B` (dense-ish: true where both are zero)
    Eq,
    /// `A <= B`
    Le,
    /// `A >= B`
    Ge,
}

impl SparseBinOp {
    fn name(self) -> &'static str {
        match self {
            SparseBinOp::Add => "__add__",
            SparseBinOp::Sub => "__sub__",
            SparseBinOp::Multiply => "multiply",
            SparseBinOp::Maximum => "maximum",
            SparseBinOp::Minimum => "minimum",
            SparseBinOp::Ne => "__ne__",
            SparseBinOp::Lt => "__lt__",
            SparseBinOp::Gt => "__gt__",
            SparseBinOp::Eq => "__eq__",
            SparseBinOp::Le => "__le__",
            SparseBinOp::Ge => "__ge__",
        }
    }
}

/// Applies a zero-preserving function to the stored values (`A.sqrt()`, `abs(A)`, ...).
macro_rules! data_fns {
    ($($name:ident => $core:path, $py:literal;)*) => {
        impl Sparse {$(
            #[doc = concat!("SciPy's `A.", $py, "()`: `", $py, "` of every stored value (the function keeps zeros,")]
            /// so the structure is kept; duplicates are first summed where the function is not
            /// linear).
            ///
            /// # Errors
            /// The core function's dtype errors; device errors.
            ///
            /// ```
            /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
            #[doc = concat!("assert_eq!(a.", stringify!($name), "().unwrap().nnz(), 2);")]
            /// ```
            pub fn $name(&self) -> Result<Sparse> {
                let s = self.sum_duplicates()?;
                let d = $core(s.data())?;
                Ok(s.with_data(d))
            }
        )*}
    };
}

data_fns! {
    abs => cuprum_core::abs, "abs";
    sqrt => cuprum_core::sqrt, "sqrt";
    sin => cuprum_core::sin, "sin";
    tan => cuprum_core::tan, "tan";
    arcsin => cuprum_core::arcsin, "arcsin";
    arctan => cuprum_core::arctan, "arctan";
    sinh => cuprum_core::sinh, "sinh";
    tanh => cuprum_core::tanh, "tanh";
    arcsinh => cuprum_core::arcsinh, "arcsinh";
    arctanh => cuprum_core::arctanh, "arctanh";
    rint => cuprum_core::rint, "rint";
    sign => cuprum_core::sign, "sign";
    floor => cuprum_core::floor, "floor";
    ceil => cuprum_core::ceil, "ceil";
    trunc => cuprum_core::trunc, "trunc";
    expm1 => cuprum_core::expm1, "expm1";
    log1p => cuprum_core::log1p, "log1p";
    deg2rad => cuprum_core::deg2rad, "deg2rad";
    rad2deg => cuprum_core::rad2deg, "rad2deg";
}

fn shape_check(op: &'static str, a: &Sparse, b: &Sparse) -> Result<()> {
    if a.shape2() != b.shape2() || a.ndim != b.ndim {
        return Err(SparseError::ShapeMismatch {
            op,
            a: a.shape2(),
            b: b.shape2(),
        });
    }
    if a.device() != b.device() {
        return Err(SparseError::device_mismatch(op, a.device(), b.device()));
    }
    Ok(())
}

/// Drops stored zeros of a compressed matrix whose major indices are `major` (order kept).
fn drop_zeros(c: &Compressed) -> Result<Compressed> {
    let nnz = c.data.size();
    if nnz == 0 {
        return Ok(c.clone());
    }
    let keep = cuprum_core::not_equal(&c.data, 0i64)?;
    let major = util::expand_major(&c.indptr, nnz)?;
    let major = util::select(&keep, &major)?;
    let indices = util::select(&keep, &c.indices)?;
    let data = util::select(&keep, &c.data)?;
    let indptr = util::indptr_from_sorted(&major, c.shape.0, c.indptr.dtype())?;
    Ok(Compressed {
        data,
        indices,
        indptr,
        shape: c.shape,
        canonical: c.canonical,
    })
}

/// The union structure of two canonical matrices and each one's values on it (zeros where one
/// has no entry); canonical CSR.
fn union(a: &Sparse, b: &Sparse) -> Result<(Compressed, Array, Array)> {
    let ca = a.canonical_coo()?;
    let cb = b.canonical_coo()?;
    let it = util::wider(ca.row.dtype(), cb.row.dtype());
    let dev = a.device();
    let (na, nb) = (ca.data.size(), cb.data.size());
    let row = util::concat(&[&cast(&ca.row, it)?, &cast(&cb.row, it)?])?;
    let col = util::concat(&[&cast(&ca.col, it)?, &cast(&cb.col, it)?])?;
    let da = util::concat(&[&ca.data, &util::zeros(nb, ca.data.dtype(), dev)?])?;
    let db = util::concat(&[&util::zeros(na, cb.data.dtype(), dev)?, &cb.data])?;
    let ua = kernels::coo_to_compressed(
        &Coo {
            data: da,
            row: row.clone(),
            col: col.clone(),
            shape: ca.shape,
            canonical: false,
        },
        true,
    )?;
    let ub = kernels::coo_to_compressed(
        &Coo {
            data: db,
            row,
            col,
            shape: ca.shape,
            canonical: false,
        },
        true,
    )?;
    let va = ua.data.clone();
    Ok((
        Compressed {
            canonical: true,
            ..ua
        },
        va,
        ub.data,
    ))
}

/// A new canonical CSR sparse like `like` (flavour, ndim) from parts.
fn csr_like(like: &Sparse, c: Compressed) -> Sparse {
    Sparse {
        repr: Repr::Csr(c),
        flavour: like.flavour,
        ndim: like.ndim,
    }
}

/// What `Sparse::multiply` and friends take as their other operand.
#[derive(Clone, Copy, Debug)]
pub enum Other<'a> {
    /// another sparse matrix
    Sparse(&'a Sparse),
    /// a dense array (broadcast as in NumPy)
    Dense(&'a Array),
    /// a Python scalar (weak in type promotion)
    Scalar(Scalar),
}

from_impls!(Other<'a> {
    &'a Sparse => |s| Other::Sparse(s),
    &'a Array => |a| Other::Dense(a),
    f64 => |x| Other::Scalar(Scalar::Float(x)),
    i64 => |x| Other::Scalar(Scalar::Int(x)),
    Scalar => |x| Other::Scalar(x),
});

/// The result of a product: sparse @ sparse is sparse, sparse @ dense is dense.
#[derive(Clone, Debug)]
pub enum Product {
    /// a sparse result
    Sparse(Sparse),
    /// a dense result
    Dense(Array),
}

impl Product {
    /// The sparse result, or `None`.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert!(a.dot(&a).unwrap().sparse().is_some());
    /// ```
    pub fn sparse(self) -> Option<Sparse> {
        match self {
            Product::Sparse(s) => Some(s),
            Product::Dense(_) => None,
        }
    }
    /// The dense result, or `None`.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// let x = cuprum_core::Array::from_vec(vec![1.0f64, 2.0], &[2]).unwrap();
    /// assert!(a.dot(&x).unwrap().dense().is_some());
    /// ```
    pub fn dense(self) -> Option<Array> {
        match self {
            Product::Dense(a) => Some(a),
            Product::Sparse(_) => None,
        }
    }
}

impl Sparse {
    /// An elementwise binary operation with another sparse matrix of the same shape; the
    /// result is canonical CSR without stored zeros (SciPy's `_binopt`).
    ///
    /// **Semantics**: implicit zeros take part (`maximum(-1.5, 0) = 0`); `Eq`, `Le`, `Ge` are
    /// true where both are zero, so their result stores every such position.
    ///
    /// # Errors
    /// [`SparseError::ShapeMismatch`] for different shapes; dtype errors of the core op.
    ///
    /// ```
    /// use cuprum_sparse::{SparseBinOp, eye};
    /// let a = eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// let b = a.binop(&a, SparseBinOp::Add).unwrap();
    /// assert_eq!(b.toarray().unwrap().to_vec::<f64>().unwrap(), vec![2.0, 0.0, 0.0, 2.0]);
    /// ```
    pub fn binop(&self, other: &Sparse, op: SparseBinOp) -> Result<Sparse> {
        let name = op.name();
        shape_check(name, self, other)?;
        match op {
            SparseBinOp::Eq | SparseBinOp::Le | SparseBinOp::Ge => {
                let inv = match op {
                    SparseBinOp::Eq => SparseBinOp::Ne,
                    SparseBinOp::Le => SparseBinOp::Gt,
                    _ => SparseBinOp::Lt,
                };
                let d = cuprum_core::logical_not(&self.binop(other, inv)?.toarray()?)?;
                let s = Sparse::build_like_dense(self, &d)?;
                return Ok(s);
            }
            _ => {}
        }
        let (st, va, vb) = union(self, other)?;
        use cuprum_core as c;
        let data = match op {
            SparseBinOp::Add => c::add(&va, &vb)?,
            SparseBinOp::Sub => c::subtract(&va, &vb)?,
            SparseBinOp::Multiply => c::multiply(&va, &vb)?,
            SparseBinOp::Maximum => c::maximum(&va, &vb)?,
            SparseBinOp::Minimum => c::minimum(&va, &vb)?,
            SparseBinOp::Ne => c::not_equal(&va, &vb)?,
            SparseBinOp::Lt => c::less(&va, &vb)?,
            SparseBinOp::Gt => c::greater(&va, &vb)?,
            _ => unreachable!("handled above"),
        };
        let out = drop_zeros(&Compressed { data, ..st })?;
        Ok(csr_like(self, out))
    }

    fn build_like_dense(like: &Sparse, d: &Array) -> Result<Sparse> {
        let s = match like.flavour {
            Flavour::Matrix => crate::csr_matrix(d, None)?,
            Flavour::Array => crate::csr_array(d, None)?,
        };
        Ok(s)
    }

    /// `A + B` (sparse + sparse, canonical CSR result).
    ///
    /// # Errors
    /// As [`Sparse::binop`].
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.add(&a).unwrap().sum(None).unwrap().item().unwrap().as_f64(), 4.0);
    /// ```
    pub fn add(&self, other: &Sparse) -> Result<Sparse> {
        self.binop(other, SparseBinOp::Add)
    }

    /// `A - B`.
    ///
    /// # Errors
    /// As [`Sparse::binop`].
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.sub(&a).unwrap().nnz(), 0);
    /// ```
    pub fn sub(&self, other: &Sparse) -> Result<Sparse> {
        self.binop(other, SparseBinOp::Sub)
    }

    /// SciPy's `A.maximum(B)`: elementwise maximum, implicit zeros taking part.
    ///
    /// # Errors
    /// As [`Sparse::binop`].
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.maximum(&a.neg().unwrap()).unwrap().nnz(), 2);
    /// ```
    pub fn maximum(&self, other: &Sparse) -> Result<Sparse> {
        self.binop(other, SparseBinOp::Maximum)
    }

    /// SciPy's `A.minimum(B)`.
    ///
    /// # Errors
    /// As [`Sparse::binop`].
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.minimum(&a.neg().unwrap()).unwrap().nnz(), 2);
    /// ```
    pub fn minimum(&self, other: &Sparse) -> Result<Sparse> {
        self.binop(other, SparseBinOp::Minimum)
    }

    /// `A != B` as a sparse bool matrix.
    ///
    /// # Errors
    /// As [`Sparse::binop`].
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.ne(&a).unwrap().nnz(), 0);
    /// ```
    pub fn ne(&self, other: &Sparse) -> Result<Sparse> {
        self.binop(other, SparseBinOp::Ne)
    }

    /// SciPy's `A.multiply(other)`: the elementwise product with a sparse matrix, a dense
    /// array (broadcast as in NumPy: `(n,)`, `(1, n)`, `(m, 1)` or `(m, n)`) or a scalar; the
    /// result is sparse.
    ///
    /// # Errors
    /// [`SparseError::ShapeMismatch`] when the operand does not broadcast to the matrix.
    ///
    /// ```
    /// use cuprum_core::Array;
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// let v = Array::from_vec(vec![3.0f64, 4.0], &[2]).unwrap();
    /// let p = a.multiply(&v).unwrap();
    /// assert_eq!(p.toarray().unwrap().to_vec::<f64>().unwrap(), vec![3.0, 0.0, 0.0, 4.0]);
    /// ```
    pub fn multiply<'a>(&self, other: impl Into<Other<'a>>) -> Result<Sparse> {
        const OP: &str = "multiply";
        match other.into() {
            Other::Sparse(b) => self.binop(b, SparseBinOp::Multiply),
            Other::Scalar(s) => self.mul_scalar(s),
            Other::Dense(v) => {
                let (m, n) = self.shape2();
                let coo = self.canonical_coo()?;
                let sh = v.shape();
                let flat = v.ravel()?;
                let gathered = match sh {
                    [] | [1] | [1, 1] => flat.clone(),
                    [k] | [1, k] if *k == n => util::take(&flat, &coo.col)?,
                    [k, 1] if *k == m => util::take(&flat, &coo.row)?,
                    [a, b] if *a == m && *b == n => {
                        let pos = cuprum_core::add(
                            &cuprum_core::multiply(&cast(&coo.row, DType::Int64)?, n as i64)?,
                            &cast(&coo.col, DType::Int64)?,
                        )?;
                        util::take(&flat, &pos)?
                    }
                    _ => {
                        let b = match sh {
                            [k] => (1, *k),
                            [a, b] => (*a, *b),
                            _ => (usize::MAX, usize::MAX),
                        };
                        return Err(SparseError::ShapeMismatch {
                            op: OP,
                            a: (m, n),
                            b,
                        });
                    }
                };
                let data = cuprum_core::multiply(&coo.data, &gathered)?;
                let c = Compressed {
                    indptr: util::indptr_from_sorted(&coo.row, m, coo.row.dtype())?,
                    data,
                    indices: coo.col,
                    shape: (m, n),
                    canonical: true,
                };
                Ok(csr_like(self, c))
            }
        }
    }

    /// `A * s` for a scalar (weak: a float32 matrix times 2.5 stays float32); same format.
    ///
    /// # Errors
    /// Dtype errors of the core multiply.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float32).unwrap();
    /// let b = a.mul_scalar(2.5f64).unwrap();
    /// assert_eq!(b.dtype(), cuprum_core::DType::Float32);
    /// ```
    pub fn mul_scalar(&self, s: impl Into<Scalar>) -> Result<Sparse> {
        let s: Scalar = s.into();
        Ok(self.with_data(cuprum_core::multiply(self.data(), s)?))
    }

    /// `A / s` for a scalar (integer data gives float64, as NumPy's true division).
    ///
    /// # Errors
    /// Dtype errors of the core divide.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Int64).unwrap();
    /// assert_eq!(a.div_scalar(2.0f64).unwrap().dtype(), cuprum_core::DType::Float64);
    /// ```
    pub fn div_scalar(&self, s: impl Into<Scalar>) -> Result<Sparse> {
        let s: Scalar = s.into();
        Ok(self.with_data(cuprum_core::divide(self.data(), s)?))
    }

    /// SciPy's `A / other` (true division) with a scalar, a dense array or another sparse
    /// matrix.
    ///
    /// **Shapes**: a dense `other` broadcasts to the matrix as in [`Sparse::multiply`]; a
    /// sparse `other` has the matrix's shape.
    ///
    /// **Semantics** (SciPy 1.17's `_spbase._divide`):
    /// - scalar: [`Sparse::div_scalar`], a sparse result of the same format;
    /// - dense: `A.multiply(1 / other)`, a sparse CSR result (only the stored entries are
    ///   divided: an implicit zero stays zero even where `other` is 0);
    /// - sparse: `A` is first cast to float64 when its dtype casts safely to it (bool, the
    ///   integers, float16/32/64; complex stays), then divided elementwise including the
    ///   implicit zeros, so `0 / 0` is NaN and `x / 0` is ±inf: the result is **dense**
    ///   (SciPy returns an `ndarray`, or an `np.matrix` for `_matrix` operands) with that
    ///   dtype; a complex `other` under a real `A` keeps the real part, as SciPy's
    ///   assignment into the float64 output does.
    ///
    /// # Errors
    /// [`SparseError::ShapeMismatch`] for shapes that do not match or broadcast;
    /// [`cuprum_core::Error::DeviceMismatch`] for operands on different devices; the size errors of
    /// [`Sparse::toarray`] for the dense result; dtype errors of the core divide.
    ///
    /// ```
    /// use cuprum_core::{Array, DType};
    /// let a = cuprum_sparse::eye(2, 2, 0, DType::Float32).unwrap();
    /// let q = a.divide(&a).unwrap().dense().unwrap();
    /// assert_eq!(q.dtype(), DType::Float64);
    /// let v = q.to_vec::<f64>().unwrap();
    /// assert_eq!(v[0], 1.0);
    /// assert!(v[1].is_nan()); // 0 / 0
    /// ```
    pub fn divide<'a>(&self, other: impl Into<Other<'a>>) -> Result<Product> {
        const OP: &str = "__truediv__";
        match other.into() {
            Other::Scalar(s) => Ok(Product::Sparse(self.div_scalar(s)?)),
            Other::Dense(d) => {
                if d.device() != self.device() {
                    return Err(SparseError::device_mismatch(OP, self.device(), d.device()));
                }
                let recip = cuprum_core::divide(1.0f64, d)?;
                Ok(Product::Sparse(self.tocsr()?.multiply(&recip)?))
            }
            Other::Sparse(b) => {
                shape_check(OP, self, b)?;
                let out_dt = match self.dtype().kind() {
                    DTypeKind::Complex => self.dtype(),
                    _ => DType::Float64,
                };
                let a = cast(&self.toarray()?, out_dt)?;
                let q = cuprum_core::divide(&a, &b.toarray()?)?;
                let q = if q.dtype() == out_dt {
                    q
                } else if q.dtype().kind() == DTypeKind::Complex
                    && out_dt.kind() != DTypeKind::Complex
                {
                    cast(&cuprum_core::real(&q)?, out_dt)?
                } else {
                    cast(&q, out_dt)?
                };
                Ok(Product::Dense(q))
            }
        }
    }

    /// SciPy's `other / A` for a dense `other` (`A.__rtruediv__`): `other / A.toarray()`, a
    /// dense result (NumPy's division, so `x / 0` is ±inf and `0 / 0` NaN).
    ///
    /// **Shapes**: `other` broadcasts with the matrix as in NumPy.
    ///
    /// # Errors
    /// Size errors of the dense matrix; broadcasting and dtype errors of the core divide.
    ///
    /// ```
    /// use cuprum_core::{Array, DType};
    /// let a = cuprum_sparse::eye(2, 2, 0, DType::Float64).unwrap();
    /// let d = Array::from_vec(vec![2.0f64, 0.0, 1.0, 4.0], &[2, 2]).unwrap();
    /// let q = a.rdivide_dense(&d).unwrap().to_vec::<f64>().unwrap();
    /// assert_eq!((q[0], q[3]), (2.0, 4.0));
    /// assert!(q[1].is_nan() && q[2].is_infinite());
    /// ```
    pub fn rdivide_dense(&self, other: &Array) -> Result<Array> {
        Ok(cuprum_core::divide(other, &self.toarray()?)?)
    }

    /// `-A`.
    ///
    /// # Errors
    /// [`cuprum_core::Error::DType`] for bool data (as NumPy).
    ///
    /// ```
    /// let a = cuprum_sparse::eye(1, 1, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.neg().unwrap().toarray().unwrap().to_vec::<f64>().unwrap(), vec![-1.0]);
    /// ```
    pub fn neg(&self) -> Result<Sparse> {
        Ok(self.with_data(cuprum_core::negative(self.data())?))
    }

    /// SciPy's `A.conj()` (`conjugate`).
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(1, 1, 0, cuprum_core::DType::Complex128).unwrap();
    /// assert_eq!(a.conj().unwrap().dtype(), cuprum_core::DType::Complex128);
    /// ```
    pub fn conj(&self) -> Result<Sparse> {
        Ok(self.with_data(cuprum_core::conj(self.data())?))
    }

    /// SciPy's `A.power(n)`: every stored value raised to `n` (zeros stay zeros for n > 0).
    ///
    /// # Errors
    /// Dtype errors of the core power.
    ///
    /// ```
    /// let d = cuprum_core::Array::from_vec(vec![0.0f64, 3.0], &[1, 2]).unwrap();
    /// let a = cuprum_sparse::csr_matrix(&d, None).unwrap();
    /// assert_eq!(a.power(2.0f64).unwrap().toarray().unwrap().to_vec::<f64>().unwrap(), vec![0.0, 9.0]);
    /// ```
    pub fn power(&self, n: impl Into<Scalar>) -> Result<Sparse> {
        let n: Scalar = n.into();
        let s = self.sum_duplicates()?;
        Ok(s.with_data(cuprum_core::power(s.data(), n)?))
    }

    /// SciPy's `A.astype(dtype)` (float to int truncates; same structure).
    ///
    /// # Errors
    /// Cast errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.astype(cuprum_core::DType::Int32).unwrap().dtype(), cuprum_core::DType::Int32);
    /// ```
    pub fn astype(&self, dtype: DType) -> Result<Sparse> {
        Ok(self.with_data(cast(self.data(), dtype)?))
    }

    /// SciPy's `eliminate_zeros`: a copy without the stored zeros, order kept (CSR/CSC/COO;
    /// DIA converts to CSR).
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.mul_scalar(0.0f64).unwrap().eliminate_zeros().unwrap().nnz(), 0);
    /// ```
    pub fn eliminate_zeros(&self) -> Result<Sparse> {
        Ok(match &self.repr {
            Repr::Csr(c) => self.with_like(Repr::Csr(drop_zeros(c)?)),
            Repr::Csc(c) => self.with_like(Repr::Csc(drop_zeros(c)?)),
            Repr::Coo(c) => {
                let keep = cuprum_core::not_equal(&c.data, 0i64)?;
                self.with_like(Repr::Coo(Coo {
                    data: util::select(&keep, &c.data)?,
                    row: util::select(&keep, &c.row)?,
                    col: util::select(&keep, &c.col)?,
                    ..c.clone()
                }))
            }
            Repr::Dia(_) => self.with_like(Repr::Csr(drop_zeros(&self.csr_parts()?)?)),
        })
    }

    /// SciPy's `sort_indices`: the minor indices of every slice sorted (data moved along;
    /// duplicates kept). Other formats are returned as they are.
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap().tocsr().unwrap();
    /// assert!(a.sort_indices().unwrap().has_sorted_indices().unwrap());
    /// ```
    pub fn sort_indices(&self) -> Result<Sparse> {
        let sort = |c: &Compressed| -> Result<Compressed> {
            if c.canonical || c.data.size() <= 1 {
                return Ok(c.clone());
            }
            let key = Sparse::keys(c)?;
            let order = cuprum_core::argsort(&key, None)?;
            let mut r = Compressed {
                data: util::take(&c.data, &order)?,
                indices: util::take(&c.indices, &order)?,
                indptr: c.indptr.clone(),
                shape: c.shape,
                canonical: false,
            };
            r.canonical = Sparse::is_canonical(&r)?;
            Ok(r)
        };
        Ok(match &self.repr {
            Repr::Csr(c) => self.with_like(Repr::Csr(sort(c)?)),
            Repr::Csc(c) => self.with_like(Repr::Csc(sort(c)?)),
            _ => self.clone(),
        })
    }

    /// SciPy's `count_nonzero`: stored values that are not zero after summing duplicates.
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(3, 3, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.count_nonzero().unwrap(), 3);
    /// ```
    pub fn count_nonzero(&self) -> Result<usize> {
        let c = self.canonical_csr()?;
        if c.data.size() == 0 {
            return Ok(0);
        }
        let nz = cuprum_core::not_equal(&c.data, 0i64)?;
        Ok(util::read_i64(&nz.astype(DType::Int64)?.sum(None, false)?)? as usize)
    }

    /// The transpose (`A.T`): CSR ↔ CSC share their arrays, COO swaps row and col, DIA
    /// becomes COO. A 1-D array is its own transpose.
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 3, 1, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.transpose().unwrap().shape(), vec![3, 2]);
    /// ```
    pub fn transpose(&self) -> Result<Sparse> {
        if self.ndim == 1 {
            return Ok(self.clone());
        }
        Ok(match &self.repr {
            Repr::Csr(c) => self.with_like(Repr::Csc(c.clone())),
            Repr::Csc(c) => self.with_like(Repr::Csr(c.clone())),
            Repr::Coo(c) => self.with_like(Repr::Coo(Coo {
                data: c.data.clone(),
                row: c.col.clone(),
                col: c.row.clone(),
                shape: (c.shape.1, c.shape.0),
                canonical: false,
            })),
            Repr::Dia(_) => return self.tocoo()?.transpose(),
        })
    }

    /// `A.T` (see [`Sparse::transpose`]).
    ///
    /// # Errors
    /// As [`Sparse::transpose`].
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 3, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.t().unwrap().shape2(), (3, 2));
    /// ```
    pub fn t(&self) -> Result<Sparse> {
        self.transpose()
    }

    /// The conjugate transpose (`A.H`).
    ///
    /// # Errors
    /// As [`Sparse::transpose`].
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 3, 0, cuprum_core::DType::Complex64).unwrap();
    /// assert_eq!(a.h().unwrap().shape2(), (3, 2));
    /// ```
    pub fn h(&self) -> Result<Sparse> {
        self.transpose()?.conj()
    }

    // ------------------------------------------------------------ products

    /// `A @ x` for a dense vector or matrix: SpMV / SpMM through the kernels (cuSPARSE on
    /// CUDA). A 1-D `x` gives a 1-D result.
    ///
    /// **Shapes**: `(m, n) @ (n,) → (m,)`, `(m, n) @ (n, k) → (m, k)`.
    ///
    /// # Errors
    /// [`SparseError::ShapeMismatch`] when the inner dimensions differ.
    ///
    /// ```
    /// use cuprum_core::Array;
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// let x = Array::from_vec(vec![3.0f64, 4.0], &[2]).unwrap();
    /// assert_eq!(a.matmul_dense(&x).unwrap().to_vec::<f64>().unwrap(), vec![3.0, 4.0]);
    /// ```
    pub fn matmul_dense(&self, x: &Array) -> Result<Array> {
        const OP: &str = "matmul";
        let (m, n) = self.shape2();
        let k = x.shape().first().copied().unwrap_or(0);
        if x.ndim() == 0 || x.ndim() > 2 || k != n {
            return Err(SparseError::ShapeMismatch {
                op: OP,
                a: (m, n),
                b: (k, x.shape().get(1).copied().unwrap_or(1)),
            });
        }
        let (c, tr) = match &self.repr {
            Repr::Csc(c) => (c.clone(), true),
            _ => (self.csr_parts()?, false),
        };
        let y = if x.ndim() == 1 {
            kernels::spmv(&c, x, tr)?
        } else {
            kernels::spmm(&c, x, tr)?
        };
        if self.ndim == 1 && y.ndim() == 1 {
            // (n,) @ (n,) is a scalar
            return Ok(y.reshape(())?);
        }
        Ok(y)
    }

    /// `x @ A` for a dense vector or matrix (`A.T @ x.T`, transposed back).
    ///
    /// **Shapes**: `(m,) @ (m, n) → (n,)`, `(k, m) @ (m, n) → (k, n)`.
    ///
    /// # Errors
    /// [`SparseError::ShapeMismatch`] when the inner dimensions differ.
    ///
    /// ```
    /// use cuprum_core::Array;
    /// let a = cuprum_sparse::eye(2, 3, 1, cuprum_core::DType::Float64).unwrap();
    /// let x = Array::from_vec(vec![1.0f64, 2.0], &[2]).unwrap();
    /// assert_eq!(a.rmatmul_dense(&x).unwrap().to_vec::<f64>().unwrap(), vec![0.0, 1.0, 2.0]);
    /// ```
    pub fn rmatmul_dense(&self, x: &Array) -> Result<Array> {
        const OP: &str = "rmatmul";
        let (m, n) = self.shape2();
        let k = x.shape().last().copied().unwrap_or(0);
        if x.ndim() == 0 || x.ndim() > 2 || k != m {
            return Err(SparseError::ShapeMismatch {
                op: OP,
                a: (x.shape().first().copied().unwrap_or(1), k),
                b: (m, n),
            });
        }
        let (c, tr) = match &self.repr {
            Repr::Csc(c) => (c.clone(), false),
            _ => (self.csr_parts()?, true),
        };
        if x.ndim() == 1 {
            Ok(kernels::spmv(&c, x, tr)?)
        } else {
            Ok(kernels::spmm(&c, &x.transpose()?, tr)?.transpose()?)
        }
    }

    /// `A @ B` for two sparse matrices (SpGEMM; canonical CSR result).
    ///
    /// # Errors
    /// [`SparseError::ShapeMismatch`] when the inner dimensions differ.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.matmul_sparse(&a).unwrap().nnz(), 2);
    /// ```
    pub fn matmul_sparse(&self, b: &Sparse) -> Result<Sparse> {
        const OP: &str = "matmul";
        let (m, n) = self.shape2();
        let (p, q) = b.shape2();
        if n != p {
            return Err(SparseError::ShapeMismatch {
                op: OP,
                a: (m, n),
                b: (p, q),
            });
        }
        let c = kernels::spgemm(&self.csr_parts()?, &b.csr_parts()?)?;
        Ok(Sparse {
            repr: Repr::Csr(c),
            flavour: self.flavour,
            ndim: 2,
        })
    }

    /// SciPy's `A.dot(other)` / `A @ other`: sparse @ sparse is sparse, sparse @ dense dense.
    ///
    /// # Errors
    /// [`SparseError::ShapeMismatch`] when the inner dimensions differ.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// let p = a.dot(&a.t().unwrap()).unwrap().sparse().unwrap();
    /// assert_eq!(p.shape2(), (2, 2));
    /// ```
    pub fn dot<'a>(&self, other: impl Into<Other<'a>>) -> Result<Product> {
        match other.into() {
            Other::Sparse(b) => Ok(Product::Sparse(self.matmul_sparse(b)?)),
            Other::Dense(x) => Ok(Product::Dense(self.matmul_dense(x)?)),
            Other::Scalar(s) => Ok(Product::Sparse(self.mul_scalar(s)?)),
        }
    }

    // ------------------------------------------------------------ reductions

    fn sum_dtype(&self) -> DType {
        match self.dtype().kind() {
            DTypeKind::Bool | DTypeKind::Int => DType::Int64,
            DTypeKind::UInt => DType::UInt64,
            _ => self.dtype(),
        }
    }

    fn axis_of(&self, op: &'static str, axis: Option<isize>) -> Result<Option<usize>> {
        match axis {
            None => Ok(None),
            Some(a) => {
                let nd = self.ndim as isize;
                if a < -nd || a >= nd {
                    return Err(SparseError::Core(cuprum_core::Error::AxisOutOfBounds {
                        op,
                        axis: a,
                        ndim: self.ndim,
                    }));
                }
                let a = if a < 0 { a + nd } else { a } as usize;
                Ok(Some(if self.ndim == 1 { 1 } else { a }))
            }
        }
    }

    /// Shapes a per-row (`axis == 1`) or per-column (`axis == 0`) result for the flavour:
    /// 1-D for arrays, `(1, n)` / `(m, 1)` for matrices, 0-d for a 1-D array.
    fn shape_reduced(&self, r: Array, axis: usize) -> Result<Array> {
        if self.ndim == 1 {
            return Ok(r.reshape(())?);
        }
        Ok(match (self.flavour, axis) {
            (Flavour::Array, _) => r,
            (Flavour::Matrix, 0) => r.reshape(&[1, -1])?,
            (Flavour::Matrix, _) => r.reshape(&[-1, 1])?,
        })
    }

    /// SciPy's `A.sum(axis)`: `None` gives a 0-d array; `Some(0)` column sums, `Some(1)` row
    /// sums (1-D for arrays, 2-D for matrices). Integer and bool data sum in int64 (uint64).
    ///
    /// # Errors
    /// [`cuprum_core::Error::AxisOutOfBounds`] for a bad axis.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 3, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.sum(Some(0)).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 1.0, 0.0]);
    /// ```
    pub fn sum(&self, axis: Option<isize>) -> Result<Array> {
        self.sum_dtype_axis("sum", axis, self.sum_dtype())
    }

    fn sum_dtype_axis(&self, op: &'static str, axis: Option<isize>, dt: DType) -> Result<Array> {
        let axis = self.axis_of(op, axis)?;
        let (m, n) = self.shape2();
        let coo = self.coo_parts()?;
        let data = cast(&coo.data, dt)?;
        let dev = self.device();
        match axis {
            None => {
                if data.size() == 0 {
                    return Ok(cuprum_core::zeros_on((), dt, dev)?);
                }
                Ok(cast(&data.sum(None, false)?, dt)?)
            }
            Some(ax) => {
                let (len, idx) = if ax == 0 {
                    (n, &coo.col)
                } else {
                    (m, &coo.row)
                };
                let out = util::zeros(len, dt, dev)?;
                if data.size() > 0 {
                    cuprum_core::add_at(
                        &out,
                        &[cuprum_core::IndexItem::Array(idx.clone())],
                        &data,
                    )?;
                }
                self.shape_reduced(out, ax)
            }
        }
    }

    /// SciPy's `A.mean(axis)`: sums divided by the number of entries of the axis (implicit
    /// zeros included); integer and bool data give float64.
    ///
    /// # Errors
    /// As [`Sparse::sum`].
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Int32).unwrap();
    /// assert_eq!(a.mean(None).unwrap().item().unwrap().as_f64(), 0.5);
    /// ```
    pub fn mean(&self, axis: Option<isize>) -> Result<Array> {
        let dt = match self.dtype().kind() {
            DTypeKind::Bool | DTypeKind::Int | DTypeKind::UInt => DType::Float64,
            _ => self.dtype(),
        };
        let (m, n) = self.shape2();
        let ax = self.axis_of("mean", axis)?;
        let count = match ax {
            None => m * n,
            Some(0) => m,
            Some(_) => n,
        };
        let s = self.sum_dtype_axis("mean", axis, dt)?;
        Ok(cuprum_core::divide(&s, count as f64)?)
    }

    /// Per-slice maximum (`is_max`) or minimum along `axis` with implicit zeros taking part.
    fn minmax(&self, op: &'static str, axis: Option<isize>, is_max: bool) -> Result<Array> {
        let ax = self.axis_of(op, axis)?;
        let (m, n) = self.shape2();
        let dt = self.dtype();
        let dev = self.device();
        if m == 0 || n == 0 {
            return Err(SparseError::bad_shape(
                op,
                "self",
                &[m, n],
                "a matrix with no zero-length axis (a zero-size reduction has no identity)",
            ));
        }
        let zero_cmp = |x: &Array| -> Result<Array> {
            Ok(if is_max {
                cuprum_core::maximum(x, &cuprum_core::zeros_on((), dt, dev)?)?
            } else {
                cuprum_core::minimum(x, &cuprum_core::zeros_on((), dt, dev)?)?
            })
        };
        match ax {
            None => {
                let c = self.canonical_csr()?;
                let nnz = c.data.size();
                if nnz == 0 {
                    return Ok(cuprum_core::zeros_on((), dt, dev)?);
                }
                let r = if is_max {
                    c.data.max(None, false)?
                } else {
                    c.data.min(None, false)?
                };
                if nnz < m * n { zero_cmp(&r) } else { Ok(r) }
            }
            Some(ax) => {
                let c = if ax == 1 {
                    self.canonical_csr()?
                } else {
                    self.canonical_csc()?
                };
                let (major, minor) = c.shape;
                let nnz = c.data.size();
                if nnz == 0 {
                    return self.shape_reduced(util::zeros(major, dt, dev)?, ax);
                }
                let maj = util::expand_major(&c.indptr, nnz)?;
                let p1 = cuprum_core::argsort(&c.data, None)?;
                let maj_p = util::take(&maj, &p1)?;
                let p2 = cuprum_core::argsort(&maj_p, None)?;
                let order = util::take(&p1, &p2)?;
                let sorted = util::take(&c.data, &order)?;
                let ip = cast(&c.indptr, DType::Int64)?;
                let starts = ip.slice(&[cuprum_core::SliceItem::Slice {
                    start: Some(0),
                    stop: Some(major as isize),
                    step: 1,
                }])?;
                let ends = ip.slice(&[cuprum_core::SliceItem::Slice {
                    start: Some(1),
                    stop: None,
                    step: 1,
                }])?;
                let cnt = cuprum_core::subtract(&ends, &starts)?;
                let pick = if is_max {
                    cuprum_core::subtract(&ends, 1i64)?
                } else {
                    starts.clone()
                };
                let pick =
                    cuprum_core::clip(&pick, Some(0i64.into()), Some(((nnz - 1) as i64).into()))?;
                let v = util::take(&sorted, &pick)?;
                let vz = zero_cmp(&v)?;
                let partial = cuprum_core::less(&cnt, minor as i64)?;
                let v = cuprum_core::where_(&partial, &vz, &v)?;
                let empty = cuprum_core::equal(&cnt, 0i64)?;
                let v = cuprum_core::where_(&empty, &cuprum_core::zeros_on((), dt, dev)?, &v)?;
                self.shape_reduced(v, ax)
            }
        }
    }

    /// SciPy's `A.max(axis)`: implicit zeros take part (`max(-1.5, 0) = 0`).
    ///
    /// # Errors
    /// [`cuprum_core::Error::BadShape`] (`self`) for an empty matrix; axis errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap().neg().unwrap();
    /// assert_eq!(a.max(Some(1)).unwrap().to_vec::<f64>().unwrap(), vec![0.0, 0.0]);
    /// ```
    pub fn max(&self, axis: Option<isize>) -> Result<Array> {
        self.minmax("max", axis, true)
    }

    /// SciPy's `A.min(axis)`.
    ///
    /// # Errors
    /// As [`Sparse::max`].
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap().neg().unwrap();
    /// assert_eq!(a.min(Some(1)).unwrap().to_vec::<f64>().unwrap(), vec![-1.0, -1.0]);
    /// ```
    pub fn min(&self, axis: Option<isize>) -> Result<Array> {
        self.minmax("min", axis, false)
    }

    /// SciPy's `A.argmax(axis)`: int64 index of the first maximum of each slice (or of the
    /// flattened matrix for `None`), implicit zeros taking part.
    ///
    /// Computed on the host from the canonical parts (copied there and the result copied back).
    ///
    /// # Errors
    /// [`cuprum_core::Error::BadShape`] (`self`) for an empty matrix; axis errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.argmax(Some(1)).unwrap().to_vec::<i64>().unwrap(), vec![0, 1]);
    /// ```
    pub fn argmax(&self, axis: Option<isize>) -> Result<Array> {
        self.argminmax("argmax", axis, true)
    }

    /// SciPy's `A.argmin(axis)`.
    ///
    /// # Errors
    /// As [`Sparse::argmax`].
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.argmin(Some(1)).unwrap().to_vec::<i64>().unwrap(), vec![1, 0]);
    /// ```
    pub fn argmin(&self, axis: Option<isize>) -> Result<Array> {
        self.argminmax("argmin", axis, false)
    }

    fn argminmax(&self, op: &'static str, axis: Option<isize>, is_max: bool) -> Result<Array> {
        let ax = self.axis_of(op, axis)?;
        let (m, n) = self.shape2();
        if m == 0 || n == 0 {
            return Err(SparseError::bad_shape(
                op,
                "self",
                &[m, n],
                "a matrix with no zero-length axis",
            ));
        }
        if self.dtype().kind() == DTypeKind::Complex {
            return Err(SparseError::DType {
                op,
                dtype: self.dtype().name().into(),
            });
        }
        let dev = self.device();
        let better = |a: f64, b: f64| if is_max { a > b } else { a < b };
        // (values, minor indices) of each slice of a canonical compressed matrix → first best
        let slices = |c: &Compressed| -> Result<Vec<i64>> {
            let data = cast(&c.data, DType::Float64)?.to_vec::<f64>()?;
            let ind = cast(&c.indices, DType::Int64)?.to_vec::<i64>()?;
            let ptr = cast(&c.indptr, DType::Int64)?.to_vec::<i64>()?;
            let line = c.shape.1 as i64;
            Ok((0..c.shape.0)
                .map(|i| {
                    let (s, e) = (ptr[i] as usize, ptr[i + 1] as usize);
                    if s == e {
                        return 0;
                    }
                    let mut am = s;
                    for k in s..e {
                        if better(data[k], data[am]) {
                            am = k;
                        }
                    }
                    let mv = data[am];
                    if better(mv, 0.0) || (e - s) as i64 == line {
                        return ind[am];
                    }
                    // first implicit zero
                    let mut zero = 0i64;
                    for &j in &ind[s..e] {
                        if j == zero {
                            zero += 1;
                        } else {
                            break;
                        }
                    }
                    if mv == 0.0 { ind[am].min(zero) } else { zero }
                })
                .collect())
        };
        match ax {
            None => {
                // the flattened matrix as one slice of length m*n
                let coo = self.canonical_coo()?;
                let flat = cuprum_core::add(
                    &cuprum_core::multiply(&cast(&coo.row, DType::Int64)?, n as i64)?,
                    &cast(&coo.col, DType::Int64)?,
                )?;
                let nnz = flat.size();
                let c = Compressed {
                    data: coo.data,
                    indices: flat,
                    indptr: Array::from_vec_on(vec![0i64, nnz as i64], &[2], dev)?,
                    shape: (1, m * n),
                    canonical: true,
                };
                let r = slices(&c)?;
                Ok(Array::from_vec_on(r, (), dev)?)
            }
            Some(ax) => {
                let c = if ax == 1 {
                    self.canonical_csr()?
                } else {
                    self.canonical_csc()?
                };
                let r = slices(&c)?;
                let len = r.len();
                self.shape_reduced(Array::from_vec_on(r, &[len], dev)?, ax)
            }
        }
    }

    // ------------------------------------------------------------ structure

    /// SciPy's `A.diagonal(k)`: the `k`-th diagonal as a dense 1-D array (duplicates added).
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(3, 4, 1, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.diagonal(1).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 1.0, 1.0]);
    /// ```
    pub fn diagonal(&self, k: i64) -> Result<Array> {
        let (m, n) = self.shape2();
        let dev = self.device();
        let (m, n) = (m as i64, n as i64);
        let len = if k >= 0 { m.min(n - k) } else { (m + k).min(n) }.max(0) as usize;
        let out = util::zeros(len, self.dtype(), dev)?;
        let coo = self.canonical_coo()?;
        if len == 0 || coo.data.size() == 0 {
            return Ok(out);
        }
        let r = cast(&coo.row, DType::Int64)?;
        let c = cast(&coo.col, DType::Int64)?;
        let on = cuprum_core::equal(&cuprum_core::subtract(&c, &r)?, k)?;
        let pos = util::select(&on, if k >= 0 { &r } else { &c })?;
        let vals = util::select(&on, &coo.data)?;
        if pos.size() > 0 {
            cuprum_core::put(&out, &pos, &vals, cuprum_core::IndexMode::Raise)?;
        }
        Ok(out)
    }

    /// SciPy's `A.setdiag(values, k)` without mutation: a new CSR matrix whose first
    /// `len(values)` entries of diagonal `k` are set (a 0-d `values` sets the whole diagonal).
    ///
    /// # Errors
    /// [`cuprum_core::Error::BadArgument`] (`k`) when `k` lies outside the matrix.
    ///
    /// ```
    /// use cuprum_core::Array;
    /// let a = cuprum_sparse::csr_matrix((2, 2), None).unwrap();
    /// let v = Array::from_vec(vec![5.0f64, 6.0], &[2]).unwrap();
    /// let b = a.setdiag(&v, 0).unwrap();
    /// assert_eq!(b.toarray().unwrap().to_vec::<f64>().unwrap(), vec![5.0, 0.0, 0.0, 6.0]);
    /// ```
    pub fn setdiag(&self, values: &Array, k: i64) -> Result<Sparse> {
        const OP: &str = "setdiag";
        let (m, n) = self.shape2();
        let (mi, ni) = (m as i64, n as i64);
        if (k >= 0 && k >= ni) || (k < 0 && -k >= mi) {
            return Err(SparseError::bad_argument(
                OP,
                "k",
                k,
                format!("-{m} < k < {n} for a ({m}, {n}) matrix"),
            ));
        }
        let full = if k >= 0 {
            mi.min(ni - k)
        } else {
            (mi + k).min(ni)
        } as usize;
        let len = if values.ndim() == 0 {
            full
        } else {
            values.size().min(full)
        };
        let dev = self.device();
        let i = util::arange(len, DType::Int64, dev)?;
        let rows = cuprum_core::add(&i, (-k).max(0))?;
        let cols = cuprum_core::add(&i, k.max(0))?;
        let vals = if values.ndim() == 0 {
            cuprum_core::broadcast_arrays(&[values, &i])?
                .remove(0)
                .copy()?
        } else {
            values.ravel()?.slice(&[cuprum_core::SliceItem::Slice {
                start: Some(0),
                stop: Some(len as isize),
                step: 1,
            }])?
        };
        self.set_entries(OP, &rows, &cols, &vals)
    }

    /// A new canonical CSR matrix with entries `(rows[i], cols[i])` set to `vals[i]` (the last
    /// one wins among repeated positions). Indices must be in range, int64.
    pub(crate) fn set_entries(
        &self,
        op: &'static str,
        rows: &Array,
        cols: &Array,
        vals: &Array,
    ) -> Result<Sparse> {
        let (m, n) = self.shape2();
        let coo = self.canonical_coo()?;
        // SciPy casts assigned values to the matrix's dtype
        let dt = self.dtype();
        let _ = op;
        let key_old = cuprum_core::add(
            &cuprum_core::multiply(&cast(&coo.row, DType::Int64)?, n as i64)?,
            &cast(&coo.col, DType::Int64)?,
        )?;
        let key_new = cuprum_core::add(&cuprum_core::multiply(rows, n as i64)?, cols)?;
        let keys = util::concat(&[&key_old, &key_new])?;
        let data = util::concat(&[&coo.data, &cast(vals, dt)?])?;
        let order = cuprum_core::argsort(&keys, None)?;
        let sk = util::take(&keys, &order)?;
        let sd = util::take(&data, &order)?;
        let total = sk.size();
        // keep the last of every run of equal keys
        let keep = if total <= 1 {
            cuprum_core::ones_on(&[total], DType::Bool, self.device())?
        } else {
            let a = sk.slice(&[cuprum_core::SliceItem::Slice {
                start: Some(0),
                stop: Some(total as isize - 1),
                step: 1,
            }])?;
            let b = sk.slice(&[cuprum_core::SliceItem::Slice {
                start: Some(1),
                stop: None,
                step: 1,
            }])?;
            let ne = cuprum_core::not_equal(&a, &b)?;
            util::concat(&[
                &ne,
                &cuprum_core::ones_on(&[1], DType::Bool, self.device())?,
            ])?
        };
        let k = util::select(&keep, &sk)?;
        let d = util::select(&keep, &sd)?;
        let it = util::idx_dtype(k.size(), &[m, n]);
        let it = util::wider(it, coo.row.dtype());
        let row = cast(&cuprum_core::floor_divide(&k, (n as i64).max(1))?, it)?;
        let col = cast(&cuprum_core::remainder(&k, (n as i64).max(1))?, it)?;
        let indptr = util::indptr_from_sorted(&row, m, it)?;
        let out = Sparse {
            repr: Repr::Csr(Compressed {
                data: d,
                indices: col,
                indptr,
                shape: (m, n),
                canonical: true,
            }),
            flavour: self.flavour,
            ndim: self.ndim,
        };
        if matches!(self.format(), Format::Csr) {
            Ok(out)
        } else {
            out.asformat(self.format())
        }
    }

    /// SciPy's `tril(A, k)`: entries on and below diagonal `k` (canonical CSR, or the input's
    /// format for CSC/COO).
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(3, 3, 1, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.tril(0).unwrap().nnz(), 0);
    /// ```
    pub fn tril(&self, k: i64) -> Result<Sparse> {
        self.triangle(k, true)
    }

    /// SciPy's `triu(A, k)`: entries on and above diagonal `k`.
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(3, 3, 1, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.triu(0).unwrap().nnz(), 2);
    /// ```
    pub fn triu(&self, k: i64) -> Result<Sparse> {
        self.triangle(k, false)
    }

    fn triangle(&self, k: i64, lower: bool) -> Result<Sparse> {
        let coo = self.canonical_coo()?;
        let (m, _) = coo.shape;
        let d = cuprum_core::subtract(
            &cast(&coo.col, DType::Int64)?,
            &cast(&coo.row, DType::Int64)?,
        )?;
        let keep = if lower {
            cuprum_core::less_equal(&d, k)?
        } else {
            cuprum_core::greater_equal(&d, k)?
        };
        let row = util::select(&keep, &coo.row)?;
        let c = Compressed {
            indptr: util::indptr_from_sorted(&row, m, coo.row.dtype())?,
            data: util::select(&keep, &coo.data)?,
            indices: util::select(&keep, &coo.col)?,
            shape: coo.shape,
            canonical: true,
        };
        let out = csr_like(self, c);
        match self.format() {
            Format::Csr | Format::Dia => Ok(out),
            f => out.asformat(f),
        }
    }

    /// SciPy's `A.getrow(i)`: row `i` as a `(1, n)` CSR matrix (negative `i` counts from the
    /// end).
    ///
    /// # Errors
    /// [`SparseError::IndexOutOfBounds`] for a row outside the matrix.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(3, 3, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.getrow(1).unwrap().toarray().unwrap().to_vec::<f64>().unwrap(), vec![0.0, 1.0, 0.0]);
    /// ```
    pub fn getrow(&self, i: i64) -> Result<Sparse> {
        let (m, _) = self.shape2();
        let i = crate::index::norm_index("getrow", i, 0, m)?;
        let sel = Array::from_vec_on(vec![i as i64], &[1], self.device())?;
        let c = crate::index::select_major(&self.csr_parts()?, &sel)?;
        Ok(Sparse {
            repr: Repr::Csr(c),
            flavour: self.flavour,
            ndim: 2,
        })
    }

    /// SciPy's `A.getcol(j)`: column `j` as an `(m, 1)` CSC matrix.
    ///
    /// # Errors
    /// [`SparseError::IndexOutOfBounds`] for a column outside the matrix.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(3, 3, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.getcol(2).unwrap().toarray().unwrap().to_vec::<f64>().unwrap(), vec![0.0, 0.0, 1.0]);
    /// ```
    pub fn getcol(&self, j: i64) -> Result<Sparse> {
        let (_, n) = self.shape2();
        let j = crate::index::norm_index("getcol", j, 1, n)?;
        let sel = Array::from_vec_on(vec![j as i64], &[1], self.device())?;
        let c = crate::index::select_major(&self.canonical_csc()?, &sel)?;
        Ok(Sparse {
            repr: Repr::Csc(c),
            flavour: self.flavour,
            ndim: 2,
        })
    }

    /// A comparison with a scalar as a sparse bool matrix (`A > 0`, `A != 2.5`, ...). Where
    /// the comparison is true for zero, every implicit zero becomes a stored `true`.
    ///
    /// # Errors
    /// Dtype errors of the core comparison.
    ///
    /// ```
    /// use cuprum_sparse::SparseBinOp;
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.cmp_scalar(SparseBinOp::Gt, 0.5f64).unwrap().nnz(), 2);
    /// ```
    pub fn cmp_scalar(&self, op: SparseBinOp, s: impl Into<Scalar>) -> Result<Sparse> {
        let s: Scalar = s.into();
        use cuprum_core as c;
        let f = |x: &Array| -> Result<Array> {
            Ok(match op {
                SparseBinOp::Ne => c::not_equal(x, s)?,
                SparseBinOp::Eq => c::equal(x, s)?,
                SparseBinOp::Lt => c::less(x, s)?,
                SparseBinOp::Gt => c::greater(x, s)?,
                SparseBinOp::Le => c::less_equal(x, s)?,
                SparseBinOp::Ge => c::greater_equal(x, s)?,
                _ => {
                    return Err(SparseError::bad_argument(
                        "cmp_scalar",
                        "op",
                        format!("{op:?}"),
                        "a comparison (Ne, Eq, Lt, Gt, Le or Ge)",
                    ));
                }
            })
        };
        let zero = cuprum_core::zeros_on((), self.dtype(), cuprum_core::Device::Cpu)?;
        if f(&zero)?.item()?.as_bool() {
            let d = f(&self.toarray()?)?;
            return Sparse::build_like_dense(self, &d);
        }
        let s2 = self.sum_duplicates()?.tocsr()?;
        let d = f(s2.data())?;
        let c = match &s2.repr {
            Repr::Csr(c) => drop_zeros(&Compressed {
                data: d,
                ..c.clone()
            })?,
            _ => unreachable!("tocsr gives CSR"),
        };
        Ok(csr_like(self, c))
    }

    /// `A + dense`: the dense sum (NumPy broadcasting).
    ///
    /// # Errors
    /// Broadcast errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// let d = cuprum_core::Array::from_vec(vec![1.0f64; 4], &[2, 2]).unwrap();
    /// assert_eq!(a.add_dense(&d).unwrap().to_vec::<f64>().unwrap(), vec![2.0, 1.0, 1.0, 2.0]);
    /// ```
    pub fn add_dense(&self, d: &Array) -> Result<Array> {
        Ok(cuprum_core::add(&self.toarray()?, d)?)
    }
}
