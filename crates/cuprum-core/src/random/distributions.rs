//! [`Generator`]'s methods for the rest of `numpy.random.Generator`'s distributions (the
//! samplers are in `dist/per_element.rs`, the CUDA kernels in `kernels/random_dist.cu`).

use super::dist::per_element::{self as per_element, ElementDist};
use super::{Generator, cuda, int_dtype, prec_of, zeroed_host_bytes};
use crate::{Array, DType, Device, Error, IntoShape, Result, current_device};
use rayon::prelude::*;

/// A parameter constraint: the domain a parameter must lie in (NaN lies in none).
#[derive(Clone, Copy)]
enum Cons {
    /// anything (a location: NaN gives NaN samples)
    Any,
    /// `>= 0`, not NaN (NumPy: `"{name} < 0"`)
    NonNeg,
    /// `> 0`, not NaN (NumPy: `"{name} <= 0"`)
    Pos,
    /// `> 0`, finite (the gamma-based samplers loop forever on NaN)
    PosFin,
    /// `>= 0`, finite
    NonNegFin,
    /// in `(0, 1]` (NumPy: `"{name} <= 0, {name} > 1 or {name} contains NaNs"`)
    Gt0Le1,
    /// in `[0, 1)` (NumPy: `"{name} < 0, {name} >= 1 or {name} is NaN"`)
    Ge0Lt1,
    /// `> 1` (NumPy: `"{name} <= 1 or {name} is NaN"`)
    Gt1,
}

fn check(op: &'static str, name: &'static str, x: f64, c: Cons) -> Result<()> {
    let (ok, domain) = match c {
        Cons::Any => return Ok(()),
        Cons::NonNeg => (x >= 0.0, "[0, inf]"),
        Cons::Pos => (x > 0.0, "(0, inf]"),
        Cons::PosFin => (x > 0.0 && x.is_finite(), "(0, inf)"),
        Cons::NonNegFin => (x >= 0.0 && x.is_finite(), "[0, inf)"),
        Cons::Gt0Le1 => (x > 0.0 && x <= 1.0, "(0, 1]"),
        Cons::Ge0Lt1 => ((0.0..1.0).contains(&x), "[0, 1)"),
        Cons::Gt1 => (x > 1.0, "(1, inf]"),
    };
    if ok {
        Ok(())
    } else {
        Err(Error::out_of_domain(op, name, x, domain))
    }
}

impl Generator {
    /// Draws `shape` samples of `d` as `dtype` on `device`: element `i` from the sub-stream of
    /// block `counter + i`; the counter advances by the number of elements.
    fn draw_per_element(
        &mut self,
        op: &'static str,
        shape: &[usize],
        dtype: DType,
        device: Device,
        d: ElementDist,
    ) -> Result<Array> {
        device.check_available(op)?;
        let n = crate::layout::checked_size(op, shape, dtype.itemsize())? as u64;
        let start = self.counter;
        let out = match device {
            Device::Cpu => {
                let mut bytes = zeroed_host_bytes(n as usize * dtype.itemsize())?;
                per_element::fill(&mut bytes, dtype, self.kind, self.seed, start, d);
                Array::from_bytes_on(&bytes, shape, dtype, device)?
            }
            Device::Cuda(i) => {
                cuda::draw_per_element(i, shape, dtype, self.kind, self.seed, start, d)?
            }
            other => return Err(crate::Error::unsupported(op, format!("device {other}"))),
        };
        self.counter += n;
        Ok(out)
    }
}

