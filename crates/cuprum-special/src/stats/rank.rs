//! Ranks and counts: `rankdata`, `mode`, `percentileofscore`. Each composes core's sorting,
//! scans and indexing (runs of equal sorted values found with `not_equal`, `cumsum` and
//! `flatnonzero`), so it runs on every device.

use super::{along, floating};
use cuprum_core::sort::Side;
use cuprum_core::subtract as sub;
use cuprum_core::{Array, DType, Error, IndexMode, Result, SliceItem};

/// SciPy's `method` of [`rankdata`]: how tied values are ranked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RankMethod {
    /// the mean of the ranks the ties span (SciPy's default)
    #[default]
    Average,
    /// the lowest rank the ties span
    Min,
    /// the highest rank the ties span
    Max,
    /// consecutive ranks for the distinct values
    Dense,
    /// distinct ranks in order of appearance
    Ordinal,
}

fn sl(start: Option<isize>, stop: Option<isize>) -> SliceItem {
    SliceItem::Slice {
        start,
        stop,
        step: 1,
    }
}

/// The runs of equal values of `flat` (each row of `n` values a run boundary at its start):
/// the run index of each element, the run starts and ends (flat positions), and each
/// element's row start.
struct Runs {
    /// flat position of each element
    idx: Array,
    /// flat position of its row's first element
    row0: Array,
    /// run index of each element
    g: Array,
    /// the run starts
    starts: Array,
    /// the run ends (exclusive)
    ends: Array,
}

fn runs(flat: &Array, n: usize) -> Result<Runs> {
    let total = flat.shape()[0];
    let dev = flat.device();
    let idx = cuprum_core::arange_on(0i64, total as i64, 1i64, Some(DType::Int64), dev)?;
    let row0 = cuprum_core::subtract(&idx, &cuprum_core::remainder(&idx, n as i64)?)?;
    let at_row0 = cuprum_core::equal(&idx, &row0)?;
    let neq = cuprum_core::not_equal(
        &flat.slice(&[sl(Some(1), None)])?,
        &flat.slice(&[sl(None, Some(-1))])?,
    )?;
    let first = Array::from_vec_on(vec![true], &[1], dev)?;
    let neq = cuprum_core::concatenate(&[&first, &neq], 0)?;
    let flags = cuprum_core::logical_or(&neq, &at_row0)?;
    let g = cuprum_core::subtract(
        &cuprum_core::cumsum_dtype(&flags, Some(0), Some(DType::Int64))?,
        1i64,
    )?;
    let starts = cuprum_core::flatnonzero(&flags)?;
    let end = Array::from_vec_on(vec![total as i64], &[1], dev)?;
    let ends = cuprum_core::concatenate(&[&starts.slice(&[sl(Some(1), None)])?, &end], 0)?;
    Ok(Runs {
        idx,
        row0,
        g,
        starts,
        ends,
    })
}

/// `a` with axis `ax` moved last, as a C-contiguous `(rows, n)` array, and the moved shape.
fn rows(a: &Array, ax: usize) -> Result<(Array, Vec<usize>, usize)> {
    let m = a.moveaxis(&[ax as isize], &[-1])?;
    let moved = m.shape().to_vec();
    let n = a.shape()[ax];
    let r = a.size().checked_div(n).unwrap_or(0);
    Ok((m.reshape([r, n])?, moved, n))
}

