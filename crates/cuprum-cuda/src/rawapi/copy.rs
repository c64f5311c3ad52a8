//! Copies.

use super::*;

/// Copies `size` bytes from `src` to `dst` (`cupy.cuda.runtime.memcpy`, `cuMemcpy`) and waits
/// for it. The direction (host/device, either end) is inferred from the addresses, as with
/// CuPy's `cudaMemcpyDefault` (unified addressing, which every 64-bit CUDA platform has), so no
/// `kind` is taken.
///
/// # Safety
/// `src..src + size` must be readable and `dst..dst + size` writable memory (host memory of
/// this process or device memory), not overlapping.
///
/// # Errors
/// As [`malloc`]; a CUDA error for an invalid address.
pub unsafe fn memcpy(device: usize, dst: u64, src: u64, size: usize) -> Result<()> {
    bind("memcpy", device)?;
    if size == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract on both ranges.
    call("cuMemcpy", || unsafe { sys::cuMemcpy(dst, src, size) })
}

/// [`memcpy`] in the order of `stream` (`cupy.cuda.runtime.memcpyAsync`, `cuMemcpyAsync`);
/// asynchronous for device memory and page-locked host memory.
///
/// # Safety
/// As [`memcpy`], until the copy is done in stream order.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn memcpy_async(dst: u64, src: u64, size: usize, stream: &Stream) -> Result<()> {
    bind("memcpy_async", stream.ordinal())?;
    if size == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract on both ranges; the stream belongs to the context.
    call("cuMemcpyAsync", || unsafe {
        sys::cuMemcpyAsync(dst, src, size, stream.raw())
    })
}

pub(super) fn peer_ctx(op: &'static str, device: usize) -> Result<sys::CUcontext> {
    Ok(crate::driver::device(op, device)?.ctx.cu_ctx())
}

/// Copies `size` bytes from `src` on device `src_device` to `dst` on device `dst_device`
/// (`cupy.cuda.runtime.memcpyPeer(dst, dst_device, src, src_device, size)`, `cuMemcpyPeer`)
/// and waits for it; works without peer access (staged through the host then).
///
/// # Safety
/// `src..src + size` must be device memory of `src_device`, `dst..dst + size` of
/// `dst_device`.
///
/// # Errors
/// As [`malloc`], for either device.
pub unsafe fn memcpy_peer(
    dst: u64,
    dst_device: usize,
    src: u64,
    src_device: usize,
    size: usize,
) -> Result<()> {
    let sc = peer_ctx("memcpy_peer", src_device)?;
    let dc = peer_ctx("memcpy_peer", dst_device)?;
    bind("memcpy_peer", dst_device)?;
    if size == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract on both ranges; both contexts are retained primaries.
    call("cuMemcpyPeer", || unsafe {
        sys::cuMemcpyPeer(dst, dc, src, sc, size)
    })
}

/// [`memcpy_peer`] in the order of `stream` (`cupy.cuda.runtime.memcpyPeerAsync(dst,
/// dst_device, src, src_device, size, stream)`, `cuMemcpyPeerAsync`).
///
/// # Safety
/// As [`memcpy_peer`], until the copy is done in stream order.
///
/// # Errors
/// As [`memcpy_peer`].
pub unsafe fn memcpy_peer_async(
    dst: u64,
    dst_device: usize,
    src: u64,
    src_device: usize,
    size: usize,
    stream: &Stream,
) -> Result<()> {
    let sc = peer_ctx("memcpy_peer_async", src_device)?;
    let dc = peer_ctx("memcpy_peer_async", dst_device)?;
    bind("memcpy_peer_async", stream.ordinal())?;
    if size == 0 {
        return Ok(());
    }
    // SAFETY: the caller's contract on both ranges; the stream belongs to the current context.
    call("cuMemcpyPeerAsync", || unsafe {
        sys::cuMemcpyPeerAsync(dst, dc, src, sc, size, stream.raw())
    })
}

