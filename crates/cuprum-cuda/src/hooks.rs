//! Memory hooks: callbacks around every device allocation and free, like `cupy.cuda.MemoryHook`.
//!
//! A hook implements [`MemoryHook`] (every method has an empty default) and is installed on the
//! calling thread with [`install`] (a guard, like `with hook:`) or [`with_hook`] (a closure).
//! Hooks are per thread, as in CuPy: a hook sees the allocations and frees made by the thread
//! that installed it, innermost hook last.
//!
//! Where the callbacks come from:
//! - `malloc_*`: core's device allocation (every array buffer, whatever allocator is installed:
//!   CuPy's `MemoryPool.malloc`); `size` and `mem_size` are both the bytes asked for.
//! - `alloc_*`: the allocation an allocator makes from the driver: the default
//!   [`StreamOrderedAllocator`](super::StreamOrderedAllocator)'s `cuMemAllocAsync`, and
//!   `cuprum-memory`'s `MemoryPool` when it grows (CuPy's `cudaMalloc` inside the pool). A
//!   pool hit is a `malloc` without an `alloc`. A user [`Allocator`](super::Allocator) calls
//!   [`run_alloc_hooks`] (exposed in `ext::cuda`) to report its own.
//! - `free_*`: core's device free of a buffer (CuPy's `MemoryPool.free`).
//!
//! `pmem_id` in CuPy is the id of the pooled-memory object; here it is the device address.
//! The post-callbacks run only when the operation succeeded. Host (CPU) buffers never call
//! hooks. Foreign memory (cudarc slices, DLPack tensors) is neither allocated nor freed by core.

use std::cell::RefCell;
use std::io::Write;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Callbacks around device allocations and frees (`cupy.cuda.MemoryHook`). Every method has an
/// empty default; implement the ones you need. Installed per thread with [`install`].
///
/// A hook must not panic; it may allocate (a nested allocation calls the hooks again).
///
/// # Example
/// ```
/// use cuprum_cuda::hooks::{self, MemoryHook};
/// use std::sync::{Arc, atomic::{AtomicUsize, Ordering}};
/// #[derive(Default)]
/// struct Count(AtomicUsize);
/// impl MemoryHook for Count {
///     fn malloc_postprocess(&self, _dev: usize, _size: usize, _mem: usize, _ptr: u64, _id: u64) {
///         self.0.fetch_add(1, Ordering::Relaxed);
///     }
/// }
/// let h = Arc::new(Count::default());
/// {
///     let _g = hooks::install(h.clone());
///     // host memory calls no hook
///     let _a = vec![0f32; 4];
/// }
/// assert_eq!(h.0.load(Ordering::Relaxed), 0);
/// ```
pub trait MemoryHook {
    /// The hook's name (`MemoryHook.name`).
    fn name(&self) -> &str {
        "MemoryHook"
    }
    /// Before an allocator takes `mem_size` bytes from the driver on device `device_id`.
    fn alloc_preprocess(&self, device_id: usize, mem_size: usize) {
        let _ = (device_id, mem_size);
    }
    /// After an allocator took `mem_size` bytes at `mem_ptr` from the driver.
    fn alloc_postprocess(&self, device_id: usize, mem_size: usize, mem_ptr: u64) {
        let _ = (device_id, mem_size, mem_ptr);
    }
    /// Before core allocates a buffer of `size` bytes (`mem_size` = `size`).
    fn malloc_preprocess(&self, device_id: usize, size: usize, mem_size: usize) {
        let _ = (device_id, size, mem_size);
    }
    /// After core allocated a buffer of `size` bytes at `mem_ptr` (`pmem_id` = `mem_ptr`).
    fn malloc_postprocess(
        &self,
        device_id: usize,
        size: usize,
        mem_size: usize,
        mem_ptr: u64,
        pmem_id: u64,
    ) {
        let _ = (device_id, size, mem_size, mem_ptr, pmem_id);
    }
    /// Before core frees a buffer of `mem_size` bytes at `mem_ptr`.
    fn free_preprocess(&self, device_id: usize, mem_size: usize, mem_ptr: u64, pmem_id: u64) {
        let _ = (device_id, mem_size, mem_ptr, pmem_id);
    }
    /// After core freed a buffer of `mem_size` bytes at `mem_ptr`.
    fn free_postprocess(&self, device_id: usize, mem_size: usize, mem_ptr: u64, pmem_id: u64) {
        let _ = (device_id, mem_size, mem_ptr, pmem_id);
    }
}

