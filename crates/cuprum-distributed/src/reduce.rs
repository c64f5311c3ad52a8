//! [`ReduceOp`] and the host reduction kernels the TCP backend combines byte buffers with.

use crate::{Error, Result};
use cuprum_core::DType;
use half::{bf16, f16};

/// How a reducing collective combines the ranks' elements: cuprum's one [`ReduceOp`] (the
/// reductions' type), like `torch.distributed.ReduceOp` and the `op=` strings of
/// `cupyx.distributed` (`"sum"`, `"prod"`, `"max"`, `"min"`, `"avg"`).
///
/// Collectives take [`ReduceOp::Sum`], [`ReduceOp::Prod`], [`ReduceOp::Max`], [`ReduceOp::Min`]
/// and [`ReduceOp::Mean`] (also spelled [`ReduceOp::AVG`]); any other reduction is
/// [`Error::Unsupported`]. Integer sums and products wrap (as NCCL's do). `Mean` divides the sum
/// by the number of ranks (integer division for integer dtypes, as `ncclAvg`). Complex dtypes
/// support `Sum` and `Mean` only (NCCL reduces them as pairs of reals). For `bool`, `Sum`/`Max`
/// are a logical or and `Prod`/`Min` a logical and; `Mean` is rejected.
///
/// ```
/// use cuprum_distributed::ReduceOp;
/// assert_eq!("sum".parse::<ReduceOp>().unwrap(), ReduceOp::Sum);
/// assert_eq!("PRODUCT".parse::<ReduceOp>().unwrap(), ReduceOp::Prod);
/// assert_eq!("avg".parse::<ReduceOp>().unwrap(), ReduceOp::AVG);
/// ```
pub use cuprum_core::ReduceOp;

/// Wire code of a collective's op (used to detect ranks that disagree); `None` for a reduction
/// collectives do not take.
pub(crate) fn code(op: ReduceOp) -> Option<u8> {
    match op {
        ReduceOp::Sum => Some(0),
        ReduceOp::Prod => Some(1),
        ReduceOp::Max => Some(2),
        ReduceOp::Min => Some(3),
        ReduceOp::Mean => Some(4),
        _ => None,
    }
}

/// Fails when `op` cannot reduce `dtype` (the same rule on every backend).
pub(crate) fn check(op_name: &'static str, dtype: DType, op: ReduceOp) -> Result<()> {
    if code(op).is_none() {
        return Err(Error::unsupported(
            op_name,
            format!("reduction {op} in a collective (use sum, prod, max, min or mean/avg)"),
        ));
    }
    if dtype.is_complex() && !matches!(op, ReduceOp::Sum | ReduceOp::Mean) {
        return Err(Error::unsupported(
            op_name,
            format!("reduction {op} of {dtype}: complex arrays support only sum and mean (avg)"),
        ));
    }
    if dtype == DType::Bool && op == ReduceOp::Mean {
        return Err(Error::unsupported(
            op_name,
            "reduction mean (avg) of bool (use sum, prod, max or min)",
        ));
    }
    Ok(())
}

macro_rules! combine_int {
    ($t:ty, $op:expr, $acc:expr, $x:expr) => {{
        let acc: &mut [$t] = bytemuck::cast_slice_mut($acc);
        let x: &[$t] = bytemuck::cast_slice($x);
        match $op {
            ReduceOp::Sum | ReduceOp::Mean => acc
                .iter_mut()
                .zip(x)
                .for_each(|(a, b)| *a = a.wrapping_add(*b)),
            ReduceOp::Prod => acc
                .iter_mut()
                .zip(x)
                .for_each(|(a, b)| *a = a.wrapping_mul(*b)),
            ReduceOp::Max => acc.iter_mut().zip(x).for_each(|(a, b)| *a = (*a).max(*b)),
            // Min (`check` admits the five collective ops only)
            _ => acc.iter_mut().zip(x).for_each(|(a, b)| *a = (*a).min(*b)),
        }
    }};
}

