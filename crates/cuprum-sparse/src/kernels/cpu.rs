//! The CPU kernels: rayon code of our own, row-parallel.
//!
//! - SpMV / SpMM: one pass over the rows, each row a dot product with `x` (a row of `X`).
//! - SpGEMM: Gustavson's algorithm in two passes, symbolic (the distinct columns of each row,
//!   an upper bound with a marker array per thread) then numeric (a dense accumulator per
//!   thread); rows are sorted and exact zeros dropped (as SciPy's `csr_matmat`), then compacted.
//! - Transpose (CSR → CSC) and COO → CSR: counting sorts; COO → CSR then sorts each row stably
//!   by column and sums duplicates when asked.
//!
//! Arithmetic follows [`Num`]: integers wrap, float16/bfloat16 accumulate in `f32` (as the CUDA
//! kernels do), bool multiplies as AND and sums as OR.

use super::index_dtype_for;
use crate::SparseError;
use crate::parts::{Compressed, Coo};
use cuprum_core::ext::cpu::{B8, Elem};
use cuprum_core::ext::{self, CpuRead};
use cuprum_core::{Array, Complex32, Complex64, DType, Device, bf16, f16, with_dtype};
use rayon::prelude::*;

/// The arithmetic of a sparse product on one storage type.
pub(crate) trait Num: Elem {
    /// the type sums are kept in
    type Acc: Copy + Send + Sync;
    /// the additive identity
    fn zero() -> Self::Acc;
    /// `acc + a * b`
    fn fma(acc: Self::Acc, a: Self, b: Self) -> Self::Acc;
    /// `acc + a`
    fn add(acc: Self::Acc, a: Self) -> Self::Acc;
    /// the sum stored as `Self`
    fn fin(acc: Self::Acc) -> Self;
    /// true for an exact zero (false for bool)
    fn is_zero(self) -> bool;
}

macro_rules! num_int {
    ($($t:ty),*) => {$(
        impl Num for $t {
            type Acc = $t;
            #[inline(always)]
            fn zero() -> $t { 0 }
            #[inline(always)]
            fn fma(acc: $t, a: $t, b: $t) -> $t { acc.wrapping_add(a.wrapping_mul(b)) }
            #[inline(always)]
            fn add(acc: $t, a: $t) -> $t { acc.wrapping_add(a) }
            #[inline(always)]
            fn fin(acc: $t) -> $t { acc }
            #[inline(always)]
            fn is_zero(self) -> bool { self == 0 }
        }
    )*};
}
num_int!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! num_plain {
    ($($t:ty => $z:expr),*) => {$(
        impl Num for $t {
            type Acc = $t;
            #[inline(always)]
            fn zero() -> $t { $z }
            #[inline(always)]
            fn fma(acc: $t, a: $t, b: $t) -> $t { acc + a * b }
            #[inline(always)]
            fn add(acc: $t, a: $t) -> $t { acc + a }
            #[inline(always)]
            fn fin(acc: $t) -> $t { acc }
            #[inline(always)]
            fn is_zero(self) -> bool { self == $z }
        }
    )*};
}
num_plain!(f32 => 0.0, f64 => 0.0, Complex32 => Complex32::new(0.0, 0.0),
    Complex64 => Complex64::new(0.0, 0.0));

macro_rules! num_half {
    ($($t:ty),*) => {$(
        impl Num for $t {
            type Acc = f32;
            #[inline(always)]
            fn zero() -> f32 { 0.0 }
            #[inline(always)]
            fn fma(acc: f32, a: $t, b: $t) -> f32 { acc + a.to_f32() * b.to_f32() }
            #[inline(always)]
            fn add(acc: f32, a: $t) -> f32 { acc + a.to_f32() }
            #[inline(always)]
            fn fin(acc: f32) -> $t { <$t>::from_f32(acc) }
            #[inline(always)]
            fn is_zero(self) -> bool { self.to_f32() == 0.0 }
        }
    )*};
}
num_half!(f16, bf16);

