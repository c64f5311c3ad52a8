//! [`BSpline`]: a spline in the B-spline basis (`scipy.interpolate.BSpline`), de Boor's
//! recursion on the device, and [`make_interp_spline`], the interpolating spline of any
//! degree (a banded collocation solve on the host, as SciPy's `gbsv`).

use crate::banded::Banded;
use crate::ppoly::Extrapolate;
use crate::util::{self, host_f64, place_axis, prepare, upload};
use cuprum_core::sort::{Side, searchsorted};
use cuprum_core::{Array, DType, Error, IndexMode, Result, Scalar, ext, take};

/// A spline of degree `k` in the B-spline basis:
/// `S(x) = sum_j c[j] B_{j,k;t}(x)` (`scipy.interpolate.BSpline`).
///
/// **Shapes**: `t` `(nt,)` knots, `c` `(n, *trailing)` with `n >= nt - k - 1` (extra rows are
/// ignored); evaluating at points of shape `s` gives `trailing[..axis] + s + trailing[axis..]`.
/// The base interval is `[t[k], t[nt-k-1]]`.
///
/// Evaluation runs on the spline's device: a binary search for each point's knot interval,
/// then de Boor's recursion over the `k + 1` nonzero basis functions (derivatives by the
/// recursion's derivative form, as SciPy's `_deBoor_D`), composed of cuprum's array
/// operations. Computes in float64.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{BSpline, Extrapolate};
/// // the quadratic Bernstein polynomial 2 x (1 - x) on [0, 1]
/// let t = Array::from_vec_on(vec![0.0, 0.0, 0.0, 1.0, 1.0, 1.0], &[6], Device::Cpu).unwrap();
/// let c = Array::from_vec_on(vec![0.0, 1.0, 0.0], &[3], Device::Cpu).unwrap();
/// let b = BSpline::new(&t, &c, 2, Extrapolate::No, 0).unwrap();
/// let x = Array::from_vec_on(vec![0.5, 2.0], &[2], Device::Cpu).unwrap();
/// let v = b.call(&x, 0).unwrap().to_vec::<f64>().unwrap();
/// assert!(v[0] == 0.5 && v[1].is_nan());
/// ```
#[derive(Clone, Debug)]
pub struct BSpline {
    t: Array,
    th: Vec<f64>,
    c: Array,
    k: usize,
    extrapolate: Extrapolate,
    trailing: Vec<usize>,
    axis: usize,
}

const OP: &str = "interpolate.BSpline";

impl BSpline {
    /// A spline from knots `t`, coefficients `c` (`n` along axis 0) and degree `k`, on their
    /// device; `axis` places the evaluation points among the trailing axes of the result.
    ///
    /// # Errors
    /// [`Error::BadShape`] when `t` is not 1-d, has fewer than `2k + 2` knots, or `c` has
    /// fewer than `len(t) - k - 1` rows; [`Error::BadArgument`] when `t` is not finite and
    /// non-decreasing; [`Error::DType`] for
    /// complex input; [`Error::AxisOutOfBounds`].
    pub fn new(
        t: &Array,
        c: &Array,
        k: usize,
        extrapolate: Extrapolate,
        axis: isize,
    ) -> Result<Self> {
        util::same_device(OP, t, c)?;
        if t.ndim() != 1 || c.ndim() == 0 {
            let (arg, shape, want) = if t.ndim() != 1 {
                ("t", t.shape(), "a 1-d knot vector")
            } else {
                ("c", c.shape(), "at least 1-d")
            };
            return Err(Error::bad_shape(OP, arg, shape, want));
        }
        let th = host_f64(OP, t)?;
        let trailing = c.shape()[1..].to_vec();
        let axis = util::norm_axis(OP, axis, trailing.len() + 1)?;
        let r: usize = trailing.iter().product();
        let cf = util::as_f64(OP, c)?.reshape([c.shape()[0], r])?;
        Self::from_parts(th, cf, k, extrapolate, trailing, axis)
    }

