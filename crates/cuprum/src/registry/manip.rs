//! Shapes, joining and splitting, views, indexing routines and products: `reshape`,
//! `transpose`, `concatenate`, `stack`, `split`, `array_split`, `tile`, `repeat`, `pad`,
//! `take`, `nonzero`, `argwhere`, `ravel_multi_index`, `matmul`, `einsum`, ...

use super::{Args, Entry, Value, e, many, one};
use crate::indexing::IndexMode;
use crate::manip::{PadMode, Sections};
use crate::products::TensorAxes;
use crate::{Array, Error, Result, Scalar};

/// `name(a)` over one array.
macro_rules! m1 {
    ($sig:literal, $p:literal, $f:path) => {
        e!($sig, |a| one($f(&a.array($p)?)))
    };
}
/// `name(a, b)` over two arrays.
macro_rules! m2 {
    ($sig:literal, $p:literal, $q:literal, $f:path) => {
        e!($sig, |a| one($f(&a.array($p)?, &a.array($q)?)))
    };
}
/// `name(tup)`: a sequence of arrays to one array.
macro_rules! seq {
    ($sig:literal, $p:literal, $f:path) => {
        e!($sig, |a| {
            let v = a.arrays($p)?;
            one($f(&refs(&v)))
        })
    };
}

