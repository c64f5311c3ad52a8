//! The CPU reduction driver: splits a strided view into "kept" (output) axes and reduced axes and
//! folds a [`Reducer`] over every output's elements with rayon.
//!
//! Layout classes:
//! - **runs**: the reduced elements of one output are visited as runs along the innermost
//!   reduced axis (contiguous when its stride is 1, e.g. reducing the last axis of a C array);
//!   long runs and many runs are split into pieces that are reduced in parallel when there are few
//!   outputs, and the pieces' accumulators are combined as a binary tree (pairwise);
//! - **columns**: when the kept axes end in a contiguous axis (e.g. reducing axis 0 of a C
//!   array), rows of outputs are accumulated element by element, in parallel over column blocks
//!   and row chunks, then the chunks are combined in order.
//!
//! Every reducer combines accumulators associatively and breaks ties by element index, so the
//! result does not depend on the split (up to float rounding for sums).

use crate::Layout;
use rayon::prelude::*;

/// A reduction as the driver sees it: map each element into an accumulator and combine them.
pub(crate) trait Reducer: Sync {
    /// Element type read.
    type In: Copy + Send + Sync + Default;
    /// Accumulator.
    type Acc: Copy + Send + Sync;
    /// The accumulator of no elements.
    fn identity(&self) -> Self::Acc;
    /// Folds element `x`, with flat index `idx` inside its reduction (C order of the reduced
    /// axes) and output index `out`, into `acc`.
    fn feed(&self, acc: Self::Acc, x: Self::In, idx: i64, out: usize) -> Self::Acc;
    /// Folds a contiguous slice (elements `idx0..`); reducers override this with faster or more
    /// accurate loops (pairwise summation).
    fn feed_slice(&self, acc: Self::Acc, xs: &[Self::In], idx0: i64, out: usize) -> Self::Acc {
        let mut a = acc;
        for (k, &x) in xs.iter().enumerate() {
            a = self.feed(a, x, idx0 + k as i64, out);
        }
        a
    }
    /// Combines two accumulators; `a` covers elements before `b`'s.
    fn combine(&self, a: Self::Acc, b: Self::Acc) -> Self::Acc;
}

/// NumPy's pairwise summation of `map(x)` over a slice (8 accumulators below 128 elements,
/// halving above), giving O(log n · ε) error.
#[inline]
pub(crate) fn pairwise<T: Copy, A: Copy>(
    xs: &[T],
    map: &impl Fn(T) -> A,
    add: &impl Fn(A, A) -> A,
    zero: A,
) -> A {
    let n = xs.len();
    if n < 8 {
        let mut r = zero;
        for &x in xs {
            r = add(r, map(x));
        }
        r
    } else if n <= 128 {
        let mut r = [zero; 8];
        for (k, slot) in r.iter_mut().enumerate() {
            *slot = map(xs[k]);
        }
        let mut i = 8;
        while i + 8 <= n {
            for (k, slot) in r.iter_mut().enumerate() {
                *slot = add(*slot, map(xs[i + k]));
            }
            i += 8;
        }
        let mut res = add(
            add(add(r[0], r[1]), add(r[2], r[3])),
            add(add(r[4], r[5]), add(r[6], r[7])),
        );
        while i < n {
            res = add(res, map(xs[i]));
            i += 1;
        }
        res
    } else {
        let mut n2 = n / 2;
        n2 -= n2 % 8;
        add(
            pairwise(&xs[..n2], map, add, zero),
            pairwise(&xs[n2..], map, add, zero),
        )
    }
}

/// Combines accumulators pushed in order as a balanced binary tree (a binary counter of
/// partial results), so that long sequences of partial sums keep O(log n) rounding error.
struct Tree<'r, R: Reducer> {
    r: &'r R,
    stack: Vec<(u32, R::Acc)>,
}

impl<'r, R: Reducer> Tree<'r, R> {
    fn new(r: &'r R) -> Self {
        Tree {
            r,
            stack: Vec::new(),
        }
    }
    fn push(&mut self, acc: R::Acc) {
        let mut cur = (0u32, acc);
        while let Some(&(lvl, top)) = self.stack.last() {
            if lvl != cur.0 {
                break;
            }
            self.stack.pop();
            cur = (lvl + 1, self.r.combine(top, cur.1));
        }
        self.stack.push(cur);
    }
    fn finish(self) -> R::Acc {
        let r = self.r;
        let mut it = self.stack.into_iter().rev();
        match it.next() {
            None => r.identity(),
            Some((_, last)) => it.fold(last, |acc, (_, earlier)| r.combine(earlier, acc)),
        }
    }
}

