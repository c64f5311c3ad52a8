//! Ranges and grids with NumPy's names: `logspace`, `geomspace`, `mgrid`/`ogrid` equivalents
//! ([`GridRange`]), and `fromfunction` (a function of the index grid).
//!
//! Values are computed on the host or composed of core's ufuncs, so they run on every device.

use crate::ops;
use crate::util::ishape;
use crate::{Array, DType, Device, Error, Result};

/// `num` numbers spaced evenly on a log scale, `base**linspace(start, stop)`
/// (`numpy.logspace`).
///
/// **dtypes:** float64 unless `dtype` is given (the float64 values are cast).
///
/// # Errors
/// As [`linspace`](crate::linspace).
///
/// ```
/// use cuprum_core::{Device, logspace};
/// let a = logspace(0.0, 3.0, 4, true, 10.0, None, Device::Cpu).unwrap();
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![1.0, 10.0, 100.0, 1000.0]);
/// ```
pub fn logspace(
    start: f64,
    stop: f64,
    num: usize,
    endpoint: bool,
    base: f64,
    dtype: Option<DType>,
    device: Device,
) -> Result<Array> {
    let y = crate::creation::linspace_on(start, stop, num, endpoint, Some(DType::Float64), device)?;
    let base = Array::scalar_on(base, device)?;
    let r = ops::power(&base, &y)?;
    r.astype(dtype.unwrap_or(DType::Float64))
}

/// `num` numbers spaced evenly on a log scale between `start` and `stop` themselves
/// (`numpy.geomspace`; both ends exact; negative ranges mirror).
///
/// # Errors
/// [`Error::OutOfDomain`] when `start` or `stop` is zero or they differ in sign (NumPy
/// handles the latter with complex numbers).
///
/// ```
/// use cuprum_core::{Device, geomspace};
/// let a = geomspace(1.0, 1000.0, 4, true, None, Device::Cpu).unwrap();
/// let v = a.to_vec::<f64>().unwrap();
/// assert_eq!((v[0], v[3]), (1.0, 1000.0));
/// assert!((v[1] - 10.0).abs() < 1e-12);
/// ```
pub fn geomspace(
    start: f64,
    stop: f64,
    num: usize,
    endpoint: bool,
    dtype: Option<DType>,
    device: Device,
) -> Result<Array> {
    const OP: &str = "geomspace";
    if start == 0.0 || stop == 0.0 {
        return Err(if start == 0.0 {
            Error::out_of_domain(
                OP,
                "start",
                start,
                "nonzero values (a geometric sequence cannot include zero)",
            )
        } else {
            Error::out_of_domain(
                OP,
                "stop",
                stop,
                "nonzero values (a geometric sequence cannot include zero)",
            )
        });
    }
    if (start < 0.0) != (stop < 0.0) {
        return Err(Error::unsupported(
            OP,
            format!("start {start} and stop {stop} of different signs need complex numbers"),
        ));
    }
    let sign = if start < 0.0 { -1.0 } else { 1.0 };
    let (s, e) = (start.abs().log10(), stop.abs().log10());
    let mut v = crate::creation::linspace_on(s, e, num, endpoint, Some(DType::Float64), device)?;
    v = ops::power(&Array::scalar_on(10.0f64, device)?, &v)?;
    if num > 0 {
        // the ends are exact, as NumPy makes them
        let mut host = v.to_vec::<f64>()?;
        host[0] = start.abs();
        if endpoint && num > 1 {
            host[num - 1] = stop.abs();
        }
        v = Array::from_vec_on(host, &[num], device)?;
    }
    ops::multiply(&v, sign)?.astype(dtype.unwrap_or(DType::Float64))
}

/// One axis of [`mgrid`]/[`ogrid`]: NumPy's `start:stop:step` (a float step) or
/// `start:stop:numj` (a complex step: `num` points including `stop`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum GridRange {
    /// `start:stop:step`: `arange(start, stop, step)`.
    Step(f64, f64, f64),
    /// `start:stop:num*1j`: `linspace(start, stop, num)`.
    Num(f64, f64, usize),
}

