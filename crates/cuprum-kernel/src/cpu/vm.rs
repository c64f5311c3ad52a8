//! The vector machine: typed lane registers, masked SIMT-style control flow, and the typed
//! operations the lowering emits as closures.
//!
//! A batch of up to [`LANES`] loop indices runs through the program together; every register
//! holds one value per lane. Pure operations compute every lane (inactive lanes hold harmless
//! garbage: integer division by zero and the like never trap); side effects (assignments,
//! stores, raw-array reads with their bounds checks) honour the active [`Mask`]. `if`, loops,
//! `break`/`continue`/`return`, `&&`/`||` and `?:` narrow the mask as a GPU warp does.

use cuprum_core::ext::cpu::{B8, Elem};
use cuprum_core::{Complex32, Complex64, bf16, f16};

/// Lanes per batch.
pub(crate) const LANES: usize = 512;

/// The value types registers hold (float16/bfloat16 values live as `F32`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum VTy {
    Bool,
    I8,
    I16,
    I32,
    I64,
    U8,
    U16,
    U32,
    U64,
    F32,
    F64,
    C64,
    C128,
}

/// A register: its type and its index in that type's pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Reg {
    pub ty: VTy,
    pub idx: usize,
}

/// One scalar value of some [`VTy`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) enum Val {
    Bool(bool),
    I8(i8),
    I16(i16),
    I32(i32),
    I64(i64),
    U8(u8),
    U16(u16),
    U32(u32),
    U64(u64),
    F32(f32),
    F64(f64),
    C64(Complex32),
    C128(Complex64),
}

impl Val {
    pub fn ty(self) -> VTy {
        match self {
            Val::Bool(_) => VTy::Bool,
            Val::I8(_) => VTy::I8,
            Val::I16(_) => VTy::I16,
            Val::I32(_) => VTy::I32,
            Val::I64(_) => VTy::I64,
            Val::U8(_) => VTy::U8,
            Val::U16(_) => VTy::U16,
            Val::U32(_) => VTy::U32,
            Val::U64(_) => VTy::U64,
            Val::F32(_) => VTy::F32,
            Val::F64(_) => VTy::F64,
            Val::C64(_) => VTy::C64,
            Val::C128(_) => VTy::C128,
        }
    }
}

/// The register pools, one per lane type.
#[derive(Default, Clone)]
pub(crate) struct Pools {
    pub b: Vec<Vec<bool>>,
    pub i8: Vec<Vec<i8>>,
    pub i16: Vec<Vec<i16>>,
    pub i32: Vec<Vec<i32>>,
    pub i64: Vec<Vec<i64>>,
    pub u8: Vec<Vec<u8>>,
    pub u16: Vec<Vec<u16>>,
    pub u32: Vec<Vec<u32>>,
    pub u64: Vec<Vec<u64>>,
    pub f32: Vec<Vec<f32>>,
    pub f64: Vec<Vec<f64>>,
    pub c64: Vec<Vec<Complex32>>,
    pub c128: Vec<Vec<Complex64>>,
}

/// A lane type: a plain value with its pool, and the core storage element it converts
/// through ([`CastTo`]).
pub(crate) trait Lane: Copy + Default + Send + Sync + PartialEq + 'static {
    const VTY: VTy;
    /// The CPU storage element of the same values (`B8` for `bool`, else the type itself).
    type E: Elem;
    fn pool(p: &Pools) -> &Vec<Vec<Self>>;
    fn pool_mut(p: &mut Pools) -> &mut Vec<Vec<Self>>;
    fn from_val(v: Val) -> Self;
    fn to_val(self) -> Val;
    fn to_elem(self) -> Self::E;
    fn from_elem(e: Self::E) -> Self;
}

macro_rules! lane {
    ($($t:ty => $v:ident, $f:ident, $e:ty, $to:expr, $from:expr;)*) => {$(
        impl Lane for $t {
            const VTY: VTy = VTy::$v;
            type E = $e;
            #[inline(always)]
            fn pool(p: &Pools) -> &Vec<Vec<Self>> { &p.$f }
            #[inline(always)]
            fn pool_mut(p: &mut Pools) -> &mut Vec<Vec<Self>> { &mut p.$f }
            fn from_val(v: Val) -> Self {
                match v { Val::$v(x) => x, _ => Self::default() }
            }
            fn to_val(self) -> Val { Val::$v(self) }
            #[inline(always)]
            #[allow(clippy::redundant_closure_call)]
            fn to_elem(self) -> $e { ($to)(self) }
            #[inline(always)]
            #[allow(clippy::redundant_closure_call)]
            fn from_elem(e: $e) -> Self { ($from)(e) }
        }
    )*};
    ($($t:ty => $v:ident, $f:ident;)*) => {
        lane! { $($t => $v, $f, $t, |x| x, |x| x;)* }
    };
}
lane! { bool => Bool, b, B8, B8::new, B8::get; }
lane! {
    i8 => I8, i8; i16 => I16, i16; i32 => I32, i32; i64 => I64, i64;
    u8 => U8, u8; u16 => U16, u16; u32 => U32, u32; u64 => U64, u64;
    f32 => F32, f32; f64 => F64, f64; Complex32 => C64, c64; Complex64 => C128, c128;
}

