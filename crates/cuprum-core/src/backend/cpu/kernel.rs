//! Typed inner loops over a [`Plan`]: one monomorphic loop per (operation, dtype), with fast
//! paths for unit-stride runs and for broadcast (zero-stride) inputs.
//!
//! Unit-stride runs of a large operation whose operands do not fit in the last-level cache
//! write with non-temporal stores ([`Plan::streams`], [`stream_out`]): an out-of-cache binary
//! operation then moves three arrays' bytes through memory instead of four (no
//! read-for-ownership of the destination).
//!
//! An input may be the destination itself, element for element (`a += b`: the same buffer,
//! layout and element size; see `acquire` in the parent module). Such runs never form a shared
//! and a mutable slice over the same memory: the loop reads the aliased input through the
//! destination's own `&mut` slice ([`zip_self1`], [`zip_self2`]) and writes with ordinary
//! stores (the lines were just read).

use super::iter::Plan;
use bytemuck::Pod;

/// A buffer base address that may cross to rayon worker threads.
#[derive(Clone, Copy)]
pub(crate) struct Ptr(*mut u8);

// SAFETY: `Ptr` is only an address; every dereference happens inside the loops below, whose
// callers guarantee (see their `# Safety` sections) that concurrent tasks touch disjoint
// destination elements and only read the inputs, while the buffers stay locked.
unsafe impl Send for Ptr {}
// SAFETY: as for `Send`: shared use only reads the address.
unsafe impl Sync for Ptr {}

impl Ptr {
    pub(crate) fn new(p: *mut u8) -> Ptr {
        Ptr(p)
    }
    #[inline(always)]
    pub(crate) fn get(&self) -> *mut u8 {
        self.0
    }
}

/// Copies `len` bytes from `src` to `dst` (non-overlapping): one `memcpy` below
/// [`PAR_COPY_MIN`] bytes, pieces of 1 MiB on the rayon pool above (a fresh destination's pages
/// are then faulted in by every core, not one).
///
/// # Safety
/// `src` must be valid for reads and `dst` for writes of `len` bytes, not overlapping, and
/// `dst` not be accessed by anyone else during the copy.
pub(crate) unsafe fn par_copy(dst: *mut u8, src: *const u8, len: usize) {
    use rayon::prelude::*;
    const PIECE: usize = 1 << 20;
    if len < PAR_COPY_MIN {
        // SAFETY: the caller's contract.
        unsafe { std::ptr::copy_nonoverlapping(src, dst, len) };
        return;
    }
    let (d, s) = (dst as usize, src as usize);
    (0..len.div_ceil(PIECE)).into_par_iter().for_each(|i| {
        let off = i * PIECE;
        let n = PIECE.min(len - off);
        // SAFETY: pieces are disjoint sub-ranges of the caller's valid ranges.
        unsafe { std::ptr::copy_nonoverlapping((s + off) as *const u8, (d + off) as *mut u8, n) };
    });
}

/// Copies of at least this many bytes are split across the rayon pool by [`par_copy`].
pub(crate) const PAR_COPY_MIN: usize = 2 << 20;

/// Writes `v` into every element of the plan's operand 0.
///
/// # Safety
/// `dst` is the base of a live, exclusively locked buffer of `D` elements (8-byte aligned) that
/// contains every position the plan reaches, and no other reference to it is in use.
pub(crate) unsafe fn fill<D: Pod + Send + Sync>(plan: &Plan<1>, dst: Ptr, v: D) {
    plan.run(&|pos, st, len| {
        let d = dst.get() as *mut D;
        // SAFETY: positions come from the plan, inside the buffer (caller's contract); runs of
        // different tasks write disjoint elements (the plan runs serially otherwise).
        unsafe {
            let d = d.offset(pos[0]);
            if st[0] == 1 {
                std::slice::from_raw_parts_mut(d, len).fill(v);
            } else {
                for i in 0..len as isize {
                    d.offset(i * st[0]).write(v);
                }
            }
        }
    });
}

/// True when the CPU has AVX2 (std caches the answer: one relaxed load per call).
#[inline(always)]
fn has_avx2() -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        std::arch::is_x86_feature_detected!("avx2")
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        false
    }
}

/// One cache line: the unit of [`stream_out`].
#[cfg(target_arch = "x86_64")]
const LINE: usize = 64;

