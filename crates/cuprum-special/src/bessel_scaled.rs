//! The exponentially scaled modified Bessel functions of real order, `ive` and `kve`.

use crate::scalar::bessel_scaled;
use crate::ufunc::ufunc_fns;

ufunc_fns! {
    /// The exponentially scaled modified Bessel function of the first kind,
    /// `iv(v, x) * exp(-|x|)`. SciPy's `scipy.special.ive` for real `x`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
    /// result has the broadcast shape.
    ///
    /// **Semantics:** finite where `iv` overflows (`ive(v, x) ~ 1/sqrt(2 pi x)` for large `x`).
    /// NaN for `x < 0` unless `v` is an integer (then `ive(v, -x) = (-1)^v ive(v, x)`);
    /// `ive(0, 0) = 1`, 0 at `x = 0` otherwise, NaN at `x = 0` for negative non-integer `v`;
    /// NaN at `x = +-inf` and where the reflection's `kve` overflows (as SciPy's AMOS path).
    /// Dtypes as SciPy's ufunc: float32 stays float32; bool, 8- and 16-bit integers and float16
    /// give float32 (SciPy lists `'ff->f'` first), wider integers float64; complex input is not
    /// implemented. The result lives on the input's device.
    ///
    /// **Algorithm:** Temme's method as [`iv`](crate::iv) with the factor `e^x` left out of every
    /// step (Steed's CF2 without `e^-x`, CF1 and the Wronskian for `I`), Debye's uniform expansion
    /// for `|v| > 50`; negative orders by `ive(-v) = ive(v) + (2/pi) sin(pi v) kve(v) e^-2x`.
    /// Within 2e-13 relative of SciPy 1.17.1 (AMOS) on the test grids (1e-14 typically; Debye's expansion for `|v| > 50` carries the rounding of its exponent `v eta`). CUDA runs the same steps in
    /// `kernels/special/bessel_scaled.cuh`.
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
    /// let x = Array::from_vec_on(vec![1000.0f64], &[1], Device::Cpu).unwrap();
    /// let r = cuprum_special::ive(2.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.ive(2.5, 1000.0)
    /// assert!((r[0] - 0.012577853469258328).abs() <= 1e-14 * 0.012577853469258328);
    /// ```
    ive(v, x) => F32, "ive", bessel_scaled::ive;

    /// The exponentially scaled modified Bessel function of the second kind,
    /// `kv(v, x) * exp(x)`. SciPy's `scipy.special.kve` for real `x`.
    ///
    /// **Shapes:** as [`ive`].
    ///
    /// **Semantics:** `kve(-v, x) = kve(v, x)`; `inf` at 0; NaN for `x < 0` and at `x = inf` (as
    /// SciPy's AMOS path); `inf` where the value overflows (large `v`, small `x`). Dtypes as
    /// [`ive`].
    ///
    /// **Algorithm:** Temme's series times `e^x` for `x <= 2`, Steed's CF2 without `e^-x` above,
    /// forward recurrence in the order; Debye's uniform expansion with `e^(x - v eta)` for
    /// `|v| > 50`. Within 2e-13 relative of SciPy 1.17.1 (AMOS) on the test grids (1e-14 typically; Debye's expansion for `|v| > 50` carries the rounding of its exponent `v eta`). CUDA runs the
    /// same steps in `kernels/special/bessel_scaled.cuh`.
    ///
    /// # Errors
    /// As [`ive`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let x = Array::from_vec_on(vec![1000.0f64], &[1], Device::Cpu).unwrap();
    /// let r = cuprum_special::kve(2.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.kve(2.5, 1000.0)
    /// assert!((r[0] - 0.03975229169480722).abs() <= 1e-14 * 0.03975229169480722);
    /// ```
    kve(v, x) => F32, "kve", bessel_scaled::kve
}
