//! CUDA graphs: stream capture ([`Stream::begin_capture`] / [`Stream::end_capture`]), replay
//! ([`Graph::launch`]), the [`capture`] convenience, and the capture-safety machinery every
//! other CUDA path consults (CuPy: `cupy.cuda.Stream.begin_capture`, `cupy.cuda.graph.Graph`).
//!
//! **What is captured.** cuprum queues every operation on the calling thread's *current* stream
//! of the array's device. To capture operations, make the stream current
//! ([`Stream::use_stream`]) and begin a capture on it; [`capture`] does both. The capture
//! records kernels and device-to-device copies with their exact pointers, shapes and scalar
//! arguments; a launch replays them on whatever data those buffers hold at the time.
//!
//! **Capture safety.** While a stream is captured by cuprum, every cuprum operation on it either
//! is captured or fails with [`Error::CaptureUnsupported`]
//! *before* any CUDA call that would break the capture:
//! - host reads (`to_vec`, `item`, printing, data-dependent sizes such as `nonzero`, boolean
//!   masks, the all-NaN check of `nanargmax`), uploads (`from_vec`, `asarray`, `to_device`) and
//!   host waits (`Stream::synchronize`, `Device::synchronize`, `synchronize_all`) fail; the
//!   capture is then *invalidated*: [`Stream::end_capture`] ends it and returns
//!   [`Error::CaptureInvalidated`] naming the operation, and
//!   the stream is usable again;
//! - device allocations made on the capturing stream come from `cuMemAlloc` (called with the
//!   thread's capture mode relaxed, as CUDA documents for libraries), not from the installed
//!   [`Allocator`]: a pool's event bookkeeping cannot run inside a capture.
//!   Each such buffer keeps its memory for the life of the graph;
//! - NVRTC compilation is host-only and module loading (`cuModuleLoadData`) is done with the
//!   thread's capture mode relaxed, so the first use of a kernel inside a capture is fine; a
//!   reduction's one-time probe of its accumulator size runs on a private stream outside the
//!   capture.
//!
//! **Ownership rule.** Every device buffer that a captured operation reads or writes, every
//! buffer allocated on the capturing stream, and every buffer dropped while the capture is open
//! is owned by the resulting [`Graph`] (as well as by any array still viewing it) until the
//! graph is dropped. Dropping arrays after a capture therefore never frees memory the graph
//! uses; arrays made inside the capture and kept by the caller (see [`capture_with`]) hold the
//! latest launch's results. Dropping a [`Graph`] waits for its last launch, then releases them.
//!
//! **Limits.** Only operations on the capturing stream itself are covered (streams joined
//! through events are the caller's business), and only captures begun through cuprum are known
//! to these checks.

use super::driver::{bind, drv};
use super::memory::{Allocator, CudaStorage};
use super::stream::{Stream, current_raw};
use crate::{Device, Error, Result};
use cudarc::driver::sys;
use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, OnceLock};

/// How strictly CUDA refuses "potentially unsafe" API calls (such as `cuMemAlloc` or a
/// synchronous copy) while a capture is open (CUDA's `cudaStreamCaptureMode`).
///
/// cuprum's own operations are safe in every mode (the checks above come first); the mode
/// matters for other CUDA code running meanwhile. The default is [`CaptureMode::ThreadLocal`]
/// (CuPy's default is `Relaxed`; thread-local catches unsafe calls from the capturing thread
/// without affecting other threads).
///
/// # Example
/// ```
/// use cuprum_cuda::CaptureMode;
/// assert_eq!(CaptureMode::default(), CaptureMode::ThreadLocal);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum CaptureMode {
    /// Unsafe calls are refused on every thread while this capture is open
    /// (`CU_STREAM_CAPTURE_MODE_GLOBAL`).
    Global,
    /// Unsafe calls are refused on the thread that began the capture
    /// (`CU_STREAM_CAPTURE_MODE_THREAD_LOCAL`).
    #[default]
    ThreadLocal,
    /// Nothing is refused (`CU_STREAM_CAPTURE_MODE_RELAXED`).
    Relaxed,
}

impl CaptureMode {
    fn raw(self) -> sys::CUstreamCaptureMode {
        use sys::CUstreamCaptureMode as M;
        match self {
            CaptureMode::Global => M::CU_STREAM_CAPTURE_MODE_GLOBAL,
            CaptureMode::ThreadLocal => M::CU_STREAM_CAPTURE_MODE_THREAD_LOCAL,
            CaptureMode::Relaxed => M::CU_STREAM_CAPTURE_MODE_RELAXED,
        }
    }
}

