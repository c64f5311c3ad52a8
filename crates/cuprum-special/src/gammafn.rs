//! The gamma function family: `gamma`, `gammaln`, `loggamma`, `gammasgn`, `rgamma`, `digamma`/`psi`, `polygamma`, `zeta`, `zetac`, `beta`, `betaln`, and the incomplete gamma and beta functions.

use crate::scalar::cx::Cz;
use crate::scalar::{cgamma, gamma, igam, incbet};
use crate::ufunc::{First, apply, apply_complex, ufunc_fns};
use cuprum_core::{Array, Operand, Result};

/// The gamma function. SciPy's `scipy.special.gamma`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `gamma(+-0) = +-inf`, NaN at negative integers and `-inf`, overflow to `inf` above 171.62. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input (complex64, complex128) gives the same complex dtype: `Gamma(z) = exp(loggamma(z))`, NaN at the poles `0, -1, -2, ...` and for non-finite `z`, signed zero where `Re z <= -2^53`; complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop. The result lives on the input's device.
///
/// **Algorithm:** Cephes `Gamma`: recurrence onto `[2, 3]` and a rational approximation, Stirling's series for `|x| > 33` with the reflection formula for negative `x`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex `z`: xsf's `gamma`, `exp` of [`loggamma`]'s complex value (CUDA: `kernels/special/cgamma.cuh`).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![4.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::gamma(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.gamma(4.5)
/// assert!((r[0] - 11.63172839656745).abs() <= 1e-14 * 11.63172839656745);
/// ```
pub fn gamma(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.gamma", "cgamma", x, |[re, im]| {
            let w = cgamma::gamma(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.gamma",
        "gamma",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [gamma::gamma(x)],
    )?;
    Ok(r)
}

/// The logarithm of the absolute value of the gamma function. SciPy's `scipy.special.gammaln`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `inf` at 0 and the negative integers; finite for negative non-integers. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `lgam`: recurrence and a rational approximation below 13, Stirling's series above. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![10.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::gammaln(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.gammaln(10.5)
/// assert!((r[0] - 13.940625219403763).abs() <= 1e-14 * 13.940625219403763);
/// ```
pub fn gammaln(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.gammaln",
        "gammaln",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [gamma::lgam(x)],
    )?;
    Ok(r)
}

/// The principal branch of the log-gamma function. SciPy's `scipy.special.loggamma`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** Real input: `gammaln(x)` for `x >= 0`, NaN for `x < 0` (the complex branch is not real there). Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input (complex64, complex128) gives the principal branch of `log Gamma(z)` in the same complex dtype (continuous off the negative real axis, imaginary part not reduced modulo `2 pi`), NaN at the poles `0, -1, -2, ...`; complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop. The result lives on the input's device.
///
/// **Algorithm:** Cephes `lgam` (SciPy's real `loggamma`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex `z`: xsf's `loggamma` (Hare 1997): Stirling's series for `Re z > 7` or `|Im z| > 7`, Taylor series about 1 and 2, the reflection formula for `Re z < 0.1`, else a backward recurrence counting the crossings of the branch cut (CUDA: `kernels/special/cgamma.cuh`).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![3.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::loggamma(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.loggamma(3.5)
/// assert!((r[0] - 1.2009736023470743).abs() <= 1e-14 * 1.2009736023470743);
/// ```
pub fn loggamma(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.loggamma", "cloggamma", x, |[re, im]| {
            let w = cgamma::loggamma(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.loggamma",
        "loggamma",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [gamma::loggamma(x)],
    )?;
    Ok(r)
}

/// The sign of the gamma function. SciPy's `scipy.special.gammasgn`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `+-1`; `gammasgn(+-0) = +-1`; NaN at negative integers and `-inf`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** From the parity of `floor(x)` for negative `x` (xsf `gammasgn`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![-1.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::gammasgn(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.gammasgn(-1.5)
/// assert!((r[0] - 1.0).abs() <= 1e-14 * 1.0);
/// ```
pub fn gammasgn(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.gammasgn",
        "gammasgn",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [gamma::gammasgn(x)],
    )?;
    Ok(r)
}

/// The reciprocal of the gamma function. SciPy's `scipy.special.rgamma`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** 0 at the poles of `gamma` (0 and the negative integers). Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input (complex64, complex128) gives `exp(-loggamma(z))` in the same complex dtype: 0 at the poles `0, -1, -2, ...`, NaN for non-finite `z`; complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop. The result lives on the input's device.
///
/// **Algorithm:** `1 / gamma(x)` (Cephes `Gamma`), 0 at the poles and past the overflow of `gamma`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex `z`: xsf's `rgamma`, `exp(-loggamma(z))` (CUDA: `kernels/special/cgamma.cuh`).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![4.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::rgamma(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.rgamma(4.5)
/// assert!((r[0] - 0.08597174606442).abs() <= 1e-14 * 0.08597174606442);
/// ```
pub fn rgamma(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.rgamma", "crgamma", x, |[re, im]| {
            let w = cgamma::rgamma(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.rgamma",
        "rgamma",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [gamma::rgamma(x)],
    )?;
    Ok(r)
}

