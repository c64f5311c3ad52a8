//! [`NdBSpline`]: a tensor-product spline in `d` dimensions (`scipy.interpolate.NdBSpline`).

use crate::grid::tensor_eval;
use crate::util::{self, host_f64, upload};
use cuprum_core::{Array, DType, Error, Result, ext};

const OP: &str = "interpolate.NdBSpline";

/// A tensor-product B-spline: `sum c[i_1, ..., i_d] B_{i_1}(x_1) ... B_{i_d}(x_d)`
/// (`scipy.interpolate.NdBSpline(t, c, k)`).
///
/// **Shapes**: `t` holds `d` knot vectors, `c` is `(n_1, ..., n_d, ...)` with
/// `n_j = len(t_j) - k_j - 1`; evaluating at `xi` `(..., d)` gives `(..., *c.shape[d..])`.
///
/// Evaluation (and derivatives of one order in every dimension) runs on the device: de Boor's
/// basis per dimension, then the `prod (k_j + 1)` coefficients around each point gathered and
/// weighted. Points outside the base box are extrapolated (`extrapolate = true`, SciPy's
/// default) or NaN. Computes in float64.
///
/// # Errors
/// [`Error::BadArgument`] for knots that are not 1-d, finite and non-decreasing;
/// [`Error::BadShape`] for fewer than `2k + 2` knots in a dimension, `c` whose leading
/// shape does not match, or `k` of another length than `t`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::NdBSpline;
/// // the bilinear spline through f(x, y) = x + 2 y on [0, 1]^2
/// let t = Array::from_vec_on(vec![0.0, 0.0, 1.0, 1.0], &[4], Device::Cpu).unwrap();
/// let c = Array::from_vec_on(vec![0.0, 2.0, 1.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let s = NdBSpline::new(&[&t, &t], &c, &[1, 1], true).unwrap();
/// let xi = Array::from_vec_on(vec![0.25, 0.5], &[1, 2], Device::Cpu).unwrap();
/// assert!((s.call(&xi, 0).unwrap().to_vec::<f64>().unwrap()[0] - 1.25).abs() < 1e-15);
/// ```
#[derive(Clone, Debug)]
pub struct NdBSpline {
    knots: Vec<Array>,
    bounds: Vec<(f64, f64)>,
    sizes: Vec<usize>,
    ks: Vec<usize>,
    coeffs: Array,
    trailing: Vec<usize>,
    extrapolate: bool,
}

impl NdBSpline {
    /// Builds the spline; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(t: &[&Array], c: &Array, k: &[usize], extrapolate: bool) -> Result<Self> {
        let d = t.len();
        if d == 0 || k.len() != d || c.ndim() < d {
            return Err(Error::bad_shape(
                OP,
                "c",
                c.shape(),
                format!(
                    "at least {d} dimensions, with {d} >= 1 knot vectors and as many degrees ({} given)",
                    k.len()
                ),
            ));
        }
        let mut knots = ext::try_vec_with_capacity(d)?;
        let mut bounds = ext::try_vec_with_capacity(d)?;
        let mut sizes = ext::try_vec_with_capacity(d)?;
        for (j, (tj, &kj)) in t.iter().zip(k).enumerate() {
            util::same_device(OP, tj, c)?;
            let th = host_f64(OP, tj)?;
            if tj.ndim() != 1
                || th.iter().any(|v| !v.is_finite())
                || th.windows(2).any(|w| w[1] < w[0])
            {
                return Err(Error::bad_argument(
                    OP,
                    "t",
                    format!("the knots of dimension {j}, of shape {:?}", tj.shape()),
                    "1-d, finite, non-decreasing knots",
                ));
            }
            if th.len() < 2 * kj + 2 {
                return Err(Error::bad_shape(
                    OP,
                    "t",
                    &[th.len()],
                    format!(
                        "at least {} knots for degree {kj} in dimension {j}",
                        2 * kj + 2
                    ),
                ));
            }
            let n = th.len() - kj - 1;
            if c.shape()[j] != n {
                return Err(Error::bad_shape(
                    OP,
                    "c",
                    c.shape(),
                    format!("{n} coefficients along dimension {j}, as its knots need"),
                ));
            }
            bounds.push((th[kj], th[n]));
            sizes.push(n);
            knots.push(upload(th.clone(), &[th.len()], c.device())?);
        }
        let trailing = c.shape()[d..].to_vec();
        let p: usize = sizes.iter().product();
        let r: usize = trailing.iter().product();
        let coeffs = util::as_f64(OP, c)?.reshape([p, r])?;
        Ok(Self {
            knots,
            bounds,
            sizes,
            ks: k.to_vec(),
            coeffs,
            trailing,
            extrapolate,
        })
    }

    /// The spline (or its derivative of order `nu` in every dimension) at `xi` `(..., d)`,
    /// float64 on the spline's device.
    ///
    /// # Errors
    /// [`Error::BadShape`] when `xi`'s last axis is not `d`; [`Error::DeviceMismatch`].
    pub fn call(&self, xi: &Array, nu: usize) -> Result<Array> {
        let d = self.knots.len();
        util::same_device(OP, &self.coeffs, xi)?;
        util::real_check(OP, xi)?;
        let (lead, npts) = util::query_points(OP, xi, d)?;
        let x = ext::as_c_contiguous(&xi.astype(DType::Float64)?)?.reshape([npts, d])?;
        let mut res = if self.ks.iter().any(|&k| nu > k) {
            cuprum_core::zeros_on([npts, self.coeffs.shape()[1]], DType::Float64, xi.device())?
        } else {
            tensor_eval(OP, &self.knots, &self.sizes, &self.ks, &self.coeffs, &x, nu)?
        };
        if !self.extrapolate {
            let mut out: Option<Array> = None;
            for (j, &(lo, hi)) in self.bounds.iter().enumerate() {
                let xj = x.slice(&[
                    cuprum_core::SliceItem::FULL,
                    cuprum_core::SliceItem::Index(j as isize),
                ])?;
                let o = cuprum_core::logical_or(
                    &cuprum_core::less(&xj, lo)?,
                    &cuprum_core::greater(&xj, hi)?,
                )?;
                out = Some(match out {
                    None => o,
                    Some(a) => cuprum_core::logical_or(&a, &o)?,
                });
            }
            if let Some(o) = out {
                res = cuprum_core::where_(&o.reshape([npts, 1])?, f64::NAN, &res)?;
            }
        }
        let mut shape = lead;
        shape.extend_from_slice(&self.trailing);
        res.reshape(shape.as_slice())
    }
}
