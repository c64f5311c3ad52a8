//! Dispatch arms for advanced `getitem`/`setitem` (index arrays `@k`; area `indexing`). The
//! indexing routines, joining, splitting and padding (`take`, `concatenate`, `split`, `pad`,
//! ...) run through the registry.

use super::{OpResult, one};
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::Array;
use cuprum::indexing::IndexItem;

/// Runs `op` when it is in this table; `None` otherwise. `getitem`/`setitem` reach this table
/// only for expressions with index arrays (the basic ones are handled in `views.rs`).
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    Some(match op {
        "getitem" => getitem(cx),
        "setitem" => setitem(cx),
        _ => return None,
    })
}

/// The index items of a case with index arrays: the arrays are the inputs from `first` on.
fn advanced_index(cx: &CaseCx<'_>, first: usize) -> Result<Vec<IndexItem>, CaseError> {
    let expr = cx
        .kw_str("index")?
        .ok_or_else(|| CaseError::harness("getitem/setitem needs index"))?;
    let arrays: Vec<Array> = (first..cx.n_inputs())
        .map(|i| cx.array(i).cloned())
        .collect::<Result<_, _>>()?;
    Ok(IndexItem::parse_expr(expr, &arrays)?)
}

fn getitem(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["index"])?;
    let items = advanced_index(cx, 1)?;
    one(cx.array(0)?.getitem(&items))
}

fn setitem(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["index"])?;
    let items = advanced_index(cx, 2)?;
    let b = cx.array(0)?.copy()?;
    b.setitem(&items, cx.array(1)?)?;
    Ok(vec![b])
}
