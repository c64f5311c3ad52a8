//! [`BPoly`]: a piecewise polynomial in the Bernstein basis (`scipy.interpolate.BPoly`),
//! with `from_derivatives`; evaluated through its power-basis form ([`PPoly`]).

use crate::ppoly::{Extrapolate, PPoly};
use crate::util::{self, host_f64};
use cuprum_core::{Array, Error, Result, ext};

const OP: &str = "interpolate.BPoly";

fn binom(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    (0..k).fold(1.0, |acc, i| acc * (n - i) as f64 / (i + 1) as f64)
}

/// The rising factorial `a (a + 1) ... (a + q - 1)`.
fn poch(a: usize, q: usize) -> f64 {
    (0..q).fold(1.0, |acc, i| acc * (a + i) as f64)
}

/// A piecewise polynomial in the Bernstein basis: on `x[i] <= t < x[i+1]`, with
/// `s = (t - x[i]) / (x[i+1] - x[i])`,
/// `p(t) = sum_j c[j, i] C(k, j) s^j (1 - s)^(k - j)` (`scipy.interpolate.BPoly`).
///
/// **Shapes**: `c` `(k + 1, m, ...)`, `x` `(m + 1,)`; evaluation as [`PPoly::call`].
///
/// The coefficients are converted to the power basis once on the host (`O(m k^2)`); the
/// evaluation is that [`PPoly`]'s, on the device. Computes in float64.
///
/// # Errors
/// As [`PPoly::new`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{BPoly, Extrapolate};
/// // the Bernstein coefficients [0, 1, 0] on [0, 1]: 2 s (1 - s)
/// let c = Array::from_vec_on(vec![0.0, 1.0, 0.0], &[3, 1], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![0.0, 1.0], &[2], Device::Cpu).unwrap();
/// let b = BPoly::new(&c, &x, Extrapolate::Yes, 0).unwrap();
/// let t = Array::from_vec_on(vec![0.5], &[1], Device::Cpu).unwrap();
/// assert_eq!(b.call(&t, 0).unwrap().to_vec::<f64>().unwrap(), vec![0.5]);
/// ```
#[derive(Clone, Debug)]
pub struct BPoly {
    c: Array,
    ppoly: PPoly,
}

impl std::ops::Deref for BPoly {
    type Target = PPoly;
    fn deref(&self) -> &PPoly {
        &self.ppoly
    }
}