/// `Generator` methods `$on` (on a device) and `$name` (on the current device) for per-element
/// samplers: `$dtype_check` accepts the dtype, each parameter `$p` is checked against `Cons::$c`
/// and `$mk` is the `ElementDist` drawn. The doc comment of each method is its `$m` lines, then
/// `$shapes`, `$errors` and an example calling it with `$ex` on `$ex_dtype` and checking
/// `$ex_check`.
macro_rules! per_element_dists {
    (
        $dtype_check:ident, $ex_dtype:literal, $shapes:literal, $errors:literal, $ex_check:literal;
        $(
            $(#[$m:meta])*
            $name:ident, $on:ident, [$($p:ident : $c:ident),*], $mk:expr, $ex:literal;
        )*
    ) => {
        impl Generator { $(
            $(#[$m])*
            ///
            #[doc = $shapes]
            ///
            /// # Errors
            #[doc = $errors]
            ///
            /// # Example
            /// ```
            /// use cuprum_core::{random::Generator, DType, Device};
            /// let mut g = Generator::new(1);
            #[doc = concat!("let x = g.", stringify!($on), "(", $ex,
                "&[100], DType::", $ex_dtype, ", Device::Cpu).unwrap();")]
            #[doc = $ex_check]
            /// ```
            pub fn $on(
                &mut self,
                $($p: f64,)*
                shape: impl IntoShape,
                dtype: DType,
                device: Device,
            ) -> Result<Array> {
                let op = stringify!($name);
                let shape = &shape.to_shape(op)?[..];
                $dtype_check(op, dtype)?;
                $( check(op, stringify!($p), $p, Cons::$c)?; )*
                let d = $mk;
                self.draw_per_element(op, shape, dtype, device, d)
            }
            #[doc = concat!("[`Generator::", stringify!($on), "`] on the current device.")]
            ///
            /// # Errors
            #[doc = concat!("As [`Generator::", stringify!($on), "`].")]
            pub fn $name(&mut self, $($p: f64,)* shape: impl IntoShape, dtype: DType) -> Result<Array> {
                self.$on($($p,)* shape, dtype, current_device())
            }
        )* }
    };
}

