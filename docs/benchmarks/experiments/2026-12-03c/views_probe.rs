//! probe (session 20): strided copy/assign against contiguous copy, CPU.
#![allow(clippy::reversed_empty_ranges)]
use cuprum::{DType, Device, Result};
fn med(mut v: Vec<f64>) -> f64 { v.sort_by(|a, b| a.partial_cmp(b).unwrap()); v[v.len() / 2] }
fn main() -> Result<()> {
    let m = 2048usize;
    let mut g = cuprum::random::Generator::new(0);
    let a2 = g.random_on(&[m, m], DType::Float32, Device::Cpu)?;
    let b2 = g.random_on(&[m, m], DType::Float32, Device::Cpu)?;
    let ap = g.random_on(&[m + 2, m + 2], DType::Float32, Device::Cpu)?;
    let bp = g.random_on(&[m + 2, m + 2], DType::Float32, Device::Cpu)?;
    let av = ap.slice(cuprum::s![1..-1, 1..-1])?;
    let bv = bp.slice(cuprum::s![1..-1, 1..-1])?;
    let e = (m * m) as f64;
    let reps = 40;
    let mut t = vec![Vec::new(); 5];
    for _ in 0..reps {
        let s = std::time::Instant::now(); drop(a2.copy()?); t[0].push(s.elapsed().as_secs_f64());
        let s = std::time::Instant::now(); drop(av.copy()?); t[1].push(s.elapsed().as_secs_f64());
        let s = std::time::Instant::now(); bv.assign(&av)?; t[2].push(s.elapsed().as_secs_f64());
        let s = std::time::Instant::now(); drop(cuprum::add(&a2, &b2)?); t[3].push(s.elapsed().as_secs_f64());
        let s = std::time::Instant::now(); drop(cuprum::add(&av, &bv)?); t[4].push(s.elapsed().as_secs_f64());
    }
    let names = ["copy contig", "copy strided", "assign strided", "add contig", "add strided"];
    let bytes = [8.0, 8.0, 8.0, 12.0, 12.0];
    let c0 = 8.0 * e / med(t[0].clone()) / 1e9;
    for k in 0..5 {
        let md = med(t[k].clone());
        let gbs = bytes[k] * e / md / 1e9;
        println!("{:16} {:8.1} us {:6.1} GB/s  {:4.0}% of copy contig", names[k], md * 1e6, gbs, gbs / c0 * 100.0);
    }
    Ok(())
}
