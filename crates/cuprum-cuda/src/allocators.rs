//! Scoped and user-built allocators: [`using_allocator`] / [`with_allocator`]
//! (`cupy.cuda.using_allocator`: a thread-local allocator for a scope), [`FunctionAllocator`]
//! (`cupy.cuda.PythonFunctionAllocator`: an allocator from two closures) and
//! [`CFunctionAllocator`] (`cupy.cuda.CFunctionAllocator`: an allocator from a C
//! `malloc`/`free` pair and a parameter pointer).
//!
//! Which allocator a device allocation uses, first match wins: the capture allocator while the
//! current stream is being captured into a graph; the innermost [`using_allocator`] of the
//! calling thread; the process-wide one of [`set_allocator`](super::set_allocator); the
//! default [`StreamOrderedAllocator`](super::StreamOrderedAllocator). A buffer is always
//! returned to the allocator that made it, whatever is installed when it drops.

use super::memory::Allocator;
use super::stream::Stream;
use crate::{Device, Error, Result};
use std::cell::RefCell;
use std::ffi::{c_int, c_void};
use std::marker::PhantomData;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Installs of [`using_allocator`] on the calling thread, innermost last.
type Scoped = Vec<(usize, Arc<dyn Allocator>)>;

thread_local! {
    static SCOPED: RefCell<Scoped> = const { RefCell::new(Vec::new()) };
}

/// Ids of [`using_allocator`] installs.
static NEXT_ID: AtomicUsize = AtomicUsize::new(1);

/// The calling thread's innermost [`using_allocator`] allocator, if any.
pub fn thread_allocator() -> Option<Arc<dyn Allocator>> {
    SCOPED
        .try_with(|s| s.borrow().last().map(|(_, a)| a.clone()))
        .ok()
        .flatten()
}

/// Restores the calling thread's previous allocator when dropped; returned by
/// [`using_allocator`]. Must be dropped on the thread that made it (it is neither `Send` nor
/// `Sync`). Guards may be dropped out of order: each removes only its own install.
#[must_use = "the allocator is in effect only while the guard lives"]
pub struct AllocatorGuard {
    id: usize,
    _not_send: PhantomData<*const ()>,
}

impl std::fmt::Debug for AllocatorGuard {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "AllocatorGuard({})", self.id)
    }
}

impl Drop for AllocatorGuard {
    fn drop(&mut self) {
        let _ = SCOPED.try_with(|s| s.borrow_mut().retain(|(id, _)| *id != self.id));
    }
}

/// Makes `allocator` the calling thread's device allocator until the guard drops
/// (`with cupy.cuda.using_allocator(allocator):`); `None` is the raw allocator, i.e. no pool
/// ([`StreamOrderedAllocator`](super::StreamOrderedAllocator), CUDA's `cuMemAllocAsync`),
/// as CuPy's `None` is `cudaMalloc` without its pool.
///
/// **Shapes:** none.
///
/// The setting is per thread (other threads keep theirs) and nests; it wins over
/// [`set_allocator`](super::set_allocator) (CuPy refuses `set_allocator` inside
/// `using_allocator`; here the process-wide allocator changes but this thread keeps the scoped
/// one until the guard drops). [`allocator`](super::allocator) returns the scoped one inside
/// the scope. Buffers allocated inside the scope are freed through the allocator that made
/// them even after the scope ends.
///
/// # Errors
/// None.
///
/// # Example
/// ```
/// use cuprum_cuda::{self as cuda, StreamOrderedAllocator};
/// use std::sync::Arc;
/// let raw: Arc<dyn cuda::Allocator> = Arc::new(StreamOrderedAllocator);
/// {
///     let _g = cuda::using_allocator(Some(raw.clone()));
///     assert!(Arc::ptr_eq(&cuda::allocator(), &raw));
///     // every device array made here comes from `raw`
/// }
/// assert!(!Arc::ptr_eq(&cuda::allocator(), &raw));
/// ```
pub fn using_allocator(allocator: Option<Arc<dyn Allocator>>) -> AllocatorGuard {
    let a = allocator.unwrap_or_else(|| Arc::new(super::StreamOrderedAllocator));
    let id = NEXT_ID.fetch_add(1, Ordering::Relaxed);
    SCOPED.with(|s| s.borrow_mut().push((id, a)));
    AllocatorGuard {
        id,
        _not_send: PhantomData,
    }
}

/// Runs `f` with `allocator` as the calling thread's device allocator (the closure form of
/// [`using_allocator`]).
///
/// # Errors
/// None of its own; returns what `f` returns.
///
/// # Example
/// ```
/// use cuprum_cuda::{self as cuda, StreamOrderedAllocator};
/// use std::sync::Arc;
/// let raw: Arc<dyn cuda::Allocator> = Arc::new(StreamOrderedAllocator);
/// let inside = cuda::with_allocator(Some(raw.clone()), || Arc::ptr_eq(&cuda::allocator(), &raw));
/// assert!(inside);
/// ```
pub fn with_allocator<R>(allocator: Option<Arc<dyn Allocator>>, f: impl FnOnce() -> R) -> R {
    let _g = using_allocator(allocator);
    f()
}

