//! The logarithm of the standard normal distribution function, `log_ndtr`.

use crate::scalar::cerf;
use crate::scalar::cx::Cz;
use crate::scalar::erf;
use crate::ufunc::{First, apply, apply_complex, complex_operand};
use cuprum_core::{Array, Operand, Result};

/// `log(ndtr(x))`, accurate in both tails. SciPy's `scipy.special.log_ndtr` (its real loop).
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `-inf` at `-inf`, `-0` at `+inf` and wherever `ndtr(x)` rounds to 1 (from
/// `x ~ 38.5`); no underflow in the lower tail (`log_ndtr(-1e10) = -5e19`); NaN in NaN out.
/// Dtypes as SciPy's ufunc (`'d->d'` listed first): float32 stays float32, other real dtypes
/// give float64; complex input (complex64, complex128) gives the same complex dtype (complex64 is computed in complex128 and rounded, as SciPy's `'F->F'` loop). The result lives
/// on the input's device.
///
/// **Algorithm:** xsf's `log_ndtr`: `log(erfcx(-x/sqrt 2)/2) - x^2/2` for `x < -1`,
/// `log1p(-erfc(x/sqrt 2)/2)` above, with this crate's `erfcx` and `erfc` (SciPy uses
/// Faddeeva's): within 2e-15 relative of SciPy 1.17.1 on the test grids, 0 to 4 ulp in the
/// upper tail. CUDA runs the same steps (`kernels/special/log_ndtr.cuh`). For complex `z`: xsf's complex `log_ndtr`: `-erfc(z/sqrt 2)/2` where that is below 1e-8 for `Re z > 6`, else `-z^2/2 + log w(iz/sqrt 2) - log 2` with the imaginary part on the principal branch; CUDA: `kernels/special/cerf.cuh`.
///
/// # Errors
/// /// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![-3.0f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::log_ndtr(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.log_ndtr(-3.0)
/// assert!((r[0] - -6.60772622151035).abs() <= 4e-15 * 6.61);
/// ```
pub fn log_ndtr<'a>(x: impl Into<Operand<'a>>) -> Result<Array> {
    let x = x.into();
    if let Some(z) = complex_operand(&x)? {
        return apply_complex("special.log_ndtr", "clog_ndtr", &z, |[re, im]| {
            let w = cerf::clog_ndtr(Cz::new(re, im));
            [w.re, w.im]
        });
    }
    let [r] = apply("special.log_ndtr", "log_ndtr", First::F64, [&x], |[x]| {
        [erf::log_ndtr(x)]
    })?;
    Ok(r)
}
