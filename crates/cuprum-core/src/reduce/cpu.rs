//! CPU implementations of the reduce and scan primitives (rayon; see [`super::engine`]).
//!
//! Sums, products, means and variances first bring the input to the compute dtype (a cast copy
//! when the dtypes differ), then run pairwise summation (NumPy's algorithm) per output; `max`,
//! `min`, the arg-reductions and the truth tests read the input dtype directly.

use super::elem::{Elem, Num, Ordered, cast, slice_of, slice_of_mut, with_elem, with_num};
use super::engine::{Reducer, accumulate, lines, pairwise};
use super::kinds::{ReduceOp, ReduceParams, ScanOp};
use crate::backend::View;
use crate::storage::Storage;
use crate::{DType, Error, Layout, Result};
use rayon::prelude::*;
use std::marker::PhantomData;

fn cpu_storage<'a>(v: &View<'a>, op: &'static str) -> Result<&'a crate::storage::CpuStorage> {
    match v.storage {
        Storage::Cpu(c) => Ok(c),
        Storage::Cuda(_) => Err(Error::DeviceMismatch {
            op,
            lhs: crate::Device::Cpu,
            rhs: v.storage.device(),
        }),
    }
}

/// Writes `vals` (C order of `dst`'s shape) into `dst`, casting to its dtype.
fn write_dst<T: Elem>(dst: View<'_>, vals: &[T], op: &'static str) -> Result<()> {
    let st = cpu_storage(&dst, op)?;
    let mut g = st.write();
    with_elem!(dst.dtype, D => {
        let out = slice_of_mut::<D>(g.bytes_mut());
        let mut k = 0usize;
        dst.layout.for_each_position(|p| {
            out[p] = cast::<T, D>(vals[k]);
            k += 1;
        });
    });
    Ok(())
}

/// The elements of `data` viewed through `layout`, cast to `C`, in C order.
fn to_compute<S: Elem, C: Elem>(data: &[S], layout: &Layout) -> Vec<C> {
    let mut v = Vec::with_capacity(layout.size());
    layout.for_each_position(|p| v.push(cast::<S, C>(data[p])));
    v
}

// ---------------------------------------------------------------- reducers

struct SumR<C>(PhantomData<C>);
impl<C: Num + Default> Reducer for SumR<C> {
    type In = C;
    type Acc = C;
    fn identity(&self) -> C {
        C::zero()
    }
    #[inline(always)]
    fn feed(&self, acc: C, x: C, _: i64, _: usize) -> C {
        acc.add(x)
    }
    fn feed_slice(&self, acc: C, xs: &[C], _: i64, _: usize) -> C {
        acc.add(pairwise(xs, &|x| x, &|a: C, b: C| a.add(b), C::zero()))
    }
    fn combine(&self, a: C, b: C) -> C {
        a.add(b)
    }
}

struct ProdR<C>(PhantomData<C>);
impl<C: Num + Default> Reducer for ProdR<C> {
    type In = C;
    type Acc = C;
    fn identity(&self) -> C {
        C::one()
    }
    #[inline(always)]
    fn feed(&self, acc: C, x: C, _: i64, _: usize) -> C {
        acc.mul(x)
    }
    fn combine(&self, a: C, b: C) -> C {
        a.mul(b)
    }
}

/// NaN-skipping sum/product: NaN maps to the identity.
struct NanR<C> {
    prod: bool,
    _c: PhantomData<C>,
}
impl<C: Num + Default> Reducer for NanR<C> {
    type In = C;
    type Acc = C;
    fn identity(&self) -> C {
        if self.prod { C::one() } else { C::zero() }
    }
    #[inline(always)]
    fn feed(&self, acc: C, x: C, _: i64, _: usize) -> C {
        if x.is_nan() {
            acc
        } else if self.prod {
            acc.mul(x)
        } else {
            acc.add(x)
        }
    }
    fn feed_slice(&self, acc: C, xs: &[C], idx0: i64, out: usize) -> C {
        if self.prod {
            let mut a = acc;
            for (k, &x) in xs.iter().enumerate() {
                a = self.feed(a, x, idx0 + k as i64, out);
            }
            a
        } else {
            let z = C::zero();
            acc.add(pairwise(
                xs,
                &|x: C| if x.is_nan() { z } else { x },
                &|a: C, b: C| a.add(b),
                z,
            ))
        }
    }
    fn combine(&self, a: C, b: C) -> C {
        if self.prod { a.mul(b) } else { a.add(b) }
    }
}

