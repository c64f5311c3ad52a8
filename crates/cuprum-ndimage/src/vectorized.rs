//! `vectorized_filter`: a filter whose value is a user function of each window, the function
//! given every window at once as one array (SciPy 1.15's `scipy.ndimage.vectorized_filter`).

use crate::filters::FilterOptions;
use crate::mode::{Mode, filter_index};
use crate::rank::{Window, window_dense};
use crate::support::{bounded, check_origin, norm_axis, origins};
use cuprum_core::manip::PadMode;
use cuprum_core::{Array, Error, IndexMode, Result, Scalar, SliceItem};

/// A filter computed by `function` from all windows at once (`scipy.ndimage.vectorized_filter`).
///
/// **Shapes**: `axes` (default: every axis) are the filtered axes; the window is `size` (one
/// value, or one per filtered axis) or a footprint with one dimension per filtered axis.
/// `function` receives an array of shape `input.shape` (the filtered axes moved last) followed
/// by one axis of the `k` window elements (the true footprint entries in C order) and must
/// reduce that last axis, returning the input's shape with the filtered axes last; the result
/// has the input's shape, `function`'s dtype (or `opts.output`) and its device.
///
/// Each window is the input extended by `opts.mode` as SciPy pads it (`nearest`: edge,
/// `reflect`: symmetric, `mirror` and `grid-mirror`: reflect, `wrap`/`grid-wrap`: periodic,
/// `constant`/`grid-constant`: `opts.cval`), `size / 2 + origin` elements before each position.
/// SciPy hands `function` the window axes unflattened (`axis=tuple`); here they are one axis,
/// so a reduction over `-1` is the same.
///
/// # Errors
/// [`Error::BadArgument`] for a bad window, repeated `axes` or an origin outside
/// `-(w / 2) ..= (w - 1) / 2`; [`Error::ShapeMismatch`] for a function result of the wrong
/// shape;
/// [`Error::AxisOutOfBounds`] for an axis out of range; errors of `function`.
///
/// # Algorithm
/// The input padded once (cuprum's `pad` for the constant modes, otherwise a `take` per
/// filtered axis with the mode's index map, computed on the host per axis), then one strided
/// slice per window element stacked along a new last axis: `k` device copies, all on the
/// input's device; `function` runs where its operations run.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{FilterOptions, Window, vectorized_filter};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let f = |w: &Array| w.max(-1isize, false);
/// let y = vectorized_filter(&x, &f, &Window::size(3), &FilterOptions::default(), None).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![2.0, 3.0, 4.0, 4.0]);
/// ```
pub fn vectorized_filter(
    input: &Array,
    function: &dyn Fn(&Array) -> Result<Array>,
    window: &Window,
    opts: &FilterOptions,
    axes: Option<&[isize]>,
) -> Result<Array> {
    let op = "ndimage.vectorized_filter";
    let nd = input.ndim();
    let axes: Vec<usize> = match axes {
        Some(a) => a
            .iter()
            .map(|&x| norm_axis(op, x, nd))
            .collect::<Result<Vec<usize>>>()?,
        None => (0..nd).collect(),
    };
    let mut seen = axes.clone();
    seen.sort_unstable();
    seen.dedup();
    if seen.len() != axes.len() {
        return Err(Error::bad_argument(
            op,
            "axes",
            format!("{axes:?}"),
            "distinct axes",
        ));
    }
    let na = axes.len();
    let (wshape, flags) = window_dense(op, window, na)?;
    let org = origins(op, &opts.origin, na)?;
    for (&o, &w) in org.iter().zip(&wshape) {
        check_origin(op, o, w)?;
    }
    if input.size() == 0 {
        return input.copy();
    }
    // the filtered axes last
    let nb = nd - na;
    let src: Vec<isize> = axes.iter().map(|&a| a as isize).collect();
    let dst: Vec<isize> = (nb..nd).map(|a| a as isize).collect();
    let x = input.moveaxis(&src, &dst)?;
    let shape = x.shape().to_vec();
    let before: Vec<usize> = (0..na)
        .map(|t| (wshape[t] / 2) as i64 + org[t])
        .map(|b| b as usize)
        .collect();
    let mode = match opts.mode {
        // SciPy maps grid-mirror to np.pad's reflect, i.e. ndimage's mirror
        Mode::GridMirror => Mode::Mirror,
        m => m.for_filter(),
    };
    let padded = if mode == Mode::Constant {
        let mut pw = bounded(nd, (0usize, 0usize));
        for t in 0..na {
            pw[nb + t] = (before[t], wshape[t] - 1 - before[t]);
        }
        cuprum_core::manip::pad(&x, &pw, PadMode::Constant(Scalar::Float(opts.cval)))?
    } else {
        let mut p = x.clone();
        for t in 0..na {
            let n = shape[nb + t] as i64;
            let len = shape[nb + t] + wshape[t] - 1;
            let idx: Vec<i64> = (0..len as i64)
                .map(|i| filter_index(i - before[t] as i64, n, mode).unwrap_or(0) as i64)
                .collect();
            let ia = Array::from_vec_on(idx, vec![len], cuprum_core::Device::Cpu)?
                .to_device(x.device())?;
            p = cuprum_core::take(&p, &ia, Some((nb + t) as isize), IndexMode::Raise)?;
        }
        p
    };
    // one strided slice of the padded input per window element
    let full = SliceItem::Slice {
        start: None,
        stop: None,
        step: 1,
    };
    let mut views = Vec::new();
    let mut k = 0usize;
    let total: usize = wshape.iter().product();
    for (flat, &f) in flags.iter().enumerate().take(total) {
        if f == 0.0 {
            continue;
        }
        let mut rem = flat;
        let mut items = bounded(nd, full);
        for t in (0..na).rev() {
            let o = rem % wshape[t];
            rem /= wshape[t];
            items[nb + t] = SliceItem::Slice {
                start: Some(o as isize),
                stop: Some((o + shape[nb + t]) as isize),
                step: 1,
            };
        }
        views.push(padded.slice(&items)?);
        k += 1;
    }
    let windows = if k == 0 {
        let mut s = shape.clone();
        s.push(0);
        cuprum_core::zeros_on(s.as_slice(), input.dtype(), input.device())?
    } else {
        cuprum_core::stack(&views.iter().collect::<Vec<_>>(), -1)?
    };
    let r = function(&windows)?;
    if r.shape() != shape.as_slice() {
        return Err(Error::ShapeMismatch {
            op,
            lhs: r.shape().to_vec(),
            rhs: shape.clone(),
            detail: Some(format!(
                "the function's result against the windows {:?} reduced over their last axis",
                windows.shape()
            )),
        });
    }
    let r = r.moveaxis(&dst, &src)?;
    match opts.output {
        Some(d) => r.astype(d),
        None => Ok(r),
    }
}
