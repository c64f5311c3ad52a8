//! CUDA gather/scatter kernels for advanced indexing (`kernels/indexing.cu`).

use crate::cuda::nvrtc::{LaunchConfig, launch, static_function};
use crate::storage::Storage;
use crate::{Array, DType, Error, Result};
use std::ffi::c_void;
use std::sync::OnceLock;

const SRC: &str = include_str!("../../../../kernels/indexing.cu");

fn source() -> &'static str {
    static S: OnceLock<String> = OnceLock::new();
    S.get_or_init(|| format!("{}\n{}", crate::cuda::codegen::COMMON, SRC))
}

fn elem(dtype: DType) -> &'static str {
    match dtype.itemsize() {
        1 => "-DELEM=u8",
        2 => "-DELEM=u16",
        4 => "-DELEM=u32",
        8 => "-DELEM=u64",
        _ => "-DELEM=e16",
    }
}

fn run(
    op: &'static str,
    kernel: &str,
    ordinal: usize,
    opts: &[&str],
    mut a: u64,
    mut b: u64,
    pos: &Array,
) -> Result<()> {
    let mut n = pos.size() as u64;
    if n == 0 {
        return Ok(());
    }
    let mut p = pos
        .device_ptr()
        .ok_or_else(|| Error::unsupported(op, "positions must be on the device"))?;
    let f = static_function(ordinal, source(), kernel, opts)?;
    let mut cfg = LaunchConfig::for_num_elems(n, 256);
    cfg.grid.0 = cfg.grid.0.min(132 * 32);
    let mut args: [*mut c_void; 4] = [
        (&mut a as *mut u64).cast(),
        (&mut b as *mut u64).cast(),
        (&mut p as *mut u64).cast(),
        (&mut n as *mut u64).cast(),
    ];
    // SAFETY: arguments match (ELEM*, ELEM*, const long long*, unsigned long long n) of both
    // kernels; `pos` holds n int64 positions, each checked on the host to lie inside the
    // indexed buffer, and the value/destination buffers hold n elements (callers allocate
    // them with pos's shape); all buffers outlive the stream-ordered launch.
    unsafe { launch(&f, cfg, None, &mut args) }
}

/// CUDA [`super::prim::gather`].
pub fn gather(src: &Storage, dtype: DType, pos: &Array, dst: &Array) -> Result<()> {
    let (Storage::Cuda(s), Some(d)) = (src, dst.device_ptr()) else {
        return Err(Error::unsupported(
            "gather",
            "CUDA gather needs device buffers",
        ));
    };
    run(
        "gather",
        "cuprum_gather",
        s.ordinal(),
        &[elem(dtype), "-DACC=0"],
        s.device_ptr(),
        d,
        pos,
    )
}

/// CUDA [`super::prim::scatter`]; accumulation supports float32/64, complex64/128 and 32/64-bit
/// integers (atomics).
pub fn scatter(
    dst: &Storage,
    dtype: DType,
    pos: &Array,
    values: &Array,
    accumulate: bool,
) -> Result<()> {
    let (Storage::Cuda(s), Some(v)) = (dst, values.device_ptr()) else {
        return Err(Error::unsupported(
            "scatter",
            "CUDA scatter needs device buffers",
        ));
    };
    let acc = if !accumulate {
        "-DACC=0"
    } else {
        match dtype {
            DType::Float32 => "-DACC=1",
            DType::Float64 => "-DACC=2",
            DType::Int32 | DType::UInt32 => "-DACC=3",
            DType::Int64 | DType::UInt64 => "-DACC=4",
            DType::Complex64 => "-DACC=5",
            DType::Complex128 => "-DACC=6",
            d => {
                return Err(Error::DType {
                    op: "add.at",
                    dtype: d,
                    detail: ": no CUDA atomic add for this dtype".into(),
                });
            }
        }
    };
    run(
        "scatter",
        "cuprum_scatter",
        s.ordinal(),
        &[elem(dtype), acc],
        s.device_ptr(),
        v,
        pos,
    )
}

/// Most source axes on either side of the index block, and most advanced indices, that
/// [`positions`] takes (the kernel's fixed arrays); beyond them the caller computes positions
/// on the host.
const POS_MAXD: usize = 16;

/// The kernel argument of `cuprum_positions` (`kernels/indexing.cu`): every field 8 bytes, in
/// the order of the C struct, so the layouts agree without padding.
#[repr(C)]
#[derive(Clone, Copy)]
struct PosArgs {
    base: i64,
    n1: i64,
    n2: i64,
    r2size: i64,
    bsize: i64,
    nadv: i64,
    mode: i64,
    shape1: [i64; POS_MAXD],
    stride1: [i64; POS_MAXD],
    shape2: [i64; POS_MAXD],
    stride2: [i64; POS_MAXD],
    len: [i64; POS_MAXD],
    astride: [i64; POS_MAXD],
    idx: [u64; POS_MAXD],
}

