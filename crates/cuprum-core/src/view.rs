//! Views and layout changes: reshape, transpose, axis moves, broadcasting, copies and writes
//! into views.
//!
//! Every function here except [`Array::copy`], [`Array::flatten`], [`ascontiguousarray`] of a
//! non-contiguous array and [`Array::reshape`] of a layout that cannot be reshaped in place
//! returns a view: a new [`Layout`] over the same buffer, with no device work. Writes through a
//! view ([`Array::assign`], [`Array::fill`]) are visible through every array sharing the buffer.
//!
//! All of it is written once, above the backend: the only device work is
//! `backend::copy` and `backend::fill`.

use crate::backend;
use crate::layout::{broadcast_shapes, normalize_axis};
use crate::{Array, Error, IntoShape, Layout, Result, Scalar};

/// Normalizes a list of axes against `ndim`, rejecting repeats (NumPy's
/// `normalize_axis_tuple`).
fn normalize_axes(op: &'static str, axes: &[isize], ndim: usize) -> Result<Vec<usize>> {
    let mut out = Vec::with_capacity(axes.len());
    for &a in axes {
        let n = normalize_axis(op, a, ndim)?;
        if out.contains(&n) {
            return Err(Error::bad_argument(
                op,
                "axes",
                format!("{axes:?}"),
                format!("distinct axes (axis {a} is repeated)"),
            ));
        }
        out.push(n);
    }
    Ok(out)
}

/// Checks that a value fits the destination dtype the way NumPy 2 checks a Python integer
/// written into an integer array (`OverflowError`); other kinds are cast.
pub(crate) fn check_scalar_fits(
    op: &'static str,
    value: Scalar,
    dtype: crate::DType,
) -> Result<()> {
    if dtype.is_integer() && !value.fits_integer(dtype) {
        return Err(Error::Overflow {
            op,
            value: value.to_string(),
            dtype,
        });
    }
    Ok(())
}

/// Rejects writes into views where one element is reached by several indices (a zero stride
/// on an axis longer than 1, as made by [`Array::broadcast_to`]). NumPy makes such views
/// read-only; here the check also keeps backends from racing on one element.
fn check_writable(op: &'static str, dst: &Array) -> Result<()> {
    let overlapping = dst
        .layout
        .shape
        .iter()
        .zip(&dst.layout.strides)
        .any(|(&n, &s)| n > 1 && s == 0);
    if overlapping && dst.size() > 0 {
        return Err(Error::bad_argument(
            op,
            "dst",
            format!(
                "a broadcast view of shape {:?} and strides {:?}",
                dst.shape(),
                dst.strides()
            ),
            "a writable array (a broadcast view in which one element appears at several indices is read-only; copy it first)",
        ));
    }
    Ok(())
}

impl Array {
    /// The same elements with a new shape, NumPy's `a.reshape(shape)` (C order).
    ///
    /// **Shapes:** one entry of `shape` may be `-1`, inferred from the size; the product of
    /// the result's shape equals `self.size()`. Elements are read and written in C order of
    /// the view, so the result never depends on memory order.
    ///
    /// Returns a view when the layout allows it (NumPy's `_attempt_nocopy_reshape`, via
    /// [`Layout::reshape_view`]); otherwise a C-contiguous copy, as NumPy does.
    ///
    /// # Errors
    /// - [`Error::ShapeMismatch`] naming `self.shape()` and the requested shape (with a `-1`
    ///   entry left out) when the sizes differ or `-1` cannot be inferred;
    /// - [`Error::BadArgument`] for more than one `-1` or another negative entry.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let a = Array::from_vec_on((0..6i32).collect(), &[6], Device::Cpu).unwrap();
    /// let b = a.reshape(&[2, -1]).unwrap();
    /// assert_eq!(b.shape(), &[2, 3]);
    /// assert!(b.shares_storage(&a));
    /// assert!(a.reshape(&[4, -1]).is_err());
    /// ```
    pub fn reshape(&self, shape: impl IntoShape) -> Result<Array> {
        const OP: &str = "reshape";
        let shape = &shape.to_signed_shape(OP)?[..];
        let mut infer = None;
        let mut known = 1usize;
        let mut dims = Vec::with_capacity(shape.len());
        for (i, &d) in shape.iter().enumerate() {
            if d == -1 {
                if infer.is_some() {
                    return Err(Error::bad_argument(
                        OP,
                        "shape",
                        format!("{shape:?}"),
                        "at most one unknown dimension (-1)",
                    ));
                }
                infer = Some(i);
                dims.push(1);
            } else if d < 0 {
                return Err(Error::bad_argument(
                    OP,
                    "shape",
                    format!("{shape:?}"),
                    "dimensions >= 0, or -1 for one unknown dimension",
                ));
            } else {
                known = known.saturating_mul(d as usize);
                dims.push(d as usize);
            }
        }
        crate::layout::checked_size(OP, &dims, self.dtype.itemsize())?;
        let size = self.size();
        let mismatch = || Error::ShapeMismatch {
            op: OP,
            lhs: self.shape().to_vec(),
            rhs: shape
                .iter()
                .filter(|&&d| d >= 0)
                .map(|&d| d as usize)
                .collect(),
            detail: Some(format!(
                "cannot reshape an array of size {size} into shape {shape:?}"
            )),
        };
        if let Some(i) = infer {
            if known == 0 || !size.is_multiple_of(known) {
                return Err(mismatch());
            }
            dims[i] = size / known;
        } else if known != size {
            return Err(mismatch());
        }
        if let Some(layout) = self.layout.reshape_view(&dims) {
            return Ok(self.with_layout(layout));
        }
        let c = self.copy()?;
        Ok(c.with_layout(Layout::contiguous(&dims)))
    }

