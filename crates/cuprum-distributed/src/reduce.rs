//! [`ReduceOp`] and the host reduction kernels the TCP backend combines byte buffers with.

use crate::{Error, Result};
use cuprum_core::DType;
use half::{bf16, f16};

/// How a reducing collective combines the ranks' elements, like `torch.distributed.ReduceOp`
/// and the `op=` strings of `cupyx.distributed` (`"sum"`, `"prod"`, `"max"`, `"min"`, `"avg"`).
///
/// Integer sums and products wrap (as NCCL's do). `Avg` divides the sum by the number of
/// ranks (integer division for integer dtypes, as `ncclAvg`). Complex dtypes support `Sum`
/// and `Avg` only (NCCL reduces them as pairs of reals). For `bool`, `Sum`/`Max` are a logical
/// or and `Prod`/`Min` a logical and; `Avg` is rejected.
///
/// ```
/// use cuprum_distributed::ReduceOp;
/// assert_eq!("sum".parse::<ReduceOp>().unwrap(), ReduceOp::Sum);
/// assert_eq!("PRODUCT".parse::<ReduceOp>().unwrap(), ReduceOp::Prod);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReduceOp {
    /// elementwise sum (`ReduceOp.SUM`, `"sum"`)
    Sum,
    /// elementwise product (`ReduceOp.PRODUCT`, `"prod"`)
    Prod,
    /// elementwise maximum (`ReduceOp.MAX`, `"max"`)
    Max,
    /// elementwise minimum (`ReduceOp.MIN`, `"min"`)
    Min,
    /// sum divided by the number of ranks (`ReduceOp.AVG`, `"avg"`)
    Avg,
}

impl ReduceOp {
    /// Alias of [`ReduceOp::Prod`] under torch's name.
    pub const PRODUCT: ReduceOp = ReduceOp::Prod;

    /// The lower-case name (`"sum"`, `"prod"`, `"max"`, `"min"`, `"avg"`).
    pub fn name(self) -> &'static str {
        match self {
            ReduceOp::Sum => "sum",
            ReduceOp::Prod => "prod",
            ReduceOp::Max => "max",
            ReduceOp::Min => "min",
            ReduceOp::Avg => "avg",
        }
    }

    /// Wire code of the op (used to detect ranks that disagree).
    pub(crate) fn code(self) -> u8 {
        match self {
            ReduceOp::Sum => 0,
            ReduceOp::Prod => 1,
            ReduceOp::Max => 2,
            ReduceOp::Min => 3,
            ReduceOp::Avg => 4,
        }
    }
}

impl std::fmt::Display for ReduceOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for ReduceOp {
    type Err = Error;
    /// Parses `sum`, `prod`/`product`, `max`, `min`, `avg`/`mean` (any case).
    fn from_str(s: &str) -> Result<ReduceOp> {
        match s.to_ascii_lowercase().as_str() {
            "sum" => Ok(ReduceOp::Sum),
            "prod" | "product" => Ok(ReduceOp::Prod),
            "max" => Ok(ReduceOp::Max),
            "min" => Ok(ReduceOp::Min),
            "avg" | "mean" => Ok(ReduceOp::Avg),
            _ => Err(Error::invalid(
                "ReduceOp::from_str",
                format!("{s:?} is not sum, prod, max, min or avg"),
            )),
        }
    }
}

/// Fails when `op` cannot reduce `dtype` (the same rule on every backend).
pub(crate) fn check(op_name: &'static str, dtype: DType, op: ReduceOp) -> Result<()> {
    if dtype.is_complex() && !matches!(op, ReduceOp::Sum | ReduceOp::Avg) {
        return Err(Error::unsupported(
            op_name,
            format!("reduction {op} of {dtype}: complex arrays support only sum and avg"),
        ));
    }
    if dtype == DType::Bool && op == ReduceOp::Avg {
        return Err(Error::unsupported(
            op_name,
            "reduction avg of bool (use sum, prod, max or min)",
        ));
    }
    Ok(())
}