macro_rules! combine_float {
    ($t:ty, $op:expr, $acc:expr, $x:expr) => {{
        let acc: &mut [$t] = bytemuck::cast_slice_mut($acc);
        let x: &[$t] = bytemuck::cast_slice($x);
        match $op {
            ReduceOp::Sum | ReduceOp::Mean => acc.iter_mut().zip(x).for_each(|(a, b)| *a += *b),
            ReduceOp::Prod => acc.iter_mut().zip(x).for_each(|(a, b)| *a *= *b),
            ReduceOp::Max => acc.iter_mut().zip(x).for_each(|(a, b)| *a = a.max(*b)),
            // Min (`check` admits the five collective ops only)
            _ => acc.iter_mut().zip(x).for_each(|(a, b)| *a = a.min(*b)),
        }
    }};
}

macro_rules! combine_half {
    ($t:ty, $op:expr, $acc:expr, $x:expr) => {{
        let acc: &mut [$t] = bytemuck::cast_slice_mut($acc);
        let x: &[$t] = bytemuck::cast_slice($x);
        let f: fn(f32, f32) -> f32 = match $op {
            ReduceOp::Sum | ReduceOp::Mean => |a, b| a + b,
            ReduceOp::Prod => |a, b| a * b,
            ReduceOp::Max => f32::max,
            // Min (`check` admits the five collective ops only)
            _ => f32::min,
        };
        acc.iter_mut()
            .zip(x)
            .for_each(|(a, b)| *a = <$t>::from_f32(f(a.to_f32(), b.to_f32())));
    }};
}

/// `acc = acc (op) x` elementwise over native-endian buffers of `dtype` (same length).
///
/// `Mean` accumulates a sum here; [`finish`] divides it. The caller has run [`check`].
pub(crate) fn combine(dtype: DType, op: ReduceOp, acc: &mut [u8], x: &[u8]) {
    debug_assert_eq!(acc.len(), x.len());
    match dtype {
        DType::Bool => {
            let or = matches!(op, ReduceOp::Sum | ReduceOp::Max | ReduceOp::Mean);
            acc.iter_mut().zip(x).for_each(|(a, b)| {
                *a = if or {
                    u8::from(*a != 0 || *b != 0)
                } else {
                    u8::from(*a != 0 && *b != 0)
                }
            });
        }
        DType::Int8 => combine_int!(i8, op, acc, x),
        DType::UInt8 => combine_int!(u8, op, acc, x),
        DType::Int16 => combine_int!(i16, op, acc, x),
        DType::UInt16 => combine_int!(u16, op, acc, x),
        DType::Int32 => combine_int!(i32, op, acc, x),
        DType::UInt32 => combine_int!(u32, op, acc, x),
        DType::Int64 => combine_int!(i64, op, acc, x),
        DType::UInt64 => combine_int!(u64, op, acc, x),
        DType::Float16 => combine_half!(f16, op, acc, x),
        DType::BFloat16 => combine_half!(bf16, op, acc, x),
        DType::Float32 | DType::Complex64 => combine_float!(f32, op, acc, x),
        DType::Float64 | DType::Complex128 => combine_float!(f64, op, acc, x),
        // DType is non_exhaustive: a dtype added later is combined as raw bytes would be
        // wrong, so leave the accumulator untouched (`check_dtype` rejects it first).
        _ => {}
    }
}