/// A cache line's worth of results, aligned like one.
#[cfg(target_arch = "x86_64")]
#[repr(C, align(64))]
struct Line([u8; LINE]);

/// Fills `o` through `compute(out, start)` (which writes the results for elements
/// `start..start + out.len()` into `out`) with non-temporal stores: the head up to the first
/// 64-byte boundary and the tail with ordinary stores, every whole cache line in between
/// computed into a local [`Line`] (which the compiler keeps in registers once `compute` is
/// inlined: its length is a constant) and written with streaming stores (`movntdq`, or
/// `vmovntdq` when `AVX`: no read of the destination line, no SSE/AVX transition). The store
/// fence that makes them visible to whichever thread reads them after the task completes
/// (rayon's join only orders ordinary stores) is [`Plan::run`]'s, once per task: a fence here,
/// once per run, cost a strided copy of 8 KiB rows ~15% (with the fence per task the strided
/// 2048² copy runs at the contiguous copy's bandwidth, docs/benchmarks/cpu-core.md). Only [`Plan::run`]'s parallel tasks may call this. Elements whose size does not divide
/// 64 bytes, or a misaligned `o`, take ordinary stores.
///
/// A 2 KiB staging block written out after it was computed was tried first: it was slower than
/// ordinary stores (the loads of a block and the stores of the previous one no longer overlap).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn stream_out<D: Pod, const AVX: bool>(o: &mut [D], mut compute: impl FnMut(&mut [D], usize)) {
    use std::arch::x86_64::{
        __m128i, __m256i, _mm_load_si128, _mm_stream_si128, _mm256_load_si256, _mm256_stream_si256,
    };
    let sz = std::mem::size_of::<D>();
    let addr = o.as_ptr() as usize;
    if sz == 0 || !LINE.is_multiple_of(sz) || !addr.is_multiple_of(sz) {
        compute(o, 0);
        return;
    }
    let head = ((LINE - addr % LINE) % LINE / sz).min(o.len());
    compute(&mut o[..head], 0);
    let per = LINE / sz;
    let mut i = head;
    while o.len() - i >= per {
        let mut line = Line([0; LINE]);
        compute(bytemuck::cast_slice_mut(&mut line.0[..]), i);
        // SAFETY: `o[i..i + per]` is in bounds (loop condition) and is one 64-byte-aligned
        // cache line (`head` reached a boundary; `per * sz == LINE`); `line` is 64-byte aligned.
        // The stores write only `o`'s elements, which `&mut` makes ours; `D: Pod` takes any
        // bytes. With `AVX` the caller runs on a CPU with AVX2 (its `avx2_nt` is compiled for
        // it and chosen only after the run-time check).
        unsafe {
            if AVX {
                let src = line.0.as_ptr().cast::<__m256i>();
                let dst = o.as_mut_ptr().add(i).cast::<__m256i>();
                _mm256_stream_si256(dst, _mm256_load_si256(src));
                _mm256_stream_si256(dst.add(1), _mm256_load_si256(src.add(1)));
            } else {
                let src = line.0.as_ptr().cast::<__m128i>();
                let dst = o.as_mut_ptr().add(i).cast::<__m128i>();
                for k in 0..LINE / 16 {
                    _mm_stream_si128(dst.add(k), _mm_load_si128(src.add(k)));
                }
            }
        }
        i += per;
    }
    let n = o.len();
    compute(&mut o[i..n], i);
}