/// The `malloc` closure of a [`FunctionAllocator`]: `(nbytes, device_id) -> address`.
type MallocFn = dyn Fn(usize, usize) -> Result<u64> + Send + Sync;
/// The `free` closure of a [`FunctionAllocator`]: `(address, device_id)`.
type FreeFn = dyn Fn(u64, usize) -> Result<()> + Send + Sync;

/// An [`Allocator`] made of two closures (`cupy.cuda.PythonFunctionAllocator(malloc_func,
/// free_func)`): `malloc(nbytes, device_id) -> address` and `free(address, device_id)`.
///
/// The closures delegate the memory to someone else (another library's pool, a framework's
/// caching allocator, a test double); cuprum only decides when. Both are called with device
/// `device_id`'s context current, and may read the stream with
/// [`get_current_stream`](super::get_current_stream) (CuPy's advice for stream-ordered
/// external pools).
///
/// Ordering: before `free` runs, the freeing thread's current stream is synchronized, so the
/// closure may release memory at once (a `cuMemFree`-style free is safe). `malloc` is wrapped
/// in the `alloc_*` memory hooks ([`hooks`](super::hooks)).
///
/// # Errors
/// A `malloc` that returns address 0 for `nbytes > 0` is reported as
/// [`Error::OutOfMemory`]; the closures' own errors are passed on.
///
/// # Example
/// ```
/// use cuprum_cuda::{self as cuda, FunctionAllocator, StreamOrderedAllocator};
/// use std::sync::Arc;
/// use std::sync::atomic::{AtomicUsize, Ordering};
/// let count = Arc::new(AtomicUsize::new(0));
/// let c = count.clone();
/// // delegate to CUDA's stream-ordered allocator, counting allocations
/// let a = FunctionAllocator::new(
///     move |nbytes, dev| {
///         c.fetch_add(1, Ordering::Relaxed);
///         let s = cuda::get_current_stream(dev)?;
///         cuda::Allocator::allocate(&StreamOrderedAllocator, dev, nbytes, &s)
///     },
///     |ptr, dev| {
///         let s = cuda::get_current_stream(dev)?;
///         cuda::Allocator::deallocate(&StreamOrderedAllocator, dev, ptr, 0, &s)
///     },
/// );
/// let _g = cuda::using_allocator(Some(Arc::new(a)));
/// if cuda::device_count() > 0 {
///     let x = cuda::alloc(0, 64).unwrap();
///     assert_eq!(count.load(Ordering::Relaxed), 1);
///     drop(x);
/// }
/// ```
pub struct FunctionAllocator {
    malloc: Box<MallocFn>,
    free: Box<FreeFn>,
}

impl std::fmt::Debug for FunctionAllocator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("FunctionAllocator")
    }
}

impl FunctionAllocator {
    /// An allocator calling `malloc(nbytes, device_id)` and `free(address, device_id)`.
    pub fn new(
        malloc: impl Fn(usize, usize) -> Result<u64> + Send + Sync + 'static,
        free: impl Fn(u64, usize) -> Result<()> + Send + Sync + 'static,
    ) -> FunctionAllocator {
        FunctionAllocator {
            malloc: Box::new(malloc),
            free: Box::new(free),
        }
    }
}

/// `Error::OutOfMemory` for an external allocator that returned a null address.
fn null_address(ordinal: usize, nbytes: usize, who: &str) -> Error {
    let free = super::mem_get_info(ordinal).map(|m| m.0).unwrap_or(0);
    Error::OutOfMemory {
        device: Device::Cuda(ordinal),
        requested: nbytes,
        free,
        limit_note: format!(" ({who} returned a null address)"),
    }
}

impl Allocator for FunctionAllocator {
    fn allocate(&self, ordinal: usize, nbytes: usize, _stream: &Stream) -> Result<u64> {
        let p = super::hooks::run_alloc_hooks(ordinal, nbytes, || (self.malloc)(nbytes, ordinal))?;
        if p == 0 {
            return Err(null_address(ordinal, nbytes, "FunctionAllocator's malloc"));
        }
        Ok(p)
    }

    fn deallocate(&self, ordinal: usize, ptr: u64, _nbytes: usize, stream: &Stream) -> Result<()> {
        stream.synchronize()?;
        (self.free)(ptr, ordinal)
    }
}

/// A C `malloc`: `void* malloc(void* param, size_t size, int device_id)`.
pub type CMallocFn = unsafe extern "C" fn(*mut c_void, usize, c_int) -> *mut c_void;
/// A C `free`: `void free(void* param, void* ptr, int device_id)`.
pub type CFreeFn = unsafe extern "C" fn(*mut c_void, *mut c_void, c_int);

