//! `sosfilt`, `sosfilt_zi`, `sosfiltfilt`: cascades of second-order sections along an axis.

use super::engine::{self, Recurrence};
use super::lfilter::{FiltfiltOptions, lfilter_zi_host};
use super::pad::{extend, unpad_reversed, validate_pad};
use crate::util::bad_shape_if;
use crate::util::{axis_of, axis_reverse, axis_slice, inexact, same_device, upload_shaped};
use cuprum_core::{Array, DType, Error, Result};

/// The sections of `sos` on the host, checked as SciPy's `_validate_sos` does.
pub(crate) fn sos_host(op: &'static str, sos: &Array) -> Result<Vec<[f64; 6]>> {
    if sos.ndim() == 1 && sos.size() == 6 {
        return sos_host(op, &sos.reshape(&[1, 6])?);
    }
    bad_shape_if(
        sos.ndim() != 2 || sos.shape()[1] != 6 || sos.shape()[0] == 0,
        op,
        "sos",
        sos.shape(),
        "(n_sections, 6) with n_sections >= 1",
    )?;
    let v = crate::util::host_f64(op, sos)?;
    let rows: Vec<[f64; 6]> = v
        .chunks(6)
        .map(|c| [c[0], c[1], c[2], c[3], c[4], c[5]])
        .collect();
    if rows.iter().any(|r| r[3] != 1.0) {
        let a0: Vec<f64> = rows.iter().map(|r| r[3]).collect();
        return Err(Error::bad_argument(
            op,
            "sos",
            format!("sections with sos[:, 3] = {a0:?}"),
            "normalized sections (sos[:, 3] all ones)",
        ));
    }
    Ok(rows)
}

/// `(zi moved to (…, n_sections, 2))` from SciPy's `(n_sections, …, 2, …)` layout, and back.
fn to_engine(z: &Array, ax: usize) -> Result<Array> {
    // (nsec, s0, .., 2 at ax+1, ..) -> (s0, .., .., nsec, 2)
    z.moveaxis(&[0, (ax + 1) as isize], &[-2, -1])
}

fn from_engine(z: &Array, ax: usize) -> Result<Array> {
    z.moveaxis(&[-2, -1], &[0, (ax + 1) as isize])
}