per_element_dists! {
    prec_of, "Float64",
    "**Shapes**: `shape` → an array of `shape` and `dtype` (float16, bfloat16, float32 or \
     float64; NumPy returns float64). Computed in float64 from the element's own Philox \
     sub-stream and rounded to `dtype`: the same numbers on every device (see \
     `random/dist/per_element.rs`).",
    "[`Error::DType`] for a non-float dtype; [`Error::BadArgument`] or \
     [`Error::OutOfDomain`] naming a parameter out of its domain (NaN is rejected for shape \
     and scale parameters, where NumPy would return NaN).",
    "assert_eq!(x.shape(), &[100]);\n\
     assert!(x.to_vec::<f64>().unwrap().iter().all(|v| !v.is_nan()));";
    /// Log-normal samples (`Generator.lognormal(mean, sigma)`): `exp(mean + sigma·N)`, `N`
    /// standard normal by Box–Muller.
    lognormal, lognormal_on, [mean: Any, sigma: NonNeg],
        ElementDist::LogNormal { mean, sigma }, "0.0, 1.0, ";
    /// Standard exponential samples (`Generator.standard_exponential`): `-ln(1 - U)`.
    standard_exponential, standard_exponential_on, [], ElementDist::StdExponential, "";
    /// Chi-square samples with `df` degrees of freedom (`Generator.chisquare(df)`):
    /// `2 · standard_gamma(df / 2)` (Marsaglia–Tsang).
    chisquare, chisquare_on, [df: PosFin], ElementDist::ChiSquare { df }, "3.0, ";
    /// Laplace (double exponential) samples (`Generator.laplace(loc, scale)`) by inversion.
    laplace, laplace_on, [loc: Any, scale: NonNeg], ElementDist::Laplace { loc, scale }, "0.0, 1.0, ";
    /// Logistic samples (`Generator.logistic(loc, scale)`): `loc + scale·ln(U / (1 - U))`.
    logistic, logistic_on, [loc: Any, scale: NonNeg],
        ElementDist::Logistic { loc, scale }, "0.0, 1.0, ";
    /// Gumbel (extreme value type I) samples (`Generator.gumbel(loc, scale)`):
    /// `loc - scale·ln(-ln(1 - U))`.
    gumbel, gumbel_on, [loc: Any, scale: NonNeg], ElementDist::Gumbel { loc, scale }, "0.0, 1.0, ";
    /// Rayleigh samples (`Generator.rayleigh(scale)`): `scale·sqrt(2E)`, `E` standard
    /// exponential.
    rayleigh, rayleigh_on, [scale: NonNeg], ElementDist::Rayleigh { scale }, "1.0, ";
    /// Weibull samples with shape `a` (`Generator.weibull(a)`): `E^(1/a)` (0 when `a = 0`).
    weibull, weibull_on, [a: NonNeg], ElementDist::Weibull { a }, "1.5, ";
    /// Pareto II (Lomax) samples with shape `a` (`Generator.pareto(a)`): `expm1(E / a)`.
    pareto, pareto_on, [a: Pos], ElementDist::Pareto { a }, "3.0, ";
    /// Power-function samples on `[0, 1]` with exponent `a - 1` (`Generator.power(a)`):
    /// `(1 - exp(-E))^(1/a)`.
    power, power_on, [a: Pos], ElementDist::Power { a }, "2.0, ";
    /// Standard Cauchy (Lorentz) samples (`Generator.standard_cauchy`): the ratio of two
    /// standard normals.
    standard_cauchy, standard_cauchy_on, [], ElementDist::StdCauchy, "";
    /// Student's t samples with `df` degrees of freedom (`Generator.standard_t(df)`):
    /// `N·sqrt(df/2) / sqrt(G)`, `G ~ standard_gamma(df/2)`.
    standard_t, standard_t_on, [df: PosFin], ElementDist::StdT { df }, "5.0, ";
    /// Noncentral chi-square samples (`Generator.noncentral_chisquare(df, nonc)`): for `df > 1`,
    /// `chisquare(df - 1) + (N + sqrt(nonc))²`; otherwise `chisquare(df + 2·poisson(nonc/2))`.
    noncentral_chisquare, noncentral_chisquare_on, [df: PosFin, nonc: NonNegFin],
        ElementDist::NoncentralChiSquare { df, nonc }, "3.0, 2.0, ";
    /// F (Fisher–Snedecor) samples (`Generator.f(dfnum, dfden)`): the ratio of two scaled
    /// chi-squares.
    f, f_on, [dfnum: PosFin, dfden: PosFin], ElementDist::F { dfnum, dfden }, "5.0, 10.0, ";
    /// Noncentral F samples (`Generator.noncentral_f(dfnum, dfden, nonc)`).
    noncentral_f, noncentral_f_on, [dfnum: PosFin, dfden: PosFin, nonc: NonNegFin],
        ElementDist::NoncentralF { dfnum, dfden, nonc }, "5.0, 10.0, 1.5, ";
    /// Von Mises samples on `[-π, π]` (`Generator.vonmises(mu, kappa)`): Best and Fisher's
    /// rejection (NumPy ≥ 1.25: uniform for `kappa < 1e-8`, wrapped normal above `1e6`).
    vonmises, vonmises_on, [mu: Any, kappa: NonNeg], ElementDist::VonMises { mu, kappa }, "0.5, 4.0, ";
    /// Wald (inverse Gaussian) samples (`Generator.wald(mean, scale)`): Michael, Schucany and
    /// Haas's transformation with one normal and one uniform.
    wald, wald_on, [mean: Pos, scale: Pos], ElementDist::Wald { mean, scale }, "1.0, 2.0, ";
}

impl Generator {
    /// Triangular samples on `[left, right]` with peak at `mode`
    /// (`Generator.triangular(left, mode, right)`), by inversion of one uniform.
    ///
    /// **Shapes**: `shape` → `shape` of the float `dtype`; the same numbers on every device.
    ///
    /// # Errors
    /// [`Error::DType`] for a non-float dtype; [`Error::BadArgument`] or [`Error::OutOfDomain`]: `"left > mode"`,
    /// `"mode > right"`, `"left == right"` (NumPy's), or a NaN/infinite bound.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{random::Generator, DType, Device};
    /// let mut g = Generator::new(1);
    /// let x = g.triangular_on(0.0, 1.0, 3.0, &[100], DType::Float64, Device::Cpu).unwrap();
    /// assert!(x.to_vec::<f64>().unwrap().iter().all(|&v| (0.0..=3.0).contains(&v)));
    /// ```
    pub fn triangular_on(
        &mut self,
        left: f64,
        mode: f64,
        right: f64,
        shape: impl IntoShape,
        dtype: DType,
        device: Device,
    ) -> Result<Array> {
        let op = "triangular";
        let shape = &shape.to_shape(op)?[..];
        prec_of(op, dtype)?;
        for (arg, v) in [("left", left), ("mode", mode), ("right", right)] {
            if !v.is_finite() {
                return Err(Error::out_of_domain(op, arg, v, "finite values"));
            }
        }
        if left > mode || mode > right {
            return Err(Error::out_of_domain(
                op,
                "mode",
                mode,
                format!("[left, right] = [{left}, {right}]"),
            ));
        }
        if left == right {
            return Err(Error::bad_argument(
                op,
                "right",
                right,
                format!("a value greater than left = {left}"),
            ));
        }
        let d = ElementDist::Triangular { left, mode, right };
        self.draw_per_element(op, shape, dtype, device, d)
    }
    /// [`Generator::triangular_on`] on the current device.
    ///
    /// # Errors
    /// As [`Generator::triangular_on`].
    pub fn triangular(
        &mut self,
        left: f64,
        mode: f64,
        right: f64,
        shape: impl IntoShape,
        dtype: DType,
    ) -> Result<Array> {
        self.triangular_on(left, mode, right, shape, dtype, current_device())
    }
}

