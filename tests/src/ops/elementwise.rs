//! Dispatch arms for elementwise ops (areas `elementwise` and `broadcasting`): every ufunc,
//! `astype`, `clip`, `where`, `divmod`, `round`.

use super::{OpResult, one};
use crate::CaseError;
use crate::cx::CaseCx;

/// Runs `op` when it is an elementwise op; `None` when it is not in this table.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    macro_rules! unary {
        ($f:path) => {
            unary(cx, $f)
        };
    }
    macro_rules! binary {
        ($f:path) => {
            (|| -> OpResult {
                cx.only_kwargs(&[])?;
                one($f(cx.operand(0)?, cx.operand(1)?))
            })()
        };
    }
    Some(match op {
        // unary ufuncs
        "negative" => unary!(cuprum::negative),
        "positive" => unary!(cuprum::positive),
        "abs" | "absolute" => unary!(cuprum::abs),
        "sign" => unary!(cuprum::sign),
        "sqrt" => unary!(cuprum::sqrt),
        "cbrt" => unary!(cuprum::cbrt),
        "square" => unary!(cuprum::square),
        "reciprocal" => unary!(cuprum::reciprocal),
        "exp" => unary!(cuprum::exp),
        "exp2" => unary!(cuprum::exp2),
        "expm1" => unary!(cuprum::expm1),
        "log" => unary!(cuprum::log),
        "log2" => unary!(cuprum::log2),
        "log10" => unary!(cuprum::log10),
        "log1p" => unary!(cuprum::log1p),
        "sin" => unary!(cuprum::sin),
        "cos" => unary!(cuprum::cos),
        "tan" => unary!(cuprum::tan),
        "arcsin" => unary!(cuprum::arcsin),
        "arccos" => unary!(cuprum::arccos),
        "arctan" => unary!(cuprum::arctan),
        "sinh" => unary!(cuprum::sinh),
        "cosh" => unary!(cuprum::cosh),
        "tanh" => unary!(cuprum::tanh),
        "arcsinh" => unary!(cuprum::arcsinh),
        "arccosh" => unary!(cuprum::arccosh),
        "arctanh" => unary!(cuprum::arctanh),
        "floor" => unary!(cuprum::floor),
        "ceil" => unary!(cuprum::ceil),
        "trunc" => unary!(cuprum::trunc),
        "rint" => unary!(cuprum::rint),
        "invert" | "bitwise_not" => unary!(cuprum::invert),
        "logical_not" => unary!(cuprum::logical_not),
        "conj" | "conjugate" => unary!(cuprum::conj),
        "real" => unary!(cuprum::real),
        "imag" => unary!(cuprum::imag),
        "angle" => unary!(cuprum::angle),
        "isnan" => unary!(cuprum::isnan),
        "isinf" => unary!(cuprum::isinf),
        "isfinite" => unary!(cuprum::isfinite),
        "signbit" => unary!(cuprum::signbit),
        "round" | "around" => round(cx),
        // binary ufuncs
        "add" => binary!(cuprum::add),
        "subtract" => binary!(cuprum::subtract),
        "multiply" => binary!(cuprum::multiply),
        "divide" | "true_divide" => binary!(cuprum::divide),
        "floor_divide" => binary!(cuprum::floor_divide),
        "remainder" | "mod" => binary!(cuprum::remainder),
        "fmod" => binary!(cuprum::fmod),
        "power" => binary!(cuprum::power),
        "maximum" => binary!(cuprum::maximum),
        "minimum" => binary!(cuprum::minimum),
        "fmax" => binary!(cuprum::fmax),
        "fmin" => binary!(cuprum::fmin),
        "equal" => binary!(cuprum::equal),
        "not_equal" => binary!(cuprum::not_equal),
        "less" => binary!(cuprum::less),
        "less_equal" => binary!(cuprum::less_equal),
        "greater" => binary!(cuprum::greater),
        "greater_equal" => binary!(cuprum::greater_equal),
        "logical_and" => binary!(cuprum::logical_and),
        "logical_or" => binary!(cuprum::logical_or),
        "logical_xor" => binary!(cuprum::logical_xor),
        "bitwise_and" => binary!(cuprum::bitwise_and),
        "bitwise_or" => binary!(cuprum::bitwise_or),
        "bitwise_xor" => binary!(cuprum::bitwise_xor),
        "left_shift" => binary!(cuprum::left_shift),
        "right_shift" => binary!(cuprum::right_shift),
        "hypot" => binary!(cuprum::hypot),
        "arctan2" => binary!(cuprum::arctan2),
        "copysign" => binary!(cuprum::copysign),
        "divmod" => divmod(cx),
        // others
        "astype" => astype(cx),
        "clip" => clip(cx),
        "where" => where_(cx),
        _ => return None,
    })
}

fn unary(cx: &CaseCx<'_>, f: fn(&cuprum::Array) -> cuprum::Result<cuprum::Array>) -> OpResult {
    cx.only_kwargs(&[])?;
    one(f(cx.array(0)?))
}

fn round(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["decimals"])?;
    let decimals = cx.kw_i64("decimals")?.unwrap_or(0);
    let decimals = i32::try_from(decimals)
        .map_err(|_| CaseError::harness(format!("decimals {decimals} does not fit i32")))?;
    one(cuprum::round(cx.array(0)?, decimals))
}

fn divmod(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&[])?;
    let (q, r) = cuprum::divmod(cx.operand(0)?, cx.operand(1)?)?;
    Ok(vec![q, r])
}

fn astype(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["dtype"])?;
    let dtype = cx
        .kw_dtype("dtype")?
        .ok_or_else(|| CaseError::harness("astype needs dtype"))?;
    one(cx.array(0)?.astype(dtype))
}

fn clip(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["a_min", "a_max", "min", "max"])?;
    let a = cx.array(0)?;
    let bound =
        |pos: usize, keys: [&str; 2]| -> Result<Option<cuprum::ops::Operand<'_>>, CaseError> {
            if cx.n_inputs() > pos {
                return cx.operand(pos).map(Some);
            }
            for k in keys {
                if let Some(s) = cx.kw_scalar(k)? {
                    return Ok(Some(cuprum::ops::Operand::from(s)));
                }
            }
            Ok(None)
        };
    let lo = bound(1, ["a_min", "min"])?;
    let hi = bound(2, ["a_max", "max"])?;
    one(cuprum::clip(a, lo, hi))
}

fn where_(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&[])?;
    if cx.n_inputs() != 3 {
        return Err(CaseError::unsupported(
            "where with one argument (nonzero form)",
        ));
    }
    one(cuprum::where_(cx.array(0)?, cx.operand(1)?, cx.operand(2)?))
}
