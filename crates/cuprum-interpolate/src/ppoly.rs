//! [`PPoly`]: a piecewise polynomial in the power basis (`scipy.interpolate.PPoly`), the
//! representation every cubic interpolator of this crate builds and evaluates.

use crate::util::{self, factorial, host_f64, place_axis, row, upload};
use cuprum_core::sort::{Side, searchsorted};
use cuprum_core::{Array, DType, Error, IndexMode, Result, Scalar, ext, take};

/// What an interpolator does at points outside its base interval (SciPy's `extrapolate`:
/// `True`, `False`, `'periodic'`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Extrapolate {
    /// extend the first and last pieces (`True`)
    #[default]
    Yes,
    /// NaN outside the base interval (`False`)
    No,
    /// wrap points into the base interval (`'periodic'`)
    Periodic,
}

/// A piecewise polynomial in the power basis: on `x[i] <= t < x[i+1]`
/// `p(t) = sum_j c[j, i] * (t - x[i])^(k - j)` (`scipy.interpolate.PPoly`).
///
/// **Shapes**: `c` is `(k + 1, m, *trailing)`, `x` is `(m + 1,)`; evaluating at points of
/// shape `s` gives `trailing[..axis] + s + trailing[axis..]`.
///
/// The breakpoints and coefficients live on one device; evaluation runs there: on a CUDA
/// device one NVRTC kernel (`kernels/interpolate/ppoly.cu`: a thread per point, a binary
/// search for the piece and Horner's rule), on the CPU the same steps composed of cuprum's
/// array operations (`searchsorted`, `take`, ufuncs). Breakpoints must be strictly increasing (SciPy also accepts
/// decreasing ones; cuprum does not).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{Extrapolate, PPoly};
/// // p(t) = t^2 on [0, 1] and 1 + 2 (t - 1) on [1, 2]
/// let c = Array::from_vec_on(vec![1.0, 0.0, 0.0, 2.0, 0.0, 1.0], &[3, 2], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![0.0, 1.0, 2.0], &[3], Device::Cpu).unwrap();
/// let p = PPoly::new(&c, &x, Extrapolate::Yes, 0).unwrap();
/// let t = Array::from_vec_on(vec![0.5, 1.5], &[2], Device::Cpu).unwrap();
/// assert_eq!(p.call(&t, 0).unwrap().to_vec::<f64>().unwrap(), vec![0.25, 2.0]);
/// ```
#[derive(Clone, Debug)]
pub struct PPoly {
    c: Array,
    x: Array,
    xh: Vec<f64>,
    trailing: Vec<usize>,
    extrapolate: Extrapolate,
    axis: usize,
}

const OP: &str = "interpolate.PPoly";

impl PPoly {
    /// A piecewise polynomial from coefficients `c` `(k + 1, m, ...)` and breakpoints `x`
    /// `(m + 1,)` on the same device; `axis` places the evaluation points among the trailing
    /// axes of the result (SciPy's `axis`).
    ///
    /// # Errors
    /// [`Error::BadShape`] when `c` has fewer than 2 dimensions, `x` is not 1-d or the sizes
    /// disagree; [`Error::BadArgument`] when `x` is not finite and strictly increasing; [`Error::DType`] for
    /// complex or bool input; [`Error::AxisOutOfBounds`].
    pub fn new(c: &Array, x: &Array, extrapolate: Extrapolate, axis: isize) -> Result<Self> {
        util::same_device(OP, c, x)?;
        if c.ndim() < 2 || x.ndim() != 1 {
            let (arg, shape, want) = if c.ndim() < 2 {
                ("c", c.shape(), "at least 2-d: (k + 1, m, ...)")
            } else {
                ("x", x.shape(), "a 1-d array")
            };
            return Err(Error::bad_shape(OP, arg, shape, want));
        }
        let m = c.shape()[1];
        if x.shape()[0] != m + 1 || m == 0 || c.shape()[0] == 0 {
            return Err(Error::bad_shape(
                OP,
                "x",
                x.shape(),
                format!(
                    "one more entry than c has intervals, c being {:?} (at least one interval and one coefficient)",
                    c.shape()
                ),
            ));
        }
        let xh = host_f64(OP, x)?;
        util::check_increasing(OP, &xh)?;
        let trailing = c.shape()[2..].to_vec();
        let axis = util::norm_axis(OP, axis, trailing.len() + 1)?;
        let r: usize = trailing.iter().product();
        let cf = util::as_f64(OP, c)?.reshape([c.shape()[0], m, r])?;
        Ok(Self {
            c: cf,
            x: util::as_f64(OP, x)?,
            xh,
            trailing,
            extrapolate,
            axis,
        })
    }

