//! Elementwise functions: NumPy's ufuncs (one line each), their aliases, `divmod`, `modf`,
//! `frexp`, `round`, `clip`, `where`, `isclose`, `nan_to_num`, `astype`.

use super::{Args, Entry, Value, e, one, two};
use crate::Result;

/// A unary ufunc `name(x)`.
macro_rules! u1 {
    ($name:literal, $f:path) => {
        e!(concat!($name, "(x)"), |a| one($f(&a.array("x")?)))
    };
}
/// A binary ufunc `name(x1, x2)`; Python scalars are weak.
macro_rules! u2 {
    ($name:literal, $f:path) => {
        e!(concat!($name, "(x1, x2)"), |a| one($f(
            a.operand("x1")?,
            a.operand("x2")?
        )))
    };
}
/// A binary ufunc over two arrays `name(x1, x2)`.
macro_rules! a2 {
    ($name:literal, $f:path) => {
        e!(concat!($name, "(x1, x2)"), |a| one($f(
            &a.array("x1")?,
            &a.array("x2")?
        )))
    };
}

pub(super) static ENTRIES: &[Entry] = &[
    u1!("abs", crate::abs),
    u1!("absolute", crate::absolute),
    u1!("angle", crate::angle),
    u1!("arccos", crate::arccos),
    u1!("arccosh", crate::arccosh),
    u1!("arcsin", crate::arcsin),
    u1!("arcsinh", crate::arcsinh),
    u1!("arctan", crate::arctan),
    u1!("arctanh", crate::arctanh),
    u1!("cbrt", crate::cbrt),
    u1!("ceil", crate::ceil),
    u1!("conj", crate::conj),
    u1!("conjugate", crate::conjugate),
    u1!("cos", crate::cos),
    u1!("cosh", crate::cosh),
    u1!("deg2rad", crate::deg2rad),
    u1!("exp", crate::exp),
    u1!("exp2", crate::exp2),
    u1!("expm1", crate::expm1),
    u1!("floor", crate::floor),
    u1!("imag", crate::imag),
    u1!("invert", crate::invert),
    u1!("isfinite", crate::isfinite),
    u1!("isinf", crate::isinf),
    u1!("isnan", crate::isnan),
    u1!("log", crate::log),
    u1!("log1p", crate::log1p),
    u1!("log2", crate::log2),
    u1!("log10", crate::log10),
    u1!("logical_not", crate::logical_not),
    u1!("negative", crate::negative),
    u1!("positive", crate::positive),
    u1!("rad2deg", crate::rad2deg),
    u1!("real", crate::real),
    u1!("reciprocal", crate::reciprocal),
    u1!("rint", crate::rint),
    u1!("sign", crate::sign),
    u1!("signbit", crate::signbit),
    u1!("sin", crate::sin),
    u1!("sinh", crate::sinh),
    u1!("sqrt", crate::sqrt),
    u1!("square", crate::square),
    u1!("tan", crate::tan),
    u1!("tanh", crate::tanh),
    u1!("trunc", crate::trunc),
    u1!("acos", crate::arccos),
    u1!("acosh", crate::arccosh),
    u1!("asin", crate::arcsin),
    u1!("asinh", crate::arcsinh),
    u1!("atan", crate::arctan),
    u1!("atanh", crate::arctanh),
    u1!("bitwise_not", crate::invert),
    u1!("bitwise_invert", crate::invert),
    u1!("degrees", crate::rad2deg),
    u1!("radians", crate::deg2rad),
    u1!("fix", crate::fix),
    u1!("sinc", crate::sinc),
    u1!("i0", crate::i0),
    u1!("isneginf", crate::isneginf),
    u1!("isposinf", crate::isposinf),
    u1!("isreal", crate::isreal),
    u1!("iscomplex", crate::iscomplex),
    u1!("fabs", crate::fabs),
    u1!("bitwise_count", crate::bitwise_count),
    u2!("add", crate::add),
    u2!("subtract", crate::subtract),
    u2!("multiply", crate::multiply),
    u2!("divide", crate::divide),
    u2!("floor_divide", crate::floor_divide),
    u2!("remainder", crate::remainder),
    u2!("fmod", crate::fmod),
    u2!("power", crate::power),
    u2!("maximum", crate::maximum),
    u2!("minimum", crate::minimum),
    u2!("fmax", crate::fmax),
    u2!("fmin", crate::fmin),
    u2!("equal", crate::equal),
    u2!("not_equal", crate::not_equal),
    u2!("less", crate::less),
    u2!("less_equal", crate::less_equal),
    u2!("greater", crate::greater),
    u2!("greater_equal", crate::greater_equal),
    u2!("logical_and", crate::logical_and),
    u2!("logical_or", crate::logical_or),
    u2!("logical_xor", crate::logical_xor),
    u2!("bitwise_and", crate::bitwise_and),
    u2!("bitwise_or", crate::bitwise_or),
    u2!("bitwise_xor", crate::bitwise_xor),
    u2!("left_shift", crate::left_shift),
    u2!("right_shift", crate::right_shift),
    u2!("hypot", crate::hypot),
    u2!("arctan2", crate::arctan2),
    u2!("copysign", crate::copysign),
    u2!("nextafter", crate::nextafter),
    u2!("true_divide", crate::divide),
    u2!("mod", crate::remainder),
    u2!("pow", crate::power),
    u2!("bitwise_left_shift", crate::left_shift),
    u2!("bitwise_right_shift", crate::right_shift),
    u2!("atan2", crate::arctan2),
    a2!("logaddexp", crate::logaddexp),
    a2!("logaddexp2", crate::logaddexp2),
    a2!("gcd", crate::gcd),
    a2!("lcm", crate::lcm),
    a2!("float_power", crate::float_power),
    a2!("heaviside", crate::heaviside),
    a2!("ldexp", crate::ldexp),
    e!("divmod(x1, x2)", |a| two(crate::divmod(
        a.operand("x1")?,
        a.operand("x2")?
    ))),
    e!("modf(x)", |a| two(crate::modf(&a.array("x")?))),
    e!("frexp(x)", |a| two(crate::frexp(&a.array("x")?))),
    e!("round(a, decimals=0)", round),
    e!("around(a, decimals=0)", round),
    e!(
        "clip(a, a_min=None, a_max=None, *, min=None, max=None)",
        clip
    ),
    e!("where(condition, x=None, y=None)", where_),
    e!(
        "isclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)",
        |a| one(close(a, crate::isclose))
    ),
    e!(
        "allclose(a, b, rtol=1e-05, atol=1e-08, equal_nan=False)",
        |a| Ok(vec![Value::Bool(close(a, crate::allclose)?)])
    ),
    e!("array_equal(a1, a2, equal_nan=False)", |a| {
        let r = crate::array_equal(&a.array("a1")?, &a.array("a2")?, a.bool("equal_nan")?)?;
        Ok(vec![Value::Bool(r)])
    }),
    e!(
        "nan_to_num(x, copy=True, nan=0.0, posinf=None, neginf=None)",
        |a| {
            a.bool("copy")?;
            one(crate::nan_to_num(
                &a.array("x")?,
                a.float("nan")?,
                a.opt_float("posinf")?,
                a.opt_float("neginf")?,
            ))
        }
    ),
    e!("astype(x, dtype, *, copy=True)", |a| {
        a.bool("copy")?;
        match a.dtype("dtype")? {
            Some(d) => one(a.array("x")?.astype(d)),
            None => Err(a.unsupported("dtype")),
        }
    }),
];

