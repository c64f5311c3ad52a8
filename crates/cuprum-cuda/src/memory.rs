//! Device memory: [`CudaStorage`], the [`Allocator`] hook and host/device/peer transfers.
//!
//! Every device buffer comes from the installed [`Allocator`] (default:
//! [`StreamOrderedAllocator`], CUDA's `cuMemAllocAsync` on the current stream with the default
//! pool's release threshold raised so freed memory stays cached). A buffer is freed, when its
//! last view is dropped, on the dropping thread's current stream of the buffer's device.

use super::driver::{bind, drv};
use super::stream::{Stream, current, current_raw};
use crate::{Device, Error, Result};
use cudarc::driver::sys;
use std::sync::{Arc, RwLock};

/// Where device buffers come from. Installed with [`set_allocator`]; `cuprum-memory`'s
/// `MemoryPool` implements it.
///
/// Both methods are called with device `ordinal`'s context current on the calling thread.
/// `stream` is the stream the buffer is first (or last) used on: a stream-ordered allocator may
/// hand out or recycle memory in that stream's order.
pub trait Allocator: Send + Sync {
    /// Returns the device address of `nbytes` (> 0) new bytes on device `ordinal`.
    ///
    /// # Errors
    /// [`Error::OutOfMemory`] naming the bytes requested and free; a CUDA error otherwise.
    fn allocate(&self, ordinal: usize, nbytes: usize, stream: &Stream) -> Result<u64>;

    /// Returns memory obtained from [`Allocator::allocate`] with the same `ordinal` and
    /// `nbytes`. Work queued on `stream` before this call may still use it.
    ///
    /// # Errors
    /// A CUDA error (logged by the caller; a buffer's drop cannot fail).
    fn deallocate(&self, ordinal: usize, ptr: u64, nbytes: usize, stream: &Stream) -> Result<()>;
}

/// CUDA's stream-ordered allocator (`cuMemAllocAsync` / `cuMemFreeAsync` on the given stream,
/// from the device's default memory pool). The default [`Allocator`].
#[derive(Debug, Default, Clone, Copy)]
pub struct StreamOrderedAllocator;

impl Allocator for StreamOrderedAllocator {
    fn allocate(&self, ordinal: usize, nbytes: usize, stream: &Stream) -> Result<u64> {
        if super::hooks::any() {
            return super::hooks::alloc(ordinal, nbytes, || {
                stream_ordered_alloc(ordinal, nbytes, stream)
            });
        }
        stream_ordered_alloc(ordinal, nbytes, stream)
    }

    fn deallocate(&self, _ordinal: usize, ptr: u64, _nbytes: usize, stream: &Stream) -> Result<()> {
        // SAFETY: `ptr` came from cuMemAllocAsync of this context and is freed exactly once.
        unsafe { sys::cuMemFreeAsync(ptr, stream.raw()) }
            .result()
            .map_err(|e| drv("cuMemFreeAsync", e))
    }
}

/// `cuMemAllocAsync` of `nbytes` on `stream` (the device's context is current).
fn stream_ordered_alloc(ordinal: usize, nbytes: usize, stream: &Stream) -> Result<u64> {
    {
        let mut p: sys::CUdeviceptr = 0;
        // SAFETY: writes one device pointer into `p`; the stream belongs to the current context.
        let r = unsafe { sys::cuMemAllocAsync(&mut p, nbytes, stream.raw()) };
        alloc_result("cuMemAllocAsync", ordinal, nbytes, r, p, "")
    }
}

/// Managed (unified) memory for every array (CuPy's `cupy.cuda.malloc_managed`, installed as
/// `cp.cuda.set_allocator(cp.cuda.malloc_managed)`): `cuMemAllocManaged` with
/// `CU_MEM_ATTACH_GLOBAL`, freed with `cuMemFree`. Install it with
/// `set_allocator(Arc::new(ManagedAllocator))`; arrays then live in memory the host and every
/// device can address, migrated on demand (prefetch with
/// [`runtime::mem_prefetch_async`](super::runtime::mem_prefetch_async) on
/// `Array::device_ptr`).
///
/// Not stream-ordered: a free first waits for the freeing stream (`cuStreamSynchronize`), then
/// calls `cuMemFree`; memory is not cached (wrap it in a pool for that).
#[derive(Debug, Default, Clone, Copy)]
pub struct ManagedAllocator;

impl Allocator for ManagedAllocator {
    fn allocate(&self, ordinal: usize, nbytes: usize, _stream: &Stream) -> Result<u64> {
        if super::hooks::any() {
            return super::hooks::alloc(ordinal, nbytes, || managed_alloc(ordinal, nbytes));
        }
        managed_alloc(ordinal, nbytes)
    }

