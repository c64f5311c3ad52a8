//! probe (session 17, not committed): host time vs GPU time of a 2^24 sort on CUDA
use cuprum::{DType, Device};
fn main() -> cuprum::Result<()> {
    let d = Device::Cuda(0);
    let n = 1usize << 24;
    for dt in [DType::Float32, DType::Float64, DType::Int32, DType::Int64] {
        let a = cuprum::random::Generator::new(0).random_on(&[n], DType::Float64, d)?;
        let a = if dt.is_integer() {
            cuprum::multiply(&a, 2.0e9)?.astype(dt)?
        } else {
            a.astype(dt)?
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
            // ten back to back between two events: host gaps hidden behind earlier work
            let r10 = cuprum::profiler::benchmark(
                "s10",
                d,
                || {
                    for _ in 0..10 {
                        if arg {
                            cuprum::sort::argsort(&a, Some(-1)).map(drop)?;
                        } else {
                            cuprum::sort::sort(&a, Some(-1)).map(drop)?;
                        }
                    }
                    Ok(())
                },
                1,
                10,
            )?;
            println!(
                "{} {dt}: gpu {:.1} us  host {:.1} us  | 10 back to back: gpu {:.1} us a sort, host {:.1} us a sort",
                if arg { "argsort" } else { "sort" },
                med(&r.gpu_times),
                med(&r.cpu_times),
                med(&r10.gpu_times) / 10.0,
                med(&r10.cpu_times) / 10.0
            );
        }
    }
    Ok(())
}
