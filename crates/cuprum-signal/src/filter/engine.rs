//! The recursive filters' engine: direct form II transposed along the last axis of a
//! C-contiguous array, one 1-D signal at a time — rayon over the signals on the CPU, one CUDA
//! thread per signal (`kernels/signal/iir.cu`) on a device.

use cuprum_core::ext::{self, nvrtc};
use cuprum_core::{Array, Complex32, Complex64 as C, DType, Device, Element, Error, Result};
use rayon::prelude::*;
use std::ffi::c_void;
use std::ops::{Add, Mul, Sub};
use std::sync::OnceLock;

/// The recurrence of a filter, coefficients normalized (`a[0] = 1`).
pub(crate) enum Recurrence<'a> {
    /// `b`, `a` of equal length `K + 1` (the state holds `K` values a signal)
    Ba { b: &'a [C], a: &'a [C] },
    /// second-order sections (the state holds `2·n_sections` values a signal)
    Sos(&'a [[f64; 6]]),
}

impl Recurrence<'_> {
    /// Values of state a signal.
    pub(crate) fn state_len(&self) -> usize {
        match self {
            Recurrence::Ba { b, .. } => b.len() - 1,
            Recurrence::Sos(s) => 2 * s.len(),
        }
    }

    fn is_real(&self) -> bool {
        match self {
            Recurrence::Ba { b, a } => b.iter().chain(a.iter()).all(|c| c.im == 0.0),
            Recurrence::Sos(_) => true,
        }
    }
}

trait Sample:
    Copy + Add<Output = Self> + Sub<Output = Self> + Mul<Output = Self> + Send + Sync + Element
{
    fn from_c(c: C) -> Self;
    fn zero() -> Self;
}
impl Sample for f32 {
    fn from_c(c: C) -> Self {
        c.re as f32
    }
    fn zero() -> Self {
        0.0
    }
}
impl Sample for f64 {
    fn from_c(c: C) -> Self {
        c.re
    }
    fn zero() -> Self {
        0.0
    }
}
impl Sample for Complex32 {
    fn from_c(c: C) -> Self {
        Complex32::new(c.re as f32, c.im as f32)
    }
    fn zero() -> Self {
        Complex32::new(0.0, 0.0)
    }
}
impl Sample for C {
    fn from_c(c: C) -> Self {
        c
    }
    fn zero() -> Self {
        C::new(0.0, 0.0)
    }
}

fn lines_cpu<T: Sample>(rec: &Recurrence<'_>, x: &[T], z: &mut [T], n: usize) -> Result<Vec<T>> {
    let mut y = ext::try_vec_filled(x.len(), T::zero())?;
    let s = rec.state_len();
    if n == 0 {
        return Ok(y);
    }
    match rec {
        Recurrence::Ba { b, a } => {
            let bt: Vec<T> = b.iter().map(|&c| T::from_c(c)).collect();
            let at: Vec<T> = a.iter().map(|&c| T::from_c(c)).collect();
            let k = s;
            let run = |(xs, (ys, zs)): (&[T], (&mut [T], &mut [T]))| {
                for (&xi, yo) in xs.iter().zip(ys.iter_mut()) {
                    let yi = if k > 0 {
                        zs[0] + bt[0] * xi
                    } else {
                        bt[0] * xi
                    };
                    for j in 0..k.saturating_sub(1) {
                        zs[j] = zs[j + 1] + bt[j + 1] * xi - at[j + 1] * yi;
                    }
                    if k > 0 {
                        zs[k - 1] = bt[k] * xi - at[k] * yi;
                    }
                    *yo = yi;
                }
            };
            if k == 0 {
                x.par_chunks(n)
                    .zip(y.par_chunks_mut(n))
                    .for_each(|(xs, ys)| run((xs, (ys, &mut []))));
            } else {
                x.par_chunks(n)
                    .zip(y.par_chunks_mut(n).zip(z.par_chunks_mut(k)))
                    .for_each(run);
            }
        }
        Recurrence::Sos(sos) => {
            let c: Vec<[T; 6]> = sos
                .iter()
                .map(|r| r.map(|v| T::from_c(C::new(v, 0.0))))
                .collect();
            x.par_chunks(n)
                .zip(y.par_chunks_mut(n).zip(z.par_chunks_mut(s)))
                .for_each(|(xs, (ys, zs))| {
                    for (&xi, yo) in xs.iter().zip(ys.iter_mut()) {
                        let mut v = xi;
                        for (cs, zk) in c.iter().zip(zs.chunks_mut(2)) {
                            let o = cs[0] * v + zk[0];
                            zk[0] = cs[1] * v - cs[4] * o + zk[1];
                            zk[1] = cs[2] * v - cs[5] * o;
                            v = o;
                        }
                        *yo = v;
                    }
                });
        }
    }
    Ok(y)
}

