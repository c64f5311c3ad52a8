//! DLPack: exchanging arrays with other libraries without a copy (`cupy.from_dlpack`,
//! `ndarray.toDlpack`, `__dlpack__`, `__dlpack_device__`).
//!
//! The C structs of DLPack 0.8 (`DLManagedTensor`) and 1.0 (`DLManagedTensorVersioned`) are
//! defined here with `#[repr(C)]`, so a tensor can cross an FFI boundary (PyO3, a C library)
//! as a raw pointer: [`ManagedTensor::into_raw`] / [`ManagedTensor::from_raw`].
//!
//! - **Export** ([`to_dlpack`], [`to_dlpack_versioned`], or the [`Array`] methods): the tensor
//!   views the array's memory (CPU arrays as `kDLCPU`, CUDA arrays as `kDLCUDA` with the device
//!   ordinal) with its shape and strides (in elements, as DLPack counts them; `byte_offset` 0,
//!   `data` at element `(0, ..., 0)`). It holds a reference to the buffer until its deleter
//!   runs (dropping the [`ManagedTensor`], or the consumer calling `deleter`). For a CUDA
//!   array the export first waits for the calling thread's current stream of the device, so the
//!   consumer may read the data on any stream.
//! - **Import** ([`from_dlpack`]): checks the dtype (one lane of a NumPy dtype), the device
//!   (`kDLCPU`, `kDLCUDAHost`, `kDLCUDA`, `kDLCUDAManaged` with an existing ordinal), the shape
//!   and the strides, and wraps the memory without a copy; the producer's deleter runs when the
//!   array's last view drops (for CUDA memory, after the current stream of the dropping thread
//!   is synchronized). A tensor cuprum exported comes back as the same buffer.
//!
//! Copies are made only where wrapping would be unsound: host memory not 8-byte aligned or
//! whose addressed bytes are not a multiple of 8 (cuprum's host buffers are words), and
//! tensors flagged read-only (1.0's `DLPACK_FLAG_BITMASK_READ_ONLY`: cuprum arrays are
//! writable). Both cases call the deleter at once.

use crate::cuda::memory::{CudaStorage, Owner, Release};
use crate::storage::{CpuStorage, Storage};
use crate::{Array, DType, Device, Error, Layout, Result};
use std::ffi::c_void;
use std::ptr::NonNull;
use std::sync::Arc;

/// `DLDeviceType`: the kind of device a tensor's memory is on (a C enum, kept as its `i32` so
/// that any value a producer writes is representable).
#[repr(transparent)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DLDeviceType(pub i32);

impl DLDeviceType {
    /// `kDLCPU`: host memory.
    pub const CPU: DLDeviceType = DLDeviceType(1);
    /// `kDLCUDA`: CUDA device memory.
    pub const CUDA: DLDeviceType = DLDeviceType(2);
    /// `kDLCUDAHost`: page-locked host memory (`cudaMallocHost`).
    pub const CUDA_HOST: DLDeviceType = DLDeviceType(3);
    /// `kDLOpenCL`.
    pub const OPENCL: DLDeviceType = DLDeviceType(4);
    /// `kDLVulkan`.
    pub const VULKAN: DLDeviceType = DLDeviceType(7);
    /// `kDLMetal`.
    pub const METAL: DLDeviceType = DLDeviceType(8);
    /// `kDLROCM`.
    pub const ROCM: DLDeviceType = DLDeviceType(10);
    /// `kDLCUDAManaged`: CUDA managed (unified) memory.
    pub const CUDA_MANAGED: DLDeviceType = DLDeviceType(13);
    /// `kDLOneAPI`.
    pub const ONE_API: DLDeviceType = DLDeviceType(14);
}

/// `DLDevice`: device type and ordinal.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DLDevice {
    /// The kind of device.
    pub device_type: DLDeviceType,
    /// The ordinal (0 for the CPU).
    pub device_id: i32,
}

/// `DLDataTypeCode` values of [`DLDataType::code`].
pub mod type_code {
    /// `kDLInt`: signed integer.
    pub const INT: u8 = 0;
    /// `kDLUInt`: unsigned integer.
    pub const UINT: u8 = 1;
    /// `kDLFloat`: IEEE float.
    pub const FLOAT: u8 = 2;
    /// `kDLOpaqueHandle`.
    pub const OPAQUE_HANDLE: u8 = 3;
    /// `kDLBfloat`: bfloat16.
    pub const BFLOAT: u8 = 4;
    /// `kDLComplex`: complex (`bits` counts both parts).
    pub const COMPLEX: u8 = 5;
    /// `kDLBool`: boolean (8 bits).
    pub const BOOL: u8 = 6;
}

