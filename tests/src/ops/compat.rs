//! Dispatch arms for the NumPy names added by `cuprum_core::routines::compat`, `polynomial`
//! and `text` (issue 23): NumPy 2's aliases (`asin`, `pow`, `concat`, `bitwise_left_shift`,
//! ...), `fabs`, `bitwise_count`, `unique_values`/`unique_counts`/`unique_inverse`, `msort`,
//! `sort_complex`, `cumulative_sum`/`cumulative_prod`, `real_if_close`, `asarray_chkfinite`,
//! `copyto`, `require`, `iscomplexobj`/`isrealobj`/`isfortran`, `shares_memory`,
//! `may_share_memory`, `polynomial.polynomial.*`, `polynomial.polyutils.*`, `fromstring`,
//! and the cupyx/SciPy names `rsqrt`, `scipy.linalg.*` special matrices and `scipy.linalg.schur`.

use super::{OpResult, one};
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::{Array, DType};

fn bool0(b: bool) -> OpResult {
    one(Array::from_vec(vec![b], [1usize]))
}

/// The NumPy names this table dispatches.
pub const NAMES: &[&str] = &[
    "asin",
    "acos",
    "atan",
    "asinh",
    "acosh",
    "atanh",
    "degrees",
    "radians",
    "deg2rad",
    "rad2deg",
    "fabs",
    "rsqrt",
    "bitwise_invert",
    "bitwise_count",
    "atan2",
    "pow",
    "bitwise_left_shift",
    "bitwise_right_shift",
    "nextafter",
    "logical_or",
    "concat",
    "unique_values",
    "unique_counts",
    "unique_inverse",
    "msort",
    "sort_complex",
    "cumulative_sum",
    "cumulative_prod",
    "real_if_close",
    "asarray_chkfinite",
    "copyto",
    "iscomplexobj",
    "isrealobj",
    "isfortran",
    "shares_memory",
    "may_share_memory",
    "polynomial.polynomial.polyval",
    "polynomial.polynomial.polyvalfromroots",
    "polynomial.polynomial.polyvander",
    "polynomial.polynomial.polycompanion",
    "polynomial.polyutils.trimseq",
    "polynomial.polyutils.trimcoef",
    "scipy.linalg.khatri_rao",
    "scipy.linalg.companion",
    "scipy.linalg.fiedler",
    "scipy.linalg.fiedler_companion",
    "scipy.linalg.leslie",
    "scipy.linalg.hilbert",
    "scipy.linalg.hadamard",
    "scipy.linalg.helmert",
    "scipy.linalg.convolution_matrix",
    "scipy.linalg.schur",
];

