//! Indexing and element assignment of [`Sparse`] matrices: integers, slices, integer arrays
//! and boolean masks on rows and columns (SciPy's `A[i, j]`, `A[1:4]`, `A[:, 2]`, `A[[0, 2]]`,
//! `A[i, j] = v`).

use crate::parts::Compressed;
use crate::sparse::{Flavour, Repr, Sparse};
use crate::util::{self, cast};
use crate::{Result, SparseError};
use cuprum_core::{Array, DType, DTypeKind, IndexItem, SliceItem};

/// The result of [`Sparse::getitem`].
#[derive(Clone, Debug)]
pub enum Indexed {
    /// one element (`A[i, j]` with two integers), a 0-d array
    Scalar(Array),
    /// a sparse matrix or 1-D sparse array
    Sparse(Sparse),
}

impl Indexed {
    /// The dense form: the 0-d array, or the sparse result's `toarray()`.
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// use cuprum_core::SliceItem;
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// let r = a.getitem(&[SliceItem::Index(1).into()]).unwrap();
    /// assert_eq!(r.toarray().unwrap().to_vec::<f64>().unwrap(), vec![0.0, 1.0]);
    /// ```
    pub fn toarray(&self) -> Result<Array> {
        match self {
            Indexed::Scalar(a) => Ok(a.clone()),
            Indexed::Sparse(s) => s.toarray(),
        }
    }
}

/// Normalizes an integer index along an axis of length `size`.
pub(crate) fn norm_index(op: &'static str, i: i64, axis: usize, size: usize) -> Result<usize> {
    let j = if i < 0 { i + size as i64 } else { i };
    if j < 0 || j >= size as i64 {
        return Err(SparseError::IndexOutOfBounds {
            op,
            index: i,
            axis,
            size,
        });
    }
    Ok(j as usize)
}

/// The major slices `sel` (int64 positions, any order, repeats allowed) of a compressed matrix.
pub(crate) fn select_major(c: &Compressed, sel: &Array) -> Result<Compressed> {
    let dev = c.data.device();
    let it = c.indptr.dtype();
    let ip = cast(&c.indptr, DType::Int64)?;
    let k = sel.size();
    let starts_all = ip.slice(&[SliceItem::Slice {
        start: Some(0),
        stop: Some(c.shape.0 as isize),
        step: 1,
    }])?;
    let ends_all = ip.slice(&[SliceItem::Slice {
        start: Some(1),
        stop: None,
        step: 1,
    }])?;
    let starts = util::take(&starts_all, sel)?;
    let counts = cuprum_core::subtract(&util::take(&ends_all, sel)?, &starts)?;
    let cum = if k == 0 {
        util::zeros(0, DType::Int64, dev)?
    } else {
        cuprum_core::cumsum(&counts, None)?
    };
    let new_ptr = util::concat(&[&util::zeros(1, DType::Int64, dev)?, &cum])?;
    let nnz = if k == 0 {
        0
    } else {
        util::read_i64(&cum.slice(&[SliceItem::Index(-1)])?)? as usize
    };
    let it = util::wider(it, util::idx_dtype(nnz, &[k, c.shape.1]));
    if nnz == 0 {
        return Ok(Compressed {
            data: util::zeros(0, c.data.dtype(), dev)?,
            indices: util::zeros(0, it, dev)?,
            indptr: util::zeros(k + 1, it, dev)?,
            shape: (k, c.shape.1),
            canonical: true,
        });
    }
    let out_major = util::expand_major(&new_ptr, nnz)?;
    let pos = cuprum_core::add(
        &cuprum_core::subtract(
            &util::arange(nnz, DType::Int64, dev)?,
            &util::take(&new_ptr, &out_major)?,
        )?,
        &util::take(&starts, &out_major)?,
    )?;
    Ok(Compressed {
        data: util::take(&c.data, &pos)?,
        indices: cast(&util::take(&c.indices, &pos)?, it)?,
        indptr: cast(&new_ptr, it)?,
        shape: (k, c.shape.1),
        canonical: c.canonical,
    })
}