/// A 2-D copy description: every field set (the memory-type fields are Rust enums without a
/// zero value, so the struct must never be zero-initialized).
#[allow(clippy::too_many_arguments)]
pub(super) fn memcpy2d(
    src_type: sys::CUmemorytype,
    src: u64,
    src_array: sys::CUarray,
    spitch: usize,
    src_xy: (usize, usize),
    dst_type: sys::CUmemorytype,
    dst: u64,
    dst_array: sys::CUarray,
    dpitch: usize,
    dst_xy: (usize, usize),
    width: usize,
    height: usize,
) -> sys::CUDA_MEMCPY2D {
    sys::CUDA_MEMCPY2D {
        srcXInBytes: src_xy.0,
        srcY: src_xy.1,
        srcMemoryType: src_type,
        srcHost: std::ptr::null(),
        srcDevice: src,
        srcArray: src_array,
        srcPitch: spitch,
        dstXInBytes: dst_xy.0,
        dstY: dst_xy.1,
        dstMemoryType: dst_type,
        dstHost: std::ptr::null_mut(),
        dstDevice: dst,
        dstArray: dst_array,
        dstPitch: dpitch,
        WidthInBytes: width,
        Height: height,
    }
}

/// Turns a unified-addressing end of `p` that is ordinary (pageable, unregistered) host memory
/// into an explicit `CU_MEMORYTYPE_HOST` end, as the runtime does for `cudaMemcpyDefault`: the
/// driver's 2-D copies take pageable memory only as a host pointer.
pub(super) fn host_ends(p: &mut sys::CUDA_MEMCPY2D) -> Result<()> {
    let unified = |t: sys::CUmemorytype| matches!(t, sys::CUmemorytype::CU_MEMORYTYPE_UNIFIED);
    if unified(p.srcMemoryType)
        && pointer_get_attributes(p.srcDevice)?.memory_type == MemoryType::Unregistered
    {
        p.srcMemoryType = sys::CUmemorytype::CU_MEMORYTYPE_HOST;
        p.srcHost = p.srcDevice as *const c_void;
        p.srcDevice = 0;
    }
    if unified(p.dstMemoryType)
        && pointer_get_attributes(p.dstDevice)?.memory_type == MemoryType::Unregistered
    {
        p.dstMemoryType = sys::CUmemorytype::CU_MEMORYTYPE_HOST;
        p.dstHost = p.dstDevice as *mut c_void;
        p.dstDevice = 0;
    }
    Ok(())
}

/// The `CUDA_MEMCPY2D` of a unified-addressing 2-D copy.
pub(super) fn copy_2d(
    dst: u64,
    dpitch: usize,
    src: u64,
    spitch: usize,
    width: usize,
    height: usize,
) -> sys::CUDA_MEMCPY2D {
    let u = sys::CUmemorytype::CU_MEMORYTYPE_UNIFIED;
    let null = std::ptr::null_mut();
    memcpy2d(
        u,
        src,
        null,
        spitch,
        (0, 0),
        u,
        dst,
        null,
        dpitch,
        (0, 0),
        width,
        height,
    )
}

pub(super) fn check_pitch(
    op: &'static str,
    dpitch: usize,
    spitch: usize,
    width: usize,
) -> Result<()> {
    if width > dpitch || width > spitch {
        return Err(Error::bad_argument(
            op,
            "width",
            width,
            format!("at most both pitches (destination {dpitch}, source {spitch})"),
        ));
    }
    Ok(())
}

/// Copies a 2-D region of `height` rows of `width` bytes from `src` (rows `spitch` bytes
/// apart) to `dst` (rows `dpitch` bytes apart) and waits for it
/// (`cupy.cuda.runtime.memcpy2D(dst, dpitch, src, spitch, width, height, kind)`,
/// `cuMemcpy2D_v2`). As with [`memcpy`] the direction is inferred from the addresses
/// (`cudaMemcpyDefault`): each end is `CU_MEMORYTYPE_UNIFIED`, or `CU_MEMORYTYPE_HOST` when
/// [`pointer_get_attributes`] says it is ordinary (unregistered) host memory.
///
/// **Shapes**: reads bytes `src + r * spitch .. + width` and writes `dst + r * dpitch .. +
/// width` for `r < height`.
///
/// # Safety
/// Those ranges must be readable (source) and writable (destination) host or device memory.
///
/// # Errors
/// [`Error::BadArgument`] when `width` exceeds a pitch; as [`malloc`] otherwise.
pub unsafe fn memcpy_2d(
    device: usize,
    dst: u64,
    dpitch: usize,
    src: u64,
    spitch: usize,
    width: usize,
    height: usize,
) -> Result<()> {
    check_pitch("memcpy_2d", dpitch, spitch, width)?;
    bind("memcpy_2d", device)?;
    if width == 0 || height == 0 {
        return Ok(());
    }
    let mut p = copy_2d(dst, dpitch, src, spitch, width, height);
    host_ends(&mut p)?;
    // SAFETY: the caller's contract on the ranges `p` describes.
    call("cuMemcpy2D_v2", || unsafe { sys::cuMemcpy2D_v2(&p) })
}

