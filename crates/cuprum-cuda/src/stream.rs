//! Streams, the per-thread current stream, stream guards and events.
//!
//! **Default stream.** Unless a [`StreamGuard`] says otherwise, work for device `i` goes to that
//! device's *legacy default stream* (CuPy's `cupy.cuda.Stream.null`): it is shared by every
//! thread and implicitly ordered with every blocking stream, so arrays handed between threads
//! stay stream-ordered without extra synchronization.
//!
//! **Other streams.** [`Stream::new`] creates a non-blocking stream. [`Stream::use_stream`]
//! makes it current on the calling thread for its device (like `with cp.cuda.Stream():`). On
//! entry the new stream waits for the work already queued on the previous current stream, and
//! on exit the previous stream waits for the work queued inside the scope, so data produced
//! before a scope is ready inside it and data produced inside is ready after it. Within a scope,
//! ordering against other streams is the caller's business (events: [`Event`],
//! [`Stream::wait_event`]).

use super::driver::{bind, drv};
use crate::{Error, Result};
use cudarc::driver::{CudaStream, sys};
use std::cell::RefCell;
use std::marker::PhantomData;
use std::sync::Arc;

/// A CUDA stream of one device (a cheap, clonable handle).
///
/// # Example
/// ```
/// use cuprum_cuda::{self as cuda, Stream};
/// if cuda::device_count() > 0 {
///     let s = Stream::new(0).unwrap();
///     {
///         let _g = s.use_stream().unwrap();
///         // work queued here goes to `s`
///     }
///     s.synchronize().unwrap();
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Stream {
    inner: Arc<CudaStream>,
    ordinal: usize,
}

impl PartialEq for Stream {
    fn eq(&self, other: &Self) -> bool {
        self.raw() == other.raw() && self.ordinal == other.ordinal
    }
}
impl Eq for Stream {}

impl Stream {
    /// A new non-blocking stream on device `ordinal` (`cuStreamCreate(CU_STREAM_NON_BLOCKING)`).
    ///
    /// # Errors
    /// [`Error::DeviceUnavailable`] when the device does not exist; a CUDA error otherwise.
    pub fn new(ordinal: usize) -> Result<Stream> {
        let st = bind("Stream::new", ordinal)?;
        let inner = st.ctx.new_stream().map_err(|e| drv("cuStreamCreate", e))?;
        Ok(Stream { inner, ordinal })
    }

    /// The legacy default stream of device `ordinal` (`cupy.cuda.Stream.null`).
    ///
    /// # Errors
    /// [`Error::DeviceUnavailable`] when the device does not exist.
    pub fn null(ordinal: usize) -> Result<Stream> {
        let st = bind("Stream::null", ordinal)?;
        Ok(Stream {
            inner: st.ctx.default_stream(),
            ordinal,
        })
    }

    /// The device ordinal.
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// The raw `CUstream` handle (null for the legacy default stream). Do not destroy it.
    pub fn raw(&self) -> sys::CUstream {
        self.inner.cu_stream()
    }

    /// cudarc's handle to this stream, for vendor libraries (cuBLAS, cuFFT, ...).
    pub fn cuda_stream(&self) -> &Arc<CudaStream> {
        &self.inner
    }

    /// Blocks the calling thread until all work queued on this stream is done.
    ///
    /// # Errors
    /// A CUDA error raised by earlier asynchronous work on this stream.
    pub fn synchronize(&self) -> Result<()> {
        super::graph::forbid_stream(
            self,
            "Stream::synchronize",
            "the stream is being captured, so nothing runs to wait for",
        )?;
        bind("Stream::synchronize", self.ordinal)?;
        // SAFETY: the stream handle is valid while `self.inner` lives.
        unsafe { sys::cuStreamSynchronize(self.raw()) }
            .result()
            .map_err(|e| drv("cuStreamSynchronize", e))
    }