    /// Builds from host coefficients `(k + 1, m, r)` and breakpoints on `device`
    /// (constructors of this crate; the values are checked by their callers).
    pub(crate) fn from_host(
        c: Vec<f64>,
        k1: usize,
        x: Vec<f64>,
        trailing: Vec<usize>,
        extrapolate: Extrapolate,
        axis: usize,
        device: cuprum_core::Device,
    ) -> Result<Self> {
        let m = x.len() - 1;
        let r: usize = trailing.iter().product();
        Ok(Self {
            c: upload(c, &[k1, m, r], device)?,
            x: upload(x.clone(), &[m + 1], device)?,
            xh: x,
            trailing,
            extrapolate,
            axis,
        })
    }

    /// The coefficients, `(k + 1, m, *trailing)`.
    ///
    /// # Errors
    /// None in practice (a reshape of the stored array).
    pub fn c(&self) -> Result<Array> {
        let mut s = vec![self.c.shape()[0], self.c.shape()[1]];
        s.extend_from_slice(&self.trailing);
        self.c.reshape(s.as_slice())
    }

    /// The breakpoints, `(m + 1,)`.
    pub fn x(&self) -> &Array {
        &self.x
    }

    /// The extrapolation mode.
    pub fn extrapolate(&self) -> Extrapolate {
        self.extrapolate
    }

    /// The polynomial degree `k`.
    pub fn degree(&self) -> usize {
        self.c.shape()[0] - 1
    }

    /// The `nu`-th derivative at the points `xnew` (any shape, any real dtype), float64 on
    /// `xnew`'s device, which must be the polynomial's (SciPy's `__call__(x, nu)`).
    ///
    /// **Shapes**: `xnew` `s` → `trailing[..axis] + s + trailing[axis..]`.
    ///
    /// # Errors
    /// [`Error::DeviceMismatch`]; [`Error::DType`] for complex `xnew`.
    pub fn call(&self, xnew: &Array, nu: usize) -> Result<Array> {
        let flat = self.eval_flat(xnew, nu, self.extrapolate)?;
        place_axis(&flat, xnew.shape(), &self.trailing, self.axis)
    }

    /// Evaluation at the flattened points: `(N, r)`.
    pub(crate) fn eval_flat(
        &self,
        xnew: &Array,
        nu: usize,
        extrapolate: Extrapolate,
    ) -> Result<Array> {
        util::same_device(OP, &self.x, xnew)?;
        util::real_check(OP, xnew)?;
        let n = xnew.size();
        let r = self.c.shape()[2];
        let m = self.c.shape()[1];
        let k = self.c.shape()[0] - 1;
        let dev = self.x.device();
        let mut xs = xnew.astype(DType::Float64)?.reshape([n])?;
        let (lo, hi) = (self.xh[0], self.xh[m]);
        if dev == cuprum_core::Device::Cpu && n > 0 {
            // one parallel loop over the points (the CUDA kernel's algorithm)
            return self.eval_cpu(&xs, nu, extrapolate);
        }
        if let cuprum_core::Device::Cuda(ordinal) = dev
            && n > 0
        {
            // one fused kernel (the wrap for periodic included)
            return self.eval_cuda(&xs, nu, extrapolate, ordinal);
        }
        if extrapolate == Extrapolate::Periodic {
            let shifted = cuprum_core::subtract(&xs, lo)?;
            xs = cuprum_core::add(&cuprum_core::remainder(&shifted, hi - lo)?, lo)?;
        }
        if n == 0 {
            return cuprum_core::zeros_on([0, r], DType::Float64, dev);
        }
        let pos = searchsorted(&self.x, &xs, Side::Right, None)?;
        let idx = cuprum_core::clip(
            &cuprum_core::subtract(&pos, 1i64)?,
            Some(0i64.into()),
            Some(((m - 1) as i64).into()),
        )?;
        let xl = take(&self.x, &idx, None, IndexMode::Clip)?;
        let dx = cuprum_core::subtract(&xs, &xl)?.reshape([n, 1])?;
        let mut res: Option<Array> = None;
        for j in 0..(k + 1).saturating_sub(nu) {
            let p = k - j;
            let fac = factorial(p) / factorial(p - nu);
            let cj = take(&row(&self.c, j)?, &idx, Some(0), IndexMode::Clip)?;
            let term = if fac == 1.0 {
                cj
            } else {
                cuprum_core::multiply(&cj, fac)?
            };
            res = Some(match res {
                None => term,
                Some(acc) => cuprum_core::add(&cuprum_core::multiply(&acc, &dx)?, &term)?,
            });
        }
        let mut res = match res {
            Some(a) => a,
            None => cuprum_core::zeros_on([n, r], DType::Float64, dev)?,
        };
        if extrapolate == Extrapolate::No {
            let out = cuprum_core::logical_or(
                &cuprum_core::less(&xs, lo)?,
                &cuprum_core::greater(&xs, hi)?,
            )?
            .reshape([n, 1])?;
            res = cuprum_core::where_(&out, Scalar::Float(f64::NAN), &res)?;
        }
        Ok(res)
    }