/// The digamma function, the logarithmic derivative of `gamma`. SciPy's `scipy.special.digamma`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `psi(+0) = -inf`, `psi(-0) = inf`, NaN at negative integers. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input (complex64, complex128) gives the same complex dtype: NaN at the poles `0, -1, -2, ...`; complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop. The result lives on the input's device.
///
/// **Algorithm:** xsf `digamma`: a Taylor series in Hurwitz zeta values about the negative root `-0.5040...`, Cephes `psi` elsewhere (reflection, recurrence, a rational approximation on `[1, 2]` about the positive root, the asymptotic series). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex `z`: xsf's complex `digamma`: Taylor series in Hurwitz zeta values about the roots `-0.5040...` and `1.4616...`, the reflection formula for `Re z < 0` and `|Im z| < 16`, recurrences onto the asymptotic series for `|z| > 16` (CUDA: `kernels/special/cgamma.cuh`).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::digamma(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.digamma(2.5)
/// assert!((r[0] - 0.7031566406452432).abs() <= 1e-14 * 0.7031566406452432);
/// ```
pub fn digamma(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.digamma", "cdigamma", x, |[re, im]| {
            let w = cgamma::digamma(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.digamma",
        "digamma",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [gamma::digamma(x)],
    )?;
    Ok(r)
}

/// The digamma function (an alias of [`digamma`]). SciPy's `scipy.special.psi`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** As [`digamma`]. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input as [`digamma`]. The result lives on the input's device.
///
/// **Algorithm:** As [`digamma`]. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex `z`: as [`digamma`].
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::psi(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.psi(2.5)
/// assert!((r[0] - 0.7031566406452432).abs() <= 1e-14 * 0.7031566406452432);
/// ```
pub fn psi(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.psi", "cdigamma", x, |[re, im]| {
            let w = cgamma::digamma(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.psi",
        "psi",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [gamma::digamma(x)],
    )?;
    Ok(r)
}

/// The Riemann zeta function minus 1. SciPy's `scipy.special.zetac`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `zetac(1) = inf`; accurate for large `x` where `zeta(x)` rounds to 1. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `zetac`: tables at integers, rational approximations up to 50, the Dirichlet series above, the reflection formula for `x < 0`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![3.0f64], &[1], Device::Cpu).unwrap();
/// let r = special::zetac(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.zetac(3.0)
/// assert!((r[0] - 0.2020569031595943).abs() <= 1e-14 * 0.2020569031595943);
/// ```
pub fn zetac(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.zetac",
        "zetac",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [gamma::zetac(x)],
    )?;
    Ok(r)
}