    /// Makes later work on this stream wait for `event` (`cuStreamWaitEvent`); does not block
    /// the host.
    ///
    /// # Errors
    /// A CUDA error.
    pub fn wait_event(&self, event: &Event) -> Result<()> {
        bind("Stream::wait_event", self.ordinal)?;
        // SAFETY: both handles are valid while `self` and `event` live.
        unsafe { sys::cuStreamWaitEvent(self.raw(), event.raw, 0) }
            .result()
            .map_err(|e| drv("cuStreamWaitEvent", e))
    }

    /// True when all work queued on this stream is done (`cupy.cuda.Stream.done`,
    /// `cuStreamQuery`); does not block.
    ///
    /// # Errors
    /// A CUDA error raised by earlier asynchronous work on this stream;
    /// [`Error::CaptureUnsupported`] while the stream is being captured.
    pub fn done(&self) -> Result<bool> {
        super::graph::forbid_stream(
            self,
            "Stream::done",
            "the stream is being captured, so nothing runs to be done",
        )?;
        bind("Stream::done", self.ordinal)?;
        // SAFETY: the stream handle is valid while `self.inner` lives.
        match unsafe { sys::cuStreamQuery(self.raw()) } {
            sys::CUresult::CUDA_SUCCESS => Ok(true),
            sys::CUresult::CUDA_ERROR_NOT_READY => Ok(false),
            e => Err(drv("cuStreamQuery", cudarc::driver::DriverError(e))),
        }
    }

    /// [`Stream::done`] under the runtime's name (`cupy.cuda.runtime.streamQuery`): `true`
    /// for `cudaSuccess`, `false` for `cudaErrorNotReady`.
    ///
    /// # Errors
    /// As [`Stream::done`].
    pub fn query(&self) -> Result<bool> {
        self.done()
    }

    /// Records a new event on this stream and returns it.
    ///
    /// # Errors
    /// A CUDA error.
    pub fn record(&self) -> Result<Event> {
        let e = Event::new(self.ordinal)?;
        e.record(self)?;
        Ok(e)
    }

    /// Makes this stream current on the calling thread for its device until the guard is
    /// dropped (like `with cp.cuda.Stream():`). See the module docs for the ordering done on
    /// entry and exit.
    ///
    /// # Errors
    /// A CUDA error from the ordering events.
    pub fn use_stream(&self) -> Result<StreamGuard> {
        let prev = current(self.ordinal)?;
        if prev != *self {
            order_after(self, &prev)?;
        }
        STACK.with(|s| {
            let mut s = s.borrow_mut();
            if s.len() <= self.ordinal {
                s.resize_with(self.ordinal + 1, Vec::new);
            }
            s[self.ordinal].push(self.clone());
        });
        Ok(StreamGuard {
            ordinal: self.ordinal,
            stream: self.clone(),
            _not_send: PhantomData,
        })
    }
}

/// `later` waits for everything queued so far on `earlier` (no-op for the same stream).
fn order_after(later: &Stream, earlier: &Stream) -> Result<()> {
    if later == earlier {
        return Ok(());
    }
    let e = Event::new_with_flags(
        earlier.ordinal,
        sys::CUevent_flags::CU_EVENT_DISABLE_TIMING as u32,
    )?;
    e.record(earlier)?;
    later.wait_event(&e)
}

/// Restores the previous current stream when dropped; returned by [`Stream::use_stream`].
/// Must be dropped on the thread that created it.
#[must_use = "the stream is current only while the guard lives"]
pub struct StreamGuard {
    ordinal: usize,
    stream: Stream,
    _not_send: PhantomData<*const ()>,
}

impl Drop for StreamGuard {
    fn drop(&mut self) {
        let _ = STACK.try_with(|s| {
            if let Some(v) = s.borrow_mut().get_mut(self.ordinal) {
                v.pop();
            }
        });
        match current(self.ordinal) {
            Ok(prev) => {
                if let Err(e) = order_after(&prev, &self.stream) {
                    tracing::error!("StreamGuard drop: could not order streams: {e}");
                }
            }
            Err(e) => tracing::error!("StreamGuard drop: {e}"),
        }
    }
}

