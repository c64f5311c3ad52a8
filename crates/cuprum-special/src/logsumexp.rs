//! The reductions of `scipy.special`: `logsumexp` (with weights `b` and `return_sign`),
//! `softmax`, `log_softmax`, composed of core's ufuncs and reductions (so they run on every
//! device).

use cuprum_core::reduce::Axes;
use cuprum_core::{Array, DType, Error, Result};

/// `a` as a floating array: float dtypes as they are, others (bool, integers) as float64.
fn floating(op: &'static str, a: &Array) -> Result<Array> {
    let d = a.dtype();
    if d.is_complex() {
        return Err(Error::unsupported(
            op,
            format!("complex input ({d}) is not implemented"),
        ));
    }
    if d.is_float() {
        Ok(a.clone())
    } else {
        a.astype(DType::Float64)
    }
}

/// `x` with every reduced axis of `axes` removed (the `keepdims=False` shape).
fn drop_axes(x: &Array, axes: &[usize]) -> Result<Array> {
    if axes.is_empty() {
        return Ok(x.clone());
    }
    let ax: Vec<isize> = axes.iter().map(|&a| a as isize).collect();
    x.squeeze(Some(&ax))
}

/// `max(x, axes, keepdims=True)` with non-finite values replaced by 0.
fn finite_max(x: &Array, axes: &Axes) -> Result<Array> {
    let m = x.max(axes.clone(), true)?;
    let zero = cuprum_core::zeros_on(m.shape(), m.dtype(), m.device())?;
    cuprum_core::where_(&cuprum_core::isfinite(&m)?, &m, &zero)
}

fn lse(
    op: &'static str,
    a: &Array,
    axis: Axes,
    b: Option<&Array>,
    keepdims: bool,
    want_sign: bool,
) -> Result<(Array, Option<Array>)> {
    let mut a = floating(op, a)?;
    let mut b = match b {
        Some(b) => {
            let b = floating(op, b)?;
            let dt = DType::promote(a.dtype(), b.dtype());
            let v = cuprum_core::broadcast_arrays(&[&a, &b])?;
            a = v[0].astype(dt)?;
            Some(v[1].astype(dt)?)
        }
        None => None,
    };
    if a.ndim() == 0 {
        a = a.reshape([1usize])?;
        b = b.map(|b| b.reshape([1usize])).transpose()?;
    }
    let axes = axis.resolve(op, a.ndim())?;
    let ax = Axes::Many(axes.iter().map(|&x| x as isize).collect());
    if let Some(bb) = &b {
        // an element with weight 0 adds nothing, even when it is infinite or NaN
        let zero = cuprum_core::zeros_on(bb.shape(), bb.dtype(), bb.device())?;
        let ninf = cuprum_core::full_on(bb.shape(), f64::NEG_INFINITY, a.dtype(), a.device())?;
        a = cuprum_core::where_(&cuprum_core::equal(bb, &zero)?, &ninf, &a)?;
    }
    let m = finite_max(&a, &ax)?;
    let mut t = cuprum_core::exp(&cuprum_core::subtract(&a, &m)?)?;
    if let Some(bb) = &b {
        t = cuprum_core::multiply(&t, bb)?;
    }
    let mut s = t.sum(ax.clone(), true)?;
    let sign = if want_sign {
        let sg = cuprum_core::sign(&s)?;
        s = cuprum_core::abs(&s)?;
        Some(sg)
    } else {
        None
    };
    let out = cuprum_core::add(&cuprum_core::log(&s)?, &m)?;
    if keepdims {
        Ok((out, sign))
    } else {
        Ok((
            drop_axes(&out, &axes)?,
            sign.map(|s| drop_axes(&s, &axes)).transpose()?,
        ))
    }
}