fn launch_cfg(n: u64) -> LaunchConfig {
    let mut cfg = LaunchConfig::for_num_elems(n.max(1), 256);
    cfg.grid.0 = cfg.grid.0.min(132 * 32);
    cfg
}

fn read_i64(a: &Array, k: usize) -> Result<i64> {
    let s = a
        .storage()
        .as_cuda()
        .ok_or_else(|| Error::unsupported("nonzero", "expected a CUDA array"))?;
    let b = crate::cuda::memory::to_host(s, (a.offset() + k) * 8, 8)?;
    let mut w = [0u8; 8];
    w.copy_from_slice(&b);
    Ok(i64::from_le_bytes(w))
}

/// [`super::prim::positions`] on the device: the buffer position of every element of an
/// advanced-indexing result, computed by one kernel from the index arrays where they are (no
/// copy through the host). In raise mode one small read-back (a sync) checks the bounds and
/// names the first offending index, as the host path does. `None` when the source has more
/// axes or indices than the kernel takes.
#[allow(clippy::too_many_arguments)]
pub fn positions(
    op: &'static str,
    ordinal: usize,
    src: &crate::Layout,
    adv: &[super::prim::AdvIndex],
    bshape: &[usize],
    rest: &[usize],
    insert_at: usize,
    out_shape: &[usize],
    mode: super::prim::IndexMode,
) -> Result<Option<Array>> {
    use super::prim::IndexMode;
    let (before, after) = rest.split_at(insert_at);
    if before.len() > POS_MAXD || after.len() > POS_MAXD || adv.len() > POS_MAXD {
        return Ok(None);
    }
    let dev = crate::Device::Cuda(ordinal);
    let bsize: usize = bshape.iter().product();
    let n = crate::layout::checked_size(op, out_shape, 8)?;
    // every index array as bsize contiguous int64 values on this device
    let idx: Vec<Array> = adv
        .iter()
        .map(|a| a.index.to_device(dev)?.as_c_contiguous())
        .collect::<Result<_>>()?;
    for a in adv {
        if src.shape[a.axis] == 0 && bsize > 0 && mode != IndexMode::Raise {
            return Err(Error::IndexOutOfBounds {
                op,
                index: 0,
                axis: a.axis,
                size: 0,
            });
        }
    }
    let out = Array::empty_on(out_shape, DType::Int64, dev)?;
    if n == 0 {
        return Ok(Some(out));
    }
    let mut args = PosArgs {
        base: src.offset as i64,
        n1: before.len() as i64,
        n2: after.len() as i64,
        r2size: after.iter().map(|&d| src.shape[d] as i64).product(),
        bsize: bsize as i64,
        nadv: adv.len() as i64,
        mode: match mode {
            IndexMode::Raise => 0,
            IndexMode::Wrap => 1,
            IndexMode::Clip => 2,
        },
        shape1: [1; POS_MAXD],
        stride1: [0; POS_MAXD],
        shape2: [1; POS_MAXD],
        stride2: [0; POS_MAXD],
        len: [0; POS_MAXD],
        astride: [0; POS_MAXD],
        idx: [0; POS_MAXD],
    };
    for (k, &d) in before.iter().enumerate() {
        args.shape1[k] = src.shape[d] as i64;
        args.stride1[k] = src.strides[d] as i64;
    }
    for (k, &d) in after.iter().enumerate() {
        args.shape2[k] = src.shape[d] as i64;
        args.stride2[k] = src.strides[d] as i64;
    }
    for (k, (a, ix)) in adv.iter().zip(&idx).enumerate() {
        args.len[k] = src.shape[a.axis] as i64;
        args.astride[k] = src.strides[a.axis] as i64;
        args.idx[k] = ix
            .device_ptr()
            .ok_or_else(|| Error::unsupported(op, "index arrays must be on the device"))?;
    }
    let bad = if mode == IndexMode::Raise {
        Some(Array::from_vec_on(
            vec![u64::MAX; adv.len().max(1)],
            &[adv.len().max(1)],
            dev,
        )?)
    } else {
        None
    };
    let mut out_p = out
        .device_ptr()
        .ok_or_else(|| Error::unsupported(op, "positions must be on the device"))?;
    let mut bad_p = bad.as_ref().and_then(|b| b.device_ptr()).unwrap_or(0);
    let mut nn = n as u64;
    let f = static_function(
        ordinal,
        source(),
        "cuprum_positions",
        &["-DELEM=u8", "-DACC=0"],
    )?;
    let mut kargs: [*mut c_void; 4] = [
        (&mut args as *mut PosArgs).cast(),
        (&mut out_p as *mut u64).cast(),
        (&mut nn as *mut u64).cast(),
        (&mut bad_p as *mut u64).cast(),
    ];
    // SAFETY: the arguments match `cuprum_positions(PosArgs, long long*, unsigned long long,
    // unsigned long long*)`: `PosArgs` is repr(C) with the C struct's fields in order (all
    // 8 bytes); its index pointers are C-contiguous int64 arrays of `bsize` elements kept
    // alive by `idx` until the stream-ordered launch has been queued (their frees are ordered
    // after it); `out` holds n int64 values and `bad` (raise mode only) one u64 per index;
    // every index read is at a block position < bsize and every shape entry used is >= 1.
    unsafe { launch(&f, launch_cfg(n as u64), None, &mut kargs)? };
    if let Some(b) = bad {
        let firsts = b.to_vec::<u64>()?;
        for (k, &at) in firsts.iter().enumerate().take(adv.len()) {
            if at != u64::MAX {
                return Err(Error::IndexOutOfBounds {
                    op,
                    index: read_i64(&idx[k], at as usize)?,
                    axis: adv[k].axis,
                    size: src.shape[adv[k].axis],
                });
            }
        }
    }
    Ok(Some(out))
}

