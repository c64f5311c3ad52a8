//! Array creation: `zeros`, `ones`, `empty`, `full`, the `*_like` forms, `arange`, `linspace`,
//! `eye`, `identity`, `tri`.
//!
//! Each function creates its array on the current device ([`current_device`]); the `_on`
//! form takes the device explicitly. The `*_like` forms take shape, dtype **and device** from
//! the prototype (the `_like_on` forms put the result elsewhere); their result is always
//! C-contiguous (NumPy's `order='K'` would copy the prototype's memory order).
//!
//! Device work goes through the backend's `fill` and `copy` primitives only, so every
//! function works on every device. `arange`, `linspace` and `tri` compute their values on the
//! host (with NumPy's exact arithmetic) and upload them in one transfer.
//!
//! The submodules hold log-spaced ranges and grids (`logspace`, `geomspace`, `mgrid`, `ogrid`,
//! `fromfunction`) and `diagflat`/`vander`.

mod matrices;
mod ranges;
pub use matrices::*;
pub use ranges::*;

use crate::backend;
use crate::storage::try_vec_with_capacity;
use crate::view::check_scalar_fits;
use crate::{Array, DType, DTypeKind, Device, Error, IntoShape, Layout, Result, Scalar};
use crate::{bf16, current_device, f16};

/// A new array of `shape` and `dtype` on the current device with unspecified contents,
/// NumPy's `np.empty`.
///
/// # Errors
/// [`Error::OutOfMemory`] / [`Error::DeviceUnavailable`] from the allocation.
///
/// # Example
/// ```
/// use cuprum_core::{DType, empty};
/// let a = empty(&[2, 3], DType::Float32).unwrap();
/// assert_eq!((a.shape(), a.dtype()), (&[2usize, 3][..], DType::Float32));
/// ```
pub fn empty(shape: impl IntoShape, dtype: impl Into<Option<DType>>) -> Result<Array> {
    empty_on(shape, dtype, current_device())
}

/// [`empty`] on `device`.
///
/// # Errors
/// As [`empty`].
pub fn empty_on(
    shape: impl IntoShape,
    dtype: impl Into<Option<DType>>,
    device: Device,
) -> Result<Array> {
    let shape = shape.to_shape("empty")?;
    let dtype = dtype.into().unwrap_or(DType::Float64);
    device.check_available("empty")?;
    Array::alloc_named("empty", &shape, dtype, device)
}

/// A new array of `shape` and `dtype` filled with zeros, NumPy's `np.zeros`.
///
/// `shape` is anything [`IntoShape`] takes (`&[2, 3]`, a `Vec<usize>`, `a.shape()`, ...);
/// `dtype` a [`DType`] or `None` (float64, NumPy's default), as for every creation function.
///
/// # Errors
/// Allocation errors, as [`empty`].
///
/// # Example
/// ```
/// use cuprum_core::{DType, Device, zeros_on};
/// let a = zeros_on(&[2, 2], DType::Int32, Device::Cpu).unwrap();
/// assert_eq!(a.to_vec::<i32>().unwrap(), vec![0; 4]);
/// ```
pub fn zeros(shape: impl IntoShape, dtype: impl Into<Option<DType>>) -> Result<Array> {
    zeros_on(shape, dtype, current_device())
}

/// [`zeros`] on `device`.
///
/// # Errors
/// As [`zeros`].
pub fn zeros_on(
    shape: impl IntoShape,
    dtype: impl Into<Option<DType>>,
    device: Device,
) -> Result<Array> {
    let shape = shape.to_shape("zeros")?;
    full_named(
        "zeros",
        &shape,
        Scalar::Int(0),
        Some(dtype.into().unwrap_or(DType::Float64)),
        device,
    )
}

/// A new array of `shape` and `dtype` filled with ones, NumPy's `np.ones`.
///
/// # Errors
/// Allocation errors, as [`empty`].
///
/// # Example
/// ```
/// use cuprum_core::{DType, Device, ones_on};
/// let a = ones_on(&[3], DType::Bool, Device::Cpu).unwrap();
/// assert_eq!(a.to_vec::<bool>().unwrap(), vec![true; 3]);
/// ```
pub fn ones(shape: impl IntoShape, dtype: impl Into<Option<DType>>) -> Result<Array> {
    ones_on(shape, dtype, current_device())
}

/// [`ones`] on `device`.
///
/// # Errors
/// As [`ones`].
pub fn ones_on(
    shape: impl IntoShape,
    dtype: impl Into<Option<DType>>,
    device: Device,
) -> Result<Array> {
    let shape = shape.to_shape("ones")?;
    full_named(
        "ones",
        &shape,
        Scalar::Int(1),
        Some(dtype.into().unwrap_or(DType::Float64)),
        device,
    )
}

/// A new array of `shape` with every element `value`, NumPy's `np.full(shape, value, dtype)`.
///
/// With `dtype` `None` the dtype is NumPy's default for the value's kind: `bool`, `int64`,
/// `float64` or `complex128` (`uint64` for a [`Scalar::UInt`]). Otherwise `value` is cast to
/// `dtype` as `astype` would.
///
/// # Errors
/// - [`Error::Overflow`] when an integer `value` does not fit an integer `dtype` (NumPy 2
///   raises `OverflowError` for `np.full(3, 300, dtype=np.int8)`);
/// - allocation errors, as [`empty`].
///
/// # Example
/// ```
/// use cuprum_core::{DType, Device, full_on};
/// let a = full_on(&[2], 2.5, None, Device::Cpu).unwrap();
/// assert_eq!(a.dtype(), DType::Float64);
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![2.5, 2.5]);
/// let b = full_on(&[2], 7, Some(DType::UInt8), Device::Cpu).unwrap();
/// assert_eq!(b.to_vec::<u8>().unwrap(), vec![7, 7]);
/// ```
pub fn full(
    shape: impl IntoShape,
    value: impl Into<Scalar>,
    dtype: impl Into<Option<DType>>,
) -> Result<Array> {
    full_on(shape, value, dtype, current_device())
}

/// [`full`] on `device`.
///
/// # Errors
/// As [`full`].
pub fn full_on(
    shape: impl IntoShape,
    value: impl Into<Scalar>,
    dtype: impl Into<Option<DType>>,
    device: Device,
) -> Result<Array> {
    let shape = shape.to_shape("full")?;
    full_named("full", &shape, value.into(), dtype.into(), device)
}

/// [`full_on`] whose errors name `op` (`zeros`, `ones`, `eye`, ...).
fn full_named(
    op: &'static str,
    shape: &[usize],
    value: Scalar,
    dtype: Option<DType>,
    device: Device,
) -> Result<Array> {
    let dtype = dtype.unwrap_or_else(|| value.default_dtype());
    check_scalar_fits(op, value, dtype)?;
    device.check_available(op)?;
    let a = Array::alloc_named(op, shape, dtype, device)?;
    if a.size() > 0 {
        backend::fill(a.view(), value)?;
    }
    Ok(a)
}