/// `log(sum(b * exp(a)))` along `axis`, without overflow. SciPy's
/// `scipy.special.logsumexp(a, axis, b, keepdims)` (`return_sign=False`; see
/// [`logsumexp_with_sign`]).
///
/// **Shapes:** `a` and `b` (weights, optional) broadcast together; the result has the
/// broadcast shape with the `axis` axes removed (kept with length 1 when `keepdims`). `axis`
/// is `None` (every axis: a 0-d result), one axis or several.
///
/// **Semantics:** the largest finite element is subtracted before the exponential, so large
/// values (1000) do not overflow and `-inf` elements contribute 0; an element with weight 0
/// is left out even when it is infinite or NaN; a negative weighted sum gives NaN. Float
/// dtypes are kept; integer and bool input computes in float64.
///
/// **Algorithm:** `m = max(a)` (non-finite maxima replaced by 0), `log(sum(b * exp(a - m)))
/// + m`, with core's ufuncs and reductions on the input's device.
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`,
/// [`Error::Broadcast`] when `a` and `b` do not broadcast,
/// [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1000.0f64, 1000.0], &[2], Device::Cpu).unwrap();
/// let r = cuprum_special::logsumexp(&a, None, None, false).unwrap();
/// // scipy.special.logsumexp([1000.0, 1000.0]) = 1000 + log(2)
/// assert!((r.to_vec::<f64>().unwrap()[0] - 1000.6931471805599).abs() < 1e-12);
/// ```
pub fn logsumexp(
    a: &Array,
    axis: impl Into<Axes>,
    b: Option<&Array>,
    keepdims: bool,
) -> Result<Array> {
    Ok(lse("special.logsumexp", a, axis.into(), b, keepdims, false)?.0)
}

/// `logsumexp` with `return_sign=True`: `(log|sum(b * exp(a))|, sign(sum(b * exp(a))))`.
/// SciPy's `scipy.special.logsumexp(a, axis, b, keepdims, return_sign=True)`.
///
/// **Shapes:** as [`logsumexp`]; both results have its shape.
///
/// **Semantics:** as [`logsumexp`], but a negative weighted sum gives its logarithm of
/// magnitude and sign -1 instead of NaN; a zero sum gives `-inf` and sign 0.
///
/// **Algorithm:** as [`logsumexp`].
///
/// # Errors
/// As [`logsumexp`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0], &[2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0f64, -1.0], &[2], Device::Cpu).unwrap();
/// let (r, s) = cuprum_special::logsumexp_with_sign(&a, None, Some(&b), false).unwrap();
/// // scipy.special.logsumexp([1, 2], b=[1, -1], return_sign=True)
/// assert!((r.to_vec::<f64>().unwrap()[0] - 1.5413248546129181).abs() < 1e-12);
/// assert_eq!(s.to_vec::<f64>().unwrap()[0], -1.0);
/// ```
pub fn logsumexp_with_sign(
    a: &Array,
    axis: impl Into<Axes>,
    b: Option<&Array>,
    keepdims: bool,
) -> Result<(Array, Array)> {
    let (r, s) = lse("special.logsumexp", a, axis.into(), b, keepdims, true)?;
    let s = s.ok_or_else(|| Error::invalid_value("special.logsumexp", "internal: no sign"))?;
    Ok((r, s))
}

/// The softmax function `exp(x) / sum(exp(x))` along `axis`. SciPy's
/// `scipy.special.softmax(x, axis)`.
///
/// **Shapes:** the result has `x`'s shape; `axis` is `None` (every element), one axis or
/// several.
///
/// **Semantics:** the maximum along `axis` is subtracted first (no overflow at 1000); `-inf`
/// gives 0. Float dtypes are kept; integer and bool input computes in float64.
///
/// **Algorithm:** `e = exp(x - max(x))`, `e / sum(e)`, with core's ufuncs and reductions.
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`;
/// [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.0f64, 0.0], &[2], Device::Cpu).unwrap();
/// let r = cuprum_special::softmax(&x, None).unwrap();
/// assert_eq!(r.to_vec::<f64>().unwrap(), vec![0.5, 0.5]);
/// ```
pub fn softmax(x: &Array, axis: impl Into<Axes>) -> Result<Array> {
    let op = "special.softmax";
    let x = floating(op, x)?;
    let axis = axis.into();
    axis.resolve(op, x.ndim())?;
    let m = x.max(axis.clone(), true)?;
    let e = cuprum_core::exp(&cuprum_core::subtract(&x, &m)?)?;
    let s = e.sum(axis, true)?;
    cuprum_core::divide(&e, &s)
}

