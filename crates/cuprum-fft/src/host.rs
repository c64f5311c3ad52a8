//! Host-side data movement for the CPU engine: gathering strided views into contiguous rows
//! (with zero padding and dtype conversion), and rolling (for `fftshift`).
//!
//! Everything here works on plain slices of a CPU buffer, read under the buffer's read lock;
//! positions are in elements, as in [`Layout`].

use cuprum_core::ext::layout::checked_size;
use cuprum_core::ext::{try_vec_filled, try_vec_with_capacity};
use cuprum_core::{Array, DType, Error, Layout, Result, bf16, f16};
use num_complex::Complex;
use rayon::prelude::*;

/// Target size of one rayon task, in elements.
const TASK_ELEMS: usize = 1 << 14;

/// Gathers the view (`layout` over `src`) in C order into rows of length `row_out`: row `r`
/// holds the view's last-axis row `r` converted by `f`, then zeros up to `row_out`
/// (`row_out >= layout.shape.last()`; a 0-d view is one row of one element).
///
/// # Errors
/// [`Error::TooBig`] when the rows' element count overflows, [`Error::OutOfMemory`] naming the
/// bytes when the host cannot hold them (a large broadcast view, a large `n`): never an abort.
pub(crate) fn gather<S, D>(
    src: &[S],
    layout: &Layout,
    row_out: usize,
    f: impl Fn(S) -> D + Sync,
) -> Result<Vec<D>>
where
    S: Copy + Sync,
    D: Copy + Send + Sync + Default,
{
    let (shape, strides): (Vec<usize>, Vec<isize>) = if layout.shape.is_empty() {
        (vec![1], vec![0])
    } else {
        (layout.shape.clone(), layout.strides.clone())
    };
    let nd = shape.len();
    let row_in = shape[nd - 1];
    debug_assert!(row_out >= row_in);
    let mut rows_shape = shape.clone();
    rows_shape[nd - 1] = row_out;
    let len = checked_size("fft", &rows_shape, std::mem::size_of::<D>())?;
    let mut dst = try_vec_filled(len, D::default())?;
    if dst.is_empty() || row_in == 0 {
        return Ok(dst);
    }
    let last_stride = strides[nd - 1];
    let rows_per_task = (TASK_ELEMS / row_out).max(1);
    let outer_shape = &shape[..nd - 1];
    let outer_strides = &strides[..nd - 1];
    let offset = layout.offset as isize;
    dst.par_chunks_mut(rows_per_task * row_out)
        .enumerate()
        .for_each(|(task, chunk)| {
            let r0 = task * rows_per_task;
            // multi-index of row r0 over the outer axes
            let mut idx = vec![0usize; nd - 1];
            let mut rem = r0;
            for k in (0..nd - 1).rev() {
                idx[k] = rem % outer_shape[k];
                rem /= outer_shape[k];
            }
            let mut base: isize = offset
                + idx
                    .iter()
                    .zip(outer_strides)
                    .map(|(&i, &s)| i as isize * s)
                    .sum::<isize>();
            for row in chunk.chunks_mut(row_out) {
                let out = &mut row[..row_in];
                if last_stride == 1 {
                    let b = base as usize;
                    for (o, &x) in out.iter_mut().zip(&src[b..b + row_in]) {
                        *o = f(x);
                    }
                } else {
                    let mut p = base;
                    for o in out.iter_mut() {
                        *o = f(src[p as usize]);
                        p += last_stride;
                    }
                }
                // advance the outer multi-index
                for k in (0..nd - 1).rev() {
                    idx[k] += 1;
                    base += outer_strides[k];
                    if idx[k] < outer_shape[k] {
                        break;
                    }
                    base -= outer_strides[k] * outer_shape[k] as isize;
                    idx[k] = 0;
                }
            }
        });
    Ok(dst)
}