    pub(crate) fn from_parts(
        th: Vec<f64>,
        c: Array,
        k: usize,
        extrapolate: Extrapolate,
        trailing: Vec<usize>,
        axis: usize,
    ) -> Result<Self> {
        if th.iter().any(|v| !v.is_finite()) {
            let bad = th
                .iter()
                .find(|v| !v.is_finite())
                .copied()
                .unwrap_or(f64::NAN);
            return Err(Error::bad_argument(OP, "t", bad, "finite knots"));
        }
        if th.windows(2).any(|w| w[1] < w[0]) {
            let i = th.windows(2).position(|w| w[1] < w[0]).unwrap_or(0);
            return Err(Error::bad_argument(
                OP,
                "t",
                format!("t[{i}] = {} and t[{}] = {}", th[i], i + 1, th[i + 1]),
                "knots in non-decreasing order",
            ));
        }
        if k >= th.len() / 2 {
            return Err(Error::bad_shape(
                OP,
                "t",
                &[th.len()],
                format!("at least 2k + 2 = {} knots for degree k = {k}", 2 * k + 2),
            ));
        }
        let n = th.len() - k - 1;
        if c.shape()[0] < n {
            return Err(Error::bad_shape(
                OP,
                "c",
                c.shape(),
                format!(
                    "at least n = len(t) - k - 1 = {n} coefficients ({} knots, degree {k})",
                    th.len()
                ),
            ));
        }
        if th[k] == th[n] {
            return Err(Error::bad_argument(
                OP,
                "t",
                format!("t[k] = t[n] = {}", th[k]),
                "a non-empty base interval t[k] < t[n]",
            ));
        }
        let t = upload(th.clone(), &[th.len()], c.device())?;
        Ok(Self {
            t,
            th,
            c,
            k,
            extrapolate,
            trailing,
            axis,
        })
    }

    /// The knots.
    pub fn t(&self) -> &Array {
        &self.t
    }

    /// The coefficients, `(n, *trailing)`.
    ///
    /// # Errors
    /// None in practice (a reshape).
    pub fn c(&self) -> Result<Array> {
        let mut s = vec![self.c.shape()[0]];
        s.extend_from_slice(&self.trailing);
        self.c.reshape(s.as_slice())
    }

    /// The degree.
    pub fn k(&self) -> usize {
        self.k
    }

    /// The extrapolation mode.
    pub fn extrapolate(&self) -> Extrapolate {
        self.extrapolate
    }

    fn n(&self) -> usize {
        self.th.len() - self.k - 1
    }

    /// The `nu`-th derivative at `x` (any shape, real), float64 on the spline's device
    /// (SciPy's `__call__(x, nu)`).
    ///
    /// **Shapes**: `x` `s` → `trailing[..axis] + s + trailing[axis..]`.
    ///
    /// # Errors
    /// [`Error::DeviceMismatch`]; [`Error::DType`] for complex `x`.
    pub fn call(&self, x: &Array, nu: usize) -> Result<Array> {
        let flat = self.eval_flat(x, nu, self.extrapolate)?;
        place_axis(&flat, x.shape(), &self.trailing, self.axis)
    }

    /// Evaluation at the flattened points, `(N, r)`.
    pub(crate) fn eval_flat(
        &self,
        x: &Array,
        nu: usize,
        extrapolate: Extrapolate,
    ) -> Result<Array> {
        util::same_device(OP, &self.t, x)?;
        util::real_check(OP, x)?;
        let (k, n, r) = (self.k, self.n(), self.c.shape()[1]);
        let npts = x.size();
        let dev = self.t.device();
        let mut xs = x.astype(DType::Float64)?.reshape([npts])?;
        if npts == 0 || nu > k {
            let z = cuprum_core::zeros_on([npts, r], DType::Float64, dev)?;
            return self.mask(z, &xs, extrapolate);
        }
        let (lo, hi) = (self.th[k], self.th[n]);
        if extrapolate == Extrapolate::Periodic {
            let shifted = cuprum_core::subtract(&xs, lo)?;
            xs = cuprum_core::add(&cuprum_core::remainder(&shifted, hi - lo)?, lo)?;
        }
        let (l, h) = basis_device(&self.t, n, k, &xs, nu)?;
        let mut res: Option<Array> = None;
        for (a, ha) in h.iter().enumerate() {
            let idx = cuprum_core::add(&l, a as i64 - k as i64)?;
            let ca = take(&self.c, &idx, Some(0), IndexMode::Clip)?;
            let term = cuprum_core::multiply(&ca, &ha.reshape([npts, 1])?)?;
            res = Some(match res {
                None => term,
                Some(acc) => cuprum_core::add(&acc, &term)?,
            });
        }
        let res = match res {
            Some(v) => v,
            None => cuprum_core::zeros_on([npts, r], DType::Float64, dev)?,
        };
        self.mask(res, &xs, extrapolate)
    }