/// `match $v { $($p => { type $t = $ty; $body })* }`: `$body` once for each arm, with `$t`
/// bound to the arm's type (an arm `_ => $other` may end the list).
macro_rules! type_match {
    ($v:expr, $t:ident => $body:expr; $($p:pat => $ty:ty),* $(,)?) => {
        match $v {
            $($p => {
                type $t = $ty;
                $body
            })*
        }
    };
    ($v:expr, $t:ident => $body:expr; $($p:pat => $ty:ty),* ; _ => $other:expr) => {
        #[allow(unreachable_patterns)]
        match $v {
            $($p => {
                type $t = $ty;
                $body
            })*
            _ => $other,
        }
    };
}
pub(crate) use type_match;

/// Calls `$body` with `$t` bound to the lane type of a [`VTy`].
macro_rules! with_vty {
    ($ty:expr, $t:ident => $body:expr) => {{
        use $crate::cpu::vm::VTy as V;
        $crate::cpu::vm::type_match!($ty, $t => $body;
            V::Bool => bool, V::I8 => i8, V::I16 => i16, V::I32 => i32, V::I64 => i64,
            V::U8 => u8, V::U16 => u16, V::U32 => u32, V::U64 => u64, V::F32 => f32,
            V::F64 => f64, V::C64 => cuprum_core::Complex32, V::C128 => cuprum_core::Complex64)
    }};
}
pub(crate) use with_vty;

// ------------------------------------------------------------------------------ conversions

/// C conversion of a value to another lane type: core's one cast table
/// ([`Elem::cast`], the same bits as `common.cuh`'s `cast<T>`: float → integer truncates toward
/// zero, saturating, NaN → 0; integer → integer wraps; anything → bool is `!= 0`; complex →
/// real takes the real part), bool lanes going through `B8`.
pub(crate) trait CastTo<D> {
    fn cast_to(self) -> D;
}

impl<S: Lane, D: Lane> CastTo<D> for S {
    #[inline(always)]
    fn cast_to(self) -> D {
        D::from_elem(self.to_elem().cast::<D::E>())
    }
}

/// Converts a constant to another type.
pub(crate) fn cast_val(v: Val, to: VTy) -> Val {
    with_vty!(v.ty(), S => {
        let s = S::from_val(v);
        with_vty!(to, D => <S as CastTo<D>>::cast_to(s).to_val())
    })
}

macro_rules! round_half {
    ($($name:ident: $h:ty;)*) => {$(
        /// Rounds through the half type (for its variables: values live as float), once from
        /// the value's own precision.
        #[inline(always)]
        pub(crate) fn $name<S: CastTo<f64> + CastTo<f32> + Lane>(s: S) -> f32 {
            if S::VTY == VTy::F32 {
                <$h>::from_f32(CastTo::<f32>::cast_to(s)).to_f32()
            } else {
                <$h>::from_f64(CastTo::<f64>::cast_to(s)).to_f32()
            }
        }
    )*};
}
round_half! {
    round_f16: f16;
    round_bf16: bf16;
}

// ------------------------------------------------------------------------------ the frame

/// The per-batch offsets of an element argument: contiguous from `base`, or one per lane.
#[derive(Clone)]
pub(crate) enum Offs {
    Contig(isize),
    Gather(Vec<isize>),
}

/// One bound argument's memory during a run.
pub(crate) struct ArgMem {
    /// byte 0 of the buffer
    pub ptr: *mut u8,
    /// element offset of the first element
    pub offset: isize,
    pub shape: Vec<usize>,
    pub strides: Vec<isize>,
    pub size: usize,
    /// C-contiguous (flat index j is at offset + j)
    pub contig: bool,
    /// written through atomics (a raw output, possibly written by several lanes)
    pub atomic: bool,
}

// SAFETY: `ArgMem` is only a description of a buffer that the run driver keeps locked for the
// whole run; all accesses through `ptr` follow the rules stated at the accessors (disjoint
// plain writes per lane for element outputs, atomic accesses for raw outputs).
unsafe impl Send for ArgMem {}
// SAFETY: as above.
unsafe impl Sync for ArgMem {}

