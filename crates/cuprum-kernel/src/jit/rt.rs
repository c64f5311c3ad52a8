//! What the code of `#[jit::kernel]` calls: the kernel's description ([`Spec`]), and on the CPU
//! the launch ([`Launch`], [`Block`]), the bound arguments ([`Bound`], [`In`], [`Out`]), the
//! arithmetic of the body language, shared memory and warp operations. Not user API: the
//! macro's output names it through `jit::rt`.

pub use super::elem::{AtomicBits, JitElem, JitInt};
pub use crate::error::{KernelError, Result};
pub use cuprum_core::DType;
use rayon::prelude::*;
use std::cell::Cell;
use std::marker::PhantomData;
use std::sync::atomic::{AtomicBool, Ordering};

/// A parameter's kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PKind {
    /// `&[T]`: an array read
    In,
    /// `&mut [T]`: an array written
    Out,
    /// a scalar by value
    Scalar,
}

/// A parameter's element type: a type parameter, or a fixed dtype and its C type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ElemTy {
    /// the kernel's n-th type parameter
    Gen(usize),
    /// a fixed dtype and its C type
    Dt(DType, &'static str),
}

/// One parameter.
#[derive(Clone, Copy, Debug)]
pub struct ParamSpec {
    /// its name
    pub name: &'static str,
    /// array read, array written or scalar
    pub kind: PKind,
    /// element type
    pub elem: ElemTy,
    /// the number of indices of its n-d uses (0: flat indexing only)
    pub ndim: usize,
    /// the least number of dimensions its `shape(k)` uses need
    pub min_ndim: usize,
}

/// The CPU function of a kernel.
pub type CpuFn = fn(&Launch, &Bound<'_>) -> Result<()>;

/// A kernel as the macro describes it.
#[derive(Clone, Copy, Debug)]
pub struct Spec {
    /// the Rust function's name
    pub name: &'static str,
    /// its type parameters
    pub generics: &'static [&'static str],
    /// its parameters
    pub params: &'static [ParamSpec],
    /// the CUDA C body
    pub body: &'static str,
    /// the CPU function
    pub cpu: CpuFn,
}

/// A CPU launch: the grid and block dimensions.
pub struct Launch {
    pub(crate) grid: [u32; 3],
    pub(crate) block: [u32; 3],
    pub(crate) oob: AtomicBool,
}

impl Launch {
    /// Runs `f` for every block, blocks in parallel.
    ///
    /// # Errors
    /// The first error of a block (host allocation).
    pub fn run_blocks<F>(&self, f: &F) -> Result<()>
    where
        F: Fn(&Block<'_>) -> Result<()> + Sync,
    {
        let [gx, gy, gz] = self.grid.map(|x| x as usize);
        let nt = self.block.iter().map(|&x| x as usize).product::<usize>();
        let nb = gx * gy * gz;
        let run = |b: usize| {
            let blk = Block {
                bidx: [
                    (b % gx) as u32,
                    ((b / gx) % gy) as u32,
                    (b / (gx * gy)) as u32,
                ],
                bdim: self.block,
                gdim: self.grid,
                nt,
                oob: &self.oob,
            };
            f(&blk)
        };
        if nb == 1 {
            return run(0);
        }
        (0..nb).into_par_iter().try_for_each(run)
    }

    /// `block_dim()`
    pub fn block_dim(&self) -> [u32; 3] {
        self.block
    }

    /// `grid_dim()`
    pub fn grid_dim(&self) -> [u32; 3] {
        self.grid
    }

    /// Whether the grid and the blocks are one-dimensional (the flat path's launches).
    pub fn flat_1d(&self) -> bool {
        self.grid[1] == 1 && self.grid[2] == 1 && self.block[1] == 1 && self.block[2] == 1
    }

    /// The flat path: the launch's `grid_dim().x * block_dim().x` threads, in order, cut into
    /// chunks of [`FLAT_CHUNK`] threads that run in parallel; `f` runs a chunk's threads.
    ///
    /// # Errors
    /// The first error of a chunk.
    pub fn run_flat<F>(&self, b: &Bound<'_>, f: &F) -> Result<()>
    where
        F: Fn(&Chunk<'_>) -> Result<()> + Sync,
    {
        let n = self.grid[0] as usize * self.block[0] as usize;
        let oob = &b.oob;
        let run = |c: usize| {
            let lo = c * FLAT_CHUNK;
            f(&Chunk {
                lo,
                hi: std::cmp::min(lo.saturating_add(FLAT_CHUNK), n),
                taken: Cell::new(0),
                oob,
            })
        };
        match n.div_ceil(FLAT_CHUNK) {
            0 => Ok(()),
            1 => run(0),
            nc => (0..nc).into_par_iter().try_for_each(run),
        }
    }
}

/// Threads per chunk of [`Launch::run_flat`].
pub const FLAT_CHUNK: usize = 1 << 15;

/// A chunk of consecutive threads `lo..hi` of a flat run.
pub struct Chunk<'a> {
    /// the first thread (`grid(1)`)
    pub lo: usize,
    /// one past the last thread
    pub hi: usize,
    /// the parameters whose window is taken
    taken: Cell<u64>,
    oob: &'a AtomicBool,
}

impl Chunk<'_> {
    /// The chunk's window of an array read: elements `lo..min(hi, len)`.
    #[inline(always)]
    pub fn window<'s, T>(&self, s: &'s [T]) -> &'s [T] {
        let n = s.len();
        &s[std::cmp::min(self.lo, n)..std::cmp::min(self.hi, n)]
    }
}

