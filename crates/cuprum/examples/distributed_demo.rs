//! The tutorial's distributed demo: all-reduce, broadcast and all-gather across ranks, each
//! rank printing what it holds.
//!
//! ```text
//! cargo build --release --example distributed_demo -p cuprum
//! cuprum-run --nproc-per-node 2 target/release/examples/distributed_demo
//! # or: torchrun --nproc_per_node=2 target/release/examples/distributed_demo
//! #     mpirun -np 2 target/release/examples/distributed_demo
//! ```
//!
//! With GPUs and NCCL each rank uses `cuda:{LOCAL_RANK}`; without, the CPU and the TCP backend.

use cuprum as cp;
use cuprum::distributed as dist;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // init_process_group(backend="nccl") in the tutorial; Auto picks NCCL when it can.
    let comm = dist::init_process_group(dist::InitOptions::new())?;
    let rank = dist::get_rank()?;
    let world_size = dist::get_world_size()?;
    let dev = comm.device();
    println!(
        "Rank {rank}: initialized, world size {world_size}, device {dev}, backend {:?}",
        comm.backend()
    );

    // 1. Each rank's own array.
    let r = rank as f32;
    let local = cp::Array::from_vec_on(vec![r + 1.0, r + 2.0, r + 3.0], &[3], dev)?;
    println!("Rank {rank}: original data {:?}", local.to_vec::<f32>()?);

    // 2. All-reduce: the sum over ranks, on every rank.
    dist::all_reduce(&local, dist::ReduceOp::Sum)?;
    println!(
        "Rank {rank}: after all_reduce(sum) {:?}",
        local.to_vec::<f32>()?
    );

    // 3. Broadcast from rank 0.
    let data = if rank == 0 {
        vec![10.0f32, 20.0, 30.0]
    } else {
        vec![0.0; 3]
    };
    let bc = cp::Array::from_vec_on(data, &[3], dev)?;
    dist::broadcast(&bc, 0)?;
    println!("Rank {rank}: broadcast received {:?}", bc.to_vec::<f32>()?);

    // 4. All-gather into a list of arrays, one per rank.
    let gather_list = (0..world_size)
        .map(|_| cp::Array::from_vec_on(vec![0.0f32; 3], &[3], dev))
        .collect::<Result<Vec<_>, _>>()?;
    dist::all_gather(&gather_list, &local)?;
    let gathered = gather_list
        .iter()
        .map(|a| a.to_vec::<f32>())
        .collect::<Result<Vec<_>, _>>()?;
    println!("Rank {rank}: all_gather {gathered:?}");

    dist::destroy_process_group()?;
    Ok(())
}
