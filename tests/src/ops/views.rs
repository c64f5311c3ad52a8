//! Dispatch arms for views and basic indexing (areas `indexing` and `broadcasting`):
//! `getitem`/`setitem` with basic index expressions, `reshape`, `transpose`, `moveaxis`,
//! `swapaxes`, `squeeze`, `expand_dims`, `ravel`, `broadcast_to`, `broadcast_arrays`.

use super::{OpResult, one};
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::Array;
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
        "reshape" => reshape(cx),
        "transpose" => transpose(cx),
        "moveaxis" => moveaxis(cx),
        "swapaxes" => swapaxes(cx),
        "squeeze" => squeeze(cx),
        "expand_dims" => expand_dims(cx),
        "ravel" => (|| -> OpResult {
            cx.only_kwargs(&[])?;
            one(cx.array(0)?.ravel())
        })(),
        "broadcast_to" => broadcast_to(cx),
        "broadcast_arrays" => broadcast_arrays(cx),
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

fn reshape(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["shape", "newshape"])?;
    let shape = match cx.kw_ints("shape")? {
        Some(s) => s,
        None => cx
            .kw_ints("newshape")?
            .ok_or_else(|| CaseError::harness("reshape needs shape"))?,
    };
    let shape: Vec<isize> = shape.into_iter().map(|x| x as isize).collect();
    one(cx.array(0)?.reshape(&shape))
}

fn transpose(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["axes"])?;
    let a = cx.array(0)?;
    match cx.kw_ints("axes")? {
        None => one(a.transpose()),
        Some(axes) => {
            let axes: Vec<isize> = axes.into_iter().map(|x| x as isize).collect();
            one(a.permute_dims(&axes))
        }
    }
}

fn moveaxis(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["source", "destination"])?;
    let get = |k: &str| -> Result<Vec<isize>, CaseError> {
        Ok(cx
            .kw_ints(k)?
            .ok_or_else(|| CaseError::harness(format!("moveaxis needs {k}")))?
            .into_iter()
            .map(|x| x as isize)
            .collect())
    };
    one(cx.array(0)?.moveaxis(&get("source")?, &get("destination")?))
}

fn swapaxes(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["axis1", "axis2"])?;
    let a1 = cx
        .kw_i64("axis1")?
        .ok_or_else(|| CaseError::harness("needs axis1"))?;
    let a2 = cx
        .kw_i64("axis2")?
        .ok_or_else(|| CaseError::harness("needs axis2"))?;
    one(cx.array(0)?.swapaxes(a1 as isize, a2 as isize))
}

fn squeeze(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["axis"])?;
    let axes: Option<Vec<isize>> = cx
        .kw_ints("axis")?
        .map(|v| v.into_iter().map(|x| x as isize).collect());
    one(cx.array(0)?.squeeze(axes.as_deref()))
}

fn expand_dims(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["axis"])?;
    let axes = cx
        .kw_ints("axis")?
        .ok_or_else(|| CaseError::harness("expand_dims needs axis"))?;
    let axes: Vec<isize> = axes.into_iter().map(|x| x as isize).collect();
    one(cx.array(0)?.expand_dims_axes(&axes))
}

fn broadcast_to(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["shape"])?;
    let shape = cx
        .kw_shape("shape")?
        .ok_or_else(|| CaseError::harness("broadcast_to needs shape"))?;
    one(cx.array(0)?.broadcast_to(&shape))
}

fn broadcast_arrays(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&[])?;
    let arrays: Vec<&Array> = cx.arrays()?;
    Ok(cuprum::broadcast_arrays(&arrays)?)
}
