//! [`Delaunay`] (2-d) and [`ConvexHull`] (2-d): `scipy.spatial.Delaunay` and `ConvexHull` for
//! planar point sets. The triangulation is built on the host (Bowyer–Watson insertion in a
//! spatially sorted order, each point located by a walk from the previous triangle);
//! `find_simplex` runs on the points' device.

use cuprum_core::{Array, DType, Error, Result, SliceItem, ext};
use std::collections::HashMap;

const OP: &str = "spatial.Delaunay";

fn orient(a: [f64; 2], b: [f64; 2], c: [f64; 2]) -> f64 {
    (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
}

/// `> 0` when `d` lies inside the circumcircle of the counterclockwise triangle `a b c`.
fn incircle(a: [f64; 2], b: [f64; 2], c: [f64; 2], d: [f64; 2]) -> f64 {
    let (adx, ady) = (a[0] - d[0], a[1] - d[1]);
    let (bdx, bdy) = (b[0] - d[0], b[1] - d[1]);
    let (cdx, cdy) = (c[0] - d[0], c[1] - d[1]);
    let ad = adx * adx + ady * ady;
    let bd = bdx * bdx + bdy * bdy;
    let cd = cdx * cdx + cdy * cdy;
    adx * (bdy * cd - bd * cdy) - ady * (bdx * cd - bd * cdx) + ad * (bdx * cdy - bdy * cdx)
}

fn points_2d(op: &'static str, points: &Array) -> Result<Vec<[f64; 2]>> {
    if points.ndim() != 2 || points.shape()[1] != 2 {
        return Err(Error::unsupported(
            op,
            format!(
                "points of shape {:?}: only 2-d point sets are triangulated",
                points.shape()
            ),
        ));
    }
    let v = points.astype(DType::Float64)?.to_vec::<f64>()?;
    if v.iter().any(|x| !x.is_finite()) {
        return Err(Error::invalid_value(op, "points must be finite"));
    }
    let n = points.shape()[0];
    let mut p = ext::try_vec_with_capacity(n)?;
    p.extend((0..n).map(|i| [v[2 * i], v[2 * i + 1]]));
    Ok(p)
}

/// The Delaunay triangulation of the points: triangles (counterclockwise) as vertex indices.
fn triangulate(pts: &[[f64; 2]]) -> Result<Vec<[usize; 3]>> {
    let n = pts.len();
    if n < 3 {
        return Err(Error::invalid_value(
            OP,
            format!("at least 3 points are needed to triangulate, got {n}"),
        ));
    }
    let (mut lo, mut hi) = ([f64::INFINITY; 2], [f64::NEG_INFINITY; 2]);
    for p in pts {
        for d in 0..2 {
            lo[d] = lo[d].min(p[d]);
            hi[d] = hi[d].max(p[d]);
        }
    }
    let span = (hi[0] - lo[0]).max(hi[1] - lo[1]);
    // a set with every point on one line has no triangulation (Qhull raises)
    let (a, b) = (
        pts[0],
        pts.iter()
            .copied()
            .max_by(|p, q| {
                let dp = (p[0] - pts[0][0]).hypot(p[1] - pts[0][1]);
                let dq = (q[0] - pts[0][0]).hypot(q[1] - pts[0][1]);
                dp.total_cmp(&dq)
            })
            .unwrap_or(pts[0]),
    );
    let scale = span * span;
    if span == 0.0 || pts.iter().all(|&c| orient(a, b, c).abs() <= 1e-12 * scale) {
        return Err(Error::invalid_value(
            OP,
            "the points are collinear or coincident: no 2-d triangulation exists",
        ));
    }
    let mid = [(lo[0] + hi[0]) / 2.0, (lo[1] + hi[1]) / 2.0];
    let big = 1e4 * span;
    let mut all: Vec<[f64; 2]> = ext::try_vec_with_capacity(n + 3)?;
    all.extend_from_slice(pts);
    all.push([mid[0] - big, mid[1] - big]);
    all.push([mid[0] + big, mid[1] - big]);
    all.push([mid[0], mid[1] + big]);
    // insertion order: cells of a grid visited row by row in a snake
    let cells = ((n as f64).sqrt().ceil() as usize).max(1);
    let cell = |p: [f64; 2], d: usize| {
        (((p[d] - lo[d]) / span.max(f64::MIN_POSITIVE) * cells as f64) as usize).min(cells - 1)
    };
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| {
        let (cx, cy) = (cell(pts[i], 0), cell(pts[i], 1));
        (cy, if cy % 2 == 0 { cx } else { cells - 1 - cx })
    });
    let mut tris: Vec<[usize; 3]> = vec![[n, n + 1, n + 2]];
    let mut nbr: Vec<[isize; 3]> = vec![[-1, -1, -1]];
    let mut alive: Vec<bool> = vec![true];
    let mut last = 0usize;
    let mut mark: Vec<u32> = vec![0];
    let mut stamp = 0u32;
    for &pi in &order {
        let p = all[pi];
        // walk to the triangle containing p
        let mut t = last;
        let mut steps = 0usize;
        'walk: loop {
            steps += 1;
            if steps > 4 * tris.len() + 16 {
                // fall back to a scan
                t = (0..tris.len())
                    .find(|&u| {
                        alive[u]
                            && (0..3).all(|e| {
                                orient(all[tris[u][(e + 1) % 3]], all[tris[u][(e + 2) % 3]], p)
                                    >= 0.0
                            })
                    })
                    .ok_or_else(|| Error::invalid_value(OP, "point location failed"))?;
                break;
            }
            for e in 0..3 {
                let (u, v) = (tris[t][(e + 1) % 3], tris[t][(e + 2) % 3]);
                if orient(all[u], all[v], p) < 0.0 && nbr[t][e] >= 0 {
                    t = nbr[t][e] as usize;
                    continue 'walk;
                }
            }
            break;
        }
        // the cavity: triangles whose circumcircle holds p, grown from t
        stamp += 1;
        let mut cavity = vec![t];
        mark[t] = stamp;
        let mut stack = vec![t];
        while let Some(u) = stack.pop() {
            for w in nbr[u] {
                if w < 0 {
                    continue;
                }
                let w = w as usize;
                if mark[w] == stamp {
                    continue;
                }
                let [a, b, c] = tris[w];
                if incircle(all[a], all[b], all[c], p) > 0.0 {
                    mark[w] = stamp;
                    cavity.push(w);
                    stack.push(w);
                }
            }
        }
        // boundary edges of the cavity, with the triangle outside each
        let mut boundary: Vec<(usize, usize, isize)> = Vec::new();
        for &u in &cavity {
            for e in 0..3 {
                let w = nbr[u][e];
                if w >= 0 && mark[w as usize] == stamp {
                    continue;
                }
                boundary.push((tris[u][(e + 1) % 3], tris[u][(e + 2) % 3], w));
            }
        }
        for &u in &cavity {
            alive[u] = false;
        }
        // new triangles (a, b, p), linked to the outside and to each other
        let mut by_start: HashMap<usize, usize> = HashMap::with_capacity(boundary.len());
        let mut by_end: HashMap<usize, usize> = HashMap::with_capacity(boundary.len());
        let first_new = tris.len();
        for &(a, b, out) in &boundary {
            let id = tris.len();
            tris.push([a, b, pi]);
            nbr.push([-1, -1, out]);
            alive.push(true);
            mark.push(0);
            by_start.insert(a, id);
            by_end.insert(b, id);
            if out >= 0 {
                let o = out as usize;
                for e in 0..3 {
                    let (u, v) = (tris[o][(e + 1) % 3], tris[o][(e + 2) % 3]);
                    if u == b && v == a {
                        nbr[o][e] = id as isize;
                    }
                }
            }
        }
        for id in first_new..tris.len() {
            let [a, b, _] = tris[id];
            // edge (b, p) is opposite a: the new triangle starting at b
            nbr[id][0] = by_start.get(&b).map_or(-1, |&x| x as isize);
            // edge (p, a) is opposite b: the new triangle ending at a
            nbr[id][1] = by_end.get(&a).map_or(-1, |&x| x as isize);
        }
        last = tris.len() - 1;
    }
    let mut out = Vec::new();
    for (t, tri) in tris.iter().enumerate() {
        if alive[t] && tri.iter().all(|&v| v < n) {
            out.push(*tri);
        }
    }
    Ok(out)
}

