//! Sparse constructors of `scipy.sparse`: [`eye`], [`identity`], [`diags`], [`spdiags`],
//! [`random`], [`kron`], [`kronsum`], [`hstack`], [`vstack`], [`bmat`], [`block_diag`],
//! [`tril`], [`triu`], [`find`].

use crate::kernels;
use crate::parts::Coo;
use crate::sparse::{Dia, Flavour, Format, Repr, Sparse};
use crate::util::{self, cast};
use crate::{Result, SparseError};
use cuprum_core::{Array, DType, Device};

/// SciPy's `eye(m, n, k, dtype)`: ones on diagonal `k` of an `m × n` DIA matrix, on the
/// default device (`_matrix` flavour; see [`eye_array`] for the array flavour).
///
/// # Errors
/// Allocation errors.
///
/// ```
/// let a = cuprum_sparse::eye(2, 3, 1, cuprum_core::DType::Float64).unwrap();
/// assert_eq!(a.toarray().unwrap().to_vec::<f64>().unwrap(), vec![0.0, 1.0, 0.0, 0.0, 0.0, 1.0]);
/// ```
pub fn eye(m: usize, n: usize, k: i64, dtype: DType) -> Result<Sparse> {
    eye_on(
        m,
        n,
        k,
        dtype,
        Flavour::Matrix,
        cuprum_core::default_device(),
    )
}

/// SciPy's `eye_array(m, n, k=k, dtype=dtype)` (array flavour).
///
/// # Errors
/// Allocation errors.
///
/// ```
/// let a = cuprum_sparse::eye_array(2, 2, 0, cuprum_core::DType::Int32).unwrap();
/// assert_eq!(a.flavour(), cuprum_sparse::Flavour::Array);
/// ```
pub fn eye_array(m: usize, n: usize, k: i64, dtype: DType) -> Result<Sparse> {
    eye_on(
        m,
        n,
        k,
        dtype,
        Flavour::Array,
        cuprum_core::default_device(),
    )
}

/// [`eye`] with the flavour and device given.
///
/// # Errors
/// Allocation errors.
///
/// ```
/// use cuprum_sparse::{Flavour, eye_on};
/// let a = eye_on(2, 2, 0, cuprum_core::DType::Bool, Flavour::Matrix, cuprum_core::Device::Cpu).unwrap();
/// assert_eq!(a.nnz(), 2);
/// ```
pub fn eye_on(
    m: usize,
    n: usize,
    k: i64,
    dtype: DType,
    flavour: Flavour,
    device: Device,
) -> Result<Sparse> {
    let data = cuprum_core::ones_on(&[1, n], dtype, device)?;
    Ok(Sparse::from_repr(
        Repr::Dia(Dia {
            data,
            offsets: vec![k],
            shape: (m, n),
        }),
        flavour,
    ))
}

/// SciPy's `identity(n, dtype)`: the `n × n` identity (DIA, matrix flavour).
///
/// # Errors
/// Allocation errors.
///
/// ```
/// let a = cuprum_sparse::identity(3, cuprum_core::DType::Float32).unwrap();
/// assert_eq!(a.nnz(), 3);
/// ```
pub fn identity(n: usize, dtype: DType) -> Result<Sparse> {
    eye(n, n, 0, dtype)
}

