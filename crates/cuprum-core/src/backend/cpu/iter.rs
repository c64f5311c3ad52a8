//! Strided iteration over several views of one shape: the loop driver every CPU primitive uses.
//!
//! A [`Plan`] joins the layouts of the destination (operand 0) and the inputs: it drops unit
//! axes, flips axes the destination walks backwards, orders axes by the destination's strides
//! and merges axes that are contiguous in every operand, so that a C-contiguous, F-contiguous or
//! reversed operation becomes one long run ([`crate::layout::merge_axes`]). [`Plan::run`] then
//! runs plans of fewer than [`PAR_MIN`] elements on the calling thread and cuts larger ones into
//! about eight chunks per rayon worker (at least [`CHUNK`] elements each), and calls a typed
//! inner loop once per run along the innermost axis (dynamic dispatch per run, never per
//! element).

use crate::Layout;
use rayon::prelude::*;

/// Elements per rayon task (at least).
pub const CHUNK: usize = 4096;
/// Plans of fewer elements run on the calling thread: waking the rayon pool and joining it
/// costs several microseconds (tens on a loaded machine), more than a simple loop over this
/// many elements (a 126 x 126 float64 add took 6 us serially, 20 us through the pool on the
/// 2-core machine).
pub const PAR_MIN: usize = 1 << 15;

/// Destinations smaller than this never take streaming stores ([`Plan::streams`]).
pub(crate) const STREAM_MIN_DST: usize = 1 << 20;

/// Operations touching fewer bytes than this never take streaming stores ([`Plan::streams`]):
/// the last-level cache's size ([`llc_bytes`]).
pub(crate) fn stream_min_touched() -> usize {
    llc_bytes()
}

/// The last-level cache one process can count on, in bytes, read once:
/// `CUPRUM_CPU_CACHE_BYTES` when set (tuning), else the largest `cacheN/size` of CPU 0 in
/// sysfs on Linux, at most [`LLC_PER_CPU`] for each CPU that `shared_cpu_list` says shares it
/// (32 MiB where it cannot be read). The cap matters in virtual machines: the 2-CPU CI machine
/// reports its host's whole 260 MiB L3, which the host's other tenants use too; taken at its
/// word, no operation there would ever stream (the 2048² stencil rows of
/// docs/benchmarks/cpu-core.md were measured there).
pub(crate) fn llc_bytes() -> usize {
    static LLC: std::sync::OnceLock<usize> = std::sync::OnceLock::new();
    *LLC.get_or_init(|| {
        std::env::var("CUPRUM_CPU_CACHE_BYTES")
            .ok()
            .and_then(|v| v.trim().parse::<usize>().ok())
            .filter(|&b| b > 0)
            .or_else(read_llc_bytes)
            .unwrap_or(32 << 20)
    })
}

/// Last-level cache a CPU sharing it may count on (bare-metal parts have 1.5–4 MiB an L3
/// core; 16 MiB leaves every such cache whole).
pub(crate) const LLC_PER_CPU: usize = 16 << 20;

fn read_llc_bytes() -> Option<usize> {
    let mut best: Option<(u32, usize, usize)> = None;
    for i in 0..8 {
        let dir = format!("/sys/devices/system/cpu/cpu0/cache/index{i}");
        let (Ok(level), Ok(size)) = (
            std::fs::read_to_string(format!("{dir}/level")),
            std::fs::read_to_string(format!("{dir}/size")),
        ) else {
            continue;
        };
        let (Ok(level), Some(bytes)) = (level.trim().parse::<u32>(), parse_cache_size(&size))
        else {
            continue;
        };
        let sharing = std::fs::read_to_string(format!("{dir}/shared_cpu_list"))
            .ok()
            .and_then(|l| count_cpu_list(&l))
            .unwrap_or(1);
        if best.is_none_or(|b| level > b.0) {
            best = Some((level, bytes, sharing));
        }
    }
    best.map(|(_, bytes, sharing)| bytes.min(LLC_PER_CPU.saturating_mul(sharing.max(1))))
        .filter(|&b| b > 0)
}

