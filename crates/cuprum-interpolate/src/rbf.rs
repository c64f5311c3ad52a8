//! [`RBFInterpolator`]: radial basis function interpolation of scattered data in any
//! dimension (`scipy.interpolate.RBFInterpolator`, global form).

use crate::util;
use cuprum_core::{Array, DType, Error, Result, SliceItem, concatenate, ext, matmul};

const OP: &str = "interpolate.RBFInterpolator";

/// The radial basis function `phi(r)` of [`RBFInterpolator`] (SciPy's kernel names).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RbfKernel {
    /// `-r`
    Linear,
    /// `r^2 log r` (the default)
    #[default]
    ThinPlateSpline,
    /// `r^3`
    Cubic,
    /// `-r^5`
    Quintic,
    /// `-sqrt(1 + r^2)`
    Multiquadric,
    /// `1 / sqrt(1 + r^2)`
    InverseMultiquadric,
    /// `1 / (1 + r^2)`
    InverseQuadratic,
    /// `exp(-r^2)`
    Gaussian,
}

impl RbfKernel {
    /// SciPy's names (`linear`, `thin_plate_spline`, `cubic`, `quintic`, `multiquadric`,
    /// `inverse_multiquadric`, `inverse_quadratic`, `gaussian`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] for another name.
    pub fn from_name(name: &str) -> Result<Self> {
        Ok(match name.to_ascii_lowercase().as_str() {
            "linear" => Self::Linear,
            "thin_plate_spline" => Self::ThinPlateSpline,
            "cubic" => Self::Cubic,
            "quintic" => Self::Quintic,
            "multiquadric" => Self::Multiquadric,
            "inverse_multiquadric" => Self::InverseMultiquadric,
            "inverse_quadratic" => Self::InverseQuadratic,
            "gaussian" => Self::Gaussian,
            o => {
                return Err(Error::bad_argument(
                    OP,
                    "kernel",
                    format!("{o:?}"),
                    "one of linear, thin_plate_spline, cubic, quintic, multiquadric, inverse_multiquadric, inverse_quadratic, gaussian",
                ));
            }
        })
    }

    fn scale_invariant(self) -> bool {
        matches!(
            self,
            Self::Linear | Self::ThinPlateSpline | Self::Cubic | Self::Quintic
        )
    }

    fn min_degree(self) -> i64 {
        match self {
            Self::Multiquadric | Self::Linear => 0,
            Self::ThinPlateSpline | Self::Cubic => 1,
            Self::Quintic => 2,
            _ => -1,
        }
    }

    /// `phi` applied to the distances `r` (elementwise, on `r`'s device).
    fn apply(self, r: &Array) -> Result<Array> {
        use cuprum_core as cp;
        match self {
            Self::Linear => cp::negative(r),
            Self::ThinPlateSpline => {
                let zero = cp::equal(r, 0.0)?;
                let safe = cp::where_(&zero, 1.0, r)?;
                cp::multiply(&cp::square(r)?, &cp::log(&safe)?)
            }
            Self::Cubic => cp::power(r, 3.0),
            Self::Quintic => cp::negative(&cp::power(r, 5.0)?),
            Self::Multiquadric => cp::negative(&cp::sqrt(&cp::add(&cp::square(r)?, 1.0)?)?),
            Self::InverseMultiquadric => {
                cp::divide(1.0, &cp::sqrt(&cp::add(&cp::square(r)?, 1.0)?)?)
            }
            Self::InverseQuadratic => cp::divide(1.0, &cp::add(&cp::square(r)?, 1.0)?),
            Self::Gaussian => cp::exp(&cp::negative(&cp::square(r)?)?),
        }
    }
}

/// The optional arguments of [`RBFInterpolator::new`] (SciPy's defaults).
#[derive(Clone, Copy, Debug, Default)]
pub struct RbfOptions {
    /// the smoothing parameter, added to the kernel matrix's diagonal (default 0)
    pub smoothing: f64,
    /// the kernel (default thin-plate spline)
    pub kernel: RbfKernel,
    /// the shape parameter; default 1 for the scale-invariant kernels, required otherwise
    pub epsilon: Option<f64>,
    /// the degree of the added polynomial; default the kernel's minimum (at least 0); -1
    /// for none
    pub degree: Option<i64>,
    /// interpolate each point from this many nearest data points only (SciPy's
    /// `neighbors`; default: all of them, one global system)
    pub neighbors: Option<usize>,
}