/// `DLDataType`: type code, bits per lane and lanes.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct DLDataType {
    /// One of [`type_code`].
    pub code: u8,
    /// Bits per lane (8, 16, 32, 64, 128).
    pub bits: u8,
    /// Lanes (1 for scalars; cuprum has no vector types).
    pub lanes: u16,
}

impl DLDataType {
    /// The DLPack type of `dtype`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{DType, dlpack::{DLDataType, type_code}};
    /// assert_eq!(DLDataType::from_dtype(DType::Complex64),
    ///            DLDataType { code: type_code::COMPLEX, bits: 64, lanes: 1 });
    /// ```
    pub fn from_dtype(dtype: DType) -> DLDataType {
        use type_code::*;
        let code = match dtype {
            DType::Bool => BOOL,
            DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => INT,
            DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => UINT,
            DType::Float16 | DType::Float32 | DType::Float64 => FLOAT,
            DType::BFloat16 => BFLOAT,
            DType::Complex64 | DType::Complex128 => COMPLEX,
        };
        DLDataType {
            code,
            bits: (dtype.itemsize() * 8) as u8,
            lanes: 1,
        }
    }

    /// The cuprum dtype of this DLPack type; `None` when there is none (vector lanes, opaque
    /// handles, float8, sub-byte types).
    pub fn to_dtype(self) -> Option<DType> {
        use type_code::*;
        if self.lanes != 1 {
            return None;
        }
        Some(match (self.code, self.bits) {
            (BOOL, 8) => DType::Bool,
            (INT, 8) => DType::Int8,
            (INT, 16) => DType::Int16,
            (INT, 32) => DType::Int32,
            (INT, 64) => DType::Int64,
            (UINT, 8) => DType::UInt8,
            (UINT, 16) => DType::UInt16,
            (UINT, 32) => DType::UInt32,
            (UINT, 64) => DType::UInt64,
            (FLOAT, 16) => DType::Float16,
            (FLOAT, 32) => DType::Float32,
            (FLOAT, 64) => DType::Float64,
            (BFLOAT, 16) => DType::BFloat16,
            (COMPLEX, 64) => DType::Complex64,
            (COMPLEX, 128) => DType::Complex128,
            _ => return None,
        })
    }
}

/// `DLTensor`: the plain description of a strided tensor.
#[repr(C)]
#[derive(Debug)]
pub struct DLTensor {
    /// Address of the memory (plus `byte_offset`: element `(0, ..., 0)`).
    pub data: *mut c_void,
    /// Where the memory is.
    pub device: DLDevice,
    /// Number of dimensions.
    pub ndim: i32,
    /// Element type.
    pub dtype: DLDataType,
    /// `ndim` extents.
    pub shape: *mut i64,
    /// `ndim` strides in elements, or null for C order.
    pub strides: *mut i64,
    /// Bytes from `data` to element `(0, ..., 0)`.
    pub byte_offset: u64,
}

/// `DLManagedTensor` (DLPack 0.x): a tensor and the deleter that releases it.
#[repr(C)]
#[derive(Debug)]
pub struct DLManagedTensor {
    /// The tensor.
    pub dl_tensor: DLTensor,
    /// The producer's context for `deleter`.
    pub manager_ctx: *mut c_void,
    /// Releases the tensor (called once by the consumer; may be null).
    pub deleter: Option<unsafe extern "C" fn(*mut DLManagedTensor)>,
}

/// `DLPackVersion`.
#[repr(C)]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DLPackVersion {
    /// Major version (1 for DLPack 1.x; a consumer refuses other majors).
    pub major: u32,
    /// Minor version.
    pub minor: u32,
}

/// The DLPack version cuprum writes and reads (1.0).
pub const DLPACK_VERSION: DLPackVersion = DLPackVersion { major: 1, minor: 0 };
/// `DLPACK_FLAG_BITMASK_READ_ONLY`: the consumer must not write.
pub const DLPACK_FLAG_BITMASK_READ_ONLY: u64 = 1;
/// `DLPACK_FLAG_BITMASK_IS_COPIED`: the producer made a copy for this export.
pub const DLPACK_FLAG_BITMASK_IS_COPIED: u64 = 2;