/// The logarithm of [`softmax`], accurate where `softmax` saturates. SciPy's
/// `scipy.special.log_softmax(x, axis)`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `x - logsumexp(x, axis)`; non-finite maxima are replaced by 0 before the
/// shift, as SciPy. Float dtypes are kept; integer and bool input computes in float64.
///
/// **Algorithm:** `t = x - max(x)`, `t - log(sum(exp(t)))`, with core's ufuncs and reductions.
///
/// # Errors
/// As [`softmax`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1000.0f64, 1.0], &[2], Device::Cpu).unwrap();
/// let r = cuprum_special::log_softmax(&x, None).unwrap();
/// // scipy.special.log_softmax([1000.0, 1.0])
/// assert_eq!(r.to_vec::<f64>().unwrap(), vec![0.0, -999.0]);
/// ```
pub fn log_softmax(x: &Array, axis: impl Into<Axes>) -> Result<Array> {
    let op = "special.log_softmax";
    let x = floating(op, x)?;
    let axis = axis.into();
    axis.resolve(op, x.ndim())?;
    let m = finite_max(&x, &axis)?;
    let t = cuprum_core::subtract(&x, &m)?;
    let s = cuprum_core::exp(&t)?.sum(axis, true)?;
    cuprum_core::subtract(&t, &cuprum_core::log(&s)?)
}

/// The softplus function `log(1 + exp(x))`, without overflow. SciPy's
/// `scipy.special.softplus(x)` (`numpy.logaddexp(0, x)`).
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `x` for large `x`, `exp(x)` for very negative `x` (0 at `-inf`); float
/// dtypes are kept, integers and bool compute in float64.
///
/// **Algorithm:** core's `logaddexp(0, x)`.
///
/// # Errors
/// [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.0f64, 800.0], &[2], Device::Cpu).unwrap();
/// let r = cuprum_special::softplus(&x).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(r, vec![std::f64::consts::LN_2, 800.0]);
/// ```
pub fn softplus(x: &Array) -> Result<Array> {
    let x = floating("special.softplus", x)?;
    let zero = cuprum_core::zeros_on(x.shape(), x.dtype(), x.device())?;
    cuprum_core::logaddexp(&zero, &x)
}

/// The logarithm of the multivariate gamma function of dimension `d`. SciPy's
/// `scipy.special.multigammaln(a, d)`.
///
/// **Shapes:** the result has `a`'s shape.
///
/// **Semantics:** `d (d - 1) / 4 log(pi) + sum(gammaln(a - (j - 1) / 2), j = 1..d)`; every
/// element of `a` must exceed `(d - 1) / 2`.
///
/// **Algorithm:** `d` calls of [`gammaln`](crate::gammaln) summed with core's ufuncs.
///
/// # Errors
/// [`Error::InvalidValue`] naming `special.multigammaln` when `d` is 0 or some `a <= (d -
/// 1) / 2` (SciPy's `ValueError`); [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![3.5f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::multigammaln(&a, 3).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.multigammaln(3.5, 3)
/// assert!((r[0] - 3.895898482154039).abs() < 1e-14);
/// ```
pub fn multigammaln(a: &Array, d: usize) -> Result<Array> {
    let op = "special.multigammaln";
    if d == 0 {
        return Err(Error::invalid_value(
            op,
            "d should be a positive integer (dimension)",
        ));
    }
    let a = floating(op, a)?;
    let lim = 0.5 * (d as f64 - 1.0);
    let bad = cuprum_core::less_equal(&a, lim)?.any(None, false)?;
    if bad.item()? == cuprum_core::Scalar::Bool(true) {
        return Err(Error::invalid_value(
            op,
            format!("condition a > 0.5 * (d-1) ({lim}) not met"),
        ));
    }
    let mut res = cuprum_core::full_on(
        a.shape(),
        (d * (d - 1)) as f64 * 0.25 * std::f64::consts::PI.ln(),
        a.dtype(),
        a.device(),
    )?;
    for j in 1..=d {
        let shifted = cuprum_core::subtract(&a, (j as f64 - 1.0) / 2.0)?;
        res = cuprum_core::add(&res, &crate::gammaln(&shifted)?)?;
    }
    Ok(res)
}
