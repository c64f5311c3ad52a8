//! [`Sparse`]: one sparse matrix or array in the CSR, CSC, COO or DIA format, and its
//! constructors ([`csr_matrix`], [`csr_array`], [`csc_matrix`], ... ) and conversions.

use crate::kernels;
use crate::parts::{Compressed, Coo};
use crate::util::{self, cast, idx_dtype};
use crate::{Result, SparseError};
use cuprum_core::{Array, DType, Device};

/// The storage format of a [`Sparse`] matrix (SciPy's `.format`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Format {
    /// Compressed Sparse Row (`csr`)
    Csr,
    /// Compressed Sparse Column (`csc`)
    Csc,
    /// COOrdinate (`coo`)
    Coo,
    /// DIAgonal (`dia`)
    Dia,
}

impl Format {
    /// SciPy's short name: `"csr"`, `"csc"`, `"coo"`, `"dia"`.
    ///
    /// ```
    /// assert_eq!(cuprum_sparse::Format::Csr.name(), "csr");
    /// ```
    pub fn name(self) -> &'static str {
        match self {
            Format::Csr => "csr",
            Format::Csc => "csc",
            Format::Coo => "coo",
            Format::Dia => "dia",
        }
    }

    /// SciPy's long name, as `repr` prints it (`"Compressed Sparse Row"`, `"COOrdinate"`, ...).
    ///
    /// ```
    /// assert_eq!(cuprum_sparse::Format::Dia.long_name(), "DIAgonal");
    /// ```
    pub fn long_name(self) -> &'static str {
        match self {
            Format::Csr => "Compressed Sparse Row",
            Format::Csc => "Compressed Sparse Column",
            Format::Coo => "COOrdinate",
            Format::Dia => "DIAgonal",
        }
    }

    /// Parses a short name.
    ///
    /// # Errors
    /// [`cuprum_core::Error::BadArgument`] (`format`) for a name other than `csr`, `csc`,
    /// `coo`, `dia`.
    ///
    /// ```
    /// use cuprum_sparse::Format;
    /// assert_eq!(Format::parse("csc").unwrap(), Format::Csc);
    /// assert!(Format::parse("lil").is_err());
    /// ```
    pub fn parse(s: &str) -> Result<Format> {
        Ok(match s {
            "csr" => Format::Csr,
            "csc" => Format::Csc,
            "coo" => Format::Coo,
            "dia" => Format::Dia,
            _ => {
                return Err(SparseError::bad_argument(
                    "asformat",
                    "format",
                    format!("{s:?}"),
                    "one of \"csr\", \"csc\", \"coo\", \"dia\"",
                ));
            }
        })
    }
}

/// SciPy's two flavours of sparse containers.
///
/// - [`Flavour::Matrix`] (`csr_matrix`, ...): always 2-D, `*` is the matrix product, an
///   integer index keeps its axis (`A[:, 2]` is `(m, 1)`), reductions along an axis are 2-D.
/// - [`Flavour::Array`] (`csr_array`, ...): `*` is elementwise, `A[:, 2]` is 1-D, reductions
///   along an axis are 1-D, and 1-D sparse arrays exist.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Flavour {
    /// `spmatrix`
    Matrix,
    /// `sparray`
    Array,
}

/// DIA storage: `data[i, j]` holds `A[j - offsets[i], j]`.
#[derive(Clone, Debug)]
pub(crate) struct Dia {
    pub(crate) data: Array,
    pub(crate) offsets: Vec<i64>,
    pub(crate) shape: (usize, usize),
}

#[derive(Clone, Debug)]
pub(crate) enum Repr {
    Csr(Compressed),
    /// the CSR of the transpose: `shape` is `(cols, rows)`
    Csc(Compressed),
    Coo(Coo),
    Dia(Dia),
}

/// A sparse matrix (or 1-D sparse array) on one device: SciPy's `csr_matrix`/`csr_array`,
/// `csc_*`, `coo_*` and `dia_*` in one type.
///
/// **Shapes**: 2-D `(rows, cols)`; a [`Flavour::Array`] may be 1-D (`(n,)`, stored as one row).
/// Data of any cuprum dtype; index arrays int32 or int64 (int32 whenever the number of stored
/// entries and the dimensions fit, unless int64 indices were given). No operation mutates its
/// operands: every method returns a new matrix (sharing arrays where nothing changes).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_sparse::csr_matrix;
/// let data = Array::from_vec_on(vec![1.0f32, 2.0, 3.0, 4.0], &[4], Device::Cpu).unwrap();
/// let indices = Array::from_vec_on(vec![0i32, 2, 1, 3], &[4], Device::Cpu).unwrap();
/// let indptr = Array::from_vec_on(vec![0i32, 2, 4], &[3], Device::Cpu).unwrap();
/// let a = csr_matrix((&data, &indices, &indptr), Some((2, 4))).unwrap();
/// assert_eq!(a.shape(), vec![2, 4]);
/// assert_eq!(a.nnz(), 4);
/// let d = a.toarray().unwrap();
/// assert_eq!(d.to_vec::<f32>().unwrap(), vec![1.0, 0.0, 2.0, 0.0, 0.0, 3.0, 0.0, 4.0]);
/// ```
#[derive(Clone, Debug)]
pub struct Sparse {
    pub(crate) repr: Repr,
    pub(crate) flavour: Flavour,
    /// 1 for a 1-D sparse array (stored as a `(1, n)` matrix), else 2
    pub(crate) ndim: usize,
}

