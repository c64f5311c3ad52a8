//! CUDA implementations of the backend primitives: fill, copy (+cast), unary, binary, where.
//!
//! Each call picks a layout class after merging the operands' axes jointly (adjacent axes
//! that are contiguous with each other in *every* operand become one; unit axes are dropped):
//!
//! - **contiguous**: one axis left, output stride 1 and every input stride 1 or 0 (a broadcast
//!   scalar). One 16-byte vector of the widest operand per thread, 256 threads per block, when
//!   every non-broadcast pointer is 16-byte-vector aligned; one element per thread otherwise.
//!   Same-dtype contiguous copies use `cuMemcpyDtoDAsync`, zero fills of contiguous memory
//!   `cuMemsetD8Async`.
//! - **transpose** (one-input families): two axes where the input is contiguous along the
//!   output's outer axis and the output along its inner one: a shared-memory tiled kernel so
//!   both reads and writes coalesce.
//! - **strided**: everything else, up to 8 axes per launch (more are split on the host), with
//!   32-bit index arithmetic when the element count and every operand's extent fit in 31 bits,
//!   64-bit otherwise.
//!
//! Kernels come from [`super::codegen`]; each (family, dtypes) is compiled once per process per
//! device and looked up through a thread-local cache without locking afterwards.
//!
//! An input may be the output itself, element for element (`a += b`: the engine passes no other
//! overlap): such a call runs a second build of the family whose pointers are not
//! `__restrict__` (the qualifier promises the compiler that no other pointer reaches what `out`
//! writes). Every kernel thread reads its elements before writing the same elements, so the
//! result is the one a separate output would get.

use super::codegen::{self, Family, MAXD};
use super::driver::{DeviceState, bind};
use super::nvrtc::{LaunchConfig, launch_raw};
use super::stream::current_raw;
use crate::backend::{Side, View};
use crate::ops::kinds::{BinaryOp, UnaryOp};
use crate::{DType, Device, Error, Result, Scalar};
use cudarc::driver::sys;
use std::cell::RefCell;
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU32, Ordering};

const THREADS: u32 = 256;

/// The kernels of one family, loaded on one device.
struct Fns {
    cv: [sys::CUfunction; 8],
    cs: [sys::CUfunction; 8],
    s32: sys::CUfunction,
    s64: sys::CUfunction,
    t32: sys::CUfunction,
    t64: sys::CUfunction,
    tv: sys::CUfunction,
    vec: usize,
    tile64: u32,
}
// SAFETY: CUfunction handles are plain identifiers usable from any thread with the context
// current; the module behind them is never unloaded.
unsafe impl Send for Fns {}
// SAFETY: as above; `Fns` is immutable after construction.
unsafe impl Sync for Fns {}

#[derive(Clone, Copy, PartialEq, Eq, Hash)]
struct Key {
    ordinal: usize,
    fam: Family,
    ins: [Option<DType>; 3],
    out: DType,
    /// an input is the output (the build without `__restrict__`)
    alias: bool,
}

thread_local! {
    static LOCAL: RefCell<HashMap<Key, &'static Fns>> = RefCell::new(HashMap::new());
}
type Slot = std::sync::Arc<Mutex<Option<&'static Fns>>>;
static GLOBAL: Mutex<Option<HashMap<Key, Slot>>> = Mutex::new(None);

fn key(ordinal: usize, fam: Family, ins: &[DType], out: DType, alias: bool) -> Key {
    let mut k = [None; 3];
    for (i, d) in ins.iter().enumerate() {
        k[i] = Some(*d);
    }
    Key {
        ordinal,
        fam,
        ins: k,
        out,
        alias,
    }
}

/// The kernels of a family: thread-local cache, then the process-wide one (one slot per key,
/// so different families compile in parallel while one family compiles once).
fn fns(k: Key, ins: &[DType]) -> Result<&'static Fns> {
    if let Some(f) = LOCAL.with(|l| l.borrow().get(&k).copied()) {
        return Ok(f);
    }
    let slot: Slot = {
        let mut g = GLOBAL.lock().unwrap_or_else(|e| e.into_inner());
        g.get_or_insert_with(HashMap::new)
            .entry(k)
            .or_default()
            .clone()
    };
    let f = {
        let mut s = slot.lock().unwrap_or_else(|e| e.into_inner());
        match *s {
            Some(f) => f,
            None => {
                let f: &'static Fns = Box::leak(Box::new(build(k, ins)?));
                *s = Some(f);
                f
            }
        }
    };
    LOCAL.with(|l| l.borrow_mut().insert(k, f));
    Ok(f)
}

