//! Driver loading, device detection, properties and one primary context per device.

use crate::{Device, Error, Result};
use cudarc::driver::{CudaContext, DriverError, result, sys};
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::{Arc, OnceLock};

/// Static facts about one CUDA device, read once (like `cupy.cuda.runtime.getDeviceProperties`).
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct DeviceProperties {
    /// The device ordinal.
    pub ordinal: usize,
    /// Marketing name, e.g. `"NVIDIA H200"`.
    pub name: String,
    /// `(major, minor)`, e.g. `(9, 0)` for Hopper.
    pub compute_capability: (u32, u32),
    /// Device memory in bytes.
    pub total_memory: usize,
    /// Number of streaming multiprocessors.
    pub multiprocessor_count: u32,
    /// Maximum threads per block.
    pub max_threads_per_block: u32,
    /// Warp size in threads.
    pub warp_size: u32,
    /// Maximum static + dynamic shared memory per block in bytes (opt-in maximum).
    pub shared_memory_per_block_optin: usize,
    /// L2 cache size in bytes.
    pub l2_cache_size: usize,
    /// Whether the device supports stream-ordered allocation (`cuMemAllocAsync`).
    pub memory_pools_supported: bool,
}

/// Per-device state created on first use.
pub struct DeviceState {
    pub ctx: Arc<CudaContext>,
    pub props: DeviceProperties,
    /// `--gpu-arch` number, e.g. 90.
    pub arch: u32,
}

pub struct Runtime {
    pub count: usize,
    devices: Vec<OnceLock<std::result::Result<&'static DeviceState, String>>>,
}

pub enum InitFailure {
    Library(String),
    Driver(String),
}

static RUNTIME: OnceLock<std::result::Result<Runtime, InitFailure>> = OnceLock::new();

/// Converts a driver status into [`Error::Cuda`] naming `op`.
pub fn drv(op: &'static str, e: DriverError) -> Error {
    let name = e
        .error_name()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|_| format!("{:?}", e.0));
    let description = e
        .error_string()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default();
    Error::Cuda {
        op,
        name,
        description,
    }
}

/// Runs `f`, turning a panic (cudarc panics when a shared library or symbol is missing) into
/// [`Error::LibraryNotFound`] naming `library`.
pub fn guard<T, E: From<Error>>(
    library: &'static str,
    f: impl FnOnce() -> std::result::Result<T, E>,
) -> std::result::Result<T, E> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(r) => r,
        Err(p) => {
            let detail = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_else(|| "the loader panicked".into());
            Err(Error::LibraryNotFound { library, detail }.into())
        }
    }
}

pub fn runtime() -> &'static std::result::Result<Runtime, InitFailure> {
    RUNTIME.get_or_init(|| {
        if std::env::var("CUPRUM_DISABLE_CUDA").is_ok_and(|v| v == "1") {
            return Err(InitFailure::Driver("CUPRUM_DISABLE_CUDA=1 is set".into()));
        }
        // SAFETY: is_culib_present only tries to dlopen candidate names and drops them.
        let present = catch_unwind(|| unsafe { sys::is_culib_present() }).unwrap_or(false);
        if !present {
            return Err(InitFailure::Library(
                "libcuda (the NVIDIA driver library) was not found; no CUDA device is usable"
                    .into(),
            ));
        }
        let r = guard("libcuda", || {
            result::init().map_err(|e| drv("cuInit", e))?;
            let n = result::device::get_count().map_err(|e| drv("cuDeviceGetCount", e))?;
            Ok(n.max(0) as usize)
        });
        match r {
            Ok(count) => Ok(Runtime {
                count,
                devices: (0..count).map(|_| OnceLock::new()).collect(),
            }),
            Err(Error::LibraryNotFound { detail, .. }) => Err(InitFailure::Library(detail)),
            Err(e) => Err(InitFailure::Driver(e.to_string())),
        }
    })
}

