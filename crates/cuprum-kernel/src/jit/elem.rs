//! [`JitElem`]: the element types of `jit` kernels on the CPU, with the arithmetic, casts and
//! math functions the body language has, defined as the CUDA side computes them.

use cuprum_core::{DType, Scalar};
use num_traits::AsPrimitive;
use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, AtomicU64, Ordering};

/// An unsigned word that can be loaded, stored and compared-and-swapped atomically in place.
pub trait AtomicBits: Copy + PartialEq + Send + Sync + 'static {
    /// Atomic (relaxed) load.
    ///
    /// # Safety
    /// `p` is valid, aligned, and every concurrent access to it is atomic.
    unsafe fn load(p: *mut Self) -> Self;
    /// Atomic (relaxed) store.
    ///
    /// # Safety
    /// As [`load`](Self::load).
    unsafe fn store(p: *mut Self, v: Self);
    /// Compare-and-swap; `Err(current)` when the value was not `cur`.
    ///
    /// # Safety
    /// As [`load`](Self::load).
    unsafe fn cas(p: *mut Self, cur: Self, new: Self) -> Result<Self, Self>;
}

macro_rules! atomic_bits {
    ($($u:ty => $a:ty),*) => {$(
        impl AtomicBits for $u {
            #[inline(always)]
            unsafe fn load(p: *mut Self) -> Self {
                // SAFETY: the caller's contract (valid, aligned, only atomic concurrent access).
                unsafe { <$a>::from_ptr(p) }.load(Ordering::Relaxed)
            }
            #[inline(always)]
            unsafe fn store(p: *mut Self, v: Self) {
                // SAFETY: as `load`.
                unsafe { <$a>::from_ptr(p) }.store(v, Ordering::Relaxed)
            }
            #[inline(always)]
            unsafe fn cas(p: *mut Self, cur: Self, new: Self) -> Result<Self, Self> {
                // SAFETY: as `load`.
                unsafe { <$a>::from_ptr(p) }.compare_exchange_weak(
                    cur, new, Ordering::AcqRel, Ordering::Relaxed)
            }
        }
    )*};
}
atomic_bits!(u8 => AtomicU8, u16 => AtomicU16, u32 => AtomicU32, u64 => AtomicU64);

