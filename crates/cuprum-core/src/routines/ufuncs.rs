//! The ufuncs composed of core's elementwise operations (`logaddexp`, `logaddexp2`, `gcd`,
//! `lcm`, `float_power`, `heaviside`, `modf`, `frexp`, `ldexp`) and the ufunc methods
//! `reduce`, `accumulate`, `reduceat`, `outer` and `at` for every binary ufunc ([`Ufunc`]).
//!
//! Each is a short sequence of core ufuncs (so it runs on every device with the kernels core
//! already has); the methods of ufuncs that have a dedicated reduction or scan (`add`,
//! `multiply`, `maximum`, `minimum`, `logical_and`, `logical_or`, ...) use it, the others
//! apply the ufunc once per step along the axis.

use crate::indexing::IndexItem;
use crate::layout::normalize_axis;
use crate::manip::stack;
use crate::ops::{self, BinaryOp, abs, add, equal, exp, exp2, log1p, maximum, multiply, where_};
use crate::util::{float_of, host_i64, ishape, on_axis, range};
use crate::{Array, DType, Error, Result};

fn check_float_input(op: &'static str, d: DType) -> Result<()> {
    if d.is_complex() {
        return Err(Error::DType {
            op,
            dtype: d,
            detail: ": expected real numbers".into(),
        });
    }
    Ok(())
}

/// The common float dtype of two real arrays for a transcendental binary ufunc.
fn float_pair(op: &'static str, x1: &Array, x2: &Array) -> Result<(Array, Array)> {
    check_float_input(op, x1.dtype())?;
    check_float_input(op, x2.dtype())?;
    let d = float_of(DType::promote(x1.dtype(), x2.dtype()));
    Ok((x1.astype(d)?, x2.astype(d)?))
}

/// `log(exp(x1) + exp(x2))` without overflow (`numpy.logaddexp`).
///
/// **Shapes/dtypes:** broadcast; the promoted float dtype (integers as for `exp`).
///
/// # Errors
/// [`Error::DType`] for complex input; broadcasting errors.
///
/// ```
/// use cuprum_core::{Array, logaddexp};
/// let a = Array::from_vec(vec![0.0f64, 1000.0], &[2]).unwrap();
/// let r = logaddexp(&a, &a).unwrap().to_vec::<f64>().unwrap();
/// assert!((r[0] - 2f64.ln()).abs() < 1e-15 && (r[1] - (1000.0 + 2f64.ln())).abs() < 1e-12);
/// ```
pub fn logaddexp(x1: &Array, x2: &Array) -> Result<Array> {
    let (a, b) = float_pair("logaddexp", x1, x2)?;
    let m = maximum(&a, &b)?;
    let d = abs(&ops::subtract(&a, &b)?)?;
    let r = add(&m, &log1p(&exp(&ops::negative(&d)?)?)?)?;
    where_(&equal(&a, &b)?, &add(&a, std::f64::consts::LN_2)?, &r)
}

/// `log2(2**x1 + 2**x2)` without overflow (`numpy.logaddexp2`).
///
/// **Shapes/dtypes:** as [`logaddexp`].
///
/// # Errors
/// As [`logaddexp`].
///
/// ```
/// use cuprum_core::{Array, logaddexp2};
/// let a = Array::from_vec(vec![3.0f64], &[1]).unwrap();
/// assert_eq!(logaddexp2(&a, &a).unwrap().to_vec::<f64>().unwrap(), vec![4.0]);
/// ```
pub fn logaddexp2(x1: &Array, x2: &Array) -> Result<Array> {
    let (a, b) = float_pair("logaddexp2", x1, x2)?;
    let m = maximum(&a, &b)?;
    let d = abs(&ops::subtract(&a, &b)?)?;
    let l = ops::divide(&log1p(&exp2(&ops::negative(&d)?)?)?, std::f64::consts::LN_2)?;
    let r = add(&m, &l.astype(m.dtype())?)?;
    where_(&equal(&a, &b)?, &add(&a, 1.0)?, &r)
}

fn int_pair(op: &'static str, x1: &Array, x2: &Array) -> Result<(Array, Array)> {
    for d in [x1.dtype(), x2.dtype()] {
        if !d.is_integer() {
            return Err(Error::DType {
                op,
                dtype: d,
                detail: ": expected integers".into(),
            });
        }
    }
    let d = DType::promote(x1.dtype(), x2.dtype());
    if !d.is_integer() {
        return Err(Error::DType {
            op,
            dtype: d,
            detail: ": the promoted dtype of int64 and uint64 is not an integer".into(),
        });
    }
    Ok((x1.astype(d)?, x2.astype(d)?))
}