impl Num for B8 {
    type Acc = bool;
    #[inline(always)]
    fn zero() -> bool {
        false
    }
    #[inline(always)]
    fn fma(acc: bool, a: B8, b: B8) -> bool {
        acc | (a.get() & b.get())
    }
    #[inline(always)]
    fn add(acc: bool, a: B8) -> bool {
        acc | a.get()
    }
    #[inline(always)]
    fn fin(acc: bool) -> B8 {
        B8::new(acc)
    }
    #[inline(always)]
    fn is_zero(self) -> bool {
        !self.get()
    }
}

/// A stored index type (int32 or int64).
pub(crate) trait Idx: bytemuck::Pod + Send + Sync + Ord + 'static {
    /// its dtype
    const DTYPE: DType;
    /// the value (may be negative for a malformed matrix)
    fn get(self) -> i64;
    /// from a value known to fit
    fn from_usize(v: usize) -> Self;
}
impl Idx for i32 {
    const DTYPE: DType = DType::Int32;
    #[inline(always)]
    fn get(self) -> i64 {
        self as i64
    }
    #[inline(always)]
    fn from_usize(v: usize) -> i32 {
        debug_assert!(v <= i32::MAX as usize);
        v as i32
    }
}
impl Idx for i64 {
    const DTYPE: DType = DType::Int64;
    #[inline(always)]
    fn get(self) -> i64 {
        self
    }
    #[inline(always)]
    fn from_usize(v: usize) -> i64 {
        v as i64
    }
}

/// Runs `$body` with `$I` bound to the index type of `$dt` (int32 or int64; the caller checked).
macro_rules! with_index {
    ($dt:expr, $I:ident => $body:expr) => {
        if $dt == DType::Int32 {
            type $I = i32;
            $body
        } else {
            type $I = i64;
            $body
        }
    };
}

/// Read access to a CPU array's buffer.
fn lock(a: &Array) -> CpuRead<'_> {
    a.storage()
        .as_cpu()
        .expect("the caller dispatched on a CPU array")
        .read()
}

/// The elements of a C-contiguous CPU array under its read guard.
fn elems<'g, T: bytemuck::Pod>(g: &'g CpuRead<'_>, a: &Array) -> &'g [T] {
    &g.slice::<T>()[a.offset()..a.offset() + a.size()]
}

/// A new 1-D CPU array of `dtype` holding `v`.
fn array_of<T: bytemuck::Pod>(v: &[T], dtype: DType) -> Result<Array, SparseError> {
    let a = Array::empty_on(&[v.len()], dtype, Device::Cpu)?;
    {
        let s = a.storage().as_cpu().expect("a fresh CPU array");
        let mut w = s.write();
        w.slice_mut::<T>()[..v.len()].copy_from_slice(v);
    }
    Ok(a)
}

fn c(a: &Array) -> Result<Array, SparseError> {
    Ok(ext::as_c_contiguous(a)?)
}

fn bad_index(op: &'static str, index: i64, axis: usize, size: usize) -> SparseError {
    SparseError::IndexOutOfBounds {
        op,
        index,
        axis,
        size,
    }
}

fn bad_indptr(op: &'static str, row: usize, s: i64, e: i64, nnz: usize) -> SparseError {
    SparseError::InvalidFormat {
        op,
        detail: format!(
            "indptr[{row}] = {s}, indptr[{}] = {e}: the bounds of a major slice must satisfy 0 <= start <= end <= nnz = {nnz}",
            row + 1
        ),
    }
}

/// The range of slice `i`, checked.
#[inline(always)]
fn range<I: Idx>(
    op: &'static str,
    indptr: &[I],
    i: usize,
    nnz: usize,
) -> Result<std::ops::Range<usize>, SparseError> {
    let (s, e) = (indptr[i].get(), indptr[i + 1].get());
    if s < 0 || s > e || e as u64 > nnz as u64 {
        return Err(bad_indptr(op, i, s, e, nnz));
    }
    Ok(s as usize..e as usize)
}

