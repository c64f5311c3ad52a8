//! A Jacobi solver for the 2-D Poisson equation, distributed by row slabs: the example and
//! benchmark workload of this crate.
//!
//! Problem: `-Δu = f` on the unit square with `u = 0` on the boundary and the constant source
//! `f = 1`, on a grid of `ny × nx` interior points (spacing `h = 1 / (nx + 1)` in x and
//! `1 / (ny + 1)` in y). One Jacobi sweep replaces each interior value by
//! `(hy²·(west + east) + hx²·(north + south) + hx²·hy²·f) / (2·(hx² + hy²))`.
//!
//! Distribution: rank `r` owns a contiguous slab of rows (the first `ny % n` ranks one row
//! more) plus one halo row above and below. Every sweep it exchanges boundary rows with its
//! neighbours (`send_recv`, so the exchange cannot deadlock), updates its slab, and
//! all-reduces the sum of squared updates (the residual is its square root). Each interior
//! value is computed by the same expression in the same order as on one process, so the
//! distributed answer equals the single-process one bit for bit after a fixed number of sweeps.
//!
//! The sweep is written with cuprum array operations on the communicator's device — slices of
//! the slab and elementwise arithmetic, NumPy's
//! `u_new[1:-1, 1:-1] = (hy2*(u[1:-1, :-2] + u[1:-1, 2:]) + hx2*(u[:-2, 1:-1] + u[2:, 1:-1]) + hx2*hy2) / (2*(hx2 + hy2))`
//! — so the same code runs on GPUs (halo rows through NCCL, the update as CUDA kernels) and on
//! CPUs (halo rows through the TCP backend). Each operation rounds once, in the order of
//! [`solve_serial`]'s host loop, so the two agree bit for bit on either device.

use crate::{Communicator, Error, ReduceOp, Result};
use cuprum_core::{Array, DType, zeros_on};
use std::time::Instant;

/// The problem and the iteration.
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct JacobiConfig {
    /// interior rows (split across ranks)
    pub ny: usize,
    /// interior columns
    pub nx: usize,
    /// sweeps to run at most
    pub max_iters: usize,
    /// stop when the residual (root of the summed squared updates) falls below this
    /// (0 = always run `max_iters`)
    pub tol: f64,
}

impl JacobiConfig {
    /// `ny × nx` interior points, `max_iters` sweeps, no tolerance.
    pub fn new(ny: usize, nx: usize, max_iters: usize) -> JacobiConfig {
        JacobiConfig {
            ny,
            nx,
            max_iters,
            tol: 0.0,
        }
    }
    /// Sets the tolerance.
    pub fn tol(mut self, tol: f64) -> Self {
        self.tol = tol;
        self
    }
}

/// The outcome on one rank.
#[derive(Clone, Debug, PartialEq)]
pub struct JacobiResult {
    /// this rank's rows of the solution, `rows × nx` in C order
    pub local: Vec<f64>,
    /// index of this rank's first row in the global grid
    pub row_offset: usize,
    /// sweeps run
    pub iters: usize,
    /// the last residual
    pub residual: f64,
    /// wall time of the sweeps (halo exchange + update + all-reduce), seconds
    pub seconds: f64,
}

/// The rows `[start, start + len)` of `ny` rows that rank `rank` of `n` owns.
pub fn slab(ny: usize, n: usize, rank: usize) -> (usize, usize) {
    let base = ny / n;
    let extra = ny % n;
    let len = base + usize::from(rank < extra);
    let start = rank * base + rank.min(extra);
    (start, len)
}

/// One sweep over `rows` interior rows of a slab stored with a halo row above and below
/// (`(rows + 2) × (nx + 2)` values, boundary columns zero). Returns the sum of squared updates.
fn sweep(cur: &[f64], next: &mut [f64], rows: usize, nx: usize, hx2: f64, hy2: f64) -> f64 {
    let w = nx + 2;
    let denom = 2.0 * (hx2 + hy2);
    let src = hx2 * hy2; // f = 1
    let mut ss = 0.0;
    for i in 1..=rows {
        for j in 1..=nx {
            let k = i * w + j;
            let v =
                (hy2 * (cur[k - 1] + cur[k + 1]) + hx2 * (cur[k - w] + cur[k + w]) + src) / denom;
            let d = v - cur[k];
            ss += d * d;
            next[k] = v;
        }
    }
    ss
}

