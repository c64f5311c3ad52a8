//! [`NdPPoly`]: a piecewise tensor-product polynomial on a rectilinear grid
//! (`scipy.interpolate.NdPPoly`).

use crate::util;
use crate::{Extrapolate, PPoly};
use cuprum_core::sort::{Side, searchsorted};
use cuprum_core::{Array, DType, Error, IndexMode, Result, SliceItem, ext, take};

const OP: &str = "interpolate.NdPPoly";

/// A piecewise polynomial in `d` variables, a tensor product of power bases in each interval
/// of a rectilinear grid (`scipy.interpolate.NdPPoly`).
///
/// **Shapes**: breakpoints `x_j` `(m_j + 1,)` for `j < d`; coefficients `c`
/// `(k_0, ..., k_{d-1}, m_0, ..., m_{d-1}, ...)`; evaluating at `(..., d)` points gives
/// `xi.shape[..-1] + c.shape[2d..]`, float64.
///
/// In the cell `[x_0[i_0], x_0[i_0+1]) × ...` the value is
/// `sum_{a} c[a_0, .., a_{d-1}, i_0, .., i_{d-1}] prod_j (x_j - x_j[i_j])^(k_j - 1 - a_j)`
/// (the highest power first, as [`crate::PPoly`]). Intervals are half-open except the last;
/// with `extrapolate` (default true) points outside use the first or last interval, else
/// they give NaN (as do NaN coordinates).
///
/// Evaluation runs on the coefficients' device: a `searchsorted` per dimension, one `take` of
/// the `prod k_j` coefficients of each point's cell, and the monomials' weighted sum.
///
/// # Errors
/// [`Error::BadShape`] for a breakpoint array that is not 1-d or has fewer than 2 points,
/// `c` with fewer than `2d` dimensions or interval counts that disagree with `x`, and at
/// evaluation points whose last axis is not `d`; [`Error::BadArgument`] for decreasing
/// breakpoints or `nu` of another length;
/// [`Error::DType`] for complex coefficients; [`Error::DeviceMismatch`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::NdPPoly;
/// // f(x, y) = x * y on one cell [0, 1]²: c[a, b] multiplies x^(1-a) y^(1-b)
/// let c = Array::from_vec_on(vec![1.0, 0.0, 0.0, 0.0], &[2, 2, 1, 1], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![0.0, 1.0], &[2], Device::Cpu).unwrap();
/// let p = NdPPoly::new(&c, &[&x, &x], true).unwrap();
/// let xi = Array::from_vec_on(vec![0.5, 0.25], &[1, 2], Device::Cpu).unwrap();
/// assert_eq!(p.call(&xi, None, None).unwrap().to_vec::<f64>().unwrap(), vec![0.125]);
/// ```
#[derive(Clone, Debug)]
pub struct NdPPoly {
    /// the coefficients as given, float64
    c: Array,
    x: Vec<Array>,
    /// `k_j`
    ks: Vec<usize>,
    /// `m_j`
    ms: Vec<usize>,
    trailing: Vec<usize>,
    /// `(prod m, prod k * r)`: the coefficients of each cell in one row
    rows: Array,
    extrapolate: bool,
}

