//! Operator overloads on [`Sparse`]: `&a + &b`, `&a - &b`, `&a * &b`, `&a * 2.0`, `&a / 2.0`,
//! `-&a`, `&a / &b` (dense, as SciPy), `&a / &d`, `&d / &a`.
//!
//! Each operator calls the named method and panics with that method's error message when it
//! fails (`#[track_caller]`), as core's array operators do. `*` follows the flavour: for
//! `_matrix` it is the matrix product ([`Sparse::matmul_sparse`]), for `_array` the
//! elementwise product ([`Sparse::multiply`]).

use crate::sparse::{Flavour, Sparse};
use cuprum_core::{Array, Scalar};

#[track_caller]
fn unwrap(r: crate::Result<Sparse>) -> Sparse {
    match r {
        Ok(a) => a,
        Err(e) => panic!("{e}"),
    }
}

/// `&a + &b` ([`Sparse::add`]).
///
/// # Panics
/// When [`Sparse::add`] fails (different shapes, ...), with its message.
///
/// ```
/// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
/// assert_eq!((&a + &a).nnz(), 2);
/// ```
impl std::ops::Add<&Sparse> for &Sparse {
    type Output = Sparse;
    #[track_caller]
    fn add(self, rhs: &Sparse) -> Sparse {
        unwrap(Sparse::add(self, rhs))
    }
}

/// `&a - &b` ([`Sparse::sub`]).
///
/// # Panics
/// When [`Sparse::sub`] fails, with its message.
///
/// ```
/// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
/// assert_eq!((&a - &a).nnz(), 0);
/// ```
impl std::ops::Sub<&Sparse> for &Sparse {
    type Output = Sparse;
    #[track_caller]
    fn sub(self, rhs: &Sparse) -> Sparse {
        unwrap(Sparse::sub(self, rhs))
    }
}

/// `&a * &b`: the matrix product for `_matrix` operands, the elementwise product for `_array`.
///
/// # Panics
/// When the product fails (shapes), with its message.
///
/// ```
/// let a = cuprum_sparse::eye(2, 3, 0, cuprum_core::DType::Float64).unwrap();
/// let b = cuprum_sparse::eye(3, 2, 0, cuprum_core::DType::Float64).unwrap();
/// assert_eq!((&a * &b).shape2(), (2, 2));
/// ```
impl std::ops::Mul<&Sparse> for &Sparse {
    type Output = Sparse;
    #[track_caller]
    fn mul(self, rhs: &Sparse) -> Sparse {
        match self.flavour() {
            Flavour::Matrix => unwrap(self.matmul_sparse(rhs)),
            Flavour::Array => unwrap(self.multiply(rhs)),
        }
    }
}

macro_rules! scalar_ops {
    ($($t:ty),*) => {$(
        /// `&a * s` ([`Sparse::mul_scalar`]; the scalar is weak).
        ///
        /// # Panics
        /// When [`Sparse::mul_scalar`] fails, with its message.
        impl std::ops::Mul<$t> for &Sparse {
            type Output = Sparse;
            #[track_caller]
            fn mul(self, rhs: $t) -> Sparse {
                unwrap(self.mul_scalar(Scalar::from(rhs)))
            }
        }
        /// `&a / s` ([`Sparse::div_scalar`]).
        ///
        /// # Panics
        /// When [`Sparse::div_scalar`] fails, with its message.
        impl std::ops::Div<$t> for &Sparse {
            type Output = Sparse;
            #[track_caller]
            fn div(self, rhs: $t) -> Sparse {
                unwrap(self.div_scalar(Scalar::from(rhs)))
            }
        }
    )*};
}
scalar_ops!(f64, i64);

/// `-&a` ([`Sparse::neg`]).
///
/// # Panics
/// For bool data (as NumPy), with [`Sparse::neg`]'s message.
///
/// ```
/// let a = cuprum_sparse::eye(1, 1, 0, cuprum_core::DType::Float64).unwrap();
/// assert_eq!((-&a).toarray().unwrap().to_vec::<f64>().unwrap(), vec![-1.0]);
/// ```
impl std::ops::Neg for &Sparse {
    type Output = Sparse;
    #[track_caller]
    fn neg(self) -> Sparse {
        unwrap(Sparse::neg(self))
    }
}

/// `&a / &b` for two sparse matrices ([`Sparse::divide`]): SciPy's answer, a **dense** array
/// (float64 unless `a` is complex; `0 / 0` is NaN).
///
/// # Panics
/// When [`Sparse::divide`] fails (different shapes, ...), with its message.
///
/// ```
/// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
/// let q = (&a / &a).to_vec::<f64>().unwrap();
/// assert!(q[0] == 1.0 && q[1].is_nan());
/// ```
impl std::ops::Div<&Sparse> for &Sparse {
    type Output = Array;
    #[track_caller]
    fn div(self, rhs: &Sparse) -> Array {
        match self.divide(rhs) {
            Ok(p) => p.dense().expect("sparse / sparse is dense"),
            Err(e) => panic!("{e}"),
        }
    }
}

/// `&a / &d` for a dense `d` ([`Sparse::divide`]): `a.multiply(1 / d)`, sparse.
///
/// # Panics
/// When [`Sparse::divide`] fails (shapes that do not broadcast, ...), with its message.
///
/// ```
/// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
/// let d = cuprum_core::Array::from_vec(vec![2.0f64, 4.0], &[2]).unwrap();
/// assert_eq!((&a / &d).toarray().unwrap().to_vec::<f64>().unwrap(), vec![0.5, 0.0, 0.0, 0.25]);
/// ```
impl std::ops::Div<&Array> for &Sparse {
    type Output = Sparse;
    #[track_caller]
    fn div(self, rhs: &Array) -> Sparse {
        match self.divide(rhs) {
            Ok(p) => p.sparse().expect("sparse / dense is sparse"),
            Err(e) => panic!("{e}"),
        }
    }
}

/// `&d / &a` for a dense `d` ([`Sparse::rdivide_dense`]): dense.
///
/// # Panics
/// When [`Sparse::rdivide_dense`] fails, with its message.
///
/// ```
/// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
/// let d = cuprum_core::Array::from_vec(vec![2.0f64, 4.0], &[2]).unwrap();
/// let q = (&d / &a).to_vec::<f64>().unwrap();
/// assert!(q[0] == 2.0 && q[1].is_infinite());
/// ```
impl std::ops::Div<&Sparse> for &Array {
    type Output = Array;
    #[track_caller]
    fn div(self, rhs: &Sparse) -> Array {
        match rhs.rdivide_dense(self) {
            Ok(a) => a,
            Err(e) => panic!("{e}"),
        }
    }
}
