//! CUDA sampling: `kernels/random.cu`, the same formulas as [`super::dist`].

use super::bitgen::{BitGeneratorKind, GROUP_BLOCKS, LANES};
use super::dist::per_element::ElementDist;
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

const RANDOM_DIST: &str = include_str!("../../../../kernels/random_dist.cu");

/// The source of the per-element distributions ([`super::dist::per_element`]):
/// `kernels/random_dist.cu` appended to `kernels/random.cu` (whose rejection-sampler half,
/// compiled with `DIST >= 4`, defines the shared sub-stream, gamma, Poisson and binomial
/// functions), compiled with `--fmad=false`.
fn dist_source() -> &'static str {
    static S: OnceLock<String> = OnceLock::new();
    S.get_or_init(|| {
        format!(
            "{}\n{}\n{}",
            crate::cuda::codegen::COMMON,
            RANDOM,
            RANDOM_DIST
        )
    })
}

/// Options shared by every kernel of the source: random.cu's rejection half (`DIST=8`, its own
/// kernel renamed out of the way), the output type, no multiply-add contraction, the bit
/// generator (no option for Philox).
fn base_opts(out_t: &str, kind: BitGeneratorKind) -> Vec<String> {
    let mut v = vec![
        "-DDIST=8".to_string(),
        format!("-DOUT_T={out_t}"),
        "-DKERNEL_NAME=cuprum_philox_unused".to_string(),
        "--fmad=false".to_string(),
    ];
    v.extend(bitgen_opt(kind));
    v
}

fn config(n: u64) -> LaunchConfig {
    let mut cfg = LaunchConfig::for_num_elems(n, 128);
    cfg.grid.0 = cfg.grid.0.min(132 * 64);
    cfg
}

/// Draws `d` on CUDA device `ordinal`: element `i` from the sub-stream of block `start + i`.
pub fn draw_per_element(
    ordinal: usize,
    shape: &[usize],
    dtype: DType,
    kind: BitGeneratorKind,
    seed: u64,
    start: u64,
    d: ElementDist,
) -> Result<Array> {
    if dtype.is_complex() {
        return Err(Error::dtype("random", dtype));
    }
    let out = Array::empty_on(shape, dtype, Device::Cuda(ordinal))?;
    let mut n = out.size() as u64;
    if n == 0 {
        return Ok(out);
    }
    let (id, [mut p0, mut p1, mut p2], [mut i0, mut i1, mut i2]) = d.kernel_args();
    let mut opts = base_opts(crate::cuda::codegen::storage_type(dtype), kind);
    opts.push(format!("-DELEMENT_DIST={id}"));
    let opt_refs: Vec<&str> = opts.iter().map(|s| s.as_str()).collect();
    let f = static_function(
        ordinal,
        dist_source(),
        "cuprum_random_per_element",
        &opt_refs,
    )?;
    let mut ptr = out.device_ptr().unwrap_or(0);
    let (mut k0, mut k1) = (seed as u32, (seed >> 32) as u32);
    let mut st = start;
    let mut args: [*mut c_void; 11] = [
        (&mut ptr as *mut u64).cast(),
        (&mut n as *mut u64).cast(),
        (&mut k0 as *mut u32).cast(),
        (&mut k1 as *mut u32).cast(),
        (&mut st as *mut u64).cast(),
        (&mut p0 as *mut f64).cast(),
        (&mut p1 as *mut f64).cast(),
        (&mut p2 as *mut f64).cast(),
        (&mut i0 as *mut i64).cast(),
        (&mut i1 as *mut i64).cast(),
        (&mut i2 as *mut i64).cast(),
    ];
    // SAFETY: the eleven arguments match `cuprum_random_per_element`'s parameters in kernels/random_dist.cu in
    // order and type (OUT_T* as a u64 device pointer, u64 n, u32 k0/k1, u64 start, f64
    // p0/p1/p2, i64 i0/i1/i2); `out` holds exactly `n` elements of OUT_T and is owned here until
    // the launch, which is ordered on the current stream before any later use.
    unsafe { launch(&f, config(n), None, &mut args) }?;
    Ok(out)
}

