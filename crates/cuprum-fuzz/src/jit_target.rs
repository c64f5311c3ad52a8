//! The `jit` target: kernels written with `#[jit::kernel]` (cuprum's `cupyx.jit`), launched on
//! the CPU with hostile launches and arguments.
//!
//! The kernels are compiled into this crate: a grid-stride copy, CuPy's shared-memory
//! reduction with `syncthreads()` (shared memory of 1,024 and of 33 elements), a histogram
//! with a data-dependent bin and `atomic_add`, an atomic scatter through an index array, a
//! warp-shuffle sum, a gather through `i64` indices plus an offset (negative and huge
//! indices), a 2-D transpose indexed `x[(i, j)]`, integer and float division and remainder by
//! data, and loops `(a..b).step_by(s)` / `(a..=b).step_by(s)` over scalar bounds in each form
//! the CPU code generator has (plain, holding `syncthreads()`, holding a warp shuffle in a
//! thread-dependent loop).
//!
//! An input is a program, decoded totally: the kernel, the dtype bound to `T` (the supported
//! ones, sometimes bool, float16 or complex64), `launch(grid, block)` or `elementwise` with
//! grid and block dimensions (mostly small; sometimes 0, 1,024, 1,025, 65,536, 2^31, 2^32 − 1,
//! in 1 to 3 dimensions), the arrays (0 to 12 elements; contiguous, strided, reversed,
//! offset into a larger buffer, 0-d, 2-D, transposed) with values from an edge table (NaN,
//! ±inf, 1e±300, subnormals, integer limits), the scalars (sizes, bounds, steps, offsets, also
//! edge values), and a perturbation: an argument dropped or added, an array for a scalar, a
//! wrong dtype, a non-contiguous output, a hostile scalar, an input aliasing an output.
//!
//! The target predicts the outcome from `jit::Kernel`'s documented contract and checks it: an
//! error where the arguments are wrong (wrong count, scalar for array, dtype, a written array
//! that is not C-contiguous, an n-d array of the wrong rank, an empty grid or block, more than
//! 1,024 threads per block, a grid beyond CUDA's limits) or an index is out of bounds, and
//! otherwise success with every written array equal, bit for bit, to a host computation of the
//! same kernel with the same arithmetic (`JitElem`: integers wrap, integer division by zero
//! is 0). An error where success is predicted, success where an error is, a different value, a
//! write outside the output's view, a panic, an abort or a hang are failures. Launches that ask
//! for legitimately long work (more than 2^16 threads, or loops of more than 2^18 iterations
//! in all) are skipped before they run, as the `scipy` target skips long filters; the API
//! promises an error only for the cheap checks above, which run before any work.
//!
//! With `CUPRUM_FUZZ_TRACE` set, each launch is printed before it runs (for `--replay`).

use crate::scipy_target::{Cursor, with_edge_floats};
use crate::{Rng, Target};
use cuprum_core::{Array, DType, Device, Element, Scalar, SliceItem};
use cuprum_kernel::jit::{self, JitElem};
use cuprum_kernel::{Arg, KernelError};

/// The `jit` target.
pub struct JitTarget;

/// A grid-stride copy (CuPy's `elementwise_copy`).
#[jit::kernel(crate = cuprum_kernel::jit)]
fn copy<T>(x: &[T], y: &mut [T], size: usize) {
    let tid = grid(1);
    let ntid = gridsize(1);
    for i in (tid..size).step_by(ntid) {
        y[i] = x[i];
    }
}

