//! Random numbers: a seeded [`Generator`] on a counter-based Philox4x32-10 stream, identical on
//! the CPU and on CUDA (`cupy.random.Generator` / `numpy.random.Generator` names), and the
//! module-level `seed`, `rand`, `randn`, `randint`, `random` like `cupy.random`.
//!
//! The same seed gives the same numbers on every device: integers and uniform floats bit for
//! bit; normal and exponential samples (computed in float64 on both) to within 1 ulp of float32,
//! a few ulp of float64. The stream is *not* NumPy's (NumPy uses PCG64), so values differ from
//! NumPy's for the same seed; the distributions are the same.

pub mod cpu;
pub mod cuda;
pub mod dist;
pub mod philox;

use crate::{Array, DType, Device, Error, Result, current_device};
use dist::{Dist, Prec};
use std::sync::Mutex;

/// A random generator: a Philox4x32-10 key (the seed) and a counter of blocks consumed.
///
/// Each draw of `n` values uses the next `ceil(n / k)` Philox blocks (`k` = values per block:
/// 4 for float32/float16/bfloat16 and 32-bit-range integers, 2 for float64 and wider integers),
/// so draws are reproducible and independent of the device.
///
/// # Example
/// ```
/// use cuprum_core::{random::Generator, DType, Device};
/// let mut g = Generator::new(42);
/// let x = g.random_on(&[1000], DType::Float64, Device::Cpu).unwrap();
/// let v = x.to_vec::<f64>().unwrap();
/// assert!(v.iter().all(|&u| (0.0..1.0).contains(&u)));
/// ```
#[derive(Clone, Debug)]
pub struct Generator {
    seed: u64,
    counter: u64,
}

/// `default_rng(seed)`: a new [`Generator`].
pub fn default_rng(seed: u64) -> Generator {
    Generator::new(seed)
}

fn prec_of(op: &'static str, dtype: DType) -> Result<Prec> {
    match dtype {
        DType::Float16 | DType::BFloat16 | DType::Float32 => Ok(Prec::Single),
        DType::Float64 => Ok(Prec::Double),
        d => Err(Error::DType {
            op,
            dtype: d,
            detail: ": expected float16, bfloat16, float32 or float64".into(),
        }),
    }
}

impl Generator {
    /// A generator seeded with `seed`, at the start of its stream.
    pub fn new(seed: u64) -> Generator {
        Generator { seed, counter: 0 }
    }

    /// The seed (Philox key).
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// Philox blocks consumed so far.
    pub fn counter(&self) -> u64 {
        self.counter
    }

    /// Draws `shape` samples of `d` as `dtype` on `device`, advancing the counter.
    fn draw(
        &mut self,
        op: &'static str,
        shape: &[usize],
        dtype: DType,
        device: Device,
        d: Dist,
        prec: Prec,
    ) -> Result<Array> {
        device.check_available(op)?;
        let n = crate::layout::shape_size(shape) as u64;
        let start = self.counter;
        let out = match device {
            Device::Cpu => {
                let mut bytes = vec![0u8; n as usize * dtype.itemsize()];
                cpu::fill(&mut bytes, dtype, self.seed, start, d, prec);
                Array::from_bytes_on(&bytes, shape, dtype, device)?
            }
            Device::Cuda(i) => cuda::draw(i, shape, dtype, self.seed, start, d, prec)?,
        };
        self.counter += n.div_ceil(dist::per_block(d, prec));
        Ok(out)
    }

    /// Uniform samples on `[0, 1)` (`Generator.random`), float dtypes only.
    ///
    /// # Errors
    /// [`Error::DType`] for a non-float dtype.
    pub fn random_on(&mut self, shape: &[usize], dtype: DType, device: Device) -> Result<Array> {
        prec_of("random", dtype)?; // the error names `random`, not `uniform`
        self.uniform_on(0.0, 1.0, shape, dtype, device)
    }
    /// [`Generator::random_on`] on the current device.
    pub fn random(&mut self, shape: &[usize], dtype: DType) -> Result<Array> {
        self.random_on(shape, dtype, current_device())
    }

