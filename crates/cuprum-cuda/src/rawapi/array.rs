//! CUDA arrays (opaque, texture-layout memory).

use super::*;

/// cudarc's `CUarray_format` (the element type of a CUDA array: `CU_AD_FORMAT_UNSIGNED_INT8`,
/// `CU_AD_FORMAT_FLOAT`, ...), what CuPy's `ChannelFormatDescriptor` encodes with its bit
/// counts and kind.
pub use sys::CUarray_format as ArrayFormat;

/// Allocates a 2-D CUDA array of `width` x `height` elements of `num_channels` (1, 2 or 4)
/// channels of `format` on device `device` (`cupy.cuda.runtime.mallocArray(desc, width,
/// height, flags)`, `cuArray3DCreate_v2` with depth 0); `height == 0` makes a 1-D array.
/// `flags` are `CUDA_ARRAY3D_*` bits (2 = surface load/store). Free it with [`free_array`];
/// copy with [`memcpy_2d_to_array`] / [`memcpy_2d_from_array`]. For an owned CUDA array that
/// textures and surfaces read, see `cuprum::cuda::texture::CUDAarray`.
///
/// # Errors
/// As [`malloc`]; `CUDA_ERROR_INVALID_VALUE` for a bad shape or channel count.
pub fn malloc_array(
    device: usize,
    format: ArrayFormat,
    num_channels: u32,
    width: usize,
    height: usize,
    flags: u32,
) -> Result<sys::CUarray> {
    malloc_3d_array(device, format, num_channels, width, height, 0, flags)
}

/// A 3-D CUDA array (`cupy.cuda.runtime.malloc3DArray(desc, width, height, depth, flags)`,
/// `cuArray3DCreate_v2`); see [`malloc_array`].
///
/// # Errors
/// As [`malloc_array`].
pub fn malloc_3d_array(
    device: usize,
    format: ArrayFormat,
    num_channels: u32,
    width: usize,
    height: usize,
    depth: usize,
    flags: u32,
) -> Result<sys::CUarray> {
    bind("malloc_3d_array", device)?;
    let desc = sys::CUDA_ARRAY3D_DESCRIPTOR {
        Width: width,
        Height: height,
        Depth: depth,
        Format: format,
        NumChannels: num_channels,
        Flags: flags,
    };
    let mut a: sys::CUarray = std::ptr::null_mut();
    // SAFETY: `desc` is fully initialized; writes one array handle.
    call("cuArray3DCreate_v2", || unsafe {
        sys::cuArray3DCreate_v2(&mut a, &desc)
    })?;
    Ok(a)
}

/// Frees a CUDA array (`cupy.cuda.runtime.freeArray`, `cuArrayDestroy`).
///
/// # Safety
/// `array` must come from [`malloc_array`] / [`malloc_3d_array`], not freed yet, used by no
/// queued work.
///
/// # Errors
/// As [`malloc`].
pub unsafe fn free_array(device: usize, array: sys::CUarray) -> Result<()> {
    bind("free_array", device)?;
    // SAFETY: the caller's contract.
    call("cuArrayDestroy", || unsafe { sys::cuArrayDestroy(array) })
}

#[allow(clippy::too_many_arguments)]
pub(super) fn array_copy(
    to_array: bool,
    array: sys::CUarray,
    w_offset: usize,
    h_offset: usize,
    linear: u64,
    pitch: usize,
    width: usize,
    height: usize,
) -> sys::CUDA_MEMCPY2D {
    let (u, a) = (
        sys::CUmemorytype::CU_MEMORYTYPE_UNIFIED,
        sys::CUmemorytype::CU_MEMORYTYPE_ARRAY,
    );
    let null = std::ptr::null_mut();
    let at = (w_offset, h_offset);
    if to_array {
        memcpy2d(
            u,
            linear,
            null,
            pitch,
            (0, 0),
            a,
            0,
            array,
            0,
            at,
            width,
            height,
        )
    } else {
        memcpy2d(
            a,
            0,
            array,
            0,
            at,
            u,
            linear,
            null,
            pitch,
            (0, 0),
            width,
            height,
        )
    }
}

