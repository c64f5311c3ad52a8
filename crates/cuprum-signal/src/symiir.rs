//! Mirror-symmetric smoothing filters: the first- and second-order symmetric IIR cascades
//! (`symiirorder1`, `symiirorder2`) and the separable 2-D FIR filter with mirror-symmetric
//! boundaries (`sepfir2d`), all on the data's device.

use crate::util::{bad_shape_if, out_of_domain_if};
use crate::util::{complex_of, inexact};
use crate::{Boundary, bspline};
#[cfg(doc)]
use cuprum_core::Error;
use cuprum_core::{Array, Complex64, ConvolveMode, DType, Result, Scalar};

/// The boundary-sum precision when none in `(0, 1]` is given: SciPy's defaults (1e-6 for
/// single precision, 1e-11 otherwise).
fn precision_for(dt: DType, precision: f64) -> f64 {
    if precision > 0.0 && precision <= 1.0 {
        precision
    } else if matches!(dt, DType::Float32 | DType::Complex64) {
        1e-6
    } else {
        1e-11
    }
}

fn prepare(op: &'static str, signal: &Array) -> Result<Array> {
    bad_shape_if(
        signal.ndim() == 0 || signal.ndim() > 2 || signal.size() == 0,
        op,
        "signal",
        signal.shape(),
        "a non-empty 1-D or 2-D array (2-D: filtered along the last axis)",
    )?;
    signal.astype(inexact(signal.dtype()))
}

/// The smoothing filter `c0/((1 − z1·z⁻¹)(1 − z1·z))` with mirror-symmetric boundaries
/// (`scipy.signal.symiirorder1`): a causal first-order pass, then an anti-causal one.
///
/// **Shapes**: `signal` `(n,)` or `(m, n)` (each row filtered) → the same shape, in the
/// signal's floating dtype (float32 stays float32, integers become float64; complex64 or
/// complex128 when `c0` or `z1` is complex), on its device.
///
/// The causal pass starts from the mirror-symmetric sum `x[0] + Σ_{k<K} z1^(k+1)·x[k]`,
/// truncated where `|z1|^K ≤ precision` (default: 1e-11, or 1e-6 for single precision, when
/// `precision` is not in `(0, 1]`); the anti-causal pass from `c0/(1 − z1)·y[n−1]`.
///
/// # Errors
/// [`Error::OutOfDomain`] naming `signal.symiirorder1` for `|z1| ≥ 1` (or NaN) or a non-finite
/// `c0`; [`Error::BadShape`] for an empty signal or one of more than two dimensions; an error
/// when the boundary sum needs more than `n` terms (SciPy's "did not converge").
///
/// **Algorithm**: the start values by a weighted sum on the device, the two passes by
/// [`lfilter`](crate::lfilter) with those states (the block-parallel IIR scan on CUDA).
///
/// `c0` and `z1` may be complex (a float also converts): SciPy computes in the signal's dtype
/// with them and takes complex ones for complex signals; a real signal is filtered as
/// complex here (SciPy raises a `TypeError` casting `c0` to it). A complex `z1`'s passes run
/// as `(1 − z̄1·z⁻¹)/(1 − 2·Re z1·z⁻¹ + |z1|²·z⁻²)`, two filters with real coefficients.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Complex64, Device};
/// let x = Array::from_vec_on(vec![1.0f64; 64], &[64], Device::Cpu).unwrap();
/// // a constant signal: gain c0 / (1 - z1)^2 = 0.25 / 0.25 = 1
/// let y = cuprum_signal::symiirorder1(&x, 0.25, 0.5, -1.0).unwrap().to_vec::<f64>().unwrap();
/// assert!(y.iter().all(|v| (v - 1.0).abs() < 1e-9));
/// // complex coefficients give a complex result: here c0 / (1 - z1)^2 = 1 again
/// let z1 = Complex64::new(0.0, 0.5);
/// let c0 = (Complex64::new(1.0, 0.0) - z1).powi(2);
/// let y = cuprum_signal::symiirorder1(&x, c0, z1, -1.0).unwrap().to_vec::<Complex64>().unwrap();
/// assert!((y[32] - Complex64::new(1.0, 0.0)).norm() < 1e-9);
/// ```
pub fn symiirorder1(
    signal: &Array,
    c0: impl Into<Complex64>,
    z1: impl Into<Complex64>,
    precision: f64,
) -> Result<Array> {
    const OP: &str = "signal.symiirorder1";
    let (c0, z1) = (c0.into(), z1.into());
    out_of_domain_if(
        z1.re.is_nan() || z1.im.is_nan() || z1.norm() >= 1.0,
        OP,
        "z1",
        z1,
        "|z1| < 1",
    )?;
    out_of_domain_if(
        !(c0.re.is_finite() && c0.im.is_finite()),
        OP,
        "c0",
        c0,
        "finite values",
    )?;
    let mut x = prepare(OP, signal)?;
    if (c0.im != 0.0 || z1.im != 0.0) && !x.dtype().is_complex() {
        x = x.astype(complex_of(x.dtype()))?;
    }
    let prec = precision_for(x.dtype(), precision);
    bspline::symiirorder1_last(OP, &x, c0, z1, prec)
}

