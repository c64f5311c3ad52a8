//! Moving arrays between devices: [`Array::to_device`].

use crate::backend;
use crate::storage::Storage;
use crate::{Array, Device, Layout, Result};
use std::sync::Arc;

impl Array {
    /// This array on `device`, CuPy's `cp.asarray(a)` / `a.get()` and PyTorch's `.to(device)`.
    ///
    /// When the array already lives on `device` it is returned as is (a clone of the handle,
    /// sharing the buffer: no copy, as `cp.asarray` returns its argument). Otherwise the result
    /// is a new C-contiguous array on `device` with the same shape, dtype and values:
    /// - CPU → CUDA goes through the backend's `from_host` of a C-contiguous copy (a contiguous
    ///   CPU array is uploaded straight from its buffer); CUDA → CPU downloads a C-contiguous
    ///   copy straight into the new host buffer (`cuda::to_host_into`); both are staged through
    ///   page-locked buffers from 4 MiB on;
    /// - CUDA → CUDA copies the C-contiguous bytes with `cuda::copy_peer`
    ///   (`cuMemcpyPeerAsync`: direct over NVLink/PCIe where peer access is possible, staged by
    ///   the driver otherwise), ordered after the source device's current stream.
    ///
    /// Reading from a CUDA device synchronizes with its current stream.
    ///
    /// # Errors
    /// [`Error::DeviceUnavailable`](crate::Error::DeviceUnavailable) when `device` does not
    /// exist; allocation and transfer errors from the backends.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let a = Array::from_vec_on(vec![1.0f32, 2.0], &[2], Device::Cpu).unwrap();
    /// let b = a.to_device(Device::Cpu).unwrap();
    /// assert!(b.shares_storage(&a));
    /// ```
    pub fn to_device(&self, device: Device) -> Result<Array> {
        if self.device() == device {
            return Ok(self.clone());
        }
        device.check_available("to_device")?;
        let storage = match (self.storage.as_ref(), device) {
            (Storage::Cuda(src), Device::Cuda(dst)) => {
                // Device to device: cuMemcpyPeerAsync of the contiguous bytes.
                let c = self.as_c_contiguous()?;
                let isz = c.dtype.itemsize();
                let src = c.storage.as_cuda().unwrap_or(src);
                Storage::Cuda(crate::cuda::copy_peer(
                    src,
                    c.layout.offset * isz,
                    c.nbytes(),
                    dst,
                )?)
            }
            (Storage::Cuda(src), Device::Cpu) => {
                // Download straight into the new host buffer (staged through page-locked
                // buffers when large): one copy, no intermediate Vec.
                let c = self.as_c_contiguous()?;
                let isz = c.dtype.itemsize();
                let src = c.storage.as_cuda().unwrap_or(src);
                let out = crate::storage::CpuStorage::try_recycled(c.nbytes())?;
                {
                    let mut w = out.write();
                    crate::cuda::to_host_into(src, c.layout.offset * isz, w.bytes_mut())?;
                }
                Storage::Cpu(out)
            }
            (Storage::Cpu(cpu), _) if self.is_c_contiguous() => {
                // Upload straight from the host buffer: no intermediate copy.
                let isz = self.dtype.itemsize();
                let start = self.layout.offset * isz;
                let bytes = cpu.read();
                backend::from_host(device, &bytes.bytes()[start..start + self.nbytes()])?
            }
            _ => backend::from_host(device, &self.to_bytes()?)?,
        };
        Ok(Array::from_parts(
            Arc::new(storage),
            Layout::contiguous(self.shape()),
            self.dtype,
        ))
    }
}

#[cfg(test)]
mod tests {
    use crate::{Array, DType, Device, Error, s};

    #[test]
    fn same_device_returns_the_same_buffer() {
        let a = Array::from_vec_on(vec![1i32, 2, 3, 4], &[2, 2], Device::Cpu).unwrap();
        let v = a.slice(s![.., ..;-1]).unwrap();
        let b = v.to_device(Device::Cpu).unwrap();
        assert!(b.shares_storage(&a));
        assert_eq!(b.strides(), v.strides());
        assert_eq!(b.to_vec::<i32>().unwrap(), vec![2, 1, 4, 3]);
        assert_eq!(b.dtype(), DType::Int32);
    }

    #[test]
    fn missing_device_is_an_error() {
        let a = Array::from_vec_on(vec![1u8], &[1], Device::Cpu).unwrap();
        let e = a.to_device(Device::Cuda(usize::MAX)).unwrap_err();
        assert!(
            matches!(
                e,
                Error::DeviceUnavailable {
                    op: "to_device",
                    ..
                }
            ),
            "{e}"
        );
    }

    /// Round trips through every CUDA device present (none on a CPU-only machine), with
    /// contiguous and strided sources.
    #[test]
    fn round_trip_through_each_cuda_device() {
        let a = Array::from_vec_on((0..24i64).collect(), &[4, 6], Device::Cpu).unwrap();
        let v = a.slice(s![1..;2, ..;-2]).unwrap();
        for i in 0..crate::cuda_device_count() {
            let d = Device::Cuda(i);
            for src in [&a, &v] {
                let g = src.to_device(d).unwrap();
                assert_eq!(g.device(), d);
                assert_eq!(g.shape(), src.shape());
                // device -> device (same device: a handle; other device: a copy)
                let g2 = g
                    .to_device(Device::Cuda((i + 1) % crate::cuda_device_count()))
                    .unwrap();
                let back = g2.to_device(Device::Cpu).unwrap();
                assert_eq!(back.device(), Device::Cpu);
                assert_eq!(back.to_vec::<i64>().unwrap(), src.to_vec::<i64>().unwrap());
                // a strided view of a device array comes back in C order
                let gv = g.slice(s![..;-1]).unwrap();
                let back = gv.to_device(Device::Cpu).unwrap();
                assert_eq!(
                    back.to_vec::<i64>().unwrap(),
                    src.slice(s![..;-1]).unwrap().to_vec::<i64>().unwrap()
                );
            }
        }
    }
}