thread_local! {
    /// Per device, the stack of streams made current by guards on this thread.
    static STACK: RefCell<Vec<Vec<Stream>>> = const { RefCell::new(Vec::new()) };
}

/// The raw current stream of this thread for device `ordinal` (null = legacy default).
///
/// While the thread's locals are being destroyed (a cached device buffer freed at exit), the
/// legacy default stream: every guard of the thread is gone by then.
#[inline]
pub fn current_raw(ordinal: usize) -> sys::CUstream {
    STACK
        .try_with(|s| {
            s.borrow()
                .get(ordinal)
                .and_then(|v| v.last())
                .map_or(std::ptr::null_mut(), |s| s.raw())
        })
        .unwrap_or(std::ptr::null_mut())
}

/// Makes `s` the thread's current stream of its device until the returned guard drops, without
/// the ordering events of [`Stream::use_stream`] (for private work that touches no user data,
/// e.g. a probe run outside a capture).
pub fn push_unordered(s: &Stream) -> impl Drop {
    struct Pop(usize);
    impl Drop for Pop {
        fn drop(&mut self) {
            let _ = STACK.try_with(|st| {
                if let Some(v) = st.borrow_mut().get_mut(self.0) {
                    v.pop();
                }
            });
        }
    }
    STACK.with(|st| {
        let mut st = st.borrow_mut();
        if st.len() <= s.ordinal {
            st.resize_with(s.ordinal + 1, Vec::new);
        }
        st[s.ordinal].push(s.clone());
    });
    Pop(s.ordinal)
}

/// The current stream of this thread for device `ordinal`.
pub fn current(ordinal: usize) -> Result<Stream> {
    let top = STACK.try_with(|s| s.borrow().get(ordinal).and_then(|v| v.last()).cloned());
    if let Some(s) = top.ok().flatten() {
        return Ok(s);
    }
    Stream::null(ordinal)
}

/// The calling thread's current stream for device `ordinal`, as cudarc's handle (for vendor
/// libraries): the innermost [`StreamGuard`]'s stream, else the legacy default stream.
///
/// # Errors
/// [`Error::DeviceUnavailable`] when the device does not exist.
pub fn current_stream(ordinal: usize) -> Result<Arc<CudaStream>> {
    Ok(current(ordinal)?.inner)
}

/// The calling thread's current stream for device `ordinal` as a [`Stream`].
///
/// # Errors
/// [`Error::DeviceUnavailable`] when the device does not exist.
pub fn get_current_stream(ordinal: usize) -> Result<Stream> {
    current(ordinal)
}

/// Blocks until the calling thread's current stream of device `ordinal` is idle.
///
/// # Errors
/// A CUDA error raised by earlier asynchronous work on that stream.
pub fn synchronize_device(ordinal: usize) -> Result<()> {
    super::graph::forbid(
        ordinal,
        "synchronize",
        "the current stream is being captured, so nothing runs to wait for",
    )?;
    bind("synchronize", ordinal)?;
    // SAFETY: the current stream handle is null (legacy) or owned by a live Stream on this
    // thread's guard stack.
    unsafe { sys::cuStreamSynchronize(current_raw(ordinal)) }
        .result()
        .map_err(|e| drv("cuStreamSynchronize", e))
}

/// A CUDA event: a marker in a stream, for ordering and for timing GPU work
/// (`cupy.cuda.Event`).
///
/// # Example
/// ```
/// use cuprum_cuda::{self as cuda, Event, Stream};
/// if cuda::device_count() > 0 {
///     let s = Stream::null(0).unwrap();
///     let (a, b) = (Event::new(0).unwrap(), Event::new(0).unwrap());
///     a.record(&s).unwrap();
///     b.record(&s).unwrap();
///     b.synchronize().unwrap();
///     assert!(a.elapsed_time(&b).unwrap() >= 0.0);
/// }
/// ```
#[derive(Debug)]
pub struct Event {
    raw: sys::CUevent,
    ordinal: usize,
}

