//! Polynomial interpolation through all the points: [`KroghInterpolator`] (Newton form with
//! repeated nodes for derivatives) and [`BarycentricInterpolator`]
//! (`scipy.interpolate.KroghInterpolator`, `BarycentricInterpolator` and their function forms).

use crate::util::{self, factorial, place_axis, upload};
use cuprum_core::{Array, DType, Error, IndexMode, Result, ext, matmul, take};

const KROGH: &str = "interpolate.KroghInterpolator";
const BARY: &str = "interpolate.BarycentricInterpolator";

/// The interpolating polynomial in Krogh's Newton form (`scipy.interpolate.KroghInterpolator`):
/// a node repeated `s` times takes the value and `s - 1` derivatives from consecutive `yi`.
///
/// **Shapes**: `xi` `(n,)`, `yi` with `n` entries along `axis`; evaluation at `x` of shape `s`
/// gives `yi.shape[..axis] + s + yi.shape[axis+1..]`.
///
/// The divided differences are computed on the host (O(n²), n small: SciPy warns above 30
/// nodes); evaluation and derivatives run on the data's device (SciPy's
/// `_evaluate_derivatives` recurrence, composed of array operations). Computes in float64.
///
/// # Errors
/// [`Error::BadShape`] for `xi` not 1-d; [`Error::BadArgument`] for equal nodes that are
/// not consecutive.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::KroghInterpolator;
/// let xi = Array::from_vec_on(vec![0.0, 1.0, 2.0], &[3], Device::Cpu).unwrap();
/// let yi = Array::from_vec_on(vec![0.0, 1.0, 4.0], &[3], Device::Cpu).unwrap();
/// let p = KroghInterpolator::new(&xi, &yi, 0).unwrap();
/// let x = Array::from_vec_on(vec![3.0], &[1], Device::Cpu).unwrap();
/// assert!((p.derivative(&x, 1).unwrap().to_vec::<f64>().unwrap()[0] - 6.0).abs() < 1e-12);
/// ```
#[derive(Clone, Debug)]
pub struct KroghInterpolator {
    xi: Vec<f64>,
    c: Vec<f64>,
    r: usize,
    trailing: Vec<usize>,
    axis: usize,
    device: cuprum_core::Device,
}

/// Checks the nodes `xi` `(n,)`, `n >= 1`, and the values `yi` (`n` along `axis`) of a
/// polynomial interpolator: the nodes on the host, the values as `(n, r)` float64 (SciPy's
/// `_Interpolator1D` layout), their trailing shape and the normalized axis.
fn nodes_and_values(
    op: &'static str,
    xi: &Array,
    yi: &Array,
    axis: isize,
) -> Result<(Vec<f64>, Array, Vec<usize>, usize)> {
    util::same_device(op, xi, yi)?;
    if xi.ndim() != 1 {
        return Err(Error::bad_shape(op, "xi", xi.shape(), "a 1-d array"));
    }
    let (yf, trailing, ax) = util::axis_first(op, yi, axis)?;
    let n = xi.shape()[0];
    if yf.shape()[0] != n || n == 0 {
        return Err(Error::bad_shape(
            op,
            "yi",
            yi.shape(),
            format!("{n} >= 1 entries along axis {ax}, as xi has"),
        ));
    }
    Ok((util::host_f64(op, xi)?, yf, trailing, ax))
}