/// The Delaunay triangulation of a planar point set (`scipy.spatial.Delaunay` for 2-d
/// points).
///
/// **Shapes**: `points` `(n, 2)`; `simplices` `(nsimplex, 3)`, int32 vertex
/// indices, each triangle counterclockwise; `neighbors` `(nsimplex, 3)` int32, the triangle
/// opposite each vertex or -1; `convex_hull` `(nedges, 2)` int32.
///
/// The triangles are the Delaunay triangles (unique for points in general position; SciPy's
/// Qhull lists them in another order). Built on the host; [`Delaunay::find_simplex`] runs on
/// the points' device.
///
/// # Errors
/// [`Error::Unsupported`] for points of another dimension; [`Error::InvalidValue`] for fewer
/// than 3 points, non-finite coordinates, or a collinear set.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_spatial::Delaunay;
/// let p = Array::from_vec_on(vec![0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 1.2], &[4, 2], Device::Cpu).unwrap();
/// let d = Delaunay::new(&p).unwrap();
/// assert_eq!(d.simplices().shape(), &[2, 3]);
/// let q = Array::from_vec_on(vec![0.1, 0.1, 5.0, 5.0], &[2, 2], Device::Cpu).unwrap();
/// let s = d.find_simplex(&q).unwrap().to_vec::<i32>().unwrap();
/// assert!(s[0] >= 0 && s[1] == -1);
/// ```
#[derive(Clone, Debug)]
pub struct Delaunay {
    points: Array,
    simplices: Array,
    neighbors: Array,
    convex_hull: Array,
    transform: Array,
}