    /// The elements as a 1-d array in C order, NumPy's `a.ravel()`: a view when the layout
    /// allows it (as [`Array::reshape`] with `[-1]`), else a copy.
    ///
    /// # Errors
    /// Allocation errors from the copy.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let a = Array::from_vec_on(vec![1u8, 2, 3, 4], &[2, 2], Device::Cpu).unwrap();
    /// let t = a.transpose().unwrap().ravel().unwrap();
    /// assert_eq!(t.to_vec::<u8>().unwrap(), vec![1, 3, 2, 4]);
    /// ```
    pub fn ravel(&self) -> Result<Array> {
        self.reshape(&[-1])
    }

    /// A 1-d C-order copy of the elements, NumPy's `a.flatten()` (always a new buffer).
    ///
    /// # Errors
    /// Allocation errors.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let a = Array::from_vec_on(vec![1i16, 2, 3, 4], &[2, 2], Device::Cpu).unwrap();
    /// let f = a.flatten().unwrap();
    /// assert!(!f.shares_storage(&a));
    /// assert_eq!(f.shape(), &[4]);
    /// ```
    pub fn flatten(&self) -> Result<Array> {
        let c = self.copy()?;
        let n = c.size();
        Ok(c.with_layout(Layout::contiguous(&[n])))
    }

    /// The axes reversed, NumPy's `a.T` / `a.transpose()`: a view.
    ///
    /// **Shapes:** `(d0, ..., dn-1) -> (dn-1, ..., d0)`.
    ///
    /// # Errors
    /// None in practice; returns `Result` like every named operation.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let a = Array::from_vec_on((0..6i64).collect(), &[2, 3], Device::Cpu).unwrap();
    /// let t = a.transpose().unwrap();
    /// assert_eq!(t.shape(), &[3, 2]);
    /// assert_eq!(t.to_vec::<i64>().unwrap(), vec![0, 3, 1, 4, 2, 5]);
    /// ```
    pub fn transpose(&self) -> Result<Array> {
        let mut layout = self.layout.clone();
        layout.shape.reverse();
        layout.strides.reverse();
        Ok(self.with_layout(layout))
    }

    /// The axes permuted, NumPy's `np.transpose(a, axes)` / `np.permute_dims`: output axis `i`
    /// is input axis `axes[i]` (negative axes count from the end). A view.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when `axes` is not a permutation of the axes (wrong length or a
    /// repeated axis); [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, DType, Device, zeros_on};
    /// let a = zeros_on(&[2, 3, 4], DType::Float32, Device::Cpu).unwrap();
    /// assert_eq!(a.permute_dims(&[2, 0, -2]).unwrap().shape(), &[4, 2, 3]);
    /// ```
    pub fn permute_dims(&self, axes: &[isize]) -> Result<Array> {
        Ok(self.with_layout(self.layout.permute("permute_dims", axes)?))
    }

    /// Axes `axis1` and `axis2` exchanged, NumPy's `np.swapaxes`: a view.
    ///
    /// # Errors
    /// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, DType, Device, zeros_on};
    /// let a = zeros_on(&[2, 3, 4], DType::Float32, Device::Cpu).unwrap();
    /// assert_eq!(a.swapaxes(0, -1).unwrap().shape(), &[4, 3, 2]);
    /// ```
    pub fn swapaxes(&self, axis1: isize, axis2: isize) -> Result<Array> {
        let n = self.ndim();
        let a = normalize_axis("swapaxes", axis1, n)?;
        let b = normalize_axis("swapaxes", axis2, n)?;
        let mut layout = self.layout.clone();
        layout.shape.swap(a, b);
        layout.strides.swap(a, b);
        Ok(self.with_layout(layout))
    }

    /// Axes moved to new positions, NumPy's `np.moveaxis(a, source, destination)`; the other
    /// axes keep their order. A view.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when `source` and `destination` differ in length or repeat an
    /// axis; [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, DType, Device, zeros_on};
    /// let a = zeros_on(&[3, 4, 5], DType::Float64, Device::Cpu).unwrap();
    /// assert_eq!(a.moveaxis(&[0], &[-1]).unwrap().shape(), &[4, 5, 3]);
    /// assert_eq!(a.moveaxis(&[0, 1], &[-1, -2]).unwrap().shape(), &[5, 4, 3]);
    /// ```
    pub fn moveaxis(&self, source: &[isize], destination: &[isize]) -> Result<Array> {
        const OP: &str = "moveaxis";
        let n = self.ndim();
        if source.len() != destination.len() {
            return Err(Error::bad_argument(
                OP,
                "destination",
                format!("{destination:?}"),
                format!("as many axes as source {source:?}"),
            ));
        }
        let src = normalize_axes(OP, source, n)?;
        let dst = normalize_axes(OP, destination, n)?;
        let mut order: Vec<usize> = (0..n).filter(|a| !src.contains(a)).collect();
        let mut pairs: Vec<(usize, usize)> = dst.into_iter().zip(src).collect();
        pairs.sort_unstable();
        for (d, s) in pairs {
            order.insert(d, s);
        }
        let perm: Vec<isize> = order.into_iter().map(|a| a as isize).collect();
        self.permute_dims(&perm)
    }

    /// A length-1 axis inserted at position `axis` of the result, NumPy's
    /// `np.expand_dims(a, axis)`: a view. `axis` is in `[-(ndim+1), ndim]`.
    ///
    /// # Errors
    /// [`Error::AxisOutOfBounds`] for an axis outside `[-(ndim+1), ndim]`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, DType, Device, zeros_on};
    /// let a = zeros_on(&[2, 3], DType::Int8, Device::Cpu).unwrap();
    /// assert_eq!(a.expand_dims(-1).unwrap().shape(), &[2, 3, 1]);
    /// ```
    pub fn expand_dims(&self, axis: isize) -> Result<Array> {
        self.expand_dims_axes(&[axis])
    }