/// Number of captures open through cuprum (a relaxed load of it is the fast path of every check).
static ACTIVE: AtomicUsize = AtomicUsize::new(0);

/// The open captures.
static CAPTURES: Mutex<Vec<Arc<Capture>>> = Mutex::new(Vec::new());

/// One open capture.
pub struct Capture {
    /// the captured stream's raw handle, as an address
    raw: usize,
    ordinal: usize,
    stream: Stream,
    state: Mutex<CaptureState>,
}

#[derive(Default)]
struct CaptureState {
    /// the first operation that was refused (the capture is then invalid)
    invalid: Option<&'static str>,
    /// owners of the buffers the captured work touches, by `Arc` address
    keep: HashMap<usize, Owner>,
    /// buffers dropped while the capture was open
    deferred: Vec<CudaStorage>,
}

impl Capture {
    fn lock(&self) -> std::sync::MutexGuard<'_, CaptureState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
    fn invalidate(&self, op: &'static str) {
        let mut st = self.lock();
        st.invalid.get_or_insert(op);
    }
}

/// True while any capture is open through cuprum (one relaxed atomic load).
#[inline]
pub fn active() -> bool {
    ACTIVE.load(Ordering::Relaxed) != 0
}

fn find(ordinal: usize, raw: sys::CUstream) -> Option<Arc<Capture>> {
    if raw.is_null() {
        return None;
    }
    let raw = raw as usize;
    CAPTURES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .find(|c| c.raw == raw && c.ordinal == ordinal)
        .cloned()
}

/// The open capture of the calling thread's current stream of device `ordinal`, if any.
#[inline]
pub fn capture_of_current(ordinal: usize) -> Option<Arc<Capture>> {
    if !active() {
        return None;
    }
    find(ordinal, current_raw(ordinal))
}

fn refuse(c: &Capture, op: &'static str, reason: &'static str) -> Error {
    c.invalidate(op);
    Error::CaptureUnsupported { op, reason }
}

/// Fails with [`Error::CaptureUnsupported`] (and invalidates the capture) when the calling
/// thread's current stream of `ordinal` is being captured.
#[inline]
pub fn forbid(ordinal: usize, op: &'static str, reason: &'static str) -> Result<()> {
    match capture_of_current(ordinal) {
        Some(c) => Err(refuse(&c, op, reason)),
        None => Ok(()),
    }
}

/// As [`forbid`], for an explicit stream.
pub fn forbid_stream(s: &Stream, op: &'static str, reason: &'static str) -> Result<()> {
    if !active() {
        return Ok(());
    }
    match find(s.ordinal(), s.raw()) {
        Some(c) => Err(refuse(&c, op, reason)),
        None => Ok(()),
    }
}

/// As [`forbid`], for a device-wide wait: fails while any stream of device `ordinal` is being
/// captured, and invalidates that capture only when it is the calling thread's current stream
/// (a wait refused on another thread leaves the capture alone: no CUDA call was made).
pub fn forbid_device(ordinal: usize, op: &'static str, reason: &'static str) -> Result<()> {
    if !active() {
        return Ok(());
    }
    let open = CAPTURES
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .any(|c| c.ordinal == ordinal);
    if !open {
        return Ok(());
    }
    forbid(ordinal, op, reason)?;
    Err(Error::CaptureUnsupported { op, reason })
}

/// A shared owner of a device buffer (for cuprum-core, an array's `Arc<Storage>`): a graph
/// holds one for every buffer its work touches, so no captured buffer is freed while the graph
/// can still run.
pub type Owner = Arc<dyn std::any::Any + Send + Sync>;

/// Records that captured work on device `ordinal` uses the buffer `owner` keeps alive: the graph
/// will own a reference to it. Called for every backend view of a device array; a no-op (one
/// atomic load) when no capture is open.
#[inline]
pub fn keep_alive(ordinal: usize, owner: impl FnOnce() -> Owner) {
    if !active() {
        return;
    }
    keep_alive_slow(ordinal, owner());
}