/// Rows per rayon task for work of about `nnz / rows` per row.
fn grain(rows: usize, nnz: usize) -> usize {
    let per = nnz / rows.max(1) + 1;
    (4096 / per).clamp(16, 4096)
}

// ---------------------------------------------------------------------------------------------
// SpMV / SpMM

pub(crate) fn spmv(a: &Compressed, x: &Array, r: DType) -> Result<Array, SparseError> {
    let data = c(&super::as_dtype(&a.data, r)?)?;
    let x = c(&super::as_dtype(x, r)?)?;
    let (indices, indptr) = (c(&a.indices)?, c(&a.indptr)?);
    let y = Array::empty_on(&[a.shape.0], r, Device::Cpu)?;
    let (gd, gx, gi, gp) = (lock(&data), lock(&x), lock(&indices), lock(&indptr));
    {
        let ys = y.storage().as_cpu().expect("a fresh CPU array");
        let mut w = ys.write();
        with_dtype!(r, T => with_index!(indices.dtype(), I => spmv_t::<T, I>(
            elems(&gp, &indptr),
            elems(&gi, &indices),
            elems(&gd, &data),
            elems(&gx, &x),
            &mut w.slice_mut::<T>()[..a.shape.0],
        )))?;
    }
    Ok(y)
}

fn spmv_t<T: Num, I: Idx>(
    indptr: &[I],
    idx: &[I],
    data: &[T],
    x: &[T],
    y: &mut [T],
) -> Result<(), SparseError> {
    let (nnz, n) = (idx.len(), x.len());
    let g = grain(y.len(), nnz);
    y.par_chunks_mut(g)
        .enumerate()
        .try_for_each(|(ci, ys)| -> Result<(), SparseError> {
            for (r, yv) in ys.iter_mut().enumerate() {
                let i = ci * g + r;
                let rg = range("spmv", indptr, i, nnz)?;
                let mut acc = T::zero();
                for (&j, &v) in idx[rg.clone()].iter().zip(&data[rg]) {
                    let j = j.get();
                    if j < 0 || j as u64 >= n as u64 {
                        return Err(bad_index("spmv", j, 1, n));
                    }
                    acc = T::fma(acc, v, x[j as usize]);
                }
                *yv = T::fin(acc);
            }
            Ok(())
        })
}

pub(crate) fn spmm(a: &Compressed, x: &Array, r: DType) -> Result<Array, SparseError> {
    let data = c(&super::as_dtype(&a.data, r)?)?;
    let x = c(&super::as_dtype(x, r)?)?;
    let k = x.shape()[1];
    let (indices, indptr) = (c(&a.indices)?, c(&a.indptr)?);
    let m = a.shape.0;
    let len = m.checked_mul(k).ok_or_else(|| SparseError::InvalidShape {
        op: "spmm",
        shape: vec![m, k],
        detail: "the result's element count overflows".into(),
    })?;
    let y = Array::empty_on(&[m, k], r, Device::Cpu)?;
    let (gd, gx, gi, gp) = (lock(&data), lock(&x), lock(&indices), lock(&indptr));
    {
        let ys = y.storage().as_cpu().expect("a fresh CPU array");
        let mut w = ys.write();
        with_dtype!(r, T => with_index!(indices.dtype(), I => spmm_t::<T, I>(
            elems(&gp, &indptr),
            elems(&gi, &indices),
            elems(&gd, &data),
            elems(&gx, &x),
            x.shape()[0],
            k,
            &mut w.slice_mut::<T>()[..len],
        )))?;
    }
    Ok(y)
}

