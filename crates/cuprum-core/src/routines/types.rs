//! Type and comparison helpers with NumPy's names: `can_cast`, `result_type`, `array_equiv`.

use crate::ops::promote::can_cast_same_kind;
use crate::{Array, DType, Error, Result};

/// NumPy's `casting=` rules, from strictest to loosest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Casting {
    /// Only the identical dtype (`'no'`; byte order does not exist here, so as `'equiv'`).
    No,
    /// Only the identical dtype (`'equiv'`).
    Equiv,
    /// Only casts that keep every value (`'safe'`).
    Safe,
    /// Safe casts and casts within a kind or to a higher kind (`'same_kind'`:
    /// bool < uint < int < float < complex).
    SameKind,
    /// Any cast (`'unsafe'`).
    Unsafe,
}

/// Whether NumPy casts `from` to `to` under `casting` (`numpy.can_cast` of two dtypes).
///
/// `safe` is NumPy 2's: `from` casts safely exactly when promoting it with `to` gives `to`
/// (int64 → float64 is safe, uint64 → int64 is not).
///
/// ```
/// use cuprum_core::{DType, can_cast, Casting};
/// assert!(can_cast(DType::Int32, DType::Float64, Casting::Safe));
/// assert!(!can_cast(DType::Float64, DType::Float32, Casting::Safe));
/// assert!(can_cast(DType::Float64, DType::Float32, Casting::SameKind));
/// assert!(!can_cast(DType::Float64, DType::Int64, Casting::SameKind));
/// ```
pub fn can_cast(from: DType, to: DType, casting: Casting) -> bool {
    match casting {
        Casting::No | Casting::Equiv => from == to,
        Casting::Safe => DType::promote(from, to) == to,
        Casting::SameKind => DType::promote(from, to) == to || can_cast_same_kind(from, to),
        Casting::Unsafe => true,
    }
}

/// The dtype NumPy's type promotion gives the arrays and dtypes (`numpy.result_type` of
/// arrays/dtypes; weak Python scalars take part through the ufuncs, see [`Operand`](crate::Operand)).
///
/// # Errors
/// [`Error::BadArgument`] for an empty list (NumPy: "at least one array or dtype is required").
///
/// ```
/// use cuprum_core::{DType, result_type};
/// assert_eq!(result_type(&[DType::Int8, DType::UInt8]).unwrap(), DType::Int16);
/// assert_eq!(result_type(&[DType::Int64, DType::UInt64, DType::Float32]).unwrap(), DType::Float64);
/// ```
pub fn result_type(dtypes: &[DType]) -> Result<DType> {
    let (first, rest) = dtypes.split_first().ok_or_else(|| {
        Error::bad_argument(
            "result_type",
            "arrays_and_dtypes",
            "an empty sequence",
            "at least one array or dtype",
        )
    })?;
    Ok(rest.iter().fold(*first, |a, &b| DType::promote(a, b)))
}

/// True when `a1` and `a2` broadcast together and are equal everywhere (`numpy.array_equiv`);
/// false (not an error) when the shapes do not broadcast.
///
/// # Errors
/// [`Error::DeviceMismatch`] for arrays on different devices.
///
/// ```
/// use cuprum_core::{Array, array_equiv};
/// let a = Array::from_vec(vec![1i64, 2], &[2]).unwrap();
/// let b = Array::from_vec(vec![1i64, 2, 1, 2], &[2, 2]).unwrap();
/// assert!(array_equiv(&a, &b).unwrap());
/// assert!(!array_equiv(&a, &Array::from_vec(vec![1i64, 2, 3], &[3]).unwrap()).unwrap());
/// ```
pub fn array_equiv(a1: &Array, a2: &Array) -> Result<bool> {
    if crate::layout::broadcast_shapes("array_equiv", a1.shape(), a2.shape()).is_err() {
        return Ok(false);
    }
    let eq = crate::ops::equal(a1, a2)?;
    Ok(crate::reduce::all(&eq, None, false)?.item()?.as_bool())
}
