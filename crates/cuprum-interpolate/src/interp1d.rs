//! [`interp1d`]: SciPy's legacy 1-D interpolator class (`scipy.interpolate.interp1d`).

use crate::bspline::{BSpline, SplineBc, make_interp_spline};
use crate::ppoly::Extrapolate;
use crate::util::{self, any_true, place_axis, upload};
use cuprum_core::sort::{Side, searchsorted};
use cuprum_core::{Array, DType, Error, IndexMode, Result, Scalar, take};

/// The interpolation kind of [`Interp1d`] (SciPy's `kind` strings).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Interp1dKind {
    /// `'linear'` (default)
    #[default]
    Linear,
    /// `'nearest'`: rounds half down
    Nearest,
    /// `'nearest-up'`: rounds half up
    NearestUp,
    /// `'previous'`: the value at the data point at or before
    Previous,
    /// `'next'`: the value at the data point at or after
    Next,
    /// a spline of this order: `'zero'` (0), `'slinear'` (1), `'quadratic'` (2),
    /// `'cubic'` (3), or an integer
    Spline(usize),
}

impl Interp1dKind {
    /// SciPy's names: `linear`, `nearest`, `nearest-up`, `previous`, `next`, `zero`,
    /// `slinear`, `quadratic`, `cubic`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] for another name.
    pub fn from_name(name: &str) -> Result<Self> {
        Ok(match name {
            "linear" => Self::Linear,
            "nearest" => Self::Nearest,
            "nearest-up" => Self::NearestUp,
            "zero" => Self::Spline(0),
            "slinear" => Self::Spline(1),
            "quadratic" => Self::Spline(2),
            "cubic" => Self::Spline(3),
            "previous" => Self::Previous,
            "next" => Self::Next,
            o => {
                return Err(Error::bad_argument(
                    "interpolate.interp1d",
                    "kind",
                    format!("{o:?}"),
                    "one of linear, nearest, nearest-up, zero, slinear, quadratic, cubic",
                ));
            }
        })
    }
}

/// What [`Interp1d`] returns outside the data range (SciPy's `fill_value`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum FillValue {
    /// one value on both sides (default NaN)
    Value(f64),
    /// `(below, above)`
    Pair(f64, f64),
    /// `'extrapolate'`
    Extrapolate,
}

impl Default for FillValue {
    fn default() -> Self {
        FillValue::Value(f64::NAN)
    }
}

/// The optional arguments of [`Interp1d::new`] (SciPy's defaults).
#[derive(Clone, Copy, Debug)]
pub struct Interp1dOptions {
    /// the interpolation kind (default linear)
    pub kind: Interp1dKind,
    /// the axis of `y` along which `x` runs (default -1, SciPy's)
    pub axis: isize,
    /// raise for points outside the range; `None` (default): raise unless `fill_value`
    /// is `Extrapolate`
    pub bounds_error: Option<bool>,
    /// the value outside the range (default NaN)
    pub fill_value: FillValue,
    /// `x` is already increasing (default false: it is sorted, `y` along with it)
    pub assume_sorted: bool,
}

impl Default for Interp1dOptions {
    fn default() -> Self {
        Self {
            kind: Interp1dKind::Linear,
            axis: -1,
            bounds_error: None,
            fill_value: FillValue::default(),
            assume_sorted: false,
        }
    }
}

#[derive(Clone, Debug)]
enum Imp {
    Table { x: Array, y: Array },
    Spline(BSpline),
}

/// A 1-D interpolating function (`scipy.interpolate.interp1d`).
///
/// **Shapes**: `x` `(n,)`, `y` with `n` entries along `axis` (default -1); evaluating at
/// `xnew` of shape `s` gives `y.shape[..axis] + s + y.shape[axis+1..]`.
///
/// `linear` and `nearest` gather the neighbouring data on the device (a binary search and
/// `take`); the spline kinds build [`make_interp_spline`] of that order (not-a-knot). `x` is
/// sorted first unless `assume_sorted`. Computes in float64.
///
/// # Errors
/// [`Error::BadShape`] for fewer than 2 points (1 for `zero`/`nearest`);
/// [`Error::BadArgument`] for non-finite `x` or repeated `x` for a spline kind;
/// [`Error::OutOfDomain`] (at evaluation) for points outside the range with `bounds_error`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{Interp1d, Interp1dOptions};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0], &[3], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 10.0, 20.0], &[3], Device::Cpu).unwrap();
/// let f = Interp1d::new(&x, &y, Interp1dOptions { bounds_error: Some(false), ..Default::default() }).unwrap();
/// let t = Array::from_vec_on(vec![0.5, 3.0], &[2], Device::Cpu).unwrap();
/// let v = f.call(&t).unwrap().to_vec::<f64>().unwrap();
/// assert!(v[0] == 5.0 && v[1].is_nan());
/// ```
#[derive(Clone, Debug)]
pub struct Interp1d {
    imp: Imp,
    kind: Interp1dKind,
    lo: f64,
    hi: f64,
    bounds_error: bool,
    fill_value: FillValue,
    trailing: Vec<usize>,
    axis: usize,
}

