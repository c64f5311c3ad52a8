//! The cubic Hermite family: [`CubicHermiteSpline`], [`CubicSpline`], [`PchipInterpolator`],
//! [`Akima1DInterpolator`]. Each computes slopes at the data points on the host (an O(n)
//! recurrence or a tridiagonal solve, as SciPy does) and evaluates as a [`PPoly`] on the
//! data's device.

use crate::banded::{Banded, solve_dense};
use crate::ppoly::{Extrapolate, PPoly};
use crate::util::{Prepared, host_f64, prepare};
use cuprum_core::{Array, Error, Result, ext};
use std::ops::Deref;

/// The cubic coefficients `(4, m, r)` of the Hermite interpolant with values `y` and slopes
/// `s` (both `(n, r)`) at `x`.
fn hermite_coefficients(x: &[f64], y: &[f64], s: &[f64], r: usize) -> Result<Vec<f64>> {
    let m = x.len() - 1;
    let mut c = ext::try_vec_filled(4 * m * r, 0.0)?;
    for i in 0..m {
        let dx = x[i + 1] - x[i];
        for q in 0..r {
            let slope = (y[(i + 1) * r + q] - y[i * r + q]) / dx;
            let t = (s[i * r + q] + s[(i + 1) * r + q] - 2.0 * slope) / dx;
            c[i * r + q] = t / dx;
            c[(m + i) * r + q] = (slope - s[i * r + q]) / dx - t;
            c[(2 * m + i) * r + q] = s[i * r + q];
            c[(3 * m + i) * r + q] = y[i * r + q];
        }
    }
    Ok(c)
}

fn build(
    p: Prepared,
    s: &[f64],
    extrapolate: Extrapolate,
    device: cuprum_core::Device,
) -> Result<PPoly> {
    let c = hermite_coefficients(&p.x, &p.y, s, p.r)?;
    PPoly::from_host(c, 4, p.x, p.trailing, extrapolate, p.axis, device)
}

macro_rules! deref_ppoly {
    ($t:ty) => {
        impl Deref for $t {
            type Target = PPoly;
            fn deref(&self) -> &PPoly {
                &self.0
            }
        }
        impl $t {
            /// The piecewise polynomial (power basis) this interpolator evaluates.
            pub fn ppoly(&self) -> &PPoly {
                &self.0
            }
        }
    };
}

/// A piecewise cubic with given values and first derivatives at the data points
/// (`scipy.interpolate.CubicHermiteSpline`).
///
/// **Shapes**: `x` `(n,)`, `y` and `dydx` with `n` entries along `axis`; evaluation as
/// [`PPoly::call`]. Computes in float64.
///
/// # Errors
/// [`Error::BadArgument`] when `x` is not strictly increasing and finite,
/// [`Error::BadShape`] when it has fewer than 2 points; [`Error::ShapeMismatch`] when `y` and `dydx` disagree with `x`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{CubicHermiteSpline, Extrapolate};
/// let x = Array::from_vec_on(vec![0.0, 1.0], &[2], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 1.0], &[2], Device::Cpu).unwrap();
/// let d = Array::from_vec_on(vec![0.0, 0.0], &[2], Device::Cpu).unwrap();
/// let h = CubicHermiteSpline::new(&x, &y, &d, 0, Extrapolate::Yes).unwrap();
/// let t = Array::from_vec_on(vec![0.5], &[1], Device::Cpu).unwrap();
/// assert_eq!(h.call(&t, 0).unwrap().to_vec::<f64>().unwrap(), vec![0.5]);
/// ```
#[derive(Clone, Debug)]
pub struct CubicHermiteSpline(PPoly);
deref_ppoly!(CubicHermiteSpline);

