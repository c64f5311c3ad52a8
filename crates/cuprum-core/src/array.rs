//! [`Array`]: an n-dimensional array with a run-time dtype, bound to one device.

use crate::IntoShape;
use crate::backend::{self, View};
use crate::storage::Storage;
use crate::{DType, Device, Element, Error, Layout, Result, Scalar};
use std::sync::Arc;

/// An n-dimensional array like `cupy.ndarray`: a run-time [`DType`], a dynamic shape, strides
/// in elements (negative and zero allowed) and a buffer on one [`Device`].
///
/// Cloning is cheap (a handle: the clone views the same buffer). Slicing, transposing,
/// broadcasting and (where possible) reshaping return views that share the buffer; writes
/// through a view are visible through the base.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let a = Array::from_vec_on(vec![1.0f32, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(a.shape(), &[2, 2]);
/// assert_eq!(a.to_vec::<f32>().unwrap(), vec![1.0, 2.0, 3.0, 4.0]);
/// ```
#[derive(Clone)]
pub struct Array {
    pub(crate) storage: Arc<Storage>,
    pub(crate) layout: Layout,
    pub(crate) dtype: DType,
}

impl std::fmt::Debug for Array {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Array(shape={:?}, dtype={}, device={}, strides={:?}, offset={})",
            self.layout.shape,
            self.dtype,
            self.device(),
            self.layout.strides,
            self.layout.offset
        )
    }
}

impl Array {
    /// Builds an array from its parts (crate-internal; no checks).
    pub(crate) fn from_parts(storage: Arc<Storage>, layout: Layout, dtype: DType) -> Array {
        Array {
            storage,
            layout,
            dtype,
        }
    }

    /// A new C-contiguous array of `shape` on `device` with unspecified contents.
    ///
    /// # Errors
    /// [`Error::TooBig`] when the shape's byte size overflows or exceeds `isize::MAX`;
    /// [`Error::OutOfMemory`] / [`Error::DeviceUnavailable`] from the allocation.
    /// [`Error::BadArgument`] for a negative entry of a signed shape.
    ///
    /// The shape is any [`IntoShape`] (`&[usize]`, `&Vec<usize>`, `&[2, 3]`, `()` for 0-d), as
    /// every creation function takes it.
    pub fn empty_on(shape: impl IntoShape, dtype: DType, device: Device) -> Result<Array> {
        let shape = shape.to_shape("empty")?;
        Array::alloc_named("empty", &shape, dtype, device)
    }

    /// [`Array::empty_on`] whose size error names `op` (crate-internal: every new array goes
    /// through here, so every shape becomes a byte count through [`crate::layout::checked_size`]).
    pub(crate) fn alloc_named(
        op: &'static str,
        shape: &[usize],
        dtype: DType,
        device: Device,
    ) -> Result<Array> {
        let n = crate::layout::checked_size(op, shape, dtype.itemsize())?;
        let storage = backend::alloc(device, n * dtype.itemsize())?;
        Ok(Array::from_parts(
            Arc::new(storage),
            Layout::contiguous(shape),
            dtype,
        ))
    }

    /// A new C-contiguous array whose every element the caller writes before it is read
    /// (the output of an elementwise operation or a copy): its buffer may be a reused one
    /// ([`backend::alloc_for_overwrite`]), holding stale values until then.
    pub(crate) fn empty_for_overwrite(
        shape: &[usize],
        dtype: DType,
        device: Device,
    ) -> Result<Array> {
        let n = crate::layout::checked_size("empty", shape, dtype.itemsize())?;
        let storage = backend::alloc_for_overwrite(device, n * dtype.itemsize())?;
        Ok(Array::from_parts(
            Arc::new(storage),
            Layout::contiguous(shape),
            dtype,
        ))
    }

    /// An array on `device` holding `data` in C order with the given `shape`.
    ///
    /// # Errors
    /// [`Error::ShapeMismatch`] when `data.len()` is not the product of `shape` (any
    /// [`IntoShape`]); [`Error::BadArgument`] for a negative entry.
    pub fn from_vec_on<T: Element>(
        data: Vec<T>,
        shape: impl IntoShape,
        device: Device,
    ) -> Result<Array> {
        Array::from_slice_on(&data, shape, device)
    }

    /// An array on the current device holding `data` in C order with the given `shape`.
    ///
    /// # Errors
    /// [`Error::ShapeMismatch`] when `data.len()` is not the product of `shape` (any
    /// [`IntoShape`]); [`Error::BadArgument`] for a negative entry.
    ///
    /// # Example
    /// ```
    /// # use cuprum_core::Array;
    /// let a = Array::from_vec(vec![1i64, 2, 3], &[3]).unwrap();
    /// assert_eq!(a.size(), 3);
    /// ```
    pub fn from_vec<T: Element>(data: Vec<T>, shape: impl IntoShape) -> Result<Array> {
        Array::from_slice_on(&data, shape, crate::current_device())
    }