    /// [`PPoly::eval_flat`] on a CUDA device: one thread per point (`kernels/interpolate/ppoly.cu`):
    /// a binary search for the piece and Horner's rule, in one launch.
    fn eval_cuda(
        &self,
        xs: &Array,
        nu: usize,
        extrapolate: Extrapolate,
        ordinal: usize,
    ) -> Result<Array> {
        use cuprum_core::ext::nvrtc;
        let (k1, m, r) = (self.c.shape()[0], self.c.shape()[1], self.c.shape()[2]);
        let n = xs.size();
        let xs = ext::as_c_contiguous(xs)?;
        let out = ext::empty_for_overwrite(&[n, r], DType::Float64, xs.device())?;
        let f = nvrtc::static_function(
            ordinal,
            include_str!("../../../kernels/interpolate/ppoly.cu"),
            "pp_eval",
            &[],
        )?;
        let ptr = |a: &Array| -> Result<u64> {
            let s = a
                .storage()
                .as_cuda()
                .ok_or_else(|| Error::unsupported(OP, "the evaluation kernel takes CUDA arrays"))?;
            Ok(s.device_ptr() + (a.offset() * a.dtype().itemsize()) as u64)
        };
        let (mut px, mut pc, mut ps, mut po) =
            (ptr(&self.x)?, ptr(&self.c)?, ptr(&xs)?, ptr(&out)?);
        let mode: i64 = match extrapolate {
            Extrapolate::No => 0,
            Extrapolate::Yes => 1,
            Extrapolate::Periodic => 2,
        };
        let (mut mm, mut kk, mut rr, mut nn, mut nuu, mut md) =
            (m as i64, k1 as i64, r as i64, n as i64, nu as i64, mode);
        let mut args: [*mut std::ffi::c_void; 10] = [
            &mut px as *mut u64 as *mut _,
            &mut pc as *mut u64 as *mut _,
            &mut ps as *mut u64 as *mut _,
            &mut po as *mut u64 as *mut _,
            &mut mm as *mut i64 as *mut _,
            &mut kk as *mut i64 as *mut _,
            &mut rr as *mut i64 as *mut _,
            &mut nn as *mut i64 as *mut _,
            &mut nuu as *mut i64 as *mut _,
            &mut md as *mut i64 as *mut _,
        ];
        let mut cfg = nvrtc::LaunchConfig::for_num_elems(n.max(1) as u64, 256);
        cfg.grid.0 = cfg.grid.0.min(1 << 16);
        // SAFETY: `pp_eval` takes four device pointers (x: m + 1 doubles, c: k1 * m * r doubles,
        // xs: n doubles, out: n * r doubles — all C-contiguous float64 buffers on device
        // `ordinal`, kept alive by the arrays held here until the stream-ordered launch is
        // queued) and six 64-bit integers, in this order; every access is bounded by those
        // sizes and the grid-stride loop makes any grid size safe.
        unsafe { nvrtc::launch(&f, cfg, None, &mut args)? };
        Ok(out)
    }

