//! `cupy.cuda.texture`: CUDA arrays, texture objects and surface objects.
//!
//! - [`ChannelFormatDescriptor`]: the texel format (bits per channel x, y, z, w and their
//!   kind), `cudaChannelFormatDesc`.
//! - [`CUDAarray`]: an opaque 1-D, 2-D or 3-D CUDA array (`cudaArray_t`, texture-layout memory)
//!   with [`copy_from`](CUDAarray::copy_from) / [`copy_to`](CUDAarray::copy_to) of cuprum
//!   arrays on the same GPU or on the host (CPU arrays).
//! - [`ResourceDescriptor`]: what a texture reads: a CUDA array, linear device memory or
//!   pitched 2-D device memory (`cudaResourceDesc`).
//! - [`TextureDescriptor`]: address modes, filter mode, read mode, normalized coordinates,
//!   sRGB, border color, anisotropy (`cudaTextureDesc`).
//! - [`TextureObject`] and [`SurfaceObject`]: the objects a kernel reads (`tex1Dfetch`,
//!   `tex1D`, `tex2D`, `tex3D`) or reads and writes (`surf2Dread`, `surf2Dwrite`, ...) through
//!   their handle, a `u64` (`cudaTextureObject_t` / `cudaSurfaceObject_t`) passed as a kernel
//!   argument ([`TextureObject::ptr`]; with `cuprum::RawKernel` a `u64` scalar argument).
//!
//! Textures are CUDA-only: the constructors of the objects that own GPU memory or handles
//! ([`CUDAarray`], [`ResourceDescriptor::linear`] / [`ResourceDescriptor::pitch2d`] and so the
//! texture and surface objects) return [`Error::Unsupported`] on the CPU. The two descriptors of
//! plain data ([`ChannelFormatDescriptor`], [`TextureDescriptor`]) work anywhere.
//!
//! Every handle is freed when its owner drops (`cuArrayDestroy`, `cuTexObjectDestroy`,
//! `cuSurfObjectDestroy`); a texture or surface object keeps its resource (the CUDA array or
//! the cuprum array behind linear memory) alive. As with any raw kernel launch, a kernel that
//! uses a handle must be done before the object drops (the launch's safety contract).
//!
//! cuprum drives the driver API: each object is built with the driver call named in its docs,
//! from the same fields as CuPy's runtime structs. Mipmapped arrays and layered or cubemap CUDA
//! arrays are not supported (CuPy does not support mipmaps either).
//!
//! # Example
//! ```
//! use cuprum_core::cuda::texture::*;
//! use cuprum_core::Device;
//! let ch = ChannelFormatDescriptor::new(32, 0, 0, 0, ChannelFormatKind::Float).unwrap();
//! let tex = TextureDescriptor::new(
//!     &[AddressMode::Clamp, AddressMode::Clamp],
//!     FilterMode::Point,
//!     ReadMode::ElementType,
//!     false,
//! )
//! .unwrap();
//! assert_eq!(tex.address_modes()[1], AddressMode::Clamp);
//! // textures live on a GPU: on the CPU the CUDA array is an error
//! assert!(CUDAarray::new_on(&ch, 64, 32, 0, ARRAY_DEFAULT, Device::Cpu).is_err());
//! ```

use super::driver::{attr, bind, device, guard};
use super::stream::{Stream, current};
use crate::{Array, DType, Device, Error, Result};
use cudarc::driver::sys;
use std::sync::Arc;

/// A driver status as this crate's [`Error::Cuda`] naming `op`.
fn drv(op: &'static str, e: cudarc::driver::DriverError) -> Error {
    super::driver::drv(op, e).into()
}

/// Runs one driver call under the loader guard and names it in the error.
fn call(op: &'static str, f: impl FnOnce() -> sys::CUresult) -> Result<()> {
    guard("libcuda", || f().result().map_err(|e| drv(op, e)))
}

fn cpu_only_error(op: &'static str, what: &str) -> Error {
    Error::Unsupported {
        op,
        reason: format!(
            "{what} is on the CPU; CUDA arrays, textures and surfaces exist only on CUDA devices"
        ),
    }
}

// ---------------------------------------------------------------------------------------------
// Channel formats
// ---------------------------------------------------------------------------------------------

/// The kind of a texel's channels (`cudaChannelFormatKind`: `cudaChannelFormatKindSigned` = 0,
/// `Unsigned` = 1, `Float` = 2).
///
/// # Example
/// ```
/// use cuprum_core::cuda::texture::ChannelFormatKind;
/// assert_eq!(ChannelFormatKind::Float as u32, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ChannelFormatKind {
    /// signed integers (8, 16 or 32 bits: `int8`, `int16`, `int32`)
    Signed = 0,
    /// unsigned integers (8, 16 or 32 bits: `uint8`, `uint16`, `uint32`)
    Unsigned = 1,
    /// floating point (16 or 32 bits: `float16`, `float32`)
    Float = 2,
}

/// The fields of a [`ChannelFormatDescriptor`], as CuPy's `get_channel_format()` dict has them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChannelFormat {
    /// bits of the x channel
    pub x: u32,
    /// bits of the y channel (0: absent)
    pub y: u32,
    /// bits of the z channel (0: absent)
    pub z: u32,
    /// bits of the w channel (0: absent)
    pub w: u32,
    /// the channels' kind
    pub f: ChannelFormatKind,
}

/// The format of a texel: bits of each channel and their kind (`cupy.cuda.texture.
/// ChannelFormatDescriptor(x, y, z, w, f)`, `cudaChannelFormatDesc`).
///
/// A texel has 1, 2 or 4 channels (x; x, y; x, y, z, w) of one size: 8, 16 or 32 bits for
/// integers, 16 or 32 bits for floats. The matching cuprum dtype ([`dtype`](Self::dtype)) is
/// the element type of the arrays copied into a [`CUDAarray`] of this format or read as linear
/// or pitched texture memory: a texel of `n` channels is `n` consecutive elements.
///
/// # Errors
/// [`new`](Self::new) returns [`Error::BadArgument`] naming the bits and kind when the
/// channels are not 1, 2 or 4 leading channels of one size, or the size is not one of the kind.
///
/// # Example
/// ```
/// use cuprum_core::cuda::texture::{ChannelFormatDescriptor, ChannelFormatKind};
/// use cuprum_core::DType;
/// let ch = ChannelFormatDescriptor::new(16, 16, 0, 0, ChannelFormatKind::Unsigned).unwrap();
/// assert_eq!((ch.num_channels(), ch.dtype(), ch.texel_bytes()), (2, DType::UInt16, 4));
/// assert_eq!(ch.get_channel_format().y, 16);
/// assert!(ChannelFormatDescriptor::new(32, 32, 32, 0, ChannelFormatKind::Float).is_err());
/// assert!(ChannelFormatDescriptor::new(8, 0, 0, 0, ChannelFormatKind::Float).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChannelFormatDescriptor {
    bits: [u32; 4],
    kind: ChannelFormatKind,
}

impl ChannelFormatDescriptor {
    /// A format of channels of `x`, `y`, `z`, `w` bits (0 for an absent channel) of kind `f`
    /// (`cupy.cuda.texture.ChannelFormatDescriptor(x, y, z, w, f)`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] (op `ChannelFormatDescriptor::new`) when the present channels
    /// are not x, x and y, or all four; when they differ in size; when the size is not 8, 16 or
    /// 32 bits (integers) or 16 or 32 bits (floats).
    pub fn new(x: u32, y: u32, z: u32, w: u32, f: ChannelFormatKind) -> Result<Self> {
        const OP: &str = "ChannelFormatDescriptor::new";
        let bits = [x, y, z, w];
        let n = bits.iter().take_while(|&&b| b != 0).count();
        if n == 0 || bits[n..].iter().any(|&b| b != 0) || n == 3 {
            return Err(Error::bad_argument(
                OP,
                "(x, y, z, w)",
                format!("({x}, {y}, {z}, {w})"),
                "1, 2 or 4 nonzero channel sizes, the first ones (x; x, y; or x, y, z, w)",
            ));
        }
        if bits[..n].iter().any(|&b| b != x) {
            return Err(Error::bad_argument(
                OP,
                "(x, y, z, w)",
                format!("({x}, {y}, {z}, {w})"),
                "the same size for every nonzero channel",
            ));
        }
        let ok = match f {
            ChannelFormatKind::Signed | ChannelFormatKind::Unsigned => matches!(x, 8 | 16 | 32),
            ChannelFormatKind::Float => matches!(x, 16 | 32),
        };
        if !ok {
            return Err(Error::bad_argument(
                OP,
                "x",
                format!("{x} (kind {f:?})"),
                "8, 16 or 32 bits for integer channels, 16 or 32 for float channels",
            ));
        }
        Ok(ChannelFormatDescriptor { bits, kind: f })
    }