const OP: &str = "interpolate.interp1d";

impl Interp1d {
    /// Builds the interpolator; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(x: &Array, y: &Array, opts: Interp1dOptions) -> Result<Self> {
        util::same_device(OP, x, y)?;
        if x.ndim() != 1 {
            return Err(Error::bad_shape(OP, "x", x.shape(), "a 1-d array"));
        }
        let (yf, trailing, axis) = util::axis_first(OP, y, opts.axis)?;
        let n = x.shape()[0];
        if yf.shape()[0] != n {
            return Err(Error::ShapeMismatch {
                op: OP,
                lhs: x.shape().to_vec(),
                rhs: y.shape().to_vec(),
                detail: Some(format!(
                    "x and y arrays must be equal in length along interpolation axis ({n} and {})",
                    yf.shape()[0]
                )),
            });
        }
        let min = match opts.kind {
            Interp1dKind::Nearest
            | Interp1dKind::NearestUp
            | Interp1dKind::Previous
            | Interp1dKind::Next
            | Interp1dKind::Spline(0) => 1,
            Interp1dKind::Spline(k) => k + 1,
            Interp1dKind::Linear => 2,
        };
        if n < min.max(1) {
            return Err(Error::bad_shape(
                OP,
                "x",
                x.shape(),
                format!("at least {min} entries for this kind"),
            ));
        }
        let mut xh = util::host_f64(OP, x)?;
        if xh.iter().any(|v| v.is_nan()) {
            return Err(Error::bad_argument(
                OP,
                "x",
                f64::NAN,
                "values that are not NaN",
            ));
        }
        let r = yf.shape()[1];
        let dev = x.device();
        let mut ydev = util::as_f64(OP, &yf)?;
        if !opts.assume_sorted && xh.windows(2).any(|w| w[1] < w[0]) {
            let mut order: Vec<usize> = (0..n).collect();
            order.sort_by(|&a, &b| xh[a].total_cmp(&xh[b]));
            xh = order.iter().map(|&i| xh[i]).collect();
            let oi: Vec<i64> = order.iter().map(|&i| i as i64).collect();
            let oa = Array::from_vec_on(oi, &[n], dev)?;
            ydev = take(&ydev, &oa, Some(0), IndexMode::Raise)?;
        }
        let imp = match opts.kind {
            Interp1dKind::Spline(k) => {
                let xa = upload(xh.clone(), &[n], dev)?;
                let mut ys = vec![n];
                ys.extend_from_slice(&trailing);
                let s = make_interp_spline(
                    &xa,
                    &ydev.reshape(ys.as_slice())?,
                    k,
                    SplineBc::NotAKnot,
                    0,
                )?;
                Imp::Spline(s)
            }
            Interp1dKind::Nearest | Interp1dKind::NearestUp => {
                // the midpoints between neighbours
                let mid: Vec<f64> = xh.windows(2).map(|w| (w[0] + w[1]) / 2.0).collect();
                let m = mid.len();
                Imp::Table {
                    x: upload(mid, &[m], dev)?,
                    y: ydev.reshape([n, r])?,
                }
            }
            Interp1dKind::Previous | Interp1dKind::Next => {
                // x moved by one ulp toward the side that must not match itself
                let dir = if opts.kind == Interp1dKind::Previous {
                    f64::NEG_INFINITY
                } else {
                    f64::INFINITY
                };
                let shifted: Vec<f64> = xh.iter().map(|&v| next_after(v, dir)).collect();
                Imp::Table {
                    x: upload(shifted, &[n], dev)?,
                    y: ydev.reshape([n, r])?,
                }
            }
            Interp1dKind::Linear => Imp::Table {
                x: upload(xh.clone(), &[n], dev)?,
                y: ydev.reshape([n, r])?,
            },
        };
        let bounds_error = opts
            .bounds_error
            .unwrap_or(opts.fill_value != FillValue::Extrapolate);
        Ok(Self {
            imp,
            kind: opts.kind,
            lo: xh[0],
            hi: xh[n - 1],
            bounds_error,
            fill_value: opts.fill_value,
            trailing,
            axis,
        })
    }

    /// The interpolated values at `xnew` (any shape), float64 on the data's device.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for points outside the range with `bounds_error`;
    /// [`Error::DeviceMismatch`]; [`Error::DType`] for complex `xnew`.
    pub fn call(&self, xnew: &Array) -> Result<Array> {
        util::real_check(OP, xnew)?;
        let npts = xnew.size();
        let xs = xnew.astype(DType::Float64)?.reshape([npts])?;
        let below = cuprum_core::less(&xs, self.lo)?;
        let above = cuprum_core::greater(&xs, self.hi)?;
        if self.bounds_error {
            if any_true(&below)? {
                return Err(Error::out_of_domain(
                    OP,
                    "x_new",
                    "a value below the interpolation range",
                    format!("[{}, {}] (bounds_error=true)", self.lo, self.hi),
                ));
            }
            if any_true(&above)? {
                return Err(Error::out_of_domain(
                    OP,
                    "x_new",
                    "a value above the interpolation range",
                    format!("[{}, {}] (bounds_error=true)", self.lo, self.hi),
                ));
            }
        }
        let mut res = match &self.imp {
            Imp::Spline(s) => s.eval_flat(&xs, 0, Extrapolate::Yes)?,
            Imp::Table { x, y } => {
                util::same_device(OP, x, &xs)?;
                let n = y.shape()[0];
                match self.kind {
                    Interp1dKind::Linear => {
                        let pos = searchsorted(x, &xs, Side::Left, None)?;
                        let hi = cuprum_core::clip(
                            &pos,
                            Some(1i64.into()),
                            Some(((n - 1) as i64).into()),
                        )?;
                        let lo = cuprum_core::subtract(&hi, 1i64)?;
                        let (xl, xh) = (
                            take(x, &lo, None, IndexMode::Clip)?,
                            take(x, &hi, None, IndexMode::Clip)?,
                        );
                        let (yl, yh) = (
                            take(y, &lo, Some(0), IndexMode::Clip)?,
                            take(y, &hi, Some(0), IndexMode::Clip)?,
                        );
                        let dx = cuprum_core::subtract(&xh, &xl)?.reshape([npts, 1])?;
                        let slope = cuprum_core::divide(&cuprum_core::subtract(&yh, &yl)?, &dx)?;
                        let t = cuprum_core::subtract(&xs, &xl)?.reshape([npts, 1])?;
                        cuprum_core::add(&cuprum_core::multiply(&slope, &t)?, &yl)?
                    }
                    Interp1dKind::Previous | Interp1dKind::Next => {
                        let prev = self.kind == Interp1dKind::Previous;
                        let side = if prev { Side::Left } else { Side::Right };
                        let pos = searchsorted(x, &xs, side, None)?;
                        // previous: y[clip(pos, 1, n) - 1]; next: y[clip(pos, 0, n - 1)]
                        let idx = if prev {
                            cuprum_core::subtract(
                                &cuprum_core::clip(
                                    &pos,
                                    Some(1i64.into()),
                                    Some((n as i64).into()),
                                )?,
                                1i64,
                            )?
                        } else {
                            cuprum_core::clip(
                                &pos,
                                Some(0i64.into()),
                                Some(((n - 1) as i64).into()),
                            )?
                        };
                        take(y, &idx, Some(0), IndexMode::Clip)?
                    }
                    _ => {
                        let side = if self.kind == Interp1dKind::Nearest {
                            Side::Left
                        } else {
                            Side::Right
                        };
                        let pos = if x.size() == 0 {
                            cuprum_core::zeros_on([npts], DType::Int64, xs.device())?
                        } else {
                            searchsorted(x, &xs, side, None)?
                        };
                        let idx = cuprum_core::clip(
                            &pos,
                            Some(0i64.into()),
                            Some(((n - 1) as i64).into()),
                        )?;
                        take(y, &idx, Some(0), IndexMode::Clip)?
                    }
                }
            }
        };
        let (fb, fa) = match self.fill_value {
            FillValue::Extrapolate if self.kind == Interp1dKind::Previous => (Some(f64::NAN), None),
            FillValue::Extrapolate if self.kind == Interp1dKind::Next => (None, Some(f64::NAN)),
            FillValue::Extrapolate => (None, None),
            FillValue::Value(v) => (Some(v), Some(v)),
            FillValue::Pair(b, a) => (Some(b), Some(a)),
        };
        if let Some(v) = fb {
            res = cuprum_core::where_(&below.reshape([npts, 1])?, Scalar::Float(v), &res)?;
        }
        if let Some(v) = fa {
            res = cuprum_core::where_(&above.reshape([npts, 1])?, Scalar::Float(v), &res)?;
        }
        place_axis(&res, xnew.shape(), &self.trailing, self.axis)
    }
}

