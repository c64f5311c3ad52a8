//! `scipy.stats`' array functions (`cupyx.scipy.stats`), exposed as `cuprum::scipy::stats`:
//! CuPy's `zscore`, `zmap`, `entropy`, `boxcox_llf`, `trim_mean` (here); the descriptive
//! statistics (`moment`, `skew`, `kurtosis`, `describe`, `sem`, `variation`, `gmean`,
//! `hmean`, `pmean`, `iqr`), ranks and counts (`rankdata`, `mode`, `percentileofscore`),
//! correlations (`pearsonr`, `spearmanr`), `binned_statistic` (`_2d`, `_dd`), and the
//! distributions [`norm`], [`t`], [`chi2`], [`gamma`], [`beta`], [`expon`], [`uniform`],
//! [`poisson`], [`binom`] as modules of vectorized functions (`pdf`, `logpdf`, `cdf`, `sf`,
//! `ppf`, `isf`; `pmf`/`logpmf` for the discrete ones) of array parameters. Each composes
//! core's ufuncs, reductions, sorting and indexing and this crate's special functions, so it
//! runs on every device.

mod binned;
mod correlation;
mod descriptive;
mod rank;

pub mod beta;
pub mod binom;
#[doc(hidden)]
pub mod chi_squared;
pub mod expon;
pub mod gamma;
pub mod norm;
pub mod poisson;
pub mod t;
pub mod uniform;

mod dist_util;

pub use binned::*;
/// The chi-squared distribution (SciPy's `scipy.stats.chi2`; the module's file is
/// `chi_squared.rs`).
pub use chi_squared as chi2;
pub use correlation::*;
pub use descriptive::*;
pub use rank::*;

use cuprum_core::reduce::Axes;
use cuprum_core::{Array, DType, Error, IndexMode, Result};

/// `a` as a floating array (integers and bool as float64).
fn floating(op: &'static str, a: &Array) -> Result<Array> {
    let d = a.dtype();
    if d.is_complex() {
        return Err(Error::unsupported(op, format!("complex input ({d})")));
    }
    if d.is_float() {
        Ok(a.clone())
    } else {
        a.astype(DType::Float64)
    }
}

/// The z-score of each value: `(a - mean(a)) / std(a, ddof)` along `axis`. SciPy's
/// `scipy.stats.zscore(a, axis=0, ddof=0)` (`nan_policy='propagate'`).
///
/// **Shapes:** the result has `a`'s shape; `axis` is one axis (SciPy's default 0), several,
/// or `None` (every element).
///
/// **Semantics:** a constant slice (zero deviation) gives NaN, as SciPy; float dtypes are
/// kept, integers compute in float64.
///
/// **Algorithm:** core's `mean` and `std` with `keepdims`, then a broadcast subtract and divide.
///
/// # Errors
/// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`; [`Error::Unsupported`]
/// for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let z = cuprum_special::stats::zscore(&a, 0, 0.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.stats.zscore([1., 2., 3.])
/// assert!((z[0] + 1.224744871391589).abs() < 1e-15);
/// ```
pub fn zscore(a: &Array, axis: impl Into<Axes>, ddof: f64) -> Result<Array> {
    let a = floating("stats.zscore", a)?;
    zmap_impl("stats.zscore", &a, &a, axis.into(), ddof)
}

/// The z-scores of `scores` relative to the mean and standard deviation of `compare`. SciPy's
/// `scipy.stats.zmap(scores, compare, axis=0, ddof=0)`.
///
/// **Shapes:** `scores` and the reduced `compare` (kept dimensions) broadcast together; the
/// result has the broadcast shape.
///
/// **Semantics:** as [`zscore`] with the statistics taken from `compare`.
///
/// **Algorithm:** core's `mean` and `std` of `compare` with `keepdims`, then a broadcast
/// subtract and divide.
///
/// # Errors
/// As [`zscore`], and [`Error::Broadcast`] when the shapes do not broadcast.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let s = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let c = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0], &[5], Device::Cpu).unwrap();
/// let z = cuprum_special::stats::zmap(&s, &c, 0, 0.0).unwrap().to_vec::<f64>().unwrap();
/// // scipy.stats.zmap([1., 2., 3.], [1., 2., 3., 4., 5.])
/// assert!((z[0] + 1.414213562373095).abs() < 1e-15);
/// ```
pub fn zmap(scores: &Array, compare: &Array, axis: impl Into<Axes>, ddof: f64) -> Result<Array> {
    let s = floating("stats.zmap", scores)?;
    let c = floating("stats.zmap", compare)?;
    zmap_impl("stats.zmap", &s, &c, axis.into(), ddof)
}

