//! The [`Element`] trait: Rust types that map onto a [`DType`].

use crate::DType;
use half::{bf16, f16};
use num_complex::{Complex32, Complex64};

/// A Rust type that can be stored in an [`Array`](crate::Array): `bool`, the fixed-width
/// integers, [`half::f16`], [`half::bf16`], `f32`, `f64`, [`Complex32`] and [`Complex64`].
///
/// Host data enters through [`Array::from_vec`](crate::Array::from_vec) and leaves through
/// [`Array::to_vec`](crate::Array::to_vec), which checks that `T::DTYPE` is the array's dtype.
pub trait Element: Copy + Send + Sync + 'static + std::fmt::Debug + PartialEq {
    /// The dtype this type stands for.
    const DTYPE: DType;
    /// The element's bytes (native endianness).
    fn to_bytes(slice: &[Self]) -> &[u8];
    /// Reads elements from native-endian bytes (length must be a multiple of the size).
    fn from_bytes(bytes: &[u8]) -> Vec<Self>;
    /// Converts to the [`Scalar`](crate::Scalar) value.
    fn to_scalar(self) -> crate::Scalar;
}

macro_rules! pod_element {
    ($($t:ty => $d:ident, $sc:ident, $conv:expr;)*) => {$(
        impl Element for $t {
            const DTYPE: DType = DType::$d;
            fn to_bytes(slice: &[Self]) -> &[u8] {
                bytemuck::cast_slice(slice)
            }
            fn from_bytes(bytes: &[u8]) -> Vec<Self> {
                bytemuck::pod_collect_to_vec(bytes)
            }
            fn to_scalar(self) -> crate::Scalar {
                #[allow(clippy::redundant_closure_call)]
                crate::Scalar::$sc(($conv)(self))
            }
        }
    )*};
}

pod_element! {
    i8 => Int8, Int, |x: i8| x as i64;
    i16 => Int16, Int, |x: i16| x as i64;
    i32 => Int32, Int, |x: i32| x as i64;
    i64 => Int64, Int, |x: i64| x;
    u8 => UInt8, UInt, |x: u8| x as u64;
    u16 => UInt16, UInt, |x: u16| x as u64;
    u32 => UInt32, UInt, |x: u32| x as u64;
    u64 => UInt64, UInt, |x: u64| x;
    f16 => Float16, Float, |x: f16| x.to_f64();
    bf16 => BFloat16, Float, |x: bf16| x.to_f64();
    f32 => Float32, Float, |x: f32| x as f64;
    f64 => Float64, Float, |x: f64| x;
    Complex32 => Complex64, Complex, |x: Complex32| Complex64::new(x.re as f64, x.im as f64);
    Complex64 => Complex128, Complex, |x: Complex64| x;
}

impl Element for bool {
    const DTYPE: DType = DType::Bool;
    fn to_bytes(slice: &[Self]) -> &[u8] {
        // SAFETY: bool is one byte with value 0 or 1; every bool is a valid u8 and the
        // returned slice borrows `slice` for the same lifetime and length.
        unsafe { std::slice::from_raw_parts(slice.as_ptr().cast::<u8>(), slice.len()) }
    }
    fn from_bytes(bytes: &[u8]) -> Vec<Self> {
        bytes.iter().map(|&b| b != 0).collect()
    }
    fn to_scalar(self) -> crate::Scalar {
        crate::Scalar::Bool(self)
    }
}
