//! Run-time element types ([`DType`]) and NumPy 2 type promotion.

use std::fmt;

/// The element type of an [`Array`](crate::Array), chosen at run time like `numpy.dtype`.
///
/// Names follow NumPy (`DType::Float32` is `numpy.float32`). `BFloat16` has no NumPy
/// equivalent; it promotes like PyTorch's `bfloat16`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[non_exhaustive]
pub enum DType {
    /// `bool`, one byte, 0 or 1.
    Bool,
    /// `int8`
    Int8,
    /// `int16`
    Int16,
    /// `int32`
    Int32,
    /// `int64`
    Int64,
    /// `uint8`
    UInt8,
    /// `uint16`
    UInt16,
    /// `uint32`
    UInt32,
    /// `uint64`
    UInt64,
    /// `float16` (IEEE half)
    Float16,
    /// `bfloat16`
    BFloat16,
    /// `float32`
    Float32,
    /// `float64`
    Float64,
    /// `complex64` (two float32)
    Complex64,
    /// `complex128` (two float64)
    Complex128,
}

/// The kind of a dtype, as NumPy's `dtype.kind` (`b`, `i`, `u`, `f`, `c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum DTypeKind {
    /// booleans
    Bool,
    /// signed integers
    Int,
    /// unsigned integers
    UInt,
    /// real floating point
    Float,
    /// complex floating point
    Complex,
}

impl DType {
    /// Every dtype, in promotion-table order.
    pub const ALL: [DType; 15] = [
        DType::Bool,
        DType::Int8,
        DType::Int16,
        DType::Int32,
        DType::Int64,
        DType::UInt8,
        DType::UInt16,
        DType::UInt32,
        DType::UInt64,
        DType::Float16,
        DType::BFloat16,
        DType::Float32,
        DType::Float64,
        DType::Complex64,
        DType::Complex128,
    ];

    /// Size of one element in bytes (`numpy.dtype.itemsize`).
    pub const fn itemsize(self) -> usize {
        match self {
            DType::Bool | DType::Int8 | DType::UInt8 => 1,
            DType::Int16 | DType::UInt16 | DType::Float16 | DType::BFloat16 => 2,
            DType::Int32 | DType::UInt32 | DType::Float32 => 4,
            DType::Int64 | DType::UInt64 | DType::Float64 | DType::Complex64 => 8,
            DType::Complex128 => 16,
        }
    }

    /// The closed value range `(min, max)` of an integer dtype (`numpy.iinfo(dtype)`'s `min`
    /// and `max`); `None` for bool, float and complex dtypes.
    ///
    /// ```
    /// use cuprum_core::DType;
    /// assert_eq!(DType::Int8.int_range(), Some((-128, 127)));
    /// assert_eq!(DType::UInt64.int_range(), Some((0, u64::MAX as i128)));
    /// assert_eq!(DType::Float32.int_range(), None);
    /// ```
    pub const fn int_range(self) -> Option<(i128, i128)> {
        Some(match self {
            DType::Int8 => (i8::MIN as i128, i8::MAX as i128),
            DType::Int16 => (i16::MIN as i128, i16::MAX as i128),
            DType::Int32 => (i32::MIN as i128, i32::MAX as i128),
            DType::Int64 => (i64::MIN as i128, i64::MAX as i128),
            DType::UInt8 => (0, u8::MAX as i128),
            DType::UInt16 => (0, u16::MAX as i128),
            DType::UInt32 => (0, u32::MAX as i128),
            DType::UInt64 => (0, u64::MAX as i128),
            _ => return None,
        })
    }

    /// The dtype's kind.
    pub const fn kind(self) -> DTypeKind {
        match self {
            DType::Bool => DTypeKind::Bool,
            DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => DTypeKind::Int,
            DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => DTypeKind::UInt,
            DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Float64 => DTypeKind::Float,
            DType::Complex64 | DType::Complex128 => DTypeKind::Complex,
        }
    }