/// Relative offsets (in elements) of every position of a shape/strides pair, in C order.
fn rel_offsets(shape: &[usize], strides: &[isize]) -> Vec<isize> {
    let n: usize = shape.iter().product();
    let mut v = Vec::with_capacity(n);
    if n == 0 {
        return v;
    }
    let nd = shape.len();
    let mut idx = vec![0usize; nd];
    let mut pos = 0isize;
    loop {
        v.push(pos);
        let mut ax = nd;
        loop {
            if ax == 0 {
                return v;
            }
            ax -= 1;
            idx[ax] += 1;
            pos += strides[ax];
            if idx[ax] < shape[ax] {
                break;
            }
            pos -= strides[ax] * shape[ax] as isize;
            idx[ax] = 0;
        }
    }
}

/// The (shape, strides) of `layout`'s kept axes and of its reduced `axes`, each in axis order.
pub(crate) type SplitAxes = ((Vec<usize>, Vec<isize>), (Vec<usize>, Vec<isize>));

/// Splits `layout` into its kept axes and its reduced `axes` (see [`SplitAxes`]).
pub(crate) fn split_axes(layout: &Layout, axes: &[usize]) -> SplitAxes {
    let (mut kept, mut reduced) = ((vec![], vec![]), (vec![], vec![]));
    for i in 0..layout.ndim() {
        let part = if axes.contains(&i) {
            &mut reduced
        } else {
            &mut kept
        };
        part.0.push(layout.shape[i]);
        part.1.push(layout.strides[i]);
    }
    (kept, reduced)
}

/// Merges adjacent axes that are contiguous with each other and drops unit axes
/// (same C-order enumeration).
/// ([`crate::layout::merge_axes`] of one operand.)
pub(crate) fn simplify(shape: &[usize], strides: &[isize]) -> (Vec<usize>, Vec<isize>) {
    let mut sh = shape.to_vec();
    let mut st: Vec<[isize; 1]> = strides.iter().map(|&s| [s]).collect();
    let nd = crate::layout::merge_axes(&mut sh, &mut st);
    sh.truncate(nd);
    (sh, st[..nd].iter().map(|s| s[0]).collect())
}

const CHUNK: usize = 256;
const PIECE: usize = 1 << 15;

/// Folds a run of `len` elements starting at `start` with `stride`.
#[inline]
fn reduce_run<R: Reducer>(
    r: &R,
    data: &[R::In],
    start: isize,
    stride: isize,
    len: usize,
    idx0: i64,
    out: usize,
) -> R::Acc {
    if len == 0 {
        return r.identity();
    }
    if stride == 1 {
        let s = start as usize;
        return r.feed_slice(r.identity(), &data[s..s + len], idx0, out);
    }
    let mut buf = [R::In::default(); CHUNK];
    let mut acc = r.identity();
    let mut done = 0usize;
    while done < len {
        let m = CHUNK.min(len - done);
        let mut p = start + done as isize * stride;
        for slot in buf.iter_mut().take(m) {
            *slot = data[p as usize];
            p += stride;
        }
        acc = r.feed_slice(acc, &buf[..m], idx0 + done as i64, out);
        done += m;
    }
    acc
}

/// One unit of parallel work inside one output's reduction: runs `r0..r1` of the run list,
/// or the part `e0..e1` of run `r0` when runs are long.
#[derive(Clone, Copy)]
struct Piece {
    r0: usize,
    r1: usize,
    e0: usize,
    e1: usize,
}

