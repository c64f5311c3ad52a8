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
    /// the largest value of `s` read as unsigned (a negative value reads as at least
    /// [`Idx::NEG_UNSIGNED`]); 0 for an empty slice
    fn max_unsigned(s: &[Self]) -> u64;
    /// the smallest unsigned reading of a negative value: 2^31 or 2^63
    const NEG_UNSIGNED: u64;
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
    #[inline(always)]
    fn max_unsigned(s: &[i32]) -> u64 {
        s.iter().fold(0u32, |m, &j| m.max(j as u32)) as u64
    }
    const NEG_UNSIGNED: u64 = 1 << 31;
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
    #[inline(always)]
    fn max_unsigned(s: &[i64]) -> u64 {
        s.iter().fold(0u64, |m, &j| m.max(j as u64))
    }
    const NEG_UNSIGNED: u64 = 1 << 63;
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

/// A new C-contiguous CPU array of `shape` and `dtype` that the caller fills completely (a
/// recycled buffer when the reuse cache holds one: no page faults, no clearing).
fn out_array(shape: &[usize], dtype: DType) -> Result<Array, SparseError> {
    Ok(ext::empty_for_overwrite(shape, dtype, Device::Cpu)?)
}

/// Runs `f` on the elements of a fresh array made by [`out_array`] (nobody else holds it).
fn fill<T: bytemuck::Pod, R>(a: &Array, f: impl FnOnce(&mut [T]) -> R) -> R {
    let s = a.storage().as_cpu().expect("a fresh CPU array");
    let mut w = s.write();
    f(&mut w.slice_mut::<T>()[..a.size()])
}

