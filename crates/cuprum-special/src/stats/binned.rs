//! `binned_statistic`, `binned_statistic_2d`, `binned_statistic_dd`: a statistic of values
//! grouped by the bins of their coordinates. The bin numbers come from core's `digitize`,
//! the sums and counts from `bincount`, the order statistics from a `lexsort` by bin; so they
//! run on every device. The bin edges (O(bins) numbers) are computed on the host, as NumPy's
//! `linspace`.

use super::floating;
use cuprum_core::{Array, DType, Device, Error, IndexMode, Result, SliceItem};

/// SciPy's `statistic` of [`binned_statistic`]: what is computed of each bin's values.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum BinStatistic {
    /// the mean (NaN for an empty bin; SciPy's default)
    #[default]
    Mean,
    /// the standard deviation, `ddof = 0` (NaN for an empty bin)
    Std,
    /// the median (NaN for an empty bin)
    Median,
    /// the number of points (0 for an empty bin)
    Count,
    /// the sum (0 for an empty bin)
    Sum,
    /// the minimum (NaN for an empty bin)
    Min,
    /// the maximum (NaN for an empty bin)
    Max,
}

/// What the binned statistics return (SciPy's `BinnedStatistic*Result`).
#[derive(Clone, Debug)]
pub struct BinnedStatisticResult {
    /// the statistic of each bin, float64, shape `bins` (one axis per dimension)
    pub statistic: Array,
    /// the bin edges of each dimension (`bins[i] + 1` values, float64)
    pub bin_edges: Vec<Array>,
    /// the linear bin number of each point (int64), counting the out-of-range bins: each
    /// dimension has `bins[i] + 2` bins, 0 below the range and `bins[i] + 1` above it
    pub binnumber: Array,
}

/// `num` evenly spaced values over `[start, stop]`, as `numpy.linspace`.
fn linspace_host(start: f64, stop: f64, num: usize) -> Vec<f64> {
    let div = (num - 1) as f64;
    let step = (stop - start) / div;
    let mut v: Vec<f64> = (0..num).map(|i| i as f64 * step + start).collect();
    if let Some(l) = v.last_mut() {
        *l = stop;
    }
    v
}

/// NumPy's `around(x, d)` of one float64 value (`rint(x 10^d) / 10^d`).
fn around_host(x: f64, d: i32) -> f64 {
    if d >= 0 {
        let p = 10f64.powi(d);
        (x * p).round_ties_even() / p
    } else {
        let p = 10f64.powi(-d);
        (x / p).round_ties_even() * p
    }
}

/// A float64 value of a 0-d array.
fn host(a: &Array) -> Result<f64> {
    Ok(a.item()?.as_f64())
}

