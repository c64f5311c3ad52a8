//! CUDA sampling: `kernels/random.cu`, the same formulas as [`super::dist`].

use super::bitgen::{BitGeneratorKind, GROUP_BLOCKS, LANES};
use super::dist::{self, Dist, Prec};
use crate::cuda::nvrtc::{LaunchConfig, launch, static_function};
use crate::{Array, DType, Device, Error, Result};
use std::ffi::c_void;
use std::sync::OnceLock;

const RANDOM: &str = include_str!("../../../../kernels/random.cu");

fn source() -> &'static str {
    static S: OnceLock<String> = OnceLock::new();
    S.get_or_init(|| format!("{}\n{}", crate::cuda::codegen::COMMON, RANDOM))
}

fn storage_type(dtype: DType) -> Result<&'static str> {
    if dtype.is_complex() {
        return Err(Error::dtype("random", dtype));
    }
    Ok(crate::cuda::codegen::storage_type(dtype))
}

/// The `-DBITGEN=` option of a non-Philox bit generator (none for Philox, whose kernels are
/// compiled exactly as before bit generators existed).
pub(crate) fn bitgen_opt(kind: BitGeneratorKind) -> Option<String> {
    match kind {
        BitGeneratorKind::Philox4x3210 => None,
        k => Some(format!("-DBITGEN={}", k.cuda_id())),
    }
}

/// Draws on CUDA device `ordinal` (see [`super::dist`] for the element-to-word mapping and
/// [`super::bitgen`] for the XORWOW/MRG32k3a block layout).
#[allow(clippy::too_many_arguments)]
pub fn draw(
    ordinal: usize,
    shape: &[usize],
    dtype: DType,
    kind: BitGeneratorKind,
    seed: u64,
    start: u64,
    d: Dist,
    prec: Prec,
) -> Result<Array> {
    let out = Array::empty_on(shape, dtype, Device::Cuda(ordinal))?;
    let mut n = out.size() as u64;
    if n == 0 {
        return Ok(out);
    }
    let (id, mut p0, mut p1, mut ilow, mut range) = match d {
        Dist::Uniform { low, high } => (0, low, high, 0i64, 0u64),
        Dist::Normal { loc, scale } => (1, loc, scale, 0, 0),
        Dist::Exponential { scale } => (2, scale, 0.0, 0, 0),
        Dist::Integers { low, range } => (3, 0.0, 0.0, low, range),
        Dist::Gamma { k, scale } => (4, k, scale, 0, 0),
        Dist::Beta { a, b } => (5, a, b, 0, 0),
        Dist::Poisson { lam } => (6, lam, 0.0, 0, 0),
        Dist::Binomial { n, p } => (7, p, 0.0, n, 0),
    };
    let pr = match prec {
        Prec::Single => 0,
        Prec::Double => 1,
        Prec::Int => 2,
    };
    let pb = dist::per_block(d, prec);
    let mut opts = vec![
        format!("-DDIST={id}"),
        format!("-DPREC={pr}"),
        format!("-DPER_BLOCK={pb}"),
        format!("-DOUT_T={}", storage_type(dtype)?),
        "-DKERNEL_NAME=cuprum_philox".to_string(),
    ];
    opts.extend(bitgen_opt(kind));
    if d.is_rejection() {
        // the rejection samplers use plain float64 operators: no multiply-add contraction, so
        // they round as the CPU code does
        opts.push("--fmad=false".to_string());
    }
    let opt_refs: Vec<&str> = opts.iter().map(|s| s.as_str()).collect();
    let f = static_function(ordinal, source(), "cuprum_philox", &opt_refs)?;
    let nblocks = n.div_ceil(pb);
    // rejection samplers: one thread per element, 128 threads per block (the loops diverge)
    let threads = if d.is_rejection() { 128 } else { 256 };
    // XORWOW/MRG32k3a ordinary draws: one thread per (group, lane) subsequence that the draw
    // touches (kernels/random.cu `BITGEN != 0`)
    let work = if kind != BitGeneratorKind::Philox4x3210 && !d.is_rejection() {
        let (g0, g1) = (start / GROUP_BLOCKS, (start + nblocks - 1) / GROUP_BLOCKS);
        (g1 - g0 + 1) * LANES
    } else {
        nblocks
    };
    let mut cfg = LaunchConfig::for_num_elems(work, threads);
    cfg.grid.0 = cfg.grid.0.min(132 * 64);
    let mut ptr = out.device_ptr().unwrap_or(0);
    let (mut k0, mut k1) = (seed as u32, (seed >> 32) as u32);
    let mut st = start;
    let mut args: [*mut c_void; 9] = [
        (&mut ptr as *mut u64).cast(),
        (&mut n as *mut u64).cast(),
        (&mut k0 as *mut u32).cast(),
        (&mut k1 as *mut u32).cast(),
        (&mut st as *mut u64).cast(),
        (&mut p0 as *mut f64).cast(),
        (&mut p1 as *mut f64).cast(),
        (&mut ilow as *mut i64).cast(),
        (&mut range as *mut u64).cast(),
    ];
    // SAFETY: the nine arguments match `KERNEL_NAME`'s parameters in kernels/random.cu in order
    // and type (OUT_T* as a u64 device pointer, u64 n, u32 k0/k1, u64 start, f64 p0/p1, i64
    // ilow, u64 range); `out` holds exactly `n` elements of OUT_T and stays alive (owned here)
    // until the launch, which is ordered on the current stream before any later use.
    unsafe { launch(&f, cfg, None, &mut args) }?;
    Ok(out)
}
