//! CUDA gather/scatter kernels for advanced indexing (`kernels/indexing.cu`).

use crate::cuda::nvrtc::{LaunchConfig, launch, static_function};
use crate::storage::Storage;
use crate::{Array, DType, Error, Result};
use std::ffi::c_void;
use std::sync::OnceLock;

const SRC: &str = include_str!("../../../../kernels/indexing.cu");

fn source() -> &'static str {
    static S: OnceLock<String> = OnceLock::new();
    S.get_or_init(|| format!("{}\n{}", crate::cuda::codegen::COMMON, SRC))
}

fn elem(dtype: DType) -> &'static str {
    match dtype.itemsize() {
        1 => "-DELEM=u8",
        2 => "-DELEM=u16",
        4 => "-DELEM=u32",
        8 => "-DELEM=u64",
        _ => "-DELEM=e16",
    }
}

fn run(
    op: &'static str,
    kernel: &str,
    ordinal: usize,
    opts: &[&str],
    mut a: u64,
    mut b: u64,
    pos: &Array,
) -> Result<()> {
    let mut n = pos.size() as u64;
    if n == 0 {
        return Ok(());
    }
    let mut p = pos
        .device_ptr()
        .ok_or_else(|| Error::unsupported(op, "positions must be on the device"))?;
    let f = static_function(ordinal, source(), kernel, opts)?;
    let mut cfg = LaunchConfig::for_num_elems(n, 256);
    cfg.grid.0 = cfg.grid.0.min(132 * 32);
    let mut args: [*mut c_void; 4] = [
        (&mut a as *mut u64).cast(),
        (&mut b as *mut u64).cast(),
        (&mut p as *mut u64).cast(),
        (&mut n as *mut u64).cast(),
    ];
    // SAFETY: arguments match (ELEM*, ELEM*, const long long*, unsigned long long n) of both
    // kernels; `pos` holds n int64 positions, each checked on the host to lie inside the
    // indexed buffer, and the value/destination buffers hold n elements (callers allocate
    // them with pos's shape); all buffers outlive the stream-ordered launch.
    unsafe { launch(&f, cfg, None, &mut args) }
}

/// CUDA [`super::prim::gather`].
pub fn gather(src: &Storage, dtype: DType, pos: &Array, dst: &Array) -> Result<()> {
    let (Storage::Cuda(s), Some(d)) = (src, dst.device_ptr()) else {
        return Err(Error::unsupported(
            "gather",
            "CUDA gather needs device buffers",
        ));
    };
    run(
        "gather",
        "cuprum_gather",
        s.ordinal(),
        &[elem(dtype), "-DACC=0"],
        s.device_ptr(),
        d,
        pos,
    )
}

/// CUDA [`super::prim::scatter`]; accumulation supports float32/64, complex64/128 and 32/64-bit
/// integers (atomics).
pub fn scatter(
    dst: &Storage,
    dtype: DType,
    pos: &Array,
    values: &Array,
    accumulate: bool,
) -> Result<()> {
    let (Storage::Cuda(s), Some(v)) = (dst, values.device_ptr()) else {
        return Err(Error::unsupported(
            "scatter",
            "CUDA scatter needs device buffers",
        ));
    };
    let acc = if !accumulate {
        "-DACC=0"
    } else {
        match dtype {
            DType::Float32 => "-DACC=1",
            DType::Float64 => "-DACC=2",
            DType::Int32 | DType::UInt32 => "-DACC=3",
            DType::Int64 | DType::UInt64 => "-DACC=4",
            DType::Complex64 => "-DACC=5",
            DType::Complex128 => "-DACC=6",
            d => {
                return Err(Error::DType {
                    op: "add.at",
                    dtype: d,
                    detail: ": no CUDA atomic add for this dtype".into(),
                });
            }
        }
    };
    run(
        "scatter",
        "cuprum_scatter",
        s.ordinal(),
        &[elem(dtype), acc],
        s.device_ptr(),
        v,
        pos,
    )
}
