//! The few things the NCCL backend needs from cuprum-core's CUDA layer: a device's context
//! bound to this thread, its current stream, and an array's device address.
//!
//! The contract (see the team's API notes) is `cuprum_core::cuda::context(ordinal)`,
//! `cuprum_core::cuda::current_stream(ordinal)` and `Array::device_ptr()`. Until cuprum-core
//! exposes them, contexts and streams come from cudarc directly (the device's primary context
//! and its default stream) and `device_ptr` reports that CUDA arrays are not addressable yet.

use crate::{Error, Result};
use cudarc::driver::{CudaContext, CudaStream, DriverError};
use cuprum_core::{Array, Device};
use std::sync::{Arc, Mutex, OnceLock};

/// Wraps a CUDA driver error with the operation's name.
pub(crate) fn driver_error(op: &'static str, e: DriverError) -> Error {
    let name = format!("{:?}", e.0);
    Error::Core(cuprum_core::Error::Cuda {
        op,
        name,
        description: e.to_string(),
    })
}

fn contexts() -> &'static Mutex<Vec<Option<Arc<CudaContext>>>> {
    static C: OnceLock<Mutex<Vec<Option<Arc<CudaContext>>>>> = OnceLock::new();
    C.get_or_init(|| Mutex::new(Vec::new()))
}

/// The primary context of device `ordinal` (created once per process).
pub(crate) fn context(ordinal: usize) -> Result<Arc<CudaContext>> {
    Device::Cuda(ordinal).check_available("cuprum-distributed")?;
    let mut g = contexts().lock().unwrap_or_else(|e| e.into_inner());
    if g.len() <= ordinal {
        g.resize(ordinal + 1, None);
    }
    if let Some(c) = &g[ordinal] {
        return Ok(c.clone());
    }
    let ctx = std::panic::catch_unwind(|| CudaContext::new(ordinal))
        .map_err(|_| {
            Error::Core(cuprum_core::Error::LibraryNotFound {
                library: "libcuda",
                detail: "the CUDA driver could not be loaded".into(),
            })
        })?
        .map_err(|e| driver_error("CudaContext::new", e))?;
    g[ordinal] = Some(ctx.clone());
    Ok(ctx)
}

/// Makes device `ordinal`'s context current on this thread.
pub(crate) fn bind(ordinal: usize) -> Result<()> {
    context(ordinal)?
        .bind_to_thread()
        .map_err(|e| driver_error("bind_to_thread", e))
}

/// The stream collectives on device `ordinal` are enqueued on.
pub(crate) fn stream(ordinal: usize) -> Result<Arc<CudaStream>> {
    let ctx = context(ordinal)?;
    ctx.bind_to_thread()
        .map_err(|e| driver_error("bind_to_thread", e))?;
    Ok(ctx.default_stream())
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
                "NCCL needs C-contiguous arrays; this one has shape {:?} and strides {:?} (copy it first)",
                a.shape(),
                a.strides()
            ),
        ));
    }
    Ok(())
}

/// The device address of `a`'s first element.
pub(crate) fn device_ptr(op: &'static str, a: &Array) -> Result<u64> {
    let _ = a;
    Err(Error::unsupported(
        op,
        "cuprum-core does not expose device addresses of CUDA arrays yet (Array::device_ptr)",
    ))
}
