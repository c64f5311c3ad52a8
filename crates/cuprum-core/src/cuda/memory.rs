//! Device memory: [`CudaStorage`], the [`Allocator`] hook and host/device/peer transfers.
//!
//! Every device buffer comes from the installed [`Allocator`] (default:
//! [`StreamOrderedAllocator`], CUDA's `cuMemAllocAsync` on the current stream with the default
//! pool's release threshold raised so freed memory stays cached). A buffer is freed, when its
//! last view is dropped, on the dropping thread's current stream of the buffer's device.

use super::runtime::{bind, drv};
use super::stream::{Stream, current, current_raw};
use crate::{Array, Device, Error, Result};
use cudarc::driver::sys;
use std::sync::{Arc, RwLock};

/// Where device buffers come from. Installed with [`set_allocator`]; `cuprum-memory`'s
/// `MemoryPool` implements it.
///
/// Both methods are called with device `ordinal`'s context current on the calling thread.
/// `stream` is the stream the buffer is first (or last) used on: a stream-ordered allocator may
/// hand out or recycle memory in that stream's order.
pub trait Allocator: Send + Sync {
    /// Returns the device address of `nbytes` (> 0) new bytes on device `ordinal`.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] naming the bytes requested and free; a CUDA error otherwise.
    fn allocate(&self, ordinal: usize, nbytes: usize, stream: &Stream) -> Result<u64>;

    /// Returns memory obtained from [`Allocator::allocate`] with the same `ordinal` and
    /// `nbytes`. Work queued on `stream` before this call may still use it.
    ///
    /// # Errors
    /// A CUDA error (logged by the caller; a buffer's drop cannot fail).
    fn deallocate(&self, ordinal: usize, ptr: u64, nbytes: usize, stream: &Stream) -> Result<()>;
}

/// CUDA's stream-ordered allocator (`cuMemAllocAsync` / `cuMemFreeAsync` on the given stream,
/// from the device's default memory pool). The default [`Allocator`].
#[derive(Debug, Default, Clone, Copy)]
pub struct StreamOrderedAllocator;

impl Allocator for StreamOrderedAllocator {
    fn allocate(&self, ordinal: usize, nbytes: usize, stream: &Stream) -> Result<u64> {
        let mut p: sys::CUdeviceptr = 0;
        // SAFETY: writes one device pointer into `p`; the stream belongs to the current context.
        let r = unsafe { sys::cuMemAllocAsync(&mut p, nbytes, stream.raw()) };
        match r {
            sys::CUresult::CUDA_SUCCESS => Ok(p),
            sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY => {
                let free = cudarc::driver::result::mem_get_info()
                    .map(|m| m.0)
                    .unwrap_or(0);
                Err(Error::OutOfMemory {
                    device: Device::Cuda(ordinal),
                    requested: nbytes,
                    free,
                    limit_note: String::new(),
                })
            }
            e => Err(drv("cuMemAllocAsync", cudarc::driver::DriverError(e))),
        }
    }

    fn deallocate(&self, _ordinal: usize, ptr: u64, _nbytes: usize, stream: &Stream) -> Result<()> {
        // SAFETY: `ptr` came from cuMemAllocAsync of this context and is freed exactly once.
        unsafe { sys::cuMemFreeAsync(ptr, stream.raw()) }
            .result()
            .map_err(|e| drv("cuMemFreeAsync", e))
    }
}

static ALLOCATOR: RwLock<Option<Arc<dyn Allocator>>> = RwLock::new(None);

/// Installs the allocator every later device allocation goes through (buffers allocated before
/// are returned to the allocator that made them).
pub fn set_allocator(allocator: Arc<dyn Allocator>) {
    *ALLOCATOR.write().unwrap_or_else(|e| e.into_inner()) = Some(allocator);
}

/// The installed allocator ([`StreamOrderedAllocator`] unless [`set_allocator`] was called).
pub fn allocator() -> Arc<dyn Allocator> {
    if let Some(a) = ALLOCATOR.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
        return a.clone();
    }
    Arc::new(StreamOrderedAllocator)
}

/// Device memory of one CUDA device, owned: freed through the allocator that made it when
/// dropped. Shared by all views of an array through the array's `Arc<Storage>`.
pub struct CudaStorage {
    ordinal: usize,
    ptr: u64,
    nbytes: usize,
    allocator: Option<Arc<dyn Allocator>>,
}

