//! [`KDTree`]: nearest-neighbour queries (`scipy.spatial.KDTree`).

use crate::distance::{Metric, cdist};
use crate::kdtree_brute;
use crate::kdtree_cpu::{Norm, Tree};
use crate::kdtree_grid::{GRID_DMAX, Grid};
use cuprum_core::{
    Array, DType, Device, Error, IndexMode, Result, SliceItem, argsort, ext, take, take_along_axis,
};
use rayon::prelude::*;

const OP: &str = "spatial.KDTree";

/// The optional arguments of [`KDTree::query`] (SciPy's defaults).
#[derive(Clone, Copy, Debug)]
pub struct QueryOptions {
    /// the Minkowski `p` of the distance, `1 <= p <= inf` (default 2)
    pub p: f64,
    /// only neighbours closer than this count (default inf); missing neighbours have distance
    /// `inf` and index `n`
    pub distance_upper_bound: f64,
}

impl Default for QueryOptions {
    fn default() -> Self {
        Self {
            p: 2.0,
            distance_upper_bound: f64::INFINITY,
        }
    }
}

/// A set of points for nearest-neighbour queries (`scipy.spatial.KDTree` /
/// `cupyx.scipy.spatial.KDTree`): `query` (k nearest, `p`, `distance_upper_bound`),
/// `query_ball_point`, `query_ball_tree`, `query_pairs`, `count_neighbors`,
/// `sparse_distance_matrix`.
///
/// **Shapes**: `data` `(n, d)`; queries `(..., d)`.
///
/// The answers are SciPy's (exact search, `eps = 0`). For points on the CPU a k-d tree is
/// built (median splits on the widest dimension, leaves of 16 points, bounding-box pruning),
/// and `query`/`query_ball_point` walk it. For points of dimension 1 to 3 on a CUDA device,
/// a uniform grid of cells (about two points a cell) is built on that device (cell ids, a
/// sort by cell, the cell starts by `searchsorted`), and `query` with `k <= 32` runs one
/// kernel, a thread per query point scanning rings of cells outward until the k nearest are
/// certain (`O(k)` distances a query for evenly spread points). Otherwise, on a CUDA device the
/// search is exhaustive, in blocks of query points: the block's `(rows, n)` distance matrix
/// ([`cdist`]), then a sort of each row (`O(q n)`).
/// `query_pairs` and `count_neighbors` use the tree on the CPU and the exhaustive search on
/// CUDA devices.
///
/// # Errors
/// [`Error::BadShape`] when `data` is not 2-d; [`Error::BadArgument`] when it holds NaN or
/// infinities.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_spatial::{KDTree, QueryOptions};
/// let pts = Array::from_vec_on(vec![0.0, 0.0, 1.0, 0.0, 5.0, 5.0], &[3, 2], Device::Cpu).unwrap();
/// let tree = KDTree::new(&pts).unwrap();
/// let q = Array::from_vec_on(vec![0.9, 0.1], &[1, 2], Device::Cpu).unwrap();
/// let (d, i) = tree.query(&q, 2, QueryOptions::default()).unwrap();
/// assert_eq!(i.to_vec::<i64>().unwrap(), vec![1, 0]);
/// assert!((d.to_vec::<f64>().unwrap()[0] - 0.02f64.sqrt()).abs() < 1e-15);
/// ```
#[derive(Clone, Debug)]
pub struct KDTree {
    data: Array,
    /// the k-d tree, for points on the CPU
    tree: Option<std::sync::Arc<Tree>>,
    /// the grid of cells, for points of dimension 1 to 3 on a CUDA device
    grid: Option<std::sync::Arc<Grid>>,
}

/// Checks that every coordinate of the float64 array `a` (argument `arg`) is finite
/// (reduced on its device; SciPy's cKDTree raises for NaN or infinite coordinates).
fn finite_coords(arg: &'static str, a: &Array) -> Result<()> {
    if a.size() == 0 {
        return Ok(());
    }
    let all = cuprum_core::isfinite(a)?
        .all(None, false)?
        .astype(DType::Bool)?
        .to_vec::<bool>()?;
    if all.first().copied().unwrap_or(true) {
        return Ok(());
    }
    Err(Error::bad_argument(
        OP,
        arg,
        "NaN or infinite coordinates",
        "finite coordinates",
    ))
}

