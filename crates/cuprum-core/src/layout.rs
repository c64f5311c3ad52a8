//! [`Layout`]: shape, strides (in elements, may be negative or zero) and offset of a view.

use crate::{Error, Result};

/// `n` zeros in a new `Vec`, allocated with `malloc`, not `calloc`: `vec![0; n]` asks the
/// allocator for zeroed memory, which glibc serves outside its per-thread cache (a slower path
/// that also consolidates its fast bins), and the shapes, strides and indices of every
/// operation are made this way (`calloc` was ~10% of a 30 x 30 add of views; the add is 1.0 us
/// on the 2-core CPU, docs/benchmarks/cpu-core.md).
#[inline]
pub(crate) fn small_zeros<T: Copy + Default>(n: usize) -> Vec<T> {
    let mut v = Vec::with_capacity(n);
    v.resize(n, T::default());
    v
}

/// Where the elements of an array view sit in its buffer.
///
/// Element `(i0, i1, ...)` is at `offset + Σ ik * strides[k]` (in elements, not bytes).
/// Strides may be negative (reversed views) or zero (broadcast views).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Layout {
    /// extent of each axis
    pub shape: Vec<usize>,
    /// step between neighbours along each axis, in elements
    pub strides: Vec<isize>,
    /// position of element `(0, 0, ...)` in elements from the start of the buffer
    pub offset: usize,
}

/// C-order (row-major) strides of a shape, in elements.
pub fn c_strides(shape: &[usize]) -> Vec<isize> {
    let mut s = small_zeros::<isize>(shape.len());
    let mut acc: isize = 1;
    for i in (0..shape.len()).rev() {
        s[i] = acc;
        acc *= shape[i].max(1) as isize;
    }
    s
}

/// Fortran-order (column-major) strides of a shape, in elements.
pub fn f_strides(shape: &[usize]) -> Vec<isize> {
    let mut s = small_zeros::<isize>(shape.len());
    let mut acc: isize = 1;
    for i in 0..shape.len() {
        s[i] = acc;
        acc *= shape[i].max(1) as isize;
    }
    s
}

/// Number of elements of a shape (1 for a 0-d shape).
pub fn shape_size(shape: &[usize]) -> usize {
    shape.iter().product()
}

/// The element count of `shape`, checked: the product of the dimensions must not overflow and
/// `elements × itemsize` must be at most `isize::MAX` bytes (NumPy's "array is too big"). Every
/// place where a user-supplied shape becomes a size goes through this (views pass `itemsize`
/// 1, or their dtype's, so that a later copy of them is representable).
///
/// # Errors
/// [`Error::TooBig`] naming `op`, the shape, the itemsize and the byte count.
///
/// # Example
/// ```
/// use cuprum_core::{Error, ext::layout::checked_size};
/// assert_eq!(checked_size("zeros", &[2, 3], 8).unwrap(), 6);
/// assert!(matches!(checked_size("zeros", &[1 << 40, 1 << 40], 8), Err(Error::TooBig { .. })));
/// ```
pub fn checked_size(op: &'static str, shape: &[usize], itemsize: usize) -> Result<usize> {
    // NumPy's rule (`PyArray_NewFromDescr`): the product of the *nonzero* dimensions times the
    // itemsize must fit; a zero dimension then makes the array empty. Keeping the nonzero
    // product bounded also keeps every C/F stride (which skip zeros) representable.
    let mut bytes = itemsize.max(1) as u128;
    let mut empty = false;
    for &d in shape {
        if d == 0 {
            empty = true;
        } else {
            bytes = bytes.saturating_mul(d as u128);
        }
    }
    if bytes > isize::MAX as u128 {
        return Err(Error::TooBig {
            op,
            shape: shape.to_vec(),
            itemsize,
            bytes: (bytes != u128::MAX).then_some(bytes),
        });
    }
    Ok(if empty {
        0
    } else {
        (bytes / itemsize.max(1) as u128) as usize
    })
}