    /// Several length-1 axes inserted, NumPy's `np.expand_dims(a, (ax0, ax1, ...))`: each axis
    /// is a position in the result (of dimension `ndim + axes.len()`). A view.
    ///
    /// # Errors
    /// [`Error::AxisOutOfBounds`] for an axis outside the result's dimensions;
    /// [`Error::BadArgument`] for a repeated axis.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, DType, Device, zeros_on};
    /// let a = zeros_on(&[2, 3], DType::Int8, Device::Cpu).unwrap();
    /// assert_eq!(a.expand_dims_axes(&[0, 3]).unwrap().shape(), &[1, 2, 3, 1]);
    /// ```
    pub fn expand_dims_axes(&self, axes: &[isize]) -> Result<Array> {
        let out_nd = self.ndim() + axes.len();
        let new = normalize_axes("expand_dims", axes, out_nd)?;
        let mut shape = Vec::with_capacity(out_nd);
        let mut strides = Vec::with_capacity(out_nd);
        let mut it = self.layout.shape.iter().zip(&self.layout.strides);
        for i in 0..out_nd {
            if new.contains(&i) {
                shape.push(1);
                strides.push(0);
            } else if let Some((&n, &s)) = it.next() {
                shape.push(n);
                strides.push(s);
            }
        }
        Ok(self.with_layout(Layout {
            shape,
            strides,
            offset: self.layout.offset,
        }))
    }

    /// Length-1 axes removed, NumPy's `np.squeeze(a, axis)`: all of them when `axes` is
    /// `None`, else exactly the listed ones. A view.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when a listed axis does not have length 1 (or is repeated);
    /// [`Error::AxisOutOfBounds`] for an axis outside `[-ndim, ndim)`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, DType, Device, zeros_on};
    /// let a = zeros_on(&[1, 3, 1], DType::Bool, Device::Cpu).unwrap();
    /// assert_eq!(a.squeeze(None).unwrap().shape(), &[3]);
    /// assert_eq!(a.squeeze(Some(&[-1])).unwrap().shape(), &[1, 3]);
    /// assert!(a.squeeze(Some(&[1])).is_err());
    /// ```
    pub fn squeeze(&self, axes: Option<&[isize]>) -> Result<Array> {
        const OP: &str = "squeeze";
        let drop: Vec<usize> = match axes {
            None => (0..self.ndim())
                .filter(|&i| self.layout.shape[i] == 1)
                .collect(),
            Some(axes) => {
                let v = normalize_axes(OP, axes, self.ndim())?;
                if let Some(&bad) = v.iter().find(|&&a| self.layout.shape[a] != 1) {
                    return Err(Error::bad_argument(
                        OP,
                        "axis",
                        bad,
                        format!("an axis of length one (shape {:?})", self.shape()),
                    ));
                }
                v
            }
        };
        let (shape, strides) = self
            .layout
            .shape
            .iter()
            .zip(&self.layout.strides)
            .enumerate()
            .filter(|(i, _)| !drop.contains(i))
            .map(|(_, (&n, &s))| (n, s))
            .unzip();
        Ok(self.with_layout(Layout {
            shape,
            strides,
            offset: self.layout.offset,
        }))
    }

    /// A view of this array broadcast to `shape`, NumPy's `np.broadcast_to`: stretched and
    /// new leading axes get stride 0, so the view is read-only ([`Array::assign`] and
    /// [`Array::fill`] reject it, as NumPy does).
    ///
    /// # Errors
    /// [`Error::Broadcast`] naming both shapes when they are incompatible.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let a = Array::from_vec_on(vec![1i32, 2, 3], &[3], Device::Cpu).unwrap();
    /// let b = a.broadcast_to(&[2, 3]).unwrap();
    /// assert_eq!(b.to_vec::<i32>().unwrap(), vec![1, 2, 3, 1, 2, 3]);
    /// assert!(a.broadcast_to(&[3, 2]).is_err());
    /// ```
    pub fn broadcast_to(&self, shape: impl IntoShape) -> Result<Array> {
        let shape = shape.to_shape("broadcast_to")?;
        crate::layout::checked_size("broadcast_to", &shape, self.dtype.itemsize())?;
        Ok(self.with_layout(self.layout.broadcast_to("broadcast_to", &shape)?))
    }

    /// A new C-contiguous array with the same elements, dtype and device, NumPy's `a.copy()`.
    ///
    /// # Errors
    /// Allocation errors; backend errors from the copy.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let a = Array::from_vec_on(vec![1.0f64, 2.0], &[2], Device::Cpu).unwrap();
    /// let b = a.copy().unwrap();
    /// assert!(!b.shares_storage(&a));
    /// assert_eq!(b.to_vec::<f64>().unwrap(), vec![1.0, 2.0]);
    /// ```
    pub fn copy(&self) -> Result<Array> {
        let out = Array::empty_for_overwrite(self.shape(), self.dtype, self.device())?;
        if out.size() > 0 {
            backend::copy(self.view(), out.view())?;
        }
        Ok(out)
    }

