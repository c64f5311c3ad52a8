//! Storage element types of the CPU backend and NumPy's C-cast between them.
//!
//! Every [`DType`] maps onto one plain (`bytemuck::Pod`) Rust type; bool is stored as a byte
//! holding 0 or 1 ([`B8`]), because Rust's `bool` is not `Pod`.

use crate::{DType, Scalar};
use half::{bf16, f16};
use num_complex::{Complex32, Complex64};

/// A NumPy bool element: one byte, 0 or 1.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, bytemuck::Pod, bytemuck::Zeroable)]
#[repr(transparent)]
pub struct B8(pub u8);

impl B8 {
    /// The byte for `b` (0 or 1).
    #[inline(always)]
    pub fn new(b: bool) -> B8 {
        B8(b as u8)
    }
    /// The bool it holds (any nonzero byte is true).
    #[inline(always)]
    pub fn get(self) -> bool {
        self.0 != 0
    }
}

/// An element type of the CPU backend with NumPy's `astype` (C cast) conversions.
///
/// `cast` is cuprum's one conversion table, the same bits as `cast<D>` in
/// `kernels/common.cuh` for every pair of dtypes (a property test checks every pair on every
/// device): integer → integer wraps (two's complement); float → integer truncates toward zero
/// and *saturates* at the target's limits, NaN giving 0 (Rust's `as`; C leaves these undefined
/// and NumPy's results vary by platform); complex → real drops the imaginary part; anything →
/// bool is `!= 0` (NaN is true); bool → number is 0/1; integer → float32/complex64 rounds once
/// to nearest even, integer → float16/bfloat16 through float64; float64 → float16/bfloat16
/// rounds once to nearest even (correctly: through float32 rounded to odd, as the CUDA kernels
/// do, never through a truncated float64).
pub trait Elem: bytemuck::Pod + Send + Sync + 'static {
    /// The dtype stored as this type.
    #[allow(dead_code)]
    const DTYPE: DType;
    /// Converts to another element type with C-cast semantics.
    fn cast<T: Elem>(self) -> T;
    /// From a bool.
    fn from_bool(v: bool) -> Self;
    /// From a signed 64-bit integer.
    fn from_i64(v: i64) -> Self;
    /// From an unsigned 64-bit integer.
    fn from_u64(v: u64) -> Self;
    /// From a double.
    fn from_f64(v: f64) -> Self;
    /// From a complex double.
    fn from_c64(v: Complex64) -> Self;
    /// From a [`Scalar`] with the same C-cast semantics.
    #[inline]
    fn from_scalar(s: Scalar) -> Self {
        match s {
            Scalar::Bool(b) => Self::from_bool(b),
            Scalar::Int(i) => Self::from_i64(i),
            Scalar::UInt(u) => Self::from_u64(u),
            Scalar::Float(f) => Self::from_f64(f),
            Scalar::Complex(c) => Self::from_c64(c),
        }
    }
}

