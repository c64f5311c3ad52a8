//! CUDA graph rows of the `fuse` suite (issue 19): the 5-point diffusion stencil written with
//! slices, one step captured into a graph and replayed (`cuda::graph::capture`), and the same
//! step queued op by op for reference. GPU only (graphs are a CUDA feature).

use crate::cases::{Case, Sizes, Work};
use cuprum::cuda::{self, Stream};
use cuprum::{Array, DType, Device, Result, s};

/// `u[1:-1, 1:-1] = c + alpha * (u[2:, 1:-1] + u[:-2, 1:-1] + u[1:-1, 2:] + u[1:-1, :-2] - 4c)`
/// with `c = u[1:-1, 1:-1]` (the right-hand side is evaluated before the assignment).
// (`s![1..-1]` is NumPy's `1:-1`: negative ends count from the back)
#[allow(clippy::reversed_empty_ranges)]
pub fn stencil_step(u: &Array, alpha: f32) -> Result<()> {
    let c = u.slice(s![1..-1, 1..-1])?;
    let n4 = cuprum::add(
        &cuprum::add(&u.slice(s![2.., 1..-1])?, &u.slice(s![..-2, 1..-1])?)?,
        &cuprum::add(&u.slice(s![1..-1, 2..])?, &u.slice(s![1..-1, ..-2])?)?,
    )?;
    let lap = cuprum::subtract(&n4, &cuprum::multiply(&c, 4.0f32)?)?;
    c.assign(&cuprum::add(&c, &cuprum::multiply(&lap, alpha)?)?)
}

fn grid(n: usize, d: Device) -> Result<Array> {
    let mut g = cuprum::random::Generator::new(0);
    g.random_on(&[n, n], DType::Float32, d)
}

fn ordinal(d: Device) -> usize {
    match d {
        Device::Cuda(i) => i,
        _ => 0,
    }
}

pub fn graph(_s: Sizes) -> Vec<Case> {
    let n = 512usize;
    // one step reads the grid's interior five times and writes it once
    let bytes = 6.0 * 4.0 * ((n - 2) * (n - 2)) as f64;
    vec![
        // replayed on the thread's current stream, which the timing events bracket
        Case::new(
            "fuse",
            format!("stencil {n}x{n} step (graph replay)"),
            format!("{n}x{n} float32"),
            Work::Bytes(bytes),
            move |d| {
                let o = ordinal(d);
                let u = grid(n, d)?;
                let s = Stream::new(o)?;
                stencil_step(&u, 0.1)?; // compile the kernels outside the capture
                let g = cuda::graph::capture(&s, |_| stencil_step(&u, 0.1))?;
                let cur = cuda::get_current_stream(o)?;
                g.upload(&cur)?;
                Ok(Box::new(move || Ok(g.launch(&cur)?)))
            },
        )
        .repeat(200)
        .cpu_ok(false),
        Case::new(
            "fuse",
            format!("stencil {n}x{n} step (ops, no graph)"),
            format!("{n}x{n} float32"),
            Work::Bytes(bytes),
            move |d| {
                let u = grid(n, d)?;
                Ok(Box::new(move || stencil_step(&u, 0.1)))
            },
        )
        .repeat(200),
    ]
}
