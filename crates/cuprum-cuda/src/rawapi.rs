//! The raw-pointer part of `cupy.cuda.runtime`: allocation, copies, managed memory, pointer
//! attributes, raw streams and events, host callbacks, IPC handles, graph handles, limits and
//! memory pools. Re-exported from [`runtime`](super::runtime); see its docs.
//!
//! These are thin wrappers over the driver API (the runtime function each mirrors is named in
//! its docs). Addresses are `u64` (`CUdeviceptr`, and host addresses as integers too), as CuPy
//! passes them as Python ints; handles are cudarc's raw `sys` types. Unlike CuPy, which acts on
//! the current device, every function takes the device ordinal whose primary context it binds.
//! Functions that read, write, free or hand out memory through an address or handle the caller
//! supplies are `unsafe`. Every function returns an error naming the driver call and the CUDA
//! error, never panics; without a driver the error is the one every `runtime` function gives
//! ([`Error::LibraryNotFound`] or [`Error::DeviceUnavailable`]).

use super::driver::{bind, drv, guard, runtime, unavailable};
use super::stream::Stream;
use crate::{Device, Error, Result};
use cudarc::driver::{DriverError, sys};
use std::ffi::c_void;

/// Runs one driver call under the loader guard (a missing symbol of an old driver is
/// [`Error::LibraryNotFound`], not a panic) and names it in the error.
fn call(op: &'static str, f: impl FnOnce() -> sys::CUresult) -> Result<()> {
    guard("libcuda", || f().result().map_err(|e| drv(op, e)))
}

/// The error when no driver is loaded (for the functions that take no device).
fn need_driver(op: &'static str) -> Result<()> {
    match runtime() {
        Ok(_) => Ok(()),
        Err(_) => Err(unavailable(op, 0)),
    }
}

// ---------------------------------------------------------------------------------------------
// Allocation
// ---------------------------------------------------------------------------------------------

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

// ---------------------------------------------------------------------------------------------
// Copies
// ---------------------------------------------------------------------------------------------

/// Copies `size` bytes from `src` to `dst` (`cupy.cuda.runtime.memcpy`, `cuMemcpy`) and waits
/// for it. The direction (host/device, either end) is inferred from the addresses, as with
/// CuPy's `cudaMemcpyDefault` (unified addressing, which every 64-bit CUDA platform has), so no
/// `kind` is taken.
///
/// # Safety
/// `src..src + size` must be readable and `dst..dst + size` writable memory (host memory of
/// this process or device memory), not overlapping.
///
/// # Errors
/// As [`malloc`]; a CUDA error for an invalid address.
pub unsafe fn memcpy(device: usize, dst: u64, src: u64, size: usize) -> Result<()> {
    bind("memcpy", device)?;
    if size == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract on both ranges.
    call("cuMemcpy", || unsafe { sys::cuMemcpy(dst, src, size) })
}

/// [`memcpy`] in the order of `stream` (`cupy.cuda.runtime.memcpyAsync`, `cuMemcpyAsync`);
/// asynchronous for device memory and page-locked host memory.
///
/// # Safety
/// As [`memcpy`], until the copy is done in stream order.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn memcpy_async(dst: u64, src: u64, size: usize, stream: &Stream) -> Result<()> {
    bind("memcpy_async", stream.ordinal())?;
    if size == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract on both ranges; the stream belongs to the context.
    call("cuMemcpyAsync", || unsafe {
        sys::cuMemcpyAsync(dst, src, size, stream.raw())
    })
}

fn peer_ctx(op: &'static str, device: usize) -> Result<sys::CUcontext> {
    Ok(super::driver::device(op, device)?.ctx.cu_ctx())
}

/// Copies `size` bytes from `src` on device `src_device` to `dst` on device `dst_device`
/// (`cupy.cuda.runtime.memcpyPeer(dst, dst_device, src, src_device, size)`, `cuMemcpyPeer`)
/// and waits for it; works without peer access (staged through the host then).
///
/// # Safety
/// `src..src + size` must be device memory of `src_device`, `dst..dst + size` of
/// `dst_device`.
///
/// # Errors
/// As [`malloc`], for either device.
pub unsafe fn memcpy_peer(
    dst: u64,
    dst_device: usize,
    src: u64,
    src_device: usize,
    size: usize,
) -> Result<()> {
    let sc = peer_ctx("memcpy_peer", src_device)?;
    let dc = peer_ctx("memcpy_peer", dst_device)?;
    bind("memcpy_peer", dst_device)?;
    if size == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract on both ranges; both contexts are retained primaries.
    call("cuMemcpyPeer", || unsafe {
        sys::cuMemcpyPeer(dst, dc, src, sc, size)
    })
}

/// [`memcpy_peer`] in the order of `stream` (`cupy.cuda.runtime.memcpyPeerAsync(dst,
/// dst_device, src, src_device, size, stream)`, `cuMemcpyPeerAsync`).
///
/// # Safety
/// As [`memcpy_peer`], until the copy is done in stream order.
///
/// # Errors
/// As [`memcpy_peer`].
pub unsafe fn memcpy_peer_async(
    dst: u64,
    dst_device: usize,
    src: u64,
    src_device: usize,
    size: usize,
    stream: &Stream,
) -> Result<()> {
    let sc = peer_ctx("memcpy_peer_async", src_device)?;
    let dc = peer_ctx("memcpy_peer_async", dst_device)?;
    bind("memcpy_peer_async", stream.ordinal())?;
    if size == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract on both ranges; the stream belongs to the current context.
    call("cuMemcpyPeerAsync", || unsafe {
        sys::cuMemcpyPeerAsync(dst, dc, src, sc, size, stream.raw())
    })
}

/// A 2-D copy description: every field set (the memory-type fields are Rust enums without a
/// zero value, so the struct must never be zero-initialized).
#[allow(clippy::too_many_arguments)]
fn memcpy2d(
    src_type: sys::CUmemorytype,
    src: u64,
    src_array: sys::CUarray,
    spitch: usize,
    src_xy: (usize, usize),
    dst_type: sys::CUmemorytype,
    dst: u64,
    dst_array: sys::CUarray,
    dpitch: usize,
    dst_xy: (usize, usize),
    width: usize,
    height: usize,
) -> sys::CUDA_MEMCPY2D {
    sys::CUDA_MEMCPY2D {
        srcXInBytes: src_xy.0,
        srcY: src_xy.1,
        srcMemoryType: src_type,
        srcHost: std::ptr::null(),
        srcDevice: src,
        srcArray: src_array,
        srcPitch: spitch,
        dstXInBytes: dst_xy.0,
        dstY: dst_xy.1,
        dstMemoryType: dst_type,
        dstHost: std::ptr::null_mut(),
        dstDevice: dst,
        dstArray: dst_array,
        dstPitch: dpitch,
        WidthInBytes: width,
        Height: height,
    }
}

