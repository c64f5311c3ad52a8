//! cuBLAS matrix products: `cublasGemmStridedBatchedEx` on the operands' own strides.
//!
//! cuBLAS is column-major; a row-major `C = A @ B` is computed as `Cᵀ = Bᵀ Aᵀ`. A row-major
//! matrix with unit column stride is, read column-major, its transpose with leading dimension
//! = its row stride (op `N`); one with unit row stride is the matrix itself with leading
//! dimension = its column stride (op `T`). Anything else (both strides non-unit, negative
//! strides) is copied to a C-contiguous temporary first. Integer and bool products, which
//! cuBLAS lacks, run on a small CUDA kernel (`kernels/matmul_int.cu`).

use crate::backend::View;
use crate::cuda::nvrtc::{LaunchConfig, launch, static_function};
use crate::storage::Storage;
use crate::{Array, DType, Error, Layout, Result};
use cudarc::cublas::sys as cb;
use std::ffi::c_void;
use std::sync::OnceLock;

fn status(op: &'static str, s: cb::cublasStatus_t) -> Result<()> {
    if s == cb::cublasStatus_t::CUBLAS_STATUS_SUCCESS {
        Ok(())
    } else {
        Err(Error::CudaLibrary {
            op,
            library: "cuBLAS",
            status: format!("{s:?}"),
        })
    }
}

/// This thread's cuBLAS handle of one device, kept by [`crate::ext::with_library_handle`].
struct Cublas {
    h: cb::cublasHandle_t,
    stream: Option<usize>,
}

impl Drop for Cublas {
    fn drop(&mut self) {
        // SAFETY: `h` was created by cublasCreate_v2 and is used by no one else (the handle is
        // owned by one thread's map); the device's primary context is retained for the
        // process's lifetime, so it is still alive here.
        unsafe {
            cb::cublasDestroy_v2(self.h);
        }
    }
}

impl crate::ext::LibraryHandle for Cublas {
    const LIBRARY: &'static str = "libcublas";

    fn create(_ordinal: usize) -> Result<Self> {
        let mut h: cb::cublasHandle_t = std::ptr::null_mut();
        // SAFETY: cublasCreate_v2 writes a new handle into `h`; the device's context is bound
        // on this thread (with_library_handle binds it first). A loader panic is caught by
        // with_library_handle's guard.
        status("cublasCreate", unsafe { cb::cublasCreate_v2(&mut h) })?;
        Ok(Cublas { h, stream: None })
    }

    fn set_stream(&mut self, stream: &crate::cuda::Stream) -> Result<()> {
        let raw = stream.raw();
        if self.stream != Some(raw as usize) {
            // SAFETY: `h` is a live handle of this device; `raw` is a stream of the same
            // context, alive while the thread's current-stream entry holds it.
            status("cublasSetStream", unsafe {
                cb::cublasSetStream_v2(self.h, raw as _)
            })?;
            self.stream = Some(raw as usize);
        }
        Ok(())
    }
}

/// Runs `f` with this thread's cuBLAS handle for device `ordinal`, bound to the current stream.
fn with_handle<T>(ordinal: usize, f: impl FnOnce(cb::cublasHandle_t) -> Result<T>) -> Result<T> {
    crate::ext::with_library_handle(ordinal, |h: &mut Cublas| f(h.h))
}

/// (op, ld) that presents a `rows x cols` row-major matrix with strides `(rs, cs)` as its
/// transpose in column-major form; `None` when cuBLAS cannot take the strides.
fn as_colmajor_t(
    rows: usize,
    cols: usize,
    rs: isize,
    cs: isize,
) -> Option<(cb::cublasOperation_t, i64)> {
    use cb::cublasOperation_t::{CUBLAS_OP_N, CUBLAS_OP_T};
    if rs < 0 || cs < 0 {
        return None;
    }
    let (rs, cs) = (rs as i64, cs as i64);
    let (r, c) = (rows as i64, cols as i64);
    // transpose view: cols x rows, column stride rs; valid when cs == 1 (or cols == 1)
    if (cs == 1 || c == 1) && (r == 1 || rs >= c.max(1)) {
        return Some((CUBLAS_OP_N, if r == 1 { c.max(1) } else { rs }));
    }
    // the matrix itself column-major: rows x cols with column stride cs, op T
    if (rs == 1 || r == 1) && (c == 1 || cs >= r.max(1)) {
        return Some((CUBLAS_OP_T, if c == 1 { r.max(1) } else { cs }));
    }
    None
}

/// Offsets (elements) of each batch's first element; `Some(stride)` when they are evenly spaced.
fn batch_offsets(l: &Layout, nd: usize) -> (Vec<i64>, Option<i64>) {
    let bl = Layout {
        shape: l.shape[..nd - 2].to_vec(),
        strides: l.strides[..nd - 2].to_vec(),
        offset: l.offset,
    };
    let offs: Vec<i64> = bl.positions().into_iter().map(|p| p as i64).collect();
    let stride = if offs.len() < 2 {
        Some(0)
    } else {
        let s = offs[1] - offs[0];
        offs.windows(2).all(|w| w[1] - w[0] == s).then_some(s)
    };
    (offs, stride)
}

