//! Buffers behind arrays: host memory (for `Device::Cpu`) or device memory (for `Device::Cuda`).
//!
//! Host buffers are either ordinary heap memory (large ones mapped for transparent huge pages)
//! or memory owned by someone else (for example
//! page-locked memory from `cuprum-memory`'s `PinnedMemoryPool`), wrapped with
//! [`CpuStorage::from_external`]. Both kinds are 8-byte aligned and behind the same lock, so the
//! CPU backend treats them alike; a page-locked buffer is the host side of fast asynchronous
//! transfers ([`CpuStorage::is_pinned`]).

use crate::{Array, DType, Device, Error, Layout, Result};
use std::any::Any;
use std::ptr::NonNull;
use std::sync::{Arc, Mutex, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// The buffer an [`Array`] views. Shared by every view of it through an `Arc`.
#[derive(Debug)]
pub enum Storage {
    /// Host memory.
    Cpu(CpuStorage),
    /// Device memory on one CUDA device.
    Cuda(crate::cuda::CudaStorage),
}

impl Storage {
    /// The device holding this buffer.
    pub fn device(&self) -> Device {
        match self {
            Storage::Cpu(_) => Device::Cpu,
            Storage::Cuda(c) => Device::Cuda(c.ordinal()),
        }
    }
    /// Size of the buffer in bytes.
    pub fn nbytes(&self) -> usize {
        match self {
            Storage::Cpu(c) => c.nbytes,
            Storage::Cuda(c) => c.nbytes(),
        }
    }
    /// The host buffer, if this is one.
    pub fn as_cpu(&self) -> Option<&CpuStorage> {
        match self {
            Storage::Cpu(c) => Some(c),
            Storage::Cuda(_) => None,
        }
    }
    /// The device buffer, if this is one.
    pub fn as_cuda(&self) -> Option<&crate::cuda::CudaStorage> {
        match self {
            Storage::Cuda(c) => Some(c),
            Storage::Cpu(_) => None,
        }
    }
}

/// Memory owned elsewhere: `words` 8-byte words at `ptr`, released when `_owner` is dropped.
struct External {
    ptr: NonNull<u64>,
    words: usize,
    _owner: Box<dyn Any + Send + Sync>,
}

// SAFETY: `External` is the unique owner of the words at `ptr` (the contract of
// `CpuStorage::from_external`); access goes through the surrounding `RwLock`, so moving it to
// or sharing it with another thread is as safe as for a `Vec<u64>`.
unsafe impl Send for External {}
// SAFETY: as above: shared access only hands out `&[u64]` under the read lock.
unsafe impl Sync for External {}

/// Anonymous memory mapped for one large buffer: 2 MiB-aligned and advised for transparent
/// huge pages (`madvise(MADV_HUGEPAGE)`, as NumPy does for buffers of 4 MiB and more). On a
/// machine whose THP setting is `madvise` (the common default), a streaming read of 4 KiB pages
/// spends half its time on TLB misses: a float32 sum of 64 MiB on one core of the 2-core CI
/// machine took 8.3 ms from 4 KiB pages and 4.5 ms from huge pages (NumPy: 5.5 ms). Fresh
/// anonymous pages read as zero, so the buffer needs no clearing pass.
struct Mapped {
    ptr: NonNull<u64>,
    words: usize,
    len: usize,
}

// SAFETY: `Mapped` is the unique owner of its mapping; access goes through the surrounding
// `RwLock`, as for `External`.
unsafe impl Send for Mapped {}
// SAFETY: as above.
unsafe impl Sync for Mapped {}

/// Buffers from this size up are mapped with [`Mapped`] (NumPy's `HUGEPAGE_THRESHOLD`).
const MAPPED_MIN_BYTES: usize = 1 << 22;
const HUGE_PAGE: usize = 1 << 21;

impl Mapped {
    /// `words` zeroed words, or `None` where mapping fails (the caller falls back to the heap).
    #[cfg(target_os = "linux")]
    fn new(words: usize) -> Option<Mapped> {
        let len = (words.checked_mul(8)?).checked_next_multiple_of(4096)?;
        let total = len.checked_add(HUGE_PAGE)?;
        // SAFETY: a fresh private anonymous mapping; no existing memory is touched.
        let base = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                total,
                libc::PROT_READ | libc::PROT_WRITE,
                libc::MAP_PRIVATE | libc::MAP_ANONYMOUS,
                -1,
                0,
            )
        };
        if base == libc::MAP_FAILED {
            return None;
        }
        let start = base as usize;
        let aligned = start.next_multiple_of(HUGE_PAGE);
        let (head, tail) = (aligned - start, start + total - (aligned + len));
        // SAFETY: both ranges lie inside the mapping made above, outside [aligned, aligned+len),
        // and nothing refers to them. A failed unmap only leaves the slack mapped.
        unsafe {
            if head > 0 {
                libc::munmap(base, head);
            }
            if tail > 0 {
                libc::munmap((aligned + len) as *mut libc::c_void, tail);
            }
            // advice only: without THP (or with it disabled) the pages stay 4 KiB
            libc::madvise(aligned as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
        }
        Some(Mapped {
            ptr: NonNull::new(aligned as *mut u64)?,
            words,
            len,
        })
    }

    #[cfg(not(target_os = "linux"))]
    fn new(_words: usize) -> Option<Mapped> {
        None
    }
}