/// SciPy's `diags(diagonals, offsets, shape)`: a DIA matrix (matrix flavour) with
/// `diagonals[i]` on diagonal `offsets[i]`.
///
/// **Shapes**: each diagonal has its diagonal's exact length (or 1, broadcast); without
/// `shape` the matrix is square, `len(diagonals[0]) + |offsets[0]|`. The dtype is the
/// promotion of the diagonals' dtypes unless `dtype` is given.
///
/// # Errors
/// [`cuprum_core::Error::BadShape`] (`diagonals`) for a diagonal of the wrong length;
/// [`cuprum_core::Error::BadArgument`] (`offsets`) for a repeated offset, an offset outside
/// the matrix, or a different number of diagonals and offsets.
///
/// ```
/// use cuprum_core::Array;
/// let d0 = Array::from_vec(vec![1.0f64, 2.0], &[2]).unwrap();
/// let d1 = Array::from_vec(vec![3.0f64], &[1]).unwrap();
/// let a = cuprum_sparse::diags(&[&d0, &d1], &[0, 1], None, None).unwrap();
/// assert_eq!(a.toarray().unwrap().to_vec::<f64>().unwrap(), vec![1.0, 3.0, 0.0, 2.0]);
/// ```
pub fn diags(
    diagonals: &[&Array],
    offsets: &[i64],
    shape: Option<(usize, usize)>,
    dtype: Option<DType>,
) -> Result<Sparse> {
    diags_flavour("diags", diagonals, offsets, shape, dtype, Flavour::Matrix)
}

/// SciPy's `diags_array(diagonals, offsets=, shape=, dtype=)` (array flavour).
///
/// # Errors
/// As [`diags`].
///
/// ```
/// use cuprum_core::Array;
/// let d0 = Array::from_vec(vec![1.0f64, 2.0], &[2]).unwrap();
/// let a = cuprum_sparse::diags_array(&[&d0], &[0], None, None).unwrap();
/// assert_eq!(a.flavour(), cuprum_sparse::Flavour::Array);
/// ```
pub fn diags_array(
    diagonals: &[&Array],
    offsets: &[i64],
    shape: Option<(usize, usize)>,
    dtype: Option<DType>,
) -> Result<Sparse> {
    diags_flavour(
        "diags_array",
        diagonals,
        offsets,
        shape,
        dtype,
        Flavour::Array,
    )
}

fn diags_flavour(
    op: &'static str,
    diagonals: &[&Array],
    offsets: &[i64],
    shape: Option<(usize, usize)>,
    dtype: Option<DType>,
    flavour: Flavour,
) -> Result<Sparse> {
    if diagonals.len() != offsets.len() || diagonals.is_empty() {
        return Err(SparseError::bad_argument(
            op,
            "offsets",
            format!("{offsets:?}"),
            format!(
                "one offset for each of the {} diagonals (at least one)",
                diagonals.len()
            ),
        ));
    }
    let (m, n) = match shape {
        Some(s) => s,
        None => {
            let s = diagonals[0].size() + offsets[0].unsigned_abs() as usize;
            (s, s)
        }
    };
    let dt = dtype.unwrap_or_else(|| {
        diagonals
            .iter()
            .skip(1)
            .fold(diagonals[0].dtype(), |a, d| util::promote(a, d.dtype()))
    });
    let dev = diagonals[0].device();
    let mut rows = Vec::with_capacity(diagonals.len());
    let mut seen = offsets.to_vec();
    seen.sort_unstable();
    if seen.windows(2).any(|w| w[0] == w[1]) {
        return Err(SparseError::bad_argument(
            op,
            "offsets",
            format!("{offsets:?}"),
            "distinct offsets",
        ));
    }
    for (d, &k) in diagonals.iter().zip(offsets) {
        let (mi, ni) = (m as i64, n as i64);
        let len = if k >= 0 {
            mi.min(ni - k)
        } else {
            (mi + k).min(ni)
        };
        if len <= 0 {
            return Err(SparseError::bad_argument(
                op,
                "offsets",
                k,
                format!("an offset in ({}, {n}) for shape ({m}, {n})", -(m as i64)),
            ));
        }
        let len = len as usize;
        let d = cast(&d.ravel()?, dt)?;
        let d = if d.size() == 1 && len != 1 {
            cuprum_core::broadcast_arrays(&[&d, &util::zeros(len, dt, dev)?])?
                .remove(0)
                .copy()?
        } else if d.size() != len {
            return Err(SparseError::bad_shape(
                op,
                "diagonals",
                &[d.size()],
                format!("{len} elements (or 1) for offset {k} of a ({m}, {n}) matrix"),
            ));
        } else {
            d
        };
        let before = k.max(0) as usize;
        let after = n - before - len;
        rows.push(util::concat(&[
            &util::zeros(before, dt, dev)?,
            &d,
            &util::zeros(after, dt, dev)?,
        ])?);
    }
    let refs: Vec<&Array> = rows.iter().collect();
    let data = cuprum_core::stack(&refs, 0)?;
    Ok(Sparse::from_repr(
        Repr::Dia(Dia {
            data,
            offsets: offsets.to_vec(),
            shape: (m, n),
        }),
        flavour,
    ))
}