/// The greatest common divisor of `|x1|` and `|x2|` (`numpy.gcd`; `gcd(0, 0) = 0`).
///
/// **Shapes/dtypes:** broadcast; the promoted integer dtype. Euclid's algorithm, one
/// remainder per step for every element at once (at most ~92 steps for 64-bit integers, each
/// with one device-to-host check).
///
/// # Errors
/// [`Error::DType`] for non-integer input; broadcasting errors.
///
/// ```
/// use cuprum_core::{Array, gcd};
/// let a = Array::from_vec(vec![12i64, -20, 0], &[3]).unwrap();
/// let b = Array::from_vec(vec![18i64, 15, 0], &[3]).unwrap();
/// assert_eq!(gcd(&a, &b).unwrap().to_vec::<i64>().unwrap(), vec![6, 5, 0]);
/// ```
pub fn gcd(x1: &Array, x2: &Array) -> Result<Array> {
    let (a, b) = int_pair("gcd", x1, x2)?;
    let sh = crate::layout::broadcast_shapes("gcd", a.shape(), b.shape())?;
    let mut a = abs(&a.broadcast_to(sh.as_slice())?)?;
    let mut b = abs(&b.broadcast_to(sh.as_slice())?)?;
    loop {
        let nz = ops::not_equal(&b, 0i64)?;
        if !crate::reduce::any(&nz, None, false)?.item()?.as_bool() {
            return Ok(a);
        }
        let safe = where_(&nz, &b, 1i64)?.astype(b.dtype())?;
        let r = where_(&nz, &ops::remainder(&a, &safe)?, 0i64)?.astype(b.dtype())?;
        a = where_(&nz, &b, &a)?.astype(b.dtype())?;
        b = r;
    }
}

/// The lowest common multiple of `|x1|` and `|x2|` (`numpy.lcm`; 0 when either is 0).
///
/// **Shapes/dtypes:** as [`gcd`].
///
/// # Errors
/// As [`gcd`].
///
/// ```
/// use cuprum_core::{Array, lcm};
/// let a = Array::from_vec(vec![4i64, -6, 0], &[3]).unwrap();
/// let b = Array::from_vec(vec![6i64, 4, 5], &[3]).unwrap();
/// assert_eq!(lcm(&a, &b).unwrap().to_vec::<i64>().unwrap(), vec![12, 12, 0]);
/// ```
pub fn lcm(x1: &Array, x2: &Array) -> Result<Array> {
    let (a, b) = int_pair("lcm", x1, x2)?;
    let g = gcd(&a, &b)?;
    let safe = where_(&ops::equal(&g, 0i64)?, 1i64, &g)?.astype(g.dtype())?;
    let r = abs(&multiply(&ops::floor_divide(&a, &safe)?, &b)?)?;
    where_(&ops::equal(&g, 0i64)?, 0i64, &r)?.astype(g.dtype())
}

/// `x1 ** x2` computed in float64 (complex128 for complex input) (`numpy.float_power`).
///
/// **Shapes:** broadcast.
///
/// # Errors
/// Broadcasting errors.
///
/// ```
/// use cuprum_core::{Array, float_power};
/// let a = Array::from_vec(vec![2i32, 3], &[2]).unwrap();
/// let b = Array::from_vec(vec![-1i32, 2], &[2]).unwrap();
/// assert_eq!(float_power(&a, &b).unwrap().to_vec::<f64>().unwrap(), vec![0.5, 9.0]);
/// ```
pub fn float_power(x1: &Array, x2: &Array) -> Result<Array> {
    let d = if x1.dtype().is_complex() || x2.dtype().is_complex() {
        DType::Complex128
    } else {
        DType::Float64
    };
    ops::power(&x1.astype(d)?, &x2.astype(d)?)
}

