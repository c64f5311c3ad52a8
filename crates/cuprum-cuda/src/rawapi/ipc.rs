//! IPC.

use super::*;

/// The size of an IPC handle in bytes (`CU_IPC_HANDLE_SIZE`).
pub const IPC_HANDLE_SIZE: usize = 64;

/// An IPC memory or event handle: 64 opaque bytes to send to another process (CuPy returns
/// them as `bytes`).
pub type IpcHandle = [u8; IPC_HANDLE_SIZE];

pub(super) fn to_bytes(reserved: &[std::ffi::c_char; 64]) -> IpcHandle {
    let mut out = [0u8; IPC_HANDLE_SIZE];
    for (o, &c) in out.iter_mut().zip(reserved) {
        *o = c as u8;
    }
    out
}

pub(super) fn from_bytes(h: &IpcHandle) -> [std::ffi::c_char; 64] {
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