#[cold]
fn keep_alive_slow(ordinal: usize, owner: Owner) {
    if let Some(cap) = capture_of_current(ordinal) {
        cap.lock()
            .keep
            .entry(Arc::as_ptr(&owner) as *const () as usize)
            .or_insert(owner);
    }
}

/// A device buffer being dropped while the calling thread's current stream of its device is
/// captured: the capture takes it (the graph frees it when dropped). Returns it otherwise.
pub fn defer_free(s: CudaStorage) -> Option<CudaStorage> {
    match capture_of_current(s.ordinal()) {
        Some(c) => {
            c.lock().deferred.push(s);
            None
        }
        None => Some(s),
    }
}

/// Runs `f` with the calling thread's capture mode set to relaxed when a capture is open (so
/// `cuMemAlloc`, `cuMemFree` or `cuModuleLoadData` are not refused by a thread-local or global
/// capture), restoring the mode afterwards.
pub fn relaxed<R>(f: impl FnOnce() -> R) -> R {
    if !active() {
        return f();
    }
    let mut mode = sys::CUstreamCaptureMode::CU_STREAM_CAPTURE_MODE_RELAXED;
    // SAFETY: exchanges this thread's capture mode through a valid pointer.
    let ok =
        unsafe { sys::cuThreadExchangeStreamCaptureMode(&mut mode) } == sys::CUresult::CUDA_SUCCESS;
    let r = f();
    if ok {
        // SAFETY: restores the mode read above.
        unsafe { sys::cuThreadExchangeStreamCaptureMode(&mut mode) };
    }
    r
}

/// Runs `f` with a private non-blocking stream of device `ordinal` as the thread's current
/// stream when the current one is being captured (for one-time probes that must wait on the
/// host, e.g. a reduction's accumulator size); runs `f` as is otherwise.
pub fn outside_capture<R, E: From<Error>>(
    ordinal: usize,
    f: impl FnOnce() -> std::result::Result<R, E>,
) -> std::result::Result<R, E> {
    if capture_of_current(ordinal).is_none() {
        return f();
    }
    static PRIVATE: OnceLock<Mutex<HashMap<usize, Stream>>> = OnceLock::new();
    let s = {
        let mut m = PRIVATE
            .get_or_init(|| Mutex::new(HashMap::new()))
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        match m.get(&ordinal) {
            Some(s) => s.clone(),
            None => {
                let s = relaxed(|| Stream::new(ordinal))?;
                m.insert(ordinal, s.clone());
                s
            }
        }
    };
    let _g = super::stream::push_unordered(&s);
    relaxed(f)
}

/// The allocator of buffers made on a capturing stream: plain `cuMemAlloc`/`cuMemFree` with the
/// thread's capture mode relaxed (a capture records no allocation; the graph owns the buffer).
#[derive(Debug, Default)]
pub struct CaptureAllocator;

impl Allocator for CaptureAllocator {
    fn allocate(&self, ordinal: usize, nbytes: usize, _stream: &Stream) -> Result<u64> {
        let mut p: sys::CUdeviceptr = 0;
        // SAFETY: writes one device pointer into `p`; the device's context is current.
        let r = relaxed(|| unsafe { sys::cuMemAlloc_v2(&mut p, nbytes) });
        crate::memory::alloc_result(
            "cuMemAlloc",
            ordinal,
            nbytes,
            r,
            p,
            " (allocated while capturing a CUDA graph)",
        )
    }

    fn deallocate(
        &self,
        _ordinal: usize,
        ptr: u64,
        _nbytes: usize,
        _stream: &Stream,
    ) -> Result<()> {
        // SAFETY: `ptr` came from cuMemAlloc above and is freed once; the graph that used it was
        // dropped after its last launch completed (Graph's Drop), or never existed.
        relaxed(|| unsafe { sys::cuMemFree_v2(ptr) })
            .result()
            .map_err(|e| drv("cuMemFree", e))
    }
}

/// The allocator for a new buffer on device `ordinal`: the capture allocator when the calling
/// thread's current stream is being captured, `None` (the installed one) otherwise.
#[inline]
pub fn capture_allocator(ordinal: usize) -> Option<Arc<dyn Allocator>> {
    capture_of_current(ordinal)?;
    static A: OnceLock<Arc<dyn Allocator>> = OnceLock::new();
    Some(A.get_or_init(|| Arc::new(CaptureAllocator)).clone())
}