fn filter_sos(
    op: &'static str,
    sos: &Array,
    x: &Array,
    zi: Option<&Array>,
    axis: isize,
) -> Result<(Array, Array)> {
    let s = sos_host(op, sos)?;
    bad_shape_if(x.ndim() == 0, op, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(op, axis, x.ndim())?;
    let nsec = s.len();
    let mut dt = inexact(DType::promote(sos.dtype(), x.dtype()));
    if let Some(z) = zi {
        dt = inexact(DType::promote(dt, z.dtype()));
    }
    let mut zshape = vec![nsec];
    zshape.extend_from_slice(x.shape());
    zshape[ax + 1] = 2;
    let z = match zi {
        Some(z) => {
            same_device(op, x, z)?;
            bad_shape_if(
                z.shape() != &zshape[..],
                op,
                "zi",
                z.shape(),
                format!("{zshape:?} for axis = {axis}"),
            )?;
            z.astype(dt)?
        }
        None => cuprum_core::zeros_on(&zshape[..], dt, x.device())?,
    };
    // float32 samples through float64 sections on the CPU: widened as the engine reads them
    let widen = x.device() == cuprum_core::Device::Cpu
        && x.dtype() == DType::Float32
        && dt == DType::Float64
        && (1..=8).contains(&nsec);
    // no copy when x already has the working dtype (the engine reads it in place)
    let xl = if x.dtype() == dt || widen {
        crate::util::to_last(x, ax)?
    } else {
        crate::util::to_last(&x.astype(dt)?, ax)?
    };
    let ze = to_engine(&z, ax)?;
    let lead: Vec<usize> = xl.shape()[..xl.ndim() - 1].to_vec();
    let mut zflat = lead.clone();
    zflat.push(2 * nsec);
    let ze = ze.copy()?.reshape(&zflat[..])?;
    let (y, zf) = if widen {
        engine::run_sos_widen(&s, &xl, &ze)?
    } else {
        engine::run(op, &Recurrence::Sos(&s), &xl, &ze)?
    };
    let mut zs = lead;
    zs.extend([nsec, 2]);
    let zf = from_engine(&zf.reshape(&zs[..])?, ax)?;
    Ok((crate::util::from_last(&y, ax)?, zf))
}

/// Filters `x` along `axis` with a cascade of second-order sections, from zero state
/// (`scipy.signal.sosfilt` without `zi`).
///
/// **Shapes**: `sos` `(n_sections, 6)` (rows `[b0, b1, b2, 1, a1, a2]`; a 1-D row of 6 is one
/// section), `x` of any shape → `x`'s shape; dtypes promote with `sos`'s (integers →
/// float64).
///
/// # Errors
/// [`Error::BadShape`] naming `sosfilt` for an `sos` of the wrong shape or 0-d `x`;
/// [`Error::BadArgument`] naming `sos` for `a0 != 1`; [`Error::AxisOutOfBounds`].
///
/// **Algorithm**: each sample passes through the sections in turn (direct form II transposed),
/// one pass per 1-D signal: rayon over signals on the CPU, one CUDA thread per signal on a
/// device (`kernels/signal/iir.cu`).
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let sos = Array::from_vec_on(vec![1.0f64, 0.0, 0.0, 1.0, -0.5, 0.0], &[1, 6], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![1.0f64, 0.0, 0.0], &[3], Device::Cpu).unwrap();
/// let y = cuprum_signal::sosfilt(&sos, &x, -1).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0, 0.5, 0.25]);
/// ```
pub fn sosfilt(sos: &Array, x: &Array, axis: isize) -> Result<Array> {
    Ok(filter_sos("sosfilt", sos, x, None, axis)?.0)
}

/// [`sosfilt`] from the initial state `zi`, returning the output and the final state
/// (`scipy.signal.sosfilt(sos, x, axis, zi)` → `(y, zf)`).
///
/// **Shapes**: `zi` `(n_sections, …)` where `…` is `x`'s shape with `shape[axis] = 2`; `zf`
/// the same.
///
/// # Errors
/// As [`sosfilt`], and [`Error::BadShape`] naming `zi` for a `zi` of another shape.
///
/// **Algorithm**: as [`sosfilt`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let sos = Array::from_vec_on(vec![1.0f64, 0.0, 0.0, 1.0, -0.5, 0.0], &[1, 6], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![0.0f64, 0.0], &[2], Device::Cpu).unwrap();
/// let zi = Array::from_vec_on(vec![1.0f64, 0.0], &[1, 2], Device::Cpu).unwrap();
/// let (y, _zf) = cuprum_signal::sosfilt_with_state(&sos, &x, &zi, -1).unwrap();
/// assert_eq!(y.to_vec::<f64>().unwrap(), vec![1.0, 0.5]);
/// ```
pub fn sosfilt_with_state(
    sos: &Array,
    x: &Array,
    zi: &Array,
    axis: isize,
) -> Result<(Array, Array)> {
    filter_sos("sosfilt", sos, x, Some(zi), axis)
}

fn sosfilt_zi_host(op: &'static str, s: &[[f64; 6]]) -> Result<Vec<f64>> {
    let mut out = cuprum_core::ext::try_vec_with_capacity(2 * s.len())?;
    let mut scale = 1.0;
    for r in s {
        let zi = lfilter_zi_host(op, &r[..3], &r[3..])?;
        let mut zi2 = [0.0; 2];
        for (d, v) in zi2.iter_mut().zip(&zi) {
            *d = scale * v;
        }
        out.extend(zi2);
        scale *= (r[0] + r[1] + r[2]) / (r[3] + r[4] + r[5]);
    }
    Ok(out)
}

/// The initial state of [`sosfilt_with_state`] for the steady state of a unit step
/// (`scipy.signal.sosfilt_zi`).
///
/// **Shapes**: `sos` `(n_sections, 6)` → `(n_sections, 2)` float64 on `sos`'s device.
///
/// # Errors
/// As [`sosfilt`] for `sos`; [`Error::BadArgument`] for a section with a pole at `z = 1`.
///
/// **Algorithm**: [`lfilter_zi`](crate::lfilter_zi) of each section scaled by the DC gain of
/// the sections before it, on the host.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// let sos = Array::from_vec_on(vec![0.5f64, 0.5, 0.0, 1.0, 0.0, 0.0], &[1, 6], Device::Cpu).unwrap();
/// let zi = cuprum_signal::sosfilt_zi(&sos).unwrap();
/// assert_eq!(zi.to_vec::<f64>().unwrap(), vec![0.5, 0.0]);
/// ```
pub fn sosfilt_zi(sos: &Array) -> Result<Array> {
    const OP: &str = "sosfilt_zi";
    let s = sos_host(OP, sos)?;
    upload_shaped(sosfilt_zi_host(OP, &s)?, &[s.len(), 2], sos.device())
}

/// Applies second-order sections forward and backward along `axis` (zero phase)
/// (`scipy.signal.sosfiltfilt`).
///
/// **Shapes**: `sos` `(n_sections, 6)`, `x` of any shape → `x`'s shape.
///
/// The default `padlen` is `3·ntaps` with `ntaps = 2·n_sections + 1 − min(#(b2 == 0),
/// #(a2 == 0))`; the extension and the initial states are as in [`filtfilt`](crate::filtfilt).
///
/// # Errors
/// As [`sosfilt`], and [`Error::BadArgument`] naming `padlen` when `x` is not longer than
/// `padlen`.
///
/// **Algorithm**: SciPy's: two [`sosfilt_with_state`] passes from `sosfilt_zi` scaled by the
/// edge samples, composed on `x`'s device.
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device};
/// use cuprum_signal::{FiltfiltOptions, sosfiltfilt};
/// let sos = Array::from_vec_on(vec![0.5f64, 0.5, 0.0, 1.0, 0.0, 0.0], &[1, 6], Device::Cpu).unwrap();
/// let x = Array::from_vec_on(vec![2.0f64; 20], &[20], Device::Cpu).unwrap();
/// let y = sosfiltfilt(&sos, &x, -1, &FiltfiltOptions::default()).unwrap();
/// assert!(y.to_vec::<f64>().unwrap().iter().all(|v| (v - 2.0).abs() < 1e-12));
/// ```
pub fn sosfiltfilt(sos: &Array, x: &Array, axis: isize, opts: &FiltfiltOptions) -> Result<Array> {
    const OP: &str = "sosfiltfilt";
    let s = sos_host(OP, sos)?;
    bad_shape_if(x.ndim() == 0, OP, "x", x.shape(), "at least 1 dimension")?;
    let ax = axis_of(OP, axis, x.ndim())?;
    let nsec = s.len();
    let zb = s.iter().filter(|r| r[2] == 0.0).count();
    let za = s.iter().filter(|r| r[5] == 0.0).count();
    let ntaps = 2 * nsec + 1 - zb.min(za);
    let (edge, _) = validate_pad(OP, opts.padtype, opts.padlen, x, ax, ntaps)?;
    let ext = extend(x, ax, edge, opts.padtype)?;
    let zi = sosfilt_zi_host(OP, &s)?;
    let mut zshape = cuprum_core::ext::try_vec_filled(x.ndim() + 1, 1usize)?;
    zshape[0] = nsec;
    zshape[ax + 1] = 2;
    let zi = Array::from_vec_on(zi, &zshape[..], x.device())?;
    let full_shape = |a: &Array| -> Vec<usize> {
        let mut s = vec![nsec];
        s.extend_from_slice(a.shape());
        s[ax + 1] = 2;
        s
    };
    let x0 = axis_slice(&ext, ax, 0, Some(1))?;
    let z0 =
        cuprum_core::multiply(&zi, &x0.expand_dims(0)?)?.broadcast_to(&full_shape(&ext)[..])?;
    let (y, _) = filter_sos(OP, sos, &ext, Some(&z0.copy()?), ax as isize)?;
    let y0 = axis_slice(&y, ax, -1, None)?;
    let z1 = cuprum_core::multiply(&zi, &y0.expand_dims(0)?)?.broadcast_to(&full_shape(&y)[..])?;
    let (y, _) = filter_sos(
        OP,
        sos,
        &axis_reverse(&y, ax)?,
        Some(&z1.copy()?),
        ax as isize,
    )?;
    unpad_reversed(&y, ax, edge)
}

#[cfg(test)]
mod tests {
    use super::sosfilt;
    use cuprum_core::{Array, DType, Device};

    /// float32 samples through float64 sections (widened as read on the CPU) give float64
    /// results equal to filtering the same samples as float64, along either axis.
    #[test]
    fn float32_input_widens_like_a_float64_copy() {
        // scipy.signal.butter(4, 0.2, output='sos'), designed on the CPU
        let o = crate::IirOptions {
            output: crate::FilterOutput::Sos,
            ..Default::default()
        };
        let sos = crate::butter(4, &[0.2], &o).unwrap().sos().unwrap();
        let v: Vec<f32> = (0..60)
            .map(|i| ((i * 37 % 11) as f32 - 5.0) * 0.25)
            .collect();
        let x32 = Array::from_vec_on(v, &[6, 10], Device::Cpu).unwrap();
        let x64 = x32.astype(DType::Float64).unwrap();
        for axis in [-1, 0] {
            let a = sosfilt(&sos, &x32, axis).unwrap();
            let b = sosfilt(&sos, &x64, axis).unwrap();
            assert_eq!(a.dtype(), DType::Float64);
            assert_eq!(a.to_vec::<f64>().unwrap(), b.to_vec::<f64>().unwrap());
        }
    }
}