/// A new 1-D CPU array of `dtype` holding `v`.
fn array_of<T: bytemuck::Pod>(v: &[T], dtype: DType) -> Result<Array, SparseError> {
    let a = out_array(&[v.len()], dtype)?;
    fill(&a, |w: &mut [T]| w.copy_from_slice(v));
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
    SparseError::invalid_format(
        op,
        format!(
            "indptr[{row}] = {s}, indptr[{}] = {e}: the bounds of a major slice must satisfy 0 <= start <= end <= nnz = {nnz}",
            row + 1
        ),
    )
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

/// Checks every slice bound of `indptr` (`0 <= start <= end <= nnz`), in parallel.
fn check_indptr<I: Idx>(op: &'static str, indptr: &[I], nnz: usize) -> Result<(), SparseError> {
    let m = indptr.len().saturating_sub(1);
    (0..m)
        .into_par_iter()
        .with_min_len(1 << 14)
        .try_for_each(|i| range(op, indptr, i, nnz).map(drop))
}

/// Rows per rayon task for work of about `nnz / rows` per row.
fn grain(rows: usize, nnz: usize) -> usize {
    let per = nnz / rows.max(1) + 1;
    (4096 / per).clamp(16, 4096)
}

/// Splits the rows `0..m` of `indptr` into at most `parts` contiguous, non-empty ranges
/// covering `0..m` in order, of about equal stored entries plus rows (a row costs something
/// even when empty). A malformed `indptr` (negative or decreasing) still gives such ranges, only
/// unbalanced: its values are clamped to `0..=indptr[m]` (kernels that do not check `indptr`
/// first report it themselves).
fn row_chunks<I: Idx>(indptr: &[I], parts: usize) -> Vec<(usize, usize)> {
    let m = indptr.len() - 1;
    let nnz = indptr[m].get().max(0) as usize;
    let at = |r: usize| indptr[r].get().clamp(0, nnz as i64) as usize + r;
    let total = nnz + m;
    let parts = parts.clamp(1, m.max(1));
    let mut out = Vec::with_capacity(parts);
    let mut r0 = 0usize;
    for p in 1..=parts {
        let r1 = if p == parts {
            m
        } else {
            // the first row whose start (entries before it plus rows before it) reaches p/parts
            let target = total / parts * p;
            let mut lo = r0;
            let mut hi = m;
            while lo < hi {
                let mid = lo + (hi - lo) / 2;
                if at(mid) < target {
                    lo = mid + 1;
                } else {
                    hi = mid;
                }
            }
            lo
        };
        if r1 > r0 {
            out.push((r0, r1));
            r0 = r1;
        }
    }
    if out.is_empty() {
        out.push((0, m));
    }
    out
}

/// The number of parallel parts for work of `work` element operations: one per 32 Ki
/// operations, at most four per thread.
fn parts_for(work: usize) -> usize {
    let t = rayon::current_num_threads().max(1);
    (work / (1 << 15)).clamp(1, 4 * t)
}

/// A raw pointer shared by the tasks of a parallel scatter whose writes go to disjoint
/// positions.
#[derive(Clone, Copy)]
struct SharedMut<T>(*mut T);
// SAFETY: only used for writes to disjoint elements by different tasks (each use says why the
// positions are disjoint); `T: Send` values move between threads that way.
unsafe impl<T: Send> Send for SharedMut<T> {}
// SAFETY: as above.
unsafe impl<T: Send> Sync for SharedMut<T> {}

// ---------------------------------------------------------------------------------------------
// SpMV / SpMM

pub(crate) fn spmv(a: &Compressed, x: &Array, r: DType) -> Result<Array, SparseError> {
    let data = c(&super::as_dtype(&a.data, r)?)?;
    let x = c(&super::as_dtype(x, r)?)?;
    let (indices, indptr) = (c(&a.indices)?, c(&a.indptr)?);
    let y = out_array(&[a.shape.0], r)?;
    let (gd, gx, gi, gp) = (lock(&data), lock(&x), lock(&indices), lock(&indptr));
    with_dtype!(r, T => with_index!(indices.dtype(), I => fill(&y, |ys: &mut [T]| spmv_t::<T, I>(
        elems(&gp, &indptr),
        elems(&gi, &indices),
        elems(&gd, &data),
        elems(&gx, &x),
        ys,
    ))))?;
    Ok(y)
}

/// `y = A x` over every row, in parallel parts of about equal stored entries plus rows
/// ([`spmv_parts`]); each row is summed in stored order with one running sum, as SciPy's
/// `csr_matvec` sums (`acc + a * x`, no fused multiply-add), so float results are the same bits
/// as SciPy's. Each part checks its own row bounds and column indices ([`spmv_rows`], a group of
/// rows at a time); the first error found is returned.
fn spmv_t<T: Num, I: Idx>(
    indptr: &[I],
    idx: &[I],
    data: &[T],
    x: &[T],
    y: &mut [T],
) -> Result<(), SparseError> {
    let parts = spmv_parts(indptr, idx.len());
    if parts.len() <= 1 {
        return spmv_rows(indptr, idx, data, x, y, 0);
    }
    let mut pieces = Vec::with_capacity(parts.len());
    let mut rest = y;
    for &(r0, r1) in &parts {
        let (head, tail) = std::mem::take(&mut rest).split_at_mut(r1 - r0);
        pieces.push((r0, head));
        rest = tail;
    }
    pieces
        .into_par_iter()
        .try_for_each(|(r0, ys)| spmv_rows(indptr, idx, data, x, ys, r0))
}

/// The row ranges of a parallel SpMV: contiguous, covering `0..m` in order, about equal in
/// stored entries plus rows ([`row_chunks`], which tolerates a malformed `indptr`); one part
/// below 2^16 entries plus rows (waking the pool costs more than such a product), else up to
/// four per thread, at least 2^15 each (a few parts per thread even out a thread that the
/// operating system pauses, without rayon splitting the rows into hundreds of tasks).
pub(super) fn spmv_parts<I: Idx>(indptr: &[I], nnz: usize) -> Vec<(usize, usize)> {
    let m = indptr.len() - 1;
    let work = nnz.saturating_add(m);
    if work < SPMV_PAR_MIN {
        return vec![(0, m)];
    }
    row_chunks(indptr, parts_for(work))
}

/// SpMV of fewer stored entries plus rows than this runs on the calling thread.
const SPMV_PAR_MIN: usize = 1 << 16;

/// Rows per validated group of [`spmv_rows`]: small enough that the group's indices and values
/// are still in L1/L2 when the products read them right after the check.
const SPMV_GROUP: usize = 256;

/// `y[r - r0] = (A x)[r]` for rows `r0..r0 + y.len()`, in groups of [`SPMV_GROUP`] rows: each
/// group's row pointers (in `0..=nnz`, nondecreasing) and column indices (in `0..n`) are
/// checked first by two branch-free passes that the compiler vectorizes, then its products run
/// without a check per entry (on the 2-core machine the per-entry comparison of
/// [`spmv_rows_checked`] cost a third of the product's time). A group that fails the check is
/// run by [`spmv_rows_checked`], which finds and reports the first bad row or entry.
///
/// Compiled twice, for the baseline target and for AVX2 (chosen at run time): with AVX2 the
/// checks run 8 indices per instruction (`vpmaxud`) and cost about nothing; in the baseline
/// build (SSE2 has no unsigned 32-bit maximum) they cost about as much as the per-entry
/// comparison they replace. The arithmetic is the same scalar IEEE operations in the same order
/// in both builds (no fused multiply-add), so the results are the same bits.
fn spmv_rows<T: Num, I: Idx>(
    indptr: &[I],
    idx: &[I],
    data: &[T],
    x: &[T],
    y: &mut [T],
    r0: usize,
) -> Result<(), SparseError> {
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    fn avx2<T: Num, I: Idx>(
        indptr: &[I],
        idx: &[I],
        data: &[T],
        x: &[T],
        y: &mut [T],
        r0: usize,
    ) -> Result<(), SparseError> {
        spmv_rows_grouped(indptr, idx, data, x, y, r0)
    }
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        // SAFETY: the CPU supports AVX2 (checked just above).
        return unsafe { avx2(indptr, idx, data, x, y, r0) };
    }
    spmv_rows_grouped(indptr, idx, data, x, y, r0)
}

