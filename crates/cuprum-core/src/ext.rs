//! # The extension surface: what cuprum's feature crates build on
//!
//! `cuprum-linalg`, `cuprum-fft`, `cuprum-sparse`, `cuprum-kernel`, `cuprum-memory` and
//! `cuprum-distributed` use core's user API (arrays, creation, ufuncs, ...) and this module —
//! nothing else of core. It is the one deliberate way to reach core's machinery, in the spirit
//! of candle's `CustomOp` and cudarc's `safe` layer; a tidy test (`tests/it/tidy.rs`) keeps the
//! sibling crates on it. Everything here is stable enough to build on but is *not* user API:
//! a user program should not need it.
//!
//! What it holds:
//! - **Rules** shared with the feature crates: the layout rules ([`layout`], axis merging
//!   included), the output checks ([`check_out`]), the C cast table ([`cpu::Elem::cast`]),
//!   the dtype list ([`DType::ALL`]).
//! - **Views and buffers**: [`View`] of an array ([`view`]), [`Storage`] and the typed CPU guards
//!   ([`CpuRead`], [`CpuWrite`]), [`CudaStorage`], arrays from parts ([`from_parts`],
//!   [`with_layout`]) with bounds checks.
//! - **Backend primitives** ([`prim`]): fill, copy (casting), unary, binary, where, alloc,
//!   upload and download, on any device, with the backend contract of `backend`.
//! - **CUDA** ([`cuda`]): contexts, the current stream, the NVRTC cache for fixed
//!   ([`nvrtc::static_function`]) and generated ([`nvrtc::get_function`]) sources, kernel
//!   launch, one C type table ([`c_type`]) and the common header ([`CUDA_COMMON`]), the guard
//!   that turns a CUDA library that fails to load into an error ([`library_guard`]), and one
//!   vendor-library handle per thread and device bound to the current stream
//!   ([`with_library_handle`]).
//! - **CPU** ([`cpu`]): the storage element types and C cast table ([`cpu::Elem`], [`cpu::B8`]),
//!   the dtype-dispatch macro ([`with_dtype!`](crate::with_dtype)), the strided iteration plan
//!   ([`cpu::Plan`]).
//! - **Fallible host allocation**: [`try_vec_with_capacity`], [`try_vec_filled`] and
//!   [`check_host_bytes`] for host buffers whose size comes from user input
//!   ([`Error::OutOfMemory`] instead of an abort or a "capacity overflow" panic).
//! - **Test helpers** (`test_util`, behind the `test-util` feature): the devices a test runs
//!   on, honouring `CUPRUM_REQUIRE_CUDA`.

use crate::{Array, DType, Error, Layout, Result};
use std::sync::Arc;

pub use crate::backend::View;
pub use crate::cuda::CudaStorage;
pub use crate::storage::{CpuRead, CpuStorage, CpuWrite, Storage};
pub use crate::storage::{check_host_bytes, try_vec_filled, try_vec_with_capacity};

/// The backend view of an array (its buffer, layout and dtype), for a [`prim`] call or a
/// kernel launch.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ext};
/// let a = Array::from_vec_on(vec![1.0f32, 2.0], &[2], Device::Cpu).unwrap();
/// let v = ext::view(&a);
/// assert_eq!(v.layout.shape, vec![2]);
/// ```
pub fn view(a: &Array) -> View<'_> {
    a.view()
}

/// The backend view of `a`'s buffer through another `layout` and `dtype` (a reinterpretation,
/// e.g. a complex buffer read as its real parts, or a column-major destination for a vendor
/// routine), bounds-checked like [`from_parts`].
///
/// # Errors
/// [`Error::BadArgument`] naming `view_as` when the layout addresses elements of `dtype`
/// outside the buffer.
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType, Device, Layout, ext};
/// let a = Array::from_vec_on(vec![1.0f32, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let l = Layout { shape: vec![2], strides: vec![2], offset: 1 };
/// let v = ext::view_as(&a, &l, DType::Float32).unwrap();
/// assert_eq!(v.layout.shape, vec![2]);
/// assert!(ext::view_as(&a, &Layout::contiguous(&[4]), DType::Float64).is_err());
/// ```
pub fn view_as<'a>(a: &'a Array, layout: &'a Layout, dtype: DType) -> Result<View<'a>> {
    check_layout("view_as", a.storage().nbytes(), layout, dtype)?;
    Ok(View {
        storage: a.storage().as_ref(),
        layout,
        dtype,
    })
}

