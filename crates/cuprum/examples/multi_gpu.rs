//! The tutorial's single-process multi-GPU section (section 4.1–4.3): list the GPUs, compute
//! on two devices by switching the current device (`with cp.cuda.Device(i):` is
//! `Device::Cuda(i).use_device()`), and copy an array from one GPU to the other (peer to peer
//! where the GPUs allow it; `to_device` replaces `cp.cuda.runtime.memcpyPeerAsync`).
//!
//! With fewer than two GPUs the same program runs with the devices it has (the CPU standing in
//! for the missing ones), so it runs anywhere: `cargo run --release --example multi_gpu -p cuprum`.

use cuprum as cp;
use cuprum::{Array, DType, Device};

fn main() -> Result<(), Box<dyn std::error::Error>> {
    // 1. Every GPU's name and memory.
    let gpu_count = cp::cuda_device_count();
    println!("this machine has {gpu_count} GPU(s)");
    for gpu_id in 0..gpu_count {
        let p = cp::cuda::properties(gpu_id)?;
        println!(
            "GPU {gpu_id}: {}, {:.1} GB, compute capability {}.{}",
            p.name,
            p.total_memory as f64 / (1u64 << 30) as f64,
            p.compute_capability.0,
            p.compute_capability.1
        );
    }
    let (d0, d1) = match gpu_count {
        0 => (Device::Cpu, Device::Cpu),
        1 => (Device::Cuda(0), Device::Cpu),
        _ => (Device::Cuda(0), Device::Cuda(1)),
    };
    if gpu_count < 2 {
        println!("(fewer than 2 GPUs: using {d0} and {d1})");
    }

    // 2. Independent work on two devices.
    let res0 = {
        let _g = d0.use_device()?; // with cp.cuda.Device(0):
        let a0 = Array::from_vec(vec![1i64, 2, 3], &[3])?;
        cp::multiply(&a0, 10)?
    };
    let res1 = {
        let _g = d1.use_device()?; // with cp.cuda.Device(1):
        let a1 = Array::from_vec(vec![4i64, 5, 6], &[3])?;
        cp::multiply(&a1, 10)?
    };
    println!("result on {}: {:?}", res0.device(), res0.to_vec::<i64>()?);
    println!("result on {}: {:?}", res1.device(), res1.to_vec::<i64>()?);
    assert_eq!(res0.device(), d0);
    assert_eq!(res1.device(), d1);
    assert_eq!(res0.to_vec::<i64>()?, vec![10, 20, 30]);
    assert_eq!(res1.to_vec::<i64>()?, vec![40, 50, 60]);
    // Arrays on different devices do not mix silently (the tutorial's pitfall 4).
    if d0 != d1 {
        let e = cp::add(&res0, &res1).expect_err("operands on two devices must be an error");
        println!("adding arrays of two devices: {e}");
    }

    // 3. Device-to-device copy.
    let src = {
        let _g = d0.use_device()?;
        cp::ones(&[1000], DType::Float32)?
    };
    let dst = src.to_device(d1)?; // memcpyPeerAsync + synchronize
    let v = dst.to_vec::<f32>()?;
    println!(
        "{} received {} elements from {}: first {:?}",
        dst.device(),
        v.len(),
        src.device(),
        &v[..3]
    );
    assert_eq!(dst.device(), d1);
    assert!(v.iter().all(|&x| x == 1.0));
    Ok(())
}