/// The body of [`spmv_rows`].
#[inline(always)]
fn spmv_rows_grouped<T: Num, I: Idx>(
    indptr: &[I],
    idx: &[I],
    data: &[T],
    x: &[T],
    y: &mut [T],
    r0: usize,
) -> Result<(), SparseError> {
    let (nnz, n) = (idx.len(), x.len());
    // a negative index must read as at least `n` once made unsigned
    let unsigned_ok = data.len() == nnz && n as u64 <= I::NEG_UNSIGNED;
    let mut g0 = 0;
    while g0 < y.len() {
        let g1 = (g0 + SPMV_GROUP).min(y.len());
        let ptr = &indptr[r0 + g0..=r0 + g1];
        let ys = &mut y[g0..g1];
        let (first, last) = (ptr[0].get(), ptr[g1 - g0].get());
        let ok = unsigned_ok
            && first >= 0
            && first <= last
            && last as u64 <= nnz as u64
            && ptr.windows(2).fold(true, |ok, w| ok & (w[0] <= w[1]))
            && I::max_unsigned(&idx[first as usize..last as usize]) < n as u64;
        if !ok {
            spmv_rows_checked(indptr, idx, data, x, ys, r0 + g0)?;
            g0 = g1;
            continue;
        }
        let mut s = first as usize;
        for (r, yv) in ys.iter_mut().enumerate() {
            let e = ptr[r + 1].get() as usize;
            let mut acc = T::zero();
            for k in s..e {
                // SAFETY: the group's pointers are nondecreasing from `first >= 0` to
                // `last <= nnz`, so `first <= s <= k < e <= last <= nnz = idx.len() =
                // data.len()`; `idx[first..last]` read as unsigned are all below `n = x.len()`
                // (and `n <= NEG_UNSIGNED`, so no negative index passed). The caller holds the
                // arrays' read locks for the whole call: nothing changed since the check.
                unsafe {
                    let j = idx.get_unchecked(k).get() as usize;
                    acc = T::fma(acc, *data.get_unchecked(k), *x.get_unchecked(j));
                }
            }
            *yv = T::fin(acc);
            s = e;
        }
        g0 = g1;
    }
    Ok(())
}