/// An array over `storage` with `layout` and `dtype`.
///
/// **Shapes**: any; every element the layout addresses must lie inside the buffer.
///
/// # Errors
/// [`Error::BadArgument`] naming `from_parts` when the layout addresses bytes outside the
/// buffer (negative positions included) or its element count overflows.
pub fn from_parts(storage: Arc<Storage>, layout: Layout, dtype: DType) -> Result<Array> {
    check_layout("from_parts", storage.nbytes(), &layout, dtype)?;
    Ok(Array::from_parts(storage, layout, dtype))
}

/// `a` viewed through another layout over the same buffer (a view, no copy).
///
/// # Errors
/// As [`from_parts`].
pub fn with_layout(a: &Array, layout: Layout) -> Result<Array> {
    check_layout("with_layout", a.storage().nbytes(), &layout, a.dtype())?;
    Ok(a.with_layout(layout))
}

/// `a` itself when C-contiguous, else a C-contiguous copy on the same device.
///
/// # Errors
/// Allocation errors.
pub fn as_c_contiguous(a: &Array) -> Result<Array> {
    a.as_c_contiguous()
}

/// A new C-contiguous array of `shape` and `dtype` on `device` whose every element the caller
/// writes before anything reads it: the output buffer of a kernel. On the CPU it is a buffer
/// of that size freed earlier when the reuse cache holds one (its old contents: initialized,
/// but stale), so that a loop of kernels on large arrays reuses a few buffers instead of
/// faulting in fresh pages each time, as core's own elementwise outputs do; a fresh zeroed
/// buffer otherwise. On CUDA the same as [`Array::empty_on`].
///
/// # Errors
/// [`Error::BadArgument`] when the byte size overflows; [`Error::OutOfMemory`].
///
/// # Example
/// ```
/// use cuprum_core::{DType, Device, ext};
/// let a = ext::empty_for_overwrite(&[3], DType::Float32, Device::Cpu).unwrap();
/// assert_eq!(a.shape(), &[3]);
/// ```
pub fn empty_for_overwrite(shape: &[usize], dtype: DType, device: crate::Device) -> Result<Array> {
    device.check_available("empty_for_overwrite")?;
    Array::empty_for_overwrite(shape, dtype, device)
}

fn check_layout(op: &'static str, nbytes: usize, l: &Layout, dtype: DType) -> Result<()> {
    l.check_ndim(op)?;
    let mut size: usize = 1;
    for &n in &l.shape {
        size = size.checked_mul(n).ok_or_else(|| {
            Error::bad_argument(
                op,
                "shape",
                format!("{:?}", l.shape),
                "an element count that fits in usize",
            )
        })?;
    }
    if size == 0 {
        return Ok(());
    }
    let (lo, hi) = crate::layout::stride_span(&l.shape, &l.strides);
    let (lo, hi) = (l.offset as i128 + lo, l.offset as i128 + hi);
    let cap = (nbytes / dtype.itemsize().max(1)) as i128;
    if lo < 0 || hi >= cap {
        return Err(Error::bad_argument(
            op,
            "strides",
            format!("{:?} (shape {:?}, offset {})", l.strides, l.shape, l.offset),
            format!(
                "a layout within the buffer of {cap} {dtype} elements (it addresses elements {lo}..={hi})"
            ),
        ));
    }
    Ok(())
}

/// The backend primitives, on any device (the contract is `backend`'s: same device, `dst` of the
/// result's shape with inputs broadcast to it, `dst` not sharing a buffer with an input, dtypes
/// decided by the caller).
pub mod prim {
    pub use crate::backend::{
        Side, alloc, binary, binary_scalar, copy, fill, from_host, to_host, unary, where_,
    };
    pub use crate::ops::kinds::{BinaryOp, UnaryOp};
}