/// `DLManagedTensorVersioned` (DLPack 1.x).
#[repr(C)]
#[derive(Debug)]
pub struct DLManagedTensorVersioned {
    /// The DLPack version of this struct.
    pub version: DLPackVersion,
    /// The producer's context for `deleter`.
    pub manager_ctx: *mut c_void,
    /// Releases the tensor (called once by the consumer; may be null).
    pub deleter: Option<unsafe extern "C" fn(*mut DLManagedTensorVersioned)>,
    /// `DLPACK_FLAG_BITMASK_*` bits.
    pub flags: u64,
    /// The tensor.
    pub dl_tensor: DLTensor,
}

/// An owned `DLManagedTensor` (DLPack 0.x): its deleter runs when dropped, unless it was
/// handed on with [`ManagedTensor::into_raw`] or imported with [`from_dlpack`].
#[derive(Debug)]
pub struct ManagedTensor(NonNull<DLManagedTensor>);

/// An owned `DLManagedTensorVersioned` (DLPack 1.x); as [`ManagedTensor`].
#[derive(Debug)]
pub struct ManagedTensorVersioned(NonNull<DLManagedTensorVersioned>);

// SAFETY: the handle is the unique owner of the tensor (the `from_raw` contract); the DLPack
// protocol lets the consumer release a tensor (call its deleter) from whichever thread it
// holds it on, and the tensor's fields are plain data.
unsafe impl Send for ManagedTensor {}
// SAFETY: shared access only reads the plain fields.
unsafe impl Sync for ManagedTensor {}
// SAFETY: as for `ManagedTensor`.
unsafe impl Send for ManagedTensorVersioned {}
// SAFETY: as for `ManagedTensor`.
unsafe impl Sync for ManagedTensorVersioned {}

impl ManagedTensor {
    /// Takes ownership of a tensor from a producer (a PyCapsule's pointer, a C library);
    /// `None` for null.
    ///
    /// # Safety
    /// `p` must point to a valid `DLManagedTensor` whose fields describe memory that stays
    /// valid until its deleter is called, owned by nobody else from now on (its deleter is
    /// called exactly once, by this handle or what it is turned into).
    pub unsafe fn from_raw(p: *mut DLManagedTensor) -> Option<ManagedTensor> {
        NonNull::new(p).map(ManagedTensor)
    }
    /// Gives the tensor away (to a consumer who will call its deleter).
    pub fn into_raw(self) -> *mut DLManagedTensor {
        let p = self.0.as_ptr();
        std::mem::forget(self);
        p
    }
    /// The tensor's description.
    pub fn tensor(&self) -> &DLTensor {
        // SAFETY: the handle owns a valid tensor (constructor contract).
        unsafe { &self.0.as_ref().dl_tensor }
    }
}

impl Drop for ManagedTensor {
    fn drop(&mut self) {
        let p = self.0.as_ptr();
        // SAFETY: the handle owns the tensor; its deleter is called exactly once, here.
        unsafe {
            if let Some(d) = (*p).deleter {
                d(p);
            }
        }
    }
}

impl ManagedTensorVersioned {
    /// Takes ownership of a versioned tensor; `None` for null.
    ///
    /// # Safety
    /// As [`ManagedTensor::from_raw`], for a `DLManagedTensorVersioned` (whose `version`,
    /// `manager_ctx` and `deleter` fields are valid even when its major version is not 1).
    pub unsafe fn from_raw(p: *mut DLManagedTensorVersioned) -> Option<ManagedTensorVersioned> {
        NonNull::new(p).map(ManagedTensorVersioned)
    }
    /// Gives the tensor away (to a consumer who will call its deleter).
    pub fn into_raw(self) -> *mut DLManagedTensorVersioned {
        let p = self.0.as_ptr();
        std::mem::forget(self);
        p
    }
    /// The DLPack version the producer wrote.
    pub fn version(&self) -> DLPackVersion {
        // SAFETY: the version field is valid in every DLPack 1.x+ struct.
        unsafe { self.0.as_ref().version }
    }
    /// The `DLPACK_FLAG_BITMASK_*` flags.
    pub fn flags(&self) -> u64 {
        // SAFETY: the handle owns a valid tensor (constructor contract).
        unsafe { self.0.as_ref().flags }
    }
    /// The tensor's description (only meaningful when the major version is 1).
    pub fn tensor(&self) -> &DLTensor {
        // SAFETY: the handle owns a valid tensor (constructor contract).
        unsafe { &self.0.as_ref().dl_tensor }
    }
}