per_element_dists! {
    int_dtype, "Int64",
    "**Shapes**: `shape` → an array of `shape` and the integer `dtype` (NumPy returns int64; a \
     value beyond a narrower dtype wraps as a C cast). The same numbers on every device (see \
     `random/dist/per_element.rs`).",
    "[`Error::DType`] for a non-integer dtype; [`Error::OutOfDomain`] naming a parameter out \
     of its domain.",
    "assert!(x.to_vec::<i64>().unwrap().iter().all(|&k| k >= 0));";
    /// Geometric samples, the number of trials up to the first success (`>= 1`)
    /// (`Generator.geometric(p)`): sequential search for `p >= 1/3`, inversion
    /// `ceil(-E / log1p(-p))` below.
    geometric, geometric_on, [p: Gt0Le1], ElementDist::Geometric { p }, "0.2, ";
    /// Negative binomial samples, failures before the `n`-th success
    /// (`Generator.negative_binomial(n, p)`): `poisson(gamma(n, (1-p)/p))`.
    negative_binomial, negative_binomial_on, [n: PosFin, p: Gt0Le1],
        ElementDist::NegativeBinomial { n, p }, "5.0, 0.4, ";
    /// Zipf samples (`>= 1`) with exponent `a > 1` (`Generator.zipf(a)`): Devroye's rejection
    /// (NumPy's).
    zipf, zipf_on, [a: Gt1], ElementDist::Zipf { a }, "2.0, ";
    /// Logarithmic-series samples (`>= 1`) (`Generator.logseries(p)`): Kemp's second
    /// accelerated generator (NumPy's).
    logseries, logseries_on, [p: Ge0Lt1], ElementDist::LogSeries { p }, "0.6, ";
}

impl Generator {
    /// Hypergeometric samples: good items among `nsample` drawn without replacement from
    /// `ngood` good and `nbad` bad (`Generator.hypergeometric(ngood, nbad, nsample)`).
    ///
    /// Urn simulation when `nsample < 10` or `nsample > ngood + nbad - 10`, Stadlober's HRUA
    /// ratio-of-uniforms otherwise (NumPy's choice).
    ///
    /// **Shapes**: `shape` → `shape` of the integer `dtype` (NumPy: int64); the same numbers on
    /// every device.
    ///
    /// # Errors
    /// [`Error::DType`] for a non-integer dtype; [`Error::OutOfDomain`] naming the parameter, on NumPy's conditions:
    /// `"ngood < 0"`, `"nbad < 0"`, `"nsample < 0"`, `"ngood + nbad < nsample"`, `"both ngood
    /// and nbad must be less than 1000000000"`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{random::Generator, DType, Device};
    /// let mut g = Generator::new(1);
    /// let x = g.hypergeometric_on(7, 5, 4, &[100], DType::Int64, Device::Cpu).unwrap();
    /// assert!(x.to_vec::<i64>().unwrap().iter().all(|&k| (0..=4).contains(&k)));
    /// ```
    pub fn hypergeometric_on(
        &mut self,
        ngood: i64,
        nbad: i64,
        nsample: i64,
        shape: impl IntoShape,
        dtype: DType,
        device: Device,
    ) -> Result<Array> {
        let op = "hypergeometric";
        let shape = &shape.to_shape(op)?[..];
        int_dtype(op, dtype)?;
        for (arg, v) in [("ngood", ngood), ("nbad", nbad), ("nsample", nsample)] {
            if v < 0 {
                return Err(Error::out_of_domain(op, arg, v, "[0, inf)"));
            }
        }
        for (arg, v) in [("ngood", ngood), ("nbad", nbad)] {
            if v >= 1_000_000_000 {
                return Err(Error::out_of_domain(op, arg, v, "[0, 1000000000)"));
            }
        }
        if ngood + nbad < nsample {
            return Err(Error::out_of_domain(
                op,
                "nsample",
                nsample,
                format!("[0, ngood + nbad] = [0, {}]", ngood + nbad),
            ));
        }
        let d = ElementDist::Hypergeometric {
            good: ngood,
            bad: nbad,
            sample: nsample,
        };
        self.draw_per_element(op, shape, dtype, device, d)
    }
    /// [`Generator::hypergeometric_on`] on the current device.
    ///
    /// # Errors
    /// As [`Generator::hypergeometric_on`].
    pub fn hypergeometric(
        &mut self,
        ngood: i64,
        nbad: i64,
        nsample: i64,
        shape: impl IntoShape,
        dtype: DType,
    ) -> Result<Array> {
        self.hypergeometric_on(ngood, nbad, nsample, shape, dtype, current_device())
    }

