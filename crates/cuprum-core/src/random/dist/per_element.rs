//! The rest of `numpy.random.Generator`'s distributions: the formulas shared by the CPU and CUDA
//! paths (`kernels/random_dist.cu` holds the same functions in CUDA C).
//!
//! **One design for every one of them**: element `i` of a draw starting at block `start` owns
//! the sub-stream of Philox blocks `(start + i, c2, 1)`, `c2 = 0, 1, 2, ...` ([`SubStream`], the
//! one the gamma/beta/Poisson/binomial samplers of `dist/mod.rs` use), and the draw advances the
//! generator's counter by the number of elements (rows, for `multinomial` and `dirichlet`).
//! A sampler may take as many uniforms as it likes — a rejection loop, a search, a Poisson draw
//! inside a negative binomial — without shifting any other element's numbers, so a CUDA thread
//! per element computes exactly what the CPU loop computes, with no retry bound and no fallback.
//! The CUDA code is the same float64 operations in the same order, compiled with
//! `--fmad=false` (no contraction into multiply-adds); only `log`, `exp`, `pow`, `expm1`,
//! `log1p`, `cos`, `acos` and `fmod` come from different libraries (glibc vs CUDA's libdevice)
//! and may differ by an ulp, so float samples agree to a few ulp of float64 and integer samples
//! exactly — except when such an ulp decides an acceptance test or a `floor` (a chance of about
//! 1e-16 per try), in which case that one element differs.
//!
//! The algorithms are NumPy's (`numpy/random/src/distributions/distributions.c`), so each
//! distribution is NumPy's; the numbers are not NumPy's (its stream is PCG64).

use super::{Dist, Sample, SubStream, loggam, reject};
use crate::DType;
use rayon::prelude::*;

/// A distribution of this file with its parameters (float64/int64 as given by the user).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum ElementDist {
    /// `exp(normal(mean, sigma))`
    LogNormal { mean: f64, sigma: f64 },
    /// `standard_exponential`: `-ln(1 - U)`
    StdExponential,
    /// `chisquare(df)`: `2 · standard_gamma(df / 2)`
    ChiSquare { df: f64 },
    /// `laplace(loc, scale)` by inversion
    Laplace { loc: f64, scale: f64 },
    /// `logistic(loc, scale)` by inversion
    Logistic { loc: f64, scale: f64 },
    /// `gumbel(loc, scale)` by inversion
    Gumbel { loc: f64, scale: f64 },
    /// `rayleigh(scale)`: `scale · sqrt(2E)`
    Rayleigh { scale: f64 },
    /// `weibull(a)`: `E^(1/a)`
    Weibull { a: f64 },
    /// `pareto(a)` (Lomax): `expm1(E / a)`
    Pareto { a: f64 },
    /// `power(a)`: `(1 - exp(-E))^(1/a)`
    Power { a: f64 },
    /// `standard_cauchy`: `N1 / N2`
    StdCauchy,
    /// `standard_t(df)`: `N · sqrt(df/2) / sqrt(G(df/2))`
    StdT { df: f64 },
    /// `noncentral_chisquare(df, nonc)`
    NoncentralChiSquare { df: f64, nonc: f64 },
    /// `f(dfnum, dfden)`
    F { dfnum: f64, dfden: f64 },
    /// `noncentral_f(dfnum, dfden, nonc)`
    NoncentralF { dfnum: f64, dfden: f64, nonc: f64 },
    /// `vonmises(mu, kappa)`: Best and Fisher's rejection (NumPy ≥ 1.25's version)
    VonMises { mu: f64, kappa: f64 },
    /// `wald(mean, scale)`: Michael, Schucany and Haas
    Wald { mean: f64, scale: f64 },
    /// `triangular(left, mode, right)` by inversion
    Triangular { left: f64, mode: f64, right: f64 },
    /// `geometric(p)`: search for `p >= 1/3`, inversion below
    Geometric { p: f64 },
    /// `negative_binomial(n, p)`: `poisson(gamma(n, (1-p)/p))`
    NegativeBinomial { n: f64, p: f64 },
    /// `zipf(a)`: Devroye's rejection
    Zipf { a: f64 },
    /// `logseries(p)`: Kemp's second accelerated generator
    LogSeries { p: f64 },
    /// `hypergeometric(ngood, nbad, nsample)`: urn simulation for small samples, HRUA otherwise
    Hypergeometric { good: i64, bad: i64, sample: i64 },
}

