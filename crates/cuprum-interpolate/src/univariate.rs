//! FITPACK's object interface: [`UnivariateSpline`], [`InterpolatedUnivariateSpline`],
//! [`LSQUnivariateSpline`], and [`make_lsq_spline`] (`scipy.interpolate`).

use crate::bspline::BSpline;
use crate::fitpack::{SplevExt, splev, splint};
use crate::fitpack_lsq::lsq_spline;
use crate::fpcurf::{CurveFit, Start};
use crate::ppoly::Extrapolate;
use crate::util::{self, host_f64, prepare, upload};
use cuprum_core::{Array, Error, Result, ext};
use std::ops::Deref;

/// The optional arguments of [`UnivariateSpline::new`] (SciPy's defaults).
#[derive(Clone, Debug)]
pub struct UnivariateOptions {
    /// positive weights, one per point (default all 1)
    pub w: Option<Array>,
    /// the degree, 1 ..= 5 (default 3)
    pub k: usize,
    /// the smoothing condition (default: the number of points, SciPy's `s=None`)
    pub s: Option<f64>,
    /// evaluation outside the data range (default extrapolate)
    pub ext: SplevExt,
}

impl Default for UnivariateOptions {
    fn default() -> Self {
        Self {
            w: None,
            k: 3,
            s: None,
            ext: SplevExt::Extrapolate,
        }
    }
}

fn weights(op: &'static str, w: Option<&Array>, m: usize) -> Result<Vec<f64>> {
    match w {
        None => ext::try_vec_filled(m, 1.0),
        Some(w) => {
            let v = host_f64(op, w)?;
            if v.len() != m || w.ndim() != 1 {
                return Err(Error::bad_shape(op, "w", w.shape(), format!("({m},)")));
            }
            if v.iter().any(|x| x.is_nan() || *x <= 0.0) {
                let bad = v
                    .iter()
                    .find(|x| x.is_nan() || **x <= 0.0)
                    .copied()
                    .unwrap_or(f64::NAN);
                return Err(Error::bad_argument(op, "w", bad, "positive weights"));
            }
            Ok(v)
        }
    }
}

fn check_k(op: &'static str, k: usize, m: usize) -> Result<()> {
    if !(1..=5).contains(&k) {
        return Err(Error::out_of_domain(op, "k", k, "1 <= k <= 5"));
    }
    if m <= k {
        return Err(Error::bad_shape(
            op,
            "x",
            &[m],
            format!("more than k = {k} points"),
        ));
    }
    Ok(())
}

/// A smoothing spline of degree `k` through `(x, y)` (`scipy.interpolate.UnivariateSpline`):
/// FITPACK's `curfit` with the smoothing condition `sum (w (y - s(x)))^2 <= s`.
///
/// **Shapes**: `x`, `y` (and `w`) `(m,)`; evaluation at any shape gives that shape.
///
/// The fit (knot placement, smoothing-parameter iteration) runs on the host as in SciPy;
/// the spline lives on `x`'s device and evaluates there ([`BSpline`] through [`Deref`]).
///
/// # Errors
/// [`Error::OutOfDomain`] for `k` outside 1..=5 or `s < 0`; [`Error::BadShape`] for
/// `m <= k` or weights of another length; [`Error::BadArgument`] for `x` not strictly
/// increasing or non-positive weights.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{UnivariateOptions, UnivariateSpline};
/// let x = Array::from_vec_on((0..10).map(f64::from).collect(), &[10], Device::Cpu).unwrap();
/// let y = Array::from_vec_on((0..10).map(|i| (i * i) as f64).collect(), &[10], Device::Cpu).unwrap();
/// let s = UnivariateSpline::new(&x, &y, UnivariateOptions { s: Some(0.0), ..Default::default() }).unwrap();
/// let t = Array::from_vec_on(vec![2.5], &[1], Device::Cpu).unwrap();
/// assert!((s.call(&t, 0).unwrap().to_vec::<f64>().unwrap()[0] - 6.25).abs() < 1e-10);
/// ```
#[derive(Clone, Debug)]
pub struct UnivariateSpline {
    spline: BSpline,
    ext: SplevExt,
    residual: f64,
    origin: Origin,
}