/// The element and scalar types of `jit` kernels (`i8`…`i64`, `u8`…`u64`, `usize`, `isize`,
/// `f32`, `f64`), with the operations of the body language as the CUDA side defines them:
/// integer `+ - *` wrap, integer division by zero gives 0, casts are Rust's `as`, float
/// `min`/`max` ignore a NaN operand (C's `fmin`/`fmax`).
pub trait JitElem:
    Copy
    + Default
    + PartialEq
    + PartialOrd
    + Send
    + Sync
    + 'static
    + AsPrimitive<i8>
    + AsPrimitive<i16>
    + AsPrimitive<i32>
    + AsPrimitive<i64>
    + AsPrimitive<u8>
    + AsPrimitive<u16>
    + AsPrimitive<u32>
    + AsPrimitive<u64>
    + AsPrimitive<usize>
    + AsPrimitive<isize>
    + AsPrimitive<f32>
    + AsPrimitive<f64>
{
    /// The cuprum dtype of arrays of this type.
    const DTYPE: DType;
    /// The same-size unsigned word (for atomic access).
    type Bits: AtomicBits;
    /// The bits of the value.
    fn to_bits(self) -> Self::Bits;
    /// The value of the bits.
    fn from_bits(b: Self::Bits) -> Self;
    /// `s as Self`.
    fn from_as<S: JitElem>(s: S) -> Self;
    /// A kernel scalar (already converted to this type's dtype).
    fn from_scalar(s: Scalar) -> Self {
        match s {
            Scalar::Bool(b) => Self::from_as(b as u8),
            Scalar::Int(i) => Self::from_as(i),
            Scalar::UInt(u) => Self::from_as(u),
            Scalar::Float(f) => Self::from_as(f),
            Scalar::Complex(c) => Self::from_as(c.re),
        }
    }
    /// As an index: negative or fractional values give `usize::MAX` (out of bounds).
    fn to_ix(self) -> usize;
    /// The next value of a `for` loop's variable after `self`, with step `st` (`(a..b)
    /// .step_by(st)`): for integers the step is at least 1 (a negative one is `usize::MAX`,
    /// as [`rt::step`](super::rt::step)), and `None` when `self + step` leaves the type, where
    /// Rust's ranges end (a wrapping add would start the loop over); floats add `st`.
    fn loop_next(self, st: Self) -> Option<Self>;
    /// `a + b`
    fn add(self, b: Self) -> Self;
    /// `a - b`
    fn sub(self, b: Self) -> Self;
    /// `a * b`
    fn mul(self, b: Self) -> Self;
    /// `a / b`
    fn div(self, b: Self) -> Self;
    /// `a % b`
    fn rem(self, b: Self) -> Self;
    /// `-a`
    fn neg(self) -> Self;
    /// `atomic_inc`'s update: `0` when `self >= lim`, else `self + 1`.
    fn inc(self, lim: Self) -> Self;
    /// `atomic_dec`'s update: `lim` when `self == 0 || self > lim`, else `self - 1`.
    fn dec(self, lim: Self) -> Self;
    /// square root
    fn sqrt(self) -> Self;
    /// cube root
    fn cbrt(self) -> Self;
    /// e^x
    fn exp(self) -> Self;
    /// 2^x
    fn exp2(self) -> Self;
    /// natural logarithm
    fn log(self) -> Self;
    /// base-2 logarithm
    fn log2(self) -> Self;
    /// base-10 logarithm
    fn log10(self) -> Self;
    /// sine
    fn sin(self) -> Self;
    /// cosine
    fn cos(self) -> Self;
    /// tangent
    fn tan(self) -> Self;
    /// arcsine
    fn asin(self) -> Self;
    /// arccosine
    fn acos(self) -> Self;
    /// arctangent
    fn atan(self) -> Self;
    /// hyperbolic sine
    fn sinh(self) -> Self;
    /// hyperbolic cosine
    fn cosh(self) -> Self;
    /// hyperbolic tangent
    fn tanh(self) -> Self;
    /// floor
    fn floor(self) -> Self;
    /// ceiling
    fn ceil(self) -> Self;
    /// round half away from zero
    fn round(self) -> Self;
    /// round toward zero
    fn trunc(self) -> Self;
    /// absolute value
    fn abs(self) -> Self;
    /// minimum (a NaN operand is ignored)
    fn min(self, b: Self) -> Self;
    /// maximum (a NaN operand is ignored)
    fn max(self, b: Self) -> Self;
    /// power (integers: by squaring, wrapping; a negative exponent gives 1)
    fn pow(self, e: Self) -> Self;
    /// power with an `i32` exponent (`pow(x, (F)n)`)
    fn powi(self, n: i32) -> Self;
    /// `atan2(self, x)`
    fn atan2(self, x: Self) -> Self;
    /// `hypot(self, y)`
    fn hypot(self, y: Self) -> Self;
}

/// Integer element types: shifts.
pub trait JitInt: JitElem {
    /// `a << n` (the shift count taken modulo the width, as `wrapping_shl`)
    fn shl(self, n: u32) -> Self;
    /// `a >> n` (arithmetic for signed types)
    fn shr(self, n: u32) -> Self;
}

macro_rules! via_f64 {
    ($($f:ident),*) => {$(
        #[inline(always)]
        fn $f(self) -> Self {
            Self::from_as(<Self as AsPrimitive<f64>>::as_(self).$f())
        }
    )*};
}

macro_rules! float_fns {
    ($($f:ident => $m:ident),*) => {$(
        #[inline(always)]
        fn $f(self) -> Self {
            self.$m()
        }
    )*};
}

