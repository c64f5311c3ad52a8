//! CuPy's `cupyx.jit` documentation examples written with `cuprum::jit`: kernels in Rust that
//! run on a GPU (as CUDA C through NVRTC) and on the CPU (as compiled Rust), each checking its
//! result against the host.
//!
//! ```python
//! from cupyx import jit
//!
//! @jit.rawkernel()
//! def elementwise_copy(x, y, size):
//!     tid = jit.blockIdx.x * jit.blockDim.x + jit.threadIdx.x
//!     ntid = jit.gridDim.x * jit.blockDim.x
//!     for i in range(tid, size, ntid):
//!         y[i] = x[i]
//!
//! elementwise_copy((128,), (1024,), (x, y, size))
//! ```
//!
//! Also CuPy's shared-memory reduction (`jit.shared_memory`, `jit.syncthreads`), an atomic
//! histogram (`jit.atomic_add`) and a warp-shuffle reduction (`jit.shfl_down_sync`).
//!
//! Run with `cargo run --release --example jit -p cuprum -- [--device cpu|cuda:0] [--n N]`.

use cuprum as cp;
use cuprum::kernel::args;
use cuprum::{Array, Device, jit};

/// `elementwise_copy`: a grid-stride loop.
#[jit::kernel]
fn elementwise_copy<T>(x: &[T], y: &mut [T], size: u32) {
    let tid = block_idx().x * block_dim().x + thread_idx().x;
    let ntid = grid_dim().x * block_dim().x;
    for i in (tid..size).step_by(ntid) {
        y[i] = x[i];
    }
}

/// CuPy's `reduction`: each thread sums a strided slice, the partial sums meet in shared
/// memory after `syncthreads()`, thread 0 adds them.
#[jit::kernel]
fn reduction(x: &[f32], y: &mut [f32], size: u32) {
    let tid = thread_idx().x;
    let ntid = block_dim().x;
    let mut value = 0.0f32;
    for i in (tid..size).step_by(ntid) {
        value += x[i];
    }
    let smem = shared_memory::<f32>(1024);
    smem[tid] = value;
    syncthreads();
    if tid == 0 {
        let mut total = 0.0f32;
        for i in 0..ntid {
            total += smem[i];
        }
        y[0] = total;
    }
}

/// A histogram with `atomic_add` (one increment per element, bins shared by every thread).
#[jit::kernel]
fn histogram(x: &[f32], hist: &mut [u32], lo: f32, hi: f32) {
    let nbins = hist.len();
    let mut i = grid(1);
    while i < x.len() {
        let v = x[i];
        if v >= lo && v < hi {
            let b = ((v - lo) / (hi - lo) * nbins as f32) as usize;
            atomic_add(hist, b.min(nbins - 1), 1);
        }
        i += gridsize(1);
    }
}

/// A sum with warp shuffles: each warp folds its 32 values with `shfl_down_sync`, lane 0 adds
/// the warp's sum atomically.
#[jit::kernel]
fn warp_reduce(x: &[f64], out: &mut [f64]) {
    let mut v = 0.0;
    let mut i = grid(1);
    while i < x.len() {
        v += x[i];
        i += gridsize(1);
    }
    let mut offset = 16u32;
    while offset > 0 {
        v += shfl_down_sync(0xffffffff, v, offset);
        offset /= 2;
    }
    if laneid() == 0 {
        atomic_add(out, 0, v);
    }
}

fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .ok_or(format!("{name} needs a value"))?
            .parse()
            .map_err(|_| format!("{name}: cannot parse {:?}", args[i + 1])),
    }
}

/// Deterministic values in [-3, 3) (a linear congruential generator).
fn data(n: usize) -> Vec<f32> {
    let mut s: u64 = 0x2545_f491_4f6c_dd1d;
    (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            ((s >> 40) as f32 / (1u64 << 24) as f32) * 6.0 - 3.0
        })
        .collect()
}

fn check(what: &str, ok: bool, detail: String) -> Result<(), Box<dyn std::error::Error>> {
    println!("{what:<18} {} ({detail})", if ok { "ok" } else { "FAILED" });
    if ok {
        Ok(())
    } else {
        Err(format!("{what}: wrong result ({detail})").into())
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let device: Device = arg(&args, "--device", cp::current_device())?;
    let n: usize = arg(&args, "--n", 1 << 22)?;
    if n == 0 || n > u32::MAX as usize {
        return Err(format!("--n must be in 1..=2^32-1 (got {n})").into());
    }
    println!("cupyx.jit examples with cuprum::jit on {device}, n = {n}");
    let host = data(n);
    let x = Array::from_vec_on(host.clone(), &[n], device)?;

    // elementwise copy, 128 blocks of 1024 threads as in CuPy's documentation
    let y = cp::zeros_on(&[n], cp::DType::Float32, device)?;
    elementwise_copy.launch(128, 1024, args![&x, &y, n as u32])?;
    check(
        "elementwise_copy",
        y.to_vec::<f32>()? == host,
        format!("{n} float32"),
    )?;

    // shared-memory reduction in one block of 1024 threads
    let size = n.min(1 << 16);
    let y = cp::zeros_on(&[1], cp::DType::Float32, device)?;
    reduction.launch(1, 1024, args![&x, &y, size as u32])?;
    let got = y.to_vec::<f32>()?[0] as f64;
    let want: f64 = host[..size].iter().map(|&v| v as f64).sum();
    check(
        "reduction",
        (got - want).abs() <= 1e-5 * host[..size].iter().map(|v| v.abs() as f64).sum::<f64>(),
        format!("{got:.4} against {want:.4}"),
    )?;

    // atomic histogram
    let nbins = 64;
    let hist = cp::zeros_on(&[nbins], cp::DType::UInt32, device)?;
    histogram.launch(256, 256, args![&x, &hist, -3.0f32, 3.0f32])?;
    let mut want = vec![0u32; nbins];
    for &v in &host {
        if (-3.0..3.0).contains(&v) {
            let b = ((v + 3.0) / 6.0 * nbins as f32) as usize;
            want[b.min(nbins - 1)] += 1;
        }
    }
    let got = hist.to_vec::<u32>()?;
    check(
        "histogram",
        got == want,
        format!("{} counts in {nbins} bins", got.iter().sum::<u32>()),
    )?;

    // warp-shuffle reduction
    let x64 = x.astype(cp::DType::Float64)?;
    let out = cp::zeros_on(&[1], cp::DType::Float64, device)?;
    warp_reduce.launch(64, 256, args![&x64, &out])?;
    let got = out.to_vec::<f64>()?[0];
    let want: f64 = host.iter().map(|&v| v as f64).sum();
    check(
        "warp_reduce",
        (got - want).abs() <= 1e-9 * host.iter().map(|v| v.abs() as f64).sum::<f64>(),
        format!("{got:.6} against {want:.6}"),
    )?;
    Ok(())
}
