//! Peaks by ridge lines of a continuous wavelet transform (`scipy.signal.find_peaks_cwt`).

use crate::util::upload;
use crate::util::{bad_shape_if, check_1d_nonempty};
use cuprum_core::ext::{try_vec_filled, try_vec_with_capacity};
use cuprum_core::{Array, ConvolveMode, DType, Device, Error, Result};

/// Options of [`find_peaks_cwt`] (SciPy's keyword arguments; the wavelet is SciPy's default
/// Ricker wavelet).
#[derive(Clone, Debug, PartialEq)]
pub struct CwtPeaksOptions {
    /// the largest column distance at which a ridge line continues, per width (default
    /// `widths / 4`)
    pub max_distances: Option<Vec<f64>>,
    /// the number of rows a ridge line may skip (default `ceil(widths[0])`)
    pub gap_thresh: Option<f64>,
    /// the shortest ridge line kept (default `ceil(len(widths) / 4)`)
    pub min_length: Option<f64>,
    /// the smallest signal-to-noise ratio kept (default 1)
    pub min_snr: f64,
    /// the percentile of the smallest-width row taken as the noise floor (default 10)
    pub noise_perc: f64,
    /// the window of the noise estimate (default `ceil(len(vector) / 20)`)
    pub window_size: Option<usize>,
}

impl Default for CwtPeaksOptions {
    fn default() -> Self {
        CwtPeaksOptions {
            max_distances: None,
            gap_thresh: None,
            min_length: None,
            min_snr: 1.0,
            noise_perc: 10.0,
            window_size: None,
        }
    }
}

/// SciPy's `_ricker(points, a)` with a possibly fractional `points` (its `arange(0, points)`).
fn ricker(points: f64, a: f64) -> Vec<f64> {
    let amp = 2.0 / ((3.0 * a).sqrt() * std::f64::consts::PI.powf(0.25));
    let wsq = a * a;
    let n = points.ceil().max(0.0) as usize;
    (0..n)
        .map(|i| {
            let v = i as f64 - (points - 1.0) / 2.0;
            let xsq = v * v;
            amp * (1.0 - xsq / wsq) * (-xsq / (2.0 * wsq)).exp()
        })
        .collect()
}

/// NumPy's `percentile` with linear interpolation of a non-empty slice.
fn percentile(v: &[f64], per: f64) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let idx = per / 100.0 * (s.len() - 1) as f64;
    let lo = idx.floor() as usize;
    let hi = (lo + 1).min(s.len() - 1);
    let frac = idx - lo as f64;
    s[lo] + (s[hi] - s[lo]) * frac
}

