//! [`RegularGridInterpolator`] and [`interpn`]: interpolation on a rectilinear grid in any
//! number of dimensions (`scipy.interpolate.RegularGridInterpolator`, `interpn`).

use crate::bspline::{basis_device, not_a_knot, solve_collocation};
use crate::grid_pchip::pchip_eval;
use crate::util::{self, any_true, host_f64, upload};
use cuprum_core::sort::{Side, searchsorted};
use cuprum_core::{Array, DType, Device, Error, IndexMode, Result, Scalar, SliceItem, ext, take};

/// The method of [`RegularGridInterpolator`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GridMethod {
    /// multilinear (default)
    #[default]
    Linear,
    /// the nearest grid point (ties toward the lower point)
    Nearest,
    /// the tensor-product interpolating spline of degree 1 (`'slinear'`)
    Slinear,
    /// the tensor-product not-a-knot spline of degree 3 (`'cubic'`)
    Cubic,
    /// the tensor-product not-a-knot spline of degree 5 (`'quintic'`)
    Quintic,
    /// 1-d PCHIP interpolation along each dimension in turn (`'pchip'`)
    Pchip,
}

impl GridMethod {
    /// The spline degree of a spline method.
    fn degree(self) -> Option<usize> {
        match self {
            Self::Slinear => Some(1),
            Self::Cubic => Some(3),
            Self::Quintic => Some(5),
            _ => None,
        }
    }
}

impl GridMethod {
    /// SciPy's names: `linear`, `nearest`, `slinear`, `cubic`, `quintic`, `pchip`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] for an unknown method.
    pub fn from_name(name: &str) -> Result<Self> {
        const OP: &str = "interpolate.RegularGridInterpolator";
        match name {
            "linear" => Ok(Self::Linear),
            "nearest" => Ok(Self::Nearest),
            "slinear" => Ok(Self::Slinear),
            "cubic" => Ok(Self::Cubic),
            "quintic" => Ok(Self::Quintic),
            "pchip" => Ok(Self::Pchip),
            o => Err(Error::bad_argument(
                OP,
                "method",
                format!("{o:?}"),
                "one of linear, nearest, slinear, cubic, quintic, pchip",
            )),
        }
    }
}

/// The optional arguments of [`RegularGridInterpolator::new`] (SciPy's defaults).
#[derive(Clone, Copy, Debug)]
pub struct GridOptions {
    /// the method (default linear)
    pub method: GridMethod,
    /// raise for points outside the grid (default true)
    pub bounds_error: bool,
    /// the value outside the grid: `Some(v)` (default NaN), or `None` to extrapolate
    pub fill_value: Option<f64>,
}

impl Default for GridOptions {
    fn default() -> Self {
        Self {
            method: GridMethod::Linear,
            bounds_error: true,
            fill_value: Some(f64::NAN),
        }
    }
}