    /// The format of `num_channels` channels of `dtype` (`int8`…`int32`, `uint8`…`uint32`,
    /// `float16`, `float32`): `ChannelFormatDescriptor(32, 0, 0, 0, Float)` for
    /// `(Float32, 1)`.
    ///
    /// # Errors
    /// [`Error::DType`] for another dtype; [`Error::BadArgument`] when `num_channels` is not
    /// 1, 2 or 4.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::cuda::texture::{ChannelFormatDescriptor, ChannelFormatKind};
    /// use cuprum_core::DType;
    /// let ch = ChannelFormatDescriptor::for_dtype(DType::Int8, 4).unwrap();
    /// assert_eq!(ch, ChannelFormatDescriptor::new(8, 8, 8, 8, ChannelFormatKind::Signed).unwrap());
    /// assert!(ChannelFormatDescriptor::for_dtype(DType::Float64, 1).is_err());
    /// ```
    pub fn for_dtype(dtype: DType, num_channels: u32) -> Result<Self> {
        let kind = match dtype {
            DType::Int8 | DType::Int16 | DType::Int32 => ChannelFormatKind::Signed,
            DType::UInt8 | DType::UInt16 | DType::UInt32 => ChannelFormatKind::Unsigned,
            DType::Float16 | DType::Float32 => ChannelFormatKind::Float,
            other => {
                return Err(Error::DType {
                    op: "ChannelFormatDescriptor::for_dtype",
                    dtype: other,
                    detail: ": texture channels are int8, int16, int32, uint8, uint16, uint32, \
                             float16 or float32"
                        .into(),
                });
            }
        };
        if !matches!(num_channels, 1 | 2 | 4) {
            return Err(Error::bad_argument(
                "ChannelFormatDescriptor::for_dtype",
                "num_channels",
                num_channels,
                "1, 2 or 4",
            ));
        }
        let b = dtype.itemsize() as u32 * 8;
        let mut bits = [0; 4];
        for v in bits.iter_mut().take(num_channels as usize) {
            *v = b;
        }
        ChannelFormatDescriptor::new(bits[0], bits[1], bits[2], bits[3], kind)
    }

    /// The fields, as CuPy's `get_channel_format()` returns them.
    pub fn get_channel_format(&self) -> ChannelFormat {
        let [x, y, z, w] = self.bits;
        ChannelFormat {
            x,
            y,
            z,
            w,
            f: self.kind,
        }
    }

    /// The channels' kind.
    pub fn kind(&self) -> ChannelFormatKind {
        self.kind
    }

    /// The number of channels: 1, 2 or 4.
    pub fn num_channels(&self) -> u32 {
        self.bits.iter().filter(|&&b| b != 0).count() as u32
    }

    /// The bits of one channel: 8, 16 or 32.
    pub fn bits_per_channel(&self) -> u32 {
        self.bits[0]
    }

    /// The bytes of one texel (all channels).
    pub fn texel_bytes(&self) -> usize {
        (self.bits[0] / 8 * self.num_channels()) as usize
    }

    /// The dtype of one channel: the element type of the arrays this format copies and reads.
    pub fn dtype(&self) -> DType {
        match (self.kind, self.bits[0]) {
            (ChannelFormatKind::Signed, 8) => DType::Int8,
            (ChannelFormatKind::Signed, 16) => DType::Int16,
            (ChannelFormatKind::Signed, _) => DType::Int32,
            (ChannelFormatKind::Unsigned, 8) => DType::UInt8,
            (ChannelFormatKind::Unsigned, 16) => DType::UInt16,
            (ChannelFormatKind::Unsigned, _) => DType::UInt32,
            (ChannelFormatKind::Float, 16) => DType::Float16,
            (ChannelFormatKind::Float, _) => DType::Float32,
        }
    }

    /// The driver's `CUarray_format` of one channel (`CU_AD_FORMAT_FLOAT`, ...).
    pub fn format(&self) -> sys::CUarray_format {
        use sys::CUarray_format as F;
        match (self.kind, self.bits[0]) {
            (ChannelFormatKind::Signed, 8) => F::CU_AD_FORMAT_SIGNED_INT8,
            (ChannelFormatKind::Signed, 16) => F::CU_AD_FORMAT_SIGNED_INT16,
            (ChannelFormatKind::Signed, _) => F::CU_AD_FORMAT_SIGNED_INT32,
            (ChannelFormatKind::Unsigned, 8) => F::CU_AD_FORMAT_UNSIGNED_INT8,
            (ChannelFormatKind::Unsigned, 16) => F::CU_AD_FORMAT_UNSIGNED_INT16,
            (ChannelFormatKind::Unsigned, _) => F::CU_AD_FORMAT_UNSIGNED_INT32,
            (ChannelFormatKind::Float, 16) => F::CU_AD_FORMAT_HALF,
            (ChannelFormatKind::Float, _) => F::CU_AD_FORMAT_FLOAT,
        }
    }

    /// Fails with [`Error::DTypeMismatch`] naming `op` unless `dtype` is this format's.
    fn check_dtype(&self, op: &'static str, dtype: DType) -> Result<()> {
        if dtype != self.dtype() {
            return Err(Error::DTypeMismatch {
                op,
                expected: self.dtype(),
                actual: dtype,
            });
        }
        Ok(())
    }
}

// ---------------------------------------------------------------------------------------------
// CUDA arrays
// ---------------------------------------------------------------------------------------------

/// `cudaArrayDefault`: a CUDA array read by textures only.
pub const ARRAY_DEFAULT: u32 = 0;
/// `cudaArraySurfaceLoadStore` (`CUDA_ARRAY3D_SURFACE_LDST`): the array can also back a
/// [`SurfaceObject`].
pub const ARRAY_SURFACE_LOAD_STORE: u32 = sys::CUDA_ARRAY3D_SURFACE_LDST;
/// `cudaArrayTextureGather` (`CUDA_ARRAY3D_TEXTURE_GATHER`): a 2-D array a kernel may read with
/// `tex2Dgather`.
pub const ARRAY_TEXTURE_GATHER: u32 = sys::CUDA_ARRAY3D_TEXTURE_GATHER;

/// The owned `CUarray` handle, destroyed on drop.
#[derive(Debug)]
struct RawArray {
    handle: sys::CUarray,
    ordinal: usize,
}

// SAFETY: a CUarray is a driver handle valid in every thread of the process (the driver
// serializes its use); cuprum binds the device's primary context before each call on it.
unsafe impl Send for RawArray {}
// SAFETY: as above; `&RawArray` only reads the handle value.
unsafe impl Sync for RawArray {}

impl Drop for RawArray {
    fn drop(&mut self) {
        // SAFETY: the handle came from `cuArray3DCreate_v2` on this device and is destroyed
        // once, here; texture and surface objects using it hold this value alive, so none is
        // left (the driver waits for queued copies reading it).
        if let Err(e) = unsafe { super::runtime::free_array(self.ordinal, self.handle) } {
            tracing::error!("freeing a CUDA array on cuda:{}: {e}", self.ordinal);
        }
    }
}