fn build(k: Key, ins: &[DType]) -> Result<Fns> {
    let mut src = codegen::source(k.fam, ins, k.out);
    if k.alias {
        // an input is the output: no pointer may promise it is the only way to its memory
        src = src.replace("__restrict__", "");
    }
    let what = format!(
        "{}_{}_{}{}",
        k.fam.name(),
        ins.iter().map(|d| d.name()).collect::<Vec<_>>().join("_"),
        k.out.name(),
        if k.alias { "_inplace" } else { "" }
    );
    let m = std::sync::Arc::new(super::nvrtc::build_module(k.ordinal, &src, &[], &what)?);
    let nin = k.fam.nin();
    let get = |name: &str| -> Result<sys::CUfunction> { Ok(m.function(name)?.raw()) };
    let null: sys::CUfunction = std::ptr::null_mut();
    let mut cv = [null; 8];
    let mut cs = [null; 8];
    let scalar_bit = k.fam.scalar_slot().map_or(0, |s| 1usize << s);
    for msk in (0..(1usize << nin)).filter(|m| m & scalar_bit == scalar_bit) {
        cv[msk] = get(&format!("c{msk}v"))?;
        cs[msk] = get(&format!("c{msk}s"))?;
    }
    let (t32, t64, tv) = if nin == 1 && scalar_bit == 0 {
        (get("t32")?, get("t64")?, get("tv")?)
    } else {
        (null, null, null)
    };
    let s32 = get("s32")?;
    let s64 = get("s64")?;
    // the module lives for the process: leak its Arc so the handles stay valid
    std::mem::forget(m);
    Ok(Fns {
        cv,
        cs,
        s32,
        s64,
        t32,
        t64,
        tv,
        vec: codegen::vec_width(ins, k.out),
        tile64: if ins.first().is_some_and(|d| d.itemsize() > 8) {
            32
        } else {
            64
        },
    })
}

// The transpose kernel: 0 = `tv`, the default (64x64 tiles; whole tiles of 4- or 8-byte
// elements load all their 16-byte vectors first and write 16-byte vectors with streaming
// stores; other tiles as `t64`), 64 = plain 64x64 tiles (`t64`), 32 = plain 32x32 tiles
// (`t32`). Measured on an H200, 16384x8192 float32 into a C-contiguous copy: 3874 GB/s (vec),
// 2507 GB/s (64), 1952 GB/s (32). CUPRUM_TRANSPOSE_KERNEL=vec|64|32 picks one.
static TRANSPOSE_TILE: AtomicU32 = AtomicU32::new(u32::MAX);

fn transpose_kernel() -> u32 {
    let t = TRANSPOSE_TILE.load(Ordering::Relaxed);
    if t != u32::MAX {
        return t;
    }
    let t = match std::env::var("CUPRUM_TRANSPOSE_KERNEL").as_deref() {
        Ok("32") => 32,
        Ok("64") => 64,
        _ => 0,
    };
    TRANSPOSE_TILE.store(t, Ordering::Relaxed);
    t
}

/// Chooses the transpose kernel: 32 or 64 (plain tiles of that size) or 0 (the default:
/// 64x64 tiles with 16-byte vector loads and streaming stores on whole tiles); for
/// benchmarking.
#[doc(hidden)]
pub fn set_transpose_tile(tile: u32) {
    TRANSPOSE_TILE.store(
        match tile {
            0 => 0,
            t if t >= 64 => 64,
            _ => 32,
        },
        Ordering::Relaxed,
    );
}

/// Maximum axes handled (NumPy's limit).
const MAX_NDIM: usize = 64;

/// The strides of a by-value scalar operand.
static ZERO_STRIDES: [isize; MAX_NDIM] = [0; MAX_NDIM];

/// One operand: device address of element (0, ...), element size, strides.
struct Operand<'a> {
    ptr: u64,
    itemsize: usize,
    strides: &'a [isize],
}

#[repr(C)]
#[derive(Clone, Copy)]
struct Geom<I: Copy> {
    ndim: i32,
    pad: i32,
    shape: [I; MAXD],
    st: [[I; MAXD]; 4],
}

