//! The k-d tree behind [`KDTree`](crate::KDTree) for points on the CPU: median splits on the
//! widest dimension, bounding boxes per node, exact k-nearest and
//! fixed-radius searches with pruning (SciPy's `cKDTree` answers, `eps = 0`).

use cuprum_core::{Result, ext};
use std::cmp::Ordering;
use std::collections::BinaryHeap;

const LEAF: usize = 16;

struct Node {
    lo: usize,
    hi: usize,
    left: usize,
    right: usize,
    mins: Vec<f64>,
    maxs: Vec<f64>,
}

/// A k-d tree over `n` points of dimension `d` (row-major in `data`).
pub(crate) struct Tree {
    data: Vec<f64>,
    d: usize,
    perm: Vec<usize>,
    nodes: Vec<Node>,
}

/// `|x|^p` accumulated the way the final distance is formed (`p = inf`: max).
#[derive(Clone, Copy)]
pub(crate) struct Norm(pub f64);

impl Norm {
    fn term(self, v: f64) -> f64 {
        let a = v.abs();
        match self.0 {
            1.0 => a,
            2.0 => a * a,
            p if p.is_infinite() => a,
            p => a.powf(p),
        }
    }
    fn acc(self, s: f64, t: f64) -> f64 {
        if self.0.is_infinite() {
            s.max(t)
        } else {
            s + t
        }
    }
    /// The accumulated value of the distance `r`.
    pub(crate) fn of(self, r: f64) -> f64 {
        match self.0 {
            p if p == 1.0 || p.is_infinite() => r,
            2.0 => r * r,
            p => r.powf(p),
        }
    }
    /// The distance of an accumulated value.
    pub(crate) fn root(self, s: f64) -> f64 {
        match self.0 {
            p if p == 1.0 || p.is_infinite() => s,
            2.0 => s.sqrt(),
            p => s.powf(1.0 / p),
        }
    }
}

#[derive(PartialEq)]
struct Cand(f64, usize);
impl Eq for Cand {}
impl PartialOrd for Cand {
    fn partial_cmp(&self, o: &Self) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}
impl Ord for Cand {
    fn cmp(&self, o: &Self) -> Ordering {
        self.0.total_cmp(&o.0).then(self.1.cmp(&o.1))
    }
}

impl std::fmt::Debug for Tree {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Tree {{ n: {}, d: {}, nodes: {} }}",
            self.perm.len(),
            self.d,
            self.nodes.len()
        )
    }
}

impl Tree {
    /// Builds the tree over `data` (`n x d`, row-major).
    pub(crate) fn build(data: Vec<f64>, n: usize, d: usize) -> Result<Self> {
        let mut perm = ext::try_vec_with_capacity(n)?;
        perm.extend(0..n);
        let mut t = Tree {
            data,
            d,
            perm,
            nodes: Vec::new(),
        };
        if n > 0 {
            t.split(0, n)?;
        }
        Ok(t)
    }

    fn split(&mut self, lo: usize, hi: usize) -> Result<usize> {
        let d = self.d;
        let mut mins = ext::try_vec_filled(d, f64::INFINITY)?;
        let mut maxs = ext::try_vec_filled(d, f64::NEG_INFINITY)?;
        for &i in &self.perm[lo..hi] {
            for k in 0..d {
                let v = self.data[i * d + k];
                mins[k] = mins[k].min(v);
                maxs[k] = maxs[k].max(v);
            }
        }
        let id = self.nodes.len();
        self.nodes.push(Node {
            lo,
            hi,
            left: 0,
            right: 0,
            mins,
            maxs,
        });
        if hi - lo <= LEAF {
            return Ok(id);
        }
        let node = &self.nodes[id];
        let dim = (0..d)
            .max_by(|&a, &b| {
                (node.maxs[a] - node.mins[a]).total_cmp(&(node.maxs[b] - node.mins[b]))
            })
            .unwrap_or(0);
        if node.maxs[dim] == node.mins[dim] {
            return Ok(id);
        }
        let mid = lo + (hi - lo) / 2;
        let data = &self.data;
        self.perm[lo..hi].select_nth_unstable_by(mid - lo, |&a, &b| {
            data[a * d + dim].total_cmp(&data[b * d + dim])
        });
        let left = self.split(lo, mid)?;
        let right = self.split(mid, hi)?;
        self.nodes[id].left = left;
        self.nodes[id].right = right;
        Ok(id)
    }