ufunc_fns! {
    /// The beta function `B(a, b) = gamma(a) gamma(b) / gamma(a + b)`. SciPy's `scipy.special.beta`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** Signed; `inf` at the poles; no overflow in intermediate gammas (logarithms for large arguments). Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** Cephes `beta`: gamma quotients, `lgam` sums for arguments over 171.6, an asymptotic expansion when one argument dominates. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::beta(2.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.beta(2.5, 1.5)
    /// assert!((r[0] - 0.19634954084936204).abs() <= 1e-14 * 0.19634954084936204);
    /// ```
    beta(a, b) => F64, "beta", gamma::beta;

    /// The logarithm of the absolute value of the beta function. SciPy's `scipy.special.betaln`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** Finite for large arguments where `beta` underflows. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** Cephes `lbeta`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![30.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::betaln(20.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.betaln(20.0, 30.5)
    /// assert!((r[0] - -34.22590011935173).abs() <= 1e-14 * 34.22590011935173);
    /// ```
    betaln(a, b) => F64, "betaln", gamma::lbeta;

    /// The regularized lower incomplete gamma function `P(a, x)`. SciPy's `scipy.special.gammainc`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** 0 at `x = 0`, 1 at `x = inf`; NaN for `a < 0` or `x < 0`; `P(0, x>0) = 1`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** Cephes `igam`: the power series, `1 - Q` from the continued fraction, Temme's uniform asymptotic expansion for large `a` near `x = a`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::gammainc(2.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.gammainc(2.0, 1.5)
    /// assert!((r[0] - 0.4421745996289252).abs() <= 1e-14 * 0.4421745996289252);
    /// ```
    gammainc(a, x) => F64, "gammainc", igam::igam;

    /// The regularized upper incomplete gamma function `Q(a, x) = 1 - P(a, x)`. SciPy's `scipy.special.gammaincc`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** Small tails kept (no `1 - P` cancellation); NaN for `a < 0` or `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** Cephes `igamc`: as [`gammainc`], with a series for small `x`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::gammaincc(2.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.gammaincc(2.0, 1.5)
    /// assert!((r[0] - 0.5578254003710748).abs() <= 1e-14 * 0.5578254003710748);
    /// ```
    gammaincc(a, x) => F64, "gammaincc", igam::igamc;

    /// The polygamma function `psi^(n)(x)`, the `n`-th derivative of [`digamma`]. SciPy's `scipy.special.polygamma`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `n` a non-negative integer (given as any real dtype, as SciPy's Python function takes it). Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** `digamma` for `n = 0`, else `(-1)^(n+1) n! zeta(n + 1, x)` (Hurwitz zeta, Cephes `zeta`), as SciPy. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::polygamma(1.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.polygamma(1.0, 2.5)
    /// assert!((r[0] - 0.4903577561002349).abs() <= 1e-14 * 0.4903577561002349);
    /// ```
    polygamma(n, x) => F64, "polygamma", gamma::polygamma;

    /// The regularized incomplete beta function `I_x(a, b)`. SciPy's `scipy.special.betainc`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** 0 at `x = 0`, 1 at `x = 1`; NaN for `a < 0`, `b < 0` or `x` outside `[0, 1]`; `I_x(0, b) = 1` and `I_x(a, 0) = 0` for `0 < x < 1`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** Cephes `incbet`: a power series for `b x <= 1`, else one of two continued fractions, with the symmetry `I_x(a, b) = 1 - I_{1-x}(b, a)`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![0.4f64], &[1], Device::Cpu).unwrap();
    /// let r = special::betainc(2.0, 3.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.betainc(2.0, 3.0, 0.4)
    /// assert!((r[0] - 0.5247999999999999).abs() <= 1e-14 * 0.5247999999999999);
    /// ```
    betainc(a, b, x) => F32, "betainc", incbet::betainc
}

/// The Riemann zeta function `zeta(x)` (`q = None`) or the Hurwitz zeta function
/// `zeta(x, q) = sum((k + q)^-x, k >= 0)`. SciPy's `scipy.special.zeta`.
///
/// **Shapes:** `x` and `q` broadcast together; the result has the broadcast shape.
///
/// **Semantics:** Riemann: `inf` at 1, `-1/12` at -1, 0 at the negative even integers, 1 at
/// `inf`. Hurwitz: NaN for `x < 1`, `inf` at `x = 1` and at non-positive integer `q`. Dtypes
/// as SciPy's ufunc: float32 stays float32, other real dtypes give float64.
///
/// **Algorithm:** Riemann: Cephes `zetac` plus 1 (tables at integers, rational approximations,
/// the reflection formula with a Lanczos approximation for `x < 0`); Hurwitz: Cephes `zeta`
/// (direct summation and the Euler-Maclaurin correction).
///
/// # Errors
/// As [`beta`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![2.0f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::zeta(&x, None).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.zeta(2.0) = pi^2/6
/// assert!((r[0] - 1.6449340668482264).abs() < 1e-15);
/// ```
pub fn zeta<'a>(x: impl Into<Operand<'a>>, q: Option<Operand<'a>>) -> Result<Array> {
    let x = x.into();
    match q {
        None => {
            let [r] = apply("special.zeta", "riemann_zeta", First::F64, [&x], |[x]| {
                [gamma::riemann_zeta(x)]
            })?;
            Ok(r)
        }
        Some(q) => {
            let [r] = apply("special.zeta", "zeta", First::F64, [&x, &q], |[x, q]| {
                [gamma::zeta(x, q)]
            })?;
            Ok(r)
        }
    }
}

ufunc_fns! {
    /// The binomial coefficient as a real function of real arguments. SciPy's
    /// `scipy.special.binom(n, k)`.
    ///
    /// **Shapes:** `n` and `k` broadcast together; the result has the broadcast shape.
    ///
    /// **Semantics:** `gamma(n + 1) / (gamma(k + 1) gamma(n - k + 1))` extended continuously;
    /// NaN at negative integer `n`. Dtypes as SciPy's ufunc (`'ff->f'` listed first).
    ///
    /// **Algorithm:** xsf `binom`: a product for integer `k < 20`, asymptotic forms when
    /// `n >> k` or `k >> |n|`, `1 / ((n + 1) B(n - k + 1, k + 1))` otherwise ([`beta`]).
    ///
    /// # Errors
    /// As [`beta`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let n = Array::from_vec_on(vec![10.0f64, 2.5], &[2], Device::Cpu).unwrap();
    /// let k = Array::from_vec_on(vec![3.0f64, 1.5], &[2], Device::Cpu).unwrap();
    /// let r = cuprum_special::binom(&n, &k).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.binom([10, 2.5], [3, 1.5])
    /// assert!((r[0] - 120.0).abs() < 1e-12 && (r[1] - 2.5).abs() < 1e-14);
    /// ```
    binom(n, k) => F32, "binom", gamma::binom
}