    /// Like [`Array::from_vec_on`], copying from a slice.
    ///
    /// # Errors
    /// [`Error::ShapeMismatch`] when `data.len()` is not the product of `shape` (any
    /// [`IntoShape`]); [`Error::BadArgument`] for a negative entry.
    pub fn from_slice_on<T: Element>(
        data: &[T],
        shape: impl IntoShape,
        device: Device,
    ) -> Result<Array> {
        let shape = shape.to_shape("from_vec")?;
        let shape = &shape[..];
        if crate::layout::checked_size("from_vec", shape, T::DTYPE.itemsize())? != data.len() {
            return Err(Error::ShapeMismatch {
                op: "from_vec",
                lhs: vec![data.len()],
                rhs: shape.to_vec(),
                detail: None,
            });
        }
        device.check_available("from_vec")?;
        let storage = backend::from_host(device, T::to_bytes(data))?;
        Ok(Array::from_parts(
            Arc::new(storage),
            Layout::contiguous(shape),
            T::DTYPE,
        ))
    }

    /// Like [`Array::from_vec`], copying from a slice.
    ///
    /// # Errors
    /// [`Error::ShapeMismatch`] when `data.len()` is not the product of `shape` (any
    /// [`IntoShape`]); [`Error::BadArgument`] for a negative entry.
    pub fn from_slice<T: Element>(data: &[T], shape: impl IntoShape) -> Result<Array> {
        Array::from_slice_on(data, shape, crate::current_device())
    }

    /// A 0-d array holding one value.
    pub fn scalar_on<T: Element>(value: T, device: Device) -> Result<Array> {
        Array::from_slice_on(&[value], (), device)
    }

    /// An array from raw native-endian bytes in C order.
    ///
    /// # Errors
    /// [`Error::ShapeMismatch`] when the byte count does not match `shape` and `dtype`;
    /// [`Error::BadArgument`] for a negative entry of `shape`.
    pub fn from_bytes_on(
        bytes: &[u8],
        shape: impl IntoShape,
        dtype: DType,
        device: Device,
    ) -> Result<Array> {
        let shape = shape.to_shape("from_bytes")?;
        let shape = &shape[..];
        let n = crate::layout::checked_size("from_bytes", shape, dtype.itemsize())?;
        if n * dtype.itemsize() != bytes.len() {
            return Err(Error::ShapeMismatch {
                op: "from_bytes",
                lhs: vec![bytes.len()],
                rhs: shape.to_vec(),
                detail: None,
            });
        }
        device.check_available("from_bytes")?;
        let storage = backend::from_host(device, bytes)?;
        Ok(Array::from_parts(
            Arc::new(storage),
            Layout::contiguous(shape),
            dtype,
        ))
    }

    /// The elements in C order, copied to the host. Synchronizes with the device.
    ///
    /// # Errors
    /// [`Error::DTypeMismatch`] when `T` is not the array's dtype.
    pub fn to_vec<T: Element>(&self) -> Result<Vec<T>> {
        if T::DTYPE != self.dtype {
            return Err(Error::DTypeMismatch {
                op: "to_vec",
                expected: T::DTYPE,
                actual: self.dtype,
            });
        }
        if T::DTYPE == DType::Bool {
            // bytes other than 0/1 are not valid `bool`s: decode them
            return Ok(T::from_bytes(&self.to_bytes()?));
        }
        debug_assert_eq!(std::mem::size_of::<T>(), self.dtype.itemsize());
        let n = self.size();
        let mut v = crate::storage::try_vec_with_capacity::<T>(n)?;
        let src = self.host_source()?;
        // SAFETY: the Vec has room for `n` elements of `T`, whose size is the dtype's itemsize
        // (every non-bool `Element` is plain old data: any bytes are a valid value); the copy
        // writes all `n * itemsize` bytes before `set_len` exposes them.
        unsafe {
            backend::to_host_raw(src.view(), v.as_mut_ptr().cast(), n * self.dtype.itemsize())?;
            v.set_len(n);
        }
        Ok(v)
    }

    /// The elements' native-endian bytes in C order, copied to the host (one copy: a strided
    /// CPU view is gathered straight into the result, a CUDA array downloaded into it).
    pub fn to_bytes(&self) -> Result<Vec<u8>> {
        backend::to_host(self.host_source()?.view())
    }

    /// What `to_vec`/`to_bytes` read from: the array itself on the CPU (any layout is copied in
    /// C order in one pass), a C-contiguous array on CUDA (one download).
    fn host_source(&self) -> Result<Array> {
        if self.device() == Device::Cpu {
            Ok(self.clone())
        } else {
            self.as_c_contiguous()
        }
    }

