//! Host element traits used by the CPU reductions: NumPy (C) casts between every dtype and the
//! arithmetic each reduction needs (wrapping integers, logical `or`/`and` for bool, NaN tests,
//! NumPy's ordering with NaN and lexicographic complex order).

use half::{bf16, f16};
use num_complex::{Complex32, Complex64};

/// The kind of a host element type, used to pick the cast path at compile time.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Kind {
    Bool,
    Int,
    UInt,
    Float,
    Complex,
}

/// Default methods `fn $f(v: $v) -> Self` of [`Elem`]: the storage type's cast of `v`.
macro_rules! from_via_store {
    ($($f:ident: $v:ty),*) => {$(
        #[inline(always)]
        fn $f(v: $v) -> Self {
            Self::from_store(<Self::Store as Store>::$f(v))
        }
    )*};
}

/// A host element type of some dtype, castable to and from every other as NumPy's `astype` does
/// (C casts: integers wrap, float to integer truncates, complex to real drops the imaginary part).
pub(crate) trait Elem: Copy + Send + Sync + 'static {
    const KIND: Kind;
    /// The CPU backend's storage type of this dtype (the same type, except `B8` for bool),
    /// whose [`Store::cast`](crate::backend::cpu::elem::Elem::cast) is cuprum's one cast table.
    type Store: Store;
    fn to_store(self) -> Self::Store;
    fn from_store(s: Self::Store) -> Self;
    fn to_bool(self) -> bool;
    fn to_i64(self) -> i64;
    fn to_u64(self) -> u64;
    fn to_f64(self) -> f64;
    /// The value as complex128 (real types: zero imaginary part).
    #[inline(always)]
    fn to_c64(self) -> Complex64 {
        Complex64::new(self.to_f64(), 0.0)
    }
    from_via_store!(from_bool: bool, from_i64: i64, from_u64: u64, from_f64: f64, from_c64: Complex64);
    /// True for a NaN (either part NaN for complex); false for exact types.
    fn is_nan(self) -> bool;
}

/// NumPy's cast of one value from `S` to `D`: the CPU backend's cast table
/// ([`crate::backend::cpu::elem::Elem::cast`]), which matches the CUDA kernels bit for bit.
#[inline(always)]
pub(crate) fn cast<S: Elem, D: Elem>(s: S) -> D {
    D::from_store(s.to_store().cast::<D::Store>())
}

use crate::backend::cpu::elem::{B8, Elem as Store};

macro_rules! int_elem {
    ($($t:ty => $d:ident, $k:ident;)*) => {$(
        impl Elem for $t {
            const KIND: Kind = Kind::$k;
            type Store = $t;
            #[inline(always)] fn to_store(self) -> $t { self }
            #[inline(always)] fn from_store(s: $t) -> Self { s }
            #[inline(always)] fn to_bool(self) -> bool { self != 0 }
            #[inline(always)] fn to_i64(self) -> i64 { self as i64 }
            #[inline(always)] fn to_u64(self) -> u64 { self as u64 }
            #[inline(always)] fn to_f64(self) -> f64 { self as f64 }
            #[inline(always)] fn is_nan(self) -> bool { false }
        }
    )*};
}
int_elem! {
    i8 => Int8, Int; i16 => Int16, Int; i32 => Int32, Int; i64 => Int64, Int;
    u8 => UInt8, UInt; u16 => UInt16, UInt; u32 => UInt32, UInt; u64 => UInt64, UInt;
}

impl Elem for bool {
    const KIND: Kind = Kind::Bool;
    type Store = B8;
    #[inline(always)]
    fn to_store(self) -> B8 {
        B8::new(self)
    }
    #[inline(always)]
    fn from_store(s: B8) -> Self {
        s.get()
    }
    #[inline(always)]
    fn to_bool(self) -> bool {
        self
    }
    #[inline(always)]
    fn to_i64(self) -> i64 {
        self as i64
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self as u64
    }
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self as u8 as f64
    }
    #[inline(always)]
    fn is_nan(self) -> bool {
        false
    }
}

macro_rules! float_elem {
    ($($t:ty => $d:ident, $to:expr;)*) => {$(
        impl Elem for $t {
            const KIND: Kind = Kind::Float;
            type Store = $t;
            #[inline(always)] fn to_store(self) -> $t { self }
            #[inline(always)] fn from_store(s: $t) -> Self { s }
            #[inline(always)] fn to_bool(self) -> bool { self.to_f64() != 0.0 }
            #[inline(always)] fn to_i64(self) -> i64 { self.to_f64() as i64 }
            #[inline(always)] fn to_u64(self) -> u64 { self.to_f64().to_u64_c() }
            #[inline(always)]
            #[allow(clippy::redundant_closure_call)]
            fn to_f64(self) -> f64 { ($to)(self) }
            #[inline(always)] fn is_nan(self) -> bool { self.to_f64().is_nan() }
        }
    )*};
}
float_elem! {
    f16 => Float16, |x: f16| x.to_f64();
    bf16 => BFloat16, |x: bf16| x.to_f64();
    f32 => Float32, |x: f32| x as f64;
    f64 => Float64, |x: f64| x;
}

