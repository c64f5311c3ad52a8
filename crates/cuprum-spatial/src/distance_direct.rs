//! The Minkowski-family metrics of [`cdist`](crate::distance::cdist) computed directly: a
//! loop over the pairs on the CPU (rows in parallel with rayon) and one tiled kernel on CUDA
//! devices (`kernels/spatial/cdist.cu`), instead of one array pass per feature.

use cuprum_core::ext::nvrtc;
use cuprum_core::{Array, DType, Device, Error, Result, ext};
use rayon::prelude::*;

const OP: &str = "spatial.distance.cdist";

/// The metrics served here (the kernel's `mode`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Direct {
    Euclidean,
    SqEuclidean,
    Cityblock,
    Chebyshev,
    /// `p` finite, not 1 or 2
    Minkowski(f64),
}

impl Direct {
    fn mode(self) -> (i64, f64) {
        match self {
            Self::Euclidean => (0, 2.0),
            Self::SqEuclidean => (1, 2.0),
            Self::Cityblock => (2, 1.0),
            Self::Chebyshev => (3, f64::INFINITY),
            Self::Minkowski(p) => (4, p),
        }
    }

    fn pair(self, x: &[f64], y: &[f64]) -> f64 {
        match self {
            Self::Euclidean | Self::SqEuclidean => {
                let s = lanes(x, y, |v| v * v);
                if self == Self::Euclidean { s.sqrt() } else { s }
            }
            Self::Cityblock => lanes(x, y, f64::abs),
            Self::Chebyshev => x.iter().zip(y).fold(0.0, |m, (a, b)| {
                let v = (a - b).abs();
                if v > m || v.is_nan() { v } else { m }
            }),
            Self::Minkowski(p) => x
                .iter()
                .zip(y)
                .map(|(a, b)| (a - b).abs().powf(p))
                .sum::<f64>()
                .powf(1.0 / p),
        }
    }
}

/// `sum f(x_k - y_k)` in four interleaved partial sums (vectorizable; SciPy's C++ loops
/// also sum in several lanes), added pairwise at the end.
#[inline]
fn lanes(x: &[f64], y: &[f64], f: impl Fn(f64) -> f64) -> f64 {
    let mut acc = [0.0f64; 4];
    let (xc, yc) = (x.chunks_exact(4), y.chunks_exact(4));
    let (xr, yr) = (xc.remainder(), yc.remainder());
    for (a, b) in xc.zip(yc) {
        for l in 0..4 {
            acc[l] += f(a[l] - b[l]);
        }
    }
    let mut tail = 0.0;
    for (a, b) in xr.iter().zip(yr) {
        tail += f(a - b);
    }
    (acc[0] + acc[1]) + (acc[2] + acc[3]) + tail
}

/// `cdist(a, b)` for a metric of [`Direct`]; `a` `(ma, d)` and `b` `(mb, d)` float64,
/// C-contiguous, on one device, `ma, mb >= 1`.
pub(crate) fn cdist_direct(a: &Array, b: &Array, metric: Direct) -> Result<Array> {
    let (ma, mb, d) = (a.shape()[0], b.shape()[0], a.shape()[1]);
    match a.device() {
        Device::Cpu => {
            let (av, bv) = (a.to_vec::<f64>()?, b.to_vec::<f64>()?);
            let mut out = ext::try_vec_filled(ma.saturating_mul(mb), 0.0)?;
            if d == 0 {
                return Array::from_vec_on(out, &[ma, mb], Device::Cpu);
            }
            out.par_chunks_mut(mb).enumerate().for_each(|(i, row)| {
                let x = &av[i * d..(i + 1) * d];
                for (j, o) in row.iter_mut().enumerate() {
                    *o = metric.pair(x, &bv[j * d..(j + 1) * d]);
                }
            });
            Array::from_vec_on(out, &[ma, mb], Device::Cpu)
        }
        Device::Cuda(ordinal) => cuda(a, b, metric, ordinal, ma, mb, d),
        other => Err(Error::unsupported(OP, format!("device {other:?}"))),
    }
}

fn cuda(
    a: &Array,
    b: &Array,
    metric: Direct,
    ordinal: usize,
    ma: usize,
    mb: usize,
    d: usize,
) -> Result<Array> {
    let out = ext::empty_for_overwrite(&[ma, mb], DType::Float64, a.device())?;
    let f = nvrtc::static_function(
        ordinal,
        include_str!("../../../kernels/spatial/cdist.cu"),
        "cdist_minkowski",
        &[],
    )?;
    use crate::launch::Arg;
    let ptr = |x: &Array| crate::launch::cuda_ptr(OP, x);
    let (mode, p) = metric.mode();
    // at most 65535 blocks along y: 16 rows a block
    let rows_per_launch = 65535 * 16;
    let mut row0 = 0usize;
    while row0 < ma {
        let rows = (ma - row0).min(rows_per_launch);
        let mut vals = [
            Arg::P(ptr(a)?),
            Arg::P(ptr(b)?),
            Arg::P(ptr(&out)?),
            Arg::I(ma as i64),
            Arg::I(mb as i64),
            Arg::I(d as i64),
            Arg::I(row0 as i64),
            Arg::F(p),
            Arg::I(mode),
        ];
        let mut args = crate::launch::arg_ptrs(&mut vals);
        let cfg = nvrtc::LaunchConfig {
            grid: (mb.div_ceil(16) as u32, rows.div_ceil(16) as u32, 1),
            block: (16, 16, 1),
            shared_mem_bytes: 0,
        };
        // SAFETY: `cdist_minkowski` takes three device pointers (a: ma * d doubles, b: mb * d
        // doubles, out: ma * mb doubles; C-contiguous float64 buffers on device `ordinal`, kept
        // alive by the arrays held here until the stream-ordered launch is queued), then ma,
        // mb, d, row0 (int64), p (double) and mode (int64), in this order. Every load and store
        // is guarded by ma, mb and d; the grid covers rows row0 .. row0 + rows <= ma with
        // grid.y <= 65535.
        unsafe { nvrtc::launch(&f, cfg, None, &mut args)? };
        row0 += rows;
    }
    Ok(out)
}