impl Drop for Mapped {
    fn drop(&mut self) {
        #[cfg(target_os = "linux")]
        // SAFETY: `ptr..ptr+len` is the mapping `new` kept, owned by this value alone; every
        // borrow of it ended with the borrow of the storage.
        unsafe {
            libc::munmap(self.ptr.as_ptr().cast(), self.len);
        }
    }
}

/// `words` zeroed `u64`s from the global allocator (`calloc`-like: fresh pages are not
/// touched), or `None` when the allocator refuses or the size overflows.
fn try_zeroed_words(words: usize) -> Option<Vec<u64>> {
    if words == 0 {
        return Some(Vec::new());
    }
    let layout = std::alloc::Layout::array::<u64>(words).ok()?;
    // SAFETY: `layout` has a non-zero size (words > 0).
    let p = unsafe { std::alloc::alloc_zeroed(layout) }.cast::<u64>();
    if p.is_null() {
        return None;
    }
    // SAFETY: `p` was allocated by the global allocator with the layout of `[u64; words]`
    // (size and alignment as `Vec<u64>` with capacity `words` uses) and all `words` elements
    // are initialized (zero).
    Some(unsafe { Vec::from_raw_parts(p, words, words) })
}

/// Host memory the operating system reports available (`MemAvailable`-like, from
/// `sysconf(_SC_AVPHYS_PAGES)`), for [`Error::OutOfMemory`] messages; 0 where unknown.
pub fn host_available_bytes() -> usize {
    cuprum_cuda::host_available_bytes()
}

/// The machine's physical memory plus swap in bytes (`sysinfo`); 0 where unknown.
fn host_total_bytes() -> usize {
    // read once: a `sysinfo` call per allocation cost a system call on every array operation
    static TOTAL: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *TOTAL.get_or_init(host_total_bytes_now)
}

fn host_total_bytes_now() -> usize {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `sysinfo` writes only into the zeroed struct we pass it.
        let mut si: libc::sysinfo = unsafe { std::mem::zeroed() };
        // SAFETY: `si` is a valid, writable `sysinfo` struct.
        if unsafe { libc::sysinfo(&mut si) } == 0 {
            let unit = (si.mem_unit as usize).max(1);
            return (si.totalram as usize)
                .saturating_add(si.totalswap as usize)
                .saturating_mul(unit);
        }
    }
    0
}

/// An empty `Vec` with room for exactly `n` elements, or [`Error::OutOfMemory`] naming the
/// bytes (never a "capacity overflow" panic or an allocation abort). For host buffers whose
/// length comes from user input.
///
/// # Errors
/// [`Error::OutOfMemory`] with `requested` = `n × size_of::<T>()` (saturated).
pub fn try_vec_with_capacity<T>(n: usize) -> Result<Vec<T>> {
    let bytes = n.saturating_mul(std::mem::size_of::<T>());
    let total = host_total_bytes();
    if total > 0 && bytes > total {
        return Err(Error::host_out_of_memory(bytes));
    }
    let mut v: Vec<T> = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| Error::host_out_of_memory(n.saturating_mul(std::mem::size_of::<T>())))?;
    if bytes >= MAPPED_MIN_BYTES {
        advise_huge_pages(v.as_mut_ptr().cast(), bytes);
    }
    Ok(v)
}