fn types(dtype: DType) -> Option<(cb::cudaDataType, cb::cublasComputeType_t)> {
    use cb::cublasComputeType_t as C;
    use cb::cudaDataType as D;
    let tf32 = std::env::var("CUPRUM_TF32").is_ok_and(|v| v == "1");
    Some(match dtype {
        DType::Float32 => (
            D::CUDA_R_32F,
            if tf32 {
                C::CUBLAS_COMPUTE_32F_FAST_TF32
            } else {
                C::CUBLAS_COMPUTE_32F
            },
        ),
        DType::Float64 => (D::CUDA_R_64F, C::CUBLAS_COMPUTE_64F),
        DType::Float16 => (D::CUDA_R_16F, C::CUBLAS_COMPUTE_32F),
        DType::BFloat16 => (D::CUDA_R_16BF, C::CUBLAS_COMPUTE_32F),
        DType::Complex64 => (D::CUDA_C_32F, C::CUBLAS_COMPUTE_32F),
        DType::Complex128 => (D::CUDA_C_64F, C::CUBLAS_COMPUTE_64F),
        _ => return None,
    })
}

/// Batched gemm on CUDA (contract as [`super::cpu::gemm_batched`]).
pub fn gemm_batched(a: View<'_>, b: View<'_>, dst: View<'_>) -> Result<()> {
    let Storage::Cuda(sd) = dst.storage else {
        return Err(Error::unsupported(
            "matmul",
            "cuBLAS gemm on non-CUDA storage",
        ));
    };
    let ordinal = sd.ordinal();
    let nd = dst.layout.ndim();
    let (m, n) = (dst.layout.shape[nd - 2], dst.layout.shape[nd - 1]);
    let k = a.layout.shape[nd - 1];
    let nb: usize = dst.layout.shape[..nd - 2].iter().product();
    if m * n * nb == 0 {
        return Ok(());
    }
    let Some((dt, ct)) = types(dst.dtype) else {
        return int_gemm(a, b, dst, ordinal);
    };
    if k == 0 {
        return crate::backend::fill(dst, crate::Scalar::Int(0));
    }
    // make each operand acceptable to cuBLAS, copying only when its strides are not
    let prep = |v: View<'_>, rows: usize, cols: usize| -> Result<(Option<Array>, Layout)> {
        let l = v.layout;
        let ok = as_colmajor_t(rows, cols, l.strides[nd - 2], l.strides[nd - 1]).is_some()
            && batch_offsets(l, nd).1.is_some();
        if ok {
            Ok((None, l.clone()))
        } else {
            let tmp = Array::empty_on(&l.shape, v.dtype, crate::Device::Cuda(ordinal))?;
            crate::backend::copy(v, tmp.view())?;
            let lay = tmp.layout().clone();
            Ok((Some(tmp), lay))
        }
    };
    let (ta, la) = prep(a, m, k)?;
    let (tb, lb) = prep(b, k, n)?;
    let base = |t: &Option<Array>, v: View<'_>| -> u64 {
        match t {
            Some(t) => t.device_ptr().unwrap_or(0),
            None => v.storage.as_cuda().map_or(0, |c| c.device_ptr()),
        }
    };
    let isz = dst.dtype.itemsize() as u64;
    let (pa, pb) = (base(&ta, a), base(&tb, b));
    let pd = sd.device_ptr() + (dst.layout.offset as u64) * isz;
    let (opa, lda) =
        as_colmajor_t(m, k, la.strides[nd - 2], la.strides[nd - 1]).expect("checked in prep");
    let (opb, ldb) =
        as_colmajor_t(k, n, lb.strides[nd - 2], lb.strides[nd - 1]).expect("checked in prep");
    let (oa, sa) = batch_offsets(&la, nd);
    let (ob, sb) = batch_offsets(&lb, nd);
    let (sa, sb) = (sa.unwrap_or(0), sb.unwrap_or(0));
    // alpha/beta in the compute type
    let one_f = [1.0f32, 0.0];
    let zero_f = [0.0f32, 0.0];
    let one_d = [1.0f64, 0.0];
    let zero_d = [0.0f64, 0.0];
    let double = matches!(dst.dtype, DType::Float64 | DType::Complex128);
    let (alpha, beta): (*const c_void, *const c_void) = if double {
        (one_d.as_ptr().cast(), zero_d.as_ptr().cast())
    } else {
        (one_f.as_ptr().cast(), zero_f.as_ptr().cast())
    };
    with_handle(ordinal, |h| {
        if nb == 1 && dst.dtype == DType::Float64 {
            // One float64 product: cublasDgemm, CuPy's call. The strided-batched Ex form with
            // a batch of one picked kernels 7-11% slower on an H200 at 5000² and 8192².
            // SAFETY: as for the batched call below, with one matrix per operand; alpha and
            // beta point to f64 host values.
            let s = unsafe {
                cb::cublasDgemm_v2_64(
                    h,
                    opb,
                    opa,
                    n as i64,
                    m as i64,
                    k as i64,
                    alpha.cast(),
                    (pb + ob[0] as u64 * isz) as *const f64,
                    ldb,
                    (pa + oa[0] as u64 * isz) as *const f64,
                    lda,
                    beta.cast(),
                    pd as *mut f64,
                    n as i64,
                )
            };
            return status("cublasDgemm", s);
        }
        // SAFETY: pointers address live device buffers of this device holding the views
        // (operands copied to temporaries `ta`/`tb` when their strides were unusable; those
        // live until this function returns, after the stream-ordered call is queued, and the
        // allocator frees them stream-ordered); dimensions, leading dimensions and batch
        // strides describe exactly those views (checked by `as_colmajor_t`/`batch_offsets`);
        // alpha/beta point to host values of the compute type; the handle is bound to the
        // current stream.
        let s = unsafe {
            cb::cublasGemmStridedBatchedEx_64(
                h,
                opb,
                opa,
                n as i64,
                m as i64,
                k as i64,
                alpha,
                (pb + ob[0] as u64 * isz) as *const c_void,
                dt,
                ldb,
                sb,
                (pa + oa[0] as u64 * isz) as *const c_void,
                dt,
                lda,
                sa,
                beta,
                pd as *mut c_void,
                dt,
                n as i64,
                (m * n) as i64,
                nb as i64,
                ct,
                cb::cublasGemmAlgo_t::CUBLAS_GEMM_DEFAULT,
            )
        };
        status("cublasGemmStridedBatchedEx", s)
    })?;
    drop((ta, tb));
    Ok(())
}