/// Interpolation on a rectilinear grid (`scipy.interpolate.RegularGridInterpolator`).
///
/// **Shapes**: `points` are `d` 1-d grids of sizes `n_0 .. n_{d-1}`; `values` is
/// `(n_0, ..., n_{d-1}, *trailing)`; evaluating at `xi` `(..., d)` gives `(..., *trailing)`.
///
/// Each grid must be strictly increasing or strictly decreasing (a decreasing one is
/// reversed with the values). Evaluation runs on the values' device: a binary search per
/// dimension, then the `2^d` corner values gathered with `take` and weighted (linear), or
/// the nearest corner (nearest). The spline methods (`slinear`, `cubic`, `quintic`) build the
/// tensor-product interpolating spline with not-a-knot knots in each dimension: its
/// coefficients come from a banded collocation solve along each axis in turn, on the host
/// (SciPy solves the same system iteratively with `gcrotmk` at `rtol = 1e-5`, so its values
/// differ from the exact interpolant in about the fifth digit; with `solver=spsolve` they
/// agree); evaluation gathers the `(k + 1)^d` coefficients around each point on the device and
/// weights them by de Boor's basis values. `pchip` is SciPy's 1-d PCHIP along each dimension
/// in turn (the last first; at least 4 points a dimension), evaluated on the device from the
/// `4^d` grid values around each point. Computes in float64.
///
/// # Errors
/// [`Error::BadShape`] / [`Error::BadArgument`] for a grid that is not 1-d, monotone and
/// finite, a size that
/// does not match `values`, fewer than 2 points in a dimension for `linear`, more grids
/// than `values` has dimensions, and (at evaluation) `xi` whose last axis is not `d` or
/// points outside the grid with `bounds_error`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{GridOptions, RegularGridInterpolator};
/// let x = Array::from_vec_on(vec![0.0, 1.0], &[2], Device::Cpu).unwrap();
/// let y = Array::from_vec_on(vec![0.0, 2.0], &[2], Device::Cpu).unwrap();
/// let v = Array::from_vec_on(vec![0.0, 2.0, 1.0, 3.0], &[2, 2], Device::Cpu).unwrap();
/// let g = RegularGridInterpolator::new(&[&x, &y], &v, GridOptions::default()).unwrap();
/// let xi = Array::from_vec_on(vec![0.5, 1.0], &[1, 2], Device::Cpu).unwrap();
/// // the values are x + y
/// assert_eq!(g.call(&xi).unwrap().to_vec::<f64>().unwrap(), vec![1.5]);
/// ```
#[derive(Clone, Debug)]
pub struct RegularGridInterpolator {
    grids: Vec<Array>,
    bounds: Vec<(f64, f64)>,
    sizes: Vec<usize>,
    values: Array,
    /// the knots of each dimension (spline methods; empty otherwise)
    knots: Vec<Array>,
    trailing: Vec<usize>,
    opts: GridOptions,
    /// the grids and values on the host, for the linear method on the CPU
    host: Option<std::sync::Arc<HostGrid>>,
}

/// The grids and the `(prod n, r)` values, on the host.
type HostGrid = (Vec<Vec<f64>>, Vec<f64>);

const OP: &str = "interpolate.RegularGridInterpolator";