fn device_of(op: &'static str, dst: &View<'_>, ins: &[View<'_>]) -> Result<usize> {
    let Some(c) = dst.storage.as_cuda() else {
        return Err(Error::unsupported(op, "output is not on a CUDA device"));
    };
    let o = c.ordinal();
    for v in ins {
        match v.storage.as_cuda() {
            Some(s) if s.ordinal() == o => {}
            _ => {
                return Err(Error::DeviceMismatch {
                    op,
                    lhs: Device::Cuda(o),
                    rhs: v.storage.device(),
                });
            }
        }
    }
    Ok(o)
}

fn ptr_of(v: &View<'_>) -> u64 {
    let base = v.storage.as_cuda().map_or(0, |c| c.device_ptr());
    base + (v.layout.offset * v.dtype.itemsize()) as u64
}

#[allow(clippy::needless_range_loop)] // k indexes several parallel arrays
/// Runs a family over `dst` and `ins` (the backend contract: shapes equal, devices equal).
fn run(fam: Family, dst: View<'_>, ins: &[View<'_>], fill: [u8; 16]) -> Result<()> {
    let op = fam.name();
    let ordinal = device_of(op, &dst, ins)?;
    let slot = fam.scalar_slot();
    let in_dtypes: [DType; 3] = {
        let mut a = [DType::Bool; 3];
        for (i, v) in ins.iter().enumerate() {
            a[i] = v.dtype;
        }
        if slot.is_some() {
            // the by-value scalar has the array's dtype
            a[1] = a[0];
        }
        a
    };
    let in_dtypes = &in_dtypes[..fam.nin()];
    codegen::check(fam, in_dtypes, dst.dtype)?;
    for v in ins {
        crate::backend::check_same_shape(op, v, &dst)?;
    }
    let n = dst.layout.size();
    if n == 0 {
        return Ok(());
    }
    let nd0 = dst.layout.ndim();
    if nd0 > MAX_NDIM {
        return Err(Error::unsupported(
            op,
            format!("{nd0} axes (at most {MAX_NDIM})"),
        ));
    }
    let st = bind(op, ordinal)?;
    let stream = current_raw(ordinal);
    // an input in the output's buffer (the output itself, `a += b`, or a disjoint part of it):
    // the build without `__restrict__`
    let dst_base = dst.storage.as_cuda().map_or(0, |c| c.device_ptr());
    let alias = ins
        .iter()
        .any(|v| v.storage.as_cuda().map_or(0, |c| c.device_ptr()) == dst_base);
    if alias
        && fam == Family::Copy
        && ins[0].dtype == dst.dtype
        && ptr_of(&ins[0]) == ptr_of(&dst)
        && ins[0].layout.strides == dst.layout.strides
    {
        // a copy of the output onto itself, element for element: nothing to do
        return Ok(());
    }
    let f = fns(key(ordinal, fam, in_dtypes, dst.dtype, alias), in_dtypes)?;

    // operands: [dst, ins...]
    let mut opnds: [Operand<'_>; 4] = std::array::from_fn(|_| Operand {
        ptr: 0,
        itemsize: 1,
        strides: &[],
    });
    opnds[0] = Operand {
        ptr: ptr_of(&dst),
        itemsize: dst.dtype.itemsize(),
        strides: &dst.layout.strides,
    };
    // a by-value scalar is an operand with zero strides (a broadcast input) and no pointer
    let mut arrays = ins.iter();
    for i in 0..fam.nin() {
        opnds[i + 1] = if Some(i) == slot {
            Operand {
                ptr: 0,
                itemsize: dst.dtype.itemsize(),
                strides: &ZERO_STRIDES[..nd0],
            }
        } else {
            let v = arrays.next().ok_or_else(|| {
                Error::unsupported(op, "fewer input arrays than the kernel family takes")
            })?;
            Operand {
                ptr: ptr_of(v),
                itemsize: v.dtype.itemsize(),
                strides: &v.layout.strides,
            }
        };
    }
    let nops = fam.nin() + 1;

    // joint axis merging (`layout::merge_axes`, on stack arrays; unused operands have zero
    // strides, which never block a merge)
    let mut shape = [0usize; MAX_NDIM];
    let mut strides = [[0isize; MAX_NDIM]; 4];
    let nd = {
        let mut by_axis = [[0isize; 4]; MAX_NDIM];
        shape[..nd0].copy_from_slice(&dst.layout.shape);
        for (ax, row) in by_axis[..nd0].iter_mut().enumerate() {
            for k in 0..nops {
                row[k] = opnds[k].strides[ax];
            }
        }
        let nd = crate::layout::merge_axes(&mut shape[..nd0], &mut by_axis[..nd0]);
        shape[nd..].fill(0);
        for (ax, row) in by_axis[..nd].iter().enumerate() {
            for k in 0..nops {
                strides[k][ax] = row[k];
            }
        }
        nd
    };

    // contiguous class
    let contiguous = nd == 0
        || (nd == 1
            && strides[0][0] == 1
            && (1..nops).all(|k| strides[k][0] == 0 || strides[k][0] == 1));
    if contiguous {
        let mut mask = 0usize;
        for k in 1..nops {
            if nd == 0 || strides[k][0] == 0 {
                mask |= 1 << (k - 1);
            }
        }
        // fast paths through the copy engine
        if fam == Family::Copy && mask == 0 && ins[0].dtype == dst.dtype {
            return super::memory::copy_dtod(
                opnds[0].ptr,
                opnds[1].ptr,
                n * dst.dtype.itemsize(),
                ordinal,
            );
        }
        if fam == Family::Fill && fill.iter().all(|&b| b == 0) {
            // SAFETY: the range is the contiguous output view inside its live buffer.
            return unsafe {
                sys::cuMemsetD8Async(opnds[0].ptr, 0, n * dst.dtype.itemsize(), stream)
            }
            .result()
            .map_err(|e| super::driver::drv("cuMemsetD8Async", e).into());
        }
        let v = f.vec;
        let aligned = (0..nops)
            .filter(|&k| k == 0 || mask & (1 << (k - 1)) == 0)
            .all(|k| opnds[k].ptr.is_multiple_of((v * opnds[k].itemsize) as u64));
        let (func, v) = if aligned && v > 1 {
            (f.cv[mask], v)
        } else {
            (f.cs[mask], 1)
        };
        let nvec = n / v;
        let work = nvec.max(n - nvec * v) as u64;
        let cfg = LaunchConfig::for_num_elems(work, THREADS);
        let mut out_p = opnds[0].ptr;
        let mut ps = [opnds[1].ptr, opnds[2].ptr, opnds[3].ptr];
        let mut n64 = n as i64;
        let mut fillv = fill;
        let mut args: [*mut c_void; 5] = [std::ptr::null_mut(); 5];
        args[0] = (&mut out_p as *mut u64).cast();
        let a = operand_params(&mut args, fam, nops, slot, &mut ps, &mut fillv);
        args[a] = (&mut n64 as *mut i64).cast();
        // SAFETY: kernel parameters are (TO*, inputs..., i64 n) as generated by codegen, a
        // by-value scalar input read from the 16 bytes of `fillv`; every pointer addresses a
        // live buffer of this device holding `n` elements in the contiguous class (or one
        // element for a broadcast input); vector accesses only when aligned.
        return unsafe { launch_raw(func, cfg, stream, &mut args[..a + 1]) };
    }

    // transpose class
    if nops == 2 && nd == 2 && slot.is_none() {
        let (mut r, mut c) = (shape[0], shape[1]);
        let (mut so, mut si) = (
            [strides[0][0], strides[0][1]],
            [strides[1][0], strides[1][1]],
        );
        if so[0] == 1 && si[1] == 1 {
            // swap axes so the output is contiguous along the inner axis
            std::mem::swap(&mut r, &mut c);
            so.swap(0, 1);
            si.swap(0, 1);
        }
        if so[1] == 1 && si[0] == 1 && so[0] >= c as isize && si[1] >= r as isize {
            let kind = transpose_kernel();
            let tile = if kind == 32 { 32 } else { f.tile64 };
            let func = match kind {
                32 => f.t32,
                64 => f.t64,
                _ => f.tv,
            };
            let gy = c.div_ceil(tile as usize);
            if gy <= 65535 {
                let cfg = LaunchConfig {
                    grid: (r.div_ceil(tile as usize) as u32, gy as u32, 1),
                    block: (32, 8, 1),
                    shared_mem_bytes: 0,
                };
                let (mut po, mut pi) = (opnds[0].ptr, opnds[1].ptr);
                let (mut rr, mut cc, mut ldi, mut ldo) =
                    (r as i64, c as i64, si[1] as i64, so[0] as i64);
                let mut args: [*mut c_void; 6] = [
                    (&mut po as *mut u64).cast(),
                    (&mut pi as *mut u64).cast(),
                    (&mut rr as *mut i64).cast(),
                    (&mut cc as *mut i64).cast(),
                    (&mut ldi as *mut i64).cast(),
                    (&mut ldo as *mut i64).cast(),
                ];
                // SAFETY: parameters match t32/t64/tv (TO*, const T0*, i64 R, C, ldi, ldo); the kernel
                // touches out[r*ldo + c] and in[r + c*ldi] for r < R, c < C, which are exactly the
                // views' elements (positive strides checked above).
                return unsafe { launch_raw(func, cfg, stream, &mut args) };
            }
        }
    }

    strided(
        st,
        f,
        fam,
        &opnds[..nops],
        &shape[..nd],
        &strides,
        fill,
        stream,
    )
}

