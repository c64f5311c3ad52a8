//! probe: fixed cost of a small add of views (not committed)
use cuprum::{s, Array, DType, Device};
fn main() -> cuprum::Result<()> {
    let a = cuprum::random::Generator::new(0).random_on(&[32, 32], DType::Float32, Device::Cpu)?;
    let b = a.copy()?;
    #[allow(clippy::reversed_empty_ranges)]
    let (a, b) = (a.slice(s![1..-1, 1..-1])?, b.slice(s![1..-1, 1..-1])?);
    let n: usize = std::env::args().nth(1).map_or(2_000_000, |x| x.parse().unwrap());
    for round in 0..5 {
        let t = std::time::Instant::now();
        for _ in 0..n { drop(cuprum::add(&a, &b)?); }
        println!("round {round}: {:.3} us", t.elapsed().as_secs_f64() / n as f64 * 1e6);
    }
    let _: Option<Array> = None;
    Ok(())
}
