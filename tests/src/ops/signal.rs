//! The `signal` area's one op whose corpus encoding differs from SciPy's result:
//! `signal.find_peaks`, whose case compares the peak indices only (SciPy returns them with a
//! dict of the peaks' properties). It runs through [`cuprum::registry`] too, keeping the first
//! output; every other `signal.*` case runs through the registry directly
//! ([`super::registry`]).

use super::OpResult;
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::registry::{self, Value};

/// Runs a `signal.find_peaks` case; `None` for any other op.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    (op == "signal.find_peaks").then(|| find_peaks(cx))
}

fn find_peaks(cx: &CaseCx<'_>) -> OpResult {
    let call = super::registry::to_call(cx)?;
    match registry::call("signal.find_peaks", &call)?
        .into_iter()
        .next()
    {
        Some(Value::Array(peaks)) => Ok(vec![peaks]),
        other => Err(CaseError::harness(format!(
            "signal.find_peaks returned {other:?}, not the peak indices"
        ))),
    }
}