/// Turns a unified-addressing end of `p` that is ordinary (pageable, unregistered) host memory
/// into an explicit `CU_MEMORYTYPE_HOST` end, as the runtime does for `cudaMemcpyDefault`: the
/// driver's 2-D copies take pageable memory only as a host pointer.
fn host_ends(p: &mut sys::CUDA_MEMCPY2D) -> Result<()> {
    let unified = |t: sys::CUmemorytype| matches!(t, sys::CUmemorytype::CU_MEMORYTYPE_UNIFIED);
    if unified(p.srcMemoryType)
        && pointer_get_attributes(p.srcDevice)?.memory_type == MemoryType::Unregistered
    {
        p.srcMemoryType = sys::CUmemorytype::CU_MEMORYTYPE_HOST;
        p.srcHost = p.srcDevice as *const c_void;
        p.srcDevice = 0;
    }
    if unified(p.dstMemoryType)
        && pointer_get_attributes(p.dstDevice)?.memory_type == MemoryType::Unregistered
    {
        p.dstMemoryType = sys::CUmemorytype::CU_MEMORYTYPE_HOST;
        p.dstHost = p.dstDevice as *mut c_void;
        p.dstDevice = 0;
    }
    Ok(())
}

/// The `CUDA_MEMCPY2D` of a unified-addressing 2-D copy.
fn copy_2d(
    dst: u64,
    dpitch: usize,
    src: u64,
    spitch: usize,
    width: usize,
    height: usize,
) -> sys::CUDA_MEMCPY2D {
    let u = sys::CUmemorytype::CU_MEMORYTYPE_UNIFIED;
    let null = std::ptr::null_mut();
    memcpy2d(
        u,
        src,
        null,
        spitch,
        (0, 0),
        u,
        dst,
        null,
        dpitch,
        (0, 0),
        width,
        height,
    )
}

fn check_pitch(op: &'static str, dpitch: usize, spitch: usize, width: usize) -> Result<()> {
    if width > dpitch || width > spitch {
        return Err(Error::InvalidValue {
            op,
            reason: format!(
                "the row width {width} is larger than a pitch (destination {dpitch}, source {spitch})"
            ),
        });
    }
    Ok(())
}

/// Copies a 2-D region of `height` rows of `width` bytes from `src` (rows `spitch` bytes
/// apart) to `dst` (rows `dpitch` bytes apart) and waits for it
/// (`cupy.cuda.runtime.memcpy2D(dst, dpitch, src, spitch, width, height, kind)`,
/// `cuMemcpy2D_v2`). As with [`memcpy`] the direction is inferred from the addresses
/// (`cudaMemcpyDefault`): each end is `CU_MEMORYTYPE_UNIFIED`, or `CU_MEMORYTYPE_HOST` when
/// [`pointer_get_attributes`] says it is ordinary (unregistered) host memory.
///
/// **Shapes**: reads bytes `src + r * spitch .. + width` and writes `dst + r * dpitch .. +
/// width` for `r < height`.
///
/// # Safety
/// Those ranges must be readable (source) and writable (destination) host or device memory.
///
/// # Errors
/// [`Error::InvalidValue`] when `width` exceeds a pitch; as [`malloc`] otherwise.
pub unsafe fn memcpy_2d(
    device: usize,
    dst: u64,
    dpitch: usize,
    src: u64,
    spitch: usize,
    width: usize,
    height: usize,
) -> Result<()> {
    check_pitch("memcpy_2d", dpitch, spitch, width)?;
    bind("memcpy_2d", device)?;
    if width == 0 || height == 0 {
        return Ok(());
    }
    let mut p = copy_2d(dst, dpitch, src, spitch, width, height);
    host_ends(&mut p)?;
    // SAFETY: the caller's contract on the ranges `p` describes.
    call("cuMemcpy2D_v2", || unsafe { sys::cuMemcpy2D_v2(&p) })
}

/// [`memcpy_2d`] in the order of `stream` (`cupy.cuda.runtime.memcpy2DAsync`,
/// `cuMemcpy2DAsync_v2`).
///
/// # Safety
/// As [`memcpy_2d`], until the copy is done in stream order.
///
/// # Errors
/// As [`memcpy_2d`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn memcpy_2d_async(
    dst: u64,
    dpitch: usize,
    src: u64,
    spitch: usize,
    width: usize,
    height: usize,
    stream: &Stream,
) -> Result<()> {
    check_pitch("memcpy_2d_async", dpitch, spitch, width)?;
    bind("memcpy_2d_async", stream.ordinal())?;
    if width == 0 || height == 0 {
        return Ok(());
    }
    let mut p = copy_2d(dst, dpitch, src, spitch, width, height);
    host_ends(&mut p)?;
    // SAFETY: the caller's contract on the ranges; the stream belongs to the context.
    call("cuMemcpy2DAsync_v2", || unsafe {
        sys::cuMemcpy2DAsync_v2(&p, stream.raw())
    })
}

/// The driver's 3-D copy description (`CUDA_MEMCPY3D`), what CuPy's `Memcpy3DParms` holds:
/// start from [`memcpy_3d_params`], set the addresses (`srcDevice`/`dstDevice` for any address
/// under unified addressing, or `srcArray`/`dstArray` with `CU_MEMORYTYPE_ARRAY`), pitches,
/// heights and the extent (`WidthInBytes`, `Height`, `Depth`). Never zero-initialize it: its
/// memory-type fields have no zero value.
pub type Memcpy3DParams = sys::CUDA_MEMCPY3D;

/// An empty [`Memcpy3DParams`]: both ends `CU_MEMORYTYPE_UNIFIED` at address 0, every offset,
/// pitch and extent 0 (CuPy's `Memcpy3DParms()` before its fields are set).
///
/// # Example
/// ```
/// let mut p = cuprum_cuda::runtime::memcpy_3d_params();
/// p.WidthInBytes = 16;
/// p.Height = 4;
/// p.Depth = 2;
/// assert_eq!(p.srcPitch, 0);
/// ```
pub fn memcpy_3d_params() -> Memcpy3DParams {
    let u = sys::CUmemorytype::CU_MEMORYTYPE_UNIFIED;
    sys::CUDA_MEMCPY3D {
        srcXInBytes: 0,
        srcY: 0,
        srcZ: 0,
        srcLOD: 0,
        srcMemoryType: u,
        srcHost: std::ptr::null(),
        srcDevice: 0,
        srcArray: std::ptr::null_mut(),
        reserved0: std::ptr::null_mut(),
        srcPitch: 0,
        srcHeight: 0,
        dstXInBytes: 0,
        dstY: 0,
        dstZ: 0,
        dstLOD: 0,
        dstMemoryType: u,
        dstHost: std::ptr::null_mut(),
        dstDevice: 0,
        dstArray: std::ptr::null_mut(),
        reserved1: std::ptr::null_mut(),
        dstPitch: 0,
        dstHeight: 0,
        WidthInBytes: 0,
        Height: 0,
        Depth: 0,
    }
}