/// Device buffers of one rank's slab and the sweep's temporaries.
struct Slab {
    /// the current grid, `(rows + 2) × (nx + 2)` (halo rows and zero boundary columns)
    cur: Array,
    /// the next grid (same layout; swapped with `cur` after every sweep)
    next: Array,
    /// three `rows × nx` temporaries
    t: [Array; 3],
}

/// `a[r0:r1, c0:c1]` (a view).
fn view(a: &Array, r0: usize, r1: usize, c0: usize, c1: usize) -> Result<Array> {
    use cuprum_core::SliceItem;
    let sl = |a: usize, b: usize| SliceItem::Slice {
        start: Some(a as isize),
        stop: Some(b as isize),
        step: 1,
    };
    Ok(a.slice(&[sl(r0, r1), sl(c0, c1)])?)
}

/// One Jacobi sweep with array operations: writes the interior of `s.next` from `s.cur` and
/// returns the sum of squared updates as a 0-d array on the device (not yet synchronized).
fn sweep_arrays(s: &Slab, rows: usize, nx: usize, hx2: f64, hy2: f64) -> Result<Array> {
    use cuprum_core::{add_out, divide_out, multiply_out, subtract_out};
    let u = &s.cur;
    let (west, east) = (
        view(u, 1, rows + 1, 0, nx)?,
        view(u, 1, rows + 1, 2, nx + 2)?,
    );
    let (north, south) = (
        view(u, 0, rows, 1, nx + 1)?,
        view(u, 2, rows + 2, 1, nx + 1)?,
    );
    let inner = view(u, 1, rows + 1, 1, nx + 1)?;
    let new_inner = view(&s.next, 1, rows + 1, 1, nx + 1)?;
    let [a, b, c] = &s.t;
    // Each line rounds once, in the order of `sweep`'s host expression.
    add_out(&west, &east, a)?; // W + E
    multiply_out(hy2, a, b)?; // hy² (W + E)
    add_out(&north, &south, a)?; // N + S
    multiply_out(hx2, a, c)?; // hx² (N + S)
    add_out(b, c, a)?;
    add_out(a, hx2 * hy2, b)?; // + hx² hy² f
    divide_out(b, 2.0 * (hx2 + hy2), &new_inner)?;
    subtract_out(&new_inner, &inner, a)?; // the update
    multiply_out(a, a, b)?;
    Ok(b.sum(None::<isize>, false)?)
}

/// Exchanges halo rows with the neighbours: the first interior row goes up (and the row above
/// comes back into the top halo), the last goes down, all in one group so that no order of
/// the calls can deadlock.
fn exchange_halos(comm: &Communicator, u: &Array, rows: usize) -> Result<()> {
    let (n, rank) = (comm.world_size(), comm.rank());
    crate::group(|| {
        if rank > 0 {
            comm.send_recv(&u.index_axis(0, 1)?, &u.index_axis(0, 0)?, rank - 1)?;
        }
        if rank + 1 < n {
            comm.send_recv(
                &u.index_axis(0, rows as isize)?,
                &u.index_axis(0, rows as isize + 1)?,
                rank + 1,
            )?;
        }
        Ok(())
    })
}

