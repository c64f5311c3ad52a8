//! The CPU evaluator: one pass over memory in boxes of at most [`BOX`] elements, rayon across
//! boxes, every node computed by core's own backend primitive (`ext::prim`) into a per-task
//! scratch buffer — the same loops, hence the same bits, as the unfused calls, without a
//! full-size temporary.

use super::graph::{Node, Trace};
use crate::error::{KernelError, Result};
use cuprum_core::ext::{self, Storage, View, prim};
use cuprum_core::{Array, Device, Layout};
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
    let in_views: Vec<Option<View<'_>>> =
        inputs.iter().map(|a| a.as_ref().map(ext::view)).collect();
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
    let first_err: Mutex<Option<KernelError>> = Mutex::new(None);
    let mut guard = dst_store.write();
    let dst_bytes = guard.bytes_mut();
    let dst_len = dst_bytes.len();
    let base = SendPtr(dst_bytes.as_mut_ptr());
    let nodes = &t.nodes;
    let task = |scratch: &mut Vec<Option<Arc<Storage>>>, c: usize| -> Result<()> {
        let blayout = boxes.layout(c, &dst_layout);
        let contig = Layout::contiguous(&blayout.shape);
        // box layouts of the inputs, made on first use
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
            let out = View {
                storage: scratch[i].as_deref().unwrap_or(dv.storage),
                layout: &contig,
                dtype: nd.dtype,
            };
            match &nd.node {
                Node::Input(k) => {
                    if i as u32 == t.root {
                        let src = View {
                            storage: in_views[*k].expect("used inputs are present").storage,
                            layout: in_layouts[*k].as_ref().expect("box layout"),
                            dtype: nd.dtype,
                        };
                        prim::copy(src, out)?;
                    }
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
        // the root's box into the destination
        let root = scratch[t.root as usize]
            .as_deref()
            .expect("the root has scratch");
        let Storage::Cpu(rs) = root else {
            unreachable!("scratch buffers are host buffers")
        };
        let r = rs.read();
        let src = r.bytes();
        let n = contig.size();
        let _ = dst_len;
        // SAFETY: `blayout` is the box of the destination's own (bounds-checked) layout, so
        // every position it reaches is inside the destination buffer, whose write lock this
        // call holds; boxes of different tasks are disjoint (the destination is a fresh array
        // or a checked non-broadcast view); the scratch holds `n` contiguous elements of the
        // destination's dtype (the root's dtype is the destination's).
        unsafe { scatter(src, base, &blayout, n, isz) };
        Ok(())
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
    drop(guard);
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