/// Performs the 3-D copy `params` describes and waits for it (`cupy.cuda.runtime.memcpy3D`,
/// `cuMemcpy3D_v2`).
///
/// # Safety
/// Every address in `params` must be valid for the ranges the copy reads and writes (CUDA
/// arrays must be live).
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_INVALID_VALUE` for an inconsistent description.
pub unsafe fn memcpy_3d(device: usize, params: &Memcpy3DParams) -> Result<()> {
    bind("memcpy_3d", device)?;
    // SAFETY: the caller's contract on the description.
    call("cuMemcpy3D_v2", || unsafe { sys::cuMemcpy3D_v2(params) })
}

/// [`memcpy_3d`] in the order of `stream` (`cupy.cuda.runtime.memcpy3DAsync`,
/// `cuMemcpy3DAsync_v2`).
///
/// # Safety
/// As [`memcpy_3d`], until the copy is done in stream order.
///
/// # Errors
/// As [`memcpy_3d`].
pub unsafe fn memcpy_3d_async(params: &Memcpy3DParams, stream: &Stream) -> Result<()> {
    bind("memcpy_3d_async", stream.ordinal())?;
    // SAFETY: the caller's contract; the stream belongs to the current context.
    call("cuMemcpy3DAsync_v2", || unsafe {
        sys::cuMemcpy3DAsync_v2(params, stream.raw())
    })
}

// ---------------------------------------------------------------------------------------------
// Managed memory and pointer attributes
// ---------------------------------------------------------------------------------------------

fn location(d: Device) -> sys::CUmemLocation {
    match d {
        Device::Cpu => sys::CUmemLocation {
            type_: sys::CUmemLocationType::CU_MEM_LOCATION_TYPE_HOST,
            id: 0,
        },
        Device::Cuda(i) => sys::CUmemLocation {
            type_: sys::CUmemLocationType::CU_MEM_LOCATION_TYPE_DEVICE,
            id: i as i32,
        },
    }
}

/// Migrates `count` bytes of managed memory at `ptr` to `dst` (a GPU, or [`Device::Cpu`] for
/// CuPy's `cudaCpuDeviceId`) in the order of `stream` (`cupy.cuda.runtime.memPrefetchAsync(
/// ptr, count, dst_device, stream)`, `cuMemPrefetchAsync_v2`).
///
/// # Safety
/// `ptr..ptr + count` must be managed memory ([`malloc_managed`]) that stays allocated until
/// the prefetch is done in stream order.
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_INVALID_VALUE` for memory that is not managed.
pub unsafe fn mem_prefetch_async(
    ptr: u64,
    count: usize,
    dst: Device,
    stream: &Stream,
) -> Result<()> {
    bind("mem_prefetch_async", stream.ordinal())?;
    let loc = location(dst);
    // SAFETY: the caller's contract on the range; the stream belongs to the current context.
    call("cuMemPrefetchAsync_v2", || unsafe {
        sys::cuMemPrefetchAsync_v2(ptr, count, loc, 0, stream.raw())
    })
}

/// cudarc's `CUmem_advise` (`cudaMemAdvise*`: `CU_MEM_ADVISE_SET_READ_MOSTLY`, ...).
pub use sys::CUmem_advise as MemAdvise;

/// Advises the driver how `count` bytes of managed memory at `ptr` will be used
/// (`cupy.cuda.runtime.memAdvise(ptr, count, advice, device)`, `cuMemAdvise_v2`); `device` is
/// the location the advice names ([`Device::Cpu`] for `cudaCpuDeviceId`). The context of
/// `bind_device` is made current for the call.
///
/// # Safety
/// `ptr..ptr + count` must be managed memory of this process.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn mem_advise(
    bind_device: usize,
    ptr: u64,
    count: usize,
    advice: MemAdvise,
    device: Device,
) -> Result<()> {
    bind("mem_advise", bind_device)?;
    let loc = location(device);
    // SAFETY: the caller's contract on the range.
    call("cuMemAdvise_v2", || unsafe {
        sys::cuMemAdvise_v2(ptr, count, advice, loc)
    })
}

/// What kind of memory an address is (CuPy's `cudaMemoryType*` values, in order).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MemoryType {
    /// Not known to CUDA (ordinary host memory), `cudaMemoryTypeUnregistered` (0).
    Unregistered,
    /// Page-locked host memory, `cudaMemoryTypeHost` (1).
    Host,
    /// Device memory, `cudaMemoryTypeDevice` (2).
    Device,
    /// Managed memory, `cudaMemoryTypeManaged` (3).
    Managed,
}

/// What [`pointer_get_attributes`] returns (CuPy's `PointerAttributes`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PointerAttributes {
    /// The kind of memory (`type`).
    pub memory_type: MemoryType,
    /// The device the memory belongs to (`device`); -1 for unregistered memory.
    pub device: i32,
    /// The address usable on the device (`devicePointer`); 0 when there is none.
    pub device_pointer: u64,
    /// The address usable on the host (`hostPointer`); 0 when there is none.
    pub host_pointer: u64,
}

/// What CUDA knows about the address `ptr` (`cupy.cuda.runtime.pointerGetAttributes`,
/// `cuPointerGetAttributes`): for ordinary host memory the type is
/// [`MemoryType::Unregistered`] and the rest is empty, not an error.
///
/// Safe: nothing is read or written through `ptr`; the driver only looks it up.
///
/// # Errors
/// [`Error::LibraryNotFound`] / [`Error::DeviceUnavailable`] without a driver; a CUDA error
/// otherwise.
///
/// # Example
/// ```
/// use cuprum_cuda::runtime::{pointer_get_attributes, MemoryType};
/// let x = 5u64;
/// if let Ok(a) = pointer_get_attributes(&x as *const u64 as u64) {
///     assert_eq!(a.memory_type, MemoryType::Unregistered);
/// }
/// ```
pub fn pointer_get_attributes(ptr: u64) -> Result<PointerAttributes> {
    need_driver("pointer_get_attributes")?;
    // Some drivers want a current context for the look-up: bind device 0's when the thread
    // has none (any context answers for every address under unified addressing).
    let mut cur: sys::CUcontext = std::ptr::null_mut();
    // SAFETY: writes one context handle.
    call("cuCtxGetCurrent", || unsafe {
        sys::cuCtxGetCurrent(&mut cur)
    })?;
    if cur.is_null() && super::driver::device_count() > 0 {
        bind("pointer_get_attributes", 0)?;
    }
    use sys::CUpointer_attribute as P;
    let mut mem_type: u32 = 0;
    let mut ordinal: i32 = -1;
    let mut dptr: u64 = 0;
    let mut hptr: *mut c_void = std::ptr::null_mut();
    let mut managed: u32 = 0;
    let mut attrs = [
        P::CU_POINTER_ATTRIBUTE_MEMORY_TYPE,
        P::CU_POINTER_ATTRIBUTE_DEVICE_ORDINAL,
        P::CU_POINTER_ATTRIBUTE_DEVICE_POINTER,
        P::CU_POINTER_ATTRIBUTE_HOST_POINTER,
        P::CU_POINTER_ATTRIBUTE_IS_MANAGED,
    ];
    let mut data: [*mut c_void; 5] = [
        (&mut mem_type as *mut u32).cast(),
        (&mut ordinal as *mut i32).cast(),
        (&mut dptr as *mut u64).cast(),
        (&mut hptr as *mut *mut c_void).cast(),
        (&mut managed as *mut u32).cast(),
    ];
    // SAFETY: each data slot points at storage of the attribute's type (CUmemorytype as u32,
    // int, CUdeviceptr, void*, and a bool written into a zeroed u32); 5 attributes, 5 slots.
    call("cuPointerGetAttributes", || unsafe {
        sys::cuPointerGetAttributes(5, attrs.as_mut_ptr(), data.as_mut_ptr(), ptr)
    })?;
    let memory_type = if managed != 0 {
        MemoryType::Managed
    } else if mem_type == sys::CUmemorytype::CU_MEMORYTYPE_HOST as u32 {
        MemoryType::Host
    } else if mem_type == sys::CUmemorytype::CU_MEMORYTYPE_DEVICE as u32 {
        MemoryType::Device
    } else {
        MemoryType::Unregistered
    };
    Ok(PointerAttributes {
        memory_type,
        device: if memory_type == MemoryType::Unregistered {
            -1
        } else {
            ordinal
        },
        device_pointer: dptr,
        host_pointer: hptr as u64,
    })
}

// ---------------------------------------------------------------------------------------------
// Raw streams and events, host callbacks
// ---------------------------------------------------------------------------------------------

/// `cudaStreamNonBlocking`: the stream does not synchronize with the legacy default stream.
pub const STREAM_NON_BLOCKING: u32 = 1;

/// Creates a raw stream on device `device` (`cupy.cuda.runtime.streamCreateWithFlags(flags)`,
/// `cuStreamCreate`); `flags` is 0 or [`STREAM_NON_BLOCKING`]. Use it through
/// [`ExternalStream::new`](super::ExternalStream::new); destroy it with [`stream_destroy`].
/// (A [`Stream`](super::Stream) from `Stream::new` owns its handle and destroys it itself.)
///
/// # Errors
/// As [`malloc`].
pub fn stream_create_with_flags(device: usize, flags: u32) -> Result<sys::CUstream> {
    bind("stream_create_with_flags", device)?;
    let mut s: sys::CUstream = std::ptr::null_mut();
    // SAFETY: writes one stream handle; the context is current.
    call("cuStreamCreate", || unsafe {
        sys::cuStreamCreate(&mut s, flags)
    })?;
    Ok(s)
}

/// [`stream_create_with_flags`] with a priority (`cupy.cuda.runtime.streamCreateWithPriority(
/// flags, priority)`, `cuStreamCreateWithPriority`): lower numbers run first; values outside
/// the device's range ([`device_get_stream_priority_range`]) are clamped by CUDA.
///
/// # Errors
/// As [`malloc`].
pub fn stream_create_with_priority(
    device: usize,
    flags: u32,
    priority: i32,
) -> Result<sys::CUstream> {
    bind("stream_create_with_priority", device)?;
    let mut s: sys::CUstream = std::ptr::null_mut();
    // SAFETY: writes one stream handle; the context is current.
    call("cuStreamCreateWithPriority", || unsafe {
        sys::cuStreamCreateWithPriority(&mut s, flags, priority)
    })?;
    Ok(s)
}

/// The `(least, greatest)` stream priorities of device `device`
/// (`cudaDeviceGetStreamPriorityRange`, `cuCtxGetStreamPriorityRange`), e.g. `(0, -5)`.
///
/// # Errors
/// As [`malloc`].
pub fn device_get_stream_priority_range(device: usize) -> Result<(i32, i32)> {
    bind("device_get_stream_priority_range", device)?;
    let (mut least, mut greatest) = (0, 0);
    // SAFETY: writes two ints; the context is current.
    call("cuCtxGetStreamPriorityRange", || unsafe {
        sys::cuCtxGetStreamPriorityRange(&mut least, &mut greatest)
    })?;
    Ok((least, greatest))
}

/// The priority of a raw stream (`cudaStreamGetPriority`, `cuStreamGetPriority`).
///
/// # Safety
/// `stream` must be a live stream of device `device` (or a [`Stream::raw`](super::Stream::raw)).
///
/// # Errors
/// As [`malloc`].
pub unsafe fn stream_get_priority(device: usize, stream: sys::CUstream) -> Result<i32> {
    bind("stream_get_priority", device)?;
    let mut p = 0;
    // SAFETY: the caller's contract on `stream`; writes one int.
    call("cuStreamGetPriority", || unsafe {
        sys::cuStreamGetPriority(stream, &mut p)
    })?;
    Ok(p)
}

/// Destroys a raw stream from [`stream_create_with_flags`] / [`stream_create_with_priority`]
/// (`cupy.cuda.runtime.streamDestroy`, `cuStreamDestroy_v2`). Work already queued on it still
/// runs; the handle is released when it is done.
///
/// # Safety
/// `stream` must be such a stream, not destroyed yet, and no wrapper of it
/// ([`ExternalStream`](super::ExternalStream)) may be used afterwards.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn stream_destroy(device: usize, stream: sys::CUstream) -> Result<()> {
    bind("stream_destroy", device)?;
    // SAFETY: the caller's contract.
    call("cuStreamDestroy_v2", || unsafe {
        sys::cuStreamDestroy_v2(stream)
    })
}