impl ElementDist {
    /// The kernel's `ELEMENT_DIST` number and its parameters `(p0, p1, p2, i0, i1, i2)`.
    pub fn kernel_args(self) -> (u32, [f64; 3], [i64; 3]) {
        use ElementDist::*;
        let z = [0i64; 3];
        match self {
            LogNormal { mean, sigma } => (0, [mean, sigma, 0.0], z),
            StdExponential => (1, [0.0; 3], z),
            ChiSquare { df } => (2, [df, 0.0, 0.0], z),
            Laplace { loc, scale } => (3, [loc, scale, 0.0], z),
            Logistic { loc, scale } => (4, [loc, scale, 0.0], z),
            Gumbel { loc, scale } => (5, [loc, scale, 0.0], z),
            Rayleigh { scale } => (6, [scale, 0.0, 0.0], z),
            Weibull { a } => (7, [a, 0.0, 0.0], z),
            Pareto { a } => (8, [a, 0.0, 0.0], z),
            Power { a } => (9, [a, 0.0, 0.0], z),
            StdCauchy => (10, [0.0; 3], z),
            StdT { df } => (11, [df, 0.0, 0.0], z),
            NoncentralChiSquare { df, nonc } => (12, [df, nonc, 0.0], z),
            F { dfnum, dfden } => (13, [dfnum, dfden, 0.0], z),
            NoncentralF { dfnum, dfden, nonc } => (14, [dfnum, dfden, nonc], z),
            VonMises { mu, kappa } => (15, [mu, kappa, 0.0], z),
            Wald { mean, scale } => (16, [mean, scale, 0.0], z),
            Triangular { left, mode, right } => (17, [left, mode, right], z),
            Geometric { p } => (18, [p, 0.0, 0.0], z),
            NegativeBinomial { n, p } => (19, [n, p, 0.0], z),
            Zipf { a } => (20, [a, 0.0, 0.0], z),
            LogSeries { p } => (21, [p, 0.0, 0.0], z),
            Hypergeometric { good, bad, sample } => (22, [0.0; 3], [good, bad, sample]),
        }
    }
}

const PI: f64 = std::f64::consts::PI;

/// A standard gamma sample from the sub-stream (`dist.rs`'s sampler, scale 1).
pub fn std_gamma(k: f64, s: &mut SubStream) -> f64 {
    match reject(Dist::Gamma { k, scale: 1.0 }, s) {
        Sample::F64(x) => x,
        _ => f64::NAN,
    }
}

/// A Poisson sample from the sub-stream (`dist.rs`'s sampler).
pub fn poisson(lam: f64, s: &mut SubStream) -> i64 {
    match reject(Dist::Poisson { lam }, s) {
        Sample::I64(k) => k,
        _ => 0,
    }
}

/// A binomial sample from the sub-stream (`dist.rs`'s sampler).
pub fn binomial(n: i64, p: f64, s: &mut SubStream) -> i64 {
    match reject(Dist::Binomial { n, p }, s) {
        Sample::I64(k) => k,
        _ => 0,
    }
}

/// A beta sample from the sub-stream (`dist.rs`'s sampler), with `beta(0, b) = 0` and
/// `beta(a, 0) = 1`.
pub fn beta(a: f64, b: f64, s: &mut SubStream) -> f64 {
    if a <= 0.0 {
        return 0.0;
    }
    if b <= 0.0 {
        return 1.0;
    }
    match reject(Dist::Beta { a, b }, s) {
        Sample::F64(x) => x,
        _ => f64::NAN,
    }
}

/// A standard exponential, `-ln(1 - U)`.
#[inline]
fn std_exp(s: &mut SubStream) -> f64 {
    -s.uo().ln()
}

fn chisquare(df: f64, s: &mut SubStream) -> f64 {
    2.0 * std_gamma(df / 2.0, s)
}

fn noncentral_chisquare(df: f64, nonc: f64, s: &mut SubStream) -> f64 {
    if nonc.is_nan() {
        return f64::NAN;
    }
    if nonc == 0.0 {
        return chisquare(df, s);
    }
    if 1.0 < df {
        let chi2 = chisquare(df - 1.0, s);
        let n = s.normal() + nonc.sqrt();
        chi2 + n * n
    } else {
        let i = poisson(nonc / 2.0, s);
        chisquare(df + 2.0 * i as f64, s)
    }
}

