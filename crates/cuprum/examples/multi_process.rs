//! The tutorial's simple multi-process parallelism (section 4.4): one worker process per GPU,
//! each with its own independent work (the sum of 10 million random numbers), no communication.
//! The parent starts the workers (this same program, with `CUPRUM_EXAMPLE_WORKER=i` in the
//! environment) and waits for them, like `multiprocessing.Process` in the tutorial.
//!
//! Without a GPU, two workers run on the CPU. `cargo run --release --example multi_process -p cuprum`;
//! `CUPRUM_EXAMPLE_SMALL=1` shrinks the arrays.
//!
//! Work that needs communication between the GPUs belongs to `cuprum::distributed` (see the
//! `distributed` and `jacobi_mpi` examples).

use cuprum as cp;
use cuprum::{DType, Device};

const WORKER: &str = "CUPRUM_EXAMPLE_WORKER";

/// One worker's task: the sum of `n` uniform random numbers on `device`.
fn task_on_gpu(id: usize, device: Device, n: usize) -> Result<(), Box<dyn std::error::Error>> {
    let _g = device.use_device()?; // with cp.cuda.Device(gpu_id):
    let mut rng = cp::random::default_rng(id as u64);
    let arr = rng.random(&[n], DType::Float64)?;
    let total = arr.sum(None::<isize>, false)?.to_vec::<f64>()?[0];
    println!("worker {id} on {device}: sum = {total:.2}");
    // the mean of n uniform numbers is 1/2 within a few standard deviations (1/sqrt(12 n))
    let mean = total / n as f64;
    assert!(
        (mean - 0.5).abs() < 6.0 / (12.0 * n as f64).sqrt(),
        "mean {mean}"
    );
    Ok(())
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let small = std::env::var_os("CUPRUM_EXAMPLE_SMALL").is_some();
    let n = if small { 100_000 } else { 10_000_000 };
    let gpu_num = cp::cuda_device_count();
    if let Ok(id) = std::env::var(WORKER) {
        let id: usize = id.parse()?;
        let device = if gpu_num > 0 {
            Device::Cuda(id)
        } else {
            Device::Cpu
        };
        return task_on_gpu(id, device, n);
    }
    let workers = if gpu_num > 0 { gpu_num } else { 2 };
    println!(
        "starting {workers} worker process(es) ({})",
        if gpu_num > 0 {
            "one per GPU"
        } else {
            "no GPU: on the CPU"
        }
    );
    let exe = std::env::current_exe()?;
    let children = (0..workers)
        .map(|i| {
            std::process::Command::new(&exe)
                .env(WORKER, i.to_string())
                .spawn()
        })
        .collect::<Result<Vec<_>, _>>()?;
    for (i, mut c) in children.into_iter().enumerate() {
        let st = c.wait()?;
        assert!(st.success(), "worker {i} failed: {st}");
    }
    println!("all {workers} workers done");
    Ok(())
}
