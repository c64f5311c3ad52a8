//! [`MemoryPool`]: the caching device allocator (CuPy's `cupy.cuda.MemoryPool`), its CUDA
//! backend, the limit and the default pool.

use crate::arena::{Arena, Backend, PoolStats};
use cudarc::driver::sys;
use cuprum_core::ext::cuda::{self, Allocator, Event, Stream};
use cuprum_core::{Device, Error, Result};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};

/// Converts a driver status into [`Error::Cuda`] naming `op`.
pub(crate) fn cuda_error(op: &'static str, r: sys::CUresult) -> Error {
    let e = cudarc::driver::DriverError(r);
    Error::Cuda {
        op,
        name: e
            .error_name()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_else(|_| format!("{r:?}")),
        description: e
            .error_string()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
    }
}

/// Chunks from `cuMemAlloc`, events from the device's streams. Every call is made with the
/// device's context current (the [`Allocator`] hook guarantees it; [`MemoryPool`]'s own
/// methods bind it first).
pub(crate) struct CudaBackend {
    ordinal: usize,
}

impl CudaBackend {
    /// `cuMemAlloc` of `nbytes` (the device's context is current).
    fn malloc_raw(&self, nbytes: usize) -> Result<u64> {
        let mut p: sys::CUdeviceptr = 0;
        // SAFETY: writes one device pointer into `p`; the device's context is current.
        let r = unsafe { sys::cuMemAlloc_v2(&mut p, nbytes) };
        match r {
            sys::CUresult::CUDA_SUCCESS => Ok(p),
            sys::CUresult::CUDA_ERROR_OUT_OF_MEMORY => Err(Error::OutOfMemory {
                device: self.device(),
                requested: nbytes,
                free: self.free_memory(),
                limit_note: String::new(),
            }),
            e => Err(cuda_error("cuMemAlloc", e)),
        }
    }
}

impl Backend for CudaBackend {
    type Stream = Stream;
    type Event = Event;

    fn device(&self) -> Device {
        Device::Cuda(self.ordinal)
    }

    fn malloc(&mut self, nbytes: usize) -> Result<u64> {
        // a pool growing is CuPy's `alloc` of a MemoryHook (a pool hit is a `malloc` only)
        cuda::run_alloc_hooks(self.ordinal, nbytes, || self.malloc_raw(nbytes))
    }

    fn free(&mut self, ptr: u64, _nbytes: usize) -> Result<()> {
        // SAFETY: `ptr` is a chunk from cuMemAlloc of this context, freed once, with no work
        // queued that uses it (the arena waited for every stream first).
        let r = unsafe { sys::cuMemFree_v2(ptr) };
        match r {
            sys::CUresult::CUDA_SUCCESS => Ok(()),
            e => Err(cuda_error("cuMemFree", e)),
        }
    }

    fn record(&mut self, stream: &Stream) -> Result<Event> {
        Ok(stream.record()?)
    }

    fn query(&mut self, event: &Event) -> Result<bool> {
        // SAFETY: the event handle is valid while `event` lives.
        match unsafe { sys::cuEventQuery(event.raw()) } {
            sys::CUresult::CUDA_SUCCESS => Ok(true),
            sys::CUresult::CUDA_ERROR_NOT_READY => Ok(false),
            e => Err(cuda_error("cuEventQuery", e)),
        }
    }

    fn wait(&mut self, event: &Event) -> Result<()> {
        Ok(event.synchronize()?)
    }

    fn free_memory(&self) -> usize {
        cuda::mem_get_info(self.ordinal).map_or(0, |m| m.0)
    }
}

/// A limit on the device memory a pool holds (CuPy's `set_limit(size=...)` /
/// `set_limit(fraction=...)`).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Limit {
    /// No limit.
    None,
    /// At most this many bytes.
    Bytes(usize),
    /// At most this fraction (0..=1) of the device's total memory.
    Fraction(f64),
}