impl Drop for ManagedTensorVersioned {
    fn drop(&mut self) {
        let p = self.0.as_ptr();
        // SAFETY: the handle owns the tensor; its deleter is called exactly once, here.
        unsafe {
            if let Some(d) = (*p).deleter {
                d(p);
            }
        }
    }
}

/// Either kind of DLPack tensor, for [`from_dlpack`].
#[derive(Debug)]
pub enum DLPackTensor {
    /// A DLPack 0.x `DLManagedTensor`.
    Legacy(ManagedTensor),
    /// A DLPack 1.x `DLManagedTensorVersioned`.
    Versioned(ManagedTensorVersioned),
}

impl From<ManagedTensor> for DLPackTensor {
    fn from(t: ManagedTensor) -> Self {
        DLPackTensor::Legacy(t)
    }
}
impl From<ManagedTensorVersioned> for DLPackTensor {
    fn from(t: ManagedTensorVersioned) -> Self {
        DLPackTensor::Versioned(t)
    }
}

/// What an exported tensor holds: the array (so its buffer lives) and the shape and strides
/// the tensor points into.
struct ExportCtx {
    array: Array,
    shape: Vec<i64>,
    strides: Vec<i64>,
}

unsafe extern "C" fn delete_legacy(p: *mut DLManagedTensor) {
    if p.is_null() {
        return;
    }
    // SAFETY: `p` and its `manager_ctx` were made by `Box::into_raw` in `export_legacy` and
    // the deleter is called once (the DLPack contract).
    unsafe {
        let m = Box::from_raw(p);
        drop(Box::from_raw(m.manager_ctx.cast::<ExportCtx>()));
    }
}

unsafe extern "C" fn delete_versioned(p: *mut DLManagedTensorVersioned) {
    if p.is_null() {
        return;
    }
    // SAFETY: as `delete_legacy`, for `export_versioned`.
    unsafe {
        let m = Box::from_raw(p);
        drop(Box::from_raw(m.manager_ctx.cast::<ExportCtx>()));
    }
}

/// The device of `a` as DLPack names it (`__dlpack_device__`).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, dlpack::{self, DLDeviceType}};
/// let a = Array::from_vec_on(vec![1i32], &[1], Device::Cpu).unwrap();
/// assert_eq!(dlpack::dlpack_device(&a).device_type, DLDeviceType::CPU);
/// ```
pub fn dlpack_device(a: &Array) -> DLDevice {
    match a.device() {
        Device::Cuda(i) => DLDevice {
            device_type: DLDeviceType::CUDA,
            device_id: i as i32,
        },
        _ => DLDevice {
            device_type: DLDeviceType::CPU,
            device_id: 0,
        },
    }
}

/// The export context and the tensor description of `a` (CUDA arrays: after waiting for the
/// current stream).
fn export(op: &'static str, a: &Array) -> Result<(Box<ExportCtx>, DLTensor)> {
    let ndim = i32::try_from(a.ndim())
        .map_err(|_| Error::bad_shape(op, "a", a.shape(), "at most 2147483647 dimensions"))?;
    let data = match a.device() {
        Device::Cuda(i) => {
            crate::cuda::synchronize_device(i)?;
            a.device_ptr().unwrap_or(0) as usize
        }
        _ => {
            let cpu = a.storage.as_cpu().ok_or_else(|| {
                Error::bad_argument(
                    op,
                    "a",
                    "a CPU array without host storage",
                    "an array with host or device storage",
                )
            })?;
            cpu.as_ptr() as usize + a.layout.offset * a.dtype.itemsize()
        }
    };
    let mut ctx = Box::new(ExportCtx {
        array: a.clone(),
        shape: a.shape().iter().map(|&n| n as i64).collect(),
        strides: a.layout.strides.iter().map(|&s| s as i64).collect(),
    });
    let t = DLTensor {
        data: data as *mut c_void,
        device: dlpack_device(a),
        ndim,
        dtype: DLDataType::from_dtype(a.dtype()),
        shape: ctx.shape.as_mut_ptr(),
        strides: ctx.strides.as_mut_ptr(),
        byte_offset: 0,
    };
    Ok((ctx, t))
}

