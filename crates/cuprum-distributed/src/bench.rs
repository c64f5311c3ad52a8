//! Benchmark hooks for `cargo xtask bench --suite distributed` (and the scaling script).
//!
//! Each rank of a job (started by `cuprum-run` or by the bench itself) calls the same function
//! with its [`Communicator`]; every rank returns the same rows (times are the maximum over the
//! ranks of each rank's median).
//!
//! - [`all_reduce_sweep`]: in-place all-reduce of float32 arrays from 1 MiB to 1 GiB (doubling),
//!   timed two ways after `warmup` untimed calls:
//!   - *synchronized*: the median of `repeats` calls, each followed by a synchronization
//!     ([`Communicator::synchronize`] for NCCL): the latency one call costs a program that
//!     waits for it;
//!   - *back to back*: `repeats` calls queued on the stream, one synchronization, the time
//!     divided by `repeats` (nccl-tests' method, and the one behind the NCCL/CuPy/torch
//!     figures in `../shared/baselines`); the median of [`PIPELINE_TRIALS`] such batches.
//!
//!   Each is the maximum over the ranks. Reports algorithm bandwidth `bytes / t` and bus
//!   bandwidth `bytes / t × 2(n-1)/n` (nccl-tests' definition), in GB/s (10⁹ bytes/s), from
//!   the back-to-back time.
//! - [`jacobi_weak_scaling`]: seconds per Jacobi sweep with a fixed slab per rank; weak-scaling
//!   efficiency from 1 to n ranks is `t(1) / t(n)` (compute it from two runs).
//! - [`jacobi_strong_scaling`]: seconds per sweep with a fixed total grid; strong-scaling
//!   efficiency is `t(1) / (n · t(n))`.
//!
//! Wiring a bench suite: the bench binary re-executes itself as the ranks through
//! [`launch`](crate::launcher::launch) (one process per GPU, `NCCL_NVLS_ENABLE=0`); in rank
//! mode (`RANK` set) it calls `init_process_group(InitOptions::new())`, runs the hook, and rank
//! 0 prints the rows (e.g. as JSON with units: bytes, seconds, GB/s). Run the 1-rank case the
//! same way with `--nproc-per-node 1`.

use crate::jacobi::{JacobiConfig, solve};
use crate::{Communicator, ReduceOp, Result};
use cuprum_core::{Array, DType, Device};
use std::time::Instant;

/// What [`all_reduce_sweep`] measures.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SweepConfig {
    /// smallest message, bytes (default 1 MiB)
    pub min_bytes: usize,
    /// largest message, bytes (default 1 GiB)
    pub max_bytes: usize,
    /// timed calls per size (default 20)
    pub repeats: usize,
    /// untimed calls per size first (default 5)
    pub warmup: usize,
    /// where the arrays live (default: the communicator's device)
    pub device: Option<Device>,
}

impl Default for SweepConfig {
    fn default() -> Self {
        SweepConfig {
            min_bytes: 1 << 20,
            max_bytes: 1 << 30,
            repeats: 20,
            warmup: 5,
            device: None,
        }
    }
}

impl SweepConfig {
    /// Sets the size range (bytes; both rounded down to whole float32 elements).
    pub fn sizes(mut self, min_bytes: usize, max_bytes: usize) -> Self {
        self.min_bytes = min_bytes;
        self.max_bytes = max_bytes;
        self
    }
    /// Sets warm-up and timed repeats.
    pub fn repeats(mut self, warmup: usize, repeats: usize) -> Self {
        self.warmup = warmup;
        self.repeats = repeats.max(1);
        self
    }
    /// Sets the device of the arrays.
    pub fn device(mut self, d: Device) -> Self {
        self.device = Some(d);
        self
    }
}

/// Batches of back-to-back calls timed per message size (their median is reported).
pub const PIPELINE_TRIALS: usize = 5;

/// One row of the all-reduce sweep.
#[derive(Clone, Debug, PartialEq)]
pub struct AllReduceRow {
    /// message size, bytes
    pub bytes: usize,
    /// median time of one synchronized all-reduce, seconds (max over ranks)
    pub seconds: f64,
    /// time per all-reduce of a batch queued back to back, seconds (median of
    /// [`PIPELINE_TRIALS`] batches, max over ranks)
    pub pipelined_seconds: f64,
    /// algorithm bandwidth from the back-to-back time, GB/s
    pub algbw_gbps: f64,
    /// bus bandwidth from the back-to-back time, GB/s
    pub busbw_gbps: f64,
    /// ranks
    pub world_size: usize,
}

