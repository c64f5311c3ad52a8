//! [`Error`]: cuprum-core's one structured error type.

use crate::{DType, Device};

/// Result alias used across cuprum-core.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// Everything that can go wrong in cuprum-core. Each variant names the operation and the
/// values involved; the `Display` text is a complete sentence a user can act on.
#[derive(thiserror::Error)]
#[non_exhaustive]
pub enum Error {
    /// Operand shapes do not agree (inner dimensions of a product, `reshape` sizes, ...).
    #[error("{op}: shape mismatch between {lhs:?} and {rhs:?}{}", .detail.as_deref().map(|d| format!(": {d}")).unwrap_or_default())]
    ShapeMismatch {
        /// operation name, e.g. `"matmul"`
        op: &'static str,
        /// first shape involved
        lhs: Vec<usize>,
        /// second shape involved
        rhs: Vec<usize>,
        /// what disagrees, when the two shapes alone do not say it (e.g. `"core dimension 4
        /// of the first operand against 5 of the second"`)
        detail: Option<String>,
    },
    /// Shapes cannot be broadcast together.
    #[error("{op}: operands could not be broadcast together with shapes {lhs:?} and {rhs:?}")]
    Broadcast {
        /// operation name
        op: &'static str,
        /// first shape
        lhs: Vec<usize>,
        /// second shape
        rhs: Vec<usize>,
    },
    /// The dtype is not supported by the operation (e.g. bitwise ops on floats).
    #[error("{op}: dtype {dtype} is not supported{detail}")]
    DType {
        /// operation name
        op: &'static str,
        /// the offending dtype
        dtype: DType,
        /// extra context, starting with ": " or empty
        detail: String,
    },
    /// The host type asked for does not match the array's dtype.
    #[error("{op}: the array has dtype {actual}, but {expected} was asked for")]
    DTypeMismatch {
        /// operation name
        op: &'static str,
        /// dtype asked for
        expected: DType,
        /// dtype of the array
        actual: DType,
    },
    /// Operands live on different devices.
    #[error("{op}: operands are on different devices ({lhs} and {rhs}); copy one with to_device")]
    DeviceMismatch {
        /// operation name
        op: &'static str,
        /// first device
        lhs: Device,
        /// second device
        rhs: Device,
    },
    /// An axis outside `[-ndim, ndim)`.
    #[error("{op}: axis {axis} is out of bounds for an array of dimension {ndim}")]
    AxisOutOfBounds {
        /// operation name
        op: &'static str,
        /// the axis given
        axis: isize,
        /// the array's ndim
        ndim: usize,
    },
    /// An integer index outside its axis.
    #[error("{op}: index {index} is out of bounds for axis {axis} with size {size}")]
    IndexOutOfBounds {
        /// operation name
        op: &'static str,
        /// the index given
        index: i64,
        /// the axis indexed
        axis: usize,
        /// the axis length
        size: usize,
    },
    /// An index that is invalid altogether (too many indices, slice step 0, ...).
    #[error("{op}: invalid index: {reason}")]
    InvalidIndex {
        /// operation name
        op: &'static str,
        /// what is wrong
        reason: String,
    },
    /// Free text, kept for the few conditions no structured variant expresses: the content of
    /// a text or archive file, a convergence failure, an external library's message, an
    /// internal invariant. An argument is [`Error::BadArgument`], [`Error::OutOfDomain`] or
    /// [`Error::BadShape`] instead, which name the argument and its value.
    #[error("{op}: invalid value: {reason}")]
    InvalidValue {
        /// operation name
        op: &'static str,
        /// what is wrong
        reason: String,
    },
    /// An argument whose value the operation does not accept: an unknown mode or method
    /// name, a negative length, an order outside the supported range (NumPy's `ValueError`).
    #[error("{op}: {arg} = {value} is not accepted; expected {expected}")]
    BadArgument {
        /// operation name, e.g. `"signal.butter"`
        op: &'static str,
        /// the argument's name as the NumPy/SciPy signature spells it, e.g. `"btype"`
        arg: &'static str,
        /// the value given, as text (`'bandpasss'`, `-3`, `[1, 2]`)
        value: String,
        /// what would be accepted, e.g. `"one of 'lowpass', 'highpass', 'bandpass', 'bandstop'"`
        expected: String,
    },
    /// A number outside the mathematical domain of the operation: a negative standard
    /// deviation, a probability outside `[0, 1]`, a non-finite sample spacing.
    #[error("{op}: {arg} = {value} is outside the domain {domain}")]
    OutOfDomain {
        /// operation name
        op: &'static str,
        /// the argument's name
        arg: &'static str,
        /// the value given, as text
        value: String,
        /// the domain, e.g. `"(0, inf)"` or `"finite values"`
        domain: String,
    },
    /// An argument whose shape or number of dimensions the operation does not accept (one
    /// array alone; two that disagree are [`Error::ShapeMismatch`]).
    #[error("{op}: {arg} has shape {shape:?}; expected {expected}")]
    BadShape {
        /// operation name
        op: &'static str,
        /// the argument's name
        arg: &'static str,
        /// its shape
        shape: Vec<usize>,
        /// the shapes accepted, e.g. `"a 1-D array of at least 2 elements"`
        expected: String,
    },
    /// A weak integer scalar that does not fit the array's integer dtype.
    #[error("{op}: Python integer {value} out of bounds for {dtype}")]
    Overflow {
        /// operation name
        op: &'static str,
        /// the value
        value: String,
        /// the array dtype
        dtype: DType,
    },
    /// A device allocation failed.
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
    /// A shape whose element count or byte size does not fit the address space (NumPy's
    /// "array is too big"): the product of the dimensions overflows, or `elements × itemsize`
    /// exceeds `isize::MAX` bytes.
    #[error(
        "{op}: array is too big: shape {shape:?} of {itemsize}-byte elements needs {}, more \
         than the isize::MAX bytes an array may have",
        .bytes.map_or("more than 2^128 bytes".to_string(), |b| format!("{b} bytes"))
    )]
    TooBig {
        /// operation name
        op: &'static str,
        /// the shape asked for
        shape: Vec<usize>,
        /// bytes per element
        itemsize: usize,
        /// the exact byte count, when it fits in 128 bits
        bytes: Option<u128>,
    },
    /// A CUDA driver/runtime call failed; `name` is NVIDIA's name (e.g. `CUDA_ERROR_INVALID_VALUE`).
    #[error("{op}: CUDA error {name}: {description}")]
    Cuda {
        /// the call or operation
        op: &'static str,
        /// NVIDIA's status name
        name: String,
        /// NVIDIA's description
        description: String,
    },
    /// A CUDA library (cuBLAS, cuFFT, ...) returned a failure status.
    #[error("{op}: {library} returned {status}")]
    CudaLibrary {
        /// the call
        op: &'static str,
        /// the library, e.g. `"cuBLAS"`
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
    /// A `.npy` file is malformed or truncated.
    #[error("npy file {path}: {reason}")]
    Npy {
        /// the file (or `"<bytes>"`)
        path: String,
        /// what is wrong
        reason: String,
    },
    /// An I/O error while reading or writing a file.
    #[error("{op}: I/O error on {path}: {source}")]
    Io {
        /// operation name
        op: &'static str,
        /// path involved
        path: String,
        /// the underlying error
        #[source]
        source: std::io::Error,
    },
    /// The operation cannot run while its stream is being captured into a CUDA graph (a host
    /// read, an upload or a host wait); the capture is invalidated
    /// ([`Stream::end_capture`](crate::cuda::Stream::end_capture) then returns
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
    /// The operation is not implemented for this device or combination of arguments yet.
    #[error("{op}: not supported: {reason}")]
    Unsupported {
        /// operation name
        op: &'static str,
        /// what is unsupported
        reason: String,
    },
    /// A floating-point error of an elementwise ufunc while its category is
    /// [`FpMode::Raise`](crate::FpMode::Raise) (see [`seterr`](crate::seterr); NumPy's
    /// `FloatingPointError`).
    #[error("{op}: floating point error: {error}")]
    FloatingPoint {
        /// the ufunc
        op: &'static str,
        /// the category
        error: crate::ops::errstate::FpError,
    },
    /// An error of a feature crate (cuprum-linalg's `LinalgError`, cuprum-distributed's
    /// `Error`) converted with `?` in a function that returns this crate's [`Result`], as
    /// `fn main() -> cuprum::Result<()>` does. Its text is the original's; `downcast_ref` gets
    /// the original back (see [`Error::feature`]).
    #[error(transparent)]
    Feature(Box<dyn std::error::Error + Send + Sync + 'static>),
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
    /// use cuprum_core::Error;
    /// let e = Error::bad_argument("signal.butter", "btype", "'bandpasss'", "'lowpass', 'highpass', 'bandpass' or 'bandstop'");
    /// assert!(matches!(e, Error::BadArgument { arg: "btype", .. }));
    /// assert_eq!(e.to_string(), "signal.butter: btype = 'bandpasss' is not accepted; expected 'lowpass', 'highpass', 'bandpass' or 'bandstop'");
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
    ///
    /// # Example
    /// ```
    /// use cuprum_core::Error;
    /// let e = Error::out_of_domain("stats.norm.pdf", "scale", -1.0, "(0, inf)");
    /// assert_eq!(e.to_string(), "stats.norm.pdf: scale = -1 is outside the domain (0, inf)");
    /// ```
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
    ///
    /// # Example
    /// ```
    /// use cuprum_core::Error;
    /// let e = Error::bad_shape("signal.lfilter", "b", &[2, 3], "a 1-D array");
    /// assert_eq!(e.to_string(), "signal.lfilter: b has shape [2, 3]; expected a 1-D array");
    /// ```
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
    /// Shorthand for [`Error::DType`] with no detail.
    pub fn dtype(op: &'static str, dtype: DType) -> Self {
        Error::DType {
            op,
            dtype,
            detail: String::new(),
        }
    }
    /// Shorthand for [`Error::Unsupported`].
    pub fn unsupported(op: &'static str, reason: impl Into<String>) -> Self {
        Error::Unsupported {
            op,
            reason: reason.into(),
        }
    }
    /// The feature crate's error inside an [`Error::Feature`], if this is one of type `E`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::Error;
    /// let e = Error::Feature(Box::new(std::fmt::Error));
    /// assert!(e.feature::<std::fmt::Error>().is_some());
    /// assert!(Error::unsupported("op", "x").feature::<std::fmt::Error>().is_none());
    /// ```
    pub fn feature<E: std::error::Error + 'static>(&self) -> Option<&E> {
        match self {
            Error::Feature(b) => b.downcast_ref::<E>(),
            _ => None,
        }
    }
    /// [`Error::OutOfMemory`] for a failed host allocation of `requested` bytes (`free` is the
    /// memory the operating system reports available, 0 where it cannot say).
    pub fn host_out_of_memory(requested: usize) -> Self {
        Error::OutOfMemory {
            device: Device::Cpu,
            requested,
            free: crate::storage::host_available_bytes(),
            limit_note: String::new(),
        }
    }
    /// Shorthand for [`Error::InvalidIndex`].
    pub fn invalid_index(op: &'static str, reason: impl Into<String>) -> Self {
        Error::InvalidIndex {
            op,
            reason: reason.into(),
        }
    }
}