/// A CUDA array, the opaque texture-layout memory textures and surfaces read (`cupy.cuda.
/// texture.CUDAarray(desc, width, height=0, depth=0, flags=0)`, `cuArray3DCreate_v2`): 1-D
/// (`height == depth == 0`), 2-D (`depth == 0`) or 3-D, of `width` x `height` x `depth` texels
/// of format `desc`. Cloning shares the array (it is freed when the last clone, texture or
/// surface object using it drops).
///
/// **Shapes**: [`copy_from`](Self::copy_from) and [`copy_to`](Self::copy_to) take cuprum
/// arrays of dtype `desc.dtype()` and shape `(nch * width,)` (1-D), `(height, nch * width)`
/// (2-D) or `(depth, height, nch * width)` (3-D), `nch` the number of channels: the texels in
/// C order with their channels consecutive ([`shape`](Self::shape)).
///
/// The memory is allocated by the driver outside cuprum's allocator (as in CuPy).
///
/// # Example
/// ```
/// use cuprum_core::cuda::texture::*;
/// use cuprum_core::{Array, Device, cuda};
/// let ch = ChannelFormatDescriptor::new(32, 0, 0, 0, ChannelFormatKind::Float).unwrap();
/// if cuda::device_count() > 0 {
///     let arr = CUDAarray::new_on(&ch, 3, 2, 0, ARRAY_DEFAULT, Device::Cuda(0)).unwrap();
///     assert_eq!(arr.shape(), vec![2, 3]);
///     let a = Array::from_vec_on(vec![1.0f32, 2., 3., 4., 5., 6.], &[2, 3], Device::Cuda(0)).unwrap();
///     arr.copy_from(&a, None).unwrap();
///     let b = Array::from_vec_on(vec![0.0f32; 6], &[2, 3], Device::Cpu).unwrap();
///     arr.copy_to(&b, None).unwrap();
///     assert_eq!(b.to_vec::<f32>().unwrap(), vec![1.0, 2., 3., 4., 5., 6.]);
/// } else {
///     assert!(CUDAarray::new_on(&ch, 3, 2, 0, ARRAY_DEFAULT, Device::Cpu).is_err());
/// }
/// ```
#[derive(Clone, Debug)]
pub struct CUDAarray {
    raw: Arc<RawArray>,
    desc: ChannelFormatDescriptor,
    width: usize,
    height: usize,
    depth: usize,
    flags: u32,
    /// bytes of one row of texels (`width * texel_bytes`)
    row_bytes: usize,
}

impl CUDAarray {
    /// A CUDA array on the current device ([`current_device`](crate::current_device)); see
    /// [`new_on`](Self::new_on).
    ///
    /// # Errors
    /// As [`new_on`](Self::new_on) (on the CPU: [`Error::Unsupported`]).
    pub fn new(
        desc: &ChannelFormatDescriptor,
        width: usize,
        height: usize,
        depth: usize,
        flags: u32,
    ) -> Result<CUDAarray> {
        CUDAarray::new_on(desc, width, height, depth, flags, crate::current_device())
    }

    /// A CUDA array of `width` x `height` x `depth` texels of format `desc` on `device`
    /// (`cuArray3DCreate_v2`; `height == 0` makes a 1-D array, `depth == 0` a 2-D one).
    /// `flags`: [`ARRAY_DEFAULT`], [`ARRAY_SURFACE_LOAD_STORE`] (to back a [`SurfaceObject`]),
    /// [`ARRAY_TEXTURE_GATHER`], or an or of the last two. The contents are not initialized.
    ///
    /// # Errors
    /// - [`Error::Unsupported`] when `device` is the CPU;
    /// - [`Error::BadArgument`] (op `CUDAarray::new`) when `width` is 0, when `depth > 0`
    ///   with `height == 0`, when `flags` has another bit (layered and cubemap arrays are not
    ///   supported), when the byte size overflows;
    /// - [`Error::DeviceUnavailable`] / [`Error::LibraryNotFound`] without the device;
    /// - a CUDA error from `cuArray3DCreate_v2` (out of memory, extents above the device's
    ///   limits).
    pub fn new_on(
        desc: &ChannelFormatDescriptor,
        width: usize,
        height: usize,
        depth: usize,
        flags: u32,
        device: Device,
    ) -> Result<CUDAarray> {
        const OP: &str = "CUDAarray::new";
        let Device::Cuda(ordinal) = device else {
            return Err(cpu_only_error(OP, "the device"));
        };
        if width == 0 {
            return Err(Error::bad_argument(OP, "width", width, "a nonzero width"));
        }
        if height == 0 && depth > 0 {
            return Err(Error::bad_argument(
                OP,
                "height",
                height,
                format!("a nonzero height for a 3-D CUDA array (depth {depth})"),
            ));
        }
        let known = ARRAY_SURFACE_LOAD_STORE | ARRAY_TEXTURE_GATHER;
        if flags & !known != 0 {
            return Err(Error::bad_argument(
                OP,
                "flags",
                format!("{flags:#x}"),
                format!(
                    "a combination of ARRAY_DEFAULT (0), ARRAY_SURFACE_LOAD_STORE ({ARRAY_SURFACE_LOAD_STORE:#x}) and ARRAY_TEXTURE_GATHER ({ARRAY_TEXTURE_GATHER:#x})"
                ),
            ));
        }
        let row_bytes = width.checked_mul(desc.texel_bytes());
        let total = row_bytes
            .and_then(|r| r.checked_mul(height.max(1)))
            .and_then(|r| r.checked_mul(depth.max(1)));
        let (Some(row_bytes), Some(_)) = (row_bytes, total) else {
            return Err(Error::bad_argument(
                OP,
                "(width, height, depth)",
                format!("({width}, {height}, {depth})"),
                format!(
                    "a size whose byte count of {}-byte texels fits in usize",
                    desc.texel_bytes()
                ),
            ));
        };
        let handle = super::runtime::malloc_3d_array(
            ordinal,
            desc.format(),
            desc.num_channels(),
            width,
            height,
            depth,
            flags,
        )?;
        Ok(CUDAarray {
            raw: Arc::new(RawArray { handle, ordinal }),
            desc: *desc,
            width,
            height,
            depth,
            flags,
            row_bytes,
        })
    }

    /// The texel format.
    pub fn desc(&self) -> &ChannelFormatDescriptor {
        &self.desc
    }
    /// Width in texels.
    pub fn width(&self) -> usize {
        self.width
    }
    /// Height in texels (0 for a 1-D array).
    pub fn height(&self) -> usize {
        self.height
    }
    /// Depth in texels (0 for a 1-D or 2-D array).
    pub fn depth(&self) -> usize {
        self.depth
    }
    /// The `flags` it was made with.
    pub fn flags(&self) -> u32 {
        self.flags
    }
    /// 1, 2 or 3.
    pub fn ndim(&self) -> usize {
        if self.depth > 0 {
            3
        } else if self.height > 0 {
            2
        } else {
            1
        }
    }
    /// The device holding it.
    pub fn device(&self) -> Device {
        Device::Cuda(self.raw.ordinal)
    }
    /// The shape of the arrays [`copy_from`](Self::copy_from) and [`copy_to`](Self::copy_to)
    /// take: `[nch * width]`, `[height, nch * width]` or `[depth, height, nch * width]`.
    pub fn shape(&self) -> Vec<usize> {
        let w = self.desc.num_channels() as usize * self.width;
        match self.ndim() {
            3 => vec![self.depth, self.height, w],
            2 => vec![self.height, w],
            _ => vec![w],
        }
    }
    /// The raw `CUarray` handle (valid while this array or a clone lives; do not free it).
    pub fn raw(&self) -> sys::CUarray {
        self.raw.handle
    }
    /// The handle as an integer (CuPy's `CUDAarray.ptr`).
    pub fn ptr(&self) -> u64 {
        self.raw.handle as u64
    }

    /// Copies `in_arr` into the CUDA array (`CUDAarray.copy_from(in_arr, stream=None)`,
    /// `cuMemcpy3DAsync_v2`).
    ///
    /// **Shapes**: `in_arr` has [`shape`](Self::shape) and dtype `desc().dtype()`; any strides
    /// (a non-contiguous array is first copied to a C-contiguous one on its device).
    ///
    /// From a CUDA array on the same device the copy is queued on `stream` (`None`: the current
    /// stream of the device); with `Some(s)`, `s` is made current for the call as
    /// `Stream::use_stream` does, so it is ordered after the current stream's earlier work and
    /// the current stream's later work after it. From a CPU array the copy is complete when
    /// this returns.
    ///
    /// # Errors
    /// - [`Error::ShapeMismatch`] (op `CUDAarray::copy_from`) naming both shapes;
    /// - [`Error::DTypeMismatch`] when the dtype is not the format's;
    /// - [`Error::DeviceMismatch`] when `in_arr` or `stream` is on another CUDA device;
    /// - a CUDA error from the copy.
    pub fn copy_from(&self, in_arr: &Array, stream: Option<&Stream>) -> Result<()> {
        self.copy("CUDAarray::copy_from", in_arr, stream, true)
    }