impl KroghInterpolator {
    /// Builds the interpolator; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(xi: &Array, yi: &Array, axis: isize) -> Result<Self> {
        let (x, yf, trailing, ax) = nodes_and_values(KROGH, xi, yi, axis)?;
        let n = x.len();
        let y = util::host_f64(KROGH, &yf)?;
        let r = yf.shape()[1];
        let mut c = ext::try_vec_filled((n + 1) * r, 0.0)?;
        c[..r].copy_from_slice(&y[..r]);
        let mut vk = ext::try_vec_filled(n * r, 0.0)?;
        for k in 1..n {
            let mut s = 0;
            while s <= k && x[k - s] == x[k] {
                s += 1;
            }
            // a NaN node equals nothing, not even itself: no repeat (NaN in, NaN out)
            s = s.saturating_sub(1);
            let f = factorial(s);
            for q in 0..r {
                vk[q] = y[k * r + q] / f;
            }
            for i in 0..k - s {
                if x[i] == x[k] {
                    return Err(Error::bad_argument(
                        KROGH,
                        "xi",
                        format!("xi[{i}] = xi[{k}] = {}", x[k]),
                        "equal elements only when consecutive",
                    ));
                }
                for q in 0..r {
                    vk[(i + 1) * r + q] = if s == 0 {
                        (c[i * r + q] - vk[i * r + q]) / (x[i] - x[k])
                    } else {
                        (vk[(i + 1) * r + q] - vk[i * r + q]) / (x[i] - x[k])
                    };
                }
            }
            for q in 0..r {
                c[k * r + q] = vk[(k - s) * r + q];
            }
        }
        Ok(Self {
            xi: x,
            c,
            r,
            trailing,
            axis: ax,
            device: xi.device(),
        })
    }

    /// The derivatives of orders `0..der` at `x`: a result of shape `(der, ...)` (SciPy's
    /// `derivatives(x, der)`; `der = None` there is `n` here when `der` is 0).
    ///
    /// # Errors
    /// [`Error::DeviceMismatch`]; [`Error::DType`] for complex `x`.
    pub fn derivatives(&self, x: &Array, der: usize) -> Result<Array> {
        let der = if der == 0 { self.xi.len() } else { der };
        let flat = self.eval_derivatives(x, der)?;
        let mut out = ext::try_vec_with_capacity(der)?;
        for d in flat.iter().take(der) {
            out.push(place_axis(d, x.shape(), &self.trailing, self.axis)?);
        }
        let refs: Vec<&Array> = out.iter().collect();
        cuprum_core::stack(&refs, 0)
    }

    /// The derivative of order `der` at `x` (`der = 0`: the values).
    ///
    /// # Errors
    /// As [`KroghInterpolator::derivatives`].
    pub fn derivative(&self, x: &Array, der: usize) -> Result<Array> {
        let count = der
            .checked_add(1)
            .ok_or_else(|| Error::out_of_domain(KROGH, "der", der, "der < usize::MAX"))?;
        let flat = self.eval_derivatives(x, count)?;
        place_axis(&flat[der], x.shape(), &self.trailing, self.axis)
    }

    /// The values at `x`.
    ///
    /// # Errors
    /// As [`KroghInterpolator::derivatives`].
    pub fn call(&self, x: &Array) -> Result<Array> {
        self.derivative(x, 0)
    }

    /// SciPy's `_evaluate_derivatives`: `max(der, n + 1)` arrays `(N, r)`.
    fn eval_derivatives(&self, x: &Array, der: usize) -> Result<Vec<Array>> {
        if x.device() != self.device {
            return Err(Error::DeviceMismatch {
                op: KROGH,
                lhs: self.device,
                rhs: x.device(),
            });
        }
        util::real_check(KROGH, x)?;
        let (n, r) = (self.xi.len(), self.r);
        let npts = x.size();
        let dev = self.device;
        let xs = x.astype(DType::Float64)?.reshape([npts, 1])?;
        let crow = |k: usize| -> Result<Array> {
            upload(self.c[k * r..(k + 1) * r].to_vec(), &[1, r], dev)
        };
        let zero_n1 = cuprum_core::zeros_on([npts, 1], DType::Float64, dev)?;
        let mut pi: Vec<Array> = ext::try_vec_filled(n, zero_n1.clone())?;
        let mut w: Vec<Array> = ext::try_vec_filled(n, zero_n1.clone())?;
        pi[0] = cuprum_core::ones_on([npts, 1], DType::Float64, dev)?;
        let mut p = cuprum_core::add(
            &cuprum_core::zeros_on([npts, r], DType::Float64, dev)?,
            &crow(0)?,
        )?;
        for k in 1..n {
            w[k - 1] = cuprum_core::subtract(&xs, self.xi[k - 1])?;
            pi[k] = cuprum_core::multiply(&w[k - 1], &pi[k - 1])?;
            p = cuprum_core::add(&p, &cuprum_core::multiply(&pi[k], &crow(k)?)?)?;
        }
        let total = der.max(n + 1);
        let zeros = cuprum_core::zeros_on([npts, r], DType::Float64, dev)?;
        let mut cn: Vec<Array> = ext::try_vec_with_capacity(total)?;
        for k in 0..total {
            cn.push(if k <= n {
                cuprum_core::add(&zeros, &crow(k)?)?
            } else {
                zeros.clone()
            });
        }
        cn[0] = p;
        for k in 1..n {
            for i in 1..=n - k {
                pi[i] =
                    cuprum_core::add(&cuprum_core::multiply(&w[k + i - 1], &pi[i - 1])?, &pi[i])?;
                cn[k] = cuprum_core::add(&cn[k], &cuprum_core::multiply(&pi[i], &cn[k + i])?)?;
            }
            cn[k] = cuprum_core::multiply(&cn[k], factorial(k))?;
        }
        cn[n] = zeros;
        cn.truncate(der);
        Ok(cn)
    }
}