/// The Heaviside step function: 0 for `x1 < 0`, `x2` at 0, 1 for `x1 > 0`, NaN for NaN
/// (`numpy.heaviside`).
///
/// **Shapes/dtypes:** broadcast; the promoted float dtype.
///
/// # Errors
/// [`Error::DType`] for complex input; broadcasting errors.
///
/// ```
/// use cuprum_core::{Array, heaviside};
/// let a = Array::from_vec(vec![-1.5f64, 0.0, 2.0], &[3]).unwrap();
/// let h = Array::from_vec(vec![0.5f64], &[1]).unwrap();
/// assert_eq!(heaviside(&a, &h).unwrap().to_vec::<f64>().unwrap(), vec![0.0, 0.5, 1.0]);
/// ```
pub fn heaviside(x1: &Array, x2: &Array) -> Result<Array> {
    let (a, b) = float_pair("heaviside", x1, x2)?;
    let r = where_(&ops::greater(&a, 0.0)?, 1.0, &b)?;
    let r = where_(&ops::less(&a, 0.0)?, 0.0, &r)?;
    where_(&ops::isnan(&a)?, &a, &r)?.astype(a.dtype())
}

/// The fractional and integral parts, both with `x`'s sign (`numpy.modf`).
///
/// **Shapes/dtypes:** two arrays of `x`'s shape in its float dtype (integers as for `exp`).
/// `modf(±inf) = (±0, ±inf)`.
///
/// # Errors
/// [`Error::DType`] for complex input.
///
/// ```
/// use cuprum_core::{Array, modf};
/// let a = Array::from_vec(vec![3.5f64, -2.25], &[2]).unwrap();
/// let (f, i) = modf(&a).unwrap();
/// assert_eq!(f.to_vec::<f64>().unwrap(), vec![0.5, -0.25]);
/// assert_eq!(i.to_vec::<f64>().unwrap(), vec![3.0, -2.0]);
/// ```
pub fn modf(x: &Array) -> Result<(Array, Array)> {
    check_float_input("modf", x.dtype())?;
    let x = x.astype(float_of(x.dtype()))?;
    let i = ops::trunc(&x)?;
    let f = where_(&ops::isinf(&x)?, 0.0, &ops::subtract(&x, &i)?)?.astype(x.dtype())?;
    Ok((ops::copysign(&f, &x)?, i))
}

/// `x1 · 2**x2` (`numpy.ldexp`).
///
/// **Shapes/dtypes:** broadcast; `x1`'s float dtype (integers as for `exp`); `x2` must be
/// integers. Computed in float64 with the power split in two factors, so that `2**x2` does not
/// overflow before the product does.
///
/// # Errors
/// [`Error::DType`] for complex `x1` or non-integer `x2`; broadcasting errors.
///
/// ```
/// use cuprum_core::{Array, ldexp};
/// let m = Array::from_vec(vec![0.5f32, 3.0], &[2]).unwrap();
/// let e = Array::from_vec(vec![3i32, -1], &[2]).unwrap();
/// assert_eq!(ldexp(&m, &e).unwrap().to_vec::<f32>().unwrap(), vec![4.0, 1.5]);
/// ```
pub fn ldexp(x1: &Array, x2: &Array) -> Result<Array> {
    check_float_input("ldexp", x1.dtype())?;
    if !x2.dtype().is_integer() {
        return Err(Error::DType {
            op: "ldexp",
            dtype: x2.dtype(),
            detail: ": the exponents must be integers".into(),
        });
    }
    let out = float_of(x1.dtype());
    let e = x2.astype(DType::Int64)?;
    let h = ops::floor_divide(&e, 2i64)?;
    let rest = ops::subtract(&e, &h)?;
    let x = x1.astype(DType::Float64)?;
    let r = multiply(
        &multiply(&x, &exp2(&h.astype(DType::Float64)?)?)?,
        &exp2(&rest.astype(DType::Float64)?)?,
    )?;
    r.astype(out)
}

