//! Spline interpolation: `spline_filter1d`, `spline_filter`, `map_coordinates`,
//! `affine_transform`, `zoom`, `shift`, `rotate` (orders 0-5), following SciPy's
//! `ni_interpolation.c` and `ni_splines.c`: the same coordinate mapping per mode
//! (`map_coordinate`), the same spline window boundary (`mirror` for `constant` and `wrap`),
//! the same prefilter boundary initializations, and the 12-sample pre-padding of `nearest` and
//! `grid-constant`.

use crate::engine::to_f64;
use crate::mode::{Mode, map_coordinate, spline_mode, window_index};
use crate::support::{
    bounded, check_real, host_f64, is_integer, norm_axis, per_axis, size_of, strides_of, zeros,
};
use cuprum_core::manip::PadMode;
use cuprum_core::{Array, DType, Device, Error, Result};
use rayon::prelude::*;

/// Options of the spline prefilter.
#[derive(Clone, Debug, PartialEq)]
pub struct SplineOptions {
    /// spline order, 0-5 (default 3); orders 0 and 1 copy the input
    pub order: usize,
    /// boundary mode (default [`Mode::Mirror`])
    pub mode: Mode,
    /// output dtype (default float64)
    pub output: DType,
}

impl Default for SplineOptions {
    fn default() -> Self {
        SplineOptions {
            order: 3,
            mode: Mode::Mirror,
            output: DType::Float64,
        }
    }
}

/// Options of the interpolating transforms.
#[derive(Clone, Debug, PartialEq)]
pub struct InterpOptions {
    /// spline order, 0-5 (default 3)
    pub order: usize,
    /// boundary mode (default [`Mode::Constant`])
    pub mode: Mode,
    /// value outside the input for the constant modes (default 0)
    pub cval: f64,
    /// whether to spline-filter the input first (default true; needed for orders > 1)
    pub prefilter: bool,
    /// output dtype (default: the input's)
    pub output: Option<DType>,
    /// `zoom`: pixel-edge (true) or pixel-centre (false, default) alignment
    pub grid_mode: bool,
    /// `rotate`: enlarge the output to hold the whole rotated input (default true)
    pub reshape: bool,
    /// `rotate`: the plane of rotation (default `[1, 0]`)
    pub axes: [isize; 2],
    /// `affine_transform`: the output shape (default: the input's)
    pub output_shape: Option<Vec<usize>>,
}

impl Default for InterpOptions {
    fn default() -> Self {
        InterpOptions {
            order: 3,
            mode: Mode::Constant,
            cval: 0.0,
            prefilter: true,
            output: None,
            grid_mode: false,
            reshape: true,
            axes: [1, 0],
            output_shape: None,
        }
    }
}

fn check_order(op: &'static str, order: usize) -> Result<()> {
    if order > 5 {
        return Err(Error::bad_argument(op, "order", order, "0 to 5"));
    }
    Ok(())
}

/// Checks `order` (see [`check_order`]) and that `input` is real with at least one dimension;
/// `input`'s number of dimensions.
fn check_input(op: &'static str, input: &Array, order: usize) -> Result<usize> {
    check_order(op, order)?;
    check_real(op, input)?;
    let nd = input.ndim();
    if nd < 1 {
        return Err(Error::bad_shape(
            op,
            "input",
            input.shape(),
            "at least 1 dimension",
        ));
    }
    Ok(nd)
}

/// The poles of the B-spline prefilter of `order`.
pub(crate) fn poles(order: usize) -> Vec<f64> {
    match order {
        2 => vec![8f64.sqrt() - 3.0],
        3 => vec![3f64.sqrt() - 2.0],
        4 => vec![
            (664.0 - 438976f64.sqrt()).sqrt() + 304f64.sqrt() - 19.0,
            (664.0 + 438976f64.sqrt()).sqrt() - 304f64.sqrt() - 19.0,
        ],
        5 => vec![
            (67.5 - 4436.25f64.sqrt()).sqrt() + 26.25f64.sqrt() - 6.5,
            (67.5 + 4436.25f64.sqrt()).sqrt() - 26.25f64.sqrt() - 6.5,
        ],
        _ => vec![],
    }
}

/// Which boundary initialization the prefilter uses for `mode`: 0 mirror, 1 wrap, 2 reflect.
pub(crate) fn init_kind(mode: Mode) -> i64 {
    match mode {
        Mode::GridConstant | Mode::Constant | Mode::Mirror | Mode::Wrap => 0,
        Mode::GridWrap => 1,
        Mode::Nearest | Mode::Reflect | Mode::GridMirror => 2,
    }
}