impl std::fmt::Debug for CudaStorage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "CudaStorage(cuda:{}, ptr={:#x}, nbytes={})",
            self.ordinal, self.ptr, self.nbytes
        )
    }
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
    /// The `CUdeviceptr` of byte 0 of the buffer (0 for an empty buffer).
    pub fn device_ptr(&self) -> u64 {
        self.ptr
    }

    /// Wraps device memory obtained elsewhere. It is not freed on drop.
    ///
    /// # Safety
    /// `ptr` must address at least `nbytes` bytes of device `ordinal` that stay valid for as
    /// long as the returned storage (and every array viewing it) lives.
    pub unsafe fn from_raw_borrowed(ordinal: usize, ptr: u64, nbytes: usize) -> CudaStorage {
        CudaStorage {
            ordinal,
            ptr,
            nbytes,
            allocator: None,
        }
    }
}

impl Drop for CudaStorage {
    fn drop(&mut self) {
        let Some(a) = self.allocator.take() else {
            return;
        };
        if self.nbytes == 0 {
            return;
        }
        let r = bind("free", self.ordinal)
            .and_then(|_| current(self.ordinal))
            .and_then(|s| a.deallocate(self.ordinal, self.ptr, self.nbytes, &s));
        if let Err(e) = r {
            tracing::error!(
                "freeing {} bytes on cuda:{}: {e}",
                self.nbytes,
                self.ordinal
            );
        }
    }
}

/// Allocates `nbytes` on device `ordinal` through the installed allocator, on the calling
/// thread's current stream. Contents are unspecified.
///
/// # Errors
/// [`Error::DeviceUnavailable`] / [`Error::OutOfMemory`] / a CUDA error.
pub fn alloc(ordinal: usize, nbytes: usize) -> Result<CudaStorage> {
    bind("alloc", ordinal)?;
    if nbytes == 0 {
        return Ok(CudaStorage {
            ordinal,
            ptr: 0,
            nbytes: 0,
            allocator: None,
        });
    }
    let a = allocator();
    let s = current(ordinal)?;
    let ptr = a.allocate(ordinal, nbytes, &s)?;
    Ok(CudaStorage {
        ordinal,
        ptr,
        nbytes,
        allocator: Some(a),
    })
}

/// True when `p` is page-locked host memory known to CUDA (then an async copy reads it later).
fn is_pinned(p: *const u8) -> bool {
    let mut ty: u32 = 0;
    // SAFETY: cuPointerGetAttribute writes one u32 for MEMORY_TYPE; an unknown host pointer
    // yields CUDA_ERROR_INVALID_VALUE, not UB.
    let r = unsafe {
        sys::cuPointerGetAttribute(
            (&mut ty as *mut u32).cast(),
            sys::CUpointer_attribute::CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
            p as sys::CUdeviceptr,
        )
    };
    r == sys::CUresult::CUDA_SUCCESS
}

/// Copies host bytes into a new device buffer on the current stream.
///
/// # Errors
/// As [`alloc`], or a CUDA error from the copy.
pub fn from_host(ordinal: usize, bytes: &[u8]) -> Result<CudaStorage> {
    let s = alloc(ordinal, bytes.len())?;
    if bytes.is_empty() {
        return Ok(s);
    }
    let stream = current_raw(ordinal);
    // SAFETY: `s.ptr` addresses `bytes.len()` device bytes; from pageable memory the driver
    // stages the source before returning, so `bytes` may be dropped afterwards.
    unsafe {
        sys::cuMemcpyHtoDAsync_v2(s.ptr, bytes.as_ptr().cast(), bytes.len(), stream)
            .result()
            .map_err(|e| drv("cuMemcpyHtoDAsync", e))?;
    }
    if is_pinned(bytes.as_ptr()) {
        // page-locked source: the DMA reads it later; wait so the borrow can end.
        // SAFETY: valid stream handle of the current context.
        unsafe { sys::cuStreamSynchronize(stream) }
            .result()
            .map_err(|e| drv("cuStreamSynchronize", e))?;
    }
    Ok(s)
}