/// Sum and count of the non-NaN elements (`nanmean`).
struct NanMeanR<C>(PhantomData<C>);
impl<C: Num + Default> Reducer for NanMeanR<C> {
    type In = C;
    type Acc = (C, i64);
    fn identity(&self) -> (C, i64) {
        (C::zero(), 0)
    }
    #[inline(always)]
    fn feed(&self, acc: (C, i64), x: C, _: i64, _: usize) -> (C, i64) {
        if x.is_nan() {
            acc
        } else {
            (acc.0.add(x), acc.1 + 1)
        }
    }
    fn feed_slice(&self, acc: (C, i64), xs: &[C], _: i64, _: usize) -> (C, i64) {
        let z = (C::zero(), 0i64);
        let s = pairwise(
            xs,
            &|x: C| if x.is_nan() { z } else { (x, 1) },
            &|a: (C, i64), b: (C, i64)| (a.0.add(b.0), a.1 + b.1),
            z,
        );
        (acc.0.add(s.0), acc.1 + s.1)
    }
    fn combine(&self, a: (C, i64), b: (C, i64)) -> (C, i64) {
        (a.0.add(b.0), a.1 + b.1)
    }
}

/// Sum of `|x - center[out]|²` and the count of the elements visited (NaN skipped when `skip`).
struct SqDevR<'c, C> {
    centers: &'c [C],
    skip: bool,
}
impl<C: Num + Default> Reducer for SqDevR<'_, C>
where
    C::Real: Default,
{
    type In = C;
    type Acc = (C::Real, i64);
    fn identity(&self) -> (C::Real, i64) {
        (<C::Real as Num>::zero(), 0)
    }
    #[inline(always)]
    fn feed(&self, acc: (C::Real, i64), x: C, _: i64, out: usize) -> (C::Real, i64) {
        if self.skip && x.is_nan() {
            acc
        } else {
            (acc.0.add(x.sub(self.centers[out]).abs2()), acc.1 + 1)
        }
    }
    fn feed_slice(&self, acc: (C::Real, i64), xs: &[C], _: i64, out: usize) -> (C::Real, i64) {
        let c = self.centers[out];
        let z = (<C::Real as Num>::zero(), 0i64);
        let skip = self.skip;
        let s = pairwise(
            xs,
            &|x: C| {
                if skip && x.is_nan() {
                    z
                } else {
                    (x.sub(c).abs2(), 1)
                }
            },
            &|a: (C::Real, i64), b: (C::Real, i64)| (a.0.add(b.0), a.1 + b.1),
            z,
        );
        (acc.0.add(s.0), acc.1 + s.1)
    }
    fn combine(&self, a: (C::Real, i64), b: (C::Real, i64)) -> (C::Real, i64) {
        (a.0.add(b.0), a.1 + b.1)
    }
}

/// `max`/`min` (and the NaN-skipping forms): `None` until an element is seen.
struct ExtR<S> {
    max: bool,
    skip_nan: bool,
    _s: PhantomData<S>,
}
impl<S: Ordered> ExtR<S> {
    #[inline(always)]
    fn better(&self, x: S, a: S) -> bool {
        if self.max { x.gt(a) } else { x.lt(a) }
    }
}
impl<S: Ordered + Default> Reducer for ExtR<S> {
    type In = S;
    type Acc = Option<S>;
    fn identity(&self) -> Option<S> {
        None
    }
    #[inline(always)]
    fn feed(&self, acc: Option<S>, x: S, _: i64, _: usize) -> Option<S> {
        match acc {
            _ if x.is_nan() => {
                if self.skip_nan {
                    acc
                } else {
                    match acc {
                        Some(a) if a.is_nan() => acc,
                        _ => Some(x),
                    }
                }
            }
            None => Some(x),
            Some(a) if a.is_nan() => acc,
            Some(a) => Some(if self.better(x, a) { x } else { a }),
        }
    }
    fn combine(&self, a: Option<S>, b: Option<S>) -> Option<S> {
        match (a, b) {
            (None, b) => b,
            (a, None) => a,
            (Some(x), Some(y)) => {
                if x.is_nan() {
                    a
                } else if y.is_nan() || self.better(y, x) {
                    b
                } else {
                    a
                }
            }
        }
    }
}

