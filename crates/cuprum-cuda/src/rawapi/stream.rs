//! Raw streams and events, host callbacks.

use super::*;

/// `cudaStreamNonBlocking`: the stream does not synchronize with the legacy default stream.
pub const STREAM_NON_BLOCKING: u32 = 1;

/// Creates a raw stream on device `device` (`cupy.cuda.runtime.streamCreateWithFlags(flags)`,
/// `cuStreamCreate`); `flags` is 0 or [`STREAM_NON_BLOCKING`]. Use it through
/// [`ExternalStream::new`](crate::ExternalStream::new); destroy it with [`stream_destroy`].
/// (A [`Stream`](crate::Stream) from `Stream::new` owns its handle and destroys it itself.)
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
/// `stream` must be a live stream of device `device` (or a [`Stream::raw`](crate::Stream::raw)).
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
/// ([`ExternalStream`](crate::ExternalStream)) may be used afterwards.
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
/// [`Event`](crate::Event) owns its handle and destroys it itself.)
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
/// destroyed yet (never an [`Event::raw`](crate::Event::raw)).
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
