//! CPU sampling: rayon-parallel over Philox blocks.

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

/// Fills `out` (C-contiguous bytes of `dtype`, `n` elements) with element `0..n` of the draw.
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