/// [`spmv_rows`] with every row bound and column index checked as it is used (one unsigned
/// comparison per entry: a negative index wraps to a huge one); the first bad one is the error.
fn spmv_rows_checked<T: Num, I: Idx>(
    indptr: &[I],
    idx: &[I],
    data: &[T],
    x: &[T],
    y: &mut [T],
    r0: usize,
) -> Result<(), SparseError> {
    let (nnz, n) = (idx.len(), x.len());
    let ptr = &indptr[r0..=r0 + y.len()];
    for (r, yv) in y.iter_mut().enumerate() {
        let (s, e) = (ptr[r].get(), ptr[r + 1].get());
        if s < 0 || s > e || e as u64 > nnz as u64 {
            return Err(bad_indptr("spmv", r0 + r, s, e, nnz));
        }
        let (s, e) = (s as usize, e as usize);
        let mut acc = T::zero();
        for (&j, &v) in idx[s..e].iter().zip(&data[s..e]) {
            match x.get(j.get() as usize) {
                Some(&xv) => acc = T::fma(acc, v, xv),
                None => return Err(bad_index("spmv", j.get(), 1, n)),
            }
        }
        *yv = T::fin(acc);
    }
    Ok(())
}

pub(crate) fn spmm(a: &Compressed, x: &Array, r: DType) -> Result<Array, SparseError> {
    let data = c(&super::as_dtype(&a.data, r)?)?;
    let x = c(&super::as_dtype(x, r)?)?;
    let k = x.shape()[1];
    let (indices, indptr) = (c(&a.indices)?, c(&a.indptr)?);
    let m = a.shape.0;
    m.checked_mul(k).ok_or_else(|| {
        SparseError::invalid_shape("spmm", &[m, k], "the result's element count overflows")
    })?;
    let y = out_array(&[m, k], r)?;
    let (gd, gx, gi, gp) = (lock(&data), lock(&x), lock(&indices), lock(&indptr));
    with_dtype!(r, T => with_index!(indices.dtype(), I => fill(&y, |ys: &mut [T]| spmm_t::<T, I>(
        elems(&gp, &indptr),
        elems(&gi, &indices),
        elems(&gd, &data),
        elems(&gx, &x),
        x.shape()[0],
        k,
        ys,
    ))))?;
    Ok(y)
}

/// Columns of `X` one SpMM pass handles at once (accumulators in registers).
const KB: usize = 8;

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
    let g = grain(rows, nnz.saturating_mul(k.min(KB)));
    y.par_chunks_mut(g * k)
        .enumerate()
        .try_for_each(|(ci, ys)| -> Result<(), SparseError> {
            for (r, yrow) in ys.chunks_mut(k).enumerate() {
                let i = ci * g + r;
                let rg = range("spmm", indptr, i, nnz)?;
                let (cols, vals) = (&idx[rg.clone()], &data[rg]);
                let mut c0 = 0;
                while c0 < k {
                    let w = KB.min(k - c0);
                    let mut acc = [T::zero(); KB];
                    for (&j, &v) in cols.iter().zip(vals) {
                        let jj = j.get() as usize;
                        if jj >= n {
                            return Err(bad_index("spmm", j.get(), 1, n));
                        }
                        let base = jj * k + c0;
                        if w == KB {
                            let xr: &[T; KB] = x[base..base + KB]
                                .try_into()
                                .expect("a slice of KB elements");
                            for (s, &xv) in acc.iter_mut().zip(xr.iter()) {
                                *s = T::fma(*s, v, xv);
                            }
                        } else {
                            for (s, &xv) in acc[..w].iter_mut().zip(&x[base..base + w]) {
                                *s = T::fma(*s, v, xv);
                            }
                        }
                    }
                    for (o, &s) in yrow[c0..c0 + w].iter_mut().zip(&acc[..w]) {
                        *o = T::fin(s);
                    }
                    c0 += w;
                }
            }
            Ok(())
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
    // the column indices of the result: int32 when the operands' are and the extents fit (a
    // result of more than 2^31 - 1 entries widens its indices afterwards)
    let j_dt = index_dtype_for(wide, 0, &[shape.0, shape.1]);
    with_dtype!(r, T => with_index!(wide, I => with_index!(j_dt, J => spgemm_t::<T, I, J>(
        (elems(&g[3], &ap), elems(&g[2], &ai), elems(&g[0], &ad)),
        (elems(&g[5], &bp), elems(&g[4], &bi), elems(&g[1], &bd)),
        a.shape.1,
        shape,
        r,
    ))))
}

type Csr<'a, T, I> = (&'a [I], &'a [I], &'a [T]);

