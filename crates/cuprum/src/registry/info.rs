//! Queries and files: `ndim`, `shape`, `size`, `iscomplexobj`, `isrealobj`, `isfortran`,
//! `shares_memory`, `may_share_memory`, `array_equiv`, `result_type`, `common_type`,
//! `min_scalar_type` (dtype names as strings), `array_repr`, `array_str`, `binary_repr`,
//! `base_repr`, `save`/`load` (`.npy` paths), `real_if_close`, `asarray_chkfinite`, `ix_`,
//! `gradient`, `histogram2d`, `histogramdd`.

use super::{Args, Entry, Value, e, many, one};
use crate::{Array, Bins, Error, Result};

fn b(v: bool) -> Result<Vec<Value>> {
    Ok(vec![Value::Bool(v)])
}
fn s(v: Result<String>) -> Result<Vec<Value>> {
    v.map(|s| vec![Value::Str(s)])
}
fn int(v: usize) -> Result<Vec<Value>> {
    Ok(vec![Value::from(v)])
}

pub(super) static ENTRIES: &[Entry] = &[
    e!("ndim(a)", |a| int(a.array("a")?.ndim())),
    e!("shape(a)", |a| Ok(vec![Value::List(
        a.array("a")?
            .shape()
            .iter()
            .map(|&n| Value::from(n))
            .collect()
    )])),
    e!("size(a, axis=None)", |a| {
        let x = a.array("a")?;
        match a.opt_isize("axis")? {
            None => int(x.size()),
            Some(ax) => {
                let nd = x.ndim() as isize;
                let i = if ax < 0 { ax + nd } else { ax };
                match usize::try_from(i).ok().and_then(|i| x.shape().get(i)) {
                    Some(&n) => int(n),
                    None => Err(Error::AxisOutOfBounds {
                        op: "size",
                        axis: ax,
                        ndim: x.ndim(),
                    }),
                }
            }
        }
    }),
    e!("iscomplexobj(x)", |a| b(crate::iscomplexobj(
        &a.array("x")?
    ))),
    e!("isrealobj(x)", |a| b(crate::isrealobj(&a.array("x")?))),
    e!("isfortran(a)", |a| b(crate::isfortran(&a.array("a")?))),
    e!("shares_memory(a, b, max_work=None)", |a| b(
        crate::shares_memory(&a.array("a")?, &a.array("b")?)
    )),
    e!("may_share_memory(a, b, max_work=None)", |a| b(
        crate::may_share_memory(&a.array("a")?, &a.array("b")?)
    )),
    e!("array_equiv(a1, a2)", |a| b(crate::array_equiv(
        &a.array("a1")?,
        &a.array("a2")?
    )?)),
    e!("result_type(*arrays_and_dtypes)", |a| {
        let dtypes = dtypes_of(a, "arrays_and_dtypes")?;
        s(crate::result_type(&dtypes).map(|d| d.to_string()))
    }),
    e!("common_type(*arrays)", |a| {
        let v = a.arrays("arrays")?;
        let r: Vec<&Array> = v.iter().collect();
        s(crate::common_type(&r).map(|d| d.to_string()))
    }),
    e!("min_scalar_type(a)", |a| s(Ok(crate::min_scalar_type(
        a.scalar("a")?
    )
    .to_string()))),
    e!("array_repr(arr)", |a| s(crate::array_repr(
        &a.array("arr")?
    ))),
    e!("array_str(a)", |a| s(crate::array_str(&a.array("a")?))),
    e!("binary_repr(num, width=None)", |a| s(crate::binary_repr(
        a.int("num")?,
        a.opt_usize("width")?
    ))),
    e!("base_repr(number, base=2, padding=0)", |a| {
        let b = a.int("base")?;
        let base =
            u32::try_from(b).map_err(|_| Error::bad_argument("base_repr", "base", b, "2 to 36"))?;
        s(crate::base_repr(
            a.int("number")?,
            base,
            a.usize("padding")?,
        ))
    }),
    e!("save(file, arr, allow_pickle=True)", |a| {
        crate::save(a.str("file")?, &a.array("arr")?)?;
        Ok(Vec::new())
    }),
    e!("load(file)", |a| one(crate::load(a.str("file")?))),
    e!("real_if_close(a, tol=100)", |a| one(crate::real_if_close(
        &a.array("a")?,
        a.float("tol")?
    ))),
    e!("asarray_chkfinite(a)", |a| one(crate::asarray_chkfinite(
        &a.array("a")?
    ))),
    e!("ix_(*args)", |a| {
        let v = a.arrays("args")?;
        let r: Vec<&Array> = v.iter().collect();
        many(crate::ix_(&r))
    }),
    e!("gradient(f, *varargs, axis=None, edge_order=1)", |a| {
        let spacing = match a.get("varargs") {
            Value::List(v) if v.is_empty() => vec![1.0],
            _ => a.floats("varargs")?,
        };
        many(crate::gradient(
            &a.array("f")?,
            &spacing,
            a.opt_axes("axis")?.as_deref(),
            a.usize("edge_order")?,
        ))
    }),
    e!(
        "histogram2d(x, y, bins=10, range=None, density=None, weights=None)",
        |a| {
            let bins = bins_list(a, 2)?;
            let [bx, by]: [Bins; 2] = bins.try_into().map_err(|_| a.unsupported("bins"))?;
            let (h, ex, ey) = crate::histogram2d(
                &a.array("x")?,
                &a.array("y")?,
                bx,
                by,
                a.opt_array("weights")?.as_ref(),
                density(a)?,
            )?;
            Ok(vec![Value::Array(h), Value::Array(ex), Value::Array(ey)])
        }
    ),
    e!(
        "histogramdd(sample, bins=10, range=None, density=None, weights=None)",
        |a| {
            let sample = a.array("sample")?;
            let d = sample.shape().get(1).copied().unwrap_or(1);
            let (h, edges) = crate::histogramdd(
                &sample,
                &bins_list(a, d)?,
                a.opt_array("weights")?.as_ref(),
                density(a)?,
            )?;
            Ok(std::iter::once(h).chain(edges).map(Value::Array).collect())
        }
    ),
];