    /// The single element of a size-1 array, as a [`Scalar`] (like `ndarray.item()`).
    ///
    /// # Errors
    /// [`Error::BadShape`] when the array has more or fewer than one element.
    pub fn item(&self) -> Result<Scalar> {
        if self.size() != 1 {
            return Err(Error::bad_shape(
                "item",
                "self",
                self.shape(),
                "an array of size 1",
            ));
        }
        let b = self.to_bytes()?;
        Ok(scalar_from_bytes(self.dtype, &b))
    }

    /// The shape.
    pub fn shape(&self) -> &[usize] {
        &self.layout.shape
    }
    /// Strides in elements (may be negative or zero).
    pub fn strides(&self) -> &[isize] {
        &self.layout.strides
    }
    /// Offset of element `(0, ...)` into the buffer, in elements.
    pub fn offset(&self) -> usize {
        self.layout.offset
    }
    /// The full layout.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }
    /// Number of axes.
    pub fn ndim(&self) -> usize {
        self.layout.ndim()
    }
    /// Number of elements.
    pub fn size(&self) -> usize {
        self.layout.size()
    }
    /// Bytes the elements occupy (`size * itemsize`).
    pub fn nbytes(&self) -> usize {
        self.size() * self.dtype.itemsize()
    }
    /// The element type.
    pub fn dtype(&self) -> DType {
        self.dtype
    }
    /// The device holding the buffer.
    pub fn device(&self) -> Device {
        self.storage.device()
    }
    /// The buffer this array views (shared with every view of it).
    pub fn storage(&self) -> &Arc<Storage> {
        &self.storage
    }
    /// True when C-contiguous.
    pub fn is_c_contiguous(&self) -> bool {
        self.layout.is_c_contiguous()
    }
    /// True when Fortran-contiguous.
    pub fn is_f_contiguous(&self) -> bool {
        self.layout.is_f_contiguous()
    }
    /// True when both arrays view the same buffer.
    pub fn shares_storage(&self, other: &Array) -> bool {
        Arc::ptr_eq(&self.storage, &other.storage)
    }

    /// A borrowed backend view.
    pub(crate) fn view(&self) -> View<'_> {
        // a capture in progress keeps the buffers its work uses (one atomic load otherwise)
        crate::storage::touch(&self.storage);
        View {
            storage: &self.storage,
            layout: &self.layout,
            dtype: self.dtype,
        }
    }

    /// The same array with another layout over the same buffer (crate-internal, unchecked).
    pub(crate) fn with_layout(&self, layout: Layout) -> Array {
        Array {
            storage: self.storage.clone(),
            layout,
            dtype: self.dtype,
        }
    }

    /// `self` when C-contiguous, else a C-contiguous copy.
    pub(crate) fn as_c_contiguous(&self) -> Result<Array> {
        if self.is_c_contiguous() {
            Ok(self.clone())
        } else {
            let out = Array::empty_for_overwrite(self.shape(), self.dtype, self.device())?;
            backend::copy(self.view(), out.view())?;
            Ok(out)
        }
    }
}

/// Decodes one element's native-endian bytes into a [`Scalar`].
pub(crate) fn scalar_from_bytes(dtype: DType, b: &[u8]) -> Scalar {
    use num_complex::Complex64;
    macro_rules! rd {
        ($t:ty) => {
            <$t>::from_ne_bytes(b[..std::mem::size_of::<$t>()].try_into().unwrap())
        };
    }
    match dtype {
        DType::Bool => Scalar::Bool(b[0] != 0),
        DType::Int8 => Scalar::Int(rd!(i8) as i64),
        DType::Int16 => Scalar::Int(rd!(i16) as i64),
        DType::Int32 => Scalar::Int(rd!(i32) as i64),
        DType::Int64 => Scalar::Int(rd!(i64)),
        DType::UInt8 => Scalar::UInt(rd!(u8) as u64),
        DType::UInt16 => Scalar::UInt(rd!(u16) as u64),
        DType::UInt32 => Scalar::UInt(rd!(u32) as u64),
        DType::UInt64 => Scalar::UInt(rd!(u64)),
        DType::Float16 => Scalar::Float(half::f16::from_bits(rd!(u16)).to_f64()),
        DType::BFloat16 => Scalar::Float(half::bf16::from_bits(rd!(u16)).to_f64()),
        DType::Float32 => Scalar::Float(rd!(f32) as f64),
        DType::Float64 => Scalar::Float(rd!(f64)),
        DType::Complex64 => {
            let re = f32::from_ne_bytes(b[0..4].try_into().unwrap());
            let im = f32::from_ne_bytes(b[4..8].try_into().unwrap());
            Scalar::Complex(Complex64::new(re as f64, im as f64))
        }
        DType::Complex128 => {
            let re = f64::from_ne_bytes(b[0..8].try_into().unwrap());
            let im = f64::from_ne_bytes(b[8..16].try_into().unwrap());
            Scalar::Complex(Complex64::new(re, im))
        }
    }
}
