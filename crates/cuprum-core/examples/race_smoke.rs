//! A small run of every shared-memory kernel family of core on `cuda:0` — the reductions (all
//! axes, one axis of either stride, several axes), the scans, the radix sorts (sort and argsort,
//! one lane over several tiles and many lanes), `unique`, and the transposing copies — each
//! checked against the CPU, for `compute-sanitizer --tool racecheck` (issue 22 item 8).
//!
//! The unit tests cover the same kernels over every dtype and many shapes; under racecheck
//! every module they load is instrumented, and they do not finish in the device time a session
//! has. This program loads a few modules (float32, int64, complex64) on inputs that still span
//! several blocks and tiles. Values are small integers, so every result is exact on both
//! devices. The sort algorithm is the process's (`CUPRUM_SORT_ALGO=lsd` for the LSD sort).
//!
//! `compute-sanitizer --tool racecheck target/release/examples/race_smoke`; exits 1 on a
//! mismatch. Without a CUDA device it compares the CPU with itself.

use cuprum_core::{Array, DType, Device, Result};

fn data(shape: &[usize], dtype: DType, seed: u64) -> Result<Array> {
    let n: usize = shape.iter().product();
    let mut s = seed;
    let v: Vec<f64> = (0..n)
        .map(|_| {
            s = s
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((s >> 33) % 17) as f64 - 8.0
        })
        .collect();
    Array::from_vec_on(v, shape, Device::Cpu)?.astype(dtype)
}

fn same(what: &str, gpu: &Array, cpu: &Array, bad: &mut usize) -> Result<()> {
    let g = gpu.to_device(Device::Cpu)?;
    let ok = g.shape() == cpu.shape()
        && g.dtype() == cpu.dtype()
        && g.astype(DType::Complex128)?
            .to_vec::<cuprum_core::Complex64>()?
            == cpu
                .astype(DType::Complex128)?
                .to_vec::<cuprum_core::Complex64>()?;
    if !ok {
        *bad += 1;
        println!(
            "MISMATCH {what}: shape {:?} vs {:?}",
            g.shape(),
            cpu.shape()
        );
    }
    Ok(())
}

fn main() -> Result<()> {
    // without a CUDA device the CPU is compared with itself (the program's own paths run)
    let dev = if cuprum_core::cuda_device_count() > 0 {
        Device::Cuda(0)
    } else {
        Device::Cpu
    };
    let mut bad = 0usize;
    let mut checks = 0usize;
    let shapes: [&[usize]; 4] = [&[1 << 18], &[37, 129], &[4096, 8], &[3, 5, 70]];
    for (k, dtype) in [DType::Float32, DType::Int64, DType::Complex64]
        .into_iter()
        .enumerate()
    {
        for (si, &shape) in shapes.iter().enumerate() {
            let c = data(shape, dtype, (k * 10 + si) as u64)?;
            let g = c.to_device(dev)?;
            let tag = format!("{dtype} {shape:?}");
            let mut axes: Vec<Option<isize>> = vec![None];
            axes.extend((0..shape.len() as isize).map(Some));
            for ax in axes {
                same(
                    &format!("sum {tag} axis {ax:?}"),
                    &g.sum(ax, false)?,
                    &c.sum(ax, false)?,
                    &mut bad,
                )?;
                same(
                    &format!("cumsum {tag} axis {ax:?}"),
                    &g.cumsum(ax)?,
                    &c.cumsum(ax)?,
                    &mut bad,
                )?;
                checks += 2;
                if dtype != DType::Complex64 {
                    same(
                        &format!("max {tag} axis {ax:?}"),
                        &g.max(ax, false)?,
                        &c.max(ax, false)?,
                        &mut bad,
                    )?;
                    same(
                        &format!("argmax {tag} axis {ax:?}"),
                        &g.argmax(ax, false)?,
                        &c.argmax(ax, false)?,
                        &mut bad,
                    )?;
                    checks += 2;
                }
            }
            if shape.len() == 3 {
                same(
                    &format!("sum {tag} axes [0, 2]"),
                    &g.sum(vec![0, 2], false)?,
                    &c.sum(vec![0, 2], false)?,
                    &mut bad,
                )?;
                checks += 1;
            }
            if dtype != DType::Complex64 {
                let ax = Some(-1);
                same(
                    &format!("sort {tag}"),
                    &cuprum_core::sort::sort(&g, ax)?,
                    &cuprum_core::sort::sort(&c, ax)?,
                    &mut bad,
                )?;
                same(
                    &format!("argsort {tag}"),
                    &cuprum_core::sort::argsort(&g, ax)?,
                    &cuprum_core::sort::argsort(&c, ax)?,
                    &mut bad,
                )?;
                same(
                    &format!("unique {tag}"),
                    &cuprum_core::sort::unique(&g)?,
                    &cuprum_core::sort::unique(&c)?,
                    &mut bad,
                )?;
                checks += 3;
            }
            let rev: Vec<isize> = (0..shape.len() as isize).rev().collect();
            same(
                &format!("permute {tag}"),
                &g.permute_dims(&rev)?.copy()?,
                &c.permute_dims(&rev)?.copy()?,
                &mut bad,
            )?;
            checks += 1;
        }
    }
    println!("race_smoke: {checks} checks on {dev}, {bad} mismatches");
    if bad > 0 {
        std::process::exit(1);
    }
    Ok(())
}