/// NumPy's broadcasting of two shapes.
///
/// # Errors
/// [`Error::Broadcast`] naming `op` and both shapes when an axis pair is neither equal nor 1;
/// [`Error::TooBig`] when the result's element count overflows.
pub fn broadcast_shapes(op: &'static str, a: &[usize], b: &[usize]) -> Result<Vec<usize>> {
    let n = a.len().max(b.len());
    let mut out = small_zeros::<usize>(n);
    for i in 0..n {
        let da = if i + a.len() >= n {
            a[i + a.len() - n]
        } else {
            1
        };
        let db = if i + b.len() >= n {
            b[i + b.len() - n]
        } else {
            1
        };
        out[i] = if da == db {
            da
        } else if da == 1 {
            db
        } else if db == 1 {
            da
        } else {
            return Err(Error::Broadcast {
                op,
                lhs: a.to_vec(),
                rhs: b.to_vec(),
            });
        };
    }
    checked_size(op, &out, 1)?;
    Ok(out)
}

/// Normalizes a possibly negative axis against `ndim`.
///
/// # Errors
/// [`Error::AxisOutOfBounds`] when `axis` is outside `[-ndim, ndim)`.
pub fn normalize_axis(op: &'static str, axis: isize, ndim: usize) -> Result<usize> {
    let n = ndim as isize;
    if axis < -n || axis >= n {
        return Err(Error::AxisOutOfBounds { op, axis, ndim });
    }
    Ok(if axis < 0 {
        (axis + n) as usize
    } else {
        axis as usize
    })
}

/// The lowest and highest element positions, relative to the element at index (0, ..., 0), that
/// `shape` with `strides` (in elements) reaches: the sums of the negative and of the positive
/// `(n - 1) * stride` over the axes (in `i128`, so no product overflows).
pub(crate) fn stride_span(shape: &[usize], strides: &[isize]) -> (i128, i128) {
    let (mut lo, mut hi) = (0i128, 0i128);
    for (&n, &s) in shape.iter().zip(strides) {
        let ext = (n as i128 - 1) * s as i128;
        if ext < 0 {
            lo += ext;
        } else {
            hi += ext;
        }
    }
    (lo, hi)
}

impl Layout {
    /// Checks that there is one stride per dimension ([`Error::BadArgument`] naming `op`).
    pub(crate) fn check_ndim(&self, op: &'static str) -> Result<()> {
        if self.shape.len() != self.strides.len() {
            return Err(Error::bad_argument(
                op,
                "strides",
                format!("{:?}", self.strides),
                format!("one stride per dimension of shape {:?}", self.shape),
            ));
        }
        Ok(())
    }

    /// A C-contiguous layout of `shape` starting at offset 0.
    pub fn contiguous(shape: &[usize]) -> Layout {
        Layout {
            shape: shape.to_vec(),
            strides: c_strides(shape),
            offset: 0,
        }
    }

    /// Number of axes.
    pub fn ndim(&self) -> usize {
        self.shape.len()
    }

    /// Number of elements.
    pub fn size(&self) -> usize {
        shape_size(&self.shape)
    }

    /// True when the view is C-contiguous (axes of length 1 may have any stride).
    pub fn is_c_contiguous(&self) -> bool {
        if self.size() == 0 {
            return true;
        }
        let mut acc = 1isize;
        for i in (0..self.ndim()).rev() {
            if self.shape[i] != 1 {
                if self.strides[i] != acc {
                    return false;
                }
                acc *= self.shape[i] as isize;
            }
        }
        true
    }

    /// True when the view is Fortran-contiguous.
    pub fn is_f_contiguous(&self) -> bool {
        if self.size() == 0 {
            return true;
        }
        let mut acc = 1isize;
        for i in 0..self.ndim() {
            if self.shape[i] != 1 {
                if self.strides[i] != acc {
                    return false;
                }
                acc *= self.shape[i] as isize;
            }
        }
        true
    }