impl KDTree {
    /// Builds the tree over the rows of `data` (converted to float64, on its device).
    ///
    /// # Errors
    /// As described on the type.
    pub fn new(data: &Array) -> Result<Self> {
        if data.ndim() != 2 {
            return Err(Error::bad_shape(
                OP,
                "data",
                data.shape(),
                "a 2-d array (n, d)",
            ));
        }
        if matches!(data.dtype(), DType::Complex64 | DType::Complex128) {
            return Err(Error::dtype(OP, data.dtype()));
        }
        let d = ext::as_c_contiguous(&data.astype(DType::Float64)?)?;
        finite_coords("data", &d)?;
        let (n, dim) = (d.shape()[0], d.shape()[1]);
        let grid = if d.device() != Device::Cpu && n > 0 && (1..=GRID_DMAX).contains(&dim) {
            Some(std::sync::Arc::new(Grid::build(&d)?))
        } else {
            None
        };
        let tree = if d.device() == Device::Cpu {
            Some(std::sync::Arc::new(Tree::build(
                d.to_vec::<f64>()?,
                n,
                dim,
            )?))
        } else {
            None
        };
        Ok(Self {
            data: d,
            tree,
            grid,
        })
    }

    /// The points, `(n, d)` float64.
    pub fn data(&self) -> &Array {
        &self.data
    }

    /// The number of points `n`.
    pub fn n(&self) -> usize {
        self.data.shape()[0]
    }

    fn queries(&self, x: &Array) -> Result<(Array, Vec<usize>)> {
        let d = self.data.shape()[1];
        if x.device() != self.data.device() {
            return Err(Error::DeviceMismatch {
                op: OP,
                lhs: self.data.device(),
                rhs: x.device(),
            });
        }
        if x.ndim() == 0 || x.shape()[x.ndim() - 1] != d {
            return Err(Error::bad_shape(OP, "x", x.shape(), format!("(..., {d})")));
        }
        if matches!(x.dtype(), DType::Complex64 | DType::Complex128) {
            return Err(Error::dtype(OP, x.dtype()));
        }
        let lead = x.shape()[..x.ndim() - 1].to_vec();
        let q: usize = lead.iter().product();
        let xq = ext::as_c_contiguous(&x.astype(DType::Float64)?)?.reshape([q, d])?;
        // SciPy's cKDTree raises for NaN or infinite query coordinates
        finite_coords("x", &xq)?;
        Ok((xq, lead))
    }

    fn check_p(p: f64) -> Result<()> {
        if p.is_nan() || p < 1.0 {
            return Err(Error::out_of_domain(OP, "p", p, "1 <= p <= inf"));
        }
        Ok(())
    }

