//! CUDA sampling of the distributions of [`super::dist2`]: `kernels/random2.cu` appended to
//! `kernels/random.cu` (whose rejection-sampler half, compiled with `DIST >= 4`, defines the
//! shared sub-stream, gamma, Poisson and binomial functions), compiled with `--fmad=false`.

use super::bitgen::BitGeneratorKind;
use super::dist2::Dist2;
use crate::cuda::nvrtc::{LaunchConfig, launch, static_function};
use crate::{Array, DType, Device, Error, Result};
use std::ffi::c_void;
use std::sync::OnceLock;

const RANDOM: &str = include_str!("../../../../kernels/random.cu");
const RANDOM2: &str = include_str!("../../../../kernels/random2.cu");

fn source() -> &'static str {
    static S: OnceLock<String> = OnceLock::new();
    S.get_or_init(|| format!("{}\n{}\n{}", crate::cuda::codegen::COMMON, RANDOM, RANDOM2))
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
    v.extend(super::cuda::bitgen_opt(kind));
    v
}

fn config(n: u64) -> LaunchConfig {
    let mut cfg = LaunchConfig::for_num_elems(n, 128);
    cfg.grid.0 = cfg.grid.0.min(132 * 64);
    cfg
}

/// Draws `d` on CUDA device `ordinal`: element `i` from the sub-stream of block `start + i`.
pub fn draw(
    ordinal: usize,
    shape: &[usize],
    dtype: DType,
    kind: BitGeneratorKind,
    seed: u64,
    start: u64,
    d: Dist2,
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
    opts.push(format!("-DDIST2={id}"));
    let opt_refs: Vec<&str> = opts.iter().map(|s| s.as_str()).collect();
    let f = static_function(ordinal, source(), "cuprum_random2", &opt_refs)?;
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
    // SAFETY: the eleven arguments match `cuprum_random2`'s parameters in kernels/random2.cu in
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
            let f = static_function(ordinal, source(), "cuprum_multinomial", &opt_refs)?;
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
            // SAFETY: the eight arguments match `cuprum_multinomial` in kernels/random2.cu in
            // order and type (i64* out, u64 rows, u32 k0/k1, u64 start, i64 n, const f64*
            // pvals, u64 k); `out` holds `rows * k` int64 and `pv` `k` float64, both alive
            // until after the launch, which is ordered on the current stream.
            unsafe { launch(&f, config(rows), None, &mut args) }?;
        }
        None => {
            let f = static_function(ordinal, source(), "cuprum_dirichlet", &opt_refs)?;
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
            // SAFETY: the eight arguments match `cuprum_dirichlet` in kernels/random2.cu in
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
