//! The edge extensions of the zero-phase filters (`filtfilt`, `sosfiltfilt`): SciPy's
//! `odd_ext`, `even_ext`, `const_ext`, composed of views and elementwise ops on the data's
//! device.

use crate::util::bad_argument_if;
use crate::util::{axis_reverse, axis_slice};
use cuprum_core::{Array, Error, Result, concatenate};

/// The extension at the ends of a signal before zero-phase filtering (SciPy's `padtype`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum PadType {
    /// point-symmetric about the end samples (`'odd'`, the default)
    #[default]
    Odd,
    /// mirror-symmetric about the end samples (`'even'`)
    Even,
    /// the end samples repeated (`'constant'`)
    Constant,
    /// no extension (`None`)
    None,
}

impl PadType {
    /// Parses `'odd'`, `'even'`, `'constant'` (and `"none"` for Python's `None`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `filtfilt` and `padtype` for another string.
    ///
    /// ```
    /// assert_eq!(cuprum_signal::PadType::parse("even").unwrap(), cuprum_signal::PadType::Even);
    /// ```
    pub fn parse(s: &str) -> Result<PadType> {
        Ok(match s {
            "odd" => PadType::Odd,
            "even" => PadType::Even,
            "constant" => PadType::Constant,
            "none" | "None" => PadType::None,
            _ => {
                return Err(Error::bad_argument(
                    "filtfilt",
                    "padtype",
                    format!("{s:?}"),
                    "one of 'even', 'odd', 'constant', None",
                ));
            }
        })
    }
}

/// The extension length (`edge`) after SciPy's `_validate_pad` checks.
pub(crate) fn validate_pad(
    op: &'static str,
    padtype: PadType,
    padlen: Option<usize>,
    x: &Array,
    ax: usize,
    ntaps: usize,
) -> Result<(usize, Array)> {
    let edge = if padtype == PadType::None {
        0
    } else {
        padlen.unwrap_or(3 * ntaps)
    };
    let n = x.shape()[ax];
    bad_argument_if(
        n <= edge,
        op,
        "padlen",
        edge,
        format!("less than the length of x along the axis ({n})"),
    )?;
    Ok((edge, x.clone()))
}

/// `x` extended by `n` samples at both ends of axis `ax`.
pub(crate) fn extend(x: &Array, ax: usize, n: usize, padtype: PadType) -> Result<Array> {
    if n == 0 || padtype == PadType::None {
        return Ok(x.clone());
    }
    let len = x.shape()[ax] as isize;
    let ni = n as isize;
    let left_end = axis_slice(x, ax, 0, Some(1))?;
    let right_end = axis_slice(x, ax, len - 1, Some(len))?;
    // x[n:0:-1] and x[-2:-(n+2):-1]
    let left_ext = axis_reverse(&axis_slice(x, ax, 1, Some(ni + 1))?, ax)?;
    let right_ext = axis_reverse(&axis_slice(x, ax, len - ni - 1, Some(len - 1))?, ax)?;
    let (l, r) = match padtype {
        PadType::Odd => {
            let l2 = cuprum_core::multiply(&left_end, 2.0)?;
            let r2 = cuprum_core::multiply(&right_end, 2.0)?;
            (
                cuprum_core::subtract(&l2, &left_ext)?,
                cuprum_core::subtract(&r2, &right_ext)?,
            )
        }
        PadType::Even => (left_ext, right_ext),
        PadType::Constant => {
            let mut s = x.shape().to_vec();
            s[ax] = n;
            (left_end.broadcast_to(&s)?, right_end.broadcast_to(&s)?)
        }
        PadType::None => unreachable!("returned above"),
    };
    let dt = x.dtype();
    concatenate(&[&l.astype(dt)?, x, &r.astype(dt)?], ax as isize)
}

/// The end of `filtfilt`/`sosfiltfilt`: the backward pass's output `y` (reversed along `ax`)
/// put back in order, the `edge` samples of padding cut from both ends, as a new array.
pub(crate) fn unpad_reversed(y: &Array, ax: usize, edge: usize) -> Result<Array> {
    let y = axis_reverse(y, ax)?;
    if edge > 0 {
        axis_slice(&y, ax, edge as isize, Some(-(edge as isize)))?.copy()
    } else {
        y.copy()
    }
}
