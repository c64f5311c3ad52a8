//! Asynchronous transfers between pinned host arrays and device arrays on a given stream.
//!
//! [`Array::to_device`](cuprum_core::Array::to_device) is synchronous with respect to the host
//! buffer and already fast for every source: pinned arrays go straight to `cuMemcpyHtoDAsync`,
//! pageable arrays of 4 MiB or more are staged through page-locked buffers in chunks (core's
//! `cuda::from_host`). The functions here return before the copy is done, so the copy overlaps
//! with host work and with kernels on other streams. Until the copy is done (synchronize the
//! stream, or an event recorded on it), the host array must not be written (for uploads) or
//! read (for downloads); the buffers themselves are kept alive by the transfer (a watch list,
//! like CuPy's), so dropping the arrays early is safe.

use crate::pool::cuda_error;
use cudarc::driver::sys;
use cuprum_core::ext::Storage;
use cuprum_core::ext::cuda::{self, Event, Stream};
use cuprum_core::{Array, Device, Error, Result};
use std::sync::{Arc, Mutex};

/// Buffers in use by asynchronous copies, with the event that marks the copy's end.
static WATCH: Mutex<Vec<(Event, Vec<Arc<Storage>>)>> = Mutex::new(Vec::new());

/// Releases the buffers of finished asynchronous copies (called by every transfer and every
/// pinned allocation; cheap when the list is empty).
pub(crate) fn poll_watch_list() {
    let done: Vec<(Event, Vec<Arc<Storage>>)> = {
        let mut w = WATCH.lock().unwrap_or_else(|e| e.into_inner());
        if w.is_empty() {
            return;
        }
        let mut done = Vec::new();
        let mut k = 0;
        while k < w.len() {
            // SAFETY: the event handle is valid while the entry lives.
            let r = unsafe { sys::cuEventQuery(w[k].0.raw()) };
            if r == sys::CUresult::CUDA_ERROR_NOT_READY {
                k += 1;
            } else {
                done.push(w.swap_remove(k));
            }
        }
        done
    };
    // dropped outside the lock: freeing a device buffer takes the pool's lock
    drop(done);
}

fn watch(stream: &Stream, keep: Vec<Arc<Storage>>) -> Result<()> {
    let ev = stream.record()?;
    WATCH
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .push((ev, keep));
    Ok(())
}

/// The host side of an asynchronous copy: a C-contiguous, pinned host array.
fn pinned_host(op: &'static str, a: &Array) -> Result<*mut u8> {
    let cpu = a.storage().as_cpu().ok_or_else(|| {
        Error::bad_argument(
            op,
            "host",
            format!("an array on {}", a.device()),
            "an array on the CPU",
        )
    })?;
    if !cpu.is_pinned() {
        return Err(Error::bad_argument(
            op,
            "host",
            "a pageable host array",
            "a pinned host array (make it with zeros_pinned/empty_pinned, or use the synchronous Array::to_device, which stages pageable memory)",
        ));
    }
    if !a.is_c_contiguous() {
        return Err(Error::bad_argument(
            op,
            "host",
            format!("an array of strides {:?}", a.strides()),
            "a C-contiguous host array",
        ));
    }
    // SAFETY: offset * itemsize is inside the buffer (the array's layout is valid).
    Ok(unsafe { cpu.as_ptr().add(a.offset() * a.dtype().itemsize()) })
}

/// A C-contiguous device array on `ordinal`: its device address.
fn device_side(op: &'static str, a: &Array, ordinal: usize) -> Result<u64> {
    if a.device() != Device::Cuda(ordinal) {
        return Err(Error::DeviceMismatch {
            op,
            lhs: a.device(),
            rhs: Device::Cuda(ordinal),
        });
    }
    if !a.is_c_contiguous() {
        return Err(Error::bad_argument(
            op,
            "device",
            format!("an array of strides {:?}", a.strides()),
            "a C-contiguous device array",
        ));
    }
    a.device_ptr().ok_or_else(|| {
        Error::bad_argument(
            op,
            "device",
            "an array without a device address",
            "an array in device memory",
        )
    })
}