/// [`memcpy_2d`] in the order of `stream` (`cupy.cuda.runtime.memcpy2DAsync`,
/// `cuMemcpy2DAsync_v2`).
///
/// # Safety
/// As [`memcpy_2d`], until the copy is done in stream order.
///
/// # Errors
/// As [`memcpy_2d`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn memcpy_2d_async(
    dst: u64,
    dpitch: usize,
    src: u64,
    spitch: usize,
    width: usize,
    height: usize,
    stream: &Stream,
) -> Result<()> {
    check_pitch("memcpy_2d_async", dpitch, spitch, width)?;
    bind("memcpy_2d_async", stream.ordinal())?;
    if width == 0 || height == 0 {
        return Ok(());
    }
    let mut p = copy_2d(dst, dpitch, src, spitch, width, height);
    host_ends(&mut p)?;
    // SAFETY: the caller's contract on the ranges; the stream belongs to the context.
    call("cuMemcpy2DAsync_v2", || unsafe {
        sys::cuMemcpy2DAsync_v2(&p, stream.raw())
    })
}

/// The driver's 3-D copy description (`CUDA_MEMCPY3D`), what CuPy's `Memcpy3DParms` holds:
/// start from [`memcpy_3d_params`], set the addresses (`srcDevice`/`dstDevice` for any address
/// under unified addressing, or `srcArray`/`dstArray` with `CU_MEMORYTYPE_ARRAY`), pitches,
/// heights and the extent (`WidthInBytes`, `Height`, `Depth`). Never zero-initialize it: its
/// memory-type fields have no zero value.
pub type Memcpy3DParams = sys::CUDA_MEMCPY3D;

/// An empty [`Memcpy3DParams`]: both ends `CU_MEMORYTYPE_UNIFIED` at address 0, every offset,
/// pitch and extent 0 (CuPy's `Memcpy3DParms()` before its fields are set).
///
/// # Example
/// ```
/// let mut p = cuprum_cuda::runtime::memcpy_3d_params();
/// p.WidthInBytes = 16;
/// p.Height = 4;
/// p.Depth = 2;
/// assert_eq!(p.srcPitch, 0);
/// ```
pub fn memcpy_3d_params() -> Memcpy3DParams {
    let u = sys::CUmemorytype::CU_MEMORYTYPE_UNIFIED;
    sys::CUDA_MEMCPY3D {
        srcXInBytes: 0,
        srcY: 0,
        srcZ: 0,
        srcLOD: 0,
        srcMemoryType: u,
        srcHost: std::ptr::null(),
        srcDevice: 0,
        srcArray: std::ptr::null_mut(),
        reserved0: std::ptr::null_mut(),
        srcPitch: 0,
        srcHeight: 0,
        dstXInBytes: 0,
        dstY: 0,
        dstZ: 0,
        dstLOD: 0,
        dstMemoryType: u,
        dstHost: std::ptr::null_mut(),
        dstDevice: 0,
        dstArray: std::ptr::null_mut(),
        reserved1: std::ptr::null_mut(),
        dstPitch: 0,
        dstHeight: 0,
        WidthInBytes: 0,
        Height: 0,
        Depth: 0,
    }
}

/// Performs the 3-D copy `params` describes and waits for it (`cupy.cuda.runtime.memcpy3D`,
/// `cuMemcpy3D_v2`).
///
/// # Safety
/// Every address in `params` must be valid for the ranges the copy reads and writes (CUDA
/// arrays must be live).
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_INVALID_VALUE` for an inconsistent description.
pub unsafe fn memcpy_3d(device: usize, params: &Memcpy3DParams) -> Result<()> {
    bind("memcpy_3d", device)?;
    // SAFETY: the caller's contract on the description.
    call("cuMemcpy3D_v2", || unsafe { sys::cuMemcpy3D_v2(params) })
}

/// [`memcpy_3d`] in the order of `stream` (`cupy.cuda.runtime.memcpy3DAsync`,
/// `cuMemcpy3DAsync_v2`).
///
/// # Safety
/// As [`memcpy_3d`], until the copy is done in stream order.
///
/// # Errors
/// As [`memcpy_3d`].
pub unsafe fn memcpy_3d_async(params: &Memcpy3DParams, stream: &Stream) -> Result<()> {
    bind("memcpy_3d_async", stream.ordinal())?;
    // SAFETY: the caller's contract; the stream belongs to the current context.
    call("cuMemcpy3DAsync_v2", || unsafe {
        sys::cuMemcpy3DAsync_v2(params, stream.raw())
    })
}
