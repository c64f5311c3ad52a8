//! The CPU evaluator: one pass over memory in boxes of at most [`BOX`] elements, rayon across
//! boxes, every node computed by core's own backend primitive (`ext::prim`) into a per-task
//! scratch buffer — the same loops, hence the same bits, as the unfused calls, without a
//! full-size temporary.

use super::graph::{Node, ReduceKind, Trace};
use crate::error::{KernelError, Result};
use cuprum_core::ext::cpu::{B8, Elem};
use cuprum_core::ext::{self, Storage, View, prim};
use cuprum_core::{Array, Complex32, Complex64, DType, Device, Layout, bf16, f16, with_dtype};
use rayon::prelude::*;
use std::sync::{Arc, Mutex};

/// Elements per box (below the size at which core's CPU loops split work across threads, so
/// each primitive call runs on the task's own thread, and small enough that a box's scratch
/// buffers stay in L2).
pub(crate) const BOX: usize = 6144;

/// How the iteration space is cut into boxes: axes `split+1..` whole, axis `split` in pieces
/// of `piece`, the axes before it one index at a time.
struct Boxes {
    shape: Vec<usize>,
    /// `None`: the whole array is one box
    split: Option<usize>,
    piece: usize,
    /// number of boxes
    count: usize,
}

impl Boxes {
    fn new(shape: &[usize]) -> Boxes {
        let nd = shape.len();
        let mut inner = 1usize;
        let mut k = nd;
        while k > 0 && inner.saturating_mul(shape[k - 1]) <= BOX {
            inner *= shape[k - 1];
            k -= 1;
        }
        if k == 0 {
            return Boxes {
                shape: shape.to_vec(),
                split: None,
                piece: 0,
                count: 1,
            };
        }
        let j = k - 1;
        let piece = (BOX / inner).max(1);
        let outer: usize = shape[..j].iter().product();
        let count = outer * shape[j].div_ceil(piece);
        Boxes {
            shape: shape.to_vec(),
            split: Some(j),
            piece,
            count,
        }
    }

    /// The shape of box `c`.
    fn box_shape(&self, c: usize) -> Vec<usize> {
        let Some(j) = self.split else {
            return self.shape.clone();
        };
        let pieces = self.shape[j].div_ceil(self.piece);
        let start = (c % pieces) * self.piece;
        let mut shape = Vec::with_capacity(self.shape.len() - j);
        shape.push(self.piece.min(self.shape[j] - start));
        shape.extend_from_slice(&self.shape[j + 1..]);
        shape
    }

    /// The flat C-order position of box `c`'s first element (a box is a contiguous range of
    /// the C-order positions of the full shape).
    fn flat_start(&self, c: usize) -> usize {
        let Some(j) = self.split else {
            return 0;
        };
        let pieces = self.shape[j].div_ceil(self.piece);
        let inner: usize = self.shape[j + 1..].iter().product();
        ((c / pieces) * self.shape[j] + (c % pieces) * self.piece) * inner
    }

    /// The layout of box `c` within an operand of layout `l` (of the full shape).
    fn layout(&self, c: usize, l: &Layout) -> Layout {
        let Some(j) = self.split else {
            return l.clone();
        };
        let pieces = self.shape[j].div_ceil(self.piece);
        let (mut rest, p) = (c / pieces, c % pieces);
        let start = p * self.piece;
        let len = self.piece.min(self.shape[j] - start);
        let mut off = l.offset as isize + start as isize * l.strides[j];
        for ax in (0..j).rev() {
            let i = rest % self.shape[ax];
            rest /= self.shape[ax];
            off += i as isize * l.strides[ax];
        }
        let mut shape = Vec::with_capacity(self.shape.len() - j);
        let mut strides = Vec::with_capacity(self.shape.len() - j);
        shape.push(len);
        strides.push(l.strides[j]);
        shape.extend_from_slice(&self.shape[j + 1..]);
        strides.extend_from_slice(&l.strides[j + 1..]);
        Layout {
            shape,
            strides,
            offset: off as usize,
        }
    }
}