    /// Copies the CUDA array into `out_arr` (`CUDAarray.copy_to(out_arr, stream=None)`,
    /// `cuMemcpy3DAsync_v2`).
    ///
    /// **Shapes**: `out_arr` has [`shape`](Self::shape), dtype `desc().dtype()` and is
    /// C-contiguous.
    ///
    /// Ordering as [`copy_from`](Self::copy_from): asynchronous into a CUDA array, complete on
    /// return into a CPU array.
    ///
    /// # Errors
    /// As [`copy_from`](Self::copy_from) (op `CUDAarray::copy_to`); [`Error::BadArgument`]
    /// when `out_arr` is not C-contiguous.
    pub fn copy_to(&self, out_arr: &Array, stream: Option<&Stream>) -> Result<()> {
        self.copy("CUDAarray::copy_to", out_arr, stream, false)
    }

    fn copy(
        &self,
        op: &'static str,
        arr: &Array,
        stream: Option<&Stream>,
        into: bool,
    ) -> Result<()> {
        let ordinal = self.raw.ordinal;
        let expected = self.shape();
        if arr.shape() != expected.as_slice() {
            return Err(Error::ShapeMismatch {
                op,
                lhs: arr.shape().to_vec(),
                rhs: expected,
                detail: Some(format!(
                    "a {}-D CUDA array of width {}, height {}, depth {} with {} channel(s) per \
                     texel copies arrays of shape (depth, height, channels * width) without the \
                     zero extents",
                    self.ndim(),
                    self.width,
                    self.height,
                    self.depth,
                    self.desc.num_channels()
                )),
            });
        }
        self.desc.check_dtype(op, arr.dtype())?;
        if let Device::Cuda(i) = arr.device()
            && i != ordinal
        {
            return Err(Error::DeviceMismatch {
                op,
                lhs: arr.device(),
                rhs: self.device(),
            });
        }
        if let Some(s) = stream
            && s.ordinal() != ordinal
        {
            return Err(Error::DeviceMismatch {
                op,
                lhs: Device::Cuda(s.ordinal()),
                rhs: self.device(),
            });
        }
        if !into && !arr.is_c_contiguous() {
            return Err(Error::bad_argument(
                op,
                "out_arr",
                format!(
                    "an array of shape {:?} and strides {:?}",
                    arr.shape(),
                    arr.strides()
                ),
                "a C-contiguous array",
            ));
        }
        // the given stream is current for the whole copy, so that the contiguous copy below,
        // the transfer and the free of a temporary are all in its order
        let _guard = match stream {
            Some(s) => Some(s.use_stream()?),
            None => None,
        };
        let contiguous;
        let arr = if into {
            contiguous = arr.as_c_contiguous()?;
            &contiguous
        } else {
            arr
        };
        let (h, d) = (self.height.max(1), self.depth.max(1));
        let mut p = super::runtime::memcpy_3d_params();
        p.WidthInBytes = self.row_bytes;
        p.Height = h;
        p.Depth = d;
        let array_t = sys::CUmemorytype::CU_MEMORYTYPE_ARRAY;
        if into {
            p.dstMemoryType = array_t;
            p.dstArray = self.raw.handle;
        } else {
            p.srcMemoryType = array_t;
            p.srcArray = self.raw.handle;
        }
        let nbytes = arr.nbytes();
        let start = arr.layout.offset * arr.dtype().itemsize();
        bind(op, ordinal)?;
        let s = current(ordinal)?;
        match &**arr.storage() {
            crate::storage::Storage::Cuda(_) => {
                let ptr = arr.device_ptr().unwrap_or(0);
                let dev = sys::CUmemorytype::CU_MEMORYTYPE_DEVICE;
                if into {
                    p.srcMemoryType = dev;
                    p.srcDevice = ptr;
                    p.srcPitch = self.row_bytes;
                    p.srcHeight = h;
                } else {
                    p.dstMemoryType = dev;
                    p.dstDevice = ptr;
                    p.dstPitch = self.row_bytes;
                    p.dstHeight = h;
                }
                // SAFETY: the array handle is live (held by `self`); the linear end is the
                // C-contiguous `arr` of exactly `depth * height * row_bytes` bytes (shape and
                // dtype checked) on this device, kept alive by the caller until the call
                // returns and freed in stream order after the copy (buffers are freed on the
                // current stream, which is `s`).
                call("cuMemcpy3DAsync_v2", || unsafe {
                    sys::cuMemcpy3DAsync_v2(&p, s.raw())
                })
            }
            crate::storage::Storage::Cpu(c) => {
                let host = sys::CUmemorytype::CU_MEMORYTYPE_HOST;
                let bad_range = || {
                    Error::bad_argument(
                        op,
                        "nbytes",
                        format!("{nbytes} from byte {start}"),
                        format!("a range within the host buffer of {} bytes", c.nbytes()),
                    )
                };
                if into {
                    let g = c.read();
                    let bytes = g.bytes().get(start..start + nbytes).ok_or_else(bad_range)?;
                    p.srcMemoryType = host;
                    p.srcHost = bytes.as_ptr().cast();
                    p.srcPitch = self.row_bytes;
                    p.srcHeight = h;
                    // SAFETY: the host range is `nbytes` = depth * height * row_bytes readable
                    // bytes held by the read lock `g` until the stream is synchronized below;
                    // the array handle is live.
                    call("cuMemcpy3DAsync_v2", || unsafe {
                        sys::cuMemcpy3DAsync_v2(&p, s.raw())
                    })?;
                    sync_stream(&s)
                } else {
                    let mut g = c.write();
                    let bytes = g
                        .bytes_mut()
                        .get_mut(start..start + nbytes)
                        .ok_or_else(bad_range)?;
                    p.dstMemoryType = host;
                    p.dstHost = bytes.as_mut_ptr().cast();
                    p.dstPitch = self.row_bytes;
                    p.dstHeight = h;
                    // SAFETY: the host range is `nbytes` writable bytes held by the write lock
                    // `g` until the stream is synchronized below; the array handle is live.
                    call("cuMemcpy3DAsync_v2", || unsafe {
                        sys::cuMemcpy3DAsync_v2(&p, s.raw())
                    })?;
                    sync_stream(&s)
                }
            }
        }
    }
}

/// Waits for `s` (a copy touching host memory must be complete before its lock is released).
fn sync_stream(s: &Stream) -> Result<()> {
    // SAFETY: the stream handle is valid while `s` lives; its context is current (bound by the
    // caller).
    call("cuStreamSynchronize", || unsafe {
        sys::cuStreamSynchronize(s.raw())
    })
}

// ---------------------------------------------------------------------------------------------
// Resource descriptors
// ---------------------------------------------------------------------------------------------

/// The kind of memory a texture reads (`cudaResourceType`: `cudaResourceTypeArray` = 0,
/// `MipmappedArray` = 1, `Linear` = 2, `Pitch2D` = 3).
///
/// # Example
/// ```
/// use cuprum_core::cuda::texture::ResourceType;
/// assert_eq!(ResourceType::Pitch2D as u32, 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ResourceType {
    /// a [`CUDAarray`]
    Array = 0,
    /// a mipmapped array (not supported: no constructor makes one)
    MipmappedArray = 1,
    /// linear device memory, read with `tex1Dfetch`
    Linear = 2,
    /// pitched 2-D device memory, read with `tex2D`
    Pitch2D = 3,
}

/// What a [`ResourceDescriptor`] holds, as CuPy's `get_resource_desc()` dict has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ResourceInfo {
    /// a CUDA array
    Array {
        /// its handle ([`CUDAarray::ptr`])
        array: u64,
    },
    /// linear memory
    Linear {
        /// the device address of the first texel
        dev_ptr: u64,
        /// the texel format
        desc: ChannelFormat,
        /// bytes the texture covers
        size_in_bytes: usize,
    },
    /// pitched 2-D memory
    Pitch2D {
        /// the device address of texel (0, 0)
        dev_ptr: u64,
        /// the texel format
        desc: ChannelFormat,
        /// width in texels
        width: usize,
        /// height in texels (rows)
        height: usize,
        /// bytes from one row to the next
        pitch_in_bytes: usize,
    },
}

