//! cuFFT: plans (`raw`), the per-device plan cache ([`PlanCache`], [`plan_cache`]) and the
//! executor that runs a transform on the current stream.
//!
//! cuFFT is loaded at run time through cudarc; a machine without it gets
//! [`Error::LibraryNotFound`](cuprum_core::Error::LibraryNotFound) naming `libcufft` when a
//! transform of a CUDA array is asked for, never a panic.

mod cache;
pub(crate) mod exec;
pub(crate) mod raw;

pub use cache::{CacheInfo, DEFAULT_CACHE_SIZE, PlanCache, plan_cache};

use crate::spec::Spec;
use cuprum_core::{Array, Result};

/// Runs `spec` on the CUDA array `a` with plans from device `ordinal`'s cache.
pub(crate) fn execute(a: &Array, spec: &Spec, ordinal: usize) -> Result<Array> {
    exec::execute_with(a, spec, ordinal, &cache::cached_plan)
}
