//! The exhaustive k-nearest-neighbour search behind [`KDTree`](crate::KDTree) on CUDA devices
//! where the grid of cells does not serve (dimension above 3): one NVRTC kernel
//! (`kernels/spatial/brute_knn.cu`), a thread per query point, the points streamed through
//! shared memory in tiles, each query's k best kept sorted in its own output row (any k).

use crate::launch::{self, Arg};
use cuprum_core::ext::nvrtc;
use cuprum_core::{Array, Result};

const OP: &str = "spatial.KDTree.query";

/// The most doubles of shared memory a tile uses (48 KiB, the default per-block limit).
const TILE_DOUBLES: usize = 6144;

/// Whether the exhaustive kernel serves points of dimension `d` (a tile of at least one
/// point fits in shared memory).
pub(crate) fn serves(d: usize) -> bool {
    (1..=TILE_DOUBLES).contains(&d)
}

/// The `k` nearest of the rows of `data` `(n, d)` (float64, C-contiguous, finite, on a CUDA
/// device) to the rows of `xq` `(q, d)` (the same): distances `(q, k)` and indices `(q, k)`,
/// missing ones `inf` and `n`. `p >= 1` (`inf` allowed); `bound` the distance upper bound.
pub(crate) fn query(
    data: &Array,
    xq: &Array,
    k: usize,
    p: f64,
    bound: f64,
) -> Result<(Array, Array)> {
    let (n, d) = (data.shape()[0], data.shape()[1]);
    let q = xq.shape()[0];
    let dev = xq.device();
    let ordinal = launch::cuda_ordinal(OP, dev, "the exhaustive kernel")?;
    let (out_d, out_i) = launch::knn_outputs(q, k, dev)?;
    if q == 0 {
        return Ok((out_d, out_i));
    }
    let pmode = launch::p_mode(p);
    let bacc = launch::bound_acc(pmode, bound, p);
    let tile = (TILE_DOUBLES / d.max(1)).clamp(1, 256);
    let f = nvrtc::static_function(
        ordinal,
        include_str!("../../../kernels/spatial/brute_knn.cu"),
        "brute_knn",
        &[],
    )?;
    let ptr = |a: &Array| launch::cuda_ptr(OP, a);
    let mut vals = [
        Arg::P(ptr(data)?),
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
        Arg::I(tile as i64),
    ];
    let mut args = launch::arg_ptrs(&mut vals);
    let block = 128u32;
    let blocks = q.div_ceil(block as usize).clamp(1, 1 << 16) as u32;
    let cfg = nvrtc::LaunchConfig {
        grid: (blocks, 1, 1),
        block: (block, 1, 1),
        shared_mem_bytes: (tile * d * 8) as u32,
    };
    // SAFETY: `brute_knn` takes four device pointers — pts (n * d doubles), the queries
    // (q * d doubles), out_d (q * k doubles) and out_i (q * k int64), C-contiguous buffers on
    // device `ordinal` kept alive by the arrays held here until the stream-ordered launch is
    // queued — then n, d, q, k (int64), p (double), pmode (int64), bound (double) and tile
    // (int64), in this order, with tile * d doubles of dynamic shared memory
    // (tile * d <= 6144, 48 KiB). Every thread of a block reaches both barriers of each tile
    // (the loops over query blocks and tiles are uniform across the block); threads without a
    // query only load tiles. Each query writes only its own row of out_d / out_i.
    unsafe { nvrtc::launch(&f, cfg, None, &mut args)? };
    Ok((out_d, out_i))
}