/// The dtype rules of the elementwise layer (NumPy 2 promotion, NEP 50 weak scalars, each
/// ufunc's compute and result dtype), for a crate that composes ufuncs and must give the dtypes
/// the unfused calls give (the kernel crate's `fuse`).
///
/// - `weak_dtype(d, &s)`: the dtype a weak scalar `s` takes next to an array of dtype `d`;
/// - `unary_dtypes(op, d)`: `(compute, output)` of a unary op on dtype `d`;
/// - `binary_dtypes(op, c)`: `(compute, output)` of a binary op whose operands promote to `c`
///   (promote two arrays with [`DType::promote`]);
///
/// each returns core's own error where NumPy has no loop.
///
/// # Example
/// ```
/// use cuprum_core::{DType, Scalar, ext::promote, ext::prim::{BinaryOp, UnaryOp}};
/// assert_eq!(promote::weak_dtype(DType::Float32, &Scalar::Float(2.0)), DType::Float32);
/// assert_eq!(promote::unary_dtypes(UnaryOp::Exp, DType::Int8).unwrap(), (DType::Float16, DType::Float16));
/// assert_eq!(promote::binary_dtypes(BinaryOp::Divide, DType::Int32).unwrap(), (DType::Float64, DType::Float64));
/// ```
pub mod promote {
    pub use crate::ops::promote::{binary_dtypes, negative_power_error, unary_dtypes, weak_dtype};
}

/// Layout rules shared by the feature crates: C/F strides, sizes, broadcasting, axis
/// normalization, and the one axis-merging rule ([`merge_axes`](layout::merge_axes): drop
/// unit axes, merge neighbours contiguous in every operand).
///
/// # Example
/// ```
/// use cuprum_core::ext::layout::merge_axes;
/// // a C-contiguous 2x3x4 destination and a source sliced along the last axis of 2x3x5
/// let mut shape = [2usize, 3, 4];
/// let mut st = [vec![12isize, 15], vec![4, 5], vec![1, 1]];
/// assert_eq!(merge_axes(&mut shape, &mut st), 2);
/// assert_eq!((&shape[..2], &st[..2]), (&[6, 4][..], &[vec![4, 5], vec![1, 1]][..]));
/// ```
pub mod layout {
    pub use crate::layout::{
        broadcast_shapes, c_strides, checked_size, f_strides, merge_axes, normalize_axis,
        shape_size,
    };
}

/// The output checks of every operation with an `out=` argument: `out` is on `device`, has
/// `shape` or a shape `shape` broadcasts to, is not a broadcast view (a stride-0 axis of
/// extent > 1 is read-only), and a result of dtype `from` casts to it under NumPy's
/// `same_kind` rule.
///
/// # Errors
/// [`Error::DeviceMismatch`], [`Error::Broadcast`], [`Error::BadArgument`] (a broadcast
/// view) or [`Error::DType`] (the cast), each naming `op`.
///
/// # Example
/// ```
/// use cuprum_core::{DType, Device, ext};
/// let out = cuprum_core::zeros_on(&[2, 3], DType::Float32, Device::Cpu).unwrap();
/// assert!(ext::check_out("add", &out, &[3], DType::Int32, Device::Cpu).is_ok());
/// assert!(ext::check_out("add", &out, &[2, 3], DType::Float64, Device::Cpu).is_ok());
/// assert!(ext::check_out("add", &out, &[2, 3], DType::Complex64, Device::Cpu).is_err());
/// let row = cuprum_core::zeros_on(&[3], DType::Float32, Device::Cpu).unwrap();
/// let bcast = row.broadcast_to(&[2, 3]).unwrap();
/// assert!(ext::check_out("add", &bcast, &[2, 3], DType::Float32, Device::Cpu).is_err());
/// ```
pub fn check_out(
    op: &'static str,
    out: &Array,
    shape: &[usize],
    from: DType,
    device: crate::Device,
) -> Result<()> {
    crate::ops::engine::check_out(op, out, shape, from, device)
}

/// The C storage type cuprum's CUDA kernels use for `dtype` (`kernels/common.cuh`'s names:
/// `bool`, `i8`…`u64`, `f16`, `bf16`, `float`, `double`, `c64`, `c128`).
///
/// # Example
/// ```
/// use cuprum_core::{DType, ext};
/// assert_eq!(ext::c_type(DType::Float32), "float");
/// assert_eq!(ext::c_type(DType::Complex128), "c128");
/// ```
pub fn c_type(dtype: DType) -> &'static str {
    crate::cuda::codegen::storage_type(dtype)
}

