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
    fn to_c64(self) -> Complex64;
    fn from_bool(v: bool) -> Self;
    fn from_i64(v: i64) -> Self;
    fn from_u64(v: u64) -> Self;
    fn from_f64(v: f64) -> Self;
    fn from_c64(v: Complex64) -> Self;
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
            #[inline(always)] fn to_c64(self) -> Complex64 { Complex64::new(self as f64, 0.0) }
            #[inline(always)] fn from_bool(v: bool) -> Self { <$t as Store>::from_bool(v) }
            #[inline(always)] fn from_i64(v: i64) -> Self { <$t as Store>::from_i64(v) }
            #[inline(always)] fn from_u64(v: u64) -> Self { <$t as Store>::from_u64(v) }
            #[inline(always)] fn from_f64(v: f64) -> Self { <$t as Store>::from_f64(v) }
            #[inline(always)] fn from_c64(v: Complex64) -> Self { <$t as Store>::from_c64(v) }
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
    fn to_c64(self) -> Complex64 {
        Complex64::new(self.to_f64(), 0.0)
    }
    #[inline(always)]
    fn from_bool(v: bool) -> Self {
        <B8 as Store>::from_bool(v).get()
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        <B8 as Store>::from_i64(v).get()
    }
    #[inline(always)]
    fn from_u64(v: u64) -> Self {
        <B8 as Store>::from_u64(v).get()
    }
    #[inline(always)]
    fn from_f64(v: f64) -> Self {
        <B8 as Store>::from_f64(v).get()
    }
    #[inline(always)]
    fn from_c64(v: Complex64) -> Self {
        <B8 as Store>::from_c64(v).get()
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
            #[inline(always)]
            fn to_u64(self) -> u64 {
                let f = self.to_f64();
                if f < 0.0 { (f as i64) as u64 } else { f as u64 }
            }
            #[inline(always)]
            #[allow(clippy::redundant_closure_call)]
            fn to_f64(self) -> f64 { ($to)(self) }
            #[inline(always)] fn to_c64(self) -> Complex64 { Complex64::new(self.to_f64(), 0.0) }
            #[inline(always)] fn from_bool(v: bool) -> Self { <$t as Store>::from_bool(v) }
            #[inline(always)] fn from_i64(v: i64) -> Self { <$t as Store>::from_i64(v) }
            #[inline(always)] fn from_u64(v: u64) -> Self { <$t as Store>::from_u64(v) }
            #[inline(always)] fn from_f64(v: f64) -> Self { <$t as Store>::from_f64(v) }
            #[inline(always)] fn from_c64(v: Complex64) -> Self { <$t as Store>::from_c64(v) }
            #[inline(always)] fn is_nan(self) -> bool { self.to_f64().is_nan() }
        }
    )*};
}
float_elem! {
    f16 => Float16, |x: f16| x.to_f64();
    bf16 => BFloat16, |x: bf16| x.to_f64();
    f64 => Float64, |x: f64| x;
}

// f32 gets its own impl so that integer -> f32 rounds once (not through f64).
impl Elem for f32 {
    const KIND: Kind = Kind::Float;
    type Store = f32;
    #[inline(always)]
    fn to_store(self) -> f32 {
        self
    }
    #[inline(always)]
    fn from_store(s: f32) -> Self {
        s
    }
    #[inline(always)]
    fn to_bool(self) -> bool {
        self != 0.0
    }
    #[inline(always)]
    fn to_i64(self) -> i64 {
        self as i64
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        if self < 0.0 {
            (self as i64) as u64
        } else {
            self as u64
        }
    }
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self as f64
    }
    #[inline(always)]
    fn to_c64(self) -> Complex64 {
        Complex64::new(self as f64, 0.0)
    }
    #[inline(always)]
    fn from_bool(v: bool) -> Self {
        <f32 as Store>::from_bool(v)
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        <f32 as Store>::from_i64(v)
    }
    #[inline(always)]
    fn from_u64(v: u64) -> Self {
        <f32 as Store>::from_u64(v)
    }
    #[inline(always)]
    fn from_f64(v: f64) -> Self {
        <f32 as Store>::from_f64(v)
    }
    #[inline(always)]
    fn from_c64(v: Complex64) -> Self {
        <f32 as Store>::from_c64(v)
    }
    #[inline(always)]
    fn is_nan(self) -> bool {
        self.is_nan()
    }
}