    fn deallocate(&self, _ordinal: usize, ptr: u64, _nbytes: usize, stream: &Stream) -> Result<()> {
        // SAFETY: a valid stream of the current context; waiting makes the free below safe for
        // work queued on it.
        unsafe { sys::cuStreamSynchronize(stream.raw()) }
            .result()
            .map_err(|e| drv("cuStreamSynchronize", e))?;
        // SAFETY: `ptr` came from cuMemAllocManaged and is freed exactly once, after the work
        // of the freeing stream.
        unsafe { sys::cuMemFree_v2(ptr) }
            .result()
            .map_err(|e| drv("cuMemFree_v2", e))
    }
}

/// `cuMemAllocManaged` of `nbytes` (the device's context is current).
fn managed_alloc(ordinal: usize, nbytes: usize) -> Result<u64> {
    let mut p: sys::CUdeviceptr = 0;
    // SAFETY: writes one device pointer into `p`; flag 1 is CU_MEM_ATTACH_GLOBAL.
    let r = unsafe { sys::cuMemAllocManaged(&mut p, nbytes, 1) };
    alloc_result("cuMemAllocManaged", ordinal, nbytes, r, p, "")
}

static ALLOCATOR: RwLock<Option<Arc<dyn Allocator>>> = RwLock::new(None);

/// Installs the allocator every later device allocation goes through (buffers allocated before
/// are returned to the allocator that made them). A thread inside
/// [`using_allocator`](super::using_allocator) keeps its scoped allocator until the scope ends.
pub fn set_allocator(allocator: Arc<dyn Allocator>) {
    *ALLOCATOR.write().unwrap_or_else(|e| e.into_inner()) = Some(allocator);
}

/// The calling thread's allocator (`cupy.cuda.get_allocator`): its innermost
/// [`using_allocator`](super::using_allocator) one, else the installed one
/// ([`StreamOrderedAllocator`] unless [`set_allocator`] was called).
pub fn allocator() -> Arc<dyn Allocator> {
    if let Some(a) = super::allocators::thread_allocator() {
        return a;
    }
    if let Some(a) = ALLOCATOR.read().unwrap_or_else(|e| e.into_inner()).as_ref() {
        return a.clone();
    }
    Arc::new(StreamOrderedAllocator)
}

/// Device memory of one CUDA device, owned: freed through the allocator that made it when
/// dropped. Shared by all views of an array through the array's `Arc<Storage>`.
pub struct CudaStorage {
    ordinal: usize,
    ptr: u64,
    nbytes: usize,
    allocator: Option<Arc<dyn Allocator>>,
    /// Memory owned by someone else (a cudarc `CudaSlice`, a DLPack producer), released when
    /// the storage drops, after the work cuprum queued on it (see [`Owner`]).
    owner: Option<Owner>,
}

/// The owner of foreign device memory wrapped without a copy, and how its release is ordered
/// after the work cuprum queued on the memory.
pub struct Owner {
    /// Dropped to release the memory.
    pub value: Box<dyn std::any::Any + Send + Sync>,
    /// How the release waits for cuprum's work.
    pub release: Release,
}

/// How the release of foreign memory is ordered after cuprum's work on it.
#[derive(Clone, Copy, Debug)]
pub enum Release {
    /// The owner frees the memory in the order of this stream (a raw `CUstream` as an integer;
    /// valid while the owner lives): the stream is made to wait (an event) for the dropping
    /// thread's current stream, then the owner is dropped.
    OnStream(usize),
    /// The owner may free the memory at once (a DLPack deleter): the dropping thread's current
    /// stream of the device is synchronized first.
    AfterSync,
}

impl std::fmt::Debug for CudaStorage {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "CudaStorage(cuda:{}, ptr={:#x}, nbytes={})",
            self.ordinal, self.ptr, self.nbytes
        )
    }
}

impl CudaStorage {
    /// The device ordinal.
    pub fn ordinal(&self) -> usize {
        self.ordinal
    }
    /// Size in bytes.
    pub fn nbytes(&self) -> usize {
        self.nbytes
    }
    /// The `CUdeviceptr` of byte 0 of the buffer (0 for an empty buffer).
    pub fn device_ptr(&self) -> u64 {
        self.ptr
    }

    /// Wraps device memory obtained elsewhere. It is not freed on drop.
    ///
    /// # Safety
    /// `ptr` must address at least `nbytes` bytes of device `ordinal` that stay valid for as
    /// long as the returned storage (and every array viewing it) lives.
    pub unsafe fn from_raw_borrowed(ordinal: usize, ptr: u64, nbytes: usize) -> CudaStorage {
        CudaStorage {
            ordinal,
            ptr,
            nbytes,
            allocator: None,
            owner: None,
        }
    }