fn round(a: &Args<'_>) -> Result<Vec<Value>> {
    let d = a.int("decimals")?;
    let d = i32::try_from(d).map_err(|_| {
        crate::Error::out_of_domain("round", "decimals", d, "values that fit a C int")
    })?;
    one(crate::round(&a.array("a")?, d))
}

fn clip(a: &Args<'_>) -> Result<Vec<Value>> {
    let lo = match a.opt_operand("a_min")? {
        Some(o) => Some(o),
        None => a.opt_operand("min")?,
    };
    let hi = match a.opt_operand("a_max")? {
        Some(o) => Some(o),
        None => a.opt_operand("max")?,
    };
    one(crate::clip(&a.array("a")?, lo, hi))
}

fn where_(a: &Args<'_>) -> Result<Vec<Value>> {
    let cond = a.array("condition")?;
    match (a.is_none("x"), a.is_none("y")) {
        (true, true) => super::many(crate::nonzero(&cond)),
        (false, false) => one(crate::where_(&cond, a.operand("x")?, a.operand("y")?)),
        _ => Err(crate::Error::bad_argument(
            "where",
            "x, y",
            "only one of x and y",
            "both or neither of x and y",
        )),
    }
}

/// `isclose`/`allclose` (`f`) of `a` and `b` with `rtol`, `atol` and `equal_nan`.
fn close<T>(
    a: &Args<'_>,
    f: fn(&crate::Array, &crate::Array, f64, f64, bool) -> Result<T>,
) -> Result<T> {
    f(
        &a.array("a")?,
        &a.array("b")?,
        a.float("rtol")?,
        a.float("atol")?,
        a.bool("equal_nan")?,
    )
}