impl Elem for Complex32 {
    const KIND: Kind = Kind::Complex;
    type Store = Complex32;
    #[inline(always)]
    fn to_store(self) -> Complex32 {
        self
    }
    #[inline(always)]
    fn from_store(s: Complex32) -> Self {
        s
    }
    #[inline(always)]
    fn to_bool(self) -> bool {
        self.re != 0.0 || self.im != 0.0
    }
    #[inline(always)]
    fn to_i64(self) -> i64 {
        self.re as i64
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        (self.re as f64).to_u64_c()
    }
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self.re as f64
    }
    #[inline(always)]
    fn to_c64(self) -> Complex64 {
        Complex64::new(self.re as f64, self.im as f64)
    }
    #[inline(always)]
    fn from_bool(v: bool) -> Self {
        <Complex32 as Store>::from_bool(v)
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        <Complex32 as Store>::from_i64(v)
    }
    #[inline(always)]
    fn from_u64(v: u64) -> Self {
        <Complex32 as Store>::from_u64(v)
    }
    #[inline(always)]
    fn from_f64(v: f64) -> Self {
        <Complex32 as Store>::from_f64(v)
    }
    #[inline(always)]
    fn from_c64(v: Complex64) -> Self {
        <Complex32 as Store>::from_c64(v)
    }
    #[inline(always)]
    fn is_nan(self) -> bool {
        self.re.is_nan() || self.im.is_nan()
    }
}

impl Elem for Complex64 {
    const KIND: Kind = Kind::Complex;
    type Store = Complex64;
    #[inline(always)]
    fn to_store(self) -> Complex64 {
        self
    }
    #[inline(always)]
    fn from_store(s: Complex64) -> Self {
        s
    }
    #[inline(always)]
    fn to_bool(self) -> bool {
        self.re != 0.0 || self.im != 0.0
    }
    #[inline(always)]
    fn to_i64(self) -> i64 {
        self.re as i64
    }
    #[inline(always)]
    fn to_u64(self) -> u64 {
        self.re.to_u64_c()
    }
    #[inline(always)]
    fn to_f64(self) -> f64 {
        self.re
    }
    #[inline(always)]
    fn to_c64(self) -> Complex64 {
        self
    }
    #[inline(always)]
    fn from_bool(v: bool) -> Self {
        <Complex64 as Store>::from_bool(v)
    }
    #[inline(always)]
    fn from_i64(v: i64) -> Self {
        <Complex64 as Store>::from_i64(v)
    }
    #[inline(always)]
    fn from_u64(v: u64) -> Self {
        <Complex64 as Store>::from_u64(v)
    }
    #[inline(always)]
    fn from_f64(v: f64) -> Self {
        <Complex64 as Store>::from_f64(v)
    }
    #[inline(always)]
    fn from_c64(v: Complex64) -> Self {
        <Complex64 as Store>::from_c64(v)
    }
    #[inline(always)]
    fn is_nan(self) -> bool {
        self.re.is_nan() || self.im.is_nan()
    }
}

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
    ($dtype:expr, $t:ident => $body:expr) => {{
        use $crate::DType as D;
        match $dtype {
            D::Bool => {
                type $t = bool;
                $body
            }
            D::Int8 => {
                type $t = i8;
                $body
            }
            D::Int16 => {
                type $t = i16;
                $body
            }
            D::Int32 => {
                type $t = i32;
                $body
            }
            D::Int64 => {
                type $t = i64;
                $body
            }
            D::UInt8 => {
                type $t = u8;
                $body
            }
            D::UInt16 => {
                type $t = u16;
                $body
            }
            D::UInt32 => {
                type $t = u32;
                $body
            }
            D::UInt64 => {
                type $t = u64;
                $body
            }
            D::Float16 => {
                type $t = half::f16;
                $body
            }
            D::BFloat16 => {
                type $t = half::bf16;
                $body
            }
            D::Float32 => {
                type $t = f32;
                $body
            }
            D::Float64 => {
                type $t = f64;
                $body
            }
            D::Complex64 => {
                type $t = num_complex::Complex32;
                $body
            }
            D::Complex128 => {
                type $t = num_complex::Complex64;
                $body
            }
        }
    }};
}
pub(crate) use with_elem;