#[derive(Clone, Debug)]
enum Resource {
    Array(CUDAarray),
    Linear {
        arr: Array,
        ptr: u64,
        desc: ChannelFormatDescriptor,
        size_in_bytes: usize,
    },
    Pitch2D {
        arr: Array,
        ptr: u64,
        desc: ChannelFormatDescriptor,
        width: usize,
        height: usize,
        pitch_in_bytes: usize,
    },
}

/// The memory a texture or surface object reads (`cupy.cuda.texture.ResourceDescriptor(
/// restype, cuArr=None, arr=None, chDesc=None, sizeInBytes=0, width=0, height=0,
/// pitchInBytes=0)`, `CUDA_RESOURCE_DESC`): one constructor per resource type —
/// [`array`](Self::array) (`cudaResourceTypeArray`), [`linear`](Self::linear)
/// (`cudaResourceTypeLinear`), [`pitch2d`](Self::pitch2d) (`cudaResourceTypePitch2D`).
/// Mipmapped arrays are not supported (as in CuPy). The descriptor keeps its memory alive (a
/// clone of the CUDA array or of the cuprum array).
///
/// # Example
/// ```
/// use cuprum_core::cuda::texture::*;
/// use cuprum_core::{Array, Device};
/// let ch = ChannelFormatDescriptor::new(32, 0, 0, 0, ChannelFormatKind::Float).unwrap();
/// let a = Array::from_vec_on(vec![0.0f32; 64], &[64], Device::Cpu).unwrap();
/// // linear memory must be on a GPU
/// assert!(ResourceDescriptor::linear(&a, &ch, 256).is_err());
/// ```
#[derive(Clone, Debug)]
pub struct ResourceDescriptor {
    res: Resource,
}

/// `CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT` / `..._TEXTURE_PITCH_ALIGNMENT` of a device.
fn texture_alignment(op: &'static str, ordinal: usize, pitch: bool) -> Result<u64> {
    use sys::CUdevice_attribute as A;
    let st = device(op, ordinal)?;
    let a = if pitch {
        A::CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT
    } else {
        A::CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT
    };
    Ok(attr(st.ctx.cu_device(), a)?.max(1) as u64)
}

/// The device address of `arr`'s element 0 and the bytes from there to the end of its buffer,
/// after the checks every linear resource needs.
fn linear_base(
    op: &'static str,
    arr: &Array,
    desc: &ChannelFormatDescriptor,
) -> Result<(usize, u64, u64)> {
    let Device::Cuda(ordinal) = arr.device() else {
        return Err(cpu_only_error(op, "the array"));
    };
    desc.check_dtype(op, arr.dtype())?;
    let start = arr.layout.offset * arr.dtype().itemsize();
    let avail = arr.storage().nbytes().saturating_sub(start) as u64;
    let ptr = arr.device_ptr().unwrap_or(0);
    let align = texture_alignment(op, ordinal, false)?;
    if !ptr.is_multiple_of(align) {
        return Err(Error::bad_argument(
            op,
            "arr",
            format!("an array starting at device address {ptr:#x}"),
            format!(
                "an array starting at a multiple of the device's texture alignment ({align} bytes)"
            ),
        ));
    }
    Ok((ordinal, ptr, avail))
}

impl ResourceDescriptor {
    /// A CUDA array resource (`ResourceDescriptor(cudaResourceTypeArray, cuArr=cu_arr)`).
    pub fn array(cu_arr: &CUDAarray) -> ResourceDescriptor {
        ResourceDescriptor {
            res: Resource::Array(cu_arr.clone()),
        }
    }

    /// Linear device memory: `size_in_bytes` bytes of `arr` from its element 0 (the texels in
    /// memory order, whatever `arr`'s strides), texels of format `ch_desc`
    /// (`ResourceDescriptor(cudaResourceTypeLinear, arr=arr, chDesc=ch_desc,
    /// sizeInBytes=size_in_bytes)`). A kernel reads texel `i` with `tex1Dfetch<T>(tex, i)`.
    ///
    /// **Shapes**: `arr` is any CUDA array of dtype `ch_desc.dtype()` whose buffer holds
    /// `size_in_bytes` bytes from element 0 on (`arr.nbytes()` for a C-contiguous array).
    ///
    /// # Errors
    /// - [`Error::Unsupported`] when `arr` is on the CPU;
    /// - [`Error::DTypeMismatch`] when its dtype is not the format's;
    /// - [`Error::BadArgument`] (op `ResourceDescriptor::linear`) when `size_in_bytes` is 0
    ///   or not a whole number of texels, exceeds the buffer, or element 0 is not aligned to
    ///   the device's texture alignment (`CU_DEVICE_ATTRIBUTE_TEXTURE_ALIGNMENT`, e.g. 512
    ///   bytes).
    pub fn linear(
        arr: &Array,
        ch_desc: &ChannelFormatDescriptor,
        size_in_bytes: usize,
    ) -> Result<ResourceDescriptor> {
        const OP: &str = "ResourceDescriptor::linear";
        let (_, ptr, avail) = linear_base(OP, arr, ch_desc)?;
        let texel = ch_desc.texel_bytes();
        if size_in_bytes == 0
            || !size_in_bytes.is_multiple_of(texel)
            || size_in_bytes as u64 > avail
        {
            return Err(Error::bad_argument(
                OP,
                "size_in_bytes",
                size_in_bytes,
                format!(
                    "a positive multiple of the texel size ({texel} bytes), at most the {avail} bytes of the buffer from the array's first element"
                ),
            ));
        }
        Ok(ResourceDescriptor {
            res: Resource::Linear {
                arr: arr.clone(),
                ptr,
                desc: *ch_desc,
                size_in_bytes,
            },
        })
    }

    /// Pitched 2-D device memory: `height` rows of `width` texels of format `ch_desc`, row `r`
    /// starting `r * pitch_in_bytes` bytes after `arr`'s element 0
    /// (`ResourceDescriptor(cudaResourceTypePitch2D, arr=arr, chDesc=ch_desc, width=width,
    /// height=height, pitchInBytes=pitch_in_bytes)`). A kernel reads it with `tex2D<T>`.
    ///
    /// **Shapes**: for a C-contiguous `(height, nch * width)` array, `pitch_in_bytes =
    /// nch * width * itemsize`; a wider `(height, n)` array (`n >= nch * width`) gives a
    /// pitch of `n * itemsize`.
    ///
    /// # Errors
    /// - [`Error::Unsupported`] when `arr` is on the CPU;
    /// - [`Error::DTypeMismatch`] when its dtype is not the format's;
    /// - [`Error::BadArgument`] (op `ResourceDescriptor::pitch2d`) when `width` or `height`
    ///   is 0, `pitch_in_bytes` is below a row of texels or not a multiple of the device's
    ///   texture pitch alignment (`CU_DEVICE_ATTRIBUTE_TEXTURE_PITCH_ALIGNMENT`), the rows
    ///   exceed the buffer, or element 0 is not aligned to the texture alignment.
    pub fn pitch2d(
        arr: &Array,
        ch_desc: &ChannelFormatDescriptor,
        width: usize,
        height: usize,
        pitch_in_bytes: usize,
    ) -> Result<ResourceDescriptor> {
        const OP: &str = "ResourceDescriptor::pitch2d";
        let (ordinal, ptr, avail) = linear_base(OP, arr, ch_desc)?;
        let row = width.checked_mul(ch_desc.texel_bytes());
        let need = row.and_then(|r| {
            pitch_in_bytes
                .checked_mul(height.saturating_sub(1))
                .and_then(|b| b.checked_add(r))
        });
        let (Some(row), Some(need)) = (row, need) else {
            return Err(Error::bad_argument(
                OP,
                "(width, height, pitch_in_bytes)",
                format!("({width}, {height}, {pitch_in_bytes})"),
                "a size whose byte count fits in usize",
            ));
        };
        if width == 0 || height == 0 || pitch_in_bytes < row || need as u64 > avail {
            return Err(Error::bad_argument(
                OP,
                "(width, height, pitch_in_bytes)",
                format!("({width}, {height}, {pitch_in_bytes})"),
                format!(
                    "nonzero width and height, a pitch of at least a row of texels ({row} bytes), and rows ({need} bytes) within the {avail} bytes of the buffer from the array's first element"
                ),
            ));
        }
        let align = texture_alignment(OP, ordinal, true)?;
        if !(pitch_in_bytes as u64).is_multiple_of(align) {
            return Err(Error::bad_argument(
                OP,
                "pitch_in_bytes",
                pitch_in_bytes,
                format!("a multiple of the device's texture pitch alignment ({align} bytes)"),
            ));
        }
        Ok(ResourceDescriptor {
            res: Resource::Pitch2D {
                arr: arr.clone(),
                ptr,
                desc: *ch_desc,
                width,
                height,
                pitch_in_bytes,
            },
        })
    }

