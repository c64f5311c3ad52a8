//! The memory part of the tutorial: a pinned host array copied to the GPU, the pool's
//! statistics, and `free_all_blocks` to give cached memory back.
//!
//! ```python
//! import cupy as cp
//! import cupyx
//! # 1. pinned memory: faster CPU <-> GPU transfers
//! pinned_arr = cupyx.zeros_pinned((1024, 1024), dtype=cp.float32)
//! gpu_arr = cp.asarray(pinned_arr)
//! # 2. give idle GPU memory back
//! cp.get_default_memory_pool().free_all_blocks()
//! ```
//!
//! On a machine without a GPU the pinned array is ordinary host memory and the GPU parts are
//! skipped (the example says so). Run with `cargo run --release --example memory -p cuprum`.

use cuprum as cp;

fn main() -> cp::Result<()> {
    // the default pool becomes cuprum's allocator (cupy.get_default_memory_pool())
    let pool = cp::memory::get_default_memory_pool();

    // 1. a pinned host array (cupyx.zeros_pinned)
    let pinned = cp::zeros_pinned(&[1024, 1024], cp::DType::Float32)?;
    pinned.assign(&cp::full(&[1024, 1024], 2.5f32, None)?.to_device(cp::Device::Cpu)?)?;
    println!(
        "pinned array: {:?} {}, page-locked: {}",
        pinned.shape(),
        pinned.dtype(),
        cp::memory::is_pinned(&pinned)
    );

    if cp::cuda_device_count() == 0 {
        println!(
            "no CUDA device ({}): the GPU parts are skipped",
            cp::cuda::init_error().unwrap_or_default()
        );
        let total: f64 = pinned.to_vec::<f32>()?.iter().map(|&v| v as f64).sum();
        assert_eq!(total, 2.5 * 1024.0 * 1024.0);
        println!("{}", cp::memory::memory_report());
        return Ok(());
    }

    // cp.asarray(pinned_arr): pinned memory goes straight to the DMA engine
    let d = cp::Device::Cuda(0);
    let t0 = std::time::Instant::now();
    let gpu_arr = pinned.to_device(d)?;
    d.synchronize()?;
    println!(
        "pinned -> {d}: {:.3} ms for 4 MiB",
        t0.elapsed().as_secs_f64() * 1e3
    );
    let s = gpu_arr.sum(cp::Axes::All, false)?.to_vec::<f32>()?[0];
    assert_eq!(s, 2.5 * 1024.0 * 1024.0);

    // a copy on a side stream, without blocking the host
    let stream = cp::cuda::Stream::new(0)?;
    let gpu2 = cp::memory::to_device_async(&pinned, 0, &stream)?;
    stream.synchronize()?;
    assert_eq!(gpu2.shape(), pinned.shape());

    // 2. pool statistics (MemoryPool.used_bytes(), total_bytes(), n_free_blocks())
    println!(
        "pool: {} bytes in use, {} bytes held, {} free blocks",
        pool.used_bytes(),
        pool.total_bytes(),
        pool.n_free_blocks()
    );
    drop((gpu_arr, gpu2));
    d.synchronize()?;
    println!(
        "after dropping the arrays: {} bytes in use, {} bytes cached",
        pool.used_bytes(),
        pool.free_bytes()
    );

    // 3. give the cached memory back (cp.get_default_memory_pool().free_all_blocks())
    pool.free_all_blocks()?;
    cp::memory::get_default_pinned_memory_pool().free_all_blocks()?;
    println!("after free_all_blocks: {} bytes held", pool.total_bytes());
    println!("{}", cp::memory::memory_report());
    Ok(())
}