    /// Wraps device memory owned by `owner`, released (by dropping `owner`) when the storage
    /// drops, ordered after cuprum's work on it as `release` says.
    ///
    /// # Safety
    /// `ptr` must address at least `nbytes` bytes of device `ordinal` that stay valid until
    /// `owner` is dropped; for [`Release::OnStream`] the stream must stay valid while `owner`
    /// lives.
    pub unsafe fn from_owner(ordinal: usize, ptr: u64, nbytes: usize, owner: Owner) -> CudaStorage {
        CudaStorage {
            ordinal,
            ptr,
            nbytes,
            allocator: None,
            owner: Some(owner),
        }
    }
}

/// Orders the release of foreign memory after the dropping thread's current stream of
/// `ordinal`, then drops the owner. When the ordering fails the owner is leaked (logged): a
/// leak is better than freeing memory a kernel may still use.
fn release_owner(ordinal: usize, owner: Owner) {
    let ordered = bind("free", ordinal).and_then(|_| {
        let cur = current_raw(ordinal);
        match owner.release {
            Release::OnStream(raw) => {
                let theirs = raw as sys::CUstream;
                if theirs == cur {
                    return Ok(());
                }
                let mut ev: sys::CUevent = std::ptr::null_mut();
                // SAFETY: creates one event of the current context, records it on the current
                // stream (null or owned by a live guard), makes the owner's stream (alive while
                // the owner lives) wait for it, and destroys it (the driver defers destruction
                // until the wait is resolved).
                unsafe {
                    sys::cuEventCreate(&mut ev, sys::CUevent_flags::CU_EVENT_DISABLE_TIMING as u32)
                        .result()
                        .map_err(|e| drv("cuEventCreate", e))?;
                    let r = sys::cuEventRecord(ev, cur)
                        .result()
                        .and_then(|_| sys::cuStreamWaitEvent(theirs, ev, 0).result());
                    let _ = sys::cuEventDestroy_v2(ev);
                    r.map_err(|e| drv("cuStreamWaitEvent", e))
                }
            }
            // SAFETY: the current stream handle is null or owned by a live guard.
            Release::AfterSync => unsafe { sys::cuStreamSynchronize(cur) }
                .result()
                .map_err(|e| drv("cuStreamSynchronize", e)),
        }
    });
    match ordered {
        Ok(()) => drop(owner.value),
        Err(e) => {
            tracing::error!(
                "cuda:{ordinal}: could not order the release of foreign memory ({e}); leaking it"
            );
            std::mem::forget(owner.value);
        }
    }
}

impl Drop for CudaStorage {
    fn drop(&mut self) {
        if let Some(owner) = self.owner.take() {
            let owner = if super::graph::active() {
                // dropped while its device's current stream is captured: the graph keeps it.
                let s = CudaStorage {
                    ordinal: self.ordinal,
                    ptr: self.ptr,
                    nbytes: self.nbytes,
                    allocator: None,
                    owner: Some(owner),
                };
                match super::graph::defer_free(s) {
                    None => return,
                    Some(mut s) => match s.owner.take() {
                        Some(o) => o,
                        None => return,
                    },
                }
            } else {
                owner
            };
            release_owner(self.ordinal, owner);
            return;
        }
        let Some(a) = self.allocator.take() else {
            return;
        };
        if self.nbytes == 0 {
            return;
        }
        let a = if super::graph::active() {
            // dropped while its device's current stream is captured: the graph frees it later.
            let s = CudaStorage {
                ordinal: self.ordinal,
                ptr: self.ptr,
                nbytes: self.nbytes,
                allocator: Some(a),
                owner: None,
            };
            match super::graph::defer_free(s) {
                None => return,
                Some(mut s) => match s.allocator.take() {
                    Some(a) => a,
                    None => return,
                },
            }
        } else {
            a
        };
        let (ordinal, ptr, nbytes) = (self.ordinal, self.ptr, self.nbytes);
        let r = bind("free", ordinal)
            .and_then(|_| current(ordinal))
            .and_then(|s| {
                if super::hooks::any() {
                    super::hooks::free(ordinal, nbytes, ptr, || {
                        a.deallocate(ordinal, ptr, nbytes, &s)
                    })
                } else {
                    a.deallocate(ordinal, ptr, nbytes, &s)
                }
            });
        if let Err(e) = r {
            tracing::error!(
                "freeing {} bytes on cuda:{}: {e}",
                self.nbytes,
                self.ordinal
            );
        }
    }
}