impl AllReduceRow {
    /// The row of `bytes` reduced over `world_size` ranks in `seconds` (synchronized) and
    /// `pipelined_seconds` (back to back), the bandwidths computed from the latter.
    fn new(bytes: usize, seconds: f64, pipelined_seconds: f64, world_size: usize) -> Self {
        let tp = pipelined_seconds;
        let algbw = if tp > 0.0 {
            bytes as f64 / tp / 1e9
        } else {
            0.0
        };
        let n = world_size as f64;
        AllReduceRow {
            bytes,
            seconds,
            pipelined_seconds,
            algbw_gbps: algbw,
            busbw_gbps: algbw * 2.0 * (n - 1.0) / n,
            world_size,
        }
    }
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(|a, b| a.total_cmp(b));
    let n = v.len();
    if n == 0 {
        return 0.0;
    }
    if n % 2 == 1 {
        v[n / 2]
    } else {
        0.5 * (v[n / 2 - 1] + v[n / 2])
    }
}

/// The maximum of `x` over the ranks.
fn max_over_ranks(comm: &Communicator, x: f64) -> Result<f64> {
    let a = Array::from_vec_on(vec![x], &[1], Device::Cpu)?;
    comm.all_reduce(&a, &a, ReduceOp::Max)?;
    Ok(a.to_vec::<f64>()?[0])
}

/// The all-reduce bandwidth sweep (see the module docs). Every rank calls it.
///
/// # Errors
/// Allocation errors (a core out-of-memory error names the size) and the collectives' errors.
///
/// ```
/// use cuprum_distributed::{Backend, Communicator, InitOptions, bench};
/// let c = Communicator::init(InitOptions::new().backend(Backend::Tcp).rank(0).world_size(1)).unwrap();
/// let rows = bench::all_reduce_sweep(&c, &bench::SweepConfig::default().sizes(1024, 4096).repeats(1, 3)).unwrap();
/// assert_eq!(rows.iter().map(|r| r.bytes).collect::<Vec<_>>(), vec![1024, 2048, 4096]);
/// assert_eq!(rows[0].busbw_gbps, 0.0); // one rank moves nothing over the bus
/// ```
pub fn all_reduce_sweep(comm: &Communicator, cfg: &SweepConfig) -> Result<Vec<AllReduceRow>> {
    let dev = cfg.device.unwrap_or_else(|| comm.device());
    let n = comm.world_size();
    let mut rows = Vec::new();
    let mut bytes = cfg.min_bytes.max(4);
    while bytes <= cfg.max_bytes {
        let count = bytes / 4;
        let a = Array::empty_on(&[count], DType::Float32, dev)?;
        if dev.is_cpu() {
            crate::host::write("bench", &a, &vec![0u8; count * 4])?;
        }
        for _ in 0..cfg.warmup {
            comm.all_reduce(&a, &a, ReduceOp::Sum)?;
        }
        comm.synchronize()?;
        comm.barrier()?;
        let mut times = Vec::with_capacity(cfg.repeats);
        for _ in 0..cfg.repeats {
            let t0 = Instant::now();
            comm.all_reduce(&a, &a, ReduceOp::Sum)?;
            comm.synchronize()?;
            times.push(t0.elapsed().as_secs_f64());
        }
        let t = max_over_ranks(comm, median(&mut times))?;
        let mut batches = Vec::with_capacity(PIPELINE_TRIALS);
        for _ in 0..PIPELINE_TRIALS {
            comm.barrier()?;
            let t0 = Instant::now();
            for _ in 0..cfg.repeats {
                comm.all_reduce(&a, &a, ReduceOp::Sum)?;
            }
            comm.synchronize()?;
            batches.push(t0.elapsed().as_secs_f64() / cfg.repeats as f64);
        }
        let tp = max_over_ranks(comm, median(&mut batches))?;
        rows.push(AllReduceRow::new(count * 4, t, tp, n));
        bytes *= 2;
    }
    Ok(rows)
}

/// One Jacobi weak-scaling measurement.
#[derive(Clone, Debug, PartialEq)]
pub struct JacobiRow {
    /// ranks
    pub world_size: usize,
    /// interior rows per rank (the largest slab when they differ)
    pub rows_per_rank: usize,
    /// interior rows of the whole grid
    pub ny: usize,
    /// interior columns
    pub nx: usize,
    /// sweeps timed
    pub iters: usize,
    /// seconds per sweep (max over ranks)
    pub seconds_per_iter: f64,
}

/// A few untimed sweeps of the same problem first: they compile the kernels (or load them from
/// the disk cache) and let NCCL set up its point-to-point connections, which it does lazily on
/// the first send/recv (on an H200 pair that first exchange added about 2 ms per sweep to a
/// 100-sweep weak-scaling run).
fn warm_up(comm: &Communicator, cfg: &JacobiConfig) -> Result<()> {
    let mut w = *cfg;
    w.max_iters = cfg.max_iters.clamp(1, 3);
    solve(comm, &w).map(drop)
}