/// How many CPUs a sysfs CPU list names (`"0-1"` → 2, `"0,4-7"` → 5); `None` when malformed.
pub(crate) fn count_cpu_list(s: &str) -> Option<usize> {
    let mut n = 0usize;
    for part in s.trim().split(',').filter(|p| !p.is_empty()) {
        n += match part.split_once('-') {
            Some((a, b)) => {
                let (a, b) = (a.parse::<usize>().ok()?, b.parse::<usize>().ok()?);
                b.checked_sub(a)? + 1
            }
            None => {
                part.parse::<usize>().ok()?;
                1
            }
        };
    }
    (n > 0).then_some(n)
}

/// `"32768K"` → 33554432 (sysfs writes sizes with a `K`, `M` or `G` suffix).
pub(crate) fn parse_cache_size(s: &str) -> Option<usize> {
    let s = s.trim();
    let (num, mul) = match s.as_bytes().last()? {
        b'K' => (&s[..s.len() - 1], 1usize << 10),
        b'M' => (&s[..s.len() - 1], 1 << 20),
        b'G' => (&s[..s.len() - 1], 1 << 30),
        _ => (s, 1),
    };
    num.parse::<usize>().ok()?.checked_mul(mul)
}

/// The joint iteration plan of `N` views of the same shape; operand 0 is the destination.
pub struct Plan<const N: usize> {
    /// extents, outermost first (at least one axis)
    shape: Vec<usize>,
    /// per axis, the stride of each operand in elements
    strides: Vec<[isize; N]>,
    /// buffer position (in elements) of the first element of each operand
    offsets: [isize; N],
    /// number of elements
    size: usize,
    /// false when the destination may write one element twice (zero or overlapping strides)
    parallel: bool,
}

/// The innermost loop: called with each operand's buffer position of the run's first element,
/// each operand's stride along the run, and the run length.
pub type Inner<'a, const N: usize> = dyn Fn([isize; N], [isize; N], usize) + Sync + 'a;

impl<const N: usize> Plan<N> {
    /// The plan for `layouts` (all of `layouts[0].shape`; inputs already broadcast to it).
    pub fn new(layouts: [&Layout; N]) -> Plan<N> {
        let shape0 = &layouts[0].shape;
        let size = shape0.iter().product::<usize>();
        let mut offsets = [0isize; N];
        for k in 0..N {
            offsets[k] = layouts[k].offset as isize;
        }
        let mut axes: Vec<(usize, [isize; N])> = Vec::with_capacity(shape0.len());
        for (i, &n) in shape0.iter().enumerate() {
            if n == 1 {
                continue;
            }
            let mut st = [0isize; N];
            for k in 0..N {
                st[k] = layouts[k].strides[i];
            }
            axes.push((n, st));
        }
        // Walk the destination forwards: flip axes with a negative destination stride.
        for (n, st) in axes.iter_mut() {
            if st[0] < 0 {
                for k in 0..N {
                    offsets[k] += (*n as isize - 1) * st[k];
                    st[k] = -st[k];
                }
            }
        }
        // Destination memory order: largest stride outermost (stable, so C order is kept on ties).
        axes.sort_by(|a, b| b.1[0].cmp(&a.1[0]));
        // Merge axes contiguous in every operand (the crate's one rule, `layout::merge_axes`).
        let mut shape: Vec<usize> = axes.iter().map(|a| a.0).collect();
        let mut strides: Vec<[isize; N]> = axes.iter().map(|a| a.1).collect();
        let nd = crate::layout::merge_axes(&mut shape, &mut strides);
        let mut merged: Vec<(usize, [isize; N])> = shape[..nd]
            .iter()
            .copied()
            .zip(strides[..nd].iter().copied())
            .collect();
        if merged.is_empty() {
            merged.push((1, [0; N]));
        }
        // The destination is free of self-overlap when, sorted by stride, every stride is
        // larger than the reach of all smaller axes.
        let mut by_stride: Vec<(usize, isize)> = merged.iter().map(|(n, s)| (*n, s[0])).collect();
        by_stride.sort_by_key(|&(_, s)| s);
        let mut reach = 0isize;
        let mut disjoint = true;
        for (n, s) in by_stride {
            if n > 1 && s <= reach {
                disjoint = false;
                break;
            }
            reach += (n as isize - 1) * s;
        }
        Plan {
            shape: merged.iter().map(|a| a.0).collect(),
            strides: merged.iter().map(|a| a.1).collect(),
            offsets,
            size,
            parallel: disjoint && size >= PAR_MIN.max(2 * CHUNK),
        }
    }

