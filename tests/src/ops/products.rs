//! Dispatch arms for the `matmul` area: `matmul`, `dot`, `vdot`, `inner`, `outer`,
//! `tensordot` (`axes` an integer or a pair of lists), `kron` and `einsum` (`subscripts`).

use super::{OpResult, one};
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::products::{self, TensorAxes};

/// Runs `op` when it is a product; `None` when it is not in this table.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let two = |f: fn(&cuprum::Array, &cuprum::Array) -> cuprum::Result<cuprum::Array>| {
        cx.only_kwargs(&[])?;
        one(f(cx.array(0)?, cx.array(1)?))
    };
    Some(match op {
        "matmul" => two(products::matmul),
        "dot" => two(products::dot),
        "vdot" => two(products::vdot),
        "inner" => two(products::inner),
        "outer" => two(products::outer),
        "kron" => two(products::kron),
        "tensordot" => tensordot(cx),
        "einsum" => einsum(cx),
        _ => return None,
    })
}

fn tensordot(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["axes"])?;
    let axes = match cx.kw("axes") {
        None => TensorAxes::Last(2),
        Some(serde_json::Value::Array(pair)) if pair.len() == 2 => {
            let list = |v: &serde_json::Value| -> Result<Vec<isize>, CaseError> {
                match v {
                    serde_json::Value::Array(xs) => xs
                        .iter()
                        .map(|x| {
                            x.as_i64()
                                .map(|i| i as isize)
                                .ok_or_else(|| CaseError::harness(format!("tensordot axis {x}")))
                        })
                        .collect(),
                    x => x
                        .as_i64()
                        .map(|i| vec![i as isize])
                        .ok_or_else(|| CaseError::harness(format!("tensordot axes {x}"))),
                }
            };
            TensorAxes::Pairs(list(&pair[0])?, list(&pair[1])?)
        }
        Some(_) => TensorAxes::Last(cx.kw_usize("axes")?.unwrap_or(2)),
    };
    one(products::tensordot(cx.array(0)?, cx.array(1)?, axes))
}

fn einsum(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["subscripts"])?;
    let subs = cx
        .kw_str("subscripts")?
        .ok_or_else(|| CaseError::harness("einsum needs subscripts"))?;
    one(products::einsum(subs, &cx.arrays()?))
}
