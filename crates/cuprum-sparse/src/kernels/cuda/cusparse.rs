//! cuSPARSE's generic API through cudarc's raw bindings: one handle per thread and device
//! (`ext::with_library_handle`), bound to the current stream; descriptors destroyed on every
//! path; workspaces from cuprum's stream-ordered allocator.

use super::dptr;
use crate::SparseError;
use crate::parts::Compressed;
use cudarc::cusparse::sys;
use cuprum_core::ext::{self, LibraryHandle};
use cuprum_core::{Array, Complex32, Complex64, DType, Device, Error};
use std::ffi::c_void;
use std::ptr::null_mut;

const LIB: &str = "cuSPARSE";

/// A cuSPARSE handle (never destroyed: it lives as long as its thread).
pub(super) struct Handle(sys::cusparseHandle_t);

fn status(op: &'static str, s: sys::cusparseStatus_t) -> cuprum_core::Result<()> {
    if s == sys::cusparseStatus_t::CUSPARSE_STATUS_SUCCESS {
        Ok(())
    } else {
        Err(Error::CudaLibrary {
            op,
            library: LIB,
            status: format!("{s:?}"),
        })
    }
}

impl Drop for Handle {
    fn drop(&mut self) {
        // SAFETY: created by cusparseCreate, owned by one thread's handle map, destroyed once
        // when that thread ends; the device's primary context is retained for the process's
        // lifetime.
        unsafe { sys::cusparseDestroy(self.0) };
    }
}

impl LibraryHandle for Handle {
    const LIBRARY: &'static str = LIB;
    fn create(_ordinal: usize) -> cuprum_core::Result<Self> {
        let mut h: sys::cusparseHandle_t = null_mut();
        // SAFETY: cusparseCreate writes one handle through a valid pointer; the device's context
        // is current (the contract of `LibraryHandle::create`).
        status("cusparseCreate", unsafe { sys::cusparseCreate(&mut h) })?;
        Ok(Handle(h))
    }
    fn set_stream(&mut self, stream: &ext::cuda::Stream) -> cuprum_core::Result<()> {
        // SAFETY: a live handle and a live stream of the same device.
        status("cusparseSetStream", unsafe {
            sys::cusparseSetStream(self.0, stream.raw() as sys::cudaStream_t)
        })
    }
}

fn value_type(d: DType) -> sys::cudaDataType {
    use sys::cudaDataType::*;
    match d {
        DType::Float32 => CUDA_R_32F,
        DType::Float64 => CUDA_R_64F,
        DType::Complex64 => CUDA_C_32F,
        DType::Complex128 => CUDA_C_64F,
        DType::Float16 => CUDA_R_16F,
        DType::BFloat16 => CUDA_R_16BF,
        _ => match d.itemsize() {
            1 => CUDA_R_8I,
            2 => CUDA_R_16F,
            4 => CUDA_R_32F,
            8 => CUDA_R_64F,
            _ => CUDA_C_64F,
        },
    }
}

fn index_type(d: DType) -> sys::cusparseIndexType_t {
    if d == DType::Int64 {
        sys::cusparseIndexType_t::CUSPARSE_INDEX_64I
    } else {
        sys::cusparseIndexType_t::CUSPARSE_INDEX_32I
    }
}

/// 1 and 0 of the compute type, as bytes for host-pointer scalars.
fn one_zero(d: DType) -> ([u8; 16], [u8; 16]) {
    let mut one = [0u8; 16];
    match d {
        DType::Float32 => one[..4].copy_from_slice(&1.0f32.to_ne_bytes()),
        DType::Float64 => one[..8].copy_from_slice(&1.0f64.to_ne_bytes()),
        DType::Complex64 => one[..8].copy_from_slice(bytemuck::bytes_of(&Complex32::new(1.0, 0.0))),
        _ => one.copy_from_slice(bytemuck::bytes_of(&Complex64::new(1.0, 0.0))),
    }
    (one, [0u8; 16])
}

