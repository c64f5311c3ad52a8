//! The `cavity` suite (issue 21, item 5): the lid-driven cavity of `examples/cavity` marched to
//! its steady state, timed whole (every step: the fused stages, the sine-transform Poisson
//! solve's four matmuls, the residual reads), side by side with the same algorithm in CuPy
//! (`examples/cavity/cavity_cupy.py`, its default `--poisson dst`, run by compare.py) and NumPy
//! for the small row.
//!
//! A repeat is a full run from rest to `max |∂ω/∂t| < 1e-4`. The bench's warm-up calls run 20
//! steps only (they compile the kernels and fill the memory pool; a full warm-up run would
//! triple the time of the suite).

#[allow(dead_code)]
#[path = "../../cuprum/examples/cavity/solver.rs"]
mod solver;

use crate::cases::{Body, Case, Work};
use cuprum::{Device, Result};
use solver::{Cavity, Params, Ranks};

/// One row: `re` on `n × n` to steady state.
fn row(re: f64, n: usize, cpu_ok: bool) -> Case {
    // the warm-up calls of `time_case`: 1 on the CPU, 3 on a GPU
    Case::new(
        "cavity",
        format!("cavity Re {re} to steady state"),
        format!("{n}x{n} float64, tol 1e-4"),
        Work::None,
        move |d: Device| -> Result<Body> {
            let warm = if d == Device::Cpu { 1 } else { 3 };
            let mut calls = 0usize;
            Ok(Box::new(move || {
                calls += 1;
                let mut p = Params::new(re, n);
                if calls <= warm {
                    p.max_steps = 20;
                }
                let mut c = Cavity::new(p, Ranks::single(), d)?;
                let o = c.run(|_, _| {})?;
                if calls > warm && !o.converged {
                    return Err(cuprum::Error::invalid_value(
                        "cavity bench",
                        format!("Re {re} on {n}² did not converge: {o:?}"),
                    ));
                }
                Ok(())
            }))
        },
    )
    .repeat(3)
    .cpu_ok(cpu_ok)
}

/// The suite's rows: Re 100 on 65² (CPU and GPU) and Re 1000 on 257² (GPU only: hours on two
/// cores) in both sizes.
pub fn cavity() -> Vec<Case> {
    vec![row(100.0, 65, true), row(1000.0, 257, false)]
}