/// Copies `len` bytes starting at byte `start` of a device buffer to the host, synchronizing
/// with the calling thread's current stream first.
///
/// # Errors
/// [`Error::InvalidValue`] when the range is outside the buffer; a CUDA error otherwise.
pub fn to_host(s: &CudaStorage, start: usize, len: usize) -> Result<Vec<u8>> {
    if start.checked_add(len).is_none_or(|e| e > s.nbytes) {
        return Err(Error::invalid_value(
            "to_host",
            format!(
                "bytes {start}..{} are outside a buffer of {} bytes",
                start.saturating_add(len),
                s.nbytes
            ),
        ));
    }
    let mut out = vec![0u8; len];
    if len == 0 {
        return Ok(out);
    }
    bind("to_host", s.ordinal)?;
    let stream = current_raw(s.ordinal);
    // SAFETY: the source range was checked against the buffer; `out` has `len` bytes and
    // outlives the copy because we synchronize before returning.
    unsafe {
        sys::cuMemcpyDtoHAsync_v2(out.as_mut_ptr().cast(), s.ptr + start as u64, len, stream)
            .result()
            .map_err(|e| drv("cuMemcpyDtoHAsync", e))?;
        sys::cuStreamSynchronize(stream)
            .result()
            .map_err(|e| drv("cuStreamSynchronize", e))?;
    }
    Ok(out)
}

/// Copies `len` bytes from byte `start` of `src` into a new buffer on device `dst_ordinal`
/// (`cuMemcpyPeerAsync`: direct over NVLink/PCIe when peer access is possible, staged by the
/// driver otherwise). Ordered after the source device's current stream; the source device's
/// current stream then waits for the copy, so freeing `src` afterwards is safe.
///
/// # Errors
/// [`Error::InvalidValue`] for a range outside `src`; allocation or CUDA errors.
pub fn copy_peer(
    src: &CudaStorage,
    start: usize,
    len: usize,
    dst_ordinal: usize,
) -> Result<CudaStorage> {
    if start.checked_add(len).is_none_or(|e| e > src.nbytes) {
        return Err(Error::invalid_value(
            "copy_peer",
            format!(
                "bytes {start}..{} outside {} bytes",
                start + len,
                src.nbytes
            ),
        ));
    }
    let src_st = bind("copy_peer", src.ordinal)?;
    let src_stream = current(src.ordinal)?;
    let dst_st = bind("copy_peer", dst_ordinal)?;
    let dst = alloc(dst_ordinal, len)?;
    if len == 0 {
        return Ok(dst);
    }
    let dst_stream = current(dst_ordinal)?;
    let ready = src_stream.record()?;
    dst_stream.wait_event(&ready)?;
    bind("copy_peer", dst_ordinal)?;
    // SAFETY: both ranges are inside live buffers of their contexts; the copy is ordered after
    // the source stream's prior work by the event above.
    unsafe {
        sys::cuMemcpyPeerAsync(
            dst.ptr,
            dst_st.ctx.cu_ctx(),
            src.ptr + start as u64,
            src_st.ctx.cu_ctx(),
            len,
            dst_stream.raw(),
        )
        .result()
        .map_err(|e| drv("cuMemcpyPeerAsync", e))?;
    }
    let done = dst_stream.record()?;
    src_stream.wait_event(&done)?;
    Ok(dst)
}

/// Device-to-device copy of `len` bytes on the current stream of `dst`'s device (same device).
pub(crate) fn copy_dtod(dst: u64, src: u64, len: usize, ordinal: usize) -> Result<()> {
    // SAFETY: the caller passes ranges inside live buffers of device `ordinal`.
    unsafe { sys::cuMemcpyDtoDAsync_v2(dst, src, len, current_raw(ordinal)) }
        .result()
        .map_err(|e| drv("cuMemcpyDtoDAsync", e))
}

impl Array {
    /// The device address of element `(0, ..., 0)` (`base + offset * itemsize`) for an array on
    /// a CUDA device; `None` on the CPU. For handing the buffer to a raw kernel or a vendor
    /// library; strides are [`Array::strides`] (in elements).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let a = Array::from_vec_on(vec![1.0f32], &[1], Device::Cpu).unwrap();
    /// assert_eq!(a.device_ptr(), None);
    /// ```
    pub fn device_ptr(&self) -> Option<u64> {
        self.storage
            .as_cuda()
            .map(|c| c.ptr + (self.layout.offset * self.dtype.itemsize()) as u64)
    }
}
