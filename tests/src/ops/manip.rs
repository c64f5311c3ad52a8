//! Dispatch arms for the rest of the `indexing` area: advanced `getitem`/`setitem` (index
//! arrays `@k`), `take`, `take_along_axis`, `nonzero`, and joining/splitting/padding/diagonal
//! ops (`concatenate`, `stack`, `vstack`, `hstack`, `split`, `tile`, `repeat`, `flip`, `roll`,
//! `pad`, `diag`, `diagonal`, `tril`, `triu`).

use super::{OpResult, one};
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::Array;
use cuprum::indexing::{IndexItem, IndexMode};
use cuprum::manip::{self, PadMode, Sections};

/// Runs `op` when it is in this table; `None` otherwise. `getitem`/`setitem` reach this table
/// only for expressions with index arrays (the basic ones are handled in `views.rs`).
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    Some(match op {
        "getitem" => getitem(cx),
        "setitem" => setitem(cx),
        "take" => take(cx),
        "take_along_axis" => (|| -> OpResult {
            cx.only_kwargs(&["axis"])?;
            let axis = cx
                .kw_i64("axis")?
                .ok_or_else(|| CaseError::harness("needs axis"))?;
            one(cuprum::indexing::take_along_axis(
                cx.array(0)?,
                cx.array(1)?,
                axis as isize,
            ))
        })(),
        "nonzero" => (|| -> OpResult {
            cx.only_kwargs(&[])?;
            Ok(cuprum::indexing::nonzero(cx.array(0)?)?)
        })(),
        "concatenate" | "stack" | "vstack" | "hstack" => join(op, cx),
        "split" => split(cx),
        "tile" => (|| -> OpResult {
            cx.only_kwargs(&["reps"])?;
            let reps = cx
                .kw_shape("reps")?
                .ok_or_else(|| CaseError::harness("needs reps"))?;
            one(manip::tile(cx.array(0)?, &reps))
        })(),
        "repeat" => repeat(cx),
        "flip" => (|| -> OpResult {
            cx.only_kwargs(&["axis"])?;
            let axes = isizes(cx.kw_ints("axis")?);
            one(manip::flip(cx.array(0)?, axes.as_deref()))
        })(),
        "roll" => (|| -> OpResult {
            cx.only_kwargs(&["shift", "axis"])?;
            let shift =
                isizes(cx.kw_ints("shift")?).ok_or_else(|| CaseError::harness("needs shift"))?;
            let axes = isizes(cx.kw_ints("axis")?);
            one(manip::roll(cx.array(0)?, &shift, axes.as_deref()))
        })(),
        "pad" => pad(cx),
        "diag" => (|| -> OpResult {
            cx.only_kwargs(&["k"])?;
            one(manip::diag(
                cx.array(0)?,
                cx.kw_i64("k")?.unwrap_or(0) as isize,
            ))
        })(),
        "diagonal" => (|| -> OpResult {
            cx.only_kwargs(&["offset", "axis1", "axis2"])?;
            let offset = cx.kw_i64("offset")?.unwrap_or(0) as isize;
            let a1 = cx.kw_i64("axis1")?.unwrap_or(0) as isize;
            let a2 = cx.kw_i64("axis2")?.unwrap_or(1) as isize;
            one(manip::diagonal(cx.array(0)?, offset, a1, a2))
        })(),
        "tril" | "triu" => (|| -> OpResult {
            cx.only_kwargs(&["k"])?;
            let k = cx.kw_i64("k")?.unwrap_or(0) as isize;
            if op == "tril" {
                one(manip::tril(cx.array(0)?, k))
            } else {
                one(manip::triu(cx.array(0)?, k))
            }
        })(),
        _ => return None,
    })
}

fn isizes(v: Option<Vec<i64>>) -> Option<Vec<isize>> {
    v.map(|v| v.into_iter().map(|x| x as isize).collect())
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

fn take(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["axis", "mode"])?;
    let axis = cx.kw_i64("axis")?.map(|a| a as isize);
    let mode = match cx.kw_str("mode")? {
        None | Some("raise") => IndexMode::Raise,
        Some("wrap") => IndexMode::Wrap,
        Some("clip") => IndexMode::Clip,
        Some(m) => return Err(CaseError::harness(format!("unknown take mode {m:?}"))),
    };
    one(cuprum::indexing::take(
        cx.array(0)?,
        cx.array(1)?,
        axis,
        mode,
    ))
}

fn join(op: &str, cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["axis"])?;
    let arrays = cx.arrays()?;
    let axis = cx.kw_i64("axis")?.unwrap_or(0) as isize;
    match op {
        "concatenate" => one(manip::concatenate(&arrays, axis)),
        "stack" => one(manip::stack(&arrays, axis)),
        "vstack" => one(manip::vstack(&arrays)),
        _ => one(manip::hstack(&arrays)),
    }
}

fn split(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["indices_or_sections", "axis"])?;
    let axis = cx.kw_i64("axis")?.unwrap_or(0) as isize;
    let s: Sections = match cx.kw("indices_or_sections") {
        Some(serde_json::Value::Array(_)) => {
            Sections::from(isizes(cx.kw_ints("indices_or_sections")?).unwrap_or_default())
        }
        _ => Sections::from(
            cx.kw_usize("indices_or_sections")?
                .ok_or_else(|| CaseError::harness("split needs indices_or_sections"))?,
        ),
    };
    Ok(manip::split(cx.array(0)?, s, axis)?)
}

fn repeat(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["repeats", "axis"])?;
    let axis = cx.kw_i64("axis")?.map(|a| a as isize);
    let repeats: Vec<i64> = if cx.n_inputs() > 1 {
        let r = cx.array(1)?.astype(cuprum::DType::Int64)?;
        r.to_vec::<i64>()?
    } else {
        cx.kw_ints("repeats")?
            .ok_or_else(|| CaseError::harness("repeat needs repeats"))?
    };
    one(manip::repeat(cx.array(0)?, &repeats, axis))
}

fn pad(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["pad_width", "mode", "constant_values"])?;
    let pw = cx
        .kw("pad_width")
        .ok_or_else(|| CaseError::harness("pad needs pad_width"))?;
    let pair = |v: &serde_json::Value| -> Option<(usize, usize)> {
        match v {
            serde_json::Value::Array(p) if p.len() == 2 => {
                Some((p[0].as_u64()? as usize, p[1].as_u64()? as usize))
            }
            serde_json::Value::Array(p) if p.len() == 1 => {
                let n = p[0].as_u64()? as usize;
                Some((n, n))
            }
            _ => v.as_u64().map(|n| (n as usize, n as usize)),
        }
    };
    let widths: Vec<(usize, usize)> = match pw {
        serde_json::Value::Array(items) if items.iter().all(|x| x.is_array()) => items
            .iter()
            .map(pair)
            .collect::<Option<_>>()
            .ok_or_else(|| CaseError::harness(format!("bad pad_width {pw}")))?,
        other => {
            vec![pair(other).ok_or_else(|| CaseError::harness(format!("bad pad_width {pw}")))?]
        }
    };
    let mode = match cx.kw_str("mode")?.unwrap_or("constant") {
        "constant" => PadMode::Constant(
            cx.kw_scalar("constant_values")?
                .unwrap_or(cuprum::Scalar::Int(0)),
        ),
        "edge" => PadMode::Edge,
        "reflect" => PadMode::Reflect,
        "symmetric" => PadMode::Symmetric,
        m => return Err(CaseError::unsupported(format!("pad mode {m:?}"))),
    };
    one(manip::pad(cx.array(0)?, &widths, mode))
}