    fn mask(&self, res: Array, xs: &Array, extrapolate: Extrapolate) -> Result<Array> {
        if extrapolate != Extrapolate::No {
            return Ok(res);
        }
        let (lo, hi) = (self.th[self.k], self.th[self.n()]);
        let out =
            cuprum_core::logical_or(&cuprum_core::less(xs, lo)?, &cuprum_core::greater(xs, hi)?)?
                .reshape([xs.size(), 1])?;
        cuprum_core::where_(&out, Scalar::Float(f64::NAN), &res)
    }

    fn host_c(&self) -> Result<Vec<f64>> {
        ext::as_c_contiguous(&self.c)?.to_vec::<f64>()
    }

    /// The derivative of order `nu` as a spline of degree `k - nu` on the knots
    /// `t[nu..len-nu]` (`BSpline.derivative`, `splder`).
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] when `nu > k`; [`Error::BadArgument`] when an interior knot is
    /// repeated so often that
    /// the spline is not `nu` times differentiable.
    pub fn derivative(&self, nu: usize) -> Result<BSpline> {
        if nu > self.k {
            return Err(Error::out_of_domain(
                "interpolate.splder",
                "n",
                nu,
                format!("0 <= n <= k = {}", self.k),
            ));
        }
        let r = self.c.shape()[1];
        let mut t = self.th.clone();
        let mut c = self.host_c()?;
        let mut k = self.k;
        c.truncate((t.len() - k - 1) * r);
        for _ in 0..nu {
            let n = t.len() - k - 1;
            let mut c2 = ext::try_vec_filled((n - 1) * r, 0.0)?;
            for i in 0..n - 1 {
                let dt = t[i + 1 + k] - t[i + 1];
                if dt == 0.0 {
                    return Err(Error::bad_argument(
                        "interpolate.splder",
                        "n",
                        nu,
                        "at most the differentiability at internal repeated knots",
                    ));
                }
                for q in 0..r {
                    c2[i * r + q] = (c[(i + 1) * r + q] - c[i * r + q]) * k as f64 / dt;
                }
            }
            c = c2;
            t = t[1..t.len() - 1].to_vec();
            k -= 1;
        }
        let rows = c.len() / r.max(1);
        let ca = upload(c, &[rows, r], self.t.device())?;
        Self::from_parts(t, ca, k, self.extrapolate, self.trailing.clone(), self.axis)
    }

    /// The antiderivative of order `nu`, a spline of degree `k + nu` (`BSpline.antiderivative`,
    /// `splantider`); zero at `t[k]`... as SciPy: zero at the first knot. A periodic spline's
    /// antiderivative extrapolates.
    ///
    /// # Errors
    /// Allocation errors.
    pub fn antiderivative(&self, nu: usize) -> Result<BSpline> {
        let r = self.c.shape()[1];
        let mut t = self.th.clone();
        let mut c = self.host_c()?;
        let mut k = self.k;
        for _ in 0..nu {
            let n = t.len() - k - 1;
            let mut c2 = ext::try_vec_filled((t.len() + 2) * r, 0.0)?;
            let mut acc = ext::try_vec_filled(r, 0.0)?;
            for i in 0..n {
                let dt = t[i + k + 1] - t[i];
                for q in 0..r {
                    acc[q] += c[i * r + q] * dt / (k as f64 + 1.0);
                    c2[(i + 1) * r + q] = acc[q];
                }
            }
            for i in n + 1..t.len() + 2 {
                for q in 0..r {
                    c2[i * r + q] = acc[q];
                }
            }
            let mut t2 = ext::try_vec_with_capacity(t.len() + 2)?;
            t2.push(t[0]);
            t2.extend_from_slice(&t);
            t2.push(t[t.len() - 1]);
            t = t2;
            c = c2;
            k += 1;
        }
        let rows = c.len() / r.max(1);
        let ca = upload(c, &[rows, r], self.t.device())?;
        let e = match self.extrapolate {
            Extrapolate::Periodic => Extrapolate::Yes,
            e => e,
        };
        Self::from_parts(t, ca, k, e, self.trailing.clone(), self.axis)
    }

    /// The definite integral over `[a, b]` (`BSpline.integrate`), shape `trailing`, on the
    /// spline's device. With `Extrapolate::No` the limits are clipped to the base interval
    /// (SciPy's behaviour); periodic splines integrate over whole periods.
    ///
    /// # Errors
    /// Allocation errors.
    pub fn integrate(&self, a: f64, b: f64) -> Result<Array> {
        let anti = self.antiderivative(1)?;
        let dev = self.t.device();
        let (lo, hi) = (self.th[self.k], self.th[self.n()]);
        let (mut a, mut b, mut sign) = (a, b, 1.0);
        if b < a {
            std::mem::swap(&mut a, &mut b);
            sign = -1.0;
        }
        let ev = |pts: Vec<f64>| -> Result<Array> {
            let n = pts.len();
            anti.eval_flat(&upload(pts, &[n], dev)?, 0, Extrapolate::Yes)
        };
        let d = |v: &Array, i: usize, j: usize| -> Result<Array> {
            cuprum_core::subtract(&util::row(v, i)?, &util::row(v, j)?)
        };
        let total = match self.extrapolate {
            Extrapolate::Periodic => {
                let period = hi - lo;
                let interval = b - a;
                let n_periods = (interval / period).floor();
                let left = interval - n_periods * period;
                let a2 = lo + (a - lo).rem_euclid(period);
                let b2 = a2 + left;
                if b2 <= hi {
                    let v = ev(vec![lo, hi, a2, b2])?;
                    cuprum_core::add(
                        &cuprum_core::multiply(&d(&v, 1, 0)?, n_periods)?,
                        &d(&v, 3, 2)?,
                    )?
                } else {
                    let v = ev(vec![lo, hi, a2, lo + b2 - hi])?;
                    let whole = cuprum_core::multiply(&d(&v, 1, 0)?, n_periods)?;
                    cuprum_core::add(&whole, &cuprum_core::add(&d(&v, 1, 2)?, &d(&v, 3, 0)?)?)?
                }
            }
            Extrapolate::No => {
                let v = ev(vec![a.clamp(lo, hi), b.clamp(lo, hi)])?;
                d(&v, 1, 0)?
            }
            Extrapolate::Yes => {
                let v = ev(vec![a, b])?;
                d(&v, 1, 0)?
            }
        };
        cuprum_core::multiply(&total, sign)?.reshape(self.trailing.as_slice())
    }
}

