//! Dispatch arms for the routines of `cuprum_core::routines` (issue 23): set operations, more
//! statistics, mathematical routines, index helpers, manipulation, creation, polynomials,
//! windows, the composed ufuncs (`logaddexp`, `gcd`, `ldexp`, ...) and the ufunc methods
//! (`<ufunc>.reduce`, `.accumulate`, `.reduceat`, `.outer`, `.at`). In-place NumPy functions
//! (`put_along_axis`, `putmask`, `place`, `fill_diagonal`, `<ufunc>.at`) run on a copy of
//! their first input, which is the case's output.

use super::{OpResult, one};
use crate::CaseError;
use crate::cx::CaseCx;
use cuprum::indexing::IndexMode;
use cuprum::{Array, Bins, ConvolveMode, QuantileMethod, Ufunc};

type R<T> = Result<T, CaseError>;

fn need<T>(v: Option<T>, what: &str) -> R<T> {
    v.ok_or_else(|| CaseError::harness(format!("needs {what}")))
}

fn isize_opt(v: Option<i64>) -> Option<isize> {
    v.map(|x| x as isize)
}

fn mode(cx: &CaseCx<'_>, default: &str) -> R<ConvolveMode> {
    Ok(ConvolveMode::parse(cx.kw_str("mode")?.unwrap_or(default))?)
}

fn index_mode(cx: &CaseCx<'_>) -> R<IndexMode> {
    match cx.kw_str("mode")? {
        None | Some("raise") => Ok(IndexMode::Raise),
        Some("wrap") => Ok(IndexMode::Wrap),
        Some("clip") => Ok(IndexMode::Clip),
        Some(m) => Err(CaseError::harness(format!("unknown mode {m:?}"))),
    }
}

fn qmethod(cx: &CaseCx<'_>) -> R<QuantileMethod> {
    Ok(match cx.kw_str("method")? {
        None | Some("linear") => QuantileMethod::Linear,
        Some("lower") => QuantileMethod::Lower,
        Some("higher") => QuantileMethod::Higher,
        Some("nearest") => QuantileMethod::Nearest,
        Some("midpoint") => QuantileMethod::Midpoint,
        Some(m) => return Err(CaseError::unsupported(format!("quantile method {m:?}"))),
    })
}

/// A float list keyword (`k` as a number or a list of numbers).
fn kw_f64s(cx: &CaseCx<'_>, k: &str) -> R<Option<Vec<f64>>> {
    match cx.kw(k) {
        None => Ok(None),
        Some(v) if v.is_array() => Ok(Some(
            v.as_array()
                .into_iter()
                .flatten()
                .map(|x| {
                    x.as_f64()
                        .ok_or_else(|| CaseError::harness(format!("{k} must hold numbers")))
                })
                .collect::<R<_>>()?,
        )),
        Some(_) => Ok(cx.kw_f64(k)?.map(|x| vec![x])),
    }
}

/// An integer argument given as keyword `k` or as input `i` (a 0-d array).
fn int_arg(cx: &CaseCx<'_>, k: &str, i: usize) -> R<i64> {
    if let Some(v) = cx.kw_i64(k)? {
        return Ok(v);
    }
    Ok(cx.scalar(i)?.as_i64())
}

