//! [`Delaunay`] and [`ConvexHull`] in any dimension `d >= 2`: `scipy.spatial.Delaunay` and
//! `ConvexHull`. The triangulation is built on the host (2-d and 3-d: Bowyer–Watson
//! insertion in a spatially sorted order, each point located by a walk from the previous
//! simplex, the 3-d insertion in `tetrahedra.rs`; `d >= 4`: the lower hull of the lifted
//! points by Quickhull, `hull_nd.rs`); `find_simplex` runs on the points' device.

use crate::hull_nd::too_few_points;
use crate::tetrahedra::triangulate3;
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
        return Err(Error::bad_shape(
            op,
            "points",
            points.shape(),
            "(n, d) with d >= 2",
        ));
    }
    let v = points_finite(op, points)?;
    let n = points.shape()[0];
    let mut p = ext::try_vec_with_capacity(n)?;
    p.extend((0..n).map(|i| [v[2 * i], v[2 * i + 1]]));
    Ok(p)
}

/// The coordinates of `points`, float64 row-major, checked finite.
fn points_finite(op: &'static str, points: &Array) -> Result<Vec<f64>> {
    let v = points.astype(DType::Float64)?.to_vec::<f64>()?;
    if v.iter().any(|x| !x.is_finite()) {
        let bad = v
            .iter()
            .find(|x| !x.is_finite())
            .copied()
            .unwrap_or(f64::NAN);
        return Err(Error::bad_argument(
            op,
            "points",
            format!("a coordinate {bad}"),
            "finite coordinates",
        ));
    }
    Ok(v)
}

/// The centroid of the distinct points of `v` (rows of `d`) listed in `verts` (indices,
/// repeats allowed; left sorted and deduplicated): an interior point of their hull.
fn vertex_centroid(v: &[f64], d: usize, verts: &mut Vec<i32>) -> Result<Vec<f64>> {
    verts.sort_unstable();
    verts.dedup();
    let mut c = ext::try_vec_filled(d, 0.0)?;
    for &i in verts.iter() {
        for j in 0..d {
            c[j] += v[i as usize * d + j] / verts.len() as f64;
        }
    }
    Ok(c)
}

/// The cavity of a Bowyer–Watson insertion: the simplices reachable from `start` (which
/// holds the new point) across neighbours (`nbr`, -1 for none) whose circumscribed ball
/// holds the new point (`in_ball`), each marked with `stamp` in `mark`.
pub(crate) fn grow_cavity<const K: usize>(
    start: usize,
    nbr: &[[isize; K]],
    mark: &mut [u32],
    stamp: u32,
    in_ball: impl Fn(usize) -> bool,
) -> Vec<usize> {
    let mut cavity = vec![start];
    mark[start] = stamp;
    let mut stack = vec![start];
    while let Some(u) = stack.pop() {
        for &w in &nbr[u] {
            if w < 0 {
                continue;
            }
            let w = w as usize;
            if mark[w] != stamp && in_ball(w) {
                mark[w] = stamp;
                cavity.push(w);
                stack.push(w);
            }
        }
    }
    cavity
}