pub(super) static ENTRIES: &[Entry] = &[
    // shapes and views
    e!(
        "reshape(a, shape=None, order='C', *, newshape=None, copy=None)",
        reshape
    ),
    e!("ravel(a, order='C')", |a| {
        c_order(a)?;
        one(a.array("a")?.ravel())
    }),
    e!("transpose(a, axes=None)", |a| {
        let x = a.array("a")?;
        match a.opt_axes("axes")? {
            None => one(x.transpose()),
            Some(ax) => one(x.permute_dims(&ax)),
        }
    }),
    e!("permute_dims(a, axes=None)", |a| {
        let x = a.array("a")?;
        match a.opt_axes("axes")? {
            None => one(x.transpose()),
            Some(ax) => one(x.permute_dims(&ax)),
        }
    }),
    e!("moveaxis(a, source, destination)", |a| one(a
        .array("a")?
        .moveaxis(&a.axes("source")?, &a.axes("destination")?))),
    e!("swapaxes(a, axis1, axis2)", |a| one(a
        .array("a")?
        .swapaxes(a.isize("axis1")?, a.isize("axis2")?))),
    e!("rollaxis(a, axis, start=0)", |a| one(crate::rollaxis(
        &a.array("a")?,
        a.isize("axis")?,
        a.isize("start")?
    ))),
    e!("matrix_transpose(x)", |a| one(crate::matrix_transpose(
        &a.array("x")?
    ))),
    e!("squeeze(a, axis=None)", |a| one(a
        .array("a")?
        .squeeze(a.opt_axes("axis")?.as_deref()))),
    e!("expand_dims(a, axis)", |a| one(a
        .array("a")?
        .expand_dims_axes(&a.axes("axis")?))),
    e!("broadcast_to(array, shape)", |a| one(a
        .array("array")?
        .broadcast_to(&a.shape("shape")?[..]))),
    e!("broadcast_arrays(*args)", |a| {
        let v = a.arrays("args")?;
        many(crate::broadcast_arrays(&refs(&v)))
    }),
    e!("atleast_1d(*arys)", |a| atleast(a, crate::atleast_1d)),
    e!("atleast_2d(*arys)", |a| atleast(a, crate::atleast_2d)),
    e!("atleast_3d(*arys)", |a| atleast(a, crate::atleast_3d)),
    // joining
    e!("concatenate(arrays, axis=0, dtype=None)", |a| concat(
        a, "arrays"
    )),
    e!("concat(arrays, /, *, axis=0, dtype=None)", |a| concat(
        a, "arrays"
    )),
    e!("stack(arrays, axis=0, dtype=None)", |a| {
        let v = a.arrays("arrays")?;
        let r = crate::stack(&refs(&v), a.isize("axis")?)?;
        one(cast(r, a))
    }),
    seq!("vstack(tup)", "tup", crate::vstack),
    seq!("hstack(tup)", "tup", crate::hstack),
    seq!("dstack(tup)", "tup", crate::dstack),
    seq!("column_stack(tup)", "tup", crate::column_stack),
    e!("append(arr, values, axis=None)", |a| one(crate::append(
        &a.array("arr")?,
        &a.array("values")?,
        a.opt_isize("axis")?
    ))),
    // splitting
    e!("split(ary, indices_or_sections, axis=0)", |a| many(
        crate::split(&a.array("ary")?, sections(a)?, a.isize("axis")?)
    )),
    e!("array_split(ary, indices_or_sections, axis=0)", |a| many(
        crate::array_split(&a.array("ary")?, sections(a)?, a.isize("axis")?)
    )),
    e!("hsplit(ary, indices_or_sections)", |a| many(crate::hsplit(
        &a.array("ary")?,
        sections(a)?
    ))),
    e!("vsplit(ary, indices_or_sections)", |a| many(crate::vsplit(
        &a.array("ary")?,
        sections(a)?
    ))),
    e!("dsplit(ary, indices_or_sections)", |a| many(crate::dsplit(
        &a.array("ary")?,
        sections(a)?
    ))),
    // rearranging
    e!("tile(A, reps)", |a| one(crate::tile(
        &a.array("A")?,
        &a.shape("reps")?[..]
    ))),
    e!("repeat(a, repeats, axis=None)", |a| one(crate::repeat(
        &a.array("a")?,
        &a.ints("repeats")?,
        a.opt_isize("axis")?
    ))),
    e!("flip(m, axis=None)", |a| one(crate::flip(
        &a.array("m")?,
        a.opt_axes("axis")?.as_deref()
    ))),
    m1!("fliplr(m)", "m", crate::fliplr),
    m1!("flipud(m)", "m", crate::flipud),
    e!("roll(a, shift, axis=None)", |a| one(crate::roll(
        &a.array("a")?,
        &a.axes("shift")?,
        a.opt_axes("axis")?.as_deref()
    ))),
    e!("rot90(m, k=1, axes=(0, 1))", |a| {
        let ax = match a.axes("axes")?.as_slice() {
            [x, y] => [*x, *y],
            _ => return Err(a.unsupported("axes")),
        };
        one(crate::rot90(&a.array("m")?, a.int("k")?, ax))
    }),
    e!(
        "pad(array, pad_width, mode='constant', constant_values=0)",
        pad
    ),
    e!("resize(a, new_shape)", |a| one(crate::resize(
        &a.array("a")?,
        &a.shape("new_shape")?
    ))),
    e!("trim_zeros(filt, trim='fb')", |a| one(crate::trim_zeros(
        &a.array("filt")?,
        a.str("trim")?
    ))),
    e!("delete(arr, obj, axis=None)", |a| one(crate::delete(
        &a.array("arr")?,
        &a.ints("obj")?,
        a.opt_isize("axis")?
    ))),
    e!("insert(arr, obj, values, axis=None)", |a| one(
        crate::insert(
            &a.array("arr")?,
            &a.ints("obj")?,
            &a.array("values")?,
            a.opt_isize("axis")?
        )
    )),
    e!("diag(v, k=0)", |a| one(crate::diag(
        &a.array("v")?,
        a.isize("k")?
    ))),
    e!("diagonal(a, offset=0, axis1=0, axis2=1)", |a| one(
        crate::diagonal(
            &a.array("a")?,
            a.isize("offset")?,
            a.isize("axis1")?,
            a.isize("axis2")?
        )
    )),
    e!("tril(m, k=0)", |a| one(crate::tril(
        &a.array("m")?,
        a.isize("k")?
    ))),
    e!("triu(m, k=0)", |a| one(crate::triu(
        &a.array("m")?,
        a.isize("k")?
    ))),
    e!(
        "meshgrid(*xi, copy=True, sparse=False, indexing='xy')",
        |a| {
            if a.bool("sparse")? {
                return Err(a.unsupported("sparse"));
            }
            let v = a.arrays("xi")?;
            many(crate::meshgrid(&refs(&v), a.str("indexing")?))
        }
    ),
    // indexing routines
    e!("take(a, indices, axis=None, mode='raise')", |a| one(
        crate::take(
            &a.array("a")?,
            &a.array("indices")?,
            a.opt_isize("axis")?,
            index_mode(a)?
        )
    )),
    e!("take_along_axis(arr, indices, axis)", |a| {
        let x = a.array("arr")?;
        let idx = a.array("indices")?;
        match a.opt_isize("axis")? {
            Some(ax) => one(crate::take_along_axis(&x, &idx, ax)),
            None => one(crate::take_along_axis(
                &x.reshape(&[x.size()][..])?,
                &idx,
                0,
            )),
        }
    }),
    e!("nonzero(a)", |a| many(crate::nonzero(&a.array("a")?))),
    m1!("argwhere(a)", "a", crate::argwhere),
    m1!("flatnonzero(a)", "a", crate::flatnonzero),
    e!("compress(condition, a, axis=None)", |a| one(
        crate::compress(&a.array("condition")?, &a.array("a")?, a.opt_isize("axis")?)
    )),
    m2!(
        "extract(condition, arr)",
        "condition",
        "arr",
        crate::extract
    ),
    e!("choose(a, choices, mode='raise')", |a| {
        let c = a.arrays("choices")?;
        one(crate::choose(&a.array("a")?, &refs(&c), index_mode(a)?))
    }),
    e!("select(condlist, choicelist, default=0)", |a| {
        let c = a.arrays("condlist")?;
        let ch = a.arrays("choicelist")?;
        one(crate::select(&refs(&c), &refs(&ch), a.operand("default")?))
    }),
    e!(
        "ravel_multi_index(multi_index, dims, mode='raise', order='C')",
        |a| {
            if a.str("mode")? != "raise" {
                return Err(a.unsupported("mode"));
            }
            c_order(a)?;
            let idx = a.arrays("multi_index")?;
            one(crate::ravel_multi_index(&refs(&idx), &a.shape("dims")?))
        }
    ),
    e!("unravel_index(indices, shape, order='C')", |a| {
        c_order(a)?;
        many(crate::unravel_index(
            &a.array("indices")?,
            &a.shape("shape")?,
        ))
    }),
    e!("indices(dimensions, dtype=None, sparse=False)", |a| {
        if a.bool("sparse")? {
            return Err(a.unsupported("sparse"));
        }
        let r = crate::indices(&a.shape("dimensions")?, crate::current_device())?;
        one(match a.dtype("dtype")? {
            Some(d) => r.astype(d),
            None => Ok(r),
        })
    }),
    e!("tril_indices(n, k=0, m=None)", |a| many(
        crate::tril_indices(
            a.usize("n")?,
            a.isize("k")?,
            a.opt_usize("m")?,
            crate::current_device()
        )
    )),
    e!("triu_indices(n, k=0, m=None)", |a| many(
        crate::triu_indices(
            a.usize("n")?,
            a.isize("k")?,
            a.opt_usize("m")?,
            crate::current_device()
        )
    )),
    e!("tril_indices_from(arr, k=0)", |a| many(
        crate::tril_indices_from(&a.array("arr")?, a.isize("k")?)
    )),
    e!("triu_indices_from(arr, k=0)", |a| many(
        crate::triu_indices_from(&a.array("arr")?, a.isize("k")?)
    )),
    e!("diag_indices(n, ndim=2)", |a| many(crate::diag_indices(
        a.usize("n")?,
        a.usize("ndim")?,
        crate::current_device()
    ))),
    e!("diag_indices_from(arr)", |a| many(
        crate::diag_indices_from(&a.array("arr")?)
    )),
    e!("packbits(a, axis=None, bitorder='big')", |a| one(
        crate::packbits(&a.array("a")?, a.opt_isize("axis")?, little(a)?)
    )),
    e!(
        "unpackbits(a, axis=None, count=None, bitorder='big')",
        |a| one(crate::unpackbits(
            &a.array("a")?,
            a.opt_isize("axis")?,
            a.opt_usize("count")?,
            little(a)?
        ))
    ),
    e!("sliding_window_view(x, window_shape, axis=None)", |a| one(
        crate::sliding_window_view(
            &a.array("x")?,
            &a.shape("window_shape")?,
            a.opt_axes("axis")?.as_deref()
        )
    )),
    // in place, as NumPy's: the first argument changes, nothing is returned
    e!("put(a, ind, v, mode='raise')", |a| {
        crate::put(
            &a.array("a")?,
            &a.array("ind")?,
            &a.array("v")?,
            index_mode(a)?,
        )?;
        Ok(Vec::new())
    }),
    e!("put_along_axis(arr, indices, values, axis)", |a| {
        crate::put_along_axis(
            &a.array("arr")?,
            &a.array("indices")?,
            &a.array("values")?,
            a.isize("axis")?,
        )?;
        Ok(Vec::new())
    }),
    e!("putmask(a, mask, values)", |a| {
        crate::putmask(&a.array("a")?, &a.array("mask")?, &a.array("values")?)?;
        Ok(Vec::new())
    }),
    e!("place(arr, mask, vals)", |a| {
        crate::place(&a.array("arr")?, &a.array("mask")?, &a.array("vals")?)?;
        Ok(Vec::new())
    }),
    e!("fill_diagonal(a, val, wrap=False)", |a| {
        crate::fill_diagonal(&a.array("a")?, &a.array("val")?, a.bool("wrap")?)?;
        Ok(Vec::new())
    }),
    // products
    m2!("matmul(x1, x2)", "x1", "x2", crate::matmul),
    m2!("dot(a, b)", "a", "b", crate::dot),
    m2!("vdot(a, b)", "a", "b", crate::vdot),
    m2!("inner(a, b)", "a", "b", crate::inner),
    m2!("outer(a, b)", "a", "b", crate::outer),
    m2!("kron(a, b)", "a", "b", crate::kron),
    e!("tensordot(a, b, axes=2)", tensordot),
    e!("einsum(subscripts, *operands)", |a| {
        let v = a.arrays("operands")?;
        one(crate::einsum(a.str("subscripts")?, &refs(&v)))
    }),
    e!(
        "cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None)",
        |a| {
            let axis = match a.opt_isize("axis")? {
                Some(ax) => ax,
                None => {
                    let (x, y, z) = (a.isize("axisa")?, a.isize("axisb")?, a.isize("axisc")?);
                    if x != y || y != z {
                        return Err(a.unsupported("axisa"));
                    }
                    x
                }
            };
            one(crate::cross(&a.array("a")?, &a.array("b")?, axis))
        }
    ),
    // sets
    e!(
        "isin(element, test_elements, assume_unique=False, invert=False)",
        |a| one(crate::isin(
            &a.array("element")?,
            &a.array("test_elements")?,
            a.bool("invert")?
        ))
    ),
    e!(
        "in1d(ar1, ar2, assume_unique=False, invert=False)",
        |a| one(crate::in1d(
            &a.array("ar1")?,
            &a.array("ar2")?,
            a.bool("invert")?
        ))
    ),
    e!(
        "intersect1d(ar1, ar2, assume_unique=False, return_indices=False)",
        |a| {
            if a.bool("return_indices")? {
                return Err(a.unsupported("return_indices"));
            }
            one(crate::intersect1d(&a.array("ar1")?, &a.array("ar2")?))
        }
    ),
    m2!("union1d(ar1, ar2)", "ar1", "ar2", crate::union1d),
    m2!(
        "setdiff1d(ar1, ar2, assume_unique=False)",
        "ar1",
        "ar2",
        crate::setdiff1d
    ),
    m2!(
        "setxor1d(ar1, ar2, assume_unique=False)",
        "ar1",
        "ar2",
        crate::setxor1d
    ),
    // mathematical routines
    e!("convolve(a, v, mode='full')", |a| one(crate::convolve(
        &a.array("a")?,
        &a.array("v")?,
        crate::ConvolveMode::parse(a.str("mode")?)?
    ))),
    e!("correlate(a, v, mode='valid')", |a| one(crate::correlate(
        &a.array("a")?,
        &a.array("v")?,
        crate::ConvolveMode::parse(a.str("mode")?)?
    ))),
    e!(
        "interp(x, xp, fp, left=None, right=None, period=None)",
        |a| {
            if !a.is_none("period") {
                return Err(a.unsupported("period"));
            }
            one(crate::interp(
                &a.array("x")?,
                &a.array("xp")?,
                &a.array("fp")?,
                a.opt_float("left")?,
                a.opt_float("right")?,
            ))
        }
    ),
    e!("trapezoid(y, x=None, dx=1.0, axis=-1)", |a| one(
        crate::trapezoid(
            &a.array("y")?,
            a.opt_array("x")?.as_ref(),
            a.float("dx")?,
            a.isize("axis")?
        )
    )),
    e!("ediff1d(ary, to_end=None, to_begin=None)", |a| one(
        crate::ediff1d(
            &a.array("ary")?,
            a.opt_array("to_end")?.as_ref(),
            a.opt_array("to_begin")?.as_ref()
        )
    )),
    e!(
        "unwrap(p, discont=None, axis=-1, *, period=6.283185307179586)",
        |a| one(crate::unwrap(
            &a.array("p")?,
            a.opt_float("discont")?,
            a.isize("axis")?,
            a.float("period")?
        ))
    ),
    e!("digitize(x, bins, right=False)", |a| one(crate::digitize(
        &a.array("x")?,
        &a.array("bins")?,
        a.bool("right")?
    ))),
    // polynomials
    m2!("polyval(p, x)", "p", "x", crate::polyval),
    m2!("polyadd(a1, a2)", "a1", "a2", crate::polyadd),
    m2!("polysub(a1, a2)", "a1", "a2", crate::polysub),
    m2!("polymul(a1, a2)", "a1", "a2", crate::polymul),
    e!("polydiv(u, v)", |a| super::two(crate::polydiv(
        &a.array("u")?,
        &a.array("v")?
    ))),
    e!("polyder(p, m=1)", |a| one(crate::polyder(
        &a.array("p")?,
        a.usize("m")?
    ))),
    e!("polyint(p, m=1, k=None)", |a| {
        let k = if a.is_none("k") {
            Vec::new()
        } else {
            a.floats("k")?
        };
        one(crate::polyint(&a.array("p")?, a.usize("m")?, &k))
    }),
    m1!("poly(seq_of_zeros)", "seq_of_zeros", crate::poly),
    m1!("roots(p)", "p", crate::roots),
    e!(
        "polyfit(x, y, deg, rcond=None, full=False, w=None, cov=False)",
        |a| {
            if a.bool("full")? || !matches!(a.get("cov"), Value::Bool(false)) {
                return Err(a.unsupported("full"));
            }
            one(crate::polyfit(
                &a.array("x")?,
                &a.array("y")?,
                a.usize("deg")?,
                a.opt_array("w")?.as_ref(),
            ))
        }
    ),
];

