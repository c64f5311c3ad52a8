//! The tutorial's environment check (section 2.3): cuprum's version, the number of GPUs, the
//! current device and whether NCCL loads, then the full configuration report
//! (`cuprum::show_config()`, like `cupy.show_config()`).
//!
//! ```python
//! import cupy as cp
//! import cupyx.distributed as dist
//! print(f"CuPy version: {cp.__version__}")
//! print(f"GPUs: {cp.cuda.runtime.getDeviceCount()}")
//! print(f"current device: {cp.cuda.Device()}")
//! print(f"NCCL available: {dist.is_nccl_available()}")
//! ```
//!
//! Run with `cargo run --release --example environment -p cuprum`. Without a GPU it reports
//! zero devices and the CPU as the current device.

use cuprum as cp;

fn main() {
    let cfg = cp::config();
    println!("cuprum version: {}", cfg.version);
    let gpu_num = cp::cuda_device_count();
    println!("GPUs available: {gpu_num}");
    let current = cp::current_device();
    println!("current device: {current}");
    println!("NCCL available: {}", cp::distributed::is_nccl_available());
    // The checks: the count agrees with the configuration, and the default device is cuda:0
    // exactly when there is a GPU (unless CUPRUM_DEVICE chose another).
    assert_eq!(cfg.cuda_device_count, gpu_num);
    assert_eq!(cfg.gpus.len(), gpu_num);
    if std::env::var_os("CUPRUM_DEVICE").is_none() {
        let want = if gpu_num > 0 {
            cp::Device::Cuda(0)
        } else {
            cp::Device::Cpu
        };
        assert_eq!(current, want, "default device");
    }
    if gpu_num == 0 {
        println!(
            "(no GPU: {}; cuprum runs every operation on the CPU)",
            cfg.cuda_init_error.as_deref().unwrap_or("no CUDA device")
        );
    }
    println!();
    cp::show_config();
}