// SAFETY: a CUevent handle may be used from any thread once its context is current, which every
// method ensures with `bind`.
unsafe impl Send for Event {}
// SAFETY: as above; the driver serializes operations on one event internally.
unsafe impl Sync for Event {}

impl Event {
    /// A new timing event on device `ordinal`.
    ///
    /// # Errors
    /// [`Error::DeviceUnavailable`] or a CUDA error.
    pub fn new(ordinal: usize) -> Result<Event> {
        Event::new_with_flags(ordinal, sys::CUevent_flags::CU_EVENT_DEFAULT as u32)
    }

    fn new_with_flags(ordinal: usize, flags: u32) -> Result<Event> {
        bind("Event::new", ordinal)?;
        let mut raw: sys::CUevent = std::ptr::null_mut();
        // SAFETY: cuEventCreate writes one handle into `raw`; flags are valid CUevent_flags bits.
        unsafe { sys::cuEventCreate(&mut raw, flags) }
            .result()
            .map_err(|e| drv("cuEventCreate", e))?;
        Ok(Event { raw, ordinal })
    }

    /// Records the event on `stream` (`cuEventRecord`).
    ///
    /// # Errors
    /// [`Error::DeviceMismatch`] when the stream is on another device; a CUDA error otherwise.
    pub fn record(&self, stream: &Stream) -> Result<()> {
        if stream.ordinal != self.ordinal {
            return Err(Error::DeviceMismatch {
                op: "Event::record",
                lhs: crate::Device::Cuda(self.ordinal),
                rhs: crate::Device::Cuda(stream.ordinal),
            });
        }
        bind("Event::record", self.ordinal)?;
        // SAFETY: both handles are valid and belong to the same context.
        unsafe { sys::cuEventRecord(self.raw, stream.raw()) }
            .result()
            .map_err(|e| drv("cuEventRecord", e))
    }

    /// Records the event on the calling thread's current stream of its device.
    ///
    /// # Errors
    /// A CUDA error.
    pub fn record_current(&self) -> Result<()> {
        bind("Event::record", self.ordinal)?;
        // SAFETY: the current stream is null or owned by a live guard on this thread.
        unsafe { sys::cuEventRecord(self.raw, current_raw(self.ordinal)) }
            .result()
            .map_err(|e| drv("cuEventRecord", e))
    }

    /// Blocks until the work recorded before this event is done.
    ///
    /// # Errors
    /// A CUDA error raised by that work.
    pub fn synchronize(&self) -> Result<()> {
        bind("Event::synchronize", self.ordinal)?;
        // SAFETY: the handle is valid while `self` lives.
        unsafe { sys::cuEventSynchronize(self.raw) }
            .result()
            .map_err(|e| drv("cuEventSynchronize", e))
    }

    /// True when the work recorded before this event is done, or the event was never recorded
    /// (`cupy.cuda.Event.done`, `cuEventQuery`); does not block.
    ///
    /// # Errors
    /// A CUDA error raised by that work.
    pub fn done(&self) -> Result<bool> {
        bind("Event::done", self.ordinal)?;
        // SAFETY: the handle is valid while `self` lives.
        match unsafe { sys::cuEventQuery(self.raw) } {
            sys::CUresult::CUDA_SUCCESS => Ok(true),
            sys::CUresult::CUDA_ERROR_NOT_READY => Ok(false),
            e => Err(drv("cuEventQuery", cudarc::driver::DriverError(e))),
        }
    }

    /// [`Event::done`] under the runtime's name (`cupy.cuda.runtime.eventQuery`).
    ///
    /// # Errors
    /// As [`Event::done`].
    pub fn query(&self) -> Result<bool> {
        self.done()
    }