/// One axis' selection.
enum Sel {
    /// an integer: the axis is removed (for arrays)
    Int(usize),
    /// positions (int64), 1-D
    Many(Array),
    /// the whole axis
    All,
}

fn resolve(
    op: &'static str,
    item: &IndexItem,
    axis: usize,
    size: usize,
    dev: cuprum_core::Device,
) -> Result<Sel> {
    Ok(match item {
        IndexItem::Basic(SliceItem::Index(i)) => Sel::Int(norm_index(op, *i as i64, axis, size)?),
        IndexItem::Basic(SliceItem::Slice {
            start: None,
            stop: None,
            step: 1,
        }) => Sel::All,
        IndexItem::Basic(SliceItem::Slice { .. }) => {
            let all = util::arange(size, DType::Int64, dev)?;
            let SliceItem::Slice { start, stop, step } = (match item {
                IndexItem::Basic(s) => *s,
                _ => unreachable!("matched above"),
            }) else {
                unreachable!("matched above")
            };
            Sel::Many(
                all.slice(&[SliceItem::Slice { start, stop, step }])?
                    .copy()?,
            )
        }
        IndexItem::Array(a) => {
            if a.dtype().kind() == DTypeKind::Bool {
                if a.ndim() != 1 || a.size() != size {
                    return Err(SparseError::Core(cuprum_core::Error::invalid_index(
                        op,
                        format!(
                            "boolean index of shape {:?} does not match axis {axis} of length {size}",
                            a.shape()
                        ),
                    )));
                }
                Sel::Many(cuprum_core::flatnonzero(a)?)
            } else if matches!(a.dtype().kind(), DTypeKind::Int | DTypeKind::UInt) {
                if a.ndim() > 1 {
                    return Err(SparseError::NotSupported {
                        op,
                        detail: "index arrays of more than one dimension".into(),
                    });
                }
                let a = cast(&a.ravel()?, DType::Int64)?;
                if a.size() > 0 {
                    let lo = util::min_i64(&a)?;
                    let hi = util::max_i64(&a)?;
                    if lo < -(size as i64) {
                        return Err(SparseError::IndexOutOfBounds {
                            op,
                            index: lo,
                            axis,
                            size,
                        });
                    }
                    if hi >= size as i64 {
                        return Err(SparseError::IndexOutOfBounds {
                            op,
                            index: hi,
                            axis,
                            size,
                        });
                    }
                }
                let neg = cuprum_core::less(&a, 0i64)?;
                Sel::Many(cuprum_core::where_(
                    &neg,
                    &cuprum_core::add(&a, size as i64)?,
                    &a,
                )?)
            } else {
                return Err(SparseError::Core(cuprum_core::Error::invalid_index(
                    op,
                    format!(
                        "arrays used as indices must be of integer or boolean type, got {}",
                        a.dtype()
                    ),
                )));
            }
        }
        IndexItem::Basic(other) => {
            return Err(SparseError::NotSupported {
                op,
                detail: format!("index item {other:?} (None/Ellipsis) on a sparse matrix"),
            });
        }
    })
}

/// What [`Sparse::getitem`] and [`Sparse::setitem`] take as an index: a list of
/// [`IndexItem`]s (integers, slices, integer arrays, boolean masks) or core's basic index
/// from the [`s!`](cuprum_core::s) macro (`&[SliceItem]`: integers and ranges).
///
/// Implemented for `[IndexItem]`, `[IndexItem; N]`, `Vec<IndexItem>`, `[SliceItem]` (what
/// `s![..]` builds) and `Vec<SliceItem>`.
///
/// ```
/// use cuprum_core::s;
/// let a = cuprum_sparse::eye(3, 3, 0, cuprum_core::DType::Float64).unwrap();
/// let r = a.getitem(s![1.., ..;2]).unwrap(); // A[1:, ::2]
/// assert_eq!(r.toarray().unwrap().to_vec::<f64>().unwrap(), vec![0.0, 0.0, 0.0, 1.0]);
/// ```
pub trait SparseIndex {
    /// The items, as index items.
    fn index_items(&self) -> std::borrow::Cow<'_, [IndexItem]>;
}

