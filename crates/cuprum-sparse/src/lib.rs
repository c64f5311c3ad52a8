//! # cuprum-sparse
//!
//! cuprum's sparse matrices (CSR/CSC/COO/DIA) on cuSPARSE and the CPU (`cupyx.scipy.sparse`,
//! `scipy.sparse`).
//!
//! Depends only on `cuprum-core` (its user API and `cuprum_core::ext`) and outside libraries;
//! re-exported by the `cuprum` facade.
#![warn(missing_docs)]

pub mod error;
pub(crate) mod kernels;
pub mod linalg;
pub mod parts;

pub use error::{Result, SparseError};
