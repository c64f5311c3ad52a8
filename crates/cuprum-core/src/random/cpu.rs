//! CPU sampling: rayon-parallel over Philox blocks.

use super::bitgen::{self, BitGeneratorKind, GROUP_BLOCKS};
use super::dist::{self, Dist, Prec, Sample};
use super::philox;
use crate::DType;
use rayon::prelude::*;

fn put(dtype: DType, s: Sample, out: &mut [u8]) {
    macro_rules! w {
        ($v:expr) => {
            out.copy_from_slice(&$v.to_ne_bytes())
        };
    }
    let f = |s: Sample| match s {
        Sample::F32(x) => x as f64,
        Sample::F64(x) => x,
        Sample::I64(i) => i as f64,
    };
    let f32v = |s: Sample| match s {
        Sample::F32(x) => x,
        Sample::F64(x) => x as f32,
        Sample::I64(i) => i as f32,
    };
    let i = |s: Sample| match s {
        Sample::I64(i) => i,
        other => f(other) as i64,
    };
    match dtype {
        DType::Bool => out[0] = (i(s) != 0) as u8,
        DType::Int8 => w!(i(s) as i8),
        DType::Int16 => w!(i(s) as i16),
        DType::Int32 => w!(i(s) as i32),
        DType::Int64 => w!(i(s)),
        DType::UInt8 => w!(i(s) as u8),
        DType::UInt16 => w!(i(s) as u16),
        DType::UInt32 => w!(i(s) as u32),
        DType::UInt64 => w!(i(s) as u64),
        DType::Float16 => w!(half::f16::from_f32(f32v(s)).to_bits()),
        DType::BFloat16 => w!(half::bf16::from_f32(f32v(s)).to_bits()),
        DType::Float32 => w!(f32v(s)),
        DType::Float64 => w!(f(s)),
        DType::Complex64 => {
            out[..4].copy_from_slice(&f32v(s).to_ne_bytes());
            out[4..].fill(0);
        }
        DType::Complex128 => {
            out[..8].copy_from_slice(&f(s).to_ne_bytes());
            out[8..].fill(0);
        }
    }
}

/// Fills `out` (C-contiguous bytes of `dtype`, `n` elements) with element `0..n` of the draw
/// of bit generator `kind` (see `random/bitgen.rs` for how XORWOW and MRG32k3a lay out blocks).
#[allow(clippy::too_many_arguments)]
pub fn fill_with(
    out: &mut [u8],
    dtype: DType,
    kind: BitGeneratorKind,
    seed: u64,
    start: u64,
    d: Dist,
    prec: Prec,
) {
    if kind == BitGeneratorKind::Philox4x3210 {
        return fill(out, dtype, seed, start, d, prec);
    }
    let isz = dtype.itemsize();
    if d.is_rejection() {
        out.par_chunks_mut(isz * 256)
            .enumerate()
            .for_each(|(ci, chunk)| {
                for (j, e) in chunk.chunks_mut(isz).enumerate() {
                    let b = start + (ci * 256 + j) as u64;
                    let mut s = dist::SubStream::with_kind(kind, seed, b);
                    put(dtype, dist::reject(d, &mut s), e);
                }
            });
        return;
    }
    let pb = dist::per_block(d, prec) as usize;
    let n = out.len() / isz;
    if n == 0 {
        return;
    }
    let end = start + (n as u64).div_ceil(pb as u64);
    // split the output at group boundaries: one task per group of GROUP_BLOCKS blocks
    let mut tasks = Vec::new();
    let mut rest = out;
    let mut lo = start;
    while lo < end {
        let hi = ((lo / GROUP_BLOCKS + 1) * GROUP_BLOCKS).min(end);
        let bytes = (((hi - lo) as usize) * pb * isz).min(rest.len());
        let (head, tail) = rest.split_at_mut(bytes);
        tasks.push((lo, hi, head));
        rest = tail;
        lo = hi;
    }
    tasks.into_par_iter().for_each(|(lo, hi, chunk)| {
        let mut words = vec![[0u32; 4]; (hi - lo) as usize];
        bitgen::group_words(kind, seed, lo, hi, &mut words);
        for (w, blk) in words.iter().zip(chunk.chunks_mut(isz * pb)) {
            for (slot, e) in blk.chunks_mut(isz).enumerate() {
                // `sample` reads only `w` for the non-rejection distributions
                put(dtype, dist::sample(d, prec, seed, 0, w, slot), e);
            }
        }
    });
}

/// Fills `out` (C-contiguous bytes of `dtype`, `n` elements) with element `0..n` of the
/// Philox draw.
pub fn fill(out: &mut [u8], dtype: DType, seed: u64, start: u64, d: Dist, prec: Prec) {
    let isz = dtype.itemsize();
    let pb = dist::per_block(d, prec) as usize;
    out.par_chunks_mut(isz * pb * 1024)
        .enumerate()
        .for_each(|(ci, chunk)| {
            let first_block = start + (ci * 1024) as u64;
            for (bi, blk) in chunk.chunks_mut(isz * pb).enumerate() {
                let b = first_block + bi as u64;
                if d.is_rejection() {
                    let mut s = dist::SubStream::new(seed, b);
                    put(dtype, dist::reject(d, &mut s), blk);
                    continue;
                }
                let w = philox::block(seed, b);
                for (slot, e) in blk.chunks_mut(isz).enumerate() {
                    put(dtype, dist::sample(d, prec, seed, b, &w, slot), e);
                }
            }
        });
}

