//! The internal backend interface: a handful of primitives that every device implements.
//!
//! All shape, broadcasting, dtype-promotion and error logic lives above this layer (in `ops`,
//! `array`, `creation`, ...), written once; the primitives below only move and compute elements.
//!
//! Contract of every primitive:
//! - all views are on the same device (checked above);
//! - `dst` has exactly the shape the operation produces (inputs are already broadcast to it,
//!   with zero strides where stretched);
//! - `dst` shares its [`Storage`] with an input only when that input *is* `dst` element for
//!   element (same layout and element size: `a += b`); every backend then reads each element
//!   before writing it (the CPU's `acquire_inplace`, CUDA's kernels built without
//!   `__restrict__`). The layer above makes a temporary for any other overlap, so a backend
//!   need not check partial overlaps;
//! - dtypes are already decided: binary inputs share one dtype (the compute dtype); `dst` is
//!   that dtype, or bool for predicates, or the real dtype for `abs`/`real`/`imag`/`angle` of
//!   complex input.

pub mod cpu;

use crate::ops::kinds::{BinaryOp, UnaryOp};
use crate::storage::Storage;
use crate::{DType, Error, Layout, Result, Scalar};

/// A borrowed array view handed to a backend primitive.
#[derive(Clone, Copy)]
pub struct View<'a> {
    /// the buffer
    pub storage: &'a Storage,
    /// the layout inside it
    pub layout: &'a Layout,
    /// element type
    pub dtype: DType,
}

/// Writes `value` (cast to `dst.dtype` as NumPy would) into every element of `dst`.
pub fn fill(dst: View<'_>, value: Scalar) -> Result<()> {
    let _op = crate::oplock::lock_dst(dst.storage);
    match dst.storage {
        Storage::Cpu(_) => cpu::fill(dst, value),
        Storage::Cuda(_) => crate::cuda::ops::fill(dst, value),
    }
}

/// Copies `src` into `dst` element by element (same shape), casting from `src.dtype` to
/// `dst.dtype` with NumPy's `astype` (C cast) semantics when they differ.
pub fn copy(src: View<'_>, dst: View<'_>) -> Result<()> {
    let _op = crate::oplock::lock_dst(dst.storage);
    match dst.storage {
        Storage::Cpu(_) => cpu::copy(src, dst),
        Storage::Cuda(_) => crate::cuda::ops::copy(src, dst),
    }
}

/// `dst = op(src)` elementwise.
pub fn unary(op: UnaryOp, src: View<'_>, dst: View<'_>) -> Result<()> {
    let _op = crate::oplock::lock_dst(dst.storage);
    match dst.storage {
        Storage::Cpu(_) => cpu::unary(op, src, dst),
        Storage::Cuda(_) => crate::cuda::ops::unary(op, src, dst),
    }
}

/// `dst = op(a, b)` elementwise; `a` and `b` have the same dtype and `dst`'s shape.
pub fn binary(op: BinaryOp, a: View<'_>, b: View<'_>, dst: View<'_>) -> Result<()> {
    let _op = crate::oplock::lock_dst(dst.storage);
    match dst.storage {
        Storage::Cpu(_) => cpu::binary(op, a, b, dst),
        Storage::Cuda(_) => crate::cuda::ops::binary(op, a, b, dst),
    }
}

/// Which operand of a binary operation is the scalar passed by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    /// `op(scalar, array)`
    Left,
    /// `op(array, scalar)`
    Right,
}

/// Checks that the input view `v` has the shape of the destination `dst`
/// ([`Error::ShapeMismatch`] naming `op` otherwise).
pub(crate) fn check_same_shape(op: &'static str, v: &View<'_>, dst: &View<'_>) -> Result<()> {
    if v.layout.shape != dst.layout.shape {
        return Err(Error::ShapeMismatch {
            op,
            lhs: v.layout.shape.clone(),
            rhs: dst.layout.shape.clone(),
            detail: None,
        });
    }
    Ok(())
}

/// `dst = op(a, s)` (`op(s, a)` for [`Side::Left`]) elementwise, the scalar cast to `a.dtype`
/// (NumPy's C cast, [`cpu::elem::Elem::from_scalar`]) and passed by value: no buffer and no
/// fill for it (the CPU loop holds it in a register, the CUDA kernel takes it as a kernel
/// argument). `a` has `dst`'s shape; `dst`'s dtype follows [`binary`]'s rule.
pub fn binary_scalar(
    op: BinaryOp,
    a: View<'_>,
    s: Scalar,
    side: Side,
    dst: View<'_>,
) -> Result<()> {
    match dst.storage {
        Storage::Cpu(_) => cpu::binary_scalar(op, a, s, side, dst),
        Storage::Cuda(_) => crate::cuda::ops::binary_scalar(op, a, s, side, dst),
    }
}