    /// The `k` nearest neighbours of each query point: `(distances, indices)` sorted by
    /// distance, shape `x.shape[..-1] + (k,)` (without the last axis when `k == 1`, as
    /// SciPy's integer `k = 1`). Neighbours beyond `distance_upper_bound` (strictly) or
    /// beyond the `n` points have distance `inf` and index `n`.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for `k == 0` or `p < 1`; [`Error::BadShape`] for `x` whose last
    /// axis is not `d`; [`Error::BadArgument`] for `x` that holds NaN or infinities (as
    /// SciPy); [`Error::DeviceMismatch`].
    pub fn query(&self, x: &Array, k: usize, opts: QueryOptions) -> Result<(Array, Array)> {
        use cuprum_core as cp;
        Self::check_p(opts.p)?;
        if k == 0 {
            return Err(Error::out_of_domain(OP, "k", k, "k >= 1"));
        }
        let (xq, lead) = self.queries(x)?;
        let (q, n) = (xq.shape()[0], self.n());
        let dev = self.data.device();
        let mut shape = lead.clone();
        if k > 1 {
            shape.push(k);
        }
        if let Some(tree) = &self.tree {
            let norm = Norm(opts.p);
            let bound = if opts.distance_upper_bound.is_nan() {
                f64::NEG_INFINITY
            } else {
                norm.of(opts.distance_upper_bound)
            };
            let xs = xq.to_vec::<f64>()?;
            let d = self.data.shape()[1];
            let mut dd = ext::try_vec_filled(q.saturating_mul(k), f64::INFINITY)?;
            let mut ii = ext::try_vec_filled(q.saturating_mul(k), n as i64)?;
            // the query points in parallel
            dd.par_chunks_mut(k)
                .zip(ii.par_chunks_mut(k))
                .enumerate()
                .for_each(|(j, (drow, irow))| {
                    for (m, (acc, i)) in tree
                        .knn(&xs[j * d..(j + 1) * d], k, norm, bound)
                        .into_iter()
                        .enumerate()
                    {
                        drow[m] = norm.root(acc);
                        irow[m] = i as i64;
                    }
                });
            return Ok((
                Array::from_vec_on(dd, shape.as_slice(), dev)?,
                Array::from_vec_on(ii, shape.as_slice(), dev)?,
            ));
        }
        if let Some(grid) = &self.grid {
            let (dd, ii) = grid.query(&xq, k, opts.p, opts.distance_upper_bound)?;
            return Ok((dd.reshape(shape.as_slice())?, ii.reshape(shape.as_slice())?));
        }
        if n > 0 && kdtree_brute::serves(self.data.shape()[1]) {
            let (dd, ii) =
                kdtree_brute::query(&self.data, &xq, k, opts.p, opts.distance_upper_bound)?;
            return Ok((dd.reshape(shape.as_slice())?, ii.reshape(shape.as_slice())?));
        }
        let kk = k.min(n);
        let mut dparts = Vec::new();
        let mut iparts = Vec::new();
        let rows = crate::distance::block_rows(n);
        let mut start = 0;
        while start < q && kk > 0 {
            let stop = (start + rows).min(q);
            let blk = crate::distance::row_range(&xq, start, stop)?;
            let dist = cdist(&blk, &self.data, Metric::Minkowski(opts.p))?;
            let order = argsort(&dist, Some(1))?;
            let first = order.slice(&[
                SliceItem::FULL,
                SliceItem::Slice {
                    start: None,
                    stop: Some(kk as isize),
                    step: 1,
                },
            ])?;
            let first = ext::as_c_contiguous(&first)?;
            dparts.push(take_along_axis(&dist, &first, 1)?);
            iparts.push(first);
            start = stop;
        }
        let (mut dd, mut ii) = if dparts.is_empty() {
            (
                cp::zeros_on([q, kk], DType::Float64, dev)?,
                cp::zeros_on([q, kk], DType::Int64, dev)?,
            )
        } else {
            let dr: Vec<&Array> = dparts.iter().collect();
            let ir: Vec<&Array> = iparts.iter().collect();
            (cp::concatenate(&dr, 0)?, cp::concatenate(&ir, 0)?)
        };
        if opts.distance_upper_bound.is_finite() || opts.distance_upper_bound.is_nan() {
            let far = cp::logical_not(&cp::less(&dd, opts.distance_upper_bound)?)?;
            dd = cp::where_(&far, f64::INFINITY, &dd)?;
            ii = cp::where_(&far, n as i64, &ii)?;
        }
        if k > kk {
            let pad_d = cp::full_on([q, k - kk], f64::INFINITY, DType::Float64, dev)?;
            let pad_i = cp::full_on([q, k - kk], n as i64, DType::Int64, dev)?;
            dd = cp::concatenate(&[&dd, &pad_d], 1)?;
            ii = cp::concatenate(&[&ii, &pad_i], 1)?;
        }
        Ok((dd.reshape(shape.as_slice())?, ii.reshape(shape.as_slice())?))
    }

    /// The indices of the points within distance `r` (inclusive) of each query point, sorted,
    /// one list per query point in C order of `x.shape[..-1]` (SciPy's `query_ball_point`,
    /// which returns lists too).
    ///
    /// # Errors
    /// As [`KDTree::query`]; [`Error::OutOfDomain`] for a negative or NaN `r`.
    pub fn query_ball_point(&self, x: &Array, r: f64, p: f64) -> Result<Vec<Vec<usize>>> {
        Self::check_p(p)?;
        if r.is_nan() || r < 0.0 {
            return Err(Error::out_of_domain(OP, "r", r, "r >= 0"));
        }
        let (xq, _) = self.queries(x)?;
        if let Some(tree) = &self.tree {
            let norm = Norm(p);
            let xs = xq.to_vec::<f64>()?;
            let d = self.data.shape()[1];
            let q = xq.shape()[0];
            let mut out = ext::try_vec_with_capacity(q)?;
            for j in 0..q {
                out.push(tree.ball(&xs[j * d..(j + 1) * d], norm.of(r), norm));
            }
            return Ok(out);
        }
        self.within(&xq, &self.data, r, p)
    }