/// Finishes a reduction of `n` ranks: divides by `n` for [`ReduceOp::Mean`], else nothing.
pub(crate) fn finish(dtype: DType, op: ReduceOp, acc: &mut [u8], n: usize) {
    if op != ReduceOp::Mean {
        return;
    }
    macro_rules! div_int {
        ($t:ty) => {{
            let a: &mut [$t] = bytemuck::cast_slice_mut(acc);
            // divide in i128 so that any rank count is a valid divisor
            a.iter_mut()
                .for_each(|v| *v = (*v as i128 / n as i128) as $t);
        }};
    }
    macro_rules! div_float {
        ($t:ty) => {{
            let a: &mut [$t] = bytemuck::cast_slice_mut(acc);
            let d = n as $t;
            a.iter_mut().for_each(|v| *v /= d);
        }};
    }
    match dtype {
        DType::Int8 => div_int!(i8),
        DType::UInt8 => div_int!(u8),
        DType::Int16 => div_int!(i16),
        DType::UInt16 => div_int!(u16),
        DType::Int32 => div_int!(i32),
        DType::UInt32 => div_int!(u32),
        DType::Int64 => div_int!(i64),
        DType::UInt64 => div_int!(u64),
        DType::Float16 => {
            let a: &mut [f16] = bytemuck::cast_slice_mut(acc);
            a.iter_mut()
                .for_each(|v| *v = f16::from_f32(v.to_f32() / n as f32));
        }
        DType::BFloat16 => {
            let a: &mut [bf16] = bytemuck::cast_slice_mut(acc);
            a.iter_mut()
                .for_each(|v| *v = bf16::from_f32(v.to_f32() / n as f32));
        }
        DType::Float32 | DType::Complex64 => div_float!(f32),
        DType::Float64 | DType::Complex128 => div_float!(f64),
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bytes<T: bytemuck::Pod>(v: &[T]) -> Vec<u8> {
        bytemuck::cast_slice(v).to_vec()
    }

    #[test]
    fn int_ops_wrap_and_compare() {
        let mut acc = bytes(&[100i8, -5, 7]);
        combine(
            DType::Int8,
            ReduceOp::Sum,
            &mut acc,
            &bytes(&[100i8, 3, -7]),
        );
        assert_eq!(bytemuck::cast_slice::<u8, i8>(&acc), &[-56, -2, 0]);
        let mut acc = bytes(&[3u32, 9]);
        combine(DType::UInt32, ReduceOp::Max, &mut acc, &bytes(&[5u32, 1]));
        assert_eq!(bytemuck::cast_slice::<u8, u32>(&acc), &[5, 9]);
        let mut acc = bytes(&[7i64, -9]);
        combine(DType::Int64, ReduceOp::Mean, &mut acc, &bytes(&[1i64, 1]));
        finish(DType::Int64, ReduceOp::Mean, &mut acc, 2);
        assert_eq!(bytemuck::cast_slice::<u8, i64>(&acc), &[4, -4]);
    }

    #[test]
    fn float_half_and_complex() {
        let mut acc = bytes(&[1.5f32, -2.0]);
        combine(
            DType::Float32,
            ReduceOp::Prod,
            &mut acc,
            &bytes(&[2.0f32, 4.0]),
        );
        assert_eq!(bytemuck::cast_slice::<u8, f32>(&acc), &[3.0, -8.0]);
        let mut acc = bytes(&[bf16::from_f32(1.0), bf16::from_f32(8.0)]);
        combine(
            DType::BFloat16,
            ReduceOp::Min,
            &mut acc,
            &bytes(&[bf16::from_f32(2.0), bf16::from_f32(-1.0)]),
        );
        let got: Vec<f32> = bytemuck::cast_slice::<u8, bf16>(&acc)
            .iter()
            .map(|v| v.to_f32())
            .collect();
        assert_eq!(got, vec![1.0, -1.0]);
        // complex64 (re, im) pairs: sum then avg over 2
        let mut acc = bytes(&[1.0f32, 2.0]);
        combine(
            DType::Complex64,
            ReduceOp::Mean,
            &mut acc,
            &bytes(&[3.0f32, -4.0]),
        );
        finish(DType::Complex64, ReduceOp::Mean, &mut acc, 2);
        assert_eq!(bytemuck::cast_slice::<u8, f32>(&acc), &[2.0, -1.0]);
    }

    #[test]
    fn bool_is_logical_and_complex_prod_is_rejected() {
        let mut acc = vec![0u8, 1, 1, 0];
        combine(DType::Bool, ReduceOp::Sum, &mut acc, &[0, 0, 1, 1]);
        assert_eq!(acc, vec![0, 1, 1, 1]);
        let mut acc = vec![0u8, 1, 1, 0];
        combine(DType::Bool, ReduceOp::Min, &mut acc, &[0, 0, 1, 1]);
        assert_eq!(acc, vec![0, 0, 1, 0]);
        assert!(check("all_reduce", DType::Complex128, ReduceOp::Max).is_err());
        assert!(check("all_reduce", DType::Bool, ReduceOp::Mean).is_err());
        assert!(check("all_reduce", DType::Complex64, ReduceOp::Sum).is_ok());
    }
}
