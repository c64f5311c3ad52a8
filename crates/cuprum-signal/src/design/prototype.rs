//! The analog low-pass prototypes (`buttap`, `cheb1ap`, `cheb2ap`, `ellipap`): the zeros,
//! poles and gain of an order-`n` filter with cutoff 1 rad/s, as [`iirfilter`](crate::iirfilter)
//! computes them before its frequency transformations; on the host in float64, returned on the
//! current device.

use super::zpk::Zpk;
use crate::util::{bad_argument_if, out_of_domain_if};
#[cfg(doc)]
use cuprum_core::Error;
use cuprum_core::{Array, Result, current_device};

/// The largest prototype order accepted (SciPy has no limit; the poles of higher orders
/// crowd the unit circle's image far below float64 resolution).
const MAX_ORDER: usize = 1 << 16;

fn check_order(op: &'static str, n: usize) -> Result<()> {
    bad_argument_if(
        n > MAX_ORDER,
        op,
        "N",
        n,
        format!("a filter order of at most {MAX_ORDER}"),
    )?;
    Ok(())
}

fn check_db(op: &'static str, arg: &'static str, v: f64) -> Result<()> {
    out_of_domain_if(!(v > 0.0 && v.is_finite()), op, arg, v, "(0, inf) dB")?;
    Ok(())
}

fn out(f: Zpk) -> Result<(Array, Array, f64)> {
    let dev = current_device();
    let (nz, np) = (f.z.len(), f.p.len());
    Ok((
        Array::from_vec_on(f.z, &[nz], dev)?,
        Array::from_vec_on(f.p, &[np], dev)?,
        f.k,
    ))
}

/// The Butterworth analog low-pass prototype of order `n` (`scipy.signal.buttap`).
///
/// **Shapes**: → `z` `(0,)`, `p` `(n,)` (complex128) on the current device, and the gain 1.
///
/// The poles lie on the unit circle of the left half-plane, `p = −exp(iπm/(2n))` for
/// `m = −n+1, −n+3, …, n−1`: cutoff (−3 dB) at 1 rad/s.
///
/// # Errors
/// [`Error::BadArgument`] naming `signal.buttap` for an order above 65536.
///
/// **Algorithm**: the closed form on the host.
///
/// # Example
/// ```
/// use cuprum_core::Complex64;
/// // scipy.signal.buttap(2) -> z [], p [-0.7071+0.7071j, -0.7071-0.7071j], k 1
/// let (z, p, k) = cuprum_signal::buttap(2).unwrap();
/// let p = p.to_vec::<Complex64>().unwrap();
/// assert_eq!((z.size(), k), (0, 1.0));
/// assert!((p[0] - Complex64::new(-0.5f64.sqrt(), 0.5f64.sqrt())).norm() < 1e-15);
/// ```
pub fn buttap(n: usize) -> Result<(Array, Array, f64)> {
    check_order("signal.buttap", n)?;
    out(super::iir::buttap(n))
}

/// The Chebyshev type I analog low-pass prototype of order `n` with `rp` dB of passband
/// ripple (`scipy.signal.cheb1ap`).
///
/// **Shapes**: → `z` `(0,)`, `p` `(n,)` (complex128) on the current device, and the gain
/// (the DC gain is `−rp` dB for even `n`, 0 dB for odd `n`).
///
/// The passband edge (where the gain first drops below `−rp` dB) is at 1 rad/s.
///
/// # Errors
/// [`Error::OutOfDomain`] naming `signal.cheb1ap` for `rp` not in `(0, inf)`;
/// [`Error::BadArgument`] for an order above 65536.
///
/// **Algorithm**: SciPy's: poles `−sinh(μ + iθ_m)` on an ellipse, `μ = asinh(1/ε)/n`,
/// `ε = √(10^(rp/10) − 1)`; on the host.
///
/// # Example
/// ```
/// // scipy.signal.cheb1ap(3, 1) -> k 0.49130668209006784
/// let (_z, p, k) = cuprum_signal::cheb1ap(3, 1.0).unwrap();
/// assert_eq!(p.shape(), &[3]);
/// assert!((k - 0.49130668209006784).abs() < 1e-12);
/// ```
pub fn cheb1ap(n: usize, rp: f64) -> Result<(Array, Array, f64)> {
    const OP: &str = "signal.cheb1ap";
    check_order(OP, n)?;
    check_db(OP, "rp", rp)?;
    out(super::iir::cheb1ap(n, rp))
}

/// The Chebyshev type II analog low-pass prototype of order `n` with `rs` dB of stopband
/// attenuation (`scipy.signal.cheb2ap`).
///
/// **Shapes**: → `z` (`n` zeros for even `n`, `n − 1` for odd `n`), `p` `(n,)` (complex128)
/// on the current device, and the gain.
///
/// The stopband edge (where the gain first reaches `−rs` dB) is at 1 rad/s.
///
/// # Errors
/// [`Error::OutOfDomain`] naming `signal.cheb2ap` for `rs` not in `(0, inf)`;
/// [`Error::BadArgument`] for an order above 65536.
///
/// **Algorithm**: SciPy's: zeros `i/sin(mπ/(2n))` on the imaginary axis, poles the
/// reciprocals of type I poles; on the host.
///
/// # Example
/// ```
/// // scipy.signal.cheb2ap(3, 40) -> 2 zeros, 3 poles, k 0.03000150011250936
/// let (z, p, k) = cuprum_signal::cheb2ap(3, 40.0).unwrap();
/// assert_eq!((z.shape(), p.shape()), (&[2][..], &[3][..]));
/// assert!((k - 0.03000150011250936).abs() < 1e-12);
/// ```
pub fn cheb2ap(n: usize, rs: f64) -> Result<(Array, Array, f64)> {
    const OP: &str = "signal.cheb2ap";
    check_order(OP, n)?;
    check_db(OP, "rs", rs)?;
    out(super::iir::cheb2ap(n, rs))
}

/// The elliptic (Cauer) analog low-pass prototype of order `n` with `rp` dB of passband ripple
/// and `rs` dB of stopband attenuation (`scipy.signal.ellipap`).
///
/// **Shapes**: → `z` (`n` zeros for even `n`, `n − 1` for odd `n`), `p` `(n,)` (complex128)
/// on the current device, and the gain.
///
/// The passband edge (where the gain first drops below `−rp` dB) is at 1 rad/s.
///
/// # Errors
/// [`Error::OutOfDomain`] naming `signal.ellipap` for `rp` or `rs` not in `(0, inf)`;
/// [`Error::BadArgument`] for an order above 65536; [`Error::InvalidValue`] when the
/// specification cannot be met in float64 (SciPy's error of the same case).
///
/// **Algorithm**: SciPy's: the modulus from the degree equation (a q-series), zeros and poles
/// from Jacobi elliptic functions (Landen transformations); on the host.
///
/// # Example
/// ```
/// // scipy.signal.ellipap(4, 1, 40): 4 zeros, 4 poles, k 0.009999999999999997
/// let (z, p, k) = cuprum_signal::ellipap(4, 1.0, 40.0).unwrap();
/// assert_eq!((z.shape(), p.shape()), (&[4][..], &[4][..]));
/// assert!((k - 0.01).abs() < 1e-12);
/// ```
pub fn ellipap(n: usize, rp: f64, rs: f64) -> Result<(Array, Array, f64)> {
    const OP: &str = "signal.ellipap";
    check_order(OP, n)?;
    check_db(OP, "rp", rp)?;
    check_db(OP, "rs", rs)?;
    out(super::elliptic::ellipap(OP, n, rp, rs)?)
}