/// One part's rows of `C = A B`: sorted columns, values (no exact zeros) and row lengths.
struct Part<T, J> {
    cols: Vec<J>,
    vals: Vec<T>,
    lens: Vec<usize>,
}

/// Gustavson's algorithm, one pass per part of rows with a dense accumulator (SPA): `mark[j]`
/// holds `row + 1` once column `j` was touched in `row` (0: never; a fresh zeroed buffer needs
/// no clearing), `acc[j]` its sum, `list` the touched columns (sorted per row). The parts are
/// then copied into the result in parallel at their row offsets.
fn spgemm_t<T: Num, I: Idx, J: Idx>(
    a: Csr<'_, T, I>,
    b: Csr<'_, T, I>,
    k: usize,
    shape: (usize, usize),
    r: DType,
) -> Result<Compressed, SparseError> {
    const OP: &str = "spgemm";
    let (m, n) = shape;
    let (ap, ai, ad) = a;
    let (bp, bi, bd) = b;
    let (annz, bnnz) = (ai.len(), bi.len());
    check_indptr(OP, ap, annz)?;
    check_indptr(OP, bp, bnnz)?;
    let chunks = row_chunks(ap, parts_for(annz.saturating_mul(4) + m));
    let parts: Vec<Part<T, J>> = chunks
        .par_iter()
        .map(|&(r0, r1)| -> Result<Part<T, J>, SparseError> {
            let mut mark = cuprum_core::ext::try_vec_filled(n, 0usize)?;
            let mut acc = cuprum_core::ext::try_vec_filled(n, T::zero())?;
            let mut list: Vec<usize> = Vec::new();
            let est = (ap[r1].get() - ap[r0].get()) as usize * 2 + (r1 - r0);
            let mut part = Part {
                cols: Vec::with_capacity(est),
                vals: Vec::with_capacity(est),
                lens: Vec::with_capacity(r1 - r0),
            };
            for i in r0..r1 {
                list.clear();
                let (s, e) = (ap[i].get() as usize, ap[i + 1].get() as usize);
                for kk in s..e {
                    let t = ai[kk].get() as usize;
                    if t >= k {
                        return Err(bad_index(OP, ai[kk].get(), 1, k));
                    }
                    let av = ad[kk];
                    let (bs, be) = (bp[t].get() as usize, bp[t + 1].get() as usize);
                    for (&jx, &bv) in bi[bs..be].iter().zip(&bd[bs..be]) {
                        let j = jx.get() as usize;
                        if j >= n {
                            return Err(bad_index(OP, jx.get(), 1, n));
                        }
                        if mark[j] != i + 1 {
                            mark[j] = i + 1;
                            acc[j] = T::zero();
                            list.push(j);
                        }
                        acc[j] = T::fma(acc[j], av, bv);
                    }
                }
                list.sort_unstable();
                let before = part.cols.len();
                for &j in list.iter() {
                    let v = T::fin(acc[j]);
                    if !v.is_zero() {
                        part.cols.push(J::from_usize(j));
                        part.vals.push(v);
                    }
                }
                part.lens.push(part.cols.len() - before);
            }
            Ok(part)
        })
        .collect::<Result<_, _>>()?;
    // row offsets of the result, then the parts copied to theirs
    let total: usize = parts.iter().map(|p| p.cols.len()).sum();
    let mut bases = Vec::with_capacity(parts.len());
    let mut s = 0usize;
    for p in &parts {
        bases.push(s);
        s += p.cols.len();
    }
    let p_dt = index_dtype_for(J::DTYPE, total, &[m, n]);
    let data = out_array(&[total], r)?;
    let indices = out_array(&[total], J::DTYPE)?;
    fill(&data, |dv: &mut [T]| {
        fill(&indices, |iv: &mut [J]| {
            let (dp, ip) = (SharedMut(dv.as_mut_ptr()), SharedMut(iv.as_mut_ptr()));
            parts.par_iter().zip(&bases).for_each(|(p, &b)| {
                let (dp, ip) = (dp, ip);
                // SAFETY: part `p` owns the positions `b..b + p.cols.len()` of the `total`
                // elements (the bases are the exclusive prefix sums of the parts' lengths),
                // so the copies of different parts never overlap and stay in bounds.
                unsafe {
                    std::ptr::copy_nonoverlapping(p.vals.as_ptr(), dp.0.add(b), p.vals.len());
                    std::ptr::copy_nonoverlapping(p.cols.as_ptr(), ip.0.add(b), p.cols.len());
                }
            });
        })
    });
    let indptr = with_index!(p_dt, P => {
        let a = out_array(&[m + 1], p_dt)?;
        fill(&a, |w: &mut [P]| {
            w[0] = P::from_usize(0);
            let mut o = 0usize;
            let mut q = 1;
            for p in &parts {
                for &l in &p.lens {
                    o += l;
                    w[q] = P::from_usize(o);
                    q += 1;
                }
            }
        });
        a
    });
    let indices = if p_dt == J::DTYPE {
        indices
    } else {
        indices.astype(p_dt)?
    };
    Ok(Compressed {
        data,
        indices,
        indptr,
        shape,
        canonical: true,
    })
}

