//! The polyphase FIR engine of `upfirdn` and `resample_poly`: each output sample sums only the
//! taps that meet input samples (no zero-stuffed intermediate), along the last axis of a
//! C-contiguous array — rayon over signals on the CPU, a thread per output sample on CUDA
//! (`kernels/signal/upfirdn.cu`).

use crate::filter::dptr;
use crate::util::bad_argument_if;
use cuprum_core::ext::{self, nvrtc};
use cuprum_core::{Array, DType, Device, Element, Error, Result};
use rayon::prelude::*;
use std::ffi::c_void;
use std::ops::{Add, Mul};
use std::sync::OnceLock;

/// The output length of `upfirdn` for `n >= 1` inputs and `nh >= 1` taps; an error naming
/// `upfirdn` when it overflows.
pub(crate) fn out_len(n: usize, nh: usize, up: usize, down: usize) -> Result<usize> {
    (n - 1)
        .checked_mul(up)
        .and_then(|v| v.checked_add(nh - 1))
        .map(|v| v / down + 1)
        .ok_or_else(|| {
            Error::bad_argument(
                "upfirdn",
                "up",
                up,
                format!(
                    "a rate whose output length for {n} samples through {nh} taps fits in usize"
                ),
            )
        })
}

trait Real: Copy + Add<Output = Self> + Mul<Output = Self> + Send + Sync + Element {
    fn from_f64(v: f64) -> Self;
    fn zero() -> Self;
}
impl Real for f32 {
    fn from_f64(v: f64) -> Self {
        v as f32
    }
    fn zero() -> Self {
        0.0
    }
}
impl Real for f64 {
    fn from_f64(v: f64) -> Self {
        v
    }
    fn zero() -> Self {
        0.0
    }
}

fn cpu<T: Real>(h: &[f64], x: &Array, up: usize, down: usize) -> Result<Array> {
    let n = *x.shape().last().unwrap_or(&1);
    let nout = out_len(n, h.len(), up, down)?;
    let nsig = x.size() / n;
    let xv = x.to_vec::<T>()?;
    let ht: Vec<T> = h.iter().map(|&v| T::from_f64(v)).collect();
    let mut y = ext::try_vec_filled(nsig.saturating_mul(nout), T::zero())?;
    // the taps of each phase p (h[p], h[p + up], …), contiguous
    let nh = ht.len();
    // reversed, so that the samples of one output are read in increasing order
    let phases: Vec<Vec<T>> = (0..up.min(nh))
        .map(|p| {
            let mut t: Vec<T> = ht[p..].iter().step_by(up).copied().collect();
            t.reverse();
            t
        })
        .collect();
    // chunks of outputs (rayon over all of them, so that one long signal is split too)
    const CHUNK: usize = 4096;
    y.par_chunks_mut(CHUNK).enumerate().for_each(|(ci, ys)| {
        let g0 = ci * CHUNK;
        let (mut s, mut i) = (g0 / nout, g0 % nout);
        for yo in ys.iter_mut() {
            let xs = &xv[s * n..(s + 1) * n];
            // output i sums h[j]·x[k] over j ≡ t (mod up), k = (t − j)/up, t = i·down
            let t = i * down;
            let (p, k0) = (t % up, t / up);
            let mut acc = T::zero();
            if p < nh {
                let rev = &phases[p];
                let len = rev.len();
                // taps m (rev[len − 1 − m]) with 0 ≤ k0 − m < n, i.e. samples lo..=hi
                let m0 = if k0 >= n { k0 - (n - 1) } else { 0 };
                let m1 = len.min(k0 + 1);
                if m0 < m1 {
                    let xsl = &xs[k0 + 1 - m1..=k0 - m0];
                    let tsl = &rev[len - m1..len - m0];
                    let (xc, tc) = (xsl.chunks_exact(4), tsl.chunks_exact(4));
                    let (xr, tr) = (xc.remainder(), tc.remainder());
                    let mut a4 = [T::zero(); 4];
                    for (xq, tq) in xc.zip(tc) {
                        for q in 0..4 {
                            a4[q] = a4[q] + xq[q] * tq[q];
                        }
                    }
                    acc = (a4[0] + a4[1]) + (a4[2] + a4[3]);
                    for (&xv, &tv) in xr.iter().zip(tr) {
                        acc = acc + xv * tv;
                    }
                }
            }
            *yo = acc;
            i += 1;
            if i == nout {
                i = 0;
                s += 1;
            }
        }
    });
    let mut shape = x.shape().to_vec();
    let last = shape.len() - 1;
    shape[last] = nout;
    Array::from_vec_on(y, &shape[..], Device::Cpu)
}

