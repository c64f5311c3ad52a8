//! Page-locked ("pinned") host memory: [`PinnedMemoryPool`] (`cupy.cuda.PinnedMemoryPool`)
//! and pinned host arrays ([`zeros_pinned`], [`empty_pinned`], ... like `cupyx.zeros_pinned`).

use crate::pool::cuda_error;
use cudarc::driver::sys;
use cuprum_core::ext::{CpuStorage, Storage, cuda};
use cuprum_core::{Array, DType, Error, Result};
use std::collections::BTreeMap;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex, OnceLock, RwLock};

/// Pinned allocations are rounded up to this many bytes.
const PINNED_ALIGN: usize = 512;

#[derive(Default)]
struct PinnedState {
    /// free blocks by size
    free: BTreeMap<usize, Vec<usize>>,
    n_free: usize,
    used_bytes: usize,
    total_bytes: usize,
}

struct PinnedInner {
    state: Mutex<PinnedState>,
    /// Freed blocks are cached (a pool); false: returned to the OS at once (no pool, what
    /// `set_pinned_memory_allocator(None)` installs).
    cache: bool,
}

impl PinnedInner {
    fn lock(&self) -> std::sync::MutexGuard<'_, PinnedState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }
}

/// Statistics of a [`PinnedMemoryPool`], in bytes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct PinnedStats {
    /// Bytes in blocks handed out (rounded up to 512).
    pub used_bytes: usize,
    /// Bytes held (page-locked) by the pool.
    pub total_bytes: usize,
    /// Number of cached free blocks.
    pub n_free_blocks: usize,
}

/// A caching pool of page-locked host memory (`cuMemHostAlloc`, portable to every context),
/// like `cupy.cuda.PinnedMemoryPool`.
///
/// Page-locking is slow (the OS pins every page), so freed blocks are cached by size and handed
/// out again for requests of the same size up to twice as small. [`free_all_blocks`]
/// (`cuMemFreeHost`) returns the cached ones.
///
/// [`free_all_blocks`]: PinnedMemoryPool::free_all_blocks
///
/// # Example
/// ```
/// use cuprum_memory::PinnedMemoryPool;
/// let pool = PinnedMemoryPool::new();
/// if cuprum_core::cuda::device_count() > 0 {
///     let m = pool.malloc(1 << 20).unwrap();
///     assert_eq!(m.len(), 1 << 20);
///     drop(m);
///     assert_eq!(pool.n_free_blocks(), 1);
///     pool.free_all_blocks().unwrap();
/// }
/// assert_eq!(pool.total_bytes(), 0);
/// ```
#[derive(Clone)]
pub struct PinnedMemoryPool {
    inner: Arc<PinnedInner>,
}

impl std::fmt::Debug for PinnedMemoryPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PinnedMemoryPool({:?})", self.stats())
    }
}

impl Default for PinnedMemoryPool {
    fn default() -> Self {
        PinnedMemoryPool::new()
    }
}

/// A block of page-locked host memory from a [`PinnedMemoryPool`]; returned to the pool when
/// dropped. Its bytes are initialized (zero when first allocated, else what the last user
/// left).
pub struct PinnedMemory {
    ptr: NonNull<u8>,
    size: usize,
    len: usize,
    pool: Arc<PinnedInner>,
}

// SAFETY: the block is owned exclusively by this value; the raw pointer is to process-wide
// host memory usable from any thread.
unsafe impl Send for PinnedMemory {}
// SAFETY: `&PinnedMemory` only exposes the address and length.
unsafe impl Sync for PinnedMemory {}

impl PinnedMemory {
    /// The address of the first byte (page-aligned when freshly allocated, 8-byte aligned
    /// always).
    pub fn as_ptr(&self) -> *mut u8 {
        self.ptr.as_ptr()
    }
    /// The requested length in bytes.
    pub fn len(&self) -> usize {
        self.len
    }
    /// True for a zero-length block.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

impl std::fmt::Debug for PinnedMemory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "PinnedMemory({:p}, {} bytes)", self.ptr, self.len)
    }
}

