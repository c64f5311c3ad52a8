//! `ndarray` methods NumPy has and core did not: `view(dtype)` (reinterpretation), `mT`,
//! `flat`/iteration, `choose`, `byteswap`, `tofile`.

use crate::indexing::IndexMode;
use crate::util::ishape;
use crate::{Array, DType, Error, Layout, Result, Scalar};

impl Array {
    /// The same bytes read as another dtype (`ndarray.view(dtype)`; a view, no copy).
    ///
    /// **Shapes:** with an item size change the last axis scales by `old/new` (it must be
    /// contiguous, and its byte length divisible by the new item size); a 0-d array needs equal
    /// item sizes.
    ///
    /// # Errors
    /// [`Error::BadArgument`] when the last axis is not contiguous or its size does not divide,
    /// or the offset is not aligned to the new item size.
    ///
    /// ```
    /// use cuprum_core::{Array, DType};
    /// let a = Array::from_vec(vec![1.0f32], &[1]).unwrap();
    /// let b = a.view_dtype(DType::UInt32).unwrap();
    /// assert_eq!(b.to_vec::<u32>().unwrap(), vec![0x3f80_0000]);
    /// ```
    pub fn view_dtype(&self, dtype: DType) -> Result<Array> {
        const OP: &str = "view";
        let (old, new) = (self.dtype().itemsize(), dtype.itemsize());
        let l = self.layout();
        if old == new {
            return crate::ext::from_parts(self.storage().clone(), l.clone(), dtype);
        }
        if self.ndim() == 0 {
            return Err(Error::bad_argument(
                OP,
                "dtype",
                dtype,
                format!(
                    "a dtype of the itemsize of {} (the itemsize of a 0-d array cannot change)",
                    self.dtype()
                ),
            ));
        }
        let last = self.ndim() - 1;
        if l.shape[last] != 1 && l.strides[last] != 1 {
            return Err(Error::bad_argument(
                OP,
                "dtype",
                dtype,
                format!(
                    "a dtype of the itemsize of {}, since the last axis is not contiguous (strides {:?})",
                    self.dtype(),
                    l.strides
                ),
            ));
        }
        let bytes = l.shape[last] * old;
        if !bytes.is_multiple_of(new) || !(l.offset * old).is_multiple_of(new) {
            return Err(Error::bad_argument(
                OP,
                "dtype",
                dtype,
                format!(
                    "a dtype whose itemsize ({new}) divides the {bytes} bytes of the last axis and the offset"
                ),
            ));
        }
        let mut strides = Vec::with_capacity(self.ndim());
        for (i, &s) in l.strides.iter().enumerate() {
            if i == last {
                strides.push(1);
            } else if (s * old as isize) % new as isize != 0 {
                return Err(Error::bad_argument(
                    OP,
                    "dtype",
                    dtype,
                    format!(
                        "a dtype whose itemsize ({new}) divides the stride of axis {i} ({} bytes)",
                        s * old as isize
                    ),
                ));
            } else {
                strides.push(s * old as isize / new as isize);
            }
        }
        let mut shape = l.shape.clone();
        shape[last] = bytes / new;
        let layout = Layout {
            shape,
            strides,
            offset: l.offset * old / new,
        };
        crate::ext::from_parts(self.storage().clone(), layout, dtype)
    }

    /// The matrix transpose: the last two axes swapped (`ndarray.mT`; a view).
    ///
    /// # Errors
    /// [`Error::BadShape`] for fewer than 2 dimensions.
    ///
    /// ```
    /// use cuprum_core::Array;
    /// let a = Array::from_vec(vec![0.0f64; 6], &[2, 3]).unwrap();
    /// assert_eq!(a.mt().unwrap().shape(), &[3, 2]);
    /// ```
    pub fn mt(&self) -> Result<Array> {
        crate::manip::matrix_transpose(self)
    }

    /// The elements as a 1-D array in C order (`ndarray.flat` read as an array: a view when
    /// possible, else a copy; see [`Array::ravel`]).
    ///
    /// # Errors
    /// Allocation errors.
    ///
    /// ```
    /// use cuprum_core::Array;
    /// let a = Array::from_vec(vec![1i64, 2, 3, 4], &[2, 2]).unwrap();
    /// assert_eq!(a.transpose().unwrap().flat().unwrap().to_vec::<i64>().unwrap(), vec![1, 3, 2, 4]);
    /// ```
    pub fn flat(&self) -> Result<Array> {
        self.ravel()
    }

