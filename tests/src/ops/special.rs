//! The `special` area: `scipy.special.*` cases through [`cuprum::scipy::special`].

use super::OpResult;
use crate::cx::CaseCx;

/// Runs a `special.*` case; `None` for an op this table does not know.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let _ = cx;
    let _name = op.strip_prefix("special.")?;
    None
}
