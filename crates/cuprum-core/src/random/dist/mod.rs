//! The mapping from Philox words to samples, shared by the CPU and CUDA paths.
//!
//! Element `i` of a draw that starts at block `start` uses block `start + i / per_block` and
//! slot `i % per_block` of that block's four 32-bit words. The CUDA kernels in
//! `kernels/random.cu` implement the same formulas with round-to-nearest intrinsics (no FMA
//! contraction), so uniform floats and integers are bit-identical on every device; values that
//! go through `log`/`cos`/`sin` (normal, exponential) are computed in float64 on both and agree
//! to within an ulp or two of float64 (hence exactly, or to 1 ulp, after rounding to float32).
//!
//! The rejection samplers (gamma, beta, Poisson, binomial) give element `i` its own sub-stream:
//! the Philox blocks `(start + i, c2, 1)` for `c2 = 0, 1, 2, ...` (see [`SubStream`]), so
//! `per_block` is 1 and an element never depends on how many tries its neighbours needed. They
//! compute in float64 with the same operations in the same order on both devices (the CUDA
//! kernel is compiled with `--fmad=false`); only `log`, `exp`, `sqrt` and `cos` may differ by an
//! ulp between the CPU's libm and CUDA's, so float samples agree to a few ulp of float64 and
//! integer samples exactly, except when such an ulp decides an acceptance test (a chance of
//! about 1e-16 per try), in which case that one element differs.

pub(crate) mod per_element;

use super::bitgen::{self, BitGeneratorKind};
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
    /// `gamma(k, scale)`: Marsaglia–Tsang squeeze/rejection for `k >= 1`; for `k < 1`,
    /// `gamma(k + 1) * U^(1/k)`.
    Gamma {
        /// shape `k` (NumPy's `shape`), `>= 0`
        k: f64,
        /// scale `θ`, `>= 0`
        scale: f64,
    },
    /// `beta(a, b)` as `X / (X + Y)` of `X ~ gamma(a)`, `Y ~ gamma(b)` (in log space when
    /// `a < 1` or `b < 1`, so tiny parameters do not give `0 / 0`).
    Beta {
        /// `a > 0`
        a: f64,
        /// `b > 0`
        b: f64,
    },
    /// `poisson(lam)`: inversion by sequential search (one uniform) for `lam < 10`, Hörmann's
    /// PTRS transformed rejection for `lam >= 10` (NumPy's choice above 10; below, NumPy
    /// multiplies about `lam + 1` uniforms, which costs twice our time on a GPU).
    Poisson {
        /// mean `λ >= 0`
        lam: f64,
    },
    /// `binomial(n, p)`: inversion when `n·min(p, 1-p) <= 30`, Hörmann's BTRS transformed
    /// rejection otherwise; `p > 1/2` draws `n - binomial(n, 1 - p)`.
    Binomial {
        /// trials `n >= 0`
        n: i64,
        /// success probability in `[0, 1]`
        p: f64,
    },
}

impl Dist {
    /// Whether this is a rejection sampler (one element per block, its own sub-stream).
    pub fn is_rejection(self) -> bool {
        matches!(
            self,
            Dist::Gamma { .. } | Dist::Beta { .. } | Dist::Poisson { .. } | Dist::Binomial { .. }
        )
    }
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
        (d, _) if d.is_rejection() => 1,
        (Dist::Integers { range, .. }, _) if range <= 1u64 << 32 => 4,
        (Dist::Integers { .. }, _) => 2,
        (_, Prec::Single) => 4,
        _ => 2,
    }
}

pub(crate) const TWO_PI: f64 = std::f64::consts::TAU;
pub(crate) const P24: f32 = 1.0 / 16_777_216.0; // 2^-24
pub(crate) const P32: f64 = 1.0 / 4_294_967_296.0; // 2^-32
pub(crate) const P53: f64 = 1.0 / 9_007_199_254_740_992.0; // 2^-53

