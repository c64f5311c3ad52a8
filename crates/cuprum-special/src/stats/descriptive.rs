//! Descriptive statistics along an axis: `moment`, `skew`, `kurtosis`, `describe`, `sem`,
//! `variation`, `gmean`, `hmean`, `pmean`, `iqr`. Each composes core's ufuncs and
//! reductions, so it runs on every device.

use super::{along, floating};
use cuprum_core::stats::QuantileMethod;
use cuprum_core::{Array, DType, Error, Result};

/// The machine epsilon of `a`'s dtype (float32's for float32 and float16, else float64's).
fn eps(a: &Array) -> f64 {
    match a.dtype() {
        DType::Float32 | DType::Float16 => f64::from(f32::EPSILON),
        _ => f64::EPSILON,
    }
}

/// `d^k` by repeated multiplication (`k >= 1`).
fn ipow(d: &Array, k: u32) -> Result<Array> {
    let mut r = d.clone();
    for _ in 1..k {
        r = cuprum_core::multiply(&r, d)?;
    }
    Ok(r)
}

/// The `order`-th central moment of `x` along `ax` about `center` (the mean when `None`).
fn central(x: &Array, ax: usize, order: u32, center: Option<f64>) -> Result<Array> {
    let axi = ax as isize;
    if order == 0 {
        // SciPy gives ones, whatever the data
        let mut shape = x.shape().to_vec();
        shape.remove(ax);
        return cuprum_core::full_on(shape, 1.0, x.dtype(), x.device());
    }
    if order == 1 && center.is_none() {
        // exactly 0 about the mean (NaN where the data has NaN), as SciPy
        return cuprum_core::multiply(&x.mean(axi, false)?, 0.0);
    }
    let d = match center {
        Some(c) => cuprum_core::subtract(x, c)?,
        None => cuprum_core::subtract(x, &x.mean(axi, true)?)?,
    };
    ipow(&d, order)?.mean(axi, false)
}

/// The `order`-th central moment of `a` along `axis`: `mean((a - c)^order)` with `c` the mean
/// (or `center`). SciPy's `scipy.stats.moment(a, order=1, axis=0, center=None)`.
///
/// **Shapes:** `a` reduced along `axis` (`None`: every element, a 0-d result).
///
/// **Semantics:** order 0 gives ones; order 1 about the mean gives zeros (NaN where the data
/// has NaN); float dtypes are kept, integers and bool compute in float64.
///
/// **Algorithm:** core's `mean` with `keepdims`, a broadcast subtract, the power by repeated
/// multiplication and a second `mean`.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 10.0], &[4], Device::Cpu).unwrap();
/// let m = cuprum_special::stats::moment(&a, 3, Some(0), None).unwrap();
/// // scipy.stats.moment([1., 2., 3., 10.], order=3)
/// assert!((m.to_vec::<f64>().unwrap()[0] - 45.0).abs() < 1e-12);
/// ```
pub fn moment(a: &Array, order: u32, axis: Option<isize>, center: Option<f64>) -> Result<Array> {
    let (x, ax) = along("stats.moment", a, axis)?;
    central(&x, ax, order, center)
}

/// `m2` and `m_k` of `x` along `ax`, and the mask where `m2` is zero to working precision
/// (SciPy's `m2 <= (eps * mean)^2`, which makes skew and kurtosis NaN).
fn moments_and_zero(x: &Array, ax: usize, k: u32) -> Result<(Array, Array, Array)> {
    let axi = ax as isize;
    let mean = x.mean(axi, true)?;
    let d = cuprum_core::subtract(x, &mean)?;
    let d2 = cuprum_core::multiply(&d, &d)?;
    let m2 = d2.mean(axi, false)?;
    let mk = if k == 3 {
        cuprum_core::multiply(&d2, &d)?.mean(axi, false)?
    } else {
        cuprum_core::multiply(&d2, &d2)?.mean(axi, false)?
    };
    let thr = cuprum_core::square(&cuprum_core::multiply(
        &mean.squeeze(Some(&[axi]))?,
        eps(x),
    )?)?;
    let zero = cuprum_core::less_equal(&m2, &thr)?;
    Ok((m2, mk, zero))
}