/// A workspace of `n` bytes (at least 1 so that the pointer is valid).
fn workspace(o: usize, n: usize) -> cuprum_core::Result<ext::CudaStorage> {
    ext::cuda::alloc(o, n.max(1))
}

/// Descriptor types that destroy their cuSPARSE descriptor on drop (made only by a
/// successful create call; a null one, never created, is skipped).
macro_rules! descriptors {
    ($($(#[$doc:meta])* $name:ident($raw:ty) by $destroy:ident;)*) => {$(
        $(#[$doc])*
        struct $name($raw);
        impl Drop for $name {
            fn drop(&mut self) {
                if !self.0.is_null() {
                    // SAFETY: a descriptor its create call made, destroyed once.
                    unsafe { sys::$destroy(self.0) };
                }
            }
        }
    )*};
}

descriptors! {
    /// A CSR descriptor (`cusparseCreateCsr`).
    SpMat(sys::cusparseSpMatDescr_t) by cusparseDestroySpMat;
    /// A dense vector descriptor (`cusparseCreateDnVec`).
    DnVec(sys::cusparseDnVecDescr_t) by cusparseDestroyDnVec;
    /// A dense matrix descriptor (`cusparseCreateDnMat`).
    DnMat(sys::cusparseDnMatDescr_t) by cusparseDestroyDnMat;
    /// An SpGEMM descriptor (`cusparseSpGEMM_createDescr`).
    GemmDescr(sys::cusparseSpGEMMDescr_t) by cusparseSpGEMM_destroyDescr;
}

/// A routine that asks for its workspace first: `query` writes the size it needs, `run` gets a
/// workspace of that size (at least 1 byte), freed stream-ordered after it.
fn with_workspace(
    o: usize,
    query: impl FnOnce(&mut usize) -> cuprum_core::Result<()>,
    run: impl FnOnce(*mut c_void) -> cuprum_core::Result<()>,
) -> cuprum_core::Result<()> {
    let mut size = 0usize;
    query(&mut size)?;
    let ws = workspace(o, size)?;
    run(ws.device_ptr() as *mut c_void)?;
    drop(ws);
    Ok(())
}

/// A CSR descriptor over C-contiguous device arrays (they must outlive it).
#[allow(clippy::too_many_arguments)]
fn csr(
    rows: usize,
    cols: usize,
    nnz: usize,
    indptr: u64,
    indices: u64,
    data: u64,
    it: DType,
    vt: DType,
) -> cuprum_core::Result<SpMat> {
    let mut d: sys::cusparseSpMatDescr_t = null_mut();
    // SAFETY: the pointers address live device buffers of `rows + 1` offsets and `nnz`
    // indices/values of the stated types (the caller's arrays); cuSPARSE only records them.
    status("cusparseCreateCsr", unsafe {
        sys::cusparseCreateCsr(
            &mut d,
            rows as i64,
            cols as i64,
            nnz as i64,
            indptr as *mut c_void,
            indices as *mut c_void,
            data as *mut c_void,
            index_type(it),
            index_type(it),
            sys::cusparseIndexBase_t::CUSPARSE_INDEX_BASE_ZERO,
            value_type(vt),
        )
    })?;
    Ok(SpMat(d))
}

/// [`csr`] over the arrays of a CSR matrix of `shape` (index dtype `it`, compute dtype `vt`).
fn csr_of(
    (data, indices, indptr): (&Array, &Array, &Array),
    (rows, cols): (usize, usize),
    it: DType,
    vt: DType,
) -> cuprum_core::Result<SpMat> {
    csr(
        rows,
        cols,
        data.size(),
        dptr(indptr),
        dptr(indices),
        dptr(data),
        it,
        vt,
    )
}

fn dnvec(a: &Array) -> cuprum_core::Result<DnVec> {
    let mut d: sys::cusparseDnVecDescr_t = null_mut();
    // SAFETY: `a` is a live, C-contiguous device array of `size` elements of its dtype.
    status("cusparseCreateDnVec", unsafe {
        sys::cusparseCreateDnVec(
            &mut d,
            a.size() as i64,
            dptr(a) as *mut c_void,
            value_type(a.dtype()),
        )
    })?;
    Ok(DnVec(d))
}

fn dnmat(a: &Array) -> cuprum_core::Result<DnMat> {
    let (r, c) = (a.shape()[0], a.shape()[1]);
    let mut d: sys::cusparseDnMatDescr_t = null_mut();
    // SAFETY: `a` is a live, C-contiguous (row-major, leading dimension `c`) device matrix.
    status("cusparseCreateDnMat", unsafe {
        sys::cusparseCreateDnMat(
            &mut d,
            r as i64,
            c as i64,
            c as i64,
            dptr(a) as *mut c_void,
            value_type(a.dtype()),
            sys::cusparseOrder_t::CUSPARSE_ORDER_ROW,
        )
    })?;
    Ok(DnMat(d))
}

const NT: sys::cusparseOperation_t = sys::cusparseOperation_t::CUSPARSE_OPERATION_NON_TRANSPOSE;

/// `y = A x` by `cusparseSpMV` (CSR_ALG1).
pub(super) fn spmv(
    o: usize,
    data: &Array,
    indices: &Array,
    indptr: &Array,
    x: &Array,
    (m, n): (usize, usize),
    r: DType,
) -> Result<Array, SparseError> {
    let y = Array::empty_on(&[m], r, Device::Cuda(o))?;
    let (one, zero) = one_zero(r);
    ext::with_library_handle::<Handle, _, Error>(o, |h: &mut Handle| {
        let a = csr_of((data, indices, indptr), (m, n), indices.dtype(), r)?;
        let (vx, vy) = (dnvec(x)?, dnvec(&y)?);
        let alg = sys::cusparseSpMVAlg_t::CUSPARSE_SPMV_CSR_ALG1;
        // the size query and the product take the same leading arguments
        macro_rules! spmv_call {
            ($f:ident, $last:expr) => {
                sys::$f(
                    h.0,
                    NT,
                    one.as_ptr().cast(),
                    a.0,
                    vx.0,
                    zero.as_ptr().cast(),
                    vy.0,
                    value_type(r),
                    alg,
                    $last,
                )
            };
        }
        with_workspace(
            o,
            // SAFETY: live handle and descriptors; scalars point to 16 readable bytes of the
            // compute type; `size` is writable.
            |size| {
                status("cusparseSpMV_bufferSize", unsafe {
                    spmv_call!(cusparseSpMV_bufferSize, size)
                })
            },
            // SAFETY: as above; `ws` holds the bytes asked for.
            |ws| status("cusparseSpMV", unsafe { spmv_call!(cusparseSpMV, ws) }),
        )
    })?;
    Ok(y)
}

/// `Y = A X` by `cusparseSpMM` (row-major dense operands).
pub(super) fn spmm(
    o: usize,
    data: &Array,
    indices: &Array,
    indptr: &Array,
    x: &Array,
    (m, n): (usize, usize),
    r: DType,
) -> Result<Array, SparseError> {
    let k = x.shape()[1];
    let y = Array::empty_on(&[m, k], r, Device::Cuda(o))?;
    let (one, zero) = one_zero(r);
    ext::with_library_handle::<Handle, _, Error>(o, |h: &mut Handle| {
        let a = csr_of((data, indices, indptr), (m, n), indices.dtype(), r)?;
        let (mx, my) = (dnmat(x)?, dnmat(&y)?);
        // CSR_ALG2 is cuSPARSE's algorithm for row-major dense operands (ours are C-ordered);
        // the default when it does not take the case
        // the size query and the product take the same leading arguments
        macro_rules! spmm_call {
            ($f:ident, $alg:expr, $last:expr) => {
                sys::$f(
                    h.0,
                    NT,
                    NT,
                    one.as_ptr().cast(),
                    a.0,
                    mx.0,
                    zero.as_ptr().cast(),
                    my.0,
                    value_type(r),
                    $alg,
                    $last,
                )
            };
        }
        let mut size = 0usize;
        let buffer_size = |alg, size: &mut usize| {
            // SAFETY: live handle and descriptors; host scalars of the compute type.
            status("cusparseSpMM_bufferSize", unsafe {
                spmm_call!(cusparseSpMM_bufferSize, alg, size)
            })
        };
        let mut alg = sys::cusparseSpMMAlg_t::CUSPARSE_SPMM_CSR_ALG2;
        if buffer_size(alg, &mut size).is_err() {
            alg = sys::cusparseSpMMAlg_t::CUSPARSE_SPMM_ALG_DEFAULT;
            buffer_size(alg, &mut size)?;
        }
        let run = |alg, size| -> Result<(), SparseError> {
            let ws = workspace(o, size)?;
            // SAFETY: as above; the workspace holds `size` bytes.
            status("cusparseSpMM", unsafe {
                spmm_call!(cusparseSpMM, alg, ws.device_ptr() as *mut c_void)
            })?;
            drop(ws);
            Ok(())
        };
        if run(alg, size).is_err() && alg != sys::cusparseSpMMAlg_t::CUSPARSE_SPMM_ALG_DEFAULT {
            alg = sys::cusparseSpMMAlg_t::CUSPARSE_SPMM_ALG_DEFAULT;
            buffer_size(alg, &mut size)?;
            run(alg, size)?;
        }
        Ok(())
    })?;
    Ok(y)
}

/// CSR → CSC by `cusparseCsr2cscEx2` (int32 indices; the values are moved as bits of their
/// size, so every dtype of 1, 2, 4, 8 or 16 bytes goes through).
pub(super) fn csr2csc(
    o: usize,
    data: &Array,
    indices: &Array,
    indptr: &Array,
    (m, n): (usize, usize),
) -> Result<Compressed, SparseError> {
    let dev = Device::Cuda(o);
    let nnz = data.size();
    let dt = data.dtype();
    let od = Array::empty_on(&[nnz], dt, dev)?;
    let oi = Array::empty_on(&[nnz], DType::Int32, dev)?;
    let op = Array::empty_on(&[n + 1], DType::Int32, dev)?;
    let vt = value_type(dt);
    let alg = sys::cusparseCsr2CscAlg_t::CUSPARSE_CSR2CSC_ALG1;
    let act = sys::cusparseAction_t::CUSPARSE_ACTION_NUMERIC;
    let base = sys::cusparseIndexBase_t::CUSPARSE_INDEX_BASE_ZERO;
    ext::with_library_handle::<Handle, _, Error>(o, |h: &mut Handle| {
        // the size query and the conversion take the same leading arguments
        macro_rules! csr2csc_call {
            ($f:ident, $last:expr) => {
                sys::$f(
                    h.0,
                    m as i32,
                    n as i32,
                    nnz as i32,
                    dptr(data) as *const c_void,
                    dptr(indptr) as *const i32,
                    dptr(indices) as *const i32,
                    dptr(&od) as *mut c_void,
                    dptr(&op) as *mut i32,
                    dptr(&oi) as *mut i32,
                    vt,
                    act,
                    base,
                    alg,
                    $last,
                )
            };
        }
        with_workspace(
            o,
            // SAFETY: every pointer addresses a live device buffer of the documented length
            // (values nnz, offsets m+1 / n+1, indices nnz, int32); `size` is writable.
            |size| {
                status("cusparseCsr2cscEx2_bufferSize", unsafe {
                    csr2csc_call!(cusparseCsr2cscEx2_bufferSize, size)
                })
            },
            // SAFETY: as above; `ws` holds the bytes asked for.
            |ws| {
                status("cusparseCsr2cscEx2", unsafe {
                    csr2csc_call!(cusparseCsr2cscEx2, ws)
                })
            },
        )
    })?;
    Ok(Compressed {
        data: od,
        indices: oi,
        indptr: op,
        shape: (n, m),
        canonical: false,
    })
}

/// The cuSPARSE SpGEMM algorithm to run (`cusparseSpGEMMAlg_t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum SpgemmAlg {
    /// `CUSPARSE_SPGEMM_ALG1` (= DEFAULT): fastest, the most memory (two work buffers sized by
    /// the intermediate products)
    Alg1,
    /// `CUSPARSE_SPGEMM_ALG2`: deterministic, less memory than ALG1 (its compute buffer is
    /// known before it is allocated, through `cusparseSpGEMM_estimateMemory`)
    Alg2,
    /// `CUSPARSE_SPGEMM_ALG3`: memory-bounded, the intermediate products computed in chunks
    /// of `chunk_fraction` of the total
    Alg3,
    /// cuprum's row-merge kernel (`sp_gemm_merge`, not cuSPARSE): canonical `B`, rows of `A`
    /// of at most 8 entries; tried first
    RowMerge,
}

std::thread_local! {
    /// A forced algorithm for SpGEMM on this thread (tests): `Some(None)` forces cuprum's own
    /// expand-sort-compress kernels, `Some(Some(alg))` that cuSPARSE algorithm only (no other is tried).
    static FORCE: std::cell::Cell<Option<Option<SpgemmAlg>>> = const { std::cell::Cell::new(None) };
    /// The algorithm the last SpGEMM on this thread used (`None`: cuprum's own kernels).
    static LAST: std::cell::Cell<Option<SpgemmAlg>> = const { std::cell::Cell::new(None) };
}

/// Forces the SpGEMM path on this thread (`None` in the outer option: choose by memory).
pub(crate) fn force_spgemm(f: Option<Option<SpgemmAlg>>) {
    FORCE.with(|c| c.set(f));
}

/// The forced SpGEMM path of this thread, if any.
pub(crate) fn forced_spgemm() -> Option<Option<SpgemmAlg>> {
    FORCE.with(|c| c.get())
}

/// The cuSPARSE algorithm the last SpGEMM on this thread ran (`None`: cuprum's own kernels).
pub(crate) fn last_spgemm() -> Option<SpgemmAlg> {
    LAST.with(|c| c.get())
}

pub(crate) fn set_last_spgemm(a: Option<SpgemmAlg>) {
    LAST.with(|c| c.set(a));
}

fn too_big(dev: Device, requested: usize, free: usize) -> Error {
    Error::OutOfMemory {
        device: dev,
        requested,
        free,
        limit_note: String::new(),
    }
}

/// `C = A B` by `cusparseSpGEMM` (int32 indices, canonical operands), the algorithm chosen by
/// the memory it would need, as cuSPARSE's documentation and CuPy advise:
///
/// 1. ALG1 (the default, fastest) when its work-estimation buffer and its compute buffer each
///    fit in half the free device memory;
/// 2. otherwise ALG2, whose compute buffer `cusparseSpGEMM_estimateMemory` sizes before any
///    allocation, when that fits;
/// 3. otherwise ALG3 with the largest `chunk_fraction` (from 0.5 down to 1/1024, halving) whose
///    compute buffer fits;
/// 4. otherwise an error, which the caller answers with its own expand-sort-compress kernels
///    instead of failing (also on any cuSPARSE failure).
///
/// [`force_spgemm`] pins one algorithm (tests of each path).
pub(super) fn spgemm(
    o: usize,
    a: (&Array, &Array, &Array),
    b: (&Array, &Array, &Array),
    dims: (usize, usize, usize),
    r: DType,
) -> Result<Compressed, SparseError> {
    let order: &[SpgemmAlg] = match forced_spgemm() {
        Some(Some(SpgemmAlg::Alg1)) => &[SpgemmAlg::Alg1],
        Some(Some(SpgemmAlg::Alg2)) => &[SpgemmAlg::Alg2],
        Some(Some(SpgemmAlg::Alg3)) => &[SpgemmAlg::Alg3],
        Some(Some(SpgemmAlg::RowMerge)) => &[],
        Some(None) => &[],
        None => &[SpgemmAlg::Alg1, SpgemmAlg::Alg2, SpgemmAlg::Alg3],
    };
    let mut last: Option<SparseError> = None;
    for &alg in order {
        match spgemm_with(o, a, b, dims, r, alg, order.len() == 1) {
            Ok(c) => {
                set_last_spgemm(Some(alg));
                return Ok(c);
            }
            Err(e) => last = Some(e),
        }
    }
    set_last_spgemm(None);
    Err(last.unwrap_or(SparseError::NotSupported {
        op: "spgemm",
        detail: "cuSPARSE SpGEMM disabled on this thread".into(),
    }))
}

/// One SpGEMM with algorithm `alg`; `forced` skips the memory limits (a test pinned it).
#[allow(clippy::too_many_lines)]
fn spgemm_with(
    o: usize,
    (ad, ai, ap): (&Array, &Array, &Array),
    (bd, bi, bp): (&Array, &Array, &Array),
    (m, k, n): (usize, usize, usize),
    r: DType,
    alg_kind: SpgemmAlg,
    forced: bool,
) -> Result<Compressed, SparseError> {
    let dev = Device::Cuda(o);
    let (one, zero) = one_zero(r);
    let vt = value_type(r);
    let alg = match alg_kind {
        SpgemmAlg::Alg1 => sys::cusparseSpGEMMAlg_t::CUSPARSE_SPGEMM_ALG1,
        SpgemmAlg::Alg2 => sys::cusparseSpGEMMAlg_t::CUSPARSE_SPGEMM_ALG2,
        SpgemmAlg::Alg3 => sys::cusparseSpGEMMAlg_t::CUSPARSE_SPGEMM_ALG3,
        SpgemmAlg::RowMerge => {
            return Err(SparseError::NotSupported {
                op: "spgemm",
                detail: "the row merge is not a cuSPARSE algorithm".into(),
            });
        }
    };
    let fits = |need: usize| -> cuprum_core::Result<()> {
        let (free, _) = ext::cuda::mem_get_info(o)?;
        if !forced && need > free / 2 {
            return Err(too_big(dev, need, free));
        }
        Ok(())
    };
    let cp = Array::empty_on(&[m + 1], DType::Int32, dev)?;
    let out = ext::with_library_handle::<Handle, _, Error>(o, |h: &mut Handle| {
        let a = csr_of((ad, ai, ap), (m, k), DType::Int32, r)?;
        let b = csr_of((bd, bi, bp), (k, n), DType::Int32, r)?;
        let c = csr(m, n, 0, dptr(&cp), 0, 0, DType::Int32, r)?;
        let mut g: sys::cusparseSpGEMMDescr_t = null_mut();
        // SAFETY: writes one descriptor.
        status("cusparseSpGEMM_createDescr", unsafe {
            sys::cusparseSpGEMM_createDescr(&mut g)
        })?;
        let g = GemmDescr(g);
        // every SpGEMM stage takes the same leading arguments
        macro_rules! spgemm_call {
            ($f:ident $(, $rest:expr)*) => {
                sys::$f(h.0, NT, NT, one.as_ptr().cast(), a.0, b.0, zero.as_ptr().cast(), c.0, vt, alg, g.0 $(, $rest)*)
            };
        }
        let mut s1 = 0usize;
        // SAFETY: live handle/descriptors; a null buffer asks for the size.
        status("cusparseSpGEMM_workEstimation", unsafe {
            spgemm_call!(cusparseSpGEMM_workEstimation, &mut s1, null_mut())
        })?;
        fits(s1)?;
        let w1 = workspace(o, s1)?;
        // SAFETY: as above with a buffer of `s1` bytes, which lives until the copy below.
        status("cusparseSpGEMM_workEstimation", unsafe {
            spgemm_call!(
                cusparseSpGEMM_workEstimation,
                &mut s1,
                w1.device_ptr() as *mut c_void
            )
        })?;
        let mut s2 = 0usize;
        if alg_kind == SpgemmAlg::Alg1 {
            // SAFETY: asks for the compute buffer's size.
            status("cusparseSpGEMM_compute", unsafe {
                spgemm_call!(cusparseSpGEMM_compute, &mut s2, null_mut())
            })?;
            fits(s2)?;
        } else {
            let mut prods = 0i64;
            // the number of intermediate products (as cuSPARSE's sample asks before sizing)
            // SAFETY: the descriptor went through workEstimation; writes one i64.
            status("cusparseSpGEMM_getNumProducts", unsafe {
                sys::cusparseSpGEMM_getNumProducts(g.0, &mut prods)
            })?;
            // ALG2 computes every product at once (fraction 1); ALG3 the largest chunk that fits
            let fractions: &[f32] = if alg_kind == SpgemmAlg::Alg2 {
                &[1.0]
            } else {
                &[
                    0.5,
                    0.25,
                    0.125,
                    1.0 / 16.0,
                    1.0 / 64.0,
                    1.0 / 256.0,
                    1.0 / 1024.0,
                ]
            };
            let mut chosen = false;
            for &frac in fractions {
                let mut s3 = 0usize;
                // SAFETY: null buffers ask for the size of buffer 3.
                status("cusparseSpGEMM_estimateMemory", unsafe {
                    spgemm_call!(
                        cusparseSpGEMM_estimateMemory,
                        frac,
                        &mut s3,
                        null_mut(),
                        null_mut()
                    )
                })?;
                fits(s3)?;
                let w3 = workspace(o, s3)?;
                // SAFETY: buffer 3 of `s3` bytes; writes the compute buffer's size to `s2`.
                status("cusparseSpGEMM_estimateMemory", unsafe {
                    spgemm_call!(
                        cusparseSpGEMM_estimateMemory,
                        frac,
                        &mut s3,
                        w3.device_ptr() as *mut c_void,
                        &mut s2
                    )
                })?;
                drop(w3);
                if fits(s2).is_ok() {
                    chosen = true;
                    break;
                }
            }
            if !chosen {
                let (free, _) = ext::cuda::mem_get_info(o)?;
                return Err(too_big(dev, s2, free));
            }
        }
        let w2 = workspace(o, s2)?;
        // SAFETY: the compute step with its `s2`-byte buffer (w1 still alive).
        status("cusparseSpGEMM_compute", unsafe {
            spgemm_call!(
                cusparseSpGEMM_compute,
                &mut s2,
                w2.device_ptr() as *mut c_void
            )
        })?;
        let (mut r1, mut c1, mut nnz) = (0i64, 0i64, 0i64);
        // SAFETY: reads the result's sizes into three writable i64.
        status("cusparseSpMatGetSize", unsafe {
            sys::cusparseSpMatGetSize(c.0, &mut r1, &mut c1, &mut nnz)
        })?;
        let nnz = usize::try_from(nnz).map_err(|_| Error::CudaLibrary {
            op: "cusparseSpMatGetSize",
            library: LIB,
            status: format!("negative nnz {nnz}"),
        })?;
        let ci = Array::empty_on(&[nnz], DType::Int32, dev)?;
        let cd = Array::empty_on(&[nnz], r, dev)?;
        // SAFETY: points the result descriptor at buffers of m+1 offsets and nnz indices/values.
        status("cusparseCsrSetPointers", unsafe {
            sys::cusparseCsrSetPointers(
                c.0,
                dptr(&cp) as *mut c_void,
                dptr(&ci) as *mut c_void,
                dptr(&cd) as *mut c_void,
            )
        })?;
        // SAFETY: copies the computed result into the buffers set above.
        status("cusparseSpGEMM_copy", unsafe {
            spgemm_call!(cusparseSpGEMM_copy)
        })?;
        drop((w1, w2));
        Ok((ci, cd))
    })?;
    let (ci, cd) = out;
    Ok(Compressed {
        data: cd,
        indices: ci,
        indptr: cp,
        shape: (m, n),
        canonical: true,
    })
}