impl Limit {
    /// The limit in bytes on a device of `total` bytes (`usize::MAX` for none).
    pub fn bytes(self, total: usize) -> usize {
        match self {
            Limit::None => usize::MAX,
            Limit::Bytes(b) => b,
            Limit::Fraction(f) => (f.clamp(0.0, 1.0) * total as f64) as usize,
        }
    }

    /// Parses a limit as `CUPRUM_GPU_MEMORY_LIMIT` spells it (like `CUPY_GPU_MEMORY_LIMIT`): a
    /// byte count (`"1073741824"`) or a percentage of the device (`"50%"`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] for anything else.
    ///
    /// # Example
    /// ```
    /// use cuprum_memory::Limit;
    /// assert_eq!(Limit::parse("1024").unwrap(), Limit::Bytes(1024));
    /// assert_eq!(Limit::parse("50%").unwrap(), Limit::Fraction(0.5));
    /// assert!(Limit::parse("lots").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<Limit> {
        let s = s.trim();
        let bad = || {
            Error::bad_argument(
                "Limit::parse",
                "s",
                format!("{s:?}"),
                "a byte count or a percentage like \"50%\"",
            )
        };
        if let Some(p) = s.strip_suffix('%') {
            let f: f64 = p.trim().parse().map_err(|_| bad())?;
            if !(0.0..=100.0).contains(&f) {
                return Err(bad());
            }
            Ok(Limit::Fraction(f / 100.0))
        } else {
            s.parse().map(Limit::Bytes).map_err(|_| bad())
        }
    }

    /// The limit set by `CUPRUM_GPU_MEMORY_LIMIT`, [`Limit::None`] when unset or invalid (an
    /// invalid value is logged).
    pub fn from_env() -> Limit {
        match std::env::var("CUPRUM_GPU_MEMORY_LIMIT") {
            Ok(v) => Limit::parse(&v).unwrap_or_else(|e| {
                tracing::warn!("CUPRUM_GPU_MEMORY_LIMIT ignored: {e}");
                Limit::None
            }),
            Err(_) => Limit::None,
        }
    }
}

/// A caching allocator of device memory with CuPy's semantics (`cupy.cuda.MemoryPool`).
///
/// Memory freed by arrays stays cached in the pool and is handed out again without a CUDA
/// call: sizes are rounded up to 512 bytes, blocks are split and merged (a large block freed
/// after being split is reusable whole), and reuse is stream-ordered (a block freed on stream
/// `A` serves `A` at once and another stream only after `A`'s work before the free has
/// completed). The bookkeeping is in [`arena`](crate::arena); chunks come from `cuMemAlloc`.
///
/// The pool serves every CUDA device (one pool per device inside, each behind its own mutex).
/// Statistics without an ordinal are summed over the devices (on one GPU, CuPy's numbers).
///
/// **Default.** [`get_default_memory_pool`] creates the process's pool and installs it as
/// cuprum's allocator ([`cuda::set_allocator`]); every `cuprum_memory` entry point that
/// touches device memory does so first. To install another pool:
/// `cuprum_core::cuda::set_allocator(pool.clone())`.
///
/// # Example
/// ```
/// use cuprum_memory::MemoryPool;
/// let pool = cuprum_memory::get_default_memory_pool();
/// // on a machine without a GPU every number is 0
/// assert!(pool.used_bytes() <= pool.total_bytes());
/// pool.free_all_blocks().unwrap();
/// println!("{}", pool.report());
/// ```
pub struct MemoryPool {
    devices: Vec<OnceLock<Mutex<Arena<CudaBackend>>>>,
    limit: Mutex<Limit>,
}

impl std::fmt::Debug for MemoryPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MemoryPool({} device(s))", self.devices.len())
    }
}

impl Default for MemoryPool {
    fn default() -> Self {
        MemoryPool::new()
    }
}

