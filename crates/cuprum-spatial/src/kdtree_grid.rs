//! The search structure behind [`KDTree`](crate::KDTree) for points on a CUDA device
//! (dimension 1 to 3): a uniform grid of cells holding about two points each, built on the
//! device from array operations (cell ids, a sort by cell, `searchsorted` for the cell
//! starts), and queried by one NVRTC kernel (`kernels/spatial/grid_knn.cu`) that scans rings of
//! cells around each query point until the k nearest are certain.

use crate::launch::{self, Arg};
use cuprum_core::ext::nvrtc;
use cuprum_core::sort::{Side, searchsorted};
use cuprum_core::{Array, DType, IndexMode, Result, argsort, ext, take};

const OP: &str = "spatial.KDTree";

/// The largest dimension the grid serves.
pub(crate) const GRID_DMAX: usize = 3;
/// The largest `k` `grid_knn` keeps in its per-thread list (`KNN_KMAX`); beyond it
/// `grid_knn_wide` keeps the list in the output rows.
pub(crate) const GRID_KMAX: usize = 32;

/// Points sorted by cell, on one CUDA device.
#[derive(Debug)]
pub(crate) struct Grid {
    /// `(n, d)` float64, in cell order
    pts: Array,
    /// `(n,)` int64: the data index of each sorted point
    perm: Array,
    /// `(ncells + 1,)` int64: the first sorted position of each cell
    start: Array,
    /// `(d,)` float64: the grid's lower corner
    lo: Array,
    /// `(d,)` float64: the cell widths
    w: Array,
    /// `(d,)` int64: the cells along each axis
    g: Array,
    /// the smallest cell width (for the stopping slack)
    wmin: f64,
    /// the largest extent of the data (for the stopping slack)
    span: f64,
}

impl Grid {
    /// Builds the grid over `data` `(n, d)` (float64, C-contiguous, finite, `n >= 1`,
    /// `1 <= d <= 3`) on its device.
    pub(crate) fn build(data: &Array) -> Result<Self> {
        use cuprum_core as cp;
        let (n, d) = (data.shape()[0], data.shape()[1]);
        let dev = data.device();
        let lo_h = data.min(0, false)?.to_vec::<f64>()?;
        let hi_h = data.max(0, false)?.to_vec::<f64>()?;
        let ext_h: Vec<f64> = lo_h.iter().zip(&hi_h).map(|(a, b)| b - a).collect();
        let active: Vec<f64> = ext_h.iter().copied().filter(|e| *e > 0.0).collect();
        let target = (n as f64 / 2.0).max(1.0);
        // a common cell width for cubic cells: prod(extents) / width^d_active = target
        let width = if active.is_empty() {
            1.0
        } else {
            let logv: f64 = active.iter().map(|e| e.ln()).sum();
            ((logv - target.ln()) / active.len() as f64).exp()
        };
        let mut g_h = [1i64; GRID_DMAX];
        let mut w_h = [1.0f64; GRID_DMAX];
        for j in 0..d {
            if ext_h[j] > 0.0 {
                let c = (ext_h[j] / width).ceil().clamp(1.0, 1e6);
                g_h[j] = c as i64;
                w_h[j] = ext_h[j] / c;
            }
        }
        let ncells: i64 = g_h[..d].iter().product();
        let lo = Array::from_vec_on(lo_h.clone(), &[d], dev)?;
        let w = Array::from_vec_on(w_h[..d].to_vec(), &[d], dev)?;
        let g = Array::from_vec_on(g_h[..d].to_vec(), &[d], dev)?;
        // cell coordinates floor((x - lo) / w) clipped to the grid, then the row-major id
        let cell = cp::floor(&cp::divide(
            &cp::subtract(data, &lo.reshape([1, d])?)?,
            &w.reshape([1, d])?,
        )?)?;
        let gm1 = cp::subtract(&g.astype(DType::Float64)?, 1.0)?.reshape([1, d])?;
        let cell =
            cp::clip(&cell, Some(0.0f64.into()), Some((&gm1).into()))?.astype(DType::Int64)?;
        let mut strides = [0i64; GRID_DMAX];
        let mut s = 1i64;
        for j in (0..d).rev() {
            strides[j] = s;
            s *= g_h[j];
        }
        let st = Array::from_vec_on(strides[..d].to_vec(), &[1, d], dev)?;
        let id = cp::multiply(&cell, &st)?
            .sum(1, false)?
            .astype(DType::Int64)?;
        let perm = argsort(&id, Some(0))?.astype(DType::Int64)?;
        let sorted_id = take(&id, &perm, None, IndexMode::Clip)?;
        let pts = ext::as_c_contiguous(&take(data, &perm, Some(0), IndexMode::Clip)?)?;
        let cells = cp::arange_on(0i64, ncells + 1, 1i64, Some(DType::Int64), dev)?;
        let start = searchsorted(&sorted_id, &cells, Side::Left, None)?.astype(DType::Int64)?;
        let span = ext_h.iter().copied().fold(0.0, f64::max);
        let wmin = w_h[..d].iter().copied().fold(f64::INFINITY, f64::min);
        Ok(Self {
            pts,
            perm: ext::as_c_contiguous(&perm)?,
            start: ext::as_c_contiguous(&start)?,
            lo,
            w,
            g,
            wmin,
            span,
        })
    }

