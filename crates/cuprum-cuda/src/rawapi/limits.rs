//! Limits, devices by PCI id, memory pools.

use super::*;

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
/// [`device_get_pci_bus_id`](crate::runtime::device_get_pci_bus_id) gives)
/// (`cupy.cuda.runtime.deviceGetByPCIBusId`, `cuDeviceGetByPCIBusId`).
///
/// # Errors
/// [`Error::BadArgument`] for a string with a NUL byte; without a driver as [`malloc`]; a
/// CUDA error (`CUDA_ERROR_INVALID_VALUE`) when no device has that id.
pub fn device_get_by_pci_bus_id(pci_bus_id: &str) -> Result<usize> {
    let c = std::ffi::CString::new(pci_bus_id).map_err(|_| {
        Error::bad_argument(
            "device_get_by_pci_bus_id",
            "pci_bus_id",
            format!("{pci_bus_id:?}"),
            "a string without NUL bytes",
        )
    })?;
    need_driver("device_get_by_pci_bus_id")?;
    let mut d: sys::CUdevice = 0;
    // SAFETY: `c` is NUL-terminated; writes one device number.
    call("cuDeviceGetByPCIBusId", || unsafe {
        sys::cuDeviceGetByPCIBusId(&mut d, c.as_ptr())
    })?;
    Ok(d as usize)
}

pub(super) fn cu_device(op: &'static str, device: usize) -> Result<sys::CUdevice> {
    Ok(crate::driver::device(op, device)?.ctx.cu_device())
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
