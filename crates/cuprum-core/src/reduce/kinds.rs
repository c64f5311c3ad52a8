//! The reduction vocabulary shared by every backend, and NumPy's dtype rules for it.

use crate::Error;
use crate::{DType, Result};

/// A reduction the backends implement (NumPy function names).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ReduceOp {
    /// `sum`
    Sum,
    /// `prod`
    Prod,
    /// `nansum` (NaN counts as 0)
    NanSum,
    /// `nanprod` (NaN counts as 1)
    NanProd,
    /// `mean`
    Mean,
    /// `nanmean`
    NanMean,
    /// `var` (two-pass, `ddof` from [`ReduceParams`])
    Var,
    /// `nanvar`
    NanVar,
    /// `std`
    Std,
    /// `nanstd`
    NanStd,
    /// `max` / `amax` (NaN propagates)
    Max,
    /// `min` / `amin` (NaN propagates)
    Min,
    /// `nanmax` (NaN ignored; an all-NaN slice gives NaN)
    NanMax,
    /// `nanmin`
    NanMin,
    /// `argmax` (first occurrence; the first NaN wins)
    ArgMax,
    /// `argmin` (first occurrence; the first NaN wins)
    ArgMin,
    /// `nanargmax` (NaN ignored; an all-NaN slice is an error)
    NanArgMax,
    /// `nanargmin`
    NanArgMin,
    /// `all`
    All,
    /// `any`
    Any,
    /// `count_nonzero`
    CountNonzero,
    /// `ptp` (max − min in the input dtype; integers wrap)
    Ptp,
}

/// Scalar parameters of a reduction handed to the backend.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReduceParams {
    /// The dtype elements are cast to and accumulated in (`sum`, `prod`, `mean`, `var` and their
    /// NaN forms); the input dtype for the other reductions.
    pub compute: DType,
    /// Delta degrees of freedom of `var`/`std` (divisor `max(n - ddof, 0)`).
    pub ddof: f64,
}

impl ReduceOp {
    /// True when reducing an empty axis into a non-empty result is an error (no identity).
    pub fn needs_elements(self) -> bool {
        use ReduceOp::*;
        matches!(
            self,
            Max | Min | NanMax | NanMin | ArgMax | ArgMin | NanArgMax | NanArgMin | Ptp
        )
    }

    /// True for the index-returning reductions (one axis or all axes only).
    pub fn is_arg(self) -> bool {
        use ReduceOp::*;
        matches!(self, ArgMax | ArgMin | NanArgMax | NanArgMin)
    }

    /// The `(compute, output)` dtypes NumPy uses for this reduction of `src`, with an optional
    /// explicit `dtype=` (accepted by `sum`, `prod`, `mean` and their NaN forms).
    ///
    /// # Errors
    /// [`Error::DType`](crate::Error::DType) for `ptp` of bool (NumPy cannot subtract booleans).
    pub fn dtypes(self, src: DType, dtype: Option<DType>) -> Result<(DType, DType)> {
        use ReduceOp::*;
        let widen = |d: DType| match d {
            DType::Float16 | DType::BFloat16 => DType::Float32,
            d => d,
        };
        Ok(match self {
            Sum | Prod | NanSum | NanProd => match dtype {
                Some(d) => (widen(d), d),
                None => {
                    let out = match src {
                        DType::Bool | DType::Int8 | DType::Int16 | DType::Int32 | DType::Int64 => {
                            DType::Int64
                        }
                        DType::UInt8 | DType::UInt16 | DType::UInt32 | DType::UInt64 => {
                            DType::UInt64
                        }
                        d => d,
                    };
                    (widen(out), out)
                }
            },
            Mean | NanMean => match dtype {
                Some(d) if d.is_inexact() => (widen(d), d),
                Some(d) => (DType::Float64, d),
                None if src.is_inexact() => (widen(src), src),
                None => (DType::Float64, DType::Float64),
            },
            Var | NanVar | Std | NanStd => {
                let (c, o) = Mean.dtypes(src, dtype)?;
                (c, o.real_dtype())
            }
            Max | Min | NanMax | NanMin => (src, src),
            Ptp => {
                if src == DType::Bool {
                    return Err(crate::ops::promote::bool_subtract_error("ptp"));
                }
                (src, src)
            }
            ArgMax | ArgMin | NanArgMax | NanArgMin => (src, DType::Int64),
            All | Any => (src, DType::Bool),
            CountNonzero => (src, DType::Int64),
        })
    }
}

