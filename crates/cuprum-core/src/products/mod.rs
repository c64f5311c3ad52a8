//! Products: `matmul` (batched, broadcasting), and the NumPy product family built on it.
//!
//! CPU: the `gemm` crate (any strides, no copies) for float16/32/64 and complex, a plain loop for
//! integers. CUDA: cuBLAS strided-batched gemm (`cublasGemmStridedBatchedEx`), taking the
//! operands' strides directly where one of the two matrix strides is 1.

pub(crate) mod cpu;
pub mod family;

pub use family::{TensorAxes, dot, einsum, inner, kron, outer, tensordot, vdot};
pub(crate) mod cuda;

use crate::backend::View;
use crate::layout::broadcast_shapes;
use crate::storage::Storage;
use crate::{Array, DType, Error, Layout, Result};

/// Backend dispatch of the batched gemm (see `cpu::gemm_batched` for the contract).
pub fn gemm_batched(a: View<'_>, b: View<'_>, dst: View<'_>) -> Result<()> {
    match dst.storage {
        Storage::Cpu(_) => cpu::gemm_batched(a, b, dst),
        Storage::Cuda(_) => cuda::gemm_batched(a, b, dst),
    }
}

/// A copy of `a` cast to `dtype` (C-contiguous), or `a` itself when it already has it.
pub(crate) fn cast_to(a: &Array, dtype: DType) -> Result<Array> {
    if a.dtype() == dtype {
        return Ok(a.clone());
    }
    let out = Array::empty_on(a.shape(), dtype, a.device())?;
    crate::backend::copy(a.view(), out.view())?;
    Ok(out)
}

pub(crate) fn same_device(op: &'static str, a: &Array, b: &Array) -> Result<()> {
    if a.device() != b.device() {
        return Err(Error::DeviceMismatch {
            op,
            lhs: a.device(),
            rhs: b.device(),
        });
    }
    Ok(())
}