/// The ranks of `a` along `axis`, 1-based, ties ranked by `method`. SciPy's
/// `scipy.stats.rankdata(a, method='average', axis=None)`.
///
/// **Shapes:** the result has `a`'s shape (`axis = None`: the flattened `a`, 1-D).
///
/// **Semantics:** float64 for [`RankMethod::Average`], int64 for the others; a slice along
/// the axis that holds a NaN ranks as all NaN (then the result is float64), as SciPy's
/// `nan_policy='propagate'`. Ties of [`RankMethod::Ordinal`] rank in order of position.
///
/// **Algorithm:** a stable `argsort` along the axis; the runs of equal sorted values from
/// `not_equal`, `cumsum` and `flatnonzero` over all rows at once; each element's rank from
/// its run's start and end (`take`); scattered back with `put_along_axis`.
///
/// # Errors
/// [`Error::AxisOutOfBounds`]; [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats::{self, RankMethod};
/// let a = Array::from_vec_on(vec![0.0f64, 2.0, 3.0, 2.0], &[4], Device::Cpu).unwrap();
/// let r = stats::rankdata(&a, RankMethod::Average, None).unwrap();
/// // scipy.stats.rankdata([0, 2, 3, 2])
/// assert_eq!(r.to_vec::<f64>().unwrap(), vec![1.0, 2.5, 4.0, 2.5]);
/// ```
pub fn rankdata(a: &Array, method: RankMethod, axis: Option<isize>) -> Result<Array> {
    let op = "stats.rankdata";
    if a.dtype().is_complex() {
        return Err(Error::unsupported(
            op,
            format!("complex input ({})", a.dtype()),
        ));
    }
    let (x, ax) = if a.ndim() == 0 {
        (a.reshape([1usize])?, 0)
    } else {
        along(op, a, axis)?
    };
    let out_shape = x.shape().to_vec();
    let (x2, moved, n) = rows(&x, ax)?;
    let dev = x.device();
    let dt = if method == RankMethod::Average {
        DType::Float64
    } else {
        DType::Int64
    };
    if x2.size() == 0 {
        return Array::empty_on(out_shape, dt, dev);
    }
    let sorter = cuprum_core::argsort(&x2, Some(1))?;
    let sorted = cuprum_core::take_along_axis(&x2, &sorter, 1)?;
    let flat = sorted.ravel()?;
    let r = runs(&flat, n)?;
    let take = |v: &Array, i: &Array| cuprum_core::take(v, i, None, IndexMode::Raise);
    let ranks = match method {
        RankMethod::Ordinal => cuprum_core::add(&sub(&r.idx, &r.row0)?, 1i64)?,
        RankMethod::Dense => cuprum_core::add(&sub(&r.g, &take(&r.g, &r.row0)?)?, 1i64)?,
        RankMethod::Min => cuprum_core::add(&sub(&take(&r.starts, &r.g)?, &r.row0)?, 1i64)?,
        RankMethod::Max => sub(&take(&r.ends, &r.g)?, &r.row0)?,
        RankMethod::Average => {
            let lo = cuprum_core::add(&sub(&take(&r.starts, &r.g)?, &r.row0)?, 1i64)?;
            let hi = sub(&take(&r.ends, &r.g)?, &r.row0)?;
            cuprum_core::multiply(&cuprum_core::add(&lo, &hi)?, 0.5)?
        }
    };
    let ranks = ranks.reshape(x2.shape())?;
    let out = Array::empty_on(x2.shape(), ranks.dtype(), dev)?;
    cuprum_core::put_along_axis(&out, &sorter, &ranks, 1)?;
    let mut res = out;
    if x2.dtype().is_float() {
        let nan = cuprum_core::isnan(&x2)?;
        let any_nan = nan.any(None, false)?.item()?.as_f64() != 0.0;
        if any_nan {
            let rownan = nan.any(1, true)?;
            res = cuprum_core::where_(&rownan, f64::NAN, &res.astype(DType::Float64)?)?;
        }
    }
    let res = res.reshape(moved)?.moveaxis(&[-1], &[ax as isize])?;
    cuprum_core::ascontiguousarray(&res)
}

/// What [`mode`] returns (SciPy's `ModeResult`).
#[derive(Clone, Debug)]
pub struct ModeResult {
    /// the most frequent value (the smallest of equally frequent ones)
    pub mode: Array,
    /// how often it occurs (int64)
    pub count: Array,
}

/// The most frequent value along `axis` and its count. SciPy's
/// `scipy.stats.mode(a, axis=0, keepdims=False)`.
///
/// **Shapes:** `a` reduced along `axis` (`None`: every element); `keepdims` keeps the axis
/// with length 1.
///
/// **Semantics:** of equally frequent values the smallest; the mode keeps `a`'s dtype, the
/// count is int64; NaN values are each counted alone (never equal), as SciPy's.
///
/// **Algorithm:** `sort` along the axis, the runs of equal values (as [`rankdata`]), each
/// element's run length by `take`, then `argmax` (the first, smallest, longest run) and
/// `take_along_axis`.
///
/// # Errors
/// [`Error::InvalidValue`] naming `stats.mode` for an empty axis; [`Error::AxisOutOfBounds`];
/// [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![3i64, 1, 1, 3, 2], &[5], Device::Cpu).unwrap();
/// let m = cuprum_special::stats::mode(&a, Some(0), false).unwrap();
/// // scipy.stats.mode([3, 1, 1, 3, 2])
/// assert_eq!(m.mode.to_vec::<i64>().unwrap(), vec![1]);
/// assert_eq!(m.count.to_vec::<i64>().unwrap(), vec![2]);
/// ```
pub fn mode(a: &Array, axis: Option<isize>, keepdims: bool) -> Result<ModeResult> {
    let op = "stats.mode";
    if a.dtype().is_complex() {
        return Err(Error::unsupported(
            op,
            format!("complex input ({})", a.dtype()),
        ));
    }
    // the dtype is kept (no conversion to floating)
    let (x, ax) = match axis {
        _ if a.ndim() == 0 => (a.reshape([1usize])?, 0),
        None => (a.ravel()?, 0),
        Some(k) => (
            a.clone(),
            cuprum_core::ext::layout::normalize_axis(op, k, a.ndim())?,
        ),
    };
    let (x2, moved, n) = rows(&x, ax)?;
    if n == 0 {
        return Err(Error::invalid_value(op, "the axis is empty: no mode"));
    }
    let sorted = cuprum_core::sort(&x2, Some(1))?;
    let r = runs(&sorted.ravel()?, n)?;
    let len = cuprum_core::subtract(&r.ends, &r.starts)?;
    let elen = cuprum_core::take(&len, &r.g, None, IndexMode::Raise)?.reshape(x2.shape())?;
    let at = elen.argmax(1, true)?;
    let m = cuprum_core::take_along_axis(&sorted, &at, 1)?;
    let c = cuprum_core::take_along_axis(&elen, &at, 1)?;
    let mut shape = moved;
    shape.pop();
    let fix = |v: Array| -> Result<Array> {
        let v = v.reshape(shape.clone())?;
        if keepdims {
            v.expand_dims(ax as isize)
        } else {
            Ok(v)
        }
    };
    Ok(ModeResult {
        mode: fix(m)?,
        count: fix(c)?,
    })
}