/// Allocates `nbytes` on device `ordinal` through the installed allocator, on the calling
/// thread's current stream. Contents are unspecified.
///
/// # Errors
/// [`Error::DeviceUnavailable`] / [`Error::OutOfMemory`] / a CUDA error.
pub fn alloc(ordinal: usize, nbytes: usize) -> Result<CudaStorage> {
    bind("alloc", ordinal)?;
    if nbytes == 0 {
        return Ok(CudaStorage {
            ordinal,
            ptr: 0,
            nbytes: 0,
            allocator: None,
            owner: None,
        });
    }
    // on a stream being captured, buffers come from the capture allocator (see cuda::graph).
    let a = super::graph::capture_allocator(ordinal).unwrap_or_else(allocator);
    let s = current(ordinal)?;
    let ptr = if super::hooks::any() {
        super::hooks::malloc(ordinal, nbytes, || a.allocate(ordinal, nbytes, &s))?
    } else {
        a.allocate(ordinal, nbytes, &s)?
    };
    Ok(CudaStorage {
        ordinal,
        ptr,
        nbytes,
        allocator: Some(a),
        owner: None,
    })
}

/// True when `p` is page-locked host memory known to CUDA (then an async copy reads it later).
///
/// Asked with `cuPointerGetAttributes`, which answers a memory type of 0 for memory CUDA does
/// not know, where `cuPointerGetAttribute` fails with `CUDA_ERROR_INVALID_VALUE` (compute-sanitizer's
/// memcheck reported every upload from pageable memory as an API error).
fn is_pinned(p: *const u8) -> bool {
    let mut ty: u32 = 0;
    let mut attr = [sys::CUpointer_attribute::CU_POINTER_ATTRIBUTE_MEMORY_TYPE];
    let mut data = [(&mut ty as *mut u32).cast::<std::ffi::c_void>()];
    // SAFETY: one attribute (MEMORY_TYPE, a u32) written through `data[0]`, which points at
    // `ty`; for a pointer unknown to CUDA the driver writes 0 and returns CUDA_SUCCESS.
    let r = unsafe {
        sys::cuPointerGetAttributes(
            1,
            attr.as_mut_ptr(),
            data.as_mut_ptr(),
            p as sys::CUdeviceptr,
        )
    };
    r == sys::CUresult::CUDA_SUCCESS && ty != 0
}

/// Copies host bytes into a new device buffer on the current stream.
///
/// - From page-locked memory (`cuMemHostAlloc`, e.g. a pinned array of `cuprum-memory`):
///   one `cuMemcpyHtoDAsync`, then the stream is synchronized so the borrow of `bytes` can end.
/// - From pageable memory of at least `STAGE_THRESHOLD` bytes: staged through a ring of
///   page-locked buffers of the device (`STAGE_CHUNK` bytes each): the host copies chunk
///   `k + 1` into one buffer (in parallel, with rayon) while the DMA engine uploads chunk `k`
///   from another. Returns when every byte has left `bytes`; the last uploads may still be in
///   flight on the stream (later work on it is ordered after them).
/// - Smaller pageable sources go through the driver (`cuMemcpyHtoDAsync`, which stages them
///   before returning).
///
/// # Errors
/// As [`alloc`], or a CUDA error from the copy.
pub fn from_host(ordinal: usize, bytes: &[u8]) -> Result<CudaStorage> {
    super::graph::forbid(
        ordinal,
        "host-to-device copy (from_vec, asarray, to_device)",
        "a captured copy would read host memory at every launch",
    )?;
    let s = alloc(ordinal, bytes.len())?;
    if bytes.is_empty() {
        return Ok(s);
    }
    let stream = current_raw(ordinal);
    let pinned = is_pinned(bytes.as_ptr());
    if !pinned && bytes.len() >= STAGE_THRESHOLD && upload_staged(ordinal, s.ptr, bytes, stream)? {
        return Ok(s);
    }
    // SAFETY: `s.ptr` addresses `bytes.len()` device bytes; from pageable memory the driver
    // stages the source before returning, so `bytes` may be dropped afterwards.
    unsafe {
        sys::cuMemcpyHtoDAsync_v2(s.ptr, bytes.as_ptr().cast(), bytes.len(), stream)
            .result()
            .map_err(|e| drv("cuMemcpyHtoDAsync", e))?;
    }
    if pinned {
        // page-locked source: the DMA reads it later; wait so the borrow can end.
        // SAFETY: valid stream handle of the current context.
        unsafe { sys::cuStreamSynchronize(stream) }
            .result()
            .map_err(|e| drv("cuStreamSynchronize", e))?;
    }
    Ok(s)
}