/// The NumPy names this table dispatches (besides `<ufunc>.<method>`).
pub const NAMES: &[&str] = &[
    "isin",
    "in1d",
    "intersect1d",
    "union1d",
    "setdiff1d",
    "setxor1d",
    "average",
    "nanmedian",
    "nanquantile",
    "nanpercentile",
    "digitize",
    "histogram2d",
    "histogramdd",
    "convolve",
    "correlate",
    "interp",
    "nan_to_num",
    "cross",
    "gradient",
    "trapezoid",
    "trapz",
    "nancumsum",
    "nancumprod",
    "ediff1d",
    "unwrap",
    "fix",
    "sinc",
    "i0",
    "isneginf",
    "isposinf",
    "isreal",
    "iscomplex",
    "atleast_1d",
    "atleast_2d",
    "atleast_3d",
    "fliplr",
    "flipud",
    "matrix_transpose",
    "asfortranarray",
    "poly",
    "roots",
    "logaddexp",
    "logaddexp2",
    "gcd",
    "lcm",
    "float_power",
    "heaviside",
    "ldexp",
    "modf",
    "frexp",
    "indices",
    "unravel_index",
    "ravel_multi_index",
    "tril_indices",
    "triu_indices",
    "tril_indices_from",
    "triu_indices_from",
    "diag_indices",
    "diag_indices_from",
    "put_along_axis",
    "putmask",
    "place",
    "fill_diagonal",
    "choose",
    "extract",
    "lexsort",
    "packbits",
    "unpackbits",
    "sliding_window_view",
    "lib.stride_tricks.sliding_window_view",
    "column_stack",
    "dstack",
    "hsplit",
    "vsplit",
    "dsplit",
    "append",
    "delete",
    "insert",
    "resize",
    "rot90",
    "trim_zeros",
    "rollaxis",
    "logspace",
    "geomspace",
    "diagflat",
    "vander",
    "polyval",
    "polyadd",
    "polysub",
    "polymul",
    "polydiv",
    "polyder",
    "polyint",
    "polyfit",
    "hanning",
    "hamming",
    "blackman",
    "bartlett",
    "kaiser",
];

