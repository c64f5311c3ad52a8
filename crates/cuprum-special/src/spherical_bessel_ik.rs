//! The modified spherical Bessel functions `spherical_in` and `spherical_kn`.

use crate::scalar::spherical_ik;
use crate::ufunc::n_z_derivative_fn;

n_z_derivative_fn! {
    /// The modified spherical Bessel function of the first kind `i_n(z)`, or its derivative.
    /// SciPy's `scipy.special.spherical_in(n, z, derivative=False)` for real `z`.
    ///
    /// **Shapes:** `n` and `z` broadcast together; the result has the broadcast shape.
    ///
    /// **Semantics:** `n` is truncated to an integer (SciPy casts it to `long`); NaN for `n < 0`;
    /// `i_n(-z) = (-1)^n i_n(z)`; `i_0(0) = 1`, `i_n(0) = 0` otherwise; `inf` at `inf` and
    /// `(-1)^n inf` at `-inf`. The derivative is `i_{n-1}(z) - (n + 1) i_n(z) / z` (`i_1` for
    /// `n = 0`, `1/3` at `z = 0` for `n = 1`). Dtypes: float32 stays float32 when both operands
    /// are float32; otherwise float64; complex `z` (SciPy's `'lD->D'` loop) is not implemented.
    ///
    /// **Algorithm:** xsf's `sph_bessel_i`: `sqrt(pi/(2z)) I_{n+1/2}(z)` with [`iv`](crate::iv)
    /// (Temme's method and continued fractions, as Boost), the reflection for `z < 0`. Within 2e-15
    /// relative of SciPy 1.17.1 where SciPy's value exceeds 1e-290 (SciPy's AMOS underflows to 0
    /// early for tiny `z` and large `n`; this gives the value). CUDA runs the same steps in
    /// `kernels/special/spherical_ik.cuh`.
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
    /// let z = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
    /// let r = cuprum_special::spherical_in(1, &z, false).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.spherical_in(1, 2.5)
    /// assert!((r[0] - 1.4848830748991089).abs() < 4e-15);
    /// ```
    spherical_ik::{spherical_in, spherical_in_d}
}

n_z_derivative_fn! {
    /// The modified spherical Bessel function of the second kind `k_n(z)`, or its derivative.
    /// SciPy's `scipy.special.spherical_kn(n, z, derivative=False)` for real `z`.
    ///
    /// **Shapes:** as [`spherical_in`].
    ///
    /// **Semantics:** `n` is truncated; NaN for `n < 0`; `inf` at 0, 0 at `inf`; for `z < 0` the
    /// real continuation `-(pi i_n(-z) + (-1)^n k_n(-z))` (DLMF 10.47.11, 10.47.17), `-inf` at
    /// `-inf`. The derivative is `-k_{n-1}(z) - (n + 1) k_n(z) / z` (`-k_1` for `n = 0`). Dtypes as
    /// [`spherical_in`].
    ///
    /// **Algorithm:** xsf's `sph_bessel_k`: `sqrt(pi/(2z)) K_{n+1/2}(z)` with [`kv`](crate::kv), the
    /// reflection for `z < 0`. Within 2e-14 relative of SciPy 1.17.1 (AMOS) for `z > 0`; for
    /// `z < 0` the two terms cancel and the difference is within 1e-15 of `pi |i_n(z)|`; for tiny
    /// negative `z` where `k_n` overflows this gives `+-inf` and SciPy NaN. CUDA runs the same
    /// steps in `kernels/special/spherical_ik.cuh`.
    ///
    /// # Errors
    /// As [`spherical_in`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let z = Array::from_vec_on(vec![2.5f64], &[1], Device::Cpu).unwrap();
    /// let r = cuprum_special::spherical_kn(1, &z, false).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.spherical_kn(1, 2.5)
    /// assert!((r[0] - 0.07220573602109526).abs() < 1e-15);
    /// ```
    spherical_ik::{spherical_kn, spherical_kn_d}
}