/// The mantissa in `[0.5, 1)` (with `x`'s sign) and the int32 exponent with
/// `x = m · 2**e` (`numpy.frexp`); `frexp(0) = (0, 0)`, infinities and NaN give `(x, 0)`.
///
/// **Shapes/dtypes:** two arrays of `x`'s shape: `x`'s float dtype and int32.
///
/// # Errors
/// [`Error::DType`] for complex input.
///
/// ```
/// use cuprum_core::{Array, frexp};
/// let a = Array::from_vec(vec![8.0f64, -0.75, 0.0], &[3]).unwrap();
/// let (m, e) = frexp(&a).unwrap();
/// assert_eq!(m.to_vec::<f64>().unwrap(), vec![0.5, -0.75, 0.0]);
/// assert_eq!(e.to_vec::<i32>().unwrap(), vec![4, 0, 0]);
/// ```
pub fn frexp(x: &Array) -> Result<(Array, Array)> {
    check_float_input("frexp", x.dtype())?;
    let out = float_of(x.dtype());
    let xf = x.astype(DType::Float64)?;
    let special = crate::ops::logical_or(
        &ops::equal(&xf, 0.0)?,
        &ops::logical_not(&ops::isfinite(&xf)?)?,
    )?;
    let ax = where_(&special, 1.0, &abs(&xf)?)?;
    let mut e = ops::add(&ops::floor(&ops::log2(&ax)?)?, 1.0)?;
    // correct the rounding of log2 near powers of two: m = |x| / 2**e must lie in [0.5, 1)
    for _ in 0..2 {
        let m = ldexp(&ax, &ops::negative(&e)?.astype(DType::Int64)?)?;
        e = add(
            &e,
            &where_(
                &ops::greater_equal(&m, 1.0)?,
                1.0,
                &where_(&ops::less(&m, 0.5)?, -1.0, 0.0)?,
            )?,
        )?;
    }
    let ei = e.astype(DType::Int64)?;
    let m = ldexp(&xf, &ops::negative(&ei)?)?;
    let m = where_(&special, &xf, &m)?.astype(out)?;
    let e = where_(&special, 0i64, &ei)?.astype(DType::Int32)?;
    Ok((m, e))
}

/// A binary ufunc, for the ufunc methods ([`ufunc_reduce`], [`ufunc_accumulate`],
/// [`ufunc_reduceat`], [`ufunc_outer`], [`ufunc_at`]): one of core's [`BinaryOp`]s or one of
/// the composed ufuncs of this module.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ufunc {
    /// A ufunc with its own kernels (`add`, `multiply`, `maximum`, ...).
    Op(BinaryOp),
    /// [`logaddexp`].
    LogAddExp,
    /// [`logaddexp2`].
    LogAddExp2,
    /// [`gcd`].
    Gcd,
    /// [`lcm`].
    Lcm,
    /// [`float_power`].
    FloatPower,
    /// [`heaviside`].
    Heaviside,
    /// [`ldexp`].
    Ldexp,
}

impl From<BinaryOp> for Ufunc {
    fn from(op: BinaryOp) -> Ufunc {
        Ufunc::Op(op)
    }
}