macro_rules! complex_elem {
    ($($t:ty),*) => {$(
        impl Elem for $t {
            const KIND: Kind = Kind::Complex;
            type Store = $t;
            #[inline(always)] fn to_store(self) -> $t { self }
            #[inline(always)] fn from_store(s: $t) -> Self { s }
            #[inline(always)] fn to_bool(self) -> bool { self.re != 0.0 || self.im != 0.0 }
            #[inline(always)] fn to_i64(self) -> i64 { self.re as i64 }
            #[inline(always)] fn to_u64(self) -> u64 { self.to_f64().to_u64_c() }
            #[inline(always)] fn to_f64(self) -> f64 { self.re as f64 }
            #[inline(always)]
            fn to_c64(self) -> Complex64 { Complex64::new(self.re as f64, self.im as f64) }
            #[inline(always)] fn is_nan(self) -> bool { self.re.is_nan() || self.im.is_nan() }
        }
    )*};
}
complex_elem!(Complex32, Complex64);

trait ToU64C {
    fn to_u64_c(self) -> u64;
}
impl ToU64C for f64 {
    #[inline(always)]
    fn to_u64_c(self) -> u64 {
        if self < 0.0 {
            (self as i64) as u64
        } else {
            self as u64
        }
    }
}

/// An accumulator type of `sum`/`prod`/`mean`/`var`: NumPy's arithmetic on it (integers wrap,
/// bool adds as logical `or` and multiplies as logical `and`).
pub(crate) trait Num: Elem + PartialEq {
    /// The real counterpart (itself for real types), the dtype of `var` of this type.
    type Real: Num;
    fn zero() -> Self;
    fn one() -> Self;
    fn add(self, o: Self) -> Self;
    fn mul(self, o: Self) -> Self;
    fn sub(self, o: Self) -> Self;
    /// `|self|²` in the real counterpart.
    fn abs2(self) -> Self::Real;
    /// `self / n` (used by `mean`; integers truncate).
    fn div_n(self, n: f64) -> Self;
    /// Square root (for `std`); integers go through f64.
    fn sqrt(self) -> Self;
}

macro_rules! int_num {
    ($($t:ty),*) => {$(
        impl Num for $t {
            type Real = $t;
            #[inline(always)] fn zero() -> Self { 0 }
            #[inline(always)] fn one() -> Self { 1 }
            #[inline(always)] fn add(self, o: Self) -> Self { self.wrapping_add(o) }
            #[inline(always)] fn mul(self, o: Self) -> Self { self.wrapping_mul(o) }
            #[inline(always)] fn sub(self, o: Self) -> Self { self.wrapping_sub(o) }
            #[inline(always)] fn abs2(self) -> Self { self.wrapping_mul(self) }
            #[inline(always)] fn div_n(self, n: f64) -> Self { (self as f64 / n) as Self }
            #[inline(always)] fn sqrt(self) -> Self { (self as f64).sqrt() as Self }
        }
    )*};
}
int_num!(i8, i16, i32, i64, u8, u16, u32, u64);

impl Num for bool {
    type Real = bool;
    #[inline(always)]
    fn zero() -> Self {
        false
    }
    #[inline(always)]
    fn one() -> Self {
        true
    }
    #[inline(always)]
    fn add(self, o: Self) -> Self {
        self | o
    }
    #[inline(always)]
    fn mul(self, o: Self) -> Self {
        self & o
    }
    #[inline(always)]
    fn sub(self, o: Self) -> Self {
        self ^ o
    }
    #[inline(always)]
    fn abs2(self) -> Self {
        self
    }
    #[inline(always)]
    fn div_n(self, n: f64) -> Self {
        (self as u8 as f64 / n) != 0.0
    }
    #[inline(always)]
    fn sqrt(self) -> Self {
        self
    }
}

macro_rules! float_num {
    ($($t:ty),*) => {$(
        impl Num for $t {
            type Real = $t;
            #[inline(always)] fn zero() -> Self { 0.0 }
            #[inline(always)] fn one() -> Self { 1.0 }
            #[inline(always)] fn add(self, o: Self) -> Self { self + o }
            #[inline(always)] fn mul(self, o: Self) -> Self { self * o }
            #[inline(always)] fn sub(self, o: Self) -> Self { self - o }
            #[inline(always)] fn abs2(self) -> Self { self * self }
            #[inline(always)] fn div_n(self, n: f64) -> Self { self / (n as $t) }
            #[inline(always)] fn sqrt(self) -> Self { <$t>::sqrt(self) }
        }
    )*};
}
float_num!(f32, f64);