/// A new array with the shape, dtype and device of `a` and unspecified contents, NumPy's
/// `np.empty_like` (always C-contiguous).
///
/// # Errors
/// Allocation errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, empty_like};
/// let a = Array::from_vec_on(vec![1u16, 2], &[2], Device::Cpu).unwrap();
/// let b = empty_like(&a).unwrap();
/// assert_eq!((b.shape(), b.dtype(), b.device()), (a.shape(), a.dtype(), a.device()));
/// ```
pub fn empty_like(a: &Array) -> Result<Array> {
    empty_like_on(a, a.device())
}

/// [`empty_like`] on `device` (shape and dtype from `a`).
///
/// # Errors
/// As [`empty_like`].
pub fn empty_like_on(a: &Array, device: Device) -> Result<Array> {
    empty_on(a.shape(), a.dtype(), device)
}

/// Zeros with the shape, dtype and device of `a`, NumPy's `np.zeros_like`.
///
/// # Errors
/// Allocation errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, zeros_like};
/// let a = Array::from_vec_on(vec![5i32, 6, 7], &[3], Device::Cpu).unwrap();
/// assert_eq!(zeros_like(&a).unwrap().to_vec::<i32>().unwrap(), vec![0, 0, 0]);
/// ```
pub fn zeros_like(a: &Array) -> Result<Array> {
    zeros_like_on(a, a.device())
}

/// [`zeros_like`] on `device` (shape and dtype from `a`).
///
/// # Errors
/// As [`zeros_like`].
pub fn zeros_like_on(a: &Array, device: Device) -> Result<Array> {
    zeros_on(a.shape(), a.dtype(), device)
}

/// Ones with the shape, dtype and device of `a`, NumPy's `np.ones_like`.
///
/// # Errors
/// Allocation errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ones_like};
/// let a = Array::from_vec_on(vec![5.0f32, 6.0], &[2], Device::Cpu).unwrap();
/// assert_eq!(ones_like(&a).unwrap().to_vec::<f32>().unwrap(), vec![1.0, 1.0]);
/// ```
pub fn ones_like(a: &Array) -> Result<Array> {
    ones_like_on(a, a.device())
}

/// [`ones_like`] on `device` (shape and dtype from `a`).
///
/// # Errors
/// As [`ones_like`].
pub fn ones_like_on(a: &Array, device: Device) -> Result<Array> {
    ones_on(a.shape(), a.dtype(), device)
}

/// `value` (cast to `a`'s dtype) with the shape, dtype and device of `a`, NumPy's
/// `np.full_like`.
///
/// # Errors
/// [`Error::Overflow`] for an integer value that does not fit an integer dtype; allocation
/// errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, full_like};
/// let a = Array::from_vec_on(vec![0i64; 2], &[2], Device::Cpu).unwrap();
/// assert_eq!(full_like(&a, 2.9).unwrap().to_vec::<i64>().unwrap(), vec![2, 2]);
/// ```
pub fn full_like(a: &Array, value: impl Into<Scalar>) -> Result<Array> {
    full_like_on(a, value, a.device())
}

/// [`full_like`] on `device` (shape and dtype from `a`).
///
/// # Errors
/// As [`full_like`].
pub fn full_like_on(a: &Array, value: impl Into<Scalar>, device: Device) -> Result<Array> {
    full_on(a.shape(), value, Some(a.dtype()), device)
}

/// Exact `a + b` with Python's rules for mixing ints, floats and complex numbers.
fn scalar_add(a: Scalar, b: Scalar) -> Scalar {
    let integer =
        |s: &Scalar| matches!(s.kind(), DTypeKind::Bool | DTypeKind::Int | DTypeKind::UInt);
    if integer(&a) && integer(&b) {
        let v = scalar_i128(a) + scalar_i128(b);
        return int_scalar(v);
    }
    if a.kind() == DTypeKind::Complex || b.kind() == DTypeKind::Complex {
        return Scalar::Complex(a.as_complex() + b.as_complex());
    }
    Scalar::Float(a.as_f64() + b.as_f64())
}

/// An integer-kind scalar as i128 (exact).
fn scalar_i128(s: Scalar) -> i128 {
    match s {
        Scalar::UInt(u) => u as i128,
        s => s.as_i64() as i128,
    }
}

/// An exact integer as a scalar (`Int` when it fits i64, else `UInt`, else a float).
fn int_scalar(v: i128) -> Scalar {
    if let Ok(i) = i64::try_from(v) {
        Scalar::Int(i)
    } else if let Ok(u) = u64::try_from(v) {
        Scalar::UInt(u)
    } else {
        Scalar::Float(v as f64)
    }
}

/// Number of elements of `arange(start, stop, step)` (NumPy's `ceil((stop - start) / step)`,
/// exact for integers), or an error for a zero step or an unrepresentable length.
fn arange_len(start: Scalar, stop: Scalar, step: Scalar) -> Result<usize> {
    const OP: &str = "arange";
    let integer =
        |s: &Scalar| matches!(s.kind(), DTypeKind::Bool | DTypeKind::Int | DTypeKind::UInt);
    if !step.as_bool() {
        return Err(Error::bad_argument(OP, "step", step, "a nonzero step"));
    }
    let too_big = |len: f64| {
        Error::out_of_domain(
            OP,
            "(start, stop, step)",
            format!("({start}, {stop}, {step})"),
            format!("ranges of fewer than isize::MAX elements (this one has {len})"),
        )
    };
    if integer(&start) && integer(&stop) && integer(&step) {
        let (a, b, s) = (scalar_i128(start), scalar_i128(stop), scalar_i128(step));
        let d = b - a;
        let len = if (s > 0 && d > 0) || (s < 0 && d < 0) {
            let (d, s) = (d.abs(), s.abs());
            (d + s - 1) / s
        } else {
            0
        };
        return usize::try_from(len)
            .ok()
            .filter(|&n| n <= isize::MAX as usize)
            .ok_or_else(|| too_big(len as f64));
    }
    let ceil_len = |v: f64| -> Result<usize> {
        if v.is_nan() {
            return Err(Error::out_of_domain(
                OP,
                "(start, stop, step)",
                format!("({start}, {stop}, {step})"),
                "values whose length ceil((stop - start) / step) is a number",
            ));
        }
        let c = v.ceil();
        if c <= 0.0 {
            Ok(0)
        } else if c >= isize::MAX as f64 {
            Err(too_big(c))
        } else {
            Ok(c as usize)
        }
    };
    if [start, stop, step]
        .iter()
        .any(|s| s.kind() == DTypeKind::Complex)
    {
        let q = (stop.as_complex() - start.as_complex()) / step.as_complex();
        return Ok(ceil_len(q.re)?.min(ceil_len(q.im)?));
    }
    ceil_len((stop.as_f64() - start.as_f64()) / step.as_f64())
}