fn vonmises(mu: f64, kappa: f64, s: &mut SubStream) -> f64 {
    if kappa.is_nan() {
        return f64::NAN;
    }
    if kappa < 1e-8 {
        return PI * (2.0 * s.u() - 1.0);
    }
    let sv;
    if kappa < 1e-5 {
        sv = 1.0 / kappa + kappa;
    } else if kappa <= 1e6 {
        let r = 1.0 + (1.0 + 4.0 * kappa * kappa).sqrt();
        let rho = (r - (2.0 * r).sqrt()) / (2.0 * kappa);
        sv = (1.0 + rho * rho) / (2.0 * rho);
    } else {
        let mut result = mu + (1.0 / kappa).sqrt() * s.normal();
        if result < -PI {
            result += 2.0 * PI;
        }
        if result > PI {
            result -= 2.0 * PI;
        }
        return result;
    }
    let w;
    loop {
        let u = s.u();
        let z = (PI * u).cos();
        let ww = (1.0 + sv * z) / (sv + z);
        let y = kappa * (sv - ww);
        let v = s.u();
        if (y * (2.0 - y) - v >= 0.0) || ((y / v).ln() + 1.0 - y >= 0.0) {
            w = ww;
            break;
        }
    }
    let u = s.u();
    let mut result = w.acos();
    if u < 0.5 {
        result = -result;
    }
    result += mu;
    let neg = result < 0.0;
    let mut m = result.abs();
    m = (m + PI) % (2.0 * PI) - PI;
    if neg {
        m = -m;
    }
    m
}

fn geometric(p: f64, s: &mut SubStream) -> i64 {
    if p >= 0.333_333_333_333_333_3 {
        let q = 1.0 - p;
        let mut x = 1i64;
        let mut sum = p;
        let mut prod = p;
        let u = s.u();
        while u > sum {
            prod *= q;
            sum += prod;
            x += 1;
        }
        x
    } else {
        let z = (-std_exp(s) / (-p).ln_1p()).ceil();
        if z >= 9.223_372_036_854_776e18 {
            i64::MAX
        } else if z < 1.0 {
            1
        } else {
            z as i64
        }
    }
}

fn zipf(a: f64, s: &mut SubStream) -> i64 {
    if a >= 1025.0 {
        // NumPy's shortcut: P(X = 1) rounds to 1 and pow would overflow
        return 1;
    }
    let am1 = a - 1.0;
    let b = 2.0f64.powf(am1);
    loop {
        let u = 1.0 - s.u();
        let v = s.u();
        let x = u.powf(-1.0 / am1).floor();
        if x > i64::MAX as f64 || x < 1.0 {
            continue;
        }
        let t = (1.0 + 1.0 / x).powf(am1);
        if v * x * (t - 1.0) / (b - 1.0) <= t / b {
            return x as i64;
        }
    }
}

fn logseries(p: f64, s: &mut SubStream) -> i64 {
    let r = (-p).ln_1p();
    loop {
        let v = s.u();
        if v >= p {
            return 1;
        }
        let u = s.u();
        let q = -(r * u).exp_m1();
        if v <= q * q {
            let result = (1.0 + v.ln() / q.ln()).floor();
            if result < 1.0 || v == 0.0 {
                continue;
            }
            return result as i64;
        }
        if v >= q {
            return 1;
        }
        return 2;
    }
}

/// `ln(k!)`.
#[inline]
fn logfact(k: i64) -> f64 {
    loggam(k as f64 + 1.0)
}

fn hypergeometric(good: i64, bad: i64, sample: i64, s: &mut SubStream) -> i64 {
    let total = good + bad;
    if sample >= 10 && sample <= total - 10 {
        // HRUA (Stadlober)
        const D1: f64 = 1.715_527_769_921_413_5;
        const D2: f64 = 0.898_916_162_058_898_8;
        let csample = sample.min(total - sample);
        let mingb = good.min(bad);
        let maxgb = good.max(bad);
        let p = mingb as f64 / total as f64;
        let q = maxgb as f64 / total as f64;
        let mu = csample as f64 * p;
        let a = mu + 0.5;
        let var = (total - csample) as f64 * csample as f64 * p * q / (total - 1) as f64;
        let c = (var + 0.5).sqrt();
        let h = D1 * c + D2;
        let m = (((csample + 1) as f64 * (mingb + 1) as f64) / (total + 2) as f64).floor() as i64;
        let g =
            logfact(m) + logfact(mingb - m) + logfact(csample - m) + logfact(maxgb - csample + m);
        let b = ((csample.min(mingb) + 1) as f64).min((a + 16.0 * c).floor());
        let mut k;
        loop {
            let u = s.u();
            let v = s.u();
            let x = a + h * (v - 0.5) / u;
            if x < 0.0 || x >= b {
                continue;
            }
            k = x.floor() as i64;
            let gp = logfact(k)
                + logfact(mingb - k)
                + logfact(csample - k)
                + logfact(maxgb - csample + k);
            let t = g - gp;
            if u * (4.0 - u) - 3.0 <= t {
                break;
            }
            if u * (u - t) >= 1.0 {
                continue;
            }
            if 2.0 * u.ln() <= t {
                break;
            }
        }
        if good > bad {
            k = csample - k;
        }
        if csample < sample {
            k = good - k;
        }
        k
    } else {
        // the urn, one draw at a time
        let flip = sample > total / 2;
        let mut csample = if flip { total - sample } else { sample };
        let mut rtotal = total;
        let mut rgood = good;
        while csample > 0 && rgood > 0 && rtotal > rgood {
            rtotal -= 1;
            // a uniform integer on [0, rtotal]
            let j = (s.u() * (rtotal + 1) as f64).floor() as i64;
            if j < rgood {
                rgood -= 1;
            }
            csample -= 1;
        }
        if rtotal == rgood {
            rgood -= csample;
        }
        if flip { rgood } else { good - rgood }
    }
}