    /// Uniform samples on `[low, high)` (`Generator.uniform`).
    ///
    /// # Errors
    /// [`Error::DType`] for a non-float dtype; [`Error::InvalidValue`] for non-finite bounds.
    pub fn uniform_on(
        &mut self,
        low: f64,
        high: f64,
        shape: &[usize],
        dtype: DType,
        device: Device,
    ) -> Result<Array> {
        let prec = prec_of("uniform", dtype)?;
        if !low.is_finite() || !high.is_finite() {
            return Err(Error::invalid_value(
                "uniform",
                format!("low={low}, high={high} must be finite"),
            ));
        }
        self.draw(
            "uniform",
            shape,
            dtype,
            device,
            Dist::Uniform { low, high },
            prec,
        )
    }
    /// [`Generator::uniform_on`] on the current device.
    pub fn uniform(&mut self, low: f64, high: f64, shape: &[usize], dtype: DType) -> Result<Array> {
        self.uniform_on(low, high, shape, dtype, current_device())
    }

    /// Standard normal samples (`Generator.standard_normal`), Box–Muller in float64.
    ///
    /// # Errors
    /// [`Error::DType`] for a non-float dtype.
    pub fn standard_normal_on(
        &mut self,
        shape: &[usize],
        dtype: DType,
        device: Device,
    ) -> Result<Array> {
        self.normal_on(0.0, 1.0, shape, dtype, device)
    }
    /// [`Generator::standard_normal_on`] on the current device.
    pub fn standard_normal(&mut self, shape: &[usize], dtype: DType) -> Result<Array> {
        self.standard_normal_on(shape, dtype, current_device())
    }

    /// Normal samples with mean `loc` and standard deviation `scale` (`Generator.normal`).
    ///
    /// # Errors
    /// [`Error::DType`] for a non-float dtype; [`Error::InvalidValue`] when `scale < 0`.
    pub fn normal_on(
        &mut self,
        loc: f64,
        scale: f64,
        shape: &[usize],
        dtype: DType,
        device: Device,
    ) -> Result<Array> {
        let prec = prec_of("normal", dtype)?;
        if scale.is_nan() || scale < 0.0 {
            return Err(Error::invalid_value(
                "normal",
                format!("scale={scale} must be >= 0"),
            ));
        }
        self.draw(
            "normal",
            shape,
            dtype,
            device,
            Dist::Normal { loc, scale },
            prec,
        )
    }
    /// [`Generator::normal_on`] on the current device.
    pub fn normal(&mut self, loc: f64, scale: f64, shape: &[usize], dtype: DType) -> Result<Array> {
        self.normal_on(loc, scale, shape, dtype, current_device())
    }

    /// Exponential samples with the given `scale` (= 1/λ) (`Generator.exponential`).
    ///
    /// # Errors
    /// [`Error::DType`] for a non-float dtype; [`Error::InvalidValue`] when `scale < 0`.
    pub fn exponential_on(
        &mut self,
        scale: f64,
        shape: &[usize],
        dtype: DType,
        device: Device,
    ) -> Result<Array> {
        let prec = prec_of("exponential", dtype)?;
        if scale.is_nan() || scale < 0.0 {
            return Err(Error::invalid_value(
                "exponential",
                format!("scale={scale} must be >= 0"),
            ));
        }
        self.draw(
            "exponential",
            shape,
            dtype,
            device,
            Dist::Exponential { scale },
            prec,
        )
    }
    /// [`Generator::exponential_on`] on the current device.
    pub fn exponential(&mut self, scale: f64, shape: &[usize], dtype: DType) -> Result<Array> {
        self.exponential_on(scale, shape, dtype, current_device())
    }

