//! The legacy API: [`RandomState`] (`cupy.random.RandomState` / `numpy.random.RandomState`) and
//! the module-level functions of `cupy.random` that draw from the global generator
//! ([`seed`](super::seed) reseeds it).
//!
//! Every function here is a [`Generator`] draw: the same Philox stream on every device, float64
//! (or int64) results like CuPy's defaults. `RandomState` dereferences to its `Generator`, so
//! every `Generator` distribution is also a `RandomState` method.

use super::{Generator, with_global};
use crate::{Array, DType, IntoShape, Result};

/// `random_integers`' exclusive upper bound `high + 1` ([`crate::Error::OutOfDomain`] when
/// `high == i64::MAX`).
fn closed_high(high: i64) -> Result<i64> {
    high.checked_add(1).ok_or_else(|| {
        crate::Error::out_of_domain(
            "random_integers",
            "high",
            high,
            "(-inf, 9223372036854775807)",
        )
    })
}

/// A legacy random state (`cupy.random.RandomState(seed)`): a [`Generator`] with the legacy
/// method names (`rand`, `randn`, `randint`, `random_integers`, `random_sample`, `ranf`,
/// `sample`, `tomaxint`); every [`Generator`] method (the distributions, `choice`, `shuffle`,
/// `permutation`) is reachable through `Deref`.
///
/// The stream is cuprum's Philox stream, not NumPy's Mersenne Twister: the same seed gives
/// different numbers from NumPy's `RandomState` (as CuPy's `RandomState` does too).
///
/// # Example
/// ```
/// use cuprum_core::random::RandomState;
/// let mut rs = RandomState::new(5);
/// let a = rs.rand(&[3]).unwrap();
/// let b = rs.randint(0, 10, &[4]).unwrap();
/// let c = rs.lognormal(0.0, 1.0, &[2], cuprum_core::DType::Float64).unwrap(); // via Deref
/// assert_eq!((a.size(), b.size(), c.size()), (3, 4, 2));
/// ```
#[derive(Clone, Debug)]
pub struct RandomState {
    g: Generator,
}

impl std::ops::Deref for RandomState {
    type Target = Generator;
    fn deref(&self) -> &Generator {
        &self.g
    }
}

impl std::ops::DerefMut for RandomState {
    fn deref_mut(&mut self) -> &mut Generator {
        &mut self.g
    }
}

impl RandomState {
    /// A random state seeded with `seed`.
    pub fn new(seed: u64) -> RandomState {
        RandomState {
            g: Generator::new(seed),
        }
    }

    /// Reseeds (`RandomState.seed(seed)`): back to the start of `seed`'s stream.
    pub fn seed(&mut self, seed: u64) {
        self.g = Generator::new(seed);
    }

    /// The generator behind this state.
    pub fn generator(&mut self) -> &mut Generator {
        &mut self.g
    }

    /// Uniform float64 samples on `[0, 1)` of `shape` (`RandomState.rand(*shape)`) on the
    /// current device.
    ///
    /// # Errors
    /// Allocation and device errors.
    pub fn rand(&mut self, shape: impl IntoShape) -> Result<Array> {
        self.g.random(shape, DType::Float64)
    }

    /// Standard normal float64 samples (`RandomState.randn(*shape)`).
    ///
    /// # Errors
    /// Allocation and device errors.
    pub fn randn(&mut self, shape: impl IntoShape) -> Result<Array> {
        self.g.standard_normal(shape, DType::Float64)
    }

    /// int64 samples on `[low, high)` (`RandomState.randint(low, high, size)`).
    ///
    /// # Errors
    /// [`crate::Error::BadArgument`] when `low >= high` (NumPy: `"low >= high"`).
    pub fn randint(&mut self, low: i64, high: i64, shape: impl IntoShape) -> Result<Array> {
        self.g.integers(low, high, shape, DType::Int64)
    }

    /// int64 samples on the closed interval `[low, high]` (`RandomState.random_integers`,
    /// deprecated in NumPy).
    ///
    /// # Errors
    /// [`crate::Error::OutOfDomain`] when `low > high` or `high == i64::MAX`.
    pub fn random_integers(&mut self, low: i64, high: i64, shape: impl IntoShape) -> Result<Array> {
        self.g
            .integers(low, closed_high(high)?, shape, DType::Int64)
    }

    /// Uniform float64 samples on `[0, 1)` (`RandomState.random_sample`).
    ///
    /// # Errors
    /// Allocation and device errors.
    pub fn random_sample(&mut self, shape: impl IntoShape) -> Result<Array> {
        self.rand(shape)
    }

    /// Alias of [`RandomState::random_sample`] (`RandomState.random`).
    ///
    /// # Errors
    /// As [`RandomState::random_sample`].
    pub fn random(&mut self, shape: impl IntoShape) -> Result<Array> {
        self.rand(shape)
    }