    /// Rows of a per-row sampler: `shape + [k]`, row `r` from the sub-stream of block
    /// `counter + r`; the counter advances by the number of rows.
    fn draw_rows(
        &mut self,
        op: &'static str,
        shape: &[usize],
        params: &[f64],
        multinomial: Option<i64>,
        stick: bool,
        device: Device,
    ) -> Result<Array> {
        device.check_available(op)?;
        let k = params.len();
        let mut full = shape.to_vec();
        full.push(k);
        crate::layout::checked_size(op, &full, 8)?;
        let rows = crate::layout::checked_size(op, shape, 1)?;
        let start = self.counter;
        let (seed, ps, kind) = (self.seed, params, self.kind);
        let out = match device {
            Device::Cpu => {
                // `rows` rows of `k` values, row `r` filled by `fill` from sub-stream `start + r`.
                fn host_rows<T: crate::Element + Default>(
                    rows: usize,
                    k: usize,
                    stream: impl Fn(u64) -> super::dist::SubStream + Sync,
                    fill: impl Fn(&mut super::dist::SubStream, &mut [T]) + Sync,
                ) -> Result<Vec<T>> {
                    let mut v = crate::storage::try_vec_with_capacity::<T>(rows * k)?;
                    v.resize(rows * k, T::default());
                    if k > 0 {
                        v.par_chunks_mut(k)
                            .enumerate()
                            .for_each(|(r, row)| fill(&mut stream(r as u64), row));
                    }
                    Ok(v)
                }
                let stream = |r: u64| super::dist::SubStream::with_kind(kind, seed, start + r);
                match multinomial {
                    Some(n) => {
                        let v = host_rows(rows, k, stream, |s, row: &mut [i64]| {
                            per_element::multinomial_row(n, ps, s, row)
                        })?;
                        Array::from_vec_on(v, &full, device)?
                    }
                    None => {
                        let v = host_rows(rows, k, stream, |s, row: &mut [f64]| {
                            per_element::dirichlet_row(ps, stick, s, row)
                        })?;
                        Array::from_vec_on(v, &full, device)?
                    }
                }
            }
            Device::Cuda(i) => {
                cuda::draw_rows(i, &full, kind, seed, start, ps, multinomial, stick)?
            }
            other => return Err(crate::Error::unsupported(op, format!("device {other}"))),
        };
        self.counter += rows as u64;
        Ok(out)
    }