impl RegularGridInterpolator {
    /// Builds the interpolator; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(points: &[&Array], values: &Array, opts: GridOptions) -> Result<Self> {
        let d = points.len();
        if d == 0 || d > values.ndim() {
            return Err(Error::bad_shape(
                OP,
                "values",
                values.shape(),
                format!("at least {d} dimensions, one per point array"),
            ));
        }
        util::real_check(OP, values)?;
        let mut vals = values.astype(DType::Float64)?;
        let mut grids = ext::try_vec_with_capacity(d)?;
        let mut bounds = ext::try_vec_with_capacity(d)?;
        let mut sizes = ext::try_vec_with_capacity(d)?;
        let mut ghost: Vec<Vec<f64>> = ext::try_vec_with_capacity(d)?;
        for (i, p) in points.iter().enumerate() {
            util::same_device(OP, p, values)?;
            if p.ndim() != 1 {
                return Err(Error::bad_shape(
                    OP,
                    "points",
                    p.shape(),
                    format!("a 1-d array in dimension {i}"),
                ));
            }
            let mut g = host_f64(OP, p)?;
            if g.len() != values.shape()[i] {
                return Err(Error::bad_shape(
                    OP,
                    "points",
                    p.shape(),
                    format!(
                        "({},): as many points as values along dimension {i}",
                        values.shape()[i]
                    ),
                ));
            }
            if g.is_empty() || g.iter().any(|v| !v.is_finite()) {
                return Err(Error::bad_argument(
                    OP,
                    "points",
                    format!("dimension {i}: {} points, not all finite or none", g.len()),
                    "finite, non-empty point arrays",
                ));
            }
            if g.len() > 1 && g.windows(2).all(|w| w[1] < w[0]) {
                g.reverse();
                let mut items = ext::try_vec_filled(values.ndim(), SliceItem::FULL)?;
                items[i] = SliceItem::Slice {
                    start: None,
                    stop: None,
                    step: -1,
                };
                vals = vals.slice(&items)?;
            } else if g.windows(2).any(|w| w[1] <= w[0]) {
                return Err(Error::bad_argument(
                    OP,
                    "points",
                    format!("dimension {i}: neither strictly ascending nor descending"),
                    "strictly ascending or descending points",
                ));
            }
            let need = match opts.method {
                GridMethod::Linear => 2,
                GridMethod::Nearest => 1,
                GridMethod::Pchip => 4,
                m => m.degree().map_or(1, |k| k + 1),
            };
            if g.len() < need {
                return Err(Error::bad_shape(
                    OP,
                    "points",
                    p.shape(),
                    format!(
                        "at least {need} points in dimension {i} for method {:?}",
                        opts.method
                    ),
                ));
            }
            bounds.push((g[0], g[g.len() - 1]));
            sizes.push(g.len());
            grids.push(upload(g.clone(), &[g.len()], values.device())?);
            ghost.push(g);
        }
        let trailing = values.shape()[d..].to_vec();
        let p: usize = sizes.iter().product();
        let r: usize = trailing.iter().product();
        let mut values = ext::as_c_contiguous(&vals)?.reshape([p, r])?;
        let mut knots = Vec::new();
        if let Some(k) = opts.method.degree() {
            // the tensor-product interpolant: a 1-d collocation solve along each axis in turn
            let mut c = host_f64(OP, &values)?;
            for (j, g) in ghost.iter().enumerate() {
                let t = not_a_knot(g, k)?;
                let n = sizes[j];
                let a: usize = sizes[..j].iter().product();
                let b: usize = sizes[j + 1..].iter().product::<usize>() * r;
                let mut col = ext::try_vec_filled(c.len(), 0.0)?;
                for ai in 0..a {
                    for i in 0..n {
                        for bi in 0..b {
                            col[i * (a * b) + ai * b + bi] = c[(ai * n + i) * b + bi];
                        }
                    }
                }
                let sol = solve_collocation(OP, g, &col, a * b, &t, k, &[], &[])?;
                for ai in 0..a {
                    for i in 0..n {
                        for bi in 0..b {
                            c[(ai * n + i) * b + bi] = sol[i * (a * b) + ai * b + bi];
                        }
                    }
                }
                knots.push(upload(t.clone(), &[t.len()], values.device())?);
            }
            values = upload(c, &[p, r], values.device())?;
        }
        let host = if opts.method == GridMethod::Linear && values.device() == Device::Cpu && d <= 16
        {
            Some(std::sync::Arc::new((ghost, values.to_vec::<f64>()?)))
        } else {
            None
        };
        Ok(Self {
            grids,
            bounds,
            sizes,
            values,
            knots,
            trailing,
            opts,
            host,
        })
    }

    /// The interpolated values at `xi` `(..., d)`, float64 on the values' device.
    ///
    /// # Errors
    /// As described on the type.
    pub fn call(&self, xi: &Array) -> Result<Array> {
        let d = self.grids.len();
        util::same_device(OP, &self.values, xi)?;
        util::real_check(OP, xi)?;
        let (xi2, lead): (Array, Vec<usize>) =
            if xi.ndim() == 0 || *xi.shape().last().unwrap_or(&0) != d {
                if d == 1 {
                    (xi.reshape([xi.size(), 1])?, xi.shape().to_vec())
                } else {
                    return Err(Error::bad_shape(
                        OP,
                        "xi",
                        xi.shape(),
                        format!("(..., {d})"),
                    ));
                }
            } else {
                (xi.clone(), xi.shape()[..xi.ndim() - 1].to_vec())
            };
        let npts: usize = lead.iter().product();
        let xi2 = xi2.astype(DType::Float64)?.reshape([npts, d])?;
        let r = self.values.shape()[1];
        let dev = self.values.device();
        if let Some(host) = &self.host {
            let res = self.linear_cpu(host, &xi2)?;
            let mut shape = lead;
            shape.extend_from_slice(&self.trailing);
            return res.reshape(shape.as_slice());
        }
        let mut idx = ext::try_vec_with_capacity(d)?;
        let mut w = ext::try_vec_with_capacity(d)?;
        let mut oob: Option<Array> = None;
        for (j, g) in self.grids.iter().enumerate() {
            let xj = xi2.slice(&[SliceItem::FULL, SliceItem::Index(j as isize)])?;
            let n = self.sizes[j];
            let (lo, hi) = self.bounds[j];
            let out = cuprum_core::logical_or(
                &cuprum_core::less(&xj, lo)?,
                &cuprum_core::greater(&xj, hi)?,
            )?;
            oob = Some(match oob {
                None => out,
                Some(o) => cuprum_core::logical_or(&o, &out)?,
            });
            if n == 1 {
                idx.push(cuprum_core::zeros_on([npts], DType::Int64, dev)?);
                w.push(cuprum_core::zeros_on([npts], DType::Float64, dev)?);
                continue;
            }
            let pos = searchsorted(g, &xj, Side::Left, None)?;
            let i = cuprum_core::clip(
                &cuprum_core::subtract(&pos, 1i64)?,
                Some(0i64.into()),
                Some(((n - 2) as i64).into()),
            )?;
            let ip = cuprum_core::add(&i, 1i64)?;
            let gl = take(g, &i, None, IndexMode::Clip)?;
            let gh = take(g, &ip, None, IndexMode::Clip)?;
            let t = cuprum_core::divide(
                &cuprum_core::subtract(&xj, &gl)?,
                &cuprum_core::subtract(&gh, &gl)?,
            )?;
            idx.push(i);
            w.push(t);
        }
        let oob = match oob {
            Some(o) => o,
            None => cuprum_core::zeros_on([npts], DType::Bool, dev)?,
        };
        // a NaN coordinate is not inside the grid either (SciPy's all(lo <= p <= hi) check)
        if self.opts.bounds_error && (any_true(&oob)? || any_true(&cuprum_core::isnan(&xi2)?)?) {
            return Err(Error::out_of_domain(
                OP,
                "xi",
                "a point outside the grid (or NaN)",
                "the grid's bounds (bounds_error=true)",
            ));
        }
        let mut strides = ext::try_vec_filled(d, 1usize)?;
        for j in (0..d.saturating_sub(1)).rev() {
            strides[j] = strides[j + 1] * self.sizes[j + 1];
        }
        let res = match self.opts.method {
            m if m.degree().is_some() => {
                let k = m.degree().unwrap_or(1);
                let ks = ext::try_vec_filled(d, k)?;
                tensor_eval(OP, &self.knots, &self.sizes, &ks, &self.values, &xi2, 0)?
            }
            GridMethod::Nearest => {
                let mut flat: Option<Array> = None;
                for j in 0..d {
                    let near = if self.sizes[j] == 1 {
                        idx[j].clone()
                    } else {
                        let up = cuprum_core::greater(&w[j], 0.5)?;
                        cuprum_core::add(&idx[j], &up.astype(DType::Int64)?)?
                    };
                    let term = cuprum_core::multiply(&near, strides[j] as i64)?;
                    flat = add_in(flat, term)?;
                }
                let flat = flat.ok_or_else(|| no_axes(OP))?;
                take(&self.values, &flat, Some(0), IndexMode::Clip)?
            }
            GridMethod::Pchip => pchip_eval(&self.grids, &self.sizes, &self.values, &xi2, &idx)?,
            _ => {
                let mut acc: Option<Array> = None;
                for corner in 0..(1usize << d) {
                    let mut weight: Option<Array> = None;
                    let mut flat: Option<Array> = None;
                    for j in 0..d {
                        let bit = (corner >> (d - 1 - j)) & 1;
                        let wj = if bit == 1 {
                            w[j].clone()
                        } else {
                            cuprum_core::subtract(1.0, &w[j])?
                        };
                        weight = Some(match weight {
                            None => wj,
                            Some(a) => cuprum_core::multiply(&a, &wj)?,
                        });
                        let ij = cuprum_core::multiply(
                            &cuprum_core::add(&idx[j], bit as i64)?,
                            strides[j] as i64,
                        )?;
                        flat = add_in(flat, ij)?;
                    }
                    let term = corner_term(OP, &self.values, weight, flat, npts)?;
                    acc = add_in(acc, term)?;
                }
                acc.ok_or_else(|| no_axes(OP))?
            }
        };
        let res = match self.opts.fill_value {
            Some(f) if !self.opts.bounds_error => {
                cuprum_core::where_(&oob.reshape([npts, 1])?, Scalar::Float(f), &res)?
            }
            _ => res,
        };
        let _ = r;
        let mut shape = lead;
        shape.extend_from_slice(&self.trailing);
        res.reshape(shape.as_slice())
    }
}

