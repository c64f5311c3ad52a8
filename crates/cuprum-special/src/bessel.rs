//! Bessel functions: integer orders 0 and 1 (`j0` ... `k1e`) and real orders (`jv`, `yv`, `iv`, `kv`).

use crate::scalar::{bessel, bessel_v};
use crate::ufunc::{First, apply, n_z_derivative_fn, ufunc_fns};
use cuprum_core::{Array, Operand, Result};

/// The Bessel function of the first kind of order 0. SciPy's `scipy.special.j0`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** Even; `j0(0) = 1`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `j0`: a rational approximation with the first two zeros factored out for `|x| <= 5`, Hankel's asymptotic form with rational modulus and phase above. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::j0(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.j0(2.5)
/// assert!((r[0] - -0.04838377646819804).abs() <= 1e-14 * 0.04838377646819804);
/// ```
pub fn j0(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.j0",
        "j0",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [bessel::j0(x)],
    )?;
    Ok(r)
}

/// The Bessel function of the first kind of order 1. SciPy's `scipy.special.j1`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** Odd; `j1(0) = 0`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `j1`: as [`j0`]. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::j1(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.j1(2.5)
/// assert!((r[0] - 0.497094102464274).abs() <= 1e-14 * 0.497094102464274);
/// ```
pub fn j1(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.j1",
        "j1",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [bessel::j1(x)],
    )?;
    Ok(r)
}

/// The Bessel function of the second kind of order 0. SciPy's `scipy.special.y0`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `y0(0) = -inf`, NaN for `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `y0`: a rational approximation plus `(2/pi) log(x) j0(x)` for `x <= 5`, Hankel's asymptotic form above. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::y0(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.y0(2.5)
/// assert!((r[0] - 0.498070359615232).abs() <= 1e-14 * 0.498070359615232);
/// ```
pub fn y0(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.y0",
        "y0",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [bessel::y0(x)],
    )?;
    Ok(r)
}

/// The Bessel function of the second kind of order 1. SciPy's `scipy.special.y1`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `y1(0) = -inf`, NaN for `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `y1`: as [`y0`]. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::y1(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.y1(2.5)
/// assert!((r[0] - 0.14591813796678577).abs() <= 1e-14 * 0.14591813796678577);
/// ```
pub fn y1(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.y1",
        "y1",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [bessel::y1(x)],
    )?;
    Ok(r)
}

/// The modified Bessel function of the first kind of order 0. SciPy's `scipy.special.i0`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** Even; overflows to `inf` past `|x| ~ 713`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `i0`: Chebyshev expansions of `exp(-x) i0(x)` on `[0, 8]` and `(8, inf)`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::i0(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.i0(2.5)
/// assert!((r[0] - 3.289839144050123).abs() <= 1e-14 * 3.289839144050123);
/// ```
pub fn i0(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.i0",
        "i0",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [bessel::i0(x)],
    )?;
    Ok(r)
}

/// The exponentially scaled modified Bessel function `exp(-|x|) i0(x)`. SciPy's `scipy.special.i0e`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** Even; decays like `1/sqrt(2 pi |x|)`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `i0e`: the Chebyshev expansions of [`i0`] without the exponential. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::i0e(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.i0e(2.5)
/// assert!((r[0] - 0.27004644161220276).abs() <= 1e-14 * 0.27004644161220276);
/// ```
pub fn i0e(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.i0e",
        "i0e",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [bessel::i0e(x)],
    )?;
    Ok(r)
}

/// The modified Bessel function of the first kind of order 1. SciPy's `scipy.special.i1`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** Odd; overflows to `+-inf`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `i1`: Chebyshev expansions on `[0, 8]` and `(8, inf)`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::i1(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.i1(2.5)
/// assert!((r[0] - 2.5167162452886984).abs() <= 1e-14 * 2.5167162452886984);
/// ```
pub fn i1(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.i1",
        "i1",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [bessel::i1(x)],
    )?;
    Ok(r)
}

/// The exponentially scaled modified Bessel function `exp(-|x|) i1(x)`. SciPy's `scipy.special.i1e`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** Odd; `+-0` at `+-inf`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `i1e`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::i1e(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.i1e(2.5)
/// assert!((r[0] - 0.20658464953126654).abs() <= 1e-14 * 0.20658464953126654);
/// ```
pub fn i1e(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.i1e",
        "i1e",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [bessel::i1e(x)],
    )?;
    Ok(r)
}

