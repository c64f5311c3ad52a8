//! The dispatch table: op name -> a closure over cuprum's API.
//!
//! [`registry`] first: cuprum's own table of NumPy functions by name
//! ([`cuprum::registry`]), which runs any case of a function it lists. Then one file per
//! family of ops, one match arm per op, for what needs more than a call. A file's `dispatch` returns `None` for an
//! op it does not know; [`dispatch`] asks each file in turn, and an op no file knows is
//! *skipped* (never passed). To add an area: write `ops/<area>.rs` with a `dispatch` function,
//! add it to the chain below, and (if its crate has its own error type) an
//! `impl Classify for ThatError` in [`crate::classify`].

pub mod compat;
pub mod interpolate;
pub mod io;
pub mod kernel;
pub mod linalg;
pub mod manip;
pub mod ndimage;
pub mod random;
pub mod registry;
pub mod routines;
pub mod signal;
pub mod sparse;
pub mod views;

use crate::classify::CaseError;
use crate::cx::CaseCx;
use cuprum::Array;

/// The outputs of an op, in NumPy's return order, or why there are none.
pub type OpResult = Result<Vec<Array>, CaseError>;

/// Runs `op`; `None` when no table knows it.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    // compat first: its corpus encodes Python booleans as one-element arrays, and it knows a
    // few `scipy.linalg.*` names that linalg's table would claim; then the registry (every
    // NumPy function cuprum has, by name); then the family tables for ops that need more than
    // a call
    compat::dispatch(op, cx)
        .or_else(|| registry::dispatch(op, cx))
        .or_else(|| views::dispatch(op, cx))
        .or_else(|| io::dispatch(op, cx))
        .or_else(|| manip::dispatch(op, cx))
        .or_else(|| random::dispatch(op, cx))
        .or_else(|| linalg::dispatch(op, cx))
        .or_else(|| sparse::dispatch(op, cx))
        .or_else(|| kernel::dispatch(op, cx))
        .or_else(|| routines::dispatch(op, cx))
        .or_else(|| signal::dispatch(op, cx))
        .or_else(|| ndimage::dispatch(op, cx))
        .or_else(|| interpolate::dispatch(op, cx))
}

/// Wraps a single-output result.
pub(crate) fn one<E: Into<CaseError>>(r: Result<Array, E>) -> OpResult {
    r.map(|a| vec![a]).map_err(Into::into)
}
