//! # cuprum-sparse
//!
//! cuprum's sparse matrices (CSR/CSC/COO) on cuSPARSE and the CPU (cupyx.scipy.sparse).
//!
//! Depends only on `cuprum-core` and outside libraries; re-exported by the `cuprum` facade.
#![warn(missing_docs)]
