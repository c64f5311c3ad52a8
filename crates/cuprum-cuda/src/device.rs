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
        Err(Error::bad_argument(
            "Device::from_str",
            "s",
            format!("{s:?}"),
            "cpu, cuda or cuda:N",
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
    /// use cuprum_cuda::{Device, current_device};
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
                    let reason = match crate::init_error() {
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

    /// The CUDA ordinal, or an [`Error::Unsupported`] naming `op` for the CPU.
    fn cuda_ordinal(self, op: &'static str) -> Result<usize> {
        match self {
            Device::Cuda(i) => Ok(i),
            Device::Cpu => Err(Error::Unsupported {
                op,
                reason: "the CPU is not a CUDA device".into(),
            }),
        }
    }

    /// Every attribute of this CUDA device by CuPy's name (`cupy.cuda.Device.attributes`;
    /// see [`cuda::runtime::device_attributes`](crate::runtime::device_attributes)).
    ///
    /// # Errors
    /// [`Error::Unsupported`] for the CPU; [`Error::DeviceUnavailable`] /
    /// [`Error::LibraryNotFound`] when the device does not exist.
    ///
    /// # Example
    /// ```
    /// use cuprum_cuda::Device;
    /// assert!(Device::Cpu.attributes().is_err());
    /// if let Ok(a) = Device::Cuda(0).attributes() {
    ///     assert!(a["MultiProcessorCount"] > 0);
    /// }
    /// ```
    pub fn attributes(self) -> Result<std::collections::BTreeMap<String, i32>> {
        crate::runtime::device_attributes(self.cuda_ordinal("Device::attributes")?)
    }

    /// The compute capability as CuPy writes it, e.g. `"90"` for an H100/H200
    /// (`cupy.cuda.Device.compute_capability`).
    ///
    /// # Errors
    /// As [`Device::attributes`].
    ///
    /// # Example
    /// ```
    /// use cuprum_cuda::Device;
    /// assert!(Device::Cpu.compute_capability().is_err());
    /// ```
    pub fn compute_capability(self) -> Result<String> {
        let p = crate::properties(self.cuda_ordinal("Device::compute_capability")?)?;
        Ok(format!(
            "{}{}",
            p.compute_capability.0, p.compute_capability.1
        ))
    }

    /// The PCI bus id, e.g. `"0000:19:00.0"` (`cupy.cuda.Device.pci_bus_id`).
    ///
    /// # Errors
    /// As [`Device::attributes`].
    pub fn pci_bus_id(self) -> Result<String> {
        crate::runtime::device_get_pci_bus_id(self.cuda_ordinal("Device::pci_bus_id")?)
    }

    /// The device's name, e.g. `"NVIDIA H200"` (`getDeviceProperties(i)['name']`).
    ///
    /// # Errors
    /// As [`Device::attributes`].
    pub fn name(self) -> Result<String> {
        Ok(crate::properties(self.cuda_ordinal("Device::name")?)?.name)
    }

    /// Total device memory in bytes (`getDeviceProperties(i)['totalGlobalMem']`).
    ///
    /// # Errors
    /// As [`Device::attributes`].
    pub fn total_memory(self) -> Result<usize> {
        Ok(crate::properties(self.cuda_ordinal("Device::total_memory")?)?.total_memory)
    }

    /// `(free, total)` device memory in bytes (`cupy.cuda.Device.mem_info`, `cuMemGetInfo`).
    ///
    /// # Errors
    /// As [`Device::attributes`].
    ///
    /// # Example
    /// ```
    /// use cuprum_cuda::Device;
    /// if let Ok((free, total)) = Device::Cuda(0).mem_info() {
    ///     assert!(free <= total);
    /// }
    /// ```
    pub fn mem_info(self) -> Result<(usize, usize)> {
        crate::mem_get_info(self.cuda_ordinal("Device::mem_info")?)
    }

    /// True when this device can access `peer`'s memory directly
    /// (`cupy.cuda.runtime.deviceCanAccessPeer`); false for the same device.
    ///
    /// # Errors
    /// [`Error::Unsupported`] when either is the CPU; as [`Device::attributes`] otherwise.
    pub fn can_access_peer(self, peer: Device) -> Result<bool> {
        crate::runtime::device_can_access_peer(
            self.cuda_ordinal("Device::can_access_peer")?,
            peer.cuda_ordinal("Device::can_access_peer")?,
        )
    }

    /// Enables direct access from this device to `peer`'s memory (idempotent;
    /// `cupy.cuda.runtime.deviceEnablePeerAccess`).
    ///
    /// # Errors
    /// As [`Device::can_access_peer`]; a CUDA error when the pair cannot access each other.
    pub fn enable_peer_access(self, peer: Device) -> Result<()> {
        crate::runtime::device_enable_peer_access(
            self.cuda_ordinal("Device::enable_peer_access")?,
            peer.cuda_ordinal("Device::enable_peer_access")?,
        )
    }

    /// Disables what [`Device::enable_peer_access`] enabled
    /// (`cupy.cuda.runtime.deviceDisablePeerAccess`).
    ///
    /// # Errors
    /// As [`Device::can_access_peer`]; a CUDA error when access was not enabled.
    pub fn disable_peer_access(self, peer: Device) -> Result<()> {
        crate::runtime::device_disable_peer_access(
            self.cuda_ordinal("Device::disable_peer_access")?,
            peer.cuda_ordinal("Device::disable_peer_access")?,
        )
    }

    /// Waits until all work queued on this device by this thread's current stream is done.
    ///
    /// # Errors
    /// A CUDA error from the synchronization.
    pub fn synchronize(self) -> Result<()> {
        match self {
            Device::Cpu => Ok(()),
            Device::Cuda(i) => crate::synchronize_device(i),
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
        let _ = CURRENT.try_with(|c| c.set(self.prev));
    }
}

/// The device creation functions use on this thread: the innermost [`Device::use_device`]
/// guard, else `CUPRUM_DEVICE` (`cpu` or `cuda:N`), else `cuda:0` when a GPU is present, else
/// the CPU.
pub fn current_device() -> Device {
    if let Some(d) = CURRENT.try_with(|c| c.get()).ok().flatten() {
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
    crate::device_count()
}

/// Every available device: the CPU first, then each CUDA device.
pub fn devices() -> Vec<Device> {
    let mut v = vec![Device::Cpu];
    v.extend((0..cuda_device_count()).map(Device::Cuda));
    v
}
