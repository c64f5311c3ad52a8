//! The hyperbolic sine and cosine integrals `shichi`.

use crate::scalar::cexpint;
use crate::scalar::cx::Cz;
use crate::scalar::shichi as cephes;
use crate::ufunc::{First, apply, apply_complex_pair, complex_operand};
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
/// float64; complex input (complex64, complex128, a Python complex) gives two results of its
/// complex dtype (`'F->FF'`, `'D->DD'`; complex64 computed in complex128 and rounded), the
/// principal branch of `Chi` with its cut on the negative real axis. The results live on the
/// input's device.
///
/// **Algorithm:** Cephes `shichi`: the power series below 8, Chebyshev expansions of
/// `x exp(-x) Shi(x)` and `x exp(-x) Chin(x)` on `[8, 18)` and `[18, 88]`, the asymptotic
/// `3F0` series above. Within 2 ulp of SciPy 1.17.1 on the test grids (the same steps; the C
/// library's `exp`, `cosh`, `sinh`). CUDA runs the same steps in `kernels/special/shichi.cuh`.
/// For complex `z`: xsf's complex `shichi`, the power series (DLMF 6.6.5, 6.6.6) for `|z| <
/// 0.8`, else `(Ei(z) -+ Ei(-z)) / 2` with the branch corrections (CUDA:
/// `kernels/special/cexpint.cuh`).
///
/// # Errors
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
    let x = x.into();
    if let Some(z) = complex_operand(&x)? {
        return apply_complex_pair("special.shichi", "cshichi", &z, |[re, im]| {
            let (a, b) = cexpint::cshichi(Cz::new(re, im));
            [a.re, a.im, b.re, b.im]
        });
    }
    let [s, c] = apply("special.shichi", "shichi", First::F32, [&x], |[x]| {
        let (s, c) = cephes::shichi(x);
        [s, c]
    })?;
    Ok((s, c))
}