    /// The resource type.
    pub fn res_type(&self) -> ResourceType {
        match self.res {
            Resource::Array(_) => ResourceType::Array,
            Resource::Linear { .. } => ResourceType::Linear,
            Resource::Pitch2D { .. } => ResourceType::Pitch2D,
        }
    }

    /// The fields, as CuPy's `get_resource_desc()` returns them.
    pub fn get_resource_desc(&self) -> ResourceInfo {
        match &self.res {
            Resource::Array(a) => ResourceInfo::Array { array: a.ptr() },
            Resource::Linear {
                ptr,
                desc,
                size_in_bytes,
                ..
            } => ResourceInfo::Linear {
                dev_ptr: *ptr,
                desc: desc.get_channel_format(),
                size_in_bytes: *size_in_bytes,
            },
            Resource::Pitch2D {
                ptr,
                desc,
                width,
                height,
                pitch_in_bytes,
                ..
            } => ResourceInfo::Pitch2D {
                dev_ptr: *ptr,
                desc: desc.get_channel_format(),
                width: *width,
                height: *height,
                pitch_in_bytes: *pitch_in_bytes,
            },
        }
    }

    /// The CUDA array, for an array resource.
    pub fn cuda_array(&self) -> Option<&CUDAarray> {
        match &self.res {
            Resource::Array(a) => Some(a),
            _ => None,
        }
    }

    /// The cuprum array, for a linear or pitched resource.
    pub fn array_ref(&self) -> Option<&Array> {
        match &self.res {
            Resource::Linear { arr, .. } | Resource::Pitch2D { arr, .. } => Some(arr),
            Resource::Array(_) => None,
        }
    }

    /// The device of the memory.
    pub fn device(&self) -> Device {
        match &self.res {
            Resource::Array(a) => a.device(),
            Resource::Linear { arr, .. } | Resource::Pitch2D { arr, .. } => arr.device(),
        }
    }

    fn ordinal(&self) -> usize {
        match self.device() {
            Device::Cuda(i) => i,
            // every constructor checked that the memory is on a CUDA device
            _ => 0,
        }
    }

    fn format(&self) -> ChannelFormatDescriptor {
        match &self.res {
            Resource::Array(a) => a.desc,
            Resource::Linear { desc, .. } | Resource::Pitch2D { desc, .. } => *desc,
        }
    }

    /// The number of coordinates a kernel addresses it with (1, 2 or 3; 0 for linear memory,
    /// read by integer index).
    fn coord_dims(&self) -> usize {
        match &self.res {
            Resource::Array(a) => a.ndim(),
            Resource::Linear { .. } => 0,
            Resource::Pitch2D { .. } => 2,
        }
    }

    /// The driver's description.
    fn raw(&self) -> sys::CUDA_RESOURCE_DESC {
        use sys::CUDA_RESOURCE_DESC_st__bindgen_ty_1 as Res;
        use sys::CUresourcetype as T;
        let mut d = sys::CUDA_RESOURCE_DESC {
            resType: T::CU_RESOURCE_TYPE_ARRAY,
            res: Res {
                reserved: sys::CUDA_RESOURCE_DESC_st__bindgen_ty_1__bindgen_ty_5 {
                    reserved: [0; 32],
                },
            },
            flags: 0,
        };
        match &self.res {
            Resource::Array(a) => {
                d.res.array = sys::CUDA_RESOURCE_DESC_st__bindgen_ty_1__bindgen_ty_1 {
                    hArray: a.raw.handle,
                };
            }
            Resource::Linear {
                ptr,
                desc,
                size_in_bytes,
                ..
            } => {
                d.resType = T::CU_RESOURCE_TYPE_LINEAR;
                d.res.linear = sys::CUDA_RESOURCE_DESC_st__bindgen_ty_1__bindgen_ty_3 {
                    devPtr: *ptr,
                    format: desc.format(),
                    numChannels: desc.num_channels(),
                    sizeInBytes: *size_in_bytes,
                };
            }
            Resource::Pitch2D {
                ptr,
                desc,
                width,
                height,
                pitch_in_bytes,
                ..
            } => {
                d.resType = T::CU_RESOURCE_TYPE_PITCH2D;
                d.res.pitch2D = sys::CUDA_RESOURCE_DESC_st__bindgen_ty_1__bindgen_ty_4 {
                    devPtr: *ptr,
                    format: desc.format(),
                    numChannels: desc.num_channels(),
                    width: *width,
                    height: *height,
                    pitchInBytes: *pitch_in_bytes,
                };
            }
        }
        d
    }
}

// ---------------------------------------------------------------------------------------------
// Texture descriptors
// ---------------------------------------------------------------------------------------------

/// What a texture fetch outside `[0, extent)` reads (`cudaTextureAddressMode`:
/// `cudaAddressModeWrap` = 0, `Clamp` = 1, `Mirror` = 2, `Border` = 3).
///
/// # Example
/// ```
/// use cuprum_core::cuda::texture::AddressMode;
/// assert_eq!(AddressMode::Border as u32, 3);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum AddressMode {
    /// the coordinate wraps around (normalized coordinates only)
    Wrap = 0,
    /// the coordinate is clamped to the edge texel
    Clamp = 1,
    /// the coordinate is mirrored at the edges (normalized coordinates only)
    Mirror = 2,
    /// outside reads the border color
    Border = 3,
}

/// How a fetch between texel centres is computed (`cudaTextureFilterMode`:
/// `cudaFilterModePoint` = 0, `Linear` = 1).
///
/// # Example
/// ```
/// use cuprum_core::cuda::texture::FilterMode;
/// assert_eq!(FilterMode::Linear as u32, 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum FilterMode {
    /// the nearest texel (`floor` of the coordinate)
    Point = 0,
    /// linear (bi-, tri-linear) interpolation of the neighbouring texels, with 8-bit
    /// fractional weights; float results only
    Linear = 1,
}

/// What a fetch returns (`cudaTextureReadMode`: `cudaReadModeElementType` = 0,
/// `NormalizedFloat` = 1).
///
/// # Example
/// ```
/// use cuprum_core::cuda::texture::ReadMode;
/// assert_eq!(ReadMode::NormalizedFloat as u32, 1);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReadMode {
    /// the stored value as is
    ElementType = 0,
    /// an 8- or 16-bit integer mapped to a float in `[0, 1]` (unsigned) or `[-1, 1]` (signed)
    NormalizedFloat = 1,
}

