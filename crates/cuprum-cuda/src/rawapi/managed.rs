//! Managed memory and pointer attributes.

use super::*;

pub(super) fn location(d: Device) -> sys::CUmemLocation {
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
    if cur.is_null() && crate::driver::device_count() > 0 {
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