    /// The smallest and one-past-largest element positions the view touches
    /// (`(offset, offset)` for an empty view).
    pub fn span(&self) -> (usize, usize) {
        if self.size() == 0 {
            return (self.offset, self.offset);
        }
        let (lo, hi) = stride_span(&self.shape, &self.strides);
        let offset = self.offset as i128;
        ((offset + lo) as usize, (offset + hi) as usize + 1)
    }

    /// Buffer position (in elements) of the element at a multi-index.
    pub fn position(&self, index: &[usize]) -> usize {
        let mut p = self.offset as isize;
        for (i, s) in index.iter().zip(&self.strides) {
            p += *i as isize * s;
        }
        p as usize
    }

    /// Broadcasts this layout to `shape` (zero strides on new or stretched axes).
    ///
    /// # Errors
    /// [`Error::Broadcast`] when the shapes are incompatible; [`Error::TooBig`] when the
    /// target's element count overflows.
    pub fn broadcast_to(&self, op: &'static str, shape: &[usize]) -> Result<Layout> {
        if shape.len() < self.ndim() {
            return Err(Error::Broadcast {
                op,
                lhs: self.shape.clone(),
                rhs: shape.to_vec(),
            });
        }
        let pad = shape.len() - self.ndim();
        let mut strides = small_zeros::<isize>(shape.len());
        for i in 0..self.ndim() {
            let (n, s) = (self.shape[i], self.strides[i]);
            if n == shape[i + pad] {
                strides[i + pad] = if n == 1 { 0 } else { s };
            } else if n == 1 {
                strides[i + pad] = 0;
            } else {
                return Err(Error::Broadcast {
                    op,
                    lhs: self.shape.clone(),
                    rhs: shape.to_vec(),
                });
            }
        }
        checked_size(op, shape, 1)?;
        Ok(Layout {
            shape: shape.to_vec(),
            strides,
            offset: self.offset,
        })
    }

    /// Permutes the axes: output axis `i` is input axis `perm[i]`.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when `perm` is not a permutation of `0..ndim` (negative axes allowed).
    pub fn permute(&self, op: &'static str, perm: &[isize]) -> Result<Layout> {
        let n = self.ndim();
        if perm.len() != n {
            return Err(Error::bad_argument(
                op,
                "axes",
                format!("{perm:?}"),
                format!("a permutation of the {n} axes"),
            ));
        }
        let mut seen = vec![false; n];
        let mut shape = Vec::with_capacity(n);
        let mut strides = Vec::with_capacity(n);
        for &p in perm {
            let a = normalize_axis(op, p, n)?;
            if seen[a] {
                return Err(Error::bad_argument(
                    op,
                    "axes",
                    format!("{perm:?}"),
                    format!("a permutation of the {n} axes (axis {p} is repeated)"),
                ));
            }
            seen[a] = true;
            shape.push(self.shape[a]);
            strides.push(self.strides[a]);
        }
        Ok(Layout {
            shape,
            strides,
            offset: self.offset,
        })
    }

