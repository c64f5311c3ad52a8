//! Wright's generalized Bessel function `wright_bessel`.

use crate::scalar::wright_bessel;
use crate::ufunc::ufunc_fns;

ufunc_fns! {
    /// Wright's generalized Bessel function `Phi(a, b; x) = sum_k x^k / (k! Gamma(a k + b))`.
    /// SciPy's `scipy.special.wright_bessel`.
    ///
    /// **Shapes:** the three operands broadcast together (weak Python scalars allowed, NEP 50);
    /// the result has the broadcast shape.
    ///
    /// **Semantics:** SciPy's: defined for `a, b, x >= 0` (NaN for negative arguments); `1/Gamma(b)`
    /// at `x = 0`, `e^x / Gamma(b)` for `a = 0`; `inf` at `x = inf` for finite `a`, `b`; NaN for
    /// infinite `a` or `b`, for `a` or `b` at or above 178.47 (where `1/Gamma` underflows) and in
    /// the domain `0.5 <= a <= 1.8`, `b >= 100`, `x >= 1e5` that none of the methods covers; NaN
    /// propagates. Dtypes as SciPy's ufunc: float32 stays float32 (computed in float64 and
    /// rounded); integers, bool and float16 give float64 (SciPy lists `'ddd->d'` first); complex
    /// input is not implemented. The result lives on the input's device.
    ///
    /// **Algorithm:** xsf's (Christian Lorentzen's), step by step: the Taylor series in `x` for
    /// `x <= 2`, the Taylor series in `a` for tiny `a`, the series around its largest term for
    /// `a >= 5`, the large-`x` asymptotic expansion to order 8 (Wright 1935, Paris 2017) where
    /// `(a x)^(1/(1+a)) >= 14 + b^2 / (2 (1 + a))`, else the integral representation (Luchko
    /// 2008) by 50-point Gauss-Laguerre and Gauss-Legendre rules. The same steps as SciPy 1.17.1:
    /// within 1e-13 relative of it on the test grid; the method's own accuracy is xsf's (about
    /// 1e-11 relative, down to 1e-8 in parts of the asymptotic and integral domains). CUDA runs
    /// the same steps in `kernels/special/wright_bessel.cuh`.
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
    /// let x = Array::from_vec_on(vec![0.5f64, 20.0], &[2], Device::Cpu).unwrap();
    /// let r = cuprum_special::wright_bessel(0.5, 1.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.wright_bessel(0.5, 1.5, [0.5, 20.0])
    /// assert!((r[0] - 1.7336563626321981).abs() < 1e-14);
    /// assert!((r[1] - 75886.17273709027).abs() < 1e-13 * 75886.17273709027);
    /// ```
    wright_bessel(a, b, x) => F64, "wright_bessel", wright_bessel::wright_bessel
}