/// SciPy's `spdiags(data, diags, m, n)`: a DIA matrix (matrix flavour) from a `(k, L)` data
/// array, `data[i, j]` going to `A[j - diags[i], j]`.
///
/// # Errors
/// [`SparseError::InvalidFormat`] when the data rows and offsets differ in number.
///
/// ```
/// use cuprum_core::Array;
/// let data = Array::from_vec(vec![1.0f64, 2.0, 3.0], &[1, 3]).unwrap();
/// let a = cuprum_sparse::spdiags(&data, &[0], 3, 3).unwrap();
/// assert_eq!(a.diagonal(0).unwrap().to_vec::<f64>().unwrap(), vec![1.0, 2.0, 3.0]);
/// ```
pub fn spdiags(data: &Array, diags: &[i64], m: usize, n: usize) -> Result<Sparse> {
    let offs = Array::from_vec_on(diags.to_vec(), &[diags.len()], Device::Cpu)?;
    crate::dia_matrix((data, &offs), Some((m, n)))
}

/// SciPy's `random(m, n, density, format, dtype, random_state)` / `rand`: `round(density·m·n)`
/// distinct positions, uniformly chosen, with uniform `[0, 1)` values, from core's
/// `random::Generator` seeded with `seed` (the same stream on the CPU and on CUDA). The
/// positions are chosen on the host (a permutation of `m·n` keys) and uploaded.
///
/// # Errors
/// [`cuprum_core::Error::OutOfDomain`] (`density`) for a density outside `[0, 1]`;
/// [`cuprum_core::Error::BadShape`] (`shape`) for an `m·n` that overflows; a non-float dtype.
///
/// ```
/// use cuprum_sparse::{Format, random};
/// let a = random(4, 5, 0.5, Format::Csr, cuprum_core::DType::Float64, 7).unwrap();
/// assert_eq!(a.nnz(), 10);
/// let b = random(4, 5, 0.5, Format::Csr, cuprum_core::DType::Float64, 7).unwrap();
/// assert_eq!(a.toarray().unwrap().to_vec::<f64>().unwrap(), b.toarray().unwrap().to_vec::<f64>().unwrap());
/// ```
pub fn random(
    m: usize,
    n: usize,
    density: f64,
    format: Format,
    dtype: DType,
    seed: u64,
) -> Result<Sparse> {
    random_on(
        m,
        n,
        density,
        format,
        dtype,
        seed,
        Flavour::Matrix,
        cuprum_core::default_device(),
    )
}

/// [`random`] with the flavour and device given (`random_array`).
///
/// # Errors
/// As [`random`].
///
/// ```
/// use cuprum_sparse::{Flavour, Format, random_on};
/// let a = random_on(3, 3, 1.0, Format::Coo, cuprum_core::DType::Float32, 1, Flavour::Array, cuprum_core::Device::Cpu).unwrap();
/// assert_eq!(a.nnz(), 9);
/// ```
#[allow(clippy::too_many_arguments)]
pub fn random_on(
    m: usize,
    n: usize,
    density: f64,
    format: Format,
    dtype: DType,
    seed: u64,
    flavour: Flavour,
    device: Device,
) -> Result<Sparse> {
    const OP: &str = "random";
    if !(0.0..=1.0).contains(&density) {
        return Err(SparseError::out_of_domain(OP, "density", density, "[0, 1]"));
    }
    let total = util::checked_mul(OP, m, n)?;
    let k = (density * total as f64).round() as usize;
    let mut g = cuprum_core::random::Generator::new(seed);
    let pos = g.choice_on(total, &[k], false, device)?;
    let vals = g.random_on(
        &[k],
        if matches!(dtype, DType::Float32 | DType::Float64) {
            dtype
        } else {
            DType::Float64
        },
        device,
    )?;
    let vals = cast(&vals, dtype)?;
    let it = util::idx_dtype(k, &[m, n]);
    let nn = (n as i64).max(1);
    let row = cast(&cuprum_core::floor_divide(&pos, nn)?, it)?;
    let col = cast(&cuprum_core::remainder(&pos, nn)?, it)?;
    let coo = Coo {
        data: vals,
        row,
        col,
        shape: (m, n),
        canonical: false,
    };
    Sparse::from_repr(Repr::Coo(coo), flavour).asformat(format)
}