const INT_SRC: &str = include_str!("../../../../kernels/matmul_int.cu");

fn int_source() -> &'static str {
    static S: OnceLock<String> = OnceLock::new();
    S.get_or_init(|| format!("{}\n{}", crate::cuda::codegen::COMMON, INT_SRC))
}

/// Integer/bool matmul: one thread per output element, wrapping arithmetic in 64 bits.
fn int_gemm(a: View<'_>, b: View<'_>, dst: View<'_>, ordinal: usize) -> Result<()> {
    let t = match dst.dtype {
        d if d.is_bool() || d.is_integer() => crate::cuda::codegen::storage_type(d),
        d => return Err(Error::dtype("matmul", d)),
    };
    let nd = dst.layout.ndim();
    let (m, n) = (dst.layout.shape[nd - 2], dst.layout.shape[nd - 1]);
    let k = a.layout.shape[nd - 1];
    let (oa, _) = batch_offsets(a.layout, nd);
    let (ob, _) = batch_offsets(b.layout, nd);
    let offs: Vec<i64> = oa.iter().zip(&ob).flat_map(|(x, y)| [*x, *y]).collect();
    let offs = Array::from_vec_on(offs, &[oa.len() * 2], crate::Device::Cuda(ordinal))?;
    let opt = format!("-DMM_T={t}"); // not `T`: NVRTC's builtin header has `template<typename T>`, and `-DT=bool` breaks it
    let f = static_function(ordinal, int_source(), "cuprum_matmul_int", &[opt.as_str()])?;
    let mut pa = a.storage.as_cuda().map_or(0, |c| c.device_ptr());
    let mut pb = b.storage.as_cuda().map_or(0, |c| c.device_ptr());
    let Storage::Cuda(sd) = dst.storage else {
        unreachable!("checked by caller")
    };
    let mut pd = sd.device_ptr() + (dst.layout.offset * dst.dtype.itemsize()) as u64;
    let mut po = offs.device_ptr().unwrap_or(0);
    let (mut mm, mut nn, mut kk) = (m as i64, n as i64, k as i64);
    let (mut ars, mut acs) = (
        a.layout.strides[nd - 2] as i64,
        a.layout.strides[nd - 1] as i64,
    );
    let (mut brs, mut bcs) = (
        b.layout.strides[nd - 2] as i64,
        b.layout.strides[nd - 1] as i64,
    );
    let mut total = (oa.len() * m * n) as u64;
    let cfg = LaunchConfig::for_num_elems(total, 256);
    let mut args: [*mut c_void; 13] = [
        (&mut pa as *mut u64).cast(),
        (&mut pb as *mut u64).cast(),
        (&mut pd as *mut u64).cast(),
        (&mut po as *mut u64).cast(),
        (&mut mm as *mut i64).cast(),
        (&mut nn as *mut i64).cast(),
        (&mut kk as *mut i64).cast(),
        (&mut ars as *mut i64).cast(),
        (&mut acs as *mut i64).cast(),
        (&mut brs as *mut i64).cast(),
        (&mut bcs as *mut i64).cast(),
        (&mut total as *mut u64).cast(),
        std::ptr::null_mut(),
    ];
    // SAFETY: the first 12 arguments match cuprum_matmul_int's parameters (three T* as u64
    // device pointers, the batch offset table, m, n, k, the four matrix strides, total); every
    // position the kernel forms (batch offset + row/col * stride) lies inside the operand views
    // (their layouts come from live arrays); `offs` and the outputs outlive the stream-ordered
    // launch (offs is dropped after queuing; the allocator frees stream-ordered).
    unsafe { launch(&f, cfg, None, &mut args[..12]) }?;
    drop(offs);
    Ok(())
}