impl ArgMem {
    /// The memory of an argument that has none (a scalar).
    pub fn empty() -> ArgMem {
        ArgMem {
            ptr: std::ptr::null_mut(),
            offset: 0,
            shape: vec![],
            strides: vec![],
            size: 0,
            contig: true,
            atomic: false,
        }
    }
    /// The element offset of flat C-order index `j` (0 <= j < size).
    #[inline]
    pub fn flat_offset(&self, j: usize) -> isize {
        if self.contig {
            return self.offset + j as isize;
        }
        let mut rem = j;
        let mut off = self.offset;
        for ax in (0..self.shape.len()).rev() {
            let n = self.shape[ax].max(1);
            off += (rem % n) as isize * self.strides[ax];
            rem /= n;
        }
        off
    }
}

/// The state of one batch: registers, lane count, per-argument offsets.
pub(crate) struct Frame<'a> {
    /// active lane count of this batch
    pub n: usize,
    /// linear loop index of lane 0
    pub start: usize,
    pub p: Pools,
    pub mem: &'a [ArgMem],
    pub offs: Vec<Offs>,
    /// the first run-time error (raw index out of bounds)
    pub err: Option<cuprum_core::Error>,
    /// the run's limits ([`super::limits`]), polled at every loop iteration
    pub watch: Option<std::sync::Arc<super::limits::Watch>>,
    /// loop iterations polled so far (the clock is read every 64)
    pub ticks: u32,
}

impl Frame<'_> {
    #[inline(always)]
    pub fn get<T: Lane>(&self, r: Reg) -> &[T] {
        &T::pool(&self.p)[r.idx][..self.n]
    }
    #[inline(always)]
    pub fn take<T: Lane>(&mut self, r: Reg) -> Vec<T> {
        std::mem::take(&mut T::pool_mut(&mut self.p)[r.idx])
    }
    #[inline(always)]
    pub fn put<T: Lane>(&mut self, r: Reg, v: Vec<T>) {
        T::pool_mut(&mut self.p)[r.idx] = v;
    }
    pub fn fill(&mut self, r: Reg, v: Val) {
        with_vty!(r.ty, T => {
            let x = T::from_val(v);
            T::pool_mut(&mut self.p)[r.idx].iter_mut().for_each(|d| *d = x);
        })
    }
    pub fn lane_val(&self, r: Reg, k: usize) -> Val {
        with_vty!(r.ty, T => T::pool(&self.p)[r.idx][k].to_val())
    }
    pub fn set_lane(&mut self, r: Reg, k: usize, v: Val) {
        with_vty!(r.ty, T => { T::pool_mut(&mut self.p)[r.idx][k] = T::from_val(v); })
    }
}

/// The active lanes.
#[derive(Clone)]
pub(crate) struct Mask {
    pub m: Vec<bool>,
    /// number of active lanes
    pub count: usize,
    /// every lane below `n` is active
    pub all: bool,
}

impl Mask {
    pub fn full(n: usize) -> Mask {
        Mask {
            m: vec![true; n],
            count: n,
            all: true,
        }
    }
    pub fn none(n: usize) -> Mask {
        Mask {
            m: vec![false; n],
            count: 0,
            all: n == 0,
        }
    }
    fn recount(&mut self) {
        self.count = self.m.iter().filter(|b| **b).count();
        self.all = self.count == self.m.len();
    }
    /// self & c (or & !c)
    pub fn and_reg(&self, c: &[bool], negate: bool) -> Mask {
        let mut m = self.clone();
        for (d, &x) in m.m.iter_mut().zip(c) {
            *d = *d && (x != negate);
        }
        m.recount();
        m
    }
    pub fn or(&mut self, o: &Mask) {
        for (d, &x) in self.m.iter_mut().zip(&o.m) {
            *d |= x;
        }
        self.recount();
    }
    pub fn and_not(&mut self, o: &Mask) {
        for (d, &x) in self.m.iter_mut().zip(&o.m) {
            *d = *d && !x;
        }
        self.recount();
    }
    pub fn clear(&mut self) {
        self.m.iter_mut().for_each(|b| *b = false);
        self.count = 0;
        self.all = self.m.is_empty();
    }
}

/// An operation on the frame (pure ones ignore the mask).
pub(crate) type OpFn = Box<dyn for<'a> Fn(&mut Frame<'a>, &Mask) + Send + Sync>;