fn same_shape(op: &'static str, host: &Array, dev: &Array) -> Result<()> {
    if host.shape() != dev.shape() || host.dtype() != dev.dtype() {
        return Err(if host.shape() != dev.shape() {
            Error::ShapeMismatch {
                op,
                lhs: host.shape().to_vec(),
                rhs: dev.shape().to_vec(),
                detail: Some("the host and the device array differ".into()),
            }
        } else {
            Error::DTypeMismatch {
                op,
                expected: host.dtype(),
                actual: dev.dtype(),
            }
        });
    }
    Ok(())
}

/// Uploads a pinned host array to a new array on device `ordinal`, asynchronously on `stream`
/// (`cp.asarray(pinned)` under `with stream:`, without waiting).
///
/// **Shapes:** `a`'s shape and dtype; the result is C-contiguous. The new buffer comes from
/// the installed allocator on `stream`; `stream` first waits for the work queued on the
/// calling thread's current stream, so the buffer is free for it.
///
/// The copy (`cuMemcpyHtoDAsync`) overlaps with kernels on other streams and with the host.
/// Work on the result must run on `stream` or wait for it (an event); `a` must not be written
/// until the copy is done. `a`'s buffer is kept alive until then.
///
/// # Errors
/// [`Error::BadArgument`] when `a` is not a C-contiguous pinned host array; device, allocation
/// and CUDA errors.
///
/// # Example
/// ```
/// use cuprum_core::{DType, cuda::{self, Stream}};
/// if cuda::device_count() > 0 {
///     let h = cuprum_memory::zeros_pinned(&[1024], DType::Float32).unwrap();
///     let s = Stream::new(0).unwrap();
///     let d = cuprum_memory::to_device_async(&h, 0, &s).unwrap();
///     s.synchronize().unwrap();
///     assert_eq!(d.to_vec::<f32>().unwrap(), vec![0.0; 1024]);
/// }
/// ```
pub fn to_device_async(a: &Array, ordinal: usize, stream: &Stream) -> Result<Array> {
    const OP: &str = "to_device_async";
    let src = pinned_host(OP, a)?;
    if stream.ordinal() != ordinal {
        return Err(Error::DeviceMismatch {
            op: OP,
            lhs: Device::Cuda(stream.ordinal()),
            rhs: Device::Cuda(ordinal),
        });
    }
    crate::pool::install();
    poll_watch_list();
    let out = {
        let _g = stream.use_stream()?;
        Array::empty_on(a.shape(), a.dtype(), Device::Cuda(ordinal))?
    };
    copy_h2d(OP, src, a, &out, stream)?;
    Ok(out)
}

/// Copies a pinned host array into an existing device array asynchronously on `stream`
/// (`ndarray.set(pinned, stream=stream)`). The copy is ordered after the work already queued on
/// `stream`; see [`to_device_async`] for what may be done before it completes.
///
/// **Shapes:** `src` and `dst` have the same shape and dtype; both C-contiguous.
///
/// # Errors
/// [`Error::BadArgument`] for a host array that is not pinned and C-contiguous, [`Error::ShapeMismatch`] or
/// [`Error::DTypeMismatch`] for a shape or dtype mismatch; [`Error::DeviceMismatch`] when `dst` is not on `stream`'s device; CUDA
/// errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType, Device, cuda::{self, Stream}};
/// if cuda::device_count() > 0 {
///     let h = cuprum_memory::zeros_pinned(&[8], DType::Int32).unwrap();
///     let d = Array::from_vec_on(vec![7i32; 8], &[8], Device::Cuda(0)).unwrap();
///     let s = Stream::null(0).unwrap();
///     cuprum_memory::copy_to_device_async(&h, &d, &s).unwrap();
///     assert_eq!(d.to_vec::<i32>().unwrap(), vec![0; 8]);
/// }
/// ```
pub fn copy_to_device_async(src: &Array, dst: &Array, stream: &Stream) -> Result<()> {
    const OP: &str = "copy_to_device_async";
    let s = pinned_host(OP, src)?;
    poll_watch_list();
    copy_h2d(OP, s, src, dst, stream)
}

