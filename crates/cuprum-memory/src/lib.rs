//! # cuprum-memory
//!
//! cuprum's memory management, like `cupy.cuda.MemoryPool`, `cupy.cuda.PinnedMemoryPool` and
//! `cupyx.zeros_pinned`:
//!
//! - [`MemoryPool`]: a caching device allocator installed through core's
//!   [`Allocator`](cuprum_core::cuda::Allocator) hook. Sizes are rounded to 512 bytes, blocks
//!   are split and merged (a large block freed after being split is reusable whole), reuse is
//!   stream-ordered, and there are CuPy's statistics (`used_bytes`, `total_bytes`,
//!   `free_bytes`, `n_free_blocks`), `free_all_blocks` and a limit ([`MemoryPool::set_limit`],
//!   `CUPRUM_GPU_MEMORY_LIMIT`). The bookkeeping ([`arena`]) is independent of CUDA and tested
//!   on the CPU.
//! - **The default pool.** [`get_default_memory_pool`] creates the pool and installs it as
//!   cuprum's allocator on its first call; every entry point of this crate that makes device
//!   or pinned memory calls it first, and [`install`] does only that (call it at the start of a
//!   program to have every array come from the pool). The `cuprum` facade re-exports this
//!   crate as `cp::memory`.
//! - **Pinned host memory.** [`PinnedMemoryPool`] (`cuMemHostAlloc`) and pinned host arrays
//!   ([`zeros_pinned`], [`empty_pinned`], [`zeros_like_pinned`], [`empty_like_pinned`]):
//!   ordinary CPU-device arrays whose buffer is page-locked, used directly as the host side of
//!   transfers. [`to_device_async`], [`copy_to_device_async`] and [`copy_to_host_async`] copy
//!   on a given stream without waiting (overlapping kernels on other streams).
//!   `Array::to_device` from *pageable* memory is staged through pinned buffers in chunks by
//!   core, so a plain `Vec` uploads fast too.
//! - **Observability.** `tracing` spans for allocations (`trace`), pool growth and
//!   `free_all_blocks` (`debug`); [`memory_report`] (per device: in use, cached, limit,
//!   largest free block).
//!
//! Depends only on `cuprum-core` and outside libraries; re-exported by the `cuprum` facade.
//!
//! ```
//! use cuprum_core::{DType, Device};
//! let pool = cuprum_memory::get_default_memory_pool();
//! let pinned = cuprum_memory::zeros_pinned(&[1024, 1024], DType::Float32).unwrap();
//! if cuprum_core::cuda::device_count() > 0 {
//!     let gpu = pinned.to_device(Device::Cuda(0)).unwrap();
//!     assert!(pool.used_bytes() >= 4 << 20);
//!     drop(gpu);
//! }
//! pool.free_all_blocks().unwrap();
//! println!("{}", cuprum_memory::memory_report());
//! ```
#![warn(missing_docs)]

pub mod arena;
mod pinned;
mod pool;
mod report;
mod transfer;

pub use arena::PoolStats;
pub use pinned::{
    PinnedMemory, PinnedMemoryPool, PinnedStats, alloc_pinned_memory, empty_like_pinned,
    empty_pinned, get_default_pinned_memory_pool, get_pinned_memory_allocator, is_pinned,
    set_pinned_memory_allocator, zeros_like_pinned, zeros_pinned,
};
pub use pool::{Limit, MemoryPool, get_default_memory_pool, install};
pub use report::{DeviceMemory, MemoryReport};
pub use transfer::{copy_to_device_async, copy_to_host_async, to_device_async};

/// The report of the default pools ([`get_default_memory_pool`]'s and the default pinned
/// pool): per device, bytes in use, cached, held, the limit and the largest free block.
///
/// # Example
/// ```
/// println!("{}", cuprum_memory::memory_report());
/// ```
pub fn memory_report() -> MemoryReport {
    get_default_memory_pool().report()
}