    /// [`PPoly::eval_flat`] on the CPU: a binary search for the piece and Horner's rule per
    /// point, the points in parallel (rayon); the same arithmetic as `kernels/interpolate/ppoly.cu`.
    fn eval_cpu(&self, xs: &Array, nu: usize, extrapolate: Extrapolate) -> Result<Array> {
        use rayon::prelude::*;
        let (k1, m, r) = (self.c.shape()[0], self.c.shape()[1], self.c.shape()[2]);
        let xv = ext::as_c_contiguous(xs)?.to_vec::<f64>()?;
        let n = xv.len();
        let c = self.host_c()?;
        let x = &self.xh;
        let (lo, hi) = (x[0], x[m]);
        let mut out = ext::try_vec_filled(n.saturating_mul(r), 0.0)?;
        let facs: Vec<f64> = (0..k1)
            .map(|j| {
                let pw = k1 - 1 - j;
                (0..nu).fold(1.0, |f, t| f * (pw as f64 - t as f64))
            })
            .collect();
        out.par_chunks_mut(r.max(1))
            .zip(xv.par_iter())
            .for_each(|(o, &v0)| {
                let mut v = v0;
                if extrapolate == Extrapolate::Periodic {
                    let per = hi - lo;
                    let mut t = (v - lo) % per;
                    if t != 0.0 && (t < 0.0) != (per < 0.0) {
                        t += per;
                    }
                    v = lo + t;
                }
                // the last breakpoint <= v, clipped to a piece; NaN lands in the last piece
                let i = if v.is_nan() {
                    m - 1
                } else {
                    x.partition_point(|&b| b <= v).saturating_sub(1).min(m - 1)
                };
                let dx = v - x[i];
                let outside = extrapolate == Extrapolate::No && (v < lo || v > hi);
                for (q, oq) in o.iter_mut().enumerate() {
                    let mut acc = 0.0;
                    for j in 0..k1.saturating_sub(nu) {
                        let cj = c[(j * m + i) * r + q];
                        acc = if j == 0 {
                            facs[j] * cj
                        } else {
                            acc * dx + facs[j] * cj
                        };
                    }
                    *oq = if outside { f64::NAN } else { acc };
                }
            });
        Array::from_vec_on(out, &[n, r], cuprum_core::Device::Cpu)
    }

    /// The coefficients `(k + 1, m, r)` on the host.
    pub(crate) fn host_c(&self) -> Result<Vec<f64>> {
        ext::as_c_contiguous(&self.c)?.to_vec::<f64>()
    }

    /// The derivative of order `nu` as a new piecewise polynomial (`PPoly.derivative`).
    ///
    /// # Errors
    /// Allocation errors.
    pub fn derivative(&self, nu: usize) -> Result<PPoly> {
        let (k1, m, r) = (self.c.shape()[0], self.c.shape()[1], self.c.shape()[2]);
        let c = self.host_c()?;
        let mut out = if nu >= k1 {
            ext::try_vec_filled(m * r, 0.0)?
        } else {
            let k2 = k1 - nu;
            let mut o = ext::try_vec_filled(k2 * m * r, 0.0)?;
            for j in 0..k2 {
                let p = k1 - 1 - j;
                let fac = factorial(p) / factorial(p - nu);
                for q in 0..m * r {
                    o[j * m * r + q] = c[j * m * r + q] * fac;
                }
            }
            o
        };
        let k2 = if nu >= k1 { 1 } else { k1 - nu };
        if out.is_empty() {
            out = ext::try_vec_filled(m * r, 0.0)?;
        }
        Self::from_host(
            out,
            k2,
            self.xh.clone(),
            self.trailing.clone(),
            self.extrapolate,
            self.axis,
            self.x.device(),
        )
    }

