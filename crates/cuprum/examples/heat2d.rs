//! The tutorial's CFD skeleton (section 五: "每个 GPU 计算本地子网格 ... 本地迭代更新、边界处理")
//! as a real solver: the 2-D heat equation `∂u/∂t = κ ∇²u` on the unit square, explicit Euler
//! in time, the 5-point Laplacian in space, a fixed (Dirichlet) boundary:
//!
//! ```python
//! for n in range(steps):
//!     c = u[1:-1, 1:-1]
//!     u_new[1:-1, 1:-1] = c + alpha * (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4 * c)
//!     u, u_new = u_new, u
//! ```
//!
//! written in several ways that must agree, each timed per step:
//! - **plain**: one cuprum operation per term (a launch and a temporary each);
//! - **fuse**: the same expression in a [`cuprum::fuse`] body, one kernel writing the interior
//!   view of the other buffer.
//!
//! Each way is a function `fn(&Problem) -> cp::Result<Option<Run>>` listed in `WAYS`: plain
//! operations, `cuprum::fuse`, and (CUDA only) a CUDA graph that replays two fused steps per
//! launch.
//!
//! Run with `cargo run --release --example heat2d -p cuprum -- --n 512 --steps 1000
//! --device cuda:0` (defaults: `--n 128 --steps 200`, the current device).

// `s![1..-1]` is NumPy's `1:-1` (a negative end counts from the back), not an empty range
#![allow(clippy::reversed_empty_ranges)]

use cuprum as cp;
use cuprum::fuse::prelude::{Fused, Var, args, fuse};
use cuprum::{Array, Device, s};
use std::time::{Duration, Instant};

/// One problem: grid size, step count, device, and the stable step factor `alpha = κ dt / h²`.
struct Problem {
    n: usize,
    steps: usize,
    device: Device,
    alpha: f64,
}

/// A finished run: the final field and the time per step.
struct Run {
    u: Array,
    per_step: Duration,
}

/// The initial field: 0 everywhere, 1 on a centred square; the boundary stays 0.
fn initial(p: &Problem) -> cp::Result<Array> {
    let n = p.n;
    let mut v = vec![0.0f32; n * n];
    for i in n / 4..3 * n / 4 {
        for j in n / 4..3 * n / 4 {
            v[i * n + j] = 1.0;
        }
    }
    Array::from_vec_on(v, &[n, n], p.device)
}

/// The five views of the stencil over `u`: centre, up, down, right, left.
fn views(u: &Array) -> cp::Result<[Array; 5]> {
    Ok([
        u.slice(s![1..-1, 1..-1])?,
        u.slice(s![2.., 1..-1])?,
        u.slice(s![..-2, 1..-1])?,
        u.slice(s![1..-1, 2..])?,
        u.slice(s![1..-1, ..-2])?,
    ])
}

/// Runs `step(u, u_new)` `p.steps` times, swapping the buffers, and times it (after one warm-up
/// step on copies, so compilation is not timed).
fn time_steps(
    p: &Problem,
    mut step: impl FnMut(&Array, &Array) -> cp::Result<()>,
) -> cp::Result<Run> {
    let (wu, wv) = (initial(p)?, initial(p)?);
    step(&wu, &wv)?;
    p.device.synchronize()?;
    let mut u = initial(p)?;
    let mut v = initial(p)?;
    let t = Instant::now();
    for _ in 0..p.steps {
        step(&u, &v)?;
        std::mem::swap(&mut u, &mut v);
    }
    p.device.synchronize()?;
    let per_step = t.elapsed() / p.steps.max(1) as u32;
    Ok(Run { u, per_step })
}

/// Plain cuprum operations: each term is a kernel and a temporary, then an assignment.
fn plain(p: &Problem) -> cp::Result<Option<Run>> {
    let alpha = p.alpha;
    time_steps(p, |u, v| {
        let [c, up, down, right, left] = views(u)?;
        let sum = cp::add(&cp::add(&cp::add(&up, &down)?, &right)?, &left)?;
        let lap = cp::subtract(&sum, &cp::multiply(4.0, &c)?)?;
        let new = cp::add(&c, &cp::multiply(alpha, &lap)?)?;
        v.slice(s![1..-1, 1..-1])?.assign(&new)
    })
    .map(Some)
}