type HostFn = Box<dyn FnOnce() + Send + 'static>;
type StreamCallback = Box<dyn FnOnce(Result<()>) + Send + 'static>;

unsafe extern "C" fn host_fn_trampoline(data: *mut c_void) {
    // SAFETY: `data` is the `Box<HostFn>` leaked by `launch_host_func`, called exactly once.
    let f = unsafe { Box::from_raw(data.cast::<HostFn>()) };
    // a panic must not unwind into the driver
    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(*f)).is_err() {
        tracing::error!("launch_host_func: the host function panicked");
    }
}

unsafe extern "C" fn stream_callback_trampoline(
    _stream: sys::CUstream,
    status: sys::CUresult,
    data: *mut c_void,
) {
    // SAFETY: `data` is the `Box<StreamCallback>` leaked by `stream_add_callback`, called once.
    let f = unsafe { Box::from_raw(data.cast::<StreamCallback>()) };
    let r = status.result().map_err(|e| drv("stream callback", e));
    if std::panic::catch_unwind(std::panic::AssertUnwindSafe(move || f(r))).is_err() {
        tracing::error!("stream_add_callback: the callback panicked");
    }
}

/// Queues `f` on `stream` to run on a driver thread once the work queued before it is done;
/// work queued after it waits for `f` to return (`cupy.cuda.runtime.launchHostFunc(stream,
/// callback, arg)`, `cuLaunchHostFunc`). The closure takes CuPy's `arg` by capture.
///
/// `f` must not call CUDA (any cuprum device operation), as CUDA requires of host functions;
/// it may signal a channel, set atomics, log. A panic in `f` is caught and logged.
///
/// # Errors
/// As [`malloc`] (then `f` is dropped without running).
///
/// # Example
/// ```
/// use cuprum_cuda::{runtime, Stream};
/// if let Ok(s) = Stream::new(0) {
///     let (tx, rx) = std::sync::mpsc::channel();
///     runtime::launch_host_func(&s, move || tx.send(7).unwrap()).unwrap();
///     s.synchronize().unwrap();
///     assert_eq!(rx.recv().unwrap(), 7);
/// }
/// ```
pub fn launch_host_func(stream: &Stream, f: impl FnOnce() + Send + 'static) -> Result<()> {
    bind("launch_host_func", stream.ordinal())?;
    let data = Box::into_raw(Box::new(Box::new(f) as HostFn)).cast::<c_void>();
    // SAFETY: the trampoline takes ownership of `data` once when it runs; the stream belongs to
    // the current context.
    let r = call("cuLaunchHostFunc", || unsafe {
        sys::cuLaunchHostFunc(stream.raw(), Some(host_fn_trampoline), data)
    });
    if r.is_err() {
        // SAFETY: the launch failed, so the trampoline never runs: reclaim the box.
        drop(unsafe { Box::from_raw(data.cast::<HostFn>()) });
    }
    r
}