/// `krogh_interpolate(xi, yi, x, der, axis)`: the `der`-th derivative of the interpolating
/// polynomial at `x` (`scipy.interpolate.krogh_interpolate` with an integer `der`).
///
/// # Errors
/// As [`KroghInterpolator`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::krogh_interpolate;
/// // value 0 and slope 1 at 0, value 1 at 1: p(x) = x
/// let xi = Array::from_vec_on(vec![0.0, 0.0, 1.0], &[3], Device::Cpu).unwrap();
/// let yi = Array::from_vec_on(vec![0.0, 1.0, 1.0], &[3], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![0.25], &[1], Device::Cpu).unwrap();
/// assert!((krogh_interpolate(&xi, &yi, &x, 0, 0).unwrap().to_vec::<f64>().unwrap()[0] - 0.25).abs() < 1e-14);
/// ```
pub fn krogh_interpolate(
    xi: &Array,
    yi: &Array,
    x: &Array,
    der: usize,
    axis: isize,
) -> Result<Array> {
    KroghInterpolator::new(xi, yi, axis)?.derivative(x, der)
}

/// The interpolating polynomial in barycentric form (`scipy.interpolate.BarycentricInterpolator`).
///
/// **Shapes**: as [`KroghInterpolator`]. The weights (O(n²), host) are SciPy's, scaled by
/// the interval's capacity; evaluation on the data's device is one matrix product of the
/// `(N, n)` Cauchy-like matrix with `yi`, with exact values at the nodes. Computes in float64.
///
/// # Errors
/// [`Error::BadArgument`] for repeated nodes; [`Error::BadShape`] for `xi` not 1-d.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::BarycentricInterpolator;
/// let xi = Array::from_vec_on(vec![0.0, 1.0, 2.0], &[3], Device::Cpu).unwrap();
/// let yi = Array::from_vec_on(vec![0.0, 1.0, 4.0], &[3], Device::Cpu).unwrap();
/// let p = BarycentricInterpolator::new(&xi, &yi, 0).unwrap();
/// let x = Array::from_vec_on(vec![1.0, 3.0], &[2], Device::Cpu).unwrap();
/// let v = p.call(&x).unwrap().to_vec::<f64>().unwrap();
/// assert!(v[0] == 1.0 && (v[1] - 9.0).abs() < 1e-12);
/// ```
#[derive(Clone, Debug)]
pub struct BarycentricInterpolator {
    xi: Array,
    wi: Array,
    yi: Array,
    trailing: Vec<usize>,
    axis: usize,
}

