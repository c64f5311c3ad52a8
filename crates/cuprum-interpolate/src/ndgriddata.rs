//! Scattered-data interpolation: [`NearestNDInterpolator`] and [`griddata`]
//! (`scipy.interpolate`).

use crate::interp1d::{FillValue, Interp1d, Interp1dKind, Interp1dOptions};
use crate::interpnd::{CloughTocher2DInterpolator, CloughTocherOptions, LinearNDInterpolator};
use crate::util;
use cuprum_core::{Array, DType, Error, IndexMode, Result, ext, take};

const NEAREST: &str = "interpolate.NearestNDInterpolator";

/// Nearest-neighbour interpolation of scattered data in any dimension
/// (`scipy.interpolate.NearestNDInterpolator`).
///
/// **Shapes**: `points` `(n, d)`, `values` `(n, ...)`; evaluating at `xi` `(..., d)` gives
/// `xi.shape[..-1] + values.shape[1..]`.
///
/// Each query takes the value of the data point at the smallest Euclidean distance
/// (`rescale` first centres the coordinates on the data's mean and divides each by the
/// data's peak-to-peak range, as SciPy). The
/// search is exhaustive on the data's device, in blocks of query points (a `(rows, n)`
/// distance matrix and an `argmin`); SciPy uses a k-d tree. Ties go to the lowest index.
///
/// # Errors
/// [`Error::BadShape`] when `points` is not 2-d with at least one point, `values` has
/// another length, or `xi`'s last axis is not `d`; [`Error::DeviceMismatch`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::NearestNDInterpolator;
/// let p = Array::from_vec_on(vec![0.0, 0.0, 1.0, 1.0], &[2, 2], Device::Cpu).unwrap();
/// let v = Array::from_vec_on(vec![10.0, 20.0], &[2], Device::Cpu).unwrap();
/// let f = NearestNDInterpolator::new(&p, &v, false).unwrap();
/// let xi = Array::from_vec_on(vec![0.2, 0.1, 0.9, 0.6], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(f.call(&xi).unwrap().to_vec::<f64>().unwrap(), vec![10.0, 20.0]);
/// ```
#[derive(Clone, Debug)]
pub struct NearestNDInterpolator {
    points: Array,
    values: Array,
    offset: Array,
    scale: Array,
    trailing: Vec<usize>,
}

impl NearestNDInterpolator {
    /// Builds the interpolator; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(points: &Array, values: &Array, rescale: bool) -> Result<Self> {
        util::same_device(NEAREST, points, values)?;
        if points.ndim() != 2 || points.shape()[0] == 0 {
            return Err(Error::bad_shape(
                NEAREST,
                "points",
                points.shape(),
                "(n, d) with n >= 1",
            ));
        }
        let n = points.shape()[0];
        let (trailing, r) = util::values_per_point(NEAREST, "values", values, n)?;
        let p = util::as_f64(NEAREST, points)?;
        let d = p.shape()[1];
        let dev = points.device();
        let (offset, scale) = if rescale {
            let off = p.mean(0, true)?;
            let centred = cuprum_core::subtract(&p, &off)?;
            let sc = centred.ptp(0, true)?;
            let sc = cuprum_core::where_(&cuprum_core::greater(&sc, 0.0)?, &sc, 1.0)?;
            (off, sc)
        } else {
            (
                cuprum_core::zeros_on([1, d], DType::Float64, dev)?,
                cuprum_core::ones_on([1, d], DType::Float64, dev)?,
            )
        };
        let scaled = cuprum_core::divide(&cuprum_core::subtract(&p, &offset)?, &scale)?;
        let vals = ext::as_c_contiguous(values)?.reshape([n, r])?;
        Ok(Self {
            points: scaled,
            values: vals,
            offset,
            scale,
            trailing,
        })
    }

    /// The values at `xi` `(..., d)`, in `values`' dtype, on the data's device.
    ///
    /// # Errors
    /// As described on the type.
    pub fn call(&self, xi: &Array) -> Result<Array> {
        util::same_device(NEAREST, &self.points, xi)?;
        let (n, d) = (self.points.shape()[0], self.points.shape()[1]);
        if d == 0 {
            return Err(Error::bad_shape(
                NEAREST,
                "points",
                self.points.shape(),
                "(n, d) with d >= 1",
            ));
        }
        let (lead, q) = util::query_points(NEAREST, xi, d)?;
        let x = util::as_f64(NEAREST, xi)?.reshape([q, d])?;
        let x = cuprum_core::divide(&cuprum_core::subtract(&x, &self.offset)?, &self.scale)?;
        let pt = ext::as_c_contiguous(&self.points.transpose()?)?;
        let rows = ((1usize << 22) / n).max(1);
        let mut parts = Vec::new();
        let mut start = 0;
        while start < q {
            let stop = (start + rows).min(q);
            let blk = util::rows(&x, start, stop)?;
            let dist = util::sqdist(&blk, &pt)?;
            let idx = dist.argmin(1, false)?;
            parts.push(take(&self.values, &idx, Some(0), IndexMode::Clip)?);
            start = stop;
        }
        let out = if parts.is_empty() {
            cuprum_core::zeros_on(
                [0, self.values.shape()[1]],
                self.values.dtype(),
                xi.device(),
            )?
        } else {
            let refs: Vec<&Array> = parts.iter().collect();
            cuprum_core::concatenate(&refs, 0)?
        };
        let mut shape = lead;
        shape.extend_from_slice(&self.trailing);
        out.reshape(shape.as_slice())
    }
}

