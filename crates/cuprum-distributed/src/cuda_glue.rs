//! The few things the NCCL backend needs from cuprum-core's CUDA layer: a device's context
//! bound to this thread, its current stream, and an array's device address
//! (`cuprum_core::ext::cuda::context`, `cuprum_core::ext::cuda::current_stream`,
//! `Array::device_ptr`).

use crate::{Error, Result};
use cudarc::driver::{CudaStream, DriverError};
use cuprum_core::{Array, Device};
use std::sync::Arc;

/// Wraps a CUDA driver error with the operation's name.
pub(crate) fn driver_error(op: &'static str, e: DriverError) -> Error {
    Error::Core(cuprum_core::ext::cuda::driver_error(op, e))
}

/// Makes device `ordinal`'s primary context current on this thread.
pub(crate) fn bind(ordinal: usize) -> Result<()> {
    cuprum_core::ext::cuda::context(ordinal)?;
    Ok(())
}

/// The calling thread's current stream of device `ordinal` (collectives are enqueued on it, in
/// order with the array operations of this thread).
pub(crate) fn stream(ordinal: usize) -> Result<Arc<CudaStream>> {
    bind(ordinal)?;
    Ok(cuprum_core::ext::cuda::current_stream(ordinal)?)
}

/// Fails unless `a` is a C-contiguous array on CUDA device `ordinal`.
pub(crate) fn check_array(op: &'static str, a: &Array, ordinal: usize) -> Result<()> {
    if a.device() != Device::Cuda(ordinal) {
        return Err(Error::Core(cuprum_core::Error::DeviceMismatch {
            op,
            lhs: a.device(),
            rhs: Device::Cuda(ordinal),
        }));
    }
    if !a.is_c_contiguous() {
        return Err(Error::invalid(
            op,
            format!(
                "NCCL needs C-contiguous arrays; this one has shape {:?} and strides {:?} (copy it with ascontiguousarray first)",
                a.shape(),
                a.strides()
            ),
        ));
    }
    Ok(())
}

/// The device address of `a`'s first element.
pub(crate) fn device_ptr(op: &'static str, a: &Array) -> Result<u64> {
    a.device_ptr().ok_or_else(|| {
        Error::invalid(
            op,
            format!("the array is on {}, not on a CUDA device", a.device()),
        )
    })
}