/// `ni_splines.c`'s `apply_filter` on one line.
pub(crate) fn filter_line(c: &mut [f64], poles: &[f64], kind: i64) {
    let n = c.len();
    if n <= 1 {
        return;
    }
    let mut gain = 1.0;
    for &z in poles {
        gain *= (1.0 - z) * (1.0 - 1.0 / z);
    }
    c.iter_mut().for_each(|v| *v *= gain);
    for &z in poles {
        // causal init
        match kind {
            0 => {
                let mut zi = z;
                let zn1 = z.powi(n as i32 - 1);
                c[0] += zn1 * c[n - 1];
                for i in 1..n - 1 {
                    c[0] += zi * (c[i] + zn1 * c[n - 1 - i]);
                    zi *= z;
                }
                c[0] /= 1.0 - zn1 * zn1;
            }
            1 => {
                let mut zi = z;
                for i in 1..n {
                    c[0] += zi * c[n - i];
                    zi *= z;
                }
                c[0] /= 1.0 - zi;
            }
            _ => {
                let mut zi = z;
                let zn = z.powi(n as i32);
                let c0 = c[0];
                c[0] += zn * c[n - 1];
                for i in 1..n {
                    c[0] += zi * (c[i] + zn * c[n - 1 - i]);
                    zi *= z;
                }
                c[0] *= z / (1.0 - zn * zn);
                c[0] += c0;
            }
        }
        for i in 1..n {
            c[i] += z * c[i - 1];
        }
        // anticausal init
        match kind {
            0 => c[n - 1] = (z * c[n - 2] + c[n - 1]) * z / (z * z - 1.0),
            1 => {
                let mut zi = z;
                for i in 0..n - 1 {
                    c[n - 1] += zi * c[i];
                    zi *= z;
                }
                c[n - 1] *= z / (zi - 1.0);
            }
            _ => c[n - 1] *= z / (z - 1.0),
        }
        for i in (0..n - 1).rev() {
            c[i] = z * (c[i + 1] - c[i]);
        }
    }
}

/// The prefilter along `axis` of `f64` data on any device.
pub(crate) fn spline_pass(x: &Array, order: usize, axis: usize, mode: Mode) -> Result<Array> {
    let p = poles(order);
    if p.is_empty() || x.size() == 0 {
        return Ok(x.clone());
    }
    let kind = init_kind(mode);
    if let Device::Cuda(_) = x.device() {
        return crate::cuda::spline_lines(x, axis, &p, kind);
    }
    let shape = x.shape().to_vec();
    let mut v = host_f64(x)?;
    let st = strides_of(&shape);
    let n = shape[axis];
    let s = st[axis];
    if s == 1 {
        // contiguous lines: filtered in place
        v.par_chunks_mut(n)
            .for_each(|line| filter_line(line, &p, kind));
        return Array::from_vec_on(v, shape, Device::Cpu);
    }
    let outer = v.len() / n;
    // lines: every index with coordinate 0 along `axis`
    let starts: Vec<usize> = (0..outer)
        .map(|k| {
            let hi = k / s;
            let lo = k % s;
            hi * n * s + lo
        })
        .collect();
    let lines: Vec<Vec<f64>> = starts
        .par_iter()
        .map(|&b| {
            let mut line: Vec<f64> = (0..n).map(|i| v[b + i * s]).collect();
            filter_line(&mut line, &p, kind);
            line
        })
        .collect();
    for (b, line) in starts.iter().zip(lines) {
        for (i, val) in line.into_iter().enumerate() {
            v[b + i * s] = val;
        }
    }
    Array::from_vec_on(v, shape, Device::Cpu)
}

/// The B-spline coefficients along one axis (`scipy.ndimage.spline_filter1d`).
///
/// **Shapes**: the result has `input`'s shape, dtype `opts.output` (float64 by default).
///
/// # Errors
/// [`Error::BadArgument`] for an order above 5; [`Error::AxisOutOfBounds`]; [`Error::DType`]
/// for complex input.
///
/// # Algorithm
/// Unser's recursive filter, one causal and one anticausal pass per pole, with SciPy's exact
/// boundary initializations (mirror, wrap, reflect) per mode; one line per CUDA thread.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{SplineOptions, spline_filter1d};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
/// let c = spline_filter1d(&x, -1, &SplineOptions::default()).unwrap();
/// // a linear ramp is its own cubic spline coefficient sequence under mirror
/// let v = c.to_vec::<f64>().unwrap();
/// assert!((v[1] - 2.0).abs() < 1e-12);
/// ```
pub fn spline_filter1d(input: &Array, axis: isize, opts: &SplineOptions) -> Result<Array> {
    let op = "ndimage.spline_filter1d";
    check_order(op, opts.order)?;
    check_real(op, input)?;
    let x = to_f64(input)?;
    if input.ndim() == 0 {
        return x.astype(opts.output);
    }
    let ax = norm_axis(op, axis, input.ndim())?;
    spline_pass(&x, opts.order, ax, opts.mode)?.astype(opts.output)
}

/// The multi-dimensional B-spline coefficients (`scipy.ndimage.spline_filter`): the 1-d
/// prefilter along every axis in turn.
///
/// **Shapes**, **Errors**, **Algorithm**: as [`spline_filter1d`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType, Device};
/// use cuprum_ndimage::{SplineOptions, spline_filter};
/// let x = Array::from_vec_on(vec![1.0f32; 4], &[2, 2], Device::Cpu).unwrap();
/// let c = spline_filter(&x, &SplineOptions::default()).unwrap();
/// assert_eq!(c.dtype(), DType::Float64);
/// assert!(c.to_vec::<f64>().unwrap().iter().all(|v| (v - 1.0).abs() < 1e-12));
/// ```
pub fn spline_filter(input: &Array, opts: &SplineOptions) -> Result<Array> {
    let op = "ndimage.spline_filter";
    check_order(op, opts.order)?;
    check_real(op, input)?;
    let mut x = to_f64(input)?;
    for d in 0..input.ndim() {
        x = spline_pass(&x, opts.order, d, opts.mode)?;
    }
    x.astype(opts.output)
}

