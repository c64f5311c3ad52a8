//! The 3-d Delaunay tetrahedralization behind [`Delaunay`](crate::Delaunay): Bowyer–Watson
//! insertion in a spatially sorted order inside an enclosing tetrahedron, each point located by
//! a walk from the last tetrahedron created.

use cuprum_core::{Error, Result, ext};
use std::collections::HashMap;

const OP: &str = "spatial.Delaunay";

type P3 = [f64; 3];

fn sub(a: P3, b: P3) -> P3 {
    [a[0] - b[0], a[1] - b[1], a[2] - b[2]]
}

/// `> 0` when `d` lies on the positive side of the plane `a b c` (the tetrahedron `a b c d` is
/// positively oriented).
pub(crate) fn orient3(a: P3, b: P3, c: P3, d: P3) -> f64 {
    let (u, v, w) = (sub(b, a), sub(c, a), sub(d, a));
    u[0] * (v[1] * w[2] - v[2] * w[1]) - u[1] * (v[0] * w[2] - v[2] * w[0])
        + u[2] * (v[0] * w[1] - v[1] * w[0])
}

/// `> 0` when `e` lies inside the circumsphere of the positively oriented tetrahedron
/// `a b c d`.
fn insphere(a: P3, b: P3, c: P3, d: P3, e: P3) -> f64 {
    let rows = [sub(a, e), sub(b, e), sub(c, e), sub(d, e)];
    let m: Vec<[f64; 4]> = rows
        .iter()
        .map(|r| [r[0], r[1], r[2], r[0] * r[0] + r[1] * r[1] + r[2] * r[2]])
        .collect();
    let det3 = |r0: usize, r1: usize, r2: usize, c0: usize, c1: usize, c2: usize| {
        m[r0][c0] * (m[r1][c1] * m[r2][c2] - m[r1][c2] * m[r2][c1])
            - m[r0][c1] * (m[r1][c0] * m[r2][c2] - m[r1][c2] * m[r2][c0])
            + m[r0][c2] * (m[r1][c0] * m[r2][c1] - m[r1][c1] * m[r2][c0])
    };
    // the 4x4 determinant by expansion along the last column
    let det = -m[0][3] * det3(1, 2, 3, 0, 1, 2) + m[1][3] * det3(0, 2, 3, 0, 1, 2)
        - m[2][3] * det3(0, 1, 3, 0, 1, 2)
        + m[3][3] * det3(0, 1, 2, 0, 1, 2);
    // for a positively oriented a b c d the determinant is negative inside
    -det
}

/// The face of tetrahedron `t` opposite its vertex `i`, as a sorted key.
fn face_key(t: &[usize; 4], i: usize) -> [usize; 3] {
    let mut f = [0usize; 3];
    let mut m = 0;
    for (j, &v) in t.iter().enumerate() {
        if j != i {
            f[m] = v;
            m += 1;
        }
    }
    f.sort_unstable();
    f
}