/// Radial basis function interpolation (`scipy.interpolate.RBFInterpolator`).
///
/// **Shapes**: `y` `(n, d)` data coordinates, `values` `(n, ...)`; evaluating at `x` `(m, d)`
/// gives `(m, ...)`.
///
/// SciPy's system: the kernel matrix of the scaled points plus `smoothing` on the diagonal,
/// bordered by the monomials up to `degree` of the coordinates shifted and scaled to
/// `[-1, 1]`; it is assembled and solved on the data's device (`cuprum-linalg`'s `solve`:
/// cuSOLVER `getrf`/`getrs` on CUDA, an LU on the CPU). Evaluation builds the `(m, n + R)`
/// matrix in row chunks and multiplies it by the coefficients on the device. With
/// `neighbors = k`, each evaluation point uses the system of its `k` nearest data points
/// instead (see [`RBFInterpolator::call`]). Float64.
///
/// # Errors
/// [`Error::BadShape`] for `y` not 2-d, `values` and `y` of different lengths, fewer points
/// than monomials, and at evaluation `x` whose dimension differs; [`Error::BadArgument`]
/// for a missing `epsilon` for a kernel that needs one or a singular system;
/// [`Error::OutOfDomain`] for `degree < -1` or `neighbors == 0`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{RBFInterpolator, RbfOptions};
/// let y = Array::from_vec_on(vec![0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0], &[4, 2], Device::Cpu).unwrap();
/// let d = Array::from_vec_on(vec![0.0, 1.0, 1.0, 2.0], &[4], Device::Cpu).unwrap();
/// let f = RBFInterpolator::new(&y, &d, RbfOptions::default()).unwrap();
/// let x = Array::from_vec_on(vec![0.5, 0.5], &[1, 2], Device::Cpu).unwrap();
/// // a linear function is reproduced by the degree-1 polynomial part
/// assert!((f.call(&x).unwrap().to_vec::<f64>().unwrap()[0] - 1.0).abs() < 1e-10);
/// ```
#[derive(Clone, Debug)]
pub struct RBFInterpolator {
    /// the data points scaled by epsilon
    y: Array,
    /// the data points and values, kept for local systems (`neighbors`)
    yf: Array,
    dv: Array,
    /// the global system's solution (`neighbors = None`)
    global: Option<System>,
    powers: Vec<Vec<u32>>,
    kernel: RbfKernel,
    epsilon: f64,
    smoothing: f64,
    neighbors: Option<usize>,
    trailing: Vec<usize>,
}

/// A solved RBF system: the polynomial's shift and scale, the coefficients, the scaled
/// centres.
#[derive(Clone, Debug)]
struct System {
    shift: Array,
    scale: Array,
    coeffs: Array,
    yeps: Array,
}