/// `argmax`/`argmin` (and NaN-skipping forms): value and flat index of the winner.
struct ArgR<S> {
    max: bool,
    skip_nan: bool,
    _s: PhantomData<S>,
}
impl<S: Ordered + Default> Reducer for ArgR<S> {
    type In = S;
    type Acc = Option<(S, i64)>;
    fn identity(&self) -> Self::Acc {
        None
    }
    #[inline(always)]
    fn feed(&self, acc: Self::Acc, x: S, idx: i64, _: usize) -> Self::Acc {
        if self.skip_nan && x.is_nan() {
            acc
        } else {
            self.combine(acc, Some((x, idx)))
        }
    }
    fn combine(&self, a: Self::Acc, b: Self::Acc) -> Self::Acc {
        match (a, b) {
            (None, b) => b,
            (a, None) => a,
            (Some((x, i)), Some((y, j))) => {
                let first = if i <= j { a } else { b };
                let (xn, yn) = (x.is_nan(), y.is_nan());
                if !self.skip_nan && (xn || yn) {
                    return if xn && yn {
                        first
                    } else if xn {
                        a
                    } else {
                        b
                    };
                }
                let (yb, xb) = if self.max {
                    (y.gt(x), x.gt(y))
                } else {
                    (y.lt(x), x.lt(y))
                };
                if yb {
                    b
                } else if xb {
                    a
                } else {
                    first
                }
            }
        }
    }
}

/// Count of nonzero (truthy) elements: `all`, `any`, `count_nonzero`.
struct CountR<S>(PhantomData<S>);
impl<S: Elem + Default> Reducer for CountR<S> {
    type In = S;
    type Acc = i64;
    fn identity(&self) -> i64 {
        0
    }
    #[inline(always)]
    fn feed(&self, acc: i64, x: S, _: i64, _: usize) -> i64 {
        acc + x.to_bool() as i64
    }
    fn feed_slice(&self, acc: i64, xs: &[S], _: i64, _: usize) -> i64 {
        acc + xs.iter().map(|x| x.to_bool() as i64).sum::<i64>()
    }
    fn combine(&self, a: i64, b: i64) -> i64 {
        a + b
    }
}

// ---------------------------------------------------------------- drivers

fn reduced_count(layout: &Layout, axes: &[usize]) -> usize {
    axes.iter().map(|&a| layout.shape[a]).product()
}