/// The sample skewness of `a` along `axis`: `m3 / m2^1.5` (Fisher-Pearson), with the
/// `bias=False` correction `sqrt(n(n-1)) / (n-2)`. SciPy's
/// `scipy.stats.skew(a, axis=0, bias=True)`.
///
/// **Shapes:** `a` reduced along `axis` (`None`: every element).
///
/// **Semantics:** NaN where the data is constant to working precision (SciPy's
/// `m2 <= (eps * mean)^2`); the correction applies only for `n > 2`; NaN propagates.
///
/// **Algorithm:** central moments from core's `mean` (one subtract, products, two means).
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 10.0], &[4], Device::Cpu).unwrap();
/// let s = cuprum_special::stats::skew(&a, Some(0), true).unwrap();
/// // scipy.stats.skew([1., 2., 3., 10.])
/// assert!((s.to_vec::<f64>().unwrap()[0] - 1.0182337649086284).abs() < 1e-14);
/// ```
pub fn skew(a: &Array, axis: Option<isize>, bias: bool) -> Result<Array> {
    let (x, ax) = along("stats.skew", a, axis)?;
    let n = x.shape()[ax] as f64;
    let (m2, m3, zero) = moments_and_zero(&x, ax, 3)?;
    let g = cuprum_core::divide(&m3, &cuprum_core::power(&m2, 1.5)?)?;
    let g = if !bias && n > 2.0 {
        cuprum_core::multiply(&g, ((n - 1.0) * n).sqrt() / (n - 2.0))?
    } else {
        g
    };
    cuprum_core::where_(&zero, f64::NAN, &g)?.astype(x.dtype())
}

/// The sample kurtosis of `a` along `axis`: `m4 / m2^2`, minus 3 when `fisher` (excess
/// kurtosis), with the `bias=False` correction for `n > 3`. SciPy's
/// `scipy.stats.kurtosis(a, axis=0, fisher=True, bias=True)`.
///
/// **Shapes:** `a` reduced along `axis` (`None`: every element).
///
/// **Semantics:** NaN where the data is constant to working precision, as [`skew`]; the
/// unbiased value is `((n^2-1) m4/m2^2 - 3(n-1)^2) / ((n-2)(n-3)) + 3`.
///
/// **Algorithm:** central moments from core's `mean`.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 10.0], &[4], Device::Cpu).unwrap();
/// let k = cuprum_special::stats::kurtosis(&a, Some(0), true, true).unwrap();
/// // scipy.stats.kurtosis([1., 2., 3., 10.])
/// assert!((k.to_vec::<f64>().unwrap()[0] + 0.7696000000000001).abs() < 1e-14);
/// ```
pub fn kurtosis(a: &Array, axis: Option<isize>, fisher: bool, bias: bool) -> Result<Array> {
    let (x, ax) = along("stats.kurtosis", a, axis)?;
    let n = x.shape()[ax] as f64;
    let (m2, m4, zero) = moments_and_zero(&x, ax, 4)?;
    let mut k = cuprum_core::divide(&m4, &cuprum_core::multiply(&m2, &m2)?)?;
    if !bias && n > 3.0 {
        let t = cuprum_core::subtract(
            &cuprum_core::multiply(&k, n * n - 1.0)?,
            3.0 * (n - 1.0) * (n - 1.0),
        )?;
        k = cuprum_core::add(
            &cuprum_core::multiply(&t, 1.0 / ((n - 2.0) * (n - 3.0)))?,
            3.0,
        )?;
    }
    let k = cuprum_core::where_(&zero, f64::NAN, &k)?;
    let k = if fisher {
        cuprum_core::subtract(&k, 3.0)?
    } else {
        k
    };
    k.astype(x.dtype())
}

/// What [`describe`] returns (SciPy's `DescribeResult`).
#[derive(Clone, Debug)]
pub struct DescribeResult {
    /// the number of observations along the axis
    pub nobs: usize,
    /// the minimum and maximum
    pub minmax: (Array, Array),
    /// the arithmetic mean
    pub mean: Array,
    /// the variance with `ddof`
    pub variance: Array,
    /// [`skew`] with `bias`
    pub skewness: Array,
    /// [`kurtosis`] (Fisher's, excess) with `bias`
    pub kurtosis: Array,
}