/// Reduces `data` viewed through `layout` over the (sorted, unique) `axes`, giving one
/// accumulator per output element in C order of the kept axes.
pub(crate) fn accumulate<R: Reducer>(
    r: &R,
    data: &[R::In],
    layout: &Layout,
    axes: &[usize],
) -> Vec<R::Acc> {
    let ((ks, kst), (rsh, rst)) = split_axes(layout, axes);
    let n_out: usize = ks.iter().product();
    let n_red: usize = rsh.iter().product();
    if n_out == 0 {
        return Vec::new();
    }
    if n_red == 0 {
        return vec![r.identity(); n_out];
    }
    let base = layout.offset as isize;
    let (kss, ksst) = simplify(&ks, &kst);
    let (rss, rsst) = simplify(&rsh, &rst);
    let threads = rayon::current_num_threads().max(1);

    // Columns: the kept axes end in a contiguous axis and the reduced elements are not
    // themselves contiguous.
    let inner_red_contig = rsst.last() == Some(&1);
    if let (Some(&m), Some(&1)) = (kss.last(), ksst.last())
        && m >= 8
        && !inner_red_contig
    {
        let batch = rel_offsets(&kss[..kss.len() - 1], &ksst[..ksst.len() - 1]);
        let rows = rel_offsets(&rss, &rsst);
        return columns(r, data, base, &batch, m, &rows, threads);
    }

    // Runs along the innermost reduced axis.
    let (len, stride) = match (rss.last(), rsst.last()) {
        (Some(&l), Some(&s)) => (l, s),
        _ => (1, 0),
    };
    let starts = if rss.is_empty() {
        vec![0isize]
    } else {
        rel_offsets(&rss[..rss.len() - 1], &rsst[..rsst.len() - 1])
    };
    let pieces: Vec<Piece> = if len >= PIECE {
        let per = len.div_ceil(PIECE);
        (0..starts.len())
            .flat_map(|k| {
                (0..per).map(move |p| Piece {
                    r0: k,
                    r1: k + 1,
                    e0: p * len / per,
                    e1: (p + 1) * len / per,
                })
            })
            .collect()
    } else {
        let g = (PIECE / len).max(1);
        (0..starts.len().div_ceil(g))
            .map(|p| Piece {
                r0: p * g,
                r1: ((p + 1) * g).min(starts.len()),
                e0: 0,
                e1: len,
            })
            .collect()
    };
    // The runs of a piece combine pairwise too: a piece can hold thousands of short runs (a
    // broadcast axis of 4096 over 8 contiguous elements is 4096 runs of 8), and a running
    // float32 total over them drifted 5e-5 relative from the exact variance.
    let do_piece = |o: usize, ob: isize, pc: &Piece| -> R::Acc {
        let mut acc = Tree::new(r);
        for (k, &st) in starts.iter().enumerate().take(pc.r1).skip(pc.r0) {
            let a = reduce_run(
                r,
                data,
                ob + st + pc.e0 as isize * stride,
                stride,
                pc.e1 - pc.e0,
                (k * len + pc.e0) as i64,
                o,
            );
            acc.push(a);
        }
        acc.finish()
    };
    let out_offsets = rel_offsets(&kss, &ksst);
    if n_out < 2 * threads && pieces.len() > 1 {
        out_offsets
            .iter()
            .enumerate()
            .map(|(o, &ko)| {
                let parts: Vec<R::Acc> = pieces
                    .par_iter()
                    .map(|pc| do_piece(o, base + ko, pc))
                    .collect();
                let mut t = Tree::new(r);
                for a in parts {
                    t.push(a);
                }
                t.finish()
            })
            .collect()
    } else {
        let min_len = (PIECE / n_red.max(1)).max(1);
        out_offsets
            .par_iter()
            .enumerate()
            .with_min_len(min_len)
            .map(|(o, &ko)| {
                let mut t = Tree::new(r);
                for pc in &pieces {
                    t.push(do_piece(o, base + ko, pc));
                }
                t.finish()
            })
            .collect()
    }
}

