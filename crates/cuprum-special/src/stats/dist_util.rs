//! Shared pieces of the distribution modules: the operands as float64 arrays on one device,
//! the evaluation skeletons every distribution function runs (parameter checks, the
//! standardized point, NaN for invalid parameters), the macro that writes their public
//! signatures, and short names of core's arithmetic.

use cuprum_core::{Array, DType, Error, Operand, Result, Scalar};

pub(crate) use cuprum_core::{
    add, divide as div, exp, expm1, floor, greater, greater_equal, less, less_equal, log, log1p,
    logical_and, logical_or, multiply as mul, negative as neg, not_equal, square, subtract as sub,
};

/// The operands as float64 arrays on their common device (the CPU when all are scalars);
/// SciPy's distributions compute in float64 whatever the input dtype.
pub(crate) fn args<const N: usize>(op: &'static str, ops: [Operand<'_>; N]) -> Result<[Array; N]> {
    for o in &ops {
        if let Operand::Array(a) = o
            && a.dtype().is_complex()
        {
            return Err(Error::unsupported(
                op,
                format!("complex input ({})", a.dtype()),
            ));
        }
    }
    let dev = crate::ufunc::common_device(op, &ops.iter().collect::<Vec<_>>())?;
    let mut out = Vec::new();
    for o in ops {
        out.push(match o {
            Operand::Array(a) => a.astype(DType::Float64)?,
            Operand::Scalar(s) => {
                let v = match s {
                    Scalar::Bool(b) => f64::from(u8::from(b)),
                    Scalar::Int(i) => i as f64,
                    Scalar::UInt(u) => u as f64,
                    Scalar::Float(f) => f,
                    Scalar::Complex(_) => {
                        return Err(Error::unsupported(op, "complex scalar parameters"));
                    }
                };
                Array::scalar_on(v, dev)?
            }
        });
    }
    out.try_into()
        .map_err(|_| Error::invalid_value(op, "internal: operand count"))
}

