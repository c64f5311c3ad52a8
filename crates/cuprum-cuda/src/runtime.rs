//! `cupy.cuda.runtime`: the runtime API functions CuPy users call, under their snake-case
//! names — `get_device_count`, `device_get_attribute` (and the [`device_attributes`] dict),
//! `device_get_pci_bus_id`, `driver_get_version`, `runtime_get_version`,
//! `device_can_access_peer`, `device_enable_peer_access`, `device_disable_peer_access`,
//! `mem_get_info`, `memset`, `memset_async`, `stream_query`, `event_query`; and the
//! raw-pointer functions: allocation (`malloc`, `free`, `malloc_managed`, `malloc_async`,
//! `malloc_from_pool_async`, `free_async`, `host_alloc`, `free_host`, `host_register`,
//! `host_unregister`), copies (`memcpy`, `memcpy_async`, `memcpy_peer`,
//! `memcpy_peer_async`, `memcpy_2d`, `memcpy_2d_async`, `memcpy_3d`, `memcpy_3d_async`),
//! managed memory (`mem_prefetch_async`, `mem_advise`), `pointer_get_attributes`, raw streams
//! and events (`stream_create_with_flags`, `stream_create_with_priority`, `stream_destroy`,
//! `event_create_with_flags`, `event_destroy`), host callbacks (`launch_host_func`,
//! `stream_add_callback`), IPC handles (`ipc_get_mem_handle`, `ipc_open_mem_handle`,
//! `ipc_close_mem_handle`, `ipc_get_event_handle`, `ipc_open_event_handle`), graph handles
//! (`graph_destroy`, `graph_exec_destroy`, `graph_upload`, `graph_debug_dot_print`), limits
//! (`device_get_limit`, `device_set_limit`), `device_get_by_pci_bus_id` and memory pools
//! (`device_get_default_mem_pool`, `device_get_mem_pool`, `device_set_mem_pool`,
//! `mem_pool_create`, `mem_pool_destroy`, `mem_pool_trim_to`) and CUDA arrays
//! (`malloc_array`, `malloc_3d_array`, `free_array`, `memcpy_2d_to_array`,
//! `memcpy_2d_from_array` and their async forms; the owned wrappers textures and surfaces read
//! are in `cuprum::cuda::texture`).
//!
//! cuprum drives CUDA through the driver API (loaded at run time); each function here is the
//! driver call that does what the runtime function does. Every one returns an error, never a
//! panic, when there is no driver or no such device.

use super::driver::{attr, bind, device, drv, guard, runtime, unavailable};
use crate::Result;
use cudarc::driver::sys;

pub use super::driver::mem_get_info;

/// Number of CUDA devices (`cupy.cuda.runtime.getDeviceCount`). Unlike [`cuda_device_count`](crate::cuda_device_count),
/// which says 0, this fails when CUDA cannot be initialized, as CuPy raises.
///
/// # Errors
/// [`Error::LibraryNotFound`](crate::Error::LibraryNotFound) without libcuda; [`Error::DeviceUnavailable`](crate::Error::DeviceUnavailable) naming the reason
/// when the driver cannot be initialized (or `CUPRUM_DISABLE_CUDA=1`).
///
/// # Example
/// ```
/// use cuprum_cuda::runtime;
/// match runtime::get_device_count() {
///     Ok(n) => assert_eq!(n, cuprum_cuda::device_count()),
///     Err(e) => assert!(!e.to_string().is_empty()), // no driver here
/// }
/// ```
pub fn get_device_count() -> Result<usize> {
    match runtime() {
        Ok(r) => Ok(r.count),
        Err(_) => Err(unavailable("get_device_count", 0)),
    }
}

/// The version of the installed CUDA driver as `1000 * major + 10 * minor`, e.g. `12080` for
/// 12.8 (`cupy.cuda.runtime.driverGetVersion`, `cuDriverGetVersion`): the newest CUDA version
/// the driver supports.
///
/// # Errors
/// As [`get_device_count`].
///
/// # Example
/// ```
/// if let Ok(v) = cuprum_cuda::runtime::driver_get_version() {
///     assert!(v >= 11000);
/// }
/// ```
pub fn driver_get_version() -> Result<i32> {
    if runtime().is_err() {
        return Err(unavailable("driver_get_version", 0));
    }
    guard("libcuda", || {
        let mut v = 0;
        // SAFETY: writes one int; the library is loaded (the runtime initialized).
        unsafe { sys::cuDriverGetVersion(&mut v) }
            .result()
            .map_err(|e| drv("cuDriverGetVersion", e))?;
        Ok(v)
    })
}

