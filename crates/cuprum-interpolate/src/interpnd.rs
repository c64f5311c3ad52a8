//! Interpolation on a Delaunay triangulation of scattered points: [`LinearNDInterpolator`]
//! and [`CloughTocher2DInterpolator`] (`scipy.interpolate`, SciPy's `_interpnd`).

use crate::util;
use cuprum_core::{Array, DType, Error, IndexMode, Result, SliceItem, ext, take};
use cuprum_spatial::Delaunay;

const LINEAR: &str = "interpolate.LinearNDInterpolator";
const CT: &str = "interpolate.CloughTocher2DInterpolator";

/// Columns `lo..hi` of the 2-d array `a` (a view).
fn cols(a: &Array, lo: usize, hi: usize) -> Result<Array> {
    a.slice(&[
        SliceItem::FULL,
        SliceItem::Slice {
            start: Some(lo as isize),
            stop: Some(hi as isize),
            step: 1,
        },
    ])
}

/// The data points, values and scaling shared by the triangulation interpolators (SciPy's
/// `NDInterpolatorBase`).
#[derive(Clone, Debug)]
struct Base {
    tri: Delaunay,
    /// `(n, r)` float64
    values: Array,
    trailing: Vec<usize>,
    fill_value: f64,
    /// `(offset, scale)`, each `(1, d)`, when `rescale`
    scale: Option<(Array, Array)>,
}

impl Base {
    fn new(
        op: &'static str,
        points: &Array,
        values: &Array,
        fill_value: f64,
        rescale: bool,
    ) -> Result<Self> {
        util::same_device(op, points, values)?;
        if points.ndim() != 2 {
            return Err(Error::bad_shape(op, "points", points.shape(), "(n, d)"));
        }
        if points.shape()[1] < 2 {
            return Err(Error::bad_shape(
                op,
                "points",
                points.shape(),
                "(n, d) with d >= 2",
            ));
        }
        let p = util::as_f64(op, points)?;
        let (p, scale) = if rescale {
            let off = p.mean(0, true)?;
            let sc = p.ptp(0, true)?;
            let sc = cuprum_core::where_(&cuprum_core::greater(&sc, 0.0)?, &sc, 1.0)?;
            let scaled = cuprum_core::divide(&cuprum_core::subtract(&p, &off)?, &sc)?;
            (ext::as_c_contiguous(&scaled)?, Some((off, sc)))
        } else {
            (p, None)
        };
        let tri = Delaunay::new(&p)?;
        Self::with_tri(op, tri, values, fill_value, scale)
    }

    fn with_tri(
        op: &'static str,
        tri: Delaunay,
        values: &Array,
        fill_value: f64,
        scale: Option<(Array, Array)>,
    ) -> Result<Self> {
        util::same_device(op, tri.points(), values)?;
        let n = tri.points().shape()[0];
        let (trailing, r) = util::values_per_point(op, "values", values, n)?;
        let v = util::as_f64(op, values)?.reshape([n, r])?;
        Ok(Self {
            tri,
            values: v,
            trailing,
            fill_value,
            scale,
        })
    }

    fn r(&self) -> usize {
        self.values.shape()[1]
    }

    /// The query points as `(q, d)` float64 (scaled), and the leading shape of `xi`.
    fn prepare(&self, op: &'static str, xi: &Array) -> Result<(Array, Vec<usize>)> {
        util::same_device(op, &self.values, xi)?;
        let d = self.tri.points().shape()[1];
        let (lead, q) = util::query_points(op, xi, d)?;
        let mut x = util::as_f64(op, xi)?.reshape([q, d])?;
        if let Some((off, sc)) = &self.scale {
            x = ext::as_c_contiguous(&cuprum_core::divide(&cuprum_core::subtract(&x, off)?, sc)?)?;
        }
        Ok((x, lead))
    }

