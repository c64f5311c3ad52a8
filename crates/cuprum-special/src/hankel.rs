//! The Hankel functions of a real argument: `hankel1`, `hankel2` and the scaled `hankel1e`,
//! `hankel2e`.

use crate::scalar::hankel::hankel;
use crate::ufunc::{First, apply, complex_from_parts};
use cuprum_core::{Array, DType, Operand, Result};

/// One of the four: the kernel `sp_<name>` of `kernels/special/hankel.cuh` and the CPU scalar.
fn hankel_apply(
    op: &'static str,
    name: &'static str,
    v: Operand<'_>,
    z: Operand<'_>,
    f: fn([f64; 2]) -> [f64; 2],
) -> Result<Array> {
    let [re, im] = apply(op, name, First::F32, [&v, &z], f)?;
    let cdt = if re.dtype() == DType::Float32 {
        DType::Complex64
    } else {
        DType::Complex128
    };
    complex_from_parts(op, &re, &im, cdt)
}

/// The Hankel function of the first kind `H1_v(z) = J_v(z) + i Y_v(z)` for real `z`. SciPy's
/// `scipy.special.hankel1(v, z)` at real `z`.
///
/// **Shapes:** `v` and `z` broadcast together; the result has the broadcast shape.
///
/// **Semantics:** complex output: complex64 when both operands are float32 (or smaller real
/// dtypes; SciPy's `'fF->F'` loop is listed first), complex128 otherwise. For `z < 0` the value
/// at `z = |z| e^{i pi}`, as SciPy. NaN (both parts) at `z = 0` and `z = +-inf` and for NaN,
/// as SciPy's AMOS. Complex `z` (SciPy's loop takes complex `z`) is not implemented: a complex
/// operand is an error. The result lives on the inputs' device.
///
/// **Algorithm:** this crate's [`jv`](crate::jv) and [`yv`](crate::yv) (Temme, continued
/// fractions, Hankel's asymptotic expansion; SciPy uses AMOS), with DLMF 10.11.1-2 for `z < 0`.
/// Within 2e-14 of `|H|` of SciPy 1.17.1 for `z > 0` and `|v| <= 20` on the test grids; up to
/// 3e-13 of `|H|` for `z < 0` (the reflection's `2 cos(pi v) J` term). CUDA runs the same steps
/// in `kernels/special/hankel.cuh`, writing the real and imaginary parts, which are then
/// interleaved into the complex result on the device.
///
/// # Errors
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex input,
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, DType, Device};
/// let z = Array::from_vec_on(vec![2.0f64], &[1], Device::Cpu).unwrap();
/// let h = cuprum_special::hankel1(1.5, &z).unwrap();
/// assert_eq!(h.dtype(), DType::Complex128);
/// // scipy.special.hankel1(1.5, 2.0)
/// let want = Complex64::new(0.4912937786871625, -0.39562328135870356);
/// assert!((h.to_vec::<Complex64>().unwrap()[0] - want).norm() < 1e-15);
/// ```
pub fn hankel1<'a>(v: impl Into<Operand<'a>>, z: impl Into<Operand<'a>>) -> Result<Array> {
    hankel_apply(
        "special.hankel1",
        "hankel1",
        v.into(),
        z.into(),
        |[v, z]| {
            let (r, i) = hankel(v, z, 1, false);
            [r, i]
        },
    )
}

/// The Hankel function of the second kind `H2_v(z) = J_v(z) - i Y_v(z)` for real `z`. SciPy's
/// `scipy.special.hankel2(v, z)` at real `z`.
///
/// **Shapes:** as [`hankel1`].
///
/// **Semantics:** as [`hankel1`] (`H2_0(0) = NaN + inf i`, as SciPy's AMOS).
///
/// **Algorithm:** as [`hankel1`].
///
/// # Errors
/// As [`hankel1`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// let z = Array::from_vec_on(vec![2.0f64], &[1], Device::Cpu).unwrap();
/// let h = cuprum_special::hankel2(1.5, &z).unwrap().to_vec::<Complex64>().unwrap();
/// // scipy.special.hankel2(1.5, 2.0)
/// assert!((h[0] - Complex64::new(0.4912937786871625, 0.39562328135870356)).norm() < 1e-15);
/// ```
pub fn hankel2<'a>(v: impl Into<Operand<'a>>, z: impl Into<Operand<'a>>) -> Result<Array> {
    hankel_apply(
        "special.hankel2",
        "hankel2",
        v.into(),
        z.into(),
        |[v, z]| {
            let (r, i) = hankel(v, z, 2, false);
            [r, i]
        },
    )
}

/// The exponentially scaled Hankel function of the first kind `H1_v(z) e^{-iz}` for real `z`.
/// SciPy's `scipy.special.hankel1e(v, z)` at real `z`.
///
/// **Shapes:** as [`hankel1`].
///
/// **Semantics:** as [`hankel1`].
///
/// **Algorithm:** [`hankel1`] times `cos z - i sin z`; within 2e-14 of `|H|` of SciPy 1.17.1
/// for `z > 0` on the test grids, 3e-13 for `z < 0`.
///
/// # Errors
/// As [`hankel1`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// let z = Array::from_vec_on(vec![2.0f64], &[1], Device::Cpu).unwrap();
/// let h = cuprum_special::hankel1e(1.5, &z).unwrap().to_vec::<Complex64>().unwrap();
/// // scipy.special.hankel1e(1.5, 2.0)
/// assert!((h[0] - Complex64::new(-0.5641895835477564, -0.2820947917738782)).norm() < 1e-15);
/// ```
pub fn hankel1e<'a>(v: impl Into<Operand<'a>>, z: impl Into<Operand<'a>>) -> Result<Array> {
    hankel_apply(
        "special.hankel1e",
        "hankel1e",
        v.into(),
        z.into(),
        |[v, z]| {
            let (r, i) = hankel(v, z, 1, true);
            [r, i]
        },
    )
}

/// The exponentially scaled Hankel function of the second kind `H2_v(z) e^{iz}` for real `z`.
/// SciPy's `scipy.special.hankel2e(v, z)` at real `z`.
///
/// **Shapes:** as [`hankel1`].
///
/// **Semantics:** as [`hankel1`].
///
/// **Algorithm:** [`hankel2`] times `cos z + i sin z`; accuracy as [`hankel1e`].
///
/// # Errors
/// As [`hankel1`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// let z = Array::from_vec_on(vec![2.0f64], &[1], Device::Cpu).unwrap();
/// let h = cuprum_special::hankel2e(1.5, &z).unwrap().to_vec::<Complex64>().unwrap();
/// // scipy.special.hankel2e(1.5, 2.0)
/// assert!((h[0] - Complex64::new(-0.5641895835477564, 0.2820947917738782)).norm() < 1e-15);
/// ```
pub fn hankel2e<'a>(v: impl Into<Operand<'a>>, z: impl Into<Operand<'a>>) -> Result<Array> {
    hankel_apply(
        "special.hankel2e",
        "hankel2e",
        v.into(),
        z.into(),
        |[v, z]| {
            let (r, i) = hankel(v, z, 2, true);
            [r, i]
        },
    )
}
