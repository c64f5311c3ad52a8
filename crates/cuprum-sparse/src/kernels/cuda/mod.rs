//! The CUDA kernels, on the calling thread's current stream.
//!
//! - cuSPARSE's generic API (`cusparse.rs`) for float32/float64/complex64/complex128 data of
//!   canonical matrices with fewer than 2^31 stored entries: `cusparseSpMV`, `cusparseSpMM`,
//!   `cusparseSpGEMM` (int32 indices), `cusparseCsr2cscEx2` (int32 indices, any 1/2/4/8/16-byte
//!   dtype, a permutation of bits). A cuSPARSE call that fails (out of memory, a missing
//!   library, an unsupported case) falls back to the kernels below instead of failing.
//! - NVRTC kernels of our own (`kernels/sparse.cu`) for everything else — every dtype (integers,
//!   bool, float16, bfloat16), int64 indices, non-canonical operands, more than 2^31 entries:
//!   a sub-warp-per-row SpMV, a thread-per-output SpMM, a row-merge SpGEMM (tried first: a
//!   canonical `B` and rows of `A` of at most 8 entries, as in 2-D and 3-D stencil matrices;
//!   one thread merges the selected rows of `B`, counting then writing, with no
//!   intermediate products), and the structural operations (transpose, COO → CSR, the general
//!   SpGEMM) as expand → stable radix sort (core's `argsort`) → segmented sums, all with 64-bit
//!   positions.
//!
//! Malformed operands (an index outside the matrix, a decreasing `indptr`) are reported by the
//! NVRTC kernels through a device flag (read back after the launch) and never read outside
//! a buffer; the cuSPARSE paths trust the format's checks, as cuSPARSE does.

mod cusparse;
#[cfg_attr(not(test), allow(unused_imports))]
pub(crate) use cusparse::{SpgemmAlg, force_spgemm, last_spgemm};

use super::{as_dtype, index_dtype_for};
use crate::SparseError;
use crate::parts::{Compressed, Coo};
use cuprum_core::ext::{self, nvrtc};
use cuprum_core::{Array, DType, Device, IndexMode};
use std::ffi::c_void;
use std::sync::OnceLock;

/// `common.cuh` + `math.cuh` + `sparse.cu`.
fn source() -> &'static str {
    static SRC: OnceLock<&'static str> = OnceLock::new();
    SRC.get_or_init(|| {
        let s = format!(
            "{}\n{}",
            ext::CUDA_COMMON,
            include_str!("../../../../../kernels/sparse.cu")
        );
        Box::leak(s.into_boxed_str())
    })
}

/// The kernel `name` for values of `t` and indices of `i` (and `SP_V` threads per row), from a
/// module of its group of `sparse.cu` only (`-DSP_GROUP`): a first use compiles a fraction of
/// the file.
fn func(o: usize, name: &str, t: DType, i: DType, v: u32) -> Result<nvrtc::Function, SparseError> {
    let group = match name {
        "sp_csrmv" | "sp_csrmv_stream" | "sp_csrmm" => 1,
        "sp_axpy" | "sp_cg_step" | "sp_sum_partials" => 3,
        "sp_gemm_merge" => 4,
        "sp_coo_hist" | "sp_coo_scatter" | "sp_coo_rows" => 5,
        _ => 2,
    };
    let v = if group == 1 { v } else { 1 };
    let opts = [
        format!("-DSP_T={}", ext::c_type(t)),
        format!("-DSP_I={}", ext::c_type(i)),
        format!("-DSP_V={v}"),
        format!("-DSP_GROUP={group}"),
    ];
    let o2: Vec<&str> = opts.iter().map(|s| s.as_str()).collect();
    Ok(nvrtc::static_function(o, source(), name, &o2)?)
}

/// The device address of element 0 of a C-contiguous CUDA array.
pub(super) fn dptr(a: &Array) -> u64 {
    let s = a
        .storage()
        .as_cuda()
        .expect("the caller dispatched on a CUDA array");
    s.device_ptr() + (a.offset() * a.dtype().itemsize()) as u64
}

fn cc(a: &Array) -> Result<Array, SparseError> {
    Ok(ext::as_c_contiguous(a)?)
}

/// A grid-stride launch over `n` items with 256 threads a block.
/// Rows a block of `sp_csrmv_stream` takes (its `SP_RB`, the threads of its blocks).
const ROW_BLOCK: usize = 256;

fn cfg(n: u64) -> nvrtc::LaunchConfig {
    let mut c = nvrtc::LaunchConfig::for_num_elems(n.max(1), 256);
    c.grid.0 = c.grid.0.min(1 << 20);
    c
}

