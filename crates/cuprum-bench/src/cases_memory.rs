//! The memory suite: the pool's host-side fast path and host↔device transfer rates
//! (`cargo xtask bench --suite memory`). The rows are GPU-only (`cpu_ok: false`); the names
//! match `compare.py`'s CuPy rows.

use crate::cases::{Case, Sizes, Timing, Work};
use cuprum::{Array, DType, Device, Error, Result};

/// Bytes moved by the transfer rows: 1 GiB at full size, 64 MiB for `--size quick`.
fn transfer_bytes(s: Sizes) -> usize {
    if s.elems >= 1 << 27 {
        1 << 30
    } else {
        64 << 20
    }
}

fn cuda_ordinal(d: Device) -> Result<usize> {
    match d {
        Device::Cuda(i) => Ok(i),
        _ => Err(Error::bad_argument(
            "cuprum-bench memory",
            "device",
            d,
            "a CUDA device (the memory rows run on CUDA devices only)",
        )),
    }
}

pub fn memory(s: Sizes) -> Vec<Case> {
    let b = transfer_bytes(s);
    let shape = format!("{b} bytes");
    vec![
        Case::new(
            "memory",
            "alloc+free x1000 (host time)",
            "1 MiB, warm pool",
            Work::None,
            |d| {
                let i = cuda_ordinal(d)?;
                cuprum::memory::install();
                drop(cuprum::cuda::alloc(i, 1 << 20)?);
                Ok(Box::new(move || {
                    for _ in 0..1000 {
                        drop(cuprum::cuda::alloc(i, 1 << 20)?);
                    }
                    Ok(())
                }))
            },
        )
        .timing(Timing::Host)
        .repeat(200)
        .cpu_ok(false),
        Case::new(
            "memory",
            "pinned H2D",
            shape.clone(),
            Work::Bytes(b as f64),
            move |d| {
                cuda_ordinal(d)?;
                let p = cuprum::memory::empty_pinned(&[b], DType::UInt8)?;
                Ok(Box::new(move || p.to_device(d).map(drop)))
            },
        )
        .repeat(10)
        .cpu_ok(false),
        Case::new(
            "memory",
            "pinned D2H",
            shape.clone(),
            Work::Bytes(b as f64),
            move |d| {
                let i = cuda_ordinal(d)?;
                let p = cuprum::memory::empty_pinned(&[b], DType::UInt8)?;
                let g = Array::empty_on(&[b], DType::UInt8, d)?;
                let s = cuprum::cuda::get_current_stream(i)?;
                Ok(Box::new(move || {
                    cuprum::memory::copy_to_host_async(&g, &p, &s)?;
                    Ok(s.synchronize()?)
                }))
            },
        )
        .repeat(10)
        .cpu_ok(false),
        Case::new(
            "memory",
            "pageable H2D",
            shape.clone(),
            Work::Bytes(b as f64),
            move |d| {
                cuda_ordinal(d)?;
                cuprum::memory::install();
                // on the host whatever the current device is (else the upload is a no-op)
                let h = Array::from_vec_on(vec![1u8; b], &[b], Device::Cpu)?;
                Ok(Box::new(move || h.to_device(d).map(drop)))
            },
        )
        .repeat(10)
        .cpu_ok(false),
        Case::new(
            "memory",
            "pageable D2H",
            shape,
            Work::Bytes(b as f64),
            move |d| {
                cuda_ordinal(d)?;
                let g = Array::empty_on(&[b], DType::UInt8, d)?;
                Ok(Box::new(move || g.to_device(Device::Cpu).map(drop)))
            },
        )
        .repeat(5)
        .cpu_ok(false),
    ]
}
