//! Integrals: the complete elliptic integrals (`ellipk`, `ellipkm1`, `ellipe`), the exponential integrals (`expi`, `exp1`), the dilogarithm (`spence`) and the sine and cosine integrals (`sici`).

use crate::scalar::cx::Cz;
use crate::scalar::{cexpint, elementary, ellinc, expint, spence as dilog};
use crate::ufunc::{First, apply, apply_complex, apply_complex_pair, ufunc_fns};
use cuprum_core::{Array, Operand, Result};

/// The complete elliptic integral of the first kind `K(m)` (parameter `m = k^2`). SciPy's `scipy.special.ellipk`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `pi/2` at 0, `inf` at 1, NaN for `m > 1`; `m < 0` allowed. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `ellpk(1 - m)`: a polynomial approximation in `1 - m` with its logarithmic singularity, `K(1/m)/sqrt(m)`-type transformation for `1 - m > 1`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::ellipk(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.ellipk(0.5)
/// assert!((r[0] - 1.8540746773013719).abs() <= 1e-14 * 1.8540746773013719);
/// ```
pub fn ellipk(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.ellipk",
        "ellipk",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::ellipk(x)],
    )?;
    Ok(r)
}

/// `K(1 - p)`, accurate for `p` near 0 (the parameter near 1). SciPy's `scipy.special.ellipkm1`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `inf` at 0, NaN for `p < 0`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `ellpk`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.01f64], &[1], Device::Cpu).unwrap();
/// let r = special::ellipkm1(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.ellipkm1(0.01)
/// assert!((r[0] - 3.6956373629898747).abs() <= 1e-14 * 3.6956373629898747);
/// ```
pub fn ellipkm1(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.ellipkm1",
        "ellipkm1",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::ellipkm1(x)],
    )?;
    Ok(r)
}

