//! Array creation: `zeros`, `ones`, `empty`, `full` and their `_like` forms, `arange`,
//! `linspace` (scalar or array endpoints, `retstep`, `axis`), `logspace`, `geomspace`, `eye`,
//! `identity`, `tri`, `diagflat`, `vander`, `array`/`asarray`/`copy`, the windows.

use super::{Args, Entry, Value, e, one};
use crate::{Array, DType, Result, Scalar};

pub(super) static ENTRIES: &[Entry] = &[
    e!("zeros(shape, dtype=None)", |a| one(crate::zeros(
        &a.shape("shape")?[..],
        dtype_or_f64(a)?
    ))),
    e!("ones(shape, dtype=None)", |a| one(crate::ones(
        &a.shape("shape")?[..],
        dtype_or_f64(a)?
    ))),
    e!("empty(shape, dtype=None)", |a| one(crate::empty(
        &a.shape("shape")?[..],
        dtype_or_f64(a)?
    ))),
    e!("full(shape, fill_value, dtype=None)", |a| one(crate::full(
        &a.shape("shape")?[..],
        a.scalar("fill_value")?,
        a.dtype("dtype")?
    ))),
    e!("zeros_like(a, dtype=None, shape=None)", |a| like(
        a,
        "zeros_like"
    )),
    e!("ones_like(a, dtype=None, shape=None)", |a| like(
        a,
        "ones_like"
    )),
    e!("empty_like(prototype, dtype=None, shape=None)", |a| like(
        a,
        "empty_like"
    )),
    e!(
        "full_like(a, fill_value, dtype=None, shape=None)",
        |a| like(a, "full_like")
    ),
    e!(
        "arange(start=None, stop=None, step=None, dtype=None)",
        arange
    ),
    e!(
        "linspace(start, stop, num=50, endpoint=True, retstep=False, dtype=None, axis=0)",
        linspace
    ),
    e!(
        "logspace(start, stop, num=50, endpoint=True, base=10.0, dtype=None, axis=0)",
        |a| {
            no_axis(a)?;
            one(crate::logspace(
                a.float("start")?,
                a.float("stop")?,
                a.usize("num")?,
                a.bool("endpoint")?,
                a.float("base")?,
                a.dtype("dtype")?,
                crate::current_device(),
            ))
        }
    ),
    e!(
        "geomspace(start, stop, num=50, endpoint=True, dtype=None, axis=0)",
        |a| {
            no_axis(a)?;
            one(crate::geomspace(
                a.float("start")?,
                a.float("stop")?,
                a.usize("num")?,
                a.bool("endpoint")?,
                a.dtype("dtype")?,
                crate::current_device(),
            ))
        }
    ),
    e!("eye(N, M=None, k=0, dtype=None)", |a| one(crate::eye(
        a.usize("N")?,
        a.opt_usize("M")?,
        a.isize("k")?,
        dtype_or_f64(a)?
    ))),
    e!("identity(n, dtype=None)", |a| one(crate::identity(
        a.usize("n")?,
        dtype_or_f64(a)?
    ))),
    e!("tri(N, M=None, k=0, dtype=None)", |a| one(crate::tri(
        a.usize("N")?,
        a.opt_usize("M")?,
        a.isize("k")?,
        dtype_or_f64(a)?
    ))),
    e!("diagflat(v, k=0)", |a| one(crate::diagflat(
        &a.array("v")?,
        a.isize("k")?
    ))),
    e!("vander(x, N=None, increasing=False)", |a| one(
        crate::vander(&a.array("x")?, a.opt_usize("N")?, a.bool("increasing")?)
    )),
    e!("array(object, dtype=None, *, copy=True)", |a| asarray(
        a, "object", true
    )),
    e!("asarray(a, dtype=None, *, copy=None)", |a| asarray(
        a, "a", false
    )),
    e!("asanyarray(a, dtype=None)", |a| asarray(a, "a", false)),
    e!("copy(a)", |a| one(a.array("a")?.copy())),
    e!("ascontiguousarray(a, dtype=None)", |a| {
        let x = crate::ascontiguousarray(&a.array("a")?)?;
        one(cast(x, a.dtype("dtype")?))
    }),
    e!("asfortranarray(a, dtype=None)", |a| {
        let x = crate::asfortranarray(&a.array("a")?)?;
        one(cast(x, a.dtype("dtype")?))
    }),
    e!("hanning(M)", |a| one(crate::hanning(
        a.usize("M")?,
        crate::current_device()
    ))),
    e!("hamming(M)", |a| one(crate::hamming(
        a.usize("M")?,
        crate::current_device()
    ))),
    e!("blackman(M)", |a| one(crate::blackman(
        a.usize("M")?,
        crate::current_device()
    ))),
    e!("bartlett(M)", |a| one(crate::bartlett(
        a.usize("M")?,
        crate::current_device()
    ))),
    e!("kaiser(M, beta)", |a| one(crate::kaiser(
        a.usize("M")?,
        a.float("beta")?,
        crate::current_device()
    ))),
];