/// Copies `len` bytes starting at byte `start` of a device buffer to the host, synchronizing
/// with the calling thread's current stream first. Copies of at least `STAGE_THRESHOLD`
/// bytes are staged through page-locked buffers (the DMA of chunk `k + 1` overlaps the host's
/// parallel copy of chunk `k` out of its buffer); smaller ones go through the driver.
///
/// # Errors
/// [`Error::BadArgument`] when the range is outside the buffer; a CUDA error otherwise.
pub fn to_host(s: &CudaStorage, start: usize, len: usize) -> Result<Vec<u8>> {
    check_range(s, start, len)?;
    let mut out = crate::try_vec_with_capacity::<u8>(len)?;
    // SAFETY: the Vec has capacity for `len` bytes and nobody else sees it; after the
    // download every one of them is written, so `set_len` exposes initialized bytes only.
    unsafe {
        to_host_ptr(s, start, out.as_mut_ptr(), len)?;
        out.set_len(len);
    }
    Ok(out)
}

/// `start..start + len` must lie inside `s` (checked before a download allocates anything).
fn check_range(s: &CudaStorage, start: usize, len: usize) -> Result<()> {
    if start.checked_add(len).is_none_or(|e| e > s.nbytes) {
        return Err(Error::bad_argument(
            "to_host",
            "range",
            format!("bytes {start}..{}", start.saturating_add(len)),
            format!("a range within the buffer of {} bytes", s.nbytes),
        ));
    }
    Ok(())
}

/// Copies `out.len()` bytes of `s` starting at byte `start` into `out` (pageable host memory),
/// staged through page-locked buffers from `STAGE_THRESHOLD` bytes on, like [`to_host`] but
/// into a buffer the caller owns (so a download into a new CPU array is one copy, not two).
///
/// # Errors
/// [`Error::BadArgument`] when the range is outside the buffer; CUDA errors.
pub fn to_host_into(s: &CudaStorage, start: usize, out: &mut [u8]) -> Result<()> {
    // SAFETY: `out` is a live exclusive borrow of `out.len()` bytes.
    unsafe { to_host_ptr(s, start, out.as_mut_ptr(), out.len()) }
}

/// [`to_host_into`] into raw memory: `len` bytes of `s` from byte `start` into `out`, which may
/// be uninitialized (the spare capacity of a new `Vec`, whose pages the staged path then
/// touches in parallel). Below [`STAGE_THRESHOLD`] bytes one `cuMemcpyDtoHAsync`.
///
/// # Safety
/// `out` must be valid for writes of `len` bytes and not be read or written by anyone else
/// until this returns.
///
/// # Errors
/// As [`to_host_into`].
pub unsafe fn to_host_ptr(s: &CudaStorage, start: usize, out: *mut u8, len: usize) -> Result<()> {
    check_range(s, start, len)?;
    if len == 0 {
        return Ok(());
    }
    super::graph::forbid(
        s.ordinal,
        "device-to-host copy (to_vec, item, printing, a data-dependent size)",
        "it waits on the host for the device",
    )?;
    bind("to_host", s.ordinal)?;
    let stream = current_raw(s.ordinal);
    if len >= STAGE_THRESHOLD && download_staged(s.ordinal, s.ptr + start as u64, out, len, stream)?
    {
        return Ok(());
    }
    // SAFETY: the source range was checked against the buffer; `out` has `len` bytes (the
    // caller's contract) and outlives the copy because we synchronize before returning.
    unsafe {
        sys::cuMemcpyDtoHAsync_v2(out.cast(), s.ptr + start as u64, len, stream)
            .result()
            .map_err(|e| drv("cuMemcpyDtoHAsync", e))?;
        sys::cuStreamSynchronize(stream)
            .result()
            .map_err(|e| drv("cuStreamSynchronize", e))?;
    }
    Ok(())
}

/// Transfers between pageable host memory and a device of at least this many bytes are staged
/// through page-locked buffers (see [`from_host`] and [`to_host`]).
pub const STAGE_THRESHOLD: usize = 4 << 20;
/// Size in bytes of one page-locked staging buffer (a device has [`STAGE_BUFFERS`] of them,
/// allocated on first use, kept for the life of the process and released when it exits).
pub const STAGE_CHUNK: usize = 16 << 20;
/// Number of staging buffers per device (uploads and downloads keep this many chunks in flight).
pub const STAGE_BUFFERS: usize = 4;

