//! Shared pieces of the distribution modules: the operands as float64 arrays on one device,
//! and short names of core's arithmetic.

use cuprum_core::{Array, DType, Device, Error, Operand, Result, Scalar};

pub(crate) use cuprum_core::{
    add, divide as div, exp, expm1, floor, greater, greater_equal, less, less_equal, log, log1p,
    logical_and, logical_or, multiply as mul, negative as neg, not_equal, square, subtract as sub,
};

/// The operands as float64 arrays on their common device (the CPU when all are scalars);
/// SciPy's distributions compute in float64 whatever the input dtype.
pub(crate) fn args<const N: usize>(op: &'static str, ops: [Operand<'_>; N]) -> Result<[Array; N]> {
    let mut dev: Option<Device> = None;
    for o in &ops {
        if let Operand::Array(a) = o {
            if a.dtype().is_complex() {
                return Err(Error::unsupported(
                    op,
                    format!("complex input ({})", a.dtype()),
                ));
            }
            match dev {
                None => dev = Some(a.device()),
                Some(d) if d != a.device() => {
                    return Err(Error::DeviceMismatch {
                        op,
                        lhs: d,
                        rhs: a.device(),
                    });
                }
                _ => {}
            }
        }
    }
    let dev = dev.unwrap_or(Device::Cpu);
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