/// Values `first, second, first + i * (second - first), ...` of `dtype`, in native-endian
/// bytes, with the arithmetic of NumPy's `<TYPE>_fill` for that dtype (wrapping for
/// integers, float32 for float16/bfloat16/float32, per part for complex).
///
/// The host values are built in a buffer allocated fallibly (an unreachable length is
/// [`Error::OutOfMemory`], not an abort) and uploaded to `device` in one transfer.
fn arange_array(
    dtype: DType,
    first: Scalar,
    second: Scalar,
    len: usize,
    device: Device,
) -> Result<Array> {
    let upload = |bytes: &[u8]| Array::from_bytes_on(bytes, &[len], dtype, device);
    macro_rules! ints {
        ($t:ty, $conv:ident) => {{
            let f = first.$conv() as $t;
            let s = second.$conv() as $t;
            let d = s.wrapping_sub(f);
            let mut v = try_vec_with_capacity::<$t>(len)?;
            v.extend((0..len).map(|i| match i {
                0 => f,
                1 => s,
                _ => f.wrapping_add((i as $t).wrapping_mul(d)),
            }));
            upload(bytemuck::cast_slice::<$t, u8>(&v))
        }};
    }
    macro_rules! floats {
        ($t:ty, $c:ty, $to:expr, $from:expr) => {{
            let f: $c = $from(first.as_f64());
            let s: $c = $from(second.as_f64());
            let d = s - f;
            let mut v = try_vec_with_capacity::<$t>(len)?;
            v.extend((0..len).map(|i| match i {
                0 => $to(f),
                1 => $to(s),
                _ => $to(f + (i as $c) * d),
            }));
            upload(bytemuck::cast_slice::<$t, u8>(&v))
        }};
    }
    macro_rules! complexes {
        ($c:ty) => {{
            let (f, s) = (first.as_complex(), second.as_complex());
            let (fr, fi, sr, si) = (f.re as $c, f.im as $c, s.re as $c, s.im as $c);
            let (dr, di) = (sr - fr, si - fi);
            let mut v = try_vec_with_capacity::<$c>(2 * len)?;
            for i in 0..len {
                let (re, im) = match i {
                    0 => (fr, fi),
                    1 => (sr, si),
                    _ => (fr + (i as $c) * dr, fi + (i as $c) * di),
                };
                v.push(re);
                v.push(im);
            }
            upload(bytemuck::cast_slice::<$c, u8>(&v))
        }};
    }
    let id32 = |x: f32| x;
    let id64 = |x: f64| x;
    let f32_of = |x: f64| x as f32;
    match dtype {
        DType::Bool => {
            if len > 2 {
                return Err(Error::DType {
                    op: "arange",
                    dtype,
                    detail: format!(
                        ": arange is only supported for booleans when the result has at most \
                         length 2, not {len}"
                    ),
                });
            }
            let b: Vec<u8> = [first.as_bool(), second.as_bool()][..len]
                .iter()
                .map(|&b| b as u8)
                .collect();
            upload(&b)
        }
        DType::Int8 => ints!(i8, as_i64),
        DType::Int16 => ints!(i16, as_i64),
        DType::Int32 => ints!(i32, as_i64),
        DType::Int64 => ints!(i64, as_i64),
        DType::UInt8 => ints!(u8, as_u64),
        DType::UInt16 => ints!(u16, as_u64),
        DType::UInt32 => ints!(u32, as_u64),
        DType::UInt64 => ints!(u64, as_u64),
        DType::Float16 => floats!(f16, f32, f16::from_f32, f32_of),
        DType::BFloat16 => floats!(bf16, f32, bf16::from_f32, f32_of),
        DType::Float32 => floats!(f32, f32, id32, f32_of),
        DType::Float64 => floats!(f64, f64, id64, id64),
        DType::Complex64 => complexes!(f32),
        DType::Complex128 => complexes!(f64),
    }
}

/// Evenly spaced values in `[start, stop)` with spacing `step`, NumPy's
/// `np.arange(start, stop, step, dtype)`.
///
/// **Shape:** `(ceil((stop - start) / step),)` (0 when that is negative), computed exactly for
/// integer arguments and in float64 otherwise, so a float step may produce a last element
/// just above `stop` exactly as NumPy does (`arange(1.2, 1.5, 0.1)` has 4 elements).
///
/// **Dtype:** with `dtype` `None`, `complex128` if any argument is complex, else `float64` if
/// any is a float, else `int64` (`uint64` for integers beyond `i64::MAX`). Values are
/// `start`, `start + step`, then `start + i * delta` with `delta` the difference of the first
/// two values *in the result dtype* (NumPy's algorithm: `arange(0, 5, 0.5, dtype=int64)` is
/// ten zeros, integer dtypes wrap, float32 results are computed in float32).
///
/// # Errors
/// - [`Error::BadArgument`] or [`Error::OutOfDomain`]: `step` is zero, the length is NaN or too large, or a complex
///   argument with a non-complex `dtype`;
/// - [`Error::Overflow`]: an integer `start` or `start + step` that does not fit an integer
///   `dtype`;
/// - [`Error::DType`]: a `bool` result longer than 2 (as NumPy).
///
/// # Example
/// ```
/// use cuprum_core::{DType, Device, arange_on};
/// let a = arange_on(10, 0, -3, None, Device::Cpu).unwrap();
/// assert_eq!(a.to_vec::<i64>().unwrap(), vec![10, 7, 4, 1]);
/// let b = arange_on(0.0, 1.0, 0.25, Some(DType::Float32), Device::Cpu).unwrap();
/// assert_eq!(b.to_vec::<f32>().unwrap(), vec![0.0, 0.25, 0.5, 0.75]);
/// ```
pub fn arange(
    start: impl Into<Scalar>,
    stop: impl Into<Scalar>,
    step: impl Into<Scalar>,
    dtype: Option<DType>,
) -> Result<Array> {
    arange_on(start, stop, step, dtype, current_device())
}

