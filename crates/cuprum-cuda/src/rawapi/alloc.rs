//! Allocation.

use super::*;

/// Allocates `size` bytes of device memory on device `device` (`cupy.cuda.runtime.malloc`,
/// `cudaMalloc` → `cuMemAlloc_v2`) and returns its address; `size == 0` gives 0, as
/// `cudaMalloc` does. Free it with [`free`]. The memory is not initialized.
///
/// # Errors
/// [`Error::DeviceUnavailable`] / [`Error::LibraryNotFound`] without the device; a CUDA error
/// (`CUDA_ERROR_OUT_OF_MEMORY`) otherwise.
///
/// # Example
/// ```
/// use cuprum_cuda::runtime;
/// if let Ok(p) = runtime::malloc(0, 256) {
///     // SAFETY: `p` came from malloc on device 0 and is freed once.
///     unsafe { runtime::free(0, p) }.unwrap();
/// }
/// ```
pub fn malloc(device: usize, size: usize) -> Result<u64> {
    bind("malloc", device)?;
    if size == 0 {
        return Ok(0);
    }
    let mut p: sys::CUdeviceptr = 0;
    // SAFETY: writes one device pointer into `p`; the device's context is current.
    call("cuMemAlloc_v2", || unsafe {
        sys::cuMemAlloc_v2(&mut p, size)
    })?;
    Ok(p)
}

/// Frees memory from [`malloc`] or [`malloc_managed`] (`cupy.cuda.runtime.free`, `cudaFree` →
/// `cuMemFree_v2`); 0 is a no-op. Like `cudaFree` it does not wait for queued work that uses
/// the memory: synchronize first.
///
/// # Safety
/// `ptr` must be 0 or an address returned by [`malloc`] / [`malloc_managed`] and not freed
/// yet; no queued or later work may use it.
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_INVALID_VALUE` for an address the driver did not hand out.
pub unsafe fn free(device: usize, ptr: u64) -> Result<()> {
    bind("free", device)?;
    if ptr == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract: `ptr` is a live allocation no work uses any more.
    call("cuMemFree_v2", || unsafe { sys::cuMemFree_v2(ptr) })
}

/// `cudaMemAttachGlobal`: managed memory any stream of any device may access (the default of
/// [`malloc_managed`]).
pub const MEM_ATTACH_GLOBAL: u32 = 1;
/// `cudaMemAttachHost`: managed memory first accessible from the host only.
pub const MEM_ATTACH_HOST: u32 = 2;

/// Allocates `size` bytes of managed (unified) memory, accessible from the host and every
/// device (`cupy.cuda.runtime.mallocManaged(size, flags)`, `cuMemAllocManaged`); `flags` is
/// [`MEM_ATTACH_GLOBAL`] (CuPy's default) or [`MEM_ATTACH_HOST`]. `size == 0` gives 0. Free it
/// with [`free`].
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_NOT_SUPPORTED` on a device without managed memory.
pub fn malloc_managed(device: usize, size: usize, flags: u32) -> Result<u64> {
    bind("malloc_managed", device)?;
    if size == 0 {
        return Ok(0);
    }
    let mut p: sys::CUdeviceptr = 0;
    // SAFETY: writes one device pointer into `p`; the device's context is current.
    call("cuMemAllocManaged", || unsafe {
        sys::cuMemAllocManaged(&mut p, size, flags)
    })?;
    Ok(p)
}

/// Allocates `size` bytes in the order of `stream` from its device's current memory pool
/// (`cupy.cuda.runtime.mallocAsync(size, stream)`, `cuMemAllocAsync`): work queued on the
/// stream after this call may use it. `size == 0` gives 0. Free it with [`free_async`].
///
/// # Errors
/// As [`malloc`].
pub fn malloc_async(size: usize, stream: &Stream) -> Result<u64> {
    bind("malloc_async", stream.ordinal())?;
    if size == 0 {
        return Ok(0);
    }
    let mut p: sys::CUdeviceptr = 0;
    // SAFETY: writes one device pointer; the stream belongs to the current context.
    call("cuMemAllocAsync", || unsafe {
        sys::cuMemAllocAsync(&mut p, size, stream.raw())
    })?;
    Ok(p)
}