/// A `Vec` of `n` clones of `value`, allocated like [`try_vec_with_capacity`]: the fallible
/// form of `vec![value; n]` for a length that comes from user input.
///
/// # Errors
/// [`Error::OutOfMemory`] with `requested` = `n × size_of::<T>()` (saturated).
///
/// # Example
/// ```
/// use cuprum_core::{Error, ext::try_vec_filled};
/// assert_eq!(try_vec_filled(3, 7u8).unwrap(), vec![7, 7, 7]);
/// assert!(matches!(try_vec_filled(usize::MAX, 0u64), Err(Error::OutOfMemory { .. })));
/// ```
pub fn try_vec_filled<T: Clone>(n: usize, value: T) -> Result<Vec<T>> {
    let mut v = try_vec_with_capacity::<T>(n)?;
    v.resize(n, value);
    Ok(v)
}

/// Refuses a host allocation of `nbytes` that more than the machine's memory and swap together
/// can never back (the check [`try_vec_with_capacity`] and `CpuStorage::try_zeroed` make first),
/// for memory obtained some other way (page-locked memory from the CUDA driver).
///
/// # Errors
/// [`Error::OutOfMemory`] with `requested` = `nbytes`.
///
/// # Example
/// ```
/// use cuprum_core::ext::check_host_bytes;
/// assert!(check_host_bytes(1 << 10).is_ok());
/// assert!(check_host_bytes(usize::MAX).is_err());
/// ```
pub fn check_host_bytes(nbytes: usize) -> Result<()> {
    let total = host_total_bytes();
    if (total > 0 && nbytes > total) || nbytes > isize::MAX as usize {
        return Err(Error::host_out_of_memory(nbytes));
    }
    Ok(())
}