    /// Number of elements.
    #[allow(dead_code)]
    pub fn size(&self) -> usize {
        self.size
    }

    /// True when the destination should be written with non-temporal ("streaming") stores
    /// (see [`crate::backend::cpu::kernel`]): the plan runs in parallel (no self-overlap), walks
    /// the destination in unit-stride runs, writes at least [`STREAM_MIN_DST`] bytes, and the
    /// operation touches (destination plus every input that is not a broadcast scalar) at least
    /// [`stream_min_touched`] bytes, the last-level cache's size, so the output is evicted by
    /// the operation's own operands before the next operation could read it back from the
    /// cache. `itemsizes[k]` is operand `k`'s element size in bytes.
    ///
    /// Ordinary stores first read every destination line from memory (write-allocate), then
    /// write it back: a third of an out-of-cache binary operation's traffic. Streaming stores
    /// skip that read, but they also bypass the cache, so a result small enough to be read back
    /// from the cache by the next operation must not use them. Measured on the 2-core machine
    /// (32 MiB L3): in a standalone chain of eight float32 operations like the stencil's, 1022²
    /// operands (12.5 MB touched per operation) were 20-30% slower with streaming stores; in
    /// `cuprum-bench`'s 2048² stencil, float64 (all operations above the L3) gained 10-25%,
    /// float32 with its binary operations streamed (50 MB) gained ~9%, and streaming its
    /// scalar operations and assignment too (33.5 MB, with a threshold of half the L3) lost
    /// that again (the stencil rows: docs/benchmarks/cpu-core.md).
    pub(crate) fn streams(&self, itemsizes: [usize; N]) -> bool {
        if !self.parallel || self.strides[self.strides.len() - 1][0] != 1 {
            return false;
        }
        let dst = self.size.saturating_mul(itemsizes[0]);
        if dst < STREAM_MIN_DST {
            return false;
        }
        let mut touched = dst;
        for (k, &sz) in itemsizes.iter().enumerate().skip(1) {
            if self.strides.iter().any(|st| st[k] != 0) {
                touched = touched.saturating_add(self.size.saturating_mul(sz));
            }
        }
        touched >= stream_min_touched()
    }

    /// Calls `inner` once per run; runs of different chunks go to different rayon tasks when
    /// the destination has no self-overlap. Each task ends with a store fence
    /// (`store_fence`), so the non-temporal stores of its runs are visible once it completes.
    pub fn run(&self, inner: &Inner<'_, N>) {
        if self.size == 0 {
            return;
        }
        if self.parallel {
            // about eight tasks per worker (balance on a shared machine), at least CHUNK each
            let chunk = self
                .size
                .div_ceil(8 * rayon::current_num_threads())
                .max(CHUNK);
            let nchunks = self.size.div_ceil(chunk);
            (0..nchunks).into_par_iter().for_each(|c| {
                self.run_range(c * chunk, ((c + 1) * chunk).min(self.size), inner);
                store_fence();
            });
        } else {
            self.run_range(0, self.size, inner);
        }
    }

    /// Runs elements `start..end` (in the plan's C order).
    fn run_range(&self, start: usize, end: usize, inner: &Inner<'_, N>) {
        let nd = self.shape.len();
        let last = nd - 1;
        let mut idx = crate::layout::small_zeros::<usize>(nd);
        let mut rem = start;
        for ax in (0..nd).rev() {
            idx[ax] = rem % self.shape[ax];
            rem /= self.shape[ax];
        }
        let mut pos = self.offsets;
        for (i, st) in idx.iter().zip(&self.strides) {
            for k in 0..N {
                pos[k] += *i as isize * st[k];
            }
        }
        let inner_st = self.strides[last];
        let mut done = start;
        while done < end {
            let len = (self.shape[last] - idx[last]).min(end - done);
            inner(pos, inner_st, len);
            done += len;
            if done >= end {
                break;
            }
            idx[last] += len;
            for k in 0..N {
                pos[k] += len as isize * inner_st[k];
            }
            let mut ax = last;
            while ax > 0 && idx[ax] == self.shape[ax] {
                let n = self.shape[ax] as isize;
                for (p, st) in pos.iter_mut().zip(&self.strides[ax]) {
                    *p -= n * st;
                }
                idx[ax] = 0;
                ax -= 1;
                idx[ax] += 1;
                for (p, st) in pos.iter_mut().zip(&self.strides[ax]) {
                    *p += st;
                }
            }
        }
    }
}