/// Runs `op` when it is in this table; `None` otherwise.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    if !NAMES.contains(&op) {
        return None;
    }
    Some((|| -> OpResult {
        match op {
            "asin" | "acos" | "atan" | "asinh" | "acosh" | "atanh" | "degrees" | "radians"
            | "deg2rad" | "rad2deg" | "fabs" | "rsqrt" | "bitwise_invert" | "bitwise_count"
            | "unique_values" | "msort" | "sort_complex" | "asarray_chkfinite" => {
                cx.only_kwargs(&[])?;
                let a = cx.array(0)?;
                one(match op {
                    "asin" => cuprum::asin(a),
                    "acos" => cuprum::acos(a),
                    "atan" => cuprum::atan(a),
                    "asinh" => cuprum::asinh(a),
                    "acosh" => cuprum::acosh(a),
                    "atanh" => cuprum::atanh(a),
                    "degrees" | "rad2deg" => cuprum::degrees(a),
                    "radians" | "deg2rad" => cuprum::radians(a),
                    "fabs" => cuprum::fabs(a),
                    "rsqrt" => cuprum::rsqrt(a),
                    "bitwise_invert" => cuprum::bitwise_invert(a),
                    "bitwise_count" => cuprum::bitwise_count(a),
                    "unique_values" => cuprum::unique_values(a),
                    "msort" => cuprum::msort(a),
                    "sort_complex" => cuprum::sort_complex(a),
                    _ => cuprum::asarray_chkfinite(a),
                })
            }
            "atan2"
            | "pow"
            | "bitwise_left_shift"
            | "bitwise_right_shift"
            | "nextafter"
            | "logical_or" => {
                cx.only_kwargs(&[])?;
                let (x, y) = (cx.operand(0)?, cx.operand(1)?);
                one(match op {
                    "atan2" => cuprum::atan2(x, y),
                    "pow" => cuprum::pow(x, y),
                    "bitwise_left_shift" => cuprum::bitwise_left_shift(x, y),
                    "bitwise_right_shift" => cuprum::bitwise_right_shift(x, y),
                    "nextafter" => cuprum::nextafter(x, y),
                    _ => cuprum::logical_or(x, y),
                })
            }
            "concat" => {
                cx.only_kwargs(&["axis"])?;
                let ins = cx.arrays()?;
                one(cuprum::concat(
                    &ins,
                    cx.kw_i64("axis")?.unwrap_or(0) as isize,
                ))
            }
            "unique_counts" => {
                cx.only_kwargs(&[])?;
                let (v, c) = cuprum::unique_counts(cx.array(0)?)?;
                Ok(vec![v, c])
            }
            "unique_inverse" => {
                cx.only_kwargs(&[])?;
                let (v, i) = cuprum::unique_inverse(cx.array(0)?)?;
                Ok(vec![v, i])
            }
            "cumulative_sum" | "cumulative_prod" => {
                cx.only_kwargs(&["axis", "dtype", "include_initial"])?;
                let axis = cx.kw_i64("axis")?.map(|a| a as isize);
                let dt = cx.kw_dtype("dtype")?;
                let init = cx.kw_bool("include_initial")?.unwrap_or(false);
                one(if op == "cumulative_sum" {
                    cuprum::cumulative_sum(cx.array(0)?, axis, dt, init)
                } else {
                    cuprum::cumulative_prod(cx.array(0)?, axis, dt, init)
                })
            }
            "real_if_close" => {
                cx.only_kwargs(&["tol"])?;
                one(cuprum::real_if_close(
                    cx.array(0)?,
                    cx.kw_f64("tol")?.unwrap_or(100.0),
                ))
            }
            "copyto" => {
                // In place on a copy of the destination, which is the case's output.
                cx.only_kwargs(&["casting"])?;
                let casting = match cx.kw_str("casting")?.unwrap_or("same_kind") {
                    "no" => cuprum::Casting::No,
                    "equiv" => cuprum::Casting::Equiv,
                    "safe" => cuprum::Casting::Safe,
                    "same_kind" => cuprum::Casting::SameKind,
                    "unsafe" => cuprum::Casting::Unsafe,
                    c => return Err(CaseError::harness(format!("unknown casting {c:?}"))),
                };
                let dst = cx.array(0)?.copy()?;
                let mask = if cx.n_inputs() > 2 {
                    Some(cx.array(2)?)
                } else {
                    None
                };
                cuprum::copyto(&dst, cx.array(1)?, casting, mask)?;
                Ok(vec![dst])
            }
            "iscomplexobj" => bool0(cuprum::iscomplexobj(cx.array(0)?)),
            "isrealobj" => bool0(cuprum::isrealobj(cx.array(0)?)),
            "isfortran" => bool0(cuprum::isfortran(cx.array(0)?)),
            "shares_memory" => bool0(cuprum::shares_memory(cx.array(0)?, cx.array(1)?)),
            "may_share_memory" => bool0(cuprum::may_share_memory(cx.array(0)?, cx.array(1)?)),
            "polynomial.polynomial.polyval" | "polynomial.polynomial.polyvalfromroots" => {
                cx.only_kwargs(&["tensor"])?;
                let tensor = cx.kw_bool("tensor")?.unwrap_or(true);
                let f = if op.ends_with("polyval") {
                    cuprum::polynomial::polyval_tensor
                } else {
                    cuprum::polynomial::polyvalfromroots_tensor
                };
                one(f(cx.array(0)?, cx.array(1)?, tensor))
            }
            "polynomial.polynomial.polyvander" => {
                cx.only_kwargs(&["deg"])?;
                let deg = match cx.kw_usize("deg")? {
                    Some(d) => d,
                    None => cx.scalar(1)?.as_i64().max(0) as usize,
                };
                one(cuprum::polynomial::polyvander(cx.array(0)?, deg))
            }
            "polynomial.polynomial.polycompanion" => {
                cx.only_kwargs(&[])?;
                one(cuprum::polynomial::polycompanion(cx.array(0)?))
            }
            "polynomial.polyutils.trimseq" => {
                cx.only_kwargs(&[])?;
                one(cuprum::polynomial::trimseq(cx.array(0)?))
            }
            "polynomial.polyutils.trimcoef" => {
                cx.only_kwargs(&["tol"])?;
                one(cuprum::polynomial::trimcoef(
                    cx.array(0)?,
                    cx.kw_f64("tol")?.unwrap_or(0.0),
                ))
            }
            "scipy.linalg.khatri_rao" => {
                cx.only_kwargs(&[])?;
                one(cuprum::scipy::linalg::khatri_rao(
                    cx.array(0)?,
                    cx.array(1)?,
                ))
            }
            "scipy.linalg.companion"
            | "scipy.linalg.fiedler"
            | "scipy.linalg.fiedler_companion" => {
                cx.only_kwargs(&[])?;
                let a = cx.array(0)?;
                one(match op {
                    "scipy.linalg.companion" => cuprum::scipy::linalg::companion(a),
                    "scipy.linalg.fiedler" => cuprum::scipy::linalg::fiedler(a),
                    _ => cuprum::scipy::linalg::fiedler_companion(a),
                })
            }
            "scipy.linalg.leslie" => {
                cx.only_kwargs(&[])?;
                one(cuprum::scipy::linalg::leslie(cx.array(0)?, cx.array(1)?))
            }
            "scipy.linalg.hilbert" | "scipy.linalg.hadamard" | "scipy.linalg.helmert" => {
                cx.only_kwargs(&["n", "full", "dtype"])?;
                let n = match cx.kw_usize("n")? {
                    Some(n) => n,
                    None => cx.scalar(0)?.as_i64().max(0) as usize,
                };
                one(match op {
                    "scipy.linalg.hilbert" => cuprum::scipy::linalg::hilbert(n),
                    "scipy.linalg.hadamard" => cuprum::scipy::linalg::hadamard(
                        n,
                        cx.kw_dtype("dtype")?.unwrap_or(DType::Int64),
                    ),
                    _ => cuprum::scipy::linalg::helmert(n, cx.kw_bool("full")?.unwrap_or(false)),
                })
            }
            "scipy.linalg.convolution_matrix" => {
                cx.only_kwargs(&["n", "mode"])?;
                let n = match cx.kw_usize("n")? {
                    Some(n) => n,
                    None => cx.scalar(1)?.as_i64().max(0) as usize,
                };
                let mode = cuprum::ConvolveMode::parse(cx.kw_str("mode")?.unwrap_or("full"))?;
                one(cuprum::scipy::linalg::convolution_matrix(
                    cx.array(0)?,
                    n,
                    mode,
                ))
            }
            _ => {
                // scipy.linalg.schur: (T, Z); not unique, so a case should use check
                // "recompose" or compare T's diagonal only.
                cx.only_kwargs(&["output"])?;
                let out = match cx.kw_str("output")?.unwrap_or("real") {
                    "real" => cuprum::scipy::linalg::SchurOutput::Real,
                    "complex" => cuprum::scipy::linalg::SchurOutput::Complex,
                    o => return Err(CaseError::harness(format!("unknown output {o:?}"))),
                };
                let (t, z) = cuprum::scipy::linalg::schur(cx.array(0)?, out)?;
                Ok(vec![t, z])
            }
        }
    })())
}
