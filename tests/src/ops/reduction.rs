//! Dispatch arms for the `reduction` area: `sum`, `prod`, `mean`, `var`, `std`, `max`/`amax`,
//! `min`/`amin`, `argmax`, `argmin`, `all`, `any`, `ptp`, `count_nonzero`, the `nan*` forms,
//! `cumsum` and `cumprod`, with `axis`, `keepdims`, `dtype`, `ddof` and `initial` (through
//! `reduce_initial`, for the sums, products, maxima and minima).

use super::{OpResult, one};
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::reduce::{self, Axes, ReduceOp, ScanOp};

/// Runs `op` when it is a reduction; `None` when it is not in this table.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    use ReduceOp::*;
    let r = match op {
        "sum" => Sum,
        "prod" => Prod,
        "nansum" => NanSum,
        "nanprod" => NanProd,
        "mean" => Mean,
        "nanmean" => NanMean,
        "var" => Var,
        "nanvar" => NanVar,
        "std" => Std,
        "nanstd" => NanStd,
        "max" | "amax" => Max,
        "min" | "amin" => Min,
        "nanmax" => NanMax,
        "nanmin" => NanMin,
        "argmax" => ArgMax,
        "argmin" => ArgMin,
        "nanargmax" => NanArgMax,
        "nanargmin" => NanArgMin,
        "all" => All,
        "any" => Any,
        "count_nonzero" => CountNonzero,
        "ptp" => Ptp,
        "cumsum" => return Some(scan(ScanOp::CumSum, cx)),
        "cumprod" => return Some(scan(ScanOp::CumProd, cx)),
        _ => return None,
    };
    Some(reduction(r, cx))
}

/// NumPy's `axis`: absent/`null` is all axes, an integer one axis, a list several.
fn axes(cx: &CaseCx<'_>) -> Result<Axes, CaseError> {
    Ok(match cx.kw("axis") {
        None => Axes::All,
        Some(v) if v.is_array() => Axes::Many(
            cx.kw_ints("axis")?
                .unwrap_or_default()
                .into_iter()
                .map(|x| x as isize)
                .collect(),
        ),
        Some(_) => Axes::One(cx.kw_i64("axis")?.unwrap_or(0) as isize),
    })
}

fn reduction(op: ReduceOp, cx: &CaseCx<'_>) -> OpResult {
    let takes_dtype = matches!(
        op,
        ReduceOp::Sum | ReduceOp::Prod | ReduceOp::NanSum | ReduceOp::NanProd | ReduceOp::Mean
    ) || matches!(op, ReduceOp::NanMean);
    let takes_ddof = matches!(
        op,
        ReduceOp::Var | ReduceOp::Std | ReduceOp::NanVar | ReduceOp::NanStd
    );
    let takes_initial = matches!(
        op,
        ReduceOp::Sum
            | ReduceOp::Prod
            | ReduceOp::NanSum
            | ReduceOp::NanProd
            | ReduceOp::Max
            | ReduceOp::Min
            | ReduceOp::NanMax
            | ReduceOp::NanMin
    );
    let mut known = vec!["axis", "keepdims"];
    if takes_initial {
        known.push("initial");
    }
    if takes_dtype {
        known.push("dtype");
    }
    if takes_ddof {
        known.push("ddof");
    }
    cx.only_kwargs(&known)?;
    let keepdims = cx.kw_bool("keepdims")?.unwrap_or(false);
    let dtype = if takes_dtype {
        cx.kw_dtype("dtype")?
    } else {
        None
    };
    let ddof = if takes_ddof {
        cx.kw_f64("ddof")?.unwrap_or(0.0)
    } else {
        0.0
    };
    if takes_initial && let Some(init) = cx.kw_f64("initial")? {
        return one(reduce::reduce_initial(
            op,
            cx.array(0)?,
            axes(cx)?,
            keepdims,
            dtype,
            init,
        ));
    }
    one(reduce::reduce(
        op,
        cx.array(0)?,
        axes(cx)?,
        keepdims,
        dtype,
        ddof,
    ))
}

fn scan(op: ScanOp, cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["axis", "dtype"])?;
    let axis = cx.kw_i64("axis")?.map(|a| a as isize);
    one(reduce::scan(op, cx.array(0)?, axis, cx.kw_dtype("dtype")?))
}