/// Runs the solver on the ranks of `comm` (each rank calls it), with the grid on
/// `comm.device()`: CUDA arrays and NCCL on GPUs, CPU arrays and the TCP backend otherwise.
/// `comm` may be a world of one (the single-device run).
///
/// **Shapes**: rank `r` holds the rows [`slab`]`(ny, world_size, r)` of the `ny × nx` grid,
/// plus one halo row above and below and the zero boundary columns, as a float64 array of
/// `(rows + 2) × (nx + 2)`.
///
/// Every sweep: halo exchange ([`Communicator::send_recv`] with each neighbour, grouped),
/// the update with array operations on the device, and an all-reduce of the sum of squared
/// updates, read on the host (one synchronization per sweep).
///
/// # Errors
/// [`Error::InvalidArgument`] when a rank would own no row; allocation errors (naming the
/// bytes); the communicator's errors.
///
/// # Example
/// ```
/// use cuprum_distributed::{Backend, Communicator, InitOptions, jacobi};
/// let comm = Communicator::init(InitOptions::new().backend(Backend::Tcp).rank(0).world_size(1)).unwrap();
/// let cfg = jacobi::JacobiConfig::new(6, 5, 40);
/// let r = jacobi::solve(&comm, &cfg).unwrap();
/// assert_eq!(r.local, jacobi::solve_serial(&cfg).0); // bit for bit
/// ```
pub fn solve(comm: &Communicator, cfg: &JacobiConfig) -> Result<JacobiResult> {
    const OP: &str = "jacobi";
    let (n, rank) = (comm.world_size(), comm.rank());
    if cfg.ny < n || cfg.nx == 0 {
        return Err(Error::invalid(
            OP,
            format!(
                "a {}×{} grid cannot be split into {n} row slabs",
                cfg.ny, cfg.nx
            ),
        ));
    }
    let (start, rows) = slab(cfg.ny, n, rank);
    let dev = comm.device();
    let hx = 1.0 / (cfg.nx + 1) as f64;
    let hy = 1.0 / (cfg.ny + 1) as f64;
    let (hx2, hy2) = (hx * hx, hy * hy);
    let grid = || zeros_on(&[rows + 2, cfg.nx + 2], DType::Float64, dev);
    let tmp = || Array::empty_on(&[rows, cfg.nx], DType::Float64, dev);
    let mut s = Slab {
        cur: grid()?,
        next: grid()?,
        t: [tmp()?, tmp()?, tmp()?],
    };
    let mut residual = f64::INFINITY;
    let mut iters = 0;
    let t0 = Instant::now();
    while iters < cfg.max_iters {
        exchange_halos(comm, &s.cur, rows)?;
        let ss = sweep_arrays(&s, rows, cfg.nx, hx2, hy2)?;
        comm.all_reduce(&ss, &ss, ReduceOp::Sum)?;
        residual = ss.to_vec::<f64>()?[0].sqrt();
        std::mem::swap(&mut s.cur, &mut s.next);
        iters += 1;
        if residual < cfg.tol {
            break;
        }
    }
    comm.synchronize()?;
    let seconds = t0.elapsed().as_secs_f64();
    let local = view(&s.cur, 1, rows + 1, 1, cfg.nx + 1)?.to_vec::<f64>()?;
    Ok(JacobiResult {
        local,
        row_offset: start,
        iters,
        residual,
        seconds,
    })
}

/// Runs [`solve`] and gathers the whole solution (`ny × nx`, C order) on every rank.
///
/// # Errors
/// As [`solve`].
pub fn solve_gathered(comm: &Communicator, cfg: &JacobiConfig) -> Result<(Vec<f64>, JacobiResult)> {
    let r = solve(comm, cfg)?;
    let n = comm.world_size();
    let dev = comm.device();
    // Slabs differ in length by at most one row: pad to the longest and gather.
    let (_, max_rows) = slab(cfg.ny, n, 0);
    let mut padded = r.local.clone();
    padded.resize(max_rows * cfg.nx, 0.0);
    let mine = Array::from_vec_on(padded, &[max_rows * cfg.nx], dev)?;
    let all = Array::empty_on(&[n * max_rows * cfg.nx], DType::Float64, dev)?;
    comm.all_gather(&mine, &all)?;
    let all = all.to_vec::<f64>()?;
    let mut out = Vec::with_capacity(cfg.ny * cfg.nx);
    for q in 0..n {
        let (_, rows) = slab(cfg.ny, n, q);
        let base = q * max_rows * cfg.nx;
        out.extend_from_slice(&all[base..base + rows * cfg.nx]);
    }
    Ok((out, r))
}