fn spmm_t<T: Num, I: Idx>(
    indptr: &[I],
    idx: &[I],
    data: &[T],
    x: &[T],
    n: usize,
    k: usize,
    y: &mut [T],
) -> Result<(), SparseError> {
    if k == 0 {
        return Ok(());
    }
    let nnz = idx.len();
    let rows = y.len() / k;
    let g = grain(rows, nnz.saturating_mul(k));
    y.par_chunks_mut(g * k).enumerate().try_for_each_init(
        || vec![T::zero(); k],
        |acc, (ci, ys)| -> Result<(), SparseError> {
            for (r, yrow) in ys.chunks_mut(k).enumerate() {
                let i = ci * g + r;
                let rg = range("spmm", indptr, i, nnz)?;
                acc.fill(T::zero());
                for (&j, &v) in idx[rg.clone()].iter().zip(&data[rg]) {
                    let j = j.get();
                    if j < 0 || j as u64 >= n as u64 {
                        return Err(bad_index("spmm", j, 1, n));
                    }
                    let xr = &x[j as usize * k..j as usize * k + k];
                    for (s, &xv) in acc.iter_mut().zip(xr) {
                        *s = T::fma(*s, v, xv);
                    }
                }
                for (o, &s) in yrow.iter_mut().zip(acc.iter()) {
                    *o = T::fin(s);
                }
            }
            Ok(())
        },
    )
}

// ---------------------------------------------------------------------------------------------
// row-chunked output

/// Splits `cols`/`vals` (laid out by the row offsets `offs`, `rows + 1` entries) into chunks of
/// whole rows: `(first row, last row + 1, cols, vals)`.
#[allow(clippy::type_complexity)]
fn split_rows<'a, I, T>(
    offs: &[usize],
    grain: usize,
    mut cols: &'a mut [I],
    mut vals: &'a mut [T],
) -> Vec<(usize, usize, &'a mut [I], &'a mut [T])> {
    let rows = offs.len() - 1;
    let mut out = Vec::with_capacity(rows / grain + 1);
    let mut r0 = 0;
    while r0 < rows {
        let r1 = (r0 + grain).min(rows);
        let len = offs[r1] - offs[r0];
        let (c0, c1) = std::mem::take(&mut cols).split_at_mut(len);
        let (v0, v1) = std::mem::take(&mut vals).split_at_mut(len);
        out.push((r0, r1, c0, v0));
        cols = c1;
        vals = v1;
        r0 = r1;
    }
    out
}

/// Exclusive prefix sum (`counts.len() + 1` entries).
fn offsets(counts: &[usize]) -> Vec<usize> {
    let mut offs = Vec::with_capacity(counts.len() + 1);
    let mut s = 0usize;
    offs.push(0);
    for &c in counts {
        s += c;
        offs.push(s);
    }
    offs
}

/// Builds a `Compressed` from rows laid out at `offs` of which only the first `kept[i]`
/// entries of each row are valid.
#[allow(clippy::too_many_arguments)]
fn finish<T: bytemuck::Pod + Send + Sync, J: Idx>(
    offs: &[usize],
    kept: &[usize],
    mut cols: Vec<J>,
    mut vals: Vec<T>,
    vdtype: DType,
    shape: (usize, usize),
    canonical: bool,
) -> Result<Compressed, SparseError> {
    let total: usize = kept.iter().sum();
    let koffs = offsets(kept);
    if total != offs[offs.len() - 1] {
        // compaction, in place, front to back (a row only moves towards the front)
        for (i, &k) in kept.iter().enumerate() {
            let (src, dst) = (offs[i], koffs[i]);
            if src != dst {
                cols.copy_within(src..src + k, dst);
                vals.copy_within(src..src + k, dst);
            }
        }
        cols.truncate(total);
        vals.truncate(total);
    }
    let indptr: Vec<J> = koffs.iter().map(|&o| J::from_usize(o)).collect();
    Ok(Compressed {
        data: array_of(&vals, vdtype)?,
        indices: array_of(&cols, J::DTYPE)?,
        indptr: array_of(&indptr, J::DTYPE)?,
        shape,
        canonical,
    })
}

// ---------------------------------------------------------------------------------------------
// SpGEMM

