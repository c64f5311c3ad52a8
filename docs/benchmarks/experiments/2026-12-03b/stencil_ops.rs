//! probe (session 19, not committed as an example): the 2048² stencil step written with the
//! named functions (every temporary alive until the step ends) against the operator form
//! (temporaries passed by value: elision), alternated; medians.
#![allow(clippy::reversed_empty_ranges)]
use cuprum::{Array, DType, Device, Result, s};

fn step_named(u: &Array, alpha: f64) -> Result<()> {
    let c = u.slice(s![1..-1, 1..-1])?;
    let n = cuprum::add(&u.slice(s![2.., 1..-1])?, &u.slice(s![..-2, 1..-1])?)?;
    let n = cuprum::add(&n, &u.slice(s![1..-1, 2..])?)?;
    let n = cuprum::add(&n, &u.slice(s![1..-1, ..-2])?)?;
    let lap = cuprum::subtract(&n, &cuprum::multiply(4.0, &c)?)?;
    let r = cuprum::add(&c, &cuprum::multiply(alpha, &lap)?)?;
    c.assign(&r)
}

fn step_ops(u: &Array, alpha: f64) -> Result<()> {
    let c = u.slice(s![1..-1, 1..-1])?;
    let r = &c
        + alpha
            * (&u.slice(s![2.., 1..-1])? + &u.slice(s![..-2, 1..-1])? + &u.slice(s![1..-1, 2..])?
                + &u.slice(s![1..-1, ..-2])?
                - 4.0 * &c);
    c.assign(&r)
}

fn main() -> Result<()> {
    let m: usize = std::env::args().nth(1).map_or(2048, |x| x.parse().unwrap());
    let dt = if std::env::args().nth(2).as_deref() == Some("f64") { DType::Float64 } else { DType::Float32 };
    let u = cuprum::random::Generator::new(0).random_on(&[m, m], dt, Device::Cpu)?;
    let v = u.copy()?;
    for _ in 0..3 {
        step_named(&u, 0.1)?;
        step_ops(&v, 0.1)?;
    }
    let reps = if m >= 2048 { 20 } else { 200 };
    let mut res: Vec<(&str, Vec<f64>)> = vec![("named", vec![]), ("operators", vec![])];
    for _ in 0..6 {
        for (k, r) in res.iter_mut().enumerate() {
            for _ in 0..reps {
                let t = std::time::Instant::now();
                if k == 0 { step_named(&u, 0.1)? } else { step_ops(&v, 0.1)? }
                r.1.push(t.elapsed().as_secs_f64() * 1e3);
            }
        }
    }
    assert_eq!(u.to_bytes()?, v.to_bytes()?, "the two forms must agree bit for bit");
    for (name, mut v) in res {
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!("{m}x{m} {dt} {name:10} median {:.3} ms  p10 {:.3}  p90 {:.3}", v[v.len() / 2], v[v.len() / 10], v[v.len() * 9 / 10]);
    }
    Ok(())
}
