//! Buffers behind arrays: host memory (for `Device::Cpu`) or device memory (for `Device::Cuda`).

use crate::Device;
use std::sync::{RwLock, RwLockReadGuard, RwLockWriteGuard};

/// The buffer an [`Array`](crate::Array) views. Shared by every view of it through an `Arc`.
#[derive(Debug)]
pub enum Storage {
    /// Host memory.
    Cpu(CpuStorage),
    /// Device memory on one CUDA device.
    Cuda(crate::cuda::CudaStorage),
}

impl Storage {
    /// The device holding this buffer.
    pub fn device(&self) -> Device {
        match self {
            Storage::Cpu(_) => Device::Cpu,
            Storage::Cuda(c) => Device::Cuda(c.ordinal()),
        }
    }
    /// Size of the buffer in bytes.
    pub fn nbytes(&self) -> usize {
        match self {
            Storage::Cpu(c) => c.nbytes,
            Storage::Cuda(c) => c.nbytes(),
        }
    }
    /// The host buffer, if this is one.
    pub fn as_cpu(&self) -> Option<&CpuStorage> {
        match self {
            Storage::Cpu(c) => Some(c),
            Storage::Cuda(_) => None,
        }
    }
    /// The device buffer, if this is one.
    pub fn as_cuda(&self) -> Option<&crate::cuda::CudaStorage> {
        match self {
            Storage::Cuda(c) => Some(c),
            Storage::Cpu(_) => None,
        }
    }
}

/// Host memory, 8-byte aligned (enough for every dtype), behind a lock so that views sharing it
/// cannot race: reads take the read lock, writes the write lock.
#[derive(Debug)]
pub struct CpuStorage {
    words: RwLock<Vec<u64>>,
    nbytes: usize,
}

impl CpuStorage {
    /// A zeroed buffer of `nbytes` bytes.
    pub fn zeroed(nbytes: usize) -> CpuStorage {
        CpuStorage {
            words: RwLock::new(vec![0u64; nbytes.div_ceil(8)]),
            nbytes,
        }
    }
    /// A buffer holding a copy of `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> CpuStorage {
        let s = CpuStorage::zeroed(bytes.len());
        s.write().bytes_mut().copy_from_slice(bytes);
        s
    }
    /// Size in bytes.
    pub fn nbytes(&self) -> usize {
        self.nbytes
    }
    /// Locks for reading.
    pub fn read(&self) -> CpuRead<'_> {
        CpuRead {
            g: self.words.read().unwrap_or_else(|e| e.into_inner()),
            nbytes: self.nbytes,
        }
    }
    /// Locks for writing.
    pub fn write(&self) -> CpuWrite<'_> {
        CpuWrite {
            g: self.words.write().unwrap_or_else(|e| e.into_inner()),
            nbytes: self.nbytes,
        }
    }
}

/// Read access to a [`CpuStorage`].
pub struct CpuRead<'a> {
    g: RwLockReadGuard<'a, Vec<u64>>,
    nbytes: usize,
}
impl CpuRead<'_> {
    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        &bytemuck::cast_slice(&self.g[..])[..self.nbytes]
    }
    /// The buffer as a slice of `T` (`T` must be a plain type of alignment ≤ 8).
    pub fn slice<T: bytemuck::Pod>(&self) -> &[T] {
        bytemuck::cast_slice(self.bytes())
    }
}

/// Write access to a [`CpuStorage`].
pub struct CpuWrite<'a> {
    g: RwLockWriteGuard<'a, Vec<u64>>,
    nbytes: usize,
}
impl CpuWrite<'_> {
    /// The bytes.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        let n = self.nbytes;
        &mut bytemuck::cast_slice_mut(&mut self.g[..])[..n]
    }
    /// The buffer as a mutable slice of `T`.
    pub fn slice_mut<T: bytemuck::Pod>(&mut self) -> &mut [T] {
        bytemuck::cast_slice_mut(self.bytes_mut())
    }
}