/// The knot interval `l` (`t[l] <= x < t[l+1]`, clipped to `k..=n-1`, int64) of each point of
/// `xs` `(N,)` and the `k + 1` nonzero B-splines there (their `nu`-th derivatives), each
/// `(N,)`: de Boor's recursion (SciPy's `_deBoor_D`) on `xs`'s device.
pub(crate) fn basis_device(
    t: &Array,
    n: usize,
    k: usize,
    xs: &Array,
    nu: usize,
) -> Result<(Array, Vec<Array>)> {
    let npts = xs.size();
    let dev = xs.device();
    let pos = searchsorted(t, xs, Side::Right, None)?;
    let l = cuprum_core::clip(
        &cuprum_core::subtract(&pos, 1i64)?,
        Some((k as i64).into()),
        Some(((n - 1) as i64).into()),
    )?;
    let knot = |off: isize| -> Result<Array> {
        take(t, &cuprum_core::add(&l, off as i64)?, None, IndexMode::Clip)
    };
    let mut h: Vec<Array> = ext::try_vec_with_capacity(k + 1)?;
    h.push(cuprum_core::ones_on([npts], DType::Float64, dev)?);
    for j in 1..=k {
        let deriv = j + nu > k;
        let hh = h;
        let mut hn: Vec<Array> = ext::try_vec_with_capacity(j + 1)?;
        hn.push(cuprum_core::zeros_on([npts], DType::Float64, dev)?);
        for m in 1..=j {
            let xb = knot(m as isize)?;
            let xa = knot(m as isize - j as isize)?;
            let den = cuprum_core::subtract(&xb, &xa)?;
            let zero = cuprum_core::equal(&den, 0.0)?;
            let safe = cuprum_core::where_(&zero, 1.0, &den)?;
            let num = if deriv {
                cuprum_core::multiply(&hh[m - 1], j as f64)?
            } else {
                hh[m - 1].clone()
            };
            let w = cuprum_core::where_(&zero, 0.0, &cuprum_core::divide(&num, &safe)?)?;
            if deriv {
                hn[m - 1] = cuprum_core::subtract(&hn[m - 1], &w)?;
                hn.push(w);
            } else {
                let left = cuprum_core::multiply(&w, &cuprum_core::subtract(&xb, xs)?)?;
                hn[m - 1] = cuprum_core::add(&hn[m - 1], &left)?;
                hn.push(cuprum_core::multiply(&w, &cuprum_core::subtract(xs, &xa)?)?);
            }
        }
        h = hn;
    }
    Ok((l, h))
}