/// Matrix product with NumPy's `matmul` semantics (`a @ b`).
///
/// **Shapes**: `(..., m, k) @ (..., k, n) -> (..., m, n)`, the batch axes `...` broadcast
/// together. A 1-D `a` is a row `(1, k)` and a 1-D `b` a column `(k, 1)`; the added axis is
/// removed from the result (so 1-D @ 1-D gives a 0-d array).
///
/// **Dtypes**: the NumPy promotion of the two; bfloat16 is computed in float32 and rounded;
/// integer products wrap in their dtype, as NumPy's do.
///
/// **Algorithm**: CPU, the `gemm` crate on the operands' own strides (transposed, sliced and
/// negative-stride views cost no copy); CUDA, cuBLAS `cublasGemmStridedBatchedEx` (float16 and
/// bfloat16 accumulate in float32; TF32 only when `CUPRUM_TF32=1`, like `CUPY_TF32`).
///
/// # Errors
/// [`Error::ShapeMismatch`] for a 0-d operand or when the inner dimensions differ; [`Error::Broadcast`] when the batch axes do not broadcast;
/// [`Error::DeviceMismatch`].
///
/// # Example
/// ```
/// use cuprum_core::{Array, Device, products::matmul};
/// let a = Array::from_vec_on(vec![1.0f32, 2.0, 3.0, 4.0], &[2, 2], Device::Cpu).unwrap();
/// let b = Array::from_vec_on(vec![1.0f32, 0.0, 0.0, 1.0], &[2, 2], Device::Cpu).unwrap();
/// assert_eq!(matmul(&a, &b).unwrap().to_vec::<f32>().unwrap(), vec![1.0, 2.0, 3.0, 4.0]);
/// ```
pub fn matmul(a: &Array, b: &Array) -> Result<Array> {
    const OP: &str = "matmul";
    same_device(OP, a, b)?;
    if a.ndim() == 0 || b.ndim() == 0 {
        // NumPy: "matmul: Input operand 0 does not have enough dimensions"
        return Err(Error::ShapeMismatch {
            op: OP,
            lhs: a.shape().to_vec(),
            rhs: b.shape().to_vec(),
            detail: None,
        });
    }
    let dt = DType::promote(a.dtype(), b.dtype());
    let cd = if dt == DType::BFloat16 && a.device().is_cpu() {
        DType::Float32
    } else {
        dt
    };
    let a = cast_to(a, cd)?;
    let b = cast_to(b, cd)?;
    let la = if a.ndim() == 1 {
        Layout {
            shape: vec![1, a.shape()[0]],
            strides: vec![0, a.strides()[0]],
            offset: a.offset(),
        }
    } else {
        a.layout().clone()
    };
    let lb = if b.ndim() == 1 {
        Layout {
            shape: vec![b.shape()[0], 1],
            strides: vec![b.strides()[0], 0],
            offset: b.offset(),
        }
    } else {
        b.layout().clone()
    };
    let (na, nb) = (la.ndim(), lb.ndim());
    let (m, k) = (la.shape[na - 2], la.shape[na - 1]);
    let (k2, n) = (lb.shape[nb - 2], lb.shape[nb - 1]);
    if k != k2 {
        return Err(Error::ShapeMismatch {
            op: OP,
            lhs: a.shape().to_vec(),
            rhs: b.shape().to_vec(),
            detail: Some(format!(
                "the first operand's last dimension ({k}) differs from the second's {} ({k2})",
                if b.ndim() == 1 {
                    "length"
                } else {
                    "second-to-last dimension"
                }
            )),
        });
    }
    // a batch mismatch names the whole operand shapes, not only their batch dimensions
    let batch =
        broadcast_shapes(OP, &la.shape[..na - 2], &lb.shape[..nb - 2]).map_err(|e| match e {
            Error::Broadcast { op, .. } => Error::Broadcast {
                op,
                lhs: a.shape().to_vec(),
                rhs: b.shape().to_vec(),
            },
            e => e,
        })?;
    let mut sa = batch.clone();
    sa.extend([m, k]);
    let mut sb = batch.clone();
    sb.extend([k, n]);
    let mut sd = batch.clone();
    sd.extend([m, n]);
    let la = la.broadcast_to(OP, &sa)?;
    let lb = lb.broadcast_to(OP, &sb)?;
    let out = Array::empty_on(&sd, cd, a.device())?;
    gemm_batched(
        View {
            storage: a.storage(),
            layout: &la,
            dtype: cd,
        },
        View {
            storage: b.storage(),
            layout: &lb,
            dtype: cd,
        },
        out.view(),
    )?;
    let mut final_shape = batch;
    if a.ndim() > 1 {
        final_shape.push(m);
    }
    if b.ndim() > 1 {
        final_shape.push(n);
    }
    let out = out.with_layout(Layout::contiguous(&final_shape));
    cast_to(&out, dt)
}

