//! Correlation coefficients with p-values: `pearsonr`, `spearmanr`. Composed of core's
//! reductions and this crate's `betainc` and `stdtr`, so they run on every device.

use super::floating;
use super::rank::{RankMethod, rankdata};
use cuprum_core::{Array, DType, Error, Result};

/// SciPy's `alternative` of a test: the alternative hypothesis.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Alternative {
    /// the correlation is nonzero (SciPy's default)
    #[default]
    TwoSided,
    /// the correlation is negative
    Less,
    /// the correlation is positive
    Greater,
}

/// A correlation coefficient and its p-value (SciPy's `PearsonRResult` /
/// `SignificanceResult`).
#[derive(Clone, Debug)]
pub struct CorrelationResult {
    /// the correlation coefficient, in `[-1, 1]`
    pub statistic: Array,
    /// the p-value of the test against `alternative`
    pub pvalue: Array,
}

/// `x` and `y` as floating arrays of one shape and the normalized axis, with at least 2
/// values along it.
fn paired(op: &'static str, x: &Array, y: &Array, axis: isize) -> Result<(Array, Array, usize)> {
    let x = floating(op, x)?;
    let y = floating(op, y)?;
    if x.shape() != y.shape() {
        return Err(Error::ShapeMismatch {
            op,
            lhs: x.shape().to_vec(),
            rhs: y.shape().to_vec(),
            detail: None,
        });
    }
    let ax = cuprum_core::ext::layout::normalize_axis(op, axis, x.ndim())?;
    if x.shape()[ax] < 2 {
        return Err(Error::invalid_value(
            op,
            format!(
                "x and y must have length at least 2 along the axis, got {}",
                x.shape()[ax]
            ),
        ));
    }
    Ok((x, y, ax))
}

/// Pearson's r of `x` and `y` along `ax` (SciPy's scaled and normalized form).
fn pearson_r(x: &Array, y: &Array, ax: usize) -> Result<Array> {
    let axi = ax as isize;
    let center = |v: &Array| -> Result<Array> {
        let m = cuprum_core::subtract(v, &v.mean(axi, true)?)?;
        // scaled by the largest deviation first, as SciPy, against overflow
        let mx = cuprum_core::abs(&m)?.max(axi, true)?;
        let m = cuprum_core::divide(&m, &mx)?;
        let norm = cuprum_core::sqrt(&cuprum_core::multiply(&m, &m)?.sum(axi, true)?)?;
        cuprum_core::divide(&m, &norm)
    };
    let r = cuprum_core::multiply(&center(x)?, &center(y)?)?.sum(axi, false)?;
    cuprum_core::clip(&r, Some((-1.0).into()), Some(1.0.into()))
}

/// Pearson's correlation coefficient of `x` and `y` along `axis` and the p-value of the test
/// of no correlation. SciPy's `scipy.stats.pearsonr(x, y, alternative='two-sided', axis=0)`.
///
/// **Shapes:** `x` and `y` have one shape; the results are that shape reduced along `axis`.
///
/// **Semantics:** `r` is clipped to `[-1, 1]`; a constant input gives NaN (SciPy warns); with
/// `n = 2` values `r` is `+-1` and the p-value 1. The p-value is exact for normal data:
/// `r` follows the beta distribution `B(n/2 - 1, n/2 - 1)` on `[-1, 1]`.
///
/// **Algorithm:** deviations from the mean scaled by their maximum and normalized (as SciPy),
/// a product-sum; p-values from this crate's `betainc`: two-sided `2 I_{(1-|r|)/2}(a, a)`,
/// `a = n/2 - 1`.
///
/// # Errors
/// [`Error::ShapeMismatch`] for different shapes; [`Error::InvalidValue`] naming
/// `stats.pearsonr` for fewer than 2 values; [`Error::AxisOutOfBounds`];
/// [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats::{self, Alternative};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![1.0f64, 3.0, 2.0, 5.0], &[4], Device::Cpu).unwrap();
/// let r = stats::pearsonr(&x, &y, Alternative::TwoSided, 0).unwrap();
/// // scipy.stats.pearsonr([1, 2, 3, 4], [1, 3, 2, 5])
/// assert!((r.statistic.to_vec::<f64>().unwrap()[0] - 0.8315218406203).abs() < 1e-14);
/// assert!((r.pvalue.to_vec::<f64>().unwrap()[0] - 0.1684781593797).abs() < 1e-13);
/// ```
pub fn pearsonr(
    x: &Array,
    y: &Array,
    alternative: Alternative,
    axis: isize,
) -> Result<CorrelationResult> {
    let op = "stats.pearsonr";
    let (x, y, ax) = paired(op, x, y, axis)?;
    let n = x.shape()[ax];
    let r = pearson_r(&x, &y, ax)?;
    if n == 2 {
        let s = cuprum_core::sign(&r)?;
        let p = cuprum_core::add(&cuprum_core::multiply(&r, 0.0)?, 1.0)?;
        return Ok(CorrelationResult {
            statistic: s,
            pvalue: p,
        });
    }
    let a = n as f64 / 2.0 - 1.0;
    let half = |v: &Array| cuprum_core::multiply(v, 0.5);
    let p = match alternative {
        Alternative::TwoSided => {
            let w = half(&cuprum_core::subtract(1.0, &cuprum_core::abs(&r)?)?)?;
            cuprum_core::multiply(&crate::betainc(a, a, &w)?, 2.0)?
        }
        Alternative::Less => crate::betainc(a, a, &half(&cuprum_core::add(&r, 1.0)?)?)?,
        Alternative::Greater => crate::betainc(a, a, &half(&cuprum_core::subtract(1.0, &r)?)?)?,
    };
    let p = cuprum_core::clip(&p, Some(0.0.into()), Some(1.0.into()))?;
    Ok(CorrelationResult {
        statistic: r.astype(x.dtype())?,
        pvalue: p.astype(x.dtype())?,
    })
}