pub(crate) fn spgemm(a: &Compressed, b: &Compressed, r: DType) -> Result<Compressed, SparseError> {
    let (ad, bd) = (
        c(&super::as_dtype(&a.data, r)?)?,
        c(&super::as_dtype(&b.data, r)?)?,
    );
    let wide = if a.indices.dtype() == DType::Int64 || b.indices.dtype() == DType::Int64 {
        DType::Int64
    } else {
        DType::Int32
    };
    let (ai, ap) = (
        c(&super::as_dtype(&a.indices, wide)?)?,
        c(&super::as_dtype(&a.indptr, wide)?)?,
    );
    let (bi, bp) = (
        c(&super::as_dtype(&b.indices, wide)?)?,
        c(&super::as_dtype(&b.indptr, wide)?)?,
    );
    let g = [&ad, &bd, &ai, &ap, &bi, &bp].map(lock);
    let shape = (a.shape.0, b.shape.1);
    with_dtype!(r, T => with_index!(wide, I => spgemm_t::<T, I>(
        (elems(&g[3], &ap), elems(&g[2], &ai), elems(&g[0], &ad)),
        (elems(&g[5], &bp), elems(&g[4], &bi), elems(&g[1], &bd)),
        a.shape.1,
        shape,
        r,
        wide,
    )))
}

type Csr<'a, T, I> = (&'a [I], &'a [I], &'a [T]);

fn spgemm_t<T: Num, I: Idx>(
    a: Csr<'_, T, I>,
    b: Csr<'_, T, I>,
    k: usize,
    shape: (usize, usize),
    r: DType,
    wide: DType,
) -> Result<Compressed, SparseError> {
    const OP: &str = "spgemm";
    let (m, n) = shape;
    let (ap, ai, ad) = a;
    let (bp, bi, bd) = b;
    let (annz, bnnz) = (ai.len(), bi.len());
    // symbolic: distinct columns of each row (an upper bound of the stored entries)
    let g = grain(m, annz);
    let counts: Vec<usize> = (0..m)
        .into_par_iter()
        .with_min_len(g)
        .map_init(
            || vec![usize::MAX; n],
            |mark, i| -> Result<usize, SparseError> {
                let mut cnt = 0usize;
                for kk in range(OP, ap, i, annz)? {
                    let t = ai[kk].get();
                    if t < 0 || t as u64 >= k as u64 {
                        return Err(bad_index(OP, t, 1, k));
                    }
                    for l in range(OP, bp, t as usize, bnnz)? {
                        let j = bi[l].get();
                        if j < 0 || j as u64 >= n as u64 {
                            return Err(bad_index(OP, j, 1, n));
                        }
                        if mark[j as usize] != i {
                            mark[j as usize] = i;
                            cnt += 1;
                        }
                    }
                }
                Ok(cnt)
            },
        )
        .collect::<Result<_, _>>()?;
    let offs = offsets(&counts);
    let total = offs[m];
    let j_dt = index_dtype_for(wide, total, &[m, n]);
    with_index!(j_dt, J => {
        let mut cols = vec![J::from_usize(0); total];
        let mut vals = vec![T::fin(T::zero()); total];
        let mut kept = vec![0usize; m];
        let g = grain(m, total);
        let chunks = split_rows(&offs, g, &mut cols, &mut vals);
        let kc: Vec<(usize, &mut [usize])> = {
            let mut v = Vec::new();
            let mut rest = &mut kept[..];
            let mut r0 = 0;
            while r0 < m {
                let r1 = (r0 + g).min(m);
                let (h, t) = std::mem::take(&mut rest).split_at_mut(r1 - r0);
                v.push((r0, h));
                rest = t;
                r0 = r1;
            }
            v
        };
        chunks.into_par_iter().zip(kc).for_each_init(
            || (vec![T::zero(); n], vec![usize::MAX; n], Vec::<usize>::new()),
            |(acc, mark, list), ((r0, r1, cs, vs), (_, kept))| {
                let mut pos = 0usize;
                for i in r0..r1 {
                    list.clear();
                    // indices were checked by the symbolic pass
                    let (s, e) = (ap[i].get() as usize, ap[i + 1].get() as usize);
                    for kk in s..e {
                        let t = ai[kk].get() as usize;
                        let av = ad[kk];
                        let (bs, be) = (bp[t].get() as usize, bp[t + 1].get() as usize);
                        for l in bs..be {
                            let j = bi[l].get() as usize;
                            if mark[j] != i {
                                mark[j] = i;
                                acc[j] = T::zero();
                                list.push(j);
                            }
                            acc[j] = T::fma(acc[j], av, bd[l]);
                        }
                    }
                    list.sort_unstable();
                    let start = pos;
                    for &j in list.iter() {
                        let v = T::fin(acc[j]);
                        if !v.is_zero() {
                            cs[pos] = J::from_usize(j);
                            vs[pos] = v;
                            pos += 1;
                        }
                    }
                    kept[i - r0] = pos - start;
                    // the row's slot is `list.len()` long: skip the unused tail
                    pos = start + list.len();
                }
            },
        );
        finish(&offs, &kept, cols, vals, r, shape, true)
    })
}