/// Where an out-of-bounds access is recorded (a launch error).
pub trait OobSink {
    /// Records an out-of-bounds access.
    fn out_of_bounds(&self);
}

impl OobSink for Chunk<'_> {
    #[cold]
    fn out_of_bounds(&self) {
        self.oob.store(true, Ordering::Relaxed);
    }
}

/// A written array of a flat run: each chunk takes the window of the elements its threads
/// index (`y[i]` for `i` in `lo..hi`, cut at the array's end), writable without atomics as
/// no other parameter uses the buffer and the chunks are disjoint.
pub struct OutWin<T> {
    ptr: *mut T,
    len: usize,
    k: usize,
}

// SAFETY: an `OutWin` hands out the elements of disjoint chunks once each (`take`), of a buffer
// write-locked for the launch that no other parameter reaches.
unsafe impl<T: Send> Send for OutWin<T> {}
// SAFETY: as above.
unsafe impl<T: Send> Sync for OutWin<T> {}

impl<T: JitElem> OutWin<T> {
    /// The chunk's window: elements `lo..min(hi, len)` (empty past the end, or when taken
    /// already for this chunk).
    // a chunk's window is disjoint from every other chunk's and handed out once (`taken`)
    #[allow(clippy::mut_from_ref)]
    pub fn take<'c>(&self, c: &'c Chunk<'_>) -> &'c mut [T] {
        let bit = 1u64 << self.k;
        let (lo, hi) = (std::cmp::min(c.lo, self.len), std::cmp::min(c.hi, self.len));
        if c.taken.get() & bit != 0 || lo >= hi {
            return &mut [];
        }
        c.taken.set(c.taken.get() | bit);
        // SAFETY: `lo..hi` lies in the buffer's `len` elements (aligned for `T`: cuprum's
        // buffers are 8-byte aligned and offsets whole elements); the chunks of a flat run are
        // disjoint and each takes its window once, and no other parameter reaches the buffer
        // (`Bound::out_window`), so the slice is the only access to these elements.
        unsafe { std::slice::from_raw_parts_mut(self.ptr.add(lo), hi - lo) }
    }
}

/// One block of a CPU launch.
pub struct Block<'a> {
    /// `block_idx()`
    pub bidx: [u32; 3],
    /// `block_dim()`
    pub bdim: [u32; 3],
    /// `grid_dim()`
    pub gdim: [u32; 3],
    /// threads per block
    pub nt: usize,
    oob: &'a AtomicBool,
}

