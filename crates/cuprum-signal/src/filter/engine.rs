//! The recursive filters' engine: direct form II transposed along the last axis of a
//! C-contiguous array, one 1-D signal at a time — rayon over the signals on the CPU; on a CUDA
//! device (`kernels/signal/iir.cu`) one thread per signal when there are many signals, and for
//! few long signals a block-parallel scan: blocks of [`BLOCK_L`] samples filtered from a zero
//! state, their start states chained by the `BLOCK_L`-step state matrix, then every block
//! refiltered from its true start state.

use cuprum_core::ext::{self, nvrtc};
use cuprum_core::{Array, Complex32, Complex64 as C, DType, Device, Element, Error, Result};
use rayon::prelude::*;
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
    Copy
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Send
    + Sync
    + Element
    + bytemuck::Pod
{
    /// real samples (the fixed-order path keeps the state in registers)
    const REAL: bool = false;
    fn from_c(c: C) -> Self;
    fn zero() -> Self;
}

/// The `lfilter` recurrence of order `K` with the state in a fixed-size array (registers, the
/// loop over the state unrolled), rayon over the signals.
fn order_k<T: Sample, const K: usize>(
    b: &[T],
    a: &[T],
    x: &[T],
    y: &mut [T],
    z: &mut [T],
    n: usize,
) {
    let b0 = b[0];
    let mut bk = [T::zero(); K];
    let mut ak = [T::zero(); K];
    bk.copy_from_slice(&b[1..=K]);
    ak.copy_from_slice(&a[1..=K]);
    x.par_chunks(n)
        .zip(y.par_chunks_mut(n).zip(z.par_chunks_mut(K)))
        .for_each(|(xs, (ys, zs))| {
            let mut st = [T::zero(); K];
            st.copy_from_slice(zs);
            for (&xi, yo) in xs.iter().zip(ys.iter_mut()) {
                let yi = st[0] + b0 * xi;
                for j in 0..K - 1 {
                    st[j] = st[j + 1] + bk[j] * xi - ak[j] * yi;
                }
                st[K - 1] = bk[K - 1] * xi - ak[K - 1] * yi;
                *yo = yi;
            }
            zs.copy_from_slice(&st);
        });
}

/// [`order_k`] for the order `k` (1 to 16).
fn fixed_order<T: Sample>(k: usize, b: &[T], a: &[T], x: &[T], y: &mut [T], z: &mut [T], n: usize) {
    macro_rules! dispatch {
        ($($k:literal)*) => {
            match k {
                $($k => order_k::<T, $k>(b, a, x, y, z, n),)*
                _ => unreachable!("orders 1 to 16"),
            }
        };
    }
    dispatch!(1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16)
}

/// `sosfilt` with `S` sections, the state in a fixed-size array, rayon over the signals.
fn sections_k<T: Sample, U: Copy + Sync, F: Fn(U) -> T + Sync, const S: usize>(
    c: &[[T; 6]],
    x: &[U],
    conv: F,
    y: &mut [T],
    z: &mut [T],
    n: usize,
) {
    let mut cs = [[T::zero(); 6]; S];
    cs.copy_from_slice(c);
    x.par_chunks(n)
        .zip(y.par_chunks_mut(n).zip(z.par_chunks_mut(2 * S)))
        .for_each(|(xs, (ys, zs))| {
            let mut st = [[T::zero(); 2]; S];
            for (k, s2) in st.iter_mut().enumerate() {
                *s2 = [zs[2 * k], zs[2 * k + 1]];
            }
            for (&xi, yo) in xs.iter().zip(ys.iter_mut()) {
                let mut v = conv(xi);
                for k in 0..S {
                    let cc = &cs[k];
                    let o = cc[0] * v + st[k][0];
                    st[k][0] = cc[1] * v - cc[4] * o + st[k][1];
                    st[k][1] = cc[2] * v - cc[5] * o;
                    v = o;
                }
                *yo = v;
            }
            for (k, s2) in st.iter().enumerate() {
                zs[2 * k] = s2[0];
                zs[2 * k + 1] = s2[1];
            }
        });
}

