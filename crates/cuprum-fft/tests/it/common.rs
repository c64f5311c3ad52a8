//! Shared helpers: a seeded generator, reading any result as complex f64, a naive DFT
//! reference and tolerance checks from machine epsilon.

use cuprum_core::{Array, Complex32, Complex64, DType, Device, Result};

/// SplitMix64: small, seeded, reproducible.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// uniform in [-1, 1)
    pub fn f64(&mut self) -> f64 {
        (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64 * 2.0 - 1.0
    }
    /// uniform in lo..hi
    pub fn range(&mut self, lo: usize, hi: usize) -> usize {
        lo + (self.next_u64() % (hi - lo) as u64) as usize
    }
    pub fn vec_f64(&mut self, n: usize) -> Vec<f64> {
        (0..n).map(|_| self.f64()).collect()
    }
    pub fn vec_c128(&mut self, n: usize) -> Vec<Complex64> {
        (0..n)
            .map(|_| Complex64::new(self.f64(), self.f64()))
            .collect()
    }
}

/// Every element as complex f64 (C order), whatever the dtype.
pub fn values(a: &Array) -> Result<Vec<Complex64>> {
    let cpu = a.to_device(Device::Cpu)?;
    Ok(match cpu.dtype() {
        DType::Complex128 => cpu.to_vec::<Complex64>()?,
        DType::Complex64 => cpu
            .to_vec::<Complex32>()?
            .into_iter()
            .map(|z| Complex64::new(z.re as f64, z.im as f64))
            .collect(),
        DType::Float64 => cpu
            .to_vec::<f64>()?
            .into_iter()
            .map(|x| Complex64::new(x, 0.0))
            .collect(),
        DType::Float32 => cpu
            .to_vec::<f32>()?
            .into_iter()
            .map(|x| Complex64::new(x as f64, 0.0))
            .collect(),
        DType::Int64 => cpu
            .to_vec::<i64>()?
            .into_iter()
            .map(|x| Complex64::new(x as f64, 0.0))
            .collect(),
        d => panic!("values: unexpected result dtype {d}"),
    })
}

/// Machine epsilon of the precision of `dtype`.
pub fn eps(dtype: DType) -> f64 {
    match dtype {
        DType::Complex64 | DType::Float32 => f32::EPSILON as f64,
        _ => f64::EPSILON,
    }
}

/// max |x - y| / max |y| (relative max-norm error).
pub fn rel_err(x: &[Complex64], y: &[Complex64]) -> f64 {
    assert_eq!(x.len(), y.len(), "lengths differ");
    let scale = y.iter().map(|z| z.norm()).fold(0.0, f64::max).max(1e-300);
    x.iter()
        .zip(y)
        .map(|(a, b)| (a - b).norm())
        .fold(0.0, f64::max)
        / scale
}

/// Tolerance for a transform of total length `n` in precision `dtype`: eps * (log2 n + 1) * c.
pub fn tol(dtype: DType, n: usize) -> f64 {
    eps(dtype) * ((n.max(2) as f64).log2() + 1.0) * 8.0
}

/// The naive O(n²) DFT of one line (`sign` -1 forward, +1 inverse, unscaled).
pub fn naive_dft(x: &[Complex64], sign: f64) -> Vec<Complex64> {
    let n = x.len();
    (0..n)
        .map(|k| {
            x.iter()
                .enumerate()
                .map(|(j, v)| {
                    let ang = sign * 2.0 * std::f64::consts::PI * ((j * k) % n) as f64 / n as f64;
                    v * Complex64::new(ang.cos(), ang.sin())
                })
                .sum()
        })
        .collect()
}

/// Naive DFT of a C-order buffer of `shape` along `axis`.
pub fn naive_dft_axis(x: &[Complex64], shape: &[usize], axis: usize, sign: f64) -> Vec<Complex64> {
    let n = shape[axis];
    let inner: usize = shape[axis + 1..].iter().product();
    let outer: usize = shape[..axis].iter().product();
    let mut out = x.to_vec();
    for o in 0..outer {
        for i in 0..inner {
            let line: Vec<Complex64> = (0..n).map(|j| x[(o * n + j) * inner + i]).collect();
            let y = naive_dft(&line, sign);
            for j in 0..n {
                out[(o * n + j) * inner + i] = y[j];
            }
        }
    }
    out
}

/// Devices to run on: the CPU, and CUDA 0 when present.
pub fn devices() -> Vec<Device> {
    cuprum_core::devices().into_iter().take(2).collect()
}