/// `a` as a floating array and the axis to reduce: `None` flattens `a` (axis 0).
fn along(op: &'static str, a: &Array, axis: Option<isize>) -> Result<(Array, usize)> {
    let x = floating(op, a)?;
    match axis {
        None => Ok((x.ravel()?, 0)),
        Some(k) => {
            let ax = cuprum_core::ext::layout::normalize_axis(op, k, x.ndim())?;
            Ok((x, ax))
        }
    }
}

fn zmap_impl(op: &'static str, s: &Array, c: &Array, axis: Axes, ddof: f64) -> Result<Array> {
    axis.resolve(op, c.ndim())?;
    let m = c.mean(axis.clone(), true)?;
    let sd = c.std(axis, ddof, true)?;
    cuprum_core::divide(&cuprum_core::subtract(s, &m)?, &sd)
}

/// The Shannon entropy of the distribution `pk`, or the relative entropy (Kullback-Leibler
/// divergence) of `pk` against `qk`, along `axis`. SciPy's
/// `scipy.stats.entropy(pk, qk=None, base=None, axis=0)`.
///
/// **Shapes:** `pk` (and `qk`, broadcast with it) reduced along `axis`.
///
/// **Semantics:** `pk` and `qk` are normalized to sum 1 along `axis` first; the result is in
/// nats, or in units of `log(base)`.
///
/// **Algorithm:** `sum(entr(pk))` or `sum(rel_entr(pk, qk))` (this crate's ufuncs) with core's
/// reductions.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::Broadcast`] when `pk` and `qk` do not broadcast;
/// [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let p = Array::from_vec_on(vec![0.2f64, 0.3, 0.5], &[3], Device::Cpu).unwrap();
/// let h = cuprum_special::stats::entropy(&p, None, None, 0).unwrap();
/// // scipy.stats.entropy([0.2, 0.3, 0.5])
/// assert!((h.to_vec::<f64>().unwrap()[0] - 1.0296530140645737).abs() < 1e-15);
/// ```
pub fn entropy(pk: &Array, qk: Option<&Array>, base: Option<f64>, axis: isize) -> Result<Array> {
    let op = "stats.entropy";
    let mut pk = floating(op, pk)?;
    let ax = cuprum_core::ext::layout::normalize_axis(op, axis, pk.ndim().max(1))?;
    if pk.ndim() == 0 {
        pk = pk.reshape([1usize])?;
    }
    let norm = |x: &Array| -> Result<Array> { cuprum_core::divide(x, &x.sum(ax as isize, true)?) };
    let p = norm(&pk)?;
    let vec = match qk {
        None => crate::entr(&p)?,
        Some(q) => {
            let q = floating(op, q)?;
            let v = cuprum_core::broadcast_arrays(&[&p, &q])?;
            let q = norm(&v[1])?;
            crate::rel_entr(&v[0], &q)?
        }
    };
    let s = vec.sum(ax as isize, false)?;
    match base {
        None => Ok(s),
        Some(b) => cuprum_core::divide(&s, b.ln()),
    }
}