/// Exports `a` as a DLPack 0.x `DLManagedTensor` viewing its memory (`a.toDlpack()`).
///
/// # Errors
/// For a CUDA array, a CUDA error from waiting for its current stream (or
/// [`Error::CaptureUnsupported`] while it is captured).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, dlpack};
/// let a = Array::from_vec_on(vec![1.0f64, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let t = dlpack::to_dlpack(&a.transpose().unwrap()).unwrap();
/// let d = t.tensor();
/// assert_eq!(d.ndim, 2);
/// // SAFETY: the tensor's shape and strides have ndim entries.
/// let strides = unsafe { std::slice::from_raw_parts(d.strides, 2) };
/// assert_eq!(strides, &[1, 2]);
/// let b = dlpack::from_dlpack(t).unwrap(); // back: the same buffer
/// assert_eq!(b.to_vec::<f64>().unwrap(), vec![1.0, 3.0, 2.0, 4.0]);
/// ```
pub fn to_dlpack(a: &Array) -> Result<ManagedTensor> {
    let (ctx, t) = export("to_dlpack", a)?;
    let m = Box::new(DLManagedTensor {
        dl_tensor: t,
        manager_ctx: Box::into_raw(ctx).cast(),
        deleter: Some(delete_legacy),
    });
    Ok(ManagedTensor(NonNull::from(Box::leak(m))))
}

/// Exports `a` as a DLPack 1.0 `DLManagedTensorVersioned` (what `a.__dlpack__()` returns
/// to a 1.0 consumer; flags 0: writable, not copied).
///
/// # Errors
/// As [`to_dlpack`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, dlpack};
/// let a = Array::from_vec_on(vec![7u8, 8], &[2], Device::Cpu).unwrap();
/// let t = dlpack::to_dlpack_versioned(&a).unwrap();
/// assert_eq!(t.version(), dlpack::DLPACK_VERSION);
/// assert_eq!(dlpack::from_dlpack(t).unwrap().to_vec::<u8>().unwrap(), vec![7, 8]);
/// ```
pub fn to_dlpack_versioned(a: &Array) -> Result<ManagedTensorVersioned> {
    let (ctx, t) = export("to_dlpack_versioned", a)?;
    let m = Box::new(DLManagedTensorVersioned {
        version: DLPACK_VERSION,
        manager_ctx: Box::into_raw(ctx).cast(),
        deleter: Some(delete_versioned),
        flags: 0,
        dl_tensor: t,
    });
    Ok(ManagedTensorVersioned(NonNull::from(Box::leak(m))))
}