fn refs(v: &[Array]) -> Vec<&Array> {
    v.iter().collect()
}

fn c_order(a: &Args<'_>) -> Result<()> {
    if a.str("order")? != "C" {
        return Err(a.unsupported("order"));
    }
    Ok(())
}

fn little(a: &Args<'_>) -> Result<bool> {
    match a.str("bitorder")? {
        "big" => Ok(false),
        "little" => Ok(true),
        o => Err(Error::bad_argument(
            a.op(),
            "bitorder",
            format!("{o:?}"),
            "'little' or 'big'",
        )),
    }
}

fn index_mode(a: &Args<'_>) -> Result<IndexMode> {
    match a.str("mode")? {
        "raise" => Ok(IndexMode::Raise),
        "wrap" => Ok(IndexMode::Wrap),
        "clip" => Ok(IndexMode::Clip),
        m => Err(Error::bad_argument(
            a.op(),
            "mode",
            format!("{m:?}"),
            "'clip', 'raise' or 'wrap'",
        )),
    }
}

fn cast(r: Array, a: &Args<'_>) -> Result<Array> {
    match a.dtype("dtype")? {
        Some(d) if d != r.dtype() => r.astype(d),
        _ => Ok(r),
    }
}

fn reshape(a: &Args<'_>) -> Result<Vec<Value>> {
    c_order(a)?;
    let name = match (a.is_none("shape"), a.is_none("newshape")) {
        (false, true) => "shape",
        (true, false) => "newshape",
        _ => {
            return Err(Error::bad_argument(
                "reshape",
                "shape",
                "both or neither of shape and newshape",
                "exactly one of shape and newshape",
            ));
        }
    };
    let shape = a.axes(name)?;
    one(a.array("a")?.reshape(&shape[..]))
}