/// The binned statistic of `values` at the points `sample` (one 1-D array per dimension,
/// all of length `N`) in `bins[i]` equal bins per dimension over `range` (each dimension's
/// data range when `None`). SciPy's `scipy.stats.binned_statistic_dd(sample, values,
/// statistic='mean', bins=10, range=None)` with the sample as a sequence of coordinate arrays.
///
/// **Shapes:** `sample` is D arrays of shape `[N]`, `values` `[N]`, `bins` D counts; the
/// statistic has shape `bins`, the edges `bins[i] + 1` each, the bin numbers `[N]`.
///
/// **Semantics:** the bins are half-open `[e_j, e_{j+1})` but for the last, closed (a point
/// on the upper edge, to SciPy's rounding tolerance, counts in the last bin); points outside
/// the range only count in `binnumber`. An automatic range of equal ends widens to
/// `+-0.5`. Empty bins give NaN (0 for `Count` and `Sum`).
///
/// **Algorithm:** `digitize` of each coordinate against its edges (SciPy's upper-edge
/// rounding rule with `around`), the linear bin number; `bincount` (weighted) for counts,
/// sums, means and standard deviations; a `lexsort` by (bin, value) and `take` of each bin's
/// first, last or middle values for min, max and median.
///
/// # Errors
/// [`Error::InvalidValue`] naming `stats.binned_statistic_dd` for no dimensions, a zero bin
/// count, a non-finite or reversed range, a range of another length than `sample`, or
/// `values`/`sample` arrays that are not 1-D of one length; [`Error::DeviceMismatch`];
/// [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats::{self, BinStatistic};
/// let x = Array::from_vec_on(vec![0.0f64, 1.0, 1.0, 2.0, 2.0, 3.0], &[6], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0f64, 0.0, 1.0, 1.0, 1.0, 1.0], &[6], Device::Cpu).unwrap();
/// let v = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[6], Device::Cpu).unwrap();
/// let r = stats::binned_statistic_dd(&[&x, &y], &v, BinStatistic::Sum, &[2, 2], None).unwrap();
/// // scipy.stats.binned_statistic_dd([x, y], v, 'sum', bins=[2, 2]).statistic
/// assert_eq!(r.statistic.to_vec::<f64>().unwrap(), vec![3.0, 3.0, 0.0, 15.0]);
/// ```
pub fn binned_statistic_dd(
    sample: &[&Array],
    values: &Array,
    statistic: BinStatistic,
    bins: &[usize],
    range: Option<&[(f64, f64)]>,
) -> Result<BinnedStatisticResult> {
    binned_impl(
        "stats.binned_statistic_dd",
        sample,
        values,
        statistic,
        bins,
        range,
    )
}

/// [`binned_statistic_dd`] in one dimension. SciPy's `scipy.stats.binned_statistic(x,
/// values, statistic='mean', bins=10, range=None)`.
///
/// **Shapes:** `x` and `values` `[N]`; the statistic `[bins]`, one edge array of `bins + 1`,
/// the bin numbers `[N]` (0 below the range, `bins + 1` above it).
///
/// **Semantics:** as [`binned_statistic_dd`].
///
/// **Algorithm:** as [`binned_statistic_dd`].
///
/// # Errors
/// As [`binned_statistic_dd`] (naming `stats.binned_statistic`).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats::{self, BinStatistic};
/// let x = Array::from_vec_on(vec![1.0f64, 1.0, 2.0, 5.0, 7.0], &[5], Device::Cpu).unwrap();
/// let v = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0], &[5], Device::Cpu).unwrap();
/// let r = stats::binned_statistic(&x, &v, BinStatistic::Mean, 3, Some((0.0, 6.0))).unwrap();
/// // scipy.stats.binned_statistic([1, 1, 2, 5, 7], [1, 2, 3, 4, 5], bins=3, range=(0, 6))
/// assert_eq!(r.statistic.to_vec::<f64>().unwrap(), vec![1.5, 3.0, 4.0]);
/// assert_eq!(r.binnumber.to_vec::<i64>().unwrap(), vec![1, 1, 2, 3, 4]);
/// ```
pub fn binned_statistic(
    x: &Array,
    values: &Array,
    statistic: BinStatistic,
    bins: usize,
    range: Option<(f64, f64)>,
) -> Result<BinnedStatisticResult> {
    let r = range.map(|r| [r]);
    binned_impl(
        "stats.binned_statistic",
        &[x],
        values,
        statistic,
        &[bins],
        r.as_ref().map(|r| &r[..]),
    )
}

