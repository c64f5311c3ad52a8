//! Zero-copy interop with cudarc: arrays over a [`CudaSlice`] and cudarc views of an array.
//!
//! - [`Array::from_cuda_slice`] takes a `CudaSlice<T>` and views its memory as an array (no
//!   copy); the slice is freed when the array's last view drops, in the slice's stream order
//!   after the work cuprum queued on it.
//! - [`Array::from_cuda_slice_borrowed`] (unsafe) views a slice the caller keeps.
//! - [`Array::as_cuda_view`] lends a C-contiguous CUDA array's memory to cudarc as a
//!   [`CudaArrayView`] (a `CudaSlice<T>` that is never freed by cudarc), for cudarc kernels,
//!   copies and vendor libraries; [`Array::device_ptr`] is the raw `CUdeviceptr`.
//!
//! **Streams.** cuprum queues work on the calling thread's current stream of the device
//! ([`get_current_stream`](super::get_current_stream)). Wrapping a slice makes that stream wait
//! for the work queued on the slice's stream (and for cudarc's tracked writes of it). A view
//! lent by `as_cuda_view` is a slice *on the current stream*: cudarc work queued through
//! `view.stream()` is ordered with cuprum's; work on another stream must be ordered by the
//! caller (events).
//!
//! **Contexts.** cuprum works in each device's primary context, the one
//! `cudarc::driver::CudaContext::new(ordinal)` retains: slices of other contexts are refused.

use super::driver::{bind, drv};
use super::memory::{CudaStorage, Owner, Release};
use super::stream::{Stream, current};
use crate::storage::Storage;
use crate::{Array, Device, Element, Error, IntoShape, Layout, Result};
use cudarc::driver::{CudaSlice, CudaView, CudaViewMut, DevicePtr, sys};
use std::mem::ManuallyDrop;
use std::sync::Arc;

/// Checks `shape` against `len` elements of `T` and the slice's context against cuprum's;
/// returns the shape and makes the current stream of the slice's device wait for the slice's
/// stream. Returns the device pointer, the current stream and the slice's raw stream.
fn prepare<T: Element>(
    op: &'static str,
    slice: &CudaSlice<T>,
    shape: impl IntoShape,
) -> Result<(Vec<usize>, u64, usize)> {
    let shape = shape.to_shape(op)?;
    let n = crate::layout::checked_size(op, &shape, T::DTYPE.itemsize())?;
    if n != slice.len() {
        return Err(Error::ShapeMismatch {
            op,
            lhs: vec![slice.len()],
            rhs: shape,
            detail: Some(format!("the slice has {} elements", slice.len())),
        });
    }
    let ordinal = slice.ordinal();
    let st = bind(op, ordinal)?;
    if slice.context().cu_ctx() != st.ctx.cu_ctx() {
        return Err(Error::bad_argument(
            op,
            "slice",
            format!("a slice of a non-primary context of cuda:{ordinal}"),
            format!(
                "a slice of the primary context (cudarc's CudaContext::new({ordinal})), which cuprum uses"
            ),
        ));
    }
    let cur = current(ordinal)?;
    // cudarc's tracked writes of the slice (when its context tracks events): the current
    // stream waits for them.
    let ptr = {
        let (p, _record) = slice.device_ptr(cur.cuda_stream());
        p
    };
    let theirs = slice.stream().cu_stream();
    if theirs != cur.raw() {
        // the work queued on the slice's stream so far comes first
        // SAFETY: `theirs` is alive while the slice (borrowed here) lives; the event is
        // created, recorded, waited on and destroyed here (destruction is deferred by the
        // driver until the wait resolves).
        unsafe {
            let mut ev: sys::CUevent = std::ptr::null_mut();
            sys::cuEventCreate(&mut ev, sys::CUevent_flags::CU_EVENT_DISABLE_TIMING as u32)
                .result()
                .map_err(|e| drv("cuEventCreate", e))?;
            let r = sys::cuEventRecord(ev, theirs)
                .result()
                .and_then(|_| sys::cuStreamWaitEvent(cur.raw(), ev, 0).result());
            let _ = sys::cuEventDestroy_v2(ev);
            r.map_err(|e| drv("cuStreamWaitEvent", e))?;
        }
    }
    Ok((shape, ptr, theirs as usize))
}