impl Ufunc {
    /// NumPy's name.
    pub fn name(self) -> &'static str {
        match self {
            Ufunc::Op(op) => op.name(),
            Ufunc::LogAddExp => "logaddexp",
            Ufunc::LogAddExp2 => "logaddexp2",
            Ufunc::Gcd => "gcd",
            Ufunc::Lcm => "lcm",
            Ufunc::FloatPower => "float_power",
            Ufunc::Heaviside => "heaviside",
            Ufunc::Ldexp => "ldexp",
        }
    }

    /// The ufunc of NumPy's name (`"add"`, `"true_divide"`, `"mod"`, `"logaddexp"`, ...).
    pub fn from_name(name: &str) -> Option<Ufunc> {
        let name = match name {
            "true_divide" => "divide",
            "mod" => "remainder",
            "pow" => "power",
            "atan2" => "arctan2",
            n => n,
        };
        if let Some(op) = BinaryOp::ALL.iter().find(|op| op.name() == name) {
            return Some(Ufunc::Op(*op));
        }
        [
            Ufunc::LogAddExp,
            Ufunc::LogAddExp2,
            Ufunc::Gcd,
            Ufunc::Lcm,
            Ufunc::FloatPower,
            Ufunc::Heaviside,
            Ufunc::Ldexp,
        ]
        .into_iter()
        .find(|u| u.name() == name)
    }

    /// `self(a, b)`.
    ///
    /// # Errors
    /// The errors of the ufunc.
    pub fn call(self, a: &Array, b: &Array) -> Result<Array> {
        use BinaryOp::*;
        match self {
            Ufunc::Op(op) => match op {
                Add => ops::add(a, b),
                Subtract => ops::subtract(a, b),
                Multiply => ops::multiply(a, b),
                Divide => ops::divide(a, b),
                FloorDivide => ops::floor_divide(a, b),
                Remainder => ops::remainder(a, b),
                Fmod => ops::fmod(a, b),
                Power => ops::power(a, b),
                Maximum => ops::maximum(a, b),
                Minimum => ops::minimum(a, b),
                Fmax => ops::fmax(a, b),
                Fmin => ops::fmin(a, b),
                Equal => ops::equal(a, b),
                NotEqual => ops::not_equal(a, b),
                Less => ops::less(a, b),
                LessEqual => ops::less_equal(a, b),
                Greater => ops::greater(a, b),
                GreaterEqual => ops::greater_equal(a, b),
                LogicalAnd => ops::logical_and(a, b),
                LogicalOr => ops::logical_or(a, b),
                LogicalXor => ops::logical_xor(a, b),
                BitwiseAnd => ops::bitwise_and(a, b),
                BitwiseOr => ops::bitwise_or(a, b),
                BitwiseXor => ops::bitwise_xor(a, b),
                LeftShift => ops::left_shift(a, b),
                RightShift => ops::right_shift(a, b),
                Hypot => ops::hypot(a, b),
                Arctan2 => ops::arctan2(a, b),
                Copysign => ops::copysign(a, b),
                Nextafter => ops::nextafter(a, b),
            },
            Ufunc::LogAddExp => logaddexp(a, b),
            Ufunc::LogAddExp2 => logaddexp2(a, b),
            Ufunc::Gcd => gcd(a, b),
            Ufunc::Lcm => lcm(a, b),
            Ufunc::FloatPower => float_power(a, b),
            Ufunc::Heaviside => heaviside(a, b),
            Ufunc::Ldexp => ldexp(a, b),
        }
    }

    /// The identity of the reduction (NumPy's `ufunc.identity`), when it has one.
    fn identity(self) -> Option<f64> {
        use BinaryOp::*;
        match self {
            Ufunc::Op(Add | LogicalOr | LogicalXor | BitwiseOr | BitwiseXor) => Some(0.0),
            Ufunc::Op(Multiply | LogicalAnd) => Some(1.0),
            Ufunc::Op(BitwiseAnd) => Some(-1.0),
            Ufunc::Gcd => Some(0.0),
            Ufunc::Lcm => Some(1.0),
            Ufunc::LogAddExp => Some(f64::NEG_INFINITY),
            Ufunc::LogAddExp2 => Some(f64::NEG_INFINITY),
            _ => None,
        }
    }

    /// The result dtype of `accumulate`/`reduceat`: NumPy 2 accumulates `add` and `multiply`
    /// of bools and integers in int64/uint64 (as `sum`), other ufuncs in their loop dtype.
    fn method_dtype(self, a: &Array) -> Result<DType> {
        let d = a.dtype();
        match self {
            Ufunc::Op(BinaryOp::Add | BinaryOp::Multiply) if d.is_integer() || d.is_bool() => {
                Ok(sum_dtype_of(d))
            }
            _ => self.loop_dtype(a),
        }
    }

    /// The dtype the method loops run in: the dtype of `self(x, x)`, checked on one element.
    fn loop_dtype(self, a: &Array) -> Result<DType> {
        let one = if a.size() == 0 {
            crate::creation::zeros_on(&[1], a.dtype(), a.device())?
        } else {
            a.ravel()?.slice(&[range(None, Some(1))])?
        };
        Ok(self.call(&one, &one)?.dtype())
    }
}