/// `(sin x, cos x)` in one call of glibc's `sincos` (one argument reduction for both; the same
/// bits as its `sin` and `cos`, which the per-element model calls, as the fast-path test
/// checks), `f64::sin_cos` elsewhere. Box–Muller's trigonometry is most of a normal draw's time.
#[inline]
fn sin_cos(x: f64) -> (f64, f64) {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    {
        unsafe extern "C" {
            fn sincos(x: f64, s: *mut f64, c: *mut f64);
        }
        let (mut s, mut c) = (0.0, 0.0);
        // SAFETY: glibc's `sincos` writes one f64 through each valid, exclusive pointer.
        unsafe { sincos(x, &mut s, &mut c) };
        (s, c)
    }
    #[cfg(not(all(target_os = "linux", target_env = "gnu")))]
    {
        x.sin_cos()
    }
}

/// Blocks per rayon task of the typed fast paths.
const TASK_BLOCKS: usize = 4096;
/// Blocks computed together (lane-wise Philox that the compiler vectorizes).
const LANES: usize = 8;

/// Fills `out` (element `i` of the draw at `out[i]`) with `per_block` values of each Philox
/// block `start + i / per_block`, `emit(words, slot)` giving the value of one slot: the same
/// function of the words as [`dist::sample`], written per dtype so the inner loop has no
/// dispatch. Blocks go [`LANES`] at a time through [`philox::block_lanes`].
fn fill_typed<T: Send + Copy>(
    out: &mut [T],
    seed: u64,
    start: u64,
    per_block: usize,
    emit: impl Fn(&[u32; 4], &mut [T]) + Sync,
) {
    let task = TASK_BLOCKS * per_block;
    #[cfg(target_arch = "x86_64")]
    let avx2 = std::arch::is_x86_feature_detected!("avx2");
    out.par_chunks_mut(task)
        .enumerate()
        .for_each(|(ci, chunk)| {
            let first = start + (ci * TASK_BLOCKS) as u64;
            #[cfg(target_arch = "x86_64")]
            if avx2 {
                // SAFETY: the CPU supports AVX2 (checked above).
                unsafe { fill_chunk_avx2(chunk, seed, first, per_block, &emit) };
                return;
            }
            fill_chunk(chunk, seed, first, per_block, &emit);
        });
}

/// One task of [`fill_typed`]: the blocks from `first` on, [`LANES`] at a time.
#[inline(always)]
fn fill_chunk<T>(
    chunk: &mut [T],
    seed: u64,
    first: u64,
    per_block: usize,
    emit: &impl Fn(&[u32; 4], &mut [T]),
) {
    for (g, grp) in chunk.chunks_mut(LANES * per_block).enumerate() {
        let ws = philox::block_lanes::<LANES>(seed, first + (g * LANES) as u64);
        for (w, vals) in ws.iter().zip(grp.chunks_mut(per_block)) {
            emit(w, vals);
        }
    }
}

/// [`fill_chunk`] compiled for AVX2: the eight lanes of Philox's 32 x 32 -> 64-bit products
/// and the conversions of `emit` in 256-bit registers (the baseline x86-64 target has only
/// SSE2). On the 2-core CI machine (AMD EPYC) uniform float64 of 2^24 values took 88 ms
/// without it and 34 ms with it (NumPy: 43 ms).
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn fill_chunk_avx2<T>(
    chunk: &mut [T],
    seed: u64,
    first: u64,
    per_block: usize,
    emit: &impl Fn(&[u32; 4], &mut [T]),
) {
    fill_chunk(chunk, seed, first, per_block, emit)
}

