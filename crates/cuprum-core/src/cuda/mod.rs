//! The CUDA backend: device detection, contexts, streams, events, the allocator hook, the NVRTC
//! kernel cache and the CUDA implementations of the backend primitives.
//!
//! - **Loading.** The driver (`libcuda`) and NVRTC are loaded at run time through cudarc's
//!   `dynamic-loading`; nothing CUDA is needed to build. Detection never panics: without a
//!   driver [`device_count`] is 0 and [`init_error`] says why; asking for a device then gives
//!   [`Error::DeviceUnavailable`](crate::Error::DeviceUnavailable) or
//!   [`Error::LibraryNotFound`](crate::Error::LibraryNotFound) naming the library.
//!   `CUPRUM_DISABLE_CUDA=1` hides every GPU.
//! - **Contexts.** One primary context per device, retained on first use and bound to the
//!   calling thread as needed; cudarc's per-allocation event tracking is off.
//! - **Streams.** See [`stream`](self::Stream): the default is each device's legacy default
//!   stream; [`Stream::use_stream`] scopes another one, like `with cp.cuda.Stream():`.
//! - **Memory.** [`CudaStorage`] from the installed [`Allocator`] (default: stream-ordered
//!   `cuMemAllocAsync` with a cached pool).
//! - **The `cupy.cuda` API.** [`runtime`] (device attributes, driver and toolkit versions,
//!   peer access, memset, queries), [`ExternalStream`], [`hooks`] (`MemoryHook`), [`nvtx`] and
//!   [`profiler`] (NVTX ranges, `time_range`), [`interop`] (cudarc slices and views),
//!   [`texture`] (CUDA arrays, texture and surface objects).
//! - **Kernels.** `nvrtc` compiles CUDA C for the device's exact architecture and caches
//!   modules in memory and binaries on disk; `ops` holds the elementwise primitives built
//!   from `kernels/*.cuh`.

mod allocators;
pub(crate) mod codegen;
pub(crate) mod driver;
pub mod graph;
pub mod hooks;
pub mod interop;
pub(crate) mod memory;
pub(crate) mod nvrtc;
pub mod nvtx;
pub(crate) mod ops;
pub mod profiler;
mod rawapi;
pub mod runtime;
pub(crate) mod stream;
pub mod texture;

// User API (`cupy.cuda`): devices, streams, events, the allocator hook. The machinery below
// (contexts, raw transfers, the NVRTC cache) is reached by feature crates through
// `crate::ext::cuda` / `crate::ext::nvrtc` only.
pub use allocators::{
    AllocatorGuard, CFreeFn, CFunctionAllocator, CMallocFn, FunctionAllocator, using_allocator,
    with_allocator,
};
pub(crate) use driver::context;
pub use driver::{
    DeviceProperties, device_count, init_error, mem_get_info, properties, synchronize_all,
};
pub(crate) use driver::{drv as runtime_drv, guard as runtime_guard};
pub use graph::{CaptureMode, Graph};
pub use hooks::{DebugPrintHook, MallocStatsHook, MemoryHook, MemoryHookGuard};
pub use interop::CudaArrayView;
pub use memory::{
    Allocator, CudaStorage, ManagedAllocator, StreamOrderedAllocator, alloc, allocator,
    set_allocator,
};
pub(crate) use memory::{copy_peer, from_host, to_host, to_host_into};
pub use nvrtc::{nvrtc_available, nvrtc_version};
pub use runtime::{DeviceAttribute, driver_get_version, get_device_count, runtime_get_version};
#[cfg(test)]
use stream::current_stream;
pub use stream::{
    Event, ExternalStream, Stream, StreamGuard, get_current_stream, get_elapsed_time,
    synchronize_device,
};

#[cfg(test)]
mod api_tests;
#[cfg(test)]
mod graph_tests;
#[cfg(test)]
mod rawapi_tests;
#[cfg(test)]
mod snapshot_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod texture_tests;