/// An [`Allocator`] delegating to C functions (`cupy.cuda.CFunctionAllocator(param,
/// malloc_func, free_func, owner)`): `malloc(param, size, device_id)` returns device memory,
/// `free(param, ptr, device_id)` releases it; `param` is an opaque pointer handed to both
/// (an allocator object of another library), kept alive by `owner`.
///
/// As [`FunctionAllocator`]: the functions are called with the device's context current,
/// the freeing stream is synchronized before `free`, a null return is
/// [`Error::OutOfMemory`].
///
/// # Example
/// ```
/// use cuprum_cuda::{self as cuda, CFunctionAllocator};
/// use std::ffi::{c_int, c_void};
/// // C functions over cudarc's raw driver API (any C library's pair works the same way)
/// unsafe extern "C" fn my_malloc(_p: *mut c_void, size: usize, _dev: c_int) -> *mut c_void {
///     let mut d = 0u64;
///     // SAFETY: the device's context is current when cuprum calls an allocator.
///     let r = unsafe { cudarc::driver::sys::cuMemAlloc_v2(&mut d, size) };
///     if r == cudarc::driver::sys::CUresult::CUDA_SUCCESS { d as *mut c_void } else { std::ptr::null_mut() }
/// }
/// unsafe extern "C" fn my_free(_p: *mut c_void, ptr: *mut c_void, _dev: c_int) {
///     // SAFETY: `ptr` came from my_malloc and is freed once.
///     unsafe { cudarc::driver::sys::cuMemFree_v2(ptr as u64) };
/// }
/// // SAFETY: the functions are thread-safe and need no parameter.
/// let a = unsafe { CFunctionAllocator::new(std::ptr::null_mut(), my_malloc, my_free, None) };
/// let _g = cuda::using_allocator(Some(std::sync::Arc::new(a)));
/// if cuda::device_count() > 0 {
///     let x = cuda::from_host(0, &[7u8; 32]).unwrap();
///     assert_eq!(cuda::to_host(&x, 0, 32).unwrap(), vec![7u8; 32]);
/// }
/// ```
pub struct CFunctionAllocator {
    /// `param` as an address (the pointer is only handed back to the C functions).
    param: usize,
    malloc: CMallocFn,
    free: CFreeFn,
    _owner: Option<Box<dyn std::any::Any + Send + Sync>>,
}

impl std::fmt::Debug for CFunctionAllocator {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CFunctionAllocator(param={:#x})", self.param)
    }
}

impl CFunctionAllocator {
    /// An allocator calling `malloc(param, size, device_id)` and `free(param, ptr,
    /// device_id)`; `owner` is dropped with the allocator (keep `param`'s object in it).
    ///
    /// # Safety
    /// `param` must stay valid for the functions as long as the allocator (and every buffer
    /// it made) lives; both functions must be safe to call from any thread, concurrently,
    /// with that `param`; `malloc` must return null or the address of at least `size` bytes
    /// of device `device_id`'s memory, valid until passed to `free`.
    pub unsafe fn new(
        param: *mut c_void,
        malloc: CMallocFn,
        free: CFreeFn,
        owner: Option<Box<dyn std::any::Any + Send + Sync>>,
    ) -> CFunctionAllocator {
        CFunctionAllocator {
            param: param as usize,
            malloc,
            free,
            _owner: owner,
        }
    }

    /// The `param` pointer handed to the functions.
    pub fn param(&self) -> *mut c_void {
        self.param as *mut c_void
    }
}

/// A device ordinal as the C functions' `int`.
fn c_device(op: &'static str, ordinal: usize) -> Result<c_int> {
    c_int::try_from(ordinal).map_err(|_| {
        Error::out_of_domain(op, "device", ordinal, "device ordinals that fit a C int")
    })
}

impl Allocator for CFunctionAllocator {
    fn allocate(&self, ordinal: usize, nbytes: usize, _stream: &Stream) -> Result<u64> {
        let dev = c_device("CFunctionAllocator", ordinal)?;
        let p = super::hooks::run_alloc_hooks(ordinal, nbytes, || {
            // SAFETY: `new`'s contract: `param` is valid for `malloc`, which is callable from
            // this thread with any size and device.
            let p = unsafe { (self.malloc)(self.param as *mut c_void, nbytes, dev) };
            Ok(p as usize as u64)
        })?;
        if p == 0 {
            return Err(null_address(ordinal, nbytes, "CFunctionAllocator's malloc"));
        }
        Ok(p)
    }

    fn deallocate(&self, ordinal: usize, ptr: u64, _nbytes: usize, stream: &Stream) -> Result<()> {
        let dev = c_device("CFunctionAllocator", ordinal)?;
        stream.synchronize()?;
        // SAFETY: `ptr` came from this allocator's `malloc` for device `ordinal` and is freed
        // once; the freeing stream's work on it is done (synchronized above); `param` is
        // valid by `new`'s contract.
        unsafe { (self.free)(self.param as *mut c_void, ptr as usize as *mut c_void, dev) };
        Ok(())
    }
}