impl Stream {
    /// Begins capturing the work queued on this stream into a CUDA graph
    /// (`cuStreamBeginCapture`; CuPy's `Stream.begin_capture`). Work is not executed while
    /// captured. cuprum queues operations on the calling thread's *current* stream, so make
    /// this stream current first ([`Stream::use_stream`]) or use [`capture`], which does both.
    /// See the [module docs](self::capture) for what may run inside a capture.
    ///
    /// # Errors
    /// [`Error::BadArgument`] for the legacy default stream (CUDA cannot capture it; use
    /// [`Stream::new`]) or a stream already being captured; a CUDA error otherwise.
    ///
    /// # Example
    /// ```
    /// use cuprum_cuda::{self as cuda, CaptureMode, Stream};
    /// if cuda::device_count() > 0 {
    ///     let s = Stream::new(0).unwrap();
    ///     let _g = s.use_stream().unwrap();
    ///     s.begin_capture(CaptureMode::default()).unwrap();
    ///     assert!(s.is_capturing().unwrap());
    ///     let graph = s.end_capture().unwrap();
    ///     graph.launch(&s).unwrap();
    /// }
    /// ```
    pub fn begin_capture(&self, mode: CaptureMode) -> Result<()> {
        if self.raw().is_null() {
            return Err(Error::bad_argument(
                "begin_capture",
                "self",
                format!("the legacy default stream of cuda:{}", self.ordinal()),
                "a stream made with Stream::new (the legacy default stream cannot be captured)",
            ));
        }
        bind("begin_capture", self.ordinal())?;
        let mut all = CAPTURES.lock().unwrap_or_else(|e| e.into_inner());
        if all.iter().any(|c| c.raw == self.raw() as usize) || self.is_capturing()? {
            return Err(Error::bad_argument(
                "begin_capture",
                "self",
                "a stream already being captured",
                "a stream that is not being captured",
            ));
        }
        // SAFETY: a valid non-null stream of the current context; mode is a valid enum value.
        unsafe { sys::cuStreamBeginCapture_v2(self.raw(), mode.raw()) }
            .result()
            .map_err(|e| drv("cuStreamBeginCapture", e))?;
        all.push(Arc::new(Capture {
            raw: self.raw() as usize,
            ordinal: self.ordinal(),
            stream: self.clone(),
            state: Mutex::new(CaptureState::default()),
        }));
        ACTIVE.fetch_add(1, Ordering::SeqCst);
        Ok(())
    }

    /// Ends the capture begun by [`Stream::begin_capture`] and instantiates the captured work as
    /// a [`Graph`] (`cuStreamEndCapture` + `cuGraphInstantiateWithFlags`; CuPy's
    /// `Stream.end_capture`). The graph owns every buffer the captured work uses (see the
    /// [module docs](self::capture)).
    ///
    /// # Errors
    /// [`Error::CaptureInvalidated`] when an operation inside the capture was refused (named)
    /// or CUDA invalidated the capture: no graph is made and the stream is no longer capturing;
    /// [`Error::BadArgument`] when the stream is not being captured through cuprum; a CUDA
    /// error otherwise.
    pub fn end_capture(&self) -> Result<Graph> {
        bind("end_capture", self.ordinal())?;
        let cap = {
            let mut all = CAPTURES.lock().unwrap_or_else(|e| e.into_inner());
            let Some(k) = all
                .iter()
                .position(|c| c.raw == self.raw() as usize && c.ordinal == self.ordinal())
            else {
                return Err(Error::bad_argument(
                    "end_capture",
                    "self",
                    "a stream that is not being captured",
                    "a stream being captured (call begin_capture first)",
                ));
            };
            ACTIVE.fetch_sub(1, Ordering::SeqCst);
            all.swap_remove(k)
        };
        let mut g: sys::CUgraph = std::ptr::null_mut();
        // SAFETY: the stream is being captured (registered above); writes one graph handle.
        let r = unsafe { sys::cuStreamEndCapture(self.raw(), &mut g) };
        let st = std::mem::take(&mut *cap.lock());
        let destroy = |g: sys::CUgraph| {
            if !g.is_null() {
                // SAFETY: `g` came from cuStreamEndCapture and is destroyed once.
                unsafe { sys::cuGraphDestroy(g) };
            }
        };
        if let Some(op) = st.invalid {
            destroy(g);
            return Err(Error::CaptureInvalidated { op });
        }
        match r {
            sys::CUresult::CUDA_SUCCESS => {}
            sys::CUresult::CUDA_ERROR_STREAM_CAPTURE_INVALIDATED => {
                destroy(g);
                return Err(Error::CaptureInvalidated {
                    op: "a CUDA call not permitted during stream capture",
                });
            }
            e => {
                destroy(g);
                return Err(drv("cuStreamEndCapture", cudarc::driver::DriverError(e)));
            }
        }
        let mut exec: sys::CUgraphExec = std::ptr::null_mut();
        let flags = sys::CUgraphInstantiate_flags::CUDA_GRAPH_INSTANTIATE_FLAG_AUTO_FREE_ON_LAUNCH.0
            as std::ffi::c_ulonglong;
        // SAFETY: `g` is a valid graph; writes one executable graph handle.
        let r = unsafe { sys::cuGraphInstantiateWithFlags(&mut exec, g, flags) };
        if r != sys::CUresult::CUDA_SUCCESS {
            destroy(g);
            return Err(drv("cuGraphInstantiate", cudarc::driver::DriverError(r)));
        }
        let mut nodes = 0usize;
        // SAFETY: counts the nodes of a valid graph (null array pointer: count only).
        unsafe { sys::cuGraphGetNodes(g, std::ptr::null_mut(), &mut nodes) };
        Ok(Graph {
            graph: g,
            exec,
            ordinal: self.ordinal(),
            nodes,
            last: Mutex::new(Some(cap.stream.clone())),
            keep: st.keep.into_values().collect(),
            deferred: st.deferred,
        })
    }