    fn within(&self, a: &Array, b: &Array, r: f64, p: f64) -> Result<Vec<Vec<usize>>> {
        let (q, n) = (a.shape()[0], b.shape()[0]);
        let mut out = ext::try_vec_with_capacity(q)?;
        let rows = crate::distance::block_rows(n);
        let mut start = 0;
        while start < q {
            let stop = (start + rows).min(q);
            let blk = crate::distance::row_range(a, start, stop)?;
            let near = cuprum_core::less_equal(&cdist(&blk, b, Metric::Minkowski(p))?, r)?;
            let nz = cuprum_core::nonzero(&near)?;
            let (ri, ci) = (nz[0].to_vec::<i64>()?, nz[1].to_vec::<i64>()?);
            let mut lists = ext::try_vec_filled(stop - start, Vec::new())?;
            for (a, c) in ri.iter().zip(&ci) {
                lists[*a as usize].push(*c as usize);
            }
            out.extend(lists);
            start = stop;
        }
        Ok(out)
    }

    /// Every pair `(i, j)`, `i < j`, of points within distance `r` (inclusive), sorted
    /// (SciPy's `query_pairs`, a set there).
    ///
    /// # Errors
    /// As [`KDTree::query_ball_point`].
    pub fn query_pairs(&self, r: f64, p: f64) -> Result<Vec<(usize, usize)>> {
        Self::check_p(p)?;
        if r.is_nan() || r < 0.0 {
            return Err(Error::out_of_domain(OP, "r", r, "r >= 0"));
        }
        let lists = match &self.tree {
            Some(_) => self.query_ball_point(&self.data, r, p)?,
            None => self.within(&self.data, &self.data, r, p)?,
        };
        let mut pairs = Vec::new();
        for (i, l) in lists.iter().enumerate() {
            pairs.extend(l.iter().filter(|&&j| j > i).map(|&j| (i, j)));
        }
        Ok(pairs)
    }

    /// The cumulative pair counts of [`KDTree::count_neighbors`] for each radius of `r`
    /// (SciPy's `count_neighbors` with a 1-d `r`, `cumulative=True`): entry `i` counts the
    /// pairs no farther apart than `r[i]`. One count a radius, each as
    /// [`KDTree::count_neighbors`].
    ///
    /// **Shapes**: `r` `(m,)` → `m` counts.
    ///
    /// # Errors
    /// As [`KDTree::count_neighbors`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_spatial::KDTree;
    /// let a = KDTree::new(&Array::from_vec_on(vec![0.0, 1.0, 3.0], &[3, 1], Device::Cpu).unwrap()).unwrap();
    /// assert_eq!(a.count_neighbors_radii(&a, &[0.5, 1.0, 2.0], 2.0).unwrap(), vec![3, 5, 7]);
    /// ```
    pub fn count_neighbors_radii(&self, other: &KDTree, r: &[f64], p: f64) -> Result<Vec<u64>> {
        let mut out = ext::try_vec_with_capacity(r.len())?;
        for &ri in r {
            out.push(self.count_neighbors(other, ri, p)?);
        }
        Ok(out)
    }

