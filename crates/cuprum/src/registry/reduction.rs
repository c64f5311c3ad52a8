//! Reductions and statistics: `sum`, `prod`, `mean`, `var`, `std`, `max`/`amax`,
//! `min`/`amin`, `argmax`, `argmin`, `all`, `any`, `ptp`, `count_nonzero`, the `nan*` forms,
//! `cumsum`, `cumprod`, `median`, `quantile`, `percentile`, `average`, `trace`, `diff`,
//! `bincount`, `histogram`, `cov`, `corrcoef`.

use super::{Args, Entry, Value, e, one, two};
use crate::reduce::{self, ReduceOp, ScanOp};
use crate::{QuantileMethod, Result};

macro_rules! red {
    ($name:literal, $op:ident, "dtype_initial") => {
        e!(
            concat!(
                $name,
                "(a, axis=None, dtype=None, keepdims=False, initial=None)"
            ),
            |a| reduction(a, ReduceOp::$op)
        )
    };
    ($name:literal, $op:ident, "dtype") => {
        e!(
            concat!($name, "(a, axis=None, dtype=None, keepdims=False)"),
            |a| { reduction(a, ReduceOp::$op) }
        )
    };
    ($name:literal, $op:ident, "ddof") => {
        e!(
            concat!($name, "(a, axis=None, dtype=None, ddof=0, keepdims=False)"),
            |a| reduction(a, ReduceOp::$op)
        )
    };
    ($name:literal, $op:ident, "initial") => {
        e!(
            concat!($name, "(a, axis=None, keepdims=False, initial=None)"),
            |a| { reduction(a, ReduceOp::$op) }
        )
    };
    ($name:literal, $op:ident) => {
        e!(concat!($name, "(a, axis=None, keepdims=False)"), |a| {
            reduction(a, ReduceOp::$op)
        })
    };
}

macro_rules! quant {
    ($name:literal, $q:literal, $one:path, $many:path) => {
        e!(
            concat!(
                $name,
                "(a, ",
                $q,
                ", axis=None, method='linear', keepdims=False)"
            ),
            |a| quantile(a, $q, $one, $many)
        )
    };
}

pub(super) static ENTRIES: &[Entry] = &[
    red!("sum", Sum, "dtype_initial"),
    red!("prod", Prod, "dtype_initial"),
    red!("nansum", NanSum, "dtype_initial"),
    red!("nanprod", NanProd, "dtype_initial"),
    red!("mean", Mean, "dtype"),
    red!("nanmean", NanMean, "dtype"),
    red!("var", Var, "ddof"),
    red!("std", Std, "ddof"),
    red!("nanvar", NanVar, "ddof"),
    red!("nanstd", NanStd, "ddof"),
    red!("max", Max, "initial"),
    red!("amax", Max, "initial"),
    red!("min", Min, "initial"),
    red!("amin", Min, "initial"),
    red!("nanmax", NanMax, "initial"),
    red!("nanmin", NanMin, "initial"),
    red!("argmax", ArgMax),
    red!("argmin", ArgMin),
    red!("nanargmax", NanArgMax),
    red!("nanargmin", NanArgMin),
    red!("all", All),
    red!("any", Any),
    red!("count_nonzero", CountNonzero),
    red!("ptp", Ptp),
    e!("cumsum(a, axis=None, dtype=None)", |a| scan(
        a,
        ScanOp::CumSum
    )),
    e!("cumprod(a, axis=None, dtype=None)", |a| scan(
        a,
        ScanOp::CumProd
    )),
    e!("nancumsum(a, axis=None)", |a| nan_scan(a, crate::nancumsum)),
    e!("nancumprod(a, axis=None)", |a| nan_scan(
        a,
        crate::nancumprod
    )),
    e!(
        "cumulative_sum(x, /, *, axis=None, dtype=None, include_initial=False)",
        |a| cumulative(a, crate::cumulative_sum)
    ),
    e!(
        "cumulative_prod(x, /, *, axis=None, dtype=None, include_initial=False)",
        |a| cumulative(a, crate::cumulative_prod)
    ),
    e!("median(a, axis=None, keepdims=False)", |a| one(
        crate::median(&a.array("a")?, a.opt_isize("axis")?, a.bool("keepdims")?)
    )),
    e!("nanmedian(a, axis=None, keepdims=False)", |a| one(
        crate::nanmedian(&a.array("a")?, a.opt_isize("axis")?, a.bool("keepdims")?)
    )),
    quant!("quantile", "q", crate::quantile, crate::quantiles),
    quant!("percentile", "q", crate::percentile, crate::percentiles),
    quant!("nanquantile", "q", crate::nanquantile, crate::nanquantiles),
    quant!(
        "nanpercentile",
        "q",
        crate::nanpercentile,
        crate::nanpercentiles
    ),
    e!("average(a, axis=None, weights=None, returned=False)", |a| {
        let x = a.array("a")?;
        let w = a.opt_array("weights")?;
        let axis = a.opt_isize("axis")?;
        if a.bool("returned")? {
            two(crate::average_returned(&x, axis, w.as_ref()))
        } else {
            one(crate::average(&x, axis, w.as_ref()))
        }
    }),
    e!("trace(a, offset=0, axis1=0, axis2=1, dtype=None)", |a| one(
        crate::trace(
            &a.array("a")?,
            a.isize("offset")?,
            a.isize("axis1")?,
            a.isize("axis2")?,
            a.dtype("dtype")?
        )
    )),
    e!("diff(a, n=1, axis=-1)", |a| one(crate::diff(
        &a.array("a")?,
        a.usize("n")?,
        a.isize("axis")?
    ))),
    e!("bincount(x, weights=None, minlength=0)", |a| one(
        crate::bincount(
            &a.array("x")?,
            a.opt_array("weights")?.as_ref(),
            a.usize("minlength")?
        )
    )),
    e!(
        "histogram(a, bins=10, range=None, density=None, weights=None)",
        histogram
    ),
    e!("cov(m, y=None, rowvar=True, bias=False, ddof=None)", |a| {
        if !a.is_none("y") {
            return Err(a.unsupported("y"));
        }
        one(crate::cov(
            &a.array("m")?,
            a.bool("rowvar")?,
            a.bool("bias")?,
            a.opt_int("ddof")?,
        ))
    }),
    e!("corrcoef(x, y=None, rowvar=True)", |a| {
        if !a.is_none("y") {
            return Err(a.unsupported("y"));
        }
        one(crate::corrcoef(&a.array("x")?, a.bool("rowvar")?))
    }),
];

