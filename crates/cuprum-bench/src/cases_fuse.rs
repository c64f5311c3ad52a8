//! The `fuse` suite (issue 19's targets): `cuprum::fuse` on a large float32 array
//! (`exp(a) * b + a`, its sum as one fused reduction, `2 * x + y`, and `2 * x + y` unfused beside it) and one step of the 5-point heat stencil on a 512 × 512
//! float32 grid, written with plain operations and fused (the `heat2d` example's step).

// `s![1..-1]` is NumPy's `1:-1` (a negative end counts from the back), not an empty range
#![allow(clippy::reversed_empty_ranges)]

use crate::cases::{Case, Sizes, Work};
use cuprum::fuse::prelude::{Fused, Var, args, fuse};
use cuprum::{Array, DType, Device, Result, s};

fn rand(shape: &[usize], d: Device) -> Result<Array> {
    let mut g = cuprum::random::Generator::new(0);
    g.random_on(shape, DType::Float32, d)
}

/// The stencil grid's side (rows `stencil 512x512 step`).
const GRID: usize = 512;
/// The step factor of the stencil rows.
const ALPHA: f64 = 0.2;

fn views(u: &Array) -> Result<[Array; 5]> {
    Ok([
        u.slice(s![1..-1, 1..-1])?,
        u.slice(s![2.., 1..-1])?,
        u.slice(s![..-2, 1..-1])?,
        u.slice(s![1..-1, 2..])?,
        u.slice(s![1..-1, ..-2])?,
    ])
}

fn heat_step() -> Fused {
    fuse(|c: Var, up: Var, down: Var, right: Var, left: Var| {
        c + ALPHA * (up + down + right + left - 4.0 * c)
    })
}

pub fn fuse_suite(s: Sizes) -> Vec<Case> {
    let n = s.elems;
    let interior = ((GRID - 2) * (GRID - 2)) as f64;
    vec![
        Case::new(
            "fuse",
            "fuse exp(a)*b+a",
            format!("{n} float32"),
            Work::Bytes(12.0 * n as f64),
            move |d| {
                let (a, b) = (rand(&[n], d)?, rand(&[n], d)?);
                let f = fuse(|a: Var, b: Var| cuprum::fuse::prelude::exp(a) * b + a);
                Ok(Box::new(move || {
                    f.call(args![&a, &b])?;
                    Ok(())
                }))
            },
        ),
        // the two inputs read once: no temporary of the map is written
        Case::new(
            "fuse",
            "fuse sum(exp(a)*b+a)",
            format!("{n} float32"),
            Work::Bytes(8.0 * n as f64),
            move |d| {
                let (a, b) = (rand(&[n], d)?, rand(&[n], d)?);
                let f = fuse(|a: Var, b: Var| {
                    use cuprum::fuse::prelude::{Axes, exp, sum};
                    sum(exp(a) * b + a, Axes::All, false)
                });
                Ok(Box::new(move || {
                    f.call(args![&a, &b])?;
                    Ok(())
                }))
            },
        ),
        Case::new(
            "fuse",
            "fuse 2*x+y",
            format!("{n} float32"),
            Work::Bytes(12.0 * n as f64),
            move |d| {
                let (x, y) = (rand(&[n], d)?, rand(&[n], d)?);
                let f = fuse(|x: Var, y: Var| 2.0 * x + y);
                Ok(Box::new(move || {
                    f.call(args![&x, &y])?;
                    Ok(())
                }))
            },
        ),
        // two passes: 2 * x (8 bytes an element), then t + y (12)
        Case::new(
            "fuse",
            "unfused 2*x+y",
            format!("{n} float32"),
            Work::Bytes(20.0 * n as f64),
            move |d| {
                let (x, y) = (rand(&[n], d)?, rand(&[n], d)?);
                Ok(Box::new(move || {
                    cuprum::add(&cuprum::multiply(2.0, &x)?, &y).map(drop)
                }))
            },
        ),
        // five reads and one write of the interior, were it one pass
        Case::new(
            "fuse",
            "stencil 512x512 step plain",
            format!("{GRID}x{GRID} float32"),
            Work::Bytes(24.0 * interior),
            move |d| {
                let (mut u, mut v) = (rand(&[GRID, GRID], d)?, rand(&[GRID, GRID], d)?);
                Ok(Box::new(move || {
                    let [c, up, down, right, left] = views(&u)?;
                    let sum = cuprum::add(&cuprum::add(&cuprum::add(&up, &down)?, &right)?, &left)?;
                    let lap = cuprum::subtract(&sum, &cuprum::multiply(4.0, &c)?)?;
                    let new = cuprum::add(&c, &cuprum::multiply(ALPHA, &lap)?)?;
                    v.slice(s![1..-1, 1..-1])?.assign(&new)?;
                    std::mem::swap(&mut u, &mut v);
                    Ok(())
                }))
            },
        )
        .repeat(200),
        Case::new(
            "fuse",
            "stencil 512x512 step fuse",
            format!("{GRID}x{GRID} float32"),
            Work::Bytes(24.0 * interior),
            move |d| {
                let (mut u, mut v) = (rand(&[GRID, GRID], d)?, rand(&[GRID, GRID], d)?);
                let f = heat_step();
                Ok(Box::new(move || {
                    let [c, up, down, right, left] = views(&u)?;
                    f.call_into(
                        args![&c, &up, &down, &right, &left],
                        &v.slice(s![1..-1, 1..-1])?,
                    )?;
                    std::mem::swap(&mut u, &mut v);
                    Ok(())
                }))
            },
        )
        .repeat(200),
    ]
}