impl MemoryPool {
    /// A new, empty pool for every CUDA device of the machine (none without a GPU), limited by
    /// `CUPRUM_GPU_MEMORY_LIMIT` when set. Not installed: see [`get_default_memory_pool`].
    pub fn new() -> MemoryPool {
        MemoryPool {
            devices: (0..cuda::device_count()).map(|_| OnceLock::new()).collect(),
            limit: Mutex::new(Limit::from_env()),
        }
    }

    fn limit_setting(&self) -> Limit {
        *self.limit.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The pool of device `ordinal`, created on first use.
    fn arena(&self, ordinal: usize) -> Result<MutexGuard<'_, Arena<CudaBackend>>> {
        let Some(slot) = self.devices.get(ordinal) else {
            // not a device of this machine: the same error as everywhere else
            cuda::context(ordinal)?;
            return Err(Error::DeviceUnavailable {
                op: "MemoryPool",
                device: Device::Cuda(ordinal),
                reason: format!("the pool serves {} device(s)", self.devices.len()),
            });
        };
        let m = slot.get_or_init(|| {
            let total = cuda::properties(ordinal).map_or(0, |p| p.total_memory);
            Mutex::new(Arena::new(
                CudaBackend { ordinal },
                self.limit_setting().bytes(total),
            ))
        });
        Ok(m.lock().unwrap_or_else(|e| e.into_inner()))
    }

    /// Statistics of device `ordinal`'s pool (in use, cached, held, limit, largest free block).
    ///
    /// # Errors
    /// [`Error::DeviceUnavailable`] when the device does not exist.
    pub fn stats(&self, ordinal: usize) -> Result<PoolStats> {
        match self.devices.get(ordinal).and_then(OnceLock::get) {
            Some(m) => Ok(m.lock().unwrap_or_else(|e| e.into_inner()).stats()),
            None => Ok(self.arena(ordinal)?.stats()),
        }
    }

    fn sum(&self, f: impl Fn(&PoolStats) -> usize) -> usize {
        self.devices
            .iter()
            .filter_map(OnceLock::get)
            .map(|m| f(&m.lock().unwrap_or_else(|e| e.into_inner()).stats()))
            .sum()
    }

    /// Bytes in use (handed out, rounded up to 512 bytes), summed over devices
    /// (`MemoryPool.used_bytes()`).
    pub fn used_bytes(&self) -> usize {
        self.sum(|s| s.used_bytes)
    }
    /// Bytes held from the devices (`MemoryPool.total_bytes()`).
    pub fn total_bytes(&self) -> usize {
        self.sum(|s| s.total_bytes)
    }
    /// Bytes cached: held but not in use (`MemoryPool.free_bytes()`).
    pub fn free_bytes(&self) -> usize {
        self.sum(|s| s.free_bytes)
    }
    /// Number of free blocks (`MemoryPool.n_free_blocks()`).
    pub fn n_free_blocks(&self) -> usize {
        self.sum(|s| s.n_free_blocks)
    }

    /// Returns every cached chunk that is wholly free to CUDA (`cuMemFree`), on every device
    /// (`MemoryPool.free_all_blocks()`). Waits for the streams that freed blocks first, so no
    /// queued work can still use the memory.
    ///
    /// # Errors
    /// A CUDA error.
    pub fn free_all_blocks(&self) -> Result<()> {
        for (i, slot) in self.devices.iter().enumerate() {
            if let Some(m) = slot.get() {
                cuda::context(i)?;
                m.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .free_all_blocks()?;
            }
        }
        Ok(())
    }

    /// Limits the device memory the pool holds on every device (`MemoryPool.set_limit`): later
    /// growth past it frees cached blocks and then fails with [`Error::OutOfMemory`].
    /// Overrides `CUPRUM_GPU_MEMORY_LIMIT`; memory already held is not returned.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] for a fraction outside `0..=1`.
    pub fn set_limit(&self, limit: Limit) -> Result<()> {
        if let Limit::Fraction(f) = limit
            && !(0.0..=1.0).contains(&f)
        {
            return Err(Error::out_of_domain(
                "MemoryPool::set_limit",
                "limit",
                f,
                "[0, 1]",
            ));
        }
        *self.limit.lock().unwrap_or_else(|e| e.into_inner()) = limit;
        for (i, slot) in self.devices.iter().enumerate() {
            if let Some(m) = slot.get() {
                let total = cuda::properties(i).map_or(0, |p| p.total_memory);
                m.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .set_limit(limit.bytes(total));
            }
        }
        Ok(())
    }