/// Defines a public distribution function whose parameters are each an array or a weak scalar
/// (`impl Into<Operand>`); inside `body` each parameter is that [`Operand`].
macro_rules! dist_fn {
    ($(#[$attr:meta])* $name:ident($($p:ident),+ $(,)?) $body:block) => {
        $(#[$attr])*
        pub fn $name<'a>(
            $($p: impl Into<cuprum_core::Operand<'a>>),+
        ) -> cuprum_core::Result<cuprum_core::Array> {
            $(let $p: cuprum_core::Operand<'a> = $p.into();)+
            $body
        }
    };
}
pub(crate) use dist_fn;

/// NaN where `scale <= 0` or a shape parameter (`v[1..N - 2]`) is `<= 0`: the operands are
/// `[point, shapes.., loc, scale]`.
fn bad_loc_scale<const N: usize>(v: &[Array; N]) -> Result<Array> {
    let mut bad = less_equal(&v[N - 1], 0.0)?;
    for s in &v[1..N - 2] {
        bad = logical_or(&bad, &less_equal(s, 0.0)?)?;
    }
    Ok(bad)
}

/// A continuous distribution's `pdf`, `logpdf`, `cdf` or `sf`: the operands `[x, shapes..,
/// loc, scale]` as float64 (see [`args`]), then `f(y, operands)` with `y = (x - loc) / scale`;
/// NaN where `scale <= 0`, a shape parameter is `<= 0`, or `y` is NaN.
pub(crate) fn continuous<const N: usize>(
    op: &'static str,
    ops: [Operand<'_>; N],
    f: impl FnOnce(&Array, &[Array; N]) -> Result<Array>,
) -> Result<Array> {
    let v = args(op, ops)?;
    let bad = bad_loc_scale(&v)?;
    let y = standard(&v[0], &v[N - 2], &v[N - 1])?;
    let bad = logical_or(&bad, &cuprum_core::isnan(&y)?)?;
    nan_if(&bad, &f(&y, &v)?)
}

/// A continuous distribution's `ppf` or `isf`: the operands `[q, shapes.., loc, scale]` as
/// float64, then `loc + scale f(operands)` where `f` is the standardized quantile; NaN where
/// `scale <= 0`, a shape parameter is `<= 0`, or `q` lies outside `[0, 1]`.
pub(crate) fn continuous_quantile<const N: usize>(
    op: &'static str,
    ops: [Operand<'_>; N],
    f: impl FnOnce(&[Array; N]) -> Result<Array>,
) -> Result<Array> {
    let v = args(op, ops)?;
    let bad = logical_or(&bad_loc_scale(&v)?, &bad_q(&v[0])?)?;
    let r = add(&mul(&f(&v)?, &v[N - 1])?, &v[N - 2])?;
    nan_if(&bad, &r)
}

/// A continuous distribution's `pdf` (`logpdf` when `log_density`) from its standardized
/// log-density `l(y, operands)`, as [`continuous`]: `exp(l) / scale`, or `l - log(scale)`.
pub(crate) fn from_log_density<const N: usize>(
    op: &'static str,
    ops: [Operand<'_>; N],
    log_density: bool,
    l: impl FnOnce(&Array, &[Array; N]) -> Result<Array>,
) -> Result<Array> {
    continuous(op, ops, |y, v| {
        let l = l(y, v)?;
        if log_density {
            sub(&l, &log(&v[N - 1])?)
        } else {
            div(&exp(&l)?, &v[N - 1])
        }
    })
}

/// A discrete distribution's `pmf`, `logpmf`, `cdf` or `sf`: the operands `[k, shapes.., loc]`
/// as float64, then `f(y, operands)` with `y = k - loc`; NaN where `bad(operands)` (invalid
/// shape parameters) or `y` is NaN.
pub(crate) fn discrete<const N: usize>(
    op: &'static str,
    ops: [Operand<'_>; N],
    bad: impl FnOnce(&[Array; N]) -> Result<Array>,
    f: impl FnOnce(&Array, &[Array; N]) -> Result<Array>,
) -> Result<Array> {
    let v = args(op, ops)?;
    let y = sub(&v[0], &v[N - 1])?;
    let bad = logical_or(&bad(&v)?, &cuprum_core::isnan(&y)?)?;
    nan_if(&bad, &f(&y, &v)?)
}

/// A discrete distribution's `ppf` or `isf`: the operands `[q, shapes.., loc]` as float64, then
/// `loc + f(operands)` (the search handles invalid shapes and `q`); NaN where `loc` is NaN.
pub(crate) fn discrete_quantile<const N: usize>(
    op: &'static str,
    ops: [Operand<'_>; N],
    f: impl FnOnce(&[Array; N]) -> Result<Array>,
) -> Result<Array> {
    let v = args(op, ops)?;
    let bad = cuprum_core::isnan(&v[N - 1])?;
    let r = add(&f(&v)?, &v[N - 1])?;
    nan_if(&bad, &r)
}

/// `v` where `bad` is false, NaN where it is true.
pub(crate) fn nan_if(bad: &Array, v: &Array) -> Result<Array> {
    cuprum_core::where_(bad, f64::NAN, v)
}

/// `a` where `cond`, else `b` (scalars allowed).
pub(crate) fn pick<'a>(
    cond: &Array,
    a: impl Into<Operand<'a>>,
    b: impl Into<Operand<'a>>,
) -> Result<Array> {
    cuprum_core::where_(cond, a, b)
}

/// `(x - loc) / scale`.
pub(crate) fn standard(x: &Array, loc: &Array, scale: &Array) -> Result<Array> {
    div(&sub(x, loc)?, scale)
}

/// Whether `q` lies outside `[0, 1]` (NaN counts as inside: it propagates).
pub(crate) fn bad_q(q: &Array) -> Result<Array> {
    logical_or(&less(q, 0.0)?, &greater(q, 1.0)?)
}

/// `poisson.ppf(q, mu)` (`isf` when `upper`) without `loc`: this crate's ufunc loop over the
/// integer search of `scalar/discrete.rs` (CUDA: `kernels/special/discrete.cuh`).
pub(crate) fn poisson_quantile(q: &Array, mu: &Array, upper: bool) -> Result<Array> {
    let (op, name): (&'static str, &'static str) = if upper {
        ("stats.poisson.isf", "poisson_isf")
    } else {
        ("stats.poisson.ppf", "poisson_ppf")
    };
    let f: crate::ufunc::Kernel<2, 1> = if upper {
        |[q, mu]| [crate::scalar::discrete::poisson_quantile(q, mu, true)]
    } else {
        |[q, mu]| [crate::scalar::discrete::poisson_quantile(q, mu, false)]
    };
    let [r] = crate::ufunc::apply(
        op,
        name,
        crate::ufunc::First::F64,
        [&q.into(), &mu.into()],
        f,
    )?;
    Ok(r)
}

/// `binom.ppf(q, n, p)` (`isf` when `upper`) without `loc`, as [`poisson_quantile`].
pub(crate) fn binom_quantile(q: &Array, n: &Array, p: &Array, upper: bool) -> Result<Array> {
    let (op, name): (&'static str, &'static str) = if upper {
        ("stats.binom.isf", "binom_isf")
    } else {
        ("stats.binom.ppf", "binom_ppf")
    };
    let f: crate::ufunc::Kernel<3, 1> = if upper {
        |[q, n, p]| [crate::scalar::discrete::binom_quantile(q, n, p, true)]
    } else {
        |[q, n, p]| [crate::scalar::discrete::binom_quantile(q, n, p, false)]
    };
    let [r] = crate::ufunc::apply(
        op,
        name,
        crate::ufunc::First::F64,
        [&q.into(), &n.into(), &p.into()],
        f,
    )?;
    Ok(r)
}