    /// For each query point: the simplex holding it (int64, 0 where none), a `(q, 1)` mask of
    /// the points inside the triangulation, and the `d + 1` barycentric coordinates, each
    /// `(q, 1)`.
    fn locate(&self, x: &Array) -> Result<(Array, Array, Vec<Array>)> {
        use cuprum_core as cp;
        let q = x.shape()[0];
        let d = x.shape()[1];
        let s = self.tri.find_simplex(x)?.astype(DType::Int64)?;
        let inside = cp::greater_equal(&s, 0i64)?.reshape([q, 1])?;
        let sc = cp::where_(&cp::less(&s, 0i64)?, 0i64, &s)?;
        let ns = self.tri.simplices().shape()[0];
        let tr = self.tri.transform().reshape([ns, (d + 1) * d])?;
        let t = take(&tr, &sc, Some(0), IndexMode::Clip)?;
        let mut dx = ext::try_vec_with_capacity(d)?;
        for k in 0..d {
            dx.push(cp::subtract(
                &cols(x, k, k + 1)?,
                &cols(&t, d * d + k, d * d + k + 1)?,
            )?);
        }
        let mut bary = ext::try_vec_with_capacity(d + 1)?;
        let mut last = cp::ones_on([q, 1], DType::Float64, x.device())?;
        for j in 0..d {
            let mut b: Option<Array> = None;
            for (k, dxk) in dx.iter().enumerate() {
                let term = cp::multiply(&cols(&t, j * d + k, j * d + k + 1)?, dxk)?;
                b = Some(match b {
                    None => term,
                    Some(acc) => cp::add(&acc, &term)?,
                });
            }
            let b =
                b.ok_or_else(|| Error::bad_shape(LINEAR, "points", &[0, 0], "(n, d) with d >= 2"))?;
            last = cp::subtract(&last, &b)?;
            bary.push(b);
        }
        bary.push(last);
        Ok((sc, inside, bary))
    }

    /// `res` `(q, r)` with `fill_value` outside, reshaped to `lead + trailing`.
    fn finish(&self, res: &Array, inside: &Array, lead: Vec<usize>) -> Result<Array> {
        let out = cuprum_core::where_(inside, res, self.fill_value)?;
        let mut shape = lead;
        shape.extend_from_slice(&self.trailing);
        out.astype(DType::Float64)?.reshape(shape.as_slice())
    }
}

/// Piecewise linear interpolation of scattered data on its Delaunay triangulation
/// (`scipy.interpolate.LinearNDInterpolator`).
///
/// **Shapes**: `points` `(n, d)`, `d >= 2`; `values` `(n, ...)`; evaluating at `xi` `(..., d)`
/// gives `xi.shape[..-1] + values.shape[1..]`, float64.
///
/// The points are triangulated ([`cuprum_spatial::Delaunay`], any dimension `d >= 2`); each
/// query point takes the barycentric combination of the values at the vertices of the simplex
/// that holds it, and `fill_value` (default NaN) outside the convex hull or at NaN
/// coordinates. `rescale` first centres the coordinates on the data's mean and divides each
/// by the data's peak-to-peak range, as SciPy. Evaluation runs on the data's device
/// ([`Delaunay::find_simplex`], then `take` of the triangles' transforms and the vertex
/// values, and elementwise weights).
///
/// # Errors
/// [`Error::BadShape`] when `points` is not `(n, d)` with `d >= 2`, `values` has another
/// length, or `xi`'s last axis is not `d`; [`Error::BadArgument`] when the triangulation
/// fails (fewer than `d + 1` points, non-finite points, points in one hyperplane);
/// [`Error::DType`] for complex values; [`Error::DeviceMismatch`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::LinearNDInterpolator;
/// let p = Array::from_vec_on(vec![0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0], &[4, 2], Device::Cpu).unwrap();
/// // the values are x + 2y, reproduced exactly inside the square
/// let v = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0], &[4], Device::Cpu).unwrap();
/// let f = LinearNDInterpolator::new(&p, &v, f64::NAN, false).unwrap();
/// let xi = Array::from_vec_on(vec![0.25, 0.5, 2.0, 2.0], &[2, 2], Device::Cpu).unwrap();
/// let r = f.call(&xi).unwrap().to_vec::<f64>().unwrap();
/// assert!((r[0] - 1.25).abs() < 1e-14 && r[1].is_nan());
/// ```
#[derive(Clone, Debug)]
pub struct LinearNDInterpolator {
    base: Base,
}