/// What a sparse constructor is built from (SciPy's first argument).
#[derive(Clone, Copy, Debug)]
pub enum Input<'a> {
    /// `(data, indices, indptr)`, from `(&data, &indices, &indptr)`
    Compressed(&'a Array, &'a Array, &'a Array),
    /// `(data, (row, col))`, from `(&data, (&row, &col))`
    Coo(&'a Array, &'a Array, &'a Array),
    /// `(data, offsets)` of the DIA format, from `(&data, &offsets)`
    Dia(&'a Array, &'a Array),
    /// a dense 1-D or 2-D array, from `&array`
    Dense(&'a Array),
    /// another sparse matrix, from `&sparse`
    Sparse(&'a Sparse),
    /// an empty float64 matrix of this shape, from `(rows, cols)`
    Empty(usize, usize),
}

from_impls!(Input<'a> {
    (&'a Array, &'a Array, &'a Array) => |t| Input::Compressed(t.0, t.1, t.2),
    (&'a Array, (&'a Array, &'a Array)) => |t| Input::Coo(t.0, t.1.0, t.1.1),
    (&'a Array, &'a Array) => |t| Input::Dia(t.0, t.1),
    &'a Array => |a| Input::Dense(a),
    &'a Sparse => |a| Input::Sparse(a),
    (usize, usize) => |s| Input::Empty(s.0, s.1),
});

macro_rules! constructor {
    ($($name:ident, $fmt:ident, $fl:ident, $py:literal;)*) => {$(
        #[doc = concat!("SciPy's `", $py, "`: a sparse ", stringify!($fmt), " ")]
        #[doc = concat!("container of the ", stringify!($fl), " flavour built from `input`.")]
        ///
        /// **Shapes**: `input` is `(data, indices, indptr)` (CSR: `indptr` has rows + 1
        /// entries; CSC: cols + 1), `(data, (row, col))`, `(data, offsets)` (DIA), a dense 1-D
        /// or 2-D array, another sparse matrix, or `(rows, cols)` for an empty float64 matrix.
        /// Without `shape` it is inferred (the largest index + 1, or `indptr`'s length).
        ///
        /// Index arrays of int32 or int64 keep their dtype; other integer dtypes become int32
        /// when every value fits, else int64. The arrays are shared, not copied. A compressed
        /// input may be non-canonical (unsorted or duplicate indices): it is kept as given and
        /// `has_canonical_format` says so; COO input keeps its duplicates.
        ///
        /// # Errors
        /// [`SparseError::InvalidFormat`] for inconsistent lengths or dtypes,
        /// [`SparseError::IndexOutOfBounds`] for an index outside `shape`,
        /// [`SparseError::InvalidShape`] for a dense input that is not 1-D or 2-D.
        ///
        /// # Example
        /// ```
        /// use cuprum_core::{Array, Device};
        #[doc = concat!("use cuprum_sparse::", stringify!($name), ";")]
        /// let d = Array::from_vec_on(vec![0.0f64, 1.0, 2.0, 0.0], &[2, 2], Device::Cpu).unwrap();
        #[doc = concat!("let a = ", stringify!($name), "(&d, None).unwrap();")]
        /// assert_eq!(a.nnz(), 2);
        /// assert_eq!(a.toarray().unwrap().to_vec::<f64>().unwrap(), vec![0.0, 1.0, 2.0, 0.0]);
        /// ```
        pub fn $name<'a>(input: impl Into<Input<'a>>, shape: Option<(usize, usize)>) -> Result<Sparse> {
            Sparse::build($py, Format::$fmt, Flavour::$fl, input.into(), shape)
        }
    )*};
}

constructor! {
    csr_matrix, Csr, Matrix, "csr_matrix";
    csr_array, Csr, Array, "csr_array";
    csc_matrix, Csc, Matrix, "csc_matrix";
    csc_array, Csc, Array, "csc_array";
    coo_matrix, Coo, Matrix, "coo_matrix";
    coo_array, Coo, Array, "coo_array";
    dia_matrix, Dia, Matrix, "dia_matrix";
    dia_array, Dia, Array, "dia_array";
}

/// SciPy's `issparse`: whether `x` is a [`Sparse`] matrix.
///
/// ```
/// use cuprum_core::Array;
/// let d = Array::from_vec(vec![1.0f64], &[1]).unwrap();
/// assert!(!cuprum_sparse::issparse(&d));
/// let s = cuprum_sparse::csr_matrix((2, 2), None).unwrap();
/// assert!(cuprum_sparse::issparse(&s));
/// ```
pub fn issparse<T: std::any::Any>(x: &T) -> bool {
    (x as &dyn std::any::Any).is::<Sparse>()
}

fn int_index(op: &'static str, a: &Array, what: &str) -> Result<()> {
    use cuprum_core::DTypeKind;
    if !matches!(a.dtype().kind(), DTypeKind::Int | DTypeKind::UInt) || a.ndim() != 1 {
        return Err(SparseError::invalid_format(
            op,
            format!(
                "{what} must be a 1-D integer array, got {} of shape {:?}",
                a.dtype(),
                a.shape()
            ),
        ));
    }
    Ok(())
}

/// Checks that every value of the index array `a` lies in `[0, size)`.
/// The largest value of a non-empty integer array, exact for unsigned values above `i64::MAX`
/// (`None` when empty).
fn max_exact(a: &Array) -> Result<Option<i128>> {
    if a.size() == 0 {
        return Ok(None);
    }
    Ok(Some(match a.max(None, false)?.item()? {
        cuprum_core::Scalar::UInt(u) => u as i128,
        v => v.as_i64() as i128,
    }))
}

/// A shape every index dtype can address: each dimension at most `i64::MAX`, so that
/// `rows + 1` (the `indptr` length) cannot wrap (issue 46: `(usize::MAX, 1)` made an empty
/// `indptr`). SciPy raises `ValueError` for such shapes.
fn check_dims(op: &'static str, (m, n): (usize, usize)) -> Result<()> {
    if m > i64::MAX as usize || n > i64::MAX as usize {
        return Err(SparseError::invalid_shape(
            op,
            &[m, n],
            format!("a dimension exceeds int64's largest value {}", i64::MAX),
        ));
    }
    Ok(())
}

/// The transpose of CSR parts (CSR → CSC), after checking that the new `indptr` (`cols + 1`
/// int64 entries) can be allocated: a (2, 2^62) matrix panicked in the transpose kernel
/// (issue 46).
fn transpose_checked(c: &Compressed) -> Result<Compressed> {
    let n1 = c.shape.1.checked_add(1).ok_or_else(|| {
        SparseError::invalid_shape(
            "tocsc",
            &[c.shape.0, c.shape.1],
            "too many columns for an index pointer",
        )
    })?;
    drop(cuprum_core::ext::try_vec_with_capacity::<i64>(n1)?);
    kernels::transpose(c)
}

pub(crate) fn check_bounds(op: &'static str, a: &Array, axis: usize, size: usize) -> Result<()> {
    if a.size() == 0 {
        return Ok(());
    }
    let lo = util::min_i64(a)?;
    if lo < 0 {
        return Err(SparseError::IndexOutOfBounds {
            op,
            index: lo,
            axis,
            size,
        });
    }
    let hi = util::max_i64(a)?;
    if hi as u64 >= size as u64 {
        return Err(SparseError::IndexOutOfBounds {
            op,
            index: hi,
            axis,
            size,
        });
    }
    Ok(())
}

impl Sparse {
    pub(crate) fn from_repr(repr: Repr, flavour: Flavour) -> Sparse {
        Sparse {
            repr,
            flavour,
            ndim: 2,
        }
    }

    pub(crate) fn with_like(&self, repr: Repr) -> Sparse {
        Sparse {
            repr,
            flavour: self.flavour,
            ndim: self.ndim,
        }
    }

    /// A CSR matrix from its parts, without checks.
    pub(crate) fn from_csr(c: Compressed, flavour: Flavour) -> Sparse {
        Sparse::from_repr(Repr::Csr(c), flavour)
    }

    fn build(
        op: &'static str,
        fmt: Format,
        flavour: Flavour,
        input: Input<'_>,
        shape: Option<(usize, usize)>,
    ) -> Result<Sparse> {
        if let Some(sh) = shape {
            check_dims(op, sh)?;
        }
        let mut s = match input {
            Input::Compressed(data, indices, indptr) => {
                let c = Self::compressed_from_parts(op, fmt, data, indices, indptr, shape)?;
                match fmt {
                    Format::Csc => Sparse::from_repr(Repr::Csc(c), flavour),
                    _ => Sparse::from_repr(Repr::Csr(c), flavour),
                }
            }
            Input::Coo(data, row, col) => Sparse::from_repr(
                Repr::Coo(Self::coo_from_parts(op, data, row, col, shape)?),
                flavour,
            ),
            Input::Dia(data, offsets) => {
                let shape = shape.ok_or_else(|| {
                    SparseError::bad_argument(
                        op,
                        "shape",
                        "None",
                        "a shape for a DIA matrix built from (data, offsets)",
                    )
                })?;
                let data = if data.ndim() == 1 {
                    data.reshape(&[1, -1])?
                } else {
                    data.clone()
                };
                if data.ndim() != 2 {
                    return Err(SparseError::invalid_format(
                        op,
                        format!("DIA data must be 2-D, got shape {:?}", data.shape()),
                    ));
                }
                let offsets: Vec<i64> = cast(&offsets.ravel()?, DType::Int64)?.to_vec::<i64>()?;
                if offsets.len() != data.shape()[0] {
                    return Err(SparseError::invalid_format(
                        op,
                        format!(
                            "{} offsets for {} rows of diagonal data",
                            offsets.len(),
                            data.shape()[0]
                        ),
                    ));
                }
                let mut seen = offsets.clone();
                seen.sort_unstable();
                if seen.windows(2).any(|w| w[0] == w[1]) {
                    return Err(SparseError::invalid_format(
                        op,
                        "offset array contains duplicate values",
                    ));
                }
                Sparse::from_repr(
                    Repr::Dia(Dia {
                        data,
                        offsets,
                        shape,
                    }),
                    flavour,
                )
            }
            Input::Dense(a) => {
                let s = Self::from_dense(op, a, flavour)?;
                if let Some(sh) = shape
                    && sh != s.shape2()
                {
                    return Err(SparseError::ShapeMismatch {
                        op,
                        a: sh,
                        b: s.shape2(),
                    });
                }
                return s.asformat(fmt);
            }
            Input::Sparse(other) => {
                let mut s = other.asformat(fmt)?;
                s.flavour = flavour;
                if flavour == Flavour::Matrix {
                    s.ndim = 2;
                }
                return Ok(s);
            }
            Input::Empty(m, n) => {
                check_dims(op, (m, n))?;
                let dev = cuprum_core::default_device();
                let it = idx_dtype(0, &[m, n]);
                let c = Compressed {
                    data: util::zeros(0, DType::Float64, dev)?,
                    indices: util::zeros(0, it, dev)?,
                    indptr: util::zeros(m + 1, it, dev)?,
                    shape: (m, n),
                    canonical: true,
                };
                return Sparse::from_csr(c, flavour).asformat(fmt);
            }
        };
        if fmt == Format::Dia && !matches!(s.repr, Repr::Dia(_)) {
            s = s.asformat(Format::Dia)?;
        }
        if fmt == Format::Coo && !matches!(s.repr, Repr::Coo(_)) {
            s = s.asformat(Format::Coo)?;
        }
        if matches!(fmt, Format::Csr | Format::Csc) && matches!(s.repr, Repr::Coo(_)) {
            s = s.asformat(fmt)?;
        }
        Ok(s)
    }

    fn index_pair(
        op: &'static str,
        a: &Array,
        b: &Array,
        nnz: usize,
        dims: &[usize],
    ) -> Result<(Array, Array)> {
        let keep = |d: DType| matches!(d, DType::Int32 | DType::Int64);
        let dt = if keep(a.dtype()) && keep(b.dtype()) {
            util::wider(a.dtype(), b.dtype())
        } else {
            // from the values as well as the shape (SciPy's `get_index_dtype(...,
            // check_contents=True)`): a uint64 index 2^63 must not wrap into range (issue 46)
            let mut max = dims.iter().copied().fold(nnz, usize::max) as i128;
            for x in [a, b] {
                if let Some(v) = max_exact(x)? {
                    if v > i64::MAX as i128 {
                        return Err(SparseError::invalid_format(
                            op,
                            format!(
                                "index value {v} ({}) is larger than int64 can hold",
                                x.dtype()
                            ),
                        ));
                    }
                    max = max.max(v);
                }
            }
            if max <= i32::MAX as i128 {
                DType::Int32
            } else {
                DType::Int64
            }
        };
        Ok((cast(a, dt)?, cast(b, dt)?))
    }

    fn compressed_from_parts(
        op: &'static str,
        fmt: Format,
        data: &Array,
        indices: &Array,
        indptr: &Array,
        shape: Option<(usize, usize)>,
    ) -> Result<Compressed> {
        int_index(op, indices, "indices")?;
        int_index(op, indptr, "indptr")?;
        let data = if data.ndim() == 1 {
            data.clone()
        } else {
            data.ravel()?
        };
        let nnz = data.size();
        if indices.size() != nnz {
            return Err(SparseError::invalid_format(
                op,
                format!(
                    "indices and data should have the same size ({} and {nnz})",
                    indices.size()
                ),
            ));
        }
        if indptr.size() == 0 {
            return Err(SparseError::invalid_format(
                op,
                "index pointer should have at least one entry",
            ));
        }
        let major = indptr.size() - 1;
        let (rows, cols) = match shape {
            Some(s) => s,
            None => {
                let minor = if nnz == 0 {
                    0
                } else {
                    (util::max_i64(indices)? + 1).max(0) as usize
                };
                match fmt {
                    Format::Csc => (minor, major),
                    _ => (major, minor),
                }
            }
        };
        let (nmaj, nmin) = if fmt == Format::Csc {
            (cols, rows)
        } else {
            (rows, cols)
        };
        if major != nmaj {
            return Err(SparseError::invalid_format(
                op,
                format!(
                    "index pointer size ({}) should be ({})",
                    indptr.size(),
                    nmaj + 1
                ),
            ));
        }
        let (indices, indptr) = Self::index_pair(op, indices, indptr, nnz, &[rows, cols])?;
        let first = util::read_i64(&indptr.slice(&[cuprum_core::SliceItem::Index(0)])?)?;
        let last = util::read_i64(&indptr.slice(&[cuprum_core::SliceItem::Index(-1)])?)?;
        if first != 0 {
            return Err(SparseError::invalid_format(
                op,
                format!("index pointer should start with 0, got {first}"),
            ));
        }
        if last != nnz as i64 {
            return Err(SparseError::invalid_format(
                op,
                format!(
                    "last value of index pointer ({last}) should be the number of stored entries ({nnz})"
                ),
            ));
        }
        if major > 0 {
            let d = cuprum_core::diff(&indptr, 1, 0)?;
            if major > 0 && util::min_i64(&d)? < 0 {
                return Err(SparseError::invalid_format(
                    op,
                    "index pointer values must be non-decreasing",
                ));
            }
        }
        check_bounds(op, &indices, if fmt == Format::Csc { 0 } else { 1 }, nmin)?;
        let mut c = Compressed {
            data,
            indices,
            indptr,
            shape: (nmaj, nmin),
            canonical: false,
        };
        c.canonical = Self::is_canonical(&c)?;
        Ok(c)
    }

    /// Whether a compressed matrix has sorted, unique minor indices in every major slice.
    pub(crate) fn is_canonical(c: &Compressed) -> Result<bool> {
        let nnz = c.data.size();
        if nnz <= 1 {
            return Ok(true);
        }
        let major = util::cast(&util::expand_major(&c.indptr, nnz)?, DType::Int64)?;
        let key = cuprum_core::add(
            &cuprum_core::multiply(&major, c.shape.1 as i64)?,
            &cast(&c.indices, DType::Int64)?,
        )?;
        let d = cuprum_core::diff(&key, 1, 0)?;
        Ok(util::min_i64(&d)? > 0)
    }

    fn coo_from_parts(
        op: &'static str,
        data: &Array,
        row: &Array,
        col: &Array,
        shape: Option<(usize, usize)>,
    ) -> Result<Coo> {
        int_index(op, row, "row")?;
        int_index(op, col, "col")?;
        let data = if data.ndim() == 1 {
            data.clone()
        } else {
            data.ravel()?
        };
        let nnz = data.size();
        if row.size() != nnz || col.size() != nnz {
            return Err(SparseError::invalid_format(
                op,
                format!(
                    "row, column, and data array must all be the same length ({}, {}, {nnz})",
                    row.size(),
                    col.size()
                ),
            ));
        }
        let shape = match shape {
            Some(s) => s,
            None => {
                if nnz == 0 {
                    return Err(SparseError::bad_argument(
                        op,
                        "shape",
                        "None",
                        "a shape: dimensions cannot be inferred from zero-sized index arrays",
                    ));
                }
                let m = util::max_i64(row)?.max(-1) + 1;
                let n = util::max_i64(col)?.max(-1) + 1;
                (m as usize, n as usize)
            }
        };
        let (row, col) = Self::index_pair(op, row, col, nnz, &[shape.0, shape.1])?;
        check_bounds(op, &row, 0, shape.0)?;
        check_bounds(op, &col, 1, shape.1)?;
        Ok(Coo {
            data,
            row,
            col,
            shape,
            canonical: false,
        })
    }

    fn from_dense(op: &'static str, a: &Array, flavour: Flavour) -> Result<Sparse> {
        let (a2, ndim) = match a.ndim() {
            1 => {
                let n = a.shape()[0];
                (
                    a.reshape(&[1, n as isize])?,
                    if flavour == Flavour::Array { 1 } else { 2 },
                )
            }
            2 => (a.clone(), 2),
            _ => {
                return Err(SparseError::invalid_shape(
                    op,
                    a.shape(),
                    "a sparse matrix is built from a 1-D or 2-D array",
                ));
            }
        };
        let (m, n) = (a2.shape()[0], a2.shape()[1]);
        let flat = cuprum_core::flatnonzero(&a2)?;
        let nnz = flat.size();
        let it = idx_dtype(nnz, &[m, n]);
        let data = util::take(&a2.ravel()?, &flat)?;
        let nn = (n as i64).max(1);
        let row = cast(&cuprum_core::floor_divide(&flat, nn)?, it)?;
        let col = cast(&cuprum_core::remainder(&flat, nn)?, it)?;
        let indptr = util::indptr_from_sorted(&row, m, it)?;
        let c = Compressed {
            data,
            indices: col,
            indptr,
            shape: (m, n),
            canonical: true,
        };
        let mut s = Sparse::from_csr(c, flavour);
        s.ndim = ndim;
        Ok(s)
    }

    // ---------------------------------------------------------------- properties

    /// The format (`A.format`).
    ///
    /// ```
    /// let a = cuprum_sparse::csc_matrix((2, 3), None).unwrap();
    /// assert_eq!(a.format(), cuprum_sparse::Format::Csc);
    /// ```
    pub fn format(&self) -> Format {
        match self.repr {
            Repr::Csr(_) => Format::Csr,
            Repr::Csc(_) => Format::Csc,
            Repr::Coo(_) => Format::Coo,
            Repr::Dia(_) => Format::Dia,
        }
    }

    /// The flavour: `_matrix` or `_array`.
    ///
    /// ```
    /// let a = cuprum_sparse::csr_array((2, 3), None).unwrap();
    /// assert_eq!(a.flavour(), cuprum_sparse::Flavour::Array);
    /// ```
    pub fn flavour(&self) -> Flavour {
        self.flavour
    }

    /// The same matrix as the other flavour (arrays shared). A 1-D array becomes a `(1, n)`
    /// matrix.
    ///
    /// ```
    /// use cuprum_sparse::{Flavour, csr_array};
    /// let a = csr_array((2, 3), None).unwrap().with_flavour(Flavour::Matrix);
    /// assert_eq!(a.flavour(), Flavour::Matrix);
    /// ```
    pub fn with_flavour(&self, flavour: Flavour) -> Sparse {
        let mut s = self.clone();
        s.flavour = flavour;
        if flavour == Flavour::Matrix {
            s.ndim = 2;
        }
        s
    }

    /// The shape as a 2-tuple (a 1-D array of length `n` gives `(1, n)`).
    ///
    /// ```
    /// let a = cuprum_sparse::coo_matrix((2, 3), None).unwrap();
    /// assert_eq!(a.shape2(), (2, 3));
    /// ```
    pub fn shape2(&self) -> (usize, usize) {
        match &self.repr {
            Repr::Csr(c) => c.shape,
            Repr::Csc(c) => (c.shape.1, c.shape.0),
            Repr::Coo(c) => c.shape,
            Repr::Dia(d) => d.shape,
        }
    }

    /// The shape (`A.shape`): 2 entries, or 1 for a 1-D sparse array.
    ///
    /// ```
    /// let a = cuprum_sparse::csr_matrix((2, 3), None).unwrap();
    /// assert_eq!(a.shape(), vec![2, 3]);
    /// ```
    pub fn shape(&self) -> Vec<usize> {
        let (m, n) = self.shape2();
        if self.ndim == 1 { vec![n] } else { vec![m, n] }
    }

    /// The number of dimensions (2, or 1 for a 1-D sparse array).
    ///
    /// ```
    /// assert_eq!(cuprum_sparse::csr_matrix((2, 3), None).unwrap().ndim(), 2);
    /// ```
    pub fn ndim(&self) -> usize {
        self.ndim
    }

    /// The number of stored entries, explicit zeros and duplicates included (`A.nnz`).
    ///
    /// ```
    /// assert_eq!(cuprum_sparse::csr_matrix((2, 3), None).unwrap().nnz(), 0);
    /// ```
    pub fn nnz(&self) -> usize {
        match &self.repr {
            Repr::Csr(c) | Repr::Csc(c) => c.data.size(),
            Repr::Coo(c) => c.data.size(),
            Repr::Dia(d) => {
                // stored = the in-range positions of every diagonal
                let (m, n) = d.shape;
                // saturating: an offset near ±i64::MAX lies wholly outside and adds 0 (issue 46)
                let l = d.data.shape()[1].min(n) as i64;
                d.offsets
                    .iter()
                    .map(|&k| {
                        let lo = k.max(0);
                        let hi = l.min((m as i64).saturating_add(k));
                        hi.saturating_sub(lo).max(0) as usize
                    })
                    .sum()
            }
        }
    }

    /// The data dtype.
    ///
    /// ```
    /// assert_eq!(cuprum_sparse::csr_matrix((2, 3), None).unwrap().dtype(), cuprum_core::DType::Float64);
    /// ```
    pub fn dtype(&self) -> DType {
        self.data().dtype()
    }

    /// The device the arrays live on.
    ///
    /// ```
    /// use cuprum_core::Device;
    /// let d = cuprum_core::Array::from_vec_on(vec![1.0f64], &[1, 1], Device::Cpu).unwrap();
    /// assert_eq!(cuprum_sparse::csr_matrix(&d, None).unwrap().device(), Device::Cpu);
    /// ```
    pub fn device(&self) -> Device {
        self.data().device()
    }

    /// The stored values (`A.data`; for DIA the `(n_diags, L)` array).
    ///
    /// ```
    /// let d = cuprum_core::Array::from_vec(vec![0.0f64, 5.0], &[1, 2]).unwrap();
    /// let a = cuprum_sparse::csr_matrix(&d, None).unwrap();
    /// assert_eq!(a.data().to_vec::<f64>().unwrap(), vec![5.0]);
    /// ```
    pub fn data(&self) -> &Array {
        match &self.repr {
            Repr::Csr(c) | Repr::Csc(c) => &c.data,
            Repr::Coo(c) => &c.data,
            Repr::Dia(d) => &d.data,
        }
    }

    /// `A.indices` of a CSR (column indices) or CSC (row indices) matrix; `None` otherwise.
    ///
    /// ```
    /// let d = cuprum_core::Array::from_vec(vec![0.0f64, 5.0], &[1, 2]).unwrap();
    /// let a = cuprum_sparse::csr_matrix(&d, None).unwrap();
    /// assert_eq!(a.indices().unwrap().to_vec::<i32>().unwrap(), vec![1]);
    /// ```
    pub fn indices(&self) -> Option<&Array> {
        match &self.repr {
            Repr::Csr(c) | Repr::Csc(c) => Some(&c.indices),
            _ => None,
        }
    }

    /// `A.indptr` of a CSR or CSC matrix; `None` otherwise.
    ///
    /// ```
    /// let d = cuprum_core::Array::from_vec(vec![0.0f64, 5.0], &[1, 2]).unwrap();
    /// let a = cuprum_sparse::csr_matrix(&d, None).unwrap();
    /// assert_eq!(a.indptr().unwrap().to_vec::<i32>().unwrap(), vec![0, 1]);
    /// ```
    pub fn indptr(&self) -> Option<&Array> {
        match &self.repr {
            Repr::Csr(c) | Repr::Csc(c) => Some(&c.indptr),
            _ => None,
        }
    }

    /// `A.row` of a COO matrix; `None` otherwise.
    ///
    /// ```
    /// let d = cuprum_core::Array::from_vec(vec![0.0f64, 5.0], &[1, 2]).unwrap();
    /// let a = cuprum_sparse::coo_matrix(&d, None).unwrap();
    /// assert_eq!(a.row().unwrap().to_vec::<i32>().unwrap(), vec![0]);
    /// ```
    pub fn row(&self) -> Option<&Array> {
        match &self.repr {
            Repr::Coo(c) => Some(&c.row),
            _ => None,
        }
    }

    /// `A.col` of a COO matrix; `None` otherwise.
    ///
    /// ```
    /// let d = cuprum_core::Array::from_vec(vec![0.0f64, 5.0], &[1, 2]).unwrap();
    /// let a = cuprum_sparse::coo_matrix(&d, None).unwrap();
    /// assert_eq!(a.col().unwrap().to_vec::<i32>().unwrap(), vec![1]);
    /// ```
    pub fn col(&self) -> Option<&Array> {
        match &self.repr {
            Repr::Coo(c) => Some(&c.col),
            _ => None,
        }
    }

    /// `A.offsets` of a DIA matrix; `None` otherwise.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(3, 3, 1, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.offsets(), Some(&[1i64][..]));
    /// ```
    pub fn offsets(&self) -> Option<&[i64]> {
        match &self.repr {
            Repr::Dia(d) => Some(&d.offsets),
            _ => None,
        }
    }

    /// The index dtype (int32 or int64; int32 for DIA).
    ///
    /// ```
    /// let a = cuprum_sparse::csr_matrix((2, 3), None).unwrap();
    /// assert_eq!(a.index_dtype(), cuprum_core::DType::Int32);
    /// ```
    pub fn index_dtype(&self) -> DType {
        match &self.repr {
            Repr::Csr(c) | Repr::Csc(c) => c.indices.dtype(),
            Repr::Coo(c) => c.row.dtype(),
            Repr::Dia(_) => DType::Int32,
        }
    }

    /// SciPy's `has_canonical_format`: sorted indices without duplicates (CSR/CSC/COO; DIA
    /// is always canonical).
    ///
    /// ```
    /// use cuprum_core::Array;
    /// let data = Array::from_vec(vec![1.0f64, 2.0], &[2]).unwrap();
    /// let ind = Array::from_vec(vec![1i32, 0], &[2]).unwrap();
    /// let ptr = Array::from_vec(vec![0i32, 2], &[2]).unwrap();
    /// let a = cuprum_sparse::csr_matrix((&data, &ind, &ptr), Some((1, 2))).unwrap();
    /// assert!(!a.has_canonical_format());
    /// assert!(a.sum_duplicates().unwrap().has_canonical_format());
    /// ```
    pub fn has_canonical_format(&self) -> bool {
        match &self.repr {
            Repr::Csr(c) | Repr::Csc(c) => c.canonical,
            Repr::Coo(c) => c.canonical,
            Repr::Dia(_) => true,
        }
    }

    /// SciPy's `has_sorted_indices` (for CSR/CSC: sorted within every slice; duplicates allowed).
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::csr_matrix((2, 3), None).unwrap();
    /// assert!(a.has_sorted_indices().unwrap());
    /// ```
    pub fn has_sorted_indices(&self) -> Result<bool> {
        match &self.repr {
            Repr::Csr(c) | Repr::Csc(c) => {
                if c.canonical || c.data.size() <= 1 {
                    return Ok(true);
                }
                let key = Self::keys(c)?;
                Ok(util::min_i64(&cuprum_core::diff(&key, 1, 0)?)? >= 0)
            }
            _ => Ok(self.has_canonical_format()),
        }
    }

    /// int64 keys `major * minor_len + minor` of every stored entry.
    pub(crate) fn keys(c: &Compressed) -> Result<Array> {
        let major = cast(&util::expand_major(&c.indptr, c.data.size())?, DType::Int64)?;
        Ok(cuprum_core::add(
            &cuprum_core::multiply(&major, c.shape.1 as i64)?,
            &cast(&c.indices, DType::Int64)?,
        )?)
    }

    // ---------------------------------------------------------------- parts

    /// The CSR parts (duplicates of CSR input kept; other formats convert).
    pub(crate) fn csr_parts(&self) -> Result<Compressed> {
        match &self.repr {
            Repr::Csr(c) => Ok(c.clone()),
            Repr::Csc(c) => kernels::transpose(c),
            Repr::Coo(c) => kernels::coo_to_compressed(c, true),
            Repr::Dia(_) => kernels::coo_to_compressed(&self.coo_parts()?, true),
        }
    }

    /// The canonical CSR parts.
    pub(crate) fn canonical_csr(&self) -> Result<Compressed> {
        let c = self.csr_parts()?;
        if c.canonical {
            return Ok(c);
        }
        compressed_sum_duplicates(&c)
    }

    /// The canonical CSC parts (as the CSR of the transpose).
    pub(crate) fn canonical_csc(&self) -> Result<Compressed> {
        match &self.repr {
            Repr::Csc(c) if c.canonical => Ok(c.clone()),
            Repr::Csc(c) => compressed_sum_duplicates(c),
            _ => transpose_checked(&self.csr_parts()?),
        }
    }

    /// The COO parts (duplicates kept; row-major order for CSR input).
    pub(crate) fn coo_parts(&self) -> Result<Coo> {
        match &self.repr {
            Repr::Csr(c) => {
                let row = util::expand_major(&c.indptr, c.data.size())?;
                Ok(Coo {
                    data: c.data.clone(),
                    row,
                    col: c.indices.clone(),
                    shape: c.shape,
                    canonical: c.canonical,
                })
            }
            Repr::Csc(c) => {
                let col = util::expand_major(&c.indptr, c.data.size())?;
                Ok(Coo {
                    data: c.data.clone(),
                    row: c.indices.clone(),
                    col,
                    shape: (c.shape.1, c.shape.0),
                    canonical: false,
                })
            }
            Repr::Coo(c) => Ok(c.clone()),
            Repr::Dia(d) => dia_to_coo(d),
        }
    }

    /// Canonical COO parts, sorted by (row, col).
    pub(crate) fn canonical_coo(&self) -> Result<Coo> {
        let c = self.canonical_csr()?;
        let row = util::expand_major(&c.indptr, c.data.size())?;
        Ok(Coo {
            data: c.data,
            row,
            col: c.indices,
            shape: c.shape,
            canonical: true,
        })
    }

    // ---------------------------------------------------------------- conversions

    /// SciPy's `asformat`: this matrix in `format` (shared when it already is).
    ///
    /// # Errors
    /// Device errors of the conversion kernels.
    ///
    /// ```
    /// use cuprum_sparse::{Format, eye};
    /// let a = eye(3, 3, 0, cuprum_core::DType::Float32).unwrap();
    /// assert_eq!(a.asformat(Format::Csc).unwrap().format(), Format::Csc);
    /// ```
    pub fn asformat(&self, format: Format) -> Result<Sparse> {
        if self.format() == format {
            return Ok(self.clone());
        }
        Ok(match format {
            Format::Csr => self.with_like(Repr::Csr(self.csr_parts()?)),
            Format::Csc => self.with_like(Repr::Csc(match &self.repr {
                Repr::Coo(c) => {
                    let t = Coo {
                        data: c.data.clone(),
                        row: c.col.clone(),
                        col: c.row.clone(),
                        shape: (c.shape.1, c.shape.0),
                        canonical: false,
                    };
                    kernels::coo_to_compressed(&t, true)?
                }
                _ => transpose_checked(&self.csr_parts()?)?,
            })),
            Format::Coo => self.with_like(Repr::Coo(self.coo_parts()?)),
            Format::Dia => self.with_like(Repr::Dia(coo_to_dia(&self.canonical_coo()?)?)),
        })
    }

    /// SciPy's `tocsr`: canonical... as SciPy (duplicates of COO input are summed; CSR input is
    /// shared as it is).
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::coo_matrix((2, 2), None).unwrap();
    /// assert_eq!(a.tocsr().unwrap().format(), cuprum_sparse::Format::Csr);
    /// ```
    pub fn tocsr(&self) -> Result<Sparse> {
        self.asformat(Format::Csr)
    }

    /// SciPy's `tocsc`.
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::coo_matrix((2, 2), None).unwrap();
    /// assert_eq!(a.tocsc().unwrap().format(), cuprum_sparse::Format::Csc);
    /// ```
    pub fn tocsc(&self) -> Result<Sparse> {
        self.asformat(Format::Csc)
    }

    /// SciPy's `tocoo` (CSR input gives row-major order).
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::csr_matrix((2, 2), None).unwrap();
    /// assert_eq!(a.tocoo().unwrap().format(), cuprum_sparse::Format::Coo);
    /// ```
    pub fn tocoo(&self) -> Result<Sparse> {
        self.asformat(Format::Coo)
    }

    /// SciPy's `todia` (one stored diagonal per occupied diagonal).
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(3, 3, 0, cuprum_core::DType::Float64).unwrap().tocsr().unwrap();
    /// assert_eq!(a.todia().unwrap().offsets(), Some(&[0i64][..]));
    /// ```
    pub fn todia(&self) -> Result<Sparse> {
        self.asformat(Format::Dia)
    }

    /// The dense array (`toarray()`; 2-D, or 1-D for a 1-D sparse array). Duplicates add.
    ///
    /// # Errors
    /// Device errors; [`cuprum_core::Error::BadShape`] (`shape`) when `rows * cols` overflows.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Int64).unwrap();
    /// assert_eq!(a.toarray().unwrap().to_vec::<i64>().unwrap(), vec![1, 0, 0, 1]);
    /// ```
    pub fn toarray(&self) -> Result<Array> {
        let (m, n) = self.shape2();
        let total = util::checked_mul("toarray", m, n)?;
        let c = self.canonical_coo()?;
        let out = cuprum_core::zeros_on(&[total], c.data.dtype(), self.device())?;
        if c.data.size() > 0 {
            let flat = cuprum_core::add(
                &cuprum_core::multiply(&cast(&c.row, DType::Int64)?, n as i64)?,
                &cast(&c.col, DType::Int64)?,
            )?;
            cuprum_core::put(&out, &flat, &c.data, cuprum_core::IndexMode::Raise)?;
        }
        if self.ndim == 1 {
            Ok(out.reshape(&[n as isize])?)
        } else {
            Ok(out.reshape(&[m as isize, n as isize])?)
        }
    }

    /// `todense()`: the same as [`Sparse::toarray`] (cuprum has no `np.matrix`).
    ///
    /// # Errors
    /// As [`Sparse::toarray`].
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Int64).unwrap();
    /// assert_eq!(a.todense().unwrap().shape(), &[2, 2]);
    /// ```
    pub fn todense(&self) -> Result<Array> {
        self.toarray()
    }

    /// The matrix on another device (a copy of every array).
    ///
    /// # Errors
    /// Transfer errors.
    ///
    /// ```
    /// use cuprum_core::Device;
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Int64).unwrap();
    /// assert_eq!(a.to_device(Device::Cpu).unwrap().device(), Device::Cpu);
    /// ```
    pub fn to_device(&self, device: Device) -> Result<Sparse> {
        let mv = |a: &Array| -> Result<Array> { Ok(a.to_device(device)?) };
        let repr = match &self.repr {
            Repr::Csr(c) => Repr::Csr(Compressed {
                data: mv(&c.data)?,
                indices: mv(&c.indices)?,
                indptr: mv(&c.indptr)?,
                ..c.clone()
            }),
            Repr::Csc(c) => Repr::Csc(Compressed {
                data: mv(&c.data)?,
                indices: mv(&c.indices)?,
                indptr: mv(&c.indptr)?,
                ..c.clone()
            }),
            Repr::Coo(c) => Repr::Coo(Coo {
                data: mv(&c.data)?,
                row: mv(&c.row)?,
                col: mv(&c.col)?,
                ..c.clone()
            }),
            Repr::Dia(d) => Repr::Dia(Dia {
                data: mv(&d.data)?,
                ..d.clone()
            }),
        };
        Ok(self.with_like(repr))
    }

    /// A deep copy (`A.copy()`).
    ///
    /// # Errors
    /// Allocation errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Int64).unwrap();
    /// assert_eq!(a.copy().unwrap().nnz(), 2);
    /// ```
    pub fn copy(&self) -> Result<Sparse> {
        let cp = |a: &Array| -> Result<Array> { Ok(a.copy()?) };
        let repr = match &self.repr {
            Repr::Csr(c) => Repr::Csr(Compressed {
                data: cp(&c.data)?,
                indices: cp(&c.indices)?,
                indptr: cp(&c.indptr)?,
                ..c.clone()
            }),
            Repr::Csc(c) => Repr::Csc(Compressed {
                data: cp(&c.data)?,
                indices: cp(&c.indices)?,
                indptr: cp(&c.indptr)?,
                ..c.clone()
            }),
            Repr::Coo(c) => Repr::Coo(Coo {
                data: cp(&c.data)?,
                row: cp(&c.row)?,
                col: cp(&c.col)?,
                ..c.clone()
            }),
            Repr::Dia(d) => Repr::Dia(Dia {
                data: cp(&d.data)?,
                ..d.clone()
            }),
        };
        Ok(self.with_like(repr))
    }

    /// The CSR parts of this matrix (`Compressed`, canonical or not) for the kernels and the
    /// solvers of [`crate::linalg`].
    ///
    /// # Errors
    /// Device errors of the conversion.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert_eq!(a.to_compressed().unwrap().shape, (2, 2));
    /// ```
    pub fn to_compressed(&self) -> Result<Compressed> {
        self.csr_parts()
    }

    /// The same matrix with data replaced (same structure and format).
    pub(crate) fn with_data(&self, data: Array) -> Sparse {
        let repr = match &self.repr {
            Repr::Csr(c) => Repr::Csr(Compressed { data, ..c.clone() }),
            Repr::Csc(c) => Repr::Csc(Compressed { data, ..c.clone() }),
            Repr::Coo(c) => Repr::Coo(Coo { data, ..c.clone() }),
            Repr::Dia(d) => Repr::Dia(Dia { data, ..d.clone() }),
        };
        self.with_like(repr)
    }

    /// SciPy's `sum_duplicates`: a canonical copy (sorted indices, duplicates added); CSC stays
    /// CSC, COO stays COO (sorted by row, then column), DIA is returned as it is.
    ///
    /// # Errors
    /// Device errors.
    ///
    /// ```
    /// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
    /// assert!(a.sum_duplicates().unwrap().has_canonical_format());
    /// ```
    pub fn sum_duplicates(&self) -> Result<Sparse> {
        Ok(match &self.repr {
            Repr::Csr(c) => self.with_like(Repr::Csr(if c.canonical {
                c.clone()
            } else {
                compressed_sum_duplicates(c)?
            })),
            Repr::Csc(c) => self.with_like(Repr::Csc(if c.canonical {
                c.clone()
            } else {
                compressed_sum_duplicates(c)?
            })),
            Repr::Coo(c) if c.canonical => self.clone(),
            Repr::Coo(_) => self.with_like(Repr::Coo(self.canonical_coo()?)),
            Repr::Dia(_) => self.clone(),
        })
    }
}

/// Sums duplicates and sorts the minor indices of a compressed matrix.
pub(crate) fn compressed_sum_duplicates(c: &Compressed) -> Result<Compressed> {
    let row = util::expand_major(&c.indptr, c.data.size())?;
    let coo = Coo {
        data: c.data.clone(),
        row,
        col: c.indices.clone(),
        shape: c.shape,
        canonical: false,
    };
    let mut r = kernels::coo_to_compressed(&coo, true)?;
    r.canonical = true;
    Ok(r)
}

/// DIA → COO (stored zeros dropped, as SciPy's `dia_matrix.tocoo`).
fn dia_to_coo(d: &Dia) -> Result<Coo> {
    let (m, n) = d.shape;
    let dev = d.data.device();
    let nd = d.offsets.len();
    let l = d.data.shape()[1];
    let it = idx_dtype(nd.saturating_mul(l), &[m, n]);
    if nd == 0 || l == 0 {
        return Ok(Coo {
            data: util::zeros(0, d.data.dtype(), dev)?,
            row: util::zeros(0, it, dev)?,
            col: util::zeros(0, it, dev)?,
            shape: (m, n),
            canonical: true,
        });
    }
    let total = util::checked_mul("todia", nd, l)?;
    let cols1 = util::arange(l, DType::Int64, dev)?;
    let col = cuprum_core::tile(&cols1, &[nd])?;
    let offs = Array::from_vec_on(d.offsets.clone(), &[nd, 1], dev)?;
    let row = cuprum_core::subtract(&col.reshape(&[nd as isize, l as isize])?, &offs)?
        .reshape(&[total as isize])?;
    let data = d.data.ravel()?;
    let ok = cuprum_core::logical_and(
        &cuprum_core::logical_and(
            &cuprum_core::greater_equal(&row, 0i64)?,
            &cuprum_core::less(&row, m as i64)?,
        )?,
        &cuprum_core::logical_and(
            &cuprum_core::less(&col, n as i64)?,
            &cuprum_core::not_equal(&data, 0i64)?,
        )?,
    )?;
    let row = cast(&util::select(&ok, &row)?, it)?;
    let col = cast(&util::select(&ok, &col)?, it)?;
    let data = util::select(&ok, &data)?;
    Ok(Coo {
        data,
        row,
        col,
        shape: (m, n),
        canonical: false,
    })
}

/// Canonical COO → DIA: one stored diagonal per occupied offset, `L = cols`.
fn coo_to_dia(c: &Coo) -> Result<Dia> {
    let (m, n) = c.shape;
    let dev = c.data.device();
    let diag = cuprum_core::subtract(&cast(&c.col, DType::Int64)?, &cast(&c.row, DType::Int64)?)?;
    let offs = cuprum_core::unique(&diag)?;
    let offsets: Vec<i64> = offs.to_vec::<i64>()?;
    let nd = offsets.len();
    let total = util::checked_mul("todia", nd.max(1), n)?;
    let out = cuprum_core::zeros_on(&[total], c.data.dtype(), dev)?;
    if c.data.size() > 0 {
        let which = cuprum_core::searchsorted(&offs, &diag, cuprum_core::sort::Side::Left, None)?;
        let pos = cuprum_core::add(
            &cuprum_core::multiply(&which, n as i64)?,
            &cast(&c.col, DType::Int64)?,
        )?;
        cuprum_core::put(&out, &pos, &c.data, cuprum_core::IndexMode::Raise)?;
    }
    let data = if nd == 0 {
        cuprum_core::zeros_on(&[0, n], c.data.dtype(), dev)?
    } else {
        out.reshape(&[nd as isize, n as isize])?
    };
    let _ = m;
    Ok(Dia {
        data,
        offsets,
        shape: c.shape,
    })
}
