//! The Lambert W function on the complex plane, `lambertw`.

use crate::scalar::lambertw::{Cx, lambertw as w_branch};
use crate::ufunc::{First, apply, complex_from_parts, owned_parts};
use cuprum_core::{Array, DType, Error, Operand, Result, Scalar};

const OP: &str = "special.lambertw";

/// The Lambert W function `W(z)`, the inverse of `w exp(w)`, on branch `k`. SciPy's
/// `scipy.special.lambertw(z, k=0, tol=1e-8)`.
///
/// **Shapes:** `z` and `k` broadcast together; the result has the broadcast shape.
///
/// **Semantics:** complex128 output for any real or complex input, as SciPy 1.17 (its ufunc
/// runs the `'Dld->D'` loop, complex64 input included); `k` is truncated to an integer (SciPy
/// casts it to `long`). `W(0, 0) = 0`, `W(0, k != 0) = -inf`, `W(inf, k) = inf + 2 pi k
/// i`, `W(-inf, k) = inf + (2k + 1) pi i`, NaN in NaN out; the real branches are `k = 0` for
/// `z >= -1/e` and `k = -1` for `-1/e <= z < 0`. `tol` is the relative size of the last
/// Halley step at which the iteration stops (the result is then accurate to about `tol^3`).
/// The result lives on the inputs' device.
///
/// **Algorithm:** xsf's (SciPy 1.17) `lambertw`, after mpmath: an initial guess from the
/// series about the branch point `-1/e`, a (3, 2) Pade approximation about 0 or the two-term
/// asymptotic series `log z + 2 pi k i - log(log z + 2 pi k i)`, then Halley's iteration (NaN
/// when 100 steps do not converge). Within 1e-15 relative of SciPy 1.17.1 on the test grids
/// (the same steps; the complex `log`, `exp`, `sqrt` and division round differently from the
/// C++ library's). The CPU computes in float64 (Rust); CUDA runs the same steps in
/// `kernels/special/lambertw.cuh`, writing the real and imaginary parts, which are then
/// interleaved into the complex result on the device.
///
/// # Errors
/// [`Error::BadArgument`](cuprum_core::Error::BadArgument) for a complex `k`;
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, DType, Device};
/// let z = Array::from_vec_on(vec![Complex64::new(1.0, 2.0)], &[1], Device::Cpu).unwrap();
/// let w = cuprum_special::lambertw(&z, 0, 1e-8).unwrap();
/// assert_eq!(w.dtype(), DType::Complex128);
/// let r = w.to_vec::<Complex64>().unwrap()[0];
/// // scipy.special.lambertw(1+2j)
/// assert!((r - Complex64::new(0.8237712167092305, 0.5329289867954417)).norm() < 1e-15);
/// // the real branch -1: scipy.special.lambertw(-0.2, -1)
/// let x = Array::from_vec_on(vec![-0.2f64], &[1], Device::Cpu).unwrap();
/// let r = cuprum_special::lambertw(&x, -1, 1e-8).unwrap().to_vec::<Complex64>().unwrap();
/// assert!((r[0].re - -2.5426413577735265).abs() < 1e-15 && r[0].im == 0.0);
/// ```
pub fn lambertw<'a>(
    z: impl Into<Operand<'a>>,
    k: impl Into<Operand<'a>>,
    tol: f64,
) -> Result<Array> {
    let z = z.into();
    let k = k.into();
    // SciPy's ufunc runs its 'Dld->D' loop for every input dtype (the default tol, a Python
    // float, keeps it off the 'Flf->F' loop): complex128 out
    if matches!(&z, Operand::Array(a) if a.dtype() == DType::BFloat16) {
        return Err(Error::dtype(OP, DType::BFloat16));
    }
    let dt = DType::Float64;
    // z as its real and imaginary parts in the loop dtype (a real array: its imaginary part
    // is the weak scalar 0)
    let z_parts: Option<(Array, Option<Array>)> = match &z {
        Operand::Array(a) if a.dtype().is_complex() => Some((
            cuprum_core::real(a)?.astype(dt)?,
            Some(cuprum_core::imag(a)?.astype(dt)?),
        )),
        Operand::Array(a) => Some((a.astype(dt)?, None)),
        Operand::Scalar(_) => None,
    };
    let (re, im) = owned_parts(OP, &z_parts, &z)?;
    // k: truncated toward zero, in the loop dtype
    let k_arr: Option<Array> = match &k {
        Operand::Array(a) => {
            if a.dtype().is_complex() {
                return Err(Error::bad_argument(
                    OP,
                    "k",
                    a.dtype(),
                    "an integer branch index",
                ));
            }
            Some(cuprum_core::trunc(&a.astype(DType::Float64)?)?.astype(dt)?)
        }
        Operand::Scalar(_) => None,
    };
    let k_op = match (&k_arr, &k) {
        (Some(a), _) => Operand::Array(a),
        (None, Operand::Scalar(Scalar::Complex(c))) => {
            return Err(Error::bad_argument(OP, "k", c, "an integer branch index"));
        }
        (None, Operand::Scalar(Scalar::Float(f))) => Operand::Scalar(Scalar::Float(f.trunc())),
        (None, Operand::Scalar(s)) => Operand::Scalar(*s),
        (None, Operand::Array(_)) => {
            return Err(Error::unsupported(
                OP,
                "internal: an array k without its cast",
            ));
        }
    };
    let [wr, wi] = apply(
        OP,
        "lambertw",
        First::F64,
        [&re, &im, &k_op, &Operand::Scalar(Scalar::Float(tol))],
        |[x, y, k, tol]| {
            let w = w_branch(Cx::new(x, y), k as i64, tol);
            [w.re, w.im]
        },
    )?;
    complex_from_parts(OP, &wr, &wi, DType::Complex128)
}