/// SciPy's `_build_and_solve_system` on `yf` `(n, d)`, `dv` `(n, s)`, on their device.
fn build_and_solve(
    yf: &Array,
    dv: &Array,
    smoothing: f64,
    kernel: RbfKernel,
    epsilon: f64,
    powers: &[Vec<u32>],
) -> Result<System> {
    let (n, nd) = (yf.shape()[0], yf.shape()[1]);
    let s = dv.shape()[1];
    let dev = yf.device();
    let (shift, scale) = if n == 0 {
        (
            cuprum_core::zeros_on([1, nd], DType::Float64, dev)?,
            cuprum_core::ones_on([1, nd], DType::Float64, dev)?,
        )
    } else {
        let mins = yf.min(0, true)?;
        let maxs = yf.max(0, true)?;
        let shift = cuprum_core::divide(&cuprum_core::add(&maxs, &mins)?, 2.0)?;
        let scale = cuprum_core::divide(&cuprum_core::subtract(&maxs, &mins)?, 2.0)?;
        let scale = cuprum_core::where_(&cuprum_core::equal(&scale, 0.0)?, 1.0, &scale)?;
        (shift, scale)
    };
    let yeps = cuprum_core::multiply(yf, epsilon)?;
    let yhat = cuprum_core::divide(&cuprum_core::subtract(yf, &shift)?, &scale)?;
    let r = powers.len();
    let mut kmat = kernel_matrix(&yeps, &yeps, kernel)?;
    if smoothing != 0.0 {
        let eye = cuprum_core::eye_on(n, None, 0, DType::Float64, dev)?;
        kmat = cuprum_core::add(&kmat, &cuprum_core::multiply(&eye, smoothing)?)?;
    }
    let pmat = polynomial_matrix(&yhat, powers)?;
    let top = concatenate(&[&kmat, &pmat], 1)?;
    let pt = ext::as_c_contiguous(&pmat.transpose()?)?;
    let zr = cuprum_core::zeros_on([r, r], DType::Float64, dev)?;
    let bottom = concatenate(&[&pt, &zr], 1)?;
    let lhs = concatenate(&[&top, &bottom], 0)?;
    let rhs = concatenate(
        &[dv, &cuprum_core::zeros_on([r, s], DType::Float64, dev)?],
        0,
    )?;
    let coeffs = cuprum_linalg::solve(&lhs, &rhs).map_err(|e| {
        let e: Error = e.into();
        match e {
            Error::InvalidValue { .. } | Error::BadArgument { .. } => Error::bad_argument(
                OP,
                "y",
                "data points giving a singular interpolation matrix",
                "points that are distinct and unisolvent for the polynomial degree",
            ),
            other => other,
        }
    })?;
    Ok(System {
        shift,
        scale,
        coeffs,
        yeps,
    })
}

/// The interpolant of `sys` at `xf` `(m, d)`: `(m, s)`, in row blocks.
fn evaluate(
    sys: &System,
    xf: &Array,
    kernel: RbfKernel,
    epsilon: f64,
    powers: &[Vec<u32>],
) -> Result<Array> {
    let m = xf.shape()[0];
    let n = sys.yeps.shape()[0].max(1);
    // about 2^22 kernel entries per block
    let chunk = ((1usize << 22) / n).max(1);
    let mut parts = Vec::new();
    let mut start = 0;
    while start < m {
        let stop = (start + chunk).min(m);
        let xc = util::rows(xf, start, stop)?;
        let xeps = cuprum_core::multiply(&xc, epsilon)?;
        let xhat = cuprum_core::divide(&cuprum_core::subtract(&xc, &sys.shift)?, &sys.scale)?;
        let kmat = kernel_matrix(&xeps, &sys.yeps, kernel)?;
        let pmat = polynomial_matrix(&xhat, powers)?;
        let vec = concatenate(&[&kmat, &pmat], 1)?;
        parts.push(matmul(&vec, &sys.coeffs)?);
        start = stop;
    }
    if parts.is_empty() {
        return cuprum_core::zeros_on([0, sys.coeffs.shape()[1]], DType::Float64, xf.device());
    }
    let refs: Vec<&Array> = parts.iter().collect();
    concatenate(&refs, 0)
}

/// The number of monomials of total degree `<= degree` in `ndim` variables,
/// `C(degree + ndim, ndim)`, saturating.
fn monomial_count(ndim: usize, degree: i64) -> usize {
    if degree < 0 {
        return 0;
    }
    let d = degree as u128;
    let mut c: u128 = 1;
    for i in 1..=ndim as u128 {
        c = c.saturating_mul(d + i) / i;
        if c > usize::MAX as u128 {
            return usize::MAX;
        }
    }
    c as usize
}

/// SciPy's `_monomial_powers`: exponents of the monomials of total degree `<= degree`, in
/// SciPy's order (by degree, then `combinations_with_replacement` of the variables).
fn monomial_powers(ndim: usize, degree: i64) -> Result<Vec<Vec<u32>>> {
    let mut out = ext::try_vec_with_capacity(monomial_count(ndim, degree))?;
    if degree < 0 {
        return Ok(out);
    }
    fn combos(
        ndim: usize,
        deg: usize,
        start: usize,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<u32>>,
    ) -> Result<()> {
        if cur.len() == deg {
            let mut p = ext::try_vec_filled(ndim, 0u32)?;
            for &v in cur.iter() {
                p[v] += 1;
            }
            out.push(p);
            return Ok(());
        }
        for v in start..ndim {
            cur.push(v);
            combos(ndim, deg, v, cur, out)?;
            cur.pop();
        }
        Ok(())
    }
    for deg in 0..=degree as usize {
        combos(ndim, deg, 0, &mut Vec::new(), &mut out)?;
    }
    Ok(out)
}

