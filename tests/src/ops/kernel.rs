//! Dispatch arms for the `kernel` area: `kernel.elementwise` and `kernel.reduction` build a
//! user kernel (`cuprum::ElementwiseKernel`, `cuprum::ReductionKernel`) from the case's source
//! strings and call it with the inputs (arrays, and weak scalars as Python scalars).

use super::OpResult;
use crate::CaseError;
use crate::classify::{Classification, Classify, ErrorClass};
use crate::cx::{CaseCx, Input};
use cuprum::kernel::{Arg, KernelError};
use cuprum::reduce::Axes;
use cuprum::{ElementwiseKernel, ReductionKernel};

impl Classify for KernelError {
    fn classify(&self) -> Classification {
        match self.conformance_class() {
            "unsupported" => Classification::Unsupported,
            c => match ErrorClass::from_name(c) {
                Some(c) => Classification::Class(c),
                None => Classification::Other,
            },
        }
    }
}

/// Runs `op` when it is a `kernel.*` op; `None` otherwise.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    match op {
        "kernel.elementwise" => Some(elementwise(cx)),
        "kernel.reduction" => Some(reduction(cx)),
        _ => None,
    }
}

fn req<'a>(cx: &'a CaseCx<'_>, k: &str) -> Result<&'a str, CaseError> {
    cx.kw_str(k)?
        .ok_or_else(|| CaseError::harness(format!("kwarg {k:?} is missing")))
}

fn call_args<'a>(cx: &'a CaseCx<'_>) -> Vec<Arg<'a>> {
    cx.inputs
        .iter()
        .map(|i| match i {
            Input::Array(a) => Arg::Array(a),
            Input::Weak(s) => Arg::Scalar(*s),
        })
        .collect()
}

fn elementwise(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&[
        "in_params",
        "out_params",
        "operation",
        "name",
        "preamble",
        "no_return",
        "size",
    ])?;
    let mut k = ElementwiseKernel::new(
        req(cx, "in_params")?,
        req(cx, "out_params")?,
        req(cx, "operation")?,
        req(cx, "name")?,
    )?;
    if let Some(p) = cx.kw_str("preamble")? {
        k = k.preamble(p);
    }
    let no_return = cx.kw_bool("no_return")?.unwrap_or(false);
    k = k.no_return(no_return);
    let args = call_args(cx);
    let out = match cx.kw_usize("size")? {
        Some(n) => k.call_sized(&args, n)?,
        None => k.call(&args)?,
    };
    if no_return {
        // the passed outputs, updated in place
        let first = cx.n_inputs().saturating_sub(k.nout());
        return (first..cx.n_inputs())
            .map(|i| cx.array(i).cloned())
            .collect();
    }
    Ok(out)
}

fn reduction(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&[
        "in_params",
        "out_params",
        "map_expr",
        "reduce_expr",
        "post_map_expr",
        "identity",
        "name",
        "reduce_type",
        "axis",
        "keepdims",
    ])?;
    let mut k = ReductionKernel::new(
        req(cx, "in_params")?,
        req(cx, "out_params")?,
        req(cx, "map_expr")?,
        req(cx, "reduce_expr")?,
        req(cx, "post_map_expr")?,
        cx.kw_str("identity")?.unwrap_or(""),
        req(cx, "name")?,
    )?;
    if let Some(t) = cx.kw_str("reduce_type")? {
        k = k.reduce_type(t);
    }
    let axes = match cx.kw("axis") {
        None => Axes::All,
        Some(v) if v.is_array() => Axes::Many(
            cx.kw_ints("axis")?
                .unwrap_or_default()
                .into_iter()
                .map(|x| x as isize)
                .collect(),
        ),
        Some(_) => Axes::One(cx.kw_i64("axis")?.unwrap_or(0) as isize),
    };
    let keepdims = cx.kw_bool("keepdims")?.unwrap_or(false);
    Ok(k.call(&call_args(cx), axes, keepdims)?)
}
