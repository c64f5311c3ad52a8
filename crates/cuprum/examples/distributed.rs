//! The tutorial's `cupyx.distributed` program (section 5.2–5.4), in two forms:
//!
//! 1. the tutorial's torch-style free functions on the default process group
//!    (`init_process_group`, `get_rank`, `all_reduce`, `broadcast`, `all_gather`, `reduce`,
//!    `send`/`recv`, the reduction operators), each rank printing what it holds;
//! 2. CuPy's real API: `cupyx.distributed.init_process_group(n_devices, rank)` returns an
//!    `NCCLBackend` whose methods take an input and an output array
//!    (`comm.all_reduce(in, out, 'sum')`, `comm.all_gather(in, out)`, `comm.reduce_scatter`,
//!    `comm.send_recv`, `comm.barrier()`); cuprum's [`Communicator`](cuprum::distributed::Communicator)
//!    is that object.
//!
//! ```text
//! cargo build --release --example distributed -p cuprum
//! cuprum-run --nproc-per-node 2 target/release/examples/distributed
//! # or: torchrun --nproc_per_node=2 target/release/examples/distributed
//! #     mpirun -np 2 target/release/examples/distributed
//! ```
//!
//! Started without a launcher (no `RANK` in the environment) it launches itself on 2 ranks
//! through `cuprum-run`'s launcher. With GPUs and NCCL each rank uses `cuda:{LOCAL_RANK}`;
//! without, CPU arrays travel through the TCP backend. Every rank checks what it received.

use cuprum as cp;
use cuprum::distributed as dist;
use cuprum::{Array, DType};
use dist::ReduceOp;

type Res<T> = Result<T, Box<dyn std::error::Error>>;

fn check(rank: usize, what: &str, got: &[f32], want: &[f32]) -> Res<()> {
    if got != want {
        return Err(format!("rank {rank}: {what} holds {got:?}, expected {want:?}").into());
    }
    Ok(())
}