/// Queues `callback` on `stream` like [`launch_host_func`], passing it the stream's status
/// (`Ok`, or the CUDA error of earlier work) (`cupy.cuda.runtime.streamAddCallback(stream,
/// callback, arg, flags=0)`, `cuStreamAddCallback`). CUDA documents this call as superseded by
/// `launchHostFunc`. The same rules apply: no CUDA calls inside; panics are caught and logged.
///
/// # Errors
/// As [`malloc`] (then `callback` is dropped without running).
pub fn stream_add_callback(
    stream: &Stream,
    callback: impl FnOnce(Result<()>) + Send + 'static,
) -> Result<()> {
    bind("stream_add_callback", stream.ordinal())?;
    let data = Box::into_raw(Box::new(Box::new(callback) as StreamCallback)).cast::<c_void>();
    // SAFETY: the trampoline takes ownership of `data` once; flags must be 0.
    let r = call("cuStreamAddCallback", || unsafe {
        sys::cuStreamAddCallback(stream.raw(), Some(stream_callback_trampoline), data, 0)
    });
    if r.is_err() {
        // SAFETY: the call failed, so the trampoline never runs: reclaim the box.
        drop(unsafe { Box::from_raw(data.cast::<StreamCallback>()) });
    }
    r
}

/// `cudaEventDefault`.
pub const EVENT_DEFAULT: u32 = 0;
/// `cudaEventBlockingSync`: `synchronize` blocks the thread instead of spinning.
pub const EVENT_BLOCKING_SYNC: u32 = 1;
/// `cudaEventDisableTiming`: no timestamps (cheaper; required for IPC).
pub const EVENT_DISABLE_TIMING: u32 = 2;
/// `cudaEventInterprocess`: shareable with [`ipc_get_event_handle`] (with
/// [`EVENT_DISABLE_TIMING`]).
pub const EVENT_INTERPROCESS: u32 = 4;

/// Creates a raw event on device `device` (`cupy.cuda.runtime.eventCreateWithFlags(flags)`,
/// `cuEventCreate`); `flags` are the `EVENT_*` bits. Destroy it with [`event_destroy`]. (An
/// [`Event`](super::Event) owns its handle and destroys it itself.)
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_INVALID_VALUE` for [`EVENT_INTERPROCESS`] without
/// [`EVENT_DISABLE_TIMING`].
pub fn event_create_with_flags(device: usize, flags: u32) -> Result<sys::CUevent> {
    bind("event_create_with_flags", device)?;
    let mut e: sys::CUevent = std::ptr::null_mut();
    // SAFETY: writes one event handle; the context is current.
    call("cuEventCreate", || unsafe {
        sys::cuEventCreate(&mut e, flags)
    })?;
    Ok(e)
}

/// Destroys a raw event (`cupy.cuda.runtime.eventDestroy`, `cuEventDestroy_v2`).
///
/// # Safety
/// `event` must come from [`event_create_with_flags`] / [`ipc_open_event_handle`] and not be
/// destroyed yet (never an [`Event::raw`](super::Event::raw)).
///
/// # Errors
/// As [`malloc`].
pub unsafe fn event_destroy(device: usize, event: sys::CUevent) -> Result<()> {
    bind("event_destroy", device)?;
    // SAFETY: the caller's contract.
    call("cuEventDestroy_v2", || unsafe {
        sys::cuEventDestroy_v2(event)
    })
}

/// Records a raw event on `stream` (`cudaEventRecord`, `cuEventRecord`).
///
/// # Safety
/// `event` must be a live event of `stream`'s device.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn event_record(event: sys::CUevent, stream: &Stream) -> Result<()> {
    bind("event_record", stream.ordinal())?;
    // SAFETY: the caller's contract; the stream belongs to the current context.
    call("cuEventRecord", || unsafe {
        sys::cuEventRecord(event, stream.raw())
    })
}

/// True when the work recorded before a raw event is done (`cudaEventQuery`, `cuEventQuery`).
///
/// # Safety
/// `event` must be a live event of device `device`.
///
/// # Errors
/// As [`malloc`]; the CUDA error of failed work.
pub unsafe fn event_query_raw(device: usize, event: sys::CUevent) -> Result<bool> {
    bind("event_query_raw", device)?;
    // SAFETY: the caller's contract.
    let r = guard("libcuda", || Ok(unsafe { sys::cuEventQuery(event) }))?;
    match r {
        sys::CUresult::CUDA_SUCCESS => Ok(true),
        sys::CUresult::CUDA_ERROR_NOT_READY => Ok(false),
        e => Err(drv("cuEventQuery", DriverError(e))),
    }
}

// ---------------------------------------------------------------------------------------------
// IPC
// ---------------------------------------------------------------------------------------------

/// The size of an IPC handle in bytes (`CU_IPC_HANDLE_SIZE`).
pub const IPC_HANDLE_SIZE: usize = 64;

/// An IPC memory or event handle: 64 opaque bytes to send to another process (CuPy returns
/// them as `bytes`).
pub type IpcHandle = [u8; IPC_HANDLE_SIZE];

fn to_bytes(reserved: &[std::ffi::c_char; 64]) -> IpcHandle {
    let mut out = [0u8; IPC_HANDLE_SIZE];
    for (o, &c) in out.iter_mut().zip(reserved) {
        *o = c as u8;
    }
    out
}

fn from_bytes(h: &IpcHandle) -> [std::ffi::c_char; 64] {
    let mut out = [0 as std::ffi::c_char; 64];
    for (o, &b) in out.iter_mut().zip(h) {
        *o = b as std::ffi::c_char;
    }
    out
}

/// The IPC handle of the device allocation containing `ptr`
/// (`cupy.cuda.runtime.ipcGetMemHandle`, `cuIpcGetMemHandle`): another process opens it with
/// [`ipc_open_mem_handle`]. Works for memory from [`malloc`] (`cuMemAlloc`); memory from the
/// stream-ordered pool (cuprum's default allocator) is not IPC-capable.
///
/// Safe: the driver looks `ptr` up and fails for an address it did not allocate.
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_INVALID_VALUE` for an address that is not such an allocation.
pub fn ipc_get_mem_handle(device: usize, ptr: u64) -> Result<IpcHandle> {
    bind("ipc_get_mem_handle", device)?;
    let mut h = sys::CUipcMemHandle { reserved: [0; 64] };
    // SAFETY: writes one handle; the driver validates `ptr`.
    call("cuIpcGetMemHandle", || unsafe {
        sys::cuIpcGetMemHandle(&mut h, ptr)
    })?;
    Ok(to_bytes(&h.reserved))
}

/// `cudaIpcMemLazyEnablePeerAccess`: the flag CuPy's `ipcOpenMemHandle` passes by default.
pub const IPC_MEM_LAZY_ENABLE_PEER_ACCESS: u32 = 1;

/// Maps device memory another process exported with [`ipc_get_mem_handle`] into this process
/// on device `device` (`cupy.cuda.runtime.ipcOpenMemHandle(handle, flags)`,
/// `cuIpcOpenMemHandle_v2`); returns its address here. Close it with [`ipc_close_mem_handle`].
/// A process cannot open its own handles (`CUDA_ERROR_INVALID_CONTEXT`).
///
/// # Errors
/// As [`malloc`]; a CUDA error for a bad or own handle.
pub fn ipc_open_mem_handle(device: usize, handle: &IpcHandle, flags: u32) -> Result<u64> {
    bind("ipc_open_mem_handle", device)?;
    let h = sys::CUipcMemHandle {
        reserved: from_bytes(handle),
    };
    let mut p: sys::CUdeviceptr = 0;
    // SAFETY: writes one device pointer; the driver validates the handle.
    call("cuIpcOpenMemHandle_v2", || unsafe {
        sys::cuIpcOpenMemHandle_v2(&mut p, h, flags)
    })?;
    Ok(p)
}

