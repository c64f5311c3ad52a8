//! Running a [`Spec`] with cuFFT on one device, on the calling thread's current stream.
//!
//! Step by step, as on the CPU, but without extra copies where the layout allows:
//!
//! - **C2C**: when the data is already complex of the right precision, C-contiguous, and the
//!   step's axis is the last one with no padding or truncation, the step and up to two more
//!   C2C steps over the next axes to the left are fused into one rank-1..3 cuFFT plan over the
//!   trailing axes (batch = the leading axes), executed straight from the input into a new
//!   buffer (or in place on a buffer this call made). `fft2` of a C-contiguous complex array
//!   is one 2-D plan, as in CuPy.
//! - **R2C**: straight from a C-contiguous real input along its last axis; else from a copy.
//! - **C2R**: always from a buffer of our own (cuFFT's C2R overwrites its input), whose DC and
//!   (even `n`) Nyquist imaginary parts are set to zero first, as NumPy ignores them.
//! - Otherwise the step's lines are gathered into a contiguous buffer (axis last, padded with
//!   zeros or truncated, cast to the compute dtype) by the backend's strided copy, transformed
//!   in place (C2C) or into a new buffer, and read back through a permuted layout.
//!
//! Scaling (`norm`) is one elementwise multiply by a real factor at the end (cuFFT's inverse is
//! unnormalized); `hfft`/`ihfft` conjugate with the backend's `conj`.

use super::raw::{FftType, PlanKey, RawPlan};
use crate::spec::{Kind, Precision, Spec, lines_view, rows_layout};
use cuprum_core::ext::layout::c_strides;
use cuprum_core::ext::{self, cuda as core_cuda, prim as backend};
use cuprum_core::{Array, BinaryOp, DType, Device, Error, Layout, Result, Scalar, UnaryOp};
use std::sync::{Arc, Mutex};

/// Where the plans come from: the device cache, or an explicit [`Plan`](crate::Plan)'s own.
pub(crate) type PlanSource<'a> = &'a dyn Fn(&PlanKey) -> Result<Arc<Mutex<RawPlan>>>;

/// The data between steps: `layout` read over the buffer of `arr` (which owns it).
struct Cur {
    arr: Array,
    layout: Layout,
    dtype: DType,
    /// true when this call allocated the buffer (it may be overwritten)
    owned: bool,
}

fn device_ptr(op: &'static str, arr: &Array, layout: &Layout, dtype: DType) -> Result<u64> {
    let c = arr
        .storage()
        .as_cuda()
        .ok_or_else(|| Error::unsupported(op, "expected a CUDA buffer"))?;
    Ok(c.device_ptr() + (layout.offset * dtype.itemsize()) as u64)
}

/// True when element `layout.offset` of `arr`'s buffer is 16-byte aligned (cuFFT reads
/// complex data with vector loads; unaligned inputs go through a copy instead).
fn aligned(arr: &Array, layout: &Layout, dtype: DType) -> bool {
    arr.storage().as_cuda().is_some_and(|c| {
        (c.device_ptr() + (layout.offset * dtype.itemsize()) as u64).is_multiple_of(16)
    })
}

fn fft_type(kind: Kind, p: Precision) -> FftType {
    match (kind, p) {
        (Kind::C2C, Precision::Single) => FftType::C2C,
        (Kind::C2C, Precision::Double) => FftType::Z2Z,
        (Kind::R2C, Precision::Single) => FftType::R2C,
        (Kind::R2C, Precision::Double) => FftType::D2Z,
        (Kind::C2R, Precision::Single) => FftType::C2R,
        (Kind::C2R, Precision::Double) => FftType::Z2D,
    }
}

/// Gathers the lines of `cur` along `axis` into a new C-contiguous array of `dtype` whose
/// last axis (length `len`) is `axis`, zero-padded or truncated.
fn gather_lines(cur: &Cur, axis: usize, len: usize, dtype: DType, device: Device) -> Result<Array> {
    let src = lines_view(&cur.layout, axis, len);
    let mut pshape = src.shape.clone();
    let kept = *pshape.last().unwrap_or(&0);
    if let Some(l) = pshape.last_mut() {
        *l = len;
    }
    let out = Array::empty_on(&pshape, dtype, device)?;
    if out.size() == 0 {
        return Ok(out);
    }
    let strides = c_strides(&pshape);
    if kept < len {
        let mut pad_shape = pshape.clone();
        if let Some(l) = pad_shape.last_mut() {
            *l = len - kept;
        }
        let pad = Layout {
            shape: pad_shape,
            strides: strides.clone(),
            offset: kept,
        };
        backend::fill(ext::view_as(&out, &pad, dtype)?, Scalar::Float(0.0))?;
    }
    if kept > 0 {
        let dst = Layout {
            shape: src.shape.clone(),
            strides,
            offset: 0,
        };
        backend::copy(
            ext::view_as(&cur.arr, &src, cur.dtype)?,
            ext::view_as(&out, &dst, dtype)?,
        )?;
    }
    Ok(out)
}