    /// Alias of [`RandomState::random_sample`] (`RandomState.ranf`).
    ///
    /// # Errors
    /// As [`RandomState::random_sample`].
    pub fn ranf(&mut self, shape: impl IntoShape) -> Result<Array> {
        self.rand(shape)
    }

    /// Alias of [`RandomState::random_sample`] (`RandomState.sample`).
    ///
    /// # Errors
    /// As [`RandomState::random_sample`].
    pub fn sample(&mut self, shape: impl IntoShape) -> Result<Array> {
        self.rand(shape)
    }

    /// int64 samples on `[0, i64::MAX)` (`RandomState.tomaxint`).
    ///
    /// # Errors
    /// Allocation and device errors.
    pub fn tomaxint(&mut self, shape: impl IntoShape) -> Result<Array> {
        self.g.integers(0, i64::MAX, shape, DType::Int64)
    }
}

/// A snapshot of the global generator as a [`RandomState`] (`cupy.random.get_random_state`).
///
/// CuPy returns the live object; here the state is a copy, and
/// [`set_random_state`] installs one.
///
/// ```
/// use cuprum_core::random::{get_random_state, seed, set_random_state};
/// seed(3);
/// let s = get_random_state();
/// let a = cuprum_core::random::rand(&[2]).unwrap().to_vec::<f64>().unwrap();
/// set_random_state(s);
/// let b = cuprum_core::random::rand(&[2]).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(a, b);
/// ```
pub fn get_random_state() -> RandomState {
    with_global(|g| RandomState { g: g.clone() })
}

/// Installs `state` as the global generator (`cupy.random.set_random_state`).
pub fn set_random_state(state: RandomState) {
    with_global(|g| *g = state.g);
}

