//! FITPACK's procedural interface (`scipy.interpolate.splrep`, `splev`, `splder`,
//! `splantider`, `splint`), with a [`BSpline`] standing for SciPy's `(t, c, k)` tuple.

use crate::bspline::{BSpline, not_a_knot, solve_collocation};
use crate::ppoly::Extrapolate;
use crate::util::{self, any_true, place_axis, prepare, upload};
use cuprum_core::{Array, DType, Error, Result, Scalar, ext};

/// The optional arguments of [`splrep`] (SciPy's defaults).
#[derive(Clone, Copy, Debug)]
pub struct SplrepOptions {
    /// the degree, 1 ..= 5 (default 3)
    pub k: usize,
    /// the smoothing condition; `None` (default) is 0, the interpolating spline
    pub s: Option<f64>,
}

impl Default for SplrepOptions {
    fn default() -> Self {
        Self { k: 3, s: None }
    }
}

/// FITPACK's smoothing spline of degree `k` through `(x, y)` (`scipy.interpolate.splrep`),
/// as a [`BSpline`] (SciPy returns its knots, coefficients and degree as a tuple).
///
/// **Shapes**: `x`, `y` `(m,)`; the spline has `n` knots (`m + k + 1` for `s = 0`).
///
/// `s = 0` gives the interpolating spline on FITPACK's knots (the data points without the
/// `(k+1)/2` first and last for odd `k`, midpoints for even `k`: the not-a-knot knots), solved
/// as a banded collocation system on the host. `s > 0` runs FITPACK's `curfit` knot placement
/// and smoothing-parameter iteration (`fpcurf`) on the host.
///
/// # Errors
/// [`Error::OutOfDomain`] for `k` outside 1..=5 or `s < 0`; [`Error::BadShape`] for fewer
/// than `k + 1` points or `x`/`y` not 1-d of equal length; [`Error::BadArgument`] for `x`
/// not strictly increasing.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{SplrepOptions, splev, splrep, SplevExt};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0, 4.0], &[5], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 1.0, 8.0, 27.0, 64.0], &[5], Device::Cpu).unwrap();
/// let tck = splrep(&x, &y, SplrepOptions::default()).unwrap();
/// let t = Array::from_vec_on(vec![2.5], &[1], Device::Cpu).unwrap();
/// let v = splev(&t, &tck, 0, SplevExt::Extrapolate).unwrap().to_vec::<f64>().unwrap();
/// assert!((v[0] - 15.625).abs() < 1e-12);
/// ```
pub fn splrep(x: &Array, y: &Array, opts: SplrepOptions) -> Result<BSpline> {
    const OP: &str = "interpolate.splrep";
    let k = opts.k;
    if !(1..=5).contains(&k) {
        return Err(Error::out_of_domain(OP, "k", k, "1 <= k <= 5"));
    }
    util::both_1d(OP, ("x", "y"), x, y)?;
    let p = prepare(OP, x, y, 0, k + 1)?;
    let s = opts.s.unwrap_or(0.0);
    if s.is_nan() || s < 0.0 {
        return Err(Error::out_of_domain(OP, "s", s, "s >= 0"));
    }
    let dev = x.device();
    let (t, c) = if s == 0.0 {
        let t = not_a_knot(&p.x, k)?;
        let c = solve_collocation(OP, &p.x, &p.y, 1, &t, k, &[], &[])?;
        (t, c)
    } else {
        // SciPy's splrep: FITPACK's curfit with nest = max(m + k + 1, 2k + 3)
        let m = p.x.len();
        let w = ext::try_vec_filled(m, 1.0)?;
        let nest = (m + k + 1).max(2 * k + 3);
        let mut fit = crate::fpcurf::CurveFit::new(p.x, p.y, w, k, s, nest)?;
        fit.fit(OP, crate::fpcurf::Start::Fresh)?;
        (fit.knots().to_vec(), fit.coefficients().to_vec())
    };
    let nc = c.len();
    BSpline::new(
        &upload(t, &[nc + k + 1], dev)?,
        &upload(c, &[nc], dev)?,
        k,
        Extrapolate::Yes,
        0,
    )
}

/// What [`splev`] returns outside the base interval (SciPy's `ext`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SplevExt {
    /// `ext=0`: extrapolate (default)
    #[default]
    Extrapolate,
    /// `ext=1`: zero
    Zeros,
    /// `ext=2`: raise
    Raise,
    /// `ext=3`: the boundary value
    Const,
}

