//! Waveforms evaluated elementwise on a time array (`chirp`, `gausspulse`, `sawtooth`,
//! `square`, `sweep_poly`, `unit_impulse`), on the time array's device.

use crate::util::{bad_argument_if, bad_shape_if, out_of_domain_if};
use cuprum_core::ops::Operand;
use cuprum_core::{Array, DType, Device, Error, Result, Scalar};
use std::f64::consts::PI;

/// The frequency sweep of [`chirp`] (SciPy's `method`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ChirpMethod {
    /// `f(t) = f0 + (f1 − f0)·t/t1` (`'linear'`, the default)
    #[default]
    Linear,
    /// `f(t) = f0 + (f1 − f0)·t²/t1²` (`'quadratic'`)
    Quadratic,
    /// `f(t) = f0·(f1/f0)^(t/t1)` (`'logarithmic'`)
    Logarithmic,
    /// `f(t) = f0·f1·t1 / ((f0 − f1)·t + f1·t1)` (`'hyperbolic'`)
    Hyperbolic,
}

impl ChirpMethod {
    /// Parses SciPy's method names and abbreviations.
    ///
    /// # Errors
    /// [`Error::BadArgument`] naming `chirp` and `method` for another string.
    ///
    /// ```
    /// assert_eq!(cuprum_signal::waveforms::ChirpMethod::parse("log").unwrap(), cuprum_signal::waveforms::ChirpMethod::Logarithmic);
    /// ```
    pub fn parse(s: &str) -> Result<ChirpMethod> {
        Ok(match s {
            "linear" | "lin" | "li" => ChirpMethod::Linear,
            "quadratic" | "quad" | "q" => ChirpMethod::Quadratic,
            "logarithmic" | "log" | "lo" => ChirpMethod::Logarithmic,
            "hyperbolic" | "hyp" => ChirpMethod::Hyperbolic,
            _ => {
                return Err(Error::bad_argument(
                    "chirp",
                    "method",
                    format!("{s:?}"),
                    "one of 'linear', 'quadratic', 'logarithmic', 'hyperbolic'",
                ));
            }
        })
    }
}

fn float_t(t: &Array) -> Result<Array> {
    t.astype(crate::util::inexact(t.dtype()))
}

fn mul(a: &Array, s: f64) -> Result<Array> {
    cuprum_core::multiply(a, s)
}

/// A frequency-swept cosine `cos(phase(t) + phi°)` (`scipy.signal.chirp`, real output).
///
/// **Shapes**: `t` of any shape → the same shape (float32 stays float32, integers → float64).
///
/// # Errors
/// [`Error::OutOfDomain`] naming `chirp` and `f0` or `f1` for a logarithmic sweep with
/// `f0·f1 <= 0`, a hyperbolic one with a zero frequency.
///
/// **Algorithm**: SciPy's closed-form phase, elementwise on `t`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::waveforms::{ChirpMethod, chirp};
/// let t = Array::from_vec_on(vec![0.0f64, 0.5, 1.0], &[3], Device::Cpu).unwrap();
/// let y = chirp(&t, 1.0, 1.0, 3.0, ChirpMethod::Linear, 0.0, true).unwrap().to_vec::<f64>().unwrap();
/// assert!((y[0] - 1.0).abs() < 1e-15 && (y[2] - 1.0).abs() < 1e-12);
/// ```
pub fn chirp(
    t: &Array,
    f0: f64,
    t1: f64,
    f1: f64,
    method: ChirpMethod,
    phi: f64,
    vertex_zero: bool,
) -> Result<Array> {
    const OP: &str = "chirp";
    let t = float_t(t)?;
    let phase = match method {
        ChirpMethod::Linear => {
            let beta = (f1 - f0) / t1;
            mul(
                &cuprum_core::add(
                    &mul(&t, f0)?,
                    &mul(&cuprum_core::multiply(&t, &t)?, 0.5 * beta)?,
                )?,
                2.0 * PI,
            )?
        }
        ChirpMethod::Quadratic => {
            let beta = (f1 - f0) / (t1 * t1);
            let t3 = cuprum_core::multiply(&cuprum_core::multiply(&t, &t)?, &t)?;
            if vertex_zero {
                mul(
                    &cuprum_core::add(&mul(&t, f0)?, &mul(&t3, beta / 3.0)?)?,
                    2.0 * PI,
                )?
            } else {
                let d = cuprum_core::subtract(t1, &t)?;
                let d3 = cuprum_core::multiply(&cuprum_core::multiply(&d, &d)?, &d)?;
                let inner = mul(&cuprum_core::subtract(&d3, t1 * t1 * t1)?, beta / 3.0)?;
                mul(&cuprum_core::add(&mul(&t, f1)?, &inner)?, 2.0 * PI)?
            }
        }
        ChirpMethod::Logarithmic => {
            if f0 * f1 <= 0.0 {
                return Err(if f0 == 0.0 {
                    Error::out_of_domain(OP, "f0", f0, "nonzero values (logarithmic chirp)")
                } else {
                    Error::out_of_domain(
                        OP,
                        "f1",
                        f1,
                        format!("nonzero values of the sign of f0 = {f0} (logarithmic chirp)"),
                    )
                });
            }
            if f0 == f1 {
                mul(&t, 2.0 * PI * f0)?
            } else {
                let beta = t1 / (f1 / f0).ln();
                let pw = cuprum_core::power(f1 / f0, &mul(&t, 1.0 / t1)?)?;
                mul(&cuprum_core::subtract(&pw, 1.0)?, 2.0 * PI * beta * f0)?
            }
        }
        ChirpMethod::Hyperbolic => {
            if f0 == 0.0 || f1 == 0.0 {
                let (arg, v) = if f0 == 0.0 { ("f0", f0) } else { ("f1", f1) };
                return Err(Error::out_of_domain(
                    OP,
                    arg,
                    v,
                    "nonzero values (hyperbolic chirp)",
                ));
            }
            if f0 == f1 {
                mul(&t, 2.0 * PI * f0)?
            } else {
                let sing = -f1 * t1 / (f0 - f1);
                let l = cuprum_core::log(&cuprum_core::abs(&cuprum_core::subtract(
                    1.0,
                    &mul(&t, 1.0 / sing)?,
                )?)?)?;
                mul(&l, 2.0 * PI * (-sing * f0))?
            }
        }
    };
    cuprum_core::cos(&cuprum_core::add(&phase, phi * PI / 180.0)?)
}