fn copy_h2d(op: &'static str, src: *mut u8, a: &Array, dst: &Array, stream: &Stream) -> Result<()> {
    same_shape(op, a, dst)?;
    let d = device_side(op, dst, stream.ordinal())?;
    let n = a.nbytes();
    if n == 0 {
        return Ok(());
    }
    let _span = tracing::trace_span!("h2d async", nbytes = n).entered();
    cuda::context(stream.ordinal())?;
    // SAFETY: `d` addresses `n` bytes of a live device buffer; `src` addresses `n` bytes of a
    // live page-locked buffer, both kept alive by the watch list until the copy's event.
    let r = unsafe { sys::cuMemcpyHtoDAsync_v2(d, src.cast_const().cast(), n, stream.raw()) };
    if r != sys::CUresult::CUDA_SUCCESS {
        return Err(cuda_error("cuMemcpyHtoDAsync", r));
    }
    watch(stream, vec![a.storage().clone(), dst.storage().clone()])
}

/// Copies a device array into an existing pinned host array asynchronously on `stream`
/// (`ndarray.get(stream=stream, out=pinned)` without waiting). The copy is ordered after the
/// work queued on `stream`; `dst` must not be read before it completes (synchronize `stream`).
///
/// **Shapes:** `src` and `dst` have the same shape and dtype; `dst` is C-contiguous (a
/// non-contiguous `src` is first made contiguous on `stream`).
///
/// # Errors
/// As [`copy_to_device_async`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, DType, Device, cuda::{self, Stream}};
/// if cuda::device_count() > 0 {
///     let d = Array::from_vec_on(vec![1.5f64, 2.5], &[2], Device::Cuda(0)).unwrap();
///     let h = cuprum_memory::empty_pinned(&[2], DType::Float64).unwrap();
///     let s = Stream::new(0).unwrap();
///     cuprum_memory::copy_to_host_async(&d, &h, &s).unwrap();
///     s.synchronize().unwrap();
///     assert_eq!(h.to_vec::<f64>().unwrap(), vec![1.5, 2.5]);
/// }
/// ```
pub fn copy_to_host_async(src: &Array, dst: &Array, stream: &Stream) -> Result<()> {
    const OP: &str = "copy_to_host_async";
    let h = pinned_host(OP, dst)?;
    same_shape(OP, dst, src)?;
    let Device::Cuda(ordinal) = src.device() else {
        return Err(Error::bad_argument(
            OP,
            "src",
            format!("an array on {}", src.device()),
            "an array on a CUDA device",
        ));
    };
    if stream.ordinal() != ordinal {
        return Err(Error::DeviceMismatch {
            op: OP,
            lhs: src.device(),
            rhs: Device::Cuda(stream.ordinal()),
        });
    }
    poll_watch_list();
    let src = if src.is_c_contiguous() {
        src.clone()
    } else {
        let _g = stream.use_stream()?;
        cuprum_core::ascontiguousarray(src)?
    };
    let d = device_side(OP, &src, ordinal)?;
    let n = src.nbytes();
    if n == 0 {
        return Ok(());
    }
    let _span = tracing::trace_span!("d2h async", nbytes = n).entered();
    cuda::context(ordinal)?;
    // SAFETY: `h` addresses `n` bytes of a live page-locked buffer and `d` `n` bytes of a live
    // device buffer; both are kept alive by the watch list until the copy's event.
    let r = unsafe { sys::cuMemcpyDtoHAsync_v2(h.cast(), d, n, stream.raw()) };
    if r != sys::CUresult::CUDA_SUCCESS {
        return Err(cuda_error("cuMemcpyDtoHAsync", r));
    }
    watch(stream, vec![src.storage().clone(), dst.storage().clone()])
}