macro_rules! complex_num {
    ($($t:ty => $r:ty),*) => {$(
        impl Num for $t {
            type Real = $r;
            #[inline(always)] fn zero() -> Self { <$t>::new(0.0, 0.0) }
            #[inline(always)] fn one() -> Self { <$t>::new(1.0, 0.0) }
            #[inline(always)] fn add(self, o: Self) -> Self { self + o }
            #[inline(always)] fn mul(self, o: Self) -> Self { self * o }
            #[inline(always)] fn sub(self, o: Self) -> Self { self - o }
            #[inline(always)] fn abs2(self) -> $r { self.re * self.re + self.im * self.im }
            #[inline(always)] fn div_n(self, n: f64) -> Self { self / (n as $r) }
            #[inline(always)] fn sqrt(self) -> Self { <$t>::sqrt(self) }
        }
    )*};
}
complex_num!(Complex32 => f32, Complex64 => f64);

/// NumPy's ordering for `max`/`min`/`argmax`: real values compare as usual, complex values
/// lexicographically (real part, then imaginary part); NaN is handled by the caller.
pub(crate) trait Ordered: Elem {
    fn gt(self, o: Self) -> bool;
    fn lt(self, o: Self) -> bool;
}

macro_rules! ord_prim {
    ($($t:ty),*) => {$(
        impl Ordered for $t {
            #[inline(always)] fn gt(self, o: Self) -> bool { self > o }
            #[inline(always)] fn lt(self, o: Self) -> bool { self < o }
        }
    )*};
}
ord_prim!(
    bool, i8, i16, i32, i64, u8, u16, u32, u64, f16, bf16, f32, f64
);

macro_rules! ord_complex {
    ($($t:ty),*) => {$(
        impl Ordered for $t {
            #[inline(always)]
            fn gt(self, o: Self) -> bool {
                self.re > o.re || (self.re == o.re && self.im > o.im)
            }
            #[inline(always)]
            fn lt(self, o: Self) -> bool {
                self.re < o.re || (self.re == o.re && self.im < o.im)
            }
        }
    )*};
}
ord_complex!(Complex32, Complex64);

/// Calls `$body` with `$t` bound to the host element type of `$dtype` (every dtype).
macro_rules! with_elem {
    ($dtype:expr, $t:ident => $body:expr) => {
        $crate::__match_host_type!($dtype, $t, [
            Bool => bool, Int8 => i8, Int16 => i16, Int32 => i32, Int64 => i64,
            UInt8 => u8, UInt16 => u16, UInt32 => u32, UInt64 => u64,
            Float16 => half::f16, BFloat16 => half::bf16, Float32 => f32, Float64 => f64,
            Complex64 => num_complex::Complex32, Complex128 => num_complex::Complex64
        ], $body;)
    };
}
pub(crate) use with_elem;

/// Calls `$body` with `$t` bound to the host type of an accumulator dtype (every dtype except
/// float16/bfloat16, which accumulate in float32); returns `None` for those two.
macro_rules! with_num {
    ($dtype:expr, $t:ident => $body:expr) => {
        $crate::__match_host_type!($dtype, $t, [
            Bool => bool, Int8 => i8, Int16 => i16, Int32 => i32, Int64 => i64,
            UInt8 => u8, UInt16 => u16, UInt32 => u32, UInt64 => u64,
            Float32 => f32, Float64 => f64,
            Complex64 => num_complex::Complex32, Complex128 => num_complex::Complex64
        ], Some($body); _ => None,)
    };
}
pub(crate) use with_num;

/// The number of `T` elements in `bytes`; panics (naming `caller`) unless `bytes` is aligned for
/// `T` and a whole number of elements long.
fn elem_count<T>(bytes: &[u8], caller: &str) -> usize {
    let sz = std::mem::size_of::<T>();
    assert!(
        (bytes.as_ptr() as usize).is_multiple_of(std::mem::align_of::<T>())
            && bytes.len().is_multiple_of(sz),
        "{caller}: misaligned host buffer"
    );
    bytes.len() / sz
}

/// Reinterprets bytes of dtype `T::DTYPE` as a slice of `T` (bool bytes must be 0 or 1, which
/// cuprum keeps as an invariant of bool arrays).
pub(crate) fn slice_of<T: Elem>(bytes: &[u8]) -> &[T] {
    let n = elem_count::<T>(bytes, "slice_of");
    // SAFETY: alignment and length are checked by `elem_count`; every bit pattern of the integer,
    // float and complex types is valid, and bool buffers hold only 0/1 bytes (every writer of a
    // bool array stores `bool` values), so each element read is a valid `T`.
    unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast::<T>(), n) }
}

/// Mutable counterpart of [`slice_of`].
pub(crate) fn slice_of_mut<T: Elem>(bytes: &mut [u8]) -> &mut [T] {
    let n = elem_count::<T>(bytes, "slice_of_mut");
    // SAFETY: as in `slice_of`; the returned slice takes over the unique borrow of `bytes`, and
    // callers only store valid `T` values (bool as 0/1).
    unsafe { std::slice::from_raw_parts_mut(bytes.as_mut_ptr().cast::<T>(), n) }
}