/// A node of the program tree.
pub(crate) enum Node {
    Op(OpFn),
    If {
        cond: Reg,
        then: Vec<Node>,
        els: Vec<Node>,
    },
    Loop {
        /// evaluates `cond` (None: always true)
        pre: Vec<Node>,
        cond: Option<Reg>,
        body: Vec<Node>,
        step: Vec<Node>,
        do_while: bool,
    },
    /// an inlined function body: `return` leaves it
    Call(Vec<Node>),
    Break,
    Continue,
    Return,
}

/// Break/return bookkeeping while executing.
#[derive(Default)]
pub(crate) struct Ctx {
    breaks: Vec<Mask>,
    returned: Vec<Mask>,
}

/// Whether `nodes` is straight-line code: operations only, no branch, loop, inlined call or
/// jump (such a body never narrows the lane mask).
pub(crate) fn straight_line(nodes: &[Node]) -> bool {
    nodes.iter().all(|n| matches!(n, Node::Op(_)))
}

/// Runs straight-line `nodes` ([`straight_line`]) over the frame's lanes: each operation once
/// over the whole chunk, under `mask` (every lane below `fr.n` active).
pub(crate) fn run_straight(nodes: &[Node], fr: &mut Frame<'_>, mask: &Mask) {
    debug_assert!(mask.all && mask.m.len() == fr.n);
    for node in nodes {
        if let Node::Op(f) = node {
            f(fr, mask);
        }
    }
}

/// Runs `nodes` over the frame's lanes.
pub(crate) fn run_nodes(nodes: &[Node], fr: &mut Frame<'_>) {
    let mut mask = Mask::full(fr.n);
    let mut cx = Ctx::default();
    cx.returned.push(Mask::none(fr.n));
    exec(nodes, fr, &mut mask, &mut cx);
}

fn exec(nodes: &[Node], fr: &mut Frame<'_>, mask: &mut Mask, cx: &mut Ctx) {
    for node in nodes {
        if mask.count == 0 {
            return;
        }
        match node {
            Node::Op(f) => f(fr, mask),
            Node::If { cond, then, els } => {
                let c = fr.get::<bool>(*cond);
                let mut mt = mask.and_reg(c, false);
                let mut me = mask.and_reg(c, true);
                if mt.count > 0 {
                    exec(then, fr, &mut mt, cx);
                }
                if me.count > 0 && !els.is_empty() {
                    exec(els, fr, &mut me, cx);
                }
                mt.or(&me);
                *mask = mt;
            }
            Node::Loop {
                pre,
                cond,
                body,
                step,
                do_while,
            } => {
                cx.breaks.push(Mask::none(fr.n));
                let mut alive = mask.clone();
                let mut first = true;
                loop {
                    if let Some(w) = &fr.watch {
                        fr.ticks = fr.ticks.wrapping_add(1);
                        if w.poll(fr.ticks.is_multiple_of(64)) {
                            alive.clear();
                            break;
                        }
                    }
                    if !(first && *do_while) {
                        exec(pre, fr, &mut alive, cx);
                        if let Some(c) = cond
                            && alive.count > 0
                        {
                            alive = alive.and_reg(fr.get::<bool>(*c), false);
                        }
                    }
                    first = false;
                    if alive.count == 0 {
                        break;
                    }
                    let mut m = alive.clone();
                    exec(body, fr, &mut m, cx);
                    let brk = cx.breaks.last().expect("loop");
                    if brk.count > 0 {
                        alive.and_not(brk);
                    }
                    let ret = cx.returned.last().expect("function");
                    if ret.count > 0 {
                        alive.and_not(ret);
                    }
                    if alive.count == 0 {
                        break;
                    }
                    exec(step, fr, &mut alive, cx);
                }
                cx.breaks.pop();
                let ret = cx.returned.last().expect("function");
                if ret.count > 0 {
                    mask.and_not(ret);
                }
                if fr.watch.as_ref().is_some_and(|w| w.stopped()) {
                    // stopped by its limits: skip the rest of the body
                    mask.clear();
                }
            }
            Node::Call(body) => {
                cx.returned.push(Mask::none(fr.n));
                let mut m = mask.clone();
                let saved = std::mem::take(&mut cx.breaks);
                exec(body, fr, &mut m, cx);
                cx.breaks = saved;
                cx.returned.pop();
            }
            Node::Break => {
                if let Some(b) = cx.breaks.last_mut() {
                    b.or(mask);
                }
                mask.clear();
            }
            Node::Continue => mask.clear(),
            Node::Return => {
                if let Some(r) = cx.returned.last_mut() {
                    r.or(mask);
                }
                mask.clear();
            }
        }
    }
}

// ------------------------------------------------------------------------------ op builders