/// `o[i] = f(x[i])` over unit-stride runs, compiled twice: for the baseline target (SSE2 on
/// x86-64) and for AVX2, chosen at run time. The same IEEE operations either way (Rust never
/// contracts a multiply and an add into an FMA), so the results are bit-identical; L1/L2
/// resident arrays (a 126 x 126 stencil's operands) are 1.3-2x faster in 256-bit registers.
///
/// With `nt`, the results go out through [`stream_out`] (non-temporal stores; see
/// [`Plan::streams`]); the values are the same.
#[inline(always)]
fn zip1<S: Pod, D: Pod>(o: &mut [D], x: &[S], f: &impl Fn(S) -> D, nt: bool) {
    #[inline(always)]
    fn body<S: Pod, D: Pod>(o: &mut [D], x: &[S], f: &impl Fn(S) -> D) {
        for (o, &x) in o.iter_mut().zip(x) {
            *o = f(x);
        }
    }
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn avx2<S: Pod, D: Pod>(o: &mut [D], x: &[S], f: &impl Fn(S) -> D) {
        body(o, x, f)
    }
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn avx2_nt<S: Pod, D: Pod>(o: &mut [D], x: &[S], f: &impl Fn(S) -> D) {
        stream_out::<D, true>(o, |o, i| {
            let n = o.len();
            body(o, &x[i..i + n], f)
        })
    }
    #[cfg(target_arch = "x86_64")]
    if nt {
        if has_avx2() {
            // SAFETY: the CPU supports AVX2 (checked just above).
            unsafe { avx2_nt(o, x, f) };
        } else {
            stream_out::<D, false>(o, |o, i| {
                let n = o.len();
                body(o, &x[i..i + n], f)
            });
        }
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = nt;
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU supports AVX2 (checked just above).
        unsafe { avx2(o, x, f) };
        return;
    }
    body(o, x, f)
}

/// `o[i] = f(x[i], y[i])` over unit-stride runs, as [`zip1`] (baseline and AVX2 builds,
/// streaming stores with `nt`).
#[inline(always)]
fn zip2<A: Pod, B: Pod, D: Pod>(o: &mut [D], x: &[A], y: &[B], f: &impl Fn(A, B) -> D, nt: bool) {
    #[inline(always)]
    fn body<A: Pod, B: Pod, D: Pod>(o: &mut [D], x: &[A], y: &[B], f: &impl Fn(A, B) -> D) {
        for ((o, &x), &y) in o.iter_mut().zip(x).zip(y) {
            *o = f(x, y);
        }
    }
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn avx2<A: Pod, B: Pod, D: Pod>(o: &mut [D], x: &[A], y: &[B], f: &impl Fn(A, B) -> D) {
        body(o, x, y, f)
    }
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn avx2_nt<A: Pod, B: Pod, D: Pod>(
        o: &mut [D],
        x: &[A],
        y: &[B],
        f: &impl Fn(A, B) -> D,
    ) {
        stream_out::<D, true>(o, |o, i| {
            let n = o.len();
            body(o, &x[i..i + n], &y[i..i + n], f)
        })
    }
    #[cfg(target_arch = "x86_64")]
    if nt {
        if has_avx2() {
            // SAFETY: the CPU supports AVX2 (checked just above).
            unsafe { avx2_nt(o, x, y, f) };
        } else {
            stream_out::<D, false>(o, |o, i| {
                let n = o.len();
                body(o, &x[i..i + n], &y[i..i + n], f)
            });
        }
        return;
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = nt;
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU supports AVX2 (checked just above).
        unsafe { avx2(o, x, y, f) };
        return;
    }
    body(o, x, y, f)
}

/// `o[i] = f(o[i])`: the loop of an operation whose input is its destination (`a *= 2`,
/// `negative(a, out=a)`), baseline and AVX2 builds as [`zip1`].
#[inline(always)]
fn zip_self1<D: Pod>(o: &mut [D], f: &impl Fn(D) -> D) {
    #[inline(always)]
    fn body<D: Pod>(o: &mut [D], f: &impl Fn(D) -> D) {
        for o in o.iter_mut() {
            *o = f(*o);
        }
    }
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn avx2<D: Pod>(o: &mut [D], f: &impl Fn(D) -> D) {
        body(o, f)
    }
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU supports AVX2 (checked just above).
        unsafe { avx2(o, f) };
        return;
    }
    body(o, f)
}

/// `o[i] = f(o[i], y[i])`: [`zip_self1`] with a second input that is not the destination.
#[inline(always)]
fn zip_self2<D: Pod, B: Pod>(o: &mut [D], y: &[B], f: &impl Fn(D, B) -> D) {
    #[inline(always)]
    fn body<D: Pod, B: Pod>(o: &mut [D], y: &[B], f: &impl Fn(D, B) -> D) {
        for (o, &y) in o.iter_mut().zip(y) {
            *o = f(*o, y);
        }
    }
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2")]
    unsafe fn avx2<D: Pod, B: Pod>(o: &mut [D], y: &[B], f: &impl Fn(D, B) -> D) {
        body(o, y, f)
    }
    #[cfg(target_arch = "x86_64")]
    if has_avx2() {
        // SAFETY: the CPU supports AVX2 (checked just above).
        unsafe { avx2(o, y, f) };
        return;
    }
    body(o, y, f)
}