    /// Tries to express `new_shape` (same size) as a view of this layout without copying,
    /// reading elements in C order (NumPy's `_attempt_nocopy_reshape`). `None` when a copy is needed.
    pub fn reshape_view(&self, new_shape: &[usize]) -> Option<Layout> {
        if shape_size(new_shape) != self.size() {
            return None;
        }
        if self.size() == 0 || self.is_c_contiguous() {
            return Some(Layout {
                shape: new_shape.to_vec(),
                strides: c_strides(new_shape),
                offset: self.offset,
            });
        }
        // drop unit axes of the old layout
        let old: Vec<(usize, isize)> = self
            .shape
            .iter()
            .zip(&self.strides)
            .filter(|(n, _)| **n != 1)
            .map(|(n, s)| (*n, *s))
            .collect();
        let mut new_strides = small_zeros::<isize>(new_shape.len());
        let (mut oi, mut ni) = (0usize, 0usize);
        let (on, nn) = (old.len(), new_shape.len());
        while ni < nn && oi < on {
            // skip unit axes in new shape
            if new_shape[ni] == 1 {
                new_strides[ni] = 0;
                ni += 1;
                continue;
            }
            let (mut np, mut op) = (new_shape[ni], old[oi].0);
            let (nj0, oj0) = (ni, oi);
            let (mut nj, mut oj) = (ni + 1, oi + 1);
            while np != op {
                if np < op {
                    np *= new_shape[nj];
                    nj += 1;
                } else {
                    op *= old[oj].0;
                    oj += 1;
                }
            }
            // the old axes oj0..oj must be mergeable (C order)
            for k in oj0..oj - 1 {
                if old[k].1 != old[k + 1].1 * old[k + 1].0 as isize {
                    return None;
                }
            }
            // strides for new axes nj0..nj
            new_strides[nj - 1] = old[oj - 1].1;
            for k in (nj0..nj - 1).rev() {
                new_strides[k] = new_strides[k + 1] * new_shape[k + 1] as isize;
            }
            ni = nj;
            oi = oj;
        }
        while ni < nn {
            new_strides[ni] = 0;
            ni += 1;
        }
        Some(Layout {
            shape: new_shape.to_vec(),
            strides: new_strides,
            offset: self.offset,
        })
    }

    /// Calls `f` with the buffer position of every element, in C order of the view.
    pub fn for_each_position(&self, mut f: impl FnMut(usize)) {
        let n = self.size();
        if n == 0 {
            return;
        }
        let nd = self.ndim();
        if nd == 0 {
            f(self.offset);
            return;
        }
        let mut idx = small_zeros::<usize>(nd);
        let mut pos = self.offset as isize;
        let last = nd - 1;
        let (ln, ls) = (self.shape[last], self.strides[last]);
        loop {
            let mut p = pos;
            for _ in 0..ln {
                f(p as usize);
                p += ls;
            }
            // advance the outer axes
            let mut ax = last;
            loop {
                if ax == 0 {
                    return;
                }
                ax -= 1;
                idx[ax] += 1;
                pos += self.strides[ax];
                if idx[ax] < self.shape[ax] {
                    break;
                }
                pos -= self.strides[ax] * self.shape[ax] as isize;
                idx[ax] = 0;
            }
        }
    }

    /// Buffer positions of every element in C order of the view.
    pub fn positions(&self) -> Vec<usize> {
        let mut v = Vec::with_capacity(self.size());
        self.for_each_position(|p| v.push(p));
        v
    }

    /// Merges adjacent axes that are contiguous with each other and drops unit axes, giving an
    /// equivalent layout with fewer axes (same element order). Used to pick kernel layout classes.
    /// (One operand of `merge_axes`.)
    pub fn simplified(&self) -> Layout {
        let mut shape = self.shape.clone();
        let mut st: Vec<[isize; 1]> = self.strides.iter().map(|&s| [s]).collect();
        let nd = merge_axes(&mut shape, &mut st);
        shape.truncate(nd);
        Layout {
            shape,
            strides: st[..nd].iter().map(|s| s[0]).collect(),
            offset: self.offset,
        }
    }
}

