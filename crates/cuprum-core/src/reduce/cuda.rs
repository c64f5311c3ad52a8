//! CUDA implementations of the reduce and scan primitives: NVRTC kernels from
//! `kernels/reduce.cuh` (+ `kernels/reduce_kernels.cuh`), one module per (operation, dtypes),
//! compiled and cached through [`crate::cuda::nvrtc`], launched on the calling thread's current
//! stream.
//!
//! Layout classes (after merging the kept axes and the reduced axes separately):
//! - **all**: one output, contiguous input: grid-stride 16-byte vector loads (4 in flight per
//!   thread), warp shuffles, one partial per block, then one block combines the partials in a
//!   fixed order (deterministic; no atomics);
//! - **rows**: reduced elements contiguous, one kept axis of any stride: one block per row for
//!   long rows, one warp per row for short ones, vector loads when rows are 16-byte aligned;
//! - **cols**: kept axes end in a contiguous axis (at most one batch axis before it), one reduced
//!   axis of any stride: each thread owns one 16-byte vector of adjacent columns and one split of
//!   the rows (grid: column groups × row splits × batch), writes partials, and a second kernel
//!   combines the splits in order;
//! - anything else (several reduced axes that do not merge, broadcast or reversed inner axes):
//!   a copy into `[kept..., reduced...]` C order (the elementwise copy kernel), then rows/all.
//!
//! `var`/`std` run two reductions (the mean into a compute-dtype buffer, then the squared
//! deviations from it). `nanargmax`/`nanargmin` write -1 for an all-NaN slice; the host reads the
//! result back to turn that into NumPy's error. Scans run one thread per line (coalesced over the
//! inner axes) or, for few long lines, a three-phase chunked scan — except float16/bfloat16
//! outputs, which round at every step as NumPy's loop does and so always run one thread per
//! line (exactly NumPy's values, but a single long half-precision line is scanned serially).

use super::kinds::{ReduceOp, ReduceParams, ScanOp};
use crate::backend::View;
use crate::cuda::nvrtc::{self, LaunchConfig, Module};
use crate::storage::Storage;
use crate::{DType, Error, Layout, Result};
use std::collections::HashMap;
use std::ffi::c_void;
use std::sync::{Arc, Mutex, OnceLock};

const COMMON: &str = include_str!("../../../../kernels/common.cuh");
const REDUCE: &str = include_str!("../../../../kernels/reduce.cuh");
const KERNELS: &str = include_str!("../../../../kernels/reduce_kernels.cuh");
const THREADS: u32 = 256;

// The CUDA C storage type of a dtype, and the type `ld()` of a stored element gives
// (float16/bfloat16 compute in float): the one table, in `cuda/codegen.rs`.
use crate::cuda::codegen::storage_type as storage_ty;

/// Kernel parameters shared by every reduction (`RParams` in `reduce.cuh`).
#[repr(C)]
#[derive(Clone, Copy)]
struct RParams {
    center: u64,
    ddof: f64,
}

/// The `Op` typedef of one reduction pass, plus its compute type.
fn op_spec(op: ReduceOp, src: DType, compute: DType) -> (String, DType) {
    use ReduceOp::*;
    let b = |x: bool| if x { "true" } else { "false" };
    let c = compute;
    // the compute type `ld()` gives (float16/bfloat16 load as float)
    let l = match src {
        DType::Float16 | DType::BFloat16 => DType::Float32,
        d => d,
    };
    match op {
        Sum | Prod | NanSum | NanProd | Mean => (
            format!(
                "SumOp<IN_T, C_T, OUT_T, {}, {}, {}>",
                b(matches!(op, Prod | NanProd)),
                b(matches!(op, NanSum | NanProd)),
                b(op == Mean)
            ),
            c,
        ),
        NanMean => ("NanMeanOp<IN_T, C_T, OUT_T>".into(), c),
        Var | Std | NanVar | NanStd => (
            format!(
                "SqDevOp<IN_T, C_T, OUT_T, {}, {}>",
                b(matches!(op, NanVar | NanStd)),
                b(matches!(op, Std | NanStd))
            ),
            c,
        ),
        Max | Min if matches!(src, DType::Float32 | DType::Float64) => {
            (format!("FExtOp<IN_T, {}>", b(op == Max)), l)
        }
        Max | Min | NanMax | NanMin => (
            format!(
                "ExtOp<IN_T, C_T, {}, {}>",
                b(matches!(op, Max | NanMax)),
                b(matches!(op, NanMax | NanMin))
            ),
            l,
        ),
        ArgMax | ArgMin | NanArgMax | NanArgMin => (
            format!(
                "ArgOp<IN_T, C_T, {}, {}>",
                b(matches!(op, ArgMax | NanArgMax)),
                b(matches!(op, NanArgMax | NanArgMin))
            ),
            l,
        ),
        All | Any | CountNonzero => (
            format!(
                "CountOp<IN_T, OUT_T, {}>",
                match op {
                    All => 0,
                    Any => 1,
                    _ => 2,
                }
            ),
            l,
        ),
        Ptp => (
            format!(
                "PtpOp<IN_T, C_T, {}>",
                b(matches!(src, DType::Float16 | DType::BFloat16))
            ),
            l,
        ),
    }
}