    /// Multinomial samples (`Generator.multinomial(n, pvals, size)`): counts of `n` trials over
    /// `k = pvals.len()` outcomes; the last probability is `1 - sum(pvals[..k-1])` (its given
    /// value is not read, as NumPy).
    ///
    /// **Shapes**: `shape` → int64 `shape + [k]`. Sequential binomials per row (NumPy's
    /// algorithm), each row from its own Philox sub-stream: the same counts on every device.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] or [`Error::BadShape`] naming the parameter, on NumPy's conditions: `"n < 0"`, `"pvals < 0, pvals > 1 or
    /// pvals contains NaNs"`, `"sum(pvals[:-1]) > 1.0"`; an empty `pvals` with `n > 0`.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{random::Generator, Device};
    /// let mut g = Generator::new(1);
    /// let x = g.multinomial_on(20, &[0.2, 0.3, 0.5], &[4], Device::Cpu).unwrap();
    /// assert_eq!(x.shape(), &[4, 3]);
    /// let v = x.to_vec::<i64>().unwrap();
    /// assert!(v.chunks(3).all(|r| r.iter().sum::<i64>() == 20));
    /// ```
    pub fn multinomial_on(
        &mut self,
        n: i64,
        pvals: &[f64],
        shape: impl IntoShape,
        device: Device,
    ) -> Result<Array> {
        let op = "multinomial";
        let shape = &shape.to_shape(op)?[..];
        if n < 0 {
            return Err(Error::out_of_domain(op, "n", n, "[0, inf)"));
        }
        if let Some(&p) = pvals.iter().find(|&&p| !(0.0..=1.0).contains(&p)) {
            return Err(Error::out_of_domain(op, "pvals", p, "[0, 1]"));
        }
        if pvals.is_empty() && n > 0 {
            return Err(Error::bad_shape(
                op,
                "pvals",
                &[0],
                "at least one entry when n > 0",
            ));
        }
        let head: f64 = pvals[..pvals.len().saturating_sub(1)].iter().sum();
        if head > 1.0 + 1e-12 {
            return Err(Error::out_of_domain(
                op,
                "pvals",
                format!("{pvals:?} (sum(pvals[:-1]) = {head})"),
                "probabilities whose first k - 1 sum to at most 1",
            ));
        }
        self.draw_rows(op, shape, pvals, Some(n), false, device)
    }
    /// [`Generator::multinomial_on`] on the current device.
    ///
    /// # Errors
    /// As [`Generator::multinomial_on`].
    pub fn multinomial(&mut self, n: i64, pvals: &[f64], shape: impl IntoShape) -> Result<Array> {
        self.multinomial_on(n, pvals, shape, current_device())
    }

    /// Dirichlet samples (`Generator.dirichlet(alpha, size)`): points of the simplex, each row
    /// summing to 1.
    ///
    /// **Shapes**: `shape` → float64 `shape + [k]`, `k = alpha.len()`. Normalized standard
    /// gammas, or stick-breaking with betas when every `alpha < 0.1` (where the gammas
    /// underflow; NumPy's choice); all-zero `alpha` gives zeros. Each row from its own Philox
    /// sub-stream: the same numbers on every device.
    ///
    /// # Errors
    /// [`Error::OutOfDomain`]: `"alpha < 0"`, `"alpha contains NaNs"` (NumPy 2 returns NaN
    /// rows), an infinite alpha.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{random::Generator, Device};
    /// let mut g = Generator::new(1);
    /// let x = g.dirichlet_on(&[1.0, 2.0, 3.0], &[5], Device::Cpu).unwrap();
    /// let v = x.to_vec::<f64>().unwrap();
    /// assert!(v.chunks(3).all(|r| (r.iter().sum::<f64>() - 1.0).abs() < 1e-12));
    /// ```
    pub fn dirichlet_on(
        &mut self,
        alpha: &[f64],
        shape: impl IntoShape,
        device: Device,
    ) -> Result<Array> {
        let op = "dirichlet";
        let shape = &shape.to_shape(op)?[..];
        if let Some(&a) = alpha.iter().find(|&&a| !(a >= 0.0 && a.is_finite())) {
            return Err(Error::out_of_domain(op, "alpha", a, "[0, inf)"));
        }
        let stick = !alpha.is_empty() && alpha.iter().all(|&a| a < 0.1);
        self.draw_rows(op, shape, alpha, None, stick, device)
    }
    /// [`Generator::dirichlet_on`] on the current device.
    ///
    /// # Errors
    /// As [`Generator::dirichlet_on`].
    pub fn dirichlet(&mut self, alpha: &[f64], shape: impl IntoShape) -> Result<Array> {
        self.dirichlet_on(alpha, shape, current_device())
    }

