//! [`show_config`] and [`config`]: what cuprum sees on this machine, like `cupy.show_config()`.

use std::fmt;

/// One CUDA device as [`config`] reports it.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct GpuInfo {
    /// the ordinal (`cuda:N`)
    pub ordinal: usize,
    /// the device's properties, or why they could not be read
    pub properties: Result<cuprum_core::cuda::DeviceProperties, String>,
    /// `(free, total)` device memory in bytes, or why it could not be read
    pub memory: Result<(usize, usize), String>,
}

/// A snapshot of cuprum's configuration: version, host, CUDA devices and libraries.
///
/// Built by [`config`]; its `Display` form is what [`show_config`] prints.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Config {
    /// cuprum's version (`CARGO_PKG_VERSION`)
    pub version: &'static str,
    /// `std::env::consts::OS` / `ARCH`
    pub os: String,
    /// the CPU model name (from `/proc/cpuinfo` on Linux), when known
    pub cpu_model: Option<String>,
    /// logical CPUs available to this process
    pub cpu_threads: usize,
    /// the device creation functions use by default
    pub default_device: cuprum_core::Device,
    /// number of CUDA devices (0 without a driver)
    pub cuda_device_count: usize,
    /// why CUDA could not be initialized, if it could not
    pub cuda_init_error: Option<String>,
    /// each CUDA device
    pub gpus: Vec<GpuInfo>,
    /// NVRTC's `(major, minor)` version, or why NVRTC could not be loaded
    pub nvrtc_version: Result<(i32, i32), String>,
}

/// Collects the configuration. Never panics: anything that cannot be read is reported as such.
///
/// # Example
/// ```
/// let c = cuprum::config();
/// assert_eq!(c.version, env!("CARGO_PKG_VERSION"));
/// assert!(c.cpu_threads >= 1);
/// assert_eq!(c.gpus.len(), c.cuda_device_count);
/// ```
pub fn config() -> Config {
    let n = cuprum_core::cuda_device_count();
    let gpus = (0..n)
        .map(|i| GpuInfo {
            ordinal: i,
            properties: cuprum_core::cuda::properties(i).map_err(|e| e.to_string()),
            memory: cuprum_core::cuda::mem_get_info(i).map_err(|e| e.to_string()),
        })
        .collect();
    Config {
        version: env!("CARGO_PKG_VERSION"),
        os: format!("{} {}", std::env::consts::OS, std::env::consts::ARCH),
        cpu_model: cpu_model(),
        cpu_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
        default_device: cuprum_core::default_device(),
        cuda_device_count: n,
        cuda_init_error: if n == 0 {
            cuprum_core::cuda::init_error()
        } else {
            None
        },
        gpus,
        nvrtc_version: cuprum_core::cuda::nvrtc_version().map_err(|e| e.to_string()),
    }
}

/// Prints [`config`] to standard output, like `cupy.show_config()`.
///
/// ```
/// cuprum::show_config();
/// ```
pub fn show_config() {
    print!("{}", config());
}

fn cpu_model() -> Option<String> {
    let text = std::fs::read_to_string("/proc/cpuinfo").ok()?;
    text.lines()
        .find(|l| l.starts_with("model name"))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
}

fn gib(bytes: usize) -> String {
    format!("{:.1} GiB", bytes as f64 / (1u64 << 30) as f64)
}

impl fmt::Display for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "cuprum {}", self.version)?;
        writeln!(f, "OS:                {}", self.os)?;
        writeln!(
            f,
            "CPU:               {} ({} logical CPUs)",
            self.cpu_model.as_deref().unwrap_or("unknown model"),
            self.cpu_threads
        )?;
        writeln!(f, "default device:    {}", self.default_device)?;
        writeln!(f, "CUDA devices:      {}", self.cuda_device_count)?;
        if let Some(e) = &self.cuda_init_error {
            writeln!(f, "CUDA unavailable:  {e}")?;
        }
        for g in &self.gpus {
            match &g.properties {
                Ok(p) => writeln!(
                    f,
                    "  cuda:{}: {}, compute capability {}.{}, {} memory, {} SMs",
                    g.ordinal,
                    p.name,
                    p.compute_capability.0,
                    p.compute_capability.1,
                    gib(p.total_memory),
                    p.multiprocessor_count
                )?,
                Err(e) => writeln!(f, "  cuda:{}: properties unavailable: {e}", g.ordinal)?,
            }
            match &g.memory {
                Ok((free, total)) => {
                    writeln!(f, "          {} free of {}", gib(*free), gib(*total))?
                }
                Err(e) => writeln!(f, "          memory info unavailable: {e}")?,
            }
        }
        match &self.nvrtc_version {
            Ok((major, minor)) => writeln!(f, "NVRTC:             {major}.{minor} (loads)")?,
            Err(e) => writeln!(f, "NVRTC:             not loaded: {e}")?,
        }
        let driver = if self.cuda_device_count > 0 {
            "loads".to_string()
        } else {
            format!(
                "not usable{}",
                self.cuda_init_error
                    .as_deref()
                    .map(|e| format!(" ({e})"))
                    .unwrap_or_default()
            )
        };
        writeln!(f, "CUDA driver:       {driver}")?;
        Ok(())
    }
}