/// NumPy's `ufunc.reduce(a, axis)`: `op` applied cumulatively along `axis` (every axis
/// flattened for `None`), as `((a0 op a1) op a2) ...`.
///
/// **Shapes:** `a`'s shape without `axis` (kept as 1 with `keepdims`). **dtypes:** `add`,
/// `multiply` and the logical/extremum ufuncs reduce as [`sum`](crate::sum),
/// [`prod`](crate::prod), [`all`](crate::all), [`any`](crate::any), [`max`](crate::max),
/// [`min`](crate::min); others in the ufunc's own result dtype, one ufunc call per element of
/// the axis.
///
/// # Errors
/// [`Error::BadShape`] for an empty axis of a ufunc with no identity;
/// [`Error::AxisOutOfBounds`]; the ufunc's errors.
///
/// ```
/// use cuprum_core::{Array, ops::BinaryOp, ufunc_reduce, Ufunc};
/// let a = Array::from_vec(vec![8i64, 2, 2], &[3]).unwrap();
/// let r = ufunc_reduce(Ufunc::Op(BinaryOp::FloorDivide), &a, Some(0), false).unwrap();
/// assert_eq!(r.item().unwrap().as_i64(), 2);
/// ```
pub fn ufunc_reduce(
    ufunc: impl Into<Ufunc>,
    a: &Array,
    axis: Option<isize>,
    keepdims: bool,
) -> Result<Array> {
    use BinaryOp::*;
    let ufunc = ufunc.into();
    let (x, ax) = match axis {
        None => (a.ravel()?, 0usize),
        Some(ax) => (a.clone(), normalize_axis("reduce", ax, a.ndim())?),
    };
    let fast = match ufunc {
        Ufunc::Op(Add) if !x.dtype().is_bool() => Some(crate::reduce::sum_dtype(
            &x,
            ax as isize,
            false,
            Some(sum_dtype_of(x.dtype())),
        )?),
        Ufunc::Op(Multiply) if !x.dtype().is_bool() => Some(crate::reduce::prod_dtype(
            &x,
            ax as isize,
            false,
            Some(sum_dtype_of(x.dtype())),
        )?),
        Ufunc::Op(Add | LogicalOr) if x.dtype().is_bool() || ufunc == Ufunc::Op(LogicalOr) => {
            Some(crate::reduce::any(&x, ax as isize, false)?)
        }
        Ufunc::Op(Multiply | LogicalAnd) => Some(crate::reduce::all(&x, ax as isize, false)?),
        Ufunc::Op(Maximum) => Some(crate::reduce::max(&x, ax as isize, false)?),
        Ufunc::Op(Minimum) => Some(crate::reduce::min(&x, ax as isize, false)?),
        _ => None,
    };
    let r = match fast {
        Some(r) => r,
        None => {
            let n = x.shape()[ax];
            let dt = ufunc.loop_dtype(&x)?;
            if n == 0 {
                let Some(id) = ufunc.identity() else {
                    return Err(Error::bad_shape(
                        "reduce",
                        "array",
                        a.shape(),
                        format!("a non-empty array ({} has no identity)", ufunc.name()),
                    ));
                };
                let mut shape = x.shape().to_vec();
                shape.remove(ax);
                crate::creation::full_on(shape.as_slice(), id, dt, x.device())?
            } else {
                let mut acc = x.index_axis(ax as isize, 0)?.astype(dt)?;
                for i in 1..n {
                    acc = ufunc
                        .call(&acc, &x.index_axis(ax as isize, i as isize)?)?
                        .astype(dt)?;
                }
                acc
            }
        }
    };
    if keepdims {
        let mut shape: Vec<isize> = ishape(a.shape());
        match axis {
            None => shape.iter_mut().for_each(|s| *s = 1),
            Some(_) => shape[ax] = 1,
        }
        return r.reshape(shape.as_slice());
    }
    Ok(r)
}

/// NumPy's `add.reduce` dtype: bool and signed integers narrower than 64 bits accumulate in
/// int64, unsigned in uint64, others in their own dtype.
fn sum_dtype_of(d: DType) -> DType {
    if d.is_signed_integer() || d.is_bool() {
        DType::Int64
    } else if d.is_unsigned_integer() {
        DType::UInt64
    } else {
        d
    }
}

/// NumPy's `ufunc.accumulate(a, axis)`: the running results of `op` along `axis`
/// (`add.accumulate` is `cumsum` in `a`'s dtype).
///
/// **Shapes:** `a`'s. **dtypes:** the ufunc's result dtype for `a`'s dtype, except that
/// `add` and `multiply` of bools and integers accumulate in int64/uint64 as NumPy 2 does.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::BadShape`] for a 0-d array; the ufunc's errors.
///
/// ```
/// use cuprum_core::{Array, ops::BinaryOp, ufunc_accumulate};
/// let a = Array::from_vec(vec![3i64, 1, 4, 1, 5], &[5]).unwrap();
/// let r = ufunc_accumulate(BinaryOp::Maximum, &a, 0).unwrap();
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![3, 3, 4, 4, 5]);
/// ```
pub fn ufunc_accumulate(ufunc: impl Into<Ufunc>, a: &Array, axis: isize) -> Result<Array> {
    use BinaryOp::*;
    let ufunc = ufunc.into();
    if a.ndim() == 0 {
        return Err(Error::bad_shape(
            "accumulate",
            "array",
            &[],
            "an array of at least one dimension",
        ));
    }
    let ax = normalize_axis("accumulate", axis, a.ndim())?;
    let dt = ufunc.method_dtype(a)?;
    match ufunc {
        Ufunc::Op(Add) => return crate::reduce::cumsum_dtype(a, Some(ax as isize), Some(dt)),
        Ufunc::Op(Multiply) => return crate::reduce::cumprod_dtype(a, Some(ax as isize), Some(dt)),
        _ => {}
    }
    let n = a.shape()[ax];
    if n == 0 {
        return crate::creation::zeros_on(a.shape(), dt, a.device());
    }
    let mut parts = Vec::with_capacity(n);
    let mut acc = a.index_axis(ax as isize, 0)?.astype(dt)?;
    parts.push(acc.clone());
    for i in 1..n {
        acc = ufunc
            .call(&acc, &a.index_axis(ax as isize, i as isize)?)?
            .astype(dt)?;
        parts.push(acc.clone());
    }
    let refs: Vec<&Array> = parts.iter().collect();
    stack(&refs, ax as isize)
}