/// A Gaussian-modulated sinusoid (`scipy.signal.gausspulse` with `retquad` and `retenv`):
/// the in-phase part, the quadrature part and the envelope.
///
/// **Shapes**: `t` → three arrays of `t`'s shape. `fc` centre frequency (Hz), `bw`
/// fractional bandwidth, `bwr` the reference level (dB, negative).
///
/// # Errors
/// [`Error::OutOfDomain`] naming `gausspulse` and the argument for `fc < 0`, `bw <= 0`,
/// `bwr >= 0`.
///
/// **Algorithm**: `env = exp(−a·t²)`, `a = −(π·fc·bw)²/(4·ln(10^(bwr/20)))`, times
/// `cos`/`sin(2π·fc·t)`; elementwise on `t`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let t = Array::from_vec_on(vec![0.0f64], &[1], Device::Cpu).unwrap();
/// let (i, _q, e) = cuprum_signal::waveforms::gausspulse(&t, 1000.0, 0.5, -6.0).unwrap();
/// assert_eq!(i.to_vec::<f64>().unwrap(), vec![1.0]);
/// assert_eq!(e.to_vec::<f64>().unwrap(), vec![1.0]);
/// ```
pub fn gausspulse(t: &Array, fc: f64, bw: f64, bwr: f64) -> Result<(Array, Array, Array)> {
    const OP: &str = "gausspulse";
    out_of_domain_if(fc < 0.0, OP, "fc", fc, "[0, inf)")?;
    out_of_domain_if(bw <= 0.0, OP, "bw", bw, "(0, inf)")?;
    out_of_domain_if(bwr >= 0.0, OP, "bwr", bwr, "(-inf, 0) dB")?;
    let t = float_t(t)?;
    let rf = 10f64.powf(bwr / 20.0);
    let a = -(PI * fc * bw).powi(2) / (4.0 * rf.ln());
    let env = cuprum_core::exp(&mul(&cuprum_core::multiply(&t, &t)?, -a)?)?;
    let arg = mul(&t, 2.0 * PI * fc)?;
    let yi = cuprum_core::multiply(&env, &cuprum_core::cos(&arg)?)?;
    let yq = cuprum_core::multiply(&env, &cuprum_core::sin(&arg)?)?;
    Ok((yi, yq, env))
}