impl Drop for PinnedMemory {
    fn drop(&mut self) {
        if !self.pool.cache {
            // SAFETY: the block came from cuMemHostAlloc, is owned by this value alone (no
            // asynchronous transfer holds it: those keep the PinnedMemory alive) and is freed
            // once.
            let r = unsafe { sys::cuMemFreeHost(self.ptr.as_ptr().cast()) };
            let mut s = self.pool.lock();
            s.used_bytes -= self.size;
            if r == sys::CUresult::CUDA_SUCCESS {
                s.total_bytes -= self.size;
            } else {
                tracing::error!("cuMemFreeHost of {} pinned bytes failed: {r:?}", self.size);
            }
            return;
        }
        let mut s = self.pool.lock();
        s.used_bytes -= self.size;
        s.n_free += 1;
        s.free
            .entry(self.size)
            .or_default()
            .push(self.ptr.as_ptr() as usize);
    }
}

/// Sets `len` bytes at `p` to zero, in parallel for large buffers.
///
/// # Safety
/// `p` must be valid for writes of `len` bytes.
unsafe fn zero(p: *mut u8, len: usize) {
    use rayon::prelude::*;
    const PIECE: usize = 4 << 20;
    if len <= PIECE {
        // SAFETY: the caller's contract.
        unsafe { std::ptr::write_bytes(p, 0, len) };
        return;
    }
    let base = p as usize;
    (0..len.div_ceil(PIECE)).into_par_iter().for_each(|i| {
        let off = i * PIECE;
        // SAFETY: disjoint pieces of the caller's valid range.
        unsafe { std::ptr::write_bytes((base + off) as *mut u8, 0, PIECE.min(len - off)) };
    });
}

impl PinnedMemoryPool {
    /// A new, empty pool.
    pub fn new() -> PinnedMemoryPool {
        PinnedMemoryPool::with_cache(true)
    }

    /// A "pool" that caches nothing: every block is `cuMemHostAlloc`ed when asked for and
    /// `cuMemFreeHost`d when dropped (CuPy's raw pinned allocator, which
    /// [`set_pinned_memory_allocator`]`(None)` installs). Its statistics count the blocks in
    /// use; [`n_free_blocks`](PinnedMemoryPool::n_free_blocks) stays 0.
    ///
    /// # Example
    /// ```
    /// let raw = cuprum_memory::PinnedMemoryPool::unpooled();
    /// assert!(!raw.is_pooled());
    /// if cuprum_core::cuda::device_count() > 0 {
    ///     drop(raw.malloc(4096).unwrap());
    ///     assert_eq!((raw.n_free_blocks(), raw.total_bytes()), (0, 0));
    /// }
    /// ```
    pub fn unpooled() -> PinnedMemoryPool {
        PinnedMemoryPool::with_cache(false)
    }

    fn with_cache(cache: bool) -> PinnedMemoryPool {
        PinnedMemoryPool {
            inner: Arc::new(PinnedInner {
                state: Mutex::new(PinnedState::default()),
                cache,
            }),
        }
    }

    /// True for a caching pool ([`PinnedMemoryPool::new`]), false for
    /// [`PinnedMemoryPool::unpooled`].
    pub fn is_pooled(&self) -> bool {
        self.inner.cache
    }

    /// True when `self` and `other` are the same pool (handles to one cache).
    pub fn same_pool(&self, other: &PinnedMemoryPool) -> bool {
        Arc::ptr_eq(&self.inner, &other.inner)
    }

    /// `nbytes` (> 0) of page-locked host memory: a cached block of the same size class when
    /// there is one, else a new `cuMemHostAlloc` (zeroed).
    ///
    /// # Errors
    /// [`Error::DeviceUnavailable`] / [`Error::LibraryNotFound`] without a CUDA device (pinned
    /// memory needs the driver); [`Error::OutOfMemory`] when the OS cannot lock more memory;
    /// [`Error::BadArgument`] for `nbytes == 0`.
    pub fn malloc(&self, nbytes: usize) -> Result<PinnedMemory> {
        self.malloc_fresh(nbytes).map(|m| m.0)
    }

