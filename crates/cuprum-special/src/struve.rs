//! The Struve functions `struve` (`H_v`) and `modstruve` (`L_v`) of real order.

use crate::scalar::struve;
use crate::ufunc::ufunc_fns;

ufunc_fns! {
    /// The Struve function `H_v(x)` of real order. SciPy's `scipy.special.struve`.
    ///
    /// **Shapes:** the operands broadcast together (weak Python scalars allowed, NEP 50); the
    /// result has the broadcast shape.
    ///
    /// **Semantics:** SciPy's (xsf's): for `x < 0` NaN unless `v` is an integer, then
    /// `H_v(-x) = (-1)^(v+1) H_v(x)`; at `x = 0` 0 for `v > -1`, `2/pi` for `v = -1`,
    /// `sign(Gamma(v + 3/2)) inf` below (NaN where that sign is undefined); for
    /// `v = -n - 1/2` (`n >= 1`) the Bessel function `(-1)^n J_(n+1/2)(x)`; `inf` where the value
    /// overflows, NaN where no expansion converges (as SciPy: e.g. `x = inf` for `v < 1`); NaN
    /// propagates. Dtypes as SciPy's ufunc: float32 stays float32 (computed in float64 and
    /// rounded); integers, bool and float16 give float64 (SciPy lists `'dd->d'` first); complex
    /// input is not implemented. The result lives on the input's device.
    ///
    /// **Algorithm:** xsf's (Pauli Virtanen's): the first of three expansions whose estimated
    /// rounding error is below `1e-12` relative — the large-`x` expansion (DLMF 11.6.1) plus
    /// [`yv`](crate::yv) for `x >= 0.7 v + 12`, the power series (DLMF 11.2.1) in double-double,
    /// the series in Bessel functions [`jv`](crate::jv) (DLMF 11.4.19) for `x < |v| + 20` —
    /// else the best of them within `1e-7`. Within 1e-13 relative of SciPy 1.17.1 on the test
    /// grid (`|v| <= 30`, `0 <= x <= 200`) where SciPy's result is within `1e-12`; both carry the
    /// error estimate of the chosen expansion (`1e-12` relative at worst, `1e-7` in the
    /// transition regions). CUDA runs the same steps in `kernels/special/struve.cuh`.
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
    /// let x = Array::from_vec_on(vec![0.5f64, 30.0], &[2], Device::Cpu).unwrap();
    /// let r = cuprum_special::struve(1.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.struve(1.5, [0.5, 30.0])
    /// assert!((r[0] - 0.017387575543565445).abs() < 1e-15);
    /// assert!((r[1] - 2.333133275670562).abs() < 1e-13);
    /// ```
    struve(v, x) => F64, "struve", struve::struve_h;

    /// The modified Struve function `L_v(x)` of real order. SciPy's `scipy.special.modstruve`.
    ///
    /// **Shapes:** as [`struve`].
    ///
    /// **Semantics:** as [`struve`], with `L_v(-x) = (-1)^(v+1) L_v(x)` for integer `v` and the
    /// modified Bessel function `I_(n+1/2)(x)` for `v = -n - 1/2`; `inf` where `L_v` overflows
    /// (it grows as `e^x`). Dtypes as [`struve`].
    ///
    /// **Algorithm:** as [`struve`], with [`iv`](crate::iv) in place of `Y_v` and `J_v`. Within
    /// 1e-13 relative of SciPy 1.17.1 on the test grid where SciPy's result is within `1e-12`;
    /// near `x ~ 0.7 |v|` for large negative `v` (the function changes fast there) both keep
    /// only the `1e-7` of the acceptable expansion. CUDA in `kernels/special/struve.cuh`.
    ///
    /// # Errors
    /// As [`struve`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let x = Array::from_vec_on(vec![0.5f64, 30.0], &[2], Device::Cpu).unwrap();
    /// let r = cuprum_special::modstruve(1.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.modstruve(1.5, [0.5, 30.0])
    /// assert!((r[0] - 0.017877334377864554).abs() < 1e-15);
    /// assert!((r[1] - 752420533210.2512).abs() < 1e-13 * 752420533210.2512);
    /// ```
    modstruve(v, x) => F64, "modstruve", struve::struve_l
}