#[inline]
pub(crate) fn u53(hi: u32, lo: u32) -> f64 {
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

/// The sample in `slot` of a block's words (`w` = block `blk` of stream `seed`; the rejection
/// samplers ignore `w` and read their own sub-stream of block `blk`).
#[inline]
pub fn sample(dist: Dist, prec: Prec, seed: u64, blk: u64, w: &[u32; 4], slot: usize) -> Sample {
    match (dist, prec) {
        (
            Dist::Gamma { .. } | Dist::Beta { .. } | Dist::Poisson { .. } | Dist::Binomial { .. },
            _,
        ) => reject(dist, &mut SubStream::new(seed, blk)),
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

/// Element `i` of a draw starting at block `start` with stream `seed` (the per-element model
/// of the stream; the CPU and CUDA paths compute whole blocks).
#[allow(dead_code)]
pub fn element(seed: u64, start: u64, dist: Dist, prec: Prec, i: u64) -> Sample {
    let pb = per_block(dist, prec);
    let blk = start + i / pb;
    let w = philox::block(seed, blk);
    sample(dist, prec, seed, blk, &w, (i % pb) as usize)
}

/// Element `i` of a draw of bit generator `kind` (the per-element model; [`element`] for
/// Philox).
#[allow(dead_code)]
pub fn element_with(
    kind: BitGeneratorKind,
    seed: u64,
    start: u64,
    dist: Dist,
    prec: Prec,
    i: u64,
) -> Sample {
    if kind == BitGeneratorKind::Philox4x3210 {
        return element(seed, start, dist, prec, i);
    }
    let pb = per_block(dist, prec);
    let blk = start + i / pb;
    if dist.is_rejection() {
        return reject(dist, &mut SubStream::with_kind(kind, seed, blk));
    }
    let w = bitgen::block_words(kind, seed, blk);
    sample(dist, prec, seed, blk, &w, (i % pb) as usize)
}

/// The uniforms of one element of a rejection sampler: for Philox, the words of Philox blocks
/// `(blk, c2, 1)` for `c2 = 0, 1, ...`; for XORWOW and MRG32k3a, the words of the element
/// subsequence `blk` (`random/bitgen.rs`); two words (53 bits) per uniform, in order.
/// `kernels/random.cu` has the same struct.
#[derive(Clone, Debug)]
pub struct SubStream {
    kind: BitGeneratorKind,
    seed: u64,
    blk: u64,
    c2: u32,
    w: [u32; 4],
    used: usize,
    st: bitgen::State,
}

impl SubStream {
    /// The Philox sub-stream of block `blk`.
    pub fn new(seed: u64, blk: u64) -> SubStream {
        SubStream::with_kind(BitGeneratorKind::Philox4x3210, seed, blk)
    }

    /// The sub-stream of block `blk` of bit generator `kind`.
    pub fn with_kind(kind: BitGeneratorKind, seed: u64, blk: u64) -> SubStream {
        let st = if kind == BitGeneratorKind::Philox4x3210 {
            [0; 6]
        } else {
            bitgen::subsequence_state(kind, seed, bitgen::TAG_ELEMENT, blk)
        };
        SubStream {
            kind,
            seed,
            blk,
            c2: 0,
            w: [0; 4],
            used: 4,
            st,
        }
    }

    #[inline]
    fn refill(&mut self) {
        if self.kind == BitGeneratorKind::Philox4x3210 {
            self.w = philox::block4(self.seed, self.blk, self.c2, 1);
            self.c2 = self.c2.wrapping_add(1);
        } else {
            let (kind, st) = (self.kind, &mut self.st);
            self.w = std::array::from_fn(|_| bitgen::next(kind, st));
        }
        self.used = 0;
    }

    /// The next uniform on `[0, 1)` (53 bits).
    #[inline]
    pub fn u(&mut self) -> f64 {
        if self.used == 4 {
            self.refill();
        }
        let v = u53(self.w[self.used], self.w[self.used + 1]);
        self.used += 2;
        v
    }

    /// The next uniform on `(0, 1]` (`1 - u`), safe for `ln`.
    #[inline]
    pub fn uo(&mut self) -> f64 {
        1.0 - self.u()
    }

    /// A standard normal by Box–Muller (the cosine half), from two uniforms.
    #[inline]
    pub fn normal(&mut self) -> f64 {
        let u1 = self.uo();
        let u2 = self.u();
        (-2.0 * u1.ln()).sqrt() * (TWO_PI * u2).cos()
    }
}

/// Marsaglia–Tsang for `k >= 1` ("A simple method for generating gamma variables", 2000).
fn gamma_mt(k: f64, s: &mut SubStream) -> f64 {
    let d = k - 1.0 / 3.0;
    let c = 1.0 / (9.0 * d).sqrt();
    loop {
        let x = s.normal();
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u = s.uo();
        let x2 = x * x;
        if u < 1.0 - 0.0331 * (x2 * x2) {
            return d * v;
        }
        if u.ln() < 0.5 * x2 + d * ((1.0 - v) + v.ln()) {
            return d * v;
        }
    }
}

/// A standard gamma sample (scale 1).
fn std_gamma(k: f64, s: &mut SubStream) -> f64 {
    if k == 0.0 {
        0.0
    } else if k < 1.0 {
        let g = gamma_mt(k + 1.0, s);
        let u = s.uo();
        g * (u.ln() / k).exp()
    } else {
        gamma_mt(k, s)
    }
}

/// `ln` of a standard gamma sample, for beta with small parameters.
fn ln_std_gamma(k: f64, s: &mut SubStream) -> f64 {
    if k < 1.0 {
        let g = gamma_mt(k + 1.0, s);
        let u = s.uo();
        g.ln() + u.ln() / k
    } else {
        gamma_mt(k, s).ln()
    }
}

/// `ln Γ(x)` for `x >= 1` (NumPy's `random_loggam`: Stirling's series after shifting `x` up to
/// at least 7).
pub fn loggam(x: f64) -> f64 {
    const A: [f64; 10] = [
        8.333333333333333e-02,
        -2.777777777777778e-03,
        7.936507936507937e-04,
        -5.952380952380952e-04,
        8.417508417508418e-04,
        -1.917526917526918e-03,
        6.41025641025641e-03,
        -2.955065359477124e-02,
        1.796443723688307e-01,
        -1.39243221690590e+00,
    ];
    if x == 1.0 || x == 2.0 {
        return 0.0;
    }
    let mut n = 0i64;
    let mut x0 = x;
    if x <= 7.0 {
        n = (7.0 - x) as i64;
        x0 = x + n as f64;
    }
    let x2 = 1.0 / (x0 * x0);
    let mut gl0 = A[9];
    for k in (0..9).rev() {
        gl0 = gl0 * x2 + A[k];
    }
    let mut gl = gl0 / x0 + 0.5 * TWO_PI.ln() + (x0 - 0.5) * x0.ln() - x0;
    if x <= 7.0 {
        for _ in 0..n {
            gl -= (x0 - 1.0).ln();
            x0 -= 1.0;
        }
    }
    gl
}

/// Poisson: inversion by sequential search for `lam < 10`, PTRS (Hörmann 1993) otherwise.
fn poisson(lam: f64, s: &mut SubStream) -> i64 {
    if lam == 0.0 {
        return 0;
    }
    if lam < 10.0 {
        // inversion by sequential search: one uniform, then the CDF term by term. Past 200
        // terms (probability below 1e-200 for lam < 10) the sum has stopped growing in float64,
        // so the uniform lay above its rounded limit: draw again.
        let p0 = (-lam).exp();
        loop {
            let u = s.u();
            let mut p = p0;
            let mut f = p0;
            let mut x = 0i64;
            while u > f && x < 200 {
                x += 1;
                p = p * lam / x as f64;
                f += p;
            }
            if x < 200 {
                return x;
            }
        }
    }
    let slam = lam.sqrt();
    let loglam = lam.ln();
    let b = 0.931 + 2.53 * slam;
    let a = -0.059 + 0.02483 * b;
    let invalpha = 1.1239 + 1.1328 / (b - 3.4);
    let vr = 0.9277 - 3.6224 / (b - 2.0);
    loop {
        let u = s.u() - 0.5;
        let v = s.u();
        let us = 0.5 - u.abs();
        let k = ((2.0 * a / us + b) * u + lam + 0.43).floor();
        if us >= 0.07 && v <= vr {
            return k as i64;
        }
        if k < 0.0 || (us < 0.013 && v > us) {
            continue;
        }
        if (v.ln() + invalpha.ln() - (a / (us * us) + b).ln())
            <= (-lam + k * loglam - loggam(k + 1.0))
        {
            return k as i64;
        }
    }
}

/// Binomial with `p <= 1/2`: inversion (NumPy's) for `n·p <= 30`, BTRS (Hörmann 1993) above.
fn binomial_low(n: i64, p: f64, s: &mut SubStream) -> i64 {
    let nf = n as f64;
    let q = 1.0 - p;
    if nf * p <= 30.0 {
        let qn = (nf * q.ln()).exp();
        let np = nf * p;
        let bound = nf.min(np + 10.0 * (np * q + 1.0).sqrt());
        let mut x = 0i64;
        let mut px = qn;
        let mut u = s.u();
        while u > px {
            x += 1;
            if x as f64 > bound {
                x = 0;
                px = qn;
                u = s.u();
            } else {
                u -= px;
                px = ((nf - x as f64 + 1.0) * p * px) / (x as f64 * q);
            }
        }
        return x;
    }
    let spq = (nf * p * q).sqrt();
    let b = 1.15 + 2.53 * spq;
    let a = -0.0873 + 0.0248 * b + 0.01 * p;
    let c = nf * p + 0.5;
    let vr = 0.92 - 4.2 / b;
    let alpha = (2.83 + 5.1 / b) * spq;
    let lpq = (p / q).ln();
    let m = ((nf + 1.0) * p).floor();
    let h = loggam(m + 1.0) + loggam(nf - m + 1.0);
    loop {
        let u = s.u() - 0.5;
        let v = s.u();
        let us = 0.5 - u.abs();
        let k = ((2.0 * a / us + b) * u + c).floor();
        if k < 0.0 || k > nf {
            continue;
        }
        if us >= 0.07 && v <= vr {
            return k as i64;
        }
        let lv = (v * alpha / (a / (us * us) + b)).ln();
        let bound = h - loggam(k + 1.0) - loggam(nf - k + 1.0) + (k - m) * lpq;
        if lv <= bound {
            return k as i64;
        }
    }
}

/// One sample of a rejection sampler from its sub-stream.
pub fn reject(dist: Dist, s: &mut SubStream) -> Sample {
    match dist {
        Dist::Gamma { k, scale } => Sample::F64(std_gamma(k, s) * scale),
        Dist::Beta { a, b } => {
            if a >= 1.0 && b >= 1.0 {
                let x = gamma_mt(a, s);
                let y = gamma_mt(b, s);
                Sample::F64(x / (x + y))
            } else {
                let lx = ln_std_gamma(a, s);
                let ly = ln_std_gamma(b, s);
                Sample::F64(1.0 / (1.0 + (ly - lx).exp()))
            }
        }
        Dist::Poisson { lam } => Sample::I64(poisson(lam, s)),
        Dist::Binomial { n, p } => {
            if n == 0 || p == 0.0 {
                Sample::I64(0)
            } else if p <= 0.5 {
                Sample::I64(binomial_low(n, p, s))
            } else {
                Sample::I64(n - binomial_low(n, 1.0 - p, s))
            }
        }
        _ => Sample::F64(f64::NAN),
    }
}