/// Gathers in C order of `shape` where the element at multi-index `i` comes from buffer
/// position `offset + Σ_k maps[k][i_k]` (`maps[k]` has `shape[k]` entries). Used for rolls.
///
/// # Errors
/// [`Error::OutOfMemory`] naming the bytes when the host cannot hold the result.
pub(crate) fn gather_mapped<T: Copy + Send + Sync + Default>(
    op: &'static str,
    src: &[T],
    shape: &[usize],
    maps: &[Vec<isize>],
    offset: usize,
) -> Result<Vec<T>> {
    if shape.is_empty() {
        return Ok(vec![src[offset]]);
    }
    let n = checked_size(op, shape, std::mem::size_of::<T>())?;
    let mut dst = try_vec_filled(n, T::default())?;
    if n == 0 {
        return Ok(dst);
    }
    let nd = shape.len();
    let row = shape[nd - 1];
    let rows_per_task = (TASK_ELEMS / row).max(1);
    dst.par_chunks_mut(rows_per_task * row)
        .enumerate()
        .for_each(|(task, chunk)| {
            let mut idx = vec![0usize; nd - 1];
            let mut rem = task * rows_per_task;
            for k in (0..nd - 1).rev() {
                idx[k] = rem % shape[k];
                rem /= shape[k];
            }
            for out in chunk.chunks_mut(row) {
                let base = offset as isize
                    + idx
                        .iter()
                        .enumerate()
                        .map(|(k, &i)| maps[k][i])
                        .sum::<isize>();
                for (o, &m) in out.iter_mut().zip(&maps[nd - 1]) {
                    *o = src[(base + m) as usize];
                }
                for k in (0..nd - 1).rev() {
                    idx[k] += 1;
                    if idx[k] < shape[k] {
                        break;
                    }
                    idx[k] = 0;
                }
            }
        });
    Ok(dst)
}

/// A stored element type read as (real, imaginary) parts in f64.
pub(crate) trait Parts: Copy + Sync + bytemuck::Pod {
    fn parts(self) -> (f64, f64);
}

macro_rules! parts_real {
    ($($t:ty),*) => {$(
        impl Parts for $t {
            #[inline]
            fn parts(self) -> (f64, f64) {
                (self as f64, 0.0)
            }
        }
    )*};
}
parts_real!(u8, i8, i16, i32, i64, u16, u32, u64, f32, f64);
impl Parts for f16 {
    #[inline]
    fn parts(self) -> (f64, f64) {
        (self.to_f64(), 0.0)
    }
}
impl Parts for bf16 {
    #[inline]
    fn parts(self) -> (f64, f64) {
        (self.to_f64(), 0.0)
    }
}
impl Parts for Complex<f32> {
    #[inline]
    fn parts(self) -> (f64, f64) {
        (self.re as f64, self.im as f64)
    }
}
impl Parts for Complex<f64> {
    #[inline]
    fn parts(self) -> (f64, f64) {
        (self.re, self.im)
    }
}

/// Reads the CPU buffer of `a` and calls `$body` with `$s` bound to the buffer as a slice of
/// the Rust type of `a`'s dtype (bool as `u8`).
macro_rules! with_typed_slice {
    ($a:expr, $op:expr, |$s:ident| $body:expr) => {{
        let a: &cuprum_core::Array = $a;
        let cpu = a.storage().as_cpu().ok_or_else(|| {
            cuprum_core::Error::unsupported(
                $op,
                format!("expected a CPU array, got {}", a.device()),
            )
        })?;
        let guard = cpu.read();
        use cuprum_core::{DType, bf16, f16};
        use num_complex::Complex;
        match a.dtype() {
            DType::Bool | DType::UInt8 => {
                let $s = $crate::host::typed::<u8>(guard.bytes());
                $body
            }
            DType::Int8 => {
                let $s = $crate::host::typed::<i8>(guard.bytes());
                $body
            }
            DType::Int16 => {
                let $s = $crate::host::typed::<i16>(guard.bytes());
                $body
            }
            DType::Int32 => {
                let $s = $crate::host::typed::<i32>(guard.bytes());
                $body
            }
            DType::Int64 => {
                let $s = $crate::host::typed::<i64>(guard.bytes());
                $body
            }
            DType::UInt16 => {
                let $s = $crate::host::typed::<u16>(guard.bytes());
                $body
            }
            DType::UInt32 => {
                let $s = $crate::host::typed::<u32>(guard.bytes());
                $body
            }
            DType::UInt64 => {
                let $s = $crate::host::typed::<u64>(guard.bytes());
                $body
            }
            DType::Float16 => {
                let $s = $crate::host::typed::<f16>(guard.bytes());
                $body
            }
            DType::BFloat16 => {
                let $s = $crate::host::typed::<bf16>(guard.bytes());
                $body
            }
            DType::Float32 => {
                let $s = $crate::host::typed::<f32>(guard.bytes());
                $body
            }
            DType::Float64 => {
                let $s = $crate::host::typed::<f64>(guard.bytes());
                $body
            }
            DType::Complex64 => {
                let $s = $crate::host::typed::<Complex<f32>>(guard.bytes());
                $body
            }
            DType::Complex128 => {
                let $s = $crate::host::typed::<Complex<f64>>(guard.bytes());
                $body
            }
            d => return Err(cuprum_core::Error::dtype($op, d)),
        }
    }};
}
pub(crate) use with_typed_slice;

