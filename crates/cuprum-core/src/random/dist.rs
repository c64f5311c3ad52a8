//! The mapping from Philox words to samples, shared by the CPU and CUDA paths.
//!
//! Element `i` of a draw that starts at block `start` uses block `start + i / per_block` and
//! slot `i % per_block` of that block's four 32-bit words. The CUDA kernels in
//! `kernels/random.cu` implement the same formulas with round-to-nearest intrinsics (no FMA
//! contraction), so uniform floats and integers are bit-identical on every device; values that
//! go through `log`/`cos`/`sin` (normal, exponential) are computed in float64 on both and agree
//! to within an ulp or two of float64 (hence exactly, or to 1 ulp, after rounding to float32).

use super::philox;

/// A distribution with its parameters, in float64/int64 as given by the user.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Dist {
    /// `uniform(low, high)` on `[low, high)`.
    Uniform {
        /// lower bound (inclusive)
        low: f64,
        /// upper bound (exclusive)
        high: f64,
    },
    /// `normal(loc, scale)` by Box–Muller.
    Normal {
        /// mean
        loc: f64,
        /// standard deviation
        scale: f64,
    },
    /// `exponential(scale)` by inversion, `-scale * ln(1 - u)`.
    Exponential {
        /// the scale `1/λ`
        scale: f64,
    },
    /// `integers(low, high)` on `[low, high)` by multiply-shift.
    Integers {
        /// lower bound (inclusive)
        low: i64,
        /// number of values, `high - low` (> 0)
        range: u64,
    },
}

/// Precision class of the output dtype.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prec {
    /// float16, bfloat16, float32: computed in float32 (uniform) or float64 then rounded.
    Single,
    /// float64
    Double,
    /// any integer dtype
    Int,
}

/// Values produced per Philox block.
pub fn per_block(dist: Dist, prec: Prec) -> u64 {
    match (dist, prec) {
        (Dist::Integers { range, .. }, _) if range <= 1u64 << 32 => 4,
        (Dist::Integers { .. }, _) => 2,
        (_, Prec::Single) => 4,
        _ => 2,
    }
}

const TWO_PI: f64 = std::f64::consts::TAU;
const P24: f32 = 1.0 / 16_777_216.0; // 2^-24
const P32: f64 = 1.0 / 4_294_967_296.0; // 2^-32
const P53: f64 = 1.0 / 9_007_199_254_740_992.0; // 2^-53

#[inline]
fn u53(hi: u32, lo: u32) -> f64 {
    ((((hi as u64) << 32) | lo as u64) >> 11) as f64 * P53
}

/// A sample, before conversion to the output dtype.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sample {
    /// float32 value (uniform in single precision)
    F32(f32),
    /// float64 value
    F64(f64),
    /// integer value
    I64(i64),
}

/// The sample in `slot` of a block's words.
#[inline]
pub fn sample(dist: Dist, prec: Prec, w: &[u32; 4], slot: usize) -> Sample {
    match (dist, prec) {
        (Dist::Integers { low, range }, _) => {
            if range <= 1u64 << 32 {
                Sample::I64(low.wrapping_add(((w[slot] as u64 * range) >> 32) as i64))
            } else {
                let x = ((w[2 * slot] as u64) << 32) | w[2 * slot + 1] as u64;
                Sample::I64(low.wrapping_add(((x as u128 * range as u128) >> 64) as i64))
            }
        }
        (Dist::Uniform { low, high }, Prec::Single) => {
            let u = (w[slot] >> 8) as f32 * P24;
            let (lo, hi) = (low as f32, high as f32);
            Sample::F32(lo + u * (hi - lo))
        }
        (Dist::Uniform { low, high }, _) => {
            let u = u53(w[2 * slot], w[2 * slot + 1]);
            Sample::F64(low + u * (high - low))
        }
        (Dist::Normal { loc, scale }, Prec::Single) => {
            let p = slot & !1;
            let u1 = (w[p] as f64 + 1.0) * P32;
            let u2 = w[p + 1] as f64 * P32;
            let r = (-2.0 * u1.ln()).sqrt();
            let t = TWO_PI * u2;
            let z = if slot & 1 == 0 {
                r * t.cos()
            } else {
                r * t.sin()
            };
            Sample::F64(loc + scale * z)
        }
        (Dist::Normal { loc, scale }, _) => {
            let u1 = u53(w[0], w[1]) + P53;
            let u2 = u53(w[2], w[3]);
            let r = (-2.0 * u1.ln()).sqrt();
            let t = TWO_PI * u2;
            let z = if slot == 0 { r * t.cos() } else { r * t.sin() };
            Sample::F64(loc + scale * z)
        }
        (Dist::Exponential { scale }, Prec::Single) => {
            let u = w[slot] as f64 * P32;
            Sample::F64(-(1.0 - u).ln() * scale)
        }
        (Dist::Exponential { scale }, _) => {
            let u = u53(w[2 * slot], w[2 * slot + 1]);
            Sample::F64(-(1.0 - u).ln() * scale)
        }
    }
}

/// Element `i` of a draw starting at block `start` with stream `seed`.
pub fn element(seed: u64, start: u64, dist: Dist, prec: Prec, i: u64) -> Sample {
    let pb = per_block(dist, prec);
    let w = philox::block(seed, start + i / pb);
    sample(dist, prec, &w, (i % pb) as usize)
}