/// The CUDA layer's errors become the variants of the same name and text.
impl From<cuprum_cuda::Error> for Error {
    fn from(e: cuprum_cuda::Error) -> Self {
        use cuprum_cuda::Error as C;
        match e {
            C::DeviceMismatch { op, lhs, rhs } => Error::DeviceMismatch { op, lhs, rhs },
            C::InvalidValue { op, reason } => Error::InvalidValue { op, reason },
            C::BadArgument {
                op,
                arg,
                value,
                expected,
            } => Error::BadArgument {
                op,
                arg,
                value,
                expected,
            },
            C::OutOfDomain {
                op,
                arg,
                value,
                domain,
            } => Error::OutOfDomain {
                op,
                arg,
                value,
                domain,
            },
            C::BadShape {
                op,
                arg,
                shape,
                expected,
            } => Error::BadShape {
                op,
                arg,
                shape,
                expected,
            },
            C::OutOfMemory {
                device,
                requested,
                free,
                limit_note,
            } => Error::OutOfMemory {
                device,
                requested,
                free,
                limit_note,
            },
            C::Cuda {
                op,
                name,
                description,
            } => Error::Cuda {
                op,
                name,
                description,
            },
            C::CudaLibrary {
                op,
                library,
                status,
            } => Error::CudaLibrary {
                op,
                library,
                status,
            },
            C::Compile { kernel, log } => Error::Compile { kernel, log },
            C::LibraryNotFound { library, detail } => Error::LibraryNotFound { library, detail },
            C::DeviceUnavailable { op, device, reason } => {
                Error::DeviceUnavailable { op, device, reason }
            }
            C::CaptureUnsupported { op, reason } => Error::CaptureUnsupported { op, reason },
            C::CaptureInvalidated { op } => Error::CaptureInvalidated { op },
            C::Unsupported { op, reason } => Error::Unsupported { op, reason },
            C::Other(b) => match b.downcast::<Error>() {
                Ok(e) => *e,
                Err(b) => Error::Feature(b),
            },
            other => Error::Feature(Box::new(other)),
        }
    }
}