/// `multinomial` rows (`rows × k` int64) or `dirichlet` rows (`rows × k` float64) on CUDA device
/// `ordinal`: row `r` from the sub-stream of block `start + r`. `params` are the pvals or the
/// alphas; `n` the trials (multinomial); `stick` selects dirichlet's stick-breaking.
#[allow(clippy::too_many_arguments)]
pub fn draw_rows(
    ordinal: usize,
    shape: &[usize],
    kind: BitGeneratorKind,
    seed: u64,
    start: u64,
    params: &[f64],
    multinomial: Option<i64>,
    stick: bool,
) -> Result<Array> {
    let dev = Device::Cuda(ordinal);
    let dtype = if multinomial.is_some() {
        DType::Int64
    } else {
        DType::Float64
    };
    let out = Array::empty_on(shape, dtype, dev)?;
    let mut k = params.len() as u64;
    if out.size() == 0 || k == 0 {
        return Ok(out);
    }
    let mut rows = out.size() as u64 / k;
    let pv = Array::from_vec_on(params.to_vec(), &[params.len()], dev)?;
    let opts = base_opts(crate::cuda::codegen::storage_type(dtype), kind);
    let opt_refs: Vec<&str> = opts.iter().map(|s| s.as_str()).collect();
    let mut ptr = out.device_ptr().unwrap_or(0);
    let mut pptr = pv.device_ptr().unwrap_or(0);
    let (mut k0, mut k1) = (seed as u32, (seed >> 32) as u32);
    let mut st = start;
    match multinomial {
        Some(mut n) => {
            let f = static_function(ordinal, dist_source(), "cuprum_multinomial", &opt_refs)?;
            let mut args: [*mut c_void; 8] = [
                (&mut ptr as *mut u64).cast(),
                (&mut rows as *mut u64).cast(),
                (&mut k0 as *mut u32).cast(),
                (&mut k1 as *mut u32).cast(),
                (&mut st as *mut u64).cast(),
                (&mut n as *mut i64).cast(),
                (&mut pptr as *mut u64).cast(),
                (&mut k as *mut u64).cast(),
            ];
            // SAFETY: the eight arguments match `cuprum_multinomial` in kernels/random_dist.cu in
            // order and type (i64* out, u64 rows, u32 k0/k1, u64 start, i64 n, const f64*
            // pvals, u64 k); `out` holds `rows * k` int64 and `pv` `k` float64, both alive
            // until after the launch, which is ordered on the current stream.
            unsafe { launch(&f, config(rows), None, &mut args) }?;
        }
        None => {
            let f = static_function(ordinal, dist_source(), "cuprum_dirichlet", &opt_refs)?;
            let mut stk = stick as i32;
            let mut args: [*mut c_void; 8] = [
                (&mut ptr as *mut u64).cast(),
                (&mut rows as *mut u64).cast(),
                (&mut k0 as *mut u32).cast(),
                (&mut k1 as *mut u32).cast(),
                (&mut st as *mut u64).cast(),
                (&mut pptr as *mut u64).cast(),
                (&mut k as *mut u64).cast(),
                (&mut stk as *mut i32).cast(),
            ];
            // SAFETY: the eight arguments match `cuprum_dirichlet` in kernels/random_dist.cu in
            // order and type (f64* out, u64 rows, u32 k0/k1, u64 start, const f64* alpha, u64
            // k, int stick); `out` holds `rows * k` float64 and `pv` `k` float64, both alive
            // until after the launch, which is ordered on the current stream.
            unsafe { launch(&f, config(rows), None, &mut args) }?;
        }
    }
    // `pv` must outlive the kernel: the stream orders its free after the launch (the caching
    // allocator frees on the stream), but synchronize before dropping to be safe.
    crate::cuda::get_current_stream(ordinal)?.synchronize()?;
    drop(pv);
    Ok(out)
}