/// Advises transparent huge pages for the 2 MiB-aligned part of `len` bytes at `ptr` (as
/// NumPy does for its buffers of 4 MiB and more): a large `Vec` the caller is about to fill
/// (`to_vec`) then takes one page fault per 2 MiB instead of one per 4 KiB, which on the 2-core
/// CI machine made a 64 MiB download into fresh memory 4x slower than NumPy's `copy`.
fn advise_huge_pages(ptr: *mut u8, len: usize) {
    #[cfg(target_os = "linux")]
    {
        let start = (ptr as usize).next_multiple_of(HUGE_PAGE);
        let end = (ptr as usize).saturating_add(len) / HUGE_PAGE * HUGE_PAGE;
        if end > start {
            // SAFETY: `[start, end)` lies inside the allocation of `len` bytes at `ptr`, which
            // the caller owns; `MADV_HUGEPAGE` is advice only and changes no contents.
            unsafe {
                libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (ptr, len);
}

/// The words of a host buffer.
enum Words {
    Heap(Vec<u64>),
    Mapped(Mapped),
    External(External),
}

impl Words {
    /// Number of words.
    fn len(&self) -> usize {
        match self {
            Words::Heap(v) => v.len(),
            Words::Mapped(m) => m.words,
            Words::External(e) => e.words,
        }
    }
    fn as_slice(&self) -> &[u64] {
        match self {
            Words::Heap(v) => v,
            // SAFETY: `ptr` addresses `words` zero-initialized words of a live mapping owned by
            // this value; the borrow of `self` keeps it alive.
            Words::Mapped(m) => unsafe { std::slice::from_raw_parts(m.ptr.as_ptr(), m.words) },
            // SAFETY: `ptr` addresses `words` initialized, 8-byte aligned words owned by this
            // value until `_owner` drops (contract of `from_external`); the borrow of `self`
            // keeps it alive.
            Words::External(e) => unsafe { std::slice::from_raw_parts(e.ptr.as_ptr(), e.words) },
        }
    }
    fn as_mut_slice(&mut self) -> &mut [u64] {
        match self {
            Words::Heap(v) => v,
            // SAFETY: as in `as_slice`; `&mut self` makes the access unique.
            Words::Mapped(m) => unsafe { std::slice::from_raw_parts_mut(m.ptr.as_ptr(), m.words) },
            // SAFETY: as in `as_slice`; `&mut self` (under the write lock) makes the access
            // unique.
            Words::External(e) => unsafe {
                std::slice::from_raw_parts_mut(e.ptr.as_ptr(), e.words)
            },
        }
    }
}

/// Host buffers smaller than this are not cached for reuse (the allocator serves them fast).
/// Not higher: glibc returns the top of the heap to the kernel above 128 KiB of free space, so
/// a loop of 63 KiB temporaries (a 126 x 126 float32 stencil) faulted in fresh pages for every
/// operation and ran 5x slower than the float64 one, which the cache served.
pub(crate) const POOL_MIN_BYTES: usize = 4 << 10;

/// Most buffers the reuse cache holds (the search for a size is linear in them).
const POOL_MAX_BUFS: usize = 64;

/// Host buffers from this size up to [`POOL_MIN_BYTES`] are cached apart, in [`SMALL`]: glibc
/// serves requests above 1 KiB outside its per-thread cache, and such a request first
/// consolidates the fast bins that an operation's small vectors (shapes, strides) fill, so a
/// `calloc` of the 3.6 KB output of a 30 x 30 float32 add took ~0.5 us of its 2-3 us
/// (`perf`: `malloc_consolidate`, `_int_free`, `_int_malloc`; the add is 1.0 us on the 2-core
/// CPU now, docs/benchmarks/cpu-core.md).
const SMALL_MIN_BYTES: usize = 1 << 10;

/// Most buffers the small cache holds (at most 128 KiB in all).
const SMALL_MAX_BUFS: usize = 32;

/// Freed heap buffers of [`SMALL_MIN_BYTES`]..[`POOL_MIN_BYTES`] bytes kept for reuse, oldest
/// first (at most [`SMALL_MAX_BUFS`]; a full cache lets its oldest buffer go).
struct SmallCache {
    bufs: Vec<Vec<u64>>,
}

impl SmallCache {
    const fn new() -> SmallCache {
        SmallCache { bufs: Vec::new() }
    }

    /// Keeps `v`; returns the buffer evicted to make room, if any (to be freed outside the
    /// lock).
    fn put(&mut self, v: Vec<u64>) -> Option<Vec<u64>> {
        let old = if self.bufs.len() >= SMALL_MAX_BUFS {
            Some(self.bufs.remove(0))
        } else {
            None
        };
        self.bufs.push(v);
        old
    }

    /// The most recently kept buffer of exactly `words` words, if any.
    fn take(&mut self, words: usize) -> Option<Vec<u64>> {
        let i = self.bufs.iter().rposition(|v| v.len() == words)?;
        Some(self.bufs.remove(i))
    }
}

static SMALL: Mutex<SmallCache> = Mutex::new(SmallCache::new());

/// Most bytes the reuse cache of [`CpuStorage::try_recycled`] holds: 1/16 of the host's memory,
/// at most 1 GiB.
pub(crate) fn pool_limit() -> usize {
    let total = host_total_bytes();
    let cap = 1usize << 30;
    if total == 0 {
        cap / 4
    } else {
        (total / 16).min(cap)
    }
}

/// Freed host buffers kept for reuse, oldest first (at most [`POOL_MAX_BUFS`] of them).
struct Pool {
    bufs: Vec<Words>,
    bytes: usize,
}

static POOL: Mutex<Pool> = Mutex::new(Pool {
    bufs: Vec::new(),
    bytes: 0,
});

impl Drop for CpuStorage {
    fn drop(&mut self) {
        let w = self.words.get_mut().unwrap_or_else(|e| e.into_inner());
        let bytes = w.len() * 8;
        if self.pinned || matches!(w, Words::External(_)) || bytes < SMALL_MIN_BYTES {
            return;
        }
        if bytes < POOL_MIN_BYTES {
            if let Words::Heap(v) = w {
                let v = std::mem::take(v);
                let evicted = SMALL.lock().unwrap_or_else(|e| e.into_inner()).put(v);
                drop(evicted);
            }
            return;
        }
        let limit = pool_limit();
        if bytes > limit {
            return;
        }
        let w = std::mem::replace(w, Words::Heap(Vec::new()));
        let mut evicted = Vec::new();
        {
            let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
            while (pool.bytes + bytes > limit || pool.bufs.len() >= POOL_MAX_BUFS)
                && !pool.bufs.is_empty()
            {
                let old = pool.bufs.remove(0);
                pool.bytes -= old.len() * 8;
                evicted.push(old);
            }
            pool.bytes += bytes;
            pool.bufs.push(w);
        }
        // released outside the lock (munmap / free)
        drop(evicted);
    }
}

/// Host memory, 8-byte aligned (enough for every dtype), behind a lock so that views sharing it
/// cannot race: reads take the read lock, writes the write lock.
///
/// The memory is ordinary heap memory ([`CpuStorage::zeroed`]) or memory owned elsewhere, such
/// as page-locked ("pinned") memory ([`CpuStorage::from_external`]).
pub struct CpuStorage {
    words: RwLock<Words>,
    nbytes: usize,
    pinned: bool,
    ptr: *mut u8,
}

// SAFETY: `ptr` is only an address (the stable start of the words, for DMA); all access to the
// words goes through the `RwLock`, whose contents are `Send + Sync`.
unsafe impl Send for CpuStorage {}
// SAFETY: as above.
unsafe impl Sync for CpuStorage {}

impl std::fmt::Debug for CpuStorage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "CpuStorage(nbytes={}{})",
            self.nbytes,
            if self.pinned { ", pinned" } else { "" }
        )
    }
}

