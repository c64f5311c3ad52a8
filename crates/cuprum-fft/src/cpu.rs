//! The CPU engine: rustfft (complex) and realfft (real ↔ complex), batches in parallel with
//! rayon, n-d transforms as successive 1-D transforms along each axis.
//!
//! Each step gathers the lines along its axis into contiguous rows (padding with zeros or
//! truncating to the step's input length, converting the dtype on the first step), transforms
//! every row, and keeps the rows as they are: the next step reads them through a permuted
//! layout, and only the last step's rows are put back into C order. Plans come from one
//! process-wide rustfft/realfft planner per precision (which caches them).

use crate::host::{self, Parts, gather, with_typed_slice};
use crate::spec::{Kind, Precision, Spec, Step, lines_view, rows_layout};
use cuprum_core::ext::try_vec_filled;
use cuprum_core::{Array, Error, Layout, Result};
use num_complex::Complex;
use rayon::prelude::*;
use realfft::{ComplexToReal, RealFftPlanner, RealToComplex};
use rustfft::{Fft, FftDirection, FftPlanner};
use std::sync::{Arc, LazyLock, Mutex};

/// Target size of one rayon task, in elements.
const TASK_ELEMS: usize = 1 << 15;

/// f32 or f64: the real type the CPU engine computes in.
pub(crate) trait Real: rustfft::FftNum + bytemuck::Pod + Default {
    fn c2c(n: usize, inverse: bool) -> Arc<dyn Fft<Self>>;
    fn r2c(n: usize) -> Arc<dyn RealToComplex<Self>>;
    fn c2r(n: usize) -> Arc<dyn ComplexToReal<Self>>;
    fn of_f64(x: f64) -> Self;
}

macro_rules! impl_real {
    ($t:ty, $c:ident, $r:ident) => {
        static $c: LazyLock<Mutex<FftPlanner<$t>>> =
            LazyLock::new(|| Mutex::new(FftPlanner::new()));
        static $r: LazyLock<Mutex<RealFftPlanner<$t>>> =
            LazyLock::new(|| Mutex::new(RealFftPlanner::new()));
        impl Real for $t {
            fn c2c(n: usize, inverse: bool) -> Arc<dyn Fft<Self>> {
                let dir = if inverse {
                    FftDirection::Inverse
                } else {
                    FftDirection::Forward
                };
                $c.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .plan_fft(n, dir)
            }
            fn r2c(n: usize) -> Arc<dyn RealToComplex<Self>> {
                $r.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .plan_fft_forward(n)
            }
            fn c2r(n: usize) -> Arc<dyn ComplexToReal<Self>> {
                $r.lock()
                    .unwrap_or_else(|e| e.into_inner())
                    .plan_fft_inverse(n)
            }
            fn of_f64(x: f64) -> Self {
                x as $t
            }
        }
    };
}
impl_real!(f32, PLANNER_C2C_F32, PLANNER_REAL_F32);
impl_real!(f64, PLANNER_C2C_F64, PLANNER_REAL_F64);

/// Runs `spec` on the CPU array `a`.
pub(crate) fn execute(a: &Array, spec: &Spec) -> Result<Array> {
    match spec.precision {
        Precision::Single => execute_as::<f32>(a, spec),
        Precision::Double => execute_as::<f64>(a, spec),
    }
}

/// The data between steps: rows in a buffer, read through `layout`.
enum Buf<F> {
    Real(Vec<F>),
    Complex(Vec<Complex<F>>),
}

fn load_complex<F: Real>(
    a: &Array,
    view: &Layout,
    row_out: usize,
    conj: bool,
) -> Result<Vec<Complex<F>>> {
    with_typed_slice!(a, "fft", |s| gather(s, view, row_out, |x| {
        let (re, im) = Parts::parts(x);
        Complex::new(F::of_f64(re), F::of_f64(if conj { -im } else { im }))
    }))
}

fn load_real<F: Real>(a: &Array, view: &Layout, row_out: usize) -> Result<Vec<F>> {
    with_typed_slice!(a, "rfft", |s| gather(s, view, row_out, |x| {
        F::of_f64(Parts::parts(x).0)
    }))
}

