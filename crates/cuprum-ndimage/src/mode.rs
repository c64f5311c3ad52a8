//! The boundary modes of `scipy.ndimage` and the index mapping each one implies.

use cuprum_core::{Error, Result};

/// How a filter or an interpolation extends its input beyond the edges (SciPy's `mode`).
///
/// Filters (`correlate`, the rank filters, ...) treat `GridMirror` as `Reflect`, `GridWrap` as
/// `Wrap` and `GridConstant` as `Constant`; the interpolation functions tell them apart as
/// SciPy does (`Wrap` there has period `n - 1`, `GridWrap` period `n`; `Constant` gives `cval`
/// outside `[0, n - 1]`, `GridConstant` interpolates against `cval` beyond the edges).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Mode {
    /// `d c b a | a b c d | d c b a` (half-sample symmetric); also `grid-mirror`.
    #[default]
    Reflect,
    /// `k k k k | a b c d | k k k k` with `k = cval`.
    Constant,
    /// `a a a a | a b c d | d d d d`.
    Nearest,
    /// `d c b | a b c d | c b a` (whole-sample symmetric).
    Mirror,
    /// `a b c d | a b c d | a b c d` (periodic).
    Wrap,
    /// SciPy's `grid-mirror`: the same as [`Mode::Reflect`].
    GridMirror,
    /// SciPy's `grid-constant`.
    GridConstant,
    /// SciPy's `grid-wrap`.
    GridWrap,
}

impl Mode {
    /// The mode named `name` (`"reflect"`, `"constant"`, `"nearest"`, `"mirror"`, `"wrap"`,
    /// `"grid-mirror"`, `"grid-constant"`, `"grid-wrap"`).
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `op`, `mode` and the string for an unknown name.
    ///
    /// # Example
    /// ```
    /// use cuprum_ndimage::Mode;
    /// assert_eq!(Mode::parse("ndimage.convolve", "wrap").unwrap(), Mode::Wrap);
    /// assert!(Mode::parse("ndimage.convolve", "bogus").is_err());
    /// ```
    pub fn parse(op: &'static str, name: &str) -> Result<Mode> {
        Ok(match name {
            "reflect" => Mode::Reflect,
            "constant" => Mode::Constant,
            "nearest" => Mode::Nearest,
            "mirror" => Mode::Mirror,
            "wrap" => Mode::Wrap,
            "grid-mirror" => Mode::GridMirror,
            "grid-constant" => Mode::GridConstant,
            "grid-wrap" => Mode::GridWrap,
            other => {
                return Err(Error::bad_argument(
                    op,
                    "mode",
                    format!("{other:?}"),
                    "one of \"reflect\", \"constant\", \"nearest\", \"mirror\", \"wrap\", \"grid-mirror\", \"grid-constant\", \"grid-wrap\"",
                ));
            }
        })
    }

    /// The mode as a filter sees it (grid variants folded into their plain forms).
    pub(crate) fn for_filter(self) -> Mode {
        match self {
            Mode::GridMirror => Mode::Reflect,
            Mode::GridWrap => Mode::Wrap,
            Mode::GridConstant => Mode::Constant,
            m => m,
        }
    }

    /// The integer code the CUDA kernels use (`kernels/ndimage/ndimage.cu`'s `MODE_*`).
    pub(crate) fn code(self) -> i64 {
        match self {
            Mode::Reflect | Mode::GridMirror => 0,
            Mode::Constant => 1,
            Mode::Nearest => 2,
            Mode::Mirror => 3,
            Mode::Wrap => 4,
            Mode::GridConstant => 5,
            Mode::GridWrap => 6,
        }
    }
}

/// The in-bounds index a filter reads for position `i` of an axis of length `n` (`n >= 1`),
/// or `None` for the constant modes outside the axis.
#[inline]
pub(crate) fn filter_index(i: i64, n: i64, mode: Mode) -> Option<usize> {
    if (0..n).contains(&i) {
        return Some(i as usize);
    }
    let j = match mode.for_filter() {
        Mode::Constant => return None,
        Mode::Nearest => {
            if i < 0 {
                0
            } else {
                n - 1
            }
        }
        Mode::Wrap => i.rem_euclid(n),
        Mode::Mirror => {
            if n == 1 {
                0
            } else {
                let p = 2 * n - 2;
                let k = i.rem_euclid(p);
                if k >= n { p - k } else { k }
            }
        }
        _ => {
            let p = 2 * n;
            let k = i.rem_euclid(p);
            if k >= n { p - 1 - k } else { k }
        }
    };
    Some(j as usize)
}