    /// Integers on `[low, high)` (`Generator.integers`, `endpoint=False`) as an integer dtype.
    ///
    /// Multiply-shift mapping of 32 (or 64) random bits: the bias is below `range / 2^32`
    /// (`range / 2^64` for ranges over 2^32).
    ///
    /// # Errors
    /// [`Error::InvalidValue`] when `low >= high` or the bounds do not fit `dtype`;
    /// [`Error::DType`] for a non-integer dtype.
    pub fn integers_on(
        &mut self,
        low: i64,
        high: i64,
        shape: &[usize],
        dtype: DType,
        device: Device,
    ) -> Result<Array> {
        if !(dtype.is_integer() || dtype.is_bool()) {
            return Err(Error::DType {
                op: "integers",
                dtype,
                detail: ": expected an integer or bool dtype".into(),
            });
        }
        let prec = Prec::Int;
        if low >= high {
            return Err(Error::invalid_value(
                "integers",
                format!("low={low} >= high={high}"),
            ));
        }
        let lo_ok = crate::Scalar::Int(low).fits_integer(dtype);
        let hi_ok = crate::Scalar::Int(high - 1).fits_integer(dtype);
        if !lo_ok || !hi_ok {
            return Err(Error::invalid_value(
                "integers",
                format!("bounds [{low}, {high}) do not fit {dtype}"),
            ));
        }
        let range = (high as i128 - low as i128) as u64;
        self.draw(
            "integers",
            shape,
            dtype,
            device,
            Dist::Integers { low, range },
            prec,
        )
    }
    /// [`Generator::integers_on`] on the current device.
    pub fn integers(
        &mut self,
        low: i64,
        high: i64,
        shape: &[usize],
        dtype: DType,
    ) -> Result<Array> {
        self.integers_on(low, high, shape, dtype, current_device())
    }

    /// A random permutation of `0..n` as int64 (`Generator.permutation(n)`), the same on every
    /// device: sorts 64-bit Philox keys (ties broken by index).
    ///
    /// # Errors
    /// Allocation errors.
    pub fn permutation_on(&mut self, n: usize, device: Device) -> Result<Array> {
        device.check_available("permutation")?;
        let idx = self.permutation_indices(n);
        Array::from_vec_on(idx, &[n], device)
    }
    /// [`Generator::permutation_on`] on the current device.
    pub fn permutation(&mut self, n: usize) -> Result<Array> {
        self.permutation_on(n, current_device())
    }

    fn permutation_indices(&mut self, n: usize) -> Vec<i64> {
        let d = Dist::Integers {
            low: i64::MIN,
            range: u64::MAX,
        };
        let mut bytes = vec![0u8; n * 8];
        cpu::fill(
            &mut bytes,
            DType::Int64,
            self.seed,
            self.counter,
            d,
            Prec::Int,
        );
        self.counter += (n as u64).div_ceil(dist::per_block(d, Prec::Int));
        let keys: Vec<i64> = bytemuck::pod_collect_to_vec(&bytes);
        let mut idx: Vec<i64> = (0..n as i64).collect();
        idx.sort_by_key(|&i| (keys[i as usize], i));
        idx
    }

    /// `choice(n, size, replace)`: samples from `0..n` as int64 (`Generator.choice` with an int).
    ///
    /// # Errors
    /// [`Error::InvalidValue`] when `n == 0` and `size > 0`, or `size > n` without replacement.
    pub fn choice_on(
        &mut self,
        n: usize,
        size: &[usize],
        replace: bool,
        device: Device,
    ) -> Result<Array> {
        let k = crate::layout::shape_size(size);
        if n == 0 && k > 0 {
            return Err(Error::invalid_value(
                "choice",
                "a cannot be empty unless no samples are taken",
            ));
        }
        if replace {
            if k == 0 {
                return Array::from_vec_on(Vec::<i64>::new(), size, device);
            }
            return self.integers_on(0, n as i64, size, DType::Int64, device);
        }
        if k > n {
            return Err(Error::invalid_value(
                "choice",
                format!(
                    "cannot take a larger sample ({k}) than population ({n}) when replace=false"
                ),
            ));
        }
        device.check_available("choice")?;
        let idx = self.permutation_indices(n);
        Array::from_vec_on(idx[..k].to_vec(), size, device)
    }
    /// [`Generator::choice_on`] on the current device.
    pub fn choice(&mut self, n: usize, size: &[usize], replace: bool) -> Result<Array> {
        self.choice_on(n, size, replace, current_device())
    }

