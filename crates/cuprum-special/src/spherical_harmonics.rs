//! The spherical harmonics `sph_harm_y`.

use crate::scalar::sph_harm;
use crate::ufunc::{First, apply, complex_from_parts};
use cuprum_core::{Array, DType, Error, Operand, Result, Scalar};

const OP: &str = "special.sph_harm_y";

/// An integer operand (`n` or `m`) as float64 (an array cast, a scalar kept weak); a float or
/// complex one is an error, as SciPy's `'qqdd->D'` loop rejects it.
fn integer_operand(arg: &'static str, o: &Operand<'_>) -> Result<Option<Array>> {
    match o {
        Operand::Array(a) => {
            if a.dtype().is_integer() || a.dtype().is_bool() {
                Ok(Some(a.astype(DType::Float64)?))
            } else {
                Err(Error::bad_argument(OP, arg, a.dtype(), "an integer array"))
            }
        }
        Operand::Scalar(Scalar::Int(_) | Scalar::UInt(_) | Scalar::Bool(_)) => Ok(None),
        Operand::Scalar(s) => Err(Error::bad_argument(OP, arg, s, "an integer")),
    }
}

/// A real operand (`theta` or `phi`) as float64 (the loop is float64 for every input dtype).
fn real_operand(o: &Operand<'_>) -> Result<Option<Array>> {
    match o {
        Operand::Array(a) if a.dtype() == DType::BFloat16 => Err(Error::dtype(OP, a.dtype())),
        Operand::Array(a) if a.dtype().is_complex() => Err(Error::unsupported(
            OP,
            format!(
                "complex input ({}) is not accepted (SciPy's loop is real)",
                a.dtype()
            ),
        )),
        Operand::Array(a) => Ok(Some(a.astype(DType::Float64)?)),
        Operand::Scalar(Scalar::Complex(_)) => Err(Error::unsupported(
            OP,
            "a complex scalar is not accepted (SciPy's loop is real)",
        )),
        Operand::Scalar(_) => Ok(None),
    }
}

/// The spherical harmonic `Y_n^m(theta, phi) = sqrt((2n+1)/(4 pi) (n-m)!/(n+m)!)
/// P_n^m(cos theta) exp(i m phi)`, with the Condon-Shortley phase; `theta` is the polar and
/// `phi` the azimuthal angle. SciPy's `scipy.special.sph_harm_y(n, m, theta, phi)` (with
/// `diff_n=0`).
///
/// **Shapes:** `n`, `m`, `theta` and `phi` broadcast together; the result has the broadcast
/// shape.
///
/// **Semantics:** complex128 for every input dtype, as SciPy; `n` and `m` must be integers
/// (SciPy's `'qqdd->D'` loop: float `n` or `m` is a `TypeError` there, an error here); 0 for
/// `|m| > n` and for `n < 0`; NaN (both parts) for infinite or NaN `theta` or `phi`; `theta`
/// and `phi` outside `[0, pi]` and `[0, 2 pi]` are not reduced, as SciPy (the formula is
/// evaluated as is). The result lives on the inputs' device.
///
/// **Algorithm:** xsf's (SciPy 1.17) recurrences for the normalized `P_n^m(cos theta)`: along
/// the diagonal `n = |m|` in `sin(theta)^2`, then in `n` with `cos(theta)` (no factorials, so
/// no overflow at large degree), times `exp(i m phi)`. Bit-identical to SciPy 1.17.1 on a grid
/// of 3,000 points (`n < 80`); CUDA runs the same steps in `kernels/special/sph_harm.cuh`,
/// writing the real and imaginary parts, which are then interleaved into the complex result on
/// the device.
///
/// # Errors
/// [`Error::BadArgument`](cuprum_core::Error::BadArgument) for a non-integer `n` or `m`;
/// [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex `theta` or `phi`;
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, DType, Device};
/// let theta = Array::from_vec_on(vec![0.5f64], &[1], Device::Cpu).unwrap();
/// let y = cuprum_special::sph_harm_y(3, 2, &theta, 1.0).unwrap();
/// assert_eq!(y.dtype(), DType::Complex128);
/// // scipy.special.sph_harm_y(3, 2, 0.5, 1.0)
/// let want = Complex64::new(-0.08578703072266829, 0.18744808187987083);
/// assert!((y.to_vec::<Complex64>().unwrap()[0] - want).norm() < 1e-16);
/// ```
pub fn sph_harm_y<'a>(
    n: impl Into<Operand<'a>>,
    m: impl Into<Operand<'a>>,
    theta: impl Into<Operand<'a>>,
    phi: impl Into<Operand<'a>>,
) -> Result<Array> {
    let (n, m, theta, phi) = (n.into(), m.into(), theta.into(), phi.into());
    let na = integer_operand("n", &n)?;
    let ma = integer_operand("m", &m)?;
    let ta = real_operand(&theta)?;
    let pa = real_operand(&phi)?;
    let ops = [
        na.as_ref().map_or(n, Operand::Array),
        ma.as_ref().map_or(m, Operand::Array),
        ta.as_ref().map_or(theta, Operand::Array),
        pa.as_ref().map_or(phi, Operand::Array),
    ];
    let [yr, yi] = apply(
        OP,
        "sph_harm_y",
        First::F64,
        [&ops[0], &ops[1], &ops[2], &ops[3]],
        |[n, m, t, p]| {
            let (re, im) = sph_harm::sph_harm_y(n as i64, m as i64, t, p);
            [re, im]
        },
    )?;
    complex_from_parts(OP, &yr, &yi, DType::Complex128)
}
