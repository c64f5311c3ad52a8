//! The confluent hypergeometric functions `hyp1f1` (Kummer's `M`) and `hyperu` (Tricomi's `U`).

use crate::scalar::cx::Cz;
use crate::scalar::{cconfluent, confluent, hyperu};
use crate::ufunc::{First, apply, apply_complex_params, is_complex, ufunc_fns};
use cuprum_core::{Array, Operand, Result};

/// Kummer's confluent hypergeometric function `1F1(a; b; x)`. SciPy's `scipy.special.hyp1f1`
/// (real `a`, `b`; real or complex `x`).
///
/// **Shapes:** the three operands broadcast together (weak Python scalars allowed, NEP 50);
/// the result has the broadcast shape.
///
/// **Semantics:** SciPy's conventions: 1 at `x = 0` and for `a = 0`; for `b` a non-positive
/// integer `inf`, except where the series stops first (`a` a negative integer with `a >= b`,
/// or `a = b`), which gives that polynomial; `inf` where the value overflows; NaN for infinite
/// `a`, 1 for infinite `b`; NaN propagates. At `x = -inf` the limit
/// `Gamma(b)/Gamma(b-a) |x|^-a` (0 for `a > 0`, where SciPy's Boost gives NaN for some `a`,
/// `b` and does not return for others). Dtypes as SciPy's ufunc: float32 stays float32
/// (computed in float64 and rounded, as SciPy); bool, 8- and 16-bit integers and float16 give
/// float32, wider integers float64. Complex `x` (complex64, complex128, Python complex) gives a
/// complex result (SciPy's `'ffF->F'` and `'ddD->D'` loops): complex64 when `x` is complex64
/// (or a Python complex) and `a`, `b` keep float32 (weak scalars, arrays of at most float32),
/// computed in complex128 and rounded; complex128 otherwise. The result lives on the input's
/// device.
///
/// **Complex `x`:** SciPy's routine, Zhang and Jin's `CCHG` (xsf's `specfun::cchg`), ported
/// step by step: closed forms for `a` in `{0, -1, b, b + 1}` and `(a, b) = (1, 2)`, the
/// terminating series for a negative integer `a`, Kummer's transformation for `Re x < 0`, the
/// power series for `|x| < 20 + |b|` or `a < 0`, else the asymptotic expansion (DLMF 13.7.2,
/// 8 terms) and for `a >= 2` the forward recurrence in `a`; `inf + i 0` for `b` a non-positive
/// integer, NaN for a NaN input. The complex products and quotients are GCC's (Annex G), `exp`
/// glibc's `cexp`, as SciPy's build, so the values are SciPy 1.17.1's (the tests ask the bound
/// of the "Complex arguments" table of the crate docs). The accuracy is `CCHG`'s: against
/// mpmath on random `|a|, |b| <= 20`, `|x| <= 50` the median relative error is 6e-15, but the
/// 8-term asymptotic expansion (`|x| >= 20 + |b|`) can be wrong entirely (relative errors of
/// 2 to 85 at 3 of 300 points, e.g. `a = -1.96, b = 18.29, x = -13.75 + 45.68i`), as SciPy.
/// CUDA runs the same steps in `kernels/special/cconfluent.cuh`.
///
/// **Algorithm:** the power series summed in double-double arithmetic (`b - a` exact as a
/// double-double too), directly for `x > 0` and through Kummer's transformation
/// `e^x 1F1(b - a; b; -x)` for `x < 0`, where the terms are positive for `a >= 0`, `b > 0`;
/// where the chosen one cancels more than 8 digits the other is summed too and the better
/// conditioned kept. Beyond `|x| = 600` (the terms near the float64 range) the asymptotic
/// expansion of DLMF 13.7.2 where it converges and the other exponential part is below the
/// rounding. SciPy uses Boost's `hypergeometric_1F1`. **Accuracy:** on random grids of
/// `|a| <= 20`, `-10 <= b <= 20`, `|x| <= 100` within 3e-16 relative of the exact value
/// (mpmath at 40 digits), where SciPy 1.17.1 is off by more than 1e-13 at about 1% of the
/// points (by up to 100% at a few); the tests ask 1e-13 of SciPy's values where SciPy is
/// accurate, 2e-15 of mpmath's at points where it is not, and 4e-6 in float32. Near a zero of
/// the function only the absolute error is small; for `|a|` in the hundreds with cancelling
/// terms (`a` negative, `x > 0`) the cancellation can exceed 32 digits and the error grows,
/// and where such terms overflow the result is NaN (SciPy's Boost recurrences reach some of
/// these, e.g. `hyp1f1(-1e6, 1, 10)`); `inf` where terms of one sign overflow.
/// CUDA runs the same steps in
/// `kernels/special/confluent.cuh` (fma for the exact products).
///
/// # Errors
/// [`Error::Broadcast`](cuprum_core::Error::Broadcast) for shapes that do not broadcast,
/// [`Error::DeviceMismatch`](cuprum_core::Error::DeviceMismatch) for operands on different
/// devices, [`Error::Unsupported`](cuprum_core::Error::Unsupported) for complex `a` or `b`,
/// [`Error::DType`](cuprum_core::Error::DType) for bfloat16.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![-3.0f64, 2.0], &[2], Device::Cpu).unwrap();
/// let r = cuprum_special::hyp1f1(0.5, 1.5, &x).unwrap().to_vec::<f64>().unwrap();
/// // scipy.special.hyp1f1(0.5, 1.5, [-3.0, 2.0])
/// assert!((r[0] - 0.504343560231439).abs() < 1e-15);
/// assert!((r[1] - 2.3644538928052086).abs() < 1e-14);
/// ```
pub fn hyp1f1<'a>(
    a: impl Into<Operand<'a>>,
    b: impl Into<Operand<'a>>,
    x: impl Into<Operand<'a>>,
) -> Result<Array> {
    let (a, b, x) = (a.into(), b.into(), x.into());
    if is_complex(&a) || is_complex(&b) || is_complex(&x) {
        return apply_complex_params("special.hyp1f1", "chyp1f1", &a, &b, &x, |[a, b, xr, xi]| {
            let w = cconfluent::chyp1f1(a, b, Cz::new(xr, xi));
            [w.re, w.im]
        });
    }
    let [r] = apply(
        "special.hyp1f1",
        "hyp1f1",
        First::F32,
        [&a, &b, &x],
        |[a, b, x]| [confluent::hyp1f1(a, b, x)],
    )?;
    Ok(r)
}

