//! Discrete-time LTI simulation of transfer functions `b(z)/a(z)` (descending powers of `z`,
//! SciPy's `dlti` convention): `dlsim`, `dimpulse`, `dstep` — the recursion runs through the
//! recursive filter engine on the input's device.

use crate::util::upload;
use crate::util::{bad_argument_if, bad_shape_if, check_len};
#[cfg(doc)]
use cuprum_core::Error;
use cuprum_core::{Array, DType, Result};

/// `b` left-padded to `a`'s length (positive powers of `z` → the `z⁻¹` form `lfilter` takes),
/// after stripping `a`'s leading zeros; `a[0]` normalized to 1.
fn tf_host(op: &'static str, b: &Array, a: &Array) -> Result<(Vec<f64>, Vec<f64>)> {
    let (bv, av) = crate::util::tf_normalized(op, "a", b, a)?;
    bad_argument_if(
        bv.len() > av.len(),
        op,
        "b",
        format!("a numerator of degree {}", bv.len().saturating_sub(1)),
        format!(
            "a proper transfer function: degree at most the denominator's {}",
            av.len().saturating_sub(1)
        ),
    )?;
    let mut bp = cuprum_core::ext::try_vec_filled(av.len() - bv.len(), 0.0)?;
    bp.extend(bv);
    Ok((bp, av))
}

fn times(n: usize, dt: f64, dev: cuprum_core::Device) -> Result<Array> {
    upload((0..n).map(|i| i as f64 * dt).collect(), dev)
}

/// Simulates the discrete system `b(z)/a(z)` with sampling interval `dt` driven by `u`
/// (`scipy.signal.dlsim` of a `(num, den, dt)` system, `t=None`).
///
/// **Shapes**: 1-D `u` (n) → `tout` `(n,)` and `yout` `(n, 1)` float64, on `u`'s device.
/// `x0` is the initial state of SciPy's controller-canonical realization (`tf2ss`).
///
/// # Errors
/// [`Error::BadArgument`] naming `dlsim` for an improper function; [`Error::BadShape`] for a
/// non-1-D `u` or an `x0` of the wrong length.
///
/// **Algorithm**: the forced response is [`lfilter`](crate::lfilter) of `u`; the free
/// response from `x0` satisfies the denominator's recursion, so it is [`lfilter`](crate::lfilter)
/// of an impulse through `c/a`, `c` matching its first `order` samples `C·Aᵏ·x0` (host
/// O(order²) work); both on `u`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![0.5f64, 0.2], &[2], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, -0.3, 0.1], &[3], Device::Cpu).unwrap();
/// let u = Array::from_vec_on(vec![1.0f64, 2.0, 0.0], &[3], Device::Cpu).unwrap();
/// let (_t, y) = cuprum_signal::dlsim(&b, &a, 0.1, &u, None).unwrap();
/// let y = y.to_vec::<f64>().unwrap();
/// assert!((y[1] - 0.5).abs() < 1e-15 && (y[2] - 1.35).abs() < 1e-12);
/// ```
pub fn dlsim(
    b: &Array,
    a: &Array,
    dt: f64,
    u: &Array,
    x0: Option<&[f64]>,
) -> Result<(Array, Array)> {
    const OP: &str = "dlsim";
    bad_shape_if(
        u.ndim() != 1,
        OP,
        "u",
        u.shape(),
        "a 1-D array (a single-input system)",
    )?;
    let (bp, av) = tf_host(OP, b, a)?;
    let n = u.size();
    let dev = u.device();
    let ba = upload(bp.clone(), dev)?;
    let aa = upload(av.clone(), dev)?;
    let mut y = crate::lfilter(&ba, &aa, &u.astype(DType::Float64)?, -1)?;
    let order = av.len() - 1;
    if let Some(x0) = x0 {
        check_len(OP, "x0", x0.len(), order, "one per state")?;
        if order > 0 && n > 0 {
            // free response y_f[k] = C·A^k·x0 of the controller-canonical realization
            let cvec: Vec<f64> = (0..order).map(|j| bp[j + 1] - bp[0] * av[j + 1]).collect();
            let mut x = x0.to_vec();
            let mut yf = cuprum_core::ext::try_vec_with_capacity(order.min(n))?;
            for _ in 0..order.min(n) {
                yf.push(cvec.iter().zip(&x).map(|(c, v)| c * v).sum::<f64>());
                let top: f64 = -(0..order).map(|j| av[j + 1] * x[j]).sum::<f64>();
                x.rotate_right(1);
                x[0] = top;
            }
            // c = (a ∗ y_f) truncated: the numerator whose impulse response starts with y_f
            let c: Vec<f64> = (0..yf.len())
                .map(|k| (0..=k).map(|i| av[i] * yf[k - i]).sum())
                .collect();
            let mut imp = cuprum_core::ext::try_vec_filled(n, 0.0)?;
            imp[0] = 1.0;
            let free = crate::lfilter(&upload(c, dev)?, &aa, &upload(imp, dev)?, -1)?;
            y = cuprum_core::add(&y, &free)?;
        }
    }
    Ok((times(n, dt, dev)?, y.reshape(&[n, 1][..])?))
}

fn canned(
    op: &'static str,
    b: &Array,
    a: &Array,
    dt: f64,
    n: usize,
    step: bool,
) -> Result<(Array, Array)> {
    let dev = cuprum_core::current_device();
    let mut u = cuprum_core::ext::try_vec_filled(n, if step { 1.0 } else { 0.0 })?;
    if !step && n > 0 {
        u[0] = 1.0;
    }
    let (bp, av) = tf_host(op, b, a)?;
    let y = crate::lfilter(&upload(bp, dev)?, &upload(av, dev)?, &upload(u, dev)?, -1)?;
    Ok((times(n, dt, dev)?, y.reshape(&[n, 1][..])?))
}

/// The impulse response of `b(z)/a(z)` over `n` samples (`scipy.signal.dimpulse` of a
/// `(num, den, dt)` system; SciPy's default `n` is 100).
///
/// **Shapes**: → `t` `(n,)` and `y` `(n, 1)` float64 on the current device (SciPy's
/// `yout[0]`).
///
/// # Errors
/// [`Error::BadArgument`] naming `dimpulse` for an improper function.
///
/// **Algorithm**: [`lfilter`](crate::lfilter) of a unit impulse.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, -0.5], &[2], Device::Cpu).unwrap();
/// let (_t, y) = cuprum_signal::dimpulse(&b, &a, 1.0, 3).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![0.0, 1.0, 0.5]);
/// ```
pub fn dimpulse(b: &Array, a: &Array, dt: f64, n: usize) -> Result<(Array, Array)> {
    canned("dimpulse", b, a, dt, n, false)
}

/// The step response of `b(z)/a(z)` over `n` samples (`scipy.signal.dstep` of a
/// `(num, den, dt)` system).
///
/// **Shapes**, errors: as [`dimpulse`], naming `dstep`.
///
/// # Errors
/// As [`dimpulse`].
///
/// **Algorithm**: [`lfilter`](crate::lfilter) of a unit step.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let b = Array::from_vec_on(vec![1.0f64], &[1], Device::Cpu).unwrap();
/// let a = Array::from_vec_on(vec![1.0f64, -0.5], &[2], Device::Cpu).unwrap();
/// let (_t, y) = cuprum_signal::dstep(&b, &a, 1.0, 3).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![0.0, 1.0, 1.5]);
/// ```
pub fn dstep(b: &Array, a: &Array, dt: f64, n: usize) -> Result<(Array, Array)> {
    canned("dstep", b, a, dt, n, true)
}