/// Hooks installed on any thread (the fast path skips the thread-local lookup when 0).
static INSTALLED: AtomicUsize = AtomicUsize::new(0);
/// Ids of installs.
static NEXT_ID: AtomicUsize = AtomicUsize::new(1);

thread_local! {
    static HOOKS: RefCell<Vec<(usize, Arc<dyn MemoryHook>)>> = const { RefCell::new(Vec::new()) };
}

/// Uninstalls its hook when dropped; returned by [`install`]. Must be dropped on the thread
/// that installed it (it is neither `Send` nor `Sync`).
#[must_use = "the hook is installed only while the guard lives"]
pub struct MemoryHookGuard {
    id: usize,
    _not_send: PhantomData<*const ()>,
}

impl std::fmt::Debug for MemoryHookGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MemoryHookGuard({})", self.id)
    }
}

impl Drop for MemoryHookGuard {
    fn drop(&mut self) {
        // `try_with`: a guard (or an allocation calling `snapshot`) may run while the thread's
        // locals are being destroyed at exit; then there is nothing left to remove.
        let removed = HOOKS
            .try_with(|h| {
                let mut h = h.borrow_mut();
                let before = h.len();
                h.retain(|(id, _)| *id != self.id);
                before - h.len()
            })
            .unwrap_or(0);
        INSTALLED.fetch_sub(removed, Ordering::Relaxed);
    }
}

/// Installs `hook` on the calling thread until the guard drops (`with hook:` in CuPy). Hooks
/// nest; each callback runs for every installed hook, in installation order.
///
/// # Example
/// ```
/// use cuprum_cuda::hooks::{self, DebugPrintHook};
/// use std::sync::Arc;
/// let _g = hooks::install(Arc::new(DebugPrintHook::new()));
/// assert_eq!(hooks::installed_hooks(), 1);
/// ```
pub fn install(hook: Arc<dyn MemoryHook>) -> MemoryHookGuard {
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    HOOKS.with(|h| h.borrow_mut().push((id, hook)));
    INSTALLED.fetch_add(1, Ordering::Relaxed);
    MemoryHookGuard {
        id,
        _not_send: PhantomData,
    }
}

/// Runs `f` with `hook` installed on the calling thread (the closure form of [`install`]).
///
/// # Example
/// ```
/// use cuprum_cuda::hooks::{self, DebugPrintHook};
/// use std::sync::Arc;
/// let n = hooks::with_hook(Arc::new(DebugPrintHook::new()), hooks::installed_hooks);
/// assert_eq!(n, 1);
/// assert_eq!(hooks::installed_hooks(), 0);
/// ```
pub fn with_hook<R>(hook: Arc<dyn MemoryHook>, f: impl FnOnce() -> R) -> R {
    let _g = install(hook);
    f()
}

/// Number of hooks installed on the calling thread.
pub fn installed_hooks() -> usize {
    HOOKS.try_with(|h| h.borrow().len()).unwrap_or(0)
}

/// True when some thread has a hook installed (one relaxed load; the allocation fast path).
#[inline]
pub fn any() -> bool {
    INSTALLED.load(Ordering::Relaxed) != 0
}

/// The calling thread's hooks (a snapshot, so that a hook may allocate).
fn snapshot() -> Vec<Arc<dyn MemoryHook>> {
    HOOKS
        .try_with(|h| h.borrow().iter().map(|(_, h)| h.clone()).collect())
        .unwrap_or_default()
}