macro_rules! int_elem {
    ($($t:ty => $d:ident, $wide:ty, $via:ident;)*) => {$(
        impl Elem for $t {
            const DTYPE: DType = DType::$d;
            #[inline(always)]
            fn cast<T: Elem>(self) -> T {
                T::$via(self as $wide)
            }
            #[inline(always)]
            fn from_bool(v: bool) -> Self {
                v as $t
            }
            #[inline(always)]
            fn from_i64(v: i64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn from_u64(v: u64) -> Self {
                v as $t
            }
            #[inline(always)]
            fn from_f64(v: f64) -> Self {
                // truncation toward zero, saturating, NaN → 0 (common.cuh's `sat_int`)
                v as $t
            }
            #[inline(always)]
            fn from_c64(v: Complex64) -> Self {
                <Self as Elem>::from_f64(v.re)
            }
        }
    )*};
}

/// `d` rounded to float32 with round-to-odd (toward zero, then the last bit set when inexact):
/// a following round-to-nearest-even to a format at least two bits narrower is then correctly
/// rounded. common.cuh's `d2f_odd`.
#[inline(always)]
pub(crate) fn f64_to_f32_odd(d: f64) -> f32 {
    let f = d as f32;
    if d.is_nan() || f as f64 == d {
        return f;
    }
    let mut b = f.to_bits();
    if (f as f64).abs() > d.abs() {
        b -= 1; // one step toward zero (sign-magnitude)
    }
    f32::from_bits(b | 1)
}

/// float64 → float16, correctly rounded (nearest even); common.cuh's `f2h(d2f_odd(d))`.
#[inline(always)]
pub(crate) fn f64_to_f16(d: f64) -> f16 {
    f16::from_f32(f64_to_f32_odd(d))
}

/// float64 → bfloat16, correctly rounded (nearest even); common.cuh's `f2b(d2f_odd(d))`.
#[inline(always)]
pub(crate) fn f64_to_bf16(d: f64) -> bf16 {
    bf16::from_f32(f64_to_f32_odd(d))
}

int_elem! {
    i8 => Int8, i64, from_i64;
    i16 => Int16, i64, from_i64;
    i32 => Int32, i64, from_i64;
    i64 => Int64, i64, from_i64;
    u8 => UInt8, u64, from_u64;
    u16 => UInt16, u64, from_u64;
    u32 => UInt32, u64, from_u64;
    u64 => UInt64, u64, from_u64;
}

impl Elem for B8 {
    const DTYPE: DType = DType::Bool;
    #[inline(always)]
    fn cast<T: Elem>(self) -> T {
        T::from_bool(self.0 != 0)
    }
    #[inline(always)]
    fn from_bool(v: bool) -> Self {
        B8(v as u8)
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        B8((v != 0) as u8)
    }
    #[inline(always)]
    fn from_u64(v: u64) -> Self {
        B8((v != 0) as u8)
    }
    #[inline(always)]
    fn from_f64(v: f64) -> Self {
        B8((v != 0.0) as u8)
    }
    #[inline(always)]
    fn from_c64(v: Complex64) -> Self {
        B8((v.re != 0.0 || v.im != 0.0) as u8)
    }
}

macro_rules! float_elem {
    ($($t:ty => $d:ident, $to64:expr, $from64:expr, $fromi:expr, $fromu:expr;)*) => {$(
        impl Elem for $t {
            const DTYPE: DType = DType::$d;
            #[inline(always)]
            fn cast<T: Elem>(self) -> T {
                #[allow(clippy::redundant_closure_call)]
                T::from_f64(($to64)(self))
            }
            #[inline(always)]
            fn from_bool(v: bool) -> Self {
                <Self as Elem>::from_f64(v as u8 as f64)
            }
            #[inline(always)]
            fn from_i64(v: i64) -> Self {
                #[allow(clippy::redundant_closure_call)]
                ($fromi)(v)
            }
            #[inline(always)]
            fn from_u64(v: u64) -> Self {
                #[allow(clippy::redundant_closure_call)]
                ($fromu)(v)
            }
            #[inline(always)]
            fn from_f64(v: f64) -> Self {
                #[allow(clippy::redundant_closure_call)]
                ($from64)(v)
            }
            #[inline(always)]
            fn from_c64(v: Complex64) -> Self {
                // not `Self::from_f64`: half's inherent `from_f64` would win and round twice
                <Self as Elem>::from_f64(v.re)
            }
        }
    )*};
}

float_elem! {
    f16 => Float16, |x: f16| x.to_f64(), f64_to_f16, |v: i64| f64_to_f16(v as f64),
        |v: u64| f64_to_f16(v as f64);
    bf16 => BFloat16, |x: bf16| x.to_f64(), f64_to_bf16, |v: i64| f64_to_bf16(v as f64),
        |v: u64| f64_to_bf16(v as f64);
    f32 => Float32, |x: f32| x as f64, |v: f64| v as f32, |v: i64| v as f32, |v: u64| v as f32;
    f64 => Float64, |x: f64| x, |v: f64| v, |v: i64| v as f64, |v: u64| v as f64;
}

impl Elem for Complex32 {
    const DTYPE: DType = DType::Complex64;
    #[inline(always)]
    fn cast<T: Elem>(self) -> T {
        T::from_c64(Complex64::new(self.re as f64, self.im as f64))
    }
    #[inline(always)]
    fn from_bool(v: bool) -> Self {
        Complex32::new(v as u8 as f32, 0.0)
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        Complex32::new(v as f32, 0.0)
    }
    #[inline(always)]
    fn from_u64(v: u64) -> Self {
        Complex32::new(v as f32, 0.0)
    }
    #[inline(always)]
    fn from_f64(v: f64) -> Self {
        Complex32::new(v as f32, 0.0)
    }
    #[inline(always)]
    fn from_c64(v: Complex64) -> Self {
        Complex32::new(v.re as f32, v.im as f32)
    }
}

impl Elem for Complex64 {
    const DTYPE: DType = DType::Complex128;
    #[inline(always)]
    fn cast<T: Elem>(self) -> T {
        T::from_c64(self)
    }
    #[inline(always)]
    fn from_bool(v: bool) -> Self {
        Complex64::new(v as u8 as f64, 0.0)
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        Complex64::new(v as f64, 0.0)
    }
    #[inline(always)]
    fn from_u64(v: u64) -> Self {
        Complex64::new(v as f64, 0.0)
    }
    #[inline(always)]
    fn from_f64(v: f64) -> Self {
        Complex64::new(v, 0.0)
    }
    #[inline(always)]
    fn from_c64(v: Complex64) -> Self {
        v
    }
}

// The dtype dispatch is the exported `cuprum_core::with_dtype!` (ext.rs): one copy.
pub(crate) use crate::with_dtype;

/// Like [`with_dtype`] for the eight integer dtypes; `$other` for every other dtype.
macro_rules! with_int_dtype {
    ($dt:expr, $T:ident => $body:expr, else $other:expr) => {
        $crate::__match_host_type!($dt, $T, [
            Int8 => i8, Int16 => i16, Int32 => i32, Int64 => i64,
            UInt8 => u8, UInt16 => u16, UInt32 => u32, UInt64 => u64
        ], $body; _ => $other,)
    };
}
pub(crate) use with_int_dtype;