/// One sample of `d` from its sub-stream.
pub fn sample2(d: ElementDist, s: &mut SubStream) -> Sample {
    use ElementDist::*;
    let f = Sample::F64;
    match d {
        LogNormal { mean, sigma } => f((mean + sigma * s.normal()).exp()),
        StdExponential => f(std_exp(s)),
        ChiSquare { df } => f(chisquare(df, s)),
        Laplace { loc, scale } => loop {
            let u = s.u();
            if u >= 0.5 {
                break f(loc - scale * (2.0 - u - u).ln());
            } else if u > 0.0 {
                break f(loc + scale * (u + u).ln());
            }
        },
        Logistic { loc, scale } => loop {
            let u = s.u();
            if u > 0.0 {
                break f(loc + scale * (u / (1.0 - u)).ln());
            }
        },
        Gumbel { loc, scale } => loop {
            let u = 1.0 - s.u();
            if u < 1.0 {
                break f(loc - scale * (-u.ln()).ln());
            }
        },
        Rayleigh { scale } => f(scale * (2.0 * std_exp(s)).sqrt()),
        Weibull { a } => {
            if a == 0.0 {
                f(0.0)
            } else {
                f(std_exp(s).powf(1.0 / a))
            }
        }
        Pareto { a } => f((std_exp(s) / a).exp_m1()),
        Power { a } => f((-(-std_exp(s)).exp_m1()).powf(1.0 / a)),
        StdCauchy => {
            let n1 = s.normal();
            let n2 = s.normal();
            f(n1 / n2)
        }
        StdT { df } => {
            let num = s.normal();
            let denom = std_gamma(df / 2.0, s);
            f((df / 2.0).sqrt() * num / denom.sqrt())
        }
        NoncentralChiSquare { df, nonc } => f(noncentral_chisquare(df, nonc, s)),
        F { dfnum, dfden } => {
            let a = chisquare(dfnum, s) * dfden;
            let b = chisquare(dfden, s) * dfnum;
            f(a / b)
        }
        NoncentralF { dfnum, dfden, nonc } => {
            let t = noncentral_chisquare(dfnum, nonc, s) * dfden;
            let b = chisquare(dfden, s) * dfnum;
            f(t / b)
        }
        VonMises { mu, kappa } => f(vonmises(mu, kappa, s)),
        Wald { mean, scale } => {
            let mu_2l = mean / (2.0 * scale);
            let y = s.normal();
            let y = mean * y * y;
            let x = mean + mu_2l * (y - (4.0 * scale * y + y * y).sqrt());
            let u = s.u();
            if u <= mean / (mean + x) {
                f(x)
            } else {
                f(mean * mean / x)
            }
        }
        Triangular { left, mode, right } => {
            let base = right - left;
            let leftbase = mode - left;
            let ratio = leftbase / base;
            let leftprod = leftbase * base;
            let rightprod = (right - mode) * base;
            let u = s.u();
            if u <= ratio {
                f(left + (u * leftprod).sqrt())
            } else {
                f(right - ((1.0 - u) * rightprod).sqrt())
            }
        }
        Geometric { p } => Sample::I64(geometric(p, s)),
        NegativeBinomial { n, p } => {
            let y = std_gamma(n, s) * ((1.0 - p) / p);
            Sample::I64(poisson(y, s))
        }
        Zipf { a } => Sample::I64(zipf(a, s)),
        LogSeries { p } => Sample::I64(logseries(p, s)),
        Hypergeometric { good, bad, sample } => Sample::I64(hypergeometric(good, bad, sample, s)),
    }
}

