//! [`LinalgError`]: cuprum-linalg's one structured error type.

/// Result alias used across cuprum-linalg.
pub type Result<T, E = LinalgError> = std::result::Result<T, E>;

cuprum_core::feature_error_impls!(
    /// `?` on a linalg result inside a function returning `cuprum::Result` (cuprum-core's): a
    /// [`LinalgError::Core`] unwraps to the core error it holds, every other variant travels as
    /// [`cuprum_core::Error::Feature`] (get it back with `e.feature::<LinalgError>()`).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// fn inverse(a: &Array) -> cuprum_core::Result<Array> {
    ///     Ok(cuprum_linalg::inv(a)?)
    /// }
    /// let singular = Array::from_vec_on(vec![1.0f64, 2.0, 2.0, 4.0], &[2, 2], Device::Cpu).unwrap();
    /// let e = inverse(&singular).unwrap_err();
    /// assert!(e.to_string().contains("singular matrix"));
    /// assert!(matches!(
    ///     e.feature::<cuprum_linalg::LinalgError>(),
    ///     Some(cuprum_linalg::LinalgError::SingularMatrix { .. })
    /// ));
    /// ```
    LinalgError
);

/// Everything that can go wrong in a linear-algebra routine. Each variant names the operation
/// and the values involved.
///
/// [`LinalgError::conformance_class`] maps a variant onto the error classes of the NumPy
/// conformance corpus (`singular_matrix`, `not_positive_definite`, `shape_mismatch`, ...).
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum LinalgError {
    /// An error from cuprum-core (shapes, dtypes, devices, memory, CUDA).
    #[error(transparent)]
    Core(#[from] cuprum_core::Error),
    /// An LU factorization met an exactly zero pivot: the matrix is singular.
    #[error("{op}: singular matrix: the LU pivot U[{pivot}, {pivot}] is exactly zero{batch_note}")]
    SingularMatrix {
        /// operation name, e.g. `"inv"`
        op: &'static str,
        /// 0-based index of the zero pivot (LAPACK's `info - 1`)
        pivot: usize,
        /// `" (matrix i of the batch)"` or empty
        batch_note: String,
    },
    /// A Cholesky factorization met a non-positive leading minor.
    #[error(
        "{op}: matrix is not positive definite: the leading minor of order {order} is not positive (failing index {index}){batch_note}",
        order = index + 1
    )]
    NotPositiveDefinite {
        /// operation name
        op: &'static str,
        /// 0-based index of the failing diagonal entry (LAPACK's `info - 1`)
        index: usize,
        /// `" (matrix i of the batch)"` or empty
        batch_note: String,
    },
    /// The input holds NaN or infinite values, which would silently corrupt a factorization.
    #[error("{op}: the input contains NaN or infinite values (first at flat index {index})")]
    NonFinite {
        /// operation name
        op: &'static str,
        /// flat C-order index of the first non-finite element
        index: usize,
    },
    /// The last two axes of the input do not form a square matrix.
    #[error("{op}: last 2 dimensions of the array must be square, got shape {shape:?}")]
    NotSquare {
        /// operation name
        op: &'static str,
        /// the input shape
        shape: Vec<usize>,
    },
    /// The input has fewer dimensions than the operation needs.
    #[error("{op}: {ndim}-dimensional array given; the array must be at least {min}-dimensional")]
    TooFewDims {
        /// operation name
        op: &'static str,
        /// the input's ndim
        ndim: usize,
        /// the minimum ndim
        min: usize,
    },
    /// An iterative eigenvalue/SVD routine did not converge.
    #[error("{op}: {routine} did not converge")]
    NoConvergence {
        /// operation name
        op: &'static str,
        /// the routine, e.g. `"faer self_adjoint_evd"` or `"cusolverDnDgesvdj"`
        routine: &'static str,
    },
    /// A cuSOLVER / cuBLAS routine reported an illegal argument through its `info` output.
    #[error("{op}: {routine} reported an illegal value in argument {argument}")]
    IllegalArgument {
        /// operation name
        op: &'static str,
        /// the vendor routine
        routine: &'static str,
        /// 1-based argument position (LAPACK's `-info`)
        argument: i64,
    },
}

impl LinalgError {
    /// The conformance corpus' error class for this error: `singular_matrix`,
    /// `not_positive_definite`, `shape_mismatch`, `broadcast`, `axis_out_of_bounds`,
    /// `invalid_value`, `dtype`, `index_out_of_bounds`, `invalid_index`, `overflow`, or `other`.
    ///
    /// ```
    /// use cuprum_linalg::LinalgError;
    /// let e = LinalgError::NotSquare { op: "inv", shape: vec![2, 3] };
    /// assert_eq!(e.conformance_class(), "shape_mismatch");
    /// ```
    pub fn conformance_class(&self) -> &'static str {
        match self {
            LinalgError::SingularMatrix { .. } => "singular_matrix",
            LinalgError::NotPositiveDefinite { .. } => "not_positive_definite",
            LinalgError::NotSquare { .. } | LinalgError::TooFewDims { .. } => "shape_mismatch",
            LinalgError::NonFinite { .. } => "invalid_value",
            LinalgError::NoConvergence { .. } | LinalgError::IllegalArgument { .. } => "other",
            LinalgError::Core(e) => cuprum_core::ext::core_error_class(e),
        }
    }

    pub(crate) fn singular(op: &'static str, pivot: usize, batch: usize, count: usize) -> Self {
        LinalgError::SingularMatrix {
            op,
            pivot,
            batch_note: batch_note(batch, count),
        }
    }

    pub(crate) fn not_pd(op: &'static str, index: usize, batch: usize, count: usize) -> Self {
        LinalgError::NotPositiveDefinite {
            op,
            index,
            batch_note: batch_note(batch, count),
        }
    }
}

fn batch_note(batch: usize, count: usize) -> String {
    if count > 1 {
        format!(" (matrix {batch} of the batch)")
    } else {
        String::new()
    }
}