/// [`sections_k`] for 1 to 8 sections, the input converted by `conv` as it is read.
fn fixed_sections<T: Sample, U: Copy + Sync, F: Fn(U) -> T + Sync>(
    c: &[[T; 6]],
    x: &[U],
    conv: F,
    y: &mut [T],
    z: &mut [T],
    n: usize,
) {
    macro_rules! dispatch {
        ($($k:literal)*) => {
            match c.len() {
                $($k => sections_k::<T, U, F, $k>(c, x, conv, y, z, n),)*
                _ => unreachable!("1 to 8 sections"),
            }
        };
    }
    dispatch!(1 2 3 4 5 6 7 8)
}

impl Sample for f32 {
    const REAL: bool = true;
    fn from_c(c: C) -> Self {
        c.re as f32
    }
    fn zero() -> Self {
        0.0
    }
}
impl Sample for f64 {
    const REAL: bool = true;
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

/// Runs `rec` over the signals of length `n` in `x` into `y` (every element written).
fn lines_cpu<T: Sample>(rec: &Recurrence<'_>, x: &[T], y: &mut [T], z: &mut [T], n: usize) {
    let s = rec.state_len();
    if n == 0 {
        return;
    }
    match rec {
        Recurrence::Ba { b, a } => {
            let bt: Vec<T> = b.iter().map(|&c| T::from_c(c)).collect();
            let at: Vec<T> = a.iter().map(|&c| T::from_c(c)).collect();
            let k = s;
            if (1..=16).contains(&k) && T::REAL {
                fixed_order(k, &bt, &at, x, y, z, n);
                return;
            }
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
            if (1..=8).contains(&c.len()) {
                fixed_sections(&c, x, |v| v, y, z, n);
                return;
            }
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
}

fn run_cpu_typed<T: Sample>(rec: &Recurrence<'_>, x: &Array, z: &Array) -> Result<(Array, Array)> {
    let n = *x.shape().last().unwrap_or(&1);
    let mut zv = z.to_vec::<T>()?;
    let y = map_cpu("signal filter", x, x.dtype(), |xv: &[T], yv: &mut [T]| {
        lines_cpu(rec, xv, yv, &mut zv, n);
    })?;
    Ok((y, Array::from_vec_on(zv, z.shape(), Device::Cpu)?))
}

/// A fresh `ydt` CPU array of `x`'s shape, written by `f` from `x`'s values: `x` (a
/// C-contiguous CPU array) read in place, `y` written into a fresh (or recycled) buffer, no
/// copies.
fn map_cpu<A: bytemuck::Pod, B: bytemuck::Pod>(
    op: &'static str,
    x: &Array,
    ydt: DType,
    f: impl FnOnce(&[A], &mut [B]),
) -> Result<Array> {
    let y = ext::empty_for_overwrite(x.shape(), ydt, Device::Cpu)?;
    let (xs, ys) = (x.storage(), y.storage());
    let (Some(xs), Some(ys)) = (xs.as_cpu(), ys.as_cpu()) else {
        return Err(Error::unsupported(op, "a CPU array without host storage"));
    };
    {
        let g = xs.read();
        let mut w = ys.write();
        let xv = &g.slice::<A>()[x.offset()..x.offset() + x.size()];
        let yv = &mut w.slice_mut::<B>()[..y.size()];
        f(xv, yv);
    }
    Ok(y)
}

/// `sosfilt` of 1 to 8 sections over a float32 CPU array `x` in float64 (the state `z` and the
/// output float64), each sample widened as it is read instead of a float64 copy of `x` first.
/// Shapes as [`run`].
pub(crate) fn run_sos_widen(sos: &[[f64; 6]], x: &Array, z: &Array) -> Result<(Array, Array)> {
    let x = ext::as_c_contiguous(x)?;
    let n = *x.shape().last().unwrap_or(&1);
    let mut zv = z.to_vec::<f64>()?;
    let y = map_cpu(
        "signal.sosfilt",
        &x,
        DType::Float64,
        |xv: &[f32], yv: &mut [f64]| {
            if n > 0 {
                fixed_sections(sos, xv, f64::from, yv, &mut zv, n);
            }
        },
    )?;
    Ok((y, Array::from_vec_on(zv, z.shape(), Device::Cpu)?))
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
    crate::util::cuda_source(&SRC, include_str!("../../../../kernels/signal/iir.cu"))
}

/// The device address of element 0 of a C-contiguous CUDA array.
pub(crate) fn dptr(a: &Array) -> Result<u64> {
    let s = a.storage().as_cuda().ok_or_else(|| {
        Error::unsupported(
            "signal",
            "a CUDA kernel given an array that is not on a CUDA device",
        )
    })?;
    Ok(s.device_ptr() + (a.offset() * a.dtype().itemsize()) as u64)
}

/// Samples a block of the block-parallel CUDA recurrence.
pub(crate) const BLOCK_L: usize = 1024;
/// The most state values a signal of the block-parallel kernels (`SIG_MAXS` in `iir.cu`).
const MAX_STATE: usize = 32;

/// Whether the block-parallel kernels run `nsig` signals of `n` samples with `s` state values:
/// when one thread a signal leaves most of the device idle and each signal has several blocks.
fn use_blocks(nsig: usize, n: usize, s: usize) -> bool {
    (1..=MAX_STATE).contains(&s) && nsig < 4096 && n >= 4 * BLOCK_L
}

/// The one-step state matrix (row-major `s × s`) of the real recurrence `rec` under zero
/// input: column `j` is the state after one step from the unit state `e_j`.
pub(crate) fn transition(rec: &Recurrence<'_>) -> Result<Vec<f64>> {
    let s = rec.state_len();
    let mut m = ext::try_vec_filled(s * s, 0.0)?;
    for j in 0..s {
        let mut z = ext::try_vec_filled(s, 0.0)?;
        z[j] = 1.0;
        step_f64(rec, &mut z, 0.0);
        for (r, v) in z.iter().enumerate() {
            m[r * s + j] = *v;
        }
    }
    Ok(m)
}

/// One step of the real recurrence `rec` on the state `z` with input `x` (float64); the output.
pub(crate) fn step_f64(rec: &Recurrence<'_>, z: &mut [f64], x: f64) -> f64 {
    match rec {
        Recurrence::Ba { b, a } => {
            let k = b.len() - 1;
            let y = if k > 0 { z[0] } else { 0.0 } + b[0].re * x;
            for j in 0..k.saturating_sub(1) {
                z[j] = z[j + 1] + b[j + 1].re * x - a[j + 1].re * y;
            }
            if k > 0 {
                z[k - 1] = b[k].re * x - a[k].re * y;
            }
            y
        }
        Recurrence::Sos(sos) => {
            let mut v = x;
            for (c, zk) in sos.iter().zip(z.chunks_mut(2)) {
                let o = c[0] * v + zk[0];
                zk[0] = c[1] * v - c[4] * o + zk[1];
                zk[1] = c[2] * v - c[5] * o;
                v = o;
            }
            v
        }
    }
}

/// `m^p` of a row-major `s × s` matrix by repeated squaring (float64).
pub(crate) fn mat_pow(m: &[f64], s: usize, mut p: usize) -> Result<Vec<f64>> {
    let mul = |a: &[f64], b: &[f64]| -> Result<Vec<f64>> {
        let mut o = ext::try_vec_filled(s * s, 0.0)?;
        for i in 0..s {
            for k in 0..s {
                let x = a[i * s + k];
                if x != 0.0 {
                    for j in 0..s {
                        o[i * s + j] += x * b[k * s + j];
                    }
                }
            }
        }
        Ok(o)
    };
    let mut r = ext::try_vec_filled(s * s, 0.0)?;
    for i in 0..s {
        r[i * s + i] = 1.0;
    }
    let mut base = m.to_vec();
    while p > 0 {
        if p & 1 == 1 {
            r = mul(&r, &base)?;
        }
        base = mul(&base, &base)?;
        p >>= 1;
    }
    Ok(r)
}

/// The block-parallel recurrence on a CUDA device (see the module documentation and
/// `iir.cu`): three launches over (signal, block), (signal) and (signal, block).
fn run_cuda_blocks(
    o: usize,
    rec: &Recurrence<'_>,
    x: &Array,
    z: &Array,
    nsig: usize,
    n: usize,
) -> Result<(Array, Array)> {
    let dt = x.dtype();
    let dev = x.device();
    let s = rec.state_len();
    let l = BLOCK_L;
    let nblk = n.div_ceil(l);
    let (coeffs, mode): (Vec<f64>, i32) = match rec {
        Recurrence::Ba { b, a } => (b.iter().chain(a.iter()).map(|c| c.re).collect(), 0),
        Recurrence::Sos(sos) => (sos.iter().flat_map(|r| r.iter().copied()).collect(), 1),
    };
    let nc = coeffs.len();
    let cd = Array::from_vec_on(coeffs, &[nc], dev)?.astype(dt)?;
    let al = mat_pow(&transition(rec)?, s, l)?;
    let ald = Array::from_vec_on(al, &[s * s], dev)?.astype(dt)?;
    let y = ext::empty_for_overwrite(x.shape(), dt, dev)?;
    let zend = ext::empty_for_overwrite(&[nsig * nblk * s], dt, dev)?;
    let zstart = ext::empty_for_overwrite(&[nsig * nblk * s], dt, dev)?;
    let zfinal = ext::empty_for_overwrite(z.shape(), dt, dev)?;
    let opts = [format!("-DSIG_T={}", ext::c_type(dt))];
    let o2: Vec<&str> = opts.iter().map(|s| s.as_str()).collect();
    let (mut px, mut py, mut pc, mut pal) = (dptr(x)?, dptr(&y)?, dptr(&cd)?, dptr(&ald)?);
    let (mut pze, mut pzs, mut pz0, mut pzf) =
        (dptr(&zend)?, dptr(&zstart)?, dptr(z)?, dptr(&zfinal)?);
    let (mut nsig_i, mut n_i, mut l_i, mut nblk_i) = (nsig as i64, n as i64, l as i64, nblk as i64);
    let (mut s_i, mut mode_i) = (s as i32, mode);
    if nblk > 1 {
        let f = nvrtc::static_function(o, source(), "sig_iir_block_end", &o2)?;
        let cfg = nvrtc::LaunchConfig::for_num_elems((nsig * (nblk - 1)) as u64, 128);
        let mut args =
            crate::util::kernel_args![px, pc, pze, nsig_i, n_i, l_i, nblk_i, s_i, mode_i];
        // SAFETY: `sig_iir_block_end` takes (const T*, const T*, T*, long long × 4, int, int);
        // x is a C-contiguous (nsig, n) buffer of T (the compiled SIG_T), c holds the nc
        // coefficients of `mode`, zend nsig·nblk·S values; every block but the last is full (L
        // samples inside n), S <= SIG_MAXS (`use_blocks`); all outlive the stream-ordered launch.
        unsafe { nvrtc::launch(&f, cfg, None, &mut args)? };
    }
    {
        let f = nvrtc::static_function(o, source(), "sig_iir_block_carry", &o2)?;
        let cfg = nvrtc::LaunchConfig::for_num_elems(nsig as u64, 128);
        let mut args = crate::util::kernel_args![pze, pal, pz0, pzs, nsig_i, nblk_i, s_i];
        // SAFETY: `sig_iir_block_carry` takes (const T*, const T*, const T*, T*, long long,
        // long long, int); zend and zstart hold nsig·nblk·S values, AL S·S, z0 the C-contiguous
        // (nsig, S) initial state; zend's last block of each signal is never read.
        unsafe { nvrtc::launch(&f, cfg, None, &mut args)? };
    }
    {
        let f = nvrtc::static_function(o, source(), "sig_iir_block_apply", &o2)?;
        let cfg = nvrtc::LaunchConfig::for_num_elems((nsig * nblk) as u64, 128);
        let mut args =
            crate::util::kernel_args![px, py, pc, pzs, pzf, nsig_i, n_i, l_i, nblk_i, s_i, mode_i];
        // SAFETY: `sig_iir_block_apply` takes (const T*, T*, const T*, const T*, T*, long long
        // × 4, int, int); x and y are C-contiguous (nsig, n) buffers of T, zstart nsig·nblk·S
        // values, zfinal the (nsig, S) final state; block j covers [j·L, min((j+1)·L, n)).
        unsafe { nvrtc::launch(&f, cfg, None, &mut args)? };
    }
    drop((cd, ald, zend, zstart));
    Ok((y, zfinal))
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
    if rec.is_real() && use_blocks(nsig, n, rec.state_len()) {
        return run_cuda_blocks(o, rec, x, z, nsig, n);
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
            let mut args = crate::util::kernel_args![px, py, pb, pa, pz, nsig_i, n_i, k];
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
            let mut args = crate::util::kernel_args![px, py, ps, pz, nsig_i, n_i, ns];
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The block-parallel algorithm of the CUDA kernels, run on the host in float64 (the same
    /// three passes), against the sequential recurrence.
    fn blocked(rec: &Recurrence<'_>, x: &[f64], z0: &[f64], l: usize) -> (Vec<f64>, Vec<f64>) {
        let s = rec.state_len();
        let n = x.len();
        let nblk = n.div_ceil(l);
        let al = mat_pow(&transition(rec).unwrap(), s, l).unwrap();
        let mut zend: Vec<Vec<f64>> = (0..nblk)
            .map(|_| ext::try_vec_filled(s, 0.0).unwrap())
            .collect();
        for (j, ze) in zend.iter_mut().enumerate().take(nblk - 1) {
            for &xi in &x[j * l..(j + 1) * l] {
                step_f64(rec, ze, xi);
            }
        }
        let mut zstart: Vec<Vec<f64>> = (0..nblk)
            .map(|_| ext::try_vec_filled(s, 0.0).unwrap())
            .collect();
        let mut z = z0.to_vec();
        for j in 0..nblk {
            zstart[j] = z.clone();
            if j + 1 < nblk {
                z = (0..s)
                    .map(|r| zend[j][r] + (0..s).map(|k| al[r * s + k] * z[k]).sum::<f64>())
                    .collect();
            }
        }
        let mut y = ext::try_vec_filled(n, 0.0).unwrap();
        let mut zf = vec![];
        for (j, st) in zstart.iter().enumerate() {
            let mut z = st.clone();
            for i in j * l..((j + 1) * l).min(n) {
                y[i] = step_f64(rec, &mut z, x[i]);
            }
            zf = z;
        }
        (y, zf)
    }

    fn check(rec: &Recurrence<'_>) {
        let n = 20_000;
        let x: Vec<f64> = (0..n)
            .map(|i| ((i * 7919) % 1000) as f64 / 500.0 - 1.0 + (i as f64 * 0.01).sin())
            .collect();
        let s = rec.state_len();
        let z0: Vec<f64> = (0..s).map(|k| 0.1 * (k as f64 + 1.0)).collect();
        let mut zs = z0.clone();
        let mut want = vec![0.0; x.len()];
        lines_cpu::<f64>(rec, &x, &mut want, &mut zs, n);
        // (blocks far shorter than the filter's decay amplify the rounding of the chained
        // states: an order-8 direct form at L = 64 differs by 5e-11 of the output's maximum)
        for l in [1000, BLOCK_L] {
            let (y, zf) = blocked(rec, &x, &z0, l);
            let scale = want.iter().fold(0.0f64, |m, v| m.max(v.abs()));
            for (i, (g, w)) in y.iter().zip(&want).enumerate() {
                assert!(
                    (g - w).abs() <= 1e-12 * scale,
                    "L={l} sample {i}: {g} vs {w}"
                );
            }
            for (g, w) in zf.iter().zip(&zs) {
                assert!(
                    (g - w).abs() <= 1e-12 * scale.max(1.0),
                    "L={l} final state {g} vs {w}"
                );
            }
        }
    }

    #[test]
    fn block_parallel_matches_the_sequential_recurrence() {
        // scipy.signal.butter(8, 0.2) (ba) and butter(8, 0.2, output='sos')
        let b = [
            2.395964410377617e-05,
            0.00019167715283020936,
            0.0006708700349057328,
            0.0013417400698114655,
            0.001677175087264332,
            0.0013417400698114655,
            0.0006708700349057328,
            0.00019167715283020936,
            2.395964410377617e-05,
        ];
        let a = [
            1.0,
            -4.784514894995809,
            10.445041065534665,
            -13.457719890241556,
            11.12933103916398,
            -6.025260397297651,
            2.0792738030118767,
            -0.4172171569897821,
            0.03720010070484524,
        ];
        let bc: Vec<C> = b.iter().map(|&v| C::new(v, 0.0)).collect();
        let ac: Vec<C> = a.iter().map(|&v| C::new(v, 0.0)).collect();
        check(&Recurrence::Ba { b: &bc, a: &ac });
        let sos = [
            [
                2.395964410377617e-05,
                4.791928820755234e-05,
                2.395964410377617e-05,
                1.0,
                -1.0263514742610553,
                0.26864019099379005,
            ],
            [1.0, 2.0, 1.0, 1.0, -1.0868584613628944, 0.343430940165366],
            [1.0, 2.0, 1.0, 1.0, -1.2197253651240232, 0.5076634651740437],
            [1.0, 2.0, 1.0, 1.0, -1.4515795942478362, 0.794251053241888],
        ];
        check(&Recurrence::Sos(&sos));
    }
}