// ---------------------------------------------------------------------------------------------
// transpose (CSR -> CSC)

pub(crate) fn transpose(a: &Compressed) -> Result<Compressed, SparseError> {
    let (data, indices, indptr) = (c(&a.data)?, c(&a.indices)?, c(&a.indptr)?);
    let (gd, gi, gp) = (lock(&data), lock(&indices), lock(&indptr));
    let dt = data.dtype();
    with_dtype!(dt, T => with_index!(indices.dtype(), I => transpose_t::<T, I>(
        elems(&gp, &indptr),
        elems(&gi, &indices),
        elems(&gd, &data),
        a.shape,
        dt,
        a.canonical,
    )))
}

fn transpose_t<T: bytemuck::Pod + Send + Sync, I: Idx>(
    indptr: &[I],
    idx: &[I],
    data: &[T],
    (m, n): (usize, usize),
    dt: DType,
    canonical: bool,
) -> Result<Compressed, SparseError> {
    const OP: &str = "transpose";
    let nnz = idx.len();
    let mut next = vec![0usize; n + 1];
    for i in 0..m {
        for kk in range(OP, indptr, i, nnz)? {
            let j = idx[kk].get();
            if j < 0 || j as u64 >= n as u64 {
                return Err(bad_index(OP, j, 1, n));
            }
            next[j as usize + 1] += 1;
        }
    }
    for j in 0..n {
        next[j + 1] += next[j];
    }
    let total = next[n];
    let optr: Vec<I> = next.iter().map(|&o| I::from_usize(o)).collect();
    let mut oi = vec![I::from_usize(0); total];
    let mut od = vec![data.first().copied().unwrap_or_else(T::zeroed); total];
    for i in 0..m {
        let (s, e) = (indptr[i].get() as usize, indptr[i + 1].get() as usize);
        for kk in s..e {
            let j = idx[kk].get() as usize;
            let p = next[j];
            next[j] = p + 1;
            oi[p] = I::from_usize(i);
            od[p] = data[kk];
        }
    }
    // m must fit the index dtype: the caller's matrix had m major slices
    if I::DTYPE == DType::Int32 && m > i32::MAX as usize {
        return Err(SparseError::InvalidFormat {
            op: OP,
            detail: format!("{m} rows do not fit int32 column indices of the transpose"),
        });
    }
    Ok(Compressed {
        data: array_of(&od, dt)?,
        indices: array_of(&oi, I::DTYPE)?,
        indptr: array_of(&optr, I::DTYPE)?,
        shape: (n, m),
        canonical,
    })
}

// ---------------------------------------------------------------------------------------------
// COO -> CSR