/// Where a [`UnivariateSpline`] came from, for [`UnivariateSpline::set_smoothing_factor`].
#[derive(Clone, Debug)]
enum Origin {
    /// a smoothing or interpolating fit, with FITPACK's state for a restart
    Fitted(Box<CurveFit>),
    /// a least-squares spline on given knots (`LSQUnivariateSpline`)
    FixedKnots,
    /// a derivative or antiderivative of another spline (SciPy's `_from_tck`)
    Derived,
}

impl Deref for UnivariateSpline {
    type Target = BSpline;
    fn deref(&self) -> &BSpline {
        &self.spline
    }
}

impl UnivariateSpline {
    /// Fits the spline; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(x: &Array, y: &Array, opts: UnivariateOptions) -> Result<Self> {
        const OP: &str = "interpolate.UnivariateSpline";
        let p = prepare(OP, x, y, 0, 1)?;
        util::both_1d(OP, ("x", "y"), x, y)?;
        let m = p.x.len();
        check_k(OP, opts.k, m)?;
        let w = weights(OP, opts.w.as_ref(), m)?;
        let s = opts.s.unwrap_or(m as f64);
        if s.is_nan() || s < 0.0 {
            return Err(Error::out_of_domain(OP, "s", s, "s >= 0"));
        }
        let k = opts.k;
        // SciPy's fpcurf0 default nest, grown to m + k + 1 when the knots outgrow it
        let nest = if s == 0.0 {
            m + k + 1
        } else {
            (m / 2).max(2 * (k + 1))
        };
        let mut fit = CurveFit::new(p.x, p.y, w, k, s, nest)?;
        fit.fit(OP, Start::Fresh)?;
        Self::from_fit(fit, opts.ext, x.device())
    }

    fn from_fit(fit: CurveFit, ext: SplevExt, dev: cuprum_core::Device) -> Result<Self> {
        let mut out = Self::build(
            fit.knots().to_vec(),
            fit.coefficients().to_vec(),
            fit.k,
            ext,
            fit.fp,
            dev,
        )?;
        out.origin = Origin::Fitted(Box::new(fit));
        Ok(out)
    }

    /// Refits with smoothing condition `s`, starting from the knots of the last fit
    /// (`set_smoothing_factor(s)`; FITPACK's `fpcurf` with `iopt = 1`, as SciPy's
    /// `dfitpack.fpcurf1`): when the least-squares polynomial meets `s` the fit starts over
    /// from it, otherwise knots are added to the current ones until the least-squares spline
    /// meets `s`, then the smoothing parameter is iterated. The spline is changed in place,
    /// as in SciPy; knots, coefficients, residual and values are SciPy's.
    ///
    /// A least-squares spline on fixed knots ([`LSQUnivariateSpline`]) is left unchanged
    /// (SciPy warns "smoothing factor unchanged for LSQ spline with fixed knots").
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for `s < 0` or NaN; [`Error::Unsupported`] for a spline made by
    /// [`derivative`](Self::derivative) or [`antiderivative`](Self::antiderivative), which
    /// has no data to refit (SciPy fails there too); [`Error::BadArgument`] when FITPACK finds
    /// no knot interval with data to split. On error the spline is unchanged.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{UnivariateOptions, UnivariateSpline};
    /// let x = Array::from_vec_on((0..10).map(f64::from).collect(), &[10], Device::Cpu).unwrap();
    /// let y = Array::from_vec_on((0..10).map(|i| (i * i) as f64).collect(), &[10], Device::Cpu).unwrap();
    /// let mut s = UnivariateSpline::new(&x, &y, UnivariateOptions { s: Some(1.0), ..Default::default() }).unwrap();
    /// // x^2 is a cubic polynomial: the polynomial fit already meets s = 0.5
    /// s.set_smoothing_factor(0.5).unwrap();
    /// assert_eq!(s.get_knots().unwrap().to_vec::<f64>().unwrap(), vec![0.0, 9.0]);
    /// assert!(s.get_residual() < 1e-16);
    /// ```
    pub fn set_smoothing_factor(&mut self, s: f64) -> Result<()> {
        const OP: &str = "interpolate.UnivariateSpline.set_smoothing_factor";
        let fit = match &self.origin {
            Origin::FixedKnots => return Ok(()),
            Origin::Derived => {
                return Err(Error::unsupported(
                    OP,
                    "a spline made by derivative() or antiderivative() has no data to refit",
                ));
            }
            Origin::Fitted(f) => f,
        };
        if s.is_nan() || s < 0.0 {
            return Err(Error::out_of_domain(OP, "s", s, "s >= 0"));
        }
        let mut fit = (**fit).clone();
        fit.s = s;
        fit.fit(OP, Start::Continue)?;
        *self = Self::from_fit(fit, self.ext, self.spline.t().device())?;
        Ok(())
    }

    fn build(
        t: Vec<f64>,
        c: Vec<f64>,
        k: usize,
        ext: SplevExt,
        residual: f64,
        dev: cuprum_core::Device,
    ) -> Result<Self> {
        let (nt, nc) = (t.len(), c.len());
        let spline = BSpline::new(
            &upload(t, &[nt], dev)?,
            &upload(c, &[nc], dev)?,
            k,
            Extrapolate::Yes,
            0,
        )?;
        Ok(Self {
            spline,
            ext,
            residual,
            origin: Origin::FixedKnots,
        })
    }

    /// The `nu`-th derivative at `x` (SciPy's `__call__(x, nu)`, with the spline's `ext`).
    ///
    /// # Errors
    /// As [`splev`].
    pub fn call(&self, x: &Array, nu: usize) -> Result<Array> {
        splev(x, &self.spline, nu, self.ext)
    }

    /// The knots without the repeated boundary knots (`get_knots`: `t[k..n-k]`).
    ///
    /// # Errors
    /// None in practice (a slice).
    pub fn get_knots(&self) -> Result<Array> {
        let n = self.spline.t().shape()[0];
        let k = self.spline.k();
        util::rows(self.spline.t(), k, n - k)
    }

    /// The B-spline coefficients (`get_coeffs`).
    ///
    /// # Errors
    /// None in practice.
    pub fn get_coeffs(&self) -> Result<Array> {
        self.spline.c()
    }

    /// The weighted sum of squared residuals of the fit (`get_residual`).
    pub fn get_residual(&self) -> f64 {
        self.residual
    }

    /// The definite integral over `[a, b]` (`integral`; FITPACK's `splint`).
    ///
    /// # Errors
    /// As [`splint`].
    pub fn integral(&self, a: f64, b: f64) -> Result<Array> {
        splint(a, b, &self.spline)
    }

    /// The spline as a [`BSpline`].
    pub fn spline(&self) -> &BSpline {
        &self.spline
    }

    /// The derivative of order `n` as a spline of degree `k - n` (`derivative(n)`; FITPACK's
    /// `splder`), with this spline's `ext`; the residual is kept, as in SciPy.
    ///
    /// # Errors
    /// As [`BSpline::derivative`]: [`Error::OutOfDomain`] for `n > k`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{UnivariateOptions, UnivariateSpline};
    /// let x = Array::from_vec_on((0..8).map(f64::from).collect(), &[8], Device::Cpu).unwrap();
    /// let y = Array::from_vec_on((0..8).map(|i| (i * i) as f64).collect(), &[8], Device::Cpu).unwrap();
    /// let s = UnivariateSpline::new(&x, &y, UnivariateOptions { s: Some(0.0), ..Default::default() }).unwrap();
    /// let d = s.derivative(1).unwrap();
    /// let t = Array::from_vec_on(vec![2.5], &[1], Device::Cpu).unwrap();
    /// assert!((d.call(&t, 0).unwrap().to_vec::<f64>().unwrap()[0] - 5.0).abs() < 1e-10);
    /// ```
    pub fn derivative(&self, n: usize) -> Result<UnivariateSpline> {
        Ok(Self {
            spline: crate::fitpack::splder(&self.spline, n)?,
            ext: self.ext,
            residual: self.residual,
            origin: Origin::Derived,
        })
    }

    /// The antiderivative of order `n` as a spline of degree `k + n` (`antiderivative(n)`;
    /// FITPACK's `splantider`), zero at the first knot, with this spline's `ext`.
    ///
    /// # Errors
    /// None in practice (allocation).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{UnivariateOptions, UnivariateSpline};
    /// let x = Array::from_vec_on((0..8).map(f64::from).collect(), &[8], Device::Cpu).unwrap();
    /// let y = Array::from_vec_on(vec![1.0; 8], &[8], Device::Cpu).unwrap();
    /// let s = UnivariateSpline::new(&x, &y, UnivariateOptions { s: Some(0.0), ..Default::default() }).unwrap();
    /// let t = Array::from_vec_on(vec![3.0], &[1], Device::Cpu).unwrap();
    /// let v = s.antiderivative(1).unwrap().call(&t, 0).unwrap().to_vec::<f64>().unwrap()[0];
    /// assert!((v - 3.0).abs() < 1e-12);
    /// ```
    pub fn antiderivative(&self, n: usize) -> Result<UnivariateSpline> {
        Ok(Self {
            spline: crate::fitpack::splantider(&self.spline, n)?,
            ext: self.ext,
            residual: self.residual,
            origin: Origin::Derived,
        })
    }

    /// The zeros of a cubic spline inside its base interval, ascending (`roots()`; FITPACK's
    /// `sproot`), on the spline's device.
    ///
    /// # Errors
    /// [`Error::BadArgument`] for `k != 3` (SciPy's `NotImplementedError`).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{UnivariateOptions, UnivariateSpline};
    /// let x = Array::from_vec_on((0..8).map(f64::from).collect(), &[8], Device::Cpu).unwrap();
    /// let y = Array::from_vec_on((0..8).map(|i| i as f64 - 2.5).collect(), &[8], Device::Cpu).unwrap();
    /// let s = UnivariateSpline::new(&x, &y, UnivariateOptions { s: Some(0.0), ..Default::default() }).unwrap();
    /// let r = s.roots().unwrap().to_vec::<f64>().unwrap();
    /// assert!(r.len() == 1 && (r[0] - 2.5).abs() < 1e-12);
    /// ```
    pub fn roots(&self) -> Result<Array> {
        crate::fitpack::sproot(&self.spline)
    }

    /// All derivatives `0 ..= k` at one point `x` (`derivatives(x)`; FITPACK's `spalde`):
    /// shape `(k + 1,)`, on the spline's device.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for `x` outside the base interval `[t[k], t[n]]` or NaN
    /// (SciPy's `ValueError`).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{UnivariateOptions, UnivariateSpline};
    /// let x = Array::from_vec_on((0..8).map(f64::from).collect(), &[8], Device::Cpu).unwrap();
    /// let y = Array::from_vec_on((0..8).map(|i| (i * i) as f64).collect(), &[8], Device::Cpu).unwrap();
    /// let s = UnivariateSpline::new(&x, &y, UnivariateOptions { s: Some(0.0), ..Default::default() }).unwrap();
    /// let d = s.derivatives(3.0).unwrap().to_vec::<f64>().unwrap();
    /// assert!((d[0] - 9.0).abs() < 1e-10 && (d[1] - 6.0).abs() < 1e-10 && (d[2] - 2.0).abs() < 1e-9);
    /// ```
    pub fn derivatives(&self, x: f64) -> Result<Array> {
        const OP: &str = "interpolate.UnivariateSpline.derivatives";
        let k = self.spline.k();
        let t = host_f64(OP, self.spline.t())?;
        let (lo, hi) = (t[k], t[t.len() - k - 1]);
        if !(lo..=hi).contains(&x) {
            return Err(Error::out_of_domain(
                OP,
                "x",
                x,
                format!("the base interval [{lo}, {hi}]"),
            ));
        }
        let dev = self.spline.t().device();
        let at = upload(vec![x], &[1], dev)?;
        let mut vals = ext::try_vec_with_capacity(k + 1)?;
        for nu in 0..=k {
            vals.push(
                self.spline
                    .eval_flat(&at, nu, Extrapolate::Yes)?
                    .to_vec::<f64>()?[0],
            );
        }
        upload(vals, &[k + 1], dev)
    }
}