/// The one axis-merging rule of cuprum: the joint iteration of `N` operands over `shape`
/// (outermost axis first; `strides[ax][k]` is operand `k`'s stride along axis `ax`, in
/// elements) is rewritten in place with unit axes dropped and every pair of neighbouring axes
/// `(outer, inner)` that is contiguous in *every* operand (`outer stride == inner stride ×
/// inner extent`) merged into one. Returns the number of axes left (the first ones of
/// `shape`/`strides`; 0 for a size-1 iteration). The C-order enumeration of positions is
/// unchanged, so a C-contiguous, or a reversed, or a broadcast-along-a-whole-run operation
/// becomes one long axis. Allocation-free (the CUDA launch path calls it with stack arrays).
///
/// A stride row is any `AsRef<[isize]>` of `N` strides: `[isize; N]` (allocation-free) or a
/// `Vec<isize>` when `N` is known only at run time.
///
/// Used by `Layout::simplified` (one operand), the CPU iteration plan (after it orders the
/// axes by the destination's strides), the CUDA elementwise launcher and the reductions, and
/// (through `ext::layout`) by `cuprum-kernel`'s launchers and CPU interpreter.
///
/// # Panics
/// When `shape` and `strides` have different lengths.
pub fn merge_axes<R: AsRef<[isize]> + Clone>(shape: &mut [usize], strides: &mut [R]) -> usize {
    assert_eq!(
        shape.len(),
        strides.len(),
        "merge_axes: one stride row per axis"
    );
    let mut nd = 0usize;
    for ax in 0..shape.len() {
        let n = shape[ax];
        if n == 1 {
            continue;
        }
        let st = strides[ax].clone();
        let contiguous = nd > 0
            && (strides[nd - 1].as_ref().iter())
                .zip(st.as_ref())
                .all(|(&outer, &inner)| outer == inner * n as isize);
        if contiguous {
            shape[nd - 1] *= n;
            strides[nd - 1] = st;
            continue;
        }
        shape[nd] = n;
        strides[nd] = st;
        nd += 1;
    }
    nd
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn merge_axes_joins_only_axes_contiguous_in_every_operand() {
        // a 2x3x4 C-contiguous destination, a source sliced along the last axis (x[:, :, :4]
        // of 2x3x5) and a broadcast row (strides 0, 0, 1): the two outer axes merge in all
        // three (12 == 4 * 3, 15 == 5 * 3, 0 == 0 * 3); the last axis does not (5 != 1 * 4).
        let mut shape = [2usize, 3, 4];
        let mut st = [[12isize, 15, 0], [4, 5, 0], [1, 1, 1]];
        let nd = merge_axes(&mut shape, &mut st);
        assert_eq!(nd, 2);
        assert_eq!(&shape[..2], &[6, 4]);
        assert_eq!(&st[..2], &[[4, 5, 0], [1, 1, 1]]);
        // fully contiguous (with unit axes): one axis
        let mut shape = [2usize, 1, 3, 4];
        let mut st = [[12isize], [99], [4], [1]];
        assert_eq!(merge_axes(&mut shape, &mut st), 1);
        assert_eq!((shape[0], st[0]), (24, [1]));
        // a size-1 iteration: no axes
        let mut shape = [1usize, 1];
        let mut st = [[5isize], [7]];
        assert_eq!(merge_axes(&mut shape, &mut st), 0);
        // reversed contiguous merges too (stride -4 == -1 * 4)
        let mut shape = [3usize, 4];
        let mut st = [[-4isize], [-1]];
        assert_eq!(merge_axes(&mut shape, &mut st), 1);
        assert_eq!((shape[0], st[0]), (12, [-1]));
    }

    #[test]
    fn reshape_view_of_transposed_needs_copy() {
        let l = Layout::contiguous(&[2, 3]).permute("t", &[1, 0]).unwrap();
        assert!(l.reshape_view(&[6]).is_none());
        assert!(l.reshape_view(&[3, 2]).is_some());
        let l = Layout::contiguous(&[4, 6]);
        let v = l.reshape_view(&[2, 2, 3, 2]).unwrap();
        assert_eq!(v.strides, vec![12, 6, 2, 1]);
    }

    #[test]
    fn positions_of_negative_strides() {
        let l = Layout {
            shape: vec![3],
            strides: vec![-1],
            offset: 2,
        };
        assert_eq!(l.positions(), vec![2, 1, 0]);
        assert_eq!(l.span(), (0, 3));
    }
}