/// Allocates `size` bytes from `pool` in the order of `stream`
/// (`cupy.cuda.runtime.mallocFromPoolAsync(size, pool, stream)`, `cuMemAllocFromPoolAsync`).
/// `size == 0` gives 0. Free it with [`free_async`].
///
/// # Safety
/// `pool` must be a live memory pool ([`mem_pool_create`], [`device_get_default_mem_pool`],
/// [`device_get_mem_pool`]) whose memory `stream`'s device can access.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn malloc_from_pool_async(
    size: usize,
    pool: sys::CUmemoryPool,
    stream: &Stream,
) -> Result<u64> {
    bind("malloc_from_pool_async", stream.ordinal())?;
    if size == 0 {
        return Ok(0);
    }
    let mut p: sys::CUdeviceptr = 0;
    // SAFETY: the caller's contract on `pool`; writes one device pointer.
    call("cuMemAllocFromPoolAsync", || unsafe {
        sys::cuMemAllocFromPoolAsync(&mut p, size, pool, stream.raw())
    })?;
    Ok(p)
}

/// Frees memory from [`malloc_async`] / [`malloc_from_pool_async`] in the order of `stream`
/// (`cupy.cuda.runtime.freeAsync(ptr, stream)`, `cuMemFreeAsync`): work queued on the stream
/// before this call may still use it. 0 is a no-op.
///
/// # Safety
/// `ptr` must be 0 or a stream-ordered allocation not freed yet; work queued after this call
/// (on any stream) must not use it.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn free_async(ptr: u64, stream: &Stream) -> Result<()> {
    bind("free_async", stream.ordinal())?;
    if ptr == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract on `ptr`; the stream belongs to the current context.
    call("cuMemFreeAsync", || unsafe {
        sys::cuMemFreeAsync(ptr, stream.raw())
    })
}

/// `cudaHostAllocPortable` / `cudaHostRegisterPortable`: pinned for every context.
pub const HOST_PORTABLE: u32 = 1;
/// `cudaHostAllocMapped` / `cudaHostRegisterMapped`: mapped into the device address space.
pub const HOST_MAPPED: u32 = 2;

/// Allocates `size` bytes of page-locked host memory (`cupy.cuda.runtime.hostAlloc(size,
/// flags)`, `cuMemHostAlloc`) with device `device`'s context current; `flags` are
/// `cudaHostAlloc*` bits ([`HOST_PORTABLE`], [`HOST_MAPPED`], 4 = write-combined). Returns the
/// host address as an integer; `size == 0` gives 0. Free it with [`free_host`].
///
/// # Errors
/// As [`malloc`].
pub fn host_alloc(device: usize, size: usize, flags: u32) -> Result<u64> {
    bind("host_alloc", device)?;
    if size == 0 {
        return Ok(0);
    }
    let mut p: *mut c_void = std::ptr::null_mut();
    // SAFETY: writes one host pointer into `p`; the context is current.
    call("cuMemHostAlloc", || unsafe {
        sys::cuMemHostAlloc(&mut p, size, flags)
    })?;
    Ok(p as u64)
}

/// Frees page-locked memory from [`host_alloc`] (`cupy.cuda.runtime.freeHost`,
/// `cuMemFreeHost`); 0 is a no-op.
///
/// # Safety
/// `ptr` must be 0 or an address from [`host_alloc`] not freed yet, used by no queued work.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn free_host(device: usize, ptr: u64) -> Result<()> {
    bind("free_host", device)?;
    if ptr == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract on `ptr`.
    call("cuMemFreeHost", || unsafe {
        sys::cuMemFreeHost(ptr as *mut c_void)
    })
}

/// Page-locks `size` bytes of existing host memory at `ptr` (`cupy.cuda.runtime.hostRegister(
/// ptr, size, flags)`, `cuMemHostRegister_v2`) so that copies from and to it are DMA transfers;
/// `flags` are `cudaHostRegister*` bits ([`HOST_PORTABLE`], [`HOST_MAPPED`], ...). Undo with
/// [`host_unregister`].
///
/// # Safety
/// `ptr..ptr + size` must be host memory of this process that stays allocated until
/// [`host_unregister`].
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_HOST_MEMORY_ALREADY_REGISTERED` when it already is.
pub unsafe fn host_register(device: usize, ptr: u64, size: usize, flags: u32) -> Result<()> {
    bind("host_register", device)?;
    // SAFETY: the caller's contract on the range.
    call("cuMemHostRegister_v2", || unsafe {
        sys::cuMemHostRegister_v2(ptr as *mut c_void, size, flags)
    })
}

/// Undoes [`host_register`] (`cupy.cuda.runtime.hostUnregister`, `cuMemHostUnregister`).
///
/// # Safety
/// No queued work may still use the memory as page-locked memory.
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_HOST_MEMORY_NOT_REGISTERED` when it is not registered.
pub unsafe fn host_unregister(device: usize, ptr: u64) -> Result<()> {
    bind("host_unregister", device)?;
    // SAFETY: the caller's contract.
    call("cuMemHostUnregister", || unsafe {
        sys::cuMemHostUnregister(ptr as *mut c_void)
    })
}