impl CpuStorage {
    /// A zeroed buffer of `nbytes` bytes. From 4 MiB up it is a 2 MiB-aligned anonymous
    /// mapping advised for transparent huge pages (on Linux; the heap elsewhere).
    ///
    /// Aborts the process when the memory cannot be had, as `Vec` does; arrays are made with
    /// [`CpuStorage::try_zeroed`], which returns [`Error::OutOfMemory`] instead.
    pub fn zeroed(nbytes: usize) -> CpuStorage {
        match CpuStorage::try_zeroed(nbytes) {
            Ok(s) => s,
            Err(_) => std::alloc::handle_alloc_error(
                std::alloc::Layout::from_size_align(nbytes.max(1), 8)
                    .unwrap_or(std::alloc::Layout::new::<u64>()),
            ),
        }
    }

    /// A zeroed buffer of `nbytes` bytes, or [`Error::OutOfMemory`] naming `nbytes` when the
    /// operating system refuses the memory (never an abort). Placement as [`CpuStorage::zeroed`].
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] with `requested` = `nbytes` (also for more than `isize::MAX`).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Error, ext::CpuStorage};
    /// assert_eq!(CpuStorage::try_zeroed(16).unwrap().read().bytes(), &[0u8; 16][..]);
    /// assert!(matches!(CpuStorage::try_zeroed(usize::MAX), Err(Error::OutOfMemory { .. })));
    /// ```
    pub fn try_zeroed(nbytes: usize) -> Result<CpuStorage> {
        // More than the machine's memory and swap together can never be backed: refuse it here,
        // whatever the kernel's overcommit policy (with `vm.overcommit_memory=1` the mapping
        // would succeed and the process be killed when the pages are touched).
        let total = host_total_bytes();
        if total > 0 && nbytes > total {
            return Err(Error::host_out_of_memory(nbytes));
        }
        let words = nbytes.div_ceil(8);
        if nbytes >= MAPPED_MIN_BYTES
            && let Some(m) = Mapped::new(words)
        {
            let ptr = m.ptr.as_ptr().cast();
            return Ok(CpuStorage {
                words: RwLock::new(Words::Mapped(m)),
                nbytes,
                pinned: false,
                ptr,
            });
        }
        let mut v = try_zeroed_words(words).ok_or_else(|| Error::host_out_of_memory(nbytes))?;
        let ptr = v.as_mut_ptr().cast();
        Ok(CpuStorage {
            words: RwLock::new(Words::Heap(v)),
            nbytes,
            pinned: false,
            ptr,
        })
    }

    /// A buffer of `nbytes` bytes whose contents will all be overwritten by the caller: a
    /// buffer of exactly this size freed earlier when one is cached (its old, initialized
    /// contents; no allocation, no page faults, no clearing), a fresh zeroed one
    /// ([`CpuStorage::try_zeroed`]) otherwise. The outputs of array operations are made with it:
    /// a loop of operations on large arrays then reuses the same few buffers, as CuPy's memory
    /// pool does on the GPU, instead of faulting in (and having the kernel clear) fresh pages
    /// for every temporary, which cost NumPy-style code a second pass over memory.
    ///
    /// Buffers from [`POOL_MIN_BYTES`] up that are neither page-locked nor external are cached
    /// when their storage is dropped, up to [`pool_limit`] bytes in all (the oldest entry is
    /// released first); heap buffers of 1 to 4 KiB in a small cache of their own (32 at
    /// most), so that small temporaries never evict large ones.
    ///
    /// # Errors
    /// As [`CpuStorage::try_zeroed`].
    pub(crate) fn try_recycled(nbytes: usize) -> Result<CpuStorage> {
        let words = nbytes.div_ceil(8);
        if (SMALL_MIN_BYTES..POOL_MIN_BYTES).contains(&nbytes) {
            let found = SMALL.lock().unwrap_or_else(|e| e.into_inner()).take(words);
            if let Some(mut v) = found {
                let ptr = v.as_mut_ptr().cast();
                return Ok(CpuStorage {
                    words: RwLock::new(Words::Heap(v)),
                    nbytes,
                    pinned: false,
                    ptr,
                });
            }
        }
        if nbytes >= POOL_MIN_BYTES {
            let mut pool = POOL.lock().unwrap_or_else(|e| e.into_inner());
            if let Some(i) = pool.bufs.iter().rposition(|w| w.len() == words) {
                let mut w = pool.bufs.remove(i);
                pool.bytes -= words * 8;
                drop(pool);
                let ptr = w.as_mut_slice().as_mut_ptr().cast();
                return Ok(CpuStorage {
                    words: RwLock::new(w),
                    nbytes,
                    pinned: false,
                    ptr,
                });
            }
        }
        CpuStorage::try_zeroed(nbytes)
    }

    /// True when the memory is cuprum's own (heap or mapped), not page-locked or owned
    /// elsewhere ([`CpuStorage::from_external`]): an array holding the only reference to such
    /// a buffer may have its result written over it (temporary elision).
    pub(crate) fn owns_memory(&self) -> bool {
        !self.pinned
            && !matches!(
                *self.words.read().unwrap_or_else(|e| e.into_inner()),
                Words::External(_)
            )
    }

    /// A buffer holding a copy of `bytes`.
    pub fn from_bytes(bytes: &[u8]) -> CpuStorage {
        let s = CpuStorage::zeroed(bytes.len());
        s.write().bytes_mut().copy_from_slice(bytes);
        s
    }

    /// A buffer holding a copy of `bytes`, or [`Error::OutOfMemory`] (see [`CpuStorage::try_zeroed`]).
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] naming `bytes.len()`.
    pub fn try_from_bytes(bytes: &[u8]) -> Result<CpuStorage> {
        // every byte is overwritten: a cached buffer of the size serves (no page faults)
        let s = CpuStorage::try_recycled(bytes.len())?;
        s.write().bytes_mut().copy_from_slice(bytes);
        Ok(s)
    }

    /// Wraps `nbytes` bytes of host memory at `ptr` owned by `owner`, which releases the
    /// memory when it is dropped (after the storage, and every array viewing it, is gone).
    /// `pinned` says the memory is page-locked and known to CUDA (`cuMemHostAlloc`), so that
    /// transfers may read and write it asynchronously.
    ///
    /// # Safety
    /// `ptr` must be 8-byte aligned and valid for reads and writes of `nbytes` rounded up to a
    /// multiple of 8 bytes, initialized, and used by nobody else until `owner` is dropped; when
    /// `pinned` is true it must be page-locked memory registered with CUDA.
    pub unsafe fn from_external(
        ptr: NonNull<u8>,
        nbytes: usize,
        pinned: bool,
        owner: Box<dyn Any + Send + Sync>,
    ) -> CpuStorage {
        CpuStorage {
            words: RwLock::new(Words::External(External {
                ptr: ptr.cast(),
                words: nbytes.div_ceil(8),
                _owner: owner,
            })),
            nbytes,
            pinned,
            ptr: ptr.as_ptr(),
        }
    }

    /// Size in bytes.
    pub fn nbytes(&self) -> usize {
        self.nbytes
    }
    /// True when the buffer is page-locked host memory registered with CUDA (made by
    /// `cuprum-memory`'s pinned allocation functions).
    pub fn is_pinned(&self) -> bool {
        self.pinned
    }
    /// The address of byte 0 of the buffer. Stable for the storage's lifetime; reading or
    /// writing through it is unsafe and must respect the lock (e.g. a DMA engine writing
    /// while the caller holds the write guard).
    pub fn as_ptr(&self) -> *mut u8 {
        self.ptr
    }
    /// Locks for reading.
    pub fn read(&self) -> CpuRead<'_> {
        CpuRead {
            g: self.words.read().unwrap_or_else(|e| e.into_inner()),
            nbytes: self.nbytes,
        }
    }
    /// Locks for writing.
    pub fn write(&self) -> CpuWrite<'_> {
        CpuWrite {
            g: self.words.write().unwrap_or_else(|e| e.into_inner()),
            nbytes: self.nbytes,
        }
    }
}