/// The single-process reference: the same sweeps on the whole grid, without communication.
pub fn solve_serial(cfg: &JacobiConfig) -> (Vec<f64>, usize, f64) {
    let w = cfg.nx + 2;
    let hx = 1.0 / (cfg.nx + 1) as f64;
    let hy = 1.0 / (cfg.ny + 1) as f64;
    let mut cur = vec![0.0f64; (cfg.ny + 2) * w];
    let mut next = cur.clone();
    let (mut iters, mut residual) = (0, f64::INFINITY);
    while iters < cfg.max_iters {
        let ss = sweep(&cur, &mut next, cfg.ny, cfg.nx, hx * hx, hy * hy);
        std::mem::swap(&mut cur, &mut next);
        iters += 1;
        residual = ss.sqrt();
        if residual < cfg.tol {
            break;
        }
    }
    let mut out = Vec::with_capacity(cfg.ny * cfg.nx);
    for i in 1..=cfg.ny {
        out.extend_from_slice(&cur[i * w + 1..i * w + 1 + cfg.nx]);
    }
    (out, iters, residual)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Backend, InitOptions};
    use cuprum_core::Device;
    use std::time::Duration;

    #[test]
    fn slabs_cover_the_rows() {
        let parts: Vec<_> = (0..3).map(|r| slab(10, 3, r)).collect();
        assert_eq!(parts, vec![(0, 4), (4, 3), (7, 3)]);
    }

    #[test]
    fn serial_solution_approaches_the_poisson_solution() {
        // The discrete solution of -Δu = 1 on the unit square peaks at about 0.0737 at the
        // centre (series solution); Jacobi converges to the discrete one.
        let cfg = JacobiConfig::new(15, 15, 5000).tol(1e-12);
        let (u, iters, res) = solve_serial(&cfg);
        assert!(iters < 5000 && res < 1e-12, "iters {iters} residual {res}");
        let centre = u[7 * 15 + 7];
        assert!((centre - 0.0737).abs() < 2e-3, "centre value {centre}");
        // symmetric in x and y
        assert!((u[2 * 15 + 5] - u[5 * 15 + 2]).abs() < 1e-12);
    }

    fn world_of_one(backend: Backend) -> Communicator {
        Communicator::init(InitOptions::new().backend(backend).rank(0).world_size(1)).unwrap()
    }

    #[test]
    fn array_sweeps_on_one_rank_equal_the_host_loop_bit_for_bit() {
        let c = world_of_one(Backend::Tcp);
        let cfg = JacobiConfig::new(9, 7, 50);
        let r = solve(&c, &cfg).unwrap();
        let (serial, iters, res) = solve_serial(&cfg);
        assert_eq!(r.iters, iters);
        assert_eq!(r.local, serial);
        assert_eq!(r.row_offset, 0);
        assert!(
            (r.residual - res).abs() <= 1e-12 * res,
            "{} vs {res}",
            r.residual
        );
        // the tolerance stops the sweeps early, as on one process
        let cfg = JacobiConfig::new(8, 8, 10_000).tol(1e-6);
        let r = solve(&c, &cfg).unwrap();
        let (_, iters, _) = solve_serial(&cfg);
        assert_eq!(r.iters, iters);
        assert!(r.residual < 1e-6);
    }

    #[test]
    fn two_thread_ranks_exchange_halos_and_match_the_single_process_run() {
        let token = crate::generate_token().unwrap();
        let server = crate::store::StoreServer::bind("127.0.0.1:0", &token).unwrap();
        let port = server.local_addr().port();
        let cfg = JacobiConfig::new(11, 6, 40);
        let hs: Vec<_> = (0..2)
            .map(|rank| {
                let token = token.clone();
                std::thread::spawn(move || {
                    let c = Communicator::init(
                        InitOptions::new()
                            .backend(Backend::Tcp)
                            .rank(rank)
                            .world_size(2)
                            .master_addr("127.0.0.1")
                            .master_port(port)
                            .store_hosted(true)
                            .token(token)
                            .timeout(Duration::from_secs(30)),
                    )
                    .unwrap();
                    solve_gathered(&c, &cfg).unwrap()
                })
            })
            .collect();
        let (serial, iters, res) = solve_serial(&cfg);
        for (rank, h) in hs.into_iter().enumerate() {
            let (u, r) = h.join().unwrap();
            assert_eq!(u, serial, "rank {rank}");
            assert_eq!(r.iters, iters);
            assert_eq!(r.row_offset, [0, 6][rank]);
            assert!((r.residual - res).abs() <= 1e-12 * res);
        }
    }

    #[test]
    fn cuda_sweeps_match_the_host_loop() {
        let n = cuprum_core::cuda_device_count();
        if n == 0 || !crate::is_nccl_available() {
            if cuprum_core::ext::test_util::require_cuda() {
                panic!("CUPRUM_REQUIRE_CUDA=1 but there is no GPU with NCCL");
            }
            eprintln!("skipped: no CUDA device with NCCL");
            return;
        }
        let c = world_of_one(Backend::Nccl);
        assert_eq!(c.device(), Device::Cuda(0));
        let cfg = JacobiConfig::new(33, 40, 30);
        let (u, r) = solve_gathered(&c, &cfg).unwrap();
        let (serial, iters, _) = solve_serial(&cfg);
        assert_eq!(r.iters, iters);
        let maxdiff = u
            .iter()
            .zip(&serial)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        // one rounding per operation in the same order: equal unless the GPU rounds a
        // division differently (it does not with NVRTC's default IEEE division)
        assert!(maxdiff <= 1e-15, "max difference {maxdiff}");
    }
}