/// The Delaunay tetrahedra of `pts` (positively oriented), as vertex indices.
pub(crate) fn triangulate3(pts: &[P3]) -> Result<Vec<[usize; 4]>> {
    let n = pts.len();
    if n < 4 {
        return Err(crate::hull_nd::too_few_points(OP, n, 3));
    }
    let (mut lo, mut hi) = ([f64::INFINITY; 3], [f64::NEG_INFINITY; 3]);
    for p in pts {
        for d in 0..3 {
            lo[d] = lo[d].min(p[d]);
            hi[d] = hi[d].max(p[d]);
        }
    }
    let span = (0..3).map(|d| hi[d] - lo[d]).fold(0.0, f64::max);
    // a set in one plane has no 3-d triangulation (Qhull raises)
    let far = |score: &dyn Fn(P3) -> f64| -> (usize, f64) {
        let mut best = (0usize, f64::NEG_INFINITY);
        for (i, &p) in pts.iter().enumerate() {
            let s = score(p);
            if s > best.1 {
                best = (i, s);
            }
        }
        best
    };
    let a = pts[0];
    let dist2 = |p: P3, q: P3| {
        let v = sub(p, q);
        v[0] * v[0] + v[1] * v[1] + v[2] * v[2]
    };
    let (ib, _) = far(&|p| dist2(p, a));
    let b = pts[ib];
    let ab = sub(b, a);
    let (ic, _) = far(&|p| {
        let v = sub(p, a);
        let c = [
            v[1] * ab[2] - v[2] * ab[1],
            v[2] * ab[0] - v[0] * ab[2],
            v[0] * ab[1] - v[1] * ab[0],
        ];
        c[0] * c[0] + c[1] * c[1] + c[2] * c[2]
    });
    let c = pts[ic];
    let (_, vol) = far(&|p| orient3(a, b, c, p).abs());
    if span == 0.0 || vol.is_nan() || vol <= 1e-12 * span * span * span {
        return Err(Error::bad_argument(
            OP,
            "points",
            format!("{n} coplanar, collinear or coincident points"),
            "points in general position (not all in one plane)",
        ));
    }
    let mid = [
        (lo[0] + hi[0]) / 2.0,
        (lo[1] + hi[1]) / 2.0,
        (lo[2] + hi[2]) / 2.0,
    ];
    let big = 1e3 * span;
    let mut all: Vec<P3> = ext::try_vec_with_capacity(n + 4)?;
    all.extend_from_slice(pts);
    all.push([mid[0] - big, mid[1] - big, mid[2] - big]);
    all.push([mid[0] + 3.0 * big, mid[1] - big, mid[2] - big]);
    all.push([mid[0] - big, mid[1] + 3.0 * big, mid[2] - big]);
    all.push([mid[0] - big, mid[1] - big, mid[2] + 3.0 * big]);
    // insertion order: cells of a grid, visited in a snake
    let cells = ((n as f64).cbrt().ceil() as usize).max(1);
    let cell = |p: P3, d: usize| {
        (((p[d] - lo[d]) / span.max(f64::MIN_POSITIVE) * cells as f64) as usize).min(cells - 1)
    };
    let mut order: Vec<usize> = ext::try_vec_with_capacity(n)?;
    order.extend(0..n);
    order.sort_by_key(|&i| {
        let (cx, cy, cz) = (cell(pts[i], 0), cell(pts[i], 1), cell(pts[i], 2));
        let cy2 = if cz.is_multiple_of(2) {
            cy
        } else {
            cells - 1 - cy
        };
        let cx2 = if (cz * cells + cy2).is_multiple_of(2) {
            cx
        } else {
            cells - 1 - cx
        };
        (cz, cy2, cx2)
    });
    let mut tets: Vec<[usize; 4]> = vec![[n, n + 1, n + 2, n + 3]];
    if orient3(all[n], all[n + 1], all[n + 2], all[n + 3]) < 0.0 {
        tets[0].swap(0, 1);
    }
    let mut nbr: Vec<[isize; 4]> = vec![[-1; 4]];
    let mut alive: Vec<bool> = vec![true];
    let mut mark: Vec<u32> = vec![0];
    let mut stamp = 0u32;
    let mut last = 0usize;
    for &pi in &order {
        let p = all[pi];
        // walk to the tetrahedron containing p
        let mut t = last;
        let mut steps = 0usize;
        'walk: loop {
            steps += 1;
            if steps > 4 * tets.len() + 16 {
                t = (0..tets.len())
                    .find(|&u| {
                        alive[u]
                            && (0..4).all(|i| {
                                let mut q = tets[u].map(|v| all[v]);
                                q[i] = p;
                                orient3(q[0], q[1], q[2], q[3]) >= 0.0
                            })
                    })
                    .ok_or_else(|| {
                        Error::bad_argument(
                            OP,
                            "points",
                            format!("point {pi} (not located in the tetrahedralization)"),
                            "finite points in general position",
                        )
                    })?;
                break;
            }
            for i in 0..4 {
                let mut q = tets[t].map(|v| all[v]);
                q[i] = p;
                if orient3(q[0], q[1], q[2], q[3]) < 0.0 && nbr[t][i] >= 0 {
                    t = nbr[t][i] as usize;
                    continue 'walk;
                }
            }
            break;
        }
        // the cavity: tetrahedra whose circumsphere holds p, grown from t
        stamp += 1;
        let cavity = crate::delaunay::grow_cavity(t, &nbr, &mut mark, stamp, |w| {
            let q = tets[w].map(|v| all[v]);
            insphere(q[0], q[1], q[2], q[3], p) > 0.0
        });
        // each boundary face makes a new tetrahedron: the cavity's one with the opposite
        // vertex replaced by p (same orientation)
        let first_new = tets.len();
        let mut faces: HashMap<[usize; 3], (usize, usize)> = HashMap::new();
        for &u in &cavity {
            for i in 0..4 {
                let w = nbr[u][i];
                if w >= 0 && mark[w as usize] == stamp {
                    continue;
                }
                let mut nt = tets[u];
                nt[i] = pi;
                let id = tets.len();
                tets.push(nt);
                let mut nn = [-1isize; 4];
                nn[i] = w;
                nbr.push(nn);
                alive.push(true);
                mark.push(0);
                if w >= 0 {
                    let o = w as usize;
                    for e in nbr[o].iter_mut() {
                        if *e == u as isize {
                            *e = id as isize;
                        }
                    }
                }
                // the faces through p, matched pairwise among the new tetrahedra
                for e in 0..4 {
                    if e == i {
                        continue;
                    }
                    let key = face_key(&nt, e);
                    if let Some((o, oe)) = faces.remove(&key) {
                        nbr[id][e] = o as isize;
                        nbr[o][oe] = id as isize;
                    } else {
                        faces.insert(key, (id, e));
                    }
                }
            }
        }
        for &u in &cavity {
            alive[u] = false;
        }
        last = if tets.len() > first_new {
            tets.len() - 1
        } else {
            last
        };
    }
    let mut out = Vec::new();
    for (t, tet) in tets.iter().enumerate() {
        if alive[t] && tet.iter().all(|&v| v < n) {
            out.push(*tet);
        }
    }
    Ok(out)
}
