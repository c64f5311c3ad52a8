//! CPU matrix products: the `gemm` crate for float16/float32/float64/complex (any strides, no
//! copies), a blocked integer kernel for integer dtypes.

use crate::backend::View;
use crate::storage::Storage;
use crate::{DType, Error, Result};
use rayon::prelude::*;

/// Batched `dst[b] = a[b] @ b[b]`: layouts are `batch + [m, k]`, `batch + [k, n]`,
/// `batch + [m, n]` (the batch axes already broadcast); `dst` is C-contiguous; all three share
/// one dtype.
pub fn gemm_batched(a: View<'_>, b: View<'_>, dst: View<'_>) -> Result<()> {
    let (Storage::Cpu(sa), Storage::Cpu(sb), Storage::Cpu(sd)) =
        (a.storage, b.storage, dst.storage)
    else {
        return Err(Error::unsupported("matmul", "cpu gemm on non-cpu storage"));
    };
    let nd = dst.layout.ndim();
    let (m, n) = (dst.layout.shape[nd - 2], dst.layout.shape[nd - 1]);
    let k = a.layout.shape[nd - 1];
    let batch_shape = &dst.layout.shape[..nd - 2];
    let nb: usize = batch_shape.iter().product();
    // element offsets of each batch's first element
    let boff = |l: &crate::Layout| -> Vec<isize> {
        let bl = crate::Layout {
            shape: batch_shape.to_vec(),
            strides: l.strides[..nd - 2].to_vec(),
            offset: l.offset,
        };
        bl.positions().into_iter().map(|p| p as isize).collect()
    };
    let (oa, ob) = (boff(a.layout), boff(b.layout));
    let (ars, acs) = (a.layout.strides[nd - 2], a.layout.strides[nd - 1]);
    let (brs, bcs) = (b.layout.strides[nd - 2], b.layout.strides[nd - 1]);
    let ra = sa.read();
    let rb = sb.read();
    let mut wd = sd.write();
    let dst_off = dst.layout.offset;
    let mn = m * n;

    macro_rules! float_gemm {
        ($t:ty, $one:expr, $zero:expr) => {{
            // addresses as integers so the closure below is Sync
            let pa = ra.slice::<$t>().as_ptr() as usize;
            let pb = rb.slice::<$t>().as_ptr() as usize;
            let out = &mut wd.slice_mut::<$t>()[dst_off..dst_off + nb * mn];
            if k == 0 {
                out.fill($zero);
                return Ok(());
            }
            let threads = rayon::current_num_threads();
            let run = |bi: usize, chunk: &mut [$t], par: gemm::Parallelism| {
                // SAFETY: the layouts were checked by the caller to lie inside their buffers
                // (views of live arrays); `chunk` is this batch's m x n C-contiguous output,
                // disjoint from the inputs (separate storages); strides are in elements, as
                // `gemm` expects; read locks on both inputs are held for the whole call.
                unsafe {
                    gemm::gemm(
                        m,
                        n,
                        k,
                        chunk.as_mut_ptr(),
                        1,
                        n as isize,
                        false,
                        (pa as *const $t).offset(oa[bi]),
                        acs,
                        ars,
                        (pb as *const $t).offset(ob[bi]),
                        bcs,
                        brs,
                        $zero,
                        $one,
                        false,
                        false,
                        false,
                        par,
                    )
                }
            };
            if mn == 0 {
                return Ok(());
            }
            if nb >= threads && m * n * k < (1 << 21) {
                out.par_chunks_mut(mn)
                    .enumerate()
                    .for_each(|(bi, c)| run(bi, c, gemm::Parallelism::None));
            } else {
                for (bi, c) in out.chunks_mut(mn).enumerate() {
                    run(bi, c, gemm::Parallelism::Rayon(threads));
                }
            }
            Ok(())
        }};
    }

    macro_rules! int_gemm {
        ($t:ty, $acc:ty) => {{ int_gemm!($t, $acc, |acc: $acc| acc as $t) }};
        ($t:ty, $acc:ty, $fin:expr) => {{
            let xa = ra.slice::<$t>();
            let xb = rb.slice::<$t>();
            let out = &mut wd.slice_mut::<$t>()[dst_off..dst_off + nb * mn];
            if mn == 0 {
                return Ok(());
            }
            out.par_chunks_mut(n.max(1))
                .enumerate()
                .for_each(|(row, orow)| {
                    let (bi, i) = (row / m, row % m);
                    let arow = oa[bi] + i as isize * ars;
                    for (j, o) in orow.iter_mut().enumerate() {
                        let mut acc: $acc = 0;
                        let bcol = ob[bi] + j as isize * bcs;
                        for p in 0..k as isize {
                            let x = xa[(arow + p * acs) as usize] as $acc;
                            let y = xb[(bcol + p * brs) as usize] as $acc;
                            acc = acc.wrapping_add(x.wrapping_mul(y));
                        }
                        #[allow(clippy::redundant_closure_call)]
                        {
                            *o = ($fin)(acc);
                        }
                    }
                });
            Ok(())
        }};
    }

    match dst.dtype {
        DType::Float32 => float_gemm!(f32, 1.0f32, 0.0f32),
        DType::Float64 => float_gemm!(f64, 1.0f64, 0.0f64),
        DType::Float16 => float_gemm!(half::f16, half::f16::ONE, half::f16::ZERO),
        DType::Complex64 => float_gemm!(
            num_complex::Complex32,
            num_complex::Complex32::new(1.0, 0.0),
            num_complex::Complex32::new(0.0, 0.0)
        ),
        DType::Complex128 => float_gemm!(
            num_complex::Complex64,
            num_complex::Complex64::new(1.0, 0.0),
            num_complex::Complex64::new(0.0, 0.0)
        ),
        DType::Int8 => int_gemm!(i8, i64),
        DType::Int16 => int_gemm!(i16, i64),
        DType::Int32 => int_gemm!(i32, i64),
        DType::Int64 => int_gemm!(i64, i64),
        DType::UInt8 => int_gemm!(u8, u64),
        DType::Bool => int_gemm!(u8, u64, |acc: u64| (acc != 0) as u8),
        DType::UInt16 => int_gemm!(u16, u64),
        DType::UInt32 => int_gemm!(u32, u64),
        DType::UInt64 => int_gemm!(u64, u64),
        d => Err(Error::DType {
            op: "matmul",
            dtype: d,
            detail: ": no CPU kernel".into(),
        }),
    }
}