    /// Shuffles `a` in place along axis 0 (`Generator.shuffle`); the same permutation on every
    /// device.
    ///
    /// # Errors
    /// [`Error::InvalidValue`] for a 0-d array.
    pub fn shuffle(&mut self, a: &Array) -> Result<()> {
        if a.ndim() == 0 {
            return Err(Error::invalid_value(
                "shuffle",
                "cannot shuffle a 0-d array",
            ));
        }
        let n = a.shape()[0];
        let perm = self.permutation_indices(n);
        let src = a.as_c_contiguous()?;
        let bytes = src.to_bytes()?;
        let row = bytes.len().checked_div(n).unwrap_or(0);
        let mut out = vec![0u8; bytes.len()];
        for (i, &p) in perm.iter().enumerate() {
            out[i * row..(i + 1) * row]
                .copy_from_slice(&bytes[p as usize * row..(p as usize + 1) * row]);
        }
        let shuffled = Array::from_bytes_on(&out, a.shape(), a.dtype(), a.device())?;
        crate::backend::copy(shuffled.view(), a.view())
    }
}

fn global() -> &'static Mutex<Generator> {
    static G: std::sync::OnceLock<Mutex<Generator>> = std::sync::OnceLock::new();
    G.get_or_init(|| {
        use std::hash::{BuildHasher, Hasher};
        let mut h = std::collections::hash_map::RandomState::new().build_hasher();
        h.write_u128(
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|d| d.as_nanos())
                .unwrap_or(0),
        );
        Mutex::new(Generator::new(h.finish()))
    })
}

fn with_global<T>(f: impl FnOnce(&mut Generator) -> T) -> T {
    let mut g = global().lock().unwrap_or_else(|e| e.into_inner());
    f(&mut g)
}

/// Reseeds the module-level generator (`cupy.random.seed`).
pub fn seed(seed: u64) {
    with_global(|g| *g = Generator::new(seed));
}

/// Uniform float64 samples on `[0, 1)` from the module-level generator (`cupy.random.rand`).
///
/// # Errors
/// Allocation errors.
pub fn rand(shape: &[usize]) -> Result<Array> {
    with_global(|g| g.random(shape, DType::Float64))
}

/// Uniform float64 samples on `[0, 1)` (`cupy.random.random`).
///
/// # Errors
/// Allocation errors.
pub fn random(shape: &[usize]) -> Result<Array> {
    rand(shape)
}

/// Standard normal float64 samples (`cupy.random.randn`).
///
/// # Errors
/// Allocation errors.
pub fn randn(shape: &[usize]) -> Result<Array> {
    with_global(|g| g.standard_normal(shape, DType::Float64))
}