    /// Writes `src` into this view, NumPy's `a[...] = src`: `src` is broadcast to
    /// `self.shape()` (leading length-1 axes of `src` beyond `self.ndim()` are dropped, as
    /// NumPy does) and cast to `self.dtype()` with `astype` semantics. The write is visible
    /// through every array sharing this buffer. When `src` views the same buffer it is copied
    /// first, so overlapping views are safe.
    ///
    /// # Errors
    /// - [`Error::DeviceMismatch`] when `src` is on another device (use
    ///   [`Array::to_device`] first);
    /// - [`Error::Broadcast`] when `src` cannot be broadcast to `self.shape()`;
    /// - [`Error::BadArgument`] when `self` is a broadcast (read-only) view.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device, s};
    /// let a = Array::from_vec_on(vec![0i32; 6], &[2, 3], Device::Cpu).unwrap();
    /// let row = Array::from_vec_on(vec![7.9f64, 8.0], &[2], Device::Cpu).unwrap();
    /// a.slice(s![.., 1..]).unwrap().assign(&row).unwrap();
    /// assert_eq!(a.to_vec::<i32>().unwrap(), vec![0, 7, 8, 0, 7, 8]);
    /// ```
    pub fn assign(&self, src: &Array) -> Result<()> {
        const OP: &str = "assign";
        if src.device() != self.device() {
            return Err(Error::DeviceMismatch {
                op: OP,
                lhs: self.device(),
                rhs: src.device(),
            });
        }
        let mut s = src.clone();
        while s.ndim() > self.ndim() && s.layout.shape[0] == 1 {
            s.layout.shape.remove(0);
            s.layout.strides.remove(0);
        }
        let layout = s
            .layout
            .broadcast_to(OP, self.shape())
            .map_err(|_| Error::Broadcast {
                op: OP,
                lhs: src.shape().to_vec(),
                rhs: self.shape().to_vec(),
            })?;
        check_writable(OP, self)?;
        if self.size() == 0 {
            return Ok(());
        }
        let s = if s.shares_storage(self) {
            // The backend never writes a buffer it reads from: read from a private copy.
            s.with_layout(layout).copy()?
        } else {
            s.with_layout(layout)
        };
        backend::copy(s.view(), self.view())
    }

    /// Sets every element of this view to `value`, NumPy's `a.fill(value)` (cast to
    /// `self.dtype()`; visible through every array sharing the buffer).
    ///
    /// # Errors
    /// - [`Error::Overflow`] when an integer `value` does not fit an integer dtype (NumPy 2
    ///   raises `OverflowError`);
    /// - [`Error::BadArgument`] when `self` is a broadcast (read-only) view.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{DType, Device, zeros_on};
    /// let a = zeros_on(&[3], DType::Float32, Device::Cpu).unwrap();
    /// a.fill(2.5).unwrap();
    /// assert_eq!(a.to_vec::<f32>().unwrap(), vec![2.5; 3]);
    /// ```
    pub fn fill(&self, value: impl Into<Scalar>) -> Result<()> {
        let value = value.into();
        check_scalar_fits("fill", value, self.dtype)?;
        check_writable("fill", self)?;
        if self.size() == 0 {
            return Ok(());
        }
        backend::fill(self.view(), value)
    }
}

/// The arrays broadcast against each other, NumPy's `np.broadcast_arrays(*arrays)`: views with
/// the common shape (stride 0 on stretched axes; read-only like [`Array::broadcast_to`]).
///
/// # Errors
/// [`Error::Broadcast`] naming the first pair of incompatible shapes.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, broadcast_arrays};
/// let a = Array::from_vec_on(vec![1i64, 2, 3], &[3], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![10i64, 20], &[2, 1], Device::Cpu).unwrap();
/// let v = broadcast_arrays(&[&a, &b]).unwrap();
/// assert_eq!(v[0].shape(), &[2, 3]);
/// assert_eq!(v[1].to_vec::<i64>().unwrap(), vec![10, 10, 10, 20, 20, 20]);
/// ```
pub fn broadcast_arrays(arrays: &[&Array]) -> Result<Vec<Array>> {
    let mut shape: Vec<usize> = Vec::new();
    for a in arrays {
        shape = broadcast_shapes("broadcast_arrays", &shape, a.shape())?;
    }
    arrays
        .iter()
        .map(|a| Ok(a.with_layout(a.layout.broadcast_to("broadcast_arrays", &shape)?)))
        .collect()
}