impl CubicHermiteSpline {
    /// Builds the spline; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(
        x: &Array,
        y: &Array,
        dydx: &Array,
        axis: isize,
        extrapolate: Extrapolate,
    ) -> Result<Self> {
        const OP: &str = "interpolate.CubicHermiteSpline";
        let p = prepare(OP, x, y, axis, 2)?;
        if dydx.shape() != y.shape() {
            return Err(Error::ShapeMismatch {
                op: OP,
                lhs: y.shape().to_vec(),
                rhs: dydx.shape().to_vec(),
                detail: Some("dydx must have the shape of y".into()),
            });
        }
        let (d, _, _) = crate::util::axis_first(OP, dydx, axis)?;
        let s = host_f64(OP, &d)?;
        Ok(Self(build(p, &s, extrapolate, x.device())?))
    }
}

/// One end condition of a [`CubicSpline`] (SciPy's `bc_type` entries).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Boundary {
    /// the first and second pieces are the same cubic (`'not-a-knot'`)
    NotAKnot,
    /// periodic (`'periodic'`; both ends must say so, and `y[0] == y[-1]`)
    Periodic,
    /// the derivative of `order` (1 or 2) equals `value` (`(order, value)`;
    /// `'clamped'` is `(1, 0.0)`, `'natural'` is `(2, 0.0)`)
    Derivative {
        /// 1 or 2
        order: u8,
        /// the derivative's value, for every trailing component
        value: f64,
    },
}

/// The end conditions of a [`CubicSpline`]: SciPy's `bc_type`, a string or a pair.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BcType {
    /// the condition at `x[0]`
    pub start: Boundary,
    /// the condition at `x[-1]`
    pub end: Boundary,
}

impl BcType {
    /// `'not-a-knot'` at both ends (SciPy's default).
    pub const NOT_A_KNOT: BcType = BcType::both(Boundary::NotAKnot);
    /// `'natural'`: zero second derivative at both ends.
    pub const NATURAL: BcType = BcType::both(Boundary::Derivative {
        order: 2,
        value: 0.0,
    });
    /// `'clamped'`: zero first derivative at both ends.
    pub const CLAMPED: BcType = BcType::both(Boundary::Derivative {
        order: 1,
        value: 0.0,
    });
    /// `'periodic'`.
    pub const PERIODIC: BcType = BcType::both(Boundary::Periodic);

    /// The same condition at both ends.
    pub const fn both(b: Boundary) -> BcType {
        BcType { start: b, end: b }
    }

    /// SciPy's string names: `not-a-knot`, `natural`, `clamped`, `periodic`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] for another name.
    pub fn from_name(name: &str) -> Result<BcType> {
        Ok(match name {
            "not-a-knot" => Self::NOT_A_KNOT,
            "natural" => Self::NATURAL,
            "clamped" => Self::CLAMPED,
            "periodic" => Self::PERIODIC,
            o => {
                return Err(Error::bad_argument(
                    "interpolate.CubicSpline",
                    "bc_type",
                    format!("{o:?}"),
                    "one of not-a-knot, natural, clamped, periodic",
                ));
            }
        })
    }
}

impl Default for BcType {
    fn default() -> Self {
        Self::NOT_A_KNOT
    }
}

/// The optional arguments of [`CubicSpline::new`] (SciPy's defaults).
#[derive(Clone, Copy, Debug, Default)]
pub struct CubicSplineOptions {
    /// the axis of `y` along which `x` runs (default 0)
    pub axis: isize,
    /// end conditions (default not-a-knot)
    pub bc_type: BcType,
    /// default: `Periodic` for a periodic `bc_type`, else `Yes`
    pub extrapolate: Option<Extrapolate>,
}