/// The complete elliptic integral of the second kind `E(m)`. SciPy's `scipy.special.ellipe`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `pi/2` at 0, 1 at 1, NaN for `m > 1`. Dtypes as SciPy's ufunc: float32 stays float32; other real dtypes give float64 (SciPy lists the float64 loop first); complex input is not implemented yet. The result lives on the input's device.
///
/// **Algorithm:** Cephes `ellpe`: a polynomial approximation in `1 - m` with its logarithmic term; a transformation for `m < 0`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`.
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::ellipe(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.ellipe(0.5)
/// assert!((r[0] - 1.3506438810476755).abs() <= 1e-14 * 1.3506438810476755);
/// ```
pub fn ellipe(x: &Array) -> Result<Array> {
    let [r] = apply(
        "special.ellipe",
        "ellipe",
        First::F64,
        [&Operand::Array(x)],
        |[x]| [elementary::ellipe(x)],
    )?;
    Ok(r)
}

/// The exponential integral `Ei(x)`. SciPy's `scipy.special.expi`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `-inf` at 0, `-0` at `-inf`, overflow to `inf` past ~716. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input (complex64, complex128) gives the same complex dtype: `Ei(z) = -E1(-z) + i pi sign(Im z)`, the branch cut on the negative real axis; complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop. The result lives on the input's device.
///
/// **Algorithm:** xsf `expi` (Zhang and Jin's `EIX`): the power series for `|x| <= 40`, the asymptotic series above, `-E1(-x)` for `x < 0`. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex `z`: xsf's complex `expi`, `-E1(-z) +- i pi` (CUDA: `kernels/special/cexpint.cuh`).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::expi(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.expi(1.5)
/// assert!((r[0] - 3.301285449129798).abs() <= 1e-14 * 3.301285449129798);
/// ```
pub fn expi(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.expi", "cexpi", x, |[re, im]| {
            let w = cexpint::cexpi(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.expi",
        "expi",
        First::F32,
        [&Operand::Array(x)],
        |[x]| [expint::expi(x)],
    )?;
    Ok(r)
}

/// The exponential integral `E1(x)`. SciPy's `scipy.special.exp1`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `inf` at 0; NaN for `x < 0` (the real part of the complex branch is not returned). Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input (complex64, complex128) gives the same complex dtype: `E1(z)` with the branch cut on the negative real axis (the sign of a zero imaginary part picks the side); complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop. The result lives on the input's device.
///
/// **Algorithm:** xsf `exp1` (Zhang and Jin's `E1XB`): the power series for `x <= 1`, a continued fraction above. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/`. For complex `z`: xsf's complex `exp1` (Zhang and Jin's `E1Z`): the power series for `|z| < 5` and near the negative real axis out to `|z| < 40`, the continued fraction of DLMF 6.9 elsewhere (CUDA: `kernels/special/cexpint.cuh`).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
/// let r = special::exp1(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.exp1(1.5)
/// assert!((r[0] - 0.10001958240663265).abs() <= 1e-14 * 0.10001958240663265);
/// ```
pub fn exp1(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.exp1", "cexp1", x, |[re, im]| {
            let w = cexpint::cexp1(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.exp1",
        "exp1",
        First::F32,
        [&Operand::Array(x)],
        |[x]| [expint::exp1(x)],
    )?;
    Ok(r)
}

/// Spence's function (the dilogarithm) `-int_1^x log(t) / (t - 1) dt`. SciPy's `scipy.special.spence`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `pi^2/6` at 0, 0 at 1; NaN for `x < 0`, for `inf` and for NaN. Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16 give float32 (SciPy lists the float32 loop first), wider integers float64; complex input (complex64, complex128) gives the same complex dtype: `spence(z) = Li2(1 - z)`, with the branch cut on the negative real axis; NaN (both parts) where either part is NaN or infinite; complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop. The result lives on the input's device.
///
/// **Algorithm:** Cephes `spence`: a rational approximation on `(0.5, 1.5)`, the `1/x` and `1 - x` transformations outside it. For complex `z`: xsf's `spence`: the series about 0 for `|z| < 0.5`, the series about 1 (Ginsberg and Zaborowski) for `|z - 1| <= 1`, the reflection `z -> z/(z - 1)` elsewhere. The CPU computes in float64 (Rust); CUDA runs the same algorithm in `kernels/special/` (complex: `kernels/special/spence.cuh`).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast, [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_special as special;
/// let x = Array::from_vec_on(vec![2.0f64], &[1], Device::Cpu).unwrap();
/// let r = special::spence(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.spence(2.0)
/// assert!((r[0] - -0.8224670334241142).abs() <= 1e-14 * 0.8224670334241142);
/// ```
pub fn spence(x: &Array) -> Result<Array> {
    if x.dtype().is_complex() {
        return apply_complex("special.spence", "cspence", x, |[re, im]| {
            let w = dilog::cspence(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.spence",
        "spence",
        First::F32,
        [&Operand::Array(x)],
        |[x]| [dilog::spence(x)],
    )?;
    Ok(r)
}

/// The sine and cosine integrals `(Si(x), Ci(x))`. SciPy's `scipy.special.sici`.
///
/// **Shapes:** both results have `x`'s shape.
///
/// **Semantics:** `Si(+-inf) = +-pi/2`, `Ci(0) = -inf`, `Ci(inf) = 0`; for `x < 0`, `Ci` is
/// the real part of the complex value (`Ci(-x) = Ci(x)`), `Ci(-inf)` is NaN. Dtypes as SciPy's
/// ufunc: float32 stays float32, other real dtypes give float64; complex input (complex64,
/// complex128) gives two results of its complex dtype (complex64 computed in complex128 and
/// rounded), the principal branch of `Ci` with its cut on the negative real axis.
///
/// **Algorithm:** Cephes `sici`: rational approximations for `|x| <= 4`, the auxiliary
/// functions `f` and `g` by rational approximations in `1/x^2` above. CUDA runs the same
/// algorithm in `kernels/special/`. For complex `z`: xsf's complex `sici`, the power series
/// (DLMF 6.6.5, 6.6.6) for `|z| < 0.8`, else from `Ei(iz)` and `Ei(-iz)` (DLMF 6.5.5, 6.5.6)
/// with the branch corrections (CUDA: `kernels/special/cexpint.cuh`).
///
/// # Errors
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let (si, ci) = cuprum_special::sici(&x).unwrap();
/// // scipy.special.sici(1.0)
/// assert!((si.to_vec::<f64>().unwrap()[0] - 0.946083070367183).abs() < 1e-14);
/// assert!((ci.to_vec::<f64>().unwrap()[0] - 0.33740392290096816).abs() < 1e-14);
/// ```
pub fn sici(x: &Array) -> Result<(Array, Array)> {
    if x.dtype().is_complex() {
        return apply_complex_pair("special.sici", "csici", x, |[re, im]| {
            let (a, b) = cexpint::csici(Cz::new(re, im));
            [a.re, a.im, b.re, b.im]
        });
    }
    let [s, c] = apply(
        "special.sici",
        "sici",
        First::F64,
        [&Operand::Array(x)],
        |[x]| {
            let (s, c) = expint::sici(x);
            [s, c]
        },
    )?;
    Ok((s, c))
}

/// The incomplete elliptic integral of the first kind `F(phi | m)`. SciPy's
/// `scipy.special.ellipkinc(phi, m)`.
///
/// **Shapes:** `phi` and `m` broadcast together; the result has the broadcast shape.
///
/// **Semantics:** NaN for `m > 1`; `phi` at `m = 0`; `asinh(tan phi)` at `m = 1`; odd and
/// quasi-periodic in `phi` (`F(phi + pi) = F(phi) + 2K(m)`). Dtypes as SciPy's ufunc.
///
/// **Algorithm:** Cephes `ellik`: the arithmetic-geometric mean with Landen's transformation
/// for `0 < m < 1`, Carlson's `R_F` duplication for `m < 0`.
///
/// # Errors
/// As [`ellipk`]; [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not
/// broadcast.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let phi = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::ellipkinc(&phi, 0.5).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.ellipkinc(1.0, 0.5)
/// assert!((r[0] - 1.0832167728451687).abs() < 1e-14);
/// ```
pub fn ellipkinc<'a>(phi: impl Into<Operand<'a>>, m: impl Into<Operand<'a>>) -> Result<Array> {
    let [r] = apply(
        "special.ellipkinc",
        "ellipkinc",
        First::F64,
        [&phi.into(), &m.into()],
        |[p, m]| [ellinc::ellipkinc(p, m)],
    )?;
    Ok(r)
}

/// The incomplete elliptic integral of the second kind `E(phi | m)`. SciPy's
/// `scipy.special.ellipeinc(phi, m)`.
///
/// **Shapes:** `phi` and `m` broadcast together; the result has the broadcast shape.
///
/// **Semantics:** NaN for `m > 1`; `phi` at `m = 0`; `sin phi` at `m = 1` (per period); odd and
/// quasi-periodic in `phi`. Dtypes as SciPy's ufunc.
///
/// **Algorithm:** Cephes `ellie`: a Taylor series for small `phi`, the arithmetic-geometric
/// mean with Landen's transformation, Carlson's `R_F`/`R_D` for `m < 0`.
///
/// # Errors
/// As [`ellipkinc`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let phi = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::ellipeinc(&phi, 0.5).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.ellipeinc(1.0, 0.5)
/// assert!((r[0] - 0.92732988362444).abs() < 1e-14);
/// ```
pub fn ellipeinc<'a>(phi: impl Into<Operand<'a>>, m: impl Into<Operand<'a>>) -> Result<Array> {
    let [r] = apply(
        "special.ellipeinc",
        "ellipeinc",
        First::F64,
        [&phi.into(), &m.into()],
        |[p, m]| [ellinc::ellipeinc(p, m)],
    )?;
    Ok(r)
}

ufunc_fns! {
    /// The generalized exponential integral `E_n(x) = integral(exp(-x t) / t^n, t = 1..inf)`.
    /// SciPy's `scipy.special.expn(n, x)` for real arguments.
    ///
    /// **Shapes:** `n` and `x` broadcast together; the result has the broadcast shape.
    ///
    /// **Semantics:** `n` is truncated to an integer (SciPy's `'ld->d'` loop); NaN for `n < 0` or
    /// `x < 0`; `inf` at `x = 0` for `n < 2`, else `1 / (n - 1)`; 0 past `x ~ 709.8`.
    ///
    /// **Algorithm:** Cephes `expn`: the power series for `x <= 1`, a continued fraction above,
    /// an asymptotic expansion in `1/n` for `n > 50`.
    ///
    /// # Errors
    /// As [`ellipkinc`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
    /// let r = cuprum_special::expn(2.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.expn(2, 1.5)
    /// assert!((r[0] - 0.07310078653848087).abs() < 1e-15);
    /// ```
    expn(n, x) => F64, "expn", expint::expn
}