/// A base address that may cross to rayon's threads.
#[derive(Clone, Copy)]
struct SendPtr(*mut u8);
// SAFETY: only an address; the tasks below write disjoint elements of the destination through
// it while the destination's write lock is held by the calling thread for the whole loop.
unsafe impl Send for SendPtr {}
// SAFETY: as for `Send`.
unsafe impl Sync for SendPtr {}

/// Evaluates `t` into `dst` (of the broadcast shape and the trace's dtype, not sharing a buffer
/// with any input); `inputs[k]` is argument `k` broadcast to that shape (`None` when unused or
/// a scalar).
pub(crate) fn run(t: &Trace, inputs: &[Option<Array>], dst: &Array) -> Result<()> {
    let shape = dst.shape().to_vec();
    let boxes = Boxes::new(&shape);
    let dv = ext::view(dst);
    let Storage::Cpu(dst_store) = dv.storage else {
        return Err(KernelError::Core(cuprum_core::Error::DeviceMismatch {
            op: "fuse",
            lhs: Device::Cpu,
            rhs: dst.device(),
        }));
    };
    let isz = dst.dtype().itemsize();
    let dst_layout = dv.layout.clone();
    let mut guard = dst_store.write();
    let dst_bytes = guard.bytes_mut();
    let base = SendPtr(dst_bytes.as_mut_ptr());
    let r = each_box(t, inputs, &boxes, |c, src, n| {
        let blayout = boxes.layout(c, &dst_layout);
        // SAFETY: `blayout` is the box of the destination's own (bounds-checked) layout, so
        // every position it reaches is inside the destination buffer, whose write lock this
        // call holds; boxes of different tasks are disjoint (the destination is a fresh array
        // or a checked non-broadcast view); the scratch holds `n` contiguous elements of the
        // destination's dtype (the root's dtype is the destination's).
        unsafe { scatter(src, base, &blayout, n, isz) };
        Ok(())
    });
    drop(guard);
    r
}