/// Runs `f`, an allocator's driver allocation of `mem_size` bytes on device `device_id`,
/// between the calling thread's `alloc_preprocess` and `alloc_postprocess` hooks. For
/// [`Allocator`](super::Allocator) implementations (the default one and `cuprum-memory`'s pool
/// call it); a no-op wrapper when no hook is installed.
///
/// # Errors
/// The error of `f` (then `alloc_postprocess` is not called).
///
/// # Example
/// ```
/// let p = cuprum_cuda::hooks::run_alloc_hooks(0, 512, || Ok::<_, cuprum_cuda::Error>(0x1000)).unwrap();
/// assert_eq!(p, 0x1000);
/// ```
pub fn run_alloc_hooks<E>(
    device_id: usize,
    mem_size: usize,
    f: impl FnOnce() -> std::result::Result<u64, E>,
) -> std::result::Result<u64, E> {
    if !any() {
        return f();
    }
    alloc(device_id, mem_size, f)
}

pub fn alloc<E>(
    device_id: usize,
    mem_size: usize,
    f: impl FnOnce() -> std::result::Result<u64, E>,
) -> std::result::Result<u64, E> {
    let hooks = snapshot();
    for h in &hooks {
        h.alloc_preprocess(device_id, mem_size);
    }
    let p = f()?;
    for h in &hooks {
        h.alloc_postprocess(device_id, mem_size, p);
    }
    Ok(p)
}

pub fn malloc<E>(
    device_id: usize,
    size: usize,
    f: impl FnOnce() -> std::result::Result<u64, E>,
) -> std::result::Result<u64, E> {
    let hooks = snapshot();
    for h in &hooks {
        h.malloc_preprocess(device_id, size, size);
    }
    let p = f()?;
    for h in &hooks {
        h.malloc_postprocess(device_id, size, size, p, p);
    }
    Ok(p)
}

pub fn free<E>(
    device_id: usize,
    mem_size: usize,
    mem_ptr: u64,
    f: impl FnOnce() -> std::result::Result<(), E>,
) -> std::result::Result<(), E> {
    let hooks = snapshot();
    for h in &hooks {
        h.free_preprocess(device_id, mem_size, mem_ptr, mem_ptr);
    }
    f()?;
    for h in &hooks {
        h.free_postprocess(device_id, mem_size, mem_ptr, mem_ptr);
    }
    Ok(())
}

/// Prints one JSON line per allocation, malloc and free (`cupy.cuda.memory_hooks.DebugPrintHook`),
/// to standard output or to a writer.
///
/// Lines look like CuPy's:
/// `{"hook":"malloc","device_id":0,"size":512,"mem_size":512,"mem_ptr":140...,"pmem_id":"0x7f.."}`.
///
/// # Example
/// ```
/// use cuprum_cuda::hooks::{DebugPrintHook, MemoryHook};
/// use std::io::Write;
/// use std::sync::{Arc, Mutex};
/// #[derive(Clone, Default)]
/// struct Buf(Arc<Mutex<Vec<u8>>>);
/// impl Write for Buf {
///     fn write(&mut self, b: &[u8]) -> std::io::Result<usize> { self.0.lock().unwrap().write(b) }
///     fn flush(&mut self) -> std::io::Result<()> { Ok(()) }
/// }
/// let buf = Buf::default();
/// let h = DebugPrintHook::to_writer(buf.clone());
/// h.alloc_postprocess(0, 512, 4096);
/// let s = String::from_utf8(buf.0.lock().unwrap().clone()).unwrap();
/// assert_eq!(s, "{\"hook\":\"alloc\",\"device_id\":0,\"mem_size\":512,\"mem_ptr\":4096}\n");
/// ```
pub struct DebugPrintHook {
    out: Mutex<Box<dyn Write + Send>>,
}

impl std::fmt::Debug for DebugPrintHook {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DebugPrintHook")
    }
}

impl Default for DebugPrintHook {
    fn default() -> Self {
        DebugPrintHook::new()
    }
}

impl DebugPrintHook {
    /// A hook printing to standard output.
    pub fn new() -> DebugPrintHook {
        DebugPrintHook::to_writer(std::io::stdout())
    }
    /// A hook printing to `w`.
    pub fn to_writer(w: impl Write + Send + 'static) -> DebugPrintHook {
        DebugPrintHook {
            out: Mutex::new(Box::new(w)),
        }
    }
    fn line(&self, s: std::fmt::Arguments<'_>) {
        let mut o = self.out.lock().unwrap_or_else(|e| e.into_inner());
        // a failed write (closed pipe) is not worth failing an allocation for
        let _ = writeln!(o, "{s}");
    }
}

