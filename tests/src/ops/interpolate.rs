//! The `interpolate` area: `scipy.interpolate.*` cases through [`cuprum::scipy::interpolate`].

use super::OpResult;
use crate::cx::CaseCx;

/// Runs a `interpolate.*` case; `None` for an op this table does not know.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let _ = cx;
    let _name = op.strip_prefix("interpolate.")?;
    None
}