/// Defines a reduction kernel with `$smem` elements of shared memory.
macro_rules! reduce_kernel {
    ($(#[$doc:meta])* $name:ident, $smem:tt) => {
        $(#[$doc])*
        #[jit::kernel(crate = cuprum_kernel::jit)]
        fn $name<T>(x: &[T], y: &mut [T], size: u32) {
            let tid = thread_idx().x;
            let ntid = block_dim().x;
            let mut value = 0 as T;
            for i in (tid..size).step_by(ntid) {
                value += x[i];
            }
            let smem = shared_memory::<T>($smem);
            smem[tid] = value;
            syncthreads();
            if tid == 0 {
                let mut total = 0 as T;
                for i in 0..ntid {
                    total += smem[i];
                }
                y[0] = total;
            }
        }
    };
}

reduce_kernel!(
    /// CuPy's `reduction`: strided partial sums, shared memory, `syncthreads()`, thread 0 adds.
    reduce_1024,
    1024
);
reduce_kernel!(
    /// The same with 33 elements of shared memory (more threads per block: out of bounds).
    reduce_33,
    33
);

/// A histogram: the bin is computed from the data, counted with `atomic_add` when in range.
#[jit::kernel(crate = cuprum_kernel::jit)]
fn hist<T>(x: &[T], h: &mut [u32], lo: T, scale: T) {
    let nb = h.len();
    let mut i = grid(1);
    while i < x.len() {
        let b = ((x[i] - lo) * scale) as i64;
        if b >= 0 && (b as usize) < nb {
            atomic_add(h, b as usize, 1);
        }
        i += gridsize(1);
    }
}

/// An atomic scatter through an index array (no range check: negative and huge indices).
#[jit::kernel(crate = cuprum_kernel::jit)]
fn scatter_add<T>(idx: &[i64], h: &mut [T], v: T) {
    let i = grid(1);
    if i < idx.len() {
        atomic_add(h, idx[i], v);
    }
}

/// A sum with warp shuffles, one atomic per warp.
#[jit::kernel(crate = cuprum_kernel::jit)]
fn warp_sum<T>(x: &[T], out: &mut [T]) {
    let mut v = 0 as T;
    let mut i = grid(1);
    while i < x.len() {
        v += x[i];
        i += gridsize(1);
    }
    let mut offset = 16u32;
    while offset > 0 {
        v += shfl_down_sync(0xffffffff, v, offset);
        offset /= 2;
    }
    if laneid() == 0 {
        atomic_add(out, 0, v);
    }
}

/// A gather through data-dependent indices plus an offset (wrapping `i64` arithmetic).
#[jit::kernel(crate = cuprum_kernel::jit)]
fn gather<T>(x: &[T], idx: &[i64], y: &mut [T], off: i64) {
    let i = grid(1);
    if i < idx.len() {
        y[i] = x[idx[i] + off];
    }
}

/// A transpose with 2-D indexing.
#[jit::kernel(crate = cuprum_kernel::jit)]
fn transpose<T>(x: &[T], y: &mut [T]) {
    let (i, j) = grid(2);
    if i < x.shape(0) && j < x.shape(1) {
        y[(j, i)] = x[(i, j)];
    }
}

/// Division and remainder by data (integer division by zero gives 0).
#[jit::kernel(crate = cuprum_kernel::jit)]
fn divmod<T>(x: &[T], d: &[T], q: &mut [T], r: &mut [T]) {
    let i = grid(1);
    if i < q.len() {
        q[i] = x[i] / d[i];
        r[i] = x[i] % d[i];
    }
}

/// Defines a kernel that counts the iterations of a loop over scalar bounds `a`, `b`, `s`
/// (`$range` is `..` or `..=`), with `$first` before the loop's condition and `$after` at
/// the end of its body.
macro_rules! steps_kernel {
    ($(#[$doc:meta])* $name:ident($t:ident, $range:tt) [$($first:tt)*] [$($after:tt)*]) => {
        $(#[$doc])*
        #[jit::kernel(crate = cuprum_kernel::jit)]
        fn $name(count: &mut [u32], a: $t, b: $t, s: $t) {
            for i in (a $range b).step_by(s) {
                if $($first)* i >= a {
                    atomic_add(count, 0, 1);
                }
                $($after)*
            }
        }
    };
}

steps_kernel!(
    /// A loop over scalar bounds in every thread.
    steps(u32, ..) [] []
);
steps_kernel!(
    /// An inclusive loop over signed scalar bounds (negative steps).
    steps_incl(i32, ..=) [] []
);
steps_kernel!(
    /// A loop over scalar bounds that holds `syncthreads()` (run once per block on the CPU).
    steps_sync(u32, ..) [thread_idx().x == 0 &&] [syncthreads();]
);
steps_kernel!(
    /// An inclusive loop over signed bounds that holds `syncthreads()`.
    steps_sync_incl(i32, ..=) [thread_idx().x == 0 &&] [syncthreads();]
);

/// A thread-dependent loop (it starts at `a + laneid()`) that holds a warp shuffle.
#[jit::kernel(crate = cuprum_kernel::jit)]
fn steps_warp(count: &mut [u32], a: u32, b: u32, s: u32) {
    let mut v = 1u32;
    for i in (a + laneid()..b).step_by(s) {
        let w = shfl_xor_sync(0xffffffff, v, 1);
        v = w & 1;
        if i >= a {
            atomic_add(count, 0, 1 + (v & 0));
        }
    }
}

/// Threads a launch may have before it counts as long work.
const MAX_THREADS: u128 = 1 << 16;
/// Loop iterations (over all threads) a launch may have before it counts as long work.
const MAX_WORK: u128 = 1 << 18;

/// A parameter's element type: the type parameter or a fixed dtype.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum E {
    T,
    Fixed(DType),
}

/// A parameter as the target sees it.
#[derive(Clone, Copy, Debug)]
enum P {
    /// an array read, with the rank its n-d indexing needs (0: any)
    In(E, usize),
    /// an array written
    Out(E, usize),
    /// a scalar
    S(E),
}

const U32: E = E::Fixed(DType::UInt32);
const I64: E = E::Fixed(DType::Int64);
const I32: E = E::Fixed(DType::Int32);
const USIZE: E = E::Fixed(DType::UInt64);

/// The kernels: name, the `static`, parameters.
fn kernels() -> [(&'static str, &'static jit::Kernel, &'static [P]); 14] {
    use P::*;
    /// `reduce_*`'s parameters.
    const REDUCE: &[P] = &[In(E::T, 0), Out(E::T, 0), S(U32)];
    /// The parameters of the `steps*` kernels over `u32` and `i32` bounds.
    const STEPS_U32: &[P] = &[Out(U32, 0), S(U32), S(U32), S(U32)];
    const STEPS_I32: &[P] = &[Out(U32, 0), S(I32), S(I32), S(I32)];
    [
        ("copy", &copy, &[In(E::T, 0), Out(E::T, 0), S(USIZE)]),
        ("reduce_1024", &reduce_1024, REDUCE),
        ("reduce_33", &reduce_33, REDUCE),
        ("hist", &hist, &[In(E::T, 0), Out(U32, 0), S(E::T), S(E::T)]),
        (
            "scatter_add",
            &scatter_add,
            &[In(I64, 0), Out(E::T, 0), S(E::T)],
        ),
        ("warp_sum", &warp_sum, &[In(E::T, 0), Out(E::T, 0)]),
        (
            "gather",
            &gather,
            &[In(E::T, 0), In(I64, 0), Out(E::T, 0), S(I64)],
        ),
        ("transpose", &transpose, &[In(E::T, 2), Out(E::T, 2)]),
        (
            "divmod",
            &divmod,
            &[In(E::T, 0), In(E::T, 0), Out(E::T, 0), Out(E::T, 0)],
        ),
        ("steps", &steps, STEPS_U32),
        ("steps_incl", &steps_incl, STEPS_I32),
        ("steps_sync", &steps_sync, STEPS_U32),
        ("steps_sync_incl", &steps_sync_incl, STEPS_I32),
        ("steps_warp", &steps_warp, STEPS_U32),
    ]
}

const DTYPES: [DType; 11] = [
    DType::Float64,
    DType::Float32,
    DType::Int32,
    DType::Int64,
    DType::UInt8,
    DType::Int8,
    DType::UInt32,
    DType::UInt64,
    DType::Int16,
    DType::UInt16,
    DType::Float64,
];
/// Element types a jit kernel refuses.
const UNSUPPORTED: [DType; 3] = [DType::Bool, DType::Float16, DType::Complex64];

const FLOATS: [f64; 20] = with_edge_floats(
    &[0.0, 1.0, -1.0, 0.5, 2.0, 3.0, -3.0, 7.0],
    &[f64::MAX, 1e-10, 100.0, 0.25, -0.0, 1.5],
);
const INTS: [i64; 20] = [
    0,
    1,
    -1,
    2,
    3,
    7,
    -7,
    127,
    -128,
    255,
    i32::MAX as i64,
    i32::MIN as i64,
    u32::MAX as i64,
    i64::MAX,
    i64::MIN,
    1 << 40,
    5,
    -2,
    65535,
    10,
];

/// Dispatches a generic function on a supported dtype (`None` for the others).
macro_rules! by_dtype {
    ($dt:expr, $f:ident :: <_> ( $($a:expr),* )) => {
        match $dt {
            DType::Int8 => Some($f::<i8>($($a),*)),
            DType::Int16 => Some($f::<i16>($($a),*)),
            DType::Int32 => Some($f::<i32>($($a),*)),
            DType::Int64 => Some($f::<i64>($($a),*)),
            DType::UInt8 => Some($f::<u8>($($a),*)),
            DType::UInt16 => Some($f::<u16>($($a),*)),
            DType::UInt32 => Some($f::<u32>($($a),*)),
            DType::UInt64 => Some($f::<u64>($($a),*)),
            DType::Float32 => Some($f::<f32>($($a),*)),
            DType::Float64 => Some($f::<f64>($($a),*)),
            _ => None,
        }
    };
}

fn is_float(dt: DType) -> bool {
    matches!(dt, DType::Float32 | DType::Float64)
}

/// Values of type `T` from the edge tables (integers wrap as `as` casts do).
fn typed<T: JitElem>(ints: &[i64], floats: &[f64]) -> Vec<T> {
    if is_float(<T as JitElem>::DTYPE) {
        floats.iter().map(|&f| T::from_as(f)).collect()
    } else {
        ints.iter().map(|&i| T::from_as(i)).collect()
    }
}

fn from_typed<T: JitElem + Element>(ints: &[i64], floats: &[f64], shape: &[usize]) -> Array {
    Array::from_vec_on(typed::<T>(ints, floats), shape, Device::Cpu).expect("a small array")
}

/// An array of `shape` with edge values.
fn values(c: &mut Cursor<'_>, dt: DType, shape: &[usize]) -> Array {
    let n: usize = shape.iter().product();
    let picks: Vec<usize> = (0..n).map(|_| c.u8() as usize).collect();
    let ints: Vec<i64> = picks.iter().map(|&k| INTS[k % INTS.len()]).collect();
    let floats: Vec<f64> = picks.iter().map(|&k| FLOATS[k % FLOATS.len()]).collect();
    match by_dtype!(dt, from_typed::<_>(&ints, &floats, shape)) {
        Some(a) => a,
        None => Array::from_vec_on(floats, shape, Device::Cpu)
            .and_then(|a| a.astype(dt))
            .expect("a small array"),
    }
}

/// An argument array: the view passed and the buffer it views.
struct ArrArg {
    view: Array,
    base: Array,
}

fn full(step: isize) -> SliceItem {
    SliceItem::Slice {
        start: None,
        stop: None,
        step,
    }
}

/// An array of logical `shape` in layout `layout`: contiguous, strided, reversed, offset into
/// a larger buffer, transposed (2-D) or, for 1-D, sometimes 0-d.
fn array(c: &mut Cursor<'_>, dt: DType, shape: &[usize], layout: u8) -> ArrArg {
    let plain = |c: &mut Cursor<'_>| {
        let a = values(c, dt, shape);
        ArrArg {
            view: a.clone(),
            base: a,
        }
    };
    if shape.is_empty() {
        return plain(c);
    }
    let mut bshape = shape.to_vec();
    match layout % 6 {
        1 => {
            bshape[0] *= 2;
            let base = values(c, dt, &bshape);
            let view = base.slice(&[full(2)]).expect("a strided view");
            ArrArg { view, base }
        }
        2 => {
            let base = values(c, dt, &bshape);
            let view = base.slice(&[full(-1)]).expect("a reversed view");
            ArrArg { view, base }
        }
        3 => {
            bshape[0] += 1;
            let base = values(c, dt, &bshape);
            let view = base
                .slice(&[SliceItem::Slice {
                    start: Some(1),
                    stop: None,
                    step: 1,
                }])
                .expect("an offset view");
            ArrArg { view, base }
        }
        4 if shape.len() == 2 => {
            let base = values(c, dt, &[shape[1], shape[0]]);
            let view = base.transpose().expect("a transposed view");
            ArrArg { view, base }
        }
        5 if shape.len() == 1 && shape[0] == 1 => {
            let a = values(c, dt, &[]);
            ArrArg {
                view: a.clone(),
                base: a,
            }
        }
        _ => plain(c),
    }
}

/// A grid or block dimension: mostly small, sometimes an edge value.
fn dim(c: &mut Cursor<'_>) -> u32 {
    let v = c.u8();
    if v < 176 {
        [1, 1, 1, 2, 3, 4, 5, 7, 8, 16, 31, 32, 33, 64, 96, 256][(v % 16) as usize]
    } else {
        [
            0,
            1024,
            1025,
            65535,
            65536,
            (1 << 31) - 1,
            1 << 31,
            u32::MAX,
            1023,
            513,
            640,
            128,
            2,
            3,
            1 << 20,
            0,
        ][(v % 16) as usize]
    }
}

fn dims(c: &mut Cursor<'_>) -> [u32; 3] {
    match c.u8() % 8 {
        0..=4 => [dim(c), 1, 1],
        5 | 6 => [dim(c), dim(c), 1],
        _ => [dim(c), dim(c), dim(c)],
    }
}

/// An array length: mostly 0 to 12, sometimes up to 64.
fn len(c: &mut Cursor<'_>) -> usize {
    let v = c.u8();
    if v < 224 {
        (v % 13) as usize
    } else {
        [16, 31, 32, 33, 40, 63, 64, 1][(v % 8) as usize]
    }
}

/// What the target predicts before the launch.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Expect {
    /// a cheap argument or launch error, before any work
    Err,
    /// the host model decides
    Model,
    /// either outcome (a hostile scalar, a dtype the model does not follow), no value check
    Any,
}

/// The arguments of one launch, with what the host model needs.
struct Args {
    arrays: Vec<Option<ArrArg>>,
    scalars: Vec<Option<Scalar>>,
    /// the scalar parameters' dtypes (what the runtime converts each scalar to)
    dts: Vec<DType>,
}

/// Scalar `s` as the runtime converts it to `dt` (`as` casts; an integer out of the dtype's
/// range is refused by the runtime and clamped here).
fn conv(s: Option<Scalar>, dt: DType) -> i128 {
    let f = match s {
        Some(Scalar::Int(i)) => return clamp_to(i as i128, dt),
        Some(Scalar::UInt(u)) => return clamp_to(u as i128, dt),
        Some(Scalar::Bool(b)) => return b as i128,
        Some(Scalar::Float(f)) => f,
        Some(Scalar::Complex(c)) => c.re,
        None => return 0,
    };
    match dt {
        DType::Int32 => f as i32 as i128,
        DType::UInt32 => f as u32 as i128,
        DType::UInt64 => f as u64 as i128,
        _ => f as i64 as i128,
    }
}

fn clamp_to(v: i128, dt: DType) -> i128 {
    let (lo, hi) = match dt {
        DType::Int32 => (i32::MIN as i128, i32::MAX as i128),
        DType::UInt32 => (0, u32::MAX as i128),
        DType::UInt64 => (0, u64::MAX as i128),
        _ => (i64::MIN as i128, i64::MAX as i128),
    };
    v.clamp(lo, hi)
}

impl Args {
    fn args(&self) -> Vec<Arg<'_>> {
        self.arrays
            .iter()
            .zip(&self.scalars)
            .map(|(a, s)| match (a, s) {
                (Some(a), _) => Arg::Array(&a.view),
                (None, Some(s)) => Arg::Scalar(*s),
                (None, None) => Arg::Scalar(Scalar::Int(0)),
            })
            .collect()
    }
    fn arr(&self, k: usize) -> &Array {
        &self.arrays[k].as_ref().expect("an array argument").view
    }
    fn uint(&self, k: usize) -> u64 {
        let dt = self.dts.get(k).copied().unwrap_or(DType::UInt64);
        conv(self.scalars.get(k).copied().flatten(), dt).clamp(0, u64::MAX as i128) as u64
    }
    fn int(&self, k: usize) -> i64 {
        let dt = self.dts.get(k).copied().unwrap_or(DType::Int64);
        conv(self.scalars.get(k).copied().flatten(), dt).clamp(i64::MIN as i128, i64::MAX as i128)
            as i64
    }
}

/// A scalar of element type `dt` from the edge tables (in range for the dtype).
fn scalar_of(c: &mut Cursor<'_>, dt: DType) -> Scalar {
    let k = c.u8() as usize;
    if is_float(dt) {
        return Scalar::Float(FLOATS[k % FLOATS.len()]);
    }
    let v = INTS[k % INTS.len()];
    // the value as the dtype holds it (`convert_scalar` refuses out-of-range integers)
    let v = by_dtype!(dt, wrap_int::<_>(v)).unwrap_or(v as i128);
    if v < 0 {
        Scalar::Int(v as i64)
    } else {
        Scalar::UInt(v as u64)
    }
}

fn wrap_int<T: JitElem>(v: i64) -> i128 {
    let t = T::from_as(v);
    let i: i64 = t.as_();
    let u: u64 = t.as_();
    if <T as JitElem>::DTYPE == DType::UInt64 {
        u as i128
    } else {
        i as i128
    }
}

/// A hostile scalar: any kind, edge values.
fn hostile_scalar(c: &mut Cursor<'_>) -> Scalar {
    let k = c.u8() as usize;
    match c.u8() % 5 {
        0 => Scalar::Int(INTS[k % INTS.len()]),
        1 => Scalar::UInt(u64::MAX - (k % 3) as u64),
        2 => Scalar::Float(FLOATS[k % FLOATS.len()]),
        3 => Scalar::Bool(k.is_multiple_of(2)),
        _ => Scalar::Complex(cuprum_core::Complex64::new(1.0, FLOATS[k % FLOATS.len()])),
    }
}

/// Whether `launch(grid, block)` is refused before any work: an empty grid or block, more than
/// 1,024 threads per block, a grid beyond CUDA's (x < 2^31, y and z < 2^16).
fn bad_dims(grid: [u32; 3], block: [u32; 3]) -> bool {
    grid.contains(&0)
        || block.contains(&0)
        || block.iter().map(|&b| b as u128).product::<u128>() > 1024
        || grid[0] > i32::MAX as u32
        || grid[1] > 65535
        || grid[2] > 65535
}

/// The launch as the model sees it.
#[derive(Clone, Copy, Debug)]
struct Geo {
    grid: [u32; 3],
    block: [u32; 3],
}

impl Geo {
    fn threads(&self) -> u128 {
        // 2^192 at most: saturating (only launches of at most 2^16 threads run)
        self.grid
            .iter()
            .chain(&self.block)
            .fold(1u128, |p, &d| p.saturating_mul(d as u128))
    }
    /// `gridsize(1)`: the distinct values of `grid(1)`.
    fn nx(&self) -> u128 {
        self.grid[0] as u128 * self.block[0] as u128
    }
    /// Threads sharing one `grid(1)` value (the y and z extents).
    fn mult_yz(&self) -> u128 {
        self.threads() / self.nx().max(1)
    }
    fn block_threads(&self) -> u128 {
        self.block.iter().map(|&d| d as u128).product()
    }
    fn blocks(&self) -> u128 {
        self.grid.iter().map(|&d| d as u128).product()
    }
}

/// The host model's answer: out of bounds, or the written arrays' expected contents.
type Model<T> = Option<Vec<Vec<T>>>;

fn vals<T: Element>(a: &Array) -> Vec<T> {
    a.to_vec::<T>().expect("reading an argument back")
}

fn same<T: JitElem>(a: &[T], b: &[T]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits())
}