/// Elements per 16-byte vector of `d`.
fn vmax(d: DType) -> usize {
    (16 / d.itemsize()).max(1)
}

/// The full source of one reduction specialization.
pub(crate) fn reduce_source(op: ReduceOp, src: DType, compute: DType, out: DType) -> String {
    let (op_type, c) = op_spec(op, src, compute);
    crate::cuda::codegen::ReductionSpec::from_op_type(&format!("{op:?}"), src, c, out, &op_type)
        .source()
        .text
}

/// The full source of one scan specialization.
pub(crate) fn scan_source(op: ScanOp, src: DType, compute: DType, out: DType) -> String {
    let round = matches!(out, DType::Float16 | DType::BFloat16);
    format!(
        "{COMMON}\n#define R_SCAN\ntypedef {} IN_T;\ntypedef {} C_T;\ntypedef {} OUT_T;\n#define VMAX 1\n{REDUCE}\ntypedef ScanSpec<IN_T, C_T, OUT_T, {}, {}> Scan;\n{KERNELS}",
        storage_ty(src),
        storage_ty(compute),
        storage_ty(out),
        op == ScanOp::CumProd,
        round
    )
}

/// A loaded specialization and the size of its accumulator.
struct Kern {
    module: Arc<Module>,
    acc_size: usize,
}

/// What a module is specialized for: (operation, input, compute and output dtypes).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Spec {
    Reduce(ReduceOp, DType, DType, DType),
    Scan(ScanOp, DType, DType, DType),
}

impl Spec {
    fn source(self) -> String {
        match self {
            Spec::Reduce(op, s, c, o) => reduce_source(op, s, c, o),
            Spec::Scan(op, s, c, o) => scan_source(op, s, c, o),
        }
    }
}

/// Loaded specializations by (device, specialization): the lookup on every call hashes a few
/// words, never the 30 KB source (which costs tens of microseconds of host time).
type KernCache = Mutex<HashMap<(usize, Spec), Arc<Kern>>>;

fn kernels() -> &'static KernCache {
    static K: OnceLock<KernCache> = OnceLock::new();
    K.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Loads (once per device) the module of `source`; for reductions also asks the device for the
/// accumulator's size.
fn kern(ordinal: usize, spec: Spec) -> Result<Arc<Kern>> {
    let is_reduce = matches!(spec, Spec::Reduce(..));
    let key = (ordinal, spec);
    if let Some(k) = kernels()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .get(&key)
    {
        return Ok(k.clone());
    }
    let module = nvrtc::get_module(ordinal, &spec.source(), &[])?;
    let mut acc_size = 0usize;
    if is_reduce {
        // (a one-time host read: on a private stream when the current one is being captured)
        acc_size =
            crate::cuda::graph::outside_capture(ordinal, || probe_acc_size(&module, ordinal))?;
    }
    let k = Arc::new(Kern { module, acc_size });
    kernels()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(key, k.clone());
    Ok(k)
}

/// Asks the device for a reduction module's accumulator size (`r_accsize`, one host read).
fn probe_acc_size(module: &Arc<Module>, ordinal: usize) -> Result<usize> {
    let buf = crate::cuda::alloc(ordinal, 8)?;
    let mut p = buf.device_ptr();
    let f = module.function("r_accsize")?;
    let mut args = [(&mut p as *mut u64).cast::<c_void>()];
    // SAFETY: r_accsize takes one `i64*` and writes one value; `buf` holds 8 bytes on this
    // device and lives until after the synchronizing read below.
    unsafe { nvrtc::launch(&f, cfg1(1, 1), None, &mut args)? };
    let b = crate::cuda::to_host(&buf, 0, 8)?;
    Ok(i64::from_ne_bytes(b[..8].try_into().unwrap_or([0; 8])) as usize)
}