/// `d = f(a)` on every lane.
pub(crate) fn map1<A: Lane, R: Lane>(
    a: Reg,
    d: Reg,
    f: impl Fn(A) -> R + Send + Sync + 'static,
) -> OpFn {
    // the destination may be the operand itself (`x = f(x)` of one type): read it first
    let alias = a == d;
    Box::new(move |fr, _| {
        let n = fr.n;
        let copy: Vec<A> = if alias {
            fr.get::<A>(a).to_vec()
        } else {
            Vec::new()
        };
        let mut out = fr.take::<R>(d);
        let x = if alias { &copy[..] } else { fr.get::<A>(a) };
        for (o, &v) in out[..n].iter_mut().zip(x) {
            *o = f(v);
        }
        fr.put(d, out);
    })
}

/// `d = f(a, b)` on every lane.
pub(crate) fn map2<A: Lane, B: Lane, R: Lane>(
    a: Reg,
    b: Reg,
    d: Reg,
    f: impl Fn(A, B) -> R + Send + Sync + 'static,
) -> OpFn {
    // the destination may be an operand (read the operands first then)
    let alias = a == d || b == d;
    Box::new(move |fr, _| {
        let n = fr.n;
        let (ca, cb): (Vec<A>, Vec<B>) = if alias {
            (fr.get::<A>(a).to_vec(), fr.get::<B>(b).to_vec())
        } else {
            (Vec::new(), Vec::new())
        };
        let mut out = fr.take::<R>(d);
        let (x, y) = if alias {
            (&ca[..], &cb[..])
        } else {
            (fr.get::<A>(a), fr.get::<B>(b))
        };
        for ((o, &v), &w) in out[..n].iter_mut().zip(x).zip(y) {
            *o = f(v, w);
        }
        fr.put(d, out);
    })
}

/// `d = f(a, b, c)` on every lane.
pub(crate) fn map3<A: Lane, B: Lane, C: Lane, R: Lane>(
    a: Reg,
    b: Reg,
    c: Reg,
    d: Reg,
    f: impl Fn(A, B, C) -> R + Send + Sync + 'static,
) -> OpFn {
    // the destination may be an operand (read the operands first then)
    let alias = a == d || b == d || c == d;
    Box::new(move |fr, _| {
        let n = fr.n;
        let (ca, cb, cc): (Vec<A>, Vec<B>, Vec<C>) = if alias {
            (
                fr.get::<A>(a).to_vec(),
                fr.get::<B>(b).to_vec(),
                fr.get::<C>(c).to_vec(),
            )
        } else {
            (Vec::new(), Vec::new(), Vec::new())
        };
        let mut out = fr.take::<R>(d);
        let (x, y, z) = if alias {
            (&ca[..], &cb[..], &cc[..])
        } else {
            (fr.get::<A>(a), fr.get::<B>(b), fr.get::<C>(c))
        };
        for k in 0..n {
            out[k] = f(x[k], y[k], z[k]);
        }
        fr.put(d, out);
    })
}

/// `d = c ? a : b` on every lane.
pub(crate) fn select(c: Reg, a: Reg, b: Reg, d: Reg) -> OpFn {
    with_vty!(a.ty, T => map3::<bool, T, T, T>(c, a, b, d, |c, x, y| if c { x } else { y }))
}

/// `d = a` on the active lanes (an assignment).
pub(crate) fn assign(a: Reg, d: Reg) -> OpFn {
    if a == d {
        // `v = v`: nothing to do (reading `a` after taking `d` would see an empty register)
        return Box::new(|_: &mut Frame<'_>, _: &Mask| {});
    }
    with_vty!(a.ty, T => Box::new(move |fr: &mut Frame<'_>, m: &Mask| {
        let mut out = fr.take::<T>(d);
        let n = fr.n;
        let x = fr.get::<T>(a);
        if m.all {
            out[..n].copy_from_slice(x);
        } else {
            for k in 0..n {
                if m.m[k] {
                    out[k] = x[k];
                }
            }
        }
        fr.put(d, out);
    }))
}

/// `d = cast(a)` on every lane.
pub(crate) fn convert(a: Reg, d: Reg) -> OpFn {
    with_vty!(a.ty, S => with_vty!(d.ty, D => map1::<S, D>(a, d, <S as CastTo<D>>::cast_to)))
}

/// `d = round_through_half(a)` (float16 or bfloat16) on every lane; `d` is F32.
pub(crate) fn convert_half(a: Reg, d: Reg, bf: bool) -> OpFn {
    with_vty!(a.ty, S => {
        if bf {
            map1::<S, f32>(a, d, round_bf16::<S>)
        } else {
            map1::<S, f32>(a, d, round_f16::<S>)
        }
    })
}