fn run_cpu_typed<T: Sample>(rec: &Recurrence<'_>, x: &Array, z: &Array) -> Result<(Array, Array)> {
    let n = *x.shape().last().unwrap_or(&1);
    let xv = x.to_vec::<T>()?;
    let mut zv = z.to_vec::<T>()?;
    let y = lines_cpu(rec, &xv, &mut zv, n)?;
    Ok((
        Array::from_vec_on(y, x.shape(), Device::Cpu)?,
        Array::from_vec_on(zv, z.shape(), Device::Cpu)?,
    ))
}

/// Runs `rec` along the last axis of `x` from the state `z` (shape `(…, state_len)` where `…`
/// is `x`'s leading shape), both of one inexact dtype on one device; returns the output (the
/// shape of `x`, C-contiguous) and the final state (the shape of `z`).
pub(crate) fn run(
    op: &'static str,
    rec: &Recurrence<'_>,
    x: &Array,
    z: &Array,
) -> Result<(Array, Array)> {
    let x = ext::as_c_contiguous(x)?;
    let z = z.copy()?;
    match x.device() {
        Device::Cpu => match x.dtype() {
            DType::Float32 => run_cpu_typed::<f32>(rec, &x, &z),
            DType::Float64 => run_cpu_typed::<f64>(rec, &x, &z),
            DType::Complex64 => run_cpu_typed::<Complex32>(rec, &x, &z),
            DType::Complex128 => run_cpu_typed::<C>(rec, &x, &z),
            d => Err(Error::dtype(op, d)),
        },
        Device::Cuda(o) => match x.dtype() {
            DType::Float32 | DType::Float64 => run_cuda(op, o, rec, &x, &z),
            DType::Complex64 | DType::Complex128 => {
                if !rec.is_real() {
                    return Err(Error::unsupported(
                        op,
                        "complex filter coefficients on a CUDA device",
                    ));
                }
                // a real recurrence is linear: filter the real and imaginary parts apart
                let (yr, zr) = run(op, rec, &cuprum_core::real(&x)?, &cuprum_core::real(&z)?)?;
                let (yi, zi) = run(op, rec, &cuprum_core::imag(&x)?, &cuprum_core::imag(&z)?)?;
                Ok((combine(&yr, &yi, x.dtype())?, combine(&zr, &zi, x.dtype())?))
            }
            d => Err(Error::dtype(op, d)),
        },
        other => Err(Error::unsupported(op, format!("device {other}"))),
    }
}

/// `re + i·im` as `dt`.
pub(crate) fn combine(re: &Array, im: &Array, dt: DType) -> Result<Array> {
    let i = cuprum_core::Scalar::Complex(C::new(0.0, 1.0));
    cuprum_core::add(&re.astype(dt)?, &cuprum_core::multiply(&im.astype(dt)?, i)?)?.astype(dt)
}

fn source() -> &'static str {
    static SRC: OnceLock<&'static str> = OnceLock::new();
    SRC.get_or_init(|| {
        let s = format!(
            "{}\n{}",
            ext::CUDA_COMMON,
            include_str!("../../../../kernels/signal/iir.cu")
        );
        Box::leak(s.into_boxed_str())
    })
}

/// The device address of element 0 of a C-contiguous CUDA array.
pub(crate) fn dptr(a: &Array) -> Result<u64> {
    let s = a.storage().as_cuda().ok_or_else(|| {
        Error::invalid_value("signal", "a CUDA kernel argument is not on a CUDA device")
    })?;
    Ok(s.device_ptr() + (a.offset() * a.dtype().itemsize()) as u64)
}