/// The indices of the peaks of `vector` found as ridge lines of its Ricker-wavelet transform
/// over `widths` (`scipy.signal.find_peaks_cwt`).
///
/// **Shapes**: 1-D real `vector`, `widths` (positive, increasing in the intended use) → 1-D
/// int64 peak indices, sorted, on `vector`'s device.
///
/// Exact ties between neighbouring transform values (a peak centred between two samples) are
/// broken by the rounding of the convolution, which may differ from SciPy's.
///
/// The continuous wavelet transform is one row per width; relative maxima of each row (strict,
/// not at the ends) are chained from the widest row down into ridge lines (a maximum joins the
/// nearest line within `max_distances[row]` columns; a line ends after `gap_thresh` rows
/// without one). Lines at least `min_length` long whose start has a signal-to-noise ratio of
/// at least `min_snr` against the `noise_perc` percentile of the narrowest row (in windows of
/// `window_size`) give a peak at their narrowest-row column.
///
/// # Errors
/// [`Error::BadShape`] naming `find_peaks_cwt` for non-1-D or empty input, no widths, fewer
/// `max_distances` than widths; [`Error::OutOfDomain`] for a non-positive width; [`Error::Unsupported`] for complex
/// input.
///
/// **Algorithm**: the transform is one [`convolve`](fn@crate::convolve) per width and the
/// relative maxima a comparison of shifted rows, on the device; the ridge-line chaining and the
/// noise percentiles (sequential, data-dependent bookkeeping as in SciPy) run on the host on
/// the transform's values.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let g = |i: usize, c: f64| (-((i as f64 - c) / 6.0).powi(2)).exp();
/// let x: Vec<f64> = (0..200).map(|i| g(i, 60.3) + g(i, 140.7)).collect();
/// let v = Array::from_vec_on(x, &[200], Device::Cpu).unwrap();
/// let widths: Vec<f64> = (1..20).map(|w| w as f64).collect();
/// let p = cuprum_signal::find_peaks_cwt(&v, &widths, &Default::default()).unwrap();
/// assert_eq!(p.to_vec::<i64>().unwrap(), vec![61, 141]); // SciPy's answer
/// ```
pub fn find_peaks_cwt(vector: &Array, widths: &[f64], opts: &CwtPeaksOptions) -> Result<Array> {
    const OP: &str = "find_peaks_cwt";
    check_1d_nonempty(OP, "vector", vector)?;
    if vector.dtype().is_complex() {
        return Err(Error::unsupported(OP, "complex vectors"));
    }
    bad_shape_if(widths.is_empty(), OP, "widths", &[0], "at least 1 width")?;
    if let Some(w) = widths.iter().find(|&&w| w.is_nan() || w <= 0.0) {
        return Err(Error::out_of_domain(OP, "widths", w, "(0, inf)"));
    }
    let dev = vector.device();
    let n = vector.size();
    let nw = widths.len();
    let max_d: Vec<f64> = match &opts.max_distances {
        Some(d) => d.clone(),
        None => widths.iter().map(|w| w / 4.0).collect(),
    };
    bad_shape_if(
        max_d.len() < nw,
        OP,
        "max_distances",
        &[max_d.len()],
        format!("at least {nw} values, one per width"),
    )?;
    let gap_thresh = opts.gap_thresh.unwrap_or(widths[0].ceil());
    // the transform, one row per width, on the device
    let x = vector.astype(DType::Float64)?;
    let mut rows = try_vec_with_capacity(nw)?;
    for &w in widths {
        let pts = (10.0 * w).min(n as f64);
        let mut k = ricker(pts, w);
        k.reverse();
        if k.is_empty() {
            k.push(0.0);
        }
        rows.push(crate::convolve(
            &x,
            &upload(k, dev)?,
            ConvolveMode::Same,
            crate::ConvMethod::Auto,
        )?);
    }
    let refs: Vec<&Array> = rows.iter().collect();
    let cwt = cuprum_core::stack(&refs, 0)?;
    // strict relative maxima along each row, not at the ends (SciPy's clipped comparison)
    let relmax = if n >= 3 {
        let s = |a: isize, b: isize| {
            cwt.slice(&[
                cuprum_core::SliceItem::Slice {
                    start: None,
                    stop: None,
                    step: 1,
                },
                cuprum_core::SliceItem::Slice {
                    start: Some(a),
                    stop: Some(b),
                    step: 1,
                },
            ])
        };
        let mid = s(1, n as isize - 1)?;
        let m = cuprum_core::logical_and(
            &cuprum_core::greater(&mid, &s(0, n as isize - 2)?)?,
            &cuprum_core::greater(&mid, &s(2, n as isize)?)?,
        )?;
        let f = cuprum_core::zeros_on(&[nw, 1][..], DType::Bool, dev)?;
        cuprum_core::concatenate(&[&f, &m, &f], 1)?
    } else {
        cuprum_core::zeros_on(&[nw, n][..], DType::Bool, dev)?
    };
    let is_max: Vec<bool> = relmax.to_device(Device::Cpu)?.to_vec::<bool>()?;
    let cw: Vec<f64> = cwt.to_device(Device::Cpu)?.to_vec::<f64>()?;
    let lines = ridge_lines(&is_max, nw, n, &max_d, gap_thresh)?;
    // the noise floor of the narrowest row
    let window = opts.window_size.unwrap_or(n.div_ceil(20));
    let (hf, odd) = (window / 2, window % 2);
    let row0 = &cw[..n];
    let mut noises = try_vec_filled(n, 0.0)?;
    for (i, nz) in noises.iter_mut().enumerate() {
        let (a, b) = (i.saturating_sub(hf), (i + hf + odd).min(n));
        *nz = if a < b {
            percentile(&row0[a..b], opts.noise_perc)
        } else {
            f64::NAN
        };
    }
    let min_length = opts.min_length.unwrap_or((nw as f64 / 4.0).ceil());
    let mut peaks: Vec<i64> = lines
        .iter()
        .filter(|l| {
            if (l.len() as f64) < min_length {
                return false;
            }
            let (r, c) = l[0];
            let snr = (cw[r * n + c] / noises[c]).abs();
            snr >= opts.min_snr
        })
        .map(|l| l[0].1 as i64)
        .collect();
    peaks.sort_unstable();
    let m = peaks.len();
    Array::from_vec_on(peaks, &[m], dev)
}

/// SciPy's `_identify_ridge_lines`: each line as `(row, col)` points sorted by row.
fn ridge_lines(
    is_max: &[bool],
    nw: usize,
    n: usize,
    max_d: &[f64],
    gap_thresh: f64,
) -> Result<Vec<Vec<(usize, usize)>>> {
    let Some(start) = (0..nw)
        .rev()
        .find(|&r| is_max[r * n..(r + 1) * n].iter().any(|&b| b))
    else {
        return Ok(vec![]);
    };
    // (points, gap)
    let mut live: Vec<(Vec<(usize, usize)>, usize)> = (0..n)
        .filter(|&c| is_max[start * n + c])
        .map(|c| (vec![(start, c)], 0))
        .collect();
    let mut done: Vec<Vec<(usize, usize)>> = Vec::new();
    for row in (0..start).rev() {
        for l in live.iter_mut() {
            l.1 += 1;
        }
        let prev: Vec<usize> = live
            .iter()
            .map(|l| l.0.last().expect("non-empty").1)
            .collect();
        for c in (0..n).filter(|&c| is_max[row * n + c]) {
            let mut best: Option<usize> = None;
            for (i, &p) in prev.iter().enumerate() {
                let d = c.abs_diff(p);
                if best.is_none_or(|b| d < c.abs_diff(prev[b])) {
                    best = Some(i);
                }
            }
            match best {
                Some(b) if c.abs_diff(prev[b]) as f64 <= max_d[row] => {
                    live[b].0.push((row, c));
                    live[b].1 = 0;
                }
                _ => live.push((vec![(row, c)], 0)),
            }
        }
        for i in (0..live.len()).rev() {
            if live[i].1 as f64 > gap_thresh {
                done.push(live.remove(i).0);
            }
        }
    }
    Ok(done
        .into_iter()
        .chain(live.into_iter().map(|l| l.0))
        .map(|mut l| {
            l.sort_by_key(|p| p.0);
            l
        })
        .collect())
}