impl LinearNDInterpolator {
    /// Triangulates `points` and builds the interpolator; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(points: &Array, values: &Array, fill_value: f64, rescale: bool) -> Result<Self> {
        Ok(Self {
            base: Base::new(LINEAR, points, values, fill_value, rescale)?,
        })
    }

    /// The interpolator on an existing triangulation (SciPy's `points` given as a
    /// `Delaunay`).
    ///
    /// # Errors
    /// As [`LinearNDInterpolator::new`].
    pub fn from_delaunay(tri: &Delaunay, values: &Array, fill_value: f64) -> Result<Self> {
        Ok(Self {
            base: Base::with_tri(LINEAR, tri.clone(), values, fill_value, None)?,
        })
    }

    /// The triangulation.
    pub fn tri(&self) -> &Delaunay {
        &self.base.tri
    }

    /// The values at `xi` `(..., d)`, on the data's device.
    ///
    /// # Errors
    /// As described on the type.
    pub fn call(&self, xi: &Array) -> Result<Array> {
        use cuprum_core as cp;
        let b = &self.base;
        let (x, lead) = b.prepare(LINEAR, xi)?;
        let q = x.shape()[0];
        let (sc, inside, bary) = b.locate(&x)?;
        let simp = b.tri.simplices().astype(DType::Int64)?;
        let verts = take(&simp, &sc, Some(0), IndexMode::Clip)?;
        let mut acc = cp::zeros_on([q, b.r()], DType::Float64, x.device())?;
        for (j, bj) in bary.iter().enumerate() {
            let vj = ext::as_c_contiguous(&cols(&verts, j, j + 1)?)?.reshape([q])?;
            let vals = take(&b.values, &vj, Some(0), IndexMode::Clip)?;
            acc = cp::add(&acc, &cp::multiply(bj, &vals)?)?;
        }
        b.finish(&acc, &inside, lead)
    }
}

/// The optional arguments of [`CloughTocher2DInterpolator::new`] (SciPy's defaults).
#[derive(Clone, Copy, Debug)]
pub struct CloughTocherOptions {
    /// the value outside the convex hull (default NaN)
    pub fill_value: f64,
    /// the absolute/relative tolerance of the gradient estimation (default 1e-6)
    pub tol: f64,
    /// the most Gauss–Seidel sweeps of the gradient estimation (default 400)
    pub maxiter: usize,
    /// rescale the points to the unit square first (default false)
    pub rescale: bool,
}

impl Default for CloughTocherOptions {
    fn default() -> Self {
        Self {
            fill_value: f64::NAN,
            tol: 1e-6,
            maxiter: 400,
            rescale: false,
        }
    }
}

/// The Bernstein–Bézier exponents `(b1, b2, b3, b4)` and multinomial weights of the 19 terms
/// of the Clough–Tocher cubic (the `b1 b2 b3` term vanishes: one of `b1..b3` is zero).
const CT_TERMS: [([u8; 4], f64); 19] = [
    ([3, 0, 0, 0], 1.0),
    ([2, 1, 0, 0], 3.0),
    ([2, 0, 1, 0], 3.0),
    ([2, 0, 0, 1], 3.0),
    ([1, 2, 0, 0], 3.0),
    ([1, 1, 0, 1], 6.0),
    ([1, 0, 2, 0], 3.0),
    ([1, 0, 1, 1], 6.0),
    ([1, 0, 0, 2], 3.0),
    ([0, 3, 0, 0], 1.0),
    ([0, 2, 1, 0], 3.0),
    ([0, 2, 0, 1], 3.0),
    ([0, 1, 2, 0], 3.0),
    ([0, 1, 1, 1], 6.0),
    ([0, 1, 0, 2], 3.0),
    ([0, 0, 3, 0], 1.0),
    ([0, 0, 2, 1], 3.0),
    ([0, 0, 1, 2], 3.0),
    ([0, 0, 0, 3], 1.0),
];