/// The smoothing filter `cs²/((1 − a2·z⁻¹ − a3·z⁻²)(1 − a2·z − a3·z²))`, `a2 = 2r·cos ω`,
/// `a3 = −r²`, `cs = 1 − 2r·cos ω + r²`, with mirror-symmetric boundaries
/// (`scipy.signal.symiirorder2`): a causal second-order pass, then an anti-causal one.
///
/// **Shapes**: `input` `(n,)` or `(m, n)` (each row filtered), `n ≥ 3` → the same shape, in
/// the input's floating dtype, on its device.
///
/// The start values are the mirror-symmetric boundary sums of SciPy's
/// `symiirorder2_ic_fwd`/`_bwd`, truncated at `precision` (defaults as [`symiirorder1`]).
///
/// # Errors
/// [`Error::OutOfDomain`] naming `signal.symiirorder2` for `r ∉ [0, 1)` or a non-finite
/// `omega`; [`Error::BadShape`] for an empty input or one of more than two dimensions; an error
/// for fewer than 3 samples or a boundary sum that needs more than `n` terms.
///
/// **Algorithm**: the boundary sums on the device, the passes by
/// [`lfilter`](crate::lfilter) with those states.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on(vec![2.0f64; 40], &[40], Device::Cpu).unwrap();
/// // unit DC gain: a constant comes back unchanged away from the edges (SciPy: y[20] =
/// // 2.0000000001567315; its truncated boundary sums move the last samples by ~6e-5)
/// let y = cuprum_signal::symiirorder2(&x, 0.5, 0.8, -1.0).unwrap().to_vec::<f64>().unwrap();
/// assert!((y[20] - 2.0000000001567315).abs() < 1e-9);
/// ```
pub fn symiirorder2(input: &Array, r: f64, omega: f64, precision: f64) -> Result<Array> {
    const OP: &str = "signal.symiirorder2";
    out_of_domain_if(!(0.0..1.0).contains(&r), OP, "r", r, "[0, 1)")?;
    out_of_domain_if(!omega.is_finite(), OP, "omega", omega, "finite values")?;
    let x = prepare(OP, input)?;
    let prec = precision_for(x.dtype(), precision);
    bspline::symiirorder2_last(OP, &x, r, omega, prec)
}

/// Convolves a 2-D array with the separable filter `hcol ⊗ hrow` under mirror-symmetric
/// boundaries (`scipy.signal.sepfir2d`): `hrow` along each row (axis 1), then `hcol` along each
/// column (axis 0).
///
/// **Shapes**: `input` `(m, n)`, odd-length 1-D `hrow` and `hcol` → `(m, n)` on `input`'s
/// device, in the input's floating dtype (complex when a filter is complex).
///
/// The boundary repeats the edge sample (`… b a | a b c …`, ndimage's `'reflect'`, the
/// `'symm'` boundary of [`convolve2d`](crate::convolve2d)). SciPy reads outside the array when
/// a filter's half-length exceeds the axis; cuprum continues the mirror extension there.
///
/// # Errors
/// [`Error::BadShape`] naming `signal.sepfir2d` for an `input` that is not 2-D, or filters
/// that are not 1-D of odd length.
///
/// **Algorithm**: two [`convolve2d`](crate::convolve2d) passes with `(1, len(hrow))` and
/// `(len(hcol), 1)` kernels, mode `'same'`, boundary `'symm'`, on the device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let x = Array::from_vec_on((0..12).map(|v| v as f64).collect::<Vec<_>>(), &[3, 4], Device::Cpu).unwrap();
/// let h = Array::from_vec_on(vec![0.0f64, 1.0, 0.0], &[3], Device::Cpu).unwrap();
/// // the identity filter
/// let y = cuprum_signal::sepfir2d(&x, &h, &h).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), x.to_vec::<f64>().unwrap());
/// ```
pub fn sepfir2d(input: &Array, hrow: &Array, hcol: &Array) -> Result<Array> {
    const OP: &str = "signal.sepfir2d";
    bad_shape_if(input.ndim() != 2, OP, "input", input.shape(), "a 2-D array")?;
    for (name, h) in [("hrow", hrow), ("hcol", hcol)] {
        bad_shape_if(
            h.ndim() != 1 || h.shape()[0] % 2 == 0,
            OP,
            name,
            h.shape(),
            "a 1-D array of odd length",
        )?;
    }
    let mut dt = inexact(input.dtype());
    if hrow.dtype().is_complex() || hcol.dtype().is_complex() {
        dt = complex_of(dt);
    }
    let dev = input.device();
    let x = input.astype(dt)?;
    let (lr, lc) = (hrow.shape()[0], hcol.shape()[0]);
    let kr = hrow.to_device(dev)?.astype(dt)?.reshape(&[1, lr])?;
    let kc = hcol.to_device(dev)?.astype(dt)?.reshape(&[lc, 1])?;
    let zero = Scalar::from(0.0);
    let y = crate::convolve2d(&x, &kr, ConvolveMode::Same, Boundary::Symm, zero)?;
    crate::convolve2d(&y, &kc, ConvolveMode::Same, Boundary::Symm, zero)
}