/// The number of combinations of `N` things taken `k` at a time, as floats. SciPy's
/// `scipy.special.comb(N, k, exact=False, repetition=False)`.
///
/// **Shapes:** `N` and `k` broadcast together; the result has the broadcast shape.
///
/// **Semantics:** [`binom`]`(N, k)` where `0 <= k <= N`, 0 elsewhere; with `repetition`,
/// `binom(N + k - 1, k)` (1 where `k = 0` and `N >= 0`), as SciPy. `exact=True` (Python's arbitrary-precision integers) is not
/// available on arrays.
///
/// **Algorithm:** xsf `binom` under SciPy's mask.
///
/// # Errors
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for `exact = true`; otherwise as
/// [`binom`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let n = Array::from_vec_on(vec![10.0f64, 3.0], &[2], Device::Cpu).unwrap();
/// let r = cuprum_special::comb(&n, 3.0, false, false).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.comb([10, 3], 3)
/// assert_eq!(r, vec![120.0, 1.0]);
/// ```
pub fn comb<'a>(
    n: impl Into<Operand<'a>>,
    k: impl Into<Operand<'a>>,
    exact: bool,
    repetition: bool,
) -> Result<Array> {
    if exact {
        return Err(cuprum_core::Error::unsupported(
            "special.comb",
            "exact=True needs Python's arbitrary-precision integers; use exact=false",
        ));
    }
    let (n, k) = (n.into(), k.into());
    let [r] = if repetition {
        apply(
            "special.comb",
            "comb_rep",
            First::F32,
            [&n, &k],
            |[n, k]| [gamma::comb_rep(n, k)],
        )?
    } else {
        apply("special.comb", "comb", First::F32, [&n, &k], |[n, k]| {
            [gamma::comb(n, k)]
        })?
    };
    Ok(r)
}

ufunc_fns! {
    /// The Pochhammer symbol (rising factorial) `(z)_m = gamma(z + m) / gamma(z)`. SciPy's
    /// `scipy.special.poch(z, m)`.
    ///
    /// **Shapes:** `z` and `m` broadcast together; the result has the broadcast shape.
    ///
    /// **Semantics:** exact products for integer `m`; `inf` where `z + m` is a pole and `z` is
    /// not, 0 where `z` is a pole and `z + m` is not. Dtypes as SciPy's ufunc.
    ///
    /// **Algorithm:** Cephes `poch`: recurrence until `|m| < 1`, an asymptotic series for
    /// `z > 1e4`, `exp(gammaln(z + m) - gammaln(z))` with the signs of gamma otherwise.
    ///
    /// # Errors
    /// As [`beta`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let z = Array::from_vec_on(vec![3.0f64], &[1], Device::Cpu).unwrap();
    /// let r = cuprum_special::poch(&z, 4.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.poch(3, 4) = 3*4*5*6
    /// assert_eq!(r, vec![360.0]);
    /// ```
    poch(z, m) => F32, "poch", gamma::poch
}

/// The number of permutations of `N` things taken `k` at a time, as floats. SciPy's
/// `scipy.special.perm(N, k, exact=False)`.
///
/// **Shapes:** `N` and `k` broadcast together; the result has the broadcast shape.
///
/// **Semantics:** [`poch`]`(N - k + 1, k)` where `0 <= k <= N`, 0 elsewhere. `exact=True` is
/// not available on arrays.
///
/// **Algorithm:** Cephes `poch` under SciPy's mask.
///
/// # Errors
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for `exact = true`; otherwise as
/// [`poch`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let n = Array::from_vec_on(vec![10.0f64, 3.0], &[2], Device::Cpu).unwrap();
/// let r = cuprum_special::perm(&n, 3.0, false).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.perm([10, 3], 3)
/// assert_eq!(r, vec![720.0, 6.0]);
/// ```
pub fn perm<'a>(
    n: impl Into<Operand<'a>>,
    k: impl Into<Operand<'a>>,
    exact: bool,
) -> Result<Array> {
    if exact {
        return Err(cuprum_core::Error::unsupported(
            "special.perm",
            "exact=True needs Python's arbitrary-precision integers; use exact=false",
        ));
    }
    let [r] = apply(
        "special.perm",
        "perm",
        First::F32,
        [&n.into(), &k.into()],
        |[n, k]| [gamma::perm(n, k)],
    )?;
    Ok(r)
}