/// Spearman's rank correlation coefficient of `x` and `y` along `axis` and the p-value of the
/// test of no correlation. SciPy's `scipy.stats.spearmanr(x, y, axis=0,
/// alternative='two-sided')` for two variables.
///
/// **Shapes:** `x` and `y` have one shape; the results are that shape reduced along `axis`
/// (SciPy's correlation-matrix form, several variables in the columns of one argument, is not
/// provided).
///
/// **Semantics:** Pearson's r of the average ranks ([`rankdata`]); the p-value from Student's
/// t with `n - 2` degrees of freedom of `t = r sqrt((n-2) / ((1+r)(1-r)))`. NaN values give
/// NaN (SciPy's `nan_policy='propagate'`).
///
/// **Algorithm:** [`rankdata`] along the axis, the product-sum of [`pearsonr`], this crate's
/// `stdtr` for the p-value.
///
/// # Errors
/// As [`pearsonr`] (naming `stats.spearmanr`).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats::{self, Alternative};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0], &[5], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![5.0f64, 6.0, 7.0, 8.0, 7.0], &[5], Device::Cpu).unwrap();
/// let r = stats::spearmanr(&x, &y, Alternative::TwoSided, 0).unwrap();
/// // scipy.stats.spearmanr([1, 2, 3, 4, 5], [5, 6, 7, 8, 7])
/// assert!((r.statistic.to_vec::<f64>().unwrap()[0] - 0.8207826816681233).abs() < 1e-14);
/// assert!((r.pvalue.to_vec::<f64>().unwrap()[0] - 0.08858700531354384).abs() < 1e-13);
/// ```
pub fn spearmanr(
    x: &Array,
    y: &Array,
    alternative: Alternative,
    axis: isize,
) -> Result<CorrelationResult> {
    let op = "stats.spearmanr";
    let (x, y, ax) = paired(op, x, y, axis)?;
    let n = x.shape()[ax] as f64;
    let rx = rankdata(&x, RankMethod::Average, Some(ax as isize))?;
    let ry = rankdata(&y, RankMethod::Average, Some(ax as isize))?;
    let r = pearson_r(&rx, &ry, ax)?;
    let dof = n - 2.0;
    let den = cuprum_core::multiply(
        &cuprum_core::add(&r, 1.0)?,
        &cuprum_core::subtract(1.0, &r)?,
    )?;
    let q = cuprum_core::clip(&cuprum_core::divide(dof, &den)?, Some(0.0.into()), None)?;
    let t = cuprum_core::multiply(&r, &cuprum_core::sqrt(&q)?)?;
    let p = match alternative {
        Alternative::TwoSided => cuprum_core::multiply(
            &crate::stdtr(dof, &cuprum_core::negative(&cuprum_core::abs(&t)?)?)?,
            2.0,
        )?,
        Alternative::Less => crate::stdtr(dof, &t)?,
        Alternative::Greater => crate::stdtr(dof, &cuprum_core::negative(&t)?)?,
    };
    // SciPy's ranks are float64, so are both results
    Ok(CorrelationResult {
        statistic: r.astype(DType::Float64)?,
        pvalue: p.astype(DType::Float64)?,
    })
}