/// A cubic spline with continuous second derivative (`scipy.interpolate.CubicSpline`).
///
/// **Shapes**: `x` `(n,)`, `y` with `n` entries along `axis` (other axes are interpolated
/// independently); evaluation as [`PPoly::call`] (`nu` = derivative order).
///
/// The slopes solve SciPy's tridiagonal system on the host (a banded LU with partial
/// pivoting; the periodic case by SciPy's bordered reduction); evaluation runs on the data's
/// device. Computes in float64. Derivatives, antiderivatives and integrals through the
/// [`PPoly`] methods ([`Deref`]).
///
/// # Errors
/// [`Error::BadArgument`] for `x` not finite and strictly increasing, a periodic condition
/// at one end only or with `y[0] != y[-1]`; [`Error::BadShape`] for fewer than 2 points;
/// [`Error::OutOfDomain`] for a derivative order other than 1 or 2.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{BcType, CubicSpline, CubicSplineOptions};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 1.0, 8.0, 27.0], &[4], Device::Cpu).unwrap();
/// let cs = CubicSpline::new(&x, &y, CubicSplineOptions::default()).unwrap();
/// let t = Array::from_vec_on(vec![1.5], &[1], Device::Cpu).unwrap();
/// // not-a-knot reproduces a cubic exactly
/// assert!((cs.call(&t, 0).unwrap().to_vec::<f64>().unwrap()[0] - 3.375).abs() < 1e-12);
/// let nat = CubicSpline::new(&x, &y, CubicSplineOptions { bc_type: BcType::NATURAL, ..Default::default() }).unwrap();
/// assert!(nat.call(&x, 2).unwrap().to_vec::<f64>().unwrap()[0].abs() < 1e-12);
/// ```
#[derive(Clone, Debug)]
pub struct CubicSpline(PPoly);
deref_ppoly!(CubicSpline);

impl CubicSpline {
    /// Builds the spline; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(x: &Array, y: &Array, opts: CubicSplineOptions) -> Result<Self> {
        const OP: &str = "interpolate.CubicSpline";
        let p = prepare(OP, x, y, opts.axis, 2)?;
        let BcType { start, end } = opts.bc_type;
        let periodic = start == Boundary::Periodic;
        if periodic != (end == Boundary::Periodic) {
            return Err(Error::bad_argument(
                OP,
                "bc_type",
                format!("({start:?}, {end:?})"),
                "a periodic condition at both ends or at neither",
            ));
        }
        for b in [start, end] {
            if let Boundary::Derivative { order, .. } = b
                && order != 1
                && order != 2
            {
                return Err(Error::out_of_domain(
                    OP,
                    "bc_type",
                    format!("a derivative of order {order}"),
                    "derivative orders 1 or 2",
                ));
            }
        }
        let (n, r) = (p.x.len(), p.r);
        if periodic {
            for q in 0..r {
                let (a, b) = (p.y[q], p.y[(n - 1) * r + q]);
                if a != b {
                    return Err(Error::bad_argument(
                        OP,
                        "y",
                        format!("first value {a} and last value {b}"),
                        "equal first and last values for a periodic spline",
                    ));
                }
            }
        }
        let s = spline_slopes(OP, &p.x, &p.y, r, start, end)?;
        let extrapolate = opts.extrapolate.unwrap_or(if periodic {
            Extrapolate::Periodic
        } else {
            Extrapolate::Yes
        });
        Ok(Self(build(p, &s, extrapolate, x.device())?))
    }
}

