//! [`SparseError`]: cuprum-sparse's one structured error type.

/// Result alias used across cuprum-sparse.
pub type Result<T, E = SparseError> = std::result::Result<T, E>;

cuprum_core::feature_error_impls!(
    /// `?` on a sparse result inside a function returning `cuprum_core::Result`: a
    /// [`SparseError::Core`] unwraps to the core error it holds, every other variant travels as
    /// [`cuprum_core::Error::Feature`] (get it back with `e.feature::<SparseError>()`).
    ///
    /// # Example
    /// ```
    /// use cuprum_sparse::SparseError;
    /// let e: cuprum_core::Error =
    ///     SparseError::InvalidFormat { op: "csr_matrix", detail: "indptr must be non-decreasing".into() }.into();
    /// assert!(e.to_string().contains("indptr"));
    /// assert!(e.feature::<SparseError>().is_some());
    /// ```
    SparseError
);

/// Everything that can go wrong in a sparse-matrix operation. Each variant names the operation
/// and the values involved.
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum SparseError {
    /// An error from cuprum-core (shapes, dtypes, devices, memory, CUDA).
    #[error(transparent)]
    Core(#[from] cuprum_core::Error),
    /// Two operands' shapes do not fit the operation.
    #[error("{op}: inconsistent shapes {a:?} and {b:?}")]
    ShapeMismatch {
        /// operation name, e.g. `"csr_matrix.__add__"`
        op: &'static str,
        /// the first operand's shape
        a: (usize, usize),
        /// the second operand's shape
        b: (usize, usize),
    },
    /// A shape argument is not valid (e.g. a vector where a matrix is needed).
    #[error("{op}: invalid shape {shape:?}: {detail}")]
    InvalidShape {
        /// operation name
        op: &'static str,
        /// the offending shape
        shape: Vec<usize>,
        /// what is wrong
        detail: String,
    },
    /// An index is outside `[-size, size)` along an axis.
    #[error("{op}: index {index} is out of bounds for axis {axis} with size {size}")]
    IndexOutOfBounds {
        /// operation name
        op: &'static str,
        /// the offending index
        index: i64,
        /// the axis (0 rows, 1 columns)
        axis: usize,
        /// the axis length
        size: usize,
    },
    /// The arrays given for a format are inconsistent (indptr length, index dtypes, ...).
    #[error("{op}: invalid sparse format: {detail}")]
    InvalidFormat {
        /// operation name
        op: &'static str,
        /// what is wrong
        detail: String,
    },
    /// A failure that only words describe: an eigensolver that does not converge, a NaN or
    /// an infinity met mid-iteration. An argument the operation refuses is a
    /// [`SparseError::Core`] holding [`cuprum_core::Error::BadArgument`],
    /// [`OutOfDomain`](cuprum_core::Error::OutOfDomain) or
    /// [`BadShape`](cuprum_core::Error::BadShape) (see [`SparseError::bad_argument`] and its
    /// siblings).
    #[error("{op}: invalid value: {detail}")]
    InvalidValue {
        /// operation name
        op: &'static str,
        /// what is wrong
        detail: String,
    },
    /// The operation does not support this dtype.
    #[error("{op}: dtype {dtype} is not supported")]
    DType {
        /// operation name
        op: &'static str,
        /// the dtype's NumPy name
        dtype: String,
    },
    /// The operation is not available for this format/flavour/device.
    #[error("{op}: not supported: {detail}")]
    NotSupported {
        /// operation name
        op: &'static str,
        /// what is not supported
        detail: String,
    },
    /// A factorization or direct solve met a singular matrix.
    #[error("{op}: matrix is exactly singular{detail}")]
    SingularMatrix {
        /// operation name
        op: &'static str,
        /// e.g. `" (zero pivot in column 3)"` or empty
        detail: String,
    },
    /// A matrix file could not be read or parsed.
    #[error("{path}:{line}: {detail}")]
    Io {
        /// the file path
        path: String,
        /// 1-based line number (0 when not tied to a line)
        line: usize,
        /// what is wrong
        detail: String,
    },
}

impl SparseError {
    /// [`cuprum_core::Error::BadArgument`] inside [`SparseError::Core`]: an argument value the
    /// operation does not accept (an unknown format name, `k` outside the matrix).
    ///
    /// # Example
    /// ```
    /// use cuprum_sparse::SparseError;
    /// let e = SparseError::bad_argument("asformat", "format", "'bsr'", "'csr', 'csc', 'coo' or 'dia'");
    /// assert!(matches!(e, SparseError::Core(cuprum_core::Error::BadArgument { arg: "format", .. })));
    /// assert_eq!(e.conformance_class(), "invalid_value");
    /// ```
    pub fn bad_argument(
        op: &'static str,
        arg: &'static str,
        value: impl std::fmt::Display,
        expected: impl Into<String>,
    ) -> Self {
        SparseError::Core(cuprum_core::Error::bad_argument(op, arg, value, expected))
    }

    /// [`cuprum_core::Error::OutOfDomain`] inside [`SparseError::Core`]: a number outside
    /// the domain the operation is defined on (a density outside `[0, 1]`, a negative
    /// tolerance).
    pub fn out_of_domain(
        op: &'static str,
        arg: &'static str,
        value: impl std::fmt::Display,
        domain: impl Into<String>,
    ) -> Self {
        SparseError::Core(cuprum_core::Error::out_of_domain(op, arg, value, domain))
    }

    /// [`cuprum_core::Error::BadShape`] inside [`SparseError::Core`]: one argument whose shape
    /// the operation does not accept (a graph that is not square).
    pub fn bad_shape(
        op: &'static str,
        arg: &'static str,
        shape: &[usize],
        expected: impl Into<String>,
    ) -> Self {
        SparseError::Core(cuprum_core::Error::bad_shape(op, arg, shape, expected))
    }

    /// Shorthand for [`SparseError::InvalidShape`].
    pub(crate) fn invalid_shape(
        op: &'static str,
        shape: &[usize],
        detail: impl Into<String>,
    ) -> Self {
        SparseError::InvalidShape {
            op,
            shape: shape.to_vec(),
            detail: detail.into(),
        }
    }

    /// Shorthand for [`SparseError::InvalidFormat`].
    pub(crate) fn invalid_format(op: &'static str, detail: impl Into<String>) -> Self {
        SparseError::InvalidFormat {
            op,
            detail: detail.into(),
        }
    }

    /// [`cuprum_core::Error::DeviceMismatch`] inside [`SparseError::Core`].
    pub(crate) fn device_mismatch(
        op: &'static str,
        lhs: cuprum_core::Device,
        rhs: cuprum_core::Device,
    ) -> Self {
        SparseError::Core(cuprum_core::Error::DeviceMismatch { op, lhs, rhs })
    }

    /// The error of a right-hand side `b` (shape `b`) that is not 1-D or 2-D with `rows` rows,
    /// for a matrix of shape `a`: [`SparseError::InvalidShape`] naming `b`'s own shape, so a
    /// 1-D `b` of 999 elements reads `[999]`, not a `(999, 1)` column it never was.
    pub(crate) fn rhs_shape(op: &'static str, a: (usize, usize), rows: usize, b: &[usize]) -> Self {
        SparseError::invalid_shape(
            op,
            b,
            format!(
                "the right-hand side must be 1-D or 2-D with {rows} rows, for a matrix of shape ({}, {})",
                a.0, a.1
            ),
        )
    }

    /// The conformance corpus' error class for this error (`shape_mismatch`,
    /// `index_out_of_bounds`, `invalid_value`, `dtype`, `singular_matrix`, ... or `other`).
    ///
    /// ```
    /// use cuprum_sparse::SparseError;
    /// let e = SparseError::ShapeMismatch { op: "add", a: (2, 3), b: (3, 2) };
    /// assert_eq!(e.conformance_class(), "shape_mismatch");
    /// ```
    pub fn conformance_class(&self) -> &'static str {
        match self {
            SparseError::ShapeMismatch { .. } | SparseError::InvalidShape { .. } => {
                "shape_mismatch"
            }
            SparseError::IndexOutOfBounds { .. } => "index_out_of_bounds",
            SparseError::InvalidFormat { .. } | SparseError::InvalidValue { .. } => "invalid_value",
            SparseError::DType { .. } => "dtype",
            SparseError::SingularMatrix { .. } => "singular_matrix",
            SparseError::NotSupported { .. } | SparseError::Io { .. } => "other",
            SparseError::Core(e) => cuprum_core::ext::core_error_class(e),
        }
    }
}
