//! The `ndimage` area: `scipy.ndimage.*` cases through [`cuprum::scipy::ndimage`].

use super::OpResult;
use crate::cx::CaseCx;

/// Runs a `ndimage.*` case; `None` for an op this table does not know.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let _ = cx;
    let _name = op.strip_prefix("ndimage.")?;
    None
}
