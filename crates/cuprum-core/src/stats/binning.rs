//! Binning with NumPy's names: `digitize`, `histogram2d`, `histogramdd` (`histogram` and
//! `bincount` are in the parent module).
//!
//! Composed of searchsorted, `bincount` and the ufuncs, so they run on every device; bin edges
//! and monotonicity checks are computed on the host.

use crate::ops;
use crate::sort::Side;
use crate::util::ishape;
use crate::{Array, DType, Error, Result};

/// The index of the bin of each value (`numpy.digitize`): for increasing `bins`,
/// `bins[i-1] <= x < bins[i]` (`right = false`) or `bins[i-1] < x <= bins[i]`; decreasing
/// bins mirror it.
///
/// **Shapes:** int64 of `x`'s shape; `bins` 1-D and monotonic.
///
/// # Errors
/// [`Error::BadArgument`] or [`Error::BadShape`] for `bins` not 1-D or not monotonic; [`Error::DType`] for complex
/// input.
///
/// ```
/// use cuprum_core::{Array, digitize};
/// let x = Array::from_vec(vec![0.2f64, 6.4, 3.0, 1.6], &[4]).unwrap();
/// let b = Array::from_vec(vec![0.0f64, 1.0, 2.5, 4.0, 10.0], &[5]).unwrap();
/// assert_eq!(digitize(&x, &b, false).unwrap().to_vec::<i64>().unwrap(), vec![1, 4, 3, 2]);
/// ```
pub fn digitize(x: &Array, bins: &Array, right: bool) -> Result<Array> {
    const OP: &str = "digitize";
    for a in [x, bins] {
        if a.dtype().is_complex() {
            return Err(Error::DType {
                op: OP,
                dtype: a.dtype(),
                detail: ": x may not be complex".into(),
            });
        }
    }
    if bins.ndim() != 1 {
        return Err(Error::bad_shape(OP, "bins", bins.shape(), "a 1-D array"));
    }
    let dt = DType::promote(x.dtype(), bins.dtype());
    let b = bins.astype(dt)?;
    let xv = x.astype(dt)?;
    let n = b.size();
    let mono = if n < 2 {
        1
    } else {
        let d = crate::manip::diff(&b, 1, 0)?;
        let inc = crate::reduce::all(&ops::greater_equal(&d, 0i64)?, None, false)?
            .item()?
            .as_bool();
        let dec = crate::reduce::all(&ops::less_equal(&d, 0i64)?, None, false)?
            .item()?
            .as_bool();
        if inc {
            1
        } else if dec {
            -1
        } else {
            0
        }
    };
    if mono == 0 {
        return Err(Error::bad_argument(
            OP,
            "bins",
            "edges that neither increase nor decrease monotonically",
            "monotonically increasing or decreasing edges",
        ));
    }
    let side = if right { Side::Left } else { Side::Right };
    let flat = xv.ravel()?;
    let r = if mono == 1 {
        crate::sort::searchsorted(&b, &flat, side, None)?
    } else {
        let rev = crate::manip::flip(&b, None)?.copy()?;
        ops::subtract(
            n as i64,
            &crate::sort::searchsorted(&rev, &flat, side, None)?,
        )?
    };
    r.astype(DType::Int64)?
        .reshape(ishape(x.shape()).as_slice())
}

/// How [`histogramdd`] bins one dimension: a number of equal bins (over `range` or the data's
/// span), or explicit increasing edges.
#[derive(Clone, Debug)]
pub enum Bins {
    /// `bins` equal-width bins; `range` `(lo, hi)` or the data's min and max.
    Count(usize, Option<(f64, f64)>),
    /// Explicit bin edges (1-D, increasing).
    Edges(Array),
}

