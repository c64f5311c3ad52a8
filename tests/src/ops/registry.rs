//! The first table the harness asks: [`cuprum::registry`], cuprum's functions by their NumPy
//! names. A case of an op the registry lists runs as `np.<op>(*inputs, **kwargs)`: the inputs
//! are the positional arguments (0-d inputs of a `scalar_weak` case as Python scalars), the
//! manifest's JSON kwargs become [`Value`]s, and the outputs (arrays, or Python scalars as 0-d
//! arrays) are compared in order. The README's few exceptions to that calling form are
//! translated here ([`SEQUENCE_OPS`], `einsum`'s `subscripts`, `searchsorted`'s third input,
//! `array_kwargs`); ops that need more than a call stay with the family tables
//! ([`NEEDS_ARM`]: index expressions, in-place functions on a copy, random statistics,
//! kernels, sparse formats).

use super::OpResult;
use crate::CaseError;
use crate::cx::{CaseCx, Input};
use cuprum::registry::{self, Call, Value};
use cuprum::{Array, Complex64};
use serde_json::Value as Json;

/// Ops whose inputs together form NumPy's first (sequence) argument.
pub const SEQUENCE_OPS: &[&str] = &[
    "concatenate",
    "concat",
    "stack",
    "vstack",
    "hstack",
    "dstack",
    "column_stack",
    "lexsort",
];

/// Ops the registry lists that the family tables run instead: `empty` (contents unspecified,
/// nothing to compare), the in-place functions (the case's output is the modified copy of
/// the first input), `choose` (its choices are the separate inputs after the first).
pub const NEEDS_ARM: &[&str] = &[
    "empty",
    "empty_like",
    "put",
    "put_along_axis",
    "putmask",
    "place",
    "fill_diagonal",
    "random.shuffle",
    "random.seed",
    "choose",
];

/// Ops whose cases are not one call of the function, which their area's table translates to
/// registry calls: `signal.find_peaks` (the corpus compares the peak indices without SciPy's
/// properties dict) and every `interpolate.*` op (an interpolator constructed from all inputs
/// but the last, then evaluated at the last).
fn translated(op: &str) -> bool {
    op == "signal.find_peaks" || op.starts_with("interpolate.")
}

/// Keys of a case's kwargs that are the harness's, not the function's.
const HARNESS_KEYS: [&str; 4] = ["pre", "scalar_weak", "index_arrays", "array_kwargs"];

/// Runs `op` through the registry; `None` when the registry does not list it or the case
/// needs a family table.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    if NEEDS_ARM.contains(&op) || translated(op) || cx.case.area == "random-stats" {
        return None;
    }
    let entry = registry::lookup(op)?;
    Some(run(entry, cx))
}

fn run(entry: &registry::Entry, cx: &CaseCx<'_>) -> OpResult {
    let call = to_call(cx)?;
    let out = entry.call(&call)?;
    out.into_iter().map(|v| to_array(v, cx)).collect()
}

/// The case as a call: inputs as positionals, kwargs by name.
pub fn to_call(cx: &CaseCx<'_>) -> Result<Call, CaseError> {
    let op = cx.case.op.as_str();
    let mut args: Vec<Value> = cx
        .inputs
        .iter()
        .map(|i| match i {
            Input::Array(a) => Value::Array(a.clone()),
            Input::Weak(s) => Value::from(*s),
        })
        .collect();
    let mut kwargs: Vec<(String, Value)> = Vec::new();
    // array keyword arguments: the last len(array_kwargs) inputs
    if let Some(Json::Array(names)) = cx.case.kwargs.get("array_kwargs") {
        let first = args.len().checked_sub(names.len()).ok_or_else(|| {
            CaseError::harness("array_kwargs names more arrays than the case has inputs")
        })?;
        let tail = args.split_off(first);
        for (n, v) in names.iter().zip(tail) {
            let n = n
                .as_str()
                .ok_or_else(|| CaseError::harness("array_kwargs must hold names"))?;
            kwargs.push((n.to_string(), v));
        }
    }
    if SEQUENCE_OPS.contains(&op) {
        args = vec![Value::List(args)];
    }
    if op == "searchsorted" && args.len() == 3 {
        let sorter = args.pop().unwrap_or(Value::None);
        kwargs.push(("sorter".into(), sorter));
    }
    for (k, v) in &cx.case.kwargs {
        if HARNESS_KEYS.contains(&k.as_str()) {
            continue;
        }
        if op == "einsum" && k == "subscripts" {
            args.insert(0, json_value(v));
            continue;
        }
        kwargs.push((k.clone(), json_value(v)));
    }
    Ok(Call { args, kwargs })
}

/// A manifest JSON value as a registry value: `null` is `None`, lists are lists, the strings
/// `"inf"`/`"-inf"` are floats (README, "kwargs").
pub fn json_value(v: &Json) -> Value {
    match v {
        Json::Null => Value::None,
        Json::Bool(b) => Value::Bool(*b),
        Json::Number(n) => match n.as_i64() {
            Some(i) => Value::Int(i),
            None => Value::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Json::String(s) if s == "inf" => Value::Float(f64::INFINITY),
        Json::String(s) if s == "-inf" => Value::Float(f64::NEG_INFINITY),
        Json::String(s) => Value::Str(s.clone()),
        Json::Array(items) => Value::List(items.iter().map(json_value).collect()),
        Json::Object(_) => Value::Str(v.to_string()),
    }
}

/// An output as an array on the case's device (a Python scalar as a 0-d array of NumPy's
/// type for it: bool, int64, float64, complex128).
fn to_array(v: Value, cx: &CaseCx<'_>) -> Result<Array, CaseError> {
    let d = cx.device;
    Ok(match v {
        Value::Array(a) => a,
        Value::Bool(b) => Array::from_vec_on(vec![b], &[] as &[usize], d)?,
        Value::Int(i) => Array::from_vec_on(vec![i], &[] as &[usize], d)?,
        Value::Float(f) => Array::from_vec_on(vec![f], &[] as &[usize], d)?,
        Value::Complex(c) => Array::from_vec_on(vec![c as Complex64], &[] as &[usize], d)?,
        other => {
            return Err(CaseError::harness(format!(
                "{} returned {}, not an array",
                cx.case.op,
                other.describe()
            )));
        }
    })
}