fn cfg1(blocks: u64, threads: u32) -> LaunchConfig {
    LaunchConfig {
        grid: (blocks.clamp(1, i32::MAX as u64) as u32, 1, 1),
        block: (threads, 1, 1),
        shared_mem_bytes: 0,
    }
}

/// Launches kernel `name` of `k`.
///
/// # Safety
/// `args` must match the kernel's parameter list in `reduce_kernels.cuh` (device pointers as
/// `u64`, counts as `i64`, `RParams` by value) and every pointer must address live device memory
/// of the extent the kernel reads or writes for those counts.
unsafe fn go(k: &Kern, name: &str, cfg: LaunchConfig, args: &mut [*mut c_void]) -> Result<()> {
    let f = k.module.function(name)?;
    // SAFETY: forwarded to this function's contract.
    unsafe { nvrtc::launch(&f, cfg, None, args) }
}

macro_rules! args {
    ($($v:expr),* $(,)?) => {
        [$(std::ptr::addr_of_mut!($v).cast::<c_void>()),*]
    };
}

fn ptr_of(v: &View<'_>) -> u64 {
    let base = v.storage.as_cuda().map_or(0, |c| c.device_ptr());
    base + (v.layout.offset * v.dtype.itemsize()) as u64
}

fn ordinal_of(op: &'static str, src: &View<'_>, dst: &View<'_>) -> Result<usize> {
    match (src.storage, dst.storage) {
        (Storage::Cuda(a), Storage::Cuda(b)) if a.ordinal() == b.ordinal() => Ok(a.ordinal()),
        _ => Err(Error::DeviceMismatch {
            op,
            lhs: src.storage.device(),
            rhs: dst.storage.device(),
        }),
    }
}

/// Multiprocessor count of a device (cached; sizes the grids of grid-stride kernels).
fn sms(ordinal: usize) -> u64 {
    static SMS: OnceLock<Mutex<HashMap<usize, u64>>> = OnceLock::new();
    let m = SMS.get_or_init(|| Mutex::new(HashMap::new()));
    let mut g = m.lock().unwrap_or_else(|e| e.into_inner());
    *g.entry(ordinal).or_insert_with(|| {
        crate::cuda::properties(ordinal)
            .map(|p| p.multiprocessor_count as u64)
            .unwrap_or(132)
            .max(1)
    })
}

/// How the input of a reduction is walked.
#[derive(Clone, Copy, Debug)]
enum Class {
    /// one output; `n` contiguous elements
    All { n: i64 },
    /// `rows` outputs; each row `cols` contiguous elements, rows `rs` apart
    Rows { rows: i64, cols: i64, rs: i64 },
    /// `nb × cols` outputs; element (b, r, c) at `b*bs + r*rs + c`
    Cols {
        nb: i64,
        rows: i64,
        cols: i64,
        rs: i64,
        bs: i64,
    },
}

/// Picks the class of `layout` reduced over `axes`, or `None` when a reordering copy is needed.
fn classify(layout: &Layout, axes: &[usize]) -> Option<Class> {
    let ((ks, kst), (rsh, rst)) = super::engine::split_axes(layout, axes);
    let n_out: usize = ks.iter().product();
    let n_red: usize = rsh.iter().product();
    if n_red == 0 {
        return Some(Class::Rows {
            rows: n_out as i64,
            cols: 0,
            rs: 0,
        });
    }
    let (ks, kst) = super::engine::simplify(&ks, &kst);
    let (mut rs_, mut rst) = super::engine::simplify(&rsh, &rst);
    if rs_.is_empty() {
        rs_ = vec![1];
        rst = vec![1];
    }
    if rs_.len() != 1 {
        return None;
    }
    let (len, stride) = (rs_[0] as i64, rst[0] as i64);
    if stride == 1 {
        return match ks.len() {
            0 => Some(Class::All { n: len }),
            1 => Some(Class::Rows {
                rows: ks[0] as i64,
                cols: len,
                rs: kst[0] as i64,
            }),
            _ => None,
        };
    }
    match (ks.len(), kst.last()) {
        (1, Some(&1)) => Some(Class::Cols {
            nb: 1,
            rows: len,
            cols: ks[0] as i64,
            rs: stride,
            bs: 0,
        }),
        (2, Some(&1)) if ks[0] <= 65535 => Some(Class::Cols {
            nb: ks[0] as i64,
            rows: len,
            cols: ks[1] as i64,
            rs: stride,
            bs: kst[0] as i64,
        }),
        // one output from a strided run: a single column, rows split across blocks
        (0, _) => Some(Class::Cols {
            nb: 1,
            rows: len,
            cols: 1,
            rs: stride,
            bs: 0,
        }),
        _ => None,
    }
}