/// [`arange`] on `device`.
///
/// # Errors
/// As [`arange`].
pub fn arange_on(
    start: impl Into<Scalar>,
    stop: impl Into<Scalar>,
    step: impl Into<Scalar>,
    dtype: Option<DType>,
    device: Device,
) -> Result<Array> {
    const OP: &str = "arange";
    let (start, stop, step) = (start.into(), stop.into(), step.into());
    let args = [start, stop, step];
    let any = |k: DTypeKind| args.iter().any(|s| s.kind() == k);
    let dtype = dtype.unwrap_or_else(|| {
        if any(DTypeKind::Complex) {
            DType::Complex128
        } else if any(DTypeKind::Float) {
            DType::Float64
        } else if args.iter().all(|s| i64::try_from(scalar_i128(*s)).is_ok()) {
            DType::Int64
        } else if args.iter().all(|s| scalar_i128(*s) >= 0) {
            DType::UInt64
        } else {
            DType::Float64
        }
    });
    if any(DTypeKind::Complex) && !dtype.is_complex() {
        return Err(Error::bad_argument(
            OP,
            "dtype",
            dtype,
            format!("a complex dtype for the complex arguments ({start}, {stop}, {step})"),
        ));
    }
    let len = arange_len(start, stop, step)?;
    let second = scalar_add(start, step);
    if len > 0 {
        check_scalar_fits(OP, start, dtype)?;
    }
    if len > 1 {
        check_scalar_fits(OP, second, dtype)?;
    }
    crate::layout::checked_size(OP, &[len], dtype.itemsize())?;
    device.check_available(OP)?;
    arange_array(dtype, start, second, len, device)
}

/// `num` evenly spaced values from `start` to `stop`, NumPy's
/// `np.linspace(start, stop, num, endpoint, dtype)`.
///
/// **Shape:** `(num,)`. With `endpoint` the last value is exactly `stop` and the spacing is
/// `(stop - start) / (num - 1)`; without it the spacing is `(stop - start) / num`. `num = 1`
/// gives `[start]`, `num = 0` an empty array.
///
/// **Dtype:** `float64` when `dtype` is `None`. Values are computed in float64 with NumPy's
/// algorithm (`start + i * step`, or `start + i / div * delta` when the step underflows to 0),
/// then, for an integer `dtype`, rounded towards −∞ (NumPy 2: `linspace(-5, 5, 4,
/// dtype=int64)` is `[-5, -2, 1, 5]`), then cast to `dtype`.
///
/// # Errors
/// Allocation errors; backend errors from the cast.
///
/// # Example
/// ```
/// use cuprum_core::{Device, linspace_on};
/// let a = linspace_on(0.0, 1.0, 5, true, None, Device::Cpu).unwrap();
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![0.0, 0.25, 0.5, 0.75, 1.0]);
/// let b = linspace_on(0.0, 1.0, 4, false, None, Device::Cpu).unwrap();
/// assert_eq!(b.to_vec::<f64>().unwrap(), vec![0.0, 0.25, 0.5, 0.75]);
/// ```
pub fn linspace(
    start: f64,
    stop: f64,
    num: usize,
    endpoint: bool,
    dtype: Option<DType>,
) -> Result<Array> {
    linspace_on(start, stop, num, endpoint, dtype, current_device())
}

/// [`linspace`] on `device`.
///
/// # Errors
/// As [`linspace`].
pub fn linspace_on(
    start: f64,
    stop: f64,
    num: usize,
    endpoint: bool,
    dtype: Option<DType>,
    device: Device,
) -> Result<Array> {
    let dtype = dtype.unwrap_or(DType::Float64);
    // the float64 host values are the larger buffer
    crate::layout::checked_size("linspace", &[num], dtype.itemsize().max(8))?;
    let values = linspace_values(start, stop, num, endpoint, dtype.is_integer())?;
    upload_cast(&values, dtype, device, "linspace")
}

/// NumPy's `np.linspace(start, stop, num, endpoint, retstep=True, dtype, axis)` with array
/// endpoints: `num` samples from each element of `start` to the matching element of `stop`,
/// and the step of each.
///
/// **Shapes:** `start` and `stop` broadcast to `B`; the samples have shape `B` with an axis of
/// length `num` inserted at `axis` (`(num, *B)` for `axis = 0`, `(*B, num)` for `axis = -1`);
/// the step has shape `B`.
///
/// **Dtype:** the samples are `dtype`, by default the inexact type of `start` and `stop`
/// (float64 for integer endpoints, float32 for float32 ones, complex for complex ones); the
/// step is that default type. Values are computed in float64 (complex128) with NumPy's
/// algorithm: `start + i * step`, or `start + i / div * delta` when a step underflows to 0;
/// with `endpoint` the last sample is exactly `stop`; for an integer `dtype` the values are
/// rounded towards −∞ before the cast. With `div = 0` (`num = 1` and `endpoint`, or
/// `num = 0` without it) the step is NaN, as NumPy's.
///
/// # Errors
/// [`Error::Broadcast`] when `start` and `stop` do not broadcast;
/// [`Error::AxisOutOfBounds`] when `axis` is not in `-(ndim+1)..=ndim`;
/// [`Error::DeviceMismatch`] when they are on different devices; allocation errors.
///
/// # Example
/// ```
/// use cuprum_core::{Array, creation::linspace_arrays};
/// let start = Array::from_vec(vec![0.0f64, 10.0], &[2]).unwrap();
/// let stop = Array::from_vec(vec![1.0f64, 20.0], &[2]).unwrap();
/// let (y, step) = linspace_arrays(&start, &stop, 3, true, None, 0).unwrap();
/// assert_eq!(y.shape(), &[3, 2]);
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![0.0, 10.0, 0.5, 15.0, 1.0, 20.0]);
/// assert_eq!(step.to_vec::<f64>().unwrap(), vec![0.5, 5.0]);
/// ```
pub fn linspace_arrays(
    start: &Array,
    stop: &Array,
    num: usize,
    endpoint: bool,
    dtype: Option<DType>,
    axis: isize,
) -> Result<(Array, Array)> {
    use crate::ops;
    const OP: &str = "linspace";
    let joined = DType::promote(start.dtype(), stop.dtype());
    let inexact = if joined.is_inexact() {
        joined
    } else {
        DType::Float64
    };
    let work = if inexact.is_complex() {
        DType::Complex128
    } else {
        DType::Float64
    };
    let device = start.device();
    let s = start.astype(work)?;
    let t = stop.astype(work)?;
    let delta = ops::subtract(&t, &s)?;
    let bshape = delta.shape().to_vec();
    crate::layout::checked_size(OP, &[num.max(1), delta.size().max(1)], 16)?;
    let mut yshape = vec![num];
    yshape.extend(std::iter::repeat_n(1usize, bshape.len()));
    let y =
        arange_on(0i64, num as i64, 1i64, Some(DType::Float64), device)?.reshape(&yshape[..])?;
    let div = if endpoint { num.saturating_sub(1) } else { num };
    let (mut y, step) = if div > 0 {
        let step = ops::divide(&delta, div as f64)?;
        let underflow = crate::reduce::any(&ops::equal(&step, 0.0)?, None, false)?
            .item()?
            .as_bool();
        let y = if underflow {
            ops::multiply(&ops::divide(&y, div as f64)?, &delta)?
        } else {
            ops::multiply(&y, &step)?
        };
        (y, step)
    } else {
        let nan = full_on(&bshape[..], f64::NAN, work, device)?;
        (ops::multiply(&y, &delta)?, nan)
    };
    y = ops::add(&y, &s)?;
    if endpoint && num > 1 {
        let head = crate::manip::split(&y, vec![(num - 1) as isize], 0)?.swap_remove(0);
        let last = t.broadcast_to(&bshape[..])?.expand_dims(0)?;
        y = crate::manip::concatenate(&[&head, &last], 0)?;
    }
    if axis != 0 {
        y = y.moveaxis(&[0], &[axis])?;
    }
    let out_dtype = dtype.unwrap_or(inexact);
    if out_dtype.is_integer() && !work.is_complex() {
        y = ops::floor(&y)?;
    }
    Ok((y.astype(out_dtype)?, step.astype(inexact)?))
}