/// SciPy's `rand(m, n, density, format, dtype, random_state)` (the same as [`random`]).
///
/// # Errors
/// As [`random`].
///
/// ```
/// let a = cuprum_sparse::rand(3, 3, 0.0, cuprum_sparse::Format::Csr, cuprum_core::DType::Float64, 0).unwrap();
/// assert_eq!(a.nnz(), 0);
/// ```
pub fn rand(
    m: usize,
    n: usize,
    density: f64,
    format: Format,
    dtype: DType,
    seed: u64,
) -> Result<Sparse> {
    random(m, n, density, format, dtype, seed)
}

fn flavour_of(blocks: &[&Sparse]) -> Flavour {
    if blocks.iter().any(|b| b.flavour() == Flavour::Array) {
        Flavour::Array
    } else {
        Flavour::Matrix
    }
}

/// SciPy's `kron(A, B)`: the Kronecker product (canonical CSR).
///
/// **Shapes**: `(m, n) ⊗ (p, q) → (m·p, n·q)`.
///
/// # Errors
/// [`cuprum_core::Error::BadShape`] (`shape`) when the result's size overflows.
///
/// ```
/// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
/// let k = cuprum_sparse::kron(&a, &a).unwrap();
/// assert_eq!(k.shape2(), (4, 4));
/// assert_eq!(k.nnz(), 4);
/// ```
pub fn kron(a: &Sparse, b: &Sparse) -> Result<Sparse> {
    const OP: &str = "kron";
    let (m, n) = a.shape2();
    let (p, q) = b.shape2();
    let (rm, rn) = (util::checked_mul(OP, m, p)?, util::checked_mul(OP, n, q)?);
    let ca = a.canonical_coo()?;
    let cb = b.canonical_coo()?;
    let (na, nb) = (ca.data.size(), cb.data.size());
    let nnz = util::checked_mul(OP, na, nb)?;
    let it = util::idx_dtype(nnz, &[rm, rn]);
    let i64c = |x: &Array| cast(x, DType::Int64);
    let col_v = |x: &Array, k: usize| -> Result<Array> { Ok(x.reshape(&[k as isize, 1])?) };
    let row_v = |x: &Array, k: usize| -> Result<Array> { Ok(x.reshape(&[1, k as isize])?) };
    let row = cuprum_core::add(
        &col_v(&cuprum_core::multiply(&i64c(&ca.row)?, p as i64)?, na)?,
        &row_v(&i64c(&cb.row)?, nb)?,
    )?;
    let col = cuprum_core::add(
        &col_v(&cuprum_core::multiply(&i64c(&ca.col)?, q as i64)?, na)?,
        &row_v(&i64c(&cb.col)?, nb)?,
    )?;
    let data = cuprum_core::multiply(&col_v(&ca.data, na)?, &row_v(&cb.data, nb)?)?;
    let coo = Coo {
        data: data.ravel()?,
        row: cast(&row.ravel()?, it)?,
        col: cast(&col.ravel()?, it)?,
        shape: (rm, rn),
        canonical: false,
    };
    let mut c = kernels::coo_to_compressed(&coo, true)?;
    c.canonical = true;
    Ok(Sparse::from_repr(Repr::Csr(c), flavour_of(&[a, b])))
}

