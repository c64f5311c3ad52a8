//! CPU implementations of the backend primitives: rayon-parallel strided loops.
//!
//! Each primitive dispatches once per call on the dtypes (through [`elem::with_dtype`]) to a
//! monomorphic loop ([`kernel`]) driven by a joint iteration [`Plan`](iter::Plan) of the
//! destination and the inputs. float16/bfloat16 compute through f32. Buffers are locked for the
//! duration of the call (inputs for reading, the destination for writing), always in address
//! order, so concurrent operations on shared buffers cannot race or deadlock.

mod binary;
pub(crate) mod elem;
pub(crate) mod iter;
pub(crate) mod kernel;
pub(crate) mod math;
mod unary;

use super::View;
use crate::ops::kinds::{BinaryOp, UnaryOp};
use crate::storage::{CpuRead, CpuStorage, CpuWrite, Storage};
use crate::{Device, Error, Result, Scalar};
use elem::{Elem, with_dtype};
use iter::Plan;
use kernel::Ptr;

/// Locks held for one primitive call, with the base addresses of the views' buffers.
struct Buffers<'a> {
    _guards: Vec<Guard<'a>>,
    _snapshots: Vec<Vec<u64>>,
    dst: Ptr,
    inputs: Vec<Ptr>,
}

enum Guard<'a> {
    Read(#[allow(dead_code)] CpuRead<'a>),
    Write(#[allow(dead_code)] CpuWrite<'a>),
}

fn cpu_storage<'a>(op: &'static str, v: &View<'a>) -> Result<&'a CpuStorage> {
    match v.storage {
        Storage::Cpu(c) => Ok(c),
        Storage::Cuda(_) => Err(Error::DeviceMismatch {
            op,
            lhs: Device::Cpu,
            rhs: v.storage.device(),
        }),
    }
}

/// Checks that every element the view reaches lies inside its buffer.
fn check_span(op: &'static str, v: &View<'_>) -> Result<()> {
    let l = v.layout;
    l.check_ndim(op)?;
    if l.size() == 0 {
        return Ok(());
    }
    let (lo, hi) = crate::layout::stride_span(&l.shape, &l.strides);
    let (lo, hi) = (l.offset as i128 + lo, l.offset as i128 + hi);
    let isz = v.dtype.itemsize() as i128;
    if lo < 0 || (hi + 1) * isz > v.storage.nbytes() as i128 {
        return Err(Error::bad_argument(
            op,
            "view",
            format!(
                "shape {:?}, strides {:?} and offset {}",
                l.shape, l.strides, l.offset
            ),
            format!("a view inside its buffer of {} bytes", v.storage.nbytes()),
        ));
    }
    Ok(())
}

/// Validates the views and locks their buffers (in address order). An input that shares the
/// destination's buffer is read from a snapshot taken first.
fn acquire<'a>(op: &'static str, dst: &View<'a>, inputs: &[View<'a>]) -> Result<Buffers<'a>> {
    acquire_with(op, dst, inputs, false)
}

/// As [`acquire`], except that an input that is the destination element for element (the same
/// buffer, layout and element size: `a += b`) is not snapshotted: its pointer is the
/// destination's, and the caller's loops (`kernel::map1`/`map2`) read each element before they
/// write it. Inputs overlapping the destination any other way are still snapshotted.
fn acquire_inplace<'a>(
    op: &'static str,
    dst: &View<'a>,
    inputs: &[View<'a>],
) -> Result<Buffers<'a>> {
    acquire_with(op, dst, inputs, true)
}

/// Calls the macro `$m!` with the type of an element `$width` bytes wide (`u8`, `u16`, `u32`,
/// `u64`, else `[u64; 2]`): [`copy`] between equal dtypes and [`where_`] move elements as these
/// words whatever their dtype.
macro_rules! by_width {
    ($width:expr, $m:ident) => {
        match $width {
            1 => $m!(u8),
            2 => $m!(u16),
            4 => $m!(u32),
            8 => $m!(u64),
            _ => $m!([u64; 2]),
        }
    };
}

/// True when `v` reads exactly the elements `dst` writes, in the same order and width.
fn exact_alias(v: &View<'_>, dst: &View<'_>) -> bool {
    v.dtype.itemsize() == dst.dtype.itemsize() && v.layout == dst.layout
}