fn atleast(a: &Args<'_>, f: fn(&Array) -> Result<Array>) -> Result<Vec<Value>> {
    let v = a.arrays("arys")?;
    v.iter().map(|x| f(x).map(Value::Array)).collect()
}

fn concat(a: &Args<'_>, name: &str) -> Result<Vec<Value>> {
    let v = a.arrays(name)?;
    let r = match a.opt_isize("axis")? {
        Some(ax) => crate::concatenate(&refs(&v), ax)?,
        None => {
            let flat = v
                .iter()
                .map(|x| x.reshape(&[x.size()][..]))
                .collect::<Result<Vec<_>>>()?;
            crate::concatenate(&refs(&flat), 0)?
        }
    };
    one(cast(r, a))
}

fn sections(a: &Args<'_>) -> Result<Sections> {
    match a.get("indices_or_sections") {
        Value::List(_) => Ok(Sections::from(a.axes("indices_or_sections")?)),
        Value::Array(x) if x.ndim() > 0 => Ok(Sections::from(a.axes("indices_or_sections")?)),
        _ => Ok(Sections::from(a.usize("indices_or_sections")?)),
    }
}

fn pad(a: &Args<'_>) -> Result<Vec<Value>> {
    let x = a.array("array")?;
    let bad = || {
        Error::bad_argument(
            "pad",
            "pad_width",
            a.get("pad_width").describe(),
            format!("widths for an array of {} dimensions", x.ndim()),
        )
    };
    let nonneg = |v: &Value| -> Result<usize> {
        match v {
            Value::Int(i) => usize::try_from(*i)
                .map_err(|_| Error::bad_argument("pad", "pad_width", i, "non-negative widths")),
            _ => Err(bad()),
        }
    };
    let pair = |v: &Value| -> Result<(usize, usize)> {
        match v {
            Value::List(p) if p.len() == 2 => Ok((nonneg(&p[0])?, nonneg(&p[1])?)),
            Value::List(p) if p.len() == 1 => {
                let n = nonneg(&p[0])?;
                Ok((n, n))
            }
            other => {
                let n = nonneg(other)?;
                Ok((n, n))
            }
        }
    };
    let widths: Vec<(usize, usize)> = match a.get("pad_width") {
        Value::List(items) if items.iter().all(|x| matches!(x, Value::List(_))) => {
            items.iter().map(pair).collect::<Result<_>>()?
        }
        Value::Array(w) => {
            let v = w.astype(crate::DType::Int64)?.to_vec::<i64>()?;
            let l = Value::List(v.into_iter().map(Value::Int).collect());
            if w.ndim() == 2 {
                let rows: Vec<Value> = match &l {
                    Value::List(xs) => xs
                        .chunks(w.shape()[1].max(1))
                        .map(|c| Value::List(c.to_vec()))
                        .collect(),
                    _ => Vec::new(),
                };
                rows.iter().map(pair).collect::<Result<_>>()?
            } else {
                vec![pair(&l)?]
            }
        }
        other => vec![pair(other)?],
    };
    let mode = match a.str("mode")? {
        "constant" => PadMode::Constant(match a.get("constant_values") {
            Value::List(_) => return Err(a.unsupported("constant_values")),
            _ => a.scalar("constant_values").unwrap_or(Scalar::Int(0)),
        }),
        "edge" => PadMode::Edge,
        "reflect" => PadMode::Reflect,
        "symmetric" => PadMode::Symmetric,
        _ => return Err(a.unsupported("mode")),
    };
    one(crate::pad(&x, &widths, mode))
}

fn tensordot(a: &Args<'_>) -> Result<Vec<Value>> {
    let axes = match a.get("axes") {
        Value::List(pair) if pair.len() == 2 => {
            let list = |v: &Value| -> Result<Vec<isize>> {
                match v {
                    Value::List(xs) => xs
                        .iter()
                        .map(|x| match x {
                            Value::Int(i) => Ok(*i as isize),
                            _ => Err(a.unsupported("axes")),
                        })
                        .collect(),
                    Value::Int(i) => Ok(vec![*i as isize]),
                    _ => Err(a.unsupported("axes")),
                }
            };
            TensorAxes::Pairs(list(&pair[0])?, list(&pair[1])?)
        }
        _ => TensorAxes::Last(a.usize("axes")?),
    };
    one(crate::tensordot(&a.array("a")?, &a.array("b")?, axes))
}