/// NumPy's `ufunc.reduceat(a, indices, axis)`: for each `i`, the reduction of
/// `a[indices[i]:indices[i+1]]` along `axis` (the last one to the end), or `a[indices[i]]`
/// when `indices[i] >= indices[i+1]`.
///
/// **Shapes:** `a`'s with `axis` of `len(indices)`. **dtypes:** as [`ufunc_accumulate`].
///
/// # Errors
/// [`Error::IndexOutOfBounds`] for an index outside `[0, a.shape[axis])`;
/// [`Error::AxisOutOfBounds`]; the ufunc's errors.
///
/// ```
/// use cuprum_core::{Array, ops::BinaryOp, ufunc_reduceat};
/// let a = Array::from_vec((0..8i64).collect::<Vec<_>>(), &[8]).unwrap();
/// let i = Array::from_vec(vec![0i64, 4, 1, 5, 6], &[5]).unwrap();
/// let r = ufunc_reduceat(BinaryOp::Add, &a, &i, 0).unwrap();
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![6, 4, 10, 5, 13]);
/// ```
pub fn ufunc_reduceat(
    ufunc: impl Into<Ufunc>,
    a: &Array,
    indices: &Array,
    axis: isize,
) -> Result<Array> {
    let ufunc = ufunc.into();
    let ax = normalize_axis("reduceat", axis, a.ndim())?;
    let n = a.shape()[ax];
    let idx = host_i64(indices)?;
    let dt = ufunc.method_dtype(a)?;
    let mut parts = Vec::with_capacity(idx.len());
    for (k, &i) in idx.iter().enumerate() {
        if i < 0 || i as usize >= n {
            return Err(Error::IndexOutOfBounds {
                op: "reduceat",
                index: i,
                axis: ax,
                size: n,
            });
        }
        let end = idx.get(k + 1).copied().unwrap_or(n as i64);
        let part = if end > i {
            let seg = on_axis(
                a,
                ax,
                range(Some(i as isize), Some(end.min(n as i64) as isize)),
            )?;
            let r = ufunc_reduce(ufunc, &seg, Some(ax as isize), false)?;
            r.astype(dt)?
        } else {
            a.index_axis(ax as isize, i as isize)?.astype(dt)?
        };
        parts.push(part);
    }
    if parts.is_empty() {
        let mut shape = a.shape().to_vec();
        shape[ax] = 0;
        return crate::creation::zeros_on(shape.as_slice(), dt, a.device());
    }
    let refs: Vec<&Array> = parts.iter().collect();
    stack(&refs, ax as isize)
}

/// NumPy's `ufunc.outer(a, b)`: `op(a[i..., None...], b[j...])` for every pair.
///
/// **Shapes:** `a.shape() + b.shape()`.
///
/// # Errors
/// The ufunc's errors.
///
/// ```
/// use cuprum_core::{Array, ops::BinaryOp, ufunc_outer};
/// let a = Array::from_vec(vec![1i64, 2], &[2]).unwrap();
/// let b = Array::from_vec(vec![10i64, 20, 30], &[3]).unwrap();
/// let r = ufunc_outer(BinaryOp::Subtract, &a, &b).unwrap();
/// assert_eq!(r.shape(), &[2, 3]);
/// assert_eq!(r.to_vec::<i64>().unwrap(), vec![-9, -19, -29, -8, -18, -28]);
/// ```
pub fn ufunc_outer(ufunc: impl Into<Ufunc>, a: &Array, b: &Array) -> Result<Array> {
    let mut shape = ishape(a.shape());
    shape.extend(std::iter::repeat_n(1, b.ndim()));
    ufunc.into().call(&a.reshape(shape.as_slice())?, b)
}