/// One page-locked staging buffer and the event recorded after the last DMA that used it.
struct StageBuf {
    host: *mut u8,
    event: sys::CUevent,
    busy: bool,
}

/// The staging ring of one device.
struct Staging {
    bufs: Vec<StageBuf>,
}

// SAFETY: the raw host pointers and event handles are owned by the ring (freed only at process
// exit, by `release_staging`, under the same mutex) and only used under the device's staging
// mutex.
unsafe impl Send for Staging {}

impl Staging {
    /// Allocates the ring (the device's context is current).
    fn new() -> Result<Staging> {
        let mut bufs = Vec::with_capacity(STAGE_BUFFERS);
        for _ in 0..STAGE_BUFFERS {
            let mut host: *mut std::ffi::c_void = std::ptr::null_mut();
            // SAFETY: cuMemHostAlloc writes one host pointer; PORTABLE makes it usable from
            // every context. The buffer lives until the process exits (`release_staging`).
            unsafe { sys::cuMemHostAlloc(&mut host, STAGE_CHUNK, sys::CU_MEMHOSTALLOC_PORTABLE) }
                .result()
                .map_err(|e| drv("cuMemHostAlloc", e))?;
            let mut event: sys::CUevent = std::ptr::null_mut();
            // SAFETY: writes one event handle; DISABLE_TIMING is a valid flag.
            unsafe {
                sys::cuEventCreate(
                    &mut event,
                    sys::CUevent_flags::CU_EVENT_DISABLE_TIMING as u32,
                )
            }
            .result()
            .map_err(|e| drv("cuEventCreate", e))?;
            bufs.push(StageBuf {
                host: host.cast(),
                event,
                busy: false,
            });
        }
        Ok(Staging { bufs })
    }
}

impl StageBuf {
    /// Waits until the DMA that last used this buffer is done.
    fn wait(&mut self) -> Result<()> {
        if self.busy {
            // SAFETY: the event handle is valid (owned by the ring).
            unsafe { sys::cuEventSynchronize(self.event) }
                .result()
                .map_err(|e| drv("cuEventSynchronize", e))?;
            self.busy = false;
        }
        Ok(())
    }
    /// Records the buffer's event on `stream` after a DMA was queued.
    fn record(&mut self, stream: sys::CUstream) -> Result<()> {
        // SAFETY: valid event and stream handles of the current context.
        unsafe { sys::cuEventRecord(self.event, stream) }
            .result()
            .map_err(|e| drv("cuEventRecord", e))?;
        self.busy = true;
        Ok(())
    }
}

static STAGING: std::sync::OnceLock<Vec<std::sync::Mutex<Option<Staging>>>> =
    std::sync::OnceLock::new();

/// Runs `f` with device `ordinal`'s staging ring (created on first use); `Ok(None)` when the
/// ring cannot be allocated (then the caller goes through the driver).
fn with_staging<R>(ordinal: usize, f: impl FnOnce(&mut Staging) -> Result<R>) -> Result<Option<R>> {
    let all = STAGING.get_or_init(|| {
        (0..super::driver::device_count())
            .map(|_| std::sync::Mutex::new(None))
            .collect()
    });
    let Some(slot) = all.get(ordinal) else {
        return Ok(None);
    };
    let mut g = slot.lock().unwrap_or_else(|e| e.into_inner());
    if g.is_none() {
        match Staging::new() {
            Ok(s) => {
                *g = Some(s);
                static AT_EXIT: std::sync::Once = std::sync::Once::new();
                // SAFETY: registers a plain `extern "C" fn()`; a failure to register only
                // leaves the buffers to the operating system, as before.
                AT_EXIT.call_once(|| unsafe {
                    libc::atexit(release_staging);
                });
            }
            Err(e) => {
                tracing::warn!(
                    "cuda:{ordinal}: no staging buffers ({e}); transfers go through the driver"
                );
                return Ok(None);
            }
        }
    }
    match g.as_mut() {
        Some(s) => f(s).map(Some),
        None => Ok(None),
    }
}

/// At process exit: waits for each ring's last transfers and frees its page-locked buffers and
/// events, so that leak checkers (compute-sanitizer's `--leak-check full`) see every
/// allocation returned. A ring whose mutex another thread holds at exit (a transfer still
/// running) is left to the operating system; driver errors (a driver already shut down) are
/// ignored.
extern "C" fn release_staging() {
    let Some(all) = STAGING.get() else {
        return;
    };
    for (ordinal, slot) in all.iter().enumerate() {
        let Ok(mut g) = slot.try_lock() else {
            continue;
        };
        let Some(st) = g.take() else {
            continue;
        };
        if bind("release staging buffers", ordinal).is_err() {
            continue;
        }
        for mut b in st.bufs {
            let _ = b.wait();
            // SAFETY: the handles and buffers were created by `Staging::new` and are freed
            // exactly once (the ring was taken out of its slot); no transfer uses them (their
            // events were waited for, and the slot's mutex is held).
            unsafe {
                let _ = sys::cuEventDestroy_v2(b.event);
                let _ = sys::cuMemFreeHost(b.host.cast());
            }
        }
    }
}

