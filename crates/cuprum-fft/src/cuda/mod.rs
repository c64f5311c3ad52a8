//! cuFFT (placeholder while the CUDA part is written).
use crate::spec::Spec;
use cuprum_core::{Array, Error, Result};

/// stub
pub struct Plan;
/// stub
pub struct PlanCache;
/// stub
pub struct CacheInfo;
/// stub
pub fn plan_cache(_o: usize) -> Result<PlanCache> {
    Err(Error::unsupported("plan_cache", "todo"))
}
pub(crate) fn execute(_a: &Array, spec: &Spec, _o: usize) -> Result<Array> {
    Err(Error::unsupported(spec.op, "todo"))
}