/// The modified Bessel function of the second kind of order 0. SciPy's `scipy.special.k0`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `k0(0) = inf`, NaN for `x < 0`, 0 at `inf`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `k0`: a Chebyshev expansion minus `log(x/2) i0(x)` on `(0, 2]`, `exp(-x)/sqrt(x)` times a Chebyshev expansion above. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::k0(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.k0(2.5)
/// assert!((r[0] - 0.062347553200366196).abs() <= 1e-14 * 0.062347553200366196);
/// ```
pub fn k0(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.k0",
        "k0",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [bessel::k0(x)],
    )?;
    Ok(r)
}

/// The exponentially scaled modified Bessel function `exp(x) k0(x)`. SciPy's `scipy.special.k0e`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `inf` at 0, NaN for `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `k0e`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::k0e(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.k0e(2.5)
/// assert!((r[0] - 0.7595486903280996).abs() <= 1e-14 * 0.7595486903280996);
/// ```
pub fn k0e(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.k0e",
        "k0e",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [bessel::k0e(x)],
    )?;
    Ok(r)
}

/// The modified Bessel function of the second kind of order 1. SciPy's `scipy.special.k1`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `k1(0) = inf`, NaN for `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `k1`: as [`k0`]. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::k1(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.k1(2.5)
/// assert!((r[0] - 0.07389081634774705).abs() <= 1e-14 * 0.07389081634774705);
/// ```
pub fn k1(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.k1",
        "k1",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [bessel::k1(x)],
    )?;
    Ok(r)
}

/// The exponentially scaled modified Bessel function `exp(x) k1(x)`. SciPy's `scipy.special.k1e`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `inf` at 0, NaN for `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `k1e`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::k1e(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.k1e(2.5)
/// assert!((r[0] - 0.9001744239078779).abs() <= 1e-14 * 0.9001744239078779);
/// ```
pub fn k1e(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.k1e",
        "k1e",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [bessel::k1e(x)],
    )?;
    Ok(r)
}

ufunc_fns! {
    /// The Bessel function of the first kind of real order `v`. SciPy's `scipy.special.jv`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** NaN for `x < 0` unless `v` is an integer; `jv(v, 0)` is 1 for `v = 0`, 0 for `v > 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** Temme's series for `x < 2`, Steed's continued fractions CF1 and CF2 (Barnett's method) otherwise, with recurrences in the order and the reflection formulas for `v < 0`; Hankel's asymptotic expansion when `x > 25` and `x > v^2`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![3.0f64], &[1], Device::Cpu).unwrap();
    /// let r = special::jv(2.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.jv(2.5, 3.0)
    /// assert!((r[0] - 0.4127100322097165).abs() <= 1e-14 * 0.4127100322097165);
    /// ```
    jv(v, x) => F32, "jv", bessel_v::jv;

    /// The Bessel function of the second kind of real order `v`. SciPy's `scipy.special.yv`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `-inf` at 0, NaN for `x < 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** As [`jv`]. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![3.0f64], &[1], Device::Cpu).unwrap();
    /// let r = special::yv(2.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.yv(2.5, 3.0)
    /// assert!((r[0] - -0.369040730073798).abs() <= 1e-14 * 0.369040730073798);
    /// ```
    yv(v, x) => F32, "yv", bessel_v::yv;

    /// The modified Bessel function of the first kind of real order `v`. SciPy's `scipy.special.iv`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** NaN for `x < 0` unless `v` is an integer; `iv(0, 0) = 1`, `iv(v > 0, 0) = 0`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** Cephes/xsf `iv`: Temme's method (Temme's series or Steed's CF2 for `K`, CF1 and the Wronskian for `I`), Debye's uniform expansion for `|v| > 50`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![3.0f64], &[1], Device::Cpu).unwrap();
    /// let r = special::iv(2.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.iv(2.5, 3.0)
    /// assert!((r[0] - 1.5153394466819652).abs() <= 1e-14 * 1.5153394466819652);
    /// ```
    iv(v, x) => F32, "iv", bessel_v::iv;

    /// The modified Bessel function of the second kind of real order `v`. SciPy's `scipy.special.kv`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the result has the broadcast shape.
    ///
    /// **Semantics:** `inf` at 0, NaN for `x < 0`, `kv(-v, x) = kv(v, x)`. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input is not implemented yet. The result lives on the input's device.
    ///
    /// **Algorithm:** Temme's method as for [`iv`] (Temme's series for `x <= 2`, Steed's CF2 above, forward recurrence in the order), Debye's uniform expansion for `|v| > 50`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![3.0f64], &[1], Device::Cpu).unwrap();
    /// let r = special::kv(2.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.kv(2.5, 3.0)
    /// assert!((r[0] - 0.0840606319741174).abs() <= 1e-14 * 0.0840606319741174);
    /// ```
    kv(v, x) => F32, "kv", bessel_v::kv
}