/// SciPy's `CubicSpline` slopes for `x` `(n,)`, `y` `(n, r)`.
fn spline_slopes(
    op: &'static str,
    x: &[f64],
    y: &[f64],
    r: usize,
    start: Boundary,
    end: Boundary,
) -> Result<Vec<f64>> {
    let n = x.len();
    let dx: Vec<f64> = x.windows(2).map(|w| w[1] - w[0]).collect();
    let slope = |i: usize, q: usize| (y[(i + 1) * r + q] - y[i * r + q]) / dx[i];
    let (mut start, mut end) = (start, end);
    let mut s = ext::try_vec_filled(n * r, 0.0)?;
    if n == 2 {
        // both ends not-a-knot or periodic: the line through the two points
        for q in 0..r {
            let sl = slope(0, q);
            if matches!(start, Boundary::NotAKnot | Boundary::Periodic) {
                start = Boundary::Derivative {
                    order: 1,
                    value: f64::NAN,
                };
                s[q] = sl;
            }
            if matches!(end, Boundary::NotAKnot | Boundary::Periodic) {
                end = Boundary::Derivative {
                    order: 1,
                    value: f64::NAN,
                };
                s[r + q] = sl;
            }
        }
    }
    if n == 3 && start == Boundary::NotAKnot && end == Boundary::NotAKnot {
        // the parabola through the three points
        let a = [
            1.0,
            1.0,
            0.0,
            dx[1],
            2.0 * (dx[0] + dx[1]),
            dx[0],
            0.0,
            1.0,
            1.0,
        ];
        for q in 0..r {
            let mut b = [
                2.0 * slope(0, q),
                3.0 * (dx[0] * slope(1, q) + dx[1] * slope(0, q)),
                2.0 * slope(1, q),
            ];
            solve_dense(op, &a, 3, &mut b, 1)?;
            for i in 0..3 {
                s[i * r + q] = b[i];
            }
        }
        return Ok(s);
    }
    if n == 3 && start == Boundary::Periodic {
        let den: f64 = dx.iter().map(|d| 1.0 / d).sum();
        for q in 0..r {
            let num: f64 = (0..2).map(|i| slope(i, q) / dx[i]).sum();
            for i in 0..3 {
                s[i * r + q] = num / den;
            }
        }
        return Ok(s);
    }
    if n == 2 {
        // derivative conditions on a single interval, solved with the general rows below
        let mut a = Banded::zeros(2, 1, 1)?;
        let mut b = ext::try_vec_filled(2 * r, 0.0)?;
        end_row(op, &mut a, &mut b, x, y, r, &dx, start, true, Some(&s))?;
        end_row(op, &mut a, &mut b, x, y, r, &dx, end, false, Some(&s))?;
        a.solve(op, &mut b, r)?;
        return Ok(b);
    }
    let mut b = ext::try_vec_filled(n * r, 0.0)?;
    for i in 1..n - 1 {
        for q in 0..r {
            b[i * r + q] = 3.0 * (dx[i] * slope(i - 1, q) + dx[i - 1] * slope(i, q));
        }
    }
    if start == Boundary::Periodic {
        // SciPy's reduction: unknowns s[0..n-2], s[-1] = s[0]
        let nn = n - 1;
        let mut bb: Vec<f64> = b[..nn * r].to_vec();
        for q in 0..r {
            bb[q] = 3.0 * (dx[0] * slope(n - 2, q) + dx[n - 2] * slope(0, q));
            bb[(nn - 1) * r + q] =
                3.0 * (dx[n - 2] * slope(n - 3, q) + dx[n - 3] * slope(n - 2, q));
        }
        let mk = |m: usize| -> Result<Banded> {
            // the tridiagonal part of size m = n - 2
            let mut a = Banded::zeros(m, 1, 1)?;
            for i in 0..m {
                let diag = if i == 0 {
                    2.0 * (dx[n - 2] + dx[0])
                } else {
                    2.0 * (dx[i - 1] + dx[i])
                };
                a.set(op, i, i, diag)?;
                if i + 1 < m {
                    let upper = if i == 0 { dx[n - 2] } else { dx[i - 1] };
                    a.set(op, i, i + 1, upper)?;
                    a.set(op, i + 1, i, dx[i + 1])?;
                }
            }
            Ok(a)
        };
        let m = nn - 1;
        let a_m1_0 = dx[n - 3];
        let a_m1_m2 = dx[n - 2];
        let a_m1_m1 = 2.0 * (dx[n - 2] + dx[n - 3]);
        let a_m2_m1 = dx[n - 4];
        let a_0_m1 = dx[0];
        let mut s1: Vec<f64> = bb[..m * r].to_vec();
        mk(m)?.solve(op, &mut s1, r)?;
        let mut s2 = ext::try_vec_filled(m, 0.0)?;
        s2[0] = -a_0_m1;
        s2[m - 1] = -a_m2_m1;
        mk(m)?.solve(op, &mut s2, 1)?;
        for q in 0..r {
            let s_m1 = (bb[(nn - 1) * r + q] - a_m1_0 * s1[q] - a_m1_m2 * s1[(m - 1) * r + q])
                / (a_m1_m1 + a_m1_0 * s2[0] + a_m1_m2 * s2[m - 1]);
            for i in 0..m {
                s[i * r + q] = s1[i * r + q] + s_m1 * s2[i];
            }
            s[(n - 2) * r + q] = s_m1;
            s[(n - 1) * r + q] = s[q];
        }
        return Ok(s);
    }
    let mut a = Banded::zeros(n, 1, 1)?;
    for i in 1..n - 1 {
        a.set(op, i, i, 2.0 * (dx[i - 1] + dx[i]))?;
        a.set(op, i, i + 1, dx[i - 1])?;
        a.set(op, i, i - 1, dx[i])?;
    }
    end_row(op, &mut a, &mut b, x, y, r, &dx, start, true, None)?;
    end_row(op, &mut a, &mut b, x, y, r, &dx, end, false, None)?;
    a.solve(op, &mut b, r)?;
    Ok(b)
}