impl Block<'_> {
    /// `thread_idx()` of linear thread `t`.
    #[inline(always)]
    pub fn tid(&self, t: usize) -> [u32; 3] {
        if self.bdim[1] == 1 && self.bdim[2] == 1 {
            return [t as u32, 0, 0];
        }
        let (bx, by) = (self.bdim[0] as usize, self.bdim[1] as usize);
        [
            (t % bx) as u32,
            ((t / bx) % by) as u32,
            (t / (bx * by)) as u32,
        ]
    }
    /// One flag per thread.
    ///
    /// # Errors
    /// Host allocation.
    pub fn flags(&self, v: bool) -> Result<Vec<bool>> {
        Ok(cuprum_core::ext::try_vec_filled(self.nt, v)?)
    }
    /// One value per thread.
    ///
    /// # Errors
    /// Host allocation.
    pub fn vec<V: Default + Clone>(&self) -> Result<Vec<V>> {
        Ok(cuprum_core::ext::try_vec_filled(self.nt, V::default())?)
    }
    /// The block's shared memory of `n` elements (zeroed).
    ///
    /// # Errors
    /// Host allocation.
    pub fn shared<V: Default + Clone>(&self, n: usize) -> Result<Vec<V>> {
        Ok(cuprum_core::ext::try_vec_filled(n, V::default())?)
    }
}

impl OobSink for Block<'_> {
    #[cold]
    fn out_of_bounds(&self) {
        self.oob.store(true, Ordering::Relaxed);
    }
}

/// Shared memory (or a flat run's slice) load (out of bounds: recorded, zero).
#[inline(always)]
pub fn sh_ld<V: Copy + Default>(s: &[V], i: usize, blk: &impl OobSink) -> V {
    match s.get(i) {
        Some(v) => *v,
        None => {
            blk.out_of_bounds();
            V::default()
        }
    }
}

/// The number of a 1-D block's threads `t` with `t < u`: `0..below(u, nt)`.
#[inline(always)]
pub fn below(u: i128, nt: usize) -> usize {
    if u <= 0 {
        0
    } else {
        std::cmp::min(u, nt as i128) as usize
    }
}

/// Shared memory (or a flat run's window) store (out of bounds: recorded, dropped).
#[inline(always)]
pub fn sh_st<V: Copy>(s: &mut [V], i: usize, v: V, blk: &impl OobSink) {
    match s.get_mut(i) {
        Some(x) => *x = v,
        None => blk.out_of_bounds(),
    }
}

/// Shared memory read-modify-write (an atomic: a block's threads run one at a time on the
/// CPU); the old value.
#[inline(always)]
pub fn sh_rmw<V: Copy + Default>(
    s: &mut [V],
    i: usize,
    blk: &impl OobSink,
    f: impl Fn(V) -> V,
) -> V {
    match s.get_mut(i) {
        Some(x) => {
            let o = *x;
            *x = f(o);
            o
        }
        None => {
            blk.out_of_bounds();
            V::default()
        }
    }
}

/// An argument array's memory.
pub(crate) struct Slot {
    pub(crate) ptr: *mut u8,
    pub(crate) len: usize,
    pub(crate) dims: Vec<usize>,
    /// another argument writes the same buffer: read atomically
    pub(crate) live: bool,
    /// the buffer (parameters with the same key share it)
    pub(crate) key: usize,
}

/// The arguments of a CPU launch, bound to their buffers (locked while it lives).
pub struct Bound<'a> {
    pub(crate) kernel: &'static str,
    pub(crate) generics: Vec<DType>,
    pub(crate) slots: Vec<Option<Slot>>,
    pub(crate) scalars: Vec<Option<cuprum_core::Scalar>>,
    pub(crate) oob: AtomicBool,
    pub(crate) _guards: Vec<Guard<'a>>,
}