/// The C type arithmetic on `dtype` runs in (`float` for float16 and bfloat16, else
/// [`c_type`]).
pub fn compute_c_type(dtype: DType) -> &'static str {
    crate::cuda::codegen::compute_type(dtype)
}

/// The CUDA C header every cuprum kernel starts with: `kernels/common.cuh` (integer and float
/// typedefs, `f16`/`bf16`/`c64`/`c128`, `ld`, `cast<T>` with NumPy's C-cast rules) followed by
/// `kernels/math.cuh` (the ufunc bodies `op_*`).
pub const CUDA_COMMON: &str = concat!(
    include_str!("../../../kernels/common.cuh"),
    include_str!("../../../kernels/math.cuh")
);

/// Runs `f`, turning a panic of cudarc's loader (it panics when a shared library or symbol is
/// missing) into [`Error::LibraryNotFound`] naming `library` (e.g. `"cuSPARSE"`).
///
/// # Errors
/// Whatever `f` returns, or [`Error::LibraryNotFound`].
pub fn library_guard<T>(library: &'static str, f: impl FnOnce() -> Result<T>) -> Result<T> {
    crate::cuda::runtime_guard(library, f)
}

/// A vendor-library handle (cuBLAS, cuSOLVER, cuSPARSE, cuFFT plan owner ...) kept once per
/// thread and device by [`with_library_handle`].
pub trait LibraryHandle: Sized + 'static {
    /// The library's name, for errors (`"cuSPARSE"`).
    const LIBRARY: &'static str;
    /// Creates a handle for device `ordinal` (its context is current).
    ///
    /// # Errors
    /// The library's status, wrapped as [`Error::CudaLibrary`].
    fn create(ordinal: usize) -> Result<Self>;
    /// Binds the handle to `stream` (called before every use; cheap when unchanged).
    ///
    /// # Errors
    /// The library's status.
    fn set_stream(&mut self, stream: &crate::cuda::Stream) -> Result<()>;
}

/// Runs `f` with this thread's handle of type `H` for device `ordinal`, created on first use
/// (inside [`library_guard`], so a missing library is an error) and bound to the thread's current
/// stream of that device. `f` may return the feature crate's own error type (anything a core
/// [`Error`] converts into); a panic of the library's loader inside `f` becomes
/// [`Error::LibraryNotFound`] too.
///
/// Re-entrant: a nested call for the same handle type and device creates a second handle (the
/// first is taken out of the per-thread map while `f` runs and put back afterwards).
///
/// # Errors
/// [`Error::LibraryNotFound`], the library's status from `create`/`set_stream`, or `f`'s error.
pub fn with_library_handle<H: LibraryHandle, R, E: From<Error>>(
    ordinal: usize,
    f: impl FnOnce(&mut H) -> std::result::Result<R, E>,
) -> std::result::Result<R, E> {
    use std::any::{Any, TypeId};
    use std::cell::RefCell;
    use std::collections::HashMap;
    thread_local! {
        static HANDLES: RefCell<HashMap<(TypeId, usize), Box<dyn Any>>> = RefCell::new(HashMap::new());
    }
    crate::cuda::context(ordinal).map_err(Error::from)?;
    let stream = crate::cuda::get_current_stream(ordinal).map_err(Error::from)?;
    let key = (TypeId::of::<H>(), ordinal);
    let mut h: Box<dyn Any> = match HANDLES.with(|m| m.borrow_mut().remove(&key)) {
        Some(h) => h,
        None => Box::new(library_guard(H::LIBRARY, || {
            // (a vendor handle allocates device memory: allowed inside a capture this way)
            crate::cuda::graph::relaxed(|| H::create(ordinal))
        })?),
    };
    let r = {
        let hh = h
            .downcast_mut::<H>()
            .expect("the handle map is keyed by the handle's TypeId");
        library_guard(H::LIBRARY, || {
            hh.set_stream(&stream)?;
            Ok(f(hh))
        })
    };
    HANDLES.with(|m| m.borrow_mut().insert(key, h));
    r?
}