/// Where the coordinates of each output element come from.
pub(crate) enum Coords<'a> {
    /// an `f64` array `(ndim, out...)` on the input's device
    Array(&'a Array),
    /// `matrix (ndim x out_ndim) @ o + offset`
    Affine { matrix: Vec<f64>, offset: Vec<f64> },
    /// `(o + shift) * zoom` per axis (grid mode: `((o + shift) + 0.5) * zoom - 0.5`)
    ZoomShift {
        zoom: Vec<f64>,
        shift: Vec<f64>,
        grid: bool,
    },
}

/// SciPy's `get_spline_interpolation_weights`.
pub(crate) fn spline_weights(x: f64, order: usize, w: &mut [f64]) {
    let x = x - if order & 1 == 1 {
        x.floor()
    } else {
        (x + 0.5).floor()
    };
    let (y, z) = (x, 1.0 - x);
    match order {
        0 => {}
        1 => w[0] = 1.0 - x,
        2 => {
            w[1] = 0.75 - x * x;
            let y = 0.5 - x;
            w[0] = 0.5 * y * y;
        }
        3 => {
            w[1] = (y * y * (y - 2.0) * 3.0 + 4.0) / 6.0;
            w[2] = (z * z * (z - 2.0) * 3.0 + 4.0) / 6.0;
            w[0] = z * z * z / 6.0;
        }
        4 => {
            let t = x * x;
            w[2] = t * (t * 0.25 - 0.625) + 115.0 / 192.0;
            let y = 1.0 + x;
            w[1] = y * (y * (y * (5.0 - y) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;
            w[3] = z * (z * (z * (5.0 - z) / 6.0 - 1.25) + 5.0 / 24.0) + 55.0 / 96.0;
            let y = 0.5 - x;
            let t = y * y;
            w[0] = t * t / 24.0;
        }
        _ => {
            let t = y * y;
            w[2] = t * (t * (0.25 - y / 12.0) - 0.5) + 0.55;
            let t = z * z;
            w[3] = t * (t * (0.25 - z / 12.0) - 0.5) + 0.55;
            let y1 = y + 1.0;
            w[1] = y1 * (y1 * (y1 * (y1 * (y1 / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;
            let z1 = z + 1.0;
            w[4] = z1 * (z1 * (z1 * (z1 * (z1 / 24.0 - 0.375) + 1.25) - 1.75) + 0.625) + 0.425;
            let y = 1.0 - x;
            let t = y * y;
            w[0] = y * t * t / 120.0;
        }
    }
    if order > 0 {
        w[order] = 1.0 - w[..order].iter().sum::<f64>();
    } else {
        w[0] = 1.0;
    }
}

/// One axis's taps: flat offsets (-1 outside) and weights of the `order + 1` coefficients.
type Taps = ([i64; 6], [f64; 6]);

/// The taps of one axis at coordinate `c` (length `n`, element stride `stride`): the flat
/// offsets of the `order + 1` coefficients (-1 outside) and their weights; `None` where the
/// point takes `cval`.
#[inline]
fn axis_taps(c: f64, n: usize, stride: usize, order: usize, mode: Mode) -> Option<Taps> {
    let smode = spline_mode(mode);
    let n = n as i64;
    let cc = map_coordinate(c, n, mode);
    if !(cc > -1.0 || mode == Mode::GridConstant) {
        return None;
    }
    let start = if order & 1 == 1 {
        cc.floor() as i64
    } else {
        (cc + 0.5).floor() as i64
    }
    .saturating_sub((order / 2) as i64);
    let mut ia = [0i64; 6];
    let mut wa = [1.0f64; 6];
    spline_weights(cc, order, &mut wa);
    for (l, i) in ia.iter_mut().enumerate().take(order + 1) {
        *i = match window_index(start.saturating_add(l as i64), n, smode) {
            Some(j) => (j * stride) as i64,
            None => -1,
        };
    }
    Some((ia, wa))
}

/// The sum of the coefficients `x` at the taps `ia`, `wa` (one entry per axis) weighted by
/// their weights; `cval` for a tap outside.
fn combine(x: &[f64], ia: &[[i64; 6]], wa: &[[f64; 6]], k: usize, cval: f64) -> f64 {
    let nd = ia.len();
    if nd == 2 {
        // the common 2-d case as two nested loops (the row's weights factored out)
        let mut t = 0.0;
        for l0 in 0..k {
            let i0 = ia[0][l0];
            let mut row = 0.0;
            for l1 in 0..k {
                let i1 = ia[1][l1];
                let v = if i0 < 0 || i1 < 0 {
                    cval
                } else {
                    x[(i0 + i1) as usize]
                };
                row += wa[1][l1] * v;
            }
            t += wa[0][l0] * row;
        }
        return t;
    }
    let total = k.pow(nd as u32);
    let mut t = 0.0;
    for f in 0..total {
        let mut rem = f;
        let mut off = 0i64;
        let mut w = 1.0;
        let mut outside = false;
        for d in (0..nd).rev() {
            let l = rem % k;
            rem /= k;
            let i = ia[d][l];
            if i < 0 {
                outside = true;
            }
            off += i;
            w *= wa[d][l];
        }
        t += w * if outside { cval } else { x[off as usize] };
    }
    t
}

/// The interpolated value of spline coefficients `x` (`shape`) at coordinate `c`.
fn sample(
    x: &[f64],
    shape: &[usize],
    strides: &[usize],
    c: &[f64],
    order: usize,
    mode: Mode,
    cval: f64,
) -> f64 {
    let nd = shape.len();
    let mut idx = [[0i64; 6]; 8];
    let mut wts = [[1.0f64; 6]; 8];
    let mut idx_v = bounded(if nd > 8 { nd } else { 0 }, [0i64; 6]);
    let mut wts_v = bounded(if nd > 8 { nd } else { 0 }, [1.0f64; 6]);
    for d in 0..nd {
        let Some((i, w)) = axis_taps(c[d], shape[d], strides[d], order, mode) else {
            return cval;
        };
        if nd > 8 {
            (idx_v[d], wts_v[d]) = (i, w);
        } else {
            (idx[d], wts[d]) = (i, w);
        }
    }
    let (ia, wa): (&[[i64; 6]], &[[f64; 6]]) = if nd > 8 {
        (&idx_v, &wts_v)
    } else {
        (&idx[..nd], &wts[..nd])
    };
    combine(x, ia, wa, order + 1, cval)
}

/// [`interpolate`] of a 2-D zoom or shift on the CPU: every output row's and column's taps
/// computed once (the coordinate along an axis depends only on the output index along it),
/// then combined per point as [`sample`] does (same results).
#[allow(clippy::too_many_arguments)]
fn zoom_shift_2d(
    xs: &[f64],
    shape: &[usize],
    out: &mut [f64],
    out_shape: &[usize],
    axis_coord: impl Fn(usize, usize) -> f64,
    order: usize,
    mode: Mode,
    cval: f64,
) -> Result<()> {
    let st = strides_of(shape);
    let mut taps: Vec<Vec<Option<Taps>>> = Vec::new();
    for d in 0..2 {
        let mut t = cuprum_core::ext::try_vec_with_capacity(out_shape[d])?;
        for o in 0..out_shape[d] {
            t.push(axis_taps(axis_coord(d, o), shape[d], st[d], order, mode));
        }
        taps.push(t);
    }
    let cols = out_shape[1];
    out.par_chunks_mut(cols.max(1))
        .zip(taps[0].par_iter())
        .for_each(|(row, t0)| {
            for (o, t1) in row.iter_mut().zip(&taps[1]) {
                *o = match (t0, t1) {
                    (Some((i0, w0)), Some((i1, w1))) => {
                        combine(xs, &[*i0, *i1], &[*w0, *w1], order + 1, cval)
                    }
                    _ => cval,
                };
            }
        });
    Ok(())
}

/// Interpolates spline coefficients `x` (`f64`, any device) at the coordinates of `coords`
/// for an output of `out_shape`; `npad` is added to every coordinate.
pub(crate) fn interpolate(
    x: &Array,
    out_shape: &[usize],
    coords: &Coords<'_>,
    order: usize,
    mode: Mode,
    cval: f64,
    npad: usize,
) -> Result<Array> {
    if let Device::Cuda(_) = x.device() {
        return crate::cuda::interpolate(x, out_shape, coords, order, mode, cval, npad);
    }
    let shape = x.shape().to_vec();
    let nd = shape.len();
    let st = strides_of(&shape);
    let xs = host_f64(x)?;
    let n_out = size_of("ndimage.interpolate", out_shape)?;
    let mut out = zeros(n_out)?;
    if n_out == 0 {
        return Array::from_vec_on(out, out_shape, Device::Cpu);
    }
    if xs.is_empty() {
        out.iter_mut().for_each(|v| *v = cval);
        return Array::from_vec_on(out, out_shape, Device::Cpu);
    }
    let cs = match coords {
        Coords::Array(a) => Some(host_f64(a)?),
        _ => None,
    };
    let ond = out_shape.len();
    let ost = strides_of(out_shape);
    let pad = npad as f64;
    if let Coords::ZoomShift { zoom, shift, grid } = coords
        && nd == 2
        && ond == 2
    {
        // the coordinate of [`interpolate`]'s general loop, one axis at a time
        let axis_coord = |d: usize, o: usize| {
            let mut v = o as f64 + shift[d];
            if *grid {
                v = (v + 0.5) * zoom[d] - 0.5;
            } else {
                v *= zoom[d];
            }
            v + pad
        };
        zoom_shift_2d(
            &xs, &shape, &mut out, out_shape, axis_coord, order, mode, cval,
        )?;
        return Array::from_vec_on(out, out_shape, Device::Cpu);
    }
    out.par_iter_mut().enumerate().for_each_init(
        || bounded(nd, 0.0f64),
        |c, (i, o)| {
            match coords {
                Coords::Array(_) => {
                    let cs = cs.as_ref().expect("host coordinates were read above");
                    for (d, cd) in c.iter_mut().enumerate() {
                        *cd = cs[d * n_out + i];
                    }
                }
                Coords::Affine { matrix, offset } => {
                    for (d, cd) in c.iter_mut().enumerate() {
                        let mut acc = 0.0;
                        for e in 0..ond {
                            acc += ((i / ost[e]) % out_shape[e]) as f64 * matrix[d * ond + e];
                        }
                        *cd = acc + offset[d];
                    }
                }
                Coords::ZoomShift { zoom, shift, grid } => {
                    for (d, cd) in c.iter_mut().enumerate() {
                        let mut v = ((i / ost[d]) % out_shape[d]) as f64 + shift[d];
                        if *grid {
                            v = (v + 0.5) * zoom[d] - 0.5;
                        } else {
                            v *= zoom[d];
                        }
                        *cd = v;
                    }
                }
            }
            c.iter_mut().for_each(|v| *v += pad);
            *o = sample(&xs, &shape, &st, c, order, mode, cval);
        },
    );
    Array::from_vec_on(out, out_shape, Device::Cpu)
}

/// The prefiltered (and pre-padded) coefficients of `input` and the padding used.
fn prepare(
    input: &Array,
    order: usize,
    mode: Mode,
    cval: f64,
    prefilter: bool,
) -> Result<(Array, usize)> {
    let x = to_f64(input)?;
    if !(prefilter && order > 1) {
        return Ok((x, 0));
    }
    let (padded, npad) = match mode {
        Mode::Nearest => (cuprum_core::pad(&x, &[(12, 12)], PadMode::Edge)?, 12),
        Mode::GridConstant => (
            cuprum_core::pad(&x, &[(12, 12)], PadMode::Constant(cval.into()))?,
            12,
        ),
        _ => (x, 0),
    };
    let mut c = cuprum_core::ext::as_c_contiguous(&padded)?;
    for d in 0..c.ndim() {
        c = spline_pass(&c, order, d, mode)?;
    }
    Ok((c, npad))
}

/// Casts interpolated `f64` values to `dtype`, rounding half away from zero for integers.
fn finish(y: Array, dtype: DType) -> Result<Array> {
    if is_integer(dtype) && dtype != DType::Bool {
        let s = cuprum_core::sign(&y)?;
        let r = cuprum_core::floor(&cuprum_core::add(&cuprum_core::abs(&y)?, 0.5)?)?;
        return cuprum_core::multiply(&s, &r)?.astype(dtype);
    }
    y.astype(dtype)
}

/// `input` (prefiltered as `opts` says) sampled at `coords` for the output shape `out_shape`
/// with `opts`' order, mode and cval, then cast to `opts.output` (default `input`'s dtype) as
/// [`finish`].
fn resample(
    input: &Array,
    out_shape: &[usize],
    coords: &Coords<'_>,
    opts: &InterpOptions,
) -> Result<Array> {
    let dtype = opts.output.unwrap_or(input.dtype());
    let (c, npad) = prepare(input, opts.order, opts.mode, opts.cval, opts.prefilter)?;
    let y = interpolate(
        &c, out_shape, coords, opts.order, opts.mode, opts.cval, npad,
    )?;
    finish(y, dtype)
}

/// Samples `input` at the given coordinates (`scipy.ndimage.map_coordinates`).
///
/// **Shapes**: `coordinates` is `(input.ndim(), out...)`; the result has shape `out...`, the
/// input's dtype (or `opts.output`).
///
/// Spline interpolation of `opts.order` (0-5); the input is spline-filtered first when
/// `opts.prefilter` and the order exceeds 1. Points are mapped by `opts.mode` as SciPy's
/// `map_coordinate`; `constant` gives `cval` outside `[0, n - 1]`.
///
/// # Errors
/// [`Error::BadArgument`] for an order above 5; [`Error::BadShape`] for coordinates of the
/// wrong leading length;
/// [`Error::DType`] for complex input or coordinates.
///
/// # Algorithm
/// One output element at a time (CUDA: one thread each): map the coordinate, weigh the
/// `(order + 1)^ndim` window with the B-spline weights.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{InterpOptions, map_coordinates};
/// let x = Array::from_vec_on(vec![0.0f64, 10.0, 20.0], &[3], Device::Cpu).unwrap();
/// let c = Array::from_vec_on(vec![0.5f64, 1.25], &[1, 2], Device::Cpu).unwrap();
/// let o = InterpOptions { order: 1, ..InterpOptions::default() };
/// assert_eq!(map_coordinates(&x, &c, &o).unwrap().to_vec::<f64>().unwrap(), vec![5.0, 12.5]);
/// ```
pub fn map_coordinates(input: &Array, coordinates: &Array, opts: &InterpOptions) -> Result<Array> {
    let op = "ndimage.map_coordinates";
    check_order(op, opts.order)?;
    check_real(op, input)?;
    check_real(op, coordinates)?;
    if input.ndim() < 1 {
        return Err(Error::bad_shape(
            op,
            "input",
            input.shape(),
            "at least 1 dimension",
        ));
    }
    if coordinates.ndim() < 2 || coordinates.shape()[0] != input.ndim() {
        return Err(Error::bad_shape(
            op,
            "coordinates",
            coordinates.shape(),
            format!(
                "(ndim, ...) with ndim = {}, the input's rank, and at least 2 dimensions",
                input.ndim()
            ),
        ));
    }
    let out_shape = coordinates.shape()[1..].to_vec();
    let coords = to_f64(coordinates)?;
    resample(input, &out_shape, &Coords::Array(&coords), opts)
}

/// An affine transformation (`scipy.ndimage.affine_transform`): output point `o` samples the
/// input at `matrix @ o + offset`.
///
/// **Shapes**: `matrix` is `(ndim, ndim)`, `(ndim, ndim + 1)` or homogeneous
/// `(ndim + 1, ndim + 1)` (offset in its last column), or 1-d `(ndim,)` (a diagonal);
/// `offset` has one value or one per axis; the output shape is `opts.output_shape` or the
/// input's.
///
/// # Errors
/// [`Error::BadShape`] for a matrix of another shape or a 0-d input;
/// [`Error::BadArgument`] for a homogeneous matrix whose last row is not `[0, ..., 0, 1]`, an
/// `output_shape` of another rank than the matrix implies, an order above 5.
///
/// # Algorithm
/// As [`map_coordinates`], the coordinates computed per output element.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{InterpOptions, affine_transform};
/// let x = Array::from_vec_on(vec![0.0f64, 10.0, 20.0, 30.0], &[4], Device::Cpu).unwrap();
/// let m = Array::from_vec_on(vec![1.0f64], &[1, 1], Device::Cpu).unwrap();
/// let o = InterpOptions { order: 1, ..InterpOptions::default() };
/// let y = affine_transform(&x, &m, &[0.5], &o).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![5.0, 15.0, 25.0, 0.0]);
/// ```
pub fn affine_transform(
    input: &Array,
    matrix: &Array,
    offset: &[f64],
    opts: &InterpOptions,
) -> Result<Array> {
    let op = "ndimage.affine_transform";
    let nd = check_input(op, input, opts.order)?;
    let out_shape = opts
        .output_shape
        .clone()
        .unwrap_or_else(|| input.shape().to_vec());
    let ond = out_shape.len();
    let m = host_f64(matrix)?;
    let ms = matrix.shape().to_vec();
    let mut off = if offset.is_empty() {
        bounded(nd, 0.0)
    } else {
        per_axis(op, "offset", offset, nd)?
    };
    let coords = match ms.as_slice() {
        [n] if *n == nd => {
            if ond != nd {
                return Err(Error::bad_argument(
                    op,
                    "output_shape",
                    format!("{out_shape:?}"),
                    format!("{nd} dimensions (a diagonal matrix keeps the input's rank)"),
                ));
            }
            Coords::ZoomShift {
                zoom: m.clone(),
                shift: off.iter().zip(&m).map(|(o, z)| o / z).collect(),
                grid: false,
            }
        }
        [r, k] if *k == nd + 1 && (*r == nd || *r == nd + 1) => {
            if *r == nd + 1 {
                let last = &m[nd * (nd + 1)..];
                if last[..nd].iter().any(|&v| v != 0.0) || last[nd] != 1.0 {
                    return Err(Error::bad_argument(
                        op,
                        "matrix",
                        format!("a homogeneous matrix with bottom row {:?}", last),
                        "a bottom row [0, ..., 0, 1]",
                    ));
                }
            }
            if ond != nd {
                return Err(Error::bad_argument(
                    op,
                    "output_shape",
                    format!("{out_shape:?}"),
                    format!("{nd} dimensions (the matrix has {} columns)", nd + 1),
                ));
            }
            off = (0..nd).map(|d| m[d * (nd + 1) + nd]).collect();
            let mat = (0..nd)
                .flat_map(|d| (0..nd).map(move |e| (d, e)))
                .map(|(d, e)| m[d * (nd + 1) + e])
                .collect();
            Coords::Affine {
                matrix: mat,
                offset: off,
            }
        }
        [r, k] if *r == nd && *k == ond => Coords::Affine {
            matrix: m.clone(),
            offset: off,
        },
        _ => {
            return Err(Error::bad_shape(
                op,
                "matrix",
                &ms,
                format!(
                    "({nd},), ({nd}, {ond}), ({nd}, {}) or ({}, {}) for a {nd}-d input and a {ond}-d output",
                    nd + 1,
                    nd + 1,
                    nd + 1
                ),
            ));
        }
    };
    resample(input, &out_shape, &coords, opts)
}

/// Zooms an array (`scipy.ndimage.zoom`): output shape `round(n * zoom)` per axis.
///
/// **Shapes**: `zoom` has one value or one per axis.
///
/// Without `grid_mode`, output index `i` samples input `i * (n_in - 1) / (n_out - 1)` (the
/// corner samples align); with it, the pixel edges align.
///
/// # Errors
/// [`Error::BadArgument`] for an order above 5; [`Error::BadShape`] for a 0-d input or a bad
/// zoom list.
///
/// # Algorithm
/// As [`map_coordinates`], coordinates per axis.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{InterpOptions, zoom};
/// let x = Array::from_vec_on(vec![0.0f64, 10.0], &[2], Device::Cpu).unwrap();
/// let o = InterpOptions { order: 1, ..InterpOptions::default() };
/// assert_eq!(zoom(&x, &[1.5], &o).unwrap().to_vec::<f64>().unwrap(), vec![0.0, 5.0, 10.0]);
/// ```
pub fn zoom(input: &Array, zoom: &[f64], opts: &InterpOptions) -> Result<Array> {
    let op = "ndimage.zoom";
    let nd = check_input(op, input, opts.order)?;
    let z = per_axis(op, "zoom", zoom, nd)?;
    let ishape = input.shape().to_vec();
    let out_shape: Vec<usize> = ishape
        .iter()
        .zip(&z)
        .map(|(&n, &f)| (n as f64 * f).round_ties_even().max(0.0) as usize)
        .collect();
    let dtype = opts.output.unwrap_or(input.dtype());
    if z.iter().all(|&f| f == 1.0) && opts.prefilter {
        return input.astype(dtype);
    }
    let zf: Vec<f64> = (0..nd)
        .map(|d| {
            let (num, div) = if opts.grid_mode {
                (ishape[d] as f64, out_shape[d] as f64)
            } else {
                (ishape[d] as f64 - 1.0, out_shape[d] as f64 - 1.0)
            };
            if div != 0.0 { num / div } else { 1.0 }
        })
        .collect();
    let coords = Coords::ZoomShift {
        zoom: zf,
        shift: bounded(nd, 0.0),
        grid: opts.grid_mode,
    };
    resample(input, &out_shape, &coords, opts)
}

/// Shifts an array (`scipy.ndimage.shift`): output `o` samples the input at `o - shift`.
///
/// **Shapes**: `shift` has one value or one per axis; the result has the input's shape.
///
/// # Errors
/// [`Error::BadArgument`] for an order above 5; [`Error::BadShape`] for a 0-d input or a bad
/// shift list.
///
/// # Algorithm
/// As [`map_coordinates`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{InterpOptions, shift};
/// let x = Array::from_vec_on(vec![0.0f64, 10.0, 20.0], &[3], Device::Cpu).unwrap();
/// let o = InterpOptions { order: 1, ..InterpOptions::default() };
/// assert_eq!(shift(&x, &[1.0], &o).unwrap().to_vec::<f64>().unwrap(), vec![0.0, 0.0, 10.0]);
/// ```
pub fn shift(input: &Array, shift: &[f64], opts: &InterpOptions) -> Result<Array> {
    let op = "ndimage.shift";
    let nd = check_input(op, input, opts.order)?;
    let s = per_axis(op, "shift", shift, nd)?;
    let coords = Coords::ZoomShift {
        zoom: bounded(nd, 1.0),
        shift: s.iter().map(|v| -v).collect(),
        grid: false,
    };
    resample(input, input.shape(), &coords, opts)
}

/// `cos` and `sin` of `deg` degrees, exact at multiples of 90 (SciPy uses `cosdg`/`sindg`).
fn cos_sin_deg(deg: f64) -> (f64, f64) {
    let r = deg.rem_euclid(360.0);
    for (a, c, s) in [
        (0.0, 1.0, 0.0),
        (90.0, 0.0, 1.0),
        (180.0, -1.0, 0.0),
        (270.0, 0.0, -1.0),
    ] {
        if r == a {
            return (c, s);
        }
    }
    let t = r.to_radians();
    (t.cos(), t.sin())
}

/// Rotates an array by `angle` degrees in the plane of `opts.axes` (`scipy.ndimage.rotate`).
///
/// **Shapes**: with `opts.reshape` the plane grows to hold the whole rotated input
/// (`int(extent + 0.5)` per axis); otherwise the input's shape.
///
/// # Errors
/// [`Error::BadShape`] for an input of fewer than 2 dimensions; [`Error::BadArgument`] for
/// equal axes or an order above 5; [`Error::AxisOutOfBounds`].
///
/// # Algorithm
/// An affine transformation about the centres (identity along the other axes).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{InterpOptions, rotate};
/// let x = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0, 5.0, 6.0], &[2, 3], Device::Cpu).unwrap();
/// let o = InterpOptions { order: 0, ..InterpOptions::default() };
/// let y = rotate(&x, 90.0, &o).unwrap();
/// assert_eq!(y.shape(), &[3, 2]);
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![3.0, 6.0, 2.0, 5.0, 1.0, 4.0]);
/// ```
pub fn rotate(input: &Array, angle: f64, opts: &InterpOptions) -> Result<Array> {
    let op = "ndimage.rotate";
    let nd = input.ndim();
    if nd < 2 {
        return Err(Error::bad_shape(
            op,
            "input",
            input.shape(),
            "at least 2 dimensions",
        ));
    }
    let mut ax = [
        norm_axis(op, opts.axes[0], nd)?,
        norm_axis(op, opts.axes[1], nd)?,
    ];
    if ax[0] == ax[1] {
        return Err(Error::bad_argument(
            op,
            "axes",
            format!("{:?}", opts.axes),
            "two distinct axes (the rotation plane)",
        ));
    }
    ax.sort_unstable();
    let (c, s) = cos_sin_deg(angle);
    let rot = [[c, s], [-s, c]];
    let ishape = input.shape().to_vec();
    let inp = [ishape[ax[0]] as f64, ishape[ax[1]] as f64];
    let outp: [f64; 2] = if opts.reshape {
        let (iy, ix) = (inp[0], inp[1]);
        let pts = [[0.0, 0.0], [0.0, ix], [iy, 0.0], [iy, ix]];
        let mut res = [0.0; 2];
        for (r, row) in rot.iter().enumerate() {
            let vals: Vec<f64> = pts.iter().map(|p| row[0] * p[0] + row[1] * p[1]).collect();
            let mx = vals.iter().copied().fold(f64::NEG_INFINITY, f64::max);
            let mn = vals.iter().copied().fold(f64::INFINITY, f64::min);
            res[r] = ((mx - mn) + 0.5).trunc();
        }
        res
    } else {
        inp
    };
    let oc = [(outp[0] - 1.0) / 2.0, (outp[1] - 1.0) / 2.0];
    let out_center = [
        rot[0][0] * oc[0] + rot[0][1] * oc[1],
        rot[1][0] * oc[0] + rot[1][1] * oc[1],
    ];
    let in_center = [(inp[0] - 1.0) / 2.0, (inp[1] - 1.0) / 2.0];
    let mut out_shape = ishape.clone();
    out_shape[ax[0]] = outp[0] as usize;
    out_shape[ax[1]] = outp[1] as usize;
    let mut matrix = bounded(nd * nd, 0.0);
    let mut offset = bounded(nd, 0.0);
    for d in 0..nd {
        matrix[d * nd + d] = 1.0;
    }
    for i in 0..2 {
        for j in 0..2 {
            matrix[ax[i] * nd + ax[j]] = rot[i][j];
        }
        offset[ax[i]] = in_center[i] - out_center[i];
    }
    let m = Array::from_vec_on(matrix, &[nd, nd], Device::Cpu)?;
    let mut o = opts.clone();
    o.output_shape = Some(out_shape);
    affine_transform(input, &m, &offset, &o)
}

/// A general geometric transformation (`scipy.ndimage.geometric_transform` with a Rust
/// closure): output point `o` samples the input at `mapping(o)` (one coordinate per input
/// axis).
///
/// **Shapes**: the output shape is `opts.output_shape` or the input's; `mapping` returns
/// `input.ndim()` coordinates.
///
/// # Errors
/// As [`map_coordinates`]; [`Error::BadShape`] (`output_shape`) when the output's size
/// times the rank overflows; [`Error::BadArgument`] when `mapping` returns another number of
/// coordinates.
///
/// # Algorithm
/// `mapping` runs on the host once per output point (as SciPy's callback does) and builds the
/// coordinate array, which [`map_coordinates`]'s engine samples on the input's device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_ndimage::{InterpOptions, geometric_transform};
/// let x = Array::from_vec_on(vec![0.0f64, 10.0, 20.0, 30.0], &[4], Device::Cpu).unwrap();
/// let o = InterpOptions { order: 1, ..InterpOptions::default() };
/// let y = geometric_transform(&x, &|p: &[usize]| vec![p[0] as f64 + 0.5], &o).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![5.0, 15.0, 25.0, 0.0]);
/// ```
pub fn geometric_transform(
    input: &Array,
    mapping: &dyn Fn(&[usize]) -> Vec<f64>,
    opts: &InterpOptions,
) -> Result<Array> {
    let op = "ndimage.geometric_transform";
    let nd = check_input(op, input, opts.order)?;
    let out_shape = opts
        .output_shape
        .clone()
        .unwrap_or_else(|| input.shape().to_vec());
    let n = size_of(op, &out_shape)?;
    let total = n.checked_mul(nd).ok_or_else(|| {
        Error::bad_shape(
            op,
            "output_shape",
            &out_shape,
            "a shape whose size times the input's rank fits in usize",
        )
    })?;
    let mut c = zeros(total)?;
    let st = strides_of(&out_shape);
    let mut p = bounded(out_shape.len(), 0usize);
    for i in 0..n {
        for (d, pd) in p.iter_mut().enumerate() {
            *pd = (i / st[d]) % out_shape[d];
        }
        let m = mapping(&p);
        if m.len() != nd {
            return Err(Error::bad_argument(
                op,
                "mapping",
                format!("a function returning {} coordinates", m.len()),
                format!("{nd} coordinates, one per input axis"),
            ));
        }
        for d in 0..nd {
            c[d * n + i] = m[d];
        }
    }
    let mut cshape = vec![nd];
    cshape.extend_from_slice(&out_shape);
    let coords = Array::from_vec_on(c, cshape, Device::Cpu)?.to_device(input.device())?;
    resample(input, &out_shape, &Coords::Array(&coords), opts)
}