    /// The antiderivative of order `nu` (`PPoly.antiderivative`): continuous, zero at `x[0]`.
    /// A periodic polynomial's antiderivative extrapolates (`Extrapolate::Yes`), as in SciPy.
    ///
    /// # Errors
    /// Allocation errors.
    pub fn antiderivative(&self, nu: usize) -> Result<PPoly> {
        let (k1, m, r) = (self.c.shape()[0], self.c.shape()[1], self.c.shape()[2]);
        let c = self.host_c()?;
        let k2 = k1 + nu;
        let mut o = ext::try_vec_filled(k2 * m * r, 0.0)?;
        for j in 0..k1 {
            let p = k1 - 1 - j;
            let fac = factorial(p) / factorial(p + nu);
            for q in 0..m * r {
                o[j * m * r + q] = c[j * m * r + q] * fac;
            }
        }
        // continuity of the derivatives 0 ..= nu - 1 at each breakpoint
        if nu > 0 {
            for ip in 1..m {
                let h = self.xh[ip] - self.xh[ip - 1];
                for kp in (0..nu).rev() {
                    for jp in 0..r {
                        // kp-th derivative of piece ip - 1 at its right end
                        let mut val = 0.0;
                        for j in 0..k2 {
                            let p = k2 - 1 - j;
                            if p < kp {
                                continue;
                            }
                            val += o[(j * m + ip - 1) * r + jp] * factorial(p) / factorial(p - kp)
                                * h.powi((p - kp) as i32);
                        }
                        o[((k2 - 1 - kp) * m + ip) * r + jp] = val / factorial(kp);
                    }
                }
            }
        }
        let ext_mode = match self.extrapolate {
            Extrapolate::Periodic => Extrapolate::Yes,
            e => e,
        };
        Self::from_host(
            o,
            k2,
            self.xh.clone(),
            self.trailing.clone(),
            ext_mode,
            self.axis,
            self.x.device(),
        )
    }

    /// The definite integral over `[a, b]` (`PPoly.integrate`), shape `trailing`, on the
    /// polynomial's device; `b < a` gives the negative. Outside the base interval the result
    /// follows `extrapolate` (NaN for `Extrapolate::No`; periodic wraps).
    ///
    /// # Errors
    /// Allocation errors.
    pub fn integrate(&self, a: f64, b: f64) -> Result<Array> {
        let anti = self.antiderivative(1)?;
        let dev = self.x.device();
        let m = self.xh.len() - 1;
        let (xs, xe) = (self.xh[0], self.xh[m]);
        let (mut a, mut b, mut sign) = (a, b, 1.0);
        if b < a {
            std::mem::swap(&mut a, &mut b);
            sign = -1.0;
        }
        let ev = |pts: Vec<f64>| -> Result<Array> {
            let n = pts.len();
            let xa = upload(pts, &[n], dev)?;
            let mode = if self.extrapolate == Extrapolate::No {
                Extrapolate::No
            } else {
                Extrapolate::Yes
            };
            anti.eval_flat(&xa, 0, mode)
        };
        let diff = |v: &Array, i: usize, j: usize| -> Result<Array> {
            cuprum_core::subtract(&row(v, i)?, &row(v, j)?)
        };
        let total = if self.extrapolate == Extrapolate::Periodic {
            let period = xe - xs;
            let interval = b - a;
            let n_periods = (interval / period).floor();
            let left = interval - n_periods * period;
            let a2 = xs + (a - xs).rem_euclid(period);
            let b2 = a2 + left;
            if b2 <= xe {
                let v = ev(vec![xs, xe, a2, b2])?;
                cuprum_core::add(
                    &cuprum_core::multiply(&diff(&v, 1, 0)?, n_periods)?,
                    &diff(&v, 3, 2)?,
                )?
            } else {
                let v = ev(vec![xs, xe, a2, xs + left + a2 - xe])?;
                let whole = cuprum_core::multiply(&diff(&v, 1, 0)?, n_periods)?;
                let part = cuprum_core::add(&diff(&v, 1, 2)?, &diff(&v, 3, 0)?)?;
                cuprum_core::add(&whole, &part)?
            }
        } else {
            let v = ev(vec![a, b])?;
            diff(&v, 1, 0)?
        };
        let total = cuprum_core::multiply(&total, sign)?;
        total.reshape(self.trailing.as_slice())
    }
}