    /// Whether this stream is being captured (`cuStreamIsCapturing`; an invalidated capture
    /// counts as capturing until it is ended).
    ///
    /// # Errors
    /// A CUDA error.
    pub fn is_capturing(&self) -> Result<bool> {
        bind("is_capturing", self.ordinal())?;
        let mut st = sys::CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE;
        // SAFETY: a valid stream of the current context; writes one status.
        unsafe { sys::cuStreamIsCapturing(self.raw(), &mut st) }
            .result()
            .map_err(|e| drv("cuStreamIsCapturing", e))?;
        Ok(st != sys::CUstreamCaptureStatus::CU_STREAM_CAPTURE_STATUS_NONE)
    }
}

/// An instantiated CUDA graph: captured work that can be launched again and again
/// (`cupy.cuda.graph.Graph`). Made by [`Stream::end_capture`] or [`capture`].
///
/// It owns the buffers its work uses (see the [module docs](self::capture)); dropping it waits
/// for its last launch to finish, then frees the executable graph, the graph and its share of
/// those buffers.
pub struct Graph {
    graph: sys::CUgraph,
    exec: sys::CUgraphExec,
    ordinal: usize,
    nodes: usize,
    /// the stream of the last launch or upload (serializes launches: graph handles are not
    /// internally synchronized)
    last: Mutex<Option<Stream>>,
    keep: Vec<Owner>,
    deferred: Vec<CudaStorage>,
}

// SAFETY: the graph handles are used only under `last`'s mutex (launch, upload) or in Drop
// (exclusive access); CUDA graph handles may be used from any thread with the context current.
unsafe impl Send for Graph {}
// SAFETY: as above; every `&self` method that touches a handle holds the mutex.
unsafe impl Sync for Graph {}

impl std::fmt::Debug for Graph {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Graph(cuda:{}, nodes={}, buffers={})",
            self.ordinal,
            self.nodes,
            self.keep.len() + self.deferred.len()
        )
    }
}

impl Graph {
    /// Launches the graph on `stream` (`cuGraphLaunch`): the captured work runs again, in stream
    /// order after the work queued on `stream` before it; does not block the host. Launches of
    /// one graph run one after another.
    ///
    /// # Errors
    /// [`Error::DeviceMismatch`] when `stream` is on another device; a CUDA error otherwise.
    pub fn launch(&self, stream: &Stream) -> Result<()> {
        self.with_stream("Graph::launch", stream, |exec, s| {
            // SAFETY: a valid executable graph and stream of the same context.
            unsafe { sys::cuGraphLaunch(exec, s) }
                .result()
                .map_err(|e| drv("cuGraphLaunch", e))
        })
    }