/// `interp1d(x, y, **opts)` as a constructor function (SciPy's class name).
///
/// # Errors
/// As [`Interp1d::new`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{Interp1dKind, Interp1dOptions, interp1d};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 1.0, 8.0, 27.0], &[4], Device::Cpu).unwrap();
/// let f = interp1d(&x, &y, Interp1dOptions { kind: Interp1dKind::Spline(3), ..Default::default() }).unwrap();
/// let t = Array::from_vec_on(vec![1.5], &[1], Device::Cpu).unwrap();
/// assert!((f.call(&t).unwrap().to_vec::<f64>().unwrap()[0] - 3.375).abs() < 1e-12);
/// ```
pub fn interp1d(x: &Array, y: &Array, opts: Interp1dOptions) -> Result<Interp1d> {
    Interp1d::new(x, y, opts)
}

/// The next float after `v` toward `dir` (C's `nextafter` for finite `v`).
fn next_after(v: f64, dir: f64) -> f64 {
    if v.is_nan() || v == dir {
        return v;
    }
    if v == 0.0 {
        let tiny = f64::from_bits(1);
        return if dir > 0.0 { tiny } else { -tiny };
    }
    let bits = v.to_bits();
    let up = (dir > v) == (v > 0.0);
    f64::from_bits(if up { bits + 1 } else { bits - 1 })
}