/// `x` reinterpreted as `T`, a type of the same size (an exact alias reads the destination's
/// elements as the input's type; `acquire` guarantees the sizes match, and every caller
/// checks `same_size` first).
#[inline(always)]
fn reread<D: Pod, T: Pod>(x: D) -> T {
    bytemuck::cast(x)
}

/// True when `A` and `B` have the same size (an exact alias's elements can be reread).
#[inline(always)]
const fn same_size<A, B>() -> bool {
    std::mem::size_of::<A>() == std::mem::size_of::<B>()
}

/// `dst[i] = f(src[i])` over the plan (operand 0 = dst, 1 = src).
///
/// # Safety
/// `dst` and `src` are bases of live buffers of `D` and `S` elements (aligned for them) that
/// contain every position the plan reaches; `dst` is locked exclusively and is either not the
/// same buffer as `src`, which is only read, or the same buffer with the same layout and an
/// element size equal to `D`'s (an exact alias: each element is read before it is written).
pub(crate) unsafe fn map1<S: Pod, D: Pod>(
    plan: &Plan<2>,
    dst: Ptr,
    src: Ptr,
    f: impl Fn(S) -> D + Sync,
) {
    let nt = plan.streams([std::mem::size_of::<D>(), std::mem::size_of::<S>()]);
    plan.run(&|pos, st, len| {
        let d = dst.get() as *mut D;
        let s = src.get() as *const S;
        // SAFETY: positions come from the plan, inside both buffers (caller's contract); the
        // buffers are distinct, so the mutable run never aliases the shared one, or the source
        // is the destination exactly, whose runs read it through the destination's own slice
        // (`zip_self1`) or through raw reads before each write; runs of different tasks write
        // disjoint destination elements.
        unsafe {
            let d = d.offset(pos[0]);
            let s = s.offset(pos[1]);
            match st {
                [1, 1] if std::ptr::addr_eq(s, d) => {
                    if same_size::<S, D>() {
                        let o = std::slice::from_raw_parts_mut(d, len);
                        zip_self1(o, &|v: D| f(reread(v)));
                    } else {
                        for j in 0..len {
                            d.add(j).write(f(s.add(j).read()));
                        }
                    }
                }
                [1, 1] => {
                    let o = std::slice::from_raw_parts_mut(d, len);
                    let x = std::slice::from_raw_parts(s, len);
                    zip1(o, x, &f, nt);
                }
                [1, 0] => {
                    let v = f(s.read());
                    std::slice::from_raw_parts_mut(d, len).fill(v);
                }
                [ds, ss] => {
                    for i in 0..len as isize {
                        d.offset(i * ds).write(f(s.offset(i * ss).read()));
                    }
                }
            }
        }
    });
}