// ---------------------------------------------------------------------------------------------
// counting sorts

/// The stable counting-sort plan of entries split into `parts` (each a contiguous run of the
/// input, in order) by a key below `nk`: `next[p][key]` is where part `p`'s first entry of
/// that key goes, and `starts` the `nk + 1` offsets of the keys. Entries of one key keep their
/// input order (part by part). `counts[p][key]` are the parts' counts on input.
fn plan_counts(mut counts: Vec<Vec<usize>>, nk: usize) -> (Vec<Vec<usize>>, Vec<usize>) {
    let mut starts = Vec::with_capacity(nk + 1);
    let mut s = 0usize;
    for key in 0..nk {
        starts.push(s);
        for c in counts.iter_mut() {
            let v = c[key];
            c[key] = s;
            s += v;
        }
    }
    starts.push(s);
    (counts, starts)
}

/// Whether a per-part histogram of `nk` keys per part is affordable next to `nnz` entries.
fn parallel_counts(parts: usize, nk: usize, nnz: usize) -> bool {
    parts > 1 && parts.saturating_mul(nk) <= nnz.saturating_mul(2)
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
    check_indptr(OP, indptr, nnz)?;
    // m must fit the index dtype: the caller's matrix had m major slices
    if I::DTYPE == DType::Int32 && m > i32::MAX as usize {
        return Err(SparseError::invalid_format(
            OP,
            format!("{m} rows do not fit int32 column indices of the transpose"),
        ));
    }
    let t = rayon::current_num_threads().max(1);
    let mut chunks = row_chunks(indptr, if nnz >= 1 << 16 { 2 * t } else { 1 });
    if !parallel_counts(chunks.len(), n, nnz) {
        chunks = vec![(0, m)];
    }
    // histogram of the columns, part by part (checking every index)
    let counts: Vec<Vec<usize>> = chunks
        .par_iter()
        .map(|&(r0, r1)| -> Result<Vec<usize>, SparseError> {
            let mut cnt = cuprum_core::ext::try_vec_filled(n, 0usize)?;
            let (s, e) = (indptr[r0].get() as usize, indptr[r1].get() as usize);
            for &j in &idx[s..e] {
                match cnt.get_mut(j.get() as usize) {
                    Some(c) => *c += 1,
                    None => return Err(bad_index(OP, j.get(), 1, n)),
                }
            }
            Ok(cnt)
        })
        .collect::<Result<_, _>>()?;
    let (nexts, starts) = plan_counts(counts, n);
    let od = out_array(&[nnz], dt)?;
    let oi = out_array(&[nnz], I::DTYPE)?;
    fill(&od, |dv: &mut [T]| {
        fill(&oi, |iv: &mut [I]| {
            let (dp, ip) = (SharedMut(dv.as_mut_ptr()), SharedMut(iv.as_mut_ptr()));
            chunks
                .par_iter()
                .zip(nexts)
                .for_each(|(&(r0, r1), mut next)| {
                    let (dp, ip) = (dp, ip);
                    for i in r0..r1 {
                        let (s, e) = (indptr[i].get() as usize, indptr[i + 1].get() as usize);
                        for kk in s..e {
                            let j = idx[kk].get() as usize;
                            let p = next[j];
                            next[j] = p + 1;
                            // SAFETY: `p` is a slot of column `j` reserved for this part by
                            // `plan_counts` (each part's slots of a column are a range of its
                            // own, of its count of that column; the ranges of all parts and
                            // columns tile 0..nnz): each slot is written once, in bounds.
                            unsafe {
                                *ip.0.add(p) = I::from_usize(i);
                                *dp.0.add(p) = data[kk];
                            }
                        }
                    }
                });
        })
    });
    let optr: Vec<I> = starts.iter().map(|&o| I::from_usize(o)).collect();
    Ok(Compressed {
        data: od,
        indices: oi,
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

/// Sorts `(cols, vals)` by column, stably (insertion sort for short rows).
fn sort_row<I: Idx, T: Copy>(cols: &mut [I], vals: &mut [T], tmp: &mut Vec<(I, T)>) {
    if cols.windows(2).all(|w| w[0] <= w[1]) {
        return;
    }
    if cols.len() <= 32 {
        for q in 1..cols.len() {
            let (c, v) = (cols[q], vals[q]);
            let mut p = q;
            while p > 0 && cols[p - 1] > c {
                cols[p] = cols[p - 1];
                vals[p] = vals[p - 1];
                p -= 1;
            }
            cols[p] = c;
            vals[p] = v;
        }
        return;
    }
    tmp.clear();
    tmp.extend(cols.iter().copied().zip(vals.iter().copied()));
    tmp.sort_by_key(|p| p.0);
    for (q, &(c, v)) in tmp.iter().enumerate() {
        cols[q] = c;
        vals[q] = v;
    }
}

/// Sums runs of equal columns of a sorted row in place; returns the new length.
fn sum_row<I: Idx, T: Num>(cols: &mut [I], vals: &mut [T]) -> usize {
    let len = cols.len();
    let mut w = 0usize;
    let mut q = 0;
    while q < len {
        let c = cols[q];
        let first = vals[q];
        q += 1;
        let v = if q < len && cols[q] == c {
            let mut acc = T::add(T::zero(), first);
            while q < len && cols[q] == c {
                acc = T::add(acc, vals[q]);
                q += 1;
            }
            T::fin(acc)
        } else {
            first
        };
        cols[w] = c;
        vals[w] = v;
        w += 1;
    }
    w
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
    // a stable counting sort by row, the entries split into parts (contiguous runs)
    let t = rayon::current_num_threads().max(1);
    let mut np = if nnz >= 1 << 16 { 2 * t } else { 1 };
    if !parallel_counts(np, m, nnz) {
        np = 1;
    }
    // The counting sort holds `np` count arrays of `m` rows, and the result `m + 1` row
    // pointers: a matrix with few entries but a huge row count (10^15 rows, 0 columns, as a
    // fuzzed Matrix Market header can declare) is an out-of-memory error, not an abort inside
    // an allocation. Reserving (and releasing) the address space is cheap; nothing is touched.
    let need = (m as u128 + 1) * (np as u128 + 2) * 8;
    let fits = usize::try_from(need)
        .ok()
        .is_some_and(|b| Vec::<u8>::new().try_reserve_exact(b).is_ok());
    if !fits {
        return Err(cuprum_core::Error::host_out_of_memory(
            usize::try_from(need).unwrap_or(usize::MAX),
        )
        .into());
    }
    let bounds: Vec<(usize, usize)> = (0..np)
        .map(|p| (nnz * p / np, nnz * (p + 1) / np))
        .collect();
    let counts: Vec<Vec<usize>> = bounds
        .par_iter()
        .map(|&(s, e)| {
            let mut cnt = vec![0usize; m];
            for &r in &row[s..e] {
                cnt[r.get() as usize] += 1;
            }
            cnt
        })
        .collect();
    let (nexts, offs) = plan_counts(counts, m);
    let sc = out_array(&[nnz], I::DTYPE)?;
    let sv = out_array(&[nnz], dt)?;
    let mut kept = vec![0usize; m];
    let dups = std::sync::atomic::AtomicBool::new(false);
    fill(&sc, |cols: &mut [I]| {
        fill(&sv, |vals: &mut [T]| {
            let (cp, vp) = (SharedMut(cols.as_mut_ptr()), SharedMut(vals.as_mut_ptr()));
            {
                bounds
                    .par_iter()
                    .zip(nexts)
                    .for_each(|(&(s, e), mut next)| {
                        let (cp, vp) = (cp, vp);
                        for q in s..e {
                            let r = row[q].get() as usize;
                            let p = next[r];
                            next[r] = p + 1;
                            // SAFETY: `p` is a slot of row `r` reserved for this part by
                            // `plan_counts` (the parts' ranges of all rows tile 0..nnz): each
                            // slot is written once, in bounds.
                            unsafe {
                                *cp.0.add(p) = col[q];
                                *vp.0.add(p) = data[q];
                            }
                        }
                    });
            }
            // each row: a stable sort by column, then duplicates summed (or checked for)
            let g = grain(m, nnz);
            kept.par_chunks_mut(g).enumerate().for_each_init(
                Vec::<(I, T)>::new,
                |tmp, (ci, ks)| {
                    let r0 = ci * g;
                    let base = offs[r0];
                    let end = offs[r0 + ks.len()];
                    let (cp, vp) = (cp, vp);
                    // SAFETY: the rows r0..r0 + ks.len() own the entries base..end (the row
                    // offsets are increasing and these row ranges are disjoint between the
                    // tasks); `cols` and `vals` stay borrowed, untouched otherwise, until the
                    // loop ends.
                    let (cs, vs) = unsafe {
                        (
                            std::slice::from_raw_parts_mut(cp.0.add(base), end - base),
                            std::slice::from_raw_parts_mut(vp.0.add(base), end - base),
                        )
                    };
                    for (r, kv) in ks.iter_mut().enumerate() {
                        let (s, e) = (offs[r0 + r] - base, offs[r0 + r + 1] - base);
                        let (rc, rv) = (&mut cs[s..e], &mut vs[s..e]);
                        sort_row(rc, rv, tmp);
                        *kv = if sum {
                            sum_row(rc, rv)
                        } else {
                            if rc.windows(2).any(|p| p[0] == p[1]) {
                                dups.store(true, std::sync::atomic::Ordering::Relaxed);
                            }
                            rc.len()
                        };
                    }
                },
            );
        })
    });
    let canonical = sum || !dups.into_inner();
    let total: usize = kept.par_iter().sum();
    let koffs = {
        let mut o = Vec::with_capacity(m + 1);
        let mut s = 0usize;
        o.push(0);
        for &k in &kept {
            s += k;
            o.push(s);
        }
        o
    };
    let indptr: Vec<I> = koffs.par_iter().map(|&o| I::from_usize(o)).collect();
    let indptr = array_of(&indptr, I::DTYPE)?;
    if total == nnz {
        return Ok(Compressed {
            data: sv,
            indices: sc,
            indptr,
            shape: (m, n),
            canonical,
        });
    }
    // compaction into arrays of the kept length, rows copied in parallel
    let od = out_array(&[total], dt)?;
    let oi = out_array(&[total], I::DTYPE)?;
    {
        let (gc, gv) = (lock(&sc), lock(&sv));
        let (cols, vals): (&[I], &[T]) = (elems(&gc, &sc), elems(&gv, &sv));
        fill(&od, |dv: &mut [T]| {
            fill(&oi, |iv: &mut [I]| {
                let (dp, ip) = (SharedMut(dv.as_mut_ptr()), SharedMut(iv.as_mut_ptr()));
                let g = grain(m, nnz);
                (0..m.div_ceil(g)).into_par_iter().for_each(|ci| {
                    let (dp, ip) = (dp, ip);
                    for i in ci * g..((ci + 1) * g).min(m) {
                        let (src, dst, k) = (offs[i], koffs[i], kept[i]);
                        // SAFETY: row `i` owns `koffs[i]..koffs[i] + kept[i]` of the `total`
                        // output elements (exclusive prefix sums of `kept`), disjoint between
                        // rows; its source `offs[i]..offs[i] + kept[i]` lies in its input row.
                        unsafe {
                            std::ptr::copy_nonoverlapping(vals.as_ptr().add(src), dp.0.add(dst), k);
                            std::ptr::copy_nonoverlapping(cols.as_ptr().add(src), ip.0.add(dst), k);
                        }
                    }
                });
            })
        });
    }
    Ok(Compressed {
        data: od,
        indices: oi,
        indptr,
        shape: (m, n),
        canonical,
    })
}