fn acquire_with<'a>(
    op: &'static str,
    dst: &View<'a>,
    inputs: &[View<'a>],
    inplace: bool,
) -> Result<Buffers<'a>> {
    let dst_s = cpu_storage(op, dst)?;
    check_span(op, dst)?;
    for v in inputs {
        cpu_storage(op, v)?;
        check_span(op, v)?;
        super::check_same_shape(op, v, dst)?;
    }
    let dst_addr = dst_s as *const CpuStorage as usize;
    let mut snapshots: Vec<Vec<u64>> = Vec::new();
    // (address, storage, is the destination)
    let mut to_lock: Vec<(usize, &'a CpuStorage, bool)> = Vec::with_capacity(1 + inputs.len());
    to_lock.push((dst_addr, dst_s, true));
    // `Some(None)`: the input is the destination (exact alias, `inplace`)
    let mut snap_of: Vec<Option<Option<usize>>> = Vec::with_capacity(inputs.len());
    for v in inputs {
        let s = cpu_storage(op, v)?;
        let addr = s as *const CpuStorage as usize;
        if addr == dst_addr && inplace && exact_alias(v, dst) {
            snap_of.push(Some(None));
        } else if addr == dst_addr {
            let r = s.read();
            let b = r.bytes();
            let mut words = vec![0u64; b.len().div_ceil(8)];
            bytemuck::cast_slice_mut::<u64, u8>(&mut words)[..b.len()].copy_from_slice(b);
            snapshots.push(words);
            snap_of.push(Some(Some(snapshots.len() - 1)));
        } else {
            snap_of.push(None);
            if !to_lock.iter().any(|t| t.0 == addr) {
                to_lock.push((addr, s, false));
            }
        }
    }
    to_lock.sort_by_key(|t| t.0);
    let mut guards = Vec::with_capacity(to_lock.len());
    let mut bases: Vec<(usize, *mut u8)> = Vec::with_capacity(to_lock.len());
    for (addr, s, is_dst) in to_lock {
        if is_dst {
            let mut w = s.write();
            bases.push((addr, w.bytes_mut().as_mut_ptr()));
            guards.push(Guard::Write(w));
        } else {
            let r = s.read();
            bases.push((addr, r.bytes().as_ptr() as *mut u8));
            guards.push(Guard::Read(r));
        }
    }
    let base_of = |addr: usize| bases.iter().find(|b| b.0 == addr).map(|b| b.1);
    let dst_ptr = Ptr::new(base_of(dst_addr).unwrap_or(std::ptr::null_mut()));
    let mut in_ptrs = Vec::with_capacity(inputs.len());
    for (v, snap) in inputs.iter().zip(snap_of) {
        let p = match snap {
            Some(Some(i)) => snapshots[i].as_ptr() as *mut u8,
            Some(None) => dst_ptr.get(),
            None => {
                let addr = cpu_storage(op, v)? as *const CpuStorage as usize;
                base_of(addr).unwrap_or(std::ptr::null_mut())
            }
        };
        in_ptrs.push(Ptr::new(p));
    }
    Ok(Buffers {
        _guards: guards,
        _snapshots: snapshots,
        dst: dst_ptr,
        inputs: in_ptrs,
    })
}

/// Copies the elements of `src` in C order into `out` (`len` bytes, the view's byte size),
/// holding `src`'s read lock: [`kernel::par_copy`] when the view is C-contiguous, the strided
/// copy loop of [`copy`] otherwise (one pass either way).
///
/// # Safety
/// `out` must be valid for writes of `len` bytes, outside every cuprum buffer, and not be
/// accessed by anyone else until this returns.
pub(crate) unsafe fn gather_into(src: View<'_>, out: *mut u8, len: usize) -> Result<()> {
    let s = cpu_storage("to_host", &src)?;
    check_span("to_host", &src)?;
    if len == 0 {
        return Ok(());
    }
    let isz = src.dtype.itemsize();
    let r = s.read();
    let base = r.bytes().as_ptr();
    if src.layout.is_c_contiguous() {
        // SAFETY: `check_span` put the view's `len` bytes from `offset` inside the locked
        // buffer; `out` is valid for `len` bytes and distinct from it (caller).
        unsafe { kernel::par_copy(out, base.add(src.layout.offset * isz), len) };
        return Ok(());
    }
    let dst_layout = crate::Layout::contiguous(&src.layout.shape);
    let plan = Plan::new([&dst_layout, src.layout]);
    let (d, p) = (Ptr::new(out), Ptr::new(base as *mut u8));
    // Byte-array elements: no alignment asked of `out` (a `Vec<u8>` from `to_bytes`).
    macro_rules! raw {
        ($n:literal) => {
            // SAFETY: the plan reaches positions `0..size` of `out` (C-contiguous, `len` bytes)
            // and the checked span of the read-locked source buffer; `[u8; N]` has alignment 1.
            unsafe { kernel::map1::<[u8; $n], [u8; $n]>(&plan, d, p, |x| x) }
        };
    }
    match isz {
        1 => raw!(1),
        2 => raw!(2),
        4 => raw!(4),
        8 => raw!(8),
        _ => raw!(16),
    }
    Ok(())
}