/// `a` itself when C-contiguous, else a C-contiguous copy, NumPy's `np.ascontiguousarray(a)`.
///
/// **Shapes:** as NumPy, the result has at least one dimension: a 0-d array becomes shape
/// `(1,)` (a view of the same element).
///
/// # Errors
/// Allocation errors from the copy.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, ascontiguousarray};
/// let a = Array::from_vec_on((0..6u16).collect(), &[2, 3], Device::Cpu).unwrap();
/// let t = ascontiguousarray(&a.transpose().unwrap()).unwrap();
/// assert!(t.is_c_contiguous());
/// assert_eq!(t.to_vec::<u16>().unwrap(), vec![0, 3, 1, 4, 2, 5]);
/// assert!(ascontiguousarray(&a).unwrap().shares_storage(&a));
/// ```
pub fn ascontiguousarray(a: &Array) -> Result<Array> {
    let c = if a.is_c_contiguous() {
        a.clone()
    } else {
        a.copy()?
    };
    if c.ndim() == 0 {
        return Ok(c.with_layout(Layout {
            shape: vec![1],
            strides: vec![1],
            offset: c.layout.offset,
        }));
    }
    Ok(c)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::index::SliceItem;
    use crate::layout::{c_strides, shape_size};
    use crate::{DType, Device, s};
    use proptest::prelude::*;

    const CPU: Device = Device::Cpu;

    fn arange_i64(shape: &[usize]) -> Array {
        let n = shape_size(shape) as i64;
        Array::from_vec_on((0..n).collect::<Vec<i64>>(), shape, CPU).unwrap()
    }

    /// Every multi-index of `shape` in C order.
    fn multi_indices(shape: &[usize]) -> Vec<Vec<usize>> {
        let mut out = vec![vec![]];
        for &n in shape {
            out = out
                .into_iter()
                .flat_map(|p| {
                    (0..n).map(move |i| {
                        let mut q = p.clone();
                        q.push(i);
                        q
                    })
                })
                .collect();
        }
        out
    }

    /// The value of `arange(shape)` at a multi-index (its C-order flat index).
    fn flat(shape: &[usize], idx: &[usize]) -> i64 {
        let st = c_strides(shape);
        idx.iter()
            .zip(&st)
            .map(|(&i, &s)| i as i64 * s as i64)
            .sum()
    }

    #[test]
    fn reshape_views_and_copies() {
        let a = arange_i64(&[2, 3, 4]);
        let r = a.reshape(&[4, -1]).unwrap();
        assert_eq!(r.shape(), &[4, 6]);
        assert!(r.shares_storage(&a));
        assert_eq!(r.to_vec::<i64>().unwrap(), (0..24).collect::<Vec<i64>>());
        // a transposed view cannot be flattened in place: C-order copy
        let t = a.transpose().unwrap();
        let f = t.reshape(&[-1]).unwrap();
        assert!(!f.shares_storage(&a));
        let expect: Vec<i64> = multi_indices(&[4, 3, 2])
            .iter()
            .map(|ix| flat(&[2, 3, 4], &[ix[2], ix[1], ix[0]]))
            .collect();
        assert_eq!(f.to_vec::<i64>().unwrap(), expect);
        // ...but splitting one of its axes is a view
        let v = t.reshape(&[2, 2, 3, 2]).unwrap();
        assert!(v.shares_storage(&a));
        // 0-d and size-0 reshapes
        let z = Array::scalar_on(5i64, CPU).unwrap();
        assert_eq!(z.reshape(&[1, 1]).unwrap().shape(), &[1, 1]);
        assert_eq!(z.reshape(&[-1]).unwrap().to_vec::<i64>().unwrap(), vec![5]);
        assert_eq!(a.reshape(&[1, 1, 24, 1]).unwrap().shape(), &[1, 1, 24, 1]);
        let e = crate::zeros_on(&[0, 3], DType::Float32, CPU).unwrap();
        assert_eq!(e.reshape(&[-1, 3]).unwrap().shape(), &[0, 3]);
        assert_eq!(e.reshape(&[3, 0, 5]).unwrap().shape(), &[3, 0, 5]);
    }

    #[test]
    fn reshape_errors() {
        let a = arange_i64(&[6]);
        let e = a.reshape(&[4, -1]).unwrap_err();
        assert!(
            matches!(&e, Error::ShapeMismatch { op: "reshape", lhs, rhs, .. } if lhs == &[6] && rhs == &[4]),
            "{e}"
        );
        assert_eq!(
            e.to_string(),
            "reshape: shape mismatch between [6] and [4]: cannot reshape an array of size 6 into shape [4, -1]"
        );
        assert!(matches!(a.reshape(&[4]), Err(Error::ShapeMismatch { .. })));
        assert!(matches!(
            a.reshape(&[0, -1]),
            Err(Error::ShapeMismatch { .. })
        ));
        assert!(matches!(
            a.reshape(&[-1, -1]),
            Err(Error::BadArgument { arg: "shape", .. })
        ));
        assert!(matches!(
            a.reshape(&[-2, -3]),
            Err(Error::BadArgument { arg: "shape", .. })
        ));
        let e = crate::zeros_on(&[0, 3], DType::Float32, CPU).unwrap();
        assert!(matches!(
            e.reshape(&[0, -1]),
            Err(Error::ShapeMismatch { .. })
        ));
    }

    #[test]
    fn ravel_flatten() {
        let a = arange_i64(&[2, 3]);
        let r = a.ravel().unwrap();
        assert!(r.shares_storage(&a));
        assert_eq!(r.shape(), &[6]);
        let t = a.transpose().unwrap();
        let r = t.ravel().unwrap();
        assert!(!r.shares_storage(&a));
        assert_eq!(r.to_vec::<i64>().unwrap(), vec![0, 3, 1, 4, 2, 5]);
        let f = a.flatten().unwrap();
        assert!(!f.shares_storage(&a));
        assert_eq!(f.to_vec::<i64>().unwrap(), (0..6).collect::<Vec<i64>>());
        let z = Array::scalar_on(1.5f32, CPU).unwrap();
        assert_eq!(z.flatten().unwrap().shape(), &[1]);
        assert_eq!(z.ravel().unwrap().shape(), &[1]);
    }

    #[test]
    fn transpose_permute_swap_move() {
        let a = arange_i64(&[2, 3, 4]);
        let t = a.transpose().unwrap();
        assert_eq!(t.shape(), &[4, 3, 2]);
        assert_eq!(t.get(&[3, 2, 1]).unwrap(), Scalar::Int(23));
        assert_eq!(t.get(&[1, 0, 1]).unwrap(), Scalar::Int(13));
        let p = a.permute_dims(&[1, -1, 0]).unwrap();
        assert_eq!(p.shape(), &[3, 4, 2]);
        assert_eq!(p.get(&[2, 1, 1]).unwrap(), Scalar::Int(12 + 8 + 1));
        assert!(matches!(
            a.permute_dims(&[0, 1]),
            Err(Error::BadArgument { arg: "axes", .. })
        ));
        assert!(matches!(
            a.permute_dims(&[0, 1, 1]),
            Err(Error::BadArgument { arg: "axes", .. })
        ));
        assert!(matches!(
            a.permute_dims(&[0, 1, 3]),
            Err(Error::AxisOutOfBounds {
                axis: 3,
                ndim: 3,
                ..
            })
        ));
        let s = a.swapaxes(0, -1).unwrap();
        assert_eq!(s.shape(), &[4, 3, 2]);
        assert_eq!(s.to_vec::<i64>().unwrap(), t.to_vec::<i64>().unwrap());
        assert!(matches!(
            a.swapaxes(0, 3),
            Err(Error::AxisOutOfBounds { .. })
        ));
        let m = a.moveaxis(&[0], &[-1]).unwrap();
        assert_eq!(m.shape(), &[3, 4, 2]);
        assert_eq!(m.get(&[1, 2, 1]).unwrap(), Scalar::Int(12 + 4 + 2));
        let m = a.moveaxis(&[-1, 0], &[0, 1]).unwrap();
        assert_eq!(m.shape(), &[4, 2, 3]);
        assert_eq!(
            m.to_vec::<i64>().unwrap(),
            a.permute_dims(&[2, 0, 1]).unwrap().to_vec::<i64>().unwrap()
        );
        assert!(matches!(
            a.moveaxis(&[0], &[1, 2]),
            Err(Error::BadArgument {
                arg: "destination",
                ..
            })
        ));
        assert!(matches!(
            a.moveaxis(&[0, 0], &[1, 2]),
            Err(Error::BadArgument { arg: "axes", .. })
        ));
        assert!(matches!(
            a.moveaxis(&[5], &[0]),
            Err(Error::AxisOutOfBounds { .. })
        ));
        // 0-d transpose is itself
        let z = Array::scalar_on(3u8, CPU).unwrap();
        assert_eq!(z.transpose().unwrap().shape(), &[] as &[usize]);
    }

    #[test]
    fn expand_dims_and_squeeze() {
        let a = arange_i64(&[2, 3]);
        assert_eq!(a.expand_dims(0).unwrap().shape(), &[1, 2, 3]);
        assert_eq!(a.expand_dims(2).unwrap().shape(), &[2, 3, 1]);
        assert_eq!(a.expand_dims(-1).unwrap().shape(), &[2, 3, 1]);
        assert_eq!(a.expand_dims(-3).unwrap().shape(), &[1, 2, 3]);
        assert!(matches!(
            a.expand_dims(3),
            Err(Error::AxisOutOfBounds { .. })
        ));
        assert!(matches!(
            a.expand_dims(-4),
            Err(Error::AxisOutOfBounds { .. })
        ));
        let e = a.expand_dims_axes(&[0, 3]).unwrap();
        assert_eq!(e.shape(), &[1, 2, 3, 1]);
        assert_eq!(e.to_vec::<i64>().unwrap(), (0..6).collect::<Vec<i64>>());
        assert_eq!(a.expand_dims_axes(&[-1, 1]).unwrap().shape(), &[2, 1, 3, 1]);
        assert!(matches!(
            a.expand_dims_axes(&[0, 0]),
            Err(Error::BadArgument { arg: "axes", .. })
        ));
        let b = arange_i64(&[1, 2, 1, 3, 1]);
        let s = b.squeeze(None).unwrap();
        assert_eq!(s.shape(), &[2, 3]);
        assert!(s.shares_storage(&b));
        assert_eq!(s.to_vec::<i64>().unwrap(), (0..6).collect::<Vec<i64>>());
        assert_eq!(b.squeeze(Some(&[0, -1])).unwrap().shape(), &[2, 1, 3]);
        let e = b.squeeze(Some(&[1])).unwrap_err();
        assert!(matches!(e, Error::BadArgument { arg: "axis", .. }), "{e}");
        assert!(matches!(
            b.squeeze(Some(&[5])),
            Err(Error::AxisOutOfBounds { .. })
        ));
        let z = Array::scalar_on(1i8, CPU).unwrap();
        assert_eq!(z.squeeze(None).unwrap().shape(), &[] as &[usize]);
        assert_eq!(z.expand_dims(0).unwrap().shape(), &[1]);
    }

    #[test]
    fn broadcasting() {
        let a = Array::from_vec_on(vec![1i32, 2, 3], &[3], CPU).unwrap();
        let b = a.broadcast_to(&[4, 3]).unwrap();
        assert_eq!(b.strides(), &[0, 1]);
        assert_eq!(b.to_vec::<i32>().unwrap(), [1, 2, 3].repeat(4));
        let e = a.broadcast_to(&[3, 2]).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Broadcast {
                    op: "broadcast_to",
                    ..
                }
            ),
            "{e}"
        );
        assert!(matches!(a.broadcast_to(()), Err(Error::Broadcast { .. })));
        let col = Array::from_vec_on(vec![10i32, 20], &[2, 1], CPU).unwrap();
        let z = Array::scalar_on(7i32, CPU).unwrap();
        let v = broadcast_arrays(&[&a, &col, &z]).unwrap();
        assert_eq!(v.len(), 3);
        for x in &v {
            assert_eq!(x.shape(), &[2, 3]);
        }
        assert_eq!(v[0].to_vec::<i32>().unwrap(), vec![1, 2, 3, 1, 2, 3]);
        assert_eq!(v[1].to_vec::<i32>().unwrap(), vec![10, 10, 10, 20, 20, 20]);
        assert_eq!(v[2].to_vec::<i32>().unwrap(), vec![7; 6]);
        let bad = Array::from_vec_on(vec![1i32, 2], &[2], CPU).unwrap();
        assert!(matches!(
            broadcast_arrays(&[&a, &bad]),
            Err(Error::Broadcast { .. })
        ));
        assert!(broadcast_arrays(&[]).unwrap().is_empty());
    }

    #[test]
    fn copies_and_contiguity() {
        let a = arange_i64(&[3, 4]);
        let v = a.slice(s![..;-1, 1..;2]).unwrap();
        let c = v.copy().unwrap();
        assert!(c.is_c_contiguous());
        assert!(!c.shares_storage(&a));
        assert_eq!(c.to_vec::<i64>().unwrap(), vec![9, 11, 5, 7, 1, 3]);
        let c = ascontiguousarray(&v).unwrap();
        assert!(c.is_c_contiguous() && !c.shares_storage(&a));
        assert_eq!(c.to_vec::<i64>().unwrap(), vec![9, 11, 5, 7, 1, 3]);
        let same = ascontiguousarray(&a).unwrap();
        assert!(same.shares_storage(&a));
        let z = ascontiguousarray(&Array::scalar_on(2.0f64, CPU).unwrap()).unwrap();
        assert_eq!(z.shape(), &[1]);
        assert_eq!(z.to_vec::<f64>().unwrap(), vec![2.0]);
        // a copy of a 0-size view
        let e = a.slice(s![2..2]).unwrap().copy().unwrap();
        assert_eq!(e.shape(), &[0, 4]);
    }

    #[test]
    fn writes_through_a_view_reach_the_base() {
        let a = arange_i64(&[3, 4]);
        let v = a.slice(s![1.., ..;-2]).unwrap(); // a[1:, ::-2]
        let src = Array::from_vec_on(vec![-1i64, -2, -3, -4], &[2, 2], CPU).unwrap();
        v.assign(&src).unwrap();
        assert_eq!(
            a.to_vec::<i64>().unwrap(),
            vec![0, 1, 2, 3, 4, -2, 6, -1, 8, -4, 10, -3]
        );
        // fill through a transposed column view
        a.transpose()
            .unwrap()
            .index_axis(0, 0)
            .unwrap()
            .fill(100)
            .unwrap();
        assert_eq!(
            a.to_vec::<i64>().unwrap(),
            vec![100, 1, 2, 3, 100, -2, 6, -1, 100, -4, 10, -3]
        );
        // through a reshaped view
        a.reshape(&[12])
            .unwrap()
            .slice(s![..2])
            .unwrap()
            .fill(7)
            .unwrap();
        assert_eq!(a.get(&[0, 1]).unwrap(), Scalar::Int(7));
    }

    #[test]
    fn assign_broadcasts_and_casts() {
        let a = crate::zeros_on(&[2, 3], DType::Float32, CPU).unwrap();
        let row = Array::from_vec_on(vec![1i64, 2, 3], &[3], CPU).unwrap();
        a.assign(&row).unwrap();
        assert_eq!(
            a.to_vec::<f32>().unwrap(),
            vec![1.0, 2.0, 3.0, 1.0, 2.0, 3.0]
        );
        // leading unit axes of the source are dropped, as NumPy does
        let src = Array::from_vec_on(vec![4.5f64, 5.5, 6.5], &[1, 1, 3], CPU).unwrap();
        a.index_axis(0, 1).unwrap().assign(&src).unwrap();
        assert_eq!(
            a.to_vec::<f32>().unwrap(),
            vec![1.0, 2.0, 3.0, 4.5, 5.5, 6.5]
        );
        // a 0-d source fills
        a.assign(&Array::scalar_on(true, CPU).unwrap()).unwrap();
        assert_eq!(a.to_vec::<f32>().unwrap(), vec![1.0; 6]);
        let bad = Array::from_vec_on(vec![1i64, 2], &[2], CPU).unwrap();
        let e = a.assign(&bad).unwrap_err();
        assert!(
            matches!(&e, Error::Broadcast { op: "assign", lhs, rhs } if lhs == &[2] && rhs == &[2, 3]),
            "{e}"
        );
        let big = crate::zeros_on(&[2, 2, 3], DType::Float32, CPU).unwrap();
        assert!(matches!(a.assign(&big), Err(Error::Broadcast { .. })));
        // empty destination: nothing to do
        a.slice(s![0..0]).unwrap().assign(&row).unwrap();
    }

    #[test]
    fn assign_from_an_overlapping_view() {
        // a[1:] = a[:-1] must read the old values (NumPy semantics)
        let a = arange_i64(&[6]);
        a.slice(s![1..])
            .unwrap()
            .assign(&a.slice(s![..-1]).unwrap())
            .unwrap();
        assert_eq!(a.to_vec::<i64>().unwrap(), vec![0, 0, 1, 2, 3, 4]);
        // reversing in place
        let b = arange_i64(&[5]);
        b.assign(&b.slice(s![..;-1]).unwrap()).unwrap();
        assert_eq!(b.to_vec::<i64>().unwrap(), vec![4, 3, 2, 1, 0]);
        // transposing a square matrix in place
        let m = arange_i64(&[3, 3]);
        m.assign(&m.transpose().unwrap()).unwrap();
        assert_eq!(m.to_vec::<i64>().unwrap(), vec![0, 3, 6, 1, 4, 7, 2, 5, 8]);
    }

    #[test]
    fn read_only_and_overflow_errors() {
        let a = Array::from_vec_on(vec![1i8, 2, 3], &[3], CPU).unwrap();
        let b = a.broadcast_to(&[2, 3]).unwrap();
        assert!(matches!(
            b.fill(0),
            Err(Error::BadArgument {
                op: "fill",
                arg: "dst",
                ..
            })
        ));
        assert!(matches!(
            b.assign(&a),
            Err(Error::BadArgument {
                op: "assign",
                arg: "dst",
                ..
            })
        ));
        // length-1 zero-stride axes are fine
        a.expand_dims(0).unwrap().fill(4).unwrap();
        assert_eq!(a.to_vec::<i8>().unwrap(), vec![4; 3]);
        let e = a.fill(300).unwrap_err();
        assert!(
            matches!(
                e,
                Error::Overflow {
                    op: "fill",
                    dtype: DType::Int8,
                    ..
                }
            ),
            "{e}"
        );
        a.fill(2.7).unwrap();
        assert_eq!(a.to_vec::<i8>().unwrap(), vec![2; 3]);
        a.fill(-1).unwrap();
        assert_eq!(a.to_vec::<i8>().unwrap(), vec![-1; 3]);
    }

    #[test]
    fn assign_across_devices_is_an_error() {
        // Only testable with a GPU present; the CPU-only case checks the happy path instead.
        let a = crate::zeros_on(&[2], DType::Float64, CPU).unwrap();
        for i in 0..crate::cuda_device_count() {
            let g = crate::zeros_on(&[2], DType::Float64, Device::Cuda(i)).unwrap();
            assert!(matches!(a.assign(&g), Err(Error::DeviceMismatch { .. })));
            assert!(matches!(g.assign(&a), Err(Error::DeviceMismatch { .. })));
        }
        a.assign(&crate::ones_on(&[2], DType::Float64, CPU).unwrap())
            .unwrap();
        assert_eq!(a.to_vec::<f64>().unwrap(), vec![1.0, 1.0]);
    }

    fn shape_strategy() -> impl Strategy<Value = Vec<usize>> {
        proptest::collection::vec(1usize..5, 0..5)
    }

    proptest! {
        #[test]
        fn prop_transpose_and_permute(shape in shape_strategy(), seed in any::<u64>()) {
            let a = arange_i64(&shape);
            let nd = shape.len();
            // a permutation from the seed
            let mut perm: Vec<usize> = (0..nd).collect();
            let mut s = seed;
            for i in (1..nd).rev() {
                let j = (s % (i as u64 + 1)) as usize;
                s /= i as u64 + 1;
                perm.swap(i, j);
            }
            let p = a.permute_dims(&perm.iter().map(|&x| x as isize).collect::<Vec<_>>()).unwrap();
            let out_shape: Vec<usize> = perm.iter().map(|&k| shape[k]).collect();
            prop_assert_eq!(p.shape(), &out_shape[..]);
            let expect: Vec<i64> = multi_indices(&out_shape)
                .iter()
                .map(|ix| {
                    let mut src = vec![0; nd];
                    for (i, &k) in perm.iter().enumerate() {
                        src[k] = ix[i];
                    }
                    flat(&shape, &src)
                })
                .collect();
            prop_assert_eq!(p.to_vec::<i64>().unwrap(), expect);
            let t = a.transpose().unwrap();
            let rev: Vec<usize> = shape.iter().rev().copied().collect();
            let expect: Vec<i64> = multi_indices(&rev)
                .iter()
                .map(|ix| flat(&shape, &ix.iter().rev().copied().collect::<Vec<_>>()))
                .collect();
            prop_assert_eq!(t.to_vec::<i64>().unwrap(), expect);
        }

        #[test]
        fn prop_reshape_keeps_c_order(
            shape in shape_strategy(),
            factors in proptest::collection::vec(1usize..4, 0..4),
            reverse in any::<bool>(),
            transpose in any::<bool>(),
        ) {
            let a = arange_i64(&shape);
            // a view with a non-trivial layout
            let mut v = a.clone();
            if transpose {
                v = v.transpose().unwrap();
            }
            if reverse && v.ndim() > 0 {
                v = v.slice(&[SliceItem::Slice { start: None, stop: None, step: -1 }]).unwrap();
            }
            let c_order = v.copy().unwrap().to_vec::<i64>().unwrap();
            // a new shape of the same size: the size's factors, regrouped
            let n = a.size();
            let mut dims: Vec<isize> = Vec::new();
            let mut rest = n;
            for f in factors {
                if rest.is_multiple_of(f) {
                    dims.push(f as isize);
                    rest /= f;
                }
            }
            dims.push(rest as isize);
            let r = v.reshape(&dims).unwrap();
            prop_assert_eq!(r.shape().iter().map(|&d| d as isize).collect::<Vec<_>>(), dims.clone());
            prop_assert_eq!(r.to_vec::<i64>().unwrap(), c_order.clone());
            // with -1 inferred
            let last = dims.len() - 1;
            dims[last] = -1;
            let r = v.reshape(&dims).unwrap();
            prop_assert_eq!(r.to_vec::<i64>().unwrap(), c_order);
            // a view whenever the layout allows one
            prop_assert_eq!(r.shares_storage(&a), v.layout.reshape_view(r.shape()).is_some());
        }

        #[test]
        fn prop_broadcast_to(
            shape in proptest::collection::vec(1usize..4, 0..4),
            ones in proptest::collection::vec(any::<bool>(), 4),
            lead in proptest::collection::vec(1usize..4, 0..3),
        ) {
            // source: `shape` with some axes set to 1; target: `lead` + `shape`
            let src_shape: Vec<usize> = shape
                .iter()
                .zip(&ones)
                .map(|(&n, &one)| if one { 1 } else { n })
                .collect();
            let target: Vec<usize> = lead.iter().chain(&shape).copied().collect();
            let a = arange_i64(&src_shape);
            let b = a.broadcast_to(&target).unwrap();
            prop_assert_eq!(b.shape(), &target[..]);
            let expect: Vec<i64> = multi_indices(&target)
                .iter()
                .map(|ix| {
                    let src: Vec<usize> = ix[lead.len()..]
                        .iter()
                        .zip(&src_shape)
                        .map(|(&i, &n)| if n == 1 { 0 } else { i })
                        .collect();
                    flat(&src_shape, &src)
                })
                .collect();
            prop_assert_eq!(b.to_vec::<i64>().unwrap(), expect);
        }
    }
}