    /// The accumulated distance from `x` to node `id`'s bounding box.
    fn box_dist(&self, id: usize, x: &[f64], norm: Norm) -> f64 {
        let nd = &self.nodes[id];
        let mut s = 0.0;
        for ((&xk, &lo), &hi) in x.iter().zip(&nd.mins).zip(&nd.maxs) {
            let v = if xk < lo {
                lo - xk
            } else if xk > hi {
                xk - hi
            } else {
                0.0
            };
            s = norm.acc(s, norm.term(v));
        }
        s
    }

    fn point_dist(&self, i: usize, x: &[f64], norm: Norm) -> f64 {
        let row = &self.data[i * self.d..(i + 1) * self.d];
        row.iter()
            .zip(x)
            .fold(0.0, |s, (a, b)| norm.acc(s, norm.term(a - b)))
    }

    fn is_leaf(&self, id: usize) -> bool {
        self.nodes[id].left == 0 && self.nodes[id].right == 0
    }

    /// The `k` nearest points to `x` with accumulated distance `< bound`, nearest first:
    /// `(accumulated distance, index)`.
    pub(crate) fn knn(&self, x: &[f64], k: usize, norm: Norm, bound: f64) -> Vec<(f64, usize)> {
        let mut heap: BinaryHeap<Cand> = BinaryHeap::with_capacity(k.min(self.perm.len()) + 1);
        if self.nodes.is_empty() || k == 0 {
            return Vec::new();
        }
        let mut stack = vec![(self.box_dist(0, x, norm), 0usize)];
        while let Some((bd, id)) = stack.pop() {
            let worst = if heap.len() == k {
                heap.peek().map_or(bound, |c| c.0.min(bound))
            } else {
                bound
            };
            if bd >= worst {
                continue;
            }
            if self.is_leaf(id) {
                let nd = &self.nodes[id];
                for &i in &self.perm[nd.lo..nd.hi] {
                    let dd = self.point_dist(i, x, norm);
                    let worst = if heap.len() == k {
                        heap.peek().map_or(bound, |c| c.0.min(bound))
                    } else {
                        bound
                    };
                    if dd < worst {
                        heap.push(Cand(dd, i));
                        if heap.len() > k {
                            heap.pop();
                        }
                    }
                }
                continue;
            }
            let (l, r) = (self.nodes[id].left, self.nodes[id].right);
            let (dl, dr) = (self.box_dist(l, x, norm), self.box_dist(r, x, norm));
            // push the farther child first so the nearer one is searched first
            if dl <= dr {
                stack.push((dr, r));
                stack.push((dl, l));
            } else {
                stack.push((dl, l));
                stack.push((dr, r));
            }
        }
        let mut out: Vec<(f64, usize)> = heap.into_iter().map(|c| (c.0, c.1)).collect();
        out.sort_by(|a, b| a.0.total_cmp(&b.0).then(a.1.cmp(&b.1)));
        out
    }

    /// The indices of the points with accumulated distance `<= r` from `x`, ascending.
    pub(crate) fn ball(&self, x: &[f64], r: f64, norm: Norm) -> Vec<usize> {
        let mut out = Vec::new();
        if self.nodes.is_empty() {
            return out;
        }
        let mut stack = vec![0usize];
        while let Some(id) = stack.pop() {
            if self.box_dist(id, x, norm) > r {
                continue;
            }
            if self.is_leaf(id) {
                let nd = &self.nodes[id];
                out.extend(
                    self.perm[nd.lo..nd.hi]
                        .iter()
                        .copied()
                        .filter(|&i| self.point_dist(i, x, norm) <= r),
                );
                continue;
            }
            stack.push(self.nodes[id].left);
            stack.push(self.nodes[id].right);
        }
        out.sort_unstable();
        out
    }
}