/// How a texture is sampled (`cupy.cuda.texture.TextureDescriptor(addressModes=None,
/// filterMode=0, readMode=0, sRGB=None, borderColors=None, normalizedCoords=None,
/// maxAnisotropy=None)`, `CUDA_TEXTURE_DESC`): address modes per axis, filter mode, read mode,
/// normalized coordinates (`[0, 1)` across each axis instead of `[0, extent)`), sRGB, border
/// color, maximum anisotropy. Axes without a given address mode get [`AddressMode::Wrap`] (0,
/// as CuPy's zeroed struct).
///
/// # Example
/// ```
/// use cuprum_core::cuda::texture::*;
/// let t = TextureDescriptor::new(&[AddressMode::Border], FilterMode::Linear, ReadMode::ElementType, true)
///     .unwrap()
///     .with_border_color(&[0.5, 0.0, 0.0, 1.0])
///     .unwrap();
/// assert_eq!(t.address_modes(), [AddressMode::Border, AddressMode::Wrap, AddressMode::Wrap]);
/// assert_eq!(t.border_color(), [0.5, 0.0, 0.0, 1.0]);
/// assert!(TextureDescriptor::new(&[AddressMode::Clamp; 4], FilterMode::Point, ReadMode::ElementType, false).is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TextureDescriptor {
    address_modes: [AddressMode; 3],
    filter_mode: FilterMode,
    read_mode: ReadMode,
    normalized_coords: bool,
    srgb: bool,
    border_color: [f32; 4],
    max_anisotropy: u32,
}

impl TextureDescriptor {
    /// A texture description with up to 3 `address_modes` (x, y, z; the rest
    /// [`AddressMode::Wrap`]), `filter_mode`, `read_mode` and `normalized_coords`; no sRGB, a
    /// border color of 0 and a maximum anisotropy of 0 (change them with the `with_*`
    /// methods).
    ///
    /// # Errors
    /// [`Error::BadArgument`] (op `TextureDescriptor::new`) for more than 3 address modes.
    pub fn new(
        address_modes: &[AddressMode],
        filter_mode: FilterMode,
        read_mode: ReadMode,
        normalized_coords: bool,
    ) -> Result<TextureDescriptor> {
        if address_modes.len() > 3 {
            return Err(Error::bad_argument(
                "TextureDescriptor::new",
                "address_modes",
                format!("{address_modes:?}"),
                "at most 3 address modes (one per axis)",
            ));
        }
        let mut modes = [AddressMode::Wrap; 3];
        modes[..address_modes.len()].copy_from_slice(address_modes);
        Ok(TextureDescriptor {
            address_modes: modes,
            filter_mode,
            read_mode,
            normalized_coords,
            srgb: false,
            border_color: [0.0; 4],
            max_anisotropy: 0,
        })
    }

    /// The same description with sRGB-to-linear conversion on (`sRGB=1`) or off.
    pub fn with_srgb(mut self, srgb: bool) -> TextureDescriptor {
        self.srgb = srgb;
        self
    }

    /// The same description with up to 4 border color components (r, g, b, a; the rest 0),
    /// read outside the texture with [`AddressMode::Border`] (`borderColors=...`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] (op `TextureDescriptor::with_border_color`) for more than 4.
    pub fn with_border_color(mut self, colors: &[f32]) -> Result<TextureDescriptor> {
        if colors.len() > 4 {
            return Err(Error::bad_argument(
                "TextureDescriptor::with_border_color",
                "colors",
                format!("{colors:?}"),
                "at most 4 components",
            ));
        }
        self.border_color = [0.0; 4];
        self.border_color[..colors.len()].copy_from_slice(colors);
        Ok(self)
    }

    /// The same description with a maximum anisotropy (`maxAnisotropy=...`; the driver
    /// clamps it to `[1, 16]`).
    pub fn with_max_anisotropy(mut self, max_anisotropy: u32) -> TextureDescriptor {
        self.max_anisotropy = max_anisotropy;
        self
    }

    /// The address modes of x, y, z.
    pub fn address_modes(&self) -> [AddressMode; 3] {
        self.address_modes
    }
    /// The filter mode.
    pub fn filter_mode(&self) -> FilterMode {
        self.filter_mode
    }
    /// The read mode.
    pub fn read_mode(&self) -> ReadMode {
        self.read_mode
    }
    /// Whether coordinates are normalized.
    pub fn normalized_coords(&self) -> bool {
        self.normalized_coords
    }
    /// Whether sRGB conversion is on.
    pub fn srgb(&self) -> bool {
        self.srgb
    }
    /// The border color.
    pub fn border_color(&self) -> [f32; 4] {
        self.border_color
    }
    /// The maximum anisotropy.
    pub fn max_anisotropy(&self) -> u32 {
        self.max_anisotropy
    }

    /// Checks the combination with `res` (CUDA's rules for texture objects).
    fn check(&self, op: &'static str, res: &ResourceDescriptor) -> Result<()> {
        let fmt = res.format();
        let int = fmt.kind() != ChannelFormatKind::Float;
        if !self.normalized_coords {
            for (axis, m) in self.address_modes[..res.coord_dims()].iter().enumerate() {
                if matches!(m, AddressMode::Wrap | AddressMode::Mirror) {
                    return Err(Error::bad_argument(
                        op,
                        "address_modes",
                        format!("{m:?} on axis {axis} with normalized_coords = false"),
                        "Clamp or Border, or normalized_coords = true (CUDA supports Wrap and Mirror only with normalized coordinates)",
                    ));
                }
            }
        }
        if int && self.read_mode == ReadMode::NormalizedFloat && fmt.bits_per_channel() == 32 {
            return Err(Error::bad_argument(
                op,
                "read_mode",
                format!("NormalizedFloat with 32-bit {:?} channels", fmt.kind()),
                "ReadMode::ElementType (only 8- and 16-bit integers are normalized)",
            ));
        }
        if self.filter_mode == FilterMode::Linear {
            if res.res_type() == ResourceType::Linear {
                return Err(Error::bad_argument(
                    op,
                    "filter_mode",
                    "Linear on linear memory",
                    "FilterMode::Point (tex1Dfetch reads texels by index without filtering), or a CUDA array",
                ));
            }
            if int && self.read_mode == ReadMode::ElementType {
                return Err(Error::bad_argument(
                    op,
                    "filter_mode",
                    format!(
                        "Linear with {}-bit {:?} channels read as ElementType",
                        fmt.bits_per_channel(),
                        fmt.kind()
                    ),
                    "a float format, or ReadMode::NormalizedFloat with 8- or 16-bit integers (linear filtering returns floats)",
                ));
            }
        }
        Ok(())
    }