/// Launches `f` with `args` (each a pointer to a `u64` device address or an `i64`).
fn go(f: &nvrtc::Function, c: nvrtc::LaunchConfig, args: &mut [Arg]) -> Result<(), SparseError> {
    let mut ptrs: Vec<*mut c_void> = args
        .iter_mut()
        .map(|a| match a {
            Arg::P(p) => p as *mut u64 as *mut c_void,
            Arg::N(n) => n as *mut i64 as *mut c_void,
        })
        .collect();
    // SAFETY: every kernel of sparse.cu takes exactly the parameters its callers here pass, in
    // order: device pointers as u64 (`Arg::P`) to live, C-contiguous buffers of the element
    // types the kernel was compiled for (kept alive by the caller's `Array`s until the launch
    // is queued; their frees are stream-ordered after it), and 64-bit lengths (`Arg::N`) that
    // bound every access; grid-stride loops make any grid size safe.
    unsafe { nvrtc::launch(f, c, None, &mut ptrs)? };
    Ok(())
}

enum Arg {
    P(u64),
    N(i64),
}

/// A kernel argument: an array (its device address, [`Arg::P`]), a `usize` length
/// ([`Arg::N`]) or an [`Arg`] as it is.
trait IntoArg {
    fn into_arg(self) -> Arg;
}
impl IntoArg for &Array {
    fn into_arg(self) -> Arg {
        Arg::P(dptr(self))
    }
}
impl IntoArg for usize {
    fn into_arg(self) -> Arg {
        Arg::N(self as i64)
    }
}
impl IntoArg for Arg {
    fn into_arg(self) -> Arg {
        self
    }
}

/// [`go`] with the kernel's arguments in order, each through [`IntoArg`].
macro_rules! launch {
    ($f:expr, $cfg:expr; $($a:expr),* $(,)?) => {
        go($f, $cfg, &mut [$(IntoArg::into_arg($a)),*])
    };
}

/// A zeroed int32 error flag on device `o`.
fn flag(o: usize) -> Result<Array, SparseError> {
    Ok(cuprum_core::zeros_on(&[1], DType::Int32, Device::Cuda(o))?)
}

/// A per-device int32 error flag that kernels may set but nobody reads (the SpMV path whose
/// flag goes unchecked, as cuSPARSE's would): allocated once per device, so that path launches
/// no memset for a fresh flag on every product.
fn sink_flag(o: usize) -> Result<Array, SparseError> {
    static SINKS: std::sync::Mutex<Vec<Option<Array>>> = std::sync::Mutex::new(Vec::new());
    let mut sinks = SINKS.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(Some(a)) = sinks.get(o) {
        return Ok(a.clone());
    }
    let a = flag(o)?;
    if sinks.len() <= o {
        sinks.resize(o + 1, None);
    }
    sinks[o] = Some(a.clone());
    Ok(a)
}

/// Reads the error flag (a sync) and turns a set flag into an error.
fn check_flag(
    op: &'static str,
    f: &Array,
    shape: (usize, usize),
    minor_axis: usize,
) -> Result<(), SparseError> {
    let v = f.to_vec::<i32>()?[0];
    match v {
        0 => Ok(()),
        2 => Err(SparseError::invalid_format(
            op,
            "indptr is not non-decreasing within 0..=nnz",
        )),
        1 if minor_axis == 0 => Err(SparseError::IndexOutOfBounds {
            op,
            index: -1,
            axis: 0,
            size: shape.0,
        }),
        _ => Err(SparseError::IndexOutOfBounds {
            op,
            index: -1,
            axis: 1,
            size: shape.1,
        }),
    }
}

/// The precise offending index (for the error message), found on the host after a flag: the
/// first value of `idx` outside `0..size`.
fn first_bad(idx: &Array, size: usize) -> Option<i64> {
    let v = idx
        .astype(DType::Int64)
        .ok()?
        .to_device(Device::Cpu)
        .ok()?
        .to_vec::<i64>()
        .ok()?;
    v.into_iter().find(|&j| j < 0 || j as u64 >= size as u64)
}

fn refine(e: SparseError, idx: &Array) -> SparseError {
    match e {
        SparseError::IndexOutOfBounds {
            op,
            index: -1,
            axis,
            size,
        } => SparseError::IndexOutOfBounds {
            op,
            index: first_bad(idx, size).unwrap_or(-1),
            axis,
            size,
        },
        e => e,
    }
}

