//! BLAS-1 on device vectors with core's public ops, and the one host read per iteration.
//!
//! Scalars that a recurrence needs on the device (`alpha = rho / (p·q)`) stay 0-d arrays there;
//! what the host needs (norms for the convergence test, a Hessenberg column) is read in one
//! transfer with [`read`].

use crate::Result;
use cuprum_core::{Array, Complex64, DType, Operand};

/// The dtype a solver works in: the promotion of the operator's and the right-hand side's
/// dtypes, made inexact; float16/bfloat16 work in float32 (SciPy upcasts integers to float64).
pub(crate) fn work_dtype(a: DType, b: DType) -> DType {
    let d = DType::promote(a, b).to_inexact();
    match d {
        DType::Float16 | DType::BFloat16 => DType::Float32,
        d => d,
    }
}

/// Machine epsilon of the real type of `dt`.
pub(crate) fn eps(dt: DType) -> f64 {
    match dt.real_dtype() {
        DType::Float32 => f32::EPSILON as f64,
        _ => f64::EPSILON,
    }
}

/// `x` as a 1-D array of `dt` (a view when nothing changes).
pub(crate) fn as_vec(x: &Array, dt: DType) -> Result<Array> {
    let x = if x.ndim() == 1 {
        x.clone()
    } else {
        x.reshape(&[x.size() as isize])?
    };
    Ok(if x.dtype() == dt { x } else { x.astype(dt)? })
}

/// `xᴴ y` as a 0-d array on the device.
pub(crate) fn dotc(x: &Array, y: &Array) -> Result<Array> {
    Ok(cuprum_core::vdot(x, y)?)
}

/// `‖x‖₂` as a 0-d real array on the device.
pub(crate) fn nrm2(x: &Array) -> Result<Array> {
    let d = cuprum_core::vdot(x, x)?;
    let d = if d.dtype().is_complex() {
        cuprum_core::real(&d)?
    } else {
        d
    };
    Ok(cuprum_core::sqrt(&d)?)
}

/// `y + a·x` (`a` an array or a weak scalar), in `y`'s dtype.
pub(crate) fn axpy<'a>(a: impl Into<Operand<'a>>, x: &'a Array, y: &Array) -> Result<Array> {
    let t = cuprum_core::multiply(a, x)?;
    Ok(cuprum_core::add(y, &t)?)
}

/// `a·x`.
pub(crate) fn scal<'a>(a: impl Into<Operand<'a>>, x: &'a Array) -> Result<Array> {
    Ok(cuprum_core::multiply(a, x)?)
}

/// A host scalar as a weak operand for vectors of `dt` (its real part for real dtypes).
pub(crate) fn hs(x: Complex64, dt: DType) -> Operand<'static> {
    if dt.is_complex() {
        Operand::from(x)
    } else {
        Operand::from(x.re)
    }
}

/// A real host scalar as a weak operand.
pub(crate) fn hr(x: f64) -> Operand<'static> {
    Operand::from(x)
}

/// The complex conjugate of a 0-d (or any) array; a no-op for real dtypes.
pub(crate) fn conj(a: &Array) -> Result<Array> {
    Ok(if a.dtype().is_complex() {
        cuprum_core::conj(a)?
    } else {
        a.clone()
    })
}

/// `a / b` elementwise (0-d scalars on the device).
pub(crate) fn div(a: &Array, b: &Array) -> Result<Array> {
    Ok(cuprum_core::divide(a, b)?)
}

/// `a · b` elementwise (0-d scalars on the device).
pub(crate) fn mul(a: &Array, b: &Array) -> Result<Array> {
    Ok(cuprum_core::multiply(a, b)?)
}

/// Reads the given 0-d arrays (any dtypes) to the host in one transfer.
pub(crate) fn read(xs: &[&Array]) -> Result<Vec<Complex64>> {
    if xs.is_empty() {
        return Ok(Vec::new());
    }
    let cs: Vec<Array> = xs
        .iter()
        .map(|a| {
            let a = if a.ndim() == 0 {
                (*a).clone()
            } else {
                a.reshape(&[a.size() as isize])?
            };
            a.astype(DType::Complex128)
        })
        .collect::<cuprum_core::Result<_>>()?;
    let refs: Vec<&Array> = cs.iter().collect();
    let all = if refs.iter().all(|a| a.ndim() == 0) {
        cuprum_core::stack(&refs, 0)?
    } else {
        let flat: Vec<Array> = refs
            .iter()
            .map(|a| a.reshape(&[-1]))
            .collect::<cuprum_core::Result<_>>()?;
        let fr: Vec<&Array> = flat.iter().collect();
        cuprum_core::concatenate(&fr, 0)?
    };
    Ok(all.to_vec::<Complex64>()?)
}

/// Reads one real 0-d array.
pub(crate) fn read1(x: &Array) -> Result<f64> {
    Ok(read(&[x])?[0].re)
}

/// SciPy's `_sym_ortho`: a stable Givens rotation `(c, s, r)` with `[c s; -s c] [a; b] = [r; 0]`.
pub(crate) fn sym_ortho(a: f64, b: f64) -> (f64, f64, f64) {
    if b == 0.0 {
        (if a == 0.0 { 1.0 } else { a.signum() }, 0.0, a.abs())
    } else if a == 0.0 {
        (0.0, b.signum(), b.abs())
    } else if b.abs() > a.abs() {
        let tau = a / b;
        let s = b.signum() / (1.0 + tau * tau).sqrt();
        let c = s * tau;
        (c, s, b / s)
    } else {
        let tau = b / a;
        let c = a.signum() / (1.0 + tau * tau).sqrt();
        let s = c * tau;
        (c, s, a / c)
    }
}