/// An array viewing a DLPack tensor's memory without a copy (`cupy.from_dlpack`); the
/// producer's deleter runs when the array's last view drops. See the module docs for what is
/// checked and the two cases that copy.
///
/// The caller is responsible for the producer's pending work on CUDA memory: import after the
/// producer has made the data ready for the legacy default stream or synchronized (as the
/// producers of `__dlpack__(stream=None)` do).
///
/// # Errors
/// [`Error::BadArgument`] for a negative `ndim`, extent or device id, a null shape or data
/// pointer of a non-empty tensor, or a DLPack 1.x tensor whose major version is not 1;
/// [`Error::DType`]-like [`Error::Unsupported`] for a type cuprum lacks (vector lanes,
/// float8, opaque handles) or a device that is not the CPU or CUDA;
/// [`Error::DeviceUnavailable`] for a CUDA ordinal this machine lacks. The deleter runs on
/// every error.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, dlpack};
/// let a = Array::from_vec_on(vec![1i16, 2, 3], &[3], Device::Cpu).unwrap();
/// let b = dlpack::from_dlpack(dlpack::to_dlpack(&a).unwrap()).unwrap();
/// assert_eq!(b.to_vec::<i16>().unwrap(), vec![1, 2, 3]);
/// ```
pub fn from_dlpack(t: impl Into<DLPackTensor>) -> Result<Array> {
    const OP: &str = "from_dlpack";
    match t.into() {
        DLPackTensor::Legacy(m) => {
            // SAFETY: the handle owns a valid tensor.
            let raw = unsafe { m.0.as_ref() };
            if raw.deleter.map(|d| d as usize) == Some(delete_legacy as *const () as usize) {
                // one of ours: the same buffer, no new owner
                // SAFETY: our deleter means our context.
                let ctx = unsafe { &*raw.manager_ctx.cast::<ExportCtx>() };
                return Ok(ctx.array.clone());
            }
            let t = m.tensor() as *const DLTensor;
            // SAFETY: the tensor lives as long as `m`, which moves into the array's owner
            // (a Box: the pointee does not move).
            import(OP, unsafe { &*t }, 0, Box::new(m))
        }
        DLPackTensor::Versioned(m) => {
            let v = m.version();
            if v.major != DLPACK_VERSION.major {
                return Err(Error::bad_argument(
                    OP,
                    "version",
                    format!("{}.{}", v.major, v.minor),
                    "DLPack 1.x",
                ));
            }
            // SAFETY: the handle owns a valid tensor.
            let raw = unsafe { m.0.as_ref() };
            if raw.deleter.map(|d| d as usize) == Some(delete_versioned as *const () as usize) {
                // SAFETY: our deleter means our context.
                let ctx = unsafe { &*raw.manager_ctx.cast::<ExportCtx>() };
                return Ok(ctx.array.clone());
            }
            let flags = m.flags();
            let t = m.tensor() as *const DLTensor;
            // SAFETY: as for the legacy tensor.
            import(OP, unsafe { &*t }, flags, Box::new(m))
        }
    }
}