/// The whole elements of `bytes` as a slice of `T` (a trailing partial element is ignored).
pub(crate) fn typed<T: bytemuck::Pod>(bytes: &[u8]) -> &[T] {
    let sz = std::mem::size_of::<T>();
    bytemuck::cast_slice(&bytes[..bytes.len() / sz * sz])
}

/// An array on the CPU holding `data` (C order, `shape`, `dtype` = the Rust type of `T`).
pub(crate) fn cpu_array<T: bytemuck::Pod>(
    data: &[T],
    shape: &[usize],
    dtype: DType,
) -> Result<Array> {
    debug_assert_eq!(std::mem::size_of::<T>(), dtype.itemsize());
    Array::from_bytes_on(
        bytemuck::cast_slice(data),
        shape,
        dtype,
        cuprum_core::Device::Cpu,
    )
}

/// `np.roll` of the CPU array `a` by `shifts[k]` along `axes[k]` (axes already normalized,
/// shifts may be negative), any dtype. Returns a new C-contiguous array.
pub(crate) fn roll_cpu(
    op: &'static str,
    a: &Array,
    axes: &[usize],
    shifts: &[isize],
) -> Result<Array> {
    let shape = a.shape().to_vec();
    // one offset per index of each axis: as large as the axes themselves (a broadcast view of
    // 2^40 elements along one axis needs 8 TiB of them), so allocated fallibly
    let mut maps: Vec<Vec<isize>> = Vec::new();
    for (&n, &s) in shape.iter().zip(a.strides()) {
        let mut m = try_vec_with_capacity::<isize>(n)?;
        m.extend((0..n).map(|i| i as isize * s));
        maps.push(m);
    }
    for (&ax, &sh) in axes.iter().zip(shifts) {
        let n = shape[ax] as isize;
        if n == 0 {
            continue;
        }
        let s = a.strides()[ax];
        for (i, m) in maps[ax].iter_mut().enumerate() {
            *m = (i as isize - sh).rem_euclid(n) * s;
        }
    }
    let off = a.offset();
    let cpu = a.storage().as_cpu().ok_or_else(|| {
        Error::unsupported(op, format!("expected a CPU array, got {}", a.device()))
    })?;
    let guard = cpu.read();
    let b = guard.bytes();
    let dtype = a.dtype();
    match dtype.itemsize() {
        1 => cpu_array(
            &gather_mapped(op, typed::<u8>(b), &shape, &maps, off)?,
            &shape,
            dtype,
        ),
        2 => cpu_array(
            &gather_mapped(op, typed::<u16>(b), &shape, &maps, off)?,
            &shape,
            dtype,
        ),
        4 => cpu_array(
            &gather_mapped(op, typed::<u32>(b), &shape, &maps, off)?,
            &shape,
            dtype,
        ),
        8 => cpu_array(
            &gather_mapped(op, typed::<u64>(b), &shape, &maps, off)?,
            &shape,
            dtype,
        ),
        16 => cpu_array(
            &gather_mapped(op, typed::<[u64; 2]>(b), &shape, &maps, off)?,
            &shape,
            dtype,
        ),
        _ => Err(Error::dtype(op, dtype)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gather_pads_and_follows_strides() {
        // a 2x3 C array viewed transposed (3x2), rows padded to 4
        let src: Vec<i32> = (0..6).collect();
        let l = Layout {
            shape: vec![3, 2],
            strides: vec![1, 3],
            offset: 0,
        };
        let g = gather(&src, &l, 4, |x| x as f64).unwrap();
        assert_eq!(g, vec![0., 3., 0., 0., 1., 4., 0., 0., 2., 5., 0., 0.]);
        // reversed view
        let l = Layout {
            shape: vec![6],
            strides: vec![-1],
            offset: 5,
        };
        assert_eq!(gather(&src, &l, 6, |x| x).unwrap(), vec![5, 4, 3, 2, 1, 0]);
    }
}