/// A path override from the environment, read once per variable (benchmarks compare the
/// paths): `CUPRUM_SPMV=own` or `=cusparse` picks the SpMV kernel (by default cuprum's
/// row-block kernel for at most 32 entries a row on average, cuSPARSE's for longer rows),
/// `CUPRUM_SPMM=own` or `=cusparse` the SpMM kernel (by default cuprum's for at
/// most 16 right-hand sides, cuSPARSE's for more),
/// `CUPRUM_SPGEMM=cusparse` skips the row-merge SpGEMM, `CUPRUM_COO2CSR=sort` the row-counting
/// COO → CSR.
fn knob(name: &'static str) -> Option<&'static str> {
    static SPMM: OnceLock<Option<String>> = OnceLock::new();
    static SPMV: OnceLock<Option<String>> = OnceLock::new();
    static SPGEMM: OnceLock<Option<String>> = OnceLock::new();
    static COO: OnceLock<Option<String>> = OnceLock::new();
    let cell = match name {
        "CUPRUM_SPMM" => &SPMM,
        "CUPRUM_SPMV" => &SPMV,
        "CUPRUM_COO2CSR" => &COO,
        _ => &SPGEMM,
    };
    cell.get_or_init(|| std::env::var(name).ok()).as_deref()
}

/// The last element of a 1-D int64 CUDA array of `len > 0` elements (a prefix sum's total),
/// read back alone (8 bytes, a sync).
fn last_i64(a: &Array, len: usize) -> Result<usize, SparseError> {
    let s = a.storage().as_cuda().expect("a CUDA array");
    let b = ext::cuda::to_host(s, (a.offset() + len - 1) * 8, 8)?;
    Ok(i64::from_le_bytes(b.try_into().expect("8 bytes")) as usize)
}

fn vendor_dtype(d: DType) -> bool {
    matches!(
        d,
        DType::Float32 | DType::Float64 | DType::Complex64 | DType::Complex128
    )
}

// ---------------------------------------------------------------------------------------------
// SpMV / SpMM

pub(crate) fn spmv(o: usize, a: &Compressed, x: &Array, r: DType) -> Result<Array, SparseError> {
    let data = cc(&as_dtype(&a.data, r)?)?;
    let x = cc(&as_dtype(x, r)?)?;
    let (indices, indptr) = (cc(&a.indices)?, cc(&a.indptr)?);
    let (m, n) = a.shape;
    let nnz = data.size();
    let dev = Device::Cuda(o);
    let per = nnz / m.max(1);
    // cuprum's row-block kernel for short rows (up to 32 entries a row on average), cuSPARSE's
    // SpMV for longer ones; `CUPRUM_SPMV=own|cusparse` forces one
    let own = match knob("CUPRUM_SPMV") {
        Some("own") => true,
        Some("cusparse") => false,
        _ => per <= 32,
    };
    if !own
        && vendor_dtype(r)
        && a.canonical
        && nnz < i32::MAX as usize
        && m > 0
        && n > 0
        && let Ok(y) = cusparse::spmv(o, &data, &indices, &indptr, &x, (m, n), r)
    {
        return Ok(y);
    }
    let y = Array::empty_on(&[m], r, dev)?;
    if m == 0 {
        return Ok(y);
    }
    if own {
        let f = func(o, "sp_csrmv_stream", r, indices.dtype(), 1)?;
        // where cuSPARSE would have run (canonical, its dtypes) no flag is read, as on its
        // path: no synchronization per product; the kernel still reads nothing out of bounds
        let checked = !(a.canonical && vendor_dtype(r));
        let err = if checked { flag(o)? } else { sink_flag(o)? };
        let blocks = m.div_ceil(ROW_BLOCK).min(1 << 20) as u32;
        let c = nvrtc::LaunchConfig {
            grid: (blocks, 1, 1),
            block: (ROW_BLOCK as u32, 1, 1),
            shared_mem_bytes: 0,
        };
        launch!(&f, c; &indptr, &indices, &data, &x, &y, m, n, nnz, &err)?;
        if checked {
            check_flag("spmv", &err, a.shape, 1).map_err(|e| refine(e, &indices))?;
        }
        return Ok(y);
    }
    let v = match per {
        0..=1 => 1,
        2 => 2,
        3..=4 => 4,
        5..=8 => 8,
        9..=16 => 16,
        _ => 32,
    };
    let f = func(o, "sp_csrmv", r, indices.dtype(), v)?;
    let err = flag(o)?;
    launch!(&f, cfg((m as u64).saturating_mul(v as u64)); &indptr, &indices, &data, &x, &y, m, n,
        nnz, &err)?;
    check_flag("spmv", &err, a.shape, 1).map_err(|e| refine(e, &indices))?;
    Ok(y)
}

pub(crate) fn spmm(o: usize, a: &Compressed, x: &Array, r: DType) -> Result<Array, SparseError> {
    let data = cc(&as_dtype(&a.data, r)?)?;
    let x = cc(&as_dtype(x, r)?)?;
    let (indices, indptr) = (cc(&a.indices)?, cc(&a.indptr)?);
    let (m, n) = a.shape;
    let k = x.shape()[1];
    let nnz = data.size();
    let dev = Device::Cuda(o);
    let total = m.checked_mul(k).ok_or_else(|| {
        SparseError::invalid_shape("spmm", &[m, k], "the result's element count overflows")
    })?;
    if vendor_dtype(r)
        && a.canonical
        && nnz < i32::MAX as usize
        && total > 0
        && n > 0
        && match knob("CUPRUM_SPMM") {
            Some("own") => false,
            Some("cusparse") => true,
            // cuprum's kernel for few right-hand sides: 8 of them on the Poisson matrix of a
            // 2048^2 grid (H200, 2026-12-02): 391 µs, cuSPARSE's SpMM 1.35 ms, CuPy 965 µs
            _ => k > 16,
        }
        && let Ok(y) = cusparse::spmm(o, &data, &indices, &indptr, &x, (m, n), r)
    {
        return Ok(y);
    }
    let y = Array::empty_on(&[m, k], r, dev)?;
    if total == 0 {
        return Ok(y);
    }
    let f = func(o, "sp_csrmm", r, indices.dtype(), 1)?;
    let err = flag(o)?;
    launch!(&f, cfg(total as u64); &indptr, &indices, &data, &x, &y, m, n, k, nnz, &err)?;
    check_flag("spmm", &err, a.shape, 1).map_err(|e| refine(e, &indices))?;
    Ok(y)
}

// ---------------------------------------------------------------------------------------------
// structural helpers

/// The major index (row) of every stored entry, int64.
fn expand_rows(o: usize, indptr: &Array, m: usize, nnz: usize) -> Result<Array, SparseError> {
    let rows = Array::empty_on(&[nnz], DType::Int64, Device::Cuda(o))?;
    if m == 0 || nnz == 0 {
        return Ok(rows);
    }
    // the value type is irrelevant here: compile the int64 instance
    let f = func(o, "sp_expand_rows", DType::Int64, indptr.dtype(), 1)?;
    let err = flag(o)?;
    launch!(&f, cfg(m as u64); indptr, &rows, m, nnz, &err)?;
    check_flag("expand_rows", &err, (m, 0), 1)?;
    Ok(rows)
}

fn take(a: &Array, idx: &Array) -> Result<Array, SparseError> {
    Ok(cuprum_core::take(a, idx, None, IndexMode::Clip)?)
}

/// The stable sort permutation of (rows, cols) pairs (int64 arrays of one length).
fn sort_pairs(
    o: usize,
    rows: &Array,
    cols: &Array,
    m: usize,
    n: usize,
) -> Result<Array, SparseError> {
    let nnz = rows.size();
    if let Some(_mn) = (m as u64)
        .checked_mul(n as u64)
        .filter(|&p| p <= i64::MAX as u64)
    {
        let key = Array::empty_on(&[nnz], DType::Int64, Device::Cuda(o))?;
        if nnz > 0 {
            let f = func(o, "sp_keys64", DType::Int64, DType::Int64, 1)?;
            launch!(&f, cfg(nnz as u64); rows, cols, &key, nnz, n)?;
        }
        Ok(cuprum_core::argsort(&key, None)?)
    } else {
        // the keys would overflow: by column, then stably by row
        let p1 = cuprum_core::argsort(cols, None)?;
        let p2 = cuprum_core::argsort(&take(rows, &p1)?, None)?;
        take(&p1, &p2)
    }
}

/// A CSR from entries sorted by (row, col) (int64 `rows`, `cols`): duplicates summed when
/// `sum`, exact zeros dropped when `drop_zeros`, indices of dtype `it`.
#[allow(clippy::too_many_arguments)]
fn compress(
    o: usize,
    rows: Array,
    cols: Array,
    vals: Array,
    shape: (usize, usize),
    it: DType,
    sum: bool,
    drop_zeros: bool,
) -> Result<Compressed, SparseError> {
    let dev = Device::Cuda(o);
    let (m, _) = shape;
    let (mut rows, mut cols, mut vals) = (rows, cols, vals);
    let nnz = rows.size();
    let mut canonical = true;
    if nnz > 0 {
        let flags = Array::empty_on(&[nnz], DType::UInt8, dev)?;
        let f = func(o, "sp_run_starts", DType::Int64, DType::Int64, 1)?;
        launch!(&f, cfg(nnz as u64); &rows, &cols, &flags, nnz)?;
        let starts = cuprum_core::flatnonzero(&flags)?;
        let runs = starts.size();
        if runs < nnz {
            if sum {
                let end = Array::from_vec_on(vec![nnz as i64], &[1], dev)?;
                let starts_ext =
                    cuprum_core::concatenate(&[&starts.astype(DType::Int64)?, &end], 0)?;
                let out = Array::empty_on(&[runs], vals.dtype(), dev)?;
                let f = func(o, "sp_run_sums", vals.dtype(), DType::Int64, 1)?;
                launch!(&f, cfg(runs as u64); &starts_ext, &vals, &out, runs)?;
                rows = take(&rows, &starts)?;
                cols = take(&cols, &starts)?;
                vals = out;
            } else {
                canonical = false;
            }
        }
    }
    if drop_zeros && vals.size() > 0 {
        let n2 = vals.size();
        let keep = Array::empty_on(&[n2], DType::UInt8, dev)?;
        let f = func(o, "sp_nonzero_mask", vals.dtype(), DType::Int64, 1)?;
        launch!(&f, cfg(n2 as u64); &vals, &keep, n2)?;
        let k = cuprum_core::flatnonzero(&keep)?;
        if k.size() < n2 {
            rows = take(&rows, &k)?;
            cols = take(&cols, &k)?;
            vals = take(&vals, &k)?;
        }
    }
    let nnz = rows.size();
    let it = index_dtype_for(it, nnz, &[shape.0, shape.1]);
    let indptr = Array::empty_on(&[m + 1], it, dev)?;
    let f = func(o, "sp_indptr", DType::Int64, it, 1)?;
    launch!(&f, cfg(m as u64 + 1); &rows, nnz, &indptr, m)?;
    Ok(Compressed {
        data: vals,
        indices: as_dtype(&cols, it)?,
        indptr,
        shape,
        canonical,
    })
}

// ---------------------------------------------------------------------------------------------
// transpose, COO -> CSR, SpGEMM

pub(crate) fn transpose(o: usize, a: &Compressed) -> Result<Compressed, SparseError> {
    let (data, indices, indptr) = (cc(&a.data)?, cc(&a.indices)?, cc(&a.indptr)?);
    let (m, n) = a.shape;
    let nnz = data.size();
    let it = indices.dtype();
    if it == DType::Int32
        && nnz < i32::MAX as usize
        && m < i32::MAX as usize
        && n < i32::MAX as usize
        && nnz > 0
        && let Ok(t) = cusparse::csr2csc(o, &data, &indices, &indptr, (m, n))
    {
        return Ok(Compressed {
            canonical: a.canonical,
            ..t
        });
    }
    if it == DType::Int32 && m > i32::MAX as usize {
        return Err(SparseError::invalid_format(
            "transpose",
            format!("{m} rows do not fit int32 column indices of the transpose"),
        ));
    }
    let rows = expand_rows(o, &indptr, m, nnz)?;
    let cols = indices.astype(DType::Int64)?;
    // bounds of the minor indices
    if nnz > 0 {
        let f = func(o, "sp_check_coo", DType::Int64, DType::Int64, 1)?;
        let err = flag(o)?;
        launch!(&f, cfg(nnz as u64); &rows, &cols, nnz, m, n, &err)?;
        check_flag("transpose", &err, (m, n), 1).map_err(|e| refine(e, &cols))?;
    }
    // a stable sort by column keeps the rows of each column in order
    let perm = cuprum_core::argsort(&cols, None)?;
    let t = compress(
        o,
        take(&cols, &perm)?,
        take(&rows, &perm)?,
        take(&data, &perm)?,
        (n, m),
        it,
        false,
        false,
    )?;
    Ok(Compressed {
        canonical: a.canonical,
        indices: as_dtype(&t.indices, it)?,
        indptr: as_dtype(&t.indptr, it)?,
        ..t
    })
}

pub(crate) fn coo_to_compressed(o: usize, c: &Coo, sum: bool) -> Result<Compressed, SparseError> {
    let (data, row, col) = (cc(&c.data)?, cc(&c.row)?, cc(&c.col)?);
    let (m, n) = c.shape;
    let nnz = data.size();
    let it = row.dtype();
    if nnz > 0 {
        let f = func(o, "sp_check_coo", DType::Int64, it, 1)?;
        let err = flag(o)?;
        launch!(&f, cfg(nnz as u64); &row, &col, nnz, m, n, &err)?;
        match check_flag("coo_to_compressed", &err, (m, n), 0) {
            Ok(()) => {}
            Err(SparseError::IndexOutOfBounds { axis: 0, .. }) => {
                return Err(SparseError::IndexOutOfBounds {
                    op: "coo_to_compressed",
                    index: first_bad(&row, m).unwrap_or(-1),
                    axis: 0,
                    size: m,
                });
            }
            Err(e) => return Err(refine(e, &col)),
        }
    }
    let (r64, c64) = (row.astype(DType::Int64)?, col.astype(DType::Int64)?);
    if sum
        && nnz > 0
        && knob("CUPRUM_COO2CSR") != Some("sort")
        && let Some(t) = coo_by_rows(o, &r64, &c64, &data, (m, n), it)?
    {
        return Ok(t);
    }
    let perm = sort_pairs(o, &r64, &c64, m, n)?;
    let t = compress(
        o,
        take(&r64, &perm)?,
        take(&c64, &perm)?,
        take(&data, &perm)?,
        (m, n),
        it,
        sum,
        false,
    )?;
    Ok(Compressed {
        indices: as_dtype(&t.indices, it)?,
        indptr: as_dtype(&t.indptr, it)?,
        ..t
    })
}

/// COO → CSR with duplicates summed by counting rows (`sp_coo_hist`, `sp_coo_scatter`,
/// `sp_coo_rows`: a histogram, a scatter into row buckets, then one thread per row sorting its
/// bucket by (column, position) and summing duplicates in their stored order, as the sort path
/// does): a few passes over the entries instead of a 64-bit radix sort and its gathers. `None`
/// when a row holds more than 64 entries (the caller sorts instead). Checked coordinates.
fn coo_by_rows(
    o: usize,
    r64: &Array,
    c64: &Array,
    data: &Array,
    (m, n): (usize, usize),
    it: DType,
) -> Result<Option<Compressed>, SparseError> {
    let dev = Device::Cuda(o);
    let nnz = r64.size();
    let counts = cuprum_core::zeros_on(&[m], DType::Int64, dev)?;
    let i64s = |name| func(o, name, DType::Int64, DType::Int64, 1);
    launch!(&i64s("sp_coo_hist")?, cfg(nnz as u64); r64, nnz, &counts)?;
    let longest = counts.max(cuprum_core::Axes::All, false)?.to_vec::<i64>()?[0];
    if longest > 64 {
        return Ok(None);
    }
    let offs = cc(&cuprum_core::cumsum(&counts, None)?)?;
    let cursor = cuprum_core::zeros_on(&[m], DType::Int64, dev)?;
    let perm = Array::empty_on(&[nnz], DType::Int64, dev)?;
    launch!(&i64s("sp_coo_scatter")?, cfg(nnz as u64); r64, nnz, &counts, &offs, &cursor, &perm)?;
    let r = data.dtype();
    let ucounts = Array::empty_on(&[m], DType::Int64, dev)?;
    let rows = |it2: DType, uoffs: u64, cp: u64, ci: u64, cd: u64, write: i64| {
        launch!(&func(o, "sp_coo_rows", r, it2, 1)?, cfg(m as u64); c64, data, &counts, &offs,
            &perm, &ucounts, Arg::P(uoffs), Arg::P(cp), Arg::P(ci), Arg::P(cd), m, Arg::N(write))
    };
    rows(DType::Int64, 0, 0, 0, 0, 0)?;
    let uoffs = cc(&cuprum_core::cumsum(&ucounts, None)?)?;
    let total = last_i64(&uoffs, m)?;
    let it2 = index_dtype_for(it, total, &[m, n]);
    let indptr = Array::empty_on(&[m + 1], it2, dev)?;
    let indices = Array::empty_on(&[total], it2, dev)?;
    let out = Array::empty_on(&[total], r, dev)?;
    rows(
        it2,
        dptr(&uoffs),
        dptr(&indptr),
        dptr(&indices),
        dptr(&out),
        1,
    )?;
    Ok(Some(Compressed {
        data: out,
        indices: as_dtype(&indices, it)?,
        indptr: as_dtype(&indptr, it)?,
        shape: (m, n),
        canonical: true,
    }))
}

pub(crate) fn spgemm(
    o: usize,
    a: &Compressed,
    b: &Compressed,
    r: DType,
) -> Result<Compressed, SparseError> {
    let dev = Device::Cuda(o);
    let (m, k) = a.shape;
    let n = b.shape.1;
    let wide = if a.indices.dtype() == DType::Int64 || b.indices.dtype() == DType::Int64 {
        DType::Int64
    } else {
        DType::Int32
    };
    let (ad, bd) = (cc(&as_dtype(&a.data, r)?)?, cc(&as_dtype(&b.data, r)?)?);
    let (annz, bnnz) = (ad.size(), bd.size());
    // the index arrays in one width, contiguous, for every path below
    let (ai, ap) = (
        cc(&as_dtype(&a.indices, wide)?)?,
        cc(&as_dtype(&a.indptr, wide)?)?,
    );
    let (bi, bp) = (
        cc(&as_dtype(&b.indices, wide)?)?,
        cc(&as_dtype(&b.indptr, wide)?)?,
    );
    cusparse::set_last_spgemm(None);
    let forced = cusparse::forced_spgemm();
    if b.canonical
        && m > 0
        && matches!(forced, None | Some(Some(SpgemmAlg::RowMerge)))
        && knob("CUPRUM_SPGEMM") != Some("cusparse")
        && let Some(c) = spgemm_merge(o, (&ad, &ai, &ap), (&bd, &bi, &bp), (m, k, n), wide, r)?
    {
        cusparse::set_last_spgemm(Some(SpgemmAlg::RowMerge));
        return Ok(c);
    }
    if vendor_dtype(r)
        && a.canonical
        && b.canonical
        && wide == DType::Int32
        && annz > 0
        && bnnz > 0
        && annz < i32::MAX as usize
        && bnnz < i32::MAX as usize
        && let Ok(c) = cusparse::spgemm(o, (&ad, &ai, &ap), (&bd, &bi, &bp), (m, k, n), r)
    {
        // cuSPARSE's product of canonical operands is canonical; SciPy drops the entries
        // that cancel to zero: when none did (one reduction), the product is the answer
        if c.data.size() == 0
            || c.data
                .all(cuprum_core::Axes::All, false)?
                .to_vec::<bool>()?[0]
        {
            return Ok(Compressed {
                canonical: true,
                ..c
            });
        }
        let nnz = c.data.size();
        let rows = expand_rows(o, &c.indptr, m, nnz)?;
        return compress(
            o,
            rows,
            c.indices.astype(DType::Int64)?,
            c.data,
            (m, n),
            DType::Int32,
            false,
            true,
        )
        .map(|mut c| {
            c.canonical = true;
            c
        });
    }
    // expand - sort - compress
    let counts = Array::empty_on(&[m], DType::Int64, dev)?;
    let err = flag(o)?;
    if m > 0 {
        let f = func(o, "sp_gemm_count", r, wide, 1)?;
        launch!(&f, cfg(m as u64); &ap, &ai, &bp, &counts, m, k, annz, bnnz, &err)?;
    }
    check_flag("spgemm", &err, (m, k), 1).map_err(|e| refine(e, &ai))?;
    let offs = cuprum_core::cumsum(&counts, None)?;
    let total = if m == 0 { 0 } else { last_i64(&offs, m)? };
    let rows = Array::empty_on(&[total], DType::Int64, dev)?;
    let cols = Array::empty_on(&[total], DType::Int64, dev)?;
    let vals = Array::empty_on(&[total], r, dev)?;
    if total > 0 {
        let f = func(o, "sp_gemm_expand", r, wide, 1)?;
        launch!(&f, cfg(m as u64); &ap, &ai, &ad, &bp, &bi, &bd, &counts, &offs, &rows, &cols,
            &vals, m, k, n, annz, bnnz, &err)?;
        check_flag("spgemm", &err, (k, n), 1).map_err(|e| refine(e, &bi))?;
    }
    let perm = sort_pairs(o, &rows, &cols, m, n)?;
    let mut c = compress(
        o,
        take(&rows, &perm)?,
        take(&cols, &perm)?,
        take(&vals, &perm)?,
        (m, n),
        wide,
        true,
        true,
    )?;
    c.canonical = true;
    Ok(c)
}

/// `C = A B` by cuprum's row-merge kernel (`sp_gemm_merge`): row `i` of `C` is the merge of
/// the (sorted, duplicate-free: `B` canonical) rows of `B` that row `i` of `A` selects, summed
/// in `A`'s entry order with exact zeros dropped; one pass counts, one writes, nothing
/// intermediate is stored. `None` when a row of `A` has more than 8 entries or a row of `C`
/// more than 4096 products (thread-per-row merging would be slow there), or when the result
/// needs wider indices than the operands': the caller takes cuSPARSE or expand-sort-compress.
fn spgemm_merge(
    o: usize,
    (ad, ai, ap): (&Array, &Array, &Array),
    (bd, bi, bp): (&Array, &Array, &Array),
    (m, k, n): (usize, usize, usize),
    wide: DType,
    r: DType,
) -> Result<Option<Compressed>, SparseError> {
    let dev = Device::Cuda(o);
    let (annz, bnnz) = (ad.size(), bd.size());
    let f = func(o, "sp_gemm_merge", r, wide, 1)?;
    let counts = Array::empty_on(&[m], DType::Int64, dev)?;
    // flags[0]: a malformed operand (as `flag`), flags[1]: a row too long for the merge
    let flags = cuprum_core::zeros_on(&[2], DType::Int32, dev)?;
    let launch = |offs: u64, cp: u64, ci: u64, cd: u64, write: i64| {
        launch!(&f, cfg(m as u64); ap, ai, ad, bp, bi, bd, &counts, Arg::P(offs), Arg::P(cp),
            Arg::P(ci), Arg::P(cd), m, k, n, annz, bnnz, Arg::N(write), &flags,
            Arg::P(dptr(&flags) + 4))
    };
    launch(0, 0, 0, 0, 0)?;
    let fl = flags.to_vec::<i32>()?;
    if fl[0] == 3 {
        // a column index of B outside 0..n
        check_flag("spgemm", &flags, (k, n), 1).map_err(|e| refine(e, bi))?;
    } else if fl[0] != 0 {
        check_flag("spgemm", &flags, (m, k), 1).map_err(|e| refine(e, ai))?;
    }
    if fl[1] != 0 {
        return Ok(None);
    }
    let offs = cuprum_core::cumsum(&counts, None)?;
    let total = last_i64(&offs, m)?;
    if index_dtype_for(wide, total, &[m, n]) != wide {
        return Ok(None);
    }
    let indptr = Array::empty_on(&[m + 1], wide, dev)?;
    let indices = Array::empty_on(&[total], wide, dev)?;
    let data = Array::empty_on(&[total], r, dev)?;
    let offs = cc(&offs)?;
    launch(dptr(&offs), dptr(&indptr), dptr(&indices), dptr(&data), 1)?;
    Ok(Some(Compressed {
        data,
        indices,
        indptr,
        shape: (m, n),
        canonical: true,
    }))
}

/// cg's update without a preconditioner in one pass for contiguous 1-D float32/float64 vectors
/// of one CUDA device: with `alpha = rho / pq` (0-d device arrays of their dtype),
/// `x + alpha·p`, `r - alpha·q` (each step rounded as the unfused calls) and `r'·r'` of the new
/// residual (summed in float64 per block, the blocks in a fixed order: the same bits on every
/// run) for the next iteration; `None` when the operands do not fit (the caller updates with
/// [`axpy`] and takes a dot product).
///
/// # Errors
/// Allocation or launch errors.
///
/// With `state` (a float64 `[atol, iteration, info]` on the device), the update tests the new
/// residual as the host would (`√(r'·r')` NaN or infinite: info -10; `≤ atol`: info 0) and
/// records iteration `it + 1` and the info there; once recorded, later updates copy `x` and `r`
/// unchanged and leave `state` as it is.
#[allow(clippy::too_many_arguments)]
pub(crate) fn cg_step(
    rho: &Array,
    pq: &Array,
    p: &Array,
    q: &Array,
    x: &Array,
    r: &Array,
    state: Option<&Array>,
    it: usize,
) -> Result<Option<(Array, Array, Array)>, SparseError> {
    let Device::Cuda(o) = x.device() else {
        return Ok(None);
    };
    let dt = x.dtype();
    let ok = |v: &Array| v.device() == x.device() && v.dtype() == dt && v.is_c_contiguous();
    let vec = |v: &Array| ok(v) && v.ndim() == 1 && v.shape() == x.shape();
    let n = x.size();
    if !matches!(dt, DType::Float32 | DType::Float64)
        || n == 0
        || ![p, q, x, r].into_iter().all(vec)
        || ![rho, pq].into_iter().all(|s| ok(s) && s.ndim() == 0)
        || state.is_some_and(|s| {
            s.device() != x.device() || s.dtype() != DType::Float64 || s.shape() != [3]
        })
    {
        return Ok(None);
    }
    // a null state pointer: no test on the device
    let st = state.map_or(0, dptr);
    let dev = x.device();
    let nb = n.div_ceil(256).min(1024);
    let (xo, ro) = (
        Array::empty_on(&[n], dt, dev)?,
        Array::empty_on(&[n], dt, dev)?,
    );
    let partials = Array::empty_on(&[nb], DType::Float64, dev)?;
    let out = Array::empty_on(&[] as &[usize], dt, dev)?;
    let mut c = cfg(n as u64);
    c.grid.0 = nb as u32;
    launch!(&func(o, "sp_cg_step", dt, DType::Int32, 1)?, c; rho, pq, p, q, x, r, &xo, &ro,
        &partials, n, Arg::P(st))?;
    let mut c1 = cfg(1);
    c1.grid.0 = 1;
    launch!(&func(o, "sp_sum_partials", dt, DType::Int32, 1)?, c1; &partials, nb, &out,
        Arg::P(st), it)?;
    Ok(Some((xo, ro, out)))
}

/// `y ± (a / d)·x` in one pass for contiguous 1-D float32/float64 vectors of one CUDA device
/// (the iterative solvers' update), `a` a 0-d array of their dtype on that device or a host
/// value `av`, `d` an optional 0-d device divisor (`alpha = rho / (p·q)` without a kernel of its
/// own), `neg` for `y - (a / d)·x`; `None` when the operands do not fit (the caller divides,
/// multiplies and adds instead). Each step is rounded to the dtype, as the unfused calls.
///
/// # Errors
/// Allocation or launch errors.
pub(crate) fn axpy(
    a: Option<&Array>,
    av: f64,
    d: Option<&Array>,
    neg: bool,
    x: &Array,
    y: &Array,
) -> Result<Option<Array>, SparseError> {
    let Device::Cuda(o) = x.device() else {
        return Ok(None);
    };
    let dt = x.dtype();
    let ok = |v: &Array| v.device() == x.device() && v.dtype() == dt && v.is_c_contiguous();
    if !matches!(dt, DType::Float32 | DType::Float64)
        || x.ndim() != 1
        || y.shape() != x.shape()
        || !ok(x)
        || !ok(y)
        || a.is_some_and(|a| a.ndim() != 0 || !ok(a))
        || d.is_some_and(|d| d.ndim() != 0 || !ok(d))
    {
        return Ok(None);
    }
    let n = x.size();
    let out = Array::empty_on(&[n], dt, x.device())?;
    if n > 0 {
        let f = func(o, "sp_axpy", dt, DType::Int32, 1)?;
        launch!(&f, cfg(n as u64); Arg::P(a.map_or(0, dptr)), Arg::N(av.to_bits() as i64),
            Arg::P(d.map_or(0, dptr)), Arg::N(i64::from(neg)), x, y, &out, n)?;
    }
    Ok(Some(out))
}