/// Wraps the memory `t` describes, released by dropping `owner`.
fn import(
    op: &'static str,
    t: &DLTensor,
    flags: u64,
    owner: Box<dyn std::any::Any + Send + Sync>,
) -> Result<Array> {
    let dtype = t.dtype.to_dtype().ok_or_else(|| Error::Unsupported {
        op,
        reason: format!(
            "DLPack type (code {}, bits {}, lanes {}) has no cuprum dtype",
            t.dtype.code, t.dtype.bits, t.dtype.lanes
        ),
    })?;
    let ndim = usize::try_from(t.ndim).map_err(|_| {
        Error::bad_argument(op, "ndim", t.ndim, "a non-negative number of dimensions")
    })?;
    if ndim > 0 && t.shape.is_null() {
        return Err(Error::bad_argument(
            op,
            "shape",
            "a null pointer",
            format!("a shape array for ndim {ndim}"),
        ));
    }
    let raw_shape: &[i64] = if ndim == 0 {
        &[]
    } else {
        // SAFETY: a valid tensor has `ndim` extents at `shape` (checked non-null above).
        unsafe { std::slice::from_raw_parts(t.shape, ndim) }
    };
    let mut shape = Vec::with_capacity(ndim);
    for &n in raw_shape {
        shape.push(usize::try_from(n).map_err(|_| {
            Error::bad_argument(
                op,
                "shape",
                format!("{raw_shape:?}"),
                "non-negative extents",
            )
        })?);
    }
    let strides: Vec<isize> = if t.strides.is_null() || ndim == 0 {
        crate::layout::c_strides(&shape)
    } else {
        // SAFETY: a valid tensor with non-null strides has `ndim` of them.
        let s = unsafe { std::slice::from_raw_parts(t.strides, ndim) };
        s.iter()
            .map(|&v| {
                isize::try_from(v)
                    .map_err(|_| Error::bad_argument(op, "strides", v, "strides that fit isize"))
            })
            .collect::<Result<_>>()?
    };
    let size = crate::layout::checked_size(op, &shape, dtype.itemsize())?;
    let device = match t.device.device_type {
        DLDeviceType::CPU | DLDeviceType::CUDA_HOST => Device::Cpu,
        DLDeviceType::CUDA | DLDeviceType::CUDA_MANAGED => {
            let id = usize::try_from(t.device.device_id).map_err(|_| {
                Error::bad_argument(
                    op,
                    "device_id",
                    t.device.device_id,
                    "a non-negative device id",
                )
            })?;
            let d = Device::Cuda(id);
            d.check_available(op)?;
            d
        }
        other => {
            return Err(Error::Unsupported {
                op,
                reason: format!(
                    "DLPack device type {} (id {}) is neither the CPU nor CUDA",
                    other.0, t.device.device_id
                ),
            });
        }
    };
    if size == 0 {
        // nothing to view: an empty array on the device; the owner is released now
        drop(owner);
        return crate::empty_on(&shape[..], dtype, device);
    }
    if t.data.is_null() {
        return Err(Error::bad_argument(
            op,
            "data",
            "a null pointer",
            format!("the data of a tensor of shape {shape:?}"),
        ));
    }
    // the span of elements the layout addresses, relative to element (0, ..., 0)
    let (lo, hi) = crate::layout::stride_span(&shape, &strides);
    let item = dtype.itemsize() as i128;
    let first = t.data as usize as i128 + t.byte_offset as i128;
    let start = first + lo * item;
    let nbytes = (hi - lo + 1) * item;
    if start < 0 || start + nbytes > usize::MAX as i128 {
        return Err(Error::bad_argument(
            op,
            "strides",
            format!("{strides:?} (shape {shape:?})"),
            "strides that address memory inside the address space",
        ));
    }
    let (start, nbytes) = (start as usize, nbytes as usize);
    let layout = Layout {
        shape: shape.clone(),
        strides,
        offset: (-lo) as usize,
    };
    let read_only = flags & DLPACK_FLAG_BITMASK_READ_ONLY != 0;
    let storage = match device {
        Device::Cuda(ordinal) => {
            let owner = Owner {
                value: owner,
                release: Release::AfterSync,
            };
            // SAFETY: the producer's contract: `nbytes` bytes from `start` (the elements the
            // layout addresses) stay valid on device `ordinal` until the deleter (owner) runs.
            Storage::Cuda(unsafe { CudaStorage::from_owner(ordinal, start as u64, nbytes, owner) })
        }
        _ => {
            let pinned = t.device.device_type == DLDeviceType::CUDA_HOST;
            if start % 8 == 0 && nbytes % 8 == 0 {
                // SAFETY: the producer's contract: `nbytes` (a multiple of 8) initialized bytes
                // from the 8-aligned `start` stay valid until the deleter (owner) runs; the
                // array's lock guards cuprum's own accesses.
                Storage::Cpu(unsafe {
                    CpuStorage::from_external(
                        NonNull::new(start as *mut u8).ok_or_else(|| {
                            Error::bad_argument(
                                op,
                                "data",
                                "a null pointer",
                                "a non-null data pointer",
                            )
                        })?,
                        nbytes,
                        pinned,
                        owner,
                    )
                })
            } else {
                // not word-aligned or sized: copy the addressed bytes, release the producer's
                // SAFETY: the producer's contract: the addressed bytes are valid for reads.
                let bytes = unsafe { std::slice::from_raw_parts(start as *const u8, nbytes) };
                let s = CpuStorage::try_from_bytes(bytes)?;
                drop(owner);
                Storage::Cpu(s)
            }
        }
    };
    let a = Array::from_parts(Arc::new(storage), layout, dtype);
    if read_only {
        // cuprum arrays are writable: hand out a copy, release the producer's memory
        return a.copy();
    }
    Ok(a)
}

impl Array {
    /// [`to_dlpack`] as a method (`cupy.ndarray.toDlpack()`).
    ///
    /// # Errors
    /// As [`to_dlpack`].
    pub fn to_dlpack(&self) -> Result<ManagedTensor> {
        to_dlpack(self)
    }
    /// [`to_dlpack_versioned`] as a method (`cupy.ndarray.__dlpack__()`).
    ///
    /// # Errors
    /// As [`to_dlpack`].
    pub fn to_dlpack_versioned(&self) -> Result<ManagedTensorVersioned> {
        to_dlpack_versioned(self)
    }
    /// [`dlpack_device`] as a method (`cupy.ndarray.__dlpack_device__()`).
    pub fn dlpack_device(&self) -> DLDevice {
        dlpack_device(self)
    }
    /// [`from_dlpack`] as an associated function (`cupy.from_dlpack`).
    ///
    /// # Errors
    /// As [`from_dlpack`].
    pub fn from_dlpack(t: impl Into<DLPackTensor>) -> Result<Array> {
        from_dlpack(t)
    }
}

#[cfg(test)]
#[path = "dlpack_tests.rs"]
mod tests;