    /// The `k` nearest neighbours (any `k >= 1`) of the rows of `xq` `(q, d)` (float64,
    /// C-contiguous, on the grid's device): distances `(q, k)` and indices `(q, k)`, missing
    /// ones `inf` and `n`. `p >= 1` (`inf` allowed); `bound` the distance upper bound.
    pub(crate) fn query(&self, xq: &Array, k: usize, p: f64, bound: f64) -> Result<(Array, Array)> {
        let (n, d) = (self.pts.shape()[0], self.pts.shape()[1]);
        let q = xq.shape()[0];
        let dev = xq.device();
        let ordinal = launch::cuda_ordinal(OP, dev, "the grid search")?;
        let (out_d, out_i) = launch::knn_outputs(q, k, dev)?;
        if q == 0 {
            return Ok((out_d, out_i));
        }
        let pmode = launch::p_mode(p);
        // the bound in the accumulated form (NaN: nothing is within it)
        let bacc = launch::bound_acc(pmode, bound, p);
        // a point assigned to a cell by rounding may lie a few ulps outside it
        let slack = 1e-12 * self.span.max(self.wmin);
        let f = nvrtc::static_function(
            ordinal,
            include_str!("../../../kernels/spatial/grid_knn.cu"),
            if k <= GRID_KMAX {
                "grid_knn"
            } else {
                "grid_knn_wide"
            },
            &[],
        )?;
        let ptr = |a: &Array| launch::cuda_ptr(OP, a);
        let mut vals = [
            Arg::P(ptr(&self.pts)?),
            Arg::P(ptr(&self.perm)?),
            Arg::P(ptr(&self.start)?),
            Arg::P(ptr(&self.lo)?),
            Arg::P(ptr(&self.w)?),
            Arg::P(ptr(&self.g)?),
            Arg::P(ptr(xq)?),
            Arg::P(ptr(&out_d)?),
            Arg::P(ptr(&out_i)?),
            Arg::I(n as i64),
            Arg::I(d as i64),
            Arg::I(q as i64),
            Arg::I(k as i64),
            Arg::F(p),
            Arg::I(pmode),
            Arg::F(bacc),
            Arg::F(slack),
        ];
        let mut args = launch::arg_ptrs(&mut vals);
        let mut cfg = nvrtc::LaunchConfig::for_num_elems(q as u64, 128);
        cfg.grid.0 = cfg.grid.0.min(1 << 16);
        // SAFETY: `grid_knn` and `grid_knn_wide` take nine device pointers — pts (n * d
        // doubles), perm (n int64), start (ncells + 1 int64, its last entry n), lo and w (d
        // doubles), g (d int64), the queries (q * d doubles), out_d (q * k doubles) and out_i
        // (q * k int64), all C-contiguous buffers on device `ordinal` kept alive by the arrays
        // held here until the stream-ordered launch is queued — then n, d, q, k (int64,
        // d <= 3 = KNN_DMAX; `grid_knn` is chosen only for k <= 32 = KNN_KMAX, the size of its
        // per-thread lists, `grid_knn_wide` keeps its list in the query's row of out_d /
        // out_i), p (double), pmode (int64), bound and slack (doubles), in this order. Cell ids
        // stay below ncells (coordinates clamped to 0 .. g - 1), so every access is in
        // bounds; the grid-stride loop makes any grid size safe.
        unsafe { nvrtc::launch(&f, cfg, None, &mut args)? };
        Ok((out_d, out_i))
    }
}
