//! cuprum's CUDA layer: devices, contexts, streams, events, graphs, the NVRTC kernel cache, the
//! allocator hook and the `cupy.cuda` runtime API. It knows nothing of arrays: `cuprum-core`
//! builds the array on it and re-exports what users see as `cuprum::cuda`.
//!
//! - **Loading.** The driver (`libcuda`) and NVRTC are loaded at run time through cudarc's
//!   `dynamic-loading`; nothing CUDA is needed to build. Detection never panics: without a
//!   driver [`device_count`] is 0 and [`init_error`] says why; asking for a device then gives
//!   [`Error::DeviceUnavailable`] or [`Error::LibraryNotFound`] naming the library.
//!   `CUPRUM_DISABLE_CUDA=1` hides every GPU.
//! - **Devices.** [`Device`] (`Cpu` or `Cuda(n)`), the per-thread current device and its guard.
//! - **Contexts.** One primary context per device, retained on first use and bound to the
//!   calling thread as needed; cudarc's per-allocation event tracking is off.
//! - **Streams.** See [`Stream`]: the default is each device's legacy default stream;
//!   [`Stream::use_stream`] scopes another one, like `with cp.cuda.Stream():`.
//! - **Memory.** [`CudaStorage`] from the installed [`Allocator`] (default: stream-ordered
//!   `cuMemAllocAsync` with a cached pool); raw host/device/peer transfers.
//! - **Graphs.** [`Graph`] and stream capture ([`graph`]); buffers touched during a capture are
//!   kept alive by the graph through owners registered with [`graph::keep_alive`].
//! - **The `cupy.cuda` API.** [`runtime`] (device attributes, driver and toolkit versions,
//!   peer access, memset, queries), [`ExternalStream`], [`hooks`] (`MemoryHook`), [`nvtx`] and
//!   [`profiler`] (NVTX ranges, `time_range`).
//! - **Kernels.** [`nvrtc`] compiles CUDA C for the device's exact architecture and caches
//!   modules in memory and binaries on disk.

mod allocators;
pub mod device;
pub mod driver;
mod error;
pub mod graph;
pub mod hooks;
pub mod memory;
pub mod nvrtc;
pub mod nvtx;
pub mod profiler;
mod rawapi;
pub mod runtime;
pub mod stream;

pub use allocators::{
    AllocatorGuard, CFreeFn, CFunctionAllocator, CMallocFn, FunctionAllocator, thread_allocator,
    using_allocator, with_allocator,
};
pub use device::{Device, DeviceGuard, cuda_device_count, current_device, default_device, devices};
pub use driver::{
    DeviceProperties, context, device_count, drv, guard, init_error, mem_get_info, properties,
    synchronize_all,
};
pub use error::try_vec_with_capacity;
pub use error::{Error, Result, host_available_bytes};
pub use graph::{CaptureMode, Graph};
pub use hooks::{DebugPrintHook, MallocStatsHook, MemoryHook, MemoryHookGuard};
pub use memory::{
    Allocator, CudaStorage, ManagedAllocator, StreamOrderedAllocator, alloc, allocator, copy_peer,
    from_host, set_allocator, to_host, to_host_into,
};
pub use nvrtc::{nvrtc_available, nvrtc_version};
pub use runtime::{DeviceAttribute, driver_get_version, get_device_count, runtime_get_version};
pub use stream::{
    Event, ExternalStream, Stream, StreamGuard, current_stream, get_current_stream,
    get_elapsed_time, synchronize_device,
};