    /// The limit in bytes on device `ordinal` (`usize::MAX`: none) (`MemoryPool.get_limit()`).
    ///
    /// # Errors
    /// [`Error::DeviceUnavailable`] when the device does not exist.
    pub fn get_limit(&self, ordinal: usize) -> Result<usize> {
        Ok(self.stats(ordinal)?.limit)
    }

    /// A per-device report of the pool (and of the default pinned pool): in use, cached, held,
    /// limit, largest free block. Its `Display` is a small table.
    pub fn report(&self) -> crate::MemoryReport {
        let devices = self
            .devices
            .iter()
            .enumerate()
            .map(|(i, slot)| {
                let stats = slot.get().map_or(
                    PoolStats {
                        limit: self
                            .limit_setting()
                            .bytes(cuda::properties(i).map_or(0, |p| p.total_memory)),
                        ..PoolStats::default()
                    },
                    |m| m.lock().unwrap_or_else(|e| e.into_inner()).stats(),
                );
                crate::report::DeviceMemory {
                    device: Device::Cuda(i),
                    stats,
                    device_free_total: cuda::mem_get_info(i).ok(),
                }
            })
            .collect();
        crate::MemoryReport {
            devices,
            pinned: crate::pinned::get_default_pinned_memory_pool().stats(),
        }
    }
}

/// Device memory from the pool; the CUDA layer's [`Allocator`] speaks its own error type.
type CudaResult<T> = std::result::Result<T, cuprum_core::cuda::CudaError>;

impl Allocator for MemoryPool {
    fn allocate(&self, ordinal: usize, nbytes: usize, stream: &Stream) -> CudaResult<u64> {
        let _span = tracing::trace_span!("MemoryPool::allocate", ordinal, nbytes).entered();
        Ok(self.arena(ordinal)?.allocate(nbytes, stream.raw() as u64)?)
    }

    fn deallocate(
        &self,
        ordinal: usize,
        ptr: u64,
        _nbytes: usize,
        stream: &Stream,
    ) -> CudaResult<()> {
        let _span = tracing::trace_span!("MemoryPool::deallocate", ordinal, ptr).entered();
        Ok(self
            .arena(ordinal)?
            .deallocate(ptr, stream.raw() as u64, stream)?)
    }
}

static DEFAULT_POOL: OnceLock<Arc<MemoryPool>> = OnceLock::new();

/// The process's default device memory pool (`cupy.get_default_memory_pool()`), created and
/// installed as cuprum's allocator on the first call.
///
/// Arrays allocated before the first call keep the allocator that made them (they are
/// returned to it when dropped).
///
/// # Example
/// ```
/// let pool = cuprum_memory::get_default_memory_pool();
/// assert!(std::sync::Arc::ptr_eq(&pool, &cuprum_memory::get_default_memory_pool()));
/// ```
pub fn get_default_memory_pool() -> Arc<MemoryPool> {
    DEFAULT_POOL
        .get_or_init(|| {
            let p = Arc::new(MemoryPool::new());
            cuda::set_allocator(p.clone());
            tracing::debug!("cuprum-memory: the default MemoryPool is cuprum's allocator");
            p
        })
        .clone()
}

/// Makes the default [`MemoryPool`] cuprum's allocator (idempotent; what
/// [`get_default_memory_pool`] does on its first call). Call it once at the start of a
/// program that should allocate through the pool before touching `cuprum_memory` otherwise.
pub fn install() {
    let _ = get_default_memory_pool();
}