    /// [`PinnedMemoryPool::malloc`], and whether the block is fresh (known to be zero).
    fn malloc_fresh(&self, nbytes: usize) -> Result<(PinnedMemory, bool)> {
        if nbytes == 0 {
            return Err(Error::bad_argument(
                "PinnedMemoryPool::malloc",
                "nbytes",
                0,
                "at least one byte",
            ));
        }
        crate::transfer::poll_watch_list();
        let size = nbytes.div_ceil(PINNED_ALIGN) * PINNED_ALIGN;
        {
            let mut s = self.inner.lock();
            let hit = s
                .free
                .range(size..=size.saturating_mul(2))
                .next()
                .map(|(&k, _)| k);
            if let Some(k) = hit {
                let list = s.free.get_mut(&k);
                if let Some(p) = list.and_then(Vec::pop) {
                    if s.free.get(&k).is_some_and(Vec::is_empty) {
                        s.free.remove(&k);
                    }
                    s.n_free -= 1;
                    s.used_bytes += k;
                    return Ok((
                        PinnedMemory {
                            // SAFETY: cached blocks are non-null pointers from cuMemHostAlloc.
                            ptr: unsafe { NonNull::new_unchecked(p as *mut u8) },
                            size: k,
                            len: nbytes,
                            pool: self.inner.clone(),
                        },
                        false,
                    ));
                }
            }
        }
        let _span = tracing::debug_span!("pinned memory pool growth", bytes = size).entered();
        cuda::context(0)?;
        let mut p: *mut std::ffi::c_void = std::ptr::null_mut();
        // SAFETY: cuMemHostAlloc writes one host pointer; PORTABLE makes the memory pinned for
        // every context; a context is current (bound above).
        let r = unsafe { sys::cuMemHostAlloc(&mut p, size, sys::CU_MEMHOSTALLOC_PORTABLE) };
        if r == sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY {
            // free the cache and retry once, like the device pool
            self.free_all_blocks()?;
            // SAFETY: as above.
            let r2 = unsafe { sys::cuMemHostAlloc(&mut p, size, sys::CU_MEMHOSTALLOC_PORTABLE) };
            if r2 != sys::CUresult::CUDA_SUCCESS {
                return Err(Error::OutOfMemory {
                    device: cuprum_core::Device::Cpu,
                    requested: nbytes,
                    free: 0,
                    limit_note: format!(
                        ", page-locked host memory ({} bytes held by the pinned pool)",
                        self.total_bytes()
                    ),
                });
            }
        } else if r != sys::CUresult::CUDA_SUCCESS {
            return Err(cuda_error("cuMemHostAlloc", r));
        }
        let Some(ptr) = NonNull::new(p.cast::<u8>()) else {
            return Err(cuda_error(
                "cuMemHostAlloc",
                sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY,
            ));
        };
        // SAFETY: the block has `size` writable bytes.
        unsafe { zero(ptr.as_ptr(), size) };
        let mut s = self.inner.lock();
        s.total_bytes += size;
        s.used_bytes += size;
        Ok((
            PinnedMemory {
                ptr,
                size,
                len: nbytes,
                pool: self.inner.clone(),
            },
            true,
        ))
    }

    /// Statistics: bytes in use, bytes held, cached blocks (after releasing the buffers of
    /// asynchronous transfers that have finished).
    pub fn stats(&self) -> PinnedStats {
        // buffers whose asynchronous transfers have finished are released first, so a block
        // dropped after its copy was synchronized counts as returned
        crate::transfer::poll_watch_list();
        let s = self.inner.lock();
        PinnedStats {
            used_bytes: s.used_bytes,
            total_bytes: s.total_bytes,
            n_free_blocks: s.n_free,
        }
    }
    /// Bytes in use.
    pub fn used_bytes(&self) -> usize {
        self.stats().used_bytes
    }
    /// Bytes held (page-locked).
    pub fn total_bytes(&self) -> usize {
        self.stats().total_bytes
    }
    /// Number of cached free blocks (`PinnedMemoryPool.n_free_blocks()`).
    pub fn n_free_blocks(&self) -> usize {
        self.stats().n_free_blocks
    }