/// Piecewise cubic, C1-smooth, curvature-minimizing interpolation of scattered 2-d data
/// (`scipy.interpolate.CloughTocher2DInterpolator`).
///
/// **Shapes**: `points` `(n, 2)`; `values` `(n, ...)`; evaluating at `xi` `(..., 2)` gives
/// `xi.shape[..-1] + values.shape[1..]`, float64.
///
/// SciPy's construction: the points are triangulated ([`Delaunay`]); the gradient at each
/// vertex is estimated by the global curvature-minimizing scheme of Nielson and Renka–Cline
/// (Gauss–Seidel sweeps until the relative change is below `tol`, at most `maxiter`); each
/// triangle carries a Clough–Tocher cubic in Bernstein–Bézier form, split at the centroid,
/// with SciPy's affine-invariant cross-boundary directions (toward the neighbours'
/// centroids). The gradients and the 19 Bézier coefficients of every triangle are computed
/// on the host at construction; evaluation runs on the data's device: the triangle holding
/// each point ([`Delaunay::find_simplex`]), its barycentric coordinates, and the cubic in the
/// extended barycentric coordinates with the triangle's coefficients (gathered with `take`).
/// `fill_value` outside the convex hull or at NaN coordinates.
///
/// # Errors
/// As [`LinearNDInterpolator`], and [`Error::BadShape`] for points that are not 2-d,
/// [`Error::OutOfDomain`] for a negative `tol`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_interpolate::{CloughTocher2DInterpolator, CloughTocherOptions};
/// let p = Array::from_vec_on(vec![0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.0, 0.4, 0.6], &[5, 2], Device::Cpu).unwrap();
/// // a linear function is reproduced exactly
/// let v = Array::from_vec_on(vec![0.0, 1.0, 2.0, 3.0, 1.6], &[5], Device::Cpu).unwrap();
/// let f = CloughTocher2DInterpolator::new(&p, &v, CloughTocherOptions::default()).unwrap();
/// let xi = Array::from_vec_on(vec![0.3, 0.2], &[1, 2], Device::Cpu).unwrap();
/// assert!((f.call(&xi).unwrap().to_vec::<f64>().unwrap()[0] - 0.7).abs() < 1e-6);
/// ```
#[derive(Clone, Debug)]
pub struct CloughTocher2DInterpolator {
    base: Base,
    /// the gradients at the vertices, `(n, r, 2)`
    grad: Array,
    /// the Bézier coefficients of each triangle, `(nsimplex, 19 * r)` in the order of
    /// `CT_TERMS`
    coef: Array,
}