/// The knot interval `l` of `x`: `t[l] <= x < t[l+1]`, `k <= l <= n - 1`.
pub(crate) fn find_interval(t: &[f64], k: usize, x: f64) -> usize {
    let n = t.len() - k - 1;
    let mut l = k;
    while l < n - 1 && x >= t[l + 1] {
        l += 1;
    }
    l
}

/// The `k + 1` nonzero B-splines (or their `m`-th derivatives) at `x` in interval `l`
/// (SciPy's `_deBoor_D`).
pub(crate) fn basis_host(t: &[f64], k: usize, x: f64, l: usize, m: usize) -> Result<Vec<f64>> {
    let mut h = ext::try_vec_filled(k + 1, 0.0)?;
    let mut hh = ext::try_vec_filled(k + 1, 0.0)?;
    h[0] = 1.0;
    for j in 1..=k {
        hh[..j].copy_from_slice(&h[..j]);
        h[0] = 0.0;
        for n in 1..=j {
            let ind = l + n;
            let (xb, xa) = (t[ind], t[ind - j]);
            if xb == xa {
                h[n] = 0.0;
                continue;
            }
            if j <= k - m.min(k) {
                let w = hh[n - 1] / (xb - xa);
                h[n - 1] += w * (xb - x);
                h[n] = w * (x - xa);
            } else {
                let w = j as f64 * hh[n - 1] / (xb - xa);
                h[n - 1] -= w;
                h[n] = w;
            }
        }
    }
    Ok(h)
}

/// Boundary conditions of [`make_interp_spline`] (SciPy's `bc_type`).
#[derive(Clone, Debug, Default, PartialEq)]
pub enum SplineBc {
    /// not-a-knot knots (`None`), the default
    #[default]
    NotAKnot,
    /// `'clamped'`: first derivatives zero at both ends (odd `k`)
    Clamped,
    /// `'natural'`: second derivatives zero at both ends (odd `k`)
    Natural,
    /// explicit derivative conditions `[(order, value), ...]` at the left and right ends
    Derivatives {
        /// conditions at `x[0]`
        left: Vec<(usize, f64)>,
        /// conditions at `x[-1]`
        right: Vec<(usize, f64)>,
    },
}

