//! probe (session 19): host cost of a small in-place add against a new-array add.
use cuprum::ops::{BinaryOp::*, binary_out};
use cuprum::{DType, Device, Result};
fn main() -> Result<()> {
    for m in [126usize, 510] {
        let mut g = cuprum::random::Generator::new(0);
        let t = g.random_on(&[m, m], DType::Float32, Device::Cpu)?;
        let x = g.random_on(&[m, m], DType::Float32, Device::Cpu)?;
        let o = g.random_on(&[m, m], DType::Float32, Device::Cpu)?;
        let reps = 20000 / (m / 126).pow(2);
        for round in 0..3 {
            let s = std::time::Instant::now();
            for _ in 0..reps { drop(cuprum::add(&t, &x)?); }
            let a = s.elapsed().as_secs_f64() / reps as f64 * 1e6;
            let s = std::time::Instant::now();
            for _ in 0..reps { binary_out(Add, &t, &x, &o)?; }
            let b = s.elapsed().as_secs_f64() / reps as f64 * 1e6;
            let s = std::time::Instant::now();
            for _ in 0..reps { binary_out(Add, &t, &x, &t)?; binary_out(Subtract, &t, &x, &t)?; }
            let c = s.elapsed().as_secs_f64() / reps as f64 * 1e6 / 2.0;
            let s = std::time::Instant::now();
            for _ in 0..reps { binary_out(Multiply, &t, 1.0, &t)?; }
            let d = s.elapsed().as_secs_f64() / reps as f64 * 1e6;
            println!("{m}² f32 round {round}: new {a:.2} us  out=other {b:.2} us  out=input {c:.2} us  scalar out=input {d:.2} us");
        }
    }
    Ok(())
}