/// NumPy's `ufunc.at(a, indices, b)`: `a[i] = op(a[i], b[k])` for each index `i = indices[k]`
/// along the first axis, unbuffered (a repeated index applies again), in place.
///
/// **Shapes:** `indices` 1-D (integers; negative count from the end); `b` broadcasts to
/// `(len(indices),) + a.shape()[1..]`. `add` uses [`add_at`](crate::add_at); other ufuncs
/// apply once per index.
///
/// # Errors
/// [`Error::IndexOutOfBounds`]; broadcasting errors; [`Error::DType`] when the result cannot
/// be cast to `a`'s dtype under `same_kind`.
///
/// ```
/// use cuprum_core::{Array, ops::BinaryOp, ufunc_at};
/// let a = Array::from_vec(vec![1i64, 2, 3, 4], &[4]).unwrap();
/// let i = Array::from_vec(vec![0i64, 1, 0], &[3]).unwrap();
/// let b = Array::from_vec(vec![5i64, 6, 7], &[3]).unwrap();
/// ufunc_at(BinaryOp::Maximum, &a, &i, &b).unwrap();
/// assert_eq!(a.to_vec::<i64>().unwrap(), vec![7, 6, 3, 4]);
/// ```
pub fn ufunc_at(ufunc: impl Into<Ufunc>, a: &Array, indices: &Array, b: &Array) -> Result<()> {
    let ufunc = ufunc.into();
    if ufunc == Ufunc::Op(BinaryOp::Add) {
        return crate::indexing::add_at(a, &[IndexItem::Array(indices.clone())], b);
    }
    if a.ndim() == 0 {
        return Err(Error::bad_shape(
            "at",
            "a",
            &[],
            "an array of at least one dimension",
        ));
    }
    let idx = host_i64(indices)?;
    let mut bshape = vec![idx.len()];
    bshape.extend_from_slice(&a.shape()[1..]);
    let b = b.broadcast_to(bshape.as_slice())?;
    let n = a.shape()[0] as i64;
    for (k, &i) in idx.iter().enumerate() {
        if i < -n || i >= n {
            return Err(Error::IndexOutOfBounds {
                op: "at",
                index: i,
                axis: 0,
                size: n as usize,
            });
        }
        let target = a.index_axis(0, i as isize)?;
        let r = ufunc.call(&target, &b.index_axis(0, k as isize)?)?;
        if !crate::ops::promote::can_cast_same_kind(r.dtype(), a.dtype()) {
            return Err(crate::ops::promote::output_cast_error(
                "at",
                r.dtype(),
                a.dtype(),
            ));
        }
        target.assign(&r)?;
    }
    Ok(())
}

/// `a[indices[k]] = max(a[indices[k]], values[k])` along the first axis, in place
/// (`cupyx.scatter_max`; repeated indices take the maximum of all their values).
///
/// # Errors
/// As [`ufunc_at`].
///
/// ```
/// use cuprum_core::{Array, scatter_max};
/// let a = Array::from_vec(vec![0i64; 3], &[3]).unwrap();
/// let i = Array::from_vec(vec![0i64, 2, 0], &[3]).unwrap();
/// scatter_max(&a, &i, &Array::from_vec(vec![5i64, 1, 7], &[3]).unwrap()).unwrap();
/// assert_eq!(a.to_vec::<i64>().unwrap(), vec![7, 0, 1]);
/// ```
pub fn scatter_max(a: &Array, indices: &Array, values: &Array) -> Result<()> {
    ufunc_at(Ufunc::Op(BinaryOp::Maximum), a, indices, values)
}

/// `a[indices[k]] = min(a[indices[k]], values[k])` along the first axis, in place
/// (`cupyx.scatter_min`).
///
/// # Errors
/// As [`ufunc_at`].
///
/// ```
/// use cuprum_core::{Array, scatter_min};
/// let a = Array::from_vec(vec![5i64; 3], &[3]).unwrap();
/// let i = Array::from_vec(vec![0i64, 2, 0], &[3]).unwrap();
/// scatter_min(&a, &i, &Array::from_vec(vec![3i64, 9, 1], &[3]).unwrap()).unwrap();
/// assert_eq!(a.to_vec::<i64>().unwrap(), vec![1, 5, 5]);
/// ```
pub fn scatter_min(a: &Array, indices: &Array, values: &Array) -> Result<()> {
    ufunc_at(Ufunc::Op(BinaryOp::Minimum), a, indices, values)
}
