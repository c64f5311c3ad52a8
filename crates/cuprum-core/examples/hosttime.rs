//! Host time per small CUDA operation, split into its parts (a probe, not a test): issue 19's
//! "≤ 4 µs of host time" for `add`, scalar `multiply` and `sum` of 1024 float32, measured as the
//! bench's back-to-back rows are (no sync per call), beside the floor of a bare `cuLaunchKernel`
//! of an empty kernel with 0 and 6 parameters and the other steps an operation takes.
//!
//! Run on a GPU machine: `cargo run --release -p cuprum-core --example hosttime`. Without a GPU it
//! prints why and exits 0.

use cuprum_core::ext::{self, nvrtc};
use cuprum_core::{Array, DType, Device, Result};
use std::ffi::c_void;
use std::time::Instant;

const SRC: &str = r#"
extern "C" __global__ void k0() {}
extern "C" __global__ void k6(const float* a, const float* b, float* c, long long n, long long s, int f) {
    if (n < 0) c[0] = a[0] + b[0] + (float)s + (float)f;
}
"#;

/// Best, median and worst microseconds per call over 200 rounds of `n` back-to-back calls,
/// the device synchronized (untimed) between rounds: a round short enough that the GPU's launch
/// queue never fills, so the time is the host's issuing cost, not the GPU's pace.
fn time(name: &str, n: usize, mut f: impl FnMut() -> Result<()>) -> Result<()> {
    for _ in 0..300 {
        f()?;
    }
    ext::cuda::synchronize_device(0)?;
    let mut v = Vec::new();
    for _ in 0..200 {
        let t = Instant::now();
        for _ in 0..n {
            f()?;
        }
        v.push(t.elapsed().as_secs_f64() * 1e6 / n as f64);
        ext::cuda::synchronize_device(0)?;
    }
    v.sort_by(|a, b| a.total_cmp(b));
    println!(
        "| {name} | {:.2} | {:.2} | {:.2} |",
        v[0],
        v[v.len() / 2],
        v[v.len() - 1]
    );
    Ok(())
}

fn main() -> Result<()> {
    if ext::cuda::device_count() == 0 {
        println!("no CUDA device: nothing to measure");
        return Ok(());
    }
    let d = Device::Cuda(0);
    // calls per timed round, as in the bench's back-to-back rows
    let n = 100;
    let a = cuprum_core::ones_on(&[1024usize], DType::Float32, d)?;
    let b = cuprum_core::ones_on(&[1024usize], DType::Float32, d)?;
    let out = cuprum_core::ones_on(&[1024usize], DType::Float32, d)?;
    println!(
        "| step (1024 float32, back to back, no sync) | stream | best µs | median µs | worst µs |"
    );
    println!("|---|---|---|---|---|");
    let k0 = nvrtc::static_function(0, SRC, "k0", &[])?;
    let k6 = nvrtc::static_function(0, SRC, "k6", &[])?;
    // the same steps on the legacy default stream (cuprum's default, as CuPy's), a non-blocking
    // stream, and the per-thread default stream
    let nb = cuprum_core::cuda::Stream::new(0)?;
    // SAFETY: CU_STREAM_PER_THREAD is a valid stream of the primary context, alive forever.
    let pt = unsafe {
        cuprum_core::cuda::ExternalStream::new(2usize as cudarc::driver::sys::CUstream, 0)?
    };
    for (label, s) in [
        ("legacy null", None),
        ("non-blocking", Some(nb.clone())),
        ("per-thread", Some(pt.stream())),
    ] {
        let _g = match &s {
            Some(s) => Some(s.use_stream()?),
            None => None,
        };
        let cfg = nvrtc::LaunchConfig::for_num_elems(1024, 256);
        time(
            &format!("cuLaunchKernel, empty kernel, 0 params | {label}"),
            n,
            || {
                // SAFETY: k0 takes no parameters and touches no memory.
                unsafe { nvrtc::launch(&k0, cfg, None, &mut []) }
            },
        )?;
        let (mut p, mut q, mut r, mut nn, mut st, mut fl) = (0u64, 0u64, 0u64, 1024i64, 1i64, 0i32);
        time(
            &format!("cuLaunchKernel, empty kernel, 6 params | {label}"),
            n,
            || {
                let mut args = [
                    &mut p as *mut u64 as *mut c_void,
                    &mut q as *mut u64 as *mut c_void,
                    &mut r as *mut u64 as *mut c_void,
                    &mut nn as *mut i64 as *mut c_void,
                    &mut st as *mut i64 as *mut c_void,
                    &mut fl as *mut i32 as *mut c_void,
                ];
                // SAFETY: one pointer per parameter of the right type; n >= 0 so no memory is touched.
                unsafe { nvrtc::launch(&k6, cfg, None, &mut args) }
            },
        )?;
        time(&format!("empty_on 1024 f32 + drop | {label}"), n, || {
            Array::empty_on([1024usize], DType::Float32, d).map(drop)
        })?;
        time(
            &format!("binary_out add (no allocation) | {label}"),
            n,
            || cuprum_core::binary_out(cuprum_core::BinaryOp::Add, &a, &b, &out),
        )?;
        time(&format!("add | {label}"), n, || {
            cuprum_core::add(&a, &b).map(drop)
        })?;
        time(&format!("multiply by scalar 2.0 | {label}"), n, || {
            cuprum_core::multiply(&a, 2.0).map(drop)
        })?;
        time(&format!("sum | {label}"), n, || {
            a.sum(cuprum_core::Axes::All, false).map(drop)
        })?;
    }
    time("static_function lookup (no launch) | -", n, || {
        nvrtc::static_function(0, SRC, "k6", &[]).map(drop)
    })?;
    time("get_current_stream | -", n, || {
        ext::cuda::get_current_stream(0).map(drop)
    })?;
    time("add + sync each | legacy null", 20, || {
        cuprum_core::add(&a, &b)?;
        ext::cuda::synchronize_device(0)
    })?;
    Ok(())
}