/// Runs `op` when it is in this table; `None` otherwise.
pub fn dispatch(op: &str, cx: &CaseCx<'_>) -> Option<OpResult> {
    if let Some((name, method)) = op.rsplit_once('.')
        && let Some(u) = Ufunc::from_name(name)
    {
        return Some(ufunc_method(u, method, cx));
    }
    if !NAMES.contains(&op) {
        return None;
    }
    Some((|| -> OpResult {
        match op {
            // ---- sets
            "isin" | "in1d" => {
                cx.only_kwargs(&["invert"])?;
                let inv = cx.kw_bool("invert")?.unwrap_or(false);
                if op == "isin" {
                    one(cuprum::isin(cx.array(0)?, cx.array(1)?, inv))
                } else {
                    one(cuprum::in1d(cx.array(0)?, cx.array(1)?, inv))
                }
            }
            "intersect1d" | "union1d" | "setdiff1d" | "setxor1d" => {
                cx.only_kwargs(&[])?;
                let (a, b) = (cx.array(0)?, cx.array(1)?);
                one(match op {
                    "intersect1d" => cuprum::intersect1d(a, b),
                    "union1d" => cuprum::union1d(a, b),
                    "setdiff1d" => cuprum::setdiff1d(a, b),
                    _ => cuprum::setxor1d(a, b),
                })
            }
            // ---- statistics
            "average" => {
                cx.only_kwargs(&["axis", "returned", "weights"])?;
                let axis = isize_opt(cx.kw_i64("axis")?);
                let w = if cx.n_inputs() > 1 {
                    Some(cx.array(1)?)
                } else {
                    None
                };
                if cx.kw_bool("returned")?.unwrap_or(false) {
                    let (a, s) = cuprum::average_returned(cx.array(0)?, axis, w)?;
                    Ok(vec![a, s])
                } else {
                    one(cuprum::average(cx.array(0)?, axis, w))
                }
            }
            "nanmedian" => {
                cx.only_kwargs(&["axis", "keepdims"])?;
                one(cuprum::nanmedian(
                    cx.array(0)?,
                    isize_opt(cx.kw_i64("axis")?),
                    cx.kw_bool("keepdims")?.unwrap_or(false),
                ))
            }
            "nanquantile" | "nanpercentile" => {
                cx.only_kwargs(&["q", "axis", "keepdims", "method"])?;
                let axis = isize_opt(cx.kw_i64("axis")?);
                let kd = cx.kw_bool("keepdims")?.unwrap_or(false);
                let m = qmethod(cx)?;
                let a = cx.array(0)?;
                let scalar_q = cx.kw("q").is_some_and(|v| !v.is_array());
                let q = match kw_f64s(cx, "q")? {
                    Some(q) => q,
                    None => cx
                        .array(1)?
                        .astype(cuprum::DType::Float64)?
                        .to_vec::<f64>()?,
                };
                let scalar_q = scalar_q || (cx.kw("q").is_none() && cx.array(1)?.ndim() == 0);
                one(match (op, scalar_q) {
                    ("nanquantile", true) => cuprum::nanquantile(a, q[0], axis, kd, m),
                    ("nanquantile", false) => cuprum::nanquantiles(a, &q, axis, kd, m),
                    (_, true) => cuprum::nanpercentile(a, q[0], axis, kd, m),
                    _ => cuprum::nanpercentiles(a, &q, axis, kd, m),
                })
            }
            "digitize" => {
                cx.only_kwargs(&["right"])?;
                one(cuprum::digitize(
                    cx.array(0)?,
                    cx.array(1)?,
                    cx.kw_bool("right")?.unwrap_or(false),
                ))
            }
            "histogram2d" | "histogramdd" => {
                cx.only_kwargs(&["bins", "density"])?;
                let density = cx.kw_bool("density")?.unwrap_or(false);
                let dims = if op == "histogram2d" {
                    2
                } else {
                    cx.array(0)?.shape().get(1).copied().unwrap_or(1)
                };
                let bins: Vec<usize> = match cx.kw_shape("bins")? {
                    None => vec![10; dims],
                    Some(b) if b.len() == 1 => vec![b[0]; dims],
                    Some(b) => b,
                };
                if op == "histogram2d" {
                    let (h, ex, ey) = cuprum::histogram2d(
                        cx.array(0)?,
                        cx.array(1)?,
                        Bins::Count(bins[0], None),
                        Bins::Count(bins[1], None),
                        None,
                        density,
                    )?;
                    Ok(vec![h, ex, ey])
                } else {
                    let b: Vec<Bins> = bins.iter().map(|&k| Bins::Count(k, None)).collect();
                    let (h, e) = cuprum::histogramdd(cx.array(0)?, &b, None, density)?;
                    Ok(std::iter::once(h).chain(e).collect())
                }
            }
            // ---- math
            "convolve" => {
                cx.only_kwargs(&["mode"])?;
                one(cuprum::convolve(
                    cx.array(0)?,
                    cx.array(1)?,
                    mode(cx, "full")?,
                ))
            }
            "correlate" => {
                cx.only_kwargs(&["mode"])?;
                one(cuprum::correlate(
                    cx.array(0)?,
                    cx.array(1)?,
                    mode(cx, "valid")?,
                ))
            }
            "interp" => {
                cx.only_kwargs(&["left", "right"])?;
                one(cuprum::interp(
                    cx.array(0)?,
                    cx.array(1)?,
                    cx.array(2)?,
                    cx.kw_f64("left")?,
                    cx.kw_f64("right")?,
                ))
            }
            "nan_to_num" => {
                cx.only_kwargs(&["nan", "posinf", "neginf"])?;
                one(cuprum::nan_to_num(
                    cx.array(0)?,
                    cx.kw_f64("nan")?.unwrap_or(0.0),
                    cx.kw_f64("posinf")?,
                    cx.kw_f64("neginf")?,
                ))
            }
            "cross" => {
                cx.only_kwargs(&["axis"])?;
                one(cuprum::cross(
                    cx.array(0)?,
                    cx.array(1)?,
                    cx.kw_i64("axis")?.unwrap_or(-1) as isize,
                ))
            }
            "gradient" => {
                cx.only_kwargs(&["axis", "edge_order", "varargs"])?;
                let axes: Option<Vec<isize>> = cx
                    .kw_ints("axis")?
                    .map(|v| v.into_iter().map(|x| x as isize).collect());
                let h = kw_f64s(cx, "varargs")?.unwrap_or_default();
                let eo = cx.kw_usize("edge_order")?.unwrap_or(1);
                Ok(cuprum::gradient(cx.array(0)?, &h, axes.as_deref(), eo)?)
            }
            "trapezoid" | "trapz" => {
                cx.only_kwargs(&["dx", "axis"])?;
                let x = if cx.n_inputs() > 1 {
                    Some(cx.array(1)?)
                } else {
                    None
                };
                one(cuprum::trapezoid(
                    cx.array(0)?,
                    x,
                    cx.kw_f64("dx")?.unwrap_or(1.0),
                    cx.kw_i64("axis")?.unwrap_or(-1) as isize,
                ))
            }
            "nancumsum" | "nancumprod" => {
                cx.only_kwargs(&["axis"])?;
                let axis = isize_opt(cx.kw_i64("axis")?);
                one(if op == "nancumsum" {
                    cuprum::nancumsum(cx.array(0)?, axis)
                } else {
                    cuprum::nancumprod(cx.array(0)?, axis)
                })
            }
            "ediff1d" => {
                cx.only_kwargs(&["to_end", "to_begin"])?;
                let a = cx.array(0)?;
                let mk = |k: &str| -> R<Option<Array>> {
                    kw_f64s(cx, k)?
                        .map(|v| -> R<Array> {
                            let n = v.len();
                            Ok(Array::from_vec_on(v, &[n], a.device())?)
                        })
                        .transpose()
                };
                let (e, b) = (mk("to_end")?, mk("to_begin")?);
                one(cuprum::ediff1d(a, e.as_ref(), b.as_ref()))
            }
            "unwrap" => {
                cx.only_kwargs(&["discont", "axis", "period"])?;
                one(cuprum::unwrap(
                    cx.array(0)?,
                    cx.kw_f64("discont")?,
                    cx.kw_i64("axis")?.unwrap_or(-1) as isize,
                    cx.kw_f64("period")?.unwrap_or(std::f64::consts::TAU),
                ))
            }
            "fix" | "sinc" | "i0" | "isneginf" | "isposinf" | "isreal" | "iscomplex"
            | "atleast_1d" | "atleast_2d" | "atleast_3d" | "fliplr" | "flipud"
            | "matrix_transpose" | "asfortranarray" | "poly" | "roots" => {
                cx.only_kwargs(&[])?;
                let a = cx.array(0)?;
                one(match op {
                    "fix" => cuprum::fix(a),
                    "sinc" => cuprum::sinc(a),
                    "i0" => cuprum::i0(a),
                    "isneginf" => cuprum::isneginf(a),
                    "isposinf" => cuprum::isposinf(a),
                    "isreal" => cuprum::isreal(a),
                    "iscomplex" => cuprum::iscomplex(a),
                    "atleast_1d" => cuprum::atleast_1d(a),
                    "atleast_2d" => cuprum::atleast_2d(a),
                    "atleast_3d" => cuprum::atleast_3d(a),
                    "fliplr" => cuprum::fliplr(a),
                    "flipud" => cuprum::flipud(a),
                    "matrix_transpose" => cuprum::matrix_transpose(a),
                    "asfortranarray" => cuprum::asfortranarray(a),
                    "poly" => cuprum::poly(a),
                    _ => cuprum::roots(a),
                })
            }
            // ---- composed ufuncs
            "logaddexp" | "logaddexp2" | "gcd" | "lcm" | "float_power" | "heaviside" | "ldexp" => {
                cx.only_kwargs(&[])?;
                let u = need(Ufunc::from_name(op), "a ufunc")?;
                one(u.call(cx.array(0)?, cx.array(1)?))
            }
            "modf" | "frexp" => {
                cx.only_kwargs(&[])?;
                let (x, y) = if op == "modf" {
                    cuprum::modf(cx.array(0)?)?
                } else {
                    cuprum::frexp(cx.array(0)?)?
                };
                Ok(vec![x, y])
            }
            // ---- indexing
            "indices" => {
                cx.only_kwargs(&["dimensions"])?;
                one(cuprum::indices(
                    &need(cx.kw_shape("dimensions")?, "dimensions")?,
                    cuprum::current_device(),
                ))
            }
            "unravel_index" => {
                cx.only_kwargs(&["shape"])?;
                Ok(cuprum::unravel_index(
                    cx.array(0)?,
                    &need(cx.kw_shape("shape")?, "shape")?,
                )?)
            }
            "ravel_multi_index" => {
                cx.only_kwargs(&["dims"])?;
                let ins = cx.arrays()?;
                one(cuprum::ravel_multi_index(
                    &ins,
                    &need(cx.kw_shape("dims")?, "dims")?,
                ))
            }
            "tril_indices" | "triu_indices" => {
                cx.only_kwargs(&["n", "k", "m"])?;
                let n = int_arg(cx, "n", 0)? as usize;
                let k = cx.kw_i64("k")?.unwrap_or(0) as isize;
                let m = cx.kw_usize("m")?;
                let d = cuprum::current_device();
                Ok(if op == "tril_indices" {
                    cuprum::tril_indices(n, k, m, d)?
                } else {
                    cuprum::triu_indices(n, k, m, d)?
                })
            }
            "tril_indices_from" | "triu_indices_from" => {
                cx.only_kwargs(&["k"])?;
                let k = cx.kw_i64("k")?.unwrap_or(0) as isize;
                Ok(if op == "tril_indices_from" {
                    cuprum::tril_indices_from(cx.array(0)?, k)?
                } else {
                    cuprum::triu_indices_from(cx.array(0)?, k)?
                })
            }
            "diag_indices" => {
                cx.only_kwargs(&["n", "ndim"])?;
                let n = int_arg(cx, "n", 0)? as usize;
                Ok(cuprum::diag_indices(
                    n,
                    cx.kw_usize("ndim")?.unwrap_or(2),
                    cuprum::current_device(),
                )?)
            }
            "diag_indices_from" => {
                cx.only_kwargs(&[])?;
                Ok(cuprum::diag_indices_from(cx.array(0)?)?)
            }
            "put_along_axis" => {
                cx.only_kwargs(&["axis"])?;
                let a = cx.array(0)?.copy()?;
                cuprum::put_along_axis(
                    &a,
                    cx.array(1)?,
                    cx.array(2)?,
                    need(cx.kw_i64("axis")?, "axis")? as isize,
                )?;
                Ok(vec![a])
            }
            "putmask" | "place" => {
                cx.only_kwargs(&[])?;
                let a = cx.array(0)?.copy()?;
                if op == "putmask" {
                    cuprum::putmask(&a, cx.array(1)?, cx.array(2)?)?
                } else {
                    cuprum::place(&a, cx.array(1)?, cx.array(2)?)?
                }
                Ok(vec![a])
            }
            "fill_diagonal" => {
                cx.only_kwargs(&["wrap"])?;
                let a = cx.array(0)?.copy()?;
                cuprum::fill_diagonal(&a, cx.array(1)?, cx.kw_bool("wrap")?.unwrap_or(false))?;
                Ok(vec![a])
            }
            "choose" => {
                cx.only_kwargs(&["mode"])?;
                let ins = cx.arrays()?;
                one(cuprum::choose(ins[0], &ins[1..], index_mode(cx)?))
            }
            "extract" => {
                cx.only_kwargs(&[])?;
                one(cuprum::extract(cx.array(0)?, cx.array(1)?))
            }
            "lexsort" => {
                cx.only_kwargs(&[])?;
                let ins = cx.arrays()?;
                let rows: Vec<Array> = if ins.len() == 1 && ins[0].ndim() == 2 {
                    (0..ins[0].shape()[0])
                        .map(|i| ins[0].index_axis(0, i as isize))
                        .collect::<Result<_, _>>()?
                } else {
                    ins.iter().map(|a| (*a).clone()).collect()
                };
                one(cuprum::lexsort(&rows.iter().collect::<Vec<_>>()))
            }
            "packbits" | "unpackbits" => {
                cx.only_kwargs(&["axis", "bitorder", "count"])?;
                let axis = isize_opt(cx.kw_i64("axis")?);
                let little = cx.kw_str("bitorder")? == Some("little");
                one(if op == "packbits" {
                    cuprum::packbits(cx.array(0)?, axis, little)
                } else {
                    cuprum::unpackbits(cx.array(0)?, axis, cx.kw_usize("count")?, little)
                })
            }
            "sliding_window_view" | "lib.stride_tricks.sliding_window_view" => {
                cx.only_kwargs(&["window_shape", "axis"])?;
                let w = need(cx.kw_shape("window_shape")?, "window_shape")?;
                let axes: Option<Vec<isize>> = cx
                    .kw_ints("axis")?
                    .map(|v| v.into_iter().map(|x| x as isize).collect());
                one(cuprum::sliding_window_view(
                    cx.array(0)?,
                    &w,
                    axes.as_deref(),
                ))
            }
            // ---- manipulation
            "column_stack" | "dstack" => {
                cx.only_kwargs(&[])?;
                let ins = cx.arrays()?;
                one(if op == "column_stack" {
                    cuprum::column_stack(&ins)
                } else {
                    cuprum::dstack(&ins)
                })
            }
            "hsplit" | "vsplit" | "dsplit" => {
                cx.only_kwargs(&["indices_or_sections"])?;
                let s = need(cx.kw("indices_or_sections"), "indices_or_sections")?;
                let sec: cuprum::manip::Sections = if s.is_array() {
                    need(cx.kw_ints("indices_or_sections")?, "indices")?
                        .into_iter()
                        .map(|x| x as isize)
                        .collect::<Vec<_>>()
                        .into()
                } else {
                    need(cx.kw_usize("indices_or_sections")?, "sections")?.into()
                };
                let a = cx.array(0)?;
                Ok(match op {
                    "hsplit" => cuprum::hsplit(a, sec)?,
                    "vsplit" => cuprum::vsplit(a, sec)?,
                    _ => cuprum::dsplit(a, sec)?,
                })
            }
            "append" => {
                cx.only_kwargs(&["axis"])?;
                one(cuprum::append(
                    cx.array(0)?,
                    cx.array(1)?,
                    isize_opt(cx.kw_i64("axis")?),
                ))
            }
            "delete" => {
                cx.only_kwargs(&["obj", "axis"])?;
                one(cuprum::delete(
                    cx.array(0)?,
                    &need(cx.kw_ints("obj")?, "obj")?,
                    isize_opt(cx.kw_i64("axis")?),
                ))
            }
            "insert" => {
                cx.only_kwargs(&["obj", "axis"])?;
                one(cuprum::insert(
                    cx.array(0)?,
                    &need(cx.kw_ints("obj")?, "obj")?,
                    cx.array(1)?,
                    isize_opt(cx.kw_i64("axis")?),
                ))
            }
            "resize" => {
                cx.only_kwargs(&["new_shape"])?;
                one(cuprum::resize(
                    cx.array(0)?,
                    &need(cx.kw_shape("new_shape")?, "new_shape")?,
                ))
            }
            "rot90" => {
                cx.only_kwargs(&["k", "axes"])?;
                let ax = cx.kw_ints("axes")?.unwrap_or(vec![0, 1]);
                if ax.len() != 2 {
                    return Err(CaseError::harness("axes must hold two axes"));
                }
                one(cuprum::rot90(
                    cx.array(0)?,
                    cx.kw_i64("k")?.unwrap_or(1),
                    [ax[0] as isize, ax[1] as isize],
                ))
            }
            "trim_zeros" => {
                cx.only_kwargs(&["trim"])?;
                one(cuprum::trim_zeros(
                    cx.array(0)?,
                    cx.kw_str("trim")?.unwrap_or("fb"),
                ))
            }
            "rollaxis" => {
                cx.only_kwargs(&["axis", "start"])?;
                one(cuprum::rollaxis(
                    cx.array(0)?,
                    need(cx.kw_i64("axis")?, "axis")? as isize,
                    cx.kw_i64("start")?.unwrap_or(0) as isize,
                ))
            }
            // ---- creation
            "logspace" | "geomspace" => {
                cx.only_kwargs(&["start", "stop", "num", "endpoint", "base", "dtype"])?;
                let start = need(cx.kw_f64("start")?, "start")?;
                let stop = need(cx.kw_f64("stop")?, "stop")?;
                let num = cx.kw_usize("num")?.unwrap_or(50);
                let ep = cx.kw_bool("endpoint")?.unwrap_or(true);
                let dt = cx.kw_dtype("dtype")?;
                let d = cuprum::current_device();
                one(if op == "logspace" {
                    cuprum::logspace(
                        start,
                        stop,
                        num,
                        ep,
                        cx.kw_f64("base")?.unwrap_or(10.0),
                        dt,
                        d,
                    )
                } else {
                    cuprum::geomspace(start, stop, num, ep, dt, d)
                })
            }
            "diagflat" => {
                cx.only_kwargs(&["k"])?;
                one(cuprum::diagflat(
                    cx.array(0)?,
                    cx.kw_i64("k")?.unwrap_or(0) as isize,
                ))
            }
            "vander" => {
                cx.only_kwargs(&["N", "increasing"])?;
                one(cuprum::vander(
                    cx.array(0)?,
                    cx.kw_usize("N")?,
                    cx.kw_bool("increasing")?.unwrap_or(false),
                ))
            }
            // ---- polynomials
            "polyval" | "polyadd" | "polysub" | "polymul" => {
                cx.only_kwargs(&[])?;
                let (a, b) = (cx.array(0)?, cx.array(1)?);
                one(match op {
                    "polyval" => cuprum::polyval(a, b),
                    "polyadd" => cuprum::polyadd(a, b),
                    "polysub" => cuprum::polysub(a, b),
                    _ => cuprum::polymul(a, b),
                })
            }
            "polydiv" => {
                cx.only_kwargs(&[])?;
                let (q, r) = cuprum::polydiv(cx.array(0)?, cx.array(1)?)?;
                Ok(vec![q, r])
            }
            "polyder" => {
                cx.only_kwargs(&["m"])?;
                one(cuprum::polyder(
                    cx.array(0)?,
                    cx.kw_usize("m")?.unwrap_or(1),
                ))
            }
            "polyint" => {
                cx.only_kwargs(&["m", "k"])?;
                one(cuprum::polyint(
                    cx.array(0)?,
                    cx.kw_usize("m")?.unwrap_or(1),
                    &kw_f64s(cx, "k")?.unwrap_or_default(),
                ))
            }
            "polyfit" => {
                cx.only_kwargs(&["deg"])?;
                let deg = int_arg(cx, "deg", 2)? as usize;
                one(cuprum::polyfit(cx.array(0)?, cx.array(1)?, deg, None))
            }
            // ---- windows
            "hanning" | "hamming" | "blackman" | "bartlett" | "kaiser" => {
                cx.only_kwargs(&["M", "beta"])?;
                let m = int_arg(cx, "M", 0)?.max(0) as usize;
                let d = cuprum::current_device();
                one(match op {
                    "hanning" => cuprum::hanning(m, d),
                    "hamming" => cuprum::hamming(m, d),
                    "blackman" => cuprum::blackman(m, d),
                    "bartlett" => cuprum::bartlett(m, d),
                    _ => cuprum::kaiser(m, need(cx.kw_f64("beta")?, "beta")?, d),
                })
            }
            _ => Err(CaseError::harness(format!(
                "{op} is in NAMES without an arm"
            ))),
        }
    })())
}