impl SparseIndex for [IndexItem] {
    fn index_items(&self) -> std::borrow::Cow<'_, [IndexItem]> {
        std::borrow::Cow::Borrowed(self)
    }
}
impl<const N: usize> SparseIndex for [IndexItem; N] {
    fn index_items(&self) -> std::borrow::Cow<'_, [IndexItem]> {
        std::borrow::Cow::Borrowed(self)
    }
}
impl SparseIndex for Vec<IndexItem> {
    fn index_items(&self) -> std::borrow::Cow<'_, [IndexItem]> {
        std::borrow::Cow::Borrowed(self)
    }
}
impl SparseIndex for [SliceItem] {
    fn index_items(&self) -> std::borrow::Cow<'_, [IndexItem]> {
        std::borrow::Cow::Owned(self.iter().copied().map(IndexItem::from).collect())
    }
}
impl SparseIndex for Vec<SliceItem> {
    fn index_items(&self) -> std::borrow::Cow<'_, [IndexItem]> {
        self.as_slice().index_items()
    }
}

impl Sparse {
    /// SciPy's `A[index]` with one or two items (rows, then columns): integers, slices,
    /// integer arrays and boolean masks, as [`IndexItem`]s or core's `s![..]` (see
    /// [`SparseIndex`]). Two integers give a [`Indexed::Scalar`]; two index
    /// arrays select elements pointwise (1-D result for arrays, `(1, k)` for matrices). For
    /// sparse arrays an integer removes its axis (`A[:, 2]` is 1-D); matrices stay 2-D.
    ///
    /// Rows are gathered from the CSR parts and columns from the CSC parts with core's
    /// `take`/`searchsorted`/`cumsum`, on the matrix's device.
    ///
    /// # Errors
    /// [`SparseError::IndexOutOfBounds`]; [`cuprum_core::Error::InvalidIndex`] for a mask of
    /// the wrong length or a float array; [`SparseError::NotSupported`] for `None`/`...`.
    ///
    /// ```
    /// use cuprum_core::SliceItem;
    /// let a = cuprum_sparse::eye(3, 3, 0, cuprum_core::DType::Float64).unwrap().tocsr().unwrap()
    ///     .with_flavour(cuprum_sparse::Flavour::Array);
    /// let col = a.getitem(&[SliceItem::Slice { start: None, stop: None, step: 1 }.into(), SliceItem::Index(2).into()]).unwrap();
    /// assert_eq!(col.toarray().unwrap().to_vec::<f64>().unwrap(), vec![0.0, 0.0, 1.0]);
    /// ```
    pub fn getitem<I: SparseIndex + ?Sized>(&self, index: &I) -> Result<Indexed> {
        const OP: &str = "__getitem__";
        let index = index.index_items();
        let index: &[IndexItem] = &index;
        let (m, n) = self.shape2();
        let dev = self.device();
        if self.ndim == 1 {
            if index.len() != 1 {
                return Err(SparseError::Core(cuprum_core::Error::invalid_index(
                    OP,
                    "too many indices for a 1-D sparse array",
                )));
            }
            let full = IndexItem::Basic(SliceItem::Index(0));
            let two = [full, index[0].clone()];
            return self
                .with_flavour(Flavour::Array)
                .as_2d()
                .getitem2(OP, &two, m, n, dev, true);
        }
        if index.is_empty() || index.len() > 2 {
            return Err(SparseError::Core(cuprum_core::Error::invalid_index(
                OP,
                format!("a sparse matrix takes 1 or 2 indices, got {}", index.len()),
            )));
        }
        let all = IndexItem::Basic(SliceItem::Slice {
            start: None,
            stop: None,
            step: 1,
        });
        let two = [index[0].clone(), index.get(1).cloned().unwrap_or(all)];
        self.getitem2(OP, &two, m, n, dev, false)
    }

    fn as_2d(&self) -> Sparse {
        let mut s = self.clone();
        s.ndim = 2;
        s
    }