fn execute_as<F: Real>(a: &Array, spec: &Spec) -> Result<Array>
where
    Complex<F>: bytemuck::Pod,
{
    let op = spec.op;
    let mut cur: Option<(Buf<F>, Layout)> = None;
    for (i, st) in spec.steps.iter().enumerate() {
        let layout = match &cur {
            Some((_, l)) => l.clone(),
            None => a.layout().clone(),
        };
        let view = lines_view(&layout, st.axis, st.in_len());
        let rows_l = rows_layout(&layout.shape, st.axis, st.out_len());
        let out = match st.kind {
            Kind::C2C => {
                let mut lines = match cur.take() {
                    None => load_complex::<F>(a, &view, st.n, spec.conj_in && i == 0)?,
                    Some((Buf::Complex(v), l))
                        if st.axis + 1 == l.ndim()
                            && l.is_c_contiguous()
                            && l.offset == 0
                            && l.shape[st.axis] == st.n =>
                    {
                        v // already rows of the right length: transform in place
                    }
                    Some((Buf::Complex(v), _)) => gather(&v, &view, st.n, |x| x)?,
                    Some((Buf::Real(_), _)) => unreachable!("a C2C step never follows C2R"),
                };
                c2c_rows(&mut lines, st.n, spec.inverse)?;
                Buf::Complex(lines)
            }
            Kind::R2C => {
                let mut lines = match cur.take() {
                    None => load_real::<F>(a, &view, st.n)?,
                    Some(_) => unreachable!("R2C is always the first step"),
                };
                Buf::Complex(r2c_rows(op, &mut lines, st)?)
            }
            Kind::C2R => {
                let m = st.in_len();
                let mut lines = match cur.take() {
                    None => load_complex::<F>(a, &view, m, spec.conj_in && i == 0)?,
                    Some((Buf::Complex(v), _)) => gather(&v, &view, m, |x| x)?,
                    Some((Buf::Real(_), _)) => unreachable!("C2R is always the last step"),
                };
                Buf::Real(c2r_rows(op, &mut lines, st)?)
            }
        };
        cur = Some((out, rows_l));
    }
    let scale = F::of_f64(spec.scale);
    let unit = spec.scale == 1.0;
    let (buf, layout) = match cur {
        Some(c) => c,
        None => {
            // no axes to transform: the input converted to the result dtype
            let l = Layout::contiguous(a.shape());
            let row = a.shape().last().copied().unwrap_or(1);
            let v = load_complex::<F>(a, a.layout(), row, false)?;
            (Buf::Complex(v), l)
        }
    };
    match buf {
        Buf::Complex(v) => {
            let conj = spec.conj_out;
            let f = move |x: Complex<F>| {
                let y = if unit { x } else { x * scale };
                if conj { y.conj() } else { y }
            };
            finish(v, &layout, unit && !conj, f, spec.out_dtype)
        }
        Buf::Real(v) => {
            let f = move |x: F| if unit { x } else { x * scale };
            finish(v, &layout, unit, f, spec.out_dtype)
        }
    }
}

/// The result array of dtype `dtype` from the last step's values `v` (laid out as `layout`):
/// `f` applied to each (skipped when `identity` and `v` is already in C order).
fn finish<T: bytemuck::Pod + Default + Send + Sync>(
    mut v: Vec<T>,
    layout: &Layout,
    identity: bool,
    f: impl Fn(T) -> T + Sync + Send,
    dtype: cuprum_core::DType,
) -> Result<Array> {
    let shape = layout.shape.clone();
    if layout.is_c_contiguous() {
        if !identity {
            v.par_iter_mut()
                .with_min_len(TASK_ELEMS)
                .for_each(|x| *x = f(*x));
        }
    } else {
        let row = shape.last().copied().unwrap_or(1);
        v = gather(&v, layout, row, f)?;
    }
    host::cpu_array(&v, &shape, dtype)
}

/// Rows per rayon task for rows of `n` elements.
fn rows_per_task(n: usize) -> usize {
    (TASK_ELEMS / n.max(1)).max(1)
}

