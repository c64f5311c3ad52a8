//! # cuprum-distributed
//!
//! cuprum's collectives across GPUs and processes: NCCL for CUDA arrays, TCP for CPU arrays.
//!
//! Depends only on `cuprum-core` and outside libraries; re-exported by the `cuprum` facade.
#![warn(missing_docs)]
