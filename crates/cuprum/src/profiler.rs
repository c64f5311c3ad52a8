//! `cupyx.profiler`: [`benchmark`] runs a closure with warm-ups and repeats and reports host
//! (CPU) times and device (GPU) times; [`time_range`] (a guard), [`with_time_range`] (a
//! closure) and [`TimeRange::builder`] (`color_id`, `argb_color`, `sync`) annotate code with
//! NVTX ranges for Nsight Systems (no-ops without the NVTX library, on any device). The CUDA
//! profiler switch (`cupy.cuda.profiler.start/stop/profile`) is
//! [`cuprum::cuda::profiler`](crate::cuda::profiler).

use crate::{Device, Result};
use std::time::Instant;

pub use cuprum_core::cuda::profiler::{TimeRange, TimeRangeBuilder, time_range, with_time_range};

/// Timings of one [`benchmark`] in seconds: host wall time of each call, and for a CUDA device
/// the GPU time between CUDA events recorded on the current stream around each call.
#[derive(Clone, Debug, PartialEq)]
pub struct BenchResult {
    /// name given to [`benchmark`]
    pub name: String,
    /// host time of each repeat (seconds)
    pub cpu_times: Vec<f64>,
    /// GPU time of each repeat (seconds); empty for the CPU device
    pub gpu_times: Vec<f64>,
}

fn stats(v: &[f64]) -> (f64, f64, f64) {
    if v.is_empty() {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.total_cmp(b));
    let med = if s.len() % 2 == 1 {
        s[s.len() / 2]
    } else {
        0.5 * (s[s.len() / 2 - 1] + s[s.len() / 2])
    };
    (s[0], med, s[s.len() - 1])
}

impl BenchResult {
    /// (min, median, max) of the host times, seconds.
    pub fn cpu_stats(&self) -> (f64, f64, f64) {
        stats(&self.cpu_times)
    }
    /// (min, median, max) of the GPU times, seconds (NaN on the CPU).
    pub fn gpu_stats(&self) -> (f64, f64, f64) {
        stats(&self.gpu_times)
    }
    /// The time that measures the work: the median GPU time on CUDA, the median host time on
    /// the CPU.
    pub fn median(&self) -> f64 {
        if self.gpu_times.is_empty() {
            self.cpu_stats().1
        } else {
            self.gpu_stats().1
        }
    }
}

impl std::fmt::Display for BenchResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (a, b, c) = self.cpu_stats();
        write!(
            f,
            "{:<30} CPU: {:>10.3} us (min {:.3}, max {:.3})",
            self.name,
            b * 1e6,
            a * 1e6,
            c * 1e6
        )?;
        if !self.gpu_times.is_empty() {
            let (a, b, c) = self.gpu_stats();
            write!(
                f,
                "  GPU: {:>10.3} us (min {:.3}, max {:.3})",
                b * 1e6,
                a * 1e6,
                c * 1e6
            )?;
        }
        Ok(())
    }
}

/// Times `f` on `device`: `n_warmup` untimed calls, then `n_repeat` timed ones, as
/// `cupyx.profiler.benchmark` does. On CUDA, each repeat records an event before and after the
/// call on the current stream and waits for the second: the host time (`cpu_times`) is the
/// call alone (the time the calling thread spends issuing the work, not waiting for it) and the
/// GPU time is the events' elapsed time; on the CPU only host time is measured.
///
/// # Errors
/// The first error `f` returns, or a CUDA event error.
///
/// # Example
/// ```
/// use cuprum::{profiler::benchmark, Array, Device};
/// let a = Array::from_vec_on(vec![1.0f32; 1024], &[1024], Device::Cpu).unwrap();
/// let r = benchmark("add", Device::Cpu, || cuprum::add(&a, &a).map(|_| ()), 2, 5).unwrap();
/// assert_eq!(r.cpu_times.len(), 5);
/// assert!(r.gpu_times.is_empty());
/// ```
pub fn benchmark(
    name: &str,
    device: Device,
    mut f: impl FnMut() -> Result<()>,
    n_warmup: usize,
    n_repeat: usize,
) -> Result<BenchResult> {
    for _ in 0..n_warmup {
        f()?;
    }
    device.synchronize()?;
    let mut cpu_times = Vec::with_capacity(n_repeat);
    let mut gpu_times = Vec::new();
    match device {
        Device::Cuda(i) => {
            let start = crate::cuda::Event::new(i)?;
            let end = crate::cuda::Event::new(i)?;
            for _ in 0..n_repeat {
                start.record_current()?;
                let t0 = Instant::now();
                f()?;
                cpu_times.push(t0.elapsed().as_secs_f64());
                end.record_current()?;
                end.synchronize()?;
                gpu_times.push(start.elapsed_time(&end)? as f64 * 1e-3);
            }
        }
        _ => {
            for _ in 0..n_repeat {
                let t0 = Instant::now();
                f()?;
                cpu_times.push(t0.elapsed().as_secs_f64());
            }
        }
    }
    Ok(BenchResult {
        name: name.to_string(),
        cpu_times,
        gpu_times,
    })
}
