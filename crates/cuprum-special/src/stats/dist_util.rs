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
    let mut out = Vec::with_capacity(N);
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