/// Sum-like reductions on data already in the compute type `C` (`centers`: the mean of each
/// output slice, C order, for the second pass of var/std).
fn numeric<C>(
    op: ReduceOp,
    params: &ReduceParams,
    data: &[C],
    layout: &Layout,
    axes: &[usize],
    dst: View<'_>,
    centers: Option<&[C]>,
) -> Result<()>
where
    C: Num + Default,
    C::Real: Default,
{
    use ReduceOp::*;
    let n = reduced_count(layout, axes) as f64;
    let name = op.name();
    match op {
        Sum => write_dst(
            dst,
            &accumulate(&SumR::<C>(PhantomData), data, layout, axes),
            name,
        ),
        Prod => write_dst(
            dst,
            &accumulate(&ProdR::<C>(PhantomData), data, layout, axes),
            name,
        ),
        NanSum | NanProd => {
            let r = NanR::<C> {
                prod: op == NanProd,
                _c: PhantomData,
            };
            write_dst(dst, &accumulate(&r, data, layout, axes), name)
        }
        Mean => {
            let s = accumulate(&SumR::<C>(PhantomData), data, layout, axes);
            let m: Vec<C> = s.into_iter().map(|x| x.div_n(n)).collect();
            write_dst(dst, &m, name)
        }
        NanMean => {
            let s = accumulate(&NanMeanR::<C>(PhantomData), data, layout, axes);
            let m: Vec<C> = s.into_iter().map(|(x, c)| x.div_n(c as f64)).collect();
            write_dst(dst, &m, name)
        }
        Var | Std | NanVar | NanStd => {
            // the second pass of the two-pass algorithm; the first (the centers) ran above the
            // backend interface (`reduce::reduce_view`)
            let centers = centers.ok_or_else(|| {
                Error::unsupported(
                    name,
                    "internal: var/std needs the centers of its first pass",
                )
            })?;
            let r = SqDevR {
                centers,
                skip: matches!(op, NanVar | NanStd),
            };
            let sq = accumulate(&r, data, layout, axes);
            let v: Vec<C::Real> = sq
                .into_iter()
                .map(|(s, c)| {
                    let v = s.div_n((c as f64 - params.ddof).max(0.0));
                    if matches!(op, Std | NanStd) {
                        v.sqrt()
                    } else {
                        v
                    }
                })
                .collect();
            write_dst(dst, &v, name)
        }
        _ => Err(Error::unsupported(name, "not a numeric reduction")),
    }
}

/// max/min/arg/ptp/truth reductions on the input dtype `S`.
/// `max`/`min` of a non-empty contiguous slice (`better(x, a)`: x replaces a), NaN propagating
/// (the first NaN is returned). Each chunk of 64 Ki elements keeps 16 running extremes, one per
/// lane, and a NaN flag, with no branch in the loop, so the compiler turns it into vector
/// max/min and compare instructions; a flagged chunk is rescanned for its first NaN.
fn extreme<S: Ordered + Default, F: Fn(S, S) -> bool + Sync>(xs: &[S], better: F) -> S {
    const LANES: usize = 16;
    let part = |c: &[S]| -> S {
        let mut acc = [c[0]; LANES];
        let mut nan = false;
        let mut chunks = c.chunks_exact(LANES);
        for ch in &mut chunks {
            for (a, &x) in acc.iter_mut().zip(ch) {
                nan |= x.is_nan();
                *a = if better(x, *a) { x } else { *a };
            }
        }
        if nan {
            return *c.iter().find(|x| x.is_nan()).unwrap_or(&c[0]);
        }
        let mut m = acc[0];
        for &x in &acc[1..] {
            if better(x, m) {
                m = x;
            }
        }
        for &x in chunks.remainder() {
            if x.is_nan() {
                return x;
            }
            if better(x, m) {
                m = x;
            }
        }
        m
    };
    let parts: Vec<S> = xs.par_chunks(1 << 16).map(part).collect();
    let mut m = parts[0];
    for &x in &parts {
        if m.is_nan() {
            break;
        }
        if x.is_nan() || better(x, m) {
            m = x;
        }
    }
    m
}

