//! Backend primitives of advanced indexing: element positions from index arrays, gather by
//! positions, scatter by positions (assigning or accumulating), and `nonzero`.

use crate::storage::Storage;
use crate::{Array, DType, Error, Result};

/// How out-of-range indices are treated (`numpy.take`'s `mode`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum IndexMode {
    /// An out-of-range index is an [`Error::IndexOutOfBounds`] (NumPy's default; CuPy wraps
    /// silently instead, cuprum does not).
    #[default]
    Raise,
    /// Indices wrap around modulo the axis length.
    Wrap,
    /// Indices are clipped to `[0, n-1]`.
    Clip,
}

/// One advanced index: the axis of the (basic-indexed) view it indexes, and an int64 array
/// (usually a broadcast view) of the common index shape.
pub struct AdvIndex {
    /// axis of the source view
    pub axis: usize,
    /// int64 index values broadcast to the index shape
    pub index: Array,
}

/// Computes the buffer position (in elements) of every element of an advanced-indexing
/// result. `src` is the basic-indexed source layout; `adv` the advanced indices (distinct
/// axes), all broadcast to `bshape`; `adv_first` puts the index dimensions first (else at the
/// place of the first advanced axis). Returns an int64 array of the result shape on the
/// index arrays' device.
pub fn positions(
    op: &'static str,
    src: &crate::Layout,
    adv: &[AdvIndex],
    bshape: &[usize],
    adv_first: bool,
    mode: IndexMode,
    device: crate::Device,
) -> Result<Array> {
    let rest: Vec<usize> = (0..src.ndim())
        .filter(|d| !adv.iter().any(|a| a.axis == *d))
        .collect();
    let first_adv = adv.iter().map(|a| a.axis).min().unwrap_or(0);
    let insert_at = if adv_first {
        0
    } else {
        rest.iter().filter(|&&d| d < first_adv).count()
    };
    let mut out_shape: Vec<usize> = rest.iter().map(|&d| src.shape[d]).collect();
    for (i, &b) in bshape.iter().enumerate() {
        out_shape.insert(insert_at + i, b);
    }
    match device {
        crate::Device::Cpu => {
            cpu_positions(op, src, adv, bshape, &rest, insert_at, &out_shape, mode)
        }
        crate::Device::Cuda(o) => {
            // one kernel computes the positions where the index arrays are
            if let Some(p) =
                super::cuda::positions(op, o, src, adv, bshape, &rest, insert_at, &out_shape, mode)?
            {
                return Ok(p);
            }
            // more axes than the kernel takes: positions on the host (bounds checked there),
            // the gather/scatter itself on the device
            let hadv: Vec<AdvIndex> = adv
                .iter()
                .map(|a| {
                    Ok(AdvIndex {
                        axis: a.axis,
                        index: a.index.to_device(crate::Device::Cpu)?,
                    })
                })
                .collect::<Result<_>>()?;
            let p = cpu_positions(op, src, &hadv, bshape, &rest, insert_at, &out_shape, mode)?;
            p.to_device(device)
        }
        other => Err(crate::Error::unsupported(op, format!("device {other}"))),
    }
}