impl CloughTocher2DInterpolator {
    /// Triangulates `points`, estimates the gradients and builds the interpolator; see the
    /// type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(points: &Array, values: &Array, opts: CloughTocherOptions) -> Result<Self> {
        if points.ndim() == 2 && points.shape()[1] != 2 {
            return Err(Error::bad_shape(
                CT,
                "points",
                points.shape(),
                "(n, 2): 2-d data",
            ));
        }
        let base = Base::new(CT, points, values, opts.fill_value, opts.rescale)?;
        Self::build(base, opts)
    }

    /// The interpolator on an existing 2-d triangulation.
    ///
    /// # Errors
    /// As [`CloughTocher2DInterpolator::new`].
    pub fn from_delaunay(
        tri: &Delaunay,
        values: &Array,
        opts: CloughTocherOptions,
    ) -> Result<Self> {
        let base = Base::with_tri(CT, tri.clone(), values, opts.fill_value, None)?;
        Self::build(base, opts)
    }

    /// The triangulation.
    pub fn tri(&self) -> &Delaunay {
        &self.base.tri
    }

    /// The estimated gradients at the data points, `(n, ..., 2)` (SciPy's `grad`).
    ///
    /// # Errors
    /// Only on a failed reshape (none for a built interpolator).
    pub fn grad(&self) -> Result<Array> {
        let mut shape = vec![self.grad.shape()[0]];
        shape.extend_from_slice(&self.base.trailing);
        shape.push(2);
        self.grad.reshape(shape.as_slice())
    }

    fn build(base: Base, opts: CloughTocherOptions) -> Result<Self> {
        if opts.tol.is_nan() || opts.tol < 0.0 {
            return Err(Error::out_of_domain(CT, "tol", opts.tol, "tol >= 0"));
        }
        let dev = base.values.device();
        let pts = base.tri.points().to_vec::<f64>()?;
        let n = pts.len() / 2;
        let simp: Vec<usize> = base
            .tri
            .simplices()
            .to_vec::<i32>()?
            .into_iter()
            .map(|v| v as usize)
            .collect();
        let nbr = base.tri.neighbors().to_vec::<i32>()?;
        let trf = base.tri.transform().to_vec::<f64>()?;
        let ns = simp.len() / 3;
        let r = base.r();
        let vals = base.values.to_vec::<f64>()?;
        // vertex adjacency from the triangles' edges
        let mut adj: Vec<Vec<usize>> = ext::try_vec_filled(n, Vec::new())?;
        for t in simp.chunks_exact(3) {
            for e in 0..3 {
                let (a, b) = (t[e], t[(e + 1) % 3]);
                adj[a].push(b);
                adj[b].push(a);
            }
        }
        for a in &mut adj {
            a.sort_unstable();
            a.dedup();
        }
        let mut grad = ext::try_vec_filled(n * r * 2, 0.0)?;
        let mut data = ext::try_vec_filled(n, 0.0)?;
        let mut y = ext::try_vec_filled(2 * n, 0.0)?;
        for k in 0..r {
            for i in 0..n {
                data[i] = vals[i * r + k];
            }
            estimate_gradients(&pts, &adj, &data, opts.maxiter, opts.tol, &mut y);
            for i in 0..n {
                grad[(i * r + k) * 2] = y[2 * i];
                grad[(i * r + k) * 2 + 1] = y[2 * i + 1];
            }
        }
        let mut coef = ext::try_vec_filled(ns * 19 * r, 0.0)?;
        for s in 0..ns {
            let tri = [simp[3 * s], simp[3 * s + 1], simp[3 * s + 2]];
            // the cross-boundary directions g (SciPy's affine-invariant choice)
            let mut g = [-0.5; 3];
            for (k, gk) in g.iter_mut().enumerate() {
                let it = nbr[3 * s + k];
                if it < 0 {
                    continue;
                }
                let it = it as usize;
                let mut yc = [0.0; 2];
                for v in 0..3 {
                    let p = simp[3 * it + v];
                    yc[0] += pts[2 * p] / 3.0;
                    yc[1] += pts[2 * p + 1] / 3.0;
                }
                let t = &trf[6 * s..6 * s + 6];
                let (dx, dy) = (yc[0] - t[4], yc[1] - t[5]);
                let c0 = t[0] * dx + t[1] * dy;
                let c1 = t[2] * dx + t[3] * dy;
                let c = [c0, c1, 1.0 - c0 - c1];
                *gk = match k {
                    0 => (2.0 * c[2] + c[1] - 1.0) / (2.0 - 3.0 * c[2] - 3.0 * c[1]),
                    1 => (2.0 * c[0] + c[2] - 1.0) / (2.0 - 3.0 * c[0] - 3.0 * c[2]),
                    _ => (2.0 * c[1] + c[0] - 1.0) / (2.0 - 3.0 * c[1] - 3.0 * c[0]),
                };
            }
            let pt = |v: usize| [pts[2 * tri[v]], pts[2 * tri[v] + 1]];
            let (p1, p2, p3) = (pt(0), pt(1), pt(2));
            let e12 = [p2[0] - p1[0], p2[1] - p1[1]];
            let e23 = [p3[0] - p2[0], p3[1] - p2[1]];
            let e31 = [p1[0] - p3[0], p1[1] - p3[1]];
            for k in 0..r {
                let f = |v: usize| vals[tri[v] * r + k];
                let df = |v: usize, e: [f64; 2]| {
                    let gi = (tri[v] * r + k) * 2;
                    grad[gi] * e[0] + grad[gi + 1] * e[1]
                };
                let c = ct_coefficients(
                    [f(0), f(1), f(2)],
                    [
                        df(0, e12),
                        -df(1, e12),
                        df(1, e23),
                        -df(2, e23),
                        df(2, e31),
                        -df(0, e31),
                    ],
                    g,
                );
                for (t, ct) in c.iter().enumerate() {
                    coef[(s * 19 + t) * r + k] = *ct;
                }
            }
        }
        Ok(Self {
            grad: Array::from_vec_on(grad, &[n, r, 2], dev)?,
            coef: Array::from_vec_on(coef, &[ns, 19 * r], dev)?,
            base,
        })
    }

    /// The values at `xi` `(..., 2)`, on the data's device.
    ///
    /// # Errors
    /// As described on the type.
    pub fn call(&self, xi: &Array) -> Result<Array> {
        use cuprum_core as cp;
        let b = &self.base;
        let (x, lead) = b.prepare(CT, xi)?;
        let q = x.shape()[0];
        let r = b.r();
        let (sc, inside, bary) = b.locate(&x)?;
        let minval = cp::minimum(&cp::minimum(&bary[0], &bary[1])?, &bary[2])?;
        let ext4 = [
            cp::subtract(&bary[0], &minval)?,
            cp::subtract(&bary[1], &minval)?,
            cp::subtract(&bary[2], &minval)?,
            cp::multiply(&minval, 3.0)?,
        ];
        // powers 0..3 of each extended coordinate
        let mut pw: Vec<[Option<Array>; 4]> = ext::try_vec_with_capacity(4)?;
        for e in &ext4 {
            let sq = cp::multiply(e, e)?;
            let cu = cp::multiply(&sq, e)?;
            pw.push([None, Some(e.clone()), Some(sq), Some(cu)]);
        }
        let c = take(&self.coef, &sc, Some(0), IndexMode::Clip)?;
        let mut acc = cp::zeros_on([q, r], DType::Float64, x.device())?;
        for (t, (ex, w)) in CT_TERMS.iter().enumerate() {
            let mut m: Option<Array> = None;
            for (i, &e) in ex.iter().enumerate() {
                if let Some(p) = &pw[i][e as usize] {
                    m = Some(match m {
                        None => p.clone(),
                        Some(a) => cp::multiply(&a, p)?,
                    });
                }
            }
            let m = m.ok_or_else(|| Error::bad_shape(CT, "points", &[0, 0], "(n, 2): 2-d data"))?;
            let term = cp::multiply(&cp::multiply(&m, *w)?, &cols(&c, t * r, (t + 1) * r)?)?;
            acc = cp::add(&acc, &term)?;
        }
        b.finish(&acc, &inside, lead)
    }
}