/// Makes this thread's non-temporal stores (the CPU kernels' `stream_out`) globally visible
/// before its later stores, such as the one that reports a rayon task complete; ordinary
/// stores are already ordered. A no-op off x86-64, where no kernel streams.
#[inline]
pub(crate) fn store_fence() {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: `sfence` (SSE, part of the x86-64 baseline) only orders this thread's stores.
    unsafe {
        std::arch::x86_64::_mm_sfence()
    };
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Mutex;

    fn collect<const N: usize>(p: &Plan<N>) -> Vec<[isize; N]> {
        let out = Mutex::new(Vec::new());
        p.run(&|pos, st, len| {
            let mut o = out.lock().unwrap();
            for i in 0..len as isize {
                let mut q = pos;
                for k in 0..N {
                    q[k] += i * st[k];
                }
                o.push(q);
            }
        });
        let mut v = out.into_inner().unwrap();
        v.sort();
        v
    }

    #[test]
    fn contiguous_merges_to_one_run() {
        let l = Layout::contiguous(&[3, 4, 5]);
        let p = Plan::<2>::new([&l, &l]);
        assert_eq!(p.shape, vec![60]);
        assert_eq!(collect(&p).len(), 60);
    }

    #[test]
    fn reversed_destination_is_flipped() {
        let d = Layout {
            shape: vec![4],
            strides: vec![-1],
            offset: 3,
        };
        let s = Layout::contiguous(&[4]);
        let p = Plan::<2>::new([&d, &s]);
        // dst position 3 pairs with src 0, ..., dst 0 with src 3
        assert_eq!(collect(&p), vec![[0, 3], [1, 2], [2, 1], [3, 0]]);
    }

    #[test]
    fn chunks_cover_every_element_once() {
        let d = Layout::contiguous(&[3, 5000]);
        let s = Layout {
            shape: vec![3, 5000],
            strides: vec![1, 3],
            offset: 0,
        };
        let p = Plan::<2>::new([&d, &s]);
        assert!(!p.parallel, "15000 elements run on the calling thread");
        let v = collect(&p);
        assert_eq!(v.len(), 15000);
        // the same over the pool
        let d = Layout::contiguous(&[3, 50000]);
        let s = Layout {
            shape: vec![3, 50000],
            strides: vec![1, 3],
            offset: 0,
        };
        let p = Plan::<2>::new([&d, &s]);
        assert!(p.parallel);
        let v = collect(&p);
        assert_eq!(v.len(), 150000);
        for (i, e) in v.iter().enumerate() {
            assert_eq!(e[0], i as isize);
            let (r, c) = (i / 50000, i % 50000);
            assert_eq!(e[1], (r + 3 * c) as isize);
        }
        let d = Layout::contiguous(&[3, 5000]);
        let s = Layout {
            shape: vec![3, 5000],
            strides: vec![1, 3],
            offset: 0,
        };
        let p = Plan::<2>::new([&d, &s]);
        let v = collect(&p);
        assert_eq!(v.len(), 15000);
        for (i, e) in v.iter().enumerate() {
            assert_eq!(e[0], i as isize);
            let (r, c) = (i / 5000, i % 5000);
            assert_eq!(e[1], (r + 3 * c) as isize);
        }
    }

    #[test]
    fn zero_stride_destination_runs_serially() {
        let d = Layout {
            shape: vec![3, 10000],
            strides: vec![1, 0],
            offset: 0,
        };
        let p = Plan::<1>::new([&d]);
        assert!(!p.parallel);
    }
}