#[allow(clippy::too_many_arguments)]
fn cpu_positions(
    op: &'static str,
    src: &crate::Layout,
    adv: &[AdvIndex],
    bshape: &[usize],
    rest: &[usize],
    insert_at: usize,
    out_shape: &[usize],
    mode: IndexMode,
) -> Result<Array> {
    let bsize: usize = bshape.iter().product();
    // offset contributed by each index-shape element
    let mut boff = vec![0isize; bsize];
    for a in adv {
        let Storage::Cpu(c) = a.index.storage().as_ref() else {
            return Err(Error::unsupported(
                op,
                "index arrays must be on the host here",
            ));
        };
        let r = c.read();
        let vals: &[i64] = r.slice::<i64>();
        let n = src.shape[a.axis] as i64;
        let stride = src.strides[a.axis];
        let mut k = 0;
        let mut err = None;
        a.index.layout().for_each_position(|p| {
            let mut i = vals[p];
            match mode {
                IndexMode::Raise => {
                    if i < 0 {
                        i = i.saturating_add(n);
                    }
                    if i < 0 || i >= n {
                        if err.is_none() {
                            err = Some(vals[p]);
                        }
                        i = 0; // reported below; keep the offset arithmetic in range
                    }
                }
                IndexMode::Wrap => {
                    // an empty axis is reported below
                    i = if n > 0 { i.rem_euclid(n) } else { 0 };
                }
                IndexMode::Clip => i = i.clamp(0, (n - 1).max(0)),
            }
            boff[k] += i as isize * stride;
            k += 1;
        });
        if let Some(index) = err {
            return Err(Error::IndexOutOfBounds {
                op,
                index,
                axis: a.axis,
                size: n as usize,
            });
        }
        if n == 0 && bsize > 0 && mode != IndexMode::Raise {
            return Err(Error::IndexOutOfBounds {
                op,
                index: 0,
                axis: a.axis,
                size: 0,
            });
        }
    }
    // rest axes as a layout, split around the index block
    let rest_before = crate::Layout {
        shape: rest[..insert_at].iter().map(|&d| src.shape[d]).collect(),
        strides: rest[..insert_at].iter().map(|&d| src.strides[d]).collect(),
        offset: 0,
    };
    let rest_after = crate::Layout {
        shape: rest[insert_at..].iter().map(|&d| src.shape[d]).collect(),
        strides: rest[insert_at..].iter().map(|&d| src.strides[d]).collect(),
        offset: 0,
    };
    let before = rest_before.positions();
    let after = rest_after.positions();
    let mut out = crate::storage::try_vec_with_capacity(crate::layout::checked_size(
        op,
        out_shape,
        std::mem::size_of::<usize>(),
    )?)?;
    let base = src.offset as isize;
    for &p0 in &before {
        for &bo in &boff {
            for &p1 in &after {
                out.push((base + p0 as isize + bo + p1 as isize) as i64);
            }
        }
    }
    Array::from_vec_on(out, out_shape, crate::Device::Cpu)
}

/// `dst[i] = buffer(src)[pos[i]]` for C-contiguous `dst` and `pos` (int64) of the same size.
pub fn gather(src: &Storage, dtype: DType, pos: &Array, dst: &Array) -> Result<()> {
    match (src, dst.storage().as_ref()) {
        (Storage::Cpu(s), Storage::Cpu(d)) => {
            let p = pos.to_vec::<i64>()?;
            let isz = dtype.itemsize();
            let r = s.read();
            let sb = r.bytes();
            let mut w = d.write();
            let off = dst.offset() * isz;
            let db = &mut w.bytes_mut()[off..off + p.len() * isz];
            for (o, &q) in db.chunks_exact_mut(isz).zip(&p) {
                let q = q as usize * isz;
                o.copy_from_slice(&sb[q..q + isz]);
            }
            Ok(())
        }
        (Storage::Cuda(_), Storage::Cuda(_)) => super::cuda::gather(src, dtype, pos, dst),
        _ => Err(Error::DeviceMismatch {
            op: "gather",
            lhs: src.device(),
            rhs: dst.device(),
        }),
    }
}