/// SciPy's `kronsum(A, B)`: `kron(I_n, A) + kron(B, I_m)` for square `A (m × m)` and
/// `B (n × n)`.
///
/// # Errors
/// [`SparseError::InvalidShape`] for a non-square operand.
///
/// ```
/// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
/// let k = cuprum_sparse::kronsum(&a, &a).unwrap();
/// assert_eq!(k.diagonal(0).unwrap().to_vec::<f64>().unwrap(), vec![2.0; 4]);
/// ```
pub fn kronsum(a: &Sparse, b: &Sparse) -> Result<Sparse> {
    const OP: &str = "kronsum";
    let (m, m2) = a.shape2();
    let (n, n2) = b.shape2();
    if m != m2 {
        return Err(SparseError::invalid_shape(OP, &[m, m2], "A is not square"));
    }
    if n != n2 {
        return Err(SparseError::invalid_shape(OP, &[n, n2], "B is not square"));
    }
    let dt = util::promote(a.dtype(), b.dtype());
    let dev = a.device();
    let im = eye_on(m, m, 0, dt, Flavour::Matrix, dev)?;
    let in_ = eye_on(n, n, 0, dt, Flavour::Matrix, dev)?;
    let l = kron(&in_, a)?;
    let r = kron(b, &im)?;
    let mut s = l.add(&r)?;
    s.flavour = flavour_of(&[a, b]);
    Ok(s)
}

/// Records `v` in `slot`, or checks it against the value already there (`mismatch` of that
/// value when they differ).
fn agree(
    slot: &mut Option<usize>,
    v: usize,
    mismatch: impl FnOnce(usize) -> SparseError,
) -> Result<()> {
    match *slot {
        None => *slot = Some(v),
        Some(x) if x != v => return Err(mismatch(x)),
        _ => {}
    }
    Ok(())
}

/// The block sizes along one axis of a grid, each set by some block; `none(i)` describes a
/// position `i` without one (a [`cuprum_core::Error::BadArgument`] of `op` naming `blocks`).
fn block_sizes(
    op: &'static str,
    sizes: Vec<Option<usize>>,
    none: impl Fn(usize) -> String,
) -> Result<Vec<usize>> {
    let size = |(i, s): (usize, Option<usize>)| {
        s.ok_or_else(|| {
            SparseError::bad_argument(
                op,
                "blocks",
                none(i),
                "a grid whose every block row and column holds a matrix",
            )
        })
    };
    sizes.into_iter().enumerate().map(size).collect()
}

