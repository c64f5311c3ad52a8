//! Elementary functions of `scipy.special` (`exp10`, `exp2`, `expm1`, `log1p`, `cbrt`, `cosm1`, `exprel`, `round`) and the integer-order Bessel functions `yn`, `kn`.

use crate::scalar::cx::{self, Cz};
use crate::scalar::{bessel_v, elementary};
use crate::ufunc::{First, apply, apply_complex, ufunc_fns};
use cuprum_core::{Array, Operand, Result};

/// `10**x`. SciPy's `scipy.special.exp10`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** Overflows to `inf` past 308.25. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** `pow(10, x)`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::exp10(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.exp10(2.5)
/// assert!((r[0] - 316.2277660168379).abs() <= 1e-14 * 316.2277660168379);
/// ```
pub fn exp10(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.exp10",
        "exp10",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::exp10(x)],
    )?;
    Ok(r)
}

/// `2**x`. SciPy's `scipy.special.exp2`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** Overflows to `inf` past 1024. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** `exp2(x)`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::exp2(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.exp2(2.5)
/// assert!((r[0] - 5.65685424949238).abs() <= 1e-14 * 5.65685424949238);
/// ```
pub fn exp2(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.exp2",
        "exp2",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::exp2(x)],
    )?;
    Ok(r)
}

/// `exp(x) - 1`, accurate near 0. SciPy's `scipy.special.expm1`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `-1` at `-inf`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input (complex64, complex128) gives `exp(z) - 1` in the same complex dtype, accurate near 0 (`expm1(x) cos y + cosm1(y) + i exp(x) sin y`); complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop. The result lives on the input's device.
///
/// **Algorithm:** The C library's `expm1`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex `z`: xsf's complex `expm1` (CUDA: `kernels/special/cx.cuh`).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![1e-10f64], &[1], Device::Cpu).unwrap();
/// let r = special::expm1(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.expm1(1e-10)
/// assert!((r[0] - 1.00000000005e-10).abs() <= 1e-14 * 1.00000000005e-10);
/// ```
pub fn expm1(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.expm1", "cexpm1", x, |[re, im]| {
            let w = cx::cexpm1(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.expm1",
        "expm1",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::expm1(x)],
    )?;
    Ok(r)
}

/// `log(1 + x)`, accurate near 0. SciPy's `scipy.special.log1p`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `-inf` at -1, NaN below. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input (complex64, complex128) gives the principal `log(1 + z)` in the same complex dtype, accurate near 0 (the real part in double-double arithmetic where `Re z ~ -(Im z)^2 / 2` cancels); complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop. The result lives on the input's device.
///
/// **Algorithm:** The C library's `log1p`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex `z`: xsf's complex `log1p` (CUDA: `kernels/special/cx.cuh`).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![1e-10f64], &[1], Device::Cpu).unwrap();
/// let r = special::log1p(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.log1p(1e-10)
/// assert!((r[0] - 9.999999999500001e-11).abs() <= 1e-14 * 9.999999999500001e-11);
/// ```
pub fn log1p(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.log1p", "clog1p", x, |[re, im]| {
            let w = cx::clog1p(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.log1p",
        "log1p",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::log1p(x)],
    )?;
    Ok(r)
}

/// The cube root. SciPy's `scipy.special.cbrt`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** Odd; exact for perfect cubes. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** The C library's `cbrt`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![27.0f64], &[1], Device::Cpu).unwrap();
/// let r = special::cbrt(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.cbrt(27.0)
/// assert!((r[0] - 3.0).abs() <= 1e-14 * 3.0);
/// ```
pub fn cbrt(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.cbrt",
        "cbrt",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::cbrt(x)],
    )?;
    Ok(r)
}

/// `cos(x) - 1`, accurate near 0. SciPy's `scipy.special.cosm1`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** In `[-2, 0]`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `cosm1`: a polynomial in `x^2` on `[-pi/4, pi/4]`, `cos(x) - 1` outside. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.001f64], &[1], Device::Cpu).unwrap();
/// let r = special::cosm1(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.cosm1(0.001)
/// assert!((r[0] - -4.999999583333347e-07).abs() <= 1e-14 * 4.999999583333347e-07);
/// ```
pub fn cosm1(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.cosm1",
        "cosm1",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::cosm1(x)],
    )?;
    Ok(r)
}

/// The relative error exponential `(exp(x) - 1) / x`. SciPy's `scipy.special.exprel`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** 1 at 0; `inf` past 717. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** `expm1(x) / x` (xsf `exprel`). The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.001f64], &[1], Device::Cpu).unwrap();
/// let r = special::exprel(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.exprel(0.001)
/// assert!((r[0] - 1.0005001667083417).abs() <= 1e-14 * 1.0005001667083417);
/// ```
pub fn exprel(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.exprel",
        "exprel",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::exprel(x)],
    )?;
    Ok(r)
}

/// Rounding to the nearest integer, halfway cases to even. SciPy's `scipy.special.round`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** As NumPy's `rint`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Round half to even. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::round(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.round(2.5)
/// assert!((r[0] - 2.0).abs() <= 1e-14 * 2.0);
/// ```
pub fn round(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.round",
        "round",
        First::F32,
        [&Operand::Array(x)],
        |[x]| [elementary::round(x)],
    )?;
    Ok(r)
}

ufunc_fns! {
    /// The Bessel function of the second kind of integer order `n`. SciPy's `scipy.special.yn`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `n` is truncated to an integer, as SciPy's integer loop casts it; `-inf` at 0, NaN for `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** As [`yv`](crate::yv) at the integer order. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![3.0f64], &[1], Device::Cpu).unwrap();
    /// let r = special::yn(2.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.yn(2.0, 3.0)
    /// assert!((r[0] - -0.16040039348492388).abs() <= 1e-14 * 0.16040039348492388);
    /// ```
    yn(n, x) => F64, "yn", bessel_v::yn;

    /// The modified Bessel function of the second kind of integer order `n`. SciPy's `scipy.special.kn`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `n` is truncated; `inf` at 0, NaN for `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** As [`kv`](crate::kv) at the integer order. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![3.0f64], &[1], Device::Cpu).unwrap();
    /// let r = special::kn(2.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.kn(2.0, 3.0)
    /// assert!((r[0] - 0.06151045847174204).abs() <= 1e-14 * 0.06151045847174204);
    /// ```
    kn(n, x) => F64, "kn", bessel_v::kn
}
