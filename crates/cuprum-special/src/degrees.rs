//! Trigonometric functions of an angle in degrees (`sindg`, `cosdg`, `tandg`, `cotdg`) and
//! the conversion of degrees, minutes and seconds to radians (`radian`).

use crate::scalar::degrees as dg;
use crate::ufunc::{First, apply, ufunc_fns};
use cuprum_core::{Array, Operand, Result};

/// The sine of an angle in degrees. SciPy's `scipy.special.sindg` (CuPy's
/// `cupyx.scipy.special.sindg`).
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** exact at multiples of 30 and 90 degrees (`sindg(180) = -0`, as SciPy); 0
/// for `|x| > 1e14` (every digit of the angle is lost) and at `+-inf`; NaN in NaN out. Dtypes
/// as SciPy's ufunc (`'d->d'` listed first): float32 stays float32, other real dtypes give
/// float64. The result lives on the input's device.
///
/// **Algorithm:** Cephes `sindg`: the angle is reduced modulo 45 degrees in degrees (exactly),
/// then converted to radians for Cephes' sine or cosine polynomial on the octant. Bit-identical
/// to SciPy 1.17.1 on the test grids. CUDA runs the same steps in `kernels/special/degrees.cuh`.
///
/// # Errors
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![30.0f64, 90.0], &[2], Device::Cpu).unwrap();
/// let r = cuprum_special::sindg(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.sindg([30.0, 90.0])
/// assert_eq!(r, vec![0.49999999999999994, 1.0]);
/// ```
pub fn sindg<'a>(x: impl Into<Operand<'a>>) -> Result<Array> {
    let [r] = apply("special.sindg", "sindg", First::F64, [&x.into()], |[x]| {
        [dg::sindg(x)]
    })?;
    Ok(r)
}

/// The cosine of an angle in degrees. SciPy's `scipy.special.cosdg`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** exact at multiples of 60 and 90 degrees (`cosdg(90) = -0`, as SciPy); 0 for
/// `|x| > 1e14` and at `+-inf`; NaN in NaN out. Dtypes as [`sindg`].
///
/// **Algorithm:** Cephes `cosdg`, the reduction of [`sindg`]. Bit-identical to SciPy 1.17.1 on
/// the test grids; CUDA runs the same steps in `kernels/special/degrees.cuh`.
///
/// # Errors
/// As [`sindg`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![60.0f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::cosdg(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.cosdg(60.0)
/// assert_eq!(r, vec![0.49999999999999994]);
/// ```
pub fn cosdg<'a>(x: impl Into<Operand<'a>>) -> Result<Array> {
    let [r] = apply("special.cosdg", "cosdg", First::F64, [&x.into()], |[x]| {
        [dg::cosdg(x)]
    })?;
    Ok(r)
}

/// The tangent of an angle in degrees. SciPy's `scipy.special.tandg`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** exactly 0 at multiples of 180 degrees, `+-1` at odd multiples of 45, `inf`
/// (unsigned, as SciPy 1.17) at odd multiples of 90; 0 for `|x| > 1e14` and at `+-inf`; NaN in
/// NaN out. Dtypes as [`sindg`].
///
/// **Algorithm:** Cephes `tandg`: reduction modulo 180 degrees in degrees, then `tan` of the
/// angle in radians. Bit-identical to SciPy 1.17.1 on the test grids; CUDA runs the same steps
/// in `kernels/special/degrees.cuh`.
///
/// # Errors
/// As [`sindg`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![30.0f64, 45.0], &[2], Device::Cpu).unwrap();
/// let r = cuprum_special::tandg(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.tandg([30.0, 45.0])
/// assert_eq!(r, vec![0.5773502691896257, 1.0]);
/// ```
pub fn tandg<'a>(x: impl Into<Operand<'a>>) -> Result<Array> {
    let [r] = apply("special.tandg", "tandg", First::F64, [&x.into()], |[x]| {
        [dg::tandg(x)]
    })?;
    Ok(r)
}

/// The cotangent of an angle in degrees. SciPy's `scipy.special.cotdg`.
///
/// **Shapes:** the result has `x`'s shape.
///
/// **Semantics:** `inf` (unsigned) at multiples of 180 degrees, exactly 0 at odd multiples of
/// 90, `+-1` at odd multiples of 45; 0 for `|x| > 1e14` and at `+-inf`; NaN in NaN out. Dtypes
/// as [`sindg`].
///
/// **Algorithm:** Cephes `cotdg` (`tan(90 - x)` after the reduction of [`tandg`]).
/// Bit-identical to SciPy 1.17.1 on the test grids; CUDA runs the same steps in
/// `kernels/special/degrees.cuh`.
///
/// # Errors
/// As [`sindg`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![30.0f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::cotdg(&x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.cotdg(30.0)
/// assert_eq!(r, vec![1.7320508075688767]);
/// ```
pub fn cotdg<'a>(x: impl Into<Operand<'a>>) -> Result<Array> {
    let [r] = apply("special.cotdg", "cotdg", First::F64, [&x.into()], |[x]| {
        [dg::cotdg(x)]
    })?;
    Ok(r)
}

ufunc_fns! {
    /// An angle given in degrees `d`, minutes `m` and seconds `s`, in radians. SciPy's
    /// `scipy.special.radian(d, m, s)`.
    ///
    /// **Shapes:** `d`, `m` and `s` broadcast together; the result has the broadcast shape.
    ///
    /// **Semantics:** `((d * 60 + m) * 60 + s) * pi / 648000`; the three need not have the same
    /// sign. Dtypes as SciPy's ufunc (`'ddd->d'` listed first): three float32 operands give
    /// float32, other real dtypes float64; weak scalars take the arrays' dtype.
    ///
    /// **Algorithm:** Cephes `radian` (bit-identical to SciPy 1.17.1). CUDA runs the same
    /// expression in `kernels/special/degrees.cuh`.
    ///
    /// # Errors
    /// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
    /// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
    /// devices; as [`sindg`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let d = Array::from_vec_on(vec![90.0f64], &[1], Device::Cpu).unwrap();
    /// let r = cuprum_special::radian(&d, 0.0, 0.0).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.radian(90, 0, 0)
    /// assert_eq!(r, vec![1.5707963267948966]);
    /// ```
    radian(d, m, s) => F64, "radian", dg::radian
}