impl Array {
    /// An array over the memory of a cudarc `CudaSlice<T>` without a copy, taking the slice:
    /// it is freed (by cudarc, on its own stream) when the array's last view drops, after the
    /// work cuprum queued on it.
    ///
    /// **Shapes:** `shape` (any [`IntoShape`]) must have `slice.len()` elements; the array is
    /// C-contiguous with dtype `T::DTYPE`.
    ///
    /// The calling thread's current stream of the device is made to wait for the work queued
    /// so far on the slice's stream, so the data the slice holds is what the array reads.
    ///
    /// # Errors
    /// [`Error::ShapeMismatch`] when the element counts differ; [`Error::BadArgument`] when
    /// the slice belongs to a non-primary context; [`Error::DeviceUnavailable`]; CUDA errors.
    /// On an error the slice is dropped (freed by cudarc).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, cuda};
    /// if cuda::device_count() > 0 {
    ///     let stream = cuda::Stream::null(0).unwrap().cuda_stream().clone();
    ///     let slice = stream.clone_htod(&[1.0f32, 2.0, 3.0, 4.0]).unwrap();
    ///     let a = Array::from_cuda_slice(slice, &[2, 2]).unwrap();
    ///     assert_eq!(a.to_vec::<f32>().unwrap(), vec![1.0, 2.0, 3.0, 4.0]);
    /// }
    /// ```
    pub fn from_cuda_slice<T: Element>(
        slice: CudaSlice<T>,
        shape: impl IntoShape,
    ) -> Result<Array> {
        let (shape, ptr, theirs) = prepare("from_cuda_slice", &slice, shape)?;
        let ordinal = slice.ordinal();
        let nbytes = slice.len() * T::DTYPE.itemsize();
        let owner = Owner {
            value: Box::new(slice),
            release: Release::OnStream(theirs),
        };
        // SAFETY: `ptr` addresses the slice's `nbytes` bytes, which live until `owner` (the
        // slice) is dropped; the slice's stream lives as long as the slice.
        let storage = unsafe { CudaStorage::from_owner(ordinal, ptr, nbytes, owner) };
        Ok(Array::from_parts(
            Arc::new(Storage::Cuda(storage)),
            Layout::contiguous(&shape),
            T::DTYPE,
        ))
    }

    /// An array over the memory of a `CudaSlice<T>` the caller keeps (no copy, nothing freed
    /// when the array drops). As [`Array::from_cuda_slice`] otherwise.
    ///
    /// # Safety
    /// `slice` must outlive the returned array and every view or clone of it, and the work
    /// cuprum queues on the memory must be complete before the slice is freed (synchronize the
    /// current stream, or order the slice's stream after it, first).
    ///
    /// # Errors
    /// As [`Array::from_cuda_slice`].
    pub unsafe fn from_cuda_slice_borrowed<T: Element>(
        slice: &CudaSlice<T>,
        shape: impl IntoShape,
    ) -> Result<Array> {
        let (shape, ptr, _) = prepare("from_cuda_slice_borrowed", slice, shape)?;
        let nbytes = slice.len() * T::DTYPE.itemsize();
        // SAFETY: the caller keeps the slice's `nbytes` bytes alive as long as the array.
        let storage = unsafe { CudaStorage::from_raw_borrowed(slice.ordinal(), ptr, nbytes) };
        Ok(Array::from_parts(
            Arc::new(Storage::Cuda(storage)),
            Layout::contiguous(&shape),
            T::DTYPE,
        ))
    }