    /// The device ordinal.
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// Milliseconds of GPU time between this event and `end` (both recorded and complete).
    ///
    /// # Errors
    /// `CUDA_ERROR_NOT_READY` when `end` has not completed; a CUDA error otherwise.
    pub fn elapsed_time(&self, end: &Event) -> Result<f32> {
        bind("Event::elapsed_time", self.ordinal)?;
        let mut ms = 0f32;
        // SAFETY: both handles are valid timing events of the same context.
        unsafe { sys::cuEventElapsedTime_v2(&mut ms, self.raw, end.raw) }
            .result()
            .map_err(|e| drv("cuEventElapsedTime", e))?;
        Ok(ms)
    }

    /// The raw handle.
    pub fn raw(&self) -> sys::CUevent {
        self.raw
    }
}

impl Drop for Event {
    fn drop(&mut self) {
        if bind("Event::drop", self.ordinal).is_ok() {
            // SAFETY: the handle was created by cuEventCreate and is destroyed once; the driver
            // defers destruction until recorded work completes.
            let _ = unsafe { sys::cuEventDestroy_v2(self.raw) };
        }
    }
}

/// Milliseconds of GPU time between two recorded, completed events
/// (`cupy.cuda.get_elapsed_time(start, end)`); [`Event::elapsed_time`] as a function.
///
/// # Errors
/// As [`Event::elapsed_time`].
pub fn get_elapsed_time(start: &Event, end: &Event) -> Result<f32> {
    start.elapsed_time(end)
}

/// A stream created and owned by someone else (another library, a framework), wrapped so that
/// cuprum can queue work on it and make it current (`cupy.cuda.ExternalStream`). Dereferences
/// to [`Stream`]: `use_stream`, `synchronize`, `done`, `wait_event` and `record` work as for
/// a stream of cuprum. Dropping it never destroys the stream.
///
/// # Example
/// ```
/// use cuprum_cuda::{self as cuda, ExternalStream, Stream};
/// if cuda::device_count() > 0 {
///     let mine = Stream::new(0).unwrap();
///     // SAFETY: `mine` owns the stream and outlives `ext`.
///     let ext = unsafe { ExternalStream::new(mine.raw(), 0) }.unwrap();
///     let _g = ext.use_stream().unwrap();
///     assert_eq!(cuda::get_current_stream(0).unwrap().raw(), mine.raw());
/// }
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExternalStream {
    stream: Stream,
}

impl ExternalStream {
    /// Wraps the raw `CUstream` `ptr` of device `device_id` (CuPy's
    /// `ExternalStream(ptr, device_id)`). A null `ptr` is the legacy default stream.
    ///
    /// # Safety
    /// `ptr` must be a valid stream of device `device_id`'s primary context (the one cuprum,
    /// the runtime API, PyTorch and CuPy use), or null, `CU_STREAM_LEGACY` (`0x1`) or
    /// `CU_STREAM_PER_THREAD` (`0x2`); its owner must keep it alive while the
    /// `ExternalStream`, any clone of it, or any guard from [`Stream::use_stream`] lives; and
    /// the owner must order its own work on the stream with cuprum's as it needs to (cuprum
    /// orders work across its own scopes only, see the module docs).
    ///
    /// # Errors
    /// [`Error::DeviceUnavailable`] when the device does not exist.
    pub unsafe fn new(ptr: sys::CUstream, device_id: usize) -> Result<ExternalStream> {
        let st = bind("ExternalStream::new", device_id)?;
        // SAFETY: the caller's contract: `ptr` is a live stream of this context, kept alive by
        // its owner while the wrapper lives; the wrapper does not destroy it.
        let inner = unsafe { st.ctx.wrap_borrowed_stream(ptr) };
        Ok(ExternalStream {
            stream: Stream {
                inner,
                ordinal: device_id,
            },
        })
    }

    /// The wrapped stream as a [`Stream`] (a clone sharing the handle).
    pub fn stream(&self) -> Stream {
        self.stream.clone()
    }
}

impl std::ops::Deref for ExternalStream {
    type Target = Stream;
    fn deref(&self) -> &Stream {
        &self.stream
    }
}