/// Writes `value`, cast to `dst.dtype` with C-cast semantics, into every element of `dst`.
pub fn fill(dst: View<'_>, value: Scalar) -> Result<()> {
    let bufs = acquire("fill", &dst, &[])?;
    let plan = Plan::new([dst.layout]);
    with_dtype!(dst.dtype, T => {
        let v = T::from_scalar(value);
        // SAFETY: `acquire` checked that the layout stays inside the buffer and holds its
        // write lock; the buffer is 8-byte aligned and holds `dst.dtype` elements, stored as `T`.
        unsafe { kernel::fill::<T>(&plan, bufs.dst, v) }
    });
    Ok(())
}

/// Copies `src` into `dst` (same shape), casting with NumPy's C-cast semantics (see
/// [`elem::Elem`]) when the dtypes differ.
pub fn copy(src: View<'_>, dst: View<'_>) -> Result<()> {
    let bufs = acquire("copy", &dst, &[src])?;
    let plan = Plan::new([dst.layout, src.layout]);
    let (d, s) = (bufs.dst, bufs.inputs[0]);
    if src.dtype == dst.dtype {
        macro_rules! raw {
            ($t:ty) => {
                // SAFETY: `acquire` checked both layouts against their buffers, locked them and
                // made `src` a snapshot if it shares `dst`'s buffer; both hold elements of this
                // width (8-byte aligned buffers).
                unsafe { kernel::map1::<$t, $t>(&plan, d, s, |x| x) }
            };
        }
        by_width!(dst.dtype.itemsize(), raw)
    } else {
        with_dtype!(src.dtype, S => with_dtype!(dst.dtype, D => {
            // SAFETY: as above; `S` and `D` are the storage types of the two dtypes.
            unsafe { kernel::map1::<S, D>(&plan, d, s, |x: S| x.cast::<D>()) }
        }));
    }
    Ok(())
}

/// `dst = op(src)` elementwise; the semantics of each operation are documented on
/// [`UnaryOp`]. `dst.dtype` must be the source dtype, bool for predicates, or the real dtype for
/// `abs`/`real`/`imag`/`angle`.
///
/// # Errors
/// [`Error::DType`] when the operation has no loop for the dtype (e.g. `sqrt` of an integer:
/// the ops layer casts to float first); [`Error::DTypeMismatch`] for a wrong `dst` dtype.
pub fn unary(op: UnaryOp, src: View<'_>, dst: View<'_>) -> Result<()> {
    unary::unary(op, src, dst)
}

/// `dst = op(a, b)` elementwise; `a` and `b` share a dtype; `dst` is that dtype, or bool for
/// comparisons and logical operations. Semantics per operation on [`BinaryOp`].
///
/// # Errors
/// [`Error::DType`] when the operation has no loop for the dtype. (An integer `power` with a
/// negative exponent is rejected above the backend; here it gives 1 for base 1, ±1 for base
/// -1 and 0 otherwise, as on CUDA.)
pub fn binary(op: BinaryOp, a: View<'_>, b: View<'_>, dst: View<'_>) -> Result<()> {
    binary::binary(op, a, b, dst)
}

/// `dst = op(a, s)` (`op(s, a)` for [`Side::Left`](super::Side::Left)) with the scalar cast to
/// `a.dtype` and held by value in the inner loop (no buffer, no fill).
///
/// # Errors
/// As [`binary`].
pub fn binary_scalar(
    op: BinaryOp,
    a: View<'_>,
    s: Scalar,
    side: super::Side,
    dst: View<'_>,
) -> Result<()> {
    binary::binary_scalar(op, a, s, side, dst)
}

/// `dst = cond ? a : b` elementwise; `cond` is bool, `a`, `b` and `dst` share a dtype.
///
/// # Errors
/// [`Error::DTypeMismatch`] when `cond` is not bool or the other dtypes differ.
pub fn where_(cond: View<'_>, a: View<'_>, b: View<'_>, dst: View<'_>) -> Result<()> {
    for (v, want) in [
        (&cond, crate::DType::Bool),
        (&a, dst.dtype),
        (&b, dst.dtype),
    ] {
        if v.dtype != want {
            return Err(Error::DTypeMismatch {
                op: "where",
                expected: want,
                actual: v.dtype,
            });
        }
    }
    let bufs = acquire("where", &dst, &[cond, a, b])?;
    let plan = Plan::new([dst.layout, cond.layout, a.layout, b.layout]);
    let (d, c, pa, pb) = (bufs.dst, bufs.inputs[0], bufs.inputs[1], bufs.inputs[2]);
    macro_rules! raw {
        ($t:ty) => {
            // SAFETY: `acquire` validated and locked all four views (inputs sharing the
            // destination's buffer are snapshots); `cond` holds bool bytes, the others elements
            // of this width.
            unsafe {
                kernel::map3::<elem::B8, $t, $t, $t>(&plan, d, c, pa, pb, |c, x, y| {
                    if c.get() { x } else { y }
                })
            }
        };
    }
    by_width!(dst.dtype.itemsize(), raw);
    Ok(())
}

#[cfg(test)]
mod tests;