impl Delaunay {
    /// Triangulates `points`; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(points: &Array) -> Result<Self> {
        let pts = points_2d(OP, points)?;
        let tris = triangulate(&pts)?;
        let dev = points.device();
        let ns = tris.len();
        let mut edges: HashMap<(usize, usize), (usize, usize)> = HashMap::with_capacity(3 * ns);
        let mut nb = ext::try_vec_filled(3 * ns, -1i32)?;
        for (t, tri) in tris.iter().enumerate() {
            for e in 0..3 {
                let (u, v) = (tri[(e + 1) % 3], tri[(e + 2) % 3]);
                if let Some(&(o, oe)) = edges.get(&(v, u)) {
                    nb[3 * t + e] = o as i32;
                    nb[3 * o + oe] = t as i32;
                } else {
                    edges.insert((u, v), (t, e));
                }
            }
        }
        let mut hull = Vec::new();
        let mut tr = ext::try_vec_filled(ns * 6, 0.0)?;
        for (t, tri) in tris.iter().enumerate() {
            for e in 0..3 {
                if nb[3 * t + e] < 0 {
                    hull.push(tri[(e + 1) % 3] as i32);
                    hull.push(tri[(e + 2) % 3] as i32);
                }
            }
            // SciPy's transform: T^-1 (rows) and r_n = the last vertex
            let [a, b, c] = tri.map(|v| pts[v]);
            let (m00, m01, m10, m11) = (a[0] - c[0], b[0] - c[0], a[1] - c[1], b[1] - c[1]);
            let det = m00 * m11 - m01 * m10;
            tr[6 * t..6 * t + 6].copy_from_slice(&[
                m11 / det,
                -m01 / det,
                -m10 / det,
                m00 / det,
                c[0],
                c[1],
            ]);
        }
        let simp: Vec<i32> = tris.iter().flatten().map(|&v| v as i32).collect();
        let nh = hull.len() / 2;
        Ok(Self {
            points: ext::as_c_contiguous(&points.astype(DType::Float64)?)?,
            simplices: Array::from_vec_on(simp, &[ns, 3], dev)?,
            neighbors: Array::from_vec_on(nb, &[ns, 3], dev)?,
            convex_hull: Array::from_vec_on(hull, &[nh, 2], dev)?,
            transform: Array::from_vec_on(tr, &[ns, 3, 2], dev)?,
        })
    }

    /// The input points, `(n, 2)` float64.
    pub fn points(&self) -> &Array {
        &self.points
    }

    /// The triangles, `(nsimplex, 3)` int32 vertex indices, counterclockwise.
    pub fn simplices(&self) -> &Array {
        &self.simplices
    }

    /// The neighbour opposite each vertex of each triangle, `(nsimplex, 3)` int32, -1 on the
    /// hull.
    pub fn neighbors(&self) -> &Array {
        &self.neighbors
    }

    /// The hull edges, `(nedges, 2)` int32 vertex indices.
    pub fn convex_hull(&self) -> &Array {
        &self.convex_hull
    }

    /// SciPy's affine transform to barycentric coordinates, `(nsimplex, 3, 2)`: `T^-1` in the
    /// first two rows, the last vertex `r_n` in the third; `b = T^-1 (x - r_n)`.
    pub fn transform(&self) -> &Array {
        &self.transform
    }

    /// The index of a triangle containing each point of `xi` `(..., 2)`, -1 outside the
    /// triangulation (int32, shape `xi.shape[..-1]`), on the points' device: every point is
    /// tested against every triangle's barycentric coordinates (blocked), the lowest index
    /// wins; a tolerance of `100 eps` admits points on an edge, as Qhull's `find_simplex`.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] when `xi`'s last axis is not 2; [`Error::DeviceMismatch`].
    pub fn find_simplex(&self, xi: &Array) -> Result<Array> {
        use cuprum_core as cp;
        if xi.device() != self.points.device() {
            return Err(Error::DeviceMismatch {
                op: OP,
                lhs: self.points.device(),
                rhs: xi.device(),
            });
        }
        if xi.ndim() == 0 || xi.shape()[xi.ndim() - 1] != 2 {
            return Err(Error::invalid_value(
                OP,
                format!(
                    "xi must end in an axis of length 2, got shape {:?}",
                    xi.shape()
                ),
            ));
        }
        let lead = xi.shape()[..xi.ndim() - 1].to_vec();
        let q: usize = lead.iter().product();
        let x = ext::as_c_contiguous(&xi.astype(DType::Float64)?)?.reshape([q, 2])?;
        let ns = self.simplices.shape()[0];
        let tcol = |r: usize, c: usize| -> Result<Array> {
            self.transform
                .slice(&[
                    SliceItem::FULL,
                    SliceItem::Index(r as isize),
                    SliceItem::Index(c as isize),
                ])?
                .reshape([1, ns])
        };
        let (t00, t01, t10, t11, rx, ry) = (
            tcol(0, 0)?,
            tcol(0, 1)?,
            tcol(1, 0)?,
            tcol(1, 1)?,
            tcol(2, 0)?,
            tcol(2, 1)?,
        );
        let eps = 100.0 * f64::EPSILON;
        let rows = ((1usize << 22) / ns.max(1)).max(1);
        let mut parts = Vec::new();
        let mut start = 0;
        while start < q {
            let stop = (start + rows).min(q);
            let blk = x.slice(&[SliceItem::Slice {
                start: Some(start as isize),
                stop: Some(stop as isize),
                step: 1,
            }])?;
            let px = blk.slice(&[
                SliceItem::FULL,
                SliceItem::Slice {
                    start: Some(0),
                    stop: Some(1),
                    step: 1,
                },
            ])?;
            let py = blk.slice(&[
                SliceItem::FULL,
                SliceItem::Slice {
                    start: Some(1),
                    stop: Some(2),
                    step: 1,
                },
            ])?;
            let (dx, dy) = (cp::subtract(&px, &rx)?, cp::subtract(&py, &ry)?);
            let b0 = cp::add(&cp::multiply(&t00, &dx)?, &cp::multiply(&t01, &dy)?)?;
            let b1 = cp::add(&cp::multiply(&t10, &dx)?, &cp::multiply(&t11, &dy)?)?;
            let b2 = cp::subtract(&cp::subtract(1.0, &b0)?, &b1)?;
            let inside = cp::logical_and(
                &cp::logical_and(
                    &cp::greater_equal(&b0, -eps)?,
                    &cp::greater_equal(&b1, -eps)?,
                )?,
                &cp::greater_equal(&b2, -eps)?,
            )?;
            let any = inside.any(1, false)?;
            let first = inside.astype(DType::Int8)?.argmax(1, false)?;
            parts
                .push(cp::where_(&any, &first.astype(DType::Int32)?, -1i32)?.astype(DType::Int32)?);
            start = stop;
        }
        let out = if parts.is_empty() {
            cp::zeros_on([0], DType::Int32, xi.device())?
        } else {
            let refs: Vec<&Array> = parts.iter().collect();
            cp::concatenate(&refs, 0)?
        };
        out.reshape(lead.as_slice())
    }
}