/// NumPy's `linspace` values in float64 (floored for integer results).
fn linspace_values(
    start: f64,
    stop: f64,
    num: usize,
    endpoint: bool,
    floor: bool,
) -> Result<Vec<f64>> {
    let div = if endpoint { num.saturating_sub(1) } else { num };
    let delta = stop - start;
    let mut y = try_vec_with_capacity::<f64>(num)?;
    y.extend((0..num).map(|i| i as f64));
    if div > 0 {
        let step = delta / div as f64;
        if step == 0.0 {
            for v in &mut y {
                *v = *v / div as f64 * delta;
            }
        } else {
            for v in &mut y {
                *v *= step;
            }
        }
    } else {
        for v in &mut y {
            *v *= delta;
        }
    }
    for v in &mut y {
        *v += start;
    }
    if endpoint && num > 1 {
        y[num - 1] = stop;
    }
    if floor {
        for v in &mut y {
            *v = v.floor();
        }
    }
    Ok(y)
}

/// Uploads float64 values to `device` and casts them to `dtype` there (backend `copy`).
fn upload_cast(values: &[f64], dtype: DType, device: Device, op: &'static str) -> Result<Array> {
    device.check_available(op)?;
    let f = Array::from_slice_on(values, &[values.len()], device)?;
    if dtype == DType::Float64 {
        return Ok(f);
    }
    let out = Array::alloc_named(op, &[values.len()], dtype, device)?;
    if !values.is_empty() {
        backend::copy(f.view(), out.view())?;
    }
    Ok(out)
}

/// A 2-d array with ones on the `k`-th diagonal and zeros elsewhere, NumPy's
/// `np.eye(N, M, k, dtype)`.
///
/// **Shape:** `(n, m.unwrap_or(n))`. `k > 0` is above the main diagonal, `k < 0` below; a
/// diagonal outside the matrix leaves it all zeros.
///
/// Implemented as [`zeros`] plus one `fill` of the strided diagonal view.
///
/// # Errors
/// Allocation errors.
///
/// # Example
/// ```
/// use cuprum_core::{DType, Device, eye_on};
/// let a = eye_on(2, Some(3), 1, DType::Int32, Device::Cpu).unwrap();
/// assert_eq!(a.to_vec::<i32>().unwrap(), vec![0, 1, 0, 0, 0, 1]);
/// ```
pub fn eye(n: usize, m: Option<usize>, k: isize, dtype: impl Into<Option<DType>>) -> Result<Array> {
    eye_on(n, m, k, dtype, current_device())
}

/// [`eye`] on `device`.
///
/// # Errors
/// As [`eye`].
pub fn eye_on(
    n: usize,
    m: Option<usize>,
    k: isize,
    dtype: impl Into<Option<DType>>,
    device: Device,
) -> Result<Array> {
    let dtype = dtype.into().unwrap_or(DType::Float64);
    let m = m.unwrap_or(n);
    let a = full_named("eye", &[n, m], Scalar::Int(0), Some(dtype), device)?;
    // The diagonal starts at (0, k) for k >= 0 and at (-k, 0) below it.
    let (row, col) = if k >= 0 {
        (0usize, k.unsigned_abs())
    } else {
        (k.unsigned_abs(), 0usize)
    };
    if row < n && col < m {
        let len = (n - row).min(m - col);
        let diag = a.with_layout(Layout {
            shape: vec![len],
            strides: vec![m as isize + 1],
            offset: row * m + col,
        });
        backend::fill(diag.view(), Scalar::Int(1))?;
    }
    Ok(a)
}

/// The `n × n` identity matrix, NumPy's `np.identity(n, dtype)` (= `eye(n, None, 0, dtype)`).
///
/// # Errors
/// Allocation errors.
///
/// # Example
/// ```
/// use cuprum_core::{DType, Device, identity_on};
/// let a = identity_on(2, DType::Float64, Device::Cpu).unwrap();
/// assert_eq!(a.to_vec::<f64>().unwrap(), vec![1.0, 0.0, 0.0, 1.0]);
/// ```
pub fn identity(n: usize, dtype: impl Into<Option<DType>>) -> Result<Array> {
    identity_on(n, dtype, current_device())
}

/// [`identity`] on `device`.
///
/// # Errors
/// As [`identity`].
pub fn identity_on(n: usize, dtype: impl Into<Option<DType>>, device: Device) -> Result<Array> {
    let dtype = dtype.into().unwrap_or(DType::Float64);
    eye_on(n, None, 0, dtype, device)
}

/// A 2-d array with ones at and below the `k`-th diagonal and zeros above, NumPy's
/// `np.tri(N, M, k, dtype)`: element `(i, j)` is 1 where `j <= i + k`.
///
/// **Shape:** `(n, m.unwrap_or(n))`.
///
/// The mask is built on the host as `bool`, uploaded, and cast to `dtype` by the backend.
///
/// # Errors
/// Allocation errors.
///
/// # Example
/// ```
/// use cuprum_core::{DType, Device, tri_on};
/// let a = tri_on(2, Some(3), 1, DType::Int64, Device::Cpu).unwrap();
/// assert_eq!(a.to_vec::<i64>().unwrap(), vec![1, 1, 0, 1, 1, 1]);
/// ```
pub fn tri(n: usize, m: Option<usize>, k: isize, dtype: impl Into<Option<DType>>) -> Result<Array> {
    tri_on(n, m, k, dtype, current_device())
}