pub(crate) enum Guard<'a> {
    R(#[allow(dead_code)] cuprum_core::ext::CpuRead<'a>),
    W(#[allow(dead_code)] cuprum_core::ext::CpuWrite<'a>),
}

impl Bound<'_> {
    /// The dtype bound to type parameter `g`.
    pub fn generic(&self, g: usize) -> DType {
        self.generics.get(g).copied().unwrap_or(DType::Bool)
    }
    /// The error for a type parameter bound to a dtype the CPU kernel has no instance for.
    pub fn unsupported(&self, g: usize, d: DType) -> KernelError {
        KernelError::UnsupportedDType {
            kernel: self.kernel.to_string(),
            what: format!("type parameter {g}"),
            dtype: d,
            reason: "jit kernels take integer and floating arrays (int8..uint64, float32, float64)"
                .into(),
        }
    }
    fn slot<T>(&self, k: usize) -> (ArrMem<'_, T>, bool) {
        let (ptr, len, dims, live) = match self.slots.get(k).and_then(|s| s.as_ref()) {
            Some(s) => (s.ptr as *mut T, s.len, &s.dims[..], s.live),
            None => (std::ptr::NonNull::dangling().as_ptr(), 0, &[][..], false),
        };
        let m = ArrMem {
            ptr,
            len,
            dims,
            oob: &self.oob,
            _t: PhantomData,
        };
        (m, live)
    }
    /// Parameter `k`, an array read.
    pub fn input<T: JitElem>(&self, k: usize) -> In<'_, T> {
        let (m, live) = self.slot::<T>(k);
        In { m, live }
    }
    /// Parameter `k`, an array written.
    pub fn output<T: JitElem>(&self, k: usize) -> Out<'_, T> {
        Out {
            m: self.slot::<T>(k).0,
        }
    }
    /// Parameter `k`, an array read, as a slice: `None` when a written parameter shares its
    /// buffer (then only atomic reads are sound).
    pub fn in_slice<T: JitElem>(&self, k: usize) -> Option<&[T]> {
        let s = self.slots.get(k)?.as_ref()?;
        if s.live {
            return None;
        }
        if s.len == 0 {
            return Some(&[]);
        }
        // SAFETY: `len` elements of a buffer locked for the launch, aligned for `T`; no
        // parameter writes the buffer (`live` is false), so nothing changes it while the
        // launch (and the slice, borrowed from `self`) lives.
        Some(unsafe { std::slice::from_raw_parts(s.ptr as *const T, s.len) })
    }
    /// Parameter `k`, an array written, for a flat run: `None` when another parameter uses its
    /// buffer (or `k` is past 63).
    pub fn out_window<T: JitElem>(&self, k: usize) -> Option<OutWin<T>> {
        let s = self.slots.get(k)?.as_ref()?;
        let shared = self
            .slots
            .iter()
            .enumerate()
            .any(|(j, o)| j != k && o.as_ref().is_some_and(|o| o.key == s.key));
        (k < 64 && !shared).then_some(OutWin {
            ptr: s.ptr as *mut T,
            len: s.len,
            k,
        })
    }
    /// Parameter `k`, a scalar.
    pub fn scalar<T: JitElem>(&self, k: usize) -> T {
        match self.scalars.get(k).copied().flatten() {
            Some(s) => T::from_scalar(s),
            None => T::default(),
        }
    }
}

#[inline(always)]
fn flat_of<const N: usize>(dims: &[usize], idx: [usize; N]) -> usize {
    if dims.len() != N {
        return usize::MAX;
    }
    let mut f = 0usize;
    for (k, &i) in idx.iter().enumerate() {
        if i >= dims[k] {
            return usize::MAX;
        }
        f = f * dims[k] + i;
    }
    f
}

/// What the kernel's view of an array argument knows besides its access rule: the buffer,
/// its length and shape, and where an out-of-bounds access is recorded ([`In`] and [`Out`]
/// reach these through `Deref`).
pub struct ArrMem<'a, T> {
    ptr: *mut T,
    len: usize,
    dims: &'a [usize],
    oob: &'a AtomicBool,
    _t: PhantomData<&'a T>,
}

impl<T> ArrMem<'_, T> {
    /// A pointer to element `i` (`None`, recorded, when out of bounds).
    #[inline(always)]
    fn at(&self, i: usize) -> Option<*mut T> {
        if i < self.len {
            // SAFETY: `i < len` elements of the buffer locked for the launch.
            Some(unsafe { self.ptr.add(i) })
        } else {
            self.oob.store(true, Ordering::Relaxed);
            None
        }
    }
    /// The flat index of `x[(i, j, ...)]` (C order; `usize::MAX` when out of bounds).
    #[inline(always)]
    pub fn flat<const N: usize>(&self, idx: [usize; N]) -> usize {
        flat_of(self.dims, idx)
    }
    /// `x.len()`
    #[inline(always)]
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether `x.len() == 0`.
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
    /// `x.shape(k)`
    #[inline(always)]
    pub fn dim(&self, k: usize) -> usize {
        self.dims.get(k).copied().unwrap_or(1)
    }
}