/// Runs one reduction pass of `op` (already specialized in `k`) over `x` of class `class`.
fn run_class(
    k: &Kern,
    ordinal: usize,
    class: Class,
    x: u64,
    src: DType,
    out: u64,
    params: RParams,
) -> Result<()> {
    let isz = src.itemsize() as u64;
    let v = vmax(src) as u64;
    let (mut xp, mut op_, mut p) = (x, out, params);
    match class {
        Class::All { n } => {
            let aligned = x.is_multiple_of(16);
            let per = if aligned { v } else { 1 };
            let want = (n as u64 / per).div_ceil(THREADS as u64).max(1);
            // four blocks per SM: 4145 GB/s for a 2^27 float32 sum on an H200, 4102 with eight
            let blocks = want.min(sms(ordinal) * 4);
            if blocks == 1 {
                // One block: the row kernel folds with the same thread assignment and finalizes
                // in the same launch (no partials buffer, no second pass): one launch and no
                // allocation instead of two and one, the host cost of a small `sum`.
                let (mut r, mut c, mut s) = (1i64, n, n);
                let name = if aligned { "r_rowsb_v" } else { "r_rowsb_s" };
                let mut a = args!(xp, r, c, s, op_, p);
                // SAFETY: (const IN_T* x, i64 rows, i64 cols, i64 rs, OUT_T* out, RParams): one
                // row of `n` contiguous elements at `x` (vector loads only when `x` is 16-byte
                // aligned; the row stride is never used for a single row), `out` one element.
                return unsafe { go(k, name, cfg1(1, THREADS), &mut a) };
            }
            let part = crate::cuda::alloc(ordinal, blocks as usize * k.acc_size)?;
            let mut pp = part.device_ptr();
            let mut n64 = n;
            let name = if aligned { "r_all1_v" } else { "r_all1_s" };
            let mut a = args!(xp, n64, pp, p);
            // SAFETY: (const IN_T* x, i64 n, ACC* part, RParams): `x` holds `n` contiguous
            // elements (aligned to 16 bytes for the vector kernel), `part` one accumulator per
            // block of the grid.
            unsafe { go(k, name, cfg1(blocks, THREADS), &mut a)? };
            let mut nparts = blocks as i64;
            let mut a = args!(pp, nparts, op_, n64, p);
            // SAFETY: (const ACC* part, i64 nparts, OUT_T* out, i64 n, RParams): `part` holds
            // `nparts` accumulators written above (same stream), `out` one element.
            unsafe { go(k, "r_all2", cfg1(1, THREADS), &mut a) }
        }
        Class::Rows { rows, cols, rs } => {
            if rows == 0 {
                return Ok(());
            }
            let aligned = x.is_multiple_of(16) && (rs.unsigned_abs() * isz).is_multiple_of(16);
            let (mut r, mut c, mut s) = (rows, cols, rs);
            let block_per_row = cols as u64 >= 1024;
            let name = match (block_per_row, aligned) {
                (true, true) => "r_rowsb_v",
                (true, false) => "r_rowsb_s",
                (false, true) => "r_rowsw_v",
                (false, false) => "r_rowsw_s",
            };
            let blocks = if block_per_row {
                rows as u64
            } else {
                (rows as u64).div_ceil((THREADS / 32) as u64)
            };
            let mut a = args!(xp, r, c, s, op_, p);
            // SAFETY: (const IN_T* x, i64 rows, i64 cols, i64 rs, OUT_T* out, RParams): row `i`
            // is the `cols` contiguous elements at `x + i*rs` inside the source view (vector
            // loads only when every row start is 16-byte aligned); `out` holds `rows` elements.
            unsafe { go(k, name, cfg1(blocks, THREADS), &mut a) }
        }
        Class::Cols {
            nb,
            rows,
            cols,
            rs,
            bs,
        } => {
            let aligned = x.is_multiple_of(16)
                && (cols as u64).is_multiple_of(v)
                && (rs.unsigned_abs() * isz).is_multiple_of(16)
                && (bs.unsigned_abs() * isz).is_multiple_of(16);
            let per = if aligned { v } else { 1 };
            let groups = (cols as u64).div_ceil(per);
            let gx = groups.div_ceil(THREADS as u64);
            // about four blocks per SM: fewer row splits write fewer partials (16384x8192
            // float32 over axis 0 on an H200: 3936 GB/s at 66 splits, 3691 at 132)
            let want = (sms(ordinal) * 4).div_ceil(gx * nb as u64);
            let splits = want.clamp(1, ((rows as u64) / 16).clamp(1, 65535));
            let mut rps = (rows as u64).div_ceil(splits) as i64;
            let splits = (rows as u64).div_ceil(rps as u64).max(1);
            rps = rps.max(1);
            let part = crate::cuda::alloc(
                ordinal,
                (nb as usize) * (splits as usize) * (cols as usize) * k.acc_size,
            )?;
            let mut pp = part.device_ptr();
            let (mut r, mut c, mut s, mut b) = (rows, cols, rs, bs);
            let cfg = LaunchConfig {
                grid: (gx as u32, splits as u32, nb as u32),
                block: (THREADS, 1, 1),
                shared_mem_bytes: 0,
            };
            let name = if aligned { "r_cols1_v" } else { "r_cols1_s" };
            let mut a = args!(xp, r, c, s, b, rps, pp, p);
            // SAFETY: (const IN_T* x, i64 rows, i64 cols, i64 rs, i64 bs, i64 rps, ACC* part,
            // RParams): element (b, r, c) at `x + b*bs + r*rs + c` lies in the source view for
            // b < nb, r < rows, c < cols; `part` holds nb*splits*cols accumulators; vector loads
            // only when every (b, r) row start is 16-byte aligned and cols is a multiple of V.
            unsafe { go(k, name, cfg, &mut a)? };
            let mut sp = splits as i64;
            let mut nbv = nb;
            let total = (nb * cols) as u64;
            let mut a = args!(pp, sp, c, nbv, op_, r, p);
            // SAFETY: (const ACC* part, i64 splits, i64 cols, i64 nb, OUT_T* out, i64 rows,
            // RParams): `part` written above on the same stream; `out` holds nb*cols elements.
            unsafe {
                go(
                    k,
                    "r_cols2",
                    cfg1(total.div_ceil(THREADS as u64), THREADS),
                    &mut a,
                )
            }
        }
    }
}