/// Rust's `(a..b).step_by(s)` (`..=` when `incl`) with the jit step rule (a step below 1 is
/// 1, a negative one is `usize::MAX`): the number of iterations and how many are `>= from`.
fn range_len(a: i128, b: i128, step: i128, incl: bool, from: i128, max: i128) -> (u128, u128) {
    let st = if step < 0 {
        usize::MAX as i128
    } else {
        step.max(1)
    };
    let last = if incl { b } else { b - 1 };
    if a > last {
        return (0, 0);
    }
    // iterations stop at the type's end too (no wrap), which `last <= max` already ensures
    let _ = max;
    let n = ((last - a) / st + 1) as u128;
    let skip = if a >= from {
        0
    } else {
        ((from - a + st - 1) / st) as u128
    };
    (n, n.saturating_sub(skip))
}

/// The `steps*` kernels' loop over scalars 1 to 3 (signed and `..=` when `incl`), as
/// [`range_len`] counts it from the loop's start.
fn steps_iterations(a: &Args, incl: bool) -> (u128, u128) {
    if incl {
        let (lo, hi, st) = (a.int(1) as i128, a.int(2) as i128, a.int(3) as i128);
        range_len(lo, hi, st, true, lo, i32::MAX as i128)
    } else {
        let (lo, hi, st) = (a.uint(1) as i128, a.uint(2) as i128, a.uint(3) as i128);
        range_len(lo, hi, st, false, lo, u32::MAX as i128)
    }
}

