//! Dispatch arms for the `creation` area: `zeros`, `ones`, `full`, `*_like`, `arange`,
//! `linspace`, `eye`, `identity`, `tri`.

use super::{OpResult, one};
use crate::cx::CaseCx;
use cuprum::{DType, Scalar};

/// Runs `op` when it is a creation op; `None` when it is not in this table.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    Some(match op {
        "zeros" => zeros(cx),
        "ones" => ones(cx),
        "empty" => return None, // contents unspecified: nothing to compare
        "full" => full(cx),
        "zeros_like" => like(cx, "zeros_like"),
        "ones_like" => like(cx, "ones_like"),
        "full_like" => like(cx, "full_like"),
        "arange" => arange(cx),
        "linspace" => linspace(cx),
        "eye" => eye(cx),
        "identity" => identity(cx),
        "tri" => tri(cx),
        _ => return None,
    })
}

fn shape_dtype(cx: &CaseCx<'_>) -> Result<(Vec<usize>, DType), crate::CaseError> {
    cx.only_kwargs(&["shape", "dtype"])?;
    let shape = cx.kw_shape("shape")?.unwrap_or_default();
    let dtype = cx.kw_dtype("dtype")?.unwrap_or(DType::Float64);
    Ok((shape, dtype))
}

fn zeros(cx: &CaseCx<'_>) -> OpResult {
    let (shape, dtype) = shape_dtype(cx)?;
    one(cuprum::zeros(&shape, dtype))
}

fn ones(cx: &CaseCx<'_>) -> OpResult {
    let (shape, dtype) = shape_dtype(cx)?;
    one(cuprum::ones(&shape, dtype))
}

fn full(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["shape", "fill_value", "dtype"])?;
    let shape = cx.kw_shape("shape")?.unwrap_or_default();
    let value = cx
        .kw_scalar("fill_value")?
        .ok_or_else(|| crate::CaseError::harness("full needs fill_value"))?;
    one(cuprum::full(&shape, value, cx.kw_dtype("dtype")?))
}

fn like(cx: &CaseCx<'_>, which: &str) -> OpResult {
    cx.only_kwargs(&["fill_value"])?;
    let a = cx.array(0)?;
    match which {
        "zeros_like" => one(cuprum::zeros_like(a)),
        "ones_like" => one(cuprum::ones_like(a)),
        _ => {
            let value = cx
                .kw_scalar("fill_value")?
                .ok_or_else(|| crate::CaseError::harness("full_like needs fill_value"))?;
            one(cuprum::full_like(a, value))
        }
    }
}

fn arange(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["start", "stop", "step", "dtype"])?;
    // Positional inputs (0-d arrays) stand for start, stop, step as NumPy's positional form.
    let mut pos = Vec::new();
    for i in 0..cx.n_inputs() {
        pos.push(cx.scalar(i)?);
    }
    let (start, stop, step) = match pos.len() {
        0 => {
            let stop = cx.kw_scalar("stop")?;
            let start = cx.kw_scalar("start")?;
            match (start, stop) {
                (Some(a), Some(b)) => (a, b, cx.kw_scalar("step")?.unwrap_or(Scalar::Int(1))),
                // np.arange(stop=...) alone, or np.arange(start) meaning stop
                (None, Some(b)) | (Some(b), None) => (
                    Scalar::Int(0),
                    b,
                    cx.kw_scalar("step")?.unwrap_or(Scalar::Int(1)),
                ),
                (None, None) => return Err(crate::CaseError::harness("arange needs stop")),
            }
        }
        1 => (Scalar::Int(0), pos[0], Scalar::Int(1)),
        2 => (pos[0], pos[1], Scalar::Int(1)),
        _ => (pos[0], pos[1], pos[2]),
    };
    one(cuprum::arange(start, stop, step, cx.kw_dtype("dtype")?))
}

fn linspace(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["start", "stop", "num", "endpoint", "dtype"])?;
    let start = cx.kw_f64("start")?.unwrap_or(0.0);
    let stop = cx
        .kw_f64("stop")?
        .ok_or_else(|| crate::CaseError::harness("linspace needs stop"))?;
    let num = cx.kw_usize("num")?.unwrap_or(50);
    let endpoint = cx.kw_bool("endpoint")?.unwrap_or(true);
    one(cuprum::linspace(
        start,
        stop,
        num,
        endpoint,
        cx.kw_dtype("dtype")?,
    ))
}

fn nmk(
    cx: &CaseCx<'_>,
    n_key: &str,
) -> Result<(usize, Option<usize>, isize, DType), crate::CaseError> {
    cx.only_kwargs(&[n_key, "M", "k", "dtype"])?;
    let n = cx
        .kw_usize(n_key)?
        .ok_or_else(|| crate::CaseError::harness(format!("needs {n_key}")))?;
    let m = cx.kw_usize("M")?;
    let k = cx.kw_i64("k")?.unwrap_or(0) as isize;
    let dtype = cx.kw_dtype("dtype")?.unwrap_or(DType::Float64);
    Ok((n, m, k, dtype))
}

fn eye(cx: &CaseCx<'_>) -> OpResult {
    let (n, m, k, dtype) = nmk(cx, "N")?;
    one(cuprum::eye(n, m, k, dtype))
}

fn identity(cx: &CaseCx<'_>) -> OpResult {
    cx.only_kwargs(&["n", "dtype"])?;
    let n = cx
        .kw_usize("n")?
        .ok_or_else(|| crate::CaseError::harness("identity needs n"))?;
    one(cuprum::identity(
        n,
        cx.kw_dtype("dtype")?.unwrap_or(DType::Float64),
    ))
}

fn tri(cx: &CaseCx<'_>) -> OpResult {
    let (n, m, k, dtype) = nmk(cx, "N")?;
    one(cuprum::tri(n, m, k, dtype))
}