/// Times `iters` Jacobi sweeps with `rows_per_rank × nx` points per rank (weak scaling: the
/// grid grows with the ranks). Every rank calls it.
///
/// # Errors
/// The solver's errors.
pub fn jacobi_weak_scaling(
    comm: &Communicator,
    rows_per_rank: usize,
    nx: usize,
    iters: usize,
) -> Result<JacobiRow> {
    let n = comm.world_size();
    let cfg = JacobiConfig::new(rows_per_rank * n, nx, iters);
    time_jacobi(comm, &cfg, |_| rows_per_rank)
}

/// Warms up, then times `cfg`'s sweeps on every rank: the row of the slowest rank, its
/// `rows_per_rank` computed (from the world size) once the solve succeeded.
fn time_jacobi(
    comm: &Communicator,
    cfg: &JacobiConfig,
    rows_per_rank: impl FnOnce(usize) -> usize,
) -> Result<JacobiRow> {
    let n = comm.world_size();
    warm_up(comm, cfg)?;
    comm.barrier()?;
    let r = solve(comm, cfg)?;
    let t = max_over_ranks(comm, r.seconds / r.iters.max(1) as f64)?;
    Ok(JacobiRow {
        world_size: n,
        rows_per_rank: rows_per_rank(n),
        ny: cfg.ny,
        nx: cfg.nx,
        iters: r.iters,
        seconds_per_iter: t,
    })
}

/// Times `iters` Jacobi sweeps of a fixed `ny × nx` grid split into row slabs over the ranks
/// (strong scaling). Every rank calls it.
///
/// # Errors
/// The solver's errors ([`Error::InvalidArgument`](crate::Error::InvalidArgument) when
/// `ny` is smaller than the number of ranks).
///
/// ```
/// use cuprum_distributed::{Backend, Communicator, InitOptions, bench};
/// let c = Communicator::init(InitOptions::new().backend(Backend::Tcp).rank(0).world_size(1)).unwrap();
/// let row = bench::jacobi_strong_scaling(&c, 16, 16, 3).unwrap();
/// assert_eq!((row.ny, row.rows_per_rank, row.iters), (16, 16, 3));
/// assert!(row.seconds_per_iter > 0.0);
/// ```
pub fn jacobi_strong_scaling(
    comm: &Communicator,
    ny: usize,
    nx: usize,
    iters: usize,
) -> Result<JacobiRow> {
    let cfg = JacobiConfig::new(ny, nx, iters);
    time_jacobi(comm, &cfg, |n| crate::jacobi::slab(ny, n, 0).1)
}

/// The all-reduce sweep of [`all_reduce_sweep`] for one process driving several GPUs: `comms`
/// from [`Communicator::init_all`], one float32 array per device, each all-reduce issued for
/// every device inside one group (as nccl-tests' `-g N` mode does), timed from the first launch
/// to the completion on every device (host clock, median of `repeats`), and back to back as
/// [`all_reduce_sweep`] does.
///
/// # Errors
/// [`Error::InvalidArgument`](crate::Error::InvalidArgument) for an empty list; allocation and
/// NCCL errors.
pub fn all_reduce_sweep_local(
    comms: &[Communicator],
    cfg: &SweepConfig,
) -> Result<Vec<AllReduceRow>> {
    if comms.is_empty() {
        return Err(crate::Error::invalid(
            "all_reduce_sweep_local",
            "no communicators given",
        ));
    }
    let n = comms.len();
    let mut rows = Vec::new();
    let mut bytes = cfg.min_bytes.max(4);
    while bytes <= cfg.max_bytes {
        let count = bytes / 4;
        let arrays = comms
            .iter()
            .map(|c| cuprum_core::zeros_on(&[count], DType::Float32, c.device()))
            .collect::<cuprum_core::Result<Vec<_>>>()?;
        let launch = || -> Result<()> {
            crate::group(|| {
                for (c, a) in comms.iter().zip(&arrays) {
                    c.all_reduce(a, a, ReduceOp::Sum)?;
                }
                Ok(())
            })
        };
        let wait = || -> Result<()> {
            for c in comms {
                c.synchronize()?;
            }
            Ok(())
        };
        for _ in 0..cfg.warmup {
            launch()?;
            wait()?;
        }
        let mut times = Vec::with_capacity(cfg.repeats);
        for _ in 0..cfg.repeats {
            let t0 = Instant::now();
            launch()?;
            wait()?;
            times.push(t0.elapsed().as_secs_f64());
        }
        let t = median(&mut times);
        let mut batches = Vec::with_capacity(PIPELINE_TRIALS);
        for _ in 0..PIPELINE_TRIALS {
            let t0 = Instant::now();
            for _ in 0..cfg.repeats {
                launch()?;
            }
            wait()?;
            batches.push(t0.elapsed().as_secs_f64() / cfg.repeats as f64);
        }
        let tp = median(&mut batches);
        rows.push(AllReduceRow::new(count * 4, t, tp, n));
        bytes *= 2;
    }
    Ok(rows)
}