/// `buffer(dst)[pos[i]] = values[i]` (or `+=` when `accumulate`), in index order (the last
/// write wins for repeated positions, as NumPy's). `values` is C-contiguous with `dtype`.
pub fn scatter(
    dst: &Storage,
    dtype: DType,
    pos: &Array,
    values: &Array,
    accumulate: bool,
) -> Result<()> {
    match (dst, values.storage().as_ref()) {
        (Storage::Cpu(d), Storage::Cpu(v)) => {
            let p = pos.to_vec::<i64>()?;
            let isz = dtype.itemsize();
            // values may share `dst`'s buffer (a[idx] = a[...]): read them first
            let vb: Vec<u8> = {
                let r = v.read();
                let off = values.offset() * isz;
                r.bytes()[off..off + p.len() * isz].to_vec()
            };
            let mut w = d.write();
            let db = w.bytes_mut();
            if !accumulate {
                for (x, &q) in vb.chunks_exact(isz).zip(&p) {
                    let q = q as usize * isz;
                    db[q..q + isz].copy_from_slice(x);
                }
                return Ok(());
            }
            macro_rules! acc {
                ($t:ty) => {{
                    let vals: Vec<$t> = bytemuck::pod_collect_to_vec(&vb);
                    let dd: &mut [$t] = bytemuck::cast_slice_mut(db);
                    for (x, &q) in vals.iter().zip(&p) {
                        dd[q as usize] += *x;
                    }
                }};
            }
            macro_rules! acc_wrap {
                ($t:ty) => {{
                    let vals: Vec<$t> = bytemuck::pod_collect_to_vec(&vb);
                    let dd: &mut [$t] = bytemuck::cast_slice_mut(db);
                    for (x, &q) in vals.iter().zip(&p) {
                        dd[q as usize] = dd[q as usize].wrapping_add(*x);
                    }
                }};
            }
            match dtype {
                DType::Bool => {
                    for (x, &q) in vb.iter().zip(&p) {
                        db[q as usize] |= *x;
                    }
                }
                DType::Int8 => acc_wrap!(i8),
                DType::Int16 => acc_wrap!(i16),
                DType::Int32 => acc_wrap!(i32),
                DType::Int64 => acc_wrap!(i64),
                DType::UInt8 => acc_wrap!(u8),
                DType::UInt16 => acc_wrap!(u16),
                DType::UInt32 => acc_wrap!(u32),
                DType::UInt64 => acc_wrap!(u64),
                DType::Float16 => acc!(half::f16),
                DType::BFloat16 => acc!(half::bf16),
                DType::Float32 => acc!(f32),
                DType::Float64 => acc!(f64),
                DType::Complex64 => acc!(num_complex::Complex32),
                DType::Complex128 => acc!(num_complex::Complex64),
            }
            Ok(())
        }
        (Storage::Cuda(_), Storage::Cuda(_)) => {
            super::cuda::scatter(dst, dtype, pos, values, accumulate)
        }
        _ => Err(Error::DeviceMismatch {
            op: "scatter",
            lhs: dst.device(),
            rhs: values.device(),
        }),
    }
}

/// Multi-indices (C order) of the nonzero elements of `a`: one int64 array per
/// axis, on `a`'s device (computed there: a CUDA array never goes through the host).
/// (`-0.0` is zero; NaN is nonzero.)
pub fn nonzero_arrays(a: &Array) -> Result<Vec<Array>> {
    match a.device() {
        // a 0-d array has no axes: no index arrays (as `nonzero_host`)
        crate::Device::Cuda(_) if a.ndim() == 0 => Ok(vec![]),
        crate::Device::Cuda(o) => super::cuda::nonzero(a, o),
        d => nonzero_host(a)?
            .into_iter()
            .map(|v| {
                let n = v.len();
                Array::from_vec_on(v, &[n], d)
            })
            .collect(),
    }
}

/// Multi-indices (C order) of the nonzero elements of `a`: one int64 vector per axis.
/// (`-0.0` is zero; NaN is nonzero.)
pub fn nonzero_host(a: &Array) -> Result<Vec<Vec<i64>>> {
    let c = a.as_c_contiguous()?;
    let bytes = c.to_bytes()?;
    let isz = a.dtype().itemsize();
    let nz: Vec<bool> = match a.dtype() {
        DType::Float16 => bytes
            .chunks_exact(2)
            .map(|b| half::f16::from_ne_bytes([b[0], b[1]]).to_f32() != 0.0)
            .collect(),
        DType::BFloat16 => bytes
            .chunks_exact(2)
            .map(|b| half::bf16::from_ne_bytes([b[0], b[1]]).to_f32() != 0.0)
            .collect(),
        DType::Float32 | DType::Complex64 => bytemuck::pod_collect_to_vec::<u8, f32>(&bytes)
            .chunks_exact(isz / 4)
            .map(|x| x.iter().any(|v| *v != 0.0))
            .collect(),
        DType::Float64 | DType::Complex128 => bytemuck::pod_collect_to_vec::<u8, f64>(&bytes)
            .chunks_exact(isz / 8)
            .map(|x| x.iter().any(|v| *v != 0.0))
            .collect(),
        _ => bytes
            .chunks_exact(isz)
            .map(|b| b.iter().any(|&x| x != 0))
            .collect(),
    };
    let shape = a.shape();
    let nd = shape.len();
    let mut out = vec![Vec::new(); nd];
    let strides = crate::layout::c_strides(shape);
    for (i, &z) in nz.iter().enumerate() {
        if z {
            let mut r = i as isize;
            for d in 0..nd {
                out[d].push((r / strides[d]) as i64);
                r %= strides[d];
            }
        }
    }
    Ok(out)
}