/// Read access to a [`CpuStorage`].
pub struct CpuRead<'a> {
    g: RwLockReadGuard<'a, Words>,
    nbytes: usize,
}
impl CpuRead<'_> {
    /// The bytes.
    pub fn bytes(&self) -> &[u8] {
        &bytemuck::cast_slice(self.g.as_slice())[..self.nbytes]
    }
    /// The buffer as a slice of `T` (`T` must be a plain type of alignment ≤ 8).
    pub fn slice<T: bytemuck::Pod>(&self) -> &[T] {
        bytemuck::cast_slice(self.bytes())
    }
}

/// Write access to a [`CpuStorage`].
pub struct CpuWrite<'a> {
    g: RwLockWriteGuard<'a, Words>,
    nbytes: usize,
}
impl CpuWrite<'_> {
    /// The bytes.
    pub fn bytes_mut(&mut self) -> &mut [u8] {
        let n = self.nbytes;
        &mut bytemuck::cast_slice_mut(self.g.as_mut_slice())[..n]
    }
    /// The buffer as a mutable slice of `T`.
    pub fn slice_mut<T: bytemuck::Pod>(&mut self) -> &mut [T] {
        bytemuck::cast_slice_mut(self.bytes_mut())
    }
}

impl Array {
    /// A C-contiguous array of `shape` and `dtype` viewing bytes `0..` of `storage` (for
    /// crates that make their own buffers, such as pinned host memory or pooled device memory).
    ///
    /// **Shapes:** any; the storage must hold at least `product(shape) * itemsize` bytes.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when the shape's byte size overflows or exceeds the storage.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, DType, ext::{CpuStorage, Storage}};
    /// let a = Array::from_storage(Storage::Cpu(CpuStorage::zeroed(24)), &[2, 3], DType::Float32)
    ///     .unwrap();
    /// assert_eq!(a.to_vec::<f32>().unwrap(), vec![0.0; 6]);
    /// ```
    pub fn from_storage(storage: Storage, shape: &[usize], dtype: DType) -> Result<Array> {
        let need = shape
            .iter()
            .try_fold(dtype.itemsize(), |acc, &d| acc.checked_mul(d));
        match need {
            Some(n) if n <= storage.nbytes() => Ok(Array::from_parts(
                Arc::new(storage),
                Layout::contiguous(shape),
                dtype,
            )),
            _ => Err(Error::bad_argument(
                "from_storage",
                "storage",
                format!("{} bytes", storage.nbytes()),
                format!(
                    "{} bytes for shape {shape:?} of {dtype}",
                    need.map_or("more than usize::MAX".to_string(), |n| n.to_string())
                ),
            )),
        }
    }
}