macro_rules! int_elem {
    ($($t:ty, $bits:ty, $dt:ident, $signed:expr);* $(;)?) => {$(
        impl JitElem for $t {
            const DTYPE: DType = DType::$dt;
            type Bits = $bits;
            #[inline(always)]
            fn to_bits(self) -> $bits { self as $bits }
            #[inline(always)]
            fn from_bits(b: $bits) -> Self { b as $t }
            #[inline(always)]
            fn from_as<S: JitElem>(s: S) -> Self { AsPrimitive::<$t>::as_(s) }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn to_ix(self) -> usize {
                if self < (0 as $t) { usize::MAX } else { self as usize }
            }
            #[inline(always)]
            fn loop_next(self, st: Self) -> Option<Self> {
                let n = st.to_ix().clamp(1, usize::MAX);
                <$t>::try_from(self as i128 + n as i128).ok()
            }
            #[inline(always)]
            fn add(self, b: Self) -> Self { self.wrapping_add(b) }
            #[inline(always)]
            fn sub(self, b: Self) -> Self { self.wrapping_sub(b) }
            #[inline(always)]
            fn mul(self, b: Self) -> Self { self.wrapping_mul(b) }
            #[inline(always)]
            fn div(self, b: Self) -> Self { if b == 0 { 0 } else { self.wrapping_div(b) } }
            #[inline(always)]
            fn rem(self, b: Self) -> Self { if b == 0 { 0 } else { self.wrapping_rem(b) } }
            #[inline(always)]
            fn neg(self) -> Self { (0 as $t).wrapping_sub(self) }
            #[inline(always)]
            fn inc(self, lim: Self) -> Self { if self >= lim { 0 } else { self.wrapping_add(1) } }
            #[inline(always)]
            fn dec(self, lim: Self) -> Self {
                if self == 0 || self > lim { lim } else { self - 1 }
            }
            via_f64!(sqrt, cbrt, exp, exp2, sin, cos, tan, asin, acos, atan, sinh, cosh, tanh);
            #[inline(always)]
            fn log(self) -> Self { Self::from_as(<Self as AsPrimitive<f64>>::as_(self).ln()) }
            #[inline(always)]
            fn log2(self) -> Self { Self::from_as(<Self as AsPrimitive<f64>>::as_(self).log2()) }
            #[inline(always)]
            fn log10(self) -> Self { Self::from_as(<Self as AsPrimitive<f64>>::as_(self).log10()) }
            #[inline(always)]
            fn floor(self) -> Self { self }
            #[inline(always)]
            fn ceil(self) -> Self { self }
            #[inline(always)]
            fn round(self) -> Self { self }
            #[inline(always)]
            fn trunc(self) -> Self { self }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn abs(self) -> Self {
                if self < (0 as $t) { (0 as $t).wrapping_sub(self) } else { self }
            }
            #[inline(always)]
            fn min(self, b: Self) -> Self { if b < self { b } else { self } }
            #[inline(always)]
            fn max(self, b: Self) -> Self { if self < b { b } else { self } }
            #[inline(always)]
            #[allow(unused_comparisons)]
            fn pow(self, e: Self) -> Self {
                let (mut r, mut a, mut e) = (1 as $t, self, e);
                while e > (0 as $t) {
                    if (e & 1) == 1 { r = r.wrapping_mul(a); }
                    a = a.wrapping_mul(a);
                    e >>= 1;
                }
                r
            }
            #[inline(always)]
            fn powi(self, n: i32) -> Self {
                Self::from_as(<Self as AsPrimitive<f64>>::as_(self).powf(n as f64))
            }
            #[inline(always)]
            fn atan2(self, x: Self) -> Self {
                Self::from_as(<Self as AsPrimitive<f64>>::as_(self).atan2(x.as_()))
            }
            #[inline(always)]
            fn hypot(self, y: Self) -> Self {
                Self::from_as(<Self as AsPrimitive<f64>>::as_(self).hypot(y.as_()))
            }
        }
        impl JitInt for $t {
            #[inline(always)]
            fn shl(self, n: u32) -> Self { self.wrapping_shl(n) }
            #[inline(always)]
            fn shr(self, n: u32) -> Self { self.wrapping_shr(n) }
        }
    )*};
}

int_elem! {
    i8, u8, Int8, true;
    i16, u16, Int16, true;
    i32, u32, Int32, true;
    i64, u64, Int64, true;
    isize, u64, Int64, true;
    u8, u8, UInt8, false;
    u16, u16, UInt16, false;
    u32, u32, UInt32, false;
    u64, u64, UInt64, false;
    usize, u64, UInt64, false;
}