/// [`binned_statistic_dd`] in two dimensions. SciPy's `scipy.stats.binned_statistic_2d(x, y,
/// values, statistic='mean', bins=10, range=None)`.
///
/// **Shapes:** `x`, `y`, `values` `[N]`; the statistic `[bins.0, bins.1]` (x along the first
/// axis); the bin numbers `[N]`, linear over `(bins.0 + 2) x (bins.1 + 2)` bins.
///
/// **Semantics:** as [`binned_statistic_dd`].
///
/// **Algorithm:** as [`binned_statistic_dd`].
///
/// # Errors
/// As [`binned_statistic_dd`] (naming `stats.binned_statistic_2d`).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats::{self, BinStatistic};
/// let x = Array::from_vec_on(vec![0.0f64, 1.0, 1.0, 2.0], &[4], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0f64, 0.0, 1.0, 1.0], &[4], Device::Cpu).unwrap();
/// let v = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let r = stats::binned_statistic_2d(&x, &y, &v, BinStatistic::Count, (2, 2), None).unwrap();
/// // scipy.stats.binned_statistic_2d(x, y, v, 'count', bins=2).statistic
/// assert_eq!(r.statistic.to_vec::<f64>().unwrap(), vec![1.0, 0.0, 1.0, 2.0]);
/// ```
pub fn binned_statistic_2d(
    x: &Array,
    y: &Array,
    values: &Array,
    statistic: BinStatistic,
    bins: (usize, usize),
    range: Option<[(f64, f64); 2]>,
) -> Result<BinnedStatisticResult> {
    binned_impl(
        "stats.binned_statistic_2d",
        &[x, y],
        values,
        statistic,
        &[bins.0, bins.1],
        range.as_ref().map(|r| &r[..]),
    )
}

