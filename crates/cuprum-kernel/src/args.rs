//! Call arguments: arrays and scalars, and CuPy's scalar rules.

use crate::error::Result;
use cuprum_core::ext::cpu::{B8, Elem};
use cuprum_core::{Array, Complex32, Complex64, DType, DTypeKind, Error, Scalar};

/// One argument of a kernel call: an array (by reference) or a scalar (a Python-like scalar:
/// it takes its parameter's type, see [`ElementwiseKernel::call`](crate::ElementwiseKernel::call)).
///
/// Build a slice of them with [`args!`](crate::args): `k.call(args![&x, &y, 2.0])`.
#[derive(Clone, Copy, Debug)]
pub enum Arg<'a> {
    /// an array
    Array(&'a Array),
    /// a scalar
    Scalar(Scalar),
}

impl<'a> From<&'a Array> for Arg<'a> {
    fn from(a: &'a Array) -> Self {
        Arg::Array(a)
    }
}
impl From<Scalar> for Arg<'_> {
    fn from(s: Scalar) -> Self {
        Arg::Scalar(s)
    }
}
macro_rules! arg_from {
    ($($t:ty => $v:ident as $c:ty),* $(,)?) => {$(
        impl From<$t> for Arg<'_> {
            fn from(x: $t) -> Self {
                Arg::Scalar(Scalar::$v(x as $c))
            }
        }
    )*};
}
arg_from!(i8 => Int as i64, i16 => Int as i64, i32 => Int as i64, i64 => Int as i64,
    u8 => Int as i64, u16 => Int as i64, u32 => Int as i64, u64 => UInt as u64,
    f32 => Float as f64, f64 => Float as f64, usize => UInt as u64, isize => Int as i64);
impl From<bool> for Arg<'_> {
    fn from(x: bool) -> Self {
        Arg::Scalar(Scalar::Bool(x))
    }
}
impl From<Complex64> for Arg<'_> {
    fn from(x: Complex64) -> Self {
        Arg::Scalar(Scalar::Complex(x))
    }
}
impl From<Complex32> for Arg<'_> {
    fn from(x: Complex32) -> Self {
        Arg::Scalar(Scalar::Complex(Complex64::new(x.re as f64, x.im as f64)))
    }
}

/// A slice of kernel arguments: `args![&x, &y, 2.0f32]` is
/// `&[Arg::from(&x), Arg::from(&y), Arg::from(2.0f32)]`.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_kernel::{Arg, args};
/// let x = Array::from_vec_on(vec![1.0f32], &[1], Device::Cpu).unwrap();
/// let a: &[Arg<'_>] = args![&x, 2.0];
/// assert_eq!(a.len(), 2);
/// ```
#[macro_export]
macro_rules! args {
    ($($e:expr),* $(,)?) => {
        &[$($crate::Arg::from($e)),*][..]
    };
}

/// The dtype NumPy gives a Python scalar on its own (for an unbound placeholder).
pub(crate) fn scalar_default_dtype(s: &Scalar) -> DType {
    match s {
        Scalar::Bool(_) => DType::Bool,
        Scalar::Int(_) => DType::Int64,
        Scalar::UInt(_) => DType::UInt64,
        Scalar::Float(_) => DType::Float64,
        Scalar::Complex(_) => DType::Complex128,
    }
}

/// A scalar converted to a parameter's dtype: its bytes (for a GPU launch) and the exact value
/// as a [`Scalar`] (for the CPU engine).
#[derive(Clone, Copy, Debug)]
pub(crate) struct ScalarValue {
    pub(crate) bytes: [u8; 16],
    pub(crate) len: usize,
    pub(crate) value: Scalar,
}

fn int_range(dt: DType) -> (i128, i128) {
    let bits = dt.itemsize() as u32 * 8;
    match dt.kind() {
        DTypeKind::Int => (-(1i128 << (bits - 1)), (1i128 << (bits - 1)) - 1),
        _ => (0, (1i128 << bits) - 1),
    }
}