    /// The number of pairs `(x, y)`, `x` from this tree and `y` from `other`, within distance
    /// `r` (inclusive) (SciPy's `count_neighbors` with a scalar `r`).
    ///
    /// # Errors
    /// As [`KDTree::query_ball_point`]; [`Error::BadShape`] when the dimensions differ;
    /// [`Error::DeviceMismatch`].
    pub fn count_neighbors(&self, other: &KDTree, r: f64, p: f64) -> Result<u64> {
        Self::check_p(p)?;
        self.check_other("spatial.KDTree.count_neighbors", other)?;
        if let Some(tree) = &other.tree
            && self.tree.is_some()
        {
            let norm = Norm(p);
            let xs = self.data.to_vec::<f64>()?;
            let d = self.data.shape()[1];
            return Ok((0..self.n())
                .map(|j| tree.ball(&xs[j * d..(j + 1) * d], norm.of(r), norm).len() as u64)
                .sum());
        }
        let (q, n) = (self.n(), other.n());
        let rows = crate::distance::block_rows(n);
        let mut total = 0u64;
        let mut start = 0;
        while start < q {
            let stop = (start + rows).min(q);
            let blk = crate::distance::row_range(&self.data, start, stop)?;
            let near =
                cuprum_core::less_equal(&cdist(&blk, &other.data, Metric::Minkowski(p))?, r)?;
            let c = near
                .astype(DType::Int64)?
                .sum(None, false)?
                .to_vec::<i64>()?;
            total += c.first().copied().unwrap_or(0) as u64;
            start = stop;
        }
        Ok(total)
    }

    fn check_other(&self, op: &'static str, other: &KDTree) -> Result<()> {
        if other.data.device() != self.data.device() {
            return Err(Error::DeviceMismatch {
                op,
                lhs: self.data.device(),
                rhs: other.data.device(),
            });
        }
        if other.data.shape()[1] != self.data.shape()[1] {
            return Err(Error::bad_shape(
                op,
                "other",
                other.data.shape(),
                format!("points of dimension {}", self.data.shape()[1]),
            ));
        }
        Ok(())
    }

    /// For each point `self.data[i]`, the sorted indices of the points of `other` within
    /// distance `r` (inclusive) (SciPy's `query_ball_tree`; CuPy's, which sorts them too):
    /// `other.query_ball_point(self.data, r, p)`.
    ///
    /// # Errors
    /// [`Error::BadShape`] when the trees' dimensions differ; [`Error::DeviceMismatch`];
    /// as [`KDTree::query_ball_point`] for `r` and `p`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_spatial::KDTree;
    /// let a = KDTree::new(&Array::from_vec_on(vec![0.0, 1.0, 3.0], &[3, 1], Device::Cpu).unwrap()).unwrap();
    /// let b = KDTree::new(&Array::from_vec_on(vec![0.0, 2.0], &[2, 1], Device::Cpu).unwrap()).unwrap();
    /// assert_eq!(a.query_ball_tree(&b, 1.0, 2.0).unwrap(), vec![vec![0], vec![0, 1], vec![1]]);
    /// ```
    pub fn query_ball_tree(&self, other: &KDTree, r: f64, p: f64) -> Result<Vec<Vec<usize>>> {
        self.check_other("spatial.KDTree.query_ball_tree", other)?;
        other.query_ball_point(&self.data, r, p)
    }