/// `dst[i] = f(a[i], b[i])` over the plan (operands: dst, a, b).
///
/// # Safety
/// As [`map1`], for both inputs (either or both may alias `dst` exactly); `a` and `b` may be
/// the same buffer.
pub(crate) unsafe fn map2<A: Pod, B: Pod, D: Pod>(
    plan: &Plan<3>,
    dst: Ptr,
    a: Ptr,
    b: Ptr,
    f: impl Fn(A, B) -> D + Sync,
) {
    let nt = plan.streams([
        std::mem::size_of::<D>(),
        std::mem::size_of::<A>(),
        std::mem::size_of::<B>(),
    ]);
    plan.run(&|pos, st, len| {
        let d = dst.get() as *mut D;
        let pa = a.get() as *const A;
        let pb = b.get() as *const B;
        // SAFETY: as in `map1`: positions inside the buffers, destination distinct from the
        // inputs or an exact alias (whose runs read it through the destination's own slice,
        // `zip_self1`/`zip_self2`, or through raw reads before each write), disjoint
        // destination runs across tasks.
        unsafe {
            let d = d.offset(pos[0]);
            let pa = pa.offset(pos[1]);
            let pb = pb.offset(pos[2]);
            let (alias_a, alias_b) = (std::ptr::addr_eq(pa, d), std::ptr::addr_eq(pb, d));
            match st {
                [1, 1, 1] | [1, 1, 0] | [1, 0, 1]
                    if (alias_a || alias_b) && !(same_size::<A, D>() && same_size::<B, D>()) =>
                {
                    // an exact alias of another element size cannot reach here (`acquire`
                    // checks it); raw reads before each write keep even that correct
                    let (sa, sb) = (st[1], st[2]);
                    for i in 0..len as isize {
                        let (x, y) = (pa.offset(i * sa).read(), pb.offset(i * sb).read());
                        d.offset(i).write(f(x, y));
                    }
                }
                [1, 1, 1] if alias_a && alias_b => {
                    let o = std::slice::from_raw_parts_mut(d, len);
                    zip_self1(o, &|v: D| f(reread(v), reread(v)));
                }
                [1, 1, 1] if alias_a => {
                    let o = std::slice::from_raw_parts_mut(d, len);
                    let y = std::slice::from_raw_parts(pb, len);
                    zip_self2(o, y, &|v: D, y| f(reread(v), y));
                }
                [1, 1, 1] if alias_b => {
                    let o = std::slice::from_raw_parts_mut(d, len);
                    let x = std::slice::from_raw_parts(pa, len);
                    zip_self2(o, x, &|v: D, x| f(x, reread(v)));
                }
                [1, 1, 1] => {
                    let o = std::slice::from_raw_parts_mut(d, len);
                    let x = std::slice::from_raw_parts(pa, len);
                    let y = std::slice::from_raw_parts(pb, len);
                    zip2(o, x, y, &f, nt);
                }
                [1, 1, 0] if alias_a => {
                    let y = pb.read();
                    let o = std::slice::from_raw_parts_mut(d, len);
                    zip_self1(o, &|v: D| f(reread(v), y));
                }
                [1, 0, 1] if alias_b => {
                    let x = pa.read();
                    let o = std::slice::from_raw_parts_mut(d, len);
                    zip_self1(o, &|v: D| f(x, reread(v)));
                }
                [1, 1, 0] => {
                    let o = std::slice::from_raw_parts_mut(d, len);
                    let x = std::slice::from_raw_parts(pa, len);
                    let y = pb.read();
                    zip1(o, x, &|x| f(x, y), nt);
                }
                [1, 0, 1] => {
                    let o = std::slice::from_raw_parts_mut(d, len);
                    let x = pa.read();
                    let y = std::slice::from_raw_parts(pb, len);
                    zip1(o, y, &|y| f(x, y), nt);
                }
                [ds, sa, sb] => {
                    for i in 0..len as isize {
                        d.offset(i * ds)
                            .write(f(pa.offset(i * sa).read(), pb.offset(i * sb).read()));
                    }
                }
            }
        }
    });
}

/// `dst[i] = f(c[i], a[i], b[i])` over the plan (operands: dst, c, a, b).
///
/// # Safety
/// As [`map1`], for all three inputs (which may share buffers with each other).
pub(crate) unsafe fn map3<C: Pod, A: Pod, B: Pod, D: Pod>(
    plan: &Plan<4>,
    dst: Ptr,
    c: Ptr,
    a: Ptr,
    b: Ptr,
    f: impl Fn(C, A, B) -> D + Sync,
) {
    plan.run(&|pos, st, len| {
        let d = dst.get() as *mut D;
        let pc = c.get() as *const C;
        let pa = a.get() as *const A;
        let pb = b.get() as *const B;
        // SAFETY: as in `map1`: positions inside the buffers, destination distinct from the
        // inputs, disjoint destination runs across tasks.
        unsafe {
            let d = d.offset(pos[0]);
            let pc = pc.offset(pos[1]);
            let pa = pa.offset(pos[2]);
            let pb = pb.offset(pos[3]);
            if st == [1, 1, 1, 1] {
                let o = std::slice::from_raw_parts_mut(d, len);
                let z = std::slice::from_raw_parts(pc, len);
                let x = std::slice::from_raw_parts(pa, len);
                let y = std::slice::from_raw_parts(pb, len);
                for (((o, &z), &x), &y) in o.iter_mut().zip(z).zip(x).zip(y) {
                    *o = f(z, x, y);
                }
            } else {
                let [ds, sc, sa, sb] = st;
                for i in 0..len as isize {
                    d.offset(i * ds).write(f(
                        pc.offset(i * sc).read(),
                        pa.offset(i * sa).read(),
                        pb.offset(i * sb).read(),
                    ));
                }
            }
        }
    });
}