fn grid_axis(r: GridRange, int: bool, device: Device) -> Result<Array> {
    match r {
        GridRange::Step(a, b, s) => {
            let dt = if int { DType::Int64 } else { DType::Float64 };
            if int {
                crate::creation::arange_on(a as i64, b as i64, s as i64, Some(dt), device)
            } else {
                crate::creation::arange_on(a, b, s, Some(dt), device)
            }
        }
        GridRange::Num(a, b, n) => {
            crate::creation::linspace_on(a, b, n, true, Some(DType::Float64), device)
        }
    }
}

/// The dense mesh grid of NumPy's `mgrid[r0, r1, ...]`: an array of shape
/// `(len(ranges), n0, n1, ...)` (int64 when every range is an integer `Step`, else float64).
///
/// # Errors
/// As [`arange`](crate::arange)/[`linspace`](crate::linspace).
///
/// ```
/// use cuprum_core::{Device, mgrid, GridRange};
/// let g = mgrid(&[GridRange::Step(0.0, 2.0, 1.0), GridRange::Num(0.0, 1.0, 3)], Device::Cpu).unwrap();
/// assert_eq!(g.shape(), &[2, 2, 3]);
/// assert_eq!(g.to_vec::<f64>().unwrap(), vec![0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.0, 0.5, 1.0, 0.0, 0.5, 1.0]);
/// ```
pub fn mgrid(ranges: &[GridRange], device: Device) -> Result<Array> {
    let g = ogrid(ranges, device)?;
    let shape: Vec<usize> = g.iter().map(|a| a.size()).collect();
    let dt = g.first().map_or(DType::Float64, |a| a.dtype());
    let full: Vec<Array> = g
        .iter()
        .map(|a| a.astype(dt)?.broadcast_to(shape.as_slice()))
        .collect::<Result<_>>()?;
    crate::manip::stack(&full.iter().collect::<Vec<_>>(), 0)
}

/// The open mesh of NumPy's `ogrid[r0, r1, ...]`: the `k`-th array has shape `(1, ..., n_k,
/// ..., 1)`.
///
/// # Errors
/// As [`mgrid`].
///
/// ```
/// use cuprum_core::{Device, ogrid, GridRange};
/// let g = ogrid(&[GridRange::Step(0.0, 3.0, 1.0), GridRange::Step(0.0, 2.0, 1.0)], Device::Cpu).unwrap();
/// assert_eq!((g[0].shape(), g[1].shape()), (&[3usize, 1][..], &[1usize, 2][..]));
/// ```
pub fn ogrid(ranges: &[GridRange], device: Device) -> Result<Vec<Array>> {
    let int = ranges.iter().all(|r| match r {
        GridRange::Step(a, b, s) => a.fract() == 0.0 && b.fract() == 0.0 && s.fract() == 0.0,
        GridRange::Num(..) => false,
    });
    let nd = ranges.len();
    ranges
        .iter()
        .enumerate()
        .map(|(k, r)| {
            let a = grid_axis(*r, int, device)?;
            let mut shape = vec![1isize; nd];
            shape[k] = a.size() as isize;
            a.reshape(shape.as_slice())
        })
        .collect()
}

/// An array built by calling `f` once with the index grids of `shape` (`numpy.fromfunction`):
/// `f` receives one float64 array per axis (`indices(shape)` as float, NumPy's default dtype)
/// and returns the result.
///
/// # Errors
/// `f`'s errors; [`Error::TooBig`].
///
/// ```
/// use cuprum_core::{Device, fromfunction, ops};
/// let a = fromfunction(|g| ops::add(&g[0], &g[1]), &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![0.0, 1.0, 1.0, 2.0]);
/// ```
pub fn fromfunction(
    f: impl Fn(&[Array]) -> Result<Array>,
    shape: &[usize],
    device: Device,
) -> Result<Array> {
    let g = crate::indexing::indices(shape, device)?.astype(DType::Float64)?;
    let grids: Vec<Array> = (0..shape.len())
        .map(|i| g.index_axis(0, i as isize))
        .collect::<Result<_>>()?;
    let r = f(&grids)?;
    if r.shape() != shape && r.ndim() == shape.len() {
        return r
            .broadcast_to(
                ishape(shape)
                    .iter()
                    .map(|&s| s as usize)
                    .collect::<Vec<_>>()
                    .as_slice(),
            )?
            .copy();
    }
    Ok(r)
}