/// The method of [`griddata`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GriddataMethod {
    /// the nearest data point
    Nearest,
    /// piecewise linear ([`LinearNDInterpolator`] in 2 or more dimensions)
    #[default]
    Linear,
    /// piecewise cubic (1-d and 2-d data: [`CloughTocher2DInterpolator`] in 2-d)
    Cubic,
}

/// Interpolates scattered data `(points, values)` at `xi` (`scipy.interpolate.griddata`).
///
/// **Shapes**: `points` `(n, d)` (or `(n,)` for `d = 1`), `values` `(n, ...)`, `xi` `(..., d)`
/// (or any shape for `d = 1`).
///
/// `Nearest` is [`NearestNDInterpolator`] in any dimension (1-d: `interp1d` nearest,
/// extrapolating, as SciPy); for 1-d data `Linear` and `Cubic` are [`Interp1d`] of that kind
/// with `fill_value` outside the data, as SciPy (points sorted first). In 2 or more
/// dimensions `Linear` is [`LinearNDInterpolator`] and `Cubic` (2-d only)
/// [`CloughTocher2DInterpolator`], with `fill_value` outside the convex hull.
///
/// # Errors
/// [`Error::BadArgument`] for `Cubic` in 3 or more dimensions; otherwise as the
/// interpolators named.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{GriddataMethod, griddata};
/// let p = Array::from_vec_on(vec![2.0, 0.0, 1.0], &[3], Device::Cpu).unwrap();
/// let v = Array::from_vec_on(vec![4.0, 0.0, 1.0], &[3], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![0.5, 3.0], &[2], Device::Cpu).unwrap();
/// let r = griddata(&p, &v, &x, GriddataMethod::Linear, f64::NAN, false).unwrap().to_vec::<f64>().unwrap();
/// assert!(r[0] == 0.5 && r[1].is_nan());
/// ```
pub fn griddata(
    points: &Array,
    values: &Array,
    xi: &Array,
    method: GriddataMethod,
    fill_value: f64,
    rescale: bool,
) -> Result<Array> {
    const OP: &str = "interpolate.griddata";
    let one_d = points.ndim() == 1 || (points.ndim() == 2 && points.shape()[1] == 1);
    if one_d {
        let n = points.shape()[0];
        let p = points.reshape([n])?;
        let x = if xi.ndim() >= 1 && xi.shape()[xi.ndim() - 1] == 1 && points.ndim() == 2 {
            xi.reshape(&xi.shape()[..xi.ndim() - 1])?
        } else {
            xi.clone()
        };
        let (kind, fill) = match method {
            GriddataMethod::Nearest => (Interp1dKind::Nearest, FillValue::Extrapolate),
            GriddataMethod::Linear => (Interp1dKind::Linear, FillValue::Value(fill_value)),
            GriddataMethod::Cubic => (Interp1dKind::Spline(3), FillValue::Value(fill_value)),
        };
        let f = Interp1d::new(
            &p,
            values,
            Interp1dOptions {
                kind,
                axis: 0,
                bounds_error: Some(false),
                fill_value: fill,
                assume_sorted: false,
            },
        )?;
        return f.call(&x);
    }
    match method {
        GriddataMethod::Nearest => NearestNDInterpolator::new(points, values, rescale)?.call(xi),
        GriddataMethod::Linear => {
            LinearNDInterpolator::new(points, values, fill_value, rescale)?.call(xi)
        }
        GriddataMethod::Cubic if points.ndim() == 2 && points.shape()[1] == 2 => {
            let opts = CloughTocherOptions {
                fill_value,
                rescale,
                ..Default::default()
            };
            CloughTocher2DInterpolator::new(points, values, opts)?.call(xi)
        }
        GriddataMethod::Cubic => Err(Error::bad_argument(
            OP,
            "method",
            format!(
                "'cubic' for {}-dimensional data",
                points.shape().get(1).copied().unwrap_or(0)
            ),
            "'cubic' only for 1-d or 2-d data; 'linear' or 'nearest'",
        )),
    }
}