/// Unmaps memory opened with [`ipc_open_mem_handle`] (`cupy.cuda.runtime.ipcCloseMemHandle`,
/// `cuIpcCloseMemHandle`).
///
/// # Safety
/// `ptr` must come from [`ipc_open_mem_handle`], not closed yet, used by no queued work.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn ipc_close_mem_handle(device: usize, ptr: u64) -> Result<()> {
    bind("ipc_close_mem_handle", device)?;
    // SAFETY: the caller's contract.
    call("cuIpcCloseMemHandle", || unsafe {
        sys::cuIpcCloseMemHandle(ptr)
    })
}

/// The IPC handle of a raw event created with [`EVENT_INTERPROCESS`] |
/// [`EVENT_DISABLE_TIMING`] (`cupy.cuda.runtime.ipcGetEventHandle`, `cuIpcGetEventHandle`).
///
/// # Safety
/// `event` must be a live event of device `device`.
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_INVALID_RESOURCE_HANDLE` for an event without those flags.
pub unsafe fn ipc_get_event_handle(device: usize, event: sys::CUevent) -> Result<IpcHandle> {
    bind("ipc_get_event_handle", device)?;
    let mut h = sys::CUipcEventHandle { reserved: [0; 64] };
    // SAFETY: the caller's contract on `event`; writes one handle.
    call("cuIpcGetEventHandle", || unsafe {
        sys::cuIpcGetEventHandle(&mut h, event)
    })?;
    Ok(to_bytes(&h.reserved))
}

/// Opens an event another process exported with [`ipc_get_event_handle`]
/// (`cupy.cuda.runtime.ipcOpenEventHandle`, `cuIpcOpenEventHandle`): a raw event to wait on
/// or query here; destroy it with [`event_destroy`].
///
/// # Errors
/// As [`malloc`]; a CUDA error for a bad handle.
pub fn ipc_open_event_handle(device: usize, handle: &IpcHandle) -> Result<sys::CUevent> {
    bind("ipc_open_event_handle", device)?;
    let h = sys::CUipcEventHandle {
        reserved: from_bytes(handle),
    };
    let mut e: sys::CUevent = std::ptr::null_mut();
    // SAFETY: writes one event handle; the driver validates the handle.
    call("cuIpcOpenEventHandle", || unsafe {
        sys::cuIpcOpenEventHandle(&mut e, h)
    })?;
    Ok(e)
}

// ---------------------------------------------------------------------------------------------
// Graphs
// ---------------------------------------------------------------------------------------------

/// Destroys a raw graph (`cupy.cuda.runtime.graphDestroy`, `cuGraphDestroy`). A cuprum
/// [`Graph`](super::Graph) destroys its own handles when dropped: this is for graphs made
/// through the driver API directly.
///
/// # Safety
/// `graph` must be a live graph of device `device`, not owned by a [`Graph`](super::Graph),
/// destroyed once.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn graph_destroy(device: usize, graph: sys::CUgraph) -> Result<()> {
    bind("graph_destroy", device)?;
    // SAFETY: the caller's contract.
    call("cuGraphDestroy", || unsafe { sys::cuGraphDestroy(graph) })
}

/// Destroys a raw executable graph (`cupy.cuda.runtime.graphExecDestroy`,
/// `cuGraphExecDestroy`); see [`graph_destroy`].
///
/// # Safety
/// As [`graph_destroy`], for an executable graph with no launch still running.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn graph_exec_destroy(device: usize, exec: sys::CUgraphExec) -> Result<()> {
    bind("graph_exec_destroy", device)?;
    // SAFETY: the caller's contract.
    call("cuGraphExecDestroy", || unsafe {
        sys::cuGraphExecDestroy(exec)
    })
}

/// Uploads an executable graph ahead of its first launch (`cupy.cuda.runtime.graphUpload(exec,
/// stream)`); the same as [`Graph::upload`](super::Graph::upload).
///
/// # Errors
/// As [`Graph::upload`](super::Graph::upload).
pub fn graph_upload(graph: &super::Graph, stream: &Stream) -> Result<()> {
    graph.upload(stream)
}

/// Writes a graph as a Graphviz DOT file (`cupy.cuda.runtime.graphDebugDotPrint(graph, path,
/// flags)`); the same as [`Graph::debug_dot_print`](super::Graph::debug_dot_print).
///
/// # Errors
/// As [`Graph::debug_dot_print`](super::Graph::debug_dot_print).
pub fn graph_debug_dot_print(
    graph: &super::Graph,
    path: &std::path::Path,
    flags: u32,
) -> Result<()> {
    graph.debug_dot_print(path, flags)
}

// ---------------------------------------------------------------------------------------------
// Limits, devices by PCI id, memory pools
// ---------------------------------------------------------------------------------------------

/// cudarc's `CUlimit` (`cudaLimit*`: `CU_LIMIT_STACK_SIZE`, `CU_LIMIT_MALLOC_HEAP_SIZE`, ...).
pub use sys::CUlimit as Limit;

/// The value of `limit` on device `device` (`cupy.cuda.runtime.deviceGetLimit(limit)`,
/// `cuCtxGetLimit`), e.g. the per-thread stack size in bytes.
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_UNSUPPORTED_LIMIT` for a limit the device lacks.
pub fn device_get_limit(device: usize, limit: Limit) -> Result<usize> {
    bind("device_get_limit", device)?;
    let mut v = 0usize;
    // SAFETY: writes one size_t; the context is current.
    call("cuCtxGetLimit", || unsafe {
        sys::cuCtxGetLimit(&mut v, limit)
    })?;
    Ok(v)
}

/// Sets `limit` on device `device` (`cupy.cuda.runtime.deviceSetLimit(limit, value)`,
/// `cuCtxSetLimit`); CUDA may round the value (read it back with [`device_get_limit`]).
///
/// # Errors
/// As [`device_get_limit`]; `CUDA_ERROR_INVALID_VALUE` for a value out of range.
pub fn device_set_limit(device: usize, limit: Limit, value: usize) -> Result<()> {
    bind("device_set_limit", device)?;
    // SAFETY: plain values; the context is current.
    call("cuCtxSetLimit", || unsafe {
        sys::cuCtxSetLimit(limit, value)
    })
}

/// The ordinal of the device with PCI bus id `pci_bus_id` (`"domain:bus:device.function"`, as
/// [`device_get_pci_bus_id`](super::runtime::device_get_pci_bus_id) gives)
/// (`cupy.cuda.runtime.deviceGetByPCIBusId`, `cuDeviceGetByPCIBusId`).
///
/// # Errors
/// [`Error::InvalidValue`] for a string with a NUL byte; without a driver as [`malloc`]; a
/// CUDA error (`CUDA_ERROR_INVALID_VALUE`) when no device has that id.
pub fn device_get_by_pci_bus_id(pci_bus_id: &str) -> Result<usize> {
    let c = std::ffi::CString::new(pci_bus_id).map_err(|_| Error::InvalidValue {
        op: "device_get_by_pci_bus_id",
        reason: format!("{pci_bus_id:?} contains a NUL byte"),
    })?;
    need_driver("device_get_by_pci_bus_id")?;
    let mut d: sys::CUdevice = 0;
    // SAFETY: `c` is NUL-terminated; writes one device number.
    call("cuDeviceGetByPCIBusId", || unsafe {
        sys::cuDeviceGetByPCIBusId(&mut d, c.as_ptr())
    })?;
    Ok(d as usize)
}

fn cu_device(op: &'static str, device: usize) -> Result<sys::CUdevice> {
    Ok(super::driver::device(op, device)?.ctx.cu_device())
}

/// The default memory pool of device `device` (`cupy.cuda.runtime.deviceGetDefaultMemPool`,
/// `cuDeviceGetDefaultMemPool`): the pool cuprum's default allocator draws from. It lives as
/// long as the driver; never destroy it.
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_NOT_SUPPORTED` without memory-pool support.
pub fn device_get_default_mem_pool(device: usize) -> Result<sys::CUmemoryPool> {
    let d = cu_device("device_get_default_mem_pool", device)?;
    let mut p: sys::CUmemoryPool = std::ptr::null_mut();
    // SAFETY: writes one pool handle for a valid device.
    call("cuDeviceGetDefaultMemPool", || unsafe {
        sys::cuDeviceGetDefaultMemPool(&mut p, d)
    })?;
    Ok(p)
}

/// The current memory pool of device `device` — the one `cuMemAllocAsync` (and so cuprum's
/// default allocator) draws from (`cupy.cuda.runtime.deviceGetMemPool`, `cuDeviceGetMemPool`).
///
/// # Errors
/// As [`device_get_default_mem_pool`].
pub fn device_get_mem_pool(device: usize) -> Result<sys::CUmemoryPool> {
    let d = cu_device("device_get_mem_pool", device)?;
    let mut p: sys::CUmemoryPool = std::ptr::null_mut();
    // SAFETY: writes one pool handle for a valid device.
    call("cuDeviceGetMemPool", || unsafe {
        sys::cuDeviceGetMemPool(&mut p, d)
    })?;
    Ok(p)
}

/// Makes `pool` the current memory pool of device `device` (`cupy.cuda.runtime.
/// deviceSetMemPool`, `cuDeviceSetMemPool`): later stream-ordered allocations of the device,
/// cuprum's arrays included, come from it.
///
/// # Safety
/// `pool` must be a live pool of device `device` that outlives its use as the current pool
/// (set the default pool back before destroying it).
///
/// # Errors
/// As [`device_get_default_mem_pool`].
pub unsafe fn device_set_mem_pool(device: usize, pool: sys::CUmemoryPool) -> Result<()> {
    let d = cu_device("device_set_mem_pool", device)?;
    // SAFETY: the caller's contract on `pool`.
    call("cuDeviceSetMemPool", || unsafe {
        sys::cuDeviceSetMemPool(d, pool)
    })
}

/// Creates a memory pool of pinned device memory on device `device`
/// (`cupy.cuda.runtime.memPoolCreate(props)` with CuPy's default `MemPoolProps`: pinned,
/// located on the device, no IPC handle type; `cuMemPoolCreate`). Allocate from it with
/// [`malloc_from_pool_async`]; destroy it with [`mem_pool_destroy`].
///
/// # Errors
/// As [`device_get_default_mem_pool`].
pub fn mem_pool_create(device: usize) -> Result<sys::CUmemoryPool> {
    bind("mem_pool_create", device)?;
    // SAFETY: every field of CUmemPoolProps is valid as zero (integers, pointers, enums whose
    // `INVALID` is 0); zero means "no handle type, default size". The fields that matter are
    // set below.
    let mut props: sys::CUmemPoolProps = unsafe { std::mem::zeroed() };
    props.allocType = sys::CUmemAllocationType::CU_MEM_ALLOCATION_TYPE_PINNED;
    props.handleTypes = sys::CUmemAllocationHandleType::CU_MEM_HANDLE_TYPE_NONE;
    props.location = location(Device::Cuda(device));
    let mut p: sys::CUmemoryPool = std::ptr::null_mut();
    // SAFETY: `props` is fully initialized; writes one pool handle.
    call("cuMemPoolCreate", || unsafe {
        sys::cuMemPoolCreate(&mut p, &props)
    })?;
    Ok(p)
}

/// Destroys a pool from [`mem_pool_create`] (`cupy.cuda.runtime.memPoolDestroy`,
/// `cuMemPoolDestroy`); memory still allocated from it is freed when that is freed.
///
/// # Safety
/// `pool` must come from [`mem_pool_create`], not be destroyed yet and not be any device's
/// current pool.
///
/// # Errors
/// As [`device_get_default_mem_pool`].
pub unsafe fn mem_pool_destroy(device: usize, pool: sys::CUmemoryPool) -> Result<()> {
    bind("mem_pool_destroy", device)?;
    // SAFETY: the caller's contract.
    call("cuMemPoolDestroy", || unsafe {
        sys::cuMemPoolDestroy(pool)
    })
}

/// Releases cached memory of `pool` back to the system until it holds at most
/// `min_bytes_to_keep` unused bytes (`cupy.cuda.runtime.memPoolTrimTo`, `cuMemPoolTrimTo`).
///
/// # Safety
/// `pool` must be a live pool of device `device`.
///
/// # Errors
/// As [`device_get_default_mem_pool`].
pub unsafe fn mem_pool_trim_to(
    device: usize,
    pool: sys::CUmemoryPool,
    min_bytes_to_keep: usize,
) -> Result<()> {
    bind("mem_pool_trim_to", device)?;
    // SAFETY: the caller's contract.
    call("cuMemPoolTrimTo", || unsafe {
        sys::cuMemPoolTrimTo(pool, min_bytes_to_keep)
    })
}

/// The number of bytes `pool` holds from the system, used or cached
/// (`CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT`, what CuPy's `MemoryAsyncPool.total_bytes` reads).
///
/// # Safety
/// `pool` must be a live pool of device `device`.
///
/// # Errors
/// As [`device_get_default_mem_pool`].
pub unsafe fn mem_pool_reserved_bytes(device: usize, pool: sys::CUmemoryPool) -> Result<u64> {
    bind("mem_pool_reserved_bytes", device)?;
    let mut v: u64 = 0;
    // SAFETY: the caller's contract on `pool`; the attribute is a cuuint64_t.
    call("cuMemPoolGetAttribute", || unsafe {
        sys::cuMemPoolGetAttribute(
            pool,
            sys::CUmemPool_attribute::CU_MEMPOOL_ATTR_RESERVED_MEM_CURRENT,
            (&mut v as *mut u64).cast(),
        )
    })?;
    Ok(v)
}

// ---------------------------------------------------------------------------------------------
// CUDA arrays (opaque, texture-layout memory)
// ---------------------------------------------------------------------------------------------

/// cudarc's `CUarray_format` (the element type of a CUDA array: `CU_AD_FORMAT_UNSIGNED_INT8`,
/// `CU_AD_FORMAT_FLOAT`, ...), what CuPy's `ChannelFormatDescriptor` encodes with its bit
/// counts and kind.
pub use sys::CUarray_format as ArrayFormat;

/// Allocates a 2-D CUDA array of `width` x `height` elements of `num_channels` (1, 2 or 4)
/// channels of `format` on device `device` (`cupy.cuda.runtime.mallocArray(desc, width,
/// height, flags)`, `cuArray3DCreate_v2` with depth 0); `height == 0` makes a 1-D array.
/// `flags` are `CUDA_ARRAY3D_*` bits (2 = surface load/store). Free it with [`free_array`];
/// copy with [`memcpy_2d_to_array`] / [`memcpy_2d_from_array`]. For an owned CUDA array that
/// textures and surfaces read, see `cuprum::cuda::texture::CUDAarray`.
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_INVALID_VALUE` for a bad shape or channel count.
pub fn malloc_array(
    device: usize,
    format: ArrayFormat,
    num_channels: u32,
    width: usize,
    height: usize,
    flags: u32,
) -> Result<sys::CUarray> {
    malloc_3d_array(device, format, num_channels, width, height, 0, flags)
}

/// A 3-D CUDA array (`cupy.cuda.runtime.malloc3DArray(desc, width, height, depth, flags)`,
/// `cuArray3DCreate_v2`); see [`malloc_array`].
///
/// # Errors
/// As [`malloc_array`].
pub fn malloc_3d_array(
    device: usize,
    format: ArrayFormat,
    num_channels: u32,
    width: usize,
    height: usize,
    depth: usize,
    flags: u32,
) -> Result<sys::CUarray> {
    bind("malloc_3d_array", device)?;
    let desc = sys::CUDA_ARRAY3D_DESCRIPTOR {
        Width: width,
        Height: height,
        Depth: depth,
        Format: format,
        NumChannels: num_channels,
        Flags: flags,
    };
    let mut a: sys::CUarray = std::ptr::null_mut();
    // SAFETY: `desc` is fully initialized; writes one array handle.
    call("cuArray3DCreate_v2", || unsafe {
        sys::cuArray3DCreate_v2(&mut a, &desc)
    })?;
    Ok(a)
}

/// Frees a CUDA array (`cupy.cuda.runtime.freeArray`, `cuArrayDestroy`).
///
/// # Safety
/// `array` must come from [`malloc_array`] / [`malloc_3d_array`], not freed yet, used by no
/// queued work.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn free_array(device: usize, array: sys::CUarray) -> Result<()> {
    bind("free_array", device)?;
    // SAFETY: the caller's contract.
    call("cuArrayDestroy", || unsafe { sys::cuArrayDestroy(array) })
}

#[allow(clippy::too_many_arguments)]
fn array_copy(
    to_array: bool,
    array: sys::CUarray,
    w_offset: usize,
    h_offset: usize,
    linear: u64,
    pitch: usize,
    width: usize,
    height: usize,
) -> sys::CUDA_MEMCPY2D {
    let (u, a) = (
        sys::CUmemorytype::CU_MEMORYTYPE_UNIFIED,
        sys::CUmemorytype::CU_MEMORYTYPE_ARRAY,
    );
    let null = std::ptr::null_mut();
    let at = (w_offset, h_offset);
    if to_array {
        memcpy2d(
            u,
            linear,
            null,
            pitch,
            (0, 0),
            a,
            0,
            array,
            0,
            at,
            width,
            height,
        )
    } else {
        memcpy2d(
            a,
            0,
            array,
            0,
            at,
            u,
            linear,
            null,
            pitch,
            (0, 0),
            width,
            height,
        )
    }
}

/// Copies `height` rows of `width` bytes from `src` (rows `spitch` bytes apart, host or device)
/// into `dst` at byte column `w_offset`, row `h_offset` and waits for it
/// (`cupy.cuda.runtime.memcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height,
/// kind)`, `cuMemcpy2D_v2`; the direction is inferred from `src`).
///
/// # Safety
/// `dst` must be a live CUDA array of device `device` containing the region; the source rows
/// must be readable.
///
/// # Errors
/// [`Error::InvalidValue`] when `width` exceeds `spitch`; as [`malloc`] otherwise.
#[allow(clippy::too_many_arguments)]
pub unsafe fn memcpy_2d_to_array(
    device: usize,
    dst: sys::CUarray,
    w_offset: usize,
    h_offset: usize,
    src: u64,
    spitch: usize,
    width: usize,
    height: usize,
) -> Result<()> {
    check_pitch("memcpy_2d_to_array", spitch, spitch, width)?;
    bind("memcpy_2d_to_array", device)?;
    let mut p = array_copy(true, dst, w_offset, h_offset, src, spitch, width, height);
    host_ends(&mut p)?;
    // SAFETY: the caller's contract on the array and the source rows.
    call("cuMemcpy2D_v2", || unsafe { sys::cuMemcpy2D_v2(&p) })
}

/// [`memcpy_2d_to_array`] in the order of `stream` (`cupy.cuda.runtime.memcpy2DToArrayAsync`,
/// `cuMemcpy2DAsync_v2`).
///
/// # Safety
/// As [`memcpy_2d_to_array`], until the copy is done in stream order.
///
/// # Errors
/// As [`memcpy_2d_to_array`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn memcpy_2d_to_array_async(
    dst: sys::CUarray,
    w_offset: usize,
    h_offset: usize,
    src: u64,
    spitch: usize,
    width: usize,
    height: usize,
    stream: &Stream,
) -> Result<()> {
    check_pitch("memcpy_2d_to_array_async", spitch, spitch, width)?;
    bind("memcpy_2d_to_array_async", stream.ordinal())?;
    let mut p = array_copy(true, dst, w_offset, h_offset, src, spitch, width, height);
    host_ends(&mut p)?;
    // SAFETY: the caller's contract; the stream belongs to the current context.
    call("cuMemcpy2DAsync_v2", || unsafe {
        sys::cuMemcpy2DAsync_v2(&p, stream.raw())
    })
}