/// The `(m, n)` kernel matrix between the rows of `a` `(m, d)` and `b` `(n, d)`.
fn kernel_matrix(a: &Array, b: &Array, kernel: RbfKernel) -> Result<Array> {
    kernel.apply(&cuprum_core::sqrt(&util::sqdist(a, &b.transpose()?)?)?)
}

/// The `(m, R)` monomials of the rows of `xhat`.
fn polynomial_matrix(xhat: &Array, powers: &[Vec<u32>]) -> Result<Array> {
    let m = xhat.shape()[0];
    let mut cols = ext::try_vec_with_capacity(powers.len())?;
    for p in powers {
        let mut col = cuprum_core::ones_on([m, 1], DType::Float64, xhat.device())?;
        for (k, &e) in p.iter().enumerate() {
            if e > 0 {
                let xk = util::column(xhat, k)?;
                col = cuprum_core::multiply(&col, &cuprum_core::power(&xk, e as f64)?)?;
            }
        }
        cols.push(col);
    }
    if cols.is_empty() {
        return cuprum_core::zeros_on([m, 0], DType::Float64, xhat.device());
    }
    let refs: Vec<&Array> = cols.iter().collect();
    concatenate(&refs, 1)
}

impl RBFInterpolator {
    /// Builds the interpolator; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(y: &Array, values: &Array, opts: RbfOptions) -> Result<Self> {
        util::same_device(OP, y, values)?;
        if y.ndim() != 2 {
            return Err(Error::bad_shape(OP, "y", y.shape(), "a 2-d array (n, d)"));
        }
        let (n, nd) = (y.shape()[0], y.shape()[1]);
        let (trailing, s) = util::values_per_point(OP, "d", values, n)?;
        let kernel = opts.kernel;
        let epsilon = match opts.epsilon {
            Some(e) => e,
            None if kernel.scale_invariant() => 1.0,
            None => {
                return Err(Error::bad_argument(
                    OP,
                    "epsilon",
                    "None",
                    format!("a value for the kernel {kernel:?}, which is not scale-invariant"),
                ));
            }
        };
        let degree = opts.degree.unwrap_or(kernel.min_degree().max(0));
        if degree < -1 {
            return Err(Error::out_of_domain(OP, "degree", degree, "degree >= -1"));
        }
        let neighbors = match opts.neighbors {
            Some(0) => return Err(Error::out_of_domain(OP, "neighbors", 0, "neighbors >= 1")),
            Some(k) => Some(k.min(n)),
            None => None,
        };
        let nobs = neighbors.unwrap_or(n);
        let nmonos = monomial_count(nd, degree);
        if nmonos > nobs {
            return Err(Error::bad_shape(
                OP,
                "y",
                y.shape(),
                format!(
                    "at least {nmonos} data points (or neighbors) for degree {degree} in {nd} dimensions"
                ),
            ));
        }
        let powers = monomial_powers(nd, degree)?;
        let yf = util::as_f64(OP, y)?;
        let dv = util::as_f64(OP, values)?.reshape([n, s])?;
        let global = match neighbors {
            None => Some(build_and_solve(
                &yf,
                &dv,
                opts.smoothing,
                kernel,
                epsilon,
                &powers,
            )?),
            Some(_) => None,
        };
        Ok(Self {
            y: cuprum_core::multiply(&yf, epsilon)?,
            yf,
            dv,
            global,
            powers,
            kernel,
            epsilon,
            smoothing: opts.smoothing,
            neighbors,
            trailing,
        })
    }

    /// The interpolated values at `x` `(m, d)`: `(m, ...)`, float64 on the data's device.
    ///
    /// With `neighbors`, each point's `k` nearest data points (Euclidean, an exhaustive
    /// search on the device) form its neighbourhood; points that share a neighbourhood share
    /// one local system (SciPy's grouping), solved and evaluated on the device.
    ///
    /// # Errors
    /// [`Error::BadShape`] when `x` is not `(m, d)`; [`Error::DeviceMismatch`].
    pub fn call(&self, x: &Array) -> Result<Array> {
        util::same_device(OP, &self.y, x)?;
        let nd = self.y.shape()[1];
        if x.ndim() != 2 || x.shape()[1] != nd {
            return Err(Error::bad_shape(OP, "x", x.shape(), format!("(m, {nd})")));
        }
        let m = x.shape()[0];
        let xf = util::as_f64(OP, x)?;
        let out = match (&self.global, self.neighbors) {
            (Some(sys), _) => evaluate(sys, &xf, self.kernel, self.epsilon, &self.powers)?,
            (None, Some(k)) => self.local(&xf, k)?,
            (None, None) => {
                return Err(Error::unsupported(
                    OP,
                    "an interpolator without a global system or neighbours",
                ));
            }
        };
        let mut shape = vec![m];
        shape.extend_from_slice(&self.trailing);
        out.reshape(shape.as_slice())
    }

    /// The `neighbors` evaluation: `(m, s)`.
    fn local(&self, xf: &Array, k: usize) -> Result<Array> {
        use std::collections::HashMap;
        let (m, n) = (xf.shape()[0], self.yf.shape()[0]);
        let s = self.dv.shape()[1];
        let dev = xf.device();
        if m == 0 {
            return cuprum_core::zeros_on([0, s], DType::Float64, dev);
        }
        // the k nearest data points of every query, in row blocks
        let rows = ((1usize << 22) / n.max(1)).max(1);
        let mut near: Vec<i64> = ext::try_vec_with_capacity(m * k)?;
        let mut start = 0;
        while start < m {
            let stop = (start + rows).min(m);
            let blk = util::rows(xf, start, stop)?;
            let d2 = util::sqdist(&blk, &self.yf.transpose()?)?;
            let order = cuprum_core::argsort(&d2, Some(1))?;
            let first = order.slice(&[
                SliceItem::FULL,
                SliceItem::Slice {
                    start: None,
                    stop: Some(k as isize),
                    step: 1,
                },
            ])?;
            near.extend(ext::as_c_contiguous(&first)?.to_vec::<i64>()?);
            start = stop;
        }
        // group the queries by their (sorted) neighbourhood, in first-seen order
        let mut groups: HashMap<Vec<i64>, usize> = HashMap::new();
        let mut members: Vec<(Vec<i64>, Vec<i64>)> = Vec::new();
        for q in 0..m {
            let mut key = near[q * k..(q + 1) * k].to_vec();
            key.sort_unstable();
            match groups.get(&key) {
                Some(&g) => members[g].1.push(q as i64),
                None => {
                    groups.insert(key.clone(), members.len());
                    members.push((key, vec![q as i64]));
                }
            }
        }
        let mut parts = ext::try_vec_with_capacity(members.len())?;
        let mut order: Vec<i64> = ext::try_vec_with_capacity(m)?;
        for (ys, xs) in &members {
            let yi = Array::from_vec_on(ys.clone(), &[ys.len()], dev)?;
            let xi = Array::from_vec_on(xs.clone(), &[xs.len()], dev)?;
            let ynb = cuprum_core::take(&self.yf, &yi, Some(0), cuprum_core::IndexMode::Raise)?;
            let dnb = cuprum_core::take(&self.dv, &yi, Some(0), cuprum_core::IndexMode::Raise)?;
            let sys = build_and_solve(
                &ynb,
                &dnb,
                self.smoothing,
                self.kernel,
                self.epsilon,
                &self.powers,
            )?;
            let xnb = cuprum_core::take(xf, &xi, Some(0), cuprum_core::IndexMode::Raise)?;
            parts.push(evaluate(
                &sys,
                &xnb,
                self.kernel,
                self.epsilon,
                &self.powers,
            )?);
            order.extend_from_slice(xs);
        }
        let refs: Vec<&Array> = parts.iter().collect();
        let stacked = concatenate(&refs, 0)?;
        // put the rows back in query order
        let mut inverse = ext::try_vec_filled(m, 0i64)?;
        for (pos, &q) in order.iter().enumerate() {
            inverse[q as usize] = pos as i64;
        }
        let inv = Array::from_vec_on(inverse, &[m], dev)?;
        cuprum_core::take(&stacked, &inv, Some(0), cuprum_core::IndexMode::Raise)
    }
}