/// Number of CUDA devices; 0 when the driver cannot be loaded or initialized. Never panics.
///
/// # Example
/// ```
/// // On a machine without a GPU this is 0, and nothing panics.
/// let n = cuprum_cuda::device_count();
/// assert!(n < 1024);
/// ```
pub fn device_count() -> usize {
    match runtime() {
        Ok(r) => r.count,
        Err(_) => 0,
    }
}

/// Why CUDA could not be initialized (`None` when it could, even with zero devices).
pub fn init_error() -> Option<String> {
    match runtime() {
        Ok(_) => None,
        Err(InitFailure::Library(s)) => Some(format!("libcuda could not be loaded: {s}")),
        Err(InitFailure::Driver(s)) => Some(s.clone()),
    }
}

pub fn unavailable(op: &'static str, ordinal: usize) -> Error {
    let reason = match runtime() {
        Ok(r) => format!("this machine has {} CUDA device(s)", r.count),
        Err(InitFailure::Library(s)) => {
            return Error::LibraryNotFound {
                library: "libcuda",
                detail: s.clone(),
            };
        }
        Err(InitFailure::Driver(s)) => s.clone(),
    };
    Error::DeviceUnavailable {
        op,
        device: Device::Cuda(ordinal),
        reason,
    }
}

/// The state of device `ordinal`, created on first use: the primary context is retained,
/// cudarc's event tracking is switched off (stream order is cuprum's to keep) and the default
/// memory pool's release threshold is raised so that freed memory stays cached.
pub fn device(op: &'static str, ordinal: usize) -> Result<&'static DeviceState> {
    let rt = runtime().as_ref().map_err(|_| unavailable(op, ordinal))?;
    let slot = rt
        .devices
        .get(ordinal)
        .ok_or_else(|| unavailable(op, ordinal))?;
    let st = slot.get_or_init(|| {
        guard("libcuda", || create_device(ordinal))
            .map(|s| &*Box::leak(Box::new(s)))
            .map_err(|e| e.to_string())
    });
    match st {
        Ok(s) => Ok(s),
        Err(reason) => Err(Error::DeviceUnavailable {
            op,
            device: Device::Cuda(ordinal),
            reason: reason.clone(),
        }),
    }
}

pub fn attr(dev: sys::CUdevice, a: sys::CUdevice_attribute) -> Result<i32> {
    // SAFETY: `dev` came from cuDeviceGet on an initialized driver; `a` is a valid attribute.
    unsafe { result::device::get_attribute(dev, a) }.map_err(|e| drv("cuDeviceGetAttribute", e))
}

fn create_device(ordinal: usize) -> Result<DeviceState> {
    use sys::CUdevice_attribute as A;
    let ctx = CudaContext::new(ordinal).map_err(|e| drv("cuDevicePrimaryCtxRetain", e))?;
    // SAFETY: no cudarc-managed allocation of this context exists yet, so turning tracking off
    // cannot leave an allocation whose events are half-recorded.
    unsafe { ctx.disable_event_tracking() };
    let dev = ctx.cu_device();
    let major = attr(dev, A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR)? as u32;
    let minor = attr(dev, A::CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR)? as u32;
    let pools = attr(dev, A::CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED)? > 0;
    let props = DeviceProperties {
        ordinal,
        name: ctx.name().map_err(|e| drv("cuDeviceGetName", e))?,
        compute_capability: (major, minor),
        total_memory: ctx.total_mem().map_err(|e| drv("cuDeviceTotalMem", e))?,
        multiprocessor_count: attr(dev, A::CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT)? as u32,
        max_threads_per_block: attr(dev, A::CU_DEVICE_ATTRIBUTE_MAX_THREADS_PER_BLOCK)? as u32,
        warp_size: attr(dev, A::CU_DEVICE_ATTRIBUTE_WARP_SIZE)? as u32,
        shared_memory_per_block_optin: attr(
            dev,
            A::CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN,
        )? as usize,
        l2_cache_size: attr(dev, A::CU_DEVICE_ATTRIBUTE_L2_CACHE_SIZE)? as usize,
        memory_pools_supported: pools,
    };
    if pools {
        // SAFETY: `dev` is a valid device; the pool handle returned is the device's default
        // pool, which lives as long as the driver; the attribute value is a u64 as documented.
        unsafe {
            let pool = result::device::get_default_mem_pool(dev)
                .map_err(|e| drv("cuDeviceGetDefaultMemPool", e))?;
            let mut threshold: u64 = u64::MAX;
            sys::cuMemPoolSetAttribute(
                pool,
                sys::CUmemPool_attribute::CU_MEMPOOL_ATTR_RELEASE_THRESHOLD,
                (&mut threshold as *mut u64).cast(),
            )
            .result()
            .map_err(|e| drv("cuMemPoolSetAttribute", e))?;
        }
    }
    Ok(DeviceState {
        ctx,
        props,
        arch: major * 10 + minor,
    })
}

/// Makes device `ordinal`'s primary context current on the calling thread (a no-op when it
/// already is) and returns its state.
#[inline]
pub fn bind(op: &'static str, ordinal: usize) -> Result<&'static DeviceState> {
    let st = device(op, ordinal)?;
    let want = st.ctx.cu_ctx();
    let mut cur: sys::CUcontext = std::ptr::null_mut();
    // SAFETY: cuCtxGetCurrent writes one context handle into `cur`.
    unsafe { sys::cuCtxGetCurrent(&mut cur) }
        .result()
        .map_err(|e| drv(op, e))?;
    if cur != want {
        // SAFETY: `want` is a retained primary context that lives as long as `st` (leaked).
        unsafe { sys::cuCtxSetCurrent(want) }
            .result()
            .map_err(|e| drv(op, e))?;
    }
    Ok(st)
}

/// Properties of device `ordinal` (name, compute capability, memory, SM count, ...).
///
/// # Errors
/// [`Error::DeviceUnavailable`] / [`Error::LibraryNotFound`] when the device does not exist.
///
/// # Example
/// ```
/// use cuprum_cuda as cuda;
/// for i in 0..cuda::device_count() {
///     let p = cuda::properties(i).unwrap();
///     println!("{}: {} sm_{}{}", i, p.name, p.compute_capability.0, p.compute_capability.1);
/// }
/// ```
pub fn properties(ordinal: usize) -> Result<DeviceProperties> {
    Ok(device("properties", ordinal)?.props.clone())
}

/// Free and total device memory in bytes (`cuMemGetInfo`).
///
/// # Errors
/// [`Error::DeviceUnavailable`] when the device does not exist; a CUDA error otherwise.
pub fn mem_get_info(ordinal: usize) -> Result<(usize, usize)> {
    bind("mem_get_info", ordinal)?;
    result::mem_get_info().map_err(|e| drv("cuMemGetInfo", e))
}

/// The primary context of device `ordinal` (cudarc's handle, for vendor libraries), bound to the
/// calling thread. Event tracking is off: order work with streams.
///
/// # Errors
/// [`Error::DeviceUnavailable`] when the device does not exist.
pub fn context(ordinal: usize) -> Result<Arc<CudaContext>> {
    Ok(bind("context", ordinal)?.ctx.clone())
}

/// Waits until every stream of device `ordinal` is idle (`cuCtxSynchronize`).
///
/// # Errors
/// A CUDA error raised by earlier asynchronous work surfaces here.
pub fn synchronize_all(ordinal: usize) -> Result<()> {
    super::graph::forbid_device(
        ordinal,
        "synchronize_all",
        "a stream of the device is being captured (cuCtxSynchronize would invalidate it)",
    )?;
    bind("synchronize_all", ordinal)?;
    result::ctx::synchronize().map_err(|e| drv("cuCtxSynchronize", e))
}