/// Copies `height` rows of `width` bytes of `src` from byte column `w_offset`, row `h_offset`
/// to `dst` (rows `dpitch` bytes apart, host or device) and waits for it
/// (`cupy.cuda.runtime.memcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width, height,
/// kind)`, `cuMemcpy2D_v2`).
///
/// # Safety
/// `src` must be a live CUDA array of device `device` containing the region; the destination
/// rows must be writable.
///
/// # Errors
/// [`Error::InvalidValue`] when `width` exceeds `dpitch`; as [`malloc`] otherwise.
#[allow(clippy::too_many_arguments)]
pub unsafe fn memcpy_2d_from_array(
    device: usize,
    dst: u64,
    dpitch: usize,
    src: sys::CUarray,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
) -> Result<()> {
    check_pitch("memcpy_2d_from_array", dpitch, dpitch, width)?;
    bind("memcpy_2d_from_array", device)?;
    let mut p = array_copy(false, src, w_offset, h_offset, dst, dpitch, width, height);
    host_ends(&mut p)?;
    // SAFETY: the caller's contract on the array and the destination rows.
    call("cuMemcpy2D_v2", || unsafe { sys::cuMemcpy2D_v2(&p) })
}

/// [`memcpy_2d_from_array`] in the order of `stream`
/// (`cupy.cuda.runtime.memcpy2DFromArrayAsync`, `cuMemcpy2DAsync_v2`).
///
/// # Safety
/// As [`memcpy_2d_from_array`], until the copy is done in stream order.
///
/// # Errors
/// As [`memcpy_2d_from_array`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn memcpy_2d_from_array_async(
    dst: u64,
    dpitch: usize,
    src: sys::CUarray,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    stream: &Stream,
) -> Result<()> {
    check_pitch("memcpy_2d_from_array_async", dpitch, dpitch, width)?;
    bind("memcpy_2d_from_array_async", stream.ordinal())?;
    let mut p = array_copy(false, src, w_offset, h_offset, dst, dpitch, width, height);
    host_ends(&mut p)?;
    // SAFETY: the caller's contract; the stream belongs to the current context.
    call("cuMemcpy2DAsync_v2", || unsafe {
        sys::cuMemcpy2DAsync_v2(&p, stream.raw())
    })
}