/// SciPy's `map_coordinate` (`ni_interpolation.c`): a coordinate outside `[0, n - 1]` mapped
/// back by the interpolation mode; `-1` for `Constant` outside; unchanged for `GridConstant`.
#[inline]
pub(crate) fn map_coordinate(mut x: f64, n: i64, mode: Mode) -> f64 {
    let len = n as f64;
    if x < 0.0 {
        match mode {
            Mode::Mirror => {
                if n <= 1 {
                    x = 0.0;
                } else {
                    let sz2 = (2 * n - 2) as f64;
                    x += sz2 * ((-x / sz2) as i64) as f64;
                    x = if x <= 1.0 - len { x + sz2 } else { -x };
                }
            }
            Mode::Reflect | Mode::GridMirror => {
                if n <= 1 {
                    x = 0.0;
                } else {
                    let sz2 = (2 * n) as f64;
                    if x < -sz2 {
                        x += sz2 * ((-x / sz2) as i64) as f64;
                    }
                    x = if x < -len { x + sz2 } else { -x - 1.0 };
                }
            }
            Mode::Wrap => {
                if n <= 1 {
                    x = 0.0;
                } else {
                    let sz = (n - 1) as f64;
                    // in floating point: a coordinate far outside must not overflow an integer
                    x += sz * ((-x / sz).trunc() + 1.0);
                }
            }
            Mode::GridWrap => {
                if n <= 1 {
                    x = 0.0;
                } else {
                    x += len * (((-1.0 - x) / len).trunc() + 1.0);
                }
            }
            Mode::Nearest => x = 0.0,
            Mode::Constant => x = -1.0,
            Mode::GridConstant => {}
        }
    } else if x > len - 1.0 {
        match mode {
            Mode::Mirror => {
                if n <= 1 {
                    x = 0.0;
                } else {
                    let sz2 = (2 * n - 2) as f64;
                    x -= sz2 * ((x / sz2) as i64) as f64;
                    if x >= len {
                        x = sz2 - x;
                    }
                }
            }
            Mode::Reflect | Mode::GridMirror => {
                if n <= 1 {
                    x = 0.0;
                } else {
                    let sz2 = (2 * n) as f64;
                    x -= sz2 * ((x / sz2) as i64) as f64;
                    if x >= len {
                        x = sz2 - x - 1.0;
                    }
                }
            }
            Mode::Wrap => {
                if n <= 1 {
                    x = 0.0;
                } else {
                    let sz = (n - 1) as f64;
                    x -= sz * ((x / sz) as i64) as f64;
                }
            }
            Mode::GridWrap => {
                if n <= 1 {
                    x = 0.0;
                } else {
                    x -= len * ((x / len) as i64) as f64;
                }
            }
            Mode::Nearest => x = len - 1.0,
            Mode::Constant => x = -1.0,
            Mode::GridConstant => {}
        }
    }
    x
}

/// The mode the spline window and the spline prefilter use for an interpolation `mode`
/// (SciPy: `constant` and `wrap` have no exact spline boundary and use `mirror`).
pub(crate) fn spline_mode(mode: Mode) -> Mode {
    match mode {
        Mode::Constant | Mode::Wrap => Mode::Mirror,
        Mode::GridMirror => Mode::Reflect,
        m => m,
    }
}

/// Index `i` of a spline window mapped by `spline_mode(mode)`; `None` outside for
/// `GridConstant` (the sample there is `cval`).
#[inline]
pub(crate) fn window_index(i: i64, n: i64, smode: Mode) -> Option<usize> {
    if (0..n).contains(&i) {
        return Some(i as usize);
    }
    match smode {
        Mode::GridConstant => None,
        _ => {
            let j = map_coordinate(i as f64, n, smode) as i64;
            Some(j.clamp(0, n - 1) as usize)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn filter_modes() {
        let m = |mode| {
            (-3..7)
                .map(|i| filter_index(i, 4, mode).map(|j| j as i64).unwrap_or(-1))
                .collect::<Vec<_>>()
        };
        assert_eq!(m(Mode::Reflect), vec![2, 1, 0, 0, 1, 2, 3, 3, 2, 1]);
        assert_eq!(m(Mode::Mirror), vec![3, 2, 1, 0, 1, 2, 3, 2, 1, 0]);
        assert_eq!(m(Mode::Nearest), vec![0, 0, 0, 0, 1, 2, 3, 3, 3, 3]);
        assert_eq!(m(Mode::Wrap), vec![1, 2, 3, 0, 1, 2, 3, 0, 1, 2]);
        assert_eq!(m(Mode::Constant), vec![-1, -1, -1, 0, 1, 2, 3, -1, -1, -1]);
        assert!(Mode::parse("x", "grid-wrap").is_ok());
    }
}
