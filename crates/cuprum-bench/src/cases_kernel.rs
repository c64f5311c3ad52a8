//! The `kernel` suite: user kernels (issue 18's targets). The tutorial's `ElementwiseKernel`
//! (`z = x + y * 2`, float32), the same expression written with ufuncs, a `ReductionKernel`
//! L2 norm, and the host time of a call whose kernel is already compiled.

use crate::cases::{Case, Sizes, Timing, Work};
use cuprum::kernel::args;
use cuprum::reduce::Axes;
use cuprum::{Array, DType, Device, ElementwiseKernel, ReductionKernel, Result};

fn rand(n: usize, d: Device) -> Result<Array> {
    let mut g = cuprum::random::Generator::new(0);
    g.random_on(&[n], DType::Float32, d)
}

fn add_mul() -> Result<ElementwiseKernel> {
    Ok(ElementwiseKernel::new(
        "float32 x, float32 y",
        "float32 z",
        "z = x + y * 2;",
        "add_mul_kernel",
    )?)
}

fn l2norm() -> Result<ReductionKernel> {
    Ok(ReductionKernel::new(
        "T x",
        "T y",
        "x * x",
        "a + b",
        "y = sqrt(a)",
        "0",
        "l2norm",
    )?)
}

pub fn kernel(s: Sizes) -> Vec<Case> {
    let n = s.elems;
    vec![
        Case {
            suite: "kernel",
            name: "ElementwiseKernel add_mul".into(),
            shape: format!("{n} float32"),
            work: Work::Bytes(12.0 * n as f64),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let (x, y) = (rand(n, d)?, rand(n, d)?);
                let k = add_mul()?;
                Ok(Box::new(move || {
                    k.call_one(args![&x, &y])?;
                    Ok(())
                }))
            }),
        },
        Case {
            suite: "kernel",
            name: "ufuncs x + y * 2".into(),
            shape: format!("{n} float32"),
            // two passes: y * 2 (8 bytes an element), then x + t (12)
            work: Work::Bytes(20.0 * n as f64),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let (x, y) = (rand(n, d)?, rand(n, d)?);
                Ok(Box::new(move || {
                    cuprum::add(&x, &cuprum::multiply(&y, 2.0f32)?).map(drop)
                }))
            }),
        },
        Case {
            suite: "kernel",
            name: "ReductionKernel l2norm".into(),
            shape: format!("{n} float32"),
            work: Work::Bytes(4.0 * n as f64),
            timing: Timing::Device,
            repeat: 20,
            cpu_ok: true,
            build: Box::new(move |d| {
                let x = rand(n, d)?;
                let k = l2norm()?;
                Ok(Box::new(move || {
                    k.call(args![&x], Axes::All, false)?;
                    Ok(())
                }))
            }),
        },
        Case {
            suite: "kernel",
            name: "ElementwiseKernel cached call (host time)".into(),
            shape: "1024 float32".into(),
            work: Work::None,
            timing: Timing::Host,
            repeat: 2000,
            cpu_ok: true,
            build: Box::new(move |d| {
                let (x, y) = (rand(1024, d)?, rand(1024, d)?);
                let k = add_mul()?;
                k.call_one(args![&x, &y])?; // compile once
                Ok(Box::new(move || {
                    k.call_one(args![&x, &y])?;
                    Ok(())
                }))
            }),
        },
        Case {
            suite: "kernel",
            name: "ReductionKernel cached call (host time)".into(),
            shape: "1024 float32".into(),
            work: Work::None,
            timing: Timing::Host,
            repeat: 2000,
            cpu_ok: true,
            build: Box::new(move |d| {
                let x = rand(1024, d)?;
                let k = l2norm()?;
                k.call(args![&x], Axes::All, false)?;
                Ok(Box::new(move || {
                    k.call(args![&x], Axes::All, false)?;
                    Ok(())
                }))
            }),
        },
    ]
}