/// CUDA reduce primitive (same contract as the CPU one; `dst` C-contiguous).
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
    let ordinal = ordinal_of(name, &src, &dst)?;
    if !dst.layout.is_c_contiguous() {
        return Err(Error::unsupported(name, "the output must be C-contiguous"));
    }
    // reorder into [kept..., reduced...] C order when the layout has no direct class
    let tmp;
    let tmp_layout;
    let (x_view, axes_v): (View<'_>, Vec<usize>) = match classify(src.layout, axes) {
        Some(_) => (src, axes.to_vec()),
        None => {
            let kept: Vec<usize> = (0..src.layout.ndim())
                .filter(|i| !axes.contains(i))
                .collect();
            let perm: Vec<isize> = kept.iter().chain(axes).map(|&i| i as isize).collect();
            let pl = src.layout.permute(name, &perm)?;
            tmp = crate::Array::empty_on(&pl.shape, src.dtype, src.storage.device())?;
            let pv = View {
                storage: src.storage,
                layout: &pl,
                dtype: src.dtype,
            };
            crate::backend::copy(pv, tmp.view())?;
            tmp_layout = tmp.layout().clone();
            let k = kept.len();
            (
                View {
                    storage: tmp.storage(),
                    layout: &tmp_layout,
                    dtype: src.dtype,
                },
                (k..src.layout.ndim()).collect(),
            )
        }
    };
    let class = classify(x_view.layout, &axes_v)
        .ok_or_else(|| Error::unsupported(name, "internal: no layout class after reordering"))?;
    let x = ptr_of(&x_view);
    let out = ptr_of(&dst);
    let none = RParams {
        center: 0,
        ddof: params.ddof,
    };
    let k = kern(
        ordinal,
        Spec::Reduce(op, src.dtype, params.compute, dst.dtype),
    )?;
    let p = match op {
        // the second pass of var/std: the first pass's means come from above the backend
        // interface (`reduce::reduce_view`)
        Var | Std | NanVar | NanStd => {
            let c = center.ok_or_else(|| {
                Error::unsupported(
                    name,
                    "internal: var/std needs the centers of its first pass",
                )
            })?;
            RParams {
                center: ptr_of(&c),
                ddof: params.ddof,
            }
        }
        _ => none,
    };
    // an all-NaN slice of nanargmax/nanargmin is left as -1 (`reduce.cuh`'s `ArgOp`), which
    // `reduce::reduce` turns into NumPy's error for every device
    run_class(&k, ordinal, class, x, src.dtype, out, p)
}

