//! # cuprum-memory
//!
//! cuprum's a caching device memory pool, pinned host memory and fast transfers.
//!
//! Depends only on `cuprum-core` and outside libraries; re-exported by the `cuprum` facade.
#![warn(missing_docs)]