/// Records that captured work uses `storage` (a CUDA buffer): the open graph capture of its
/// device, if any, keeps a reference to it, so no captured buffer is freed while the graph can
/// still run. Called for every backend view of an array; a no-op (one atomic load) when no
/// capture is open.
#[inline]
pub(crate) fn touch(storage: &std::sync::Arc<Storage>) {
    if let Storage::Cuda(c) = &**storage {
        crate::cuda::graph::keep_alive(c.ordinal(), || storage.clone());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn large_buffers_are_huge_page_aligned_zeroed_and_writable() {
        for nbytes in [MAPPED_MIN_BYTES, 3 * MAPPED_MIN_BYTES + 5] {
            let s = CpuStorage::zeroed(nbytes);
            #[cfg(target_os = "linux")]
            assert_eq!(s.as_ptr() as usize % HUGE_PAGE, 0, "{nbytes} bytes");
            assert!(s.read().bytes().iter().all(|&b| b == 0));
            {
                let mut w = s.write();
                let b = w.bytes_mut();
                assert_eq!(b.len(), nbytes);
                b[0] = 7;
                b[nbytes - 1] = 9;
            }
            let r = s.read();
            assert_eq!((r.bytes()[0], r.bytes()[nbytes - 1]), (7, 9));
        }
        // small buffers stay on the heap
        let small = CpuStorage::zeroed(100);
        assert!(matches!(&*small.words.read().unwrap(), Words::Heap(_)));
        assert_eq!(small.read().bytes(), &[0u8; 100][..]);
    }

    /// The small cache gives back the most recent buffer of the size asked for (the same
    /// memory, its old contents), nothing at another size, and lets its oldest buffer go when
    /// full. A cache of its own: the process-wide one is shared with every test thread.
    #[test]
    fn small_cache_reuses_buffers_at_their_size() {
        let mut c = SmallCache::new();
        let mut a = vec![0u64; 300];
        a[5] = 42;
        let pa = a.as_ptr();
        assert!(c.put(a).is_none());
        assert!(c.take(301).is_none(), "another size");
        let got = c.take(300).expect("the buffer of 300 words");
        assert_eq!((got.as_ptr(), got[5]), (pa, 42));
        assert!(c.take(300).is_none(), "taken once");
        // full: the oldest goes
        let first = vec![1u64; 200];
        let pf = first.as_ptr();
        c.put(first);
        for k in 1..SMALL_MAX_BUFS {
            assert!(c.put(vec![0u64; 128 + k]).is_none());
        }
        let evicted = c.put(vec![0u64; 128]).expect("a full cache evicts");
        assert_eq!(evicted.as_ptr(), pf);
        assert_eq!(c.bufs.len(), SMALL_MAX_BUFS);
        // the global path: a small buffer of the right size, zeroed when fresh
        let nbytes = 3000 + 8 * 7;
        let s = CpuStorage::try_recycled(nbytes).unwrap();
        assert_eq!(s.nbytes(), nbytes);
        drop(s);
        let tiny = CpuStorage::try_recycled(SMALL_MIN_BYTES - 8).unwrap();
        drop(tiny);
        assert!(
            SMALL
                .lock()
                .unwrap()
                .bufs
                .iter()
                .all(|v| v.len() * 8 >= SMALL_MIN_BYTES),
            "nothing under SMALL_MIN_BYTES is cached"
        );
    }

    #[test]
    fn external_storage_reads_writes_and_drops_its_owner() {
        struct Owner(std::sync::Arc<std::sync::atomic::AtomicBool>, *mut u64);
        // SAFETY: test owner; the pointer is only freed in Drop.
        unsafe impl Send for Owner {}
        // SAFETY: as above.
        unsafe impl Sync for Owner {}
        impl Drop for Owner {
            fn drop(&mut self) {
                // SAFETY: `self.1` came from `Box::into_raw` of a `[u64; 3]`, freed once here.
                drop(unsafe { Box::from_raw(self.1.cast::<[u64; 3]>()) });
                self.0.store(true, std::sync::atomic::Ordering::SeqCst);
            }
        }
        let dropped = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let raw = Box::into_raw(Box::new([0u64; 3])).cast::<u64>();
        let owner = Owner(dropped.clone(), raw);
        // SAFETY: `raw` is 24 aligned, initialized bytes owned by `owner` only.
        let s = unsafe {
            CpuStorage::from_external(
                NonNull::new(raw.cast()).unwrap(),
                20,
                false,
                Box::new(owner),
            )
        };
        assert!(!s.is_pinned());
        assert_eq!(s.as_ptr(), raw.cast());
        s.write().slice_mut::<u32>()[4] = 7;
        assert_eq!(s.read().bytes().len(), 20);
        let a = Array::from_storage(Storage::Cpu(s), &[5], DType::UInt32).unwrap();
        assert_eq!(a.to_vec::<u32>().unwrap(), vec![0, 0, 0, 0, 7]);
        let b = crate::ops::add(&a, 1i64).unwrap();
        assert_eq!(b.to_vec::<u32>().unwrap(), vec![1, 1, 1, 1, 8]);
        assert!(!dropped.load(std::sync::atomic::Ordering::SeqCst));
        drop(a);
        assert!(dropped.load(std::sync::atomic::Ordering::SeqCst));
    }

    #[test]
    fn from_storage_checks_the_size() {
        let e = Array::from_storage(Storage::Cpu(CpuStorage::zeroed(8)), &[3], DType::Float32)
            .unwrap_err();
        assert!(e.to_string().contains("12 bytes"), "{e}");
        let e = Array::from_storage(
            Storage::Cpu(CpuStorage::zeroed(8)),
            &[usize::MAX, 2],
            DType::Float32,
        )
        .unwrap_err();
        assert!(e.to_string().contains("usize::MAX"), "{e}");
    }
}