/// The loop work of a launch (iterations over all threads), for the long-work rule.
fn work(name: &str, g: &Geo, a: &Args) -> u128 {
    let t = g.threads();
    match name {
        "copy" => t + (a.uint(2) as u128).saturating_mul(g.mult_yz()),
        "reduce_1024" | "reduce_33" => {
            // a strided loop over `size` per thread row, thread 0 of each row adds `ntid`
            let rows = g.blocks() * g.block[1] as u128 * g.block[2] as u128;
            t + (a.uint(2) as u128).saturating_mul(rows) + rows * g.block[0] as u128
        }
        "hist" | "warp_sum" => t + a.arr(0).size() as u128 * g.mult_yz(),
        "steps_warp" => {
            // thread t starts at a + (t % 32), wrapping in u32
            let (a0, b, s) = (a.uint(1) as u32, a.uint(2) as i128, a.uint(3) as i128);
            let per_block: u128 = (0..g.block_threads().min(1024))
                .map(|t| {
                    let start = a0.wrapping_add((t % 32) as u32) as i128;
                    range_len(start, b, s, false, 0, u32::MAX as i128).0
                })
                .sum();
            t + per_block.saturating_mul(g.blocks())
        }
        "steps" | "steps_sync" => t + steps_iterations(a, false).0.saturating_mul(t),
        "steps_incl" | "steps_sync_incl" => t + steps_iterations(a, true).0.saturating_mul(t),
        _ => t,
    }
}