/// CUDA devices, streams, events, memory and the NVRTC kernel cache.
pub mod cuda {
    pub use crate::cuda::driver::context;
    /// Wraps an allocator's driver allocation with the calling thread's memory hooks'
    /// `alloc_preprocess` / `alloc_postprocess` (`cupy.cuda.MemoryHook`).
    pub use crate::cuda::hooks::run_alloc_hooks;
    pub use crate::cuda::memory::{copy_peer, from_host, to_host, to_host_into};
    pub use crate::cuda::nvrtc::{Function, LaunchConfig, Module, launch};
    #[doc(hidden)]
    pub use crate::cuda::ops::set_transpose_tile;
    pub use crate::cuda::stream::current_stream;
    pub use crate::cuda::{
        Allocator, CudaStorage, DeviceProperties, Event, Stream, StreamGuard, alloc, allocator,
        device_count, get_current_stream, init_error, mem_get_info, properties, set_allocator,
        synchronize_all, synchronize_device,
    };
    /// Converts a CUDA driver error into [`Error::Cuda`](crate::Error::Cuda) naming `op`.
    pub fn driver_error(op: &'static str, e: cudarc::driver::DriverError) -> crate::Error {
        crate::cuda::runtime_drv(op, e).into()
    }
}

/// The NVRTC kernel cache (memory and disk), for fixed and generated sources.
pub mod nvrtc {
    pub use crate::cuda::nvrtc::{
        Function, LaunchConfig, Module, Origin, compile_only, get_function, get_module,
        get_module_named, launch, nvrtc_available, nvrtc_version, static_function,
    };
}

/// The CPU backend's element types, cast table, dtype dispatch and iteration plan.
pub mod cpu {
    pub use crate::backend::cpu::elem::{B8, Elem};
    pub use crate::backend::cpu::iter::{CHUNK, Inner, Plan};
}

/// Runs `$body` with `$T` bound (as a local type alias) to the CPU storage type of the dtype
/// `$dt` (`ext::cpu::B8` for bool, `i8`…`u64`, `half::f16`/`bf16`, `f32`, `f64`,
/// `Complex32`/`Complex64`). Every arm is compiled, so `$body` must type-check for all fifteen.
///
/// # Example
/// ```
/// use cuprum_core::{DType, with_dtype};
/// let size = with_dtype!(DType::Int16, T => std::mem::size_of::<T>());
/// assert_eq!(size, 2);
/// ```
#[macro_export]
macro_rules! with_dtype {
    ($dt:expr, $T:ident => $body:expr) => {
        $crate::__match_host_type!($dt, $T, [
            Bool => $crate::ext::cpu::B8,
            Int8 => i8, Int16 => i16, Int32 => i32, Int64 => i64,
            UInt8 => u8, UInt16 => u16, UInt32 => u32, UInt64 => u64,
            Float16 => $crate::f16, BFloat16 => $crate::bf16, Float32 => f32, Float64 => f64,
            Complex64 => $crate::Complex32, Complex128 => $crate::Complex64
        ], $body;
            // `DType` is `#[non_exhaustive]`: a crate outside core needs this arm to compile
            #[allow(unreachable_patterns)]
            other => unreachable!("with_dtype!: dtype {other} has no CPU storage type"),
        )
    };
}

/// The conformance corpus' error class of a core error met inside a feature crate's error
/// (`shape_mismatch`, `broadcast`, `axis_out_of_bounds`, `index_out_of_bounds`,
/// `invalid_index`, `invalid_value`, `dtype`, `overflow`, or `other`).
///
/// # Example
/// ```
/// let e = cuprum_core::Error::out_of_domain("f", "x", -1.0, "[0, inf)");
/// assert_eq!(cuprum_core::ext::core_error_class(&e), "invalid_value");
/// ```
pub fn core_error_class(e: &Error) -> &'static str {
    use Error as E;
    match e {
        E::InvalidValue { .. }
        | E::BadArgument { .. }
        | E::OutOfDomain { .. }
        | E::BadShape { .. } => "invalid_value",
        E::ShapeMismatch { .. } => "shape_mismatch",
        E::Broadcast { .. } => "broadcast",
        E::DType { .. } | E::DTypeMismatch { .. } => "dtype",
        E::AxisOutOfBounds { .. } => "axis_out_of_bounds",
        E::IndexOutOfBounds { .. } => "index_out_of_bounds",
        E::InvalidIndex { .. } => "invalid_index",
        E::Overflow { .. } => "overflow",
        _ => "other",
    }
}

