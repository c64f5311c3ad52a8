//! The convex hull of points in any dimension `d >= 2` (Quickhull, Barber, Dobkin and
//! Huhdanpaa 1996, the algorithm of Qhull): behind [`ConvexHull`](crate::ConvexHull) for
//! `d >= 4` and, applied to points lifted onto the paraboloid `x_{d+1} = |x|^2`, behind
//! [`Delaunay`](crate::Delaunay) for `d >= 4` (its lower facets are the Delaunay simplices).
//!
//! Facets are simplices (`d` vertices; Qhull's triangulated output, option `Qt`), each with
//! an outward unit normal and offset and the neighbour across the ridge opposite each vertex.
//! Hyperplanes come from a partially pivoted elimination of the facet's edge vectors;
//! orientation from a point interior to the first simplex, which stays inside the hull.

use cuprum_core::{Error, Result, ext};
use std::collections::HashMap;

/// One facet of the hull.
#[derive(Clone, Debug)]
pub(crate) struct Facet {
    /// the `d` vertex indices
    pub(crate) verts: Vec<usize>,
    /// the outward unit normal
    pub(crate) normal: Vec<f64>,
    /// the offset: `normal . x + offset` is the signed distance of `x`
    pub(crate) offset: f64,
    /// `neighbors[i]`: the facet across the ridge opposite `verts[i]`
    pub(crate) neighbors: Vec<usize>,
    outside: Vec<usize>,
    alive: bool,
}

impl Facet {
    /// A live facet with no outside points yet.
    fn new(verts: Vec<usize>, normal: Vec<f64>, offset: f64, neighbors: Vec<usize>) -> Self {
        Self {
            verts,
            normal,
            offset,
            neighbors,
            outside: Vec::new(),
            alive: true,
        }
    }
}

/// The error for fewer than `d + 1` points in `d` dimensions (no simplex; Qhull raises).
pub(crate) fn too_few_points(op: &'static str, n: usize, d: usize) -> Error {
    Error::bad_argument(
        op,
        "points",
        format!("{n} points in {d} dimensions"),
        format!("at least d + 1 = {} points", d + 1),
    )
}

/// A hull: its facets (the live ones) in creation order.
pub(crate) struct Hull {
    pub(crate) facets: Vec<Facet>,
}

/// The null vector (unit, sign arbitrary) of the `(d - 1) x d` rows `m` (row-major), from
/// a partially pivoted elimination; `None` when the rows are dependent.
fn null_vector(m: &mut [f64], d: usize) -> Result<Option<Vec<f64>>> {
    let rows = d - 1;
    let mut pivcol = ext::try_vec_filled(rows, usize::MAX)?;
    let mut used = ext::try_vec_filled(d, false)?;
    for r in 0..rows {
        // the largest entry of row r's remaining columns (complete pivoting over columns)
        let (mut best, mut bc) = (0.0f64, usize::MAX);
        for (c, &u) in used.iter().enumerate() {
            if !u && m[r * d + c].abs() > best {
                best = m[r * d + c].abs();
                bc = c;
            }
        }
        if bc == usize::MAX || best == 0.0 {
            return Ok(None);
        }
        used[bc] = true;
        pivcol[r] = bc;
        let p = m[r * d + bc];
        for c in 0..d {
            m[r * d + c] /= p;
        }
        for r2 in 0..rows {
            if r2 != r {
                let f = m[r2 * d + bc];
                if f != 0.0 {
                    for c in 0..d {
                        m[r2 * d + c] -= f * m[r * d + c];
                    }
                }
            }
        }
    }
    // the free column
    let Some(free) = used.iter().position(|u| !u) else {
        return Ok(None);
    };
    let mut v = ext::try_vec_filled(d, 0.0)?;
    v[free] = 1.0;
    for r in 0..rows {
        v[pivcol[r]] = -m[r * d + free];
    }
    let norm = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    if !(norm > 0.0 && norm.is_finite()) {
        return Ok(None);
    }
    v.iter_mut().for_each(|x| *x /= norm);
    Ok(Some(v))
}

/// The hyperplane through the `d` points `verts` of `pts` (row-major, dimension `d`),
/// oriented so that `interior` is on its negative side.
pub(crate) fn plane(
    pts: &[f64],
    d: usize,
    verts: &[usize],
    interior: &[f64],
) -> Result<Option<(Vec<f64>, f64)>> {
    let p0 = &pts[verts[0] * d..verts[0] * d + d];
    let mut m = ext::try_vec_filled((d - 1) * d, 0.0)?;
    for (r, &v) in verts[1..].iter().enumerate() {
        for c in 0..d {
            m[r * d + c] = pts[v * d + c] - p0[c];
        }
    }
    let Some(mut n) = null_vector(&mut m, d)? else {
        return Ok(None);
    };
    let mut off = -n.iter().zip(p0).map(|(a, b)| a * b).sum::<f64>();
    let side: f64 = n.iter().zip(interior).map(|(a, b)| a * b).sum::<f64>() + off;
    if side > 0.0 {
        n.iter_mut().for_each(|x| *x = -*x);
        off = -off;
    }
    Ok(Some((n, off)))
}