fn model_copy<T: JitElem + Element>(a: &Args, g: &Geo, aliased: bool) -> Model<T> {
    let x: Vec<T> = vals(a.arr(0));
    let mut y: Vec<T> = vals(a.arr(1));
    let size = a.uint(2) as usize;
    if g.nx() == 0 || size == 0 {
        return Some(vec![y]);
    }
    if size > x.len() || size > y.len() {
        return None;
    }
    if !aliased {
        y[..size].copy_from_slice(&x[..size]);
    }
    Some(vec![y])
}

fn model_reduce<T: JitElem + Element>(a: &Args, g: &Geo, shared: usize) -> Model<T> {
    let x: Vec<T> = vals(a.arr(0));
    let mut y: Vec<T> = vals(a.arr(1));
    let size = a.uint(2) as usize;
    let ntid = g.block[0] as usize;
    if ntid > shared || y.is_empty() || size > x.len() {
        return None;
    }
    let mut total = T::from_as(0i32);
    for t in 0..ntid {
        let mut v = T::from_as(0i32);
        for i in (t..size).step_by(ntid) {
            v = v.add(x[i]);
        }
        total = total.add(v);
    }
    y[0] = total;
    Some(vec![y])
}

fn model_hist<T: JitElem + Element>(a: &Args, g: &Geo) -> Model<u32> {
    let x: Vec<T> = vals(a.arr(0));
    let mut h: Vec<u32> = vals(a.arr(1));
    let (lo, scale) = (scalar_t::<T>(a, 2), scalar_t::<T>(a, 3));
    // every element is visited by `mult` threads (the y and z extents) when the grid is not empty
    let mult = g.mult_yz() as u32;
    for &v in &x {
        let b: i64 = i64::from_as(v.sub(lo).mul(scale));
        if b >= 0 && (b as usize) < h.len() {
            h[b as usize] = h[b as usize].wrapping_add(mult);
        }
    }
    Some(vec![h])
}

/// Scalar `k` converted to `T` as the runtime converts it.
fn scalar_t<T: JitElem>(a: &Args, k: usize) -> T {
    match a.scalars[k] {
        Some(Scalar::Float(f)) => T::from_as(f),
        Some(Scalar::Int(i)) => T::from_as(i),
        Some(Scalar::UInt(u)) => T::from_as(u),
        _ => T::default(),
    }
}

fn model_scatter<T: JitElem + Element>(a: &Args, g: &Geo) -> Model<T> {
    let idx: Vec<i64> = vals(a.arr(0));
    let mut h: Vec<T> = vals(a.arr(1));
    let v = scalar_t::<T>(a, 2);
    let seen = (g.nx().min(idx.len() as u128)) as usize;
    for &j in &idx[..seen] {
        if j < 0 || j as u128 >= h.len() as u128 {
            return None;
        }
        for _ in 0..g.mult_yz() {
            h[j as usize] = h[j as usize].add(v);
        }
    }
    Some(vec![h])
}

fn model_warp<T: JitElem + Element>(a: &Args, g: &Geo) -> Option<Model<T>> {
    let x: Vec<T> = vals(a.arr(0));
    let mut out: Vec<T> = vals(a.arr(1));
    if out.is_empty() {
        return Some(None);
    }
    // partial warps read absent lanes (undefined on CUDA): no value check
    if !g.block_threads().is_multiple_of(32) {
        return None;
    }
    let n = (g.nx().min(x.len() as u128)) as usize;
    if is_float(<T as JitElem>::DTYPE) {
        // the order of the sum differs from the host's: exact only for small integral values
        let small = x.iter().all(|&v| {
            let f: f64 = v.as_();
            f.is_finite() && f.fract() == 0.0 && f.abs() <= 1024.0
        });
        let o: f64 = out[0].as_();
        if !small || n < x.len() || !(o.is_finite() && o.fract() == 0.0 && o.abs() <= 1024.0) {
            return None;
        }
    }
    let mut s = T::from_as(0i32);
    for _ in 0..g.mult_yz() {
        for &v in &x[..if g.nx() > 0 { x.len() } else { 0 }] {
            s = s.add(v);
        }
    }
    out[0] = out[0].add(s);
    Some(Some(vec![out]))
}

fn model_gather<T: JitElem + Element>(a: &Args, g: &Geo) -> Model<T> {
    let x: Vec<T> = vals(a.arr(0));
    let idx: Vec<i64> = vals(a.arr(1));
    let mut y: Vec<T> = vals(a.arr(2));
    let off = a.int(3);
    let seen = (g.nx().min(idx.len() as u128)) as usize;
    for i in 0..seen {
        let j = idx[i].wrapping_add(off);
        if j < 0 || j as u128 >= x.len() as u128 || i >= y.len() {
            return None;
        }
        y[i] = x[j as usize];
    }
    Some(vec![y])
}

fn model_transpose<T: JitElem + Element>(a: &Args, g: &Geo) -> Model<T> {
    let (xa, ya) = (a.arr(0), a.arr(1));
    let x: Vec<T> = vals(xa);
    let mut y: Vec<T> = vals(ya);
    let (s0, s1) = (xa.shape()[0], xa.shape()[1]);
    let (t0, t1) = (ya.shape()[0], ya.shape()[1]);
    let ni = (g.nx().min(s0 as u128)) as usize;
    let nj = ((g.grid[1] as u128 * g.block[1] as u128).min(s1 as u128)) as usize;
    for i in 0..ni {
        for j in 0..nj {
            if j >= t0 || i >= t1 {
                return None;
            }
            y[j * t1 + i] = x[i * s1 + j];
        }
    }
    Some(vec![y])
}

fn model_divmod<T: JitElem + Element>(a: &Args, g: &Geo) -> Model<T> {
    let x: Vec<T> = vals(a.arr(0));
    let d: Vec<T> = vals(a.arr(1));
    let mut q: Vec<T> = vals(a.arr(2));
    let mut r: Vec<T> = vals(a.arr(3));
    let seen = (g.nx().min(q.len() as u128)) as usize;
    for i in 0..seen {
        if i >= x.len() || i >= d.len() || i >= r.len() {
            return None;
        }
        q[i] = x[i].div(d[i]);
        r[i] = x[i].rem(d[i]);
    }
    Some(vec![q, r])
}

