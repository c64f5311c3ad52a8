//! Packing: arrays of any layout and dtype into column-major stacks of matrices for cuSOLVER
//! (one strided copy-with-cast on the device) and back into C-contiguous arrays, and the
//! device-side finiteness test of an input.

use super::handle::buffer;
use crate::error::{LinalgError, Result};
use cuprum_core::ext::{self, prim};
use cuprum_core::{Array, DType, Layout, UnaryOp};

/// C strides of the batch axes for matrices `mat_stride` elements apart.
fn batch_strides(batch: &[usize], mat_stride: usize) -> Vec<isize> {
    let mut s = vec![0isize; batch.len()];
    let mut acc = mat_stride as isize;
    for k in (0..batch.len()).rev() {
        s[k] = acc;
        acc *= batch[k] as isize;
    }
    s
}

/// The layout of a stack of column-major `rows x cols` blocks with leading dimension `ld`,
/// `mat_stride` elements apart, starting at `offset`.
fn fortran_layout(
    batch: &[usize],
    rows: usize,
    cols: usize,
    ld: usize,
    mat_stride: usize,
    offset: usize,
) -> Layout {
    let mut shape = batch.to_vec();
    shape.extend([rows, cols]);
    let mut strides = batch_strides(batch, mat_stride);
    strides.extend([1, ld as isize]);
    Layout {
        shape,
        strides,
        offset,
    }
}

/// Packs `a (..., m, n)` (any layout, any dtype) into a new buffer of column-major matrices
/// with leading dimension `m` and `cols_alloc >= n` allocated columns, cast to `dt`.
pub(super) fn pack(a: &Array, batch: &[usize], cols_alloc: usize, dt: DType) -> Result<Array> {
    let nd = a.ndim();
    let (m, n) = (a.shape()[nd - 2], a.shape()[nd - 1]);
    let count: usize = batch.iter().product();
    let buf = buffer(count * m * cols_alloc, dt, a.device())?;
    if count * m * n > 0 {
        let src = a.broadcast_to(&[batch, &[m, n][..]].concat())?;
        let dl = fortran_layout(batch, m, n, m, m * cols_alloc, 0);
        prim::copy(ext::view(&src), ext::view_as(&buf, &dl, buf.dtype())?)?;
    }
    Ok(buf)
}

/// Unpacks `rows x cols` column-major blocks (leading dimension `ld`, `mat_stride` apart) of
/// `buf` into a new C-contiguous array `batch + [rows, cols]`; `adjoint` unpacks the conjugate
/// transpose instead (`cols x rows`).
pub(super) fn unpack(
    buf: &Array,
    batch: &[usize],
    rows: usize,
    cols: usize,
    ld: usize,
    mat_stride: usize,
    adjoint: bool,
) -> Result<Array> {
    let mut l = fortran_layout(batch, rows, cols, ld, mat_stride, 0);
    let nb = batch.len();
    if adjoint {
        l.shape.swap(nb, nb + 1);
        l.strides.swap(nb, nb + 1);
    }
    let out = Array::empty_on(&l.shape.clone(), buf.dtype(), buf.device())?;
    if out.size() > 0 {
        let ol = out.layout().clone();
        if adjoint && buf.dtype().is_complex() {
            prim::unary(
                UnaryOp::Conj,
                ext::view_as(buf, &l, buf.dtype())?,
                ext::view_as(&out, &ol, out.dtype())?,
            )?;
        } else {
            prim::copy(
                ext::view_as(buf, &l, buf.dtype())?,
                ext::view_as(&out, &ol, out.dtype())?,
            )?;
        }
    }
    Ok(out)
}

/// Reports NaN/inf in a device array without copying it to the host: an `isfinite` kernel and
/// an `all` reduction (one small synchronizing read); the mask is downloaded only to name the
/// first bad element.
pub(super) fn check_finite(op: &'static str, a: &Array) -> Result<()> {
    finite_start(a)?.check(op)
}

/// A finiteness test of an input, queued on the stream and read later ([`Finite::check`]), so
/// a routine can queue its factorization behind it and read both results after one wait.
pub(super) struct Finite(Option<(Array, Array)>);

/// Queues `isfinite(a)` and its `all` reduction (no synchronization).
pub(super) fn finite_start(a: &Array) -> Result<Finite> {
    if !a.dtype().is_inexact() || a.size() == 0 {
        return Ok(Finite(None));
    }
    let mask = Array::empty_on(a.shape(), DType::Bool, a.device())?;
    let ml = mask.layout().clone();
    prim::unary(
        UnaryOp::IsFinite,
        ext::view(a),
        ext::view_as(&mask, &ml, mask.dtype())?,
    )?;
    let all = mask.all(cuprum_core::Axes::All, false)?;
    Ok(Finite(Some((mask, all))))
}

impl Finite {
    /// Reads the test (synchronizes): [`LinalgError::NonFinite`] with the first bad index.
    pub(super) fn check(self, op: &'static str) -> Result<()> {
        let Some((mask, all)) = self.0 else {
            return Ok(());
        };
        if all.item()? == cuprum_core::Scalar::Bool(true) {
            return Ok(());
        }
        let index = mask.to_vec::<bool>()?.iter().position(|&f| !f).unwrap_or(0);
        Err(LinalgError::NonFinite { op, index })
    }
}