fn dist(pts: &[f64], d: usize, f: &Facet, i: usize) -> f64 {
    f.normal
        .iter()
        .zip(&pts[i * d..i * d + d])
        .map(|(a, b)| a * b)
        .sum::<f64>()
        + f.offset
}

/// The convex hull of the `n` points `pts` (row-major, dimension `d >= 2`), `eps` the
/// distance below which a point counts as on a facet's hyperplane. `op` names the operation
/// in errors: fewer than `d + 1` points, or points spanning fewer than `d` dimensions (Qhull's
/// "initial simplex is flat").
pub(crate) fn quickhull(
    op: &'static str,
    pts: &[f64],
    n: usize,
    d: usize,
    eps: f64,
) -> Result<Hull> {
    if n < d + 1 {
        return Err(too_few_points(op, n, d));
    }
    let pt = |i: usize| &pts[i * d..i * d + d];
    // the first simplex: the extremes of coordinate 0, then the point farthest from the
    // affine span so far (an orthonormal basis of the span kept by Gram-Schmidt)
    let (mut lo, mut hi) = (0, 0);
    for i in 1..n {
        if pt(i)[0] < pt(lo)[0] {
            lo = i;
        }
        if pt(i)[0] > pt(hi)[0] {
            hi = i;
        }
    }
    // the farthest point from `lo` comes first after it (usually `hi`)
    let _ = hi;
    let mut simplex = vec![lo];
    let mut basis: Vec<Vec<f64>> = Vec::new();
    while simplex.len() < d + 1 {
        let o = pt(simplex[0]);
        let mut best = (0.0f64, usize::MAX, Vec::new());
        for i in 0..n {
            let mut r: Vec<f64> = pt(i).iter().zip(o).map(|(a, b)| a - b).collect();
            for b in &basis {
                let dot: f64 = r.iter().zip(b).map(|(x, y)| x * y).sum();
                r.iter_mut().zip(b).for_each(|(x, y)| *x -= dot * y);
            }
            let len = r.iter().map(|x| x * x).sum::<f64>().sqrt();
            if len > best.0 {
                best = (len, i, r);
            }
        }
        if best.1 == usize::MAX || best.0 <= eps {
            return Err(Error::bad_argument(
                op,
                "points",
                format!(
                    "{n} points spanning {} of {d} dimensions",
                    simplex.len() - 1
                ),
                "points in general position (not all in one hyperplane)",
            ));
        }
        let (len, i, mut r) = best;
        r.iter_mut().for_each(|x| *x /= len);
        basis.push(r);
        simplex.push(i);
    }
    let mut interior = ext::try_vec_filled(d, 0.0)?;
    for &s in &simplex {
        interior
            .iter_mut()
            .zip(pt(s))
            .for_each(|(a, b)| *a += b / (d + 1) as f64);
    }
    let mut facets: Vec<Facet> = Vec::new();
    for i in 0..=d {
        let verts: Vec<usize> = (0..=d).filter(|&j| j != i).map(|j| simplex[j]).collect();
        let neighbors: Vec<usize> = (0..=d).filter(|&j| j != i).collect();
        let (normal, offset) = plane(pts, d, &verts, &interior)?.ok_or_else(|| {
            Error::bad_argument(
                op,
                "points",
                "a flat first simplex",
                "points in general position",
            )
        })?;
        facets.push(Facet::new(verts, normal, offset, neighbors));
    }
    // every other point to the first facet it lies above
    let mut in_simplex = ext::try_vec_filled(n, false)?;
    simplex.iter().for_each(|&s| in_simplex[s] = true);
    for i in (0..n).filter(|&i| !in_simplex[i]) {
        if let Some(f) = facets.iter_mut().find(|f| dist(pts, d, f, i) > eps) {
            f.outside.push(i);
        }
    }
    let mut stack: Vec<usize> = (0..=d).collect();
    let mut mark: Vec<u32> = ext::try_vec_filled(facets.len(), 0)?;
    let mut stamp = 0u32;
    while let Some(fi) = stack.pop() {
        if !facets[fi].alive || facets[fi].outside.is_empty() {
            continue;
        }
        // the farthest outside point
        let apex = *facets[fi]
            .outside
            .iter()
            .max_by(|&&a, &&b| {
                dist(pts, d, &facets[fi], a).total_cmp(&dist(pts, d, &facets[fi], b))
            })
            .unwrap_or(&facets[fi].outside[0]);
        // the facets visible from it (a search over neighbours from fi)
        stamp += 1;
        mark.resize(facets.len(), 0);
        let mut visible = vec![fi];
        mark[fi] = stamp;
        let mut k = 0;
        while k < visible.len() {
            let f = visible[k];
            k += 1;
            for j in 0..d {
                let g = facets[f].neighbors[j];
                if mark[g] != stamp && dist(pts, d, &facets[g], apex) > eps {
                    mark[g] = stamp;
                    visible.push(g);
                }
            }
        }
        // the horizon ridges and a new facet on each: the ridge's vertices, then the apex
        let first_new = facets.len();
        let mut ridges: HashMap<Vec<usize>, (usize, usize)> = HashMap::new();
        for &f in &visible {
            for j in 0..d {
                let g = facets[f].neighbors[j];
                if mark[g] == stamp {
                    continue;
                }
                let mut verts: Vec<usize> = facets[f]
                    .verts
                    .iter()
                    .enumerate()
                    .filter(|(m, _)| *m != j)
                    .map(|(_, &v)| v)
                    .collect();
                verts.push(apex);
                let (normal, offset) = plane(pts, d, &verts, &interior)?.ok_or_else(|| {
                    Error::bad_argument(
                        op,
                        "points",
                        "a degenerate facet",
                        "points in general position",
                    )
                })?;
                let nf = facets.len();
                let mut neighbors = ext::try_vec_filled(d, usize::MAX)?;
                neighbors[d - 1] = g;
                // g now meets the new facet where it met f
                if let Some(slot) = facets[g].neighbors.iter_mut().find(|x| **x == f) {
                    *slot = nf;
                }
                // the ridges through the apex: pair with the new facet sharing them
                for (m, slot) in neighbors.iter_mut().enumerate().take(d - 1) {
                    let mut key: Vec<usize> = verts[..d - 1]
                        .iter()
                        .enumerate()
                        .filter(|(q, _)| *q != m)
                        .map(|(_, &v)| v)
                        .collect();
                    key.sort_unstable();
                    if let Some((of, om)) = ridges.remove(&key) {
                        *slot = of;
                        facets[of].neighbors[om] = nf;
                    } else {
                        ridges.insert(key, (nf, m));
                    }
                }
                facets.push(Facet::new(verts, normal, offset, neighbors));
            }
        }
        if !ridges.is_empty() || facets.len() == first_new {
            return Err(Error::bad_argument(
                op,
                "points",
                "a hull whose horizon does not close (nearly degenerate input)",
                "points in general position",
            ));
        }
        // the outside points of the visible facets go to the new facets they lie above
        let mut orphans = Vec::new();
        for &f in &visible {
            facets[f].alive = false;
            orphans.append(&mut facets[f].outside);
        }
        for i in orphans.into_iter().filter(|&i| i != apex) {
            if let Some(f) = (first_new..facets.len()).find(|&f| dist(pts, d, &facets[f], i) > eps)
            {
                facets[f].outside.push(i);
            }
        }
        stack.extend((first_new..facets.len()).filter(|&f| !facets[f].outside.is_empty()));
    }
    // the live facets, renumbered
    let mut id = ext::try_vec_filled(facets.len(), usize::MAX)?;
    let mut out = Vec::new();
    for (i, f) in facets.iter().enumerate() {
        if f.alive {
            id[i] = out.len();
            out.push(f.clone());
        }
    }
    for f in &mut out {
        for g in &mut f.neighbors {
            *g = id[*g];
        }
    }
    Ok(Hull { facets: out })
}

