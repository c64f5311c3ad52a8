//! probe (session 18, not committed): the 2048² float32 stencil step, new temporaries vs a
//! NumPy-like working set (two buffers written with `out`), alternated.
#![allow(clippy::reversed_empty_ranges)]
use cuprum::ops::{BinaryOp::*, binary_out};
use cuprum::{Array, DType, Device, Result, s};

fn step_new(u: &Array, alpha: f64) -> Result<()> {
    let c = u.slice(s![1..-1, 1..-1])?;
    let n = cuprum::add(&u.slice(s![2.., 1..-1])?, &u.slice(s![..-2, 1..-1])?)?;
    let n = cuprum::add(&n, &u.slice(s![1..-1, 2..])?)?;
    let n = cuprum::add(&n, &u.slice(s![1..-1, ..-2])?)?;
    let lap = cuprum::subtract(&n, &cuprum::multiply(4.0, &c)?)?;
    let r = cuprum::add(&c, &cuprum::multiply(alpha, &lap)?)?;
    c.assign(&r)
}

// NumPy's elision: t1 = a + b; t1 += c; t1 += d; t2 = 4 * c; t1 -= t2; t1 *= alpha; t1 += c
fn step_inplace(u: &Array, alpha: f64) -> Result<()> {
    let c = u.slice(s![1..-1, 1..-1])?;
    let t1 = cuprum::add(&u.slice(s![2.., 1..-1])?, &u.slice(s![..-2, 1..-1])?)?;
    binary_out(Add, &t1, &u.slice(s![1..-1, 2..])?, &t1)?;
    binary_out(Add, &t1, &u.slice(s![1..-1, ..-2])?, &t1)?;
    let t2 = cuprum::multiply(4.0, &c)?;
    binary_out(Subtract, &t1, &t2, &t1)?;
    drop(t2);
    binary_out(Multiply, alpha, &t1, &t1)?;
    binary_out(Add, &c, &t1, &t1)?;
    c.assign(&t1)
}

// two buffers, ping-pong, no in-place: t2 = t1 + x ...
fn step_pingpong(u: &Array, alpha: f64, t: &[Array; 3]) -> Result<()> {
    let c = u.slice(s![1..-1, 1..-1])?;
    let [a, b, x] = t;
    binary_out(
        Add,
        &u.slice(s![2.., 1..-1])?,
        &u.slice(s![..-2, 1..-1])?,
        a,
    )?;
    binary_out(Add, a, &u.slice(s![1..-1, 2..])?, b)?;
    binary_out(Add, b, &u.slice(s![1..-1, ..-2])?, a)?;
    binary_out(Multiply, 4.0, &c, x)?;
    binary_out(Subtract, a, x, b)?;
    binary_out(Multiply, alpha, b, a)?;
    binary_out(Add, &c, a, b)?;
    c.assign(b)
}

fn step_timed(u: &Array, alpha: f64, acc: &mut [Vec<f64>; 9]) -> Result<()> {
    let mut t = std::time::Instant::now();
    let mut lap_t = |k: usize, acc: &mut [Vec<f64>; 9]| {
        acc[k].push(t.elapsed().as_secs_f64() * 1e3);
        t = std::time::Instant::now();
    };
    let c = u.slice(s![1..-1, 1..-1])?;
    let n = cuprum::add(&u.slice(s![2.., 1..-1])?, &u.slice(s![..-2, 1..-1])?)?;
    lap_t(0, acc);
    let n = cuprum::add(&n, &u.slice(s![1..-1, 2..])?)?;
    lap_t(1, acc);
    let n = cuprum::add(&n, &u.slice(s![1..-1, ..-2])?)?;
    lap_t(2, acc);
    let f = cuprum::multiply(4.0, &c)?;
    lap_t(3, acc);
    let lap = cuprum::subtract(&n, &f)?;
    lap_t(4, acc);
    let g = cuprum::multiply(alpha, &lap)?;
    lap_t(5, acc);
    let r = cuprum::add(&c, &g)?;
    lap_t(6, acc);
    c.assign(&r)?;
    lap_t(7, acc);
    drop((n, f, lap, g, r));
    lap_t(8, acc);
    Ok(())
}

fn main() -> Result<()> {
    if std::env::args().nth(3).as_deref() == Some("ops") {
        let m: usize = std::env::args().nth(1).map_or(2048, |x| x.parse().unwrap());
        let u =
            cuprum::random::Generator::new(0).random_on(&[m, m], DType::Float32, Device::Cpu)?;
        let mut acc: [Vec<f64>; 9] = Default::default();
        for _ in 0..5 {
            step_timed(&u, 0.1, &mut acc)?;
        }
        let mut acc: [Vec<f64>; 9] = Default::default();
        for _ in 0..100 {
            step_timed(&u, 0.1, &mut acc)?;
        }
        let names = [
            "u[2:]+u[:-2]",
            "+u[:,2:]",
            "+u[:,:-2]",
            "4*c",
            "n-4c",
            "alpha*lap",
            "c+..",
            "assign",
            "drop",
        ];
        let mut tot = 0.0;
        for (k, v) in acc.iter_mut().enumerate() {
            v.sort_by(|a, b| a.partial_cmp(b).unwrap());
            tot += v[v.len() / 2];
            println!(
                "{:14} median {:.3} ms  p10 {:.3}  p90 {:.3}",
                names[k],
                v[v.len() / 2],
                v[v.len() / 10],
                v[v.len() * 9 / 10]
            );
        }
        println!("sum of medians {tot:.2} ms");
        return Ok(());
    }
    let m: usize = std::env::args().nth(1).map_or(2048, |x| x.parse().unwrap());
    let dt = if std::env::args().nth(2).as_deref() == Some("f64") {
        DType::Float64
    } else {
        DType::Float32
    };
    let u = cuprum::random::Generator::new(0).random_on(&[m, m], dt, Device::Cpu)?;
    let t = [
        cuprum::zeros(&[m - 2, m - 2], dt)?,
        cuprum::zeros(&[m - 2, m - 2], dt)?,
        cuprum::zeros(&[m - 2, m - 2], dt)?,
    ];
    let reps = 30;
    let mut res: Vec<(&str, Vec<f64>)> =
        vec![("new", vec![]), ("inplace", vec![]), ("pingpong", vec![])];
    for _ in 0..3 {
        step_new(&u, 0.1)?;
        step_inplace(&u, 0.1)?;
        step_pingpong(&u, 0.1, &t)?;
    }
    for round in 0..6 {
        for (k, r) in res.iter_mut().enumerate() {
            let _ = round;
            for _ in 0..reps {
                let s = std::time::Instant::now();
                match k {
                    0 => step_new(&u, 0.1)?,
                    1 => step_inplace(&u, 0.1)?,
                    _ => step_pingpong(&u, 0.1, &t)?,
                }
                r.1.push(s.elapsed().as_secs_f64() * 1e3);
            }
        }
    }
    for (name, mut v) in res {
        v.sort_by(|a, b| a.partial_cmp(b).unwrap());
        println!(
            "{name:9} median {:.2} ms  p10 {:.2}  p90 {:.2}",
            v[v.len() / 2],
            v[v.len() / 10],
            v[v.len() * 9 / 10]
        );
    }
    Ok(())
}
