//! [`Scalar`]: a single value of any kind, used for fills, weak scalar operands and `item`.

use crate::{DType, DTypeKind};
use num_complex::Complex64;

/// One value of any kind, as a Python scalar is: the operand of `full`, of `a + 2.0`, and the
/// result of [`Array::item`](crate::Array::item).
///
/// As an operand of a binary operation a `Scalar` is *weak* (NEP 50): `float32 array * 2.0`
/// stays float32, `int8 array + 1` stays int8 (and a value that does not fit is an error).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Scalar {
    /// A Python `bool`.
    Bool(bool),
    /// A signed integer (a Python `int`).
    Int(i64),
    /// An unsigned integer that may exceed `i64::MAX`.
    UInt(u64),
    /// A Python `float`.
    Float(f64),
    /// A Python `complex`.
    Complex(Complex64),
}

impl Scalar {
    /// The kind of this scalar.
    pub fn kind(&self) -> DTypeKind {
        match self {
            Scalar::Bool(_) => DTypeKind::Bool,
            Scalar::Int(_) => DTypeKind::Int,
            Scalar::UInt(_) => DTypeKind::UInt,
            Scalar::Float(_) => DTypeKind::Float,
            Scalar::Complex(_) => DTypeKind::Complex,
        }
    }

    /// The dtype NumPy gives this value when it becomes an array on its own
    /// (`bool`, `int64`, `uint64`, `float64`, `complex128`).
    pub fn default_dtype(&self) -> DType {
        match self {
            Scalar::Bool(_) => DType::Bool,
            Scalar::Int(_) => DType::Int64,
            Scalar::UInt(_) => DType::UInt64,
            Scalar::Float(_) => DType::Float64,
            Scalar::Complex(_) => DType::Complex128,
        }
    }

    /// The value as f64 (real part for complex, 0/1 for bool).
    pub fn as_f64(&self) -> f64 {
        match *self {
            Scalar::Bool(b) => b as u8 as f64,
            Scalar::Int(i) => i as f64,
            Scalar::UInt(u) => u as f64,
            Scalar::Float(f) => f,
            Scalar::Complex(c) => c.re,
        }
    }

    /// The value as complex.
    pub fn as_complex(&self) -> Complex64 {
        match *self {
            Scalar::Complex(c) => c,
            s => Complex64::new(s.as_f64(), 0.0),
        }
    }

    /// The value as i64, truncating floats toward zero and wrapping as C casts do.
    pub fn as_i64(&self) -> i64 {
        match *self {
            Scalar::Bool(b) => b as i64,
            Scalar::Int(i) => i,
            Scalar::UInt(u) => u as i64,
            Scalar::Float(f) => f as i64,
            Scalar::Complex(c) => c.re as i64,
        }
    }

    /// The value as u64 (wrapping as C casts do).
    pub fn as_u64(&self) -> u64 {
        match *self {
            Scalar::Bool(b) => b as u64,
            Scalar::Int(i) => i as u64,
            Scalar::UInt(u) => u,
            Scalar::Float(f) => {
                if f < 0.0 {
                    (f as i64) as u64
                } else {
                    f as u64
                }
            }
            Scalar::Complex(c) => c.re as u64,
        }
    }

    /// Truthiness (nonzero).
    pub fn as_bool(&self) -> bool {
        match *self {
            Scalar::Bool(b) => b,
            Scalar::Int(i) => i != 0,
            Scalar::UInt(u) => u != 0,
            Scalar::Float(f) => f != 0.0,
            Scalar::Complex(c) => c.re != 0.0 || c.im != 0.0,
        }
    }

    /// True when this integer value is representable in the integer dtype `d`
    /// (always true for non-integer scalars or dtypes).
    pub fn fits_integer(&self, d: DType) -> bool {
        let Some((lo, hi)) = d.int_range() else {
            return true;
        };
        let v: i128 = match *self {
            Scalar::Int(i) => i as i128,
            Scalar::UInt(u) => u as i128,
            _ => return true,
        };
        v >= lo && v <= hi
    }
}

impl std::fmt::Display for Scalar {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Scalar::Bool(b) => write!(f, "{}", if *b { "True" } else { "False" }),
            Scalar::Int(i) => write!(f, "{i}"),
            Scalar::UInt(u) => write!(f, "{u}"),
            Scalar::Float(x) => write!(f, "{x}"),
            Scalar::Complex(c) => write!(f, "({}{:+}j)", c.re, c.im),
        }
    }
}

macro_rules! scalar_from {
    ($($t:ty => $v:ident as $c:ty),*) => {$(
        impl From<$t> for Scalar { fn from(x: $t) -> Self { Scalar::$v(x as $c) } }
    )*};
}
scalar_from!(i8 => Int as i64, i16 => Int as i64, i32 => Int as i64, i64 => Int as i64,
    isize => Int as i64, u8 => Int as i64, u16 => Int as i64, u32 => Int as i64,
    u64 => UInt as u64, usize => UInt as u64, f32 => Float as f64, f64 => Float as f64);
impl From<bool> for Scalar {
    fn from(x: bool) -> Self {
        Scalar::Bool(x)
    }
}
impl From<Complex64> for Scalar {
    fn from(x: Complex64) -> Self {
        Scalar::Complex(x)
    }
}
impl From<num_complex::Complex32> for Scalar {
    fn from(x: num_complex::Complex32) -> Self {
        Scalar::Complex(Complex64::new(x.re as f64, x.im as f64))
    }
}
impl From<half::f16> for Scalar {
    fn from(x: half::f16) -> Self {
        Scalar::Float(x.to_f64())
    }
}
impl From<half::bf16> for Scalar {
    fn from(x: half::bf16) -> Self {
        Scalar::Float(x.to_f64())
    }
}