#[cfg(test)]
mod prop_tests;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Device;

    fn naive(a: &[f64], b: &[f64], m: usize, k: usize, n: usize) -> Vec<f64> {
        let mut c = vec![0.0; m * n];
        for i in 0..m {
            for j in 0..n {
                for p in 0..k {
                    c[i * n + j] += a[i * k + p] * b[p * n + j];
                }
            }
        }
        c
    }

    #[test]
    fn float_and_int_products_match_naive() {
        let (m, k, n) = (7, 13, 5);
        let av: Vec<f64> = (0..m * k).map(|i| (i as f64 * 0.37).sin()).collect();
        let bv: Vec<f64> = (0..k * n).map(|i| (i as f64 * 0.11).cos()).collect();
        let want = naive(&av, &bv, m, k, n);
        let a = Array::from_vec_on(av.clone(), &[m, k], Device::Cpu).unwrap();
        let b = Array::from_vec_on(bv.clone(), &[k, n], Device::Cpu).unwrap();
        let got = matmul(&a, &b).unwrap().to_vec::<f64>().unwrap();
        for (g, w) in got.iter().zip(&want) {
            assert!((g - w).abs() < 1e-13, "{g} vs {w}");
        }
        let ai: Vec<i32> = (0..m * k).map(|i| (i % 7) as i32 - 3).collect();
        let bi: Vec<i32> = (0..k * n).map(|i| (i % 5) as i32 - 2).collect();
        let wi = naive(
            &ai.iter().map(|&x| x as f64).collect::<Vec<_>>(),
            &bi.iter().map(|&x| x as f64).collect::<Vec<_>>(),
            m,
            k,
            n,
        );
        let a = Array::from_vec_on(ai, &[m, k], Device::Cpu).unwrap();
        let b = Array::from_vec_on(bi, &[k, n], Device::Cpu).unwrap();
        let got = matmul(&a, &b).unwrap();
        assert_eq!(got.dtype(), DType::Int32);
        assert_eq!(
            got.to_vec::<i32>().unwrap(),
            wi.iter().map(|&x| x as i32).collect::<Vec<_>>()
        );
    }

    #[test]
    fn transposed_and_batched_views_need_no_copy() {
        // a^T @ a through a transposed view, batched with broadcasting
        let av: Vec<f32> = (0..12).map(|i| i as f32).collect();
        let a = Array::from_vec_on(av.clone(), &[3, 4], Device::Cpu).unwrap();
        let at = a.with_layout(Layout {
            shape: vec![4, 3],
            strides: vec![1, 4],
            offset: 0,
        });
        let g = matmul(&at, &a).unwrap();
        assert_eq!(g.shape(), &[4, 4]);
        let at_v: Vec<f64> = (0..12).map(|i| av[(i % 3) * 4 + i / 3] as f64).collect();
        let want = naive(
            &at_v,
            &av.iter().map(|&x| x as f64).collect::<Vec<_>>(),
            4,
            3,
            4,
        );
        assert_eq!(
            g.to_vec::<f32>().unwrap(),
            want.iter().map(|&x| x as f32).collect::<Vec<_>>()
        );
        // (2,1,3,4) @ (5,4,2) -> (2,5,3,2)
        let x = Array::from_vec_on(
            (0..24).map(|i| i as f64).collect::<Vec<_>>(),
            &[2, 1, 3, 4],
            Device::Cpu,
        )
        .unwrap();
        let y = Array::from_vec_on(
            (0..40).map(|i| (i as f64) - 7.0).collect::<Vec<_>>(),
            &[5, 4, 2],
            Device::Cpu,
        )
        .unwrap();
        let z = matmul(&x, &y).unwrap();
        assert_eq!(z.shape(), &[2, 5, 3, 2]);
        let zv = z.to_vec::<f64>().unwrap();
        let xv = x.to_vec::<f64>().unwrap();
        let yv = y.to_vec::<f64>().unwrap();
        for bi in 0..2 {
            for bj in 0..5 {
                let w = naive(&xv[bi * 12..bi * 12 + 12], &yv[bj * 8..bj * 8 + 8], 3, 4, 2);
                assert_eq!(&zv[(bi * 5 + bj) * 6..(bi * 5 + bj) * 6 + 6], &w[..]);
            }
        }
    }

    #[test]
    fn vector_cases_and_errors() {
        let v = Array::from_vec_on(vec![1.0f64, 2.0, 3.0], &[3], Device::Cpu).unwrap();
        let d = matmul(&v, &v).unwrap();
        assert_eq!(d.shape(), &[] as &[usize]);
        assert_eq!(d.to_vec::<f64>().unwrap(), vec![14.0]);
        let m = Array::from_vec_on(vec![1.0f64; 6], &[2, 3], Device::Cpu).unwrap();
        assert_eq!(matmul(&m, &v).unwrap().shape(), &[2]);
        let err = matmul(&v, &m).unwrap_err();
        assert!(
            matches!(err, Error::ShapeMismatch { op: "matmul", .. }),
            "{err}"
        );
        assert!(err.to_string().contains("[3]") && err.to_string().contains("[2, 3]"));
        let s = Array::from_vec_on(vec![1.0f64], (), Device::Cpu).unwrap();
        assert!(matches!(matmul(&s, &v), Err(Error::ShapeMismatch { .. })));
        let bb = Array::from_vec_on(vec![true, false, true, true], &[2, 2], Device::Cpu).unwrap();
        let r = matmul(&bb, &bb).unwrap();
        assert_eq!(r.dtype(), DType::Bool);
        assert_eq!(r.to_vec::<bool>().unwrap(), vec![true, false, true, true]);
    }
}