/// Fills `d` with the loop index of each lane.
pub(crate) fn lane_index(d: Reg) -> OpFn {
    Box::new(move |fr, _| {
        let mut out = fr.take::<i64>(d);
        let (n, s) = (fr.n, fr.start as i64);
        for (k, o) in out[..n].iter_mut().enumerate() {
            *o = s + k as i64;
        }
        fr.put(d, out);
    })
}

// ------------------------------------------------------------------------------ memory

/// A storage element type and the lane type it loads as.
pub(crate) trait Stored: Copy + Send + Sync + 'static {
    type L: Lane;
    fn load(self) -> Self::L;
    fn store(v: Self::L) -> Self;
}
macro_rules! stored_plain {
    ($($t:ty),*) => {$(
        impl Stored for $t {
            type L = $t;
            #[inline(always)]
            fn load(self) -> $t { self }
            #[inline(always)]
            fn store(v: $t) -> $t { v }
        }
    )*};
}
stored_plain!(
    i8, i16, i32, i64, u16, u32, u64, f32, f64, Complex32, Complex64
);
/// bool stored as a byte
#[derive(Clone, Copy)]
#[repr(transparent)]
pub(crate) struct SBool(u8);
impl Stored for SBool {
    type L = bool;
    #[inline(always)]
    fn load(self) -> bool {
        self.0 != 0
    }
    #[inline(always)]
    fn store(v: bool) -> SBool {
        SBool(v as u8)
    }
}
impl Stored for u8 {
    type L = u8;
    #[inline(always)]
    fn load(self) -> u8 {
        self
    }
    #[inline(always)]
    fn store(v: u8) -> u8 {
        v
    }
}
macro_rules! stored_half {
    ($($t:ty),*) => {$(
        /// a half type: loads to and stores from `float` (round to nearest even)
        impl Stored for $t {
            type L = f32;
            #[inline(always)]
            fn load(self) -> f32 {
                self.to_f32()
            }
            #[inline(always)]
            fn store(v: f32) -> $t {
                <$t>::from_f32(v)
            }
        }
    )*};
}
stored_half!(f16, bf16);

/// Calls `$body` with `$s` bound to the storage type of a dtype.
macro_rules! with_stored {
    ($dt:expr, $s:ident => $body:expr) => {{
        use cuprum_core::DType as D;
        $crate::cpu::vm::type_match!($dt, $s => $body;
            D::Bool => $crate::cpu::vm::SBool, D::Int8 => i8, D::Int16 => i16, D::Int32 => i32,
            D::Int64 => i64, D::UInt8 => u8, D::UInt16 => u16, D::UInt32 => u32,
            D::UInt64 => u64, D::Float16 => cuprum_core::f16, D::BFloat16 => cuprum_core::bf16,
            D::Float32 => f32, D::Float64 => f64, D::Complex64 => cuprum_core::Complex32,
            D::Complex128 => cuprum_core::Complex64;
            _ => unreachable!("dtype checked at compile time"))
    }};
}

/// Reads element `off` of a buffer.
///
/// # Safety
/// `off` addresses an element inside the buffer of `m` (the run driver checked every layout
/// against the buffer size and every raw index against the array size); when `m.atomic`, any
/// concurrent access to that element is atomic too.
#[inline(always)]
unsafe fn read_elem<S: Stored>(m: &ArgMem, off: isize) -> S {
    // SAFETY: in bounds per the caller; the buffer is 8-byte aligned and `off` counts elements
    // of `S`, so the pointer is aligned for `S`.
    let p = unsafe { (m.ptr as *const S).offset(off) };
    if m.atomic {
        // SAFETY: as above; atomic loads of the element's words pair with the atomic stores of
        // `write_elem`.
        unsafe { atomic_read(p) }
    } else {
        // SAFETY: as above; no concurrent writer of this element (plain element outputs are
        // written only by the lane that owns the element).
        unsafe { p.read() }
    }
}

/// Writes element `off` of a buffer.
///
/// # Safety
/// As [`read_elem`]; for non-atomic buffers, no other thread accesses the element.
#[inline(always)]
unsafe fn write_elem<S: Stored>(m: &ArgMem, off: isize, v: S) {
    // SAFETY: in bounds and aligned per the caller.
    let p = unsafe { (m.ptr as *mut S).offset(off) };
    if m.atomic {
        // SAFETY: as above.
        unsafe { atomic_write(p, v) }
    } else {
        // SAFETY: as above; this lane owns the element.
        unsafe { p.write(v) }
    }
}