impl PPoly {
    /// The real roots of a 1-d piecewise polynomial, ascending (`PPoly.roots(discontinuity,
    /// extrapolate)`; SciPy's `solve(0)`). `discontinuity` also reports breakpoints where the
    /// polynomial jumps across zero; `extrapolate` (default: the polynomial's own mode, which
    /// here means the first and last pieces extend to infinity unless it is `No`) searches
    /// beyond the base interval. A piece that is identically zero contributes its left
    /// breakpoint followed by NaN, as SciPy.
    ///
    /// **Shapes**: the roots are 1-d, float64 on the polynomial's device. The search runs on
    /// the host (SciPy's too): each piece's roots are bracketed between the roots of its
    /// derivative and refined by bisection.
    ///
    /// # Errors
    /// [`Error::BadShape`] when the polynomial has trailing dimensions (SciPy returns an
    /// object array there).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{Extrapolate, PPoly};
    /// // t^2 - 2 on [0, 3]
    /// let c = Array::from_vec_on(vec![1.0, 0.0, -2.0], &[3, 1], Device::Cpu).unwrap();
    /// let x = Array::from_vec_on(vec![0.0, 3.0], &[2], Device::Cpu).unwrap();
    /// let p = PPoly::new(&c, &x, Extrapolate::Yes, 0).unwrap();
    /// let r = p.roots(true, None).unwrap().to_vec::<f64>().unwrap();
    /// assert!(r.len() == 2 && (r[0] + 2f64.sqrt()).abs() < 1e-14 && (r[1] - 2f64.sqrt()).abs() < 1e-14);
    /// ```
    pub fn roots(&self, discontinuity: bool, extrapolate: Option<Extrapolate>) -> Result<Array> {
        self.solve(0.0, discontinuity, extrapolate)
    }

    /// The real solutions of `p(x) = y`, ascending (`PPoly.solve(y, discontinuity,
    /// extrapolate)`); [`PPoly::roots`] is `solve(0)`, with the same conventions.
    ///
    /// # Errors
    /// As [`PPoly::roots`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{Extrapolate, PPoly};
    /// // p(t) = t on [0, 4]
    /// let c = Array::from_vec_on(vec![1.0, 0.0], &[2, 1], Device::Cpu).unwrap();
    /// let x = Array::from_vec_on(vec![0.0, 4.0], &[2], Device::Cpu).unwrap();
    /// let p = PPoly::new(&c, &x, Extrapolate::No, 0).unwrap();
    /// assert_eq!(p.solve(2.5, true, None).unwrap().to_vec::<f64>().unwrap(), vec![2.5]);
    /// ```
    pub fn solve(
        &self,
        y: f64,
        discontinuity: bool,
        extrapolate: Option<Extrapolate>,
    ) -> Result<Array> {
        if !self.trailing.is_empty() && self.c.shape()[2] != 1 {
            return Err(Error::bad_shape(
                "interpolate.PPoly.solve",
                "c",
                self.c.shape(),
                "a polynomial with scalar values (trailing size 1)",
            ));
        }
        let (k1, m) = (self.c.shape()[0], self.c.shape()[1]);
        let c = self.host_c()?;
        let ext_mode = extrapolate.unwrap_or(self.extrapolate);
        let extend = ext_mode == Extrapolate::Yes;
        let mut out: Vec<f64> = Vec::new();
        let piece = |i: usize| -> Vec<f64> {
            (0..k1)
                .map(|j| c[j * m + i] - if j + 1 == k1 { y } else { 0.0 })
                .collect()
        };
        for i in 0..m {
            let ci = piece(i);
            let h = self.xh[i + 1] - self.xh[i];
            if ci.iter().all(|&v| v == 0.0) {
                out.push(self.xh[i]);
                out.push(f64::NAN);
                continue;
            }
            if discontinuity && i > 0 {
                let prev = piece(i - 1);
                let hp = self.xh[i] - self.xh[i - 1];
                let (l, r) = (crate::roots::horner_pub(&prev, hp), ci[k1 - 1]);
                if (l < 0.0 && r > 0.0) || (l > 0.0 && r < 0.0) {
                    out.push(self.xh[i]);
                }
            }
            let bound = crate::roots::cauchy_bound(&ci);
            let lo = if extend && i == 0 {
                -bound.max(0.0)
            } else {
                0.0
            };
            let hi = if extend && i == m - 1 {
                bound.max(h)
            } else {
                h
            };
            for t in crate::roots::poly_roots(&ci, lo, hi) {
                // a root at the right end belongs to the next piece (half-open pieces)
                if t == h && i + 1 < m {
                    continue;
                }
                let v = self.xh[i] + t;
                if out.last().is_none_or(|&last| last.is_nan() || v > last) {
                    out.push(v);
                }
            }
        }
        let n = out.len();
        upload(out, &[n], self.x.device())
    }
}

/// Where [`PPoly::extend`] / [`BPoly::extend`](crate::BPoly::extend) place new intervals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ExtendSide {
    Append,
    Prepend,
}

