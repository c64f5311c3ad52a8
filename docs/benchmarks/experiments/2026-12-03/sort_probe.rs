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