/// The version of the CUDA toolkit cuprum compiles its kernels with, as
/// `1000 * major + 10 * minor` (`cupy.cuda.runtime.runtimeGetVersion`).
///
/// cuprum does not link the CUDA runtime library (`libcudart`): it drives the GPU through the
/// driver API and compiles kernels with NVRTC at run time. NVRTC is part of the toolkit, so its
/// version (`nvrtcVersion`) is the toolkit version that counts here: the newest PTX/SASS the
/// kernels are built for and what `cudaRuntimeGetVersion` would report for the same toolkit.
/// It may be older than [`driver_get_version`] (a newer driver runs older toolkits), never
/// newer in a working setup.
///
/// # Errors
/// [`Error::LibraryNotFound`](crate::Error::LibraryNotFound) naming libnvrtc when NVRTC cannot be loaded.
///
/// # Example
/// ```
/// if let Ok(v) = cuprum_cuda::runtime::runtime_get_version() {
///     assert!(v >= 11000);
/// }
/// ```
pub fn runtime_get_version() -> Result<i32> {
    let (major, minor) = super::nvrtc::nvrtc_version()?;
    Ok(1000 * major + 10 * minor)
}

/// Every device attribute of the CUDA 13.0 driver API (`CUdevice_attribute`), in order: what
/// [`device_attributes`] queries.
pub fn device_attribute_list() -> &'static [sys::CUdevice_attribute] {
    use sys::CUdevice_attribute as A;
    &[
        A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK,
        A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_X,
        A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Y,
        A::CU_DEVICE_ATTRIBUTE_MAX_BLOCK_DIM_Z,
        A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_X,
        A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Y,
        A::CU_DEVICE_ATTRIBUTE_MAX_GRID_DIM_Z,
        A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK,
        A::CU_DEVICE_ATTRIBUTE_TOTAL_CONSTANT_MEMORY,
        A::CU_DEVICE_ATTRIBUTE_WARP_SIZE,
        A::CU_DEVICE_ATTRIBUTE_MAX_PITCH,
        A::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_BLOCK,
        A::CU_DEVICE_ATTRIBUTE_CLOCK_RATE,
        A::CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT,
        A::CU_DEVICE_ATTRIBUTE_GPU_OVERLAP,
        A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT,
        A::CU_DEVICE_ATTRIBUTE_KERNEL_EXEC_TIMEOUT,
        A::CU_DEVICE_ATTRIBUTE_INTEGRATED,
        A::CU_DEVICE_ATTRIBUTE_CAN_MAP_HOST_MEMORY,
        A::CU_DEVICE_ATTRIBUTE_COMPUTE_MODE,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_HEIGHT,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_HEIGHT,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LAYERED_LAYERS,
        A::CU_DEVICE_ATTRIBUTE_SURFACE_ALIGNMENT,
        A::CU_DEVICE_ATTRIBUTE_CONCURRENT_KERNELS,
        A::CU_DEVICE_ATTRIBUTE_ECC_ENABLED,
        A::CU_DEVICE_ATTRIBUTE_PCI_BUS_ID,
        A::CU_DEVICE_ATTRIBUTE_PCI_DEVICE_ID,
        A::CU_DEVICE_ATTRIBUTE_TCC_DRIVER,
        A::CU_DEVICE_ATTRIBUTE_MEMORY_CLOCK_RATE,
        A::CU_DEVICE_ATTRIBUTE_GLOBAL_MEMORY_BUS_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE,
        A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR,
        A::CU_DEVICE_ATTRIBUTE_ASYNC_ENGINE_COUNT,
        A::CU_DEVICE_ATTRIBUTE_UNIFIED_ADDRESSING,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LAYERED_LAYERS,
        A::CU_DEVICE_ATTRIBUTE_CAN_TEX2D_GATHER,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_GATHER_HEIGHT,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_WIDTH_ALTERNATE,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_HEIGHT_ALTERNATE,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE3D_DEPTH_ALTERNATE,
        A::CU_DEVICE_ATTRIBUTE_PCI_DOMAIN_ID,
        A::CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURECUBEMAP_LAYERED_LAYERS,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_HEIGHT,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_HEIGHT,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE3D_DEPTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE1D_LAYERED_LAYERS,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_HEIGHT,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACE2D_LAYERED_LAYERS,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_SURFACECUBEMAP_LAYERED_LAYERS,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_LINEAR_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_HEIGHT,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_LINEAR_PITCH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_MIPMAPPED_HEIGHT,
        A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR,
        A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR,
        A::CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE1D_MIPMAPPED_WIDTH,
        A::CU_DEVICE_ATTRIBUTE_STREAM_PRIORITIES_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_GLOBAL_L1_CACHE_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_LOCAL_L1_CACHE_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_MULTIPROCESSOR,
        A::CU_DEVICE_ATTRIBUTE_MAX_REGISTERS_PER_MULTIPROCESSOR,
        A::CU_DEVICE_ATTRIBUTE_MANAGED_MEMORY,
        A::CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD,
        A::CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID,
        A::CU_DEVICE_ATTRIBUTE_HOST_NATIVE_ATOMIC_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_SINGLE_TO_DOUBLE_PRECISION_PERF_RATIO,
        A::CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS,
        A::CU_DEVICE_ATTRIBUTE_CONCURRENT_MANAGED_ACCESS,
        A::CU_DEVICE_ATTRIBUTE_COMPUTE_PREEMPTION_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_CAN_USE_HOST_POINTER_FOR_REGISTERED_MEM,
        A::CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_MEM_OPS_V1,
        A::CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS_V1,
        A::CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR_V1,
        A::CU_DEVICE_ATTRIBUTE_COOPERATIVE_LAUNCH,
        A::CU_DEVICE_ATTRIBUTE_COOPERATIVE_MULTI_DEVICE_LAUNCH,
        A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
        A::CU_DEVICE_ATTRIBUTE_CAN_FLUSH_REMOTE_WRITES,
        A::CU_DEVICE_ATTRIBUTE_HOST_REGISTER_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS_USES_HOST_PAGE_TABLES,
        A::CU_DEVICE_ATTRIBUTE_DIRECT_MANAGED_MEM_ACCESS_FROM_HOST,
        A::CU_DEVICE_ATTRIBUTE_VIRTUAL_ADDRESS_MANAGEMENT_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_POSIX_FILE_DESCRIPTOR_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_HANDLE_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_WIN32_KMT_HANDLE_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_MAX_BLOCKS_PER_MULTIPROCESSOR,
        A::CU_DEVICE_ATTRIBUTE_GENERIC_COMPRESSION_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_MAX_PERSISTING_L2_CACHE_SIZE,
        A::CU_DEVICE_ATTRIBUTE_MAX_ACCESS_POLICY_WINDOW_SIZE,
        A::CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WITH_CUDA_VMM_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_RESERVED_SHARED_MEMORY_PER_BLOCK,
        A::CU_DEVICE_ATTRIBUTE_SPARSE_CUDA_ARRAY_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_READ_ONLY_HOST_REGISTER_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_TIMELINE_SEMAPHORE_INTEROP_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_FLUSH_WRITES_OPTIONS,
        A::CU_DEVICE_ATTRIBUTE_GPU_DIRECT_RDMA_WRITES_ORDERING,
        A::CU_DEVICE_ATTRIBUTE_MEMPOOL_SUPPORTED_HANDLE_TYPES,
        A::CU_DEVICE_ATTRIBUTE_CLUSTER_LAUNCH,
        A::CU_DEVICE_ATTRIBUTE_DEFERRED_MAPPING_CUDA_ARRAY_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_CAN_USE_64_BIT_STREAM_MEM_OPS,
        A::CU_DEVICE_ATTRIBUTE_CAN_USE_STREAM_WAIT_VALUE_NOR,
        A::CU_DEVICE_ATTRIBUTE_DMA_BUF_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_IPC_EVENT_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_MEM_SYNC_DOMAIN_COUNT,
        A::CU_DEVICE_ATTRIBUTE_TENSOR_MAP_ACCESS_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_HANDLE_TYPE_FABRIC_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_UNIFIED_FUNCTION_POINTERS,
        A::CU_DEVICE_ATTRIBUTE_NUMA_CONFIG,
        A::CU_DEVICE_ATTRIBUTE_NUMA_ID,
        A::CU_DEVICE_ATTRIBUTE_MULTICAST_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_MPS_ENABLED,
        A::CU_DEVICE_ATTRIBUTE_HOST_NUMA_ID,
        A::CU_DEVICE_ATTRIBUTE_D3D12_CIG_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_ALGORITHM_MASK,
        A::CU_DEVICE_ATTRIBUTE_MEM_DECOMPRESS_MAXIMUM_LENGTH,
        A::CU_DEVICE_ATTRIBUTE_VULKAN_CIG_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_GPU_PCI_DEVICE_ID,
        A::CU_DEVICE_ATTRIBUTE_GPU_PCI_SUBSYSTEM_ID,
        A::CU_DEVICE_ATTRIBUTE_HOST_NUMA_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_HOST_NUMA_MEMORY_POOLS_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_HOST_NUMA_MULTINODE_IPC_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_HOST_MEMORY_POOLS_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_HOST_VIRTUAL_MEMORY_MANAGEMENT_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_HOST_ALLOC_DMA_BUF_SUPPORTED,
        A::CU_DEVICE_ATTRIBUTE_ONLY_PARTIAL_HOST_NATIVE_ATOMIC_SUPPORTED,
    ]
}