/// `dst = cond ? a : b` elementwise; `cond` is bool, `a`, `b` and `dst` share a dtype.
pub fn where_(cond: View<'_>, a: View<'_>, b: View<'_>, dst: View<'_>) -> Result<()> {
    let _op = crate::oplock::lock_dst(dst.storage);
    match dst.storage {
        Storage::Cpu(_) => cpu::where_(cond, a, b, dst),
        Storage::Cuda(_) => crate::cuda::ops::where_(cond, a, b, dst),
    }
}

/// A new buffer of `nbytes` on `device`; contents unspecified (zero on the CPU).
pub fn alloc(device: crate::Device, nbytes: usize) -> Result<Storage> {
    match device {
        crate::Device::Cpu => crate::storage::CpuStorage::try_zeroed(nbytes).map(Storage::Cpu),
        crate::Device::Cuda(i) => Ok(Storage::Cuda(crate::cuda::alloc(i, nbytes)?)),
        other => Err(crate::Error::unsupported(
            "alloc",
            format!("device {other}"),
        )),
    }
}

/// A new buffer of `nbytes` on `device` that the caller overwrites completely before anyone
/// reads it: on the CPU a cached buffer of that size when there is one
/// (`CpuStorage::try_recycled`, old contents), on CUDA the same as [`alloc`].
pub(crate) fn alloc_for_overwrite(device: crate::Device, nbytes: usize) -> Result<Storage> {
    match device {
        crate::Device::Cpu => crate::storage::CpuStorage::try_recycled(nbytes).map(Storage::Cpu),
        crate::Device::Cuda(i) => Ok(Storage::Cuda(crate::cuda::alloc(i, nbytes)?)),
        other => Err(crate::Error::unsupported(
            "alloc",
            format!("device {other}"),
        )),
    }
}

/// A new buffer on `device` holding a copy of `bytes`.
pub fn from_host(device: crate::Device, bytes: &[u8]) -> Result<Storage> {
    match device {
        crate::Device::Cpu => crate::storage::CpuStorage::try_from_bytes(bytes).map(Storage::Cpu),
        crate::Device::Cuda(i) => Ok(Storage::Cuda(crate::cuda::from_host(i, bytes)?)),
        other => Err(crate::Error::unsupported(
            "from_host",
            format!("device {other}"),
        )),
    }
}

/// The bytes of a *C-contiguous* view (the caller makes it contiguous first), copied to the
/// host. Synchronizes with the device's current stream.
pub fn to_host(src: View<'_>) -> Result<Vec<u8>> {
    let len = src.layout.size() * src.dtype.itemsize();
    let mut out = crate::storage::try_vec_with_capacity::<u8>(len)?;
    // SAFETY: the Vec has capacity for `len` bytes and is private; `to_host_raw` writes all of
    // them before `set_len` exposes them.
    unsafe {
        to_host_raw(src, out.as_mut_ptr(), len)?;
        out.set_len(len);
    }
    Ok(out)
}

/// Copies the elements of `src` in C order into `out` (`len` = size × itemsize bytes): one
/// copy. On the CPU any layout (a parallel memcpy when contiguous, the strided copy loop
/// otherwise); on CUDA the view must be C-contiguous (one `cuMemcpyDtoH` for small sizes,
/// staged through page-locked chunks from 4 MiB on, see `cuda::memory`). `out` may be
/// uninitialized memory (a new `Vec`'s capacity): its pages are first touched by the copy.
/// Synchronizes with the device's current stream.
///
/// # Safety
/// `out` must be valid for writes of `len` bytes and not be accessed by anyone else until this
/// returns.
///
/// # Errors
/// [`Error::BadArgument`](crate::Error::BadArgument) when `len` is not the view's byte size,
/// the view reaches outside its buffer, or a CUDA view is not C-contiguous; CUDA errors.
pub unsafe fn to_host_raw(src: View<'_>, out: *mut u8, len: usize) -> Result<()> {
    let isz = src.dtype.itemsize();
    if src.layout.size() * isz != len {
        return Err(crate::Error::bad_argument(
            "to_host",
            "len",
            len,
            format!(
                "{} bytes for a view of shape {:?} and dtype {}",
                src.layout.size() * isz,
                src.layout.shape,
                src.dtype
            ),
        ));
    }
    match src.storage {
        // SAFETY: the caller's contract on `out`, passed on.
        Storage::Cpu(_) => unsafe { cpu::gather_into(src, out, len) },
        Storage::Cuda(c) => {
            if !src.layout.is_c_contiguous() {
                return Err(crate::Error::bad_argument(
                    "to_host",
                    "src",
                    format!(
                        "a CUDA view of shape {:?} and strides {:?}",
                        src.layout.shape, src.layout.strides
                    ),
                    "a C-contiguous CUDA view",
                ));
            }
            // SAFETY: the caller's contract on `out`, passed on.
            Ok(unsafe { crate::cuda::memory::to_host_ptr(c, src.layout.offset * isz, out, len) }?)
        }
    }
}