/// `multinomial(n, pvals)` into one row of `k = pvals.len()` counts: sequential binomials,
/// `x_j = binomial(remaining, p_j / remaining_p)` (NumPy's `random_multinomial`).
pub fn multinomial_row(n: i64, pvals: &[f64], s: &mut SubStream, out: &mut [i64]) {
    let k = pvals.len();
    out.fill(0);
    let mut remaining_p = 1.0;
    let mut dn = n;
    for j in 0..k.saturating_sub(1) {
        // max/min, not clamp: fmax/fmin semantics for NaN, as the CUDA kernel
        #[allow(clippy::manual_clamp)] // NaN -> 0 like fmax/fmin; clamp keeps NaN
        let p = (pvals[j] / remaining_p).max(0.0).min(1.0);
        out[j] = binomial(dn, p, s);
        dn -= out[j];
        if dn <= 0 {
            break;
        }
        remaining_p -= pvals[j];
    }
    if dn > 0 && k > 0 {
        out[k - 1] = dn;
    }
}

/// `dirichlet(alpha)` into one row: normalized gammas, or (when every `alpha < 0.1`, where the
/// gammas underflow to 0) stick-breaking with betas (NumPy's choice).
pub fn dirichlet_row(alpha: &[f64], stick: bool, s: &mut SubStream, out: &mut [f64]) {
    let k = alpha.len();
    if k == 0 {
        return;
    }
    if stick {
        let mut acc = 1.0;
        let mut csum = 0.0;
        for &a in alpha {
            csum += a;
        }
        if csum == 0.0 {
            out.fill(0.0);
            return;
        }
        for j in 0..k - 1 {
            let v = beta(alpha[j], csum - alpha[j], s);
            out[j] = acc * v;
            acc *= 1.0 - v;
            csum -= alpha[j];
        }
        out[k - 1] = acc;
    } else {
        let mut acc = 0.0;
        for j in 0..k {
            out[j] = std_gamma(alpha[j], s);
            acc += out[j];
        }
        let inv = 1.0 / acc;
        for v in out.iter_mut() {
            *v *= inv;
        }
    }
}

/// Stores a sample as `dtype` (float64 → float32 → half, as `cpu.rs`).
pub fn put(dtype: DType, s: Sample, out: &mut [u8]) {
    let f = match s {
        Sample::F32(x) => x as f64,
        Sample::F64(x) => x,
        Sample::I64(i) => i as f64,
    };
    let i = match s {
        Sample::I64(i) => i,
        _ => f as i64,
    };
    macro_rules! w {
        ($v:expr) => {
            out.copy_from_slice(&$v.to_ne_bytes())
        };
    }
    match dtype {
        DType::Bool => out[0] = (i != 0) as u8,
        DType::Int8 => w!(i as i8),
        DType::Int16 => w!(i as i16),
        DType::Int32 => w!(i as i32),
        DType::Int64 => w!(i),
        DType::UInt8 => w!(i as u8),
        DType::UInt16 => w!(i as u16),
        DType::UInt32 => w!(i as u32),
        DType::UInt64 => w!(i as u64),
        DType::Float16 => w!(half::f16::from_f32(f as f32).to_bits()),
        DType::BFloat16 => w!(half::bf16::from_f32(f as f32).to_bits()),
        DType::Float32 => w!(f as f32),
        DType::Float64 => w!(f),
        DType::Complex64 => {
            out[..4].copy_from_slice(&(f as f32).to_ne_bytes());
            out[4..].fill(0);
        }
        DType::Complex128 => {
            out[..8].copy_from_slice(&f.to_ne_bytes());
            out[8..].fill(0);
        }
    }
}

/// Fills `out` (C-contiguous bytes of `dtype`) with elements `0..n` of a draw of `d` starting
/// at block `start`: element `i` from the sub-stream of block `start + i`.
pub fn fill(
    out: &mut [u8],
    dtype: DType,
    kind: super::BitGeneratorKind,
    seed: u64,
    start: u64,
    d: ElementDist,
) {
    let isz = dtype.itemsize();
    out.par_chunks_mut(isz * 256)
        .enumerate()
        .for_each(|(ci, chunk)| {
            for (j, e) in chunk.chunks_mut(isz).enumerate() {
                let mut s = SubStream::with_kind(kind, seed, start + (ci * 256 + j) as u64);
                put(dtype, sample2(d, &mut s), e);
            }
        });
}