    /// Returns every cached block to the OS (`cuMemFreeHost`)
    /// (`PinnedMemoryPool.free_all_blocks()`). Blocks still read or written by an asynchronous
    /// transfer are not cached (the transfer holds them), so none is freed under a DMA.
    ///
    /// # Errors
    /// A CUDA error.
    pub fn free_all_blocks(&self) -> Result<()> {
        crate::transfer::poll_watch_list();
        let blocks: Vec<(usize, usize)> = {
            let mut s = self.inner.lock();
            let all = std::mem::take(&mut s.free);
            s.n_free = 0;
            all.into_iter()
                .flat_map(|(k, v)| v.into_iter().map(move |p| (k, p)))
                .collect()
        };
        let mut first_err = None;
        for (size, p) in blocks {
            // SAFETY: `p` came from cuMemHostAlloc, is cached (no user), and is freed once.
            let r = unsafe { sys::cuMemFreeHost(p as *mut std::ffi::c_void) };
            if r == sys::CUresult::CUDA_SUCCESS {
                self.inner.lock().total_bytes -= size;
            } else if first_err.is_none() {
                first_err = Some(cuda_error("cuMemFreeHost", r));
            }
        }
        first_err.map_or(Ok(()), Err)
    }
}

static DEFAULT_PINNED: OnceLock<PinnedMemoryPool> = OnceLock::new();

/// The process's default pinned memory pool (`cupy.get_default_pinned_memory_pool()`), used
/// by [`empty_pinned`] and friends.
pub fn get_default_pinned_memory_pool() -> PinnedMemoryPool {
    DEFAULT_PINNED.get_or_init(PinnedMemoryPool::new).clone()
}

/// The pinned allocator set by [`set_pinned_memory_allocator`]; `None`: the default pool.
static CURRENT_PINNED: RwLock<Option<PinnedMemoryPool>> = RwLock::new(None);

/// Sets where pinned host memory comes from (`cupy.cuda.set_pinned_memory_allocator`):
/// `Some(pool)` makes [`alloc_pinned_memory`], [`zeros_pinned`], [`empty_pinned`] and the
/// `_like` forms take blocks from `pool`; `None` disables pooling (every block is
/// `cuMemHostAlloc`ed and `cuMemFreeHost`d at once: [`PinnedMemoryPool::unpooled`]), as
/// CuPy's `None` selects its raw allocator. Process-wide; blocks already handed out return to
/// the pool that made them. Until it is called the default pool
/// ([`get_default_pinned_memory_pool`]) is used.
///
/// **Shapes:** none.
///
/// CuPy also accepts any function `size -> PinnedMemoryPointer`; here the allocator is a
/// [`PinnedMemoryPool`] (caching or not).
///
/// # Errors
/// None.
///
/// # Example
/// ```
/// use cuprum_memory::{PinnedMemoryPool, get_pinned_memory_allocator, set_pinned_memory_allocator};
/// let mine = PinnedMemoryPool::new();
/// set_pinned_memory_allocator(Some(mine.clone()));
/// assert!(get_pinned_memory_allocator().same_pool(&mine));
/// set_pinned_memory_allocator(None); // no pool
/// assert!(!get_pinned_memory_allocator().is_pooled());
/// ```
pub fn set_pinned_memory_allocator(allocator: Option<PinnedMemoryPool>) {
    static RAW: OnceLock<PinnedMemoryPool> = OnceLock::new();
    let a = allocator.unwrap_or_else(|| RAW.get_or_init(PinnedMemoryPool::unpooled).clone());
    *CURRENT_PINNED.write().unwrap_or_else(|e| e.into_inner()) = Some(a);
}