/// The column layout class: outputs `b*m + j` for batch offsets `b` and a contiguous inner kept
/// axis of length `m`; `rows` are the reduced elements' offsets in C order.
fn columns<R: Reducer>(
    r: &R,
    data: &[R::In],
    base: isize,
    batch: &[isize],
    m: usize,
    rows: &[isize],
    threads: usize,
) -> Vec<R::Acc> {
    // Column blocks of 32 KiB of accumulators (L1-resident): each row is then read in long
    // contiguous runs (a 4096-column float32 sum over axis 0 streamed 4 KiB pieces 16 KiB
    // apart with 1024-wide blocks: 19 GB/s, against 43 GB/s along axis 1). The summation
    // order of every column is unchanged (its rows in order, then the row chunks combined).
    let w_max = ((32usize << 10) / std::mem::size_of::<R::Acc>().max(1)).max(64);
    let wb = m.min(w_max);
    let row_chunk = {
        // enough row chunks for the threads when there are few column blocks
        let blocks = batch.len() * m.div_ceil(wb);
        let want = (threads * 4).div_ceil(blocks.max(1)).max(1);
        rows.len().div_ceil(want).max(256)
    };
    let nrc = rows.len().div_ceil(row_chunk);
    let nb = m.div_ceil(wb);
    let tasks: Vec<(usize, usize, usize)> = (0..batch.len())
        .flat_map(|b| (0..nb).flat_map(move |cb| (0..nrc).map(move |rc| (b, cb, rc))))
        .collect();
    let parts: Vec<Vec<R::Acc>> = tasks
        .par_iter()
        .map(|&(b, cb, rc)| {
            let j0 = cb * wb;
            let w = wb.min(m - j0);
            let o0 = b * m + j0;
            let mut acc = vec![r.identity(); w];
            let r1 = ((rc + 1) * row_chunk).min(rows.len());
            for (ri, &ro) in rows.iter().enumerate().take(r1).skip(rc * row_chunk) {
                let s = (base + batch[b] + ro) as usize + j0;
                let row = &data[s..s + w];
                for (j, (a, &x)) in acc.iter_mut().zip(row).enumerate() {
                    *a = r.feed(*a, x, ri as i64, o0 + j);
                }
            }
            acc
        })
        .collect();
    let mut out = Vec::with_capacity(batch.len() * m);
    for b in 0..batch.len() {
        for cb in 0..nb {
            let first = (b * nb + cb) * nrc;
            let mut acc = parts[first].clone();
            for part in &parts[first + 1..first + nrc] {
                for (a, &p) in acc.iter_mut().zip(part) {
                    *a = r.combine(*a, p);
                }
            }
            out.extend(acc);
        }
    }
    out
}

/// Calls `f(line, in_offsets, out_offsets)` over every 1-D line along `axis`: `in_start` and
/// `out_start` are the absolute positions of the line's first element in the input and output.
pub(crate) fn lines(
    in_layout: &Layout,
    out_layout: &Layout,
    axis: usize,
) -> (Vec<isize>, Vec<isize>) {
    let other = |l: &Layout| {
        let (s, st): (Vec<usize>, Vec<isize>) = (0..l.ndim())
            .filter(|&i| i != axis)
            .map(|i| (l.shape[i], l.strides[i]))
            .unzip();
        rel_offsets(&s, &st)
            .into_iter()
            .map(|p| p + l.offset as isize)
            .collect::<Vec<_>>()
    };
    (other(in_layout), other(out_layout))
}

#[cfg(test)]
mod tests {
    use super::*;

    struct SumI;
    impl Reducer for SumI {
        type In = i64;
        type Acc = i64;
        fn identity(&self) -> i64 {
            0
        }
        fn feed(&self, acc: i64, x: i64, _idx: i64, _out: usize) -> i64 {
            acc + x
        }
        fn combine(&self, a: i64, b: i64) -> i64 {
            a + b
        }
    }

    #[test]
    fn pairwise_matches_sequential_for_integers() {
        let xs: Vec<i64> = (0..1000).collect();
        assert_eq!(pairwise(&xs, &|x| x, &|a, b| a + b, 0), 499_500);
    }

    #[test]
    fn accumulate_every_axis_set_of_3d() {
        let shape = [3usize, 4, 5];
        let data: Vec<i64> = (0..60).collect();
        let l = Layout::contiguous(&shape);
        // axis 1: out (3,5): sum_j 20i + 5j + k = 4*(20i+k) + 30
        let got = accumulate(&SumI, &data, &l, &[1]);
        let want: Vec<i64> = (0..3)
            .flat_map(|i| (0..5).map(move |k| 4 * (20 * i + k) + 30))
            .collect();
        assert_eq!(got, want);
        assert_eq!(accumulate(&SumI, &data, &l, &[0, 1, 2]), vec![1770]);
        let got = accumulate(&SumI, &data, &l, &[0]);
        let want: Vec<i64> = (0..20).map(|jk| 3 * jk + 60).collect();
        assert_eq!(got, want);
        let got = accumulate(&SumI, &data, &l, &[0, 2]);
        let want: Vec<i64> = (0..4)
            .map(|j| {
                (0..3)
                    .flat_map(|i| (0..5).map(move |k| 20 * i + 5 * j + k))
                    .sum()
            })
            .collect();
        assert_eq!(got, want);
    }

    #[test]
    fn tree_combines_in_order() {
        let mut t = Tree::new(&SumI);
        for i in 0..37 {
            t.push(i);
        }
        assert_eq!(t.finish(), (0..37).sum::<i64>());
    }
}