/// An array-level error passed through the CUDA layer (from an [`Allocator`] or a memory hook
/// written over arrays) comes back out unchanged through [`cuprum_cuda::Error::Other`].
///
/// [`Allocator`]: crate::cuda::Allocator
impl From<Error> for cuprum_cuda::Error {
    fn from(e: Error) -> Self {
        cuprum_cuda::Error::Other(Box::new(e))
    }
}

/// `{:?}` is the `Display` sentence: it is what a `main` returning this error prints
/// (`Error: add: operands could not be broadcast together with shapes [3, 4] and [3]`), and the
/// sentence already names the operation and the values.
impl std::fmt::Debug for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `{:?}` (what a failing `main` prints) is the full sentence, not the variant's fields.
    #[test]
    fn debug_is_the_sentence() {
        let e = Error::Broadcast {
            op: "add",
            lhs: vec![3, 4],
            rhs: vec![3],
        };
        let want = "add: operands could not be broadcast together with shapes [3, 4] and [3]";
        assert_eq!(e.to_string(), want);
        assert_eq!(format!("{e:?}"), want);
    }
}

/// Shape errors say what disagrees when the two shapes alone do not (found by a new-user trial:
/// identical shapes in a tensordot message, `-1` dropped from a reshape, batch-only shapes
/// from matmul).
#[cfg(test)]
mod detail_tests {
    use crate::indexing::IndexItem;
    use crate::products::{TensorAxes, einsum, matmul, tensordot};
    use crate::{Array, DType, Device, manip, random::Generator};