fn main() -> Res<()> {
    if std::env::var_os("RANK").is_none() && std::env::var_os("OMPI_COMM_WORLD_RANK").is_none() {
        // Like `python nccl_dist_demo.py` without torchrun: start the ranks ourselves.
        println!("no launcher environment: starting 2 ranks (cuprum-run --nproc-per-node 2)");
        let cfg = dist::launcher::LaunchConfig::new(2, std::env::current_exe()?);
        let out = dist::launcher::launch(&cfg)?;
        std::process::exit(out.code);
    }

    // ---- 1. The tutorial's torch-style program ----
    // init_process_group(backend="nccl", rank=RANK, world_size=WORLD_SIZE): the launcher's
    // environment gives rank and world size; NCCL is chosen when the GPUs and NCCL are there.
    let comm = dist::init_process_group(dist::InitOptions::new())?;
    let rank = dist::get_rank()?;
    let world_size = dist::get_world_size()?;
    let dev = comm.device();
    println!(
        "[Rank {rank}] initialized, world size {world_size}, device {dev}, backend {:?}",
        comm.backend()
    );
    let n = world_size as f32;
    let r = rank as f32;

    // Each rank's own array.
    let local_arr = Array::from_vec_on(vec![r + 1.0, r + 2.0, r + 3.0], &[3], dev)?;
    println!(
        "[Rank {rank}] original data: {:?}",
        local_arr.to_vec::<f32>()?
    );

    // All-reduce (sum), on every rank.
    dist::all_reduce(&local_arr, ReduceOp::Sum)?;
    let sums = local_arr.to_vec::<f32>()?;
    println!("[Rank {rank}] after all_reduce(SUM): {sums:?}");
    let base = n * (n + 1.0) / 2.0; // sum of r + 1 over the ranks
    check(rank, "all_reduce", &sums, &[base, base + n, base + 2.0 * n])?;

    // Broadcast from rank 0.
    let bc_data = if rank == 0 {
        Array::from_vec_on(vec![10.0f32, 20.0, 30.0], &[3], dev)?
    } else {
        cp::empty_on(&[3], DType::Float32, dev)?
    };
    dist::broadcast(&bc_data, 0)?;
    let got = bc_data.to_vec::<f32>()?;
    println!("[Rank {rank}] broadcast received: {got:?}");
    check(rank, "broadcast", &got, &[10.0, 20.0, 30.0])?;

    // All-gather into a list, one array per rank (of the reduced data, as in the tutorial).
    let gather_list = (0..world_size)
        .map(|_| cp::empty_like(&local_arr))
        .collect::<Result<Vec<_>, _>>()?;
    dist::all_gather(&gather_list, &local_arr)?;
    let gathered = gather_list
        .iter()
        .map(|a| a.to_vec::<f32>())
        .collect::<Result<Vec<_>, _>>()?;
    println!("[Rank {rank}] all_gather: {gathered:?}");
    for g in &gathered {
        check(rank, "all_gather", g, &sums)?;
    }

    // The other reduction operators (section 5.4).
    let mine = || Array::from_vec_on(vec![r + 1.0, -(r + 1.0)], &[2], dev);
    let a = mine()?;
    dist::all_reduce(&a, ReduceOp::Max)?;
    check(rank, "all_reduce(MAX)", &a.to_vec::<f32>()?, &[n, -1.0])?;
    let a = mine()?;
    dist::all_reduce(&a, ReduceOp::Min)?;
    check(rank, "all_reduce(MIN)", &a.to_vec::<f32>()?, &[1.0, -n])?;
    let a = mine()?;
    dist::all_reduce(&a, ReduceOp::Prod)?;
    let fact: f32 = (1..=world_size).map(|k| k as f32).product();
    let sign = if world_size % 2 == 0 { 1.0 } else { -1.0 };
    check(
        rank,
        "all_reduce(PRODUCT)",
        &a.to_vec::<f32>()?,
        &[fact, sign * fact],
    )?;
    // reduce to rank 0
    let a = mine()?;
    dist::reduce(&a, 0, ReduceOp::Sum)?;
    if rank == 0 {
        check(rank, "reduce", &a.to_vec::<f32>()?, &[base, -base])?;
    }
    // point to point: rank 0 sends, rank 1 receives
    let p = if rank == 0 {
        Array::from_vec_on(vec![7.0f32, 8.0, 9.0], &[3], dev)?
    } else {
        cp::zeros_on(&[3], DType::Float32, dev)?
    };
    if rank == 0 && world_size > 1 {
        dist::send(&p, 1)?;
    }
    if rank == 1 {
        dist::recv(&p, 0)?;
        println!("[Rank {rank}] recv from rank 0: {:?}", p.to_vec::<f32>()?);
        check(rank, "recv", &p.to_vec::<f32>()?, &[7.0, 8.0, 9.0])?;
    }

    // ---- 2. CuPy's NCCLBackend form: comm.method(input, output, ...) ----
    // comm = cupyx.distributed.init_process_group(n_devices, rank) is the communicator the
    // default group already holds.
    let comm = dist::default_communicator()?;
    let x = Array::from_vec_on(vec![r; 4], &[4], dev)?;
    let y = cp::empty_like(&x)?;
    comm.all_reduce(&x, &y, ReduceOp::Sum)?; // comm.all_reduce(x, y, 'sum')
    let s = (0..world_size).map(|k| k as f32).sum::<f32>();
    check(rank, "comm.all_reduce", &y.to_vec::<f32>()?, &[s; 4])?;
    let all = cp::empty_on(&[world_size, 4], DType::Float32, dev)?;
    comm.all_gather(&x, &all)?; // comm.all_gather(x, all, 4)
    let want: Vec<f32> = (0..world_size).flat_map(|k| [k as f32; 4]).collect();
    check(rank, "comm.all_gather", &all.to_vec::<f32>()?, &want)?;
    let big = Array::from_vec_on(vec![1.0f32; 2 * world_size], &[2 * world_size], dev)?;
    let part = cp::empty_on(&[2], DType::Float32, dev)?;
    comm.reduce_scatter(&big, &part, ReduceOp::Sum)?; // comm.reduce_scatter(big, part, 2)
    check(rank, "comm.reduce_scatter", &part.to_vec::<f32>()?, &[n, n])?;
    if world_size > 1 {
        // a ring: send to the next rank, receive from the previous one, in one call each way
        let next = (rank + 1) % world_size;
        let prev = (rank + world_size - 1) % world_size;
        let got = cp::empty_like(&x)?;
        if world_size == 2 {
            comm.send_recv(&x, &got, next)?;
        } else {
            dist::group(|| {
                comm.send(&x, next)?;
                comm.recv(&got, prev)
            })?;
        }
        check(
            rank,
            "comm.send_recv",
            &got.to_vec::<f32>()?,
            &[prev as f32; 4],
        )?;
    }
    comm.barrier()?;
    println!("[Rank {rank}] NCCLBackend-style calls: all checks passed");

    dist::destroy_process_group()?;
    Ok(())
}