/// Enqueues one plan execution.
fn run_plan(
    plans: PlanSource<'_>,
    key: PlanKey,
    stream: &core_cuda::Stream,
    idata: u64,
    odata: u64,
    inverse: bool,
) -> Result<()> {
    let plan = plans(&key)?;
    let mut g = plan.lock().unwrap_or_else(|e| e.into_inner());
    // SAFETY: the callers pass pointers to live buffers of this device holding exactly
    // `key.batch` packed batches of the plan's input and output types (computed from the same
    // shapes the key was built from); the buffers are freed stream-ordered after this work.
    unsafe { g.execute(stream, idata, odata, inverse) }
}

/// `conj(a)` into a new buffer (complex `a`, C-contiguous).
fn conj(a: &Array) -> Result<Array> {
    let out = Array::empty_on(a.shape(), a.dtype(), a.device())?;
    backend::unary(UnaryOp::Conj, ext::view(a), ext::view(&out))?;
    Ok(out)
}

/// `a * factor` into a new buffer (C-contiguous `a`, offset 0), multiplying the real and
/// imaginary parts as reals (so `inf` parts stay `inf`, as NumPy's real scaling does).
fn scale(a: &Array, factor: f64, p: Precision) -> Result<Array> {
    let out = Array::empty_on(a.shape(), a.dtype(), a.device())?;
    let rdt = p.real();
    let n = a.size() * (a.dtype().itemsize() / rdt.itemsize());
    if n == 0 {
        return Ok(out);
    }
    let f = match p {
        Precision::Single => Array::from_vec_on(vec![factor as f32], &[1], a.device())?,
        Precision::Double => Array::from_vec_on(vec![factor], &[1], a.device())?,
    };
    let flat = Layout {
        shape: vec![n],
        strides: vec![1],
        offset: a.offset() * (a.dtype().itemsize() / rdt.itemsize()),
    };
    let bcast = Layout {
        shape: vec![n],
        strides: vec![0],
        offset: 0,
    };
    let out_flat = Layout {
        shape: vec![n],
        strides: vec![1],
        offset: 0,
    };
    backend::binary(
        BinaryOp::Multiply,
        ext::view_as(a, &flat, rdt)?,
        ext::view_as(&f, &bcast, rdt)?,
        ext::view_as(&out, &out_flat, rdt)?,
    )?;
    Ok(out)
}