n_z_derivative_fn! {
    /// The spherical Bessel function of the first kind `j_n(z)`, or its derivative. SciPy's
    /// `scipy.special.spherical_jn(n, z, derivative=False)` for real `z`.
    ///
    /// **Shapes:** `n` and `z` broadcast together; the result has the broadcast shape.
    ///
    /// **Semantics:** `n` is truncated to an integer; NaN for `n < 0`; `j_n(-z) = (-1)^n j_n(z)`;
    /// `j_0(0) = 1`; 0 at `+-inf`. The derivative is `j_{n-1}(z) - (n + 1) j_n(z) / z` (`-j_1`
    /// for `n = 0`). Dtypes: float32 stays float32 when both are float32; otherwise float64.
    ///
    /// **Algorithm:** xsf `sph_bessel_j`: upward recurrence from `sin z / z` when `n < z`, else
    /// `sqrt(pi/(2z)) J_{n+1/2}(z)` ([`jv`]).
    ///
    /// # Errors
    /// As [`jv`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let z = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
    /// let r = cuprum_special::spherical_jn(1.0, &z, false).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.spherical_jn(1, 2.5)
    /// assert!((r[0] - 0.41621298927540656).abs() < 1e-15);
    /// ```
    bessel_v::{spherical_jn, spherical_jn_d}
}

n_z_derivative_fn! {
    /// The spherical Bessel function of the second kind `y_n(z)`, or its derivative. SciPy's
    /// `scipy.special.spherical_yn(n, z, derivative=False)` for real `z`.
    ///
    /// **Shapes:** as [`spherical_jn`].
    ///
    /// **Semantics:** `n` is truncated; NaN for `n < 0`; `y_n(-z) = (-1)^(n+1) y_n(z)`; `-inf` at
    /// 0; 0 at `+-inf`. The derivative is `y_{n-1}(z) - (n + 1) y_n(z) / z` (`-y_1` for `n = 0`).
    ///
    /// **Algorithm:** xsf `sph_bessel_y`: upward recurrence from `-cos z / z` (stable for `y`).
    ///
    /// # Errors
    /// As [`jv`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let z = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
    /// let r = cuprum_special::spherical_yn(1.0, &z, false).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.spherical_yn(1, 2.5)
    /// assert!((r[0] + 0.11120587915407323).abs() < 1e-15);
    /// ```
    bessel_v::{spherical_yn, spherical_yn_d}
}

ufunc_fns! {
    /// The exponentially scaled Bessel function `jv(v, x) * exp(-|imag(x)|)`; for real `x` it
    /// equals [`jv`]. SciPy's `scipy.special.jve` for real arguments.
    ///
    /// **Shapes:** as [`jv`]. **Semantics:** as [`jv`]. **Algorithm:** [`jv`]'s.
    ///
    /// # Errors
    /// As [`jv`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let x = Array::from_vec_on(vec![3.0f64], &[1], Device::Cpu).unwrap();
    /// let r = cuprum_special::jve(2.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.jve(2.5, 3.0)
    /// assert!((r[0] - 0.4127100322097165).abs() < 1e-14);
    /// ```
    jve(v, x) => F32, "jve", bessel_v::jv;

    /// The exponentially scaled Bessel function `yv(v, x) * exp(-|imag(x)|)`; for real `x` it
    /// equals [`yv`]. SciPy's `scipy.special.yve` for real arguments.
    ///
    /// **Shapes:** as [`yv`]. **Semantics:** as [`yv`]. **Algorithm:** [`yv`]'s.
    ///
    /// # Errors
    /// As [`yv`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let x = Array::from_vec_on(vec![3.0f64], &[1], Device::Cpu).unwrap();
    /// let r = cuprum_special::yve(2.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.yve(2.5, 3.0)
    /// assert!((r[0] + 0.36904073007379795).abs() < 1e-14);
    /// ```
    yve(v, x) => F32, "yve", bessel_v::yv
}