    /// Uploads the graph's work descriptions to the device ahead of the first launch
    /// (`cuGraphUpload`, CuPy's `Graph.upload`), so that launch is as cheap as later ones.
    ///
    /// # Errors
    /// As [`Graph::launch`].
    pub fn upload(&self, stream: &Stream) -> Result<()> {
        self.with_stream("Graph::upload", stream, |exec, s| {
            // SAFETY: a valid executable graph and stream of the same context.
            unsafe { sys::cuGraphUpload(exec, s) }
                .result()
                .map_err(|e| drv("cuGraphUpload", e))
        })
    }

    fn with_stream(
        &self,
        op: &'static str,
        stream: &Stream,
        f: impl FnOnce(sys::CUgraphExec, sys::CUstream) -> Result<()>,
    ) -> Result<()> {
        if stream.ordinal() != self.ordinal {
            return Err(Error::DeviceMismatch {
                op,
                lhs: Device::Cuda(self.ordinal),
                rhs: Device::Cuda(stream.ordinal()),
            });
        }
        bind(op, self.ordinal)?;
        let mut last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(prev) = last.as_ref()
            && prev != stream
        {
            // a launch on another stream waits for the previous one (the graph's buffers are
            // shared by every launch).
            let e = prev.record()?;
            stream.wait_event(&e)?;
        }
        f(self.exec, stream.raw())?;
        *last = Some(stream.clone());
        Ok(())
    }

    /// The number of nodes (kernels, copies, ...) in the graph.
    pub fn num_nodes(&self) -> usize {
        self.nodes
    }

    /// The device ordinal.
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }

    /// The raw `CUgraphExec` handle (owned by the graph; do not destroy it).
    pub fn raw_exec(&self) -> sys::CUgraphExec {
        self.exec
    }

    /// The raw `CUgraph` handle the executable graph was instantiated from (owned by the graph;
    /// do not destroy it).
    pub fn raw_graph(&self) -> sys::CUgraph {
        self.graph
    }

    /// Writes the graph's nodes and edges as a Graphviz DOT file to `path`
    /// (`cuGraphDebugDotPrint`, CuPy's `Graph.debug_dot_print` / `runtime.graphDebugDotPrint`).
    /// `flags` are `CUgraphDebugDot_flags` bits (0: the default description;
    /// `CU_GRAPH_DEBUG_DOT_FLAGS_VERBOSE` = 1: everything).
    ///
    /// # Errors
    /// [`Error::BadArgument`] when `path` contains a NUL byte or is not UTF-8; a CUDA error
    /// (e.g. the file cannot be written).
    pub fn debug_dot_print(&self, path: &std::path::Path, flags: u32) -> Result<()> {
        let c = path
            .to_str()
            .and_then(|p| std::ffi::CString::new(p).ok())
            .ok_or_else(|| {
                Error::bad_argument(
                    "Graph::debug_dot_print",
                    "path",
                    path.display(),
                    "a UTF-8 path without NUL bytes",
                )
            })?;
        bind("Graph::debug_dot_print", self.ordinal)?;
        let _last = self.last.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: a valid graph handle (used under the mutex); `c` is a NUL-terminated path.
        unsafe { sys::cuGraphDebugDotPrint(self.graph, c.as_ptr(), flags) }
            .result()
            .map_err(|e| drv("cuGraphDebugDotPrint", e))
    }
}

impl Drop for Graph {
    fn drop(&mut self) {
        let last = self
            .last
            .get_mut()
            .unwrap_or_else(|e| e.into_inner())
            .take();
        if bind("Graph::drop", self.ordinal).is_err() {
            return;
        }
        // Wait for the last launch: the buffers below may be freed once it is done.
        let mut waited = true;
        if let Some(s) = &last {
            let open = if active() {
                find(s.ordinal(), s.raw())
            } else {
                None
            };
            if let Some(c) = open {
                // The stream is being captured again: that capture (and its graph) inherits the
                // buffers, which stay alive until it is dropped in turn.
                let mut st = c.lock();
                for k in self.keep.drain(..) {
                    st.keep.insert(Arc::as_ptr(&k) as *const () as usize, k);
                }
                st.deferred.append(&mut self.deferred);
            } else {
                // SAFETY: a valid stream handle (kept alive by `last`).
                let r = relaxed(|| unsafe { sys::cuStreamSynchronize(s.raw()) });
                if r != sys::CUresult::CUDA_SUCCESS {
                    tracing::error!("Graph::drop: cuStreamSynchronize failed: {r:?}");
                    waited = false;
                }
            }
        }
        // SAFETY: both handles were created by end_capture and are destroyed once.
        unsafe {
            sys::cuGraphExecDestroy(self.exec);
            sys::cuGraphDestroy(self.graph);
        }
        if !waited {
            // the device is in an error state; leaking is safer than freeing memory in use.
            std::mem::forget(std::mem::take(&mut self.keep));
            std::mem::forget(std::mem::take(&mut self.deferred));
        }
    }
}