/// SciPy's `bmat(blocks)`: a block matrix from a grid of sparse blocks (`None` is an all-zero
/// block); every block row shares one height and every block column one width. The dtype is
/// the promotion of the blocks' dtypes. Canonical CSR result.
///
/// # Errors
/// [`SparseError::ShapeMismatch`] for blocks that do not fit;
/// [`cuprum_core::Error::BadArgument`] (`blocks`) for a block row or column with only
/// `None`, or an empty or ragged grid.
///
/// ```
/// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
/// let m = cuprum_sparse::bmat(&[vec![Some(&a), None], vec![None, Some(&a)]]).unwrap();
/// assert_eq!(m.shape2(), (4, 4));
/// assert_eq!(m.nnz(), 4);
/// ```
pub fn bmat(blocks: &[Vec<Option<&Sparse>>]) -> Result<Sparse> {
    const OP: &str = "bmat";
    let br = blocks.len();
    let bc = blocks.first().map_or(0, Vec::len);
    if br == 0 || bc == 0 || blocks.iter().any(|r| r.len() != bc) {
        let lens: Vec<usize> = blocks.iter().map(Vec::len).collect();
        return Err(SparseError::bad_argument(
            OP,
            "blocks",
            format!("a grid with row lengths {lens:?}"),
            "a non-empty rectangular grid",
        ));
    }
    let mut heights = vec![None; br];
    let mut widths = vec![None; bc];
    for (i, row) in blocks.iter().enumerate() {
        for (j, b) in row.iter().enumerate() {
            if let Some(b) = b {
                let (h, w) = b.shape2();
                let mismatch = |a| SparseError::ShapeMismatch {
                    op: OP,
                    a,
                    b: (h, w),
                };
                agree(&mut heights[i], h, |x| mismatch((x, w)))?;
                agree(&mut widths[j], w, |x| mismatch((h, x)))?;
            }
        }
    }
    let heights = block_sizes(OP, heights, |i| format!("blocks[{i},:] is all None"))?;
    let widths = block_sizes(OP, widths, |j| format!("blocks[:,{j}] is all None"))?;
    let present: Vec<&Sparse> = blocks.iter().flatten().flatten().copied().collect();
    let dt = present
        .iter()
        .skip(1)
        .fold(present[0].dtype(), |a, b| util::promote(a, b.dtype()));
    let dev = present[0].device();
    let m: usize = heights.iter().sum();
    let n: usize = widths.iter().sum();
    let (mut rows, mut cols, mut datas) = (Vec::new(), Vec::new(), Vec::new());
    let mut r0 = 0usize;
    for (i, row) in blocks.iter().enumerate() {
        let mut c0 = 0usize;
        for (j, b) in row.iter().enumerate() {
            if let Some(b) = b {
                let c = b.coo_parts()?;
                rows.push(cuprum_core::add(&cast(&c.row, DType::Int64)?, r0 as i64)?);
                cols.push(cuprum_core::add(&cast(&c.col, DType::Int64)?, c0 as i64)?);
                datas.push(cast(&c.data, dt)?);
            }
            c0 += widths[j];
        }
        r0 += heights[i];
    }
    let nnz: usize = datas.iter().map(Array::size).sum();
    let it = util::idx_dtype(nnz, &[m, n]);
    let cat = |v: &[Array], d: DType| -> Result<Array> {
        let refs: Vec<&Array> = v.iter().collect();
        if refs.is_empty() {
            util::zeros(0, d, dev)
        } else {
            util::concat(&refs)
        }
    };
    let coo = Coo {
        data: cat(&datas, dt)?,
        row: cast(&cat(&rows, DType::Int64)?, it)?,
        col: cast(&cat(&cols, DType::Int64)?, it)?,
        shape: (m, n),
        canonical: false,
    };
    let mut c = kernels::coo_to_compressed(&coo, true)?;
    c.canonical = true;
    Ok(Sparse::from_repr(Repr::Csr(c), flavour_of(&present)))
}

/// SciPy's `hstack(blocks)`: the blocks side by side (same number of rows).
///
/// # Errors
/// As [`bmat`].
///
/// ```
/// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
/// assert_eq!(cuprum_sparse::hstack(&[&a, &a]).unwrap().shape2(), (2, 4));
/// ```
pub fn hstack(blocks: &[&Sparse]) -> Result<Sparse> {
    bmat(&[blocks.iter().map(|b| Some(*b)).collect()])
}

/// SciPy's `vstack(blocks)`: the blocks stacked (same number of columns).
///
/// # Errors
/// As [`bmat`].
///
/// ```
/// let a = cuprum_sparse::eye(2, 2, 0, cuprum_core::DType::Float64).unwrap();
/// assert_eq!(cuprum_sparse::vstack(&[&a, &a]).unwrap().shape2(), (4, 2));
/// ```
pub fn vstack(blocks: &[&Sparse]) -> Result<Sparse> {
    let grid: Vec<Vec<Option<&Sparse>>> = blocks.iter().map(|b| vec![Some(*b)]).collect();
    bmat(&grid)
}

