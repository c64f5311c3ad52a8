//! Dispatch arms for the `linalg` area, through `cuprum::linalg` (NumPy's `linalg.*`) and
//! `cuprum::linalg::scipy` (`scipy.linalg.solve_triangular`, `lu_solve`). Factorizations whose
//! `check` is `recompose` are verified by [`crate::recompose`].

use super::OpResult;
use crate::CaseError;
use crate::classify::{Classification, Classify, ErrorClass};
use crate::cx::CaseCx;
use cuprum::linalg::{self as la, LinalgError, NormOrd, QrMode, scipy};
use serde_json::Value;

impl Classify for LinalgError {
    fn classify(&self) -> Classification {
        match ErrorClass::from_name(self.conformance_class()) {
            Some(c) => Classification::Class(c),
            None => Classification::Other,
        }
    }
}

fn ord_of(cx: &CaseCx<'_>, k: &str) -> Result<Option<NormOrd>, CaseError> {
    Ok(match cx.kw(k) {
        None => None,
        Some(Value::String(s)) => Some(match s.as_str() {
            "inf" => NormOrd::P(f64::INFINITY),
            "-inf" => NormOrd::P(f64::NEG_INFINITY),
            "fro" => NormOrd::Fro,
            "nuc" => NormOrd::Nuc,
            o => return Err(CaseError::harness(format!("norm order {o:?}"))),
        }),
        Some(Value::Number(n)) => Some(NormOrd::P(n.as_f64().unwrap_or(f64::NAN))),
        Some(o) => return Err(CaseError::harness(format!("norm order {o}"))),
    })
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
    if !(op.starts_with("linalg.") || op.starts_with("scipy.linalg.")) {
        return None;
    }
    Some(run(op, cx))
}

fn run(op: &str, cx: &CaseCx<'_>) -> OpResult {
    let b = |k: &str, d: bool| cx.kw_bool(k).map(|v| v.unwrap_or(d));
    let uplo = || -> Result<la::Uplo, CaseError> {
        Ok(la::Uplo::parse(cx.kw_str("UPLO")?.unwrap_or("L"))?)
    };
    let a = cx.array(0)?;
    let known: &[&str] = match op {
        "linalg.eigh" | "linalg.eigvalsh" => &["UPLO"],
        "linalg.svd" => &["full_matrices", "compute_uv"],
        "linalg.qr" => &["mode"],
        "linalg.cholesky" => &["upper"],
        "linalg.lstsq" | "linalg.pinv" => &["rcond"],
        "linalg.matrix_rank" => &["tol"],
        "linalg.norm" => &["ord", "axis", "keepdims"],
        "linalg.cond" => &["p"],
        "linalg.matrix_power" => &["n"],
        "scipy.linalg.solve_triangular" => &["trans", "lower", "unit_diagonal"],
        "scipy.linalg.lu_solve" => &["trans"],
        _ => &[],
    };
    cx.only_kwargs(known)?;
    Ok(match op {
        "linalg.inv" => vec![la::inv(a)?],
        "linalg.solve" => vec![la::solve(a, cx.array(1)?)?],
        "linalg.det" => vec![la::det(a)?],
        "linalg.slogdet" => {
            let (s, l) = la::slogdet(a)?;
            vec![s, l]
        }
        "linalg.eigh" => {
            let (w, v) = la::eigh(a, uplo()?)?;
            vec![w, v]
        }
        "linalg.eigvalsh" => vec![la::eigvalsh(a, uplo()?)?],
        "linalg.eig" => {
            let (w, v) = la::eig(a)?;
            vec![w, v]
        }
        "linalg.eigvals" => vec![la::eigvals(a)?],
        "linalg.svd" => {
            let r = la::svd(a, b("full_matrices", true)?, b("compute_uv", true)?)?;
            match (r.u, r.vh) {
                (Some(u), Some(vh)) => vec![u, r.s, vh],
                _ => vec![r.s],
            }
        }
        "linalg.qr" => {
            let mode = match cx.kw_str("mode")?.unwrap_or("reduced") {
                "reduced" => QrMode::Reduced,
                "complete" => QrMode::Complete,
                "r" => QrMode::R,
                m => return Err(CaseError::unsupported(format!("qr mode {m:?}"))),
            };
            let r = la::qr(a, mode)?;
            match r.q {
                Some(q) => vec![q, r.r],
                None => vec![r.r],
            }
        }
        "linalg.cholesky" => {
            let u = if b("upper", false)? {
                la::Uplo::Upper
            } else {
                la::Uplo::Lower
            };
            vec![la::cholesky(a, u)?]
        }
        "linalg.lstsq" => {
            let r = la::lstsq(a, cx.array(1)?, cx.kw_f64("rcond")?)?;
            vec![r.x, r.residuals, r.rank, r.s]
        }
        "linalg.pinv" => vec![la::pinv(a, cx.kw_f64("rcond")?)?],
        "linalg.matrix_rank" => vec![la::matrix_rank(a, cx.kw_f64("tol")?)?],
        "linalg.norm" => {
            let axis: Option<Vec<isize>> = match cx.kw("axis") {
                None => None,
                Some(v) if v.is_array() => Some(
                    cx.kw_ints("axis")?
                        .unwrap_or_default()
                        .into_iter()
                        .map(|x| x as isize)
                        .collect(),
                ),
                Some(_) => cx.kw_i64("axis")?.map(|x| vec![x as isize]),
            };
            vec![la::norm(
                a,
                ord_of(cx, "ord")?,
                axis.as_deref(),
                b("keepdims", false)?,
            )?]
        }
        "linalg.cond" => vec![la::cond(a, ord_of(cx, "p")?)?],
        "linalg.matrix_power" => {
            let n = cx
                .kw_i64("n")?
                .ok_or_else(|| CaseError::harness("matrix_power needs n"))?;
            vec![la::matrix_power(a, n)?]
        }
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