    /// Iterates over the first axis (`for row in a`): the sub-arrays `a[0], a[1], ...` (views).
    ///
    /// # Errors
    /// [`Error::BadShape`] for a 0-d array ("iteration over a 0-d array").
    ///
    /// ```
    /// use cuprum_core::Array;
    /// let a = Array::from_vec(vec![1i64, 2, 3, 4], &[2, 2]).unwrap();
    /// let rows: Vec<Vec<i64>> = a.iter().unwrap().map(|r| r.to_vec::<i64>().unwrap()).collect();
    /// assert_eq!(rows, vec![vec![1, 2], vec![3, 4]]);
    /// ```
    pub fn iter(&self) -> Result<impl Iterator<Item = Array> + '_> {
        if self.ndim() == 0 {
            return Err(Error::bad_shape(
                "iter",
                "self",
                &[],
                "an array of at least one dimension (iteration over a 0-d array)",
            ));
        }
        Ok((0..self.shape()[0]).map(move |i| {
            self.index_axis(0, i as isize)
                .expect("index within the first axis")
        }))
    }

    /// The elements as scalars in C order (`a.flat` iterated, `a.tolist()` flattened); reads
    /// element by element (meant for small arrays).
    ///
    /// # Errors
    /// Transfer errors.
    ///
    /// ```
    /// use cuprum_core::Array;
    /// let a = Array::from_vec(vec![1i64, 2], &[2]).unwrap();
    /// let v: Vec<i64> = a.scalars().unwrap().iter().map(|s| s.as_i64()).collect();
    /// assert_eq!(v, vec![1, 2]);
    /// ```
    pub fn scalars(&self) -> Result<Vec<Scalar>> {
        let flat = self.ravel()?;
        (0..flat.size()).map(|i| flat.get(&[i as isize])).collect()
    }

    /// [`choose`](crate::choose) with `self` as the index array (`ndarray.choose`).
    ///
    /// # Errors
    /// As [`choose`](crate::choose).
    ///
    /// ```
    /// use cuprum_core::{Array, indexing::IndexMode};
    /// let i = Array::from_vec(vec![1i64, 0], &[2]).unwrap();
    /// let c0 = Array::from_vec(vec![1i64, 2], &[2]).unwrap();
    /// let c1 = Array::from_vec(vec![3i64, 4], &[2]).unwrap();
    /// assert_eq!(i.choose(&[&c0, &c1], IndexMode::Raise).unwrap().to_vec::<i64>().unwrap(), vec![3, 2]);
    /// ```
    pub fn choose(&self, choices: &[&Array], mode: IndexMode) -> Result<Array> {
        crate::indexing::choose(self, choices, mode)
    }

    /// A copy with the bytes of every element reversed (`ndarray.byteswap()`; complex numbers
    /// swap each part).
    ///
    /// # Errors
    /// Allocation errors.
    ///
    /// ```
    /// use cuprum_core::Array;
    /// let a = Array::from_vec(vec![1u16, 0x1234], &[2]).unwrap();
    /// assert_eq!(a.byteswap().unwrap().to_vec::<u16>().unwrap(), vec![0x0100, 0x3412]);
    /// ```
    pub fn byteswap(&self) -> Result<Array> {
        let part = if self.dtype().is_complex() {
            self.dtype().real_dtype()
        } else {
            self.dtype()
        };
        let isz = part.itemsize();
        let c = self.copy()?;
        if isz == 1 {
            return Ok(c);
        }
        let n_parts = c.size() * self.dtype().itemsize() / isz;
        let bytes = c
            .reshape(&[-1isize][..])?
            .view_dtype(DType::UInt8)?
            .reshape(&[n_parts as isize, isz as isize][..])?;
        let swapped = crate::manip::flip(&bytes, Some(&[1]))?.copy()?;
        swapped
            .reshape(&[-1isize][..])?
            .view_dtype(self.dtype())?
            .reshape(ishape(self.shape()).as_slice())
    }

    /// Writes the elements as raw native-endian bytes in C order to `path`
    /// (`ndarray.tofile(path)`, binary mode; read back with [`fromfile`](crate::fromfile)).
    ///
    /// # Errors
    /// [`Error::Io`] naming the path.
    ///
    /// ```
    /// use cuprum_core::{Array, DType, fromfile};
    /// let a = Array::from_vec(vec![1.5f64, 2.5], &[2]).unwrap();
    /// let p = std::env::temp_dir().join(format!("cuprum-tofile-doc-{}.bin", std::process::id()));
    /// a.tofile(&p).unwrap();
    /// assert_eq!(fromfile(&p, DType::Float64, None, 0).unwrap().to_vec::<f64>().unwrap(), vec![1.5, 2.5]);
    /// std::fs::remove_file(&p).unwrap();
    /// ```
    pub fn tofile(&self, path: impl AsRef<std::path::Path>) -> Result<()> {
        let bytes = self.to_bytes()?;
        std::fs::write(path.as_ref(), bytes)
            .map_err(|e| super::io::io_error("tofile", path.as_ref(), e))
    }
}