    /// NumPy's name (`"float32"`), as used in `.npy` headers and conformance manifests.
    pub const fn name(self) -> &'static str {
        match self {
            DType::Bool => "bool",
            DType::Int8 => "int8",
            DType::Int16 => "int16",
            DType::Int32 => "int32",
            DType::Int64 => "int64",
            DType::UInt8 => "uint8",
            DType::UInt16 => "uint16",
            DType::UInt32 => "uint32",
            DType::UInt64 => "uint64",
            DType::Float16 => "float16",
            DType::BFloat16 => "bfloat16",
            DType::Float32 => "float32",
            DType::Float64 => "float64",
            DType::Complex64 => "complex64",
            DType::Complex128 => "complex128",
        }
    }

    /// Parses NumPy's name (`"float32"`, also `"bool_"`, `"f4"`-style short codes are not accepted).
    pub fn from_name(name: &str) -> Option<DType> {
        DType::ALL
            .iter()
            .copied()
            .find(|d| d.name() == name)
            .or(match name {
                "bool_" => Some(DType::Bool),
                "half" => Some(DType::Float16),
                "single" => Some(DType::Float32),
                "double" | "float" => Some(DType::Float64),
                "int" => Some(DType::Int64),
                "complex" => Some(DType::Complex128),
                _ => None,
            })
    }

    /// True for bool.
    pub const fn is_bool(self) -> bool {
        matches!(self.kind(), DTypeKind::Bool)
    }
    /// True for signed and unsigned integers (not bool).
    pub const fn is_integer(self) -> bool {
        matches!(self.kind(), DTypeKind::Int | DTypeKind::UInt)
    }
    /// True for signed integers.
    pub const fn is_signed_integer(self) -> bool {
        matches!(self.kind(), DTypeKind::Int)
    }
    /// True for unsigned integers.
    pub const fn is_unsigned_integer(self) -> bool {
        matches!(self.kind(), DTypeKind::UInt)
    }
    /// True for real floating point types.
    pub const fn is_float(self) -> bool {
        matches!(self.kind(), DTypeKind::Float)
    }
    /// True for complex types.
    pub const fn is_complex(self) -> bool {
        matches!(self.kind(), DTypeKind::Complex)
    }
    /// True for float and complex types.
    pub const fn is_inexact(self) -> bool {
        self.is_float() || self.is_complex()
    }

    /// The real counterpart of a complex dtype (`complex64 → float32`); other dtypes unchanged.
    pub const fn real_dtype(self) -> DType {
        match self {
            DType::Complex64 => DType::Float32,
            DType::Complex128 => DType::Float64,
            d => d,
        }
    }

    /// The complex counterpart (`float32 → complex64`, `float64 → complex128`, others complex128).
    pub const fn complex_dtype(self) -> DType {
        match self {
            DType::Float16 | DType::BFloat16 | DType::Float32 | DType::Complex64 => {
                DType::Complex64
            }
            _ => DType::Complex128,
        }
    }

    /// The float dtype NumPy computes a transcendental function in (`int32 → float64`,
    /// `int8 → float16`, `float32 → float32`).
    pub const fn to_inexact(self) -> DType {
        match self {
            DType::Bool | DType::Int8 | DType::UInt8 => DType::Float16,
            DType::Int16 | DType::UInt16 => DType::Float32,
            DType::Int32 | DType::UInt32 | DType::Int64 | DType::UInt64 => DType::Float64,
            d => d,
        }
    }

    fn int_bits(self) -> u32 {
        (self.itemsize() * 8) as u32
    }

    /// NumPy 2 promotion of two array dtypes (`numpy.result_type` on arrays, NEP 50).
    ///
    /// `int64 + uint64 → float64`; `float16 + int16 → float32`; `bfloat16 + float16 → float32`.
    pub fn promote(a: DType, b: DType) -> DType {
        use DType::*;
        use DTypeKind as K;
        if a == b {
            return a;
        }
        let (ka, kb) = (a.kind(), b.kind());
        match (ka, kb) {
            (K::Bool, _) => b,
            (_, K::Bool) => a,
            (K::Int, K::Int) | (K::UInt, K::UInt) => {
                if a.itemsize() >= b.itemsize() {
                    a
                } else {
                    b
                }
            }
            (K::Int, K::UInt) | (K::UInt, K::Int) => {
                let (s, u) = if ka == K::Int { (a, b) } else { (b, a) };
                let need = u.int_bits() * 2; // signed type that holds u
                if s.int_bits() > u.int_bits() {
                    s
                } else {
                    match need {
                        16 => Int16,
                        32 => Int32,
                        64 => Int64,
                        _ => Float64,
                    }
                }
            }
            (K::Int | K::UInt, K::Float | K::Complex) => Self::promote_int_inexact(a, b),
            (K::Float | K::Complex, K::Int | K::UInt) => Self::promote_int_inexact(b, a),
            _ => {
                // both inexact
                let complex = a.is_complex() || b.is_complex();
                let (ra, rb) = (a.real_dtype(), b.real_dtype());
                let real = if ra == rb {
                    ra
                } else if (ra == BFloat16 && rb == Float16) || (ra == Float16 && rb == BFloat16) {
                    Float32
                } else if ra.itemsize() >= rb.itemsize() {
                    ra
                } else {
                    rb
                };
                if complex { real.complex_dtype() } else { real }
            }
        }
    }

    fn promote_int_inexact(int: DType, inexact: DType) -> DType {
        // The smallest float that holds the integer exactly (int8/uint8 → float16,
        // int16/uint16 → float32, wider → float64), joined with the inexact type.
        let f = match int.itemsize() {
            1 => DType::Float16,
            2 => DType::Float32,
            _ => DType::Float64,
        };
        DType::promote(f, inexact)
    }
}

impl fmt::Display for DType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A `match` on `$dtype`: an arm for each listed dtype `$d`, whose value is `$arm` with the type
/// `$t` the host type `$ty` of that dtype, then the arms `$rest`. The macros that bind a type
/// to a dtype (`with_dtype!` and core's internal ones) expand to it.
#[doc(hidden)]
#[macro_export]
macro_rules! __match_host_type {
    ($dtype:expr, $t:ident, [$($d:ident => $ty:ty),*], $arm:expr; $($rest:tt)*) => {
        match $dtype {
            $($crate::DType::$d => {
                type $t = $ty;
                $arm
            })*
            $($rest)*
        }
    };
}

#[cfg(test)]
mod tests {
    use super::DType::*;
    use super::*;

    #[test]
    fn promotion_matches_numpy() {
        assert_eq!(DType::promote(Int64, UInt64), Float64);
        assert_eq!(DType::promote(Int8, UInt8), Int16);
        assert_eq!(DType::promote(Int32, UInt16), Int32);
        assert_eq!(DType::promote(Float16, Int16), Float32);
        assert_eq!(DType::promote(Float32, Int64), Float64);
        assert_eq!(DType::promote(Complex64, Float64), Complex128);
        assert_eq!(DType::promote(Bool, Int8), Int8);
        assert_eq!(DType::promote(UInt8, Float16), Float16);
        assert_eq!(DType::promote(BFloat16, Float16), Float32);
    }
}