macro_rules! float_elem {
    ($($t:ty, $bits:ty, $dt:ident);* $(;)?) => {$(
        impl JitElem for $t {
            const DTYPE: DType = DType::$dt;
            type Bits = $bits;
            #[inline(always)]
            fn to_bits(self) -> $bits { <$t>::to_bits(self) }
            #[inline(always)]
            fn from_bits(b: $bits) -> Self { <$t>::from_bits(b) }
            #[inline(always)]
            fn from_as<S: JitElem>(s: S) -> Self { AsPrimitive::<$t>::as_(s) }
            #[inline(always)]
            fn to_ix(self) -> usize {
                if self >= 0.0 && self.fract() == 0.0 { self as usize } else { usize::MAX }
            }
            #[inline(always)]
            fn loop_next(self, st: Self) -> Option<Self> { Some(self + st) }
            #[inline(always)]
            fn add(self, b: Self) -> Self { self + b }
            #[inline(always)]
            fn sub(self, b: Self) -> Self { self - b }
            #[inline(always)]
            fn mul(self, b: Self) -> Self { self * b }
            #[inline(always)]
            fn div(self, b: Self) -> Self { self / b }
            #[inline(always)]
            fn rem(self, b: Self) -> Self { self % b }
            #[inline(always)]
            fn neg(self) -> Self { -self }
            #[inline(always)]
            fn inc(self, lim: Self) -> Self { if self >= lim { 0.0 } else { self + 1.0 } }
            #[inline(always)]
            fn dec(self, lim: Self) -> Self {
                if self == 0.0 || self > lim { lim } else { self - 1.0 }
            }
            float_fns!(sqrt => sqrt, cbrt => cbrt, exp => exp, exp2 => exp2, log => ln,
                log2 => log2, log10 => log10, sin => sin, cos => cos, tan => tan, asin => asin,
                acos => acos, atan => atan, sinh => sinh, cosh => cosh, tanh => tanh,
                floor => floor, ceil => ceil, round => round, trunc => trunc, abs => abs);
            #[inline(always)]
            fn min(self, b: Self) -> Self { <$t>::min(self, b) }
            #[inline(always)]
            fn max(self, b: Self) -> Self { <$t>::max(self, b) }
            #[inline(always)]
            fn pow(self, e: Self) -> Self { self.powf(e) }
            #[inline(always)]
            fn powi(self, n: i32) -> Self { self.powf(n as $t) }
            #[inline(always)]
            fn atan2(self, x: Self) -> Self { <$t>::atan2(self, x) }
            #[inline(always)]
            fn hypot(self, y: Self) -> Self { <$t>::hypot(self, y) }
        }
    )*};
}

float_elem! {
    f32, u32, Float32;
    f64, u64, Float64;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn c_semantics() {
        assert_eq!(JitElem::add(i32::MAX, 1), i32::MIN);
        assert_eq!(JitElem::div(7i32, 0), 0);
        assert_eq!(JitElem::div(i32::MIN, -1), i32::MIN);
        assert_eq!(JitElem::rem(-7i32, 3), -1);
        assert_eq!(JitElem::neg(1u32), u32::MAX);
        assert_eq!(JitElem::pow(3i64, 4), 81);
        assert_eq!(JitElem::pow(3i64, -1), 1);
        assert_eq!(JitElem::min(f32::NAN, 1.0), 1.0);
        assert_eq!(JitElem::rem(7.5f64, 2.0), 1.5);
        assert_eq!((-1i32).to_ix(), usize::MAX);
        assert_eq!(2.0f32.to_ix(), 2);
        assert_eq!(<u8 as JitElem>::from_as(300i32), 44);
        assert_eq!(<i32 as JitElem>::from_as(-2.7f64), -2);
        assert_eq!(JitElem::inc(3u32, 3), 0);
        assert_eq!(JitElem::dec(0u32, 5), 5);
        assert_eq!(JitInt::shl(1u32, 33), 2);
        assert_eq!(<f64 as JitElem>::from_scalar(Scalar::Int(3)), 3.0);
    }
}