#[allow(clippy::too_many_arguments, clippy::needless_range_loop)]
fn strided(
    st: &DeviceState,
    f: &Fns,
    fam: Family,
    ops: &[Operand<'_>],
    shape: &[usize],
    strides: &[[isize; MAX_NDIM]; 4],
    fill: [u8; 16],
    stream: sys::CUstream,
) -> Result<()> {
    let nd = shape.len();
    let nops = ops.len();
    if nd > MAXD {
        // split the leading axes on the host: one launch per index of axes 0..nd-MAXD
        let outer = nd - MAXD;
        let mut idx = vec![0usize; outer];
        loop {
            let sub: Vec<Operand<'_>> = (0..nops)
                .map(|k| {
                    let off: isize = (0..outer).map(|d| idx[d] as isize * strides[k][d]).sum();
                    Operand {
                        ptr: (ops[k].ptr as i64 + off as i64 * ops[k].itemsize as i64) as u64,
                        itemsize: ops[k].itemsize,
                        strides: &[],
                    }
                })
                .collect();
            let mut inner = [[0isize; MAX_NDIM]; 4];
            for k in 0..nops {
                inner[k][..MAXD].copy_from_slice(&strides[k][outer..nd]);
            }
            strided(st, f, fam, &sub, &shape[outer..], &inner, fill, stream)?;
            let mut d = outer;
            loop {
                if d == 0 {
                    return Ok(());
                }
                d -= 1;
                idx[d] += 1;
                if idx[d] < shape[d] {
                    break;
                }
                idx[d] = 0;
            }
        }
    }
    let n: usize = shape.iter().product();
    let fits32 = n < (1usize << 31)
        && (0..nops).all(|k| {
            (0..nd)
                .map(|d| strides[k][d].unsigned_abs() * (shape[d] - 1))
                .sum::<usize>()
                < (1usize << 31)
        });
    let max_blocks = (st.props.multiprocessor_count.max(1) as u64) * 32;
    let blocks = (n as u64).div_ceil(THREADS as u64).clamp(1, max_blocks) as u32;
    let cfg = LaunchConfig {
        grid: (blocks, 1, 1),
        block: (THREADS, 1, 1),
        shared_mem_bytes: 0,
    };
    let mut out_p = ops[0].ptr;
    let mut ps = [0u64; 3];
    for k in 1..nops {
        ps[k - 1] = ops[k].ptr;
    }
    let mut fillv = fill;
    let mut g32 = Geom::<i32> {
        ndim: nd as i32,
        pad: 0,
        shape: [1; MAXD],
        st: [[0; MAXD]; 4],
    };
    let mut g64 = Geom::<i64> {
        ndim: nd as i32,
        pad: 0,
        shape: [1; MAXD],
        st: [[0; MAXD]; 4],
    };
    for d in 0..nd {
        g32.shape[d] = shape[d] as i32;
        g64.shape[d] = shape[d] as i64;
        for k in 0..nops {
            g32.st[k][d] = strides[k][d] as i32;
            g64.st[k][d] = strides[k][d] as i64;
        }
    }
    let mut n32 = n as u32;
    let mut n64 = n as i64;
    let mut args: [*mut c_void; 6] = [std::ptr::null_mut(); 6];
    args[0] = (&mut out_p as *mut u64).cast();
    let slot = fam.scalar_slot();
    let a = operand_params(&mut args, fam, nops, slot, &mut ps, &mut fillv);
    let func = if fits32 {
        args[a] = (&mut g32 as *mut Geom<i32>).cast();
        args[a + 1] = (&mut n32 as *mut u32).cast();
        f.s32
    } else {
        args[a] = (&mut g64 as *mut Geom<i64>).cast();
        args[a + 1] = (&mut n64 as *mut i64).cast();
        f.s64
    };
    // SAFETY: parameters match s32/s64 (TO*, inputs..., Geom, n; a by-value scalar read from
    // `fillv`, its strides zero); the geometry is the views' own shape and strides, so every
    // offset the kernel forms is an element of a view; the 32-bit kernel is used only when
    // every offset fits in 31 bits.
    unsafe { launch_raw(func, cfg, stream, &mut args[..a + 2]) }
}

/// Writes a kernel's operand parameters after the output pointer (`args[0]`): the fill value
/// for [`Family::Fill`], else the `nops - 1` input pointers of `ps`, with the by-value scalar
/// `fillv` in place of input `slot`; returns the index of the next parameter. The parameters
/// point into `ps` and `fillv`, which must stay in place until the launch.
fn operand_params(
    args: &mut [*mut c_void],
    fam: Family,
    nops: usize,
    slot: Option<usize>,
    ps: &mut [u64; 3],
    fillv: &mut [u8; 16],
) -> usize {
    if fam == Family::Fill {
        args[1] = fillv.as_mut_ptr().cast();
        return 2;
    }
    let mut a = 1;
    for (i, p) in ps.iter_mut().take(nops - 1).enumerate() {
        args[a] = if Some(i) == slot {
            fillv.as_mut_ptr().cast()
        } else {
            (p as *mut u64).cast()
        };
        a += 1;
    }
    a
}

/// The bytes of `value` cast to `dtype` through cuprum's one cast table
/// ([`crate::backend::cpu::elem::Elem`], the same bits as common.cuh's `cast<D>`: float →
/// integer saturates and maps NaN to 0).
pub(crate) fn scalar_bytes(value: Scalar, dtype: DType) -> [u8; 16] {
    use crate::backend::cpu::elem::{Elem, with_dtype};
    let mut b = [0u8; 16];
    with_dtype!(dtype, T => {
        let v = T::from_scalar(value);
        let bytes = bytemuck::bytes_of(&v);
        b[..bytes.len()].copy_from_slice(bytes);
    });
    b
}

/// Writes `value` (cast to `dst.dtype`) into every element of `dst`.
///
/// # Errors
/// Device or CUDA errors; [`Error::Compile`] if the kernel cannot be built.
pub fn fill(dst: View<'_>, value: Scalar) -> Result<()> {
    run(Family::Fill, dst, &[], scalar_bytes(value, dst.dtype))
}

/// Copies `src` into `dst` (same shape), casting as NumPy's `astype` does.
///
/// # Errors
/// [`Error::DeviceMismatch`] when `src` is on another device; CUDA errors.
pub fn copy(src: View<'_>, dst: View<'_>) -> Result<()> {
    run(Family::Copy, dst, &[src], [0; 16])
}

/// `dst = op(src)` elementwise.
///
/// # Errors
/// [`Error::DType`] when `op` is not defined for the dtype; device or CUDA errors.
pub fn unary(op: UnaryOp, src: View<'_>, dst: View<'_>) -> Result<()> {
    run(Family::Unary(op), dst, &[src], [0; 16])
}

/// `dst = op(a, b)` elementwise.
///
/// # Errors
/// [`Error::DType`] when `op` is not defined for the dtype; device or CUDA errors.
pub fn binary(op: BinaryOp, a: View<'_>, b: View<'_>, dst: View<'_>) -> Result<()> {
    run(Family::Binary(op), dst, &[a, b], [0; 16])
}

/// `dst = op(a, s)` (`op(s, a)` for [`Side::Left`]) with the scalar cast to `a.dtype` and
/// passed to the kernel by value (no buffer, no fill launch).
///
/// # Errors
/// [`Error::DType`] when `op` is not defined for the dtype; device or CUDA errors.
pub fn binary_scalar(
    op: BinaryOp,
    a: View<'_>,
    s: Scalar,
    side: Side,
    dst: View<'_>,
) -> Result<()> {
    run(
        Family::BinaryScalar(op, side),
        dst,
        &[a],
        scalar_bytes(s, a.dtype),
    )
}

/// `dst = c ? a : b` elementwise (`c` bool).
///
/// # Errors
/// Device or CUDA errors.
pub fn where_(c: View<'_>, a: View<'_>, b: View<'_>, dst: View<'_>) -> Result<()> {
    if c.dtype != DType::Bool {
        return Err(Error::DTypeMismatch {
            op: "where",
            expected: DType::Bool,
            actual: c.dtype,
        });
    }
    run(Family::Where, dst, &[c, a, b], [0; 16])
}