fn run_cuda(
    op: &'static str,
    o: usize,
    rec: &Recurrence<'_>,
    x: &Array,
    z: &Array,
) -> Result<(Array, Array)> {
    let dt = x.dtype();
    let dev = x.device();
    let n = *x.shape().last().unwrap_or(&1);
    let nsig = x.size().checked_div(n).unwrap_or(0);
    let y = ext::empty_for_overwrite(x.shape(), dt, dev)?;
    if x.size() == 0 {
        return Ok((y, z.clone()));
    }
    let opts = [format!("-DSIG_T={}", ext::c_type(dt))];
    let o2: Vec<&str> = opts.iter().map(|s| s.as_str()).collect();
    let cfg = nvrtc::LaunchConfig::for_num_elems(nsig as u64, 128);
    let (mut px, mut py, mut pz) = (dptr(x)?, dptr(&y)?, dptr(z)?);
    let (mut nsig_i, mut n_i) = (nsig as i64, n as i64);
    match rec {
        Recurrence::Ba { b, a } => {
            let f = nvrtc::static_function(o, source(), "sig_lfilter", &o2)?;
            let bd = Array::from_vec_on(
                b.iter().map(|c| c.re).collect::<Vec<f64>>(),
                &[b.len()],
                dev,
            )?
            .astype(dt)?;
            let ad = Array::from_vec_on(
                a.iter().map(|c| c.re).collect::<Vec<f64>>(),
                &[a.len()],
                dev,
            )?
            .astype(dt)?;
            let (mut pb, mut pa) = (dptr(&bd)?, dptr(&ad)?);
            let mut k = (b.len() - 1) as i32;
            let mut args: [*mut c_void; 8] = [
                &mut px as *mut u64 as *mut c_void,
                &mut py as *mut u64 as *mut c_void,
                &mut pb as *mut u64 as *mut c_void,
                &mut pa as *mut u64 as *mut c_void,
                &mut pz as *mut u64 as *mut c_void,
                &mut nsig_i as *mut i64 as *mut c_void,
                &mut n_i as *mut i64 as *mut c_void,
                &mut k as *mut i32 as *mut c_void,
            ];
            // SAFETY: `sig_lfilter` takes (const T*, T*, const T*, const T*, T*, long long,
            // long long, int) in this order; x and y are C-contiguous (nsig, n) buffers of T =
            // the compiled SIG_T, b and a hold K+1 values of T, z is a C-contiguous (nsig, K)
            // buffer of T; the arrays outlive the launch on the current stream (their frees are
            // stream-ordered after it); the grid-stride loop bounds every access by nsig and n.
            unsafe { nvrtc::launch(&f, cfg, None, &mut args)? };
            drop((bd, ad));
        }
        Recurrence::Sos(s) => {
            let f = nvrtc::static_function(o, source(), "sig_sosfilt", &o2)?;
            let flat: Vec<f64> = s.iter().flat_map(|r| r.iter().copied()).collect();
            let sd = Array::from_vec_on(flat, &[s.len(), 6], dev)?.astype(dt)?;
            let mut ps = dptr(&sd)?;
            let mut ns = s.len() as i32;
            let mut args: [*mut c_void; 7] = [
                &mut px as *mut u64 as *mut c_void,
                &mut py as *mut u64 as *mut c_void,
                &mut ps as *mut u64 as *mut c_void,
                &mut pz as *mut u64 as *mut c_void,
                &mut nsig_i as *mut i64 as *mut c_void,
                &mut n_i as *mut i64 as *mut c_void,
                &mut ns as *mut i32 as *mut c_void,
            ];
            // SAFETY: `sig_sosfilt` takes (const T*, T*, const T*, T*, long long, long long,
            // int); x, y are C-contiguous (nsig, n) buffers of T, sos a (nsec, 6) buffer of T,
            // z a C-contiguous (nsig, nsec, 2) buffer of T; all outlive the stream-ordered
            // launch; the loops are bounded by nsig, n and nsec.
            unsafe { nvrtc::launch(&f, cfg, None, &mut args)? };
            drop(sd);
        }
    }
    let _ = op;
    Ok((y, z.clone()))
}