/// # Safety
/// `p` is valid and aligned for `S`.
unsafe fn atomic_read<S: Copy>(p: *const S) -> S {
    use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, AtomicU64, Ordering::Relaxed};
    // SAFETY: `S` is a plain type of 1, 2, 4, 8 or 16 bytes, aligned to its size (16-byte
    // complex: to 8); each word is read atomically and reassembled bit for bit.
    unsafe {
        match size_of::<S>() {
            1 => std::mem::transmute_copy(&AtomicU8::from_ptr(p as *mut u8).load(Relaxed)),
            2 => std::mem::transmute_copy(&AtomicU16::from_ptr(p as *mut u16).load(Relaxed)),
            4 => std::mem::transmute_copy(&AtomicU32::from_ptr(p as *mut u32).load(Relaxed)),
            8 => std::mem::transmute_copy(&AtomicU64::from_ptr(p as *mut u64).load(Relaxed)),
            _ => {
                let q = p as *mut u64;
                let w = [
                    AtomicU64::from_ptr(q).load(Relaxed),
                    AtomicU64::from_ptr(q.add(1)).load(Relaxed),
                ];
                std::mem::transmute_copy(&w)
            }
        }
    }
}

/// # Safety
/// `p` is valid and aligned for `S`.
unsafe fn atomic_write<S: Copy>(p: *mut S, v: S) {
    use std::sync::atomic::{AtomicU8, AtomicU16, AtomicU32, AtomicU64, Ordering::Relaxed};
    // SAFETY: as in `atomic_read`.
    unsafe {
        match size_of::<S>() {
            1 => AtomicU8::from_ptr(p as *mut u8).store(std::mem::transmute_copy(&v), Relaxed),
            2 => AtomicU16::from_ptr(p as *mut u16).store(std::mem::transmute_copy(&v), Relaxed),
            4 => AtomicU32::from_ptr(p as *mut u32).store(std::mem::transmute_copy(&v), Relaxed),
            8 => AtomicU64::from_ptr(p as *mut u64).store(std::mem::transmute_copy(&v), Relaxed),
            _ => {
                let w: [u64; 2] = std::mem::transmute_copy(&v);
                let q = p as *mut u64;
                AtomicU64::from_ptr(q).store(w[0], Relaxed);
                AtomicU64::from_ptr(q.add(1)).store(w[1], Relaxed);
            }
        }
    }
}

/// Loads element argument `arg` (of `dtype`) into `d`.
pub(crate) fn load_elem_typed(arg: usize, dtype: cuprum_core::DType, d: Reg) -> OpFn {
    fn go<S: Stored>(arg: usize, d: Reg) -> OpFn {
        Box::new(move |fr, _| {
            let mut out = fr.take::<S::L>(d);
            let n = fr.n;
            let m = &fr.mem[arg];
            match &fr.offs[arg] {
                Offs::Contig(base) if !m.atomic => {
                    // SAFETY: the driver checked that elements base..base+n lie in the buffer
                    // and that no other thread writes them during the run.
                    let src =
                        unsafe { std::slice::from_raw_parts((m.ptr as *const S).offset(*base), n) };
                    for (o, s) in out[..n].iter_mut().zip(src) {
                        *o = s.load();
                    }
                }
                Offs::Contig(base) => {
                    for (k, o) in out[..n].iter_mut().enumerate() {
                        // SAFETY: in bounds (checked by the driver).
                        *o = unsafe { read_elem::<S>(m, base + k as isize) }.load();
                    }
                }
                Offs::Gather(offs) => {
                    for (o, &off) in out[..n].iter_mut().zip(offs) {
                        // SAFETY: `off` comes from a layout checked against the buffer.
                        *o = unsafe { read_elem::<S>(m, off) }.load();
                    }
                }
            }
            fr.put(d, out);
        })
    }
    with_stored!(dtype, S => go::<S>(arg, d))
}