/// The Delaunay simplices of the `n` points `pts` (row-major, dimension `d`): the lower
/// facets of the hull of the points lifted onto a paraboloid (centred and scaled first; the
/// lifted coordinate lowered by at most `1e-10` of its range, a fixed pseudo-random amount a
/// point, so that cospherical points are triangulated as Qhull's joggled input `QJ` would
/// be). Each simplex is `d + 1` vertex indices.
pub(crate) fn delaunay_nd(op: &'static str, pts: &[f64], n: usize, d: usize) -> Result<Vec<usize>> {
    let mut mean = ext::try_vec_filled(d, 0.0)?;
    for i in 0..n {
        for c in 0..d {
            mean[c] += pts[i * d + c] / n as f64;
        }
    }
    let mut scale = 0.0f64;
    for i in 0..n {
        for c in 0..d {
            scale = scale.max((pts[i * d + c] - mean[c]).abs());
        }
    }
    if scale == 0.0 {
        scale = 1.0;
    }
    let e = d + 1;
    let mut lifted = ext::try_vec_filled(n.saturating_mul(e), 0.0)?;
    let mut top = 0.0f64;
    for i in 0..n {
        let mut s = 0.0;
        for c in 0..d {
            let v = (pts[i * d + c] - mean[c]) / scale;
            lifted[i * e + c] = v;
            s += v * v;
        }
        lifted[i * e + d] = s;
        top = top.max(s);
    }
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    for i in 0..n {
        // splitmix64
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        let u = (z >> 11) as f64 / (1u64 << 53) as f64;
        lifted[i * e + d] -= 1e-10 * top.max(1.0) * u;
    }
    let hull = quickhull(op, &lifted, n, e, 1e-13)?;
    let mut simp = Vec::new();
    for f in &hull.facets {
        // lower facets: the outward normal points down
        if f.normal[d] < -1e-8 {
            simp.extend_from_slice(&f.verts);
        }
    }
    Ok(simp)
}