/// SciPy's `_estimate_gradients_2d_global` for one value column: Gauss–Seidel sweeps over
/// the vertices, each minimizing the summed squared second derivative along its edges.
fn estimate_gradients(
    pts: &[f64],
    adj: &[Vec<usize>],
    data: &[f64],
    maxiter: usize,
    tol: f64,
    y: &mut [f64],
) {
    y.iter_mut().for_each(|v| *v = 0.0);
    for _ in 0..maxiter {
        let mut err: f64 = 0.0;
        for (i, nb) in adj.iter().enumerate() {
            let (mut q0, mut q1, mut q3) = (0.0, 0.0, 0.0);
            let (mut s0, mut s1) = (0.0, 0.0);
            for &j in nb {
                let ex = pts[2 * j] - pts[2 * i];
                let ey = pts[2 * j + 1] - pts[2 * i + 1];
                let l = (ex * ex + ey * ey).sqrt();
                let l3 = l * l * l;
                let (f1, f2) = (data[i], data[j]);
                let df2 = -ex * y[2 * j] - ey * y[2 * j + 1];
                q0 += 4.0 * ex * ex / l3;
                q1 += 4.0 * ex * ey / l3;
                q3 += 4.0 * ey * ey / l3;
                s0 += (6.0 * (f1 - f2) - 2.0 * df2) * ex / l3;
                s1 += (6.0 * (f1 - f2) - 2.0 * df2) * ey / l3;
            }
            let q2 = q1;
            let det = q0 * q3 - q1 * q2;
            let r0 = (q3 * s0 - q1 * s1) / det;
            let r1 = (-q2 * s0 + q0 * s1) / det;
            let change = (y[2 * i] + r0).abs().max((y[2 * i + 1] + r1).abs());
            y[2 * i] = -r0;
            y[2 * i + 1] = -r1;
            let change = change / 1f64.max(r0.abs().max(r1.abs()));
            // as SciPy's `max(err, change)`: a NaN change leaves err as it is
            if change > err {
                err = change;
            }
        }
        if err < tol {
            return;
        }
    }
}