/// The fused step: one body, one kernel per call writing the interior of `v`.
fn fused_step(alpha: f64) -> Fused {
    fuse(move |c: Var, up: Var, down: Var, right: Var, left: Var| {
        c + alpha * (up + down + right + left - 4.0 * c)
    })
    .with_name("heat_step")
}

/// One fused step from `u` into the interior of `v`.
fn fused_into(f: &Fused, u: &Array, v: &Array) -> cp::Result<()> {
    let [c, up, down, right, left] = views(u)?;
    f.call_into(
        args![&c, &up, &down, &right, &left],
        &v.slice(s![1..-1, 1..-1])?,
    )?;
    Ok(())
}

/// `cuprum::fuse`: the same expression as [`plain`], one kernel per step.
fn fused(p: &Problem) -> cp::Result<Option<Run>> {
    let f = fused_step(p.alpha);
    time_steps(p, |u, v| fused_into(&f, u, v)).map(Some)
}

/// A CUDA graph (`cupy.cuda.Stream.begin_capture`): two fused steps (`u` → `v`, `v` → `u`)
/// captured once on a stream of their own and replayed, one launch per two steps. The graph
/// keeps `u` and `v`; each launch reads and writes them in place. CUDA only: on the CPU this
/// way is skipped.
fn graph(p: &Problem) -> cp::Result<Option<Run>> {
    let Device::Cuda(o) = p.device else {
        return Ok(None);
    };
    let f = fused_step(p.alpha);
    let stream = cp::cuda::Stream::new(o)?;
    let _current = stream.use_stream()?;
    let (u, v) = (initial(p)?, initial(p)?);
    // compile the kernel before the capture (a warm-up that only writes `v`)
    fused_into(&f, &u, &v)?;
    stream.synchronize()?;
    let g = cp::cuda::graph::capture(&stream, |_| {
        fused_into(&f, &u, &v)?;
        fused_into(&f, &v, &u)
    })?;
    g.upload(&stream)?;
    let t = Instant::now();
    for _ in 0..p.steps / 2 {
        g.launch(&stream)?;
    }
    let odd = p.steps % 2 == 1;
    if odd {
        fused_into(&f, &u, &v)?;
    }
    stream.synchronize()?;
    let per_step = t.elapsed() / p.steps.max(1) as u32;
    Ok(Some(Run {
        u: if odd { v } else { u },
        per_step,
    }))
}

/// One way to run the solver.
type Way = fn(&Problem) -> cp::Result<Option<Run>>;

/// The ways to run the solver; each must give the same field.
const WAYS: &[(&str, Way)] = &[("plain", plain), ("fuse", fused), ("graph", graph)];

fn arg<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, String> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .ok_or(format!("{name} needs a value"))?
            .parse()
            .map_err(|_| format!("{name}: cannot parse {:?}", args[i + 1])),
    }
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let n: usize = arg(&args, "--n", 128)?;
    let steps: usize = arg(&args, "--steps", 200)?;
    let device: Device = arg(&args, "--device", cp::current_device())?;
    if n < 3 {
        return Err(format!("--n must be at least 3 (got {n})").into());
    }
    // κ = 1 on the unit square: h = 1/(n-1); the explicit scheme is stable for dt <= h²/4
    let p = Problem {
        n,
        steps,
        device,
        alpha: 0.2,
    };
    println!(
        "2-D heat equation, {n} x {n} float32, {steps} steps, alpha {} on {device}",
        p.alpha
    );
    let mut first: Option<(String, Array)> = None;
    for (name, way) in WAYS {
        let Some(r) = way(&p)? else {
            println!("{name:>6}: skipped (needs a CUDA device)");
            continue;
        };
        let total =
            r.u.sum(cp::Axes::All, false)?
                .astype(cp::DType::Float64)?
                .item()?;
        println!(
            "{name:>6}: {:>9.2} µs/step   (heat left {:.4})",
            r.per_step.as_secs_f64() * 1e6,
            total.as_f64()
        );
        match &first {
            None => first = Some((name.to_string(), r.u)),
            Some((fname, u0)) => {
                let diff = cp::abs(&cp::subtract(&r.u, u0)?)?
                    .max(cp::Axes::All, false)?
                    .astype(cp::DType::Float64)?
                    .item()?
                    .as_f64();
                println!("        max |{name} - {fname}| = {diff:.3e}");
                if diff > 1e-5 {
                    return Err(format!("{name} and {fname} disagree by {diff}").into());
                }
            }
        }
    }
    println!("all ways agree");
    Ok(())
}