/// SciPy's `block_diag(mats)`: the blocks along the diagonal (they may be non-square).
///
/// # Errors
/// [`cuprum_core::Error::BadArgument`] (`mats`) for no blocks.
///
/// ```
/// let a = cuprum_sparse::eye(2, 3, 0, cuprum_core::DType::Float64).unwrap();
/// assert_eq!(cuprum_sparse::block_diag(&[&a, &a]).unwrap().shape2(), (4, 6));
/// ```
pub fn block_diag(mats: &[&Sparse]) -> Result<Sparse> {
    const OP: &str = "block_diag";
    if mats.is_empty() {
        return Err(SparseError::bad_argument(
            OP,
            "mats",
            "[]",
            "at least one matrix",
        ));
    }
    // bmat needs a block in every row/column; place zero-size padding by building COO directly
    let dt = mats
        .iter()
        .skip(1)
        .fold(mats[0].dtype(), |a, b| util::promote(a, b.dtype()));
    let dev = mats[0].device();
    let (mut rows, mut cols, mut datas) = (Vec::new(), Vec::new(), Vec::new());
    let (mut r0, mut c0) = (0usize, 0usize);
    for b in mats {
        let c = b.coo_parts()?;
        rows.push(cuprum_core::add(&cast(&c.row, DType::Int64)?, r0 as i64)?);
        cols.push(cuprum_core::add(&cast(&c.col, DType::Int64)?, c0 as i64)?);
        datas.push(cast(&c.data, dt)?);
        r0 += c.shape.0;
        c0 += c.shape.1;
    }
    let nnz: usize = datas.iter().map(Array::size).sum();
    let it = util::idx_dtype(nnz, &[r0, c0]);
    let cat = |v: &[Array]| -> Result<Array> {
        let refs: Vec<&Array> = v.iter().collect();
        util::concat(&refs)
    };
    let coo = Coo {
        data: cat(&datas)?,
        row: cast(&cat(&rows)?, it)?,
        col: cast(&cat(&cols)?, it)?,
        shape: (r0, c0),
        canonical: false,
    };
    let _ = dev;
    let mut c = kernels::coo_to_compressed(&coo, true)?;
    c.canonical = true;
    Ok(Sparse::from_repr(Repr::Csr(c), flavour_of(mats)))
}

/// SciPy's `tril(A, k)` (see [`Sparse::tril`]).
///
/// # Errors
/// Device errors.
///
/// ```
/// let a = cuprum_sparse::eye(3, 3, -1, cuprum_core::DType::Float64).unwrap();
/// assert_eq!(cuprum_sparse::tril(&a, 0).unwrap().nnz(), 2);
/// ```
pub fn tril(a: &Sparse, k: i64) -> Result<Sparse> {
    a.tril(k)
}

/// SciPy's `triu(A, k)` (see [`Sparse::triu`]).
///
/// # Errors
/// Device errors.
///
/// ```
/// let a = cuprum_sparse::eye(3, 3, -1, cuprum_core::DType::Float64).unwrap();
/// assert_eq!(cuprum_sparse::triu(&a, 0).unwrap().nnz(), 0);
/// ```
pub fn triu(a: &Sparse, k: i64) -> Result<Sparse> {
    a.triu(k)
}

/// SciPy's `find(A)`: `(row, col, values)` of the nonzero entries after summing duplicates,
/// in row-major order (int64 indices... in the matrix's index dtype).
///
/// # Errors
/// Device errors.
///
/// ```
/// let a = cuprum_sparse::eye(2, 2, 1, cuprum_core::DType::Float64).unwrap();
/// let (r, c, v) = cuprum_sparse::find(&a).unwrap();
/// assert_eq!(r.to_vec::<i32>().unwrap(), vec![0]);
/// assert_eq!(c.to_vec::<i32>().unwrap(), vec![1]);
/// assert_eq!(v.to_vec::<f64>().unwrap(), vec![1.0]);
/// ```
pub fn find(a: &Sparse) -> Result<(Array, Array, Array)> {
    let c = a.canonical_coo()?;
    let keep = cuprum_core::not_equal(&c.data, 0i64)?;
    Ok((
        util::select(&keep, &c.row)?,
        util::select(&keep, &c.col)?,
        util::select(&keep, &c.data)?,
    ))
}

/// Keeps `Format` imported for the docs of this module.
#[allow(dead_code)]
fn _fmt(_: Format) {}