/// Builder methods that each set one field and return `self`, written one a line inside an
/// `impl` block: `$(#[doc])* $vis fn name(arg: Type) => field = value;`.
///
/// # Example
/// ```
/// #[derive(Default)]
/// struct Options { tol: f64, maxiter: Option<usize> }
/// impl Options {
///     cuprum_core::setters! {
///         /// Sets `tol`.
///         pub fn tol(t: f64) => tol = t;
///         /// Sets `maxiter`.
///         pub fn maxiter(n: usize) => maxiter = Some(n);
///     }
/// }
/// let o = Options::default().tol(1e-9).maxiter(5);
/// assert_eq!((o.tol, o.maxiter), (1e-9, Some(5)));
/// ```
#[macro_export]
macro_rules! setters {
    ($($(#[$m:meta])* $vis:vis fn $name:ident($v:ident: $t:ty) => $field:ident = $e:expr;)*) => {$(
        $(#[$m])*
        $vis fn $name(mut self, $v: $t) -> Self {
            self.$field = $e;
            self
        }
    )*};
}

/// The impls a feature crate's error type `$E` (an enum with a `Core(cuprum_core::Error)`
/// variant and a `Display`) shares with the others:
/// - `From<$E> for cuprum_core::Error`, for `?` inside a function returning core's `Result`:
///   `$E::Core` unwraps to the core error it holds, every other variant travels as
///   [`Error::Feature`] (get it back with `e.feature::<$E>()`); the attributes given before
///   `$E` (its doc comment and example) go on this impl;
/// - `Debug` as the `Display` sentence: it is what a `main` returning the error prints, and
///   the sentence already names the operation and the values;
/// - `From<cuprum_core::cuda::CudaError>`: the CUDA layer's errors (streams, the NVRTC cache,
///   transfers) arrive as `$E::Core` of cuprum-core's.
#[macro_export]
macro_rules! feature_error_impls {
    ($(#[$attr:meta])* $E:ident) => {
        $(#[$attr])*
        impl From<$E> for $crate::Error {
            fn from(e: $E) -> Self {
                match e {
                    $E::Core(c) => c,
                    other => $crate::Error::Feature(Box::new(other)),
                }
            }
        }

        /// `{:?}` is the `Display` sentence (what a `main` returning this error prints).
        impl ::std::fmt::Debug for $E {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                ::std::fmt::Display::fmt(self, f)
            }
        }

        /// The CUDA layer's errors (streams, the NVRTC cache, transfers) arrive as
        /// cuprum-core's.
        impl From<$crate::cuda::CudaError> for $E {
            fn from(e: $crate::cuda::CudaError) -> Self {
                $E::Core(e.into())
            }
        }
    };
}

/// Helpers for the tests of core and the feature crates (the `test-util` feature).
#[cfg(any(test, feature = "test-util"))]
pub mod test_util {
    pub use crate::test_util::{all_devices, cuda_devices, first_gpu, require_cuda};
}

/// Kernels as data, and the one CUDA source generator: core's built-in elementwise operations
/// and reductions are instances of [`ElementwiseSpec`](codegen::ElementwiseSpec) and
/// [`ReductionSpec`](codegen::ReductionSpec) (layouts `Family`), and a user-kernel crate maps
/// a parsed kernel onto the same specs (layouts `Contiguous`/`Strided`: any number of named
/// inputs and outputs, scalars by value, raw arrays, CuPy's C types, `#line`-mapped sections)
/// and asks them for the source.
pub mod codegen {
    pub use crate::cuda::codegen::{
        CTypes, ElementwiseLayout, ElementwiseSpec, GENERATED_ORIGIN, Generated, Param, ParamKind,
        REDUCTION_THREADS, REDUCTION_UNROLL, RESERVED_NAMES, RESERVED_PREFIXES, ReductionLayout,
        ReductionSpec, Section, USER_HEADER, cupy_c_type, reduction_vector_width,
    };
}