/// int64 samples on `[low, high)` (`cupy.random.randint`).
///
/// # Errors
/// [`Error::InvalidValue`] when `low >= high`.
pub fn randint(low: i64, high: i64, shape: &[usize]) -> Result<Array> {
    with_global(|g| g.integers(low, high, shape, DType::Int64))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(v: &[f64]) -> (f64, f64) {
        let n = v.len() as f64;
        let m = v.iter().sum::<f64>() / n;
        (m, v.iter().map(|x| (x - m) * (x - m)).sum::<f64>() / n)
    }

    #[test]
    fn uniform_normal_exponential_moments() {
        let mut g = Generator::new(7);
        let n = 200_000usize;
        let u = g
            .random_on(&[n], DType::Float64, Device::Cpu)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        let (m, v) = stats(&u);
        assert!(
            (m - 0.5).abs() < 5.0 * (1.0 / 12.0f64 / n as f64).sqrt(),
            "mean {m}"
        );
        assert!((v - 1.0 / 12.0).abs() < 2e-3, "var {v}");
        let z = g
            .normal_on(2.0, 3.0, &[n], DType::Float32, Device::Cpu)
            .unwrap()
            .to_vec::<f32>()
            .unwrap();
        let z: Vec<f64> = z.iter().map(|&x| x as f64).collect();
        let (m, v) = stats(&z);
        assert!((m - 2.0).abs() < 5.0 * 3.0 / (n as f64).sqrt(), "mean {m}");
        assert!(
            (v - 9.0).abs() < 9.0 * 5.0 * (2.0 / n as f64).sqrt(),
            "var {v}"
        );
        let e = g
            .exponential_on(0.5, &[n], DType::Float64, Device::Cpu)
            .unwrap()
            .to_vec::<f64>()
            .unwrap();
        let (m, _) = stats(&e);
        assert!((m - 0.5).abs() < 5.0 * 0.5 / (n as f64).sqrt(), "mean {m}");
    }

    #[test]
    fn integers_cover_range_and_fit() {
        let mut g = Generator::new(1);
        let x = g
            .integers_on(-3, 4, &[10_000], DType::Int8, Device::Cpu)
            .unwrap()
            .to_vec::<i8>()
            .unwrap();
        for k in -3..4 {
            let c = x.iter().filter(|&&v| v == k).count();
            assert!((1200..1700).contains(&c), "{k}: {c}");
        }
        assert!(
            g.integers_on(0, 300, &[1], DType::UInt8, Device::Cpu)
                .is_err()
        );
        assert!(
            g.integers_on(5, 5, &[1], DType::Int64, Device::Cpu)
                .is_err()
        );
        let big = g
            .integers_on(0, i64::MAX, &[1000], DType::Int64, Device::Cpu)
            .unwrap()
            .to_vec::<i64>()
            .unwrap();
        assert!(big.iter().any(|&v| v > 1 << 40));
    }

    #[test]
    fn draws_are_reproducible_and_advance() {
        let mut a = Generator::new(99);
        let mut b = Generator::new(99);
        let x = a
            .random_on(&[5], DType::Float32, Device::Cpu)
            .unwrap()
            .to_vec::<f32>()
            .unwrap();
        let y = b
            .random_on(&[5], DType::Float32, Device::Cpu)
            .unwrap()
            .to_vec::<f32>()
            .unwrap();
        assert_eq!(x, y);
        assert_eq!(a.counter(), 2);
        let x2 = a
            .random_on(&[5], DType::Float32, Device::Cpu)
            .unwrap()
            .to_vec::<f32>()
            .unwrap();
        assert_ne!(x, x2);
    }

    #[test]
    fn permutation_is_a_permutation() {
        let mut g = Generator::new(3);
        let mut p = g
            .permutation_on(1000, Device::Cpu)
            .unwrap()
            .to_vec::<i64>()
            .unwrap();
        assert_ne!(p, (0..1000).collect::<Vec<_>>());
        p.sort();
        assert_eq!(p, (0..1000).collect::<Vec<_>>());
        let c = g
            .choice_on(10, &[10], false, Device::Cpu)
            .unwrap()
            .to_vec::<i64>()
            .unwrap();
        let mut s = c.clone();
        s.sort();
        assert_eq!(s, (0..10).collect::<Vec<_>>());
        assert!(g.choice_on(3, &[4], false, Device::Cpu).is_err());
    }

    #[test]
    fn bad_dtypes_are_errors() {
        let mut g = Generator::new(0);
        assert!(matches!(
            g.random_on(&[2], DType::Int32, Device::Cpu),
            Err(Error::DType { .. })
        ));
        assert!(matches!(
            g.integers_on(0, 2, &[2], DType::Float32, Device::Cpu),
            Err(Error::DType { .. })
        ));
        assert!(
            g.normal_on(0.0, -1.0, &[2], DType::Float64, Device::Cpu)
                .is_err()
        );
    }
}