fn ufunc_method(u: Ufunc, method: &str, cx: &CaseCx<'_>) -> OpResult {
    match method {
        "reduce" => {
            cx.only_kwargs(&["axis", "keepdims"])?;
            // NumPy's default axis is 0; `axis: null` (absent here) reduces every axis only
            // when given explicitly, which a JSON null cannot distinguish: absent means 0
            let axis = match cx.case.kwargs.get("axis").is_some_and(|v| v.is_null()) {
                true => None,
                false => Some(cx.kw_i64("axis")?.unwrap_or(0) as isize),
            };
            one(cuprum::ufunc_reduce(
                u,
                cx.array(0)?,
                axis,
                cx.kw_bool("keepdims")?.unwrap_or(false),
            ))
        }
        "accumulate" => {
            cx.only_kwargs(&["axis"])?;
            one(cuprum::ufunc_accumulate(
                u,
                cx.array(0)?,
                cx.kw_i64("axis")?.unwrap_or(0) as isize,
            ))
        }
        "reduceat" => {
            cx.only_kwargs(&["axis"])?;
            one(cuprum::ufunc_reduceat(
                u,
                cx.array(0)?,
                cx.array(1)?,
                cx.kw_i64("axis")?.unwrap_or(0) as isize,
            ))
        }
        "outer" => {
            cx.only_kwargs(&[])?;
            one(cuprum::ufunc_outer(u, cx.array(0)?, cx.array(1)?))
        }
        "at" => {
            cx.only_kwargs(&[])?;
            let a = cx.array(0)?.copy()?;
            cuprum::ufunc_at(u, &a, cx.array(1)?, cx.array(2)?)?;
            Ok(vec![a])
        }
        m => Err(CaseError::unsupported(format!("ufunc method {m:?}"))),
    }
}
