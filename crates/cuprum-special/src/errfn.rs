//! The error function family and the normal distribution: `erf`, `erfc`, `erfcx`, `erfinv`, `erfcinv`, `ndtr`, `ndtri`, and Owen's T function `owens_t`.

use crate::scalar::cx::Cz;
use crate::scalar::{cerf, erf};
use crate::ufunc::{First, apply, apply_complex, ufunc_fns};
use cuprum_core::{Array, Operand, Result};

/// The error function `2/sqrt(pi) * integral(exp(-t^2), 0, x)`. SciPy's `scipy.special.erf`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `erf(+-0) = +-0`, `erf(+-inf) = +-1`, NaN in NaN out. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input (complex64, complex128) gives the same complex dtype (complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop). The result lives on the input's device.
///
/// **Algorithm:** Cephes `erf`: a rational approximation for `|x| <= 1`, `1 - erfc(x)` above. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex `z`: the Faddeeva package's complex `erf` (Taylor series for small `|z|` and small `|x y|`, else through `w(z)`); CUDA: `kernels/special/cerf.cuh`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::erf(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.erf(0.5)
/// assert!((r[0] - 0.5204998778130465).abs() <= 1e-14 * 0.5204998778130465);
/// ```
pub fn erf(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.erf", "cerf", x, |[re, im]| {
            let w = cerf::cerf(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.erf",
        "erf",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [erf::erf(x)],
    )?;
    Ok(r)
}

/// The complementary error function `1 - erf(x)`, accurate where `erf(x)` is near 1. SciPy's `scipy.special.erfc`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `erfc(-inf) = 2`, `erfc(inf) = 0`; underflows to 0 past `x ~ 26.5`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input (complex64, complex128) gives the same complex dtype (complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop). The result lives on the input's device.
///
/// **Algorithm:** Cephes `erfc`: `exp(-x^2)` times rational approximations on `[1, 8)` and `[8, inf)`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex `z`: the Faddeeva package's complex `erfc` (`exp(-z^2) w(iz)`, `2 - exp(-z^2) w(-iz)` for `Re z < 0`); CUDA: `kernels/special/cerf.cuh`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::erfc(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.erfc(1.5)
/// assert!((r[0] - 0.03389485352468927).abs() <= 1e-14 * 0.03389485352468927);
/// ```
pub fn erfc(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.erfc", "cerfc", x, |[re, im]| {
            let w = cerf::cerfc(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.erfc",
        "erfc",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [erf::erfc(x)],
    )?;
    Ok(r)
}

/// The scaled complementary error function `exp(x^2) erfc(x)`, finite where `erfc`
/// underflows. SciPy's `scipy.special.erfcx`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `erfcx(inf) = 0`, `erfcx(-inf) = inf` (overflow past `x ~ -26.6`), about
/// `1/(x sqrt(pi))` for large `x`. Dtypes as SciPy's ufunc: float32 stays float32; other real
/// dtypes give float64 (SciPy lists the float64 loop first); complex input (complex64, complex128) gives the same complex dtype (complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop). The result lives on the input's device.
///
/// **Algorithm:** `exp(x^2) (1 - erf(x))` below 1 with the rounding of `x^2` corrected
/// (`x^2 = h + l` exactly by a fused multiply-add); Cephes' rational approximations of
/// `exp(x^2) erfc(x)` on `[1, 8)` and `[8, 50)` without the exponential; the asymptotic series
/// beyond; `2 exp(x^2) - erfcx(-x)` for negative `x`. Within 2e-15 of SciPy's values for
/// `x > -1`; for `x < -1` within 1e-15 of the exact value, where SciPy's (Faddeeva's) rounded
/// `exp(x^2)` is off by up to 6e-14. The CPU computes in float64 (Rust); CUDA runs the same
/// algorithm in `kernels/special/`. For complex `z`: the Faddeeva package's `erfcx(z) = w(iz)`; CUDA: `kernels/special/cerf.cuh`.
///
/// # Errors
/// /// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::erfcx(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.erfcx(2.5)
/// assert!((r[0] - 0.2108063640611436).abs() <= 1e-14 * 0.2108063640611436);
/// ```
pub fn erfcx(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.erfcx", "cerfcx", x, |[re, im]| {
            let w = cerf::cerfcx(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.erfcx",
        "erfcx",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [erf::erfcx(x)],
    )?;
    Ok(r)
}