fn reduction(a: &Args<'_>, op: ReduceOp) -> Result<Vec<Value>> {
    let x = a.array("a")?;
    let axes = a.reduce_axes("axis")?;
    let keepdims = a.bool("keepdims")?;
    let sig = a.signature();
    let dtype = if sig.contains("dtype") {
        a.dtype("dtype")?
    } else {
        None
    };
    if sig.contains("initial")
        && let Some(init) = a.opt_scalar("initial")?
    {
        return one(reduce::reduce_initial(op, &x, axes, keepdims, dtype, init));
    }
    let ddof = if sig.contains("ddof") {
        a.float("ddof")?
    } else {
        0.0
    };
    one(reduce::reduce(op, &x, axes, keepdims, dtype, ddof))
}

fn scan(a: &Args<'_>, op: ScanOp) -> Result<Vec<Value>> {
    one(reduce::scan(
        op,
        &a.array("a")?,
        a.opt_isize("axis")?,
        a.dtype("dtype")?,
    ))
}

type Q1 = fn(&crate::Array, f64, Option<isize>, bool, QuantileMethod) -> Result<crate::Array>;
type QN = fn(&crate::Array, &[f64], Option<isize>, bool, QuantileMethod) -> Result<crate::Array>;

fn quantile(a: &Args<'_>, q: &str, f1: Q1, fnn: QN) -> Result<Vec<Value>> {
    let method = match a.str("method")? {
        "linear" => QuantileMethod::Linear,
        "lower" => QuantileMethod::Lower,
        "higher" => QuantileMethod::Higher,
        "nearest" => QuantileMethod::Nearest,
        "midpoint" => QuantileMethod::Midpoint,
        _ => return Err(a.unsupported("method")),
    };
    let x = a.array("a")?;
    let axis = a.opt_isize("axis")?;
    let keepdims = a.bool("keepdims")?;
    let scalar_q = match a.get(q) {
        Value::Array(qa) => qa.ndim() == 0,
        Value::List(_) => false,
        _ => true,
    };
    if scalar_q {
        one(f1(&x, a.float(q)?, axis, keepdims, method))
    } else {
        one(fnn(&x, &a.floats(q)?, axis, keepdims, method))
    }
}

fn histogram(a: &Args<'_>) -> Result<Vec<Value>> {
    let x = a.array("a")?;
    let w = a.opt_array("weights")?;
    let density = !a.is_none("density") && a.bool("density")?;
    let range = if a.is_none("range") {
        None
    } else {
        match a.floats("range")?.as_slice() {
            [lo, hi] => Some((*lo, *hi)),
            _ => return Err(a.unsupported("range")),
        }
    };
    match a.get("bins") {
        Value::Int(_) => two(crate::histogram(
            &x,
            a.usize("bins")?,
            range,
            w.as_ref(),
            density,
        )),
        _ => {
            let edges = a.array("bins")?;
            let h = crate::histogram_edges(&x, &edges, w.as_ref(), density)?;
            Ok(vec![Value::Array(h), Value::Array(edges)])
        }
    }
}

/// `cumulative_sum`/`cumulative_prod` (`f`) of `x` along `axis` in `dtype`, with or without
/// the initial value.
fn cumulative(
    a: &Args<'_>,
    f: fn(&crate::Array, Option<isize>, Option<crate::DType>, bool) -> Result<crate::Array>,
) -> Result<Vec<Value>> {
    one(f(
        &a.array("x")?,
        a.opt_isize("axis")?,
        a.dtype("dtype")?,
        a.bool("include_initial")?,
    ))
}

/// `nancumsum`/`nancumprod` (`f`) of `a` along `axis`.
fn nan_scan(
    a: &Args<'_>,
    f: fn(&crate::Array, Option<isize>) -> Result<crate::Array>,
) -> Result<Vec<Value>> {
    one(f(&a.array("a")?, a.opt_isize("axis")?))
}