fn ordered<S: Ordered + Default>(
    op: ReduceOp,
    data: &[S],
    layout: &Layout,
    axes: &[usize],
    dst: View<'_>,
) -> Result<()> {
    use ReduceOp::*;
    let name = op.name();
    let n = reduced_count(layout, axes) as i64;
    let ext = |max: bool, skip_nan: bool| ExtR::<S> {
        max,
        skip_nan,
        _s: PhantomData,
    };
    let empty = || {
        Error::bad_shape(
            name,
            "a",
            &layout.shape,
            "a non-empty reduction (zero-size array to a reduction operation which has no identity)",
        )
    };
    match op {
        Max | Min if n > 0 && axes.len() == layout.ndim() && layout.is_c_contiguous() => {
            // Whole contiguous array: a vectorized loop per chunk instead of the generic engine
            // (its Option accumulator made max 10x slower than NumPy's on 2 cores). NaN
            // propagates. Which of two equal values is kept shows only in the sign of a zero,
            // which NumPy leaves unspecified too (its SIMD loops keep the later one).
            let xs = &data[layout.offset..layout.offset + n as usize];
            let m = if op == Max {
                extreme(xs, |x: S, a: S| x.gt(a))
            } else {
                extreme(xs, |x: S, a: S| x.lt(a))
            };
            write_dst(dst, &[m], name)
        }
        Max | Min | NanMax | NanMin => {
            let r = ext(matches!(op, Max | NanMax), matches!(op, NanMax | NanMin));
            let a = accumulate(&r, data, layout, axes);
            // an all-NaN slice of nanmax/nanmin gives NaN (NumPy warns)
            let nan = S::from_f64(f64::NAN);
            let v: Vec<S> = a.into_iter().map(|x| x.unwrap_or(nan)).collect();
            if n == 0 && !v.is_empty() {
                return Err(empty());
            }
            write_dst(dst, &v, name)
        }
        Ptp => {
            let hi = accumulate(&ext(true, false), data, layout, axes);
            let lo = accumulate(&ext(false, false), data, layout, axes);
            if n == 0 && !hi.is_empty() {
                return Err(empty());
            }
            let v: Vec<S> = hi
                .into_iter()
                .zip(lo)
                .map(|(h, l)| match (h, l) {
                    (Some(h), Some(l)) => sub_elem(h, l),
                    _ => S::from_f64(f64::NAN),
                })
                .collect();
            write_dst(dst, &v, name)
        }
        ArgMax | ArgMin | NanArgMax | NanArgMin => {
            let skip_nan = matches!(op, NanArgMax | NanArgMin);
            let r = ArgR::<S> {
                max: matches!(op, ArgMax | NanArgMax),
                skip_nan,
                _s: PhantomData,
            };
            let a = accumulate(&r, data, layout, axes);
            if n == 0 && !a.is_empty() {
                return Err(Error::bad_shape(
                    name,
                    "a",
                    &layout.shape,
                    format!(
                        "a non-empty reduction axis (attempt to get {name} of an empty sequence)"
                    ),
                ));
            }
            // -1 marks an all-NaN slice of nanargmax/nanargmin (the contract of the reduce
            // primitive: `reduce::reduce` turns it into NumPy's error, for every device)
            let v: Vec<i64> = a.into_iter().map(|x| x.map_or(-1, |(_, i)| i)).collect();
            write_dst(dst, &v, name)
        }
        All | Any | CountNonzero => {
            let c = accumulate(&CountR::<S>(PhantomData), data, layout, axes);
            match op {
                All => write_dst(dst, &c.iter().map(|&k| k == n).collect::<Vec<_>>(), name),
                Any => write_dst(dst, &c.iter().map(|&k| k > 0).collect::<Vec<_>>(), name),
                _ => write_dst(dst, &c, name),
            }
        }
        _ => Err(Error::unsupported(name, "not an ordered reduction")),
    }
}

/// `a - b` in the dtype of `S` (integers wrap, floats round once).
fn sub_elem<S: Elem>(a: S, b: S) -> S {
    use super::elem::Kind;
    match S::KIND {
        Kind::Bool => S::from_bool(a.to_bool() ^ b.to_bool()),
        Kind::Int => S::from_i64(a.to_i64().wrapping_sub(b.to_i64())),
        Kind::UInt => S::from_u64(a.to_u64().wrapping_sub(b.to_u64())),
        Kind::Float => S::from_f64(a.to_f64() - b.to_f64()),
        Kind::Complex => S::from_c64(a.to_c64() - b.to_c64()),
    }
}

