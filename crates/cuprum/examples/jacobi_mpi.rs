//! A distributed Jacobi solver for the 2-D Poisson equation `-Δu = 1` on the unit square
//! (`u = 0` on the boundary): each rank owns a slab of rows, exchanges its boundary rows with
//! its neighbours by send/recv every sweep, and all-reduces the residual. See
//! `cuprum::distributed::jacobi` for the method.
//!
//! ```text
//! cargo build --release --example jacobi_mpi -p cuprum
//! cuprum-run --nproc-per-node 4 target/release/examples/jacobi_mpi -- 512 512 2000 --check
//! ```
//!
//! Arguments: `NY NX ITERS [--check]`; `--check` compares the gathered answer with the
//! single-process run (they agree bit for bit).

use cuprum::distributed as dist;
use dist::jacobi::{JacobiConfig, slab, solve_gathered, solve_serial};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--").collect();
    let num = |i: usize, d: usize| -> Result<usize, Box<dyn std::error::Error>> {
        match args.iter().filter(|a| !a.starts_with("--")).nth(i) {
            Some(s) => Ok(s.parse()?),
            None => Ok(d),
        }
    };
    let (ny, nx, iters) = (num(0, 256)?, num(1, 256)?, num(2, 500)?);
    let check = args.iter().any(|a| a == "--check");
    let comm = dist::init_process_group(dist::InitOptions::new())?;
    let (rank, n) = (comm.rank(), comm.world_size());
    let cfg = JacobiConfig::new(ny, nx, iters);
    let (u, r) = solve_gathered(&comm, &cfg)?;
    let (start, rows) = slab(ny, n, rank);
    println!(
        "Rank {rank}: rows {start}..{} of {ny}, {} sweeps in {:.3} s ({:.3} ms/sweep), residual {:.3e}",
        start + rows,
        r.iters,
        r.seconds,
        1e3 * r.seconds / r.iters.max(1) as f64,
        r.residual
    );
    if rank == 0 {
        let centre = u[(ny / 2) * nx + nx / 2];
        println!("u(centre) = {centre:.6}");
        if check {
            let (serial, _, _) = solve_serial(&cfg);
            let maxdiff = u
                .iter()
                .zip(&serial)
                .map(|(a, b)| (a - b).abs())
                .fold(0.0, f64::max);
            println!("max |distributed - single process| = {maxdiff:e}");
            if maxdiff > 1e-12 {
                dist::destroy_process_group()?;
                std::process::exit(1);
            }
        }
    }
    dist::destroy_process_group()?;
    Ok(())
}