/// The typed fast paths for the common draws (uniform, normal and exponential floats, integer
/// ranges up to 2^32), bit-identical to the per-element [`dist::sample`]; `false` when `d` and
/// `dtype` have none (the caller then runs [`fill`]). `out` must be 8-byte aligned.
pub fn fill_fast(out: &mut [u8], dtype: DType, seed: u64, start: u64, d: Dist, prec: Prec) -> bool {
    use dist::{P24, P32, P53, TWO_PI, u53};
    macro_rules! typed {
        ($t:ty) => {
            match bytemuck::try_cast_slice_mut::<u8, $t>(out) {
                Ok(s) => s,
                Err(_) => return false,
            }
        };
    }
    match (d, prec, dtype) {
        (Dist::Uniform { low, high }, Prec::Single, DType::Float32) => {
            let (lo, hi) = (low as f32, high as f32);
            let span = hi - lo;
            fill_typed(typed!(f32), seed, start, 4, |w, o| {
                for (o, &x) in o.iter_mut().zip(w) {
                    *o = lo + ((x >> 8) as f32 * P24) * span;
                }
            });
        }
        (Dist::Uniform { low, high }, Prec::Double, DType::Float64) => {
            let span = high - low;
            fill_typed(typed!(f64), seed, start, 2, |w, o| {
                for (k, o) in o.iter_mut().enumerate() {
                    *o = low + u53(w[2 * k], w[2 * k + 1]) * span;
                }
            });
        }
        (Dist::Normal { loc, scale }, Prec::Single, DType::Float32) => {
            fill_typed(typed!(f32), seed, start, 4, |w, o| {
                for (p, o) in o.chunks_mut(2).enumerate() {
                    let u1 = (w[2 * p] as f64 + 1.0) * P32;
                    let u2 = w[2 * p + 1] as f64 * P32;
                    let r = (-2.0 * u1.ln()).sqrt();
                    let (s, c) = sin_cos(TWO_PI * u2);
                    o[0] = (loc + scale * (r * c)) as f32;
                    if let Some(o1) = o.get_mut(1) {
                        *o1 = (loc + scale * (r * s)) as f32;
                    }
                }
            });
        }
        (Dist::Normal { loc, scale }, Prec::Double, DType::Float64) => {
            fill_typed(typed!(f64), seed, start, 2, |w, o| {
                let u1 = u53(w[0], w[1]) + P53;
                let u2 = u53(w[2], w[3]);
                let r = (-2.0 * u1.ln()).sqrt();
                let (s, c) = sin_cos(TWO_PI * u2);
                o[0] = loc + scale * (r * c);
                if let Some(o1) = o.get_mut(1) {
                    *o1 = loc + scale * (r * s);
                }
            });
        }
        (Dist::Integers { low, range }, _, _) if range <= 1u64 << 32 => {
            let v = move |x: u32| low.wrapping_add(((x as u64 * range) >> 32) as i64);
            macro_rules! ints {
                ($t:ty) => {
                    fill_typed(typed!($t), seed, start, 4, |w, o| {
                        for (o, &x) in o.iter_mut().zip(w) {
                            *o = v(x) as $t;
                        }
                    })
                };
            }
            match dtype {
                DType::Int64 => ints!(i64),
                DType::Int32 => ints!(i32),
                DType::Int16 => ints!(i16),
                DType::Int8 => ints!(i8),
                DType::UInt64 => ints!(u64),
                DType::UInt32 => ints!(u32),
                DType::UInt16 => ints!(u16),
                DType::UInt8 => ints!(u8),
                _ => return false,
            }
        }
        _ => return false,
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The typed fast paths give the same bytes as the per-element model, across task and lane
    /// boundaries and with a draw that starts mid-stream and ends mid-block.
    #[test]
    fn fast_paths_match_the_per_element_model() {
        let draws = [
            (
                Dist::Uniform {
                    low: 0.0,
                    high: 1.0,
                },
                Prec::Single,
                DType::Float32,
            ),
            (
                Dist::Uniform {
                    low: -2.5,
                    high: 7.0,
                },
                Prec::Single,
                DType::Float32,
            ),
            (
                Dist::Uniform {
                    low: -2.5,
                    high: 7.0,
                },
                Prec::Double,
                DType::Float64,
            ),
            (
                Dist::Normal {
                    loc: 0.0,
                    scale: 1.0,
                },
                Prec::Single,
                DType::Float32,
            ),
            (
                Dist::Normal {
                    loc: 3.0,
                    scale: 0.5,
                },
                Prec::Double,
                DType::Float64,
            ),
            (
                Dist::Integers {
                    low: -5,
                    range: 1000,
                },
                Prec::Int,
                DType::Int64,
            ),
            (
                Dist::Integers {
                    low: 0,
                    range: 1 << 32,
                },
                Prec::Int,
                DType::Int32,
            ),
            (
                Dist::Integers { low: 3, range: 250 },
                Prec::Int,
                DType::UInt8,
            ),
            (
                Dist::Integers { low: -7, range: 9 },
                Prec::Int,
                DType::Int16,
            ),
        ];
        for (d, prec, dt) in draws {
            for (n, start) in [(1usize, 0u64), (4 * 4096 * 3 + 37, 11), (61, 1 << 33)] {
                let isz = dt.itemsize();
                let mut fast = vec![0u64; (n * isz).div_ceil(8)];
                let mut slow = fast.clone();
                let fb = &mut bytemuck::cast_slice_mut::<u64, u8>(&mut fast)[..n * isz];
                assert!(fill_fast(fb, dt, 99, start, d, prec), "{d:?} {dt}");
                let sb = &mut bytemuck::cast_slice_mut::<u64, u8>(&mut slow)[..n * isz];
                fill(sb, dt, 99, start, d, prec);
                assert_eq!(fast, slow, "{d:?} {dt} n={n} start={start}");
            }
        }
    }
}