/// A periodic sawtooth (or triangle) wave of period 2π (`scipy.signal.sawtooth`).
///
/// **Shapes**: `t` and `width` (a scalar or an array) broadcast together → their shape. The
/// wave rises from −1 to 1 over `width·2π` and falls back over the rest; where `width` is
/// outside `[0, 1]` it is NaN (as SciPy). Float32 `t` with a scalar `width` stays float32;
/// integers become float64.
///
/// # Errors
/// [`Error::Broadcast`] for shapes that do not broadcast; [`Error::DeviceMismatch`]
/// for arrays on different devices; allocation errors.
///
/// **Algorithm**: `t mod 2π` and a `where` between the two linear pieces, on `t`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let t = Array::from_vec_on(vec![0.0f64, std::f64::consts::PI], &[2], Device::Cpu).unwrap();
/// let y = cuprum_signal::waveforms::sawtooth(&t, 1.0).unwrap().to_vec::<f64>().unwrap();
/// assert!((y[0] + 1.0).abs() < 1e-15 && y[1].abs() < 1e-15);
/// // a width per sample: a rising ramp, then a triangle
/// let w = Array::from_vec_on(vec![1.0f64, 0.5], &[2], Device::Cpu).unwrap();
/// let y = cuprum_signal::waveforms::sawtooth(&t, &w).unwrap().to_vec::<f64>().unwrap();
/// assert!((y[0] + 1.0).abs() < 1e-15 && (y[1] - 1.0).abs() < 1e-15);
/// ```
pub fn sawtooth<'a>(t: &Array, width: impl Into<Operand<'a>>) -> Result<Array> {
    let t = float_t(t)?;
    let width = match width.into() {
        Operand::Scalar(w) => return sawtooth_scalar(&t, w.as_f64()),
        Operand::Array(w) => float_t(w)?,
    };
    let (tmod, bad) = (cuprum_core::remainder(&t, 2.0 * PI)?, outside_unit(&width)?);
    // each piece divides only where it is chosen: the other elements divide by 1
    let w_pos = cuprum_core::where_(&cuprum_core::greater(&width, 0.0)?, &width, 1.0)?;
    let one_minus = cuprum_core::subtract(1.0, &width)?;
    let w_below = cuprum_core::where_(&cuprum_core::less(&width, 1.0)?, &one_minus, 1.0)?;
    let rise = cuprum_core::subtract(&cuprum_core::divide(&tmod, &mul(&w_pos, PI)?)?, 1.0)?;
    let fall = cuprum_core::divide(
        &cuprum_core::subtract(&mul(&cuprum_core::add(&width, 1.0)?, PI)?, &tmod)?,
        &mul(&w_below, PI)?,
    )?;
    let up = cuprum_core::less(&tmod, &mul(&width, 2.0 * PI)?)?;
    let y = cuprum_core::where_(&up, &rise, &fall)?;
    cuprum_core::where_(&bad, f64::NAN, &y)?.astype(y.dtype())
}

/// `width < 0 || width > 1`, elementwise.
fn outside_unit(w: &Array) -> Result<Array> {
    cuprum_core::logical_or(&cuprum_core::less(w, 0.0)?, &cuprum_core::greater(w, 1.0)?)
}

fn sawtooth_scalar(t: &Array, width: f64) -> Result<Array> {
    if !(0.0..=1.0).contains(&width) {
        return cuprum_core::full_like(t, f64::NAN);
    }
    let tmod = cuprum_core::remainder(t, 2.0 * PI)?;
    let rise = || cuprum_core::subtract(&mul(&tmod, 1.0 / (PI * width))?, 1.0);
    let fall = || {
        mul(
            &cuprum_core::subtract(PI * (width + 1.0), &tmod)?,
            1.0 / (PI * (1.0 - width)),
        )
    };
    if width == 1.0 {
        return rise();
    }
    if width == 0.0 {
        return fall();
    }
    cuprum_core::where_(
        &cuprum_core::less(&tmod, width * 2.0 * PI)?,
        &rise()?,
        &fall()?,
    )
}

/// A periodic square wave of period 2π with duty cycle `duty` (`scipy.signal.square`).
///
/// **Shapes**: `t` and `duty` (a scalar or an array) broadcast together → their shape: 1 over
/// the first `duty·2π` of each period, −1 after; NaN where `duty` is outside `[0, 1]`.
/// Float32 `t` with a scalar `duty` stays float32; integers become float64.
///
/// # Errors
/// [`Error::Broadcast`] for shapes that do not broadcast; [`Error::DeviceMismatch`]
/// for arrays on different devices; allocation errors.
///
/// **Algorithm**: `t mod 2π` compared with `duty·2π`, on `t`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let t = Array::from_vec_on(vec![1.0f64, 4.0], &[2], Device::Cpu).unwrap();
/// let y = cuprum_signal::waveforms::square(&t, 0.5).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(y, vec![1.0, -1.0]);
/// let d = Array::from_vec_on(vec![0.1f64, 0.9], &[2], Device::Cpu).unwrap();
/// let y = cuprum_signal::waveforms::square(&t, &d).unwrap().to_vec::<f64>().unwrap();
/// assert_eq!(y, vec![-1.0, 1.0]);
/// ```
pub fn square<'a>(t: &Array, duty: impl Into<Operand<'a>>) -> Result<Array> {
    let t = float_t(t)?;
    let duty = match duty.into() {
        Operand::Scalar(d) => {
            let d = d.as_f64();
            if !(0.0..=1.0).contains(&d) {
                return cuprum_core::full_like(&t, f64::NAN);
            }
            let tmod = cuprum_core::remainder(&t, 2.0 * PI)?;
            let r = cuprum_core::where_(&cuprum_core::less(&tmod, d * 2.0 * PI)?, 1.0, -1.0)?;
            return r.astype(t.dtype());
        }
        Operand::Array(d) => float_t(d)?,
    };
    let tmod = cuprum_core::remainder(&t, 2.0 * PI)?;
    let up = cuprum_core::less(&tmod, &mul(&duty, 2.0 * PI)?)?;
    let y = cuprum_core::where_(&up, 1.0, -1.0)?;
    let dt = cuprum_core::result_type(&[t.dtype(), duty.dtype()])?;
    cuprum_core::where_(&outside_unit(&duty)?, f64::NAN, &y)?.astype(dt)
}