/// The Delaunay triangulation of the points: triangles (counterclockwise) as vertex indices.
fn triangulate(pts: &[[f64; 2]]) -> Result<Vec<[usize; 3]>> {
    let n = pts.len();
    if n < 3 {
        return Err(too_few_points(OP, n, 2));
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
        return Err(Error::bad_argument(
            OP,
            "points",
            format!("{n} collinear or coincident points"),
            "points in general position (not all on one line)",
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
                    .ok_or_else(|| {
                        Error::bad_argument(
                            OP,
                            "points",
                            format!("point {pi} (not located in the triangulation)"),
                            "finite points in general position",
                        )
                    })?;
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
        let cavity = grow_cavity(t, &nbr, &mut mark, stamp, |w| {
            let [a, b, c] = tris[w];
            incircle(all[a], all[b], all[c], p) > 0.0
        });
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

/// The neighbour of each simplex opposite each of its `k` vertices (-1 on the hull), by
/// matching the facets `key(t, e)` (the sorted vertices of simplex `t` without its `e`-th).
fn match_facets<K: std::hash::Hash + Eq>(
    k: usize,
    ns: usize,
    key: impl Fn(usize, usize) -> K,
) -> Result<Vec<i32>> {
    let mut faces: HashMap<K, (usize, usize)> = HashMap::new();
    let mut nb = ext::try_vec_filled(k.saturating_mul(ns), -1i32)?;
    for t in 0..ns {
        for e in 0..k {
            let f = key(t, e);
            if let Some((o, oe)) = faces.remove(&f) {
                nb[k * t + e] = o as i32;
                nb[k * o + oe] = t as i32;
            } else {
                faces.insert(f, (t, e));
            }
        }
    }
    Ok(nb)
}

/// The Delaunay triangulation of a point set in any dimension `d >= 2`
/// (`scipy.spatial.Delaunay`).
///
/// **Shapes**: `points` `(n, d)`; `simplices` `(nsimplex, d + 1)` int32 vertex indices
/// (in 2-d and 3-d triangles counterclockwise, tetrahedra positively oriented); `neighbors`
/// `(nsimplex, d + 1)` int32, the simplex opposite each vertex or -1; `convex_hull`
/// `(nfacets, d)` int32; `transform` `(nsimplex, d + 1, d)`; `coplanar` `(ncoplanar, 3)`
/// int32 (the repeated points, which the triangulation leaves out as Qhull does).
///
/// The simplices are the Delaunay ones (unique for points in general position; SciPy's
/// Qhull lists them in another order). Built on the host: in 2-d and 3-d by Bowyer–Watson
/// insertion (points in a spatially sorted order, each located by a walk); for `d >= 4` as
/// Qhull does, the lower hull of the points lifted onto the paraboloid `|x|^2` in `d + 1`
/// dimensions, by Quickhull (the lifted coordinate joggled by at most `1e-10` of its range,
/// as Qhull's `QJ`, so that cospherical points still give simplices).
/// [`Delaunay::find_simplex`] runs on the points' device. Degenerate sets with `d + 2` or
/// more cospherical points get one valid Delaunay triangulation, not necessarily Qhull's.
///
/// # Errors
/// [`Error::BadShape`] for points that are not `(n, d)` with `d >= 2`;
/// [`Error::BadArgument`] for fewer than `d + 1` distinct points, non-finite coordinates, or a set
/// with no `d`-dimensional extent (collinear points in 2-d, coplanar in 3-d, points in one
/// hyperplane beyond: Qhull's "initial simplex is flat").
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
    coplanar: Array,
}

/// Each repeated point with the earlier point it repeats.
type Repeats = Vec<(usize, usize)>;

/// The points of `v` (`n` rows of `d`) with distinct coordinates, in order, and each
/// repeated point with the earlier one it repeats.
fn distinct_points(v: &[f64], n: usize, d: usize) -> Result<(Vec<usize>, Repeats)> {
    let mut first: HashMap<Vec<u64>, usize> = HashMap::with_capacity(n);
    let mut keep = ext::try_vec_with_capacity(n)?;
    let mut repeats = Vec::new();
    for i in 0..n {
        // +0.0 and -0.0 are one coordinate
        let key: Vec<u64> = v[i * d..(i + 1) * d]
            .iter()
            .map(|&x| (x + 0.0).to_bits())
            .collect();
        match first.get(&key) {
            Some(&j) => repeats.push((i, j)),
            None => {
                first.insert(key, i);
                keep.push(i);
            }
        }
    }
    Ok((keep, repeats))
}

/// SciPy's `coplanar` rows `[point, simplex, vertex]` (int32, `(len, 3)`) of the repeated
/// points, the simplex being the first having the vertex.
fn coplanar_rows(simplices: &Array, repeats: &[(usize, usize)], n: usize) -> Result<Array> {
    let k = simplices.shape()[1];
    let mut first = ext::try_vec_filled(n, -1i32)?;
    if !repeats.is_empty() {
        for (t, s) in simplices.to_vec::<i32>()?.chunks_exact(k).enumerate() {
            for &a in s {
                if first[a as usize] < 0 {
                    first[a as usize] = t as i32;
                }
            }
        }
    }
    let rows: Vec<i32> = repeats
        .iter()
        .flat_map(|&(i, j)| [i as i32, first[j], j as i32])
        .collect();
    Array::from_vec_on(rows, &[repeats.len(), 3], simplices.device())
}

impl Delaunay {
    /// Triangulates `points`; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(points: &Array) -> Result<Self> {
        if points.ndim() != 2 || points.shape()[1] < 2 {
            return Err(Error::bad_shape(
                OP,
                "points",
                points.shape(),
                "(n, d) with d >= 2",
            ));
        }
        let (n, d) = (points.shape()[0], points.shape()[1]);
        let v = points_finite(OP, points)?;
        // repeated points are left out of the triangulation (Qhull's coplanar points)
        let (keep, repeats) = distinct_points(&v, n, d)?;
        let mut u = ext::try_vec_with_capacity(keep.len() * d)?;
        for &i in &keep {
            u.extend_from_slice(&v[i * d..(i + 1) * d]);
        }
        let nu = keep.len();
        let local: Vec<usize> = if d >= 4 {
            crate::hull_nd::delaunay_nd(OP, &u, nu, d)?
        } else if d == 3 {
            let mut pts = ext::try_vec_with_capacity(nu)?;
            pts.extend((0..nu).map(|i| [u[3 * i], u[3 * i + 1], u[3 * i + 2]]));
            triangulate3(&pts)?.into_iter().flatten().collect()
        } else {
            let mut pts = ext::try_vec_with_capacity(nu)?;
            pts.extend((0..nu).map(|i| [u[2 * i], u[2 * i + 1]]));
            triangulate(&pts)?.into_iter().flatten().collect()
        };
        let flat: Vec<usize> = local.into_iter().map(|i| keep[i]).collect();
        let mut out = Self::assemble(points, &v, d, flat)?;
        out.coplanar = coplanar_rows(&out.simplices, &repeats, n)?;
        Ok(out)
    }

    /// The points left out of the triangulation (`coplanar`), `(ncoplanar, 3)` int32 rows
    /// `[point, simplex, vertex]`: a point that repeats an earlier one (the same
    /// coordinates), a simplex having that earlier point as a vertex (the first), and the
    /// earlier point. Qhull lists the same points and vertices; its simplex is one of those
    /// having the vertex, chosen by its own facet search. The rows are in point order (Qhull
    /// lists them in its own order).
    ///
    /// **Shapes**: `(ncoplanar, 3)` int32, on the points' device.
    ///
    /// Repeats are found when the triangulation is built, by hashing each point's
    /// coordinates (`O(n d)`), `+0.0` and `-0.0` being one coordinate.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_spatial::Delaunay;
    /// // the fourth point repeats the second
    /// let p = Array::from_vec_on(vec![0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 1.0, 0.0], &[4, 2], Device::Cpu).unwrap();
    /// let t = Delaunay::new(&p).unwrap();
    /// assert_eq!(t.coplanar().to_vec::<i32>().unwrap(), vec![3, 0, 1]);
    /// ```
    pub fn coplanar(&self) -> &Array {
        &self.coplanar
    }

    /// The vertices adjacent to each vertex (`vertex_neighbor_vertices`), SciPy's
    /// `(indptr, indices)`: the neighbours of vertex `k` are
    /// `indices[indptr[k]..indptr[k + 1]]`, int32 on the points' device, `indptr` `(n + 1,)`.
    ///
    /// SciPy's algorithm, on the host (`O(nsimplex d^2)`): every simplex in order adds its
    /// other vertices to each of its vertices' lists, each neighbour once, in first-seen
    /// order (so the lists are SciPy's for the same simplices in the same order; points
    /// left out of the triangulation have none).
    ///
    /// # Errors
    /// Allocation errors.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_spatial::Delaunay;
    /// let p = Array::from_vec_on(vec![0.0, 0.0, 1.0, 0.0, 0.0, 1.0], &[3, 2], Device::Cpu).unwrap();
    /// let (indptr, indices) = Delaunay::new(&p).unwrap().vertex_neighbor_vertices().unwrap();
    /// assert_eq!(indptr.to_vec::<i32>().unwrap(), vec![0, 2, 4, 6]);
    /// assert_eq!(indices.size(), 6);
    /// ```
    pub fn vertex_neighbor_vertices(&self) -> Result<(Array, Array)> {
        let n = self.points.shape()[0];
        let k = self.simplices.shape()[1];
        let simp = self.simplices.to_vec::<i32>()?;
        let mut lists: Vec<Vec<i32>> = ext::try_vec_with_capacity(n)?;
        lists.resize_with(n, Vec::new);
        for s in simp.chunks_exact(k) {
            for &a in s {
                for &b in s {
                    let la = &mut lists[a as usize];
                    if a != b && !la.contains(&b) {
                        la.push(b);
                    }
                }
            }
        }
        let mut indptr = ext::try_vec_with_capacity(n + 1)?;
        indptr.push(0i32);
        let total: usize = lists.iter().map(Vec::len).sum();
        let mut indices = ext::try_vec_with_capacity(total)?;
        for l in &lists {
            indices.extend_from_slice(l);
            indptr.push(indices.len() as i32);
        }
        let dev = self.points.device();
        Ok((
            Array::from_vec_on(indptr, &[n + 1], dev)?,
            Array::from_vec_on(indices, &[total], dev)?,
        ))
    }

    /// The arrays of a triangulation of the `d`-dimensional points `v` (row-major) into the
    /// simplices `flat` (`d + 1` vertex indices each): neighbours by matching facets, hull
    /// facets, and each simplex's barycentric transform.
    fn assemble(points: &Array, v: &[f64], d: usize, flat: Vec<usize>) -> Result<Self> {
        let dev = points.device();
        let k = d + 1;
        let ns = flat.len() / k;
        let nb = if d <= 3 {
            // the facet opposite vertex e of simplex t, sorted (padded for d = 2)
            match_facets(k, ns, |t, e| {
                let mut f = [usize::MAX; 3];
                let mut m = 0;
                for j in 0..k {
                    if j != e {
                        f[m] = flat[t * k + j];
                        m += 1;
                    }
                }
                f.sort_unstable();
                f
            })?
        } else {
            match_facets(k, ns, |t, e| {
                let mut f: Vec<usize> = (0..k)
                    .filter(|&j| j != e)
                    .map(|j| flat[t * k + j])
                    .collect();
                f.sort_unstable();
                f
            })?
        };
        let mut hull = Vec::new();
        let mut tr = ext::try_vec_filled(ns * k * d, 0.0)?;
        let pt = |i: usize| &v[i * d..(i + 1) * d];
        for t in 0..ns {
            let sv = &flat[t * k..(t + 1) * k];
            for e in 0..k {
                if nb[k * t + e] < 0 {
                    for j in 1..k {
                        hull.push(sv[(e + j) % k] as i32);
                    }
                }
            }
            // SciPy's transform: T^-1 (rows), then r_n = the last vertex; T's columns are
            // v_j - r_n
            let r = pt(sv[d]);
            let out = &mut tr[t * k * d..(t + 1) * k * d];
            if d == 2 {
                let (a, b) = (pt(sv[0]), pt(sv[1]));
                let (m00, m01, m10, m11) = (a[0] - r[0], b[0] - r[0], a[1] - r[1], b[1] - r[1]);
                let det = m00 * m11 - m01 * m10;
                out.copy_from_slice(&[m11 / det, -m01 / det, -m10 / det, m00 / det, r[0], r[1]]);
            } else if d == 3 {
                let mut m = [[0.0; 3]; 3];
                for (j, row) in m.iter_mut().enumerate() {
                    for (c, x) in row.iter_mut().enumerate() {
                        *x = pt(sv[c])[j] - r[j];
                    }
                }
                let cof = |i: usize, j: usize| {
                    let (i1, i2) = ((i + 1) % 3, (i + 2) % 3);
                    let (j1, j2) = ((j + 1) % 3, (j + 2) % 3);
                    m[i1][j1] * m[i2][j2] - m[i1][j2] * m[i2][j1]
                };
                let det = m[0][0] * cof(0, 0) + m[0][1] * cof(0, 1) + m[0][2] * cof(0, 2);
                for i in 0..3 {
                    for j in 0..3 {
                        // (m^-1)[i][j] = cofactor(j, i) / det
                        out[i * 3 + j] = cof(j, i) / det;
                    }
                }
                out[9..12].copy_from_slice(r);
            } else {
                // T[j][c] = v_c[j] - r[j]
                let mut m = ext::try_vec_filled(d * d, 0.0)?;
                for j in 0..d {
                    for c in 0..d {
                        m[j * d + c] = pt(sv[c])[j] - r[j];
                    }
                }
                let inv = crate::hull_nd::inverse(&m, d)?;
                out[..d * d].copy_from_slice(&inv);
                out[d * d..].copy_from_slice(r);
            }
        }
        let simp: Vec<i32> = flat.iter().map(|&x| x as i32).collect();
        let nh = hull.len() / d;
        Ok(Self {
            points: ext::as_c_contiguous(&points.astype(DType::Float64)?)?,
            simplices: Array::from_vec_on(simp, &[ns, k], dev)?,
            neighbors: Array::from_vec_on(nb, &[ns, k], dev)?,
            convex_hull: Array::from_vec_on(hull, &[nh, d], dev)?,
            transform: Array::from_vec_on(tr, &[ns, k, d], dev)?,
            coplanar: Array::from_vec_on(Vec::<i32>::new(), &[0, 3], dev)?,
        })
    }

    /// The input points, `(n, d)` float64.
    pub fn points(&self) -> &Array {
        &self.points
    }

    /// The simplices, `(nsimplex, d + 1)` int32 vertex indices.
    pub fn simplices(&self) -> &Array {
        &self.simplices
    }

    /// The neighbour opposite each vertex of each simplex, `(nsimplex, d + 1)` int32, -1 on
    /// the hull.
    pub fn neighbors(&self) -> &Array {
        &self.neighbors
    }

    /// The hull facets (edges in 2-d, triangles in 3-d), `(nfacets, d)` int32 vertex indices.
    pub fn convex_hull(&self) -> &Array {
        &self.convex_hull
    }

    /// SciPy's affine transform to barycentric coordinates, `(nsimplex, d + 1, d)`: `T^-1` in
    /// the first `d` rows, the last vertex `r_n` in the last; `b = T^-1 (x - r_n)`.
    pub fn transform(&self) -> &Array {
        &self.transform
    }

    /// The index of a simplex containing each point of `xi` `(..., d)`, -1 outside the
    /// triangulation or at NaN coordinates (int32, shape `xi.shape[..-1]`), on the points'
    /// device: every point is tested against every simplex's barycentric coordinates
    /// (blocked), the lowest index wins; a tolerance of `100 eps` admits points on a facet, as
    /// Qhull's `find_simplex`.
    ///
    /// # Errors
    /// [`Error::BadShape`] when `xi`'s last axis is not `d`; [`Error::DeviceMismatch`].
    pub fn find_simplex(&self, xi: &Array) -> Result<Array> {
        use cuprum_core as cp;
        if xi.device() != self.points.device() {
            return Err(Error::DeviceMismatch {
                op: OP,
                lhs: self.points.device(),
                rhs: xi.device(),
            });
        }
        let d = self.points.shape()[1];
        if xi.ndim() == 0 || xi.shape()[xi.ndim() - 1] != d {
            return Err(Error::bad_shape(
                "spatial.Delaunay.find_simplex",
                "xi",
                xi.shape(),
                format!("(..., {d})"),
            ));
        }
        let lead = xi.shape()[..xi.ndim() - 1].to_vec();
        let q: usize = lead.iter().product();
        let x = ext::as_c_contiguous(&xi.astype(DType::Float64)?)?.reshape([q, d])?;
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
        // t[j][k] = (T^-1)[j][k]; r[k] = the last vertex
        let mut t = ext::try_vec_with_capacity(d)?;
        for j in 0..d {
            let mut row = ext::try_vec_with_capacity(d)?;
            for k in 0..d {
                row.push(tcol(j, k)?);
            }
            t.push(row);
        }
        let mut r = ext::try_vec_with_capacity(d)?;
        for k in 0..d {
            r.push(tcol(d, k)?);
        }
        let eps = 100.0 * f64::EPSILON;
        let rows = crate::distance::block_rows(ns);
        let mut parts = Vec::new();
        let mut start = 0;
        while start < q {
            let stop = (start + rows).min(q);
            let blk = crate::distance::row_range(&x, start, stop)?;
            let mut dx = ext::try_vec_with_capacity(d)?;
            for (k, rk) in r.iter().enumerate() {
                let pk = blk.slice(&[
                    SliceItem::FULL,
                    SliceItem::Slice {
                        start: Some(k as isize),
                        stop: Some(k as isize + 1),
                        step: 1,
                    },
                ])?;
                dx.push(cp::subtract(&pk, rk)?);
            }
            let mut inside: Option<Array> = None;
            let mut last: Option<Array> = None;
            for row in &t {
                let mut b: Option<Array> = None;
                for (tk, dk) in row.iter().zip(&dx) {
                    let term = cp::multiply(tk, dk)?;
                    b = Some(match b {
                        None => term,
                        Some(acc) => cp::add(&acc, &term)?,
                    });
                }
                let b = b.ok_or_else(|| {
                    Error::bad_shape("spatial.Delaunay.find_simplex", "xi", &[q, d], "d >= 1")
                })?;
                let ok = cp::greater_equal(&b, -eps)?;
                inside = Some(match inside {
                    None => ok,
                    Some(i) => cp::logical_and(&i, &ok)?,
                });
                last = Some(match last {
                    None => cp::subtract(1.0, &b)?,
                    Some(l) => cp::subtract(&l, &b)?,
                });
            }
            let (inside, last) = match (inside, last) {
                (Some(i), Some(l)) => (i, l),
                _ => {
                    return Err(Error::bad_shape(
                        "spatial.Delaunay.find_simplex",
                        "xi",
                        &[q, d],
                        "d >= 1",
                    ));
                }
            };
            let inside = cp::logical_and(&inside, &cp::greater_equal(&last, -eps)?)?;
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

/// The convex hull of a point set in any dimension `d >= 2` (`scipy.spatial.ConvexHull`).
///
/// **Shapes**: `points` `(n, d)`. In 2-d: `vertices` int32 hull vertex indices in
/// counterclockwise order (SciPy's order for 2-d; the starting vertex may differ), `simplices`
/// `(nv, 2)` the hull edges, `volume` the enclosed area and `area` the perimeter (SciPy's
/// names). In 3-d: `vertices` the sorted hull vertex indices, `simplices` `(nf, 3)` the hull's
/// triangles, `volume` the enclosed volume and `area` the surface area. For `d >= 4`:
/// `vertices` sorted, `simplices` `(nf, d)` the facets (simplices, as Qhull's triangulated
/// output `Qt`), `volume` the `d`-volume and `area` the facets' total `(d - 1)`-volume.
/// In every dimension `equations` `(nf, d + 1)`: each facet's outward unit normal and
/// offset.
///
/// 2-d: Andrew's monotone chain on the host (`O(n log n)`); collinear points on an edge are
/// not vertices, as with Qhull. 3-d: the boundary facets of the [`Delaunay`]
/// tetrahedralization (for points in general position Qhull's triangles; points exactly on a
/// hull face may become vertices here where Qhull leaves them out). `d >= 4`: Quickhull (the
/// algorithm of Qhull) on the host; points within `1e-12` of the largest coordinate of a
/// facet's hyperplane count as on it (not vertices).
///
/// # Errors
/// [`Error::BadShape`] for points that are not `(n, d)` with `d >= 2`;
/// [`Error::BadArgument`] for fewer than `d + 1` distinct points, non-finite coordinates, or a set
/// with no `d`-dimensional extent (collinear in 2-d, coplanar in 3-d, in one hyperplane
/// beyond).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_spatial::ConvexHull;
/// let p = Array::from_vec_on(vec![0.0, 0.0, 2.0, 0.0, 1.0, 1.0, 2.0, 2.0, 0.0, 2.0], &[5, 2], Device::Cpu).unwrap();
/// let h = ConvexHull::new(&p).unwrap();
/// assert_eq!(h.vertices().to_vec::<i32>().unwrap().len(), 4);
/// assert_eq!((h.volume(), h.area()), (4.0, 8.0));
/// // one hyperplane (outward unit normal, offset) per edge
/// assert_eq!(h.equations().shape(), &[4, 3]);
/// ```
#[derive(Clone, Debug)]
pub struct ConvexHull {
    vertices: Array,
    simplices: Array,
    volume: f64,
    area: f64,
    equations: Array,
}

impl ConvexHull {
    /// Computes the hull; see the type's documentation.
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(points: &Array) -> Result<Self> {
        let mut h = Self::build(points)?;
        h.equations = Self::planes(points, &h.simplices)?;
        Ok(h)
    }

    /// The facets' hyperplanes `(nf, d + 1)`: the outward unit normal, then the offset,
    /// oriented by the centroid of the hull's vertices (inside).
    fn planes(points: &Array, simplices: &Array) -> Result<Array> {
        let v = points.astype(DType::Float64)?.to_vec::<f64>()?;
        let d = points.shape()[1];
        let faces = simplices.to_vec::<i32>()?;
        let c = vertex_centroid(&v, d, &mut faces.clone())?;
        let nf = faces.len() / d;
        let mut out = ext::try_vec_with_capacity(nf.saturating_mul(d + 1))?;
        for f in faces.chunks_exact(d) {
            let idx: Vec<usize> = f.iter().map(|&x| x as usize).collect();
            match crate::hull_nd::plane(&v, d, &idx, &c)? {
                Some((n, off)) => {
                    out.extend_from_slice(&n);
                    out.push(off);
                }
                None => out.extend(std::iter::repeat_n(f64::NAN, d + 1)),
            }
        }
        Array::from_vec_on(out, &[nf, d + 1], points.device())
    }

    fn build(points: &Array) -> Result<Self> {
        const HOP: &str = "spatial.ConvexHull";
        if points.ndim() == 2 && points.shape()[1] == 3 {
            return Self::hull_3d(points);
        }
        if points.ndim() == 2 && points.shape()[1] >= 4 {
            return Self::hull_nd(points);
        }
        let pts = points_2d(HOP, points)?;
        let n = pts.len();
        if n < 3 {
            return Err(too_few_points(HOP, n, 2));
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
            return Err(Error::bad_argument(
                HOP,
                "points",
                format!("{n} collinear or coincident points"),
                "points in general position (not all on one line)",
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
            equations: Array::from_vec_on(Vec::<f64>::new(), &[0, 3], dev)?,
        })
    }

    /// The 3-d hull: the boundary triangles of the Delaunay tetrahedralization.
    fn hull_3d(points: &Array) -> Result<Self> {
        let tri = Delaunay::new(points)?;
        let v = tri.points().to_vec::<f64>()?;
        let p = |i: i32| {
            let i = i as usize;
            [v[3 * i], v[3 * i + 1], v[3 * i + 2]]
        };
        let faces = tri.convex_hull().to_vec::<i32>()?;
        let mut area = 0.0;
        for f in faces.chunks_exact(3) {
            let (a, b, c) = (p(f[0]), p(f[1]), p(f[2]));
            let (u, w) = (
                [b[0] - a[0], b[1] - a[1], b[2] - a[2]],
                [c[0] - a[0], c[1] - a[1], c[2] - a[2]],
            );
            let cr = [
                u[1] * w[2] - u[2] * w[1],
                u[2] * w[0] - u[0] * w[2],
                u[0] * w[1] - u[1] * w[0],
            ];
            area += (cr[0] * cr[0] + cr[1] * cr[1] + cr[2] * cr[2]).sqrt() / 2.0;
        }
        let mut volume = 0.0;
        for t in tri.simplices().to_vec::<i32>()?.chunks_exact(4) {
            volume += crate::tetrahedra::orient3(p(t[0]), p(t[1]), p(t[2]), p(t[3])).abs() / 6.0;
        }
        let mut verts = faces.clone();
        verts.sort_unstable();
        verts.dedup();
        let dev = points.device();
        let (nv, nf) = (verts.len(), faces.len() / 3);
        Ok(Self {
            vertices: Array::from_vec_on(verts, &[nv], dev)?,
            simplices: Array::from_vec_on(faces, &[nf, 3], dev)?,
            volume,
            area,
            equations: Array::from_vec_on(Vec::<f64>::new(), &[0, 4], dev)?,
        })
    }

    /// The hull in `d >= 4` dimensions: Quickhull's facets (`hull_nd.rs`).
    fn hull_nd(points: &Array) -> Result<Self> {
        const HOP: &str = "spatial.ConvexHull";
        let v = points_finite(HOP, points)?;
        let (n, d) = (points.shape()[0], points.shape()[1]);
        let scale = v
            .iter()
            .fold(0.0f64, |m, x| m.max(x.abs()))
            .max(f64::MIN_POSITIVE);
        let hull = crate::hull_nd::quickhull(HOP, &v, n, d, 1e-12 * scale)?;
        // an interior point: the centroid of the hull's vertices
        let faces: Vec<i32> = hull
            .facets
            .iter()
            .flat_map(|f| f.verts.iter().map(|&x| x as i32))
            .collect();
        let mut verts = faces.clone();
        let c = vertex_centroid(&v, d, &mut verts)?;
        let (mut area, mut volume) = (0.0, 0.0);
        for f in &hull.facets {
            let (a, vol) = crate::hull_nd::facet_measures(&v, d, f, &c)?;
            area += a;
            volume += vol;
        }
        let dev = points.device();
        let (nv, nf) = (verts.len(), hull.facets.len());
        Ok(Self {
            vertices: Array::from_vec_on(verts, &[nv], dev)?,
            simplices: Array::from_vec_on(faces, &[nf, d], dev)?,
            volume,
            area,
            equations: Array::from_vec_on(Vec::<f64>::new(), &[0, d + 1], dev)?,
        })
    }

    /// The hull vertices, int32 (counterclockwise in 2-d, sorted in 3-d and beyond).
    pub fn vertices(&self) -> &Array {
        &self.vertices
    }

    /// The hull facets: edges `(nv, 2)` in 2-d, triangles `(nf, 3)` in 3-d, `(nf, d)`
    /// simplices beyond, int32.
    pub fn simplices(&self) -> &Array {
        &self.simplices
    }

    /// The enclosed area in 2-d, volume in 3-d, `d`-volume beyond (SciPy's `volume`).
    pub fn volume(&self) -> f64 {
        self.volume
    }

    /// The hyperplane of each facet (the rows of `simplices`), `(nf, d + 1)` float64: the
    /// outward unit normal, then the offset, so that `normal . x + offset <= 0` inside the
    /// hull (SciPy's `equations`).
    pub fn equations(&self) -> &Array {
        &self.equations
    }

    /// The perimeter in 2-d, surface area in 3-d, the facets' `(d - 1)`-volume beyond
    /// (SciPy's `area`).
    pub fn area(&self) -> f64 {
        self.area
    }
}