fn source() -> &'static str {
    static SRC: OnceLock<&'static str> = OnceLock::new();
    crate::util::cuda_source(&SRC, include_str!("../../../kernels/signal/upfirdn.cu"))
}

fn cuda(o: usize, h: &[f64], x: &Array, up: usize, down: usize) -> Result<Array> {
    let dt = x.dtype();
    let n = *x.shape().last().unwrap_or(&1);
    let nout = out_len(n, h.len(), up, down)?;
    // the kernel indexes in signed 64 bits: every index and the rates must fit
    let reach = (n - 1).saturating_mul(up).saturating_add(h.len());
    bad_argument_if(
        [up, down, reach, nout]
            .iter()
            .any(|&v| v > i64::MAX as usize),
        "upfirdn",
        "up",
        format!("{up} (down = {down}, {n} samples)"),
        "rates and lengths within 64-bit signed indexing",
    )?;
    let nsig = x.size() / n;
    let mut shape = x.shape().to_vec();
    let last = shape.len() - 1;
    shape[last] = nout;
    let y = ext::empty_for_overwrite(&shape[..], dt, x.device())?;
    let hd = Array::from_vec_on(h.to_vec(), &[h.len()], x.device())?.astype(dt)?;
    let opts = [format!("-DSIG_T={}", ext::c_type(dt))];
    let o2: Vec<&str> = opts.iter().map(|s| s.as_str()).collect();
    let f = nvrtc::static_function(o, source(), "sig_upfirdn", &o2)?;
    let total = (nsig * nout) as u64;
    let mut cfg = nvrtc::LaunchConfig::for_num_elems(total.max(1), 256);
    cfg.grid.0 = cfg.grid.0.min(1 << 20);
    let (mut px, mut py, mut ph) = (dptr(x)?, dptr(&y)?, dptr(&hd)?);
    let mut v = [
        nsig as i64,
        n as i64,
        nout as i64,
        h.len() as i64,
        up as i64,
        down as i64,
    ];
    let [a0, a1, a2, a3, a4, a5] = &mut v;
    let mut args: [*mut c_void; 9] = [
        &mut px as *mut u64 as *mut c_void,
        &mut py as *mut u64 as *mut c_void,
        &mut ph as *mut u64 as *mut c_void,
        a0 as *mut i64 as *mut c_void,
        a1 as *mut i64 as *mut c_void,
        a2 as *mut i64 as *mut c_void,
        a3 as *mut i64 as *mut c_void,
        a4 as *mut i64 as *mut c_void,
        a5 as *mut i64 as *mut c_void,
    ];
    // SAFETY: `sig_upfirdn` takes (const T*, T*, const T*, long long × 6) in this order; x is
    // a C-contiguous (nsig, n) buffer and y a fresh (nsig, nout) buffer of T = the compiled
    // SIG_T, h holds nh values of T; they outlive the stream-ordered launch; the grid-stride
    // loop bounds every output by nsig·nout and every read by n and nh.
    unsafe { nvrtc::launch(&f, cfg, None, &mut args)? };
    drop(hd);
    Ok(y)
}

/// `upfirdn` of the real taps `h` along the last axis of real `x` (float32 or float64), which
/// has at least one sample along it.
pub(crate) fn run(op: &'static str, h: &[f64], x: &Array, up: usize, down: usize) -> Result<Array> {
    let x = ext::as_c_contiguous(x)?;
    match (x.device(), x.dtype()) {
        (Device::Cpu, DType::Float32) => cpu::<f32>(h, &x, up, down),
        (Device::Cpu, DType::Float64) => cpu::<f64>(h, &x, up, down),
        (Device::Cuda(o), DType::Float32 | DType::Float64) => cuda(o, h, &x, up, down),
        (_, d) => Err(Error::dtype(op, d)),
    }
}
