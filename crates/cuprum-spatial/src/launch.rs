//! Pieces shared by the launches of the NVRTC kernels (`kernels/spatial/*.cu`): device
//! pointers, the CUDA ordinal of a device, and the k-nearest searches' Minkowski mode,
//! bound and output arrays.

use cuprum_core::{Array, DType, Device, Error, Result, ext};

/// The address of `a`'s first element on its CUDA device (its storage plus its offset).
pub(crate) fn cuda_ptr(op: &'static str, a: &Array) -> Result<u64> {
    let s = a.storage().as_cuda().ok_or_else(|| {
        Error::unsupported(op, "a kernel argument on the CPU: expected a CUDA array")
    })?;
    Ok(s.device_ptr() + (a.offset() * a.dtype().itemsize()) as u64)
}

/// The ordinal of a CUDA device; [`Error::Unsupported`] (naming `what`) for the CPU.
pub(crate) fn cuda_ordinal(op: &'static str, dev: Device, what: &str) -> Result<usize> {
    match dev {
        Device::Cuda(o) => Ok(o),
        other => Err(Error::unsupported(
            op,
            format!("{what} runs on CUDA devices, not {other:?}"),
        )),
    }
}

/// The k-nearest kernels' Minkowski mode for `p`: 0 for 2, 1 for 1, 2 for infinity, 3 for
/// any other `p` (the sums of `|x|^p`).
pub(crate) fn p_mode(p: f64) -> i64 {
    if p == 2.0 {
        0
    } else if p == 1.0 {
        1
    } else if p.is_infinite() {
        2
    } else {
        3
    }
}

/// The distance bound in the accumulated form of mode `pmode` (squared for 2, `bound^p` for
/// mode 3); NaN bounds nothing in.
pub(crate) fn bound_acc(pmode: i64, bound: f64, p: f64) -> f64 {
    match pmode {
        _ if bound.is_nan() => f64::NEG_INFINITY,
        0 => bound * bound,
        3 => bound.powf(p),
        _ => bound,
    }
}

/// The uninitialized outputs of a k-nearest search of `q` points: distances float64 and
/// indices int64, both `(q, k)`, on `dev`.
pub(crate) fn knn_outputs(q: usize, k: usize, dev: Device) -> Result<(Array, Array)> {
    Ok((
        ext::empty_for_overwrite(&[q, k], DType::Float64, dev)?,
        ext::empty_for_overwrite(&[q, k], DType::Int64, dev)?,
    ))
}

/// One kernel argument, passed by the address of its 8 bytes: a device pointer, an int64 or
/// a double.
pub(crate) enum Arg {
    /// a device address (`const double *` and the like)
    P(u64),
    /// an int64
    I(i64),
    /// a double
    F(f64),
}

/// The addresses of `args`' values, in order, as `nvrtc::launch` takes them (valid while
/// `args` lives and is not moved).
pub(crate) fn arg_ptrs(args: &mut [Arg]) -> Vec<*mut std::ffi::c_void> {
    args.iter_mut()
        .map(|a| match a {
            Arg::P(p) => p as *mut u64 as *mut std::ffi::c_void,
            Arg::I(n) => n as *mut i64 as *mut std::ffi::c_void,
            Arg::F(x) => x as *mut f64 as *mut std::ffi::c_void,
        })
        .collect()
}