/// [`tri`] on `device`.
///
/// # Errors
/// As [`tri`].
pub fn tri_on(
    n: usize,
    m: Option<usize>,
    k: isize,
    dtype: impl Into<Option<DType>>,
    device: Device,
) -> Result<Array> {
    let dtype = dtype.into().unwrap_or(DType::Float64);
    device.check_available("tri")?;
    let m = m.unwrap_or(n);
    let len = crate::layout::checked_size("tri", &[n, m], dtype.itemsize())?;
    let mut mask = try_vec_with_capacity::<bool>(len)?;
    for i in 0..n {
        for j in 0..m {
            mask.push((j as i128) <= i as i128 + k as i128);
        }
    }
    let b = Array::from_vec_on(mask, &[n, m], device)?;
    if dtype == DType::Bool {
        return Ok(b);
    }
    let out = Array::alloc_named("tri", &[n, m], dtype, device)?;
    if out.size() > 0 {
        backend::copy(b.view(), out.view())?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Complex64;

    const CPU: Device = Device::Cpu;

    fn complex(re: f64, im: f64) -> Scalar {
        Scalar::Complex(Complex64::new(re, im))
    }

    #[test]
    fn zeros_ones_full_empty() {
        let z = zeros_on(&[2, 0, 4], DType::Float32, CPU).unwrap();
        assert_eq!(z.shape(), &[2, 0, 4]);
        assert_eq!(z.to_vec::<f32>().unwrap(), Vec::<f32>::new());
        let z = zeros_on((), DType::Float64, CPU).unwrap();
        assert_eq!(z.shape(), &[] as &[usize]);
        assert_eq!(z.item().unwrap(), Scalar::Float(0.0));
        let o = ones_on(&[3, 2], DType::Int8, CPU).unwrap();
        assert_eq!(o.to_vec::<i8>().unwrap(), vec![1; 6]);
        let o = ones_on(&[2], DType::Complex64, CPU).unwrap();
        assert_eq!(
            o.to_vec::<crate::Complex32>().unwrap(),
            vec![crate::Complex32::new(1.0, 0.0); 2]
        );
        let f = full_on(&[2, 2], true, None, CPU).unwrap();
        assert_eq!(f.dtype(), DType::Bool);
        assert_eq!(f.to_vec::<bool>().unwrap(), vec![true; 4]);
        let f = full_on(&[0, 3], 1.0, None, CPU).unwrap();
        assert_eq!((f.shape(), f.dtype()), (&[0usize, 3][..], DType::Float64));
        let f = full_on((), 2.0, None, CPU).unwrap();
        assert_eq!(f.item().unwrap(), Scalar::Float(2.0));
        let f = full_on(&[2], 7i32, None, CPU).unwrap();
        assert_eq!(f.dtype(), DType::Int64);
        let f = full_on(&[2], -1.5, Some(DType::Int16), CPU).unwrap();
        assert_eq!(f.to_vec::<i16>().unwrap(), vec![-1, -1]);
        let f = full_on(&[1], Complex64::new(1.0, -2.0), None, CPU).unwrap();
        assert_eq!(f.dtype(), DType::Complex128);
        assert_eq!(
            f.to_vec::<Complex64>().unwrap(),
            vec![Complex64::new(1.0, -2.0)]
        );
        let e = empty_on(&[4, 5], DType::UInt16, CPU).unwrap();
        assert_eq!(
            (e.shape(), e.dtype(), e.device()),
            (&[4usize, 5][..], DType::UInt16, CPU)
        );
    }

    #[test]
    fn full_overflow_is_an_error() {
        let e = full_on(&[3], 300, Some(DType::Int8), CPU).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Overflow {
                    op: "full",
                    dtype: DType::Int8,
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("300"));
        assert!(full_on(&[3], -1, Some(DType::UInt8), CPU).is_err());
        // floats are cast, never an overflow error
        let f = full_on(&[1], 2.5, Some(DType::UInt8), CPU).unwrap();
        assert_eq!(f.to_vec::<u8>().unwrap(), vec![2]);
    }

    #[test]
    fn like_forms_follow_the_prototype() {
        let a = Array::from_vec_on(vec![5i32, 6, 7, 8], &[2, 2], CPU).unwrap();
        let t = a.transpose().unwrap();
        for (b, v) in [
            (zeros_like(&t).unwrap(), 0),
            (ones_like(&t).unwrap(), 1),
            (full_like(&t, 9).unwrap(), 9),
        ] {
            assert_eq!(b.shape(), &[2, 2]);
            assert_eq!(b.dtype(), DType::Int32);
            assert!(b.is_c_contiguous());
            assert!(!b.shares_storage(&a));
            assert_eq!(b.to_vec::<i32>().unwrap(), vec![v; 4]);
        }
        let e = empty_like(&a).unwrap();
        assert_eq!((e.shape(), e.dtype()), (a.shape(), a.dtype()));
        let e = zeros_like_on(&a, CPU).unwrap();
        assert_eq!(e.device(), CPU);
        assert!(full_like(&a, 1u64 << 40).is_err());
        let o = ones_like_on(&a, CPU).unwrap();
        assert_eq!(o.to_vec::<i32>().unwrap(), vec![1; 4]);
        let f = full_like_on(&a, -3, CPU).unwrap();
        assert_eq!(f.to_vec::<i32>().unwrap(), vec![-3; 4]);
        assert_eq!(empty_like_on(&a, CPU).unwrap().shape(), &[2, 2]);
    }

    #[test]
    fn arange_integers() {
        let a = arange_on(10, 0, -3, None, CPU).unwrap();
        assert_eq!(a.dtype(), DType::Int64);
        assert_eq!(a.to_vec::<i64>().unwrap(), vec![10, 7, 4, 1]);
        let a = arange_on(5, 1, 1, None, CPU).unwrap();
        assert_eq!(a.shape(), &[0]);
        let a = arange_on(0, 5, 1, None, CPU).unwrap();
        assert_eq!(a.to_vec::<i64>().unwrap(), vec![0, 1, 2, 3, 4]);
        let a = arange_on(-7, 7, 5, Some(DType::Int8), CPU).unwrap();
        assert_eq!(a.to_vec::<i8>().unwrap(), vec![-7, -2, 3]);
        // NumPy: np.arange(250, 260, 3, dtype=np.uint8) wraps to [250, 253, 0, 3]
        let a = arange_on(250, 260, 3, Some(DType::UInt8), CPU).unwrap();
        assert_eq!(a.to_vec::<u8>().unwrap(), vec![250, 253, 0, 3]);
        // NumPy: np.arange(0, 10, 3, dtype=np.float16) is [0, 3, 6, 9]
        let a = arange_on(0, 10, 3, Some(DType::Float16), CPU).unwrap();
        let v: Vec<f64> = a
            .to_vec::<f16>()
            .unwrap()
            .iter()
            .map(|x| x.to_f64())
            .collect();
        assert_eq!(v, vec![0.0, 3.0, 6.0, 9.0]);
        let a = arange_on(0u64, 3u64, 1u64, None, CPU).unwrap();
        assert_eq!(a.dtype(), DType::Int64);
        let big = 1u64 << 63;
        let a = arange_on(big, big + 2, 1, None, CPU).unwrap();
        assert_eq!(a.dtype(), DType::UInt64);
        assert_eq!(a.to_vec::<u64>().unwrap(), vec![big, big + 1]);
        // bool args behave as ints: np.arange(False, True, True) is [0] (int64)
        let a = arange_on(false, true, true, None, CPU).unwrap();
        assert_eq!(a.to_vec::<i64>().unwrap(), vec![0]);
    }

    #[test]
    fn arange_floats_match_numpy() {
        // np.arange(0.0, 1.0, 0.1).tolist()
        let a = arange_on(0.0, 1.0, 0.1, None, CPU).unwrap();
        assert_eq!(
            a.to_vec::<f64>().unwrap(),
            vec![
                0.0,
                0.1,
                0.2,
                0.30000000000000004,
                0.4,
                0.5,
                0.6000000000000001,
                0.7000000000000001,
                0.8,
                0.9
            ]
        );
        // np.arange(1.0, 1.3, 0.1): (1.3-1.0)/0.1 = 3.0000000000000004, so 4 elements
        let a = arange_on(1.0, 1.3, 0.1, None, CPU).unwrap();
        assert_eq!(
            a.to_vec::<f64>().unwrap(),
            vec![1.0, 1.1, 1.2000000000000002, 1.3000000000000003]
        );
        // numpy/numpy#5808: np.arange(1.2, 1.5, 0.1)
        let a = arange_on(1.2, 1.5, 0.1, None, CPU).unwrap();
        assert_eq!(
            a.to_vec::<f64>().unwrap(),
            vec![1.2, 1.3, 1.4000000000000001, 1.5000000000000002]
        );
        // float32 arithmetic: np.arange(0, 1, 0.1, dtype=np.float32)[-1] == 0.9000000357627869
        let a = arange_on(0, 1, 0.1, Some(DType::Float32), CPU).unwrap();
        let v = a.to_vec::<f32>().unwrap();
        assert_eq!(v.len(), 10);
        assert_eq!(v[9] as f64, 0.9000000357627869);
        assert_eq!(v[3] as f64, 0.30000001192092896);
        let a = arange_on(0, 5, 0.5, Some(DType::Float32), CPU).unwrap();
        assert_eq!(
            a.to_vec::<f32>().unwrap(),
            vec![0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 4.5]
        );
        let a = arange_on(0.0, 1.0, -0.5, None, CPU).unwrap();
        assert_eq!((a.shape(), a.dtype()), (&[0usize][..], DType::Float64));
        let a = arange_on(-3, 3, 1.5, None, CPU).unwrap();
        assert_eq!(a.to_vec::<f64>().unwrap(), vec![-3.0, -1.5, 0.0, 1.5]);
        // integer dtype with a float step: delta = int(0.5) - int(0) = 0
        let a = arange_on(0, 5, 0.5, Some(DType::Int64), CPU).unwrap();
        assert_eq!(a.to_vec::<i64>().unwrap(), vec![0; 10]);
        let a = arange_on(-1.5, 3, 1, Some(DType::Int32), CPU).unwrap();
        assert_eq!(a.to_vec::<i32>().unwrap(), vec![-1, 0, 1, 2, 3]);
        // np.arange(5, 0, -1.5, dtype=np.uint8) is [5, 3, 1, 255]
        let a = arange_on(5, 0, -1.5, Some(DType::UInt8), CPU).unwrap();
        assert_eq!(a.to_vec::<u8>().unwrap(), vec![5, 3, 1, 255]);
        let a = arange_on(0, 2, 1, Some(DType::Bool), CPU).unwrap();
        assert_eq!(a.to_vec::<bool>().unwrap(), vec![false, true]);
    }

    #[test]
    fn arange_complex() {
        // np.arange(0, 5+0j, 1) and np.arange(0j, 3+3j, 1+1j) are empty: the length is the
        // smaller ceiling of the two parts of (stop - start) / step
        let a = arange_on(0, complex(5.0, 0.0), 1, None, CPU).unwrap();
        assert_eq!((a.shape(), a.dtype()), (&[0usize][..], DType::Complex128));
        let a = arange_on(
            complex(0.0, 0.0),
            complex(3.0, 3.0),
            complex(1.0, 1.0),
            None,
            CPU,
        );
        assert_eq!(a.unwrap().shape(), &[0]);
        // np.arange(1+2j, 4+8j, 1+1j) is [1+2j, 2+3j]
        let a = arange_on(
            complex(1.0, 2.0),
            complex(4.0, 8.0),
            complex(1.0, 1.0),
            None,
            CPU,
        );
        assert_eq!(
            a.unwrap().to_vec::<Complex64>().unwrap(),
            vec![Complex64::new(1.0, 2.0), Complex64::new(2.0, 3.0)]
        );
        let a = arange_on(
            complex(0.0, 0.0),
            complex(3.0, 6.0),
            complex(1.0, 1.0),
            Some(DType::Complex64),
            CPU,
        )
        .unwrap();
        assert_eq!(
            a.to_vec::<crate::Complex32>().unwrap(),
            vec![
                crate::Complex32::new(0.0, 0.0),
                crate::Complex32::new(1.0, 1.0)
            ]
        );
        assert!(matches!(
            arange_on(
                0,
                complex(0.0, 3.0),
                complex(0.0, 1.0),
                Some(DType::Float64),
                CPU
            ),
            Err(Error::BadArgument { arg: "dtype", .. })
        ));
    }

    #[test]
    fn arange_errors() {
        for e in [
            arange_on(0, 10, 0, None, CPU).unwrap_err(),
            arange_on(0.0, 1.0, 0.0, None, CPU).unwrap_err(),
        ] {
            assert!(
                matches!(
                    e,
                    Error::BadArgument {
                        op: "arange",
                        arg: "step",
                        ..
                    }
                ),
                "{e}"
            );
        }
        for e in [
            arange_on(0.0, f64::NAN, 1.0, None, CPU).unwrap_err(),
            arange_on(0.0, f64::INFINITY, 1.0, None, CPU).unwrap_err(),
        ] {
            assert!(
                matches!(
                    e,
                    Error::OutOfDomain {
                        op: "arange",
                        arg: "(start, stop, step)",
                        ..
                    }
                ),
                "{e}"
            );
        }
        assert!(matches!(
            arange_on(300, 302, 1, Some(DType::Int8), CPU),
            Err(Error::Overflow { .. })
        ));
        assert!(matches!(
            arange_on(0, 3, 1, Some(DType::Bool), CPU),
            Err(Error::DType {
                dtype: DType::Bool,
                ..
            })
        ));
    }

    #[test]
    fn linspace_matches_numpy() {
        let a = linspace_on(0.0, 1.0, 5, false, None, CPU).unwrap();
        assert_eq!(
            a.to_vec::<f64>().unwrap(),
            vec![0.0, 0.2, 0.4, 0.6000000000000001, 0.8]
        );
        let a = linspace_on(0.0, 1.0, 0, true, None, CPU).unwrap();
        assert_eq!((a.shape(), a.dtype()), (&[0usize][..], DType::Float64));
        let a = linspace_on(2.5, 7.0, 1, true, None, CPU).unwrap();
        assert_eq!(a.to_vec::<f64>().unwrap(), vec![2.5]);
        let a = linspace_on(0.0, 1.0, 1, false, None, CPU).unwrap();
        assert_eq!(a.to_vec::<f64>().unwrap(), vec![0.0]);
        let a = linspace_on(-5.0, 5.0, 4, true, Some(DType::Int64), CPU).unwrap();
        assert_eq!(a.to_vec::<i64>().unwrap(), vec![-5, -2, 1, 5]);
        let a = linspace_on(0.0, 10.0, 50, true, None, CPU).unwrap();
        let v = a.to_vec::<f64>().unwrap();
        assert_eq!(v[49], 10.0);
        assert_eq!(v[1], 0.20408163265306123);
        assert_eq!(v[47], 9.591836734693878);
        let a = linspace_on(5.0, 5.0, 3, true, None, CPU).unwrap();
        assert_eq!(a.to_vec::<f64>().unwrap(), vec![5.0; 3]);
        let a = linspace_on(0.0, 1.0, 5, true, Some(DType::Float32), CPU).unwrap();
        assert_eq!(a.to_vec::<f32>().unwrap(), vec![0.0, 0.25, 0.5, 0.75, 1.0]);
        // bool is not an integer dtype: no floor, cast is nonzero-ness
        let a = linspace_on(0.0, 1.0, 3, true, Some(DType::Bool), CPU).unwrap();
        assert_eq!(a.to_vec::<bool>().unwrap(), vec![false, true, true]);
        let a = linspace_on(0.0, 1.0, 3, true, Some(DType::Int32), CPU).unwrap();
        assert_eq!(a.to_vec::<i32>().unwrap(), vec![0, 0, 1]);
    }

    #[test]
    fn eye_identity_tri() {
        let e = eye_on(4, Some(3), -1, DType::Float64, CPU).unwrap();
        assert_eq!(e.shape(), &[4, 3]);
        assert_eq!(
            e.to_vec::<f64>().unwrap(),
            vec![0., 0., 0., 1., 0., 0., 0., 1., 0., 0., 0., 1.]
        );
        let e = eye_on(3, None, 5, DType::Float64, CPU).unwrap();
        assert_eq!(e.to_vec::<f64>().unwrap(), vec![0.0; 9]);
        let e = eye_on(3, None, -2, DType::Int32, CPU).unwrap();
        assert_eq!(e.to_vec::<i32>().unwrap(), vec![0, 0, 0, 0, 0, 0, 1, 0, 0]);
        let e = eye_on(0, None, 0, DType::Float64, CPU).unwrap();
        assert_eq!(e.shape(), &[0, 0]);
        let e = eye_on(2, None, 0, DType::Complex128, CPU).unwrap();
        assert_eq!(
            e.to_vec::<Complex64>().unwrap(),
            vec![
                Complex64::new(1.0, 0.0),
                Complex64::new(0.0, 0.0),
                Complex64::new(0.0, 0.0),
                Complex64::new(1.0, 0.0)
            ]
        );
        let e = eye_on(2, Some(3), 1, DType::Bool, CPU).unwrap();
        assert_eq!(
            e.to_vec::<bool>().unwrap(),
            vec![false, true, false, false, false, true]
        );
        let i = identity_on(1, DType::Float32, CPU).unwrap();
        assert_eq!(i.to_vec::<f32>().unwrap(), vec![1.0]);
        let i = identity_on(0, DType::Float64, CPU).unwrap();
        assert_eq!(i.shape(), &[0, 0]);
        let t = tri_on(3, None, 0, DType::Float64, CPU).unwrap();
        assert_eq!(
            t.to_vec::<f64>().unwrap(),
            vec![1., 0., 0., 1., 1., 0., 1., 1., 1.]
        );
        let t = tri_on(3, Some(4), 1, DType::Float64, CPU).unwrap();
        assert_eq!(
            t.to_vec::<f64>().unwrap(),
            vec![1., 1., 0., 0., 1., 1., 1., 0., 1., 1., 1., 1.]
        );
        let t = tri_on(4, Some(3), -1, DType::Int32, CPU).unwrap();
        assert_eq!(
            t.to_vec::<i32>().unwrap(),
            vec![0, 0, 0, 1, 0, 0, 1, 1, 0, 1, 1, 1]
        );
        let t = tri_on(2, None, 0, DType::Bool, CPU).unwrap();
        assert_eq!(t.to_vec::<bool>().unwrap(), vec![true, false, true, true]);
        let t = tri_on(0, Some(2), 0, DType::Float32, CPU).unwrap();
        assert_eq!(t.shape(), &[0, 2]);
    }

    #[test]
    fn current_device_forms() {
        let _g = Device::Cpu.use_device().unwrap();
        assert_eq!(zeros(&[2], DType::Float64).unwrap().device(), CPU);
        assert_eq!(ones(&[2], DType::Float64).unwrap().device(), CPU);
        assert_eq!(empty(&[2], DType::Float64).unwrap().device(), CPU);
        assert_eq!(full(&[2], 1, None).unwrap().device(), CPU);
        assert_eq!(
            arange(0, 3, 1, None).unwrap().to_vec::<i64>().unwrap(),
            vec![0, 1, 2]
        );
        assert_eq!(linspace(0.0, 1.0, 3, true, None).unwrap().shape(), &[3]);
        assert_eq!(eye(2, None, 0, DType::Float64).unwrap().shape(), &[2, 2]);
        assert_eq!(identity(2, DType::Float64).unwrap().shape(), &[2, 2]);
        assert_eq!(tri(2, None, 0, DType::Float64).unwrap().shape(), &[2, 2]);
    }

    #[test]
    fn unavailable_device_is_an_error() {
        let d = Device::Cuda(usize::MAX);
        assert!(matches!(
            zeros_on(&[2], DType::Float32, d),
            Err(Error::DeviceUnavailable { .. })
        ));
        assert!(matches!(
            arange_on(0, 3, 1, None, d),
            Err(Error::DeviceUnavailable { .. })
        ));
        assert!(matches!(
            linspace_on(0.0, 1.0, 3, true, None, d),
            Err(Error::DeviceUnavailable { .. })
        ));
        assert!(matches!(
            tri_on(2, None, 0, DType::Int8, d),
            Err(Error::DeviceUnavailable { .. })
        ));
    }
}
