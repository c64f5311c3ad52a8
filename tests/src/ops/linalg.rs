//! Dispatch arms for the SciPy part of the `linalg` area, through `cuprum::linalg::scipy`
//! (`scipy.linalg.solve_triangular`, `lu_solve`); NumPy's `linalg.*` runs through the
//! registry. Factorizations whose `check` is `recompose` are verified by [`crate::recompose`].

use super::OpResult;
use crate::CaseError;
use crate::classify::{Classification, Classify, ErrorClass};
use crate::cx::CaseCx;
use cuprum::linalg::{LinalgError, scipy};

impl Classify for LinalgError {
    fn classify(&self) -> Classification {
        match ErrorClass::from_name(self.conformance_class()) {
            Some(c) => Classification::Class(c),
            None => Classification::Other,
        }
    }
}

fn trans_of(cx: &CaseCx<'_>) -> Result<scipy::Trans, CaseError> {
    Ok(match cx.kw_i64("trans")? {
        None | Some(0) => scipy::Trans::N,
        Some(1) => scipy::Trans::T,
        Some(2) => scipy::Trans::C,
        Some(t) => return Err(CaseError::harness(format!("trans {t}"))),
    })
}

/// Runs `op` when it is a `linalg.*` or `scipy.linalg.*` op; `None` otherwise.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    if !op.starts_with("scipy.linalg.") {
        return None;
    }
    Some(run(op, cx))
}

fn run(op: &str, cx: &CaseCx<'_>) -> OpResult {
    let b = |k: &str, d: bool| cx.kw_bool(k).map(|v| v.unwrap_or(d));
    let a = cx.array(0)?;
    let known: &[&str] = match op {
        "scipy.linalg.solve_triangular" => &["trans", "lower", "unit_diagonal"],
        "scipy.linalg.lu_solve" => &["trans"],
        _ => &[],
    };
    cx.only_kwargs(known)?;
    Ok(match op {
        "scipy.linalg.solve_triangular" => vec![scipy::solve_triangular(
            a,
            cx.array(1)?,
            trans_of(cx)?,
            b("lower", false)?,
            b("unit_diagonal", false)?,
        )?],
        "scipy.linalg.lu_solve" => {
            let (lu, piv) = scipy::lu_factor(a)?;
            vec![scipy::lu_solve(&lu, &piv, cx.array(1)?, trans_of(cx)?)?]
        }
        o => return Err(CaseError::unsupported(format!("no linalg arm for {o}"))),
    })
}