/// Checks the arguments of `extend` (SciPy's `_PPolyBase.extend`) against the current
/// breakpoints `xh` and trailing shape: `c` `(k', m', *trailing)`, `x` `(m',)`, strictly
/// increasing, wholly right of `xh` (append) or wholly left (prepend). Returns the side and
/// the new breakpoints on the host.
pub(crate) fn extend_args(
    op: &'static str,
    xh: &[f64],
    trailing: &[usize],
    c: &Array,
    x: &Array,
) -> Result<(ExtendSide, Vec<f64>)> {
    if c.ndim() < 2 || x.ndim() != 1 || x.shape()[0] != c.shape()[1] || c.shape()[2..] != *trailing
    {
        return Err(Error::bad_shape(
            op,
            "c",
            c.shape(),
            format!(
                "(k + 1, m, *{trailing:?}) with x of shape (m,), x being {:?}",
                x.shape()
            ),
        ));
    }
    let xn = host_f64(op, x)?;
    util::check_increasing(op, &xn)?;
    let (first, last) = (xh[0], xh[xh.len() - 1]);
    match (xn.first(), xn.last()) {
        (Some(&a), _) if a > last => Ok((ExtendSide::Append, xn)),
        (_, Some(&b)) if b < first => Ok((ExtendSide::Prepend, xn)),
        (Some(&a), Some(&b)) => Err(Error::bad_argument(
            op,
            "x",
            format!("[{a}, ..., {b}]"),
            format!("breakpoints wholly right of {last} or wholly left of {first}"),
        )),
        _ => Ok((ExtendSide::Append, xn)),
    }
}

/// Joins the coefficient blocks `a` `(ka, ma, r)` and `b` `(kb, mb, r)` (host, C order)
/// along the interval axis, the lower degree padded with leading zero rows (SciPy's
/// `extend`): `(max(ka, kb), ma + mb, r)`.
pub(crate) fn join_coeffs(
    a: &[f64],
    (ka, ma): (usize, usize),
    b: &[f64],
    (kb, mb): (usize, usize),
    r: usize,
) -> Result<(Vec<f64>, usize)> {
    let k2 = ka.max(kb);
    let m2 = ma + mb;
    let mut out = ext::try_vec_filled(k2 * m2 * r, 0.0)?;
    for (src, k, m, i0) in [(a, ka, ma, 0), (b, kb, mb, ma)] {
        for j in 0..k {
            let jo = k2 - k + j;
            for i in 0..m {
                let s = (j * m + i) * r;
                let o = (jo * m2 + i0 + i) * r;
                out[o..o + r].copy_from_slice(&src[s..s + r]);
            }
        }
    }
    Ok((out, k2))
}