/// Converts a Python-like scalar to `dt` as NumPy's `dt.type(value)` does: an integer that
/// does not fit an integer dtype is an overflow error, a float is truncated toward zero for an
/// integer dtype, a complex value loses its imaginary part for a real dtype.
pub(crate) fn convert_scalar(kernel_op: &'static str, s: Scalar, dt: DType) -> Result<ScalarValue> {
    if matches!(dt.kind(), DTypeKind::Int | DTypeKind::UInt) {
        let v: Option<i128> = match s {
            Scalar::Int(i) => Some(i as i128),
            Scalar::UInt(u) => Some(u as i128),
            _ => None,
        };
        if let Some(v) = v {
            let (lo, hi) = int_range(dt);
            if v < lo || v > hi {
                return Err(Error::Overflow {
                    op: kernel_op,
                    value: v.to_string(),
                    dtype: dt,
                }
                .into());
            }
        }
    }
    let mut bytes = [0u8; 16];
    let len = dt.itemsize();
    let value = match dt {
        DType::Bool => put::<B8>(&mut bytes, s, dt),
        DType::Int8 => put::<i8>(&mut bytes, s, dt),
        DType::Int16 => put::<i16>(&mut bytes, s, dt),
        DType::Int32 => put::<i32>(&mut bytes, s, dt),
        DType::Int64 => put::<i64>(&mut bytes, s, dt),
        DType::UInt8 => put::<u8>(&mut bytes, s, dt),
        DType::UInt16 => put::<u16>(&mut bytes, s, dt),
        DType::UInt32 => put::<u32>(&mut bytes, s, dt),
        DType::UInt64 => put::<u64>(&mut bytes, s, dt),
        DType::Float16 => put::<cuprum_core::f16>(&mut bytes, s, dt),
        DType::BFloat16 => put::<cuprum_core::bf16>(&mut bytes, s, dt),
        DType::Float32 => put::<f32>(&mut bytes, s, dt),
        DType::Float64 => put::<f64>(&mut bytes, s, dt),
        DType::Complex64 => put::<Complex32>(&mut bytes, s, dt),
        DType::Complex128 => put::<Complex64>(&mut bytes, s, dt),
        other => {
            return Err(Error::dtype(kernel_op, other).into());
        }
    };
    Ok(ScalarValue { bytes, len, value })
}

fn put<T: Elem>(bytes: &mut [u8; 16], s: Scalar, dt: DType) -> Scalar {
    let v: T = T::from_scalar(s);
    let b = bytemuck::bytes_of(&v);
    bytes[..b.len()].copy_from_slice(b);
    normalized(v, dt)
}

fn normalized<T: Elem>(v: T, dt: DType) -> Scalar {
    match dt.kind() {
        DTypeKind::Bool => Scalar::Bool(v.cast::<u8>() != 0),
        DTypeKind::Int => Scalar::Int(v.cast::<i64>()),
        DTypeKind::UInt => Scalar::UInt(v.cast::<u64>()),
        DTypeKind::Float => Scalar::Float(v.cast::<f64>()),
        DTypeKind::Complex => Scalar::Complex(v.cast::<Complex64>()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numpy_scalar_conversion() {
        let v = convert_scalar("k", Scalar::Int(5), DType::Float32).unwrap();
        assert_eq!(v.len, 4);
        assert_eq!(f32::from_le_bytes(v.bytes[..4].try_into().unwrap()), 5.0);
        let v = convert_scalar("k", Scalar::Float(0.1), DType::Float32).unwrap();
        assert_eq!(v.value, Scalar::Float(0.1f32 as f64));
        let v = convert_scalar("k", Scalar::Float(-2.7), DType::Int32).unwrap();
        assert_eq!(v.value, Scalar::Int(-2));
        let e = convert_scalar("k", Scalar::Int(300), DType::UInt8).unwrap_err();
        assert!(e.to_string().contains("300"), "{e}");
        let v = convert_scalar("k", Scalar::Int(-128), DType::Int8).unwrap();
        assert_eq!(v.bytes[0], 0x80);
        let v = convert_scalar("k", Scalar::Bool(true), DType::Complex128).unwrap();
        assert_eq!(v.len, 16);
        assert_eq!(v.value, Scalar::Complex(Complex64::new(1.0, 0.0)));
        assert_eq!(scalar_default_dtype(&Scalar::Int(1)), DType::Int64);
    }
}