/// The number of observations, min and max, mean, variance, skewness and excess kurtosis of
/// `a` along `axis`. SciPy's `scipy.stats.describe(a, axis=0, ddof=1, bias=True)`.
///
/// **Shapes:** each statistic is `a` reduced along `axis` (`None`: every element).
///
/// **Semantics:** as core's `min`/`max`/`mean`/`var` and this module's [`skew`] and
/// [`kurtosis`] (`fisher=True`).
///
/// **Algorithm:** core's reductions and the central moments of [`skew`]/[`kurtosis`].
///
/// # Errors
/// [`Error::InvalidValue`] naming `stats.describe` for an empty axis ("The input must not be
/// empty"); [`Error::AxisOutOfBounds`]; [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 10.0], &[4], Device::Cpu).unwrap();
/// let d = cuprum_special::stats::describe(&a, Some(0), 1.0, true).unwrap();
/// // scipy.stats.describe([1., 2., 3., 10.]).variance
/// assert!((d.variance.to_vec::<f64>().unwrap()[0] - 16.666666666666664).abs() < 1e-13);
/// assert_eq!(d.nobs, 4);
/// ```
pub fn describe(a: &Array, axis: Option<isize>, ddof: f64, bias: bool) -> Result<DescribeResult> {
    let op = "stats.describe";
    let (x, ax) = along(op, a, axis)?;
    let n = x.shape()[ax];
    if n == 0 {
        return Err(Error::invalid_value(op, "The input must not be empty."));
    }
    let axi = ax as isize;
    Ok(DescribeResult {
        nobs: n,
        minmax: (x.min(axi, false)?, x.max(axi, false)?),
        mean: x.mean(axi, false)?,
        variance: x.var(axi, ddof, false)?,
        skewness: skew(&x, Some(axi), bias)?,
        kurtosis: kurtosis(&x, Some(axi), true, bias)?,
    })
}

/// The standard error of the mean of `a` along `axis`: `std(a, ddof) / sqrt(n)`. SciPy's
/// `scipy.stats.sem(a, axis=0, ddof=1)`.
///
/// **Shapes:** `a` reduced along `axis` (`None`: every element).
///
/// **Semantics:** NaN when `n <= ddof`; NaN propagates.
///
/// **Algorithm:** core's `std`, then a division.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let s = cuprum_special::stats::sem(&a, Some(0), 1.0).unwrap();
/// // scipy.stats.sem([1., 2., 3., 4.])
/// assert!((s.to_vec::<f64>().unwrap()[0] - 0.6454972243679028).abs() < 1e-15);
/// ```
pub fn sem(a: &Array, axis: Option<isize>, ddof: f64) -> Result<Array> {
    let (x, ax) = along("stats.sem", a, axis)?;
    let n = x.shape()[ax] as f64;
    cuprum_core::divide(&x.std(ax as isize, ddof, false)?, n.sqrt())
}

/// The coefficient of variation of `a` along `axis`: `std(a, ddof) / mean(a)`. SciPy's
/// `scipy.stats.variation(a, axis=0, ddof=0)`.
///
/// **Shapes:** `a` reduced along `axis` (`None`: every element).
///
/// **Semantics:** `inf` (signed) for a zero mean and nonzero deviation, NaN for `0/0`.
///
/// **Algorithm:** core's `std` and `mean`, then a division.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let v = cuprum_special::stats::variation(&a, Some(0), 0.0).unwrap();
/// // scipy.stats.variation([1., 2., 3., 4.])
/// assert!((v.to_vec::<f64>().unwrap()[0] - 0.4472135954999579).abs() < 1e-15);
/// ```
pub fn variation(a: &Array, axis: Option<isize>, ddof: f64) -> Result<Array> {
    let (x, ax) = along("stats.variation", a, axis)?;
    let axi = ax as isize;
    cuprum_core::divide(&x.std(axi, ddof, false)?, &x.mean(axi, false)?)
}

/// The weights of gmean, hmean and pmean, raveled as the data is when `axis` is `None`.
fn weights_like(weights: Option<&Array>, axis: Option<isize>) -> Result<Option<Array>> {
    weights
        .map(|w| {
            if axis.is_none() {
                w.ravel()
            } else {
                Ok(w.clone())
            }
        })
        .transpose()
}

