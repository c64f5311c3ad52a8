//! [`Error`]: what the CUDA layer can report.
//!
//! Each variant has the name, fields and text of the `cuprum_core::Error` variant it becomes
//! (`From<cuprum_cuda::Error> for cuprum_core::Error` maps one to one), so a caller of the array
//! API sees the same error whether it came from this crate or from core.

use crate::Device;

/// Result alias used across cuprum-cuda.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Everything the CUDA layer can report. Each variant names the operation and the values
/// involved; the `Display` text is a complete sentence.
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Operands live on different devices (a stream of one device used with another's work).
    #[error("{op}: operands are on different devices ({lhs} and {rhs}); copy one with to_device")]
    DeviceMismatch {
        /// operation name
        op: &'static str,
        /// first device
        lhs: Device,
        /// second device
        rhs: Device,
    },
    /// A value the operation rejects (a null pointer, a zero-sized request, ...).
    #[error("{op}: invalid value: {reason}")]
    InvalidValue {
        /// operation name
        op: &'static str,
        /// what is wrong
        reason: String,
    },
    /// An argument whose value the operation does not accept: a name with a NUL byte, a
    /// stream that cannot be captured, a byte range outside a buffer.
    #[error("{op}: {arg} = {value} is not accepted; expected {expected}")]
    BadArgument {
        /// operation name
        op: &'static str,
        /// the argument's name
        arg: &'static str,
        /// the value given, as text
        value: String,
        /// what would be accepted
        expected: String,
    },
    /// A number outside the domain the operation accepts.
    #[error("{op}: {arg} = {value} is outside the domain {domain}")]
    OutOfDomain {
        /// operation name
        op: &'static str,
        /// the argument's name
        arg: &'static str,
        /// the value given, as text
        value: String,
        /// the domain, e.g. `"[0, 2147483647]"`
        domain: String,
    },
    /// An argument whose shape the operation does not accept.
    #[error("{op}: {arg} has shape {shape:?}; expected {expected}")]
    BadShape {
        /// operation name
        op: &'static str,
        /// the argument's name
        arg: &'static str,
        /// its shape
        shape: Vec<usize>,
        /// the shapes accepted
        expected: String,
    },
    /// An allocation failed.
    #[error(
        "out of memory on {device}: {requested} bytes requested, {free} bytes free{limit_note}"
    )]
    OutOfMemory {
        /// the device
        device: Device,
        /// bytes requested
        requested: usize,
        /// bytes free on the device (or under the pool limit)
        free: usize,
        /// optional note about a pool limit (starts with ", " or empty)
        limit_note: String,
    },
    /// A CUDA driver call failed; `name` is NVIDIA's name (e.g. `CUDA_ERROR_INVALID_VALUE`).
    #[error("{op}: CUDA error {name}: {description}")]
    Cuda {
        /// the call or operation
        op: &'static str,
        /// NVIDIA's status name
        name: String,
        /// NVIDIA's description
        description: String,
    },
    /// A CUDA library (NVRTC, NVTX, ...) returned a failure status.
    #[error("{op}: {library} returned {status}")]
    CudaLibrary {
        /// the call
        op: &'static str,
        /// the library, e.g. `"NVRTC"`
        library: &'static str,
        /// NVIDIA's status name
        status: String,
    },
    /// NVRTC could not compile a kernel; `log` is the compiler's log.
    #[error("NVRTC failed to compile kernel {kernel}:\n{log}")]
    Compile {
        /// kernel name
        kernel: String,
        /// NVRTC's program log
        log: String,
    },
    /// A CUDA shared library could not be loaded.
    #[error("{library} could not be loaded: {detail}")]
    LibraryNotFound {
        /// library name as NVIDIA spells it (e.g. `"libnvrtc"`)
        library: &'static str,
        /// what the loader said
        detail: String,
    },
    /// The device does not exist or CUDA is not available.
    #[error("{op}: device {device} is not available: {reason}")]
    DeviceUnavailable {
        /// operation name
        op: &'static str,
        /// device asked for
        device: Device,
        /// why
        reason: String,
    },
    /// The operation cannot run while its stream is being captured into a CUDA graph (a host
    /// read, an upload or a host wait); the capture is invalidated
    /// ([`Stream::end_capture`](crate::Stream::end_capture) then returns
    /// [`Error::CaptureInvalidated`]).
    #[error("{op} cannot run while its stream is being captured into a CUDA graph: {reason}")]
    CaptureUnsupported {
        /// the refused operation
        op: &'static str,
        /// why it cannot be captured
        reason: &'static str,
    },
    /// A capture ended without a graph because an operation inside it was refused (or CUDA
    /// invalidated it); the stream is no longer capturing and can be used again.
    #[error("end_capture: the capture was invalidated by {op}; no graph was made")]
    CaptureInvalidated {
        /// the operation that invalidated the capture
        op: &'static str,
    },
    /// The operation is not possible for this device or combination of arguments.
    #[error("{op}: not supported: {reason}")]
    Unsupported {
        /// operation name
        op: &'static str,
        /// what is unsupported
        reason: String,
    },
    /// An error of a layer above (an allocator or memory hook written over arrays) passed
    /// through this crate; its text is the original's.
    #[error(transparent)]
    Other(Box<dyn std::error::Error + Send + Sync + 'static>),
}