/// The `(d - 1)`-volume of the simplex `verts` (`d` points of dimension `d`) and the
/// `d`-volume of the cone from `apex` over it.
pub(crate) fn facet_measures(pts: &[f64], d: usize, f: &Facet, apex: &[f64]) -> Result<(f64, f64)> {
    let p0 = &pts[f.verts[0] * d..f.verts[0] * d + d];
    let e: Vec<Vec<f64>> = f.verts[1..]
        .iter()
        .map(|&v| (0..d).map(|c| pts[v * d + c] - p0[c]).collect())
        .collect();
    // the Gram determinant of the edges by elimination
    let k = d - 1;
    let mut g = ext::try_vec_filled(k * k, 0.0)?;
    for a in 0..k {
        for b in 0..k {
            g[a * k + b] = e[a].iter().zip(&e[b]).map(|(x, y)| x * y).sum();
        }
    }
    let det = determinant(&mut g, k);
    let fact: f64 = (1..=k).map(|v| v as f64).product();
    let area = det.max(0.0).sqrt() / fact;
    let h = -(f.normal.iter().zip(apex).map(|(a, b)| a * b).sum::<f64>() + f.offset);
    Ok((area, area * h.abs() / d as f64))
}

/// The determinant of the `k x k` matrix `m` (row-major; overwritten), partial pivoting.
pub(crate) fn determinant(m: &mut [f64], k: usize) -> f64 {
    let mut det = 1.0;
    for c in 0..k {
        let p = (c..k)
            .max_by(|&a, &b| m[a * k + c].abs().total_cmp(&m[b * k + c].abs()))
            .unwrap_or(c);
        if m[p * k + c] == 0.0 {
            return 0.0;
        }
        if p != c {
            for j in 0..k {
                m.swap(p * k + j, c * k + j);
            }
            det = -det;
        }
        let piv = m[c * k + c];
        det *= piv;
        for r in c + 1..k {
            let f = m[r * k + c] / piv;
            if f != 0.0 {
                for j in c..k {
                    m[r * k + j] -= f * m[c * k + j];
                }
            }
        }
    }
    det
}

/// The inverse of the `k x k` matrix `m` (row-major) by Gauss-Jordan elimination with
/// partial pivoting; NaN entries for a singular matrix (SciPy's transform of a degenerate
/// simplex).
pub(crate) fn inverse(m: &[f64], k: usize) -> Result<Vec<f64>> {
    let mut a = m.to_vec();
    let mut inv = ext::try_vec_filled(k * k, 0.0)?;
    for i in 0..k {
        inv[i * k + i] = 1.0;
    }
    for c in 0..k {
        let p = (c..k)
            .max_by(|&x, &y| a[x * k + c].abs().total_cmp(&a[y * k + c].abs()))
            .unwrap_or(c);
        if a[p * k + c] == 0.0 {
            return ext::try_vec_filled(k * k, f64::NAN);
        }
        for j in 0..k {
            a.swap(p * k + j, c * k + j);
            inv.swap(p * k + j, c * k + j);
        }
        let piv = a[c * k + c];
        for j in 0..k {
            a[c * k + j] /= piv;
            inv[c * k + j] /= piv;
        }
        for r in 0..k {
            if r != c {
                let f = a[r * k + c];
                if f != 0.0 {
                    for j in 0..k {
                        a[r * k + j] -= f * a[c * k + j];
                        inv[r * k + j] -= f * inv[c * k + j];
                    }
                }
            }
        }
    }
    Ok(inv)
}