    fn f(shape: &[usize]) -> Array {
        crate::zeros_on(shape, DType::Float64, Device::Cpu).unwrap()
    }

    #[test]
    fn shape_errors_name_what_disagrees() {
        let msg = |r: crate::Result<Array>| r.unwrap_err().to_string();
        assert_eq!(
            msg(matmul(&f(&[3, 4]), &f(&[5, 2]))),
            "matmul: shape mismatch between [3, 4] and [5, 2]: the first operand's last \
             dimension (4) differs from the second's second-to-last dimension (5)"
        );
        assert_eq!(
            msg(matmul(&f(&[2, 3, 4]), &f(&[3, 4, 2]))),
            "matmul: operands could not be broadcast together with shapes [2, 3, 4] and [3, 4, 2]"
        );
        assert_eq!(
            msg(tensordot(&f(&[2, 2]), &f(&[2, 2]), TensorAxes::Last(3))),
            "tensordot: shape mismatch between [2, 2] and [2, 2]: axes=3 sums over more axes \
             than the operands have (2 and 2)"
        );
        assert!(
            msg(tensordot(
                &f(&[2, 3]),
                &f(&[2, 2]),
                TensorAxes::Pairs(vec![1], vec![0])
            ))
            .ends_with("axis 1 of the first operand has length 3 and axis 0 of the second 2")
        );
        assert!(
            msg(einsum("ij,jk->ik", &[&f(&[3, 4]), &f(&[5, 2])]))
                .ends_with("label 'j' has length 4 in one operand and 5 in the other"),
        );
        let e = manip::split(&f(&[5]), 2usize, 0).unwrap_err().to_string();
        assert!(
            e.ends_with("array split does not result in an equal division (5 into 2 sections)"),
            "{e}"
        );
        let mask = Array::from_vec_on(vec![true, false], &[2], Device::Cpu).unwrap();
        let e = f(&[5])
            .getitem(&[IndexItem::Array(mask)])
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("a boolean index of shape [2] must match the shape [5]"),
            "{e}"
        );
        let e = Generator::new(0)
            .random_on(&[3], DType::Int64, Device::Cpu)
            .unwrap_err();
        assert!(e.to_string().starts_with("random: "), "{e}");
    }
}