impl MemoryHook for DebugPrintHook {
    fn name(&self) -> &str {
        "DebugPrintHook"
    }
    fn alloc_postprocess(&self, device_id: usize, mem_size: usize, mem_ptr: u64) {
        self.line(format_args!(
            "{{\"hook\":\"alloc\",\"device_id\":{device_id},\"mem_size\":{mem_size},\"mem_ptr\":{mem_ptr}}}"
        ));
    }
    fn malloc_postprocess(
        &self,
        device_id: usize,
        size: usize,
        mem_size: usize,
        mem_ptr: u64,
        pmem_id: u64,
    ) {
        self.line(format_args!(
            "{{\"hook\":\"malloc\",\"device_id\":{device_id},\"size\":{size},\"mem_size\":{mem_size},\"mem_ptr\":{mem_ptr},\"pmem_id\":\"{pmem_id:#x}\"}}"
        ));
    }
    fn free_postprocess(&self, device_id: usize, mem_size: usize, mem_ptr: u64, pmem_id: u64) {
        self.line(format_args!(
            "{{\"hook\":\"free\",\"device_id\":{device_id},\"mem_size\":{mem_size},\"mem_ptr\":{mem_ptr},\"pmem_id\":\"{pmem_id:#x}\"}}"
        ));
    }
}

/// Totals of the allocations seen while installed: a cheap stand-in for CuPy's
/// `LineProfileHook` (which groups by Python source line; Rust has no cheap caller line at the
/// allocator). Counts and bytes of `malloc`s, `alloc`s and `free`s, and the peak of bytes
/// malloc'ed minus freed.
///
/// # Example
/// ```
/// use cuprum_cuda::hooks::{MallocStatsHook, MemoryHook};
/// let h = MallocStatsHook::default();
/// h.malloc_postprocess(0, 100, 100, 1, 1);
/// h.malloc_postprocess(0, 50, 50, 2, 2);
/// h.free_postprocess(0, 100, 1, 1);
/// let s = h.stats();
/// assert_eq!((s.mallocs, s.malloc_bytes, s.frees, s.freed_bytes, s.peak_bytes), (2, 150, 1, 100, 150));
/// ```
#[derive(Debug, Default)]
pub struct MallocStatsHook {
    stats: Mutex<MallocStats>,
}

/// What a [`MallocStatsHook`] counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MallocStats {
    /// Number of buffers core allocated.
    pub mallocs: usize,
    /// Bytes of those buffers.
    pub malloc_bytes: usize,
    /// Number of driver allocations made by the allocator.
    pub allocs: usize,
    /// Bytes of those allocations.
    pub alloc_bytes: usize,
    /// Number of buffers freed.
    pub frees: usize,
    /// Bytes of those buffers.
    pub freed_bytes: usize,
    /// Largest value of (bytes malloc'ed − bytes freed) seen.
    pub peak_bytes: usize,
}

impl MallocStatsHook {
    /// The totals so far.
    pub fn stats(&self) -> MallocStats {
        *self.stats.lock().unwrap_or_else(|e| e.into_inner())
    }
    fn with(&self, f: impl FnOnce(&mut MallocStats)) {
        f(&mut self.stats.lock().unwrap_or_else(|e| e.into_inner()))
    }
}

impl MemoryHook for MallocStatsHook {
    fn name(&self) -> &str {
        "MallocStatsHook"
    }
    fn alloc_postprocess(&self, _device_id: usize, mem_size: usize, _mem_ptr: u64) {
        self.with(|s| {
            s.allocs += 1;
            s.alloc_bytes += mem_size;
        });
    }
    fn malloc_postprocess(&self, _: usize, _size: usize, mem_size: usize, _: u64, _: u64) {
        self.with(|s| {
            s.mallocs += 1;
            s.malloc_bytes += mem_size;
            let live = s.malloc_bytes.saturating_sub(s.freed_bytes);
            s.peak_bytes = s.peak_bytes.max(live);
        });
    }
    fn free_postprocess(&self, _: usize, mem_size: usize, _: u64, _: u64) {
        self.with(|s| {
            s.frees += 1;
            s.freed_bytes += mem_size;
        });
    }
}
