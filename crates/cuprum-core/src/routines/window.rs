//! Window functions with NumPy's names and formulas: `hanning`, `hamming`, `blackman`,
//! `bartlett`, `kaiser` (float64, `m` points, symmetric), computed on the device from
//! `arange` and the ufuncs.

use crate::ops;
use crate::{Array, DType, Device, Result};

/// `n = arange(1 - m, m, 2)` (NumPy's symmetric sample points) as float64.
fn points(m: usize, device: Device) -> Result<Array> {
    crate::creation::arange_on(1 - m as i64, m as i64, 2i64, Some(DType::Float64), device)
}

fn degenerate(m: usize, device: Device) -> Option<Result<Array>> {
    match m {
        0 => Some(crate::creation::zeros_on(
            &[0usize][..],
            DType::Float64,
            device,
        )),
        1 => Some(crate::creation::ones_on(
            &[1usize][..],
            DType::Float64,
            device,
        )),
        _ => None,
    }
}

/// `a + b·cos(π n / (m-1))` over NumPy's points.
fn cosine_window(m: usize, a: f64, b: f64, device: Device) -> Result<Array> {
    if let Some(r) = degenerate(m, device) {
        return r;
    }
    let n = points(m, device)?;
    let c = ops::cos(&ops::divide(
        &ops::multiply(&n, std::f64::consts::PI)?,
        (m - 1) as f64,
    )?)?;
    ops::add(&ops::multiply(&c, b)?, a)
}

/// The Hann window, `0.5 + 0.5·cos(πn/(m-1))` (`numpy.hanning`).
///
/// # Errors
/// Allocation errors.
///
/// ```
/// use cuprum_core::{Device, hanning};
/// let w = hanning(5, Device::Cpu).unwrap().to_vec::<f64>().unwrap();
/// assert!((w[1] - 0.5).abs() < 1e-15 && w[2] == 1.0);
/// ```
pub fn hanning(m: usize, device: Device) -> Result<Array> {
    cosine_window(m, 0.5, 0.5, device)
}

/// The Hamming window, `0.54 + 0.46·cos(πn/(m-1))` (`numpy.hamming`).
///
/// # Errors
/// Allocation errors.
///
/// ```
/// use cuprum_core::{Device, hamming};
/// let w = hamming(3, Device::Cpu).unwrap().to_vec::<f64>().unwrap();
/// assert!((w[0] - 0.08).abs() < 1e-15 && w[1] == 1.0);
/// ```
pub fn hamming(m: usize, device: Device) -> Result<Array> {
    cosine_window(m, 0.54, 0.46, device)
}

/// The Blackman window, `0.42 + 0.5·cos(πn/(m-1)) + 0.08·cos(2πn/(m-1))`
/// (`numpy.blackman`).
///
/// # Errors
/// Allocation errors.
///
/// ```
/// use cuprum_core::{Device, blackman};
/// let w = blackman(3, Device::Cpu).unwrap().to_vec::<f64>().unwrap();
/// assert!(w[0].abs() < 1e-15 && (w[1] - 1.0).abs() < 1e-15);
/// ```
pub fn blackman(m: usize, device: Device) -> Result<Array> {
    if let Some(r) = degenerate(m, device) {
        return r;
    }
    let n = points(m, device)?;
    let pi = std::f64::consts::PI;
    let c1 = ops::cos(&ops::divide(&ops::multiply(&n, pi)?, (m - 1) as f64)?)?;
    let c2 = ops::cos(&ops::divide(&ops::multiply(&n, 2.0 * pi)?, (m - 1) as f64)?)?;
    ops::add(
        &ops::add(&ops::multiply(&c1, 0.5)?, 0.42)?,
        &ops::multiply(&c2, 0.08)?,
    )
}

/// The Bartlett (triangular) window (`numpy.bartlett`): `1 - |n|/(m-1)` over NumPy's points.
///
/// # Errors
/// Allocation errors.
///
/// ```
/// use cuprum_core::{Device, bartlett};
/// assert_eq!(bartlett(5, Device::Cpu).unwrap().to_vec::<f64>().unwrap(), vec![0.0, 0.5, 1.0, 0.5, 0.0]);
/// ```
pub fn bartlett(m: usize, device: Device) -> Result<Array> {
    if let Some(r) = degenerate(m, device) {
        return r;
    }
    let n = points(m, device)?;
    // NumPy: where(n <= 0, 1 + n/(m-1), 1 - n/(m-1))
    let q = ops::divide(&n, (m - 1) as f64)?;
    ops::where_(
        &ops::less_equal(&n, 0.0)?,
        &ops::add(&q, 1.0)?,
        &ops::subtract(1.0, &q)?,
    )
}

/// The Kaiser window, `i0(β·sqrt(1 - (n/α)²)) / i0(β)` with `α = (m-1)/2` (`numpy.kaiser`).
///
/// # Errors
/// Allocation errors.
///
/// ```
/// use cuprum_core::{Device, kaiser};
/// let w = kaiser(3, 0.0, Device::Cpu).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(w, vec![1.0, 1.0, 1.0]);
/// ```
pub fn kaiser(m: usize, beta: f64, device: Device) -> Result<Array> {
    if m == 0 {
        return crate::creation::zeros_on(&[0usize][..], DType::Float64, device);
    }
    if m == 1 {
        return crate::creation::ones_on(&[1usize][..], DType::Float64, device);
    }
    let alpha = (m - 1) as f64 / 2.0;
    let n = crate::creation::arange_on(0i64, m as i64, 1i64, Some(DType::Float64), device)?;
    let r = ops::divide(&ops::subtract(&n, alpha)?, alpha)?;
    let arg = ops::multiply(
        &ops::sqrt(&ops::subtract(1.0, &ops::multiply(&r, &r)?)?)?,
        beta,
    )?;
    let den = crate::routines::elementwise::i0(&Array::scalar_on(beta, device)?)?;
    ops::divide(&crate::routines::elementwise::i0(&arg)?, &den)
}