impl RegularGridInterpolator {
    /// The linear method on the CPU: one loop over the points (in parallel), each a binary
    /// search per dimension and the `2^d` corner values weighted; the arithmetic of the array
    /// composition in [`RegularGridInterpolator::call`].
    fn linear_cpu(&self, host: &HostGrid, xi: &Array) -> Result<Array> {
        use rayon::prelude::*;
        let (grids, vals) = (&host.0, &host.1);
        let d = grids.len();
        let r = self.values.shape()[1];
        let xv = ext::as_c_contiguous(xi)?.to_vec::<f64>()?;
        let npts = xv.len().checked_div(d).unwrap_or(0);
        let mut strides = ext::try_vec_filled(d, 1usize)?;
        for j in (0..d.saturating_sub(1)).rev() {
            strides[j] = strides[j + 1] * self.sizes[j + 1];
        }
        let mut out = ext::try_vec_filled(npts.saturating_mul(r), 0.0)?;
        let mut oob_any = false;
        let fill = match self.opts.fill_value {
            Some(f) if !self.opts.bounds_error => Some(f),
            _ => None,
        };
        let mut flags = ext::try_vec_filled(npts, false)?;
        out.par_chunks_mut(r.max(1))
            .zip(flags.par_iter_mut())
            .enumerate()
            .for_each(|(p, (o, flag))| {
                let x = &xv[p * d..(p + 1) * d];
                let mut ii = [0usize; 32];
                let mut tt = [0.0f64; 32];
                let mut out_of = false;
                for j in 0..d {
                    let g = &grids[j];
                    let n = g.len();
                    if x[j] < g[0] || x[j] > g[n - 1] {
                        out_of = true;
                    }
                    if n == 1 {
                        continue;
                    }
                    let pos = g.partition_point(|&v| v < x[j]);
                    let i = pos.saturating_sub(1).min(n - 2);
                    ii[j] = i;
                    tt[j] = (x[j] - g[i]) / (g[i + 1] - g[i]);
                }
                *flag = out_of || x.iter().any(|v| v.is_nan());
                if let (true, Some(f)) = (out_of, fill) {
                    o.iter_mut().for_each(|v| *v = f);
                    return;
                }
                o.iter_mut().for_each(|v| *v = 0.0);
                'corner: for corner in 0..(1usize << d) {
                    let mut weight = 1.0;
                    let mut flat = 0usize;
                    for j in 0..d {
                        let bit = (corner >> (d - 1 - j)) & 1;
                        if self.sizes[j] == 1 {
                            if bit == 1 {
                                continue 'corner;
                            }
                            continue;
                        }
                        weight *= if bit == 1 { tt[j] } else { 1.0 - tt[j] };
                        flat += (ii[j] + bit) * strides[j];
                    }
                    for (q, oq) in o.iter_mut().enumerate() {
                        *oq += weight * vals[flat * r + q];
                    }
                }
            });
        if self.opts.bounds_error {
            oob_any = flags.iter().any(|&f| f);
        }
        if oob_any {
            return Err(Error::out_of_domain(
                OP,
                "xi",
                "a point outside the grid (or NaN)",
                "the grid's bounds (bounds_error=true)",
            ));
        }
        Array::from_vec_on(out, &[npts, r], Device::Cpu)
    }
}

