//! Every shared-memory kernel family of core on each CUDA device, checked exactly against the
//! CPU backend: the reductions (all axes, one axis of either stride, several axes), the scans,
//! the radix sorts (sort and argsort, one lane over several tiles and many lanes), `unique`, and
//! the transposing copies.
//!
//! The unit tests cover the same kernels over every dtype and many shapes; this one loads a few
//! modules (float32, int64, complex64) on inputs that still span several blocks and tiles, so it
//! is also the run for `compute-sanitizer --tool racecheck` (issue 22 item 8), which instruments
//! every module a process loads: `compute-sanitizer --tool racecheck .gpu/bin/shared_memory_kernels`.
//! Values are small integers, so every result is exact on both devices. The sort algorithm is
//! the process's (`CUPRUM_SORT_ALGO=lsd` for the LSD sort). Without a CUDA device there is
//! nothing to compare and the test returns.

use cuprum_core::{Array, Complex64, DType, Device, Result};

/// `shape`'s elements drawn from {-8, ..., 8} (a fixed LCG), as `dtype`, on the CPU.
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

/// Records a mismatch of shape, dtype or any value (compared as complex128, exactly).
fn same(what: &str, gpu: &Array, cpu: &Array, bad: &mut Vec<String>) -> Result<()> {
    let g = gpu.to_device(Device::Cpu)?;
    let ok = g.shape() == cpu.shape()
        && g.dtype() == cpu.dtype()
        && g.astype(DType::Complex128)?.to_vec::<Complex64>()?
            == cpu.astype(DType::Complex128)?.to_vec::<Complex64>()?;
    if !ok {
        bad.push(format!(
            "{what}: {:?} {} vs the CPU's {:?} {}",
            g.shape(),
            g.dtype(),
            cpu.shape(),
            cpu.dtype()
        ));
    }
    Ok(())
}

fn check(dev: Device, bad: &mut Vec<String>) -> Result<usize> {
    let mut checks = 0;
    let shapes: [&[usize]; 4] = [&[1 << 18], &[37, 129], &[4096, 8], &[3, 5, 70]];
    for (k, dtype) in [DType::Float32, DType::Int64, DType::Complex64]
        .into_iter()
        .enumerate()
    {
        for (si, &shape) in shapes.iter().enumerate() {
            let c = data(shape, dtype, (k * 10 + si) as u64)?;
            let g = c.to_device(dev)?;
            let tag = format!("{dev} {dtype} {shape:?}");
            let mut axes: Vec<Option<isize>> = vec![None];
            axes.extend((0..shape.len() as isize).map(Some));
            for ax in axes {
                let t = format!("{tag} axis {ax:?}");
                same(
                    &format!("sum {t}"),
                    &g.sum(ax, false)?,
                    &c.sum(ax, false)?,
                    bad,
                )?;
                same(&format!("cumsum {t}"), &g.cumsum(ax)?, &c.cumsum(ax)?, bad)?;
                checks += 2;
                if dtype != DType::Complex64 {
                    same(
                        &format!("max {t}"),
                        &g.max(ax, false)?,
                        &c.max(ax, false)?,
                        bad,
                    )?;
                    same(
                        &format!("argmax {t}"),
                        &g.argmax(ax, false)?,
                        &c.argmax(ax, false)?,
                        bad,
                    )?;
                    checks += 2;
                }
            }
            if shape.len() == 3 {
                same(
                    &format!("sum {tag} axes [0, 2]"),
                    &g.sum(vec![0, 2], false)?,
                    &c.sum(vec![0, 2], false)?,
                    bad,
                )?;
                checks += 1;
            }
            if dtype != DType::Complex64 {
                let ax = Some(-1);
                use cuprum_core::sort::{argsort, sort, unique};
                same(&format!("sort {tag}"), &sort(&g, ax)?, &sort(&c, ax)?, bad)?;
                same(
                    &format!("argsort {tag}"),
                    &argsort(&g, ax)?,
                    &argsort(&c, ax)?,
                    bad,
                )?;
                same(&format!("unique {tag}"), &unique(&g)?, &unique(&c)?, bad)?;
                checks += 3;
            }
            let rev: Vec<isize> = (0..shape.len() as isize).rev().collect();
            same(
                &format!("permute {tag}"),
                &g.permute_dims(&rev)?.copy()?,
                &c.permute_dims(&rev)?.copy()?,
                bad,
            )?;
            checks += 1;
        }
    }
    Ok(checks)
}

#[test]
fn shared_memory_kernels_match_the_cpu() {
    let mut bad = vec![];
    for i in 0..cuprum_core::cuda_device_count() {
        // 12 axis cases of each dtype (4 checks each for the real dtypes, 2 for complex64),
        // a multi-axis sum of each, 3 sort checks of each real-dtype input, 12 permutes
        let checks = check(Device::Cuda(i), &mut bad).unwrap();
        assert_eq!(checks, 48 * 2 + 24 + 3 + 24 + 12, "checks on cuda:{i}");
    }
    assert!(
        bad.is_empty(),
        "GPU results differ from the CPU's:\n{}",
        bad.join("\n")
    );
}
