//! The array-level parts of the CUDA memory API: [`Array::device_ptr`] and
//! `cupy.cuda.runtime.memset(Async)` on arrays (re-exported as `cuda::runtime::memset`).

use crate::cuda::driver::bind;
use crate::cuda::stream::Stream;
use crate::{Array, Device, Error, Result};

impl Array {
    /// The device address of element `(0, ..., 0)` (`base + offset * itemsize`) for an array on
    /// a CUDA device; `None` on the CPU. For handing the buffer to a raw kernel or a vendor
    /// library; strides are [`Array::strides`] (in elements).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let a = Array::from_vec_on(vec![1.0f32], &[1], Device::Cpu).unwrap();
    /// assert_eq!(a.device_ptr(), None);
    /// ```
    pub fn device_ptr(&self) -> Option<u64> {
        // a capture in progress keeps the buffers its work uses (one atomic load otherwise)
        crate::storage::touch(&self.storage);
        self.storage
            .as_cuda()
            .map(|c| c.device_ptr() + (self.layout.offset * self.dtype.itemsize()) as u64)
    }
}

/// The byte range `[start, start + nbytes)` of `a`'s buffer that a memset of `nbytes` from
/// element `(0, ..., 0)` covers, checked against the buffer.
fn memset_range(op: &'static str, a: &Array, nbytes: usize) -> Result<usize> {
    let start = a.layout.offset.checked_mul(a.dtype.itemsize());
    let cap = a.storage.nbytes();
    match start.and_then(|s| s.checked_add(nbytes).map(|e| (s, e))) {
        Some((s, e)) if e <= cap => Ok(s),
        _ => Err(Error::bad_argument(
            op,
            "nbytes",
            format!(
                "{nbytes} from byte {}",
                start.map_or("?".to_string(), |s| s.to_string())
            ),
            format!("a range within the buffer of {cap} bytes"),
        )),
    }
}

/// Sets the first `nbytes` bytes of `a`'s memory, from element `(0, ..., 0)` on, to `value`
/// (`cupy.cuda.runtime.memset(a.data.ptr, value, nbytes)`), on the calling thread's current
/// stream of the array's device (`cuMemsetD8Async`; asynchronous, like `cudaMemset`). The
/// bytes are those of the buffer in memory order, whatever the array's strides. On the CPU the
/// bytes are written at once.
///
/// **Shapes:** any; `nbytes` may be up to the bytes from element `(0, ...)` to the end of the
/// buffer (for a C-contiguous array that owns its buffer: `a.nbytes()`).
///
/// # Errors
/// [`Error::BadArgument`] when the range goes past the end of the buffer; a CUDA error.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, cuda::runtime::memset};
/// let a = Array::from_vec_on(vec![1u16, 2, 3], &[3], Device::Cpu).unwrap();
/// memset(&a, 0xff, 4).unwrap();
/// assert_eq!(a.to_vec::<u16>().unwrap(), vec![0xffff, 0xffff, 3]);
/// assert!(memset(&a, 0, 7).is_err());
/// ```
pub fn memset(a: &Array, value: u8, nbytes: usize) -> Result<()> {
    let start = memset_range("memset", a, nbytes)?;
    match &*a.storage {
        crate::storage::Storage::Cpu(c) => {
            c.write().bytes_mut()[start..start + nbytes].fill(value);
            Ok(())
        }
        crate::storage::Storage::Cuda(c) => {
            let ordinal = c.ordinal();
            bind("memset", ordinal)?;
            memset_raw(a, value, nbytes, &crate::cuda::stream::current(ordinal)?)
        }
    }
}

/// [`memset`] on `stream` (`cupy.cuda.runtime.memsetAsync(ptr, value, size, stream)`).
///
/// # Errors
/// [`Error::DeviceMismatch`] when the array is not on the stream's device; otherwise as
/// [`memset`].
///
/// # Example
/// ```
/// use cuprum_core::{cuda::{self, runtime::memset_async}, Device, zeros_on, DType};
/// if cuda::device_count() > 0 {
///     let a = zeros_on(&[4], DType::UInt8, Device::Cuda(0)).unwrap();
///     let s = cuda::Stream::new(0).unwrap();
///     memset_async(&a, 7, 4, &s).unwrap();
///     s.synchronize().unwrap();
///     assert_eq!(a.to_vec::<u8>().unwrap(), vec![7; 4]);
/// }
/// ```
pub fn memset_async(a: &Array, value: u8, nbytes: usize, stream: &Stream) -> Result<()> {
    memset_range("memset_async", a, nbytes)?;
    if a.device() != Device::Cuda(stream.ordinal()) {
        return Err(Error::DeviceMismatch {
            op: "memset_async",
            lhs: a.device(),
            rhs: Device::Cuda(stream.ordinal()),
        });
    }
    bind("memset_async", stream.ordinal())?;
    memset_raw(a, value, nbytes, stream)
}

fn memset_raw(a: &Array, value: u8, nbytes: usize, stream: &Stream) -> Result<()> {
    let Some(ptr) = a.device_ptr() else {
        return Ok(());
    };
    // SAFETY: the range was checked against the live buffer (`memset_range`); the array keeps
    // the buffer alive until the call returns and the stream orders the write before any later
    // free on it (buffers are freed in stream order).
    Ok(unsafe { cuprum_cuda::memory::memset_d8_async(ptr, value, nbytes, stream) }?)
}