/// The current pinned allocator: the one of [`set_pinned_memory_allocator`], else the default
/// pool.
///
/// # Example
/// ```
/// let a = cuprum_memory::get_pinned_memory_allocator();
/// assert!(a.is_pooled());
/// ```
pub fn get_pinned_memory_allocator() -> PinnedMemoryPool {
    if let Some(p) = CURRENT_PINNED
        .read()
        .unwrap_or_else(|e| e.into_inner())
        .as_ref()
    {
        return p.clone();
    }
    get_default_pinned_memory_pool()
}

/// `nbytes` (> 0) of page-locked host memory from the current pinned allocator
/// (`cupy.cuda.alloc_pinned_memory`).
///
/// **Shapes:** none; a block of `nbytes` bytes.
///
/// # Errors
/// As [`PinnedMemoryPool::malloc`].
///
/// # Example
/// ```
/// if cuprum_core::cuda::device_count() > 0 {
///     let m = cuprum_memory::alloc_pinned_memory(1000).unwrap();
///     assert_eq!(m.len(), 1000);
/// }
/// ```
pub fn alloc_pinned_memory(nbytes: usize) -> cuprum_core::Result<PinnedMemory> {
    get_pinned_memory_allocator().malloc(nbytes)
}

/// A C-contiguous host array of `shape` and `dtype` in page-locked memory from the current
/// pinned allocator ([`get_pinned_memory_allocator`]), or in ordinary memory when there is no CUDA device (so code using it
/// runs on any machine; [`is_pinned`] tells). `zeroed` zeroes recycled blocks.
fn pinned_array(op: &'static str, shape: &[usize], dtype: DType, zeroed: bool) -> Result<Array> {
    let nbytes =
        cuprum_core::ext::layout::checked_size(op, shape, dtype.itemsize())? * dtype.itemsize();
    if nbytes == 0 || cuda::device_count() == 0 {
        let storage = CpuStorage::try_zeroed(nbytes)?;
        return Array::from_storage(Storage::Cpu(storage), shape, dtype);
    }
    // more than the machine's memory and swap is refused before the driver is asked
    cuprum_core::ext::check_host_bytes(nbytes)?;
    crate::pool::install();
    let (mem, fresh) = get_pinned_memory_allocator().malloc_fresh(nbytes)?;
    if zeroed && !fresh {
        // SAFETY: the block has at least `nbytes` writable bytes and is ours alone.
        unsafe { zero(mem.as_ptr(), nbytes) };
    }
    let ptr = mem.ptr;
    // SAFETY: `ptr` is 8-byte (page-) aligned, valid and initialized for the block's size
    // (>= nbytes rounded up to 8, since sizes are multiples of 512), owned by `mem` (moved into
    // the storage, which frees it last) and page-locked by cuMemHostAlloc.
    let storage = unsafe { CpuStorage::from_external(ptr, nbytes, true, Box::new(mem)) };
    Array::from_storage(Storage::Cpu(storage), shape, dtype)
}

/// A pinned host array of zeros (`cupyx.zeros_pinned`): a CPU-device [`Array`] whose buffer is
/// page-locked, so transfers to and from a GPU run at full speed and may be asynchronous
/// ([`to_device_async`](crate::to_device_async)); every CPU operation works on it as usual.
///
/// **Shapes:** `shape` → `shape`, C-contiguous, `dtype`.
///
/// Without a CUDA device the buffer is ordinary memory ([`is_pinned`] is false).
///
/// # Errors
/// [`Error::TooBig`] when the byte size exceeds `isize::MAX` (NumPy's "array is too big");
/// [`Error::OutOfMemory`] naming the bytes when the host cannot provide (or lock) the memory.
///
/// # Example
/// ```
/// use cuprum_core::{DType, Device};
/// let p = cuprum_memory::zeros_pinned(&[2, 3], DType::Float32).unwrap();
/// assert_eq!(p.device(), Device::Cpu);
/// assert_eq!(p.to_vec::<f32>().unwrap(), vec![0.0; 6]);
/// assert_eq!(cuprum_memory::is_pinned(&p), cuprum_core::cuda::device_count() > 0);
/// ```
pub fn zeros_pinned(shape: &[usize], dtype: DType) -> Result<Array> {
    pinned_array("zeros_pinned", shape, dtype, true)
}

