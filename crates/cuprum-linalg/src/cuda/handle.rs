//! The cuSOLVER side of every routine: this thread's handle of a device (kept by
//! `ext::with_library_handle`), status checks, workspace buffers and the `info` outputs.

use crate::error::{LinalgError, Result};
use cudarc::cusolver::sys as cs;
use cuprum_core::ext;
use cuprum_core::{Array, DType, Device};

/// The ordinal of a CUDA array, `None` for a CPU one.
pub(super) fn cuda_ordinal(a: &Array) -> Option<usize> {
    match a.device() {
        Device::Cuda(i) => Some(i),
        _ => None,
    }
}

fn lib_err(op: &'static str, routine: &'static str, s: cs::cusolverStatus_t) -> LinalgError {
    cuprum_core::Error::CudaLibrary {
        op,
        library: "cuSOLVER",
        status: format!("{routine}: {s:?}"),
    }
    .into()
}

/// Checks a cuSOLVER status.
pub(super) fn check(
    op: &'static str,
    routine: &'static str,
    s: cs::cusolverStatus_t,
) -> Result<()> {
    if s == cs::cusolverStatus_t::CUSOLVER_STATUS_SUCCESS {
        Ok(())
    } else {
        Err(lib_err(op, routine, s))
    }
}

/// This thread's cuSOLVER handle of one device, kept by [`ext::with_library_handle`].
pub(super) struct DnHandle(cudarc::cusolver::DnHandle);

impl ext::LibraryHandle for DnHandle {
    const LIBRARY: &'static str = "libcusolver";

    fn create(ordinal: usize) -> cuprum_core::Result<Self> {
        // SAFETY: only probes the dynamic loader for the library; no cuSOLVER call is made.
        if !unsafe { cs::is_culib_present() } {
            return Err(cuprum_core::Error::LibraryNotFound {
                library: "libcusolver",
                detail: format!("cuda:{ordinal} needs cuSOLVER for this operation"),
            });
        }
        let stream = ext::cuda::current_stream(ordinal)?;
        cudarc::cusolver::DnHandle::new(stream)
            .map(DnHandle)
            .map_err(|e| cuprum_core::Error::CudaLibrary {
                op: "cuSOLVER handle",
                library: "cuSOLVER",
                status: format!("cusolverDnCreate: {:?}", e.0),
            })
    }

    fn set_stream(&mut self, stream: &cuprum_core::cuda::Stream) -> cuprum_core::Result<()> {
        if !std::sync::Arc::ptr_eq(self.0.stream(), stream.cuda_stream()) {
            // SAFETY: the handle is used only by this thread, and only on `stream` from now
            // on; work queued on the previous stream stays ordered there.
            unsafe { self.0.set_stream(stream.cuda_stream().clone()) }.map_err(|e| {
                cuprum_core::Error::CudaLibrary {
                    op: "cuSOLVER handle",
                    library: "cuSOLVER",
                    status: format!("cusolverDnSetStream: {:?}", e.0),
                }
            })?;
        }
        Ok(())
    }
}

/// Runs `f` with this thread's cuSOLVER handle for device `ordinal`, bound to the device's
/// current stream.
pub(super) fn with_handle<R>(
    _op: &'static str,
    ordinal: usize,
    f: impl FnOnce(cs::cusolverDnHandle_t) -> Result<R>,
) -> Result<R> {
    ext::with_library_handle(ordinal, |h: &mut DnHandle| f(h.0.cu()))
}

/// The device address of element 0 of a C-contiguous device array.
pub(super) fn ptr(a: &Array) -> u64 {
    a.device_ptr().unwrap_or(0)
}

/// A new device buffer of `n` elements (at least 1).
pub(super) fn buffer(n: usize, dtype: DType, dev: Device) -> Result<Array> {
    Ok(Array::empty_on(&[n.max(1)], dtype, dev)?)
}

/// Reads the `info` outputs (synchronizes).
pub(super) fn infos(info: &Array) -> Result<Vec<i32>> {
    Ok(info.to_vec::<i32>()?)
}

/// Maps negative `info` values to [`LinalgError::IllegalArgument`].
pub(super) fn check_illegal(op: &'static str, routine: &'static str, info: &[i32]) -> Result<()> {
    match info.iter().find(|&&i| i < 0) {
        Some(&i) => Err(LinalgError::IllegalArgument {
            op,
            routine,
            argument: -i64::from(i),
        }),
        None => Ok(()),
    }
}

pub(super) fn to_i32(op: &'static str, n: usize) -> Result<i32> {
    i32::try_from(n).map_err(|_| {
        LinalgError::Core(cuprum_core::Error::unsupported(
            op,
            format!("matrix dimension {n} exceeds cuSOLVER's 32-bit limit"),
        ))
    })
}