/// The (weighted) mean of `v` along `ax`.
fn wmean(op: &'static str, v: &Array, ax: usize, weights: Option<&Array>) -> Result<Array> {
    match weights {
        None => v.mean(ax as isize, false),
        Some(w) => {
            let w = floating(op, w)?;
            let w = if w.shape() == v.shape() {
                w
            } else if w.ndim() == 1 && w.shape()[0] == v.shape()[ax] {
                // SciPy broadcasts 1-D weights along the axis
                let mut shape = cuprum_core::ext::try_vec_filled(v.ndim(), 1usize)?;
                shape[ax] = w.shape()[0];
                w.reshape(shape)?.broadcast_to(v.shape())?
            } else {
                return Err(Error::ShapeMismatch {
                    op,
                    lhs: v.shape().to_vec(),
                    rhs: w.shape().to_vec(),
                    detail: Some(
                        "weights must have the shape of a, or be 1-D of the axis length".into(),
                    ),
                });
            };
            let num = cuprum_core::multiply(v, &w)?.sum(ax as isize, false)?;
            cuprum_core::divide(&num, &w.sum(ax as isize, false)?)
        }
    }
}

/// `a` with negative values replaced by NaN (SciPy's `hmean`/`pmean` domain rule).
fn nonneg(a: &Array) -> Result<Array> {
    cuprum_core::where_(&cuprum_core::less(a, 0.0)?, f64::NAN, a)?.astype(a.dtype())
}

/// The geometric mean of `a` along `axis`: `exp(mean(log a))`, weighted by `weights`. SciPy's
/// `scipy.stats.gmean(a, axis=0, weights=None)`.
///
/// **Shapes:** `a` reduced along `axis` (`None`: every element); `weights` has `a`'s shape
/// or is 1-D of the axis' length.
///
/// **Semantics:** 0 when a value is 0, NaN for negative values.
///
/// **Algorithm:** core's `log`, (weighted) `mean` and `exp`.
///
/// # Errors
/// [`Error::ShapeMismatch`] for weights of another shape; [`Error::AxisOutOfBounds`];
/// [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 4.0, 7.0], &[3], Device::Cpu).unwrap();
/// let w = Array::from_vec_on(vec![3.0f64, 1.0, 3.0], &[3], Device::Cpu).unwrap();
/// let g = cuprum_special::stats::gmean(&a, Some(0), Some(&w)).unwrap();
/// // scipy.stats.gmean([1, 4, 7], weights=[3, 1, 3])
/// assert!((g.to_vec::<f64>().unwrap()[0] - 2.80668351922014).abs() < 1e-14);
/// ```
pub fn gmean(a: &Array, axis: Option<isize>, weights: Option<&Array>) -> Result<Array> {
    let op = "stats.gmean";
    let (x, ax) = along(op, a, axis)?;
    let w = weights_like(weights, axis)?;
    let l = cuprum_core::log(&x)?;
    cuprum_core::exp(&wmean(op, &l, ax, w.as_ref())?)
}

/// The harmonic mean of `a` along `axis`: `1 / mean(1/a)`, weighted by `weights`. SciPy's
/// `scipy.stats.hmean(a, axis=0, weights=None)`.
///
/// **Shapes:** as [`gmean`].
///
/// **Semantics:** 0 when a value is 0; negative values make the result NaN (SciPy warns).
///
/// **Algorithm:** core's `reciprocal`-style division and (weighted) `mean`.
///
/// # Errors
/// As [`gmean`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 4.0, 7.0], &[3], Device::Cpu).unwrap();
/// let h = cuprum_special::stats::hmean(&a, Some(0), None).unwrap();
/// // scipy.stats.hmean([1, 4, 7])
/// assert!((h.to_vec::<f64>().unwrap()[0] - 2.153846153846154).abs() < 1e-14);
/// ```
pub fn hmean(a: &Array, axis: Option<isize>, weights: Option<&Array>) -> Result<Array> {
    let op = "stats.hmean";
    let (x, ax) = along(op, a, axis)?;
    let w = weights_like(weights, axis)?;
    let r = cuprum_core::divide(1.0, &nonneg(&x)?)?;
    cuprum_core::divide(1.0, &wmean(op, &r, ax, w.as_ref())?)
}