/// In-place complex FFT of every length-`n` row of `lines`.
fn c2c_rows<F: Real>(lines: &mut [Complex<F>], n: usize, inverse: bool) -> Result<()> {
    if lines.is_empty() {
        return Ok(());
    }
    let fft = F::c2c(n, inverse);
    let scratch_len = fft.get_inplace_scratch_len();
    lines
        .par_chunks_mut(rows_per_task(n) * n)
        .try_for_each_init(
            || scratch::<Complex<F>>(scratch_len),
            |scratch, chunk| {
                fft.process_with_scratch(chunk, take(scratch, scratch_len)?);
                Ok(())
            },
        )
}

/// A rayon task's scratch buffer of `len` zeros, allocated fallibly (`len` grows with the
/// transform length the user asks for).
fn scratch<T: Clone + Default>(len: usize) -> Option<Vec<T>> {
    try_vec_filled(len, T::default()).ok()
}

/// The scratch buffer made by [`scratch`], or [`Error::OutOfMemory`] naming its bytes.
fn take<T>(s: &mut Option<Vec<T>>, len: usize) -> Result<&mut [T]> {
    s.as_deref_mut()
        .ok_or_else(|| Error::host_out_of_memory(len.saturating_mul(std::mem::size_of::<T>())))
}

fn realfft_error(op: &'static str, e: realfft::FftError) -> Error {
    Error::invalid_value(op, format!("realfft rejected the transform: {e}"))
}

/// Real-to-complex FFT of every length-`n` row of `lines` (used as scratch).
fn r2c_rows<F: Real>(op: &'static str, lines: &mut [F], st: &Step) -> Result<Vec<Complex<F>>> {
    let (n, m) = (st.n, st.out_len());
    par_rows(lines, (n, m), n, F::r2c, |plan, i, o, scratch| {
        plan.process_with_scratch(i, o, scratch)
            .map_err(|e| realfft_error(op, e))
    })
}

/// Complex-to-real FFT of every length-`n/2+1` row of `lines` (used as scratch). The
/// imaginary parts of the DC bin and (even `n`) the Nyquist bin are ignored, as NumPy does.
fn c2r_rows<F: Real>(op: &'static str, lines: &mut [Complex<F>], st: &Step) -> Result<Vec<F>> {
    let (n, m) = (st.n, st.in_len());
    par_rows(lines, (m, n), n, F::c2r, |plan, i, o, scratch| {
        i[0].im = F::zero();
        if n % 2 == 0 {
            i[m - 1].im = F::zero();
        }
        plan.process_with_scratch(i, o, scratch)
            .map_err(|e| realfft_error(op, e))
    })
}

/// The plan of a real FFT of length `n` (`realfft`'s two directions), for [`par_rows`].
trait RealPlan<F: Real>: Sync {
    fn scratch_len(&self) -> usize;
}
impl<F: Real> RealPlan<F> for Arc<dyn RealToComplex<F>> {
    fn scratch_len(&self) -> usize {
        self.get_scratch_len()
    }
}
impl<F: Real> RealPlan<F> for Arc<dyn ComplexToReal<F>> {
    fn scratch_len(&self) -> usize {
        self.get_scratch_len()
    }
}

/// `process(plan, in_row, out_row, scratch)` over the rows of `lines` (rows of `len.0`
/// elements in, `len.1` out) in parallel, the plan (`plan(n)`) made only when there is a row.
fn par_rows<F: Real, I: Send, O: Clone + Default + Send, P: RealPlan<F>>(
    lines: &mut [I],
    (li, lo): (usize, usize),
    n: usize,
    plan: fn(usize) -> P,
    process: impl Fn(&P, &mut [I], &mut [O], &mut [Complex<F>]) -> Result<()> + Sync,
) -> Result<Vec<O>> {
    let rows = lines.len() / li;
    let mut out = try_vec_filled(rows * lo, O::default())?;
    if rows == 0 {
        return Ok(out);
    }
    let plan = plan(n);
    let scratch_len = plan.scratch_len();
    let per = rows_per_task(n);
    lines
        .par_chunks_mut(per * li)
        .zip(out.par_chunks_mut(per * lo))
        .try_for_each_init(
            || scratch::<Complex<F>>(scratch_len),
            |scratch, (inp, outp)| {
                let scratch = take(scratch, scratch_len)?;
                for (i, o) in inp.chunks_mut(li).zip(outp.chunks_mut(lo)) {
                    process(&plan, i, o, scratch)?;
                }
                Ok::<(), cuprum_core::Error>(())
            },
        )?;
    Ok(out)
}