/// An array argument read by the kernel (`&[T]`).
pub struct In<'a, T> {
    m: ArrMem<'a, T>,
    live: bool,
}

// SAFETY: `In` reads a buffer locked for the launch; reads are plain only when no argument
// writes the buffer (`live` false), atomic otherwise, so sharing it between threads races
// with nothing.
unsafe impl<T: Send + Sync> Send for In<'_, T> {}
// SAFETY: as above.
unsafe impl<T: Send + Sync> Sync for In<'_, T> {}

impl<T: JitElem> In<'_, T> {
    /// `x[i]` (out of bounds: recorded, zero).
    #[inline(always)]
    pub fn ld(&self, i: usize) -> T {
        match self.m.at(i) {
            // SAFETY: in bounds, aligned for `T` (cuprum's buffers are 8-byte aligned, offsets
            // whole elements); every write to the buffer during the launch is atomic.
            Some(p) if self.live => T::from_bits(unsafe { T::Bits::load(p as *mut T::Bits) }),
            // SAFETY: as above; no argument writes this buffer during the launch.
            Some(p) => unsafe { p.read() },
            None => T::default(),
        }
    }
}

/// An array argument written by the kernel (`&mut [T]`): every access is atomic (relaxed), as
/// the blocks of a launch run in parallel.
pub struct Out<'a, T> {
    m: ArrMem<'a, T>,
}

// SAFETY: every access through `Out` is atomic, into a buffer write-locked for the launch.
unsafe impl<T: Send + Sync> Send for Out<'_, T> {}
// SAFETY: as above.
unsafe impl<T: Send + Sync> Sync for Out<'_, T> {}

macro_rules! deref_mem {
    ($($t:ident),*) => {$(
        impl<'a, T> std::ops::Deref for $t<'a, T> {
            type Target = ArrMem<'a, T>;
            fn deref(&self) -> &ArrMem<'a, T> {
                &self.m
            }
        }
    )*};
}
deref_mem!(In, Out);

impl<T: JitElem> Out<'_, T> {
    #[inline(always)]
    fn at(&self, i: usize) -> Option<*mut T::Bits> {
        self.m.at(i).map(|p| p as *mut T::Bits)
    }
    /// `y[i]`
    #[inline(always)]
    pub fn ld(&self, i: usize) -> T {
        match self.at(i) {
            // SAFETY: in bounds, aligned, and only accessed atomically during the launch.
            Some(p) => T::from_bits(unsafe { T::Bits::load(p) }),
            None => T::default(),
        }
    }
    /// `y[i] = v`
    #[inline(always)]
    pub fn st(&self, i: usize, v: T) {
        if let Some(p) = self.at(i) {
            // SAFETY: as `ld`.
            unsafe { T::Bits::store(p, v.to_bits()) }
        }
    }
    /// An atomic read-modify-write (compare-and-swap loop); the old value.
    #[inline(always)]
    pub fn rmw(&self, i: usize, f: impl Fn(T) -> T) -> T {
        let Some(p) = self.at(i) else {
            return T::default();
        };
        // SAFETY: as `ld`.
        let mut cur = unsafe { T::Bits::load(p) };
        loop {
            let new = f(T::from_bits(cur)).to_bits();
            // SAFETY: as `ld`.
            match unsafe { T::Bits::cas(p, cur, new) } {
                Ok(_) => return T::from_bits(cur),
                Err(now) => cur = now,
            }
        }
    }
}