fn model_steps(name: &str, a: &Args, g: &Geo) -> Model<u32> {
    let mut count: Vec<u32> = vals(a.arr(0));
    let threads = g.threads();
    let add: u128 = match name {
        "steps" | "steps_sync" | "steps_incl" | "steps_sync_incl" => {
            let (_, n) = steps_iterations(a, name.ends_with("_incl"));
            if name.starts_with("steps_sync") {
                n * g.blocks() * g.block[1] as u128 * g.block[2] as u128
            } else {
                n * threads
            }
        }
        _ => {
            // steps_warp: thread t starts at a + (t % 32), wrapping in u32
            let (a0, b, s) = (a.uint(1) as u32, a.uint(2) as i128, a.uint(3) as i128);
            let nt = g.block_threads();
            let mut per_block = 0u128;
            for t in 0..nt {
                let start = a0.wrapping_add((t % 32) as u32) as i128;
                per_block += range_len(start, b, s, false, a0 as i128, u32::MAX as i128).1;
            }
            per_block * g.blocks()
        }
    };
    if count.is_empty() {
        return if add > 0 { None } else { Some(vec![count]) };
    }
    count[0] = count[0].wrapping_add(add as u32);
    Some(vec![count])
}

/// Position `pc % m` among the `m` positions in `0..n` where `has` holds (`None` when
/// `m == 0`).
fn nth_where(n: usize, pc: usize, has: impl Fn(usize) -> bool) -> Option<usize> {
    let ks: Vec<usize> = (0..n).filter(|&k| has(k)).collect();
    (!ks.is_empty()).then(|| ks[pc % ks.len()])
}

/// The written parameters' positions.
fn outs(params: &[P]) -> Vec<usize> {
    params
        .iter()
        .enumerate()
        .filter(|(_, p)| matches!(p, P::Out(..)))
        .map(|(k, _)| k)
        .collect()
}

fn check_outs<T: JitElem + Element>(a: &Args, outs: &[usize], want: &[Vec<T>], what: &str) {
    for (k, w) in outs.iter().zip(want) {
        let got: Vec<T> = vals(a.arr(*k));
        assert!(
            same(&got, w),
            "{what}: output {k} is {got:?}, the host computes {w:?}"
        );
    }
}

/// Builds the arguments of kernel `name` (lengths related as the kernel expects, mostly).
fn build(c: &mut Cursor<'_>, name: &str, params: &[P], t: DType) -> Args {
    let mut arrays: Vec<Option<ArrArg>> = Vec::new();
    let mut scalars: Vec<Option<Scalar>> = Vec::new();
    let dts: Vec<DType> = params
        .iter()
        .map(|p| match *p {
            P::S(E::Fixed(d)) => d,
            _ => t,
        })
        .collect();
    let base_len = len(c);
    for p in params {
        match *p {
            P::In(e, nd) | P::Out(e, nd) => {
                let dt = match e {
                    E::T => t,
                    E::Fixed(d) => d,
                };
                let out = matches!(p, P::Out(..));
                let shape: Vec<usize> = if nd == 2 {
                    let (r, cc) = ((c.u8() % 6) as usize, (c.u8() % 6) as usize);
                    vec![r, cc]
                } else {
                    let n = match c.u8() % 4 {
                        0 => len(c),
                        _ => base_len,
                    };
                    match c.u8() % 16 {
                        0 if n > 0 => vec![2, n.div_ceil(2)],
                        1 => vec![1],
                        _ => vec![n],
                    }
                };
                // outputs are written in place: contiguous or an offset view, unless perturbed
                let layout = if out {
                    if c.u8().is_multiple_of(4) { 3 } else { 0 }
                } else {
                    c.u8()
                };
                let mut a = array(c, dt, &shape, layout);
                // index arrays: small indices, sometimes edge values
                if matches!(e, E::Fixed(DType::Int64)) && !out {
                    let n = a.view.size();
                    let v: Vec<i64> = (0..n)
                        .map(|_| {
                            let k = c.u8();
                            if k < 200 {
                                (k % 14) as i64 - 1
                            } else {
                                INTS[k as usize % INTS.len()]
                            }
                        })
                        .collect();
                    let arr = Array::from_vec_on(v, a.view.shape(), Device::Cpu).expect("indices");
                    a = ArrArg {
                        view: arr.clone(),
                        base: arr,
                    };
                }
                arrays.push(Some(a));
                scalars.push(None);
            }
            P::S(e) => {
                arrays.push(None);
                scalars.push(None);
                let _ = e;
            }
        }
    }
    // scalars, per kernel
    let first_len = arrays.iter().flatten().next().map_or(0, |a| a.view.size());
    let second_len = arrays.iter().flatten().nth(1).map_or(0, |a| a.view.size());
    for (k, p) in params.iter().enumerate() {
        let P::S(e) = *p else { continue };
        let dt = match e {
            E::T => t,
            E::Fixed(d) => d,
        };
        let s = match (name, k) {
            ("copy", _) | ("reduce_1024", _) | ("reduce_33", _) => {
                let m = std::cmp::min(first_len, second_len);
                let v: u64 = match c.u8() % 10 {
                    0 => first_len as u64,
                    1 => second_len as u64,
                    2 => m as u64 + 1,
                    3 => 0,
                    4 => 1,
                    5 => [u32::MAX as u64, 1 << 31, 1 << 40, u64::MAX][c.u8() as usize % 4],
                    _ => m as u64,
                };
                if dt == DType::UInt32 {
                    Scalar::UInt(std::cmp::min(v, u32::MAX as u64))
                } else {
                    Scalar::UInt(v)
                }
            }
            ("gather", _) => Scalar::Int(match c.u8() % 8 {
                0 => -1,
                1 => 1,
                2 => i64::MAX,
                3 => i64::MIN,
                4 => first_len as i64,
                5 => -(first_len as i64),
                _ => 0,
            }),
            ("hist", 2) => scalar_of(c, dt),
            ("hist", _) => {
                if is_float(dt) {
                    Scalar::Float(c.pick(&[
                        1.0,
                        2.0,
                        0.5,
                        4.0,
                        -1.0,
                        f64::NAN,
                        f64::INFINITY,
                        1e300,
                    ]))
                } else {
                    scalar_of(c, dt)
                }
            }
            (n, _) if n.starts_with("steps") => step_scalar(c, dt),
            _ => scalar_of(c, dt),
        };
        scalars[k] = Some(s);
    }
    Args {
        arrays,
        scalars,
        dts,
    }
}