pub(crate) fn coo_to_compressed(c0: &Coo, sum: bool) -> Result<Compressed, SparseError> {
    let (data, row, col) = (c(&c0.data)?, c(&c0.row)?, c(&c0.col)?);
    let (gd, gr, gc) = (lock(&data), lock(&row), lock(&col));
    let dt = data.dtype();
    with_dtype!(dt, T => with_index!(row.dtype(), I => coo_t::<T, I>(
        elems(&gr, &row),
        elems(&gc, &col),
        elems(&gd, &data),
        c0.shape,
        dt,
        sum,
    )))
}

fn coo_t<T: Num, I: Idx>(
    row: &[I],
    col: &[I],
    data: &[T],
    (m, n): (usize, usize),
    dt: DType,
    sum: bool,
) -> Result<Compressed, SparseError> {
    const OP: &str = "coo_to_compressed";
    let nnz = row.len();
    // bounds, in parallel
    row.par_iter()
        .zip(col.par_iter())
        .with_min_len(1 << 14)
        .try_for_each(|(&r, &c)| {
            let (r, c) = (r.get(), c.get());
            if r < 0 || r as u64 >= m as u64 {
                Err(bad_index(OP, r, 0, m))
            } else if c < 0 || c as u64 >= n as u64 {
                Err(bad_index(OP, c, 1, n))
            } else {
                Ok(())
            }
        })?;
    // counting sort by row (stable)
    let mut counts = vec![0usize; m];
    for &r in row {
        counts[r.get() as usize] += 1;
    }
    let offs = offsets(&counts);
    let mut next = offs.clone();
    let mut cols = vec![I::from_usize(0); nnz];
    let mut vals = vec![data.first().copied().unwrap_or_else(T::zeroed); nnz];
    for ((&r, &c), &v) in row.iter().zip(col).zip(data) {
        let p = &mut next[r.get() as usize];
        cols[*p] = c;
        vals[*p] = v;
        *p += 1;
    }
    // each row: a stable sort by column, then duplicates summed (or checked for)
    let mut kept = vec![0usize; m];
    let g = grain(m, nnz);
    let dups = std::sync::atomic::AtomicBool::new(false);
    {
        let chunks = split_rows(&offs, g, &mut cols, &mut vals);
        let mut kc = Vec::new();
        let mut rest = &mut kept[..];
        for (r0, r1, _, _) in &chunks {
            let (h, t) = std::mem::take(&mut rest).split_at_mut(r1 - r0);
            kc.push(h);
            rest = t;
        }
        chunks.into_par_iter().zip(kc).for_each_init(
            Vec::<(I, T)>::new,
            |tmp, ((r0, r1, cs, vs), kept)| {
                let mut base = 0usize;
                for i in r0..r1 {
                    let len = offs[i + 1] - offs[i];
                    let (rc, rv) = (&mut cs[base..base + len], &mut vs[base..base + len]);
                    if !rc.windows(2).all(|w| w[0] <= w[1]) {
                        tmp.clear();
                        tmp.extend(rc.iter().copied().zip(rv.iter().copied()));
                        tmp.sort_by_key(|p| p.0);
                        for (q, &(c, v)) in tmp.iter().enumerate() {
                            rc[q] = c;
                            rv[q] = v;
                        }
                    }
                    let mut w = 0usize;
                    if sum {
                        let mut q = 0;
                        while q < len {
                            let c = rc[q];
                            let first = rv[q];
                            q += 1;
                            let v = if q < len && rc[q] == c {
                                let mut acc = T::add(T::zero(), first);
                                while q < len && rc[q] == c {
                                    acc = T::add(acc, rv[q]);
                                    q += 1;
                                }
                                T::fin(acc)
                            } else {
                                first
                            };
                            rc[w] = c;
                            rv[w] = v;
                            w += 1;
                        }
                    } else {
                        w = len;
                        if rc.windows(2).any(|p| p[0] == p[1]) {
                            dups.store(true, std::sync::atomic::Ordering::Relaxed);
                        }
                    }
                    kept[i - r0] = w;
                    base += len;
                }
            },
        );
    }
    let canonical = sum || !dups.into_inner();
    finish(&offs, &kept, cols, vals, dt, (m, n), canonical)
}
