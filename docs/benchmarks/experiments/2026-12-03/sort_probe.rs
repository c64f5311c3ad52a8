//! probe (session 18, not in the workspace; built as crates/cuprum/examples/zz_sort_probe.rs): the bench's sort inputs (float32/float64 uniforms made in
//! their dtype, int32/int64 over the whole range), GPU time of a sort, medians of 30 calls.
use cuprum::{DType, Device};
fn main() -> cuprum::Result<()> {
    let d = Device::Cuda(0);
    let n = 1usize << 24;
    let which = std::env::args().nth(1).unwrap_or_default();
    for dt in [DType::Float32, DType::Float64, DType::Int32, DType::Int64] {
        if !which.is_empty() && !format!("{dt}").contains(&which) {
            continue;
        }
        let mut g = cuprum::random::Generator::new(if dt.is_integer() { 7 } else { 0 });
        let a = match dt {
            DType::Int32 => g.integers_on(i32::MIN as i64, i32::MAX as i64, &[n], dt, d)?,
            DType::Int64 => g.integers_on(i64::MIN, i64::MAX, &[n], dt, d)?,
            _ => g.random_on(&[n], dt, d)?,
        };
        // correctness on this input and on one with NaNs and zeros of both signs: the GPU's
        // sort and argsort against the CPU's, bit for bit
        let cpu = a.to_device(Device::Cpu)?;
        let mixed = if dt.is_integer() {
            cpu.clone()
        } else {
            let v = cuprum::where_(&cuprum::less(&cpu, 0.1)?, f64::NAN, &cpu)?;
            let v = cuprum::where_(&cuprum::greater(&v, 0.9)?, -0.0, &v)?;
            cuprum::where_(&cuprum::less(&v, 0.5)?, &cuprum::negative(&v)?, &v)?
        };
        for (what, h) in [("input", &cpu), ("with NaNs, -0.0", &mixed)] {
            let g = h.to_device(d)?;
            let ok_s = cuprum::sort::sort(&g, Some(-1))?.to_bytes()?
                == cuprum::sort::sort(h, Some(-1))?.to_bytes()?;
            let ok_a = cuprum::sort::argsort(&g, Some(-1))?.to_bytes()?
                == cuprum::sort::argsort(h, Some(-1))?.to_bytes()?;
            println!(
                "check {dt} {what}: sort {} argsort {}",
                if ok_s { "same" } else { "DIFFERENT" },
                if ok_a { "same" } else { "DIFFERENT" }
            );
        }
        for arg in [false, true] {
            let r = cuprum::profiler::benchmark(
                "s",
                d,
                || {
                    if arg {
                        cuprum::sort::argsort(&a, Some(-1)).map(drop)
                    } else {
                        cuprum::sort::sort(&a, Some(-1)).map(drop)
                    }
                },
                3,
                30,
            )?;
            let med = |v: &[f64]| {
                let mut v = v.to_vec();
                v.sort_by(|x, y| x.partial_cmp(y).unwrap());
                v[v.len() / 2] * 1e6
            };
            println!(
                "{} {dt}: gpu {:.1} us  host {:.1} us",
                if arg { "argsort" } else { "sort" },
                med(&r.gpu_times),
                med(&r.cpu_times)
            );
        }
    }
    Ok(())
}