/// The 19 Bézier coefficients of SciPy's `_clough_tocher_2d_single`, in the order of
/// `CT_TERMS`: values `f` at the three vertices, the edge derivatives
/// `[df12, df21, df23, df32, df31, df13]`, and the cross-boundary parameters `g`.
fn ct_coefficients(f: [f64; 3], df: [f64; 6], g: [f64; 3]) -> [f64; 19] {
    let [df12, df21, df23, df32, df31, df13] = df;
    let c3000 = f[0];
    let c2100 = (df12 + 3.0 * c3000) / 3.0;
    let c2010 = (df13 + 3.0 * c3000) / 3.0;
    let c0300 = f[1];
    let c1200 = (df21 + 3.0 * c0300) / 3.0;
    let c0210 = (df23 + 3.0 * c0300) / 3.0;
    let c0030 = f[2];
    let c1020 = (df31 + 3.0 * c0030) / 3.0;
    let c0120 = (df32 + 3.0 * c0030) / 3.0;
    let c2001 = (c2100 + c2010 + c3000) / 3.0;
    let c0201 = (c1200 + c0300 + c0210) / 3.0;
    let c0021 = (c1020 + c0120 + c0030) / 3.0;
    let c0111 = (g[0] * (-c0300 + 3.0 * c0210 - 3.0 * c0120 + c0030)
        + (-c0300 + 2.0 * c0210 - c0120 + c0021 + c0201))
        / 2.0;
    let c1011 = (g[1] * (-c0030 + 3.0 * c1020 - 3.0 * c2010 + c3000)
        + (-c0030 + 2.0 * c1020 - c2010 + c2001 + c0021))
        / 2.0;
    let c1101 = (g[2] * (-c3000 + 3.0 * c2100 - 3.0 * c1200 + c0300)
        + (-c3000 + 2.0 * c2100 - c1200 + c2001 + c0201))
        / 2.0;
    let c1002 = (c1101 + c1011 + c2001) / 3.0;
    let c0102 = (c1101 + c0111 + c0201) / 3.0;
    let c0012 = (c1011 + c0111 + c0021) / 3.0;
    let c0003 = (c1002 + c0102 + c0012) / 3.0;
    [
        c3000, c2100, c2010, c2001, c1200, c1101, c1020, c1011, c1002, c0300, c0210, c0201, c0120,
        c0111, c0102, c0030, c0021, c0012, c0003,
    ]
}