    fn getitem2(
        &self,
        op: &'static str,
        idx: &[IndexItem; 2],
        m: usize,
        n: usize,
        dev: cuprum_core::Device,
        one_d: bool,
    ) -> Result<Indexed> {
        let r = resolve(op, &idx[0], 0, m, dev)?;
        let c = resolve(op, &idx[1], 1, n, dev)?;
        let is_array = self.flavour == Flavour::Array;
        // pointwise
        if let (Sel::Many(ra), Sel::Many(ca)) = (&r, &c)
            && matches!(idx[0], IndexItem::Array(_))
            && matches!(idx[1], IndexItem::Array(_))
        {
            let b = cuprum_core::broadcast_arrays(&[ra, ca])?;
            let (ra, ca) = (b[0].ravel()?.copy()?, b[1].ravel()?.copy()?);
            let vals = self.lookup(&ra, &ca)?;
            let k = vals.size();
            let d = vals.reshape(&[1, k as isize])?;
            let mut s = if is_array {
                crate::csr_array(&d, None)?
            } else {
                crate::csr_matrix(&d, None)?
            };
            if is_array {
                s.ndim = 1;
            }
            return Ok(Indexed::Sparse(s));
        }
        if let (Sel::Int(i), Sel::Int(j)) = (&r, &c) {
            let ra = Array::from_vec_on(vec![*i as i64], &[1], dev)?;
            let ca = Array::from_vec_on(vec![*j as i64], &[1], dev)?;
            return Ok(Indexed::Scalar(self.lookup(&ra, &ca)?.reshape(())?));
        }
        let to_arr = |s: &Sel| -> Result<Option<Array>> {
            Ok(match s {
                Sel::Int(i) => Some(Array::from_vec_on(vec![*i as i64], &[1], dev)?),
                Sel::Many(a) => Some(a.clone()),
                Sel::All => None,
            })
        };
        let mut cur = self.csr_parts()?;
        if let Some(rs) = to_arr(&r)? {
            cur = select_major(&cur, &rs)?;
        }
        if let Some(cs) = to_arr(&c)? {
            let t = crate::kernels::transpose(&cur)?;
            let t = select_major(&t, &cs)?;
            cur = crate::kernels::transpose(&t)?;
        }
        let (rows, cols) = cur.shape;
        let mut s = Sparse {
            repr: Repr::Csr(cur),
            flavour: self.flavour,
            ndim: 2,
        };
        if is_array || one_d {
            match (&r, &c) {
                (Sel::Int(_), _) => s.ndim = 1,
                (_, Sel::Int(_)) => {
                    // (m, 1) → (m,): the CSR of the (1, m) transpose
                    let t = crate::kernels::transpose(&s.csr_parts()?)?;
                    debug_assert_eq!(t.shape, (cols, rows));
                    s = Sparse {
                        repr: Repr::Csr(t),
                        flavour: self.flavour,
                        ndim: 1,
                    };
                }
                _ => {}
            }
        }
        Ok(Indexed::Sparse(s))
    }

    /// The values at positions `(r[i], c[i])` (int64, in range), zeros where nothing is
    /// stored (duplicates added).
    fn lookup(&self, r: &Array, c: &Array) -> Result<Array> {
        let (_, n) = self.shape2();
        let coo = self.canonical_coo()?;
        let dev = self.device();
        let q = cuprum_core::add(&cuprum_core::multiply(r, n as i64)?, c)?;
        let out = util::zeros(q.size(), self.dtype(), dev)?;
        let nnz = coo.data.size();
        if nnz == 0 || q.size() == 0 {
            return Ok(out);
        }
        let keys = cuprum_core::add(
            &cuprum_core::multiply(&cast(&coo.row, DType::Int64)?, n as i64)?,
            &cast(&coo.col, DType::Int64)?,
        )?;
        let pos = cuprum_core::searchsorted(&keys, &q, cuprum_core::sort::Side::Left, None)?;
        let pos_c = cuprum_core::clip(&pos, Some(0i64.into()), Some(((nnz - 1) as i64).into()))?;
        let found = cuprum_core::equal(&util::take(&keys, &pos_c)?, &q)?;
        let vals = util::take(&coo.data, &pos_c)?;
        Ok(cuprum_core::where_(&found, &vals, &out)?)
    }