impl BarycentricInterpolator {
    /// Builds the interpolator; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(xi: &Array, yi: &Array, axis: isize) -> Result<Self> {
        let (x, yf, trailing, ax) = nodes_and_values(BARY, xi, yi, axis)?;
        let n = x.len();
        let (mn, mx) = x
            .iter()
            .fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| {
                (a.min(v), b.max(v))
            });
        let mut sorted = x.clone();
        sorted.sort_by(f64::total_cmp);
        if sorted.windows(2).any(|w| w[0] == w[1]) || x.iter().any(|v| !v.is_finite()) {
            return Err(Error::bad_argument(
                BARY,
                "xi",
                "repeated or non-finite points",
                "distinct, finite interpolation points",
            ));
        }
        let cap = if n > 1 { 4.0 / (mx - mn) } else { 1.0 };
        let mut wi = ext::try_vec_filled(n, 0.0)?;
        for i in 0..n {
            let mut prod = 1.0;
            for j in 0..n {
                if j != i {
                    prod *= cap * (x[i] - x[j]);
                }
            }
            if prod == 0.0 {
                return Err(Error::bad_argument(
                    BARY,
                    "xi",
                    format!("points too close to xi[{i}] = {}", x[i]),
                    "distinct interpolation points",
                ));
            }
            wi[i] = 1.0 / prod;
        }
        let dev = xi.device();
        Ok(Self {
            xi: upload(x, &[1, n], dev)?,
            wi: upload(wi, &[1, n], dev)?,
            yi: util::as_f64(BARY, &yf)?,
            trailing,
            axis: ax,
        })
    }

    /// The values at `x`, float64 on the data's device.
    ///
    /// # Errors
    /// [`Error::DeviceMismatch`]; [`Error::DType`] for complex `x`.
    pub fn call(&self, x: &Array) -> Result<Array> {
        util::same_device(BARY, &self.xi, x)?;
        util::real_check(BARY, x)?;
        let npts = x.size();
        let xs = x.astype(DType::Float64)?.reshape([npts, 1])?;
        let c = cuprum_core::subtract(&xs, &self.xi)?;
        let z = cuprum_core::equal(&c, 0.0)?;
        let c = cuprum_core::where_(&z, 1.0, &c)?;
        let c = cuprum_core::divide(&self.wi, &c)?;
        let num = matmul(&c, &self.yi)?;
        let den = c.sum(1, true)?;
        let p = cuprum_core::divide(&num, &den)?;
        let hit = z.any(1, true)?;
        let at = z.astype(DType::Int8)?.argmax(1, false)?;
        let exact = take(&self.yi, &at, Some(0), IndexMode::Clip)?;
        let p = cuprum_core::where_(&hit, &exact, &p)?;
        place_axis(&p, x.shape(), &self.trailing, self.axis)
    }
}

/// `barycentric_interpolate(xi, yi, x, axis)` (`der = 0`): [`BarycentricInterpolator`] built
/// and evaluated once.
///
/// # Errors
/// As [`BarycentricInterpolator`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::barycentric_interpolate;
/// let xi = Array::from_vec_on(vec![-1.0, 0.0, 1.0], &[3], Device::Cpu).unwrap();
/// let yi = Array::from_vec_on(vec![1.0, 0.0, 1.0], &[3], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![0.5], &[1], Device::Cpu).unwrap();
/// assert!((barycentric_interpolate(&xi, &yi, &x, 0).unwrap().to_vec::<f64>().unwrap()[0] - 0.25).abs() < 1e-14);
/// ```
pub fn barycentric_interpolate(xi: &Array, yi: &Array, x: &Array, axis: isize) -> Result<Array> {
    BarycentricInterpolator::new(xi, yi, axis)?.call(x)
}
