//! Mapping errors onto the README's error classes.
//!
//! Each crate's error type implements [`Classify`] here (the trait is local, so the impls for
//! foreign error types live in this crate: add one `impl Classify for cuprum::linalg::Error`
//! next to the area's dispatch file when that area lands). Any type implementing [`Classify`]
//! and `Display` converts into a [`CaseError`] with `?` inside a dispatch arm.

use std::fmt;

/// The README's error classes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ErrorClass {
    /// `broadcast`
    Broadcast,
    /// `shape_mismatch`
    ShapeMismatch,
    /// `index_out_of_bounds`
    IndexOutOfBounds,
    /// `invalid_index`
    InvalidIndex,
    /// `axis_out_of_bounds`
    AxisOutOfBounds,
    /// `singular_matrix`
    SingularMatrix,
    /// `not_positive_definite`
    NotPositiveDefinite,
    /// `invalid_value`
    InvalidValue,
    /// `dtype`
    DType,
    /// `overflow`
    Overflow,
    /// `compile_error` (user kernel source that does not compile)
    CompileError,
    /// `invalid_argument` (a user kernel called with the wrong arguments)
    InvalidArgument,
}

impl ErrorClass {
    /// Every class.
    pub const ALL: [ErrorClass; 12] = [
        ErrorClass::Broadcast,
        ErrorClass::ShapeMismatch,
        ErrorClass::IndexOutOfBounds,
        ErrorClass::InvalidIndex,
        ErrorClass::AxisOutOfBounds,
        ErrorClass::SingularMatrix,
        ErrorClass::NotPositiveDefinite,
        ErrorClass::InvalidValue,
        ErrorClass::DType,
        ErrorClass::Overflow,
        ErrorClass::CompileError,
        ErrorClass::InvalidArgument,
    ];

    /// The README's name of the class.
    pub fn name(self) -> &'static str {
        match self {
            ErrorClass::Broadcast => "broadcast",
            ErrorClass::ShapeMismatch => "shape_mismatch",
            ErrorClass::IndexOutOfBounds => "index_out_of_bounds",
            ErrorClass::InvalidIndex => "invalid_index",
            ErrorClass::AxisOutOfBounds => "axis_out_of_bounds",
            ErrorClass::SingularMatrix => "singular_matrix",
            ErrorClass::NotPositiveDefinite => "not_positive_definite",
            ErrorClass::InvalidValue => "invalid_value",
            ErrorClass::DType => "dtype",
            ErrorClass::Overflow => "overflow",
            ErrorClass::CompileError => "compile_error",
            ErrorClass::InvalidArgument => "invalid_argument",
        }
    }

    /// Parses the README's name.
    pub fn from_name(s: &str) -> Option<ErrorClass> {
        ErrorClass::ALL.into_iter().find(|c| c.name() == s)
    }
}

impl fmt::Display for ErrorClass {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What an error means to the harness.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Classification {
    /// one of the README's classes
    Class(ErrorClass),
    /// the operation (or this argument combination, or this device) is not implemented:
    /// the case is skipped, never passed
    Unsupported,
    /// an error that is none of the README's classes (CUDA failure, out of memory, ...)
    Other,
}

/// An error type whose variants the harness can map onto [`Classification`].
pub trait Classify: fmt::Display {
    /// The class of this error.
    fn classify(&self) -> Classification;
}

impl Classify for cuprum::Error {
    fn classify(&self) -> Classification {
        use Classification::{Class, Other, Unsupported};
        use cuprum::Error as E;
        match self {
            E::Broadcast { .. } => Class(ErrorClass::Broadcast),
            E::ShapeMismatch { .. } => Class(ErrorClass::ShapeMismatch),
            E::IndexOutOfBounds { .. } => Class(ErrorClass::IndexOutOfBounds),
            E::InvalidIndex { .. } => Class(ErrorClass::InvalidIndex),
            E::AxisOutOfBounds { .. } => Class(ErrorClass::AxisOutOfBounds),
            // NumPy: ValueError "array is too big"
            E::InvalidValue { .. }
            | E::BadArgument { .. }
            | E::OutOfDomain { .. }
            | E::BadShape { .. }
            | E::TooBig { .. } => Class(ErrorClass::InvalidValue),
            E::DType { .. } => Class(ErrorClass::DType),
            E::Overflow { .. } => Class(ErrorClass::Overflow),
            E::Unsupported { .. } => Unsupported,
            // a linalg error that travelled through a `cuprum::Result` (the registry's)
            E::Feature(_) => self
                .feature::<cuprum::linalg::LinalgError>()
                .map_or(Other, Classify::classify),
            _ => Other,
        }
    }
}

/// Why an operation produced no result.
#[derive(Clone, Debug, PartialEq)]
pub enum CaseError {
    /// The operation returned an error; `class` is its classification.
    Op {
        /// what the harness made of it
        class: Classification,
        /// the error's `Display` text
        message: String,
    },
    /// The harness could not run the case (missing kwarg, unreadable file, ...): a failure.
    Harness(String),
}

impl CaseError {
    /// A harness-side problem.
    pub fn harness(msg: impl Into<String>) -> CaseError {
        CaseError::Harness(msg.into())
    }

    /// An unsupported operation or argument combination (the case is skipped).
    pub fn unsupported(msg: impl Into<String>) -> CaseError {
        CaseError::Op {
            class: Classification::Unsupported,
            message: msg.into(),
        }
    }

    /// An error that only has a `Display` text, classified by the given class (for crates
    /// whose error type has no [`Classify`] impl yet).
    pub fn classified(class: Classification, message: impl fmt::Display) -> CaseError {
        CaseError::Op {
            class,
            message: message.to_string(),
        }
    }
}

impl<E: Classify> From<E> for CaseError {
    fn from(e: E) -> CaseError {
        CaseError::Op {
            class: e.classify(),
            message: e.to_string(),
        }
    }
}

impl fmt::Display for CaseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CaseError::Op { class, message } => match class {
                Classification::Class(c) => write!(f, "error [{c}]: {message}"),
                Classification::Unsupported => write!(f, "unsupported: {message}"),
                Classification::Other => write!(f, "error [unclassified]: {message}"),
            },
            CaseError::Harness(m) => write!(f, "harness: {m}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn core_errors_map_to_readme_classes() {
        let e = cuprum::Error::Broadcast {
            op: "add",
            lhs: vec![2],
            rhs: vec![3],
        };
        assert_eq!(e.classify(), Classification::Class(ErrorClass::Broadcast));
        let e = cuprum::Error::AxisOutOfBounds {
            op: "take",
            axis: -3,
            ndim: 2,
        };
        assert_eq!(
            e.classify(),
            Classification::Class(ErrorClass::AxisOutOfBounds)
        );
        let e = cuprum::Error::unsupported("sort", "not yet");
        let ce = CaseError::from(e);
        assert!(matches!(
            ce,
            CaseError::Op {
                class: Classification::Unsupported,
                ..
            }
        ));
        assert!(ce.to_string().starts_with("unsupported: sort"));
        for c in ErrorClass::ALL {
            assert_eq!(ErrorClass::from_name(c.name()), Some(c));
        }
    }
}