/// CuPy's (the runtime's `cudaDevAttr*`) name of a driver attribute, e.g.
/// `CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK` → `"MaxThreadsPerBlock"`,
/// `CU_DEVICE_ATTRIBUTE_MAXIMUM_TEXTURE2D_WIDTH` → `"MaxTexture2DWidth"`.
///
/// # Example
/// ```
/// use cuprum_cuda::runtime::{attribute_name, DeviceAttribute as A};
/// assert_eq!(attribute_name(A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT), "MultiProcessorCount");
/// assert_eq!(attribute_name(A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE), "L2CacheSize");
/// ```
pub fn attribute_name(attr: sys::CUdevice_attribute) -> String {
    use sys::CUdevice_attribute as A;
    // the runtime spells these differently from the driver
    match attr {
        A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT => return "MultiProcessorCount".into(),
        A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_MULTIPROCESSOR => {
            return "MaxThreadsPerMultiProcessor".into();
        }
        A::CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD => return "IsMultiGpuBoard".into(),
        A::CU_DEVICE_ATTRIBUTE_MULTI_GPU_BOARD_GROUP_ID => return "MultiGpuBoardGroupID".into(),
        _ => {}
    }
    let full = format!("{attr:?}");
    let raw = full.strip_prefix("CU_DEVICE_ATTRIBUTE_").unwrap_or(&full);
    let mut out = String::with_capacity(raw.len());
    for word in raw.split('_') {
        let word = if word == "MAXIMUM" { "MAX" } else { word };
        let mut prev_digit = false;
        for (i, c) in word.chars().enumerate() {
            let c = if i == 0 || (prev_digit && c == 'D') {
                c.to_ascii_uppercase()
            } else {
                c.to_ascii_lowercase()
            };
            prev_digit = c.is_ascii_digit();
            out.push(c);
        }
    }
    out
}