fn dtypes_of(a: &Args<'_>, name: &str) -> Result<Vec<crate::DType>> {
    let Value::List(items) = a.get(name) else {
        return Ok(Vec::new());
    };
    items
        .iter()
        .map(|v| match v {
            Value::Str(_) => v.to_dtype(a.op())?.ok_or_else(|| {
                Error::bad_argument(a.op(), "dtype", v.describe(), "a data type name")
            }),
            other => Ok(other.to_array(a.op())?.dtype()),
        })
        .collect()
}

fn density(a: &Args<'_>) -> Result<bool> {
    Ok(!a.is_none("density") && a.bool("density")?)
}

/// NumPy's `bins` and `range` of the multi-dimensional histograms, one [`Bins`] per
/// dimension.
fn bins_list(a: &Args<'_>, d: usize) -> Result<Vec<Bins>> {
    let ranges: Vec<Option<(f64, f64)>> = match a.get("range") {
        Value::None => vec![None; d],
        Value::List(rs) => rs
            .iter()
            .map(|r| match r {
                Value::None => Ok(None),
                Value::List(p) if p.len() == 2 => {
                    let f = |v: &Value| match v {
                        Value::Int(i) => Ok(*i as f64),
                        Value::Float(x) => Ok(*x),
                        _ => Err(a.unsupported("range")),
                    };
                    Ok(Some((f(&p[0])?, f(&p[1])?)))
                }
                _ => Err(a.unsupported("range")),
            })
            .collect::<Result<_>>()?,
        _ => return Err(a.unsupported("range")),
    };
    let range = |i: usize| ranges.get(i).copied().flatten();
    match a.get("bins") {
        Value::Int(_) => {
            let n = a.usize("bins")?;
            Ok((0..d).map(|i| Bins::Count(n, range(i))).collect())
        }
        Value::List(items) => items
            .iter()
            .enumerate()
            .map(|(i, v)| match v {
                Value::Int(n) => usize::try_from(*n)
                    .map(|n| Bins::Count(n, range(i)))
                    .map_err(|_| a.unsupported("bins")),
                other => Ok(Bins::Edges(other.to_array(a.op())?)),
            })
            .collect(),
        _ => Err(a.unsupported("bins")),
    }
}