/// The interpolating B-spline of degree `k` through `(x, y)`
/// (`scipy.interpolate.make_interp_spline(x, y, k, bc_type=..., axis=...)`).
///
/// **Shapes**: `x` `(n,)`, `y` with `n` entries along `axis`; the spline's `c` has
/// `len(t) - k - 1` rows and `y`'s other axes.
///
/// Knots: `k = 0` gives `[x, x[-1]]`, `k = 1` `[x[0], x, x[-1]]`, otherwise not-a-knot knots
/// (de Boor; midpoints for even `k`), or `x` padded with `k` copies of each end when
/// derivative conditions are given. The collocation system is solved on the host by a banded
/// LU with partial pivoting (SciPy: LAPACK `gbsv`); the spline lives on `x`'s device.
///
/// # Errors
/// [`Error::BadArgument`] for `x` not finite and strictly increasing, a count of derivative
/// conditions that does not match the knots, or a singular collocation matrix;
/// [`Error::BadShape`] for fewer than `k + 1` points; [`Error::OutOfDomain`] for a
/// derivative order outside `1..=k`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{SplineBc, make_interp_spline};
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0, 4.0], &[5], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 1.0, 4.0, 9.0, 16.0], &[5], Device::Cpu).unwrap();
/// let s = make_interp_spline(&x, &y, 3, SplineBc::NotAKnot, 0).unwrap();
/// let t = Array::from_vec_on(vec![2.5], &[1], Device::Cpu).unwrap();
/// assert!((s.call(&t, 0).unwrap().to_vec::<f64>().unwrap()[0] - 6.25).abs() < 1e-12);
/// ```
pub fn make_interp_spline(
    x: &Array,
    y: &Array,
    k: usize,
    bc_type: SplineBc,
    axis: isize,
) -> Result<BSpline> {
    const OP: &str = "interpolate.make_interp_spline";
    let p = prepare(OP, x, y, axis, 1)?;
    let dev = x.device();
    let (xh, n, r) = (&p.x, p.x.len(), p.r);
    let cy = || upload(p.y.clone(), &[n, r], dev);
    if k == 0 || k == 1 {
        if bc_type != SplineBc::NotAKnot {
            return Err(Error::bad_argument(
                OP,
                "bc_type",
                format!("{bc_type:?} for k = {k}"),
                "None (not-a-knot) for k = 0 or 1",
            ));
        }
        let mut t = ext::try_vec_with_capacity(n + 2)?;
        if k == 1 {
            t.push(xh[0]);
        }
        t.extend_from_slice(xh);
        t.push(xh[n - 1]);
        if n <= k || (k == 1 && n < 2) {
            return Err(Error::bad_shape(
                OP,
                "x",
                x.shape(),
                format!("at least k + 1 = {} points", k + 1),
            ));
        }
        if k == 0 && n < 1 {
            return Err(Error::bad_shape(OP, "x", x.shape(), "at least 1 point"));
        }
        return BSpline::from_parts(t, cy()?, k, Extrapolate::Yes, p.trailing, p.axis);
    }
    let (left, right) = match &bc_type {
        SplineBc::NotAKnot => (vec![], vec![]),
        SplineBc::Clamped => (vec![(1, 0.0)], vec![(1, 0.0)]),
        SplineBc::Natural => (vec![(2, 0.0)], vec![(2, 0.0)]),
        SplineBc::Derivatives { left, right } => (left.clone(), right.clone()),
    };
    for &(o, _) in left.iter().chain(&right) {
        if o > k {
            return Err(Error::out_of_domain(
                OP,
                "bc_type",
                format!("a derivative of order {o}"),
                format!("derivative orders <= k = {k}"),
            ));
        }
    }
    // n values and the boundary conditions determine at most that many coefficients: a
    // larger degree has too few conditions (and k + 1 below must not overflow)
    if k >= n.saturating_add(left.len()).saturating_add(right.len()) {
        return Err(Error::bad_shape(
            OP,
            "x",
            x.shape(),
            format!(
                "more than k = {k} points and boundary conditions together ({} conditions)",
                left.len() + right.len()
            ),
        ));
    }
    let t: Vec<f64> = if left.is_empty() && right.is_empty() {
        if n <= k {
            return Err(Error::bad_shape(
                OP,
                "x",
                x.shape(),
                format!("at least k + 1 = {} points", k + 1),
            ));
        }
        not_a_knot(xh, k)?
    } else {
        let mut t = ext::try_vec_filled(k, xh[0])?;
        t.extend_from_slice(xh);
        t.extend(std::iter::repeat_n(xh[n - 1], k));
        t
    };
    let c = solve_collocation(OP, xh, &p.y, r, &t, k, &left, &right)?;
    let nt = t.len() - k - 1;
    BSpline::from_parts(
        t,
        upload(c, &[nt, r], dev)?,
        k,
        Extrapolate::Yes,
        p.trailing,
        p.axis,
    )
}

/// Not-a-knot knots for degree `k` (SciPy's `_not_a_knot`; also FITPACK's interpolating
/// knots).
pub(crate) fn not_a_knot(x: &[f64], k: usize) -> Result<Vec<f64>> {
    let n = x.len();
    let mut t = ext::try_vec_filled(k + 1, x[0])?;
    if k % 2 == 1 {
        let k2 = k.div_ceil(2);
        if n > 2 * k2 {
            t.extend_from_slice(&x[k2..n - k2]);
        }
    } else {
        let k2 = k / 2;
        let mid: Vec<f64> = x.windows(2).map(|w| (w[0] + w[1]) / 2.0).collect();
        if mid.len() > 2 * k2 {
            t.extend_from_slice(&mid[k2..mid.len() - k2]);
        }
    }
    t.extend(std::iter::repeat_n(x[n - 1], k + 1));
    Ok(t)
}