/// The attribute CuPy calls `name` (see [`attribute_name`]), or the driver's enum name
/// (`"CU_DEVICE_ATTRIBUTE_WARP_SIZE"`); `None` when there is none.
///
/// # Example
/// ```
/// use cuprum_cuda::runtime::{attribute_from_name, DeviceAttribute as A};
/// assert_eq!(attribute_from_name("WarpSize"), Some(A::CU_DEVICE_ATTRIBUTE_WARP_SIZE));
/// assert_eq!(attribute_from_name("NoSuchThing"), None);
/// ```
pub fn attribute_from_name(name: &str) -> Option<sys::CUdevice_attribute> {
    device_attribute_list()
        .iter()
        .copied()
        .find(|&a| attribute_name(a) == name || format!("{a:?}") == name)
}

/// The driver attribute whose number is `value` (the integer CuPy's
/// `deviceGetAttribute(attr, device)` takes: the runtime's `cudaDevAttr*` numbers are the
/// driver's); `None` for a number the driver API does not define.
///
/// # Example
/// ```
/// use cuprum_cuda::runtime::{attribute_from_raw, DeviceAttribute as A};
/// assert_eq!(attribute_from_raw(10), Some(A::CU_DEVICE_ATTRIBUTE_WARP_SIZE));
/// assert_eq!(attribute_from_raw(0), None);
/// ```
pub fn attribute_from_raw(value: i32) -> Option<sys::CUdevice_attribute> {
    device_attribute_list()
        .iter()
        .copied()
        .find(|&a| a as i64 == value as i64)
}