/// CUDA scan primitive (same contract as the CPU one).
pub(crate) fn scan(
    op: ScanOp,
    compute: DType,
    src: View<'_>,
    dst: View<'_>,
    axis: usize,
) -> Result<()> {
    let name = op.name();
    let ordinal = ordinal_of(name, &src, &dst)?;
    if !dst.layout.is_c_contiguous() {
        return Err(Error::unsupported(name, "the output must be C-contiguous"));
    }
    let tmp;
    let x = if src.layout.is_c_contiguous() {
        ptr_of(&src)
    } else {
        tmp = crate::Array::empty_on(&src.layout.shape, src.dtype, src.storage.device())?;
        crate::backend::copy(src, tmp.view())?;
        ptr_of(&tmp.view())
    };
    let shape = &src.layout.shape;
    let mut outer: i64 = shape[..axis].iter().product::<usize>() as i64;
    let mut len = shape[axis] as i64;
    let mut inner: i64 = shape[axis + 1..].iter().product::<usize>() as i64;
    let lines = (outer * inner) as u64;
    if lines == 0 || len == 0 {
        return Ok(());
    }
    let k = kern(ordinal, Spec::Scan(op, src.dtype, compute, dst.dtype))?;
    let (mut xp, mut yp) = (x, ptr_of(&dst));
    // float16/bfloat16 outputs round at every step (NumPy's accumulate loop); a chunked scan
    // would round in another order, and over thousands of bfloat16 steps the two drift apart
    // by whole units, so those lines are always scanned one thread per line, as NumPy does
    let rounds = matches!(dst.dtype, DType::Float16 | DType::BFloat16);
    if len <= 4096 || lines >= 4096 || rounds {
        let mut a = args!(xp, yp, outer, len, inner);
        // SAFETY: (const IN_T* x, OUT_T* y, i64 outer, i64 len, i64 inner): `x` and `y` are
        // C-contiguous [outer][len][inner] arrays of this device; one thread per line.
        return unsafe {
            go(
                &k,
                "r_scan_lines",
                cfg1(lines.div_ceil(THREADS as u64), THREADS),
                &mut a,
            )
        };
    }
    let nchunks = (65536 / lines).clamp(2, (len as u64 / 256).max(2));
    let mut chunk = (len as u64).div_ceil(nchunks) as i64;
    let mut nchunks = (len as u64).div_ceil(chunk as u64) as i64;
    chunk = chunk.max(1);
    let totals = crate::cuda::alloc(
        ordinal,
        lines as usize * nchunks as usize * compute.itemsize(),
    )?;
    let mut tp = totals.device_ptr();
    let threads = lines * nchunks as u64;
    let mut a = args!(xp, yp, outer, len, inner, chunk, nchunks, tp);
    // SAFETY: (const IN_T*, OUT_T*, i64 outer, i64 len, i64 inner, i64 chunk, i64 nchunks,
    // C_T* totals): arrays as above; `totals` holds lines*nchunks compute values.
    unsafe {
        go(
            &k,
            "r_scan_c1",
            cfg1(threads.div_ceil(THREADS as u64), THREADS),
            &mut a,
        )?
    };
    let mut nl = lines as i64;
    let mut a = args!(tp, nl, nchunks);
    // SAFETY: (C_T* totals, i64 nlines, i64 nchunks): `totals` written above, same stream.
    unsafe {
        go(
            &k,
            "r_scan_c2",
            cfg1(lines.div_ceil(THREADS as u64), THREADS),
            &mut a,
        )?
    };
    let mut a = args!(yp, outer, len, inner, chunk, nchunks, tp);
    // SAFETY: (OUT_T* y, i64 outer, i64 len, i64 inner, i64 chunk, i64 nchunks, const C_T*):
    // `y` written by r_scan_c1, `totals` by r_scan_c2, same stream.
    unsafe {
        go(
            &k,
            "r_scan_c3",
            cfg1(threads.div_ceil(THREADS as u64), THREADS),
            &mut a,
        )
    }
}