impl BPoly {
    /// Builds the polynomial; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(c: &Array, x: &Array, extrapolate: Extrapolate, axis: isize) -> Result<Self> {
        util::same_device(OP, c, x)?;
        if c.ndim() < 2 || x.ndim() != 1 || x.shape()[0] != c.shape()[1] + 1 || c.shape()[0] == 0 {
            return Err(Error::bad_shape(
                OP,
                "c",
                c.shape(),
                format!(
                    "(k + 1, m, ...) with x of shape (m + 1,), x being {:?}",
                    x.shape()
                ),
            ));
        }
        let xh = host_f64(OP, x)?;
        util::check_increasing(OP, &xh)?;
        let (k1, m) = (c.shape()[0], c.shape()[1]);
        let r: usize = c.shape()[2..].iter().product();
        let ch = host_f64(OP, c)?;
        let pc = to_power(&ch, &xh, k1, m, r)?;
        let trailing = c.shape()[2..].to_vec();
        let axis = util::norm_axis(OP, axis, trailing.len() + 1)?;
        let ppoly = PPoly::from_host(pc, k1, xh, trailing, extrapolate, axis, x.device())?;
        Ok(Self {
            c: c.clone(),
            ppoly,
        })
    }

    /// The Bernstein coefficients, `(k + 1, m, ...)`.
    pub fn c(&self) -> &Array {
        &self.c
    }

    /// The polynomial in the power basis.
    pub fn ppoly(&self) -> &PPoly {
        &self.ppoly
    }

    /// The piecewise polynomial whose pieces match the derivatives given at the breakpoints
    /// (`BPoly.from_derivatives(xi, yi)`): `yi[i]` lists the value and the derivatives
    /// `[f(x_i), f'(x_i), ...]` at `xi[i]`; the piece on `[x_i, x_{i+1}]` has degree
    /// `len(yi[i]) + len(yi[i+1]) - 1`, raised to the largest of all pieces. 1-d values only.
    ///
    /// # Errors
    /// [`Error::BadArgument`] for `xi` not strictly increasing and finite, fewer than 2
    /// points, `yi` of another length, or an empty derivative list.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::BPoly;
    /// let xi = Array::from_vec_on(vec![0.0, 1.0], &[2], Device::Cpu).unwrap();
    /// // f(0) = 0, f'(0) = 1, f(1) = 1, f'(1) = 1: f(t) = t
    /// let b = BPoly::from_derivatives(&xi, &[vec![0.0, 1.0], vec![1.0, 1.0]]).unwrap();
    /// let t = Array::from_vec_on(vec![0.25], &[1], Device::Cpu).unwrap();
    /// assert!((b.call(&t, 0).unwrap().to_vec::<f64>().unwrap()[0] - 0.25).abs() < 1e-15);
    /// ```
    pub fn from_derivatives(xi: &Array, yi: &[Vec<f64>]) -> Result<Self> {
        let xh = host_f64(OP, xi)?;
        util::check_increasing(OP, &xh)?;
        let m1 = xh.len();
        if m1 < 2 || yi.len() != m1 || yi.iter().any(|v| v.is_empty()) {
            return Err(Error::bad_argument(
                OP,
                "yi",
                format!("{} derivative lists for {m1} points", yi.len()),
                "at least 2 points and one non-empty derivative list per point",
            ));
        }
        let m = m1 - 1;
        let mut pieces: Vec<Vec<f64>> = ext::try_vec_with_capacity(m)?;
        for i in 0..m {
            pieces.push(from_ends(xh[i], xh[i + 1], &yi[i], &yi[i + 1])?);
        }
        let k1 = pieces.iter().map(Vec::len).max().unwrap_or(1);
        let mut c = ext::try_vec_filled(k1 * m, 0.0)?;
        for (i, p) in pieces.iter().enumerate() {
            let raised = raise_degree(p, k1 - p.len())?;
            for (j, v) in raised.iter().enumerate() {
                c[j * m + i] = *v;
            }
        }
        let dev = xi.device();
        let ca = Array::from_vec_on(c, &[k1, m], dev)?;
        Self::new(&ca, &util::as_f64(OP, xi)?, Extrapolate::Yes, 0)
    }
}

/// SciPy's `_construct_from_derivatives`: the Bernstein coefficients on `[xa, xb]` matching
/// the derivatives `ya` at `xa` and `yb` at `xb`.
fn from_ends(xa: f64, xb: f64, ya: &[f64], yb: &[f64]) -> Result<Vec<f64>> {
    let (n1, n2) = (ya.len(), yb.len());
    let n = n1 + n2;
    let h = xb - xa;
    let mut c = ext::try_vec_filled(n, 0.0)?;
    for q in 0..n1 {
        let mut v = ya[q] / poch(n - q, q) * h.powi(q as i32);
        for (j, cj) in c.iter().enumerate().take(q) {
            let sign = if (j + q) % 2 == 0 { 1.0 } else { -1.0 };
            v -= sign * binom(q, j) * cj;
        }
        c[q] = v;
    }
    for q in 0..n2 {
        let sign_q = if q % 2 == 0 { 1.0 } else { -1.0 };
        let mut v = yb[q] / poch(n - q, q) * sign_q * h.powi(q as i32);
        for j in 0..q {
            let sign = if (j + 1) % 2 == 0 { 1.0 } else { -1.0 };
            // c[-q + j] in Python: index n - q + j
            v -= sign * binom(q, j + 1) * c[n - q + j];
        }
        c[n - q - 1] = v;
    }
    Ok(c)
}

