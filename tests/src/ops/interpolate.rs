//! The `interpolate` area through [`cuprum::registry`]. A case of a class
//! (`interpolate.CubicSpline`, any op whose registry entry has a `__call__` method) or of a
//! function that returns one (`make_interp_spline`) constructs the object from every input but
//! the last and the kwargs, then calls it at the last input with the evaluation kwarg `nu`;
//! `splrep` returns SciPy's `(t, c, k)`, evaluated by `interpolate.splev(last, tck, der=der)`.
//! Other functions (`interpn`, `krogh_interpolate`, ...) are one call of every input. The grid
//! vectors of `RegularGridInterpolator` and `interpn`, separate inputs in the corpus, are
//! SciPy's `points` tuple.

use super::OpResult;
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::registry::{self, Call, Value};

/// Runs an `interpolate.*` case; `None` for any other op.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    op.starts_with("interpolate.").then(|| run(op, cx))
}

/// Whether a case of `op` constructs an object and evaluates it at its last input.
fn constructs(op: &str) -> bool {
    op == "interpolate.make_interp_spline"
        || op == "interpolate.splrep"
        || registry::lookup(&format!("{op}.__call__")).is_some()
}

/// Removes keyword `name` from `call`, returning its value.
fn take_kwarg(call: &mut Call, name: &str) -> Option<Value> {
    let i = call.kwargs.iter().position(|(k, _)| k == name)?;
    Some(call.kwargs.remove(i).1)
}

/// Groups the leading positionals into SciPy's `points` tuple, leaving the last `keep`.
fn group_points(op: &str, call: &mut Call, keep: usize) {
    let takes_points = registry::lookup(op).is_some_and(|e| e.signature().contains("(points,"));
    if takes_points && call.args.len() > keep {
        let rest = call.args.split_off(call.args.len() - keep);
        let points = std::mem::replace(&mut call.args, rest);
        call.args.insert(0, Value::List(points));
    }
}

fn arrays(op: &str, out: Vec<Value>) -> OpResult {
    out.into_iter()
        .map(|v| match v {
            Value::Array(a) => Ok(a),
            other => Err(CaseError::harness(format!(
                "{op} returned {}, not an array",
                other.describe()
            ))),
        })
        .collect()
}

fn run(op: &str, cx: &CaseCx<'_>) -> OpResult {
    let mut call = super::registry::to_call(cx)?;
    if !constructs(op) {
        // values and xi follow the grid vectors
        group_points(op, &mut call, 2);
        return arrays(op, registry::call(op, &call)?);
    }
    let at = call
        .args
        .pop()
        .ok_or_else(|| CaseError::harness(format!("{op} needs the evaluation points")))?;
    let nu = take_kwarg(&mut call, "nu");
    let der = take_kwarg(&mut call, "der");
    group_points(op, &mut call, 1);
    let made = registry::call(op, &call)?;
    let mut eval = Call::new().arg(at);
    match made.as_slice() {
        [Value::Object(obj)] => {
            if let Some(nu) = nu {
                eval = eval.arg(nu);
            }
            arrays(op, registry::call_method(obj, "__call__", &eval)?)
        }
        [_, _, _] if op == "interpolate.splrep" => {
            eval = eval.arg(Value::List(made));
            if let Some(der) = der {
                eval = eval.kwarg("der", der);
            }
            arrays(op, registry::call("interpolate.splev", &eval)?)
        }
        other => Err(CaseError::harness(format!(
            "{op} returned {} values, not an interpolator",
            other.len()
        ))),
    }
}