/// Runs `spec` on the CUDA array `a` (device `ordinal`) with plans from `plans`.
pub(crate) fn execute_with(
    a: &Array,
    spec: &Spec,
    ordinal: usize,
    plans: PlanSource<'_>,
) -> Result<Array> {
    let op = spec.op;
    let device = Device::Cuda(ordinal);
    core_cuda::context(ordinal)?;
    let stream = core_cuda::get_current_stream(ordinal)?;
    let p = spec.precision;
    let (cdt, rdt) = (p.complex(), p.real());
    let plan_key = |kind, dims, batch| PlanKey {
        ordinal,
        ty: fft_type(kind, p),
        dims,
        batch,
    };
    let mut cur = Cur {
        arr: a.clone(),
        layout: a.layout().clone(),
        dtype: a.dtype(),
        owned: false,
    };
    let steps = &spec.steps;
    let mut i = 0;
    while i < steps.len() {
        let st = steps[i];
        let shape = cur.layout.shape.clone();
        let nd = shape.len();
        let last = st.axis + 1 == nd;
        let packed = cur.layout.is_c_contiguous() && aligned(&cur.arr, &cur.layout, cur.dtype);
        match st.kind {
            Kind::C2C => {
                if cur.dtype == cdt && packed && last && shape[st.axis] == st.n {
                    // fuse the following C2C steps over the next axes to the left
                    let mut r = 1;
                    while r < 3 && i + r < steps.len() {
                        let s2 = steps[i + r];
                        if s2.kind == Kind::C2C && s2.axis + r + 1 == nd && shape[s2.axis] == s2.n {
                            r += 1;
                        } else {
                            break;
                        }
                    }
                    let dims = shape[nd - r..].to_vec();
                    let batch: usize = shape[..nd - r].iter().product();
                    let total: usize = shape.iter().product();
                    let ip = device_ptr(op, &cur.arr, &cur.layout, cdt)?;
                    if cur.owned {
                        if total > 0 {
                            let key = plan_key(Kind::C2C, dims, batch);
                            run_plan(plans, key, &stream, ip, ip, spec.inverse)?;
                        }
                    } else {
                        let out = Array::empty_on(&shape, cdt, device)?;
                        if total > 0 {
                            let key = plan_key(Kind::C2C, dims, batch);
                            let optr = device_ptr(op, &out, out.layout(), cdt)?;
                            run_plan(plans, key, &stream, ip, optr, spec.inverse)?;
                        }
                        cur = Cur {
                            layout: Layout::contiguous(&shape),
                            arr: out,
                            dtype: cdt,
                            owned: true,
                        };
                    }
                    i += r;
                } else {
                    let lines = gather_lines(&cur, st.axis, st.n, cdt, device)?;
                    let rows = lines.size() / st.n;
                    if rows > 0 {
                        let lp = device_ptr(op, &lines, lines.layout(), cdt)?;
                        let key = plan_key(Kind::C2C, vec![st.n], rows);
                        run_plan(plans, key, &stream, lp, lp, spec.inverse)?;
                    }
                    cur = Cur {
                        arr: lines,
                        layout: rows_layout(&shape, st.axis, st.n),
                        dtype: cdt,
                        owned: true,
                    };
                    i += 1;
                }
            }
            Kind::R2C => {
                let (n, m) = (st.n, st.out_len());
                let (src, src_layout) = if cur.dtype == rdt && packed && last && shape[st.axis] == n
                {
                    (cur.arr.clone(), cur.layout.clone())
                } else {
                    let l = gather_lines(&cur, st.axis, n, rdt, device)?;
                    let lay = l.layout().clone();
                    (l, lay)
                };
                let rows = src_layout.size() / n;
                let pshape = lines_shape(&shape, st.axis, m);
                let out = Array::empty_on(&pshape, cdt, device)?;
                if rows > 0 {
                    let key = plan_key(Kind::R2C, vec![n], rows);
                    let ip = device_ptr(op, &src, &src_layout, rdt)?;
                    let optr = device_ptr(op, &out, out.layout(), cdt)?;
                    run_plan(plans, key, &stream, ip, optr, false)?;
                }
                cur = Cur {
                    arr: out,
                    layout: rows_layout(&shape, st.axis, m),
                    dtype: cdt,
                    owned: true,
                };
                i += 1;
            }
            Kind::C2R => {
                let (n, m) = (st.n, st.in_len());
                let reuse = cur.owned
                    && !(spec.conj_in && i == 0)
                    && cur.dtype == cdt
                    && packed
                    && last
                    && shape[st.axis] == m;
                let mut lines = if reuse {
                    // our own buffer, already rows of m bins: C2R may overwrite it
                    cur.arr.clone()
                } else {
                    gather_lines(&cur, st.axis, m, cdt, device)?
                };
                let lines_off = if reuse { cur.layout.offset } else { 0 };
                if spec.conj_in && i == 0 {
                    lines = conj(&lines)?;
                }
                let total = if reuse {
                    cur.layout.size()
                } else {
                    lines.size()
                };
                let rows = total / m;
                if rows > 0 {
                    zero_imag_at(&lines, lines_off, m, rows, 0, p)?;
                    if n % 2 == 0 {
                        zero_imag_at(&lines, lines_off, m, rows, m - 1, p)?;
                    }
                }
                let pshape = lines_shape(&shape, st.axis, n);
                let out = Array::empty_on(&pshape, rdt, device)?;
                if rows > 0 {
                    let key = plan_key(Kind::C2R, vec![n], rows);
                    let ip = lines
                        .storage()
                        .as_cuda()
                        .ok_or_else(|| Error::unsupported(op, "expected a CUDA buffer"))?
                        .device_ptr()
                        + (lines_off * cdt.itemsize()) as u64;
                    let optr = device_ptr(op, &out, out.layout(), rdt)?;
                    run_plan(plans, key, &stream, ip, optr, true)?;
                }
                cur = Cur {
                    arr: out,
                    layout: rows_layout(&shape, st.axis, n),
                    dtype: rdt,
                    owned: true,
                };
                i += 1;
            }
        }
    }
    // the result in C order, as an array of the logical shape
    let shape = cur.layout.shape.clone();
    let mut res = if cur.owned
        && cur.dtype == spec.out_dtype
        && cur.layout.offset == 0
        && cur.layout.is_c_contiguous()
        && cur.arr.shape() == &shape[..]
    {
        cur.arr
    } else {
        let out = Array::empty_on(&shape, spec.out_dtype, device)?;
        if out.size() > 0 {
            backend::copy(
                ext::view_as(&cur.arr, &cur.layout, cur.dtype)?,
                ext::view_as(&out, out.layout(), spec.out_dtype)?,
            )?;
        }
        out
    };
    if spec.scale != 1.0 {
        res = scale(&res, spec.scale, p)?;
    }
    if spec.conj_out {
        res = conj(&res)?;
    }
    Ok(res)
}

/// Sets the imaginary part of bin `bin` of `rows` rows of `m` complex bins, starting at
/// element `offset` of `a`'s buffer, to zero.
fn zero_imag_at(
    a: &Array,
    offset: usize,
    m: usize,
    rows: usize,
    bin: usize,
    p: Precision,
) -> Result<()> {
    let l = Layout {
        shape: vec![rows],
        strides: vec![2 * m as isize],
        offset: 2 * (offset + bin) + 1,
    };
    backend::fill(ext::view_as(a, &l, p.real())?, Scalar::Float(0.0))
}

/// `shape` without `axis`, then `len`: the shape of the rows a 1-D transform along `axis`
/// writes, `len` points each.
fn lines_shape(shape: &[usize], axis: usize, len: usize) -> Vec<usize> {
    let mut out: Vec<usize> = shape
        .iter()
        .enumerate()
        .filter(|&(k, _)| k != axis)
        .map(|(_, &v)| v)
        .collect();
    out.push(len);
    out
}