/// SciPy's `_raise_degree`: the same polynomial's Bernstein coefficients of degree `k + d`.
fn raise_degree(c: &[f64], d: usize) -> Result<Vec<f64>> {
    if d == 0 {
        return Ok(c.to_vec());
    }
    let k = c.len() - 1;
    let mut out = ext::try_vec_filled(c.len() + d, 0.0)?;
    for (a, &ca) in c.iter().enumerate() {
        let f = ca * binom(k, a);
        for j in 0..=d {
            out[a + j] += f * binom(d, j) / binom(k + d, a + j);
        }
    }
    Ok(out)
}

/// Power-basis coefficients `(k + 1, m, r)` (descending powers of `t - x[i]`) of the
/// Bernstein coefficients `c` `(k + 1, m, r)`.
fn to_power(c: &[f64], x: &[f64], k1: usize, m: usize, r: usize) -> Result<Vec<f64>> {
    let k = k1 - 1;
    let mut out = ext::try_vec_filled(k1 * m * r, 0.0)?;
    for i in 0..m {
        let h = x[i + 1] - x[i];
        for q in 0..r {
            for p in 0..=k {
                // the coefficient of s^p
                let mut a = 0.0;
                for j in 0..=p {
                    let sign = if (p - j) % 2 == 0 { 1.0 } else { -1.0 };
                    a += c[(j * m + i) * r + q] * binom(k, j) * binom(k - j, p - j) * sign;
                }
                out[((k - p) * m + i) * r + q] = a / h.powi(p as i32);
            }
        }
    }
    Ok(out)
}

impl BPoly {
    /// Adds intervals (`BPoly.extend(c, x)`): Bernstein coefficients `c` `(k', m',
    /// *trailing)` of new pieces and their breakpoints `x` `(m',)`, wholly right or wholly
    /// left of the current ones, as [`PPoly::extend`]; the lower degree is raised to the
    /// higher (SciPy's `_raise_degree`, which keeps the polynomial) rather than zero-padded.
    ///
    /// **Shapes**: afterwards `c` is `(max(k + 1, k'), m + m', *trailing)`.
    ///
    /// The join and the power-basis conversion run on the host (`O(m k^2)`); the result
    /// lives on the polynomial's device.
    ///
    /// # Errors
    /// As [`PPoly::extend`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{BPoly, Extrapolate};
    /// // s on [0, 1] (Bernstein [0, 1]), then 1 - s on [1, 2]
    /// let c = Array::from_vec_on(vec![0.0, 1.0], &[2, 1], Device::Cpu).unwrap();
    /// let x = Array::from_vec_on(vec![0.0, 1.0], &[2], Device::Cpu).unwrap();
    /// let mut b = BPoly::new(&c, &x, Extrapolate::Yes, 0).unwrap();
    /// let c2 = Array::from_vec_on(vec![1.0, 0.0], &[2, 1], Device::Cpu).unwrap();
    /// b.extend(&c2, &Array::from_vec_on(vec![2.0], &[1], Device::Cpu).unwrap()).unwrap();
    /// let t = Array::from_vec_on(vec![0.25, 1.25], &[2], Device::Cpu).unwrap();
    /// assert_eq!(b.call(&t, 0).unwrap().to_vec::<f64>().unwrap(), vec![0.25, 0.75]);
    /// ```
    pub fn extend(&mut self, c: &Array, x: &Array) -> Result<()> {
        const EOP: &str = "interpolate.BPoly.extend";
        util::same_device(EOP, &self.c, c)?;
        util::same_device(EOP, &self.c, x)?;
        let (xh, trailing, axis) = self.ppoly.layout();
        let trailing = trailing.to_vec();
        let (side, xn) = crate::ppoly::extend_args(EOP, xh, &trailing, c, x)?;
        if c.size() == 0 {
            return Ok(());
        }
        let r: usize = trailing.iter().product();
        let (k1, m) = (self.c.shape()[0], self.c.shape()[1]);
        let (kn, mn) = (c.shape()[0], xn.len());
        let k2 = k1.max(kn);
        let old = raise_block(&host_f64(EOP, &self.c)?, k1, m, r, k2)?;
        let new = raise_block(&host_f64(EOP, c)?, kn, mn, r, k2)?;
        let (cc, xs) = match side {
            crate::ppoly::ExtendSide::Append => (
                crate::ppoly::join_coeffs(&old, (k2, m), &new, (k2, mn), r)?.0,
                [xh, &xn].concat(),
            ),
            crate::ppoly::ExtendSide::Prepend => (
                crate::ppoly::join_coeffs(&new, (k2, mn), &old, (k2, m), r)?.0,
                [xn.as_slice(), xh].concat(),
            ),
        };
        let dev = self.c.device();
        let m2 = m + mn;
        let pc = to_power(&cc, &xs, k2, m2, r)?;
        let mut shape = vec![k2, m2];
        shape.extend_from_slice(&trailing);
        let extrapolate = self.ppoly.extrapolate();
        self.ppoly = PPoly::from_host(pc, k2, xs, trailing, extrapolate, axis, dev)?;
        self.c = Array::from_vec_on(cc, &shape, dev)?;
        Ok(())
    }

