//! The hyperbolic sine and cosine integrals `shichi`.

use crate::scalar::shichi as cephes;
use crate::ufunc::{First, apply};
use cuprum_core::{Array, Operand, Result};

/// The hyperbolic sine and cosine integrals `(Shi(x), Chi(x))`,
/// `Shi(x) = integral(sinh(t)/t, 0..x)`, `Chi(x) = gamma + log(x) + integral((cosh(t) - 1)/t,
/// 0..x)`. SciPy's `scipy.special.shichi` (its real loop).
///
/// **Shapes:** both results have `x`'s shape.
///
/// **Semantics:** `Shi` is odd; for `x < 0`, `Chi` is the real part of the complex value
/// (`Chi(-x) = Chi(x)`); `(0, -inf)` at 0; both overflow to `inf` past `x ~ 710` (`Shi(-inf)
/// = -inf`, `Chi(+-inf) = inf`); NaN in NaN out. Dtypes as SciPy's ufunc (`'f->ff'` listed
/// first): float32, float16, bool and 8- and 16-bit integers give float32, other real dtypes
/// float64; complex input (SciPy's `'D->DD'` loop) is not implemented. The results live on the
/// input's device.
///
/// **Algorithm:** Cephes `shichi`: the power series below 8, Chebyshev expansions of
/// `x exp(-x) Shi(x)` and `x exp(-x) Chin(x)` on `[8, 18)` and `[18, 88]`, the asymptotic
/// `3F0` series above. Within 2 ulp of SciPy 1.17.1 on the test grids (the same steps; the C
/// library's `exp`, `cosh`, `sinh`). CUDA runs the same steps in `kernels/special/shichi.cuh`.
///
/// # Errors
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1.5f64], &[1], Device::Cpu).unwrap();
/// let (shi, chi) = cuprum_special::shichi(&x).unwrap();
/// // scipy.special.shichi(1.5)
/// assert!((shi.to_vec::<f64>().unwrap()[0] - 1.7006525157682153).abs() < 1e-15);
/// assert!((chi.to_vec::<f64>().unwrap()[0] - 1.6006329333615827).abs() < 1e-15);
/// ```
pub fn shichi<'a>(x: impl Into<Operand<'a>>) -> Result<(Array, Array)> {
    let [s, c] = apply(
        "special.shichi",
        "shichi",
        First::F32,
        [&x.into()],
        |[x]| {
            let (s, c) = cephes::shichi(x);
            [s, c]
        },
    )?;
    Ok((s, c))
}
