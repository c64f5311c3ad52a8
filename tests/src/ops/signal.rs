//! The `signal` area: `scipy.signal.*` cases through [`cuprum::scipy::signal`].

use super::OpResult;
use crate::cx::CaseCx;

/// Runs a `signal.*` case; `None` for an op this table does not know.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let _ = cx;
    let _name = op.strip_prefix("signal.")?;
    None
}