/// `a + b` (integers wrap).
#[inline(always)]
pub fn add<T: JitElem>(a: T, b: T) -> T {
    a.add(b)
}
/// `a - b` (integers wrap).
#[inline(always)]
pub fn sub<T: JitElem>(a: T, b: T) -> T {
    a.sub(b)
}
/// `a * b` (integers wrap).
#[inline(always)]
pub fn mul<T: JitElem>(a: T, b: T) -> T {
    a.mul(b)
}
/// `a / b` (integer division by zero: 0).
#[inline(always)]
pub fn div<T: JitElem>(a: T, b: T) -> T {
    a.div(b)
}
/// `a % b` (integer remainder by zero: 0).
#[inline(always)]
pub fn rem<T: JitElem>(a: T, b: T) -> T {
    a.rem(b)
}
/// `-a` (integers wrap).
#[inline(always)]
pub fn neg<T: JitElem>(a: T) -> T {
    a.neg()
}
/// `a << n`
#[inline(always)]
pub fn shl<T: JitInt>(a: T, n: u32) -> T {
    a.shl(n)
}
/// `a >> n`
#[inline(always)]
pub fn shr<T: JitInt>(a: T, n: u32) -> T {
    a.shr(n)
}
/// `atomic_inc`'s update.
#[inline(always)]
pub fn inc<T: JitElem>(a: T, lim: T) -> T {
    a.inc(lim)
}
/// `atomic_dec`'s update.
#[inline(always)]
pub fn dec<T: JitElem>(a: T, lim: T) -> T {
    a.dec(lim)
}
/// An index of any integer type as `usize` (negative: out of bounds).
#[inline(always)]
pub fn ix<T: JitElem>(i: T) -> usize {
    i.to_ix()
}
/// A shift count or lane as `u32`.
#[inline(always)]
pub fn to_u32<T: JitElem>(i: T) -> u32 {
    <u32 as JitElem>::from_as(i)
}
/// A `step_by` step (at least 1).
#[inline(always)]
pub fn step<T: JitElem>(s: T) -> usize {
    s.to_ix().clamp(1, usize::MAX)
}

/// `shfl_sync` (`kind` 0), `shfl_down_sync` (1), `shfl_up_sync` (2), `shfl_xor_sync` (3)
/// over the threads of a block, 32 lanes to a warp; a lane reading an absent thread keeps its
/// own value.
pub fn warp_shfl<V: Copy>(
    kind: u8,
    act: &[bool],
    vals: &[V],
    lanes: &[u32],
    width: Option<&[u32]>,
    out: &mut [V],
) {
    let nt = [out.len(), vals.len(), act.len(), lanes.len()]
        .into_iter()
        .fold(usize::MAX, std::cmp::min);
    for t in 0..nt {
        if !act[t] {
            continue;
        }
        let lane = t % 32;
        let base = t - lane;
        let w = width
            .and_then(|w| w.get(t))
            .map_or(32, |&w| (w as usize).clamp(1, 32));
        let seg = (lane / w) * w;
        let arg = lanes[t] as usize;
        let src = match kind {
            0 => Some(seg + arg % w),
            1 => (lane % w + arg < w).then(|| lane + arg),
            2 => (lane % w >= arg).then(|| lane - arg),
            _ => {
                let s = lane ^ arg;
                (s < seg + w && s < 32).then_some(s)
            }
        };
        let idx = src.map(|s| base + s).filter(|&i| i < nt);
        out[t] = match idx {
            Some(i) => vals[i],
            None => vals[t],
        };
    }
}

fn warp_lanes(act: &[bool], mask: u32, t: usize) -> impl Iterator<Item = usize> + '_ {
    let base = t - t % 32;
    (0..32usize)
        .filter(move |l| (mask >> l) & 1 == 1)
        .map(move |l| base + l)
        .filter(move |&i| i < act.len() && act[i])
}

/// `all_sync` (`kind` 0) and `any_sync` (1): the predicate over the active lanes of the mask.
pub fn warp_vote(kind: u8, act: &[bool], mask: &[u32], pred: &[bool], out: &mut [bool]) {
    for t in 0..std::cmp::min(out.len(), act.len()) {
        if !act[t] {
            continue;
        }
        let mut lanes = warp_lanes(act, mask[t], t);
        out[t] = if kind == 0 {
            lanes.all(|i| pred[i])
        } else {
            lanes.any(|i| pred[i])
        };
    }
}

/// `ballot_sync`: bit `l` set when lane `l` is active in the mask and its predicate holds.
pub fn warp_ballot(act: &[bool], mask: &[u32], pred: &[bool], out: &mut [u32]) {
    for t in 0..std::cmp::min(out.len(), act.len()) {
        if !act[t] {
            continue;
        }
        out[t] = warp_lanes(act, mask[t], t)
            .filter(|&i| pred[i])
            .fold(0u32, |b, i| b | (1 << (i % 32)));
    }
}