/// A loop bound or step: small, or near the type's ends (where a wrapping increment would
/// never end the loop).
fn step_scalar(c: &mut Cursor<'_>, dt: DType) -> Scalar {
    let v = c.u8();
    if dt == DType::Int32 {
        let x: i64 = if v < 128 {
            (v % 16) as i64 - 4
        } else {
            [
                i32::MAX as i64,
                i32::MAX as i64 - 1,
                i32::MAX as i64 - 2,
                i32::MIN as i64,
                i32::MIN as i64 + 1,
                1 << 30,
                (1 << 30) + 1,
                -(1 << 30),
                i32::MAX as i64 - 7,
                100,
                -100,
                1000,
            ][(v % 12) as usize]
        };
        Scalar::Int(x)
    } else {
        let x: u64 = if v < 128 {
            (v % 16) as u64
        } else {
            [
                u32::MAX as u64,
                u32::MAX as u64 - 1,
                u32::MAX as u64 - 2,
                1 << 31,
                (1 << 31) + 1,
                (1 << 31) - 1,
                u32::MAX as u64 - 40,
                1 << 30,
                3 << 30,
                100,
                1000,
                u32::MAX as u64 - 7,
            ][(v % 12) as usize]
        };
        Scalar::UInt(x)
    }
}

impl Target for JitTarget {
    fn name(&self) -> &'static str {
        "jit"
    }

    fn seeds(&self) -> Vec<Vec<u8>> {
        // every kernel with small well-formed arguments, launched and elementwise, and with
        // each perturbation (an argument dropped or added, a scalar for an array, a dtype, a
        // non-contiguous output, a hostile scalar, an input aliasing the output)
        let mut v = Vec::new();
        for k in 0u8..14 {
            for (variant, perturb) in [0u8, 1, 16, 17, 18, 19, 20, 21, 22].into_iter().enumerate() {
                let variant = variant as u8;
                let mode = if variant.is_multiple_of(3) { 0 } else { 1 };
                let mut s = vec![k, variant, mode, perturb, variant % 8, 0];
                s.extend((0..48u8).map(|j| j.wrapping_mul(29).wrapping_add(k * 7 + variant) % 13));
                v.push(s);
            }
        }
        v
    }

    fn mutate(&self, rng: &mut Rng, input: &mut Vec<u8>) -> bool {
        if input.len() < 6 || rng.one_in(3) {
            return false;
        }
        // rewrite a header byte (kernel, dtype, launch, dims, perturbation) or an argument byte
        let k = if rng.one_in(2) {
            rng.below(6)
        } else {
            rng.below(input.len())
        };
        input[k] = rng.edge_byte(3, 176, 256);
        true
    }

    fn run(&self, input: &[u8]) -> bool {
        let mut c = Cursor::new(input);
        let ks = kernels();
        let (name, kernel, params) = ks[(c.u8() as usize) % ks.len()];
        let tsel = c.u8();
        let t = if tsel >= 240 {
            UNSUPPORTED[(tsel % 3) as usize]
        } else {
            DTYPES[(tsel as usize) % DTYPES.len()]
        };
        let mode = c.u8();
        let perturb = c.u8() % 24;
        let (grid, block) = (dims(&mut c), dims(&mut c));
        let mut a = build(&mut c, name, params, t);
        let generic = params
            .iter()
            .any(|p| matches!(p, P::In(E::T, _) | P::Out(E::T, _) | P::S(E::T)));
        let mut expect = if UNSUPPORTED.contains(&t) && generic {
            Expect::Err
        } else {
            Expect::Model
        };
        let mut aliased = false;
        let pc = c.u8() as usize;
        match perturb {
            16 => {
                // an argument dropped
                a.arrays.pop();
                a.scalars.pop();
                expect = Expect::Err;
            }
            17 => {
                a.arrays.push(None);
                a.scalars.push(Some(Scalar::Int(1)));
                expect = Expect::Err;
            }
            18 => {
                // a scalar where an array is expected, or an array where a scalar is
                let k = pc % params.len();
                if a.arrays[k].is_some() {
                    a.arrays[k] = None;
                    a.scalars[k] = Some(Scalar::Float(1.0));
                } else {
                    a.arrays[k] = Some(array(&mut c, DType::Float64, &[2], 0));
                }
                expect = Expect::Err;
            }
            19 => {
                // another dtype for one array
                if let Some(k) = nth_where(params.len(), pc, |k| a.arrays[k].is_some()) {
                    let old = a.arr(k).dtype();
                    let mut nd = DTYPES[c.u8() as usize % DTYPES.len()];
                    if c.u8().is_multiple_of(5) {
                        nd = UNSUPPORTED[c.u8() as usize % 3];
                    }
                    if nd != old {
                        let shape = a.arr(k).shape().to_vec();
                        a.arrays[k] = Some(array(&mut c, nd, &shape, 0));
                        let (e, _) = match params[k] {
                            P::In(e, n) | P::Out(e, n) => (e, n),
                            P::S(e) => (e, 0),
                        };
                        let others_t = params
                            .iter()
                            .enumerate()
                            .any(|(j, p)| j != k && matches!(p, P::In(E::T, _) | P::Out(E::T, _)));
                        expect = match e {
                            E::Fixed(_) => Expect::Err,
                            E::T if others_t || UNSUPPORTED.contains(&nd) => Expect::Err,
                            E::T => Expect::Any,
                        };
                    }
                }
            }
            20 => {
                // a written array that is not C-contiguous (strided, reversed, transposed)
                let os = outs(params);
                let k = os[pc % os.len()];
                let shape = a.arr(k).shape().to_vec();
                let dt = a.arr(k).dtype();
                let layout = c.pick(&[1u8, 2, 4]);
                a.arrays[k] = Some(array(&mut c, dt, &shape, layout));
                if !a.arr(k).is_c_contiguous() {
                    expect = Expect::Err;
                }
            }
            21 => {
                // a hostile scalar
                if let Some(k) = nth_where(params.len(), pc, |k| a.scalars[k].is_some()) {
                    a.scalars[k] = Some(hostile_scalar(&mut c));
                    if expect == Expect::Model {
                        expect = Expect::Any;
                    }
                }
            }
            22 if name == "copy" => {
                // the output is the input
                if let Some(x) = &a.arrays[0] {
                    let (view, base) = (x.view.clone(), x.base.clone());
                    if view.is_c_contiguous() {
                        a.arrays[1] = Some(ArrArg { view, base });
                        aliased = true;
                    }
                }
            }
            _ => {}
        }
        let args = a.args();
        let elementwise = mode.is_multiple_of(4);
        // the launch `elementwise` makes: one thread per element of the first written array
        let geo = if elementwise {
            let mut n: Option<usize> = None;
            for (p, x) in params.iter().zip(&args) {
                if let Arg::Array(x) = x {
                    if matches!(p, P::Out(..)) {
                        n = Some(x.size());
                        break;
                    }
                    if n.is_none() {
                        n = Some(x.size());
                    }
                }
            }
            let n = std::cmp::max(n.unwrap_or(1), 1);
            Geo {
                grid: [n.div_ceil(256) as u32, 1, 1],
                block: [256, 1, 1],
            }
        } else {
            Geo { grid, block }
        };
        // the documented cheap checks
        if bad_dims(geo.grid, geo.block) {
            expect = Expect::Err;
        }
        if expect != Expect::Err {
            for (k, p) in params.iter().enumerate() {
                if let (P::In(_, nd) | P::Out(_, nd), Some(x)) = (p, &a.arrays[k])
                    && *nd > 0
                    && x.view.ndim() != *nd
                {
                    expect = Expect::Err;
                }
            }
        }
        if expect != Expect::Err && (geo.threads() > MAX_THREADS || work(name, &geo, &a) > MAX_WORK)
        {
            // legitimately long work
            return false;
        }
        // what must not change: every buffer, outside the outputs' views
        let before: Vec<Option<Vec<u8>>> = a
            .arrays
            .iter()
            .map(|x| x.as_ref().map(|x| x.base.to_bytes().expect("bytes")))
            .collect();
        let model_args = Args {
            arrays: a
                .arrays
                .iter()
                .map(|x| {
                    x.as_ref().map(|x| ArrArg {
                        view: x.view.copy().expect("a copy"),
                        base: x.base.clone(),
                    })
                })
                .collect(),
            scalars: a.scalars.clone(),
            dts: a.dts.clone(),
        };
        if std::env::var_os("CUPRUM_FUZZ_TRACE").is_some() {
            eprintln!(
                "jit: {name}<{t}> {} grid {:?} block {:?} expect {expect:?} scalars {:?} arrays {:?}",
                if elementwise { "elementwise" } else { "launch" },
                geo.grid,
                geo.block,
                a.scalars,
                a.arrays
                    .iter()
                    .map(|x| x
                        .as_ref()
                        .map(|x| (x.view.dtype(), x.view.shape().to_vec())))
                    .collect::<Vec<_>>()
            );
        }
        let r = if elementwise {
            kernel.elementwise(&args)
        } else {
            kernel.launch(
                (geo.grid[0], geo.grid[1], geo.grid[2]),
                (geo.block[0], geo.block[1], geo.block[2]),
                &args,
            )
        };
        let what = format!("{name}<{t}> grid {:?} block {:?}", geo.grid, geo.block);
        match expect {
            Expect::Err => {
                assert!(r.is_err(), "{what}: bad arguments or launch, yet Ok");
                for (x, b) in a.arrays.iter().zip(&before) {
                    if let (Some(x), Some(b)) = (x, b) {
                        assert_eq!(
                            &x.base.to_bytes().expect("bytes"),
                            b,
                            "{what}: a refused launch wrote an array"
                        );
                    }
                }
            }
            Expect::Any => {}
            Expect::Model => {
                let os = outs(params);
                // the model reads every argument as it was (copies), the outputs as written now
                let m = model_args;
                match name {
                    "hist" | "steps" | "steps_incl" | "steps_sync" | "steps_sync_incl"
                    | "steps_warp" => verify_u32_against(name, t, &m, &a, &geo, &r, &os),
                    _ => {
                        let _ =
                            by_dtype!(t, verify_against::<_>(name, &m, &a, &geo, &r, &os, aliased));
                    }
                }
                // nothing outside an output's view changed
                if r.is_ok() {
                    for (k, (x, b)) in a.arrays.iter().zip(&before).enumerate() {
                        if let (Some(x), Some(b)) = (x, b)
                            && x.view.shares_storage(&x.base)
                            && !os.contains(&k)
                            && !aliased
                            && !a.arrays.iter().enumerate().any(|(j, y)| {
                                os.contains(&j)
                                    && y.as_ref().is_some_and(|y| y.base.shares_storage(&x.base))
                            })
                        {
                            assert_eq!(
                                &x.base.to_bytes().expect("bytes"),
                                b,
                                "{what}: an input array changed"
                            );
                        }
                    }
                    for &k in &os {
                        if let (Some(x), Some(b)) = (&a.arrays[k], &before[k])
                            && x.view.is_c_contiguous()
                            && x.base.is_c_contiguous()
                        {
                            // a view into a larger buffer: the elements around it are untouched
                            let isz = x.base.dtype().itemsize();
                            let (lo, hi) = (
                                x.view.offset() * isz,
                                (x.view.offset() + x.view.size()) * isz,
                            );
                            let now = x.base.to_bytes().expect("bytes");
                            assert!(
                                now[..lo] == b[..lo]
                                    && now[std::cmp::min(hi, now.len())..]
                                        == b[std::cmp::min(hi, b.len())..],
                                "{what}: a write outside the output's view"
                            );
                        }
                    }
                }
            }
        }
        r.is_ok()
    }
}