/// Copies `len` bytes from `src` to `dst` (non-overlapping), in parallel for large copies.
///
/// # Safety
/// `src` must be valid for reads and `dst` for writes of `len` bytes, not overlapping.
unsafe fn par_copy(dst: *mut u8, src: *const u8, len: usize) {
    use rayon::prelude::*;
    const PIECE: usize = 1 << 20;
    if len <= PIECE {
        // SAFETY: the caller's contract.
        unsafe { std::ptr::copy_nonoverlapping(src, dst, len) };
        return;
    }
    let (d, s) = (dst as usize, src as usize);
    (0..len.div_ceil(PIECE)).into_par_iter().for_each(|i| {
        let off = i * PIECE;
        let n = PIECE.min(len - off);
        // SAFETY: pieces are disjoint sub-ranges of the caller's valid ranges.
        unsafe { std::ptr::copy_nonoverlapping((s + off) as *const u8, (d + off) as *mut u8, n) };
    });
}

/// Uploads `src` to device address `dst` through the staging ring on `stream`. `Ok(false)`
/// when there is no ring (nothing was copied).
fn upload_staged(ordinal: usize, dst: u64, src: &[u8], stream: sys::CUstream) -> Result<bool> {
    let _span = tracing::trace_span!("upload_staged", ordinal, nbytes = src.len()).entered();
    with_staging(ordinal, |st| {
        for (k, chunk) in src.chunks(STAGE_CHUNK).enumerate() {
            let b = &mut st.bufs[k % STAGE_BUFFERS];
            b.wait()?;
            // SAFETY: `b.host` has STAGE_CHUNK >= chunk.len() bytes, free now that its last
            // DMA is done; `chunk` is a live borrow.
            unsafe { par_copy(b.host, chunk.as_ptr(), chunk.len()) };
            // SAFETY: the destination range lies inside the caller's buffer of `src.len()`
            // bytes; the page-locked source stays untouched until the event recorded next.
            unsafe {
                sys::cuMemcpyHtoDAsync_v2(
                    dst + (k * STAGE_CHUNK) as u64,
                    b.host.cast(),
                    chunk.len(),
                    stream,
                )
            }
            .result()
            .map_err(|e| drv("cuMemcpyHtoDAsync", e))?;
            b.record(stream)?;
        }
        Ok(())
    })
    .map(|r| r.is_some())
}

/// Downloads `len` bytes from device address `src` into `out` through the staging ring, on
/// `stream` (after the work queued on it). `Ok(false)` when there is no ring.
fn download_staged(
    ordinal: usize,
    src: u64,
    out: *mut u8,
    len: usize,
    stream: sys::CUstream,
) -> Result<bool> {
    let _span = tracing::trace_span!("download_staged", ordinal, nbytes = len).entered();
    let n = len.div_ceil(STAGE_CHUNK);
    let piece = |k: usize| STAGE_CHUNK.min(len - k * STAGE_CHUNK);
    let issue = |st: &mut Staging, k: usize| -> Result<()> {
        let b = &mut st.bufs[k % STAGE_BUFFERS];
        b.wait()?;
        // SAFETY: the source range lies inside the caller's buffer; `b.host` has room for
        // one chunk and is free (its last DMA is done).
        unsafe {
            sys::cuMemcpyDtoHAsync_v2(
                b.host.cast(),
                src + (k * STAGE_CHUNK) as u64,
                piece(k),
                stream,
            )
        }
        .result()
        .map_err(|e| drv("cuMemcpyDtoHAsync", e))?;
        b.record(stream)
    };
    with_staging(ordinal, |st| {
        for k in 0..n.min(STAGE_BUFFERS) {
            issue(st, k)?;
        }
        for k in 0..n {
            let b = &mut st.bufs[k % STAGE_BUFFERS];
            b.wait()?;
            // SAFETY: `out` has room for `len` bytes (caller); the chunk's DMA is complete.
            unsafe { par_copy(out.add(k * STAGE_CHUNK), b.host, piece(k)) };
            if k + STAGE_BUFFERS < n {
                issue(st, k + STAGE_BUFFERS)?;
            }
        }
        Ok(())
    })
    .map(|r| r.is_some())
}