ufunc_fns! {
    /// Tricomi's confluent hypergeometric function `U(a, b, x)`. SciPy's `scipy.special.hyperu`.
    ///
    /// **Shapes:** as [`hyp1f1`].
    ///
    /// **Semantics:** SciPy's conventions: NaN for `x < 0`; at `x = 0` `inf` for `b > 1`, else
    /// the limit `(1 - b + a)_(-a)` (Pochhammer's symbol, DLMF 13.2.14-21); NaN where Zhang and
    /// Jin's routine estimates fewer than 6 correct digits, `inf` where it overflows; NaN
    /// propagates. Dtypes as SciPy's ufunc: float32 stays float32 (computed in float64 and
    /// rounded); bool, 8- and 16-bit integers and float16 give float32 (SciPy lists `'fff->f'`
    /// first), wider integers float64; complex input is not implemented. The result lives on the
    /// input's device.
    ///
    /// **Algorithm:** the routine SciPy uses, Zhang and Jin's `CHGU` (xsf's `specfun::chgu`),
    /// ported step by step: the small-`x` series (DLMF 13.2.42) for non-integer `b`, the
    /// large-`x` expansion (DLMF 13.7.3, a finite sum when `a` or `a - b + 1` is a non-positive
    /// integer), the logarithmic series for integer `b`, and Gauss-Legendre integration of DLMF
    /// 13.4.4, chosen by each one's estimate of its significant digits; DLMF 13.3.7 for `b = 1`
    /// and small `a`, `x` (SciPy's fix of gh-15650). Within 1e-13 relative of SciPy 1.17.1 on the
    /// test grid (the same steps; the functions' own accuracy is `CHGU`'s, about 1e-9 relative
    /// where it integrates, better elsewhere). CUDA runs the same steps in
    /// `kernels/special/confluent.cuh`.
    ///
    /// # Errors
    /// As [`hyp1f1`].
    ///
    /// # Example
    /// ```
    /// use cuprum_core::{Array, Device};
    /// let x = Array::from_vec_on(vec![2.0f64, 0.5], &[2], Device::Cpu).unwrap();
    /// let r = cuprum_special::hyperu(1.5, 0.5, &x).unwrap().to_vec::<f64>().unwrap();
    /// // scipy.special.hyperu(1.5, 0.5, [2.0, 0.5])
    /// assert!((r[0] - 0.1511032693831405).abs() < 1e-13);
    /// assert!((r[1] - 0.4403282405454052).abs() < 1e-13);
    /// ```
    hyperu(a, b, x) => F32, "hyperu", hyperu::hyperu
}