/// The convex hull of a planar point set (`scipy.spatial.ConvexHull` for 2-d points).
///
/// **Shapes**: `points` `(n, 2)`; `vertices` int32 hull vertex indices in counterclockwise
/// order (SciPy's order for 2-d; the starting vertex may differ); `simplices` `(nv, 2)` the hull
/// edges; `volume` the enclosed area and `area` the perimeter (SciPy's names for 2-d).
///
/// Andrew's monotone chain on the host (`O(n log n)`); collinear points on an edge are not
/// vertices, as with Qhull.
///
/// # Errors
/// [`Error::Unsupported`] for points of another dimension; [`Error::InvalidValue`] for fewer
/// than 3 points, non-finite coordinates, or a collinear set.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_spatial::ConvexHull;
/// let p = Array::from_vec_on(vec![0.0, 0.0, 2.0, 0.0, 1.0, 1.0, 2.0, 2.0, 0.0, 2.0], &[5, 2], Device::Cpu).unwrap();
/// let h = ConvexHull::new(&p).unwrap();
/// assert_eq!(h.vertices().to_vec::<i32>().unwrap().len(), 4);
/// assert_eq!((h.volume(), h.area()), (4.0, 8.0));
/// ```
#[derive(Clone, Debug)]
pub struct ConvexHull {
    vertices: Array,
    simplices: Array,
    volume: f64,
    area: f64,
}