/// Fills the first (`first`) or last row of SciPy's `CubicSpline` system for condition `bc`.
/// `known` holds slopes fixed beforehand (the 2-point case, value NaN in `bc`).
#[allow(clippy::too_many_arguments)]
fn end_row(
    op: &'static str,
    a: &mut Banded,
    b: &mut [f64],
    x: &[f64],
    y: &[f64],
    r: usize,
    dx: &[f64],
    bc: Boundary,
    first: bool,
    known: Option<&[f64]>,
) -> Result<()> {
    let n = x.len();
    let slope = |i: usize, q: usize| (y[(i + 1) * r + q] - y[i * r + q]) / dx[i];
    let (i, nb) = if first { (0, 1) } else { (n - 1, n - 2) };
    match bc {
        Boundary::NotAKnot if first => {
            let d = x[2] - x[0];
            a.set(op, 0, 0, dx[1])?;
            a.set(op, 0, 1, d)?;
            for (q, bq) in b.iter_mut().take(r).enumerate() {
                *bq = ((dx[0] + 2.0 * d) * dx[1] * slope(0, q) + dx[0] * dx[0] * slope(1, q)) / d;
            }
        }
        Boundary::NotAKnot => {
            let d = x[n - 1] - x[n - 3];
            a.set(op, n - 1, n - 1, dx[n - 3])?;
            a.set(op, n - 1, n - 2, d)?;
            for q in 0..r {
                b[(n - 1) * r + q] = (dx[n - 2] * dx[n - 2] * slope(n - 3, q)
                    + (2.0 * d + dx[n - 2]) * dx[n - 3] * slope(n - 2, q))
                    / d;
            }
        }
        Boundary::Periodic => {
            return Err(Error::bad_argument(
                op,
                "bc_type",
                "a periodic end in a non-periodic system",
                "a periodic condition at both ends or at neither",
            ));
        }
        Boundary::Derivative { order: 1, value } => {
            a.set(op, i, i, 1.0)?;
            a.set(op, i, nb, 0.0)?;
            for q in 0..r {
                b[i * r + q] = if value.is_nan() {
                    known.map_or(value, |k| k[i * r + q])
                } else {
                    value
                };
            }
        }
        Boundary::Derivative { value, .. } => {
            let h = if first { dx[0] } else { dx[n - 2] };
            a.set(op, i, i, 2.0 * h)?;
            a.set(op, i, nb, h)?;
            for q in 0..r {
                b[i * r + q] = if first {
                    -0.5 * value * h * h + 3.0 * (y[r + q] - y[q])
                } else {
                    0.5 * value * h * h + 3.0 * (y[(n - 1) * r + q] - y[(n - 2) * r + q])
                };
            }
        }
    }
    Ok(())
}

/// The shape-preserving PCHIP interpolator (`scipy.interpolate.PchipInterpolator`): monotone
/// data give a monotone interpolant.
///
/// **Shapes**: as [`CubicSpline`]. Slopes by Fritsch–Butland's weighted harmonic mean with
/// SciPy's one-sided end estimates, on the host; evaluation on the data's device.
///
/// # Errors
/// [`Error::BadArgument`] for `x` not finite and strictly increasing; [`Error::BadShape`]
/// for fewer than 2 points.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{Extrapolate, PchipInterpolator};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0], &[3], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 1.0, 1.0], &[3], Device::Cpu).unwrap();
/// let p = PchipInterpolator::new(&x, &y, 0, Extrapolate::Yes).unwrap();
/// let t = Array::from_vec_on(vec![1.5], &[1], Device::Cpu).unwrap();
/// assert_eq!(p.call(&t, 0).unwrap().to_vec::<f64>().unwrap(), vec![1.0]);
/// ```
#[derive(Clone, Debug)]
pub struct PchipInterpolator(PPoly);
deref_ppoly!(PchipInterpolator);

