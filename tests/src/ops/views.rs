//! Dispatch arms for basic indexing (area `indexing`): `getitem`/`setitem` with basic index
//! expressions (the view functions, `reshape`, `transpose`, ..., run through the registry).

use super::{OpResult, one};
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::index::SliceItem;

/// Runs `op` when it is a view/indexing op; `None` when it is not in this table.
/// `getitem`/`setitem` with index arrays (`@k`) are left to `manip.rs`.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let advanced = cx
        .kw_str("index")
        .ok()
        .flatten()
        .is_some_and(|e| e.contains('@'));
    Some(match op {
        "getitem" | "setitem" if advanced => return None,
        "getitem" => getitem(cx),
        "setitem" => setitem(cx),
        _ => return None,
    })
}

/// Parses a basic index expression of the README's language (no `@k` index arrays).
fn basic_index(cx: &CaseCx<'_>) -> Result<Vec<SliceItem>, CaseError> {
    let expr = cx
        .kw_str("index")?
        .ok_or_else(|| CaseError::harness("getitem/setitem needs index"))?;
    Ok(SliceItem::parse_expr(expr)?)
}

fn getitem(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["index"])?;
    let items = basic_index(cx)?;
    one(cx.array(0)?.slice(&items))
}

fn setitem(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["index"])?;
    let items = basic_index(cx)?;
    let b = cx.array(0)?.copy()?;
    let value = cx.array(1)?;
    b.slice(&items)?.assign(value)?;
    Ok(vec![b])
}