    /// The driver's description for a resource of format `fmt`.
    pub(crate) fn raw(&self, fmt: &ChannelFormatDescriptor) -> sys::CUDA_TEXTURE_DESC {
        use sys::{CUaddress_mode as Am, CUfilter_mode as Fm};
        let am = |m: AddressMode| match m {
            AddressMode::Wrap => Am::CU_TR_ADDRESS_MODE_WRAP,
            AddressMode::Clamp => Am::CU_TR_ADDRESS_MODE_CLAMP,
            AddressMode::Mirror => Am::CU_TR_ADDRESS_MODE_MIRROR,
            AddressMode::Border => Am::CU_TR_ADDRESS_MODE_BORDER,
        };
        let mut flags = 0;
        // the runtime's cudaReadModeElementType on integer texels is the driver's "read as
        // integer" (float texels are returned as they are either way)
        if self.read_mode == ReadMode::ElementType && fmt.kind() != ChannelFormatKind::Float {
            flags |= sys::CU_TRSF_READ_AS_INTEGER;
        }
        if self.normalized_coords {
            flags |= sys::CU_TRSF_NORMALIZED_COORDINATES;
        }
        if self.srgb {
            flags |= sys::CU_TRSF_SRGB;
        }
        sys::CUDA_TEXTURE_DESC {
            addressMode: self.address_modes.map(am),
            filterMode: match self.filter_mode {
                FilterMode::Point => Fm::CU_TR_FILTER_MODE_POINT,
                FilterMode::Linear => Fm::CU_TR_FILTER_MODE_LINEAR,
            },
            flags,
            maxAnisotropy: self.max_anisotropy,
            mipmapFilterMode: Fm::CU_TR_FILTER_MODE_POINT,
            mipmapLevelBias: 0.0,
            minMipmapLevelClamp: 0.0,
            maxMipmapLevelClamp: 0.0,
            borderColor: self.border_color,
            reserved: [0; 12],
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Texture and surface objects
// ---------------------------------------------------------------------------------------------

/// A texture object (`cupy.cuda.texture.TextureObject(ResDesc, TexDesc)`,
/// `cuTexObjectCreate`): the handle [`ptr`](Self::ptr), a `cudaTextureObject_t`, is passed to a
/// kernel, which reads with `tex1Dfetch<T>(tex, i)` (linear memory), `tex1D<T>(tex, x)`,
/// `tex2D<T>(tex, x, y)` or `tex3D<T>(tex, x, y, z)`. The object keeps its resource alive and
/// destroys the handle on drop (`cuTexObjectDestroy`); a kernel using it must be done by then.
///
/// # Example
/// ```
/// use cuprum_core::cuda::texture::*;
/// use cuprum_core::{Array, Device, cuda};
/// if cuda::device_count() > 0 {
///     let ch = ChannelFormatDescriptor::new(32, 0, 0, 0, ChannelFormatKind::Float).unwrap();
///     let arr = CUDAarray::new_on(&ch, 4, 4, 0, ARRAY_DEFAULT, Device::Cuda(0)).unwrap();
///     let res = ResourceDescriptor::array(&arr);
///     let tex = TextureDescriptor::new(&[AddressMode::Clamp; 2], FilterMode::Linear, ReadMode::ElementType, false).unwrap();
///     let t = TextureObject::new(&res, &tex).unwrap();
///     assert_ne!(t.ptr(), 0);
/// }
/// ```
#[derive(Debug)]
pub struct TextureObject {
    handle: u64,
    ordinal: usize,
    res_desc: ResourceDescriptor,
    tex_desc: TextureDescriptor,
}

impl TextureObject {
    /// A texture object reading `res_desc` as `tex_desc` says.
    ///
    /// # Errors
    /// - [`Error::BadArgument`] (op `TextureObject::new`) for a combination CUDA does not
    ///   support: [`AddressMode::Wrap`] or [`AddressMode::Mirror`] on an axis the resource
    ///   has without normalized coordinates; [`FilterMode::Linear`] on linear memory or on
    ///   integer texels read as [`ReadMode::ElementType`]; [`ReadMode::NormalizedFloat`] on
    ///   32-bit integers;
    /// - a CUDA error from `cuTexObjectCreate` (e.g. extents above the device's limits).
    pub fn new(res_desc: &ResourceDescriptor, tex_desc: &TextureDescriptor) -> Result<Self> {
        const OP: &str = "TextureObject::new";
        tex_desc.check(OP, res_desc)?;
        let ordinal = res_desc.ordinal();
        let rd = res_desc.raw();
        let td = tex_desc.raw(&res_desc.format());
        bind(OP, ordinal)?;
        let mut handle: sys::CUtexObject = 0;
        // SAFETY: both descriptions are fully initialized (the union zeroed, then one variant
        // set); the memory they name is live (held by `res_desc`, cloned into the object);
        // no resource view; writes one handle.
        call("cuTexObjectCreate", || unsafe {
            sys::cuTexObjectCreate(&mut handle, &rd, &td, std::ptr::null())
        })?;
        Ok(TextureObject {
            handle,
            ordinal,
            res_desc: res_desc.clone(),
            tex_desc: *tex_desc,
        })
    }

    /// The handle, a `cudaTextureObject_t` (`unsigned long long`) for a kernel argument
    /// (CuPy's `TextureObject.ptr`).
    pub fn ptr(&self) -> u64 {
        self.handle
    }
    /// The resource it reads.
    pub fn res_desc(&self) -> &ResourceDescriptor {
        &self.res_desc
    }
    /// How it samples.
    pub fn tex_desc(&self) -> &TextureDescriptor {
        &self.tex_desc
    }
    /// The device.
    pub fn device(&self) -> Device {
        Device::Cuda(self.ordinal)
    }
}

impl Drop for TextureObject {
    fn drop(&mut self) {
        let r = bind("TextureObject::drop", self.ordinal)
            .map_err(Error::from)
            .and_then(|_| {
                // SAFETY: the handle came from cuTexObjectCreate on this device and is destroyed
                // once, here.
                call("cuTexObjectDestroy", || unsafe {
                    sys::cuTexObjectDestroy(self.handle)
                })
            });
        if let Err(e) = r {
            tracing::error!("destroying a texture object on cuda:{}: {e}", self.ordinal);
        }
    }
}

/// A surface object (`cupy.cuda.texture.SurfaceObject(ResDesc)`, `cuSurfObjectCreate`): the
/// handle [`ptr`](Self::ptr), a `cudaSurfaceObject_t`, is passed to a kernel, which reads and
/// writes the CUDA array with `surf1Dread`/`surf1Dwrite`, `surf2Dread`/`surf2Dwrite`,
/// `surf3Dread`/`surf3Dwrite` (x coordinates in bytes). The resource must be a [`CUDAarray`]
/// made with [`ARRAY_SURFACE_LOAD_STORE`]. The object keeps the array alive and destroys the
/// handle on drop (`cuSurfObjectDestroy`).
///
/// # Example
/// ```
/// use cuprum_core::cuda::texture::*;
/// use cuprum_core::{Device, cuda};
/// if cuda::device_count() > 0 {
///     let ch = ChannelFormatDescriptor::new(32, 0, 0, 0, ChannelFormatKind::Float).unwrap();
///     let arr = CUDAarray::new_on(&ch, 8, 8, 0, ARRAY_SURFACE_LOAD_STORE, Device::Cuda(0)).unwrap();
///     let s = SurfaceObject::new(&ResourceDescriptor::array(&arr)).unwrap();
///     assert_ne!(s.ptr(), 0);
/// }
/// ```
#[derive(Debug)]
pub struct SurfaceObject {
    handle: u64,
    ordinal: usize,
    res_desc: ResourceDescriptor,
}

impl SurfaceObject {
    /// A surface object over `res_desc`'s CUDA array.
    ///
    /// # Errors
    /// - [`Error::BadArgument`] (op `SurfaceObject::new`) when the resource is not a CUDA
    ///   array, or the array was made without [`ARRAY_SURFACE_LOAD_STORE`];
    /// - a CUDA error from `cuSurfObjectCreate`.
    pub fn new(res_desc: &ResourceDescriptor) -> Result<Self> {
        const OP: &str = "SurfaceObject::new";
        let Some(a) = res_desc.cuda_array() else {
            return Err(Error::bad_argument(
                OP,
                "res_desc",
                format!("a {:?} resource", res_desc.res_type()),
                "a CUDA array resource (surfaces read and write CUDA arrays only)",
            ));
        };
        if a.flags() & ARRAY_SURFACE_LOAD_STORE == 0 {
            return Err(Error::bad_argument(
                OP,
                "res_desc",
                format!("a CUDA array made with flags {:#x}", a.flags()),
                format!(
                    "a CUDA array made with ARRAY_SURFACE_LOAD_STORE ({ARRAY_SURFACE_LOAD_STORE:#x})"
                ),
            ));
        }
        let ordinal = res_desc.ordinal();
        let rd = res_desc.raw();
        bind(OP, ordinal)?;
        let mut handle: sys::CUsurfObject = 0;
        // SAFETY: the description is fully initialized and names a live CUDA array (held by
        // `res_desc`, cloned into the object); writes one handle.
        call("cuSurfObjectCreate", || unsafe {
            sys::cuSurfObjectCreate(&mut handle, &rd)
        })?;
        Ok(SurfaceObject {
            handle,
            ordinal,
            res_desc: res_desc.clone(),
        })
    }

    /// The handle, a `cudaSurfaceObject_t` (`unsigned long long`) for a kernel argument
    /// (CuPy's `SurfaceObject.ptr`).
    pub fn ptr(&self) -> u64 {
        self.handle
    }
    /// The resource it reads and writes.
    pub fn res_desc(&self) -> &ResourceDescriptor {
        &self.res_desc
    }
    /// The device.
    pub fn device(&self) -> Device {
        Device::Cuda(self.ordinal)
    }
}

impl Drop for SurfaceObject {
    fn drop(&mut self) {
        let r = bind("SurfaceObject::drop", self.ordinal)
            .map_err(Error::from)
            .and_then(|_| {
                // SAFETY: the handle came from cuSurfObjectCreate on this device and is destroyed
                // once, here.
                call("cuSurfObjectDestroy", || unsafe {
                    sys::cuSurfObjectDestroy(self.handle)
                })
            });
        if let Err(e) = r {
            tracing::error!("destroying a surface object on cuda:{}: {e}", self.ordinal);
        }
    }
}