    /// Lends this C-contiguous CUDA array's memory to cudarc, without a copy: a
    /// [`CudaArrayView`] that dereferences to a `CudaSlice<T>` of [`Array::size`] elements
    /// starting at element `(0, ..., 0)`, on the calling thread's current stream of the device.
    /// The view keeps the array's buffer alive; cudarc never frees it.
    ///
    /// Writes through [`CudaArrayView::view_mut`] are seen by every view of the array (as
    /// writes through a raw kernel are).
    ///
    /// # Errors
    /// [`Error::BadArgument`] for a CPU array or one that is not C-contiguous (copy it with
    /// [`ascontiguousarray`](crate::ascontiguousarray) first); [`Error::DTypeMismatch`] when
    /// `T` is not the array's element type.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let a = Array::from_vec_on(vec![1.0f32], &[1], Device::Cpu).unwrap();
    /// assert!(a.as_cuda_view::<f32>().is_err()); // a CPU array
    /// ```
    pub fn as_cuda_view<T: Element>(&self) -> Result<CudaArrayView<T>> {
        const OP: &str = "as_cuda_view";
        let Device::Cuda(ordinal) = self.device() else {
            return Err(Error::bad_argument(
                OP,
                "self",
                "an array on the CPU",
                "an array in CUDA device memory (cudarc views need device memory)",
            ));
        };
        if T::DTYPE != self.dtype {
            return Err(Error::DTypeMismatch {
                op: OP,
                expected: T::DTYPE,
                actual: self.dtype,
            });
        }
        if !self.is_c_contiguous() {
            return Err(Error::bad_argument(
                OP,
                "self",
                format!(
                    "an array of shape {:?} and strides {:?}",
                    self.shape(),
                    self.layout.strides
                ),
                "a C-contiguous array",
            ));
        }
        bind(OP, ordinal)?;
        let stream: Stream = current(ordinal)?;
        let ptr = self.device_ptr().unwrap_or(0);
        // SAFETY: `ptr` addresses `size` elements of `T` inside the array's live buffer (the
        // array is C-contiguous with dtype `T::DTYPE`); the array clone in the view keeps the
        // buffer alive; the slice is never dropped as a slice (see `Drop`), so cudarc never
        // frees it. cuprum's contexts have event tracking off, so no events are made.
        let slice = unsafe {
            stream
                .cuda_stream()
                .upgrade_device_ptr::<T>(ptr, self.size())
        };
        Ok(CudaArrayView {
            slice: ManuallyDrop::new(slice),
            _array: self.clone(),
        })
    }
}

/// A CUDA array's memory lent to cudarc as a `CudaSlice<T>` (from [`Array::as_cuda_view`]).
/// Dereferences to `&CudaSlice<T>` (for `launch_builder.arg(&*view)`, `memcpy_dtoh`,
/// `as_view`); [`CudaArrayView::view_mut`] gives a `CudaViewMut` for writes. Holds a clone of
/// the array, so the memory lives as long as the view; dropping it frees nothing.
pub struct CudaArrayView<T> {
    slice: ManuallyDrop<CudaSlice<T>>,
    _array: Array,
}

impl<T> std::fmt::Debug for CudaArrayView<T> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "CudaArrayView(len={})", self.slice.len())
    }
}

impl<T> CudaArrayView<T> {
    /// A read-only cudarc view of the whole array.
    pub fn view(&self) -> CudaView<'_, T> {
        self.slice.as_view()
    }
    /// A writable cudarc view of the whole array.
    pub fn view_mut(&mut self) -> CudaViewMut<'_, T> {
        self.slice.as_view_mut()
    }
}

impl<T> std::ops::Deref for CudaArrayView<T> {
    type Target = CudaSlice<T>;
    fn deref(&self) -> &CudaSlice<T> {
        &self.slice
    }
}

impl<T> Drop for CudaArrayView<T> {
    fn drop(&mut self) {
        // SAFETY: `slice` is taken once, here, and never used again.
        let s = unsafe { ManuallyDrop::take(&mut self.slice) };
        // give the memory back without freeing it (the array owns it)
        let _ = s.leak();
    }
}
