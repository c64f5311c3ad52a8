//! Dawson's integral `dawsn` and the imaginary error function `erfi` of a real argument.

use crate::scalar::cerf;
use crate::scalar::cx::Cz;
use crate::scalar::dawson;
use crate::ufunc::{First, apply, apply_complex, complex_operand};
use cuprum_core::{Array, Operand, Result};

/// Dawson's integral `D(x) = exp(-x^2) integral(exp(t^2), t = 0..x)`. SciPy's
/// `scipy.special.dawsn` (its real loop).
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** odd; `D(x) ~ 1/(2x)` for large `|x|` (`+-0` at `+-inf`); NaN in NaN out.
/// Dtypes as SciPy's ufunc (`'d->d'` listed first): float32 stays float32, other real dtypes
/// give float64; complex input (complex64, complex128) gives the same complex dtype (complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop). The result lives on
/// the input's device.
///
/// **Algorithm:** S. G. Johnson's Faddeeva package as SciPy 1.17 uses it: `D(x) = sqrt(pi)/2
/// w_im(x)` with `w_im` from polynomials on 100 intervals of `1 / (1 + |x|)`, a Taylor series
/// near 0 and a continued fraction beyond 45. Bit-identical to SciPy 1.17.1 on a grid of 24,000
/// points; CUDA runs the same steps in `kernels/special/dawson.cuh`. For complex `z`: the Faddeeva package's complex Dawson function (Taylor series near the axes, else through `w(z)`); CUDA: `kernels/special/cerf.cuh`.
///
/// # Errors
/// /// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::dawsn(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.dawsn(1.0)
/// assert_eq!(r, vec![0.5380795069127684]);
/// ```
pub fn dawsn<'a>(x: impl Into<Operand<'a>>) -> Result<Array> {
    let x = x.into();
    if let Some(z) = complex_operand(&x)? {
        return apply_complex("special.dawsn", "cdawsn", &z, |[re, im]| {
            let w = cerf::cdawsn(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply("special.dawsn", "dawsn", First::F64, [&x], |[x]| {
        [dawson::dawsn(x)]
    })?;
    Ok(r)
}

/// The imaginary error function `erfi(x) = -i erf(ix) = 2/sqrt(pi) integral(exp(t^2), t =
/// 0..x)`. SciPy's `scipy.special.erfi` (its real loop).
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** odd; overflows to `+-inf` once `x^2 > 720` (`|x| > 26.83`), as SciPy; NaN in
/// NaN out. Dtypes as [`dawsn`].
///
/// **Algorithm:** Faddeeva's `erfi(x) = exp(x^2) w_im(x)` (see [`dawsn`]), as SciPy 1.17.
/// Bit-identical to SciPy 1.17.1 on a grid of 24,000 points; CUDA runs the same steps in
/// `kernels/special/dawson.cuh`. For complex `z`: the Faddeeva package's `erfi(z) = -i erf(iz)`; CUDA: `kernels/special/cerf.cuh`.
///
/// # Errors
/// As [`dawsn`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::erfi(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.erfi(0.5)
/// assert_eq!(r, vec![0.6149520946965109]);
/// ```
pub fn erfi<'a>(x: impl Into<Operand<'a>>) -> Result<Array> {
    let x = x.into();
    if let Some(z) = complex_operand(&x)? {
        return apply_complex("special.erfi", "cerfi", &z, |[re, im]| {
            let w = cerf::cerfi(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply("special.erfi", "erfi", First::F64, [&x], |[x]| {
        [dawson::erfi(x)]
    })?;
    Ok(r)
}