/// Captures the work `f` queues into a replayable [`Graph`]: makes `stream` current on the
/// calling thread, begins a capture ([`CaptureMode::ThreadLocal`]), runs `f(stream)`, ends the
/// capture (also when `f` fails or panics) and restores the previous current stream.
///
/// **Shapes**: whatever `f` does; a launch replays it on the same buffers, so inputs are
/// changed between launches by writing into them (`assign`, `*_out`), never by
/// rebinding a variable. Results are written into arrays made before the capture, or made
/// inside it and returned through [`capture_with`].
///
/// # Errors
/// `f`'s error (the capture is ended and discarded); [`Error::CaptureUnsupported`] from a
/// refused operation inside `f` (a host read, upload or wait); the errors of
/// [`Stream::begin_capture`] and [`Stream::end_capture`].
///
/// # Example
/// ```
/// use cuprum_cuda::{self as cuda, memory::memset_d8_async};
/// if cuda::device_count() > 0 {
///     let s = cuda::Stream::new(0).unwrap();
///     let y = cuda::alloc(0, 16).unwrap();
///     let g = cuda::graph::capture(&s, |s| {
///         // SAFETY: 16 bytes inside the live buffer `y`, which outlives the graph's launch.
///         unsafe { memset_d8_async(y.device_ptr(), 1, 16, s) } // y = 0x01 bytes
///     })
///     .unwrap();
///     g.launch(&s).unwrap();
///     s.synchronize().unwrap();
///     assert_eq!(cuda::to_host(&y, 0, 16).unwrap(), vec![1u8; 16]);
/// }
/// ```
pub fn capture<E: From<Error>>(
    stream: &Stream,
    f: impl FnOnce(&Stream) -> std::result::Result<(), E>,
) -> std::result::Result<Graph, E> {
    capture_with(stream, f).map(|(g, ())| g)
}

/// As [`capture`], also returning what `f` returns — e.g. arrays made inside the capture,
/// which then hold the results of the graph's latest launch (their buffers stay valid for as
/// long as the array or the graph lives).
///
/// # Errors
/// As [`capture`].
///
/// # Example
/// ```
/// use cuprum_cuda::{self as cuda, memory::memset_d8_async};
/// if cuda::device_count() > 0 {
///     let s = cuda::Stream::new(0).unwrap();
///     let (g, y) = cuda::graph::capture_with(&s, |s| {
///         // a buffer made inside the capture: the graph's launch fills it
///         let y = cuda::alloc(0, 8)?;
///         // SAFETY: 8 bytes inside `y`, which outlives the launch (returned with the graph).
///         unsafe { memset_d8_async(y.device_ptr(), 4, 8, s) }?;
///         Ok::<_, cuda::Error>(y)
///     })
///     .unwrap();
///     g.launch(&s).unwrap();
///     s.synchronize().unwrap();
///     assert_eq!(cuda::to_host(&y, 0, 8).unwrap(), vec![4u8; 8]);
/// }
/// ```
pub fn capture_with<T, E: From<Error>>(
    stream: &Stream,
    f: impl FnOnce(&Stream) -> std::result::Result<T, E>,
) -> std::result::Result<(Graph, T), E> {
    /// Ends an open capture if `f` unwinds.
    struct Ender<'a>(Option<&'a Stream>);
    impl Drop for Ender<'_> {
        fn drop(&mut self) {
            if let Some(s) = self.0 {
                drop(s.end_capture());
            }
        }
    }
    let _cur = stream.use_stream()?;
    stream.begin_capture(CaptureMode::default())?;
    let mut ender = Ender(Some(stream));
    let r = f(stream);
    ender.0 = None;
    let g = stream.end_capture();
    // f's own error first (the capture it broke is ended and discarded either way)
    let v = r?;
    Ok((g?, v))
}