    /// The Bernstein form of a power-basis polynomial (`BPoly.from_power_basis(pp,
    /// extrapolate)`); `extrapolate` `None` keeps `pp`'s mode. The breakpoints, trailing
    /// shape and axis are `pp`'s.
    ///
    /// **Shapes**: `c` `(k + 1, m, *trailing)` as `pp`'s.
    ///
    /// SciPy's conversion (`c[j] += c_pow[a] / C(k, k - a) * dx^(k - a) * C(j, k - a)` for
    /// `j >= k - a`), `O(m k^2)` on the host; the result evaluates through `pp` itself, on
    /// its device.
    ///
    /// # Errors
    /// None in practice (allocation).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_interpolate::{BPoly, Extrapolate, PPoly};
    /// // t^2 on [0, 2]: Bernstein [0, 0, 4]
    /// let c = Array::from_vec_on(vec![1.0, 0.0, 0.0], &[3, 1], Device::Cpu).unwrap();
    /// let x = Array::from_vec_on(vec![0.0, 2.0], &[2], Device::Cpu).unwrap();
    /// let p = PPoly::new(&c, &x, Extrapolate::Yes, 0).unwrap();
    /// let b = BPoly::from_power_basis(&p, None).unwrap();
    /// assert_eq!(b.c().to_vec::<f64>().unwrap(), vec![0.0, 0.0, 4.0]);
    /// ```
    pub fn from_power_basis(pp: &PPoly, extrapolate: Option<Extrapolate>) -> Result<Self> {
        let pc = pp.host_c()?;
        let (xh, trailing, _) = pp.layout();
        let (k1, m) = (pp.degree() + 1, xh.len() - 1);
        let r: usize = trailing.iter().product();
        let k = k1 - 1;
        let mut c = ext::try_vec_filled(k1 * m * r, 0.0)?;
        for a in 0..k1 {
            for i in 0..m {
                let dx = xh[i + 1] - xh[i];
                for q in 0..r {
                    let factor =
                        pc[(a * m + i) * r + q] / binom(k, k - a) * dx.powi((k - a) as i32);
                    for j in (k - a)..k1 {
                        c[(j * m + i) * r + q] += factor * binom(j, k - a);
                    }
                }
            }
        }
        let mut shape = vec![k1, m];
        shape.extend_from_slice(trailing);
        Ok(Self {
            c: Array::from_vec_on(c, &shape, pp.x().device())?,
            ppoly: pp.with_extrapolate(extrapolate),
        })
    }
}

/// Every piece of the Bernstein block `c` `(k1, m, r)` raised to `k2` coefficients.
fn raise_block(c: &[f64], k1: usize, m: usize, r: usize, k2: usize) -> Result<Vec<f64>> {
    if k1 == k2 {
        return Ok(c.to_vec());
    }
    let mut out = ext::try_vec_filled(k2 * m * r, 0.0)?;
    let mut piece = ext::try_vec_filled(k1, 0.0)?;
    for i in 0..m {
        for q in 0..r {
            for (j, pj) in piece.iter_mut().enumerate() {
                *pj = c[(j * m + i) * r + q];
            }
            for (j, v) in raise_degree(&piece, k2 - k1)?.into_iter().enumerate() {
                out[(j * m + i) * r + q] = v;
            }
        }
    }
    Ok(out)
}