/// cudarc's device attribute enum (`CUdevice_attribute`).
pub use sys::CUdevice_attribute as DeviceAttribute;

/// The value of attribute `attr` of device `device`
/// (`cupy.cuda.runtime.deviceGetAttribute(attr, device)`, `cuDeviceGetAttribute`).
///
/// # Errors
/// [`Error::DeviceUnavailable`](crate::Error::DeviceUnavailable) / [`Error::LibraryNotFound`](crate::Error::LibraryNotFound) when the device does not exist;
/// a CUDA error (`CUDA_ERROR_INVALID_VALUE`) for an attribute the installed driver does not
/// know.
///
/// # Example
/// ```
/// use cuprum_cuda::runtime::{device_get_attribute, DeviceAttribute as A};
/// match device_get_attribute(A::CU_DEVICE_ATTRIBUTE_WARP_SIZE, 0) {
///     Ok(w) => assert_eq!(w, 32),
///     Err(e) => assert!(!e.to_string().is_empty()), // no GPU here
/// }
/// ```
pub fn device_get_attribute(attribute: sys::CUdevice_attribute, device: usize) -> Result<i32> {
    let st = self::device("device_get_attribute", device)?;
    guard("libcuda", || attr(st.ctx.cu_device(), attribute))
}

/// Every attribute of device `device` the installed driver knows, by CuPy's name
/// (`cupy.cuda.Device(device).attributes`; names from [`attribute_name`]). Attributes newer
/// than the driver are left out.
///
/// # Errors
/// As [`device_get_attribute`], except that unknown attributes are skipped.
///
/// # Example
/// ```
/// if let Ok(a) = cuprum_cuda::runtime::device_attributes(0) {
///     assert_eq!(a["WarpSize"], 32);
/// }
/// ```
pub fn device_attributes(device: usize) -> Result<std::collections::BTreeMap<String, i32>> {
    let st = self::device("device_attributes", device)?;
    let dev = st.ctx.cu_device();
    guard("libcuda", || {
        let mut out = std::collections::BTreeMap::new();
        for &a in device_attribute_list() {
            let mut v = 0;
            // SAFETY: `dev` is a valid device of the initialized driver; writes one int.
            match unsafe { sys::cuDeviceGetAttribute(&mut v, a, dev) } {
                sys::CUresult::CUDA_SUCCESS => {
                    out.insert(attribute_name(a), v);
                }
                // an attribute newer than the installed driver
                sys::CUresult::CUDA_ERROR_INVALID_VALUE => {}
                e => {
                    return Err(drv("cuDeviceGetAttribute", cudarc::driver::DriverError(e)));
                }
            }
        }
        Ok(out)
    })
}

/// The PCI bus id of device `device` as `"domain:bus:device.function"` in hex, e.g.
/// `"0000:19:00.0"` (`cupy.cuda.Device.pci_bus_id`, `cuDeviceGetPCIBusId`).
///
/// # Errors
/// As [`device_get_attribute`].
///
/// # Example
/// ```
/// if let Ok(id) = cuprum_cuda::runtime::device_get_pci_bus_id(0) {
///     assert_eq!(id.matches(':').count(), 2);
/// }
/// ```
pub fn device_get_pci_bus_id(device: usize) -> Result<String> {
    let st = self::device("device_get_pci_bus_id", device)?;
    let dev = st.ctx.cu_device();
    guard("libcuda", || {
        let mut buf = [0 as std::ffi::c_char; 64];
        // SAFETY: writes a NUL-terminated string of at most `buf.len()` bytes into `buf`.
        unsafe { sys::cuDeviceGetPCIBusId(buf.as_mut_ptr(), buf.len() as i32, dev) }
            .result()
            .map_err(|e| drv("cuDeviceGetPCIBusId", e))?;
        let bytes: Vec<u8> = buf
            .iter()
            .take_while(|&&c| c != 0)
            .map(|&c| c as u8)
            .collect();
        Ok(String::from_utf8_lossy(&bytes).into_owned())
    })
}

