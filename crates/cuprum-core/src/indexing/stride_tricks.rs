//! Views with chosen strides (`numpy.lib.stride_tricks`): `sliding_window_view`, `as_strided`.

use crate::layout::normalize_axis;
use crate::{Array, Error, Layout, Result};

/// A read/write view of the sliding windows of `x` (`numpy.lib.stride_tricks.sliding_window_view`).
///
/// **Shapes:** for each windowed axis (every axis for `None`, with one window size per axis;
/// else one per entry of `axis`, which may repeat an axis), that axis shrinks to
/// `n - w + 1` and a new trailing axis of `w` is added.
///
/// # Errors
/// [`Error::BadArgument`] when a window is larger than its axis or the number of window sizes
/// does not match; [`Error::AxisOutOfBounds`].
///
/// ```
/// use cuprum_core::{Array, sliding_window_view};
/// let x = Array::from_vec((0..5i64).collect::<Vec<_>>(), &[5]).unwrap();
/// let w = sliding_window_view(&x, &[3], None).unwrap();
/// assert_eq!(w.shape(), &[3, 3]);
/// assert_eq!(w.to_vec::<i64>().unwrap(), vec![0, 1, 2, 1, 2, 3, 2, 3, 4]);
/// ```
pub fn sliding_window_view(
    x: &Array,
    window_shape: &[usize],
    axis: Option<&[isize]>,
) -> Result<Array> {
    const OP: &str = "sliding_window_view";
    let axes: Vec<usize> = match axis {
        None => {
            if window_shape.len() != x.ndim() {
                return Err(Error::bad_argument(
                    OP,
                    "window_shape",
                    format!("{window_shape:?}"),
                    format!("{} entries (x.ndim) since axis is None", x.ndim()),
                ));
            }
            (0..x.ndim()).collect()
        }
        Some(ax) => {
            if ax.len() != window_shape.len() {
                return Err(Error::bad_argument(
                    OP,
                    "axis",
                    format!("{ax:?}"),
                    format!("{} axes, one per window_shape entry", window_shape.len()),
                ));
            }
            ax.iter()
                .map(|&a| normalize_axis(OP, a, x.ndim()))
                .collect::<Result<_>>()?
        }
    };
    let l = x.layout();
    let mut shape = l.shape.clone();
    let mut strides = l.strides.clone();
    for (&a, &w) in axes.iter().zip(window_shape) {
        if shape[a] < w {
            return Err(Error::bad_argument(
                OP,
                "window_shape",
                format!("{window_shape:?}"),
                format!(
                    "windows no larger than the input, whose axis {a} has {} elements",
                    shape[a]
                ),
            ));
        }
        shape[a] -= w - 1;
    }
    for (&a, &w) in axes.iter().zip(window_shape) {
        shape.push(w);
        strides.push(l.strides[a]);
    }
    crate::ext::with_layout(
        x,
        Layout {
            shape,
            strides,
            offset: l.offset,
        },
    )
}

/// A view of `x`'s buffer with the given `shape` and byte `strides`, starting at `x`'s first
/// element (`numpy.lib.stride_tricks.as_strided`).
///
/// Unlike NumPy, every element the view addresses is checked to lie inside `x`'s buffer (so a
/// wrong stride is an error, never a read of foreign memory); strides must be multiples of the
/// item size. Views may overlap themselves; writing through such a view writes some elements
/// more than once.
///
/// # Errors
/// [`Error::BadArgument`] for strides that are not multiples of the item size, a shape and
/// strides of different lengths, or a view reaching outside the buffer.
///
/// ```
/// use cuprum_core::{Array, as_strided};
/// let x = Array::from_vec((0..6i64).collect::<Vec<_>>(), &[6]).unwrap();
/// let v = as_strided(&x, &[4, 3], &[8, 8]).unwrap();
/// assert_eq!(v.to_vec::<i64>().unwrap(), vec![0, 1, 2, 1, 2, 3, 2, 3, 4, 3, 4, 5]);
/// assert!(as_strided(&x, &[4, 3], &[16, 8]).is_err());
/// ```
pub fn as_strided(x: &Array, shape: &[usize], strides: &[isize]) -> Result<Array> {
    const OP: &str = "as_strided";
    let isz = x.dtype().itemsize() as isize;
    if shape.len() != strides.len() {
        return Err(Error::bad_argument(
            OP,
            "strides",
            format!("{strides:?}"),
            format!("one stride per dimension of shape {shape:?}"),
        ));
    }
    if let Some(s) = strides.iter().find(|&&s| s % isz != 0) {
        return Err(Error::bad_argument(
            OP,
            "strides",
            format!("{strides:?}"),
            format!("multiples of the item size {isz} ({s} is not)"),
        ));
    }
    let layout = Layout {
        shape: shape.to_vec(),
        strides: strides.iter().map(|s| s / isz).collect(),
        offset: x.layout().offset,
    };
    crate::ext::with_layout(x, layout).map_err(|e| match e {
        Error::BadArgument {
            arg,
            value,
            expected,
            ..
        } => Error::BadArgument {
            op: OP,
            arg,
            value,
            expected,
        },
        e => e,
    })
}