    /// SciPy's `A[rows, cols] = values` without mutation: a new matrix (canonical; CSR for
    /// CSR/DIA input, else the input's format) with the selected elements set. `rows` and
    /// `cols` are index items as in [`Sparse::getitem`]; with two arrays the elements are
    /// selected pointwise, otherwise the outer product of the selections; `values` broadcasts
    /// to the selection (last assignment wins for repeated positions).
    ///
    /// # Errors
    /// As [`Sparse::getitem`]; broadcast errors for `values`.
    ///
    /// ```
    /// use cuprum_core::{Array, SliceItem};
    /// let a = cuprum_sparse::csr_matrix((2, 2), None).unwrap();
    /// let v = Array::from_vec(vec![7.0f64], ()).unwrap();
    /// let b = a.setitem(&[SliceItem::Index(0).into(), SliceItem::Index(1).into()], &v).unwrap();
    /// assert_eq!(b.toarray().unwrap().to_vec::<f64>().unwrap(), vec![0.0, 7.0, 0.0, 0.0]);
    /// ```
    pub fn setitem<I: SparseIndex + ?Sized>(&self, index: &I, values: &Array) -> Result<Sparse> {
        const OP: &str = "__setitem__";
        let index = index.index_items();
        let index: &[IndexItem] = &index;
        let (m, n) = self.shape2();
        let dev = self.device();
        let all = IndexItem::Basic(SliceItem::Slice {
            start: None,
            stop: None,
            step: 1,
        });
        let two: [IndexItem; 2] = if self.ndim == 1 {
            if index.len() != 1 {
                return Err(SparseError::Core(cuprum_core::Error::invalid_index(
                    OP,
                    "a 1-D sparse array takes one index",
                )));
            }
            [IndexItem::Basic(SliceItem::Index(0)), index[0].clone()]
        } else {
            if index.is_empty() || index.len() > 2 {
                return Err(SparseError::Core(cuprum_core::Error::invalid_index(
                    OP,
                    format!("a sparse matrix takes 1 or 2 indices, got {}", index.len()),
                )));
            }
            [index[0].clone(), index.get(1).cloned().unwrap_or(all)]
        };
        let r = resolve(OP, &two[0], 0, m, dev)?;
        let c = resolve(OP, &two[1], 1, n, dev)?;
        let arr = |s: Sel, size: usize| -> Result<Array> {
            Ok(match s {
                Sel::Int(i) => Array::from_vec_on(vec![i as i64], &[1], dev)?,
                Sel::Many(a) => a,
                Sel::All => util::arange(size, DType::Int64, dev)?,
            })
        };
        let pointwise =
            matches!(two[0], IndexItem::Array(_)) && matches!(two[1], IndexItem::Array(_));
        let (ra, ca) = (arr(r, m)?, arr(c, n)?);
        let (rows, cols) = if pointwise {
            let b = cuprum_core::broadcast_arrays(&[&ra, &ca])?;
            (b[0].copy()?, b[1].copy()?)
        } else {
            let (p, q) = (ra.size(), ca.size());
            let rr = ra.reshape(&[p as isize, 1])?;
            let cc = ca.reshape(&[1, q as isize])?;
            let b = cuprum_core::broadcast_arrays(&[&rr, &cc])?;
            (b[0].copy()?, b[1].copy()?)
        };
        let shape = rows.shape().to_vec();
        let v = if values.shape() == shape.as_slice() {
            values.clone()
        } else {
            let tgt = cuprum_core::zeros_on(&shape, values.dtype(), dev)?;
            let b = cuprum_core::broadcast_arrays(&[values, &tgt])?;
            b[0].copy()?
        };
        self.set_entries(OP, &rows.ravel()?, &cols.ravel()?, &v.ravel()?)
    }
}

/// Keeps the unused import of `Compressed` purposeful in docs.
#[allow(dead_code)]
fn _assert_types(_: &Compressed) {}