macro_rules! combine_int {
    ($t:ty, $op:expr, $acc:expr, $x:expr) => {{
        let acc: &mut [$t] = bytemuck::cast_slice_mut($acc);
        let x: &[$t] = bytemuck::cast_slice($x);
        match $op {
            ReduceOp::Sum | ReduceOp::Avg => acc
                .iter_mut()
                .zip(x)
                .for_each(|(a, b)| *a = a.wrapping_add(*b)),
            ReduceOp::Prod => acc
                .iter_mut()
                .zip(x)
                .for_each(|(a, b)| *a = a.wrapping_mul(*b)),
            ReduceOp::Max => acc.iter_mut().zip(x).for_each(|(a, b)| *a = (*a).max(*b)),
            ReduceOp::Min => acc.iter_mut().zip(x).for_each(|(a, b)| *a = (*a).min(*b)),
        }
    }};
}

macro_rules! combine_float {
    ($t:ty, $op:expr, $acc:expr, $x:expr) => {{
        let acc: &mut [$t] = bytemuck::cast_slice_mut($acc);
        let x: &[$t] = bytemuck::cast_slice($x);
        match $op {
            ReduceOp::Sum | ReduceOp::Avg => acc.iter_mut().zip(x).for_each(|(a, b)| *a += *b),
            ReduceOp::Prod => acc.iter_mut().zip(x).for_each(|(a, b)| *a *= *b),
            ReduceOp::Max => acc.iter_mut().zip(x).for_each(|(a, b)| *a = a.max(*b)),
            ReduceOp::Min => acc.iter_mut().zip(x).for_each(|(a, b)| *a = a.min(*b)),
        }
    }};
}

macro_rules! combine_half {
    ($t:ty, $op:expr, $acc:expr, $x:expr) => {{
        let acc: &mut [$t] = bytemuck::cast_slice_mut($acc);
        let x: &[$t] = bytemuck::cast_slice($x);
        let f: fn(f32, f32) -> f32 = match $op {
            ReduceOp::Sum | ReduceOp::Avg => |a, b| a + b,
            ReduceOp::Prod => |a, b| a * b,
            ReduceOp::Max => f32::max,
            ReduceOp::Min => f32::min,
        };
        acc.iter_mut()
            .zip(x)
            .for_each(|(a, b)| *a = <$t>::from_f32(f(a.to_f32(), b.to_f32())));
    }};
}

/// `acc = acc (op) x` elementwise over native-endian buffers of `dtype` (same length).
///
/// `Avg` accumulates a sum here; [`finish`] divides it. The caller has run [`check`].
pub(crate) fn combine(dtype: DType, op: ReduceOp, acc: &mut [u8], x: &[u8]) {
    debug_assert_eq!(acc.len(), x.len());
    match dtype {
        DType::Bool => {
            let or = matches!(op, ReduceOp::Sum | ReduceOp::Max | ReduceOp::Avg);
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

/// Finishes a reduction of `n` ranks: divides by `n` for [`ReduceOp::Avg`], else nothing.
pub(crate) fn finish(dtype: DType, op: ReduceOp, acc: &mut [u8], n: usize) {
    if op != ReduceOp::Avg {
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
        combine(DType::Int64, ReduceOp::Avg, &mut acc, &bytes(&[1i64, 1]));
        finish(DType::Int64, ReduceOp::Avg, &mut acc, 2);
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
            ReduceOp::Avg,
            &mut acc,
            &bytes(&[3.0f32, -4.0]),
        );
        finish(DType::Complex64, ReduceOp::Avg, &mut acc, 2);
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
        assert!(check("all_reduce", DType::Bool, ReduceOp::Avg).is_err());
        assert!(check("all_reduce", DType::Complex64, ReduceOp::Sum).is_ok());
    }
}
