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
//! The sweep itself is a small host kernel over the slab (the halo rows travel as cuprum
//! arrays through the [`Communicator`]), so it runs on the CPU backend; moving it to cuprum
//! array operations (slices + arithmetic) lets it run on GPUs unchanged.

use crate::{Communicator, Error, ReduceOp, Result};
use cuprum_core::{Array, Device};
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

/// Runs the solver on the ranks of `comm` (each rank calls it). `comm` may be a world of one
/// (the single-process run).
///
/// # Errors
/// [`Error::InvalidArgument`] when a rank would own no row; the communicator's errors.
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
    let w = cfg.nx + 2;
    let hx = 1.0 / (cfg.nx + 1) as f64;
    let hy = 1.0 / (cfg.ny + 1) as f64;
    let (hx2, hy2) = (hx * hx, hy * hy);
    let mut cur = vec![0.0f64; (rows + 2) * w];
    let mut next = cur.clone();
    let dev = Device::Cpu;
    let send_row = Array::from_vec_on(vec![0.0f64; w], &[w], dev)?;
    let recv_row = Array::from_vec_on(vec![0.0f64; w], &[w], dev)?;
    let residual_arr = Array::from_vec_on(vec![0.0f64], &[1], dev)?;
    let mut residual = f64::INFINITY;
    let mut iters = 0;
    let t0 = Instant::now();
    while iters < cfg.max_iters {
        // Halo exchange: first row up, last row down.
        if rank > 0 {
            exchange_row(comm, &cur[w..2 * w], &send_row, &recv_row, rank - 1)?;
            cur[..w].copy_from_slice(&recv_row.to_vec::<f64>()?);
        }
        if rank + 1 < n {
            exchange_row(
                comm,
                &cur[rows * w..(rows + 1) * w],
                &send_row,
                &recv_row,
                rank + 1,
            )?;
            cur[(rows + 1) * w..].copy_from_slice(&recv_row.to_vec::<f64>()?);
        }
        let ss = sweep(&cur, &mut next, rows, cfg.nx, hx2, hy2);
        std::mem::swap(&mut cur, &mut next);
        iters += 1;
        write_f64(&residual_arr, &[ss])?;
        comm.all_reduce(&residual_arr, &residual_arr, ReduceOp::Sum)?;
        residual = residual_arr.to_vec::<f64>()?[0].sqrt();
        if residual < cfg.tol {
            break;
        }
    }
    let seconds = t0.elapsed().as_secs_f64();
    let mut local = Vec::with_capacity(rows * cfg.nx);
    for i in 1..=rows {
        local.extend_from_slice(&cur[i * w + 1..i * w + 1 + cfg.nx]);
    }
    Ok(JacobiResult {
        local,
        row_offset: start,
        iters,
        residual,
        seconds,
    })
}

fn write_f64(a: &Array, v: &[f64]) -> Result<()> {
    crate::host::write("jacobi", a, bytemuck::cast_slice(v))
}

fn exchange_row(
    comm: &Communicator,
    row: &[f64],
    send: &Array,
    recv: &Array,
    peer: usize,
) -> Result<()> {
    write_f64(send, row)?;
    comm.send_recv(send, recv, peer)
}

/// Runs [`solve`] and gathers the whole solution (`ny × nx`, C order) on every rank.
///
/// # Errors
/// As [`solve`].
pub fn solve_gathered(comm: &Communicator, cfg: &JacobiConfig) -> Result<(Vec<f64>, JacobiResult)> {
    let r = solve(comm, cfg)?;
    let n = comm.world_size();
    // Slabs differ in length by at most one row: pad to the longest and gather.
    let (_, max_rows) = slab(cfg.ny, n, 0);
    let mut padded = r.local.clone();
    padded.resize(max_rows * cfg.nx, 0.0);
    let mine = Array::from_vec_on(padded, &[max_rows * cfg.nx], Device::Cpu)?;
    let all = Array::from_vec_on(
        vec![0.0f64; n * max_rows * cfg.nx],
        &[n * max_rows * cfg.nx],
        Device::Cpu,
    )?;
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
}