/// `interpn(points, values, xi, method, bounds_error, fill_value)`: a
/// [`RegularGridInterpolator`] built and evaluated once (`scipy.interpolate.interpn`).
///
/// # Errors
/// As [`RegularGridInterpolator`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{GridMethod, GridOptions, interpn};
/// let g = Array::from_vec_on(vec![0.0, 1.0, 2.0], &[3], Device::Cpu).unwrap();
/// let v = Array::from_vec_on(vec![0.0, 10.0, 20.0], &[3], Device::Cpu).unwrap();
/// let xi = Array::from_vec_on(vec![0.4, 1.6], &[2, 1], Device::Cpu).unwrap();
/// let o = GridOptions { method: GridMethod::Nearest, ..Default::default() };
/// assert_eq!(interpn(&[&g], &v, &xi, o).unwrap().to_vec::<f64>().unwrap(), vec![0.0, 20.0]);
/// ```
pub fn interpn(points: &[&Array], values: &Array, xi: &Array, opts: GridOptions) -> Result<Array> {
    RegularGridInterpolator::new(points, values, opts)?.call(xi)
}

/// The tensor-product spline with knots `knots[j]` (`sizes[j]` coefficients, degree `ks[j]`)
/// and coefficients `coeffs` `(prod sizes, r)` (C order over the dimensions) at the points
/// `xi` `(npts, d)`, or its derivative of order `nu` in every dimension: `(npts, r)`.
/// De Boor's basis per dimension, then the `prod (k_j + 1)` coefficients around each point
/// gathered and weighted, on the device.
pub(crate) fn tensor_eval(
    op: &'static str,
    knots: &[Array],
    sizes: &[usize],
    ks: &[usize],
    coeffs: &Array,
    xi: &Array,
    nu: usize,
) -> Result<Array> {
    let d = knots.len();
    let npts = xi.shape()[0];
    let mut strides = ext::try_vec_filled(d, 1usize)?;
    for j in (0..d.saturating_sub(1)).rev() {
        strides[j] = strides[j + 1] * sizes[j + 1];
    }
    let mut ls = ext::try_vec_with_capacity(d)?;
    let mut hs = ext::try_vec_with_capacity(d)?;
    let mut corners: usize = 1;
    for j in 0..d {
        let xj =
            ext::as_c_contiguous(&xi.slice(&[SliceItem::FULL, SliceItem::Index(j as isize)])?)?;
        let (l, h) = basis_device(&knots[j], sizes[j], ks[j], &xj, nu.min(ks[j]))?;
        ls.push(l);
        hs.push(h);
        corners = corners.checked_mul(ks[j] + 1).ok_or_else(|| {
            Error::bad_argument(
                op,
                "k",
                format!("{d} dimensions of degrees {ks:?}"),
                "fewer than usize::MAX corner terms",
            )
        })?;
    }
    let mut acc: Option<Array> = None;
    for corner in 0..corners {
        let mut rem = corner;
        let mut weight: Option<Array> = None;
        let mut flat: Option<Array> = None;
        for j in (0..d).rev() {
            let k = ks[j];
            let a = rem % (k + 1);
            rem /= k + 1;
            let hj = &hs[j][a];
            weight = Some(match weight {
                None => hj.clone(),
                Some(w) => cuprum_core::multiply(&w, hj)?,
            });
            let ij = cuprum_core::multiply(
                &cuprum_core::add(&ls[j], a as i64 - k as i64)?,
                strides[j] as i64,
            )?;
            flat = add_in(flat, ij)?;
        }
        let term = corner_term(op, coeffs, weight, flat, npts)?;
        acc = add_in(acc, term)?;
    }
    acc.ok_or_else(|| no_axes(op))
}

/// `acc + term`, or `term` for the first term of a sum.
fn add_in(acc: Option<Array>, term: Array) -> Result<Option<Array>> {
    Ok(Some(match acc {
        None => term,
        Some(a) => cuprum_core::add(&a, &term)?,
    }))
}

/// The error for a grid with no axes.
fn no_axes(op: &'static str) -> Error {
    Error::bad_argument(op, "points", "no dimensions", "at least one grid axis")
}

/// One corner's term `values[flat] * weight`, `(npts, r)`, of a tensor-product sum; the
/// weight and flat index are `None` for a grid with no axes.
fn corner_term(
    op: &'static str,
    values: &Array,
    weight: Option<Array>,
    flat: Option<Array>,
    npts: usize,
) -> Result<Array> {
    let (Some(weight), Some(flat)) = (weight, flat) else {
        return Err(no_axes(op));
    };
    let v = take(values, &flat, Some(0), IndexMode::Clip)?;
    cuprum_core::multiply(&v, &weight.reshape([npts, 1])?)
}