/// CPU reduce primitive: `dst` (shape = `src`'s shape without `axes`) = `op` of `src` over
/// `axes` (sorted, unique, in range); `center` (var/std only): the first pass's means,
/// C-contiguous over `dst`'s shape in the compute dtype.
pub(crate) fn reduce(
    op: ReduceOp,
    params: &ReduceParams,
    src: View<'_>,
    dst: View<'_>,
    axes: &[usize],
    center: Option<View<'_>>,
) -> Result<()> {
    use ReduceOp::*;
    let name = op.name();
    let st = cpu_storage(&src, name)?;
    let g = st.read();
    let bytes = g.bytes();
    let cg = match &center {
        Some(c) => Some((
            cpu_storage(c, name)?.read(),
            c.layout.offset,
            c.layout.size(),
        )),
        None => None,
    };
    match op {
        Sum | Prod | NanSum | NanProd | Mean | NanMean | Var | NanVar | Std | NanStd => {
            let done = with_num!(params.compute, C => {
                let centers = cg
                    .as_ref()
                    .map(|(g, off, n)| &slice_of::<C>(g.bytes())[*off..*off + *n]);
                if src.dtype == params.compute {
                    numeric::<C>(op, params, slice_of::<C>(bytes), src.layout, axes, dst, centers)
                } else {
                    let tmp: Vec<C> = with_elem!(src.dtype, S => {
                        to_compute::<S, C>(slice_of::<S>(bytes), src.layout)
                    });
                    let l = Layout::contiguous(&src.layout.shape);
                    numeric::<C>(op, params, &tmp, &l, axes, dst, centers)
                }
            });
            done.unwrap_or_else(|| Err(Error::dtype(name, params.compute)))
        }
        _ => with_elem!(src.dtype, S => {
            ordered::<S>(op, slice_of::<S>(bytes), src.layout, axes, dst)
        }),
    }
}

/// CPU scan primitive: `dst` (C-contiguous, `src`'s shape and the output dtype) = running
/// `op` of `src` along `axis`, accumulated in `compute`.
pub(crate) fn scan(
    op: ScanOp,
    compute: DType,
    src: View<'_>,
    dst: View<'_>,
    axis: usize,
) -> Result<()> {
    let name = op.name();
    let st = cpu_storage(&src, name)?;
    let g = st.read();
    let bytes = g.bytes();
    let round16 = matches!(dst.dtype, DType::Float16 | DType::BFloat16);
    let dst_dtype = dst.dtype;
    let done = with_num!(compute, C => {
        let tmp: Vec<C>;
        let (data, layout): (&[C], Layout) = if src.dtype == compute {
            (slice_of::<C>(bytes), src.layout.clone())
        } else {
            tmp = with_elem!(src.dtype, S => to_compute::<S, C>(slice_of::<S>(bytes), src.layout));
            (&tmp, Layout::contiguous(&src.layout.shape))
        };
        scan_typed::<C>(op, data, &layout, dst, axis, round16, dst_dtype)
    });
    done.unwrap_or_else(|| Err(Error::dtype(name, compute)))
}

fn scan_typed<C: Num + Default>(
    op: ScanOp,
    data: &[C],
    layout: &Layout,
    dst: View<'_>,
    axis: usize,
    round16: bool,
    dst_dtype: DType,
) -> Result<()> {
    let n = layout.size();
    if n == 0 {
        return Ok(());
    }
    let len = layout.shape[axis];
    let stride = layout.strides[axis];
    let (in_starts, out_starts) = lines(layout, dst.layout, axis);
    let round = |x: C| -> C {
        if !round16 {
            x
        } else if dst_dtype == DType::Float16 {
            cast::<half::f16, C>(cast::<C, half::f16>(x))
        } else {
            cast::<half::bf16, C>(cast::<C, half::bf16>(x))
        }
    };
    let mut line_vals = vec![C::zero(); n];
    line_vals
        .par_chunks_mut(len)
        .zip(in_starts.par_iter())
        .for_each(|(out, &s)| {
            let mut acc = if op == ScanOp::CumSum {
                C::zero()
            } else {
                C::one()
            };
            let mut p = s;
            for o in out.iter_mut() {
                let x = data[p as usize];
                acc = round(if op == ScanOp::CumSum {
                    acc.add(x)
                } else {
                    acc.mul(x)
                });
                *o = acc;
                p += stride;
            }
        });
    // scatter the lines into dst's C order
    let mut full = vec![C::zero(); n];
    let ostride = dst.layout.strides[axis];
    let off = dst.layout.offset as isize;
    for (l, &os) in out_starts.iter().enumerate() {
        for k in 0..len {
            full[(os - off + k as isize * ostride) as usize] = line_vals[l * len + k];
        }
    }
    write_dst(dst, &full, op.name())
}
