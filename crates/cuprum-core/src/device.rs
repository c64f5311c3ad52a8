//! [`Device`]: where an array lives, and the current device of a thread.

use crate::{Error, Result};
use std::cell::Cell;
use std::fmt;

/// A device an array can live on: the host CPU or one CUDA GPU by ordinal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum Device {
    /// The host CPU (rayon-parallel loops).
    Cpu,
    /// CUDA device with this ordinal (`cuda:0`, `cuda:1`, ...).
    Cuda(usize),
}

impl fmt::Display for Device {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Device::Cpu => f.write_str("cpu"),
            Device::Cuda(i) => write!(f, "cuda:{i}"),
        }
    }
}

impl std::str::FromStr for Device {
    type Err = Error;
    /// Parses `cpu`, `cuda` (= `cuda:0`) or `cuda:N`.
    fn from_str(s: &str) -> Result<Device> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("cpu") {
            return Ok(Device::Cpu);
        }
        if s.eq_ignore_ascii_case("cuda") || s.eq_ignore_ascii_case("gpu") {
            return Ok(Device::Cuda(0));
        }
        if let Some(Ok(i)) = s
            .strip_prefix("cuda:")
            .or_else(|| s.strip_prefix("gpu:"))
            .map(|n| n.parse::<usize>())
        {
            return Ok(Device::Cuda(i));
        }
        Err(Error::invalid_value(
            "Device::from_str",
            format!("{s:?} is not cpu, cuda or cuda:N"),
        ))
    }
}

impl Device {
    /// True for the CPU.
    pub fn is_cpu(&self) -> bool {
        matches!(self, Device::Cpu)
    }
    /// True for a CUDA device.
    pub fn is_cuda(&self) -> bool {
        matches!(self, Device::Cuda(_))
    }

    /// Makes this the current device of the calling thread until the guard is dropped, like
    /// `with cp.cuda.Device(1):`.
    ///
    /// # Errors
    /// [`Error::DeviceUnavailable`] when the CUDA ordinal does not exist on this machine.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Device, current_device};
    /// {
    ///     let _g = Device::Cpu.use_device().unwrap();
    ///     assert_eq!(current_device(), Device::Cpu);
    /// }
    /// ```
    pub fn use_device(self) -> Result<DeviceGuard> {
        self.check_available("Device::use_device")?;
        let prev = CURRENT.with(|c| c.replace(Some(self)));
        Ok(DeviceGuard { prev })
    }

    /// Fails unless the device exists (always true for the CPU).
    pub fn check_available(self, op: &'static str) -> Result<()> {
        match self {
            Device::Cpu => Ok(()),
            Device::Cuda(i) => {
                let n = cuda_device_count();
                if i < n {
                    Ok(())
                } else {
                    let reason = match crate::cuda::init_error() {
                        Some(e) => e,
                        None => format!("this machine has {n} CUDA device(s)"),
                    };
                    Err(Error::DeviceUnavailable {
                        op,
                        device: self,
                        reason,
                    })
                }
            }
        }
    }

    /// Waits until all work queued on this device by this thread's current stream is done.
    ///
    /// # Errors
    /// A CUDA error from the synchronization.
    pub fn synchronize(self) -> Result<()> {
        match self {
            Device::Cpu => Ok(()),
            Device::Cuda(i) => crate::cuda::synchronize_device(i),
        }
    }
}

thread_local! {
    static CURRENT: Cell<Option<Device>> = const { Cell::new(None) };
}

/// Restores the previous current device when dropped. Returned by [`Device::use_device`].
#[must_use = "the device is current only while the guard lives"]
pub struct DeviceGuard {
    prev: Option<Device>,
}

impl Drop for DeviceGuard {
    fn drop(&mut self) {
        CURRENT.with(|c| c.set(self.prev));
    }
}

/// The device creation functions use on this thread: the innermost [`Device::use_device`]
/// guard, else `CUPRUM_DEVICE` (`cpu` or `cuda:N`), else `cuda:0` when a GPU is present, else
/// the CPU.
pub fn current_device() -> Device {
    if let Some(d) = CURRENT.with(|c| c.get()) {
        return d;
    }
    default_device()
}

/// The process-wide default device (see [`current_device`]).
pub fn default_device() -> Device {
    static DEFAULT: std::sync::OnceLock<Device> = std::sync::OnceLock::new();
    *DEFAULT.get_or_init(|| {
        if let Ok(v) = std::env::var("CUPRUM_DEVICE") {
            if let Ok(d) = v.parse::<Device>() {
                return d;
            }
            tracing::warn!("CUPRUM_DEVICE={v:?} is not cpu or cuda:N; ignoring it");
        }
        if cuda_device_count() > 0 {
            Device::Cuda(0)
        } else {
            Device::Cpu
        }
    })
}

/// Number of CUDA devices (0 on a machine without a GPU or without the CUDA driver; never panics).
pub fn cuda_device_count() -> usize {
    crate::cuda::device_count()
}

/// Every available device: the CPU first, then each CUDA device.
pub fn devices() -> Vec<Device> {
    let mut v = vec![Device::Cpu];
    v.extend((0..cuda_device_count()).map(Device::Cuda));
    v
}