impl ConvexHull {
    /// Computes the hull; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(points: &Array) -> Result<Self> {
        const HOP: &str = "spatial.ConvexHull";
        let pts = points_2d(HOP, points)?;
        let n = pts.len();
        if n < 3 {
            return Err(Error::invalid_value(
                HOP,
                format!("at least 3 points are needed, got {n}"),
            ));
        }
        let mut idx: Vec<usize> = (0..n).collect();
        idx.sort_by(|&a, &b| {
            pts[a][0]
                .total_cmp(&pts[b][0])
                .then(pts[a][1].total_cmp(&pts[b][1]))
        });
        let mut hull: Vec<usize> = ext::try_vec_with_capacity(2 * n)?;
        for pass in 0..2 {
            let start = hull.len();
            let it: Box<dyn Iterator<Item = &usize>> = if pass == 0 {
                Box::new(idx.iter())
            } else {
                Box::new(idx.iter().rev())
            };
            for &i in it {
                while hull.len() >= start + 2
                    && orient(pts[hull[hull.len() - 2]], pts[hull[hull.len() - 1]], pts[i]) <= 0.0
                {
                    hull.pop();
                }
                hull.push(i);
            }
            hull.pop();
        }
        if hull.len() < 3 {
            return Err(Error::invalid_value(
                HOP,
                "the points are collinear or coincident: no 2-d hull exists",
            ));
        }
        let m = hull.len();
        let (mut vol, mut per) = (0.0, 0.0);
        for i in 0..m {
            let (a, b) = (pts[hull[i]], pts[hull[(i + 1) % m]]);
            vol += a[0] * b[1] - a[1] * b[0];
            per += (b[0] - a[0]).hypot(b[1] - a[1]);
        }
        let dev = points.device();
        let v: Vec<i32> = hull.iter().map(|&i| i as i32).collect();
        let s: Vec<i32> = (0..m)
            .flat_map(|i| [hull[i] as i32, hull[(i + 1) % m] as i32])
            .collect();
        Ok(Self {
            vertices: Array::from_vec_on(v, &[m], dev)?,
            simplices: Array::from_vec_on(s, &[m, 2], dev)?,
            volume: vol / 2.0,
            area: per,
        })
    }

    /// The hull vertices, counterclockwise, int32.
    pub fn vertices(&self) -> &Array {
        &self.vertices
    }

    /// The hull edges, `(nv, 2)` int32.
    pub fn simplices(&self) -> &Array {
        &self.simplices
    }

    /// The enclosed area (SciPy's `volume` in 2-d).
    pub fn volume(&self) -> f64 {
        self.volume
    }

    /// The perimeter (SciPy's `area` in 2-d).
    pub fn area(&self) -> f64 {
        self.area
    }
}