/// SciPy's `kind` of [`percentileofscore`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ScoreKind {
    /// the average percentage of the ranks of equal values (SciPy's default)
    #[default]
    Rank,
    /// the percentage of values `<= score` (a cumulative distribution function)
    Weak,
    /// the percentage of values `< score`
    Strict,
    /// the mean of `Weak` and `Strict`
    Mean,
}

/// The percentile rank of each `score` relative to the values of `a`. SciPy's
/// `scipy.stats.percentileofscore(a, score, kind='rank')`.
///
/// **Shapes:** `a` is 1-D (others are flattened); the result has `score`'s shape, float64.
///
/// **Semantics:** with `left = #(a < score)` and `right = #(a <= score)` of `n` values:
/// `Weak` is `100 right/n`, `Strict` `100 left/n`, `Mean` `50 (left + right)/n`, `Rank`
/// `50 (left + right + [right > left])/n`. NaN scores, or NaN in `a`, give NaN.
///
/// **Algorithm:** `sort` of `a` and two `searchsorted` of the scores.
///
/// # Errors
/// [`Error::InvalidValue`] naming `stats.percentileofscore` for an empty `a`;
/// [`Error::Unsupported`] for complex input.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special::stats::{self, ScoreKind};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 3.0, 4.0], &[5], Device::Cpu).unwrap();
/// let s = Array::from_vec_on(vec![3.0f64], &[1], Device::Cpu).unwrap();
/// let p = stats::percentileofscore(&a, &s, ScoreKind::Rank).unwrap();
/// // scipy.stats.percentileofscore([1, 2, 3, 3, 4], 3)
/// assert_eq!(p.to_vec::<f64>().unwrap(), vec![70.0]);
/// ```
pub fn percentileofscore(a: &Array, score: &Array, kind: ScoreKind) -> Result<Array> {
    let op = "stats.percentileofscore";
    let x = floating(op, &a.ravel()?)?;
    let s = floating(op, score)?;
    let n = x.size();
    if n == 0 {
        return Err(Error::invalid_value(op, "a is empty"));
    }
    let sorted = cuprum_core::sort(&x, Some(0))?;
    let st = s.astype(sorted.dtype())?;
    let left = cuprum_core::searchsorted(&sorted, &st, Side::Left, None)?.astype(DType::Float64)?;
    let right =
        cuprum_core::searchsorted(&sorted, &st, Side::Right, None)?.astype(DType::Float64)?;
    let k = 100.0 / n as f64;
    let p = match kind {
        ScoreKind::Weak => cuprum_core::multiply(&right, k)?,
        ScoreKind::Strict => cuprum_core::multiply(&left, k)?,
        ScoreKind::Mean => cuprum_core::multiply(&cuprum_core::add(&left, &right)?, k / 2.0)?,
        ScoreKind::Rank => {
            let plus1 = cuprum_core::greater(&right, &left)?.astype(DType::Float64)?;
            let t = cuprum_core::add(&cuprum_core::add(&left, &right)?, &plus1)?;
            cuprum_core::multiply(&t, k / 2.0)?
        }
    };
    let bad = cuprum_core::isnan(&s)?;
    let any_nan_a = cuprum_core::isnan(&x)?.any(None, false)?;
    let bad = cuprum_core::logical_or(&bad, &any_nan_a)?;
    cuprum_core::where_(&bad, f64::NAN, &p)
}