/// The interpolating spline of degree `k` (`scipy.interpolate.InterpolatedUnivariateSpline`):
/// [`UnivariateSpline`] with `s = 0`.
///
/// # Errors
/// As [`UnivariateSpline::new`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{InterpolatedUnivariateSpline, SplevExt};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0, 4.0], &[5], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 1.0, 8.0, 27.0, 64.0], &[5], Device::Cpu).unwrap();
/// let s = InterpolatedUnivariateSpline::new(&x, &y, None, 3, SplevExt::Extrapolate).unwrap();
/// assert!((s.integral(0.0, 4.0).unwrap().to_vec::<f64>().unwrap()[0] - 64.0).abs() < 1e-10);
/// ```
pub struct InterpolatedUnivariateSpline;

impl InterpolatedUnivariateSpline {
    /// Fits the spline (`w` is accepted for SciPy's signature; an interpolant ignores it).
    ///
    /// # Errors
    /// As [`UnivariateSpline::new`].
    #[allow(clippy::new_ret_no_self)]
    pub fn new(
        x: &Array,
        y: &Array,
        w: Option<Array>,
        k: usize,
        ext: SplevExt,
    ) -> Result<UnivariateSpline> {
        UnivariateSpline::new(
            x,
            y,
            UnivariateOptions {
                w,
                k,
                s: Some(0.0),
                ext,
            },
        )
    }
}