impl PPoly {
    /// Adds intervals (`PPoly.extend(c, x)`): `c` `(k', m', *trailing)` holds the new
    /// pieces' coefficients and `x` `(m',)` their right ends (appending, `x[0] > self.x[-1]`)
    /// or their left ends (prepending, `x[-1] < self.x[0]`); the first added interval joins
    /// an end breakpoint of `self.x`, as in SciPy. The lower degree is padded with zero
    /// leading coefficients to the higher (on both sides; SciPy 1.17 raises when prepending
    /// pieces of another degree). An empty `c` changes nothing.
    ///
    /// **Shapes**: afterwards `c` is `(max(k + 1, k'), m + m', *trailing)`, `x`
    /// `(m + m' + 1,)`.
    ///
    /// The join runs on the host (`O((k + 1) m r)`, SciPy's too); the result lives on the
    /// polynomial's device.
    ///
    /// # Errors
    /// [`Error::BadShape`] when `c` is not `(k', m', *trailing)` with `x` `(m',)`;
    /// [`Error::BadArgument`] when `x` is not finite and strictly increasing or not wholly
    /// on one side of the breakpoints (cuprum's breakpoints are strictly increasing, so a new
    /// breakpoint equal to an end is refused where SciPy makes an empty interval);
    /// [`Error::DeviceMismatch`]; [`Error::DType`] for complex or bool input.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{Extrapolate, PPoly};
    /// // t on [0, 1], then 1 + (t - 1)^2 on [1, 2]
    /// let c = Array::from_vec_on(vec![1.0, 0.0], &[2, 1], Device::Cpu).unwrap();
    /// let x = Array::from_vec_on(vec![0.0, 1.0], &[2], Device::Cpu).unwrap();
    /// let mut p = PPoly::new(&c, &x, Extrapolate::Yes, 0).unwrap();
    /// let c2 = Array::from_vec_on(vec![1.0, 0.0, 1.0], &[3, 1], Device::Cpu).unwrap();
    /// p.extend(&c2, &Array::from_vec_on(vec![2.0], &[1], Device::Cpu).unwrap()).unwrap();
    /// assert_eq!(p.c().unwrap().shape(), &[3, 2]);
    /// let t = Array::from_vec_on(vec![0.5, 1.5], &[2], Device::Cpu).unwrap();
    /// assert_eq!(p.call(&t, 0).unwrap().to_vec::<f64>().unwrap(), vec![0.5, 1.25]);
    /// ```
    pub fn extend(&mut self, c: &Array, x: &Array) -> Result<()> {
        util::same_device(OP, &self.x, c)?;
        util::same_device(OP, &self.x, x)?;
        let (side, xn) = extend_args("interpolate.PPoly.extend", &self.xh, &self.trailing, c, x)?;
        if c.size() == 0 {
            return Ok(());
        }
        let (k1, m, r) = (self.c.shape()[0], self.c.shape()[1], self.c.shape()[2]);
        let old = self.host_c()?;
        let new = host_f64(OP, c)?;
        let kn = c.shape()[0];
        let mn = xn.len();
        let (cc, k2, xs) = match side {
            ExtendSide::Append => {
                let (cc, k2) = join_coeffs(&old, (k1, m), &new, (kn, mn), r)?;
                (cc, k2, [self.xh.as_slice(), &xn].concat())
            }
            ExtendSide::Prepend => {
                let (cc, k2) = join_coeffs(&new, (kn, mn), &old, (k1, m), r)?;
                (cc, k2, [xn.as_slice(), &self.xh].concat())
            }
        };
        *self = Self::from_host(
            cc,
            k2,
            xs,
            self.trailing.clone(),
            self.extrapolate,
            self.axis,
            self.x.device(),
        )?;
        Ok(())
    }

    /// The same polynomial with another extrapolation mode (`None` keeps this one).
    pub(crate) fn with_extrapolate(&self, extrapolate: Option<Extrapolate>) -> PPoly {
        let mut p = self.clone();
        if let Some(e) = extrapolate {
            p.extrapolate = e;
        }
        p
    }

    /// The breakpoints on the host, the trailing shape and the evaluation axis.
    pub(crate) fn layout(&self) -> (&[f64], &[usize], usize) {
        (&self.xh, &self.trailing, self.axis)
    }

    /// The power-basis form of a Bernstein polynomial (`PPoly.from_bernstein_basis(bp,
    /// extrapolate)`); `extrapolate` `None` keeps `bp`'s mode. The breakpoints, trailing
    /// shape and axis are `bp`'s.
    ///
    /// **Shapes**: `c` `(k + 1, m, *trailing)` as `bp`'s.
    ///
    /// The conversion (`O(m k^2)` on the host, SciPy's sum over binomial coefficients) was
    /// done when `bp` was built; this returns that form. Values agree with SciPy's to
    /// rounding.
    ///
    /// # Errors
    /// None in practice.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{BPoly, Extrapolate, PPoly};
    /// // Bernstein [0, 1, 0] on [0, 1] is 2 s (1 - s) = -2 s^2 + 2 s
    /// let c = Array::from_vec_on(vec![0.0, 1.0, 0.0], &[3, 1], Device::Cpu).unwrap();
    /// let x = Array::from_vec_on(vec![0.0, 1.0], &[2], Device::Cpu).unwrap();
    /// let b = BPoly::new(&c, &x, Extrapolate::Yes, 0).unwrap();
    /// let p = PPoly::from_bernstein_basis(&b, None).unwrap();
    /// assert_eq!(p.c().unwrap().to_vec::<f64>().unwrap(), vec![-2.0, 2.0, 0.0]);
    /// ```
    pub fn from_bernstein_basis(
        bp: &crate::BPoly,
        extrapolate: Option<Extrapolate>,
    ) -> Result<PPoly> {
        Ok(bp.ppoly().with_extrapolate(extrapolate))
    }
}
