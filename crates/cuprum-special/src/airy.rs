//! The Airy functions of a real argument: `airy` (`Ai`, `Ai'`, `Bi`, `Bi'`) and the
//! exponentially scaled `airye`.

use crate::scalar::airy as cephes_airy;
use crate::ufunc::{First, apply};
use cuprum_core::{Array, Operand, Result};

/// The Airy functions `(Ai(x), Ai'(x), Bi(x), Bi'(x))` of a real argument. SciPy's
/// `scipy.special.airy` (its real loop).
///
/// **Shapes:** the four results have `x`'s shape.
///
/// **Semantics:** `Ai` and `Ai'` underflow to 0 and `Bi`, `Bi'` overflow to `inf` above
/// `x = 103.892` (SciPy's AMOS path gives NaN for the overflowed `Bi`, `Bi'`); NaN at `+-inf`
/// and NaN, as SciPy. Dtypes as SciPy's ufunc (`'f->ffff'` listed first): float32, float16,
/// bool and 8- and 16-bit integers give float32, other real dtypes float64; complex input is
/// not implemented. The results live on the input's device.
///
/// **Algorithm:** Cephes' `airy` for every `x`: the Maclaurin series for
/// `-2.09 <= x < 2.09`, rational approximations of the asymptotic forms in `1/zeta`
/// (`zeta = 2/3 |x|^(3/2)`) outside. SciPy uses the same routine for `|x| <= 10`, where the
/// results are bit-identical, and AMOS beyond; there the two differ by up to 2e-13 relative
/// for `x > 10`, and by up to 6e-11 of the local amplitude for `x < -10` (the accuracy of
/// Cephes' asymptotic approximation; larger relative differences right at the zeros). The
/// CPU computes in float64 (Rust); CUDA runs the same steps in `kernels/special/airy.cuh`.
///
/// # Errors
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
/// let (ai, _aip, bi, _bip) = cuprum_special::airy(&x).unwrap();
/// // scipy.special.airy(1.5)
/// assert!((ai.to_vec::<f64>().unwrap()[0] - 0.07174949700810529).abs() < 1e-16);
/// assert!((bi.to_vec::<f64>().unwrap()[0] - 1.8789415037478943).abs() < 1e-15);
/// ```
pub fn airy<'a>(x: impl Into<Operand<'a>>) -> Result<(Array, Array, Array, Array)> {
    let [ai, aip, bi, bip] = apply("special.airy", "airy", First::F32, [&x.into()], |[x]| {
        cephes_airy::airy(x, false)
    })?;
    Ok((ai, aip, bi, bip))
}

/// The exponentially scaled Airy functions `(Ai(x) e^z, Ai'(x) e^z, Bi(x) e^-|Re z|,
/// Bi'(x) e^-|Re z|)`, `z = 2/3 x^(3/2)`. SciPy's `scipy.special.airye` (its real loop).
///
/// **Shapes:** the four results have `x`'s shape.
///
/// **Semantics:** for `x < 0` the scaled `Ai` and `Ai'` are NaN (SciPy's real loop gives
/// them only for `x >= 0`) and `Bi`, `Bi'` are unscaled (`z` is imaginary); NaN at `+-inf`.
/// Dtypes as [`airy`].
///
/// **Algorithm:** Cephes' `airy` with the factor `exp(+-z)` left out of its asymptotic forms
/// for `x >= 2.09` (no overflow for any `x`) and applied to the Maclaurin series below.
/// SciPy uses AMOS: the two differ by up to 7e-14 relative for `0 <= x < 2.09` (the product
/// with `exp(z)`), 3e-14 for `x >= 2.09`, and as [`airy`] for `x < 0` (up to 9e-11 of the
/// amplitude, Cephes' asymptotic forms against AMOS for `x < -2.09`). CUDA runs the same
/// steps in `kernels/special/airy.cuh`.
///
/// # Errors
/// As [`airy`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![200.0f64], &[1], Device::Cpu).unwrap();
/// let (eai, _, _, _) = cuprum_special::airye(&x).unwrap();
/// // scipy.special.airye(200.0)[0]
/// assert!((eai.to_vec::<f64>().unwrap()[0] - 0.07501041684381093).abs() < 1e-15);
/// ```
pub fn airye<'a>(x: impl Into<Operand<'a>>) -> Result<(Array, Array, Array, Array)> {
    let [ai, aip, bi, bip] = apply("special.airye", "airye", First::F32, [&x.into()], |[x]| {
        cephes_airy::airy(x, true)
    })?;
    Ok((ai, aip, bi, bip))
}