fn dtype_or_f64(a: &Args<'_>) -> Result<DType> {
    Ok(a.dtype("dtype")?.unwrap_or(DType::Float64))
}

fn no_axis(a: &Args<'_>) -> Result<()> {
    if a.int("axis")? != 0 {
        return Err(a.unsupported("axis"));
    }
    Ok(())
}

fn cast(x: Array, dtype: Option<DType>) -> Result<Array> {
    match dtype {
        Some(d) if d != x.dtype() => x.astype(d),
        _ => Ok(x),
    }
}

fn asarray(a: &Args<'_>, name: &str, copy: bool) -> Result<Vec<Value>> {
    let x = a.array(name)?;
    let x = if copy && matches!(a.get(name), Value::Array(_)) {
        x.copy()?
    } else {
        x
    };
    one(cast(x, a.dtype("dtype")?))
}

fn like(a: &Args<'_>, which: &str) -> Result<Vec<Value>> {
    let proto = a.array(if which == "empty_like" {
        "prototype"
    } else {
        "a"
    })?;
    let dtype = a.dtype("dtype")?;
    let shape = a.opt_shape("shape")?;
    if dtype.is_none() && shape.is_none() {
        return one(match which {
            "zeros_like" => crate::zeros_like(&proto),
            "ones_like" => crate::ones_like(&proto),
            "empty_like" => crate::empty_like(&proto),
            _ => crate::full_like(&proto, a.scalar("fill_value")?),
        });
    }
    let dtype = dtype.unwrap_or(proto.dtype());
    let shape = shape.unwrap_or_else(|| proto.shape().to_vec());
    let dev = proto.device();
    one(match which {
        "zeros_like" => crate::zeros_on(&shape[..], dtype, dev),
        "ones_like" => crate::ones_on(&shape[..], dtype, dev),
        "empty_like" => crate::empty_on(&shape[..], dtype, dev),
        _ => crate::full_on(&shape[..], a.scalar("fill_value")?, dtype, dev),
    })
}

fn arange(a: &Args<'_>) -> Result<Vec<Value>> {
    let start = a.opt_scalar("start")?;
    let stop = a.opt_scalar("stop")?;
    let step = a.opt_scalar("step")?.unwrap_or(Scalar::Int(1));
    let (start, stop) = match (start, stop) {
        (Some(s), Some(t)) => (s, t),
        (Some(t), None) | (None, Some(t)) => (Scalar::Int(0), t),
        (None, None) => {
            return Err(crate::Error::bad_argument(
                "arange",
                "stop",
                "None",
                "a stop value (arange() requires stop to be specified)",
            ));
        }
    };
    one(crate::arange(start, stop, step, a.dtype("dtype")?))
}

/// Whether a linspace endpoint is a scalar (a Python number or a 0-d array).
fn scalar_endpoint(v: &Value) -> bool {
    match v {
        Value::Array(x) => x.ndim() == 0 && !x.dtype().is_complex(),
        Value::Bool(_) | Value::Int(_) | Value::Float(_) => true,
        _ => false,
    }
}

fn linspace(a: &Args<'_>) -> Result<Vec<Value>> {
    let num = a.usize("num")?;
    let endpoint = a.bool("endpoint")?;
    let retstep = a.bool("retstep")?;
    let dtype = a.dtype("dtype")?;
    if scalar_endpoint(a.get("start")) && scalar_endpoint(a.get("stop")) {
        let (start, stop) = (a.float("start")?, a.float("stop")?);
        if a.int("axis")? != 0 && a.int("axis")? != -1 {
            return Err(crate::Error::AxisOutOfBounds {
                op: "linspace",
                axis: a.isize("axis")?,
                ndim: 1,
            });
        }
        let y = crate::linspace(start, stop, num, endpoint, dtype)?;
        let mut out = vec![Value::Array(y)];
        if retstep {
            let div = if endpoint { num.saturating_sub(1) } else { num };
            let step = if div > 0 {
                (stop - start) / div as f64
            } else {
                f64::NAN
            };
            out.push(Value::Float(step));
        }
        return Ok(out);
    }
    let (y, step) = crate::creation::linspace_arrays(
        &a.array("start")?,
        &a.array("stop")?,
        num,
        endpoint,
        dtype,
        a.isize("axis")?,
    )?;
    let mut out = vec![Value::Array(y)];
    if retstep {
        out.push(Value::Array(step));
    }
    Ok(out)
}
