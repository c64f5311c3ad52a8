//! Hypergeometric functions: the Gauss hypergeometric function `hyp2f1` for real arguments.

use crate::scalar::gauss_hypergeometric as h2f1;
use crate::ufunc::ufunc_fns;

ufunc_fns! {
    /// The Gauss hypergeometric function `2F1(a, b; c; x) = sum_k (a)_k (b)_k / ((c)_k k!) x^k`
    /// for real arguments. SciPy's `scipy.special.hyp2f1` (its real loop).
    ///
    /// **Shapes:** the four operands broadcast together (weak Python scalars allowed, NEP 50);
    /// the result has the broadcast shape.
    ///
    /// **Semantics:** SciPy's values: `1` at `x = 0`; a polynomial for `a` or `b` a non-positive
    /// integer; `inf` where the function has a pole (`c` a non-positive integer without earlier
    /// termination, `x = 1` with `c - a - b <= 0`) and for `x > 1` (the real loop gives no
    /// branch value there); the analytic continuation for `x < -1`. Dtypes as SciPy's ufunc
    /// (`'dddd->d'` listed first): float32 operands give float32, any other real dtype float64;
    /// complex input is not implemented. The result lives on the input's device.
    ///
    /// **Algorithm:** Cephes' `hyp2f1` (the routine behind SciPy's real loop): the power series
    /// with an estimate of its cancellation, AMS55 15.3.3-15.3.12 for `x > 0.9` and `x < -0.5`,
    /// 15.3.7 for `x < -2`, recurrences in `a` and `c` where the series cancels. The CPU computes
    /// in float64 (Rust); CUDA runs the same steps in `kernels/special/hypergeometric.cuh`. Within
    /// 1e-15 of SciPy on the test grid; Cephes' own error estimate is 1.2e-11 at worst on
    /// `-1 < x < 1` with parameters in `[-7, 7]`, and the two agree step for step.
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
    /// use cuprum_special as special;
    /// let x = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
    /// let r = special::hyp2f1(1.0, 1.0, 2.0, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.hyp2f1(1, 1, 2, 0.5) = -log(1 - 0.5) / 0.5
    /// assert!((r[0] - 1.3862943611198906).abs() <= 1e-15);
    /// ```
    hyp2f1(a, b, c, x) => F64, "hyp2f1", h2f1::hyp2f1
}