fn binned_impl(
    op: &'static str,
    sample: &[&Array],
    values: &Array,
    statistic: BinStatistic,
    bins: &[usize],
    range: Option<&[(f64, f64)]>,
) -> Result<BinnedStatisticResult> {
    let d = sample.len();
    if d == 0 || bins.len() != d {
        return Err(Error::invalid_value(
            op,
            format!("{} bin counts for {d} sample dimensions", bins.len()),
        ));
    }
    if let Some(r) = range
        && r.len() != d
    {
        return Err(Error::invalid_value(
            op,
            format!("{} ranges for {d} sample dimensions", r.len()),
        ));
    }
    let v = floating(op, values)?.astype(DType::Float64)?;
    if v.ndim() != 1 {
        return Err(Error::invalid_value(
            op,
            format!("values must be 1-D, got shape {:?}", v.shape()),
        ));
    }
    let n = v.shape()[0];
    let dev: Device = v.device();
    let mut edges = Vec::new();
    let mut lin: Option<Array> = None;
    let mut nbin = Vec::new();
    for (i, s) in sample.iter().enumerate() {
        let x = floating(op, s)?.astype(DType::Float64)?;
        if x.ndim() != 1 || x.shape()[0] != n {
            return Err(Error::invalid_value(
                op,
                format!(
                    "sample dimension {i} has shape {:?}; values have {n} points",
                    x.shape()
                ),
            ));
        }
        if x.device() != dev {
            return Err(Error::DeviceMismatch {
                op,
                lhs: dev,
                rhs: x.device(),
            });
        }
        let nb = bins[i];
        if nb == 0 {
            return Err(Error::invalid_value(
                op,
                format!("bins[{i}] must be positive"),
            ));
        }
        let (mut lo, mut hi) = match range {
            Some(r) => r[i],
            None if n == 0 => (0.0, 1.0),
            None => (host(&x.min(None, false)?)?, host(&x.max(None, false)?)?),
        };
        if !(lo.is_finite() && hi.is_finite()) || lo > hi {
            return Err(Error::invalid_value(
                op,
                format!("the range [{lo}, {hi}] of dimension {i} is not finite and increasing"),
            ));
        }
        if lo == hi {
            lo -= 0.5;
            hi += 0.5;
        }
        let e = linspace_host(lo, hi, nb + 1);
        let dmin = e
            .windows(2)
            .map(|w| w[1] - w[0])
            .fold(f64::INFINITY, f64::min);
        if dmin <= 0.0 {
            return Err(Error::invalid_value(
                op,
                format!("the smallest edge difference of dimension {i} is numerically 0"),
            ));
        }
        let last = e[nb];
        let ea = Array::from_vec_on(e, &[nb + 1], dev)?;
        let mut b = cuprum_core::digitize(&x, &ea, false)?;
        // SciPy: a point on the last edge (to `decimal` digits) belongs to the last bin
        let decimal = (-dmin.log10()) as i32 + 6;
        let on_edge = cuprum_core::logical_and(
            &cuprum_core::greater_equal(&x, last)?,
            &cuprum_core::equal(
                &cuprum_core::around(&x, decimal)?,
                around_host(last, decimal),
            )?,
        )?;
        b = cuprum_core::subtract(&b, &on_edge.astype(DType::Int64)?)?;
        lin = Some(match lin {
            None => b,
            Some(l) => cuprum_core::add(&cuprum_core::multiply(&l, (nb + 2) as i64)?, &b)?,
        });
        edges.push(ea);
        nbin.push(nb + 2);
    }
    let binnumber = lin.ok_or_else(|| Error::invalid_value(op, "no dimensions"))?;
    let m: usize = nbin.iter().product();
    let count = cuprum_core::stats::bincount(&binnumber, None, m)?.astype(DType::Float64)?;
    let nonempty = cuprum_core::greater(&count, 0.0)?;
    let safe = cuprum_core::maximum(&count, 1.0)?;
    let flat = match statistic {
        BinStatistic::Count => count.clone(),
        BinStatistic::Sum => cuprum_core::stats::bincount(&binnumber, Some(&v), m)?,
        BinStatistic::Mean => {
            let s = cuprum_core::stats::bincount(&binnumber, Some(&v), m)?;
            cuprum_core::where_(&nonempty, &cuprum_core::divide(&s, &safe)?, f64::NAN)?
        }
        BinStatistic::Std => {
            let s = cuprum_core::stats::bincount(&binnumber, Some(&v), m)?;
            let mean = cuprum_core::divide(&s, &safe)?;
            let dv = cuprum_core::subtract(
                &v,
                &cuprum_core::take(&mean, &binnumber, None, IndexMode::Raise)?,
            )?;
            let ss = cuprum_core::stats::bincount(
                &binnumber,
                Some(&cuprum_core::multiply(&dv, &dv)?),
                m,
            )?;
            let sd = cuprum_core::sqrt(&cuprum_core::divide(&ss, &safe)?)?;
            cuprum_core::where_(&nonempty, &sd, f64::NAN)?
        }
        BinStatistic::Median | BinStatistic::Min | BinStatistic::Max => {
            let order = cuprum_core::lexsort(&[&v, &binnumber])?;
            let sorted = cuprum_core::take(&v, &order, None, IndexMode::Raise)?;
            let ci = count.astype(DType::Int64)?;
            let start = cuprum_core::subtract(&cuprum_core::cumsum(&ci, Some(0))?, &ci)?;
            let at = |off: &Array| -> Result<Array> {
                let i = cuprum_core::add(&start, off)?;
                cuprum_core::take(&sorted, &i, None, IndexMode::Clip)
            };
            let r = match statistic {
                BinStatistic::Min => at(&cuprum_core::multiply(&ci, 0i64)?)?,
                BinStatistic::Max => at(&cuprum_core::subtract(&ci, 1i64)?)?,
                _ => {
                    let lo = at(&cuprum_core::floor_divide(
                        &cuprum_core::subtract(&ci, 1i64)?,
                        2i64,
                    )?)?;
                    let hi = at(&cuprum_core::floor_divide(&ci, 2i64)?)?;
                    cuprum_core::multiply(&cuprum_core::add(&lo, &hi)?, 0.5)?
                }
            };
            if n == 0 {
                cuprum_core::full_on([m], f64::NAN, DType::Float64, dev)?
            } else {
                cuprum_core::where_(&nonempty, &r, f64::NAN)?
            }
        }
    };
    // drop the out-of-range bins of every dimension
    let full = flat.reshape(nbin.clone())?;
    let items: Vec<SliceItem> = nbin
        .iter()
        .map(|&k| SliceItem::Slice {
            start: Some(1),
            stop: Some(k as isize - 1),
            step: 1,
        })
        .collect();
    let statistic = cuprum_core::ascontiguousarray(&full.slice(&items)?)?;
    Ok(BinnedStatisticResult {
        statistic,
        bin_edges: edges,
        binnumber,
    })
}
