//! # cuprum-linalg
//!
//! cuprum's dense linear algebra: cuSOLVER on CUDA, faer on the CPU (numpy.linalg / cupyx.scipy.linalg).
//!
//! Depends only on `cuprum-core` and outside libraries; re-exported by the `cuprum` facade.
#![warn(missing_docs)]