impl PchipInterpolator {
    /// Builds the interpolator; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(x: &Array, y: &Array, axis: isize, extrapolate: Extrapolate) -> Result<Self> {
        const OP: &str = "interpolate.PchipInterpolator";
        let p = prepare(OP, x, y, axis, 2)?;
        let s = pchip_slopes(&p.x, &p.y, p.r)?;
        Ok(Self(build(p, &s, extrapolate, x.device())?))
    }
}

/// `pchip_interpolate(xi, yi, x, der, axis)`: [`PchipInterpolator`] built and evaluated once.
///
/// # Errors
/// As [`PchipInterpolator::new`] and [`PPoly::call`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::pchip_interpolate;
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0], &[3], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 1.0, 2.0], &[3], Device::Cpu).unwrap();
/// let t = Array::from_vec_on(vec![0.5], &[1], Device::Cpu).unwrap();
/// assert_eq!(pchip_interpolate(&x, &y, &t, 0, 0).unwrap().to_vec::<f64>().unwrap(), vec![0.5]);
/// ```
pub fn pchip_interpolate(
    xi: &Array,
    yi: &Array,
    x: &Array,
    der: usize,
    axis: isize,
) -> Result<Array> {
    PchipInterpolator::new(xi, yi, axis, Extrapolate::Yes)?.call(x, der)
}

fn sign(v: f64) -> f64 {
    if v > 0.0 {
        1.0
    } else if v < 0.0 {
        -1.0
    } else if v == 0.0 {
        0.0
    } else {
        f64::NAN
    }
}

fn pchip_slopes(x: &[f64], y: &[f64], r: usize) -> Result<Vec<f64>> {
    let n = x.len();
    let mut d = ext::try_vec_filled(n * r, 0.0)?;
    let hk: Vec<f64> = x.windows(2).map(|w| w[1] - w[0]).collect();
    for q in 0..r {
        let mk: Vec<f64> = (0..n - 1)
            .map(|i| (y[(i + 1) * r + q] - y[i * r + q]) / hk[i])
            .collect();
        if n == 2 {
            d[q] = mk[0];
            d[r + q] = mk[0];
            continue;
        }
        for k in 1..n - 1 {
            let (m0, m1) = (mk[k - 1], mk[k]);
            let cond = sign(m1) != sign(m0) || m1 == 0.0 || m0 == 0.0;
            d[k * r + q] = if cond {
                0.0
            } else {
                let w1 = 2.0 * hk[k] + hk[k - 1];
                let w2 = hk[k] + 2.0 * hk[k - 1];
                let whmean = (w1 / m0 + w2 / m1) / (w1 + w2);
                1.0 / whmean
            };
        }
        let edge = |h0: f64, h1: f64, m0: f64, m1: f64| {
            let dd = ((2.0 * h0 + h1) * m0 - h0 * m1) / (h0 + h1);
            if sign(dd) != sign(m0) {
                0.0
            } else if sign(m0) != sign(m1) && dd.abs() > 3.0 * m0.abs() {
                3.0 * m0
            } else {
                dd
            }
        };
        d[q] = edge(hk[0], hk[1], mk[0], mk[1]);
        d[(n - 1) * r + q] = edge(hk[n - 2], hk[n - 3], mk[n - 2], mk[n - 3]);
    }
    Ok(d)
}

/// Akima's method, or the modified Akima method (`method: Makima`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AkimaMethod {
    /// `'akima'`
    #[default]
    Akima,
    /// `'makima'`: no overshoot on flat runs
    Makima,
}