macro_rules! module_fns {
    ($(
        $(#[$m:meta])*
        $name:ident ( $($p:ident : $t:ty),* ) => $dtype:expr;
    )*) => { $(
        $(#[$m])*
        ///
        /// # Errors
        #[doc = concat!("As [`Generator::", stringify!($name), "_on`].")]
        pub fn $name($($p: $t,)* shape: impl IntoShape) -> Result<Array> {
            with_global(|g| g.$name($($p,)* shape, $dtype))
        }
    )* };
}

module_fns! {
    /// Float64 normal samples from the global generator (`cupy.random.normal`).
    normal(loc: f64, scale: f64) => DType::Float64;
    /// Float64 standard normal samples (`cupy.random.standard_normal`).
    standard_normal() => DType::Float64;
    /// Float64 uniform samples on `[low, high)` (`cupy.random.uniform`).
    uniform(low: f64, high: f64) => DType::Float64;
    /// Float64 exponential samples (`cupy.random.exponential`).
    exponential(scale: f64) => DType::Float64;
    /// Float64 standard exponential samples (`cupy.random.standard_exponential`).
    standard_exponential() => DType::Float64;
    /// Float64 log-normal samples (`cupy.random.lognormal`).
    lognormal(mean: f64, sigma: f64) => DType::Float64;
    /// Float64 chi-square samples (`cupy.random.chisquare`).
    chisquare(df: f64) => DType::Float64;
    /// Float64 Laplace samples (`cupy.random.laplace`).
    laplace(loc: f64, scale: f64) => DType::Float64;
    /// Float64 logistic samples (`cupy.random.logistic`).
    logistic(loc: f64, scale: f64) => DType::Float64;
    /// Float64 Gumbel samples (`cupy.random.gumbel`).
    gumbel(loc: f64, scale: f64) => DType::Float64;
    /// Float64 Rayleigh samples (`cupy.random.rayleigh`).
    rayleigh(scale: f64) => DType::Float64;
    /// Float64 Weibull samples (`cupy.random.weibull`).
    weibull(a: f64) => DType::Float64;
    /// Float64 Pareto II samples (`cupy.random.pareto`).
    pareto(a: f64) => DType::Float64;
    /// Float64 power-function samples (`cupy.random.power`).
    power(a: f64) => DType::Float64;
    /// Float64 standard Cauchy samples (`cupy.random.standard_cauchy`).
    standard_cauchy() => DType::Float64;
    /// Float64 Student's t samples (`cupy.random.standard_t`).
    standard_t(df: f64) => DType::Float64;
    /// Float64 noncentral chi-square samples (`cupy.random.noncentral_chisquare`).
    noncentral_chisquare(df: f64, nonc: f64) => DType::Float64;
    /// Float64 F samples (`cupy.random.f`).
    f(dfnum: f64, dfden: f64) => DType::Float64;
    /// Float64 noncentral F samples (`cupy.random.noncentral_f`).
    noncentral_f(dfnum: f64, dfden: f64, nonc: f64) => DType::Float64;
    /// Float64 von Mises samples (`cupy.random.vonmises`).
    vonmises(mu: f64, kappa: f64) => DType::Float64;
    /// Float64 Wald samples (`cupy.random.wald`).
    wald(mean: f64, scale: f64) => DType::Float64;
    /// Float64 triangular samples (`cupy.random.triangular`).
    triangular(left: f64, mode: f64, right: f64) => DType::Float64;
    /// int64 geometric samples (`cupy.random.geometric`).
    geometric(p: f64) => DType::Int64;
    /// int64 negative binomial samples (`cupy.random.negative_binomial`).
    negative_binomial(n: f64, p: f64) => DType::Int64;
    /// int64 Zipf samples (`cupy.random.zipf`).
    zipf(a: f64) => DType::Int64;
    /// int64 logarithmic-series samples (`cupy.random.logseries`).
    logseries(p: f64) => DType::Int64;
    /// int64 hypergeometric samples (`cupy.random.hypergeometric`).
    hypergeometric(ngood: i64, nbad: i64, nsample: i64) => DType::Int64;
}

/// int64 multinomial counts `shape + [k]` from the global generator (`cupy.random.multinomial`).
///
/// # Errors
/// As [`Generator::multinomial_on`].
pub fn multinomial(n: i64, pvals: &[f64], shape: impl IntoShape) -> Result<Array> {
    with_global(|g| g.multinomial(n, pvals, shape))
}

/// Float64 Dirichlet rows `shape + [k]` from the global generator (`cupy.random.dirichlet`).
///
/// # Errors
/// As [`Generator::dirichlet_on`].
pub fn dirichlet(alpha: &[f64], shape: impl IntoShape) -> Result<Array> {
    with_global(|g| g.dirichlet(alpha, shape))
}

/// Float64 multivariate normal rows `shape + [k]` from the global generator
/// (`cupy.random.multivariate_normal`).
///
/// # Errors
/// As [`Generator::multivariate_normal_on`].
pub fn multivariate_normal(mean: &[f64], cov: &[f64], shape: impl IntoShape) -> Result<Array> {
    with_global(|g| g.multivariate_normal(mean, cov, shape))
}

/// Uniform float64 samples on `[0, 1)` (`cupy.random.random_sample`).
///
/// # Errors
/// Allocation and device errors.
pub fn random_sample(shape: impl IntoShape) -> Result<Array> {
    super::rand(shape)
}

/// Alias of [`random_sample`] (`cupy.random.ranf`).
///
/// # Errors
/// As [`random_sample`].
pub fn ranf(shape: impl IntoShape) -> Result<Array> {
    super::rand(shape)
}

/// Alias of [`random_sample`] (`cupy.random.sample`).
///
/// # Errors
/// As [`random_sample`].
pub fn sample(shape: impl IntoShape) -> Result<Array> {
    super::rand(shape)
}

/// int64 samples on the closed interval `[low, high]` (`cupy.random.random_integers`).
///
/// # Errors
/// As [`RandomState::random_integers`].
pub fn random_integers(low: i64, high: i64, shape: impl IntoShape) -> Result<Array> {
    let hi = closed_high(high)?;
    with_global(|g| g.integers(low, hi, shape, DType::Int64))
}

/// `choice(n, size, replace)` from the global generator: int64 samples of `0..n`
/// (`cupy.random.choice` with an int `a`).
///
/// # Errors
/// As [`Generator::choice_on`].
pub fn choice(n: usize, shape: impl IntoShape, replace: bool) -> Result<Array> {
    with_global(|g| g.choice(n, shape, replace))
}

/// Shuffles `a` in place along axis 0 with the global generator (`cupy.random.shuffle`).
///
/// # Errors
/// As [`Generator::shuffle`].
pub fn shuffle(a: &Array) -> Result<()> {
    with_global(|g| g.shuffle(a))
}

/// A random permutation of `0..n` as int64 from the global generator
/// (`cupy.random.permutation` with an int).
///
/// # Errors
/// Allocation errors.
pub fn permutation(n: usize) -> Result<Array> {
    with_global(|g| g.permutation(n))
}

/// `length` random bytes from the global generator (`cupy.random.bytes(length)`), drawn on
/// the current device and returned to the host; see [`Generator::bytes_on`].
///
/// **Shapes:** `length` → a `Vec<u8>` of `length` bytes.
///
/// # Errors
/// As [`Generator::bytes_on`].
///
/// # Example
/// ```
/// use cuprum_core::random;
/// random::seed(3);
/// let a = random::bytes(8).unwrap();
/// random::seed(3);
/// assert_eq!(random::bytes(8).unwrap(), a);
/// ```
pub fn bytes(length: usize) -> Result<Vec<u8>> {
    with_global(|g| g.bytes(length))
}