/// A pinned host array with unspecified (but initialized) contents (`cupyx.empty_pinned`).
/// See [`zeros_pinned`].
///
/// # Errors
/// As [`zeros_pinned`].
///
/// # Example
/// ```
/// use cuprum_core::DType;
/// let p = cuprum_memory::empty_pinned(&[4], DType::Int64).unwrap();
/// assert_eq!(p.shape(), &[4]);
/// ```
pub fn empty_pinned(shape: &[usize], dtype: DType) -> Result<Array> {
    pinned_array("empty_pinned", shape, dtype, false)
}

/// A pinned array of zeros with `a`'s shape and dtype (`cupyx.zeros_like_pinned`).
///
/// # Errors
/// As [`zeros_pinned`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType};
/// let a = Array::from_vec(vec![1i32, 2, 3], &[3]).unwrap();
/// let p = cuprum_memory::zeros_like_pinned(&a).unwrap();
/// assert_eq!((p.shape(), p.dtype()), (&[3usize][..], DType::Int32));
/// ```
pub fn zeros_like_pinned(a: &Array) -> Result<Array> {
    pinned_array("zeros_like_pinned", a.shape(), a.dtype(), true)
}

/// A pinned array with `a`'s shape and dtype and unspecified contents
/// (`cupyx.empty_like_pinned`).
///
/// # Errors
/// As [`zeros_pinned`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType};
/// let a = Array::from_vec(vec![1.0f64; 4], &[2, 2]).unwrap();
/// assert_eq!(cuprum_memory::empty_like_pinned(&a).unwrap().shape(), &[2, 2]);
/// ```
pub fn empty_like_pinned(a: &Array) -> Result<Array> {
    pinned_array("empty_like_pinned", a.shape(), a.dtype(), false)
}

/// True when `a` is a host array whose buffer is page-locked (made by [`zeros_pinned`] and
/// friends on a machine with a GPU).
///
/// # Example
/// ```
/// use cuprum_core::Array;
/// assert!(!cuprum_memory::is_pinned(&Array::from_vec(vec![1u8], &[1]).unwrap()));
/// ```
pub fn is_pinned(a: &Array) -> bool {
    a.storage().as_cpu().is_some_and(CpuStorage::is_pinned)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// NumPy: `np.zeros(2**40, np.int8)` on a machine with less memory raises MemoryError naming
    /// the bytes; `np.zeros((2**62, 4), np.int8)` raises ValueError "array is too big". Neither
    /// allocates: the size is refused before any memory is asked for (issue 46).
    #[test]
    fn pinned_arrays_of_impossible_sizes_fail_cleanly() {
        for f in [zeros_pinned, empty_pinned] {
            match f(&[1 << 40], DType::Int8) {
                Err(Error::OutOfMemory { requested, .. }) => assert_eq!(requested, 1 << 40),
                other => panic!("expected OutOfMemory for 2^40 bytes, got {other:?}"),
            }
            match f(&[1 << 62, 4], DType::Int8) {
                Err(Error::TooBig { op, shape, .. }) => {
                    assert!(op.ends_with("_pinned"), "{op}");
                    assert_eq!(shape, vec![1 << 62, 4]);
                }
                other => panic!("expected TooBig, got {other:?}"),
            }
        }
        let p = zeros_pinned(&[3, 2], DType::Int16).unwrap();
        assert_eq!(p.to_vec::<i16>().unwrap(), vec![0; 6]);
    }
}