/// Stores `v` (already of the argument's value type) into element argument `arg` on the
/// active lanes.
pub(crate) fn store_elem(arg: usize, dtype: cuprum_core::DType, v: Reg) -> OpFn {
    fn go<S: Stored>(arg: usize, v: Reg) -> OpFn {
        Box::new(move |fr, mask| {
            let n = fr.n;
            let m = &fr.mem[arg];
            let x = fr.get::<S::L>(v);
            match &fr.offs[arg] {
                Offs::Contig(base) if mask.all && !m.atomic => {
                    // SAFETY: the driver checked elements base..base+n lie in the buffer and
                    // that this batch's elements belong to this thread alone.
                    let dst = unsafe {
                        std::slice::from_raw_parts_mut((m.ptr as *mut S).offset(*base), n)
                    };
                    for (o, &s) in dst.iter_mut().zip(x) {
                        *o = S::store(s);
                    }
                }
                Offs::Contig(base) => {
                    for (k, (&v, &on)) in x.iter().zip(&mask.m).enumerate() {
                        if on {
                            // SAFETY: in bounds; the element belongs to this lane.
                            unsafe { write_elem::<S>(m, base + k as isize, S::store(v)) };
                        }
                    }
                }
                Offs::Gather(offs) => {
                    for ((&v, &on), &off) in x.iter().zip(&mask.m).zip(offs) {
                        if on {
                            // SAFETY: in bounds; the element belongs to this lane.
                            unsafe { write_elem::<S>(m, off, S::store(v)) };
                        }
                    }
                }
            }
        })
    }
    with_stored!(dtype, S => go::<S>(arg, v))
}

fn raw_oob(fr: &mut Frame<'_>, arg: usize, j: i64, size: usize) {
    if fr.err.is_none() {
        fr.err = Some(cuprum_core::Error::IndexOutOfBounds {
            op: "ElementwiseKernel (CPU)",
            index: j,
            axis: arg,
            size,
        });
    }
}

/// `d = raw[idx]` on the active lanes (bounds-checked; out-of-range lanes record an error).
pub(crate) fn load_raw(arg: usize, dtype: cuprum_core::DType, idx: Reg, d: Reg) -> OpFn {
    fn go<S: Stored>(arg: usize, idx: Reg, d: Reg) -> OpFn {
        // `k = r[k]` with an int64 `r`: the index register is the destination
        let alias = idx == d;
        Box::new(move |fr, mask| {
            let ci: Vec<i64> = if alias {
                fr.get::<i64>(idx).to_vec()
            } else {
                Vec::new()
            };
            let mut out = fr.take::<S::L>(d);
            let n = fr.n;
            let bad = {
                let m = &fr.mem[arg];
                let ix = if alias { &ci[..] } else { fr.get::<i64>(idx) };
                in_bounds_lanes(n, &mask.m, ix, m.size, |k, j| {
                    let off = m.flat_offset(j);
                    // SAFETY: 0 <= j < size, and the layout was checked against the buffer.
                    out[k] = unsafe { read_elem::<S>(m, off) }.load();
                })
            };
            fr.put(d, out);
            if let Some(j) = bad {
                let size = fr.mem[arg].size;
                raw_oob(fr, arg, j, size);
            }
        })
    }
    with_stored!(dtype, S => go::<S>(arg, idx, d))
}

/// Calls `f(k, j)` for each active lane `k` whose index `j = ix[k]` lies in `0..size`;
/// returns the last index out of bounds, if any.
#[inline(always)]
pub(crate) fn in_bounds_lanes(
    n: usize,
    mask: &[bool],
    ix: &[i64],
    size: usize,
    mut f: impl FnMut(usize, usize),
) -> Option<i64> {
    let mut bad = None;
    for k in 0..n {
        if !mask[k] {
            continue;
        }
        let j = ix[k];
        if j < 0 || j as u64 >= size as u64 {
            bad = Some(j);
            continue;
        }
        f(k, j as usize);
    }
    bad
}

/// `raw[idx] = v` on the active lanes.
pub(crate) fn store_raw(arg: usize, dtype: cuprum_core::DType, idx: Reg, v: Reg) -> OpFn {
    fn go<S: Stored>(arg: usize, idx: Reg, v: Reg) -> OpFn {
        Box::new(move |fr, mask| {
            let n = fr.n;
            let bad = {
                let m = &fr.mem[arg];
                let ix = fr.get::<i64>(idx);
                let x = fr.get::<S::L>(v);
                in_bounds_lanes(n, &mask.m, ix, m.size, |k, j| {
                    let off = m.flat_offset(j);
                    // SAFETY: 0 <= j < size, layout checked; raw outputs are atomic (or the run
                    // is single-threaded).
                    unsafe { write_elem::<S>(m, off, S::store(x[k])) };
                })
            };
            if let Some(j) = bad {
                let size = fr.mem[arg].size;
                raw_oob(fr, arg, j, size);
            }
        })
    }
    with_stored!(dtype, S => go::<S>(arg, idx, v))
}

/// Fills `d` with the element count of argument `arg` (a raw array's `size()`).
pub(crate) fn arg_size(arg: usize, d: Reg) -> OpFn {
    Box::new(move |fr, _| {
        let s = fr.mem[arg].size as i64;
        let mut out = fr.take::<i64>(d);
        out.iter_mut().for_each(|o| *o = s);
        fr.put(d, out);
    })
}