/// The multi-indices (C order) of the nonzero elements of a CUDA array, one int64 array per
/// axis (`numpy.nonzero`), computed on the device: the array as bool, an int64 running sum
/// (its last value, read back, sizes the result: the one sync), a compaction kernel writing
/// the flat indices, and one kernel per axis unravelling them.
pub fn nonzero(a: &Array, ordinal: usize) -> Result<Vec<Array>> {
    let dev = crate::Device::Cuda(ordinal);
    let mask = a.astype(DType::Bool)?.as_c_contiguous()?;
    let n = mask.size();
    let flat_mask = mask.reshape(&[n])?;
    let flat = if n == 0 {
        Array::empty_on(&[0], DType::Int64, dev)?
    } else {
        let csum = crate::reduce::cumsum_dtype(&flat_mask, None, Some(DType::Int64))?;
        let total = usize::try_from(read_i64(&csum, n - 1)?).unwrap_or(0);
        let flat = Array::empty_on(&[total], DType::Int64, dev)?;
        if total > 0 {
            let f = static_function(
                ordinal,
                source(),
                "cuprum_compact",
                &["-DELEM=u8", "-DACC=0"],
            )?;
            let (mut m, mut c, mut o, mut nn) = (
                flat_mask.device_ptr().unwrap_or(0),
                csum.device_ptr().unwrap_or(0),
                flat.device_ptr().unwrap_or(0),
                n as u64,
            );
            let mut kargs: [*mut c_void; 4] = [
                (&mut m as *mut u64).cast(),
                (&mut c as *mut u64).cast(),
                (&mut o as *mut u64).cast(),
                (&mut nn as *mut u64).cast(),
            ];
            // SAFETY: `cuprum_compact(const u8*, const long long*, long long*, unsigned long
            // long)`: mask and csum hold n contiguous values, and csum[i] - 1 < total for every
            // set mask[i] (csum is the running count of set entries), the size of `flat`.
            unsafe { launch(&f, launch_cfg(n as u64), None, &mut kargs)? };
        }
        flat
    };
    unravel(flat, a.shape(), ordinal)
}

fn unravel(flat: Array, shape: &[usize], ordinal: usize) -> Result<Vec<Array>> {
    if shape.len() <= 1 {
        return Ok(vec![flat]);
    }
    let dev = crate::Device::Cuda(ordinal);
    let total = flat.size();
    let strides = crate::layout::c_strides(shape);
    let mut out = Vec::with_capacity(shape.len());
    for (d, &len) in shape.iter().enumerate() {
        let o = Array::empty_on(&[total], DType::Int64, dev)?;
        if total > 0 {
            let f = static_function(
                ordinal,
                source(),
                "cuprum_unravel",
                &["-DELEM=u8", "-DACC=0"],
            )?;
            let (mut fp, mut op, mut nn, mut st, mut sh) = (
                flat.device_ptr().unwrap_or(0),
                o.device_ptr().unwrap_or(0),
                total as u64,
                strides[d] as i64,
                len as i64,
            );
            let mut kargs: [*mut c_void; 5] = [
                (&mut fp as *mut u64).cast(),
                (&mut op as *mut u64).cast(),
                (&mut nn as *mut u64).cast(),
                (&mut st as *mut i64).cast(),
                (&mut sh as *mut i64).cast(),
            ];
            // SAFETY: `cuprum_unravel(const long long*, long long*, unsigned long long, long
            // long, long long)`: both buffers hold `total` int64 values; stride and shape are
            // >= 1 (a nonzero element exists, so no axis is empty).
            unsafe { launch(&f, launch_cfg(total as u64), None, &mut kargs)? };
        }
        out.push(o);
    }
    Ok(out)
}