/// Solves the collocation system (values at `x`, derivative conditions at the ends) for the
/// B-spline coefficients `(nt, r)`.
#[allow(clippy::too_many_arguments)]
pub(crate) fn solve_collocation(
    op: &'static str,
    x: &[f64],
    y: &[f64],
    r: usize,
    t: &[f64],
    k: usize,
    left: &[(usize, f64)],
    right: &[(usize, f64)],
) -> Result<Vec<f64>> {
    let n = x.len();
    let nt = t.len() - k - 1;
    if nt != n + left.len() + right.len() {
        return Err(Error::bad_argument(
            op,
            "bc_type",
            format!("{} + {} boundary derivatives", left.len(), right.len()),
            format!("{} in all", nt as isize - n as isize),
        ));
    }
    let mut a = Banded::zeros(nt, k, k)?;
    let mut b = ext::try_vec_filled(nt * r, 0.0)?;
    let put = |a: &mut Banded, row: usize, xv: f64, m: usize| -> Result<()> {
        let l = find_interval(t, k, xv);
        let h = basis_host(t, k, xv, l, m)?;
        for (j, v) in h.iter().enumerate() {
            a.set(op, row, l - k + j, *v)?;
        }
        Ok(())
    };
    for (i, &(o, v)) in left.iter().enumerate() {
        put(&mut a, i, x[0], o)?;
        b[i * r..(i + 1) * r].fill(v);
    }
    for i in 0..n {
        put(&mut a, left.len() + i, x[i], 0)?;
        b[(left.len() + i) * r..(left.len() + i + 1) * r].copy_from_slice(&y[i * r..(i + 1) * r]);
    }
    for (i, &(o, v)) in right.iter().enumerate() {
        let row = nt - right.len() + i;
        put(&mut a, row, x[n - 1], o)?;
        b[row * r..(row + 1) * r].fill(v);
    }
    a.solve(op, &mut b, r).map_err(|_| {
        Error::bad_argument(
            op,
            "t",
            "knots giving a singular collocation matrix",
            "knots satisfying the Schoenberg-Whitney conditions",
        )
    })?;
    Ok(b)
}

impl crate::ppoly::PPoly {
    /// The spline as a piecewise polynomial in the power basis (`PPoly.from_spline`), on the
    /// spline's device. The breakpoints are the distinct knots of the base interval
    /// `t[k] ..= t[n]` (SciPy keeps repeated knots as empty intervals; the polynomial is the
    /// same). Each piece's coefficients are the spline's derivatives at its left end
    /// (`S^(j)(x_i) / j!`), evaluated on the device and assembled on the host.
    ///
    /// # Errors
    /// [`Error::BadArgument`] for a spline whose base interval holds no distinct knots.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{PPoly, SplineBc, make_interp_spline};
    /// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
    /// let y = Array::from_vec_on(vec![0.0, 1.0, 4.0, 9.0], &[4], Device::Cpu).unwrap();
    /// let p = PPoly::from_spline(&make_interp_spline(&x, &y, 3, SplineBc::NotAKnot, 0).unwrap()).unwrap();
    /// let t = Array::from_vec_on(vec![2.5], &[1], Device::Cpu).unwrap();
    /// assert!((p.call(&t, 0).unwrap().to_vec::<f64>().unwrap()[0] - 6.25).abs() < 1e-12);
    /// ```
    pub fn from_spline(spline: &BSpline) -> Result<Self> {
        let k = spline.k;
        let n = spline.n();
        let mut bp: Vec<f64> = ext::try_vec_with_capacity(n - k + 1)?;
        for &v in &spline.th[k..=n] {
            if bp.last().is_none_or(|&l| v > l) {
                bp.push(v);
            }
        }
        if bp.len() < 2 {
            return Err(Error::bad_argument(
                OP,
                "t",
                format!("t[k] = t[n] = {}", spline.th[k]),
                "a base interval with distinct knots",
            ));
        }
        let m = bp.len() - 1;
        let r = spline.c.shape()[1];
        let dev = spline.t.device();
        let at = upload(bp[..m].to_vec(), &[m], dev)?;
        let mut c = ext::try_vec_filled((k + 1) * m * r, 0.0)?;
        let mut fact = 1.0;
        for nu in 0..=k {
            if nu > 0 {
                fact *= nu as f64;
            }
            let v = spline
                .eval_flat(&at, nu, Extrapolate::Yes)?
                .to_vec::<f64>()?;
            let j = k - nu;
            for i in 0..m * r {
                c[j * m * r + i] = v[i] / fact;
            }
        }
        let e = spline.extrapolate;
        crate::ppoly::PPoly::from_host(c, k + 1, bp, spline.trailing.clone(), e, spline.axis, dev)
    }
}