/// The weighted least-squares spline with the given interior knots
/// (`scipy.interpolate.LSQUnivariateSpline(x, y, t, w, k=3)`).
///
/// # Errors
/// [`Error::BadArgument`] for interior knots outside `(x[0], x[-1])` or not increasing,
/// or knots that violate the Schoenberg–Whitney conditions; as [`UnivariateSpline::new`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{LSQUnivariateSpline, SplevExt};
/// let x = Array::from_vec_on((0..20).map(|i| i as f64 / 4.0).collect(), &[20], Device::Cpu).unwrap();
/// let y = cuprum_core::sin(&x).unwrap();
/// let t = Array::from_vec_on(vec![1.5, 3.0], &[2], Device::Cpu).unwrap();
/// let s = LSQUnivariateSpline::new(&x, &y, &t, None, 3, SplevExt::Extrapolate).unwrap();
/// assert_eq!(s.get_knots().unwrap().to_vec::<f64>().unwrap(), vec![0.0, 1.5, 3.0, 4.75]);
/// ```
pub struct LSQUnivariateSpline;

impl LSQUnivariateSpline {
    /// Fits the spline; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    #[allow(clippy::new_ret_no_self)]
    pub fn new(
        x: &Array,
        y: &Array,
        t: &Array,
        w: Option<Array>,
        k: usize,
        ext: SplevExt,
    ) -> Result<UnivariateSpline> {
        const OP: &str = "interpolate.LSQUnivariateSpline";
        let p = prepare(OP, x, y, 0, 1)?;
        let m = p.x.len();
        check_k(OP, k, m)?;
        let w = weights(OP, w.as_ref(), m)?;
        let interior = host_f64(OP, t)?;
        let (xb, xe) = (p.x[0], p.x[m - 1]);
        if interior.iter().any(|v| !(*v > xb && *v < xe))
            || interior.windows(2).any(|v| v[1] < v[0])
        {
            return Err(Error::bad_argument(
                OP,
                "t",
                format!("{interior:?}"),
                format!("interior knots with {xb} < t[0] <= ... <= t[-1] < {xe}"),
            ));
        }
        let mut knots = ext::try_vec_with_capacity(interior.len() + 2 * k + 2)?;
        knots.extend(std::iter::repeat_n(xb, k + 1));
        knots.extend_from_slice(&interior);
        knots.extend(std::iter::repeat_n(xe, k + 1));
        let (c, fp) = lsq_spline(OP, &p.x, &p.y, &w, &knots, k)?;
        UnivariateSpline::build(knots, c, k, ext, fp, x.device())
    }
}