ufunc_fns! {
    /// Owen's T function `T(h, a) = (1/2 pi) int_0^a exp(-h^2 (1 + x^2)/2) / (1 + x^2) dx` (the
    /// bivariate normal probability of a wedge). SciPy's `scipy.special.owens_t`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
    /// result has the broadcast shape.
    ///
    /// **Semantics:** odd in `a`, even in `h`; `T(h, inf) = erfc(|h|/sqrt 2)/4`, `T(inf, a) = 0`.
    /// Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16
    /// give float32 (SciPy lists the float32 loop first), wider integers float64; complex input
    /// is not implemented. The result lives on the input's device.
    ///
    /// **Algorithm:** for `|a| <= 1` a 32-point Gauss-Legendre rule over `[0, min(|a|, 12/|h|)]`
    /// with `exp(-h^2/2)` taken out; for `|a| > 1` Boost's reduction to `T(a h, 1/a)` and the
    /// normal tails (this crate's `erf`/`erfc`). Within 1e-15 of the exact value (mpmath) on the
    /// test grid; SciPy's (Boost's Patefield-Tandy) values differ from the exact ones by up to
    /// 2e-12 relative. The CPU computes in float64 (Rust); CUDA runs the same algorithm in
    /// `kernels/special/owens.cuh`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
    /// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
    /// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
    /// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let a = Array::from_vec_on(vec![2.0f64], &[1], Device::Cpu).unwrap();
    /// let r = special::owens_t(0.5, &a).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.owens_t(0.5, 2.0)
    /// assert!((r[0] - 0.1415806036539784).abs() <= 1e-14 * 0.1415806036539784);
    /// ```
    owens_t(h, a) => F32, "owens_t", crate::scalar::owens::owens_t
}

/// The inverse error function: `erf(erfinv(y)) = y` on `[-1, 1]`. SciPy's `scipy.special.erfinv`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `+-inf` at `+-1`, NaN outside `[-1, 1]`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** `ndtri((y + 1) / 2) / sqrt(2)` (Cephes `ndtri`), `y * sqrt(pi) / 2` for `|y| < 1e-7`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::erfinv(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.erfinv(0.5)
/// assert!((r[0] - 0.4769362762044699).abs() <= 1e-14 * 0.4769362762044699);
/// ```
pub fn erfinv(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.erfinv",
        "erfinv",
        First::F32,
        [&Operand::Array(x)],
        |[x]| [erf::erfinv(x)],
    )?;
    Ok(r)
}

/// The inverse complementary error function: `erfc(erfcinv(y)) = y` on `[0, 2]`. SciPy's `scipy.special.erfcinv`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `erfcinv(0) = inf`, `erfcinv(2) = -inf`, NaN outside `[0, 2]`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** `-ndtri(y / 2) / sqrt(2)` (Cephes `ndtri`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::erfcinv(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.erfcinv(0.5)
/// assert!((r[0] - 0.4769362762044699).abs() <= 1e-14 * 0.4769362762044699);
/// ```
pub fn erfcinv(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.erfcinv",
        "erfcinv",
        First::F32,
        [&Operand::Array(x)],
        |[x]| [erf::erfcinv(x)],
    )?;
    Ok(r)
}

/// The standard normal cumulative distribution function. SciPy's `scipy.special.ndtr`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `ndtr(-inf) = 0`, `ndtr(inf) = 1`; accurate in the lower tail (`erfc`). Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input (complex64, complex128) gives the same complex dtype (complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop). The result lives on the input's device.
///
/// **Algorithm:** Cephes `ndtr`: `(1 + erf(x/sqrt 2)) / 2` near 0, `erfc(|x|/sqrt 2) / 2` in the tails. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex `z`: xsf's `erfc(-z / sqrt 2) / 2` with the Faddeeva package's complex `erfc`; CUDA: `kernels/special/cerf.cuh`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![-1.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::ndtr(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.ndtr(-1.5)
/// assert!((r[0] - 0.06680720126885807).abs() <= 1e-14 * 0.06680720126885807);
/// ```
pub fn ndtr(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.ndtr", "cndtr", x, |[re, im]| {
            let w = cerf::cndtr(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.ndtr",
        "ndtr",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [erf::ndtr(x)],
    )?;
    Ok(r)
}

/// The inverse of [`ndtr`]: the standard normal quantile function. SciPy's `scipy.special.ndtri`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `-inf` at 0, `inf` at 1, NaN outside `[0, 1]`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `ndtri`: rational approximations in `y - 1/2` and in `sqrt(-2 log y)`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.975f64], &[1], Device::Cpu).unwrap();
/// let r = special::ndtri(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.ndtri(0.975)
/// assert!((r[0] - 1.959963984540054).abs() <= 1e-14 * 1.959963984540054);
/// ```
pub fn ndtri(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.ndtri",
        "ndtri",
        First::F32,
        [&Operand::Array(x)],
        |[x]| [erf::ndtri(x)],
    )?;
    Ok(r)
}