impl NdPPoly {
    /// Builds the polynomial; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(c: &Array, x: &[&Array], extrapolate: bool) -> Result<Self> {
        let d = x.len();
        if d == 0 {
            return Err(Error::bad_argument(
                OP,
                "x",
                "no arrays",
                "at least one breakpoint array",
            ));
        }
        let mut xs = ext::try_vec_with_capacity(d)?;
        for (j, xj) in x.iter().enumerate() {
            util::same_device(OP, c, xj)?;
            if xj.ndim() != 1 {
                return Err(Error::bad_shape(OP, "x", xj.shape(), format!("x[{j}] 1-d")));
            }
            if xj.size() < 2 {
                return Err(Error::bad_shape(
                    OP,
                    "x",
                    xj.shape(),
                    format!("x[{j}] with at least 2 points"),
                ));
            }
            let h = util::host_f64(OP, xj)?;
            if h.iter().any(|v| v.is_nan()) || h.windows(2).any(|w| w[1] < w[0]) {
                return Err(Error::bad_argument(
                    OP,
                    "x",
                    format!("x[{j}] = {h:?}"),
                    "non-decreasing breakpoints without NaN",
                ));
            }
            xs.push(util::as_f64(OP, xj)?);
        }
        if c.ndim() < 2 * d {
            return Err(Error::bad_shape(
                OP,
                "c",
                c.shape(),
                format!("at least 2*len(x) = {} dimensions", 2 * d),
            ));
        }
        let ks = c.shape()[..d].to_vec();
        let ms = c.shape()[d..2 * d].to_vec();
        for (j, (m, xj)) in ms.iter().zip(&xs).enumerate() {
            if *m != xj.size() - 1 {
                return Err(Error::bad_shape(
                    OP,
                    "c",
                    c.shape(),
                    format!(
                        "{} intervals along axis {}, as x[{j}] has {} points",
                        xj.size() - 1,
                        d + j,
                        xj.size()
                    ),
                ));
            }
        }
        let trailing = c.shape()[2 * d..].to_vec();
        let cf = util::as_f64(OP, c)?;
        let (kp, mp, r) = (
            ks.iter().product::<usize>(),
            ms.iter().product::<usize>(),
            trailing.iter().product::<usize>(),
        );
        let rows = ext::as_c_contiguous(&cf.reshape([kp, mp, r])?.swapaxes(0, 1)?)?
            .reshape([mp, kp * r])?;
        Ok(Self {
            c: cf,
            x: xs,
            ks,
            ms,
            trailing,
            rows,
            extrapolate,
        })
    }

    /// The coefficients, float64.
    pub fn c(&self) -> &Array {
        &self.c
    }

    /// The breakpoints of each dimension.
    pub fn x(&self) -> &[Array] {
        &self.x
    }

    /// The value (or the mixed partial derivative of orders `nu`, one per dimension) at `xi`
    /// `(..., d)`; `extrapolate` overrides the polynomial's setting.
    ///
    /// # Errors
    /// As described on the type.
    pub fn call(
        &self,
        xi: &Array,
        nu: Option<&[usize]>,
        extrapolate: Option<bool>,
    ) -> Result<Array> {
        use cuprum_core as cp;
        util::same_device(OP, &self.c, xi)?;
        let d = self.x.len();
        let zero = ext::try_vec_filled(d, 0usize)?;
        let nu = nu.unwrap_or(&zero);
        util::orders_per_dim(OP, nu, d)?;
        let extrapolate = extrapolate.unwrap_or(self.extrapolate);
        let (lead, q) = util::query_points(OP, xi, d)?;
        let dev = xi.device();
        let x = util::as_f64(OP, xi)?.reshape([q, d])?;
        let r: usize = self.trailing.iter().product();
        let mut flat = cp::zeros_on([q], DType::Int64, dev)?;
        let mut outside: Option<Array> = None;
        // the local coordinate of each point in each dimension, `(q, 1)`
        let mut t = ext::try_vec_with_capacity(d)?;
        for j in 0..d {
            let xj =
                ext::as_c_contiguous(&x.slice(&[SliceItem::FULL, SliceItem::Index(j as isize)])?)?;
            let bj = &self.x[j];
            let m = self.ms[j] as i64;
            let i = cp::subtract(&searchsorted(bj, &xj, Side::Right, None)?, 1i64)?;
            let i = cp::clip(&i, Some(0i64.into()), Some((m - 1).into()))?.astype(DType::Int64)?;
            let lo = take(bj, &i, None, IndexMode::Clip)?;
            t.push(cp::subtract(&xj, &lo)?.reshape([q, 1])?);
            // NaN coordinates give NaN (SciPy's interval -1), as do points outside the
            // breakpoints without extrapolation
            let out = if extrapolate {
                cp::isnan(&xj)?
            } else {
                let first = util::rows(bj, 0, 1)?;
                let last = util::rows(bj, m as usize, m as usize + 1)?;
                let inb = cp::logical_and(
                    &cp::greater_equal(&xj, &first)?,
                    &cp::less_equal(&xj, &last)?,
                )?;
                cp::logical_not(&inb)?
            };
            outside = Some(match outside {
                None => out,
                Some(o) => cp::logical_or(&o, &out)?,
            });
            let stride: usize = self.ms[j + 1..].iter().product();
            flat = cp::add(&flat, &cp::multiply(&i, stride as i64)?)?;
        }
        let g = take(&self.rows, &flat, Some(0), IndexMode::Clip)?;
        let mut acc = cp::zeros_on([q, r], DType::Float64, dev)?;
        let kp: usize = self.ks.iter().product();
        // the powers t_j^e, e < k_j
        let mut pw: Vec<Vec<Array>> = ext::try_vec_with_capacity(d)?;
        for (j, tj) in t.iter().enumerate() {
            let mut v = vec![cp::ones_on([q, 1], DType::Float64, dev)?];
            for e in 1..self.ks[j] {
                let next = cp::multiply(&v[e - 1], tj)?;
                v.push(next);
            }
            pw.push(v);
        }
        for a in 0..kp {
            let mut rem = a;
            let mut idx = ext::try_vec_filled(d, 0usize)?;
            for j in (0..d).rev() {
                idx[j] = rem % self.ks[j];
                rem /= self.ks[j];
            }
            let mut factor = 1.0;
            let mut mono: Option<Array> = None;
            let mut zero_term = false;
            for j in 0..d {
                let p = self.ks[j] - 1 - idx[j];
                if p < nu[j] {
                    zero_term = true;
                    break;
                }
                factor *= ((p - nu[j] + 1)..=p).fold(1.0, |f, v| f * v as f64);
                let e = p - nu[j];
                if e > 0 {
                    mono = Some(match mono {
                        None => pw[j][e].clone(),
                        Some(m) => cp::multiply(&m, &pw[j][e])?,
                    });
                }
            }
            if zero_term {
                continue;
            }
            let col = g.slice(&[
                SliceItem::FULL,
                SliceItem::Slice {
                    start: Some((a * r) as isize),
                    stop: Some(((a + 1) * r) as isize),
                    step: 1,
                },
            ])?;
            let mut term = if factor != 1.0 {
                cp::multiply(&col, factor)?
            } else {
                col
            };
            if let Some(m) = mono {
                term = cp::multiply(&term, &m)?;
            }
            acc = cp::add(&acc, &term)?;
        }
        if let Some(o) = outside {
            acc = cp::where_(&o.reshape([q, 1])?, f64::NAN, &acc)?;
        }
        let mut shape = lead;
        shape.extend_from_slice(&self.trailing);
        acc.astype(DType::Float64)?.reshape(shape.as_slice())
    }

    /// The mixed partial derivative of orders `nu` (one per dimension) as a new polynomial
    /// (SciPy's `NdPPoly.derivative`): along each axis the highest `nu_j` coefficient rows
    /// are dropped and the rest multiplied by the falling factorials of their powers (a
    /// zero polynomial of order 1 where `nu_j >= k_j`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] when `nu` has another length than `d`.
    pub fn derivative(&self, nu: &[usize]) -> Result<NdPPoly> {
        use cuprum_core as cp;
        let d = self.x.len();
        util::orders_per_dim(OP, nu, d)?;
        let mut c = self.c.clone();
        for (j, &n) in nu.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let k = c.shape()[j];
            if n >= k {
                let mut shape = c.shape().to_vec();
                shape[j] = 1;
                c = cp::zeros_on(shape.as_slice(), DType::Float64, c.device())?;
                continue;
            }
            let mut sl = ext::try_vec_filled(c.ndim(), SliceItem::FULL)?;
            sl[j] = SliceItem::Slice {
                start: Some(0),
                stop: Some((k - n) as isize),
                step: 1,
            };
            let c2 = c.slice(&sl)?;
            // row a has power k - 1 - a: the factor (k-1-a)! / (k-1-a-n)!
            let f: Vec<f64> = (0..k - n)
                .map(|a| {
                    let p = k - 1 - a;
                    ((p - n + 1)..=p).fold(1.0, |f, v| f * v as f64)
                })
                .collect();
            let mut fshape = ext::try_vec_filled(c.ndim(), 1usize)?;
            fshape[j] = k - n;
            let fa = Array::from_vec_on(f, fshape.as_slice(), c.device())?;
            c = cp::multiply(&c2, &fa)?;
        }
        let xr: Vec<&Array> = self.x.iter().collect();
        NdPPoly::new(&c, &xr, self.extrapolate)
    }

    /// `c` with the order axis `j` first and the interval axis `d + j` second, reshaped to
    /// `(k_j, m_j, rest)`, and the permutation used.
    fn axis_first(&self, c: &Array, j: usize) -> Result<(Array, Vec<isize>)> {
        let d = self.x.len();
        let mut perm: Vec<isize> = ext::try_vec_with_capacity(c.ndim())?;
        perm.push(j as isize);
        perm.push((d + j) as isize);
        perm.extend(
            (0..c.ndim())
                .filter(|&a| a != j && a != d + j)
                .map(|a| a as isize),
        );
        let (k, m) = (c.shape()[j], c.shape()[d + j]);
        let rest = c.size() / (k * m).max(1);
        let t = ext::as_c_contiguous(&c.permute_dims(&perm)?)?;
        Ok((t.reshape([k, m, rest])?, perm))
    }

    /// The 1-d polynomial along axis `j` (coefficients `(k_j, m_j, rest)`).
    fn along(&self, c: &Array, j: usize, extrapolate: bool) -> Result<(PPoly, Vec<isize>)> {
        let (c3, perm) = self.axis_first(c, j)?;
        let mode = if extrapolate {
            Extrapolate::Yes
        } else {
            Extrapolate::No
        };
        Ok((PPoly::new(&c3, &self.x[j], mode, 0)?, perm))
    }

    /// The antiderivative of orders `nu` (one per dimension) as a new polynomial (SciPy's
    /// `NdPPoly.antiderivative`): along each axis the order grows by `nu_j`, the coefficients
    /// are divided by the rising factorials of their powers, and the added low-order
    /// coefficients make each piece continue the previous one (continuous with `nu_j - 1`
    /// derivatives, zero at `x_j[0]`), as [`PPoly::antiderivative`].
    ///
    /// **Shapes**: `c` `(k_0, .., k_{d-1}, m.., ...)` → `(k_0 + nu_0, .., m.., ...)`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when `nu` has another length than `d`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::NdPPoly;
    /// // f(x, y) = x * y on [0, 1]²; the antiderivative in x is x² y / 2
    /// let c = Array::from_vec_on(vec![1.0, 0.0, 0.0, 0.0], &[2, 2, 1, 1], Device::Cpu).unwrap();
    /// let x = Array::from_vec_on(vec![0.0, 1.0], &[2], Device::Cpu).unwrap();
    /// let p = NdPPoly::new(&c, &[&x, &x], true).unwrap().antiderivative(&[1, 0]).unwrap();
    /// let xi = Array::from_vec_on(vec![0.5, 0.5], &[1, 2], Device::Cpu).unwrap();
    /// assert_eq!(p.call(&xi, None, None).unwrap().to_vec::<f64>().unwrap(), vec![0.0625]);
    /// ```
    pub fn antiderivative(&self, nu: &[usize]) -> Result<NdPPoly> {
        const AOP: &str = "interpolate.NdPPoly.antiderivative";
        let d = self.x.len();
        util::orders_per_dim(AOP, nu, d)?;
        let mut c = self.c.clone();
        for (j, &n) in nu.iter().enumerate() {
            if n == 0 {
                continue;
            }
            let (pp, perm) = self.along(&c, j, true)?;
            let anti = pp.antiderivative(n)?.c()?;
            // back to (k', m, the other axes in order), then the inverse permutation
            let mut shape = ext::try_vec_with_capacity(c.ndim())?;
            shape.push(anti.shape()[0]);
            shape.extend(perm[1..].iter().map(|&a| c.shape()[a as usize]));
            let anti = anti.reshape(shape.as_slice())?;
            let mut inv = ext::try_vec_filled(perm.len(), 0isize)?;
            for (pos, &a) in perm.iter().enumerate() {
                inv[a as usize] = pos as isize;
            }
            c = ext::as_c_contiguous(&anti.permute_dims(&inv)?)?;
        }
        let xr: Vec<&Array> = self.x.iter().collect();
        NdPPoly::new(&c, &xr, self.extrapolate)
    }

    /// The definite integral over `[a, b]` along `axis` (SciPy's `NdPPoly.integrate_1d`):
    /// a polynomial in the other `d - 1` variables, or for `d = 1` the values (shape
    /// `c.shape[2..]`). `b < a` gives the negative; without extrapolation (`extrapolate`
    /// overrides the polynomial's setting) bounds outside the breakpoints give NaN.
    ///
    /// **Shapes**: the result's coefficients are `c` without axes `axis` and `d + axis`.
    ///
    /// # Errors
    /// [`Error::AxisOutOfBounds`] for `axis` outside `-d..d`; [`Error::OutOfDomain`] for
    /// NaN bounds.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{NdPPoly, NdPPolyIntegral};
    /// // f(x, y) = x * y; the integral over x in [0, 1] is y / 2
    /// let c = Array::from_vec_on(vec![1.0, 0.0, 0.0, 0.0], &[2, 2, 1, 1], Device::Cpu).unwrap();
    /// let x = Array::from_vec_on(vec![0.0, 1.0], &[2], Device::Cpu).unwrap();
    /// let p = NdPPoly::new(&c, &[&x, &x], true).unwrap();
    /// let NdPPolyIntegral::Poly(q) = p.integrate_1d(0.0, 1.0, 0, None).unwrap() else { panic!() };
    /// let y = Array::from_vec_on(vec![0.5], &[1, 1], Device::Cpu).unwrap();
    /// assert_eq!(q.call(&y, None, None).unwrap().to_vec::<f64>().unwrap(), vec![0.25]);
    /// ```
    pub fn integrate_1d(
        &self,
        a: f64,
        b: f64,
        axis: isize,
        extrapolate: Option<bool>,
    ) -> Result<NdPPolyIntegral> {
        const IOP: &str = "interpolate.NdPPoly.integrate_1d";
        let d = self.x.len();
        let j = util::norm_axis(IOP, axis, d)?;
        for (name, v) in [("a", a), ("b", b)] {
            if v.is_nan() {
                return Err(Error::out_of_domain(IOP, name, v, "a number"));
            }
        }
        let extrapolate = extrapolate.unwrap_or(self.extrapolate);
        let (pp, perm) = self.along(&self.c, j, extrapolate)?;
        let rest: Vec<usize> = perm[2..]
            .iter()
            .map(|&ax| self.c.shape()[ax as usize])
            .collect();
        let out = pp.integrate(a, b)?.reshape(rest.as_slice())?;
        if d == 1 {
            return Ok(NdPPolyIntegral::Values(out));
        }
        let xr: Vec<&Array> = self
            .x
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != j)
            .map(|(_, v)| v)
            .collect();
        Ok(NdPPolyIntegral::Poly(NdPPoly::new(
            &ext::as_c_contiguous(&out)?,
            &xr,
            extrapolate,
        )?))
    }

    /// The definite integral over the box `[a_0, b_0] × .. × [a_{d-1}, b_{d-1}]` (SciPy's
    /// `NdPPoly.integrate`), shape `c.shape[2d..]`: [`NdPPoly::integrate_1d`] along the first
    /// remaining axis, `d` times.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when `ranges` has another length than `d`; as
    /// [`NdPPoly::integrate_1d`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::NdPPoly;
    /// // f(x, y) = x * y over [0, 1] x [0, 2]: 1/2 * 2 = 1
    /// let c = Array::from_vec_on(vec![1.0, 0.0, 0.0, 0.0], &[2, 2, 1, 1], Device::Cpu).unwrap();
    /// let x = Array::from_vec_on(vec![0.0, 1.0], &[2], Device::Cpu).unwrap();
    /// let p = NdPPoly::new(&c, &[&x, &x], true).unwrap();
    /// let v = p.integrate(&[(0.0, 1.0), (0.0, 2.0)], None).unwrap();
    /// assert_eq!(v.to_vec::<f64>().unwrap(), vec![1.0]);
    /// ```
    pub fn integrate(&self, ranges: &[(f64, f64)], extrapolate: Option<bool>) -> Result<Array> {
        let d = self.x.len();
        if ranges.len() != d {
            return Err(Error::bad_argument(
                "interpolate.NdPPoly.integrate",
                "ranges",
                format!("{ranges:?}"),
                format!("{d} (lower, upper) pairs, one per dimension"),
            ));
        }
        let extrapolate = Some(extrapolate.unwrap_or(self.extrapolate));
        let mut p = self.clone();
        for &(a, b) in ranges {
            match p.integrate_1d(a, b, 0, extrapolate)? {
                NdPPolyIntegral::Poly(q) => p = q,
                NdPPolyIntegral::Values(v) => return Ok(v),
            }
        }
        // unreachable in practice: the last step has d = 1
        Err(Error::bad_argument(
            "interpolate.NdPPoly.integrate",
            "ranges",
            format!("{ranges:?}"),
            "one pair per dimension",
        ))
    }
}

/// The result of [`NdPPoly::integrate_1d`]: SciPy returns an `NdPPoly` in the remaining
/// variables, or an array when the polynomial had one variable.
#[derive(Clone, Debug)]
pub enum NdPPolyIntegral {
    /// the integral as a polynomial in the other `d - 1` variables
    Poly(NdPPoly),
    /// the integral's values (`d = 1`), shape `c.shape[2..]`
    Values(Array),
}