    /// Multivariate normal samples (`Generator.multivariate_normal(mean, cov, size,
    /// method='cholesky')`, CuPy's default method).
    ///
    /// **Shapes**: `mean` of length `k`, `cov` a `k × k` row-major matrix (symmetric positive
    /// semi-definite), `shape` → float64 `shape + [k]`. `x = mean + z @ Lᵀ` with `z` standard
    /// normals from [`Generator::standard_normal_on`] (the same stream on every device) and `L`
    /// the Cholesky factor of `cov`, computed on the host in float64 (a zero pivot of a
    /// semi-definite `cov` leaves its column zero); the product runs on `device` (`matmul`).
    ///
    /// # Errors
    /// [`Error::OutOfDomain`] or [`Error::BadShape`]: `"mean and cov must have same length"`, `"cov must be 2
    /// dimensional and square"` (NumPy's), a non-finite `cov`, or `cov` not positive
    /// semi-definite (a pivot below `-1e-8 · max|cov|`).
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{random::Generator, Device};
    /// let mut g = Generator::new(1);
    /// let x = g.multivariate_normal_on(&[1.0, -1.0], &[2.0, 0.5, 0.5, 1.0], &[10], Device::Cpu)
    ///     .unwrap();
    /// assert_eq!(x.shape(), &[10, 2]);
    /// ```
    pub fn multivariate_normal_on(
        &mut self,
        mean: &[f64],
        cov: &[f64],
        shape: impl IntoShape,
        device: Device,
    ) -> Result<Array> {
        let op = "multivariate_normal";
        let shape = &shape.to_shape(op)?[..];
        let k = mean.len();
        if cov.len() != k * k {
            return Err(Error::bad_shape(
                op,
                "cov",
                &[cov.len()],
                format!(
                    "{} entries (a square {k} x {k} matrix for a mean of length {k})",
                    k * k
                ),
            ));
        }
        if let Some(&c) = cov.iter().find(|c| !c.is_finite()) {
            return Err(Error::out_of_domain(op, "cov", c, "finite values"));
        }
        let l = psd_cholesky(op, cov, k)?;
        let mut full = shape.to_vec();
        full.push(k);
        let z = self.standard_normal_on(&full, DType::Float64, device)?;
        if z.size() == 0 {
            return Ok(z);
        }
        let lt = Array::from_vec_on(l, &[k, k], device)?.transpose()?;
        let m = Array::from_vec_on(mean.to_vec(), &[k], device)?;
        crate::add(&crate::matmul(&z, &lt)?, &m)
    }
    /// [`Generator::multivariate_normal_on`] on the current device.
    ///
    /// # Errors
    /// As [`Generator::multivariate_normal_on`].
    pub fn multivariate_normal(
        &mut self,
        mean: &[f64],
        cov: &[f64],
        shape: impl IntoShape,
    ) -> Result<Array> {
        self.multivariate_normal_on(mean, cov, shape, current_device())
    }
}

/// The lower Cholesky factor of a symmetric positive semi-definite row-major `k × k` matrix; a
/// pivot within `tol` of zero leaves its column zero.
fn psd_cholesky(op: &'static str, a: &[f64], k: usize) -> Result<Vec<f64>> {
    let scale = a.iter().fold(0.0f64, |m, x| m.max(x.abs()));
    let tol = 1e-8 * scale.max(f64::MIN_POSITIVE);
    let mut l = vec![0.0; k * k];
    for j in 0..k {
        let mut d = a[j * k + j];
        for p in 0..j {
            d -= l[j * k + p] * l[j * k + p];
        }
        if d < -tol {
            return Err(Error::out_of_domain(
                op,
                "cov",
                format!("a matrix with pivot {j} = {d:e}"),
                "positive semi-definite matrices",
            ));
        }
        if d <= tol {
            continue;
        }
        let djj = d.sqrt();
        l[j * k + j] = djj;
        for i in j + 1..k {
            let mut s = a[i * k + j];
            for p in 0..j {
                s -= l[i * k + p] * l[j * k + p];
            }
            l[i * k + j] = s / djj;
        }
    }
    Ok(l)
}