/// Akima's piecewise cubic interpolator (`scipy.interpolate.Akima1DInterpolator`).
///
/// **Shapes**: as [`CubicSpline`]. `extrapolate: None` means SciPy's default, no
/// extrapolation (NaN outside `[x[0], x[-1]]`). Slopes on the host, evaluation on the data's
/// device.
///
/// # Errors
/// [`Error::BadArgument`] for `x` not finite and strictly increasing; [`Error::BadShape`]
/// for fewer than 2 points.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{Akima1DInterpolator, AkimaMethod};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
/// let a = Akima1DInterpolator::new(&x, &y, 0, AkimaMethod::Akima, None).unwrap();
/// let t = Array::from_vec_on(vec![1.5, 4.0], &[2], Device::Cpu).unwrap();
/// let v = a.call(&t, 0).unwrap().to_vec::<f64>().unwrap();
/// assert!((v[0] - 1.5).abs() < 1e-14 && v[1].is_nan());
/// ```
#[derive(Clone, Debug)]
pub struct Akima1DInterpolator(PPoly);
deref_ppoly!(Akima1DInterpolator);

impl Akima1DInterpolator {
    /// Builds the interpolator; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(
        x: &Array,
        y: &Array,
        axis: isize,
        method: AkimaMethod,
        extrapolate: Option<Extrapolate>,
    ) -> Result<Self> {
        const OP: &str = "interpolate.Akima1DInterpolator";
        let p = prepare(OP, x, y, axis, 2)?;
        let s = akima_slopes(&p.x, &p.y, p.r, method)?;
        Ok(Self(build(
            p,
            &s,
            extrapolate.unwrap_or(Extrapolate::No),
            x.device(),
        )?))
    }
}

fn akima_slopes(x: &[f64], y: &[f64], r: usize, method: AkimaMethod) -> Result<Vec<f64>> {
    let n = x.len();
    let mut t = ext::try_vec_filled(n * r, 0.0)?;
    if n == 2 {
        for q in 0..r {
            let mk = (y[r + q] - y[q]) / (x[1] - x[0]);
            t[q] = mk;
            t[r + q] = mk;
        }
        return Ok(t);
    }
    let mut ms: Vec<Vec<f64>> = Vec::new();
    let mut f1s: Vec<Vec<f64>> = Vec::new();
    let mut f2s: Vec<Vec<f64>> = Vec::new();
    let mut mmax = f64::NEG_INFINITY;
    for q in 0..r {
        let mut m = ext::try_vec_filled(n + 3, 0.0)?;
        for i in 0..n - 1 {
            m[i + 2] = (y[(i + 1) * r + q] - y[i * r + q]) / (x[i + 1] - x[i]);
        }
        m[1] = 2.0 * m[2] - m[3];
        m[0] = 2.0 * m[1] - m[2];
        m[n + 1] = 2.0 * m[n] - m[n - 1];
        m[n + 2] = 2.0 * m[n + 1] - m[n];
        let dm: Vec<f64> = m.windows(2).map(|w| (w[1] - w[0]).abs()).collect();
        let pm: Vec<f64> = m.windows(2).map(|w| (w[1] + w[0]).abs()).collect();
        let (f1, f2): (Vec<f64>, Vec<f64>) = (0..n)
            .map(|i| match method {
                AkimaMethod::Makima => (dm[i + 2] + 0.5 * pm[i + 2], dm[i] + 0.5 * pm[i]),
                AkimaMethod::Akima => (dm[i + 2], dm[i]),
            })
            .unzip();
        for i in 0..n {
            let f12 = f1[i] + f2[i];
            // NumPy's max propagates NaN
            if f12.is_nan() || mmax.is_nan() {
                mmax = f64::NAN;
            } else if f12 > mmax {
                mmax = f12;
            }
        }
        ms.push(m);
        f1s.push(f1);
        f2s.push(f2);
    }
    for q in 0..r {
        let (m, f1, f2) = (&ms[q], &f1s[q], &f2s[q]);
        for i in 0..n {
            let f12 = f1[i] + f2[i];
            t[i * r + q] = if f12 > 1e-9 * mmax {
                m[i + 1] + (f2[i] / f12) * (m[i + 2] - m[i + 1])
            } else {
                0.5 * (m[i + 3] + m[i])
            };
        }
    }
    Ok(t)
}
