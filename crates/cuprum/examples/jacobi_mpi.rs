//! A distributed Jacobi solver for the 2-D Poisson equation `-Δu = 1` on the unit square
//! (`u = 0` on the boundary) — the tutorial's CFD-style framework (section 5.5) made concrete:
//! each rank owns a slab of rows on its device, exchanges its boundary rows with its
//! neighbours by send/recv every sweep, updates its slab with array operations
//! (`u[1:-1, 1:-1] = (… u[1:-1, :-2] + u[1:-1, 2:] … u[:-2, 1:-1] + u[2:, 1:-1] …) / …`), and
//! all-reduces the residual. See `cuprum::distributed::jacobi` for the method.
//!
//! ```text
//! cargo build --release --example jacobi_mpi -p cuprum
//! cuprum-run --nproc-per-node 2 target/release/examples/jacobi_mpi 4096 4096 500 --check
//! target/release/examples/jacobi_mpi --launch 2 512 512 200 --check   # starts its own ranks
//! ```
//!
//! Arguments: `[--launch N] NY NX ITERS [--check]`; `--check` compares the gathered answer
//! with the single-process run on the host (they agree bit for bit). With GPUs and NCCL each
//! rank computes on `cuda:{LOCAL_RANK}`; without, on the CPU through the TCP backend.

use cuprum::distributed as dist;
use dist::jacobi::{JacobiConfig, slab, solve_gathered, solve_serial};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).filter(|a| a != "--").collect();
    let launch = args
        .iter()
        .position(|a| a == "--launch")
        .map(|i| args.get(i + 1).map_or(Ok(2), |s| s.parse::<usize>()))
        .transpose()?;
    if let Some(n) = launch
        && std::env::var_os("RANK").is_none()
    {
        let rest: Vec<&String> = args
            .iter()
            .enumerate()
            .filter(|(i, a)| *a != "--launch" && (*i == 0 || args[i - 1] != "--launch"))
            .map(|(_, a)| a)
            .collect();
        let cfg = dist::launcher::LaunchConfig::new(n, std::env::current_exe()?).args(rest.clone());
        std::process::exit(dist::launcher::launch(&cfg)?.code);
    }
    let nums: Vec<usize> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || args[i - 1] != "--launch"))
        .map(|(_, a)| a.parse())
        .collect::<Result<_, _>>()?;
    let num = |i: usize, d: usize| nums.get(i).copied().unwrap_or(d);
    let (ny, nx, iters) = (num(0, 256), num(1, 256), num(2, 500));
    let check = args.iter().any(|a| a == "--check");
    let comm = dist::init_process_group(dist::InitOptions::new())?;
    let (rank, n) = (comm.rank(), comm.world_size());
    let cfg = JacobiConfig::new(ny, nx, iters);
    let (u, r) = solve_gathered(&comm, &cfg)?;
    let (start, rows) = slab(ny, n, rank);
    println!(
        "Rank {rank} on {}: rows {start}..{} of {ny}, {} sweeps in {:.3} s ({:.3} ms/sweep), residual {:.3e}",
        comm.device(),
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
