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
        Case {
            suite: "memory",
            name: "alloc+free x1000 (host time)".into(),
            shape: "1 MiB, warm pool".into(),
            work: Work::None,
            timing: Timing::Host,
            repeat: 200,
            cpu_ok: false,
            build: Box::new(|d| {
                let i = cuda_ordinal(d)?;
                cuprum::memory::install();
                drop(cuprum::cuda::alloc(i, 1 << 20)?);
                Ok(Box::new(move || {
                    for _ in 0..1000 {
                        drop(cuprum::cuda::alloc(i, 1 << 20)?);
                    }
                    Ok(())
                }))
            }),
        },
        Case {
            suite: "memory",
            name: "pinned H2D".into(),
            shape: shape.clone(),
            work: Work::Bytes(b as f64),
            timing: Timing::Device,
            repeat: 10,
            cpu_ok: false,
            build: Box::new(move |d| {
                cuda_ordinal(d)?;
                let p = cuprum::memory::empty_pinned(&[b], DType::UInt8)?;
                Ok(Box::new(move || p.to_device(d).map(drop)))
            }),
        },
        Case {
            suite: "memory",
            name: "pinned D2H".into(),
            shape: shape.clone(),
            work: Work::Bytes(b as f64),
            timing: Timing::Device,
            repeat: 10,
            cpu_ok: false,
            build: Box::new(move |d| {
                let i = cuda_ordinal(d)?;
                let p = cuprum::memory::empty_pinned(&[b], DType::UInt8)?;
                let g = Array::empty_on(&[b], DType::UInt8, d)?;
                let s = cuprum::cuda::get_current_stream(i)?;
                Ok(Box::new(move || {
                    cuprum::memory::copy_to_host_async(&g, &p, &s)?;
                    Ok(s.synchronize()?)
                }))
            }),
        },
        Case {
            suite: "memory",
            name: "pageable H2D".into(),
            shape: shape.clone(),
            work: Work::Bytes(b as f64),
            timing: Timing::Device,
            repeat: 10,
            cpu_ok: false,
            build: Box::new(move |d| {
                cuda_ordinal(d)?;
                cuprum::memory::install();
                // on the host whatever the current device is (else the upload is a no-op)
                let h = Array::from_vec_on(vec![1u8; b], &[b], Device::Cpu)?;
                Ok(Box::new(move || h.to_device(d).map(drop)))
            }),
        },
        Case {
            suite: "memory",
            name: "pageable D2H".into(),
            shape,
            work: Work::Bytes(b as f64),
            timing: Timing::Device,
            repeat: 5,
            cpu_ok: false,
            build: Box::new(move |d| {
                cuda_ordinal(d)?;
                let g = Array::empty_on(&[b], DType::UInt8, d)?;
                Ok(Box::new(move || g.to_device(Device::Cpu).map(drop)))
            }),
        },
    ]
}
