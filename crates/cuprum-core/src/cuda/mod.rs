//! The CUDA backend: device detection, contexts, streams, events, the allocator hook, the NVRTC
//! kernel cache and the CUDA implementations of the backend primitives.
//!
//! (Skeleton: detection reports zero devices until the CUDA backend lands.)

pub mod ops;

use crate::Result;

/// Number of CUDA devices; 0 when the driver cannot be loaded. Never panics.
pub fn device_count() -> usize {
    0
}

/// Why CUDA could not be initialized, if it could not.
pub fn init_error() -> Option<String> {
    Some("the CUDA backend is not built yet".into())
}

/// Synchronizes the current stream of device `ordinal`.
pub fn synchronize_device(_ordinal: usize) -> Result<()> {
    Ok(())
}

/// Device memory of one CUDA device.
#[derive(Debug)]
pub struct CudaStorage {
    ordinal: usize,
    nbytes: usize,
}

impl CudaStorage {
    /// The device ordinal.
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }
    /// Size in bytes.
    pub fn nbytes(&self) -> usize {
        self.nbytes
    }
}

/// Allocates `nbytes` on device `ordinal` through the installed allocator.
pub fn alloc(ordinal: usize, _nbytes: usize) -> Result<CudaStorage> {
    Err(crate::Error::DeviceUnavailable {
        op: "alloc",
        device: crate::Device::Cuda(ordinal),
        reason: init_error().unwrap_or_default(),
    })
}

/// Copies host bytes into a new device buffer.
pub fn from_host(ordinal: usize, bytes: &[u8]) -> Result<CudaStorage> {
    alloc(ordinal, bytes.len())
}

/// Copies `len` bytes starting at byte `start` of a device buffer to the host (synchronizing).
pub fn to_host(_s: &CudaStorage, _start: usize, _len: usize) -> Result<Vec<u8>> {
    Err(crate::Error::unsupported(
        "to_host",
        "cuda backend not built yet",
    ))
}