/// Copies `height` rows of `width` bytes from `src` (rows `spitch` bytes apart, host or device)
/// into `dst` at byte column `w_offset`, row `h_offset` and waits for it
/// (`cupy.cuda.runtime.memcpy2DToArray(dst, wOffset, hOffset, src, spitch, width, height,
/// kind)`, `cuMemcpy2D_v2`; the direction is inferred from `src`).
///
/// # Safety
/// `dst` must be a live CUDA array of device `device` containing the region; the source rows
/// must be readable.
///
/// # Errors
/// [`Error::BadArgument`] when `width` exceeds `spitch`; as [`malloc`] otherwise.
#[allow(clippy::too_many_arguments)]
pub unsafe fn memcpy_2d_to_array(
    device: usize,
    dst: sys::CUarray,
    w_offset: usize,
    h_offset: usize,
    src: u64,
    spitch: usize,
    width: usize,
    height: usize,
) -> Result<()> {
    check_pitch("memcpy_2d_to_array", spitch, spitch, width)?;
    bind("memcpy_2d_to_array", device)?;
    let mut p = array_copy(true, dst, w_offset, h_offset, src, spitch, width, height);
    host_ends(&mut p)?;
    // SAFETY: the caller's contract on the array and the source rows.
    call("cuMemcpy2D_v2", || unsafe { sys::cuMemcpy2D_v2(&p) })
}

/// [`memcpy_2d_to_array`] in the order of `stream` (`cupy.cuda.runtime.memcpy2DToArrayAsync`,
/// `cuMemcpy2DAsync_v2`).
///
/// # Safety
/// As [`memcpy_2d_to_array`], until the copy is done in stream order.
///
/// # Errors
/// As [`memcpy_2d_to_array`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn memcpy_2d_to_array_async(
    dst: sys::CUarray,
    w_offset: usize,
    h_offset: usize,
    src: u64,
    spitch: usize,
    width: usize,
    height: usize,
    stream: &Stream,
) -> Result<()> {
    check_pitch("memcpy_2d_to_array_async", spitch, spitch, width)?;
    bind("memcpy_2d_to_array_async", stream.ordinal())?;
    let mut p = array_copy(true, dst, w_offset, h_offset, src, spitch, width, height);
    host_ends(&mut p)?;
    // SAFETY: the caller's contract; the stream belongs to the current context.
    call("cuMemcpy2DAsync_v2", || unsafe {
        sys::cuMemcpy2DAsync_v2(&p, stream.raw())
    })
}

/// Copies `height` rows of `width` bytes of `src` from byte column `w_offset`, row `h_offset`
/// to `dst` (rows `dpitch` bytes apart, host or device) and waits for it
/// (`cupy.cuda.runtime.memcpy2DFromArray(dst, dpitch, src, wOffset, hOffset, width, height,
/// kind)`, `cuMemcpy2D_v2`).
///
/// # Safety
/// `src` must be a live CUDA array of device `device` containing the region; the destination
/// rows must be writable.
///
/// # Errors
/// [`Error::BadArgument`] when `width` exceeds `dpitch`; as [`malloc`] otherwise.
#[allow(clippy::too_many_arguments)]
pub unsafe fn memcpy_2d_from_array(
    device: usize,
    dst: u64,
    dpitch: usize,
    src: sys::CUarray,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
) -> Result<()> {
    check_pitch("memcpy_2d_from_array", dpitch, dpitch, width)?;
    bind("memcpy_2d_from_array", device)?;
    let mut p = array_copy(false, src, w_offset, h_offset, dst, dpitch, width, height);
    host_ends(&mut p)?;
    // SAFETY: the caller's contract on the array and the destination rows.
    call("cuMemcpy2D_v2", || unsafe { sys::cuMemcpy2D_v2(&p) })
}

/// [`memcpy_2d_from_array`] in the order of `stream`
/// (`cupy.cuda.runtime.memcpy2DFromArrayAsync`, `cuMemcpy2DAsync_v2`).
///
/// # Safety
/// As [`memcpy_2d_from_array`], until the copy is done in stream order.
///
/// # Errors
/// As [`memcpy_2d_from_array`].
#[allow(clippy::too_many_arguments)]
pub unsafe fn memcpy_2d_from_array_async(
    dst: u64,
    dpitch: usize,
    src: sys::CUarray,
    w_offset: usize,
    h_offset: usize,
    width: usize,
    height: usize,
    stream: &Stream,
) -> Result<()> {
    check_pitch("memcpy_2d_from_array_async", dpitch, dpitch, width)?;
    bind("memcpy_2d_from_array_async", stream.ordinal())?;
    let mut p = array_copy(false, src, w_offset, h_offset, dst, dpitch, width, height);
    host_ends(&mut p)?;
    // SAFETY: the caller's contract; the stream belongs to the current context.
    call("cuMemcpy2DAsync_v2", || unsafe {
        sys::cuMemcpy2DAsync_v2(&p, stream.raw())
    })
}