/// The Box-Cox log-likelihood of `data` for the parameter `lmb`, along `axis`. SciPy's
/// `scipy.stats.boxcox_llf(lmb, data, axis=0)`.
///
/// **Shapes:** `data` reduced along `axis`.
///
/// **Semantics:** `(lmb - 1) sum(log x) - N/2 log(var(boxcox(x, lmb)))`, the variance with
/// `ddof = 0`; NaN for negative data.
///
/// **Algorithm:** `var(log x)` for `lmb = 0`, else `var(x^lmb) / lmb^2` (in logarithms), with
/// core's ufuncs and reductions.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0], &[5], Device::Cpu).unwrap();
/// let l = cuprum_special::stats::boxcox_llf(0.5, &x, 0).unwrap();
/// // scipy.stats.boxcox_llf(0.5, [1., 2., 3., 4., 5.])
/// assert!((l.to_vec::<f64>().unwrap()[0] + 1.7005407092322264).abs() < 1e-13);
/// ```
pub fn boxcox_llf(lmb: f64, data: &Array, axis: isize) -> Result<Array> {
    let op = "stats.boxcox_llf";
    let x = floating(op, data)?;
    let ax = cuprum_core::ext::layout::normalize_axis(op, axis, x.ndim())?;
    let n = x.shape()[ax] as f64;
    let logx = cuprum_core::log(&x)?;
    let logvar = if lmb == 0.0 {
        cuprum_core::log(&logx.var(ax as isize, 0.0, false)?)?
    } else {
        let xl = cuprum_core::exp(&cuprum_core::multiply(&logx, lmb)?)?;
        let v = cuprum_core::log(&xl.var(ax as isize, 0.0, false)?)?;
        cuprum_core::subtract(&v, 2.0 * lmb.abs().ln())?
    };
    let s = logx.sum(ax as isize, false)?;
    cuprum_core::subtract(
        &cuprum_core::multiply(&s, lmb - 1.0)?,
        &cuprum_core::multiply(&logvar, n / 2.0)?,
    )
}

/// The mean after cutting `proportiontocut` of the values off each end, along `axis`. SciPy's
/// `scipy.stats.trim_mean(a, proportiontocut, axis=0)`.
///
/// **Shapes:** `a` reduced along `axis` (`None`: every element, a 0-d result).
///
/// **Semantics:** `int(proportiontocut * n)` values are cut from each end of the sorted
/// slice; float dtypes are kept, integers give float64.
///
/// **Algorithm:** core's `sort` along the axis, `take` of the kept range, `mean`.
///
/// # Errors
/// [`Error::InvalidValue`] naming `stats.trim_mean` when the proportion leaves no values
/// ("Proportion too big"); [`Error::AxisOutOfBounds`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on((0..20).map(f64::from).collect::<Vec<_>>(), &[20], Device::Cpu).unwrap();
/// let m = cuprum_special::stats::trim_mean(&a, 0.1, Some(0)).unwrap();
/// // scipy.stats.trim_mean(np.arange(20.), 0.1)
/// assert_eq!(m.to_vec::<f64>().unwrap(), vec![9.5]);
/// ```
pub fn trim_mean(a: &Array, proportiontocut: f64, axis: Option<isize>) -> Result<Array> {
    let op = "stats.trim_mean";
    let mut x = floating(op, a)?;
    let ax = match axis {
        None => {
            x = x.ravel()?;
            0
        }
        Some(k) => cuprum_core::ext::layout::normalize_axis(op, k, x.ndim())?,
    };
    let n = x.shape()[ax];
    let lo = (proportiontocut * n as f64) as usize;
    let hi = n.saturating_sub(lo);
    if lo >= hi {
        return Err(Error::invalid_value(
            op,
            format!(
                "Proportion too big: cutting {proportiontocut} of {n} values from each end leaves none"
            ),
        ));
    }
    let sorted = cuprum_core::sort(&x, Some(ax as isize))?;
    let idx: Vec<i64> = (lo as i64..hi as i64).collect();
    let idx = Array::from_vec_on(idx, &[hi - lo], x.device())?;
    let kept = cuprum_core::take(&sorted, &idx, Some(ax as isize), IndexMode::Raise)?;
    kept.mean(ax as isize, false)
}