/// `verify` with the model reading the inputs before the launch (`m`) and the outputs after
/// it (`a`).
fn verify_against<T: JitElem + Element>(
    name: &str,
    m: &Args,
    a: &Args,
    g: &Geo,
    r: &Result<(), KernelError>,
    outs: &[usize],
    aliased: bool,
) {
    let want = {
        match name {
            "copy" => Some(model_copy::<T>(m, g, aliased)),
            "reduce_1024" => Some(model_reduce::<T>(m, g, 1024)),
            "reduce_33" => Some(model_reduce::<T>(m, g, 33)),
            "scatter_add" => Some(model_scatter::<T>(m, g)),
            "warp_sum" => model_warp::<T>(m, g),
            "gather" => Some(model_gather::<T>(m, g)),
            "transpose" => Some(model_transpose::<T>(m, g)),
            "divmod" => Some(model_divmod::<T>(m, g)),
            _ => None,
        }
    };
    let what = format!(
        "{name}<{}> grid {:?} block {:?}",
        <T as JitElem>::DTYPE,
        g.grid,
        g.block
    );
    check_model(want, a, r, outs, &what);
}

/// Checks a launch's result `r` against the host model's answer (`None`: no check).
fn check_model<T: JitElem + Element>(
    want: Option<Model<T>>,
    a: &Args,
    r: &Result<(), KernelError>,
    outs: &[usize],
    what: &str,
) {
    match want {
        None => {}
        Some(None) => assert!(r.is_err(), "{what}: an index out of bounds, yet Ok"),
        Some(Some(w)) => {
            if let Err(e) = r {
                panic!("{what}: the host computes a result, the launch failed: {e}");
            }
            check_outs(a, outs, &w, what);
        }
    }
}

fn verify_u32_against(
    name: &str,
    t: DType,
    m: &Args,
    a: &Args,
    g: &Geo,
    r: &Result<(), KernelError>,
    outs: &[usize],
) {
    let want = match name {
        "hist" => by_dtype!(t, model_hist::<_>(m, g)),
        _ => Some(model_steps(name, m, g)),
    };
    let what = format!("{name}<{t}> grid {:?} block {:?}", g.grid, g.block);
    check_model(want, a, r, outs, &what);
}