/// True when device `device` can read and write the memory of device `peer` directly
/// (`cupy.cuda.runtime.deviceCanAccessPeer(device, peer)`, `cuDeviceCanAccessPeer`). False for
/// `device == peer` (as CUDA says).
///
/// # Errors
/// [`Error::DeviceUnavailable`](crate::Error::DeviceUnavailable) when either device does not exist.
///
/// # Example
/// ```
/// // without two GPUs this is an error or false
/// let r = cuprum_cuda::runtime::device_can_access_peer(0, 1);
/// assert!(r.is_err() || r.is_ok());
/// ```
pub fn device_can_access_peer(device: usize, peer: usize) -> Result<bool> {
    let a = self::device("device_can_access_peer", device)?;
    let b = self::device("device_can_access_peer", peer)?;
    let (da, db) = (a.ctx.cu_device(), b.ctx.cu_device());
    guard("libcuda", || {
        let mut can = 0;
        // SAFETY: both are valid devices of the initialized driver; writes one int.
        unsafe { sys::cuDeviceCanAccessPeer(&mut can, da, db) }
            .result()
            .map_err(|e| drv("cuDeviceCanAccessPeer", e))?;
        Ok(can != 0)
    })
}

/// Lets kernels and copies on device `device` access memory of device `peer` directly
/// (`cupy.cuda.runtime.deviceEnablePeerAccess(peer)` with `device` current,
/// `cuCtxEnablePeerAccess`). Idempotent: enabling an enabled pair is `Ok` (CuPy raises
/// `cudaErrorPeerAccessAlreadyEnabled`).
///
/// # Errors
/// [`Error::DeviceUnavailable`](crate::Error::DeviceUnavailable) when either device does not exist; a CUDA error when the pair
/// cannot access each other (see [`device_can_access_peer`]), e.g. `CUDA_ERROR_INVALID_DEVICE`
/// for `device == peer`.
pub fn device_enable_peer_access(device: usize, peer: usize) -> Result<()> {
    let p = self::device("device_enable_peer_access", peer)?;
    let peer_ctx = p.ctx.cu_ctx();
    bind("device_enable_peer_access", device)?;
    guard("libcuda", || {
        // SAFETY: `peer_ctx` is a retained primary context; the device's context is current.
        match unsafe { sys::cuCtxEnablePeerAccess(peer_ctx, 0) } {
            sys::CUresult::CUDA_SUCCESS | sys::CUresult::CUDA_ERROR_PEER_ACCESS_ALREADY_ENABLED => {
                Ok(())
            }
            e => Err(drv("cuCtxEnablePeerAccess", cudarc::driver::DriverError(e))),
        }
    })
}

/// Revokes what [`device_enable_peer_access`] allowed
/// (`cupy.cuda.runtime.deviceDisablePeerAccess(peer)`, `cuCtxDisablePeerAccess`).
///
/// # Errors
/// [`Error::DeviceUnavailable`](crate::Error::DeviceUnavailable) when either device does not exist; a CUDA error
/// (`CUDA_ERROR_PEER_ACCESS_NOT_ENABLED`) when access was not enabled.
pub fn device_disable_peer_access(device: usize, peer: usize) -> Result<()> {
    let p = self::device("device_disable_peer_access", peer)?;
    let peer_ctx = p.ctx.cu_ctx();
    bind("device_disable_peer_access", device)?;
    guard("libcuda", || {
        // SAFETY: `peer_ctx` is a retained primary context; the device's context is current.
        unsafe { sys::cuCtxDisablePeerAccess(peer_ctx) }
            .result()
            .map_err(|e| drv("cuCtxDisablePeerAccess", e))
    })
}

/// True when all work queued on `stream` is done (`cupy.cuda.runtime.streamQuery`); see
/// [`Stream::done`](super::Stream::done).
///
/// # Errors
/// As [`Stream::done`](super::Stream::done).
pub fn stream_query(stream: &super::Stream) -> Result<bool> {
    stream.done()
}

/// True when the work recorded before `event` is done (`cupy.cuda.runtime.eventQuery`); see
/// [`Event::done`](super::Event::done).
///
/// # Errors
/// As [`Event::done`](super::Event::done).
pub fn event_query(event: &super::Event) -> Result<bool> {
    event.done()
}

pub use super::rawapi::*;