/// Computes the root of `t` box by box (rayon across boxes) and hands each box's values to
/// `sink(box, bytes, n)`: `n` contiguous elements of the root's dtype, the box's positions in C
/// order. `inputs[k]` is argument `k` broadcast to the boxes' shape.
fn each_box<F>(t: &Trace, inputs: &[Option<Array>], boxes: &Boxes, sink: F) -> Result<()>
where
    F: Fn(usize, &[u8], usize) -> Result<()> + Sync,
{
    let in_views: Vec<Option<View<'_>>> =
        inputs.iter().map(|a| a.as_ref().map(ext::view)).collect();
    let first_err: Mutex<Option<KernelError>> = Mutex::new(None);
    let nodes = &t.nodes;
    let task = |scratch: &mut Vec<Option<Arc<Storage>>>, c: usize| -> Result<()> {
        let contig = Layout::contiguous(&boxes.box_shape(c));
        // box layouts of the inputs
        let mut in_layouts: Vec<Option<Layout>> = vec![None; inputs.len()];
        for (k, v) in in_views.iter().enumerate() {
            if let Some(v) = v {
                in_layouts[k] = Some(boxes.layout(c, v.layout));
            }
        }
        for (i, nd) in nodes.iter().enumerate() {
            if !t.live[i] {
                continue;
            }
            if let Node::Input(_) = nd.node
                && i as u32 != t.root
            {
                continue;
            }
            if scratch[i].is_none() {
                scratch[i] = Some(Arc::new(prim::alloc(
                    Device::Cpu,
                    BOX * nd.dtype.itemsize(),
                )?));
            }
        }
        // the view of node `j`'s value in this box
        let value = |j: u32| -> View<'_> {
            let nd = &nodes[j as usize];
            match nd.node {
                Node::Input(k) if j != t.root => View {
                    storage: in_views[k].expect("used inputs are present").storage,
                    layout: in_layouts[k]
                        .as_ref()
                        .expect("used inputs have a box layout"),
                    dtype: nd.dtype,
                },
                _ => View {
                    storage: scratch[j as usize]
                        .as_deref()
                        .expect("live nodes have scratch"),
                    layout: &contig,
                    dtype: nd.dtype,
                },
            }
        };
        for (i, nd) in nodes.iter().enumerate() {
            if !t.live[i] {
                continue;
            }
            if let Node::Input(_) = nd.node
                && i as u32 != t.root
            {
                continue;
            }
            let out = View {
                storage: scratch[i].as_deref().expect("computed nodes have scratch"),
                layout: &contig,
                dtype: nd.dtype,
            };
            match &nd.node {
                Node::Input(k) => {
                    let src = View {
                        storage: in_views[*k].expect("used inputs are present").storage,
                        layout: in_layouts[*k].as_ref().expect("box layout"),
                        dtype: nd.dtype,
                    };
                    prim::copy(src, out)?;
                }
                Node::Fill(s) => prim::fill(out, *s)?,
                Node::Cast(a) => prim::copy(value(*a), out)?,
                Node::Unary(op, a) => prim::unary(*op, value(*a), out)?,
                Node::Binary(op, a, b) => prim::binary(*op, value(*a), value(*b), out)?,
                Node::BinaryScalar(op, a, s, side) => {
                    prim::binary_scalar(*op, value(*a), *s, *side, out)?
                }
                Node::Where(c, a, b) => prim::where_(value(*c), value(*a), value(*b), out)?,
            }
        }
        // the root's box to the sink
        let root = scratch[t.root as usize]
            .as_deref()
            .expect("the root has scratch");
        let Storage::Cpu(rs) = root else {
            unreachable!("scratch buffers are host buffers")
        };
        let r = rs.read();
        sink(c, r.bytes(), contig.size())
    };
    (0..boxes.count).into_par_iter().for_each_init(
        || vec![None; nodes.len()],
        |scratch, c| {
            if first_err.lock().map(|e| e.is_some()).unwrap_or(true) {
                return;
            }
            if let Err(e) = task(scratch, c) {
                let mut g = first_err.lock().unwrap_or_else(|p| p.into_inner());
                if g.is_none() {
                    *g = Some(e);
                }
            }
        },
    );
    match first_err.into_inner().unwrap_or_else(|p| p.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// Copies `n` contiguous elements of `isz` bytes from `src` to the positions of layout `l`
/// (C order) in the buffer at `base`.
///
/// # Safety
/// Every position of `l` lies inside the buffer at `base`, which nothing else reads or writes
/// at those positions meanwhile; `src` holds at least `n * isz` bytes; `n == l.size()`.
unsafe fn scatter(src: &[u8], base: SendPtr, l: &Layout, n: usize, isz: usize) {
    let nd = l.shape.len();
    if n == 0 {
        return;
    }
    if nd == 0 {
        // SAFETY: forwarded from the caller (one element at the offset).
        unsafe {
            std::ptr::copy_nonoverlapping(src.as_ptr(), base.0.add(l.offset * isz), isz);
        }
        return;
    }
    let last = nd - 1;
    let inner = l.shape[last];
    let ist = l.strides[last];
    let mut idx = vec![0usize; nd];
    let mut s = 0usize;
    loop {
        let mut pos = l.offset as isize;
        for (i, st) in idx.iter().zip(&l.strides).take(last) {
            pos += *i as isize * st;
        }
        if ist == 1 {
            // SAFETY: a run of `inner` contiguous destination elements inside the buffer
            // (caller's contract) and `inner` source elements.
            unsafe {
                std::ptr::copy_nonoverlapping(
                    src.as_ptr().add(s * isz),
                    base.0.offset(pos * isz as isize),
                    inner * isz,
                );
            }
        } else {
            for i in 0..inner {
                // SAFETY: as above, one element at a time.
                unsafe {
                    std::ptr::copy_nonoverlapping(
                        src.as_ptr().add((s + i) * isz),
                        base.0.offset((pos + i as isize * ist) * isz as isize),
                        isz,
                    );
                }
            }
        }
        s += inner;
        if s >= n {
            break;
        }
        let mut ax = last;
        loop {
            if ax == 0 {
                return;
            }
            ax -= 1;
            idx[ax] += 1;
            if idx[ax] < l.shape[ax] {
                break;
            }
            idx[ax] = 0;
        }
    }
}

/// The arithmetic of a fused reduction's accumulator, as core's reductions do it: integers
/// wrap, bool adds as `or` and multiplies as `and`, complex numbers compare lexicographically
/// (NaN in either part is NaN).
trait Acc: Elem + Copy {
    fn add(self, b: Self) -> Self;
    fn mul(self, b: Self) -> Self;
    fn is_nan(self) -> bool;
    fn gt(self, b: Self) -> bool;
    fn lt(self, b: Self) -> bool;
}

macro_rules! int_acc {
    ($($t:ty),*) => {$(
        impl Acc for $t {
            #[inline(always)]
            fn add(self, b: Self) -> Self { self.wrapping_add(b) }
            #[inline(always)]
            fn mul(self, b: Self) -> Self { self.wrapping_mul(b) }
            #[inline(always)]
            fn is_nan(self) -> bool { false }
            #[inline(always)]
            fn gt(self, b: Self) -> bool { self > b }
            #[inline(always)]
            fn lt(self, b: Self) -> bool { self < b }
        }
    )*};
}
int_acc!(i8, i16, i32, i64, u8, u16, u32, u64);

macro_rules! float_acc {
    ($($t:ty),*) => {$(
        impl Acc for $t {
            #[inline(always)]
            fn add(self, b: Self) -> Self { self + b }
            #[inline(always)]
            fn mul(self, b: Self) -> Self { self * b }
            #[inline(always)]
            fn is_nan(self) -> bool { self.is_nan() }
            #[inline(always)]
            fn gt(self, b: Self) -> bool { self > b }
            #[inline(always)]
            fn lt(self, b: Self) -> bool { self < b }
        }
    )*};
}
float_acc!(f32, f64);

// 16-bit floats never accumulate (their sums run in float32, their max/min compare in float32);
// the impls exist for the dtype dispatch only and compute through float32.
macro_rules! half_acc {
    ($($t:ty),*) => {$(
        impl Acc for $t {
            fn add(self, b: Self) -> Self { Self::from_f64((self.cast::<f32>() + b.cast::<f32>()) as f64) }
            fn mul(self, b: Self) -> Self { Self::from_f64((self.cast::<f32>() * b.cast::<f32>()) as f64) }
            fn is_nan(self) -> bool { self.cast::<f32>().is_nan() }
            fn gt(self, b: Self) -> bool { self.cast::<f32>() > b.cast::<f32>() }
            fn lt(self, b: Self) -> bool { self.cast::<f32>() < b.cast::<f32>() }
        }
    )*};
}
half_acc!(f16, bf16);

impl Acc for B8 {
    #[inline(always)]
    fn add(self, b: Self) -> Self {
        B8::new(self.0 != 0 || b.0 != 0)
    }
    #[inline(always)]
    fn mul(self, b: Self) -> Self {
        B8::new(self.0 != 0 && b.0 != 0)
    }
    #[inline(always)]
    fn is_nan(self) -> bool {
        false
    }
    #[inline(always)]
    fn gt(self, b: Self) -> bool {
        (self.0 != 0) && (b.0 == 0)
    }
    #[inline(always)]
    fn lt(self, b: Self) -> bool {
        (self.0 == 0) && (b.0 != 0)
    }
}

macro_rules! complex_acc {
    ($($t:ty),*) => {$(
        impl Acc for $t {
            #[inline(always)]
            fn add(self, b: Self) -> Self { self + b }
            #[inline(always)]
            fn mul(self, b: Self) -> Self {
                // the textbook formula (core's `r_mul`), not num-complex's scaling
                <$t>::new(self.re * b.re - self.im * b.im, self.re * b.im + self.im * b.re)
            }
            #[inline(always)]
            fn is_nan(self) -> bool { self.re.is_nan() || self.im.is_nan() }
            #[inline(always)]
            fn gt(self, b: Self) -> bool { self.re > b.re || (self.re == b.re && self.im > b.im) }
            #[inline(always)]
            fn lt(self, b: Self) -> bool { self.re < b.re || (self.re == b.re && self.im < b.im) }
        }
    )*};
}
complex_acc!(Complex32, Complex64);

#[inline(always)]
fn combine<A: Acc>(k: ReduceKind, a: A, b: A) -> A {
    match k {
        ReduceKind::Sum => a.add(b),
        ReduceKind::Prod => a.mul(b),
        ReduceKind::Max | ReduceKind::Min => {
            if a.is_nan() {
                a
            } else if b.is_nan()
                || (k == ReduceKind::Max && b.gt(a))
                || (k == ReduceKind::Min && b.lt(a))
            {
                b
            } else {
                a
            }
        }
    }
}

/// The reduction of a non-empty run: sums and products as core's CPU reductions do them
/// (NumPy's pairwise scheme from the identity: 8 accumulators below 128 elements, halving
/// above), so a run gives the unfused bits; max and min from the first element.
fn fold<A: Acc>(k: ReduceKind, v: &[A]) -> A {
    match k {
        ReduceKind::Sum => pairwise(k, v, A::from_i64(0)),
        ReduceKind::Prod => pairwise(k, v, A::from_i64(1)),
        ReduceKind::Max | ReduceKind::Min => {
            let mut a = v[0];
            for &x in &v[1..] {
                a = combine(k, a, x);
            }
            a
        }
    }
}

/// core's `reduce::engine::pairwise` over `combine(k, ..)`.
fn pairwise<A: Acc>(k: ReduceKind, xs: &[A], id: A) -> A {
    let n = xs.len();
    if n < 8 {
        let mut r = id;
        for &x in xs {
            r = combine(k, r, x);
        }
        r
    } else if n <= 128 {
        let mut r = [id; 8];
        r.copy_from_slice(&xs[..8]);
        let mut i = 8;
        while i + 8 <= n {
            for (j, slot) in r.iter_mut().enumerate() {
                *slot = combine(k, *slot, xs[i + j]);
            }
            i += 8;
        }
        let c = |a, b| combine(k, a, b);
        let mut res = c(
            c(c(r[0], r[1]), c(r[2], r[3])),
            c(c(r[4], r[5]), c(r[6], r[7])),
        );
        while i < n {
            res = c(res, xs[i]);
            i += 1;
        }
        res
    } else {
        let mut n2 = n / 2;
        n2 -= n2 % 8;
        combine(k, pairwise(k, &xs[..n2], id), pairwise(k, &xs[n2..], id))
    }
}

/// An address of the results that may cross to rayon's threads.
#[derive(Clone, Copy)]
struct SendSlot<A>(*mut A);
// SAFETY: only an address; the tasks write disjoint results through it (one whole reduced run
// each) while the vector it points into is alive and not otherwise used.
unsafe impl<A> Send for SendSlot<A> {}
// SAFETY: as for `Send`.
unsafe impl<A> Sync for SendSlot<A> {}

impl<A> SendSlot<A> {
    fn ptr(&self) -> *mut A {
        self.0
    }
}

/// A fused reduction in one pass: `t`'s map (its root cast to `acc`, the accumulator dtype) is
/// computed box by box over the iteration space reordered as [kept axes, reduced axes] (each
/// box a run of consecutive positions in that order) and each box reduced at once: runs that
/// cover a whole output are written directly, pieces of an output cut by a box boundary are
/// combined afterwards in box order. `inputs[k]` is argument `k` broadcast to `shape`; `axes`
/// are the reduced axes (sorted); `shape` is not empty (size > 0). Returns the C-contiguous
/// kept-shape result in `acc`.
pub(crate) fn reduce(
    t: &Trace,
    inputs: &[Option<Array>],
    shape: &[usize],
    axes: &[usize],
    kind: ReduceKind,
    acc: DType,
) -> Result<Array> {
    let nd = shape.len();
    let perm: Vec<usize> = (0..nd)
        .filter(|d| !axes.contains(d))
        .chain(axes.iter().copied())
        .collect();
    let kept: Vec<usize> = (0..nd)
        .filter(|d| !axes.contains(d))
        .map(|d| shape[d])
        .collect();
    let pshape: Vec<usize> = perm.iter().map(|&d| shape[d]).collect();
    let nout: usize = kept.iter().product();
    let nred: usize = axes.iter().map(|&d| shape[d]).product();
    let mut permuted: Vec<Option<Array>> = Vec::with_capacity(inputs.len());
    for x in inputs {
        permuted.push(match x {
            None => None,
            Some(x) => {
                let l = ext::view(x).layout;
                let layout = Layout {
                    shape: pshape.clone(),
                    strides: perm.iter().map(|&d| l.strides[d]).collect(),
                    offset: l.offset,
                };
                Some(ext::with_layout(x, layout)?)
            }
        });
    }
    let t = t.cast_root(acc);
    let boxes = Boxes::new(&pshape);
    let bytes = with_dtype!(acc, A => {
        let mut res: Vec<A> = ext::try_vec_filled(nout, A::from_i64(0))?;
        let slot = SendSlot(res.as_mut_ptr());
        let pieces: Mutex<Vec<(usize, usize, A)>> = Mutex::new(Vec::new());
        each_box(&t, &permuted, &boxes, |c, src, n| {
            let owned;
            let v: &[A] = match bytemuck::try_cast_slice(&src[..n * std::mem::size_of::<A>()]) {
                Ok(v) => v,
                Err(_) => {
                    owned = bytemuck::pod_collect_to_vec::<u8, A>(&src[..n * std::mem::size_of::<A>()]);
                    &owned
                }
            };
            let s0 = boxes.flat_start(c);
            let mut pos = 0;
            let mut mine = Vec::new();
            while pos < n {
                let f = s0 + pos;
                let (o, r) = (f / nred, f % nred);
                let len = (nred - r).min(n - pos);
                let val = fold(kind, &v[pos..pos + len]);
                if len == nred {
                    // SAFETY: `o < nout` (a position of the box is below nout * nred); a whole
                    // run of output `o` lies in exactly one box, so no other task writes
                    // `res[o]`, and `res` outlives the loop.
                    unsafe { *slot.ptr().add(o) = val };
                } else {
                    mine.push((o, c, val));
                }
                pos += len;
            }
            if !mine.is_empty() {
                pieces.lock().unwrap_or_else(|p| p.into_inner()).extend(mine);
            }
            Ok(())
        })?;
        let mut pieces = pieces.into_inner().unwrap_or_else(|p| p.into_inner());
        pieces.sort_unstable_by_key(|&(o, c, _)| (o, c));
        let mut i = 0;
        while i < pieces.len() {
            let o = pieces[i].0;
            let mut a = pieces[i].2;
            i += 1;
            while i < pieces.len() && pieces[i].0 == o {
                a = combine(kind, a, pieces[i].2);
                i += 1;
            }
            res[o] = a;
        }
        bytemuck::cast_slice::<A, u8>(&res).to_vec()
    });
    let storage = prim::from_host(Device::Cpu, &bytes)?;
    Ok(ext::from_parts(
        Arc::new(storage),
        Layout::contiguous(&kept),
        acc,
    )?)
}