/// The power mean of `a` along `axis`: `mean(a^p)^(1/p)` ([`gmean`] for `p = 0`), weighted by
/// `weights`. SciPy's `scipy.stats.pmean(a, p, axis=0, weights=None)`.
///
/// **Shapes:** as [`gmean`].
///
/// **Semantics:** negative values make the result NaN (SciPy warns).
///
/// **Algorithm:** core's `power` and (weighted) `mean`.
///
/// # Errors
/// [`Error::Unsupported`] for infinite `p` (as SciPy's `NotImplementedError`),
/// [`Error::InvalidValue`] for NaN `p`; otherwise as [`gmean`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 4.0], &[3], Device::Cpu).unwrap();
/// let m = cuprum_special::stats::pmean(&a, 2.5, Some(0), None).unwrap();
/// // scipy.stats.pmean([1, 2, 4], 2.5)
/// assert!((m.to_vec::<f64>().unwrap()[0] - 2.7799827561573864).abs() < 1e-14);
/// ```
pub fn pmean(a: &Array, p: f64, axis: Option<isize>, weights: Option<&Array>) -> Result<Array> {
    let op = "stats.pmean";
    if p.is_nan() {
        return Err(Error::invalid_value(op, "the exponent p is NaN"));
    }
    if p.is_infinite() {
        return Err(Error::unsupported(
            op,
            format!("Power mean only implemented for finite p (p = {p})"),
        ));
    }
    if p == 0.0 {
        return gmean(a, axis, weights);
    }
    let (x, ax) = along(op, a, axis)?;
    let w = weights_like(weights, axis)?;
    let xp = cuprum_core::power(&nonneg(&x)?, p)?;
    cuprum_core::power(&wmean(op, &xp, ax, w.as_ref())?, 1.0 / p)
}

/// The interquartile range (or any percentile range `rng`) of `x` along `axis`, divided by
/// `scale`. SciPy's `scipy.stats.iqr(x, axis=None, rng=(25, 75), scale=1.0,
/// interpolation='linear')`.
///
/// **Shapes:** `x` reduced along `axis` (`None`: every element).
///
/// **Semantics:** `percentile(x, rng.1) - percentile(x, rng.0)`, divided by `scale`; SciPy's
/// `scale='normal'` is `scale = 2 * ndtri(0.75) = 1.3489795003921634`. NaN propagates.
///
/// **Algorithm:** core's `percentiles` (sort-based) with `method`.
///
/// # Errors
/// [`Error::InvalidValue`] naming `stats.iqr` for a range outside `[0, 100]` or decreasing;
/// [`Error::AxisOutOfBounds`]; [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_core::stats::QuantileMethod;
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[6], Device::Cpu).unwrap();
/// let r = cuprum_special::stats::iqr(&a, None, (25.0, 75.0), 1.0, QuantileMethod::Linear).unwrap();
/// // scipy.stats.iqr([1, 2, 3, 4, 5, 6])
/// assert_eq!(r.to_vec::<f64>().unwrap(), vec![2.5]);
/// ```
pub fn iqr(
    x: &Array,
    axis: Option<isize>,
    rng: (f64, f64),
    scale: f64,
    method: QuantileMethod,
) -> Result<Array> {
    let op = "stats.iqr";
    let ok = |v: f64| (0.0..=100.0).contains(&v);
    if !ok(rng.0) || !ok(rng.1) || rng.0 > rng.1 {
        return Err(Error::invalid_value(
            op,
            format!(
                "rng must be an increasing pair within [0, 100], got ({}, {})",
                rng.0, rng.1
            ),
        ));
    }
    let (a, ax) = along(op, x, axis)?;
    let p = cuprum_core::stats::percentiles(&a, &[rng.0, rng.1], Some(ax as isize), false, method)?;
    let hi = p.slice(&[cuprum_core::SliceItem::Index(1)])?;
    let lo = p.slice(&[cuprum_core::SliceItem::Index(0)])?;
    let d = cuprum_core::subtract(&hi, &lo)?;
    if scale == 1.0 {
        Ok(d)
    } else {
        cuprum_core::divide(&d, scale)
    }
}