/// Copies `len` bytes from byte `start` of `src` into a new buffer on device `dst_ordinal`
/// (`cuMemcpyPeerAsync`: direct over NVLink/PCIe when peer access is possible, staged by the
/// driver otherwise). Ordered after the source device's current stream; the source device's
/// current stream then waits for the copy, so freeing `src` afterwards is safe.
///
/// # Errors
/// [`Error::BadArgument`] for a range outside `src`; allocation or CUDA errors.
pub fn copy_peer(
    src: &CudaStorage,
    start: usize,
    len: usize,
    dst_ordinal: usize,
) -> Result<CudaStorage> {
    if start.checked_add(len).is_none_or(|e| e > src.nbytes) {
        return Err(Error::bad_argument(
            "copy_peer",
            "range",
            format!("bytes {start}..{}", start.saturating_add(len)),
            format!("a range within the buffer of {} bytes", src.nbytes),
        ));
    }
    for o in [src.ordinal, dst_ordinal] {
        super::graph::forbid(
            o,
            "copy_peer (to_device between GPUs)",
            "it orders two devices' streams with events",
        )?;
    }
    let src_st = bind("copy_peer", src.ordinal)?;
    let src_stream = current(src.ordinal)?;
    let dst_st = bind("copy_peer", dst_ordinal)?;
    let dst = alloc(dst_ordinal, len)?;
    if len == 0 {
        return Ok(dst);
    }
    let dst_stream = current(dst_ordinal)?;
    let ready = src_stream.record()?;
    dst_stream.wait_event(&ready)?;
    bind("copy_peer", dst_ordinal)?;
    // SAFETY: both ranges are inside live buffers of their contexts; the copy is ordered after
    // the source stream's prior work by the event above.
    unsafe {
        sys::cuMemcpyPeerAsync(
            dst.ptr,
            dst_st.ctx.cu_ctx(),
            src.ptr + start as u64,
            src_st.ctx.cu_ctx(),
            len,
            dst_stream.raw(),
        )
        .result()
        .map_err(|e| drv("cuMemcpyPeerAsync", e))?;
    }
    let done = dst_stream.record()?;
    src_stream.wait_event(&done)?;
    Ok(dst)
}

/// Device-to-device copy of `len` bytes on the current stream of `dst`'s device (same device).
pub fn copy_dtod(dst: u64, src: u64, len: usize, ordinal: usize) -> Result<()> {
    // SAFETY: the caller passes ranges inside live buffers of device `ordinal`.
    unsafe { sys::cuMemcpyDtoDAsync_v2(dst, src, len, current_raw(ordinal)) }
        .result()
        .map_err(|e| drv("cuMemcpyDtoDAsync", e))
}

/// Sets `nbytes` bytes of device memory from `ptr` on to `value`, ordered on `stream`
/// (`cuMemsetD8Async`; `cudaMemsetAsync`).
///
/// # Safety
/// `[ptr, ptr + nbytes)` lies inside a live buffer of the stream's device that stays alive
/// until the stream reaches the write (buffers are freed in stream order).
///
/// # Errors
/// A CUDA error from `cuMemsetD8Async`.
pub unsafe fn memset_d8_async(ptr: u64, value: u8, nbytes: usize, stream: &Stream) -> Result<()> {
    if nbytes == 0 {
        return Ok(());
    }
    bind("memset", stream.ordinal())?;
    // SAFETY: the caller's contract above.
    unsafe { sys::cuMemsetD8Async(ptr, value, nbytes, stream.raw()) }
        .result()
        .map_err(|e| drv("cuMemsetD8Async", e))
}

/// The pointer `p` that the driver allocation `what` of `nbytes` on device `ordinal` wrote
/// (its result `r`), or its error: [`Error::OutOfMemory`] (with the free memory the driver
/// reports and `limit_note`) for `CUDA_ERROR_OUT_OF_MEMORY`.
pub(crate) fn alloc_result(
    what: &'static str,
    ordinal: usize,
    nbytes: usize,
    r: sys::CUresult,
    p: sys::CUdeviceptr,
    limit_note: &str,
) -> Result<u64> {
    match r {
        sys::CUresult::CUDA_SUCCESS => Ok(p),
        sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY => Err(Error::OutOfMemory {
            device: Device::Cuda(ordinal),
            requested: nbytes,
            free: cudarc::driver::result::mem_get_info()
                .map(|m| m.0)
                .unwrap_or(0),
            limit_note: limit_note.into(),
        }),
        e => Err(drv(what, cudarc::driver::DriverError(e))),
    }
}
