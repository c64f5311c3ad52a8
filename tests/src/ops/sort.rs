//! Dispatch arms for the `sort` area: `sort`, `argsort` (cuprum's sorts are all stable, so
//! every `kind` gives NumPy's stable order), `unique` (with `return_index`, `return_inverse`,
//! `return_counts`), `searchsorted` (`side`, an optional `sorter` input) and `partition`
//! (`kth`, `axis`).

use super::{OpResult, one};
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::sort::{self, Side};

/// Runs `op` when it is in the sort area; `None` when it is not in this table.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    Some(match op {
        "sort" => sort_like(cx, false),
        "argsort" => sort_like(cx, true),
        "unique" => unique(cx),
        "searchsorted" => searchsorted(cx),
        "partition" => partition(cx),
        _ => return None,
    })
}

/// NumPy's `axis` for sort-like functions: absent is the last axis, `null` the flattened array.
fn axis(cx: &CaseCx<'_>) -> Result<Option<isize>, CaseError> {
    Ok(match cx.case.kwargs.get("axis") {
        None => Some(-1),
        Some(v) if v.is_null() => None,
        Some(_) => cx.kw_i64("axis")?.map(|a| a as isize),
    })
}

fn sort_like(cx: &CaseCx<'_>, arg: bool) -> OpResult {
    cx.only_kwargs(&["axis", "kind"])?;
    match cx.kw_str("kind")? {
        None | Some("stable" | "mergesort" | "quicksort" | "heapsort") => {}
        Some(k) => return Err(CaseError::unsupported(format!("sort kind {k:?}"))),
    }
    let a = cx.array(0)?;
    if arg {
        one(sort::argsort(a, axis(cx)?))
    } else {
        one(sort::sort(a, axis(cx)?))
    }
}

fn unique(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["return_index", "return_inverse", "return_counts"])?;
    let flag = |k| cx.kw_bool(k).map(|b| b.unwrap_or(false));
    let (ri, rv, rc) = (
        flag("return_index")?,
        flag("return_inverse")?,
        flag("return_counts")?,
    );
    let u = sort::unique_all(cx.array(0)?, ri, rv, rc)?;
    // NumPy's return order: values, index, inverse, counts (each only when asked for)
    Ok(std::iter::once(Some(u.values))
        .chain([u.indices, u.inverse, u.counts])
        .flatten()
        .collect())
}

fn searchsorted(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["side"])?;
    let side = match cx.kw_str("side")? {
        None | Some("left") => Side::Left,
        Some("right") => Side::Right,
        Some(s) => return Err(CaseError::harness(format!("searchsorted side {s:?}"))),
    };
    let sorter = if cx.n_inputs() > 2 {
        Some(cx.array(2)?)
    } else {
        None
    };
    one(sort::searchsorted(cx.array(0)?, cx.array(1)?, side, sorter))
}

fn partition(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["kth", "axis"])?;
    let kth: Vec<isize> = match cx.kw("kth") {
        Some(v) if v.is_array() => cx
            .kw_ints("kth")?
            .unwrap_or_default()
            .into_iter()
            .map(|k| k as isize)
            .collect(),
        Some(_) => vec![cx.kw_i64("kth")?.unwrap_or(0) as isize],
        None => return Err(CaseError::harness("partition needs kth")),
    };
    one(sort::partition(cx.array(0)?, &kth, axis(cx)?))
}