/// A cumulative operation (`numpy.cumsum`, `numpy.cumprod`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ScanOp {
    /// running sum
    CumSum,
    /// running product
    CumProd,
}

impl ScanOp {
    /// NumPy's name.
    pub fn name(self) -> &'static str {
        match self {
            ScanOp::CumSum => "cumsum",
            ScanOp::CumProd => "cumprod",
        }
    }

    /// The `(compute, output)` dtypes: as for `sum`, except that float16/bfloat16 partial results
    /// are rounded to the output dtype at every step (as NumPy's `add.accumulate` does).
    pub fn dtypes(self, src: DType, dtype: Option<DType>) -> (DType, DType) {
        ReduceOp::Sum.dtypes(src, dtype).unwrap_or((src, src))
    }
}

impl ReduceOp {
    /// `torch.distributed.ReduceOp.PRODUCT`: [`ReduceOp::Prod`].
    pub const PRODUCT: ReduceOp = ReduceOp::Prod;
    /// `torch.distributed.ReduceOp.AVG` / `cupyx.distributed`'s `"avg"`: [`ReduceOp::Mean`]
    /// (the collectives divide the sum by the number of ranks).
    pub const AVG: ReduceOp = ReduceOp::Mean;
}

/// NumPy's name ([`ReduceOp::name`]).
impl std::fmt::Display for ReduceOp {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

crate::ops::kinds::op_names! {
    ReduceOp, EVERY, "NumPy's name (used in error messages and kernel names).";
    Sum => "sum",
    Prod => "prod",
    NanSum => "nansum",
    NanProd => "nanprod",
    Mean => "mean",
    NanMean => "nanmean",
    Var => "var",
    NanVar => "nanvar",
    Std => "std",
    NanStd => "nanstd",
    Max => "max",
    Min => "min",
    NanMax => "nanmax",
    NanMin => "nanmin",
    ArgMax => "argmax",
    ArgMin => "argmin",
    NanArgMax => "nanargmax",
    NanArgMin => "nanargmin",
    All => "all",
    Any => "any",
    CountNonzero => "count_nonzero",
    Ptp => "ptp",
}

/// Parses NumPy's names ([`ReduceOp::name`], any case) and the collectives' aliases
/// `product` (= `prod`) and `avg` (= `mean`).
///
/// ```
/// use cuprum_core::ReduceOp;
/// assert_eq!("sum".parse::<ReduceOp>().unwrap(), ReduceOp::Sum);
/// assert_eq!("PRODUCT".parse::<ReduceOp>().unwrap(), ReduceOp::Prod);
/// assert_eq!("avg".parse::<ReduceOp>().unwrap(), ReduceOp::Mean);
/// assert!("median".parse::<ReduceOp>().is_err());
/// ```
impl std::str::FromStr for ReduceOp {
    type Err = Error;
    fn from_str(s: &str) -> Result<ReduceOp> {
        use ReduceOp::*;
        let l = s.to_ascii_lowercase();
        match l.as_str() {
            "product" => Ok(Prod),
            "avg" => Ok(Mean),
            _ => ReduceOp::EVERY
                .into_iter()
                .find(|o| o.name() == l)
                .ok_or_else(|| {
                    Error::bad_argument(
                        "ReduceOp::from_str",
                        "s",
                        format!("{s:?}"),
                        "a reduction name (sum, prod, max, min, mean/avg, ...)",
                    )
                }),
        }
    }
}