/// The `der`-th derivative of the spline `tck` at `x` (`scipy.interpolate.splev`).
///
/// **Shapes**: `x` of any shape → the same shape (plus the spline's trailing axes).
///
/// # Errors
/// [`Error::OutOfDomain`] when `der > k` or (with `SplevExt::Raise`) a point lies outside
/// the base interval; [`Error::DeviceMismatch`].
pub fn splev(x: &Array, tck: &BSpline, der: usize, ext: SplevExt) -> Result<Array> {
    const OP: &str = "interpolate.splev";
    if der > tck.k() {
        return Err(Error::out_of_domain(
            OP,
            "der",
            der,
            format!("0 <= der <= k = {}", tck.k()),
        ));
    }
    util::real_check(OP, x)?;
    let th = util::host_f64(OP, tck.t())?;
    let (lo, hi) = (th[tck.k()], th[th.len() - tck.k() - 1]);
    let xs = x.astype(DType::Float64)?;
    let xs = match ext {
        SplevExt::Const => cuprum_core::clip(&xs, Some(lo.into()), Some(hi.into()))?,
        _ => xs,
    };
    let flat = tck.eval_flat(&xs, der, Extrapolate::Yes)?;
    let npts = x.size();
    let out = cuprum_core::logical_or(
        &cuprum_core::less(&xs, lo)?,
        &cuprum_core::greater(&xs, hi)?,
    )?
    .reshape([npts, 1])?;
    let flat = match ext {
        SplevExt::Zeros => cuprum_core::where_(&out, Scalar::Float(0.0), &flat)?,
        SplevExt::Raise => {
            if any_true(&out)? {
                return Err(Error::out_of_domain(
                    OP,
                    "x",
                    "a value outside the knots' base interval",
                    format!("[{lo}, {hi}] (ext=raise)"),
                ));
            }
            flat
        }
        _ => flat,
    };
    let c = tck.c()?;
    place_axis(&flat, x.shape(), &c.shape()[1..], 0)
}

/// The derivative of order `n` of the spline (`scipy.interpolate.splder`).
///
/// # Errors
/// As [`BSpline::derivative`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{SplevExt, SplrepOptions, splder, splev, splrep};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0, 4.0], &[5], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 1.0, 4.0, 9.0, 16.0], &[5], Device::Cpu).unwrap();
/// let d = splder(&splrep(&x, &y, SplrepOptions::default()).unwrap(), 1).unwrap();
/// let t = Array::from_vec_on(vec![1.5], &[1], Device::Cpu).unwrap();
/// assert!((splev(&t, &d, 0, SplevExt::Extrapolate).unwrap().to_vec::<f64>().unwrap()[0] - 3.0).abs() < 1e-12);
/// ```
pub fn splder(tck: &BSpline, n: usize) -> Result<BSpline> {
    tck.derivative(n)
}

/// The antiderivative of order `n` of the spline (`scipy.interpolate.splantider`).
///
/// # Errors
/// As [`BSpline::antiderivative`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{SplevExt, SplrepOptions, splantider, splev, splrep};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![1.0, 1.0, 1.0, 1.0], &[4], Device::Cpu).unwrap();
/// let a = splantider(&splrep(&x, &y, SplrepOptions::default()).unwrap(), 1).unwrap();
/// let t = Array::from_vec_on(vec![2.0], &[1], Device::Cpu).unwrap();
/// assert!((splev(&t, &a, 0, SplevExt::Extrapolate).unwrap().to_vec::<f64>().unwrap()[0] - 2.0).abs() < 1e-12);
/// ```
pub fn splantider(tck: &BSpline, n: usize) -> Result<BSpline> {
    tck.antiderivative(n)
}

/// The definite integral of the spline over `[a, b]` (`scipy.interpolate.splint`; FITPACK
/// integrates over the base interval only, as `BSpline.integrate` with
/// `extrapolate=False`).
///
/// # Errors
/// As [`BSpline::integrate`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{SplrepOptions, splint, splrep};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
/// let tck = splrep(&x, &y, SplrepOptions::default()).unwrap();
/// assert!((splint(0.0, 2.0, &tck).unwrap().to_vec::<f64>().unwrap()[0] - 2.0).abs() < 1e-12);
/// ```
pub fn splint(a: f64, b: f64, tck: &BSpline) -> Result<Array> {
    let t = tck.t().clone();
    let c = tck.c()?;
    BSpline::new(&t, &c, tck.k(), Extrapolate::No, 0)?.integrate(a, b)
}

/// The roots of a cubic spline inside its base interval (`scipy.interpolate.sproot`),
/// ascending, on the spline's device: [`PPoly::from_spline`](crate::PPoly::from_spline)
/// then [`PPoly::roots`](crate::PPoly::roots) without extrapolation.
///
/// # Errors
/// [`Error::BadArgument`] for a spline of degree other than 3 (FITPACK's restriction);
/// [`Error::BadShape`] for one with trailing dimensions.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{SplrepOptions, splrep, sproot};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0, 4.0], &[5], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![-2.0, -1.0, 0.0, 1.0, 2.0], &[5], Device::Cpu).unwrap();
/// let r = sproot(&splrep(&x, &y, SplrepOptions::default()).unwrap()).unwrap();
/// assert_eq!(r.to_vec::<f64>().unwrap(), vec![2.0]);
/// ```
pub fn sproot(tck: &BSpline) -> Result<Array> {
    if tck.k() != 3 {
        return Err(Error::bad_argument(
            "interpolate.sproot",
            "tck",
            format!("a spline of degree {}", tck.k()),
            "a cubic spline (k = 3)",
        ));
    }
    crate::PPoly::from_spline(tck)?.roots(false, Some(Extrapolate::No))
}