impl Error {
    /// Shorthand for [`Error::InvalidValue`].
    pub fn invalid_value(op: &'static str, reason: impl Into<String>) -> Self {
        Error::InvalidValue {
            op,
            reason: reason.into(),
        }
    }
    /// Shorthand for [`Error::BadArgument`]: `value` is shown with `Display`.
    ///
    /// # Example
    /// ```
    /// use cuprum_cuda::Error;
    /// let e = Error::bad_argument("nvrtc", "options", "\"-a\\0b\"", "options without NUL bytes");
    /// assert!(matches!(e, Error::BadArgument { arg: "options", .. }));
    /// ```
    pub fn bad_argument(
        op: &'static str,
        arg: &'static str,
        value: impl std::fmt::Display,
        expected: impl Into<String>,
    ) -> Self {
        Error::BadArgument {
            op,
            arg,
            value: value.to_string(),
            expected: expected.into(),
        }
    }
    /// Shorthand for [`Error::OutOfDomain`]: `value` is shown with `Display`.
    pub fn out_of_domain(
        op: &'static str,
        arg: &'static str,
        value: impl std::fmt::Display,
        domain: impl Into<String>,
    ) -> Self {
        Error::OutOfDomain {
            op,
            arg,
            value: value.to_string(),
            domain: domain.into(),
        }
    }
    /// Shorthand for [`Error::BadShape`].
    pub fn bad_shape(
        op: &'static str,
        arg: &'static str,
        shape: &[usize],
        expected: impl Into<String>,
    ) -> Self {
        Error::BadShape {
            op,
            arg,
            shape: shape.to_vec(),
            expected: expected.into(),
        }
    }
    /// [`Error::OutOfMemory`] for a failed host allocation of `requested` bytes (`free` is the
    /// memory the operating system reports available, 0 where it cannot say).
    pub fn host_out_of_memory(requested: usize) -> Self {
        Error::OutOfMemory {
            device: Device::Cpu,
            requested,
            free: host_available_bytes(),
            limit_note: String::new(),
        }
    }
}

/// `{:?}` is the `Display` sentence, as for `cuprum_core::Error`.
impl std::fmt::Debug for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

/// The memory the operating system reports available to this process (`sysconf`'s available
/// physical pages), 0 where it cannot say.
pub fn host_available_bytes() -> usize {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: `sysconf` only reads system configuration.
        let (pages, size) = unsafe {
            (
                libc::sysconf(libc::_SC_AVPHYS_PAGES),
                libc::sysconf(libc::_SC_PAGESIZE),
            )
        };
        if pages > 0 && size > 0 {
            return (pages as usize).saturating_mul(size as usize);
        }
    }
    0
}

/// A `Vec<T>` with room for `n` elements, or [`Error::OutOfMemory`] naming the bytes when the
/// host refuses them (never an abort).
pub fn try_vec_with_capacity<T>(n: usize) -> Result<Vec<T>> {
    let mut v = Vec::new();
    v.try_reserve_exact(n)
        .map_err(|_| Error::host_out_of_memory(n.saturating_mul(std::mem::size_of::<T>())))?;
    Ok(v)
}