    /// The distances of every pair `(i, j)`, `self.data[i]` and `other.data[j]`, no farther
    /// apart than `max_distance` (inclusive), as the coordinates of a sparse matrix
    /// `(self.n, other.n)`: `(row, col, data)`, int64, int64 and float64 arrays on the trees'
    /// device, sorted by row then column (SciPy's `sparse_distance_matrix` with
    /// `output_type='coo_matrix'`; pairs at distance 0 are stored too, as there).
    ///
    /// **Shapes**: three arrays `(nnz,)`.
    ///
    /// On the CPU each point of `self` is a ball query in `other`'s tree; on a CUDA device
    /// blocks of the `(rows, other.n)` distance matrix ([`cdist`]) are compared with
    /// `max_distance` and their nonzero entries gathered, on the device.
    ///
    /// # Errors
    /// [`Error::BadShape`] when the trees' dimensions differ; [`Error::DeviceMismatch`];
    /// [`Error::OutOfDomain`] for `p < 1` or a negative or NaN `max_distance`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_spatial::KDTree;
    /// let a = KDTree::new(&Array::from_vec_on(vec![0.0, 1.0, 3.0], &[3, 1], Device::Cpu).unwrap()).unwrap();
    /// let b = KDTree::new(&Array::from_vec_on(vec![0.0, 2.0], &[2, 1], Device::Cpu).unwrap()).unwrap();
    /// let (row, col, data) = a.sparse_distance_matrix(&b, 1.0, 2.0).unwrap();
    /// assert_eq!(row.to_vec::<i64>().unwrap(), vec![0, 1, 1, 2]);
    /// assert_eq!(col.to_vec::<i64>().unwrap(), vec![0, 0, 1, 1]);
    /// assert_eq!(data.to_vec::<f64>().unwrap(), vec![0.0, 1.0, 1.0, 1.0]);
    /// ```
    pub fn sparse_distance_matrix(
        &self,
        other: &KDTree,
        max_distance: f64,
        p: f64,
    ) -> Result<(Array, Array, Array)> {
        use cuprum_core as cp;
        const SOP: &str = "spatial.KDTree.sparse_distance_matrix";
        self.check_other(SOP, other)?;
        if p.is_nan() || p < 1.0 {
            return Err(Error::out_of_domain(SOP, "p", p, "1 <= p <= inf"));
        }
        if max_distance.is_nan() || max_distance < 0.0 {
            return Err(Error::out_of_domain(
                SOP,
                "max_distance",
                max_distance,
                "max_distance >= 0",
            ));
        }
        let dev = self.data.device();
        if let Some(tree) = &other.tree {
            let norm = Norm(p);
            let d = self.data.shape()[1];
            let xs = self.data.to_vec::<f64>()?;
            let ys = other.data.to_vec::<f64>()?;
            let lists: Vec<Vec<usize>> = (0..self.n())
                .into_par_iter()
                .map(|i| tree.ball(&xs[i * d..(i + 1) * d], norm.of(max_distance), norm))
                .collect();
            let nnz: usize = lists.iter().map(Vec::len).sum();
            let mut row = ext::try_vec_with_capacity(nnz)?;
            let mut col = ext::try_vec_with_capacity(nnz)?;
            let mut val = ext::try_vec_with_capacity(nnz)?;
            for (i, l) in lists.iter().enumerate() {
                let x = &xs[i * d..(i + 1) * d];
                for &j in l {
                    row.push(i as i64);
                    col.push(j as i64);
                    val.push(minkowski(x, &ys[j * d..(j + 1) * d], p));
                }
            }
            return Ok((
                Array::from_vec_on(row, &[nnz], dev)?,
                Array::from_vec_on(col, &[nnz], dev)?,
                Array::from_vec_on(val, &[nnz], dev)?,
            ));
        }
        let (q, n) = (self.n(), other.n());
        let rows = crate::distance::block_rows(n);
        let (mut rp, mut cpart, mut vp) = (Vec::new(), Vec::new(), Vec::new());
        let mut start = 0;
        while start < q && n > 0 {
            let stop = (start + rows).min(q);
            let blk = crate::distance::row_range(&self.data, start, stop)?;
            let dist = cdist(&blk, &other.data, Metric::Minkowski(p))?;
            let nz = cp::nonzero(&cp::less_equal(&dist, max_distance)?)?;
            let (r, c) = (nz[0].astype(DType::Int64)?, nz[1].astype(DType::Int64)?);
            let flat = cp::add(&cp::multiply(&r, n as i64)?, &c)?;
            vp.push(take(&dist, &flat, None, IndexMode::Clip)?);
            rp.push(cp::add(&r, start as i64)?);
            cpart.push(c);
            start = stop;
        }
        if rp.is_empty() {
            return Ok((
                cp::zeros_on([0], DType::Int64, dev)?,
                cp::zeros_on([0], DType::Int64, dev)?,
                cp::zeros_on([0], DType::Float64, dev)?,
            ));
        }
        let cat = |v: &[Array]| -> Result<Array> {
            let refs: Vec<&Array> = v.iter().collect();
            cp::concatenate(&refs, 0)
        };
        Ok((cat(&rp)?, cat(&cpart)?, cat(&vp)?))
    }
}

/// The Minkowski `p` distance of two points (`p = inf`: the largest coordinate difference).
fn minkowski(x: &[f64], y: &[f64], p: f64) -> f64 {
    let it = x.iter().zip(y).map(|(a, b)| (a - b).abs());
    if p.is_infinite() {
        it.fold(0.0, f64::max)
    } else if p == 1.0 {
        it.sum()
    } else if p == 2.0 {
        it.map(|t| t * t).sum::<f64>().sqrt()
    } else {
        it.map(|t| t.powf(p)).sum::<f64>().powf(1.0 / p)
    }
}