impl BSpline {
    /// The B-spline design matrix (`BSpline.design_matrix(x, t, k, extrapolate)`): row `i`
    /// holds the values of the `k + 1` B-splines that are nonzero at `x[i]`, as a CSR array
    /// `(len(x), len(t) - k - 1)` on the inputs' device (SciPy returns a `csr_array` too).
    ///
    /// The values come from de Boor's recursion on the device; the CSR arrays are formed
    /// there (`indptr` = `0, k+1, 2(k+1), ...`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] for knots that are not non-decreasing and finite;
    /// [`Error::BadShape`] for fewer than `2k + 2` knots or `x` not 1-d;
    /// [`Error::OutOfDomain`] (without `extrapolate`) for `x` outside `[t[k], t[n]]`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::BSpline;
    /// let t = Array::from_vec_on(vec![0.0, 0.0, 1.0, 2.0, 2.0], &[5], Device::Cpu).unwrap();
    /// let x = Array::from_vec_on(vec![0.5, 1.5], &[2], Device::Cpu).unwrap();
    /// let m = BSpline::design_matrix(&x, &t, 1, false).unwrap();
    /// assert_eq!(m.toarray().unwrap().to_vec::<f64>().unwrap(), vec![0.5, 0.5, 0.0, 0.0, 0.5, 0.5]);
    /// ```
    pub fn design_matrix(
        x: &Array,
        t: &Array,
        k: usize,
        extrapolate: bool,
    ) -> Result<cuprum_sparse::Sparse> {
        const DM: &str = "interpolate.BSpline.design_matrix";
        util::same_device(DM, x, t)?;
        util::both_1d(DM, ("x", "t"), x, t)?;
        let nt = t.shape()[0];
        let probe = cuprum_core::zeros_on(
            [nt.saturating_sub(k + 1).max(1)],
            DType::Float64,
            t.device(),
        )?;
        let s = BSpline::new(t, &probe, k, Extrapolate::Yes, 0)?;
        let n = s.n();
        let m = x.shape()[0];
        util::real_check(DM, x)?;
        let xs = ext::as_c_contiguous(&x.astype(DType::Float64)?)?;
        if !extrapolate {
            let (lo, hi) = (s.th[k], s.th[n]);
            let out = cuprum_core::logical_or(
                &cuprum_core::less(&xs, lo)?,
                &cuprum_core::greater(&xs, hi)?,
            )?;
            let bad = cuprum_core::logical_or(&out, &cuprum_core::isnan(&xs)?)?;
            if crate::util::any_true(&bad)? {
                return Err(Error::out_of_domain(
                    DM,
                    "x",
                    "a value outside the base interval (or NaN)",
                    format!("[{lo}, {hi}] (extrapolate=false)"),
                ));
            }
        }
        let (l, h) = basis_device(&s.t, n, k, &xs, 0)?;
        let cols: Vec<Array> = (0..=k)
            .map(|a| cuprum_core::add(&l, a as i64 - k as i64)?.reshape([m, 1]))
            .collect::<Result<_>>()?;
        let vals: Vec<Array> = h.iter().map(|v| v.reshape([m, 1])).collect::<Result<_>>()?;
        let cr: Vec<&Array> = cols.iter().collect();
        let vr: Vec<&Array> = vals.iter().collect();
        let indices = cuprum_core::concatenate(&cr, 1)?.reshape([m * (k + 1)])?;
        let data = cuprum_core::concatenate(&vr, 1)?.reshape([m * (k + 1)])?;
        let indptr = cuprum_core::arange_on(
            0i64,
            ((m + 1) * (k + 1)) as i64,
            (k + 1) as i64,
            Some(DType::Int64),
            x.device(),
        )?;
        Ok(cuprum_sparse::csr_array(
            (&data, &indices, &indptr),
            Some((m, n)),
        )?)
    }
}
