//! probe (session 19, not committed as an example): does the bench's ceiling work (a 1 GiB copy
//! and 8192² GEMMs) slow the sort that follows it? Sort of 2^24 float32 (the bench's input),
//! GPU time, medians of 20, before and after the ceilings, then after pauses.
use cuprum::{Array, DType, Device};
fn med(v: &[f64]) -> f64 {
    let mut v = v.to_vec();
    v.sort_by(|x, y| x.partial_cmp(y).unwrap());
    v[v.len() / 2] * 1e6
}
fn sort_t(a: &Array, d: Device, what: &str) -> cuprum::Result<()> {
    let r = cuprum::profiler::benchmark("s", d, || cuprum::sort::sort(a, Some(-1)).map(drop), 3, 20)?;
    println!("{what:40} sort f32 gpu {:.1} us  host {:.1} us", med(&r.gpu_times), med(&r.cpu_times));
    Ok(())
}
fn main() -> cuprum::Result<()> {
    let d = Device::Cuda(0);
    let n = 1usize << 24;
    let dt = std::env::args().nth(1).map_or(DType::Float32, |s| if s == "f64" { DType::Float64 } else { DType::Float32 });
    let a = cuprum::random::Generator::new(0).random_on(&[n], dt, d)?;
    sort_t(&a, d, "fresh")?;
    sort_t(&a, d, "fresh again")?;
    // the bench's ceilings
    {
        let m = 1usize << 27;
        let x = Array::empty_on(&[m], DType::Float32, d)?;
        let y = Array::empty_on(&[m], DType::Float32, d)?;
        cuprum::profiler::benchmark("copy", d, || y.assign(&x), 3, 20)?;
    }
    sort_t(&a, d, "after the 1 GiB copies")?;
    let mut g = cuprum::random::Generator::new(3);
    for gdt in [DType::Float32, DType::Float64] {
        let x = g.random_on(&[8192, 8192], gdt, d)?;
        cuprum::profiler::benchmark("gemm", d, || cuprum::products::matmul(&x, &x).map(drop), 2, 5)?;
    }
    sort_t(&a, d, "after the gemms")?;
    sort_t(&a, d, "after the gemms, again")?;
    std::thread::sleep(std::time::Duration::from_secs(3));
    sort_t(&a, d, "3 s later")?;
    // the same input in a fresh allocation after the ceilings
    let b = a.copy()?;
    sort_t(&b, d, "a fresh copy of the input")?;
    std::thread::sleep(std::time::Duration::from_secs(10));
    sort_t(&a, d, "13 s later")?;
    Ok(())
}