/// The multidimensional histogram of `sample` (`numpy.histogramdd`): counts (float64) of
/// shape `(nbins_0, ..., nbins_{D-1})` and the `D` edge arrays (float64).
///
/// **Shapes:** `sample` is `(N, D)`; `bins` has `D` entries; `weights` (N,) replace the counts
/// by sums of weights; with `density` the result is divided by the total and the bin volumes.
/// As in NumPy, the last bin of each dimension includes its right edge and values outside are
/// dropped.
///
/// # Errors
/// [`Error::BadArgument`] or [`Error::OutOfDomain`] or [`Error::BadShape`] when the number of bins does not match `D`, for zero bins, a range
/// with `lo > hi` or non-finite, or edges not increasing; [`Error::ShapeMismatch`] for weights
/// of another length.
///
/// ```
/// use cuprum_core::{Array, histogramdd, Bins};
/// let s = Array::from_vec(vec![0.0f64, 0.0, 1.0, 1.0, 1.0, 0.0], &[3, 2]).unwrap();
/// let (h, _) = histogramdd(&s, &[Bins::Count(2, None), Bins::Count(2, None)], None, false).unwrap();
/// assert_eq!(h.to_vec::<f64>().unwrap(), vec![1.0, 0.0, 1.0, 1.0]);
/// ```
pub fn histogramdd(
    sample: &Array,
    bins: &[Bins],
    weights: Option<&Array>,
    density: bool,
) -> Result<(Array, Vec<Array>)> {
    const OP: &str = "histogramdd";
    if sample.ndim() != 2 {
        return Err(Error::bad_shape(
            OP,
            "sample",
            sample.shape(),
            "a 2-D (N, D) array",
        ));
    }
    let (n, dims) = (sample.shape()[0], sample.shape()[1]);
    if bins.len() != dims {
        return Err(Error::bad_argument(
            OP,
            "bins",
            format!("{} entries", bins.len()),
            format!("one entry per dimension of the sample ({dims})"),
        ));
    }
    if let Some(w) = weights
        && w.size() != n
    {
        return Err(Error::ShapeMismatch {
            op: OP,
            lhs: vec![n],
            rhs: w.shape().to_vec(),
            detail: Some("weights must have one entry per sample".into()),
        });
    }
    let dev = sample.device();
    let s = sample.astype(DType::Float64)?;
    let mut edges = Vec::with_capacity(dims);
    let mut nb = Vec::with_capacity(dims);
    let mut flat = crate::creation::zeros_on(&[n], DType::Int64, dev)?;
    for (i, b) in bins.iter().enumerate() {
        let col = s.index_axis(1, i as isize)?;
        let e = match b {
            Bins::Count(k, range) => {
                if *k == 0 {
                    return Err(Error::bad_argument(
                        OP,
                        "bins",
                        format!("0 bins in dimension {i}"),
                        "a positive number of bins",
                    ));
                }
                let (mut lo, mut hi) = match range {
                    Some(r) => *r,
                    None if n == 0 => (0.0, 1.0),
                    None => (
                        crate::reduce::min(&col, None, false)?.item()?.as_f64(),
                        crate::reduce::max(&col, None, false)?.item()?.as_f64(),
                    ),
                };
                if lo > hi || !lo.is_finite() || !hi.is_finite() {
                    return Err(Error::out_of_domain(
                        OP,
                        "range",
                        format!("[{lo}, {hi}] in dimension {i}"),
                        "finite bounds with lo <= hi",
                    ));
                }
                if lo == hi {
                    lo -= 0.5;
                    hi += 0.5;
                }
                crate::creation::linspace_on(lo, hi, k + 1, true, Some(DType::Float64), dev)?
            }
            Bins::Edges(e) => {
                let e = e.astype(DType::Float64)?.to_device(dev)?;
                if e.ndim() != 1 || e.size() < 2 {
                    return Err(Error::bad_shape(
                        OP,
                        "bins",
                        e.shape(),
                        format!("a 1-D array of at least 2 edges in dimension {i}"),
                    ));
                }
                let d = crate::manip::diff(&e, 1, 0)?;
                if crate::reduce::any(&ops::less(&d, 0.0)?, None, false)?
                    .item()?
                    .as_bool()
                {
                    return Err(Error::bad_argument(
                        OP,
                        "bins",
                        format!("edges of dimension {i} that decrease somewhere"),
                        "monotonically increasing edges",
                    ));
                }
                e
            }
        };
        let k = e.size() - 1;
        let last = e.index_axis(0, -1)?;
        let mut idx =
            crate::sort::searchsorted(&e, &col, Side::Right, None)?.astype(DType::Int64)?;
        idx = ops::subtract(&idx, &ops::equal(&col, &last)?.astype(DType::Int64)?)?;
        flat = ops::add(&ops::multiply(&flat, (k + 2) as i64)?, &idx)?;
        nb.push(k);
        edges.push(e);
    }
    let total: usize = nb.iter().map(|k| k + 2).product();
    let counts = crate::stats::bincount(&flat, weights, total)?.astype(DType::Float64)?;
    let full: Vec<isize> = nb.iter().map(|&k| (k + 2) as isize).collect();
    let items: Vec<crate::index::SliceItem> = nb
        .iter()
        .map(|&k| crate::util::range(Some(1), Some(k as isize + 1)))
        .collect();
    let mut hist = counts.reshape(full.as_slice())?.slice(&items)?.copy()?;
    if density {
        let s = crate::reduce::sum(&hist, None, false)?;
        hist = ops::divide(&hist, &s)?;
        for (i, e) in edges.iter().enumerate() {
            let w = crate::manip::diff(e, 1, 0)?;
            let mut shape = vec![1isize; dims];
            shape[i] = w.size() as isize;
            hist = ops::divide(&hist, &w.reshape(shape.as_slice())?)?;
        }
    }
    Ok((hist, edges))
}

/// The bi-dimensional histogram of `x` and `y` (`numpy.histogram2d`): counts (float64) of
/// shape `(nx, ny)` and the x and y edges; see [`histogramdd`].
///
/// # Errors
/// [`Error::ShapeMismatch`] when `x` and `y` differ in length; as [`histogramdd`].
///
/// ```
/// use cuprum_core::{Array, histogram2d, Bins};
/// let x = Array::from_vec(vec![0.0f64, 1.0, 1.0], &[3]).unwrap();
/// let y = Array::from_vec(vec![0.0f64, 1.0, 0.0], &[3]).unwrap();
/// let (h, _, _) = histogram2d(&x, &y, Bins::Count(2, None), Bins::Count(2, None), None, false).unwrap();
/// assert_eq!(h.to_vec::<f64>().unwrap(), vec![1.0, 0.0, 1.0, 1.0]);
/// ```
pub fn histogram2d(
    x: &Array,
    y: &Array,
    xbins: Bins,
    ybins: Bins,
    weights: Option<&Array>,
    density: bool,
) -> Result<(Array, Array, Array)> {
    if x.size() != y.size() {
        return Err(Error::ShapeMismatch {
            op: "histogram2d",
            lhs: x.shape().to_vec(),
            rhs: y.shape().to_vec(),
            detail: Some("x and y must have the same length".into()),
        });
    }
    let s = crate::manip::stack(
        &[
            &x.ravel()?.astype(DType::Float64)?,
            &y.ravel()?.astype(DType::Float64)?,
        ],
        1,
    )?;
    let (h, mut e) = histogramdd(&s, &[xbins, ybins], weights, density)?;
    let ey = e.pop().expect("two edge arrays");
    let ex = e.pop().expect("two edge arrays");
    Ok((h, ex, ey))
}