/// A cosine whose instantaneous frequency is the polynomial `poly(t)` (highest power first)
/// (`scipy.signal.sweep_poly`).
///
/// **Shapes**: `t` → the same shape.
///
/// # Errors
/// [`Error::BadShape`] naming `sweep_poly` and `poly` for an empty polynomial.
///
/// **Algorithm**: `cos(2π·∫poly)`, the integral's coefficients on the host and Horner's rule
/// elementwise on `t`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let t = Array::from_vec_on(vec![0.0f64, 0.25], &[2], Device::Cpu).unwrap();
/// let y = cuprum_signal::waveforms::sweep_poly(&t, &[1.0]).unwrap().to_vec::<f64>().unwrap();
/// assert!((y[0] - 1.0).abs() < 1e-15 && y[1].abs() < 1e-15);
/// ```
pub fn sweep_poly(t: &Array, poly: &[f64]) -> Result<Array> {
    bad_shape_if(
        poly.is_empty(),
        "sweep_poly",
        "poly",
        &[0],
        "at least one coefficient",
    )?;
    let t = float_t(t)?;
    let n = poly.len();
    // the antiderivative, highest power first, zero constant term
    let mut integ: Vec<f64> = poly
        .iter()
        .enumerate()
        .map(|(i, c)| c / (n - i) as f64)
        .collect();
    integ.push(0.0);
    let mut acc = cuprum_core::zeros_like(&t)?;
    for c in integ {
        acc = cuprum_core::add(&cuprum_core::multiply(&acc, &t)?, c)?;
    }
    cuprum_core::cos(&mul(&acc, 2.0 * PI)?)
}

/// Where [`unit_impulse`] puts its one.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum ImpulseAt {
    /// the first element (SciPy's `idx=None`)
    #[default]
    First,
    /// the middle of every axis (`idx='mid'`)
    Mid,
    /// this multi-index
    Index(Vec<usize>),
}

/// An array of zeros with a single one (`scipy.signal.unit_impulse`).
///
/// **Shapes**: `shape` → `shape` of `dtype` (float64 by SciPy's default) on the current
/// device.
///
/// # Errors
/// [`Error::BadArgument`] naming `unit_impulse` and `idx` for an index of the wrong length or
/// outside the shape.
///
/// **Algorithm**: zeros and one element assigned, on the current device.
///
/// # Example
/// ```
/// use cuprum_core::DType;
/// use cuprum_signal::waveforms::{ImpulseAt, unit_impulse};
/// let d = unit_impulse(&[5], &ImpulseAt::Mid, DType::Float64).unwrap();
/// assert_eq!(d.to_vec::<f64>().unwrap(), vec![0.0, 0.0, 1.0, 0.0, 0.0]);
/// ```
pub fn unit_impulse(shape: &[usize], idx: &ImpulseAt, dtype: DType) -> Result<Array> {
    const OP: &str = "unit_impulse";
    let dev: Device = cuprum_core::current_device();
    let out = cuprum_core::zeros_on(shape, dtype, dev)?;
    let ix: Vec<usize> = match idx {
        ImpulseAt::First => cuprum_core::ext::try_vec_filled(shape.len(), 0)?,
        ImpulseAt::Mid => shape.iter().map(|n| n / 2).collect(),
        ImpulseAt::Index(v) => v.clone(),
    };
    bad_argument_if(
        ix.len() != shape.len() || ix.iter().zip(shape).any(|(i, n)| i >= n),
        OP,
        "idx",
        format!("{ix:?}"),
        format!("an index inside shape {shape:?}"),
    )?;
    let items: Vec<cuprum_core::SliceItem> = ix
        .iter()
        .map(|&i| cuprum_core::SliceItem::Slice {
            start: Some(i as isize),
            stop: Some(i as isize + 1),
            step: 1,
        })
        .collect();
    out.slice(&items)?.assign(&cuprum_core::full_on(
        &[] as &[usize],
        Scalar::Int(1),
        dtype,
        dev,
    )?)?;
    Ok(out)
}