/// The weighted least-squares B-spline of degree `k` on the full knot vector `t`
/// (`scipy.interpolate.make_lsq_spline(x, y, t, k, w)`), on `x`'s device.
///
/// **Shapes**: `x`, `w` `(m,)`, `y` `(m, *trailing)` (interpolated along axis 0, SciPy's
/// default `axis=0`), `t` `(n + k + 1,)` → a spline with coefficients `(n, *trailing)`.
///
/// Solved on the host by FITPACK's banded Givens QR (SciPy 1.17: the same QR, `method='qr'`),
/// one solve per column of the trailing axes.
///
/// # Errors
/// [`Error::BadArgument`] for `t` not non-decreasing or shorter than `2k + 2`, `x` not
/// increasing, non-positive weights, or knots that violate the Schoenberg–Whitney
/// conditions; [`Error::OutOfDomain`] for `x` outside `[t[k], t[n]]`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::make_lsq_spline;
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![1.0, 3.0, 5.0, 7.0], &[4], Device::Cpu).unwrap();
/// let t = Array::from_vec_on(vec![0.0, 0.0, 3.0, 3.0], &[4], Device::Cpu).unwrap();
/// // a straight line fits exactly
/// let s = make_lsq_spline(&x, &y, &t, 1, None).unwrap();
/// assert!((s.c().unwrap().to_vec::<f64>().unwrap()[1] - 7.0).abs() < 1e-12);
/// ```
pub fn make_lsq_spline(
    x: &Array,
    y: &Array,
    t: &Array,
    k: usize,
    w: Option<&Array>,
) -> Result<BSpline> {
    const OP: &str = "interpolate.make_lsq_spline";
    let p = prepare(OP, x, y, 0, 1)?;
    let m = p.x.len();
    let w = weights(OP, w, m)?;
    let th = host_f64(OP, t)?;
    if t.ndim() != 1
        || th.len() < 2 * k + 2
        || th.windows(2).any(|v| v[1] < v[0])
        || th.iter().any(|v| !v.is_finite())
    {
        return Err(Error::bad_argument(
            OP,
            "t",
            format!("knots of shape {:?}", t.shape()),
            format!(
                "1-d, finite, non-decreasing knots, at least 2k + 2 = {}",
                2 * k + 2
            ),
        ));
    }
    let n = th.len() - k - 1;
    if p.x[0] < th[k] || p.x[m - 1] > th[n] {
        return Err(Error::out_of_domain(
            OP,
            "x",
            format!("[{}, {}]", p.x[0], p.x[m - 1]),
            format!("the base interval [t[k], t[n]] = [{}, {}]", th[k], th[n]),
        ));
    }
    // one least-squares solve per column of y's trailing axes
    let mut c = ext::try_vec_filled(n * p.r, 0.0)?;
    let mut col = ext::try_vec_filled(m, 0.0)?;
    for q in 0..p.r {
        for (i, v) in col.iter_mut().enumerate() {
            *v = p.y[i * p.r + q];
        }
        let (cq, _) = lsq_spline(OP, &p.x, &col, &w, &th, k)?;
        for (i, v) in cq.into_iter().enumerate() {
            c[i * p.r + q] = v;
        }
    }
    let mut shape = vec![n];
    shape.extend_from_slice(&p.trailing);
    BSpline::new(t, &upload(c, &shape, x.device())?, k, Extrapolate::Yes, 0)
}