/// Calls `$body` with `$t` bound to the host type of an accumulator dtype (every dtype except
/// float16/bfloat16, which accumulate in float32); returns `None` for those two.
macro_rules! with_num {
    ($dtype:expr, $t:ident => $body:expr) => {{
        use $crate::DType as D;
        match $dtype {
            D::Bool => {
                type $t = bool;
                Some($body)
            }
            D::Int8 => {
                type $t = i8;
                Some($body)
            }
            D::Int16 => {
                type $t = i16;
                Some($body)
            }
            D::Int32 => {
                type $t = i32;
                Some($body)
            }
            D::Int64 => {
                type $t = i64;
                Some($body)
            }
            D::UInt8 => {
                type $t = u8;
                Some($body)
            }
            D::UInt16 => {
                type $t = u16;
                Some($body)
            }
            D::UInt32 => {
                type $t = u32;
                Some($body)
            }
            D::UInt64 => {
                type $t = u64;
                Some($body)
            }
            D::Float32 => {
                type $t = f32;
                Some($body)
            }
            D::Float64 => {
                type $t = f64;
                Some($body)
            }
            D::Complex64 => {
                type $t = num_complex::Complex32;
                Some($body)
            }
            D::Complex128 => {
                type $t = num_complex::Complex64;
                Some($body)
            }
            _ => None,
        }
    }};
}
pub(crate) use with_num;

/// Reinterprets bytes of dtype `T::DTYPE` as a slice of `T` (bool bytes must be 0 or 1, which
/// cuprum keeps as an invariant of bool arrays).
pub(crate) fn slice_of<T: Elem>(bytes: &[u8]) -> &[T] {
    let sz = std::mem::size_of::<T>();
    assert!(
        (bytes.as_ptr() as usize).is_multiple_of(std::mem::align_of::<T>())
            && bytes.len().is_multiple_of(sz),
        "slice_of: misaligned host buffer"
    );
    // SAFETY: alignment and length are checked above; every bit pattern of the integer, float and
    // complex types is valid, and bool buffers hold only 0/1 bytes (every writer of a bool array
    // stores `bool` values), so each element read is a valid `T`.
    unsafe { std::slice::from_raw_parts(bytes.as_ptr().cast::<T>(), bytes.len() / sz) }
}

/// Mutable counterpart of [`slice_of`].
pub(crate) fn slice_of_mut<T: Elem>(bytes: &mut [u8]) -> &mut [T] {
    let sz = std::mem::size_of::<T>();
    assert!(
        (bytes.as_ptr() as usize).is_multiple_of(std::mem::align_of::<T>())
            && bytes.len().is_multiple_of(sz),
        "slice_of_mut: misaligned host buffer"
    );
    // SAFETY: as in `slice_of`; the returned slice takes over the unique borrow of `bytes`, and
    // callers only store valid `T` values (bool as 0/1).
    unsafe { std::slice::from_raw_parts_mut(bytes.as_mut_ptr().cast::<T>(), bytes.len() / sz) }
}
