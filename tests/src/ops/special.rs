//! The `special` area: `scipy.special.*` cases through [`cuprum::scipy::special`].

use super::OpResult;
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::reduce::Axes;
use cuprum::scipy::special as sp;
use serde_json::Value;

/// Runs a `special.*` case; `None` for an op this table does not know.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let name = op.strip_prefix("special.")?;
    run(name, cx)
}

/// The `axis` keyword: absent or `null` is every axis, an integer one axis, a list several.
fn axis(cx: &CaseCx<'_>) -> Result<Axes, CaseError> {
    Ok(match cx.kw("axis") {
        None | Some(Value::Null) => Axes::All,
        Some(Value::Number(n)) => Axes::One(
            n.as_i64()
                .ok_or_else(|| CaseError::harness(format!("axis {n}")))? as isize,
        ),
        Some(Value::Array(v)) => Axes::Many(
            v.iter()
                .map(|x| {
                    x.as_i64()
                        .map(|i| i as isize)
                        .ok_or_else(|| CaseError::harness(format!("axis {x}")))
                })
                .collect::<Result<_, _>>()?,
        ),
        Some(o) => return Err(CaseError::harness(format!("axis {o}"))),
    })
}

macro_rules! unary {
    ($cx:ident, $name:ident, [$($f:ident),*]) => {
        match $name {
            $(stringify!($f) => Some((|| -> OpResult {
                $cx.only_kwargs(&[])?;
                Ok(vec![sp::$f($cx.array(0)?)?])
            })()),)*
            _ => None,
        }
    };
}

macro_rules! binary {
    ($cx:ident, $name:ident, [$($f:ident),*]) => {
        match $name {
            $(stringify!($f) => Some((|| -> OpResult {
                $cx.only_kwargs(&[])?;
                Ok(vec![sp::$f($cx.operand(0)?, $cx.operand(1)?)?])
            })()),)*
            _ => None,
        }
    };
}

macro_rules! ternary {
    ($cx:ident, $name:ident, [$($f:ident),*]) => {
        match $name {
            $(stringify!($f) => Some((|| -> OpResult {
                $cx.only_kwargs(&[])?;
                Ok(vec![sp::$f($cx.operand(0)?, $cx.operand(1)?, $cx.operand(2)?)?])
            })()),)*
            _ => None,
        }
    };
}

fn run(name: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    let r = unary!(
        cx,
        name,
        [
            erf, erfc, erfinv, erfcinv, ndtr, ndtri, gamma, gammaln, loggamma, gammasgn, rgamma,
            digamma, psi, zetac, expit, logit, log_expit, entr, j0, j1, y0, y1, i0, i0e, i1, i1e,
            k0, k0e, k1, k1e, ellipk, ellipkm1, ellipe, expi, exp1, exp10, exp2, expm1, log1p,
            cbrt, cosm1, exprel, round, softplus
        ]
    );
    if r.is_some() {
        return r;
    }
    let r = binary!(
        cx,
        name,
        [
            beta,
            betaln,
            gammainc,
            gammaincc,
            polygamma,
            xlogy,
            xlog1py,
            rel_entr,
            kl_div,
            huber,
            pseudo_huber,
            jv,
            yv,
            iv,
            kv
        ]
    );
    if r.is_some() {
        return r;
    }
    let r = ternary!(
        cx,
        name,
        [
            betainc, gdtr, gdtrc, bdtr, bdtrc, fdtr, fdtrc, nbdtr, nbdtrc
        ]
    );
    if r.is_some() {
        return r;
    }
    Some(match name {
        "zeta" => (|| -> OpResult {
            cx.only_kwargs(&[])?;
            let q = if cx.n_inputs() > 1 {
                Some(cx.operand(1)?)
            } else {
                None
            };
            Ok(vec![sp::zeta(cx.operand(0)?, q)?])
        })(),
        "spherical_jn" | "spherical_yn" => (|| -> OpResult {
            cx.only_kwargs(&["derivative"])?;
            let d = cx.kw_bool("derivative")?.unwrap_or(false);
            let (n, z) = (cx.operand(0)?, cx.operand(1)?);
            Ok(vec![if name == "spherical_jn" {
                sp::spherical_jn(n, z, d)?
            } else {
                sp::spherical_yn(n, z, d)?
            }])
        })(),
        "comb" => (|| -> OpResult {
            cx.only_kwargs(&["exact", "repetition"])?;
            let exact = cx.kw_bool("exact")?.unwrap_or(false);
            let rep = cx.kw_bool("repetition")?.unwrap_or(false);
            Ok(vec![sp::comb(cx.operand(0)?, cx.operand(1)?, exact, rep)?])
        })(),
        "perm" => (|| -> OpResult {
            cx.only_kwargs(&["exact"])?;
            let exact = cx.kw_bool("exact")?.unwrap_or(false);
            Ok(vec![sp::perm(cx.operand(0)?, cx.operand(1)?, exact)?])
        })(),
        "multigammaln" => (|| -> OpResult {
            cx.only_kwargs(&[])?;
            let d = match cx.scalar(1)? {
                cuprum::Scalar::Int(d) if d > 0 => d as usize,
                o => return Err(CaseError::harness(format!("multigammaln d {o:?}"))),
            };
            Ok(vec![sp::multigammaln(cx.array(0)?, d)?])
        })(),
        "sici" => (|| -> OpResult {
            cx.only_kwargs(&[])?;
            let (s, c) = sp::sici(cx.array(0)?)?;
            Ok(vec![s, c])
        })(),
        "logsumexp" => (|| -> OpResult {
            cx.only_kwargs(&["axis", "b", "keepdims", "return_sign", "array_kwargs"])?;
            let b = if cx.n_inputs() > 1 {
                Some(cx.array(1)?)
            } else {
                None
            };
            let keepdims = cx.kw_bool("keepdims")?.unwrap_or(false);
            if cx.kw_bool("return_sign")?.unwrap_or(false) {
                let (r, s) = sp::logsumexp_with_sign(cx.array(0)?, axis(cx)?, b, keepdims)?;
                Ok(vec![r, s])
            } else {
                Ok(vec![sp::logsumexp(cx.array(0)?, axis(cx)?, b, keepdims)?])
            }
        })(),
        "softmax" => (|| -> OpResult {
            cx.only_kwargs(&["axis"])?;
            Ok(vec![sp::softmax(cx.array(0)?, axis(cx)?)?])
        })(),
        "log_softmax" => (|| -> OpResult {
            cx.only_kwargs(&["axis"])?;
            Ok(vec![sp::log_softmax(cx.array(0)?, axis(cx)?)?])
        })(),
        _ => return None,
    })
}
